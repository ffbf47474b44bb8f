"""A card that is no seat's, for The Witches of Blackmore.

``GHOST_CARD``: once the last card of a trick is played, the top card of the draw pile is turned up as a
ghost card that joins the trick last. The trick is decided as printed, the ghost card with the others; if
the ghost card is strongest, nobody wins: the trick and the ghost card leave the game, and the trick's
leader leads again (WB-LOGIC-1 replaced: the outcome names a player that is no seat, WB-RULING-16). With
the pile empty, no ghost comes.

Check it with::

    rulebook verify witches-of-blackmore --variant docs/examples/witches_ghost_card.py:GHOST_CARD
"""

from __future__ import annotations

from typing import Any

import rulebook
from rulebook.core.logic import Outcome, Trick
from rulebook.core.tricks import best_position
from rulebook.variants.variant import Variant

GAME = rulebook.get_game("witches-of-blackmore")


def ghost_card(trick: Trick) -> Any:
    """The printed winner, or the ghost's outcome when the draw pile has a card to turn up."""
    state = trick.state
    pile = state.deck[state.drawn:]
    if not pile:
        return GAME.resolve_trick(trick)
    cards = (*trick.cards, pile[0])
    keys = GAME.trick_keys(state, trick.cards[0])  # the printed strength of every card, the trump in play
    strongest = best_position(cards, keys)
    winner = "ghost" if strongest == len(trick.cards) else trick.seats[strongest]
    return Outcome(winner, (("ghost", pile[0]),))


GHOST_CARD = Variant(
    GAME, GAME.Rules(players=4), name="the ghost card",
    description=("The top card of the draw pile joins every trick last; if it is strongest, the trick "
                 "leaves the game."),
    trick_winner=ghost_card,
)
