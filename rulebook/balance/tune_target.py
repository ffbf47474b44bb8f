"""The design target of ``rulebook tune``: measures of a run of games, each a bound or a direction.

A target is one or more *goals* (``--target``, repeatable), each on a measure the balance report
computes (``docs/balance.md``):

=====================  =====================================================  ==========
measure                what it is                                             unit
=====================  =====================================================  ==========
``seat N``             seat N's win rate (seats from 1)                       % of games
``spread``             the highest seat win rate minus the lowest             points
``moves``              actions per game                                       moves
``rounds``             rounds (deals) per game                                rounds
``round length``       actions per round (deal)                               moves
``shared``             games with a shared win                                % of games
``nobody``             games nobody won                                       % of games
``lead``               lead changes per game                                  changes
``comebacks``          games won from behind, of those that could be          % of games
``stronger``           how often the stronger player (``--stronger``) wins    % of games
``role:NAME``          the share of its deals a role gains the most points    % of deals
``figure:KEY``         a game's own figure (``end_stats``) or a play figure   its own
``measure:NAME``       one of your measures (``--measures``)                  its own
=====================  =====================================================  ==========

A goal is a bound, ``spread <= 3`` (points), ``seat 1 >= 30%``, ``moves <= printed`` (the printed
game's value, measured in the same run), ``role:lone human = fair ± 5`` (within 5 points of the fair
share ``1/players``), or a direction, ``minimise rounds``, ``maximise stronger``, ``lead ~ 4`` (as
close to 4 as possible). Rates are written in percent (a bare number too: ``seat 1 >= 30``).

Each goal's value in a run comes with an interval (:func:`estimate`): Wilson's for rates of games, the
t-interval of the mean for means; the spread's comes from the seats' Wilson intervals at a
Bonferroni-corrected level, so that it reaches 0 when the seats cannot be told apart.

>>> import rulebook
>>> game = rulebook.get_game("witches-of-blackmore")
>>> goal = parse_goal(game, "spread <= 3 pt", players=3)
>>> goal.measure.key, goal.op, goal.value
('spread', '<=', 0.03)
>>> parse_goal(game, "minimise moves", players=3).op
'min'
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from rulebook.balance.simulate import GameResult
from rulebook.core.contract import Game
from rulebook.errors import RulebookError
from rulebook.i18n import N_, _

__all__ = [
    "Estimate", "Goal", "Measure", "TargetError", "TuneError", "estimate", "estimates", "parse_goal", "parse_target",
]

#: The interval level of every figure, and the stricter one a candidate is pruned at.
LEVEL = 0.95
PRUNE_LEVEL = 0.99


class TuneError(RulebookError):
    """A bad argument of a search; ``field`` names it (``target.spread``, ``space.hand_size``, ``games``)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{_flag(field)}: {message}")
        self.field = field


def _flag(field: str) -> str:
    """How the command line names a field: ``target.spread`` is ``--target spread``."""
    head, _dot, rest = field.partition(".")
    flag = "--" + head.replace("_", "-")
    return f"{flag} {rest}" if rest else flag


