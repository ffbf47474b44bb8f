"""The gods-and-humans record of play: ``tricks``, ``rounds``, seats everywhere, phases, cards.

The trick winners are checked against a ranking written here from the spec (GH-TRICK-3,
GH-TRICK-5), not against the engine's own winner code.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulebook.core.history import RoundRecord, ScoreChange, TrickRecord, round_totals
from rulebook.games.gods_and_humans import GAME, Phase
from rulebook.testing import rules_strategy
from tests.games.test_gods_and_humans import C, cards, eight_start, run

SCRIPT = (
    "oracle 5", "oracle 1", "oracle 0", "oracle 2",
    "play R12", "play B7", "play G7", "play Y7",
    "intervene", "give R5", "give B5", "give G5", "give Y5",
    "play R11", "play B8", "play G8", "play Y8",
    "intervene", "give Y1", "give Y2", "give Y3", "give Y4",
    "play R10", "play B9", "play G9", "play Y9",
    "pass", "pass", "play R9", "play B10", "play G10", "play Y10",
    "pass", "pass", "play R8", "play B11", "play G11", "play Y11",
    "pass", "pass", "play R7", "play B12", "play G12", "play Y12",
    "pass", "pass", "play R5", "play B5", "play G5", "play Y5",
    "give R1", "give R2", "give R3", "give R4", "give G1", "give G2", "give G3", "give G4",
    "play Y1", "play Y2", "play Y3", "play Y4",
    "play G4", "play G1", "play G2", "play G3",
    "play R4", "play R1", "play R2", "play R3",
)  # fmt: skip


def ranking_winner(plays: tuple[tuple[int | str, int], ...], red_is_trump: bool) -> int | str:
    """GH-TRICK-5 then GH-TRICK-3, from the spec: the highest red card if red is trump and one
    was played, else the highest card of the led colour. Colour = card // 12, number = card % 12."""
    reds = [(card % 12, who) for who, card in plays if red_is_trump and card // 12 == 0]
    if reds:
        return max(reds)[1]
    led = plays[0][1] // 12
    return max((card % 12, who) for who, card in plays if card // 12 == led)[1]


def test_phase_is_an_int_enum() -> None:
    """GH-ORACLE-1, GH-TRICK-1: ``state.phase`` is a :class:`Phase` member that compares as an int."""
    assert [p.name for p in Phase] == ["ORACLE", "LONE", "ASK", "GIVE", "FORCED", "PLAY", "OVER"]
    assert [int(p) for p in Phase] == list(range(7))
    s = eight_start()
    assert s.phase is Phase.ORACLE and int(s.phase) == 0
    s = run(s, *SCRIPT[:4])
    assert s.phase is Phase.PLAY and s.observation(4).phase is Phase.PLAY
    s = run(s, *SCRIPT[4:])
    assert s.phase is Phase.OVER and s.legal_actions() == ()


def test_card_text_and_parse_card() -> None:
    """GH-COMP-1: cards 0..47 are colour x 12 + number - 1, colours R B G Y."""
    assert [GAME.card_text(c) for c in (0, 11, 12, 18, 35, 36, 47)] == ["R1", "R12", "B1", "B7", "G12", "Y1", "Y12"]
    assert [GAME.parse_card(t) for t in ("R1", "b7", "G12", "y12")] == [0, 18, 35, 47]
    assert all(GAME.parse_card(GAME.card_text(c)) == c for c in range(48))
    for bad in (48, -1, True, 1.0, "R1"):
        with pytest.raises(ValueError):
            GAME.card_text(bad)  # type: ignore[arg-type]
    for text in ("R13", "X1", ""):
        with pytest.raises(ValueError):
            GAME.parse_card(text)


def test_scripted_deal_records() -> None:
    """GH-TRICK-3, GH-TRICK-4, GH-TRICK-5, GH-SCORE-1, GH-END-1: the scripted 8-player deal,
    record by record, all by seat."""
    s = run(eight_start(), *SCRIPT[:8])
    first = TrickRecord(0, 0, 4, ((4, C("R12")), (5, C("B7")), (6, C("G7")), (7, C("Y7"))), 4, "GH-TRICK-5")
    assert s.tricks == (first,)
    assert s.won == (0, 0, 0, 0, 1, 0, 0, 0) and s.leader == 4
    s = run(s, *SCRIPT[8:29])
    assert s.trick == ((4, C("R9")),) and s.trick_cards == (C("R9"),)
    assert s.gifts[0].given == tuple(zip((4, 5, 6, 7), cards("R5 B5 G5 Y5")))
    s = run(s, *SCRIPT[29:])
    t = s.tricks
    assert [r.number for r in t] == list(range(10)) and {r.round for r in t} == {0}
    # the first seven tricks are led with red, the trump: GH-TRICK-5 decides them
    assert [r.rule for r in t[:7]] == ["GH-TRICK-5"] * 7
    # trick 7 (after the forced intervention): Y1 led by seat 4, Y4 (seat 7) wins without trump
    assert t[7] == TrickRecord(7, 0, 4, tuple(zip((4, 5, 6, 7), cards("Y1 Y2 Y3 Y4"))), 7, "GH-TRICK-3")
    # trick 8: seat 7 leads G4 and the others must follow green; trick 9: R4 is the highest trump
    assert t[8] == TrickRecord(8, 0, 7, ((7, C("G4")), (4, C("G1")), (5, C("G2")), (6, C("G3"))), 7, "GH-TRICK-3")
    assert t[9] == TrickRecord(9, 0, 7, ((7, C("R4")), (4, C("R1")), (5, C("R2")), (6, C("R3"))), 7, "GH-TRICK-5")
    assert [r.winner for r in t] == [4] * 7 + [7] * 3
    assert s.past[0].won == (0, 0, 0, 0, 7, 0, 0, 3)
    assert s.scores == (0, 0, 3, 0, 0, 0, 3, 0)
    no = ": no stars"
    assert s.rounds == (
        RoundRecord(
            0,
            (0, 0, 3, 0, 0, 0, 3, 0),
            (
                ScoreChange(4, 0, "predicted 5 tricks and won 7" + no, "GH-SCORE-1"),
                ScoreChange(0, 0, "its partner, seat 4, predicted 5 tricks and won 7" + no, "GH-SCORE-1"),
                ScoreChange(5, 0, "predicted 1 tricks and won 0" + no, "GH-SCORE-1"),
                ScoreChange(1, 0, "its partner, seat 5, predicted 1 tricks and won 0" + no, "GH-SCORE-1"),
                ScoreChange(6, 3, "predicted 0 tricks and won 0", "GH-SCORE-1"),
                ScoreChange(2, 3, "its partner, seat 6, predicted 0 tricks and won 0", "GH-SCORE-1"),
                ScoreChange(7, 0, "predicted 2 tricks and won 3" + no, "GH-SCORE-1"),
                ScoreChange(3, 0, "its partner, seat 7, predicted 2 tricks and won 3" + no, "GH-SCORE-1"),
            ),
            "the humans' hands are empty",
            "GH-END-1",
        ),
    )


@pytest.mark.parametrize("players", range(5, 9))
@given(data=st.data())
def test_records_match_an_independent_reading(players: int, data: st.DataObject) -> None:
    """GH-TRICK-3, GH-TRICK-5, GH-TRICK-4, GH-SCORE-1, GH-RULING-6, GH-END-1 over random games and
    random valid Rules: tricks numbered 0..n-1 in order, each winner the spec's ranking of its plays,
    every card in a trick held before by the seat that played it, and scores == the sum of the rounds."""
    deals = data.draw(st.integers(1, 3), label="deals")
    rules = data.draw(rules_strategy(GAME, players=players, deals=deals), label="rules")
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="choices"))
    state = GAME.new_game(rules, seed=data.draw(st.integers(0, 2**32 - 1), label="seed"))
    held: set[tuple[int, int, int]] = set()  # (deal, seat, card) ever in a hand
    previous: tuple[TrickRecord, ...] = ()
    while True:
        held.update((state.deal, seat, c) for seat, hand in enumerate(state.hands) for c in hand)
        tricks = state.tricks
        assert tricks[: len(previous)] == previous  # a record only grows
        assert state.scores == round_totals(state.rounds, players)
        assert len(state.rounds) == len(state.past) == (state.deal + (state.phase == Phase.OVER))
        previous = tricks
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    tricks = state.tricks
    assert [t.number for t in tricks] == list(range(len(tricks)))
    assert len(tricks) == sum(len(res.tricks) for res in state.past)
    for res in state.past:
        h = len(res.humans)
        red = h == 4 and rules.red_trump
        mine = [t for t in tricks if t.round == res.deal]
        assert mine == list(res.tricks)
        for t in mine:
            assert sorted(t.players) == list(res.humans) and t.players[0] == t.leader
            assert t.winner == ranking_winner(t.plays, red)
            trumped = red and any(card // 12 == 0 for card in t.cards)
            assert t.rule == ("GH-TRICK-5" if trumped else "GH-TRICK-3")
            assert all((res.deal, who, card) in held for who, card in t.plays)
        for a, b in itertools.pairwise(mine):
            assert b.leader == a.winner  # GH-TRICK-4
        assert tuple(sum(t.winner == s for t in mine) for s in range(players)) == res.won
    for r, res in zip(state.rounds, state.past):
        assert r.number == res.deal and r.rule == "GH-END-1"
        per_seat = [0] * players
        for change in r.changes:
            per_seat[change.seat] += change.points
            assert change.rule in ("GH-SCORE-1", "GH-RULING-6")
        assert tuple(per_seat) == r.points
        # every human and every paired god is accounted for; the lone human only by GH-RULING-6
        assert {c.seat for c in r.changes} == set(range(players))
        assert [c.seat for c in r.changes if c.rule == "GH-RULING-6"] == ([res.lone] if res.lone >= 0 else [])
    assert state.scores == round_totals(state.rounds, players)
