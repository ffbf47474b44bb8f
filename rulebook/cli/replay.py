"""``rulebook replay FILE``: a saved game told in words (or from one seat, or as a list of moves, or as a
web page), every position checked again; the variant's Python hooks only from ``--variant``."""

from __future__ import annotations

import argparse
from typing import Any

import rulebook
from rulebook.cli.common import _name, force_arg, say_escaped, seat_number, subcommand
from rulebook.core.progress import check_writable, reason
from rulebook.errors import InvalidRecord, OutputError, RulebookError
from rulebook.i18n import _
from rulebook.reference import records
from rulebook.variants.variant import load_variant

__all__ = ["add_arguments", "run"]


def add_arguments(sub: Any) -> None:
    """``replay``'s parser."""
    rep = subcommand(sub, "replay", "tell a saved game in words, trick by trick, checking every position", [
        "rulebook replay rulebook-play-witches-of-blackmore-seed1.json",
        "rulebook replay game.json --seat 1   (only what seat 1 could see)",
        "rulebook replay game.json --html game.html   (watch it in a browser, step by step)",
    ])
    rep.add_argument("file", metavar="FILE",
                     help="a game record (JSON) saved by play, verify or rulebook.reference.records")
    rep.add_argument("--variant", default=None, metavar="REF",
                     help="the Python variant the game was played under: its hooks are checked and its own moves read")
    rep.add_argument("--seat", type=seat_number, default=None, metavar="S",
                     help="tell the game from seat S's view only (seats are numbered from 1)")
    rep.add_argument("--actions", action="store_true", help="list every action with the scores instead")
    rep.add_argument("--quiet", action="store_true", help="print only the outcome, not the story")
    rep.add_argument("--html", default=None, metavar="FILE.html",
                     help=_("write the game as one web page instead of printing the story: the whole table at "
                            "every step, every hand face up, the story beside it (no network needed)"))
    force_arg(rep)



def _states(record: records.Record, variant: Any) -> list[Any] | None:
    """The recorded game's states as ``variant`` reads them (``None``: the record alone suffices): moves of
    the variant's own kinds and moves its ``legal`` hook adds are read and applied as the variant does
    (:func:`rulebook.variants.hooks.iter_states`), its logic hooks decide tricks and endings; added steps are
    data the record carries (its ``phases`` meta)."""
    if variant is None:
        return None
    if variant.moves or variant.legal_hook is not None:
        from rulebook.variants.hooks import iter_states

        return list(iter_states(variant, record))
    if variant.rules.logic.printed:
        return None
    return list(records.iter_states(record, logic=variant.rules.logic))


def run(args: argparse.Namespace) -> int:
    """Run ``rulebook replay``."""
    try:
        return _run(args)
    except InvalidRecord as exc:
        # read without a variant, a recorded move the game does not know may be one of a variant's own kinds
        if args.variant is not None or "not an action of" not in str(exc):
            raise
        raise InvalidRecord(_("{error}; if the game was played under a Python variant with moves of its own, "
                              "pass that variant with --variant FILE.py:NAME").format(error=exc)) from None


def _run(args: argparse.Namespace) -> int:
    from rulebook.variants.verify import walk

    try:
        record = records.load(args.file)
    except InvalidRecord as exc:
        raise InvalidRecord(f"{args.file}: {exc}") from None
    game = rulebook.get_game(record.game)
    if args.html is not None and args.seat is not None:
        raise RulebookError(_("--html shows every hand; it cannot be told from one seat (leave out --seat)"))
    if args.html is not None:
        # a bad path is found before the work
        check_writable(args.html, "--html", "page", force=getattr(args, "force", False))
    failure = record.meta.get("failure") if isinstance(record.meta.get("failure"), dict) else None
    # Data never names code that runs: Python hooks come only from --variant, and the
    # record's description of its variant is only compared with the one supplied.
    ref = args.variant
    variant = load_variant(game, ref) if ref else None
    records.check_variant(record, variant.describe() if variant is not None else None)
    if variant is not None and not args.quiet:
        say_escaped(_("checking with the hooks of variant {name} ({ref})").format(name=f"{variant.name!r}", ref=ref))
    states = _states(record, variant)
    wrote = ""
    if args.html is not None:
        from rulebook.reference.replay_html import write_replay_page

        try:
            write_replay_page(record, args.html, states=states)
        except OSError as exc:
            raise OutputError(args.html, reason(exc), "--html") from None
        wrote = _("wrote {path}: {steps} steps, from the deal to the last move; open it in a web browser").format(
            path=args.html, steps=len(record.actions) + 1)
    elif args.seat is None and not args.actions and not args.quiet:
        from rulebook.reference.narrate import narrate, narrate_states

        try:
            story = narrate(record) if states is None else narrate_states(states)
        except RulebookError:
            story = []
        for line in story:
            say_escaped(line)
    elif args.seat is not None:
        from rulebook.reference.narrate import narrate, narrate_states

        players = record.rules.get("players") if isinstance(record.rules, dict) else None
        if isinstance(players, int) and not args.seat < players:
            raise RulebookError(_("--seat {seat} is not a seat of this game: seats are 1–{players}").format(
                seat=args.seat + 1, players=players))
        try:
            story = narrate(record, args.seat) if states is None else narrate_states(states, args.seat)
        except ValueError as exc:
            raise RulebookError(str(exc)) from None
        for line in story:
            say_escaped(line)
    if args.actions or args.quiet or wrote:
        dealt = _("seed {seed}").format(seed=record.seed) if record.seed is not None else _("dealt as recorded")
        say_escaped(_("{game}, {n} actions, {dealt}").format(game=_name(game), n=len(record.actions), dealt=dealt))
    if wrote:
        say_escaped(wrote)
    broke = None
    last = None
    for step in walk(record, variant):
        last = step
        if args.actions and step.action is not None:
            scores = (variant.scores(step.state) if variant else step.state.scores)
            who = _("seat {n}").format(n=step.seat + 1) if step.seat is not None else "-"
            label = _("scores")
            say_escaped(f"  #{step.index:<4} {who}: {step.action:<16} {label} {', '.join(str(p) for p in scores)}")
        if step.violation is not None:
            v = step.violation
            broke = v
            say_escaped(_("✗ broken at action #{n} [{rule}] {check}: {message}").format(
                n=step.index, rule=v.rule, check=v.check, message=v.message))
            break
    if failure is not None:
        nxt = _("; next move {action}").format(action=failure["next_action"]) if failure.get("next_action") else ""
        say_escaped(_("recorded failure: [{rule}] {check}: {message}{next}").format(
            rule=failure.get("rule"), check=failure.get("check"), message=failure.get("message"), next=nxt)
              .replace("\n", " "))
    if broke is None and failure is None:
        state = last.state if last is not None else None
        end = _("game over") if state is not None and state.is_terminal else _("game not over")
        say_escaped(_("✓ every position passed the checks ({end})").format(end=end))
        return 0
    return 1


