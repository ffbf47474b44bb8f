"""The gods-and-humans oracle game (locogame; title unknown, slug ``gods-and-humans``).

The rules: ``rulebook rules gods-and-humans`` (the spec ships in the package as
``rulebook/spec/gods-and-humans.md``; rule prefix ``GH``), restated from the published
rule text.

Five to eight players split, anew for each of four deals, into *humans*, who play
must-follow tricks, and *gods*, who see every human's hand, secretly predict how
many tricks their partner human will win, and each intervene once per deal by
giving every human one card. A human and a god are partners when the human's mark
and the god's oracle set show the same icon; humans do not know their partners.
An exact prediction scores the stars of the oracle card for the human and its
partner god. The star values are not known: :data:`PLACEHOLDER_STARS`.

>>> from rulebook.games.gods_and_humans import GAME, Rules
>>> state = GAME.new_game(Rules(players=5), seed=1)
>>> state.gods, state.humans, [len(state.hands[s]) for s in state.humans]
((0, 1), (2, 3, 4), [6, 6, 6])
>>> [str(a) for a in state.legal_actions()]
['oracle 0', 'oracle 1', 'oracle 2', 'oracle 3', 'oracle 4', 'oracle 5']

The package's modules: ``rules`` (options, components, deals), ``actions`` (and ``Phase``),
``state`` (the hot path), ``scoring``, ``history`` (the record of play), ``observation``
(with the fast tensor encoder), ``heuristic``, ``game`` (``GAME``) and ``render`` (the
views, loaded by :mod:`rulebook.core.render` on first use).
"""

from __future__ import annotations

from .actions import PHASES as PHASES
from .actions import GHAction as GHAction
from .actions import Give, Intervene, Oracle, Pass, Phase, Play
from .game import GAME
from .game import GodsAndHumansGame as GodsAndHumansGame
from .history import DealResult, GodResult, HumanResult, Intervention
from .observation import ForcedView, Observation, SeenIntervention
from .observation import TensorEncoder as TensorEncoder
from .rules import DEAL_LEADERS, DECK, ICONS, PLACEHOLDER_STARS, Rules, cards_in_play, hand_size, role_counts, rotation
from .state import DealFacts, Gaps, GodsState

__all__ = [
    "DEAL_LEADERS",
    "DECK",
    "GAME",
    "ICONS",
    "PLACEHOLDER_STARS",
    "DealFacts",
    "DealResult",
    "ForcedView",
    "Gaps",
    "Give",
    "GodResult",
    "GodsState",
    "HumanResult",
    "Intervene",
    "Intervention",
    "Observation",
    "Oracle",
    "Pass",
    "Phase",
    "Play",
    "Rules",
    "SeenIntervention",
    "cards_in_play",
    "hand_size",
    "role_counts",
    "rotation",
]
