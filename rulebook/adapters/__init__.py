"""Adapters that run every registered game under other frameworks.

* :mod:`rulebook.adapters.openspiel` registers each game with OpenSpiel's
  ``pyspiel`` (extra ``openspiel``: ``pip install 'rulebook-games[openspiel]'``).
* :mod:`rulebook.adapters.pettingzoo` gives a PettingZoo AEC environment for any
  game (extra ``pettingzoo``: ``pip install 'rulebook-games[pettingzoo]'``).
* :mod:`rulebook.adapters.tensors` builds the observation tensors both hand to
  agents as numpy arrays, straight from the state (numpy comes with either extra).

Both are generic over :data:`rulebook.GAMES`: they use only the game contract
(action tables, ``legal_action_ids``, ``observation_tensor``, ``winners``,
``scores``, ``resample``), so a game registered later works unchanged. Importing
:mod:`rulebook` never imports these frameworks; import the adapter module you
need.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from rulebook.core.extras import install_hint

__all__: list[str] = []


def _missing(extra: str, exc: ImportError, module: str | None = None) -> NoReturn:
    """Fail an adapter import whose framework is absent, naming the extra to install.

    ``module`` is the adapter module's last name (default: ``extra``). Under
    pytest (which imports every module for its doctests) the module is skipped
    with that reason instead, so a run without the extra still passes.
    """
    message = f"rulebook.adapters.{module or extra} needs the {extra} extra: {install_hint(extra)} ({exc})"
    if "_pytest" in sys.modules:
        import pytest

        pytest.skip(message, allow_module_level=True)
    raise ImportError(message) from exc


class _Numberer:
    """Gives the sorted table numbers of a ``legal_actions()`` tuple (call it).

    Games hand out their action table's own objects, so the number is looked up
    by identity first (no hashing of attrs actions); any other object falls back
    to the equality index. The table keeps its objects alive, so an identity in
    the first map never comes to mean another object. Identities belong to one
    process: a copy shares this object and a pickle rebuilds it from the actions.
    """

    __slots__ = ("_by_id", "_index", "actions")

    def __init__(self, actions: Sequence[Any]) -> None:
        self.actions = tuple(actions)
        self._by_id = {id(a): i for i, a in enumerate(self.actions)}
        self._index = {a: i for i, a in enumerate(self.actions)}

    def __call__(self, legal: Sequence[Any]) -> list[int]:
        get = self._by_id.get
        out = [get(id(a), -1) for a in legal]
        if -1 in out:
            index = self._index
            out = [index[a] for a in legal]
        out.sort()
        return out

    def unsorted(self, legal: Sequence[Any]) -> list[int]:
        """The table numbers of ``legal`` in its own order (for a mask, where order does not matter)."""
        get = self._by_id.get
        out = [get(id(a), -1) for a in legal]
        if -1 in out:
            index = self._index
            out = [index[a] for a in legal]
        return out

    def __deepcopy__(self, memo: Any) -> _Numberer:
        return self

    def __reduce__(self) -> tuple[type[_Numberer], tuple[tuple[Any, ...]]]:
        return (_Numberer, (self.actions,))


def _numberer(actions: Sequence[Any]) -> Callable[[Sequence[Any]], list[int]]:
    """The :class:`_Numberer` of an action table."""
    return _Numberer(actions)
