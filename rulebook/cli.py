"""The ``rulebook`` command line.

``rulebook games`` lists the games; ``rulebook options GAME`` their options;
``rulebook simulate GAME`` plays games and prints a balance report (``GAME`` may be
``all``; ``--compare`` sets a variant against the printed rules);
``rulebook verify GAME`` checks a variant's well-formedness with Hypothesis;
``rulebook replay FILE`` steps through a saved record (a counterexample of verify).

Variants: ``--set name=value`` (repeatable), ``--variant FILE.toml`` or
``--variant module:NAME`` / ``file.py:NAME`` (a Python :class:`~rulebook.variants.Variant`).
"""

from __future__ import annotations

import argparse
import importlib
import json
import shlex
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import rulebook
from rulebook import records
from rulebook.balance import measures
from rulebook.core.contract import Game
from rulebook.core.options import options_help
from rulebook.errors import RulebookError
from rulebook.optional import install_hint, require
from rulebook.simulate import Difference, Summary, check_players, compare, histogram_rows, simulate
from rulebook.variants import Variant, load_variant, printed, resolve


def _variant_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=int, default=None, help="number of players (default: the game's default)")
    p.add_argument(
        "--set", action="append", default=[], metavar="NAME=VALUE", help="set a Rules option (repeatable)"
    )
    p.add_argument(
        "--variant", default=None, metavar="FILE",
        help="a variant: a TOML file ([rules] table), or a Python Variant as module:NAME or file.py:NAME",
    )


def _parser() -> argparse.ArgumentParser:
    about = (rulebook.__doc__ or "rulebook").splitlines()[0]
    p = argparse.ArgumentParser(prog="rulebook", description=about)
    p.add_argument("--version", action="version", version=f"rulebook {rulebook.__version__}")
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the games")
    opts = sub.add_parser("options", help="list a game's Rules options with their documentation")
    opts.add_argument("game")

    sim = sub.add_parser("simulate", help="play games and print a balance report")
    sim.add_argument("game", help="a game slug, or 'all'")
    _variant_args(sim)
    sim.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    sim.add_argument(
        "--players-as", default=None,
        help="comma-separated player per seat: random, heuristic, ismcts:N (iterations), ismcts:Ts (seconds), "
        "ismcts:N:heuristic (heuristic rollouts)"
    )
    sim.add_argument("--compare", action="store_true", help="compare the variant with the printed rules")
    sim.add_argument("--alpha", type=float, default=0.05, help="significance level of --compare (default 0.05)")
    sim.add_argument("--json", action="store_true", help="print the figures as JSON instead of a table")
    sim.add_argument("--plot", default=None, metavar="DIR", help="write PNG histograms to DIR (needs matplotlib)")
    sim.add_argument(
        "--report", default=None, metavar="FILE.html",
        help="write one self-contained HTML page: what was compared, the table, plots, a summary (needs matplotlib)",
    )
    sim.add_argument("--workers", type=int, default=1, help="processes to spread games over (default 1)")
    sim.add_argument(
        "--dask", default=None, metavar="ADDRESS",
        help="run on a Dask cluster (scheduler address, or 'local' for a local cluster; needs distributed)",
    )

    ver = sub.add_parser("verify", help="check that a variant keeps the game well-formed (Hypothesis)")
    ver.add_argument("game")
    _variant_args(ver)
    ver.add_argument("--examples", type=int, default=100, help="games to generate (default 100)")
    ver.add_argument("--seed", type=int, default=0, help="Hypothesis seed (default 0)")
    ver.add_argument(
        "--thorough", action="store_true",
        help="check the observation boundary at every position for every seat and replay every record "
        "(default: a seeded sample of positions and records, in seconds)",
    )
    ver.add_argument(
        "--boundary-every", type=int, default=None, metavar="K",
        help="check the observation boundary for every seat every K positions (default: a seeded sample)",
    )
    ver.add_argument(
        "--out", default=".", metavar="PATH",
        help="where to save a counterexample record: a file, or a directory (default: the current one)",
    )
    ver.add_argument("--json", action="store_true", help="print the report as JSON")

    rep = sub.add_parser("replay", help="step through a saved game record, checking each position")
    rep.add_argument("file")
    rep.add_argument("--variant", default=None, metavar="REF", help="the Python variant whose hooks to check")
    rep.add_argument("--quiet", action="store_true", help="print only the outcome, not every action")
    return p


