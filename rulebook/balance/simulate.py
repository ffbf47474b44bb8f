"""Play many games and summarise them (the engine of ``rulebook simulate``).

Game ``i`` of a run with seed ``s`` is fully determined by ``(s, i)``: its deal
seed and its players' random choices come from a generator seeded with both
(``rulebook-sim:{s}:{i}``). Games are played in fixed chunks of
:data:`CHUNK` consecutive indices and tallied as integer histograms, so a run gives
exactly the same :class:`Summary` however it is split up: one process,
``workers=N`` processes, or any ``concurrent.futures`` executor (a Dask cluster's
``client.get_executor()``, for instance).

>>> import rulebook
>>> from rulebook.balance.simulate import simulate
>>> game = rulebook.get_game("witches-of-blackmore")
>>> summary = simulate(game, game.Rules(players=3), games=20, seed=1)
>>> summary.games, len(summary.win_rate)
(20, 3)
>>> low, high = summary.win_ci[0]
>>> low <= summary.win_rate[0] <= high
True

Statistics (``scipy.stats``, the ``balance`` extra, :mod:`rulebook.balance.stats`): win rates
carry 95% Wilson score intervals; :func:`~rulebook.balance.figures.compare` tests a
variant against the printed rules, or any run against another, with a two-proportion
z-test for rates (wins, shared wins) and Welch's unequal-variances t-test for means (game
length, scores, end statistics, play-level figures), and corrects the table for multiple
testing with Holm's method. Each game also yields play-level figures (who won tricks,
which card numbers won, how each role fared: :mod:`rulebook.balance.play_figures`).
"""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any

import attrs

from rulebook.balance.figures import Difference, compare, score_unit
from rulebook.balance.play_figures import Measure, play_figures
from rulebook.balance.players import (
    ISMCTS,
    PLAYER_KINDS,
    Player,
    RulesPlayer,
    _highest_wins,
    player_from_spec,
    variant_share,
)
from rulebook.balance.stats import holm, two_proportion_test, welch_test, wilson_interval
from rulebook.balance.usage import digest_of, usage_of
from rulebook.core.contract import Game
from rulebook.i18n import _
from rulebook.variants.moves import VariantMove
from rulebook.variants.variant import Variant

