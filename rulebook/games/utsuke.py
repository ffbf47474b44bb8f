"""UTSUKE (うつけ): bid on the tricks of the NPC lord (殿).

Spec: ``spec/utsuke.md`` (rule prefix ``UT``). Source: ``003_2a3ae7dfab80e445.txt``.

Each round every player secretly bids how many tricks the lord, a non-player
seat whose cards lie face up in a row and who plays by a fixed conduct, will
take. The suit of the card under the trump chip (the lord's rightmost card) is
trump, and the chip moves whenever the lord plays that card. Exact bidders earn
2 honour (誉), else the closest earn 1; taking more tricks than the lord earns
an execution chip (打ち首). Three honour wins, two chips lose.

Places: the real players are seats ``0..players-1``; the lord is place
``players`` and, with two players, the young lord (若) is place ``players + 1``.
NPC places never appear as :attr:`UtsukeState.current_player`, in ``scores`` or
in ``winners``; their plays happen inside ``apply``.

>>> from rulebook.games.utsuke import GAME, Rules
>>> state = GAME.new_game(Rules(players=3), seed=1)
>>> state.current_player, len(state.legal_actions()), len(state.lord_row)
(0, 16, 15)
"""

from __future__ import annotations

import enum
import random
from bisect import bisect_left
from functools import lru_cache
from itertools import combinations, repeat, starmap
from typing import TYPE_CHECKING, Any

import attrs

from rulebook.core.cards import Deck
from rulebook.core.contract import Action, Deal, Game, Log, Setup, State, log_actions, state_builder
from rulebook.core.history import Player, RoundRecord, ScoreChange, TrickRecord
from rulebook.core.options import option, validate_choices
from rulebook.core.tricks import win_keys
from rulebook.errors import InvalidRules

__all__ = [
    "DECK",
    "GAME",
    "Bid",
    "Observation",
    "Phase",
    "Play",
    "Rules",
    "UtsukeRound",
    "UtsukeState",
    "honour_gains",
    "npc_card",
]

#: UT-COMP-1, UT-RULING-13: five suits x 1..12 (the suit names are placeholders).
DECK = Deck(
    suits=(("suit A", "A"), ("suit B", "B"), ("suit C", "C"), ("suit D", "D"), ("suit E", "E")),
    ranks=range(1, 13),
)
_SUIT = DECK.suit_of
_RANK = DECK.rank_of
_NSUITS = len(DECK.suits)
_NRANKS = len(DECK.ranks)
#: card -> the lowest card of its suit (cards of a suit are consecutive ints)
_SUIT_LO = tuple(s * _NRANKS for s in _SUIT)
#: UT-COMP-2: the bid cards 1, 2, 4 and 8 make every bid 0..15.
MAX_BID = 15

SURVIVORS = "survivors"
MOST_HONOUR = "most_honour"

#: the names of the NPC places in the record of play (UT-SETUP-2): place ``players`` and ``players + 1``
LORD = "lord"
YOUNG_LORD = "young lord"
_NPC_NAMES = (LORD, YOUNG_LORD)


def _player(place: int, players: int) -> Player:
    """The record's name of a place: a seat is its int, an NPC its name (``"lord"``, ``"young lord"``)."""
    return place if place < players else _NPC_NAMES[place - players]


class Phase(enum.IntEnum):
    """What happens next: the players bid, they play cards, or the game is over."""

    BIDDING = 0
    PLAYING = 1
    OVER = 2


@attrs.frozen
class Rules:
    """Options of UTSUKE; the defaults give the printed game."""

    players: int = option(
        4,
        doc="Number of players (2-5). With 2 players the young lord (若) joins the lord (UT-SETUP-2).",
        choices=range(2, 6),
    )
    first_lord: int = option(
        0,
        doc="The lord's place in the first round: just before this seat clockwise, so this seat "
        "plays right after the lord (UT-SETUP-3, UT-RULING-5).",
        choices=range(0, 5),
    )
    on_loss: str = option(
        SURVIVORS,
        doc="Who wins when the game ends by a loss and nobody won by honour: 'survivors' (every "
        "player who did not lose) or 'most_honour' (the non-losers with the most honour) "
        "(UT-END-2, UT-RULING-4).",
        choices=(SURVIVORS, MOST_HONOUR),
    )
    honour_to_win: int = option(
        3, doc="Honour (誉) that wins the game; the source says 3 (UT-END-1).", choices=range(1, 7)
    )
    chips_to_lose: int = option(
        2, doc="Execution chips (打ち首) that lose the game; the source says 2 (UT-END-2).", choices=range(1, 5)
    )

    def __attrs_post_init__(self) -> None:
        validate_choices(self)
        if self.first_lord >= self.players:
            raise InvalidRules("first_lord", f"seat {self.first_lord} does not exist with {self.players} players")

    @property
    def npcs(self) -> int:
        """Number of NPC places: the lord, plus the young lord with 2 players (UT-SETUP-2)."""
        return 2 if self.players == 2 else 1

    @property
    def places(self) -> int:
        """Players plus NPCs: the number of hands and of cards in every trick."""
        return self.players + self.npcs

    @property
    def tricks_per_round(self) -> int:
        """Cards per hand, so tricks per round (UT-SETUP-4)."""
        return DECK.size // self.places



@lru_cache(maxsize=1 << 16)
def _trick_record(
    number: int, round_: int, entry: tuple[int, tuple[int, ...], int], players: int, lord_before: int
) -> TrickRecord:
    """The record of the compact trick ``(leader place, cards, winner place)`` (UT-TRICK-1).

    Cached: every observation carries the game's tricks, and most of them repeat.
    """
    leader, cards, winner = entry
    nxt = _NEXT[players, lord_before]
    plays = []
    place = leader
    for c in cards:
        plays.append((_player(place, players), c))
        place = nxt[place]
    return TrickRecord(number, round_, _player(leader, players), tuple(plays), _player(winner, players), "UT-TRICK-1")

