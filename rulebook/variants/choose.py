"""The added step ``choose``: each seat taking part chooses one of a list, and the choices change the game.

The list is named by the variant:

* in a variant file, one of the game's own lists (``Game.CHOICES``: Seven Prophecies' ``move_cube``,
  "move one of your cubes still on a place card to another place card, or keep them"), data that names no
  code::

      [[phases]]
      kind = "choose"
      name = "move a cube"
      after = "trick"
      at = 5
      choices = "move_cube"
      turns = "in_turn"

* in Python, a :class:`~rulebook.core.model.ChoiceList` of the variant's own: ``options(state, seat)``
  (the choices a seat has at the engine's ``state``: pairs ``(value, text)``, values whole numbers 0 to
  4095, texts distinct),
  ``apply(state, made)`` (the engine's next state once every seat has chosen; ``made`` the pairs
  ``(seat, value)`` in the order chosen) and, optionally, the checks of the game its choices make untrue
  (``checks``: check ID -> the variant's own check in its place) and how the rule-aware player values a
  choice (``value(state, seat, value) -> number``; the highest is taken, else a random one).

``turns = "secret"`` (the default): each seat chooses unseen and the choices are shown to every seat
once all have chosen; ``"in_turn"``: every seat sees each choice as it is made. ``shown = "owner"``
keeps the choices from the other seats for good (only what ``apply`` changes in the open shows).

A choice is the move ``choose <text>`` (:class:`~rulebook.core.phases.Choose`).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs

from rulebook.core.model import ChoiceList
from rulebook.core.phases import Choose

__all__ = ["ChoiceList", "ChooseStep", "check", "list_of", "options_of"]

#: the most values a choice list may give (a choice's value is below it)
MAX_VALUES = 4096
#: what a record writes for the list of a step that chooses from a variant's Python
PYTHON = "python"


@attrs.frozen
class ChooseStep:
    """An added step: each seat taking part chooses one of ``choices`` (a list name of the game, or a
    :class:`~rulebook.core.model.ChoiceList`); ``name`` is what the table and the record call it. Its place (``before``,
    ``after``, ``at``, ``by``) is as for every added step (:mod:`rulebook.variants.steps`)."""

    before: str = ""
    name: str = "choice"
    choices: Any = ""
    turns: str = "secret"
    starts: str = "game"
    shown: str = "all"
    after: str = ""
    at: int = 0
    by: str = ""
    kind: ClassVar[str] = "choose"
    #: each seat makes one choice
    cards: ClassVar[int] = 1

    def describe(self) -> dict[str, Any]:
        """The step as a ``[[phases]]`` table; a step of a Python list is named ``choices = "python"``, which no
        variant file may name (a record of it replays under the variant's Python, passed again)."""
        choices = self.choices if isinstance(self.choices, str) else PYTHON
        out: dict[str, Any] = {"kind": "choose", "name": self.name, "choices": choices, "turns": self.turns,
                               "starts": self.starts}
        if self.shown != "all":
            out["shown"] = self.shown
        if self.before:
            out["before"] = self.before
        else:
            out["after"] = self.after
        if self.at:
            out["at"] = self.at
        if self.by:
            out["by"] = self.by
        return out


def list_of(game: Any, step: ChooseStep) -> ChoiceList:
    """The :class:`~rulebook.core.model.ChoiceList` a step chooses from."""
    if isinstance(step.choices, ChoiceList):
        return step.choices
    return game.CHOICES[step.choices]  # type: ignore[no-any-return]


def check(game: Any, step: ChooseStep, index: int, error: type[Exception]) -> None:
    """``error`` naming the field if ``game`` cannot play ``step``."""
    def field(name: str) -> str:
        return f"phases[{index + 1}].{name}"

    if not isinstance(step.name, str) or not 1 <= len(step.name) <= 40 or "\n" in step.name:
        raise error(f"{field('name')}: a step's name is one line of 1 to 40 characters")
    lists = getattr(game, "CHOICES", {})
    if step.choices == PYTHON:
        raise error(f"{field('choices')}: the step chose from the Python list of a variant, which data cannot name: "
                    "pass that variant again (--variant FILE.py:NAME)")
    if isinstance(step.choices, str):
        if step.choices not in lists:
            offered = ", ".join(lists) or "none (give a ChoiceList in Python)"
            raise error(f"{field('choices')}: {game.slug} has no list of choices {step.choices[:40]!r} (its lists: "
                        f"{offered})")
    elif not isinstance(step.choices, ChoiceList):
        raise error(f"{field('choices')}: must name one of the game's lists or be a ChoiceList, not "
                    f"{type(step.choices).__name__}")
    if step.turns not in ("secret", "in_turn"):
        raise error(f"{field('turns')}: must be secret or in_turn")
    if step.shown not in ("all", "owner"):
        raise error(f"{field('shown')}: must be all or owner")


def options_of(game: Any, step: ChooseStep, inner: Any, seat: int) -> tuple[Choose, ...]:
    """The moves ``seat`` has in ``step`` at ``inner``: one :class:`~rulebook.core.phases.Choose` per option,
    checked (values whole numbers 0 to 4095, texts distinct; at least one)."""
    raw = list_of(game, step).options(inner, seat)
    out: list[Choose] = []
    texts: set[str] = set()
    for pair in raw:
        if not (isinstance(pair, tuple) and len(pair) == 2):
            raise ValueError(f"the choices of {step.name!r}: each is (value, text), not {pair!r:.40}")
        value, text = pair
        if type(value) is not int or not 0 <= value < MAX_VALUES or not isinstance(text, str) or not text:
            raise ValueError(f"the choices of {step.name!r}: a value is a whole number 0 to {MAX_VALUES - 1} and a "
                             f"text is not empty, not ({value!r:.20}, {text!r:.20})")
        if text in texts:
            raise ValueError(f"the choices of {step.name!r}: the text {text!r:.30} is given twice")
        texts.add(text)
        out.append(Choose(value, text, step.name))
    if not out:
        raise ValueError(f"the choices of {step.name!r}: seat {seat + 1} has none")
    return tuple(out)


def heuristic(game: Any, step: ChooseStep, inner: Any, seat: int, legal: tuple[Choose, ...],
              rng: random.Random) -> Choose:
    """The rule-aware player's choice: the list's ``value`` highest (the first of equal worth), else at random."""
    value = list_of(game, step).value
    if value is None:
        return rng.choice(legal)
    worth = [value(inner, seat, a.value) for a in legal]
    return legal[worth.index(max(worth))]
