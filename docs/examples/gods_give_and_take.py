"""Steps of the variant's own, for Gods and Humans: a god that gives and takes.

``GIVE_AND_TAKE``: once every prediction is made, before the first trick, the deal's first god (in seat
order) gives each human one card of its hand and takes another card of that human's hand out of the deal,
face down. The gods see every human's hand (GH-INFO-2), so they know the card taken out, and so does the
human it came from; the other humans see only that each hand gave one card and got one. That god has then
intervened for the deal (GH-INTERVENE-4). Three humans (six players), one step per human (GH-RULING-23).

Check it with::

    rulebook verify gods-and-humans --variant docs/examples/gods_give_and_take.py:GIVE_AND_TAKE
"""

from __future__ import annotations

from typing import Any

import rulebook
from rulebook.core.model import ChoiceList
from rulebook.variants.choose import ChooseStep
from rulebook.variants.variant import Variant

GAME = rulebook.get_game("gods-and-humans")
#: the card numbers are below 64: a choice's value is the card given times 64 plus the card taken
_SHIFT = 64


def _human(state: Any, k: int) -> int:
    return int(state.humans[k])


def options(k: int) -> Any:
    """The choices for the ``k``-th human of the deal: a card of the god's hand to give, and another card of
    the human's hand to take out."""
    def choices(state: Any, seat: int) -> tuple[tuple[int, str], ...]:
        human = _human(state, k)
        return tuple((give * _SHIFT + take, f"give {GAME.card_text(give)} take {GAME.card_text(take)}")
                     for give in state.hands[seat] for take in state.hands[human])
    return choices


def apply(k: int) -> Any:
    """The god's hand loses the card given; the human's gains it and loses the card taken out of the deal; the
    god no longer waits to intervene this deal (GH-INTERVENE-4)."""
    def moved(state: Any, made: tuple[tuple[int, int], ...]) -> Any:
        for god, value in made:
            give, take = divmod(value, _SHIFT)
            human = _human(state, k)
            state = GAME.take_out(state, human, take)
            state = GAME.give(state, god, human, give)
            state = GAME.intervened(state, god)
        return state
    return moved


def parse(text: str) -> int | None:
    """The value of ``give G take T`` (card texts)."""
    words = text.split()
    if len(words) != 4 or words[0] != "give" or words[2] != "take":
        return None
    try:
        return GAME.parse_card(words[1]) * _SHIFT + GAME.parse_card(words[3])
    except ValueError:
        return None


GIVE_AND_TAKE = Variant(
    GAME, GAME.Rules(players=6), name="a god gives and takes",
    description="Before the first trick the deal's first god gives each human a card and takes another out of the "
    "deal.",
    phases=tuple(
        ChooseStep(before="tricks", name=f"human {k + 1}", by="role:first_god", shown="owner",
                   choices=ChoiceList(options(k), apply(k), f"a card for human {k + 1}, another of theirs out",
                                      parse=parse))
        for k in range(3)
    ),
)