# -- actions -------------------------------------------------------------------------


@attrs.frozen(slots=True)
class Bid(Action):
    """Secretly bid that the lord takes ``tricks`` tricks this round (UT-BID-1, UT-BID-2)."""

    tricks: int

    def __str__(self) -> str:
        return f"bid {self.tricks!r}" if type(self.tricks) is not int else f"bid {self.tricks}"


@attrs.frozen(slots=True)
class Play(Action):
    """Play ``card`` to the current trick (UT-PLAY-2)."""

    card: int

    def __str__(self) -> str:
        card = self.card
        return f"play {DECK.text(card) if type(card) is int and 0 <= card < DECK.size else repr(card)}"


UtsukeAction = Bid | Play

_BID = tuple(Bid(b) for b in range(MAX_BID + 1))
_PLAY = tuple(Play(c) for c in DECK.cards)
_TABLE: tuple[UtsukeAction, ...] = _BID + _PLAY
_PLAY_OF = _PLAY.__getitem__

# -- precomputed tables ----------------------------------------------------------------


def _layout(players: int) -> tuple[tuple[slice, ...], tuple[slice, ...], tuple[int, ...], tuple[int, ...]]:
    """Per player count: the deal's slices of the seats' hands and of the NPC rows (UT-SETUP-2,
    UT-SETUP-4), the bids before bidding and the tricks won at a round's start."""
    places = players + (2 if players == 2 else 1)
    size = DECK.size // places
    cuts = [slice(p * size, (p + 1) * size) for p in range(places)]
    return tuple(cuts[:players]), tuple(cuts[players:]), (-1,) * players, (0,) * places


_LAYOUT = {n: _layout(n) for n in range(2, 6)}

# UT-TRICK-1: strength of each card for (trump suit, lead suit): trumps beat the lead
# suit, other suits never win; within a suit the higher number (higher card int) wins.
_STRENGTH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    win_keys(_SUIT, DECK.cards, t) for t in range(_NSUITS)
)


def _cycle(players: int, lord_before: int) -> tuple[int, ...]:
    """The places clockwise from the lord (UT-SETUP-1, UT-SETUP-2)."""
    lord = players
    if players == 2:
        return (lord, lord_before, lord + 1, 1 - lord_before)
    return (lord, *((lord_before + i) % players for i in range(players)))


def _next_table(players: int, lord_before: int) -> tuple[int, ...]:
    cyc = _cycle(players, lord_before)
    nxt = [0] * len(cyc)
    for i, p in enumerate(cyc):
        nxt[p] = cyc[(i + 1) % len(cyc)]
    return tuple(nxt)


_NEXT: dict[tuple[int, int], tuple[int, ...]] = {
    (n, k): _next_table(n, k) for n in range(2, 6) for k in range(n)
}


def npc_card(row: tuple[int, ...], trick: tuple[int, ...], first_trick: bool) -> int:
    """The card an NPC plays from its ``row`` (leftmost first) by the lord's conduct.

    UT-LORD-1: it leads its leftmost card at the start of a round. UT-LORD-4: it leads
    its rightmost card (the one under the chip) in the trick after it won one; an NPC
    leads only in those two cases (UT-RULING-6). UT-LORD-2: following, it plays its
    highest card of the lead suit. UT-LORD-3: if it cannot follow, its leftmost card.

    >>> A1, A9, B3, C12 = (DECK.parse(t) for t in ("A1", "A9", "B3", "C12"))
    >>> [DECK.text(npc_card((B3, A1, A9, C12), t, f)) for t, f in (((), True), ((), False))]
    ['B3', 'C12']
    >>> DECK.text(npc_card((B3, A1, A9, C12), (DECK.parse("A5"),), False))
    'A9'
    >>> DECK.text(npc_card((B3, A1, A9, C12), (DECK.parse("D5"),), False))
    'B3'
    """
    if not trick:
        return row[0] if first_trick else row[-1]
    lead = _SUIT[trick[0]]
    best = -1
    for c in row:
        if _SUIT[c] == lead and c > best:
            best = c
    return best if best >= 0 else row[0]


def honour_gains(bids: tuple[int, ...], lord_tricks: int) -> tuple[int, ...]:
    """Honour each bid earns when the lord took ``lord_tricks`` (UT-SCORE-2, UT-SCORE-3).

    Exact bids earn 2; if there is none, the closest bids earn 1, and when the closest
    lie on both sides of the result only the higher one does (UT-RULING-11).

    >>> honour_gains((4, 6, 6), 5)
    (0, 1, 1)
    >>> honour_gains((5, 3, 5), 5)
    (2, 0, 2)
    """
    if lord_tricks in bids:
        return tuple([2 if b == lord_tricks else 0 for b in bids])
    d = min([abs(b - lord_tricks) for b in bids])
    best = lord_tricks + d if lord_tricks + d in bids else lord_tricks - d
    return tuple([1 if b == best else 0 for b in bids])


#: one finished trick as the state keeps it: (leader place, cards in play order, winner place)
TrickEntry = tuple[int, tuple[int, ...], int]
#: one finished round, public after the reveal: (bids per seat, tricks won per place,
#: the tricks, the seat the lord sat just before)
RoundResult = tuple[tuple[int, ...], tuple[int, ...], tuple[TrickEntry, ...], int]
#: (round, lord_before, next place per place, honour, chips, results)
Match = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[RoundResult, ...]]
#: (match, bids per seat, trump, leader, this round's tricks, tricks won per place)
Board = tuple[
    Match,
    tuple[int, ...],
    int,
    int,
    tuple[TrickEntry, ...],
    tuple[int, ...],
]


