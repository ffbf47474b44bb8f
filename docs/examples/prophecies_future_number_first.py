"""A trick's ranking replaced by its rule ID, for Seven Prophecies.

``FUTURE_NUMBER_FIRST``: a card with the number of the trick's future card ranks first; with two or
more such cards, they take the first places in the order the printed ranking gives them, and every
other card follows, also in the printed order (SP-RANK-1 replaced: the function gives every place,
1st to last, not only the winner).

Check it with::

    rulebook verify seven-prophecies --variant docs/examples/prophecies_future_number_first.py:FUTURE_NUMBER_FIRST
"""

from __future__ import annotations

from typing import Any

import rulebook
from rulebook.core.logic import Trick
from rulebook.variants.variant import Variant

GAME = rulebook.get_game("seven-prophecies")


def _number(card: int) -> int:
    return GAME.deck.rank_of[card]


def future_number_first(trick: Trick) -> tuple[Any, ...]:
    """The trick's seats from 1st place to last: the future card's number first, then the printed order."""
    state = trick.state
    printed = GAME.printed_places(trick)  # the printed ranking: the seats from 1st place to last
    future = _number(state.future_card)
    card_of = dict(zip(trick.seats, trick.cards, strict=True))
    first = [seat for seat in printed if _number(card_of[seat]) == future]
    return (*first, *(seat for seat in printed if seat not in first))


FUTURE_NUMBER_FIRST = Variant(
    GAME, GAME.Rules(), name="the future card's number ranks first",
    description="A card with the number of the trick's future card takes 1st place; the other places follow the "
    "printed ranking.",
    replace={"SP-RANK-1": future_number_first},
)
