"""Who sees what, as data: the settings of a game's hidden elements (``visible.<element>``).

Each game names the elements whose visibility a variant may change (its hands, its future row,
...) with the printed setting and the settings its engine honours. A setting is one of

* ``owner``: only the seat that holds it sees it (a hand);
* ``all``: every seat sees it;
* ``team``: the holder and its partners see it;
* ``none``: nobody sees it (not even the holder);
* ``from:<event>``: nobody sees it until the event, then every seat does; the events are the
  game's own words (``from:trick``: each card of a row is turned up when its trick starts).

The ``Rules`` of a game hold the settings in one field, ``visible``, a :class:`Visible` mapping
from element names to settings; every text form names one element as ``visible.<element>``
(``--set visible.hands=all``, a TOML ``[rules.visible]`` table, ``rulebook options GAME``).

>>> HANDS = Element("hands", OWNER, (OWNER, ALL), ("SP-INFO-1",), "Who sees each hand.", per_seat=True)
>>> v = Visible.of((HANDS,), {"hands": "all"})
>>> v["hands"], v.printed, dict(v)
('all', False, {'hands': 'all'})
>>> w = Visible.of((HANDS,), {"hands.3": "all"})  # seat 3's hand face up: played on the general path
>>> w.printed, w.general
(True, (('hands', 2, 'all'),))
>>> Visible.of((HANDS,), {"hands": "everybody"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
rulebook.errors.InvalidRules: Rules.visible.hands: 'everybody' is not a part of a sight (owner, team, ...
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any

import attrs

from rulebook.errors import InvalidRules

__all__ = [
    "ALL",
    "FROM",
    "NONE",
    "OWNER",
    "SETTINGS",
    "TEAM",
    "Element",
    "Visible",
    "from_event",
    "is_setting",
    "open_hands",
]

OWNER = "owner"
ALL = "all"
TEAM = "team"
NONE = "none"
#: the prefix of a setting that shows an element to every seat from an event on
FROM = "from:"
#: the settings that name no event
SETTINGS = (OWNER, ALL, TEAM, NONE)
_EVENT = re.compile(r"[a-z][a-z_]{0,30}")


def from_event(event: str) -> str:
    """The setting that shows an element to every seat from ``event`` on (``from:trick``)."""
    if not _EVENT.fullmatch(event):
        raise ValueError(f"an event is a lower-case word such as 'trick', not {event!r:.40}")
    return FROM + event


def is_setting(text: object) -> bool:
    """Whether ``text`` is a setting of the vocabulary (``owner``, ``all``, ``team``, ``none``, ``from:<event>``)."""
    if not isinstance(text, str):
        return False
    return text in SETTINGS or (text.startswith(FROM) and bool(_EVENT.fullmatch(text[len(FROM):])))


@attrs.frozen
class Element:
    """A zone of a game (:mod:`rulebook.core.model`): its name, its printed sight, the settings the
    engine honours on its own fast path (``choices``, the printed one first), the spec rule IDs, a
    line for people, and what the zone is: what its items are (``items``), whether there is one per
    seat (``per_seat``) and whether the order of its items is seen (``ordered``).

    Any other sight of the vocabulary (``owner``, ``all``, ``none``, ``team``, ``seat:N``,
    ``role:NAME``, ``from:EVENT`` and their ``+`` combinations, :class:`rulebook.core.model.Sight`)
    is played on the general path (:mod:`rulebook.variants.zones`), unless ``general`` is false.
    """

    name: str
    printed: str
    choices: tuple[str, ...]
    rules: tuple[str, ...]
    doc: str
    items: str = "card"
    per_seat: bool = False
    ordered: bool = False
    #: whether sights other than ``choices`` may be set (played on the general path)
    general: bool = True

    def __attrs_post_init__(self) -> None:
        if not _EVENT.fullmatch(self.name):
            raise TypeError(f"an element name is a lower-case word, not {self.name!r:.40}")
        bad = [c for c in self.choices if not is_setting(c)]
        if bad or self.printed not in self.choices:
            raise TypeError(f"element {self.name}: settings {self.choices!r} must be of the vocabulary "
                            f"and hold the printed {self.printed!r}")


def open_hands(rules: tuple[str, ...], seen: str = "its holder only") -> Element:
    """The ``hands`` element of a game: printed ``owner`` (``seen`` says who sees a hand), or ``all``
    (every hand played face up); ``rules`` names the game's information rule and its open-hands rule."""
    return Element("hands", OWNER, (OWNER, ALL), rules,
                   f"Who sees each hand: 'owner', {seen} ({rules[0]}); 'all', every hand face up ({rules[-1]}).",
                   per_seat=True)


#: the most digits of a seat number in a ``visible.<zone>.<seat>`` key
_SEAT_DIGITS = 3


def _split_key(key: str) -> tuple[str, int | None]:
    """``("hands", 2)`` for ``hands.3`` (seats count from 1 in the key), ``("trick", None)`` for ``trick``."""
    zone, dot, seat = key.partition(".")
    if not dot:
        return zone, None
    if not seat.isdigit() or not seat.isascii() or len(seat) > _SEAT_DIGITS or int(seat) < 1:
        raise InvalidRules(f"visible.{key[:40]}", "a seat's zone is named visible.<zone>.<seat>, seats from 1")
    return zone, int(seat) - 1


