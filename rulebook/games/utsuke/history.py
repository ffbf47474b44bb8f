"""UTSUKE's public record of play, built on access from the engine's compact tuples.

* :func:`tricks`: every finished trick of the game as :class:`~rulebook.core.history.TrickRecord`
  (``state.tricks``); :func:`round_tricks`: those of the current round (``state.round_tricks``);
* :func:`rounds`: every finished round as an :class:`UtsukeRound` (``state.rounds``);
* :func:`voids`: the suits each seat has shown it lacks this round (``state.voids()``).

Players are seats (``int``) or the NPCs by name, ``"lord"`` and ``"young lord"`` (UT-SETUP-2).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import attrs

from rulebook.core.history import RoundRecord, ScoreChange, TrickRecord

from .rules import (
    _NEXT,
    _SUIT,
    FIXED,
    FREE,
    LOWEST,
    MUST_TRUMP,
    NO_TRUMPS,
    RoundResult,
    Rules,
    _player,
)
from .scoring import VARIANT_ENDS, ended_by, rules_gains

if TYPE_CHECKING:
    from .state import UtsukeState

__all__ = ["UtsukeRound", "round_record", "round_tricks", "rounds", "trick_record", "tricks", "voids"]

#: the rule of a trick whose winner a variant's ``trick_winner`` named, and of a variant's change
#: to honour or chips (UT-LOGIC-1, UT-LOGIC-2)
VARIANT_TRICK = "variant:trick_winner"
VARIANT_COUNTERS = "variant:counters"


@lru_cache(maxsize=1 << 16)
def _trick_record(
    number: int, round_: int, entry: tuple[int, tuple[int, ...], int], players: int, lord_before: int,
    rule: str = "UT-TRICK-1", npcs: int = 1,
) -> TrickRecord:
    """The record of the compact trick ``(leader place, cards, winner place)`` (UT-TRICK-1).

    Cached: every observation carries the game's tricks, and most of them repeat.
    """
    leader, cards, winner = entry
    nxt = _NEXT[players, npcs, lord_before]  # UT-SETUP-2, UT-RULING-25: the lord alone or with the young lord
    plays = []
    place = leader
    for c in cards:
        plays.append((_player(place, players), c))
        place = nxt[place]
    return TrickRecord(number, round_, _player(leader, players), tuple(plays), _player(winner, players), rule)


#: the record of one trick (the engine passes it to a variant's counters at the ``trick`` event)
trick_record = _trick_record


def _rule(rules: Rules) -> str:
    """The rule ID that names a trick's winner: UT-TRICK-1, or UT-TRICK-4 (lowest), UT-TRICK-3 (no
    trumps); UT-LOGIC-1: ``variant:trick_winner`` when a variant's function names it."""
    if rules.logic.trick_winner is not None:
        return VARIANT_TRICK
    if rules.trick_winner == LOWEST:
        return "UT-TRICK-4"
    return "UT-TRICK-3" if rules.trumps == NO_TRUMPS else "UT-TRICK-1"


@attrs.frozen(slots=True)
class UtsukeRound(RoundRecord):
    """A finished round of UTSUKE: the shared record plus the revealed bids and the chips.

    ``points`` is the honour each seat gained (UT-SCORE-2, UT-SCORE-3); ``bids`` the revealed
    bids by seat (UT-SCORE-1); ``lord_tricks`` the lord's tricks; ``won`` the tricks each seat
    took; ``chips`` the execution chips each seat gained (UT-SCORE-4); ``lord_before`` the seat
    the lord sat just before (UT-SETUP-1).
    """

    bids: tuple[int, ...] = ()
    lord_tricks: int = 0
    won: tuple[int, ...] = ()
    chips: tuple[int, ...] = ()
    lord_before: int = 0


