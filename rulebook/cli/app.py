"""The ``rulebook`` command line: the parser, ``main`` and how every command ends (exit codes, one-line
errors, Ctrl-C and SIGTERM). Each command is a module of its own: :mod:`rulebook.cli.info` (``games``,
``options``, ``rulesets``, ``rules``), :mod:`rulebook.cli.simulate`, :mod:`rulebook.cli.tune`,
:mod:`rulebook.cli.verify`, :mod:`rulebook.cli.replay` and :mod:`rulebook.cli.play`.

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
import contextlib
import os
import signal
import sys
from collections.abc import Iterator, Sequence
from typing import Any

import rulebook
from rulebook.cli import info
from rulebook.cli import play as cli_play
from rulebook.cli import replay as cli_replay
from rulebook.cli import simulate as cli_simulate
from rulebook.cli import tune as cli_tune
from rulebook.cli import verify as cli_verify
from rulebook.cli.common import error, lang_arg, slugs
from rulebook.cli.simulate import _simulate
from rulebook.core.progress import reason
from rulebook.errors import InvalidRules, RulebookError
from rulebook.i18n import _, language, set_language
from rulebook.variants.hooks import set_time_limit


def _parser() -> argparse.ArgumentParser:
    about = (rulebook.__doc__ or "rulebook").splitlines()[0]
    p = argparse.ArgumentParser(
        prog="rulebook", description=about, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="games: " + slugs() + "\n\nexamples:\n  rulebook games\n  rulebook play witches-of-blackmore"
        "\n  rulebook simulate all --games 200 --seed 1\n  rulebook verify witches-of-blackmore --set must_follow=true"
        "\n\nrulebook COMMAND --help shows each command's options and examples.",
    )
    p.add_argument("--version", action="version", version=f"rulebook {rulebook.__version__}")
    p.add_argument("--debug", action="store_true", help="show the Python traceback of an internal error")
    lang_arg(p, None)
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    info.add_arguments(sub)
    cli_simulate.add_arguments(sub)
    cli_tune.add_arguments(sub)
    cli_verify.add_arguments(sub)
    cli_replay.add_arguments(sub)
    cli_play.add_arguments(sub)
    return p


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
        error(f"--lang: {exc}")
        return 2
    try:
        return _main(args)
    finally:
        set_language(previous)


#: set when SIGTERM arrived: the command stops as after Ctrl-C, and exits with 143 (128 + 15)
_terminated: list[bool] = [False]


def _on_sigterm(signum: int, frame: Any) -> None:
    _terminated[0] = True
    raise KeyboardInterrupt


@contextlib.contextmanager
def _sigterm_as_interrupt() -> Iterator[None]:
    """SIGTERM (``kill``, systemd, CI) stops the command as Ctrl-C does: progress is saved and the
    resume command printed (main thread only; elsewhere the signal keeps its handler)."""
    _terminated[0] = False
    try:
        previous = signal.signal(signal.SIGTERM, _on_sigterm)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _main(args: argparse.Namespace) -> int:
    set_time_limit(getattr(args, "hook_time_limit", None))
    try:
        with _sigterm_as_interrupt():
            code = _main_unguarded(args)
        return 143 if _terminated[0] and code == 130 else code
    finally:
        set_time_limit(None)


def _main_unguarded(args: argparse.Namespace) -> int:
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
        print(_("rulebook: terminated") if _terminated[0] else _("rulebook: interrupted"), file=sys.stderr)
        return 130
    except (RulebookError, ValueError) as exc:  # every user error is a ValueError (rulebook.errors)
        if args.debug:
            raise
        game = getattr(args, "game", None)
        hint = (_("; see rulebook options {game}").format(game=game) if isinstance(exc, InvalidRules)
                and "unknown option" not in str(exc) and isinstance(game, str) and game in rulebook.GAMES else "")
        first = str(exc).partition("\n")[0]
        error(first + hint)
        return 2
    except RecursionError:
        if args.debug:
            raise
        error(_("input nested too deeply"))
        return 2
    except OSError as exc:  # a file or the disk, not a bug: say which, in one line
        if args.debug:
            raise
        error(_("cannot use {file}: {reason}").format(file=exc.filename or _("a file"), reason=reason(exc)))
        return 2
    except Exception as exc:
        if args.debug:
            raise
        what = str(exc).splitlines()[0][:300] if str(exc) else ""
        print(_("rulebook: internal error: {error} (run with --debug for the traceback)").format(
            error=f"{type(exc).__name__}: {what}"), file=sys.stderr)
        return 3


def _run(args: argparse.Namespace) -> int:
    if args.command in info.COMMANDS:
        return info.run(args)
    if args.command == "verify":
        return cli_verify.run(args)
    if args.command == "replay":
        return cli_replay.run(args)
    if args.command == "play":
        return cli_play.run(args)
    if args.command == "tune":
        return cli_tune.run(args)
    return _simulate(args)


if __name__ == "__main__":
    sys.exit(main())
