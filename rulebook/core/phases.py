"""The printed turn structure as data, and the moves of the phases a variant adds.

Each game names its round's phases in order as ``PHASES`` on its game class: a
:class:`Phase` says what the step is called, how it takes turns and who starts it (the game's
own rule, with its rule ID). A variant may add phases of a small library shared by every game
(:mod:`rulebook.variants.phases`); the moves of those phases are :class:`PassCard`,
:class:`ShowCard`, :class:`KeepCard` and :class:`ReturnCard` values.

>>> import rulebook
>>> print(phases_text(rulebook.get_game("utsuke")))
deal: chance; the dealer deals (UT-SETUP-4)
bid: secret; the seat after the lord bids first (UT-BID-2)
tricks: in turn; the lord leads the first trick (UT-PLAY-1)
score: chance; the results are read out (UT-SCORE-1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from rulebook.core.contract import Action
from rulebook.i18n import N_, _

__all__ = ["TURNS", "Choose", "Done", "KeepCard", "PassCard", "Phase", "ReturnCard", "ShowCard", "phases_text",
           "register_phases", "with_phases"]

#: How a phase takes turns: no seat decides; every seat at once and in secret (the engines model it
#: as sequential hidden choices); one seat at a time, openly.
TURNS = ("chance", "secret", "in_turn")
_TURN_WORDS = {"chance": N_("chance"), "secret": N_("secret"), "in_turn": N_("in turn")}


def _turns(instance: Any, attribute: Any, value: str) -> None:
    if value not in TURNS:
        raise ValueError(f"{attribute.name}: must be one of {', '.join(TURNS)}, not {value!r:.40}")


@attrs.frozen(slots=True)
class Phase:
    """One printed step of a game's round: its ``name``, how it takes ``turns`` (one of
    :data:`TURNS`), who ``starts`` it (a short text with the game's rule ID) and the ``rules`` that
    state it."""

    name: str
    turns: str = attrs.field(validator=_turns)
    starts: str = ""
    rules: tuple[str, ...] = ()


def phases_text(game: Any) -> str:
    """The game's round, one line per phase, for people (empty when the game names no phases)."""
    lines = []
    for phase in getattr(game, "PHASES", ()):
        line = f"{phase.name}: {_(_TURN_WORDS[phase.turns])}"
        if phase.starts:
            line += f"; {_(phase.starts)}"
        lines.append(line)
    return "\n".join(lines)


@attrs.frozen(slots=True)
class PassCard(Action):
    """In an added phase, choose ``card`` of one's hand to pass (face down unless the phase is
    played openly). ``text`` is the card's short text (``R7``), as the move prints it."""

    card: int
    text: str = attrs.field(eq=False, hash=False, repr=False, default="")

    def __str__(self) -> str:
        return f"pass {self.text or self.card}"


@attrs.frozen(slots=True)
class ShowCard(Action):
    """In an added phase, choose ``card`` of one's hand to show to every seat (it becomes public once
    every seat has chosen). ``text`` is the card's short text, as the move prints it."""

    card: int
    text: str = attrs.field(eq=False, hash=False, repr=False, default="")

    def __str__(self) -> str:
        return f"show {self.text or self.card}"


@attrs.frozen(slots=True)
class KeepCard(Action):
    """In an added draft, keep ``card`` (an item of the pile of ``element``: a card of the hand's pile, a
    mission) of those dealt to the seat; the others go back face down to the bottom of the pile.
    ``text`` is the item's short text (``R7``, ``mission 3``), as the move prints it."""

    card: int
    text: str = attrs.field(eq=False, hash=False, repr=False, default="")
    element: str = "hand"

    def __str__(self) -> str:
        return f"keep {self.text or self.card}"


@attrs.frozen(slots=True)
class ReturnCard(Action):
    """In an added exchange, put ``card`` (an item of ``element`` the seat holds or just drew) face down
    at the bottom of the pile. ``text`` is the item's short text, as the move prints it."""

    card: int
    text: str = attrs.field(eq=False, hash=False, repr=False, default="")
    element: str = "hand"

    def __str__(self) -> str:
        return f"return {self.text or self.card}"


@attrs.frozen(slots=True)
class Choose(Action):
    """In an added ``choose`` step, choose the option ``value`` (``text`` is how it reads: ``choose keep``);
    ``step`` names the step (:mod:`rulebook.variants.choose`)."""

    value: int
    text: str = attrs.field(eq=False, hash=False, repr=False, default="")
    #: the step's name: two steps' choices of one value are two moves (their ids differ)
    step: str = attrs.field(repr=False, default="")

    def __str__(self) -> str:
        return f"choose {self.text or self.value}"


@attrs.frozen(slots=True)
class Done(Action):
    """In an added step where a seat may choose fewer than its most (an exchange that lays aside first),
    stop choosing: ``done``."""

    def __str__(self) -> str:
        return "done"


#: the function that adds phases to a state (:mod:`rulebook.variants.phases` registers it on import):
#: records replay a variant's added phases from data without the lower rooms importing the higher
_WRAP: list[Callable[[Any, Any], Any]] = []


def register_phases(wrap: Callable[[Any, Any], Any]) -> None:
    """Register ``wrap(state, tables)``: the engine state at a game's start with the added phases of
    ``tables`` (a variant file's ``[[phases]]`` tables) played."""
    _WRAP[:] = [wrap]


def with_phases(state: Any, tables: Any) -> Any:
    """``state`` with the added phases ``tables`` (``ValueError`` naming the field when one is bad)."""
    if not _WRAP:  # importing rulebook registers it
        raise ValueError("added phases need rulebook.variants.phases (import rulebook)")
    return _WRAP[0](state, tables)
