"""Seven Prophecies (七つの予言, Hinata Origuchi, Blüte Spiele, 2017).

The rules: ``rulebook rules seven-prophecies`` (the spec ships in the package as
``rulebook/spec/seven-prophecies.md``; rule prefix ``SP``), restated from the published
rule text (the 2017 rules).

Before each round every player secretly spreads seven cubes over the finishing
places 1..P (the prophecy). Each trick, a face-up *future card* fixes the suit
that must be followed and that ranks above the others; every player whose place
in the trick carries one of their cubes moves a cube onto the card they played.
The round ends after the trick in which someone moves their seventh cube, or
after the tenth trick.

>>> from rulebook.games.seven_prophecies import GAME, Rules
>>> state = GAME.new_game(Rules(players=4), seed=1)
>>> state.current_player, [str(a) for a in state.legal_actions()]
(0, ['prophesy 1', 'prophesy 2', 'prophesy 3', 'prophesy 4'])
>>> state = state.apply(state.legal_actions()[1])
>>> [str(a) for a in state.legal_actions()]  # cubes go on in order of place (SP-RULING-4)
['prophesy 2', 'prophesy 3', 'prophesy 4']
"""

from __future__ import annotations

from .actions import OVER as OVER
from .actions import PROPHECY as PROPHECY
from .actions import TRICK as TRICK
from .actions import Phase, Play, Prophesy
from .actions import ProphecyAction as ProphecyAction
from .game import GAME, SevenProphecies
from .history import EarlierRound, PlacedTrick, PlayedRound
from .observation import Observation
from .observation import _starts as _starts
from .rules import _SUIT as _SUIT
from .rules import ASIDE as ASIDE
from .rules import CUBES, DECK, RULESETS, TRICKS, Rules, aside, in_play, places
from .rules import LAST_PLACE as LAST_PLACE
from .rules import MOST_CUBES as MOST_CUBES
from .rules import POINTS as POINTS
from .rules import ROUND_DECK as ROUND_DECK
from .rules import SHARE as SHARE
from .rules import TWICE as TWICE
from .rules import SPRules as SPRules
from .scoring import resolve_trick, round_points
from .state import RoundInfo, SevenPropheciesState

__all__ = [
    "CUBES",
    "DECK",
    "GAME",
    "RULESETS",
    "TRICKS",
    "EarlierRound",
    "Observation",
    "Phase",
    "PlacedTrick",
    "Play",
    "PlayedRound",
    "Prophesy",
    "RoundInfo",
    "Rules",
    "SevenProphecies",
    "SevenPropheciesState",
    "aside",
    "in_play",
    "places",
    "resolve_trick",
    "round_points",
]
