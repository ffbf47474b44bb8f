"""Every deciding rule by its ID: a variant replaces a game's rule with a function, or switches an ending
or a check off, by the rule's spec ID.

Each game lists the rules a variant may replace as ``SLOTS`` (:class:`~rulebook.core.model.Slot`): what
each decides (which moves are legal, the whole order of a trick's places, who takes a trick, what is
scored at an event, when the game ends, who leads, when a forced step comes, a consistency check) and
the function's form. ``rulebook options GAME`` and the game's page list them.

In Python, ``Variant(..., replace={"SP-RANK-1": places_fn, "SP-TRICK-2": my_check, "UT-END-1": "off"})``;
in a variant file only ``off`` (data never names code that runs)::

    off = ["SP-END-1"]        # the seventh cube no longer ends a round

The short forms are the same slots: ``trick_winner`` fills the game's ``...-LOGIC-1``, ``counters``
``...-LOGIC-2``, ``ends`` ``...-LOGIC-3``, ``leader`` and ``[turns]`` ``...-LOGIC-4``, ``legal`` the
game's legality rule, ``endings_off`` the endings. A rule given twice (by its ID and by its short
form) is refused, naming both.

Every answer of a replaced rule is checked where it is used (:class:`RuleHook`): a ranking must be an
order of the trick's seats, an ending or a trigger ``True`` or ``False``; a replaced check raises
``AssertionError("<RULE-ID>: ...")`` when the state breaks it. A game's own check whose rule a variant
replaces or switches off is not run (:func:`rulebook.core.model.run_checks`): the variant names the
checks its rule makes untrue and gives its own in their place.

>>> import rulebook
>>> from rulebook.variants.variant import Variant
>>> game = rulebook.get_game("seven-prophecies")
>>> v = Variant(game, game.Rules(), replace={"SP-END-1": "off"})
>>> v.rules.endings_off
('cubes',)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from rulebook.core.model import OFF, Slot
from rulebook.errors import InvalidRules
from rulebook.variants.hooks import HookError, call_hook

__all__ = ["OFF", "Routed", "RuleHook", "route", "route_checks", "slot_of", "slots_of"]


def slots_of(game: Any) -> tuple[Slot, ...]:
    """The rules of ``game`` a variant may replace by ID (``game.SLOTS``)."""
    return tuple(getattr(game, "SLOTS", ()))


def slot_of(game: Any, rule: str) -> Slot | None:
    """The slot of ``rule`` in ``game``, or ``None``."""
    return next((s for s in slots_of(game) if s.rule == rule), None)


@attrs.frozen
class Routed:
    """Where a variant's rules by ID go: the short-form hooks they fill (``trick_winner``, ``counters``,
    ``ends``, ``leader``, ``legal``: name -> function), the engine's replaced rules and own checks, the
    check IDs switched off, and the endings switched off (by the names ``endings_off`` takes)."""

    hooks: tuple[tuple[str, Callable[..., Any]], ...] = ()
    replaced: tuple[tuple[str, Callable[..., Any]], ...] = ()
    checks: tuple[tuple[str, Callable[[Any], None]], ...] = ()
    off: tuple[str, ...] = ()
    endings_off: tuple[str, ...] = ()
    #: options the steps switched off set (``trump_replacement = false``), as option texts
    options: tuple[tuple[str, str], ...] = ()


#: the short forms a slot may name as its first hook, which the variant fills in place of the engine's slot
_HOOKS = ("legal", "trick_winner", "counters", "ends", "leader")


def route(game: Any, replace: tuple[tuple[str, Any], ...], source: str = "") -> Routed:
    """Where each ``(rule ID, function or "off")`` of ``replace`` goes (a fault names ``replace.<ID>``)."""
    hooks: list[tuple[str, Callable[..., Any]]] = []
    replaced: list[tuple[str, Callable[..., Any]]] = []
    checks: list[tuple[str, Callable[[Any], None]]] = []
    off: list[str] = []
    endings: list[str] = []
    options: list[tuple[str, str]] = []
    slots = slots_of(game)
    seen: set[str] = set()
    for rule, value in replace:
        field = f"replace.{str(rule)[:40]}"
        if not isinstance(rule, str):
            raise InvalidRules("replace", f"a rule is named by its ID, such as '{game.prefix}-PLAY-1', not "
                               f"{type(rule).__name__}")
        if rule in seen:
            raise InvalidRules(field, "named twice")
        seen.add(rule)
        slot = next((s for s in slots if s.rule == rule), None)
        if slot is None:
            named = ", ".join(s.rule for s in slots) or "none yet"
            raise InvalidRules(field, f"{game.slug} has no rule {rule!r:.40} that a variant may replace "
                               f"(its rules by ID: {named})")
        if value == OFF and isinstance(value, str):
            if not slot.switchable:
                raise InvalidRules(field, f"{rule} cannot be switched off ({slot.form}); replace it with a function")
            if slot.kind == "ending":
                names = [n for n, r in getattr(game, "ENDINGS", {}).items() if r == rule]
                if names:
                    endings.append(names[0])
                    continue
            if slot.kind == "step":  # a step of the program switched off: the option that does it
                name, _, text = slot.hooks[0].removeprefix("option:").partition("=")
                options.append((name, text))
                continue
            off.append(rule)
            continue
        if not callable(value) or isinstance(value, type):
            raise InvalidRules(field, f"expected a function or 'off', not {type(value).__name__}")
        hook = slot.hooks[0] if slot.hooks else ""
        if slot.kind == "npc":  # every non-player character plays by the function (npcs=)
            hooks.append(("npcs", value))
        elif slot.kind == "check":
            checks.append((rule, RuleHook(value, rule, "check", source)))
        elif hook in _HOOKS:
            hooks.append((hook, value))
        else:
            replaced.append((rule, RuleHook(value, rule, slot.kind, source)))
    return Routed(tuple(hooks), tuple(replaced), tuple(checks), tuple(off), tuple(endings), tuple(options))


def route_checks(game: Any, checks: tuple[tuple[str, Any], ...], source: str = "") -> Routed:
    """Where each ``(check ID, function or "off")`` of a variant's ``checks`` goes: the variant's own check
    in place of the game's check of that ID, or none (a fault names ``checks.<ID>``)."""
    own: list[tuple[str, Callable[[Any], None]]] = []
    off: list[str] = []
    ids = [c.rule for c in getattr(game, "CHECKS", ())]
    for rule, value in checks:
        field = f"checks.{str(rule)[:40]}"
        if rule not in ids:
            raise InvalidRules(field, f"{game.slug} has no check {str(rule)[:40]!r} (its checks: {', '.join(ids)})")
        if rule in off or any(r == rule for r, _ in own):
            raise InvalidRules(field, "named twice")
        if value == OFF and isinstance(value, str):
            off.append(rule)
        elif callable(value) and not isinstance(value, type):
            own.append((rule, RuleHook(value, rule, "check", source)))
        else:
            raise InvalidRules(field, f"expected a function or 'off', not {type(value).__name__}")
    return Routed(checks=tuple(own), off=tuple(off))


