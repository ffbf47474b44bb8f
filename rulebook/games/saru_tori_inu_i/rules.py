"""Saru Tori Inu I: the rules' options and the components as data (ST-COMP-1..3, ST-DATA-1..4).

The colours, animals and tables of the game, the data records (:class:`OracleCard`,
:class:`Mission`, :class:`Tier`, :class:`Track`) with their PLACEHOLDER defaults, the
converters that check a deck, missions or track read from a file, :class:`Rules`, the
deals (ST-SETUP-1), and the race's movement and order (ST-ROAD-2..4).
"""

from __future__ import annotations

import json
import random
import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from rulebook.core.contract import Deal
from rulebook.core.logic import Logic, logic_field
from rulebook.core.options import Ruleset, option, seat_fault, validate_choices, visibility
from rulebook.core.visibility import ALL, OWNER, Element, Visible, open_hands
from rulebook.errors import InvalidRules

# -- components (ST-COMP-1, ST-COMP-3) ---------------------------------------------------

#: Colour i belongs to animal i: red monkey, blue dog, yellow bird, black boar (ST-COMP-1).
COLOURS = ("red", "blue", "yellow", "black")
LETTERS = ("R", "B", "Y", "K")
ANIMALS = ("monkey", "dog", "bird", "boar")
MONKEY, DOG, BIRD, BOAR = range(4)
#: The title's order 申酉戌亥: monkey, bird, dog, boar (used by the placeholders).
TITLE_ORDER = (MONKEY, BIRD, DOG, BOAR)
DECK_SIZE = 36
PER_COLOUR = 9
#: ST-RULING-26: the fewest and the most cards a deck of the owner's may hold
MIN_DECK = 12
MAX_DECK = 64
MAX_STRENGTH = 10
MAX_ICONS = 8
#: ST-SCORE-2: points per card, by the animal's place (row) and the colour place (1st, 2nd):
#: the printed table, the default of ``Rules.colour_points`` (read ``rules.colour_table``).
COLOUR_POINTS = ((4, 3), (2, 1), (0, 0), (-3, -1))
#: ST-ROUND-3: the printed rounds per race by player count (``Rules.rounds_3p``, ``Rules.rounds_4p``).
ROUNDS = {3: 8, 4: 6}
#: ST-ROUND-3: the most rounds per race an option may ask for.
MAX_ROUNDS = 20
RACES_FULL, RACES_SHORT, RACES_TRIAL, RACES_FIXED = "full", "short", "trial", "fixed"
#: ST-RACE-3: the most races ``races='fixed'`` may ask for; ST-RACE-4: the highest target score.
MAX_RACES = 8
MAX_TARGET = 200
#: ST-PLAY-4 (printed), ST-PLAY-5 (no declaration), ST-PLAY-6 (any player may declare).
DECLARE_LAST, DECLARE_OFF, DECLARE_ANYONE = "last", "off", "anyone"
#: ST-SETUP-4: the most mission cards a game may hold (the observation tensor has a slot each).
MAX_MISSIONS = 16
CONDITIONS = ("always", "animal_place", "colour_first", "every_colour")
#: ST-ROAD-3 (printed: a moving animal hops occupied squares), ST-ROAD-5 (house rule: animals share squares).
SQUARES_HOP, SQUARES_SHARE = "hop", "share"
#: ST-LOGIC-3: the printed game's endings, by name (``Rules.endings_off`` switches them off):
#: ``rounds`` ends a race after its rounds (ST-ROUND-3), ``target`` ends the game at the target
#: score (ST-RACE-4, when one is set), ``races`` ends the game after its last race (ST-RACE-1).
ENDINGS = {"rounds": "ST-ROUND-3", "target": "ST-RACE-4", "races": "ST-RACE-1"}

#: Sentinels of ``state.shown`` (ST-PLAY-1..4): a seat that has not played yet, a face-down play.
NOT_PLAYED = -2
FACE_DOWN = -1

_NAME = re.compile(r"^[A-Za-z0-9_+\-]{1,16}$")
_WORDS: dict[str, int] = {}
for _i in range(4):
    _WORDS[COLOURS[_i]] = _WORDS[ANIMALS[_i]] = _WORDS[LETTERS[_i].lower()] = _i


# -- data records (ST-DATA-1) --------------------------------------------------------------


@attrs.frozen
class OracleCard:
    """One oracle card (ST-COMP-1): colour 0-3, strength, animal icons in moving order.

    ``icons`` lists animals (0 monkey, 1 dog, 2 bird, 3 boar) from the tail end
    of the card, the order in which they move when the card becomes road
    (ST-ROAD-2). ``name`` is the card's text form in actions (``R5``).
    """

    colour: int
    strength: int
    icons: tuple[int, ...]
    name: str = ""


@attrs.frozen
class Tier:
    """A race mission's step: these ``(animal, place)`` pairs hold, worth ``points`` in all."""

    places: tuple[tuple[int, int], ...]
    points: int


