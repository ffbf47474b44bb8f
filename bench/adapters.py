"""Random-playout speed through the OpenSpiel and PettingZoo adapters, next to the contract.

Usage: ``python bench/adapters.py [--seconds S] [--games SLUG ...] [--players N]``

For each game and player count it plays uniformly random legal actions for
about ``--seconds`` per column and reports moves per second:

* ``direct``: the contract (``legal_actions`` + ``apply``), as ``bench/playout.py``;
* ``direct+obs``: the same plus the acting seat's ``observation_tensor`` and the
  legal action numbers, which is what an agent behind either adapter receives;
* ``openspiel``: a ``pyspiel`` state of :mod:`rulebook.adapters.openspiel`
  (``legal_actions`` + ``apply_action``, chance nodes included, not counted as moves);
* ``pettingzoo``: the AEC loop of :mod:`rulebook.adapters.pettingzoo`
  (``last()`` with the observation dict and action mask, then ``step``);
* ``os-floor``: the ``openspiel`` driver loop over a do-nothing ``pyspiel``
  Python game of the same shape (the same :data:`~rulebook.adapters.openspiel.SEED_BYTES`
  chance nodes, then as many moves per game as the real game averaged in
  the ``direct`` column, with the same action count and a fixed legal list of
  the real game's average length, answered by a Python ``legal_actions``):
  what OpenSpiel's machinery costs per move with a free game;
* ``pz-floor``: the ``pettingzoo`` driver loop over a do-nothing AEC
  environment of the same shape, wrapped by the adapter's own
  ``_OrderEnforcing(_AssertOutOfBounds(...))``, whose ``observe`` returns a copy
  of a fixed zero ``int32`` array of the game's tensor length and a mask built
  as the adapter builds it: what PettingZoo's loop and the wrappers cost per step;
* ``os-ceil`` and ``pz-ceil``: the best ratio to ``direct`` each framework
  allows, ``t_direct / (t_direct + t_floor)`` with ``t = 1 / (moves/s)``: an
  adapter that added nothing to the game and the floor would reach it.

The last two columns are ``openspiel`` and ``pettingzoo`` over ``direct``.
A column whose framework is not installed shows ``-``.
"""

from __future__ import annotations

import argparse
import functools
import platform
import random
import time
from collections.abc import Callable
from typing import Any, ClassVar, NamedTuple

import rulebook


def _timed(play_one: Callable[[int], int], seconds: float) -> float:
    moves = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        moves += play_one(games)
        games += 1
    return moves / (time.perf_counter() - start)


def direct(game: Any, players: int, seconds: float) -> float:
    rules = game.Rules(players=players)
    choice = random.Random(1).choice

    def play(seed: int) -> int:
        state = game.new_game(rules, seed=seed)
        moves = 0
        while state.current_player is not None:
            state = state.apply(choice(state.legal_actions()))
            moves += 1
        return moves

    return _timed(play, seconds)


def direct_with_observation(game: Any, players: int, seconds: float) -> float:
    rules = game.Rules(players=players)
    choice = random.Random(1).choice
    actions = game.action_table(rules)
    index = {a: i for i, a in enumerate(actions)}

    def play(seed: int) -> int:
        state = game.new_game(rules, seed=seed)
        moves = 0
        while (seat := state.current_player) is not None:
            state.observation_tensor(seat)
            ids = sorted(index[a] for a in state.legal_actions())
            state = state.apply(actions[choice(ids)])
            moves += 1
        return moves

    return _timed(play, seconds)


def openspiel(game: Any, players: int, seconds: float) -> float | None:
    try:
        from rulebook.adapters import openspiel as adapter
    except ImportError:
        return None
    return _spiel_loop(adapter.load_game(game.slug, players=players), adapter, seconds)


def _spiel_loop(loaded: Any, adapter: Any, seconds: float) -> float:
    """The OpenSpiel driver (seed bytes as chance outcomes, then random legal actions), timed.

    ``adapter`` is :mod:`rulebook.adapters.openspiel`, passed in because importing it needs pyspiel.
    """
    choice = random.Random(1).choice

    def play(seed: int) -> int:
        state = loaded.new_initial_state()
        for byte in adapter.seed_actions(seed):
            state.apply_action(byte)
        moves = 0
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            moves += 1
        return moves

    return _timed(play, seconds)


