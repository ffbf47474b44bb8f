"""Random-playout speed of every registered game through the public contract.

Usage: ``python bench/playout.py [--seconds S] [--games SLUG ...]``

For each game and supported player count it plays uniformly random legal
actions from fresh seeded games for about ``--seconds`` and reports moves per
second and games per second. A move is one ``legal_actions()`` plus one
``apply()``; the random choice is included, as in any driver.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from typing import Any

import rulebook


def playout_speed(game: Any, players: int, seconds: float) -> tuple[float, float, int]:
    rules = game.Rules(players=players)
    rng = random.Random(12345)
    choice = rng.choice
    moves = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_game(rules, seed=games)
        while state.current_player is not None:
            state = state.apply(choice(state.legal_actions()))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return moves / elapsed, games / elapsed, games


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per game and player count")
    parser.add_argument("--games", nargs="*", default=None, help="slugs (default: all)")
    args = parser.parse_args(argv)
    slugs = args.games or list(rulebook.GAMES)
    print(f"python {platform.python_version()} on {platform.machine()}, {args.seconds:.1f} s per row")
    print(f"{'game':24} {'players':>7} {'moves/s':>12} {'games/s':>10} {'games':>8}")
    for slug in slugs:
        game = rulebook.get_game(slug)
        for players in game.player_counts:
            mps, gps, n = playout_speed(game, players, args.seconds)
            print(f"{slug:24} {players:7d} {mps:12,.0f} {gps:10,.1f} {n:8d}")


if __name__ == "__main__":
    main()
