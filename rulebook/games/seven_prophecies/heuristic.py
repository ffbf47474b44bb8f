"""Seven Prophecies' rule-aware player for balance simulations (``GAME.heuristic_action``).

It prophesies the places its cards look likely to take, judged from what its seat sees
(its hand, the future row, the face-up set-aside cards) under the ranking, following and
trump rules in force; then it plays for a place that still carries one of its cubes. It
draws nothing from ``rng``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from rulebook.i18n import N_

from .actions import _PLAY, _PROPHESY, PROPHECY, Play, ProphecyAction
from .rules import _SUIT, FOLLOW_FUTURE, KEYS, Rules, in_play

if TYPE_CHECKING:
    from .state import SevenPropheciesState

__all__ = ["heuristic_action", "prophecy_target"]

#: What this player cannot do, in a sentence for people (reports show it beside who played).
LIMITS = N_(
    "It does not count the cards played in earlier tricks, guess what the others hold from how they "
    "play, or change its play for the scoring options or the printed variants (twice, most cubes)."
)

#: per ``Rules``: ``_STRENGTH[rules][future suit][card]``, the share of the cards in play that
#: the card outranks in a trick of that future suit (0 = weakest, 1 = strongest)
_STRENGTH: dict[Rules, tuple[tuple[float, ...], ...]] = {}


#: how far the other seats' open prophecies move a card's chance of being beaten (SP-PROPH-3)
OPEN_WEIGHT = 0.5

#: the last prophecy target worked out, as one pair (its arguments, the target)
_LAST: list[Any] = [None]


def _strength(rules: Rules) -> tuple[tuple[float, ...], ...]:
    """The per-``Rules`` strength table (memoised; SP-RANK-1 to SP-RANK-5 through ``KEYS``)."""
    table = _STRENGTH.get(rules)
    if table is None:
        cards = in_play(rules)
        rows = []
        for suit in range(4):
            key = KEYS[rules.order, rules.trump][suit]
            size = max(1, len(cards) - 1)
            row = [0.0] * 52
            for c in cards:
                row[c] = sum(1 for x in cards if key[x] < key[c]) / size
            rows.append(tuple(row))
        table = _STRENGTH[rules] = tuple(rows)
    return table


def heuristic_action(state: SevenPropheciesState, rng: random.Random) -> ProphecyAction:
    """Prophesy the places the hand's cards look likely to take; then play for a place
    that still carries one of one's cubes (draws nothing from ``rng``)."""
    seat = state.to_act
    if seat is None:
        raise ValueError("the game is over: nobody is to act")
    rules = state.rules
    n = rules.players
    if state.phase == PROPHECY:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        shift = 0.0
        if not rules.secret_prophecy:  # SP-PROPH-3: the cubes placed so far are public
            shift = _open_shift(state.cubes, seat, n)
        memo = (rules, state.hands[seat], state.info.future, state.info.aside_up, shift)
        last = _LAST[0]
        if last is None or last[0] != memo:  # the seat's cubes come from one target: work it out once
            last = _LAST[0] = (memo, prophecy_target(*memo))
        target = last[1]
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
    strength = _strength(rules)[suit]
    trick = state.trick
    later = n - len(trick) - 1
    # the places that still carry one of one's cubes: (place, cubes on it)
    targets = [(p + 1, own[p]) for p in range(n) if own[p]]
    if not later:  # last to play: every place is known; the seats in play order
        leader = state.leader
        order = [(leader + i) % n for i in range(n)]
        partner = (seat + 2) % 4 if rules.partners else -1
    best_cost = 0.0
    best = -1
    for c in cards:
        k = key[c]
        # cards already played that outrank this one (on equal numbers the later card wins)
        ahead = 0
        for x in trick:
            if key[x] > k:
                ahead += 1
        if later:
            # each later player beats the card with a chance that falls with its strength
            expect = 1 + ahead + later * (1 - strength[c])
            cost = 0.0
            first = True
            for q, m in targets:
                v = abs(expect - q) / m
                if first or v < cost:
                    cost = v
                    first = False
        else:  # last to play: the place is known, and so are everyone else's (SP-TRICK-2)
            cost = 0.0 if own[ahead] else 1.0
            full = (*trick, c)
            for i, s in enumerate(order[:-1]):
                kx = key[full[i]]
                # the place of seat s: the cards that outrank it (a later equal card does)
                place = sum(1 for j, y in enumerate(full) if key[y] > kx or (key[y] == kx and j > i))
                if state.cubes[s][place]:
                    # help the partner (SP-END-7); deny an opponent a fulfilment
                    cost += -0.5 if s == partner else 0.1
        # the least cost, then the lowest card
        if best < 0 or cost < best_cost or (cost == best_cost and c < best):
            best_cost, best = cost, c
    return _PLAY[best]


