"""Play at the table: a whole game in the terminal against bots or friends (``rulebook play``).

* :mod:`~rulebook.table.play`: the play loop: prompts, moves typed by number or text, ``?``,
  ``hint``, ``undo``, saving and ``--resume``;
* :mod:`~rulebook.table.screen`: the card table drawn from one seat's observation, fitted to
  80 x 24 (board, seats, tricks, your hand, the end screen);
* :mod:`~rulebook.table.hint`: a reason for a move, from what the seat may see.

>>> from rulebook.table.screen import WIDTH, HEIGHT
>>> WIDTH, HEIGHT
(80, 24)
"""

from __future__ import annotations

from rulebook.table import hint, play, screen
from rulebook.table.hint import Hint
from rulebook.table.screen import HEIGHT, WIDTH

__all__ = ["HEIGHT", "WIDTH", "Hint", "hint", "play", "screen"]
