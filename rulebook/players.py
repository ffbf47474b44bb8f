"""Players: who chooses an action for a seat, from what that seat may know.

A player is any callable ``player(state, rng) -> action`` that returns one of
``state.legal_actions()`` for the seat to act (``state.current_player``). It
must decide only from what that seat may see: its choice from ``state`` must
equal its choice from ``state.resample(seat, ...)`` given the same ``rng``
(``tests/test_players.py`` checks this for every built-in player). Users plug
in their own agents by passing any such callable.

Built in, by name (:func:`player_from_spec` parses the names the CLI takes):

* ``random``: uniformly random among the legal actions;
* ``heuristic``: the game's simple rule-aware player (``game.heuristic_action``).

>>> import random, rulebook
>>> game = rulebook.get_game("witches-of-blackmore")
>>> state = game.new_game(seed=3)
>>> player = player_from_spec("random")
>>> player(state, random.Random(1)) in state.legal_actions()
True
>>> player_from_spec("nobody")
Traceback (most recent call last):
...
ValueError: unknown player kind 'nobody'; choose from random, heuristic
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rulebook.core.contract import Action, State

__all__ = ["PLAYER_KINDS", "Player", "heuristic_player", "player_from_spec", "random_player"]

#: ``player(state, rng) -> action`` for the seat ``state.current_player``.
Player = Callable[[State[Any, Any], random.Random], Action]


def random_player(state: State[Any, Any], rng: random.Random) -> Action:
    """Uniformly random among the legal actions."""
    legal: tuple[Action, ...] = state.legal_actions()
    return rng.choice(legal)


def heuristic_player(state: State[Any, Any], rng: random.Random) -> Action:
    """The game's rule-aware heuristic (``game.heuristic_action``)."""
    action: Action = state.GAME.heuristic_action(state, rng)
    return action


#: Factories of the built-in player kinds: ``kind -> factory(argument or None)``.
PLAYER_KINDS: dict[str, Callable[[str | None], Player]] = {
    "random": lambda arg: random_player,
    "heuristic": lambda arg: heuristic_player,
}


def player_from_spec(spec: str) -> Player:
    """The built-in player named by ``spec``: ``kind`` or ``kind:argument`` (``ismcts:400``).

    Raises ``ValueError`` naming the kinds on offer for an unknown kind or a bad argument.
    """
    if not isinstance(spec, str):
        raise ValueError(f"a player kind must be a str, not {type(spec).__name__}")
    kind, _, arg = spec.strip().partition(":")
    factory = PLAYER_KINDS.get(kind)
    if factory is None:
        raise ValueError(f"unknown player kind {kind!r}; choose from {', '.join(PLAYER_KINDS)}")
    if arg and kind in ("random", "heuristic"):
        raise ValueError(f"player kind {kind!r} takes no argument, got {spec!r}")
    return factory(arg or None)
