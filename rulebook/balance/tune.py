"""Find the house rule that meets a design target (the engine of ``rulebook tune``), with Optuna.

A search (:func:`tune`) tries candidates from a :class:`~rulebook.balance.tune_space.Space` against the
goals of a target (:mod:`rulebook.balance.tune_target`). Optuna (the ``tune`` extra) chooses each
candidate: its TPE sampler over mixed whole-number and listed values (several goals: multi-objective
TPE, whose best trials are the Pareto front; ``sampler="nsga2"``: NSGA-II), or every candidate once
when the space holds no more than the search may try (its brute-force sampler). Every candidate is:

1. **built** (a value the rules refuse rejects it, naming the option) and **verified** with
   ``rulebook verify``'s checks on a few games (:func:`rulebook.variants.verify.verify`): a candidate
   that fails is rejected, its failing game kept as a record, and no game is spent on it;
2. **played** on the search's seeds (the same deals for every candidate), first a batch of games: a
   candidate whose 99% interval already lies beyond a bound of the target, or whose best case is beaten
   on every goal by a candidate measured already, is **pruned** (Optuna's ``TrialPruned``);
3. otherwise played to the end, each goal's figure with its 95% interval, the bounds passed to Optuna
   as constraints (``Trial.set_constraint``).

The finalists (the best candidates that meet every bound, else those that miss by least) are then
**measured again on fresh seeds**, beside the printed game on the same fresh seeds, so that the
figures a designer reads are not the ones the search picked them for. "No candidate meets the target"
is an answer too: it says by how much the best one misses.

The study lives in an Optuna storage; an SQLite file (``storage``) is the resume file: a search
stopped part way (Ctrl-C) continues from it, measuring again the candidate it was measuring. Each
candidate's sampler is seeded from the search's seed and the number of candidates before it, so a
search with one Dask-free process is the same for a seed whatever ``workers`` says (they spread each
candidate's games, :func:`rulebook.balance.simulate.simulate`) and whether it was resumed.
"""

from __future__ import annotations

import math
import random
import warnings
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

import attrs

from rulebook.balance.figures import Difference, compare
from rulebook.balance.play_figures import Measure as MeasureFn
from rulebook.balance.simulate import GameResult, PlayerSpec, Summary, check_players, simulate
from rulebook.balance.tune_space import Space, candidate, changes_in_words
from rulebook.balance.tune_target import LEVEL, PRUNE_LEVEL, Estimate, Goal, TuneError, estimates, rounds_key
from rulebook.core.contract import Game
from rulebook.core.optional import require
from rulebook.errors import InvalidRules, ResumeError, RulebookError
from rulebook.variants.variant import Variant, printed

__all__ = ["SAMPLERS", "Candidate", "Finalist", "Search", "TuneResult", "open_study", "tune"]

#: The samplers a search may use.
SAMPLERS = ("auto", "tpe", "nsga2", "random", "brute")
#: The study's name in its storage, and the format of the run it records.
STUDY = "rulebook-tune"
FORMAT = "rulebook-tune/1"
#: The finalists are measured again on the games of seed ``seed + FRESH``.
FRESH = 1_000_000
#: Trials in a row that bring no new candidate before the search stops (the sampler keeps repeating itself).
REPEATS = 50


def optuna_module() -> Any:
    """``optuna``, or an error naming the install command (the ``tune`` extra)."""
    optuna = require("optuna", "tune", "rulebook tune")
    # a rejected candidate is the search's answer, not a warning: Optuna's log of failed trials is noise here
    optuna.logging.set_verbosity(optuna.logging.ERROR)
    return optuna