# -- output helpers ------------------------------------------------------------------


def _table(
    title: str, header: Sequence[str], rows: Sequence[Sequence[str]], marked: Sequence[bool] = (), right: bool = True
) -> None:
    try:
        from rich.console import Console
        from rich.markup import escape
        from rich.table import Table
    except ImportError:  # the cli extra is not installed: plain text
        widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
        print(title)
        for row in (header, *rows):
            print("  ".join(str(x).rjust(w) for x, w in zip(row, widths)))
        return
    table = Table(title=escape(title))
    for i, h in enumerate(header):
        table.add_column(escape(h), justify="left" if i == 0 or not right else "right", no_wrap=i == 0)
    for i, row in enumerate(rows):
        table.add_row(*[escape(str(x)) for x in row], style="bold yellow" if i < len(marked) and marked[i] else None)
    Console(width=max(100, Console().width)).print(table)


@contextmanager
def _progress(total: int, label: str, enabled: bool = True, unit: str = "games") -> Iterator[Callable[[int], None]]:
    """A rich progress bar with rate and ETA on a terminal (stderr); nothing when piped,
    with ``--json`` (``enabled`` false) or without rich."""
    try:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    except ImportError:
        yield lambda n: None
        return
    console = Console(stderr=True)
    if not enabled or not console.is_terminal:
        yield lambda n: None
        return
    with Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
        TextColumn("{task.fields[rate]} " + unit + "/s"), TimeRemainingColumn(),
        transient=True, console=console,
    ) as bar:
        task = bar.add_task(label, total=total, rate="-")
        start = time.perf_counter()
        done = [0]

        def advance(n: int) -> None:
            done[0] += n
            elapsed = time.perf_counter() - start
            rate = done[0] / elapsed if elapsed > 0 else 0.0
            bar.update(task, advance=n, rate=f"{rate:.1f}" if rate < 10 else f"{rate:.0f}")

        yield advance


def _pct(x: float) -> str:
    return f"{x:.1%}"


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


def _changes(variant: Variant) -> str:
    def text(value: Any) -> str:
        return ("true" if value else "false") if isinstance(value, bool) else str(value)

    return ", ".join(f"{k}={text(v)}" for k, v in variant.changes().items())


def _variant_of(game: Game[Any, Any, Any], args: argparse.Namespace) -> Variant:
    return resolve(game, variant=args.variant, sets=args.set, players=args.players)


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
    client = dask.Client(args.dask)
    return client.get_executor(), client.close


