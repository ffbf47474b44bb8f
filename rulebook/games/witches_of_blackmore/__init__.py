"""The Witches of Blackmore (Leo Colovini, White Goblin Games, 2012).

The rules: ``rulebook rules witches-of-blackmore`` (the spec ships in the package as
``rulebook/spec/witches-of-blackmore.md``; rule prefix ``WB``), restated from the published
rule text.

Every trick, each player plays any card; the strongest trump wins, else the
strongest card of the leader's colour, where strength follows the witches'
wheel anchored at the trump card's number. The winner captures the cards and
may lay one of them on the trump stack as the new trump. Points are the
numbers on captured cards.

>>> from rulebook.games.witches_of_blackmore import GAME, Rules
>>> state = GAME.new_game(Rules(players=2), seed=1)
>>> state.current_player, len(state.legal_actions())
(0, 6)

The package's modules: ``rules`` (options, the deck, the wheel and its tables),
``actions`` (and ``Phase``), ``state`` (the hot path), ``scoring``, ``history`` (the
record of play), ``observation`` (with the fast tensor encoder), ``heuristic``, ``game``
(``GAME``) and ``render`` (the views, loaded by :mod:`rulebook.core.render` on first use).
"""

from __future__ import annotations

from .actions import OVER as OVER
from .actions import PLAYING as PLAYING
from .actions import REPLACING as REPLACING
from .actions import Keep, Phase, Play, Replace
from .actions import WitchesAction as WitchesAction
from .game import GAME
from .game import WitchesGame as WitchesGame
from .observation import Observation
from .observation import TensorEncoder as TensorEncoder
from .rules import ASCENDING as ASCENDING
from .rules import DECK, Rules, wheel_order
from .rules import DESCENDING as DESCENDING
from .state import WitchesState

__all__ = [
    "DECK",
    "GAME",
    "Keep",
    "Observation",
    "Phase",
    "Play",
    "Replace",
    "Rules",
    "WitchesState",
    "wheel_order",
]
