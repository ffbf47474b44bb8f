"""Play a whole game in the terminal against bots: ``rulebook play GAME``.

The screen is a card table (:mod:`rulebook.table.screen`), drawn from the human seat's observation
only, and fits 80x24: the game's board, one line per seat, the trick in progress, the last
trick and the rule that decided it, the latest moves, your hand and your moves. Each bot's
move is shown as it happens (``speed`` seconds apart, or a key press with ``speed="key"``);
a bot's secret move (a bid, a face-down card) is shown only as its kind.

A move is entered by its number or its text form (``play B4``, or just ``B4`` when that names
one legal move); an illegal entry is explained with the rule ID and the rule's title from the
spec. ``?`` shows how to play in one screen and then the rules of the current phase
(:mod:`rulebook.reference.rules_text`), ``hint`` the rule-aware player's move with its reason
(:mod:`rulebook.table.hint`), ``undo`` steps back to the previous human decision and ``quit``
stops. The game is saved after every move; ``resume`` continues a saved game. At the end the
final scores are shown with the reason for every point.

When stdin or stdout is not a terminal, one move is read per line and the table is printed
once per decision, with the bots' moves in between (scriptable).
"""

from __future__ import annotations

import base64
import os
import random
import re
import shlex
import struct
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

import attrs

from rulebook.balance.players import Player, player_from_spec
from rulebook.core.contract import Action, Game, State
from rulebook.core.files import free_name
from rulebook.core.progress import check_writable, reason
from rulebook.errors import IllegalAction, InvalidRecord, OutputError, RulebookError
from rulebook.i18n import LANGUAGES, N_, _, language, language_from_env, ngettext, set_language, wrap
from rulebook.reference import records
from rulebook.reference.words import (
    CARD_FIELDS,
    MOVE_WORDS,
    card_namer,
    move_text,
    render_observation,
    rule_title,
    seat_name,
    spec_sections,
    typed_move,
    verb_word,
)
from rulebook.table.hint import hint, phase_rules
from rulebook.table.screen import (
    HEIGHT,
    WIDTH,
    board_lines,
    card_styles,
    final_lines,
    move_events,
    numbered_moves,
    numeric_move,
    people,
    round_lines,
    rounds_ended,
    table,
    typed_numbers,
)

__all__ = [
    "CARD_FIELDS",
    "MAX_SPEED",
    "card_namer",
    "load_saved",
    "phase_rules",
    "play",
    "play_command",
    "render_observation",
    "rule_title",
    "seat_name",
    "spec_sections",
]

#: The longest pause between bot moves ``--speed`` accepts (seconds).
MAX_SPEED = 60.0
#: The pause between bot moves at a terminal when ``--speed`` is not given (seconds).
DEFAULT_SPEED = 0.7


# -- the screen ---------------------------------------------------------------------------


class _Screen:
    """Where the table is drawn: a terminal (cleared and redrawn, cards in colour) or a stream."""

    def __init__(self, stream: TextIO, interactive: bool, styles: dict[str, str]) -> None:
        self.stream = stream
        self.interactive = interactive
        self.console: Any = None
        self.styles = styles
        if interactive:
            try:
                from rich.console import Console
            except ImportError:
                pass
            else:
                self.console = Console(file=stream, highlight=False, emoji=False, soft_wrap=True)
        self.cards = re.compile(r"(?<![\w#])(" + "|".join(re.escape(t) for t in sorted(styles, key=len, reverse=True))
                                + r")(?!\w)") if styles else None

    def _paint(self, text: str, style: str = "") -> str:
        from rich.markup import escape

        body = escape(text)
        if self.cards is not None:
            body = self.cards.sub(lambda m: f"[{self.styles[m.group(1)]}]{m.group(1)}[/]", body)
        return f"[{style}]{body}[/]" if style else body

    def line(self, text: str = "", style: str = "") -> None:
        if self.console is not None:
            self.console.print(self._paint(text, style))
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def say(self, text: str) -> None:
        """A message in lines of the table's width, broken at spaces only: a file name or a command's
        word is never cut in two (a word longer than a line stands alone on its line); one line in a stream."""
        if not self.interactive:
            self.line(text)
            return
        for part in wrap(text, WIDTH) or [""]:
            self.line(part)

    def clear(self) -> None:
        if self.interactive:
            self.stream.write("\x1b[H\x1b[2J")
            self.stream.flush()

    def draw(self, lines: Sequence[str]) -> None:
        """The whole table: the terminal is cleared first; a stream gets it after a blank line."""
        if self.interactive:
            self.clear()
        else:
            self.line()
        for i, text in enumerate(lines):
            style = ""
            if i == 0:
                style = "bold"
            elif text.startswith(_("Your hand")):
                style = "bold"
            elif text.startswith(_("Not legal")):
                style = "bold red"
            self.line(text, style)


