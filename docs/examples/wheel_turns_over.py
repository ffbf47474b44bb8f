"""A rule no option states, as a Python variant of The Witches of Blackmore: the witches'
wheel is turned over at each trump change.

What "turned over" means here (the spec's WB-LOGIC-1 says the same): the wheel shows its
other side (descending for ascending, and back), anchored at the same number, whenever the
trump stack holds an odd number of cards more or fewer than at the start (one card, the
turned-up first trump; none under ``first_trump=none``). Every trump change moves the stack
by one card, a card laid on it (WB-TRUMP-1) or one taken from it in the last refill
(WB-END-3), so every trump change turns the wheel over once more: after the first
replacement the wheel is turned, after the second it is back, and so on. The trick is then
decided as printed (a single trump wins, else the strongest trump, else the strongest card
of the leader's colour) on the side the wheel shows.

The function reads only what a trick gives it: ``trick.cards``, ``trick.seats``,
``trick.state`` (the trump stack and the wheel's number) and ``trick.rules``. Check it with::

    rulebook verify witches-of-blackmore --variant docs/examples/wheel_turns_over.py:variant
"""

from __future__ import annotations

from typing import Any

import rulebook
from rulebook.core.logic import Trick
from rulebook.games.witches_of_blackmore import ASCENDING, DESCENDING
from rulebook.games.witches_of_blackmore.scoring import winner_on_wheel
from rulebook.variants.variant import Variant

GAME = rulebook.get_game("witches-of-blackmore")


def wheel_turned(trick: Trick) -> bool:
    """Whether the wheel shows its other side for this trick: the trump stack has changed by an
    odd number of cards since the start (one card with the turned-up first trump, else none)."""
    start = 1 if trick.rules.first_trump == "turned" else 0
    return (len(trick.state.trumps) - start) % 2 == 1


def wheel_turns_over(trick: Trick) -> Any:
    """Who wins ``trick`` on the wheel as it lies: the printed side, or the other one when the
    wheel has been turned over (:func:`wheel_turned`)."""
    side = trick.rules.wheel
    if wheel_turned(trick):
        side = ASCENDING if side == DESCENDING else DESCENDING
    return winner_on_wheel(trick, side)


def variant(game: Any) -> Any:
    """The variant: the printed game, its wheel turned over at each trump change."""
    return Variant(
        game, game.Rules(), name="the wheel turns over",
        description="the witches' wheel is turned over to its other side at each trump change",
        trick_winner=wheel_turns_over,
    )
