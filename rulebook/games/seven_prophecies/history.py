"""Seven Prophecies' public record of play, built on access from the compact rows the engine keeps.

* ``state.tricks``: every finished trick of the game as a :class:`PlacedTrick` (a
  :class:`~rulebook.core.history.TrickRecord` with the trick's future card and the
  place each play took);
* ``state.round_tricks``: the same records for the current round's finished tricks;
* ``state.earlier``: every round before the current one as a :class:`PlayedRound`;
* ``state.rounds``: every finished round as a :class:`~rulebook.core.history.RoundRecord`.

The engine keeps a finished trick as a :data:`~rulebook.games.seven_prophecies.rules.TrickRow`
and a finished round as a :data:`RoundRow` (both private to the hot path).

>>> t = PlacedTrick(0, 0, 1, ((1, 20), (2, 7), (0, 9)), 1, "SP-RANK-1", 18, (1, 3, 2))
>>> t.place_of(0), t.place_of(1), t.cards
(2, 1, (20, 7, 9))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from rulebook.core.history import RoundRecord, ScoreChange, TrickRecord

from .rules import _RANK, _SUIT, FUTURE_TRUMP, HIGHEST, LOWEST, NO_TRUMP, POINTS, TWICE, TrickRow
from .scoring import round_points

if TYPE_CHECKING:
    from .state import SevenPropheciesState

__all__ = ["EarlierRound", "PlacedTrick", "PlayedRound", "RoundRow", "earlier", "ends", "last_round_trick",
           "round_tricks", "rounds", "tricks"]

#: a finished round as the engine keeps it (private to the hot path; the public record is
#: :class:`PlayedRound`): (start player, future row, face-up set-aside cards, prophecies by
#: seat, its :data:`~rulebook.games.seven_prophecies.rules.TrickRow` values, cubes moved by seat)
RoundRow = tuple[int, tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], tuple[TrickRow, ...],
                 tuple[int, ...]]


@attrs.frozen(slots=True)
class PlacedTrick(TrickRecord):
    """A finished trick of Seven Prophecies: a :class:`~rulebook.core.history.TrickRecord`
    (``winner`` is the seat in 1st place, who leads next: SP-TRICK-3) with every place.

    ``places[i]`` is the place (1..P) that ``plays[i]`` took (SP-RANK-1), in play order like
    ``plays``; ``future`` is the trick's future card, whose suit ranked first (SP-PLAY-2).
    ``rule`` names the ranking rule that put the winner first: SP-RANK-1 (a card of the
    future suit), SP-RANK-2 (no future suit played; the highest number) or SP-RANK-3 (the
    highest number was played twice; the later card ranks higher).
    """

    future: int
    places: tuple[int, ...]

    def place_of(self, seat: int) -> int:
        """The place ``seat`` took in this trick (``KeyError`` if it did not play)."""
        for (player, _card), place in zip(self.plays, self.places):
            if player == seat:
                return place
        raise KeyError(seat)


@attrs.frozen(slots=True)
class PlayedRound:
    """A finished round as it was played; all of it is public once played (SP-INFO-1).

    ``prophecies`` and ``placed`` are indexed by seat; ``tricks`` are :class:`PlacedTrick`
    records, numbered across the game like ``state.tricks``.
    """

    #: the round's index, from 0
    number: int
    #: the round's start player (SP-SETUP-4, SP-END-2)
    start: int
    #: the future row (SP-SETUP-3)
    future: tuple[int, ...]
    #: the 3-player face-up set-aside cards (SP-RULING-6)
    aside_up: tuple[int, ...]
    #: per seat, the revealed prophecy: cubes per place (SP-PROPH-2)
    prophecies: tuple[tuple[int, ...], ...]
    #: the round's tricks, in order
    tricks: tuple[PlacedTrick, ...]
    #: per seat, cubes moved onto played cards (SP-TRICK-2)
    placed: tuple[int, ...]

    @property
    def done(self) -> tuple[int, ...]:
        """The seats that fulfilled the seven prophecies (SP-END-1)."""
        return _done(self.placed, sum(self.prophecies[0]))


#: the old name of :class:`PlayedRound` (was a plain tuple before 0.x)
EarlierRound = PlayedRound


def _done(placed: tuple[int, ...], cubes: int) -> tuple[int, ...]:
    return tuple(s for s, k in enumerate(placed) if k == cubes)


def _records(number: int, round_index: int, future: tuple[int, ...], rows: tuple[TrickRow, ...],
             n: int, order: str = HIGHEST, trump: str = FUTURE_TRUMP, stated: bool = False,
             first: int = 0) -> tuple[PlacedTrick, ...]:
    """The records of one round's ``rows``, the first numbered ``number`` (from the row ``first`` on)."""
    out: list[PlacedTrick] = []
    for t in range(first, len(rows)):
        leader, cards, by_seat = rows[t]
        winner = by_seat.index(1)  # stored: a variant's winner (SP-LOGIC-1) is never recomputed
        fs = _SUIT[future[t]]
        w = cards[winner]
        tie = any(s != winner and _RANK[c] == _RANK[w] for s, c in enumerate(cards))
        if trump == NO_TRUMP:  # SP-RANK-5: numbers alone, the later of equal numbers first
            rule = "SP-RANK-3" if tie else "SP-RANK-5"
        elif _SUIT[w] == fs:
            rule = "SP-RANK-1"
        elif order == LOWEST and not any(s != winner and _RANK[c] == _RANK[w] for s, c in enumerate(cards)):
            rule = "SP-RANK-4"
        elif any(s != winner and _RANK[c] == _RANK[w] for s, c in enumerate(cards)):
            rule = "SP-RANK-3"
        else:
            rule = "SP-RANK-2"
        if stated:  # SP-LOGIC-1: the variant's function decided it
            rule = "variant:trick_winner"
        seats = [(leader + j) % n for j in range(n)]
        plays = tuple((s, cards[s]) for s in seats)
        out.append(PlacedTrick(number + t, round_index, leader, plays, winner, rule, future[t],
                               tuple(by_seat[s] for s in seats)))
    return tuple(out)