# -- moves typed by people ----------------------------------------------------------------


#: Why a move is refused, for the refusals whose rule's title does not say it (the engine's words are English).
_WHY = {
    "SP-RULING-4": N_("{entry} is not legal now: the cubes go on in order of place, first to last"),
}


def _match(game: Game[Any, Any, Any], state: State[Any, Any], entry: str) -> Action | str:
    """The action ``entry`` names, or a message saying why it is not a legal move."""
    legal: tuple[Action, ...] = state.legal_actions()
    numbers = typed_numbers(legal)
    if entry in numbers:  # the numbers as listed, compared as text (no "01", no "+1")
        return numbers[entry]
    typed = " ".join(entry.lower().split())
    for a in legal:  # a move as listed: also a card of an added step or a move the variant adds
        if str(a).lower() == typed:
            return a
    if re.fullmatch(r"[-+]?\d+", entry):
        if not numbered_moves(legal):
            return _("there is no move with {entry}: choose one of {numbers}").format(
                entry=entry, numbers=" ".join(numbers))
        listed = sum(1 for a in legal if not numeric_move(str(a))) or len(legal)  # numbered 1 to this
        return _("there is no move {entry}: choose 1–{n}").format(entry=entry, n=listed)
    try:
        action: Action = game.parse_action(entry, state.rules)
    except ValueError:
        ends = [a for a in legal if str(a).lower().endswith(" " + entry.lower())]
        if len(ends) == 1:
            return ends[0]
        return _("{entry!r} is not a move of {game}; type a number or a move as listed (? the rules, hint, log "
                 "the last round, undo, quit)").format(entry=move_text(entry), game=_(game.title))
    if action in legal:
        return action
    try:
        state.apply(action)
    except IllegalAction as exc:
        # a ruling's title says how rulebook encodes the rules, not why a move is refused: only its ID is named
        title = "" if "-RULING-" in exc.rule else rule_title(exc.rule)
        # the engine's own words are English: another language says which move and names the rule instead
        mine = () if state.current_player is None else (state.current_player,)
        why = (people(str(exc).split(" [")[0], state.rules.players, mine) if language() == "en"
               else _(_WHY[exc.rule]).format(entry=move_text(entry)) if exc.rule in _WHY
               else _("{entry} is not legal now").format(entry=move_text(entry)))
        return _("{why}. Rule {rule}").format(why=why, rule=exc.rule) + (f": {title}" if title else "")
    return _("{entry} is not legal now").format(entry=move_text(entry))


#: The kind of move that takes the further arguments of a move of one argument (Saru's declaration and its two cards).
_THEN = {"declare": "pair"}


def _steps(game: Game[Any, Any, Any], state: State[Any, Any], entry: str) -> list[str]:
    """A line that names several moves, one after another, as its moves: ``prophesy 1 2 2 4`` (a move's
    kind and several arguments), ``1 2 2 4`` (numbers), or several kinds (``declare 5 pair R7 B2``, in
    either language); cubes of a prophecy go on in order of place, whatever order they are typed in.
    Any other line is one move."""
    words = entry.split()
    if len(words) < 2:
        return [entry]
    try:
        game.parse_action(entry, state.rules)
    except ValueError:
        pass
    else:
        return [entry]
    kinds = {w: v for v in MOVE_WORDS for w in (v, verb_word(v))}
    texts = [str(a) for a in state.legal_actions()]
    if all(re.fullmatch(r"[-+]?\d+", w) for w in words):
        verbs = {t.partition(" ")[0] for t in texts}
        # numbers of one kind's own (a prophecy's places), whichever way the moves of the moment are listed
        numbers = typed_numbers(state.legal_actions())
        if numbered_moves(state.legal_actions()):  # the numbers as listed now, each a move's text
            steps = [str(numbers[w]) if w in numbers else w for w in words]
        else:  # one kind's own numbers (a prophecy's places)
            steps = [f"{next(iter(verbs))} {w}" for w in words]
    elif words[0] in kinds or words[0].lower() in kinds:
        steps = []
        verb = ""
        for w in words:
            if w in kinds or w.lower() in kinds:
                verb = kinds.get(w, kinds.get(w.lower(), w))
                steps.append(verb)
            elif steps[-1] == verb:
                steps[-1] = f"{verb} {w}"
            else:
                verb = _THEN.get(verb, verb)  # declare 5 R7 B2: the cards after a declaration are its pair
                steps.append(f"{verb} {w}")
    else:
        return [entry]
    prophecy = {t.partition(" ")[0] for t in texts} == {"prophesy"}
    if prophecy and all(re.fullmatch(r"(?:prophesy )?\d+", w) for w in steps):
        steps.sort(key=lambda w: int(w.rpartition(" ")[2]))
    return steps


