"""Play many games and summarise them (the engine of ``rulebook simulate``).

Game ``i`` of a run with seed ``s`` is fully determined by ``(s, i)``: its deal
seed and its players' random choices come from a generator seeded with both
(``rulebook-sim:{s}:{i}``). Games are played in fixed chunks of
:data:`CHUNK` consecutive indices and tallied as integer histograms, so a run gives
exactly the same :class:`Summary` however it is split up: one process,
``workers=N`` processes, or any ``concurrent.futures`` executor (a Dask cluster's
``client.get_executor()``, for instance).

>>> import rulebook
>>> from rulebook.simulate import simulate
>>> game = rulebook.get_game("witches-of-blackmore")
>>> summary = simulate(game, game.Rules(players=3), games=20, seed=1)
>>> summary.games, len(summary.win_rate)
(20, 3)
>>> low, high = summary.win_ci[0]
>>> low <= summary.win_rate[0] <= high
True

Statistics: win rates carry 95% Wilson score intervals; :func:`compare` tests a
variant against the printed rules with a two-proportion z-test for rates (wins,
shared wins) and Welch's unequal-variances t-test for means (game length, scores,
end statistics).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any

import attrs

from rulebook.core.contract import Game, State
from rulebook.variants import Variant

__all__ = [
    "CHUNK",
    "PLAYERS",
    "Difference",
    "GameResult",
    "Summary",
    "Tally",
    "compare",
    "play_one",
    "run_chunk",
    "simulate",
    "summarise",
    "two_proportion_test",
    "welch_test",
    "wilson_interval",
]

#: Games per unit of work; fixed so that results do not depend on how work is split.
CHUNK = 50

Player = Callable[[Game[Any, Any, Any], State[Any, Any], random.Random], Any]


def _random_player(game: Game[Any, Any, Any], state: State[Any, Any], rng: random.Random) -> Any:
    return rng.choice(state.legal_actions())


def _heuristic_player(game: Game[Any, Any, Any], state: State[Any, Any], rng: random.Random) -> Any:
    return game.heuristic_action(state, rng)


#: Player kinds selectable per seat: uniformly random, and the game's rule-aware heuristic.
PLAYERS: dict[str, Player] = {"random": _random_player, "heuristic": _heuristic_player}


def _as_variant(game: Game[Any, Any, Any], rules: Any) -> Variant:
    if isinstance(rules, Variant):
        return rules
    return Variant(game, rules if rules is not None else game.Rules())


def check_players(players_as: Sequence[str] | None, players: int) -> tuple[str, ...]:
    """The player kind of every seat (``random`` when not given); a bad list raises ``ValueError``."""
    if players_as is None:
        return ("random",) * players
    kinds = tuple(k.strip() for k in players_as)
    if len(kinds) != players:
        raise ValueError(f"--players-as names {len(kinds)} players; the game has {players}")
    unknown = [k for k in kinds if k not in PLAYERS]
    if unknown:
        raise ValueError(f"unknown player kind {unknown[0]!r}; choose from {', '.join(PLAYERS)}")
    return kinds


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
    """Play game ``index`` of a run seeded ``seed`` (``rules`` may be a :class:`Variant`)."""
    variant = _as_variant(game, rules)
    rng = random.Random(f"rulebook-sim:{seed}:{index}")
    chooser = [PLAYERS[k] for k in check_players(players_as, variant.rules.players)]
    state = game.new_game(variant.rules, seed=rng.getrandbits(63))
    length = 0
    while True:
        seat = state.current_player
        if seat is None:
            break
        state = state.apply(chooser[seat](game, state, rng))
        length += 1
    scores = variant.scores(state)
    return GameResult(index, length, scores, variant.winners(state, scores), game.end_stats(state))


# -- tallies and summaries ----------------------------------------------------------


@attrs.define
class Tally:
    """Integer counts over games (mergeable in any order with the same result)."""

    players: int
    games: int = 0
    wins: list[int] = attrs.Factory(list)
    shared: int = 0
    lengths: Counter[int] = attrs.Factory(Counter)
    scores: list[Counter[int]] = attrs.Factory(list)
    stats: dict[str, Counter[float]] = attrs.Factory(dict)

    def __attrs_post_init__(self) -> None:
        if not self.wins:
            self.wins = [0] * self.players
        if not self.scores:
            self.scores = [Counter() for _ in range(self.players)]

    def add(self, r: GameResult) -> None:
        self.games += 1
        for s in r.winners:
            self.wins[s] += 1
        self.shared += len(r.winners) > 1
        self.lengths[r.length] += 1
        for seat, score in enumerate(r.scores):
            self.scores[seat][score] += 1
        for key, value in r.stats.items():
            self.stats.setdefault(key, Counter())[value] += 1

    def merge(self, other: Tally) -> Tally:
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        self.shared += other.shared
        self.lengths.update(other.lengths)
        for mine, theirs in zip(self.scores, other.scores):
            mine.update(theirs)
        for k, c in other.stats.items():
            self.stats.setdefault(k, Counter()).update(c)
        return self


def _mean_sd(hist: Mapping[Any, int], n: int) -> tuple[float, float]:
    """Mean and sample standard deviation of a histogram padded with zeros up to ``n`` values."""
    if n == 0:
        return 0.0, 0.0
    mean = math.fsum(v * c for v, c in hist.items()) / n
    missing = n - sum(hist.values())
    ss = math.fsum(c * (v - mean) ** 2 for v, c in hist.items()) + missing * mean * mean
    return mean, math.sqrt(ss / (n - 1)) if n > 1 else 0.0


def quantile(hist: Mapping[int, int], q: float) -> int:
    """The smallest value with at least a fraction ``q`` of the counts at or below it."""
    total = sum(hist.values())
    need = max(1, math.ceil(q * total))
    seen = 0
    for v in sorted(hist):
        seen += hist[v]
        if seen >= need:
            return v
    raise ValueError("empty histogram")


Z95 = 1.959963984540054


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    """
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


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
    #: mean of each game-specific end statistic (``game.end_stats``; 0 when absent)
    stats: dict[str, float]
    #: games each seat won
    wins: tuple[int, ...] = ()
    #: 95% Wilson interval of each seat's win rate
    win_ci: tuple[tuple[float, float], ...] = ()
    sd_length: float = 0.0
    sd_score: tuple[float, ...] = ()
    #: game length -> number of games
    length_hist: dict[int, int] = attrs.Factory(dict)
    #: per seat: score -> number of games
    score_hist: tuple[dict[int, int], ...] = ()
    #: standard deviation of each end statistic
    stats_sd: dict[str, float] = attrs.Factory(dict)
    #: fraction of games in which each end statistic is above 0 (how often a way of ending occurs)
    stats_share: dict[str, float] = attrs.Factory(dict)
    #: per end statistic: value -> number of games
    stats_hist: dict[str, dict[float, int]] = attrs.Factory(dict)
    #: who played each seat, and the variant played (when known)
    players_as: tuple[str, ...] = ()
    variant: dict[str, Any] = attrs.Factory(dict)
    seed: int | None = None

    def length_quantiles(self) -> tuple[int, int, int]:
        """10th, 50th and 90th percentile of the game length."""
        return tuple(quantile(self.length_hist, q) for q in (0.1, 0.5, 0.9))  # type: ignore[return-value]

    def to_json(self) -> dict[str, Any]:
        """A JSON-compatible dict of every figure."""
        out = attrs.asdict(self, recurse=False)
        out["winners_ci95"] = [list(ci) for ci in self.win_ci]
        del out["win_ci"]
        out["length_hist"] = {str(k): v for k, v in sorted(self.length_hist.items())}
        out["score_hist"] = [{str(k): v for k, v in sorted(h.items())} for h in self.score_hist]
        out["stats_hist"] = {k: {str(v): c for v, c in sorted(h.items())} for k, h in self.stats_hist.items()}
        out["length_quantiles"] = dict(zip(("p10", "p50", "p90"), self.length_quantiles()))
        for key in ("mean_score", "min_score", "max_score", "win_rate", "wins", "sd_score", "players_as"):
            out[key] = list(out[key])
        return out


