"""Players: who chooses an action for a seat, from what that seat may know.

A player is any callable ``player(state, rng) -> action`` that returns one of
``state.legal_actions()`` for the seat to act (``state.current_player``). It
must decide only from what that seat may see: its choice from ``state`` must
equal its choice from ``state.resample(seat, ...)`` given the same ``rng``
(``tests/test_players.py`` checks this for every built-in player). Users plug
in their own agents by passing any such callable.

Built in, by name (:func:`player_from_spec` parses the names the CLI takes):

* ``random``: uniformly random among the legal actions;
* ``heuristic``: the game's simple rule-aware player (``game.heuristic_action``);
* ``ismcts``, ``ismcts:N`` / ``ismcts:Ts`` (``ismcts:N:random`` for random rollouts):
  information-set Monte Carlo tree search (:class:`ISMCTS`) with ``N`` iterations
  (200 by default, at most :data:`MAX_ITERATIONS`) or ``T`` seconds per decision (at most
  :data:`MAX_SECONDS`) and heuristic rollouts.

>>> import random, rulebook
>>> game = rulebook.get_game("witches-of-blackmore")
>>> state = game.new_game(seed=3)
>>> player = player_from_spec("random")
>>> player(state, random.Random(1)) in state.legal_actions()
True
>>> player_from_spec("nobody")
Traceback (most recent call last):
...
ValueError: unknown player kind 'nobody'; choose from random, heuristic, ismcts
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

import attrs

from rulebook.core.contract import Action, State

__all__ = [
    "DEFAULT_EXPLORATION",
    "DEFAULT_ITERATIONS",
    "ISMCTS",
    "MAX_ITERATIONS",
    "MAX_SECONDS",
    "PLAYER_KINDS",
    "Player",
    "heuristic_player",
    "ismcts_player",
    "player_from_spec",
    "random_player",
    "win_share",
]

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


# -- ISMCTS -------------------------------------------------------------------------

#: ISMCTS iterations per decision by default (``docs/balance.md``: the measured strength).
DEFAULT_ITERATIONS = 200
#: The largest ISMCTS budget per decision: iterations (``ismcts:N``) and seconds (``ismcts:Ts``).
#: Larger ones are refused before any game starts (a typo such as ``ismcts:1e9s`` would run for ever).
MAX_ITERATIONS = 1_000_000
#: The largest time budget of ``ismcts:Ts``, in seconds per decision.
MAX_SECONDS = 600.0
#: The UCB exploration constant ``c`` by default (tuned on The Witches of Blackmore).
DEFAULT_EXPLORATION = 0.7


class _Node:
    """Statistics of one node of the search tree: per action ``[visits, reward, availability]``."""

    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.stats: dict[Action, list[float]] = {}
        self.children: dict[Action, _Node] = {}


def win_share(state: State[Any, Any]) -> tuple[float, ...]:
    """Each seat's result of a finished game: ``1/k`` for each of ``k`` winners, else 0.

    Nobody scores when nobody wins (UTSUKE, when every seat loses).
    """
    winners = state.winners
    share = 1.0 / len(winners) if winners else 0.0
    return tuple(share if s in winners else 0.0 for s in range(state.rules.players))


@attrs.frozen
class ISMCTS:
    """Single-observer information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012).

    Each iteration draws a determinization ``state.resample(seat, rng)``: the hidden
    facts are redrawn from what the searching seat sees, so the search never reads the
    real hands. It then descends one shared tree, choosing among the actions legal *in
    this determinization* by UCB with availability counts (an action's exploration term
    uses how often it was available, not the parent's visits), adds one node, plays the
    game out with ``rollout`` (the game's heuristic by default; ``None`` for uniformly
    random moves) on the lean path (``legal_actions`` and ``apply`` only), and backs up
    each seat's result (``result``; by default :func:`win_share`) at the nodes where that
    seat acted.

    Nodes are keyed by the path of actions from the root. Most actions in these games
    are public (cards played, bids shown), so the path is the searching seat's
    observation history; where an opponent's action is hidden (a face-down play), the
    path splits what the seat cannot tell apart, which costs statistics, not
    correctness: only the root's statistics choose the move, and every root action is
    one the seat can take. Paths need no observation call on the hot path.

    ``iterations`` (deterministic for a given generator) or ``seconds`` (a time budget,
    not reproducible) bounds the search. The move played is the root action visited most
    (ties: first in ``legal_actions`` order). With ``stop_early`` (the default) an
    iteration budget ends as soon as no other root action could catch up the most visited
    one within the iterations left: the move is the one the full budget would choose, at
    a fraction of the cost when one action stands out.
    """

    iterations: int | None = DEFAULT_ITERATIONS
    seconds: float | None = None
    exploration: float = DEFAULT_EXPLORATION
    rollout: Player | None = heuristic_player
    stop_early: bool = True
    result: Callable[[State[Any, Any]], tuple[float, ...]] = win_share

    def __attrs_post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("ismcts needs a budget: iterations or seconds")
        if self.iterations is not None and (
            type(self.iterations) is not int or not 1 <= self.iterations <= MAX_ITERATIONS
        ):
            raise ValueError(f"ismcts iterations must be an int from 1 to {MAX_ITERATIONS}, got {self.iterations!r}")
        if self.seconds is not None and (
            type(self.seconds) not in (int, float) or not 0 < self.seconds <= MAX_SECONDS
        ):
            raise ValueError(
                f"ismcts seconds must be a number above 0 and at most {MAX_SECONDS:g}, got {self.seconds!r}"
            )
        if type(self.exploration) not in (int, float) or not 0 <= self.exploration < math.inf:
            raise ValueError(f"ismcts exploration must be a finite number of at least 0, got {self.exploration!r}")
        if type(self.stop_early) is not bool:
            raise ValueError(f"ismcts stop_early must be a bool, got {self.stop_early!r}")
        if self.rollout is not None and not callable(self.rollout):
            raise ValueError(f"ismcts rollout must be a player callable or None, got {self.rollout!r}")

    def __call__(self, state: State[Any, Any], rng: random.Random) -> Action:
        return self.search(state, rng)[0]

    def search(self, state: State[Any, Any], rng: random.Random) -> tuple[Action, dict[Action, tuple[int, float]]]:
        """The chosen action and the root's statistics ``action -> (visits, mean result)``."""
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: nobody is to act")
        root = _Node()
        c = self.exploration
        rollout = self.rollout
        result = self.result
        log = math.log
        sqrt = math.sqrt
        choice = rng.choice
        resample = state.resample
        perf = time.perf_counter
        deadline = None if self.seconds is None else perf() + self.seconds
        budget = self.iterations
        stop_early = self.stop_early and budget is not None
        limit = budget or 0
        done = 0
        first: tuple[Action, ...] | None = None
        path: list[tuple[list[float], int]] = []
        add = path.append
        # heuristic rollouts call the game's heuristic directly (one call level less)
        play: Player | None = None
        while (budget is None or done < budget) and (deadline is None or perf() < deadline):
            det = resample(seat, rng)
            if first is None:
                first = det.legal_actions()
                if len(first) == 1:
                    return first[0], {first[0]: (0, 0.0)}
                play = det.GAME.heuristic_action if rollout is heuristic_player else rollout
            node: _Node | None = root
            path.clear()
            player = det.current_player
            # selection and expansion, in the tree while it has the node
            while player is not None and node is not None:
                legal = det.legal_actions()
                setdefault = node.stats.setdefault
                # each legal action's statistics, hashed once: new ones start unvisited
                entries: list[list[float]] = []
                fresh: list[tuple[Action, list[float]]] | None = None
                for a in legal:
                    s = setdefault(a, [0, 0.0, 0])
                    s[2] += 1
                    entries.append(s)
                    if s[0] == 0:
                        if fresh is None:
                            fresh = [(a, s)]
                        else:
                            fresh.append((a, s))
                if fresh is not None:
                    # an unvisited action, drawn as from the list of those actions
                    action, chosen_stats = fresh[0] if len(fresh) == 1 else choice(fresh)
                    child = None
                    node.children[action] = _Node()
                    add((chosen_stats, player))
                else:
                    best = -1.0
                    action = legal[0]
                    chosen_stats = entries[0]
                    for a, s in zip(legal, entries):
                        n, w, avail = s
                        u = w / n + c * sqrt(log(avail) / n)
                        if u > best:
                            best, action, chosen_stats = u, a, s
                    child = node.children[action]
                    add((chosen_stats, player))
                det = det.apply(action)
                player = det.current_player
                node = child
            # rollout on the lean path
            if play is None:
                while player is not None:
                    det = det.apply(choice(det.legal_actions()))
                    player = det.current_player
            else:
                while player is not None:
                    det = det.apply(play(det, rng))
                    player = det.current_player
            outcome = result(det)
            for s, p in path:
                s[0] += 1
                s[1] += outcome[p]
            done += 1
            if stop_early and not done & 7:
                # the most visited root action is settled once the runner-up cannot catch it
                lead = second = 0.0
                for a in first:
                    n = root.stats[a][0] if a in root.stats else 0.0
                    if n > lead:
                        lead, second = n, lead
                    elif n > second:
                        second = n
                if lead - second > limit - done:
                    break
        assert first is not None, "the search ran no iteration: give it a larger budget"
        stats = root.stats
        chosen = max(first, key=lambda a: stats[a][0] if a in stats else -1)
        return chosen, {a: (int(s[0]), s[1] / s[0] if s[0] else 0.0) for a, s in stats.items()}


def ismcts_player(arg: str | None) -> Player:
    """The ISMCTS player of a CLI argument: ``200`` (iterations), ``2s`` (seconds), and
    optionally the rollouts: ``:heuristic`` (the default) or ``:random`` (``ismcts:200:random``)."""
    if arg is None:
        return ISMCTS()
    budget, _, roll = arg.partition(":")
    if roll not in ("", "random", "heuristic"):
        raise ValueError(f"ismcts rollouts are heuristic or random, got {roll!r}")
    rollout = None if roll == "random" else heuristic_player
    budget = budget.strip()
    try:
        if budget.endswith("s"):
            seconds = float(budget[:-1])
            if not 0 < seconds <= MAX_SECONDS:
                raise ValueError
            return ISMCTS(iterations=None, seconds=seconds, rollout=rollout)
        if not (budget.isascii() and budget.isdigit()) or len(budget) > 7 or not 1 <= int(budget) <= MAX_ITERATIONS:
            raise ValueError
        return ISMCTS(iterations=int(budget), rollout=rollout)
    except ValueError:
        raise ValueError(
            f"ismcts takes a budget of 1 to {MAX_ITERATIONS} iterations (ismcts:200) or of seconds above 0 "
            f"and at most {MAX_SECONDS:g} (ismcts:2s) per move, got {arg!r:.40}"
        ) from None


#: Factories of the built-in player kinds: ``kind -> factory(argument or None)``.
PLAYER_KINDS: dict[str, Callable[[str | None], Player]] = {
    "random": lambda arg: random_player,
    "heuristic": lambda arg: heuristic_player,
    "ismcts": ismcts_player,
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
