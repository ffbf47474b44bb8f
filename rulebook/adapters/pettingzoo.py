"""PettingZoo adapter: any registered game as an AEC environment::

    from rulebook.adapters import pettingzoo as rz
    env = rz.env("utsuke", players=4)
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

* **Agents** are ``player_0`` .. ``player_<n-1>``, one per seat; the agent to
  act is the game's ``current_player`` (an agent may act several times in a
  row, for example for a compound move made of atomic actions).
* **Actions**: ``Discrete(game.num_distinct_actions(rules))``; action ``i`` is
  ``game.decode_action(i, rules)``. An illegal action raises
  :class:`~rulebook.IllegalAction`.
* **Observations**: a ``Dict`` with ``observation``, the seat's
  ``observation_tensor`` (``int32``, length ``game.observation_size(rules)``,
  documented on each game's docs page), and ``action_mask`` (``int8``, ``1``
  for the legal actions of the agent to act, all ``0`` for the others and once
  the game is over). The tensor's space declares the full ``int32`` range,
  because the contract gives no tighter bound for counts and scores.
* **Rewards** are ``0`` until the end. At the end, with ``reward="win"`` (the
  default) each seat among the game's ``winners`` gets ``1`` and the others
  ``0``; with ``reward="score"`` each seat gets its final ``scores`` value (the
  game's own points, whose meaning each game's docs page gives). The final
  ``infos`` of each agent carry ``score`` and ``winner`` in both modes.
* **Seeding**: ``reset(seed=s)`` plays exactly ``game.new_game(rules, seed=s)``;
  a later ``reset()`` without a seed draws the next game's seed from a
  generator seeded with ``s``, so a sequence of games is reproducible.
  ``reset(options={"deals": [...]})`` starts from explicit deals instead.
"""

from __future__ import annotations

import operator
import random
from typing import Any, ClassVar

from rulebook.adapters import _missing, _Numberer
from rulebook.registry import get_game

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.env_logger import EnvLogger
    from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterable, AECOrderEnforcingIterator

    from rulebook.adapters import tensors
    from rulebook.adapters.tensors import _int32  # noqa: F401  (re-exported: the bytes conversion)
except ImportError as exc:  # pragma: no cover - depends on the environment
    _missing("pettingzoo", exc)
from rulebook.core.contract import State, check_seed
from rulebook.core.options import rules_from_mapping
from rulebook.errors import IllegalAction, InvalidRules

__all__ = ["REWARDS", "RulebookEnv", "env", "raw_env"]

#: The reward mappings: ``win`` (1 per winner, else 0) and ``score`` (the game's final points).
REWARDS = ("win", "score")
_I32 = np.iinfo(np.int32)


def env(
    slug: str,
    players: int | None = None,
    *,
    rules: Any = None,
    reward: str = "win",
    render_mode: str | None = None,
    **options: Any,
) -> AECEnv:
    """The AEC environment of ``slug``, wrapped as PettingZoo's own games are.

    The wrappers are PettingZoo's ``AssertOutOfBoundsWrapper`` and
    ``OrderEnforcingWrapper`` (subclasses with the same checks, which forward
    the attributes every step reads directly instead of through ``__getattr__``).

    Options are the game's ``Rules`` options by name (``env("utsuke", players=4,
    on_loss="most_honour")``); or pass a whole ``rules``.
    """
    raw = RulebookEnv(slug, players, rules=rules, reward=reward, render_mode=render_mode, **options)
    return _OrderEnforcing(_AssertOutOfBounds(raw), raw)


class _AssertOutOfBounds(wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's bounds check, with a plain ``int`` in range passed without the space's ``contains``."""

    def __init__(self, env: RulebookEnv) -> None:
        super().__init__(env)
        self._n = len(env._actions)

    def step(self, action: Any) -> None:
        if type(action) is int and 0 <= action < self._n:  # what Discrete(n).contains accepts
            self.env.step(action)
        else:
            super().step(action)


def _forwarded(name: str) -> property:
    """An attribute of the raw environment read directly, with OrderEnforcingWrapper's reset rule."""

    def get(self: _OrderEnforcing) -> Any:
        if not self._has_reset and name != "_cumulative_rewards":
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self._raw, name)

    return property(get)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order checks, with the per-step paths reading the raw environment directly.

    ``OrderEnforcingWrapper`` reaches the attributes through two ``__getattr__``
    calls per read (one per wrapper), several times per step, and ``last``,
    ``observe``, ``step`` and the ``agent_iter`` iterator each pass through both
    wrappers. Here the attributes are properties giving the same values and the
    same errors before ``reset``, and ``last``, ``observe``, ``step`` and the
    iterator go straight to the raw environment once the checks of both wrappers
    (reset done, agents left, the action an ``int`` in range) have passed; any
    other case takes PettingZoo's own path.
    """

    agent_selection = _forwarded("agent_selection")
    agents = _forwarded("agents")
    rewards = _forwarded("rewards")
    terminations = _forwarded("terminations")
    truncations = _forwarded("truncations")
    infos = _forwarded("infos")
    _cumulative_rewards = _forwarded("_cumulative_rewards")

    def __init__(self, env: AECEnv, raw: RulebookEnv) -> None:
        self._raw = raw
        self._n = len(raw._actions)
        super().__init__(env)

    def __str__(self) -> str:
        return str(self.env)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """``AECEnv.last``, reading the raw environment (the same values and errors)."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        raw = self._raw
        agent = raw.agent_selection
        assert agent is not None
        return (
            raw.observe(agent) if observe else None,
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            raw.infos[agent],
        )

    def observe(self, agent: str) -> Any:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self._raw.observe(agent)

    def step(self, action: Any) -> None:
        if self._has_reset and self._raw.agents and type(action) is int and 0 <= action < self._n:
            self._has_updated = True  # what OrderEnforcingWrapper.step does, then the bounds check passes
            self._raw.step(action)
        else:
            super().step(action)

    def agent_iter(self, max_iter: int = 2**63) -> _Iterable:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Iterable(self, max_iter)


