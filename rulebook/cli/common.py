"""Helpers the command line's commands share: tables, progress bars, variants from the arguments."""

from __future__ import annotations

import argparse
import os
import re
import shlex
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs

import rulebook
from rulebook.core.contract import Game
from rulebook.core.options import describe_options, format_value, parse_counts
from rulebook.core.terminal import escape_controls
from rulebook.errors import InvalidRules
from rulebook.i18n import LANGUAGES, _, wrap
from rulebook.i18n import width as cells
from rulebook.variants.hooks import DEFAULT_TIME_LIMIT
from rulebook.variants.variant import Variant, resolve

#: The width of output that goes to no terminal (a file, a pipe), unless ``COLUMNS`` says otherwise.
PLAIN_WIDTH = 80
#: A column of text (words) is given at least this many columns when it has longer words; the
#: first column (the row names), at least a third of the width.
TEXT_MIN = 16


def terminal_width() -> int:
    """The columns output is laid out in: ``COLUMNS`` when set, else the terminal's width, else 80
    (output redirected to a file or a pipe)."""
    value = os.environ.get("COLUMNS", "")
    if value.isdigit() and int(value) > 0:
        return int(value)
    try:
        return os.get_terminal_size(sys.stdout.fileno()).columns
    except (OSError, ValueError, AttributeError):
        return PLAIN_WIDTH


def say(text: str, width: int | None = None) -> None:
    """Print ``text`` with each of its lines wrapped to the terminal (at spaces, never inside a word
    or a number; Japanese also between wide characters). Indented lines keep their indent."""
    columns = width or terminal_width()
    out: list[str] = []
    for line in text.split("\n"):
        indent = line[:len(line) - len(line.lstrip(" "))]
        out.extend(wrap(line.strip(" "), columns, indent, indent + "  " if indent else "") or [""])
    print("\n".join(out))


def _tokens_width(text: str) -> int:
    """The widest piece ``text`` can be wrapped into: its longest word (a wide character on its own)."""
    return max((cells(line) for part in text.split("\n") for line in wrap(part, 1)), default=0)


def _lines_width(text: str) -> int:
    return max((cells(line) for line in text.split("\n")), default=0)


def _wrapped(text: str, columns: int) -> str:
    return "\n".join(line for part in text.split("\n") for line in (wrap(part, columns) or [""]))


@attrs.frozen
class Layout:
    """One block of a table laid out to fit a width: the columns shown (their indices, the first
    column always) and each one's width; the cells are wrapped to it by :func:`layout_table`."""

    columns: tuple[int, ...]
    widths: tuple[int, ...]
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    #: for each column shown: it holds figures (set right), not words (set left)
    figures: tuple[bool, ...] = ()


