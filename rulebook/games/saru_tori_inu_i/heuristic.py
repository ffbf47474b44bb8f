"""Saru Tori Inu I: a simple rule-aware player, for balance simulations."""

from __future__ import annotations

import random

from rulebook.i18n import N_

from .actions import PAIR, PLACE, PLAY, TAKE, Declare, Down, Play, Road, SaruAction, Take
from .state import SaruState, _tab

#: What this player cannot do, in a sentence for people (reports show it beside who played).
LIMITS = N_(
    "It does not count the cards already seen, guess other hands, plan the road to move an animal, or "
    "read its mission."
)


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
    * take (ST-RES-3..5): acquire the strongest card whose animal is in the top two,
      else lay road (at random among the road actions).

    Ties in strength go to the first legal action; random choices (``rng.choice``)
    are among the free columns (else every column), the road actions, or all legal
    actions, in ``legal_actions`` order.
    """
    seat = state.to_act
    if seat is None:
        raise ValueError("the game is over: nobody is to act")
    legal = state.legal_actions()
    phase = state.phase
    if phase == PLACE:
        beneath = state.plays[4]
        free = [a for a in legal if not beneath[a.column]]  # type: ignore[union-attr]
        return rng.choice(free or list(legal))
    rules = state.rules
    t = _tab(rules)
    strength = t.strength
    if phase == PAIR:
        # the two weakest cards go: the first pick is the lower index of the two, the
        # second the weakest card above it (which is the other of the two)
        best: SaruAction | None = None
        top = 0
        if state.plays[1][seat]:
            for a in legal:
                v = strength[a.card]  # type: ignore[union-attr]
                if best is None or v < top:
                    best, top = a, v
            return best if best is not None else rng.choice(legal)
        hand = state.plays[0][seat]
        two = sorted(hand, key=lambda c: (strength[c], c))[:2]
        return t.pair[min(two)]
    if phase != PLAY and phase != TAKE:
        return rng.choice(legal)
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
        best = None
        top = 0
        declare: SaruAction | None = None
        for a in legal:  # face-up or face-down plays; the highest free declaration
            kind = type(a)
            if kind is Play or kind is Down:
                v = strength[a.card]  # type: ignore[union-attr]
                if best is None or (v > top if want else v < top):
                    best, top = a, v
            elif kind is Declare and (declare is None or a.strength > declare.strength):  # type: ignore[union-attr]
                declare = a
        if best is None:
            raise ValueError("no card to play")
        if declare is not None and want:
            hand = state.plays[0][seat]
            board = state.board
            spare = len(hand) - (rules.rounds - board[1])  # cards beyond one per round left
            if spare >= 1:
                if type(best) is Down:
                    top = -1
                # the last player sees every strength; an earlier one fears any free one above
                if state.qi == len(board[4]) - 1:
                    beaten = any(v > top for v in state.plays[2])
                else:
                    beaten = declare.strength > top  # type: ignore[union-attr]
                if beaten and all(v < declare.strength for v in state.plays[2]):  # type: ignore[union-attr]
                    return declare
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
