"""UTSUKE's options and components as data: :class:`Rules`, the deck, the seating and trick
tables, the shapes of the engine's compact tuples, and the lord's conduct (:func:`npc_card`).

Places: the real players are seats ``0..players-1``; the lord is place ``players`` and, with two
players, the young lord (若) is place ``players + 1`` (UT-SETUP-2). The record of play names the
NPC places ``"lord"`` and ``"young lord"``.
"""

from __future__ import annotations

import attrs

from rulebook.core.cards import Deck
from rulebook.core.history import Player
from rulebook.core.options import option, validate_choices
from rulebook.core.tricks import win_keys
from rulebook.errors import InvalidRules

__all__ = ["DECK", "LORD", "MAX_BID", "MOST_HONOUR", "SURVIVORS", "YOUNG_LORD", "Rules", "npc_card"]

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
