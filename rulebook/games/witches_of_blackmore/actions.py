"""The Witches of Blackmore's actions (play a card, lay a captured card as the new trump,
keep the trump), the action table and the :class:`Phase` of a position.

>>> [str(a) for a in (_PLAY[0], _REPLACE[53], _KEEP)], len(_TABLE)
(['play R1', 'trump O9', 'keep'], 109)
>>> _PLAY[0], _REPLACE[53]
(Play(card=R1), Replace(card=O9))
"""

from __future__ import annotations

import enum

import attrs

from rulebook.core.contract import Action

from .rules import DECK, _card_text

__all__ = ["OVER", "PLAYING", "REPLACING", "Keep", "Phase", "Play", "Replace", "WitchesAction"]


@attrs.frozen(slots=True)
class Play(Action):
    """Play ``card`` to the current trick (WB-PLAY-1)."""

    card: int = attrs.field(repr=DECK.shown)

    def __str__(self) -> str:
        return f"play {_card_text(self.card)}"


@attrs.frozen(slots=True)
class Replace(Action):
    """Lay the captured ``card`` on the trump stack as the new trump (WB-TRUMP-1)."""

    card: int = attrs.field(repr=DECK.shown)

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
