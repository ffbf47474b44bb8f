"""UTSUKE's actions (:class:`Bid`, :class:`Play`), the :class:`Phase` enum and the action table."""

from __future__ import annotations

import enum
from functools import lru_cache
from typing import TYPE_CHECKING

import attrs

from rulebook.core.contract import Action

from .rules import BID_CEILING, DECK, MAX_BID

if TYPE_CHECKING:
    from .rules import Rules

__all__ = ["Bid", "Phase", "Play", "UtsukeAction"]


class Phase(enum.IntEnum):
    """What happens next: the players bid, they play cards, or the game is over."""

    BIDDING = 0
    PLAYING = 1
    OVER = 2


@attrs.frozen(slots=True)
class Bid(Action):
    """Secretly bid that the lord takes ``tricks`` tricks this round (UT-BID-1, UT-BID-2)."""

    tricks: int

    def __str__(self) -> str:
        return f"bid {self.tricks!r}" if type(self.tricks) is not int else f"bid {self.tricks}"


@attrs.frozen(slots=True)
class Play(Action):
    """Play ``card`` to the current trick (UT-PLAY-2)."""

    card: int = attrs.field(repr=DECK.shown)

    def __str__(self) -> str:
        card = self.card
        return f"play {DECK.text(card) if type(card) is int and 0 <= card < DECK.size else repr(card)}"


UtsukeAction = Bid | Play

#: every bid any bid cards may make (UT-RULING-24); the printed table holds the first 16
_BID = tuple(Bid(b) for b in range(BID_CEILING + 1))
_PLAY = tuple(Play(c) for c in DECK.cards)
_TABLE: tuple[UtsukeAction, ...] = _BID[: MAX_BID + 1] + _PLAY
_PLAY_OF = _PLAY.__getitem__


@lru_cache(maxsize=64)
def _wide_table(top: int) -> tuple[UtsukeAction, ...]:
    return _BID[: top + 1] + _PLAY


def action_table(rules: Rules) -> tuple[UtsukeAction, ...]:
    """``bid 0`` .. ``bid 15`` (0..15), then ``play <card>`` for the 60 cards (16..75); with bids above 15
    (``max_bid``, UT-RULING-24) ``bid 0`` .. ``bid max_bid``, then the 60 plays.

    >>> from rulebook.games.utsuke import Rules
    >>> len(action_table(Rules())), len(action_table(Rules(bid_cards=(1, 2, 4, 8, 16), max_bid=19)))
    (76, 80)
    """
    return _TABLE if rules.max_bid <= MAX_BID else _wide_table(rules.max_bid)


@lru_cache(maxsize=256)
def bid_actions(values: tuple[int, ...]) -> tuple[Bid, ...]:
    """The ``bid`` moves of the bids ``values`` (``Rules.bids``: UT-COMP-2, UT-RULING-24)."""
    return tuple(_BID[v] for v in values)
