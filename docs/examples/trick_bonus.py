"""A point for every trick won, as a Python variant of the games that count their scores per seat.

In Seven Prophecies, gods-and-humans and Saru Tori Inu I the printed scores come at the end of a
round (the prophecies, the predictions, the race). Here each trick also brings its winner one point
at once (Saru Tori Inu I's counterpart of a trick is a round of play, won by the seat that resolves
first): a ``counters`` function (SP-LOGIC-2, GH-LOGIC-2, ST-LOGIC-2) adds the point to the engine's
own ``score`` counter after each trick, so the table, the players, the end of the game and the
winners all count it. Check it with::

    rulebook verify seven-prophecies --variant docs/examples/trick_bonus.py:variant
    rulebook verify gods-and-humans --variant docs/examples/trick_bonus.py:variant
    rulebook verify saru-tori-inu-i --variant docs/examples/trick_bonus.py:variant
"""

from __future__ import annotations

from typing import Any

from rulebook.core.logic import Event
from rulebook.variants.variant import Variant


def trick_point(event: Event) -> dict[str, tuple[int, ...]] | None:
    """After each trick, one point to the seat that won it (nothing for a non-player's win)."""
    if event.kind != "trick" or type(event.record.winner) is not int:
        return None
    players = event.state.rules.players
    return {"score": tuple(int(seat == event.record.winner) for seat in range(players))}


def variant(game: Any) -> Variant:
    """The variant, for ``--variant docs/examples/trick_bonus.py:variant``."""
    return Variant(
        game, game.Rules(), name="a point a trick",
        description="every trick won scores its winner one point at once",
        counters=trick_point,
    )