def _chain(game: Game[Any, Any, Any], state: State[Any, Any], steps: Sequence[str],
           seat: int) -> tuple[list[tuple[State[Any, Any], Action, State[Any, Any]]], str]:
    """The moves of ``steps`` made one after another by ``seat``: ``(before, move, after)`` of each and
    ``""``; or nothing and why not, naming the step (all of them are made, or none)."""
    done: list[tuple[State[Any, Any], Action, State[Any, Any]]] = []
    for k, step in enumerate(steps, 1):
        if state.current_player != seat:
            return [], _("Not legal: {why}").format(why=_("your turn ends after {n} of the {all} moves typed").format(
                n=k - 1, all=len(steps)))
        choice = _match(game, state, step)
        if isinstance(choice, str):
            if len(steps) > 1:
                choice = _("move {k} of {all} ({step}): {why}").format(k=k, all=len(steps), step=move_text(step),
                                                                         why=choice)
            return [], _("Not legal: {why}").format(why=choice)
        after = state.apply(choice)
        done.append((state, choice, after))
        state = after
    return done, ""


# -- help -------------------------------------------------------------------------------------


def _help_pages(state: State[Any, Any], seat: int) -> list[str]:
    """``?``: how to play in one screen, then the rules of the current phase (Markdown, one part a page)."""
    from rulebook.reference import rules_text

    game = type(state).GAME
    pages = [rules_text.how_to_play(game.slug, _(game.title), board_lines(state, seat), HEIGHT - 3, WIDTH,
                                    state.rules)]
    ids = set(phase_rules(state))
    shown = [s for s in rules_text.sections(game.slug) if any(r.id in ids for r in s.rules)]
    if not shown:
        shown = [s for s in rules_text.sections(game.slug) if s.heading.lower().startswith(("play", "trick"))][:1]
    for section in shown:
        rules_now = _("Rules now")
        # the spec's code words (Rules.must_follow, NPC) as a player reads them
        parts = [f"## {rules_now}: {_(section.heading)}\n"] + [
            rules_text.plain_words(rule.markdown(3), state.rules.players) for rule in section.rules]
        pages.append("\n".join(parts))
    if len(pages) == 1:
        pages.append(_("No rules are written for {game}.").format(game=_(game.title)))
    return pages


def _show_help(state: State[Any, Any], seat: int, screen: _Screen, stdin: TextIO) -> None:
    from rulebook.reference import rules_text

    pages = _help_pages(state, seat)
    if not screen.interactive:
        for markdown in pages:
            screen.line()
            for text in rules_text.to_plain(markdown, WIDTH).splitlines():
                screen.line(text)
        return
    screens: list[list[str]] = []
    room = HEIGHT - 2
    for markdown in pages:
        lines = rules_text.markdown_lines(markdown, WIDTH, colour=screen.console is not None)
        screens += [lines[i:i + room] for i in range(0, len(lines), room)]
    _page_through(screens, room, screen, stdin, lambda text: screen.stream.write(text + "\n"))


def _page_through(
    pages: list[list[str]], room: int, screen: _Screen, stdin: TextIO, show: Callable[[str], object]
) -> None:
    """Show ``pages`` one screen at a time (``room`` lines each), Enter for the next, q back to the table."""
    for n, lines in enumerate(pages, 1):
        screen.clear()
        for text in lines:
            show(text)
        more = n < len(pages)
        footer = (_("-- page {n} of {of}: Enter for more, q and Enter for the table --") if more
                  else _("-- page {n} of {of}: Enter for the table --")).format(n=n, of=len(pages))
        screen.stream.write("\n" * (room - len(lines)))
        answer = _read(stdin, screen, True, footer + " ")
        if not more or answer is None or answer.strip().lower() in ("q", "quit"):
            return


def _show_log(state: State[Any, Any], seat: int, screen: _Screen, stdin: TextIO) -> None:
    """``log`` (or ``r``): the whole last round, every seat's points with the reasons."""
    lines = round_lines(state, (seat,), WIDTH) or [_("No round has ended yet.")]
    if not screen.interactive:
        screen.line()
        for text in lines:
            screen.line(text)
        return
    room = HEIGHT - 2
    _page_through([lines[i:i + room] for i in range(0, len(lines), room)], room, screen, stdin, screen.line)


# -- saved games --------------------------------------------------------------------------