class TargetError(TuneError):
    """A bad ``--target`` goal; ``field`` names it (``target.spread``, ``target``)."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(f"target.{name}" if name else "target", message)


@attrs.frozen
class Measure:
    """A measure a goal can name: its key, whether it is a rate (a share, written in percent) and its unit."""

    key: str
    #: ``rate`` (a share of games, 0..1), ``points`` (a difference of rates), ``mean`` (a mean per game)
    kind: str
    unit: str
    #: the seat of ``seat N`` (0-based), the key of ``role:``, ``figure:``, ``measure:``
    seat: int = -1
    name: str = ""

    @property
    def percent(self) -> bool:
        return self.kind in ("rate", "points")

    def words(self) -> str:
        """The measure for people."""
        if self.key.startswith("seat "):
            return _("seat {n} win rate").format(n=self.seat + 1)
        if self.key.startswith("role:"):
            return _("{role}: deals with the most points").format(role=self.name)
        if self.key.startswith(("figure:", "measure:")):
            return self.name
        return _(MEASURE_WORDS[self.key])


#: what each fixed measure is called for people
MEASURE_WORDS = {
    "spread": N_("spread of seat win rates"), "moves": N_("actions per game"), "rounds": N_("rounds per game"),
    "round length": N_("actions per round"), "shared": N_("shared wins"), "nobody": N_("games nobody won"),
    "lead": N_("lead changes per game"), "comebacks": N_("comebacks"),
    "stronger": N_("the stronger player's win rate"),
}
_FIXED = {
    "spread": ("points", "pt"), "moves": ("mean", N_("moves")), "rounds": ("mean", N_("rounds")),
    "round length": ("mean", N_("moves")), "shared": ("rate", "%"), "nobody": ("rate", "%"),
    "lead": ("mean", N_("lead changes")), "comebacks": ("rate", "%"), "stronger": ("rate", "%"),
}
_ALIASES = {"round_length": "round length", "deal length": "round length", "deal_length": "round length",
            "deals": "rounds", "length": "moves", "actions": "moves", "lead changes": "lead",
            "shared wins": "shared", "no winner": "nobody"}
#: the end statistic that counts rounds, by game (the Witches play one hand)
ROUND_KEYS = ("rounds", "deals")


def rounds_key(game: Game[Any, Any, Any], players: int) -> str | None:
    """The key of ``game``'s end statistic that counts rounds, or None when it has none."""
    stats = game.end_stats(game.new_game(game.Rules(players=players), seed=0))
    return next((k for k in ROUND_KEYS if k in stats), None)


def parse_measure(game: Game[Any, Any, Any], text: str, players: int) -> Measure:
    """A measure by the name a goal gives it."""
    raw = " ".join(text.strip().split())
    low = raw.lower()
    low = _ALIASES.get(low, low)
    m = re.fullmatch(r"seat\s*(\d+)", low)
    if m:
        seat = int(m[1])
        if not 1 <= seat <= players:
            raise TargetError(low.replace(" ", ""), f"seats count from 1 to {players} at {players} players")
        return Measure(f"seat {seat}", "rate", "%", seat=seat - 1)
    for prefix in ("role:", "figure:", "measure:"):
        if low.startswith(prefix):
            name = raw[len(prefix):].strip()
            if not name:
                raise TargetError(prefix[:-1], f"name the {prefix[:-1]} after the colon ({prefix}NAME)")
            if prefix == "role:":
                return Measure(f"role:{name}", "rate", "%", name=name)
            return Measure(f"{prefix}{name}", "mean", "", name=name)
    if low in _FIXED:
        kind, unit = _FIXED[low]
        if low in ("rounds", "round length") and rounds_key(game, players) is None:
            raise TargetError(low.replace(" ", "_"), f"{game.slug} is played in one round: use moves")
        return Measure(low, kind, unit)
    raise TargetError(low[:30].replace(" ", "_"), "unknown measure; the measures are: seat N, spread, moves, "
                      "rounds, round length, shared, nobody, lead, comebacks, stronger, role:NAME, figure:KEY, "
                      "measure:NAME")


