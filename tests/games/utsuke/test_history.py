"""UTSUKE's record of play (``history.py``): every trick as a ``TrickRecord`` naming the lord and
the young lord, this round's tricks (``round_tricks``), every round as an ``UtsukeRound``; checked
on scripted games and against an independent ranking over random games (spec prefix UT).

Trick winners are checked against ``ref_winner`` of the property tests, written from the spec
without the engine's tables.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from rulebook.core.history import ScoreChange, TrickRecord, round_totals
from rulebook.games.utsuke import DECK, GAME, Bid, Phase, Rules, UtsukeRound
from rulebook.variants.testing import rules_strategy
from tests.games.utsuke.test_properties import ref_clockwise, ref_winner
from tests.games.utsuke.test_state import conduct_game, play, two_player_game

C = DECK.parse


def test_scripted_tricks_name_the_lord_and_the_seats() -> None:
    """UT-TRICK-1, UT-PLAY-1, UT-LORD-1, UT-LORD-2, UT-LORD-4: the conduct walk-through as records."""
    state = play(conduct_game(), "bid 3", "bid 3", "bid 2", "bid 4")
    assert state.phase is Phase.PLAYING and state.tricks == ()
    state = play(state, "play D12", "play D3", "play D4", "play D6", "play A5", "play A6", "play A7", "play A8")
    assert state.tricks == (
        TrickRecord(0, 0, "lord", (("lord", C("D1")), (0, C("D12")), (1, C("D3")), (2, C("D4")), (3, C("D6"))),
                    0, "UT-TRICK-1"),
        TrickRecord(1, 0, 0, ((0, C("A5")), (1, C("A6")), (2, C("A7")), (3, C("A8")), ("lord", C("A12"))),
                    "lord", "UT-TRICK-1"),
    )
    obs = state.observation(1)
    assert obs.tricks == state.tricks
    assert obs.leader == "lord" and obs.trick == (("lord", C("C9")),)  # UT-LORD-4: the lord leads


def test_two_player_records_name_the_young_lord() -> None:
    """UT-SETUP-2, UT-LORD-5: the young lord's cards are recorded under "young lord"."""
    state = GAME.new_game(Rules(players=2), seed=3)
    state = state.apply(Bid(4)).apply(Bid(5))
    while not state.tricks:
        state = state.apply(state.legal_actions()[0])
    names = [p for p, _ in state.tricks[0].plays]
    assert names == ["lord", 0, "young lord", 1]  # UT-SETUP-2: clockwise from the lord


def test_round_tricks_name_the_young_lord_and_keep_the_compact_row_private() -> None:
    """UT-SETUP-2, UT-LORD-5, UT-TRICK-1 (issue 21): ``round_tricks`` is the current round's part of
    ``tricks``, players by name; ``_round_tricks`` keeps the places for the engine."""
    state = play(two_player_game(), "bid 5", "bid 5", "play B12", "play B11")
    assert state.round_tricks == (
        TrickRecord(0, 0, "lord", (("lord", C("A1")), (0, C("B12")), ("young lord", C("D12")), (1, C("B11"))),
                    "lord", "UT-TRICK-1"),
    )
    assert state._round_tricks == ((2, (C("A1"), C("B12"), C("D12"), C("B11")), 2),)
    assert state.round_tricks == state.tricks


def test_round_tricks_are_this_rounds_part_of_the_tricks() -> None:
    """UT-TRICK-1, UT-TRICK-2, UT-END-3: at every step of whole games, ``round_tricks`` are the
    records of ``tricks`` in the current round (the last round's once the game is over), numbered
    over the game, and agree with the engine's compact rows place by place."""
    for players in (2, 3, 4, 5):
        rules = Rules(players=players)
        names = {players: "lord", players + 1: "young lord"}
        state = GAME.new_game(rules, seed=players)
        rng = random.Random(players)
        rounds_seen = set()
        while True:
            mine = state.round_tricks
            assert mine == tuple(t for t in state.tricks if t.round == state.round)
            assert all(type(t) is TrickRecord for t in mine)
            assert [(names.get(t.leader, t.leader), t.cards, t.winner) for t in mine] == [
                (names.get(leader, leader), cards, names.get(winner, winner))
                for leader, cards, winner in state._round_tricks
            ]
            rounds_seen.add(state.round)
            if state.is_terminal:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        assert len(mine) == rules.tricks_per_round  # the game ended with a full round's tricks
        assert mine[-1] == state.tricks[-1] and mine[0].number == len(state.tricks) - len(mine)
        assert rounds_seen == set(range(len(state.rounds)))


