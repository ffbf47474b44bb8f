"""One model of a game: its zones, its round as a program of named steps, and its deciding rules by ID.

Every game states three things about itself, as data on its game class:

``ZONES``
    every place a card, token or marker can be (:class:`Zone`): the hands, the trick being played,
    the draw pile, the captured piles, the NPC rows, the bids... Each zone says who sees its items
    in the printed game (a :class:`Sight`) and the rule IDs that say so. A variant may set the sight
    of any zone, of one seat's zone (``visible.hands.3 = "all"``: seat 3's hand face up) or, in
    Python, give a function of ``(seat, item, place)``.
``PROGRAM``
    the round as an ordered program of named steps (:class:`Step`): the deal, the bids or
    prophecies, each trick and its parts, the round's scoring and end. Each step names how it takes
    turns and the rule IDs it carries out. A variant inserts steps before or after any step, at a
    given trick or round, taken by every seat in turn, by all at once in secret or by one named
    seat or role (:mod:`rulebook.variants.steps`).
``SLOTS``
    the rules that decide something (:class:`Slot`): which moves are legal, how a trick's cards
    are ranked, what is scored at an event, when a round or the game ends, who leads, what an NPC
    plays, when a forced step comes, and the game's own consistency checks. A variant replaces
    any of them by its ID with a Python function, and switches endings and checks off by ID in
    a variant file (:data:`OFF`).

The printed rules and option-only variants keep each engine's precomputed path; an edited model
runs on the general path, which reads these declarations (observation, resample, ``verify``'s
twin-world check, the table, hints, stories and records).

>>> s = Sight.parse("owner+seat:2")
>>> s.sees(0, owner=0), s.sees(1, owner=0), s.sees(2, owner=0), str(s)
(True, True, False, 'owner+seat:2')
>>> Sight.parse("all").sees(3, owner=1), Sight.parse("none").sees(1, owner=1)
(True, False)
>>> Sight.parse("role:chamberlain").sees(2, owner=None, roles={"chamberlain": (2,)})
True
>>> Sight.parse("seat:0")
Traceback (most recent call last):
...
ValueError: seat:0: seats count from 1
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from rulebook.i18n import N_, _

__all__ = [
    "HIDDEN", "KINDS", "OFF", "SIGHT_WORDS", "STEP_TURNS", "Check", "ChoiceList", "Content", "Sight", "SightFn",
    "Slot", "Step", "Zone", "mask_hands", "program_text", "run_checks", "slots_text", "step_names", "with_checks",
    "zones_text",
]

#: an item a seat cannot see, where an observation lists a zone's items by position
HIDDEN = -1


def mask_hands(obs: Any, hidden: tuple[tuple[str, int | None, int], ...], partner: int | None = None) -> Any:
    """``obs`` (an observation with ``seat``, ``hand``, ``open_hands`` and maybe ``partner_hand``) with the cards
    of the zone ``hands`` at the ``hidden`` places (``(zone, owner, position)``) read as :data:`HIDDEN`
    wherever it shows them: the seat's own hand, every hand face up and the hand of its ``partner``. A hand
    partly hidden lists the cards still seen first.

    >>> @attrs.frozen
    ... class View:
    ...     seat: int
    ...     hand: tuple[int, ...]
    ...     open_hands: tuple[tuple[int, ...], ...] = ()
    ...     partner_hand: tuple[int, ...] = ()
    >>> mask_hands(View(0, (3, 7), ((3, 7), (1, 9))), (("hands", 1, 0), ("hands", 1, 1), ("trick", None, 0)))
    View(seat=0, hand=(3, 7), open_hands=((3, 7), (-1, -1)), partner_hand=())
    >>> mask_hands(View(0, (3, 7), ((3, 7), (1, 9))), (("hands", 1, 0),)).open_hands
    ((3, 7), (9, -1))
    """
    places: dict[int, set[int]] = {}
    for zone, owner, index in hidden:
        if zone == "hands" and owner is not None:
            places.setdefault(owner, set()).add(index)
    if not places:
        return obs

    def masked(cards: tuple[int, ...], owner: int) -> tuple[int, ...]:
        # the cards still seen first, then one HIDDEN per card hidden: a hand's order says nothing, and
        # where a seen card sat among hidden ones would tell how many of them are lower
        at = places.get(owner)
        if not at:
            return cards
        seen = [c for i, c in enumerate(cards) if i not in at]
        return (*seen, *(HIDDEN,) * (len(cards) - len(seen)))

    changes: dict[str, Any] = {}
    if obs.seat in places:
        changes["hand"] = masked(obs.hand, obs.seat)
    if obs.open_hands:
        changes["open_hands"] = tuple(masked(h, s) for s, h in enumerate(obs.open_hands))
    if partner is not None and getattr(obs, "partner_hand", None):
        changes["partner_hand"] = masked(obs.partner_hand, partner)
    return attrs.evolve(obs, **changes)


#: what a variant file writes for a rule, an ending or a check it switches off (``"SP-END-1" = "off"``)
OFF = "off"

#: the words of a sight, besides ``seat:N``, ``role:NAME`` and ``from:EVENT``
SIGHT_WORDS = ("owner", "all", "none", "team")
_WORD = re.compile(r"[a-z][a-z_]{0,30}")
#: the most digits a seat number in a sight may have
_SEAT_DIGITS = 3


@attrs.frozen(slots=True)
class Sight:
    """Who sees the items of a zone: every seat (``all``), nobody (``none``), or the audiences named
    (``owner``: the seat the zone belongs to, or the seat that put the item there; ``team``: the
    owner and its partners; ``seat:N``: seat N, counted from 1; ``role:NAME``: the seats that hold a
    role of the game, such as UTSUKE's ``chamberlain``), and every seat once ``from:EVENT`` has
    happened. Text form: the parts joined by ``+`` (``owner+seat:2``, ``owner+from:round``)."""

    everyone: bool = False
    owner: bool = False
    team: bool = False
    seats: tuple[int, ...] = ()
    roles: tuple[str, ...] = ()
    after: str = ""

    @classmethod
    def parse(cls, text: object) -> Sight:
        """The sight a text names (``ValueError`` saying what is wrong)."""
        if not isinstance(text, str) or not text or len(text) > 200:
            raise ValueError(f"a sight is a text such as 'owner', 'all', 'none' or 'owner+seat:2', not {text!r:.40}")
        if text == "all":
            return cls(everyone=True)
        if text == "none":
            return cls()
        owner = team = False
        seats: list[int] = []
        roles: list[str] = []
        after = ""
        for part in text.split("+"):
            word, colon, arg = part.partition(":")
            if not colon and word == "owner" and not owner:
                owner = True
            elif not colon and word == "team" and not team:
                team = True
            elif colon and word == "seat":
                if not arg.isdigit() or not arg.isascii() or len(arg) > _SEAT_DIGITS:
                    raise ValueError(f"{part[:40]}: a seat is a number from 1")
                if int(arg) < 1:
                    raise ValueError(f"{part}: seats count from 1")
                if int(arg) - 1 in seats:
                    raise ValueError(f"{part}: named twice")
                seats.append(int(arg) - 1)
            elif colon and word == "role" and _WORD.fullmatch(arg) and arg not in roles:
                roles.append(arg)
            elif colon and word == "from" and _WORD.fullmatch(arg) and not after:
                after = arg
            else:
                raise ValueError(f"{part[:40]!r} is not a part of a sight (owner, team, seat:N, role:NAME, from:EVENT; "
                                 "or all, none alone)")
        return cls(False, owner, team, tuple(seats), tuple(roles), after)

    def sees(self, seat: int, owner: int | None = None, partners: tuple[int, ...] = (),
             roles: Mapping[str, tuple[int, ...]] | None = None, happened: bool = False) -> bool:
        """Whether ``seat`` sees an item under this sight: ``owner`` owns the item's zone (or put the
        item there), ``partners`` are the owner's partners, ``roles`` the seats of each role of the
        game, ``happened`` whether this sight's ``from:`` event has come."""
        if self.everyone or (happened and self.after):
            return True
        if self.owner and seat == owner:
            return True
        if self.team and (seat == owner or seat in partners):
            return True
        if seat in self.seats:
            return True
        return bool(roles) and any(seat in roles.get(r, ()) for r in self.roles)  # type: ignore[union-attr]

    @property
    def nobody(self) -> bool:
        """No seat ever sees the item (``none``)."""
        return not (self.everyone or self.owner or self.team or self.seats or self.roles or self.after)

    def __str__(self) -> str:
        if self.everyone:
            return "all"
        parts = (["owner"] if self.owner else []) + (["team"] if self.team else [])
        parts += [f"seat:{s + 1}" for s in self.seats] + [f"role:{r}" for r in self.roles]
        parts += [f"from:{self.after}"] if self.after else []
        return "+".join(parts) or "none"


