"""UTSUKE's heuristic player (``heuristic.py``): it plays legal moves, beats random players, and
chooses what the reference (the implementation before its rewrite for speed, kept verbatim
below) chose, drawing the same random numbers, at every position of random games, under random
valid rules (spec prefix UT)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.games.utsuke import GAME, Rules
from rulebook.games.utsuke import actions as ut_actions
from rulebook.games.utsuke import rules as ut_rules
from rulebook.testing import compare_heuristic, rules_strategy


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


def test_heuristic_beats_random_players() -> None:
    """UT-BID-1, UT-SCORE-4: bidding on the lord's strength and ducking above the lord pays off."""
    rules = Rules(players=4)
    wins = [0] * 4
    rng = random.Random(0)
    for seed in range(80):
        state = GAME.new_game(rules, seed=seed)
        while not state.is_terminal:
            if state.current_player == 0:
                state = state.apply(GAME.heuristic_action(state, rng))
            else:
                state = state.apply(rng.choice(state.legal_actions()))
        for s in state.winners:
            wins[s] += 1
        stats = GAME.end_stats(state)
        assert stats["ended_by_honour"] == int(bool({s for s in range(4) if state.honour[s] >= 3} - state.losers))
    assert wins[0] > 2 * max(wins[1:])


# -- the reference: the heuristic before its rewrite for speed, verbatim ------------------------


def utsuke_reference(state: Any, rng: random.Random) -> Any:
    """Bid the lord's high cards and trumps; play to keep the lord on one's bid."""
    legal = state.legal_actions()
    seat = state.current_player
    assert seat is not None
    players = state.rules.players
    if state.bidding:
        row = state.lord_row
        guess = sum(1 for c in row if ut_rules._SUIT[c] == state.trump or ut_rules.DECK.rank_of[c] >= 10)
        return ut_actions._BID[min(state.rules.max_bid, guess * 2 // 3)]
    lord = state.won[players]
    mine = state.won[seat]
    duck = mine >= lord or lord < state.bids[seat]
    cards = sorted((a.card for a in legal if isinstance(a, ut_actions.Play)), key=lambda c: ut_rules.DECK.rank_of[c])
    if not state.trick:
        return ut_actions._PLAY[cards[0] if duck else cards[-1]]
    trump = state.trump
    lead = ut_rules._SUIT[state.trick[0]]
    strength = ut_rules.strengths(state.rules)[trump][lead]  # UT-TRICK-3, UT-TRICK-4: the rules' table
    top = max(strength[c] for c in state.trick)
    winning = [c for c in cards if strength[c] > top]
    losing = [c for c in cards if strength[c] <= top]
    if duck:
        return ut_actions._PLAY[losing[-1] if losing else winning[0]]
    return ut_actions._PLAY[winning[0] if winning else cards[0]]


def _check_game(rules: Any, seed: int) -> int:
    """Compare the heuristic with the reference at every position of one game; the positions compared."""
    return compare_heuristic(GAME, rules, seed, utsuke_reference)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_default_rules_match_the_reference(players: int) -> None:
    assert _check_game(Rules(players=players), seed=players) > 10


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@settings(max_examples=25)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_random_rules_match_the_reference(players: int, data: st.DataObject, seed: int) -> None:
    rules = data.draw(rules_strategy(GAME, players=players))
    assert _check_game(rules, seed) > 0
