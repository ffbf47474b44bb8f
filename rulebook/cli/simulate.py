"""``rulebook simulate``: play games, compare rules, sweep an option, and print or write the report."""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import shlex
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import rulebook
from rulebook.balance.figures import (
    FAMILY_WORDS,
    GROUPS,
    Difference,
    compare_many,
    families,
    figure_name,
    figure_rows,
    format_difference,
    format_p,
    format_value,
    unit_warnings,
)
from rulebook.balance.measures import measures
from rulebook.balance.play_figures import load_measures
from rulebook.balance.players import MAX_ITERATIONS
from rulebook.balance.plots import save_plots
from rulebook.balance.progress import Progress, check_writable, writable_or_elsewhere
from rulebook.balance.reads import fitting_players, unread_lines
from rulebook.balance.sequential import DEFAULT_CAP, look_level, looks, unsettled
from rulebook.balance.simulate import (
    DEFAULT_PLAYER,
    GameResult,
    Summary,
    check_players,
    histogram_rows,
    player_name,
    players_text,
    simulate,
)
from rulebook.balance.usage_compare import fired_changes, usage_rows, warnings
from rulebook.cli.common import (
    _changes,
    _cwd_importable,
    _name,
    _pct,
    _progress,
    _resume_command,
    _table,
    _variant_of,
    force_arg,
    game_arg,
    hook_time_arg,
    one_count,
    say,
    subcommand,
    terminal_width,
    variant_args,
)
from rulebook.core.contract import Game
from rulebook.core.files import write_atomic
from rulebook.core.optional import install_hint, require
from rulebook.core.options import rules_to_dict
from rulebook.core.remote import check_address
from rulebook.errors import OutputError, RulebookError, WorkerLost
from rulebook.i18n import _, ngettext
from rulebook.reference import records
from rulebook.variants.variant import Variant, printed, resolve


def _font_notice() -> None:
    """Once, on stderr: the Japanese plots' font is missing on this machine (the pictures name it, and a
    reader's browser that has it draws it)."""
    from rulebook.i18n import language

    if language() != "ja":
        return
    from rulebook.balance.plots import CJK_FONT, cjk_font_ready

    if not cjk_font_ready():
        print(_("rulebook: notice: the plots name the font {font} for their Japanese text, which this machine "
                "lacks (Debian and Ubuntu: apt-get install fonts-noto-cjk); a browser that has it shows it")
              .format(font=CJK_FONT), file=sys.stderr)


def add_arguments(sub: Any) -> None:
    """``simulate``'s parser."""
    sim = subcommand(sub, "simulate", "play games and print a balance report", [
        "rulebook simulate all --games 200 --seed 1",
        "rulebook simulate witches-of-blackmore --players 4 --set must_follow=true --compare",
    ])
    game_arg(sim, ", or all")
    variant_args(sim, "number of players (default: the variant's, else the game's default); several counts "
                 "(2,3,4 or 2..4) play every side at each count in one run, a table for each", several=True)
    add_simulate_args(sim)
    hook_time_arg(sim)
    force_arg(sim)



def _games_value(text: str) -> int | str:
    """``--games``: a whole number, or ``auto``."""
    if text.strip() == "auto":
        return "auto"
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number of games or auto, not {text!r:.40}") from None


