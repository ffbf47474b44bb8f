"""Seven Prophecies' rule-aware player for balance simulations (``GAME.heuristic_action``).

It prophesies the places its cards look likely to take, judged from what its seat sees
(its hand, the future row, the face-up set-aside cards) under the ranking, following and
trump rules in force; then it plays for a place that still carries one of its cubes. It
draws nothing from ``rng``. Its own playout, :func:`rollout_kernel`, plays it forward on plain
lists for ISMCTS (the same states as ``apply`` move by move), and :func:`round_end_totals` gives
the scores a round's last card reaches without making the move.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence

from rulebook.i18n import N_

from . import actions
from .actions import _PLAY, _PROPHESY, PROPHECY, TRICK, Play, ProphecyAction, Prophesy, _prophecy_legal
from .rules import _SUIT, DECK, FOLLOW_FREE, FOLLOW_FUTURE, FUTURE_FROM_TRICK, KEYS, POINTS, Rules, in_play
from .scoring import round_end
from .state import _SEAT, RoundInfo, SevenPropheciesState, _new_state, _over

__all__ = ["heuristic_action", "prophecy_target", "rollout_kernel", "round_end_totals"]

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

#: the places a seat's cubes still aim at, by its cubes left: ((place, cubes on it), ...) for each place
#: with one (whatever the rules: a few thousand rows at most)
_AIMS: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}
_INF = float("inf")
#: the next seat clockwise, by player count
_AFTER = {n: (*range(1, n), 0) for n in (3, 4, 5)}


class _Table:
    """What the heuristic needs of one ``Rules`` value, worked out once (see :func:`_table`)."""

    __slots__ = ("every", "follow", "future_seen", "kernel", "n", "partners", "play", "scoring", "secret", "targets")

    def __init__(self, rules: Rules) -> None:
        n = rules.players
        #: per ``Rules``: the options the heuristic reads, as plain values
        self.n = n
        self.every = rules.every_place
        self.secret = rules.secret_prophecy
        #: whether a seat sees the future row while it prophesies (SP-INFO-3: not when it lies face down)
        self.future_seen = rules.visible.printed or rules.visible["future"] != FUTURE_FROM_TRICK
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
        #: what :func:`rollout_kernel` plays by: (tricks per round, cubes per seat, the dummies, whether the
        #: last cube moved ends the round: SP-END-1), or None where a variant's logic has a say (SP-LOGIC-1
        #: to SP-LOGIC-4, replaced rules, checks, pauses, sights): the kernel then leaves the playout to ``apply``
        self.kernel = (rules.tricks, rules.cubes, rules.dummies, "cubes" not in rules.endings_off) \
            if rules.logic.printed else None


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
    info = state.info
    if state.phase == PROPHECY:
        return _prophesy(state.cubes, seat, state.hands[seat], info, rules, table)
    # the legal plays' cards (as in legal_actions)
    hand = state.hands[seat]
    trick = state.trick
    suit = _SUIT[info.future[len(state._round_tricks)]]
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
    return _PLAY[_card(table, seat, cards, trick, suit, state.cubes, state.leader, info.points)]


def _card(
    table: _Table,
    seat: int,
    cards: Sequence[int],
    trick: Sequence[int],
    suit: int,
    cubes: Sequence[tuple[int, ...]],
    leader: int,
    points: tuple[int, ...],
) -> int:
    """The card ``seat`` plays of its legal ``cards`` (two or more) to ``trick`` (in play order from
    ``leader``) under the future suit ``suit``, with every seat's ``cubes`` left on its place cards and
    the ``points`` so far: the least cost, then the lowest card (so the order of ``cards`` does not
    matter). The heuristic's play, for :func:`heuristic_action` and :func:`rollout_kernel`."""
    own = cubes[seat]
    key, weak = table.play[suit]
    later = table.n - len(trick) - 1
    best_cost = _INF
    best = -1
    if later:
        # each later player beats the card with a chance that falls with its strength: the
        # expected place is 1 + (cards already played that outrank it) + later * (1 - strength);
        # the cost is its least distance to a place that still carries one of one's cubes,
        # over the cubes on that place
        targets = _AIMS.get(own)
        if targets is None:
            targets = _AIMS[own] = tuple([(p + 1, m) for p, m in enumerate(own) if m])
        scoring = table.scoring
        if not targets or (scoring is not None and not _weight(scoring, own, points[seat])):
            # no cube left, or (SP-SCORE-1) a cube moved gains nothing: every card costs 0, the lowest goes
            return min(cards)
        for c in cards:
            k = key[c]
            # cards already played that outrank this one (on equal numbers the later card wins)
            ahead = 1
            for x in trick:
                if key[x] > k:
                    ahead += 1
            expect = ahead + later * weak[c]
            cost = _INF
            for q, m in targets:
                v = abs(expect - q) / m
                if v < cost:
                    cost = v
            # the least cost, then the lowest card
            if cost < best_cost or (cost == best_cost and c < best):
                best_cost, best = cost, c
        return best
    # last to play: every place is known, and so are everyone else's (SP-TRICK-2). Per card
    # already played: its key, the cards of the trick that outrank it (a later equal card
    # does), the cubes of its seat, and what a fulfilment there is worth to this seat
    n = table.n
    partner = (seat + 2) % 4 if table.partners else -1
    scoring = table.scoring
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
        if cost < best_cost or (cost == best_cost and c < best):
            best_cost, best = cost, c
    return best


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