@attrs.frozen
class Mission:
    """A mission card (ST-COMP-2), of kind ``race`` or ``cards``.

    ``race`` (ST-SCORE-3): ``tiers`` are cumulative; the mission scores the
    points of the last tier whose places hold together with every earlier
    tier's. ``cards`` (ST-SCORE-4): if ``condition`` holds, ``per_card`` points
    per acquired card (of colour ``counted``, or every card when it is -1).
    Conditions (ST-RULING-17): ``always``; ``animal_place`` (``animal`` finished in
    ``place``); ``colour_first`` (the holder is 1st in colour ``colour``);
    ``every_colour`` (the holder acquired a card of every colour).
    """

    kind: str
    tiers: tuple[Tier, ...] = ()
    condition: str = "always"
    animal: int = 0
    place: int = 1
    colour: int = 0
    per_card: int = 1
    counted: int = -1


@attrs.frozen
class Track:
    """The race track (ST-COMP-3): each animal's start square, and the order of animals
    that share a square (only possible on a start square; first = ahead, ST-ROAD-4)."""

    start: tuple[int, int, int, int] = (0, 0, 0, 0)
    tie_order: tuple[int, int, int, int] = TITLE_ORDER


def _placeholder_icons(colour: int, strength: int) -> tuple[int, ...]:
    """ST-DATA-2, ST-RULING-1: 3 icons for strengths 1-3, 2 for 4-6, 1 for 7-9; own animal first, then
    the title cycle (monkey, bird, dog, boar) forwards for odd strengths, backwards for even."""
    count = 3 if strength <= 3 else 2 if strength <= 6 else 1
    step = 1 if strength % 2 else 3
    at = TITLE_ORDER.index(colour)
    return tuple(TITLE_ORDER[(at + k * step) % 4] for k in range(count))


#: ST-DATA-2 (PLACEHOLDER): strengths 1-9 in each colour, the icon layout above.
DEFAULT_DECK: tuple[OracleCard, ...] = tuple(
    OracleCard(c, s, _placeholder_icons(c, s), f"{LETTERS[c]}{s}") for c in range(4) for s in range(1, 10)
)

#: ST-DATA-3, ST-RULING-2 (PLACEHOLDER): three race missions and three collected-cards missions;
#: the first of each kind is the source's example.
DEFAULT_MISSIONS: tuple[Mission, ...] = (
    Mission("race", tiers=(Tier(((BOAR, 1), (DOG, 2)), 12), Tier(((MONKEY, 3),), 16))),
    Mission("race", tiers=(Tier(((DOG, 1), (BIRD, 2)), 12), Tier(((BOAR, 3),), 16))),
    Mission("race", tiers=(Tier(((BIRD, 1), (MONKEY, 2)), 12), Tier(((DOG, 3),), 16))),
    Mission("cards", condition="every_colour", per_card=1),
    Mission("cards", condition="animal_place", animal=MONKEY, place=4, per_card=1),
    Mission("cards", condition="colour_first", colour=BIRD, per_card=1),
)

#: ST-DATA-4, ST-RULING-3 (PLACEHOLDER): every animal starts on square 0 (shared; no
#: finish line); ST-RULING-4: animals on one square rank in title order.
DEFAULT_TRACK = Track()


# -- converters: friendly file forms and rules_to_dict's forms (ST-DATA-1) -----------------


def _bad(field: str, message: str) -> InvalidRules:
    return InvalidRules(field, message)


def _int(value: Any, field: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _bad(field, f"must be a whole number {lo}..{hi} (got {value!r})")
    return value


def _animal(value: Any, field: str, what: str = "an animal") -> int:
    if isinstance(value, str):
        found = _WORDS.get(value.strip().lower())
        if found is None:
            raise _bad(field, f"must be {what} ({', '.join(ANIMALS)} or {', '.join(COLOURS)}; got {value!r})")
        return found
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise _bad(field, f"must be {what}: a name or a number 0..3 (got {value!r})")
    return value


def _seq(value: Any, field: str, what: str) -> Sequence[Any]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Sequence):
        raise _bad(field, f"must be a list of {what} (got {type(value).__name__})")
    return value


def _table(
    value: Any, field: str, fields: tuple[str, ...], required: tuple[str, ...], cls: type | None = None
) -> Mapping[str, Any]:
    # Only this module's own records are read as tables (their plain fields, then checked
    # like any file's); nothing in the data is called, imported or looked up by name.
    if cls is not None and type(value) is cls:
        value = attrs.asdict(value, recurse=False)  # type: ignore[arg-type]
    if not isinstance(value, Mapping):
        raise _bad(field, f"must be a table with the fields {', '.join(fields)} (got {type(value).__name__})")
    for key in value:
        if key not in fields:
            raise _bad(f"{field}.{key}", f"unknown field; expected one of {', '.join(fields)}")
    for key in required:
        if key not in value:
            raise _bad(f"{field}.{key}", "is missing")
    return value


