"""Seven Prophecies' rule-aware player for balance simulations (``GAME.heuristic_action``).

It prophesies the places its cards look likely to take, judged from what its seat sees
(its hand, the future row, the face-up set-aside cards) under the ranking, following and
trump rules in force; then it plays for a place that still carries one of its cubes. It
draws nothing from ``rng``.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from typing import TYPE_CHECKING

from rulebook.i18n import N_

from . import actions
from .actions import _PLAY, _PROPHESY, PROPHECY, ProphecyAction, Prophesy, _prophecy_legal
from .rules import _SUIT, DECK, FOLLOW_FREE, FOLLOW_FUTURE, FUTURE_FROM_TRICK, KEYS, POINTS, Rules, in_play

if TYPE_CHECKING:
    from .state import SevenPropheciesState

__all__ = ["heuristic_action", "prophecy_target"]

#: What this player cannot do, in a sentence for people (reports show it beside who played).
LIMITS = N_(
    "It does not count the cards played in earlier tricks, guess what the others hold from how they "
    "play, or change its play for the printed variants (twice, most cubes)."
)

#: The options this player reads (``rulebook.balance.reads``): every other option of a variant
#: is one it plays as under the printed rules. It sees no hooks.
READS = frozenset({
    "players", "first_player", "variant", "every_place", "cubes", "tricks", "top_3p", "removed", "face_up_3p",
    "face_up_4p", "follow", "order", "trump", "secret_prophecy", "partners", "score_floor", "success_points",
    "cube_penalty", "free_cubes",
})
#: of the options it does not read, those that decide only when the game ends and who wins it
#: (SP-END-3, SP-END-5, SP-END-6, SP-VAR-1, SP-RULING-7, SP-RULING-8): the rule-following player
#: compares each move under them and under the printed values (``rulebook.balance.players``)
TWIN = frozenset({"end", "round_count", "round_limit", "target_score", "successes_to_win", "twice_ties"})

#: the printed scoring (SP-SCORE-1, SP-SCORE-2): success points, free cubes, penalty, the floor
_PRINTED_SCORING = (2, 1, 1, True)

#: how far the other seats' open prophecies move a card's chance of being beaten (SP-PROPH-3)
OPEN_WEIGHT = 0.5

#: the most prophecy targets a ``_Table`` remembers before it forgets them all
_TARGETS_KEPT = 20_000


class _Table:
    """What the heuristic needs of one ``Rules`` value, worked out once (see :func:`_table`)."""

    __slots__ = ("every", "follow", "n", "partners", "play", "scoring", "secret", "targets")

    def __init__(self, rules: Rules) -> None:
        n = rules.players
        #: per ``Rules``: the options the heuristic reads, as plain values
        self.n = n
        self.every = rules.every_place
        self.secret = rules.secret_prophecy
        self.follow = rules.follow
        self.partners = rules.partners
        scoring = (rules.success_points, rules.free_cubes, rules.cube_penalty, rules.score_floor)
        #: the scoring in force (success, free, penalty, floor) when it is not the printed one in
        #: variant 'points'; else None (the play then weighs every fulfilment alike)
        self.scoring = scoring if rules.variant == POINTS and scoring != _PRINTED_SCORING else None
        keys = KEYS[rules.order, rules.trump]  # SP-RANK-1 to SP-RANK-5
        cards = in_play(rules)
        size = max(1, len(cards) - 1)
        play = []
        for suit in range(rules.suit_count):
            key = keys[suit]
            # the share of the cards in play that a card outranks in a trick of this future
            # suit (0 = weakest, 1 = strongest), kept as 1 - that share: the chance term
            strength = [0.0] * DECK.size
            for c in cards:
                strength[c] = sum(1 for x in cards if key[x] < key[c]) / size
            play.append((key, tuple(1 - v for v in strength)))
        #: per future suit: (ranking key by card, 1 - the card's strength by card)
        self.play: tuple[tuple[tuple[int, ...], tuple[float, ...]], ...] = tuple(play)
        #: prophecy targets worked out so far: (hand, future, aside_up, shift) -> target
        self.targets: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], float], tuple[int, ...]] = {}


#: the tables by ``Rules`` (equal rules share one; at most ``_TABLES_KEPT``, then afresh), and
#: the last one asked for, by identity
_TABLES: dict[Rules, _Table] = {}
_TABLES_KEPT = 256
_last_rules: Rules | None = None
_last_table: _Table = _Table.__new__(_Table)  # a placeholder: no state's rules are None

#: bound here by assignment, not by import (see ``state._PROPHECY_STEP``): the legal prophecy cubes
_PROPHECY_LEGAL = actions._PROPHECY_LEGAL


def _table(rules: Rules) -> _Table:
    """The heuristic's table for ``rules`` (memoised; the same ``Rules`` object again is one test)."""
    global _last_rules, _last_table
    table = _TABLES.get(rules)
    if table is None:
        if len(_TABLES) >= _TABLES_KEPT:  # many rules (a property test): each table holds a memo
            _TABLES.clear()
        table = _TABLES[rules] = _Table(rules)
    _last_rules, _last_table = rules, table
    return table