class _Iterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> _Iterator:
        return _Iterator(self.env, self.max_iter)


class _Iterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """``AECOrderEnforcingIterator`` reading ``agents`` and ``agent_selection`` from the raw environment."""

    def __init__(self, env: _OrderEnforcing, max_iter: int) -> None:
        super().__init__(env, max_iter)
        self._raw = env._raw

    def __next__(self) -> str:
        raw = self._raw
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        env = self.env
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        agent: str = raw.agent_selection
        return agent


class RulebookEnv(AECEnv):  # type: ignore[misc]
    """An AEC environment over one rulebook game and one ``Rules`` (unwrapped; see :func:`env`)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "is_parallelizable": False}
    agent_selection: str

    def __init__(
        self,
        slug: str,
        players: int | None = None,
        *,
        rules: Any = None,
        reward: str = "win",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        game = get_game(slug)
        if rules is None:
            values = dict(options)
            if players is not None:
                values["players"] = players
            rules = rules_from_mapping(game.Rules, values)
        elif options or (players is not None and players != rules.players):
            raise ValueError("give either rules or options, not both")
        elif type(rules) is not game.Rules:
            raise InvalidRules("players", f"expected {slug} Rules, got {type(rules).__name__}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)} (got {reward!r})")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi' (got {render_mode!r})")
        self.game = game
        self.rules = rules
        self.reward_mode = reward
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata, "name": f"rulebook_{slug.replace('-', '_')}_v0"}  # type: ignore[misc]
        self._actions: tuple[Any, ...] = game.action_table(rules)
        self._numbers = _Numberer(self._actions)
        #: the seat's tensor as int32, equal to observation_tensor (rulebook.adapters.tensors)
        self._encode = tensors.encoder(slug, rules)
        self._n = n_actions = len(self._actions)
        size = game.observation_size(rules)
        self.possible_agents = [f"player_{seat}" for seat in range(rules.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=_I32.min, high=_I32.max, shape=(size,), dtype=np.int32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(n_actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(n_actions) for agent in self.possible_agents}
        self._seeds = random.Random()
        self._state: State[Any, Any] | None = None
        #: the last state whose legal actions observe() listed, with them (reused by step)
        self._legal: tuple[State[Any, Any] | None, tuple[Any, ...]] = (None, ())

    def __str__(self) -> str:
        return str(self.metadata["name"])

    def __getstate__(self) -> dict[str, Any]:
        """Pickle the game by its slug: the registered game object is shared, not copied."""
        values = dict(self.__dict__)
        values["game"] = self.game.slug
        return values

    def __setstate__(self, values: dict[str, Any]) -> None:
        values["game"] = get_game(values["game"])
        self.__dict__.update(values)

    # -- spaces ----------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def state(self) -> State[Any, Any]:
        """The current rulebook state (after :meth:`reset`)."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    # -- the AEC API -------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a game: ``game.new_game(rules, seed=...)`` (see the module docs for seeding)."""
        check_seed(seed)  # an int or None: no bool, float or str (ValueError)
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.getrandbits(63)
        deals = (options or {}).get("deals")
        if deals is not None:
            self._state = self.game.new_game(self.rules, deals=deals)
        else:
            self._state = self.game.new_game(self.rules, seed=game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()
        if self._state.current_player is None:
            self._finish()

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        state = self.state
        seat = self._seat[agent]
        mask = np.zeros(self._n, dtype=np.int8)
        if state.current_player == seat:
            legal = state.legal_actions()
            self._legal = (state, legal)
            mask[self._numbers.unsorted(legal)] = 1
        return {"observation": self._encode(state, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        if type(action) is int:  # the common case first: one type test, no conversion
            number = action
        elif isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise ValueError(f"action must be an integer, not {type(action).__name__}")
        else:
            number = operator.index(action)
        if not 0 <= number < self._n:
            raise ValueError(f"action {number} out of range 0..{self._n - 1}")
        chosen = self._actions[number]
        seen, legal = self._legal  # the legal actions observe() just listed for this state, if any
        if seen is not state:
            legal = state.legal_actions()
        if chosen not in legal:
            raise IllegalAction(f"{chosen} (action {number}) is not legal for {agent} now", "action_mask", chosen)
        self._cumulative_rewards[agent] = 0.0
        self._state = new = state.apply(chosen)
        seat = new.current_player
        if seat is None:
            self._finish()
            # rewards are 0 until _finish sets them: only this step has any to add
            self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[seat]

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; use render_mode='ansi'")
            return None
        state = self.state
        history = state.history
        last = f", last action {history[-1]}" if history else ""
        to_act = "game over" if state.current_player is None else f"player_{state.current_player} to act"
        return f"{self.game.title}: move {len(history)}{last}; {to_act}; scores {state.scores}"

    def close(self) -> None:
        pass

    # -- helpers ---------------------------------------------------------------------

    def _select(self) -> None:
        seat = self.state.current_player
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        else:
            self.agent_selection = self.agents[0]

    def _finish(self) -> None:
        state = self.state
        winners = state.winners
        scores = state.scores
        for agent in self.agents:
            seat = self._seat[agent]
            won = seat in winners
            if self.reward_mode == "win":
                self.rewards[agent] = 1.0 if won else 0.0
            else:
                self.rewards[agent] = float(scores[seat])
            self.terminations[agent] = True
            self.infos[agent] = {"score": scores[seat], "winner": won}
        if self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]


#: PettingZoo's name for the unwrapped environment class.
raw_env = RulebookEnv
