"""The rule-aware players read their games' scoring options (issue 34, item 1a).

Each case plays a seeded game under a changed option with the heuristic in every seat and
finds the first position where the heuristic's choice differs from its choice in the same
position under the printed option: the position, the seed and both choices are exact. The
helper draws ``random.Random(step)`` for each comparison, so random choices are alike.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import rulebook


def _first_difference(slug: str, changed: dict[str, Any], seed: int) -> tuple[int, str, str]:
    """The first step of game ``seed`` (heuristic players, ``changed`` options) whose choice
    differs from the printed rules' choice in the same position: (step, changed, printed)."""
    game = rulebook.get_game(slug)
    printed = game.Rules()
    rules = attrs.evolve(printed, **changed)
    rng = random.Random(seed)
    state = game.new_game(rules, seed=seed)
    step = 0
    while state.current_player is not None:
        mine = game.heuristic_action(state, random.Random(step))
        other = game.heuristic_action(attrs.evolve(state, rules=printed), random.Random(step))
        if mine != other:
            return step, str(mine), str(other)
        state = state.apply(game.heuristic_action(state, rng))
        step += 1
    raise AssertionError("no position differs")


@pytest.mark.parametrize(
    ("slug", "changed", "seed", "expected"),
    [
        # SP-SCORE-2: without the floor a cube saves a point even at 0 points
        ("seven-prophecies", {"score_floor": False}, 5, (183, "play B9", "play B7")),
        ("seven-prophecies", {"free_cubes": 0}, 2, (239, "play C12", "play C7")),
        ("seven-prophecies", {"free_cubes": 3}, 5, (183, "play B9", "play B7")),
        # SP-SCORE-1: no success points and no penalty at 0 points: a cube is worth nothing
        ("seven-prophecies", {"success_points": 0}, 0, (30, "play C4", "play C11")),
        ("seven-prophecies", {"success_points": 5}, 5, (183, "play B9", "play B7")),
        ("seven-prophecies", {"cube_penalty": 3}, 2, (239, "play C12", "play C7")),
        # ST-SCORE-2: the 4th place costs nothing, so the road need not spare its animals
        ("saru-tori-inu-i", {"colour_points": (4, 3, 2, 1, 0, 0, 0, 0)}, 22, (251, "road K1", "road R2")),
        # a 3rd place worth points makes the 3rd animal's cards worth winning
        ("saru-tori-inu-i", {"colour_points": (4, 3, 2, 1, 2, 1, -3, -1)}, 0, (0, "play B9", "play B1")),
        ("saru-tori-inu-i", {"colour_points": (9, 0, 2, 1, 0, 0, -3, -1)}, 6, (193, "road R5", "road Y1")),
        # ST-SCORE-1, ST-RULING-11: the colour places the road's standing is counted with
        ("saru-tori-inu-i", {"tie_ranking": "dense"}, 85, (227, "road K8", "road B7")),
    ],
)
def test_the_heuristic_follows_the_scoring_in_force(
    slug: str, changed: dict[str, Any], seed: int, expected: tuple[int, str, str]
) -> None:
    assert _first_difference(slug, changed, seed) == expected


@pytest.mark.parametrize(
    ("slug", "changed"),
    [("seven-prophecies", {"score_floor": False}), ("saru-tori-inu-i", {"colour_points": (4, 3, 2, 1, 0, 0, 0, 0)})],
)
def test_the_declaration_names_the_scoring_options(slug: str, changed: dict[str, Any]) -> None:
    module = __import__(f"rulebook.games.{slug.replace('-', '_')}.heuristic", fromlist=["READS"])
    assert set(changed) <= module.READS