def load_saved(game: Game[Any, Any, Any], path: str | Path, variant: Any = None) -> tuple[Any, list[State[Any, Any]],
                                                                                         dict[str, Any]]:
    """A saved, unfinished game of ``game`` to continue: ``(variant, every state, its play settings)``.

    Refused, in one line (:class:`~rulebook.errors.InvalidRecord`): a file that is not a record, a
    record of another game, a finished game, a record whose moves do not replay, a record made
    with a Python variant that is not the one given, and play settings of the wrong shape.
    """
    from rulebook.core.options import rules_from_mapping
    from rulebook.errors import InvalidRules
    from rulebook.variants.variant import Variant

    where = str(path)
    try:
        record = records.load(path)
    except InvalidRecord as exc:
        raise InvalidRecord(_("--resume {where}: {error}").format(where=where, error=exc)) from None
    if record.game != game.slug:
        raise InvalidRecord(_("--resume {where} is a saved game of {other}, not of {game}").format(
            where=where, other=f"{record.game!r:.60}", game=game.slug))
    records.check_variant(record, variant.describe() if isinstance(variant, Variant) and variant.has_hooks else None)
    saved = record.meta.get("variant")
    kept = {k for k in ("turns", "seats") if isinstance(saved, dict) and saved.get(k)}
    if kept and not (isinstance(variant, Variant) and all(variant.describe().get(k) for k in kept)):
        # turn rules and seats played by a rule are the variant file's, not the record's: the moves would not replay
        source = saved.get("source") if isinstance(saved, dict) else None
        what = _(" and ").join(_("turn rules") if k == "turns" else _("seats played by a rule") for k in sorted(kept))
        raise InvalidRecord(_("--resume {where} was played under a variant's {what}: give its file with --variant "
                              "{source}").format(where=where, what=what,
                                                 source=f"{source!s:.200}" if source else "FILE"))
    try:
        rules = rules_from_mapping(game.Rules, record.rules)
    except (InvalidRules, RecursionError) as exc:
        raise InvalidRecord(_("--resume {where}: bad rules: {error}").format(where=where, error=exc)) from None
    chosen = (variant.with_rules(rules) if isinstance(variant, Variant) else Variant(game, rules))
    tables = record.meta.get("phases")
    if tables and not chosen.phases:  # the variant's added phases are data the record carries (UT-PHASE-1)
        from rulebook.variants.phases import phase_from_table

        try:
            chosen = attrs.evolve(chosen, phases=tuple(phase_from_table(t, i) for i, t in enumerate(tables)))
        except (RulebookError, ValueError, TypeError) as exc:
            raise InvalidRecord(_("--resume {where}: bad phases: {error}").format(where=where, error=exc)) from None
    try:
        state = chosen.new_game(seed=record.seed, deals=record.deals or None)
    except ValueError as exc:
        raise InvalidRecord(_("--resume {where}: bad deals: {error}").format(where=where, error=exc)) from None
    states = [state]
    from rulebook.variants.moves import parse_move

    parse = type(state).GAME.parse_action  # the added phases' moves too
    if chosen.seats:  # the moves of the seats that play by a rule are in the record: replay them as the engine's
        from rulebook.variants.hooks import iter_states

        try:
            states = [chosen.hooked(s) for s in iter_states(chosen, record)]
        except InvalidRecord as exc:
            raise InvalidRecord(_("--resume {where}: {error}").format(where=where, error=exc)) from None
        record = attrs.evolve(record, actions=())
        state = states[-1]
    for i, text in enumerate(record.actions):
        if state.is_terminal:
            raise InvalidRecord(_("--resume {where}: move {n} ({move}) comes after the end of the game").format(
                where=where, n=i + 1, move=f"{text!r:.40}"))
        try:
            action = parse_move(chosen.moves, game, text, rules) if chosen.moves else parse(text, rules)
            state = state.apply(action)
        except (RulebookError, ValueError) as exc:
            raise InvalidRecord(_("--resume {where}: move {n} ({move}): {error}").format(
                where=where, n=i + 1, move=f"{text!r:.40}", error=exc)) from None
        states.append(state)
    if state.is_terminal:
        raise InvalidRecord(_("--resume {where}: this game is over; nothing to continue (rulebook replay {where} "
                              "tells it)").format(where=where))
    return chosen, states, _play_meta(record.meta.get("play"), rules.players, where)


def final_name(path: Path) -> Path:
    """The name a game saved as ``path`` ends under: ``FILE`` for ``FILE.part``."""
    return path.with_name(path.name[: -len(".part")]) if path.name.endswith(".part") and len(path.name) > 5 else path


