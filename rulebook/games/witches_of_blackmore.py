"""The Witches of Blackmore (Leo Colovini, White Goblin Games, 2012).

Spec: ``spec/witches-of-blackmore.md`` (rule prefix ``WB``). Source:
``004_2389a0cc6cf0ab1a.txt``.

Every trick, each player plays any card; the strongest trump wins, else the
strongest card of the leader's colour, where strength follows the witches'
wheel anchored at the trump card's number. The winner captures the cards and
may lay one of them on the trump stack as the new trump. Points are the
numbers on captured cards.

>>> from rulebook.games.witches_of_blackmore import GAME, Rules
>>> state = GAME.new_game(Rules(players=2), seed=1)
>>> state.current_player, len(state.legal_actions())
(0, 6)
"""

from __future__ import annotations

import enum
import random
from functools import lru_cache
from itertools import starmap
from typing import TYPE_CHECKING, Any

import attrs

from rulebook.core.cards import Deck
from rulebook.core.contract import Action, Deal, Game, Log, Setup, State, log_actions, state_builder
from rulebook.core.history import RoundRecord, ScoreChange, TrickRecord
from rulebook.core.options import option, validate_choices
from rulebook.core.tricks import best_position, win_keys
from rulebook.errors import InvalidRules

__all__ = [
    "DECK",
    "GAME",
    "Keep",
    "Observation",
    "Phase",
    "Play",
    "Replace",
    "Rules",
    "WitchesState",
    "wheel_order",
]

#: WB-COMP-1: six colours x 1..9. The source names green, blue, yellow and red;
#: the other two colours are not named (WB-RULING-9), purple and orange stand in.
DECK = Deck(
    suits=(("red", "R"), ("blue", "B"), ("green", "G"), ("yellow", "Y"), ("purple", "P"), ("orange", "O")),
    ranks=range(1, 10),
)
_SUIT = DECK.suit_of
_RANK = DECK.rank_of

DESCENDING = "descending"
ASCENDING = "ascending"


@attrs.frozen
class Rules:
    """Options of The Witches of Blackmore; the defaults give the printed game."""

    players: int = option(
        4,
        doc="Number of players. The source says 2-5, the publisher's box 2-6; both are "
        "supported (WB-RULING-1).",
        choices=range(2, 7),
    )
    hand_size: int = option(
        6, doc="Cards dealt to and refilled into each hand (WB-SETUP-2).", choices=range(1, 9)
    )
    wheel: str = option(
        DESCENDING,
        doc="Side of the witches' wheel: 'descending' (strength falls with the number from "
        "the trump's number, the source's beginner side) or 'ascending' (WB-RANK-2).",
        choices=(DESCENDING, ASCENDING),
    )
    must_follow: bool = option(
        False,
        doc="House rule: a player holding the leader's colour must play it. The source "
        "allows any card (WB-PLAY-2, WB-RULING-2).",
        choices=(False, True),
    )
    trump_replacement: bool = option(
        True,
        doc="The trick winner may lay one captured card as the new trump (WB-TRUMP-1).",
        choices=(False, True),
    )
    replace_before_draw: bool = option(
        True,
        doc="The winner decides on the trump replacement before the hands are refilled "
        "(the source's order); false: after the refill (WB-RULING-3).",
        choices=(False, True),
    )
    first_leader: int = option(
        0, doc="Seat of the first leader (親); the source lets the table choose (WB-SETUP-4).",
        choices=range(0, 6),
    )

    def __attrs_post_init__(self) -> None:
        validate_choices(self)
        if self.first_leader >= self.players:
            raise InvalidRules("first_leader", f"seat {self.first_leader} does not exist with {self.players} players")
        if self.players * self.hand_size + 1 > DECK.size:
            raise InvalidRules(
                "hand_size",
                f"{self.players} hands of {self.hand_size} plus the first trump need "
                f"{self.players * self.hand_size + 1} cards; the deck has {DECK.size} (WB-SETUP-2)",
            )


