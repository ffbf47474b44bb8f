"""UTSUKE's actions (:class:`Bid`, :class:`Play`), the :class:`Phase` enum and the action table."""

from __future__ import annotations

import enum

import attrs

from rulebook.core.contract import Action

from .rules import DECK, MAX_BID

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

    card: int

    def __str__(self) -> str:
        card = self.card
        return f"play {DECK.text(card) if type(card) is int and 0 <= card < DECK.size else repr(card)}"


UtsukeAction = Bid | Play

_BID = tuple(Bid(b) for b in range(MAX_BID + 1))
_PLAY = tuple(Play(c) for c in DECK.cards)
_TABLE: tuple[UtsukeAction, ...] = _BID + _PLAY
_PLAY_OF = _PLAY.__getitem__
