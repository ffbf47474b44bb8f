"""Nothing a hook is given can be changed (issue 43 item 4).

A hook receives states, tricks, events and rules; a write to any of them (``event.state.rules.visible._items
= None``) must fail inside the hook, where it is reported as the hook's fault, and never reach the engine.
Every object reachable from a state, an observation and each argument of the logic hooks is walked: none
is a list, a dict, a set or an instance whose attributes may be set.
"""

from __future__ import annotations

import enum
import random
import subprocess
import sys
import types
from pathlib import Path
from types import MappingProxyType
from typing import Any

import attrs
import pytest

import rulebook
from rulebook.core.visibility import Visible
from rulebook.errors import InvalidRules
from rulebook.variants.variant import Variant

ROOT = Path(__file__).resolve().parents[1]
_ATOMS = (int, str, float, bool, type(None), bytes, range, enum.Enum)
_CODE = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)


def _writable(root: Any, where: str) -> dict[str, str]:
    """The mutable objects reachable from ``root`` (code is not followed): what they are -> a path to one."""
    seen: set[int] = set()
    found: dict[str, str] = {}
    stack = [(root, where)]
    while stack:
        obj, path = stack.pop()
        if id(obj) in seen or isinstance(obj, _ATOMS) or isinstance(obj, _CODE) or (callable(obj) and not attrs.has(
                type(obj))):
            continue
        seen.add(id(obj))
        if isinstance(obj, (list, dict, set, bytearray)):
            found.setdefault(type(obj).__name__, path)
        elif isinstance(obj, (tuple, frozenset)):
            stack += [(x, f"{path}[{i}]") for i, x in enumerate(obj)]
        elif isinstance(obj, MappingProxyType):  # a read-only view (Visible's table)
            stack += [(x, f"{path}[{k!r}]") for k, x in obj.items()]
        elif attrs.has(type(obj)):
            fields = attrs.fields(type(obj))
            if fields:
                try:
                    object.__getattribute__(obj, "__setattr__")(fields[0].name, getattr(obj, fields[0].name))
                except AttributeError:  # attrs.exceptions.FrozenInstanceError
                    pass
                else:
                    found.setdefault(f"a writable {type(obj).__name__}", path)
            stack += [(getattr(obj, f.name), f"{path}.{f.name}") for f in fields]
        elif hasattr(obj, "__dict__") or not getattr(type(obj), "__slots__", ()):
            found.setdefault(f"a plain {type(obj).__module__}.{type(obj).__name__}", path)
        else:  # slotted, not attrs (Visible): read-only only if setting a slot fails
            slots = [n for c in type(obj).__mro__ for n in getattr(c, "__slots__", ())]
            try:
                setattr(obj, slots[0], getattr(obj, slots[0]))
            except AttributeError:
                stack += [(getattr(obj, n), f"{path}.{n}") for n in slots]
            else:
                found.setdefault(f"a writable {type(obj).__name__}", path)
    return found


def _some_moves(state: Any, moves: int, seed: int = 1) -> Any:
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_nothing_reachable_from_a_state_or_an_observation_is_writable(slug: str) -> None:
    game = rulebook.get_game(slug)
    for visible in (None, "all"):
        rules = game.Rules() if visible is None else game.Rules(visible={"hands": visible})
        state = _some_moves(game.new_game(rules, seed=1), 60)
        assert _writable(state, "state") == {}
        assert _writable(state.observation(0), "observation") == {}


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_nothing_a_logic_hook_is_given_is_writable(slug: str) -> None:
    game = rulebook.get_game(slug)
    given: list[Any] = []

    def counters(event: Any) -> None:
        given.append(event)

    def trick_winner(trick: Any) -> Any:
        given.append(trick)
        return next(s for s in trick.seats if type(s) is int)

    hooks: dict[str, Any] = {"counters": counters, "trick_winner": trick_winner}
    if slug != "gods-and-humans":  # there the trick's winner leads (GH-RULING-20)
        hooks["leader"] = lambda event: given.append(event)
    state = _some_moves(Variant(game, game.Rules(), **hooks).new_game(seed=1), 80)
    assert len(given) > 10, state
    for i, arg in enumerate(given):
        assert _writable(arg, f"hook argument {i}") == {}


def test_visible_is_frozen_and_none_is_refused() -> None:
    game = rulebook.get_game("witches-of-blackmore")
    visible = game.Rules().visible
    assert isinstance(visible, Visible)
    for name in ("_pairs", "_printed", "_items"):
        with pytest.raises(AttributeError):
            setattr(visible, name, None)
    assert dict(visible) == {"hands": "owner", "trick": "all", "captured": "all", "pile": "none", "trumps": "all"}
    assert visible.printed
    with pytest.raises(InvalidRules, match=r"^Rules\.visible: expected a table of elements and settings, not None$"):
        game.Rules(visible=None)


def test_a_hook_that_writes_to_the_rules_is_the_hooks_fault(tmp_path: Path) -> None:
    (tmp_path / "vandal.py").write_text(
        "import rulebook\n"
        "from rulebook.variants.variant import Variant\n"
        "GAME = rulebook.get_game('witches-of-blackmore')\n"
        "def counters(event):\n"
        "    event.state.rules.visible._items = None\n"
        "VANDAL = Variant(GAME, GAME.Rules(), counters=counters)\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "rulebook", "play", "witches-of-blackmore", "--seed", "1",
                          "--variant", "vandal.py:VANDAL", "--out", "g.json"], input="1\n" * 40,
                         capture_output=True, text=True, cwd=tmp_path, timeout=120,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "NO_COLOR": "1"})
    assert run.returncode == 2, run.stderr
    assert "internal error" not in run.stderr
    assert run.stderr.startswith("rulebook: error: the counters hook of variant vandal.py:VANDAL after move ")
    assert run.stderr.count("\n") == 1