def layout_table(header: Sequence[str], rows: Sequence[Sequence[str]], width: int, *, gap: int = 3,
                 edge: int = 1) -> list[Layout]:
    """Lay a table out in ``width`` columns: as one block when it fits, else as several blocks
    that each repeat the first column (the row names) with as many other columns as fit.

    Names and headings wrap at spaces (Japanese also between wide characters) and never inside
    a word; a cell that holds figures (any digit) stays on one line when the column has room for
    it, and never breaks inside a number. ``gap``: columns each column adds (padding and rule);
    ``edge``: the columns of the table's outer edges. Returns the blocks, cells wrapped.
    """
    n = len(header)
    column = [[str(row[j]) if j < len(row) else "" for row in rows] for j in range(n)]
    heads = [str(h) for h in header]
    figures = [j > 0 and any(any(ch.isdigit() for ch in c) for c in column[j]) for j in range(n)]

    def least(j: int) -> int:  # the narrowest the column may be
        words = max([_tokens_width(heads[j]), *(_tokens_width(c) for c in column[j])])
        if figures[j]:
            whole = max((_lines_width(c) for c in column[j]), default=0)
            return max(words, whole if whole <= width // 3 else words)
        natural = max([_lines_width(heads[j]), *(_lines_width(c) for c in column[j])])
        return max(words, min(natural, max(TEXT_MIN, width // 3) if j == 0 else TEXT_MIN))

    def natural(j: int) -> int:
        return max([_lines_width(heads[j]), *(_lines_width(c) for c in column[j])])

    low = [least(j) for j in range(n)]
    body = [max((_lines_width(c) for c in column[j]), default=0) for j in range(n)]
    full = [natural(j) for j in range(n)]
    room = width - edge
    groups: list[list[int]] = []
    group: list[int] = []
    used = low[0] + gap if n else 0
    for j in range(1, n):
        if group and used + low[j] + gap > room:
            groups.append(group)
            group, used = [], low[0] + gap
        group.append(j)
        used += low[j] + gap
    if group or not groups:
        groups.append(group)
    out = []
    for group in groups:
        cols = [0, *group] if n else []
        widths = {j: low[j] for j in cols}
        spare = room - sum(widths[j] + gap for j in cols)
        # the spare columns go to figures on one line first, then to the row names (a wrapped
        # name costs a line a row), then to whole headings
        stages = [[(j, body[j]) for j in group if figures[j]], [(0, full[0])], [(j, full[j]) for j in cols]]
        for j, target in (item for stage in stages for item in stage):
            more = min(spare, target - widths[j])
            if more > 0:
                widths[j] += more
                spare -= more
        out.append(Layout(
            tuple(cols), tuple(widths[j] for j in cols), tuple(_wrapped(heads[j], widths[j]) for j in cols),
            tuple(tuple(_wrapped(column[j][i], widths[j]) for j in cols) for i in range(len(rows))),
            tuple(figures[j] for j in cols),
        ))
    return out


def _table(
    title: str, header: Sequence[str], rows: Sequence[Sequence[str]], marked: Sequence[bool] = (), right: bool = True,
    headings: Sequence[bool] = (), width: int | None = None,
) -> None:
    """A table on stdout (rich when installed): ``marked`` rows stand out, ``headings`` rows open a section.

    It fits ``width`` columns (default: :func:`terminal_width`): a table too wide for it is shown
    as several blocks, each with the row names and the columns that fit (:func:`layout_table`);
    names and headings wrap at spaces, figures never break. Control characters (from a variant's
    name, a record) are shown escaped.
    """
    title = escape_controls(title, keep_newlines=True)
    header = [escape_controls(str(h), keep_newlines=True) for h in header]
    rows = [[escape_controls(str(x), keep_newlines=True) for x in row] for row in rows]
    columns = width or terminal_width()
    try:
        from rich.console import Console
        from rich.markup import escape
        from rich.table import Table
    except ImportError:  # the cli extra is not installed: plain text
        say(title, columns)
        for block in layout_table(header, rows, columns, gap=2, edge=0):
            for row in (block.header, *block.rows):
                parts = [c.split("\n") for c in row]
                for k in range(max(len(p) for p in parts)):
                    line = [(p[k] if k < len(p) else "") for p in parts]
                    print("  ".join((x.rjust if right and block.figures[i] else x.ljust)(w - cells(x) + len(x))
                                    for i, (x, w) in enumerate(zip(line, block.widths, strict=True))).rstrip())
        return
    console = Console(width=columns)
    for number, block in enumerate(layout_table(header, rows, columns)):
        total = sum(block.widths) + 3 * len(block.widths) + 1
        table = Table(title=escape(_wrapped(title, total) if number == 0 else ""), show_edge=True)
        for i, (h, w) in enumerate(zip(block.header, block.widths, strict=True)):
            table.add_column(escape(h), justify="right" if right and block.figures[i] else "left", no_wrap=True,
                             width=w, min_width=w, max_width=w)
        for i, row in enumerate(block.rows):
            heading = i < len(headings) and headings[i]
            if heading and i:
                table.add_section()
            style = "bold yellow" if i < len(marked) and marked[i] else "bold" if heading else None
            table.add_row(*[escape(x) for x in row], style=style)
        console.print(table)


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


def _changes(variant: Variant) -> str:
    """``must_follow=true, hand_size=5``: the options a variant changes, in the ``--set`` syntax."""
    infos = {i.name: i for i in describe_options(type(variant.rules))}
    parts = []
    for k in variant.changes():
        if k == "visible":  # one option per hidden element: visible.<element>
            printed = type(variant.rules)(players=variant.rules.players).visible
            parts += [f"visible.{e}={v}" for e, v in variant.rules.visible.items() if printed.get(e) != v]
            continue
        parts.append(f"{k}={format_value(infos[k], getattr(variant.rules, k))}")
    return ", ".join(parts)


def per_count_text(variant: Variant) -> str:
    """``colours@2,3=R,B,G,Y,P``: the values a variant gives per player count, in the ``--set`` syntax
    (counts with the same value together); ``""`` when it gives none."""
    infos = {i.name: i for i in describe_options(type(variant.rules))}
    out = []
    for c in variant.per_count:
        texts: dict[str, list[int]] = {}
        for n, value in c.values:
            texts.setdefault(format_value(infos[c.name], value), []).append(n)
        out += [f"{c.name}@{','.join(map(str, ns))}={text}" for text, ns in texts.items()]
    return ", ".join(out)


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


def player_counts(text: str) -> tuple[int, ...]:
    """``--players`` of simulate and verify: one count (``4``), several (``2,3,4``) or a range (``2..4``)."""
    try:
        counts = parse_counts("players", text)
    except InvalidRules:
        raise argparse.ArgumentTypeError(f"expected a player count (4), counts (2,3,4) or a range (2..4), "
                                         f"not {text!r:.40}") from None
    return counts


def one_count(args: argparse.Namespace) -> tuple[int, ...] | None:
    """The counts ``--players`` gave (:func:`player_counts`); ``args.players`` keeps one count, or ``None``
    when several are given (each side is then played at each count: :meth:`Variant.at`)."""
    if getattr(args, "player_counts", None) is not None:
        return tuple(args.player_counts)
    counts = args.players
    if isinstance(counts, tuple):
        args.player_counts = counts
        args.players = counts[0] if len(counts) == 1 else None
    else:
        args.player_counts = None if counts is None else (counts,)
    counts = args.player_counts
    return counts if counts is None else tuple(counts)


def _variant_of(game: Game[Any, Any, Any], args: argparse.Namespace) -> Variant:
    with _cwd_importable(args.variant):
        return resolve(game, variant=args.variant, sets=args.set, players=args.players,
                       ruleset=getattr(args, "ruleset", None))


def _name(game: Game[Any, Any, Any]) -> str:
    """``Title [slug]`` (titles may hold brackets of their own)."""
    return f"{_(game.title)} [{game.slug}]"


def _resume_command(args: argparse.Namespace, path: Path) -> str:
    words = list(getattr(args, "argv", None) or [])
    for flag in ("--resume", "--progress"):
        while flag in words:
            i = words.index(flag)
            del words[i : i + 2]
        words = [w for w in words if not w.startswith(flag + "=")]
    return shlex.join(["rulebook", *words, "--resume", str(path)])


# -- the commands' shared arguments and printing ----------------------------------------------------------


def seat_number(text: str) -> int:
    """A seat as people number it (from 1) to the 0-based seat of the API."""
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise argparse.ArgumentTypeError(_("a seat is a number from 1, not {text!r}").format(text=text[:20]))
    return int(text) - 1


def slugs() -> str:
    return ", ".join(rulebook.GAMES)


def game_arg(p: argparse.ArgumentParser, also: str = "") -> None:
    p.add_argument("game", metavar="GAME", help=f"a game slug: {slugs()}{also} (list them: rulebook games)")


def lang_arg(p: argparse.ArgumentParser, default: Any) -> None:
    """``--lang``, before or after the command (the command's copy sets it only when given)."""
    p.add_argument(
        "--lang", default=default, metavar="LANG",
        help=f"the language of the messages: {', '.join(LANGUAGES)} (default: from LC_ALL, LC_MESSAGES or "
        "LANG, else en)",
    )


def subcommand(
    sub: Any, name: str, help: str, examples: Sequence[str]
) -> argparse.ArgumentParser:
    epilog = "games: " + slugs() + "\n\nexamples:\n" + "\n".join(f"  {e}" for e in examples)
    parser: argparse.ArgumentParser = sub.add_parser(
        name, help=help, description=help, epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    lang_arg(parser, argparse.SUPPRESS)
    return parser


def variant_args(p: argparse.ArgumentParser, players_help: str = "", several: bool = False) -> None:
    p.add_argument(
        "--players", type=player_counts if several else whole_number, default=None,
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


#: The longest ``--hook-time-limit`` (a day): a larger number is a slip, not a limit.
MAX_HOOK_SECONDS = 86_400


def hook_seconds(text: str) -> float:
    """``--hook-time-limit``: seconds as a plain decimal number from 0 (no limit) to a day, at most 20
    characters; a sign, an exponent, ``nan`` or ``inf`` is refused, naming the option (argparse)."""
    if len(text) > 20 or not re.fullmatch(r"[0-9]+(?:\.[0-9]+)?", text) or float(text) > MAX_HOOK_SECONDS:
        raise argparse.ArgumentTypeError(_("expected seconds from 0 (no limit) to {most}, not {text}").format(
            most=MAX_HOOK_SECONDS, text=repr(text[:20]) + ("…" if len(text) > 20 else "")))
    return float(text)


#: The most digits a whole number on the command line may have (a seed takes up to 20).
MAX_DIGITS = 24


def whole_number(text: str) -> int:
    """A whole number on the command line (``--seed``, ``--players``, ``--games``): ASCII digits with an
    optional ``-``, at most :data:`MAX_DIGITS` of them; its range is checked where it is used, naming
    the option. Anything else is refused, naming the option (argparse), the text cut short."""
    if not re.fullmatch(rf"-?[0-9]{{1,{MAX_DIGITS}}}", text):
        raise argparse.ArgumentTypeError(_("expected a whole number of at most {n} digits, not {text}").format(
            n=MAX_DIGITS, text=repr(text[:20]) + ("…" if len(text) > 20 else "")))
    return int(text)


def hook_time_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--hook-time-limit", type=hook_seconds, default=DEFAULT_TIME_LIMIT, metavar="SECONDS",
        help=f"the longest one call of a variant's Python hook may take before it is reported as failed "
        f"(default {DEFAULT_TIME_LIMIT:g}; 0: no limit)",
    )


def force_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--force", action="store_true",
                   help="replace an existing file given to --out, --report, --html or --progress even when it is "
                   "not one rulebook wrote (default: refuse it)")


def say_escaped(text: str = "", file: Any = None) -> None:
    """Print a line that may hold text from a file (a record, a variant): control characters escaped."""
    print(escape_controls(text), file=file)


def error(message: str) -> None:
    """Print a one-line error on stderr (long or multi-line messages are cut to one line; control
    characters from a file's text are escaped)."""
    lines = escape_controls(str(message)).splitlines() or [""]
    first = lines[0] if len(lines[0]) <= 500 else lines[0][:497] + "..."
    print(_("rulebook: error: {message}").format(message=first), file=sys.stderr)
