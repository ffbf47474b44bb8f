"""UTSUKE: the record of play (tricks, rounds, phases), empty winners, cards (spec prefix UT).

Trick winners are checked against ``ref_winner`` of the property tests, written from the spec
without the engine's tables.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulebook.core.history import ScoreChange, TrickRecord, round_totals
from rulebook.games.utsuke import DECK, GAME, Bid, Phase, Rules, UtsukeRound, UtsukeState
from rulebook.testing import rules_strategy
from tests.games.test_utsuke import conduct_game, play
from tests.games.test_utsuke_properties import ref_clockwise, ref_winner

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


def test_round_record_of_the_source_example() -> None:
    """UT-SCORE-1, UT-SCORE-3, UT-RULING-11, UT-END-3: lord takes 5, bids 4, 6, 6: B and C gain 1."""
    rules = Rules(players=3)
    for seed in range(200):
        state = GAME.new_game(rules, seed=seed).apply(Bid(4)).apply(Bid(6)).apply(Bid(6))
        while state.round == 0 and not state.is_terminal:
            state = state.apply(state.legal_actions()[0])
        if state.results[0][1][3] == 5:
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


def _everyone_loses() -> UtsukeState:
    """A real game (2 players, one chip loses) in which both seats take more tricks than the lord."""
    rules = Rules(players=2, chips_to_lose=1, honour_to_win=6)
    for seed in range(400):
        state = GAME.new_game(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        if state.losers == {0, 1}:
            return state
    raise AssertionError("no game in which every seat loses")  # pragma: no cover


def test_when_every_seat_loses_nobody_wins() -> None:
    """UT-END-2, UT-RULING-4: all seats lose in one round: winners is empty (issue 15)."""
    state = _everyone_loses()
    assert state.winners == frozenset() and state.phase is Phase.OVER
    assert GAME.end_stats(state)["everyone_lost"] == 1
    last = state.rounds[-1]
    assert last.rule == "UT-END-2" and last.chips == (1, 1)
    assert last.end == "the round's cards were played; seats 0, 1 reached 1 execution chips and lose"


def test_phase_and_cards() -> None:
    """UT-BID-2, UT-PLAY-1, UT-COMP-1, UT-RULING-13: Phase members and the card texts."""
    assert [int(p) for p in Phase] == [0, 1, 2]
    state = GAME.new_game(Rules(players=3), seed=1)
    assert state.phase is Phase.BIDDING
    assert GAME.deck is DECK
    assert [GAME.card_text(c) for c in (0, 11, 12, 59)] == ["A1", "A12", "B1", "E12"]
    assert GAME.parse_card("c7") == 30 and GAME.parse_card("E12") == 59
    with pytest.raises(ValueError):
        GAME.card_text(60)
    with pytest.raises(ValueError):
        GAME.parse_card("F1")


@given(data=st.data())
def test_records_match_an_independent_ranking(data: st.DataObject) -> None:
    """UT-TRICK-1, UT-TRICK-2, UT-SCORE-2, UT-SCORE-3, UT-SCORE-4, UT-SETUP-1: over random games and
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
        assert t.winner == t.players[ref_winner(list(t.cards), trump)]
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
    assert rounds[-1].rule == ("UT-END-2" if state.losers else "UT-END-1")
    assert tuple(map(sum, zip(*(r.chips for r in rounds)))) == state.chips  # UT-SCORE-4
    assert [r.lord_before for r in rounds] == [(rules.first_lord + r) % n for r in range(len(rounds))]
    assert state.legal_actions() == ()


def test_verify_and_records_accept_a_game_nobody_wins() -> None:
    """UT-RULING-4: verify's end-of-game check and the record round trip accept empty winners."""
    from rulebook import records
    from rulebook.variants import Variant
    from rulebook.verify import _check_end

    state = _everyone_loses()
    _check_end(Variant(GAME, state.rules), state)  # raises a Violation on any fault
    assert records.replay(records.loads(records.dumps(state)), complete=True).winners == frozenset()
