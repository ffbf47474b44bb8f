"""ISMCTS speed per game: iterations per second, seconds per game, and what a compare costs.

Usage: ``python bench/ismcts.py [--games SLUG ...] [--players N] [--iterations N]
[--measure N] [--sample N] [--rollout random|heuristic]``

For each game (at its smallest player count, or ``--players``; Witches also at 4):

* ``resample`` against one random rollout from the same states (a random game cut at
  ``--sample`` points): their mean costs in microseconds and the ratio (issue 14
  asks that ``resample`` cost no more than one rollout);
* ISMCTS iterations per second over whole games: one ISMCTS seat (rotating over the
  seats, one game each) against heuristic players, searching ``--measure``
  iterations per decision; the time spent searching divided by the iterations run;
* seconds per game and the minutes a 1,000-game compare with one ISMCTS seat at
  ``--iterations`` per decision would take on 2 workers, *extrapolated* from those
  games: search time scales with iterations (each iteration is one determinization,
  one descent and one rollout, the same whatever the budget), the other seats' time
  does not. Measured below the budget, the search runs every iteration (no early stop),
  so the extrapolation is an upper bound; with ``--measure`` equal to ``--iterations`` it
  is the real cost, early stops included. Under load the figures are slower; the load is
  printed. "run" is the share of the budget's iterations actually searched (decisions
  with a single legal action search none).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from typing import Any

import rulebook
from rulebook.players import ISMCTS, heuristic_player


def resample_vs_rollout(game: Any, players: int, sample: int, seed: int = 1) -> tuple[float, float]:
    """Mean seconds of one ``resample`` and of one random rollout, from the same states."""
    rng = random.Random(seed)
    state = game.new_game(game.Rules(players=players), seed=seed)
    states = []
    while state.current_player is not None:
        states.append(state)
        state = state.apply(rng.choice(state.legal_actions()))
    step = max(1, len(states) // sample)
    states = states[::step][:sample]
    resample_time = rollout_time = 0.0
    for i, s in enumerate(states):
        seat = s.current_player
        r = random.Random(i)
        t0 = time.perf_counter()
        for _ in range(5):
            s.resample(seat, r)
        t1 = time.perf_counter()
        choice = r.choice
        for _ in range(5):
            d = s
            while d.current_player is not None:
                d = d.apply(choice(d.legal_actions()))
        t2 = time.perf_counter()
        resample_time += t1 - t0
        rollout_time += t2 - t1
    n = 5 * len(states)
    return resample_time / n, rollout_time / n


def compare_speed(
    game: Any, players: int, measure: int, rollout: Any, stop_early: bool, seed: int = 7
) -> dict[str, float]:
    """Play one game per seat with that seat searching ``measure`` iterations per decision."""
    search = ISMCTS(iterations=measure, rollout=rollout, stop_early=stop_early)
    search_time = other_time = 0.0
    iterations = decisions = 0
    for seat in range(players):
        rng = random.Random(seed * 1000 + seat)
        state = game.new_game(game.Rules(players=players), seed=rng.getrandbits(63))
        while (p := state.current_player) is not None:
            t0 = time.perf_counter()
            if p == seat:
                action, stats = search.search(state, rng)
                search_time += time.perf_counter() - t0
                decisions += 1
                iterations += sum(n for n, _ in stats.values())
            else:
                action = heuristic_player(state, rng)
                other_time += time.perf_counter() - t0
            state = state.apply(action)
    return {
        "iterations_per_s": iterations / search_time,
        "decisions": decisions / players,
        "search_s": search_time / players,
        "other_s": other_time / players,
        "searched": iterations / players,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=None, help="slugs (default: all)")
    parser.add_argument("--players", type=int, default=None, help="player count (default: each game's smallest)")
    parser.add_argument("--iterations", type=int, default=200, help="budget to extrapolate to")
    parser.add_argument("--measure", type=int, default=20, help="iterations per decision actually searched")
    parser.add_argument("--sample", type=int, default=20, help="states for resample vs rollout")
    parser.add_argument("--rollout", choices=("random", "heuristic"), default="heuristic")
    args = parser.parse_args(argv)
    rollout = heuristic_player if args.rollout == "heuristic" else None
    slugs = args.games or list(rulebook.GAMES)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
          f"load {load:.1f}; {args.rollout} rollouts, measured at {args.measure} it/decision, "
          f"extrapolated to {args.iterations}")
    print(f"{'game':22} {'n':>2} {'resample us':>11} {'rollout us':>10} {'ratio':>5} {'it/s':>6} "
          f"{'dec/game':>8} {'run':>4} {'s/game':>7} {'1000 games, 2 workers':>21}")
    for slug in slugs:
        game = rulebook.get_game(slug)
        counts = [args.players] if args.players else [min(game.player_counts)]
        if slug == "witches-of-blackmore" and args.players is None and 4 in game.player_counts:
            counts.append(4)
        for players in counts:
            res, roll = resample_vs_rollout(game, players, args.sample)
            # below the budget, search every iteration (no early stop): the extrapolation is an upper bound
            m = compare_speed(game, players, args.measure, rollout, args.measure == args.iterations)
            per_game = m["other_s"] + m["search_s"] * args.iterations / args.measure
            minutes = 1000 * per_game / 2 / 60
            run = m["searched"] / m["decisions"] / args.measure
            print(f"{slug:22} {players:2d} {res * 1e6:11.0f} {roll * 1e6:10.0f} {res / roll:5.2f} "
                  f"{m['iterations_per_s']:6.0f} {m['decisions']:8.1f} {run:4.0%} "
                  f"{per_game:7.1f} {minutes:17.0f} min",
                  flush=True)


if __name__ == "__main__":
    main()
