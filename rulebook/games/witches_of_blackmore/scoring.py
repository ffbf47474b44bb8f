"""The Witches of Blackmore's scores, winners, the bound on the game's length, the score
floor and the end-of-game figures (WB-SCORE-1, WB-SCORE-2, WB-END-5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulebook.core.logic import Trick

from .actions import Replace
from .rules import _RANK, _SUIT, TURNED, WEAKEST, Rules, tables, wheel_order

if TYPE_CHECKING:
    from .state import WitchesState

__all__ = [
    "end_stats", "max_game_length", "resolve_trick", "score_floor", "scores", "winner_on_wheel", "winners",
]


def scores(state: WitchesState) -> tuple[int, ...]:
    """Sum of the points of each seat's captured cards: their numbers (WB-SCORE-1) or the
    ``points`` table (WB-SCORE-3)."""
    board = state.board
    points = board[8].points
    if board[9] is None:
        return tuple(sum(points[c] for c in pile) for pile in board[4])
    # WB-LOGIC-2: plus what the variant's counters added to each score
    return tuple(sum(points[c] for c in pile) + extra for pile, extra in zip(board[4], board[9][0], strict=True))


def resolve_trick(trick: Trick) -> int:
    """Who wins a complete trick (WB-LOGIC-1), as printed: if exactly one trump was played, it
    wins (WB-TRICK-1); if several, the strongest of them on the wheel (WB-TRICK-2); if none, the
    strongest card of the leader's colour (WB-TRICK-3). The trump is the colour of the top card
    of the trump stack (WB-RANK-1; none under ``trump_colour=false``, WB-RANK-3, or with the stack
    empty, WB-END-3); strength runs round the wheel from the number it is turned to, on the side
    ``Rules.wheel`` names (WB-RANK-2); under ``wins=weakest`` the weakest of those cards wins
    instead (WB-TRICK-6). Reads ``trick.cards``, ``trick.seats``, the trump stack and the wheel's
    number of ``trick.state``, and ``trick.rules``."""
    return winner_on_wheel(trick, trick.rules.wheel)


def winner_on_wheel(trick: Trick, wheel: str) -> int:
    """Who wins ``trick`` (WB-TRICK-1..3, WB-TRICK-6) when the wheel shows its side ``wheel``
    (``"descending"`` or ``"ascending"``, WB-RANK-2), the rest as :func:`resolve_trick` says.
    A variant that turns the wheel over calls it with the other side."""
    state, rules, cards = trick.state, trick.rules, trick.cards
    trumps = state.trumps
    trump = _SUIT[trumps[-1]] if trumps and rules.trump_colour else None  # WB-RANK-1, WB-RANK-3, WB-END-3
    order = wheel_order(state.anchor, wheel, tables(rules).numbers)  # strongest first (WB-RANK-2)
    if rules.wins == WEAKEST:  # WB-TRICK-6
        order = order[::-1]
    colour = trump if any(_SUIT[c] == trump for c in cards) else _SUIT[cards[0]]  # WB-TRICK-1, -2, -3
    best = min((order.index(_RANK[c]), i) for i, c in enumerate(cards) if _SUIT[c] == colour)
    return int(trick.seats[best[1]])


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
