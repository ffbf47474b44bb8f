"""What a default ``simulate --compare`` of each Python worked example costs: wall time, before and after.

Usage: ``python bench/compare_examples.py [--trees BASE NEW ...] [--games N] [--workers N] [--cap S]
[--cap-others S] [--only TEXT] [--out FILE.jsonl]``

For every variant of every Python file of ``docs/examples``, in every game it names
(``tests/docs_examples.py``), each tree runs ``rulebook simulate GAME --variant FILE:NAME --compare
--games N --seed 1 --workers N --json`` in a subprocess with ``PYTHONPATH`` set to the tree, the
trees one after the other for each example (so a change in load touches both). Without
``--players-as``, so each tree plays its own default players. A run still going after ``--cap``
seconds (``--cap-others`` for the trees after the first) is stopped, and the games its progress file
holds are counted. One JSON line per run goes to
``--out`` (appended): the example, the tree, the wall seconds, the games done, the players and why,
and the machine's load average before the run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.docs_examples import python_examples  # noqa: E402


def run(tree: str, slug: str, ref: str, games: int, workers: int, cap: float) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as folder:
        progress = Path(folder) / "run.progress.jsonl"
        command = [sys.executable, "-m", "rulebook", "simulate", slug, "--variant", ref, "--compare", "--games",
                   str(games), "--seed", "1", "--workers", str(workers), "--json", "--progress", str(progress)]
        env = {**os.environ, "PYTHONPATH": tree}
        load = os.getloadavg()[0]
        start = time.perf_counter()
        try:
            done = subprocess.run(command, env=env, cwd=folder, capture_output=True, text=True, timeout=cap)
            wall = time.perf_counter() - start
            finished = done.returncode == 0
            out = json.loads(done.stdout) if finished else {}
            error = "" if finished else done.stderr.strip().splitlines()[-1:]
        except subprocess.TimeoutExpired:
            wall, finished, out, error = time.perf_counter() - start, False, {}, "stopped at the cap"
        lines = progress.read_text(encoding="utf-8").splitlines() if progress.exists() else []
        return {"tree": tree, "slug": slug, "ref": ref, "wall": round(wall, 1), "finished": finished,
                "games_done": 2 * games if finished else max(0, len(lines) - 1), "load": round(load, 2),
                "players": out.get("players_as"), "why": out.get("players_read", [""])[:1], "error": error}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trees", nargs="+", default=[str(ROOT)])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cap", type=float, default=600.0, help="seconds a run may take before it is stopped")
    parser.add_argument("--cap-others", type=float, default=None,
                        help="the cap of the trees after the first (default: --cap)")
    parser.add_argument("--only", default="", help="only the examples whose label holds this text")
    parser.add_argument("--out", default="compare_examples.jsonl")
    args = parser.parse_args(argv)
    for label, slug, _variant in python_examples():
        if args.only not in f"{slug}:{label}":
            continue
        ref = str(ROOT / "docs" / "examples" / label)
        for number, tree in enumerate(args.trees):
            cap = args.cap if number == 0 or args.cap_others is None else args.cap_others
            row = {"example": label, **run(tree, slug, ref, args.games, args.workers, cap)}
            print(json.dumps(row), flush=True)
            with open(args.out, "a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
