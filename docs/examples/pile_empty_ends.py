"""A Witches of Blackmore game that ends as soon as the draw pile is empty, as a Python variant.

The printed game plays on after the pile runs out until every hand is empty (WB-END-4). Here
the game ends after the first trick that is won while the pile is empty: no trump decision
follows, and the game is scored by its own rules (WB-LOGIC-3): each player scores the
numbers on the cards they captured, less the cards they laid on the trump stack
(WB-SCORE-1, WB-TRUMP-1); the highest total wins, tied players sharing the win. Check it
with::

    rulebook verify witches-of-blackmore --variant docs/examples/pile_empty_ends.py:variant
"""

from __future__ import annotations

from typing import Any

import rulebook
from rulebook.core.logic import Event
from rulebook.variants.variant import Variant

GAME = rulebook.get_game("witches-of-blackmore")


def pile_empty(event: Event) -> bool:
    """End the game at a trick won while the draw pile is empty (its cards all dealt or drawn)."""
    state = event.state
    return event.kind == "trick" and state.drawn == len(state.deck)


def variant(game: Any) -> Any:
    """The variant: the printed game, ended as soon as the pile is empty."""
    return Variant(
        game, game.Rules(), name="the pile ends it",
        description="the game ends after the first trick won with the draw pile empty",
        ends=pile_empty,
    )
