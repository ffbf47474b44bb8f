"""The game contract: what every game in rulebook provides.

A *game* (:class:`Game`) is a singleton object registered under a slug. It
carries the game's ``Rules`` class and creates initial states. A *state*
(:class:`State`) is an immutable attrs object; ``apply`` returns a new one.
Every decision is one atomic :class:`Action` from a finite table whose integer
encoding is fixed per ``Rules``. Chance (dealing, drawing), non-player seats
and scoring happen inside ``apply``, so ``current_player`` is always a real
seat, or ``None`` once the game is over.

Deals: a game is started either from a ``seed`` (each deal is then drawn with
:func:`deal_rng`) or from explicit ``deals``, one per deal of the game, each a
tuple of ints in the form the game documents (usually an order of the whole
deck). Games with more deals than were given draw the rest from the seed
(``0`` when none was given).
"""

from __future__ import annotations

import functools
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import attrs

from rulebook.core.cards import Deck
from rulebook.core.history import RoundRecord, TrickRecord
from rulebook.core.options import PRINTED, OptionInfo, Ruleset, UnknownRuleset, describe_options, rules_from_mapping
from rulebook.errors import IllegalAction, InvalidAction, InvalidGenerator, WrongGame

if TYPE_CHECKING:
    import rulebook.core.encoding
    import rulebook.core.logic
    import rulebook.core.phases
    from rulebook.core.history import Player

__all__ = [
    "SEED_RANGE",
    "Action",
    "Deal",
    "Game",
    "Log",
    "LogNode",
    "Setup",
    "State",
    "check_rng",
    "check_seed",
    "deal_rng",
    "log_actions",
    "log_from",
    "log_push",
    "state_builder",
]

Deal = tuple[int, ...]
R = TypeVar("R")
A = TypeVar("A", bound="Action")
S = TypeVar("S", bound="State[Any, Any]")


class Action:
    """Base class of every game's actions: frozen attrs values with a text form.

    ``str(action)`` is stable and parsed back by ``game.parse_action``.
    """

    __slots__ = ()


def deal_rng(seed: int, index: int) -> random.Random:
    """The random generator for deal ``index`` of a game started with ``seed``.

    Seeding with a string makes every deal independent of the others and
    stable across Python processes and platforms.
    """
    return random.Random(f"rulebook:{seed}:{index}")


#: The range of seeds: any whole number a record stores exactly.
SEED_RANGE = range(-(2**63), 2**64)
#: The most explicit deals and cards per deal accepted (far above any game's needs).
MAX_DEALS = 1024
MAX_DEAL_LENGTH = 4096


def check_rng(rng: object, field: str = "rng") -> random.Random:
    """``rng`` if it is a :class:`random.Random` (or a subclass); else
    :class:`~rulebook.errors.InvalidGenerator` naming ``field``. Every method that takes a
    generator (``resample``, ``heuristic_action``) checks it first.

    >>> check_rng(None)
    Traceback (most recent call last):
    ...
    rulebook.errors.InvalidGenerator: rng must be a random.Random (for example random.Random(7)), not NoneType
    """
    if not isinstance(rng, random.Random):
        raise InvalidGenerator(field, rng)
    return rng


def check_seed(seed: object, field: str = "seed") -> int | None:
    """``seed`` itself if it is ``None`` or a whole number in :data:`SEED_RANGE`, else ``ValueError``.

    Nothing is converted: ``True``, ``1.5``, ``"3"`` and ``b"x"`` are refused.

    >>> check_seed(7), check_seed(None)
    (7, None)
    >>> check_seed("7")
    Traceback (most recent call last):
    ...
    ValueError: seed: must be a whole number (int) or None, not str '7'
    """
    if seed is None:
        return None
    if type(seed) is not int:
        raise ValueError(f"{field}: must be a whole number (int) or None, not {type(seed).__name__} {seed!r:.40}")
    if seed not in SEED_RANGE:
        raise ValueError(f"{field}: must be in -2**63 .. 2**64-1 (got a number of {len(str(abs(seed)))} digits)")
    return seed


