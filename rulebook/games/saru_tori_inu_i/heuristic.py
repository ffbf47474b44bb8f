"""Saru Tori Inu I: a simple rule-aware player, for balance simulations."""

from __future__ import annotations

import random

from .actions import PLACE, PLAY, TAKE, Down, Play, Road, SaruAction, Take
from .state import SaruState, _tab


def heuristic_action(state: SaruState, rng: random.Random) -> SaruAction:
    """Play the strongest playable card when the leftmost oracle card's animal is in the
    top two, else the weakest; never declare; place beneath an empty column; acquire
    cards whose animal is in the top two, else lay road.

    Ties in strength go to the first legal action; random choices (``rng.choice``)
    are among the free columns (else every column), the road actions, or all legal
    actions, in ``legal_actions`` order.
    """
    if state.to_act is None:
        raise ValueError("the game is over: nobody is to act")
    legal = state.legal_actions()
    phase = state.phase
    if phase == PLACE:
        beneath = state.plays[4]
        free = [a for a in legal if not beneath[a.column]]  # type: ignore[union-attr]
        return rng.choice(free or list(legal))
    if phase != PLAY and phase != TAKE:
        return rng.choice(legal)
    rules = state.rules
    t = _tab(rules)
    # the top two animals of race_order: furthest first, ties by the track's tie order
    pos = state.table[2]
    first = second = -1
    for animal in rules.track.tie_order:  # in tie order: of equal squares the earlier stays ahead
        p = pos[animal]
        if first < 0 or p > pos[first]:
            first, second = animal, first
        elif second < 0 or p > pos[second]:
            second = animal
    colour = t.colour
    strength = t.strength
    if phase == PLAY:
        want = False
        for col in state.table[0]:  # the leftmost column holding cards
            if col:
                for c in col:
                    k = colour[c]
                    if k == first or k == second:
                        want = True
                        break
                break
        best: SaruAction | None = None
        top = 0
        for a in legal:  # face-up or face-down plays (never a declaration)
            kind = type(a)
            if kind is Play or kind is Down:
                v = strength[a.card]  # type: ignore[union-attr]
                if best is None or (v > top if want else v < top):
                    best, top = a, v
        if best is None:
            raise ValueError("no card to play")
        return best
    take: SaruAction | None = None
    top = 0
    roads: list[SaruAction] = []
    for a in legal:
        kind = type(a)
        if kind is Take:
            c = a.card  # type: ignore[union-attr]
            k = colour[c]
            if (k == first or k == second) and (take is None or strength[c] > top):
                take, top = a, strength[c]
        elif kind is Road:
            roads.append(a)
    if take is not None:
        return take
    if roads:
        return rng.choice(roads)
    return rng.choice(legal)