def _to_deck(value: Any) -> tuple[OracleCard, ...]:
    """The deck from a list of cards or tables (ST-DATA-1); names are filled in and checked."""
    if id(value) == id(DEFAULT_DECK):
        return DEFAULT_DECK
    raw = _seq(value, "deck", "oracle cards")
    cards: list[tuple[int, int, tuple[int, ...]]] = []
    names: list[str] = []
    for i, item in enumerate(raw):
        f = f"deck[{i}]"
        t = _table(item, f, ("colour", "color", "strength", "icons", "name"), ("strength", "icons"), OracleCard)
        if "colour" not in t and "color" not in t:
            raise _bad(f"{f}.colour", "is missing")
        colour = _animal(t.get("colour", t.get("color")), f"{f}.colour", "a colour")
        strength = _int(t["strength"], f"{f}.strength", 0, MAX_STRENGTH)
        icons_raw = _seq(t["icons"], f"{f}.icons", "animals")
        if not 1 <= len(icons_raw) <= MAX_ICONS:
            raise _bad(f"{f}.icons", f"must list 1..{MAX_ICONS} animals (got {len(icons_raw)})")
        icons = tuple(_animal(a, f"{f}.icons[{k}]") for k, a in enumerate(icons_raw))
        name = t.get("name", "")
        if type(name) is not str or (name and not _NAME.match(name)):
            raise _bad(f"{f}.name", f"must be 1-16 letters, digits, _, + or - (got {name!r})")
        cards.append((colour, strength, icons))
        names.append(name)
    if not MIN_DECK <= len(cards) <= MAX_DECK:  # ST-RULING-26: the deck's size is what can be dealt
        raise _bad("deck", f"must hold {MIN_DECK} to {MAX_DECK} cards (got {len(cards)}; the printed deck has "
                   f"{DECK_SIZE})")
    for c in range(4):
        n = sum(1 for card in cards if card[0] == c)
        if n < 2:
            raise _bad("deck", f"must hold at least 2 cards of each colour ({COLOURS[c]} has {n})")
    seen: dict[str, int] = {}
    given = {name.lower() for name in names if name}
    for i, (colour, strength, _) in enumerate(cards):
        if not names[i]:  # a default name: colour letter and strength, a suffix if taken
            base = f"{LETTERS[colour]}{strength}"
            name, k = base, 0
            while name.lower() in seen or name.lower() in given:
                k += 1
                name = f"{base}-{k}"
            names[i] = name
        low = names[i].lower()
        if low in seen:
            raise _bad(f"deck[{i}].name", f"{names[i]!r} is also the name of deck[{seen[low]}]")
        seen[low] = i
    return tuple(OracleCard(c, s, ic, name) for (c, s, ic), name in zip(cards, names))


def _to_places(value: Any, field: str) -> tuple[tuple[int, int], ...]:
    if isinstance(value, Mapping):
        items = list(value.items())
    else:
        items = []
        for k, pair in enumerate(_seq(value, field, "animal, place pairs")):
            p = _seq(pair, f"{field}[{k}]", "two values")
            if len(p) != 2:
                raise _bad(f"{field}[{k}]", f"must be an [animal, place] pair (got {list(p)!r})")
            items.append((p[0], p[1]))
    if not items:
        raise _bad(field, "must name at least one animal")
    return tuple((_animal(a, f"{field}.{a}"), _int(p, f"{field}.{a}", 1, 4)) for a, p in items)


_MISSION_FIELDS = ("kind", "tiers", "condition", "animal", "place", "colour", "per_card", "counted")