def _deals(value: object) -> tuple[Deal, ...]:
    """Explicit deals as tuples of ints, checked exactly (no conversion of any value)."""
    if value is None:
        return ()
    if not isinstance(value, (tuple, list)):
        raise ValueError(f"deals: must be a list or tuple of deals, not {type(value).__name__}")
    if len(value) > MAX_DEALS:
        raise ValueError(f"deals: at most {MAX_DEALS} deals (got {len(value)})")
    out = []
    for i, deal in enumerate(value):
        if not isinstance(deal, (tuple, list)):
            raise ValueError(f"deals[{i}]: must be a list or tuple of ints, not {type(deal).__name__}")
        if len(deal) > MAX_DEAL_LENGTH:
            raise ValueError(f"deals[{i}]: at most {MAX_DEAL_LENGTH} entries (got {len(deal)})")
        for j, x in enumerate(deal):
            if type(x) is not int:
                raise ValueError(f"deals[{i}][{j}]: must be an int, not {type(x).__name__} {x!r:.40}")
        out.append(tuple(deal))
    return tuple(out)


@attrs.frozen(slots=True)
class Setup:
    """How a game's chance was fixed: a seed, explicit deals, or both.

    Both are checked exactly (``ValueError`` naming the field): the seed is an
    ``int`` in :data:`SEED_RANGE` or ``None``, the deals a list or tuple of
    lists or tuples of ``int`` (never ``bool``, ``float`` or ``str``).
    """

    seed: int | None = attrs.field(default=None, converter=check_seed)
    deals: tuple[Deal, ...] = attrs.field(default=(), converter=_deals)

    def resampled(self, rng: random.Random) -> Setup:
        """The chance of a resampled state: a fresh seed and no explicit deals.

        A seat cannot know the deals still to come, nor the order of a deal it has
        only partly seen, so ``State.resample`` must keep neither: what was
        already dealt lives in the state, and later deals come from a seed drawn
        from ``rng``. (A resampled state's record therefore does not replay.)
        """
        return Setup(seed=rng.getrandbits(63))

    def deal(self, game: Game[Any, Any, Any], rules: Any, index: int) -> Deal:
        """Deal ``index``: the explicit one if given, else drawn from the seed.

        A drawn deal depends only on the game, the rules, the seed and the index, so the
        last ``DEAL_CACHE`` of them are remembered: a search that plays many games
        from the same few determinizations deals each of their next rounds once.
        """
        if index < len(self.deals):
            return self.deals[index]
        key = (game, rules, self.seed or 0, index)
        try:
            deal = _DRAWN.get(key)
        except TypeError:  # rules that cannot be hashed: drawn every time
            return game.random_deal(rules, deal_rng(self.seed or 0, index), index)
        if deal is None:
            deal = game.random_deal(rules, deal_rng(self.seed or 0, index), index)
            if type(deal) is tuple:  # an immutable deal may be shared
                if len(_DRAWN) >= DEAL_CACHE:
                    _DRAWN.clear()
                _DRAWN[key] = deal
        return deal


#: How many drawn deals :meth:`Setup.deal` remembers (then it starts afresh).
DEAL_CACHE = 4096
_DRAWN: dict[tuple[Any, Any, int, int], Deal] = {}


