"""The OpenSpiel adapter: OpenSpiel's own conformance test on every game and player count.

``pyspiel.random_sim_test`` is OpenSpiel's ``RandomSimTest`` (basic_tests.cc):
at every step clone equality, serialization round trip, legal-action mask,
no legal actions for seats not to move, unique action strings, observation
tensor sizes, returns within the declared utility bounds and game length
within ``max_game_length``. The other tests check that the adapter changes
nothing: the same seed and actions give the same states, observations and
winners as the contract used directly.
"""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulebook
from rulebook.variants.testing import player_count_cases, rules_strategy

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is an optional extra: pip install 'rulebook[openspiel]'")
np = pytest.importorskip("numpy", reason="OpenSpiel is an optional extra: pip install 'rulebook[openspiel]'")
ad = pytest.importorskip("rulebook.adapters.openspiel")

CASES = player_count_cases()  # every count under the ci and thorough profiles
SLUGS = list(rulebook.GAMES)


def _params_text(game: Any, rules: Any) -> str:
    parts = []
    for name in sorted(ad._parameter_spec(game)):
        value = getattr(rules, name)
        parts.append(f"{name}={str(value).lower() if isinstance(value, bool) else value}")
    return ",".join(parts)


@pytest.mark.parametrize("slug,players", player_count_cases("max"))
def test_random_sim_test(slug: str, players: int) -> None:
    """OpenSpiel's RandomSimTest, with serialization, for every game at every player count."""
    game = pyspiel.load_game(f"{ad.short_name(slug)}(players={players})")
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("slug", SLUGS)
@settings(max_examples=3)
@given(data=st.data())
def test_random_sim_test_with_random_rules(slug: str, data: st.DataObject) -> None:
    """Random valid Rules, loaded through an OpenSpiel game string, pass RandomSimTest too."""
    game = rulebook.get_game(slug)
    rules = data.draw(rules_strategy(game))
    if hasattr(rules, "visible"):  # who sees what is no OpenSpiel parameter: the adapter plays the printed rule
        rules = attrs.evolve(rules, visible=game.Rules().visible)
    loaded = pyspiel.load_game(f"{ad.short_name(slug)}({_params_text(game, rules)})")
    assert loaded.rules == rules
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("slug", SLUGS)
def test_game_type_and_info(slug: str) -> None:
    game = rulebook.get_game(slug)
    loaded = pyspiel.load_game(ad.short_name(slug))
    gtype = loaded.get_type()
    assert gtype.short_name == ad.short_name(slug)
    assert gtype.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert gtype.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert gtype.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gtype.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert gtype.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (gtype.min_num_players, gtype.max_num_players) == (min(game.player_counts), max(game.player_counts))
    assert gtype.provides_observation_tensor and gtype.provides_observation_string
    assert not gtype.provides_information_state_string
    # Every option with declared choices is a parameter, with the printed game's default.
    # (who sees what, visible.<element>, is no OpenSpiel parameter: the adapter plays the printed information)
    expected = {i.name: i.default for i in game.options()
                if i.choices is not None and not i.name.startswith("visible.")}
    assert {k: v for k, v in loaded.get_parameters().items()} == expected
    rules = game.Rules()
    assert loaded.num_distinct_actions() == game.num_distinct_actions(rules)
    assert loaded.observation_tensor_size() == game.observation_size(rules)
    assert loaded.max_game_length() == game.max_game_length(rules)
    assert loaded.max_chance_outcomes() == 256
    assert (loaded.min_utility(), loaded.max_utility(), loaded.utility_sum()) == (0.0, 1.0, None)


