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

from rulebook.balance.horizon import horizon as horizon_of
from rulebook.core.contract import Action, State
from rulebook.errors import IllegalAction

__all__ = [
    "DEFAULT_DETERMINIZATIONS",
    "DEFAULT_EXPLORATION",
    "DEFAULT_ITERATIONS",
    "DEFAULT_TIE_STOP",
    "GAME_TIE_STOP",
    "ISMCTS",
    "MAX_ITERATIONS",
    "MAX_SECONDS",
    "PLAYER_KINDS",
    "TIE_STOPS",
    "UNANIMOUS_VISITS",
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
#: Determinizations drawn per decision by default, taken in turn by the iterations.
DEFAULT_DETERMINIZATIONS = 20
#: The unanimous early stop waits until every root action has had this many playouts.
UNANIMOUS_VISITS = 8
#: The near-tie early stop by default: the two most visited root actions' mean results less
#: than this many standard errors apart stop the search once two fifths of its budget are spent.
DEFAULT_TIE_STOP = 1.0
#: ``ISMCTS.tie_stop``'s default: each game's own (:data:`TIE_STOPS`, else :data:`DEFAULT_TIE_STOP`).
GAME_TIE_STOP = "game"
#: The games whose default search runs without the near-tie stop, by slug: over 500 paired deals it
#: cost the searching seat 9.6 points of win share in Seven Prophecies (2.5 standard errors: beyond
#: noise) and 5.2 in The Witches of Blackmore (3.3), against the full budget (``bench/README.md``,
#: "Stronger search at the same cost"); their full searches still keep a 1,000-game compare within
#: ten minutes on 2 workers.
TIE_STOPS: dict[str, float | None] = {"seven-prophecies": None, "witches-of-blackmore": None}


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

    Each iteration takes a determinization: a state drawn by ``state.resample(seat, rng)``,
    with the hidden facts redrawn from what the searching seat sees, so the search never
    reads the real hands. It then descends one shared tree, choosing among the actions
    legal *in this determinization* by UCB with availability counts (an action's
    exploration term uses how often it was available, not the parent's visits), adds one
    node, plays the game out with ``rollout`` (the game's heuristic by default; ``None``
    for uniformly random moves) on the lean path (``legal_actions`` and ``apply`` only),
    and backs up each seat's result (``result``; by default :func:`win_share`) at the nodes
    where that seat acted.

    Speed (the figures are in ``bench/README.md``):

    * ``determinizations``: at most this many are drawn per decision, and the iterations
      take them in turn (iteration ``i`` uses the ``i mod K``-th), so a dear ``resample``
      (UTSUKE redeals the hidden cards under the known voids) is paid ``K`` times, not once
      per iteration. ``None`` draws a fresh one for every iteration;
    * ``horizon``: in a game with several rounds, a playout stops at the end of the round it
      started in and the position there is valued as :mod:`rulebook.balance.horizon` says for that
      game (the seats ahead share a win); a playout that reaches the end of the game is
      valued by ``result``. Only with the default ``result`` (a custom one may count
      something the horizon does not); ``False`` plays every playout to the end;
    * ``reuse``: when the seat acts again right after its own move (Seven Prophecies'
      seven prophecies, Saru Tori Inu I's resolution), the determinizations advanced by
      the move and the move's subtree are kept for that decision, and its visits count
      towards the budget. They are used only if the seat's observation of the new state
      equals that of every kept determinization: a move that showed the seat something
      (a card drawn) leaves worlds the seat can now rule out, and the search starts afresh.
      Needs ``determinizations`` (the kept worlds are what is checked);
    * ``stop_early`` (iteration budgets only): the search ends as soon as no other root
      action could catch up the most visited one within the iterations left (the move is
      the one the full budget would choose); once the most visited action has won every
      one of its playouts, at least :data:`UNANIMOUS_VISITS` (nothing does better than a
      sure win); or once every root action has been tried :data:`UNANIMOUS_VISITS` times
      and every playout so far gave the searching seat the same result (no move has shown
      any difference, so the choice among them is arbitrary and more playouts would cost
      without telling them apart);
    * ``tie_stop`` (iteration budgets, the default ``result`` only): once two fifths of the
      budget are spent and every root action has had :data:`UNANIMOUS_VISITS` playouts, the search also
      stops when the two most visited actions' mean results are less than ``tie_stop``
      standard errors apart (``tie_stop * sqrt(1/4n1 + 1/4n2)``, the largest standard error
      of a difference of results from 0 to 1): the two are near-equals, and the rest of the
      budget would mostly decide between them by chance. Unlike the stops above, this one
      may choose another move than the full budget would; on 200 positions per game, valued
      by a 2,000-iteration search, it cost 0.1 to 0.6 points of expected win share per
      decision, for 38% to 50% fewer playouts (``bench/README.md``).
      ``None`` turns it off; the default, :data:`GAME_TIE_STOP`, takes the game's own
      (:data:`TIE_STOPS`: off in Seven Prophecies and The Witches of Blackmore, whose searching
      seat it cost beyond noise or nearly in paired games; 1 standard error elsewhere);
    * a decision with one legal action is not searched.

    The search reads the real state only through ``current_player``, ``resample(seat,
    rng)`` and ``observation(seat)`` of the seat to act (the last to check a kept search),
    so it decides from what that seat sees; with ``iterations`` it is deterministic for a
    given generator and the same decisions before it.

    Nodes are keyed by the path of actions from the root. Most actions in these games
    are public (cards played, bids shown), so the path is the searching seat's
    observation history; where an opponent's action is hidden (a face-down play), the
    path splits what the seat cannot tell apart, which costs statistics, not
    correctness: only the root's statistics choose the move, and every root action is
    one the seat can take. Paths need no observation call on the hot path.

    ``iterations`` (deterministic for a given generator) or ``seconds`` (a time budget,
    not reproducible) bounds the search. The move played is the root action visited most
    (ties: first in ``legal_actions`` order).
    """

    iterations: int | None = DEFAULT_ITERATIONS
    seconds: float | None = None
    exploration: float = DEFAULT_EXPLORATION
    rollout: Player | None = heuristic_player
    stop_early: bool = True
    result: Callable[[State[Any, Any]], tuple[float, ...]] = win_share
    determinizations: int | None = DEFAULT_DETERMINIZATIONS
    horizon: bool = True
    reuse: bool = True
    tie_stop: float | str | None = GAME_TIE_STOP
    #: per seat, what the last search leaves for the seat's next decision when that comes
    #: right after its own move: the determinizations advanced by the move, and the subtree
    _kept: dict[int, tuple[list[State[Any, Any]], _Node]] = attrs.field(
        factory=dict, init=False, eq=False, repr=False
    )

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
        if self.determinizations is not None and (
            type(self.determinizations) is not int or not 1 <= self.determinizations <= MAX_ITERATIONS
        ):
            raise ValueError(
                f"ismcts determinizations must be None or an int from 1 to {MAX_ITERATIONS}, "
                f"got {self.determinizations!r}"
            )
        if type(self.horizon) is not bool:
            raise ValueError(f"ismcts horizon must be a bool, got {self.horizon!r}")
        if type(self.reuse) is not bool:
            raise ValueError(f"ismcts reuse must be a bool, got {self.reuse!r}")
        if self.tie_stop is not None and self.tie_stop != GAME_TIE_STOP and (
            type(self.tie_stop) not in (int, float) or not 0 < self.tie_stop < math.inf  # type: ignore[operator]
        ):
            raise ValueError(f"ismcts tie_stop must be None, 'game' or a finite number above 0, got {self.tie_stop!r}")

    def __call__(self, state: State[Any, Any], rng: random.Random) -> Action:
        return self.search(state, rng)[0]

    def search(self, state: State[Any, Any], rng: random.Random) -> tuple[Action, dict[Action, tuple[int, float]]]:
        """The chosen action and the root's statistics ``action -> (visits, mean result)``."""
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: nobody is to act")
        pool_size = self.determinizations
        root, pool = self._reused(state, seat)
        root_stats = root.stats
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
        # the root's visits so far count towards the budget (a kept subtree brings some)
        done = int(sum(s[0] for s in root_stats.values()))
        if not pool:
            pool.append(resample(seat, rng))
        # the actions the seat may take: the same in every determinization (its own options)
        first: tuple[Action, ...] = pool[0].legal_actions()
        if len(first) == 1:
            self._keep(seat, pool, root, first[0])
            return first[0], {first[0]: (0, 0.0)}
        # with fresh determinizations for every iteration, the first is used once
        spare: State[Any, Any] | None = pool.pop() if pool_size is None else None
        path: list[tuple[list[float], int]] = []
        add = path.append
        # heuristic rollouts call the game's heuristic directly (one call level less; two where the
        # game gives it as a plain function, ``Game._rollout_policy``)
        game = (spare or pool[0]).GAME
        play = (getattr(game, "_rollout_policy", None) or game.heuristic_action) if rollout is heuristic_player \
            else rollout
        round_of: Callable[[Any], int] | None = None
        value: Callable[[Any], tuple[float, ...]] | None = None
        start_round = 0
        h = horizon_of(spare or pool[0]) if self.horizon and result is win_share else None
        if h is not None:
            round_of, value = h.round_of, h.value
            start_round = round_of(spare or pool[0])
        turn = 0  # the iterations of this search: the determinization to take
        # the searching seat's lowest and highest result in this search (for the unanimous stop)
        low = math.inf
        high = -math.inf
        # the near-tie stop: results from 0 to 1 (the default result), after two fifths of the budget
        own = self.tie_stop
        tie_stop = TIE_STOPS.get(game.slug, DEFAULT_TIE_STOP) if isinstance(own, str) else own
        tie = tie_stop if stop_early and result is win_share else None
        settle_from = limit * 2 // 5
        while (budget is None or done < budget) and (deadline is None or perf() < deadline):
            if pool_size is None:
                if spare is None:
                    det = resample(seat, rng)
                else:
                    det, spare = spare, None
            else:
                drawn = len(pool)
                if turn >= drawn and drawn < pool_size:
                    det = resample(seat, rng)
                    pool.append(det)
                else:
                    det = pool[turn % drawn]
                turn += 1
            node: _Node | None = root
            path.clear()
            player = det.current_player
            # selection and expansion, in the tree while it has the node (and within the round)
            while player is not None and node is not None and (round_of is None or round_of(det) == start_round):
                legal = det.legal_actions()
                stats = node.stats
                get = stats.get
                # each legal action's statistics (hashed once, twice when new: new ones start unvisited)
                entries: list[list[float]] = []
                fresh: list[tuple[Action, list[float]]] | None = None
                for a in legal:
                    s = get(a)
                    if s is None:
                        s = stats[a] = [0, 0.0, 1]
                    else:
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
            # rollout on the lean path, to the end of the game or of the round
            if round_of is None:
                if play is None:
                    while player is not None:
                        det = det.apply(choice(det.legal_actions()))
                        player = det.current_player
                else:
                    while player is not None:
                        det = det.apply(play(det, rng))
                        player = det.current_player
                outcome = result(det)
            else:
                if play is None:
                    while player is not None and round_of(det) == start_round:
                        det = det.apply(choice(det.legal_actions()))
                        player = det.current_player
                else:
                    while player is not None and round_of(det) == start_round:
                        det = det.apply(play(det, rng))
                        player = det.current_player
                outcome = result(det) if player is None else value(det)  # type: ignore[misc]
            for s, p in path:
                s[0] += 1
                s[1] += outcome[p]
            done += 1
            if stop_early:
                mine = outcome[seat]
                if mine < low:
                    low = mine
                if mine > high:
                    high = mine
                # the most visited root action is settled once the runner-up cannot catch it
                lead = second = 0.0
                fewest = math.inf
                top = runner = None
                for s in root_stats.values():
                    n = s[0]
                    if n > lead:
                        lead, second, top, runner = n, lead, s, top
                    elif n > second:
                        second, runner = n, s
                    if n < fewest:
                        fewest = n
                if lead - second > limit - done:
                    break
                # the most visited action has won every one of its playouts: nothing does better
                if top is not None and lead > second and lead >= UNANIMOUS_VISITS and top[1] >= lead:
                    break
                # every root action tried enough, and no playout has told them apart
                if (
                    low == high
                    and fewest >= UNANIMOUS_VISITS
                    and len(root_stats) == len(first)
                    and all(abs(s[1] - s[0] * low) < 1e-9 * s[0] for s in root_stats.values())
                ):
                    break
                # the two most visited actions are near-equals (see tie_stop)
                if (
                    tie is not None
                    and done >= settle_from
                    and runner is not None
                    and top is not None
                    and fewest >= UNANIMOUS_VISITS
                    and len(root_stats) == len(first)
                    and abs(top[1] / lead - runner[1] / second) < tie * sqrt(0.25 / lead + 0.25 / second)
                ):
                    break
        if spare is not None:  # no iteration ran (a time budget already spent)
            pool.append(spare)
        chosen = max(first, key=lambda a: root_stats[a][0] if a in root_stats else -1)
        self._keep(seat, pool, root, chosen)
        return chosen, {a: (int(s[0]), s[1] / s[0] if s[0] else 0.0) for a, s in root_stats.items()}

    def _reused(self, state: State[Any, Any], seat: int) -> tuple[_Node, list[State[Any, Any]]]:
        """The root and determinizations to start from: what the seat's last search kept, when this
        state is one the seat cannot tell from those determinizations after its move (its
        observation is the same), else a new root and none."""
        kept = self._kept.pop(seat, None)
        if kept is not None:
            dets, node = kept
            view = state.observation(seat)
            if all(d.observation(seat) == view for d in dets):
                return node, dets
        return _Node(), []

    def _keep(self, seat: int, pool: list[State[Any, Any]], root: _Node, chosen: Action) -> None:
        """Keep the determinizations advanced by ``chosen``, and its subtree, if the seat acts
        again right after it in every one of them (and there is a pool to check them with)."""
        if not self.reuse or self.determinizations is None or not pool:
            return
        try:
            after = [d.apply(chosen) for d in pool]
        except IllegalAction:  # the move is not the seat's to make in some determinization
            return
        if all(d.current_player == seat for d in after):
            self._kept[seat] = (after, root.children.get(chosen) or _Node())


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
