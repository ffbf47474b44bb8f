"""A house rule that options cannot express, as a Python variant: "cursed nines".

Captured 9s score -10 instead of 9 in The Witches of Blackmore. The printed game
never goes below 0 (scores are sums of card numbers, WB-SCORE-1), so the variant
keeps that floor, and ``rulebook verify`` finds games where the hook breaks it::

    rulebook verify witches-of-blackmore --variant docs/examples/cursed_nines.py:CURSED_NINES

``FORGIVING_NINES`` fixes it: a total never drops below 0.
"""

from __future__ import annotations

from typing import Any

import rulebook
from rulebook.games.witches_of_blackmore import DECK
from rulebook.variants.variant import Variant, highest_scores_win

GAME = rulebook.get_game("witches-of-blackmore")


def cursed_scores(state: Any) -> tuple[int, ...]:
    """Each captured card scores its number, but a 9 scores -10."""
    rank = DECK.rank_of
    return tuple(sum(-10 if rank[c] == 9 else rank[c] for c in pile) for pile in state.captured)


def forgiving_scores(state: Any) -> tuple[int, ...]:
    """As :func:`cursed_scores`, but a total never drops below 0."""
    return tuple(max(0, s) for s in cursed_scores(state))


CURSED_NINES = Variant(
    GAME, GAME.Rules(), name="cursed nines", description="captured 9s score -10",
    scores=cursed_scores, winners=highest_scores_win, score_floor=0, floor_rule="WB-SCORE-1",
)

FORGIVING_NINES = Variant(
    GAME, GAME.Rules(), name="forgiving nines", description="captured 9s score -10, totals floored at 0",
    scores=forgiving_scores, winners=highest_scores_win, score_floor=0, floor_rule="WB-SCORE-1",
)
