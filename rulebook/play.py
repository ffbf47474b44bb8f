"""Play a whole game in the terminal against bots: ``rulebook play GAME``.

The human seats see only their observation (``state.observation(seat)``),
rendered as text with card texts; the bots are any player of
:mod:`rulebook.players` (:func:`~rulebook.players.player_from_spec`). A move is
entered by its number or its text form (``play B4``, or just ``B4`` when that
names one legal move); an illegal entry is explained with the rule ID and the
rule's title from the spec. ``?`` shows the spec rules of the current phase,
``hint`` asks the heuristic player, ``undo`` steps back to the previous human
decision and ``quit`` stops. At the end the result, a narrated summary and the
saved record (for ``rulebook replay``) are printed.

When stdin is not a terminal, one move is read per line (scriptable).
"""

from __future__ import annotations

import os
import random
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

import attrs

from rulebook import records
from rulebook.core.contract import Action, Game, State
from rulebook.errors import IllegalAction, OutputError, RulebookError
from rulebook.players import Player, heuristic_player, player_from_spec
from rulebook.progress import check_writable, reason
from rulebook.words import CARD_FIELDS, card_namer, render_observation, rule_title, seat_name, spec_sections

__all__ = [
    "CARD_FIELDS",
    "card_namer",
    "phase_rules",
    "play",
    "render_observation",
    "rule_title",
    "seat_name",
    "spec_sections",
]

_COLOURS = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "P": "magenta", "O": "dark_orange",
            "K": "grey70", "W": "white"}


def phase_rules(state: State[Any, Any], tries: int = 400) -> list[str]:
    """The rule IDs the engine cites against moves that are not legal now (the current phase's rules)."""
    game = type(state).GAME
    legal = set(state.legal_actions())
    found: dict[str, int] = {}
    for action in game.action_table(state.rules)[:tries]:
        if action in legal:
            continue
        try:
            state.apply(action)
        except IllegalAction as exc:
            found[exc.rule] = found.get(exc.rule, 0) + 1
        except ValueError:
            continue
    return sorted(found, key=lambda r: -found[r])


# -- the session ----------------------------------------------------------------------


@attrs.define
class _Out:
    stream: TextIO
    colour: bool
    console: Any = None

    def __attrs_post_init__(self) -> None:
        if self.colour:
            try:
                from rich.console import Console
            except ImportError:
                self.colour = False
            else:
                self.console = Console(file=self.stream, highlight=False)

    def line(self, text: str = "", style: str = "") -> None:
        if self.console is not None:
            from rich.markup import escape

            body = escape(text)
            if style:
                body = f"[{style}]{body}[/]"
            self.console.print(self._cards(body))
        else:
            print(text, file=self.stream)
        self.stream.flush()

    @staticmethod
    def _cards(markup: str) -> str:
        def paint(m: re.Match[str]) -> str:
            colour = _COLOURS.get(m.group(1))
            return f"[bold {colour}]{m.group(0)}[/]" if colour else m.group(0)

        return re.sub(r"\b([A-Z])(\d{1,2})\b", paint, markup)


def _describe_seat(state: State[Any, Any], seat: int, humans: Sequence[int], out: _Out) -> None:
    game = type(state).GAME
    out.line()
    out.line(f"── {game.title}: {seat_name(seat, state.rules.players, humans)} to move ──", "bold")
    for name, text in render_observation(game, state.rules, state.observation(seat), humans):
        out.line(f"  {name:<16} {text}")


def _legal_text(legal: Sequence[Action]) -> str:
    return "  ".join(f"{i}) {a}" for i, a in enumerate(legal, 1))


def _match(game: Game[Any, Any, Any], state: State[Any, Any], entry: str) -> Action | str:
    """The action ``entry`` names, or a message saying why it is not a legal move."""
    legal: tuple[Action, ...] = state.legal_actions()
    numbered = {str(i): a for i, a in enumerate(legal, 1)}  # the numbers as listed, compared as text
    if entry in numbered:
        return numbered[entry]
    if entry.isascii() and entry.isdigit():
        return f"there is no move {entry}: choose 1–{len(legal)}"
    try:
        action: Action = game.parse_action(entry, state.rules)
    except ValueError:
        ends = [a for a in legal if str(a).lower().endswith(" " + entry.lower())]
        if len(ends) == 1:
            return ends[0]
        return f"{entry!r} is not a move of {game.slug}; type a number, a move as listed, ? or help"
    if action in legal:
        return action
    try:
        state.apply(action)
    except IllegalAction as exc:
        title = rule_title(exc.rule)
        reason = str(exc).split(" [")[0]
        return f"{reason}. Rule {exc.rule}" + (f": {title}" if title else "")
    return f"{entry} is not legal now"


