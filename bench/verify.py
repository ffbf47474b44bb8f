"""Wall time of ``rulebook verify GAME`` (defaults, printed rules) in two source trees, run alternately.

    python bench/verify.py --before ../base-checkout --after . [--games SLUG ...] [--extra=--thorough]

Each game is verified in the ``before`` tree, then in the ``after`` tree (subprocesses,
``PYTHONPATH`` set to the tree), so both sides see the same machine load; the load
average (``os.getloadavg``) is printed with every run. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

_MAIN = "import sys; from rulebook.cli.app import main; sys.exit(main())"
GAMES = ("witches-of-blackmore", "seven-prophecies", "utsuke", "gods-and-humans", "saru-tori-inu-i")


def run(tree: Path, slug: str, extra: list[str]) -> tuple[float, float, int, float]:
    """(wall seconds, CPU seconds, exit code, 1-minute load average at the start) of one verify run."""
    env = dict(os.environ, PYTHONPATH=str(tree), COLUMNS="112")
    load = os.getloadavg()[0]
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _MAIN, "verify", slug, "--out", "/tmp", *extra],
        env=env, cwd=tree, capture_output=True, text=True, check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - cpu.ru_utime - cpu.ru_stime, done.returncode, load


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--before", required=True, type=Path)
    p.add_argument("--after", required=True, type=Path)
    p.add_argument("--games", nargs="*", default=list(GAMES))
    p.add_argument("--extra", default="", help="extra arguments for the after side, space-separated")
    args = p.parse_args()
    extra = args.extra.split()
    print("| game | before wall (CPU) s | after wall (CPU) s | speed-up (CPU) | load before/after | exit codes |")
    print("|---|---:|---:|---:|---|---|")
    for slug in args.games:
        b, bc, rb, lb = run(args.before.resolve(), slug, [])
        a, ac, ra, la = run(args.after.resolve(), slug, extra)
        row = [slug, f"{b:.1f} ({bc:.1f})", f"{a:.1f} ({ac:.1f})", f"{bc / ac:.0f}x", f"{lb:.1f} / {la:.1f}",
               f"{rb} / {ra}"]
        print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
