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

import operator
import random
from bisect import bisect_left
from collections import Counter
from operator import itemgetter
from typing import Any

import attrs

from rulebook.core.cards import Deck
from rulebook.core.contract import Action, Deal, Game, Log, LogNode, Setup, State
from rulebook.core.options import option, validate_choices
from rulebook.core.tricks import win_keys
from rulebook.errors import InvalidRules

#: builds one link of the action history (a LogNode) without a Python-level call
_link = tuple.__new__

__all__ = [
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

# phases
ORACLE = 0  # gods predict, one after another (GH-ORACLE-1)
LONE = 1  # the lone human predicts (GH-ORACLE-3)
ASK = 2  # gods are asked in turn whether they intervene (GH-INTERVENE-2)
GIVE = 3  # a god gives each human one card (GH-INTERVENE-3)
FORCED = 4  # the forced, face-down intervention (GH-FORCED-2)
PLAY = 5  # a trick is being played (GH-TRICK-1)
OVER = 6
PHASES = ("oracle", "lone", "ask", "give", "forced", "play", "over")


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


def _roles(value: Any) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(s) for s in deal) for deal in value)


def _stars(value: Any) -> tuple[int, ...]:
    return tuple(int(s) for s in value)


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
        doc="Red is trump with 4 humans (GH-TRICK-3); false: house rule without trump (GH-RULING-16).",
        choices=(False, True),
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
        return f"give {DECK.text(self.card)}"


@attrs.frozen(slots=True)
class Play(Action):
    """Play ``card`` to the current trick (GH-TRICK-1)."""

    card: int

    def __str__(self) -> str:
        return f"play {DECK.text(self.card)}"


GHAction = Oracle | Intervene | Pass | Give | Play

_ORACLE = tuple(Oracle(k) for k in range(6))
_ORACLE_NUMBERS = frozenset(range(6))
_INTERVENE = Intervene()
_PASS = Pass()
_GIVE = tuple(Give(c) for c in DECK.cards)
_PLAY = tuple(Play(c) for c in DECK.cards)
_TABLE: tuple[GHAction, ...] = (*_ORACLE, _INTERVENE, _PASS, *_GIVE, *_PLAY)
_ASK_ACTIONS: tuple[GHAction, ...] = (_INTERVENE, _PASS)

