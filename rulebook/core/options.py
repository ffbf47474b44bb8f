"""Documented ``Rules`` options (Ludii-style named options with defaults).

Every game's ``Rules`` class is a frozen attrs class whose fields are declared
with :func:`option`. The field's documentation and its set of allowed values
live in the field metadata, so the command line, the docs and the Hypothesis
strategies that generate random valid ``Rules`` all read them from one place.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import attrs

from rulebook.errors import InvalidRules

__all__ = [
    "OptionInfo",
    "Ruleset",
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
_ITEM = "rulebook_item"
_RULES = "rulebook_rules"


def option(
    default: Any,
    *,
    doc: str,
    choices: Iterable[Any] | None = None,
    converter: Callable[[Any], Any] | None = None,
    item: Any = None,
    rules: tuple[str, ...] = (),
) -> Any:
    """Declare a ``Rules`` option with its documentation and allowed values.

    ``choices`` lists every value the option may take on its own (a range for
    numbers, the members for a small set of names); combinations of options
    are checked by the class's ``__attrs_post_init__``. Options without
    ``choices`` (structured data such as a deck) keep their default when random
    ``Rules`` are generated.
    """
    meta = {
        _DOC: doc,
        _CHOICES: tuple(choices) if choices is not None else None,
        _ITEM: item,
        _RULES: tuple(rules),
    }
    return attrs.field(
        default=default, metadata=meta, converter=attrs.Converter(_exact(default, converter), takes_field=True)
    )


def _type_name(value: Any) -> str:
    return f"{type(value).__name__} {value!r:.60}"


def _exact(default: Any, converter: Callable[[Any], Any] | None) -> Callable[[Any, Any], Any]:
    """The converter of an option: type-exact checks from the default's type, then ``converter``.

    Nothing is coerced: an ``int`` option refuses ``bool``, ``float`` and ``str``; a
    ``bool`` option refuses ints; a ``str`` option refuses everything but ``str``; a
    tuple option refuses strings, mappings and anything but a list or tuple, and a
    tuple of ints keeps the default's length and refuses non-ints. Every fault is an
    :class:`InvalidRules` naming the option; so is any ``TypeError`` or ``ValueError``
    of the game's own ``converter``.
    """
    kind = type(default)
    int_tuple = kind is tuple and len(default) > 0 and all(type(x) is int for x in default)

    def convert(value: Any, field: Any) -> Any:
        name = field.name if field is not None else "?"
        if kind in (bool, int, float, str) and type(value) is not kind:
            what = {bool: "true or false", int: "a whole number", float: "a number", str: "a string"}[kind]
            raise InvalidRules(name, f"expected {what}, not {_type_name(value)}")
        if kind is tuple:
            if not isinstance(value, (tuple, list)):
                raise InvalidRules(name, f"expected a list or tuple, not {_type_name(value)}")
            if int_tuple:
                if len(value) != len(default):
                    raise InvalidRules(name, f"expected {len(default)} whole numbers (got {len(value)})")
                for i, x in enumerate(value):
                    if type(x) is not int:
                        raise InvalidRules(name, f"entry {i}: expected a whole number, not {_type_name(x)}")
        if converter is None:
            return value
        try:
            return converter(value)
        except InvalidRules:
            raise
        except (TypeError, ValueError, AttributeError, KeyError, RecursionError) as exc:
            raise InvalidRules(name, f"{type(exc).__name__}: {exc}") from None

    return convert


@attrs.frozen
class Ruleset:
    """A named set of option values (stand-in for the shared wave-2 API)."""

    name: str
    description: str
    values: Mapping[str, Any]
    rules: tuple[str, ...]


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


_WHOLE = re.compile(r"-?[0-9]{1,30}")
_NUMBER = re.compile(r"-?[0-9]{1,30}(\.[0-9]{1,30})?")


def _coerce(info: OptionInfo, raw: Any) -> Any:
    """Parse a command-line text into the option's type (other values pass unchanged).

    Only the option's own literal forms are read: ``true``/``false`` (also
    ``yes``/``no``, ``on``/``off``) for a flag, decimal digits for a whole
    number, and JSON for structured options. Values that are not strings
    (from TOML, JSON records or Python) are never converted; the ``Rules``
    class checks their type exactly.
    """
    if not isinstance(raw, str):
        return raw
    default = info.default
    text = raw.strip()
    if isinstance(default, bool):
        low = text.lower()
        if low in ("true", "yes", "on"):
            return True
        if low in ("false", "no", "off"):
            return False
        raise InvalidRules(info.name, f"expected true or false (got {raw!r:.60})")
    if isinstance(default, int):
        if not _WHOLE.fullmatch(text):
            raise InvalidRules(info.name, f"expected a whole number (got {raw!r:.60})")
        return int(text)
    if isinstance(default, float):
        if not _NUMBER.fullmatch(text):
            raise InvalidRules(info.name, f"expected a number (got {raw!r:.60})")
        return float(text)
    if isinstance(default, str):
        return raw
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):  # JSONDecodeError, too many digits, too deep
        raise InvalidRules(info.name, f"expected a JSON value (got {raw!r:.60})") from None


def options_help(rules_cls: type[Any]) -> str:
    """A text listing of every option with its default, choices and documentation."""
    lines = []
    for info in describe_options(rules_cls):
        lines.append(
            f"  {info.name} (default {_text(info.default) if info.choices is not None else '...'}; "
            f"{info.choices_text()}): {info.doc}"
        )
    return "\n".join(lines)


def rules_from_mapping(
    rules_cls: type[R], values: Mapping[str, Any], *, base: R | None = None, parse_text: bool = False
) -> R:
    """Build a ``Rules`` from option names and values.

    Values must have the option's exact type (``InvalidRules`` otherwise); with
    ``parse_text=True`` (command-line ``--set`` values) strings are first parsed
    in the option's literal form (see ``_coerce``). Unknown names fail with a
    message that lists every valid option with its documentation.
    """
    infos = {i.name: i for i in describe_options(rules_cls)}
    kwargs: dict[str, Any] = {}
    if base is not None:
        kwargs.update({name: getattr(base, name) for name in infos})
    for key, raw in values.items():
        if not isinstance(key, str):
            raise InvalidRules("?", f"option names are strings, not {type(key).__name__}")
        name = key.replace("-", "_")
        if name not in infos:
            raise InvalidRules(
                name, f"unknown option; valid options are:\n{options_help(rules_cls)}"
            )
        kwargs[name] = _coerce(infos[name], raw) if parse_text else raw
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
