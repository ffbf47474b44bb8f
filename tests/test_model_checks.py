"""Every game's own consistency checks by their IDs (``Game.CHECKS``): a variant that names one switches it off
or runs its own in its place (rulebook.core.model.run_checks), in the same random game of every game."""

from __future__ import annotations

import random

import pytest

import rulebook
from rulebook.variants.variant import Variant

CASES = [(slug, check.rule) for slug in rulebook.GAMES for check in rulebook.get_game(slug).CHECKS]


@pytest.mark.parametrize(("slug", "rule"), CASES)
def test_a_check_switched_off_by_id_is_not_run_and_one_replaced_runs_in_its_place(slug: str, rule: str) -> None:
    game = rulebook.get_game(slug)
    ran: list[str] = []
    broken = next(c for c in game.CHECKS if c.rule == rule)
    state = game.new_game(seed=1)
    rng = random.Random(1)
    for _ in range(12):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    off = Variant(game, game.Rules(players=state.rules.players), checks={rule: "off"})
    mine = Variant(game, game.Rules(players=state.rules.players), checks={rule: lambda s: ran.append(rule)})
    for variant in (off, mine):
        other = game.new_game(variant.rules, seed=1)
        for action in state.history:
            other = other.apply(action)
        game.check_invariants(other)
    assert ran == [rule]
    broken.fn(state)  # the game's own check holds in the printed game
