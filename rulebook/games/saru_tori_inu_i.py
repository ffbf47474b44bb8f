"""サルトリイヌイ (Saru Tori Inu I), by ナナツチ (NanaTuchi), circle TDS, 2017.

Spec: ``spec/saru-tori-inu-i.md`` (rule prefix ``ST``). Source:
``002_3992e440468b8d22.txt``.

Every round each player plays a card (distinct strengths, a face-down card
when nothing fits, the last player may declare a strength for two cards).
From the highest strength down, players put their cards beneath the oracle
area and take its leftmost card, to acquire it (colour majorities) or to lay
it as road, which moves the four animal tokens. After 8 (3 players) or 6
(4 players) rounds, colour majorities score by the animals' order, then the
secret missions.

The card faces, the six missions and the track are not printed in the source,
so they are ``Rules`` values (:class:`OracleCard`, :class:`Mission`,
:class:`Track`); the defaults are PLACEHOLDERS (ST-DATA-2, ST-DATA-3,
ST-DATA-4). Load real ones with :meth:`Rules.from_file` or :func:`load_data`.

>>> from rulebook.games.saru_tori_inu_i import GAME, Rules
>>> state = GAME.new_game(Rules(players=3), seed=1)
>>> state.current_player, len(state.hands[0]), len(state.area)
(0, 11, 3)
"""

from __future__ import annotations

import enum
import json
import random
import re
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from rulebook.core.cards import Deck
from rulebook.core.contract import Action, Deal, Game, Log, Setup, State, log_actions, state_builder
from rulebook.core.history import RoundRecord, ScoreChange, TrickRecord
from rulebook.core.options import option, validate_choices
from rulebook.errors import IllegalAction, InvalidRules

__all__ = [
    "ANIMALS",
    "COLOURS",
    "DEFAULT_DECK",
    "DEFAULT_MISSIONS",
    "DEFAULT_TRACK",
    "GAME",
    "Declare",
    "Down",
    "Keep",
    "Mission",
    "Observation",
    "OracleCard",
    "Pair",
    "Phase",
    "Place",
    "PlacementRecord",
    "Play",
    "Resolution",
    "Road",
    "Rules",
    "SaruState",
    "Take",
    "Tier",
    "Track",
    "colour_places",
    "load_data",
    "move_animals",
    "race_order",
    "race_score_changes",
    "score_colours",
    "score_race",
]

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
MAX_STRENGTH = 10
MAX_ICONS = 8
#: ST-SCORE-2: points per card, by the animal's place (row) and the colour place (1st, 2nd).
COLOUR_POINTS = ((4, 3), (2, 1), (0, 0), (-3, -1))
#: ST-ROUND-3: rounds per race by player count.
ROUNDS = {3: 8, 4: 6}
RACES_FULL, RACES_SHORT, RACES_TRIAL = "full", "short", "trial"
CONDITIONS = ("always", "animal_place", "colour_first", "every_colour")

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
    if len(cards) != DECK_SIZE:
        raise _bad("deck", f"must hold {DECK_SIZE} cards (got {len(cards)})")
    for c in range(4):
        n = sum(1 for card in cards if card[0] == c)
        if n != PER_COLOUR:
            raise _bad("deck", f"must hold {PER_COLOUR} cards of each colour ({COLOURS[c]} has {n})")
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
    if not 3 <= len(raw) <= 16:  # at least one per player (checked in Rules), at most 16
        raise _bad("missions", f"must hold 3..16 mission cards (got {len(raw)})")
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


@attrs.frozen(cache_hash=True)
class Rules:
    """Options of Saru Tori Inu I; the defaults give the printed game with PLACEHOLDER data."""

    players: int = option(4, doc="Number of players (ST-SETUP-2).", choices=range(3, 5))
    races: str = option(
        RACES_FULL,
        doc="Races in a game: 'full' (as many as players), 'short' (2) or 'trial' (1) (ST-RACE-1).",
        choices=(RACES_FULL, RACES_SHORT, RACES_TRIAL),
    )
    first_player: int = option(
        0,
        doc="Start player of the first race; the source lets the table choose. Later races "
        "rotate clockwise (ST-SETUP-5, ST-RULING-10).",
        choices=range(0, 4),
    )
    tie_ranking: str = option(
        "competition",
        doc="Colour places after a shared place: 'competition' (two tied 1st leave no 2nd) "
        "or 'dense' (the next total is 2nd) (ST-SCORE-1, ST-RULING-11).",
        choices=("competition", "dense"),
    )
    forced_road: str = option(
        "last_card",
        doc="When road is forced on a face-up player who has seen none laid this round: "
        "'last_card' (one oracle card left, the source's words) or 'last_take' (the take "
        "empties the oracle area) (ST-RES-4, ST-RULING-12).",
        choices=("last_card", "last_take"),
    )
    pair_placement: str = option(
        "together",
        doc="Where the last player's two declared cards go: 'together' (beneath one column) "
        "or 'separate' (a column for each) (ST-RES-2, ST-RULING-5).",
        choices=("together", "separate"),
    )
    columns: str = option(
        "setup",
        doc="Columns a played card may go beneath: 'setup' (every column laid out at set-up) "
        "or 'round' (columns holding a card when the round began) (ST-RES-2, ST-RULING-8).",
        choices=("setup", "round"),
    )
    column_sharing: str = option(
        "exclusive",
        doc="Whether several players may put their cards beneath one column in a round: "
        "'exclusive' (no: one player's card(s) per column) or 'shared' (yes) (ST-RES-2, ST-RULING-20).",
        choices=("exclusive", "shared"),
    )
    deck: tuple[OracleCard, ...] = option(
        DEFAULT_DECK,
        doc="The 36 oracle cards (PLACEHOLDER default: strengths 1-9 per colour, ST-DATA-2).",
        converter=_to_deck,
    )
    missions: tuple[Mission, ...] = option(
        DEFAULT_MISSIONS,
        doc="The mission cards (PLACEHOLDER default: six, ST-DATA-3).",
        converter=_to_missions,
    )
    track: Track = option(  # noqa: RUF009
        DEFAULT_TRACK,
        doc="Start squares and the order of animals sharing a square (PLACEHOLDER default, ST-DATA-4).",
        converter=_to_track,
    )

    def __attrs_post_init__(self) -> None:
        validate_choices(self)
        if self.first_player >= self.players:
            raise InvalidRules("first_player", f"seat {self.first_player} does not exist with {self.players} players")
        if self.column_sharing == "exclusive" and self.pair_placement == "separate":  # ST-RULING-20
            raise InvalidRules(
                "pair_placement", "'separate' needs a column too many when columns are 'exclusive'"
            )
        if len(self.missions) < self.players:
            raise InvalidRules("missions", f"{self.players} players need {self.players} mission cards (ST-SETUP-4)")

    @property
    def rounds(self) -> int:
        """Rounds per race: 8 with 3 players, 6 with 4 (ST-ROUND-3)."""
        return ROUNDS[self.players]

    @property
    def race_count(self) -> int:
        """Races in the game (ST-RACE-1)."""
        return {RACES_FULL: self.players, RACES_SHORT: 2, RACES_TRIAL: 1}[self.races]

    @classmethod
    def from_file(cls, path: str | Path, **options: Any) -> Rules:
        """Rules with the deck, missions and/or track read from ``path`` (see :func:`load_data`).

        Other options are given as keywords: ``Rules.from_file("deck.toml", players=3)``.
        """
        return cls(**{**load_data(path), **options})


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


