"""A strength ladder: how much better ISMCTS plays than the heuristic, and the heuristic than random.

Usage: ``python bench/strength.py [--games SLUG ...] [--counts all|min|default|N] [--per-seat N]
[--ismcts-per-seat N] [--budget N] [--rollout heuristic|random] [--exploration C]
[--workers N] [--json FILE]``

For each game and player count, and each pair (candidate, baseline), one seat plays
the candidate and every other seat the baseline; the candidate's seat rotates over
all seats (``--per-seat`` games each), so seat advantage cancels out. Reported: the
candidate's win rate per game with a 95% Wilson interval, the baseline seats' mean win
rate per seat, and whether the candidate beats that beyond noise (two-proportion
z-test, p < 0.05). Shared wins count for every winner. Also ISMCTS iterations per
second and seconds per game, measured on this machine under its current load.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import time
from typing import Any

import attrs

import rulebook
from rulebook.balance.players import DEFAULT_EXPLORATION, ISMCTS, Player, heuristic_player
from rulebook.balance.simulate import simulate, two_proportion_test, wilson_interval


def ladder_row(
    game: Any, players: int, candidate: str | Player, baseline: str, per_seat: int, seed: int, workers: int = 1,
    label: str | None = None,
) -> dict[str, Any]:
    """One rung: ``candidate`` in each seat in turn against ``baseline`` everywhere else."""
    wins = base_wins = games = 0
    start = time.perf_counter()
    for seat in range(players):
        kinds: list[str | Player] = [baseline] * players
        kinds[seat] = candidate
        s = simulate(
            game, game.Rules(players=players), games=per_seat, seed=seed * 100 + seat, players_as=kinds, workers=workers
        )
        wins += s.wins[seat]
        base_wins += sum(s.wins) - s.wins[seat]
        games += s.games
    elapsed = time.perf_counter() - start
    base_n = games * (players - 1)
    low, high = wilson_interval(wins, games)
    p = two_proportion_test(wins, games, base_wins, base_n)
    return {
        "game": game.slug, "players": players, "candidate": label or str(candidate), "baseline": baseline,
        "games": games, "win_rate": wins / games, "ci": [low, high], "baseline_rate": base_wins / base_n,
        "p_value": p, "beats": p < 0.05 and wins / games > base_wins / base_n,
        "seconds_per_game": elapsed / games,
    }


def ismcts_speed(game: Any, players: int, player: ISMCTS) -> float:
    """ISMCTS iterations per second from the first decision of a few seeded games (the playouts
    each search ran, early stops included)."""
    iterations = 0
    start = time.perf_counter()
    for g in range(3):
        state = game.new_game(game.Rules(players=players), seed=g)
        _, stats = attrs.evolve(player).search(state, random.Random(g))
        iterations += sum(n for n, _ in stats.values())
    return iterations / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=None, help="slugs (default: all)")
    parser.add_argument("--counts", default="all",
                        help="player counts to measure: all, min, default (the game's default), or a number")
    parser.add_argument("--per-seat", type=int, default=50, help="heuristic-vs-random games per seat rotation")
    parser.add_argument("--ismcts-per-seat", type=int, default=4, help="ISMCTS-vs-heuristic games per rotation")
    parser.add_argument("--budget", type=int, default=200, help="ISMCTS iterations per decision")
    parser.add_argument("--rollout", choices=("heuristic", "random"), default="heuristic", help="ISMCTS rollouts")
    parser.add_argument("--exploration", type=float, default=DEFAULT_EXPLORATION, help="UCB constant c")
    parser.add_argument("--workers", type=int, default=1, help="processes per rung")
    parser.add_argument("--json", default=None, help="also write the rows to this file")
    args = parser.parse_args(argv)
    slugs = args.games or list(rulebook.GAMES)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, load {load:.1f}")
    rows = []
    header = f"{'game':22} {'n':>2} {'candidate':>11} {'baseline':>9} {'games':>5} {'win rate [95% CI]':>22} " \
             f"{'base/seat':>9} {'p':>7} {'beats':>5} {'s/game':>7} {'it/s':>6}"
    print(header)
    for slug in slugs:
        game = rulebook.get_game(slug)
        counts = list(game.player_counts)
        if args.counts == "min":
            counts = counts[:1]
        elif args.counts == "default":
            counts = [game.Rules().players]
        elif args.counts != "all":
            counts = [n for n in counts if str(n) == args.counts]
        search = ISMCTS(
            iterations=args.budget, exploration=args.exploration,
            rollout=heuristic_player if args.rollout == "heuristic" else None,
        )
        label = f"ismcts:{args.budget}:{args.rollout}" + (
            "" if args.exploration == DEFAULT_EXPLORATION else f" c={args.exploration}"
        )
        for players in counts:
            speed = ismcts_speed(game, players, search) if args.ismcts_per_seat > 0 else float("nan")
            rungs: tuple[tuple[str | Player, str, int, int, str], ...] = (
                ("heuristic", "random", args.per_seat, 1, "heuristic"),
                (search, "heuristic", args.ismcts_per_seat, 2, label),
            )
            for candidate, baseline, per_seat, seed, name in rungs:
                if per_seat < 1:
                    continue
                row = ladder_row(game, players, candidate, baseline, per_seat, seed, args.workers, name)
                row["ismcts_iterations_per_s"] = speed
                rows.append(row)
                lo, hi = row["ci"]
                print(f"{slug:22} {players:2d} {name:>11} {baseline:>9} {row['games']:5d} "
                      f"{row['win_rate']:7.1%} [{lo:5.1%}, {hi:5.1%}] {row['baseline_rate']:9.1%} "
                      f"{row['p_value']:7.3f} {'yes' if row['beats'] else 'no':>5} {row['seconds_per_game']:7.2f} "
                      f"{speed:6.0f}", flush=True)
                if args.json:
                    with open(args.json, "w", encoding="utf-8") as f:
                        json.dump({"load": load, "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