@attrs.frozen
class Goal:
    """One goal of a target: a bound on a measure, or a direction to push it."""

    measure: Measure
    #: ``<=``, ``>=`` and ``within`` are bounds; ``min``, ``max`` and ``near`` directions
    op: str
    #: the bound or the value aimed at, in the measure's own scale (rates 0..1); ``None`` until a
    #: keyword (``printed``) is resolved
    value: float | None = None
    tolerance: float = 0.0
    #: ``printed``: the value is the printed game's, measured in the run
    keyword: str = ""
    text: str = ""

    @property
    def bound(self) -> bool:
        return self.op in ("<=", ">=", "within")

    def resolved(self, printed: float) -> Goal:
        """The goal with ``printed`` as its value (a goal that names no keyword stays as it is)."""
        return attrs.evolve(self, value=printed) if self.keyword == "printed" else self

    def objective(self, x: float) -> float:
        """The figure Optuna optimises for this goal (distance to the aim for ``within`` and ``near``)."""
        if self.op in ("within", "near"):
            assert self.value is not None
            return abs(x - self.value)
        return x

    @property
    def direction(self) -> str:
        """``minimize`` or ``maximize`` (Optuna's words) of :meth:`objective`."""
        return "maximize" if self.op in (">=", "max") else "minimize"

    def excess(self, x: float) -> float:
        """How far ``x`` lies beyond the bound (0 or less: it meets it), in the measure's scale."""
        assert self.value is not None
        if self.op == "<=":
            return x - self.value
        if self.op == ">=":
            return self.value - x
        if self.op == "within":
            return abs(x - self.value) - self.tolerance
        return 0.0

    def hopeless(self, low: float, high: float) -> bool:
        """Whether an interval ``[low, high]`` lies wholly beyond the bound."""
        if not self.bound:
            return False
        assert self.value is not None
        if self.op == "<=":
            return low > self.value
        if self.op == ">=":
            return high < self.value
        return high < self.value - self.tolerance or low > self.value + self.tolerance

    def optimistic(self, low: float, high: float) -> float:
        """The best :meth:`objective` the interval allows."""
        if self.op in ("within", "near"):
            assert self.value is not None
            return 0.0 if low <= self.value <= high else min(abs(low - self.value), abs(high - self.value))
        return high if self.direction == "maximize" else low

    def words(self) -> str:
        """The goal for people, in the language shown."""
        what = self.measure.words()
        value = self.format(self.value) if self.value is not None else ""
        if self.keyword == "printed":
            value = _("the printed game's ({value})").format(value=value) if self.value is not None else \
                _("the printed game's")
        if self.op == "<=":
            return _("{what} at most {value}").format(what=what, value=value)
        if self.op == ">=":
            return _("{what} at least {value}").format(what=what, value=value)
        if self.op == "within":
            return _("{what} within {tol} of {value}").format(what=what, value=value,
                                                              tol=self.format(self.tolerance, difference=True))
        if self.op == "near":
            return _("{what} as close to {value} as can be").format(what=what, value=value)
        return (_("as few {what} as can be") if self.op == "min" else _("as many {what} as can be")).format(what=what) \
            if self.measure.kind == "mean" and not self.measure.key.startswith(("figure:", "measure:")) else \
            (_("{what} as low as can be") if self.op == "min" else _("{what} as high as can be")).format(what=what)

    def format(self, x: float | None, *, difference: bool = False) -> str:
        """A value of the measure for people: rates in percent, differences of rates in points."""
        if x is None or not math.isfinite(x):
            return _("n/a")
        if self.measure.kind == "points" or (difference and self.measure.percent):
            return _("{n} pt").format(n=f"{x * 100:.1f}")
        if self.measure.percent:
            return f"{x:.1%}"
        unit = self.measure.unit
        if not unit:
            return f"{x:.3g}"
        shown = _(unit)
        return f"{x:.2f} {shown}"


_OPS = ("<=", ">=", "≤", "≥", "<", ">", "=")
_NUMBER = re.compile(r"(-?\d+(?:\.\d+)?)\s*(%|pt|points?)?")


def _number(goal: str, measure: Measure, text: str, players: int, *, difference: bool = False) -> tuple[float, str]:
    """A value of a goal in the measure's scale, and the keyword it names (``printed``)."""
    t = text.strip().lower()
    if t == "printed":
        if difference:
            raise TargetError(goal, "a tolerance is a number")
        return math.nan, "printed"
    if t == "fair":
        if measure.kind != "rate" or difference:
            raise TargetError(goal, "fair (the fair share, 1/players) is a win rate's value")
        return 1.0 / players, ""
    m = _NUMBER.fullmatch(t)
    if m is None:
        raise TargetError(goal, f"expected a number, printed or fair, not {text.strip()[:30]!r}")
    x, unit = float(m[1]), m[2] or ""
    if measure.percent:
        return x / 100.0, ""
    if unit:
        raise TargetError(goal, f"{measure.words()} is no rate: write its value without {unit}")
    return x, ""


