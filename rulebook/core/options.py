"""Documented ``Rules`` options (Ludii-style named options with defaults).

Every game's ``Rules`` class is a frozen attrs class whose fields are declared
with :func:`option`. The field's documentation and its set of allowed values
live in the field metadata, so the command line, the docs and the Hypothesis
strategies that generate random valid ``Rules`` all read them from one place.
"""

from __future__ import annotations

import builtins
import functools
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, TypeVar

import attrs

from rulebook.core.logic import LOGIC_FIELD as _LOGIC
from rulebook.core.rulesets import PRINTED as PRINTED
from rulebook.core.rulesets import Ruleset as Ruleset
from rulebook.core.rulesets import UnknownRuleset as UnknownRuleset
from rulebook.core.rulesets import _jsonable as _jsonable
from rulebook.core.rulesets import jsonable as jsonable
from rulebook.core.visibility import Element, Visible
from rulebook.errors import InvalidRules, RulebookError
from rulebook.i18n import N_, _, wrap
from rulebook.i18n import width as _width

__all__ = [
    "AT",
    "BOOL_WORDS",
    "CountValues",
    "Layer",
    "OptionInfo",
    "Ruleset",
    "UnknownRuleset",
    "check_choice",
    "check_declarations",
    "describe_options",
    "format_value",
    "is_option",
    "jsonable",
    "option",
    "option_value",
    "options_help",
    "options_json",
    "parse_counts",
    "parse_value",
    "resolve_layers",
    "rules_at",
    "rules_from_layers",
    "rules_from_mapping",
    "rules_kwargs",
    "rules_to_dict",
    "visibility",
    "wrap_value",
]

T = TypeVar("T")
R = TypeVar("R")

_DOC = "rulebook_doc"
_CHOICES = "rulebook_choices"
_ITEM = "rulebook_item"
_RULES = "rulebook_rules"
_SEAT = "rulebook_seat"
_ELEMENTS = "rulebook_elements"
#: the field of a ``Rules`` class that holds the visibility settings (``visible.<element>`` in text)
VISIBLE = "visible"
#: the readable type of a ``visible.<zone>`` option that takes any sight of the model's vocabulary
SIGHT = "sight"

#: The words a true/false option takes in a text value (``--set``), everywhere.
BOOL_WORDS: Mapping[str, bool] = MappingProxyType({
    "true": True, "yes": True, "on": True, "1": True,
    "false": False, "no": False, "off": False, "0": False,
})

_RULE_ID = re.compile(r"[A-Z]{2}-[A-Z]{2,}-\d+")


def option(
    default: Any,
    *,
    doc: str,
    choices: Iterable[Any] | None = None,
    converter: Callable[[Any], Any] | None = None,
    item: type | None = None,
    rules: tuple[str, ...] = (),
    seat: bool = False,
) -> Any:
    """Declare a ``Rules`` option with its documentation and allowed values.

    ``choices`` lists every value the option may take on its own (a range for
    numbers, the members for a small set of names); combinations of options
    are checked by the class's ``__attrs_post_init__``. Options without
    ``choices`` (structured data such as a deck) keep their default when random
    ``Rules`` are generated.

    ``item`` is the element type of a tuple option (``int``, ``str``, ``bool``, or
    ``tuple`` or a class for nested rows, which text values give as JSON); it is
    required when the default is an empty tuple (:func:`check_declarations`), and
    otherwise read from the default's first element. ``rules`` names the spec rule IDs
    the option changes (each is checked against the game's spec by
    :func:`check_declarations`, in a test, not at import).

    ``seat=True`` marks a whole-number option that names a seat: the field holds the
    0-based seat of the Python API, and every text form counts seats from 1 (``--set``,
    variant files, ``rulebook options``, :meth:`OptionInfo.choices_text`, error messages):
    :func:`parse_value` subtracts one and :func:`format_value` adds it back.
    """
    if not isinstance(rules, tuple) or not all(isinstance(r, str) and _RULE_ID.fullmatch(r) for r in rules):
        raise TypeError(f"option rules= must be a tuple of rule IDs such as 'WB-COMP-1', not {rules!r:.80}")
    if item is not None and not isinstance(item, type):
        raise TypeError(f"option item= must be a type (int, str, bool, tuple, a class), not {item!r:.80}")
    if item is None and type(default) is tuple and default:
        first = type(default[0])
        item = first if all(type(x) is first for x in default) else None
    if item is not None and type(default) is tuple and item in (int, str, bool):
        bad = [x for x in default if type(x) is not item]
        if bad:
            raise TypeError(f"option default {default!r:.80}: {bad[0]!r} is not a {item.__name__}")
    if seat and type(default) is not int and not (type(default) is tuple and item is int):
        raise TypeError(f"option seat=True needs a whole-number default or a tuple of seats (item=int), "
                        f"not {default!r:.80}")
    meta = {_DOC: doc, _CHOICES: tuple(choices) if choices is not None else None, _ITEM: item, _RULES: rules,
            _SEAT: seat}
    return attrs.field(
        default=default, metadata=meta,
        converter=attrs.Converter(_exact(default, converter, item), takes_field=True),
    )