def tricks(state: UtsukeState) -> tuple[TrickRecord, ...]:
    """Every finished trick of the game, across rounds, in order (UT-TRICK-1, UT-TRICK-2).

    Players are seats (``int``) or the NPCs by name, ``"lord"`` and ``"young lord"``
    (UT-SETUP-2); ``rule`` is ``UT-TRICK-1`` (the highest trump, else the highest card of
    the suit led).
    """
    players = state.rules.players
    npcs = state.rules.npcs
    out: list[TrickRecord] = []
    rounds = [(r, res[2], res[3]) for r, res in enumerate(state._results)]
    if state.current_player is not None or len(state._results) == state.round:  # UT-LOGIC-3: cut short
        rounds.append((state.round, state.board[4], state.lord_before))
    for r, entries, lord_before in rounds:
        for entry in entries:
            out.append(_trick_record(len(out), r, entry, players, lord_before, _rule(state.rules), npcs))
    return tuple(out)


def round_tricks(state: UtsukeState) -> tuple[TrickRecord, ...]:
    """The current round's finished tricks (the last round's once the game is over), as the
    records of :func:`tricks` (numbered over the whole game; UT-TRICK-1, UT-TRICK-2)."""
    players = state.rules.players
    r = state.round
    number = sum(len(res[2]) for res in state._results[:r])
    lord_before = state.lord_before
    rule = _rule(state.rules)
    return tuple(
        _trick_record(number + i, r, entry, players, lord_before, rule, state.rules.npcs)
        for i, entry in enumerate(state.board[4])
    )


def rounds(state: UtsukeState) -> tuple[UtsukeRound, ...]:
    """Every finished round (UT-SCORE-1..UT-SCORE-4), with how it ended (UT-END-1..UT-END-3).

    ``points`` is the honour each seat gained (with a variant's changes, UT-LOGIC-2), so
    ``scores`` (the honour) is the sum of ``points`` over the rounds. A game that a variant ended
    during a round (UT-LOGIC-3) ends with a record of that round, not scored.
    """
    over = state.current_player is None
    cut = over and len(state._results) == state.round
    out = _rounds(state._results, state.rules, ended_by(state) if over and not cut else "")
    if cut:
        out += (_cut_short(state),)
    return out


def round_record(state: UtsukeState) -> UtsukeRound:
    """The record of the round whose results were just given, as the ``round`` event passes it to
    a variant (UT-LOGIC-2): before the variant's changes and before the end checks."""
    return _rounds(state._results, state.rules, "")[-1]