#: a Python sight: ``fn(seat, item, place) -> bool`` (``place`` a :class:`Content`)
SightFn = Callable[[int, int, "Content"], bool]


@attrs.frozen(slots=True)
class Zone:
    """A place items can be: its ``name`` (``hands``, ``trick``, ``pile``...), what its items are
    (``card``, ``cube``, ``bid``, ``mission``, ``oracle``...), whether there is one per seat
    (``per_seat``: hands, captured piles) and whether the order of its items is seen (``ordered``: a
    trick, a row), its printed ``sight``, the settings of ``visible.<name>`` the engine plays on its own
    fast path (``native``; every other sight is played on the general path), the rule IDs that state
    it and a line for people (``doc``)."""

    name: str
    items: str
    per_seat: bool
    ordered: bool
    sight: str
    rules: tuple[str, ...]
    doc: str
    native: tuple[str, ...] = ()
    #: whether a variant may set who sees it (``False``: a zone whose items are public by the rules
    #: themselves, such as the scores, or that no seat can ever see, such as cards out of the box)
    settable: bool = True

    def __attrs_post_init__(self) -> None:
        if not _WORD.fullmatch(self.name):
            raise TypeError(f"a zone name is a lower-case word, not {self.name!r:.40}")
        Sight.parse(self.sight)


