"""How long a search takes: ``rulebook tune`` with 30 candidates of 200 games each, heuristic players.

The search of the docs' second worked example (gods-and-humans at five players: the lone human's share
of the deals near a third and the shortest deals, over two oracle cards' stars and the number of
deals), with every candidate verified on 4 games first and 3 finalists measured again on 400 fresh games
beside the printed game. Prints the wall time, the candidates measured and pruned, and the machine's
load (1-minute average) before and after, so that the figure can be read against what else ran.

    python bench/tune.py [--workers 2] [--candidates 30] [--games 200]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

import rulebook
from rulebook.balance.tune import tune
from rulebook.balance.tune_space import parse_space
from rulebook.balance.tune_target import parse_target


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--candidates", type=int, default=30)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    game = rulebook.get_game("gods-and-humans")
    space = parse_space(game, ["stars[6]=1..3", "stars[1]=0..2", "stars[4]=1..3", "deals=1..4"])
    goals = parse_target(game, ["role:lone human ~ 33", "minimise round length"], players=5)
    load_before = os.getloadavg()[0]
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        result = tune(game, space, goals, players=5, games=args.games, candidates=args.candidates, seed=args.seed,
                      workers=args.workers, storage=Path(folder) / "search.db", records=folder)
    seconds = time.perf_counter() - start
    counts = result.counts()
    print(f"gods-and-humans, 5 players: {len(result.candidates)} candidates of {args.games} games, "
          f"{args.workers} workers, sampler {result.sampler}")
    print(f"measured {counts['measured']}, pruned {counts['pruned']}, refused {counts['invalid']}, "
          f"failed verify {counts['failed']}; {len(result.finalists)} finalists on {result.final_games} fresh games")
    print(f"wall time {seconds:.1f} s ({seconds / 60:.1f} min); load (1 min) {load_before:.2f} before, "
          f"{os.getloadavg()[0]:.2f} after; {os.cpu_count()} processors")


if __name__ == "__main__":
    main()