def _before(results: tuple[RoundResult, ...], r: int, players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Honour and chips per seat before round ``r``."""
    if r == 0:
        return (0,) * players, (0,) * players
    return results[r - 1][4], results[r - 1][5]


def _variant_changes(points: tuple[int, ...], gains: tuple[int, ...]) -> tuple[ScoreChange, ...]:
    """UT-LOGIC-2: the honour a variant's counters gave or took, per seat."""
    return tuple(ScoreChange(s, p - g, "the variant's counters", VARIANT_COUNTERS)
                 for s, (p, g) in enumerate(zip(points, gains, strict=True)) if p != g)


@lru_cache(maxsize=1 << 12)
def _rounds(results: tuple[RoundResult, ...], rules: Rules, ending: str) -> tuple[UtsukeRound, ...]:
    """The records of :func:`rounds`; ``ending`` is the rule that ended the game after the last of
    ``results`` (``""``: the game went on, or was cut short later). Cached: every observation
    carries them, and they change only at a round's end."""
    players = rules.players
    out: list[UtsukeRound] = []
    last = len(results) - 1
    for r, (bids, won, _, lord_before, honour, chips) in enumerate(results):
        lord = won[players]
        gains = rules_gains(rules, bids, lord)
        exact = lord in bids
        changes = tuple(
            ScoreChange(s, g, f"bid {bids[s]}, the lord took {lord}: "
                        + ("exact" if exact else "closest"), "UT-SCORE-2" if exact else "UT-SCORE-3")
            for s, g in enumerate(gains) if g
        )
        before_h, before_c = _before(results, r, players)
        points = tuple([h - b for h, b in zip(honour, before_h)])
        gained = tuple([c - b for c, b in zip(chips, before_c)])
        if points != gains:
            changes += _variant_changes(points, gains)
        if r == last and ending:
            w, c = rules.honour_to_win, rules.chips_to_lose
            if ending == "UT-END-2":
                names = ", ".join(str(s) for s in range(players) if chips[s] >= c)
                end = f"the round's cards were played; seats {names} reached {c} execution chips and lose"
            elif ending == "UT-END-6":
                end = f"the round's cards were played; that was round {r + 1} of {rules.rounds}: the game ends"
            elif ending == "UT-END-1":
                names = ", ".join(str(s) for s in range(players) if honour[s] >= w)
                end = f"the round's cards were played; seats {names} reached {w} honour: the game ends"
            else:
                end = "the round's cards were played; the variant ended the game"
            rule = ending
        else:
            end, rule = "the round's cards were played; the lord moves on", "UT-END-3"
        out.append(UtsukeRound(r, points, changes, end, rule, bids=bids, lord_tricks=lord,
                               won=tuple(won[:players]), chips=gained, lord_before=lord_before))
    return tuple(out)


def _cut_short(state: UtsukeState) -> UtsukeRound:
    """UT-LOGIC-3: the round a variant ended after one of its tricks: not scored (no results), its
    points only the variant's changes during it."""
    players = state.rules.players
    before_h, before_c = _before(state._results, state.round, players)
    points = tuple([h - b for h, b in zip(state.honour, before_h)])
    chips = tuple([c - b for c, b in zip(state.chips, before_c)])
    won = state.won
    played = len(state.board[4])
    return UtsukeRound(state.round, points, _variant_changes(points, (0,) * players),
                       f"the variant ended the game after trick {played} of the round; the round is not scored",
                       VARIANT_ENDS, bids=state.bids, lord_tricks=won[players], won=tuple(won[:players]),
                       chips=chips, lord_before=state.lord_before)


def voids(state: UtsukeState) -> tuple[frozenset[int], ...]:
    """Per seat, the suits it has shown it lacks this round by not following (UT-PLAY-2).

    UT-PLAY-3: with ``follow='free'`` not following shows nothing. UT-PLAY-4: with
    ``'must_trump'`` a seat that neither followed nor trumped also lacks that trick's trump.
    """
    rules = state.rules
    players = rules.players
    follow = rules.follow
    if follow == FREE:
        return (frozenset(),) * players
    trumps = _trumps(state) if follow == MUST_TRUMP else None
    board = state.board
    nxt = board[0][2]
    out: list[set[int]] | None = None
    k = -1
    for leader, cards, _ in (*board[4], (board[3], state.trick, -1)):
        k += 1
        if not cards:
            continue
        lead = _SUIT[cards[0]]
        place = leader
        for c in cards:
            if place < players:
                suit = _SUIT[c]
                if suit != lead:
                    if out is None:
                        out = [set() for _ in range(players)]
                    out[place].add(lead)
                    if trumps is not None and trumps[k] >= 0 and suit != trumps[k]:
                        out[place].add(trumps[k])
            place = nxt[place]
    if out is None:
        return (frozenset(),) * players
    return tuple([frozenset(v) for v in out])


def _trumps(state: UtsukeState) -> list[int]:
    """The trump of every trick of this round so far where the state alone tells it, else -1
    (UT-TRUMP-1): the current trick's is ``state.trump``; with ``trump_change='fixed'`` it is every
    trick's (UT-TRUMP-3). Earlier trumps under the moving chip (UT-TRUMP-2) are not rebuilt: the
    state does not keep them, and a redraw may be built from a state that has no deal to replay,
    so it only constrains less there."""
    count = len(state.board[4]) + 1
    trump = state.trump
    if state.rules.trump_change == FIXED:
        return [trump] * count
    return [-1] * (count - 1) + [trump]
