"""The gods-and-humans oracle game (locogame; title unknown, slug ``gods-and-humans``).

Spec: ``spec/gods-and-humans.md`` (rule prefix ``GH``). Source:
``001_e8c577a41baf5efd.txt``.

Five to eight players split, anew for each of four deals, into *humans*, who play
must-follow tricks, and *gods*, who see every human's hand, secretly predict how
many tricks their partner human will win, and each intervene once per deal by
giving every human one card. A human and a god are partners when the human's mark
and the god's oracle set show the same icon; humans do not know their partners.
An exact prediction scores the stars of the oracle card for the human and its
partner god. The star values are not known: :data:`PLACEHOLDER_STARS`.

>>> from rulebook.games.gods_and_humans import GAME, Rules
>>> state = GAME.new_game(Rules(players=5), seed=1)
>>> state.gods, state.humans, [len(state.hands[s]) for s in state.humans]
((0, 1), (2, 3, 4), [6, 6, 6])
>>> [str(a) for a in state.legal_actions()]
['oracle 0', 'oracle 1', 'oracle 2', 'oracle 3', 'oracle 4', 'oracle 5']
"""

from __future__ import annotations

import enum
import operator
import random
from bisect import bisect_left
from collections import Counter
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import attrs

from rulebook.core.cards import Deck
from rulebook.core.contract import Action, Deal, Game, Log, Setup, State, log_actions, state_builder
from rulebook.core.history import RoundRecord, ScoreChange, TrickRecord
from rulebook.core.options import option, validate_choices
from rulebook.core.tricks import win_keys
from rulebook.errors import IllegalAction, InvalidRules

__all__ = [
    "DEAL_LEADERS",
    "DECK",
    "GAME",
    "ICONS",
    "PLACEHOLDER_STARS",
    "DealFacts",
    "DealResult",
    "ForcedView",
    "Gaps",
    "Give",
    "GodsState",
    "Intervene",
    "Intervention",
    "Observation",
    "Oracle",
    "Pass",
    "Phase",
    "Play",
    "Rules",
    "SeenIntervention",
    "cards_in_play",
    "hand_size",
    "role_counts",
    "rotation",
]

#: GH-COMP-1: 48 number cards, red, blue, green and yellow x 1..12, one of each.
DECK = Deck(suits=(("red", "R"), ("blue", "B"), ("green", "G"), ("yellow", "Y")), ranks=range(1, 13))
_SUIT = DECK.suit_of
_RANK = DECK.rank_of
RED = 0

#: GH-COMP-2, GH-RULING-10: the four icons of the oracle sets and human marks. The
#: source does not name them; these names are placeholders.
ICONS = ("sun", "moon", "star", "cloud")

#: GH-SCORE-2, GH-RULING-1: PLACEHOLDER star values of the oracle cards 0..5. The
#: printed values are unknown; every exact prediction scores one star until an owner
#: of the game enters the real ones with ``Rules.stars``.
PLACEHOLDER_STARS = (1, 1, 1, 1, 1, 1)


class Phase(enum.IntEnum):
    """What the game is waiting for (``state.phase``); an ``IntEnum``, so it compares as an int."""

    #: gods predict, one after another (GH-ORACLE-1)
    ORACLE = 0
    #: the lone human predicts (GH-ORACLE-3)
    LONE = 1
    #: gods are asked in turn whether they intervene (GH-INTERVENE-2)
    ASK = 2
    #: a god gives each human one card (GH-INTERVENE-3)
    GIVE = 3
    #: the forced, face-down intervention (GH-FORCED-2)
    FORCED = 4
    #: a trick is being played (GH-TRICK-1)
    PLAY = 5
    #: the game is over (GH-END-2)
    OVER = 6


ORACLE, LONE, ASK, GIVE, FORCED, PLAY, OVER = Phase
PHASES = tuple(p.name.lower() for p in Phase)

#: the ways of choosing who leads a deal's first trick (GH-SETUP-6, GH-RULING-7)
DEAL_LEADERS = ("rotate", "lowest_score", "last_winner")


def _deal_leader(
    how: str, index: int, humans: tuple[int, ...], totals: tuple[int, ...], past: tuple[DealResult, ...]
) -> int:
    """The human index leading the first trick of deal ``index`` (GH-SETUP-6, GH-RULING-7)."""
    h = len(humans)
    first = index % h  # rotate
    if how == "lowest_score":
        low = min(totals[s] for s in humans)
        return next(i % h for i in range(first, first + h) if totals[humans[i % h]] == low)
    if how == "last_winner" and past:
        last = past[-1]
        leader, *cards = last.done[-1]
        keys = _WIN_KEYS[last.trump][_SUIT[cards[0]]]
        strength = [keys[c] for c in cards]
        winner = last.humans[(leader + strength.index(max(strength))) % len(last.humans)]
        if winner in humans:
            return humans.index(winner)
    return first


def role_counts(players: int) -> tuple[int, int]:
    """``(humans, gods)`` for ``players`` players (GH-ROLE-1).

    >>> [role_counts(n) for n in range(5, 9)]
    [(3, 2), (3, 3), (4, 3), (4, 4)]
    """
    humans = 3 if players <= 6 else 4
    return humans, players - humans


def cards_in_play(humans: int) -> tuple[int, ...]:
    """The number cards used with ``humans`` humans (GH-SETUP-1).

    >>> len(cards_in_play(3)), len(cards_in_play(4))
    (30, 48)
    """
    return _IN_PLAY[humans]


_IN_PLAY = {
    3: tuple(c for c in DECK.cards if _SUIT[c] != RED and _RANK[c] <= 10),
    4: tuple(DECK.cards),
}


def hand_size(players: int) -> int:
    """Cards dealt to each human before any intervention (GH-SETUP-4).

    >>> [hand_size(n) for n in range(5, 9)]
    [6, 5, 7, 6]
    """
    h, g = role_counts(players)
    return (len(cards_in_play(h)) - g * h - 2 * h) // h


def rotation(players: int, deals: int) -> tuple[tuple[int, ...], ...]:
    """The default role rotation: the god seats of each deal (GH-ROLE-2, GH-RULING-8).

    Deal ``d`` makes gods of the ``G`` seats that follow, cyclically, the gods of
    deal ``d - 1``: seats ``d*G .. d*G + G - 1`` modulo the number of players.

    >>> rotation(5, 4)
    ((0, 1), (2, 3), (0, 4), (1, 2))
    >>> rotation(8, 4)
    ((0, 1, 2, 3), (4, 5, 6, 7), (0, 1, 2, 3), (4, 5, 6, 7))
    """
    g = role_counts(players)[1]
    return tuple(tuple(sorted((d * g + i) % players for i in range(g))) for d in range(deals))


def _int_tuple(field: str, value: Any, what: str) -> tuple[int, ...]:
    """``value`` as a tuple of exact ints: a tuple or list whose items are ``int`` (not bool)."""
    if type(value) not in (tuple, list):
        raise InvalidRules(field, f"{what} must be a tuple or list of whole numbers, not {type(value).__name__}")
    for item in value:
        if type(item) is not int:
            raise InvalidRules(field, f"{what} must hold whole numbers (int), not {item!r}")
    return tuple(value)


def _roles(value: Any) -> tuple[tuple[int, ...], ...]:
    if type(value) not in (tuple, list):
        raise InvalidRules("roles", f"must be a tuple of god-seat tuples, not {type(value).__name__}")
    return tuple(_int_tuple("roles", deal, f"deal {d}") for d, deal in enumerate(value))


def _stars(value: Any) -> tuple[int, ...]:
    return _int_tuple("stars", value, "the star values")


@attrs.frozen
class Rules:
    """Options of the gods-and-humans oracle game; the defaults give the printed game."""

    players: int = option(
        5,
        doc="Number of players: 5 (3 humans, 2 gods), 6 (3, 3), 7 (4, 3) or 8 (4, 4) (GH-ROLE-1).",
        choices=range(5, 9),
    )
    deals: int = option(
        4, doc="Number of deals; the source plays 4 (GH-END-2). Other counts are a house rule.", choices=range(1, 9)
    )
    roles: tuple[tuple[int, ...], ...] = option(
        (),
        doc="Explicit god seats of each deal, one tuple per deal (for example ((0, 1), (2, 3), ...)); "
        "empty: the default fair rotation (GH-ROLE-2, GH-RULING-8).",
        converter=_roles,
    )
    stars: tuple[int, ...] = option(
        PLACEHOLDER_STARS,
        doc="PLACEHOLDER: stars printed on the oracle cards 0..5, which the source does not give; the "
        "default scores 1 for every exact prediction (GH-SCORE-2, GH-RULING-1).",
        converter=_stars,
    )
    mix_sources: bool = option(
        False,
        doc="One intervention may take some cards from the god's hand and some from the field; by "
        "default all its cards come from one of the two (GH-INTERVENE-3, GH-RULING-4).",
        choices=(False, True),
    )
    early_intervention: bool = option(
        False,
        doc="A god may also intervene before the first trick; the source places interventions between "
        "tricks only (GH-INTERVENE-1, GH-RULING-3).",
        choices=(False, True),
    )
    red_trump: bool = option(
        True,
        doc="Red is trump with 4 humans (GH-TRICK-5); false: house rule without trump (GH-RULING-16).",
        choices=(False, True),
    )
    deal_leader: str = option(
        "rotate",
        doc="Who leads a deal's first trick, which the source leaves to the humans: rotate (human index "
        "d mod H in deal d), lowest_score (the human with the lowest total; ties: the first in rotate "
        "order) or last_winner (the winner of the previous deal's last trick if a human now, else "
        "rotate) (GH-SETUP-6, GH-RULING-7).",
        choices=DEAL_LEADERS,
    )

    def __attrs_post_init__(self) -> None:
        validate_choices(self)
        g = role_counts(self.players)[1]
        if self.roles:
            if len(self.roles) != self.deals:
                raise InvalidRules(
                    "roles", f"give the god seats of all {self.deals} deals (got {len(self.roles)})"
                )
            for d, gods in enumerate(self.roles):
                if len(gods) != g or len(set(gods)) != g or not all(0 <= s < self.players for s in gods):
                    raise InvalidRules(
                        "roles",
                        f"deal {d}: {self.players} players need {g} distinct god seats in 0..{self.players - 1}",
                    )
        if len(self.stars) != 6 or any(s < 0 for s in self.stars):
            raise InvalidRules("stars", "give six non-negative star values, for the oracle cards 0..5")

    @property
    def god_seats(self) -> tuple[tuple[int, ...], ...]:
        """The god seats of every deal, sorted (GH-ROLE-2)."""
        if self.roles:
            return tuple(tuple(sorted(d)) for d in self.roles)
        return rotation(self.players, self.deals)


