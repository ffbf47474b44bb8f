"""Shared checks every registered game must pass (the contract test).

In the spirit of OpenSpiel's random simulation test: :func:`check_game` plays
one game with a given chooser of actions and checks, at every step, the
contract of :mod:`rulebook.core.contract` and the game's own invariants
(``game.check_invariants``). :func:`rules_strategy` generates random valid
``Rules`` from the options' declared choices. Requires ``hypothesis`` (the
``test`` extra).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import strategies as st

from rulebook.core.contract import Game, State
from rulebook.core.options import describe_options, rules_kwargs
from rulebook.errors import InvalidRules

__all__ = ["check_game", "check_observation_boundary", "compare_heuristic", "player_count_cases", "rules_strategy"]

Chooser = Callable[[Sequence[Any]], Any]


def rules_strategy(game: Game[Any, Any, Any], **fixed: Any) -> st.SearchStrategy[Any]:
    """Random valid ``Rules`` of ``game``: each option drawn from its choices.

    ``fixed`` pins options (for example ``players=4``); options without
    declared choices keep their defaults. An impossible combination is repaired: the
    option its error names goes back to its default, until the rules hold.
    """
    parts: dict[str, st.SearchStrategy[Any]] = {}
    for info in describe_options(game.Rules):
        if info.name in fixed:
            parts[info.name] = st.just(fixed[info.name])
        elif info.choices is not None:
            parts[info.name] = st.sampled_from(info.choices)

    @st.composite
    def build(draw: st.DrawFn) -> Any:
        values = {name: draw(s) for name, s in parts.items()}
        # an impossible combination is repaired, not thrown away: the option the error names
        # goes back to its default (the printed game), until the rules hold; throwing whole
        # draws away would leave few combinations of many options to test
        for _ in range(len(values) + 1):
            try:
                return game.Rules(**rules_kwargs(game.Rules, values))
            except InvalidRules as exc:
                name = exc.field if exc.field in values else exc.field.rpartition(".")[2]
                if name not in values or name in fixed:
                    break
                del values[name]
        from hypothesis import assume

        assume(False)
        raise AssertionError("unreachable")

    return build()


def check_observation_boundary(state: State[Any, Any], rng: random.Random) -> bool:
    """For every seat: resampling what it cannot see leaves its observation unchanged.

    Returns whether any resample changed the state (so a caller can assert the
    check had something to hide).
    """
    changed = False
    for seat in range(state.rules.players):
        before = state.observation(seat)
        other = state.resample(seat, rng)
        if other != state:
            changed = True
        after = other.observation(seat)
        if before != after or state.observation_tensor(seat) != other.observation_tensor(seat):
            raise AssertionError(
                f"observation boundary: seat {seat + 1} sees a difference after resampling hidden facts "
                f"(after {len(state.history)} actions)"
            )
    return changed


def check_game(
    game: Game[Any, Any, Any],
    rules: Any,
    seed: int,
    choose: Chooser,
    *,
    rng: random.Random | None = None,
    boundary_every: int = 1,
) -> State[Any, Any]:
    """Play one game choosing actions with ``choose`` and check the contract at every step.

    The checks are those of ``rulebook verify`` (:data:`rulebook.variants.verify.CHECKS`,
    plus the game's invariants and score floor), run on the printed variant of
    ``rules``. Returns the final state; raises ``AssertionError`` naming the
    broken check.
    """
    from rulebook.variants.variant import Variant
    from rulebook.variants.verify import play_checked

    return play_checked(
        Variant(game, rules),
        seed,
        ["random"] * rules.players,
        lambda k: choose(range(k)),
        rng or random.Random(seed),
        boundary_every,
        [0],
    )


def compare_heuristic(
    game: Game[Any, Any, Any], rules: Any, seed: int,
    reference: Callable[[State[Any, Any], random.Random], Any],
) -> int:
    """Play one game of ``game`` (heuristic and random moves mixed) and, at every position, check
    that ``game.heuristic_action`` returns ``reference``'s action (same value, same type) and leaves
    a generator seeded alike in the same state. ``reference`` is a slower, plainer statement of the
    same player, kept by a game's tests. Returns the number of positions compared.
    """
    driver = random.Random(seed)
    state: Any = game.new_game(rules, seed=seed)
    checked = 0
    while state.current_player is not None:
        k = driver.getrandbits(32)
        rng1, rng2 = random.Random(k), random.Random(k)
        fast = game.heuristic_action(state, rng1)
        slow = reference(state, rng2)
        assert fast == slow, f"after {len(state.history)} actions: {fast} != {slow}"
        assert type(fast) is type(slow)
        assert rng1.getstate() == rng2.getstate(), f"after {len(state.history)} actions: rng differs"
        checked += 1
        # mostly the heuristic's own games (the positions rollouts see), some random turns
        state = state.apply(fast if driver.random() < 0.7 else driver.choice(state.legal_actions()))
    return checked


def player_count_cases(dev: str = "ends") -> list[tuple[str, int]]:
    """``(slug, players)`` for the shared tests: every supported count of every game, or under
    the quick default Hypothesis profile (``HYPOTHESIS_PROFILE`` unset or ``dev``) only some:
    ``dev="ends"`` the smallest and largest count of each game, ``"min"`` or ``"max"`` one of
    them. CI runs the slow tests under ``ci`` with every count.

    >>> player_count_cases("all")
    Traceback (most recent call last):
    ...
    ValueError: dev: 'ends', 'min' or 'max', not 'all'
    """
    import os

    from rulebook.registry import GAMES

    if dev not in ("ends", "min", "max"):
        raise ValueError(f"dev: 'ends', 'min' or 'max', not {dev!r}")
    every = os.environ.get("HYPOTHESIS_PROFILE", "dev") != "dev"
    cases = []
    for slug, game in GAMES.items():
        low, high = min(game.player_counts), max(game.player_counts)
        quick = {"ends": (low, high), "min": (low,), "max": (high,)}[dev]
        cases += [(slug, n) for n in game.player_counts if every or n in quick]
    return cases