def race_order(track: Track, positions: Sequence[int]) -> tuple[int, ...]:
    """The animals from 1st to 4th: furthest first, ties by the track's tie order (ST-ROAD-4,
    ST-RULING-4).

    >>> race_order(Track(), (5, 9, 0, 0))  # dog, monkey, then bird before boar on square 0
    (1, 0, 2, 3)
    """
    tie = track.tie_order
    return tuple(sorted(range(4), key=lambda a: (-positions[a], tie.index(a))))


def colour_places(totals: Sequence[int | None], ranking: str) -> tuple[int, ...]:
    """Each seat's place in one colour from its total strength (None: no card, place 0).

    ST-SCORE-1, ST-RULING-11: tied totals share a place.

    >>> colour_places([9, 5, None], "competition"), colour_places([9, 9, 5], "competition")
    ((1, 2, 0), (1, 1, 3))
    >>> colour_places([9, 9, 5], "dense")
    (1, 1, 2)
    """
    ranked = [t for t in totals if t is not None]
    distinct = sorted(set(ranked), reverse=True)
    out = []
    for t in totals:
        if t is None:
            out.append(0)
        elif ranking == "dense":
            out.append(1 + distinct.index(t))
        else:
            out.append(1 + sum(1 for u in ranked if u > t))
    return tuple(out)


def score_race(
    rules: Rules,
    acquired: Sequence[Sequence[int]],
    positions: Sequence[int],
    missions: Sequence[int],
) -> tuple[int, ...]:
    """Each seat's points for one race: colour majorities, then missions.

    ST-SCORE-1, ST-SCORE-2 (colours), ST-SCORE-3, ST-SCORE-4 (missions).
    ``acquired`` holds deck indices per seat, ``missions`` mission indices.
    """
    return _score(rules, acquired, positions, missions, None)


def score_colours(
    rules: Rules, acquired: Sequence[Sequence[int]], positions: Sequence[int]
) -> tuple[int, ...]:
    """Each seat's colour-majority points if the race ended now (ST-SCORE-1, ST-SCORE-2).

    The missions are left out: they are secret until the race is scored (ST-INFO-1).
    This is ``state.race_standing``.
    """
    return _score(rules, acquired, positions, None, None)


def race_score_changes(
    rules: Rules,
    acquired: Sequence[Sequence[int]],
    positions: Sequence[int],
    missions: Sequence[int],
) -> tuple[ScoreChange, ...]:
    """:func:`score_race` itemised: one :class:`~rulebook.core.history.ScoreChange` per seat
    and colour that scored (ST-SCORE-2), then per seat whose mission scored (ST-SCORE-3,
    ST-SCORE-4); changes of 0 points are left out."""
    changes: list[ScoreChange] = []
    _score(rules, acquired, positions, missions, changes)
    return tuple(changes)


_PLACE_WORDS = ("1st", "2nd", "3rd", "4th")


def _score(
    rules: Rules,
    acquired: Sequence[Sequence[int]],
    positions: Sequence[int],
    missions: Sequence[int] | None,
    changes: list[ScoreChange] | None,
) -> tuple[int, ...]:
    t = _tab(rules)
    colour_of = t.colour
    strength_of = t.strength
    n = len(acquired)
    order = race_order(rules.track, positions)
    animal_place = [0] * 4
    for i, a in enumerate(order):
        animal_place[a] = i + 1
    points = [0] * n
    first_in = [[False] * 4 for _ in range(n)]
    counts = []
    sums = []
    for cards in acquired:
        count = [0, 0, 0, 0]
        total = [0, 0, 0, 0]
        for c in cards:
            k = colour_of[c]
            count[k] += 1
            total[k] += strength_of[c]
        counts.append(count)
        sums.append(total)
    colour_changes: list[list[ScoreChange]] = [[] for _ in range(n)]
    for colour in range(4):
        totals: list[int | None] = [sums[s][colour] if counts[s][colour] else None for s in range(n)]
        places = colour_places(totals, rules.tie_ranking)
        row = COLOUR_POINTS[animal_place[colour] - 1]
        for s in range(n):
            if places[s] == 1:
                first_in[s][colour] = True
            if places[s] in (1, 2):
                got = counts[s][colour] * row[places[s] - 1]
                points[s] += got
                if changes is not None and got:
                    colour_changes[s].append(ScoreChange(
                        s, got,
                        f"{counts[s][colour]} {COLOURS[colour]} card(s) (strength {sums[s][colour]}), "
                        f"{_PLACE_WORDS[places[s] - 1]} in {COLOURS[colour]}, the {ANIMALS[colour]} "
                        f"{_PLACE_WORDS[animal_place[colour] - 1]} in the race",
                        "ST-SCORE-2",
                    ))
    if changes is not None:
        for per_seat in colour_changes:
            changes.extend(per_seat)
    if missions is None:
        return tuple(points)
    for s in range(n):
        m = rules.missions[missions[s]]
        got = 0
        if m.kind == "race":
            tiers = 0
            for tier in m.tiers:  # ST-RULING-16: cumulative tiers pay their own totals
                if all(animal_place[a] == p for a, p in tier.places):
                    got = tier.points
                    tiers += 1
                else:
                    break
            if changes is not None and got:
                changes.append(ScoreChange(
                    s, got, f"race mission {missions[s]}: {tiers} of {len(m.tiers)} tier(s) hold", "ST-SCORE-3"
                ))
        else:
            if m.condition == "always":  # ST-RULING-17: the documented conditions
                ok = True
            elif m.condition == "animal_place":
                ok = animal_place[m.animal] == m.place
            elif m.condition == "colour_first":
                ok = first_in[s][m.colour]
            else:  # every_colour
                ok = all(counts[s])
            if ok:
                n_cards = sum(counts[s]) if m.counted < 0 else counts[s][m.counted]
                got = m.per_card * n_cards
                if changes is not None and got:
                    changes.append(ScoreChange(
                        s, got,
                        f"collected-cards mission {missions[s]} ({m.condition}): {n_cards} card(s) "
                        f"at {m.per_card} each",
                        "ST-SCORE-4",
                    ))
        points[s] += got
    return tuple(points)


# -- actions -----------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class Play(Action):
    """Play ``card`` face up (ST-PLAY-1, ST-PLAY-2)."""

    card: int
    name: str = attrs.field(default="", eq=False, repr=False)

    def __str__(self) -> str:
        return f"play {self.name or '#' + str(self.card)}"


@attrs.frozen(slots=True)
class Down(Action):
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


@attrs.frozen(slots=True)
class Pair(Action):
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


@attrs.frozen(slots=True)
class Take(Action):
    """Acquire oracle card ``card`` (ST-RES-3)."""

    card: int
    name: str = attrs.field(default="", eq=False, repr=False)

    def __str__(self) -> str:
        return f"take {self.name or '#' + str(self.card)}"


@attrs.frozen(slots=True)
class Road(Action):
    """Lay oracle card ``card`` as road (ST-RES-3, ST-ROAD-1)."""

    card: int
    name: str = attrs.field(default="", eq=False, repr=False)

    def __str__(self) -> str:
        return f"road {self.name or '#' + str(self.card)}"


@attrs.frozen(slots=True)
class Keep(Action):
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
NOT_PLAYED = -2
FACE_DOWN = -1

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

    __slots__ = ("actions", "bit", "colour", "declare", "down", "icons", "keep", "pair", "place", "play", "road",
                 "strength", "take")

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
        self.icons = tuple(c.icons for c in deck)


_TABS: dict[Rules, _Tab] = {}


def _tab(rules: Rules) -> _Tab:
    global _LAST
    t = _TABS.get(rules)
    if t is None:
        t = _TABS[rules] = _Tab(rules)
    _LAST = (rules, t)
    return t