def _to_missions(value: Any) -> tuple[Mission, ...]:
    """The mission cards from a list of missions or tables (ST-DATA-1)."""
    if id(value) == id(DEFAULT_MISSIONS):
        return DEFAULT_MISSIONS
    raw = _seq(value, "missions", "mission cards")
    if len(raw) > MAX_MISSIONS:  # none (ST-SCORE-5), else one per player (checked in Rules), at most 16
        raise _bad("missions", f"must hold at most {MAX_MISSIONS} mission cards (got {len(raw)})")
    out = []
    for i, item in enumerate(raw):
        f = f"missions[{i}]"
        t = _table(item, f, _MISSION_FIELDS, ("kind",), Mission)
        kind = t["kind"]
        if type(kind) is not str or kind not in ("race", "cards"):
            raise _bad(f"{f}.kind", f"must be 'race' or 'cards' (got {kind!r})")
        tiers: list[Tier] = []
        if kind == "race":
            if "tiers" not in t:
                raise _bad(f"{f}.tiers", "is missing")
            animals: set[int] = set()
            places: set[int] = set()
            for k, tier in enumerate(_seq(t["tiers"], f"{f}.tiers", "tiers")):
                tf = f"{f}.tiers[{k}]"
                tt = _table(tier, tf, ("places", "points"), ("places", "points"), Tier)
                pl = _to_places(tt["places"], f"{tf}.places")
                for a, p in pl:
                    if a in animals or p in places:
                        raise _bad(f"{tf}.places", f"{ANIMALS[a]} or place {p} is named twice in this mission")
                    animals.add(a)
                    places.add(p)
                tiers.append(Tier(pl, _int(tt["points"], f"{tf}.points", -100, 100)))
            if not tiers:
                raise _bad(f"{f}.tiers", "must hold at least one tier")
        condition = t.get("condition", "always")
        if type(condition) is not str or condition not in CONDITIONS:
            raise _bad(f"{f}.condition", f"must be one of {', '.join(CONDITIONS)} (got {condition!r})")
        counted = t.get("counted", -1)
        if (type(counted) is int and counted == -1) or (type(counted) is str and counted == "all"):
            counted = -1
        else:
            counted = _animal(counted, f"{f}.counted", "a colour or 'all'")
        out.append(
            Mission(
                kind,
                tuple(tiers),
                condition,
                _animal(t.get("animal", 0), f"{f}.animal"),
                _int(t.get("place", 1), f"{f}.place", 1, 4),
                _animal(t.get("colour", 0), f"{f}.colour", "a colour"),
                _int(t.get("per_card", 1), f"{f}.per_card", -20, 20),
                counted,
            )
        )
    return tuple(out)


def _to_track(value: Any) -> Track:
    """The track from a :class:`Track` or a table (ST-DATA-1)."""
    if id(value) == id(DEFAULT_TRACK):
        return DEFAULT_TRACK
    t = _table(value, "track", ("start", "tie_order"), (), Track)
    start_raw = t.get("start", (0, 0, 0, 0))
    if isinstance(start_raw, Mapping):
        starts = [0, 0, 0, 0]
        named = set()
        for a, sq in start_raw.items():
            animal = _animal(a, f"track.start.{a}")
            starts[animal] = _int(sq, f"track.start.{a}", 0, 1000)
            named.add(animal)
        if len(named) != 4:
            raise _bad("track.start", "must give the start square of all four animals")
    else:
        seq = _seq(start_raw, "track.start", "four squares")
        if len(seq) != 4:
            raise _bad("track.start", f"must give four squares, monkey, dog, bird, boar (got {len(seq)})")
        starts = [_int(sq, f"track.start[{k}]", 0, 1000) for k, sq in enumerate(seq)]
    tie = _seq(t.get("tie_order", TITLE_ORDER), "track.tie_order", "animals")
    order = tuple(_animal(a, f"track.tie_order[{k}]") for k, a in enumerate(tie))
    if sorted(order) != [0, 1, 2, 3]:
        raise _bad("track.tie_order", "must list each of the four animals once")
    return Track(
        (starts[0], starts[1], starts[2], starts[3]), (order[0], order[1], order[2], order[3])
    )


def _to_colour_points(value: Any) -> tuple[int, ...]:
    """ST-SCORE-2: 8 whole numbers -20..20 (the exact item type is checked by ``option``)."""
    if len(value) != 2 * len(COLOUR_POINTS):
        raise ValueError(f"expected {2 * len(COLOUR_POINTS)} whole numbers, two per animal place (got {len(value)})")
    for i, v in enumerate(value):
        _int(v, f"colour_points[{i}]", -20, 20)
    return tuple(value)


_ROWS: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}