def wheel_order(anchor: int, wheel: str) -> tuple[int, ...]:
    """The numbers from strongest to weakest for a trump of number ``anchor`` (WB-RANK-2).

    >>> wheel_order(8, "descending")
    (8, 7, 6, 5, 4, 3, 2, 1, 9)
    >>> wheel_order(8, "ascending")
    (8, 9, 1, 2, 3, 4, 5, 6, 7)
    """
    step = -1 if wheel == DESCENDING else 1
    return tuple((anchor - 1 + step * i) % 9 + 1 for i in range(9))


def _strength_table(anchor: int, wheel: str) -> tuple[int, ...]:
    order = wheel_order(anchor, wheel)
    by_rank = {r: 8 - i for i, r in enumerate(order)}
    return tuple(by_rank[r] for r in _RANK)


# card -> strength, per wheel side (WB-COMP-2, WB-RULING-7) and anchor number (WB-RANK-2)
_STRENGTH: dict[str, tuple[tuple[int, ...], ...]] = {
    w: ((),) + tuple(_strength_table(a, w) for a in range(1, 10)) for w in (DESCENDING, ASCENDING)
}

#: trick keys per wheel side, anchor number, trump colour (6: none) and lead colour
#: (WB-TRICK-1, WB-TRICK-2, WB-TRICK-3)
_WIN: dict[str, tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]] = {
    w: ((),) + tuple(
        tuple(win_keys(_SUIT, _STRENGTH[w][a], t if t < 6 else None) for t in range(7)) for a in range(1, 10)
    )
    for w in (DESCENDING, ASCENDING)
}


def _card_text(card: object) -> str:
    """The text of ``card`` if it is a card, else its ``repr`` (safe for error messages)."""
    return DECK.text(card) if type(card) is int and 0 <= card < DECK.size else repr(card)


@attrs.frozen(slots=True)
class Play(Action):
    """Play ``card`` to the current trick (WB-PLAY-1)."""

    card: int

    def __str__(self) -> str:
        return f"play {_card_text(self.card)}"


@attrs.frozen(slots=True)
class Replace(Action):
    """Lay the captured ``card`` on the trump stack as the new trump (WB-TRUMP-1)."""

    card: int

    def __str__(self) -> str:
        return f"trump {_card_text(self.card)}"


@attrs.frozen(slots=True)
class Keep(Action):
    """Keep the current trump (decline the replacement, WB-TRUMP-1)."""

    def __str__(self) -> str:
        return "keep"


WitchesAction = Play | Replace | Keep

_PLAY = tuple(Play(c) for c in DECK.cards)
_REPLACE = tuple(Replace(c) for c in DECK.cards)
_KEEP = Keep()
_TABLE: tuple[WitchesAction, ...] = _PLAY + _REPLACE + (_KEEP,)

class Phase(enum.IntEnum):
    """What the seat to act decides: a card to play, or the trump replacement; or the game is over."""

    PLAYING = 0
    REPLACING = 1
    OVER = 2


PLAYING = Phase.PLAYING
REPLACING = Phase.REPLACING
OVER = Phase.OVER

#: trick-winner rule by the number of trumps in the trick (0, 1, 2 or more)
_TRICK_RULE = ("WB-TRICK-3", "WB-TRICK-1", "WB-TRICK-2")


@lru_cache(maxsize=1 << 16)
def _trick_record(number: int, entry: tuple[Any, ...]) -> TrickRecord:
    """The record of the compact trick entry ``(order, cards, winner, trump suit)``.

    Cached: every observation carries the game's tricks, and most of them repeat.
    """
    order, cards, winner, tsuit = entry[0], entry[1], entry[2], entry[3]
    trumps = sum(1 for c in cards if _SUIT[c] == tsuit)
    return TrickRecord(number, 0, order[0], tuple(zip(order, cards)), winner, _TRICK_RULE[min(trumps, 2)])

