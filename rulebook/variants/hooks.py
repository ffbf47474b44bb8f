"""Hooks the engine obeys during play: what options cannot say, in Python.

A :class:`~rulebook.variants.variant.Variant` may carry *play hooks*, called while the game is
played (by ``simulate``, ``verify``, ``play``, ``replay`` and the ISMCTS player), not
only at the end:

``legal(state, actions) -> actions``
    Which moves are legal: given the engine's legal moves, return those the house
    rule allows (a subset, in any order; ``verify`` fails a hook that leaves a seat
    with none, or offers a move the engine does not have).
``game_over(state) -> bool``
    Whether the game ends now, before the engine's own end (for example after the
    third round, or once a seat reaches 30 points). Called on every state; the
    engine's own end still ends the game.
``trick_points(state, trick) -> points per seat``
    Points each seat gains for a finished trick (a :class:`~rulebook.core.history.TrickRecord`),
    added to the engine's scores. ``state`` is the state the trick is read from.
``round_points(state, round) -> points per seat``
    Points each seat gains for a finished round (a :class:`~rulebook.core.history.RoundRecord`),
    added to the engine's scores.

With play hooks, :meth:`Variant.new_game <rulebook.variants.variant.Variant.new_game>` returns a
:class:`HookedState`: the same state contract (``legal_actions``, ``apply``,
``scores``, ``winners``, ``observation``, ``resample``, ...) over the engine's state,
which it keeps as :attr:`HookedState.inner`. A game ended by ``game_over``, or scored
by point hooks, is won by the highest scores (a ``winners`` hook may say otherwise).
Without play hooks ``Variant.new_game`` returns the engine's own state: the engines run
their fast path unchanged.

A worked example, "a trick won with a 1 scores 5 more points", in the Witches:

>>> import rulebook
>>> from rulebook.variants.variant import Variant
>>> game = rulebook.get_game("witches-of-blackmore")
>>> def ones_score(state, trick):
...     points = [0] * state.rules.players
...     if game.card_text(trick.winning_card).endswith("1"):
...         points[trick.winner] += 5
...     return points
>>> v = Variant(game, game.Rules(players=3), trick_points=ones_score)
>>> state = v.new_game(seed=4)
>>> while not state.is_terminal:
...     state = state.apply(state.legal_actions()[0])
>>> state.scores != state.inner.scores
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from rulebook.core.contract import Game, State
from rulebook.errors import IllegalAction

if TYPE_CHECKING:
    from rulebook.core.history import RoundRecord, TrickRecord

__all__ = [
    "GameOverHook", "HookedGame", "HookedState", "LegalHook", "PlayHooks", "PointsHook", "RoundPointsHook",
    "hooked_state", "unhooked",
]

LegalHook = Callable[["HookedState", tuple[Any, ...]], Sequence[Any]]
GameOverHook = Callable[["HookedState"], bool]
PointsHook = Callable[["HookedState", "TrickRecord"], Sequence[int]]
RoundPointsHook = Callable[["HookedState", "RoundRecord"], Sequence[int]]

#: The rule a move refused by a ``legal`` hook cites.
HOOK_RULE = "variant:legal"


class HookError(AssertionError):
    """A play hook broke the contract (``verify`` reports it as a violation)."""

    def __init__(self, check: str, message: str) -> None:
        super().__init__(message)
        self.check = check
        self.message = message


class PlayHooks:
    """The play hooks of a variant (any may be ``None``)."""

    __slots__ = ("game_over", "legal", "round_points", "trick_points")

    def __init__(
        self,
        legal: LegalHook | None = None,
        game_over: GameOverHook | None = None,
        trick_points: PointsHook | None = None,
        round_points: RoundPointsHook | None = None,
    ) -> None:
        for name, fn in (("legal", legal), ("game_over", game_over), ("trick_points", trick_points),
                         ("round_points", round_points)):
            if fn is not None and not callable(fn):
                raise TypeError(f"the {name} hook must be a function, not {type(fn).__name__}")
        self.legal = legal
        self.game_over = game_over
        self.trick_points = trick_points
        self.round_points = round_points

    def __bool__(self) -> bool:
        return any((self.legal, self.game_over, self.trick_points, self.round_points))

    def names(self) -> list[str]:
        return [n for n in ("legal", "game_over", "trick_points", "round_points") if getattr(self, n) is not None]


class HookedGame:
    """The game as a hooked state sees it: the engine's game, with a heuristic that keeps to the hooked moves."""

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def __reduce__(self) -> tuple[Any, ...]:
        return (HookedGame, (self._game,))

    def __repr__(self) -> str:
        return f"HookedGame({self._game!r})"

    def heuristic_action(self, state: Any, rng: random.Random) -> Any:
        """The engine's heuristic move if the hooks allow it, else a random allowed one."""
        action = self._game.heuristic_action(state.inner if isinstance(state, HookedState) else state, rng)
        legal = state.legal_actions()
        return action if action in legal else rng.choice(legal)


