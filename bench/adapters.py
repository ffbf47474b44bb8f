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
  (``last()`` with the observation dict and action mask, then ``step``).

A column whose framework is not installed shows ``-``.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable
from typing import Any

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
    loaded = adapter.load_game(game.slug, players=players)
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
    env = adapter.env(game.slug, players=players)
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


COLUMNS: dict[str, Callable[[Any, int, float], float | None]] = {
    "direct": direct,
    "direct+obs": direct_with_observation,
    "openspiel": openspiel,
    "pettingzoo": pettingzoo,
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per column, game and player count")
    parser.add_argument("--games", nargs="*", default=None, help="slugs (default: all)")
    parser.add_argument("--players", type=int, default=None, help="one player count (default: all supported)")
    args = parser.parse_args(argv)
    slugs = args.games or list(rulebook.GAMES)
    print(f"python {platform.python_version()} on {platform.machine()}, {args.seconds:.1f} s per cell; moves/s")
    header = f"{'game':24} {'players':>7}" + "".join(f" {name:>11}" for name in COLUMNS)
    print(header + f" {'os/direct':>10} {'pz/direct':>10}")
    for slug in slugs:
        game = rulebook.get_game(slug)
        counts = [args.players] if args.players else list(game.player_counts)
        for players in counts:
            figures = {name: run(game, players, args.seconds) for name, run in COLUMNS.items()}
            cells = "".join(f" {'-':>11}" if v is None else f" {v:11,.0f}" for v in figures.values())
            base = figures["direct"] or 1.0
            ratios = ""
            for name in ("openspiel", "pettingzoo"):
                value = figures[name]
                ratios += f" {'-':>10}" if value is None else f" {value / base:10.2f}"
            print(f"{slug:24} {players:7d}{cells}{ratios}")


if __name__ == "__main__":
    main()