def add_simulate_args(sim: argparse.ArgumentParser) -> None:
    """The options of ``rulebook simulate`` after the game and the variant options."""
    sim.add_argument("--games", type=_games_value, default=1000,
                     help="number of games (default 1000); with --compare, auto plays until every figure's verdict "
                     "is settled, or --max-games (docs/balance.md: a sequential design that keeps the error rate)")
    sim.add_argument("--max-games", type=int, default=DEFAULT_CAP, metavar="N",
                     help=f"the most games a side --games auto plays (default {DEFAULT_CAP})")
    sim.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    sim.add_argument(
        "--players-as", default=None,
        help="comma-separated player per seat: random, heuristic, ismcts (200 iterations), ismcts:N "
        "(iterations, at most 1000000), ismcts:Ts (seconds per move, at most 600); ISMCTS rolls out with the "
        "heuristic (ismcts:N:random for random rollouts); one kind alone plays every seat. Default: heuristic "
        "(the game's rule-aware player) in every seat"
    )
    sim.add_argument("--compare", action="store_true",
                     help="compare the variant with the printed rules (at the variant's player count, or at the "
                     "game's default count when the count is all it changes: --compare --set players=6)")
    sim.add_argument("--compare-with", action="append", default=[], metavar="REF",
                     help="compare the variant with REF instead of the printed rules (implies --compare; repeat it "
                     "for more sides, each compared with the first): a named ruleset (rulebook rulesets GAME), a "
                     "TOML variant file, or a Python variant module:NAME / file.py:NAME; --players sets every "
                     "side's player count")
    sim.add_argument("--measures", default=None, metavar="FILE.py:NAME",
                     help="your own figures: a dict of names to functions of a finished game's state, as "
                     "file.py:NAME or module:NAME (MEASURES when NAME is left out); runs that code")
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
        "--report", "--html", default=None, metavar="FILE.html",
        help="write one self-contained HTML page: what was compared, the table, plots, a summary; with --sweep, "
        "one plot per figure against the swept value (needs matplotlib)",
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
    unit = s.score_unit
    rows = [
        [_("games"), str(s.games)],
        [_("players"), ", ".join(s.players_as)],
        [_("actions per game (moves): mean ± sd"), f"{s.mean_length:.1f} ± {s.sd_length:.1f}"],
        [_("actions per game (moves): min / p10 / median / p90 / max"),
         f"{s.min_length} / {p10} / {p50} / {p90} / {s.max_length}"],
        [_("shared wins (% of games)"), _pct(s.shared_wins)],
        [_("games nobody won (% of games)"), _pct(s.no_winner)],
    ]
    for seat in range(s.players):
        low, high = s.win_ci[seat]
        rows.append([_("seat {n} win rate (% of games) [95% CI]").format(n=seat + 1),
                     f"{_pct(s.win_rate[seat])} [{_pct(low)}, {_pct(high)}]"])
    for seat in range(s.players):
        rows.append([_("seat {n} score ({unit}): mean ± sd [min, max]").format(n=seat + 1, unit=unit),
                     f"{s.mean_score[seat]:.2f} ± {s.sd_score[seat]:.2f} [{s.min_score[seat]}, {s.max_score[seat]}]"])
    m = measures(s)
    adv = m["seat_advantage"]
    rows.append([_("seat advantage: chi-square (p)"), f"{adv['chi2']:.2f} (p = {adv['p_value']:.3g})"])
    for gap in m.get("skill_gap", []):
        low, high = gap["ci"]
        rows.append([_("skill gap: {kind} win rate per seat [95% CI], gap").format(kind=gap["kind"]),
                     f"{_pct(gap['win_rate'])} [{_pct(low)}, {_pct(high)}], {gap['gap'] * 100:+.1f} pt"])
    rows.append([_("lead changes per game (lead changes): mean"), f"{m['drama']['mean_lead_changes']:.2f}"])
    rows.append([_("comebacks (% of games that could have one)"), format_value("rate", s.comebacks)])
    for key, value in s.stats.items():
        shown = format_value("share", value) if key == "margin_share" else f"{value:.3f}"  # a share, in %
        rows.append([_("{figure}: mean per game (games with any)").format(figure=figure_name(key, unit, [s])),
                     f"{shown} ({_pct(s.stats_share[key])})"])
    for row in figure_rows([s]):
        if row.group in ("tricks", "roles", "ranks", "measures"):
            rows.append([row.name, format_value(row.kind, row.values[0].value if row.values[0] else None)])
    if elapsed:
        rows.append([_("time"), _("{s:.2f} s ({rate:.0f} games/s)").format(s=elapsed, rate=s.games / elapsed)])
    return rows


def _difference_row(d: Difference) -> list[str]:
    test = {"z": " z", "welch": " t"}.get(d.test, "")
    mark = " *" if d.significant else ""  # on the difference too: a narrow terminal shows it in another block
    return [d.name or d.metric, format_value(d.kind, d.printed), format_value(d.kind, d.variant),
            format_difference(d) + mark, format_p(d.p_value) + test, format_p(d.p_adjusted) + mark]


