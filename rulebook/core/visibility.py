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

>>> HANDS = Element("hands", OWNER, (OWNER, ALL), ("SP-INFO-1",), "Who sees each hand.")
>>> v = Visible.of((HANDS,), {"hands": "all"})
>>> v["hands"], v.printed, dict(v)
('all', False, {'hands': 'all'})
>>> Visible.of((HANDS,), {"hands": "team"})
Traceback (most recent call last):
...
rulebook.errors.InvalidRules: Rules.visible.hands: must be one of owner, all (got 'team')
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
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
    """A hidden element of a game: its name, its printed setting, the settings the engine
    honours (the printed one first), the spec rule IDs, and a line for people."""

    name: str
    printed: str
    choices: tuple[str, ...]
    rules: tuple[str, ...]
    doc: str

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
                   f"Who sees each hand: 'owner', {seen} ({rules[0]}); 'all', every hand face up ({rules[-1]}).")


class Visible(Mapping[str, str]):
    """The visibility settings of a game's elements: element name -> setting (hashable, immutable).

    Built by :meth:`of` (each key an element, each value among its choices; elements not
    given keep their printed setting). :attr:`printed` says whether every element has its
    printed setting (the engines keep their fast path then).
    """

    __slots__ = ("_items", "_printed")

    def __init__(self, items: Mapping[str, str], printed: bool) -> None:
        self._items = dict(items)
        self._printed = printed

    @classmethod
    def of(cls, elements: tuple[Element, ...], values: Any = None) -> Visible:
        """The settings of ``elements`` with ``values`` (a mapping, or ``None`` for the printed ones)."""
        known = {e.name: e for e in elements}
        given: Mapping[str, Any] = {} if values is None else values
        if not isinstance(given, Mapping):
            raise InvalidRules("visible", f"expected a table of elements and settings, not {type(given).__name__}")
        for key, value in given.items():
            if key not in known:
                names = ", ".join(f"visible.{n}" for n in known) or "none"
                raise InvalidRules(f"visible.{key}", f"no such hidden element; this game's are: {names}")
            element = known[key]
            if type(value) is not str or value not in element.choices:
                raise InvalidRules(f"visible.{key}",
                                   f"must be one of {', '.join(element.choices)} (got {value!r:.40})")
        items = {e.name: given.get(e.name, e.printed) for e in elements}
        return cls(items, all(items[e.name] == e.printed for e in elements))

    @property
    def printed(self) -> bool:
        """Every element has its printed setting."""
        return self._printed

    def __getitem__(self, key: str) -> str:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Visible):
            return self._items == other._items
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._items.items())))

    def __repr__(self) -> str:
        return f"Visible({self._items!r})"
