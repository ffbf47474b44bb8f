"""Seven Prophecies (七つの予言, Hinata Origuchi, Blüte Spiele, 2017).

Spec: ``spec/seven-prophecies.md`` (rule prefix ``SP``). Source:
``000_b533ddaa5935d72b.txt`` (the 2017 rules).

Before each round every player secretly spreads seven cubes over the finishing
places 1..P (the prophecy). Each trick, a face-up *future card* fixes the suit
that must be followed and that ranks above the others; every player whose place
in the trick carries one of their cubes moves a cube onto the card they played.
The round ends after the trick in which someone moves their seventh cube, or
after the tenth trick.

>>> from rulebook.games.seven_prophecies import GAME, Rules
>>> state = GAME.new_game(Rules(players=4), seed=1)
>>> state.current_player, [str(a) for a in state.legal_actions()]
(0, ['prophesy 1', 'prophesy 2', 'prophesy 3', 'prophesy 4'])
>>> state = state.apply(state.legal_actions()[1])
>>> [str(a) for a in state.legal_actions()]  # cubes go on in order of place (SP-RULING-4)
['prophesy 2', 'prophesy 3', 'prophesy 4']
"""

from __future__ import annotations

import enum
import random
from typing import TYPE_CHECKING, Any

import attrs

from rulebook.core.cards import Deck
from rulebook.core.contract import Action, Deal, Game, Log, Setup, State, log_actions, state_builder
from rulebook.core.history import RoundRecord, ScoreChange, TrickRecord
from rulebook.core.options import option, validate_choices
from rulebook.errors import InvalidRules

__all__ = [
    "CUBES",
    "DECK",
    "GAME",
    "TRICKS",
    "EarlierRound",
    "Observation",
    "Phase",
    "PlacedTrick",
    "Play",
    "PlayedRound",
    "Prophesy",
    "RoundInfo",
    "Rules",
    "SevenProphecies",
    "SevenPropheciesState",
    "TrickRow",
    "places",
    "round_points",
]

#: SP-COMP-1: four suits x 1..13. The source never names the colours (SP-RULING-12).
DECK = Deck(suits=(("suit A", "A"), ("suit B", "B"), ("suit C", "C"), ("suit D", "D")), ranks=range(1, 14))
_SUIT = DECK.suit_of
_RANK = DECK.rank_of
#: SP-COMP-2: seven prophecy cubes per player (the eighth marks the score track, from 0).
CUBES = 7
#: SP-SETUP-2: ten cards per hand, ten future cards, so at most ten tricks (SP-END-1).
TRICKS = 10

#: SP-SETUP-5: the cards in play, by player count (3 players: no 12s or 13s).
ROUND_DECK: dict[int, tuple[int, ...]] = {
    3: tuple(c for c in DECK.cards if _RANK[c] <= 11),
    4: tuple(DECK.cards),
}
_IN_PLAY = {n: frozenset(cards) for n, cards in ROUND_DECK.items()}
#: cards set aside face up and unseen, by player count (SP-SETUP-2, SP-SETUP-5)
ASIDE: dict[int, tuple[int, int]] = {3: (2, 2), 4: (0, 2)}

POINTS = "points"
TWICE = "twice"
MOST_CUBES = "most-cubes"
SHARE = "share"
LAST_PLACE = "last-place"


class Phase(enum.IntEnum):
    """The phase of a position (``state.phase``)."""

    #: the players place their prophecy cubes (SP-PROPH-1)
    PROPHECY = 0
    #: the tricks of a round (SP-PLAY-1)
    TRICKS = 1
    #: the game is over (SP-END-3, SP-VAR-1, SP-VAR-2)
    OVER = 2


PROPHECY = Phase.PROPHECY
TRICK = Phase.TRICKS
OVER = Phase.OVER


@attrs.frozen
class Rules:
    """Options of Seven Prophecies; the defaults give the printed game."""

    players: int = option(4, doc="Number of players: 3 or 4 (SP-SETUP-5 gives the 3-player changes).", choices=(3, 4))
    variant: str = option(
        POINTS,
        doc="'points': as many rounds as players, scored with points (SP-SCORE-1); 'twice': printed "
        "variant 1, rounds until someone fulfils the seven prophecies twice, no points (SP-VAR-1); "
        "'most-cubes': printed variant 2, one round won by the most cubes placed (SP-VAR-2).",
        choices=(POINTS, TWICE, MOST_CUBES),
    )
    first_player: int = option(
        0,
        doc="Seat of the first round's start player; the source picks whoever most recently saw the "
        "future, else by rock-paper-scissors (SP-SETUP-4, SP-RULING-2).",
        choices=range(0, 4),
    )
    every_place: bool = option(
        False,
        doc="House rule: every prophecy must put at least one cube on each place. The source does not "
        "ask for it (SP-RULING-3).",
        choices=(False, True),
    )
    score_floor: bool = option(
        True,
        doc="No score goes below 0 (the design; the source's sentence has a typo). False keeps negative "
        "totals, the sentence's literal reading (SP-SCORE-2, SP-RULING-1).",
        choices=(True, False),
    )
    round_limit: int = option(
        20,
        doc="Variant 'twice' only: the most rounds played; then the most successes win (SP-RULING-8).",
        choices=range(2, 41),
    )
    twice_ties: str = option(
        SHARE,
        doc="Variant 'twice' only: players reaching their second success in the same trick 'share' the "
        "win, or 'last-place' applies variant 2's tie-break (SP-RULING-7).",
        choices=(SHARE, LAST_PLACE),
    )

    def __attrs_post_init__(self) -> None:
        validate_choices(self)
        if self.first_player >= self.players:
            raise InvalidRules("first_player", f"seat {self.first_player} does not exist with {self.players} players")

    @property
    def rounds(self) -> int:
        """The most rounds a game can last (SP-END-3, SP-VAR-1, SP-VAR-2)."""
        if self.variant == POINTS:
            return self.players
        if self.variant == TWICE:
            return self.round_limit
        return 1


#: the Rules class under a name that class bodies which rebind ``Rules`` can still use
SPRules = Rules


# -- actions ------------------------------------------------------------------------


@attrs.frozen(slots=True)
class Prophesy(Action):
    """Put one prophecy cube on the place card ``place`` (1 = first) (SP-PROPH-1)."""

    place: int

    def __str__(self) -> str:
        place = self.place
        return f"prophesy {place}" if type(place) is int else f"prophesy {place!r}"