class LogNode(tuple):  # type: ignore[type-arg]
    """One link of the action history: ``(previous link or None, action)``.

    ``apply`` stays O(1) (one small tuple per move), yet every operation on a
    state works for games of any length: equality, hashing, pickling, copying
    and ``repr`` walk the chain in a loop instead of recursing, so a game of
    20,000 moves compares, hashes, pickles and deep-copies like a short one.
    Build links with :func:`log_push` (or ``_new(LogNode, (log, action))`` on a
    hot path).

    >>> log = None
    >>> for a in ("x", "y"):
    ...     log = log_push(log, a)
    >>> log_actions(log), log == log_push(log_push(None, "x"), "y"), log
    (('x', 'y'), True, <log of 2 actions>)
    """

    __slots__ = ()

    def actions(self) -> tuple[Any, ...]:
        """Every action from the first, in order."""
        out: list[Any] = []
        node: LogNode | None = self
        while node is not None:
            out.append(tuple.__getitem__(node, 1))
            node = tuple.__getitem__(node, 0)
        out.reverse()
        return tuple(out)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LogNode):
            return NotImplemented
        a: LogNode | None = self
        b: LogNode | None = other
        get = tuple.__getitem__
        while a is not b:
            if a is None or b is None or get(a, 1) != get(b, 1):
                return False
            a, b = get(a, 0), get(b, 0)
        return True

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __lt__(self, other: object) -> bool:
        return NotImplemented

    __le__ = __gt__ = __ge__ = __lt__

    def __hash__(self) -> int:
        return hash(("rulebook.log", self.actions()))

    def __repr__(self) -> str:
        return f"<log of {len(self.actions())} actions>"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (log_from, (self.actions(),))

    def __copy__(self) -> LogNode:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> LogNode:
        return self


#: The action history: ``None`` before the first move, else a link ``(previous, action)``.
#: Engines build plain tuples on the hot path (the cheapest object Python makes); a
#: :class:`LogNode` (what :func:`log_push` and :func:`log_from` build) is a tuple too, and
#: the two mix freely. States compare, hash, pickle and copy their history through
#: :func:`log_actions`, a loop, so a nested history of any length never recurses.
Log = tuple[Any, Any] | None

_new = tuple.__new__


def log_push(log: Log, action: Any) -> LogNode:
    """The history ``log`` followed by ``action`` (O(1))."""
    return _new(LogNode, (log, action))


def log_from(actions: Iterable[Any]) -> Log:
    """A history holding ``actions`` in order."""
    log: Log = None
    for a in actions:
        log = _new(LogNode, (log, a))
    return log


def log_actions(log: Log) -> tuple[Any, ...]:
    """Every action of ``log`` in order (``()`` for ``None``), plain links or :class:`LogNode` alike.

    >>> log_actions((((None, "x"), "y"))), log_actions(None)
    (('x', 'y'), ())
    """
    out: list[Any] = []
    get = tuple.__getitem__
    node: Any = log
    while node is not None:
        out.append(get(node, 1))
        node = get(node, 0)
    out.reverse()
    return tuple(out)


def _restore_state(cls: type[Any], values: tuple[Any, ...], actions: tuple[Any, ...]) -> Any:
    """Rebuild a pickled state: its fields, with the history rebuilt from the flat ``actions``."""
    state = object.__new__(cls)
    for field, value in zip(attrs.fields(cls), values):
        object.__setattr__(state, field.name, log_from(actions) if field.name == "log" else value)
    return state


C = TypeVar("C")