def rng_to_json(rng: random.Random) -> dict[str, Any]:
    """A random generator's state as JSON (the Mersenne Twister's words, packed and base64-encoded)."""
    version, words, gauss = rng.getstate()
    return {"v": version, "mt": base64.b64encode(struct.pack(f"<{len(words)}I", *words)).decode("ascii"),
            "gauss": gauss}


def rng_from_json(data: object) -> random.Random | None:
    """The generator :func:`rng_to_json` saved (``None`` when ``data`` is not one)."""
    if not isinstance(data, dict) or set(data) != {"v", "mt", "gauss"} or data["v"] != 3:
        return None
    gauss = data["gauss"]
    if not (gauss is None or type(gauss) is float) or not isinstance(data["mt"], str) or len(data["mt"]) > 4000:
        return None
    try:
        raw = base64.b64decode(data["mt"].encode("ascii"), validate=True)
        words = struct.unpack(f"<{len(raw) // 4}I", raw)
        if len(raw) != 625 * 4 or words[-1] > 624:
            return None
        rng = random.Random()
        rng.setstate((3, words, gauss))
    except (ValueError, TypeError, struct.error, UnicodeError):
        return None
    return rng


def _play_meta(meta: object, players: int, where: str) -> dict[str, Any]:
    """The seats and opponents a saved game was played with, checked exactly ({} when it has none)."""
    if meta is None:
        return {}
    shape = '{"seats": [seats], "opponents": {seat: kind}}'
    bad = InvalidRecord(_("--resume {where}: meta.play must be {shape}").format(where=where, shape=shape))
    if not isinstance(meta, dict) or set(meta) - {"seats", "opponents", "rng", "lang"}:
        raise bad
    lang = meta.get("lang")
    if lang is not None and lang not in LANGUAGES:
        raise InvalidRecord(_("--resume {where}: meta.play.lang must be one of {languages}").format(
            where=where, languages=", ".join(LANGUAGES)))
    rng = rng_from_json(meta["rng"]) if "rng" in meta else None
    if "rng" in meta and rng is None:
        raise InvalidRecord(_("--resume {where}: meta.play.rng is not a saved random generator").format(where=where))
    seats = meta.get("seats", [0])
    kinds = meta.get("opponents", {})
    if (not isinstance(seats, list) or not seats or any(type(s) is not int or not 0 <= s < players for s in seats)
            or len(set(seats)) != len(seats) or not isinstance(kinds, dict)):
        raise bad
    others: dict[int, str] = {}
    for key, kind in kinds.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and isinstance(kind, str)):
            raise bad
        seat = int(key)
        if not 0 <= seat < players or seat in seats:
            raise bad
        others[seat] = kind
    if set(others) | set(seats) != set(range(players)):
        raise bad
    return {"seats": seats, "opponents": others, "rng": rng, "lang": lang}


# -- the game -------------------------------------------------------------------------------


def _speed(speed: float | str | None, interactive: bool) -> float | str:
    if speed is None:
        return DEFAULT_SPEED if interactive else 0.0
    if speed == "key":
        return "key"
    if isinstance(speed, str):
        try:
            speed = float(speed)
        except ValueError:
            raise RulebookError(_("--speed takes seconds (0 to {most}) or key, not {given}").format(
                most=f"{MAX_SPEED:g}", given=f"{speed!r:.40}")) from None
    if isinstance(speed, bool) or not isinstance(speed, (int, float)) or not 0 <= speed <= MAX_SPEED:
        raise RulebookError(_("--speed takes seconds (0 to {most}) or key, not {given}").format(
            most=f"{MAX_SPEED:g}", given=f"{speed!r:.40}"))
    return float(speed)


def play_command(game: Game[Any, Any, Any], args: Any, variant: Callable[[], Any]) -> int:
    """``rulebook play``: the command line's options (``args``) to :func:`play`; ``variant()`` builds
    the variant the options name (``--set``, ``--variant``, ``--players``, ``--ruleset``)."""
    opponents = [k.strip() for k in args.opponents.split(",")] if args.opponents is not None else None
    if args.resume is not None:
        given = [o for o, v in (("--set", args.set), ("--players", args.players), ("--ruleset", args.ruleset),
                                ("--seed", args.seed)) if v]
        if given:
            raise RulebookError(_("--resume continues the saved game with its own rules and seed: leave out "
                                  "{options}").format(options=", ".join(given)))
        return play(game, variant() if args.variant else None, seats=args.seat, opponents=opponents, out=args.out,
                    speed=args.speed, resume=args.resume, force=getattr(args, "force", False),
                    keep_language=getattr(args, "lang", None) is not None)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    return play(game, variant(), seats=args.seat or [0], opponents=opponents or ["heuristic"], seed=seed,
                out=args.out, speed=args.speed, force=getattr(args, "force", False))


