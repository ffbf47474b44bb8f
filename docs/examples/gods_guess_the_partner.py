"""An added step with a choice the variant names, for Gods and Humans.

``GUESS_THE_PARTNER``: at the end of each deal, once its last trick is played and before anything is
scored or revealed, every human at once and in secret points at the god they think is their partner.
Each human who points at their own partner scores 1 point (the lone human has no partner: no guess of
theirs scores). The guesses are turned up together, then the deal is scored as printed.

Check it with::

    rulebook verify gods-and-humans --variant docs/examples/gods_guess_the_partner.py:GUESS_THE_PARTNER
"""

from __future__ import annotations

from typing import Any

import rulebook
from rulebook.core.model import ChoiceList
from rulebook.variants.choose import ChooseStep
from rulebook.variants.variant import Variant

GAME = rulebook.get_game("gods-and-humans")


def gods(state: Any, seat: int) -> tuple[tuple[int, str], ...]:
    """A human may point at any god of the deal: the value is the god's seat, the text counts from 1."""
    return tuple((god, f"seat {god + 1}") for god in state.gods)


def score_the_guesses(state: Any, made: tuple[tuple[int, int], ...]) -> Any:
    """One point for each human who pointed at their own partner (the god holding their oracle set)."""
    points = [0] * state.rules.players
    for human, god in made:
        if state.partners[human] == god:
            points[human] += 1
    return GAME.add_points(state, tuple(points))


def seat_of(text: str) -> int | None:
    """The god a text names (``seat 4`` is the seat 3 of the API)."""
    word, _, number = text.partition(" ")
    return int(number) - 1 if word == "seat" and number.isdigit() and len(number) < 3 else None


GUESS_THE_PARTNER = Variant(
    GAME, GAME.Rules(players=6), name="guess the partner",
    description="At the end of each deal every human points at the god they think is their partner; a right guess "
    "scores 1.",
    phases=(ChooseStep(before="score", name="guess", turns="secret",
                       choices=ChoiceList(gods, score_the_guesses, "point at a god", parse=seat_of)),),
)
