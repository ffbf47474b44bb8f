"""``rulebook verify GAME``: its arguments, its files (the counterexample, the progress file), the
progress bar, and what it says in the language shown: the plan, the report table and the verdict;
Ctrl-C between games."""

from __future__ import annotations

import argparse
import contextlib
import json
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import rulebook
from rulebook.cli.common import _changes as changes_text
from rulebook.cli.common import (
    _name,
    _progress,
    _resume_command,
    _table,
    _variant_of,
    force_arg,
    game_arg,
    hook_time_arg,
    one_count,
    per_count_text,
    say,
    subcommand,
    variant_args,
    whole_number,
)
from rulebook.core.contract import Game
from rulebook.core.files import free_name
from rulebook.core.progress import check_writable, writable_or_elsewhere
from rulebook.core.terminal import escape_controls
from rulebook.errors import RulebookError
from rulebook.i18n import N_, _, ngettext
from rulebook.variants.variant import Variant
from rulebook.variants.verify import CHECKS, Report

__all__ = [
    "add_arguments", "changes_text", "counts_text", "hooks_text", "notes", "report_table", "run",
    "stop_between_games", "variant_text", "verdict",
]


def counts_text(shares: Sequence[tuple[int, int]]) -> str:
    """``at 2, 3 and 4 players (34, 33 and 33 games)``: which counts verify checks, and how many games each.

    >>> counts_text([(2, 20), (3, 20)])
    'at 2 and 3 players (20 each)'
    """
    def words(items: Sequence[str]) -> str:
        if len(items) == 1:
            return items[0]
        # TRANSLATORS: the end of a list of numbers: "2, 3 and 4"
        return _("{items} and {last}").format(items=_(", ").join(items[:-1]), last=items[-1])

    counts = [n for n, _games in shares]
    at = ngettext("at {counts} player", "at {counts} players", counts[-1]).format(
        counts=words([str(n) for n in counts]))
    if len(shares) == 1:
        return at
    games = [g for _count, g in shares]
    if len(set(games)) == 1:
        each = _("{count} each").format(count=games[0])
    else:
        each = ngettext("{counts} game", "{counts} games", games[-1]).format(counts=words([str(g) for g in games]))
    return _("{at} ({each})").format(at=at, each=each)


@contextlib.contextmanager
def stop_between_games() -> Iterator[Callable[[], None]]:
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


#: An added step in the report's words, from its description (``Variant.describe()["phases"]``).
_STEP_WORDS = {
    "pass": N_("pass {cards} to the {to} before {before}"),
    "reveal": N_("show {cards} before {before}"),
    "draft": N_("draft {cards} {element}, keep {keep}, before {before}"),
    "exchange": N_("exchange {cards} ({element}) before {before}"),
}


def variant_text(variant: Variant) -> str:
    """``short (hand_size=5; hooks: scores)``: the variant's name and what it changes."""
    printed = _("printed rules")
    name = printed if variant.name == "printed rules" else variant.name
    changes = changes_text(variant)
    if variant.per_count:  # the values per count, not their values at the variant's own count
        counted = {c.name for c in variant.per_count}
        plain = ", ".join(part for part in changes.split(", ") if part and part.partition("=")[0] not in counted)
        changes = ", ".join(p for p in (plain, per_count_text(variant)) if p)
    described = variant.describe()
    parts = [changes] if changes else []
    hooks = described.get("hooks")
    if hooks:
        parts.append(_("hooks: {hooks}").format(hooks=", ".join(hooks)))
    # what a variant file adds besides options: added steps, turn rules, seats and lords that play by a rule
    steps = [_(_STEP_WORDS[p["kind"]]).format(**p) if p.get("kind") in _STEP_WORDS else str(p.get("kind"))
             for p in described.get("phases", ())]
    if steps:
        parts.append(_("added steps: {steps}").format(steps=", ".join(steps)))
    turns = described.get("turns")
    if turns:
        parts.append(_("turns: {turns}").format(turns=", ".join(f"{k}={v}" for k, v in turns.items())))
    seats = described.get("seats")
    if seats:
        parts.append(_("seats played by a rule: {seats}").format(seats=", ".join(
            f"{s}={r['policy']}" + ("" if r["score"] else _(" (never wins)")) for s, r in seats.items())))
    said = "; ".join(parts)
    if not said:
        return name if name == printed else f"{name} ({printed})"
    return name if said == name else f"{name} ({said})"