#: The last rules looked up and their tables (one reference, so swapped atomically): the
#: hot path checks it by identity before it hashes the rules for ``_TABS``.
_LAST: tuple[Rules, _Tab]
_tab(Rules())


# -- observation ---------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class Observation:
    """What one seat sees (ST-INFO-1), with perfect recall of public events."""

    seat: int
    players: int
    race: int
    round: int
    phase: Phase
    current_player: int | None
    hand: tuple[int, ...]
    mission: int
    hand_sizes: tuple[int, ...]
    #: per seat, cards everybody saw it take into its hand and not yet play face up
    known_in_hands: tuple[tuple[int, ...], ...]
    area: tuple[tuple[int, ...], ...]
    beneath: tuple[tuple[int, ...], ...]
    columns: tuple[int, ...]
    road: tuple[int, ...]
    positions: tuple[int, ...]
    acquired: tuple[tuple[int, ...], ...]
    removed: tuple[int, ...]
    order: tuple[int, ...]
    #: per seat, its played cards not yet placed that this seat can see
    plays: tuple[tuple[int, ...], ...]
    #: per seat: strength played or declared, -1 face down, -2 not (yet) played
    shown: tuple[int, ...]
    queue: tuple[int, ...]
    road_laid: bool
    totals: tuple[int, ...]
    results: tuple[tuple[int, ...], ...]
    #: per finished race, each seat's mission (revealed at scoring, ST-SCORE-3)
    revealed: tuple[tuple[int, ...], ...]
    #: per seat, the colour points of the race being run if it ended now (missions aside)
    race_standing: tuple[int, ...]

    def __str__(self) -> str:
        """What this seat sees, as text (:func:`rulebook.render.observation_text`)."""
        from rulebook import render

        return render.observation_text(self)

    def _repr_svg_(self) -> str:
        """What this seat sees, as SVG for Jupyter (:func:`rulebook.render.observation_svg`)."""
        from rulebook import render

        return render.observation_svg(self)


# -- the record of play (ST-RES-1..5, ST-ROUND-1) ------------------------------------------------


@attrs.frozen(slots=True)
class Resolution:
    """One player's step of the resolution (ST-RES-1): what it put beneath which column,
    then what it took.

    ``strength`` is the strength it played or declared (-1: face down); ``placed`` lists
    ``(card, column)`` in the order put down (columns from 0 at the left); ``how`` is
    ``"take"`` (acquired), ``"road"``, ``"keep"`` (into the hand, ST-RES-5) or ``"none"``
    (the oracle area was empty, ST-RULING-13); ``card`` and ``column`` say which oracle
    card from which column (``None`` with ``"none"``); ``discarded`` are the other cards
    of that column, which left the game (ST-RES-3); ``rule`` is the rule that allowed or
    forced the choice (ST-RES-3, ST-RES-4 forced road, ST-RES-5, ST-RULING-13).
    """

    seat: int
    strength: int
    placed: tuple[tuple[int, int], ...]
    how: str
    card: int | None
    column: int | None
    discarded: tuple[int, ...]
    rule: str


@attrs.frozen(slots=True)
class PlacementRecord:
    """One finished round of Saru Tori Inu I (the game's counterpart of a trick).

    ``number`` counts rounds over the whole game from 0; ``race`` and ``round`` (from 0
    within the race) say where it was; ``area`` is the oracle area when the round began,
    by column; ``plays`` lists ``(seat, strength, cards)`` in turn order (strength -1:
    face down; two cards after a declaration); ``steps`` are the :class:`Resolution`
    steps in resolution order; ``leftover`` are oracle cards nobody took, which left the
    game when the round ended (ST-RULING-13).
    """

    number: int
    race: int
    round: int
    area: tuple[tuple[int, ...], ...]
    plays: tuple[tuple[int, int, tuple[int, ...]], ...]
    steps: tuple[Resolution, ...]
    leftover: tuple[int, ...]

    @property
    def taken(self) -> tuple[tuple[int, str, int], ...]:
        """``(seat, how, card)`` for every oracle card taken, in order."""
        return tuple((r.seat, r.how, r.card) for r in self.steps if r.card is not None)


def _check_seat(seat: object, players: int) -> None:
    """ST-INFO-1: only a real seat observes; anything else is a ``ValueError`` naming it."""
    if type(seat) is not int or not 0 <= seat < players:
        raise ValueError(f"seat must be an int 0..{players - 1} (a seat of this game), not {seat!r}")


def _placements(state: SaruState) -> tuple[PlacementRecord, ...]:
    """Replay ``state``'s history from its set-up and note each round (see ``placements``)."""
    actions = state.history
    if not actions:
        return ()
    s: SaruState = GAME.initial_state(state.rules, state.setup)
    out: list[PlacementRecord] = []
    area = s.area
    plays: tuple[tuple[int, int, tuple[int, ...]], ...] = ()
    steps: list[Resolution] = []
    step: dict[str, Any] = {}
    for action in actions:
        kind = type(action)
        seat = s.to_act
        assert seat is not None
        if kind is Place and not step:
            step = {"seat": seat, "strength": s.shown[seat], "placed": []}
            if not plays:
                played, shown = s.played, s.shown
                plays = tuple((p, shown[p], played[p]) for p in s.order)
        taken: tuple[int, ...] = ()
        col = -1
        if kind is Take or kind is Road or kind is Keep:
            col = next(k for k, cards in enumerate(s.area) if cards)
            taken = s.area[col]
            legal = s.legal_actions()
            if kind is Keep or s.shown[seat] == FACE_DOWN:
                rule = "ST-RES-5"
            elif kind is Road and all(type(a) is Road for a in legal):
                rule = "ST-RES-4"
            else:
                rule = "ST-RES-3"
        before = s
        try:
            s = s.apply(action)
        except IllegalAction as exc:  # a state whose fields were changed by ``replace``
            raise ValueError(f"the history does not replay from the set-up: {exc}") from None
        if kind is Place:
            column = action.column  # type: ignore[union-attr]
            mine = before.played[seat]
            together = before.rules.pair_placement == "together"  # ST-RULING-5
            step["placed"].extend((c, column) for c in (mine if together else mine[:1]))
            if (not together and len(mine) > 1) or any(before.area):  # it places again, or takes
                continue
            steps.append(Resolution(seat, step["strength"], tuple(step["placed"]), "none", None, None, (),
                                    "ST-RULING-13"))
            step = {}
        elif col >= 0:
            card = action.card  # type: ignore[union-attr]
            how = "take" if kind is Take else "road" if kind is Road else "keep"
            steps.append(Resolution(seat, step["strength"], tuple(step["placed"]), how, card, col,
                                    tuple(c for c in taken if c != card), rule))
            step = {}
        if s.rounds_played != before.rounds_played:
            if col >= 0:
                left = tuple(c for k, cards in enumerate(before.area) if k != col for c in cards)
            else:
                left = tuple(c for cards in before.area for c in cards)
            out.append(PlacementRecord(len(out), before.race, before.rnd, area, plays, tuple(steps), left))
            area, plays, steps = s.area, (), []
    return tuple(out)



# -- state -----------------------------------------------------------------------------------------

