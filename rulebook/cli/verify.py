"""What ``rulebook verify`` says, in the language shown: the plan, the report table and the
verdict; and Ctrl-C between games. The command itself (arguments, files, the progress bar)
is in :mod:`rulebook.cli.app`.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from rulebook.cli.common import _changes as changes_text
from rulebook.cli.common import per_count_text
from rulebook.core.contract import Game
from rulebook.i18n import _, ngettext
from rulebook.variants.variant import Variant
from rulebook.variants.verify import CHECKS, Report

__all__ = ["changes_text", "counts_text", "report_table", "stop_between_games", "variant_text", "verdict"]


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


def variant_text(variant: Variant) -> str:
    """``short (hand_size=5; hooks: scores)``: the variant's name and what it changes."""
    printed = _("printed rules")
    name = printed if variant.name == "printed rules" else variant.name
    changes = changes_text(variant)
    if variant.per_count:  # the values per count, not their values at the variant's own count
        counted = {c.name for c in variant.per_count}
        plain = ", ".join(part for part in changes.split(", ") if part and part.partition("=")[0] not in counted)
        changes = ", ".join(p for p in (plain, per_count_text(variant)) if p)
    hooks = variant.describe().get("hooks")
    if hooks:
        changes = _("{changes}; hooks: {hooks}").format(changes=changes or printed, hooks=", ".join(hooks))
    if not changes:
        return name if name == printed else f"{name} ({printed})"
    return name if changes == name else f"{name} ({changes})"


def report_table(game: Game[Any, Any, Any], variant: Variant, report: Report,
                 thorough: bool) -> tuple[str, list[str], list[list[str]]]:
    """``(title, header, rows)`` of the report table: what was checked, then each check's result."""
    seconds = _("{seconds:.1f} s (Hypothesis seed {seed})") if not thorough else _(
        "{seconds:.1f} s (Hypothesis seed {seed}, thorough)")
    rows = [
        [_("variant"), variant_text(variant)],
        [_("player counts"), ", ".join(str(n) for n in report.players)],
        [_("games / positions checked"), f"{report.games} / {report.states}"],
        [_("time"), seconds.format(seconds=report.seconds, seed=report.seed)],
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


def verdict(variant: Variant, report: Report) -> list[str]:
    """The lines after the table: OK, or the failure with its rule, the record and how to replay it."""
    failed = report.failure
    if failed is None:
        return [_("OK: {count} contract checks and the game's invariants held in every game checked.").format(
            count=len(CHECKS))]
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
    ]