def play(
    game: Game[Any, Any, Any],
    rules: Any,
    *,
    seats: Sequence[int] | None = (0,),
    opponents: Sequence[str] | None = ("heuristic",),
    seed: int = 0,
    out: str | Path | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    interactive: bool | None = None,
    speed: float | str | None = None,
    resume: str | Path | None = None,
    force: bool = False,
    keep_language: bool = False,
) -> int:
    """Play one game; returns 0 when it was played to the end, 1 when the player quit.

    ``opponents`` holds one player kind for every other seat, or one per other seat in seat order.
    ``rules`` is the game's ``Rules`` or a :class:`~rulebook.variants.variant.Variant` (whose play hooks are obeyed).
    ``speed``: seconds between the bots' moves at a terminal, or ``"key"`` to wait for a key.
    ``resume``: a saved game (``--out`` of an earlier ``play``) to continue, with its own rules,
    seats and opponents (``seats``/``opponents`` given as ``None``: the saved ones) and the bots'
    random generator as it was, so the game goes on exactly as it would have; the game is saved
    back into that file (``FILE.part`` of a stopped game: into ``FILE``) unless ``out`` names another.
    Without ``out`` the record is ``rulebook-play-GAME-seedN.json``, or ``...-seedN-2.json`` and so on
    when that name is taken (an earlier game is never replaced); ``out`` that names a file which is
    not a game record is refused unless ``force``. A game goes on in the language it was played in
    (the record keeps it) unless ``keep_language`` (``--lang`` given): then in the language chosen now;
    the command that continues it names the language when the environment would choose another.
    """
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    if interactive is None:
        interactive = stdin.isatty() and stdout.isatty()
    from rulebook.variants.variant import Variant

    pause = _speed(speed, interactive)
    history: list[State[Any, Any]] = []
    saved: dict[str, Any] = {}
    if resume is not None:
        variant, history, saved = load_saved(game, resume, rules)
        if saved.get("lang") and not keep_language and saved["lang"] != language():
            before = language()
            set_language(saved["lang"])
            try:
                return play(game, rules, seats=seats, opponents=opponents, seed=seed, out=out, stdin=stdin,
                            stdout=stdout, interactive=interactive, speed=speed, resume=resume, force=force,
                            keep_language=True)
            finally:
                set_language(before)
    else:
        variant = rules if isinstance(rules, Variant) else Variant(game, rules)
    rules = variant.rules
    players = rules.players
    seats = seats if seats is not None else saved.get("seats", (0,))
    humans = tuple(dict.fromkeys(seats))
    for s in humans:
        if type(s) is not int or not 0 <= s < players:
            raise RulebookError(_("--seat {seat} is not a seat: seats are 1–{players}").format(
                seat=s + 1 if type(s) is int else repr(s), players=players))
    others = [s for s in range(players) if s not in humans]
    if opponents is None:
        if saved.get("opponents") and set(saved["opponents"]) == set(others):
            opponents = [saved["opponents"][s] for s in others]
        else:
            opponents = ("heuristic",)
    if len(opponents) not in (1, len(others)):
        raise RulebookError(f"--opponents takes one kind, or one per other seat ({len(others)}), got {len(opponents)}")
    try:
        kinds = {s: (opponents[0] if len(opponents) == 1 else opponents[i]) for i, s in enumerate(others)}
        bots: dict[int, Player] = {s: player_from_spec(k) for s, k in kinds.items()}
    except ValueError as exc:
        raise RulebookError(f"--opponents: {exc}") from None
    if out is not None:
        path = Path(out)
        check_writable(path, "--out", "record", force)  # before the game, not after it
    elif resume is not None:
        path = final_name(Path(resume))
        check_writable(path, "--out", "record")
    else:
        path = free_name(Path(f"rulebook-play-{game.slug}-seed{seed}.json"))
        check_writable(path, "--out")
    state: State[Any, Any] = history[-1] if history else variant.new_game(seed=seed)  # play hooks obeyed
    screen = _Screen(stdout, interactive, card_styles(game, rules) if interactive else {})
    rng = saved.get("rng") or random.Random(f"{state.setup.seed}:{len(state.history)}")
    meta: dict[str, Any] = {"play": {"seats": list(humans), "opponents": {str(s): k for s, k in kinds.items()},
                                     "lang": language()}}
    # the command that continues the game: its variant's file (the record keeps the rules and added steps, not
    # turn rules, seats or code), and its language when the environment would choose another
    again = shlex.join(["rulebook", "play", game.slug, *(["--variant", variant.source] if variant.source else []),
                        *(["--lang", language()] if language() != language_from_env() else [])])
    if variant.has_hooks or variant.source:
        meta["variant"] = variant.describe()
    keeper = _Keeper(path, meta, rng)
    if not interactive:
        count = ngettext("{count} player", "{count} players", players).format(count=players)
        screen.line(_("{title} [{slug}], {players}, seed {seed}").format(
            title=_(game.title), slug=game.slug, players=count, seed=state.setup.seed), "bold")
        mine = _(", ").join(seat_name(s, players) for s in humans)
        screen.line(_("you play {seats}").format(seats=mine) + "".join(
            _("; {seat}: {player}").format(seat=seat_name(s, players), player=k) for s, k in kinds.items()))
        if resume is not None:
            screen.line(_("continuing {path} after move {n}").format(path=resume, n=len(state.history)))
        screen.line(_("moves: a number or the move's text; ? rules; hint; log (the last round); undo; quit"))
    session = _Session(game, humans, bots, rng, stdin, screen, keeper, pause)
    session.decisions = [s for s in history if s.current_player in humans]
    try:
        state, finished = session.run(state)
    except KeyboardInterrupt:
        done = keeper.finish(keeper.last or state)
        screen.line()
        screen.say(_("interrupted: record saved: {path} (continue: {command} --resume {path})").format(
            path=done, command=again))
        raise
    if state.is_terminal:
        if interactive:
            screen.clear()
        else:
            screen.line()
            screen.line("── " + _("game over") + " ──", "bold")
        for text in final_lines(state, humans if len(humans) == 1 else (), WIDTH, HEIGHT - 1):
            screen.line(text)
    done = keeper.finish(state)
    seed_of = state.setup.seed
    if state.is_terminal:
        screen.say(_("record saved: {path} (seed {seed}; rulebook replay {path})").format(path=done, seed=seed_of))
    else:
        screen.say(_("record saved: {path} (seed {seed}; continue: {command} --resume {path})").format(
            path=done, seed=seed_of, command=again))
    return 0 if finished else 1


