"""Tests that kill mutants ``bench/mutate.py`` found surviving in witches_of_blackmore.py (issue 11).

Each test states exact values; see ``bench/MUTATION.md`` for the run and the figures.
"""

from __future__ import annotations

import pytest

from rulebook.games.witches_of_blackmore import GAME, Keep, Play, Replace, Rules


def test_score_floor_is_zero() -> None:
    """WB-SCORE-1: scores are sums of captured card numbers, so the floor is exactly 0."""
    floor = GAME.score_floor(Rules())
    assert floor == 0 and type(floor) is int


@pytest.mark.parametrize("action", [Play(3), Replace(3), Keep()])
def test_actions_are_slotted(action: object) -> None:
    """The hot path keeps slotted frozen actions (no per-instance ``__dict__``)."""
    assert not hasattr(action, "__dict__")
    assert "__slots__" in type(action).__dict__