def visibility(*elements: Element) -> Any:
    """Declare the ``visible`` field of a ``Rules`` class: the game's hidden elements
    (:class:`~rulebook.core.visibility.Element`), each offered as the option ``visible.<element>``.

    The field holds a :class:`~rulebook.core.visibility.Visible` mapping; it accepts any mapping
    of element names to settings (elements not named keep their printed setting), and refuses an
    unknown element or a setting the element does not offer, naming ``visible.<element>``.
    """
    elements = tuple(elements)
    rules = tuple(dict.fromkeys(r for e in elements for r in e.rules))
    meta = {_DOC: "who sees each hidden element", _CHOICES: None, _ITEM: None, _RULES: rules, _SEAT: False,
            _ELEMENTS: elements}

    def convert(value: Any) -> Visible:
        if isinstance(value, Visible):
            value = dict(value)
        elif value is None:  # the printed settings are the default, not None
            raise InvalidRules("visible", "expected a table of elements and settings, not None")
        return Visible.of(elements, value)

    return attrs.field(default=Visible.of(elements), metadata=meta, converter=convert)


def is_option(field: Any) -> bool:
    """Whether an attrs field of a ``Rules`` class is an option (every field but ``logic``)."""
    return _LOGIC not in field.metadata


def _elements(rules_cls: type[Any]) -> tuple[Element, ...]:
    """The hidden elements a ``Rules`` class offers (none when it has no ``visible`` field)."""
    for f in attrs.fields(rules_cls):
        if f.name == VISIBLE:
            return tuple(f.metadata.get(_ELEMENTS, ()))
    return ()


def rules_kwargs(rules_cls: type[Any], values: Mapping[str, Any], base: Mapping[str, Any] | None = None
                 ) -> dict[str, Any]:
    """``values`` by option name (``visible.<element>`` among them) as keyword arguments of ``rules_cls``:
    the ``visible.*`` settings folded into one ``visible`` mapping, over ``base``'s and a ``visible``
    mapping given whole.

    >>> from rulebook.games.seven_prophecies import Rules
    >>> rules_kwargs(Rules, {"players": 3, "visible.future": "from:trick"})
    {'players': 3, 'visible': {'future': 'from:trick'}}
    """
    out: dict[str, Any] = {}
    shown: dict[str, Any] = dict((base or {}).get(VISIBLE) or {})
    folded = False
    for name, value in values.items():
        if name.startswith(VISIBLE + "."):
            shown[name[len(VISIBLE) + 1:]] = value
            folded = True
        elif name == VISIBLE:
            if not isinstance(value, Mapping):
                raise InvalidRules(VISIBLE, f"expected a table of elements and settings, not {_type_name(value)}")
            shown.update(value)
            folded = True
        else:
            out[name] = value
    if folded:
        out[VISIBLE] = shown
    return out


def option_value(rules: Any, name: str) -> Any:
    """The value of option ``name`` in ``rules`` (``visible.<element>`` names one element's setting)."""
    if name.startswith(VISIBLE + "."):
        return getattr(rules, VISIBLE)[name[len(VISIBLE) + 1:]]
    return getattr(rules, name)


def _type_name(value: Any) -> str:
    return f"{type(value).__name__} {value!r:.60}"


_WHAT = {bool: "true or false", int: "a whole number", float: "a number", str: "a string"}


def _exact(default: Any, converter: Callable[[Any], Any] | None, item: type | None) -> Callable[[Any, Any], Any]:
    """The converter of an option: type-exact checks from the default's type, then ``converter``.

    Nothing is coerced: an ``int`` option refuses ``bool``, ``float`` and ``str``; a
    ``bool`` option refuses ints; a ``str`` option refuses everything but ``str``; a
    tuple option refuses strings, mappings and anything but a list or tuple, and a
    tuple of ints, texts or flags refuses items of any other type. Every fault is an
    :class:`~rulebook.InvalidRules` naming the option; so is any ``TypeError`` or ``ValueError``
    of the game's own ``converter``.
    """
    kind = type(default)
    simple = item if item in (int, str, bool) else None

    def convert(value: Any, field: Any) -> Any:
        name = field.name if field is not None else "?"
        if kind in (bool, int, float, str) and type(value) is not kind:
            raise InvalidRules(name, f"expected {_WHAT[kind]}, not {_type_name(value)}")
        if kind is tuple:
            if not isinstance(value, (tuple, list)):
                raise InvalidRules(name, f"expected a list or tuple, not {_type_name(value)}")
            if simple is not None:
                for i, x in enumerate(value):
                    if type(x) is not simple:
                        raise InvalidRules(name, f"item {i + 1}: expected {_WHAT[simple]}, not {_type_name(x)}")
                value = tuple(value)
        if converter is None:
            return value
        try:
            return converter(value)
        except InvalidRules:
            raise
        except (TypeError, ValueError) as exc:  # the game's own message, for people
            raise InvalidRules(name, str(exc)) from None
        except (AttributeError, KeyError, RecursionError) as exc:
            raise InvalidRules(name, f"{type(exc).__name__}: {exc}") from None

    return convert


