"""Saru Tori Inu I: a simple rule-aware player, for balance simulations."""

from __future__ import annotations

import random

from rulebook.i18n import N_

from . import state as _state
from .actions import _DECLARES, _PLACE, PAIR, PLACE, PLAY, TAKE, SaruAction, _Tab
from .rules import FACE_DOWN, Rules, mover
from .scoring import score_colours
from .state import SaruState, _tab

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
    phase = state.phase
    if phase == PLACE:  # ST-RES-2: the columns open for the played card(s)
        beneath = state.plays[4]
        cols = state.board[3]
        free = [k for k in cols if not beneath[k]]
        return _PLACE[rng.choice(free or cols)]
    rules = state.rules
    last = _state._LAST
    t = last[1] if last[0] is rules else _tab(rules)
    strength = t.strength
    plays = state.plays
    if phase == PAIR:
        hand = plays[0][seat]
        chosen = plays[1][seat]
        # the two weakest cards go: the first pick is the lower index of the two, the
        # second the weakest card above it (which is the other of the two)
        if chosen:
            first = chosen[0]
            best = -1
            top = 0
            for c in hand:  # ST-PLAY-4: the second card is above the first
                if c > first:
                    v = strength[c]
                    if best < 0 or v < top:
                        best, top = c, v
            return t.pair[best] if best >= 0 else rng.choice(state.legal_actions())
        two = sorted(hand, key=lambda c: (strength[c], c))[:2]
        return t.pair[min(two)]
    if phase != PLAY and phase != TAKE:
        return rng.choice(state.legal_actions())
    table = state.table
    # the top two animals of race_order, as a mask: furthest first, ties by the track's tie order
    pos = table[2]
    lead = t.leaders.get(pos)
    if lead is None:
        lead = _leaders(t, pos, rules)
    cbit = t.cbit
    for col in table[0]:  # ST-RES-3: the leftmost column holding cards
        if col:
            break
    if phase == PLAY:
        want = False
        for c in col:
            if cbit[c] & lead:
                want = True
                break
        hand = plays[0][seat]
        used = plays[3]
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
            order = state.board[4]
            is_last = state.qi == len(order) - 1
            if declaring and len(hand) >= 2 and (declaring == 2 or is_last):
                free_strengths = _DECLARES[used]
                if free_strengths:
                    declare = free_strengths[-1]
                    spare = len(hand) - (rules.rounds - state.board[1])  # cards beyond one per round left
                    if spare >= 1:
                        if down:
                            top = -1
                        shown = plays[2]
                        d = declare.strength
                        # the last player sees every strength; an earlier one fears any free one above
                        beaten = max(shown) > top if is_last else d > top
                        if beaten and max(shown) < d:
                            return declare
        return t.down[best] if down else t.play[best]
    # ST-RES-5: a face-down player lays road if nobody has this round, else keeps the card
    if plays[2][seat] == FACE_DOWN:
        if table[6]:
            return t.keep[rng.choice(col)]
        return t.road[_road_card(state, rules, seat, col, rng.choice(col))]
    best = -1
    top = 0
    for c in col:  # ST-RES-3: the strongest card of a leading animal
        if cbit[c] & lead:
            v = strength[c]
            if best < 0 or v > top:
                best, top = c, v
    if best >= 0 and (table[6] or not state._forced()):  # ST-RES-4: else the road is forced
        return t.take[best]
    return t.road[_road_card(state, rules, seat, col, rng.choice(col))]


def _road_card(state: SaruState, rules: Rules, seat: int, col: tuple[int, ...], pick: int) -> int:
    """The card of ``col`` to lay as road (ST-ROAD-1..3): the one after whose icons the seat's
    colour points (ST-SCORE-1, ST-SCORE-2) lead the best other seat's by most; ``pick`` if it is
    one of the best, else the first of them."""
    if len(col) == 1:
        return pick
    table = state.table
    acquired, pos = table[3], table[2]
    icons = _tab(rules).icons
    best: list[int] = []
    top = 0
    for c in col:
        standing = score_colours(rules, acquired, mover(rules)(pos, icons[c]))
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