def _sight_text(text: str) -> str:
    """``text`` if it is a sight of the model's vocabulary (``ValueError`` otherwise)."""
    from rulebook.core.model import Sight  # the model's vocabulary (core.model imports nothing of this)

    return str(Sight.parse(text))


class Visible(Mapping[str, str]):
    """The visibility settings of a game's zones: key -> setting (hashable, immutable: its
    attributes read-only and its table a read-only view, so that a hook given the rules cannot
    change them).

    A key names a zone (``hands``) or one seat's zone (``hands.3``, seats from 1). Built by
    :meth:`of` (each zone's value one of its settings; zones not given keep their printed setting).
    :attr:`printed` says whether every setting the engine plays itself is the printed one (the
    engines keep their fast path then); :attr:`general` lists the settings the engine does not play
    itself, which the general path plays (:mod:`rulebook.variants.zones`).

    >>> v = Visible.of((open_hands(("X-INFO-1",)),))
    >>> v._items = {}
    Traceback (most recent call last):
    ...
    AttributeError: Visible is immutable: _items cannot be set
    """

    __slots__ = ("_general", "_items", "_printed")
    _items: Mapping[str, str]
    _printed: bool
    _general: tuple[tuple[str, int | None, str], ...]

    def __init__(self, items: Mapping[str, str], printed: bool,
                 general: tuple[tuple[str, int | None, str], ...] = ()) -> None:
        object.__setattr__(self, "_items", MappingProxyType({str(k): str(v) for k, v in items.items()}))
        object.__setattr__(self, "_printed", bool(printed))
        object.__setattr__(self, "_general", tuple(general))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Visible is immutable: {name} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Visible is immutable: {name} cannot be deleted")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Visible, (dict(self._items), self._printed, self._general))

    @classmethod
    def of(cls, elements: tuple[Element, ...], values: Any = None) -> Visible:
        """The settings of ``elements`` with ``values`` (a mapping, or ``None`` for the printed ones)."""
        known = {e.name: e for e in elements}
        given: Mapping[str, Any] = {} if values is None else values
        if not isinstance(given, Mapping):
            raise InvalidRules("visible", f"expected a table of elements and settings, not {type(given).__name__}")
        items = {e.name: e.printed for e in elements}
        general: list[tuple[str, int | None, str]] = []
        seen_seats: dict[tuple[str, int], str] = {}
        for key, value in given.items():
            if not isinstance(key, str):
                raise InvalidRules("visible", f"a zone is named by text, not {type(key).__name__}")
            name, seat = _split_key(key)
            if name not in known:
                names = ", ".join(f"visible.{n}" for n in known) or "none"
                raise InvalidRules(f"visible.{key[:40]}", f"no such zone; this game's are: {names}")
            element = known[name]
            if seat is not None and not element.per_seat:
                raise InvalidRules(f"visible.{key[:40]}", f"{name} is one zone for the whole table, not one per seat")
            if type(value) is not str:
                raise InvalidRules(f"visible.{key[:40]}", f"a sight is text such as owner or all, not {value!r:.40}")
            if seat is None and value in element.choices:
                items[name] = value
                continue
            if not element.general:
                if seat is not None:
                    raise InvalidRules(f"visible.{key[:40]}",
                                       f"{name} takes no sight for one seat in this game: set visible.{name} for "
                                       f"every seat ({', '.join(element.choices)})")
                raise InvalidRules(f"visible.{key[:40]}",
                                   f"must be one of {', '.join(element.choices)} (got {value!r:.40})")
            try:
                text = _sight_text(value)
            except ValueError as exc:
                raise InvalidRules(f"visible.{key[:40]}", str(exc)) from None
            if seat is not None:
                if (name, seat) in seen_seats:
                    raise InvalidRules(f"visible.{key[:40]}",
                                       f"seat {seat + 1}'s {name} is named twice ({seen_seats[name, seat]!r:.40})")
                seen_seats[name, seat] = key
                items[f"{name}.{seat + 1}"] = text
            else:
                items[name] = text
            general.append((name, seat, text))
        printed = all(items[e.name] == e.printed or items[e.name] not in e.choices for e in elements)
        return cls(items, printed, tuple(sorted(general, key=lambda g: (g[0], -1 if g[1] is None else g[1]))))

    @property
    def printed(self) -> bool:
        """Every setting the engine plays itself is its printed one (general settings aside)."""
        return self._printed

    @property
    def general(self) -> tuple[tuple[str, int | None, str], ...]:
        """The settings played on the general path: ``(zone, seat or None, sight)``, by zone and seat."""
        return self._general

    @property
    def plain(self) -> bool:
        """Every zone has its printed sight: nothing for the general path, the engine as printed."""
        return self._printed and not self._general

    def __getitem__(self, key: str) -> str:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Visible):
            return dict(self._items) == dict(other._items)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._items.items())))

    def __repr__(self) -> str:
        return f"Visible({dict(self._items)!r})"
