"""rulebook: five trick-taking card games, stated formally and executed exactly.

>>> import rulebook
>>> game = rulebook.get_game("witches-of-blackmore")
>>> state = game.new_game(game.Rules(players=3), seed=7)
>>> while not state.is_terminal:
...     state = state.apply(state.legal_actions()[0])
>>> len(state.scores), sum(state.scores) <= 270
(3, True)
"""

from rulebook.core.contract import Action, Game, Setup, State
from rulebook.errors import (
    IllegalAction,
    InvalidAction,
    InvalidRecord,
    InvalidRules,
    OutputError,
    ResumeError,
    RulebookError,
    UnknownGame,
    WorkerLost,
    WrongGame,
)
from rulebook.registry import GAMES, get_game
from rulebook.variants.verify import verify

__version__ = "0.1.0"

__all__ = [
    "GAMES",
    "Action",
    "Game",
    "IllegalAction",
    "InvalidAction",
    "InvalidRecord",
    "InvalidRules",
    "OutputError",
    "ResumeError",
    "RulebookError",
    "Setup",
    "State",
    "UnknownGame",
    "WorkerLost",
    "WrongGame",
    "__version__",
    "get_game",
    "verify",
]