def state_builder(cls: type[C]) -> Callable[..., C]:
    """A function building ``cls`` from all its fields, positionally, without attrs' ``__init__``.

    The engines create a new state on every ``apply``. attrs gives a frozen slotted
    class an ``__init__`` that stores each field through ``object.__setattr__``,
    which costs about three times what storing to a plain slot costs, and is most
    of the price of a new state. The builder stores the fields into an instance of
    a twin class with the same slots (plain stores, no frozen ``__setattr__``) and
    then gives the object its real class. The result equals ``cls(*fields)`` in
    every way (``type``, ``==``, ``hash``, pickling); ``cls`` stays frozen for
    everyone else.

    Only for classes whose fields have no default, converter, validator or
    ``on_setattr`` hook, since the builder runs none of them (``TypeError``
    otherwise). The engines keep ``cls(...)`` in their type-checked source
    through ``TYPE_CHECKING``, so mypy still checks every call's arguments.

    >>> class Base:
    ...     __slots__ = ("__weakref__",)  # a weakref slot belongs in the base (see State)
    >>> @attrs.frozen(slots=True)
    ... class Point(Base):
    ...     x: int
    ...     y: int
    >>> make = state_builder(Point)
    >>> make(1, 2), make(1, 2) == Point(1, 2), type(make(1, 2)) is Point
    (Point(x=1, y=2), True, True)
    """
    fields = attrs.fields(cls)  # type: ignore[arg-type]
    for f in fields:
        if f.default is not attrs.NOTHING or f.converter or f.validator or f.on_setattr or not f.init:
            raise TypeError(f"state_builder: field {cls.__name__}.{f.name} needs attrs' __init__")
    slots = cls.__dict__.get("__slots__")
    if slots is None or len(cls.__bases__) != 1 or getattr(cls, "__attrs_pre_init__", None) or getattr(
        cls, "__attrs_post_init__", None
    ):
        raise TypeError(f"state_builder: {cls.__name__} must be a slotted attrs class with one base and no init hooks")
    twin = type(f"_{cls.__name__}Builder", cls.__bases__, {"__slots__": slots, "__module__": cls.__module__})
    names = [f.name for f in fields]
    body = "".join(f"    o.{name} = {name}\n" for name in names)
    source = f"def build({', '.join(names)}):\n    o = new(twin)\n{body}    o.__class__ = cls\n    return o\n"
    namespace: dict[str, Any] = {"new": object.__new__, "twin": twin, "cls": cls}
    exec(compile(source, f"<state_builder {cls.__qualname__}>", "exec"), namespace)
    build: Callable[..., C] = namespace["build"]
    build.__qualname__ = build.__name__ = f"build_{cls.__name__}"
    build.__doc__ = f"``{cls.__name__}(*fields)``, built without attrs' ``__init__`` (see :func:`state_builder`)."
    return build


class State(Generic[R, A]):
    """Behaviour shared by every game's state class.

    Game states are ``attrs.frozen(slots=True)`` classes that derive from this
    one and declare the fields ``rules``, ``setup`` and ``log`` first.
    """

    # The weak-reference slot sits here, once, rather than in each game's class, where
    # attrs would put it after the fields: there it would keep :func:`state_builder`'s
    # twin class from sharing the layout (CPython only swaps ``__class__`` between
    # layouts whose own slots, ``__weakref__`` aside, match).
    __slots__ = ("__weakref__",)
    rules: R
    setup: Setup
    log: Log

    GAME: ClassVar[Game[Any, Any, Any]]

    # -- the contract ---------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` once the game is over."""
        raise NotImplementedError

    def legal_actions(self) -> tuple[A, ...]:
        """Every legal action, in a deterministic order (empty when terminal)."""
        raise NotImplementedError

    def apply(self, action: A) -> State[R, A]:
        """The state after ``action``; raises :class:`~rulebook.IllegalAction`."""
        raise NotImplementedError

    @property
    def scores(self) -> tuple[int, ...]:
        """The game's own points per seat, so far."""
        raise NotImplementedError

    @property
    def winners(self) -> frozenset[int]:
        """The winning seats: empty until the game is over, and empty at the end
        too when the rules say nobody wins (UTSUKE, when every seat loses)."""
        raise NotImplementedError

    def observation(self, seat: int) -> Any:
        """Exactly what ``seat`` may see (with perfect recall of public events)."""
        raise NotImplementedError

    def resample(self, seat: int, rng: random.Random) -> State[R, A]:
        """A state ``seat`` cannot tell apart from this one, with hidden facts redrawn.

        Only what ``seat`` cannot see is permuted; the observation of ``seat``
        is the same. Useful for search in hidden-information games (OpenSpiel's
        ``resample_from_infostate``) and for testing the observation boundary.

        A resampled state keeps no trace of the real game beyond what ``seat``
        sees: its ``history`` is empty (the real one would show hidden choices)
        and its ``setup`` is a fresh seed (:meth:`Setup.resampled`), so it cannot
        be saved as a record, but play can go on from it.
        """
        raise NotImplementedError

    # -- shared helpers -------------------------------------------------------------

    @property
    def is_terminal(self) -> bool:
        return self.current_player is None

    @property
    def history(self) -> tuple[A, ...]:
        """Every action applied since the initial state, in order."""
        return log_actions(self.log)

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        """Every finished trick of the whole game, across rounds and deals, in order.

        Games without tricks return ``()`` and record their rounds instead.
        """
        raise NotImplementedError

    @property
    def rounds(self) -> tuple[RoundRecord, ...]:
        """Every finished round (deal, race) of the game, in order."""
        raise NotImplementedError

    def observation_tensor(self, seat: int) -> tuple[int, ...]:
        """A fixed-length numeric encoding of :meth:`observation` (length ``game.observation_size(rules)``).

        Built from the observation alone, so it can show nothing the
        observation does not.
        """
        return self.GAME.encode_observation(self.rules, self.observation(seat))

    def legal_action_ids(self) -> tuple[int, ...]:
        """The integer encodings of :meth:`legal_actions` (sorted)."""
        index = self.GAME.action_index(self.rules)
        return tuple(sorted(index[a] for a in self.legal_actions()))

    # A state is immutable, and its history is a nested chain of links: pickling and copying
    # go through the flat list of actions so that a game of any length never recurses.
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        cls: Any = type(self)
        values = tuple(None if f.name == "log" else getattr(self, f.name) for f in attrs.fields(cls))
        return (_restore_state, (cls, values, log_actions(self.log)))

    def __copy__(self) -> State[R, A]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> State[R, A]:
        return self

    def __str__(self) -> str:
        """A readable multi-line view of the whole state with card texts (:func:`rulebook.core.render.state_text`)."""
        from rulebook.core import render

        return render.state_text(self)

    def _repr_svg_(self) -> str:
        """The state as an SVG picture, for Jupyter (:func:`rulebook.core.render.repr_svg`)."""
        from rulebook.core import render

        return render.repr_svg(self)

    def illegal(self, message: str, rule: str, action: object) -> IllegalAction:
        """Build the error for an illegal action (raise the result)."""
        return IllegalAction(f"{action} is not legal: {message}", rule, action)


