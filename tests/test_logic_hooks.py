"""The logic hooks as the engine calls them: each call checked (rulebook.variants.hooks)."""

from __future__ import annotations

import pickle
from types import MappingProxyType
from typing import Any, ClassVar

import pytest

from rulebook.core.logic import PRINTED_LOGIC, Event, Logic, Trick, apply_changes
from rulebook.variants.hooks import CountersHook, EndsHook, HookError, TrickWinnerHook


class _Game:
    COUNTERS: ClassVar[Any] = MappingProxyType({"score": "points", "chips": "chips"})


class _Rules:
    players = 3


class _State:
    GAME = _Game()
    rules = _Rules()
    history = (1, 2, 3, 4)


def lowest(trick: Trick) -> Any:
    return trick.seats[trick.cards.index(min(trick.cards))]


def two(trick: Trick) -> Any:
    return [trick.seats[0], trick.seats[1]]


def stranger(trick: Trick) -> Any:
    return 2


def truthy(trick: Trick) -> Any:
    return True


def trick_bonus(state: Any, trick: Any) -> list[int]:
    return [1, 0, 0]


def chips(event: Event) -> Any:
    return {"chips": [0, 2, 0]}


def typo(event: Event) -> Any:
    return {"chip": [0, 2, 0]}


def half(event: Event) -> Any:
    return {"score": [0.5, 0, 0]}


def maybe(event: Event) -> Any:
    return "yes"


TRICK = Trick(cards=(7, 3, 9), seats=(1, 0, 3), leader=1, state=_State(), rules=_Rules())


def test_trick_winner_is_one_of_the_seats_that_played() -> None:
    assert TrickWinnerHook(lowest, "v.py")(TRICK) == 0
    with pytest.raises(HookError, match=r"returned 2 winners; a trick has exactly one winner") as err:
        TrickWinnerHook(two, "v.py")(TRICK)
    assert err.value.check == "contract:one-winner"
    assert err.value.position == 4
    with pytest.raises(HookError, match=r"returned seat 3, not one of the seats that played the trick \(2, 1, 4\)"):
        TrickWinnerHook(stranger, "v.py")(TRICK)
    with pytest.raises(HookError, match="not one of the seats"):  # True is not seat 1
        TrickWinnerHook(truthy, "v.py")(Trick((1, 2), (1, 0), 1, _State(), _Rules()))


def test_counters_add_up_and_are_checked() -> None:
    event = Event("trick", 0, _State(), None)
    hook = CountersHook(chips, trick_bonus, None, "v.py")
    assert hook(event) == {"score": (1, 0, 0), "chips": (0, 2, 0)}
    assert CountersHook(None, trick_bonus, None)(Event("round", 0, _State(), None)) is None
    with pytest.raises(HookError, match="named the counter 'chip'; this game's counters are: score, chips"):
        CountersHook(typo)(event)
    with pytest.raises(HookError, match=r"returned 0\.5 \(float\) for seat 1, not a whole number"):
        CountersHook(half)(event)
    with pytest.raises(HookError, match="not True or False"):
        EndsHook(maybe)(event)


def test_logic_compares_by_its_functions_and_pickles() -> None:
    a = Logic(TrickWinnerHook(lowest, "v.py"), CountersHook(chips), None)
    b = Logic(TrickWinnerHook(lowest, "v.py"), CountersHook(chips), None)
    assert a == b and hash(a) == hash(b) and not a.printed
    assert pickle.loads(pickle.dumps(a)) == a
    assert Logic() == PRINTED_LOGIC
    assert apply_changes((1, 2, 3), {"score": (1, 1, -1)}, "score") == (2, 3, 2)