@attrs.frozen
class Search:
    """Everything that decides a search's candidates and figures (its resume file records it)."""

    game: Game[Any, Any, Any]
    space: Space
    goals: tuple[Goal, ...]
    base: Variant
    games: int = 200
    first: int = 50
    seed: int = 0
    verify_games: int = 4
    sampler: str = "auto"
    players_as: tuple[PlayerSpec, ...] = ()
    stronger: str = ""
    measures: Mapping[str, MeasureFn] | None = None
    #: the designer's measures as named on the command line (for the record)
    measures_ref: str = ""

    @property
    def players(self) -> int:
        return int(self.base.rules.players)

    @property
    def objectives(self) -> tuple[Goal, ...]:
        """The goals Optuna optimises: the directions, else the bounds (each pushed into its bound)."""
        return self.objectives_of(self.goals)

    @staticmethod
    def objectives_of(goals: Sequence[Goal]) -> tuple[Goal, ...]:
        """The goals of ``goals`` that Optuna optimises (see :attr:`objectives`)."""
        directions = tuple(g for g in goals if not g.bound)
        return directions or tuple(goals)

    @property
    def bounds(self) -> tuple[Goal, ...]:
        return tuple(g for g in self.goals if g.bound)

    def run(self) -> dict[str, Any]:
        """The run, as the resume file's header records it (the number of candidates is not part of it:
        a finished search can be resumed with more)."""
        from rulebook.core.options import rules_to_dict

        return {
            "format": FORMAT, "game": self.game.slug, "rules": rules_to_dict(self.base.rules),
            "variant": self.base.describe(), "space": self.space.describe(), "build": self.space.build_ref,
            "target": [g.text for g in self.goals], "games": self.games, "first": self.first, "seed": self.seed,
            "verify_games": self.verify_games, "sampler": self.sampler,
            "players_as": [str(p) for p in self.players_as], "stronger": self.stronger,
            "measures": self.measures_ref,
        }


@attrs.frozen
class Candidate:
    """One candidate the search tried: its values, what became of it, and its figures."""

    #: its place among the candidates tried (0-based; candidate 1 is the first tried)
    number: int
    values: dict[str, Any]
    #: ``measured``, ``pruned``, ``invalid`` (the rules refuse a value), ``failed`` (a check of verify failed)
    status: str
    changes: tuple[str, ...] = ()
    figures: dict[str, Estimate | None] = attrs.Factory(dict)
    message: str = ""
    #: the failing game's record (a failed candidate), when it was saved
    record: str = ""
    games: int = 0

    @property
    def label(self) -> str:
        return f"candidate {self.number + 1}"


@attrs.frozen
class Finalist:
    """A finalist measured again on fresh seeds, against the printed game on the same seeds."""

    candidate: Candidate
    variant: Variant
    summary: Summary
    figures: dict[str, Estimate | None]
    differences: tuple[Difference, ...]
    #: the bounds it meets on the fresh seeds (point estimates), and by how much it misses the others
    meets: bool
    misses: tuple[tuple[Goal, float], ...] = ()


@attrs.frozen
class TuneResult:
    """What a search found."""

    search: Search
    #: the printed game on the search's seeds (the values ``printed`` in a target refers to)
    printed: dict[str, Estimate | None]
    #: the goals with ``printed`` resolved
    goals: tuple[Goal, ...]
    candidates: tuple[Candidate, ...]
    finalists: tuple[Finalist, ...]
    #: the printed game on the finalists' fresh seeds
    printed_final: Summary | None
    printed_final_figures: dict[str, Estimate | None]
    final_seed: int
    final_games: int
    #: whether a candidate met every bound in the search (point estimates)
    met: bool
    sampler: str
    #: trials Optuna ran that repeated a candidate already tried (answered without games)
    repeats: int = 0

    def counts(self) -> dict[str, int]:
        out = {"measured": 0, "pruned": 0, "invalid": 0, "failed": 0}
        for c in self.candidates:
            out[c.status] += 1
        return out


# -- Optuna: the sampler, seeded per candidate ----------------------------------------------------------