__all__ = [
    "CHUNK",
    "PLAYERS",
    "Difference",
    "GameResult",
    "Summary",
    "Tally",
    "compare",
    "deal_seed",
    "holm",
    "play_games",
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

#: Player kinds selectable per seat by name (``random``, ``heuristic``, ``ismcts:N``...).
PLAYERS = PLAYER_KINDS

#: A seat's player: a spec such as ``"ismcts:400"``, or any :data:`~rulebook.balance.players.Player` callable.
PlayerSpec = str | Player


def _as_variant(game: Game[Any, Any, Any], rules: Any) -> Variant:
    if isinstance(rules, Variant):
        return rules
    return Variant(game, rules if rules is not None else game.Rules())


#: Who plays a seat nobody named: the game's rule-aware heuristic (random play only when asked).
DEFAULT_PLAYER = "heuristic"


def check_players(players_as: Sequence[PlayerSpec] | None, players: int) -> tuple[PlayerSpec, ...]:
    """The player of every seat: the game's rule-aware ``heuristic`` when not given, one kind for
    every seat when one is given; a bad list raises ``ValueError``.

    Names are checked by :func:`~rulebook.balance.players.player_from_spec`; callables pass as they are.

    >>> check_players(None, 3), check_players(["random"], 2)
    (('heuristic', 'heuristic', 'heuristic'), ('random', 'random'))
    """
    if players_as is None:
        return (DEFAULT_PLAYER,) * players
    if isinstance(players_as, str):
        raise ValueError("--players-as must be a list of player kinds, one per seat")
    kinds = tuple(k.strip() if isinstance(k, str) else k for k in players_as)
    if len(kinds) == 1:
        kinds = kinds * players
    if len(kinds) != players:
        raise ValueError(f"--players-as names {len(kinds)} players; the game has {players} "
                         "(give one kind for every seat, or one per seat)")
    for k in kinds:
        if isinstance(k, str):
            player_from_spec(k)
        elif not callable(k):
            raise ValueError(f"a player must be a kind name or a callable (state, rng) -> action, not {k!r}")
    return kinds


def players_text(players_as: Sequence[PlayerSpec]) -> str:
    """Who sat where, for people (seats counted from 1), in the language shown.

    >>> players_text(("heuristic",) * 3)
    'the rule-aware heuristic in every seat'
    >>> players_text(("ismcts:200", "heuristic", "heuristic"))
    'seat 1 ISMCTS (200 iterations a move); seats 2 and 3 the rule-aware heuristic'
    """
    names = [_player_words(player_name(p)) for p in players_as]
    if len(set(names)) == 1:
        return _("{player} in every seat").format(player=names[0])
    groups: dict[str, list[int]] = {}
    for seat, name in enumerate(names, 1):
        groups.setdefault(name, []).append(seat)
    parts = []
    for name, seats in groups.items():
        words = [str(s) for s in seats]
        if len(words) == 1:
            parts.append(_("seat {seat} {player}").format(seat=words[0], player=name))
        else:
            listed = _(", ").join(words[:-1]) + _(" and ") + words[-1]
            parts.append(_("seats {seats} {player}").format(seats=listed, player=name))
    return _("; ").join(parts)


def _player_words(name: str) -> str:
    if name == "heuristic":
        return _("the rule-aware heuristic")
    if name == "random":
        return _("random play")
    if name.startswith("auto"):
        budget = name.partition(":")[2] or "30"
        return _("the rule-following player (ISMCTS with {n} iterations a move where the rules bite)").format(
            n=budget)
    if name.startswith("ismcts"):
        parts = name.split(":")
        budget = parts[1] if len(parts) > 1 and parts[1] else "200"
        each = (_("{n} seconds a move").format(n=budget[:-1]) if budget.endswith("s")
                else _("{n} iterations a move").format(n=budget))
        if len(parts) > 2 and parts[2] == "random":
            return _("ISMCTS ({each}, random rollouts)").format(each=each)
        return _("ISMCTS ({each})").format(each=each)
    return name


def player_name(player: PlayerSpec) -> str:
    """How reports name a seat's player."""
    if isinstance(player, str):
        return player
    return getattr(player, "__name__", None) or type(player).__name__


def _players_for(kinds: Sequence[PlayerSpec], variant: Variant) -> list[Player]:
    out: list[Player] = []
    for k in kinds:
        player = player_from_spec(k) if isinstance(k, str) else k
        if isinstance(player, ISMCTS) and variant.has_hooks:
            # search for the variant's wins, not the printed game's (valued by its scores at the horizon)
            player = attrs.evolve(player, result=functools.partial(variant_share, variant),
                                  scores=variant.scores if _highest_wins(variant) else None)
        elif isinstance(player, RulesPlayer) and player.search is None:
            player = player.bound(variant)
        out.append(player)
    return out


def score_figures(scores: Sequence[int]) -> dict[str, float]:
    """Figures derived from the final scores (always the variant's): ``top_score``,
    ``score_margin`` (the top score minus the next best seat's score) and ``margin_share``, the
    margin as a share of the top score (0 when the top score is not above 0), which compares
    games scored on different scales.

    >>> score_figures((10, 25, 25, 3)), score_figures((7, 2))
    ({'top_score': 25.0, 'score_margin': 0.0, 'margin_share': 0.0}, {'top_score': 7.0, 'score_margin': 5.0, \
'margin_share': 0.7142857142857143})
    """
    ordered = sorted(scores, reverse=True)
    top = float(ordered[0])
    margin = float(ordered[0] - ordered[1]) if len(ordered) > 1 else 0.0
    return {"top_score": top, "score_margin": margin, "margin_share": margin / top if top > 0 else 0.0}


def lead_story(trajectory: Sequence[Sequence[int]], winners: frozenset[int]) -> tuple[int, bool]:
    """Lead changes and whether the game was a comeback, from the scores after each scoring event.

    The *leader* is the seat with the strictly highest score (none on a tie). A lead
    change is a new leader different from the last one (a tie keeps the last leader).
    A game is a *comeback* when some winner was strictly behind the best score at the
    middle scoring event (the ``len // 2``-th of ``trajectory``) of at least 3.

    >>> lead_story([(0, 1), (0, 2)], frozenset({0}))
    (0, False)
    >>> lead_story([(1, 0), (1, 2), (1, 2), (3, 3), (5, 3)], frozenset({0}))
    (2, True)
    >>> lead_story([(1, 0), (2, 0)], frozenset({0})), lead_story([], frozenset())
    ((0, False), (0, False))
    """
    changes = 0
    last: int | None = None
    for scores in trajectory:
        best = max(scores)
        top = [s for s, v in enumerate(scores) if v == best]
        if len(top) == 1:
            if last is not None and top[0] != last:
                changes += 1
            last = top[0]
    comeback = False
    if len(trajectory) >= 3 and winners:  # a comeback needs 3 scoring events (as its chances count them)
        mid = trajectory[len(trajectory) // 2]
        best = max(mid)
        comeback = any(mid[w] < best for w in winners)
    return changes, comeback


@attrs.frozen
class GameResult:
    """The outcome of one simulated game."""

    index: int
    length: int
    scores: tuple[int, ...]
    winners: frozenset[int]
    stats: dict[str, float]
    #: times a new seat took the sole lead (the variant's scores after each scoring event)
    lead_changes: int = 0
    #: whether a winner was behind at the middle scoring event
    comeback: bool = False
    #: how often each rule decided something and each kind of move was made (:mod:`rulebook.balance.usage`)
    usage: dict[str, int] = attrs.Factory(dict)
    #: a fingerprint of the game's moves (:func:`rulebook.balance.usage.digest_of`)
    digest: int = 0
    #: play-level figures: who won tricks, which ranks won, roles, measures (:mod:`rulebook.balance.play_figures`)
    play: dict[str, float] = attrs.Factory(dict)
    #: moves that changed the variant's scores (a comeback needs at least 3; -1: not recorded)
    events: int = -1


def play_one(
    game: Game[Any, Any, Any],
    rules: Any,
    seed: int,
    index: int,
    players_as: Sequence[PlayerSpec] | None = None,
    measures: Mapping[str, Measure] | None = None,
) -> GameResult:
    """Play game ``index`` of a run seeded ``seed`` (``rules`` may be a :class:`~rulebook.variants.variant.Variant`).

    Every figure goes through the variant: scores, winners, the score-derived figures
    (``score_figures``, replacing a game's own ``top_score``) and the lead story
    (:func:`lead_story`, from the variant's scores after every move that changed them).
    Moves of the game's kinds made with no choice count as ``forced: KIND`` in the usage, and the
    moves the printed rules forbid that a variant's ``legal`` hook adds as ``added: VERB``
    (:mod:`rulebook.variants.moves`); ``measures`` (name ->
    function of the finished state) add the designer's own figures to :attr:`GameResult.play`.
    """
    variant = _as_variant(game, rules)
    rng = random.Random(f"rulebook-sim:{seed}:{index}")
    kinds = check_players(players_as, variant.rules.players)
    chooser = _players_for(kinds, variant)
    names = [player_name(k).partition(":")[0] for k in kinds]
    state = variant.new_game(seed=rng.getrandbits(63))  # obeys the variant's play hooks
    scores_of = variant.scores
    length = 0
    last = scores_of(state)
    trajectory: list[tuple[int, ...]] = []
    forced: Counter[str] = Counter()
    while True:
        seat = state.current_player
        if seat is None:
            break
        player = chooser[seat]
        action = player(state, rng)
        legal = state.legal_actions()
        # who decided: the player's kind, and how the rule-following player decided (its search or not)
        how = getattr(player, "last", "") if isinstance(player, RulesPlayer) else ""
        who = f"{names[seat]} ({how})" if how else names[seat]
        if how and how != "forced":  # how the rule-following player decided (the other kinds decide alike)
            forced[f"decided: {who}"] += 1
        if len(legal) == 1 and type(action).__module__.startswith("rulebook.games."):
            forced[f"forced: {type(action).__name__}"] += 1
        added = getattr(state, "_added", ())
        if added:  # the moves the variant adds here: offered, and taken by whom
            for verb in dict.fromkeys(_verb(a) for a in added):
                forced[f"offered: {verb}"] += 1
            if action in added:
                forced[f"taken: {_verb(action)}: {who}"] += 1
        if action in added and not isinstance(action, VariantMove):
            # a move of the game's own kind that the engine does not list here: the printed rules forbid it
            forced[f"added: {_verb(action)}"] += 1
        state = state.apply(action)
        length += 1
        now = scores_of(state)
        if now != last:
            trajectory.append(now)
            last = now
    scores = last
    winners = variant.winners(state, scores)
    stats = dict(game.end_stats(state))
    stats.update(score_figures(scores))
    play = play_figures(state, measures)
    teams = teams_of(variant)
    if teams is None:
        changes, comeback = lead_story(trajectory, winners)
    else:  # WB-SCORE-4, SP-END-7: the lead and the comebacks of the pairs, which win together
        members = _members(teams)
        changes, comeback = lead_story([tuple(sum(t[s] for s in m) for m in members) for t in trajectory],
                                       frozenset(teams[w] for w in winners))
        for m in members:
            key = "+".join(str(s + 1) for s in m)
            play[f"team: {key}: wins"] = float(m[0] in winners)
            play[f"team: {key}: points"] = float(sum(scores[s] for s in m))
    usage = usage_of(state)
    usage.update(forced)
    return GameResult(index, length, scores, winners, stats, changes, comeback, usage, digest_of(state),
                      play, len(trajectory))


def _verb(action: Any) -> str:
    """The word naming a move the variant adds: its kind's ``KIND``, else its text's first word."""
    return str(type(action).KIND) if isinstance(action, VariantMove) else str(action).partition(" ")[0]


def teams_of(variant: Any) -> tuple[int, ...] | None:
    """Each seat's team (0-based) in a game played in partnerships, else None: the Witches'
    ``teams`` (seat s with seat s + players/2, WB-SCORE-4), Seven Prophecies' ``partners`` (seats
    1 and 3 against 2 and 4, SP-END-7).

    >>> import rulebook
    >>> wb = rulebook.get_game("witches-of-blackmore")
    >>> teams_of(Variant(wb, wb.Rules(players=6, teams=True))), teams_of(Variant(wb, wb.Rules(players=4)))
    ((0, 1, 2, 0, 1, 2), None)
    """
    rules = variant.rules
    slug = variant.game.slug
    n = rules.players
    if slug == "witches-of-blackmore" and rules.teams:
        return tuple(s % (n // 2) for s in range(n))
    if slug == "seven-prophecies" and rules.partners:
        return tuple(s % 2 for s in range(n))
    return None


def _members(teams: Sequence[int]) -> list[list[int]]:
    """The seats of each team, in team order."""
    out: list[list[int]] = [[] for _ in range(max(teams) + 1)]
    for seat, team in enumerate(teams):
        out[team].append(seat)
    return out


# -- tallies and summaries ----------------------------------------------------------


def outcome_of(r: GameResult) -> int:
    """A fingerprint of a game's outcome: every seat's score and who won (the same in every process)."""
    return hash((tuple(r.scores), tuple(sorted(r.winners))))


@attrs.define
class Tally:
    """Integer counts over games (mergeable in any order with the same result)."""

    players: int
    games: int = 0
    wins: list[int] = attrs.Factory(list)
    shared: int = 0
    #: games nobody won
    nobody: int = 0
    #: games whose winners were all behind at the middle scoring event
    comebacks: int = 0
    lead_changes: Counter[int] = attrs.Factory(Counter)
    lengths: Counter[int] = attrs.Factory(Counter)
    scores: list[Counter[int]] = attrs.Factory(list)
    stats: dict[str, Counter[float]] = attrs.Factory(dict)
    usage: dict[str, Counter[int]] = attrs.Factory(dict)
    #: game index -> fingerprint of its moves
    digests: dict[int, int] = attrs.Factory(dict)
    #: game index -> fingerprint of its outcome (every seat's score and the winners)
    outcomes: dict[int, int] = attrs.Factory(dict)
    #: games in which a comeback was possible (at least 3 scoring events, or not recorded)
    chances: int = 0
    #: per play-level figure: value -> games (only the games that have the figure)
    play: dict[str, Counter[float]] = attrs.Factory(dict)

    def __attrs_post_init__(self) -> None:
        if not self.wins:
            self.wins = [0] * self.players
        if not self.scores:
            self.scores = [Counter() for _ in range(self.players)]

    def add(self, r: GameResult) -> None:
        self.games += 1
        for s in r.winners:
            self.wins[s] += 1
        # in partnerships a pair's win is one unit's (the ``team: ...: wins`` figures of play_one)
        teams_won = [v for k, v in r.play.items() if k.startswith("team: ") and k.endswith(": wins")]
        self.shared += (sum(teams_won) > 1) if teams_won else len(r.winners) > 1
        self.nobody += not r.winners
        self.comebacks += r.comeback
        self.lead_changes[r.lead_changes] += 1
        self.lengths[r.length] += 1
        for seat, score in enumerate(r.scores):
            self.scores[seat][score] += 1
        for key, value in r.stats.items():
            self.stats.setdefault(key, Counter())[value] += 1
        for key, count in r.usage.items():
            self.usage.setdefault(key, Counter())[count] += 1
        self.digests[r.index] = r.digest
        self.outcomes[r.index] = outcome_of(r)
        self.chances += r.events < 0 or r.events >= 3
        for key, value in r.play.items():
            self.play.setdefault(key, Counter())[value] += 1

    def merge(self, other: Tally) -> Tally:
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        self.shared += other.shared
        self.nobody += other.nobody
        self.comebacks += other.comebacks
        self.lead_changes.update(other.lead_changes)
        self.lengths.update(other.lengths)
        for mine, theirs in zip(self.scores, other.scores):
            mine.update(theirs)
        for k, c in other.stats.items():
            self.stats.setdefault(k, Counter()).update(c)
        for k, u in other.usage.items():
            self.usage.setdefault(k, Counter()).update(u)
        self.digests.update(other.digests)
        self.outcomes.update(other.outcomes)
        self.chances += other.chances
        for k, h in other.play.items():
            self.play.setdefault(k, Counter()).update(h)
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
    #: fraction of games nobody won
    no_winner: float = 0.0
    #: lead changes per game -> number of games
    lead_change_hist: dict[int, int] = attrs.Factory(dict)
    #: fraction of the games in which a comeback was possible that were won from behind (see
    #: :func:`lead_story`); ``None`` when no game had the 3 scoring events a comeback needs
    comebacks: float | None = 0.0
    #: games nobody won, and comeback games (counts)
    nobody: int = 0
    comeback_games: int = 0
    shared: int = 0
    #: per game, how often each rule decided something and each kind of move was made (mean, sd)
    usage: dict[str, float] = attrs.Factory(dict)
    usage_sd: dict[str, float] = attrs.Factory(dict)
    #: game index -> fingerprint of its moves (not in :meth:`to_json`)
    digests: dict[int, int] = attrs.Factory(dict)
    #: game index -> fingerprint of its outcome, every score and the winners (not in :meth:`to_json`)
    outcomes: dict[int, int] = attrs.Factory(dict)
    #: games in which a comeback was possible (at least 3 scoring events)
    comeback_chances: int = 0
    #: play-level figures (:mod:`rulebook.balance.play_figures`): mean and sd over the games that have each,
    #: and how many games have it
    play: dict[str, float] = attrs.Factory(dict)
    play_sd: dict[str, float] = attrs.Factory(dict)
    play_games: dict[str, int] = attrs.Factory(dict)
    #: what the scores count (:func:`rulebook.balance.figures.score_unit`): "points", "honour", "successes"...
    score_unit: str = "points"
    #: the unit each of the designer's measures names (its function's ``unit``), by measure name
    measure_units: dict[str, str] = attrs.Factory(dict)

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
        out["lead_change_hist"] = {str(k): v for k, v in sorted(self.lead_change_hist.items())}
        out["length_quantiles"] = dict(zip(("p10", "p50", "p90"), self.length_quantiles()))
        del out["digests"], out["outcomes"]
        for key in ("mean_score", "min_score", "max_score", "win_rate", "wins", "sd_score", "players_as"):
            out[key] = list(out[key])
        return out


def summary_of(
    tally: Tally, *, players_as: Sequence[PlayerSpec] = (), variant: Any = None, seed: int | None = None
) -> Summary:
    """The :class:`Summary` of a :class:`Tally`."""
    n = tally.games
    if n == 0:
        raise ValueError("no games to summarise")
    mean_length, sd_length = _mean_sd(tally.lengths, n)
    score_ms = [_mean_sd(h, n) for h in tally.scores]
    stats_ms = {k: _mean_sd(h, n) for k, h in sorted(tally.stats.items())}
    usage_ms = {k: _mean_sd(h, n) for k, h in sorted(tally.usage.items())}
    play_ms = {k: _mean_sd(h, sum(h.values())) for k, h in sorted(tally.play.items())}
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
        players_as=tuple(player_name(p) for p in players_as),
        variant=variant.describe() if isinstance(variant, Variant) else dict(variant or {}),
        seed=seed,
        no_winner=tally.nobody / n,
        lead_change_hist=dict(sorted(tally.lead_changes.items())),
        comebacks=tally.comebacks / tally.chances if tally.chances else None,
        nobody=tally.nobody,
        comeback_games=tally.comebacks,
        shared=tally.shared,
        usage={k: m for k, (m, _) in usage_ms.items()},
        usage_sd={k: sd for k, (_, sd) in usage_ms.items()},
        digests=dict(tally.digests),
        outcomes=dict(tally.outcomes),
        comeback_chances=tally.chances,
        play={k: m for k, (m, _) in play_ms.items()},
        play_sd={k: sd for k, (_, sd) in play_ms.items()},
        play_games={k: sum(h.values()) for k, h in sorted(tally.play.items())},
        score_unit=score_unit(variant) if isinstance(variant, Variant) else "points",
    )


def summarise(results: Sequence[GameResult], players: int) -> Summary:
    """The :class:`Summary` of a list of game results."""
    tally = Tally(players)
    for r in results:
        tally.add(r)
    return summary_of(tally)


# -- running ----------------------------------------------------------------------


def run_chunk(
    variant: Variant,
    seed: int,
    start: int,
    stop: int,
    players_as: Sequence[PlayerSpec] | None = None,
    measures: Mapping[str, Measure] | None = None,
) -> Tally:
    """Play games ``start..stop-1`` of a run seeded ``seed`` and tally them.

    The unit of work for processes and clusters: a pure function of its arguments.
    """
    tally = Tally(variant.rules.players)
    for i in range(start, stop):
        tally.add(play_one(variant.game, variant, seed, i, players_as, measures))
    return tally


def play_games(
    variant: Variant,
    seed: int,
    indices: Sequence[int],
    players_as: Sequence[PlayerSpec] | None = None,
    measures: Mapping[str, Measure] | None = None,
) -> list[GameResult]:
    """Play games ``indices`` of a run seeded ``seed`` (a unit of work for an executor)."""
    return [play_one(variant.game, variant, seed, i, players_as, measures) for i in indices]


def deal_seed(seed: int, index: int) -> int:
    """The seed of the deal of game ``index`` of a run seeded ``seed`` (as :func:`play_one` draws it)."""
    return random.Random(f"rulebook-sim:{seed}:{index}").getrandbits(63)


_WORKER: dict[str, Any] = {}


def _init_worker(
    variant: Variant, players_as: Sequence[PlayerSpec] | None, measures: Mapping[str, Measure] | None = None
) -> None:
    import signal

    # Ctrl-C reaches the whole process group: the parent stops the run and saves it
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the parent's handler is not the worker's
    _watch_parent()
    _WORKER["variant"] = variant
    _WORKER["players_as"] = players_as
    _WORKER["measures"] = measures


#: Seconds between a worker's checks that its parent still runs.
PARENT_CHECK = 0.5


def _watch_parent() -> None:
    """End this worker process when its parent is gone (killed with SIGKILL included), so that it
    never outlives the run holding the caller's pipes and files: a daemon thread checks the parent
    process every :data:`PARENT_CHECK` seconds."""
    import os
    import threading
    import time

    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(PARENT_CHECK)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="rulebook-parent-watch", daemon=True).start()


def _worker_chunk(seed: int, start: int, stop: int) -> Tally:
    return run_chunk(_WORKER["variant"], seed, start, stop, _WORKER["players_as"], _WORKER["measures"])


def _worker_games(seed: int, indices: Sequence[int]) -> list[GameResult]:
    return play_games(_WORKER["variant"], seed, indices, _WORKER["players_as"], _WORKER["measures"])


def _chunks(games: int, size: int = CHUNK) -> list[tuple[int, int]]:
    return [(i, min(i + size, games)) for i in range(0, games, size)]


#: Times a unit of work may be lost with a worker process before its games are tried one by one.
STRIKES = 2


def _stop_pool(pool: ProcessPoolExecutor, *, now: bool = False) -> None:
    if not now:
        pool.shutdown(wait=True, cancel_futures=True)
        return
    # Interrupted or broken: do not wait for the running games. A worker stopped while it was
    # sending a result leaves half a message in the result pipe; the pool's manager thread would
    # wait for the rest for ever, and the interpreter with it at exit. Once the workers are gone,
    # closing this process's copy of the pipe's writing end turns that wait into end-of-file,
    # which the manager treats as a broken pool: it cleans up and closes its wake-up pipe before
    # the interpreter's exit hook writes to it (else "Bad file descriptor" and a traceback).
    manager = getattr(pool, "_executor_manager_thread", None)
    results = getattr(pool, "_result_queue", None)
    workers = list((getattr(pool, "_processes", None) or {}).values())
    for proc in workers:
        try:
            proc.terminate()
        except (OSError, ValueError, AttributeError):
            pass
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in workers:
        try:
            proc.join(timeout=5)
        except (OSError, ValueError, AttributeError, AssertionError):
            pass
    try:
        results._writer.close()  # type: ignore[union-attr]
    except (OSError, AttributeError):
        pass
    if manager is not None:
        manager.join(timeout=10)


def _run_pool(
    variant: Variant,
    kinds: Sequence[PlayerSpec],
    seed: int,
    units: list[tuple[int, ...]],
    workers: int,
    finish: Callable[[GameResult], None],
    notice: Callable[[str], None] | None,
    measures: Mapping[str, Measure] | None = None,
) -> None:
    """Play ``units`` on ``workers`` processes; a lost worker is replaced and its games played again.

    At most ``workers`` units are in flight, so the units lost with a broken pool are the
    ones that were running. A unit lost :data:`STRIKES` times is played one game at a
    time in a pool of one worker: a game that stops that worker too is set aside, and
    once every other game is played :class:`~rulebook.errors.WorkerLost` names it.
    """
    from concurrent.futures import FIRST_COMPLETED, wait
    from concurrent.futures.process import BrokenProcessPool

    from rulebook.errors import WorkerLost

    queue = list(reversed(units))
    strikes: Counter[tuple[int, ...]] = Counter()
    alone: set[tuple[int, ...]] = set()  # games played one at a time, in a pool of one worker
    culprits: list[int] = []
    while queue:
        if strikes[queue[-1]] >= STRIKES and queue[-1] not in alone:
            singles = [(i,) for i in queue.pop()]
            alone.update(singles)
            queue.extend(reversed(singles))
        width = 1 if queue[-1] in alone else workers
        pool = ProcessPoolExecutor(max_workers=min(width, len(queue)), initializer=_init_worker,
                                   initargs=(variant, kinds, measures))
        inflight: dict[Future[list[GameResult]], tuple[int, ...]] = {}
        lost: list[tuple[int, ...]] = []
        try:
            while queue or inflight:
                while queue and len(inflight) < width and not lost and (queue[-1] in alone) == (width == 1):
                    unit = queue.pop()
                    try:
                        inflight[pool.submit(_worker_games, seed, unit)] = unit
                    except BrokenProcessPool:
                        lost.append(unit)
                if not inflight:
                    break
                done, _pending = wait(inflight, return_when=FIRST_COMPLETED)
                for f in done:
                    unit = inflight.pop(f)
                    if isinstance(f.exception(), BrokenProcessPool):
                        lost.append(unit)
                    else:
                        for r in f.result():
                            finish(r)
                if lost:
                    lost.extend(inflight.values())
                    inflight.clear()
                    break
        except BaseException:
            _stop_pool(pool, now=True)
            raise
        _stop_pool(pool, now=bool(lost))
        again = []
        for unit in lost:
            strikes[unit] += 1
            if unit in alone:  # lost with its chunk STRIKES times, then alone: this game stops workers
                culprits.append(unit[0])
            else:
                again.append(unit)
        if again and notice is not None:
            games = sum(len(u) for u in again)
            notice(f"a worker process stopped; playing its {games} unfinished games again in a new one")
        queue.extend(reversed(again))
    if culprits:  # every other game is played (and written down) first
        raise WorkerLost(culprits[0], deal_seed(seed, culprits[0]), STRIKES + 1)


def simulate(
    game: Game[Any, Any, Any],
    rules: Any,
    *,
    games: int,
    seed: int = 0,
    players_as: Sequence[PlayerSpec] | None = None,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
    executor: Executor | None = None,
    done: Mapping[int, GameResult] | None = None,
    on_result: Callable[[GameResult], None] | None = None,
    notice: Callable[[str], None] | None = None,
    measures: Mapping[str, Measure] | None = None,
) -> Summary:
    """Play ``games`` games and summarise them.

    ``rules`` is a ``Rules`` value or a :class:`~rulebook.variants.variant.Variant`.
    ``workers > 1`` spreads chunks of games over that many processes (a worker that
    dies is replaced and its games played again); ``executor`` (any
    ``concurrent.futures.Executor``, e.g. a Dask client's ``get_executor()``) runs them
    elsewhere. ``progress`` is called with the number of games just finished.

    ``done`` holds results already played (index -> result, from a progress file):
    only the other games are played. ``on_result`` is called, in this process, with
    every game as it finishes (to write it down). ``notice`` is told, in one line, when
    a worker was lost and replaced. The summary is the same whatever the split and
    whatever was ``done`` before.

    ``measures`` (name -> function of a finished game's state giving a number; see
    :func:`rulebook.balance.play_figures.load_measures`) add the designer's own figures, reported as
    ``measure: NAME`` in :attr:`Summary.play`.
    """
    variant = _as_variant(game, rules)
    kinds = check_players(players_as, variant.rules.players)
    if games < 1:
        raise ValueError("--games must be at least 1")
    if workers < 1:
        raise ValueError("--workers must be at least 1")
    chunks = _chunks(games)
    got: dict[int, dict[int, GameResult]] = {c: {} for c in range(len(chunks))}
    parts: dict[int, Tally] = {}
    players = variant.rules.players

    def settle(r: GameResult) -> None:
        c = r.index // CHUNK
        got[c][r.index] = r
        a, b = chunks[c]
        if len(got[c]) == b - a:
            tally = Tally(players)
            for i in range(a, b):
                tally.add(got[c][i])
            parts[c] = tally
            del got[c]

    def finish(r: GameResult) -> None:
        if on_result is not None:
            on_result(r)
        settle(r)
        if progress is not None:
            progress(1)

    for i, r in sorted((done or {}).items()):
        if not (0 <= i < games and r.index == i and len(r.scores) == players):
            raise ValueError(f"a saved result does not belong to this run (game {i + 1} of {games})")
        settle(r)
    if done and progress is not None:
        progress(len(done))
    units = [tuple(i for i in range(a, b) if i not in (done or {})) for a, b in chunks]
    units = [u for u in units if u]
    if executor is None and (workers == 1 or len(units) == 1):
        for unit in units:
            for i in unit:
                finish(play_one(game, variant, seed, i, kinds, measures))
    elif executor is None:
        _run_pool(variant, kinds, seed, units, workers, finish, notice, measures)
    else:
        from concurrent.futures import FIRST_COMPLETED, wait

        pending = {executor.submit(play_games, variant, seed, u, kinds, measures): u for u in units}
        try:
            while pending:
                finished, _pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in finished:
                    del pending[f]
                    for r in f.result():
                        finish(r)
        finally:
            for f in pending:
                f.cancel()
    tally = Tally(players)
    for c in range(len(chunks)):
        tally.merge(parts[c])
    summary = summary_of(tally, players_as=kinds, variant=variant, seed=seed)
    named = {name: said.strip() for name, fn in (measures or {}).items()
             if isinstance(said := getattr(fn, "unit", None), str) and said.strip()}
    return attrs.evolve(summary, measure_units=named) if named else summary


# -- histograms ----------------------------------------------------------------------


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