# -- actions ------------------------------------------------------------------------


def _card_text(card: object) -> str:
    """The text of a card, or the ``repr`` of anything that is not one (safe in error messages)."""
    if type(card) is int and 0 <= card < DECK.size:
        return DECK.text(card)
    return repr(card)


def _malformed(action: object, name: str, rule: str) -> IllegalAction:
    """The error for an action whose field ``name`` is not an ``int``."""
    value = getattr(action, name, None)
    return IllegalAction(
        f"{action} is not legal: its {name} must be an int, not {type(value).__name__} {value!r}", rule, action
    )


@attrs.frozen(slots=True)
class Oracle(Action):
    """Choose the oracle card ``number`` (0..5), face down (GH-ORACLE-1, GH-ORACLE-3)."""

    number: int

    def __str__(self) -> str:
        return f"oracle {self.number}"


@attrs.frozen(slots=True)
class Intervene(Action):
    """Declare the intervention at this gap between tricks (GH-INTERVENE-2)."""

    def __str__(self) -> str:
        return "intervene"


@attrs.frozen(slots=True)
class Pass(Action):
    """Do not intervene at this gap (GH-INTERVENE-2)."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen(slots=True)
class Give(Action):
    """Give ``card`` (from the god's hand or the field) to the next human (GH-INTERVENE-3, GH-FORCED-2)."""

    card: int

    def __str__(self) -> str:
        return f"give {_card_text(self.card)}"


@attrs.frozen(slots=True)
class Play(Action):
    """Play ``card`` to the current trick (GH-TRICK-1)."""

    card: int

    def __str__(self) -> str:
        return f"play {_card_text(self.card)}"


GHAction = Oracle | Intervene | Pass | Give | Play

_ORACLE = tuple(Oracle(k) for k in range(6))
_ORACLE_NUMBERS = frozenset(range(6))
_INTERVENE = Intervene()
_PASS = Pass()
_GIVE = tuple(Give(c) for c in DECK.cards)
_PLAY = tuple(Play(c) for c in DECK.cards)
_TABLE: tuple[GHAction, ...] = (*_ORACLE, _INTERVENE, _PASS, *_GIVE, *_PLAY)
_ASK_ACTIONS: tuple[GHAction, ...] = (_INTERVENE, _PASS)
#: the heuristic's tables by trump suit (or ``None``): a card's power (its number, plus
#: 20 for a trump) and whether it is strong (10 or more, or a trump of 8 or more)
_POWER: dict[int | None, tuple[int, ...]] = {
    t: tuple(_RANK[c] + (20 if _SUIT[c] == t else 0) for c in DECK.cards) for t in (None, *range(len(DECK.suits)))
}
_STRONG: dict[int | None, tuple[bool, ...]] = {
    t: tuple(_RANK[c] >= 10 or (_SUIT[c] == t and _RANK[c] >= 8) for c in DECK.cards)
    for t in (None, *range(len(DECK.suits)))
}

#: the first card of each colour, and 48: a sorted hand holds the cards of colour ``s``
#: at the positions ``bisect_left(hand, _FIRST[s]) .. bisect_left(hand, _FIRST[s + 1])``
_FIRST = tuple(12 * s for s in range(5))
assert all(_SUIT[c] == c // 12 and _RANK[c] == c % 12 + 1 for c in DECK.cards)


#: per trump (None or red) and led colour, each card's key in a trick (GH-TRICK-3, GH-TRICK-5): a
#: trump beats the led colour, which beats any other colour; the higher number wins
_WIN_KEYS = {t: win_keys(_SUIT, DECK.cards, t) for t in (None, RED)}


def _gives(cards: tuple[int, ...]) -> tuple[GHAction, ...]:
    """The ``Give`` actions of ``cards``, in their order."""
    if len(cards) > 1:
        return itemgetter(*cards)(_GIVE)  # type: ignore[no-any-return]
    return (_GIVE[cards[0]],) if cards else ()


# -- records and views ------------------------------------------------------------------


@attrs.frozen(slots=True)
class Intervention:
    """One god's completed intervention (GH-INTERVENE-3, GH-FORCED-2).

    ``cards[k]`` went to seat ``to[k]``: the humans, in seat order (GH-RULING-12).
    """

    #: number of tricks finished before it
    gap: int
    #: the god's seat
    god: int
    #: part of the forced, face-down intervention
    forced: bool
    #: the cards given, one per receiving human, in the order of ``to``
    cards: tuple[int, ...]
    #: whether each card came from the field
    from_field: tuple[bool, ...]
    #: the seats that received ``cards`` (the deal's humans, in seat order)
    to: tuple[int, ...] = ()

    @property
    def given(self) -> tuple[tuple[int, int], ...]:
        """``(seat, card)`` for every card given, in order."""
        return tuple(zip(self.to, self.cards))


def _trick_records(
    deal: int, first: int, humans: tuple[int, ...], trump: int | None, done: tuple[tuple[int, ...], ...]
) -> tuple[TrickRecord, ...]:
    """The finished tricks of one deal as records, numbered from ``first`` (built on demand)."""
    h = len(humans)
    out = []
    for k, (leader, *cards) in enumerate(done):
        keys = _WIN_KEYS[trump][_SUIT[cards[0]]]
        strength = [keys[c] for c in cards]
        pos = strength.index(max(strength))
        trumped = trump is not None and any(_SUIT[c] == trump for c in cards)
        out.append(
            TrickRecord(
                number=first + k,
                round=deal,
                leader=humans[leader],
                plays=tuple((humans[(leader + p) % h], c) for p, c in enumerate(cards)),
                winner=humans[(leader + pos) % h],
                # GH-TRICK-5 when a trump decided it, else GH-TRICK-3 (the led colour)
                rule="GH-TRICK-5" if trumped else "GH-TRICK-3",
            )
        )
    return tuple(out)


@attrs.frozen(slots=True)
class DealResult:
    """A finished deal, all of it revealed (GH-INFO-3). Every per-player tuple is by seat."""

    #: index of the deal, from 0
    deal: int
    gods: tuple[int, ...]
    humans: tuple[int, ...]
    #: per seat, the icon of its human mark (-1 for gods)
    marks: tuple[int, ...]
    #: per seat, its partner's seat (-1 for the lone human)
    partners: tuple[int, ...]
    #: seat of the lone human, or -1
    lone: int
    #: per seat, the oracle number of a human (-1 for gods)
    oracle: tuple[int, ...]
    #: per seat, tricks won (0 for gods)
    won: tuple[int, ...]
    #: per seat, points scored in the deal
    points: tuple[int, ...]
    #: per seat, the gap (tricks finished) of a god's intervention (-1 for humans)
    gaps: tuple[int, ...]
    #: per seat, where a god's cards came from: "field", "hand", "mixed" or "forced" ("" for humans)
    sources: tuple[str, ...]
    #: the trump colour of the deal, or None (GH-TRICK-5)
    trump: int | None
    #: number of tricks played in the earlier deals
    first_trick: int
    #: the tricks, compactly: (leader's human index, cards in play order); see ``tricks``
    done: tuple[tuple[int, ...], ...] = attrs.field(repr=False)

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        """The deal's tricks as :class:`~rulebook.core.history.TrickRecord` values (by seat)."""
        return _trick_records(self.deal, self.first_trick, self.humans, self.trump, self.done)

    @property
    def record(self) -> RoundRecord:
        """The deal as a :class:`~rulebook.core.history.RoundRecord`: who scored what, and why."""
        changes = []
        for s in self.humans:
            o, w = self.oracle[s], self.won[s]
            exact = o == w
            lone = s == self.lone
            rule = "GH-RULING-6" if lone else "GH-SCORE-1"
            why = f"predicted {o} tricks and won {w}" + ("" if exact else ": no stars")
            changes.append(ScoreChange(s, self.points[s] if exact else 0, why, rule))
            if not lone:
                god = self.partners[s]
                why = f"its partner, seat {s}, predicted {o} tricks and won {w}" + ("" if exact else ": no stars")
                changes.append(ScoreChange(god, self.points[s] if exact else 0, why, "GH-SCORE-1"))
        return RoundRecord(
            number=self.deal,
            points=self.points,
            changes=tuple(changes),
            end="the humans' hands are empty",
            rule="GH-END-1",
        )


@attrs.frozen(slots=True)
class SeenIntervention:
    """An intervention as one seat sees it: hidden cards are -1 (GH-INFO-1, GH-RULING-5).

    ``cards[k]`` went to seat ``to[k]``.
    """

    gap: int
    god: int
    cards: tuple[int, ...]
    from_field: tuple[bool, ...]
    to: tuple[int, ...]


@attrs.frozen(slots=True)
class ForcedView:
    """The forced intervention of the deal as one seat sees it (GH-FORCED-2, GH-RULING-5)."""

    gap: int
    #: seats of the gods who intervene (or intervened) in it
    gods: tuple[int, ...]
    #: cards laid face down so far (all gods together)
    laid: int
    #: the cards this seat laid, to the humans in seat order (gods only)
    own: tuple[int, ...]
    #: per seat, the cards a human received once revealed, sorted; () when not seen (and for gods)
    received: tuple[tuple[int, ...], ...]
    revealed: bool


@attrs.frozen(slots=True)
class Observation:
    """What one seat sees (GH-INFO-1, GH-INFO-2, GH-INFO-3), with recall of the deal.

    Every per-player tuple is indexed by seat.
    """

    seat: int
    players: int
    deal: int
    humans: tuple[int, ...]
    gods: tuple[int, ...]
    #: per seat, the icon of a human's mark (-1 for gods)
    marks: tuple[int, ...]
    hand: tuple[int, ...]
    #: per seat, every human's hand (seen by gods only: () for a human observer; () at god seats)
    human_hands: tuple[tuple[int, ...], ...]
    #: per seat, the number of cards held
    hand_sizes: tuple[int, ...]
    field: tuple[int, ...]
    #: per seat, a human's oracle number, or -1 when not chosen, not seen, or a god
    oracle: tuple[int, ...]
    #: per seat, its partner's seat, or -1 when not seen (or the lone human)
    partners: tuple[int, ...]
    #: seat of the lone human when known, else -1
    lone: int
    phase: Phase
    current_player: int | None
    #: seat of the current trick's leader
    leader: int
    #: the current trick: (seat, card) in play order
    trick: tuple[tuple[int, int], ...]
    #: the finished tricks of this deal
    tricks: tuple[TrickRecord, ...]
    #: per seat, tricks won this deal (0 for gods)
    won: tuple[int, ...]
    #: god seats that have not intervened yet this deal
    waiting: tuple[int, ...]
    #: god seats still to be asked at this gap
    asking: tuple[int, ...]
    #: (gap, god seat) of every "pass" this deal
    passes: tuple[tuple[int, int], ...]
    interventions: tuple[SeenIntervention, ...]
    #: the voluntary intervention in progress, if any
    giving: SeenIntervention | None
    forced: ForcedView | None
    scores: tuple[int, ...]
    past: tuple[DealResult, ...]

    def __str__(self) -> str:
        """What this seat sees, as text (:func:`rulebook.render.observation_text`)."""
        from rulebook import render

        return render.observation_text(self)

    def _repr_svg_(self) -> str:
        """What this seat sees, as SVG for Jupyter (:func:`rulebook.render.observation_svg`)."""
        from rulebook import render

        return render.observation_svg(self)


def _by_seat(players: int, humans: tuple[int, ...], values: Any, fill: Any) -> tuple[Any, ...]:
    """Per-human-index ``values`` spread over the seats, ``fill`` at the other seats."""
    out = [fill] * players
    for s, v in zip(humans, values):
        out[s] = v
    return tuple(out)


# -- state ---------------------------------------------------------------------------


@attrs.frozen(slots=True)
class DealFacts:
    """The facts of a deal that change rarely: roles, marks, pairing, oracle cards, totals."""

    deal: int
    #: human seats in seat order (position = human index)
    humans: tuple[int, ...]
    #: god seats in seat order (position = god index)
    gods: tuple[int, ...]
    #: per human index, the icon of its mark
    marks: tuple[int, ...]
    #: a permutation of the human indices: god j partners human pair[j]; pair[G:] is lone
    pair: tuple[int, ...]
    #: per human index, its oracle number (-1 not chosen yet)
    oracle: tuple[int, ...]
    #: the trump colour of this deal, or None (GH-TRICK-5)
    trump: int | None
    #: points per seat over the finished deals
    totals: tuple[int, ...]
    past: tuple[DealResult, ...]


@attrs.frozen(slots=True)
class Gaps:
    """The field and the interventions of a deal."""

    field: tuple[int, ...]
    #: god indices that have not (finished their) intervention this deal, in seat order
    waiting: tuple[int, ...]
    #: god indices still to be asked at this gap, in asking order
    asking: tuple[int, ...]
    #: the god index choosing an oracle card (ORACLE) or giving (GIVE, FORCED); else -1
    giver: int
    #: the cards given so far in the intervention in progress, by human index
    gift: tuple[int, ...]
    gift_src: tuple[bool, ...]
    #: the finished interventions of this deal
    gifts: tuple[Intervention, ...]
    #: (gap, god seat) of every answer "pass" this deal, in order (public, GH-INTERVENE-2)
    passes: tuple[tuple[int, int], ...]


@attrs.frozen(slots=True)
class GodsState(State[Rules, GHAction]):
    """A position of the gods-and-humans oracle game. Build with ``GAME.new_game``.

    Seats are players; in each deal ``humans`` (who play the tricks) and ``gods`` (who
    predict and intervene, GH-ROLE-3) list their seats in seat order. Every public
    per-player tuple is indexed by seat. Inside, per-human facts are kept by *human
    index* (the position in ``humans``, also the order of play in a trick,
    GH-RULING-15) in the bundles ``facts`` and ``gaps``, which are internal.

    The fields that change with almost every move are fields; what changes only between
    tricks or in the gods' phases is bundled in ``board`` and read through properties,
    so a card played inside a trick builds a state of eight fields.
    """

    rules: Rules
    setup: Setup = attrs.field(repr=False)
    log: Log = attrs.field(repr=False, eq=log_actions)
    #: per seat (humans and gods), the cards in hand, sorted
    hands: tuple[tuple[int, ...], ...]
    #: what the game waits for (a :class:`Phase`)
    phase: Phase
    #: the seat to act, ``None`` once the game is over (also readable as ``to_act``)
    current_player: int | None
    #: the cards of the current trick, in play order from the leader (see ``trick``)
    trick_cards: tuple[int, ...]
    #: ``(facts, gaps, leader, won, done, order)``, internal and by human index; ``order``
    #: is the human seats in the current trick's order of play, from the leader
    board: tuple[DealFacts, Gaps, int, tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]

    # -- the bundled facts, by name ------------------------------------------------------

    @property
    def facts(self) -> DealFacts:
        """Internal: the deal's roles, marks, pairing, oracle cards (by human index) and totals."""
        return self.board[0]

    @property
    def gaps(self) -> Gaps:
        """Internal: the field and the deal's interventions (by god and human index)."""
        return self.board[1]

    @property
    def deal(self) -> int:
        """Index of the current deal, from 0."""
        return self.board[0].deal

    @property
    def humans(self) -> tuple[int, ...]:
        """Human seats of this deal, in seat order."""
        return self.board[0].humans

    @property
    def gods(self) -> tuple[int, ...]:
        """God seats of this deal, in seat order."""
        return self.board[0].gods

    @property
    def trick(self) -> tuple[tuple[int, int], ...]:
        """The current trick: ``(seat, card)`` in play order, the leader's first."""
        return tuple(zip(self.board[5], self.trick_cards))

    @property
    def leader(self) -> int:
        """Seat of the current trick's leader."""
        return self.board[0].humans[self.board[2]]

    @property
    def won(self) -> tuple[int, ...]:
        """Per seat, tricks won this deal (0 for gods)."""
        return _by_seat(self.rules.players, self.board[0].humans, self.board[3], 0)

    @property
    def marks(self) -> tuple[int, ...]:
        """Per seat, the icon of a human's mark, -1 for gods (GH-PAIR-1)."""
        return _by_seat(self.rules.players, self.board[0].humans, self.board[0].marks, -1)

    @property
    def oracle(self) -> tuple[int, ...]:
        """Per seat, a human's oracle number (-1: not chosen yet, or a god)."""
        return _by_seat(self.rules.players, self.board[0].humans, self.board[0].oracle, -1)

    @property
    def partners(self) -> tuple[int, ...]:
        """Per seat, its partner's seat; -1 for the lone human (GH-PAIR-2, GH-PAIR-3)."""
        f = self.board[0]
        out = [-1] * self.rules.players
        for god, i in zip(f.gods, f.pair):
            out[god] = f.humans[i]
            out[f.humans[i]] = god
        return tuple(out)

    @property
    def lone(self) -> int:
        """Seat of the lone human (孤高の者), or -1 (GH-PAIR-3)."""
        i = self._lone
        return self.board[0].humans[i] if i >= 0 else -1

    @property
    def totals(self) -> tuple[int, ...]:
        """Points per seat over the finished deals (the same as ``scores``)."""
        return self.board[0].totals

    @property
    def past(self) -> tuple[DealResult, ...]:
        """The finished deals (GH-INFO-3)."""
        return self.board[0].past

    @property
    def field(self) -> tuple[int, ...]:
        """The face-up field cards, sorted (GH-SETUP-3)."""
        return self.board[1].field

    @property
    def waiting(self) -> tuple[int, ...]:
        """God seats that have not (finished) their intervention this deal, in seat order."""
        gods = self.board[0].gods
        return tuple(gods[j] for j in self.board[1].waiting)

    @property
    def asking(self) -> tuple[int, ...]:
        """God seats still to be asked at this gap, in asking order (GH-INTERVENE-2)."""
        gods = self.board[0].gods
        return tuple(gods[j] for j in self.board[1].asking)

    @property
    def giver(self) -> int:
        """Seat of the god choosing an oracle card or giving, else -1."""
        j = self.board[1].giver
        return self.board[0].gods[j] if j >= 0 else -1

    @property
    def gift(self) -> tuple[tuple[int, int], ...]:
        """The intervention in progress: ``(seat, card)`` given so far (GH-RULING-12)."""
        return tuple(zip(self.board[0].humans, self.board[1].gift))

    @property
    def gift_src(self) -> tuple[bool, ...]:
        """For each card of ``gift``, whether it came from the field."""
        return self.board[1].gift_src

    @property
    def gifts(self) -> tuple[Intervention, ...]:
        """The finished interventions of this deal."""
        return self.board[1].gifts

    @property
    def deal_tricks(self) -> tuple[TrickRecord, ...]:
        """The finished tricks of the current deal."""
        f = self.board[0]
        past = f.past
        if self.phase == OVER:  # the last deal is already in ``past``
            return past[-1].tricks
        first = past[-1].first_trick + len(past[-1].done) if past else 0
        return _trick_records(f.deal, first, f.humans, f.trump, self.board[4])

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        """Every finished trick of the game, across deals, in order (built on demand)."""
        out: list[TrickRecord] = []
        for res in self.board[0].past:
            out.extend(res.tricks)
        if self.phase != OVER:
            out.extend(self.deal_tricks)
        return tuple(out)

    @property
    def rounds(self) -> tuple[RoundRecord, ...]:
        """Every finished deal as a record: each seat's points and why (GH-SCORE-1)."""
        return tuple(res.record for res in self.board[0].past)

    # -- contract ---------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat to act (the field ``current_player``)."""
        return self.current_player

    @property
    def _lone(self) -> int:
        """Human index of the lone human, or -1."""
        f = self.board[0]
        g = len(f.gods)
        return f.pair[g] if g < len(f.humans) else -1

    @property
    def trump(self) -> int | None:
        """The trump suit: red with 4 humans, none with 3 (GH-TRICK-5)."""
        return self.board[0].trump

    def legal_actions(self) -> tuple[GHAction, ...]:
        phase = self.phase
        if phase == PLAY:
            hand = self.hands[self.current_player]  # type: ignore[index]
            trick = self.trick_cards
            if trick:  # GH-TRICK-2: a hand is sorted, so the led colour's cards are one run
                lead = _SUIT[trick[0]]
                lo = bisect_left(hand, _FIRST[lead])
                hi = bisect_left(hand, _FIRST[lead + 1], lo)
                if hi > lo + 1:
                    return itemgetter(*hand[lo:hi])(_PLAY)  # type: ignore[no-any-return]
                if hi > lo:
                    return (_PLAY[hand[lo]],)
            if len(hand) > 1:
                return itemgetter(*hand)(_PLAY)  # type: ignore[no-any-return]
            return (_PLAY[hand[0]],) if hand else ()
        if phase == ORACLE or phase == LONE:
            return _ORACLE
        if phase == ASK:
            return _ASK_ACTIONS
        if phase == GIVE:
            hand = self.hands[self.current_player]  # type: ignore[index]
            gaps = self.board[1]
            if gaps.gift and not self.rules.mix_sources:  # GH-RULING-4
                return _gives(gaps.field if gaps.gift_src[0] else hand)
            return _gives(hand + gaps.field)
        if phase == FORCED:
            return _gives(self.hands[self.current_player])  # type: ignore[index]
        return ()

    def apply(self, action: GHAction) -> GodsState:
        phase = self.phase
        kind = type(action)
        if phase == PLAY:  # GH-TRICK-1: the humans play in human-index order from the leader
            if kind is not Play:
                raise self.illegal("a human must play a card", "GH-TRICK-1", action)
            card: int = action.card  # type: ignore[union-attr]
            seat: int = self.current_player  # type: ignore[assignment]
            hand = self.hands[seat]
            if type(card) is not int:  # not a bool, float or str that compares equal to a card
                raise _malformed(action, "card", "GH-TRICK-1")
            try:
                i = hand.index(card)
            except ValueError:
                raise self.illegal(f"seat {seat} does not hold that card", "GH-TRICK-1", action) from None
            trick = self.trick_cards
            if trick:
                lead = _SUIT[trick[0]]
                if _SUIT[card] != lead:  # GH-TRICK-2: the hand is sorted, its led-colour cards one run
                    j = bisect_left(hand, _FIRST[lead])
                    if j < len(hand) and hand[j] < _FIRST[lead + 1]:
                        raise self.illegal("the led colour must be followed", "GH-TRICK-2", action)
            hands = list(self.hands)
            hands[seat] = hand[:i] + hand[i + 1 :]
            trick += (card,)
            board = self.board
            order = board[5]
            pos = len(trick)
            if pos < len(order):
                link = (self.log, action)
                return _new_state(
                    self.rules, self.setup, link, tuple(hands), PLAY, order[pos], trick, board
                )
            # the trick is complete: its winner takes it and leads the next (GH-TRICK-4)
            facts, gaps, leader, won, done, order = board
            # GH-TRICK-5: the highest trump, else GH-TRICK-3: the highest card of the led colour
            strength = itemgetter(*trick)(_WIN_KEYS[facts.trump][_SUIT[trick[0]]])
            winner = (leader + strength.index(max(strength))) % pos
            tally = list(won)
            tally[winner] += 1
            humans = facts.humans
            link = (self.log, action)
            return self._gap(
                link, tuple(hands), facts, gaps, winner, tuple(tally), done + ((leader, *trick),),
                humans[winner:] + humans[:winner],
            )
        if phase == OVER:
            raise self.illegal("the game is over", "GH-END-2", action)
        if phase == ORACLE or phase == LONE:
            if kind is not Oracle:
                raise self.illegal("an oracle card must be chosen", "GH-ORACLE-1", action)
            return self._oracle(action.number, action)  # type: ignore[union-attr]
        if phase == ASK:
            facts, gaps, leader, won, done, order = self.board
            if kind is Intervene:
                link = (self.log, action)
                return _new_state(
                    self.rules, self.setup, link, self.hands, GIVE, self.current_player, (),
                    (facts, Gaps(gaps.field, gaps.waiting, (), gaps.asking[0], (), (), gaps.gifts, gaps.passes),
                     leader, won, done, order),
                )
            if kind is Pass:
                rest = gaps.asking[1:]
                if rest:
                    nxt, to_act = ASK, facts.gods[rest[0]]
                else:
                    nxt, to_act = PLAY, order[0]
                gaps = Gaps(
                    gaps.field, gaps.waiting, rest, -1, (), (), gaps.gifts,
                    gaps.passes + ((len(done), self.current_player),),  # type: ignore[operator]
                )
                return _new_state(
                    self.rules, self.setup, (self.log, action), self.hands, nxt, to_act, (),
                    (facts, gaps, leader, won, done, order),
                )
            raise self.illegal("the god asked must intervene or pass", "GH-INTERVENE-2", action)
        if kind is not Give:
            rule = "GH-FORCED-2" if phase == FORCED else "GH-INTERVENE-3"
            raise self.illegal("the intervening god must give a card", rule, action)
        if phase == GIVE:
            return self._give(action.card, action)  # type: ignore[union-attr]
        return self._forced(action.card, action)  # type: ignore[union-attr]

    @property
    def scores(self) -> tuple[int, ...]:
        """Points per seat over the finished deals (GH-SCORE-1)."""
        return self.board[0].totals

    @property
    def winners(self) -> frozenset[int]:
        """The highest total wins; ties share (GH-END-3)."""
        if self.current_player is not None:
            return frozenset()
        totals = self.board[0].totals
        best = max(totals)
        return frozenset(s for s, v in enumerate(totals) if v == best)

    # -- engine -----------------------------------------------------------------------

    def replace(self, **changes: Any) -> GodsState:
        """A copy with the named facts changed, the log kept: for tests and what-if analysis.

        Names are state fields (``hands``...) or the internal bundled facts, which are by
        *human index* like the spec's deal encoding: ``pair``, ``oracle`` and ``marks`` of
        :class:`DealFacts`, ``field`` and the rest of :class:`Gaps`, and ``leader`` (a human
        index) or ``won`` (by human index). The result is not checked against the rules."""
        return self._rebuild(self.log, **changes)

    def _rebuild(self, log: Log, **changes: Any) -> GodsState:
        """A copy with ``changes`` (off the hot path: forced intervention, resample, replace)."""
        values = list(_GET_ALL(self))
        values[2] = log
        board: list[Any] = list(self.board)
        facts: dict[str, Any] = {}
        gaps: dict[str, Any] = {}
        for name, value in changes.items():
            if name in _FACTS:
                facts[name] = value
            elif name in _GAPS:
                gaps[name] = value
            elif name in _BOARD:
                board[_BOARD[name]] = value
            else:
                values[_INDEX[name]] = value
        if facts:
            board[0] = attrs.evolve(board[0], **facts)
        if gaps:
            board[1] = attrs.evolve(board[1], **gaps)
        humans, leader = board[0].humans, board[2]
        board[5] = humans[leader:] + humans[:leader]
        values[-1] = tuple(board)
        return _new_state(*values)

    def _oracle(self, number: int, action: GHAction) -> GodsState:
        if type(number) is not int or number not in _ORACLE_NUMBERS:  # the oracle cards show 0..5 (GH-COMP-2)
            rule = "GH-ORACLE-1" if self.phase == ORACLE else "GH-ORACLE-3"
            if type(number) is not int:
                raise _malformed(action, "number", rule)
            raise self.illegal("an oracle card shows a number from 0 to 5", rule, action)
        f, gaps, leader, won, done, order = self.board
        oracle = list(f.oracle)
        g = len(f.gods)
        log = (self.log, action)
        if self.phase == ORACLE:
            j = gaps.giver
            # GH-ORACLE-1, GH-RULING-9: gods choose in seat order, hidden from each other; the
            # card goes to the partner human (GH-ORACLE-2)
            oracle[f.pair[j]] = number
            if j + 1 < g:
                phase, to_act, giver = ORACLE, f.gods[j + 1], j + 1
            elif g < len(f.humans):  # GH-ORACLE-3, GH-RULING-17: the lone human takes the leftover set
                phase, to_act, giver = LONE, f.humans[f.pair[g]], -1
            else:
                phase = OVER  # here: every prediction is made
        else:
            oracle[f.pair[g]] = number  # GH-ORACLE-3
            phase = OVER
        facts = DealFacts(f.deal, f.humans, f.gods, f.marks, f.pair, tuple(oracle), f.trump, f.totals, f.past)
        if phase != OVER:
            gaps = Gaps(gaps.field, gaps.waiting, (), giver, (), (), gaps.gifts, gaps.passes)
            board = (facts, gaps, leader, won, done, order)
            return _new_state(self.rules, self.setup, log, self.hands, phase, to_act, (), board)
        gaps = Gaps(gaps.field, gaps.waiting, (), -1, (), (), gaps.gifts, gaps.passes)
        return self._gap(log, self.hands, facts, gaps, leader, won, done, order)

    def _gap(
        self,
        log: Log,
        hands: tuple[tuple[int, ...], ...],
        facts: DealFacts,
        gaps: Gaps,
        leader: int,
        won: tuple[int, ...],
        done: tuple[tuple[int, ...], ...],
        order: tuple[int, ...],
    ) -> GodsState:
        """Between tricks: forced intervention, asking the gods, the next trick, or the deal's end."""
        humans = facts.humans
        n = len(hands[humans[0]])
        if n == 0:
            return self._end_deal(log, hands, facts, gaps, won, done)  # GH-END-1
        waiting = gaps.waiting
        if waiting:
            if n == 1:  # GH-FORCED-1, GH-RULING-11: this gap belongs to the forced intervention
                return _new_state(
                    self.rules, self.setup, log, hands, FORCED, facts.gods[waiting[0]], (),
                    (facts, Gaps(gaps.field, waiting, (), waiting[0], (), (), gaps.gifts, gaps.passes), leader, won,
                     done, order),
                )
            t = len(done)
            if t > 0 or self.rules.early_intervention:  # GH-INTERVENE-1, GH-RULING-3
                k = t % len(waiting)  # GH-INTERVENE-2, GH-RULING-2: the asking order rotates with the gap
                asking = waiting[k:] + waiting[:k]
                return _new_state(
                    self.rules, self.setup, log, hands, ASK, facts.gods[asking[0]], (),
                    (facts, Gaps(gaps.field, waiting, asking, -1, (), (), gaps.gifts, gaps.passes), leader, won,
                     done, order),
                )
        board = (facts, gaps, leader, won, done, order)
        return _new_state(self.rules, self.setup, log, hands, PLAY, order[0], (), board)

    def _give(self, card: int, action: GHAction) -> GodsState:
        """A voluntary intervention's next card (GH-INTERVENE-3)."""
        facts, gaps, leader, won, done, order = self.board
        humans = facts.humans
        god = facts.gods[gaps.giver]
        hands = list(self.hands)
        field = gaps.field
        hand = hands[god]
        if type(card) is not int:
            raise _malformed(action, "card", "GH-INTERVENE-3")
        if card in hand:
            from_field = False
        elif card in field:
            from_field = True
        else:
            raise self.illegal("the card must come from the god's hand or the field", "GH-INTERVENE-3", action)
        if gaps.gift and not self.rules.mix_sources and from_field != gaps.gift_src[0]:
            raise self.illegal("one intervention takes all its cards from one place", "GH-RULING-4", action)
        if from_field:
            i = field.index(card)
            field = field[:i] + field[i + 1 :]
        else:
            i = hand.index(card)
            hands[god] = hand[:i] + hand[i + 1 :]
        human = humans[len(gaps.gift)]  # GH-RULING-12: to the humans in human-index order
        hand = hands[human]
        i = bisect_left(hand, card)
        hands[human] = (*hand[:i], card, *hand[i:])
        gift = gaps.gift + (card,)
        src = gaps.gift_src + (from_field,)
        log = (self.log, action)
        if len(gift) < len(humans):
            return _new_state(
                self.rules, self.setup, log, tuple(hands), GIVE, self.current_player, (),
                (facts, Gaps(field, gaps.waiting, (), gaps.giver, gift, src, gaps.gifts, gaps.passes), leader, won,
                 done, order),
            )
        record = Intervention(len(done), god, False, gift, src, humans)
        waiting = tuple(j for j in gaps.waiting if j != gaps.giver)  # GH-INTERVENE-4, GH-RULING-18: once
        return _new_state(
            self.rules, self.setup, log, tuple(hands), PLAY, order[0], (),
            (facts, Gaps(field, waiting, (), -1, (), (), gaps.gifts + (record,), gaps.passes), leader, won, done,
             order),
        )

    def _forced(self, card: int, action: GHAction) -> GodsState:
        """A forced intervention's next face-down card (GH-FORCED-2)."""
        facts, gaps, leader, won, done, order = self.board
        god = facts.gods[gaps.giver]
        hands = list(self.hands)
        hand = hands[god]
        if type(card) is not int:
            raise _malformed(action, "card", "GH-FORCED-2")
        if card not in hand:
            raise self.illegal("the forced intervention gives cards from the god's hand only", "GH-FORCED-2", action)
        i = hand.index(card)
        hands[god] = hand[:i] + hand[i + 1 :]
        gift = gaps.gift + (card,)
        log = (self.log, action)
        h = len(facts.humans)
        if len(gift) < h:
            return _new_state(
                self.rules, self.setup, log, tuple(hands), FORCED, self.current_player, (),
                (facts, Gaps(gaps.field, gaps.waiting, (), gaps.giver, gift, (), gaps.gifts, gaps.passes), leader,
                 won, done, order),
            )
        gifts = gaps.gifts + (Intervention(len(done), god, True, gift, (False,) * h, facts.humans),)
        waiting = gaps.waiting[1:]
        if waiting:
            return self._rebuild(
                log, hands=tuple(hands), gift=(), giver=waiting[0], waiting=waiting, gifts=gifts,
                to_act=facts.gods[waiting[0]],
            )
        # every god has laid its cards: the humans take them into their hands
        for record in gifts:
            if record.forced:
                for i, c in enumerate(record.cards):
                    s = facts.humans[i]
                    hands[s] = tuple(sorted(hands[s] + (c,)))
        return self._rebuild(
            log, hands=tuple(hands), gift=(), giver=-1, waiting=(), gifts=gifts, phase=PLAY,
            to_act=facts.humans[leader],
        )

    def _end_deal(
        self,
        log: Log,
        hands: tuple[tuple[int, ...], ...],
        facts: DealFacts,
        gaps: Gaps,
        won: tuple[int, ...],
        done: tuple[tuple[int, ...], ...],
    ) -> GodsState:
        """Score the deal (GH-SCORE-1) and start the next one or end the game (GH-END-2).

        The deal's pairing and oracle cards are revealed in its :class:`DealResult`
        (GH-INFO-3, GH-RULING-14); cards left in gods' hands stay unseen (GH-RULING-12).
        """
        rules = self.rules
        humans, gods, pair, oracle = facts.humans, facts.gods, facts.pair, facts.oracle
        n = rules.players
        h, g = len(humans), len(gods)
        points = [0] * n
        partners = [-1] * n
        for j in range(g):
            partners[gods[j]] = humans[pair[j]]
            partners[humans[pair[j]]] = gods[j]
        for i in range(h):
            if won[i] == oracle[i]:
                stars = rules.stars[oracle[i]]  # GH-SCORE-2
                points[humans[i]] += stars
                partner = partners[humans[i]]
                if partner >= 0:
                    points[partner] += stars
                # GH-RULING-6: the lone human (no partner) scores alone
        when = [-1] * n
        sources = [""] * n
        for record in gaps.gifts:
            when[record.god] = record.gap
            if record.forced:
                sources[record.god] = "forced"
            else:
                src = "field" if all(record.from_field) else "mixed" if any(record.from_field) else "hand"
                sources[record.god] = src
        past = facts.past
        first = past[-1].first_trick + len(past[-1].done) if past else 0
        result = DealResult(
            facts.deal, gods, humans, _by_seat(n, humans, facts.marks, -1), tuple(partners),
            humans[pair[g]] if g < h else -1, _by_seat(n, humans, oracle, -1), _by_seat(n, humans, won, 0),
            tuple(points), tuple(when), tuple(sources), facts.trump, first, done,
        )
        totals = tuple(a + b for a, b in zip(facts.totals, points))
        past = facts.past + (result,)
        if facts.deal + 1 < rules.deals:
            return GAME._start(rules, self.setup, log, facts.deal + 1, totals, past)
        facts = DealFacts(facts.deal, humans, gods, facts.marks, pair, oracle, facts.trump, totals, past)
        # the final state keeps the last trick's leader
        board = (facts, gaps, self.board[2], won, done, self.board[5])
        return _new_state(rules, self.setup, log, hands, OVER, None, (), board)

    # -- information ------------------------------------------------------------------

    def _check_seat(self, seat: object) -> int:
        """``seat`` if it is a seat of this game (an ``int``, not a bool), else ``ValueError``."""
        players = self.rules.players
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"seat must be an int in 0..{players - 1}, not {seat!r}")
        return seat

    def observation(self, seat: int) -> Observation:
        """What ``seat`` sees (GH-INFO-1 for humans, GH-INFO-2 for gods, GH-RULING-5)."""
        self._check_seat(seat)
        players = self.rules.players
        f, gaps = self.board[0], self.board[1]
        humans, gods = f.humans, f.gods
        phase = self.phase
        over = phase == OVER
        is_god = seat in gods
        me = gods.index(seat) if is_god else humans.index(seat)
        lone = self._lone
        handed = phase != ORACLE  # GH-ORACLE-2: the oracle cards have been handed over
        oracle = f.oracle
        pair = f.pair
        if over:  # GH-INFO-3
            seen_oracle = oracle
        elif is_god:
            seen_oracle = tuple(
                -1 if k == lone else (v if handed or k == pair[me] else -1) for k, v in enumerate(oracle)
            )
        else:
            seen_oracle = tuple(v if k == me and handed else -1 for k, v in enumerate(oracle))
        partners = self.partners if is_god or over else (-1,) * players
        seen_lone = humans[lone] if lone >= 0 and (is_god or handed) else -1
        interventions = tuple(self._seen(r, is_god, me) for r in gaps.gifts if not r.forced)
        giving = None
        if phase == GIVE:
            giving = self._seen(
                Intervention(
                    len(self.board[4]), gods[gaps.giver], False, gaps.gift, gaps.gift_src, humans[: len(gaps.gift)]
                ),
                is_god,
                me,
            )
        return Observation(
            seat=seat,
            players=players,
            deal=f.deal,
            humans=humans,
            gods=gods,
            marks=self.marks,
            hand=self.hands[seat],
            # GH-RULING-13: gods see every human's hand
            human_hands=tuple(self.hands[s] if s not in gods else () for s in range(players)) if is_god else (),
            hand_sizes=tuple(map(len, self.hands)),
            field=gaps.field,
            oracle=_by_seat(players, humans, seen_oracle, -1),
            partners=partners,
            lone=seen_lone,
            phase=phase,
            current_player=self.current_player,
            leader=self.leader,
            trick=self.trick,
            tricks=self.deal_tricks,
            won=self.won,
            waiting=self.waiting,
            asking=self.asking,
            passes=gaps.passes,
            interventions=interventions,
            giving=giving,
            forced=self._forced_view(seat, is_god, me),
            scores=f.totals,
            past=f.past,
        )

    @staticmethod
    def _seen(record: Intervention, is_god: bool, me: int) -> SeenIntervention:
        """GH-RULING-5: field cards are seen by all; hand cards by gods and the receiver."""
        cards = tuple(
            c if f or is_god or i == me else -1 for i, (c, f) in enumerate(zip(record.cards, record.from_field))
        )
        return SeenIntervention(record.gap, record.god, cards, record.from_field, record.to)

    def _forced_view(self, seat: int, is_god: bool, me: int) -> ForcedView | None:
        f, gaps = self.board[0], self.board[1]
        records = [r for r in gaps.gifts if r.forced]
        humans = f.humans
        h = len(humans)
        if self.phase == FORCED:
            gap = len(self.board[4])
            gods = tuple(r.god for r in records) + tuple(f.gods[j] for j in gaps.waiting)
            laid = len(records) * h + len(gaps.gift)
            own: tuple[int, ...] = ()
            if is_god:
                own = next((r.cards for r in records if r.god == seat), gaps.gift if gaps.giver == me else ())
            return ForcedView(gap, gods, laid, own, ((),) * self.rules.players, False)
        if not records:
            return None
        received = tuple(
            tuple(sorted(r.cards[i] for r in records)) if is_god or i == me else () for i in range(h)
        )
        own = next((r.cards for r in records if r.god == seat), ())
        return ForcedView(
            records[0].gap, tuple(r.god for r in records), len(records) * h, own,
            _by_seat(self.rules.players, humans, received, ()), True,
        )

    def resample(self, seat: int, rng: random.Random) -> GodsState:
        """A state ``seat`` cannot tell from this one, with what it cannot see redrawn (GH-INFO-4).

        Redrawn: the cards it has not seen (other hands, face-down cards), respecting
        every colour a human has shown it lacks; which forced card came from which god;
        the oracle numbers and partners hidden from it; and the later deals.
        """
        self._check_seat(seat)
        f, gaps = self.board[0], self.board[1]
        humans, gods = f.humans, f.gods
        h, g = len(humans), len(gods)
        giver, lone, done = gaps.giver, self._lone, self.board[4]
        is_god = seat in gods
        me = gods.index(seat) if is_god else humans.index(seat)
        phase = self.phase
        pair = list(f.pair)
        oracle = list(f.oracle)
        if phase != OVER:
            if is_god:
                if phase == ORACLE:
                    for j in range(giver):
                        if j != me:
                            oracle[pair[j]] = rng.randrange(6)
                elif lone >= 0 and oracle[lone] >= 0:
                    oracle[lone] = rng.randrange(6)
            elif phase == ORACLE:
                pair.sort()  # canonical order first: the real pairing must not show through
                rng.shuffle(pair)
                oracle = [-1] * h
                for j in range(giver):
                    oracle[pair[j]] = rng.randrange(6)
            else:
                head = sorted(pair[:g])
                rng.shuffle(head)
                pair[:g] = head
                for k in range(h):
                    if k != me and oracle[k] >= 0:
                        oracle[k] = rng.randrange(6)
        # the cards hidden from this seat, each with the colours it may have
        slots: list[int] = []
        masks: list[int] = []
        pending = phase == FORCED
        if is_god:
            for j, s in enumerate(gods):
                if j != me:
                    slots.extend(self.hands[s])
            if pending:
                for r in gaps.gifts:
                    if r.forced and r.god != seat:
                        slots.extend(r.cards)
                if giver != me:
                    slots.extend(gaps.gift)
            masks = [15] * len(slots)
        else:
            records = list(gaps.gifts)
            if phase == GIVE:
                records.append(
                    Intervention(len(done), gods[giver], False, gaps.gift, gaps.gift_src, humans[: len(gaps.gift)])
                )
            for k, s in enumerate(humans):
                if k == me:
                    continue
                entry: dict[int, int] = {}
                known: set[int] = set()
                for r in records:
                    if (r.forced and pending) or k >= len(r.cards):
                        continue
                    entry[r.cards[k]] = r.gap
                    if r.from_field[k]:
                        known.add(r.cards[k])
                voids = self._voids(k)
                mine: list[tuple[int, int, int]] = []
                for c in self.hands[s]:
                    if c in known:
                        continue
                    e = entry.get(c, 0)
                    mask = 15
                    for trick_index, suit in voids:
                        if trick_index >= e:
                            mask &= ~(1 << suit)
                    mine.append((mask, e, c))
                # slots in an order the seat could know (colours allowed, gap received), not by the real cards
                mine.sort(key=lambda mec: (mec[0], mec[1]))
                slots.extend(c for _, _, c in mine)
                masks.extend(m for m, _, _ in mine)
            for s in gods:
                slots.extend(self.hands[s])
                masks.extend([15] * len(self.hands[s]))
            if pending:
                for r in gaps.gifts:
                    if r.forced:
                        slots.extend(r.cards)
                        masks.extend([15] * h)
                slots.extend(gaps.gift)
                masks.extend([15] * len(gaps.gift))
        new = _assign(masks, slots, rng)
        sub = dict(zip(slots, new))
        hands = tuple(tuple(sorted(sub.get(c, c) for c in hand)) for hand in self.hands)
        gifts = [attrs.evolve(r, cards=tuple(sub.get(c, c) for c in r.cards)) for r in gaps.gifts]
        gift = tuple(sub.get(c, c) for c in gaps.gift)
        if not pending:
            # which god laid which forced card is seen by nobody but that god
            rows = [i for i, r in enumerate(gifts) if r.forced and r.god != seat]
            if len(rows) > 1:
                columns = [[gifts[i].cards[k] for i in rows] for k in range(h)]
                for col in columns:
                    col.sort()
                    rng.shuffle(col)
                for n, i in enumerate(rows):
                    gifts[i] = attrs.evolve(gifts[i], cards=tuple(col[n] for col in columns))
        # the later deals are unknown to everybody, and an explicit deal (even the current
        # one) would show every hidden card: a fresh seed and no explicit deals
        setup = self.setup.resampled(rng)
        return self._rebuild(
            None, setup=setup, pair=tuple(pair), oracle=tuple(oracle), hands=hands, gifts=tuple(gifts), gift=gift
        )

    def _voids(self, k: int) -> list[tuple[int, int]]:
        """(trick index, colour) for every trick in which human ``k`` did not follow (GH-TRICK-2)."""
        h = len(self.board[0].humans)
        out = []
        tricks = [(t[0], t[1:]) for t in self.board[4]]
        if self.trick_cards:
            tricks.append((self.board[2], self.trick_cards))
        for index, (leader, cards) in enumerate(tricks):
            pos = (k - leader) % h
            if 0 < pos < len(cards) and _SUIT[cards[pos]] != _SUIT[cards[0]]:
                out.append((index, _SUIT[cards[0]]))
        return out


if TYPE_CHECKING:
    _new_state = GodsState
else:  # the engine builds its states without attrs' __init__ (about 2.5x cheaper)
    _new_state = state_builder(GodsState)


_FIELDS = tuple(f.name for f in attrs.fields(GodsState))
_INDEX = {name: i for i, name in enumerate(_FIELDS)}
_INDEX["to_act"] = _INDEX["current_player"]
#: ``replace`` names for the board's parts (``leader``: human index, ``won``: by human index)
_BOARD = {name: i for i, name in enumerate(("facts", "gaps", "leader", "won", "done"))}
_FACTS = frozenset(attrs.fields_dict(DealFacts))
_GAPS = frozenset(attrs.fields_dict(Gaps))
_GET_ALL = operator.attrgetter(*_FIELDS)


def _hall(counts: list[int], remaining: Counter[int]) -> bool:
    """Hall's condition: the cards of every set of colours fit the slots that accept one of them."""
    for colours in range(1, 16):
        need = sum(counts[s] for s in range(4) if colours >> s & 1)
        if need and need > sum(n for m, n in remaining.items() if m & colours):
            return False
    return True


def _assign(masks: list[int], cards: list[int], rng: random.Random) -> list[int]:
    """A random arrangement of ``cards`` over slots, slot ``i`` taking only colours in ``masks[i]``.

    The slots' current cards are one valid arrangement, so one always exists; the
    constrained slots are filled first, keeping Hall's condition after each choice.
    """
    by_suit: list[list[int]] = [[], [], [], []]
    for c in sorted(cards):  # from a canonical order, so the real arrangement never shows
        by_suit[_SUIT[c]].append(c)
    for pile in by_suit:
        rng.shuffle(pile)
    out = [0] * len(cards)
    constrained = [i for i, m in enumerate(masks) if m != 15]
    if constrained:
        rng.shuffle(constrained)
        constrained.sort(key=lambda i: bin(masks[i]).count("1"))
        counts = [len(p) for p in by_suit]
        remaining = Counter(masks)
        for i in constrained:
            m = masks[i]
            remaining[m] -= 1
            options = [s for s in range(4) if m >> s & 1 and counts[s]]
            rng.shuffle(options)
            options.sort(key=lambda s: -counts[s] * rng.random())
            for s in options:
                counts[s] -= 1
                if _hall(counts, remaining):
                    break
                counts[s] += 1
            else:  # pragma: no cover - the true arrangement exists
                raise AssertionError("GH-INFO-4: no arrangement of the hidden cards fits the shown voids")
            out[i] = by_suit[s].pop()
    rest = [c for pile in by_suit for c in pile]
    rng.shuffle(rest)
    free = (i for i, m in enumerate(masks) if m == 15)
    for i, c in zip(free, rest):
        out[i] = c
    return out


# -- the game --------------------------------------------------------------------------


def _encode_layout(rules: Rules) -> tuple[tuple[str, int], ...]:
    n, d, c = rules.players, rules.deals, DECK.size
    return (
        ("seat", n),
        ("deal", d),
        ("gods", n),
        ("marks", 4 * 4),
        ("phase", len(PHASES)),
        ("current_player", n + 1),
        ("hand", c),
        ("human_hands", 4 * c),
        ("hand_sizes", n),
        ("field", c),
        ("oracle", 4 * 7),
        ("partners", 4 * 5),
        ("lone", 5),
        ("leader", 4),
        ("trick", 4 * c),
        ("played", 4 * c),
        ("won", 4),
        ("waiting", n),
        ("asking", n),
        ("passes", n),
        ("received", 4 * c),
        ("given", n * c),
        ("gap", n),
        ("forced", 3),
        ("scores", n),
        ("past_gods", d * n),
        ("past_points", d * n),
        ("past_oracle", d * 4),
        ("past_won", d * 4),
    )


_SIZES: dict[tuple[int, int], int] = {}


def _tensor_size(players: int, deals: int) -> int:
    """The tensor's length, which depends on the player and deal counts only (cached)."""
    size = _SIZES.get((players, deals))
    if size is None:
        size = _SIZES[players, deals] = sum(k for _, k in _encode_layout(Rules(players=players, deals=deals)))
    return size


class GodsAndHumansGame(Game[Rules, GodsState, GHAction]):
    """The gods-and-humans oracle game: 5-8 players, humans play tricks, gods predict and intervene."""

    slug = "gods-and-humans"
    title = "The gods-and-humans oracle game"
    prefix = "GH"
    player_counts = range(5, 9)
    deck = DECK

    def __init__(self, rules: type[Rules], state: type[GodsState]) -> None:
        super().__init__(rules, state)
        #: per Rules: the (gods, humans) of every deal, the hand size, the number of cards in play
        self._plans: dict[Rules, tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], int, int]] = {}

    def action_table(self, rules: Rules) -> tuple[GHAction, ...]:
        return _TABLE

    def random_deal(self, rules: Rules, rng: random.Random, index: int) -> Deal:
        """GH-SETUP-5: an order of the cards in play, an order of the 4 icons, an order of the humans."""
        h = role_counts(rules.players)[0]
        key = rng.random  # sorting by independent uniform keys: a uniform order, faster than shuffle
        cards = sorted(_IN_PLAY[h], key=lambda _: key())
        icons = sorted(range(4), key=lambda _: key())
        pair = sorted(range(h), key=lambda _: key())
        return (*cards, *icons, *pair)

    def check_deal(self, rules: Rules, deal: Deal, index: int) -> None:
        """A deal is the cards in play in order, then the 4 icons, then the human indices (GH-SETUP-5).

        The game uses ``rules.deals`` deals, so at most that many explicit deals; a deal is a
        tuple or list of ``int`` (not bool, float or str). ``ValueError`` names the deal and the fault.
        """
        if type(index) is not int or not 0 <= index < rules.deals:
            raise ValueError(f"deal {index!r}: the game has only {rules.deals} deals (0..{rules.deals - 1})")
        if type(deal) not in (tuple, list):
            raise ValueError(f"deal {index}: must be a tuple or list of ints, not {type(deal).__name__}")
        for k, x in enumerate(deal):
            if type(x) is not int:
                raise ValueError(f"deal {index}: number {k} must be an int, not {type(x).__name__} {x!r}")
        h = role_counts(rules.players)[0]
        cards = cards_in_play(h)
        n = len(cards)
        if len(deal) != n + 4 + h:
            raise ValueError(
                f"deal {index}: has {len(deal)} numbers; it needs {n} cards, 4 icons and {h} human indices "
                f"({n + 4 + h} numbers)"
            )
        if sorted(deal[:n]) != list(cards):
            raise ValueError(f"deal {index}: the first {n} numbers must order the cards in play, each once")
        if sorted(deal[n : n + 4]) != [0, 1, 2, 3]:
            raise ValueError(f"deal {index}: the 4 numbers after the cards must order the icons 0..3")
        if sorted(deal[n + 4 :]) != list(range(h)):
            raise ValueError(f"deal {index}: the last {h} numbers must order the human indices 0..{h - 1}")

    def initial_state(self, rules: Rules, setup: Setup) -> GodsState:
        return self._start(rules, setup, None, 0, (0,) * rules.players, ())

    def _start(
        self, rules: Rules, setup: Setup, log: Log, index: int, totals: tuple[int, ...], past: tuple[DealResult, ...]
    ) -> GodsState:
        """Set up deal ``index`` (GH-ROLE-2, GH-SETUP-1..6, GH-PAIR-1..3)."""
        n = rules.players
        deal = setup.deal(self, rules, index)
        plan = self._plans.get(rules)
        if plan is None:
            roles = tuple((gods, tuple(s for s in range(n) if s not in gods)) for gods in rules.god_seats)
            plan = self._plans[rules] = (roles, hand_size(n), len(cards_in_play(role_counts(n)[0])))
        (gods, humans), size, ncards = plan[0][index], plan[1], plan[2]
        h, g = len(humans), len(gods)
        leader = _deal_leader(rules.deal_leader, index, humans, totals, past)
        hands: list[tuple[int, ...]] = [()] * n
        for j, s in enumerate(gods):  # GH-SETUP-2
            hands[s] = tuple(sorted(deal[j * h : (j + 1) * h]))
        start = g * h
        field = tuple(sorted(deal[start : start + 2 * h]))  # GH-SETUP-3
        start += 2 * h
        for i, s in enumerate(humans):  # GH-SETUP-4
            hands[s] = tuple(sorted(deal[start + i * size : start + (i + 1) * size]))
        marks = deal[ncards : ncards + h]  # GH-PAIR-1; icons deal[ncards + h:] leave the game (GH-SETUP-1)
        pair = deal[ncards + 4 :]  # GH-PAIR-2, GH-PAIR-3
        trump = RED if h == 4 and rules.red_trump else None  # GH-TRICK-5
        facts = DealFacts(index, humans, gods, marks, pair, (-1,) * h, trump, totals, past)
        gaps = Gaps(field, tuple(range(g)), (), 0, (), (), (), ())
        order = humans[leader:] + humans[:leader]
        board = (facts, gaps, leader, (0,) * h, (), order)
        return _new_state(rules, setup, log, tuple(hands), ORACLE, gods[0], (), board)

    def score_floor(self, rules: Rules) -> int | None:
        """Points are only ever added (GH-SCORE-1): no seat goes below 0."""
        return 0

    def max_game_length(self, rules: Rules) -> int:
        """Per deal: the oracle cards, every card played, every card given, and at most one
        answer per waiting god at each gap (tricks + 1 gaps)."""
        h, g = role_counts(rules.players)
        tricks = hand_size(rules.players) + g
        return rules.deals * (h + h * tricks + g * h + (tricks + 1) * g)

    def check_invariants(self, state: GodsState) -> None:
        """Card conservation (GH-COMP-1), equal hands (GH-SETUP-4), one intervention per god (GH-RULING-18)."""
        f, gaps = state.board[0], state.board[1]
        h = len(f.humans)
        inplay = cards_in_play(h)
        gift = gaps.gift
        places = [c for hand in state.hands for c in hand] + list(gaps.field) + list(state.trick_cards)
        places += [c for t in state.board[4] for c in t[1:]]
        if state.phase == FORCED:
            places += [c for r in gaps.gifts if r.forced for c in r.cards] + list(gift)
        if sorted(places) != list(inplay):
            raise AssertionError("GH-COMP-1: the cards in play are not each in exactly one place")
        sizes = [len(state.hands[s]) for s in f.humans]
        if state.phase == PLAY:
            leader = state.board[2]
            played = {(leader + p) % h for p in range(len(state.trick_cards))}
            base = {sizes[i] + (i in played) for i in range(h)}
        elif state.phase == GIVE:
            base = {sizes[i] - (i < len(gift)) for i in range(h)}
        else:
            base = set(sizes)
        if len(base) != 1:
            raise AssertionError("GH-SETUP-4: the humans' hands are not of equal size")
        gods_seen = [r.god for r in gaps.gifts]
        if len(set(gods_seen)) != len(gods_seen):
            raise AssertionError("GH-INTERVENE-4, GH-RULING-18: a god intervened twice in one deal")
        for j in gaps.waiting:
            given = sum(not x for x in gaps.gift_src) if state.phase == GIVE else len(gift)
            if len(state.hands[f.gods[j]]) + (given if j == gaps.giver else 0) != h:
                raise AssertionError("GH-SETUP-2: a god who has not intervened lacks cards")
        from_field = sum(gaps.gift_src) if state.phase == GIVE else 0
        if not state.rules.mix_sources and (len(gaps.field) + from_field) % h:
            raise AssertionError("GH-RULING-4: the field is not a whole number of interventions")

    # -- observation tensor -------------------------------------------------------------

    def observation_size(self, rules: Rules) -> int:
        return sum(size for _, size in _encode_layout(rules))

    def encode_observation(self, rules: Rules, observation: Any) -> tuple[int, ...]:
        """The fields of :func:`_encode_layout`, in order (see the docs page for the table).

        Written into a zeroed list field by field (only ones and counts are
        stored), so no per-field rows are built.
        """
        obs: Observation = observation
        n, d, c = rules.players, rules.deals, DECK.size
        out = [0] * _tensor_size(n, d)
        pos = 0  # the next field's offset: every helper writes its field's nonzeros and moves on

        def onehot(size: int, index: int) -> None:
            nonlocal pos
            if 0 <= index < size:
                out[pos + index] = 1
            pos += size

        def cardset(cards: Any) -> None:
            nonlocal pos
            for x in cards:
                if x >= 0:
                    out[pos + x] = 1
            pos += c

        def seatset(seats: Any) -> None:
            nonlocal pos
            for s in seats:
                out[pos + s] = 1
            pos += n

        def values(items: Any) -> None:
            nonlocal pos
            row = tuple(items)
            k = len(row)
            out[pos : pos + k] = row
            pos += k

        humans = obs.humans
        h = len(humans)
        index = {s: i for i, s in enumerate(humans)}  # seat -> human index (rows are by human index)
        onehot(n, obs.seat)
        onehot(d, obs.deal)
        seatset(obs.gods)
        for i in range(4):
            onehot(4, obs.marks[humans[i]] if i < h else -1)
        onehot(len(PHASES), obs.phase)
        onehot(n + 1, n if obs.current_player is None else obs.current_player)
        cardset(obs.hand)
        for i in range(4):
            cardset(obs.human_hands[humans[i]] if i < h and obs.human_hands else ())
        values(obs.hand_sizes)
        cardset(obs.field)
        for i in range(4):
            onehot(7, obs.oracle[humans[i]] + 1 if i < h else -1)
        gods = obs.gods
        for j in range(4):
            partner = obs.partners[gods[j]] if j < len(gods) else -2  # -1: unknown; -2: no such god
            onehot(5, index[partner] + 1 if partner >= 0 else partner + 1)
        onehot(5, index[obs.lone] + 1 if obs.lone >= 0 else 0)
        onehot(4, index[obs.leader])
        current = dict(obs.trick)
        for i in range(4):
            cardset((current[humans[i]],) if i < h and humans[i] in current else ())
        played: list[list[int]] = [[], [], [], []]
        for t in obs.tricks:
            for seat, card in t.plays:
                played[index[seat]].append(card)  # type: ignore[index]
        for i in range(4):
            cardset(played[i])
        values(obs.won[humans[i]] if i < h else 0 for i in range(4))
        seatset(obs.waiting)
        seatset(obs.asking)
        passes = [0] * n
        for _, god in obs.passes:
            passes[god] += 1
        values(passes)
        received: list[list[int]] = [[], [], [], []]
        given: list[list[int]] = [[] for _ in range(n)]
        gap = [0] * n
        seen = list(obs.interventions) + ([obs.giving] if obs.giving is not None else [])
        for r in seen:
            for i, card in enumerate(r.cards):
                received[i].append(card)
                given[r.god].append(card)
            if r is not obs.giving:
                gap[r.god] = r.gap + 1
        forced = obs.forced
        if forced is not None:
            for i in range(h):
                received[i].extend(forced.received[humans[i]])
            given[obs.seat].extend(forced.own)
            if forced.revealed:
                for s in forced.gods:
                    gap[s] = forced.gap + 1
        for i in range(4):
            cardset(received[i])
        for s in range(n):
            cardset(given[s])
        values(gap)
        if forced is None:
            values((0, 0, 0))
        else:
            values((forced.gap + 1, forced.laid, 1 if forced.revealed else 0))
        values(obs.scores)
        results = list(obs.past) + [None] * (d - len(obs.past))
        for res in results:
            seatset(res.gods if res else ())
        for res in results:
            values(res.points if res else (0,) * n)
        for res in results:
            values((res.oracle[res.humans[i]] + 1 if res and i < len(res.humans) else 0) for i in range(4))
        for res in results:
            values((res.won[res.humans[i]] if res and i < len(res.humans) else 0) for i in range(4))
        if pos != len(out):  # the layout and the writes disagree: a bug, never data
            raise AssertionError(f"gods-and-humans tensor: wrote {pos} of {len(out)} entries")
        return tuple(out)

    # -- simulation helpers ----------------------------------------------------------------

    def heuristic_action(self, state: GodsState, rng: random.Random) -> GHAction:
        """A simple player using only what its seat sees.

        Oracle: count the strong cards (10+, and red 8+ with trump) of the human in
        question. Asking: intervene with probability 1/3 (always once the humans
        hold two cards). Giving: the partner gets the highest card if it still needs
        tricks, else the lowest; other humans the opposite. Playing: the highest legal
        card while short of the prediction, else the lowest. A card's power is its
        number, plus 20 for a trump; among equal powers the highest is the last legal
        one, the lowest the first.
        """
        phase = state.phase
        f, gaps = state.board[0], state.board[1]
        trump = f.trump
        if phase == ORACLE or phase == LONE:
            human = f.pair[gaps.giver] if phase == ORACLE else state._lone
            strong = _STRONG[trump]
            count = 0
            for c in state.hands[f.humans[human]]:
                if strong[c]:
                    count += 1
            return _ORACLE[min(5, count)]
        if phase == ASK:
            size = len(state.hands[f.humans[0]])
            return _INTERVENE if size <= 2 or rng.random() < 1 / 3 else _PASS
        if phase == GIVE or phase == FORCED:
            partner = f.pair[gaps.giver]
            need = f.oracle[partner] - state.board[3][partner]
            high = (need > 0) == (len(gaps.gift) == partner)
        elif phase == PLAY:
            hi = f.humans.index(state.current_player)
            high = f.oracle[hi] - state.board[3][hi] > 0
        else:
            raise ValueError("the game is over: nobody is to act")
        power = _POWER[trump]
        legal = state.legal_actions()  # Give actions (giving) or Play actions (playing), each with a card
        best = legal[0]
        top = power[best.card]  # type: ignore[union-attr]
        if high:  # the highest power, the last of equals
            for a in legal:
                p = power[a.card]  # type: ignore[union-attr]
                if p >= top:
                    best, top = a, p
        else:  # the lowest power, the first of equals
            for a in legal:
                p = power[a.card]  # type: ignore[union-attr]
                if p < top:
                    best, top = a, p
        return best

    def end_stats(self, state: GodsState) -> dict[str, float]:
        """Deals, exact predictions (all, lone), and where the interventions came from."""
        exact = lone_exact = 0
        sources = Counter(res.sources[s] for res in state.past for s in res.gods)
        for res in state.past:
            for s in res.humans:
                if res.oracle[s] == res.won[s]:
                    exact += 1
                    lone_exact += s == res.lone
        return {
            "deals": len(state.past),
            "exact_predictions": exact,
            "lone_exact_predictions": lone_exact,
            "top_score": max(state.totals),
            "field_interventions": sources["field"],
            "hand_interventions": sources["hand"],
            "mixed_interventions": sources["mixed"],
            "forced_interventions": sources["forced"],
        }


GAME = GodsAndHumansGame(Rules, GodsState)
GodsState.GAME = GAME
