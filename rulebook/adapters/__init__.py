"""Adapters that run every registered game under other frameworks.

* :mod:`rulebook.adapters.openspiel` registers each game with OpenSpiel's
  ``pyspiel`` (``pip install rulebook[openspiel]``).
* :mod:`rulebook.adapters.pettingzoo` gives a PettingZoo AEC environment for any
  game (``pip install rulebook[pettingzoo]``).

Both are generic over :data:`rulebook.GAMES`: they use only the game contract
(action tables, ``legal_action_ids``, ``observation_tensor``, ``winners``,
``scores``, ``resample``), so a game registered later works unchanged. Importing
:mod:`rulebook` never imports these frameworks; import the adapter module you
need.
"""

from __future__ import annotations

__all__: list[str] = []
