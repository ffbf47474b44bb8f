"""``rulebook simulate``: play games, compare rules, sweep an option, and print or write the report."""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import os
import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import rulebook
from rulebook import records
from rulebook.balance import measures
from rulebook.cli_common import _changes, _name, _pct, _progress, _resume_command, _table, _variant_of
from rulebook.core.options import rules_to_dict
from rulebook.errors import OutputError, RulebookError, WorkerLost
from rulebook.optional import install_hint, require
from rulebook.plots import save_plots
from rulebook.progress import Progress, check_writable, reason
from rulebook.simulate import (
    DEFAULT_PLAYER,
    Difference,
    Summary,
    check_players,
    compare,
    histogram_rows,
    player_name,
    players_text,
    simulate,
)
from rulebook.usage_compare import usage_table, warnings
from rulebook.variants import Variant, printed


def add_simulate_args(sim: argparse.ArgumentParser) -> None:
    """The options of ``rulebook simulate`` after the game and the variant options."""
    sim.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    sim.add_argument(
        "--players-as", default=None,
        help="comma-separated player per seat: random, heuristic, ismcts (200 iterations), ismcts:N "
        "(iterations, at most 1000000), ismcts:Ts (seconds per move, at most 600); ISMCTS rolls out with the "
        "heuristic (ismcts:N:random for random rollouts); one kind alone plays every seat. Default: heuristic "
        "(the game's rule-aware player) in every seat"
    )
    sim.add_argument("--compare", action="store_true", help="compare the variant with the printed rules")
    sim.add_argument("--sweep", default=None, metavar="NAME=V1,V2,...",
                     help="play the variant with one option set to each value in turn, on the same seeds, and print "
                     "one table (a column per value): --sweep hand_size=4,5,6,7, --sweep players=2..6")
    sim.add_argument("--alpha", type=float, default=0.05, help="significance level of --compare (default 0.05)")
    sim.add_argument("--json", action="store_true", help="print the figures as JSON instead of a table")
    sim.add_argument("--plot", default=None, metavar="DIR", help="write PNG histograms to DIR (needs matplotlib)")
    sim.add_argument(
        "--report", default=None, metavar="FILE.html",
        help="write one self-contained HTML page: what was compared, the table, plots, a summary (needs matplotlib)",
    )
    sim.add_argument("--workers", type=int, default=1,
                     help="processes to spread games over (default 1; at most the machine's processors: "
                     "more are capped, with a notice)")
    sim.add_argument(
        "--progress", default=None, metavar="FILE.jsonl",
        help="write every finished game to FILE as it comes (JSON Lines, flushed), so that a stopped run "
        "can be resumed (default: beside --report, else rulebook-simulate-GAME-seedN.progress.jsonl in the "
        "current folder, removed when the run completes)",
    )
    sim.add_argument(
        "--resume", default=None, metavar="FILE.jsonl",
        help="continue the run saved in this progress file: play only the missing games (the same command "
        "and options; the figures equal an uninterrupted run's)",
    )
    sim.add_argument(
        "--dask", default=None, metavar="ADDRESS",
        help="run on a Dask cluster (scheduler address, or 'local' for a local cluster; needs distributed)",
    )