@attrs.frozen(slots=True)
class Play(Action):
    """Play ``card`` to the current trick (SP-PLAY-1)."""

    card: int

    def __str__(self) -> str:
        card = self.card
        if type(card) is int and 0 <= card < DECK.size:
            return f"play {DECK.text(card)}"
        return f"play {card!r}"  # not a card: still printable, for the error that rejects it


ProphecyAction = Prophesy | Play

_PROPHESY: tuple[Prophesy, ...] = tuple(Prophesy(p) for p in range(1, 5))
_PLAY = tuple(Play(c) for c in DECK.cards)
_TABLES: dict[int, tuple[ProphecyAction, ...]] = {
    n: (*(Prophesy(p) for p in range(1, n + 1)), *(_PLAY[c] for c in ROUND_DECK[n])) for n in (3, 4)
}

# (players, every_place, own cubes so far) -> legal prophecy actions (SP-PROPH-1, SP-RULING-3, SP-RULING-4)
_PROPHECY_LEGAL: dict[tuple[int, bool, tuple[int, ...]], tuple[Prophesy, ...]] = {}


def _prophecy_legal(players: int, every: bool, own: tuple[int, ...]) -> tuple[Prophesy, ...]:
    key = (players, every, own)
    out = _PROPHECY_LEGAL.get(key)
    if out is None:
        placed = sum(own)
        last = max((p + 1 for p in range(players) if own[p]), default=0)
        legal = []
        for p in range(max(last, 1), players + 1):
            if every and (p > last + 1 or CUBES - placed - 1 < players - p):
                continue  # SP-RULING-3: no place may stay empty
            legal.append(_PROPHESY[p - 1])
        out = _PROPHECY_LEGAL[key] = tuple(legal)
    return out


# (players, every_place, own cubes, action) -> (own cubes after it, whether all seven are down)
_PROPHECY_STEP: dict[tuple[int, bool, tuple[int, ...], Prophesy], tuple[tuple[int, ...], bool]] = {}


def _prophecy_step(
    players: int, every: bool, own: tuple[int, ...], action: Prophesy
) -> tuple[tuple[int, ...], bool] | None:
    """The effect of a legal prophecy action (memoised), or ``None`` if it is not legal."""
    if action not in _prophecy_legal(players, every, own):
        return None
    p = action.place - 1
    after = (*own[:p], own[p] + 1, *own[p + 1 :])
    out = _PROPHECY_STEP[(players, every, own, action)] = (after, sum(after) == CUBES)
    return out


# -- ranking --------------------------------------------------------------------------

#: (future suit, card) -> ranking key; the future suit ranks above all (SP-RANK-1, SP-RANK-2)
_KEY = tuple(tuple((100 if _SUIT[c] == s else 0) + _RANK[c] for c in DECK.cards) for s in range(4))


def places(cards: tuple[int, ...] | list[int], future_suit: int) -> tuple[int, ...]:
    """The place (1 = first) of each card of a trick, given in play order (SP-RANK-1, SP-RANK-2).

    Cards of the future suit rank above the others, higher number first; the
    others compare by number alone, and of two equal numbers the card played
    later ranks higher (SP-RANK-3). The future card's own number plays no part.

    >>> places([DECK.parse("B5"), DECK.parse("C5"), DECK.parse("A2"), DECK.parse("B9")], 0)
    (4, 3, 1, 2)
    """
    key = _KEY[future_suit]
    n = len(cards)
    order = sorted(range(n), key=lambda i: (key[cards[i]], i), reverse=True)
    out = [0] * n
    for place, i in enumerate(order, 1):
        out[i] = place
    return tuple(out)


def round_points(left: int) -> int:
    """Points for a round in which a player kept ``left`` cubes on the prophecy cards (SP-SCORE-1).

    >>> round_points(0), round_points(1), round_points(2), round_points(7)
    (2, 0, -1, -6)
    """
    return 2 if left == 0 else -(left - 1)


# -- observation ----------------------------------------------------------------------

#: a finished trick as the state keeps it: (leader, the card each seat played, the place each
#: seat took), the last two indexed by seat; play order runs from the leader clockwise
TrickRow = tuple[int, tuple[int, ...], tuple[int, ...]]

#: a seat's rotation: ``_ROT[n][leader][s]`` is the play position of seat ``s`` in a trick led by ``leader``
_ROT = {n: tuple(tuple((s - leader) % n for s in range(n)) for leader in range(n)) for n in (3, 4)}


@attrs.frozen(slots=True)
class PlacedTrick(TrickRecord):
    """A finished trick of Seven Prophecies: a :class:`~rulebook.core.history.TrickRecord`
    (``winner`` is the seat in 1st place, who leads next: SP-TRICK-3) with every place.

    ``places[s]`` is the place (1..P) seat ``s`` took (SP-RANK-1); ``future`` is the trick's
    future card, whose suit ranked first (SP-PLAY-2). ``rule`` names the ranking rule that
    put the winner first: SP-RANK-1 (a card of the future suit), SP-RANK-2 (no future suit
    played; the highest number) or SP-RANK-3 (the highest number was played twice; the later
    card ranks higher).
    """

    future: int
    places: tuple[int, ...]

    def place_of(self, seat: int) -> int:
        """The place ``seat`` took in this trick."""
        return self.places[seat]


@attrs.frozen(slots=True)
class PlayedRound:
    """A finished round as it was played; all of it is public once played (SP-INFO-1).

    ``prophecies``, ``placed`` are indexed by seat; ``tricks`` are :data:`TrickRow` values.
    """

    #: the round's start player (SP-SETUP-4, SP-END-2)
    start: int
    #: the future row (SP-SETUP-3)
    future: tuple[int, ...]
    #: the 3-player face-up set-aside cards (SP-RULING-6)
    aside_up: tuple[int, ...]
    #: per seat, the revealed prophecy: cubes per place (SP-PROPH-2)
    prophecies: tuple[tuple[int, ...], ...]
    #: the round's tricks, in order
    tricks: tuple[TrickRow, ...]
    #: per seat, cubes moved onto played cards (SP-TRICK-2)
    placed: tuple[int, ...]

    @property
    def done(self) -> tuple[int, ...]:
        """The seats that fulfilled the seven prophecies (SP-END-1)."""
        return tuple(s for s, k in enumerate(self.placed) if k == CUBES)


#: the old name of :class:`PlayedRound` (was a plain tuple before 0.x)
EarlierRound = PlayedRound


