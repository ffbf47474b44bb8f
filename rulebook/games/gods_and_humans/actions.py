"""The gods-and-humans actions, the ``Phase`` enum and the action table.

>>> [str(a) for a in _TABLE[:8]], len(_TABLE)
(['oracle 0', 'oracle 1', 'oracle 2', 'oracle 3', 'oracle 4', 'oracle 5', 'intervene', 'pass'], 104)
"""

from __future__ import annotations

import enum
from operator import itemgetter

import attrs

from rulebook.core.contract import Action
from rulebook.errors import IllegalAction

from .rules import DECK

__all__ = ["ASK", "FORCED", "GIVE", "LONE", "ORACLE", "OVER", "PHASES", "PLAY", "GHAction", "Give", "Intervene",
           "Oracle", "Pass", "Phase", "Play"]


class Phase(enum.IntEnum):
    """What the game is waiting for (``state.phase``); an ``IntEnum``, so it compares as an int."""

    #: gods predict, one after another (GH-ORACLE-1)
    ORACLE = 0
    #: the lone human predicts (GH-ORACLE-3)
    LONE = 1
    #: gods are asked in turn whether they intervene (GH-INTERVENE-2)
    ASK = 2
    #: a god gives each human one card (GH-INTERVENE-3)
    GIVE = 3
    #: the forced, face-down intervention (GH-FORCED-2)
    FORCED = 4
    #: a trick is being played (GH-TRICK-1)
    PLAY = 5
    #: the game is over (GH-END-2)
    OVER = 6


ORACLE, LONE, ASK, GIVE, FORCED, PLAY, OVER = Phase
PHASES = tuple(p.name.lower() for p in Phase)


def _card_text(card: object) -> str:
    """The text of a card, or the ``repr`` of anything that is not one (safe in error messages)."""
    if type(card) is int and 0 <= card < DECK.size:
        return DECK.text(card)
    return repr(card)


def _malformed(action: object, name: str, rule: str) -> IllegalAction:
    """The error for an action whose field ``name`` is not an ``int``."""
    value = getattr(action, name, None)
    return IllegalAction(
        f"{action} is not legal: its {name} must be an int, not {type(value).__name__} {value!r}", rule, action
    )


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

    card: int = attrs.field(repr=DECK.shown)

    def __str__(self) -> str:
        return f"give {_card_text(self.card)}"


@attrs.frozen(slots=True)
class Play(Action):
    """Play ``card`` to the current trick (GH-TRICK-1)."""

    card: int = attrs.field(repr=DECK.shown)

    def __str__(self) -> str:
        return f"play {_card_text(self.card)}"


GHAction = Oracle | Intervene | Pass | Give | Play

_ORACLE = tuple(Oracle(k) for k in range(6))
_ORACLE_NUMBERS = frozenset(range(6))
_INTERVENE = Intervene()
_PASS = Pass()
_GIVE = tuple(Give(c) for c in DECK.cards)
_PLAY = tuple(Play(c) for c in DECK.cards)
_TABLE: tuple[GHAction, ...] = (*_ORACLE, _INTERVENE, _PASS, *_GIVE, *_PLAY)
_ASK_ACTIONS: tuple[GHAction, ...] = (_INTERVENE, _PASS)


def _gives(cards: tuple[int, ...]) -> tuple[GHAction, ...]:
    """The ``Give`` actions of ``cards``, in their order."""
    if len(cards) > 1:
        return itemgetter(*cards)(_GIVE)  # type: ignore[no-any-return]
    return (_GIVE[cards[0]],) if cards else ()

