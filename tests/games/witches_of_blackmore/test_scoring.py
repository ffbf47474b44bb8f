"""The Witches of Blackmore's scoring (``scoring.py``): scores, winners, the end of the game and
its proven length bound, the score floor and the end-of-game figures (spec prefix WB)."""

from __future__ import annotations

import random

import pytest

from rulebook.errors import InvalidRules
from rulebook.games.witches_of_blackmore import GAME, Play, Replace, Rules


def test_unequal_hands_skip_empty_seats_and_the_game_ends() -> None:
    """WB-END-4, WB-RULING-5, WB-RULING-10, WB-SCORE-2, WB-RULING-6 (ties share) in random end games."""
    for seed in range(40):
        rng = random.Random(seed)
        state = GAME.new_game(Rules(players=3), seed=seed)
        while not state.is_terminal:
            if state.phase == 0 and not state.trick:
                assert all(state.hands[s] for s in state.order)
                assert set(state.order) == {s for s in range(3) if state.hands[s]}
            state = state.apply(rng.choice(state.legal_actions()))
            if state.phase == 1:
                assert any(state.hands)  # no replacement after the last trick
        best = max(state.scores)
        assert state.winners == {s for s in range(3) if state.scores[s] == best}


def test_trump_cards_can_be_played_twice_and_the_bound_still_holds() -> None:
    """WB-END-5: a replaced card drawn back from the trump stack is played again; the
    number of plays exceeds 53 but stays within 53 + players, and the game length
    within max_game_length."""
    seen_more = False
    for seed in range(60):
        rng = random.Random(seed)
        rules = Rules(players=4)
        state = GAME.new_game(rules, seed=seed)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        plays = sum(1 for a in state.history if type(a) is Play)
        assert plays <= 53 + rules.players
        assert len(state.history) <= GAME.max_game_length(rules) == 2 * (53 + 4)
        seen_more |= plays > 53
    assert seen_more


def test_end_stats_count_replacements_exactly() -> None:
    """WB-TRUMP-1, WB-TRUMP-2: end_stats counts the trumps laid and the stack left, exactly."""
    state = GAME.new_game(Rules(players=2), seed=9)
    rng = random.Random(9)
    laid = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        action = legal[0] if type(legal[0]) is Replace and laid < 3 else rng.choice(legal)
        laid += type(action) is Replace
        state = state.apply(action)
    stats = GAME.end_stats(state)
    assert stats == {"replacements": laid, "trump_stack_left": len(state.trumps), "top_score": max(state.scores)}
    assert laid >= 3


def test_scores_and_winners_during_and_after_the_game() -> None:
    """WB-SCORE-1, WB-SCORE-2, WB-TRUMP-1: scores are the numbers on the captured piles at every
    step (a card laid on the trump stack leaves its pile); nobody wins before the end."""
    rng = random.Random(12)
    state = GAME.new_game(Rules(players=3), seed=12)
    while not state.is_terminal:
        assert state.scores == tuple(sum(GAME.deck.rank_of[c] for c in pile) for pile in state.captured)
        assert state.winners == frozenset()
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.winners and all(state.scores[s] == max(state.scores) for s in state.winners)


def test_partners_win_together() -> None:
    """WB-SCORE-4: with teams on, seats s and s + players/2 add their totals and win as a pair
    (ties between pairs share the win); teams need 4 or 6 players."""
    for players in (4, 6):
        half = players // 2
        for seed in range(8):
            rng = random.Random(seed)
            state = GAME.new_game(Rules(players=players, teams=True), seed=seed)
            while not state.is_terminal:
                assert state.winners == frozenset()
                state = state.apply(rng.choice(state.legal_actions()))
            pair = [state.scores[s] + state.scores[(s + half) % players] for s in range(players)]
            assert state.winners == frozenset(s for s in range(players) if pair[s] == max(pair))
            assert all((s + half) % players in state.winners for s in state.winners)
            solo = GAME.new_game(Rules(players=players), seed=seed)
            for action in state.history:
                solo = solo.apply(action)
            assert solo.scores == state.scores  # partners change who wins, never the points
    for players in (2, 3, 5):
        with pytest.raises(InvalidRules, match="teams"):
            Rules(players=players, teams=True)
