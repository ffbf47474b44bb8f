"""Run one bench on two source trees in turn and print their figures side by side.

Usage::

    python bench/compare_trees.py BASE NEW [--rounds R] [--bench playout|adapters] [-- BENCH ARGS...]

Both trees run *this* tree's bench script (the same driver), each in its own
subprocess with ``PYTHONPATH`` set to the tree, so only the library differs.
The runs alternate (base, new, new, base, base, new, ...) for ``--rounds``
rounds, so a change in the machine's load touches both sides alike. Each cell
is the median over the rounds; the last column is new over base. The load
average before and after is printed with the table.

Example: ``python bench/compare_trees.py ../base-checkout . --rounds 3 -- --seconds 1 --games utsuke``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run(tree: Path, bench: str, extra: list[str]) -> tuple[list[str], dict[tuple[str, str], list[float]]]:
    """The header and the numeric cells of one run of ``bench`` on ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, str(HERE / f"{bench}.py"), *extra],
        env=env,
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    header: list[str] = []
    rows: dict[tuple[str, str], list[float]] = {}
    for line in out.splitlines():
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "game":
            header = parts[2:]
            continue
        # a row: name (maybe several words), a player count, then numbers or '-'
        for i, part in enumerate(parts):
            if part.isdigit():
                name = " ".join(parts[:i])
                cells: list[float] = []
                for cell in parts[i + 1 : i + 1 + len(header)]:
                    try:
                        cells.append(float(cell.replace(",", "")))
                    except ValueError:
                        cells.append(float("nan"))
                rows[(name, part)] = cells
                break
    return header, rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("base", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--bench", choices=("playout", "adapters"), default="playout")
    argv = sys.argv[1:] if argv is None else argv
    cut = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:cut])
    extra = argv[cut + 1 :]
    trees = {"base": args.base.resolve(), "new": args.new.resolve()}
    results: dict[str, list[dict[tuple[str, str], list[float]]]] = {"base": [], "new": []}
    header: list[str] = []
    load_before = os.getloadavg()
    for r in range(args.rounds):
        order = ("base", "new") if r % 2 == 0 else ("new", "base")
        for side in order:
            header, rows = run(trees[side], args.bench, extra)
            results[side].append(rows)
    load_after = os.getloadavg()
    print(f"bench/{args.bench}.py {' '.join(extra)}; {args.rounds} rounds alternating; medians")
    print(f"base = {trees['base']}, new = {trees['new']}")
    print(f"load average (1 min) {load_before[0]:.1f} before, {load_after[0]:.1f} after")
    keys = list(results["new"][0])
    print(f"{'row':30} {'column':>11} {'base':>12} {'new':>12} {'new/base':>9}")
    for key in keys:
        for c, column in enumerate(header):
            base = [rows[key][c] for rows in results["base"] if key in rows and c < len(rows[key])]
            new = [rows[key][c] for rows in results["new"] if c < len(rows[key])]
            b = statistics.median(base) if base else float("nan")
            n = statistics.median(new) if new else float("nan")
            ratio = n / b if b == b and b else float("nan")
            print(f"{key[0] + ' ' + key[1]:30} {column:>11} {b:12,.2f} {n:12,.2f} {ratio:9.2f}")


if __name__ == "__main__":
    main()
