"""The Witches of Blackmore's options and components: the deck, the witches' wheel and the
trick tables built from it (WB-COMP-1, WB-COMP-2, WB-RANK-2, WB-TRICK-1..3).

>>> DECK.text(0), DECK.text(53), wheel_order(3, ASCENDING)
('R1', 'O9', (3, 4, 5, 6, 7, 8, 9, 1, 2))
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from rulebook.core.cards import Deck
from rulebook.core.contract import Deal
from rulebook.core.options import option, validate_choices
from rulebook.core.tricks import win_keys
from rulebook.errors import InvalidRules

__all__ = [
    "ASCENDING",
    "DECK",
    "DESCENDING",
    "Board",
    "Rules",
    "TrickEntry",
    "check_deal",
    "random_deal",
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

#: trick-winner rule by the number of trumps in the trick (0, 1, 2 or more)
_TRICK_RULE = ("WB-TRICK-3", "WB-TRICK-1", "WB-TRICK-2")

#: players -> first seat -> every seat clockwise from it (WB-TRICK-5, WB-DRAW-1)
_ROTATION = {n: tuple(tuple((s + i) % n for i in range(n)) for s in range(n)) for n in range(2, 7)}

#: one finished trick as the state keeps it (private to the engine; the public view is a
#: :class:`~rulebook.core.history.TrickRecord`): (seats in play order, cards, winner, trump
#: colour during the trick (6: none)), plus the card the winner then laid on the trump stack, if any
TrickEntry = tuple[Any, ...]
#: the state's internal ``board`` (deck, drawn, trumps, anchor, captured, exhausted, known,
#: finished tricks): see the state's properties, which are its public views
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


def _card_text(card: object) -> str:
    """The text of ``card`` if it is a card, else its ``repr`` (safe for error messages)."""
    return DECK.text(card) if type(card) is int and 0 <= card < DECK.size else repr(card)


def random_deal(rng: random.Random) -> Deal:
    """The whole deck in a random order (WB-SETUP-1)."""
    order = list(DECK.cards)
    rng.shuffle(order)
    return tuple(order)


def check_deal(deal: Deal, index: int) -> None:
    """A deal is an order of the 54 cards, each once (WB-SETUP-1); the game has one deal.

    Checked exactly, never coerced: a tuple or list of 54 ``int`` (not bool, float or str).
    """
    if type(index) is not int or index != 0:
        raise ValueError(f"deal {index!r}: The Witches of Blackmore has a single deal (deal 0)")
    DECK.check_order(deal, index)
