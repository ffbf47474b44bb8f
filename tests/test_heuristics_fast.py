"""The games' fast heuristics choose what the original ones chose, drawing the same random numbers.

Each game's ``heuristic_action`` was rewritten for speed (it is most of an ISMCTS
rollout's cost). Seeded simulations, recorded results and pinned searches depend on
its choices and on how it consumes the generator, so both must be unchanged. The
references below are the implementations before that rewrite, copied verbatim
(module names qualified); at every position of random games, under random valid
rules and at every player count, the new heuristic must return the reference's action
and leave a generator seeded alike in the same state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulebook
from rulebook.core.tricks import best_position
from rulebook.games import witches_of_blackmore as wb
from rulebook.testing import player_count_cases, rules_strategy

# -- the references: each game's heuristic before the rewrite, verbatim -------------------------


def witches_reference(state: Any, rng: random.Random) -> Any:
    """Win the trick with the cheapest winning card, else throw the lowest number; keep the trump."""
    legal = state.legal_actions()
    if state.phase == wb.REPLACING:
        return wb._KEEP
    trick = state.trick
    trump = state.trump_suit
    by_lead = wb._WIN[state.rules.wheel][state.anchor][6 if trump is None else trump]
    plays = [a for a in legal if isinstance(a, wb.Play)]
    winning = [
        a for a in plays
        if best_position((*trick, a.card), by_lead[wb._SUIT[trick[0] if trick else a.card]]) == len(trick)
    ]
    return min(winning or plays, key=lambda a: (wb._RANK[a.card], rng.random()))


REFERENCES: dict[str, Callable[[Any, random.Random], Any]] = {
    "witches-of-blackmore": witches_reference,
}

# -- the check -----------------------------------------------------------------------------------


def _check_game(game: Any, rules: Any, seed: int) -> int:
    """Play one game (heuristic and random moves mixed); at every position compare the heuristics.

    Returns the number of positions compared.
    """
    reference = REFERENCES[game.slug]
    driver = random.Random(seed)
    state = game.new_game(rules, seed=seed)
    checked = 0
    while state.current_player is not None:
        k = driver.getrandbits(32)
        rng1, rng2 = random.Random(k), random.Random(k)
        fast = game.heuristic_action(state, rng1)
        slow = reference(state, rng2)
        assert fast == slow, f"{game.slug} after {len(state.history)} actions: {fast} != {slow}"
        assert type(fast) is type(slow)
        assert rng1.getstate() == rng2.getstate(), f"{game.slug} after {len(state.history)} actions: rng differs"
        checked += 1
        # mostly the heuristic's own games (the positions rollouts see), some random turns
        state = state.apply(fast if driver.random() < 0.7 else driver.choice(state.legal_actions()))
    return checked


def test_every_game_has_a_reference() -> None:
    # games whose reference moved to their own tests/games/<module>/test_heuristic.py
    assert set(REFERENCES) == set(rulebook.GAMES) - {"seven-prophecies", "saru-tori-inu-i", "utsuke", "gods-and-humans"}


@pytest.mark.parametrize(("slug", "players"), [c for c in player_count_cases() if c[0] in REFERENCES])
def test_default_rules_match_the_reference(slug: str, players: int) -> None:
    game = rulebook.get_game(slug)
    assert _check_game(game, game.Rules(players=players), seed=players) > 10


@pytest.mark.slow
@pytest.mark.parametrize(("slug", "players"), [c for c in player_count_cases() if c[0] in REFERENCES])
@settings(max_examples=25)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_random_rules_match_the_reference(slug: str, players: int, data: st.DataObject, seed: int) -> None:
    game = rulebook.get_game(slug)
    rules = data.draw(rules_strategy(game, players=players))
    assert _check_game(game, rules, seed) > 0