@attrs.frozen(slots=True)
class UtsukeRound(RoundRecord):
    """A finished round of UTSUKE: the shared record plus the revealed bids and the chips.

    ``points`` is the honour each seat gained (UT-SCORE-2, UT-SCORE-3); ``bids`` the revealed
    bids by seat (UT-SCORE-1); ``lord_tricks`` the lord's tricks; ``won`` the tricks each seat
    took; ``chips`` the execution chips each seat gained (UT-SCORE-4); ``lord_before`` the seat
    the lord sat just before (UT-SETUP-1).
    """

    bids: tuple[int, ...] = ()
    lord_tricks: int = 0
    won: tuple[int, ...] = ()
    chips: tuple[int, ...] = ()
    lord_before: int = 0


@attrs.frozen(slots=True)
class Observation:
    """What one seat sees (UT-INFO-1): its hand, its own bid and everything public."""

    seat: int
    players: int
    round: int
    #: the lord sits just before this seat clockwise this round
    lord_before: int
    bidding: bool
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    #: the lord's row, leftmost first (as seen from the table centre); the last card has the chip,
    #: except in the trick in which the chip's card was played: the chip then rides on that card
    #: in the trick until it ends (UT-TRUMP-2), and ``trump`` still gives its suit
    lord_row: tuple[int, ...]
    #: the young lord's row (2 players), leftmost first; empty otherwise
    young_row: tuple[int, ...]
    #: the trump suit of the current trick (-1 once the round's cards are all played)
    trump: int
    #: who leads the current trick: a seat, ``"lord"`` or ``"young lord"``
    leader: Player
    #: the current trick as (player, card), in play order (players named as in ``leader``)
    trick: tuple[tuple[Player, int], ...]
    #: every finished trick of the game, public (see ``UtsukeState.tricks``)
    tricks: tuple[TrickRecord, ...]
    #: tricks taken this round, per place (seats, then the lord, then the young lord)
    won: tuple[int, ...]
    #: this seat's bid this round (-1 before it bids)
    own_bid: int
    #: which seats have bid this round (their bids are hidden until the reveal)
    has_bid: tuple[bool, ...]
    honour: tuple[int, ...]
    chips: tuple[int, ...]
    #: the revealed results of every finished round
    results: tuple[RoundResult, ...]
    current_player: int | None

    def __str__(self) -> str:
        """What this seat sees, as text (:func:`rulebook.render.observation_text`)."""
        from rulebook import render

        return render.observation_text(self)

    def _repr_svg_(self) -> str:
        """What this seat sees, as SVG for Jupyter (:func:`rulebook.render.observation_svg`)."""
        from rulebook import render

        return render.observation_svg(self)


