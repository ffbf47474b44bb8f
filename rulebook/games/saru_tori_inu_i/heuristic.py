"""Saru Tori Inu I: a simple rule-aware player, for balance simulations."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from rulebook.i18n import N_

from . import state as _state
from .actions import (
    _DECLARES,
    _PLACE,
    PAIR,
    PLACE,
    PLAY,
    TAKE,
    Declare,
    Keep,
    Place,
    Play,
    Road,
    SaruAction,
    Take,
    _Tab,
)
from .rules import FACE_DOWN, NOT_PLAYED, Rules, mover
from .scoring import _score, colour_holders, colour_standing
from .state import SaruState, _new_state, _tab, acquire, road_forced, road_step

#: What this player cannot do, in a sentence for people (reports show it beside who played).
LIMITS = N_(
    "It does not count the cards already seen, guess other hands, plan the road beyond its next card, or "
    "read its mission."
)

#: The options this player reads (``rulebook.balance.reads``): every other option of a variant
#: is one it plays as under the printed rules (the missions and their points among them). It
#: sees no hooks.
READS = frozenset({
    "players", "first_player", "races", "race_number", "rounds_3p", "rounds_4p", "declaration",
    "colour_points", "tie_ranking", "forced_road", "pair_placement", "columns", "column_sharing", "deck",
    "track", "removed", "squares",
})
#: of the options it does not read, the one that decides only when the game ends (ST-RACE-4): the
#: rule-following player compares each move under it and under the printed value
TWIN = frozenset({"target_score"})


def heuristic_action(state: SaruState, rng: random.Random) -> SaruAction:
    """Decide from what the seat to act sees (its hand, the public table):

    * play (ST-PLAY-1..3): the strongest playable card when the leftmost oracle column
      holds a card whose animal is in the top two, else the weakest;
    * declare (ST-PLAY-4, ST-PLAY-6): when it wants that column, could be beaten to it
      (a strength above its best card is shown, or, before the last player, still free)
      and has a spare card (more cards than rounds left in the race, so the second card
      costs no later turn), declare the highest free strength if that puts it first;
    * pair (ST-PLAY-4): the two weakest cards of the hand (ties: lower card index);
    * place (ST-RES-2): beneath an empty column, at random (else any column);
    * take (ST-RES-3..5): acquire the strongest card of such an animal, else lay road:
      the card whose icons leave the seat's colour points (``colour_points``, ``tie_ranking``)
      furthest ahead of the best other seat's; of equal ones the random pick among the road
      actions if it is one of them, else the first.

    Ties in strength go to the first legal action; random choices (``rng.choice``)
    are among the free columns (else every column), the road actions, or all legal
    actions, in ``legal_actions`` order.
    """
    seat = state.to_act
    if seat is None:
        raise ValueError("the game is over: nobody is to act")
    # The choices below are read from the position directly, without building the legal
    # actions: each is the action ``legal_actions`` would list, and every random choice is
    # among a sequence of the same length, in the same order, as the one stated above.
    # ``rollout_kernel`` makes the same choices through the same helpers.
    phase = state.phase
    if phase == PLACE:  # ST-RES-2: the columns open for the played card(s)
        beneath = state.plays[4]
        cols = state.board[3]
        return _PLACE[rng.choice([k for k in cols if not beneath[k]] or cols)]
    rules = state.rules
    last = _state._LAST
    t = last[1] if last[0] is rules else _tab(rules)
    plays = state.plays
    if phase == PAIR:
        card = _pair_card(t.strength, plays[0][seat], plays[1][seat])
        return t.pair[card] if card >= 0 else rng.choice(state.legal_actions())
    if phase != PLAY and phase != TAKE:
        return rng.choice(state.legal_actions())
    table = state.table
    # the top two animals of race_order, as a mask: furthest first, ties by the track's tie order
    pos = table[2]
    lead = t.leaders.get(pos)
    if lead is None:
        lead = _leaders(t, pos, rules)
    area = table[0]
    for col in area:  # ST-RES-3: the leftmost column holding cards
        if col:
            break
    if phase == PLAY:
        board = state.board
        return _play_choice(t, rules, plays[0][seat], plays[3], col, lead, plays[2],
                            state.qi == len(board[4]) - 1, board[1])
    return _take_choice(t, rules, seat, col, lead, plays[2][seat] == FACE_DOWN, table[6], area, table[3], pos,
                        rng.choice)


def _pair_card(strength: tuple[int, ...], hand: Sequence[int], chosen: Sequence[int]) -> int:
    """ST-PLAY-4: the card of ``hand`` to pick next for a declaration (``chosen``: those picked),
    -1 if none fits. The two weakest cards go (ties: lower card index): the first pick is the
    lower index of the two, the second the weakest card above it (which is the other of the two)."""
    if chosen:
        first = chosen[0]
        best = -1
        top = 0
        for c in hand:  # ST-PLAY-4: the second card is above the first
            if c > first:
                v = strength[c]
                if best < 0 or v < top:
                    best, top = c, v
        return best
    c1 = c2 = -1  # the weakest card and the next, by (strength, card)
    v1 = v2 = 0
    for c in hand:
        v = strength[c]
        if c1 < 0 or v < v1 or (v == v1 and c < c1):
            c2, v2 = c1, v1
            c1, v1 = c, v
        elif c2 < 0 or v < v2 or (v == v2 and c < c2):
            c2, v2 = c, v
    return c1 if c2 < 0 else min(c1, c2)


def _play_choice(
    t: _Tab, rules: Rules, hand: Sequence[int], used: int, col: Sequence[int], lead: int, shown: Sequence[int],
    is_last: bool, rnd: int,
) -> SaruAction:
    """The play of a seat holding ``hand`` (ST-PLAY-1..6), with the strengths ``used`` this round,
    ``col`` the leftmost oracle column, ``lead`` the mask of leading animals (:func:`_leaders`),
    ``shown`` the strengths shown so far, ``is_last`` whether it plays last, ``rnd`` the round."""
    cbit = t.cbit
    want = False
    for c in col:
        if cbit[c] & lead:
            want = True
            break
    strength = t.strength
    bit = t.bit
    best = -1
    top = 0
    for c in hand:  # ST-PLAY-2: the face-up plays, strongest or weakest first
        if not used & bit[c]:
            v = strength[c]
            if best < 0 or (v > top if want else v < top):
                best, top = c, v
    down = best < 0
    if down:  # ST-PLAY-3: no card fits, so every card may go face down
        for c in hand:
            v = strength[c]
            if best < 0 or (v > top if want else v < top):
                best, top = c, v
        if best < 0:
            raise ValueError("no card to play")
    if want:
        # ST-PLAY-4 the last player, ST-PLAY-5 nobody, ST-PLAY-6 anyone; the highest free strength
        declaring = t.declaring
        if declaring and len(hand) >= 2 and (declaring == 2 or is_last):
            free_strengths = _DECLARES[used]
            if free_strengths:
                declare = free_strengths[-1]
                spare = len(hand) - (rules.rounds - rnd)  # cards beyond one per round left
                if spare >= 1:
                    if down:
                        top = -1
                    d = declare.strength
                    # the last player sees every strength; an earlier one fears any free one above
                    beaten = max(shown) > top if is_last else d > top
                    if beaten and max(shown) < d:
                        return declare
    return t.down[best] if down else t.play[best]


def _take_choice(
    t: _Tab, rules: Rules, seat: int, col: Sequence[int], lead: int, down: bool, laid: bool,
    area: Sequence[Sequence[int]], acquired: Sequence[Sequence[int]], pos: tuple[int, ...],
    choice: Callable[[Sequence[int]], int],
) -> SaruAction:
    """What ``seat`` does with the leftmost oracle column ``col`` (ST-RES-3..5): ``down`` whether it
    played face down, ``laid`` whether road was laid this round; ``area``, ``acquired`` and ``pos``
    the oracle area, the acquired cards and the animals' squares; ``choice`` draws a card of the
    column (``rng.choice``)."""
    # ST-RES-5: a face-down player lays road if nobody has this round, else keeps the card
    if down:
        if laid:
            return t.keep[choice(col)]
        pick = choice(col)
        return t.road[pick if len(col) == 1 else _road_card(t, rules, seat, col, pick, acquired, pos)]
    cbit = t.cbit
    strength = t.strength
    best = -1
    top = 0
    for c in col:  # ST-RES-3: the strongest card of a leading animal
        if cbit[c] & lead:
            v = strength[c]
            if best < 0 or v > top:
                best, top = c, v
    if best >= 0 and (laid or not road_forced(rules.forced_road, area)):  # ST-RES-4: else the road is forced
        return t.take[best]
    pick = choice(col)  # ST-ROAD-1: of one card, the card; else the best for the seat
    return t.road[pick if len(col) == 1 else _road_card(t, rules, seat, col, pick, acquired, pos)]


def _road_card(
    t: _Tab, rules: Rules, seat: int, col: Sequence[int], pick: int, acquired: Sequence[Sequence[int]],
    pos: tuple[int, ...],
) -> int:
    """The card of ``col`` to lay as road (ST-ROAD-1..3): the one after whose icons the seat's
    colour points (ST-SCORE-1, ST-SCORE-2) lead the best other seat's by most; ``pick`` if it is
    one of the best, else the first of them."""
    if len(col) == 1:
        return pick
    icons = t.icons
    move = mover(rules)
    holders = colour_holders(rules, acquired)  # the cards stay: only the animals move
    n = len(acquired)
    best: list[int] = []
    top = 0
    for c in col:
        standing = colour_standing(rules, holders, n, move(pos, icons[c]))  # score_colours after the card
        lead = standing[seat] - max(v for s, v in enumerate(standing) if s != seat)
        if not best or lead > top:
            best, top = [c], lead
        elif lead == top:
            best.append(c)
    return pick if pick in best else best[0]


def _leaders(t: _Tab, pos: tuple[int, ...], rules: Rules) -> int:
    """The animals at squares ``pos`` whose place is worth points to the first in their colour
    (``rules.colour_table``; the top two under the printed table) as a mask (``1 << animal``
    each), remembered in ``t.leaders``: furthest first, ties by the track's tie order
    (ST-ROAD-4, ST-RULING-4, ST-SCORE-2)."""
    order: list[int] = []
    for animal in t.tie_order:  # in tie order: of equal squares the earlier stays ahead
        p = pos[animal]
        i = 0
        while i < len(order) and pos[order[i]] >= p:
            i += 1
        order.insert(i, animal)
    lead = 0
    for place, (first, _second) in enumerate(rules.colour_table):
        if first > 0:
            lead |= 1 << order[place]
    if len(t.leaders) >= 4096:
        t.leaders.clear()
    t.leaders[pos] = lead
    return lead


# -- the heuristic's own playout (``Game._rollout_kernel``) ----------------------------------------


def rollout_kernel(state: SaruState, rng: random.Random, moves: int, in_round: bool) -> tuple[SaruState, int]:
    """Play :func:`heuristic_action` from ``state`` for up to ``moves`` moves, on plain lists: the
    playout ISMCTS asks for (``rulebook.balance.players.RolloutKernel``). Returns the state reached,
    exactly the one ``state.apply(heuristic_action(state, rng))`` move by move reaches (its history
    too), with the same draws from ``rng``, and the moves left of the budget.

    It stops before the move that ends the race (ST-ROUND-3, ST-RULING-9: the race's scoring and
    the next race's deal are the engine's), whether or not ``in_round`` asks, and before a move it
    does not play itself; it plays nothing under a variant's logic (ST-LOGIC-1..4: the engine calls
    the variant's functions at the end of every round of play)."""
    seat = state.to_act
    if seat is None or moves <= 0 or type(state) is not SaruState:
        return state, moves
    rules = state.rules
    t, facts = _kernel_facts(rules)
    printed, n, seats_from, race_rounds, together, exclusive, by_round, move, steps = facts
    if not printed:
        return state, moves
    race, rnd, missions, board_cols, order, queue, totals, results, revealed, number, records, starter, \
        last_start = state.board
    phase = state.phase
    qi = state.qi
    table = state.table
    plays = state.plays
    area = list(table[0])
    road = list(table[1])
    pos = table[2]
    acquired = list(table[3])
    removed = list(table[4])
    known = list(table[5])
    laid = table[6]
    hands = list(plays[0])
    played = list(plays[1])
    shown = list(plays[2])
    used = plays[3]
    beneath = list(plays[4])
    cols = list(board_cols)
    strength = t.strength
    leaders = t.leaders
    pair = t.pair
    icons = t.icons
    # one column per player and round: every open column is free (ST-RES-2), as the heuristic's
    # choice among the free columns reads them, so it draws among the open ones
    open_free = exclusive and not any([beneath[k] for k in cols])
    draw = _fast_draw(rng)
    choice = rng.choice
    pick = choice if draw is None else _drawer(draw)
    lead = leaders.get(pos)
    if lead is None:
        lead = _leaders(t, pos, rules)
    width = len(area)
    kl = 0  # the leftmost oracle column holding cards (ST-RES-3), width when none does
    while kl < width and not area[kl]:
        kl += 1
    top_col = area[kl] if kl < width else area[-1]  # the play reads it: the area stays while seats play
    n_order = len(order)
    n_queue = len(queue)
    final = rnd + 1 >= race_rounds  # the race's last round (ST-ROUND-3)
    log = state.log
    left = moves
    while left:
        if phase == PLAY:
            hand = hands[seat]
            action = _play_choice(t, rules, hand, used, top_col, lead, shown, qi == n_order - 1, rnd)
            if type(action) is Declare:  # ST-PLAY-4: its two cards follow
                d = action.strength
                shown[seat] = d
                used |= 1 << d
                phase = PAIR
                log = (log, action)
                left -= 1
                continue
            card = action.card  # type: ignore[union-attr]
            i = hand.index(card)
            hands[seat] = hand[:i] + hand[i + 1:]
            if type(action) is Play:  # ST-PLAY-1, ST-PLAY-2
                v = strength[card]
                used |= 1 << v
                mine = known[seat]
                if mine and card in mine:  # ST-INFO-1: no longer a known card of the hand
                    known[seat] = tuple([c for c in mine if c != card])
                shown[seat] = v
            else:  # ST-PLAY-3
                shown[seat] = FACE_DOWN
            played[seat] = (card,)
        elif phase != PAIR:
            if phase == PLACE:
                if qi == n_queue - 1 and kl == width and (final or not any(hands)):
                    break  # this placement may end the race (ST-RULING-13, ST-ROUND-3, ST-RULING-9)
                # ST-RES-2: beneath a free column, at random (else any open column)
                if open_free and draw is not None and cols:
                    size = len(cols)
                    bits = size.bit_length()
                    r = draw(bits)
                    while r >= size:
                        r = draw(bits)
                    column = cols[r]
                else:
                    column = choice(cols if open_free else [k for k in cols if not beneath[k]] or cols)
                action = _PLACE[column]
                mine = played[seat]
                rest: tuple[int, ...]
                if together:
                    put, rest = mine, ()
                else:
                    put, rest = mine[:1], mine[1:]
                beneath[column] = beneath[column] + put
                if exclusive:  # ST-RULING-20: the column is now taken
                    cols.remove(column)
                played[seat] = rest
                if shown[seat] == FACE_DOWN and put[0] in known[seat]:  # ST-RULING-14: revealed now
                    known[seat] = tuple([c for c in known[seat] if c != put[0]])
                log = (log, action)
                left -= 1
                if rest:
                    continue
                if kl < width:  # the seat takes next (else the area is empty, ST-RULING-13)
                    phase = TAKE
                    if not left:
                        break
            if phase == TAKE:
                if qi == n_queue - 1 and (final or not any(hands)):
                    break  # this take may end the race (ST-ROUND-3, ST-RULING-9)
                col = area[kl]
                action = _take_choice(
                    t, rules, seat, col, lead, shown[seat] == FACE_DOWN, laid, area, acquired, pos, pick)
                card = action.card  # type: ignore[union-attr]
                area[kl] = ()
                kl += 1
                while kl < width and not area[kl]:
                    kl += 1
                if len(col) > 1:  # ST-RES-3: the rest of the column leaves the game
                    removed += [c for c in col if c != card]
                kind = type(action)
                if kind is Road:  # ST-ROAD-1..3
                    road.append(card)
                    step = steps.get((pos, card))
                    if step is None:
                        after = move(pos, icons[card])
                        lead = leaders.get(after)
                        if lead is None:
                            lead = _leaders(t, after, rules)
                        if len(steps) >= 8192:
                            steps.clear()
                        steps[pos, card] = (after, lead)
                        pos = after
                    else:
                        pos, lead = step
                    laid = True
                elif kind is Take:
                    acquired[seat] = acquired[seat] + (card,)
                else:  # ST-RES-5: into the hand, known to all
                    hands[seat] = tuple(sorted(hands[seat] + (card,)))
                    known[seat] = known[seat] + (card,)
                log = (log, action)
                left -= 1
        else:  # PAIR
            hand = hands[seat]
            chosen = played[seat]
            card = _pair_card(strength, hand, chosen)
            if card < 0:  # the heuristic draws from the legal actions: the engine's way
                break
            action = pair[card]
            i = hand.index(card)
            hands[seat] = hand[:i] + hand[i + 1:]
            mine = known[seat]
            if mine and card in mine:
                known[seat] = tuple([c for c in mine if c != card])
            played[seat] = chosen + (card,)
            if not chosen:
                log = (log, action)
                left -= 1
                continue
        if phase <= PAIR:  # the seat has played: the next plays, or resolution begins (ST-RES-1)
            log = (log, action)
            left -= 1
            qi += 1
            if qi < n_order:
                phase = PLAY
                seat = order[qi]
                continue
            # ST-RES-1, ST-RULING-7: by strength (declared or printed) from the highest down;
            # ST-RULING-6: face-down players after them, in turn order
            # (a stable sort: the face-down players, all at -1, stay in turn order after the others)
            queue = tuple(sorted(order, key=shown.__getitem__, reverse=True))
            n_queue = len(queue)
            phase = PLACE
            qi = 0
            seat = queue[0]
            continue
        # the seat has resolved: the next resolves, or the round ends
        qi += 1
        if qi < n_queue:
            phase = PLACE
            seat = queue[qi]
            continue
        # ST-ROUND-1: leftover oracle cards leave the game (ST-RULING-13); the cards beneath
        # become the new oracle area. The race goes on (checked before the move).
        if kl < width:  # the columns from the leftmost holding cards
            for col in area[kl:]:
                removed += col
        start = queue[-1]  # ST-ROUND-2: the lowest strength, or the (last) face-down player
        rnd += 1
        number += 1
        final = rnd + 1 >= race_rounds
        order = seats_from[start]  # ST-PLAY-1, ST-RULING-9: the seats with cards
        if not all(hands):
            order = tuple([s for s in order if hands[s]])
        n_order = len(order)
        if by_round:
            cols = [k for k in range(n) if beneath[k]]
        elif exclusive:  # ST-RULING-20: every column is open again
            cols = list(seats_from[0])
        open_free = exclusive
        area = beneath
        width = len(area)
        kl = 0
        while kl < width and not area[kl]:
            kl += 1
        top_col = area[kl] if kl < width else area[-1]
        beneath = [()] * n
        played = [()] * n
        shown = [NOT_PLAYED] * n
        used = 0
        laid = False
        queue = ()
        n_queue = 0
        last_start = start
        phase = PLAY
        qi = 0
        seat = order[0]
    if left == moves:
        return state, moves
    return _new_state(
        rules, state.setup, log,
        (race, rnd, missions, tuple(cols), order, queue, totals, results, revealed, number, records, starter,
         last_start),
        (tuple(area), tuple(road), pos, tuple(acquired), tuple(removed), tuple(known), laid),
        (tuple(hands), tuple(played), tuple(shown), used, tuple(beneath)), phase, qi, seat,
    ), left


