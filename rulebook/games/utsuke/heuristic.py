"""UTSUKE's rule-aware player for balance simulations and search rollouts."""

from __future__ import annotations

import random
from bisect import bisect_left
from typing import TYPE_CHECKING

from .actions import _BID, _PLAY, Play, UtsukeAction
from .rules import _NRANKS, _RANK, _SUIT, _SUIT_LO, MUST, strengths

if TYPE_CHECKING:
    from .state import UtsukeState

__all__ = ["heuristic_action"]


def heuristic_action(state: UtsukeState, rng: random.Random) -> UtsukeAction:
    """Bid the lord's high cards and trumps; play to keep the lord on one's bid.

    Bidding: count the lord's cards that are trumps or numbered 10 or more. Playing:
    duck (play the lowest card) when winning would take more tricks than the lord
    or when the lord still needs tricks to reach one's bid; otherwise win as cheaply
    as possible. Draws nothing from ``rng``.
    """
    seat = state.current_player
    if seat is None:
        raise ValueError("the game is over: nobody is to act")
    players = state.rules.players
    board = state.board
    bids = board[1]
    trump = board[2]
    if bids[seat] < 0:  # bidding
        guess = 0
        for c in state.hands[players]:  # the lord's row
            if _SUIT[c] == trump or _RANK[c] >= 10:
                guess += 1
        return _BID[min(state.rules.max_bid, guess * 2 // 3)]  # UT-COMP-2: up to max_bid
    won = board[5]
    lord = won[players]
    duck = won[seat] >= lord or lord < bids[seat]
    # the legal plays' cards (as in legal_actions: the lead suit's run if held, UT-PLAY-2),
    # by number (a stable sort)
    hand = state.hands[seat]
    trick = state.trick
    if state.rules.follow != MUST:  # UT-PLAY-3, UT-PLAY-4: the legal cards under the house rule
        hand = tuple(a.card for a in state.legal_actions() if type(a) is Play)
    elif trick:
        lo = _SUIT_LO[trick[0]]
        i = bisect_left(hand, lo)
        j = bisect_left(hand, lo + _NRANKS, i)
        if i < j:
            hand = hand[i:j]
    cards = sorted(hand, key=_RANK.__getitem__)
    if not trick:
        return _PLAY[cards[0] if duck else cards[-1]]
    strength = strengths(state.rules)[trump][_SUIT[trick[0]]]  # UT-TRICK-3, UT-TRICK-4
    top = -1
    for c in trick:
        k = strength[c]
        if k > top:
            top = k
    if duck:  # the highest losing card, else the lowest (winning) card
        for c in reversed(cards):
            if strength[c] <= top:
                return _PLAY[c]
        return _PLAY[cards[0]]
    for c in cards:  # the lowest winning card, else the lowest card
        if strength[c] > top:
            return _PLAY[c]
    return _PLAY[cards[0]]
