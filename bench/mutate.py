"""A small mutation tester: how many deliberate bugs do the tests catch?

Usage::

    python bench/mutate.py rulebook/core/tricks.py --tests tests/test_core.py [--sample N]
        [-k EXPR] [--seed S] [--workers W] [--timeout SECONDS] [--lines L,L] [--list] [--json]

For each target module it makes *mutants*, each one small change of the source:

* comparison flips: ``<`` and ``<=``, ``>`` and ``>=``, ``==`` and ``!=``, ``is`` and
  ``is not``, ``in`` and ``not in``;
* ``+`` and ``-`` swapped;
* off-by-one integer constants (``n`` becomes ``n + 1`` and ``n - 1``);
* ``and`` and ``or`` swapped, ``not x`` becomes ``x``;
* ``True`` and ``False`` swapped;
* a returned value removed (``return x`` becomes ``return None``), in every
  function, ``@property`` bodies included (``mutmut`` skips those).

Type annotations and docstrings are never mutated. Each mutant is written into a
temporary copy of the source tree (one per worker; the real files are never
touched) and the given tests run there (``pytest -x``) with a timeout. A mutant
is *killed* when the tests fail or time out, and *survives* when they pass; the
report gives the kill rate and lists every survivor (file:line, the change) so a
person can judge whether it is equivalent (no behaviour changed) or a gap in the
tests. ``--sample N`` tests a seeded random sample of N mutants; ``--lines 107,713``
keeps only the mutants on those source lines (to re-test survivors after adding tests).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import queue
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

COMPARE_FLIPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
    ast.In: ast.NotIn, ast.NotIn: ast.In,
}
BIN_SWAPS: dict[type[ast.operator], type[ast.operator]] = {ast.Add: ast.Sub, ast.Sub: ast.Add}
SYMBOL: dict[type[ast.AST], str] = {
    ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
    ast.Is: "is", ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in", ast.Add: "+", ast.Sub: "-",
    ast.And: "and", ast.Or: "or",
}
IGNORED = (".git", "__pycache__", ".hypothesis", ".mypy_cache", ".ruff_cache", "_build", ".pytest_cache",
           "mutants", "node_modules")


@dataclass(frozen=True)
class Mutant:
    """One change: the ``index``-th node of ``ast.walk`` in ``path``, mutated by ``kind`` (``arg``)."""

    path: str
    line: int
    index: int
    kind: str
    arg: int
    change: str


@dataclass(frozen=True)
class Outcome:
    mutant: Mutant
    status: str  # "killed", "survived", "timeout"
    seconds: float


def _skipped_nodes(tree: ast.AST) -> set[int]:
    """ids of nodes inside annotations or docstrings: never mutated."""
    skip: set[int] = set()

    def mark(node: ast.AST | None) -> None:
        if node is not None:
            skip.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign):
            mark(node.annotation)
        elif isinstance(node, ast.arg):
            mark(node.annotation)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            mark(node.returns)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                mark(body[0])
    return skip


def _text(node: ast.AST) -> str:
    text = ast.unparse(node)
    return text if len(text) <= 70 else text[:67] + "..."


def find_mutants(path: str, source: str) -> list[Mutant]:
    """Every mutant of ``source`` (the module at ``path``), in source order."""
    tree = ast.parse(source)
    skip = _skipped_nodes(tree)
    out: list[Mutant] = []
    for index, node in enumerate(ast.walk(tree)):
        if id(node) in skip:
            continue
        line = getattr(node, "lineno", 0)

        def add(kind: str, arg: int, change: str) -> None:
            out.append(Mutant(path, line, index, kind, arg, change))  # noqa: B023 - used at once

        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in COMPARE_FLIPS:
                    add("compare", i, f"{SYMBOL[type(op)]} -> {SYMBOL[COMPARE_FLIPS[type(op)]]} in {_text(node)}")
        elif isinstance(node, ast.BinOp) and type(node.op) in BIN_SWAPS:
            add("binop", 0, f"{SYMBOL[type(node.op)]} -> {SYMBOL[BIN_SWAPS[type(node.op)]]} in {_text(node)}")
        elif isinstance(node, ast.AugAssign) and type(node.op) in BIN_SWAPS:
            add("binop", 0, f"{SYMBOL[type(node.op)]}= -> {SYMBOL[BIN_SWAPS[type(node.op)]]}= in {_text(node)}")
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            add("int", 1, f"{node.value} -> {node.value + 1}")
            add("int", -1, f"{node.value} -> {node.value - 1}")
        elif isinstance(node, ast.Constant) and type(node.value) is bool:
            add("bool", 0, f"{node.value} -> {not node.value}")
        elif isinstance(node, ast.BoolOp):
            other = ast.Or if isinstance(node.op, ast.And) else ast.And
            add("boolop", 0, f"{SYMBOL[type(node.op)]} -> {SYMBOL[other]} in {_text(node)}")
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            add("not", 0, f"{_text(node)} -> {_text(node.operand)}")
        elif isinstance(node, ast.Return) and node.value is not None and not (
            isinstance(node.value, ast.Constant) and node.value.value is None
        ):
            add("return", 0, f"{_text(node)} -> return None")
    return out


class _Apply(ast.NodeTransformer):
    def __init__(self, mutant: Mutant, targets: dict[int, int]) -> None:
        self.mutant = mutant
        self.target = next(n for n, i in targets.items() if i == mutant.index)

    def visit(self, node: ast.AST) -> ast.AST:
        if id(node) != self.target:
            visited: ast.AST = super().visit(node)
            return visited
        m = self.mutant
        if m.kind == "compare" and isinstance(node, ast.Compare):
            node.ops[m.arg] = COMPARE_FLIPS[type(node.ops[m.arg])]()
        elif m.kind == "binop" and isinstance(node, (ast.BinOp, ast.AugAssign)):
            node.op = BIN_SWAPS[type(node.op)]()
        elif m.kind == "int" and isinstance(node, ast.Constant) and type(node.value) is int:
            node.value = node.value + m.arg
        elif m.kind == "bool" and isinstance(node, ast.Constant):
            node.value = not node.value
        elif m.kind == "boolop" and isinstance(node, ast.BoolOp):
            node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        elif m.kind == "not" and isinstance(node, ast.UnaryOp):
            return node.operand
        elif m.kind == "return" and isinstance(node, ast.Return):
            node.value = ast.Constant(None)
        else:  # pragma: no cover - find_mutants and _Apply disagree
            raise AssertionError(f"cannot apply {m}")
        return node


def mutated_source(source: str, mutant: Mutant) -> str:
    """``source`` with ``mutant`` applied (formatting and comments are not kept)."""
    tree = ast.parse(source)
    targets = {id(n): i for i, n in enumerate(ast.walk(tree))}
    new = _Apply(mutant, targets).visit(tree)
    return ast.unparse(ast.fix_missing_locations(new))


def _copy_tree(root: Path, into: Path) -> Path:
    dest = into / root.name
    shutil.copytree(root, dest, ignore=shutil.ignore_patterns(*IGNORED), symlinks=True)
    return dest


def _run_tests(tree: Path, tests: Sequence[str], timeout: float) -> tuple[str, float]:
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "--no-header", *tests]
    start = time.perf_counter()
    try:
        done = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return "timeout", time.perf_counter() - start
    return ("survived" if done.returncode == 0 else "killed"), time.perf_counter() - start


def run(
    targets: Sequence[str],
    tests: Sequence[str],
    *,
    root: Path,
    sample: int | None = None,
    seed: int = 0,
    workers: int = 1,
    timeout: float | None = None,
    progress: Callable[[Outcome], None] | None = None,
    lines: frozenset[int] | None = None,
) -> tuple[list[Outcome], int, float]:
    """Test the mutants of ``targets``; returns the outcomes, the number of mutants found and the baseline time."""
    mutants: list[Mutant] = []
    sources: dict[str, str] = {}
    for target in targets:
        rel = str(Path(target).resolve().relative_to(root))
        sources[rel] = (root / rel).read_text(encoding="utf-8")
        mutants.extend(find_mutants(rel, sources[rel]))
    total = len(mutants)
    if lines is not None:
        mutants = [m for m in mutants if m.line in lines]
    if sample is not None and sample < total:
        mutants = sorted(random.Random(seed).sample(mutants, sample), key=lambda m: (m.path, m.line, m.index))
    with tempfile.TemporaryDirectory(prefix="rulebook-mutate-") as tmp:
        trees: queue.Queue[Path] = queue.Queue()
        for w in range(max(1, workers)):
            (Path(tmp) / str(w)).mkdir()
            trees.put(_copy_tree(root, Path(tmp) / str(w)))
        first = trees.get()
        status, baseline = _run_tests(first, tests, timeout=max(600.0, timeout or 0.0))
        trees.put(first)
        if status != "survived":
            raise SystemExit(f"mutate: the tests fail ({status}) on the unmutated tree; fix them first")
        limit = timeout if timeout is not None else max(10.0, 3 * baseline)

        def one(m: Mutant) -> Outcome:
            tree = trees.get()
            try:
                file = tree / m.path
                file.write_text(mutated_source(sources[m.path], m), encoding="utf-8")
                try:
                    status, seconds = _run_tests(tree, tests, limit)
                finally:
                    file.write_text(sources[m.path], encoding="utf-8")
            finally:
                trees.put(tree)
            outcome = Outcome(m, status, seconds)
            if progress is not None:
                progress(outcome)
            return outcome

        with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
            outcomes = list(pool.map(one, mutants))
    return outcomes, total, baseline


def report(outcomes: Sequence[Outcome], total: int, baseline: float) -> Iterator[str]:
    """The text report: kill rate, then every survivor."""
    killed = sum(o.status != "survived" for o in outcomes)
    timeouts = sum(o.status == "timeout" for o in outcomes)
    n = len(outcomes)
    rate = killed / n if n else 1.0
    yield (f"mutants: {n} tested of {total} found; killed {killed} ({rate:.1%}, {timeouts} by timeout); "
           f"survived {n - killed}; baseline test run {baseline:.1f} s")
    survivors = [o.mutant for o in outcomes if o.status == "survived"]
    if survivors:
        yield "survivors (judge each: equivalent, or a gap in the tests):"
        for m in sorted(survivors, key=lambda m: (m.path, m.line, m.index, m.arg)):
            yield f"  {m.path}:{m.line}: {m.change}"


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("targets", nargs="+", help="modules to mutate (paths inside --root)")
    p.add_argument("--tests", nargs="+", required=True, help="pytest arguments: test files or node ids")
    p.add_argument("-k", dest="keyword", default=None, help="pytest -k expression to select tests")
    p.add_argument("--root", default=".", help="the source tree to copy (default: the current directory)")
    p.add_argument("--sample", type=int, default=None, help="test a seeded random sample of N mutants")
    p.add_argument("--seed", type=int, default=0, help="seed of --sample (default 0)")
    p.add_argument("--workers", type=int, default=1, help="mutants tested in parallel (default 1)")
    p.add_argument("--timeout", type=float, default=None,
                   help="seconds per mutant (default: 3 x the unmutated run, at least 10)")
    p.add_argument("--lines", default=None, help="only the mutants on these lines (comma-separated, e.g. 107,713)")
    p.add_argument("--list", action="store_true", help="only list the mutants")
    p.add_argument("--json", action="store_true", help="print the outcomes as JSON")
    args = p.parse_args(argv)
    root = Path(args.root).resolve()
    if (args.sample is not None and args.sample < 1) or args.workers < 1:
        p.error("--sample and --workers must be at least 1")
    for target in args.targets:
        path = Path(target).resolve()
        if not path.is_file() or root not in path.parents:
            p.error(f"{target} is not a file inside {root}")
    lines: frozenset[int] | None = None
    if args.lines is not None:
        parts = args.lines.split(",")
        if not all(part.isdigit() for part in parts):
            p.error(f"--lines must be line numbers separated by commas, not {args.lines!r}")
        lines = frozenset(int(part) for part in parts)
    if args.list:
        for target in args.targets:
            rel = str(Path(target).resolve().relative_to(root))
            for m in find_mutants(rel, (root / rel).read_text(encoding="utf-8")):
                if lines is None or m.line in lines:
                    print(f"{m.path}:{m.line}: {m.change}")
        return 0

    def tick(o: Outcome) -> None:
        if not args.json:
            mark = {"killed": ".", "timeout": "T", "survived": "S"}[o.status]
            print(mark, end="", flush=True, file=sys.stderr)

    tests = [*args.tests, "-k", args.keyword] if args.keyword else list(args.tests)
    outcomes, total, baseline = run(args.targets, tests, root=root, sample=args.sample, seed=args.seed,
                                    workers=args.workers, timeout=args.timeout, progress=tick, lines=lines)
    if args.json:
        print(json.dumps({"total": total, "baseline_seconds": baseline,
                          "outcomes": [{**asdict(o.mutant), "status": o.status, "seconds": o.seconds}
                                       for o in outcomes]}, indent=1))
    else:
        print(file=sys.stderr)
        for line in report(outcomes, total, baseline):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