def parse_goal(game: Game[Any, Any, Any], text: str, *, players: int) -> Goal:
    """One ``--target`` goal (see the module doc); a fault raises :class:`TargetError` naming it."""
    if not isinstance(text, str) or not text.strip():
        raise TargetError("", "a goal is a bound (spread <= 3) or a direction (minimise rounds)")
    raw = " ".join(text.split())
    words = raw.split(" ", 1)
    verb = words[0].lower()
    if verb in ("minimise", "minimize", "min", "maximise", "maximize", "max") and len(words) == 2:
        measure = parse_measure(game, words[1], players)
        return Goal(measure, "min" if verb.startswith("min") else "max", text=raw)
    if "~" in raw:
        left, _sep, right = raw.partition("~")
        measure = parse_measure(game, left, players)
        value, keyword = _number(_key(measure), measure, right, players)
        return Goal(measure, "near", None if keyword else value, keyword=keyword, text=raw)
    for op in _OPS:
        if op in raw:
            left, _sep, right = raw.partition(op)
            if op == "<" and right.startswith("="):
                continue
            measure = parse_measure(game, left, players)
            name = _key(measure)
            if op == "=" or right.startswith("="):
                right = right.lstrip("=")
                aim, sep, tol = (right.partition("±") if "±" in right else right.partition("+-") if "+-" in right
                                 else right.partition("+/-"))
                if not sep:
                    raise TargetError(name, "an equality needs a tolerance: = VALUE ± TOLERANCE (or +-)")
                value, keyword = _number(name, measure, aim, players)
                tolerance, _k = _number(name, measure, tol, players, difference=True)
                if tolerance <= 0:
                    raise TargetError(name, "the tolerance must be above 0")
                return Goal(measure, "within", None if keyword else value, tolerance, keyword, raw)
            value, keyword = _number(name, measure, right, players)
            norm = {"≤": "<=", "<": "<=", "≥": ">=", ">": ">="}.get(op, op)
            return Goal(measure, norm, None if keyword else value, keyword=keyword, text=raw)
    raise TargetError("", f"{raw[:40]!r}: expected a bound (spread <= 3, seat 1 >= 30%, moves <= printed) or a "
                      "direction (minimise rounds, maximise stronger, lead ~ 4)")


def _key(measure: Measure) -> str:
    return measure.key.replace(" ", "_")


def parse_target(game: Game[Any, Any, Any], items: Sequence[str], *, players: int) -> tuple[Goal, ...]:
    """Every goal of ``--target`` items; the same measure twice in one direction is refused."""
    if isinstance(items, str):
        items = [items]
    if not items:
        raise TargetError("", "give at least one --target (for example --target 'spread <= 3')")
    goals = tuple(parse_goal(game, t, players=players) for t in items)
    seen = set()
    for g in goals:
        what = (g.measure.key, g.op)
        if what in seen:
            raise TargetError(_key(g.measure), "named twice with the same operator")
        seen.add(what)
    return goals


@attrs.frozen
class Estimate:
    """A measure's value in a run and its interval; ``games``: the games that have it."""

    value: float
    low: float
    high: float
    games: int

    def to_json(self) -> list[float]:
        return [self.value, self.low, self.high, float(self.games)]

    @classmethod
    def from_json(cls, data: Sequence[float]) -> Estimate:
        return cls(float(data[0]), float(data[1]), float(data[2]), int(data[3]))


def _shared(r: GameResult) -> bool:
    teams = [v for k, v in r.play.items() if k.startswith("team: ") and k.endswith(": wins")]
    return sum(teams) > 1 if teams else len(r.winners) > 1