@pytest.mark.parametrize("slug,players", player_count_cases("min"))
def test_same_game_as_the_contract(slug: str, players: int) -> None:
    """The seed bytes select ``new_game(rules, seed)``; every step matches the contract used directly."""
    game = rulebook.get_game(slug)
    rules = game.Rules(players=players)
    loaded = ad.load_game(slug, players=players)
    seed = 1000003 * players + len(slug)
    state = loaded.new_initial_state()
    for byte in ad.seed_actions(seed):
        assert state.is_chance_node()
        assert ad.rulebook_state(state) is None
        assert state.observation_tensor(0) == [0.0] * loaded.observation_tensor_size()
        state.apply_action(byte)
    direct = game.new_game(rules, seed=seed)
    rng = random.Random(seed)
    while True:
        assert ad.rulebook_state(state) == direct
        for seat in range(players):
            assert state.observation_tensor(seat) == [float(x) for x in direct.observation_tensor(seat)]
            assert state.observation_string(seat) == str(direct.observation(seat))
        if direct.is_terminal:
            break
        assert state.current_player() == direct.current_player
        ids = state.legal_actions()
        assert ids == list(direct.legal_action_ids())
        action = rng.choice(ids)
        assert state.action_to_string(action) == str(game.decode_action(action, rules))
        state.apply_action(action)
        direct = direct.apply(game.decode_action(action, rules))
    assert state.is_terminal()
    assert state.returns() == [1.0 if s in direct.winners else 0.0 for s in range(players)]
    assert state.history()[: ad.SEED_BYTES] == ad.seed_actions(seed)


def test_seed_actions() -> None:
    assert ad.seed_actions(0) == [0, 0, 0, 0]
    assert ad.seed_actions(0x01020304) == [1, 2, 3, 4]
    with pytest.raises(ValueError):
        ad.seed_actions(2**32)


@pytest.mark.parametrize("slug", SLUGS)
def test_serialization_round_trips_long_games(slug: str) -> None:
    """A finished game (hundreds of moves) and a resampled state survive serialize/deserialize."""
    game = rulebook.get_game(slug)
    loaded = ad.load_game(slug, players=max(game.player_counts))
    state = loaded.new_initial_state()
    rng = random.Random(5)
    middle = None
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        if middle is None and len(state.history()) > 40:
            middle = state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert middle is not None
    for original in (state, middle):
        text = pyspiel.serialize_game_and_state(loaded, original)
        game2, copy = pyspiel.deserialize_game_and_state(text)
        assert str(game2) == str(loaded)
        assert str(copy) == str(original)
        assert copy.history() == original.history()
        before, after = ad.rulebook_state(original), ad.rulebook_state(copy)
        assert before is not None and after is not None
        assert after.history == before.history
        assert str(after.observation(0)) == str(before.observation(0))
        assert after.legal_actions() == before.legal_actions()


@pytest.mark.parametrize("slug,players", CASES)
def test_resample_keeps_what_the_player_sees(slug: str, players: int) -> None:
    loaded = ad.load_game(slug, players=players)
    state = loaded.new_initial_state()
    rng = random.Random(players)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    steps = 0
    while not state.is_terminal() and steps < 60:
        if not state.is_chance_node() and steps % 7 == 0:
            player = state.current_player()
            other = state.resample_from_infostate(player, sampler)
            assert other.observation_string(player) == state.observation_string(player)
            assert other.observation_tensor(player) == state.observation_tensor(player)
            assert other.legal_actions() == state.legal_actions()
            assert other.history() == state.history()
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1


@pytest.mark.parametrize("slug,players", CASES)
def test_resample_from_any_player_plays_on_to_the_end(slug: str, players: int) -> None:
    """``resample_from_infostate`` for every player, not only the one to move: same view, playable."""
    loaded = ad.load_game(slug, players=players)
    state = loaded.new_initial_state()
    rng = random.Random(players)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    steps = 0
    while not state.is_terminal():
        if not state.is_chance_node() and steps % 23 == 5:
            for player in range(players):
                other = state.resample_from_infostate(player, sampler)
                assert other.observation_string(player) == state.observation_string(player)
                while not other.is_terminal():
                    legal = other.legal_actions()
                    assert legal, (slug, players, steps, player)
                    other.apply_action(rng.choice(legal))
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1