@attrs.frozen(slots=True)
class Observation:
    """What one seat sees (SP-INFO-1, SP-INFO-2): own hand and prophecy, and everything public."""

    seat: int
    players: int
    variant: str
    round: int
    start_player: int
    phase: Phase
    current_player: int | None
    leader: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    #: the 3-player face-up set-aside cards (SP-SETUP-5, SP-RULING-6)
    aside_up: tuple[int, ...]
    future: tuple[int, ...]
    #: cubes this seat has put on each place (its prophecy, or the part placed so far)
    own_prophecy: tuple[int, ...]
    #: per seat, the prophecy as revealed (cubes per place); ``()`` for other seats before the reveal
    prophecies: tuple[tuple[int, ...], ...]
    #: per seat, cubes left on each place card; ``()`` for other seats before the reveal
    remaining: tuple[tuple[int, ...], ...]
    #: per seat, cubes moved onto played cards this round
    cubes_placed: tuple[int, ...]
    #: the current trick: (seat, card) in play order
    trick: tuple[tuple[int, int], ...]
    #: the tricks finished this round (:data:`TrickRow`: leader, cards by seat, places by seat)
    round_tricks: tuple[TrickRow, ...]
    points: tuple[int, ...]
    successes: tuple[int, ...]
    #: per finished round: (tricks played, seats that fulfilled the seven prophecies)
    rounds_played: tuple[tuple[int, tuple[int, ...]], ...]
    #: every round before the current one as it was played, kept for perfect recall (SP-INFO-1)
    earlier_rounds: tuple[PlayedRound, ...]

    def __str__(self) -> str:
        """What this seat sees, as text (:func:`rulebook.render.observation_text`)."""
        from rulebook import render

        return render.observation_text(self)

    def _repr_svg_(self) -> str:
        """What this seat sees, as SVG for Jupyter (:func:`rulebook.render.observation_svg`)."""
        from rulebook import render

        return render.observation_svg(self)


# -- state ------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class RoundInfo:
    """The part of a position that changes only between rounds."""

    #: round index, from 0
    round: int
    #: the round's start player (SP-SETUP-4, SP-END-2)
    start: int
    aside_up: tuple[int, ...]
    aside_down: tuple[int, ...]
    #: the future row: the i-th card belongs to trick i (SP-SETUP-3)
    future: tuple[int, ...]
    points: tuple[int, ...]
    successes: tuple[int, ...]
    #: every finished round as it was played (the last one too, once the game is over)
    finished: tuple[PlayedRound, ...]


