"""UTSUKE played for exactly five rounds, nobody eliminated, the final score honour minus chips.

A house rule in three parts:

* the game lasts five rounds (the option ``end = "rounds"``, UT-END-6);
* nobody loses at two execution chips: the instant loss is switched off
  (``endings_off = ["chips"]``, UT-LOGIC-3), so every game plays all five rounds;
* each execution chip costs one honour: after every round's results the engine's own honour
  count loses one per chip gained in that round (a ``counters`` function, UT-LOGIC-2), so the
  table, the players and the winner (the most honour after round five) all see honour minus chips.

Check it with::

    rulebook verify utsuke --variant docs/examples/five_rounds_honour_minus_chips.py:variant
"""

from __future__ import annotations

from typing import Any

from rulebook.core.logic import Event
from rulebook.variants.variant import Variant


def honour_minus_chips(event: Event) -> dict[str, tuple[int, ...]] | None:
    """After a round's results, each chip gained in it takes one honour away (the record of a
    ``round`` event is the round's UtsukeRound: ``chips`` holds the chips gained per seat)."""
    if event.kind != "round":
        return None
    return {"honour": tuple(-c for c in event.record.chips)}


def variant(game: Any) -> Variant:
    """The variant, for ``--variant docs/examples/five_rounds_honour_minus_chips.py:variant``."""
    return Variant(
        game,
        game.Rules(end="rounds", rounds=5, endings_off=("chips",)),
        name="five rounds, honour minus chips",
        description="exactly five rounds, no loss at two execution chips; each chip costs one honour",
        counters=honour_minus_chips,
    )