#: The longest input line ``play`` reads (characters); a longer one is refused, not echoed.
MAX_LINE = 1000


class _Keeper:
    """Writes the record after every move to ``FILE.part`` and moves it into place at the end.

    A crash, a closed terminal or a full disk never loses the game: the ``.part`` file
    holds every move made so far. A write that fails is an
    :class:`~rulebook.errors.OutputError` naming the file.
    """

    def __init__(self, path: Path, meta: dict[str, Any], rng: random.Random | None = None) -> None:
        self.path = path
        self.part = path.with_name(path.name + ".part")
        self.meta = meta
        self.rng = rng
        self.last: State[Any, Any] | None = None

    def keep(self, state: State[Any, Any]) -> None:
        self.last = state
        meta = dict(self.meta)
        if self.rng is not None and isinstance(meta.get("play"), dict):
            # the bots' generator as it is now: a resumed game goes on exactly as this one would
            meta["play"] = {**meta["play"], "rng": rng_to_json(self.rng)}
        records.save(records.record_of(state, **meta), self.part, "--out")

    def finish(self, state: State[Any, Any]) -> Path:
        self.keep(state)
        try:
            os.replace(self.part, self.path)
        except OSError as exc:
            raise OutputError(str(self.path), f"{reason(exc)} (the game is saved in {self.part})", "--out") from None
        return self.path