def _played(state: SevenPropheciesState, count: int) -> tuple[PlayedRound, ...]:
    """The first ``count`` finished rounds as :class:`PlayedRound` records."""
    n = state.rules.players
    out: list[PlayedRound] = []
    number = 0
    for r, (start, future, aside_up, prophecies, rows, placed) in enumerate(state.info.finished[:count]):
        records = _records(number, r, future, rows, n, state.rules.order, state.rules.trump,
                           state.rules.logic.trick_winner is not None)
        out.append(PlayedRound(r, start, future, aside_up, prophecies, records, placed))
        number += len(rows)
    return tuple(out)


def earlier(state: SevenPropheciesState) -> tuple[PlayedRound, ...]:
    """Every round before the current one, as it was played (SP-INFO-1).

    The last answer is kept for the same finished rounds and ``Rules`` objects: every position of a
    round, and every redraw of it a search makes, shares them, and each observation reads them."""
    info = state.info
    rules = state.rules
    last = _EARLIER[0]  # one tuple, read once: safe under threads
    if last[0] is info.finished and last[1] == info.round and last[2] is rules:
        return last[3]  # type: ignore[no-any-return]
    out = _played(state, info.round)
    _EARLIER[0] = (info.finished, info.round, rules, out)
    return out


#: the last answer of :func:`earlier`: its finished rounds, round, rules and records
_EARLIER: list[tuple[Any, ...]] = [(None, -1, None, ())]


def _round_first(state: SevenPropheciesState) -> int:
    """The game-wide number of the current round's first trick (SP-TRICK-1)."""
    info = state.info
    return sum(len(rows) for _start, _future, _up, _prophecies, rows, _placed in info.finished[: info.round])


def round_tricks(state: SevenPropheciesState) -> tuple[PlacedTrick, ...]:
    """The tricks finished in the current round (the last round's, once the game is over)."""
    info = state.info
    return _records(_round_first(state), info.round, info.future, state._round_tricks, state.rules.players,
                    state.rules.order, state.rules.trump, state.rules.logic.trick_winner is not None)


