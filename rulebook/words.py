"""Words for people: card texts, seat names, observation fields and rule titles.

Shared by :mod:`rulebook.play` (the table in the terminal) and
:mod:`rulebook.narrate` (replays told in words), so that neither imports the other.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from rulebook.core.contract import Game
from rulebook.trace import HEADING, SPEC, spec_rules

__all__ = [
    "CARD_FIELDS",
    "card_namer",
    "render_observation",
    "rule_title",
    "seat_name",
    "spec_sections",
]

#: Observation fields that hold cards (or tuples of cards, or ``(seat, card)`` pairs).
CARD_FIELDS = frozenset({
    "hand", "human_hands", "future", "aside_up", "lord_row", "young_row", "field", "area", "beneath",
    "road", "removed", "acquired", "captured", "trump_stack", "known_in_hands", "plays", "trick",
    "last_trick", "tricks",
})
#: Fields of a trick: a tuple of ``(seat, card)`` pairs, or of cards.
TRICK_FIELDS = frozenset({"trick", "last_trick"})
#: Fields that hold a suit index (shown by the suit's name).
SUIT_FIELDS = frozenset({"trump_suit", "trump"})
#: Fields not worth showing (the seat itself is in the heading).
SKIP_FIELDS = frozenset({"seat"})


# -- cards and seats ------------------------------------------------------------------


def card_namer(game: Game[Any, Any, Any], rules: Any) -> tuple[Callable[[int], str], int]:
    """``(text_of(card), deck size)`` for ``game`` under ``rules``.

    Uses ``game.card_text``; games whose cards are data (Saru Tori Inu I's deck
    in ``rules.deck``) name cards by that data; the module's ``DECK`` otherwise.
    """
    deck = getattr(rules, "deck", None)
    if isinstance(deck, tuple) and deck and hasattr(deck[0], "name"):
        names = tuple(str(getattr(c, "name", "") or f"#{i}") for i, c in enumerate(deck))
        return (lambda c: names[c]), len(names)
    try:
        game.card_text(0)
        size = int(game.deck.size)
        return game.card_text, size
    except (AttributeError, NotImplementedError, ValueError):
        pass
    module_deck = getattr(sys.modules.get(type(game).__module__), "DECK", None)
    if module_deck is not None and hasattr(module_deck, "text"):
        return module_deck.text, int(module_deck.size)
    return str, 0


def seat_name(seat: Any, players: int, you: Iterable[int] = ()) -> str:
    """``seat 2`` (``you`` for a human seat); a non-seat (UTSUKE's lord) by its name or ``lord``."""
    if isinstance(seat, str):
        return seat
    if isinstance(seat, int) and not isinstance(seat, bool):
        if 0 <= seat < players:
            return f"you (seat {seat})" if seat in set(you) else f"seat {seat}"
        return "the lord" if seat == players else "the young lord" if seat == players + 1 else f"player {seat}"
    return str(seat)


# -- rendering ------------------------------------------------------------------------


def _cards(value: Any, text: Callable[[int], str], size: int) -> str:
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return text(value) if 0 <= value < size else str(value)
    if isinstance(value, tuple):
        return "[" + " ".join(_cards(v, text, size) for v in value) + "]" if value else "-"
    return str(value)


def _is_pairs(value: Any) -> bool:
    return isinstance(value, tuple) and all(
        isinstance(p, tuple) and len(p) == 2 and all(isinstance(x, int) for x in p) for p in value
    )


def _field_text(name: str, value: Any, text: Callable[[int], str], size: int, players: int,
                you: Sequence[int]) -> str:
    if name in TRICK_FIELDS and _is_pairs(value) and value:
        return ", ".join(f"{seat_name(s, players, you)}: {text(c) if 0 <= c < size else c}" for s, c in value)
    if name not in CARD_FIELDS:
        if isinstance(value, tuple) and not value:
            return "-"
        return str(value)
    if name == "tricks" and not all(isinstance(t, tuple) and all(isinstance(x, int) for x in t) for t in value):
        return str(value)
    if name in ("human_hands", "known_in_hands", "captured", "area", "beneath", "acquired", "plays") and isinstance(
        value, tuple
    ) and value and all(isinstance(v, tuple) for v in value):
        return "; ".join(f"{i}: {_cards(v, text, size)}" for i, v in enumerate(value))
    return _cards(value, text, size)


def render_observation(game: Game[Any, Any, Any], rules: Any, observation: Any,
                       you: Sequence[int] = ()) -> list[tuple[str, str]]:
    """``(field, text)`` for every field of ``observation``, cards as card texts.

    Generic: it reads the observation's attrs fields, so it works for every game
    and shows exactly what the observation holds, nothing from the state.
    """
    text, size = card_namer(game, rules)
    players = rules.players
    deck = getattr(sys.modules.get(type(game).__module__), "DECK", None)
    suits: tuple[tuple[str, str], ...] = getattr(deck, "suits", ())
    out = []
    for f in attrs.fields(type(observation)):
        if f.name in SKIP_FIELDS:
            continue
        value = getattr(observation, f.name)
        if f.name in SUIT_FIELDS and type(value) is int and 0 <= value < len(suits):
            shown = f"{suits[value][0]} ({suits[value][1]})"
        else:
            shown = _field_text(f.name, value, text, size, players, you)
        out.append((f.name.replace("_", " "), shown))
    return out


# -- the spec -------------------------------------------------------------------------


def spec_sections(slug: str) -> list[tuple[str, list[tuple[str, str, str]]]]:
    """The sections of ``spec/<slug>.md``: ``(heading, [(rule ID, title, first paragraph)])``.

    Read from the spec installed with the package; empty for a slug without one.
    """
    try:
        lines = (SPEC / f"{slug}.md").read_text(encoding="utf-8").splitlines()
    except (FileNotFoundError, OSError):
        return []
    sections: list[tuple[str, list[tuple[str, str, str]]]] = []
    current: list[str] | None = None  # [id, title, first paragraph]
    for line in [*lines, "## "]:
        m = HEADING.match(line)
        if (line.startswith("## ") or m) and current is not None and sections:
            sections[-1][1].append((current[0], current[1], current[2]))
            current = None
        if line.startswith("## "):
            sections.append((line[3:].strip(), []))
        elif m:
            current = [m["id"], m["title"], ""]
        elif current is not None and line.strip() and not current[2].endswith("\n"):
            current[2] = (current[2] + " " + line.strip()).strip()
        elif current is not None and not line.strip() and current[2]:
            current[2] += "\n"
    for _, rules in sections:
        rules[:] = [(r, t, b.strip()) for r, t, b in rules]
    return sections


def rule_title(rule: str) -> str:
    """The one-line title of spec rule ``rule`` (``""`` for an ID no spec defines).

    >>> rule_title("WB-PLAY-1")
    'Playing cards'
    """
    found = spec_rules().get(rule)
    return found.title if found is not None else ""