@attrs.frozen(slots=True)
class Content:
    """What one zone holds in a position: the zone's ``name``, the seat it belongs to (``owner``;
    ``None`` for a shared zone), its ``items`` (the order seen where the zone is ordered) and, per
    item, the seat that put it there (``placed_by``, for a trick; empty when the owner did)."""

    zone: str
    owner: int | None
    items: tuple[int, ...]
    placed_by: tuple[int, ...] = ()
    #: items every seat sees whatever the zone's sight (a card everyone saw a seat take into its hand)
    open: tuple[int, ...] = ()

    def holder(self, index: int) -> int | None:
        """The seat an item belongs to, for an ``owner`` sight: who put it there, else the zone's owner."""
        return self.placed_by[index] if self.placed_by else self.owner


#: how a step takes turns: no seat decides; every seat at once and in secret; one seat after another,
#: openly; one named seat or role
STEP_TURNS = ("chance", "secret", "in_turn", "one")


@attrs.frozen(slots=True)
class Step:
    """One step of the round's program: its ``name`` (``trick.resolve``: the part ``resolve`` of the
    step ``trick``), how it takes turns (:data:`STEP_TURNS`), who acts (``who``, a line for people with
    the rule ID), how often it comes (``repeat``: ``game``, ``round``, ``race``, ``trick``; ``often``: the
    words for people where the game names them otherwise, as a deal or a round of play), and the rule
    IDs it carries out."""

    name: str
    turns: str
    who: str
    rules: tuple[str, ...]
    repeat: str = "round"
    often: str = ""

    def __attrs_post_init__(self) -> None:
        if self.turns not in STEP_TURNS:
            raise TypeError(f"step {self.name}: turns must be one of {', '.join(STEP_TURNS)}")
        if self.repeat not in ("game", "round", "trick", "race"):
            raise TypeError(f"step {self.name}: repeat must be game, round, race or trick")

    @property
    def often_words(self) -> str:
        """How often the step comes, in words for people (untranslated: a message id)."""
        return self.often or REPEAT_WORDS[self.repeat]

    @property
    def parent(self) -> str:
        """The step this one is a part of (``trick`` for ``trick.resolve``), else ``""``."""
        return self.name.rpartition(".")[0]