def last_round_trick(state: SevenPropheciesState) -> PlacedTrick:
    """The record of the current round's last finished trick, ``round_tricks(state)[-1]`` without building
    the others (SP-LOGIC-2: the ``trick`` event's record, handed over after every trick)."""
    info = state.info
    rows = state._round_tricks
    if not rows:
        raise IndexError("no trick of this round is finished yet")
    return _records(_round_first(state), info.round, info.future, rows, state.rules.players, state.rules.order,
                    state.rules.trump, state.rules.logic.trick_winner is not None, first=len(rows) - 1)[0]


def tricks(state: SevenPropheciesState) -> tuple[PlacedTrick, ...]:
    """Every finished trick of the game, across rounds, numbered from 0 (SP-TRICK-1)."""
    info = state.info
    out = [t for r in _played(state, len(info.finished)) for t in r.tricks]
    if len(info.finished) == info.round:  # the current round is still being played
        out += _records(len(out), info.round, info.future, state._round_tricks, state.rules.players,
                        state.rules.order, state.rules.trump, state.rules.logic.trick_winner is not None)
    return tuple(out)


def ends(state: SevenPropheciesState) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Per finished round: (tricks played, seats that fulfilled the seven prophecies)."""
    cubes = state.rules.cubes
    return tuple((len(rows), _done(placed, cubes)) for _s, _f, _u, _p, rows, placed in state.info.finished)


def rounds(state: SevenPropheciesState) -> tuple[RoundRecord, ...]:
    """Every finished round: each seat's change of ``scores`` and why, and how it ended."""
    rules = state.rules
    n = rules.players
    variant = rules.variant
    totals = [0] * n
    out: list[RoundRecord] = []
    counts = state.info.logic
    for r, (_start, _future, _up, _prophecies, rows, placed) in enumerate(state.info.finished):
        done = _done(placed, rules.cubes)
        changes: list[ScoreChange] = []
        before = list(totals)
        if counts is not None:  # SP-LOGIC-2: what the variant's counters changed during the tricks
            _variant_changes(changes, totals, counts[0][r][0])
        for s in range(n):
            left = rules.cubes - placed[s]
            if s in rules.dummies:  # SP-RULING-16: a dummy made no prophecy and scores nothing
                continue
            if variant == POINTS:
                gain = round_points(left, rules.success_points, rules.free_cubes, rules.cube_penalty)
                if left == 0:
                    why = "fulfilled the seven prophecies"
                else:
                    why = f"{left} cube{'s' if left > 1 else ''} left on prophecy cards"
                changes.append(ScoreChange(s, gain, why, "SP-SCORE-1"))
                totals[s] += gain
                if rules.score_floor and totals[s] < 0:  # SP-SCORE-2, SP-RULING-1
                    changes.append(ScoreChange(s, -totals[s], "no score goes below 0", "SP-SCORE-2"))
                    totals[s] = 0
            elif variant == TWICE:
                if left == 0:
                    changes.append(ScoreChange(s, 1, "fulfilled the seven prophecies: a success", "SP-VAR-1"))
                    totals[s] += 1
            elif placed[s]:
                changes.append(ScoreChange(s, placed[s], f"moved {placed[s]} cubes onto played cards", "SP-VAR-2"))
                totals[s] += placed[s]
        count = len(rows)
        if done:
            who = " and ".join(f"seat {s}" for s in done)
            end = f"{who} fulfilled the seven prophecies in trick {count}"
        else:
            end = f"{rules.tricks} tricks were played without a last cube" if rules.tricks != 10 or rules.cubes != 7 \
                else "ten tricks were played without a seventh cube"
        rule = "SP-END-1"
        if counts is not None:
            _variant_changes(changes, totals, counts[0][r][1])  # SP-LOGIC-2: and at the round's end
            if counts[1] and r == len(state.info.finished) - 1:  # SP-LOGIC-3: the variant ended the game
                end, rule = "the variant's rules ended the game", "variant:ends"
        points = tuple(totals[s] - before[s] for s in range(n))
        out.append(RoundRecord(r, points, tuple(changes), end, rule))
    return tuple(out)


def _variant_changes(changes: list[ScoreChange], totals: list[int], delta: tuple[int, ...]) -> None:
    for seat, extra in enumerate(delta):
        if extra:
            changes.append(ScoreChange(seat, extra, "changed by the variant's rules", "variant:counters"))
            totals[seat] += extra
