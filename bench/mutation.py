"""Mutation testing of the engines with mutmut, one engine at a time (figures: ``bench/MUTATION.md``).

    python bench/mutation.py ENGINE [ENGINE ...] [--sample N] [--seed S] [--mutant NAME ...]
        [--survivors] [--max-children K] [--list] [--fresh]

``ENGINE`` is a game's module name (``utsuke``, ``gods_and_humans``, ...) or ``all``. The configuration is
``pyproject.toml``'s: ``[tool.mutmut]`` holds what every engine shares (the files of an engine that are
mutated, pytest's options), ``[tool.rulebook.mutation.ENGINE]`` the tests that cover that engine. Each
engine runs in its own folder, ``.mutation/ENGINE/`` (git ignores it): a copy of ``rulebook/``, ``tests/``
and ``spec/`` with a ``pyproject.toml`` whose ``[tool.mutmut]`` names only that engine's files and tests,
where ``mutmut run`` keeps its ``mutants/`` folder and its results between runs.

``--sample N`` runs a seeded random sample of N of the engine's mutants (the same sample for the same
source, seed and mutmut version), ``--mutant NAME`` adds mutants by name (mutmut's names, ``*``
allowed; alone, it runs only those); with neither, every mutant runs. ``--survivors`` runs again only
those chosen mutants that the last run did not kill (after tests were added: a killed mutant stays
killed while tests are only added) and reports on all the chosen ones. ``--list`` prints the chosen
mutants and runs nothing. Progress goes to
standard output line by line (mutmut's own screen to ``.mutation/ENGINE/mutmut.log``), so the script can
run in the background with its output sent to a file. At the end of each engine it writes
``.mutation/ENGINE/report.json`` and ``.mutation/ENGINE/survivors.md`` (every surviving mutant with its
diff, marked where ``bench/mutation_equivalents.py`` judges it equivalent) and prints one Markdown row:
mutants generated, run, killed (timeouts count as killed, and so do the mutants ``AT_IMPORT`` in
``bench/mutation_equivalents.py`` lists as killed by hand), survived (equivalent / not), and the share of
the non-equivalent mutants that were killed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Sequence
from pathlib import Path

from mutation_equivalents import AT_IMPORT, EQUIVALENT

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".mutation"
#: copied into each engine's folder (mutmut copies them on into ``mutants/``)
TREES = ("rulebook", "tests", "spec", "docs/examples")
KILLED = frozenset({"killed", "timeout"})
#: mutmut has no command that only makes the mutants; these are the steps ``mutmut run`` starts with
#: (mutmut 3.8), run alone so that a sample can be drawn from the names before anything is tested.
_GENERATE = """
import os
from mutmut.__main__ import copy_also_copy_files, copy_src_dir, create_mutants, setup_source_paths
from mutmut.mutation.trampoline import set_mutant_under_test
set_mutant_under_test("mutant_generation")
os.makedirs("mutants", exist_ok=True)
copy_src_dir()
copy_also_copy_files()
setup_source_paths()
create_mutants({children})
"""

Table = dict[str, object]


class MutmutFailed(Exception):
    """mutmut (or the making of the mutants) failed in an engine's folder."""


