"""The Witches of Blackmore's scores, winners, the bound on the game's length, the score
floor and the end-of-game figures (WB-SCORE-1, WB-SCORE-2, WB-END-5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Replace
from .rules import TURNED, Rules, tables

if TYPE_CHECKING:
    from .state import WitchesState

__all__ = ["end_stats", "max_game_length", "score_floor", "scores", "winners"]


def scores(state: WitchesState) -> tuple[int, ...]:
    """Sum of the points of each seat's captured cards: their numbers (WB-SCORE-1) or the
    ``points`` table (WB-SCORE-3)."""
    points = state.board[8].points
    return tuple(sum(points[c] for c in pile) for pile in state.captured)


def winners(state: WitchesState) -> frozenset[int]:
    """Highest total wins; tied seats share the win (WB-SCORE-2, WB-RULING-6). With partners
    (WB-SCORE-4) each seat counts its pair's combined total, so both partners win together."""
    if state.current_player is not None:
        return frozenset()
    points = scores(state)
    if state.rules.teams:  # WB-SCORE-4
        half = len(points) // 2
        points = tuple(points[s] + points[(s + half) % len(points)] for s in range(len(points)))
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
    """Scores are sums of captured card points (WB-SCORE-1, WB-SCORE-3: each 0..99), never below 0."""
    return 0


def max_game_length(rules: Rules) -> int:
    """A proven bound (WB-END-5): plays, plus one trump decision per trick.

    Cards reach hands only from the deal, the pile (53 cards with the first trump
    turned up) and the single refill from the trump stack (WB-END-2: at most one
    card per player), so there are at most ``53 + players`` plays; every trick
    has at least one play and offers at most one decision.
    """
    return 2 * (len(tables(rules).cards) - (rules.first_trump == TURNED) + rules.players)