#: The :class:`Game` methods whose first argument is a ``Rules``: given another game's, they raise
#: :class:`~rulebook.errors.WrongGame` naming both games (checked once here, for every game).
RULES_METHODS = ("action_table", "max_game_length", "score_floor", "observation_size", "encode_observation",
                 "tensor_encoder")


def _wrong_game(game: Game[Any, Any, Any], method: str, rules: object) -> WrongGame:
    got = next((g.slug for g in Game.made if type(rules) is g.Rules), None)
    return WrongGame(game.slug, method, got, type(rules).__name__)


def _checking_rules(method: Callable[..., Any], name: str) -> Callable[..., Any]:
    @functools.wraps(method)
    def checked(self: Game[Any, Any, Any], rules: Any, *args: Any, **kwargs: Any) -> Any:
        if rules is not None and type(rules) is not self.Rules:
            raise _wrong_game(self, name, rules)
        return method(self, rules, *args, **kwargs)

    checked._checks_rules = True  # type: ignore[attr-defined]
    return checked


@attrs.frozen
class _Tables(Generic[A]):
    actions: tuple[A, ...]
    index: Mapping[A, int]
    by_text: dict[str, A]


#: the function that puts an engine state on the general path (:mod:`rulebook.variants.phases` registers
#: it on import): a game's ``Rules`` may set sights its engine does not play, and the higher room plays them
_GENERAL: list[Callable[[Any], Any]] = []


def register_general_path(wrap: Callable[[Any], Any]) -> None:
    """Register ``wrap(state)``: the engine state at a game's start on the general path."""
    _GENERAL[:] = [wrap]


