"""The PettingZoo adapter: PettingZoo's own API and seed tests on every game and player count.

``pettingzoo.test.api_test`` plays random masked actions and checks the AEC
API (spaces, observations within their space and of its dtype, rewards,
terminations, agent removal, ``reset(seed=...)``); ``seed_test`` checks two
environments reset with the same seed behave identically. The other tests
check that the adapter changes nothing about the game.
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulebook
from rulebook.variants.testing import player_count_cases, rules_strategy

REASON = "PettingZoo is an optional extra: pip install 'rulebook[pettingzoo]'"
pettingzoo = pytest.importorskip("pettingzoo", reason=REASON)
np = pytest.importorskip("numpy", reason=REASON)
rz = pytest.importorskip("rulebook.adapters.pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

CASES = player_count_cases()  # every count under the ci and thorough profiles

# api_test warns about every Dict observation (with an action mask) unless the
# environment is one of PettingZoo's own classic games, which it lists by name.
DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
)


@pytest.mark.parametrize("slug,players", CASES)
def test_api_test(slug: str, players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(rz.env(slug, players=players), num_cycles=1000)
    unexpected = {str(w.message) for w in caught} - set(DICT_OBSERVATION_WARNINGS)
    assert not unexpected


@pytest.mark.parametrize("slug,players", player_count_cases("min"))
def test_seed_test(slug: str, players: int) -> None:
    seed_test(lambda: rz.env(slug, players=players), num_cycles=1000)


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
@settings(max_examples=3)
@given(data=st.data())
def test_api_test_with_random_rules(slug: str, data: st.DataObject) -> None:
    """Random valid Rules (every option drawn from its choices) pass the API test too."""
    rules = data.draw(rules_strategy(rulebook.get_game(slug)))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(rz.env(slug, rules=rules), num_cycles=1000)
    assert not {str(w.message) for w in caught} - set(DICT_OBSERVATION_WARNINGS)


def _play(env: Any, rng: random.Random) -> dict[str, float]:
    """Play random masked actions to the end; return each agent's final reward from ``last()``."""
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            final[agent] = reward
            env.step(None)
        else:
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(rng.choice(list(legal))))
    return final


@pytest.mark.parametrize("slug,players", player_count_cases("min"))
def test_same_game_as_the_contract(slug: str, players: int) -> None:
    """``reset(seed=s)`` is ``new_game(rules, seed=s)``; observations and masks match the contract."""
    game = rulebook.get_game(slug)
    rules = game.Rules(players=players)
    env = rz.env(slug, players=players)
    seed = 7 * players + 1
    env.reset(seed=seed)
    direct = game.new_game(rules, seed=seed)
    rng = random.Random(seed)
    while not direct.is_terminal:
        agent = env.agent_selection
        assert agent == f"player_{direct.current_player}"
        assert env.unwrapped.state == direct
        for seat in range(players):
            obs = env.observe(f"player_{seat}")
            assert tuple(obs["observation"].tolist()) == direct.observation_tensor(seat)
            expected = set(direct.legal_action_ids()) if seat == direct.current_player else set()
            assert set(np.flatnonzero(obs["action_mask"]).tolist()) == expected
        action = rng.choice(direct.legal_action_ids())
        env.step(action)
        direct = direct.apply(game.decode_action(action, rules))
    assert all(env.terminations.values())
    for seat in range(players):
        agent = f"player_{seat}"
        assert env.rewards[agent] == (1.0 if seat in direct.winners else 0.0)
        assert env.infos[agent] == {"score": direct.scores[seat], "winner": seat in direct.winners}
        assert not env.observe(agent)["action_mask"].any()


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_reward_mappings(slug: str) -> None:
    game = rulebook.get_game(slug)
    players = min(game.player_counts)
    wins = rz.env(slug, players=players)
    wins.reset(seed=3)
    won = _play(wins, random.Random(3))
    final = wins.unwrapped.state
    assert won == {f"player_{s}": (1.0 if s in final.winners else 0.0) for s in range(players)}
    scores = rz.env(slug, players=players, reward="score")
    scores.reset(seed=3)
    scored = _play(scores, random.Random(3))
    assert scored == {f"player_{s}": float(final.scores[s]) for s in range(players)}
    assert not wins.agents and not scores.agents


