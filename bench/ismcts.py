"""ISMCTS speed per game: iterations per second, seconds per game, and what a compare costs.

Usage: ``python bench/ismcts.py [--games SLUG ...] [--players default|min|N] [--iterations N]
[--measure N] [--sample N] [--rollout random|heuristic] [--rounds N]``

Run the same script against two trees (``PYTHONPATH=/path/to/tree``) to compare them: it uses
only what every version of :class:`~rulebook.balance.players.ISMCTS` has. For each game (at its
default player count, or ``--players``):

* ``resample`` against one random rollout from the same states (a random game cut at
  ``--sample`` points): their mean costs in microseconds and the ratio (issue 14
  asks that ``resample`` cost no more than one rollout);
* ISMCTS iterations per second over whole games: one ISMCTS seat (rotating over the
  seats, ``--rounds`` games each) against heuristic players, searching ``--measure``
  iterations per decision; the playouts run divided by the time spent searching (a
  search that starts from what the seat's last search kept counts only its new playouts);
* seconds per game and the minutes a 1,000-game compare with one ISMCTS seat at
  ``--iterations`` per decision would take on 2 workers, *extrapolated* from those
  games: search time scales with iterations (each iteration is one determinization,
  one descent and one rollout, the same whatever the budget), the other seats' time
  does not. Measured below the budget, the search runs every iteration (no early stop),
  so the extrapolation is an upper bound; with ``--measure`` equal to ``--iterations`` it
  is the real cost, early stops included. Under load the figures are slower; the load is
  printed. "run" is the share of the budget's iterations actually searched (decisions
  with a single legal action search none). Times are CPU seconds of this process
  (``time.process_time``), so other jobs on the machine slow them less than wall time;
  a compare on 2 workers takes about half the CPU seconds of its games when it has both
  cores to itself.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from typing import Any

import rulebook
from rulebook.balance.players import ISMCTS, heuristic_player


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


def _kept_visits(search: Any, seat: int) -> tuple[Any, int]:
    """The node the seat's last search kept for it (a newer tree), and its visits so far."""
    kept = getattr(search, "_kept", {}).get(seat)
    if kept is None:
        return None, 0
    node = kept[1]
    return node, sum(int(s[0]) for s in node.stats.values())


def compare_speed(
    game: Any, players: int, measure: int, rollout: Any, stop_early: bool, seed: int = 7, rounds: int = 1
) -> dict[str, float]:
    """Play ``rounds`` games per seat with that seat searching ``measure`` iterations per decision."""
    search = ISMCTS(iterations=measure, rollout=rollout, stop_early=stop_early)
    search_time = other_time = 0.0
    iterations = decisions = 0
    clock = time.process_time
    for r in range(rounds):
        for seat in range(players):
            rng = random.Random(seed * 1000 + r * 100 + seat)
            state = game.new_game(game.Rules(players=players), seed=rng.getrandbits(63))
            while (p := state.current_player) is not None:
                t0 = clock()
                if p == seat:
                    node, before = _kept_visits(search, seat)
                    action, stats = search.search(state, rng)
                    search_time += clock() - t0
                    decisions += 1
                    total = sum(n for n, _ in stats.values())
                    reused = node is not None and sum(int(s[0]) for s in node.stats.values()) != before
                    iterations += total - before if reused else total
                else:
                    action = heuristic_player(state, rng)
                    other_time += clock() - t0
                state = state.apply(action)
    games = players * rounds
    return {
        "iterations_per_s": iterations / search_time if search_time else float("nan"),
        "decisions": decisions / games,
        "search_s": search_time / games,
        "other_s": other_time / games,
        "searched": iterations / games,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=None, help="slugs (default: all)")
    parser.add_argument("--players", default="default",
                        help="player count: default (each game's), min (each game's smallest) or a number")
    parser.add_argument("--iterations", type=int, default=200, help="budget to extrapolate to")
    parser.add_argument("--measure", type=int, default=200, help="iterations per decision actually searched")
    parser.add_argument("--sample", type=int, default=20, help="states for resample vs rollout")
    parser.add_argument("--rollout", choices=("random", "heuristic"), default="heuristic")
    parser.add_argument("--rounds", type=int, default=1, help="games per seat")
    args = parser.parse_args(argv)
    rollout = heuristic_player if args.rollout == "heuristic" else None
    slugs = args.games or list(rulebook.GAMES)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
          f"load {load:.1f}; {args.rollout} rollouts, measured at {args.measure} it/decision, "
          f"extrapolated to {args.iterations}; rulebook from {os.path.dirname(os.path.dirname(rulebook.__file__))}")
    print(f"{'game':22} {'n':>2} {'resample us':>11} {'rollout us':>10} {'ratio':>5} {'it/s':>6} "
          f"{'dec/game':>8} {'run':>4} {'s/game':>7} {'2 x 500 games, 2 workers':>24}")
    for slug in slugs:
        game = rulebook.get_game(slug)
        if args.players == "default":
            players = game.Rules().players
        elif args.players == "min":
            players = min(game.player_counts)
        else:
            players = int(args.players)
        res, roll = resample_vs_rollout(game, players, args.sample)
        # below the budget, search every iteration (no early stop): the extrapolation is an upper bound
        m = compare_speed(game, players, args.measure, rollout, args.measure == args.iterations, rounds=args.rounds)
        per_game = m["other_s"] + m["search_s"] * args.iterations / args.measure
        minutes = 1000 * per_game / 2 / 60
        run = m["searched"] / m["decisions"] / args.measure
        print(f"{slug:22} {players:2d} {res * 1e6:11.0f} {roll * 1e6:10.0f} {res / roll:5.2f} "
              f"{m['iterations_per_s']:6.0f} {m['decisions']:8.1f} {run:4.0%} "
              f"{per_game:7.2f} {minutes:20.1f} min",
              flush=True)


if __name__ == "__main__":
    main()