#: what a replaceable rule decides: the moves that are legal; the whole order of a trick's places;
#: a trick's outcome (who takes it, or nobody); what is scored at an event; whether the round, race or
#: game ends; who leads or starts; what an NPC plays; when a forced step comes; a consistency check; a
#: step of the program that may be switched off (its ``hooks`` name the option that does it:
#: ``option:trump_replacement=false``)
KINDS = ("legal", "ranking", "outcome", "score", "ending", "leader", "npc", "trigger", "check", "step")


@attrs.frozen(slots=True)
class Slot:
    """A deciding rule a variant may replace by its ``rule`` ID: what it decides (``kind``, one of
    :data:`KINDS`), the function's form in words (``form``: what it is given and what it returns),
    and the short forms that fill it (``hooks``: ``trick_winner``, ``leader``, ``endings_off``...)."""

    rule: str
    kind: str
    form: str
    hooks: tuple[str, ...] = ()
    #: whether a variant file may switch it off (``"off"``): an ending, a check, an optional step
    switchable: bool = False

    def __attrs_post_init__(self) -> None:
        if self.kind not in KINDS:
            raise TypeError(f"slot {self.rule}: kind must be one of {', '.join(KINDS)}")


def step_names(game: Any) -> tuple[str, ...]:
    """The names of ``game``'s steps, in program order."""
    return tuple(s.name for s in getattr(game, "PROGRAM", ()))


#: how a step takes turns, in words for people (by :data:`STEP_TURNS`)
TURN_WORDS = {"chance": N_("no player decides"), "secret": N_("every seat at once, in secret"),
               "in_turn": N_("one seat after another"), "one": N_("one seat")}
#: how often a step comes, in words for people
REPEAT_WORDS = {"trick": N_("every trick"), "race": N_("every race"), "game": N_("once a game"),
                 "round": N_("every round")}


def program_text(game: Any) -> str:
    """The game's program, one line per step (parts indented under their step), for people."""
    lines = []
    for step in getattr(game, "PROGRAM", ()):
        depth = step.name.count(".")
        lines.append("  " * depth + _("{step}: {turns}, {repeat}; {who} ({rules})").format(
            step=step.name, turns=_(TURN_WORDS[step.turns]), repeat=_(step.often_words), who=_(step.who),
            rules=", ".join(step.rules)))
    return "\n".join(lines)


def zones_text(game: Any) -> str:
    """The game's zones, one line each: name, sight, what it holds and its rule IDs."""
    lines = []
    for zone in getattr(game, "ZONES", ()):
        each = "per seat, " if zone.per_seat else ""
        lines.append(f"{zone.name} ({each}{zone.items}s; seen by: {zone.sight}): {zone.doc} ({', '.join(zone.rules)})")
    return "\n".join(lines)


