"""Tests that kill mutants ``bench/mutate.py`` found surviving in the Witches of Blackmore's code (issue 11).

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


def test_boundary_messages_state_the_exact_ranges() -> None:
    """The refusals name the real ranges: cards 0..53, seats 0..n-1, the 54 cards of a deal."""
    state = GAME.new_game(Rules(players=4), seed=1)
    with pytest.raises(ValueError, match=r"a card is an int 0\.\.53, not True"):
        state.apply(Play(True))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^seat: 4 is not a seat of a 4-player game \(0\.\.3\)$"):
        state.observation(4)
    deal = list(range(54))
    deal[0] = 1  # 54 ints, one card twice and card 0 missing
    with pytest.raises(ValueError, match=r"must order the 54 cards 0\.\.53, each once"):
        GAME.new_game(Rules(players=4), deals=[deal])
