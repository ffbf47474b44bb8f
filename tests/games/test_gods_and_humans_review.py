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
    assert state.phase == 1 and state.current_player == state.lone
    with pytest.raises(IllegalAction) as info:
        state.apply(Oracle(number))
    assert info.value.rule == "GH-ORACLE-3"
    assert state.apply(Oracle(5)).oracle[state.lone] == 5  # by seat


@pytest.mark.parametrize("players", [5, 8])
def test_resample_keeps_no_trace_of_the_true_deals(players: int) -> None:
    """GH-INFO-4: a resampled state carries neither the real seed nor an explicit deal
    (the current deal's card order would show every hidden hand), in any deal."""
    import random

    rules = Rules(players=players, deals=2)
    deals = [GAME.random_deal(rules, random.Random(k), k) for k in range(2)]
    rng = random.Random(2)
    for state in (GAME.new_game(rules, seed=123), GAME.new_game(rules, deals=deals)):
        while state.deal == 0 or len(state.deal_tricks) < 2:  # into the last deal
            state = state.apply(rng.choice(state.legal_actions()))
        for seat in range(players):
            other = state.resample(seat, rng)
            assert other.setup.deals == ()
            assert other.setup.seed != state.setup.seed
            assert other.observation(seat) == state.observation(seat)
