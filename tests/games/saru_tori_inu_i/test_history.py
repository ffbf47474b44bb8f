"""Saru Tori Inu I: the record of play (issue 15) and the default exclusive columns
(ST-RULING-20), scripted on the explicit deal of ``test_state`` (area Y9 B9 R9;
seat 0 R1-R8 B1-B3; seat 1 B4-B8 Y1-Y6; seat 2 Y7 Y8 K1-K9), with exact values.
"""

from __future__ import annotations

import random

import attrs
import pytest

from rulebook.core.history import RoundRecord, round_totals
from rulebook.games.saru_tori_inu_i import (
    GAME,
    PlacementRecord,
    Resolution,
    Rules,
    race_score_changes,
    score_race,
)
from tests.games.saru_tori_inu_i.test_state import HAND1, B, K, R, Y, card, default3, run, texts

ROUND0 = ("play R8", "play B7", "play K9", "under 1", "take Y9", "under 3", "road B9", "under 2", "take R9")


ROUND1 = (
    "play B4", "play K5", "declare 10", "pair R1", "pair R2",
    "under 2", "take K9", "under 1", "take B7", "under 3", "road R8",
)


def test_default_columns_are_exclusive_and_every_player_finds_a_card() -> None:
    """ST-RULING-20 (the default reading), ST-RES-3, ST-RES-4, ST-RES-5, ST-ROUND-1: one
    player per column, so each resolver takes a card and the area runs out with the round."""
    assert Rules().column_sharing == "exclusive"
    s = run(default3(), *ROUND0[:5])
    assert texts(s) == ["under 2", "under 3"]
    s = run(s, *ROUND0[5:])
    assert s.rnd == 1 and s.removed == ()  # nothing left over: the area ran out exactly
    s = run(s, *ROUND1[:9])
    # the last oracle card, no road yet this round: seat 1 must lay it (ST-RES-4)
    assert s.current_player == 1 and texts(s) == ["under 3"]
    s = run(s, "under 3")
    assert texts(s) == ["road R8"]
    s = run(s, "road R8")
    assert s.rnd == 2 and s.pos == (2, 1, 0, 0) and s.removed == ()


def test_placements_of_two_scripted_rounds() -> None:
    """ST-RES-1, ST-RES-2, ST-RES-3, ST-RES-4, ST-PLAY-4, ST-RULING-5, ST-ROUND-1: the
    placement record, value by value."""
    s = run(default3(), *ROUND0)
    assert s.tricks == ()
    assert s.placements == (
        PlacementRecord(
            0, 0, 0,
            ((card(Y, 9),), (card(B, 9),), (card(R, 9),)),
            ((0, 8, (card(R, 8),)), (1, 7, (card(B, 7),)), (2, 9, (card(K, 9),))),
            (
                Resolution(2, 9, ((card(K, 9), 0),), "take", card(Y, 9), 0, (), "ST-RES-3"),
                Resolution(0, 8, ((card(R, 8), 2),), "road", card(B, 9), 1, (), "ST-RES-3"),
                Resolution(1, 7, ((card(B, 7), 1),), "take", card(R, 9), 2, (), "ST-RES-3"),
            ),
            (),
        ),
    )
    s = run(s, *ROUND1)
    assert len(s.placements) == 2
    assert s.placements[1] == PlacementRecord(
        1, 0, 1,
        ((card(K, 9),), (card(B, 7),), (card(R, 8),)),
        ((1, 4, (card(B, 4),)), (2, 5, (card(K, 5),)), (0, 10, (card(R, 1), card(R, 2)))),
        (
            Resolution(0, 10, ((card(R, 1), 1), (card(R, 2), 1)), "take", card(K, 9), 0, (), "ST-RES-3"),
            Resolution(2, 5, ((card(K, 5), 0),), "take", card(B, 7), 1, (), "ST-RES-3"),
            Resolution(1, 4, ((card(B, 4), 2),), "road", card(R, 8), 2, (), "ST-RES-4"),
        ),
        (),
    )
    assert s.placements[1].taken == ((0, "take", card(K, 9)), (2, "take", card(B, 7)), (1, "road", card(R, 8)))
    # mid-round, only finished rounds are recorded
    assert run(s, "play B5").placements == s.placements