def _prophesy(
    cubes: Sequence[tuple[int, ...]], seat: int, hand: tuple[int, ...], info: RoundInfo, rules: Rules, table: _Table
) -> Prophesy:
    """The prophecy cube of ``seat`` holding ``hand``, with every seat's ``cubes`` placed so far: the first
    place short of the seat's target, if legal (SP-PROPH-1)."""
    n = table.n
    own = cubes[seat]
    legal = _PROPHECY_LEGAL.get((n, table.every, rules.cubes, own))
    if legal is None:
        legal = _prophecy_legal(n, table.every, rules.cubes, own)
    if len(legal) == 1:
        return legal[0]
    shift = 0.0
    if not table.secret:  # SP-PROPH-3: the cubes placed so far are public
        shift = _open_shift(cubes, seat, n)
    # SP-INFO-3: a face-down future row is not seen before the tricks
    future = info.future if table.future_seen else ()
    memo = (hand, future, info.aside_up, shift)
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


def _open_shift(cubes: Sequence[tuple[int, ...]], seat: int, n: int) -> float:
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


# -- the heuristic's own playout (ISMCTS) ------------------------------------------------


def rollout_kernel(
    state: SevenPropheciesState, rng: random.Random, moves: int, in_round: bool
) -> tuple[SevenPropheciesState, int]:
    """Up to ``moves`` moves of ``state = state.apply(heuristic_action(state, rng))``, played on plain
    lists: ``(the state reached, the moves left)`` (``rulebook.balance.players.RolloutKernel``).

    It stops before the move that ends a round (SP-END-1: a seat's last cube moved, or the round's last
    trick); with ``in_round`` it leaves that move to the caller, else it makes it with ``apply`` (which
    scores the round and deals the next, SP-END-2 to SP-END-6) and plays on. It plays no variant logic
    (``Rules.logic``): under one it returns ``(state, moves)`` at once. It draws nothing from ``rng``.
    """
    rules = state.rules
    table = _last_table if rules is _last_rules else _table(rules)
    kernel = table.kernel
    if kernel is None or type(state) is not SevenPropheciesState or state.info.logic is not None:
        return state, moves
    tricks_total, cubes_total, dummies, cubes_end = kernel
    last_cube = cubes_total - 1
    n = table.n
    last_play = n - 1
    last_trick = tricks_total - 1
    after = _AFTER[n]
    free = table.follow == FOLLOW_FREE  # SP-PLAY-3
    led = table.follow != FOLLOW_FUTURE  # SP-PLAY-4 (or SP-PLAY-3)
    setup = state.setup
    seat_of_n = _SEAT[n]
    play_of = table.play
    suit_of = _SUIT
    plays = _PLAY
    choose = _card
    left = moves
    seat = state.to_act
    while left and seat is not None:
        info = state.info
        log = state.log
        cubes = list(state.cubes)
        leader = state.leader
        if state.phase == PROPHECY:
            start = info.start
            hands = state.hands
            while True:
                action = _prophesy(cubes, seat, hands[seat], info, rules, table)
                own = cubes[seat]
                p = action.place - 1
                own = cubes[seat] = (*own[:p], own[p] + 1, *own[p + 1 :])  # SP-PROPH-1: one cube on place p
                log = (log, action)
                left -= 1
                if sum(own) == cubes_total:
                    seat = (seat + 1) % n  # SP-PROPH-1: the next player clockwise
                    while dummies and seat in dummies and seat != start:  # SP-RULING-16: a dummy makes none
                        seat = (seat + 1) % n
                    if seat == start:
                        break  # SP-PROPH-2: all revealed together; the start player leads trick 1
                if not left:
                    placed_cubes = tuple(cubes)
                    return _new_state(
                        rules, setup, log, info, hands, placed_cubes, placed_cubes, state.placed, leader, (),
                        state._round_tricks, PROPHECY, seat,
                    ), 0  # fmt: skip
            prophecies = tuple(cubes)
            trick: list[int] = []
        else:
            prophecies = state.prophecies
            trick = list(state.trick)
        hand_lists = [list(h) for h in state.hands]
        # per seat, its cards by suit (the cards it must follow with, SP-PLAY-2, SP-PLAY-4)
        by_suit: list[list[list[int]]] = []
        for h in hand_lists:
            mine: list[list[int]] = [[], [], [], [], []]
            for c in h:
                mine[suit_of[c]].append(c)
            by_suit.append(mine)
        placed = list(state.placed)
        rows = list(state._round_tricks)
        future = info.future
        points = info.points
        suit = suit_of[future[len(rows)]]
        key = play_of[suit][0]  # SP-RANK-1, SP-RANK-2, SP-RANK-4, SP-RANK-5: the ranking key in force
        # the trick so far: each play's key and position (SP-RANK-3: the later play breaks equal numbers),
        # and the card each seat played
        ranked = [key[c] * 8 + j for j, c in enumerate(trick)]
        by_seat = [0] * n
        for j, c in enumerate(trick):
            by_seat[(leader + j) % n] = c
        ending = -1  # the card that would end the round, where the playout stopped before it
        while left:
            hand = hand_lists[seat]
            if free or (led and not trick):  # SP-PLAY-3; SP-PLAY-4: the first card is free
                cards = hand
            else:  # SP-PLAY-2: the future suit if held; SP-PLAY-4: the suit led if held
                cards = by_suit[seat][suit_of[trick[0]] if led else suit] or hand
            card = cards[0] if len(cards) == 1 else choose(table, seat, cards, trick, suit, cubes, leader, points)
            j = len(trick)
            ranked.append(key[card] * 8 + j)
            if j == last_play:
                if len(rows) == last_trick:
                    ending = card  # SP-END-1: the round's last trick
                    break
                ranked.sort(reverse=True)  # SP-RANK-1: strongest first
                seat_of = seat_of_n[leader]
                if cubes_end and last_cube in placed:
                    p = 0
                    for v in ranked:
                        s = seat_of[v & 7]
                        if placed[s] == last_cube and cubes[s][p]:
                            ending = card  # SP-END-1: a seat moves its last cube
                            break
                        p += 1
                    if ending >= 0:
                        break
            hand.remove(card)
            by_suit[seat][suit_of[card]].remove(card)
            by_seat[seat] = card
            log = (log, plays[card])
            left -= 1
            if j < last_play:
                trick.append(card)
                seat = after[seat]
                continue
            # SP-TRICK-1: the trick is laid out under its future card, each play given its place
            trick_places = [0] * n  # by seat
            p = 0  # the place index: 0 = 1st place
            for v in ranked:
                s = seat_of[v & 7]
                own = cubes[s]
                if own[p]:  # SP-TRICK-2: one cube from the place card onto the played card
                    cubes[s] = (*own[:p], own[p] - 1, *own[p + 1 :])
                    placed[s] += 1
                p += 1
                trick_places[s] = p
            rows.append((leader, tuple(by_seat), tuple(trick_places)))
            leader = seat = seat_of[ranked[0] & 7]  # SP-TRICK-3: first place leads the next trick
            trick = []
            ranked = []
            suit = suit_of[future[len(rows)]]
            key = play_of[suit][0]
        state = _new_state(
            rules, setup, log, info, tuple([tuple(h) for h in hand_lists]), tuple(cubes), prophecies, tuple(placed),
            leader, tuple(trick), tuple(rows), TRICK, seat,
        )  # fmt: skip
        if ending < 0 or in_round or not left:
            break
        # the round's end by the engine: scored, and the next round dealt (or the game over)
        state = state.apply(plays[ending])
        left -= 1
        seat = state.to_act
    return state, left