def summary_of(
    tally: Tally, *, players_as: Sequence[str] = (), variant: Any = None, seed: int | None = None
) -> Summary:
    """The :class:`Summary` of a :class:`Tally`."""
    n = tally.games
    if n == 0:
        raise ValueError("no games to summarise")
    mean_length, sd_length = _mean_sd(tally.lengths, n)
    score_ms = [_mean_sd(h, n) for h in tally.scores]
    stats_ms = {k: _mean_sd(h, n) for k, h in sorted(tally.stats.items())}
    return Summary(
        games=n,
        players=tally.players,
        mean_length=mean_length,
        min_length=min(tally.lengths),
        max_length=max(tally.lengths),
        mean_score=tuple(m for m, _ in score_ms),
        min_score=tuple(min(h) for h in tally.scores),
        max_score=tuple(max(h) for h in tally.scores),
        win_rate=tuple(w / n for w in tally.wins),
        shared_wins=tally.shared / n,
        stats={k: m for k, (m, _) in stats_ms.items()},
        wins=tuple(tally.wins),
        win_ci=tuple(wilson_interval(w, n) for w in tally.wins),
        sd_length=sd_length,
        sd_score=tuple(sd for _, sd in score_ms),
        length_hist=dict(sorted(tally.lengths.items())),
        score_hist=tuple(dict(sorted(h.items())) for h in tally.scores),
        stats_sd={k: sd for k, (_, sd) in stats_ms.items()},
        stats_share={k: sum(c for v, c in h.items() if v > 0) / n for k, h in sorted(tally.stats.items())},
        stats_hist={k: dict(sorted(h.items())) for k, h in sorted(tally.stats.items())},
        players_as=tuple(players_as),
        variant=variant.describe() if isinstance(variant, Variant) else dict(variant or {}),
        seed=seed,
    )