#: the first card of each colour, and 48: a sorted hand holds the cards of colour ``s``
#: at the positions ``bisect_left(hand, _FIRST[s]) .. bisect_left(hand, _FIRST[s + 1])``
_FIRST = tuple(12 * s for s in range(5))
assert all(_SUIT[c] == c // 12 and _RANK[c] == c % 12 + 1 for c in DECK.cards)


#: per trump (None or red) and led colour, each card's key in a trick (GH-TRICK-3): a
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
    """One god's completed intervention (GH-INTERVENE-3, GH-FORCED-2)."""

    #: number of tricks finished before it
    gap: int
    #: the god's seat
    god: int
    #: part of the forced, face-down intervention
    forced: bool
    #: the card given to each human, by human index
    cards: tuple[int, ...]
    #: whether each card came from the field
    from_field: tuple[bool, ...]


@attrs.frozen(slots=True)
class DealResult:
    """A finished deal, all of it revealed (GH-INFO-3)."""

    gods: tuple[int, ...]
    humans: tuple[int, ...]
    marks: tuple[int, ...]
    #: per god index, the human index of its partner
    partners: tuple[int, ...]
    #: human index of the lone human, or -1
    lone: int
    #: per human index, the oracle number
    oracle: tuple[int, ...]
    #: per human index, tricks won
    won: tuple[int, ...]
    #: per seat, points scored in the deal
    points: tuple[int, ...]
    #: the tricks: (leader human index, cards in play order)
    tricks: tuple[tuple[int, ...], ...]
    #: per god index, the gap (tricks finished) of its intervention
    gaps: tuple[int, ...]
    #: per god index, where its cards came from: "field", "hand", "mixed" or "forced"
    sources: tuple[str, ...]


@attrs.frozen(slots=True)
class SeenIntervention:
    """An intervention as one seat sees it: hidden cards are -1 (GH-INFO-1, GH-RULING-5)."""

    gap: int
    god: int
    cards: tuple[int, ...]
    from_field: tuple[bool, ...]


@attrs.frozen(slots=True)
class ForcedView:
    """The forced intervention of the deal as one seat sees it (GH-FORCED-2, GH-RULING-5)."""

    gap: int
    #: seats of the gods who intervene (or intervened) in it
    gods: tuple[int, ...]
    #: cards laid face down so far (all gods together)
    laid: int
    #: the cards this seat laid, by human index (gods only)
    own: tuple[int, ...]
    #: per human index, the cards it received once revealed, sorted; () when not seen
    received: tuple[tuple[int, ...], ...]
    revealed: bool


@attrs.frozen(slots=True)
class Observation:
    """What one seat sees (GH-INFO-1, GH-INFO-2, GH-INFO-3), with recall of the deal."""

    seat: int
    players: int
    deal: int
    humans: tuple[int, ...]
    gods: tuple[int, ...]
    marks: tuple[int, ...]
    hand: tuple[int, ...]
    #: every human's hand, by human index (gods only; () for humans)
    human_hands: tuple[tuple[int, ...], ...]
    hand_sizes: tuple[int, ...]
    field: tuple[int, ...]
    #: per human index, the oracle number, or -1 when not chosen or not seen
    oracle: tuple[int, ...]
    #: per god index, its partner's human index, or -1 when not seen
    partners: tuple[int, ...]
    #: human index of the lone human when known, else -1
    lone: int
    phase: int
    current_player: int | None
    leader: int
    trick: tuple[int, ...]
    tricks: tuple[tuple[int, ...], ...]
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
    #: the trump colour of this deal, or None (GH-TRICK-3)
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
    predict and intervene, GH-ROLE-3) list their seats in seat order; per-human facts are
    indexed by *human index*, the position in ``humans``, which is also the order of play
    in a trick (GH-RULING-15).

    The fields that change with almost every move are fields; what changes only between
    tricks or in the gods' phases is bundled in ``board`` and read through properties
    (``facts``, ``gaps``, ``leader``, ``won``, ``done`` and the facts' own names), so a
    card played inside a trick builds a state of eight fields.
    """

    rules: Rules
    setup: Setup = attrs.field(repr=False)
    log: Log = attrs.field(repr=False)
    #: per seat (humans and gods), the cards in hand, sorted
    hands: tuple[tuple[int, ...], ...]
    phase: int
    #: the seat to act, ``None`` once the game is over (also readable as ``to_act``)
    current_player: int | None
    #: the cards of the current trick, in play order from the leader
    trick: tuple[int, ...]
    #: ``(facts, gaps, leader, won, done, order)``: see the properties of the same names;
    #: ``order`` is the human seats in the current trick's order of play, from the leader
    board: tuple[DealFacts, Gaps, int, tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]

    # -- the bundled facts, by name ------------------------------------------------------

    @property
    def facts(self) -> DealFacts:
        """The deal's roles, marks, pairing, oracle cards and the running totals."""
        return self.board[0]

    @property
    def gaps(self) -> Gaps:
        """The field and the deal's interventions."""
        return self.board[1]

    @property
    def leader(self) -> int:
        """Human index of the current trick's leader."""
        return self.board[2]

    @property
    def won(self) -> tuple[int, ...]:
        """Per human index, tricks won this deal."""
        return self.board[3]

    @property
    def done(self) -> tuple[tuple[int, ...], ...]:
        """Finished tricks of this deal: (leader human index, cards in play order...)."""
        return self.board[4]

    @property
    def deal(self) -> int:
        """Index of the current deal, from 0."""
        return self.board[0].deal

    @property
    def humans(self) -> tuple[int, ...]:
        """Human seats of this deal, in seat order (position = human index)."""
        return self.board[0].humans

    @property
    def gods(self) -> tuple[int, ...]:
        """God seats of this deal, in seat order (position = god index)."""
        return self.board[0].gods

    @property
    def marks(self) -> tuple[int, ...]:
        """Per human index, the icon of its mark (GH-PAIR-1)."""
        return self.board[0].marks

    @property
    def pair(self) -> tuple[int, ...]:
        """Human indices: god ``j`` partners human ``pair[j]``; ``pair[G:]`` is lone (GH-PAIR-2)."""
        return self.board[0].pair

    @property
    def oracle(self) -> tuple[int, ...]:
        """Per human index, its oracle number (-1: not chosen yet)."""
        return self.board[0].oracle

    @property
    def totals(self) -> tuple[int, ...]:
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
        return self.board[1].waiting

    @property
    def asking(self) -> tuple[int, ...]:
        return self.board[1].asking

    @property
    def giver(self) -> int:
        return self.board[1].giver

    @property
    def gift(self) -> tuple[int, ...]:
        return self.board[1].gift

    @property
    def gift_src(self) -> tuple[bool, ...]:
        return self.board[1].gift_src

    @property
    def gifts(self) -> tuple[Intervention, ...]:
        return self.board[1].gifts

    # -- contract ---------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat to act (the field ``current_player``)."""
        return self.current_player

    @property
    def lone(self) -> int:
        """Human index of the lone human (孤高の者), or -1 (GH-PAIR-3)."""
        g = len(self.gods)
        return self.pair[g] if g < len(self.humans) else -1

    @property
    def trump(self) -> int | None:
        """The trump suit: red with 4 humans, none with 3 (GH-TRICK-3)."""
        return self.board[0].trump

    def legal_actions(self) -> tuple[GHAction, ...]:
        phase = self.phase
        if phase == PLAY:
            hand = self.hands[self.current_player]  # type: ignore[index]
            trick = self.trick
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
            try:
                i = hand.index(card)
            except ValueError:
                raise self.illegal(f"seat {seat} does not hold that card", "GH-TRICK-1", action) from None
            trick = self.trick
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
                link = _link(LogNode, (self.log, action))
                return GodsState(
                    self.rules, self.setup, link, tuple(hands), PLAY, order[pos], trick, board
                )
            # the trick is complete: its winner takes it and leads the next (GH-TRICK-4)
            facts, gaps, leader, won, done, order = board
            # GH-TRICK-3: the highest trump, else the highest card of the led colour
            strength = itemgetter(*trick)(_WIN_KEYS[facts.trump][_SUIT[trick[0]]])
            winner = (leader + strength.index(max(strength))) % pos
            tally = list(won)
            tally[winner] += 1
            humans = facts.humans
            link = _link(LogNode, (self.log, action))
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
                link = _link(LogNode, (self.log, action))
                return GodsState(
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
                return GodsState(
                    self.rules, self.setup, _link(LogNode, (self.log, action)), self.hands, nxt, to_act, (),
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
        """A copy with the named facts changed (state fields or bundled facts such as
        ``pair``, ``oracle``, ``leader`` or ``field``), the log kept: for tests and what-if
        analysis. The result is not checked against the rules."""
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
        return GodsState(*values)

    def _oracle(self, number: int, action: GHAction) -> GodsState:
        if number not in _ORACLE_NUMBERS:  # the oracle cards show 0..5 (GH-COMP-2)
            rule = "GH-ORACLE-1" if self.phase == ORACLE else "GH-ORACLE-3"
            raise self.illegal("an oracle card shows a number from 0 to 5", rule, action)
        f, gaps, leader, won, done, order = self.board
        oracle = list(f.oracle)
        g = len(f.gods)
        log = _link(LogNode, (self.log, action))
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
                phase = -1
        else:
            oracle[f.pair[g]] = number  # GH-ORACLE-3
            phase = -1
        facts = DealFacts(f.deal, f.humans, f.gods, f.marks, f.pair, tuple(oracle), f.trump, f.totals, f.past)
        if phase >= 0:
            gaps = Gaps(gaps.field, gaps.waiting, (), giver, (), (), gaps.gifts, gaps.passes)
            board = (facts, gaps, leader, won, done, order)
            return GodsState(self.rules, self.setup, log, self.hands, phase, to_act, (), board)
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
                return GodsState(
                    self.rules, self.setup, log, hands, FORCED, facts.gods[waiting[0]], (),
                    (facts, Gaps(gaps.field, waiting, (), waiting[0], (), (), gaps.gifts, gaps.passes), leader, won,
                     done, order),
                )
            t = len(done)
            if t > 0 or self.rules.early_intervention:  # GH-INTERVENE-1, GH-RULING-3
                k = t % len(waiting)  # GH-INTERVENE-2, GH-RULING-2: the asking order rotates with the gap
                asking = waiting[k:] + waiting[:k]
                return GodsState(
                    self.rules, self.setup, log, hands, ASK, facts.gods[asking[0]], (),
                    (facts, Gaps(gaps.field, waiting, asking, -1, (), (), gaps.gifts, gaps.passes), leader, won,
                     done, order),
                )
        board = (facts, gaps, leader, won, done, order)
        return GodsState(self.rules, self.setup, log, hands, PLAY, order[0], (), board)

    def _give(self, card: int, action: GHAction) -> GodsState:
        """A voluntary intervention's next card (GH-INTERVENE-3)."""
        facts, gaps, leader, won, done, order = self.board
        humans = facts.humans
        god = facts.gods[gaps.giver]
        hands = list(self.hands)
        field = gaps.field
        hand = hands[god]
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
        log = _link(LogNode, (self.log, action))
        if len(gift) < len(humans):
            return GodsState(
                self.rules, self.setup, log, tuple(hands), GIVE, self.current_player, (),
                (facts, Gaps(field, gaps.waiting, (), gaps.giver, gift, src, gaps.gifts, gaps.passes), leader, won,
                 done, order),
            )
        record = Intervention(len(done), god, False, gift, src)
        waiting = tuple(j for j in gaps.waiting if j != gaps.giver)  # GH-INTERVENE-4
        return GodsState(
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
        if card not in hand:
            raise self.illegal("the forced intervention gives cards from the god's hand only", "GH-FORCED-2", action)
        i = hand.index(card)
        hands[god] = hand[:i] + hand[i + 1 :]
        gift = gaps.gift + (card,)
        log = _link(LogNode, (self.log, action))
        h = len(facts.humans)
        if len(gift) < h:
            return GodsState(
                self.rules, self.setup, log, tuple(hands), FORCED, self.current_player, (),
                (facts, Gaps(gaps.field, gaps.waiting, (), gaps.giver, gift, (), gaps.gifts, gaps.passes), leader,
                 won, done, order),
            )
        gifts = gaps.gifts + (Intervention(len(done), god, True, gift, (False,) * h),)
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
        h, g = len(humans), len(gods)
        points = [0] * rules.players
        partner = [-1] * h
        for j in range(g):
            partner[pair[j]] = j
        for i in range(h):
            if won[i] == oracle[i]:
                stars = rules.stars[oracle[i]]  # GH-SCORE-2
                points[humans[i]] += stars
                if partner[i] >= 0:
                    points[gods[partner[i]]] += stars
                # GH-RULING-6: the lone human (no partner) scores alone
        when = [-1] * g
        sources = [""] * g
        for record in gaps.gifts:
            j = gods.index(record.god)
            when[j] = record.gap
            if record.forced:
                sources[j] = "forced"
            else:
                sources[j] = "field" if all(record.from_field) else "mixed" if any(record.from_field) else "hand"
        result = DealResult(
            gods, humans, facts.marks, pair[:g], pair[g] if g < h else -1, oracle, won, tuple(points), done,
            tuple(when), tuple(sources),
        )
        totals = tuple(a + b for a, b in zip(facts.totals, points))
        past = facts.past + (result,)
        if facts.deal + 1 < rules.deals:
            return GAME._start(rules, self.setup, log, facts.deal + 1, totals, past)
        facts = DealFacts(facts.deal, humans, gods, facts.marks, pair, oracle, facts.trump, totals, past)
        # the final state keeps the last trick's leader
        board = (facts, gaps, self.board[2], won, done, self.board[5])
        return GodsState(rules, self.setup, log, hands, OVER, None, (), board)

    # -- information ------------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """What ``seat`` sees (GH-INFO-1 for humans, GH-INFO-2 for gods, GH-RULING-5)."""
        players = self.rules.players
        if not 0 <= seat < players:
            raise ValueError(f"no seat {seat} with {players} players")
        humans, gods = self.humans, self.gods
        g = len(gods)
        phase = self.phase
        over = phase == OVER
        is_god = seat in gods
        me = gods.index(seat) if is_god else humans.index(seat)
        lone = self.lone
        handed = phase != ORACLE  # GH-ORACLE-2: the oracle cards have been handed over
        oracle = self.oracle
        if over:  # GH-INFO-3
            seen_oracle = oracle
        elif is_god:
            seen_oracle = tuple(
                -1 if k == lone else (v if handed or k == self.pair[me] else -1) for k, v in enumerate(oracle)
            )
        else:
            seen_oracle = tuple(v if k == me and handed else -1 for k, v in enumerate(oracle))
        partners = self.pair[:g] if is_god or over else (-1,) * g
        seen_lone = lone if is_god or handed else -1
        interventions = tuple(self._seen(r, is_god, me) for r in self.gifts if not r.forced)
        giving = None
        if phase == GIVE:
            giving = self._seen(
                Intervention(len(self.done), gods[self.giver], False, self.gift, self.gift_src), is_god, me
            )
        return Observation(
            seat=seat,
            players=players,
            deal=self.deal,
            humans=humans,
            gods=gods,
            marks=self.marks,
            hand=self.hands[seat],
            human_hands=tuple(self.hands[s] for s in humans) if is_god else (),  # GH-RULING-13
            hand_sizes=tuple(map(len, self.hands)),
            field=self.field,
            oracle=seen_oracle,
            partners=partners,
            lone=seen_lone,
            phase=phase,
            current_player=self.current_player,
            leader=self.leader,
            trick=self.trick,
            tricks=self.done,
            won=self.won,
            waiting=tuple(gods[j] for j in self.waiting),
            asking=tuple(gods[j] for j in self.asking),
            passes=self.gaps.passes,
            interventions=interventions,
            giving=giving,
            forced=self._forced_view(seat, is_god, me),
            scores=self.totals,
            past=self.past,
        )

    @staticmethod
    def _seen(record: Intervention, is_god: bool, me: int) -> SeenIntervention:
        """GH-RULING-5: field cards are seen by all; hand cards by gods and the receiver."""
        cards = tuple(
            c if f or is_god or i == me else -1 for i, (c, f) in enumerate(zip(record.cards, record.from_field))
        )
        return SeenIntervention(record.gap, record.god, cards, record.from_field)

    def _forced_view(self, seat: int, is_god: bool, me: int) -> ForcedView | None:
        records = [r for r in self.gifts if r.forced]
        if self.phase == FORCED:
            gap = len(self.done)
            gods = tuple(r.god for r in records) + tuple(self.gods[j] for j in self.waiting)
            laid = len(records) * len(self.humans) + len(self.gift)
            own: tuple[int, ...] = ()
            if is_god:
                own = next((r.cards for r in records if r.god == seat), self.gift if self.giver == me else ())
            return ForcedView(gap, gods, laid, own, ((),) * len(self.humans), False)
        if not records:
            return None
        h = len(self.humans)
        received = tuple(
            tuple(sorted(r.cards[i] for r in records)) if is_god or i == me else () for i in range(h)
        )
        own = next((r.cards for r in records if r.god == seat), ())
        return ForcedView(records[0].gap, tuple(r.god for r in records), len(records) * h, own, received, True)

    def resample(self, seat: int, rng: random.Random) -> GodsState:
        """A state ``seat`` cannot tell from this one, with what it cannot see redrawn (GH-INFO-4).

        Redrawn: the cards it has not seen (other hands, face-down cards), respecting
        every colour a human has shown it lacks; which forced card came from which god;
        the oracle numbers and partners hidden from it; and the later deals.
        """
        humans, gods = self.humans, self.gods
        h, g = len(humans), len(gods)
        is_god = seat in gods
        me = gods.index(seat) if is_god else humans.index(seat)
        phase = self.phase
        pair = list(self.pair)
        oracle = list(self.oracle)
        if phase != OVER:
            if is_god:
                if phase == ORACLE:
                    for j in range(self.giver):
                        if j != me:
                            oracle[pair[j]] = rng.randrange(6)
                elif self.lone >= 0 and oracle[self.lone] >= 0:
                    oracle[self.lone] = rng.randrange(6)
            elif phase == ORACLE:
                rng.shuffle(pair)
                oracle = [-1] * h
                for j in range(self.giver):
                    oracle[pair[j]] = rng.randrange(6)
            else:
                head = pair[:g]
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
                for r in self.gifts:
                    if r.forced and r.god != seat:
                        slots.extend(r.cards)
                if self.giver != me:
                    slots.extend(self.gift)
            masks = [15] * len(slots)
        else:
            records = list(self.gifts)
            if phase == GIVE:
                records.append(Intervention(len(self.done), gods[self.giver], False, self.gift, self.gift_src))
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
                for c in self.hands[s]:
                    if c in known:
                        continue
                    e = entry.get(c, 0)
                    mask = 15
                    for trick_index, suit in voids:
                        if trick_index >= e:
                            mask &= ~(1 << suit)
                    slots.append(c)
                    masks.append(mask)
            for s in gods:
                slots.extend(self.hands[s])
                masks.extend([15] * len(self.hands[s]))
            if pending:
                for r in self.gifts:
                    if r.forced:
                        slots.extend(r.cards)
                        masks.extend([15] * h)
                slots.extend(self.gift)
                masks.extend([15] * len(self.gift))
        new = _assign(masks, slots, rng)
        sub = dict(zip(slots, new))
        hands = tuple(tuple(sorted(sub.get(c, c) for c in hand)) for hand in self.hands)
        gifts = [attrs.evolve(r, cards=tuple(sub.get(c, c) for c in r.cards)) for r in self.gifts]
        gift = tuple(sub.get(c, c) for c in self.gift)
        if not pending:
            # which god laid which forced card is seen by nobody but that god
            rows = [i for i, r in enumerate(gifts) if r.forced and r.god != seat]
            if len(rows) > 1:
                columns = [[gifts[i].cards[k] for i in rows] for k in range(h)]
                for col in columns:
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
        h = len(self.humans)
        out = []
        tricks = [(t[0], t[1:]) for t in self.done]
        if self.trick:
            tricks.append((self.leader, self.trick))
        for index, (leader, cards) in enumerate(tricks):
            pos = (k - leader) % h
            if 0 < pos < len(cards) and _SUIT[cards[pos]] != _SUIT[cards[0]]:
                out.append((index, _SUIT[cards[0]]))
        return out


_FIELDS = tuple(f.name for f in attrs.fields(GodsState))
_INDEX = {name: i for i, name in enumerate(_FIELDS)}
_INDEX["to_act"] = _INDEX["current_player"]
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
    for c in cards:
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


class GodsAndHumansGame(Game[Rules, GodsState, GHAction]):
    """The gods-and-humans oracle game: 5-8 players, humans play tricks, gods predict and intervene."""

    slug = "gods-and-humans"
    title = "The gods-and-humans oracle game"
    prefix = "GH"
    player_counts = range(5, 9)

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
        """A deal is the cards in play in order, then the 4 icons, then the human indices (GH-SETUP-5)."""
        if not 0 <= index < rules.deals:
            raise ValueError(f"deal {index} does not exist with {rules.deals} deals")
        h = role_counts(rules.players)[0]
        cards = cards_in_play(h)
        n = len(cards)
        if len(deal) != n + 4 + h:
            raise ValueError(f"a deal has {n} cards, 4 icons and {h} human indices ({n + 4 + h} numbers)")
        if sorted(deal[:n]) != list(cards):
            raise ValueError(f"the first {n} numbers must order the cards in play, each once")
        if sorted(deal[n : n + 4]) != [0, 1, 2, 3]:
            raise ValueError("numbers 4 after the cards must order the icons 0..3")
        if sorted(deal[n + 4 :]) != list(range(h)):
            raise ValueError(f"the last {h} numbers must order the human indices 0..{h - 1}")

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
        leader = index % h  # GH-SETUP-6, GH-RULING-7
        trump = RED if h == 4 and rules.red_trump else None  # GH-TRICK-3
        facts = DealFacts(index, humans, gods, marks, pair, (-1,) * h, trump, totals, past)
        gaps = Gaps(field, tuple(range(g)), (), 0, (), (), (), ())
        order = humans[leader:] + humans[:leader]
        board = (facts, gaps, leader, (0,) * h, (), order)
        return GodsState(rules, setup, log, tuple(hands), ORACLE, gods[0], (), board)

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
        """Card conservation (GH-COMP-1), equal hands (GH-SETUP-4), one intervention per god (GH-INTERVENE-4)."""
        h = len(state.humans)
        inplay = cards_in_play(h)
        places = [c for hand in state.hands for c in hand] + list(state.field) + list(state.trick)
        places += [c for t in state.done for c in t[1:]]
        if state.phase == FORCED:
            places += [c for r in state.gifts if r.forced for c in r.cards] + list(state.gift)
        if sorted(places) != list(inplay):
            raise AssertionError("GH-COMP-1: the cards in play are not each in exactly one place")
        sizes = [len(state.hands[s]) for s in state.humans]
        if state.phase == PLAY:
            played = {(state.leader + p) % h for p in range(len(state.trick))}
            base = {sizes[i] + (i in played) for i in range(h)}
        elif state.phase == GIVE:
            base = {sizes[i] - (i < len(state.gift)) for i in range(h)}
        else:
            base = set(sizes)
        if len(base) != 1:
            raise AssertionError("GH-SETUP-4: the humans' hands are not of equal size")
        gods_seen = [r.god for r in state.gifts]
        if len(set(gods_seen)) != len(gods_seen):
            raise AssertionError("GH-INTERVENE-4: a god intervened twice in one deal")
        for j in state.waiting:
            given = sum(not f for f in state.gift_src) if state.phase == GIVE else len(state.gift)
            if len(state.hands[state.gods[j]]) + (given if j == state.giver else 0) != h:
                raise AssertionError("GH-SETUP-2: a god who has not intervened lacks cards")
        from_field = sum(state.gift_src) if state.phase == GIVE else 0
        if not state.rules.mix_sources and (len(state.field) + from_field) % h:
            raise AssertionError("GH-RULING-4: the field is not a whole number of interventions")

    # -- observation tensor -------------------------------------------------------------

    def observation_size(self, rules: Rules) -> int:
        return sum(size for _, size in _encode_layout(rules))

    def encode_observation(self, rules: Rules, observation: Any) -> tuple[int, ...]:
        """The fields of :func:`_encode_layout`, in order (see the docs page for the table)."""
        obs: Observation = observation
        n, d, c = rules.players, rules.deals, DECK.size
        out: list[int] = []

        def onehot(size: int, index: int) -> None:
            row = [0] * size
            if 0 <= index < size:
                row[index] = 1
            out.extend(row)

        def cardset(cards: Any) -> None:
            row = [0] * c
            for x in cards:
                if x >= 0:
                    row[x] = 1
            out.extend(row)

        def seatset(seats: Any) -> None:
            row = [0] * n
            for s in seats:
                row[s] = 1
            out.extend(row)

        h = len(obs.humans)
        onehot(n, obs.seat)
        onehot(d, obs.deal)
        seatset(obs.gods)
        for i in range(4):
            onehot(4, obs.marks[i] if i < h else -1)
        onehot(len(PHASES), obs.phase)
        onehot(n + 1, n if obs.current_player is None else obs.current_player)
        cardset(obs.hand)
        for i in range(4):
            cardset(obs.human_hands[i] if i < len(obs.human_hands) else ())
        out.extend(obs.hand_sizes)
        cardset(obs.field)
        for i in range(4):
            onehot(7, obs.oracle[i] + 1 if i < h else -1)
        for j in range(4):
            onehot(5, obs.partners[j] + 1 if j < len(obs.partners) else -1)
        onehot(5, obs.lone + 1)
        onehot(4, obs.leader)
        for i in range(4):
            pos = (i - obs.leader) % h if i < h else -1
            cardset((obs.trick[pos],) if 0 <= pos < len(obs.trick) else ())
        played: list[list[int]] = [[], [], [], []]
        for t in obs.tricks:
            for p, card in enumerate(t[1:]):
                played[(t[0] + p) % h].append(card)
        for i in range(4):
            cardset(played[i])
        out.extend(obs.won[i] if i < h else 0 for i in range(4))
        seatset(obs.waiting)
        seatset(obs.asking)
        passes = [0] * n
        for _, god in obs.passes:
            passes[god] += 1
        out.extend(passes)
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
            for i, cards in enumerate(forced.received):
                received[i].extend(cards)
            given[obs.seat].extend(forced.own)
            if forced.revealed:
                for s in forced.gods:
                    gap[s] = forced.gap + 1
        for i in range(4):
            cardset(received[i])
        for s in range(n):
            cardset(given[s])
        out.extend(gap)
        if forced is None:
            out.extend((0, 0, 0))
        else:
            out.extend((forced.gap + 1, forced.laid, int(forced.revealed)))
        out.extend(obs.scores)
        results = list(obs.past) + [None] * (d - len(obs.past))
        for res in results:
            seatset(res.gods if res else ())
        for res in results:
            out.extend(res.points if res else (0,) * n)
        for res in results:
            out.extend((res.oracle[i] + 1 if res and i < len(res.oracle) else 0) for i in range(4))
        for res in results:
            out.extend((res.won[i] if res and i < len(res.won) else 0) for i in range(4))
        return tuple(out)

    # -- simulation helpers ----------------------------------------------------------------

    def heuristic_action(self, state: GodsState, rng: random.Random) -> GHAction:
        """A simple player using only what its seat sees.

        Oracle: count the strong cards (10+, and red 8+ with trump) of the human in
        question. Asking: intervene with probability 1/3 (always once the humans
        hold two cards). Giving: the partner gets the highest card if it still needs
        tricks, else the lowest; other humans the opposite. Playing: the highest legal
        card while short of the prediction, else the lowest.
        """
        legal = state.legal_actions()
        phase = state.phase
        trump = state.trump

        def power(card: int) -> int:
            return _RANK[card] + (20 if _SUIT[card] == trump else 0)

        if phase == ORACLE or phase == LONE:
            human = state.pair[state.giver] if phase == ORACLE else state.lone
            hand = state.hands[state.humans[human]]
            strong = sum(1 for c in hand if _RANK[c] >= 10 or (_SUIT[c] == trump and _RANK[c] >= 8))
            return _ORACLE[min(5, strong)]
        if phase == ASK:
            size = len(state.hands[state.humans[0]])
            return _INTERVENE if size <= 2 or rng.random() < 1 / 3 else _PASS
        if phase == GIVE or phase == FORCED:
            partner = state.pair[state.giver]
            i = len(state.gift)
            need = state.oracle[partner] - state.won[partner]
            wants_high = (need > 0) == (i == partner)
            cards = sorted((a for a in legal if isinstance(a, Give)), key=lambda a: power(a.card))
            return cards[-1] if wants_high else cards[0]
        hi = state.humans.index(state.to_act)
        need = state.oracle[hi] - state.won[hi]
        plays = sorted((a for a in legal if isinstance(a, Play)), key=lambda a: power(a.card))
        return plays[-1] if need > 0 else plays[0]

    def end_stats(self, state: GodsState) -> dict[str, float]:
        """Deals, exact predictions (all, lone), and where the interventions came from."""
        exact = lone_exact = 0
        sources = Counter(src for res in state.past for src in res.sources)
        for res in state.past:
            for i, (o, w) in enumerate(zip(res.oracle, res.won)):
                if o == w:
                    exact += 1
                    lone_exact += i == res.lone
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