def _show_rules(state: State[Any, Any], out: _Out) -> None:
    game = type(state).GAME
    ids = phase_rules(state)
    sections = spec_sections(game.slug)
    if not sections:
        out.line(f"no rules are written for {game.slug}")
        return
    shown = [(h, rules) for h, rules in sections if any(r[0] in ids for r in rules)]
    if not shown:
        shown = [(h, rules) for h, rules in sections if h.lower().startswith(("play", "trick"))][:1]
    for heading, rules in shown:
        out.line(f"## {heading}", "bold")
        for rid, title, body in rules:
            if rid:
                out.line(f"{rid} · {title}", "bold")
                out.line(f"  {body}")


def _summary(state: State[Any, Any], humans: Sequence[int], out: _Out) -> None:
    from rulebook.narrate import summary

    for line in summary(state, seat=humans[0] if len(humans) == 1 else None):
        out.line(line)


def play(
    game: Game[Any, Any, Any],
    rules: Any,
    *,
    seats: Sequence[int] = (0,),
    opponents: Sequence[str] = ("heuristic",),
    seed: int = 0,
    out: str | Path | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    interactive: bool | None = None,
) -> int:
    """Play one game; returns 0 when it was played to the end, 1 when the player quit.

    ``opponents`` holds one player kind for every other seat, or one per other seat in seat order.
    ``rules`` is the game's ``Rules`` or a :class:`~rulebook.variants.Variant` (whose play hooks are obeyed).
    """
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    if interactive is None:
        interactive = stdin.isatty() and stdout.isatty()
    from rulebook.variants import Variant

    variant = rules if isinstance(rules, Variant) else Variant(game, rules)
    rules = variant.rules
    players = rules.players
    humans = tuple(dict.fromkeys(seats))
    for s in humans:
        if type(s) is not int or not 0 <= s < players:
            raise RulebookError(f"--seat {s!r} is not a seat: seats are 0–{players - 1}")
    others = [s for s in range(players) if s not in humans]
    if len(opponents) not in (1, len(others)):
        raise RulebookError(f"--opponents takes one kind, or one per other seat ({len(others)}), got {len(opponents)}")
    try:
        kinds = {s: (opponents[0] if len(opponents) == 1 else opponents[i]) for i, s in enumerate(others)}
        bots: dict[int, Player] = {s: player_from_spec(k) for s, k in kinds.items()}
    except ValueError as exc:
        raise RulebookError(f"--opponents: {exc}") from None
    path = Path(out) if out is not None else Path(f"rulebook-play-{game.slug}-seed{seed}.json")
    check_writable(path, "--out")  # before the game, not after it
    o = _Out(stdout, colour=interactive)
    rng = random.Random(seed)
    state: State[Any, Any] = variant.new_game(seed=seed)  # a variant's play hooks are obeyed
    o.line(f"{game.title} [{game.slug}], {players} players, seed {seed}", "bold")
    o.line("you play " + ", ".join(f"seat {s}" for s in humans)
           + "".join(f"; seat {s}: {k}" for s, k in kinds.items()))
    o.line("moves: a number or the move's text; ? rules of this phase; hint; undo; quit")
    meta = {"play": {"seats": list(humans), "opponents": kinds}}
    keeper = _Keeper(path, meta)
    try:
        state, finished = _session(game, state, humans, bots, rng, stdin, o, interactive, keeper)
    except KeyboardInterrupt:
        saved = keeper.finish(keeper.last or state)
        o.line()
        o.line(f"interrupted: record saved: {saved} (rulebook replay {saved})")
        raise
    o.line()
    if state.is_terminal:
        o.line("── game over ──", "bold")
    _summary(state, humans, o)
    saved = keeper.finish(state)
    o.line(f"record saved: {saved} (rulebook replay {saved})")
    return 0 if finished else 1