#: players -> first seat -> every seat clockwise from it (WB-TRICK-5, WB-DRAW-1)
_ROTATION = {n: tuple(tuple((s + i) % n for i in range(n)) for s in range(n)) for n in range(2, 7)}

#: one finished trick as the state keeps it: (seats in play order, cards, winner, trump colour
#: during the trick (6: none)), plus the card the winner then laid on the trump stack, if any
TrickEntry = tuple[Any, ...]
#: (deck, drawn, trumps, anchor, captured, exhausted, known, finished tricks): see WitchesState's properties
Board = tuple[
    Deal,
    int,
    tuple[int, ...],
    int,
    tuple[tuple[int, ...], ...],
    bool,
    tuple[tuple[int, ...], ...],
    tuple[TrickEntry, ...],
]


@attrs.frozen(slots=True)
class Observation:
    """What one seat sees (WB-INFO-1): its hand and everything public, with recall."""

    seat: int
    players: int
    wheel: str
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    #: per seat, the cards it holds that everybody saw it take (drawn from the trump stack)
    known_in_hands: tuple[tuple[int, ...], ...]
    pile_size: int
    trump_stack: tuple[int, ...]
    anchor: int
    trump_suit: int | None
    captured: tuple[tuple[int, ...], ...]
    leader: int
    #: the current trick as (seat, card), in play order
    trick: tuple[tuple[int, int], ...]
    #: the cards of the trick just won, while its winner decides on the replacement (else empty)
    last_trick: tuple[int, ...]
    current_player: int | None
    replacing: bool
    scores: tuple[int, ...]
    #: every finished trick of the game (all played face up, so public): see ``WitchesState.tricks``
    tricks: tuple[TrickRecord, ...] = ()

    def __str__(self) -> str:
        """What this seat sees, as text (:func:`rulebook.render.observation_text`)."""
        from rulebook import render

        return render.observation_text(self)

    def _repr_svg_(self) -> str:
        """What this seat sees, as SVG for Jupyter (:func:`rulebook.render.observation_svg`)."""
        from rulebook import render

        return render.observation_svg(self)