def summarise(results: Sequence[GameResult], players: int) -> Summary:
    """The :class:`Summary` of a list of game results."""
    tally = Tally(players)
    for r in results:
        tally.add(r)
    return summary_of(tally)


# -- running ----------------------------------------------------------------------


def run_chunk(
    variant: Variant, seed: int, start: int, stop: int, players_as: Sequence[str] | None = None
) -> Tally:
    """Play games ``start..stop-1`` of a run seeded ``seed`` and tally them.

    The unit of work for processes and clusters: a pure function of its arguments.
    """
    tally = Tally(variant.rules.players)
    for i in range(start, stop):
        tally.add(play_one(variant.game, variant, seed, i, players_as))
    return tally


_WORKER: dict[str, Any] = {}


def _init_worker(variant: Variant, players_as: Sequence[str] | None) -> None:
    _WORKER["variant"] = variant
    _WORKER["players_as"] = players_as


def _worker_chunk(seed: int, start: int, stop: int) -> Tally:
    return run_chunk(_WORKER["variant"], seed, start, stop, _WORKER["players_as"])


def _chunks(games: int, size: int = CHUNK) -> list[tuple[int, int]]:
    return [(i, min(i + size, games)) for i in range(0, games, size)]


def simulate(
    game: Game[Any, Any, Any],
    rules: Any,
    *,
    games: int,
    seed: int = 0,
    players_as: Sequence[str] | None = None,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
    executor: Executor | None = None,
) -> Summary:
    """Play ``games`` games and summarise them.

    ``rules`` is a ``Rules`` value or a :class:`~rulebook.variants.Variant`.
    ``workers > 1`` spreads chunks of games over that many processes; ``executor``
    (any ``concurrent.futures.Executor``, e.g. a Dask client's ``get_executor()``)
    runs them elsewhere. ``progress`` is called with the number of games just
    finished. The summary is the same whatever the split.
    """
    variant = _as_variant(game, rules)
    kinds = check_players(players_as, variant.rules.players)
    if games < 1:
        raise ValueError("--games must be at least 1")
    if workers < 1:
        raise ValueError("--workers must be at least 1")
    tally = Tally(variant.rules.players)
    chunks = _chunks(games)
    if executor is None and (workers == 1 or len(chunks) == 1):
        for i in range(games):
            tally.add(play_one(game, variant, seed, i, kinds))
            if progress is not None:
                progress(1)
    else:
        own = executor is None
        pool: Executor = executor or ProcessPoolExecutor(
            max_workers=min(workers, len(chunks)), initializer=_init_worker, initargs=(variant, kinds)
        )
        try:
            futures: list[Future[Tally]] = [
                pool.submit(_worker_chunk, seed, a, b) if own else pool.submit(run_chunk, variant, seed, a, b, kinds)
                for a, b in chunks
            ]
            results: dict[int, Tally] = {}
            pending = {f: i for i, f in enumerate(futures)}
            from concurrent.futures import FIRST_COMPLETED, wait

            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    i = pending.pop(f)
                    results[i] = f.result()
                    if progress is not None:
                        progress(results[i].games)
            for i in range(len(chunks)):
                tally.merge(results[i])
        finally:
            if own:
                pool.shutdown(cancel_futures=True)
    return summary_of(tally, players_as=kinds, variant=variant, seed=seed)


