"""Helpers the command line's commands share: tables, progress bars, variants from the arguments."""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rulebook.core.contract import Game
from rulebook.core.terminal import escape_controls
from rulebook.i18n import _
from rulebook.variants import Variant, resolve


def _table(
    title: str, header: Sequence[str], rows: Sequence[Sequence[str]], marked: Sequence[bool] = (), right: bool = True,
    headings: Sequence[bool] = (), width: int = 100,
) -> None:
    """A table on stdout (rich when installed): ``marked`` rows stand out, ``headings`` rows open a section;
    ``width``: the fewest columns it is laid out in (more when the terminal is wider). Control characters
    (from a variant's name, a record) are shown escaped."""
    title = escape_controls(title, keep_newlines=True)
    header = [escape_controls(str(h), keep_newlines=True) for h in header]
    rows = [[escape_controls(str(x), keep_newlines=True) for x in row] for row in rows]
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
        table.add_column(escape(h), justify="left" if i == 0 or not right else "right", no_wrap=i == 0,
                         overflow="ellipsis" if i == 0 else "fold")
    for i, row in enumerate(rows):
        heading = i < len(headings) and headings[i]
        if heading and i:
            table.add_section()
        style = "bold yellow" if i < len(marked) and marked[i] else "bold" if heading else None
        table.add_row(*[escape(str(x)) for x in row], style=style)
    Console(width=max(width, Console().width)).print(table)


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
    return f"{_(game.title)} [{game.slug}]"


def _resume_command(args: argparse.Namespace, path: Path) -> str:
    words = list(getattr(args, "argv", None) or [])
    for flag in ("--resume", "--progress"):
        while flag in words:
            i = words.index(flag)
            del words[i : i + 2]
        words = [w for w in words if not w.startswith(flag + "=")]
    return shlex.join(["rulebook", *words, "--resume", str(path)])