@attrs.frozen(slots=True)
class WitchesState(State[Rules, WitchesAction]):
    """A position of The Witches of Blackmore. Build with :meth:`WitchesGame.new_game`."""

    rules: Rules
    setup: Setup = attrs.field(repr=False)
    log: Log = attrs.field(repr=False, eq=log_actions)
    #: what changes only between tricks, kept in one tuple so that a play inside a
    #: trick builds a small state: see the properties ``deck`` ... ``known`` below
    board: Board = attrs.field(repr=False)
    hands: tuple[tuple[int, ...], ...]
    leader: int
    #: seats that play in this trick, in order (seats with cards, from the leader)
    order: tuple[int, ...]
    trick: tuple[int, ...]
    #: the cards of the trick just won, while its winner decides on the replacement
    last_trick: tuple[int, ...]
    #: what the seat to act decides (:class:`Phase`; ``Phase.OVER`` once the game is over)
    phase: Phase
    #: the seat to act, ``None`` once the game is over (a field: read on every move)
    current_player: int | None

    # -- the board ------------------------------------------------------------------

    @property
    def deck(self) -> Deal:
        """The deal: the whole deck's order; ``deck[drawn:]`` is the draw pile, top first."""
        return self.board[0]

    @property
    def drawn(self) -> int:
        """How many cards of ``deck`` have been dealt or drawn (the first trump included)."""
        return self.board[1]

    @property
    def trumps(self) -> tuple[int, ...]:
        """The trump stack, bottom first; the last card is the trump (WB-TRUMP-2)."""
        return self.board[2]

    @property
    def anchor(self) -> int:
        """The number the wheel is aligned to (kept when the trump stack empties, WB-END-3)."""
        return self.board[3]

    @property
    def captured(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's captured cards (WB-TRICK-4)."""
        return self.board[4]

    @property
    def exhausted(self) -> bool:
        """After the first refill the pile could not cover, no more refills (WB-END-2)."""
        return self.board[5]

    @property
    def known(self) -> tuple[tuple[int, ...], ...]:
        """Cards each seat drew from the trump stack and still holds (public knowledge)."""
        return self.board[6]

    # -- the record of play -----------------------------------------------------------

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        """Every finished trick, in order, built from the compact entries the state keeps.

        ``rule`` names what decided the winner: ``WB-TRICK-1`` (a single trump),
        ``WB-TRICK-2`` (several trumps, by the wheel) or ``WB-TRICK-3`` (no trump: the
        strongest card of the leader's colour).
        """
        return tuple(starmap(_trick_record, enumerate(self.board[7])))

    @property
    def rounds(self) -> tuple[RoundRecord, ...]:
        """The game is one deal: ``()`` until it ends, then one record of it.

        Each captured trick adds the numbers on its cards to the winner (WB-SCORE-1,
        WB-TRICK-4); each card laid on the trump stack takes its number away again
        (WB-TRUMP-1). The points equal ``scores``; while the game goes on, ``scores``
        already shows the points so far (and equals the same sum over ``tricks``).
        """
        if self.current_player is not None:
            return ()
        changes: list[ScoreChange] = []
        for number, entry in enumerate(self.board[7]):
            winner = entry[2]
            changes.append(
                ScoreChange(winner, sum(_RANK[c] for c in entry[1]), f"captured trick {number}", "WB-SCORE-1")
            )
            if len(entry) > 4:
                card = entry[4]
                changes.append(
                    ScoreChange(winner, -_RANK[card], f"laid {DECK.text(card)} on the trump stack", "WB-TRUMP-1")
                )
        points = [0] * self.rules.players
        for change in changes:
            points[change.seat] += change.points
        return (RoundRecord(0, tuple(points), tuple(changes), "every hand was played out", "WB-END-4"),)

    # -- contract -------------------------------------------------------------------

    @property
    def trump_suit(self) -> int | None:
        """The trump colour: the colour of the top card of the trump stack (WB-RANK-1, WB-TRUMP-2)."""
        return _SUIT[self.trumps[-1]] if self.trumps else None

    def legal_actions(self) -> tuple[WitchesAction, ...]:
        seat = self.current_player
        if seat is None:
            return ()
        if self.phase == PLAYING:
            hand = self.hands[seat]
            if self.rules.must_follow and self.trick:  # WB-PLAY-2 (house rule)
                lead = _SUIT[self.trick[0]]
                follow = tuple(_PLAY[c] for c in hand if _SUIT[c] == lead)
                if follow:
                    return follow
            return tuple(map(_PLAY.__getitem__, hand))  # WB-PLAY-1
        return (*(_REPLACE[c] for c in sorted(self.last_trick)), _KEEP)  # WB-TRUMP-1

    def apply(self, action: WitchesAction) -> WitchesState:
        seat = self.current_player
        if seat is None:
            raise self.illegal("the game is over", "WB-END-4", action)
        if self.phase == PLAYING:
            if type(action) is not Play:
                raise self.illegal(f"seat {seat} must play a card", "WB-PLAY-1", action)
            card = action.card
            if type(card) is not int:  # never coerce: Play(True) is not Play(1)
                raise self.illegal(f"a card is an int 0..{DECK.size - 1}, not {card!r}", "WB-PLAY-1", action)
            return self._play(seat, card)
        if type(action) is Keep:  # as _after_replacement, one call less (the common decision)
            board = self.board  # known, trumps, anchor, captured, finished tricks
            return self._close(
                (self.log, action), list(self.hands), board[6], board[2], board[3], board[4], self.leader, (),
                self.rules.replace_before_draw, False, board[7],
            )
        if type(action) is not Replace:
            raise self.illegal(f"seat {seat} must choose to replace the trump or keep it", "WB-TRUMP-1", action)
        card = action.card
        if type(card) is not int or card not in self.last_trick:
            raise self.illegal("only a card of the trick just won may become the trump", "WB-TRUMP-1", action)
        captured = list(self.captured)
        captured[seat] = tuple(c for c in captured[seat] if c != card)
        played = self.board[7]
        played = (*played[:-1], (*played[-1], card))
        return self._after_replacement(self.trumps + (card,), tuple(captured), _RANK[card], action, played)

    @property
    def scores(self) -> tuple[int, ...]:
        """Sum of the numbers on each seat's captured cards (WB-SCORE-1)."""
        return tuple(sum(_RANK[c] for c in pile) for pile in self.captured)

    @property
    def winners(self) -> frozenset[int]:
        """Highest total wins; tied seats share the win (WB-SCORE-2, WB-RULING-6)."""
        if self.current_player is not None:
            return frozenset()
        scores = self.scores
        best = max(scores)
        return frozenset(s for s, v in enumerate(scores) if v == best)

    def _check_seat(self, seat: object) -> int:
        """``seat`` if it is a real seat (an ``int``, not a bool, in range); else ``ValueError``."""
        n = self.rules.players
        if type(seat) is not int or not 0 <= seat < n:
            raise ValueError(f"seat: {seat!r} is not a seat of a {n}-player game (0..{n - 1})")
        return seat

    def observation(self, seat: int) -> Observation:
        """Seat's view (WB-INFO-1): own hand; others' hand sizes; all played cards (WB-RULING-12)."""
        self._check_seat(seat)
        return Observation(
            seat=seat,
            players=self.rules.players,
            wheel=self.rules.wheel,
            hand=self.hands[seat],
            hand_sizes=tuple(len(h) for h in self.hands),
            known_in_hands=self.known,
            pile_size=len(self.deck) - self.drawn,
            trump_stack=self.trumps,
            anchor=self.anchor,
            trump_suit=self.trump_suit,
            captured=self.captured,
            leader=self.leader,
            trick=tuple(zip(self.order, self.trick)),
            last_trick=self.last_trick,
            current_player=self.current_player,
            replacing=self.phase == REPLACING,
            scores=self.scores,
            tricks=self.tricks,
        )

    def resample(self, seat: int, rng: random.Random) -> WitchesState:
        """Redeal what ``seat`` cannot see: other hands' unknown cards and the draw pile."""
        self._check_seat(seat)
        board = self.board
        deck, drawn, known = board[0], board[1], board[6]
        real = self.hands
        hidden = list(deck[drawn:])
        for s, hand in enumerate(real):
            if s != seat:
                k = known[s]
                hidden.extend([c for c in hand if c not in k] if k else hand)
        hidden.sort()  # from a canonical order: the real arrangement must not show through
        rng.shuffle(hidden)
        hands = list(real)
        pos = 0
        for s, hand in enumerate(real):
            if s != seat:
                k = known[s]
                end = pos + len(hand) - len(k)
                hands[s] = tuple(sorted(k + tuple(hidden[pos:end])))
                pos = end
        deck = deck[:drawn] + tuple(hidden[pos:])
        setup = self.setup.resampled(rng)  # the true deal must not survive in the setup
        return _new_state(
            self.rules, setup, None, (deck, *board[1:]), tuple(hands), self.leader, self.order, self.trick,
            self.last_trick, self.phase, self.current_player,
        )

    # -- engine ---------------------------------------------------------------------

    def _play(self, seat: int, card: int) -> WitchesState:
        real = self.hands
        hand = real[seat]
        rules = self.rules
        try:
            i = hand.index(card)
        except ValueError:
            raise self.illegal(f"seat {seat} does not hold that card", "WB-PLAY-1", Play(card)) from None
        trick = self.trick
        if rules.must_follow and trick:  # WB-PLAY-2
            lead = _SUIT[trick[0]]
            if _SUIT[card] != lead and any(_SUIT[c] == lead for c in hand):
                raise self.illegal("house rule: the leader's colour must be followed", "WB-PLAY-2", Play(card))
        hands = list(real)
        hands[seat] = hand[:i] + hand[i + 1 :]
        board = self.board
        known = board[6]
        if card in known[seat]:
            known = tuple(tuple(c for c in k if c != card) if s == seat else k for s, k in enumerate(known))
            board = (*board[:6], known, board[7])
        trick = trick + (card,)
        log = (self.log, _PLAY[card])
        order = self.order
        if len(trick) < len(order):
            return _new_state(
                rules, self.setup, log, board, tuple(hands), self.leader, order, trick, self.last_trick,
                PLAYING, order[len(trick)],
            )
        # The trick is complete; find the strongest card: WB-TRICK-1 (a single trump),
        # WB-TRICK-2 (several trumps, by the wheel), WB-TRICK-3 (else the lead colour);
        # WB-RULING-8 (the source's example) is checked against this.
        trumps = board[2]
        tsuit = _SUIT[trumps[-1]] if trumps else 6
        keys = _WIN[rules.wheel][board[3]][tsuit][_SUIT[trick[0]]]
        winner = order[best_position(trick, keys)]
        captured = list(board[4])
        captured[winner] = captured[winner] + trick  # WB-TRICK-4
        played = board[7] + ((order, trick, winner, tsuit),)
        # WB-TRUMP-1, WB-RULING-10: no decision after the last trick, the one after which every
        # hand is empty and no refill is due (after the refill from the trump stack, WB-END-2)
        if not rules.trump_replacement or (board[5] and not any(hands)):
            return self._close(log, hands, known, trumps, board[3], tuple(captured), winner, (), True, False, played)
        return self._close(
            log, hands, known, trumps, board[3], tuple(captured), winner, trick, not rules.replace_before_draw, True,
            played,
        )

    def _after_replacement(
        self,
        trumps: tuple[int, ...],
        captured: tuple[tuple[int, ...], ...],
        anchor: int,
        action: WitchesAction,
        played: tuple[TrickEntry, ...],
    ) -> WitchesState:
        return self._close(
            (self.log, action), list(self.hands), self.known, trumps, anchor, captured, self.leader, (),
            self.rules.replace_before_draw, False, played,
        )

    def _close(
        self,
        log: Log,
        hands: list[tuple[int, ...]],
        known: tuple[tuple[int, ...], ...],
        trumps: tuple[int, ...],
        anchor: int,
        captured: tuple[tuple[int, ...], ...],
        winner: int,
        last_trick: tuple[int, ...],
        refill: bool,
        decide: bool,
        played: tuple[TrickEntry, ...],
    ) -> WitchesState:
        """End of a trick: refill if due, then the winner's decision or the next trick."""
        rules = self.rules
        players = rules.players
        deck, drawn, _, _, _, exhausted, _, _ = self.board
        if refill and not exhausted:
            # WB-DRAW-1: refill from the winner clockwise; WB-END-1: the pile may run out.
            hand_size = rules.hand_size
            for seat in _ROTATION[players][winner]:
                if len(hands[seat]) >= hand_size:
                    continue
                if drawn < len(deck):
                    card = deck[drawn]
                    drawn += 1
                else:
                    exhausted = True  # WB-END-2, WB-RULING-4: the pile cannot refill every hand
                    if not trumps:
                        continue  # WB-END-3: the trump stack is empty too
                    card = trumps[-1]
                    trumps = trumps[:-1]
                    if trumps:
                        anchor = _RANK[trumps[-1]]
                    known = tuple(k + (card,) if s == seat else k for s, k in enumerate(known))
                hands[seat] = tuple(sorted(hands[seat] + (card,)))
        if decide:
            return _new_state(
                rules, self.setup, log, (deck, drawn, trumps, anchor, captured, exhausted, known, played),
                tuple(hands), winner, (), (), last_trick, REPLACING, winner,
            )
        # WB-TRICK-5, WB-END-4, WB-RULING-5: the winner leads; seats without cards sit out.
        order = _ROTATION[players][winner]
        if not all(hands):
            order = tuple(s for s in order if hands[s])
        if not order:  # WB-END-4: every hand is empty
            return _new_state(
                rules, self.setup, log, (deck, drawn, trumps, anchor, captured, exhausted, known, played),
                tuple(hands), winner, order, (), (), OVER, None,
            )
        return _new_state(
            rules, self.setup, log, (deck, drawn, trumps, anchor, captured, exhausted, known, played), tuple(hands),
            order[0], order, (), (), PLAYING, order[0],
        )




if TYPE_CHECKING:
    _new_state = WitchesState
else:  # the engine builds its states without attrs' __init__ (about 2.5x cheaper)
    _new_state = state_builder(WitchesState)


class WitchesGame(Game[Rules, WitchesState, WitchesAction]):
    """The Witches of Blackmore: 2-6 players, 54 cards, the witches' wheel."""

    slug = "witches-of-blackmore"
    title = "The Witches of Blackmore"
    prefix = "WB"
    player_counts = range(2, 7)
    deck = DECK

    def action_table(self, rules: Rules) -> tuple[WitchesAction, ...]:
        return _TABLE

    def random_deal(self, rules: Rules, rng: random.Random, index: int) -> Deal:
        order = list(DECK.cards)
        rng.shuffle(order)
        return tuple(order)

    def check_deal(self, rules: Rules, deal: Deal, index: int) -> None:
        """A deal is an order of the 54 cards, each once (WB-SETUP-1); the game has one deal.

        Checked exactly, never coerced: a tuple or list of 54 ``int`` (not bool, float or str).
        """
        if type(index) is not int or index != 0:
            raise ValueError(f"deal {index!r}: The Witches of Blackmore has a single deal (deal 0)")
        DECK.check_order(deal, index)

    def initial_state(self, rules: Rules, setup: Setup) -> WitchesState:
        """Deal the hands (WB-SETUP-1, WB-SETUP-2), turn up the first trump (WB-SETUP-3,
        WB-RULING-11); the rest is the pile; the first leader leads (WB-SETUP-4)."""
        deck = setup.deal(self, rules, 0)
        n, h = rules.players, rules.hand_size
        hands = tuple(tuple(sorted(deck[s * h : (s + 1) * h])) for s in range(n))
        trump = deck[n * h]
        lead = rules.first_leader
        order = tuple((lead + i) % n for i in range(n))
        board: Board = (deck, n * h + 1, (trump,), _RANK[trump], ((),) * n, False, ((),) * n, ())
        return _new_state(rules, setup, None, board, hands, lead, order, (), (), PLAYING, lead)

    def check_invariants(self, state: WitchesState) -> None:
        """Card conservation (WB-COMP-1) and the trump stack's alignment (WB-TRUMP-2)."""
        cards = sorted(
            [*state.deck[state.drawn :], *state.trumps, *state.trick]
            + [c for h in state.hands for c in h]
            + [c for p in state.captured for c in p]
        )
        if cards != list(DECK.cards):
            raise AssertionError("WB-COMP-1: the 54 cards are not each in exactly one place")
        if state.trumps and state.anchor != _RANK[state.trumps[-1]]:
            raise AssertionError("WB-TRUMP-2: the wheel is not aligned to the top trump")
        for seat, known in enumerate(state.known):
            if not set(known) <= set(state.hands[seat]):
                raise AssertionError("WB-INFO-1: a known card is not in its holder's hand")

    def observation_size(self, rules: Rules) -> int:
        n, c = rules.players, DECK.size
        return 4 * c + 9 + 2 + n * (3 * c + 5) + 2

    def encode_observation(self, rules: Rules, obs: Observation) -> tuple[int, ...]:
        """The tensor of an :class:`Observation` (WB-INFO-1); layout in the docs page."""
        n, c = rules.players, DECK.size
        out = [0] * self.observation_size(rules)
        for card in obs.hand:
            out[card] = 1
        for card in obs.trump_stack:
            out[c + card] = 1
        if obs.trump_stack:
            out[2 * c + obs.trump_stack[-1]] = 1
        for card in obs.last_trick:
            out[3 * c + card] = 1
        base = 4 * c
        out[base + obs.anchor - 1] = 1
        out[base + 9] = obs.pile_size
        out[base + 10] = int(obs.replacing)
        base += 11
        trick = dict(obs.trick)
        for seat in range(n):
            row = base + seat * (3 * c + 5)
            for card in obs.captured[seat]:
                out[row + card] = 1
            for card in obs.known_in_hands[seat]:
                out[row + c + card] = 1
            if seat in trick:
                out[row + 2 * c + trick[seat]] = 1
            out[row + 3 * c] = obs.hand_sizes[seat]
            out[row + 3 * c + 1] = obs.scores[seat]
            out[row + 3 * c + 2] = int(seat == obs.leader)
            out[row + 3 * c + 3] = int(seat == obs.current_player)
            out[row + 3 * c + 4] = int(seat == obs.seat)
        out[-2] = int(obs.current_player is None)
        out[-1] = int(obs.wheel == ASCENDING)
        return tuple(out)

    def heuristic_action(self, state: WitchesState, rng: random.Random) -> WitchesAction:
        """Win the trick with the cheapest winning card, else throw the lowest number; keep the trump.

        Among cards of equal number one is drawn at random: every candidate draws one
        ``rng.random()``, in the order of ``legal_actions``, and the lowest draw wins.
        """
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: nobody is to act")
        if state.phase == REPLACING:
            return _KEEP
        # the legal plays' cards (as in legal_actions), in the same order
        cards: tuple[int, ...] | list[int] = state.hands[seat]
        trick = state.trick
        if trick:
            lead = _SUIT[trick[0]]
            if state.rules.must_follow:  # WB-PLAY-2 (house rule)
                follow = [c for c in cards if _SUIT[c] == lead]
                if follow:
                    cards = follow
            # a card wins if its key beats the trick's best so far (best_position keeps the earlier card on ties)
            board = state.board
            trumps = board[2]
            keys = _WIN[state.rules.wheel][board[3]][_SUIT[trumps[-1]] if trumps else 6][lead]
            top = -1
            for c in trick:
                k = keys[c]
                if k > top:
                    top = k
            winning = [c for c in cards if keys[c] > top]
            if winning:
                cards = winning
        # min by (number, one random draw per candidate, in order): the first minimum is kept
        draw = rng.random
        best = cards[0]
        low = 99
        low_draw = 2.0
        for c in cards:
            x = draw()
            r = _RANK[c]
            if r < low or (r == low and x < low_draw):
                best, low, low_draw = c, r, x
        return _PLAY[best]

    def end_stats(self, state: WitchesState) -> dict[str, float]:
        history = state.history
        return {
            "replacements": sum(1 for a in history if type(a) is Replace),
            "trump_stack_left": len(state.trumps),
            "top_score": max(state.scores),
        }

    def score_floor(self, rules: Rules) -> int:
        """Scores are sums of captured card numbers (WB-SCORE-1), never below 0."""
        return 0

    def max_game_length(self, rules: Rules) -> int:
        """A proven bound (WB-END-5): plays, plus one trump decision per trick.

        Cards reach hands only from the deal, the pile (53 cards with the first trump
        turned up) and the single refill from the trump stack (WB-END-2: at most one
        card per player), so there are at most ``53 + players`` plays; every trick
        has at least one play and offers at most one decision.
        """
        return 2 * (DECK.size - 1 + rules.players)


GAME = WitchesGame(Rules, WitchesState)
WitchesState.GAME = GAME
