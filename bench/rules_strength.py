"""Paired games: the rule-following player (``auto``) against ISMCTS:30 and against the heuristic, under a
variant of each game.

Usage: ``python bench/rules_strength.py [--deals N] [--against ismcts:30 heuristic] [--only TEXT]
[--out FILE.jsonl]``

For each game and its Python worked example (``EXAMPLES``: one per game), and each deal ``d`` of
``0..N-1``, the deal is played once per seat: that seat plays ``auto`` and every other seat the
opponent (duplicate deals, so a deal's luck falls on every seat alike). Reported per game and
opponent: the rule-following seat's mean win share (1 for a sole win, ``1/k`` for a win shared by
``k``), the fair share ``1/n``, the difference with its standard error over deals (each deal's mean
over its ``n`` games is one observation), and the CPU seconds. Each deal is one JSON line in ``--out``
(appended; deals already in the file are skipped, so a long run can be resumed).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rulebook.balance.simulate import play_one  # noqa: E402
from tests.docs_examples import python_examples  # noqa: E402

#: one Python worked example per game (``FILE.py:NAME``)
EXAMPLES = {
    "witches-of-blackmore": "wheel_turns_over.py:variant",
    "seven-prophecies": "trick_bonus.py:variant",
    "utsuke": "five_rounds_honour_minus_chips.py:variant",
    "gods-and-humans": "trick_bonus.py:variant",
    "saru-tori-inu-i": "trick_bonus.py:variant",
}


def one_deal(variant: Any, deal: int, against: str) -> dict[str, Any]:
    n = variant.rules.players
    shares = []
    start = time.process_time()
    for seat in range(n):
        kinds = [against] * n
        kinds[seat] = "auto"
        result = play_one(variant.game, variant, 41, deal, kinds)
        shares.append(1 / len(result.winners) if seat in result.winners else 0.0)
    return {"deal": deal, "share": sum(shares) / n, "cpu": round(time.process_time() - start, 2)}


def summary(rows: list[dict[str, Any]], players: int) -> dict[str, Any]:
    k = len(rows)
    xs = [r["share"] for r in rows]
    mean = sum(xs) / k
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (k - 1)) if k > 1 else 0.0
    return {"deals": k, "games": k * players, "share": round(mean, 4), "fair": round(1 / players, 4),
            "difference": round(mean - 1 / players, 4), "se": round(sd / math.sqrt(k), 4) if k else 0.0,
            "cpu_per_game": round(sum(r["cpu"] for r in rows) / (k * players), 2)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--against", nargs="+", default=["ismcts:30", "heuristic"])
    parser.add_argument("--only", default="")
    parser.add_argument("--out", default="rules_strength.jsonl")
    args = parser.parse_args(argv)
    found = {(slug, label): v for label, slug, v in python_examples()}
    out = Path(args.out)
    done = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()] if out.exists() else []
    for slug, label in EXAMPLES.items():
        if args.only not in slug:
            continue
        variant = found[(slug, label)]
        for against in args.against:
            rows = [r for r in done if r["game"] == slug and r["against"] == against]
            have = {r["deal"] for r in rows}
            for deal in range(args.deals):
                if deal in have:
                    continue
                row = {"game": slug, "example": label, "against": against, **one_deal(variant, deal, against)}
                rows.append(row)
                with out.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(row) + "\n")
            print(json.dumps({"game": slug, "example": label, "against": against,
                              **summary(rows, variant.rules.players)}), flush=True)


if __name__ == "__main__":
    main()