class _Session:
    """One game at the table: the bots' moves shown as they happen, the humans' read and checked."""

    def __init__(self, game: Game[Any, Any, Any], humans: Sequence[int], bots: dict[int, Player],
                 rng: random.Random, stdin: TextIO, screen: _Screen, keeper: _Keeper, pause: float | str) -> None:
        self.game, self.humans, self.bots, self.rng = game, tuple(humans), bots, rng
        self.stdin, self.screen, self.keeper, self.pause = stdin, screen, keeper, pause
        self.decisions: list[State[Any, Any]] = []
        self.events: list[str] = []
        #: the last round's result, kept on the table until the viewer has moved after seeing it: the
        #: moves that follow a round's end (a whole prophecy of every bot) must not push it off
        self.round_news = ""
        self.viewer = self.humans[0]

    def _table(self, state: State[Any, Any], message: str = "") -> list[str]:
        events = self.events if self.screen.interactive else []
        if self.screen.interactive and self.round_news and self.round_news not in events:
            events = [self.round_news, *events]
        return table(state, self.viewer, events=events, message=message, fill=self.screen.interactive)

    def _note(self, before: State[Any, Any], after: State[Any, Any], news: list[str]) -> None:
        """The latest happenings after a move (the last twelve), and its round's result if it ended one."""
        if rounds_ended(before, after) > 0:
            self.round_news = news[-1]
        self.events = (self.events + news)[-12:]

    def _bot(self, state: State[Any, Any]) -> State[Any, Any]:
        seat = state.current_player
        assert seat is not None
        action = self.bots[seat](state, self.rng)
        after = state.apply(action)
        news = move_events(state, action, after, self.viewer)
        self._note(state, after, news)
        self.keeper.keep(after)
        if self.screen.interactive:
            self.screen.draw(self._table(after))
            self._wait()
        else:
            for text in news:
                self.screen.line("  · " + text)
        return after

    def _wait(self) -> None:
        if self.pause == "key":
            _key(self.stdin, self.screen, _("-- a key for the next move --"))
        elif isinstance(self.pause, float) and self.pause > 0:
            time.sleep(self.pause)

    def run(self, state: State[Any, Any]) -> tuple[State[Any, Any], bool]:
        """Play until the end or until the player stops; returns the last state and whether the game ended."""
        game, screen = self.game, self.screen
        self.keeper.keep(state)
        message = ""
        drawn: State[Any, Any] | None = None
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            if seat not in self.humans:
                state = self._bot(state)
                continue
            self.viewer = seat
            if not self.decisions or self.decisions[-1] is not state:
                self.decisions.append(state)
            if screen.interactive or drawn is not state:
                screen.draw(self._table(state, message))
                drawn = state
            elif message:
                screen.line(message)
            message = ""
            entry = _read(self.stdin, screen, screen.interactive, _("seat {n}> ").format(n=seat + 1))
            if entry is None:
                screen.line(_("input ended before the game did"))
                return state, False
            entry = entry.strip()
            if not entry:
                continue
            word = entry.lower()
            if word in ("quit", "q", "exit"):
                return state, False
            if word in ("?", "help", "rules"):
                _show_help(state, seat, screen, self.stdin)
                drawn = None
                continue
            if word in ("log", "r"):
                _show_log(state, seat, screen, self.stdin)
                drawn = None
                continue
            if word == "hint":
                advice = hint(state)
                message = _("Hint: {hint}").format(hint=f"{move_text(str(advice.action))}: {advice.reason}")
                continue
            if word == "undo":
                if len(self.decisions) < 2:
                    message = _("nothing to undo: this is your first decision")
                    continue
                self.decisions.pop()
                state = self.decisions[-1]
                self.keeper.keep(state)
                self.events, self.round_news = [], ""
                message = _("undone: back to your previous decision (move {n})").format(n=len(state.history) + 1)
                continue
            steps = _steps(game, state, typed_move(entry))
            done, message = _chain(game, state, steps, seat)
            if done:  # the viewer has moved: the last round's result has been seen
                self.round_news = ""
            for before, choice, after in done:
                news = move_events(before, choice, after, seat)
                self._note(before, after, news)
                if not screen.interactive:
                    for text in news:
                        screen.line("  · " + text)
                state = after
                self.keeper.keep(state)
        return state, True


def _key(stdin: TextIO, screen: _Screen, prompt: str) -> None:
    """Wait for one key at a terminal (for a line elsewhere)."""
    screen.stream.write(prompt)
    screen.stream.flush()
    if stdin is sys.stdin and stdin.isatty():
        try:
            import termios
            import tty
        except ImportError:
            pass
        else:
            fd = stdin.fileno()
            old = termios.tcgetattr(fd)
            try:
                tty.setcbreak(fd)
                os.read(fd, 1)
            finally:
                termios.tcsetattr(fd, termios.TCSADRAIN, old)
            return
    stdin.readline(MAX_LINE + 1)


def _read(stdin: TextIO, screen: _Screen, interactive: bool, prompt: str) -> str | None:
    if interactive and stdin is sys.stdin:
        try:
            line = input(prompt)
        except EOFError:
            return None
        return line if len(line) <= MAX_LINE else _too_long(screen)
    screen.stream.write(prompt)
    screen.stream.flush()
    line = stdin.readline(MAX_LINE + 1)
    if not line:
        return None
    if len(line.rstrip("\n")) > MAX_LINE:
        while line and not line.endswith("\n"):  # the rest of the long line, read and dropped
            line = stdin.readline(MAX_LINE + 1)
        if not interactive:
            screen.stream.write("\n")
        return _too_long(screen)
    if not interactive:
        screen.stream.write(line if line.endswith("\n") else line + "\n")
    return line


def _too_long(screen: _Screen) -> str:
    screen.line(_("that line is longer than {n} characters: type a move's number or text").format(n=MAX_LINE),
                "bold red")
    return ""
