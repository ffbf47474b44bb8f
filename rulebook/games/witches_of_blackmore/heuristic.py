"""The Witches of Blackmore's rule-aware player: :func:`heuristic_action`."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .actions import _KEEP, _PLAY, REPLACING, WitchesAction
from .rules import _SUIT

if TYPE_CHECKING:
    from .state import WitchesState

__all__ = ["heuristic_action"]


def heuristic_action(state: WitchesState, rng: random.Random) -> WitchesAction:
    """Win the trick with the cheapest winning card, else throw the lowest number; keep the trump.

    Among cards of equal number one is drawn at random: every candidate draws one
    ``rng.random()``, in the order of ``legal_actions``, and the lowest draw wins.
    """
    seat = state.current_player
    if seat is None:
        raise ValueError("the game is over: nobody is to act")
    if state.phase == REPLACING:
        return _KEEP
    # the legal plays' cards (as in legal_actions), in the same order
    cards: tuple[int, ...] | list[int] = state.hands[seat]
    trick = state.trick
    if trick:
        lead = _SUIT[trick[0]]
        if state.rules.must_follow or state.rules.must_trump:  # WB-PLAY-2, WB-PLAY-3 (house rules)
            cards = [a.card for a in state.legal_actions()]  # type: ignore[union-attr]
        # a card wins if its key beats the trick's best so far (best_position keeps the earlier card on ties)
        board = state.board
        trumps = board[2]
        tsuit = _SUIT[trumps[-1]] if trumps and state.rules.trump_colour else 6  # WB-RANK-3
        keys = board[8].win[board[3]][tsuit][lead]
        top = -1
        for c in trick:
            k = keys[c]
            if k > top:
                top = k
        winning = [c for c in cards if keys[c] > top]
        if winning:
            cards = winning
    # min by (number, one random draw per candidate, in order): the first minimum is kept
    draw = rng.random
    points = state.board[8].points  # the numbers as printed (WB-SCORE-1), or the points table (WB-SCORE-3)
    best = cards[0]
    low = 99
    low_draw = 2.0
    for c in cards:
        x = draw()
        r = points[c]
        if r < low or (r == low and x < low_draw):
            best, low, low_draw = c, r, x
    return _PLAY[best]