def pettingzoo(game: Any, players: int, seconds: float) -> float | None:
    try:
        import numpy as np

        from rulebook.adapters import pettingzoo as adapter
    except ImportError:
        return None
    return _aec_loop(adapter.env(game.slug, players=players), np, seconds)


def _aec_loop(env: Any, np: Any, seconds: float) -> float:
    """The PettingZoo driver (an agent picking a random legal action from the mask), timed."""
    choice = random.Random(1).choice

    def play(seed: int) -> int:
        env.reset(seed=seed)
        moves = 0
        for _ in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
            else:
                env.step(choice(np.flatnonzero(observation["action_mask"]).tolist()))
                moves += 1
        return moves

    return _timed(play, seconds)


# -- the floors: the same drivers over games that do nothing -----------------------------


class Shape(NamedTuple):
    """What a do-nothing stand-in copies from the real game: its size and pace."""

    players: int
    actions: int  # the action table's length
    length: int  # moves per game, the average over the sample
    legal: int  # legal actions per move, the average over the sample
    observation: int  # the tensor's length


@functools.cache
def shape(slug: str, players: int, games: int = 20) -> Shape:
    """The shape of ``slug`` with ``players`` seats, from ``games`` random games (seeds 0..)."""
    game = rulebook.get_game(slug)
    rules = game.Rules(players=players)
    choice = random.Random(1).choice
    moves = legal = 0
    for seed in range(games):
        state = game.new_game(rules, seed=seed)
        while state.current_player is not None:
            options = state.legal_actions()
            legal += len(options)
            moves += 1
            state = state.apply(choice(options))
    return Shape(
        players=players,
        actions=game.num_distinct_actions(rules),
        length=max(1, round(moves / games)),
        legal=max(1, round(legal / max(moves, 1))),
        observation=game.observation_size(rules),
    )