def _print_comparison(title: str, labels: list[str], tables: list[tuple[Difference, ...]], alpha: float) -> None:
    """The figures of every side, a table per group of rows, each side against the first (the reference)."""
    labels = [_(label) for label in labels]  # "printed rules" in the language shown
    if len(labels) == 2:
        head = [_("figure"), labels[0], labels[1], _("difference"), _("p (test)"), _("p (Holm)")]
    else:
        head = [_("figure"), labels[0]]
        for label in labels[1:]:
            head += [label, _("difference")]
    lines: list[list[str]] = []
    marked: list[bool] = []
    headings: list[bool] = []
    for group, group_title in GROUPS.items():
        rows = [i for i, d in enumerate(tables[0]) if d.group == group]
        if not rows:
            continue
        lines.append([_(group_title)] + [""] * (len(head) - 1))
        marked.append(False)
        headings.append(True)
        for i in rows:
            d = tables[0][i]
            if len(labels) == 2:
                lines.append(_difference_row(d))
            else:
                lines.append([d.name, format_value(d.kind, d.printed)] + [
                    x for t in tables for x in (format_value(t[i].kind, t[i].variant),
                                                format_difference(t[i]) + (" *" if t[i].significant else ""))])
            marked.append(any(t[i].significant for t in tables))
            headings.append(False)
    _table(title, head, lines, marked, headings=headings)
    counts = families(tables)
    over = _(" and ").join(ngettext("the {n} row of the {family}", "the {n} rows of the {family}", n).format(
        n=n, family=_(FAMILY_WORDS.get(f, f))) for f, n in counts.items())
    say(_("* beyond noise at p < {alpha:g} after Holm's correction (family-wise),\nover {over},\nand large "
          "enough to matter: at least 1 percent of the reference value and\n0.05 standard deviations of the "
          "figure over games.\n"
            "z: two-proportion z-test for rates of games; t: Welch's t-test for means and for shares averaged\n"
            "over games. n/a: a side does not have the figure, or counts it in another unit.").format(
                alpha=alpha, over=over))


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
    # the scheme, a connection within the time limit and a Dask scheduler at the other end, checked
    # first: Dask's client would wait for ever on a silent listener, or trust a web server's bytes
    address = check_address(args.dask, DASK_TIMEOUT)
    try:
        client = dask.Client(address, timeout=DASK_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as exc:
        raise RulebookError(f"--dask: cannot reach the scheduler at {args.dask!r:.80} "
                            f"within {DASK_TIMEOUT} s ({type(exc).__name__})") from None
    except Exception as exc:  # TLS without certificates, a UCX or websocket failure: Dask's own words
        what = str(exc).splitlines()[0][:160] if str(exc) else ""
        raise RulebookError(f"--dask {args.dask!r:.80}: Dask cannot connect: {type(exc).__name__}"
                            + (f": {what}" if what else "")) from None
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
    counts = getattr(args, "player_counts", None) or ((args.players,) if args.players is not None else ())
    if counts:
        words += ["--players", ",".join(map(str, counts))]
    words += ["--games", str(args.games), "--seed", str(args.seed)]
    if args.players_as:
        words += ["--players-as", args.players_as]
    for ref in args.compare_with:
        words += ["--compare-with", ref]
    if args.compare and not args.compare_with:
        words += ["--compare"]
    if args.compare or args.compare_with:
        words += ["--alpha", f"{args.alpha:g}"]
    if args.sweep:
        words += ["--sweep", args.sweep]
    if args.measures:
        words += ["--measures", args.measures]
    words += ["--workers", str(args.workers)]
    return shlex.join(words)


def _simulate(args: argparse.Namespace) -> int:
    counts = one_count(args)
    several = counts is not None and len(counts) > 1
    if args.compare_with:
        args.compare = True
    if several and (args.sweep or args.report or args.plot or args.skill is not None):
        raise RulebookError(_("several player counts play one table for each count: give one count with --sweep, "
                              "--report, --plot or --skill"))
    if args.skill is not None and not args.compare:
        raise RulebookError(_("--skill measures a change: give it with --compare"))
    if args.games == "auto":
        if not args.compare or args.sweep or args.resume or args.skill is not None or several:
            raise RulebookError(_("--games auto settles a comparison: give it with --compare, one player count, and "
                                  "without --sweep, --resume or --skill"))
        if not 1 <= args.max_games <= 10_000_000:
            raise RulebookError("--max-games must be 1 to 10000000")
        args.auto_looks = looks(args.max_games)
        args.auto_alpha = args.alpha
        if not 0.0 < args.alpha < 1.0:
            raise RulebookError(f"--alpha must be between 0 and 1, exclusive (got {args.alpha})")
        args.alpha = look_level(args.alpha, args.max_games)
        args.games = args.auto_looks[0]
    if args.sweep is not None:
        return _sweep(args)
    for option, given in (("--variant", args.variant), ("--ruleset", args.ruleset),
                          ("--compare-with", args.compare_with), ("--measures", args.measures)):
        if args.game == "all" and given:
            raise RulebookError(_("{option} applies to one game; name it instead of 'all'").format(option=option))
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
        check_writable(args.report, "--report", "page", force=getattr(args, "force", False))
    if args.progress is not None and args.resume is not None:
        raise RulebookError("give --progress (a new run) or --resume (an old one), not both")
    _cap_workers(args)
    # every game's sides and players, checked before the first game is played
    plans = []
    for slug, game, _variant, sides in _plans(slugs, args, counts if several else None):
        try:  # the heuristic, or search players where it does not read a rule (--players-as overrides)
            kinds, why = fitting_players([v for _label, v in sides],
                                         args.players_as.split(",") if args.players_as else None)
        except ValueError as exc:
            raise RulebookError(str(exc)) from None
        args.fit_reasons = {**getattr(args, "fit_reasons", {}), slug: why}
        plans.append((slug, game, sides, kinds))
    run = {
        "command": "simulate", "game": args.game, "games": args.games, "seed": args.seed,
        "players_as": args.players_as or next(
            (str(kinds[0][0]) for _slug, _game, _sides, kinds in plans if args.fit_reasons.get(_slug)),
            DEFAULT_PLAYER),
        "compare": args.compare,
        "variants": {slug: {"rules": rules_to_dict(sides[-1][1].rules), "variant": sides[-1][1].describe()}
                     for slug, _game, sides, _kinds in plans},
    }
    if several:
        run["players"] = list(counts or ())
    if args.compare_with:
        run["sides"] = {slug: [[label, rules_to_dict(v.rules), v.describe()] for label, v in sides]
                        for slug, _game, sides, _kinds in plans}
    if args.measures:
        run["measures"] = args.measures
    where = args.resume or args.progress or _default_progress(args)
    # the file the user named is kept; the default one (beside the report too) goes once the run is done
    keep = args.resume is not None or args.progress is not None
    if args.resume is not None:
        seats = {(label, slug): v.rules.players for slug, _game, plan_sides, _kinds in plans
                 for label, v in plan_sides}
        saved = Progress.resume(args.resume, run, seats)
    elif keep:
        check_writable(where, "--progress", "progress", force=getattr(args, "force", False))
        saved = Progress.start(where, run)
    else:  # the default file: where the run can write it
        where, notice = writable_or_elsewhere(where, "--progress", getattr(args, "force", False))
        if notice:
            print(notice, file=sys.stderr)
        saved = Progress.start(where, run)
    executor, close = _executor(args)
    output: list[dict[str, Any]] = []
    try:
        # the skill figure first, so that the report can carry it
        skills = _skill(args, plans) if args.skill is not None else {}
        args.skill_sentences = {slug: result.sentences() for slug, result in skills.items()}
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
    for (slug, *_rest), entry in zip(plans, output):
        if slug in skills:
            entry["skill"] = skills[slug].to_json()
            if not args.json:
                print("\n".join(skills[slug].lines(terminal_width())))
    if args.json:
        print(json.dumps(output[0] if len(output) == 1 else output, indent=1))
    return 0


def _skill(args: argparse.Namespace, plans: list[Any]) -> dict[str, Any]:
    """``--skill``: the skill figure of each game's last side against its first
    (:func:`rulebook.balance.skill.skill`)."""
    from rulebook.balance.skill import skill

    out: dict[str, Any] = {}
    for slug, game, sides, _kinds in plans:
        (_first, base), (_last, variant) = sides[0], sides[-1]
        n = variant.rules.players
        with _progress(2 * (args.games // n) * n, f"{slug} (skill)", not args.json) as advance:
            out[slug] = skill(game, base, variant, games=args.games, iterations=args.skill,
                              workers=args.workers, seed=args.seed, progress=advance)
    return out


def _usage(labels: list[str], runs: list[Summary], alpha: float,
           tables: list[tuple[Difference, ...]] | None = None) -> None:
    """What each rule did on every side (per game), changed rows marked (a count that is also a figure of
    the main table takes its verdict there)."""
    rows = usage_rows(runs[0], runs[1:], alpha, tables)
    if rows:
        _table(
            _("what each rule did (times per game)"), [_("count"), *(_(label) for label in labels), _("changed")],
            [[name, *(f"{x:.2f}" for x in values), "*" if moved else ""] for name, values, moved in rows],
            [moved for *_rest, moved in rows],
        )
        say(_("* beyond noise (Welch's t-test, Holm's correction over these {n} rows, p < {alpha:g}), "
                "or seen on one side only.").format(n=len(rows), alpha=alpha))


def _plans(
    slugs: list[str], args: argparse.Namespace, counts: tuple[int, ...] | None
) -> Iterator[tuple[str, Game[Any, Any, Any], Variant, list[tuple[str, Variant]]]]:
    """Each game's variant and sides; with several player counts (``--players 2,3,4``), one plan per
    count, the variant at that count (its values per player count applied, :meth:`Variant.at`).

    With several counts, a count at which the variant plays the compared rules is left out with a
    notice (a variant whose values per count name 2 and 3 only is the printed game at 4).
    """
    for slug in slugs:
        game = rulebook.get_game(slug)
        variant = _variant_of(game, args)
        if counts is None:
            yield slug, game, variant, (_sides(game, variant, args, args.players) if args.compare
                                        else [("result", variant)])
            continue
        same: list[str] = []
        planned = 0
        for n in counts:
            here = variant.at(n)
            if not args.compare:
                yield slug, game, here, [("result", here)]
                continue
            try:
                sides = _sides(game, here, args, n)
            except SameSides as exc:
                same.append(str(n))
                last = exc
                continue
            planned += 1
            yield slug, game, here, sides
        if same and not planned:
            raise last
        if same:
            print("rulebook: notice: " + ngettext(
                "{game}: at {counts} players the sides play the same rules; that count is left out",
                "{game}: at {counts} players the sides play the same rules; those counts are left out",
                len(same)).format(game=slug, counts=", ".join(same)), file=sys.stderr)


class SameSides(RulebookError):
    """``--compare`` was given sides that play the same rules."""


def _sides(
    game: Game[Any, Any, Any], variant: Variant, args: argparse.Namespace, players: int | None = None
) -> list[tuple[str, Variant]]:
    """The sides of ``--compare``: each ``--compare-with`` (else the printed rules), then the variant.

    The printed rules are played at the variant's player count, or at the game's default count when
    the count is all the variant changes. ``players`` (``--players``) sets the count of every side.
    """
    sides: list[tuple[str, Variant]] = []
    for ref in args.compare_with or ["printed"]:
        names = {r.name for r in game.rulesets}
        if ref == "printed" and not args.compare_with and players is None:
            only_count = variant.rules == game.Rules(players=variant.rules.players) and not variant.has_hooks
            side = printed(game, None if only_count else variant.rules.players)
        elif ref in names:
            side = resolve(game, ruleset=ref, players=players)
        else:
            with _cwd_importable(ref):
                side = resolve(game, variant=ref, players=players)
        label = "printed rules" if ref == "printed" else side.name if ref not in names else ref
        sides.append((label, side))
    label = variant.name if variant.name not in ("printed rules", "printed") else "variant"
    sides.append((label, variant))
    seen: dict[str, int] = {}
    out = []
    for label, side in sides:  # every label names one side (the progress file keys on it)
        seen[label] = seen.get(label, 0) + 1
        out.append((label if seen[label] == 1 else f"{label} ({seen[label]})", side))
    for label, side in out[1:]:
        first = out[0][1]
        if side.rules == first.rules and not side.has_hooks and not first.has_hooks:
            what = (_("the printed rules") if not args.compare_with
                    else _("the first side ({label})").format(label=out[0][0]))
            counts = ", ".join(str(n) for n in sorted({n for c in side.per_count for n in c.counts}))
            raise SameSides(_("--compare needs sides that differ: {label} plays the same rules as {what} "
                              "(give --set NAME=VALUE, --variant, --ruleset or --compare-with)").format(
                                  label=label, what=what) + (_("; its values per player count name {counts}: give "
                                                              "--players {given}").format(
                                  counts=counts, given=counts.replace(", ", ",")) if counts else ""))
    return out


def _sweep(args: argparse.Namespace) -> int:
    from rulebook.balance.sweep import parse_sweep, sweep, sweep_rows

    if args.game == "all" or args.compare or args.compare_with or args.plot or args.resume or args.dask:
        raise RulebookError(_("--sweep plays one game and prints its own table: give one game, without --compare, "
                              "--compare-with, --plot, --resume or --dask"))
    if args.games < 1 or args.workers < 1:
        raise RulebookError("--games and --workers must be at least 1")
    require("scipy.stats", "balance", "rulebook simulate")
    if args.report:
        require("matplotlib", "plot", "--report")
        check_writable(args.report, "--report", "page", force=getattr(args, "force", False))
    name, eq, text = args.sweep.partition("=")
    if not eq:
        raise RulebookError("--sweep takes NAME=V1,V2,... (for example --sweep hand_size=4,5,6)")
    game = rulebook.get_game(args.game)
    base = _variant_of(game, args)
    values = parse_sweep(game, name.strip(), text)
    kinds = args.players_as.split(",") if args.players_as else None
    why = ""
    if kinds is None:  # search players where the heuristic does not read the swept rule (or the base's)
        swept = [resolve(game, variant=base, sets={name.strip().replace("-", "_"): v}) for v in values]
        fitted, why = fitting_players([base, *swept], None)
        if why:
            kinds = [str(fitted[0][0])]
    found = load_measures(args.measures) if args.measures else None
    _cap_workers(args)
    with _progress(args.games * len(values), f"sweep {game.slug}", not args.json) as advance:
        runs = sweep(game, name.strip().replace("-", "_"), values, games=args.games, seed=args.seed, base=base,
                     players_as=kinds, workers=args.workers, progress=advance, measures=found)
    report = None
    if args.report:
        from rulebook.balance.report import sweep_report

        page = sweep_report(game, runs, name.strip().replace("-", "_"), base=base, command=_reproduce(args),
                            why=why)
        write_atomic(args.report, page, "--report")
        report = args.report
    if args.json:
        print(json.dumps({"game": game.slug, "sweep": name.strip(), "seed": args.seed, "runs": [
            {"label": label, "summary": s.to_json()} for label, s in runs], **({"report": report} if report else {})},
            indent=1))
        return 0
    who = players_text(check_players(kinds, runs[0][1].players))
    if why:
        who += "\n" + _("why: {why}").format(why=why)
    _table(_("{game}, {games} games per value, seed {seed}\nwho played: {who}\n{base}, {name} swept").format(
        game=_name(game), games=args.games, seed=args.seed, who=who, base=_(base.name), name=name.strip()),
        [_("figure"), *(label for label, _s in runs)], sweep_rows(runs))
    if report:
        print(_("report: {path}").format(path=report))
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

    found = load_measures(args.measures) if args.measures else None
    for slug, game, sides, kinds in plans:
        runs: dict[str, Summary] = {}
        elapsed = 0.0
        key = slug if getattr(args, "player_counts", None) is None or len(args.player_counts) < 2 \
            else f"{slug}@{sides[-1][1].rules.players}"
        front = _up_front(args, slug, game, sides, kinds, saved, key, found)
        if not args.json and sys.stderr.isatty():  # with the progress bar: for the person at the terminal
            print(front, file=sys.stderr, flush=True)
        schedule = getattr(args, "auto_looks", None) or (args.games,)
        for look, n in enumerate(schedule):
            args.games = n
            elapsed = _play_sides(args, game, sides, kinds, saved, key, executor, notice, found, runs, slug)
            if len(schedule) == 1 or look == len(schedule) - 1:
                break
            looked = compare_many(runs[sides[0][0]], [runs[label] for label, _v in sides[1:]], alpha=args.alpha)
            if not unsettled(looked, args.alpha, n):
                break
        if len(schedule) > 1:
            args.auto_stop = _("--games auto: {n} games a side, after {looks} of at most {most} looks ({why}); each "
                               "look tests at p < {level:g} (the error rate {alpha:g} over the looks)").format(
                n=args.games, looks=schedule.index(args.games) + 1, most=len(schedule), level=args.alpha,
                alpha=args.auto_alpha, why=_("every figure settled") if args.games < schedule[-1]
                else _("the cap, --max-games"))
        variant = sides[-1][1]
        counts = sorted({v.rules.players for _label, v in sides})
        if len(counts) == 1:
            head = _("{game}, {n} players, {games} games, seed {seed}").format(
                game=_name(game), n=counts[0], games=args.games, seed=args.seed)
        else:
            each = ", ".join(f"{v.rules.players} ({label})" for label, v in sides)
            head = _("{game}, players: {each}; {games} games, seed {seed}").format(
                game=_name(game), each=each, games=args.games, seed=args.seed)
        whos = list(dict.fromkeys(players_text(k) for k in kinds))
        title = head + "\n" + _("who played: {who}").format(who=_("; ").join(whos))
        why = getattr(args, "fit_reasons", {}).get(slug, "")
        unread = [line for (label, v), k in zip(sides, kinds, strict=True)
                  for line in unread_lines(v, k, label if len(sides) > 2 else "", runs[label].usage)]
        reads = ([_("why: {why}").format(why=why)] if why else []) + unread
        if reads:
            title += "\n" + "\n".join(reads)
        entry: dict[str, Any] = {"game": slug, "players": variant.rules.players, "seed": args.seed,
                                 "players_as": [player_name(p) for p in kinds[-1]], "players_read": reads}
        tables: list[tuple[Difference, ...]] = []
        if args.compare:
            labels, summaries = list(runs), list(runs.values())
            tables = compare_many(summaries[0], summaries[1:], alpha=args.alpha)
            notes = unit_warnings(runs)
            for (label, v), s in zip(sides[1:], summaries[1:], strict=True):
                notes += [(f"{label}: {w}" if len(sides) > 2 else w)
                          for w in warnings(summaries[0], s, v, reference=sides[0][1])]
            entry["warnings"] = notes
            if getattr(args, "auto_stop", ""):
                entry["games_auto"] = {"games": args.games, "stop": args.auto_stop, "level": args.alpha}
            fired = [line for (label, _v), s in zip(sides[1:], summaries[1:], strict=True)
                     for line in fired_changes(summaries[0], s, label)]
            entry["fired"] = fired
            entry["sides"] = [{"label": label, "players": v.rules.players, "summary": runs[label].to_json(),
                               "balance": measures(runs[label])} for label, v in sides]
            entry["differences"] = [_difference_json(d) for d in tables[0]] if len(tables) == 1 else {
                label: [_difference_json(d) for d in t] for label, t in zip(labels[1:], tables, strict=True)}
            if len(sides) == 2:
                base, other = summaries
                entry.update(printed=base.to_json(), variant=other.to_json(),
                             balance={"printed": measures(base), "variant": measures(other)})
            if not args.json:
                what = _(" vs ").join(_(label) for label in labels)
                changes = "; ".join(f"{label}: {text}" if len(sides) > 2 or label != sides[-1][0] else text
                                    for label, v in sides if (text := _changes(v)) and text != label)
                _print_comparison(f"{title}\n{what}" + (f" ({changes})" if changes else ""), labels, tables,
                                  args.alpha)
                _usage(labels, summaries, args.alpha, tables)
                if getattr(args, "auto_stop", ""):
                    say(args.auto_stop)
                for text in fired:
                    say(text)
                for text in notes:
                    say(_("warning: {text}").format(text=text))
        else:
            summary = runs["result"]
            entry["summary"] = summary.to_json()
            entry["balance"] = measures(summary)
            if not args.json:
                name = "" if variant.name == "printed rules" else f" [{variant.name}]"
                _table(title + name, ["", _("value")], _summary_rows(summary, elapsed))
                rows = histogram_rows(summary.length_hist)
                if len(rows) > 1:
                    _table(_("actions per game"), [_("actions"), _("games")], [[a, str(c)] for a, c in rows])
        if args.report:
            from rulebook.balance.report import html_report

            page = html_report(
                game, runs, tables=tables, alpha=args.alpha, command=_reproduce(args),
                rules_text=_hooks_text(variant), rules=variant.rules, notes=entry.get("warnings", ()),
                fired=entry.get("fired", ()), skill=getattr(args, "skill_sentences", {}).get(slug, ()),
                sides={label: v for label, v in sides} if args.compare else None, reads=reads,
                reads_warn=bool(unread),
            )
            write_atomic(args.report, page, "--report")
            entry["report"] = args.report
            if not args.json:
                print(_("report: {path}").format(path=args.report))
        if args.plot:
            try:
                paths = save_plots(args.plot, game, runs)
            except OSError as exc:
                raise RulebookError(f"--plot: cannot write to {args.plot}: {exc.strerror or exc}") from None
            entry["plots"] = [str(p) for p in paths]
            if not args.json:
                print(_("plots: {paths}").format(paths=", ".join(str(p) for p in paths)))
        if (args.report or args.plot) and not args.json:
            _font_notice()
        output.append(entry)


def _play_sides(
    args: argparse.Namespace, game: Game[Any, Any, Any], sides: list[tuple[str, Variant]],
    kinds: list[tuple[Any, ...]], saved: Progress, key: str, executor: Any, notice: Callable[[str], None],
    found: Any, runs: dict[str, Summary], slug: str,
) -> float:
    """Play every side to ``args.games`` games (the games the progress file holds are not played again);
    the seconds the last side took."""
    elapsed = 0.0
    for (label, v), players_as in zip(sides, kinds, strict=True):
        start = time.perf_counter()
        done = saved.done.setdefault((label, key), {})

        def keep(result: GameResult, label: str = label, done: dict[int, GameResult] = done) -> None:
            saved.write(label, key, result)
            done[result.index] = result

        with _progress(args.games, f"{slug} ({label})", not args.json, _("games")) as advance:
            try:
                runs[label] = simulate(
                    game, v, games=args.games, seed=args.seed, players_as=players_as, progress=advance,
                    workers=args.workers, executor=executor, done={i: r for i, r in done.items() if i < args.games},
                    on_result=keep, notice=notice, measures=found,
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
    return elapsed


def _up_front(
    args: argparse.Namespace, slug: str, game: Game[Any, Any, Any], sides: list[tuple[str, Variant]],
    kinds: list[tuple[Any, ...]], saved: Progress, key: str, found: Any,
) -> str:
    """The line said before the games: who plays, why, and the time the run is expected to take, from the
    first game of each side, played here (and kept: the run does not play it again)."""
    from rulebook.balance.simulate import play_one

    cost = 0.0
    for (label, v), players_as in zip(sides, kinds, strict=True):
        done = saved.done.setdefault((label, key), {})
        if 0 not in done:
            start = time.perf_counter()
            result = play_one(game, v, args.seed, 0, players_as, found)
            cost += time.perf_counter() - start
            saved.write(label, key, result)
            done[0] = result
        else:  # resumed: the first game is in the file
            cost = -math.inf
    whos = _("; ").join(dict.fromkeys(players_text(k) for k in kinds))
    why = getattr(args, "fit_reasons", {}).get(slug, "")
    left = sum(args.games - len(saved.done.get((label, key), {})) for label, _v in sides)
    if cost < 0:
        when = _("resumed: {n} games to play").format(n=left)
    else:
        seconds = cost / len(sides) * left / max(1, min(args.workers, os.cpu_count() or 1))
        when = _("expected time: about {time} for {n} more games on {workers} workers (from the first game of "
                 "each side)").format(time=_duration(seconds), n=left, workers=args.workers)
    return _("{game}: {why}; {when}").format(game=slug, why=why or _("who plays: {who}").format(who=whos), when=when)


def _duration(seconds: float) -> str:
    """A duration for people: seconds under two minutes, else minutes.

    >>> _duration(42.4), _duration(610)
    ('42 s', '10 min')
    """
    if seconds < 120:
        return _("{n} s").format(n=max(1, round(seconds)))
    return _("{n} min").format(n=round(seconds / 60))


def _difference_json(d: Difference) -> dict[str, Any]:
    return {"metric": d.metric, "name": d.name, "group": d.group, "printed": d.printed, "variant": d.variant,
            "p_value": d.p_value, "p_holm": d.p_adjusted, "test": d.test, "significant": d.significant,
            "note": d.note, "detectable": d.detectable}
