"""The ``rulebook`` command line.

``rulebook games`` lists the games; ``rulebook options GAME`` their options;
``rulebook simulate GAME`` plays games and prints a balance report (``GAME`` may be
``all``; ``--compare`` sets a variant against the printed rules);
``rulebook verify GAME`` checks a variant's well-formedness with Hypothesis;
``rulebook replay FILE`` tells a saved game in words and checks every position;
``rulebook play GAME`` plays a game in the terminal against bots.

Variants: ``--set name=value`` (repeatable), ``--variant FILE.toml`` or
``--variant module:NAME`` / ``file.py:NAME`` (a Python :class:`~rulebook.variants.variant.Variant`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import rulebook
from rulebook.balance.players import PLAYER_KINDS
from rulebook.balance.progress import check_writable, reason
from rulebook.cli.common import (
    _name,
    _progress,
    _resume_command,
    _table,
    _variant_of,
    one_count,
    player_counts,
    say,
    terminal_width,
)
from rulebook.cli.simulate import _simulate, add_simulate_args
from rulebook.cli.verify import counts_text as _counts_text
from rulebook.cli.verify import report_table, stop_between_games, verdict
from rulebook.core.contract import Game
from rulebook.core.options import describe_options, format_value, options_help, options_json, wrap_value
from rulebook.errors import InvalidRules, OutputError, RulebookError
from rulebook.i18n import LANGUAGES, _, language, ngettext, set_language, width, wrap
from rulebook.reference import records
from rulebook.variants.variant import load_variant


def _seat_number(text: str) -> int:
    """A seat as people number it (from 1) to the 0-based seat of the API."""
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise argparse.ArgumentTypeError(_("a seat is a number from 1, not {text!r}").format(text=text[:20]))
    return int(text) - 1


def _slugs() -> str:
    return ", ".join(rulebook.GAMES)


def _per_count_help(game: Game[Any, Any, Any]) -> str:
    """How ``rulebook options`` says that any option takes one value per player count."""
    example = next((i.example for i in describe_options(game.Rules) if i.example and i.name != "players"), "")
    name, _eq, value = example.partition("=")
    low = game.player_counts[0]
    return _("Values per player count: any option but players can take one value for each count. With --set, "
             "write NAME@COUNT=VALUE ({example}; also @{low},{next} or @{low}..{next}); in a variant file, a table "
             "[rules.{name}] with {low} = VALUE. Counts not named keep the value given otherwise (else the "
             "default); each value is checked at its count.").format(
                 example=f"--set {name}@{low}={value}", low=low, next=low + 1, name=name)


def _game_arg(p: argparse.ArgumentParser, also: str = "") -> None:
    p.add_argument("game", metavar="GAME", help=f"a game slug: {_slugs()}{also} (list them: rulebook games)")


def _lang_arg(p: argparse.ArgumentParser, default: Any) -> None:
    """``--lang``, before or after the command (the command's copy sets it only when given)."""
    p.add_argument(
        "--lang", default=default, metavar="LANG",
        help=f"the language of the messages: {', '.join(LANGUAGES)} (default: from LC_ALL, LC_MESSAGES or "
        "LANG, else en)",
    )


def _sub(
    sub: Any, name: str, help: str, examples: Sequence[str]
) -> argparse.ArgumentParser:
    epilog = "games: " + _slugs() + "\n\nexamples:\n" + "\n".join(f"  {e}" for e in examples)
    parser: argparse.ArgumentParser = sub.add_parser(
        name, help=help, description=help, epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    _lang_arg(parser, argparse.SUPPRESS)
    return parser


def _variant_args(p: argparse.ArgumentParser, players_help: str = "", several: bool = False) -> None:
    p.add_argument(
        "--players", type=player_counts if several else int, default=None,
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
    _lang_arg(p, None)
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
    _variant_args(sim, "number of players (default: the variant's, else the game's default); several counts "
                  "(2,3,4 or 2..4) play every side at each count in one run, a table for each", several=True)
    add_simulate_args(sim)

    ver = _sub(sub, "verify", "check that a variant keeps the game well-formed (Hypothesis; extra 'verify')", [
        "rulebook verify witches-of-blackmore --set must_follow=true",
        "rulebook verify seven-prophecies --players 4 --examples 50 --out counterexamples/",
    ])
    _game_arg(ver)
    _variant_args(ver, "check only this number of players, or these (2,3 or 2..4) (default: every player count "
                  "the game allows)", several=True)
    ver.add_argument("--games", "--examples", dest="examples", type=int, default=100, metavar="N",
                     help="games to play and check, shared out over the player counts (default 100)")
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
        "rulebook replay game.json --seat 1   (only what seat 1 could see)",
        "rulebook replay game.json --html game.html   (watch it in a browser, step by step)",
    ])
    rep.add_argument("file", metavar="FILE",
                     help="a game record (JSON) saved by play, verify or rulebook.reference.records")
    rep.add_argument("--variant", default=None, metavar="REF", help="the Python variant whose hooks to check")
    rep.add_argument("--seat", type=_seat_number, default=None, metavar="S",
                     help="tell the game from seat S's view only (seats are numbered from 1)")
    rep.add_argument("--actions", action="store_true", help="list every action with the scores instead")
    rep.add_argument("--quiet", action="store_true", help="print only the outcome, not the story")
    rep.add_argument("--html", default=None, metavar="FILE.html",
                     help=_("write the game as one web page instead of printing the story: the whole table at "
                            "every step, every hand face up, the story beside it (no network needed)"))

    pl = _sub(sub, "play", "play a whole game in the terminal against bots", [
        "rulebook play witches-of-blackmore",
        "rulebook play seven-prophecies --players 4 --seat 1 --seat 3 --opponents random",
        "rulebook play utsuke --set players=3 --seed 7 --out my-game.json",
        "printf '1\\n1\\n' | rulebook play witches-of-blackmore   (one move per line)",
    ])
    _game_arg(pl)
    _variant_args(pl)
    pl.add_argument("--seat", type=_seat_number, action="append", default=None, metavar="S",
                    help="the seat you play, numbered from 1 as at the table; repeatable for hot-seat; default 1")
    pl.add_argument("--opponents", default=None, metavar="KIND[,KIND...]",
                    help=f"player kind of the other seats, one or one per seat: {', '.join(PLAYER_KINDS)} "
                    "(ismcts:N searches N iterations) "
                    "(default heuristic; with --resume, the saved game's)")
    pl.add_argument("--seed", type=int, default=None, help="seed of the deal (default: a random one, printed)")
    pl.add_argument("--out", default=None, metavar="FILE",
                    help="where to save the record (default: rulebook-play-GAME-seedN.json in the current folder)")
    pl.add_argument("--speed", metavar="SECONDS|key", help="pause between bot moves (0-60 s, default 0.7) or key")
    pl.add_argument("--resume", metavar="FILE", help="continue this saved, unfinished game (saved back into FILE)")
    rl = _sub(sub, "rules", "print a game's rules: one rule with its rulings, a section, or the list",
              ["rulebook rules witches-of-blackmore WB-TRICK-2", "rulebook rules utsuke bidding"])
    _game_arg(rl)
    rl.add_argument("rule", nargs="?", metavar="RULE-ID|SECTION", help="a rule ID or a section (default: the list)")
    return p

# -- verify and replay ------------------------------------------------------------------


def _verify(args: argparse.Namespace) -> int:
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
    where = out / f"verify-{game.slug}-seed{args.seed}.json" if out.is_dir() else out
    check_writable(where, "--out")  # a failing game must not be lost to a bad path
    if args.progress is not None and args.resume is not None:
        raise RulebookError("give --progress (a new run) or --resume (an old one), not both")
    log = Path(args.resume or args.progress or f"rulebook-verify-{game.slug}-seed{args.seed}.progress.jsonl")
    if args.resume is None:
        check_writable(log, "--progress")
    if args.examples < 1:
        raise RulebookError("--games must be at least 1")
    shares = plan(variant, args.examples, players)
    total = sum(games for _count, games in shares)
    if not args.json:
        say(ngettext("checking {count} game of {game}: {counts};", "checking {count} games of {game}: {counts};",
                     total).format(count=total, game=_name(game), counts=_counts_text(shares)))
        say(_("a failing game would be saved to {path} (--out)").format(path=where))
    try:
        with _progress(total, f"verify {game.slug}", not args.json) as advance, stop_between_games() as stop:
            def step(n: int) -> None:
                advance(n)
                stop()

            report = verify(game, variant, examples=args.examples, seed=args.seed, players=players,
                            boundary_every=args.boundary_every, save=args.out, progress=step,
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
    say(first)
    for line in rest:  # a record's path and the command that replays it, whole
        print(line)
    return 0 if report.ok else 1


def _replay(args: argparse.Namespace) -> int:
    from rulebook.variants.verify import walk

    try:
        record = records.load(args.file)
    except OSError as exc:
        raise RulebookError(_("cannot read {path}: {reason}").format(path=args.file, reason=exc.strerror)) from None
    game = rulebook.get_game(record.game)
    if args.html is not None and args.seat is not None:
        raise RulebookError(_("--html shows every hand; it cannot be told from one seat (leave out --seat)"))
    if args.html is not None:
        check_writable(args.html, "--html")  # a bad path is found before the work
    failure = record.meta.get("failure") if isinstance(record.meta.get("failure"), dict) else None
    # Data never names code that runs: Python hooks come only from --variant, and the
    # record's description of its variant is only compared with the one supplied.
    ref = args.variant
    variant = load_variant(game, ref) if ref else None
    records.check_variant(record, variant.describe() if variant is not None else None)
    if variant is not None and not args.quiet:
        print(_("checking with the hooks of variant {name} ({ref})").format(name=f"{variant.name!r}", ref=ref))
    wrote = ""
    if args.html is not None:
        from rulebook.reference.replay_html import write_replay_page

        try:
            write_replay_page(record, args.html)
        except OSError as exc:
            raise OutputError(args.html, reason(exc), "--html") from None
        wrote = _("wrote {path}: {steps} steps, from the deal to the last move; open it in a web browser").format(
            path=args.html, steps=len(record.actions) + 1)
    elif args.seat is None and not args.actions and not args.quiet:
        from rulebook.reference.narrate import narrate

        try:
            story = narrate(record)
        except RulebookError:
            story = []
        for line in story:
            print(line)
    elif args.seat is not None:
        from rulebook.reference.narrate import narrate

        players = record.rules.get("players") if isinstance(record.rules, dict) else None
        if isinstance(players, int) and not args.seat < players:
            raise RulebookError(_("--seat {seat} is not a seat of this game: seats are 1–{players}").format(
                seat=args.seat + 1, players=players))
        try:
            story = narrate(record, args.seat)
        except ValueError as exc:
            raise RulebookError(str(exc)) from None
        for line in story:
            print(line)
    if args.actions or args.quiet or wrote:
        dealt = _("seed {seed}").format(seed=record.seed) if record.seed is not None else _("dealt as recorded")
        print(_("{game}, {n} actions, {dealt}").format(game=_name(game), n=len(record.actions), dealt=dealt))
    if wrote:
        print(wrote)
    broke = None
    last = None
    for step in walk(record, variant):
        last = step
        if args.actions and step.action is not None:
            scores = (variant.scores(step.state) if variant else step.state.scores)
            who = _("seat {n}").format(n=step.seat + 1) if step.seat is not None else "-"
            label = _("scores")
            print(f"  #{step.index:<4} {who}: {step.action:<16} {label} {', '.join(str(p) for p in scores)}")
        if step.violation is not None:
            v = step.violation
            broke = v
            print(_("✗ broken at action #{n} [{rule}] {check}: {message}").format(
                n=step.index, rule=v.rule, check=v.check, message=v.message))
            break
    if failure is not None:
        nxt = _("; next move {action}").format(action=failure["next_action"]) if failure.get("next_action") else ""
        print(_("recorded failure: [{rule}] {check}: {message}{next}").format(
            rule=failure.get("rule"), check=failure.get("check"), message=failure.get("message"), next=nxt)
              .replace("\n", " "))
    if broke is None and failure is None:
        state = last.state if last is not None else None
        end = _("game over") if state is not None and state.is_terminal else _("game not over")
        print(_("✓ every position passed the checks ({end})").format(end=end))
        return 0
    return 1


def _play(args: argparse.Namespace) -> int:
    from rulebook.table.play import play_command

    game = rulebook.get_game(args.game)
    return play_command(game, args, lambda: _variant_of(game, args))


def _rules(args: argparse.Namespace) -> int:
    from rulebook.reference.rules_text import rules_command

    return rules_command(rulebook.get_game(args.game), args.rule)


def _error(message: str) -> None:
    """Print a one-line error on stderr (long or multi-line messages are cut to one line)."""
    lines = str(message).splitlines() or [""]
    first = lines[0] if len(lines[0]) <= 500 else lines[0][:497] + "..."
    print(_("rulebook: error: {message}").format(message=first), file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    0: success; 1: a check failed (``verify``, ``replay``); 2: a usage or input
    error (one line on stderr); 3: an internal error (one line; ``--debug``
    shows the traceback).

    Messages are in the language of ``--lang`` (before or after the command), else of the
    locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English; the language
    in force before the call is restored after it.
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse printed its usage message
        return exc.code if isinstance(exc.code, int) else 2
    args.argv = list(argv if argv is not None else sys.argv[1:])
    previous = language()
    try:
        set_language(args.lang)
    except ValueError as exc:
        _error(f"--lang: {exc}")
        return 2
    try:
        return _main(args)
    finally:
        set_language(previous)


def _main(args: argparse.Namespace) -> int:
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
        print(_("rulebook: interrupted"), file=sys.stderr)
        return 130
    except (RulebookError, ValueError) as exc:  # every user error is a ValueError (rulebook.errors)
        if args.debug:
            raise
        game = getattr(args, "game", None)
        hint = (_("; see rulebook options {game}").format(game=game) if isinstance(exc, InvalidRules)
                and "unknown option" not in str(exc) and isinstance(game, str) and game in rulebook.GAMES else "")
        first = str(exc).partition("\n")[0]
        _error(first + hint)
        return 2
    except RecursionError:
        if args.debug:
            raise
        _error(_("input nested too deeply"))
        return 2
    except OSError as exc:  # a file or the disk, not a bug: say which, in one line
        if args.debug:
            raise
        _error(_("cannot use {file}: {reason}").format(file=exc.filename or _("a file"), reason=reason(exc)))
        return 2
    except Exception as exc:
        if args.debug:
            raise
        what = str(exc).splitlines()[0][:300] if str(exc) else ""
        print(_("rulebook: internal error: {error} (run with --debug for the traceback)").format(
            error=f"{type(exc).__name__}: {what}"), file=sys.stderr)
        return 3


def _rulesets(game: Game[Any, Any, Any], as_json: bool) -> int:
    if as_json:
        print(json.dumps({"game": game.slug, "rulesets": [r.to_json() for r in game.rulesets]}, indent=1,
                         ensure_ascii=False))
        return 0
    infos = {i.name: i for i in describe_options(game.Rules)}
    heading = _("Rulesets of {game} (use one with --ruleset NAME):").format(game=_name(game))
    columns = terminal_width()
    print("\n".join(wrap(heading, columns, "", "  ")) + "\n")
    for r in game.rulesets:
        print(r.name)
        print("\n".join(wrap(_(r.description), columns, "  ", "  ")))
        values = " ".join(f"{k}={format_value(infos[k], v)}" for k, v in r.values.items()) or _("(nothing changed)")
        label = "  " + _("sets:") + " "
        print("\n".join(wrap_value(values, columns, label, " " * width(label))))
        if r.rules:
            print("  " + _("rules:") + " " + ", ".join(r.rules))
    return 0


def _run(args: argparse.Namespace) -> int:
    if args.command == "games":
        rows = [
            [slug, _(g.title), f"{min(g.player_counts)}-{max(g.player_counts)}", g.prefix]
            for slug, g in rulebook.GAMES.items()
        ]
        _table("rulebook games", [_("slug"), _("game"), _("players"), _("rule prefix")], rows)
        return 0
    if args.command == "options":
        game = rulebook.get_game(args.game)
        if args.json:
            print(json.dumps({"game": game.slug, "options": options_json(game.Rules)}, indent=1, ensure_ascii=False))
            return 0
        heading = _("Options of {game} (set one with --set NAME=VALUE):").format(game=_name(game))
        print("\n".join(wrap(heading, terminal_width(), "", "  ")) + "\n")
        print(options_help(game.Rules, terminal_width()))
        print("\n" + "\n".join(wrap(_per_count_help(game), terminal_width())))
        return 0
    if args.command == "rulesets":
        return _rulesets(rulebook.get_game(args.game), args.json)
    if args.command == "verify":
        return _verify(args)
    if args.command == "replay":
        return _replay(args)
    if args.command == "play":
        return _play(args)
    if args.command == "rules":
        return _rules(args)
    return _simulate(args)


if __name__ == "__main__":
    sys.exit(main())