def _summary_rows(s: Summary, elapsed: float) -> list[list[str]]:
    p10, p50, p90 = s.length_quantiles()
    rows = [
        ["games", str(s.games)],
        ["players", ", ".join(s.players_as)],
        ["actions per game: mean ± sd", f"{s.mean_length:.1f} ± {s.sd_length:.1f}"],
        ["actions per game: min / p10 / median / p90 / max",
         f"{s.min_length} / {p10} / {p50} / {p90} / {s.max_length}"],
        ["games with a shared win", _pct(s.shared_wins)],
        ["games nobody won", _pct(s.no_winner)],
    ]
    for seat in range(s.players):
        low, high = s.win_ci[seat]
        rows.append([f"seat {seat}: win rate [95% CI]", f"{_pct(s.win_rate[seat])} [{_pct(low)}, {_pct(high)}]"])
    for seat in range(s.players):
        rows.append(
            [f"seat {seat}: score mean ± sd [min, max]",
             f"{s.mean_score[seat]:.2f} ± {s.sd_score[seat]:.2f} [{s.min_score[seat]}, {s.max_score[seat]}]"]
        )
    m = measures(s)
    adv = m["seat_advantage"]
    rows.append(["seat advantage: chi-square (p)", f"{adv['chi2']:.2f} (p = {adv['p_value']:.3g})"])
    for gap in m.get("skill_gap", []):
        low, high = gap["ci"]
        rows.append([f"skill gap: {gap['kind']} win rate per seat [95% CI], gap",
                     f"{_pct(gap['win_rate'])} [{_pct(low)}, {_pct(high)}], {gap['gap'] * 100:+.1f} pt"])
    rows.append(["lead changes per game: mean", f"{m['drama']['mean_lead_changes']:.2f}"])
    rows.append(["games won from behind (comebacks)", _pct(s.comebacks)])
    for key, value in s.stats.items():
        rows.append([f"{key}: mean (games with > 0)", f"{value:.3f} ({_pct(s.stats_share[key])})"])
    if elapsed:
        rows.append(["time", f"{elapsed:.2f} s ({s.games / elapsed:.0f} games/s)"])
    return rows


def _difference_row(d: Difference) -> list[str]:
    if d.kind == "rate":
        a, b, delta = _pct(d.printed), _pct(d.variant), f"{(d.variant - d.printed) * 100:+.1f} pt"
    else:
        a, b, delta = f"{d.printed:.3f}", f"{d.variant:.3f}", f"{d.variant - d.printed:+.3f}"
    p = "<0.001" if d.p_value < 0.001 else f"{d.p_value:.3f}"
    q = "<0.001" if d.p_adjusted < 0.001 else f"{d.p_adjusted:.3f}"
    return [d.metric, a, b, delta, f"{p} ({d.test})", q, "*" if d.significant else ""]



# -- simulate ------------------------------------------------------------------------


DASK_TIMEOUT = 5


