"""Who sees a zone as a Python function, for The Witches of Blackmore.

``SEE_TO_THE_RIGHT``: every player holds their cards so that the player on their right sees them too:
each hand is seen by its owner and by the next seat clockwise (seat 1's hand by seats 1 and 2, seat 4's
by seats 4 and 1). No sight of the list (``owner``, ``seat:N``...) says "the next seat" for every hand
at once: the function does, for the zone ``hands`` (WB-INFO-1, a sight given as a function).

Check it with::

    rulebook verify witches-of-blackmore --variant docs/examples/witches_see_to_the_right.py:SEE_TO_THE_RIGHT
"""

from __future__ import annotations

from typing import Any

import rulebook
from rulebook.variants.variant import Variant

GAME = rulebook.get_game("witches-of-blackmore")
PLAYERS = 4


def owner_and_right(seat: int, item: int, content: Any) -> bool:
    """Whether ``seat`` sees a card of the hand ``content``: its owner does, and so does the next seat."""
    return seat in (content.owner, (content.owner + 1) % PLAYERS)


SEE_TO_THE_RIGHT = Variant(
    GAME, GAME.Rules(players=PLAYERS), name="see to the right",
    description="Each player's hand is seen by its owner and by the player on their right.",
    sights={"hands": owner_and_right},
)