def slots_text(game: Any) -> str:
    """The rules a variant may replace by ID, one line each."""
    lines = []
    for slot in getattr(game, "SLOTS", ()):
        kind = _(KIND_WORDS[slot.kind])
        if slot.switchable:
            kind = _("{kind}, may be switched off").format(kind=kind)
        text = _("{rule} ({kind}): {form}").format(rule=slot.rule, kind=kind, form=_(slot.form))
        option = next((h.removeprefix("option:") for h in slot.hooks if h.startswith("option:")), "")
        short = [h for h in slot.hooks if not h.startswith("option:")]
        if option:
            text += _(" (off: {option})").format(option=option.replace("=", " = "))
        elif short:
            text += _(" (also said by: {hooks})").format(hooks=", ".join(short))
        lines.append(text)
    return "\n".join(lines)


#: what a replaceable rule decides, in words for people (by :data:`KINDS`)
KIND_WORDS = {"legal": N_("legal moves"), "ranking": N_("a trick's places"), "outcome": N_("a trick's outcome"),
               "score": N_("scores"), "ending": N_("an ending"), "leader": N_("who leads"),
               "npc": N_("what a character plays"), "trigger": N_("when a step comes"), "check": N_("a check"),
               "step": N_("a step")}


#: a consistency check of a game: raises ``AssertionError("<RULE-ID>: what broke")``
CheckFn = Callable[[Any], None]


@attrs.frozen(slots=True)
class Check:
    """One of a game's own consistency checks (``Game.CHECKS``): its rule ``ID``, what it checks in
    words (``doc``) and the function (``check(state)``, raising ``AssertionError`` naming the rule).
    A variant whose rule changes what the check assumes names it: it switches it off or gives its own
    check in its place, by the same ID (:attr:`rulebook.core.logic.Logic.off`, ``replaced``)."""

    rule: str
    doc: str
    fn: CheckFn


def run_checks(checks: tuple[Check, ...], state: Any) -> None:
    """Run ``checks`` on ``state``: each of the game's checks, or the variant's own check of the same ID
    in its place (``Logic.checks``); none of a rule the variant switches off or replaces by its ID (the
    check states the printed rule, which no longer holds)."""
    logic = state.rules.logic
    if logic.printed:
        for check in checks:
            check.fn(state)
        return
    own = dict(logic.checks)
    replaced = {rid for rid, _ in logic.replaced}
    for check in checks:
        mine = own.get(check.rule)
        if mine is not None:
            mine(state)
        elif check.rule not in logic.off and check.rule not in replaced:
            check.fn(state)


def with_checks(slots: tuple[Slot, ...], checks: tuple[Check, ...]) -> tuple[Slot, ...]:
    """``slots`` and a ``check`` slot for each of the game's checks whose ID names no slot already (a check
    of a rule a variant replaces is not run: the variant gives its own)."""
    named = {s.rule for s in slots}
    return (*slots, *(Slot(c.rule, "check", c.doc, (), True) for c in checks if c.rule not in named))


def _pairs(value: Any) -> tuple[tuple[str, Callable[[Any], None]], ...]:
    """A mapping or a sequence of ``(check ID, check)`` pairs, as a tuple of pairs."""
    return tuple(value.items()) if isinstance(value, Mapping) else tuple(value)


@attrs.frozen
class ChoiceList:
    """A list of choices an added ``choose`` step offers (:mod:`rulebook.variants.choose`): ``options(state,
    seat)`` the pairs ``(value, text)`` a seat chooses among, ``apply(state, made)`` the engine's state once
    every seat has chosen (``made``: ``(seat, value)`` pairs in the order chosen)."""

    options: Callable[[Any, int], Any]
    apply: Callable[[Any, tuple[tuple[int, int], ...]], Any]
    doc: str = ""
    #: check ID -> the check in its place (the game's own checks its choices make untrue)
    checks: tuple[tuple[str, Callable[[Any], None]], ...] = attrs.field(default=(), converter=_pairs)
    #: ``value(state, seat, value) -> number``: how the rule-aware player values a choice
    value: Callable[[Any, int, int], float] | None = None
    #: ``parse(text) -> value or None``: the value a choice's text names wherever it is offered (a move read
    #: from its text then equals the move offered; without it, the step in progress matches the text)
    parse: Callable[[str], int | None] | None = None