def test_reset_sequences_are_reproducible() -> None:
    envs = [rz.env("utsuke", players=3) for _ in range(2)]
    seen = []
    for env in envs:
        env.reset(seed=11)
        first = env.unwrapped.state.setup.seed
        env.reset()
        second = env.unwrapped.state.setup.seed
        seen.append((first, second))
    assert seen[0] == seen[1]
    assert seen[0][0] == 11 and seen[0][1] != 11


def test_explicit_deals_through_reset_options() -> None:
    game = rulebook.get_game("witches-of-blackmore")
    rules = game.Rules(players=3)
    deal = game.random_deal(rules, random.Random(4), 0)
    env = rz.env("witches-of-blackmore", rules=rules)
    env.reset(options={"deals": [deal]})
    assert env.unwrapped.state == game.new_game(rules, deals=[deal])


def test_spaces() -> None:
    game = rulebook.get_game("utsuke")
    env = rz.env("utsuke", players=4, on_loss="most_honour")
    env.reset(seed=0)
    rules = game.Rules(players=4, on_loss="most_honour")
    assert env.unwrapped.rules == rules
    assert env.possible_agents == [f"player_{s}" for s in range(4)]
    space = env.observation_space("player_2")
    assert space["observation"].shape == (game.observation_size(rules),)
    assert space["observation"].dtype == np.int32
    assert space["action_mask"].shape == (game.num_distinct_actions(rules),)
    assert env.action_space("player_2").n == game.num_distinct_actions(rules)
    assert str(env.unwrapped) == "rulebook_utsuke_v0"


def test_illegal_actions_are_refused() -> None:
    env = rz.env("witches-of-blackmore", players=3)
    env.reset(seed=2)
    mask = env.last()[0]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = env.unwrapped.state
    with pytest.raises(rulebook.IllegalAction):
        env.step(illegal)
    with pytest.raises(AssertionError, match="not in action space"):  # PettingZoo's own wrapper
        env.step(len(mask))
    with pytest.raises(ValueError, match="out of range"):  # the unwrapped environment
        env.unwrapped.step(len(mask))
    assert env.unwrapped.state == before


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="reward"):
        rz.env("utsuke", reward="points")
    with pytest.raises(rulebook.InvalidRules):
        rz.env("utsuke", players=9)
    with pytest.raises(rulebook.InvalidRules, match="unknown option"):
        rz.env("utsuke", colour="red")
    with pytest.raises(ValueError, match="not both"):
        rz.env("utsuke", rules=rulebook.get_game("utsuke").Rules(), first_lord=1)


def test_render() -> None:
    env = rz.env("utsuke", players=2, render_mode="ansi")
    env.reset(seed=1)
    env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    text = env.render()
    assert isinstance(text, str) and "move 1" in text and "to act" in text


# -- the input boundary and games nobody wins (issue 11) ---------------------------------------


def test_rewards_are_all_zero_when_nobody_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    env = rz.env("utsuke")
    env.reset(seed=2)
    monkeypatch.setattr(type(env.unwrapped.state), "winners", property(lambda s: frozenset()))
    rng = random.Random(0)
    while not all(env.terminations.values()):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(rng.choice([i for i, m in enumerate(mask) if m]))
    assert env.rewards == dict.fromkeys(env.possible_agents, 0.0)
    assert all(info["winner"] is False for info in env.infos.values())


@pytest.mark.parametrize("seed", [1.5, True, "1", b"x", [1], 2**64])
def test_reset_refuses_a_seed_that_is_not_a_whole_number(seed: Any) -> None:
    env = rz.env("witches-of-blackmore")
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=seed)


@pytest.mark.parametrize("action", [True, 1.5, "3", -1, 10**6, np.bool_(True)])
def test_step_refuses_a_non_integer_or_out_of_range_action(action: Any) -> None:
    env = rz.raw_env("witches-of-blackmore")  # unwrapped: PettingZoo's wrappers assert on their own
    env.reset(seed=1)
    before = env.unwrapped.state
    with pytest.raises(ValueError):
        env.step(action)
    assert env.unwrapped.state is before
    legal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])
    env.step(np.int64(legal))  # NumPy integers are integers
    assert env.unwrapped.state is not before


def test_foreign_rules_are_invalid_rules() -> None:
    with pytest.raises(rulebook.InvalidRules, match="expected witches-of-blackmore Rules"):
        rz.env("witches-of-blackmore", rules=rulebook.get_game("utsuke").Rules())