def test_placements_with_shared_columns_discards_keeps_and_leftovers() -> None:
    """ST-RES-3 (a column of two), ST-RES-5 (keep), ST-RULING-13 (nothing to take, leftovers),
    ST-RULING-20 ('shared')."""
    s = run(
        default3(column_sharing="shared"), "play R8", "play B7", "play K9",
        "under 1", "take Y9", "under 1", "road B9", "under 1", "take R9",
    )
    assert s.placements[0].steps[1] == Resolution(0, 8, ((card(R, 8), 0),), "road", card(B, 9), 1, (), "ST-RES-3")
    # round 1: the area is one column of three; the first resolver takes one, two leave the game
    s = run(s, "play B4", "play K5", "play R1", "under 1", "take K9")
    assert s.removed == (card(R, 8), card(B, 7))
    s = run(s, "under 2", "under 3")
    rec = s.placements[1]
    assert rec.steps == (
        Resolution(2, 5, ((card(K, 5), 0),), "take", card(K, 9), 0, (card(R, 8), card(B, 7)), "ST-RES-3"),
        Resolution(1, 4, ((card(B, 4), 1),), "none", None, None, (), "ST-RULING-13"),
        Resolution(0, 1, ((card(R, 1), 2),), "none", None, None, (), "ST-RULING-13"),
    )
    assert rec.leftover == ()
    # a face-down player keeps the last card (ST-RES-5) once road was laid: a deck in which
    # seat 1's cards all have strength 8, so after R8 it must play face down
    deck = [attrs.evolve(c, strength=8) if i in HAND1 else c for i, c in enumerate(Rules().deck)]
    f = run(default3(deck=deck), "play R8")
    assert texts(f)[0] == "down B4"
    f = run(f, "down B4", "play K9", "under 1", "road Y9", "under 2", "take B9", "under 3", "keep R9")
    assert f.placements[0].steps[-1] == Resolution(1, -1, ((card(B, 4), 2),), "keep", card(R, 9), 2, (), "ST-RES-5")
    assert f.placements[0].steps[0] == Resolution(2, 9, ((card(K, 9), 0),), "road", card(Y, 9), 0, (), "ST-RES-3")
    assert f.placements[0].plays[1] == (1, -1, (card(B, 4),))
    # a state changed by hand (``replace``) has a history that does not replay
    odd = run(default3(), "play R8")
    odd = run(odd.replace(hands=(odd.hands[0], (card(B, 8), card(Y, 8)), odd.hands[2])), "down B8")
    with pytest.raises(ValueError, match="does not replay"):
        _ = odd.placements


def test_rounds_record_a_whole_game_and_sum_to_the_scores() -> None:
    """ST-SCORE-1..4, ST-ROUND-3, ST-RACE-1, ST-RACE-2: one RoundRecord per race."""
    rules = Rules(players=4, races="short")
    s = GAME.new_game(rules, seed=11)
    rng = random.Random(5)
    missions = []
    while not s.is_terminal:
        if not missions or missions[-1][0] != s.race:
            missions.append((s.race, s.missions))
        last = s
        s = s.apply(rng.choice(s.legal_actions()))
    assert s.legal_actions() == () and s.race_standing == (0, 0, 0, 0)
    assert len(s.rounds) == 2 and [r.number for r in s.rounds] == [0, 1]
    assert s.rounds[1] == RoundRecord(
        1,
        score_race(rules, s.acquired, s.pos, missions[1][1]),
        race_score_changes(rules, s.acquired, s.pos, missions[1][1]),
        "6 rounds were played",
        "ST-ROUND-3",
    )
    assert s.scores == round_totals(s.rounds, 4) == tuple(a + b for a, b in zip(*s.board[7]))
    assert last.rounds == s.rounds[:1]
    assert len(s.placements) == 12 and [p.number for p in s.placements] == list(range(12))
    assert [(p.race, p.round) for p in s.placements] == [(r, k) for r in range(2) for k in range(6)]
    dealt = set(range(36))
    for p in s.placements:
        for seat, _, cards in p.plays:
            assert set(cards) <= dealt and seat in range(4)


def test_a_race_that_runs_out_of_cards() -> None:
    """ST-RULING-9: nobody has a card at the start of a round: the race is scored at once,
    and its record says so."""
    s = run(default3(races="trial"), *ROUND0[:-1])
    s = s.replace(hands=((), (), ()))
    s = run(s, "take R9")
    assert s.is_terminal and s.rounds_played == 1
    assert s.rounds[0].end == "no seat had a card left after 1 round(s)" and s.rounds[0].rule == "ST-RULING-9"
    assert s.rounds[0].points == s.scores == s.board[7][0]


def test_placements_with_separate_pair_placement() -> None:
    """ST-RULING-5 ('separate'), ST-RULING-20 ('shared'), ST-PLAY-4: the declarer's two cards
    go beneath a column each, and the record shows both places."""
    s = run(
        default3(column_sharing="shared", pair_placement="separate"),
        "play R8", "play B7", "declare 10", "pair K1", "pair K2", "under 1", "under 3", "take Y9",
        "under 2", "road B9", "under 2", "take R9",
    )
    assert s.placements[0].plays[2] == (2, 10, (card(K, 1), card(K, 2)))
    assert s.placements[0].steps[0] == Resolution(
        2, 10, ((card(K, 1), 0), (card(K, 2), 2)), "take", card(Y, 9), 0, (), "ST-RES-3"
    )
    assert s.area == ((card(K, 1),), (card(R, 8), card(B, 7)), (card(K, 2),))


def test_a_separate_pair_placed_on_an_empty_area() -> None:
    """ST-RULING-5, ST-RULING-13, ST-RULING-20: a declarer who resolves last finds the area
    empty, puts each card beneath its own column and takes nothing: one step in the record."""
    s = run(
        default3(column_sharing="shared", pair_placement="separate"), "play R8", "play B7", "play K9",
        "under 1", "take Y9", "under 1", "road B9", "under 1", "take R9",
        "play B4", "play K5", "declare 0", "pair R1", "pair R2",
        "under 1", "take K9", "under 2", "under 1", "under 3",
    )
    assert s.rnd == 2 and len(s.placements) == 2
    assert s.placements[1].steps == (
        Resolution(2, 5, ((card(K, 5), 0),), "take", card(K, 9), 0, (card(R, 8), card(B, 7)), "ST-RES-3"),
        Resolution(1, 4, ((card(B, 4), 1),), "none", None, None, (), "ST-RULING-13"),
        Resolution(0, 0, ((card(R, 1), 0), (card(R, 2), 2)), "none", None, None, (), "ST-RULING-13"),
    )