@attrs.frozen(slots=True)
class SevenPropheciesState(State[Rules, ProphecyAction]):
    """A position of Seven Prophecies. Build with :meth:`SevenProphecies.new_game`."""

    rules: Rules
    setup: Setup = attrs.field(repr=False)
    log: Log = attrs.field(repr=False, eq=log_actions)
    #: what stays fixed during a round: the deal's public layout and the totals so far
    info: RoundInfo
    hands: tuple[tuple[int, ...], ...]
    #: per seat, the prophecy cubes left on each place card (index 0 = place 1)
    cubes: tuple[tuple[int, ...], ...]
    #: per seat, the prophecy as placed (kept for the record, SP-PROPH-2)
    prophecies: tuple[tuple[int, ...], ...]
    #: per seat, cubes moved onto played cards this round (SP-TRICK-2)
    placed: tuple[int, ...]
    leader: int
    #: the cards of the current trick, in play order from the leader
    trick: tuple[int, ...]
    #: the tricks finished this round (:data:`TrickRow`: leader, cards by seat, places by seat);
    #: every trick of the game is in :attr:`tricks`
    round_tricks: tuple[TrickRow, ...]
    phase: Phase
    to_act: int | None

    @property
    def round(self) -> int:
        """The round index, from 0."""
        return self.info.round

    @property
    def start(self) -> int:
        """The round's start player (SP-SETUP-4, SP-END-2)."""
        return self.info.start

    @property
    def aside_up(self) -> tuple[int, ...]:
        return self.info.aside_up

    @property
    def aside_down(self) -> tuple[int, ...]:
        return self.info.aside_down

    @property
    def future(self) -> tuple[int, ...]:
        """The future row: the i-th card belongs to trick i (SP-SETUP-3)."""
        return self.info.future

    @property
    def points(self) -> tuple[int, ...]:
        """Points per seat (SP-SCORE-1); stays 0 in the variants."""
        return self.info.points

    @property
    def successes(self) -> tuple[int, ...]:
        """Per seat, rounds in which it fulfilled the seven prophecies."""
        return self.info.successes

    @property
    def ends(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """Per finished round: (tricks played, seats that fulfilled the seven prophecies)."""
        return tuple((len(r.tricks), r.done) for r in self.info.finished)

    @property
    def earlier(self) -> tuple[PlayedRound, ...]:
        """Every round before the current one, as it was played (SP-INFO-1)."""
        info = self.info
        return info.finished[: info.round]

    # -- the record of play (built on access; the hot path keeps compact tuples) --------

    @property
    def tricks(self) -> tuple[PlacedTrick, ...]:
        """Every finished trick of the game, across rounds, numbered from 0 (SP-TRICK-1).

        ``winner`` is the seat in 1st place; ``places`` gives every seat's place.
        """
        info = self.info
        rounds: list[tuple[int, tuple[int, ...], tuple[TrickRow, ...]]] = [
            (r, pr.future, pr.tricks) for r, pr in enumerate(info.finished)
        ]
        if len(info.finished) == info.round:  # the current round is still being played
            rounds.append((info.round, info.future, self.round_tricks))
        n = self.rules.players
        out: list[PlacedTrick] = []
        for r, future, rows in rounds:
            for t, (leader, cards, trick_places) in enumerate(rows):
                winner = trick_places.index(1)
                fs = _SUIT[future[t]]
                w = cards[winner]
                if _SUIT[w] == fs:
                    rule = "SP-RANK-1"
                elif any(s != winner and _RANK[c] == _RANK[w] for s, c in enumerate(cards)):
                    rule = "SP-RANK-3"
                else:
                    rule = "SP-RANK-2"
                plays = tuple(((leader + j) % n, cards[(leader + j) % n]) for j in range(n))
                out.append(PlacedTrick(len(out), r, leader, plays, winner, rule, future[t], trick_places))
        return tuple(out)

    @property
    def rounds(self) -> tuple[RoundRecord, ...]:
        """Every finished round: each seat's change of :attr:`scores` and why, and how it ended.

        ``points`` is in the unit of ``scores`` for the variant: points (SP-SCORE-1, with the
        floor of SP-SCORE-2 recorded as its own change), successes (SP-VAR-1) or cubes moved
        (SP-VAR-2). ``scores == round_totals(rounds)``, plus, in variant 2 while its single
        round is being played, the cubes moved so far.
        """
        rules = self.rules
        n = rules.players
        variant = rules.variant
        totals = [0] * n
        out: list[RoundRecord] = []
        for r, pr in enumerate(self.info.finished):
            placed = pr.placed
            done = pr.done
            changes: list[ScoreChange] = []
            before = list(totals)
            for s in range(n):
                left = CUBES - placed[s]
                if variant == POINTS:
                    gain = round_points(left)
                    if left == 0:
                        why = "fulfilled the seven prophecies"
                    else:
                        why = f"{left} cube{'s' if left > 1 else ''} left on prophecy cards"
                    changes.append(ScoreChange(s, gain, why, "SP-SCORE-1"))
                    totals[s] += gain
                    if rules.score_floor and totals[s] < 0:  # SP-SCORE-2, SP-RULING-1
                        changes.append(ScoreChange(s, -totals[s], "no score goes below 0", "SP-SCORE-2"))
                        totals[s] = 0
                elif variant == TWICE:
                    if left == 0:
                        changes.append(ScoreChange(s, 1, "fulfilled the seven prophecies: a success", "SP-VAR-1"))
                        totals[s] += 1
                elif placed[s]:
                    changes.append(ScoreChange(s, placed[s], f"moved {placed[s]} cubes onto played cards", "SP-VAR-2"))
                    totals[s] += placed[s]
            count = len(pr.tricks)
            if done:
                who = " and ".join(f"seat {s}" for s in done)
                end = f"{who} fulfilled the seven prophecies in trick {count}"
            else:
                end = "ten tricks were played without a seventh cube"
            points = tuple(totals[s] - before[s] for s in range(n))
            out.append(RoundRecord(r, points, tuple(changes), end, "SP-END-1"))
        return tuple(out)

    # -- contract -------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.to_act

    @property
    def future_suit(self) -> int | None:
        """The suit of the current trick's future card (SP-PLAY-2), or ``None`` outside tricks."""
        if self.phase != TRICK:
            return None
        return _SUIT[self.future[len(self.round_tricks)]]

    def legal_actions(self) -> tuple[ProphecyAction, ...]:
        seat = self.to_act
        if seat is None:
            return ()
        if self.phase == PROPHECY:
            rules = self.rules
            return _prophecy_legal(rules.players, rules.every_place, self.cubes[seat])
        hand = self.hands[seat]
        suit = _SUIT[self.info.future[len(self.round_tricks)]]
        follow = [_PLAY[c] for c in hand if _SUIT[c] == suit]  # SP-PLAY-2: must follow the future suit
        if follow:
            return tuple(follow)
        return tuple(map(_PLAY.__getitem__, hand))  # SP-PLAY-1

    def apply(self, action: ProphecyAction) -> SevenPropheciesState:
        seat = self.to_act
        if seat is None:
            raise self.illegal("the game is over", "SP-END-3", action)
        if self.phase == PROPHECY:
            if type(action) is not Prophesy:
                raise self.illegal(f"seat {seat} must place a prophecy cube", "SP-PROPH-1", action)
            return self._prophesy(seat, action)
        if type(action) is not Play:
            raise self.illegal(f"seat {seat} must play a card", "SP-PLAY-1", action)
        return self._play(seat, action.card, action)

    @property
    def scores(self) -> tuple[int, ...]:
        """Points (SP-SCORE-1); in variant 1 the successes (SP-VAR-1), in variant 2 the cubes placed (SP-VAR-2).

        Always additive over :attr:`rounds` (the score floor is recorded there as its own
        change): ``scores == round_totals(rounds, P)``, plus in variant 2, while its round is
        being played, the cubes moved so far.
        """
        variant = self.rules.variant
        if variant == POINTS:
            return self.points
        if variant == TWICE:
            return self.successes
        return self.placed

    @property
    def winners(self) -> frozenset[int]:
        """SP-END-4 (highest total; ties share), SP-VAR-1 and SP-VAR-2 with their rulings."""
        if self.to_act is not None:
            return frozenset()
        rules = self.rules
        if rules.variant == POINTS:
            best = max(self.points)
            return frozenset(s for s, v in enumerate(self.points) if v == best)
        if rules.variant == TWICE:
            best = max(self.successes)
            top = [s for s, v in enumerate(self.successes) if v == best]
            if best >= 2 and len(top) > 1 and rules.twice_ties == LAST_PLACE:  # SP-RULING-7
                return frozenset((self._last_place(top),))
            return frozenset(top)  # SP-RULING-7, SP-RULING-8: shared
        best = max(self.placed)
        top = [s for s, v in enumerate(self.placed) if v == best]
        if best == CUBES and len(top) > 1:  # SP-VAR-2: nearest to last place in the last trick
            return frozenset((self._last_place(top),))
        return frozenset(top)  # SP-RULING-9: ties the tie-break cannot settle are shared

    def _last_place(self, seats: list[int]) -> int:
        return max(seats, key=self.round_tricks[-1][2].__getitem__)

    def _check_seat(self, seat: object) -> int:
        n = self.rules.players
        if type(seat) is not int or not 0 <= seat < n:
            raise ValueError(f"seat {seat!r} is not a seat of this {n}-player game (seats are the ints 0..{n - 1})")
        return seat

    def observation(self, seat: int) -> Observation:
        """Seat's view (SP-INFO-1, SP-INFO-2, SP-RULING-5, SP-RULING-6)."""
        seat = self._check_seat(seat)
        n = self.rules.players
        hidden = self.phase == PROPHECY
        prophecies = tuple(p if (s == seat or not hidden) else () for s, p in enumerate(self.prophecies))
        remaining = tuple(c if (s == seat or not hidden) else () for s, c in enumerate(self.cubes))
        leader = self.leader
        return Observation(
            seat=seat,
            players=n,
            variant=self.rules.variant,
            round=self.round,
            start_player=self.start,
            phase=self.phase,
            current_player=self.to_act,
            leader=leader,
            hand=self.hands[seat],
            hand_sizes=tuple(len(h) for h in self.hands),
            aside_up=self.aside_up,
            future=self.future,
            own_prophecy=self.prophecies[seat],
            prophecies=prophecies,
            remaining=remaining,
            cubes_placed=self.placed,
            trick=tuple(((leader + i) % n, c) for i, c in enumerate(self.trick)),
            round_tricks=self.round_tricks,
            points=self.points,
            successes=self.successes,
            rounds_played=self.ends,
            earlier_rounds=self.earlier,
        )

    def resample(self, seat: int, rng: random.Random) -> SevenPropheciesState:
        """Redraw what ``seat`` cannot see: other hands, the unseen set-aside cards, and
        (before the reveal) other seats' prophecies. Known voids are kept (SP-PLAY-2)."""
        seat = self._check_seat(seat)
        n = self.rules.players
        others = [s for s in range(n) if s != seat]
        voids = self._voids()
        # from a canonical order: the real arrangement must not show through
        pool = sorted([c for s in others for c in self.hands[s]] + list(self.aside_down))
        hands = list(self.hands)
        aside_down = self.aside_down
        for _attempt in range(40):
            rng.shuffle(pool)
            deal = self._assign(pool, others, voids, rng)
            if deal is not None:
                for s in others:
                    hands[s] = tuple(sorted(deal[s]))
                aside_down = tuple(sorted(deal[-1]))
                break
        cubes = self.cubes
        prophecies = self.prophecies
        if self.phase == PROPHECY:
            rules = self.rules
            new = list(cubes)
            for s in others:
                count = sum(cubes[s])
                own = (0,) * n
                for _ in range(count):
                    p = rng.choice(_prophecy_legal(n, rules.every_place, own)).place
                    own = tuple(v + 1 if i == p - 1 else v for i, v in enumerate(own))
                new[s] = own
            cubes = prophecies = tuple(new)
        info = attrs.evolve(self.info, aside_down=aside_down)
        # later rounds' deals are unknown to everybody: redraw them too (SP-INFO-1)
        setup = self.setup.resampled(rng)
        return attrs.evolve(
            self, log=None, setup=setup, info=info, hands=tuple(hands), cubes=cubes, prophecies=prophecies
        )

    def _voids(self) -> list[set[int]]:
        """Per seat, the suits it showed it lacks by not following a future card (SP-PLAY-2)."""
        n = self.rules.players
        voids: list[set[int]] = [set() for _ in range(n)]
        future = self.future
        for t, (_leader, cards, _p) in enumerate(self.round_tricks):
            suit = _SUIT[future[t]]
            for s, c in enumerate(cards):
                if _SUIT[c] != suit:
                    voids[s].add(suit)
        if self.phase == TRICK:
            suit = _SUIT[future[len(self.round_tricks)]]
            for i, c in enumerate(self.trick):
                if _SUIT[c] != suit:
                    voids[(self.leader + i) % n].add(suit)
        return voids

    def _assign(
        self, pool: list[int], others: list[int], voids: list[set[int]], rng: random.Random
    ) -> dict[int, list[int]] | None:
        """Give ``pool`` out to ``others`` (their hand sizes) and the unseen set-aside (key -1)."""
        room = {s: len(self.hands[s]) for s in others}
        room[-1] = len(self.aside_down)
        out: dict[int, list[int]] = {k: [] for k in room}
        # most constrained cards first
        order = sorted(pool, key=lambda c: sum(1 for s in others if _SUIT[c] in voids[s]), reverse=True)
        for c in order:
            holders = [k for k in room if room[k] and (k < 0 or _SUIT[c] not in voids[k])]
            if not holders:
                return None
            k = rng.choices(holders, weights=[room[h] for h in holders])[0]
            out[k].append(c)
            room[k] -= 1
        return out

    # -- engine ---------------------------------------------------------------------

    def _prophesy(self, seat: int, action: Prophesy) -> SevenPropheciesState:
        rules = self.rules
        n = rules.players
        own = self.cubes[seat]
        step = _PROPHECY_STEP.get((n, rules.every_place, own, action))
        if step is None or type(action.place) is not int:
            # off the fast path: check the field's type before anything compares it
            if type(action.place) is not int:
                raise self.illegal(f"a place is an int 1..{n}, not {type(action.place).__name__}", "SP-PROPH-1", action)
            step = _prophecy_step(n, rules.every_place, own, action)
            if step is None:
                last = max((p + 1 for p in range(n) if own[p]), default=0)
                if not 1 <= action.place <= n:
                    raise self.illegal(f"there is no place {action.place} with {n} players", "SP-PROPH-1", action)
                if action.place >= last and rules.every_place:
                    raise self.illegal("house rule: no place may stay empty", "SP-RULING-3", action)
                raise self.illegal("cubes are placed in order of place, first to last", "SP-RULING-4", action)
        own, complete = step
        cubes = (*self.cubes[:seat], own, *self.cubes[seat + 1 :])
        nxt = seat
        phase = PROPHECY
        if complete:
            nxt = (seat + 1) % n  # SP-PROPH-1: the next player clockwise
            if nxt == self.start:
                phase = TRICK  # SP-PROPH-2: all revealed together; the start player leads trick 1
        return _new_state(
            rules, self.setup, (self.log, action), self.info, self.hands, cubes, cubes, self.placed,
            self.leader, (), self.round_tricks, phase, nxt,
        )  # fmt: skip

    def _play(self, seat: int, card: int, action: Play) -> SevenPropheciesState:
        hand = self.hands[seat]
        if type(card) is not int:  # bools and floats compare equal to cards: refuse them first
            raise self.illegal(f"a card is an int 0..{DECK.size - 1}, not {type(card).__name__}", "SP-PLAY-1", action)
        try:
            i = hand.index(card)
        except ValueError:
            if not 0 <= card < DECK.size:
                raise self.illegal(
                    f"there is no card {card} (cards are 0..{DECK.size - 1})", "SP-COMP-1", action
                ) from None
            if card not in _IN_PLAY[self.rules.players]:
                raise self.illegal("with 3 players the 12s and 13s are not in play", "SP-SETUP-5", action) from None
            raise self.illegal(f"seat {seat} does not hold that card", "SP-PLAY-1", action) from None
        tricks = self.round_tricks
        suit = _SUIT[self.info.future[len(tricks)]]
        if _SUIT[card] != suit:
            for c in hand:
                if _SUIT[c] == suit:
                    raise self.illegal("the future card's suit must be followed", "SP-PLAY-2", action)
        hands = (*self.hands[:seat], hand[:i] + hand[i + 1 :], *self.hands[seat + 1 :])
        trick = (*self.trick, card)
        log = (self.log, action)
        rules = self.rules
        n = rules.players
        if len(trick) < n:
            return _new_state(
                rules, self.setup, log, self.info, hands, self.cubes, self.prophecies, self.placed,
                self.leader, trick, tricks, TRICK, (seat + 1) % n,
            )  # fmt: skip
        # SP-RANK-1, SP-RANK-2, SP-RANK-3: places; SP-TRICK-1: the trick is laid out under its future card
        key = _KEY[suit]
        leader = self.leader
        rot = _ROT[n][leader]  # each seat's play position
        strength = [key[trick[j]] * 4 + j for j in rot]  # by seat; the later play breaks equal numbers
        order = sorted(range(n), key=strength.__getitem__, reverse=True)  # seats, 1st place first
        trick_places = [0] * n
        for place, s in enumerate(order, 1):
            trick_places[s] = place
        cubes = list(self.cubes)
        placed = list(self.placed)
        finished = False
        for s in range(n):
            own = cubes[s]
            p = trick_places[s] - 1
            if own[p]:  # SP-TRICK-2: one cube from the place card onto the played card
                cubes[s] = (*own[:p], own[p] - 1, *own[p + 1 :])
                placed[s] += 1
                if placed[s] == CUBES:
                    finished = True
        tricks = (*tricks, (leader, tuple([trick[j] for j in rot]), tuple(trick_places)))
        winner = order[0]  # SP-TRICK-3: first place leads the next trick
        if finished or len(tricks) == TRICKS:  # SP-END-1
            return self._end_round(log, hands, tuple(cubes), tuple(placed), tricks, winner)
        return _new_state(
            rules, self.setup, log, self.info, hands, tuple(cubes), self.prophecies, tuple(placed), winner,
            (), tricks, TRICK, winner,
        )  # fmt: skip

    def _end_round(
        self,
        log: Log,
        hands: tuple[tuple[int, ...], ...],
        cubes: tuple[tuple[int, ...], ...],
        placed: tuple[int, ...],
        tricks: tuple[TrickRow, ...],
        winner: int,
    ) -> SevenPropheciesState:
        rules = self.rules
        n = rules.players
        done = tuple(s for s in range(n) if placed[s] == CUBES)
        scores = self.points
        if rules.variant == POINTS:  # SP-SCORE-1, SP-SCORE-2
            new = [v + round_points(CUBES - placed[s]) for s, v in enumerate(scores)]
            scores = tuple(max(v, 0) for v in new) if rules.score_floor else tuple(new)
        successes = tuple(v + (s in done) for s, v in enumerate(self.successes))
        info = self.info
        # SP-INFO-1: the round stays public as it was played (perfect recall) and in the record
        played = PlayedRound(info.start, info.future, info.aside_up, self.prophecies, tricks, placed)
        finished = (*info.finished, played)
        nxt_round = self.round + 1
        over = nxt_round >= rules.rounds  # SP-END-3, SP-VAR-2, SP-RULING-8
        if rules.variant == TWICE and max(successes) >= 2:  # SP-VAR-1
            over = True
        if over:
            return _new_state(
                rules, self.setup, log, attrs.evolve(info, points=scores, successes=successes, finished=finished),
                hands, cubes, self.prophecies, placed, winner, (), tricks, OVER, None,
            )  # fmt: skip
        start = (self.start + 1) % n  # SP-END-2, SP-RULING-10: the next start player is the left neighbour
        return _deal_round(rules, self.setup, log, nxt_round, start, scores, successes, finished)


if TYPE_CHECKING:
    _new_state = SevenPropheciesState
else:  # the engine builds its states without attrs' __init__ (about 2.5x cheaper)
    _new_state = state_builder(SevenPropheciesState)


class SevenProphecies(Game[Rules, SevenPropheciesState, ProphecyAction]):
    """Seven Prophecies: 3-4 players, 52 cards, a prophecy of finishing places."""

    slug = "seven-prophecies"
    title = "Seven Prophecies (七つの予言)"
    prefix = "SP"
    Rules = Rules
    State = SevenPropheciesState
    player_counts = range(3, 5)
    deck = DECK

    def action_table(self, rules: SPRules) -> tuple[ProphecyAction, ...]:
        """``prophesy 1..P`` then ``play <card>`` for every card in play."""
        return _TABLES[rules.players]

    def random_deal(self, rules: SPRules, rng: random.Random, index: int) -> Deal:
        order = list(ROUND_DECK[rules.players])
        rng.shuffle(order)
        return tuple(order)

    def check_deal(self, rules: SPRules, deal: Deal, index: int) -> None:
        """A deal is an order of the round's cards, each once (SP-SETUP-1, SP-SETUP-5).

        One deal per round, so at most ``rules.rounds`` deals: P (points), ``round_limit``
        (variant 1) or 1 (variant 2). A deal is a tuple or list of exactly the 52 (4 players)
        or 44 (3 players) card numbers, each a real ``int`` (not a bool, float or str).
        """
        if type(index) is not int or not 0 <= index < rules.rounds:
            raise ValueError(f"deal {index!r}: this game has at most {rules.rounds} deals (one per round, SP-END-3)")
        if type(deal) not in (tuple, list):
            raise ValueError(f"deal {index}: must be a tuple or list of card numbers, not {type(deal).__name__}")
        cards = ROUND_DECK[rules.players]
        if len(deal) != len(cards):
            raise ValueError(
                f"deal {index}: a {rules.players}-player deal orders the {len(cards)} cards in play, "
                f"not {len(deal)} (SP-SETUP-1, SP-SETUP-5)"
            )
        for i, c in enumerate(deal):
            if type(c) is not int:
                raise ValueError(f"deal {index}: card {i} must be an int, not {type(c).__name__} ({c!r})")
        if sorted(deal) != list(cards):
            raise ValueError(
                f"deal {index}: a {rules.players}-player deal must order the {len(cards)} cards in play "
                f"(card numbers {DECK.texts(cards[:1])}..{DECK.texts(cards[-1:])}), each once"
            )

    def initial_state(self, rules: SPRules, setup: Setup) -> SevenPropheciesState:
        """The first round's deal; the start player is ``Rules.first_player`` (SP-SETUP-4)."""
        n = rules.players
        return _deal_round(rules, setup, None, 0, rules.first_player, (0,) * n, (0,) * n, ())

    def check_invariants(self, state: SevenPropheciesState) -> None:
        """Card conservation (SP-SETUP-1), cube conservation (SP-TRICK-2), places (SP-RANK-1)."""
        rules = state.rules
        n = rules.players
        cards = [*state.aside_up, *state.aside_down, *state.future, *state.trick]
        for h in state.hands:
            cards.extend(h)
        for _leader, trick, _places in state.round_tricks:
            cards.extend(trick)
        if sorted(cards) != list(ROUND_DECK[n]):
            raise AssertionError("SP-SETUP-1: the round's cards are not each in exactly one place")
        if len(state.future) != TRICKS or len(state.aside_up) + len(state.aside_down) != sum(ASIDE[n]):
            raise AssertionError("SP-SETUP-2: the future row or the set-aside cards have the wrong size")
        for t, (leader, trick, trick_places) in enumerate(state.round_tricks):
            if len(trick) != n or sorted(trick_places) != list(range(1, n + 1)):
                raise AssertionError("SP-RANK-1: the places of a trick are not a permutation of 1..P")
            in_order = [(leader + j) % n for j in range(n)]
            if [trick_places[s] for s in in_order] != list(
                places([trick[s] for s in in_order], _SUIT[state.future[t]])
            ):
                raise AssertionError("SP-RANK-2: a trick's places do not follow the ranking")
        if state.phase == PROPHECY:
            if any(state.placed) or state.round_tricks or state.trick:
                raise AssertionError("SP-PROPH-2: cubes moved or cards played before the reveal")
        else:
            # replay the round's tricks against the revealed prophecies (SP-TRICK-2)
            left = [list(p) for p in state.prophecies]
            for _leader, _trick, trick_places in state.round_tricks:
                for s, p in enumerate(trick_places):
                    own = left[s]
                    if own[p - 1]:
                        own[p - 1] -= 1
            for s in range(n):
                if sum(state.prophecies[s]) != CUBES:
                    raise AssertionError("SP-PROPH-1: a prophecy does not hold seven cubes")
                if tuple(left[s]) != state.cubes[s] or sum(state.cubes[s]) + state.placed[s] != CUBES:
                    raise AssertionError("SP-TRICK-2: a player's seven cubes are not all on place or played cards")
        if rules.score_floor and min(state.points) < 0:
            raise AssertionError("SP-SCORE-2: a score is below 0")
        hand_sizes = {len(h) for h in state.hands}
        if state.phase == TRICK and max(hand_sizes) - min(hand_sizes) > 1:
            raise AssertionError("SP-PLAY-1: hand sizes differ by more than the current trick")

    def score_floor(self, rules: SPRules) -> int | None:
        """0 under the score floor (SP-SCORE-2, SP-RULING-1); none under the literal reading."""
        return 0 if rules.score_floor else None

    def max_game_length(self, rules: SPRules) -> int:
        """Per round: P x 7 prophecy cubes and at most 10 tricks of P cards (SP-END-1)."""
        n = rules.players
        return rules.rounds * n * (CUBES + TRICKS)

    # -- tensor, heuristic, statistics -------------------------------------------------

    def observation_size(self, rules: SPRules) -> int:
        n = rules.players
        return _layout(n)[-1][1]

    def encode_observation(self, rules: SPRules, observation: Any) -> tuple[int, ...]:
        """The fields of :class:`Observation` as one-hots and counts (see the docs page).

        Written straight into a zeroed list at the field offsets of ``_layout``
        (only the ones and counts are touched), so the cost follows the cards seen,
        not the tensor's length.
        """
        obs: Observation = observation
        n = rules.players
        at = _starts(n)
        out = [0] * at["end"]
        c = DECK.size

        def onehot(field: str, size: int, index: int | None) -> None:
            if index is not None and 0 <= index < size:
                out[at[field] + index] = 1

        onehot("seat", n, obs.seat)
        onehot("current_player", n + 1, n if obs.current_player is None else obs.current_player)
        onehot("phase", 3, obs.phase)
        out[at["round"]] = obs.round
        out[at["tricks_done"]] = len(obs.round_tricks)
        onehot("leader", n, obs.leader)
        base = at["hand"]
        for card in obs.hand:
            out[base + card] = 1
        base = at["hand_sizes"]
        out[base : base + n] = obs.hand_sizes
        base = at["future_suits"]
        for i, card in enumerate(obs.future):
            out[base + 4 * i + _SUIT[card]] = 1
        base = at["future_cards"]
        for card in obs.future:
            out[base + card] = 1
        base = at["aside_up"]
        for card in obs.aside_up:
            out[base + card] = 1
        base = at["played_by_seat"]
        for _leader, cards, _places in obs.round_tricks:
            for seat, card in enumerate(cards):
                out[base + seat * c + card] = 1
        for seat, card in obs.trick:
            out[base + seat * c + card] = 1
        base = at["current_trick_by_seat"]
        for seat, card in obs.trick:
            out[base + seat * c + card] = 1
        if obs.phase == TRICK:
            out[at["future_suit_now"] + _SUIT[obs.future[len(obs.round_tricks)]]] = 1
        base = at["own_prophecy"]
        out[base : base + n] = obs.own_prophecy
        out[at["revealed"]] = int(obs.phase != PROPHECY)
        base = at["remaining"]
        for seat in range(n):
            row = obs.remaining[seat]
            if row:
                out[base + seat * n : base + seat * n + n] = row
        base = at["cubes_placed"]
        out[base : base + n] = obs.cubes_placed
        if obs.round_tricks:
            base = at["last_trick_places"]
            last = obs.round_tricks[-1][2]
            for seat in range(n):
                place = last[seat]
                if 0 < place <= n:
                    out[base + seat * n + place - 1] = 1
        base = at["points"]
        out[base : base + n] = obs.points
        base = at["successes"]
        out[base : base + n] = obs.successes
        return tuple(out)

    def heuristic_action(self, state: SevenPropheciesState, rng: random.Random) -> ProphecyAction:
        """Prophesy the places the hand's cards look likely to take; then play for a place
        that still carries one of one's cubes (draws nothing from ``rng``)."""
        seat = state.to_act
        if seat is None:
            raise ValueError("the game is over: nobody is to act")
        n = state.rules.players
        top = 11 if n == 3 else 13
        if state.phase == PROPHECY:
            legal = state.legal_actions()
            if len(legal) == 1:
                return legal[0]
            target = _prophecy_target(state.hands[seat], state.info.future, n, top, state.rules.every_place)
            own = state.cubes[seat]
            for p in range(n):
                if own[p] < target[p]:
                    if _PROPHESY[p] in legal:
                        return _PROPHESY[p]
                    break
            return legal[0]
        # the legal plays' cards (as in legal_actions: the future suit if held, SP-PLAY-2), in order
        hand = state.hands[seat]
        suit = _SUIT[state.info.future[len(state.round_tricks)]]
        cards = [c for c in hand if _SUIT[c] == suit] or hand
        if len(cards) == 1:
            return _PLAY[cards[0]]
        own = state.cubes[seat]
        key = _KEY[suit]
        trick = state.trick
        later = n - len(trick) - 1
        played = [key[x] for x in trick]
        # the places that still carry one of one's cubes: (place, cubes on it)
        targets = [(p + 1, own[p]) for p in range(n) if own[p]]
        span = 2 * top
        best_cost = 0.0
        best = -1
        for c in cards:
            k = key[c]
            # cards already played that outrank this one (on equal numbers the later card wins)
            ahead = 0
            for x in played:
                if x > k:
                    ahead += 1
            if later:
                # each later player beats the card with a chance that falls with its strength
                strength = (k - 100 + top) / span if k > 100 else k / span
                expect = 1 + ahead + later * (1 - strength)
                cost = 0.0
                first = True
                for q, m in targets:
                    v = abs(expect - q) / m
                    if first or v < cost:
                        cost = v
                        first = False
            else:  # last to play: the place is known
                cost = 0.0 if own[ahead] else 1.0
            # the least cost, then the lowest card
            if best < 0 or cost < best_cost or (cost == best_cost and c < best):
                best_cost, best = cost, c
        return _PLAY[best]

    def end_stats(self, state: SevenPropheciesState) -> dict[str, float]:
        """Rounds, how they ended, and the tricks they lasted."""
        ends = state.ends
        rounds = len(ends)
        seventh = sum(1 for _t, done in ends if done)
        return {
            "rounds": float(rounds),
            "rounds_ended_by_seventh_cube": float(seventh),
            "rounds_ended_after_trick_10": float(rounds - seventh),
            "mean_tricks_per_round": sum(t for t, _d in ends) / rounds if rounds else 0.0,
            "fulfilments": float(sum(len(done) for _t, done in ends)),
        }


def _deal_round(
    rules: SPRules,
    setup: Setup,
    log: Log,
    round_index: int,
    start: int,
    scores: tuple[int, ...],
    successes: tuple[int, ...],
    finished: tuple[PlayedRound, ...],
) -> SevenPropheciesState:
    """Deal a round: SP-SETUP-1 (the deal's form), SP-SETUP-2 and SP-SETUP-5 (set-aside cards and
    hands, in seat order: SP-RULING-11), SP-SETUP-3 (the future row, in trick order)."""
    deal = setup.deal(GAME, rules, round_index)
    n = rules.players
    up, down = ASIDE[n]
    a = up + down
    hands = tuple(tuple(sorted(deal[a + s * TRICKS : a + (s + 1) * TRICKS])) for s in range(n))
    future = deal[a + n * TRICKS :]
    empty = (0,) * n
    return _new_state(
        rules, setup, log,
        RoundInfo(round_index, start, tuple(sorted(deal[:up])), tuple(sorted(deal[up:a])), future, scores, successes,
                  finished),
        hands, (empty,) * n, (empty,) * n, empty, start, (), (), PROPHECY, start,
    )  # fmt: skip


#: (players, top number) -> per card, the place the heuristic guesses for it: ``[0]`` when
#: its suit is not in the future row, ``[1]`` when it is (see :func:`_prophecy_target`)
_GUESS_PLACE: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]] = {}
#: (guessed places' counts, every_place) -> the prophecy target (see :func:`_prophecy_target`)
_TARGETS: dict[tuple[tuple[int, ...], bool], tuple[int, ...]] = {}