@attrs.frozen
class RuleHook:
    """A variant's function in place of a game's rule, as the engine calls it: every call is made through
    :func:`rulebook.variants.hooks.call_hook` (time limit, the variant's name in a failure) and its answer
    checked for the rule's kind (``contract:rule``)."""

    fn: Callable[..., Any]
    rule: str
    kind: str
    source: str = ""

    def __call__(self, *args: Any) -> Any:
        where = (self.rule, self.source, None)
        answer = call_hook(self.fn, *where, *args)
        if self.kind == "check":
            return None
        if self.kind == "ranking":
            trick = args[0]
            seats = tuple(trick.seats)
            try:
                order = tuple(answer)
            except TypeError:
                order = ()
            if sorted(order, key=repr) != sorted(seats, key=repr) or len(set(order)) != len(seats):
                raise HookError("contract:rule", f"{self.rule} returned {str(answer)[:60]}, not an order of the "
                                f"trick's seats {_seats(seats)}", *where)
            return order
        if self.kind in ("ending", "trigger"):
            if type(answer) is not bool:
                raise HookError("contract:rule", f"{self.rule} returned {str(answer)[:40]}, not True or False",
                                *where)
            return answer
        return answer


def _seats(seats: tuple[Any, ...]) -> str:
    return ", ".join(str(s + 1) if type(s) is int else str(s) for s in seats)