#: The longest input line ``play`` reads (characters); a longer one is refused, not echoed.
MAX_LINE = 1000


class _Keeper:
    """Writes the record after every move to ``FILE.part`` and moves it into place at the end.

    A crash, a closed terminal or a full disk never loses the game: the ``.part`` file
    holds every move made so far. A write that fails is an
    :class:`~rulebook.errors.OutputError` naming the file.
    """

    def __init__(self, path: Path, meta: dict[str, Any]) -> None:
        self.path = path
        self.part = path.with_name(path.name + ".part")
        self.meta = meta
        self.last: State[Any, Any] | None = None

    def keep(self, state: State[Any, Any]) -> None:
        self.last = state
        try:
            records.save(records.record_of(state, **self.meta), self.part)
        except OSError as exc:
            raise OutputError(str(self.part), reason(exc), "--out") from None

    def finish(self, state: State[Any, Any]) -> Path:
        self.keep(state)
        try:
            os.replace(self.part, self.path)
        except OSError as exc:
            raise OutputError(str(self.path), f"{reason(exc)} (the game is saved in {self.part})", "--out") from None
        return self.path


def _session(
    game: Game[Any, Any, Any],
    state: State[Any, Any],
    humans: Sequence[int],
    bots: dict[int, Player],
    rng: random.Random,
    stdin: TextIO,
    o: _Out,
    interactive: bool,
    keeper: _Keeper,
) -> tuple[State[Any, Any], bool]:
    """Play until the end or until the player stops; returns the last state and whether the game ended."""
    players = state.rules.players
    decisions: list[State[Any, Any]] = []
    shown: State[Any, Any] | None = None
    finished = True
    keeper.keep(state)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if seat not in humans:
            state = state.apply(bots[seat](state, rng))
            keeper.keep(state)
            continue
        if not decisions or decisions[-1] is not state:
            decisions.append(state)
        legal = state.legal_actions()
        if shown is not state:
            _describe_seat(state, seat, humans, o)
            o.line("moves: " + _legal_text(legal))
            shown = state
        entry = _read(stdin, o, interactive, f"seat {seat}> ")
        if entry is None:
            o.line("input ended before the game did")
            finished = False
            break
        entry = entry.strip()
        if not entry:
            continue
        word = entry.lower()
        if word in ("quit", "q", "exit"):
            finished = False
            break
        if word in ("?", "help", "rules"):
            _show_rules(state, o)
            continue
        if word == "hint":
            o.line(f"hint (heuristic player): {heuristic_player(state, random.Random(rng.random()))}")
            continue
        if word == "undo":
            if len(decisions) < 2:
                o.line("nothing to undo: this is your first decision")
                continue
            decisions.pop()
            state = decisions[-1]
            keeper.keep(state)
            o.line(f"undone: back to your previous decision (move {len(state.history) + 1})")
            continue
        choice = _match(game, state, entry)
        if isinstance(choice, str):
            o.line(f"not legal: {choice}", "bold red")
            continue
        o.line(f"{seat_name(seat, players, humans)}: {choice}")
        state = state.apply(choice)
        keeper.keep(state)
    return state, finished


def _read(stdin: TextIO, out: _Out, interactive: bool, prompt: str) -> str | None:
    if interactive and stdin is sys.stdin:
        try:
            line = input(prompt)
        except EOFError:
            return None
        return line if len(line) <= MAX_LINE else _too_long(out)
    out.stream.write(prompt)
    out.stream.flush()
    line = stdin.readline(MAX_LINE + 1)
    if not line:
        return None
    if len(line.rstrip("\n")) > MAX_LINE:
        while line and not line.endswith("\n"):  # the rest of the long line, read and dropped
            line = stdin.readline(MAX_LINE + 1)
        if not interactive:
            out.stream.write("\n")
        return _too_long(out)
    if not interactive:
        out.stream.write(line if line.endswith("\n") else line + "\n")
    return line


def _too_long(out: _Out) -> str:
    out.line(f"that line is longer than {MAX_LINE} characters: type a move's number or text", "bold red")
    return ""