class Game(ABC, Generic[R, S, A]):
    """A registered game: its ``Rules`` class, how to start it, and its action table."""

    def __reduce_ex__(self, protocol: Any) -> Any:
        # A game's package module holds it as ``GAME``: it pickles by that name, so no cache it
        # keeps (a variant's tables, functions of a module another process cannot import) travels
        # to a worker process; a game not held so pickles as any object does.
        import sys

        module = sys.modules.get(type(self).__module__)
        if module is not None and getattr(module, "GAME", None) is self:
            return "GAME"
        return super().__reduce_ex__(protocol)

    slug: ClassVar[str]
    title: ClassVar[str]
    #: The rule-ID prefix of this game's spec (``WB`` for The Witches of Blackmore).
    prefix: ClassVar[str]
    Rules: type[R]
    State: type[S]
    Action: ClassVar[type[Action]] = Action
    player_counts: ClassVar[range]
    #: Whether the rules may end a game with nobody winning (empty ``winners``):
    #: UTSUKE when every seat loses; ``rulebook verify`` refuses empty winners elsewhere.
    nobody_may_win: ClassVar[bool] = False
    #: The game's named rulesets (``printed`` first): the printed game, the source's own
    #: variants, short games. Each game's ``rules.py`` defines ``RULESETS``.
    rulesets: ClassVar[tuple[Ruleset, ...]] = (PRINTED,)
    #: The game's cards; :meth:`~rulebook.core.contract.Game.card_text` and
    #: :meth:`~rulebook.core.contract.Game.parse_card` use it.
    deck: ClassVar[Deck]
    #: every game object made, in order (the registry's, and any other): lets a refusal name
    #: the game whose ``Rules`` it was given without importing the registry
    made: ClassVar[list[Game[Any, Any, Any]]] = []
    #: The engine's own counters a variant's ``counters`` function may change (name -> what it
    #: counts, for people), see :mod:`rulebook.core.logic`; each game's ``rules.py`` defines them.
    COUNTERS: ClassVar[Mapping[str, str]] = MappingProxyType({})
    #: The events at which the game changes its counters (name -> when, and the record it
    #: passes as :attr:`~rulebook.core.logic.Event.record`).
    EVENTS: ClassVar[Mapping[str, str]] = MappingProxyType({})
    #: The printed game's endings (name -> the spec rule that states it); the option
    #: ``endings_off`` switches any of them off.
    ENDINGS: ClassVar[Mapping[str, str]] = MappingProxyType({})
    #: The printed round's phases in order (:class:`~rulebook.core.phases.Phase`: name, turn-taking,
    #: who starts); a variant's added phases go before one of them (:mod:`rulebook.variants.phases`).
    PHASES: ClassVar[tuple[rulebook.core.phases.Phase, ...]] = ()
    #: the game as one model (:mod:`rulebook.core.model`): every place an item can be and who sees it
    ZONES: ClassVar[tuple[Any, ...]] = ()
    #: the round as a program of named steps, each with the rule IDs it carries out
    PROGRAM: ClassVar[tuple[Any, ...]] = ()
    #: the deciding rules a variant may replace by their IDs, the game's own checks among them
    SLOTS: ClassVar[tuple[Any, ...]] = ()
    #: the game's consistency checks by rule ID (``check_invariants`` runs them)
    CHECKS: ClassVar[tuple[Any, ...]] = ()
    #: the roles a sight may name (``role:NAME``): name -> a line for people
    ROLES: ClassVar[Mapping[str, str]] = MappingProxyType({})

    def __init__(self, rules: type[R] | None = None, state: type[S] | None = None) -> None:
        # Pass the classes here rather than assigning them in the class body, where a
        # class attribute named ``Rules`` would shadow the type in method annotations.
        if rules is not None:
            self.Rules = rules
        if state is not None:
            self.State = state
        Game.made.append(self)
        self._tables: dict[Any, _Tables[A]] = {}

    def __repr__(self) -> str:
        return f"<rulebook game {self.slug}>"

    # -- what each game implements ---------------------------------------------------

    @abstractmethod
    def initial_state(self, rules: R, setup: Setup) -> S:
        """The first state of a game with these rules and this chance."""

    @abstractmethod
    def action_table(self, rules: R) -> tuple[A, ...]:
        """Every distinct action under ``rules``; position = integer encoding."""

    @abstractmethod
    def random_deal(self, rules: R, rng: random.Random, index: int) -> Deal:
        """Deal ``index`` drawn from ``rng``."""

    @abstractmethod
    def check_deal(self, rules: R, deal: Deal, index: int) -> None:
        """Raise ``ValueError`` naming the fault unless ``deal`` is valid."""

    @abstractmethod
    def max_game_length(self, rules: R) -> int:
        """An upper bound on the number of actions in any game with ``rules``."""

    def check_invariants(self, state: S) -> None:
        """Raise ``AssertionError`` naming the rule if ``state`` breaks a game invariant.

        Games override this with their own invariants (card conservation and the
        like); the shared contract checks and ``rulebook verify`` call it on every
        state they reach.
        """

    def score_floor(self, rules: R) -> int | None:
        """The lowest score any seat may ever have under ``rules`` (``None``: no floor).

        Games whose rules bound scores from below (no total below 0, say) override
        this; ``rulebook verify`` checks every state it reaches against it.
        """
        return None

    def observation_size(self, rules: R) -> int:
        """Length of :meth:`State.observation_tensor` under ``rules``."""
        raise NotImplementedError(f"{self.slug} has no observation tensor")

    def encode_observation(self, rules: R, observation: Any) -> tuple[int, ...]:
        """The fixed-length tensor of ``observation`` (see the game's docs page)."""
        raise NotImplementedError(f"{self.slug} has no observation tensor")

    def tensor_encoder(self, rules: R) -> rulebook.core.encoding.BufferEncoder | None:
        """The game's fast observation encoder for ``rules`` (``None``: the adapters convert
        :meth:`State.observation_tensor` instead). Its result equals that tensor at every
        state and seat; the game's ``observation`` module defines it."""
        return None

    def heuristic_action(self, state: S, rng: random.Random) -> A:
        """A simple rule-aware player's choice (for balance simulations).

        The default picks uniformly at random; games override it.
        """
        legal: tuple[A, ...] = state.legal_actions()
        return rng.choice(legal)

    def resolve_trick(self, trick: rulebook.core.logic.Trick) -> Player:
        """Who wins ``trick`` under the printed rules and ``trick.rules``' options: the documented
        function a variant's ``trick_winner`` replaces (:mod:`rulebook.core.logic`). The engine's
        precomputed path gives the same winner; each game defines it."""
        raise NotImplementedError(f"{self.slug} does not state its trick resolution as a function")

    def end_stats(self, state: S) -> dict[str, float]:
        """Game-specific figures about how a finished game went (ways of ending, rounds...).

        Used by balance reports; keys are short snake_case names.
        """
        return {}

    # -- provided ------------------------------------------------------------------

    def cards_in_play(self, rules: R) -> tuple[int, ...]:
        """The cards a deal orders under ``rules``, in card order (the whole deck unless the game says
        otherwise: a smaller table plays fewer, a house rule takes some out)."""
        return tuple(range(self.deck.size))

    def card_text(self, card: int) -> str:
        """The short text of ``card`` (``R7``), as actions and renderings print it."""
        if type(card) is not int or not 0 <= card < self.deck.size:
            raise ValueError(f"not a card of {self.slug}: {card!r}")
        return self.deck.text(card)

    def parse_card(self, text: str) -> int:
        """The card whose short text is ``text`` (case-insensitive); ``ValueError`` if none."""
        if not isinstance(text, str):
            raise ValueError(f"a card text must be a str, not {type(text).__name__}")
        return self.deck.parse(text)

    def options(self) -> tuple[OptionInfo, ...]:
        """The documented options of this game's ``Rules``."""
        return describe_options(self.Rules)

    def ruleset(self, name: str) -> Ruleset:
        """The ruleset called ``name`` (:class:`~rulebook.core.options.UnknownRuleset` lists the others)."""
        for r in self.rulesets:
            if r.name == name:
                return r
        raise UnknownRuleset(self.slug, name, tuple(r.name for r in self.rulesets))

    def rules_for(self, name: str, **more: Any) -> R:
        """The ``Rules`` of ruleset ``name``, with the options in ``more`` changed too."""
        values = {**self.ruleset(name).values, **more}
        return rules_from_mapping(self.Rules, values)

    def new_game(
        self,
        rules: R | None = None,
        *,
        seed: int | None = None,
        deals: Sequence[Sequence[int]] | None = None,
    ) -> S:
        """The initial state, with chance fixed by ``seed`` and/or explicit ``deals``.

        With neither, the seed is 0. Explicit deals are checked before use.
        """
        rules = self._rules(rules)
        setup = Setup(seed=seed if seed is not None or deals else 0, deals=deals)
        for i, deal in enumerate(setup.deals):
            try:
                self.check_deal(rules, deal, i)
            except ValueError as exc:
                message = str(exc)  # the games' own messages already name the deal
                raise ValueError(message if message.startswith(f"deal {i}") else f"deal {i}: {message}") from None
        state = self.initial_state(rules, setup)
        visible = getattr(rules, "visible", None)
        logic = getattr(rules, "logic", None)
        if (visible is not None and visible.general) or (logic is not None and logic.sights):
            # sights the engine does not play (a zone's, or a function's): the general path
            if not _GENERAL:  # importing rulebook registers it
                raise ValueError("sights the engine does not play need rulebook.variants (import rulebook)")
            return _GENERAL[0](state)  # type: ignore[no-any-return]
        return state

    def _rules(self, rules: object, method: str = "") -> R:
        """``rules`` if it is this game's ``Rules`` (``None``: the defaults), else a ``WrongGame`` error."""
        if rules is None:
            return self.Rules()
        if type(rules) is not self.Rules:
            raise _wrong_game(self, method, rules)
        return rules

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every game's own methods that take ``rules`` refuse another game's ``Rules`` (:data:`RULES_METHODS`)."""
        super().__init_subclass__(**kwargs)
        for name in RULES_METHODS:
            method = cls.__dict__.get(name)
            if callable(method) and not getattr(method, "_checks_rules", False):
                setattr(cls, name, _checking_rules(method, name))

    def _table(self, rules: R | None) -> _Tables[A]:
        if type(rules) is not self.Rules:
            rules = self._rules(rules)
        t = self._tables.get(rules)
        if t is None:
            actions = self.action_table(rules)
            index = {a: i for i, a in enumerate(actions)}
            by_text = {str(a).lower(): a for a in actions}
            if len(index) != len(actions) or len(by_text) != len(actions):
                raise AssertionError(f"{self.slug}: action table has duplicates")
            t = self._tables[rules] = _Tables(actions, MappingProxyType(index), by_text)
        return t

    def action_index(self, rules: R) -> Mapping[A, int]:
        """A read-only mapping from each action to its integer (shared by every caller)."""
        return self._table(rules).index

    def num_distinct_actions(self, rules: R | None = None) -> int:
        """The size of the integer action space under ``rules``."""
        return len(self._table(rules).actions)

    def encode_action(self, action: A, rules: R | None = None) -> int:
        """The integer of ``action``, in ``range(num_distinct_actions(rules))``."""
        index = self._table(rules).index
        try:
            return index[action]
        except (KeyError, TypeError):  # TypeError: an unhashable value
            raise InvalidAction(self.slug, action,
                                f"{action!r:.80} is not an action of {self.slug} under these rules") from None

    def decode_action(self, index: int, rules: R | None = None) -> A:
        """The action whose integer is ``index`` (an ``int``, not a ``bool`` or ``float``)."""
        actions: tuple[A, ...] = self._table(rules).actions
        if type(index) is not int:
            raise ValueError(f"action index must be an int, not {type(index).__name__} {index!r:.40}")
        if not 0 <= index < len(actions):
            raise ValueError(f"action index {index} out of range 0..{len(actions) - 1}")
        return actions[index]

    def parse_action(self, text: str, rules: R | None = None) -> A:
        """The action whose text form is ``text`` (case-insensitive)."""
        by_text = self._table(rules).by_text
        if not isinstance(text, str):
            raise InvalidAction(self.slug, text, f"an action text must be a str, not {type(text).__name__}")
        try:
            return by_text[text.strip().lower()]
        except KeyError:
            raise InvalidAction(self.slug, text) from None
