"""Shared machinery every game builds on, and that every other room may use.

* :mod:`~rulebook.core.contract`: the game contract (``Game``, ``State``, ``Setup``, ``Action``)
  every game implements; :mod:`~rulebook.core.options`: ``Rules`` options, their validation and
  text forms, layers of house rules; :mod:`~rulebook.core.visibility`: who sees each hidden element;
* :mod:`~rulebook.core.cards`, :mod:`~rulebook.core.tricks`, :mod:`~rulebook.core.history`:
  cards, tricks and the record of play built on demand;
* :mod:`~rulebook.core.encoding`: observation tensors; :mod:`~rulebook.core.render`: cards and
  boards as text and SVG;
* :mod:`~rulebook.core.progress`: resumable runs' files; :mod:`~rulebook.core.files`: reading only
  regular files in bounded pieces, and writing without losing what a user made;
  :mod:`~rulebook.core.terminal`: text from files made safe for a terminal;
* :mod:`~rulebook.core.optional`, :mod:`~rulebook.core.extras` and :mod:`~rulebook.core.remote`:
  optional libraries, the extra that installs each, and Dask addresses.
"""

from __future__ import annotations

from rulebook.core import (
    cards,
    contract,
    encoding,
    extras,
    files,
    history,
    optional,
    options,
    progress,
    remote,
    render,
    terminal,
    tricks,
    visibility,
)
from rulebook.core.contract import Action, Game, Setup, State

__all__ = [
    "Action", "Game", "Setup", "State", "cards", "contract", "encoding", "extras", "files", "history", "optional",
    "options", "progress", "remote", "render", "terminal", "tricks", "visibility",
]