def _kernel_facts(rules: Rules) -> tuple[_Tab, tuple[Any, ...]]:
    """The rules' tables and what the kernel reads of them (:func:`_kernel_rules`, worked out once)."""
    last = _state._LAST
    t = last[1] if last[0] is rules else _tab(rules)
    facts = t.kernel
    if facts is None:
        facts = _kernel_rules(t, rules)
    return t, facts


def _kernel_rules(t: _Tab, rules: Rules) -> tuple[Any, ...]:
    """What :func:`rollout_kernel` reads of ``rules``, remembered in ``t.kernel``: whether it plays
    them (no variant's logic, ST-LOGIC-1..4), the players, each seat's turn order from it
    (ST-PLAY-1), the most rounds of a race (ST-ROUND-3), whether declared cards go beneath one
    column (ST-RULING-5), whether a column takes one player's cards (ST-RULING-20), whether the
    columns are those holding cards (ST-RULING-8), how the animals move (ST-ROAD-3, ST-ROAD-5), and
    the memo of the road's steps: by the squares and the card laid, the squares after it and the
    leading animals there (:func:`_leaders`)."""
    n = rules.players
    facts: tuple[Any, ...] = (
        rules.logic.printed, n, tuple([tuple([(s + i) % n for i in range(n)]) for s in range(n)]),
        rules.race_rounds, rules.pair_placement == "together", rules.column_sharing != "shared",
        rules.columns != "setup", mover(rules), {},
    )
    t.kernel = facts
    return facts


