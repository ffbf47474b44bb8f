"""Scores, the end of the game and the winners of gods-and-humans (GH-SCORE-1, GH-END-2, GH-END-3).

Points are only ever added when a deal ends: a human's exact prediction scores the stars of
its oracle card for the human and its partner god (GH-SCORE-1, GH-SCORE-2); the lone human
scores alone (GH-RULING-6). The deal's points are computed where the deal ends, in the
engine; its itemised record is :attr:`.history.DealResult.record`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rulebook.core.history import Player
from rulebook.core.logic import Trick

from .rules import _SUIT, Rules, plan

if TYPE_CHECKING:
    from .state import DealFacts, GodsState

__all__ = ["deal_points", "end_stats", "max_game_length", "resolve_trick", "score_floor", "scores", "winners"]


def resolve_trick(trick: Trick) -> Player:
    """Who wins a complete trick of the humans (GH-LOGIC-1: the function a variant's ``trick_winner`` replaces).

    GH-TRICK-5: when the deal has a trump (red, with four humans, ``trick.state.facts.trump``) and a
    trump card is in the trick, the highest trump wins. GH-TRICK-3: otherwise the highest number of
    the colour led wins; cards of other colours cannot win. GH-TRICK-8: with
    ``trick_winner='lowest'`` the lowest of those cards wins instead. Every card is unique, so
    exactly one card wins; its player (a human's seat) is the winner.
    """
    cards = trick.cards
    colour = _SUIT[cards[0]]
    trump = trick.state.facts.trump
    if trump is not None and any(_SUIT[c] == trump for c in cards):
        colour = trump
    competing = [i for i, c in enumerate(cards) if _SUIT[c] == colour]
    pick = min if trick.rules.trick_winner == "lowest" else max
    return trick.seats[pick(competing, key=lambda i: cards[i])]


def deal_points(rules: Rules, facts: DealFacts, won: Sequence[int]) -> list[int]:
    """Each seat's points for a deal whose humans took ``won`` tricks (GH-SCORE-1): a human whose
    oracle card came true scores its stars (GH-SCORE-2), and so does its god; the lone human, who has
    no partner, scores alone (GH-RULING-6)."""
    humans, gods, pair, oracle = facts.humans, facts.gods, facts.pair, facts.oracle
    points = [0] * rules.players
    partners = [-1] * rules.players
    for j in range(len(gods)):
        partners[gods[j]] = humans[pair[j]]
        partners[humans[pair[j]]] = gods[j]
    for i in range(len(humans)):
        if won[i] == oracle[i]:
            stars = rules.stars[oracle[i]]
            points[humans[i]] += stars
            partner = partners[humans[i]]
            if partner >= 0:
                points[partner] += stars
    return points


def scores(state: GodsState) -> tuple[int, ...]:
    """Points per seat over the finished deals (GH-SCORE-1)."""
    return state.board[0].totals


def winners(state: GodsState) -> frozenset[int]:
    """Once the last deal is over (GH-END-2), the highest total wins; ties share (GH-END-3)."""
    if state.current_player is not None:
        return frozenset()
    totals = state.board[0].totals
    best = max(totals)
    return frozenset(s for s, v in enumerate(totals) if v == best)


def score_floor(rules: Rules) -> int | None:
    """Points are only ever added (GH-SCORE-1): no seat goes below 0; a variant's counters may take
    points away (GH-LOGIC-2): then there is no floor."""
    return 0 if rules.logic.counters is None else None


def max_game_length(rules: Rules) -> int:
    """Per deal: the oracle cards, every card played, every card given, and at most one
    answer per waiting god at each gap (tricks + 1 gaps)."""
    p = plan(rules)
    h, g = p.humans, p.gods
    tricks = p.hand + g
    return rules.deals * (h + h * tricks + g * h + (tricks + 1) * g)


def end_stats(state: GodsState) -> dict[str, float]:
    """Deals, exact predictions (all, lone), and where the interventions came from."""
    exact = lone_exact = 0
    sources = Counter(r.source for res in state.past for r in res.god_results)
    for res in state.past:
        for r in res.human_results:
            if r.exact:
                exact += 1
                lone_exact += r.partner is None
    return {
        "deals": len(state.past),
        "exact_predictions": exact,
        "lone_exact_predictions": lone_exact,
        "top_score": max(state.totals),
        "field_interventions": sources["field"],
        "hand_interventions": sources["hand"],
        "mixed_interventions": sources["mixed"],
        "forced_interventions": sources["forced"],
    }