def heuristic_action(state: SevenPropheciesState, rng: random.Random) -> ProphecyAction:
    """Prophesy the places the hand's cards look likely to take; then play for a place
    that still carries one of one's cubes (draws nothing from ``rng``)."""
    seat = state.to_act
    if seat is None:
        raise ValueError("the game is over: nobody is to act")
    rules = state.rules
    table = _last_table if rules is _last_rules else _table(rules)
    if state.phase == PROPHECY:
        return _prophesy(state, seat, rules, table)
    n = table.n
    # the legal plays' cards (as in legal_actions), in hand order
    hand = state.hands[seat]
    trick = state.trick
    suit = _SUIT[state.info.future[len(state._round_tricks)]]
    follow = table.follow
    if follow == FOLLOW_FUTURE:  # SP-PLAY-2: the future suit if held
        cards = [c for c in hand if _SUIT[c] == suit] or hand
    elif follow == FOLLOW_FREE or not trick:  # SP-PLAY-3; SP-PLAY-4: the first card is free
        cards = hand
    else:  # SP-PLAY-4: the suit led if held
        led = _SUIT[trick[0]]
        cards = [c for c in hand if _SUIT[c] == led] or hand
    if len(cards) == 1:
        return _PLAY[cards[0]]
    own = state.cubes[seat]
    key, weak = table.play[suit]
    later = n - len(trick) - 1
    best_cost = 0.0
    best = -1
    if later:
        # each later player beats the card with a chance that falls with its strength: the
        # expected place is 1 + (cards already played that outrank it) + later * (1 - strength);
        # the cost is its least distance to a place that still carries one of one's cubes,
        # over the cubes on that place
        targets = [(p + 1, m) for p, m in enumerate(own) if m]
        if table.scoring is not None and not _weight(table.scoring, own, state.points[seat]):
            targets = []  # SP-SCORE-1: a cube moved gains nothing; every card costs 0, so the lowest goes
        keys = [key[x] for x in trick]
        for c in cards:
            k = key[c]
            # cards already played that outrank this one (on equal numbers the later card wins)
            ahead = 1
            for kx in keys:
                if kx > k:
                    ahead += 1
            expect = ahead + later * weak[c]
            cost = 0.0
            first = True
            for q, m in targets:
                v = abs(expect - q) / m
                if first or v < cost:
                    cost = v
                    first = False
            # the least cost, then the lowest card
            if best < 0 or cost < best_cost or (cost == best_cost and c < best):
                best_cost, best = cost, c
        return _PLAY[best]
    # last to play: every place is known, and so are everyone else's (SP-TRICK-2). Per card
    # already played: its key, the cards of the trick that outrank it (a later equal card
    # does), the cubes of its seat, and what a fulfilment there is worth to this seat
    leader = state.leader
    partner = (seat + 2) % 4 if table.partners else -1
    cubes = state.cubes
    scoring = table.scoring
    points = state.points
    played = []
    for i, x in enumerate(trick):
        kx = key[x]
        above = 0
        for j, y in enumerate(trick):
            ky = key[y]
            if ky > kx or (ky == kx and j > i):
                above += 1
        s = (leader + i) % n
        # help the partner (SP-END-7); deny an opponent a fulfilment
        worth = -0.5 if s == partner else 0.1
        if scoring is not None:  # SP-SCORE-1, SP-SCORE-2: as much as that cube is worth to its seat
            worth *= _weight(scoring, cubes[s], points[s])
        played.append((kx, above, cubes[s], worth))
    own_worth = 1.0 if scoring is None else _weight(scoring, own, points[seat])
    for c in cards:
        k = key[c]
        ahead = 0
        for kx, _above, _row, _worth in played:
            if kx > k:
                ahead += 1
        cost = 0.0 if own[ahead] else own_worth
        for kx, above, row, worth in played:
            # the place of that card: this one, played later, outranks it unless lower
            if row[above + 1 if k >= kx else above]:
                cost += worth
        # the least cost, then the lowest card
        if best < 0 or cost < best_cost or (cost == best_cost and c < best):
            best_cost, best = cost, c
    return _PLAY[best]


