"""Adapters that run every registered game under other frameworks.

* :mod:`rulebook.adapters.openspiel` registers each game with OpenSpiel's
  ``pyspiel`` (extra ``openspiel``: ``pip install 'rulebook-games[openspiel]'``).
* :mod:`rulebook.adapters.pettingzoo` gives a PettingZoo AEC environment for any
  game (extra ``pettingzoo``: ``pip install 'rulebook-games[pettingzoo]'``).

Both are generic over :data:`rulebook.GAMES`: they use only the game contract
(action tables, ``legal_action_ids``, ``observation_tensor``, ``winners``,
``scores``, ``resample``), so a game registered later works unchanged. Importing
:mod:`rulebook` never imports these frameworks; import the adapter module you
need.
"""

from __future__ import annotations

import sys
from typing import NoReturn

from rulebook._install import install_hint

__all__: list[str] = []


def _missing(extra: str, exc: ImportError) -> NoReturn:
    """Fail an adapter import whose framework is absent, naming the extra to install.

    Under pytest (which imports every module for its doctests) the module is
    skipped with that reason instead, so a run without the extra still passes.
    """
    message = f"rulebook.adapters.{extra} needs the {extra} extra: {install_hint(extra)} ({exc})"
    if "_pytest" in sys.modules:
        import pytest

        pytest.skip(message, allow_module_level=True)
    raise ImportError(message) from exc
