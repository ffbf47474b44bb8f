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
import re
from collections.abc import Callable, Sequence
from typing import Any

import attrs
from hypothesis import strategies as st

from rulebook import records
from rulebook.core.contract import Game, State
from rulebook.core.options import describe_options
from rulebook.errors import IllegalAction, InvalidRules

__all__ = ["check_game", "check_observation_boundary", "rules_strategy"]

RULE_ID = re.compile(r"\[[A-Z]{2}-[A-Z]{2,}-\d+\]")
Chooser = Callable[[Sequence[Any]], Any]


def rules_strategy(game: Game[Any, Any, Any], **fixed: Any) -> st.SearchStrategy[Any]:
    """Random valid ``Rules`` of ``game``: each option drawn from its choices.

    ``fixed`` pins options (for example ``players=4``); options without
    declared choices keep their defaults. Impossible combinations are skipped.
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
        try:
            return game.Rules(**values)
        except InvalidRules:
            from hypothesis import assume

            assume(False)
            raise AssertionError("unreachable") from None

    return build()


def _fail(check: str, state: State[Any, Any], detail: str) -> AssertionError:
    return AssertionError(f"{check}: {detail} (after {len(state.history)} actions)")


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
            raise _fail("observation boundary", state, f"seat {seat} sees a difference after resampling hidden facts")
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

    Returns the final state. Raises ``AssertionError`` naming the broken check.
    """
    rng = rng or random.Random(seed)
    players = rules.players
    start: State[Any, Any] = game.new_game(rules, seed=seed)
    if game.new_game(rules, seed=seed) != start:
        raise _fail("determinism", start, "the same seed gave different initial states")
    table_size = game.num_distinct_actions(rules)
    bound = game.max_game_length(rules)
    state = start
    steps = 0
    while True:
        game.check_invariants(state)
        cp = state.current_player
        legal = state.legal_actions()
        if state.is_terminal:
            break
        if not (isinstance(cp, int) and 0 <= cp < players):
            raise _fail("current player", state, f"{cp!r} is not a seat")
        if not legal:
            raise _fail("legal actions", state, "a non-terminal state has no legal action")
        if state.legal_actions() != legal:
            raise _fail("legal actions", state, "two calls gave different tuples")
        texts = [str(a) for a in legal]
        if len(set(texts)) != len(texts) or len(set(legal)) != len(legal):
            raise _fail("legal actions", state, f"duplicates in {texts}")
        ids = []
        for a, text in zip(legal, texts):
            i = game.encode_action(a, rules)
            if not 0 <= i < table_size or game.decode_action(i, rules) != a:
                raise _fail("action encoding", state, f"{text} -> {i} does not round-trip")
            if game.parse_action(text, rules) != a:
                raise _fail("action text", state, f"{text!r} does not parse back")
            ids.append(i)
        if tuple(sorted(ids)) != state.legal_action_ids():
            raise _fail("action ids", state, "legal_action_ids() disagrees with legal_actions()")
        if steps % boundary_every == 0:
            size = game.observation_size(rules)
            for seat in range(players):
                tensor = state.observation_tensor(seat)
                if len(tensor) != size or not all(isinstance(x, int) for x in tensor):
                    raise _fail("observation tensor", state, f"seat {seat}: not {size} whole numbers")
            check_observation_boundary(state, rng)
        # An illegal action raises, cites a rule, and leaves the state as it was.
        illegal = [i for i in rng.sample(range(table_size), min(table_size, 8)) if i not in ids]
        if illegal:
            bad = game.decode_action(illegal[0], rules)
            try:
                state.apply(bad)
            except IllegalAction as exc:
                if not RULE_ID.search(str(exc)):
                    raise _fail("illegal action", state, f"message cites no rule: {exc}") from None
            else:
                raise _fail("illegal action", state, f"{bad} was accepted but is not legal")
            if state.legal_actions() != legal or state.current_player != cp:
                raise _fail("immutability", state, "a rejected action changed the state")
        action = choose(legal)
        before_obs = state.observation(cp)
        nxt = state.apply(action)
        if state.legal_actions() != legal or state.observation(cp) != before_obs:
            raise _fail("immutability", state, "apply() changed the old state")
        if nxt.history[-1:] != (action,):
            raise _fail("history", nxt, "the applied action is not last in the history")
        state = nxt
        steps += 1
        if steps > bound:
            raise _fail("termination", state, f"more than max_game_length={bound} actions")
    # terminal state
    if state.current_player is not None or legal:
        raise _fail("terminal", state, "a terminal state has a player to move or legal actions")
    scores = state.scores
    if len(scores) != players or not all(isinstance(x, int) for x in scores):
        raise _fail("scores", state, f"{scores!r} is not one whole number per seat")
    winners = state.winners
    if not winners or not winners <= set(range(players)):
        raise _fail("winners", state, f"{set(winners)} is not a non-empty set of seats")
    try:
        state.apply(game.decode_action(0, rules))
    except IllegalAction:
        pass
    else:
        raise _fail("terminal", state, "an action was accepted after the end")
    # the record replays to the same state
    replayed: State[Any, Any] = records.replay(records.loads(records.dumps(state)), complete=True)
    if replayed != state:
        raise _fail("record", state, "the saved record does not replay to the same final state")
    return state


def random_chooser(rng: random.Random) -> Chooser:
    return rng.choice


def evolve_rules(rules: Any, **changes: Any) -> Any:
    return attrs.evolve(rules, **changes)
