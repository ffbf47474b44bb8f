"""Paired games: the default ISMCTS against the full-budget search (no near-tie stop).

Usage: ``python bench/search_strength.py [--games SLUG ...] [--deals N] [--budget N] [--seed S]
[--out FILE.jsonl]``

For each game (its default player count) and each deal ``index`` of ``0..N-1``, two games are
played from the same deal and the same generator: seat 1 searches with ``ISMCTS()`` (the default:
near-tie stop at one standard error from two fifths of the budget) in one and with
``ISMCTS(tie_stop=None)`` in the other; every other seat plays the rule-aware heuristic. Seat 1's
win share (1 for a sole win, 1/k for a win shared by k seats, 0 otherwise) is compared deal by
deal: the mean paired difference with its standard error, and the CPU time of each game. Each
finished deal is one JSON line in ``--out`` (appended), so a long run can be read while it goes on
and resumed (deals already in the file are skipped).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from pathlib import Path
from typing import Any

import rulebook
from rulebook.balance.players import ISMCTS
from rulebook.balance.simulate import play_one

SLUGS = ("witches-of-blackmore", "seven-prophecies", "utsuke", "gods-and-humans", "saru-tori-inu-i")


def share(winners: frozenset[int], seat: int = 0) -> float:
    return 1 / len(winners) if seat in winners else 0.0


def one_deal(slug: str, index: int, budget: int, seed: int) -> dict[str, Any]:
    game = rulebook.get_game(slug)
    rules = game.Rules()
    out: dict[str, Any] = {"game": slug, "index": index, "players": rules.players}
    for label, search in (("default", ISMCTS(iterations=budget)), ("full", ISMCTS(iterations=budget, tie_stop=None))):
        kinds: list[Any] = [search] + ["heuristic"] * (rules.players - 1)
        start = time.process_time()
        result = play_one(game, rules, seed, index, players_as=kinds)
        out[label] = share(result.winners)
        out[f"{label}_cpu"] = round(time.process_time() - start, 4)
    return out


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(rows)
    diffs = [r["default"] - r["full"] for r in rows]
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    return {
        "deals": n,
        "default": sum(r["default"] for r in rows) / n,
        "full": sum(r["full"] for r in rows) / n,
        "difference": mean,
        "standard_error": sd / math.sqrt(n) if n else 0.0,
        "default_cpu": sum(r["default_cpu"] for r in rows) / n,
        "full_cpu": sum(r["full_cpu"] for r in rows) / n,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(SLUGS))
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--budget", type=int, default=200)
    parser.add_argument("--seed", type=int, default=34)
    parser.add_argument("--out", default="search_strength.jsonl")
    args = parser.parse_args()
    path = Path(args.out)
    done: dict[tuple[str, int], dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            row = json.loads(line)
            done[(row["game"], row["index"])] = row
    with path.open("a") as out:
        for slug in args.games:
            for index in range(args.deals):
                if (slug, index) in done:
                    continue
                row = one_deal(slug, index, args.budget, args.seed)
                done[(slug, index)] = row
                out.write(json.dumps(row) + "\n")
                out.flush()
    print(f"{'game':<22} {'deals':>5} {'default':>8} {'full':>8} {'diff':>7} {'se':>6} {'cpu d':>6} {'cpu f':>6}")
    for slug in args.games:
        rows = [r for (g, _), r in sorted(done.items()) if g == slug]
        if rows:
            s = summary(rows)
            print(f"{slug:<22} {s['deals']:>5} {s['default']:>8.3f} {s['full']:>8.3f} {s['difference']:>+7.3f} "
                  f"{s['standard_error']:>6.3f} {s['default_cpu']:>6.2f} {s['full_cpu']:>6.2f}")
    print(f"(pid {os.getpid()})")


if __name__ == "__main__":
    main()