def report_table(game: Game[Any, Any, Any], variant: Variant, report: Report,
                 thorough: bool) -> tuple[str, list[str], list[list[str]]]:
    """``(title, header, rows)`` of the report table: what was checked, then each check's result."""
    seconds = _("{seconds:.1f} s (Hypothesis seed {seed})") if not thorough else _(
        "{seconds:.1f} s (Hypothesis seed {seed}, thorough)")
    rows = [
        [_("variant"), variant_text(variant)],
        [_("player counts"), ", ".join(str(n) for n in report.players)],
        [_("games / positions checked"), f"{report.games} / {report.states}"],
        [_("time"), "; ".join(part for part in (seconds.format(seconds=report.seconds, seed=report.seed),
                                                 hooks_text(report)) if part)],
    ]
    failed = report.failure
    labels = {"game invariant": _("{prefix}-* game invariants (check_invariants)").format(prefix=game.prefix),
              "variant invariant": _("the variant's invariants")}
    for name in [*CHECKS, "game invariant", "variant invariant"]:
        if name == "variant invariant" and not variant.invariants:
            continue
        status = _("passed") if failed is None else (_("FAILED") if failed.check == name else "-")
        rows.append([labels.get(name, name), status])
    return f"rulebook verify {game.slug}", [_("check"), _("result")], rows


def notes(report: Report) -> list[str]:
    """The report's warnings, each with the record of a game that shows it, in the language shown."""
    out = []
    for w in report.warnings:
        if w.nobody_scored:
            text = ngettext("every one of the {count} game checked ended with nobody scoring (every score 0)",
                            "every one of the {count} games checked ended with nobody scoring (every score 0)",
                            w.games)
        else:
            text = ngettext("every one of the {count} game checked ended with all seats tied",
                            "every one of the {count} games checked ended with all seats tied", w.games)
        out.append(_("warning [{check}]: {message}; the variant's scores or ending may be wrong").format(
            check=w.check, message=text.format(count=w.games)))
        if w.path:
            out.append("  " + _("record: {path}").format(path=w.path))
    return out


def hooks_text(report: Report) -> str:
    """``hooks took 62% of the time (3.1 s of 5.0 s)``, or ``""`` when the variant has no hooks."""
    if report.hook_seconds is None:
        return ""
    return _("hooks took {percent}% of the time ({hooks} s of {seconds} s)").format(
        percent=round(100 * (report.hook_share or 0.0)), hooks=f"{report.hook_seconds:.1f}",
        seconds=f"{report.seconds:.1f}")


def verdict(variant: Variant, report: Report) -> list[str]:
    """The lines after the table: OK, or the failure with its rule, the record and how to replay it; then
    the warnings (:func:`notes`). The hooks' share of the time is in the table's time row."""
    failed = report.failure
    if failed is None:
        return [_("OK: {count} contract checks and the game's invariants held in every game checked.").format(
            count=len(CHECKS)), *notes(report)]
    actions = len(failed.record.actions)
    source = variant.source if ":" in variant.source or variant.source.endswith(".py") else ""
    command = f"rulebook replay {failed.path}" + (f" --variant {source}" if source else "")
    return [
        _("FAILED [{rule}] {check}: {message}").format(rule=failed.rule, check=failed.check, message=failed.message),
        "  " + ngettext("after {count} action (the smallest failing game Hypothesis found)",
                        "after {count} actions (the smallest failing game Hypothesis found)", actions).format(
            count=actions),
        "  " + _("record: {path}").format(path=failed.path),
        "  " + _("replay: {command}").format(command=command),
        *notes(report),
    ]


#: The most games one ``verify`` run checks (a larger number is a slip: a million games take days).
MAX_GAMES = 1_000_000