def _weight(scoring: tuple[int, int, int, bool], row: tuple[int, ...], points: int) -> float:
    """What moving one more of the cubes ``row`` is worth to a seat with ``points`` under the
    scoring in force, over what it is worth under the printed scoring (SP-SCORE-1, SP-SCORE-2):
    the points the next cube saves, plus the success points shared over the cubes still to move."""
    left = sum(row)
    if not left:
        return 0.0
    printed = _cube_worth(_PRINTED_SCORING, left, points)
    return _cube_worth(scoring, left, points) / (printed or 1.0)


def _cube_worth(scoring: tuple[int, int, int, bool], left: int, points: int) -> float:
    """The round's points gained by moving one of ``left`` cubes, plus the success's share."""
    success, free, penalty, floor = scoring

    def total(cubes: int) -> int:
        v = points + (success if cubes == 0 else -penalty * max(cubes - free, 0))
        return max(v, 0) if floor else v

    step = float(total(left - 1) - total(left))
    if left > 1:
        step += (total(0) - total(1)) / left
    return step


def _prophesy(state: SevenPropheciesState, seat: int, rules: Rules, table: _Table) -> Prophesy:
    """The prophecy cube: the first place short of the seat's target, if legal (SP-PROPH-1)."""
    n = table.n
    own = state.cubes[seat]
    legal = _PROPHECY_LEGAL.get((n, table.every, rules.cubes, own))
    if legal is None:
        legal = _prophecy_legal(n, table.every, rules.cubes, own)
    if len(legal) == 1:
        return legal[0]
    shift = 0.0
    if not table.secret:  # SP-PROPH-3: the cubes placed so far are public
        shift = _open_shift(state.cubes, seat, n)
    info = state.info
    # SP-INFO-3: a face-down future row is not seen before the tricks
    future = info.future if rules.visible.printed or rules.visible["future"] != FUTURE_FROM_TRICK else ()
    memo = (state.hands[seat], future, info.aside_up, shift)
    # the seat's cubes come from one target: work it out once
    targets = table.targets
    target = targets.get(memo)
    if target is None:
        if len(targets) >= _TARGETS_KEPT:
            targets.clear()
        target = targets[memo] = prophecy_target(rules, *memo)
    for p in range(n):
        if own[p] < target[p]:
            if _PROPHESY[p] in legal:
                return _PROPHESY[p]
            break
    return legal[0]


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
    suits = rules.suit_count
    unseen_by_suit: list[list[int]] = [[] for _ in range(suits)]
    for c in unseen:
        unseen_by_suit[_SUIT[c]].append(c)
    k = len(hand)
    in_future = [0] * suits
    for c in future:
        in_future[_SUIT[c]] += 1
    # the suits of the tricks the hand has no card of that suit for
    by_suit: list[list[int]] = [[] for _ in range(suits)]
    for c in hand:
        by_suit[_SUIT[c]].append(c)
    void: list[int] = []
    plan: list[tuple[int, int]] = []  # (card, the future suit of the trick it is played in)
    spare: list[int] = []
    for s in range(suits):
        mine = sorted(by_suit[s], key=keys[s].__getitem__, reverse=True)
        f = in_future[s]
        plan.extend((c, s) for c in mine[:f])
        spare.extend(mine[f:])
        void.extend([s] * max(0, in_future[s] - len(mine)))
    if not void:
        void = [_SUIT[c] for c in future] or [0]
    counts = [0.0] * n
    # per trick suit, worked out when first needed: its ranking key, the chance that an
    # opponent holds a card of that suit (and then plays one), and the keys of the unseen
    # cards of that suit and of the others, each in ascending order
    odds: list[tuple[tuple[int, ...], float, list[int], list[int]] | None] = [None] * suits
    for c, t in plan + [(c, void[i % len(void)]) for i, c in enumerate(spare)]:
        suit_odds = odds[t]
        if suit_odds is None:
            key = keys[t]
            trumps = sorted(map(key.__getitem__, unseen_by_suit[t]))
            others = sorted(map(key.__getitem__, [x for s in range(suits) if s != t for x in unseen_by_suit[s]]))
            suit_odds = odds[t] = (key, 1.0 - (1.0 - len(trumps) / u) ** k, trumps, others)
        key, hold, trumps, others = suit_odds
        kc = key[c]
        # the shares of those unseen cards that outrank this one
        g_t = (len(trumps) - bisect_right(trumps, kc)) / len(trumps) if trumps else 0.0
        g_o = (len(others) - bisect_right(others, kc)) / len(others) if others else 0.0
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
