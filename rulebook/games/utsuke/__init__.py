"""UTSUKE (うつけ): bid on the tricks of the NPC lord (殿).

The rules: ``rulebook rules utsuke`` (the spec ships in the package as
``rulebook/spec/utsuke.md``; rule prefix ``UT``), restated from the published
rule text.

Each round every player secretly bids how many tricks the lord, a non-player
seat whose cards lie face up in a row and who plays by a fixed conduct, will
take. The suit of the card under the trump chip (the lord's rightmost card) is
trump, and the chip moves whenever the lord plays that card. Exact bidders earn
2 honour (誉), else the closest earn 1; taking more tricks than the lord earns
an execution chip (打ち首). Three honour wins, two chips lose.

Places: the real players are seats ``0..players-1``; the lord is place
``players`` and, with two players, the young lord (若) is place ``players + 1``.
NPC places never appear as :attr:`UtsukeState.current_player`, in ``scores`` or
in ``winners``; their plays happen inside ``apply``.

>>> from rulebook.games.utsuke import GAME, Rules
>>> state = GAME.new_game(Rules(players=3), seed=1)
>>> state.current_player, len(state.legal_actions()), len(state.lord_row)
(0, 16, 15)
"""
from __future__ import annotations

from .actions import Bid, Phase, Play
from .actions import UtsukeAction as UtsukeAction
from .game import GAME, UtsukeGame
from .history import UtsukeRound
from .observation import Observation
from .observation import TensorEncoder as TensorEncoder
from .rules import DECK, Rules, npc_card
from .rules import LORD as LORD
from .rules import MAX_BID as MAX_BID
from .rules import MOST_HONOUR as MOST_HONOUR
from .rules import SURVIVORS as SURVIVORS
from .rules import YOUNG_LORD as YOUNG_LORD
from .rules import NpcView as NpcView
from .rules import RoundResult as RoundResult
from .rules import TrickEntry as TrickEntry
from .scoring import honour_gains, resolve_trick
from .state import UtsukeState

__all__ = [
    "DECK",
    "GAME",
    "Bid",
    "Observation",
    "Phase",
    "Play",
    "Rules",
    "UtsukeGame",
    "UtsukeRound",
    "UtsukeState",
    "honour_gains",
    "npc_card",
    "resolve_trick",
]