#: whether ``random.Random.choice`` draws ``getrandbits(k)`` until below the length (``k`` its bit
#: length), as CPython's does: the kernel then draws its columns the same way without the calls
_GETRANDBITS_CHOICE = getattr(random.Random, "_randbelow", None) is getattr(
    random.Random, "_randbelow_with_getrandbits", False)


def _fast_draw(rng: random.Random) -> Callable[[int], int] | None:
    """``rng.getrandbits`` where ``rng.choice(seq)`` is ``seq[r]`` for the first ``r = getrandbits(k)``
    below ``len(seq)`` (a plain :class:`random.Random`), else ``None``: call ``rng.choice``."""
    return rng.getrandbits if _GETRANDBITS_CHOICE and type(rng) is random.Random else None


def _drawer(draw: Callable[[int], int]) -> Callable[[Sequence[int]], int]:
    """``rng.choice`` for the ``draw`` of :func:`_fast_draw`: the same draws, one call fewer."""

    def pick(seq: Sequence[int]) -> int:
        size = len(seq)
        bits = size.bit_length()
        r = draw(bits)
        while r >= size:
            r = draw(bits)
        return seq[r]

    return pick


# -- the race's end without the move (``Game._round_end_totals``) ----------------------------------


def round_end_totals(state: SaruState, action: SaruAction) -> tuple[int, ...] | None:
    """ISMCTS's horizon at the end of a race (``rulebook.balance.players.RoundEndTotals``): the totals
    ``state.apply(action)`` has where ``action`` is the race's last move, without recording the race or
    setting up the next one. The last resolver's move ends the round of play
    (ST-RES-1): a take (ST-RES-3: into its acquired cards), a road card (ST-ROAD-1..3, ST-ROAD-5: the
    animals move), a keep (ST-RES-5: into its hand) or, over an empty oracle area, its placement
    (ST-RULING-13); the race ends after its last round or once no hand holds a card (ST-ROUND-3,
    ST-RULING-9) and is scored (ST-SCORE-1..5); where it ends the game (ST-RACE-1, ST-RACE-3,
    ST-RACE-4), the highest total wins (ST-RACE-2, ST-RULING-18), as the horizon values the totals.
    ``None`` for any other move, and
    under a variant's logic (ST-LOGIC-1..4: the engine calls its functions at the round's end)."""
    seat = state.to_act
    phase = state.phase
    if seat is None or (phase != TAKE and phase != PLACE) or type(state) is not SaruState:
        return None
    board = state.board
    if state.qi + 1 < len(board[5]):  # another seat resolves after this one (ST-RES-1)
        return None
    rules = state.rules
    _, facts = _kernel_facts(rules)
    printed, _, _, race_rounds, together = facts[:5]
    if not printed:  # a variant's logic (ST-LOGIC-1..4)
        return None
    table = state.table
    pos = table[2]
    acquired = table[3]
    hands = state.plays[0]
    kind = type(action)
    if kind is Place:
        # the seat takes next (ST-RES-3), or places its declaration's second card (ST-RULING-5)
        if any(table[0]) or (not together and len(state.plays[1][seat]) > 1):
            return None
        cards_left = any(hands)
    else:
        card: int = action.card  # type: ignore[union-attr]
        if kind is Take:  # ST-RES-3
            acquired = acquire(acquired, seat, card)
        elif kind is Road:  # ST-ROAD-1..3, ST-ROAD-5
            pos = road_step(rules, pos, card)
        elif kind is not Keep:
            return None
        cards_left = kind is Keep or any(hands)  # ST-RES-5: the kept card is in the hand
    if cards_left and board[1] + 1 < race_rounds:  # the race goes on (ST-ROUND-3, ST-RULING-9)
        return None
    points = _score(rules, acquired, pos, board[2], None)  # ST-SCORE-1..5
    return tuple([a + b for a, b in zip(board[6], points)])  # ST-RACE-2
