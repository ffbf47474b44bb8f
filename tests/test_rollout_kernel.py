"""A game's own playout of its heuristic (``Game._rollout_kernel``) reaches exactly the states that
``state.apply(heuristic_action(state, rng))`` move by move reaches, with the same draws.

ISMCTS hands its playouts to the kernel (``rulebook.balance.players.RolloutKernel``); these tests
hold it to the contract over random games under random valid ``Rules``: for every start, budget and
``in_round`` flag, the state the kernel returns is the one the loop reaches after the same number of
moves, the generator is in the same state, the budget is kept, and with ``in_round`` the round has
not ended. A search with the kernel chooses the same move with the same statistics as one without.
The kernel must also play: under the printed rules it makes most of the moves of a playout.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulebook
from rulebook.balance.horizon import HORIZONS
from rulebook.balance.players import ISMCTS, win_share
from rulebook.variants.testing import rules_strategy

from .docs_examples import all_examples

KERNEL_GAMES = [g.slug for g in rulebook.GAMES.values() if getattr(g, "_rollout_kernel", None) is not None]


def _start(game: Any, rules: Any, seed: int, cut: float) -> Any:
    """A position part way through a random game under ``rules`` (heuristic and random moves)."""
    rng = random.Random(seed)
    state = game.new_game(rules, seed=seed)
    states = [state]
    while state.current_player is not None:
        if rng.random() < 0.5:
            action = rng.choice(state.legal_actions())
        else:
            action = game.heuristic_action(state, rng)
        state = state.apply(action)
        states.append(state)
    playing = [s for s in states if s.current_player is not None]
    return playing[min(len(playing) - 1, int(cut * len(playing)))]


def _loop(game: Any, state: Any, rng: random.Random, moves: int, in_round: bool) -> list[tuple[Any, Any]]:
    """The states (and generator states) the move-by-move playout passes through, from ``state``:
    up to ``moves`` moves, and with ``in_round`` up to the move that ends the round (included)."""
    round_of = HORIZONS[game.slug].round_of
    start = round_of(state)
    seen = [(state, rng.getstate())]
    while state.current_player is not None and moves and (not in_round or round_of(state) == start):
        state = state.apply(game.heuristic_action(state, rng))
        moves -= 1
        seen.append((state, rng.getstate()))
    return seen


def _check(game: Any, state: Any, seed: int, moves: int, in_round: bool) -> int:
    """Check the kernel against the loop from ``state``; the moves the kernel made."""
    kernel = game._rollout_kernel
    rng = random.Random(seed)
    reached, left = kernel(state, rng, moves, in_round)
    assert type(left) is int and 0 <= left <= moves
    made = moves - left
    seen = _loop(game, state, random.Random(seed), moves, in_round)
    last = seen[-1][0]
    round_of = HORIZONS[game.slug].round_of
    ended = last.current_player is None or round_of(last) != round_of(state)
    # with in_round the kernel leaves the move that ends the round to the loop
    limit = len(seen) - 1 - (1 if in_round and ended else 0)
    assert made <= limit, (made, limit)
    expected, rng_state = seen[made]
    assert reached == expected
    assert rng.getstate() == rng_state
    assert reached.current_player == expected.current_player
    assert reached.legal_actions() == expected.legal_actions()
    assert reached.scores == expected.scores
    assert reached.observation(0) == expected.observation(0)
    return made


@pytest.mark.parametrize("slug", KERNEL_GAMES)
@settings(max_examples=60, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**16), cut=st.floats(0, 1), moves=st.integers(0, 60),
       in_round=st.booleans())
def test_kernel_is_the_loop(slug: str, data: st.DataObject, seed: int, cut: float, moves: int,
                            in_round: bool) -> None:
    game = rulebook.get_game(slug)
    rules = data.draw(rules_strategy(game))
    state = _start(game, rules, seed, cut)
    _check(game, state, seed + 1, moves, in_round)


@pytest.mark.parametrize("slug", KERNEL_GAMES)
def test_kernel_plays_the_printed_rules(slug: str) -> None:
    """Under the printed rules the kernel makes most of a playout's moves (it is not a stub that
    hands everything back to the loop)."""
    game = rulebook.get_game(slug)
    made = total = 0
    for seed in range(12):
        state = _start(game, game.Rules(), seed, (seed % 6) / 6)
        made += _check(game, state, seed, 1 << 30, True)
        total += len(_loop(game, state, random.Random(seed), 1 << 30, True)) - 1
    assert total > 50
    assert made >= 0.6 * total, (made, total)


@pytest.mark.parametrize("slug", KERNEL_GAMES)
def test_search_with_and_without_the_kernel(slug: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """ISMCTS chooses the same moves with the same statistics whether the kernel plays or the loop."""
    game = rulebook.get_game(slug)
    states = [_start(game, game.Rules(), seed, (seed % 5) / 5) for seed in range(5)]

    def searches() -> list[Any]:
        return [ISMCTS(iterations=40).search(s, random.Random(i)) for i, s in enumerate(states)]

    with_kernel = searches()
    monkeypatch.setattr(type(game), "_rollout_kernel", None)
    assert getattr(game, "_rollout_kernel", None) is None
    assert searches() == with_kernel



def _example_cases() -> list[tuple[str, str]]:
    return [(label, slug) for label, slug, _ in all_examples() if slug in KERNEL_GAMES]


@pytest.mark.parametrize(("label", "slug"), _example_cases())
def test_kernel_under_every_worked_example(label: str, slug: str) -> None:
    """Under each variant of ``docs/examples`` the kernel either plays exactly as the loop (the
    variant's options only) or, where the engine's states carry the variant's logic (its hooks, which
    the engine calls as it plays), hands the playout back at once."""
    variant = next(v for lab, s, v in all_examples() if lab == label and s == slug)
    game: Any = rulebook.get_game(slug)
    state, rng = variant.new_game(seed=3), random.Random(3)
    seen = 0
    while state.current_player is not None and seen < 60:
        engine = state
        while not isinstance(engine, game.State) and hasattr(engine, "inner"):
            engine = engine.inner
        if type(engine) is game.State and engine.current_player is not None:
            if engine.rules.logic.printed:
                _check(game, engine, seen, 30, True)
            else:
                reached, left = game._rollout_kernel(engine, random.Random(seen), 30, True)
                assert reached is engine and left == 30
            seen += 1
        state = state.apply(type(state).GAME.heuristic_action(state, rng))
    assert seen > 10


# -- the round's end without the move (``Game._round_end_totals``) ---------------------------------

END_GAMES = [slug for slug in KERNEL_GAMES if getattr(rulebook.get_game(slug), "_round_end_totals", None) is not None]

#: what each game's horizon reads in the position a round's end reaches (``Horizon.settle``'s totals)
_TOTALS: dict[str, Any] = {
    "seven-prophecies": lambda s: s.scores,
    "gods-and-humans": lambda s: s.scores,
    "saru-tori-inu-i": lambda s: s.scores,
    "utsuke": lambda s: s.honour + s.chips,
}


def _check_ends(game: Any, rules: Any, seed: int) -> tuple[int, int, int]:
    """Over one random game under ``rules``, every legal move of every position: where the move ends the
    round and not the game, the hook gives the totals the move reaches (or ``None``) and the horizon values
    them as the position itself; where it ends the game, the totals it may give are valued as the game's
    result; for every other move it gives ``None``. Returns (moves that end a round and not the game the
    hook answered, such moves, moves that end the game the hook answered)."""
    h = HORIZONS[game.slug]
    assert h.settle is not None
    ends = game._round_end_totals
    rng = random.Random(seed)
    state = game.new_game(rules, seed=seed)
    answered = round_ends = finals = 0
    while state.current_player is not None:
        legal = state.legal_actions()
        for a in legal:
            after = state.apply(a)
            totals = ends(state, a)
            if after.current_player is None:  # the game's end: its result, if anything
                if totals is not None:
                    finals += 1
                    assert totals == _TOTALS[game.slug](after), (a, totals)
                    assert h.settle(state, totals) == win_share(after)
                continue
            if h.round_of(after) == h.round_of(state):
                assert totals is None, (a, totals)
                continue
            round_ends += 1
            if totals is not None:
                answered += 1
                assert totals == _TOTALS[game.slug](after), (a, totals)
                assert h.settle(state, totals) == h.value(after)
        state = state.apply(rng.choice(legal) if rng.random() < 0.5 else game.heuristic_action(state, rng))
    return answered, round_ends, finals


@pytest.mark.parametrize("slug", END_GAMES)
@settings(max_examples=25, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**16))
def test_round_end_totals_are_the_moves(slug: str, data: st.DataObject, seed: int) -> None:
    game = rulebook.get_game(slug)
    _check_ends(game, data.draw(rules_strategy(game)), seed)


@pytest.mark.parametrize("slug", END_GAMES)
def test_round_end_totals_answer_under_the_printed_rules(slug: str) -> None:
    """Under the printed rules the hook answers for every move that ends a round and not the game, and in
    the games whose result is the seats ahead on the totals, for the moves that end the game too."""
    game = rulebook.get_game(slug)
    answered = round_ends = finals = seed = 0
    while round_ends < 8 and seed < 20:  # some games end after one or two rounds (UTSUKE's honour)
        a, r, f = _check_ends(game, game.Rules(), seed)
        answered += a
        round_ends += r
        finals += f
        seed += 1
    assert round_ends >= 8
    assert finals >= (1 if slug in ("gods-and-humans", "saru-tori-inu-i") else 0)
    assert answered == round_ends


@pytest.mark.parametrize("slug", END_GAMES)
def test_search_with_and_without_the_round_end(slug: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """ISMCTS chooses the same moves with the same statistics whether it values a round's end from the
    hook's totals or makes the move, and the hook is asked."""
    game = rulebook.get_game(slug)
    states = [_start(game, game.Rules(), seed, (seed % 5) / 5) for seed in range(6)]
    asked = [0]
    ends = game._round_end_totals

    def counted(state: Any, action: Any) -> Any:
        totals = ends(state, action)
        asked[0] += totals is not None
        return totals

    def searches() -> list[Any]:
        return [ISMCTS(iterations=40).search(s, random.Random(i)) for i, s in enumerate(states)]

    monkeypatch.setattr(type(game), "_round_end_totals", staticmethod(counted))
    with_hook = searches()
    assert asked[0] > 20
    monkeypatch.setattr(type(game), "_round_end_totals", None)
    assert searches() == with_hook