def _colour_rows(flat: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    rows = _ROWS.get(flat)
    if rows is None:
        rows = _ROWS[flat] = tuple((flat[2 * k], flat[2 * k + 1]) for k in range(4))
    return rows


def _to_removed(value: Any) -> tuple[str, ...]:
    """ST-SETUP-6: card names or strengths, each a non-empty string (checked against the deck
    by ``Rules``)."""
    out = []
    for i, v in enumerate(value):
        if type(v) is not str or not _NAME.match(v):
            raise _bad(f"removed[{i}]", f"must be a card name or a strength (got {v!r})")
        out.append(v)
    return tuple(out)


def _to_endings(value: Any) -> tuple[str, ...]:
    """ST-LOGIC-3: names of the printed game's endings (``ENDINGS``), each once; the races
    (ST-RACE-1) cannot be switched off."""
    out: list[str] = []
    for i, v in enumerate(value):
        if type(v) is not str or v not in ENDINGS:
            raise _bad("endings_off", f"item {i + 1} must be one of {', '.join(ENDINGS)} (got {v!r})")
        if v == "races":
            raise _bad(
                "endings_off",
                "'races' cannot be switched off: the last race is the only ending sure to come (a target "
                "score may never be reached), so the game would never end",
            )
        if v in out:
            raise _bad("endings_off", f"names {v!r} twice")
        out.append(v)
    return tuple(out)


def removed_cards(rules: Rules) -> tuple[int, ...]:
    """ST-SETUP-6: the deck indices ``rules.removed`` takes out, sorted (once per ``Rules``)."""
    key = (rules.deck, rules.removed)
    found = _REMOVED.get(key)
    if found is not None:
        return found
    names = {c.name.lower(): i for i, c in enumerate(rules.deck)}
    out: set[int] = set()
    for k, item in enumerate(rules.removed):
        if item.isdigit():
            hit = {i for i, c in enumerate(rules.deck) if c.strength == int(item)}
        else:
            idx = names.get(item.lower())
            hit = set() if idx is None else {idx}
        if not hit:
            raise _bad(f"removed[{k}]", f"{item!r} names no card of the deck (a card name such as R9, or a strength)")
        out |= hit
    result = tuple(sorted(out))
    _REMOVED[key] = result
    return result


_REMOVED: dict[tuple[tuple[OracleCard, ...], tuple[str, ...]], tuple[int, ...]] = {}


def load_data(path: str | Path) -> dict[str, Any]:
    """Read a deck, missions and/or track from a TOML (``.toml``) or JSON file (ST-DATA-1).

    The file holds any of the keys ``deck`` (a list of tables with ``colour``,
    ``strength``, ``icons`` and optionally ``name``), ``missions`` and ``track``.
    Returns the checked values by key, ready for ``Rules(**values)``. A
    malformed file raises :class:`~rulebook.InvalidRules` naming the bad field,
    for example ``Rules.deck[3].strength: must be a whole number 0..10``.
    """
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    is_json = path.suffix.lower() == ".json"
    try:
        data = json.loads(text) if is_json else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise _bad("file", f"{path.name} is not valid {'JSON' if is_json else 'TOML'}: {exc}") from None
    if not isinstance(data, dict):
        raise _bad("file", f"{path.name} must hold a table with deck, missions and/or track")
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key == "deck":
            out[key] = _to_deck(value)
        elif key == "missions":
            out[key] = _to_missions(value)
        elif key == "track":
            out[key] = _to_track(value)
        else:
            raise _bad(key, f"unknown key in {path.name}; expected deck, missions or track")
    return out


# -- rules -----------------------------------------------------------------------------------



#: ST-INFO-1: every place a card or mission can be, and who sees it (``visible.<zone>``; rulebook.core.model)
ZONES = (
    open_hands(("ST-INFO-1", "ST-INFO-2")),
    Element("missions", OWNER, (OWNER, ALL), ("ST-INFO-1", "ST-INFO-3"),
            "Who sees each mission of the race being run: 'owner', its holder only until the race's scoring "
            "(ST-INFO-1); 'all', every mission face up from the deal (ST-INFO-3).", items="mission", per_seat=True,
            general=False),
    Element("area", ALL, (ALL,), ("ST-SETUP-2", "ST-INFO-1"), "The oracle area, its columns face up (ST-SETUP-2).",
            ordered=True, general=False),
)

@attrs.frozen(cache_hash=True)
class Rules:
    """Options of Saru Tori Inu I; the defaults give the printed game with PLACEHOLDER data."""

    players: int = option(
        4, doc="Number of players: 3 or 4 (ST-SETUP-2, ST-SETUP-3).", choices=range(3, 5),
        rules=("ST-SETUP-2", "ST-SETUP-3", "ST-SETUP-4"),
    )
    races: str = option(
        RACES_FULL,
        doc="Races in a game: 'full' (as many as players), 'short' (2) or 'trial' (1) (ST-RACE-1), "
        "or 'fixed' (`race_number` races: house rule ST-RACE-3).",
        choices=(RACES_FULL, RACES_SHORT, RACES_TRIAL, RACES_FIXED),
        rules=("ST-RACE-1", "ST-RACE-3", "ST-SETUP-1"),
    )
    race_number: int = option(
        4,
        doc=f"With races='fixed' only: the number of races, 1..{MAX_RACES} (house rule ST-RACE-3).",
        choices=range(1, MAX_RACES + 1),
        rules=("ST-RACE-3",),
    )
    target_score: int = option(
        0,
        doc=f"0: off (printed). 1..{MAX_TARGET}: the game ends after the first race whose scoring leaves "
        "somebody with at least this total, or after the last race (house rule ST-RACE-4).",
        choices=range(0, MAX_TARGET + 1),
        rules=("ST-RACE-4",),
    )
    rounds_3p: int = option(
        ROUNDS[3],
        doc=f"Rounds per race with 3 players: 1..{MAX_ROUNDS} (printed: 8; ST-ROUND-3).",
        choices=range(1, MAX_ROUNDS + 1),
        rules=("ST-ROUND-3", "ST-RULING-9"),
    )
    rounds_4p: int = option(
        ROUNDS[4],
        doc=f"Rounds per race with 4 players: 1..{MAX_ROUNDS} (printed: 6; ST-ROUND-3).",
        choices=range(1, MAX_ROUNDS + 1),
        rules=("ST-ROUND-3", "ST-RULING-9"),
    )
    declaration: str = option(
        DECLARE_LAST,
        doc="Who may play two cards and declare a strength: 'last' (the last player of the round, "
        "ST-PLAY-4), 'off' (nobody: house rule ST-PLAY-5) or 'anyone' (every player on its turn: "
        "house rule ST-PLAY-6).",
        choices=(DECLARE_LAST, DECLARE_OFF, DECLARE_ANYONE),
        rules=("ST-PLAY-4", "ST-PLAY-5", "ST-PLAY-6", "ST-RULING-15"),
    )
    colour_points: tuple[int, ...] = option(
        tuple(v for row in COLOUR_POINTS for v in row),
        doc="Points per card of a colour (ST-SCORE-2): 8 whole numbers -20..20, by the animal's place "
        "1st to 4th, each as (1st in the colour, 2nd in the colour); printed 4,3,2,1,0,0,-3,-1.",
        item=int,
        converter=_to_colour_points,
        rules=("ST-SCORE-2",),
    )
    first_player: int = option(
        0,
        doc="Start player of the first race; the source lets the table choose. Later races "
        "rotate clockwise (ST-SETUP-5, ST-RULING-10).",
        choices=range(0, 4),
        seat=True,
        rules=("ST-SETUP-5", "ST-RULING-10"),
    )
    tie_ranking: str = option(
        "competition",
        doc="Colour places after a shared place: 'competition' (two tied 1st leave no 2nd) "
        "or 'dense' (the next total is 2nd) (ST-SCORE-1, ST-RULING-11).",
        choices=("competition", "dense"),
        rules=("ST-SCORE-1", "ST-RULING-11"),
    )
    forced_road: str = option(
        "last_card",
        doc="When road is forced on a face-up player who has seen none laid this round: "
        "'last_card' (one oracle card left, the source's words) or 'last_take' (the take "
        "empties the oracle area) (ST-RES-4, ST-RULING-12); 'off': never (house rule ST-RES-6).",
        choices=("last_card", "last_take", "off"),
        rules=("ST-RES-4", "ST-RES-6", "ST-RULING-12"),
    )
    pair_placement: str = option(
        "together",
        doc="Where the last player's two declared cards go: 'together' (beneath one column) "
        "or 'separate' (a column for each) (ST-RES-2, ST-RULING-5).",
        choices=("together", "separate"),
        rules=("ST-RES-2", "ST-RULING-5"),
    )
    columns: str = option(
        "setup",
        doc="Columns a played card may go beneath: 'setup' (every column laid out at set-up) "
        "or 'round' (columns holding a card when the round began) (ST-RES-2, ST-RULING-8).",
        choices=("setup", "round"),
        rules=("ST-RES-2", "ST-RULING-8"),
    )
    column_sharing: str = option(
        "exclusive",
        doc="Whether several players may put their cards beneath one column in a round: "
        "'exclusive' (no: one player's card(s) per column) or 'shared' (yes) (ST-RES-2, ST-RULING-20).",
        choices=("exclusive", "shared"),
        rules=("ST-RES-2", "ST-RULING-13", "ST-RULING-20"),
    )
    deck: tuple[OracleCard, ...] = option(
        DEFAULT_DECK,
        doc="The oracle cards: 36 printed, 9 per colour (PLACEHOLDER default: strengths 1-9 per colour, "
        "ST-COMP-1, ST-DATA-1, ST-DATA-2); an owner's deck of 12 to 64 cards, each colour at least 2 (ST-RULING-26).",
        converter=_to_deck,
        item=OracleCard,
        rules=("ST-COMP-1", "ST-DATA-1", "ST-DATA-2", "ST-RULING-1", "ST-RULING-9", "ST-RULING-26"),
    )
    missions: tuple[Mission, ...] = option(
        DEFAULT_MISSIONS,
        doc="The mission cards: at least one per player and at most 16, or `none` for a game "
        "without missions (house rule ST-SCORE-5). PLACEHOLDER default: six (ST-COMP-2, ST-DATA-3).",
        converter=_to_missions,
        item=Mission,
        rules=(
            "ST-COMP-2", "ST-DATA-1", "ST-DATA-3", "ST-SETUP-1", "ST-SETUP-4", "ST-SCORE-4", "ST-SCORE-5",
            "ST-RULING-2", "ST-RULING-16",
        ),
    )
    track: Track = option(  # noqa: RUF009
        DEFAULT_TRACK,
        doc="Start squares and the order of animals sharing a square (PLACEHOLDER default, "
        "ST-COMP-3, ST-DATA-4, ST-RULING-3, ST-RULING-4).",
        converter=_to_track,
        rules=("ST-COMP-3", "ST-DATA-1", "ST-DATA-4", "ST-ROAD-4", "ST-RULING-3", "ST-RULING-4", "ST-RULING-21"),
    )

    removed: tuple[str, ...] = option(
        (),
        doc="Cards taken out of the game before every race (house rule ST-SETUP-6): card names "
        "(R9, as in `deck`) or strengths (9: that strength in every colour); `none` for none. "
        "Every player must still get a column and at least one card in hand.",
        item=str,
        converter=_to_removed,
        rules=("ST-SETUP-3", "ST-SETUP-6"),
    )

    squares: str = option(
        SQUARES_HOP,
        doc="Where a moving animal stops: 'hop' (printed: on the next free square, hopping animals in its "
        "way, ST-ROAD-3) or 'share' (on the next square even if animals stand there: house rule ST-ROAD-5).",
        choices=(SQUARES_HOP, SQUARES_SHARE),
        rules=("ST-ROAD-3", "ST-ROAD-5", "ST-RULING-21"),
    )
    endings_off: tuple[str, ...] = option(
        (),
        doc="Endings of the printed game switched off (ST-LOGIC-3): 'rounds' (a race then runs until the "
        "hands are empty, ST-ROUND-3, ST-RULING-9) and 'target' (ST-RACE-4); `none` for none. 'races' "
        "cannot be switched off: it is the only ending sure to come.",
        item=str,
        converter=_to_endings,
        rules=("ST-LOGIC-3", "ST-ROUND-3", "ST-RACE-4"),
    )

    visible: Visible = visibility(*ZONES)

    #: engine logic a variant's Python puts in place of the game's own (not an option: see :mod:`rulebook.core.logic`)
    logic: Logic = logic_field()

    def __attrs_post_init__(self) -> None:
        validate_choices(self)
        if self.removed:  # ST-SETUP-6: every name or strength must match, enough cards must stay
            left = self.deck_size - len(removed_cards(self))
            if left < 2 * self.players:
                raise InvalidRules(
                    "removed",
                    f"leaves {left} card(s); {self.players} players need at least {2 * self.players} "
                    "(a column and a card in hand each)",
                )
        if self.first_player >= self.players:
            raise seat_fault("first_player", self.first_player, self.players)
        if self.column_sharing == "exclusive" and self.pair_placement == "separate":  # ST-RULING-20
            raise InvalidRules(
                "pair_placement", "'separate' needs a column too many when columns are 'exclusive'"
            )
        if 0 < len(self.missions) < self.players:  # ST-SETUP-4; none at all is ST-SCORE-5
            have = len(self.missions)
            raise InvalidRules(
                "missions",
                f"{have} mission card(s) cannot deal one to each of {self.players} players (ST-SETUP-4): "
                f"give at least {self.players}, {'play with players=3, ' if have >= 3 else ''}"
                "or set missions=none (ST-SCORE-5)",
            )

    @property
    def deck_size(self) -> int:
        """The cards of the deck (ST-DATA-1: 36 printed; ST-RULING-26: what the owner's deck holds)."""
        return len(self.deck)

    @property
    def rounds(self) -> int:
        """Rounds per race: ``rounds_3p`` (printed 8) or ``rounds_4p`` (printed 6) (ST-ROUND-3)."""
        return self.rounds_3p if self.players == 3 else self.rounds_4p

    @property
    def race_rounds(self) -> int:
        """The most rounds a race can have: ``rounds``, or, with the ending ``rounds`` switched off
        (ST-LOGIC-3), as many as there are cards (every round takes at least one card out of the
        hands, so a race ends when they are empty: ST-RULING-9)."""
        return self.deck_size if "rounds" in self.endings_off else self.rounds

    @property
    def colour_table(self) -> tuple[tuple[int, int], ...]:
        """ST-SCORE-2: points per card, one row per animal place (1st..4th), each as
        (1st in the colour, 2nd in the colour): ``COLOUR_POINTS`` under the printed rules."""
        return _colour_rows(self.colour_points)

    @property
    def race_count(self) -> int:
        """Races in the game (ST-RACE-1)."""
        if self.races == RACES_FIXED:  # ST-RACE-3
            return self.race_number
        return {RACES_FULL: self.players, RACES_SHORT: 2, RACES_TRIAL: 1}[self.races]

    @classmethod
    def from_file(cls, path: str | Path, **options: Any) -> Rules:
        """Rules with the deck, missions and/or track read from ``path`` (see :func:`load_data`).

        Other options are given as keywords: ``Rules.from_file("deck.toml", players=3)``.
        """
        return cls(**{**load_data(path), **options})


#: Named rulesets (``--ruleset NAME``): the printed game first, the source's own short games
#: (ST-RACE-1), then house rules from the spec's alternatives.
RULESETS: tuple[Ruleset, ...] = (
    Ruleset("printed", "The printed game (with the PLACEHOLDER deck, missions and track).", {}, ()),
    Ruleset("short", "The source's short game: two races.", {"races": RACES_SHORT}, ("ST-RACE-1",)),
    Ruleset("trial", "The source's trial game: a single race.", {"races": RACES_TRIAL}, ("ST-RACE-1",)),
    Ruleset(
        "quick", "A short game: one race of four rounds.",
        {"races": RACES_TRIAL, "rounds_3p": 4, "rounds_4p": 4}, ("ST-RACE-1", "ST-ROUND-3"),
    ),
    Ruleset("no-declaration", "House rule: nobody declares.", {"declaration": DECLARE_OFF}, ("ST-PLAY-5",)),
    Ruleset(
        "open-declaration", "House rule: any player may declare on its turn.",
        {"declaration": DECLARE_ANYONE}, ("ST-PLAY-6",),
    ),
    Ruleset(
        "first-to-40", "House rule: the game ends after the race that takes somebody to 40 points.",
        {"target_score": 40}, ("ST-RACE-4",),
    ),
    Ruleset(
        "no-missions", "House rule: no mission cards; each race scores the colours alone.",
        {"missions": ()}, ("ST-SCORE-5",),
    ),
)


# -- rules helpers (public, used by the engine and documented in the spec) ------------------


def move_animals(positions: tuple[int, ...], icons: Sequence[int]) -> tuple[int, ...]:
    """Positions after a road card's icons: one square each, hopping occupied squares.

    ST-ROAD-2, ST-ROAD-3. The monkey behind three animals jumps to the fourth square:

    >>> move_animals((0, 1, 2, 3), (0,))
    (4, 1, 2, 3)
    """
    pos = list(positions)
    for a in icons:
        p = pos[a] + 1
        while p in pos:
            p += 1
        pos[a] = p
    return tuple(pos)


def share_animals(positions: tuple[int, ...], icons: Sequence[int]) -> tuple[int, ...]:
    """Positions after a road card's icons when animals may share a square: one square each,
    stopping there whoever stands on it (house rule ST-ROAD-5).

    >>> share_animals((0, 1, 2, 3), (0,))  # the monkey joins the dog on square 1
    (1, 1, 2, 3)
    """
    pos = list(positions)
    for a in icons:
        pos[a] += 1
    return tuple(pos)


def mover(rules: Rules) -> Callable[[tuple[int, ...], Sequence[int]], tuple[int, ...]]:
    """How ``rules`` move the animals of a road card: :func:`move_animals` (ST-ROAD-3) or
    :func:`share_animals` (ST-ROAD-5)."""
    return share_animals if rules.squares == SQUARES_SHARE else move_animals


def race_order(track: Track, positions: Sequence[int]) -> tuple[int, ...]:
    """The animals from 1st to 4th: furthest first, ties by the track's tie order (ST-ROAD-4,
    ST-RULING-4; on any shared square when animals may share them, ST-RULING-21).

    >>> race_order(Track(), (5, 9, 0, 0))  # dog, monkey, then bird before boar on square 0
    (1, 0, 2, 3)
    """
    tie = track.tie_order
    return tuple(sorted(range(4), key=lambda a: (-positions[a], tie.index(a))))



# -- deals (ST-SETUP-1) ------------------------------------------------------------------------


def random_deal(rules: Rules, rng: random.Random) -> Deal:
    """A race's deal: an order of the deck's cards (36 printed), then an order of the missions (ST-SETUP-1)."""
    cards = list(range(rules.deck_size))
    rng.shuffle(cards)
    missions = list(range(len(rules.missions)))
    rng.shuffle(missions)
    return tuple(cards + missions)


def check_deal(rules: Rules, deal: Deal, index: int) -> None:
    """A race's deal: an order of the deck's cards (36 printed), then an order of the missions (ST-SETUP-1).

    One deal per race, so at most ``rules.race_count`` deals (the number of players with
    ``races='full'``, 2 with ``'short'``, 1 with ``'trial'``); a deal is a tuple or list
    of ``int`` (not bool, float or str). Faults raise ``ValueError`` naming the deal.
    """
    count = rules.race_count
    if type(index) is not int or not 0 <= index < count:
        raise ValueError(
            f"deal {index!r}: these rules have {count} race(s), so at most {count} deal(s), numbered 0..{count - 1}"
        )
    what = f"deal {index} (race {index})"
    kind: type = type(deal)  # the annotation says tuple; callers may pass anything
    if kind is not tuple and kind is not list:
        raise ValueError(f"{what} must be a tuple or list of ints, not {kind.__name__}")
    for k, x in enumerate(deal):
        if type(x) is not int:
            raise ValueError(f"{what}: number {k} must be an int, not {type(x).__name__} {x!r}")
    m = len(rules.missions)
    size = rules.deck_size
    if len(deal) != size + m:
        raise ValueError(
            f"{what} must have {size + m} numbers: the {size} cards' order, then the {m} missions' order "
            f"(got {len(deal)})"
        )
    if sorted(deal[:size]) != list(range(size)):
        raise ValueError(f"{what}: the first {size} numbers must order the cards 0..{size - 1}, each once")
    if sorted(deal[size:]) != list(range(m)):
        raise ValueError(f"{what}: the last {m} numbers must order the missions 0..{m - 1}, each once")