def _bins(hists: Sequence[dict[int, int]], most: int) -> list[float]:
    """Bin edges shared by every run (whole numbers, at most ``most`` bins)."""
    lo = min(min(h) for h in hists)
    hi = max(max(h) for h in hists) + 1
    width = max(1, -(-(hi - lo) // most))
    return [lo - 0.5 + i * width for i in range(-(-(hi - lo) // width) + 1)]


def _plot(directory: str, game: Game[Any, Any, Any], runs: dict[str, Summary]) -> list[Path]:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise RulebookError(f"--plot needs matplotlib: {install_hint('plot')}") from None
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    first = next(iter(runs.values()))
    fig, ax = plt.subplots(figsize=(7, 4))
    bins = _bins([s.length_hist for s in runs.values()], 40)
    for label, s in runs.items():
        values = sorted(s.length_hist)
        ax.hist(values, weights=[s.length_hist[v] / s.games for v in values], bins=bins, alpha=0.6, label=label)
    ax.set(title=f"{game.title}: actions per game", xlabel="actions", ylabel="share of games")
    ax.legend()
    paths.append(out / f"{game.slug}-lengths.png")
    fig.tight_layout()
    fig.savefig(paths[-1], dpi=100)
    plt.close(fig)
    seats = first.players
    fig, axes = plt.subplots(1, seats, figsize=(3.2 * seats, 3.4), sharey=True, squeeze=False)
    for seat in range(seats):
        ax = axes[0][seat]
        bins = _bins([s.score_hist[seat] for s in runs.values()], 30)
        for label, s in runs.items():
            h = s.score_hist[seat]
            values = sorted(h)
            ax.hist(values, weights=[h[v] / s.games for v in values], bins=bins, alpha=0.6, label=label)
        ax.set(title=f"seat {seat}", xlabel="score")
    axes[0][0].set_ylabel("share of games")
    axes[0][0].legend()
    fig.suptitle(f"{game.title}: final scores")
    fig.tight_layout()
    paths.append(out / f"{game.slug}-scores.png")
    fig.savefig(paths[-1], dpi=100)
    plt.close(fig)
    return paths


def _hooks_text(variant: Variant) -> str:
    hooks = variant.describe().get("hooks")
    return f"Python hooks: {', '.join(hooks)} ({variant.source or variant.name})" if hooks else ""


def _reproduce(args: argparse.Namespace) -> str:
    """The command line that plays the same games again."""
    words = ["rulebook", "simulate", args.game]
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
    return shlex.join(words)


def _simulate(args: argparse.Namespace) -> int:
    if args.game == "all" and args.variant is not None:
        raise RulebookError("--variant applies to one game; name it instead of 'all'")
    slugs = list(rulebook.GAMES) if args.game == "all" else [args.game]
    if args.games < 1 or args.workers < 1:
        raise RulebookError("--games and --workers must be at least 1")
    # optional dependencies, checked before a long run rather than after it
    require("scipy.stats", "balance", "rulebook simulate")
    if args.plot:
        require("matplotlib", "plot", "--plot")
    if args.report:
        require("matplotlib", "plot", "--report")
        if args.game == "all":
            raise RulebookError("--report describes one game; name it instead of 'all'")
    executor, close = _executor(args)
    output: list[dict[str, Any]] = []
    try:
        for slug in slugs:
            game = rulebook.get_game(slug)
            variant = _variant_of(game, args)
            try:
                players_as = check_players(args.players_as.split(",") if args.players_as else None,
                                           variant.rules.players)
            except ValueError as exc:
                raise RulebookError(str(exc)) from None
            runs: dict[str, Summary] = {}
            todo = [("printed rules", printed(game, variant.rules.players))] if args.compare else []
            todo.append((variant.name if args.compare else "result", variant))
            elapsed = 0.0
            for label, v in todo:
                start = time.perf_counter()
                with _progress(args.games, f"{slug} ({label})", not args.json) as advance:
                    runs[label] = simulate(
                        game, v, games=args.games, seed=args.seed, players_as=players_as, progress=advance,
                        workers=args.workers, executor=executor,
                    )
                elapsed = time.perf_counter() - start
            title = f"{game.title} ({slug}), {variant.rules.players} players, {args.games} games, seed {args.seed}"
            entry: dict[str, Any] = {"game": slug, "players": variant.rules.players, "seed": args.seed}
            if args.compare:
                (_, base), (var_label, other) = runs.items()
                diffs = compare(base, other, alpha=args.alpha)
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
                          "(family-wise): two-proportion z-test for rates, Welch's t-test for means.")
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
                    rules_text="; ".join(filter(None, (_changes(variant), _hooks_text(variant)))),
                    rules=variant.rules,
                )
                Path(args.report).write_text(page, encoding="utf-8")
                entry["report"] = args.report
                if not args.json:
                    print(f"report: {args.report}")
            if args.plot:
                paths = _plot(args.plot, game, runs)
                entry["plots"] = [str(p) for p in paths]
                if not args.json:
                    print("plots: " + ", ".join(str(p) for p in paths))
            output.append(entry)
    finally:
        close()
    if args.json:
        print(json.dumps(output[0] if len(output) == 1 else output, indent=1))
    return 0


# -- verify and replay ------------------------------------------------------------------


def _verify(args: argparse.Namespace) -> int:
    from rulebook.verify import CHECKS, verify

    game = rulebook.get_game(args.game)
    variant = _variant_of(game, args)
    explicit = args.players is not None or any(s.partition("=")[0].strip() == "players" for s in args.set)
    players = variant.rules.players if explicit else None
    if args.boundary_every is not None and args.boundary_every < 1:
        raise RulebookError("--boundary-every must be at least 1")
    with _progress(args.examples, f"verify {game.slug}", not args.json) as advance:
        report = verify(game, variant, examples=args.examples, seed=args.seed, players=players,
                        boundary_every=args.boundary_every, save=args.out, progress=advance,
                        thorough=args.thorough)
    if args.json:
        print(json.dumps(report.to_json(), indent=1))
        return 0 if report.ok else 1
    changes = _changes(variant) or "printed rules"
    hooks = variant.describe().get("hooks")
    rows = [
        ["variant", f"{variant.name} ({changes}{'; hooks: ' + ', '.join(hooks) if hooks else ''})"],
        ["player counts", ", ".join(str(n) for n in report.players)],
        ["games / positions checked", f"{report.games} / {report.states}"],
        ["time", f"{report.seconds:.1f} s (Hypothesis seed {args.seed}, {args.examples} examples"
                 f"{', thorough' if args.thorough else ''})"],
    ]
    failed = report.failure
    names = [*CHECKS, "game invariant", "variant invariant"]
    labels = {"game invariant": f"{game.prefix}-* game invariants (check_invariants)",
              "variant invariant": "the variant's invariants"}
    for name in names:
        if name == "variant invariant" and not variant.invariants:
            continue
        status = "passed" if failed is None else ("FAILED" if failed.check == name else "-")
        rows.append([labels.get(name, name), status])
    _table(f"rulebook verify {game.slug}", ["check", "result"], rows, right=False)
    if failed is None:
        print(f"OK: {len(CHECKS)} contract checks and the game's invariants held in {report.games} games.")
        return 0
    print(f"FAILED [{failed.rule}] {failed.check}: {failed.message}")
    print(f"  after {len(failed.record.actions)} actions (the smallest failing game Hypothesis found)")
    print(f"  record: {failed.path}")
    source = variant.source if ":" in variant.source or variant.source.endswith(".py") else ""
    print(f"  replay: rulebook replay {failed.path}" + (f" --variant {source}" if source else ""))
    return 1


def _replay(args: argparse.Namespace) -> int:
    from rulebook.verify import walk

    try:
        record = records.load(args.file)
    except OSError as exc:
        raise RulebookError(f"cannot read {args.file}: {exc.strerror}") from None
    game = rulebook.get_game(record.game)
    failure = record.meta.get("failure") if isinstance(record.meta.get("failure"), dict) else None
    ref = args.variant
    meta_variant = record.meta.get("variant")
    if ref is None and isinstance(meta_variant, dict):
        source = str(meta_variant.get("source", ""))
        if ":" in source or source.endswith(".py"):
            ref = source
    variant = load_variant(game, ref) if ref else None
    if variant is not None and not args.quiet:
        print(f"checking with the hooks of variant {variant.name!r} ({ref})")
    print(f"{game.title} ({game.slug}), {len(record.actions)} actions, seed {record.seed}")
    broke = None
    last = None
    for step in walk(record, variant):
        last = step
        if not args.quiet and step.action is not None:
            scores = (variant.scores(step.state) if variant else step.state.scores)
            print(f"  #{step.index:<4} seat {step.seat}: {step.action:<16} scores {list(scores)}")
        if step.violation is not None:
            v = step.violation
            broke = v
            print(f"✗ broken at action #{step.index} [{v.rule}] {v.check}: {v.message}")
            break
    if failure is not None:
        nxt = f"; next move {failure['next_action']}" if failure.get("next_action") else ""
        print(f"recorded failure: [{failure.get('rule')}] {failure.get('check')}: {failure.get('message')}{nxt}")
    if broke is None and failure is None:
        state = last.state if last is not None else None
        end = "game over" if state is not None and state.is_terminal else "game not over"
        print(f"✓ every position passed the checks ({end})")
        return 0
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "games":
            rows = [
                [slug, g.title, f"{min(g.player_counts)}-{max(g.player_counts)}", g.prefix]
                for slug, g in rulebook.GAMES.items()
            ]
            _table("rulebook games", ["slug", "game", "players", "rule prefix"], rows)
            return 0
        if args.command == "options":
            game = rulebook.get_game(args.game)
            print(f"Options of {game.title} ({game.slug}):")
            print(options_help(game.Rules))
            return 0
        if args.command == "verify":
            return _verify(args)
        if args.command == "replay":
            return _replay(args)
        return _simulate(args)
    except RulebookError as exc:
        print(f"rulebook: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