def add_arguments(sub: Any) -> None:
    """``verify``'s parser."""
    ver = subcommand(sub, "verify", "check that a variant keeps the game well-formed (Hypothesis; extra 'verify')", [
        "rulebook verify witches-of-blackmore --set must_follow=true",
        "rulebook verify seven-prophecies --players 4 --examples 50 --out counterexamples/",
    ])
    game_arg(ver)
    variant_args(ver, "check only this number of players, or these (2,3 or 2..4) (default: every player count "
                 "the game allows)", several=True)
    ver.add_argument("--games", "--examples", dest="examples", type=whole_number, default=100, metavar="N",
                     help="games to play and check, shared out over the player counts (default 100)")
    ver.add_argument("--seed", type=whole_number, default=0, help="Hypothesis seed (default 0)")
    ver.add_argument(
        "--thorough", action="store_true",
        help="check the observation boundary at every position for every seat and replay every record "
        "(default: a seeded sample of positions and records, in seconds)",
    )
    ver.add_argument(
        "--boundary-every", type=whole_number, default=None, metavar="K",
        help="check the observation boundary for every seat every K positions (default: a seeded sample)",
    )
    ver.add_argument(
        "--out", default=".", metavar="PATH",
        help="where to save a counterexample record, only when a check fails: a file, or a directory "
        "(default: the current folder, as verify-GAME-seedN.json, or verify-GAME-seedN-2.json and so on when "
        "that name is taken); the path is printed",
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
    hook_time_arg(ver)
    force_arg(ver)



def run(args: argparse.Namespace) -> int:
    """Run ``rulebook verify``."""
    from rulebook.variants.verify import plan, verify

    game = rulebook.get_game(args.game)
    counts = one_count(args)
    variant = _variant_of(game, args)
    # a count fixed by any source (--players, --set, a file, a ruleset) is the only one checked
    players: int | tuple[int, ...] | None = variant.rules.players if variant.players_fixed else None
    if counts is not None and len(counts) > 1:
        players = counts
    if args.boundary_every is not None and args.boundary_every < 1:
        raise RulebookError("--boundary-every must be at least 1")
    out = Path(args.out)
    # a default name never replaces an earlier counterexample: -2, -3... when it is taken
    where = free_name(out / f"verify-{game.slug}-seed{args.seed}.json") if out.is_dir() else out
    # a failing game must not be lost to a bad path
    check_writable(where, "--out", "record", force=getattr(args, "force", False))
    if args.progress is not None and args.resume is not None:
        raise RulebookError("give --progress (a new run) or --resume (an old one), not both")
    log = Path(args.resume or args.progress or f"rulebook-verify-{game.slug}-seed{args.seed}.progress.jsonl")
    if args.progress is not None:
        check_writable(log, "--progress", "progress", force=getattr(args, "force", False))
    elif args.resume is None:  # the default file: where the run can write it
        log, notice = writable_or_elsewhere(log, "--progress", getattr(args, "force", False))
        if notice:
            print(notice, file=sys.stderr)
    if not 1 <= args.examples <= MAX_GAMES:
        raise RulebookError(f"--games must be from 1 to {MAX_GAMES:,}")
    shares = plan(variant, args.examples, players)
    total = sum(games for _count, games in shares)
    if not args.json:
        say(ngettext("checking {count} game of {game}: {counts};", "checking {count} games of {game}: {counts};",
                     total).format(count=total, game=_name(game), counts=counts_text(shares)))
        say(_("a failing game would be saved to {path} (--out)").format(path=where))
    try:
        with _progress(total, f"verify {game.slug}", not args.json) as advance, stop_between_games() as stop:
            def step(n: int) -> None:
                advance(n)
                stop()

            report = verify(game, variant, examples=args.examples, seed=args.seed, players=players,
                            boundary_every=args.boundary_every, save=where, progress=step,
                            thorough=args.thorough, progress_file=None if args.resume else log, resume=args.resume)
    except KeyboardInterrupt:
        print(_("rulebook: interrupted: the player counts checked so far are saved in {path}; resume with: "
                "{command}").format(path=log, command=_resume_command(args, log)), file=sys.stderr)
        return 130
    if args.resume is None and args.progress is None:
        log.unlink(missing_ok=True)
    if args.json:
        print(json.dumps(report.to_json(), indent=1))
        return 0 if report.ok else 1
    title, header, rows = report_table(game, variant, report, args.thorough)
    _table(title, header, rows, right=False)
    first, *rest = verdict(variant, report)
    say(escape_controls(first, keep_newlines=True))
    for line in rest:  # a record's path and the command that replays it, whole
        print(escape_controls(line))
    return 0 if report.ok else 1


