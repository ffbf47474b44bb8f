"""Review findings for the gods-and-humans oracle game (spec prefix GH)."""

from __future__ import annotations

import pytest

from rulebook.errors import IllegalAction
from rulebook.games.gods_and_humans import GAME, Oracle, Rules


@pytest.mark.parametrize("players", [5, 7])
@pytest.mark.parametrize("number", [-1, 6, 99])
def test_oracle_numbers_outside_0_to_5_are_illegal(players: int, number: int) -> None:
    """GH-ORACLE-1, GH-ORACLE-3: an oracle card shows 0..5; any other number is rejected,
    for a god's prediction and for the lone human's."""
    state = GAME.new_game(Rules(players=players, deals=1), seed=3)
    with pytest.raises(IllegalAction) as info:
        state.apply(Oracle(number))
    assert info.value.rule == "GH-ORACLE-1"
    while state.phase == 0:  # the gods choose; then the lone human
        state = state.apply(Oracle(2))
    assert state.phase == 1 and state.current_player == state.humans[state.lone]
    with pytest.raises(IllegalAction) as info:
        state.apply(Oracle(number))
    assert info.value.rule == "GH-ORACLE-3"
    assert state.apply(Oracle(5)).oracle[state.lone] == 5
