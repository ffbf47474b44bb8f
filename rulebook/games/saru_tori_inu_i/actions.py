"""Saru Tori Inu I: the actions, the phases of a round and the per-rules action tables."""

from __future__ import annotations

import enum
from typing import Any

import attrs

from rulebook.core.contract import Action

from .rules import MAX_STRENGTH, Rules

# -- actions (ST-PLAY-1..4, ST-RES-2..5) ----------------------------------------------------


class _Carded(Action):
    """A move of one card: its ``repr`` shows the card as its text does (``Play(card=R8)``; the deck
    in play names the cards, so an action made without a name shows the card's number, ``#7``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        name = getattr(self, "name", "") or "#" + str(getattr(self, "card", ""))
        return f"{type(self).__name__}(card={name})"


@attrs.frozen(slots=True, repr=False)
class Play(_Carded):
    """Play ``card`` face up (ST-PLAY-1, ST-PLAY-2)."""

    card: int
    name: str = attrs.field(default="", eq=False, repr=False)

    def __str__(self) -> str:
        return f"play {self.name or '#' + str(self.card)}"


@attrs.frozen(slots=True, repr=False)
class Down(_Carded):
    """Play ``card`` face down: no card fits (ST-PLAY-3)."""

    card: int
    name: str = attrs.field(default="", eq=False, repr=False)

    def __str__(self) -> str:
        return f"down {self.name or '#' + str(self.card)}"


@attrs.frozen(slots=True)
class Declare(Action):
    """The last player declares ``strength`` for two cards it then picks (ST-PLAY-4)."""

    strength: int

    def __str__(self) -> str:
        return f"declare {self.strength}"


@attrs.frozen(slots=True, repr=False)
class Pair(_Carded):
    """One of the two cards played with a declaration, lower card first (ST-PLAY-4)."""

    card: int
    name: str = attrs.field(default="", eq=False, repr=False)

    def __str__(self) -> str:
        return f"pair {self.name or '#' + str(self.card)}"


@attrs.frozen(slots=True)
class Place(Action):
    """Put the played card(s) beneath oracle column ``column`` (0 = leftmost, ST-RES-2)."""

    column: int

    def __str__(self) -> str:
        column = self.column
        return f"under {column + 1}" if type(column) is int else f"under {column!r}"


@attrs.frozen(slots=True, repr=False)
class Take(_Carded):
    """Acquire oracle card ``card`` (ST-RES-3)."""

    card: int
    name: str = attrs.field(default="", eq=False, repr=False)

    def __str__(self) -> str:
        return f"take {self.name or '#' + str(self.card)}"


@attrs.frozen(slots=True, repr=False)
class Road(_Carded):
    """Lay oracle card ``card`` as road (ST-RES-3, ST-ROAD-1)."""

    card: int
    name: str = attrs.field(default="", eq=False, repr=False)

    def __str__(self) -> str:
        return f"road {self.name or '#' + str(self.card)}"


@attrs.frozen(slots=True, repr=False)
class Keep(_Carded):
    """A face-down player takes oracle card ``card`` into its hand (ST-RES-5)."""

    card: int
    name: str = attrs.field(default="", eq=False, repr=False)

    def __str__(self) -> str:
        return f"keep {self.name or '#' + str(self.card)}"


SaruAction = Play | Down | Declare | Pair | Place | Take | Road | Keep


class Phase(enum.IntEnum):
    """The step of a round the player to act is in (``state.phase``)."""

    #: play a card face up or down, or declare (ST-PLAY-1..4)
    PLAY = 0
    #: pick the two cards of a declaration (ST-PLAY-4)
    PAIR = 1
    #: put the played card(s) beneath a column (ST-RES-2)
    PLACE = 2
    #: take the leftmost oracle card (ST-RES-3..5)
    TAKE = 3


PLAY, PAIR, PLACE, TAKE = Phase.PLAY, Phase.PAIR, Phase.PLACE, Phase.TAKE


#: ST-PLAY-4: the Declare actions, and for each mask of used strengths the free ones.
_DECLARE = tuple(Declare(n) for n in range(MAX_STRENGTH + 1))
_DECLARES = tuple(
    tuple([d for d in _DECLARE if not used >> d.strength & 1]) for used in range(1 << (MAX_STRENGTH + 1))
)
_PLACE = tuple(Place(k) for k in range(4))
#: ST-RES-2: the Place actions for every set of columns (a sorted tuple of column numbers).
_PLACES = {
    cols: tuple([_PLACE[k] for k in cols])
    for cols in (tuple([k for k in range(4) if m >> k & 1]) for m in range(16))
}


class _Tab:
    """Per-rules tables: the action objects by card and each card's facts."""

    __slots__ = ("actions", "bit", "cbit", "colour", "declare", "declaring", "down", "icons", "keep", "kernel",
                 "leaders", "pair", "place", "places", "play", "road", "strength", "take", "tie_order")

    def __init__(self, rules: Rules) -> None:
        deck = rules.deck
        self.play = tuple(Play(i, c.name) for i, c in enumerate(deck))
        self.down = tuple(Down(i, c.name) for i, c in enumerate(deck))
        self.declare = _DECLARE
        self.pair = tuple(Pair(i, c.name) for i, c in enumerate(deck))
        self.place = _PLACE
        self.take = tuple(Take(i, c.name) for i, c in enumerate(deck))
        self.road = tuple(Road(i, c.name) for i, c in enumerate(deck))
        self.keep = tuple(Keep(i, c.name) for i, c in enumerate(deck))
        self.actions: tuple[SaruAction, ...] = (
            self.play + self.down + self.declare + self.pair + self.place + self.take + self.road + self.keep
        )
        self.strength = tuple(c.strength for c in deck)
        #: each card's strength as a bit of a ``used`` mask (ST-PLAY-2)
        self.bit = tuple(1 << c.strength for c in deck)
        self.colour = tuple(c.colour for c in deck)
        #: each card's colour as a bit of a mask of animals (the animal of a colour has its number)
        self.cbit = tuple(1 << c.colour for c in deck)
        #: the track's tie order (ST-ROAD-4, ST-RULING-4), and the heuristic's memo of the top
        #: two animals as a mask, by the animals' squares (filled as they are met)
        self.tie_order = rules.track.tie_order
        self.leaders: dict[tuple[int, ...], int] = {}
        #: the scoring's memo of each animal's place in the race (1st..4th), by the animals' squares
        self.places: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.icons = tuple(c.icons for c in deck)
        #: who may declare: 0 nobody (ST-PLAY-5), 1 the last player (ST-PLAY-4), 2 anyone (ST-PLAY-6)
        self.declaring = {"off": 0, "last": 1, "anyone": 2}[rules.declaration]
        #: the rollout kernel's facts of the rules (``heuristic._kernel_rules``), once it has read them
        self.kernel: tuple[Any, ...] | None = None


_TABS: dict[Rules, _Tab] = {}
#: The tables by the identity of a rules object looked up before: ``id(rules)`` to
#: ``(rules, tables)``. The entry keeps its rules alive, so the id is not reused while it
#: is there; the ``is`` check makes sure. It spares the hot path (the heuristic, the
#: scoring) hashing and comparing whole rules when its rules object is not the one
#: ``_TABS`` was keyed with.
_BY_ID: dict[int, tuple[Rules, _Tab]] = {}


def _tab(rules: Rules) -> _Tab:
    """The tables of ``rules``, built once (one per equal rules) and found by identity."""
    hit = _BY_ID.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    t = _TABS.get(rules)
    if t is None:
        t = _TABS[rules] = _Tab(rules)
    if len(_BY_ID) >= 256:  # many short-lived rules objects (tests): start afresh
        _BY_ID.clear()
    _BY_ID[id(rules)] = (rules, t)
    return t