@attrs.frozen(slots=True)
class UtsukeState(State[Rules, UtsukeAction]):
    """A position of UTSUKE. Build with :meth:`UtsukeGame.new_game`."""

    rules: Rules
    setup: Setup = attrs.field(repr=False)
    log: Log = attrs.field(repr=False, eq=log_actions)
    #: what changes only between tricks, by a bid or at a round's end:
    #: ``(match, bids, trump, leader, tricks, won)``, kept in one tuple so that a play
    #: inside a trick builds a small state; read it through the properties ``match`` ... ``won``
    board: Board
    #: per place: seats' hands sorted; NPC rows leftmost first (UT-RULING-2)
    hands: tuple[tuple[int, ...], ...]
    trick: tuple[int, ...]
    #: the seat to act, or ``None`` once the game is over (a field: read on every move)
    current_player: int | None

    # -- the board ------------------------------------------------------------------

    @property
    def match(self) -> Match:
        """What stays fixed during a round: ``(round, lord_before, nxt, honour, chips, results)``."""
        return self.board[0]

    @property
    def round(self) -> int:
        """Round index (0 for the first round; also the index of its deal)."""
        return self.board[0][0]

    @property
    def lord_before(self) -> int:
        """The lord sits just before this seat clockwise this round (UT-SETUP-1, UT-END-3)."""
        return self.board[0][1]

    @property
    def nxt(self) -> tuple[int, ...]:
        """The next place clockwise, per place, this round."""
        return self.board[0][2]

    @property
    def honour(self) -> tuple[int, ...]:
        """Honour (誉) per seat."""
        return self.board[0][3]

    @property
    def chips(self) -> tuple[int, ...]:
        """Execution chips (打ち首) per seat."""
        return self.board[0][4]

    @property
    def results(self) -> tuple[RoundResult, ...]:
        """Every finished round: (bids, tricks won per place, the tricks as (leader, cards,
        winner), the seat the lord sat before), public after the reveal; see also ``rounds``."""
        return self.board[0][5]

    @property
    def bids(self) -> tuple[int, ...]:
        """Bid per seat this round (-1 before bidding)."""
        return self.board[1]

    @property
    def trump(self) -> int:
        """Trump suit for the current trick (UT-TRUMP-1, UT-TRUMP-2); -1 when the row is empty."""
        return self.board[2]

    @property
    def leader(self) -> int:
        """The place that led (or leads) the current trick."""
        return self.board[3]

    @property
    def round_tricks(self) -> tuple[TrickEntry, ...]:
        """This round's finished tricks as places and cards: (leader, cards, winner).

        (Formerly called ``tricks``; ``tricks`` is now the record of the whole game.)
        """
        return self.board[4]

    # -- the record of play -----------------------------------------------------------

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        """Every finished trick of the game, across rounds, in order (UT-TRICK-1, UT-TRICK-2).

        Players are seats (``int``) or the NPCs by name, ``"lord"`` and ``"young lord"``
        (UT-SETUP-2); ``rule`` is ``UT-TRICK-1`` (the highest trump, else the highest card of
        the suit led).
        """
        players = self.rules.players
        out: list[TrickRecord] = []
        rounds = [(r, res[2], res[3]) for r, res in enumerate(self.results)]
        if self.current_player is not None:
            rounds.append((self.round, self.board[4], self.lord_before))
        for r, entries, lord_before in rounds:
            for entry in entries:
                out.append(_trick_record(len(out), r, entry, players, lord_before))
        return tuple(out)

    @property
    def rounds(self) -> tuple[UtsukeRound, ...]:
        """Every finished round (UT-SCORE-1..UT-SCORE-4), with how it ended (UT-END-1..UT-END-3).

        ``points`` is the honour each seat gained, so ``scores`` (the honour) is the sum of
        ``points`` over the rounds.
        """
        players = self.rules.players
        out: list[UtsukeRound] = []
        chips = [0] * players
        honour = [0] * players
        last = len(self.results) - 1
        for r, (bids, won, _, lord_before) in enumerate(self.results):
            lord = won[players]
            gains = honour_gains(bids, lord)
            exact = lord in bids
            changes = tuple(
                ScoreChange(s, g, f"bid {bids[s]}, the lord took {lord}: "
                            + ("exact" if exact else "closest"), "UT-SCORE-2" if exact else "UT-SCORE-3")
                for s, g in enumerate(gains) if g
            )
            gained = tuple(int(won[s] > lord) for s in range(players))
            for s in range(players):
                honour[s] += gains[s]
                chips[s] += gained[s]
            if r == last and self.current_player is None:
                w, c = self.rules.honour_to_win, self.rules.chips_to_lose
                losers = [s for s in range(players) if chips[s] >= c]
                if losers:
                    names = ", ".join(map(str, losers))
                    end = f"the round's cards were played; seats {names} reached {c} execution chips and lose"
                    rule = "UT-END-2"
                else:
                    top = [s for s in range(players) if honour[s] >= w]
                    names = ", ".join(map(str, top))
                    end = f"the round's cards were played; seats {names} reached {w} honour: the game ends"
                    rule = "UT-END-1"
            else:
                end, rule = "the round's cards were played; the lord moves on", "UT-END-3"
            out.append(UtsukeRound(r, gains, changes, end, rule, bids=bids, lord_tricks=lord,
                                   won=tuple(won[:players]), chips=gained, lord_before=lord_before))
        return tuple(out)

    @property
    def phase(self) -> Phase:
        """Bidding, playing, or over (UT-BID-2, UT-PLAY-1, UT-END-1)."""
        seat = self.current_player
        if seat is None:
            return Phase.OVER
        return Phase.BIDDING if self.board[1][seat] < 0 else Phase.PLAYING

    @property
    def won(self) -> tuple[int, ...]:
        """Tricks won this round per place."""
        return self.board[5]

    # -- contract -------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat to act (``current_player``), or ``None`` once the game is over."""
        return self.current_player

    @property
    def bidding(self) -> bool:
        """Whether the players are bidding (UT-BID-2): the seat to act has not bid yet."""
        seat = self.current_player
        return seat is not None and self.board[1][seat] < 0

    @property
    def lord_row(self) -> tuple[int, ...]:
        """The lord's face-up row, leftmost first; the chip lies on the last card (UT-SETUP-5)."""
        return self.hands[self.rules.players]

    @property
    def young_row(self) -> tuple[int, ...]:
        """The young lord's row with 2 players (UT-SETUP-2), else empty."""
        return self.hands[3] if self.rules.players == 2 else ()

    def legal_actions(self) -> tuple[UtsukeAction, ...]:
        seat = self.current_player
        if seat is None:
            return ()
        if self.board[1][seat] < 0:
            return _BID  # UT-BID-1, UT-BID-2, UT-RULING-7: one action of 16 (bids 0..15)
        hand = self.hands[seat]
        trick = self.trick
        if trick:  # UT-PLAY-2: follow the lead suit if possible (hands are sorted by suit)
            lo = _SUIT_LO[trick[0]]
            i = bisect_left(hand, lo)
            j = bisect_left(hand, lo + _NRANKS, i)
            if i < j:
                return tuple(map(_PLAY_OF, hand[i:j]))
        return tuple(map(_PLAY_OF, hand))

    def apply(self, action: UtsukeAction) -> UtsukeState:
        seat = self.current_player
        if seat is None:
            raise self.illegal("the game is over", "UT-END-1", action)
        board = self.board
        bids = board[1]
        if bids[seat] < 0:
            if type(action) is not Bid:
                raise self.illegal(f"seat {seat} must bid first", "UT-BID-1", action)
            t = action.tricks
            if type(t) is not int or not 0 <= t <= MAX_BID:  # UT-BID-1, UT-COMP-2: the bid cards make 0..15
                raise self.illegal(f"a bid is an int from 0 to {MAX_BID}, not {t!r}", "UT-BID-1", action)
            return self._bid(seat, action)
        if type(action) is not Play:
            raise self.illegal(f"seat {seat} must play a card", "UT-PLAY-2", action)
        card = action.card
        if type(card) is not int:  # never coerce: Play(True) is not Play(1)
            raise self.illegal(f"a card is an int 0..{DECK.size - 1}, not {card!r}", "UT-PLAY-2", action)
        hand = self.hands[seat]
        try:
            i = hand.index(card)
        except ValueError:
            raise self.illegal(f"seat {seat} does not hold that card", "UT-PLAY-2", action) from None
        trick = self.trick
        if trick:
            lo = _SUIT_LO[trick[0]]
            hi = lo + _NRANKS
            if not lo <= card < hi:
                j = bisect_left(hand, lo)
                if j < len(hand) and hand[j] < hi:
                    raise self.illegal("a card of the lead suit must be played", "UT-PLAY-2", action)
            trick += (card,)
        else:
            lo = _SUIT_LO[card]
            hi = lo + _NRANKS
            trick = (card,)
        hands = list(self.hands)
        hands[seat] = hand[:i] + hand[i + 1 :]
        nxt = board[0][2]
        place = nxt[seat]
        nplaces = len(hands)
        players = len(bids)
        if len(trick) < nplaces:
            if place < players:
                # the next place is a seat in the same trick: nothing happens in between
                link = (self.log, action)
                return _new_state(self.rules, self.setup, link, board, tuple(hands), trick, place)
            # UT-LORD-2, UT-LORD-3 (UT-LORD-5): an NPC follows with its highest card of the
            # suit led (``lo .. hi - 1``), else its leftmost card, as npc_card.
            row = hands[place]
            best = -1
            for c in row:
                if lo <= c < hi and c > best:
                    best = c
            i = row.index(best) if best >= 0 else 0
            trick += (row[i],)
            hands[place] = row[:i] + row[i + 1 :]
            place = nxt[place]
            if len(trick) < nplaces:
                # the trick goes on: a seat always comes after an NPC (UT-SETUP-1, UT-SETUP-2)
                link = (self.log, action)
                return _new_state(self.rules, self.setup, link, board, tuple(hands), trick, place)
        # The trick is complete. UT-TRICK-1, UT-RULING-1: the highest trump, else the highest
        # card of the lead suit takes it.
        trump = board[2]
        strength = _STRENGTH[trump][_SUIT[trick[0]]]
        top = 0
        p = winner = leader = board[3]
        for c in trick:  # the strengths of trumps and lead-suit cards are all distinct
            if strength[c] > top:
                top = strength[c]
                winner = p
            p = nxt[p]
        won = board[5]
        won = won[:winner] + (won[winner] + 1,) + won[winner + 1 :]  # UT-TRICK-2
        tricks = board[4] + ((leader, trick, winner),)
        # UT-TRUMP-2, UT-RULING-12: the chip stayed on its card during the trick (whichever
        # conduct rule played it) and now moves to the lord's rightmost card; UT-TRUMP-1,
        # UT-RULING-3: only the lord's row sets the trump, never the young lord's.
        row = hands[players]
        if not row:
            link = (self.log, action)
            return self._end_round(link, (board[0], bids, -1, leader, tricks, won), tuple(hands))
        board = (board[0], bids, _SUIT[row[-1]], winner, tricks, won)
        # UT-PLAY-1: the winner leads
        if winner < players:
            link = (self.log, action)
            return _new_state(self.rules, self.setup, link, board, tuple(hands), (), winner)
        # UT-LORD-4 (UT-LORD-5): an NPC leads after its win with its rightmost card; a seat
        # always comes after an NPC (UT-SETUP-1, UT-SETUP-2).
        row = hands[winner]
        hands[winner] = row[:-1]
        link = (self.log, action)
        return _new_state(self.rules, self.setup, link, board, tuple(hands), row[-1:], nxt[winner])

    @property
    def scores(self) -> tuple[int, ...]:
        """Honour (誉) per seat (UT-SCORE-2, UT-SCORE-3; UT-COMP-3: honour and chips)."""
        return self.honour

    @property
    def losers(self) -> frozenset[int]:
        """Seats with the losing number of execution chips, once the game is over (UT-END-2)."""
        if self.current_player is not None:
            return frozenset()
        c = self.rules.chips_to_lose
        return frozenset(s for s, v in enumerate(self.chips) if v >= c)

    @property
    def winners(self) -> frozenset[int]:
        """The winning seats once the game is over (UT-END-1, UT-END-2, UT-RULING-4).

        Players with enough honour who did not lose win together. If there are none, the
        game ended by a loss: with ``on_loss='survivors'`` every player who did not lose
        wins; with ``'most_honour'`` the non-losers with the most honour. If every player
        lost (UT-RULING-4), nobody wins: ``winners`` is empty and ``losers`` is every seat.
        """
        if self.current_player is not None:
            return frozenset()
        losers = self.losers
        w = self.rules.honour_to_win
        by_honour = frozenset(s for s, h in enumerate(self.honour) if h >= w) - losers
        if by_honour:
            return by_honour
        pool = [s for s in range(self.rules.players) if s not in losers]
        if not pool:  # UT-RULING-4: every seat lost, so nobody wins
            return frozenset()
        if self.rules.on_loss == SURVIVORS:
            return frozenset(pool)
        best = max(self.honour[s] for s in pool)
        return frozenset(s for s in pool if self.honour[s] == best)

    def observation(self, seat: int) -> Observation:
        """Seat's view (UT-INFO-1): own hand and bid; NPC rows, tricks and results are public.

        Perfect recall of public events (UT-RULING-16): this round's tricks, and every
        finished round's bids and tricks.
        """
        players = self._check_seat(seat)
        hands = self.hands
        leader = self.leader
        nxt = self.nxt
        trick: list[tuple[Player, int]] = []
        place = leader
        for c in self.trick:
            trick.append((_player(place, players), c))
            place = nxt[place]
        return Observation(
            seat=seat,
            players=players,
            round=self.round,
            lord_before=self.lord_before,
            bidding=self.bidding,
            hand=hands[seat],
            hand_sizes=tuple(len(hands[s]) for s in range(players)),
            lord_row=hands[players],
            young_row=self.young_row,
            trump=self.trump,
            leader=_player(leader, players),
            trick=tuple(trick),
            tricks=self.tricks,
            won=self.won,
            own_bid=self.bids[seat],
            has_bid=tuple(b >= 0 for b in self.bids),
            honour=self.honour,
            chips=self.chips,
            results=self.results,
            current_player=self.current_player,
        )

    def _check_seat(self, seat: object) -> int:
        """The number of players, if ``seat`` is a real seat (an ``int``, not a bool, in range);
        else ``ValueError`` naming it (an NPC place is not a seat)."""
        players = self.rules.players
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"seat: {seat!r} is not a seat of a {players}-player game (0..{players - 1})")
        return players

    def voids(self) -> tuple[frozenset[int], ...]:
        """Per seat, the suits it has shown it lacks this round by not following (UT-PLAY-2)."""
        players = self.rules.players
        out: list[set[int]] = [set() for _ in range(players)]
        nxt = self.nxt
        for leader, cards, _ in (*self.board[4], (self.leader, self.trick, -1)):
            if not cards:
                continue
            lead = _SUIT[cards[0]]
            place = leader
            for c in cards:
                if place < players and _SUIT[c] != lead:
                    out[place].add(lead)
                place = nxt[place]
        return tuple(frozenset(v) for v in out)

    def resample(self, seat: int, rng: random.Random) -> UtsukeState:
        """Redraw what ``seat`` cannot see: the other seats' hands and current bids.

        The hidden cards are dealt again to the other seats, keeping their hand sizes
        and every suit they have shown they lack (UT-INFO-1); their bids this round are
        redrawn from 0..15 (UT-BID-1) until the reveal. Once the game is over the last
        round's bids are public (UT-SCORE-1) and kept. The deals of the rounds still to
        come are unknown to everyone, so they are redrawn from a fresh seed, and no
        explicit deal is kept (UT-SETUP-4).
        """
        players = self._check_seat(seat)
        others = [s for s in range(players) if s != seat]
        voids = self.voids()
        hidden = sorted(c for s in others for c in self.hands[s])  # canonical: not the real arrangement
        sizes = {s: len(self.hands[s]) for s in others}
        hands = list(self.hands)
        for s, cards in _constrained_deal(hidden, sizes, voids, rng).items():
            hands[s] = tuple(sorted(cards))
        bids = self.bids
        if self.current_player is not None:
            bids = tuple(b if s == seat or b < 0 else rng.randrange(MAX_BID + 1) for s, b in enumerate(bids))
        # a fresh seed and no explicit deals: what was dealt lives in the state, and the order
        # of a partly seen deal is hidden too
        board = (self.board[0], bids, *self.board[2:])
        setup = self.setup.resampled(rng)
        return _new_state(self.rules, setup, None, board, tuple(hands), self.trick, self.current_player)

    # -- engine ---------------------------------------------------------------------

    def _bid(self, seat: int, action: Bid) -> UtsukeState:
        board = self.board
        bids = board[1]
        if bids[seat] >= 0:  # pragma: no cover - the bidding order never returns to a seat
            raise self.illegal(f"seat {seat} has already bid", "UT-BID-2", action)
        bids = bids[:seat] + (action.tricks,) + bids[seat + 1 :]
        match = board[0]
        players = len(bids)
        nxt_seat = seat + 1 if seat + 1 < players else 0
        log = (self.log, action)
        if nxt_seat != match[1]:  # UT-BID-2, UT-RULING-8: bids go clockwise from the lord
            return _new_state(self.rules, self.setup, log, (match, bids, *board[2:]), self.hands, (), nxt_seat)
        # UT-PLAY-1: every bid is in; the lord leads the round's first trick. UT-LORD-1 (UT-LORD-5):
        # it leads its leftmost card (as npc_card); the seat after it plays next (UT-SETUP-1).
        hands = list(self.hands)
        row = hands[players]
        hands[players] = row[1:]
        board = (match, bids, board[2], players, (), board[5])
        return _new_state(self.rules, self.setup, log, board, tuple(hands), row[:1], match[2][players])

    def _end_round(self, log: Log, board: Board, hands: tuple[tuple[int, ...], ...]) -> UtsukeState:
        """UT-SCORE-1..UT-SCORE-4, then UT-END-1..UT-END-4 (``board`` has the round's last trick)."""
        rules = self.rules
        match, bids, _, _, tricks, won = board
        players = len(bids)
        lord = won[players]  # UT-RULING-15: only the lord's tricks count
        gains = honour_gains(bids, lord)
        honour = tuple([h + g for h, g in zip(match[3], gains)])
        chips = tuple([c + (w > lord) for c, w in zip(match[4], won)])
        results = match[5] + ((bids, won, tricks, match[1]),)
        # UT-RULING-14: winning and losing are checked together, only after the results;
        # UT-RULING-10: chips grow by one at most, so ">= chips_to_lose" is "exactly".
        if max(honour) >= rules.honour_to_win or max(chips) >= rules.chips_to_lose:  # UT-END-1, UT-END-2
            board = ((match[0], match[1], match[2], honour, chips, results), *board[1:])
            return _new_state(rules, self.setup, log, board, hands, (), None)
        # UT-END-3, UT-END-4, UT-RULING-9: the lord moves one place clockwise (with two players
        # that swaps the lord and the young lord) and the cards are dealt again.
        return GAME._round_start(rules, self.setup, log, match[0] + 1, (match[1] + 1) % players,
                                 honour, chips, results)


