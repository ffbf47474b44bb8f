"""The Witches of Blackmore's scores, winners, the bound on the game's length, the score
floor and the end-of-game figures (WB-SCORE-1, WB-SCORE-2, WB-END-5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Replace
from .rules import _RANK, DECK, Rules

if TYPE_CHECKING:
    from .state import WitchesState

__all__ = ["end_stats", "max_game_length", "score_floor", "scores", "winners"]


def scores(state: WitchesState) -> tuple[int, ...]:
    """Sum of the numbers on each seat's captured cards (WB-SCORE-1)."""
    return tuple(sum(_RANK[c] for c in pile) for pile in state.captured)


def winners(state: WitchesState) -> frozenset[int]:
    """Highest total wins; tied seats share the win (WB-SCORE-2, WB-RULING-6)."""
    if state.current_player is not None:
        return frozenset()
    points = scores(state)
    best = max(points)
    return frozenset(s for s, v in enumerate(points) if v == best)


def end_stats(state: WitchesState) -> dict[str, float]:
    """Trumps laid over the game, cards left on the trump stack, the top score."""
    history = state.history
    return {
        "replacements": sum(1 for a in history if type(a) is Replace),
        "trump_stack_left": len(state.trumps),
        "top_score": max(state.scores),
    }


def score_floor(rules: Rules) -> int:
    """Scores are sums of captured card numbers (WB-SCORE-1), never below 0."""
    return 0


def max_game_length(rules: Rules) -> int:
    """A proven bound (WB-END-5): plays, plus one trump decision per trick.

    Cards reach hands only from the deal, the pile (53 cards with the first trump
    turned up) and the single refill from the trump stack (WB-END-2: at most one
    card per player), so there are at most ``53 + players`` plays; every trick
    has at least one play and offers at most one decision.
    """
    return 2 * (DECK.size - 1 + rules.players)
