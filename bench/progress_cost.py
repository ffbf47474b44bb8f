"""What writing results as they go costs: a ``simulate`` run with and without its progress file.

Runs alternate (without, with, with, without, ...) so a change in load touches both;
prints each run's seconds and the medians. ``rulebook simulate`` writes the progress
file by default; the goal is a cost under 5%.

    PYTHONPATH=$PWD python bench/progress_cost.py --games 1000 --workers 2 --rounds 3
"""

from __future__ import annotations

import argparse
import functools
import statistics
import tempfile
import time
from pathlib import Path

import rulebook
from rulebook.balance.progress import Progress
from rulebook.balance.simulate import simulate


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="witches-of-blackmore")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--players-as", default="heuristic")
    args = ap.parse_args()
    game = rulebook.get_game(args.game)
    rules = game.Rules(players=args.players)
    kinds = [args.players_as] * args.players
    times: dict[bool, list[float]] = {False: [], True: []}
    order = [False, True, True, False] * args.rounds
    with tempfile.TemporaryDirectory() as tmp:
        for n, write in enumerate(order[: 2 * args.rounds]):
            saved = Progress.start(Path(tmp) / f"run{n}.jsonl", {"bench": n}) if write else None
            start = time.perf_counter()
            simulate(game, rules, games=args.games, seed=n // 2, players_as=kinds, workers=args.workers,
                     on_result=functools.partial(saved.write, "result", game.slug) if saved else None)
            took = time.perf_counter() - start
            if saved is not None:
                saved.close()
            times[write].append(took)
            print(f"{'with' if write else 'without':>8} progress file: {took:.2f} s", flush=True)
    off, on = statistics.median(times[False]), statistics.median(times[True])
    print(f"median without {off:.2f} s, with {on:.2f} s: cost {100 * (on / off - 1):+.1f}%")


if __name__ == "__main__":
    main()