if TYPE_CHECKING:
    _new_state = UtsukeState
else:  # the engine builds its states without attrs' __init__ (about 2.5x cheaper)
    _new_state = state_builder(UtsukeState)


def _feasible(counts: list[int], caps: list[int], allowed: list[list[bool]]) -> bool:
    """Hall's condition: every set of suits fits in the seats that may hold them."""
    suits = [s for s in range(len(counts)) if counts[s]]
    for r in range(1, len(suits) + 1):
        for group in combinations(suits, r):
            need = sum(counts[s] for s in group)
            room = sum(cap for p, cap in enumerate(caps) if any(allowed[p][s] for s in group))
            if need > room:
                return False
    return True


def _constrained_deal(
    cards: list[int], sizes: dict[int, int], voids: tuple[frozenset[int], ...], rng: random.Random
) -> dict[int, list[int]]:
    """Deal ``cards`` to the seats of ``sizes`` at random, never giving a seat a void suit."""
    seats = list(sizes)
    caps = [sizes[s] for s in seats]
    allowed = [[suit not in voids[s] for suit in range(_NSUITS)] for s in seats]
    counts = [0] * _NSUITS
    for c in cards:
        counts[_SUIT[c]] += 1
    order = list(cards)
    rng.shuffle(order)
    out: dict[int, list[int]] = {s: [] for s in seats}
    for c in order:
        suit = _SUIT[c]
        counts[suit] -= 1
        choices = [i for i in range(len(seats)) if caps[i] and allowed[i][suit]]
        rng.shuffle(choices)
        for i in choices:
            caps[i] -= 1
            if _feasible(counts, caps, allowed):
                out[seats[i]].append(c)
                break
            caps[i] += 1
        else:  # pragma: no cover - the true deal is always feasible
            raise AssertionError("UT-INFO-1: no deal of the hidden cards fits the known voids")
    return out