def _guess_places(n: int, top: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per card, its guessed place (from 0) without and with its suit in the future row (memoised)."""
    out = _GUESS_PLACE.get((n, top))
    if out is None:
        tables = []
        for in_future in (False, True):
            row = []
            for c in DECK.cards:
                strength = _RANK[c] / top
                if in_future:
                    strength = 0.5 + strength / 2
                else:
                    strength = strength / 2
                row.append(min(n - 1, int((1 - strength) * n)))
            tables.append(tuple(row))
        out = _GUESS_PLACE[(n, top)] = (tables[0], tables[1])
    return out


def _prophecy_target(hand: tuple[int, ...], future: tuple[int, ...], n: int, top: int, every: bool) -> tuple[int, ...]:
    """The heuristic's prophecy: a histogram of each card's likely place, scaled to 7 cubes.

    A card's strength is its number over ``top``, in the upper half when its suit is in
    the future row, else the lower; its place follows from it. The histogram is scaled
    to the seven cubes by largest remainders; with ``every`` no place stays empty.
    """
    future_suits = {_SUIT[c] for c in future}
    off, on = _guess_places(n, top)
    counts = [0] * n
    for c in hand:
        counts[(on if _SUIT[c] in future_suits else off)[c]] += 1
    memo = (tuple(counts), every)
    target = _TARGETS.get(memo)
    if target is None:
        target = _TARGETS[memo] = _scale_target([float(g) for g in counts], n, every)
    return target


def _scale_target(guess: list[float], n: int, every: bool) -> tuple[int, ...]:
    """The histogram ``guess`` scaled to the seven cubes (see :func:`_prophecy_target`)."""
    total = sum(guess)
    raw = [g * CUBES / total for g in guess]
    counts = [int(r) for r in raw]
    for i in sorted(range(n), key=lambda i: raw[i] - counts[i], reverse=True)[: CUBES - sum(counts)]:
        counts[i] += 1
    if every:
        for p in range(n):
            if counts[p] == 0:
                counts[max(range(n), key=counts.__getitem__)] -= 1
                counts[p] = 1
    return tuple(counts)


def _layout(n: int) -> list[tuple[str, int]]:
    """The tensor's fields with their end offsets (see ``docs/games/seven-prophecies.md``)."""
    sizes = [
        ("seat", n),
        ("current_player", n + 1),
        ("phase", 3),
        ("round", 1),
        ("tricks_done", 1),
        ("leader", n),
        ("hand", 52),
        ("hand_sizes", n),
        ("future_suits", 40),
        ("future_cards", 52),
        ("aside_up", 52),
        ("played_by_seat", n * 52),
        ("current_trick_by_seat", n * 52),
        ("future_suit_now", 4),
        ("own_prophecy", n),
        ("revealed", 1),
        ("remaining", n * n),
        ("cubes_placed", n),
        ("last_trick_places", n * n),
        ("points", n),
        ("successes", n),
    ]
    out = []
    end = 0
    for name, size in sizes:
        end += size
        out.append((name, end))
    return out


_STARTS: dict[int, dict[str, int]] = {}


def _starts(n: int) -> dict[str, int]:
    """Each field's start offset in the tensor (and ``end``, its length), from ``_layout``."""
    starts = _STARTS.get(n)
    if starts is None:
        starts = {}
        begin = 0
        for name, end in _layout(n):
            starts[name] = begin
            begin = end
        starts["end"] = begin
        _STARTS[n] = starts
    return starts


GAME = SevenProphecies()
SevenPropheciesState.GAME = GAME
