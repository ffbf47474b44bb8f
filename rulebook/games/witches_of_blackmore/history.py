"""The Witches of Blackmore's public record of play: ``tricks`` and ``rounds`` as the shared
:class:`~rulebook.core.history.TrickRecord` and :class:`~rulebook.core.history.RoundRecord`,
built lazily from the compact trick entries the state keeps (WB-TRICK-1..4, WB-SCORE-1,
WB-TRUMP-1, WB-END-4)."""

from __future__ import annotations

from functools import lru_cache
from itertools import starmap
from typing import TYPE_CHECKING, Any

from rulebook.core.history import RoundRecord, ScoreChange, TrickRecord

from .rules import _SUIT, _TRICK_RULE, DECK, WEAKEST

if TYPE_CHECKING:
    from .state import WitchesState

__all__ = ["rounds", "trick_record", "tricks"]


@lru_cache(maxsize=1 << 16)
def _trick_record(number: int, entry: tuple[Any, ...], weakest: bool = False) -> TrickRecord:
    """The record of the compact trick entry ``(order, cards, winner, trump suit)``; under
    ``wins=weakest`` a trick that the wheel decided cites WB-TRICK-6.

    Cached: every observation carries the game's tricks, and most of them repeat.
    """
    order, cards, winner, tsuit = entry[0], entry[1], entry[2], entry[3]
    trumps = sum(1 for c in cards if _SUIT[c] == tsuit)
    rule = "WB-TRICK-6" if weakest and trumps != 1 else _TRICK_RULE[min(trumps, 2)]
    return TrickRecord(number, 0, order[0], tuple(zip(order, cards)), winner, rule)


def tricks(state: WitchesState) -> tuple[TrickRecord, ...]:
    """Every finished trick, in order (see :attr:`WitchesState.tricks`); under a variant's own
    trick resolution (WB-LOGIC-1) each cites ``variant:trick_winner``, with the winner it chose."""
    if state.rules.logic.trick_winner is not None:  # WB-LOGIC-1: the stored winner, never recomputed
        return tuple(_variant_record(n, e) for n, e in enumerate(state.board[7]))
    if state.rules.wins == WEAKEST:  # WB-TRICK-6
        return tuple(_trick_record(n, e, True) for n, e in enumerate(state.board[7]))
    return tuple(starmap(_trick_record, enumerate(state.board[7])))


def _variant_record(number: int, entry: tuple[Any, ...]) -> TrickRecord:
    order, cards, winner = entry[0], entry[1], entry[2]
    return TrickRecord(number, 0, order[0], tuple(zip(order, cards)), winner, "variant:trick_winner")


def trick_record(state: WitchesState, number: int) -> TrickRecord:
    """The record of finished trick ``number`` (what :func:`tricks` gives for it)."""
    entry = state.board[7][number]
    if state.rules.logic.trick_winner is not None:  # WB-LOGIC-1
        return _variant_record(number, entry)
    return _trick_record(number, entry, state.rules.wins == WEAKEST)


def rounds(state: WitchesState) -> tuple[RoundRecord, ...]:
    """``()`` until the game ends, then its one round record (see :attr:`WitchesState.rounds`)."""
    if state.current_player is not None:
        return ()
    changes: list[ScoreChange] = []
    worth = state.board[8].points  # WB-SCORE-1, WB-SCORE-3
    for number, entry in enumerate(state.board[7]):
        winner = entry[2]
        if type(winner) is not int:  # WB-RULING-16: a trick no seat took left the game, scoring nobody
            continue
        changes.append(
            ScoreChange(winner, sum(worth[c] for c in entry[1]), f"captured trick {number}", "WB-SCORE-1")
        )
        if len(entry) > 4:
            card = entry[4]
            changes.append(
                ScoreChange(winner, -worth[card], f"laid {DECK.text(card)} on the trump stack", "WB-TRUMP-1")
            )
    counts = state.board[9]
    if counts is not None:  # WB-LOGIC-2: the points the variant's counters added
        changes.extend(
            ScoreChange(seat, extra, "changed by the variant's rules", "variant:counters")
            for seat, extra in enumerate(counts[0])
            if extra
        )
        if counts[1]:  # WB-LOGIC-3: the variant's ending
            points = _points(changes, state.rules.players)
            return (RoundRecord(0, points, tuple(changes), "the variant's rules ended the game", "variant:ends"),)
    points = _points(changes, state.rules.players)
    reason, rule = _END[state.board[8].stop]
    if any(state.hands):  # WB-END-6, WB-END-7 ended it; else the hands ran out first (WB-END-4)
        return (RoundRecord(0, points, tuple(changes), reason, rule),)
    return (RoundRecord(0, points, tuple(changes), "every hand was played out", "WB-END-4"),)


def _points(changes: list[ScoreChange], players: int) -> tuple[int, ...]:
    points = [0] * players
    for change in changes:
        points[change.seat] += change.points
    return tuple(points)


#: why a game ended with cards in hand, by ``Tables.stop``
_END = (
    ("every hand was played out", "WB-END-4"),
    ("the set number of tricks was played", "WB-END-6"),
    ("a player reached the target score", "WB-END-7"),
)