_ITEM_TYPES = {int: "whole numbers", str: "texts", bool: "true/false values", float: "numbers"}


def _readable_type(default: Any, item: type | None) -> str:
    kind = type(default)
    if kind is bool:
        return "true/false"
    if kind is int:
        return "whole number"
    if kind is float:
        return "number"
    if kind is str:
        return "text"
    if kind is tuple:
        if item in _ITEM_TYPES:
            return f"list of {_ITEM_TYPES[item]}"
        if item is tuple:
            return "list of rows (JSON)"
        if item is not None:
            return f"list of {item.__name__} (JSON)"
        return "list (JSON)"
    if isinstance(default, Mapping):
        return "mapping (JSON)"
    return f"{kind.__name__} (JSON)"


@attrs.frozen
class OptionInfo:
    """One option of a game's ``Rules``: what ``rulebook options`` shows.

    ``type`` is readable (``whole number``, ``true/false``, ``text``, ``list of whole
    numbers``, ...); ``item`` the element type of a tuple option; ``rules`` the spec
    rule IDs the option changes; ``example`` a ``--set`` text (``NAME=VALUE``) that
    gives a valid value other than the default (``""`` when none was found); ``seat``:
    the option names a seat, 0-based in ``default`` and ``choices`` (the Python API),
    from 1 in every text (``default_text``, ``choices_text()``, ``example``, ``--set``).
    """

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None
    type: str = ""
    item: builtins.type | None = None
    rules: tuple[str, ...] = ()
    example: str = ""
    seat: bool = False

    def choices_text(self) -> str:
        if self.type == SIGHT and self.choices is not None:
            return f"{', '.join(self.choices)}, or any sight (owner, team, seat:N, role:NAME, from:EVENT joined by +)"
        if self.choices is None:
            return "any valid value" if self.type else "structured value"
        values = tuple(v + 1 for v in self.choices) if self.seat else self.choices
        if self.seat and len(values) > 1:
            return f"{values[0]}..{values[-1]}"
        if len(values) > 4 and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            return f"{values[0]}..{values[-1]}"
        return ", ".join(_text(v) for v in values)

    @property
    def default_text(self) -> str:
        """The default written out in full, in the ``--set`` syntax."""
        return format_value(self, self.default)

    def to_json(self) -> dict[str, Any]:
        """The option as data (``rulebook options GAME --json``); for a seat option (``"seat": true``),
        ``default`` and ``choices`` are the 0-based seats of the Python API, ``default_text`` and
        ``example`` count from 1 as ``--set`` does."""
        return {
            "name": self.name, "type": self.type,
            "item": None if self.item is None else self.item.__name__,
            "default": _jsonable(self.default), "default_text": self.default_text,
            "choices": None if self.choices is None else [_jsonable(c) for c in self.choices],
            "rules": list(self.rules), "example": self.example, "doc": self.doc,
            # a seat option: default and choices are the API's 0-based seats, the texts count from 1
            "seat": self.seat,
        }


#: The keys of each option in ``rulebook options GAME --json`` (a test checks them).
OPTION_KEYS = ("name", "type", "item", "default", "default_text", "choices", "rules", "example", "doc", "seat")


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def describe_options(rules_cls: type[Any]) -> tuple[OptionInfo, ...]:
    """The options of a ``Rules`` class, in declaration order (with an example each)."""
    described: tuple[OptionInfo, ...] = _describe(rules_cls)  # type: ignore[arg-type]
    return described


@functools.cache
def _describe(rules_cls: Any) -> tuple[OptionInfo, ...]:
    out = []
    for f in attrs.fields(rules_cls):
        if _LOGIC in f.metadata:  # Python functions, not an option
            continue
        if _ELEMENTS in f.metadata:  # one option per zone: visible.<zone> (visible.<zone>.<seat> too)
            for e in f.metadata[_ELEMENTS]:
                info = OptionInfo(f"{f.name}.{e.name}", e.printed, e.doc, e.choices, SIGHT if e.general else "text",
                                  None, e.rules)
                out.append(attrs.evolve(info, example=_example(rules_cls, info)))
            continue
        default = f.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = default.factory()
        item = f.metadata.get(_ITEM)
        info = OptionInfo(
            f.name, default, f.metadata.get(_DOC, ""), f.metadata.get(_CHOICES),
            _readable_type(default, item), item, tuple(f.metadata.get(_RULES, ())),
            seat=bool(f.metadata.get(_SEAT, False)),
        )
        out.append(attrs.evolve(info, example=_example(rules_cls, info)))
    return tuple(out)


def _candidates(info: OptionInfo) -> Iterator[Any]:
    d = info.default
    if info.choices is not None:
        yield from (c for c in info.choices if c != d)
        return
    if isinstance(d, bool):
        yield not d
    elif isinstance(d, int):
        yield from (d + 1, d - 1)
    elif isinstance(d, str):
        yield d + "x"
    elif isinstance(d, tuple) and d:
        yield d[:-1]
        yield tuple(reversed(d))
        if info.item is int:
            yield (d[0] + 1, *d[1:])
            yield (*d[:-1], d[-1] + 1)
        yield d[1:]


