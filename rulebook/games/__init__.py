"""The five games, one package each, with the same files in every game (``docs/contributing.md``).

Each package defines ``GAME`` (found by :mod:`rulebook.registry`, ``rulebook.get_game(slug)``)
and its ``Rules``. A game is imported when first named, so using one game never loads the others:

>>> from rulebook.games import utsuke
>>> utsuke.GAME.slug
'utsuke'
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["gods_and_humans", "saru_tori_inu_i", "seven_prophecies", "utsuke", "witches_of_blackmore"]


def __getattr__(name: str) -> ModuleType:
    if name in __all__:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