def round_end_totals(state: SevenPropheciesState, action: ProphecyAction) -> tuple[int, ...] | None:
    """ISMCTS's horizon at the end of a round (``rulebook.balance.players.RoundEndTotals``): the scores
    ``state.apply(action)`` has where ``action`` is the card that ends the round and the game goes on,
    without recording the round or dealing the next: the last trick's places (SP-RANK-1 to SP-RANK-5)
    and the cubes they move (SP-TRICK-2), the round's end (SP-END-1), its points or successes
    (SP-SCORE-1, SP-SCORE-2, SP-RULING-16, SP-VAR-1) and the game's end (SP-END-3, SP-END-5, SP-END-6,
    SP-VAR-1, SP-VAR-2). ``None`` for any other move, and under a variant's logic (SP-LOGIC-1 to
    SP-LOGIC-4), as :func:`rollout_kernel`."""
    rules = state.rules
    table = _last_table if rules is _last_rules else _table(rules)
    kernel = table.kernel
    if kernel is None or type(state) is not SevenPropheciesState or type(action) is not Play:
        return None
    info = state.info
    trick = state.trick
    n = table.n
    if info.logic is not None or len(trick) != n - 1 or info.round + 1 >= rules.rounds:
        # a variant's counters (SP-LOGIC-2), not the trick's last card, or the game's last round (SP-END-3,
        # SP-END-5, SP-VAR-2, SP-RULING-8: its end ends the game)
        return None
    tricks_total, cubes_total, _dummies, cubes_end = kernel
    rows = state._round_tricks
    key = table.play[_SUIT[info.future[len(rows)]]][0]  # the ranking key in force (SP-RANK-1 to SP-RANK-5)
    seat_of = _SEAT[n][state.leader]
    # each play's key and position, strongest first (SP-RANK-3: the later play breaks equal numbers)
    ranked = sorted([key[c] * 8 + j for j, c in enumerate((*trick, action.card))], reverse=True)
    cubes = state.cubes
    placed = list(state.placed)
    ends = len(rows) + 1 == tricks_total  # SP-END-1: the round's last trick
    for p, v in enumerate(ranked):
        s = seat_of[v & 7]
        if cubes[s][p]:  # SP-TRICK-2: one cube from the place card onto the played card
            placed[s] += 1
            if placed[s] == cubes_total and cubes_end:
                ends = True  # SP-END-1: a seat moves its last cube
    if not ends:
        return None
    points, successes = round_end(rules, info.points, info.successes, placed)
    if _over(rules, info.round + 1, points, successes):
        return None
    return points if rules.variant == POINTS else successes  # the scores (SP-VAR-2 plays one round)
