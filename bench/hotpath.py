"""Cost of ``legal_actions`` and ``apply`` alone, per call, over recorded positions.

Usage: ``python bench/hotpath.py [--games SLUG ...] [--players N] [--games-per-row G]``

For each game (at ``--players``, or its smallest count plus one where it has one) it
plays ``G`` seeded random games, keeps every position with the action chosen there,
and then times ``legal_actions()`` over all positions and ``apply(action)`` over all
positions, best of 15 passes, in nanoseconds per call. Unlike ``playout.py`` no
random choice, ``new_game`` or loop bookkeeping is in the figure, so a change of a
few percent in the engines shows. Compare trees with the same arguments, one after
the other (``PYTHONPATH=TREE``), on a quiet machine.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import rulebook


def positions(game: Any, players: int, games: int) -> list[tuple[Any, Any]]:
    rules = game.Rules(players=players)
    rng = random.Random(3)
    out = []
    for seed in range(games):
        state = game.new_game(rules, seed=seed)
        while state.current_player is not None:
            action = rng.choice(state.legal_actions())
            out.append((state, action))
            state = state.apply(action)
    return out


def best_ns(pairs: list[tuple[Any, Any]], apply: bool, passes: int = 15) -> float:
    times = []
    for _ in range(passes):
        start = time.perf_counter()
        if apply:
            for state, action in pairs:
                state.apply(action)
        else:
            for state, _ in pairs:
                state.legal_actions()
        times.append(time.perf_counter() - start)
    return min(times) / len(pairs) * 1e9


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", nargs="*", default=None, help="slugs (default: all)")
    parser.add_argument("--players", type=int, default=None, help="player count (default: per game)")
    parser.add_argument("--games-per-row", type=int, default=60, help="random games recorded per row")
    args = parser.parse_args(argv)
    print(f"{'game':24} {'players':>7} {'positions':>9} {'legal ns':>9} {'apply ns':>9}")
    for slug in args.games or list(rulebook.GAMES):
        game = rulebook.get_game(slug)
        counts = sorted(game.player_counts)
        players = args.players or (counts[1] if len(counts) > 1 else counts[0])
        pairs = positions(game, players, args.games_per_row)
        legal, apply = best_ns(pairs, False), best_ns(pairs, True)
        print(f"{slug:24} {players:7d} {len(pairs):9d} {legal:9.0f} {apply:9.0f}")


if __name__ == "__main__":
    main()
