"""The gods-and-humans heuristic player: it plays legal moves, and it chooses what the reference
(the implementation before its rewrite for speed, kept verbatim below) chose, drawing the same
random numbers, at every position of random games, under random valid rules.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.games.gods_and_humans import GAME, Rules
from rulebook.games.gods_and_humans import actions as gh_actions
from rulebook.games.gods_and_humans import rules as gh_rules
from rulebook.testing import compare_heuristic, rules_strategy
from tests.games.gods_and_humans.test_state import eight_start, run


def test_tensor_and_heuristic_and_stats() -> None:
    """GH-INFO-1: the tensor has the documented size; the heuristic plays legal games (GH-SCORE-1)."""
    for players in range(5, 9):
        rules = Rules(players=players)
        s = GAME.new_game(rules, seed=players)
        rng = random.Random(players)
        size = GAME.observation_size(rules)
        while not s.is_terminal:
            assert len(s.observation_tensor(s.current_player)) == size  # type: ignore[arg-type]
            action = GAME.heuristic_action(s, rng)
            assert action in s.legal_actions()
            s = s.apply(action)
        stats = GAME.end_stats(s)
        assert stats["deals"] == 4
        assert stats["top_score"] == max(s.scores)
        assert GAME.score_floor(rules) == 0 and min(s.scores) >= 0


def test_the_heuristic_follows_its_documented_choices() -> None:
    """GH-ORACLE-1, GH-INTERVENE-2, GH-TRICK-2: on the scripted 8-player deal the heuristic predicts the
    strong cards of the partner human, intervenes once the humans hold two cards, and plays high while
    short of the prediction."""
    s = eight_start()
    rng = random.Random(0)
    # god 0 partners seat 4 (R12 R11 R10 R9 R8 R7: strong red cards with trump R8+) -> 5 at most
    assert str(GAME.heuristic_action(s, rng)) == "oracle 5"
    s = run(s, "oracle 5", "oracle 1", "oracle 0", "oracle 2")
    # seat 4 leads and is short of its prediction: the highest power, the trump R12
    assert s.current_player == 4 and str(GAME.heuristic_action(s, rng)) == "play R12"
    s = run(s, "play R12")
    # seat 5 (oracle 1, no trick yet) must follow red if it can; it holds no red: the highest power it has
    assert s.current_player == 5 and str(GAME.heuristic_action(s, rng)) == "play B12"


# -- the reference: the heuristic before the rewrite, verbatim (moved from tests/test_heuristics_fast.py) --


def gods_reference(state: Any, rng: random.Random) -> Any:
    """A simple player using only what its seat sees."""
    legal = state.legal_actions()
    phase = state.phase
    trump = state.trump

    def power(card: int) -> int:
        return gh_rules._RANK[card] + (20 if gh_rules._SUIT[card] == trump else 0)

    f, gaps = state.board[0], state.board[1]
    if phase == gh_actions.ORACLE or phase == gh_actions.LONE:
        # the lone human choosing is the seat to act (several with fewer gods, GH-ROLE-4)
        human = f.pair[gaps.giver] if phase == gh_actions.ORACLE else f.humans.index(state.to_act)
        hand = state.hands[f.humans[human]]
        strong = sum(
            1 for c in hand if gh_rules._RANK[c] >= 10 or (gh_rules._SUIT[c] == trump and gh_rules._RANK[c] >= 8)
        )
        return gh_actions._ORACLE[min(5, strong)]
    if phase == gh_actions.ASK:
        size = len(state.hands[state.humans[0]])
        return gh_actions._INTERVENE if size <= 2 or rng.random() < 1 / 3 else gh_actions._PASS
    if phase == gh_actions.GIVE or phase == gh_actions.FORCED:
        partner = f.pair[gaps.giver]
        i = len(gaps.gift)
        need = f.oracle[partner] - state.board[3][partner]
        wants_high = (need > 0) == (i == partner)
        cards = sorted((a for a in legal if isinstance(a, gh_actions.Give)), key=lambda a: power(a.card))
        return cards[-1] if wants_high else cards[0]
    hi = f.humans.index(state.to_act)
    need = f.oracle[hi] - state.board[3][hi]
    plays = sorted((a for a in legal if isinstance(a, gh_actions.Play)), key=lambda a: power(a.card))
    return plays[-1] if need > 0 else plays[0]


def _check_game(rules: Any, seed: int) -> int:
    """Compare the heuristic with the reference at every position of one game; the positions compared."""
    return compare_heuristic(GAME, rules, seed, gods_reference)


@pytest.mark.parametrize("players", range(5, 9))
def test_default_rules_match_the_reference(players: int) -> None:
    assert _check_game(Rules(players=players), seed=players) > 10


@pytest.mark.slow
@pytest.mark.parametrize("players", range(5, 9))
@settings(max_examples=25)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_random_rules_match_the_reference(players: int, data: st.DataObject, seed: int) -> None:
    rules = data.draw(rules_strategy(GAME, players=players))
    assert _check_game(rules, seed) > 0