def _spread(shape: Shape) -> list[int]:
    """A fixed legal list: ``shape.legal`` numbers spread over the action table."""
    return [i * shape.actions // shape.legal for i in range(shape.legal)]


@functools.cache
def _floor_game_class() -> Any:
    """A do-nothing ``pyspiel`` Python game, registered once, sized by its parameters."""
    import pyspiel

    from rulebook.adapters.openspiel import SEED_BYTES

    chance, terminal = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)
    outcomes = [(b, 1.0 / 256) for b in range(256)]
    game_type = pyspiel.GameType(
        short_name="rulebook_bench_floor",
        long_name="rulebook bench: a game that does nothing",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=16,
        min_num_players=1,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={"players": 4, "length": 100, "actions": 10, "legal": 4},
    )

    class FloorGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: dict[str, int] | None = None) -> None:
            p = {**game_type.parameter_specification, **(params or {})}
            self.players, self.length = p["players"], p["length"]
            self.legal = [i * p["actions"] // p["legal"] for i in range(p["legal"])]
            info = pyspiel.GameInfo(
                num_distinct_actions=p["actions"],
                max_chance_outcomes=256,
                num_players=self.players,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=self.length,
            )
            super().__init__(game_type, info, p)

        def new_initial_state(self) -> FloorState:
            return FloorState(self)

    class FloorState(pyspiel.State):  # type: ignore[misc]
        """Seed bytes as chance nodes, then ``length`` moves that change nothing but a counter."""

        def __init__(self, game: FloorGame) -> None:
            super().__init__(game)
            self.drawn = 0
            self.t = 0
            self.players, self.length, self.legal = game.players, game.length, game.legal

        def current_player(self) -> int:
            if self.drawn < SEED_BYTES:
                return chance
            return terminal if self.t >= self.length else self.t % self.players

        def legal_actions(self, player: int | None = None) -> list[int]:
            if self.drawn < SEED_BYTES:
                return list(range(256))
            return [] if self.t >= self.length else list(self.legal)

        def _legal_actions(self, player: int) -> list[int]:
            return list(self.legal)

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return outcomes

        def _apply_action(self, action: int) -> None:
            if self.drawn < SEED_BYTES:
                self.drawn += 1
            else:
                self.t += 1

        def is_terminal(self) -> bool:
            return self.drawn >= SEED_BYTES and self.t >= self.length

        def returns(self) -> list[float]:
            return [0.0] * self.players

    if "rulebook_bench_floor" not in pyspiel.registered_names():
        pyspiel.register_game(game_type, FloorGame)
    return FloorGame


def openspiel_floor(game: Any, players: int, seconds: float) -> float | None:
    try:
        from rulebook.adapters import openspiel as adapter
    except ImportError:
        return None
    s = shape(game.slug, players)
    loaded = _floor_game_class()({"players": s.players, "length": s.length, "actions": s.actions, "legal": s.legal})
    return _spiel_loop(loaded, adapter, seconds)  # the same driver


def _floor_env(s: Shape) -> Any:
    """A do-nothing AEC environment of shape ``s``, wrapped as the adapter wraps its own."""
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv

    from rulebook.adapters import pettingzoo as adapter

    legal = np.array(_spread(s), dtype=np.intp)

    class FloorEnv(AECEnv):  # type: ignore[misc]
        metadata: ClassVar[dict[str, Any]] = {"render_modes": [], "name": "rulebook_bench_floor"}

        def __init__(self) -> None:
            super().__init__()
            self.possible_agents = [f"player_{i}" for i in range(s.players)]
            self._actions = tuple(range(s.actions))
            self.action_spaces = {a: spaces.Discrete(s.actions) for a in self.possible_agents}
            self.zeros = np.zeros(s.observation, dtype=np.int32)
            self.t = 0

        def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
            self.agents = self.possible_agents[:]
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
            self.t = 0
            self.agent_selection = self.agents[0]

        def observe(self, agent: str) -> dict[str, Any]:
            mask = np.zeros(s.actions, dtype=np.int8)
            if not self.terminations[agent]:
                mask[legal] = 1
            return {"observation": self.zeros.copy(), "action_mask": mask}

        def step(self, action: Any) -> None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self._cumulative_rewards[agent] = 0.0
            self.t += 1
            if self.t >= s.length:
                for a in self.agents:
                    self.terminations[a] = True
                self.agent_selection = self.agents[0]
            else:
                self.agent_selection = self.agents[self.t % s.players]
            self._accumulate_rewards()

    raw = FloorEnv()
    return adapter._OrderEnforcing(adapter._AssertOutOfBounds(raw), raw)


def pettingzoo_floor(game: Any, players: int, seconds: float) -> float | None:
    try:
        import numpy as np

        from rulebook.adapters import pettingzoo as _  # noqa: F401  (the wrappers must exist)
    except ImportError:
        return None
    return _aec_loop(_floor_env(shape(game.slug, players)), np, seconds)  # the same driver


COLUMNS: dict[str, Callable[[Any, int, float], float | None]] = {
    "direct": direct,
    "direct+obs": direct_with_observation,
    "openspiel": openspiel,
    "pettingzoo": pettingzoo,
    "os-floor": openspiel_floor,
    "pz-floor": pettingzoo_floor,
}


def ceiling(direct: float | None, floor: float | None) -> float | None:
    """``t_direct / (t_direct + t_floor)``: the best ratio to ``direct`` a framework allows."""
    if not direct or not floor:
        return None
    return (1 / direct) / (1 / direct + 1 / floor)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per column, game and player count")
    parser.add_argument("--games", nargs="*", default=None, help="slugs (default: all)")
    parser.add_argument("--players", type=int, default=None, help="one player count (default: all supported)")
    args = parser.parse_args(argv)
    slugs = args.games or list(rulebook.GAMES)
    print(f"python {platform.python_version()} on {platform.machine()}, {args.seconds:.1f} s per cell; moves/s")
    header = f"{'game':24} {'players':>7}" + "".join(f" {name:>11}" for name in COLUMNS)
    print(header + "".join(f" {name:>10}" for name in ("os-ceil", "pz-ceil", "os/direct", "pz/direct")))
    for slug in slugs:
        game = rulebook.get_game(slug)
        counts = [args.players] if args.players else list(game.player_counts)
        for players in counts:
            figures = {name: run(game, players, args.seconds) for name, run in COLUMNS.items()}
            cells = "".join(f" {'-':>11}" if v is None else f" {v:11,.0f}" for v in figures.values())
            base = figures["direct"] or 1.0
            ratios = [
                ceiling(base, figures["os-floor"]),
                ceiling(base, figures["pz-floor"]),
                None if figures["openspiel"] is None else figures["openspiel"] / base,
                None if figures["pettingzoo"] is None else figures["pettingzoo"] / base,
            ]
            tail = "".join(f" {'-':>10}" if r is None else f" {r:10.2f}" for r in ratios)
            print(f"{slug:24} {players:7d}{cells}{tail}")

if __name__ == "__main__":
    main()
