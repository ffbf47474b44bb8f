"""The moves of the table's last lines: numbered from 1 (``Moves: 1) play R4  2) play R8``), or by their own
numbers when they are one kind that takes a number, 1 among them (``Moves (type the number): bid 0 1 2``),
and what a number typed at the prompt means (:func:`typed_numbers`). A list always numbers what it
lists, and every listed number means its move.

>>> import rulebook
>>> game = rulebook.get_game("witches-of-blackmore")
>>> moves_lines(game.new_game(game.Rules(players=3), seed=1).legal_actions(), 80)
['Moves: 1) play R4  2) play R8  3) play B8  4) play Y1  5) play Y2  6) play P9']
"""

from __future__ import annotations

from collections.abc import Sequence

from rulebook.core.contract import Action
from rulebook.i18n import _, wrap
from rulebook.reference.words import move_text, verb_word
from rulebook.table.lines import KEEP, WIDTH, wrap_lines

__all__ = ["moves_lines", "numbered_moves", "numeric_move", "typed_numbers"]


def numbered_moves(legal: Sequence[Action], width: int = WIDTH) -> bool:
    """Whether every move is listed with a number before it (``1) play R4  2) play R8``): always, but
    when the moves are one kind that takes a number of its own that is typed instead (``bid 0 1 2``)."""
    return not _own_numbers(legal)


def numeric_move(text: str) -> bool:
    """Whether a move takes a number of its own (``bid 3``, ``declare 10``)."""
    arg = text.partition(" ")[2]
    return arg.isascii() and arg.isdigit()


def _own_numbers(legal: Sequence[Action]) -> dict[str, Action]:
    """The moves by their own numbers, when they are one kind that takes a number, at least two are
    listed and 1 is one of them (``bid 0 1 2``, ``under 1 2 3``); else ``{}``: the moves are numbered by
    place (``Moves: 1) under 2  2) under 3``), so that 1 always means a move."""
    texts = [str(a) for a in legal]
    if len(texts) < 2 or not all(numeric_move(t) for t in texts) or len({t.partition(" ")[0] for t in texts}) != 1:
        return {}
    own = {t.partition(" ")[2]: a for t, a in zip(texts, legal)}
    return own if "1" in own else {}


def typed_numbers(legal: Sequence[Action], width: int = WIDTH) -> dict[str, Action]:
    """What a number typed at the prompt means, as the moves are listed (:func:`table`): the move's own
    number when the moves are one kind that takes a number, 1 among them (``bid 0 1 2``: 2 is ``bid 2``;
    :func:`_own_numbers`); else the listed number of each move that takes no number of its own
    (``1) play R6  2) play R7 · or declare 0 1 2``: 1 is ``play R6``), or of every move when all take
    one (``1) under 2  2) under 4``: 1 is ``under 2``; a move's own number that no listed number is, 4
    here, means it too). A list always numbers what it lists, and every listed number means its move."""
    own = _own_numbers(legal)
    if own:
        return own
    plain = [a for a in legal if not numeric_move(str(a))] or list(legal)
    numbers = {str(i): a for i, a in enumerate(plain, 1)}
    texts = [str(a) for a in legal]
    if len(plain) == len(legal) and all(numeric_move(t) for t in texts) and len({t.split()[0] for t in texts}) == 1:
        args = {t.partition(" ")[2]: a for t, a in zip(texts, legal)}
        if not args.keys() & numbers.keys():  # no own number is also a listed one
            numbers.update(args)
    return numbers


def _numbered(texts: Sequence[str], width: int, tail: str = "") -> list[str]:
    """``Moves: 1) play R4  2) play R8``, lines broken between two moves, never inside one (``tail``: the
    moves that take a number of their own, after them)."""
    numbered = (KEEP + " ").join(f"{i}) {move_text(t)}".replace(" ", KEEP) for i, t in enumerate(texts, 1))
    if tail:
        numbered += " · " + tail
    return [line.replace(KEEP, " ") for line in wrap(_("Moves: {moves}").format(moves=numbered), width,
                                                        subsequent_indent="  ")]


def _grouped(texts: Sequence[str]) -> list[str]:
    """Moves grouped by kind: ``bid 0 1 2``, ``declare 0 1 2 3 6``."""
    groups: dict[str, list[str]] = {}
    for t in texts:
        verb, _sep, arg = t.partition(" ")
        groups.setdefault(verb, []).append(arg)
    return [f"{verb_word(verb)} {' '.join(args)}".strip() for verb, args in groups.items()]


def moves_lines(legal: Sequence[Action], width: int) -> list[str]:
    """The legal moves as :func:`typed_numbers` reads them: by their own numbers (``bid 0 1 2``), or
    numbered (``1) play R4``, then the moves that take a number of their own: ``or declare 0 1 2``)."""
    texts = [str(a) for a in legal]
    if _own_numbers(legal):
        listed = " · ".join(_grouped(texts))
        return wrap_lines(_("Moves (type the number): {moves}").format(moves=listed), width, most=3)
    plain = [t for t in texts if not numeric_move(t)]
    if not plain:
        return _numbered(texts, width)
    rest = [t for t in texts if numeric_move(t)]
    tail = (_("or {moves}").format(moves=" · ".join(_grouped(rest))).replace(" ", KEEP) if rest else "")
    return _numbered(plain, width, tail)