def say(text: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {text}", flush=True)


def configuration(root: Path = ROOT) -> tuple[Table, dict[str, list[str]]]:
    """``[tool.mutmut]`` and each engine's tests, from ``pyproject.toml``."""
    tool = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    base: Table = dict(tool["mutmut"])
    engines = {name: list(table["tests"]) for name, table in tool["rulebook"]["mutation"].items()}
    return base, engines


def engine_table(base: Table, engine: str, tests: Sequence[str]) -> Table:
    """``[tool.mutmut]`` for one engine: its files only (``*`` of the shared patterns is its folder), its tests."""
    patterns = base["only_mutate"]
    assert isinstance(patterns, list)
    table = dict(base)
    table["only_mutate"] = [str(p).replace("*", engine, 1) for p in patterns]
    table["pytest_add_cli_args_test_selection"] = list(tests)
    return table


def toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # a TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML form for {value!r} in [tool.mutmut]")


def pyproject_for(text: str, table: Table) -> str:
    """The project's ``pyproject.toml`` with its ``[tool.mutmut]`` and ``[tool.rulebook.*]`` tables
    replaced by one ``[tool.mutmut]``: pytest and mutmut in the engine's folder read this file."""
    kept: list[str] = []
    skipping = False
    for line in text.splitlines():
        if line.startswith("["):
            header = line.strip("[] ")
            skipping = header == "tool.mutmut" or header.startswith("tool.rulebook")
        if not skipping:
            kept.append(line)
    body = "\n".join(f"{key} = {toml_value(value)}" for key, value in table.items())
    return "\n".join(kept).rstrip() + "\n\n[tool.mutmut]\n" + body + "\n"


def prepare(engine: str, base: Table, tests: Sequence[str], fresh: bool) -> Path:
    """The engine's folder, its copy of the tree brought up to date (mutmut notices changed functions)."""
    work = WORK / engine
    if fresh and work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True, exist_ok=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for name in TREES:
        target = work / name
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(ROOT / name, target, ignore=ignore)
    table = engine_table(base, engine, tests)
    text = pyproject_for((ROOT / "pyproject.toml").read_text(encoding="utf-8"), table)
    (work / "pyproject.toml").write_text(text, encoding="utf-8")
    return work


def mutmut(work: Path, args: Sequence[str], log: Path | None = None) -> str:
    """Run mutmut in the engine's folder; its output (or, with ``log``, the log's name) on success."""
    command = [str(Path(sys.executable).with_name("mutmut")), *args]
    if not Path(command[0]).exists():
        command = [sys.executable, "-c", "from mutmut.__main__ import cli; cli()", *args]
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    if log is None:
        done = subprocess.run(command, cwd=work, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            tail = done.stdout[-2000:] + done.stderr[-2000:]
            raise MutmutFailed(f"mutmut {' '.join(args[:1])} failed in {work}:\n{tail}")
        return done.stdout
    with log.open("a", encoding="utf-8") as out:
        code = subprocess.run(command, cwd=work, env=env, stdout=out, stderr=subprocess.STDOUT, check=False).returncode
    if code != 0:
        raise MutmutFailed(f"mutmut {' '.join(args[:1])} failed in {work}: see {log}")
    return str(log)


def statuses(work: Path) -> dict[str, str]:
    """Every mutant of the engine and its status (``mutmut results --all``)."""
    found: dict[str, str] = {}
    for line in mutmut(work, ["results", "--all", "true"]).splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if sep and name.startswith("rulebook."):
            found[name] = status
    return found


def generate(work: Path, children: int) -> list[str]:
    """Make the mutants (nothing is tested) and return all their names, sorted."""
    code = _GENERATE.format(children=children)
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    done = subprocess.run([sys.executable, "-c", code], cwd=work, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise MutmutFailed(f"making the mutants failed in {work}:\n{done.stderr[-2000:]}")
    return sorted(statuses(work))


def choose(names: Sequence[str], sample: int | None, seed: int, extra: Sequence[str]) -> list[str]:
    """The seeded sample plus the named mutants, sorted; without ``sample``, the named ones or else all."""
    import fnmatch

    if sample is None:
        chosen = set() if extra else set(names)
    else:
        chosen = set(random.Random(seed).sample(list(names), min(sample, len(names))))
    for pattern in extra:
        matched = [n for n in names if fnmatch.fnmatchcase(n, pattern)]
        if not matched:
            raise SystemExit(f"--mutant {pattern}: no mutant of this engine has that name")
        chosen.update(matched)
    return sorted(chosen)


def figures(engine: str, generated: int, chosen: Sequence[str], status: dict[str, str]) -> Table:
    ran = {n: status.get(n, "not checked") for n in chosen}
    by_hand = sorted(n for n, s in ran.items() if s not in KILLED and n in AT_IMPORT)
    killed = sorted(n for n, s in ran.items() if s in KILLED or n in AT_IMPORT)
    survived = sorted(n for n, s in ran.items() if n not in killed)
    equivalent = [n for n in survived if n in EQUIVALENT]
    live = len(ran) - len(equivalent)
    return {
        "engine": engine, "generated": generated, "run": len(ran), "killed": len(killed),
        "timeouts": sum(1 for s in ran.values() if s == "timeout"), "killed_by_hand": by_hand,
        "survived": len(survived),
        "equivalent": len(equivalent), "not_equivalent": len(survived) - len(equivalent),
        "rate": round(100 * len(killed) / live, 1) if live else 100.0,
        "survivors": {n: ran[n] for n in survived}, "load": [round(x, 2) for x in os.getloadavg()],
        "cores": os.cpu_count(),
    }


def write_survivors(work: Path, survived: Sequence[str]) -> Path:
    lines = [f"# Surviving mutants of {work.name}", ""]
    for name in survived:
        reason = EQUIVALENT.get(name)
        lines += [f"## {name}", "", f"equivalent: {reason}" if reason else "not judged equivalent", "", "```diff"]
        diff = mutmut(work, ["show", name]).splitlines()[1:]
        lines += [*diff, "```", ""]
    path = work / "survivors.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def row(f: Table) -> str:
    return (f"| {f['engine']} | {f['generated']} | {f['run']} | {f['killed']} | {f['survived']} | "
            f"{f['equivalent']} | {f['not_equivalent']} | {f['rate']}% |")


def run_engine(engine: str, base: Table, tests: Sequence[str], args: argparse.Namespace) -> str | None:
    """One engine: make its mutants, run the chosen ones, write its report; its table row."""
    work = prepare(engine, base, tests, args.fresh)
    names = generate(work, args.max_children)
    chosen = choose(names, args.sample, args.seed, args.mutant)
    say(f"{engine}: {len(names)} mutants, {len(chosen)} chosen (seed {args.seed}); load {os.getloadavg()[0]:.1f}")
    if args.list:
        print("\n".join(chosen))
        return None
    to_run = chosen
    before: dict[str, str] = {}
    if args.survivors:
        before = statuses(work)
        to_run = [n for n in chosen if before.get(n) not in KILLED]
        say(f"{engine}: {len(to_run)} of them not killed by the last run, run again")
    log = work / "mutmut.log"
    started = time.perf_counter()
    if to_run:
        say(f"{engine}: mutmut run, its screen in {log}")
        mutmut(work, ["run", "--max-children", str(args.max_children), *to_run], log=log)
    after = statuses(work)
    # mutmut forgets every verdict when the tests chosen change; the mutants not run again keep theirs
    status = {**before, **{n: after[n] for n in to_run}} if args.survivors else after
    result = figures(engine, len(names), chosen, status)
    result["seconds"] = round(time.perf_counter() - started)
    result["seed"], result["sample"], result["ran_again"] = args.seed, args.sample, len(to_run)
    (work / "report.json").write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    survivors = result["survivors"]
    assert isinstance(survivors, dict)
    path = write_survivors(work, sorted(survivors))
    say(f"{engine}: done in {result['seconds']} s; {result['killed']} of {result['run']} killed, "
        f"{result['equivalent']} equivalent survivors; rate {result['rate']}%; survivors in {path}")
    return row(result)


def main(argv: Sequence[str] | None = None) -> int:
    base, engines = configuration()
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("engines", nargs="+", metavar="ENGINE", help=f"one of {', '.join(engines)}, or all")
    p.add_argument("--sample", type=int, help="run a seeded random sample of this many mutants per engine")
    p.add_argument("--seed", type=int, default=0, help="seed of the sample (default 0)")
    p.add_argument("--mutant", action="append", default=[], help="also run this mutant (mutmut's name, * allowed)")
    p.add_argument("--max-children", type=int, default=2, help="test processes at once (default 2)")
    p.add_argument("--survivors", action="store_true", help="run only the chosen mutants the last run did not kill")
    p.add_argument("--list", action="store_true", help="print the chosen mutants, run nothing")
    p.add_argument("--fresh", action="store_true", help="start the engine's folder afresh (forget earlier results)")
    args = p.parse_args(argv)
    wanted = list(engines) if args.engines == ["all"] else args.engines
    unknown = [e for e in wanted if e not in engines]
    if unknown:
        p.error(f"no engine {', '.join(unknown)}: choose from {', '.join(engines)} or all")
    if args.sample is not None and args.sample < 1:
        p.error("--sample: must be at least 1")
    if args.max_children < 1:
        p.error("--max-children: must be at least 1")
    rows: list[str] = []
    failed: list[str] = []
    for engine in wanted:
        try:
            line = run_engine(engine, base, engines[engine], args)
        except MutmutFailed as error:
            say(f"{engine}: {error}")
            failed.append(engine)
            continue
        if line:
            rows.append(line)
    if rows:
        print("| engine | generated | run | killed | survived | equivalent | not equivalent | rate |")
        print("|---|---|---|---|---|---|---|---|")
        print("\n".join(rows))
    if failed:
        say(f"failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