def _sampler(kind: str, seed: int, space: Space, objectives: int, candidates: int) -> Any:
    optuna = optuna_module()
    samplers = optuna.samplers
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if kind == "random":
            return samplers.RandomSampler(seed=seed)
        if kind == "brute":
            return samplers.BruteForceSampler(seed=seed)
        if kind == "nsga2":
            return samplers.NSGAIISampler(seed=seed, population_size=max(4, min(50, candidates // 3)))
        return samplers.TPESampler(seed=seed, multivariate=len(space.dimensions) > 1,
                                   n_startup_trials=max(4, min(10, candidates // 3)))


def _finished(trial: Any) -> bool:
    """Whether a trial counts as a candidate tried (measured, pruned or rejected, not interrupted)."""
    return "status" in trial.user_attrs


def _counted(trial: Any) -> bool:
    """Whether a trial ran to its end: a candidate tried, or one asked again (not one cut short)."""
    return "status" in trial.user_attrs or "repeat" in trial.user_attrs


class SeededSampler:
    """An Optuna sampler that makes a fresh sampler of ``kind`` for every trial, seeded from the search's seed
    and the number of candidates tried before it: a resumed search draws what an uninterrupted one would."""

    def __init__(self, kind: str, seed: int, space: Space, objectives: int, candidates: int) -> None:
        self.kind, self.seed, self.space = kind, seed, space
        self.objectives, self.candidates = objectives, candidates
        self._made: dict[int, Any] = {}

    def _for(self, study: Any, trial: Any) -> Any:
        inner = self._made.get(trial.number)
        if inner is None:
            before = sum(1 for t in study.get_trials(deepcopy=False) if t.number < trial.number and _counted(t))
            seed = random.Random(f"rulebook-tune:{self.seed}:{before}").getrandbits(32)
            inner = self._made[trial.number] = _sampler(self.kind, seed, self.space, self.objectives,
                                                        self.candidates)
            if len(self._made) > 8:
                del self._made[min(self._made)]
        return inner

    def infer_relative_search_space(self, study: Any, trial: Any) -> Any:
        return self._for(study, trial).infer_relative_search_space(study, trial)

    def sample_relative(self, study: Any, trial: Any, search_space: Any) -> Any:
        return self._for(study, trial).sample_relative(study, trial, search_space)

    def sample_independent(self, study: Any, trial: Any, name: str, distribution: Any) -> Any:
        return self._for(study, trial).sample_independent(study, trial, name, distribution)

    def before_trial(self, study: Any, trial: Any) -> None:
        self._for(study, trial).before_trial(study, trial)

    def after_trial(self, study: Any, trial: Any, state: Any, values: Any) -> None:
        self._for(study, trial).after_trial(study, trial, state, values)

    def reseed_rng(self) -> None:  # the seed is the search's: nothing to reseed
        pass


def _as_optuna_sampler(sampler: SeededSampler) -> Any:
    """``sampler`` as a subclass of Optuna's ``BaseSampler`` (made when Optuna is imported)."""
    base = optuna_module().samplers.BaseSampler
    kind: Any = type("RulebookSeededSampler", (SeededSampler, base), {})
    made = object.__new__(kind)
    made.__dict__.update(sampler.__dict__)
    return made


# -- measuring a candidate ------------------------------------------------------------------------------


class Rejected(RulebookError):
    """A candidate that is not measured (its rules are refused, or a check of verify failed)."""


@attrs.frozen
class Played:
    results: tuple[GameResult, ...]
    summary: Summary | None
    stronger: tuple[GameResult, ...] = ()
    seats: dict[int, int] = attrs.Factory(dict)


class Measurer:
    """Plays a variant for a search: the table's games, and the stronger player's from every seat in turn."""

    def __init__(self, search: Search, workers: int = 1, progress: Callable[[int], None] | None = None) -> None:
        self.search = search
        self.workers = workers
        self.progress = progress
        self.table = check_players(search.players_as or None, search.players)
        self.rounds = rounds_key(search.game, search.players)

    def legs(self, games: int) -> list[tuple[tuple[PlayerSpec, ...], int]]:
        """Who plays in each run of a measurement, and how many games: the table, then (with a stronger
        player) that player in seat 1, 2, ... in turn, on the same deals (the games split evenly)."""
        out = [(self.table, games)]
        if self.search.stronger and any(g.measure.key == "stronger" for g in self.search.goals):
            n = self.search.players
            for seat in range(n):
                kinds = tuple(self.search.stronger if s == seat else k for s, k in enumerate(self.table))
                out.append((kinds, games // n + (1 if seat < games % n else 0)))
        return out

    def play(self, variant: Variant, seed: int, games: int, done: Played | None = None,
             until: int | None = None) -> Played:
        """Play ``games`` games of every leg (``until``: only that many of each, a first batch), keeping
        the games ``done`` played already."""
        legs = self.legs(games)
        results: list[tuple[GameResult, ...]] = []
        summaries: list[Summary] = []
        before = _split(done, legs) if done is not None else [() for _leg in legs]
        for (kinds, n), old in zip(legs, before, strict=True):
            count = n if until is None else max(1, min(n, math.ceil(until * n / games)))
            if count <= len(old):
                results.append(old)
                continue
            got: list[GameResult] = []
            summary = simulate(self.search.game, variant, games=count, seed=seed, players_as=kinds,
                               workers=self.workers, done={r.index: r for r in old}, on_result=got.append,
                               progress=self.progress, measures=self.search.measures)
            summaries.append(summary)
            results.append(tuple(sorted((*old, *got), key=lambda r: r.index)))
        stronger: list[GameResult] = []
        seats: dict[int, int] = {}
        for seat, leg in enumerate(results[1:]):
            for r in leg:
                seats[len(stronger)] = seat
                stronger.append(r)
        return Played(results[0], summaries[0] if summaries and until is None else None, tuple(stronger), seats)

    def figures(self, played: Played, goals: Sequence[Goal], level: float = LEVEL,
                seed: int = 0) -> dict[str, Estimate | None]:
        return estimates(goals, played.results, self.search.players, rounds=self.rounds, stronger=played.stronger,
                         stronger_seat=played.seats, level=level, seed=seed)


def _split(done: Played, legs: Sequence[tuple[Any, int]]) -> list[tuple[GameResult, ...]]:
    out = [done.results]
    seats: dict[int, list[GameResult]] = {}
    for i, r in enumerate(done.stronger):
        seats.setdefault(done.seats[i], []).append(r)
    out += [tuple(seats.get(s, ())) for s in range(len(legs) - 1)]
    return out


def _values(goals: Sequence[Goal], figures: Mapping[str, Estimate | None]) -> list[float]:
    out = []
    for g in goals:
        e = figures.get(g.measure.key)
        out.append(g.objective(e.value) if e is not None else math.inf)
    return out


def _dominated(optimistic: Sequence[float], others: Sequence[Sequence[float]], goals: Sequence[Goal]) -> bool:
    """Whether some finished candidate is at least as good on every objective as this one at its best, and
    better on one."""
    def better(a: float, b: float, goal: Goal) -> bool:
        return a > b if goal.direction == "maximize" else a < b

    for values in others:
        if all(not better(o, v, g) for o, v, g in zip(optimistic, values, goals, strict=True)) and any(
                better(v, o, g) for o, v, g in zip(optimistic, values, goals, strict=True)):
            return True
    return False


class Objective:
    """What Optuna calls for each trial: build, verify, play (pruning a hopeless candidate), measure."""

    def __init__(self, search: Search, goals: Sequence[Goal], *, workers: int = 1,
                 progress: Callable[[int], None] | None = None, records: str | Path | None = None) -> None:
        self.search = search
        self.goals = tuple(goals)
        self.workers = workers
        self.progress = progress
        self.records = records

    def __call__(self, trial: Any) -> tuple[float, ...]:
        optuna = optuna_module()
        search = self.search
        values = search.space.suggest(trial)
        key = search.space.key(values)
        trial.set_user_attr("key", key)
        same = _same(trial.study, key, trial.number)
        if same is not None:  # asked again: the answer already found, without games
            trial.set_user_attr("repeat", same.number)
            if same.state.name == "COMPLETE":
                for name, value in same.constraints.items():
                    trial.set_constraint(name, value)
                return tuple(same.values)
            if same.state.name == "PRUNED":
                raise optuna.TrialPruned()
            raise Rejected(same.user_attrs.get("message", "rejected"))
        measurer = Measurer(search, self.workers, self.progress)
        per_candidate = sum(n for _kinds, n in measurer.legs(search.games))
        index = _tried(trial.study)[0]  # the candidates tried before this one
        trial.set_user_attr("index", index)
        name = f"candidate {index + 1}"
        try:
            variant = candidate(search.game, search.space, values, base=search.base, name=name)
        except (InvalidRules, RulebookError) as exc:
            self._reject(trial, "invalid", str(exc).partition("\n")[0], per_candidate)
        trial.set_user_attr("changes", changes_in_words(search.game, variant, search.space, values))
        self._verify(trial, variant, per_candidate)
        seed = search.seed
        first = measurer.play(variant, seed, search.games, until=search.first)
        early = measurer.figures(first, self.goals, PRUNE_LEVEL, seed)
        why = self._hopeless(trial.study, early)
        if why:
            count = len(first.results) + len(first.stronger)
            trial.set_user_attr("status", "pruned")
            trial.set_user_attr("message", why)
            trial.set_user_attr("games", count)
            trial.set_user_attr("figures", {k: e.to_json() for k, e in
                                            measurer.figures(first, self.goals, LEVEL, seed).items() if e})
            if self.progress is not None:
                self.progress(per_candidate - count)
            raise optuna.TrialPruned()
        played = measurer.play(variant, seed, search.games, done=first)
        figures = measurer.figures(played, self.goals, LEVEL, seed)
        trial.set_user_attr("figures", {k: e.to_json() for k, e in figures.items() if e is not None})
        trial.set_user_attr("games", len(played.results) + len(played.stronger))
        for g in self.goals:
            if g.bound:
                e = figures.get(g.measure.key)
                trial.set_constraint(g.text, g.excess(e.value) if e is not None else 1.0)
        trial.set_user_attr("status", "measured")
        return tuple(_values(Search.objectives_of(self.goals), figures))

    def _reject(self, trial: Any, status: str, message: str, skipped: int) -> NoReturn:
        trial.set_user_attr("status", status)
        trial.set_user_attr("message", message)
        if self.progress is not None:
            self.progress(skipped)
        raise Rejected(message)

    def _verify(self, trial: Any, variant: Variant, skipped: int) -> None:
        if self.search.verify_games < 1:
            return
        from rulebook.variants.verify import verify

        save = None
        if self.records is not None:
            save = Path(self.records) / f"candidate-{trial.user_attrs['index'] + 1}-failure.json"
        try:
            report = verify(self.search.game, variant, examples=self.search.verify_games, seed=self.search.seed,
                            players=self.search.players, save=save)
        except (InvalidRules, RulebookError) as exc:
            self._reject(trial, "invalid", str(exc).partition("\n")[0], skipped)
        failure = report.failure
        if failure is not None:
            trial.set_user_attr("record", failure.path or "")
            self._reject(trial, "failed", f"[{failure.rule}] {failure.check}: {failure.message}", skipped)

    def _hopeless(self, study: Any, early: Mapping[str, Estimate | None]) -> str:
        """Why the first batch already rules the candidate out (``""``: it does not)."""
        for g in self.goals:
            e = early.get(g.measure.key)
            if g.bound and e is not None and g.hopeless(e.low, e.high):
                return f"{g.text}: {e.value:.4g} [{e.low:.4g}, {e.high:.4g}] after the first batch"
        objectives = Search.objectives_of(self.goals)
        best = []
        for t in study.get_trials(deepcopy=False, states=(optuna_module().trial.TrialState.COMPLETE,)):
            if t.user_attrs.get("status") == "measured" and all(v <= 0 for v in t.constraints.values()):
                best.append(t.values)
        optimistic = []
        for g in objectives:
            e = early.get(g.measure.key)
            if e is None:
                return ""
            optimistic.append(g.optimistic(e.low, e.high))
        if best and _dominated(optimistic, best, objectives):
            return "a candidate measured already is better on every goal than this one's best case"
        return ""


def _same(study: Any, key: str, number: int) -> Any:
    for t in study.get_trials(deepcopy=False):
        if t.number < number and t.user_attrs.get("key") == key and _finished(t):
            return t
    return None


# -- the study and the search ---------------------------------------------------------------------------


def open_study(search: Search, storage: str | None, *, resume: bool, sampler: Any = None, dask: Any = None) -> Any:
    """The search's Optuna study: new (``storage`` an SQLite file replaced, or in memory when ``None``),
    or resumed from ``storage`` (its run checked against ``search``, naming the first difference)."""
    import json

    optuna = optuna_module()
    from rulebook.core.progress import first_difference

    url = None if storage is None else f"sqlite:///{Path(storage).resolve()}"
    if not resume and storage is not None and Path(storage).exists():
        Path(storage).unlink()  # a new search: before any connection opens the file
    where: Any = url
    if dask is not None:  # the storage lives on the cluster's scheduler; the workers reach it through it
        from optuna_integration import DaskStorage

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # Optuna calls its Dask storage experimental
            where = DaskStorage(storage=url, client=dask)
    run = json.loads(json.dumps(search.run()))
    if resume:
        if storage is None or not Path(storage).is_file():
            raise ResumeError(str(storage), "there is no such file")
        try:
            study = optuna.load_study(study_name=STUDY, storage=where, sampler=sampler)
        except Exception as exc:
            raise ResumeError(str(storage), f"it is not a search rulebook tune saved ({type(exc).__name__})") \
                from None
        saved = study.user_attrs.get("run")
        if saved != run:
            what = first_difference(saved, run) if isinstance(saved, dict) else "it records no rulebook tune run"
            raise ResumeError(str(storage), f"it holds another search: {what}")
    else:
        directions = [g.direction for g in search.objectives]
        study = optuna.create_study(study_name=STUDY, storage=where, directions=directions, sampler=sampler)
        study.set_user_attr("run", run)
    return study


def _sampler_kind(search: Search, candidates: int) -> str:
    if search.sampler != "auto":
        return search.sampler
    return "brute" if search.space.size() <= candidates else "tpe"


def tune(
    game: Game[Any, Any, Any],
    space: Space,
    goals: Sequence[Goal],
    *,
    base: Variant | None = None,
    players: int | None = None,
    games: int = 200,
    first: int | None = None,
    candidates: int = 30,
    seed: int = 0,
    verify_games: int = 4,
    finalists: int = 3,
    final_games: int | None = None,
    sampler: str = "auto",
    players_as: Sequence[PlayerSpec] | None = None,
    stronger: str = "",
    measures: Mapping[str, MeasureFn] | None = None,
    measures_ref: str = "",
    workers: int = 1,
    storage: str | Path | None = None,
    resume: bool = False,
    records: str | Path | None = None,
    progress: Callable[[int], None] | None = None,
    dask: Any = None,
) -> TuneResult:
    """Search ``space`` for the candidates that best meet ``goals`` (see the module doc).

    ``base`` (default: the printed rules at ``players``) is what every candidate changes; ``games``
    games per candidate, the first ``first`` (default a quarter) a batch after which a hopeless
    candidate is pruned; at most ``candidates`` candidates; ``finalists`` finalists measured again on
    ``final_games`` (default twice ``games``) fresh games. ``storage``: the SQLite resume file
    (``resume``: continue the search it holds); ``records``: the folder failing games are saved in;
    ``dask``: a ``distributed.Client`` to run the trials on (Optuna's Dask storage).
    """
    optuna = optuna_module()
    with warnings.catch_warnings():  # Optuna calls its Dask storage and some samplers' options experimental
        warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
        return _tune(game, space, goals, base=base, players=players, games=games, first=first,
                     candidates=candidates, seed=seed, verify_games=verify_games, finalists=finalists,
                     final_games=final_games, sampler=sampler, players_as=players_as, stronger=stronger,
                     measures=measures, measures_ref=measures_ref, workers=workers, storage=storage, resume=resume,
                     records=records, progress=progress, dask=dask)


def _tune(game: Game[Any, Any, Any], space: Space, goals: Sequence[Goal], *, base: Variant | None,
          players: int | None, games: int, first: int | None, candidates: int, seed: int, verify_games: int,
          finalists: int, final_games: int | None, sampler: str, players_as: Sequence[PlayerSpec] | None,
          stronger: str, measures: Mapping[str, MeasureFn] | None, measures_ref: str, workers: int,
          storage: str | Path | None, resume: bool, records: str | Path | None,
          progress: Callable[[int], None] | None, dask: Any) -> TuneResult:
    if sampler not in SAMPLERS:
        raise TuneError("sampler", f"expected one of {', '.join(SAMPLERS)}, not {sampler!r:.30}")
    for name, value, least in (("games", games, 2), ("candidates", candidates, 1), ("finalists", finalists, 1),
                               ("verify_games", verify_games, 0), ("workers", workers, 1)):
        if type(value) is not int or value < least:
            raise TuneError(name, f"must be a whole number of at least {least}")
    if base is None:
        base = printed(game, players)
    elif players is not None and base.rules.players != players:
        base = base.at(players)
    first = first if first is not None else max(1, games // 4)
    if not 1 <= first <= games:
        raise TuneError("first", f"the first batch must hold 1 to {games} games (got {first})")
    final_games = final_games if final_games is not None else 2 * games
    if stronger and not any(g.measure.key == "stronger" for g in goals):
        raise TuneError("stronger", "no goal names the stronger player's win rate (stronger)")
    if not stronger and any(g.measure.key == "stronger" for g in goals):
        raise TuneError("target.stronger", "name the stronger player with --stronger (for example ismcts:200)")
    search = Search(game, space, tuple(goals), base, games, first, seed, verify_games, sampler,
                    check_players(players_as, base.rules.players), stronger, measures, measures_ref)
    if stronger:
        check_players([stronger], 1)
    kind = _sampler_kind(search, candidates)
    # the printed game on the search's seeds: what ``printed`` in a goal means, and the reference figures
    reference = Measurer(search, workers, progress)
    printed_game = printed(game, search.players)
    played = reference.play(printed_game, seed, games)
    printed_figures = reference.figures(played, goals, LEVEL, seed)
    resolved = []
    for g in goals:
        e = printed_figures.get(g.measure.key)
        if g.keyword == "printed" and e is None:
            raise TuneError(f"target.{g.measure.key}", "the printed game does not have this figure")
        resolved.append(g.resolved(e.value) if g.keyword == "printed" and e is not None else g)
    seeded = _as_optuna_sampler(SeededSampler(kind, seed, space, len(search.objectives_of(resolved)), candidates))
    study = open_study(search, None if storage is None else str(storage), resume=resume, sampler=seeded,
                       dask=dask)
    if resume:
        _enqueue_interrupted(study)
        if progress is not None:  # the candidates measured before the stop count as done
            progress(_tried(study)[0] * sum(n for _kinds, n in reference.legs(games)))
    objective = Objective(search, resolved, workers=workers, progress=progress, records=records)
    if dask is None:
        study.optimize(objective, callbacks=[_stop_after(candidates)], catch=(Rejected,), gc_after_trial=False)
    else:
        _optimize_on_dask(dask, study, objective, seeded, candidates, progress, reference.legs(games))
    return _result(search, study, resolved, printed_figures, finalists, final_games, workers, progress, kind,
                   records)


def _enqueue_interrupted(study: Any) -> None:
    """The candidates a stopped search was measuring, first in the resumed one (their trials were cut short)."""
    trials = study.get_trials(deepcopy=False)
    done = {t.user_attrs.get("key") for t in trials if _finished(t)}
    queued = set()
    for t in trials:
        key = t.user_attrs.get("key")
        if not _finished(t) and t.params and key not in done and key not in queued:
            study.enqueue_trial(dict(t.params))
            queued.add(key)


def _tried(study: Any) -> tuple[int, int]:
    """(distinct candidates tried, trials since the last new one)."""
    keys: set[str] = set()
    since = 0
    for t in study.get_trials(deepcopy=False):
        if not _finished(t) and "repeat" not in t.user_attrs:
            continue
        key = t.user_attrs.get("key")
        if key in keys or "repeat" in t.user_attrs:
            since += 1
        else:
            keys.add(key)
            since = 0
    return len(keys), since


def _stop_after(candidates: int) -> Callable[[Any, Any], None]:
    def callback(study: Any, trial: Any) -> None:
        tried, since = _tried(study)
        if tried >= candidates or since >= REPEATS:
            study.stop()

    return callback


#: how long a Dask cluster may have no worker before a search on it stops with an error (a worker that
#: dies is replaced by its nanny within seconds; with none, the trials would wait forever)
NO_WORKER_SECONDS = 60.0


def _optimize_on_dask(client: Any, study: Any, objective: Objective, sampler: Any, candidates: int,
                      progress: Callable[[int], None] | None, legs: Sequence[tuple[Any, int]]) -> None:
    """Run the trials on the Dask cluster's workers (Optuna's Dask storage), one optimisation per worker."""
    import time

    objective = Objective(objective.search, objective.goals, workers=1, progress=None, records=objective.records)
    client.run(_quiet)
    workers = max(1, len(client.scheduler_info().get("workers", {})))
    futures = [client.submit(_optimize_worker, study._storage, sampler, objective, candidates, pure=False)
               for _worker in range(workers)]
    per_candidate = sum(n for _kinds, n in legs)
    shown = 0
    alone_since: float | None = None  # since when the cluster has had no worker
    while True:
        running = [f for f in futures if not f.done()]
        tried, _since = _tried(study)
        if progress is not None and tried > shown:
            progress((tried - shown) * per_candidate)
            shown = tried
        if not running:
            break
        if client.scheduler_info().get("workers"):
            alone_since = None
        elif alone_since is None:
            alone_since = time.monotonic()
        elif time.monotonic() - alone_since > NO_WORKER_SECONDS:  # nothing would ever run the trials left
            for f in running:
                f.cancel()
            raise RulebookError(f"--dask: the cluster has had no worker for {NO_WORKER_SECONDS:g} s, so the "
                                f"search stopped after {tried} candidates; start workers and run it again with "
                                f"--resume")
        time.sleep(0.5)
    for f in futures:
        f.result()


def _quiet() -> None:
    """On a Dask worker: Optuna's notice that its Dask storage is experimental, once per candidate, is noise."""
    warnings.filterwarnings("ignore", message=".*is experimental.*")


def _optimize_worker(storage: Any, sampler: Any, objective: Objective, candidates: int) -> None:
    optuna = optuna_module()
    study = optuna.load_study(study_name=STUDY, storage=storage, sampler=sampler)
    study.optimize(objective, callbacks=[_stop_after(candidates)], catch=(Rejected,), gc_after_trial=False)


# -- the result: the candidates, the front, the finalists measured again --------------------------------


def _candidates(search: Search, study: Any) -> list[Candidate]:
    out: list[Candidate] = []
    seen: set[str] = set()
    for t in study.get_trials(deepcopy=False):
        key = t.user_attrs.get("key")
        if not _finished(t) or "repeat" in t.user_attrs or key in seen:
            continue
        seen.add(key)
        figures: dict[str, Estimate | None] = {k: Estimate.from_json(v)
                                               for k, v in t.user_attrs.get("figures", {}).items()}
        out.append(Candidate(len(out), search.space.from_params(t.params), t.user_attrs["status"],
                             tuple(t.user_attrs.get("changes", ())), figures, t.user_attrs.get("message", ""),
                             t.user_attrs.get("record", ""), int(t.user_attrs.get("games", 0))))
    return out


def shortfall(goals: Sequence[Goal], figures: Mapping[str, Estimate | None]) -> tuple[tuple[Goal, float], ...]:
    """Each bound ``figures`` miss, with by how much (in the measure's scale)."""
    out = []
    for g in goals:
        if not g.bound:
            continue
        e = figures.get(g.measure.key)
        excess = g.excess(e.value) if e is not None else math.inf
        if excess > 0:
            out.append((g, excess))
    return tuple(out)


def _miss_size(misses: Sequence[tuple[Goal, float]]) -> float:
    """How far a candidate misses, added over the bounds: points for rates, percent of the bound otherwise."""
    total = 0.0
    for g, excess in misses:
        scale = 0.01 if g.measure.percent else max(abs(g.value or 0.0), 1e-9) / 100.0
        total += excess / scale
    return total


def front(search: Search, goals: Sequence[Goal], measured: Sequence[Candidate]) -> tuple[list[Candidate], bool]:
    """The best candidates: those that meet every bound and that no other such candidate beats on every
    objective (the Pareto front; with one objective, in order of it), else those that miss by least.
    Returns the candidates and whether they meet the bounds."""
    objectives = search.objectives_of(goals)
    good = [c for c in measured if not shortfall(goals, c.figures)]
    near = sorted((c for c in measured if shortfall(goals, c.figures)),
                  key=lambda c: (_miss_size(shortfall(goals, c.figures)), c.number))
    vectors = {c.number: _values(objectives, c.figures) for c in good}
    if len(objectives) == 1:
        sign = -1.0 if objectives[0].direction == "maximize" else 1.0
        return sorted(good, key=lambda c: (sign * vectors[c.number][0], c.number)) + near, bool(good)
    on_front = [c for c in good if not _dominated(vectors[c.number], [vectors[o.number] for o in good
                                                                      if o is not c], objectives)]
    rest = [c for c in good if c not in on_front]
    return sorted(on_front, key=lambda c: (vectors[c.number], c.number)) + sorted(
        rest, key=lambda c: (vectors[c.number], c.number)) + near, bool(good)


def _result(search: Search, study: Any, goals: Sequence[Goal], printed_figures: dict[str, Estimate | None],
            finalists: int, final_games: int, workers: int, progress: Callable[[int], None] | None, kind: str,
            records: str | Path | None) -> TuneResult:
    tried = _candidates(search, study)
    measured = [c for c in tried if c.status == "measured"]
    best, met = front(search, goals, measured)
    chosen = best[:finalists]
    measurer = Measurer(search, workers, progress)
    fresh = search.seed + FRESH
    printed_final = None
    printed_final_figures: dict[str, Estimate | None] = {}
    out = []
    if chosen:
        played = measurer.play(printed(search.game, search.players), fresh, final_games)
        printed_final = played.summary
        printed_final_figures = measurer.figures(played, goals, LEVEL, fresh)
        for c in chosen:
            variant = candidate(search.game, search.space, c.values, base=search.base,
                                name=f"finalist of {search.game.slug} ({c.label})")
            again = measurer.play(variant, fresh, final_games)
            figures = measurer.figures(again, goals, LEVEL, fresh)
            assert again.summary is not None and printed_final is not None
            misses = shortfall(goals, figures)
            out.append(Finalist(c, variant, again.summary, figures, compare(printed_final, again.summary),
                                not misses, misses))
    repeats = sum(1 for t in study.get_trials(deepcopy=False) if "repeat" in t.user_attrs)
    return TuneResult(search, printed_figures, tuple(goals), tuple(tried), tuple(out), printed_final,
                      printed_final_figures, fresh, final_games, met, kind, repeats)
