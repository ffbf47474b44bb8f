"""The ``rulebook`` command line.

``rulebook games`` lists the games; ``rulebook options GAME`` their options;
``rulebook simulate GAME`` plays games and prints a balance report (``GAME`` may be
``all``; ``--compare`` sets a variant against the printed rules);
``rulebook verify GAME`` checks a variant's well-formedness with Hypothesis;
``rulebook replay FILE`` tells a saved game in words and checks every position;
``rulebook play GAME`` plays a game in the terminal against bots.

Variants: ``--set name=value`` (repeatable), ``--variant FILE.toml`` or
``--variant module:NAME`` / ``file.py:NAME`` (a Python :class:`~rulebook.variants.Variant`).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import importlib
import json
import os
import random
import shlex
import signal
import sys
import textwrap
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import rulebook
from rulebook import records
from rulebook.balance import measures
from rulebook.core.contract import Game
from rulebook.core.options import describe_options, format_value, options_help, options_json, rules_to_dict
from rulebook.errors import InvalidRules, OutputError, RulebookError, WorkerLost
from rulebook.i18n import _
from rulebook.optional import install_hint, require
from rulebook.players import MAX_ITERATIONS, PLAYER_KINDS
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
from rulebook.variants import Variant, load_variant, printed, resolve


def _slugs() -> str:
    return ", ".join(rulebook.GAMES)


def _game_arg(p: argparse.ArgumentParser, also: str = "") -> None:
    p.add_argument("game", metavar="GAME", help=f"a game slug: {_slugs()}{also} (list them: rulebook games)")


def _sub(
    sub: Any, name: str, help: str, examples: Sequence[str]
) -> argparse.ArgumentParser:
    epilog = "games: " + _slugs() + "\n\nexamples:\n" + "\n".join(f"  {e}" for e in examples)
    parser: argparse.ArgumentParser = sub.add_parser(
        name, help=help, description=help, epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    return parser


def _variant_args(p: argparse.ArgumentParser, players_help: str = "") -> None:
    p.add_argument(
        "--players", type=int, default=None,
        help=players_help or "number of players (default: the game's default, see rulebook games)",
    )
    p.add_argument(
        "--set", action="append", default=[], metavar="NAME=VALUE", help="set a Rules option (repeatable)"
    )
    p.add_argument(
        "--variant", default=None, metavar="FILE",
        help="a variant: a TOML file ([rules] table), or a Python Variant as module:NAME or file.py:NAME",
    )
    p.add_argument(
        "--ruleset", default=None, metavar="NAME",
        help="start from a named ruleset of the game (list them: rulebook rulesets GAME); "
        "--variant, --set and --players then change it, in that order",
    )


def _parser() -> argparse.ArgumentParser:
    about = (rulebook.__doc__ or "rulebook").splitlines()[0]
    p = argparse.ArgumentParser(
        prog="rulebook", description=about, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="games: " + _slugs() + "\n\nexamples:\n  rulebook games\n  rulebook play witches-of-blackmore"
        "\n  rulebook simulate all --games 200 --seed 1\n  rulebook verify witches-of-blackmore --set must_follow=true"
        "\n\nrulebook COMMAND --help shows each command's options and examples.",
    )
    p.add_argument("--version", action="version", version=f"rulebook {rulebook.__version__}")
    p.add_argument("--debug", action="store_true", help="show the Python traceback of an internal error")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _sub(sub, "games", "list the games: slug, title, player counts, rule prefix", ["rulebook games"])
    opts = _sub(sub, "options", "list a game's Rules options: type, default, allowed values, rules, an example",
                ["rulebook options witches-of-blackmore", "rulebook options gods-and-humans --json"])
    _game_arg(opts)
    opts.add_argument("--json", action="store_true", help="print the options as JSON")
    rsets = _sub(sub, "rulesets", "list a game's named rulesets (the printed game, its variants, short games)",
                 ["rulebook rulesets utsuke", "rulebook simulate utsuke --ruleset NAME --compare"])
    _game_arg(rsets)
    rsets.add_argument("--json", action="store_true", help="print the rulesets as JSON")

    sim = _sub(sub, "simulate", "play games and print a balance report", [
        "rulebook simulate all --games 200 --seed 1",
        "rulebook simulate witches-of-blackmore --players 4 --set must_follow=true --compare",
    ])
    _game_arg(sim, ", or all")
    _variant_args(sim)
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
    sim.add_argument("--skill", nargs="?", type=int, const=200, default=None, metavar="ITERATIONS",
                     help=_("with --compare: does the change reward skill? one ISMCTS seat (ITERATIONS a move, "
                            "default 200) against the rule-aware heuristic on both sides, on the same deals, "
                            "each played from every seat (--games games a side)"))
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

    ver = _sub(sub, "verify", "check that a variant keeps the game well-formed (Hypothesis; extra 'verify')", [
        "rulebook verify witches-of-blackmore --set must_follow=true",
        "rulebook verify seven-prophecies --players 4 --examples 50 --out counterexamples/",
    ])
    _game_arg(ver)
    _variant_args(ver, "check only this number of players (default: every player count the game allows)")
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
        help="where to save a counterexample record, only when a check fails: a file, or a directory "
        "(default: the current folder, as verify-GAME-seedN.json); the path is printed",
    )
    ver.add_argument(
        "--progress", default=None, metavar="FILE.jsonl",
        help="write every player count checked to FILE as it finishes (JSON Lines, flushed), so that a stopped "
        "run can be resumed (default: rulebook-verify-GAME-seedN.progress.jsonl in the current folder, removed "
        "when the run completes)",
    )
    ver.add_argument(
        "--resume", default=None, metavar="FILE.jsonl",
        help="continue the check saved in this progress file: the player counts it lists are not checked "
        "again (the same command and options; the report equals an uninterrupted run's)",
    )
    ver.add_argument("--json", action="store_true", help="print the report as JSON")

    rep = _sub(sub, "replay", "tell a saved game in words, trick by trick, checking every position", [
        "rulebook replay rulebook-play-witches-of-blackmore-seed1.json",
        "rulebook replay game.json --seat 0   (only what seat 0 could see)",
    ])
    rep.add_argument("file", metavar="FILE", help="a game record (JSON) saved by play, verify or rulebook.records")
    rep.add_argument("--variant", default=None, metavar="REF", help="the Python variant whose hooks to check")
    rep.add_argument("--seat", type=int, default=None, metavar="S", help="tell the game from seat S's view only")
    rep.add_argument("--actions", action="store_true", help="list every action with the scores instead")
    rep.add_argument("--quiet", action="store_true", help="print only the outcome, not the story")

    pl = _sub(sub, "play", "play a whole game in the terminal against bots", [
        "rulebook play witches-of-blackmore",
        "rulebook play seven-prophecies --players 4 --seat 0 --seat 2 --opponents random",
        "rulebook play utsuke --set players=3 --seed 7 --out my-game.json",
        "printf '1\\n1\\n' | rulebook play witches-of-blackmore   (one move per line)",
    ])
    _game_arg(pl)
    _variant_args(pl)
    pl.add_argument("--seat", type=int, action="append", default=None, metavar="S",
                    help="the seat you play (repeatable for hot-seat; default 0)")
    pl.add_argument("--opponents", default="heuristic", metavar="KIND[,KIND...]",
                    help=f"player kind of the other seats, one or one per seat: {', '.join(PLAYER_KINDS)} "
                    "(ismcts:N searches N iterations) "
                    "(default heuristic)")
    pl.add_argument("--seed", type=int, default=None, help="seed of the deal (default: a random one, printed)")
    pl.add_argument("--out", default=None, metavar="FILE",
                    help="where to save the record (default: rulebook-play-GAME-seedN.json in the current folder)")
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


@contextmanager
def _cwd_importable(ref: str | None) -> Iterator[None]:
    """Let ``--variant module:NAME`` find a module in the current folder (the user named it)."""
    if ref is None or ":" not in ref or ref.partition(":")[0].endswith(".py"):
        yield
        return
    sys.path.insert(0, str(Path.cwd()))
    try:
        yield
    finally:
        try:
            sys.path.remove(str(Path.cwd()))
        except ValueError:
            pass


def _variant_of(game: Game[Any, Any, Any], args: argparse.Namespace) -> Variant:
    with _cwd_importable(args.variant):
        return resolve(game, variant=args.variant, sets=args.set, players=args.players,
                       ruleset=getattr(args, "ruleset", None))


def _name(game: Game[Any, Any, Any]) -> str:
    """``Title [slug]`` (titles may hold brackets of their own)."""
    return f"{game.title} [{game.slug}]"


#: Seconds to wait for a Dask scheduler before giving up.
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
    if args.skill is not None and not args.compare:
        raise RulebookError(_("--skill measures a change: give it with --compare"))
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
    if args.skill is not None and not 1 <= args.skill <= MAX_ITERATIONS:
        raise RulebookError(_("--skill measures a change: give it with --compare, and 1 to {most} iterations "
                              "(got {got})").format(most=MAX_ITERATIONS, got=args.skill))
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
    if args.skill is not None:
        _skill(args, plans, output)
    if args.json:
        print(json.dumps(output[0] if len(output) == 1 else output, indent=1))
    return 0


def _skill(args: argparse.Namespace, plans: list[Any], output: list[dict[str, Any]]) -> None:
    """``--skill``: the skill figure of each game's variant (:func:`rulebook.skill.skill`)."""
    from rulebook.skill import skill

    for (slug, game, variant, _players, printed_rules), entry in zip(plans, output):
        n = variant.rules.players
        with _progress(2 * (args.games // n) * n, f"{slug} (skill)", not args.json) as advance:
            result = skill(game, printed_rules, variant, games=args.games, iterations=args.skill,
                           workers=args.workers, seed=args.seed, progress=advance)
        entry["skill"] = result.to_json()
        if not args.json:
            print("\n".join(result.lines()))


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


def _resume_command(args: argparse.Namespace, path: Path) -> str:
    words = list(getattr(args, "argv", None) or [])
    for flag in ("--resume", "--progress"):
        while flag in words:
            i = words.index(flag)
            del words[i : i + 2]
        words = [w for w in words if not w.startswith(flag + "=")]
    return shlex.join(["rulebook", *words, "--resume", str(path)])


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


# -- verify and replay ------------------------------------------------------------------


def _counts_text(shares: Sequence[tuple[int, int]]) -> str:
    """``at 2, 3 and 4 players (34, 33 and 33 games)``: which counts verify checks, and how many games each."""
    def words(items: Sequence[str]) -> str:
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]

    counts = words([str(n) for n, _ in shares])
    if len(shares) == 1:
        return f"at {counts} players"
    games = [g for _, g in shares]
    each = f"{games[0]} each" if len(set(games)) == 1 else f"{words([str(g) for g in games])} games"
    return f"at {counts} players ({each})"


@contextlib.contextmanager
def _stop_between_games() -> Iterator[Callable[[], None]]:
    """Ctrl-C stops at the end of the game being played (raised there, where nothing swallows it:
    an interrupt that lands in a garbage-collector callback would be ignored); a second Ctrl-C
    stops at once. Yields the check to call between games."""
    asked: list[int] = []

    def on_interrupt(signum: int, frame: Any) -> None:
        asked.append(signum)
        if len(asked) > 1:
            raise KeyboardInterrupt

    def check() -> None:
        if asked:
            raise KeyboardInterrupt

    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:  # started with Ctrl-C ignored: keep it so
        yield lambda: None
        return
    try:
        previous = signal.signal(signal.SIGINT, on_interrupt)
    except ValueError:  # not the main thread: Ctrl-C as Python handles it
        yield lambda: None
        return
    try:
        yield check
    finally:
        signal.signal(signal.SIGINT, previous)


def _verify(args: argparse.Namespace) -> int:
    from rulebook.verify import CHECKS, plan, verify

    game = rulebook.get_game(args.game)
    variant = _variant_of(game, args)
    # a count fixed by any source (--players, --set, a file, a ruleset) is the only one checked
    players = variant.rules.players if variant.players_fixed else None
    if args.boundary_every is not None and args.boundary_every < 1:
        raise RulebookError("--boundary-every must be at least 1")
    out = Path(args.out)
    where = out / f"verify-{game.slug}-seed{args.seed}.json" if out.is_dir() else out
    check_writable(where, "--out")  # a failing game must not be lost to a bad path
    if args.progress is not None and args.resume is not None:
        raise RulebookError("give --progress (a new run) or --resume (an old one), not both")
    log = Path(args.resume or args.progress or f"rulebook-verify-{game.slug}-seed{args.seed}.progress.jsonl")
    if args.resume is None:
        check_writable(log, "--progress")
    if args.examples < 1:
        raise RulebookError("--examples must be at least 1")
    shares = plan(variant, args.examples, players)
    total = sum(games for _, games in shares)
    if not args.json:
        print(f"checking {total} games of {_name(game)}: {_counts_text(shares)};\n"
              f"a failing game would be saved to {where} (--out)")
    try:
        with _progress(total, f"verify {game.slug}", not args.json) as advance, _stop_between_games() as stop:
            def step(n: int) -> None:
                advance(n)
                stop()

            report = verify(game, variant, examples=args.examples, seed=args.seed, players=players,
                            boundary_every=args.boundary_every, save=args.out, progress=step,
                            thorough=args.thorough, progress_file=None if args.resume else log, resume=args.resume)
    except KeyboardInterrupt:
        print(f"rulebook: interrupted: the player counts checked so far are saved in {log}; "
              f"resume with: {_resume_command(args, log)}", file=sys.stderr)
        return 130
    if args.resume is None and args.progress is None:
        log.unlink(missing_ok=True)
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
    # Data never names code that runs: Python hooks come only from --variant, and the
    # record's description of its variant is only compared with the one supplied.
    ref = args.variant
    variant = load_variant(game, ref) if ref else None
    records.check_variant(record, variant.describe() if variant is not None else None)
    if variant is not None and not args.quiet:
        print(f"checking with the hooks of variant {variant.name!r} ({ref})")
    if args.seat is None and not args.actions and not args.quiet:
        from rulebook.narrate import narrate

        try:
            story = narrate(record)
        except RulebookError:
            story = []
        for line in story:
            print(line)
    elif args.seat is not None:
        from rulebook.narrate import narrate

        try:
            story = narrate(record, args.seat)
        except ValueError as exc:
            raise RulebookError(str(exc)) from None
        for line in story:
            print(line)
    if args.actions or args.quiet:
        print(f"{_name(game)}, {len(record.actions)} actions, seed {record.seed}")
    broke = None
    last = None
    for step in walk(record, variant):
        last = step
        if args.actions and step.action is not None:
            scores = (variant.scores(step.state) if variant else step.state.scores)
            print(f"  #{step.index:<4} seat {step.seat}: {step.action:<16} scores {list(scores)}")
        if step.violation is not None:
            v = step.violation
            broke = v
            print(f"✗ broken at action #{step.index} [{v.rule}] {v.check}: {v.message}")
            break
    if failure is not None:
        nxt = f"; next move {failure['next_action']}" if failure.get("next_action") else ""
        print(f"recorded failure: [{failure.get('rule')}] {failure.get('check')}: {failure.get('message')}{nxt}"
              .replace("\n", " "))
    if broke is None and failure is None:
        state = last.state if last is not None else None
        end = "game over" if state is not None and state.is_terminal else "game not over"
        print(f"✓ every position passed the checks ({end})")
        return 0
    return 1


def _play(args: argparse.Namespace) -> int:
    from rulebook.play import play

    game = rulebook.get_game(args.game)
    variant = _variant_of(game, args)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    return play(
        game, variant, seats=args.seat or [0], opponents=[k.strip() for k in args.opponents.split(",")],
        seed=seed, out=args.out,
    )


def _error(message: str) -> None:
    """Print a one-line error on stderr (long or multi-line messages are cut to one line)."""
    lines = str(message).splitlines() or [""]
    first = lines[0] if len(lines[0]) <= 500 else lines[0][:497] + "..."
    print(f"rulebook: error: {first}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    0: success; 1: a check failed (``verify``, ``replay``); 2: a usage or input
    error (one line on stderr); 3: an internal error (one line; ``--debug``
    shows the traceback).
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse printed its usage message
        return exc.code if isinstance(exc.code, int) else 2
    args.argv = list(argv if argv is not None else sys.argv[1:])
    try:
        code = _run(args)
        sys.stdout.flush()  # a closed pipe shows here, not at interpreter exit
        return code
    except BrokenPipeError:
        # the reader went away (``rulebook replay x.json | head``): stop quietly
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):  # stdout has no file descriptor (tests)
            pass
        return 1
    except KeyboardInterrupt:
        print("rulebook: interrupted", file=sys.stderr)
        return 130
    except (RulebookError, ValueError) as exc:  # every user error is a ValueError (rulebook.errors)
        if args.debug:
            raise
        game = getattr(args, "game", None)
        hint = (f"; see rulebook options {game}" if isinstance(exc, InvalidRules)
                and "unknown option" not in str(exc) and isinstance(game, str) and game in rulebook.GAMES else "")
        first, _, _ = str(exc).partition("\n")
        _error(first + hint)
        return 2
    except RecursionError:
        if args.debug:
            raise
        _error("input nested too deeply")
        return 2
    except OSError as exc:  # a file or the disk, not a bug: say which, in one line
        if args.debug:
            raise
        _error(f"cannot use {exc.filename or 'a file'}: {reason(exc)}")
        return 2
    except Exception as exc:
        if args.debug:
            raise
        what = str(exc).splitlines()[0][:300] if str(exc) else ""
        print(f"rulebook: internal error: {type(exc).__name__}: {what} (run with --debug for the traceback)",
              file=sys.stderr)
        return 3


def _rulesets(game: Game[Any, Any, Any], as_json: bool) -> int:
    if as_json:
        print(json.dumps({"game": game.slug, "rulesets": [r.to_json() for r in game.rulesets]}, indent=1,
                         ensure_ascii=False))
        return 0
    infos = {i.name: i for i in describe_options(game.Rules)}
    print(f"Rulesets of {_name(game)} (use one with --ruleset NAME):\n")
    for r in game.rulesets:
        print(r.name)
        print(textwrap.fill(r.description, 80, initial_indent="  ", subsequent_indent="  "))
        values = " ".join(f"{k}={format_value(infos[k], v)}" for k, v in r.values.items()) or "(nothing changed)"
        print(textwrap.fill(values, 80, initial_indent="  sets: ", subsequent_indent="        ",
                            break_on_hyphens=False))
        if r.rules:
            print(f"  rules: {', '.join(r.rules)}")
    return 0


def _run(args: argparse.Namespace) -> int:
    if args.command == "games":
        rows = [
            [slug, g.title, f"{min(g.player_counts)}-{max(g.player_counts)}", g.prefix]
            for slug, g in rulebook.GAMES.items()
        ]
        _table("rulebook games", ["slug", "game", "players", "rule prefix"], rows)
        return 0
    if args.command == "options":
        game = rulebook.get_game(args.game)
        if args.json:
            print(json.dumps({"game": game.slug, "options": options_json(game.Rules)}, indent=1, ensure_ascii=False))
            return 0
        print(f"Options of {_name(game)} (set one with --set NAME=VALUE):\n")
        print(options_help(game.Rules))
        return 0
    if args.command == "rulesets":
        return _rulesets(rulebook.get_game(args.game), args.json)
    if args.command == "verify":
        return _verify(args)
    if args.command == "replay":
        return _replay(args)
    if args.command == "play":
        return _play(args)
    return _simulate(args)


if __name__ == "__main__":
    sys.exit(main())
