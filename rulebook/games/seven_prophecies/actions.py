"""Seven Prophecies' actions, phases and action tables (SP-PROPH-1, SP-PLAY-1).

>>> from rulebook.games.seven_prophecies.rules import Rules
>>> [str(a) for a in action_table(Rules(players=3))[:4]]
['prophesy 1', 'prophesy 2', 'prophesy 3', 'play A1']
"""

from __future__ import annotations

import enum
import functools

import attrs

from rulebook.core.contract import Action

from .rules import DECK, Rules, in_play

__all__ = ["OVER", "PROPHECY", "TRICK", "Phase", "Play", "ProphecyAction", "Prophesy", "action_table"]


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

    card: int = attrs.field(repr=DECK.shown)

    def __str__(self) -> str:
        card = self.card
        if type(card) is int and 0 <= card < DECK.size:
            return f"play {DECK.text(card)}"
        return f"play {card!r}"  # not a card: still printable, for the error that rejects it


ProphecyAction = Prophesy | Play

_PROPHESY: tuple[Prophesy, ...] = tuple(Prophesy(p) for p in range(1, 6))
_PLAY = tuple(Play(c) for c in DECK.cards)
@functools.lru_cache(maxsize=256)
def _table(players: int, cards: tuple[int, ...]) -> tuple[ProphecyAction, ...]:
    return (*(Prophesy(p) for p in range(1, players + 1)), *(_PLAY[c] for c in cards))


def action_table(rules: Rules) -> tuple[ProphecyAction, ...]:
    """``prophesy 1..P`` then ``play <card>`` for every card in play (SP-SETUP-5, ``Rules.removed``)."""
    return _table(rules.players, in_play(rules))


# (players, every_place, cubes, own cubes so far) -> legal prophecy actions (SP-PROPH-1, SP-RULING-3, SP-RULING-4)
_PROPHECY_LEGAL: dict[tuple[int, bool, int, tuple[int, ...]], tuple[Prophesy, ...]] = {}


def _prophecy_legal(players: int, every: bool, cubes: int, own: tuple[int, ...]) -> tuple[Prophesy, ...]:
    key = (players, every, cubes, own)
    out = _PROPHECY_LEGAL.get(key)
    if out is None:
        placed = sum(own)
        last = max((p + 1 for p in range(players) if own[p]), default=0)
        legal = []
        for p in range(max(last, 1), players + 1):
            if every and (p > last + 1 or cubes - placed - 1 < players - p):
                continue  # SP-RULING-3: no place may stay empty
            legal.append(_PROPHESY[p - 1])
        out = _PROPHECY_LEGAL[key] = tuple(legal)
    return out


# (players, every_place, cubes, own cubes, action) -> (own cubes after it, whether all are down)
_PROPHECY_STEP: dict[tuple[int, bool, int, tuple[int, ...], Prophesy], tuple[tuple[int, ...], bool]] = {}


def _prophecy_step(
    players: int, every: bool, cubes: int, own: tuple[int, ...], action: Prophesy
) -> tuple[tuple[int, ...], bool] | None:
    """The effect of a legal prophecy action (memoised), or ``None`` if it is not legal."""
    if action not in _prophecy_legal(players, every, cubes, own):
        return None
    p = action.place - 1
    after = (*own[:p], own[p] + 1, *own[p + 1 :])
    out = _PROPHECY_STEP[(players, every, cubes, own, action)] = (after, sum(after) == cubes)
    return out
