"""The Witches of Blackmore's heuristic player (``heuristic.py``): it plays legal moves, beats
random players, and chooses what the reference (the implementation before its rewrite for
speed, kept verbatim below, module names qualified, its tables read from ``tables(rules)``)
chose, drawing the same random numbers, at every position of random games, under random valid rules (spec prefix WB)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.core.tricks import best_position
from rulebook.games.witches_of_blackmore import GAME, Rules
from rulebook.games.witches_of_blackmore import actions as wb_actions
from rulebook.games.witches_of_blackmore import rules as wb_rules
from rulebook.testing import compare_heuristic, player_count_cases
from tests.games.witches_of_blackmore.test_state import witches_rules

#: the player counts the shared tests ran this game's reference at (every count under ci and thorough)
COUNTS = [n for slug, n in player_count_cases() if slug == GAME.slug]


def test_heuristic_player_plays_legally_and_beats_random_on_average() -> None:
    """The heuristic seat (cheapest winning card, WB-TRICK-2) outscores random seats."""
    wins = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = GAME.new_game(Rules(players=2), seed=seed)
        while not state.is_terminal:
            if state.current_player == 0:
                action = GAME.heuristic_action(state, rng)
                assert action in state.legal_actions()
            else:
                action = rng.choice(state.legal_actions())
            state = state.apply(action)
        wins += 0 in state.winners
    assert wins > 30


def test_heuristic_keeps_the_trump_and_refuses_a_finished_game() -> None:
    """WB-TRUMP-1: the heuristic always keeps the trump; after the end nobody is to act."""
    rng = random.Random(4)
    state = GAME.new_game(Rules(players=3), seed=4)
    decisions = 0
    while not state.is_terminal:
        action = GAME.heuristic_action(state, rng)
        if state.phase == wb_actions.REPLACING:
            assert action is wb_actions._KEEP
            decisions += 1
        state = state.apply(action)
    assert decisions > 0
    with pytest.raises(ValueError, match="the game is over"):
        GAME.heuristic_action(state, rng)


# -- the reference: the heuristic before its rewrite for speed, verbatim ------------------------


def witches_reference(state: Any, rng: random.Random) -> Any:
    """Win the trick with the cheapest winning card, else throw the lowest number; keep the trump."""
    legal = state.legal_actions()
    if state.phase == wb_actions.REPLACING:
        return wb_actions._KEEP
    trick = state.trick
    trump = state.trump_suit
    by_lead = wb_rules.tables(state.rules).win[state.anchor][6 if trump is None else trump]
    plays = [a for a in legal if isinstance(a, wb_actions.Play)]
    winning = [
        a for a in plays
        if best_position((*trick, a.card), by_lead[wb_rules._SUIT[trick[0] if trick else a.card]]) == len(trick)
    ]
    return min(winning or plays, key=lambda a: (wb_rules.tables(state.rules).points[a.card], rng.random()))


def _check_game(rules: Any, seed: int) -> int:
    """Compare the heuristic with the reference at every position of one game; the positions compared."""
    return compare_heuristic(GAME, rules, seed, witches_reference)


@pytest.mark.parametrize("players", COUNTS)
def test_default_rules_match_the_reference(players: int) -> None:
    assert _check_game(Rules(players=players), seed=players) > 10


@pytest.mark.slow
@pytest.mark.parametrize("players", COUNTS)
@settings(max_examples=25)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_random_rules_match_the_reference(players: int, data: st.DataObject, seed: int) -> None:
    rules = data.draw(witches_rules(players=players))
    assert _check_game(rules, seed) > 0