def _example(rules_cls: type[Any], info: OptionInfo) -> str:
    """A ``NAME=VALUE`` text giving a valid non-default value (``""`` if none found)."""
    for value in _candidates(info):
        if value == info.default:
            continue
        try:
            text = format_value(info, value)
            if len(text) > 120:  # a deck written out is no example a person types
                continue
            rules_cls(**rules_kwargs(rules_cls, {info.name: parse_value(info, text)}))
        except (RulebookError, TypeError, ValueError):
            continue
        return f"{info.name}={text}"
    return ""


def check_declarations(rules_cls: type[Any], rule_ids: Iterable[str]) -> list[str]:
    """Faults in the declarations of a ``Rules`` class (for a test over every game).

    Each option must name at least one spec rule in ``rules=``, each one of
    ``rule_ids`` (the game's spec); a tuple option with an empty default must give
    ``item=``. Returns one line per fault (empty: all good).
    """
    known = set(rule_ids)
    faults = []
    for f in attrs.fields(rules_cls):
        if _LOGIC in f.metadata:
            continue
        rules = tuple(f.metadata.get(_RULES, ()))
        if not rules:
            faults.append(f"{f.name}: no rules= (the spec rule IDs it changes)")
        faults += [f"{f.name}: rules= names {r}, not a rule of the spec" for r in rules if r not in known]
        if f.default == () and f.metadata.get(_ITEM) is None:
            faults.append(f"{f.name}: an empty tuple default needs item=")
    return faults


def check_choice(name: str, value: Any, choices: Iterable[Any], *, seat: bool = False) -> None:
    """Raise :class:`~rulebook.InvalidRules` naming ``name`` unless ``value`` is one of ``choices``.

    ``seat``: the option names a seat (0-based ``value`` and ``choices``); the message counts seats
    from 1, as people do.
    """
    allowed = tuple(choices)
    if value not in allowed or type(value) is not type(allowed[0]):
        info = OptionInfo(name, None, "", allowed, seat=seat)
        if seat and type(value) is int:
            first, last = allowed[0] + 1, allowed[-1] + 1
            raise InvalidRules(name, f"must be a seat from {first} to {last}, counted from 1 (got seat {value + 1})")
        raise InvalidRules(name, f"must be one of {info.choices_text()} (got {value!r})")


def seat_fault(name: str, seat: int, players: int) -> InvalidRules:
    """The error for a seat option (0-based ``seat``) naming a seat the table does not have, counted from 1."""
    return InvalidRules(name, f"seat {seat + 1} does not exist with {players} players (seats 1 to {players})")


def validate_choices(rules: Any) -> None:
    """Check every option that declares ``choices`` against them."""
    for f in attrs.fields(type(rules)):
        choices = f.metadata.get(_CHOICES)
        if choices is not None:
            check_choice(f.name, getattr(rules, f.name), choices, seat=bool(f.metadata.get(_SEAT, False)))


_WHOLE = re.compile(r"-?[0-9]{1,30}")
_NUMBER = re.compile(r"-?[0-9]{1,30}(\.[0-9]{1,30})?")
_RANGE = re.compile(r"(-?[0-9]{1,9})\.\.(-?[0-9]{1,9})")
#: the most items a range ``a..b`` may expand to
MAX_RANGE = 10_000


def _parse_item(name: str, kind: type, text: str, where: str) -> Any:
    if kind is bool:
        word = BOOL_WORDS.get(text.lower())
        if word is None:
            raise InvalidRules(name, f"{where}expected true or false (or yes/no, on/off, 1/0), got {text!r:.60}")
        return word
    if kind is int:
        if not _WHOLE.fullmatch(text):
            raise InvalidRules(name, f"{where}expected a whole number, got {text!r:.60}")
        return int(text)
    if kind is float:
        if not _NUMBER.fullmatch(text):
            raise InvalidRules(name, f"{where}expected a number, got {text!r:.60}")
        return float(text)
    return text


