"""Wall time of ``rulebook verify GAME`` (defaults, printed rules) in two source trees, run alternately.

    python bench/verify.py --before /work/wt/base --after . [--games SLUG ...] [--extra=--thorough]

Each game is verified in the ``before`` tree, then in the ``after`` tree (subprocesses,
``PYTHONPATH`` set to the tree), so both sides see the same machine load; the load
average (``os.getloadavg``) is printed with every run. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

_MAIN = "import sys; from rulebook.cli import main; sys.exit(main())"
GAMES = ("witches-of-blackmore", "seven-prophecies", "utsuke", "gods-and-humans", "saru-tori-inu-i")


def run(tree: Path, slug: str, extra: list[str]) -> tuple[float, int, float]:
    """(seconds, exit code, 1-minute load average at the start) of one verify run in ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree), COLUMNS="112")
    load = os.getloadavg()[0]
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _MAIN, "verify", slug, "--out", "/tmp", *extra],
        env=env, cwd=tree, capture_output=True, text=True, check=False,
    )
    return time.perf_counter() - start, done.returncode, load


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--before", required=True, type=Path)
    p.add_argument("--after", required=True, type=Path)
    p.add_argument("--games", nargs="*", default=list(GAMES))
    p.add_argument("--extra", default="", help="extra arguments for the after side, space-separated")
    args = p.parse_args()
    extra = args.extra.split()
    print("| game | before (s) | after (s) | speed-up | load before/after | exit codes |")
    print("|---|---:|---:|---:|---|---|")
    for slug in args.games:
        b, rb, lb = run(args.before.resolve(), slug, [])
        a, ra, la = run(args.after.resolve(), slug, extra)
        print(f"| {slug} | {b:.1f} | {a:.1f} | {b / a:.0f}x | {lb:.1f} / {la:.1f} | {rb} / {ra} |", flush=True)


if __name__ == "__main__":
    main()