class UtsukeGame(Game[Rules, UtsukeState, UtsukeAction]):
    """UTSUKE: 2-5 players bid on the tricks of the NPC lord."""

    slug = "utsuke"
    title = "UTSUKE (うつけ)"
    prefix = "UT"
    player_counts = range(2, 6)
    deck = DECK
    nobody_may_win = True  # UT-RULING-4: when every seat loses, nobody wins

    def action_table(self, rules: Rules) -> tuple[UtsukeAction, ...]:
        """``bid 0`` .. ``bid 15`` (0..15), then ``play <card>`` for the 60 cards (16..75)."""
        return _TABLE

    def random_deal(self, rules: Rules, rng: random.Random, index: int) -> Deal:
        """A uniformly random order of the 60 cards (sorting by random keys: faster than shuffle)."""
        # one draw per card, in card order, as a key function would take them
        keys = list(starmap(rng.random, repeat((), DECK.size)))
        return tuple(sorted(DECK.cards, key=keys.__getitem__))

    def check_deal(self, rules: Rules, deal: Deal, index: int) -> None:
        """A deal is an order of the 60 cards, each once (UT-SETUP-4); one per round.

        Checked exactly, never coerced: a tuple or list of 60 ``int`` (not bool, float or
        str). There can be no more deals than the game can have rounds, ``max_rounds(rules)``
        (UT-END-5): 9 with the printed rules and four players.
        """
        limit = self.max_rounds(rules)
        if type(index) is not int or not 0 <= index < limit:
            raise ValueError(f"deal {index!r}: a game with these rules has at most {limit} rounds (UT-END-5), "
                             f"so deals 0..{limit - 1}")
        DECK.check_order(deal, index)

    def initial_state(self, rules: Rules, setup: Setup) -> UtsukeState:
        """The first round: the lord at ``rules.first_lord`` (UT-SETUP-3), then the deal."""
        players = rules.players
        return self._round_start(rules, setup, None, 0, rules.first_lord, (0,) * players, (0,) * players, ())

    def _round_start(
        self,
        rules: Rules,
        setup: Setup,
        log: Log,
        round_index: int,
        lord_before: int,
        honour: tuple[int, ...],
        chips: tuple[int, ...],
        results: tuple[RoundResult, ...],
    ) -> UtsukeState:
        """Deal round ``round_index`` (UT-SETUP-4, UT-SETUP-5) and open the bidding (UT-BID-2)."""
        deal = setup.deal(self, rules, round_index)
        players = rules.players
        seats, npcs, no_bids, no_won = _LAYOUT[players]
        hands = [tuple(sorted(deal[cut])) for cut in seats]
        # UT-RULING-2, UT-RULING-17: NPC rows keep the deal's order, leftmost first.
        hands += [deal[cut] for cut in npcs]
        match = (round_index, lord_before, _NEXT[players, lord_before], honour, chips, results)
        board = (match, no_bids, _SUIT[hands[players][-1]], players, (), no_won)
        return _new_state(rules, setup, log, board, tuple(hands), (), lord_before)

    def score_floor(self, rules: Rules) -> int:
        """Honour starts at 0 and never decreases (UT-SCORE-2, UT-SCORE-3)."""
        return 0

    def max_rounds(self, rules: Rules) -> int:
        """UT-END-5: at most ``players * (honour_to_win - 1) + 1`` rounds."""
        return rules.players * (rules.honour_to_win - 1) + 1

    def max_game_length(self, rules: Rules) -> int:
        """UT-END-5: rounds bound times (one bid + one card per trick) per player."""
        return self.max_rounds(rules) * rules.players * (1 + rules.tricks_per_round)

    def check_invariants(self, state: UtsukeState) -> None:
        """Card conservation, the chip's card, equal hands and the score ranges."""
        rules = state.rules
        players = rules.players
        cards = sorted(
            [c for h in state.hands for c in h] + [c for _, t, _ in state.round_tricks for c in t] + list(state.trick)
        )
        if cards != list(DECK.cards):
            raise AssertionError("UT-COMP-1: the 60 cards are not each in exactly one place")
        row = state.hands[players]
        if not state.trick and row and state.trump != _SUIT[row[-1]]:
            raise AssertionError("UT-TRUMP-1: the trump is not the suit of the lord's rightmost card")
        size = rules.tricks_per_round - len(state.round_tricks)
        played: set[int] = set()
        place = state.leader
        for _ in state.trick:
            played.add(place)
            place = state.nxt[place]
        for p, h in enumerate(state.hands):
            if len(h) != size - (p in played):
                raise AssertionError("UT-SETUP-4: a hand has the wrong number of cards")
        if sum(state.won) != len(state.round_tricks):
            raise AssertionError("UT-TRICK-2: tricks won do not add up to tricks played")
        if state.current_player is not None:
            if max(state.honour) >= rules.honour_to_win or max(state.chips) >= rules.chips_to_lose:
                raise AssertionError("UT-END-1: the game goes on although a player has won or lost")
            if len(state.results) >= self.max_rounds(rules):
                raise AssertionError("UT-END-5: more rounds than the proved bound")
        if sum(state.honour) < len(state.results):
            raise AssertionError("UT-END-5: a round passed in which nobody gained honour")

    # -- tensor ------------------------------------------------------------------------

    def observation_size(self, rules: Rules) -> int:
        return _TENSOR_SIZE

    def encode_observation(self, rules: Rules, observation: Any) -> tuple[int, ...]:
        """The fields of :class:`Observation` as ints; layout in ``docs/games/utsuke.md``."""
        o: Observation = observation
        n = DECK.size
        out = [0] * _TENSOR_SIZE
        out[o.seat] = 1  # 0: seat one-hot (5)
        out[5 + o.players - 2] = 1  # 5: players one-hot (4)
        out[9] = o.round  # 9: round index
        out[10 + o.lord_before] = 1  # 10: lord place (5)
        out[15] = int(o.bidding)  # 15: bidding phase
        if o.current_player is not None:
            out[16 + o.current_player] = 1  # 16: current player (5)
        base = 21
        for c in o.hand:  # 21: own hand (60)
            out[base + c] = 1
        base += n
        for i, c in enumerate(o.lord_row):  # 81: lord's row position, 1 = leftmost (60)
            out[base + c] = i + 1
        base += n
        for i, c in enumerate(o.young_row):  # 141: young lord's row position (60)
            out[base + c] = i + 1
        base += n
        if o.trump >= 0:
            out[base + o.trump] = 1  # 201: trump suit (5)
        base += _NSUITS
        for i, (_, c) in enumerate(o.trick):  # 206: current trick, order played (60)
            out[base + c] = i + 1
        base += n
        players = o.players
        out[base + _slot(o.leader)] = 1  # 266: leader place (7)
        base += 7
        for t in o.tricks:  # 273: cards played in earlier tricks this round (60)
            if t.round == o.round:
                for c in t.cards:
                    out[base + c] = 1
        base += n
        for p, w in enumerate(o.won):  # 333: tricks won per place (7)
            out[base + _place_slot(p, players)] = w
        base += 7
        for s, size in enumerate(o.hand_sizes):  # 340: hand sizes (5)
            out[base + s] = size
        base += 5
        if o.own_bid >= 0:
            out[base + o.own_bid] = 1  # 345: own bid one-hot (16)
        base += MAX_BID + 1
        for s, done in enumerate(o.has_bid):  # 361: has bid (5)
            out[base + s] = int(done)
        base += 5
        for s in range(players):  # 366: honour (5), 371: chips (5)
            out[base + s] = o.honour[s]
            out[base + 5 + s] = o.chips[s]
        base += 10
        if o.results:  # 376: last round's bids + 1 (5), 381: the lord's tricks then (1)
            bids, won, _, _ = o.results[-1]
            for s, b in enumerate(bids):
                out[base + s] = b + 1
            out[base + 5] = won[players]
        return tuple(out)

    # -- players and reports ---------------------------------------------------------

    def heuristic_action(self, state: UtsukeState, rng: random.Random) -> UtsukeAction:
        """Bid the lord's high cards and trumps; play to keep the lord on one's bid.

        Bidding: count the lord's cards that are trumps or numbered 10 or more. Playing:
        duck (play the lowest card) when winning would take more tricks than the lord
        or when the lord still needs tricks to reach one's bid; otherwise win as cheaply
        as possible. Draws nothing from ``rng``.
        """
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: nobody is to act")
        players = state.rules.players
        board = state.board
        bids = board[1]
        trump = board[2]
        if bids[seat] < 0:  # bidding
            guess = 0
            for c in state.hands[players]:  # the lord's row
                if _SUIT[c] == trump or _RANK[c] >= 10:
                    guess += 1
            return _BID[min(MAX_BID, guess * 2 // 3)]
        won = board[5]
        lord = won[players]
        duck = won[seat] >= lord or lord < bids[seat]
        # the legal plays' cards (as in legal_actions: the lead suit's run if held, UT-PLAY-2),
        # by number (a stable sort)
        hand = state.hands[seat]
        trick = state.trick
        if trick:
            lo = _SUIT_LO[trick[0]]
            i = bisect_left(hand, lo)
            j = bisect_left(hand, lo + _NRANKS, i)
            if i < j:
                hand = hand[i:j]
        cards = sorted(hand, key=_RANK.__getitem__)
        if not trick:
            return _PLAY[cards[0] if duck else cards[-1]]
        strength = _STRENGTH[trump][_SUIT[trick[0]]]
        top = -1
        for c in trick:
            k = strength[c]
            if k > top:
                top = k
        if duck:  # the highest losing card, else the lowest (winning) card
            for c in reversed(cards):
                if strength[c] <= top:
                    return _PLAY[c]
            return _PLAY[cards[0]]
        for c in cards:  # the lowest winning card, else the lowest card
            if strength[c] > top:
                return _PLAY[c]
        return _PLAY[cards[0]]

    def end_stats(self, state: UtsukeState) -> dict[str, float]:
        """Rounds played and how the game ended."""
        players = state.rules.players
        losers = state.losers
        w = state.rules.honour_to_win
        by_honour = any(h >= w and s not in losers for s, h in enumerate(state.honour))
        exact = sum(1 for bids, won, _, _ in state.results for b in bids if b == won[players])
        return {
            "rounds": len(state.results),
            "ended_by_honour": int(by_honour),
            "ended_by_loss": int(bool(losers)),
            "losers": len(losers),
            "everyone_lost": int(len(losers) == players),
            "winners": len(state.winners),
            "exact_bids": exact,
            "lord_tricks_mean": sum(won[players] for _, won, _, _ in state.results) / max(1, len(state.results)),
        }


def _place_slot(place: int, players: int) -> int:
    """Tensor slot of a place: seats 0..4, the lord 5, the young lord 6."""
    return place if place < players else 5 + place - players


def _slot(player: Player) -> int:
    """Tensor slot of a named player: seats 0..4, the lord 5, the young lord 6."""
    return player if type(player) is int else 5 + _NPC_NAMES.index(player)


_TENSOR_SIZE = 382

GAME = UtsukeGame(Rules, UtsukeState)
UtsukeState.GAME = GAME