def _executor(args: argparse.Namespace) -> tuple[Any, Callable[[], None]]:
    if args.dask is None:
        return None, lambda: None
    try:  # an optional, untyped dependency
        dask: Any = importlib.import_module("distributed")
    except ImportError:
        raise RulebookError(f"--dask needs Dask's distributed: {install_hint('distributed')}") from None
    if args.dask == "local":
        cluster = dask.LocalCluster(n_workers=max(1, args.workers), threads_per_worker=1, processes=True)
        client = dask.Client(cluster)

        def close() -> None:
            client.close()
            cluster.close()

        return client.get_executor(), close
    try:
        client = dask.Client(args.dask, timeout=DASK_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as exc:
        raise RulebookError(f"--dask: cannot reach the scheduler at {args.dask!r:.80} "
                            f"within {DASK_TIMEOUT} s ({type(exc).__name__})") from None
    return client.get_executor(), client.close


def _hooks_text(variant: Variant) -> str:
    hooks = variant.describe().get("hooks")
    return f"Python hooks: {', '.join(hooks)} ({variant.source or variant.name})" if hooks else ""


def _reproduce(args: argparse.Namespace) -> str:
    """The command line that plays the same games again."""
    words = ["rulebook", "simulate", args.game]
    if args.ruleset:
        words += ["--ruleset", args.ruleset]
    if args.variant:
        words += ["--variant", args.variant]
    for item in args.set:
        words += ["--set", item]
    if args.players is not None:
        words += ["--players", str(args.players)]
    words += ["--games", str(args.games), "--seed", str(args.seed)]
    if args.players_as:
        words += ["--players-as", args.players_as]
    if args.compare:
        words += ["--compare", "--alpha", f"{args.alpha:g}"]
    words += ["--workers", str(args.workers)]
    return shlex.join(words)


def _simulate(args: argparse.Namespace) -> int:
    if args.sweep is not None:
        return _sweep(args)
    if args.game == "all" and args.variant is not None:
        raise RulebookError("--variant applies to one game; name it instead of 'all'")
    if args.game == "all" and args.ruleset is not None:
        raise RulebookError("--ruleset applies to one game; name it instead of 'all'")
    slugs = list(rulebook.GAMES) if args.game == "all" else [args.game]
    if args.games < 1 or args.workers < 1:
        raise RulebookError("--games and --workers must be at least 1")
    if not 0.0 < args.alpha < 1.0:  # also refuses nan
        raise RulebookError(f"--alpha must be between 0 and 1, exclusive (got {args.alpha})")
    # optional dependencies, checked before a long run rather than after it
    require("scipy.stats", "balance", "rulebook simulate")
    if args.plot:
        require("matplotlib", "plot", "--plot")
    if args.report:
        require("matplotlib", "plot", "--report")
        if args.game == "all":
            raise RulebookError("--report describes one game; name it instead of 'all'")
    if args.plot:  # fail before the games are played, not after
        try:
            Path(args.plot).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise RulebookError(f"--plot: cannot create {args.plot}: {exc.strerror or exc}") from None
    if args.report:
        check_writable(args.report, "--report")
    if args.progress is not None and args.resume is not None:
        raise RulebookError("give --progress (a new run) or --resume (an old one), not both")
    _cap_workers(args)
    # every game's variant and players, checked before the first game is played
    plans = []
    for slug in slugs:
        game = rulebook.get_game(slug)
        variant = _variant_of(game, args)
        try:
            players_as = check_players(args.players_as.split(",") if args.players_as else None,
                                       variant.rules.players)
        except ValueError as exc:
            raise RulebookError(str(exc)) from None
        printed_rules = printed(game, variant.rules.players)
        if args.compare and variant.rules == printed_rules.rules and not variant.has_hooks:
            raise RulebookError("--compare needs a variant that differs from the printed rules "
                                "(give --set NAME=VALUE or --variant)")
        plans.append((slug, game, variant, players_as, printed_rules))
    run = {
        "command": "simulate", "game": args.game, "games": args.games, "seed": args.seed,
        "players_as": args.players_as or DEFAULT_PLAYER, "compare": args.compare,
        "variants": {slug: {"rules": rules_to_dict(v.rules), "variant": v.describe()} for slug, _, v, _, _ in plans},
    }
    where = args.resume or args.progress or _default_progress(args)
    keep = args.resume is not None or args.progress is not None or args.report is not None
    if args.resume is not None:
        saved = Progress.resume(args.resume, run)
    else:
        check_writable(where, "--progress")
        saved = Progress.start(where, run)
    executor, close = _executor(args)
    output: list[dict[str, Any]] = []
    try:
        _simulate_all(args, plans, saved, executor, output)
    except KeyboardInterrupt:
        saved.close()
        print(f"rulebook: interrupted: {saved.written} finished games are saved in {saved.path}; "
              f"resume with: {_resume_command(args, saved.path)}", file=sys.stderr)
        return 130
    except OutputError as exc:
        saved.close()
        if exc.path == str(saved.path):
            raise OutputError(exc.path, f"{str(exc).partition(': cannot write ' + exc.path + ': ')[2]}; "
                              f"resume with: {_resume_command(args, saved.path)}", exc.option) from None
        raise OutputError(exc.path, f"{str(exc).partition(': cannot write ' + exc.path + ': ')[2]}; the games "
                          f"are saved in {saved.path}: resume with {_resume_command(args, saved.path)}",
                          exc.option) from None
    finally:
        close()
    if keep:
        saved.close()
    else:
        saved.remove()
    if args.json:
        print(json.dumps(output[0] if len(output) == 1 else output, indent=1))
    return 0


def _usage(base: Summary, other: Summary, label: str, alpha: float, variant: Variant) -> None:
    """What each rule did on both sides (per game), changed rows marked, then the warnings."""
    rows = usage_table(base, other, alpha)
    if rows:
        _table(
            "what each rule did (times per game)", ["count", "printed", label, "changed"],
            [[name, f"{a:.2f}", f"{b:.2f}", "*" if moved else ""] for name, a, b, moved in rows],
            [moved for *_, moved in rows],
        )
        print(f"* beyond noise (Welch's t-test, Holm's correction over these {len(rows)} rows, p < {alpha:g}), "
              "or seen on one side only.")
    for text in warnings(base, other, variant):
        print(f"warning: {text}")


def _sweep(args: argparse.Namespace) -> int:
    from rulebook.sweep import parse_sweep, sweep, sweep_rows

    if args.game == "all" or args.compare or args.report or args.plot or args.resume or args.dask:
        raise RulebookError("--sweep plays one game and prints its own table: give one game, without --compare, "
                            "--report, --plot, --resume or --dask")
    if args.games < 1 or args.workers < 1:
        raise RulebookError("--games and --workers must be at least 1")
    require("scipy.stats", "balance", "rulebook simulate")
    name, eq, text = args.sweep.partition("=")
    if not eq:
        raise RulebookError("--sweep takes NAME=V1,V2,... (for example --sweep hand_size=4,5,6)")
    game = rulebook.get_game(args.game)
    base = _variant_of(game, args)
    values = parse_sweep(game, name.strip(), text)
    kinds = args.players_as.split(",") if args.players_as else None
    _cap_workers(args)
    with _progress(args.games * len(values), f"sweep {game.slug}", not args.json) as advance:
        runs = sweep(game, name.strip().replace("-", "_"), values, games=args.games, seed=args.seed, base=base,
                     players_as=kinds, workers=args.workers, progress=advance)
    if args.json:
        print(json.dumps({"game": game.slug, "sweep": name.strip(), "seed": args.seed, "runs": [
            {"label": label, "summary": s.to_json()} for label, s in runs]}, indent=1))
        return 0
    who = players_text(check_players(kinds, runs[0][1].players))
    _table(f"{_name(game)}, {args.games} games per value, seed {args.seed}\nwho played: {who}\n"
           f"{base.name}, {name.strip()} swept", ["figure", *(label for label, _ in runs)], sweep_rows(runs))
    return 0


def _default_progress(args: argparse.Namespace) -> Path:
    if args.report:
        report = Path(args.report)
        return report.with_name(report.name.rpartition(".")[0] or report.name).with_suffix(".progress.jsonl")
    return Path(f"rulebook-simulate-{args.game}-seed{args.seed}.progress.jsonl")

def _cap_workers(args: argparse.Namespace) -> None:
    """``--workers`` above the machine's processor count is capped, with a one-line notice."""
    cpus = os.cpu_count() or 1
    if args.workers > cpus:
        print(f"rulebook: notice: --workers {args.workers} is more than this machine's {cpus} processors; "
              f"using {cpus}", file=sys.stderr)
        args.workers = cpus


def _simulate_all(
    args: argparse.Namespace, plans: list[Any], saved: Progress, executor: Any, output: list[dict[str, Any]]
) -> None:
    def notice(text: str) -> None:
        print(f"rulebook: notice: {text}", file=sys.stderr)

    for slug, game, variant, players_as, printed_rules in plans:
        runs: dict[str, Summary] = {}
        label = variant.name if variant.name != printed_rules.name else "variant"
        todo = [("printed rules", printed_rules)] if args.compare else []
        todo.append((label if args.compare else "result", variant))
        elapsed = 0.0
        for label, v in todo:
            start = time.perf_counter()
            with _progress(args.games, f"{slug} ({label})", not args.json) as advance:
                try:
                    runs[label] = simulate(
                        game, v, games=args.games, seed=args.seed, players_as=players_as, progress=advance,
                        workers=args.workers, executor=executor, done=saved.done.get((label, slug)),
                        on_result=functools.partial(saved.write, label, slug), notice=notice,
                    )
                except WorkerLost as exc:
                    saved.close()
                    record = saved.path.with_name(f"{saved.path.name.split('.')[0]}-game{exc.index + 1}.json")
                    deal = v.new_game(seed=exc.deal_seed)
                    meta = {"game": exc.index + 1, "seed": args.seed, "players_as": list(map(str, players_as))}
                    records.save(records.record_of(deal, simulate=meta), record)
                    raise RulebookError(f"{exc}; its deal is saved in {record}; the other games in {saved.path}; "
                                        f"resume with: {_resume_command(args, saved.path)}") from None
            elapsed = time.perf_counter() - start
        title = (f"{_name(game)}, {variant.rules.players} players, {args.games} games, seed {args.seed}\n"
                 f"who played: {players_text(players_as)}")
        entry: dict[str, Any] = {"game": slug, "players": variant.rules.players, "seed": args.seed,
                                 "players_as": [player_name(p) for p in players_as]}
        if args.compare:
            (_, base), (var_label, other) = runs.items()
            diffs = compare(base, other, alpha=args.alpha)
            entry["warnings"] = warnings(base, other, variant)
            entry.update(printed=base.to_json(), variant=other.to_json(), balance={
                "printed": measures(base), "variant": measures(other)}, differences=[
                {"metric": d.metric, "printed": d.printed, "variant": d.variant, "p_value": d.p_value,
                 "p_holm": d.p_adjusted, "test": d.test, "significant": d.significant} for d in diffs
            ])
            if not args.json:
                changes = _changes(variant) or "no option changed"
                _table(
                    f"{title}\nprinted rules vs {var_label} ({changes})",
                    ["figure", "printed", var_label, "difference", "p (test)", "p (Holm)",
                     f"Holm p<{args.alpha:g}"],
                    [_difference_row(d) for d in diffs], [d.significant for d in diffs],
                )
                print(f"* beyond noise at p < {args.alpha:g} after Holm's correction over the {len(diffs)} rows "
                      "(family-wise):\ntwo-proportion z-test for rates, Welch's t-test for means.")
                _usage(base, other, var_label, args.alpha, variant)
        else:
            summary = runs["result"]
            entry["summary"] = summary.to_json()
            entry["balance"] = measures(summary)
            if not args.json:
                name = "" if variant.name == "printed rules" else f" [{variant.name}]"
                _table(title + name, ["", "value"], _summary_rows(summary, elapsed))
                rows = histogram_rows(summary.length_hist)
                if len(rows) > 1:
                    _table("actions per game", ["actions", "games"], [[a, str(c)] for a, c in rows])
        if args.report:
            from rulebook.report import html_report

            page = html_report(
                game, runs, diffs=diffs if args.compare else (), alpha=args.alpha,
                command=_reproduce(args),
                rules_text=_hooks_text(variant),
                rules=variant.rules, notes=entry.get("warnings", ()),
            )
            try:
                Path(args.report).write_text(page, encoding="utf-8")
            except OSError as exc:
                raise OutputError(args.report, reason(exc), "--report") from None
            entry["report"] = args.report
            if not args.json:
                print(f"report: {args.report}")
        if args.plot:
            try:
                paths = save_plots(args.plot, game, runs)
            except OSError as exc:
                raise RulebookError(f"--plot: cannot write to {args.plot}: {exc.strerror or exc}") from None
            entry["plots"] = [str(p) for p in paths]
            if not args.json:
                print("plots: " + ", ".join(str(p) for p in paths))
        output.append(entry)
