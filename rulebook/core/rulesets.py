"""Rulesets: named sets of option values (the printed game, a source's own variant, a short game), and
option values as JSON-compatible data."""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import attrs

from rulebook.core.logic import LOGIC_FIELD
from rulebook.errors import RulebookError

__all__ = ["PRINTED", "Ruleset", "UnknownRuleset", "jsonable"]

_RULE_ID = re.compile(r"[A-Z]{2}-[A-Z]{2,}-\d+")


_KEBAB = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


def _values(value: Any) -> Mapping[str, Any]:
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise TypeError(f"Ruleset values must map option names to values, not {value!r:.80}")
    return MappingProxyType(dict(value))


def _rule_ids(value: Any) -> tuple[str, ...]:
    if not isinstance(value, (tuple, list)) or not all(isinstance(r, str) and _RULE_ID.fullmatch(r) for r in value):
        raise TypeError(f"Ruleset rules must be a tuple of rule IDs, not {value!r:.80}")
    return tuple(value)


@attrs.frozen(eq=True, hash=False)
class Ruleset:
    """A named set of option values: the printed game, a source's own variant, a short game.

    ``name`` is kebab-case (``printed`` is the printed game, with no values);
    ``values`` maps option names to values of their exact Python types; ``rules``
    names the spec rules it comes from. A ruleset may fix ``players`` (its
    description says so).
    """

    name: str
    description: str
    values: Mapping[str, Any] = attrs.field(factory=dict, converter=_values)
    rules: tuple[str, ...] = attrs.field(default=(), converter=_rule_ids)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not _KEBAB.fullmatch(self.name):
            raise TypeError(f"a ruleset name is kebab-case (such as 'short-game'), not {self.name!r:.60}")
        if not isinstance(self.description, str) or "\n" in self.description:
            raise TypeError(f"ruleset {self.name}: the description is one line of text")

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description,
                "values": {k: _jsonable(v) for k, v in self.values.items()}, "rules": list(self.rules)}


class UnknownRuleset(RulebookError, KeyError):
    """A ruleset name that the game does not have; ``known`` lists its rulesets."""

    def __init__(self, game: str, name: str, known: tuple[str, ...]) -> None:
        RulebookError.__init__(self, f"{game} has no ruleset {name!r}; its rulesets: {', '.join(known)}")
        self.game = game
        self.name = name
        self.known = known

    def __str__(self) -> str:
        return str(self.args[0])


#: The rulesets of a game that declares none: the printed game only.
PRINTED = Ruleset("printed", "the printed game", {})


def _jsonable(value: Any) -> Any:
    if attrs.has(type(value)):
        return {f.name: _jsonable(getattr(value, f.name)) for f in attrs.fields(type(value))
                if LOGIC_FIELD not in f.metadata}
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


def jsonable(value: Any) -> Any:
    """``value`` (an option's value) as JSON-compatible data."""
    return _jsonable(value)
