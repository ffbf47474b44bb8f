"""サルトリイヌイ (Saru Tori Inu I), by ナナツチ (NanaTuchi), circle TDS, 2017.

The rules: ``rulebook rules saru-tori-inu-i`` (the spec ships in the package as
``rulebook/spec/saru-tori-inu-i.md``; rule prefix ``ST``), restated from the published
rule text.

Every round each player plays a card (distinct strengths, a face-down card
when nothing fits, the last player may declare a strength for two cards).
From the highest strength down, players put their cards beneath the oracle
area and take its leftmost card, to acquire it (colour majorities) or to lay
it as road, which moves the four animal tokens. After 8 (3 players) or 6
(4 players) rounds, colour majorities score by the animals' order, then the
secret missions.

The card faces, the six missions and the track are not printed in the source,
so they are ``Rules`` values (:class:`OracleCard`, :class:`Mission`,
:class:`Track`); the defaults are PLACEHOLDERS (ST-DATA-2, ST-DATA-3,
ST-DATA-4). Load real ones with :meth:`Rules.from_file` or :func:`load_data`.

>>> from rulebook.games.saru_tori_inu_i import GAME, Rules
>>> state = GAME.new_game(Rules(players=3), seed=1)
>>> state.current_player, len(state.hands[0]), len(state.area)
(0, 11, 3)

The package's modules: ``rules`` (options, components, deals), ``actions``, ``state``
(the hot path), ``scoring``, ``history`` (the record of play), ``observation`` (with the
fast tensor encoder), ``heuristic``, ``game`` (``GAME``) and ``render`` (the views, loaded
by :mod:`rulebook.core.render` on first use).
"""

from __future__ import annotations

# Names imported from the package elsewhere (tests, the adapters) though not in ``__all__``.
from .actions import PAIR as PAIR
from .actions import PLACE as PLACE
from .actions import PLAY as PLAY
from .actions import TAKE as TAKE
from .actions import Declare, Down, Keep, Pair, Phase, Place, Play, Road, Take
from .actions import SaruAction as SaruAction
from .game import GAME
from .game import SaruGame as SaruGame
from .history import PlacementRecord, Resolution, RevealedMissions, RoundOfPlay
from .observation import _LOC as _LOC
from .observation import _SHOWN as _SHOWN
from .observation import Observation
from .observation import TensorEncoder as TensorEncoder
from .rules import (
    ANIMALS,
    COLOURS,
    DEFAULT_DECK,
    DEFAULT_MISSIONS,
    DEFAULT_TRACK,
    Mission,
    OracleCard,
    Rules,
    Tier,
    Track,
    load_data,
    move_animals,
    race_order,
)
from .rules import BIRD as BIRD
from .rules import BOAR as BOAR
from .rules import COLOUR_POINTS as COLOUR_POINTS
from .rules import DECK_SIZE as DECK_SIZE
from .rules import DOG as DOG
from .rules import FACE_DOWN as FACE_DOWN
from .rules import LETTERS as LETTERS
from .rules import MONKEY as MONKEY
from .rules import NOT_PLAYED as NOT_PLAYED
from .rules import RULESETS as RULESETS
from .scoring import colour_places, race_score_changes, resolve_trick, score_colours, score_race
from .state import SaruState

__all__ = [
    "ANIMALS",
    "COLOURS",
    "DEFAULT_DECK",
    "DEFAULT_MISSIONS",
    "DEFAULT_TRACK",
    "GAME",
    "Declare",
    "Down",
    "Keep",
    "Mission",
    "Observation",
    "OracleCard",
    "Pair",
    "Phase",
    "Place",
    "PlacementRecord",
    "Play",
    "Resolution",
    "RevealedMissions",
    "Road",
    "RoundOfPlay",
    "Rules",
    "SaruState",
    "Take",
    "Tier",
    "Track",
    "colour_places",
    "load_data",
    "move_animals",
    "race_order",
    "race_score_changes",
    "resolve_trick",
    "score_colours",
    "score_race",
]