@pytest.mark.parametrize("slug,players", player_count_cases("min"))
def test_ismcts_plays_a_full_game(slug: str, players: int) -> None:
    """An OpenSpiel algorithm on each game: ISMCTS with random rollouts against random players."""
    from open_spiel.python.algorithms import ismcts, mcts

    loaded = ad.load_game(slug, players=players)
    np_rng = np.random.RandomState(players)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np_rng)
    bot = ismcts.ISMCTSBot(
        loaded, evaluator, uct_c=2.0, max_simulations=4, use_observation_string=True, random_state=np_rng
    )
    state = loaded.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            action = np_rng.choice(outcomes, p=probs)
        elif state.current_player() == 0:
            action = bot.step(state)
            searched += 1
        else:
            action = np_rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(int(action))
    final = ad.rulebook_state(state)
    assert final is not None and searched > 0
    assert state.returns() == [1.0 if s in final.winners else 0.0 for s in range(players)]


def test_structured_rules_through_load_game() -> None:
    """A whole Rules (any option) can be given; parameters are then its scalar options."""
    slug = "witches-of-blackmore"
    game = rulebook.get_game(slug)
    rules = game.Rules(players=3, hand_size=4)
    loaded = ad.load_game(slug, rules)
    assert loaded.rules == rules
    assert loaded.get_parameters()["hand_size"] == 4
    assert pyspiel.load_game(str(loaded)).rules == rules
    with pytest.raises(ValueError):
        ad.game_class(slug)({"players": 3}, rules=rules)


def test_bad_parameters_are_reported() -> None:
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game("rulebook_witches_of_blackmore(players=9)")
    with pytest.raises(Exception, match="unknown option"):
        ad.load_game("witches-of-blackmore", colour="red")
    with pytest.raises(rulebook.UnknownGame):
        ad.load_game("chess")


def test_only_the_seat_view_is_provided() -> None:
    loaded = ad.load_game("witches-of-blackmore")
    with pytest.raises(ValueError, match="one observation type"):
        loaded.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    state = loaded.new_initial_state()
    with pytest.raises(ValueError, match="one observation type"):
        state.information_state_string(0)


def test_registration_is_idempotent_and_exits_cleanly() -> None:
    assert ad.register() == []
    names = set(pyspiel.registered_names())
    assert {ad.short_name(slug) for slug in rulebook.GAMES} <= names
    # pyspiel keeps the registered creators until the process exits; the exit must be clean.
    code = "import pyspiel, rulebook.adapters.openspiel; pyspiel.load_game('rulebook_witches_of_blackmore')"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr


# -- the input boundary and games nobody wins (issue 11) ---------------------------------------


def _finished(slug: str) -> Any:
    game = pyspiel.load_game(ad.short_name(slug))
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_returns_are_all_zero_when_nobody_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _finished("utsuke")
    assert sum(state.returns()) >= 1.0  # the game as played has a winner
    monkeypatch.setattr(type(state.rulebook_state), "winners", property(lambda s: frozenset()))
    assert state.returns() == [0.0] * state.num_players()


@pytest.mark.parametrize("bad", [-65, -1, 10**6, True, 1.5])
def test_apply_action_refuses_what_is_not_in_the_table(bad: Any) -> None:
    game = pyspiel.load_game(ad.short_name("witches-of-blackmore"))
    state = game.new_initial_state()
    for a in ad.seed_actions(1):
        state.apply_action(a)
    before = state.history()
    # TypeError: pyspiel's own int check for 1.5; SpielError: its kInvalidAction for -1
    with pytest.raises((ValueError, TypeError, pyspiel.SpielError)):
        state.apply_action(bad)
    assert state.history() == before
    with pytest.raises(ValueError, match="out of range"):
        state._check(game.num_distinct_actions())  # was an IndexError
    with pytest.raises(ValueError, match="out of range"):
        state._check(-65)  # would have wrapped round to action 44


def test_seed_actions_and_rules_are_checked_exactly() -> None:
    with pytest.raises(ValueError):
        ad.seed_actions(True)  # type: ignore[arg-type]
    other = rulebook.get_game("utsuke").Rules()
    with pytest.raises(rulebook.InvalidRules):
        type(pyspiel.load_game(ad.short_name("witches-of-blackmore")))(rules=other)
