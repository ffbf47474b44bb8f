"""Play many games and summarise them (the engine of ``rulebook simulate``).

Game ``i`` of a run with seed ``s`` is fully determined by ``(s, i)``: its deal
seed and its players' random choices come from a generator seeded with both, so a
run gives the same results however it is split up.

>>> import rulebook
>>> from rulebook.simulate import simulate
>>> game = rulebook.get_game("witches-of-blackmore")
>>> summary = simulate(game, game.Rules(players=3), games=20, seed=1)
>>> summary.games, len(summary.win_rate)
(20, 3)
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from rulebook.core.contract import Game, State

__all__ = ["PLAYERS", "GameResult", "Summary", "play_one", "simulate", "summarise"]

Player = Callable[[Game[Any, Any, Any], State[Any, Any], random.Random], Any]


def _random_player(game: Game[Any, Any, Any], state: State[Any, Any], rng: random.Random) -> Any:
    return rng.choice(state.legal_actions())


def _heuristic_player(game: Game[Any, Any, Any], state: State[Any, Any], rng: random.Random) -> Any:
    return game.heuristic_action(state, rng)


#: Player kinds selectable per seat.
PLAYERS: dict[str, Player] = {"random": _random_player, "heuristic": _heuristic_player}


@attrs.frozen
class GameResult:
    """The outcome of one simulated game."""

    index: int
    length: int
    scores: tuple[int, ...]
    winners: frozenset[int]
    stats: dict[str, float]


def play_one(
    game: Game[Any, Any, Any], rules: Any, seed: int, index: int, players_as: Sequence[str] | None = None
) -> GameResult:
    """Play game ``index`` of a run seeded ``seed``."""
    rng = random.Random(f"rulebook-sim:{seed}:{index}")
    kinds = list(players_as or ["random"] * rules.players)
    chooser = [PLAYERS[k] for k in kinds]
    state = game.new_game(rules, seed=rng.getrandbits(63))
    length = 0
    while True:
        seat = state.current_player
        if seat is None:
            break
        state = state.apply(chooser[seat](game, state, rng))
        length += 1
    return GameResult(index, length, tuple(state.scores), frozenset(state.winners), game.end_stats(state))


@attrs.frozen
class Summary:
    """Figures over a run of games."""

    games: int
    players: int
    mean_length: float
    min_length: int
    max_length: int
    mean_score: tuple[float, ...]
    min_score: tuple[int, ...]
    max_score: tuple[int, ...]
    #: fraction of games each seat won (shared wins count for every winner)
    win_rate: tuple[float, ...]
    #: fraction of games with more than one winner
    shared_wins: float
    #: mean of each game-specific end statistic
    stats: dict[str, float]


def summarise(results: Sequence[GameResult], players: int) -> Summary:
    n = len(results)
    if n == 0:
        raise ValueError("no games to summarise")
    lengths = [r.length for r in results]
    keys = sorted({k for r in results for k in r.stats})
    return Summary(
        games=n,
        players=players,
        mean_length=statistics.fmean(lengths),
        min_length=min(lengths),
        max_length=max(lengths),
        mean_score=tuple(statistics.fmean(r.scores[s] for r in results) for s in range(players)),
        min_score=tuple(min(r.scores[s] for r in results) for s in range(players)),
        max_score=tuple(max(r.scores[s] for r in results) for s in range(players)),
        win_rate=tuple(sum(s in r.winners for r in results) / n for s in range(players)),
        shared_wins=sum(len(r.winners) > 1 for r in results) / n,
        stats={k: statistics.fmean(r.stats.get(k, 0.0) for r in results) for k in keys},
    )


def simulate(
    game: Game[Any, Any, Any],
    rules: Any,
    *,
    games: int,
    seed: int = 0,
    players_as: Sequence[str] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``games`` games and summarise them. ``progress`` is called after each game."""
    if players_as is not None:
        if len(players_as) != rules.players:
            raise ValueError(f"--players-as names {len(players_as)} players; the game has {rules.players}")
        unknown = [k for k in players_as if k not in PLAYERS]
        if unknown:
            raise ValueError(f"unknown player kind {unknown[0]!r}; choose from {', '.join(PLAYERS)}")
    results = []
    for i in range(games):
        results.append(play_one(game, rules, seed, i, players_as))
        if progress is not None:
            progress(1)
    return summarise(results, rules.players)
