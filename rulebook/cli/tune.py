"""``rulebook tune GAME --target ... --space ...``: find the house rule that meets a design target
(:mod:`rulebook.balance.tune`), print the finalists in a table and write the report, the finalists'
variant files and their ``simulate --compare`` pages."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import rulebook
from rulebook.cli.common import (
    _cwd_importable,
    _name,
    _progress,
    _resume_command,
    _table,
    _variant_of,
    force_arg,
    game_arg,
    hook_time_arg,
    say,
    subcommand,
    variant_args,
)
from rulebook.core.optional import install_hint, require
from rulebook.core.progress import check_writable
from rulebook.core.remote import check_address
from rulebook.errors import RulebookError
from rulebook.i18n import _

__all__ = ["add_arguments", "run"]


def add_arguments(sub: Any) -> None:
    """``tune``'s parser."""
    p = subcommand(sub, "tune", "find the house rule that meets a design target (Optuna)", [
        "rulebook tune witches-of-blackmore --players 3 --target 'spread <= 3' --space hand_size=4..8 "
        "--space first_leader=1..3 --space must_follow",
        "rulebook tune gods-and-humans --target 'role:lone human = 33 ± 5' --target 'minimise round length' "
        "--space 'stars[6]=1..3' --space deals=1..4",
    ])
    game_arg(p)
    variant_args(p, "number of players (default: the variant's, else the game's default)")
    p.add_argument("--target", action="append", default=[], metavar="GOAL",
                   help="a goal (repeatable): a bound such as 'spread <= 3', 'seat 1 >= 30%%', 'moves <= printed', "
                   "'role:lone human = fair ± 5', or a direction such as 'minimise rounds', 'maximise stronger', "
                   "'lead ~ 4'; several goals give the front of the best trade-offs (docs: the tune page)")
    p.add_argument("--space", action="append", default=[], metavar="NAME=VALUES",
                   help="what a candidate may change (repeatable): hand_size=4..8, wheel=descending,ascending, "
                   "must_follow (both ways), hand_size@3=4..8 (at 3 players), stars[6]=1..3 (one item of a list), "
                   "ruleset=printed,ascending, or a value of your own read by --build")
    p.add_argument("--build", default=None, metavar="FILE.py:NAME",
                   help="a Python function build(variant, values) -> Variant that makes each candidate from the "
                   "suggested values (runs that code)")
    p.add_argument("--candidates", type=int, default=30, help="candidates to try at most (default 30)")
    p.add_argument("--games", type=int, default=200, help="games per candidate (default 200)")
    p.add_argument("--first-batch", type=int, default=None, metavar="GAMES",
                   help="games after which a hopeless candidate is pruned (default a quarter of --games)")
    p.add_argument("--finalists", type=int, default=3, help="finalists measured again (default 3)")
    p.add_argument("--final-games", type=int, default=None, metavar="GAMES",
                   help="fresh games for each finalist and the printed game (default twice --games)")
    p.add_argument("--verify-games", type=int, default=4, metavar="GAMES",
                   help="games of rulebook verify's checks on each candidate before it is played (default 4; 0: none)")
    p.add_argument("--seed", type=int, default=0, help="seed of the search (default 0)")
    p.add_argument("--sampler", default="auto", choices=("auto", "tpe", "nsga2", "random", "brute"),
                   help="Optuna's sampler: tpe, nsga2, random, or brute (every candidate once); default auto: brute "
                   "when the space holds no more than --candidates, else tpe")
    p.add_argument("--players-as", default=None,
                   help="comma-separated player per seat, as simulate takes it (default: heuristic in every seat)")
    p.add_argument("--stronger", default="", metavar="KIND",
                   help="the stronger player the measure 'stronger' counts (for example ismcts:200), played in each "
                   "seat in turn against --players-as")
    p.add_argument("--measures", default=None, metavar="FILE.py:NAME",
                   help="your own figures (as simulate takes them), named in a target as measure:NAME")
    p.add_argument("--out", default=None, metavar="DIR",
                   help="the folder for the report, the finalists' variant files and compare pages, the failing "
                   "candidates' records and the resume file (default rulebook-tune-GAME-seedN)")
    p.add_argument("--resume", default=None, metavar="FILE.db",
                   help="continue the search saved in this file (the same command; a larger --candidates searches on)")
    p.add_argument("--json", action="store_true", help="print the result as JSON instead of a table")
    p.add_argument("--workers", type=int, default=1,
                   help="processes to spread each candidate's games over (default 1; the search stays the same)")
    p.add_argument("--dask", default=None, metavar="ADDRESS",
                   help="run the candidates on a Dask cluster through Optuna's Dask storage (scheduler address, or "
                   "'local'); needs the distributed extra")
    hook_time_arg(p)
    force_arg(p)


def _out(args: argparse.Namespace) -> Path:
    if args.out:
        return Path(args.out)
    if args.resume:
        return Path(args.resume).resolve().parent
    return Path(f"rulebook-tune-{args.game}-seed{args.seed}")