# -- comparing two runs --------------------------------------------------------------


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    ln = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    front = math.exp(ln)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def welch_test(m1: float, sd1: float, n1: int, m2: float, sd2: float, n2: int) -> float:
    """Two-sided p-value of Welch's t-test that two means are equal.

    >>> round(welch_test(10.0, 2.0, 30, 11.0, 2.0, 30), 3)
    0.058
    """
    v1 = sd1 * sd1 / n1 if n1 > 1 else 0.0
    v2 = sd2 * sd2 / n2 if n2 > 1 else 0.0
    se2 = v1 + v2
    if se2 == 0.0:
        return 1.0 if m1 == m2 else 0.0
    t = (m1 - m2) / math.sqrt(se2)
    df_den = (v1 * v1 / (n1 - 1) if n1 > 1 else 0.0) + (v2 * v2 / (n2 - 1) if n2 > 1 else 0.0)
    df = se2 * se2 / df_den if df_den > 0 else float(n1 + n2 - 2)
    return _betainc(df / 2.0, 0.5, df / (df + t * t))


def two_proportion_test(k1: int, n1: int, k2: int, n2: int) -> float:
    """Two-sided p-value of the pooled two-proportion z-test.

    >>> round(two_proportion_test(50, 100, 65, 100), 3)
    0.032
    """
    p = (k1 + k2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    if se == 0.0:
        return 1.0 if k1 * n2 == k2 * n1 else 0.0
    z = (k1 / n1 - k2 / n2) / se
    return math.erfc(abs(z) / math.sqrt(2))


@attrs.frozen
class Difference:
    """One figure of two runs, with the test of whether they differ."""

    metric: str
    printed: float
    variant: float
    p_value: float
    test: str
    significant: bool
    #: how to print the figures: "rate" (percent) or "mean"
    kind: str = "mean"


def compare(base: Summary, other: Summary, *, alpha: float = 0.05) -> tuple[Difference, ...]:
    """Every figure of ``base`` (printed rules) against ``other`` (a variant), tested at ``alpha``.

    Rates use the two-proportion z-test, means Welch's t-test; each row is tested on
    its own (no correction for the number of rows).
    """
    rows: list[Difference] = []

    def rate(metric: str, k1: int, k2: int) -> None:
        p = two_proportion_test(k1, base.games, k2, other.games)
        rows.append(Difference(metric, k1 / base.games, k2 / other.games, p, "z", p < alpha, "rate"))

    def mean(metric: str, a: tuple[float, float], b: tuple[float, float]) -> None:
        p = welch_test(a[0], a[1], base.games, b[0], b[1], other.games)
        rows.append(Difference(metric, a[0], b[0], p, "welch", p < alpha))

    mean("actions per game", (base.mean_length, base.sd_length), (other.mean_length, other.sd_length))
    for s in range(min(base.players, other.players)):
        rate(f"seat {s} win rate", base.wins[s], other.wins[s])
    for s in range(min(base.players, other.players)):
        mean(f"seat {s} mean score", (base.mean_score[s], base.sd_score[s]), (other.mean_score[s], other.sd_score[s]))
    rate("shared wins", round(base.shared_wins * base.games), round(other.shared_wins * other.games))
    for key in sorted(set(base.stats) | set(other.stats)):
        mean(
            f"mean {key}",
            (base.stats.get(key, 0.0), base.stats_sd.get(key, 0.0)),
            (other.stats.get(key, 0.0), other.stats_sd.get(key, 0.0)),
        )
    return tuple(rows)


def histogram_rows(hist: Mapping[int, int], bins: int = 10) -> list[tuple[str, int]]:
    """A histogram grouped into at most ``bins`` ranges, as (label, count) rows."""
    if not hist:
        return []
    lo, hi = min(hist), max(hist)
    width = max(1, math.ceil((hi - lo + 1) / bins))
    out: Counter[int] = Counter()
    for v, c in hist.items():
        out[(v - lo) // width] += c
    return [
        (f"{lo + b * width}" if width == 1 else f"{lo + b * width}-{lo + (b + 1) * width - 1}", out[b])
        for b in range((hi - lo) // width + 1)
    ]


def flatten(values: Iterable[tuple[int, int]]) -> list[int]:
    """Expand (value, count) pairs into a list of values (for plotting)."""
    return [v for v, c in values for _ in range(c)]
