"""Documented ``Rules`` options (Ludii-style named options with defaults).

Every game's ``Rules`` class is a frozen attrs class whose fields are declared
with :func:`option`. The field's documentation and its set of allowed values
live in the field metadata, so the command line, the docs and the Hypothesis
strategies that generate random valid ``Rules`` all read them from one place.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import attrs

from rulebook.errors import InvalidRules

__all__ = [
    "OptionInfo",
    "check_choice",
    "describe_options",
    "option",
    "rules_from_mapping",
    "rules_to_dict",
]

T = TypeVar("T")
R = TypeVar("R")

_DOC = "rulebook_doc"
_CHOICES = "rulebook_choices"


def option(
    default: Any,
    *,
    doc: str,
    choices: Iterable[Any] | None = None,
    converter: Callable[[Any], Any] | None = None,
) -> Any:
    """Declare a ``Rules`` option with its documentation and allowed values.

    ``choices`` lists every value the option may take on its own (a range for
    numbers, the members for a small set of names); combinations of options
    are checked by the class's ``__attrs_post_init__``. Options without
    ``choices`` (structured data such as a deck) keep their default when random
    ``Rules`` are generated.
    """
    meta = {_DOC: doc, _CHOICES: tuple(choices) if choices is not None else None}
    if converter is None:
        return attrs.field(default=default, metadata=meta)
    return attrs.field(default=default, metadata=meta, converter=converter)


@attrs.frozen
class OptionInfo:
    """One option of a game's ``Rules``: name, default, documentation, choices."""

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None

    def choices_text(self) -> str:
        if self.choices is None:
            return "structured value"
        values = self.choices
        if len(values) > 4 and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            return f"{values[0]}..{values[-1]}"
        return ", ".join(_text(v) for v in values)


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def describe_options(rules_cls: type[Any]) -> tuple[OptionInfo, ...]:
    """The options of a ``Rules`` class, in declaration order."""
    out = []
    for f in attrs.fields(rules_cls):
        default = f.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = default.factory()
        out.append(OptionInfo(f.name, default, f.metadata.get(_DOC, ""), f.metadata.get(_CHOICES)))
    return tuple(out)


def check_choice(name: str, value: Any, choices: Iterable[Any]) -> None:
    """Raise :class:`InvalidRules` naming ``name`` unless ``value`` is one of ``choices``."""
    allowed = tuple(choices)
    if value not in allowed or type(value) is not type(allowed[0]):
        info = OptionInfo(name, None, "", allowed)
        raise InvalidRules(name, f"must be one of {info.choices_text()} (got {value!r})")


def validate_choices(rules: Any) -> None:
    """Check every option that declares ``choices`` against them."""
    for f in attrs.fields(type(rules)):
        choices = f.metadata.get(_CHOICES)
        if choices is not None:
            check_choice(f.name, getattr(rules, f.name), choices)


def _coerce(info: OptionInfo, raw: Any) -> Any:
    """Turn a command-line or TOML value into the option's type."""
    if not isinstance(raw, str):
        return raw
    default = info.default
    if isinstance(default, bool):
        low = raw.strip().lower()
        if low in ("true", "yes", "1", "on"):
            return True
        if low in ("false", "no", "0", "off"):
            return False
        raise InvalidRules(info.name, f"expected true or false (got {raw!r})")
    if isinstance(default, int):
        try:
            return int(raw)
        except ValueError:
            raise InvalidRules(info.name, f"expected a whole number (got {raw!r})") from None
    if isinstance(default, float):
        try:
            return float(raw)
        except ValueError:
            raise InvalidRules(info.name, f"expected a number (got {raw!r})") from None
    if isinstance(default, str):
        return raw
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        raise InvalidRules(info.name, f"expected a JSON value (got {raw!r})") from None


def options_help(rules_cls: type[Any]) -> str:
    """A text listing of every option with its default, choices and documentation."""
    lines = []
    for info in describe_options(rules_cls):
        lines.append(
            f"  {info.name} (default {_text(info.default) if info.choices is not None else '...'}; "
            f"{info.choices_text()}): {info.doc}"
        )
    return "\n".join(lines)


def rules_from_mapping(rules_cls: type[R], values: Mapping[str, Any], *, base: R | None = None) -> R:
    """Build a ``Rules`` from option names and values (strings are coerced).

    Unknown names fail with a message that lists every valid option with its
    documentation.
    """
    infos = {i.name: i for i in describe_options(rules_cls)}
    kwargs: dict[str, Any] = {}
    if base is not None:
        kwargs.update({name: getattr(base, name) for name in infos})
    for key, raw in values.items():
        name = key.replace("-", "_")
        if name not in infos:
            raise InvalidRules(
                name, f"unknown option; valid options are:\n{options_help(rules_cls)}"
            )
        kwargs[name] = _coerce(infos[name], raw)
    try:
        return rules_cls(**kwargs)
    except InvalidRules:
        raise
    except (TypeError, ValueError) as exc:
        raise InvalidRules("?", str(exc)) from exc


def _jsonable(value: Any) -> Any:
    if attrs.has(type(value)):
        return {f.name: _jsonable(getattr(value, f.name)) for f in attrs.fields(type(value))}
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


def rules_to_dict(rules: Any) -> dict[str, Any]:
    """A JSON-compatible dict of every option (the inverse of :func:`rules_from_mapping`)."""
    out = _jsonable(rules)
    assert isinstance(out, dict)
    return out
