"""Seven Prophecies' rule-aware player for balance simulations (``GAME.heuristic_action``).

It prophesies the places its cards look likely to take, then plays for a place that
still carries one of its cubes. It draws nothing from ``rng``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .actions import _PLAY, _PROPHESY, PROPHECY, Play, ProphecyAction
from .rules import _RANK, _SUIT, DECK, FOLLOW_FUTURE, KEYS, NO_TRUMP, top_number

if TYPE_CHECKING:
    from .state import SevenPropheciesState

__all__ = ["heuristic_action"]


def heuristic_action(state: SevenPropheciesState, rng: random.Random) -> ProphecyAction:
    """Prophesy the places the hand's cards look likely to take; then play for a place
    that still carries one of one's cubes (draws nothing from ``rng``)."""
    seat = state.to_act
    if seat is None:
        raise ValueError("the game is over: nobody is to act")
    rules = state.rules
    n = rules.players
    top = top_number(rules)
    if state.phase == PROPHECY:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        target = _prophecy_target(state.hands[seat], state.info.future, n, top, rules.every_place, rules.cubes)
        own = state.cubes[seat]
        for p in range(n):
            if own[p] < target[p]:
                if _PROPHESY[p] in legal:
                    return _PROPHESY[p]
                break
        return legal[0]
    # the legal plays' cards (as in legal_actions: the future suit if held, SP-PLAY-2), in order
    hand = state.hands[seat]
    suit = _SUIT[state.info.future[len(state._round_tricks)]]
    if rules.follow == FOLLOW_FUTURE:
        cards = [c for c in hand if _SUIT[c] == suit] or hand
    else:  # SP-PLAY-3, SP-PLAY-4: what the house rule allows
        cards = [a.card for a in state.legal_actions() if isinstance(a, Play)]
    if len(cards) == 1:
        return _PLAY[cards[0]]
    own = state.cubes[seat]
    key = KEYS[rules.order, rules.trump][suit]
    trick = state.trick
    later = n - len(trick) - 1
    played = [key[x] for x in trick]
    # the places that still carry one of one's cubes: (place, cubes on it)
    targets = [(p + 1, own[p]) for p in range(n) if own[p]]
    span = top if rules.trump == NO_TRUMP else 2 * top  # SP-RANK-5: no key above 100
    best_cost = 0.0
    best = -1
    for c in cards:
        k = key[c]
        # cards already played that outrank this one (on equal numbers the later card wins)
        ahead = 0
        for x in played:
            if x > k:
                ahead += 1
        if later:
            # each later player beats the card with a chance that falls with its strength
            strength = (k - 100 + top) / span if k > 100 else k / span
            expect = 1 + ahead + later * (1 - strength)
            cost = 0.0
            first = True
            for q, m in targets:
                v = abs(expect - q) / m
                if first or v < cost:
                    cost = v
                    first = False
        else:  # last to play: the place is known
            cost = 0.0 if own[ahead] else 1.0
        # the least cost, then the lowest card
        if best < 0 or cost < best_cost or (cost == best_cost and c < best):
            best_cost, best = cost, c
    return _PLAY[best]


#: (players, top number) -> per card, the place the heuristic guesses for it: ``[0]`` when
#: its suit is not in the future row, ``[1]`` when it is (see :func:`_prophecy_target`)
_GUESS_PLACE: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]] = {}
#: (guessed places' counts, every_place, cubes) -> the prophecy target (see :func:`_prophecy_target`)
_TARGETS: dict[tuple[tuple[int, ...], bool, int], tuple[int, ...]] = {}


def _guess_places(n: int, top: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per card, its guessed place (from 0) without and with its suit in the future row (memoised)."""
    out = _GUESS_PLACE.get((n, top))
    if out is None:
        tables = []
        for in_future in (False, True):
            row = []
            for c in DECK.cards:
                strength = _RANK[c] / top
                if in_future:
                    strength = 0.5 + strength / 2
                else:
                    strength = strength / 2
                row.append(min(n - 1, int((1 - strength) * n)))
            tables.append(tuple(row))
        out = _GUESS_PLACE[(n, top)] = (tables[0], tables[1])
    return out


def _prophecy_target(
    hand: tuple[int, ...], future: tuple[int, ...], n: int, top: int, every: bool, cubes: int = 7
) -> tuple[int, ...]:
    """The heuristic's prophecy: a histogram of each card's likely place, scaled to ``cubes`` cubes.

    A card's strength is its number over ``top``, in the upper half when its suit is in
    the future row, else the lower; its place follows from it. The histogram is scaled
    to the seven cubes by largest remainders; with ``every`` no place stays empty.
    """
    future_suits = {_SUIT[c] for c in future}
    off, on = _guess_places(n, top)
    counts = [0] * n
    for c in hand:
        counts[(on if _SUIT[c] in future_suits else off)[c]] += 1
    memo = (tuple(counts), every, cubes)
    target = _TARGETS.get(memo)
    if target is None:
        target = _TARGETS[memo] = _scale_target([float(g) for g in counts], n, every, cubes)
    return target


def _scale_target(guess: list[float], n: int, every: bool, cubes: int = 7) -> tuple[int, ...]:
    """The histogram ``guess`` scaled to ``cubes`` cubes (see :func:`_prophecy_target`)."""
    total = sum(guess)
    raw = [g * cubes / total for g in guess]
    counts = [int(r) for r in raw]
    for i in sorted(range(n), key=lambda i: raw[i] - counts[i], reverse=True)[: cubes - sum(counts)]:
        counts[i] += 1
    if every:
        for p in range(n):
            if counts[p] == 0:
                counts[max(range(n), key=counts.__getitem__)] -= 1
                counts[p] = 1
    return tuple(counts)
