"""The ``rulebook`` command line.

``rulebook games`` lists the games; ``rulebook simulate GAME`` plays random games
and prints a results table (``GAME`` may be ``all``).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import rulebook
from rulebook.core.options import options_help, rules_from_mapping
from rulebook.errors import RulebookError
from rulebook.simulate import Summary, simulate


def _parser() -> argparse.ArgumentParser:
    about = (rulebook.__doc__ or "rulebook").splitlines()[0]
    p = argparse.ArgumentParser(prog="rulebook", description=about)
    p.add_argument("--version", action="version", version=f"rulebook {rulebook.__version__}")
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the games")
    opts = sub.add_parser("options", help="list a game's Rules options with their documentation")
    opts.add_argument("game")
    sim = sub.add_parser("simulate", help="play random games and print a results table")
    sim.add_argument("game", help="a game slug, or 'all'")
    sim.add_argument("--players", type=int, default=None, help="number of players (default: the game's default)")
    sim.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    sim.add_argument(
        "--set", action="append", default=[], metavar="NAME=VALUE", help="set a Rules option (repeatable)"
    )
    sim.add_argument("--players-as", default=None, help="comma-separated player kind per seat: random, heuristic")
    return p


def _table(title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:  # the cli extra is not installed: plain text
        widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
        print(title)
        for row in (header, *rows):
            print("  ".join(str(x).rjust(w) for x, w in zip(row, widths)))
        return
    table = Table(title=title)
    for i, h in enumerate(header):
        table.add_column(h, justify="left" if i == 0 else "right")
    for row in rows:
        table.add_row(*[str(x) for x in row])
    Console().print(table)


@contextmanager
def _progress(total: int, label: str) -> Iterator[Callable[[int], None]]:
    try:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    except ImportError:
        yield lambda n: None
        return
    with Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.speed} games/s"),
        TimeRemainingColumn(), transient=True, disable=total < 200,
    ) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


def _summary_rows(s: Summary, elapsed: float) -> list[list[str]]:
    rows = [
        ["games", str(s.games)],
        ["actions per game (mean / min / max)", f"{s.mean_length:.1f} / {s.min_length} / {s.max_length}"],
        ["games with a shared win", f"{s.shared_wins:.1%}"],
    ]
    for seat in range(s.players):
        rows.append(
            [f"seat {seat}: win rate, score mean [min, max]",
             f"{s.win_rate[seat]:.1%}, {s.mean_score[seat]:.2f} [{s.min_score[seat]}, {s.max_score[seat]}]"]
        )
    for key, value in s.stats.items():
        rows.append([f"mean {key}", f"{value:.3f}"])
    rows.append(["time", f"{elapsed:.2f} s ({s.games / elapsed if elapsed else 0:.0f} games/s)"])
    return rows


def _simulate(args: argparse.Namespace) -> int:
    slugs = list(rulebook.GAMES) if args.game == "all" else [args.game]
    for slug in slugs:
        game = rulebook.get_game(slug)
        values: dict[str, Any] = {}
        for item in args.set:
            name, sep, value = item.partition("=")
            if not sep:
                raise RulebookError(f"--set takes NAME=VALUE (got {item!r})")
            values[name.strip()] = value.strip()
        if args.players is not None:
            values["players"] = args.players
        rules = rules_from_mapping(game.Rules, values)
        players_as = args.players_as.split(",") if args.players_as else None
        start = time.perf_counter()
        with _progress(args.games, slug) as advance:
            summary = simulate(game, rules, games=args.games, seed=args.seed, players_as=players_as, progress=advance)
        elapsed = time.perf_counter() - start
        title = f"{game.title} ({slug}), {rules.players} players, seed {args.seed}"
        _table(title, ["", "value"], _summary_rows(summary, elapsed))
    return 0


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
        return _simulate(args)
    except RulebookError as exc:
        print(f"rulebook: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
