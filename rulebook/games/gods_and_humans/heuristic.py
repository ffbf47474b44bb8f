"""The gods-and-humans rule-aware player: :func:`heuristic_action`."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .actions import _INTERVENE, _ORACLE, _PASS, ASK, FORCED, GIVE, LONE, ORACLE, PLAY, GHAction
from .rules import _RANK, _SUIT, DECK

if TYPE_CHECKING:
    from .state import GodsState

__all__ = ["heuristic_action"]

#: the heuristic's tables by trump suit (or ``None``): a card's power (its number, plus
#: 20 for a trump) and whether it is strong (10 or more, or a trump of 8 or more)
_POWER: dict[int | None, tuple[int, ...]] = {
    t: tuple(_RANK[c] + (20 if _SUIT[c] == t else 0) for c in DECK.cards) for t in (None, *range(len(DECK.suits)))
}
_STRONG: dict[int | None, tuple[bool, ...]] = {
    t: tuple(_RANK[c] >= 10 or (_SUIT[c] == t and _RANK[c] >= 8) for c in DECK.cards)
    for t in (None, *range(len(DECK.suits)))
}


def heuristic_action(state: GodsState, rng: random.Random) -> GHAction:
    """A simple player using only what its seat sees.

    Oracle: count the strong cards (10+, and red 8+ with trump) of the human in
    question. Asking: intervene with probability 1/3 (always once the humans
    hold two cards). Giving: the partner gets the highest card if it still needs
    tricks, else the lowest; other humans the opposite. Playing: the highest legal
    card while short of the prediction, else the lowest. A card's power is its
    number, plus 20 for a trump; among equal powers the highest is the last legal
    one, the lowest the first.
    """
    phase = state.phase
    f, gaps = state.board[0], state.board[1]
    trump = f.trump
    if phase == ORACLE or phase == LONE:
        human = f.pair[gaps.giver] if phase == ORACLE else f.humans.index(state.current_player)
        strong = _STRONG[trump]
        count = 0
        for c in state.hands[f.humans[human]]:
            if strong[c]:
                count += 1
        return _ORACLE[min(5, count)]
    if phase == ASK:
        size = len(state.hands[f.humans[0]])
        return _INTERVENE if size <= 2 or rng.random() < 1 / 3 else _PASS
    if phase == GIVE or phase == FORCED:
        partner = f.pair[gaps.giver]
        need = f.oracle[partner] - state.board[3][partner]
        high = (need > 0) == (len(gaps.gift) == partner)
    elif phase == PLAY:
        hi = f.humans.index(state.current_player)
        high = f.oracle[hi] - state.board[3][hi] > 0
    else:
        raise ValueError("the game is over: nobody is to act")
    power = _POWER[trump]
    legal = state.legal_actions()  # Give actions (giving) or Play actions (playing), each with a card
    best = legal[0]
    top = power[best.card]  # type: ignore[union-attr]
    if high:  # the highest power, the last of equals
        for a in legal:
            p = power[a.card]  # type: ignore[union-attr]
            if p >= top:
                best, top = a, p
    else:  # the lowest power, the first of equals
        for a in legal:
            p = power[a.card]  # type: ignore[union-attr]
            if p < top:
                best, top = a, p
    return best