Cards = tuple[int, ...]
PerSeat = tuple[tuple[int, ...], ...]
#: What changes only between rounds and races: race, rnd, missions, cols, order, queue,
#: totals, results, revealed, rounds_played, records (see the properties of :class:`SaruState`).
Board = tuple[int, int, Cards, Cards, Cards, Cards, Cards, PerSeat, PerSeat, int, tuple[RoundRecord, ...]]
#: What changes only when an oracle card is taken (or a known card is played): area,
#: road, pos, acquired, removed, known, road_laid.
Table = tuple[PerSeat, Cards, Cards, PerSeat, Cards, PerSeat, bool]
#: What the plays and placements change: hands, played, shown, used, beneath.
Plays = tuple[PerSeat, PerSeat, Cards, int, PerSeat]
_BOARD = (
    "race", "rnd", "missions", "cols", "order", "queue", "totals", "results", "revealed", "rounds_played", "records"
)
_TABLE = ("area", "road", "pos", "acquired", "removed", "known", "road_laid")
_PLAYS = ("hands", "played", "shown", "used", "beneath")


@attrs.frozen(slots=True)
class SaruState(State[Rules, SaruAction]):
    """A position of Saru Tori Inu I. Build with ``GAME.new_game``.

    Cards are deck indices (``rules.deck[i]``), animals 0-3 (monkey, dog, bird,
    boar), columns 0..players-1 from the left. The position is kept in three
    tuples grouped by how often they change (``board``, ``table``, ``plays``), so
    that a move builds a small state; read it through the properties (``race``,
    ``area``, ``hands`` ...) and change it with :meth:`replace`.
    """

    rules: Rules
    setup: Setup = attrs.field(repr=False)
    log: Log = attrs.field(repr=False, eq=log_actions)
    #: race, rnd, missions, cols, order, queue, totals, results, revealed, rounds_played, records
    board: Board
    #: area, road, pos, acquired, removed, known, road_laid
    table: Table
    #: hands, played, shown, used, beneath
    plays: Plays
    #: the step of the round (a :class:`Phase`)
    phase: Phase
    qi: int
    to_act: int | None

    # -- the board, the table and the plays -------------------------------------------

    @property
    def race(self) -> int:
        """The race being run, from 0 (ST-RACE-1)."""
        return self.board[0]

    @property
    def rnd(self) -> int:
        """The round of this race, from 0 (ST-ROUND-3)."""
        return self.board[1]

    @property
    def missions(self) -> tuple[int, ...]:
        """Each seat's mission card of this race (ST-SETUP-4)."""
        return self.board[2]

    @property
    def cols(self) -> tuple[int, ...]:
        """The columns a played card may go beneath (ST-RES-2, ST-RULING-8)."""
        return self.board[3]

    @property
    def order(self) -> tuple[int, ...]:
        """The seats that play this round, in turn order (ST-PLAY-1, ST-RULING-9)."""
        return self.board[4]

    @property
    def queue(self) -> tuple[int, ...]:
        """The resolution order of this round, once every seat has played (ST-RES-1)."""
        return self.board[5]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's points of the races scored so far (ST-RACE-2)."""
        return self.board[6]

    @property
    def results(self) -> tuple[tuple[int, ...], ...]:
        """Each scored race's points per seat (ST-SCORE-1..4)."""
        return self.board[7]

    @property
    def revealed(self) -> tuple[tuple[int, ...], ...]:
        """Each scored race's missions per seat (ST-SCORE-3)."""
        return self.board[8]

    @property
    def rounds_played(self) -> int:
        """Rounds completed in the whole game."""
        return self.board[9]

    @property
    def rounds(self) -> tuple[RoundRecord, ...]:
        """One :class:`~rulebook.core.history.RoundRecord` per scored race, in order: each
        seat's points and every :class:`~rulebook.core.history.ScoreChange` behind them
        (ST-SCORE-2 colours, ST-SCORE-3/ST-SCORE-4 missions), and how the race ended
        (ST-ROUND-3, or ST-RULING-9 when every hand ran out). ``scores`` is their sum."""
        return self.board[10]

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        """Always ``()``: the game has no tricks; see :attr:`placements` (ST-RES-1)."""
        return ()

    @property
    def race_standing(self) -> tuple[int, ...]:
        """Each seat's colour points in the race being run if it ended now (ST-SCORE-1,
        ST-SCORE-2); the secret missions are left out. All 0 once the game is over (the
        last race is in ``scores``)."""
        if self.to_act is None:
            return (0,) * self.rules.players
        return score_colours(self.rules, self.table[3], self.table[2])

    @property
    def placements(self) -> tuple[PlacementRecord, ...]:
        """Every finished round of the game as a :class:`PlacementRecord`, in order: who
        played what, who put which card beneath which column and what each took.

        Rebuilt from the history on each access (the hot path keeps nothing for it), so a
        resampled state, which has no history, has none, and a state changed by hand with
        :meth:`replace` may not replay (``ValueError``)."""
        return _placements(self)

    @property
    def area(self) -> tuple[tuple[int, ...], ...]:
        """The oracle area: its columns of cards from the left (ST-SETUP-2, ST-RES-3)."""
        return self.table[0]

    @property
    def road(self) -> tuple[int, ...]:
        """Cards laid as road, in order (ST-ROAD-1)."""
        return self.table[1]

    @property
    def pos(self) -> tuple[int, ...]:
        """The four animals' squares (ST-ROAD-3)."""
        return self.table[2]

    @property
    def acquired(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's acquired cards (ST-RES-3)."""
        return self.table[3]

    @property
    def removed(self) -> tuple[int, ...]:
        """Cards out of the game (ST-RES-3, ST-RULING-13)."""
        return self.table[4]

    @property
    def known(self) -> tuple[tuple[int, ...], ...]:
        """Cards publicly known to be in a hand (or its unrevealed face-down play, ST-RES-5)."""
        return self.table[5]

    @property
    def road_laid(self) -> bool:
        """Whether road was laid this round (ST-RES-4, ST-RES-5)."""
        return self.table[6]

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's hand, sorted (ST-SETUP-3)."""
        return self.plays[0]

    @property
    def played(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's played cards not yet placed (ST-PLAY-1, ST-RES-2)."""
        return self.plays[1]

    @property
    def shown(self) -> tuple[int, ...]:
        """Each seat's strength played or declared, -1 face down, -2 not (yet) played (ST-PLAY-1..4)."""
        return self.plays[2]

    @property
    def used(self) -> int:
        """The strengths played or declared this round, as bits (ST-PLAY-2)."""
        return self.plays[3]

    @property
    def beneath(self) -> tuple[tuple[int, ...], ...]:
        """The cards placed beneath each column this round (ST-RES-2)."""
        return self.plays[4]

    def replace(self, **changes: Any) -> SaruState:
        """A copy with attributes changed by their names, those kept in ``board``, ``table``
        and ``plays`` included (``attrs.evolve`` sees only the fields)."""
        groups: dict[str, list[Any]] = {"board": list(self.board), "table": list(self.table), "plays": list(self.plays)}
        fields = {}
        for name, value in changes.items():
            for group, names in (("board", _BOARD), ("table", _TABLE), ("plays", _PLAYS)):
                if name in names:
                    groups[group][names.index(name)] = value
                    break
            else:
                fields[name] = value
        for group, values in groups.items():
            fields.setdefault(group, tuple(values))
        return attrs.evolve(self, **fields)

    # -- contract -------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.to_act

    def legal_actions(self) -> tuple[SaruAction, ...]:
        seat = self.to_act
        if seat is None:
            return ()
        last = _LAST
        t = last[1] if last[0] is self.rules else _tab(self.rules)
        phase = self.phase
        if phase == PLAY:
            plays = self.plays
            hand = plays[0][seat]
            used = plays[3]
            bit = t.bit
            play = t.play
            out: tuple[SaruAction, ...] = (  # ST-PLAY-2
                tuple([play[c] for c in hand if not used & bit[c]]) if used else tuple(map(play.__getitem__, hand))
            )
            if not out:
                out = tuple(map(t.down.__getitem__, hand))  # ST-PLAY-3
            if self.qi == len(self.board[4]) - 1 and len(hand) >= 2:  # ST-PLAY-4, ST-RULING-15
                out += _DECLARES[used]
            return out
        if phase == PLACE:
            cols = self.board[3]
            places = _PLACES.get(cols)  # ST-RES-2
            return places if places is not None else tuple(map(_PLACE.__getitem__, cols))
        if phase == PAIR:
            hand = self.plays[0][seat]
            chosen = self.plays[1][seat]
            if not chosen:
                return tuple(map(t.pair.__getitem__, hand[:-1]))
            first = chosen[0]
            pair = t.pair
            return tuple([pair[c] for c in hand if c > first])
        table = self.table
        for col in table[0]:  # ST-RES-3: the leftmost column holding cards
            if col:
                break
        laid = table[6]
        if self.plays[2][seat] == FACE_DOWN:  # ST-RES-5
            return tuple(map((t.keep if laid else t.road).__getitem__, col))
        if not laid and self._forced():  # ST-RES-4
            return tuple(map(t.road.__getitem__, col))
        if len(col) == 1:
            c = col[0]
            return (t.take[c], t.road[c])
        return tuple(map(t.take.__getitem__, col)) + tuple(map(t.road.__getitem__, col))

    def _forced(self) -> bool:
        """ST-RES-4, ST-RULING-12: is the road forced (given no road this round)?"""
        area = self.table[0]
        if self.rules.forced_road == "last_card":
            return sum(map(len, area)) == 1
        return sum(map(bool, area)) == 1

    def apply(self, action: SaruAction) -> SaruState:
        seat = self.to_act
        if seat is None:
            raise self.illegal("the game is over", "ST-RACE-2", action)
        phase = self.phase
        kind = type(action)
        # The fast path is one of the engine's own action objects, whose fields are ints;
        # a field of another type (a bool, a float, a str) is refused here, before use.
        if phase == PLAY:
            if kind is Play or kind is Down:
                card = action.card  # type: ignore[union-attr]
                if type(card) is not int:
                    raise self._not_a_number(action, "card", card, "ST-PLAY-1")
                return self._play(seat, card, kind is Down, action)
            if kind is Declare:
                strength = action.strength  # type: ignore[union-attr]
                if type(strength) is not int:
                    raise self._not_a_number(action, "strength", strength, "ST-PLAY-4")
                return self._declare(seat, strength, action)
            raise self.illegal(f"seat {seat} must play a card", "ST-PLAY-1", action)
        if phase == PLACE:
            if kind is not Place:
                raise self.illegal(f"seat {seat} must put its card beneath a column", "ST-RES-2", action)
            column = action.column  # type: ignore[union-attr]
            if type(column) is not int:
                raise self._not_a_number(action, "column", column, "ST-RES-2")
            return self._place(seat, column, action)
        if phase == PAIR:
            if kind is not Pair:
                raise self.illegal(f"seat {seat} must pick the two cards of its declaration", "ST-PLAY-4", action)
            card = action.card  # type: ignore[union-attr]
            if type(card) is not int:
                raise self._not_a_number(action, "card", card, "ST-PLAY-4")
            return self._pair(seat, card, action)
        if kind is Take or kind is Road or kind is Keep:
            card = action.card  # type: ignore[union-attr]
            if type(card) is not int:
                raise self._not_a_number(action, "card", card, "ST-RES-3")
            return self._take(seat, card, kind, action)
        raise self.illegal(f"seat {seat} must take the leftmost oracle card", "ST-RES-3", action)

    def _not_a_number(self, action: object, name: str, value: object, rule: str) -> IllegalAction:
        return self.illegal(f"its {name} must be an int, not {type(value).__name__} {value!r}", rule, action)

    @property
    def scores(self) -> tuple[int, ...]:
        """Points of the races scored so far (ST-RACE-2)."""
        return self.board[6]

    @property
    def winners(self) -> frozenset[int]:
        """Highest total wins; ties share (ST-RACE-2, ST-RULING-18)."""
        if self.to_act is not None:
            return frozenset()
        totals = self.board[6]
        best = max(totals)
        return frozenset(s for s, v in enumerate(totals) if v == best)

    def observation(self, seat: int) -> Observation:
        """Seat's view (ST-INFO-1): own hand and mission; all face-up cards; hand sizes."""
        n = self.rules.players
        _check_seat(seat, n)
        race, rnd, missions, cols, order, queue, totals, results, revealed, _, _ = self.board
        area, road, pos, acquired, removed, known, laid = self.table
        hands, played, shown, _, beneath = self.plays
        plays = tuple(p if s == seat or shown[s] != FACE_DOWN else () for s, p in enumerate(played))
        return Observation(
            seat, n, race, rnd, self.phase, self.to_act, hands[seat], missions[seat], tuple(map(len, hands)),
            known, area, beneath, cols, road, pos, acquired, removed, order, plays, shown, queue, laid, totals,
            results, revealed, self.race_standing,
        )

    def resample(self, seat: int, rng: random.Random) -> SaruState:
        """Redraw what ``seat`` cannot see: other hands' unknown cards, other seats'
        unrevealed face-down cards, and other seats' missions of this race (ST-INFO-1).

        ST-RULING-19: the inference that a face-down player had no playable card is not used.
        """
        n = self.rules.players
        _check_seat(seat, n)
        others = [s for s in range(n) if s != seat]
        known = self.table[5]
        old_hands, old_played, shown, used, beneath = self.plays
        hidden: list[int] = []
        sizes = []
        for s in others:
            held0 = old_hands[s] + (old_played[s] if shown[s] == FACE_DOWN else ())
            unknown = [c for c in held0 if c not in known[s]]
            hidden.extend(unknown)
            sizes.append(len(unknown))
        hidden.sort()  # from a canonical order: the real arrangement must not show through
        rng.shuffle(hidden)
        hands = list(old_hands)
        played = list(old_played)
        at = 0
        for s, k in zip(others, sizes):
            held: list[int] = [*known[s], *hidden[at : at + k]]
            at += k
            if shown[s] == FACE_DOWN and old_played[s]:
                down = held.pop(rng.randrange(len(held)))
                played[s] = (down,)
            hands[s] = tuple(sorted(held))
        pair = self.to_act if self.phase == PAIR and self.to_act != seat else None
        if pair is not None and len(played[pair]) == 1 and max(hands[pair]) < played[pair][0]:
            return self.resample(seat, rng)  # ST-PLAY-4: the pair's second card is above its first: redraw
        missions = list(self.board[2])
        if self.to_act is not None:
            pool = [m for m in range(len(self.rules.missions)) if m != missions[seat]]
            rng.shuffle(pool)
            for i, s in enumerate(others):
                missions[s] = pool[i]
        b = self.board
        board: Board = (b[0], b[1], tuple(missions), b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10])
        # later races' deals are unknown to everybody: redraw them too (ST-INFO-1)
        setup = self.setup.resampled(rng)
        plays = (tuple(hands), tuple(played), shown, used, beneath)
        return attrs.evolve(self, log=None, setup=setup, board=board, plays=plays)

    # -- engine ---------------------------------------------------------------------

    def _play(self, seat: int, card: int, down: bool, action: SaruAction) -> SaruState:
        hands, played, shown, used, beneath = self.plays
        hand = hands[seat]
        try:
            i = hand.index(card)
        except ValueError:
            raise self.illegal(f"seat {seat} does not hold that card", "ST-PLAY-1", action) from None
        last = _LAST
        t = last[1] if last[0] is self.rules else _tab(self.rules)
        if down:
            bit = t.bit
            for c in hand:
                if not used & bit[c]:
                    raise self.illegal(
                        "a face-down play is only for a player with no playable card", "ST-PLAY-3", action
                    )
            strength = FACE_DOWN
        else:
            strength = t.strength[card]
            if used >> strength & 1:
                raise self.illegal(f"strength {strength} was already played this round", "ST-PLAY-2", action)
            used |= 1 << strength
        hl = list(hands)
        hl[seat] = hand[:i] + hand[i + 1 :]
        table = self.table
        if not down and card in table[5][seat]:
            table = _forget(table, seat, card)
        pl = list(played)
        pl[seat] = (card,)
        sh = list(shown)
        sh[seat] = strength
        plays: Plays = (tuple(hl), tuple(pl), tuple(sh), used, beneath)
        order = self.board[4]
        qi = self.qi + 1
        if qi < len(order):  # the next player plays (the common case of _next_play, inlined)
            link = (self.log, action)
            return _new_state(self.rules, self.setup, link, self.board, table, plays, PLAY, qi, order[qi])
        return self._next_play(plays, table, (self.log, action))

    def _declare(self, seat: int, strength: int, action: SaruAction) -> SaruState:
        hands, played, shown, used, beneath = self.plays
        if self.qi != len(self.board[4]) - 1:
            raise self.illegal("only the last player of the round may declare", "ST-PLAY-4", action)
        if len(hands[seat]) < 2:
            raise self.illegal("a declaration needs two cards in hand", "ST-PLAY-4", action)
        if not 0 <= strength <= MAX_STRENGTH or used >> strength & 1:
            raise self.illegal(f"strength {strength} is not free to declare", "ST-PLAY-4", action)
        sh = list(shown)
        sh[seat] = strength
        return _new_state(
            self.rules, self.setup, (self.log, action), self.board, self.table,
            (hands, played, tuple(sh), used | 1 << strength, beneath), PAIR, self.qi, seat,
        )

    def _pair(self, seat: int, card: int, action: SaruAction) -> SaruState:
        hands, played, shown, used, beneath = self.plays
        hand = hands[seat]
        chosen = played[seat]
        if card not in hand:
            raise self.illegal(f"seat {seat} does not hold that card", "ST-PLAY-4", action)
        if (chosen and card < chosen[0]) or (not chosen and card == hand[-1]):
            raise self.illegal("the two cards are picked lower card first", "ST-PLAY-4", action)
        hl = list(hands)
        i = hand.index(card)
        hl[seat] = hand[:i] + hand[i + 1 :]
        table = self.table
        if card in table[5][seat]:
            table = _forget(table, seat, card)
        pl = list(played)
        pl[seat] = chosen + (card,)
        plays: Plays = (tuple(hl), tuple(pl), shown, used, beneath)
        if not chosen:
            link = (self.log, action)
            return _new_state(self.rules, self.setup, link, self.board, table, plays, PAIR, self.qi, seat)
        return self._next_play(plays, table, (self.log, action))

    def _next_play(self, plays: Plays, table: Table, log: Log) -> SaruState:
        """The next player plays, or resolution begins (ST-RES-1)."""
        board = self.board
        order = board[4]
        qi = self.qi + 1
        if qi < len(order):
            return _new_state(self.rules, self.setup, log, board, table, plays, PLAY, qi, order[qi])
        # ST-RES-1, ST-RULING-7: by strength (declared or printed) from the highest down;
        # ST-RULING-6: face-down players after them, in turn order.
        shown = plays[2]
        up = sorted([s for s in order if shown[s] >= 0], key=shown.__getitem__, reverse=True)
        queue = tuple(up) + tuple([s for s in order if shown[s] == FACE_DOWN])
        b = board
        return _new_state(
            self.rules, self.setup, log, (b[0], b[1], b[2], b[3], order, queue, b[6], b[7], b[8], b[9], b[10]), table,
            plays, PLACE, 0, queue[0],
        )

    def _place(self, seat: int, column: int, action: SaruAction) -> SaruState:
        board = self.board
        if column not in board[3]:
            if self.rules.column_sharing == "exclusive" and 0 <= column < len(self.plays[4]) and self.plays[4][column]:
                raise self.illegal(f"another player's card is beneath column {column + 1}", "ST-RULING-20", action)
            raise self.illegal(f"column {column + 1} never held an oracle card", "ST-RES-2", action)
        hands, played, shown, used, beneath = self.plays
        mine = played[seat]
        put: tuple[int, ...]
        rest: tuple[int, ...]
        if self.rules.pair_placement == "together":  # ST-RULING-5
            put, rest = mine, ()
        else:
            put, rest = mine[:1], mine[1:]
        bl = list(beneath)
        bl[column] = bl[column] + put
        if self.rules.column_sharing != "shared":  # ST-RULING-20: the column is now taken
            b = board
            cols = tuple([k for k in b[3] if k != column])
            board = (b[0], b[1], b[2], cols, b[4], b[5], b[6], b[7], b[8], b[9], b[10])
        pl = list(played)
        pl[seat] = rest
        plays: Plays = (hands, tuple(pl), shown, used, tuple(bl))
        table = self.table
        if shown[seat] == FACE_DOWN and put[0] in table[5][seat]:  # ST-RULING-14: revealed now
            table = _forget(table, seat, put[0])
        log = (self.log, action)
        if rest or any(table[0]):
            return _new_state(
                self.rules, self.setup, log, board, table, plays, PLACE if rest else TAKE, self.qi, seat
            )
        # ST-RULING-13: the oracle area is empty; this player takes nothing.
        queue = board[5]
        qi = self.qi + 1
        if qi < len(queue):  # the next player resolves (the common case of _next_resolver, inlined)
            return _new_state(self.rules, self.setup, log, board, table, plays, PLACE, qi, queue[qi])
        return self._next_resolver(log, table, plays)  # the round ends: the columns are reset there

    def _take(self, seat: int, card: int, kind: type, action: SaruAction) -> SaruState:
        area, road, pos, acquired, removed, known, laid = self.table
        k = 0
        while not area[k]:  # ST-RES-3: the leftmost column holding cards
            k += 1
        col = area[k]
        if card not in col:
            raise self.illegal("only a card of the leftmost oracle column may be taken", "ST-RES-3", action)
        plays = self.plays
        if plays[2][seat] == FACE_DOWN:  # ST-RES-5
            if kind is Take:
                raise self.illegal("a face-down player takes the card into its hand", "ST-RES-5", action)
            if (kind is Road) == laid:
                raise self.illegal(
                    "a face-down player lays road only if nobody has this round, else keeps the card",
                    "ST-RES-5", action,
                )
        elif kind is Keep:
            raise self.illegal("only a face-down player keeps an oracle card", "ST-RES-5", action)
        elif kind is Take and not laid and self._forced():
            raise self.illegal("the last oracle card must be laid as road", "ST-RES-4", action)
        new_area = list(area)
        new_area[k] = ()
        if len(col) > 1:  # ST-RES-3: the rest of the column leaves the game
            removed = removed + tuple([c for c in col if c != card])
        if kind is Road:  # ST-ROAD-1, ST-ROAD-2, ST-ROAD-3
            road = road + (card,)
            last = _LAST
            pos = move_animals(pos, (last[1] if last[0] is self.rules else _tab(self.rules)).icons[card])
            laid = True
        elif kind is Take:
            acq = list(acquired)
            acq[seat] = acq[seat] + (card,)
            acquired = tuple(acq)
        else:
            hands, played, shown, used, beneath = plays
            hl = list(hands)
            hl[seat] = tuple(sorted(hl[seat] + (card,)))
            plays = (tuple(hl), played, shown, used, beneath)
            kl = list(known)
            kl[seat] = kl[seat] + (card,)
            known = tuple(kl)
        new_table: Table = (tuple(new_area), road, pos, acquired, removed, known, laid)
        log = (self.log, action)
        queue = self.board[5]
        qi = self.qi + 1
        if qi < len(queue):  # the next player resolves (the common case of _next_resolver, inlined)
            return _new_state(self.rules, self.setup, log, self.board, new_table, plays, PLACE, qi, queue[qi])
        return self._next_resolver(log, new_table, plays)

    def _next_resolver(self, log: Log, table: Table, plays: Plays) -> SaruState:
        board = self.board
        queue = board[5]
        qi = self.qi + 1
        if qi < len(queue):
            return _new_state(self.rules, self.setup, log, board, table, plays, PLACE, qi, queue[qi])
        # ST-ROUND-1: leftover oracle cards leave the game (ST-RULING-13); the cards
        # beneath become the new oracle area, column by column.
        area, road, pos, acquired, removed, known, _ = table
        left = tuple([c for col in area for c in col])
        if left:
            removed = removed + left
        race, rnd, missions, cols, _, _, totals, results, revealed, rounds_played, records = board
        hands = plays[0]
        beneath = plays[4]
        rules = self.rules
        n = rules.players
        start = queue[-1]  # ST-ROUND-2: the lowest strength, or the (last) face-down player
        rnd += 1
        rounds_played += 1
        empty = ((),) * n
        fresh: Plays = (hands, empty, (NOT_PLAYED,) * n, 0, empty)
        order = tuple([s for i in range(n) if hands[s := (start + i) % n]])  # ST-PLAY-1, ST-RULING-9
        if rnd < rules.rounds and order:  # ST-ROUND-3
            if rules.columns != "setup":
                cols = tuple([k for k in range(n) if beneath[k]])
            elif rules.column_sharing != "shared":  # ST-RULING-20: every column is open again
                cols = tuple(range(n))
            return _new_state(
                rules, self.setup, log,
                (race, rnd, missions, cols, order, (), totals, results, revealed, rounds_played, records),
                (beneath, road, pos, acquired, removed, known, False), fresh, PLAY, 0, order[0],
            )
        # ST-SCORE-1..4: the race is scored; ST-RACE-1: the next race or the end.
        changes = race_score_changes(rules, acquired, pos, missions)
        gained = [0] * n
        for change in changes:
            gained[change.seat] += change.points
        points = tuple(gained)
        totals = tuple([a + b for a, b in zip(totals, points)])
        results = results + (points,)
        revealed = revealed + (missions,)
        if rnd >= rules.rounds:
            end, rule = f"{rules.rounds} rounds were played", "ST-ROUND-3"
        else:
            end, rule = f"no seat had a card left after {rnd} round(s)", "ST-RULING-9"
        records = records + (RoundRecord(race, points, changes, end, rule),)
        if race + 1 < rules.race_count:
            return _race_start(
                rules, self.setup, log, race + 1, totals, results, revealed, rounds_played, records
            )
        return _new_state(
            rules, self.setup, log,
            (race, rnd, missions, cols, (), (), totals, results, revealed, rounds_played, records),
            (beneath, road, pos, acquired, removed, known, False), fresh, PLAY, 0, None,
        )


if TYPE_CHECKING:
    _new_state = SaruState
else:  # the engine builds its states without attrs' __init__ (about 2.5x cheaper)
    _new_state = state_builder(SaruState)


def _without(known: tuple[tuple[int, ...], ...], seat: int, card: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple([c for c in k if c != card]) if s == seat else k for s, k in enumerate(known))


def _forget(table: Table, seat: int, card: int) -> Table:
    """The table with ``card`` no longer publicly known in ``seat``'s hand (ST-INFO-1)."""
    area, road, pos, acquired, removed, known, laid = table
    return (area, road, pos, acquired, removed, _without(known, seat, card), laid)


def _race_start(
    rules: Rules,
    setup: Setup,
    log: Log,
    race: int,
    totals: tuple[int, ...],
    results: tuple[tuple[int, ...], ...],
    revealed: tuple[tuple[int, ...], ...],
    rounds_played: int,
    records: tuple[RoundRecord, ...],
) -> SaruState:
    """Set up race ``race`` from its deal (ST-SETUP-1..5)."""
    deal = setup.deal(GAME, rules, race)
    n = rules.players
    h = (DECK_SIZE - n) // n  # ST-SETUP-3: 11 with 3 players, 8 with 4
    area = tuple((deal[k],) for k in range(n))  # ST-SETUP-2
    hands = tuple(tuple(sorted(deal[n + s * h : n + (s + 1) * h])) for s in range(n))
    missions = tuple(deal[DECK_SIZE + s] for s in range(n))  # ST-SETUP-4
    start = (rules.first_player + race) % n  # ST-SETUP-5, ST-RULING-10
    order = tuple((start + i) % n for i in range(n))
    empty = ((),) * n
    return _new_state(
        rules, setup, log,
        (race, 0, missions, tuple(range(n)), order, (), totals, results, revealed, rounds_played, records),
        (area, (), rules.track.start, empty, (), empty, False),
        (hands, empty, (NOT_PLAYED,) * n, 0, empty), PLAY, 0, start,
    )


# -- the game ----------------------------------------------------------------------------------------

_PHASES = 4
_SHOWN = MAX_STRENGTH + 3
_LOC = 23


class SaruGame(Game[Rules, SaruState, SaruAction]):
    """Saru Tori Inu I: 3-4 players, 36 oracle cards, a race of four animals."""

    slug = "saru-tori-inu-i"
    title = "Saru Tori Inu I (サルトリイヌイ)"
    prefix = "ST"
    player_counts = range(3, 5)
    #: The card names of the PLACEHOLDER deck (ST-DATA-2): colour letter and strength 1-9,
    #: ``R1`` = card 0 ... ``K9`` = card 35. A custom ``Rules.deck`` names its own cards
    #: (``rules.deck[c].name``, as the actions print them).
    deck = Deck(suits=tuple(zip(COLOURS, LETTERS)), ranks=range(1, 10))

    def action_table(self, rules: Rules) -> tuple[SaruAction, ...]:
        return _tab(rules).actions

    def random_deal(self, rules: Rules, rng: random.Random, index: int) -> Deal:
        cards = list(range(DECK_SIZE))
        rng.shuffle(cards)
        missions = list(range(len(rules.missions)))
        rng.shuffle(missions)
        return tuple(cards + missions)

    def check_deal(self, rules: Rules, deal: Deal, index: int) -> None:
        """A race's deal: an order of the 36 cards, then an order of the missions (ST-SETUP-1).

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
        if len(deal) != DECK_SIZE + m:
            raise ValueError(
                f"{what} must have {DECK_SIZE + m} numbers: the 36 cards' order, then the {m} missions' order "
                f"(got {len(deal)})"
            )
        if sorted(deal[:DECK_SIZE]) != list(range(DECK_SIZE)):
            raise ValueError(f"{what}: the first {DECK_SIZE} numbers must order the cards 0..35, each once")
        if sorted(deal[DECK_SIZE:]) != list(range(m)):
            raise ValueError(f"{what}: the last {m} numbers must order the missions 0..{m - 1}, each once")

    def initial_state(self, rules: Rules, setup: Setup) -> SaruState:
        """The first race's set-up (ST-SETUP-1..5)."""
        n = rules.players
        return _race_start(rules, setup, None, 0, (0,) * n, (), (), 0, ())

    def max_game_length(self, rules: Rules) -> int:
        """Per round each seat plays once (the declarer: declare and two cards), places at
        most twice and takes once: at most 6 actions per seat and round."""
        return rules.race_count * rules.rounds * rules.players * 6

    def check_invariants(self, state: SaruState) -> None:
        """Card conservation (ST-COMP-1), distinct strengths (ST-PLAY-2), the animals'
        squares (ST-ROAD-3) and known cards (ST-INFO-1)."""
        cards = sorted(
            [c for h in state.hands for c in h]
            + [c for col in state.area for c in col]
            + [c for col in state.beneath for c in col]
            + list(state.road)
            + [c for a in state.acquired for c in a]
            + list(state.removed)
            + [c for p in state.played for c in p]
        )
        if cards != list(range(DECK_SIZE)):
            raise AssertionError("ST-COMP-1: the 36 cards are not each in exactly one place")
        strengths = [v for v in state.shown if v >= 0]
        if len(set(strengths)) != len(strengths):
            raise AssertionError("ST-PLAY-2: two plays of one round share a strength")
        if sum(1 << v for v in strengths) != state.used:
            raise AssertionError("ST-PLAY-2: the used strengths disagree with the plays")
        start = state.rules.track.start
        for a in range(4):
            for b in range(a + 1, 4):
                if state.pos[a] == state.pos[b] and not (state.pos[a] == start[a] == start[b]):
                    raise AssertionError("ST-ROAD-3: two animals share a square off their start")
        for seat, known in enumerate(state.known):
            if not set(known) <= set(state.hands[seat]) | set(state.played[seat]):
                raise AssertionError("ST-INFO-1: a known card is not held by its seat")
        if state.to_act is not None and len(state.missions) != len(set(state.missions)):
            raise AssertionError("ST-SETUP-4: two seats hold the same mission")

    # -- observation tensor -------------------------------------------------------------

    def observation_size(self, rules: Rules) -> int:
        return (
            4 + 5 + 4 + 8 + _PHASES + DECK_SIZE * _LOC + 4 + 16 + 4 + 4 * _SHOWN + len(rules.missions) + 4 + 1 + 4 + 4
        )

    def encode_observation(self, rules: Rules, observation: Any) -> tuple[int, ...]:
        """See the docs page's table: one-hots and counts, built from the observation only."""
        o: Observation = observation
        out = [0] * self.observation_size(rules)
        out[o.seat] = 1
        out[4 + (4 if o.current_player is None else o.current_player)] = 1
        out[9 + o.race] = 1
        out[13 + min(o.round, 7)] = 1
        out[21 + o.phase] = 1
        base = 25
        for c in o.hand:
            out[base + c * _LOC] = 1
        for s, cards in enumerate(o.known_in_hands):
            for c in cards:
                out[base + c * _LOC + 1 + s] = 1
        for k, col in enumerate(o.area):
            for c in col:
                out[base + c * _LOC + 5 + k] = 1
        for k, col in enumerate(o.beneath):
            for c in col:
                out[base + c * _LOC + 9 + k] = 1
        for c in o.road:
            out[base + c * _LOC + 13] = 1
        for s, cards in enumerate(o.acquired):
            for c in cards:
                out[base + c * _LOC + 14 + s] = 1
        for c in o.removed:
            out[base + c * _LOC + 18] = 1
        for s, cards in enumerate(o.plays):
            for c in cards:
                out[base + c * _LOC + 19 + s] = 1
        at = base + DECK_SIZE * _LOC
        for a in range(4):
            out[at + a] = o.positions[a]
        at += 4
        for place, a in enumerate(race_order(rules.track, o.positions)):
            out[at + 4 * a + place] = 1
        at += 16
        for s, size in enumerate(o.hand_sizes):
            out[at + s] = size
        at += 4
        for s, v in enumerate(o.shown):
            out[at + s * _SHOWN + v + 2] = 1
        at += 4 * _SHOWN
        out[at + o.mission] = 1
        at += len(rules.missions)
        for k in o.columns:
            out[at + k] = 1
        at += 4
        out[at] = 1 if o.road_laid else 0
        at += 1
        for s, v in enumerate(o.totals):
            out[at + s] = v
        at += 4
        for s, v in enumerate(o.race_standing):
            out[at + s] = v
        return tuple(out)

    # -- players and statistics ----------------------------------------------------------

    def heuristic_action(self, state: SaruState, rng: random.Random) -> SaruAction:
        """Play the strongest playable card when the leftmost oracle card's animal is in the
        top two, else the weakest; never declare; place beneath an empty column; acquire
        cards whose animal is in the top two, else lay road.

        Ties in strength go to the first legal action; random choices (``rng.choice``)
        are among the free columns (else every column), the road actions, or all legal
        actions, in ``legal_actions`` order.
        """
        if state.to_act is None:
            raise ValueError("the game is over: nobody is to act")
        legal = state.legal_actions()
        phase = state.phase
        if phase == PLACE:
            beneath = state.plays[4]
            free = [a for a in legal if not beneath[a.column]]  # type: ignore[union-attr]
            return rng.choice(free or list(legal))
        if phase != PLAY and phase != TAKE:
            return rng.choice(legal)
        rules = state.rules
        last = _LAST
        t = last[1] if last[0] is rules else _tab(rules)
        # the top two animals of race_order: furthest first, ties by the track's tie order
        pos = state.table[2]
        first = second = -1
        for animal in rules.track.tie_order:  # in tie order: of equal squares the earlier stays ahead
            p = pos[animal]
            if first < 0 or p > pos[first]:
                first, second = animal, first
            elif second < 0 or p > pos[second]:
                second = animal
        colour = t.colour
        strength = t.strength
        if phase == PLAY:
            want = False
            for col in state.table[0]:  # the leftmost column holding cards
                if col:
                    for c in col:
                        k = colour[c]
                        if k == first or k == second:
                            want = True
                            break
                    break
            best: SaruAction | None = None
            top = 0
            for a in legal:  # face-up or face-down plays (never a declaration)
                kind = type(a)
                if kind is Play or kind is Down:
                    v = strength[a.card]  # type: ignore[union-attr]
                    if best is None or (v > top if want else v < top):
                        best, top = a, v
            if best is None:
                raise ValueError("no card to play")
            return best
        take: SaruAction | None = None
        top = 0
        roads: list[SaruAction] = []
        for a in legal:
            kind = type(a)
            if kind is Take:
                c = a.card  # type: ignore[union-attr]
                k = colour[c]
                if (k == first or k == second) and (take is None or strength[c] > top):
                    take, top = a, strength[c]
            elif kind is Road:
                roads.append(a)
        if take is not None:
            return take
        if roads:
            return rng.choice(roads)
        return rng.choice(legal)

    def end_stats(self, state: SaruState) -> dict[str, float]:
        """Races and rounds played, face-down plays, declarations, road cards laid."""
        history = state.history
        return {
            "races": float(len(state.results)),
            "rounds": float(state.rounds_played),
            "face_down_plays": float(sum(1 for a in history if type(a) is Down)),
            "declarations": float(sum(1 for a in history if type(a) is Declare)),
            "road_cards": float(sum(1 for a in history if type(a) is Road)),
            "cards_acquired": float(sum(1 for a in history if type(a) is Take)),
        }


GAME = SaruGame(Rules, SaruState)
SaruState.GAME = GAME
