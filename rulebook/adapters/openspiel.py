"""OpenSpiel adapter: every registered game as a ``pyspiel`` Python game.

Importing this module registers each game of :data:`GAMES` with
OpenSpiel under the short name ``rulebook_<module>`` (for example
``rulebook_witches_of_blackmore``), so ``pyspiel.load_game`` and every OpenSpiel
tool that takes a game name can use it::

    import pyspiel
    import rulebook.adapters.openspiel  # registers the games
    game = pyspiel.load_game("rulebook_utsuke(players=3)")

How the game is presented to OpenSpiel (see ``docs/adapters/openspiel.md``):

* **Parameters** are the game's ``Rules`` options that declare their choices
  (``players`` among them), with the printed game's defaults. Structured
  options (a deck, a mission list) are not OpenSpiel parameters; pass a whole
  ``Rules`` to :func:`load_game` to change them.
* **Chance** goes through the seed. A game starts with :data:`SEED_BYTES`
  explicit chance nodes, each drawing one byte of a 32-bit seed uniformly; from
  then on the state is exactly ``game.new_game(rules, seed=seed)``, and every
  deal of the game, later rounds included, is drawn from that seed by the
  game's own ``random_deal``. The game type is therefore
  ``EXPLICIT_STOCHASTIC``; its chance outcomes are the seed bytes, not the cards.
  :func:`seed_actions` gives the chance actions that select a given seed.
* **Information**: imperfect, sequential, general-sum, terminal rewards.
  Observation strings and tensors come from ``state.observation(seat)`` and
  ``state.observation_tensor(seat)`` (the tensor documented on each game's docs
  page). Before the seed is drawn, the tensor is all zeros. The adapter does
  not declare an information state: the observations keep perfect recall of
  public events, but the contract does not promise a perfect-recall
  information state, so none is claimed. Search such as ISMCTS keys on the
  observation string (``use_observation_string=True``);
  ``resample_from_infostate`` redraws what the player cannot see with the
  game's ``resample``.
* **Returns**: at the end, ``1.0`` for each seat among the game's ``winners``
  (tied winners each get ``1.0``) and ``0.0`` for the others; ``0.0`` before
  the end. The game's own points are in :func:`rulebook_state` ``.scores``.
* **Serialization**: OpenSpiel pickles a Python state's attributes; the
  rulebook state is stored with its history as action numbers, so states of
  any length round-trip.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from rulebook.adapters import _missing, _numberer
from rulebook.registry import GAMES, get_game

try:
    import numpy as np
    import pyspiel

    from rulebook.adapters import tensors
except ImportError as exc:  # pragma: no cover - depends on the environment
    _missing("openspiel", exc)
from rulebook.core.contract import Game, State, log_from
from rulebook.core.options import rules_from_mapping
from rulebook.errors import InvalidRules

__all__ = [
    "SEED_BYTES",
    "RulebookGame",
    "RulebookState",
    "game_class",
    "load_game",
    "register",
    "rulebook_state",
    "seed_actions",
    "short_name",
]

#: Number of explicit chance nodes at the start of every game (one byte of the seed each).
SEED_BYTES = 4
_BASE = 256
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE_OUTCOMES = [(b, 1.0 / _BASE) for b in range(_BASE)]


def short_name(slug: str) -> str:
    """The OpenSpiel short name of a rulebook game: ``rulebook_<slug with underscores>``."""
    return "rulebook_" + slug.replace("-", "_")


def seed_actions(seed: int) -> list[int]:
    """The chance actions (seed bytes, most significant first) that select ``seed``.

    Applying them to a new initial state gives ``game.new_game(rules, seed=seed)``.
    """
    if type(seed) is not int or not 0 <= seed < _BASE**SEED_BYTES:
        raise ValueError(f"seed must be in 0..{_BASE**SEED_BYTES - 1} (got {seed})")
    return [(seed >> (8 * (SEED_BYTES - 1 - i))) & 0xFF for i in range(SEED_BYTES)]


# -- per-(game, rules) tables, shared by every state ------------------------------------


class _Context:
    """The rulebook game, its rules and action tables; immutable and shared by clones."""

    __slots__ = ("actions", "game", "ids", "index", "players", "rules")

    def __init__(self, game: Game[Any, Any, Any], rules: Any) -> None:
        self.game = game
        self.rules = rules
        self.actions: tuple[Any, ...] = game.action_table(rules)
        self.index: dict[Any, int] = {a: i for i, a in enumerate(self.actions)}
        #: the sorted numbers of a ``legal_actions()`` tuple
        self.ids: Callable[[Sequence[Any]], list[int]] = _numberer(self.actions)
        self.players: int = rules.players

    def __deepcopy__(self, memo: Any) -> _Context:
        return self

    def __reduce__(self) -> tuple[Callable[..., _Context], tuple[str, Any]]:
        return (_context, (self.game.slug, self.rules))


@functools.lru_cache(maxsize=256)
def _context(slug: str, rules: Any) -> _Context:
    return _Context(get_game(slug), rules)


class _Box:
    """Holds one (immutable) rulebook state for a pyspiel state.

    Clones share it (``deepcopy`` returns it), and it pickles the state's fields
    with the history flattened to action numbers, so long games do not hit the
    recursion limit of a nested history.
    """

    __slots__ = ("state",)

    def __init__(self, state: State[Any, Any]) -> None:
        self.state = state

    def __deepcopy__(self, memo: Any) -> _Box:
        return self

    def __reduce__(self) -> tuple[Callable[..., _Box], tuple[Any, ...]]:
        state = self.state
        cls: Any = type(state)
        index = _context(cls.GAME.slug, state.rules).index
        values = {f.name: getattr(state, f.name) for f in attrs.fields(cls) if f.name != "log"}
        history = tuple(index[a] for a in state.history)
        return (_unbox, (cls, values, history))


def _unbox(cls: type[State[Any, Any]], values: dict[str, Any], history: tuple[int, ...]) -> _Box:
    actions = _context(cls.GAME.slug, values["rules"]).actions
    log = log_from(actions[i] for i in history)
    state = object.__new__(cls)
    for name, value in values.items():
        object.__setattr__(state, name, value)
    object.__setattr__(state, "log", log)
    return _Box(state)


# -- the game --------------------------------------------------------------------------


def _parameter_spec(game: Game[Any, Any, Any]) -> dict[str, Any]:
    """OpenSpiel parameters: the options with declared choices and a scalar default."""
    spec: dict[str, Any] = {}
    for info in game.options():
        # visible.<element> settings are not OpenSpiel parameters (a name has no dot there)
        if info.choices is not None and isinstance(info.default, (bool, int, float, str)) and "." not in info.name:
            spec[info.name] = info.default
    return spec


@functools.cache
def _game_type(slug: str) -> Any:
    game = get_game(slug)
    counts = game.player_counts
    return pyspiel.GameType(
        short_name=short_name(slug),
        long_name=f"rulebook: {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameter_spec(game),
    )


class RulebookGame(pyspiel.Game):  # type: ignore[misc]
    """A rulebook game as an OpenSpiel game (one instance per ``Rules``).

    Each registered game has its own subclass (see :func:`game_class`) whose
    ``slug`` names the rulebook game; OpenSpiel calls it with the parameters.
    """

    slug: str = ""

    def __init__(self, params: Mapping[str, Any] | None = None, *, rules: Any = None) -> None:
        slug = self.slug
        game = get_game(slug)
        spec = _parameter_spec(game)
        if rules is None:
            values = {**spec, **(params or {})}
            rules = rules_from_mapping(game.Rules, values)
        elif params:
            raise ValueError("give either rules or parameters, not both")
        elif type(rules) is not game.Rules:
            raise InvalidRules("players", f"expected {slug} Rules, got {type(rules).__name__}")
        values = {name: getattr(rules, name) for name in spec}
        ctx = _context(slug, rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(ctx.actions),
            max_chance_outcomes=_BASE,
            num_players=ctx.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=game.max_game_length(rules),
        )
        super().__init__(_game_type(slug), info, values)
        self._ctx = ctx
        self._obs_size = game.observation_size(rules)

    @property
    def rules(self) -> Any:
        """The rulebook ``Rules`` of this game."""
        return self._ctx.rules

    @property
    def rulebook_game(self) -> Game[Any, Any, Any]:
        """The rulebook game object (``get_game(slug)``)."""
        return self._ctx.game

    def new_initial_state(self) -> RulebookState:
        """The state before the seed is drawn (a chance node)."""
        return RulebookState(self, self._ctx)

    def max_chance_nodes_in_history(self) -> int:
        return SEED_BYTES

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """The observer of ``state.observation(seat)``: the only observation type provided."""
        if params:
            raise ValueError(f"observation parameters are not supported (got {params})")
        if iig_obs_type is not None and (
            iig_obs_type.perfect_recall
            or not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "rulebook games provide one observation type: the seat's own view "
                "(public information and its private information, perfect_recall=False)"
            )
        return _Observer(self._obs_size, tensors.encoder(self.slug, self._ctx.rules))


class RulebookState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping an immutable rulebook state.

    The first :data:`SEED_BYTES` moves are chance nodes drawing the seed; then
    :attr:`rulebook_state` is the rulebook state and every move applies one
    action of its table.
    """

    def __init__(self, game: RulebookGame, ctx: _Context) -> None:
        super().__init__(game)
        self._ctx = ctx
        self._seed = 0
        self._drawn = 0
        self._box: _Box | None = None

    @property
    def rulebook_state(self) -> State[Any, Any] | None:
        """The rulebook state (``None`` while the seed is being drawn)."""
        box = self._box
        return None if box is None else box.state

    # -- the pyspiel API -------------------------------------------------------------

    def current_player(self) -> int:
        box = self._box
        if box is None:
            return _CHANCE
        player = box.state.current_player
        return _TERMINAL if player is None else player

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action numbers (sorted) of ``player``, by default the player to act.

        Same answer as pyspiel's ``State.legal_actions`` (the chance outcomes at
        a chance node, for any ``player``; ``[]`` for a seat not to act and at
        the end), computed here
        so a Python caller skips the C++ round trips of the base method.
        """
        box = self._box
        if box is None:
            return list(range(_BASE))  # a chance node answers its outcomes whoever asks, as pyspiel does
        state = box.state
        seat = state.current_player
        if seat is None or (player is not None and player != seat):
            return []
        return self._ctx.ids(state.legal_actions())

    def _legal_actions(self, player: int) -> list[int]:
        assert self._box is not None
        return self._ctx.ids(self._box.state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self._box is None
        return _CHANCE_OUTCOMES

    def _apply_action(self, action: int) -> None:
        box = self._box
        if box is None:
            if type(action) is not int or not 0 <= action < _BASE:
                raise ValueError(f"chance outcome {action} out of range 0..{_BASE - 1}")
            self._seed = self._seed * _BASE + action
            self._drawn += 1
            if self._drawn == SEED_BYTES:
                ctx = self._ctx
                self._box = _Box(ctx.game.new_game(ctx.rules, seed=self._seed))
        else:
            actions = self._ctx.actions
            if type(action) is not int or not 0 <= action < len(actions):
                self._check(action)  # raises, naming what is wrong
            self._box = _Box(box.state.apply(actions[action]))

    def _check(self, action: object) -> int:
        """``action`` if it is an int in the action table's range (no wrap-around, no bools)."""
        n = len(self._ctx.actions)
        if type(action) is not int:
            raise ValueError(f"action must be an int, not {type(action).__name__}")
        if not 0 <= action < n:
            raise ValueError(f"action {action} out of range 0..{n - 1}")
        return action

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return f"seed byte {action}"
        return str(self._ctx.actions[self._check(action)])

    def is_terminal(self) -> bool:
        box = self._box
        return box is not None and box.state.current_player is None

    def returns(self) -> list[float]:
        box = self._box
        n = self._ctx.players
        if box is None or box.state.current_player is not None:
            return [0.0] * n
        winners = box.state.winners
        return [1.0 if seat in winners else 0.0 for seat in range(n)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> RulebookState:
        """A clone with what ``player_id`` cannot see redrawn (``state.resample``).

        ``probability_sampler`` (for example ``pyspiel.UniformProbabilitySampler(0., 1.)``)
        seeds the redraw; without it the redraw uses fresh entropy. The clone's
        OpenSpiel history still lists the original seed bytes.
        """
        clone: RulebookState = self.clone()
        box = self._box
        if box is not None:
            seed = int(probability_sampler() * 2**53) if probability_sampler is not None else None
            clone._box = _Box(box.state.resample(player_id, random.Random(seed)))
        return clone

    def __str__(self) -> str:
        box = self._box
        if box is None:
            return f"drawing the seed: {self._drawn} of {SEED_BYTES} bytes"
        state = box.state
        cls: Any = type(state)
        fields = ", ".join(
            f"{f.name}={getattr(state, f.name)!r}" for f in attrs.fields(cls) if f.name not in ("rules", "log")
        )
        return f"{type(state).__name__}({fields})"


class _Observer:
    """A pyspiel Python observer over ``observation(seat)`` and ``observation_tensor(seat)``."""

    def __init__(self, size: int, encode: tensors.Encoder) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self._encode = encode

    def set_from(self, state: RulebookState, player: int) -> None:
        box = state._box
        if box is None:
            self.tensor.fill(0)
        else:
            # equal to observation_tensor(player), built by rulebook.adapters.tensors
            self.tensor[:] = self._encode(box.state, player)

    def string_from(self, state: RulebookState, player: int) -> str:
        box = state._box
        if box is None:
            return f"seat {player}: before the deal"
        return str(box.state.observation(player))


# -- helpers and registration ------------------------------------------------------------


def rulebook_state(state: Any) -> State[Any, Any] | None:
    """The rulebook state inside a pyspiel state of this adapter (``None`` before the seed)."""
    if not isinstance(state, RulebookState):
        raise TypeError(f"not a rulebook pyspiel state: {type(state).__name__}")
    return state.rulebook_state


def load_game(slug: str, rules: Any = None, **options: Any) -> RulebookGame:
    """The OpenSpiel game of ``slug`` with ``rules`` or with options by name.

    ``load_game("utsuke", players=3)`` equals ``pyspiel.load_game("rulebook_utsuke(players=3)")``;
    ``load_game("utsuke", rules)`` accepts any ``Rules``, structured options included.
    """
    register()
    cls = game_class(slug)
    if rules is not None:
        return cls(rules=rules)
    return cls(options)


@functools.cache
def game_class(slug: str) -> type[RulebookGame]:
    """The :class:`RulebookGame` subclass registered for ``slug``."""
    get_game(slug)  # fails with the list of known slugs
    name = "".join(part.title() for part in slug.split("-")) + "Game"
    return type(name, (RulebookGame,), {"slug": slug, "__module__": __name__})


def register() -> list[str]:
    """Register every game of :data:`GAMES` not yet known to pyspiel; return the new names.

    The creator given to pyspiel is a class (as in OpenSpiel's own Python
    games): pyspiel keeps it until the process ends.
    """
    known = set(pyspiel.registered_names())
    added = []
    for slug in GAMES:
        name = short_name(slug)
        if name not in known:
            pyspiel.register_game(_game_type(slug), game_class(slug))
            added.append(name)
    return added


register()