def _json(name: str, text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # JSONDecodeError, too many digits, too deep
        raise InvalidRules(name, f"expected a JSON value (got {text!r:.60})") from None


def parse_value(info: OptionInfo, raw: str) -> Any:
    """Parse a text value (``--set NAME=VALUE``) in the option's syntax.

    A flag: ``true``/``false`` (also ``yes``/``no``, ``on``/``off``, ``1``/``0``); a
    whole number: decimal digits; a string: as written; a tuple of whole numbers,
    texts or flags: comma-separated items, where a whole-number item may be a range
    ``a..b`` (inclusive), and ``none`` for the empty tuple; nested or mapping values:
    JSON. One :class:`~rulebook.InvalidRules` per fault, naming the option and the item.
    """
    name = info.name
    default = info.default
    text = raw.strip()
    if info.seat:
        if isinstance(default, tuple):  # a range of seats (rulebook sweep)
            return tuple(_from_person(info, v, "") for v in parse_value(attrs.evolve(info, seat=False), raw))
        return _from_person(info, _parse_item(name, int, text, ""), "")
    if isinstance(default, (bool, int, float)):
        return _parse_item(name, type(default), text, "")
    if isinstance(default, str):
        return raw
    if isinstance(default, tuple) and text.lower() == "none":
        return ()
    if isinstance(default, tuple) and info.item in (int, str, bool):
        if text.startswith("["):  # the JSON form still works
            return _json(name, text)
        out: list[Any] = []
        for i, part in enumerate(text.split(","), 1):
            part = part.strip()
            where = f"item {i}: "
            if not part:
                raise InvalidRules(name, f"{where}empty (write items separated by commas, or none for no items)")
            m = _RANGE.fullmatch(part) if info.item is int else None
            if m:
                a, b = int(m[1]), int(m[2])
                if a > b or b - a >= MAX_RANGE:
                    raise InvalidRules(name, f"{where}range {part!r} must run upwards, at most {MAX_RANGE} numbers")
                out.extend(range(a, b + 1))
                continue
            what = "a whole number or a range a..b" if info.item is int else None
            try:
                out.append(_parse_item(name, info.item, part, where))
            except InvalidRules:
                if what is None:
                    raise
                raise InvalidRules(name, f"{where}expected {what}, got {part!r:.60}") from None
        return tuple(out)
    return _json(name, text)


def _from_person(info: OptionInfo, seat: Any, where: str) -> Any:
    """A seat as people count it (from 1) as the 0-based value of the Python API."""
    if type(seat) is not int:
        return seat  # the Rules refuse it, naming the option
    if seat < 1:
        last = f" to {info.choices[-1] + 1}" if info.choices else ", 2, ..."
        raise InvalidRules(info.name, f"{where}seats count from 1: expected a seat from 1{last} (got {seat})")
    return seat - 1


def _runs(values: tuple[int, ...]) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        if j - i >= 3:  # four or more in a row read better as a range
            out.append(f"{values[i]}..{values[j]}")
        else:
            out.extend(str(v) for v in values[i:j + 1])
        i = j + 1
    return out


def format_value(info: OptionInfo, value: Any) -> str:
    """``value`` written in the option's text syntax (:func:`parse_value` reads it back)."""
    if info.seat and type(value) is int:
        return str(value + 1)
    if info.seat and type(value) is tuple:  # seats, counted from 1
        return ",".join(str(v + 1) if type(v) is int else str(v) for v in value) or "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float, str)):
        return str(value)
    if isinstance(value, tuple) and not value and isinstance(info.default, tuple):
        return "none"
    if isinstance(value, tuple) and info.item in (int, str, bool) and isinstance(info.default, tuple):
        if info.item is int:
            return ",".join(_runs(value))
        if info.item is str and any("," in v or v != v.strip() or not v or v.lower() == "none" for v in value):
            return json.dumps(list(value))
        return ",".join(_text(v) for v in value)
    return json.dumps(_jsonable(value), separators=(",", ":"))


#: The readable types of :func:`_readable_type` that are fixed words (translated when shown).
_TYPE_WORDS = frozenset({
    N_("true/false"), N_("whole number"), N_("number"), N_("text"), N_("list of whole numbers"),
    N_("list of texts"), N_("list of true/false values"), N_("list of numbers"), N_("list of rows (JSON)"),
    N_("list (JSON)"), N_("mapping (JSON)"), N_("sight"),
})


def _type_text(info: OptionInfo) -> str:
    """``info.type`` in the language shown (``list of OracleCard (JSON)`` keeps the class name)."""
    if info.type in _TYPE_WORDS:
        return _(info.type)
    m = re.fullmatch(r"list of (\w+) \(JSON\)", info.type)
    if m:
        return _("list of {name} (JSON)").format(name=m[1])
    m = re.fullmatch(r"(\w+) \(JSON\)", info.type)
    return _("{name} (JSON)").format(name=m[1]) if m else info.type


def _choices_text(info: OptionInfo) -> str:
    if info.type == SIGHT and info.choices is not None:
        return _("{sights}, or any sight (owner, team, seat:N, role:NAME, from:EVENT joined by +)").format(
            sights=", ".join(info.choices))
    if info.choices is None:
        return _("any valid value") if info.type else _("structured value")
    if info.seat:  # 1..P at the table: the range shown is for the most players the game takes
        return _("{seats} (seat 1 up to the number of players)").format(seats=info.choices_text())
    return info.choices_text()


def wrap_value(text: str, width: int, initial_indent: str = "", subsequent_indent: str = "") -> list[str]:
    """``text`` (values in the ``--set`` syntax) in lines of at most ``width`` columns: broken at
    spaces, and inside a long value only after a comma or a colon, so that no number, name or
    card is ever split; a piece longer than a line stays whole.

    >>> wrap_value("ranks=1,2,3,4,5,6,7,8,9 must_follow=true", 16)
    ['ranks=1,2,3,4,5,', '6,7,8,9', 'must_follow=true']
    """
    pieces: list[tuple[str, bool]] = []  # (piece, a space before it)
    for word in text.split():
        parts = [p for p in re.split(r"(?<=[,:])", word) if p]
        pieces.extend((p, i == 0) for i, p in enumerate(parts))
    lines: list[str] = []
    line, indent = initial_indent, initial_indent
    for piece, spaced in pieces:
        joined = line + (" " if spaced and line != indent else "") + piece
        if line != indent and _width(joined) > width:
            lines.append(line)
            line = indent = subsequent_indent
            joined = line + piece
        line = joined
    if line != indent:
        lines.append(line)
    return lines


def options_help(rules_cls: type[Any], width: int = 80) -> str:
    """A text listing of every option: type, default in full, allowed values, rule IDs, example, doc.

    The labels and the docs are in the language shown (``rulebook.i18n``); option names,
    values and rule IDs are the same in every language.
    """
    lines: list[str] = []
    labels = [_("default:"), _("allowed:"), _("rules:"), _("example:")]
    column = max(9, *(_width(label) + 1 for label in labels)) + 2
    for info in describe_options(rules_cls):
        if lines:
            lines.append("")
        lines.append(f"{info.name} ({_type_text(info)})")
        values = [
            info.default_text,
            _choices_text(info),
            ", ".join(info.rules) or "-",
            f"--set {info.example}" if info.example else "-",
        ]
        pad = " " * column
        for label, value in zip(labels, values, strict=True):
            first = "  " + label + " " * (column - 2 - _width(label))  # as wide as pad, whatever the language
            wrapped = wrap_value(value, width, pad, pad)
            lines.extend([first + wrapped[0][column:], *wrapped[1:]] if wrapped else [f"  {label}"])
        lines.extend(wrap(_(info.doc), width, "  ", "  ") if info.doc else [])
    return "\n".join(lines)



def options_json(rules_cls: type[Any]) -> list[dict[str, Any]]:
    """Every option as data (``rulebook options GAME --json``); keys :data:`OPTION_KEYS`."""
    return [info.to_json() for info in describe_options(rules_cls)]


def _valid_names(rules_cls: type[Any]) -> str:
    return ", ".join(i.name for i in describe_options(rules_cls))


@attrs.frozen
class Layer:
    """Option values from one source (``--ruleset``, a file, ``--set``, ``--players``), applied in order."""

    values: Mapping[str, Any]
    #: where the values come from, named in an error (``--set``, ``ruleset short``, a file)
    source: str = ""
    #: the values are ``--set`` texts to parse in each option's syntax
    text: bool = False
    #: the values are written by people (a variant file): seats count from 1, as in every text form
    people: bool = False


#: the mark between an option and its player counts in a ``--set`` name: ``colours@2=R,B,G,Y,P``
AT = "@"
_COUNTS = re.compile(r"\d{1,3}(\.\.\d{1,3})?(,\d{1,3}(\.\.\d{1,3})?)*")


@attrs.frozen
class CountValues:
    """One option's values per player count (a TOML table keyed by count, ``--set NAME@N=VALUE``).

    ``values`` gives the value at each count named, in the Python API's form (seats from 0);
    ``otherwise`` is the value at every other count (the earlier layers' or the default);
    ``sources`` names, per count, where the value came from.
    """

    name: str
    values: tuple[tuple[int, Any], ...]
    otherwise: Any
    sources: tuple[tuple[int, str], ...] = ()

    def at(self, players: int) -> Any:
        """The option's value with ``players`` players."""
        for n, value in self.values:
            if n == players:
                return value
        return self.otherwise

    def source(self, players: int) -> str:
        return dict(self.sources).get(players, "")

    @property
    def counts(self) -> tuple[int, ...]:
        return tuple(n for n, _value in self.values)


def parse_counts(name: str, text: str, where: str = "") -> tuple[int, ...]:
    """The player counts of ``NAME@COUNTS``: ``2``, ``2,3`` or ``2..4``."""
    text = text.strip()
    if not _COUNTS.fullmatch(text):
        raise InvalidRules(name, f"after {AT} give player counts such as 2, 2,3 or 2..4, not {text!r:.40}{where}")
    out: list[int] = []
    for part in text.split(","):
        a, _sep, b = part.partition("..")
        lo, hi = int(a), int(b or a)
        if lo > hi:
            raise InvalidRules(name, f"the range {part} of player counts must run upwards{where}")
        out.extend(n for n in range(lo, hi + 1) if n not in out)
    return tuple(out)


def _counted(raw: Mapping[Any, Any]) -> bool:
    """A mapping keyed by player counts only (``{"2": ..., "3": ...}``)."""
    return bool(raw) and all((type(k) is int and k >= 0) or (isinstance(k, str) and k.isascii() and k.isdigit())
                             for k in raw)


def _structured(default: Any) -> bool:
    """An option whose value is itself a mapping or a record (written as a table in a file)."""
    return isinstance(default, Mapping) or attrs.has(type(default))


def _count_table(name: str, raw: Mapping[Any, Any], where: str) -> dict[int, Any]:
    """A TOML table keyed by player count (``2 = [...]``): counts as ints."""
    out: dict[int, Any] = {}
    keys: dict[int, Any] = {}
    for key, value in raw.items():
        text = str(key) if type(key) is int else key if isinstance(key, str) else ""
        if not text.strip().isdigit() or not text.strip().isascii() or len(text.strip()) > 3:
            raise InvalidRules(name, f"a table of values per player count takes counts as keys (2 = ...), "
                                     f"not {key!r:.40}{where}")
        n = int(text)
        if n in keys:  # "2" and "02" (or " 2") name one count: which value was meant is not said
            raise InvalidRules(name, f"player count {n} is given twice, as {keys[n]!r} and {key!r}{where}")
        keys[n] = key
        out[n] = value
    return out


def _check_count(rules_cls: type[Any], infos: Mapping[str, OptionInfo], name: str, n: int, where: str) -> None:
    if name == "players":
        raise InvalidRules(name, f"the player count cannot take a value per player count{where}")
    choices = infos["players"].choices if "players" in infos else None
    if choices is not None and n not in choices:
        raise InvalidRules(name, f"a value for {n} players, but the game takes "
                                 f"{OptionInfo('players', None, '', choices).choices_text()} players{where}")


def resolve_layers(
    rules_cls: type[R], layers: Sequence[Layer], base: R | None = None, players: int | None = None
) -> tuple[R, dict[str, str], tuple[CountValues, ...]]:
    """:func:`rules_from_layers`, also returning the values given per player count.

    A value may be given per player count: in a layer, a table keyed by count (``{"2": [...],
    "3": [...]}``, a TOML ``[rules.colours]`` table) or a name ``NAME@COUNTS`` (``colours@2``,
    ``hand_size@2,3``, ``hand_size@2..4``). Counts not named keep the value of the earlier
    layers (else the default); a later plain value replaces every count's. The rules are built
    at the player count the layers give (``players``, if given, overrides it), and also at every
    other count named, so that a fault at any count is found now; it names the option, the count
    and the source. Returns the rules, each option's source, and the per-count values
    (:meth:`CountValues.at`), which rebuild the rules at any count.
    """
    infos = {i.name: i for i in describe_options(rules_cls)}
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    per: dict[str, dict[int, tuple[Any, str]]] = {}
    for layer in layers:
        where = f" ({layer.source})" if layer.source else ""
        for key, raw in _flat(layer.values):  # a [rules.visible] table: one visible.<element> each
            if not isinstance(key, str):
                raise InvalidRules("?", f"option names are strings, not {type(key).__name__}{where}")
            name, at, counts_text = key.replace("-", "_").partition(AT)
            name = name.strip()
            option = _zone_option(name, infos)
            if option not in infos:
                place = f" (in {layer.source})" if layer.source else ""
                raise InvalidRules(name, f"unknown option; valid options are: {_valid_names(rules_cls)}{place}")
            if option != name:  # one seat's zone: a sight of that zone, never per player count
                if at:
                    raise InvalidRules(name, f"a seat's sight is not given per player count{where}")
                values[name] = _layer_value(infos[option], layer, raw, where)
                sources[name] = layer.source
                continue
            if at:
                table = {n: raw for n in parse_counts(name, counts_text, where)}
            elif isinstance(raw, Mapping) and (_counted(raw) or not _structured(infos[name].default)):
                table = _count_table(name, raw, where)
            else:
                values[name] = _layer_value(infos[name], layer, raw, where)
                sources[name] = layer.source
                per.pop(name, None)
                continue
            for n, value in table.items():
                count_where = f" (at {n} players; {layer.source})" if layer.source else f" (at {n} players)"
                _check_count(rules_cls, infos, name, n, count_where)
                per.setdefault(name, {})[n] = (_layer_value(infos[name], layer, value, count_where),
                                               layer.source)
    kwargs = {n: option_value(base, n) for n in infos} if base is not None else {}
    if base is not None and isinstance(getattr(base, VISIBLE, None), Mapping):  # the seats' own sights too
        kwargs.update({f"{VISIBLE}.{k}": v for k, v in getattr(base, VISIBLE).items() if "." in k})
    kwargs.update(values)
    if players is not None:
        kwargs["players"] = players
        sources["players"] = sources.get("players") or "--players"
    defaults = {i.name: i.default for i in infos.values()}
    counts = tuple(
        CountValues(name, tuple((n, _frozen(v)) for n, (v, _s) in sorted(table.items())),
                    _frozen(kwargs.get(name, defaults[name])), tuple((n, s) for n, (_v, s) in sorted(table.items())))
        for name, table in per.items()
    )
    current = kwargs.get("players", defaults.get("players"))
    named = sorted({n for c in counts for n in c.counts} - {current})
    rules = _build(rules_cls, infos, kwargs, sources, counts, current)
    for n in named:
        _build(rules_cls, infos, kwargs, sources, counts, n)
    return rules, sources, counts


def _frozen(value: Any) -> Any:
    """A list (as TOML and JSON give) as a tuple, so that per-count values compare and hash as rules do."""
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


def _layer_value(info: OptionInfo, layer: Layer, raw: Any, where: str) -> Any:
    try:
        if layer.text and isinstance(raw, str):
            return parse_value(info, raw)
        if (layer.text or layer.people) and info.seat:
            if isinstance(raw, (list, tuple)):  # a tuple of seats: each counted from 1
                return tuple(_from_person(info, v, "") for v in raw)
            return _from_person(info, raw, "")
        return raw
    except InvalidRules as exc:
        if not where:
            raise
        raise InvalidRules(info.name, f"{_reason(exc)}{where}") from None


def _build(
    rules_cls: type[R], infos: Mapping[str, OptionInfo], kwargs: Mapping[str, Any], sources: Mapping[str, str],
    counts: tuple[CountValues, ...], players: Any,
) -> R:
    """The rules at ``players`` (the per-count values applied); a fault names its source and count."""
    here = dict(kwargs)
    here_sources = dict(sources)
    if counts:
        here["players"] = players
        for c in counts:
            here[c.name] = c.at(players)
            if players in c.counts:
                here_sources[c.name] = f"{c.source(players) or 'a value'} at {players} players"
    try:
        return rules_cls(**rules_kwargs(rules_cls, here))  # visible.<element> folded into one mapping
    except InvalidRules as exc:
        at = f" at {players} players" if counts and not here_sources.get(exc.field, "").endswith(" players") \
            and any(players in c.counts for c in counts) else ""
        if not here_sources.get(exc.field):
            if at:
                raise InvalidRules(exc.field, f"{_reason(exc)} ({at.strip()})") from None
            raise
        info = infos.get(exc.field)
        doc = f"\n  {info.name} ({info.type}; allowed: {info.choices_text()}): {info.doc}" if info else ""
        raise InvalidRules(exc.field, f"{_reason(exc)} (set by {here_sources[exc.field]}{at}){doc}") from None
    except (TypeError, ValueError) as exc:
        raise InvalidRules("?", str(exc)) from None


def rules_at(rules: R, counts: Sequence[CountValues], players: int) -> R:
    """``rules`` at ``players`` players, with the values given per player count for that count."""
    values = {c.name: c.at(players) for c in counts}
    kwargs = rules_kwargs(type(rules), values, attrs.asdict(rules, recurse=False))  # type: ignore[arg-type]
    return attrs.evolve(rules, players=players, **kwargs)  # type: ignore[misc]


def rules_from_layers(
    rules_cls: type[R], layers: Sequence[Layer], base: R | None = None
) -> tuple[R, dict[str, str]]:
    """A ``Rules`` from ``base`` (default: the printed rules) with every layer applied in order.

    Each value is parsed (a text layer) and named as it comes; the ``Rules`` are built
    once, at the end, and validated then, so a file for 3 players works with
    ``--players 3``. A fault names the option and, for a layer with a source, where its
    value came from. Returns the rules and, for each option set, its layer's source.
    Values per player count are applied at the count the layers give
    (:func:`resolve_layers` returns them too).
    """
    rules, sources, _counts = resolve_layers(rules_cls, layers, base)
    return rules, sources


def _flat(values: Mapping[Any, Any]) -> Iterator[tuple[Any, Any]]:
    """The (name, value) pairs of a layer, a ``visible`` table (TOML ``[rules.visible]``) given as
    one ``visible.<zone>`` pair per zone, and a zone's table of seats (``[rules.visible.hands]``,
    ``3 = "all"``) as one ``visible.<zone>.<seat>`` pair per seat."""
    for key, raw in values.items():
        if key == VISIBLE and isinstance(raw, Mapping):
            for element, setting in raw.items():
                if isinstance(setting, Mapping):
                    for seat, sight in setting.items():
                        yield f"{VISIBLE}.{element}.{seat}", sight
                else:
                    yield f"{VISIBLE}.{element}", setting
        else:
            yield key, raw


def _zone_option(name: str, infos: Mapping[str, OptionInfo]) -> str:
    """The option a ``visible.<zone>.<seat>`` name sets the sight of (``visible.<zone>``), else ``name``."""
    if name.startswith(VISIBLE + ".") and name.count(".") == 2 and name not in infos:
        zone = name.rpartition(".")[0]
        if zone in infos:
            return zone
    return name


def _reason(exc: InvalidRules) -> str:
    return str(exc).partition(": ")[2] or str(exc)


def rules_from_mapping(
    rules_cls: type[R], values: Mapping[str, Any], *, base: R | None = None, parse_text: bool = False
) -> R:
    """Build a ``Rules`` from option names and values.

    Values must have the option's exact type (``InvalidRules`` otherwise); with
    ``parse_text=True`` (command-line ``--set`` values) strings are first parsed
    in the option's text syntax (:func:`parse_value`). An unknown name fails with
    a message naming the valid options on one line.
    """
    return rules_from_layers(rules_cls, [Layer(values, "", parse_text)], base)[0]


def rules_to_dict(rules: Any) -> dict[str, Any]:
    """A JSON-compatible dict of every option (the inverse of :func:`rules_from_mapping`)."""
    out = _jsonable(rules)
    assert isinstance(out, dict)
    return out