def _open_shift(cubes: tuple[tuple[int, ...], ...], seat: int, n: int) -> float:
    """How much stronger than even the other seats' open prophecies say they are (SP-PROPH-3):
    the mean over seats that have placed cubes of ((P + 1) / 2 - their mean place) / (P - 1)."""
    total = 0.0
    seats = 0
    for s in range(n):
        placed = sum(cubes[s])
        if s != seat and placed:
            mean = sum((p + 1) * c for p, c in enumerate(cubes[s])) / placed
            total += ((n + 1) / 2 - mean) / (n - 1)
            seats += 1
    return round(total / seats, 2) if seats else 0.0


def prophecy_target(
    rules: Rules, hand: tuple[int, ...], future: tuple[int, ...], aside_up: tuple[int, ...] = (), shift: float = 0.0
) -> tuple[int, ...]:
    """The heuristic's prophecy: cubes per place (index 0 = place 1), from what the seat sees.

    Each card of the hand is matched to a trick: under the printed following rule a card of a
    suit in the future row is played in that suit's tricks while they last (SP-PLAY-2), the
    rest in the tricks whose suit the hand runs out of. For each card it estimates the chance
    that another player beats it there, from the cards it cannot see (the cards in play less
    the hand, the future row and the face-up set-aside cards) under the ranking in force
    (SP-RANK-1 to SP-RANK-5), so its expected place is ``1 + (P - 1) * chance``. The
    histogram of the rounded places is scaled to ``rules.cubes`` cubes by largest remainders;
    with ``every_place`` no place stays empty (SP-RULING-3).
    """
    n = rules.players
    keys = KEYS[rules.order, rules.trump]
    seen = set(hand) | set(future) | set(aside_up)
    unseen = [c for c in in_play(rules) if c not in seen]
    u = max(1, len(unseen))
    k = len(hand)
    in_future = [0] * 4
    for c in future:
        in_future[_SUIT[c]] += 1
    # the suits of the tricks the hand has no card of that suit for
    by_suit: list[list[int]] = [[], [], [], []]
    for c in hand:
        by_suit[_SUIT[c]].append(c)
    void: list[int] = []
    plan: list[tuple[int, int]] = []  # (card, the future suit of the trick it is played in)
    spare: list[int] = []
    for s in range(4):
        mine = sorted(by_suit[s], key=keys[s].__getitem__, reverse=True)
        f = in_future[s]
        plan.extend((c, s) for c in mine[:f])
        spare.extend(mine[f:])
        void.extend([s] * max(0, in_future[s] - len(mine)))
    if not void:
        void = [_SUIT[c] for c in future] or [0]
    counts = [0.0] * n
    for c, t in plan + [(c, void[i % len(void)]) for i, c in enumerate(spare)]:
        key = keys[t]
        kc = key[c]
        trumps = [x for x in unseen if _SUIT[x] == t]
        others = [x for x in unseen if _SUIT[x] != t]
        # an opponent holds a card of the trick's suit with this chance, and then plays one
        hold = 1.0 - (1.0 - len(trumps) / u) ** k
        g_t = sum(1 for x in trumps if key[x] > kc) / len(trumps) if trumps else 0.0
        g_o = sum(1 for x in others if key[x] > kc) / len(others) if others else 0.0
        beat = min(1.0, max(0.0, hold * g_t + (1.0 - hold) * g_o + OPEN_WEIGHT * shift))
        place = min(n - 1, int((n - 1) * beat + 0.5))
        counts[place] += 1
    return _scale_target(counts, n, rules.every_place, rules.cubes)


def _scale_target(guess: list[float], n: int, every: bool, cubes: int = 7) -> tuple[int, ...]:
    """The histogram ``guess`` scaled to ``cubes`` cubes (see :func:`prophecy_target`)."""
    total = sum(guess) or 1.0
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