def test_round_record_of_the_source_example() -> None:
    """UT-SCORE-1, UT-SCORE-3, UT-RULING-11, UT-END-3: lord takes 5, bids 4, 6, 6: B and C gain 1."""
    rules = Rules(players=3)
    for seed in range(200):
        state = GAME.new_game(rules, seed=seed).apply(Bid(4)).apply(Bid(6)).apply(Bid(6))
        while state.round == 0 and not state.is_terminal:
            state = state.apply(state.legal_actions()[0])
        if state.rounds[0].lord_tricks == 5:
            break
    else:  # pragma: no cover
        raise AssertionError("no deal with 5 lord tricks")
    (record,) = state.rounds[:1]
    assert isinstance(record, UtsukeRound)
    assert record.points == (0, 1, 1) and record.bids == (4, 6, 6) and record.lord_tricks == 5
    assert record.changes == (
        ScoreChange(1, 1, "bid 6, the lord took 5: closest", "UT-SCORE-3"),
        ScoreChange(2, 1, "bid 6, the lord took 5: closest", "UT-SCORE-3"),
    )
    assert record.lord_before == 0 and sum(record.won) + 5 == 15
    assert record.chips == tuple(int(w > 5) for w in record.won)
    if not state.is_terminal:
        assert (record.end, record.rule) == ("the round's cards were played; the lord moves on", "UT-END-3")


@given(data=st.data())
def test_records_match_an_independent_ranking(data: st.DataObject) -> None:
    """UT-TRICK-1..UT-TRICK-4, UT-SCORE-2, UT-SCORE-3, UT-SCORE-4, UT-SETUP-1: over random games and
    random valid Rules: tricks numbered in order, winners by the reference, seats from the seating,
    every card from a hand, and honour equal to the sum of the round records."""
    rules = data.draw(rules_strategy(GAME), label="rules")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    rng = data.draw(st.randoms(use_true_random=False), label="choices")
    n = rules.players
    names = {n: "lord", n + 1: "young lord"}
    state = GAME.new_game(rules, seed=seed)
    trumps: list[int] = []  # the trump suit during each trick, in order
    held: set[tuple[object, int]] = set()
    while not state.is_terminal:
        for p, h in enumerate(state.hands):
            held |= {(names.get(p, p), c) for c in h}
        held |= {(p, c) for p, c in state.observation(0).trick}
        if state.phase is Phase.PLAYING and len(trumps) == len(state.tricks):
            trumps.append(state.trump)  # a trick is under way: its trump (the chip's suit, UT-TRUMP-2)
        state = state.apply(rng.choice(state.legal_actions()))
        assert state.scores == round_totals(state.rounds, n)
    tricks = state.tricks
    assert [t.number for t in tricks] == list(range(len(tricks))) == list(range(len(trumps)))
    for t, trump in zip(tricks, trumps):
        clockwise = [names.get(p, p) for p in ref_clockwise(n, (rules.first_lord + t.round) % n)]
        i = clockwise.index(t.leader)
        assert list(t.players) == (clockwise[i:] + clockwise[:i])
        assert t.winner == t.players[ref_winner(list(t.cards), trump, rules)]
        assert t.rule == ("UT-TRICK-4" if rules.trick_winner == "lowest" else
                          "UT-TRICK-3" if rules.trumps == "none" else "UT-TRICK-1")
        assert all(play in held for play in t.plays)
    assert [len([t for t in tricks if t.round == r]) for r in range(len(state.rounds))] == [
        rules.tricks_per_round
    ] * len(state.rounds)
    assert state.scores == round_totals(state.rounds, n)
    for r, record in enumerate(state.rounds):
        lord = sum(1 for t in tricks if t.round == r and t.winner == "lord")
        assert record.lord_tricks == lord
        assert record.won == tuple(sum(1 for t in tricks if t.round == r and t.winner == s) for s in range(n))
    # UT-END-1, UT-END-2, UT-END-3: every round but the last moved the lord on
    rounds = state.rounds
    assert [r.rule for r in rounds[:-1]] == ["UT-END-3"] * (len(rounds) - 1)
    # UT-END-6: with end='rounds' the last round ends the game by the count of rounds
    assert rounds[-1].rule == ("UT-END-2" if state.losers else "UT-END-6" if rules.end == "rounds" else "UT-END-1")
    assert tuple(map(sum, zip(*(r.chips for r in rounds)))) == state.chips  # UT-SCORE-4
    assert [r.lord_before for r in rounds] == [(rules.first_lord + r) % n for r in range(len(rounds))]
    assert state.legal_actions() == ()
