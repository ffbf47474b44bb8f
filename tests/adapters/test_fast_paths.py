"""The adapters' fast paths give exactly what the plain paths give.

* OpenSpiel: ``RulebookState.legal_actions`` answered in Python equals pyspiel's
  own ``State.legal_actions`` (the C++ path through ``_legal_actions``) for every
  player argument, at chance nodes, decisions and the end.
* Action numbers looked up by identity equal the contract's ``legal_action_ids``,
  and actions that are equal but not the table's objects still get their numbers.
* PettingZoo: the observation array equals ``np.asarray(tensor, dtype=np.int32)``
  (small values through ``bytes``, others through numpy), and the action mask
  marks exactly ``legal_action_ids``.
"""

from __future__ import annotations

import copy
import random

import pytest

import rulebook
from rulebook.adapters import _numberer

np = pytest.importorskip("numpy", reason="the adapters' extras are optional")

CASES = [(slug, min(game.player_counts)) for slug, game in rulebook.GAMES.items()]


@pytest.mark.parametrize("slug,players", CASES)
def test_openspiel_legal_actions_match_the_cpp_path(slug: str, players: int) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    ad = pytest.importorskip("rulebook.adapters.openspiel")
    loaded = ad.load_game(slug, players=players)
    rng = random.Random(7)
    checked = 0
    for seed in range(3):
        state = loaded.new_initial_state()
        # chance nodes: the 256 seed bytes, whichever player is named (as pyspiel answers)
        assert state.legal_actions() == list(range(256)) == pyspiel.State.legal_actions(state)
        for who in (pyspiel.PlayerId.CHANCE, 0, players - 1):
            assert state.legal_actions(who) == list(range(256)) == pyspiel.State.legal_actions(state, who)
        for byte in ad.seed_actions(seed):
            state.apply_action(byte)
        while True:
            rb = state.rulebook_state
            assert rb is not None
            expected = list(rb.legal_action_ids())
            assert state.legal_actions() == expected == pyspiel.State.legal_actions(state)
            for seat in range(players):
                mine = state.legal_actions(seat)
                assert mine == pyspiel.State.legal_actions(state, seat)
                assert mine == (expected if seat == rb.current_player else [])
            checked += 1
            if state.is_terminal():
                assert expected == []
                break
            state.apply_action(rng.choice(expected))
    assert checked > 3 * 10


@pytest.mark.parametrize("slug,players", CASES)
def test_numbers_by_identity_and_by_equality(slug: str, players: int) -> None:
    game = rulebook.get_game(slug)
    rules = game.Rules(players=players)
    numbers = _numberer(game.action_table(rules))
    state = game.new_game(rules, seed=3)
    rng = random.Random(3)
    while state.current_player is not None:
        legal = state.legal_actions()
        expected = list(state.legal_action_ids())
        assert numbers(legal) == expected
        # equal objects that are not the table's own take the equality path
        assert numbers(tuple(copy.copy(a) for a in legal)) == expected
        state = state.apply(rng.choice(legal))
    assert numbers(()) == []


def test_int32_conversion_equals_numpy() -> None:
    pytest.importorskip("pettingzoo")
    from rulebook.adapters.pettingzoo import _int32

    for tensor in [(), (0, 1, 255, 0), (0, 256, 1), (-1, 0, 3), (2**31 - 1, -(2**31)), (True, False, 7)]:
        got = _int32(tensor)
        want = np.asarray(tensor, dtype=np.int32)
        assert got.dtype == np.int32
        assert got.shape == want.shape
        assert got.tolist() == want.tolist()
        assert got.flags.writeable


@pytest.mark.parametrize("slug,players", CASES)
def test_pettingzoo_observation_and_mask_exact(slug: str, players: int) -> None:
    pz = pytest.importorskip("rulebook.adapters.pettingzoo")
    env = pz.raw_env(slug, players=players)
    env.reset(seed=11)
    rng = random.Random(11)
    steps = 0
    while not all(env.terminations.values()):
        state = env.state
        agent = env.agent_selection
        seat = state.current_player
        for other in env.possible_agents:
            obs = env.observe(other)
            me = env._seat[other]
            assert obs["observation"].dtype == np.int32
            assert obs["observation"].tolist() == list(state.observation_tensor(me))
            assert obs["action_mask"].dtype == np.int8
            want = set(state.legal_action_ids()) if me == seat else set()
            assert set(np.flatnonzero(obs["action_mask"]).tolist()) == want
        env.step(rng.choice(list(state.legal_action_ids())))
        steps += 1
        assert agent in env.possible_agents
    assert steps > 10


def test_pettingzoo_wrappers_keep_pettingzoo_checks() -> None:
    pz = pytest.importorskip("rulebook.adapters.pettingzoo")
    from pettingzoo.utils import wrappers

    env = pz.env("utsuke", players=3)
    assert isinstance(env, wrappers.OrderEnforcingWrapper)
    assert isinstance(env.env, wrappers.AssertOutOfBoundsWrapper)
    assert str(env) == "rulebook_utsuke_v0"
    for name in ("agent_selection", "agents", "rewards", "terminations", "truncations", "infos"):
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(env, name)
    with pytest.raises(AttributeError):
        env._cumulative_rewards  # noqa: B018 - the raw env has none before reset
    env.reset(seed=2)
    raw = env.unwrapped
    for name in ("agent_selection", "agents", "rewards", "terminations", "truncations", "infos"):
        assert getattr(env, name) is getattr(raw, name)
    assert env._cumulative_rewards is raw._cumulative_rewards
    n = env.action_space(env.agent_selection).n
    for bad in (-1, n, np.int64(n), 1.0):
        with pytest.raises(AssertionError, match="action is not in action space"):
            env.step(bad)
    # an int in range passes the bounds check and reaches the environment's own checks
    legal = list(raw.state.legal_action_ids())
    illegal = next(i for i in range(n) if i not in legal)
    with pytest.raises(rulebook.IllegalAction):
        env.step(illegal)
    before = raw.state
    env.step(np.int64(legal[0]))
    assert raw.state is not before


def test_numbers_survive_pickle_and_copy() -> None:
    import pickle

    game = rulebook.get_game("utsuke")
    rules = game.Rules(players=3)
    numbers = _numberer(game.action_table(rules))
    assert copy.deepcopy(numbers) is numbers
    again = pickle.loads(pickle.dumps(numbers))
    state = game.new_game(rules, seed=5)
    assert again(state.legal_actions()) == numbers(state.legal_actions()) == list(state.legal_action_ids())


def test_pettingzoo_env_pickles_and_plays_on() -> None:
    import pickle

    pz = pytest.importorskip("rulebook.adapters.pettingzoo")
    env = pz.env("utsuke", players=3)
    env.reset(seed=1)
    clone = pickle.loads(pickle.dumps(env))
    for e in (env, clone):
        obs, *_ = e.last()
        assert np.flatnonzero(obs["action_mask"]).tolist() == list(e.unwrapped.state.legal_action_ids())
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert clone.unwrapped.state == env.unwrapped.state
