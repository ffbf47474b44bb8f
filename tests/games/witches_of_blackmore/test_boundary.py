"""The Witches of Blackmore: the input boundary (issue 11, spec prefix WB).

Bad deals, bad actions and bad seats each get a typed error naming the fault; nothing is
coerced. (The options' pinned defaults are in ``test_rules.py``, the tensor's values in
``test_observation.py``.)
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rulebook.errors import IllegalAction
from rulebook.games.witches_of_blackmore import GAME, Keep, Phase, Play, Replace, Rules, WitchesState

ORDER = tuple(range(54))


# -- deals ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "deal,fault",
    [
        ((True,) + ORDER[1:], "position 0 holds True"),
        ((0.0,) + ORDER[1:], "position 0 holds 0.0"),
        (("0",) + ORDER[1:], "position 0 holds '0'"),
        (ORDER[:-1], "all 54 cards, not 53"),
        (ORDER + (54,), "all 54 cards, not 55"),
        ((0,) * 54, "each once"),
        ((-1,) + ORDER[1:], "each once"),
        ("R1 R2", "tuple or list"),
        ({0: 1}, "tuple or list"),
        (None, "tuple or list"),
    ],
)
def test_bad_deals_name_the_deal_and_the_fault(deal: Any, fault: str) -> None:
    """WB-SETUP-1: a deal is a tuple or list of the 54 card ints, each once; nothing is coerced."""
    with pytest.raises(ValueError, match=f"deal 0: .*{fault}"):
        GAME.check_deal(Rules(), deal, 0)


def test_the_game_has_one_deal() -> None:
    """WB-SETUP-1: one deal per game; a second explicit deal is refused."""
    GAME.check_deal(Rules(), ORDER, 0)
    GAME.check_deal(Rules(), list(ORDER), 0)
    with pytest.raises(ValueError, match=r"deal 1: .*single deal"):
        GAME.check_deal(Rules(), ORDER, 1)
    with pytest.raises(ValueError, match="deal 1"):
        GAME.new_game(deals=[ORDER, ORDER])


# -- actions ----------------------------------------------------------------------------


def _replacing() -> WitchesState:
    state = GAME.new_game(Rules(players=2), deals=[ORDER]).apply(Play(0)).apply(Play(6))
    assert state.phase is Phase.REPLACING and state.current_player == 0
    return state


@pytest.mark.parametrize("card", [True, False, 1.0, "3", None, -1, 54, 10**6, (0,)])
def test_bad_plays_are_illegal_actions(card: Any) -> None:
    """WB-PLAY-1: a card that is not an int the seat holds is refused, never coerced (Play(True)
    is not Play(1), which seat 0 holds) and never an IndexError or TypeError."""
    state = GAME.new_game(Rules(players=2), deals=[ORDER])
    assert Play(1) in state.legal_actions()
    with pytest.raises(IllegalAction, match="WB-PLAY-1") as info:
        state.apply(Play(card))
    assert info.value.rule == "WB-PLAY-1" and repr(card) in str(info.value)


@pytest.mark.parametrize("card", [True, 0.0, "R1", None, -1, 54, 10**6])
def test_bad_replacements_are_illegal_actions(card: Any) -> None:
    """WB-TRUMP-1: only an int card of the trick just won (R1 = 0 or R7 = 6) may become the trump."""
    state = _replacing()
    with pytest.raises(IllegalAction, match="WB-TRUMP-1"):
        state.apply(Replace(card))
    assert state.apply(Replace(0)).trumps == (12, 0)


@pytest.mark.parametrize("action", [None, "play R1", 0, Keep(), Replace(0)])
def test_wrong_kinds_of_action_while_playing(action: Any) -> None:
    """WB-PLAY-1: while playing only a Play is legal."""
    state = GAME.new_game(Rules(players=2), deals=[ORDER])
    with pytest.raises(IllegalAction, match="WB-PLAY-1"):
        state.apply(action)


def test_wrong_kind_of_action_while_replacing_and_after_the_end() -> None:
    """WB-TRUMP-1, WB-END-4: a Play during the decision and anything after the end are illegal."""
    with pytest.raises(IllegalAction, match="WB-TRUMP-1"):
        _replacing().apply(Play(1))
    state = GAME.new_game(Rules(players=2), seed=3)
    rng = random.Random(3)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.legal_actions() == () and state.phase is Phase.OVER
    with pytest.raises(IllegalAction, match="WB-END-4"):
        state.apply(Keep())


# -- seats ------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [-1, 2, 99, None, True, False, 1.0, "0"])
def test_observation_and_resample_refuse_a_seat_that_is_not_one(seat: Any) -> None:
    """WB-INFO-1: only the seats 0..players-1 observe; bools and floats are not seats."""
    state = GAME.new_game(Rules(players=2), seed=1)
    with pytest.raises(ValueError, match=f"seat: {seat!r} is not a seat"):
        state.observation(seat)
    with pytest.raises(ValueError, match="seat"):
        state.observation_tensor(seat)
    with pytest.raises(ValueError, match=f"seat: {seat!r} is not a seat"):
        state.resample(seat, random.Random(0))


# -- action texts ------------------------------------------------------------------------


def test_action_texts_of_the_edge_cards_and_of_non_cards() -> None:
    """WB-PLAY-1, WB-TRUMP-1: card 0 is R1 and 53 is O9; anything else prints as its repr."""
    assert [str(Play(0)), str(Play(53)), str(Play(54)), str(Replace(True))] == [
        "play R1", "play O9", "play 54", "trump True"
    ]


def test_a_refused_action_is_carried_by_its_error() -> None:
    """WB-PLAY-1: the refusal of a keep while a card must be played names the rule and carries the action."""
    state = GAME.new_game(Rules(players=3), seed=1)
    with pytest.raises(IllegalAction) as refused:
        state.apply(Keep())
    assert (refused.value.rule, refused.value.action) == ("WB-PLAY-1", Keep())
    assert str(refused.value) == "keep is not legal: seat 0 must play a card [WB-PLAY-1]"