def run(args: argparse.Namespace) -> int:
    from rulebook.balance.play_figures import load_measures
    from rulebook.balance.tune import tune
    from rulebook.balance.tune_report import answer, figure_text, result_json, write_outputs
    from rulebook.balance.tune_space import load_build, parse_space
    from rulebook.balance.tune_target import parse_target

    require("optuna", "tune", "rulebook tune")
    require("scipy.stats", "balance", "rulebook tune")
    if args.game not in rulebook.GAMES:
        rulebook.get_game(args.game)  # the registry's one-line error
    game = rulebook.get_game(args.game)
    base = _variant_of(game, args)
    players = int(base.rules.players)
    goals = parse_target(game, args.target, players=players)
    build = None
    if args.build:
        with _cwd_importable(args.build):
            build = load_build(args.build)
    space = parse_space(game, args.space, build=build, build_ref=args.build or "")
    measures = load_measures(args.measures) if args.measures else None
    out = _out(args)
    if out.exists() and not out.is_dir():
        raise RulebookError(f"--out {out}: it is a file, not a folder")
    if not out.exists():
        if not out.parent.is_dir():
            raise RulebookError(f"--out {out}: the folder {out.parent} does not exist")
        out.mkdir()
    storage = Path(args.resume) if args.resume else out / "search.db"
    if not args.resume:
        check_writable(storage, "--out", "page", force=True)
        check_writable(out / "report.html", "--out", "page", force=getattr(args, "force", False))
    kinds = args.players_as.split(",") if args.players_as else None
    final_games = args.final_games if args.final_games is not None else 2 * args.games
    client, close = _dask(args)
    stronger_legs = 1 + (players if args.stronger else 0)
    per = args.games * (1 if not args.stronger else 2)
    total = per * (args.candidates + 1) + final_games * (min(args.finalists, args.candidates) + 1) * (
        1 if stronger_legs == 1 else 2)
    try:
        with _progress(total, f"tune {game.slug}", not args.json) as advance:
            result = tune(game, space, goals, base=base, games=args.games, first=args.first_batch,
                          candidates=args.candidates, seed=args.seed, verify_games=args.verify_games,
                          finalists=args.finalists, final_games=args.final_games, sampler=args.sampler,
                          players_as=kinds, stronger=args.stronger, measures=measures,
                          measures_ref=args.measures or "", workers=args.workers, storage=storage,
                          resume=args.resume is not None, records=out, progress=advance, dask=client)
    except KeyboardInterrupt:
        print(_("rulebook: interrupted: the candidates measured so far are saved in {path}; resume with: "
                "{command}").format(path=storage, command=_resume_command(args, storage)), file=sys.stderr)
        return 130
    finally:
        close()
    written = write_outputs(result, out, command=_resume_command(args, storage).replace(
        f" --resume {storage}", ""))
    if args.json:
        print(json.dumps(result_json(result, written), indent=1))
        return 0
    title = _("{game}, {players} players: {n} candidates of {games} games, seed {seed}\ntarget: {target}").format(
        game=_name(game), players=players, n=len(result.candidates), games=args.games, seed=args.seed,
        target=_("; ").join(g.words() for g in result.goals))
    rows = []
    bounds = bool(result.search.bounds)
    for number, f in enumerate(result.finalists, 1):
        row = [f"{number}. " + (_("; ").join(f.candidate.changes) or _("the printed rules"))]
        row += [figure_text(g, f.figures.get(g.measure.key)) for g in dict.fromkeys(result.goals)]
        if bounds:
            row.append(_("yes") if f.meets else _("no"))
        rows.append(row)
    if result.printed_final is not None:
        rows.append([_("printed game"), *(figure_text(g, result.printed_final_figures.get(g.measure.key))
                                           for g in dict.fromkeys(result.goals)), *([""] if bounds else [])])
    header = [_("finalist (fresh games)"), *(g.measure.words() for g in dict.fromkeys(result.goals)),
              *([_("meets")] if bounds else [])]
    _table(title, header, rows)
    for line in answer(result):
        say(line)
    failed = [c for c in result.candidates if c.status == "failed"]
    for c in failed:
        say(_("candidate {n} failed verify: {message}{record}").format(
            n=c.number + 1, message=c.message, record=_(" (record: {path})").format(path=c.record) if c.record else ""))
    print(_("report: {path}").format(path=written["report"]))
    for number, files in enumerate(written["finalists"], 1):
        print(_("finalist {n}: {variant} (compare: {compare})").format(n=number, **files))
    print(_("resume file: {path}").format(path=storage))
    return 0


def _dask(args: argparse.Namespace) -> tuple[Any, Any]:
    """A Dask client for ``--dask`` (``local``: a cluster of ``--workers`` processes on this machine)."""
    if not args.dask:
        return None, lambda: None
    import importlib

    from rulebook.cli.simulate import DASK_TIMEOUT

    require("optuna_integration", "tune", "--dask")
    try:  # an optional, untyped dependency
        dask: Any = importlib.import_module("distributed")
    except ImportError:
        raise RulebookError(f"--dask needs Dask's distributed: {install_hint('distributed')}") from None
    if args.dask == "local":
        cluster = dask.LocalCluster(n_workers=max(1, args.workers), threads_per_worker=1, processes=True,
                                    dashboard_address=None)
        client = dask.Client(cluster)

        def close() -> None:
            client.close()
            cluster.close()

        return client, close
    address = check_address(args.dask, DASK_TIMEOUT)
    try:
        client = dask.Client(address, timeout=DASK_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as exc:
        raise RulebookError(f"--dask: cannot reach the scheduler at {args.dask!r:.80} within {DASK_TIMEOUT} s "
                            f"({type(exc).__name__})") from None
    return client, client.close
