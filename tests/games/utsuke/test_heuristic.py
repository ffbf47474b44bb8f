"""UTSUKE's heuristic player (``heuristic.py``): it plays legal moves under random valid rules,
takes every decision with more than one choice (bids spread over several values, seats bid
differently in the same round, plays both win and duck), beats random players, and decides only
from what its seat sees (spec prefix UT)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.games.utsuke import GAME, Rules
from rulebook.games.utsuke.actions import Bid, Play
from rulebook.games.utsuke.rules import _SUIT, strengths
from rulebook.variants.testing import rules_strategy


def test_heuristic_player_plays_legally_and_end_stats() -> None:
    """UT-BID-1, UT-PLAY-2: the heuristic chooses legal actions; end_stats describes the end."""
    for n in (2, 3, 4, 5):
        rng = random.Random(n)
        state = GAME.new_game(Rules(players=n), seed=n)
        while not state.is_terminal:
            action = GAME.heuristic_action(state, rng)
            assert action in state.legal_actions()
            state = state.apply(action)
        stats = GAME.end_stats(state)
        assert stats["rounds"] == len(state.rounds) >= 1
        assert stats["ended_by_honour"] + stats["ended_by_loss"] >= 1


@settings(max_examples=30, deadline=None)
@given(data=st.data(), players=st.sampled_from([2, 3, 4, 5]), seed=st.integers(0, 2**32 - 1))
def test_heuristic_is_legal_under_random_rules(data: st.DataObject, players: int, seed: int) -> None:
    """Every option and alternative of ``Rules``: the heuristic's choice is always legal."""
    rules = data.draw(rules_strategy(GAME, players=players))
    rng = random.Random(seed)
    state = GAME.new_game(rules, seed=seed)
    while not state.is_terminal:
        action = GAME.heuristic_action(state, rng)
        assert action in state.legal_actions()
        state = state.apply(action)


def _decisions(players: int, games: int) -> tuple[Counter[int], int, int, Counter[str]]:
    """All-heuristic tables: the bids by value, the rounds, the rounds whose bids differ, the plays."""
    bids: Counter[int] = Counter()
    plays: Counter[str] = Counter()
    rounds = differ = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = GAME.new_game(Rules(players=players), seed=seed)
        made: dict[int, int] = {}
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            action = GAME.heuristic_action(state, rng)
            if type(action) is Bid:
                bids[action.tricks] += 1
                made[seat] = action.tricks
                if len(made) == players:
                    rounds += 1
                    differ += len(set(made.values())) > 1
                    made = {}
            else:
                assert type(action) is Play
                trick = state.trick
                if not trick:
                    plays["lead"] += 1
                else:
                    strength = strengths(state.rules)[state.trump][_SUIT[trick[0]]]
                    beats = strength[action.card] > max(strength[c] for c in trick)
                    plays["beat" if beats else "under"] += 1
            state = state.apply(action)
    return bids, rounds, differ, plays


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_decision_is_taken_with_more_than_one_choice(players: int) -> None:
    """UT-BID-1: the bid reads the seat's own hand too, so bids spread and seats differ; plays
    both overtake the table and stay under it. Thresholds: 100 games per player count, at least
    four bid values each with 3% of the bids, the seats' bids differ in 25% of the rounds, and
    each play kind at least 10% of the follows."""
    bids, rounds, differ, plays = _decisions(players, 100)
    total = sum(bids.values())
    common = [v for v, k in bids.items() if k >= 0.03 * total]
    assert len(common) >= 4, bids
    assert differ >= 0.25 * rounds, (differ, rounds)
    follows = plays["beat"] + plays["under"]
    assert plays["beat"] >= 0.1 * follows and plays["under"] >= 0.1 * follows, plays
    assert plays["lead"] > 0


def _wins(players: int, heuristic_seats: frozenset[int], games: int) -> list[int]:
    rules = Rules(players=players)
    wins = [0] * players
    rng = random.Random(players)
    for seed in range(games):
        state = GAME.new_game(rules, seed=seed)
        while not state.is_terminal:
            if state.current_player in heuristic_seats:
                state = state.apply(GAME.heuristic_action(state, rng))
            else:
                state = state.apply(rng.choice(state.legal_actions()))
        for s in state.winners:
            wins[s] += 1
    return wins


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_one_heuristic_seat_beats_random_players(players: int) -> None:
    """UT-BID-1, UT-SCORE-4: one heuristic seat (seat 0, 200 seeded games) wins more than
    1.5/n of the games (shared wins count), and more than twice as often as any random seat."""
    games = 200
    wins = _wins(players, frozenset({0}), games)
    assert wins[0] > 1.5 / players * games, wins
    assert wins[0] > 2 * max(wins[1:]), wins


def test_heuristic_table_beats_random_table() -> None:
    """Two heuristic seats against two random seats (4 players, 200 seeded games): each heuristic
    seat wins more than 1.5/4 of the games and the heuristic seats win more than twice as often."""
    games = 200
    wins = _wins(4, frozenset({0, 2}), games)
    assert min(wins[0], wins[2]) > 1.5 / 4 * games, wins
    assert wins[0] + wins[2] > 2 * (wins[1] + wins[3]), wins


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_choice_depends_only_on_what_the_seat_sees(players: int) -> None:
    """UT-INFO-1: at many positions, redrawing what the seat cannot see (other hands, bids) with
    ``state.resample`` leaves the heuristic's choice unchanged."""
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.new_game(Rules(players=players), seed=seed)
        step = 0
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            action = GAME.heuristic_action(state, random.Random(1))
            step += 1
            if step % 3 == 0 or state.bidding:  # every bid and every third play
                for k in range(2):
                    other = state.resample(seat, random.Random(seed * 100 + k))
                    assert GAME.heuristic_action(other, random.Random(1)) == action
                checked += 1
            state = state.apply(GAME.heuristic_action(state, rng))
    assert checked > 40