def per_game(measure: Measure, r: GameResult, rounds: str | None) -> float | None:
    """The measure's value in one game (``None``: the game does not have it)."""
    key = measure.key
    if measure.seat >= 0:
        return float(measure.seat in r.winners)
    if key == "moves":
        return float(r.length)
    if key in ("rounds", "round length"):
        n = r.stats.get(rounds or "", 0.0)
        if key == "rounds":
            return float(n)
        return r.length / n if n else None
    if key == "shared":
        return float(_shared(r))
    if key == "nobody":
        return float(not r.winners)
    if key == "lead":
        return float(r.lead_changes)
    if key == "comebacks":
        return float(r.comeback) if r.events < 0 or r.events >= 3 else None
    if key.startswith("role:"):
        return r.play.get(f"role: {measure.name}: wins")
    if key.startswith("figure:"):
        value = r.stats.get(measure.name, r.play.get(measure.name))
        return None if value is None else float(value)
    if key.startswith("measure:"):
        return r.play.get(f"measure: {measure.name}")
    raise ValueError(f"no per-game value for {key}")


def _mean_interval(xs: Sequence[float], level: float) -> tuple[float, float, float]:
    from rulebook.balance.stats import scipy_stats

    n = len(xs)
    mean = math.fsum(xs) / n
    if n < 2:
        return mean, mean, mean
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in xs) / (n - 1))
    half = float(scipy_stats().t.ppf(0.5 + level / 2, n - 1)) * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def _rate_interval(k: int, n: int, level: float) -> tuple[float, float]:
    from rulebook.balance.stats import scipy_stats

    if n == 0:
        return 0.0, 1.0
    ci = scipy_stats().binomtest(k, n).proportion_ci(confidence_level=level, method="wilson")
    return float(ci.low), float(ci.high)


def _spread(results: Sequence[GameResult], players: int, level: float) -> Estimate:
    """The spread of the seats' win rates, with the interval that the seats' Wilson intervals give at a
    Bonferroni-corrected level (each seat at ``1 - (1 - level) / players``): it holds at ``level`` at
    least, and reaches 0 when the seats' intervals overlap."""
    n = len(results)
    wins = [sum(1 for r in results if s in r.winners) for s in range(players)]
    rates = [w / n for w in wins]
    each = 1.0 - (1.0 - level) / players
    intervals = [_rate_interval(w, n, each) for w in wins]
    low = max(0.0, max(lo for lo, _hi in intervals) - min(hi for _lo, hi in intervals))
    high = max(hi for _lo, hi in intervals) - min(lo for lo, _hi in intervals)
    value = max(rates) - min(rates)
    return Estimate(value, min(low, value), max(high, value), n)


def estimate(measure: Measure, results: Sequence[GameResult], players: int, *, rounds: str | None = None,
             level: float = LEVEL, seed: int = 0) -> Estimate | None:
    """The measure over ``results`` with its interval at ``level`` (``None``: no game has it)."""
    if measure.key == "spread":
        return _spread(results, players, level) if results else None
    xs = [x for r in results if (x := per_game(measure, r, rounds)) is not None]
    if not xs:
        return None
    if measure.kind == "rate" and all(x in (0.0, 1.0) for x in xs):
        k = int(sum(xs))
        low, high = _rate_interval(k, len(xs), level)
        return Estimate(k / len(xs), low, high, len(xs))
    mean, low, high = _mean_interval(xs, level)
    return Estimate(mean, low, high, len(xs))


def estimates(goals: Sequence[Goal], results: Sequence[GameResult], players: int, *, rounds: str | None = None,
              stronger: Sequence[GameResult] = (), stronger_seat: Mapping[int, int] | None = None,
              level: float = LEVEL, seed: int = 0) -> dict[str, Estimate | None]:
    """Every goal's measure over a run (``stronger``: the games of the stronger player, and the seat it held
    in each, by the game's position in that list)."""
    out: dict[str, Estimate | None] = {}
    for g in goals:
        key = g.measure.key
        if key in out:
            continue
        if key == "stronger":
            seats = stronger_seat or {}
            won = [float(seats[i] in r.winners) for i, r in enumerate(stronger)]
            if not won:
                out[key] = None
                continue
            k = int(sum(won))
            low, high = _rate_interval(k, len(won), level)
            out[key] = Estimate(k / len(won), low, high, len(won))
        else:
            out[key] = estimate(g.measure, results, players, rounds=rounds, level=level, seed=seed)
    return out
