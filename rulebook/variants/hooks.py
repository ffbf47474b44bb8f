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

and *logic hooks*, which the engine itself calls in place of its own logic
(:mod:`rulebook.core.logic`), each once per event:

``trick_winner(trick) -> seat``
    Who wins a complete trick (a :class:`~rulebook.core.logic.Trick`): one of ``trick.seats``.
``counters(event) -> changes``
    Changes to the engine's own counters (``game.COUNTERS``) at an event (a
    :class:`~rulebook.core.logic.Event`: after a trick, a round, a race...): a mapping from
    counter names to one whole number per seat, added to the count; ``None`` for no change.
``ends(event) -> bool``
    Whether the game ends at this event; the game's own scoring then scores it.
``leader(event) -> seat or None``
    At a ``trick`` event, who leads the round's next trick; at a ``round`` event, who starts the
    next round: a seat of the game (0-based, ``contract:leader``), or ``None`` for the game's own
    rule. A variant file's ``[turns]`` table names built-in rules instead
    (:mod:`rulebook.core.turns`).

In every game whose engine names its counters, ``trick_points`` and ``round_points`` are
logic hooks too: the engine calls them once per trick and once per round, with the state at
that event and the record of that event, and adds their points to its own score counter (the
first of ``game.COUNTERS``), so that the end conditions, the table and the players see them;
reading ``scores`` calls no hook.

With ``legal`` or ``game_over`` hooks, :meth:`Variant.new_game <rulebook.variants.variant.Variant.new_game>` returns a
:class:`HookedState`: the same state contract (``legal_actions``, ``apply``,
``scores``, ``winners``, ``observation``, ``resample``, ...) over the engine's state,
which it keeps as :attr:`HookedState.inner`. A game ended by ``game_over``, or scored
by point hooks, is won by the highest scores (a ``winners`` hook may say otherwise).
Without them ``Variant.new_game`` returns the engine's own state, whose rules carry the logic
hooks: the engines run their fast path unchanged where no logic hook is set.

With added steps (:mod:`rulebook.variants.phases`) the hooked state wraps the phased state:
:attr:`HookedState.inner` is the :class:`~rulebook.variants.phases.PhasedState`, which reads every
field of the engine's state through (``state.inner.hands``, ``state.inner.trick``...), and the
engine's own state is ``state.inner.inner``. The contract then reads:

* the ``legal`` hook filters the **engine's moves only**: while an added step runs (a pass, a
  reveal, a draft, an exchange) its moves are offered as the step gives them and the hook is not
  called; it is called again for the first engine move after the step. A house rule about what may
  be passed or kept is a step's option, not a ``legal`` hook's;