class HookedState:
    """The engine's state with a variant's play hooks obeyed (see the module doc).

    Anything the contract does not name (a game's own fields and methods) is read from
    :attr:`inner`, the engine's state.
    """

    __slots__ = ("_legal", "_over", "hooks", "inner")
    #: the game, as hooked states see it (a subclass per game sets it: see :func:`hooked_state`)
    GAME: ClassVar[HookedGame]

    def __init__(self, inner: State[Any, Any], hooks: PlayHooks) -> None:
        self.inner = inner
        self.hooks = hooks
        self._legal: tuple[Any, ...] | None = None
        over = inner.is_terminal
        if not over and hooks.game_over is not None:
            over = bool(hooks.game_over(self))
        self._over = over

    # -- the contract ---------------------------------------------------------------------------

    @property
    def rules(self) -> Any:
        return self.inner.rules

    @property
    def setup(self) -> Any:
        return self.inner.setup

    @property
    def log(self) -> Any:
        return self.inner.log

    @property
    def is_terminal(self) -> bool:
        return self._over

    @property
    def ended_by_hook(self) -> bool:
        """Whether the ``game_over`` hook ended the game before the engine's own end."""
        return self._over and not self.inner.is_terminal

    @property
    def current_player(self) -> int | None:
        return None if self._over else self.inner.current_player

    def legal_actions(self) -> tuple[Any, ...]:
        legal = self._legal
        if legal is None:
            if self._over:
                legal = ()
            else:
                legal = self.inner.legal_actions()
                if self.hooks.legal is not None:
                    engine = legal
                    legal = tuple(self.hooks.legal(self, engine))
                    extra = [a for a in legal if a not in engine]
                    if extra:
                        raise HookError("contract:legal-move", f"the legal hook offered {extra[0]}, which the "
                                        "engine does not allow here")
            self._legal = legal
        return legal

    def legal_action_ids(self) -> tuple[int, ...]:
        game = self.GAME._game
        return tuple(sorted(game.encode_action(a, self.rules) for a in self.legal_actions()))

    def apply(self, action: Any) -> HookedState:
        if action not in self.legal_actions():
            if self._over:
                raise IllegalAction(f"{action}: the game is over (ended by the variant)", HOOK_RULE, action)
            raise IllegalAction(f"{action}: not allowed by the variant's legal hook", HOOK_RULE, action)
        return type(self)(self.inner.apply(action), self.hooks)

    @property
    def scores(self) -> tuple[int, ...]:
        scores = list(self.inner.scores)
        hooks = self.hooks
        if hooks.trick_points is not None:
            for trick in self.inner.tricks:
                _add(scores, hooks.trick_points(self, trick), "trick_points")
        if hooks.round_points is not None:
            for rnd in self.inner.rounds:
                _add(scores, hooks.round_points(self, rnd), "round_points")
        return tuple(scores)

    @property
    def winners(self) -> frozenset[int]:
        if not self._over:
            return frozenset()
        if not self.ended_by_hook and self.hooks.trick_points is None and self.hooks.round_points is None:
            return frozenset(self.inner.winners)
        scores = self.scores
        best = max(scores)
        return frozenset(s for s, v in enumerate(scores) if v == best)

    def observation(self, seat: int) -> Any:
        return self.inner.observation(seat)

    def observation_tensor(self, seat: int) -> tuple[int, ...]:
        return self.inner.observation_tensor(seat)

    def resample(self, seat: int, rng: random.Random) -> HookedState:
        return type(self)(self.inner.resample(seat, rng), self.hooks)

    @property
    def history(self) -> tuple[Any, ...]:
        return self.inner.history

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        return self.inner.tricks

    @property
    def rounds(self) -> tuple[RoundRecord, ...]:
        return self.inner.rounds

    # -- values -----------------------------------------------------------------------------------

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.inner, name)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HookedState):
            return NotImplemented
        return self.inner == other.inner and self.hooks is other.hooks

    def __hash__(self) -> int:
        return hash(self.inner)

    def __str__(self) -> str:
        return str(self.inner)

    def __repr__(self) -> str:
        return f"HookedState({self.inner!r}, hooks: {', '.join(self.hooks.names())})"

    def __copy__(self) -> HookedState:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> HookedState:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (hooked_state, (self.inner, self.hooks))


def _add(scores: list[int], points: Sequence[int], name: str) -> None:
    if len(points) != len(scores) or not all(type(p) is int for p in points):
        raise HookError("contract:scores", f"the {name} hook gave {list(points)!r:.80}, not one whole number "
                        "per seat")
    for i, p in enumerate(points):
        scores[i] += p


_CLASSES: dict[str, type[HookedState]] = {}


def hooked_state(inner: State[Any, Any], hooks: PlayHooks) -> HookedState:
    """``inner`` (an engine state) with ``hooks`` obeyed: a :class:`HookedState` of the game's own subclass,
    whose ``GAME`` is the game as hooked states see it (its heuristic keeps to the hooked moves)."""
    game: Game[Any, Any, Any] = type(inner).GAME
    cls = _CLASSES.get(game.slug)
    if cls is None:
        name = "Hooked" + type(inner).__name__
        cls = _CLASSES[game.slug] = type(name, (HookedState,), {"__slots__": (), "GAME": HookedGame(game)})
    return cls(inner, hooks)


def unhooked(state: Any) -> Any:
    """The engine's own state under ``state`` (``state`` itself when it is not hooked)."""
    return state.inner if isinstance(state, HookedState) else state
