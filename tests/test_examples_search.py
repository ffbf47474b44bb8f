"""Every worked example of ``docs/examples`` is searched, in every game it names, for a few moves.

The search players apply moves to resampled states (``state.resample``), whose history starts at the
resample, and the variant's rules run inside them: a rule that reads the history (Saru Tori Inu I's
record of a round of play under a turn rule) once failed there and nowhere else (issue 41).
"""

from __future__ import annotations

import random

import pytest

from rulebook.balance.players import ISMCTS
from rulebook.balance.simulate import _players_for

from .docs_examples import all_examples

EXAMPLES = all_examples()


@pytest.mark.parametrize(("label", "slug", "variant"), EXAMPLES, ids=[f"{s}:{lb}" for lb, s, _v in EXAMPLES])
def test_every_example_is_searched_for_a_few_moves(label: str, slug: str, variant: object) -> None:
    (search,) = _players_for([ISMCTS(iterations=8)], variant)  # type: ignore[arg-type]
    rng = random.Random(1)
    state = variant.new_game(seed=5)  # type: ignore[attr-defined]
    searched = 0
    moves = 0
    while state.current_player is not None and searched < 4:
        legal = state.legal_actions()
        if len(legal) > 1 and moves % 3 == 0:
            action = search(state, rng)
            searched += 1
        else:
            action = rng.choice(legal)
        assert action in legal
        state = state.apply(action)
        moves += 1
    assert searched == 4 or state.current_player is None