* ``game_over`` is asked at every state, in an added step too (the step then ends with the game);
* a seat that plays by a rule chooses in the added steps as in play, by its policy, inside
  ``apply`` (a named policy picks among the step's moves: ``lowest`` passes its lowest card);
* a move of the variant's own kind is made outside the steps only; its ``apply`` sees a hooked state
  whose ``inner`` is the engine's state, as without steps, and the steps then start as after any
  engine move.

A record of such a game carries its steps (``phases`` in its meta) and replays under
``--variant`` (:func:`iter_states`).

Hooks are the designer's code, and what they do is checked at every call
(:func:`call_hook`): ``legal`` must return a list or tuple of some of the moves it was given
(at least one), ``game_over`` ``True`` or ``False`` (not a truthy string), the point hooks one
whole number per seat within :data:`MAX_POINTS`. Anything else, and any exception the hook
raises (``SystemExit`` too; Ctrl-C stays an interruption), is a :class:`HookError` naming the
hook, the variant (``Variant.source``) and the number of moves made: ``play`` and
``simulate`` end with it in one line (exit status 2), ``verify`` fails the game with it and
saves the record. ``verify`` and ``simulate`` also limit each call to
:data:`DEFAULT_TIME_LIMIT` seconds (``--hook-time-limit``; :func:`set_time_limit` from
Python): the limit is a real-time timer (``SIGALRM``) armed around the call in the main
thread of the process running it, worker processes included, because only a signal can stop
a pure-Python loop that never returns; a thread (a Dask worker's) runs hooks without a limit.

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
>>> state, plain = v.new_game(seed=4), game.new_game(game.Rules(players=3), seed=4)
>>> while not state.is_terminal:
...     state, plain = state.apply(state.legal_actions()[0]), plain.apply(plain.legal_actions()[0])
>>> ones = sum(game.card_text(t.winning_card).endswith("1") for t in state.tricks)
>>> sum(state.scores) - sum(plain.scores) == 5 * ones
True
"""

from __future__ import annotations

import os
import random
import signal
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from rulebook.core.contract import Game, State, check_rng, log_push
from rulebook.core.logic import HOOK_CLOCK, Changes, Event, Outcome, Trick
from rulebook.core.phases import Choose, with_phases
from rulebook.errors import IllegalAction, InvalidRecord, RulebookError
from rulebook.variants.moves import ADDED_MOVE, VariantMove, parse_move
from rulebook.variants.phases import PhasedGame, PhasedState, phased_state
from rulebook.variants.seats import SeatRule, choose

if TYPE_CHECKING:
    from collections.abc import Iterator

    from rulebook.core.history import RoundRecord, TrickRecord
    from rulebook.reference.records import Record
    from rulebook.variants.variant import Variant

__all__ = [
    "DEFAULT_TIME_LIMIT", "CountersHook", "EndsHook", "GameOverHook", "HookError", "HookedGame", "HookedState",
    "LeaderFn", "LeaderHook", "LegalHook", "PlayHooks", "PointsHook", "RoundPointsHook", "TrickWinnerHook",
    "apply_added", "call_hook", "choose_move", "hook_time_limit", "hooked_state", "iter_states", "set_time_limit",
    "unhooked",
]

LegalHook = Callable[["HookedState", tuple[Any, ...]], Sequence[Any]]
GameOverHook = Callable[["HookedState"], bool]
PointsHook = Callable[["HookedState", "TrickRecord"], Sequence[int]]
RoundPointsHook = Callable[["HookedState", "RoundRecord"], Sequence[int]]
TrickWinnerFn = Callable[[Trick], Any]
CountersFn = Callable[[Event], Any]
EndsFn = Callable[[Event], bool]
LeaderFn = Callable[[Event], Any]

#: Where a hook was called: the number of moves made, or a function that counts them (called only
#: when the hook fails), or ``None`` (unknown).
Position = int | None | Callable[[], int]

#: The rule a move refused by a ``legal`` hook cites.
HOOK_RULE = "variant:legal"


#: The largest number of points a hook may give one seat for one trick or round (either sign).
MAX_POINTS = 10**9
#: Seconds one hook call may take in ``verify`` and ``simulate`` unless ``--hook-time-limit`` says otherwise.
DEFAULT_TIME_LIMIT = 10.0
_LIMIT_ENV = "RULEBOOK_HOOK_TIME_LIMIT"


class HookError(RulebookError, AssertionError):
    """A hook (the user's code) failed: it raised, returned something the contract does not
    allow, or ran past the time limit.

    ``check`` is the contract check it broke (``contract:legal-move``, ``contract:scores``,
    ``contract:no-crash``, ``contract:hook-time``...); ``hook`` the hook's name; ``source``
    the variant it belongs to (its file or ``module:NAME``); ``position`` the number of moves
    made when it was called. ``verify`` reports it as a failed check; ``play`` and ``simulate``
    end with it as a user error (exit status 2).
    """

    def __init__(self, check: str, message: str, hook: str = "", source: str = "", position: Position = None) -> None:
        if callable(position):  # worked out only now: counting the moves walks the whole history
            position = position()
        self.check = check
        self.message = message
        self.hook = hook
        self.source = source
        self.position = position
        where = []
        if hook:
            where.append(f"the {hook} hook")
        if source:
            where.append(f"of variant {source}")
        if position is not None:
            where.append(f"after move {position}" if position else "before the first move")
        text = f"{' '.join(where)}: {message}" if where else message
        super().__init__(text)

    def __reduce__(self) -> tuple[Any, ...]:
        return (HookError, (self.check, self.message, self.hook, self.source, self.position))


class _Timeout(BaseException):
    """Raised in the main thread by the timer when a hook call runs past the limit."""


def _limit_from_env() -> float | None:
    try:
        value = float(os.environ.get(_LIMIT_ENV, ""))
    except ValueError:
        return None
    return value if value > 0 else None


#: seconds per hook call (``None``: no limit); worker processes read it from the environment
_limit: list[float | None] = [_limit_from_env()]


def set_time_limit(seconds: float | None) -> None:
    """Limit every hook call to ``seconds`` (``None`` or 0: no limit), in this process and in the
    worker processes it starts afterwards (they read the limit from the environment)."""
    value = seconds if seconds and seconds > 0 else None
    _limit[0] = value
    _deadline[0] = 0.0
    if _HAS_TIMER and threading.get_ident() == _MAIN_THREAD:
        _stop_ticking()
    if value is None:
        os.environ.pop(_LIMIT_ENV, None)
    else:
        os.environ[_LIMIT_ENV] = repr(value)


def hook_time_limit() -> float | None:
    """The time limit of one hook call in seconds (``None``: no limit)."""
    return _limit[0]


#: when the hook call in progress must end (``time.monotonic()``; 0: no call in progress)
_deadline: list[float] = [0.0]
#: whether this process's timer ticks, and the tick in seconds (a forked child has no timer)
_ticking: list[Any] = [False, 0.0]


def _on_alarm(signum: int, frame: Any) -> None:
    deadline = _deadline[0]
    if deadline and time.monotonic() > deadline:
        _deadline[0] = 0.0
        raise _Timeout


def _start_ticking(limit: float) -> None:
    """A real-time timer that ticks while hooks are limited: each tick (``SIGALRM``, main thread)
    ends the hook call in progress if it is past its deadline. One timer for the whole run, so a
    call costs a clock read, not two system calls."""
    tick = min(0.25, limit / 4)
    signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, tick, tick)
    _ticking[0], _ticking[1] = True, tick


def _stop_ticking() -> None:
    if _ticking[0]:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
    _ticking[0], _ticking[1] = False, 0.0


def _forked() -> None:
    _ticking[0], _ticking[1] = False, 0.0  # interval timers are not inherited by a child process
    _deadline[0] = 0.0


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forked)


_MAIN_THREAD = threading.main_thread().ident
_HAS_TIMER = hasattr(signal, "setitimer")


#: the seconds this process spent inside hooks (outermost calls only), and how deep the calls are now:
#: ``rulebook verify`` reports its share of the run (``rulebook.variants.verify_notes.hook_clock``)
_hook_clock: list[float] = HOOK_CLOCK


def call_hook(fn: Callable[..., Any], name: str, source: str, position: Position, *args: Any) -> Any:
    """``fn(*args)``, the user's hook ``name``: any exception it raises (``SystemExit`` too) and a call
    that runs past :func:`hook_time_limit` become a :class:`HookError` naming the hook, the variant
    ``source`` and the ``position``. Ctrl-C stays an interruption. The time spent inside is added to
    the process's count of hook time (a hook called from a hook counted once)."""
    limit = _limit[0]
    armed = False
    clock = _hook_clock
    outer = not clock[1]
    try:
        if limit is not None and _HAS_TIMER and not _deadline[0] and threading.get_ident() == _MAIN_THREAD:
            # a hook called from a hook runs under the outer call's deadline
            if not _ticking[0] or _ticking[1] > limit / 4:
                _start_ticking(limit)
            _deadline[0] = time.monotonic() + limit
            armed = True
        clock[1] += 1
        started = time.perf_counter()
        try:
            return fn(*args)
        finally:
            clock[1] -= 1
            if outer:
                clock[0] += time.perf_counter() - started
            if armed:
                _deadline[0] = 0.0
    except HookError:
        raise
    except _Timeout:
        raise HookError("contract:hook-time", f"ran past the limit of {limit:g} s a call (raise it with "
                        "--hook-time-limit SECONDS)", name, source, position) from None
    except KeyboardInterrupt:
        raise
    except RecursionError:
        raise HookError("contract:no-crash", "raised RecursionError (it calls itself without end)", name, source,
                        position) from None
    except SystemExit as exc:
        raise HookError("contract:no-crash", f"called sys.exit({exc.code!r:.40})", name, source, position) from None
    except BaseException as exc:  # the user's code: anything it raises is reported as theirs
        text = str(exc).splitlines()[0][:200] if str(exc) else ""
        raise HookError("contract:no-crash", f"raised {type(exc).__name__}" + (f": {text}" if text else ""), name,
                        source, position) from None


def _shown(value: Any) -> str:
    """A short description of a value a hook returned (its type, and its text when short)."""
    if value is None:
        return "nothing (None)"
    kind = type(value).__name__
    try:
        text = repr(value) if isinstance(value, (int, float, str, list, tuple)) else ""
    except Exception:  # a foreign object's repr may fail
        text = ""
    if isinstance(value, int) and len(text) > 40:
        text = f"a whole number of {len(text)} digits"
    return f"{text[:60]} ({kind})" if text else f"a {kind}"


class PlayHooks:
    """The play hooks of a variant (any may be ``None``)."""

    __slots__ = ("game_over", "legal", "moves", "round_points", "ruled", "seats", "source", "trick_points")

    def __init__(
        self,
        legal: LegalHook | None = None,
        game_over: GameOverHook | None = None,
        trick_points: PointsHook | None = None,
        round_points: RoundPointsHook | None = None,
        source: str = "",
        seats: tuple[tuple[int, SeatRule], ...] = (),
        moves: tuple[type[VariantMove], ...] = (),
    ) -> None:
        for name, fn in (("legal", legal), ("game_over", game_over), ("trick_points", trick_points),
                         ("round_points", round_points)):
            if fn is not None and not callable(fn):
                raise TypeError(f"the {name} hook must be a function, not {type(fn).__name__}")
        self.legal = legal
        self.game_over = game_over
        self.trick_points = trick_points
        self.round_points = round_points
        #: the variant the hooks belong to (its file or ``module:NAME``), named when one fails
        self.source = source
        #: the seats that play by a rule (:mod:`rulebook.variants.seats`): pairs of seat and rule
        self.seats = seats
        #: the rule of each seat (``None`` for a seat a player plays)
        self.ruled: tuple[SeatRule | None, ...] = ()
        if seats:
            ruled: list[SeatRule | None] = [None] * (max(s for s, _ in seats) + 1)
            for s, rule in seats:
                ruled[s] = rule
            self.ruled = tuple(ruled)
        #: the variant's own move kinds (:mod:`rulebook.variants.moves`), which its ``legal`` hook may offer
        self.moves = moves

    def __bool__(self) -> bool:
        return any((self.legal, self.game_over, self.trick_points, self.round_points, self.seats, self.moves))

    def rule_of(self, seat: int | None) -> SeatRule | None:
        """The rule ``seat`` plays by, if it plays by one."""
        ruled = self.ruled
        return ruled[seat] if seat is not None and seat < len(ruled) else None

    def names(self) -> list[str]:
        return [n for n in ("legal", "game_over", "trick_points", "round_points") if getattr(self, n) is not None]


class HookedGame:
    """The game as a hooked state sees it: the engine's game, with a heuristic that keeps to the hooked moves."""

    #: ISMCTS playouts call :meth:`heuristic_action` (which keeps to the hooked moves), never the
    #: engine's plain rollout function (which knows no hook)
    _rollout_policy = None
    #: nor the engine's own playout of its heuristic, nor its round end without the move
    _rollout_kernel = None
    _round_end_totals = None

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
    :attr:`inner`, the engine's state (with added steps, the phased state over it, which reads the
    engine's fields through).
    """

    __slots__ = ("_added", "_legal", "_over", "hooks", "inner", "ruled")
    #: the game, as hooked states see it (a subclass per game sets it: see :func:`hooked_state`)
    GAME: ClassVar[HookedGame]

    def __init__(self, inner: State[Any, Any], hooks: PlayHooks) -> None:
        self.inner = inner
        self.hooks = hooks
        self._legal: tuple[Any, ...] | None = None
        #: the moves the ``legal`` hook added here (:mod:`rulebook.variants.moves`)
        self._added: tuple[Any, ...] = ()
        #: the moves seats that play by a rule made on the way to this state, in the ``apply`` that
        #: made it: (the state before, the seat, the move) each, for ``verify`` to check
        self.ruled: tuple[tuple[HookedState, int, Any], ...] = ()
        over = inner.is_terminal
        if not over and hooks.game_over is not None:
            answer = call_hook(hooks.game_over, "game_over", hooks.source, self._position, self)
            if type(answer) is not bool:
                raise HookError("contract:game-over", f"returned {_shown(answer)}, not True or False", "game_over",
                                hooks.source, self._position)
            over = answer
        self._over = over

    def move_number(self) -> int:
        """The number of moves made (the engine's history)."""
        return self._position()

    def advanced(self) -> HookedState:
        """This state after the seats that play by a rule have moved, until a seat a player plays
        is to move or the game is over (itself when none is to move). Each move is applied to
        the engine as a player's would be, so the record of play holds it once."""
        rule = self.hooks.rule_of(self.inner.current_player) if not self._over else None
        if rule is None:
            return self
        state: HookedState = self
        ruled: list[tuple[HookedState, int, Any]] = []
        while rule is not None:
            seat = state.inner.current_player
            assert seat is not None
            action = choose_move(rule, state, seat)
            ruled.append((state, seat, action))
            state = state._step(action)
            rule = state.hooks.rule_of(state.inner.current_player) if not state._over else None
        state.ruled = tuple(ruled)
        return state

    def _position(self) -> int:
        """The number of moves made (named when a hook fails)."""
        try:
            return len(self.inner.history)
        except Exception:  # a state without a history: the position is unknown
            return 0

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
        # a seat that plays by a rule moves inside ``apply``: a state reached by play never names it
        return None if self._over else self.inner.current_player

    def legal_actions(self) -> tuple[Any, ...]:
        legal = self._legal
        if legal is None:
            if self._over:
                legal = ()
            else:
                inner = self.inner
                legal = inner.legal_actions()
                # with added steps the hook filters the engine's moves only, never a step's (module doc)
                if self.hooks.legal is not None and not (isinstance(inner, PhasedState) and inner.active >= 0):
                    legal = self._hooked_legal(legal)
            self._legal = legal
        return legal

    def _hooked_legal(self, engine: tuple[Any, ...]) -> tuple[Any, ...]:
        hooks = self.hooks
        assert hooks.legal is not None
        where = ("legal", hooks.source, self._position)
        answer = call_hook(hooks.legal, *where, self, engine)
        if not isinstance(answer, (list, tuple)):
            raise HookError("contract:legal-move", f"returned {_shown(answer)}, not a list of moves", *where)
        mine = set(map(id, engine))  # a hook mostly returns the engine's own objects: no comparison needed
        if mine.issuperset(map(id, answer)):
            extra = []
        else:
            try:
                extra = [a for a in answer if id(a) not in mine and a not in engine]
            except Exception:  # a foreign object whose comparison fails
                extra = [next(a for a in answer if id(a) not in mine)]
        if extra:  # moves the variant adds: of one of its own kinds, or of the game's (rulebook.variants.moves)
            game = self.GAME._game
            for a in extra:
                if isinstance(a, hooks.moves):
                    continue
                try:
                    game.encode_action(a, self.rules)
                except Exception:  # not a move of this game
                    shown = str(a) if type(a) in map(type, engine) else _shown(a)
                    raise HookError("contract:legal-move", f"offered {shown[:60]}, which is neither a move of "
                                    "this game nor of one of the variant's own move kinds", *where) from None
            if len(set(answer)) != len(answer):
                raise HookError("contract:legal-move", "offered a move twice", *where)
            self._added = tuple(extra)
        if not answer:
            raise HookError("contract:legal-move", "left the seat to move with no move (return at least one of "
                            "the engine's moves, or end the game with a game_over hook)", *where)
        return tuple(answer)

    def legal_action_ids(self) -> tuple[int, ...]:
        game = self.GAME._game
        moves = self.hooks.moves
        return tuple(sorted(game.encode_action(a, self.rules) for a in self.legal_actions()
                            if not (moves and isinstance(a, moves))))

    def apply(self, action: Any) -> HookedState:
        if action not in self.legal_actions():
            if self._over:
                raise IllegalAction(f"{action}: the game is over (ended by the variant)", HOOK_RULE, action)
            raise IllegalAction(f"{action}: not allowed by the variant's legal hook", HOOK_RULE, action)
        nxt = self._step(action)
        return nxt.advanced() if self.hooks.seats else nxt

    def _step(self, action: Any) -> HookedState:
        """The state after ``action`` (a legal move), before any seat that plays by a rule moves."""
        if self._added and action in self._added:
            return type(self)(apply_added(self, action), self.hooks)
        return type(self)(self.inner.apply(action), self.hooks)

    @property
    def scores(self) -> tuple[int, ...]:
        scores = list(self.inner.scores)
        hooks = self.hooks
        if hooks.trick_points is not None:
            for trick in self.inner.tricks:
                _add(scores, call_hook(hooks.trick_points, "trick_points", hooks.source, self._position, self, trick),
                     "trick_points", hooks.source, self._position)
        if hooks.round_points is not None:
            for rnd in self.inner.rounds:
                _add(scores, call_hook(hooks.round_points, "round_points", hooks.source, self._position, self, rnd),
                     "round_points", hooks.source, self._position)
        return tuple(scores)

    @property
    def winners(self) -> frozenset[int]:
        if not self._over:
            return frozenset()
        hooks = self.hooks
        if not self.ended_by_hook and hooks.trick_points is None and hooks.round_points is None:
            winners = frozenset(self.inner.winners)
            if not hooks.seats:
                return winners
        else:
            scores = self.scores
            best = max(scores)
            winners = frozenset(s for s, v in enumerate(scores) if v == best)
        return _scoring_winners(self, winners)

    def observation(self, seat: int) -> Any:
        return self.inner.observation(seat)

    def observation_tensor(self, seat: int) -> tuple[int, ...]:
        return self.inner.observation_tensor(seat)

    def resample(self, seat: int, rng: random.Random) -> HookedState:
        return type(self)(self.inner.resample(seat, check_rng(rng)), self.hooks)

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


def choose_move(rule: SeatRule, state: HookedState, seat: int, rng: random.Random | None = None) -> Any:
    """The move a seat that plays by ``rule`` makes at ``state`` (:mod:`rulebook.variants.seats`): a function
    policy is called with the seat's observation and legal moves only, and must return one of them."""
    policy = rule.policy
    if isinstance(policy, str):
        return choose(rule, state, seat, rng)
    legal = state.legal_actions()
    where = ("seat policy", state.hooks.source, state._position)
    action = call_hook(policy, *where, state.observation(seat), legal)
    if action not in legal:
        raise HookError("contract:legal-move", f"seat {seat + 1}'s policy chose {str(action)[:60]}, which is "
                        "not one of its legal moves", *where)
    return action


def apply_added(state: HookedState, action: Any) -> State[Any, Any]:
    """The engine's next state after ``action``, a move the engine does not list at ``state``
    (:mod:`rulebook.variants.moves`): a move of the variant's own kind (its apply, the move then added
    to the history), or of the game's kind (the engine's apply, which may refuse it)."""
    hooks = state.hooks
    inner = state.inner
    phased = inner if isinstance(inner, PhasedState) else None
    if phased is not None:  # added steps: the move's apply sees the engine's state as ``state.inner``
        engine = apply_added(_view(phased.inner, hooks), action)
        return phased.after_engine_move(engine, action)
    if isinstance(action, VariantMove):
        kind = type(action)
        where = (f"{kind.KIND} apply", hooks.source, state._position)
        nxt = call_hook(kind.apply, *where, state, action)
        if type(nxt) is not type(inner):
            raise HookError(ADDED_MOVE, f"returned {_shown(nxt)} for {str(action)[:60]}, not the engine's next "
                            f"state (a {type(inner).__name__})", *where)
        if nxt is inner:
            raise HookError(ADDED_MOVE, f"returned the same state for {str(action)[:60]}: return a new one",
                            *where)
        return attrs.evolve(nxt, log=log_push(inner.log, action))  # type: ignore[misc]
    try:
        return inner.apply(action)
    except IllegalAction as exc:
        raise HookError(ADDED_MOVE, f"added {action}, which the engine refuses: {exc}", "legal", hooks.source,
                        state._position) from None


def iter_states(variant: Variant, record: Record) -> Iterator[State[Any, Any]]:
    """The engine's states of ``record`` under ``variant``, from the first: each recorded move read by the
    variant's own move kinds first, then the game's, and applied as the variant applies it (a move the
    engine lists by the engine, any other as an added move). A fault is an :class:`~rulebook.InvalidRecord`."""
    from rulebook.core.options import rules_from_mapping

    game = variant.game
    try:
        rules = attrs.evolve(rules_from_mapping(game.Rules, record.rules), logic=variant.rules.logic)
        state = game.new_game(rules, seed=record.seed, deals=record.deals or None)
    except (RulebookError, ValueError) as exc:
        raise InvalidRecord(f"bad rules or deals: {exc}") from None
    tables = record.meta.get("phases")
    if variant.phases:  # the variant's added steps, as the variant passed again states them (its Python too)
        state = phased_state(state, variant.phases)
    elif tables:  # the variant's added steps, as the record carries them (rulebook.variants.phases)
        try:
            state = with_phases(state, tables)
        except ValueError as exc:
            raise InvalidRecord(f"bad phases: {exc}") from None
    yield state
    kinds = variant.moves
    parser = type(state).GAME  # with added steps, it reads their moves too
    for i, text in enumerate(record.actions):
        if state.is_terminal:
            raise InvalidRecord(f"{text!r} comes after the end of the game", i)
        try:
            action = parse_move(kinds, parser, text, rules)
            if type(action) is not Choose and (isinstance(action, VariantMove) or action not in state.legal_actions()):
                state = apply_added(hooked_state(state, variant.play_hooks), action)
            else:
                state = state.apply(action)
        except (RulebookError, ValueError) as exc:  # a HookError is a RulebookError
            raise InvalidRecord(f"{text!r}: {exc}", i) from None
        yield state


def _scoring_winners(state: HookedState, winners: frozenset[int]) -> frozenset[int]:
    """``winners`` without the seats that play by a rule with no score; if they were the only winners,
    the scoring seats with the highest score among them (:mod:`rulebook.variants.seats`)."""
    out = frozenset(s for s in winners if (r := state.hooks.rule_of(s)) is None or r.score)
    if out or not winners:
        return out
    scores = state.scores
    scoring = [s for s in range(len(scores)) if (r := state.hooks.rule_of(s)) is None or r.score]
    best = max(scores[s] for s in scoring)
    return frozenset(s for s in scoring if scores[s] == best)


def check_points(points: Any, players: int, name: str, source: str, position: Position) -> list[int]:
    """``points`` as a list, if it is one whole number per seat within :data:`MAX_POINTS`; else a
    :class:`HookError` naming the hook ``name``."""
    if not isinstance(points, (list, tuple)):
        raise HookError("contract:scores", f"returned {_shown(points)}, not a list of one whole number per seat",
                        name, source, position)
    if len(points) != players:
        raise HookError("contract:scores", f"returned a list of {len(points)}, not one number for each of the "
                        f"{players} seats", name, source, position)
    for seat, p in enumerate(points):
        if type(p) is not int:
            raise HookError("contract:scores", f"returned {_shown(p)} for seat {seat + 1}, not a whole number",
                            name, source, position)
        if abs(p) > MAX_POINTS:
            raise HookError("contract:scores", f"returned {_shown(p)} for seat {seat + 1}, beyond "
                            f"±{MAX_POINTS:,}", name, source, position)
    return list(points)


def _add(scores: list[int], points: Any, name: str, source: str, position: Position) -> None:
    for i, p in enumerate(check_points(points, len(scores), name, source, position)):
        scores[i] += p


_CLASSES: dict[str | int, type[HookedState]] = {}


def hooked_state(inner: State[Any, Any], hooks: PlayHooks) -> HookedState:
    """``inner`` (an engine state) with ``hooks`` obeyed: a :class:`HookedState` of the game's own subclass,
    whose ``GAME`` is the game as hooked states see it (its heuristic keeps to the hooked moves)."""
    return _class_of(inner)(inner, hooks)


def _class_of(inner: State[Any, Any]) -> type[HookedState]:
    """The hooked class of ``inner``'s game: one per game, and one per game and added steps (the phased
    state's game encodes the steps' moves)."""
    game: Game[Any, Any, Any] = type(inner).GAME
    key = id(game) if isinstance(game, PhasedGame) else game.slug  # a PhasedGame per game and steps
    cls = _CLASSES.get(key)
    if cls is None:
        if len(_CLASSES) > 256:  # a long run of random variants with added steps
            _CLASSES.clear()
        name = "Hooked" + type(inner).__name__
        cls = _CLASSES[key] = type(name, (HookedState,), {"__slots__": (), "GAME": HookedGame(game)})
    return cls


def _view(inner: State[Any, Any], hooks: PlayHooks) -> HookedState:
    """``inner`` (the engine's state under added steps) as a variant move's ``apply`` sees it: a hooked
    state whose ``inner`` is the engine's, made without asking the ``game_over`` hook."""
    view = _class_of(inner).__new__(_class_of(inner))
    view.inner, view.hooks, view._legal, view._added, view.ruled = inner, hooks, None, (), ()
    view._over = inner.is_terminal
    return view


def unhooked(state: Any) -> Any:
    """The engine's own state under ``state`` (``state`` itself when it is not hooked)."""
    return state.inner if isinstance(state, HookedState) else state


# -- logic hooks: called by the engine (rulebook.core.logic), each call checked ---------------------------


def _moves(state: Any) -> Callable[[], int]:
    """The number of moves made before ``state`` (counted only when a hook fails)."""
    def count() -> int:
        try:
            return len(state.history)
        except Exception:  # a state without a history: the position is unknown
            return 0
    return count


def _seat_words(seats: Sequence[Any]) -> str:
    return ", ".join(str(s + 1) if type(s) is int else str(s) for s in seats)


@attrs.frozen
class TrickWinnerHook:
    """A variant's ``trick_winner`` as the engine calls it: the answer must be exactly one of the
    seats that played (``contract:one-winner``), else a :class:`HookError`."""

    fn: TrickWinnerFn
    source: str = ""

    def __call__(self, trick: Trick) -> Any:
        where = ("trick_winner", self.source, _moves(trick.state))
        answer = call_hook(self.fn, *where, trick)
        if isinstance(answer, (list, tuple, set, frozenset)):
            raise HookError("contract:one-winner", f"returned {len(answer)} winners; a trick has exactly one winner "
                            f"(one of the seats {_seat_words(trick.seats)})", *where)
        if type(answer) is Outcome:  # cards that join the trick for players that are no seats
            joins = answer.joins
            if not getattr(trick.state.GAME, "OUTCOMES", False):
                raise HookError("contract:one-winner", f"{trick.state.GAME.slug} takes a seat as a trick's winner, "
                                "not an outcome with cards that join it", *where)
            if not (isinstance(joins, tuple) and all(isinstance(j, tuple) and len(j) == 2 and isinstance(j[0], str)
                                                       and j[0] and type(j[1]) is int for j in joins)):
                raise HookError("contract:one-winner", "an outcome's joins are (name, card) pairs: a player that is "
                                "no seat, and a card", *where)
            names = {n for n, _ in joins}
            if not (any(type(answer.winner) is type(s) and answer.winner == s for s in trick.seats)
                    or answer.winner in names):
                raise HookError("contract:one-winner", f"returned an outcome won by {_shown(answer.winner)}, neither a "
                                f"seat that played nor a player of its joins ({', '.join(sorted(names)) or 'none'})",
                                *where)
            return answer
        if not any(type(answer) is type(s) and answer == s for s in trick.seats):
            shown = f"seat {answer + 1}" if type(answer) is int else _shown(answer)
            raise HookError("contract:one-winner", f"returned {shown}, not one of the seats that played the trick "
                            f"({_seat_words(trick.seats)})", *where)
        return answer


@attrs.frozen
class CountersHook:
    """A variant's ``counters``, ``trick_points`` and ``round_points`` as the engine calls them at an
    event: their changes to the game's counters (``game.COUNTERS``; the points hooks change the
    first, the score), checked (``contract:counters``, ``contract:scores``)."""

    counters: CountersFn | None = None
    trick_points: Any = None
    round_points: Any = None
    source: str = ""

    def __call__(self, event: Event) -> Changes | None:
        state = event.state
        game = type(state).GAME
        names = tuple(game.COUNTERS)
        players = state.rules.players
        position = _moves(state)
        total: dict[str, list[int]] = {}

        def add(name: str, values: Any, hook: str) -> None:
            points = check_points(values, players, hook, self.source, position)
            have = total.setdefault(name, [0] * players)
            for i, p in enumerate(points):
                have[i] += p

        if self.trick_points is not None and event.kind == "trick":
            add(names[0], call_hook(self.trick_points, "trick_points", self.source, position, state, event.record),
                "trick_points")
        if self.round_points is not None and event.kind == "round":
            add(names[0], call_hook(self.round_points, "round_points", self.source, position, state, event.record),
                "round_points")
        if self.counters is not None:
            where = ("counters", self.source, position)
            answer = call_hook(self.counters, *where, event)
            if answer is not None:
                if not isinstance(answer, Mapping):
                    raise HookError("contract:counters", f"returned {_shown(answer)}, not a table of counter names "
                                    "and one whole number per seat (or None)", *where)
                for name, values in answer.items():
                    if name not in names:
                        raise HookError("contract:counters", f"named the counter {str(name)[:40]!r}; this game's "
                                        f"counters are: {', '.join(names)}", *where)
                    add(name, values, "counters")
        if not total:
            return None
        return {name: tuple(values) for name, values in total.items()}


@attrs.frozen
class EndsHook:
    """A variant's ``ends`` as the engine calls it at an event: ``True`` or ``False``
    (``contract:game-over``)."""

    fn: EndsFn
    source: str = ""

    def __call__(self, event: Event) -> bool:
        where = ("ends", self.source, _moves(event.state))
        answer = call_hook(self.fn, *where, event)
        if type(answer) is not bool:
            raise HookError("contract:game-over", f"returned {_shown(answer)}, not True or False", *where)
        return answer


@attrs.frozen
class LeaderHook:
    """A variant's ``leader`` (a Python function, or the named rules of a ``[turns]`` table) as the
    engine calls it at a ``trick`` or ``round`` event: ``None`` (the game's own rule) or a seat of the
    game, 0-based (``contract:leader``), else a :class:`HookError` naming the hook and the rule."""

    fn: LeaderFn
    source: str = ""

    def __call__(self, event: Event) -> int | None:
        where = ("leader", self.source, _moves(event.state))
        answer = call_hook(self.fn, *where, event)
        if answer is None:
            return None
        players = event.state.rules.players
        if type(answer) is not int or not 0 <= answer < players:
            shown = f"seat {answer + 1}" if type(answer) is int else _shown(answer)
            what = "lead the next trick" if event.kind == "trick" else "start the next round"
            raise HookError("contract:leader", f"returned {shown} to {what}; the game has seats 1 to {players} "
                            f"(in Python 0 to {players - 1}), or None keeps the game's own rule", *where)
        return answer
