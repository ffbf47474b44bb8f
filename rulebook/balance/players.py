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
* ``auto``, ``auto:N``: the rule-following player (:class:`RulesPlayer`), the default of
  ``rulebook simulate``: the heuristic where the variant changes nothing the move can affect, ISMCTS
  with ``N`` iterations (30 by default) over the variant's own game where it does.

>>> import random, rulebook
>>> game = rulebook.get_game("witches-of-blackmore")
>>> state = game.new_game(seed=3)
>>> player = player_from_spec("random")
>>> player(state, random.Random(1)) in state.legal_actions()
True
>>> player_from_spec("nobody")
Traceback (most recent call last):
...
ValueError: unknown player kind 'nobody'; choose from random, heuristic, ismcts, auto
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Callable
from typing import Any

import attrs

from rulebook.balance.horizon import horizon as horizon_of
from rulebook.core.contract import Action, State
from rulebook.core.logic import PRINTED_LOGIC
from rulebook.errors import IllegalAction, InvalidRules

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_DETERMINIZATIONS",
    "DEFAULT_EXPLORATION",
    "DEFAULT_ITERATIONS",
    "DEFAULT_TIE_STOP",
    "GAME_TIE_STOP",
    "ISMCTS",
    "MAX_CANDIDATES",
    "MAX_ITERATIONS",
    "MAX_SECONDS",
    "MIN_DETERMINIZATIONS",
    "PLAYER_KINDS",
    "TIE_STOPS",
    "UNANIMOUS_VISITS",
    "WINDOWS",
    "Player",
    "RulesPlayer",
    "heuristic_player",
    "heuristic_reads",
    "heuristic_twin",
    "ismcts_player",
    "player_from_spec",
    "printed_twin",
    "random_player",
    "rules_player",
    "variant_share",
    "win_share",
]

#: ``player(state, rng) -> action`` for the seat ``state.current_player``.
Player = Callable[[State[Any, Any], random.Random], Action]

#: A game's own playout of its heuristic (``Game._rollout_kernel``): ``kernel(state, rng, moves,
#: in_round)`` returns ``(reached, moves_left)``, where ``reached`` is exactly the state that
#: ``moves - moves_left`` steps of ``state = state.apply(game.heuristic_action(state, rng))`` reach,
#: with the same draws from ``rng``, and ``moves_left`` is at least 0. It may stop wherever it likes
#: (at once, for rules it does not play); with ``in_round`` it never makes the move that ends the
#: round (ISMCTS's horizon), and the search goes on from ``reached`` move by move. The search calls it
#: only within the round the search started in (a descent that ended the round plays on no further).
RolloutKernel = Callable[[State[Any, Any], random.Random, int, bool], tuple[State[Any, Any], int]]

#: A game's round end for the search's horizon (``Game._round_end_totals``): ``totals(state, action)``,
#: for a legal ``action`` that ends the round, is what the game's horizon values the position after it
#: by (``Horizon.settle`` in :mod:`rulebook.balance.horizon`), found without making the move: the round
#: is neither recorded nor the next one dealt, which the search would throw away. Where the move also
#: ends the game, the totals are given only if ``settle`` of them is the game's result (``win_share``:
#: the seats ahead share the win). It is ``None`` for any other move, and under rules it does not play
#: (the search then makes the move). The search asks it for the first move after the kernel stopped
#: within the round, with the default ``result`` only.
RoundEndTotals = Callable[[State[Any, Any], Action], "tuple[int, ...] | None"]


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
#: The fewest determinizations a search with an iteration budget draws: it draws one for every
#: three iterations, at most ``determinizations`` (20 by default), so a small budget spends its time
#: on playouts rather than on redrawing the hidden cards (``bench/README.md``).
MIN_DETERMINIZATIONS = 4
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


