"""Seven Prophecies' options and components: the deck, the cubes, the cards in play, the ranking.

>>> places([DECK.parse("B5"), DECK.parse("C5"), DECK.parse("A2"), DECK.parse("B9")], 0)
(4, 3, 1, 2)
"""

from __future__ import annotations

import attrs

from rulebook.core.cards import Deck
from rulebook.core.options import option, validate_choices
from rulebook.errors import InvalidRules

__all__ = [
    "ASIDE",
    "CUBES",
    "DECK",
    "LAST_PLACE",
    "MOST_CUBES",
    "POINTS",
    "ROUND_DECK",
    "SHARE",
    "TRICKS",
    "TWICE",
    "Rules",
    "SPRules",
    "TrickRow",
    "places",
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


# -- ranking --------------------------------------------------------------------------

#: (future suit, card) -> ranking key; the future suit ranks above all (SP-RANK-1, SP-RANK-2)
_KEY = tuple(tuple((100 if _SUIT[c] == s else 0) + _RANK[c] for c in DECK.cards) for s in range(4))

#: a seat's rotation: ``_ROT[n][leader][s]`` is the play position of seat ``s`` in a trick led by ``leader``
_ROT = {n: tuple(tuple((s - leader) % n for s in range(n)) for leader in range(n)) for n in (3, 4)}

#: a finished trick as the hot path keeps it (private to the engine; the public record is
#: :class:`~rulebook.games.seven_prophecies.PlacedTrick`): (leader, the card each seat played,
#: the place each seat took), the last two indexed by seat
TrickRow = tuple[int, tuple[int, ...], tuple[int, ...]]


def places(cards: tuple[int, ...] | list[int], future_suit: int) -> tuple[int, ...]:
    """The place (1 = first) of each card of a trick, given in play order (SP-RANK-1, SP-RANK-2).

    Cards of the future suit rank above the others, higher number first; the
    others compare by number alone, and of two equal numbers the card played
    later ranks higher (SP-RANK-3). The future card's own number plays no part.
    """
    key = _KEY[future_suit]
    n = len(cards)
    order = sorted(range(n), key=lambda i: (key[cards[i]], i), reverse=True)
    out = [0] * n
    for place, i in enumerate(order, 1):
        out[i] = place
    return tuple(out)