def variant_share(variant: Any, state: State[Any, Any]) -> tuple[float, ...]:
    """Each seat's result of a finished game under ``variant`` (its winners): ``1/k`` for each of
    ``k`` winners, else 0."""
    winners = variant.winners(state)
    share = 1.0 / len(winners) if winners else 0.0
    return tuple(share if s in winners else 0.0 for s in range(variant.rules.players))


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
      per iteration; with an iteration budget, one for every three iterations (at least
      :data:`MIN_DETERMINIZATIONS`). ``None`` draws a fresh one for every iteration;
    * ``horizon``: in a game with several rounds, a playout stops at the end of the round it
      started in and the position there is valued as :mod:`rulebook.balance.horizon` says for that
      game (the seats ahead share a win); in the Witches, whose scores count the cards won so
      far, it stops a fixed number of moves after the tree. A playout that reaches the end of
      the game is valued by ``result``. With the default ``result``, or with a variant's
      ``scores`` (a custom result may count something the horizon does not); ``False`` plays
      every playout to the end;
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
    #: the scores a variant counts (``scores(state)``), which value the positions where a playout
    #: stops at the horizon; with it the horizon holds under a custom ``result`` too (``None``: the
    #: horizon only with the default ``result``, valued by ``state.scores``)
    scores: Callable[[State[Any, Any]], tuple[int, ...]] | None = None
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
        if pool_size is not None and self.iterations is not None:  # a small budget draws fewer worlds
            pool_size = min(pool_size, max(MIN_DETERMINIZATIONS, self.iterations // 3))
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
        # the game's own playout of its heuristic, where it has one (``Game._rollout_kernel``): the same
        # moves, draws and states as the loop below, without a state per move
        kernel: RolloutKernel | None = getattr(game, "_rollout_kernel", None) if rollout is heuristic_player \
            else None
        round_of: Callable[[Any], int] | None = None
        value: Callable[[Any], tuple[float, ...]] | None = None
        settle: Callable[[Any, tuple[int, ...]], tuple[float, ...]] | None = None
        ends: RoundEndTotals | None = None  # the game's round end without the move (with its kernel)
        start_round = 0
        depth = 1 << 30  # the moves a playout may make after the tree (the horizon's depth, if any)
        h = horizon_of(spare or pool[0], self.scores) if self.horizon and (
            result is win_share or self.scores is not None) else None
        if h is not None:
            round_of, value = h.round_of, h.value
            start_round = round_of(spare or pool[0])
            depth = h.depth or depth
            if kernel is not None and h.settle is not None:
                ends = getattr(game, "_round_end_totals", None)
                settle = h.settle if ends is not None else None
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
            settled: tuple[float, ...] | None = None
            if kernel is not None and player is not None and (round_of is None or round_of(det) == start_round):
                det, left = kernel(det, rng, depth, round_of is not None)
                player = det.current_player
                if ends is not None and left and player is not None:
                    # the move the loop would make next; where it ends the round, the game says what
                    # the horizon reads after it, and the move is not made
                    move = play(det, rng)  # type: ignore[misc]
                    totals = ends(det, move)
                    if totals is None:
                        det = det.apply(move)
                        player = det.current_player
                        left -= 1
                    else:
                        settled = settle(det, totals)  # type: ignore[misc]
            else:
                left = depth
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
            elif settled is not None:
                outcome = settled
            else:
                if play is None:
                    while player is not None and left and round_of(det) == start_round:
                        det = det.apply(choice(det.legal_actions()))
                        player = det.current_player
                        left -= 1
                else:
                    while player is not None and left and round_of(det) == start_round:
                        det = det.apply(play(det, rng))
                        player = det.current_player
                        left -= 1
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


# -- the rule-following default player ------------------------------------------------

#: The search's iterations per decision where the variant bites (ISMCTS:30's budget).
DEFAULT_BUDGET = 30
#: The look-ahead of :class:`RulesPlayer` after each candidate move, in moves per player (and one):
#: one by default, the rest of a trick; Saru Tori Inu I's round of play (its trick) runs on into the
#: resolution's moves, so its look-ahead is four moves per player.
WINDOWS = {"saru-tori-inu-i": 4}
#: The legal moves whose consequences are compared at most (the first ones in ``legal_actions``
#: order); with more, the rest are compared only along the heuristic's line of play.
MAX_CANDIDATES = 16


def _printed_rules(rules: Any, cache: dict[int, tuple[Any, Any]], back: frozenset[str] = frozenset()) -> Any:
    """``rules`` with the printed logic and the printed visibility, and the printed value of each option
    of ``back`` (:func:`heuristic_twin`), one value per ``rules`` object. Raises
    :class:`~rulebook.errors.InvalidRules` where those values do not hold together with the rest."""
    found = cache.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    changes: dict[str, Any] = {}
    if getattr(rules, "logic", PRINTED_LOGIC) != PRINTED_LOGIC:
        changes["logic"] = PRINTED_LOGIC
    visible = getattr(rules, "visible", None)
    if visible is not None or back:
        printed = type(rules)(players=rules.players)
        if visible is not None and visible != printed.visible:
            changes["visible"] = printed.visible
        for name in back:
            if getattr(rules, name) != getattr(printed, name):
                changes[name] = getattr(printed, name)
    twin = attrs.evolve(rules, **changes) if changes else rules
    if len(cache) > 64:
        cache.clear()
    cache[id(rules)] = (rules, twin)
    return twin


def printed_twin(state: Any, cache: dict[int, tuple[Any, Any]] | None = None,
                 back: frozenset[str] = frozenset()) -> Any:
    """The position of ``state`` under the printed rules' logic, visibility and play rules, or
    ``None`` where there is none to compare with: an added step in progress (``state.active``), a
    state this function does not know.

    A variant's wrapper (``state.inner``: play hooks, added steps) is taken off; an engine state
    (an attrs state with ``rules``) gets its rules with the printed logic (who wins a trick, the
    counters, the endings, who leads), the printed visibility and the printed value of each option
    named in ``back`` (options that decide only scores and the game's end, :func:`heuristic_twin`).
    """
    cache = {} if cache is None else cache
    engine: Any = state
    while not isinstance(engine, State):
        if getattr(engine, "active", -1) >= 0:  # an added step is being played: the printed game has none
            return None
        inner = getattr(engine, "inner", None)
        if inner is None:
            return None
        engine = inner
    found: Any = engine  # an attrs state with its rules, or a state this function does not know
    if not attrs.has(type(found)) or "rules" not in attrs.fields_dict(type(found)):
        return None
    rules = found.rules
    twin = _printed_rules(rules, cache, back)
    return found if twin is rules else attrs.evolve(found, rules=twin)


def _effect(v: Any, t: Any, scores: Callable[[Any], tuple[int, ...]], winners: Callable[[Any], Any],
            before: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[Any, tuple[tuple[int, ...], tuple[int, ...]]]:
    """What the variant changed in the step to ``v`` (the variant's position) against ``t`` (its twin's):
    ``()`` for nothing, else each seat's change of score under the variant less its change under the
    printed rules, and who is to move or who won on each side where those differ (``before``: both
    sides' scores before the step); and both sides' scores now."""
    vs, ts = scores(v), tuple(t.scores)
    points = tuple(a - b - (c - d) for a, b, c, d in zip(vs, before[0], ts, before[1]))
    turn = v.current_player, t.current_player
    effect: tuple[Any, ...] = ()
    if any(points):
        effect = (points,)
    if turn[0] != turn[1]:
        effect += (turn,)
    elif turn[0] is None and winners(v) != t.winners:
        effect += (tuple(sorted(winners(v))), tuple(sorted(t.winners)))
    return effect, (vs, ts)


@attrs.frozen
class RulesPlayer:
    """The default player of a variant: it plays by the variant's own rules, and pays for a search only
    where the variant changes what the decision can bring about.

    :class:`RulesPlayer` decides each move in one of three ways, and says which (:attr:`RulesPlayer.last`):

    * ``forced``: one legal move;
    * ``heuristic``: the game's rule-aware heuristic, where the variant changes nothing the move can
      affect. That is decided by comparing each legal move's consequences under the variant and under
      the printed rules, in a world drawn from what the seat sees (``state.resample(seat, rng)``): the
      move, then the heuristic's moves for ``window`` moves more, in the variant's state and in its
      *printed twin* (:func:`printed_twin`: the same position with the printed logic, visibility and
      play rules); the variant *bites* where the two differ in the moves the seat may make now, where
      what the variant changes along the way (any seat's change of score, the variant's against the
      game's; who is to move; the winners) depends on the move, or where the seat's own view differs
      (a shown card): where the variant's change is the same whatever the seat plays, it cannot
      change the seat's choice;
    * ``search``: ISMCTS (:class:`~rulebook.balance.players.ISMCTS`) over the variant's own game,
      valued by the variant's winners, where the variant bites, in an added step (a draft, a pass, a
      reveal: the printed game has none), and everywhere when the variant changes an option the
      heuristic does not read and the printed twin cannot take back (no printed twin shows what such
      an option does: a deck, a mission; :func:`heuristic_twin` names the options it can take back,
      those that decide only the scores and when the game ends) or a state has no printed twin (a
      wrapper this module does not know: the safe choice is to search).

    It reads the real state only through the contract the seat is entitled to: ``current_player``,
    ``legal_actions`` (its own moves), ``resample(seat, rng)``, ``observation(seat)`` and the game's
    heuristic, which decides from what the seat sees; every look-ahead runs in resampled worlds, so its
    choice from a state equals its choice from any state the seat cannot tell from it
    (``tests/test_rules_player.py``).

    >>> import random, rulebook
    >>> from rulebook.variants.variant import Variant
    >>> game = rulebook.get_game("witches-of-blackmore")
    >>> player = RulesPlayer().bound(Variant(game, game.Rules()))
    >>> state = game.new_game(seed=3)
    >>> player(state, random.Random(1)) in state.legal_actions(), player.last
    (True, 'heuristic')

    ``budget``: the search's iterations where the variant bites. ``window``: the moves played after
    each candidate move to see its consequences (``None``: the player count and one, the rest of
    the trick and what follows it; :data:`WINDOWS` for a game whose trick runs longer). Unbound (not
    yet given a variant, :meth:`bound`), it plays the printed rules: the heuristic.
    """

    budget: int = DEFAULT_BUDGET
    window: int | None = None
    #: the search where the variant bites (bound to the variant: its winners, its scores)
    search: ISMCTS | None = None
    #: the variant's scores and winners of a state (``None``: the state's own)
    scores: Callable[[Any], tuple[int, ...]] | None = attrs.field(default=None, eq=False)
    winners: Callable[[Any], Any] | None = attrs.field(default=None, eq=False)
    #: search every decision: the variant changes an option the heuristic does not read, outside ``back``
    always: bool = False
    #: whether the variant changes anything beyond options the heuristic reads (else never search)
    changes: bool = False
    #: whether the variant changes what a seat sees (then each decision compares the seat's view)
    shows: bool = False
    #: the options the printed twin takes back to their printed values (:func:`heuristic_twin`)
    back: frozenset[str] = frozenset()
    #: how the last decision was made: ``forced``, ``heuristic`` or ``search``
    _state: dict[str, Any] = attrs.field(factory=dict, init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if type(self.budget) is not int or not 1 <= self.budget <= 1_000_000:
            raise ValueError(f"the rule-following player's budget must be 1 to 1000000 iterations, got {self.budget!r}")
        if self.window is not None and (type(self.window) is not int or not 0 <= self.window <= 1000):
            raise ValueError(f"the rule-following player's window must be 0 to 1000 moves, got {self.window!r}")

    @property
    def last(self) -> str:
        """How the last decision was made: ``forced``, ``heuristic`` or ``search`` ("" before any)."""
        return str(self._state.get("last", ""))

    def bound(self, variant: Any) -> RulesPlayer:
        """This player for ``variant`` (a :class:`~rulebook.variants.variant.Variant`): its search
        valued by the variant's winners, its look-ahead by the variant's scores; it searches every
        decision where the variant changes an option the game's heuristic does not read
        (:func:`heuristic_reads`; what a seat sees, ``visible``, is compared at each decision)."""
        hooks = bool(variant.has_hooks)
        reads = heuristic_reads(variant.game)
        unread = [name for name in variant.changes() if name != "visible" and reads is not None and name not in reads]
        back = heuristic_twin(variant.game) & frozenset(unread)
        always = any(name not in back for name in unread)
        if always:
            back = frozenset()
        rules = variant.rules
        try:
            printed = _printed_rules(rules, {}, back)
        except InvalidRules:  # the printed values of those options do not hold with the variant's others
            always, back, printed = True, frozenset(), _printed_rules(rules, {})
        shows = getattr(rules, "visible", None) is not None and rules.visible != printed.visible
        search = ISMCTS(iterations=self.budget)
        if hooks:
            search = attrs.evolve(search, result=functools.partial(variant_share, variant),
                                  scores=variant.scores if _highest_wins(variant) else None)
        scored = variant.scores_hook is not None or variant.winners_hook is not None
        return attrs.evolve(self, search=search, scores=variant.scores if scored else None,
                            winners=variant.winners if scored else None, always=always,
                            changes=hooks or printed is not rules or always, shows=shows, back=back)

    def __call__(self, state: State[Any, Any], rng: random.Random) -> Action:
        legal: tuple[Action, ...] = state.legal_actions()
        memo = self._state
        if len(legal) == 1:
            memo["last"] = "forced"
            return legal[0]
        if self.changes and (self.always or self.bites(state, rng, legal)):
            memo["last"] = "search"
            search = self.search or ISMCTS(iterations=self.budget)
            return search(state, rng)
        memo["last"] = "heuristic"
        action: Action = state.GAME.heuristic_action(state, rng)
        return action

    def bites(self, state: State[Any, Any], rng: random.Random, legal: tuple[Action, ...] | None = None) -> bool:
        """Whether the variant changes what this decision can bring about (see the class doc), judged
        in one world drawn from what the seat to act sees."""
        seat = state.current_player
        if seat is None:
            return False
        legal = state.legal_actions() if legal is None else legal
        cache = self._state.setdefault("twins", {})
        world = state.resample(seat, rng)
        twin = printed_twin(world, cache, self.back)
        if twin is None:
            return True
        if self.shows and world.observation(seat) != twin.observation(seat):
            return True  # the seat sees what the printed rules hide (or hides what they show)
        if twin is world and self.scores is None:
            return False  # the same engine, scored alike: nothing to tell apart
        scores: Callable[[Any], tuple[int, ...]] = self.scores or (lambda s: tuple(s.scores))
        winners: Callable[[Any], Any] = self.winners or (lambda s: s.winners)
        if twin.legal_actions() != legal:
            return True
        play = state.GAME.heuristic_action
        n = state.rules.players
        window = (WINDOWS.get(state.GAME.slug, 1) * n + 1) if self.window is None else self.window
        start = (scores(world), tuple(twin.scores))
        seen: tuple[Any, ...] | None = None
        for action in legal[:MAX_CANDIDATES]:
            try:
                v, t = world.apply(action), twin.apply(action)
                effect, now = _effect(v, t, scores, winners, start)
                effects = (effect,) if effect else ()
                for _ in range(window):
                    if v.current_player is None or v.current_player != t.current_player:
                        break  # the end, or the sides part (the effect says who moves on each)
                    move = play(v, rng)
                    v, t = v.apply(move), t.apply(move)
                    effect, now = _effect(v, t, scores, winners, now)
                    if effect:
                        effects += (effect,)
            except IllegalAction:  # a move one side allows and the other does not
                return True
            if seen is None:
                seen = effects
            elif effects != seen:  # what the variant changes depends on the move: it can change the choice
                return True
        return False


def heuristic_reads(game: Any) -> frozenset[str] | None:
    """The options the game's heuristic reads (its module's ``READS``, without ``visible``: the
    heuristic decides from the printed view, whatever a variant shows); None: every option."""
    value = getattr(_heuristic_module(game), "READS", None)
    return frozenset(value) - {"visible"} if value is not None else None


def heuristic_twin(game: Any) -> frozenset[str]:
    """The options the game's heuristic does not read that a printed twin may take back to their printed
    values at any position (its module's ``TWIN``): they decide only the scores and when the game ends,
    never what a position holds, so a position of the variant is a position of the printed value. Under
    such an option the rule-following player compares each move under both values instead of searching
    every decision."""
    return frozenset(getattr(_heuristic_module(game), "TWIN", ()))


def _heuristic_module(game: Any) -> Any:
    """The game's ``heuristic`` module (beside its engine), or ``None``."""
    import importlib

    package = type(game).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.heuristic")
    except ImportError:
        return None


def _highest_wins(variant: Any) -> bool:
    """Whether the seats ahead on the variant's scores win (its winners are the game's own or the
    highest scores): then a search may value a round's end by the variant's scores."""
    from rulebook.variants.variant import highest_scores_win

    return variant.winners_hook is None or variant.winners_hook is highest_scores_win


def rules_player(arg: str | None) -> Player:
    """The rule-following player of a CLI argument: ``auto`` (search budget 30) or ``auto:N``."""
    if arg is None:
        return RulesPlayer()
    if not (arg.isascii() and arg.isdigit()) or len(arg) > 7 or not 1 <= int(arg) <= 1_000_000:
        raise ValueError(f"auto takes a search budget of 1 to 1000000 iterations (auto:30), got {arg!r:.40}")
    return RulesPlayer(budget=int(arg))


#: Factories of the built-in player kinds: ``kind -> factory(argument or None)``.
PLAYER_KINDS: dict[str, Callable[[str | None], Player]] = {
    "random": lambda arg: random_player,
    "heuristic": lambda arg: heuristic_player,
    "ismcts": ismcts_player,
    "auto": rules_player,
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
