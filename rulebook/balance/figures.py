"""The figures of a balance report, each with its unit, and the tests that compare them.

Every report (the terminal table of ``rulebook simulate``, ``--compare``, ``--sweep``, the HTML
page and ``--json``) shows the same rows, built here from :class:`~rulebook.balance.simulate.Summary`
values by :func:`figure_rows`: one row per figure, its name saying its unit ("seat 1 win rate
(% of games)", "seat 1 mean score (points)", "tricks won by the leader (% of tricks)"), a value
per run, and ``None`` where a run does not have the figure: a seat a player count lacks, a
comeback where no game had the three scoring events one needs, a game's figure a variant does
not report. Reports print ``None`` as "n/a", never as 0.

:func:`compare_many` tests every run against the first (the reference), row by row: a
two-proportion z-test for rates counted over games, Welch's t-test for means (and for shares
averaged over games, such as the share of tricks the leader won), with Holm's correction over
the tested rows of each family (:data:`FAMILIES`). A row is not tested, and shows "n/a" for its difference, when
either side lacks the figure or when the sides count it in different units (a score in points
against one in successes: :func:`score_unit`). A row is *significant* (highlighted) only when
its Holm-corrected p-value is below ``alpha`` and its difference is large enough to matter
(:func:`large_enough`: at least :data:`MIN_RELATIVE` of the reference value and :data:`MIN_SD`
standard deviations of the figure over games).

>>> import rulebook
>>> from rulebook.variants.variant import resolve
>>> game = rulebook.get_game("seven-prophecies")
>>> score_unit(resolve(game)), score_unit(resolve(game, ruleset="one-round"))
('points', 'cubes')
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from rulebook.balance.stats import holm, two_proportion_test, welch_test
from rulebook.i18n import N_, _

if TYPE_CHECKING:
    from rulebook.balance.simulate import Summary
    from rulebook.variants.variant import Variant

__all__ = [
    "FAMILIES",
    "FAMILY_WORDS",
    "FIGURE_NAMES",
    "GROUPS",
    "MIN_RELATIVE",
    "MIN_SD",
    "POWER",
    "Difference",
    "Row",
    "Value",
    "compare",
    "compare_many",
    "detectable",
    "families",
    "figure_name",
    "figure_rows",
    "format_detectable",
    "format_difference",
    "format_p",
    "format_value",
    "large_enough",
    "ordinal",
    "score_unit",
    "unit_warnings",
    "unit_word",
]

#: What each game's scores count (``state.scores``) under its printed rules.
SCORE_UNITS = {
    "witches-of-blackmore": "points",
    "seven-prophecies": "points",
    "utsuke": "honour",
    "gods-and-humans": "points",
    "saru-tori-inu-i": "points",
}
#: Seven Prophecies' printed variants score other things (SP-SCORE-1, SP-VAR-1, SP-VAR-2).
_SP_UNITS = {"points": "points", "twice": "successes", "most-cubes": "cubes"}
#: The options that set what a game's scores are worth (its points tables): a side that changes
#: one scores on another scale, so its score rows are not compared with the printed side's; the
#: win rates and the margin as a share of the top score compare them.
SCALE_OPTIONS = {
    "witches-of-blackmore": ("points",),
    "seven-prophecies": ("success_points", "cube_penalty"),
    "saru-tori-inu-i": ("colour_points",),
    "utsuke": ("honour_exact", "honour_closest"),
}
#: The units the games score in, marked for the catalog (shown with :func:`unit_word`).
UNIT_WORDS = {"points": N_("points"), "honour": N_("honour"), "successes": N_("successes"), "cubes": N_("cubes"),
              "points, other table": N_("points, other table"), "honour, other table": N_("honour, other table")}


def score_unit(variant: Variant) -> str:
    """What a variant's scores count: the game's unit, Seven Prophecies' by its ``variant`` option,
    or the ``unit`` a ``scores`` hook names on itself (``count_cards.unit = "cards"``); ``"points,
    other table"`` where the variant changes a points table (:data:`SCALE_OPTIONS`)."""
    hook = variant.scores_hook
    unit = getattr(hook, "unit", None) if hook is not None else None
    if isinstance(unit, str) and unit.strip():
        return unit.strip()
    slug = variant.game.slug
    unit = _SP_UNITS.get(str(variant.rules.variant), "points") if slug == "seven-prophecies" else \
        SCORE_UNITS.get(slug, "points")
    if any(name in variant.changes() for name in SCALE_OPTIONS.get(slug, ())):
        return f"{unit}, other table"
    return unit


#: Plain names, with their unit, of the end-of-game figures the games report (``Summary.stats``
#: keys); ``{score}`` stands for the run's score unit. A key not listed reads as its words.
FIGURE_NAMES: dict[str, str] = {
    "top_score": N_("top score ({score})"),
    "score_margin": N_("score margin ({score})"),
    "margin_share": N_("score margin (% of the top score)"),
    "replacements": N_("trump replacements"),
    "trump_stack_left": N_("trump cards left on the stack"),
    "fulfilments": N_("prophecies fulfilled"),
    "mean_tricks_per_round": N_("tricks per round"),
    "rounds": N_("rounds played"),
    "rounds_ended_after_trick_10": N_("rounds ended after trick 10"),
    "rounds_ended_by_seventh_cube": N_("rounds ended by the seventh cube"),
    "ended_by_honour": N_("games ended by honour"),
    "ended_by_loss": N_("games ended by a loss"),
    "everyone_lost": N_("games everyone lost"),
    "exact_bids": N_("exact bids"),
    "lord_tricks_mean": N_("tricks the lord took, per round"),
    "losers": N_("losing seats"),
    "winners": N_("winning seats"),
    "deals": N_("deals played"),
    "exact_predictions": N_("exact predictions"),
    "lone_exact_predictions": N_("lone exact predictions"),
    "field_interventions": N_("interventions on the field"),
    "forced_interventions": N_("forced interventions"),
    "hand_interventions": N_("interventions from the hand"),
    "mixed_interventions": N_("mixed interventions"),
    "cards_acquired": N_("cards acquired"),
    "declarations": N_("declarations"),
    "face_down_plays": N_("cards played face down"),
    "races": N_("races run"),
    "road_cards": N_("cards on the road"),
}

#: The groups of rows, in reading order, with their titles.
GROUPS = {
    "outcomes": N_("outcomes"),
    "game": N_("the game's own figures (mean per game)"),
    "tricks": N_("who wins tricks"),
    "roles": N_("by role"),
    "ranks": N_("which card numbers win"),
    "measures": N_("the designer's measures (mean per game)"),
}


#: end-of-game figures whose names state a printed number an option changes: key -> (the option,
#: its printed value, the name with one value for every side, the name when the sides differ)
_NUMBERED = {
    "rounds_ended_by_seventh_cube": ("cubes", 7, N_("rounds ended by cube {n} of a prophecy"),
                                     N_("rounds ended by a prophecy's last cube")),
    "rounds_ended_after_trick_10": ("tricks", 10, N_("rounds ended after trick {n}"),
                                    N_("rounds ended after the round's last trick")),
}


def _numbered_name(key: str, runs: Sequence[Summary]) -> str:
    """The name of figure ``key`` with the numbers the runs' options set (``""``: its printed name
    holds for every run): Seven Prophecies with 6 cubes ends rounds "by cube 6 of a prophecy", not by the
    seventh cube."""
    found = _NUMBERED.get(key)
    if found is None:
        return ""
    option, printed, one, several = found
    values = {s.variant.get("changes", {}).get(option, printed) if isinstance(s.variant, dict) else printed
              for s in runs}
    if values == {printed}:
        return ""
    if len(values) > 1 or not all(type(v) is int for v in values):
        return _(several)
    (n,) = values
    return _(one).format(n=n)


def figure_name(key: str, score: str = "points", runs: Sequence[Summary] = ()) -> str:
    """The plain name of an end-of-game figure key, with its unit where it has one; with ``runs``, the
    numbers it names follow their options (Seven Prophecies' cubes and tricks, for example)."""
    numbered = _numbered_name(key, runs)
    if numbered:
        return numbered
    name = _(FIGURE_NAMES[key]) if key in FIGURE_NAMES else key.replace("_", " ").strip()
    return name.replace("{score}", score)


@attrs.frozen
class Value:
    """A figure of one run: ``value``, over ``n`` games; ``k`` successes for a rate, ``sd`` for a mean."""

    value: float
    n: int
    k: int = 0
    sd: float = 0.0


@attrs.frozen
class Row:
    """One figure over several runs: a value per run (``None``: the run does not have it)."""

    key: str
    name: str
    #: "rate" (a share of games, counted), "share" (a share averaged over games) or "mean"
    kind: str
    group: str
    values: tuple[Value | None, ...]
    #: each run's unit for this row; a row compares only runs with the same unit
    units: tuple[str, ...]


#: The ordinal forms of a number, by English suffix: each a whole template, so that a language
#: without suffixes renders them its own way (Japanese: the bare number, "2番目").
_ORDINALS = {"st": N_("{n}st"), "nd": N_("{n}nd"), "rd": N_("{n}rd"), "th": N_("{n}th")}


def ordinal(n: int) -> str:
    """``n`` as an ordinal in the language shown.

    >>> ordinal(1), ordinal(2), ordinal(3), ordinal(11), ordinal(22)
    ('1st', '2nd', '3rd', '11th', '22nd')
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return _(_ORDINALS[suffix]).format(n=n)


def unit_word(unit: str) -> str:
    """A score unit in the language shown (a unit a hook names stays as it is where the catalog lacks it).

    >>> unit_word("honour")
    'honour'
    """
    return _(UNIT_WORDS.get(unit, unit))


def _play_name(key: str, deal: str, score: str, units: Mapping[str, str] | None = None) -> tuple[str, str, str]:
    """(name with unit, kind, group) of a play-level figure key (:mod:`rulebook.balance.play_figures`)."""
    kind, _sep, rest = key.partition(": ")
    if kind == "tricks":
        if rest == "off colour":
            return _("tricks won off the colour led (% of tricks)"), "share", "tricks"
        if rest == "trump":
            return _("tricks decided by a trump (% of tricks)"), "share", "tricks"
        place = int(rest.rpartition(" ")[2])
        if place == 1:
            return _("tricks won by the leader (% of tricks)"), "share", "tricks"
        return _("tricks won by the {nth} to play (% of tricks)").format(nth=ordinal(place)), "share", "tricks"
    if kind == "rank":
        return _("card number {n}: won its trick (% of plays)").format(n=rest), "share", "ranks"
    if kind == "team":  # partnerships (``simulate.teams_of``): the unit that wins
        seats, _sep, what = rest.rpartition(": ")
        listed = seats.split("+")
        who = _(", ").join(listed[:-1]) + _(" and ") + listed[-1]
        if what == "wins":
            return _("team of seats {seats}: win rate (% of games)").format(seats=who), "share", "outcomes"
        return _("team of seats {seats}: combined score ({score})").format(seats=who, score=score), "mean", \
            "outcomes"
    if kind == "role":
        role, _sep, what = rest.rpartition(": ")
        if what == "wins":
            return _("{role}: {deal}s won (% of {deal}s)").format(role=_(role), deal=_(deal)), "share", "roles"
        return _("{role}: {score} per {deal}").format(role=_(role), score=score, deal=_(deal)), "mean", "roles"
    unit = (units or {}).get(rest)
    name = (_("{name} ({unit}, mean per game)").format(name=rest, unit=unit) if unit
            else _("{name} (mean per game)").format(name=rest))
    return name, "mean", "measures"


def _role_deal(s: Summary) -> str:
    from rulebook.balance.play_figures import ROLES

    found = ROLES.get(str(s.variant.get("game", "")))
    return found[1] if found is not None else "deal"


def _lead(s: Summary) -> tuple[float, float]:
    n = s.games
    mean = math.fsum(v * c for v, c in s.lead_change_hist.items()) / n
    ss = math.fsum(c * (v - mean) ** 2 for v, c in s.lead_change_hist.items())
    return mean, math.sqrt(ss / (n - 1)) if n > 1 else 0.0


def figure_rows(runs: Sequence[Summary]) -> list[Row]:
    """Every figure of ``runs`` as rows (one value per run), grouped as :data:`GROUPS` orders them."""
    seats = max(s.players for s in runs)
    scores = tuple(s.score_unit for s in runs)
    rows: list[Row] = []

    def add(key: str, name: str, kind: str, group: str, values: list[Value | None],
            units: tuple[str, ...] | None = None) -> None:
        rows.append(Row(key, name, kind, group, tuple(values), units or ("",) * len(runs)))

    unit = " / ".join(dict.fromkeys(unit_word(u) for u in scores))
    # in partnerships the unit that wins is the pair: seat win rates, shared wins, comebacks and
    # lead changes count pairs there, so they are not compared with a side of single seats
    winners = tuple("pairs" if _in_teams(s) else "seats" for s in runs)

    add("actions per game", _("actions per game (moves)"), "mean", "outcomes",
        [Value(s.mean_length, s.games, sd=s.sd_length) for s in runs])
    for k in range(seats):
        add(f"seat {k} win rate", _("seat {n} win rate (% of games)").format(n=k + 1), "rate", "outcomes",
            [Value(s.win_rate[k], s.games, s.wins[k]) if k < s.players else None for s in runs], winners)
    for k in range(seats):
        add(f"seat {k} mean score", _("seat {n} mean score ({unit})").format(n=k + 1, unit=unit), "mean", "outcomes",
            [Value(s.mean_score[k], s.games, sd=s.sd_score[k]) if k < s.players else None for s in runs], scores)
    add("shared wins", _("shared wins (% of games)"), "rate", "outcomes",
        [Value(s.shared_wins, s.games, s.shared) for s in runs], winners)
    add("games nobody won", _("games nobody won (% of games)"), "rate", "outcomes",
        [Value(s.no_winner, s.games, s.nobody) for s in runs])
    add("comebacks", _("comebacks (% of games that could have one)"), "rate", "outcomes",
        [Value(s.comebacks, s.comeback_chances, s.comeback_games) if s.comebacks is not None else None
         for s in runs], winners)
    leads = [_lead(s) for s in runs]
    add("lead changes per game", _("lead changes per game (lead changes)"), "mean", "outcomes",
        [Value(mean, s.games, sd=sd) for s, (mean, sd) in zip(runs, leads, strict=True)], winners)
    for key in sorted({k for s in runs for k in s.stats}):
        scored = key in ("top_score", "score_margin")
        add(f"mean {key}", figure_name(key, unit, runs), "share" if key == "margin_share" else "mean",
            "outcomes" if key == "margin_share" else "game",
            [Value(s.stats[key], s.games, sd=s.stats_sd.get(key, 0.0)) if key in s.stats else None for s in runs],
            scores if scored else None)
    deal = next((_role_deal(s) for s in runs if any(k.startswith("role: ") for k in s.play)), "deal")
    keys = {k for s in runs for k in s.play}
    for key in sorted(keys, key=_play_order):
        name, kind, group = _play_name(key, deal, unit, {k: v for s in runs for k, v in s.measure_units.items()})
        values: list[Value | None] = [
            Value(s.play[key], s.play_games[key], sd=s.play_sd.get(key, 0.0)) if key in s.play else None
            for s in runs]
        add(key, name, kind, group, values, scores if key.endswith(": points") else None)
    order = list(GROUPS)
    return sorted(rows, key=lambda r: order.index(r.group))


def _in_teams(s: Summary) -> bool:
    """Whether a run was played in partnerships (it has team figures)."""
    return any(k.startswith("team: ") for k in s.play)


def _play_order(key: str) -> tuple[Any, ...]:
    kind, _sep, rest = key.partition(": ")
    number = re.search(r"\d+", rest)
    return (kind, rest in ("off colour", "trump"), int(number[0]) if number and kind != "role" else 0, rest)


@attrs.frozen
class Difference:
    """One figure of two runs, with the test of whether they differ (``None``: n/a)."""

    metric: str
    #: the reference run's value and the other run's (``None``: that run does not have the figure)
    printed: float | None
    variant: float | None
    #: the row's own p-value (``None``: not tested, see :attr:`note`)
    p_value: float | None
    test: str
    #: whether the Holm-adjusted p-value is below ``alpha``
    significant: bool
    #: how to print the figures: "rate" and "share" as percentages, "mean" as numbers
    kind: str = "mean"
    #: the p-value after Holm's correction over every tested row of the table
    p_adjusted: float | None = 1.0
    #: the figure's name for people, with its unit
    name: str = ""
    group: str = "outcomes"
    #: why the row is not tested: "" (it is), "not defined" or "different units"
    note: str = ""
    #: whether the difference is large enough to matter (:func:`large_enough`); ``significant``
    #: needs it too, however small the p-value
    large: bool = True
    #: the smallest difference these games could detect (:func:`detectable`: 80% power at the
    #: row's share of ``alpha`` in its family), in the figure's unit; ``None`` where not tested
    detectable: float | None = None

    @property
    def percent(self) -> bool:
        return self.kind in ("rate", "share")


#: The practical threshold: a difference is highlighted only when it is at least this share of the
#: reference value (relative; any difference from a reference of 0) ...
MIN_RELATIVE = 0.01
#: ... and at least this many standard deviations of the figure over single games (a rate's
#: sqrt(p (1 - p)) from the two sides' games together; a mean's pooled standard deviation).
MIN_SD = 0.05


def large_enough(row: Row, a: Value, b: Value) -> bool:
    """Whether ``b`` differs from ``a`` by at least :data:`MIN_RELATIVE` of ``a`` and :data:`MIN_SD`
    standard deviations of the figure over games: a smaller difference is never highlighted,
    whatever its p-value (``actions per game 68.999 -> 68.993`` in 2,000 games is noise-free but
    negligible).

    >>> row = Row("actions per game", "", "mean", "outcomes", (), ())
    >>> large_enough(row, Value(68.999, 2000, sd=0.1), Value(68.993, 2000, sd=0.1))
    False
    >>> rate = Row("seat 0 win rate", "", "rate", "outcomes", (), ())
    >>> large_enough(rate, Value(0.25, 2000, 500), Value(0.28, 2000, 560)), large_enough(
    ...     rate, Value(0.25, 2000, 500), Value(0.255, 2000, 510))
    (True, False)
    """
    diff = abs(b.value - a.value)
    if diff < MIN_RELATIVE * abs(a.value):
        return False
    if row.kind == "rate":
        n = a.n + b.n
        p = (a.k + b.k) / n if n else 0.0
        sd = math.sqrt(p * (1 - p))
    else:
        sd = math.sqrt((a.sd ** 2 + b.sd ** 2) / 2)
    return diff >= MIN_SD * sd and diff > 0


#: The power at which :func:`detectable` gives the smallest difference a comparison could detect.
POWER = 0.8


def detectable(kind: str, a: Value, b: Value, level: float, power: float = POWER) -> float:
    """The smallest difference between two runs of ``a.n`` and ``b.n`` games that a two-sided test at
    ``level`` finds with probability ``power``: ``(z(1 - level/2) + z(power))`` standard errors of the
    difference (a rate's from the two sides' pooled share, a mean's from each side's standard deviation).

    >>> round(detectable("rate", Value(0.25, 200, 50), Value(0.25, 200, 50), 0.05), 4)
    0.1213
    >>> round(detectable("mean", Value(5.0, 100, sd=2.0), Value(5.5, 100, sd=2.0), 0.05), 3)
    0.792
    """
    from rulebook.balance.stats import scipy_stats

    norm = scipy_stats().norm
    z = float(norm.ppf(1 - level / 2) + norm.ppf(power))
    if a.n < 1 or b.n < 1:
        return math.inf
    if kind == "rate":
        p = (a.k + b.k) / (a.n + b.n)
        se = math.sqrt(p * (1 - p) * (1 / a.n + 1 / b.n))
    else:
        se = math.sqrt(a.sd ** 2 / a.n + b.sd ** 2 / b.n)
    return z * se


def format_detectable(d: Difference) -> str:
    """:attr:`Difference.detectable` for people, in the difference's unit ("n/a" when not tested).

    >>> format_detectable(Difference("x", 0.2, 0.3, 0.01, "z", True, "rate", detectable=0.0412))
    '±4.1 pt'
    """
    if d.detectable is None or d.note:
        return _("n/a")
    if math.isinf(d.detectable):
        return "∞"
    return f"±{d.detectable * 100:.1f} pt" if d.percent else f"±{d.detectable:.3f}"


def _test(row: Row, a: Value, b: Value) -> tuple[float, str]:
    if row.kind == "rate":
        return two_proportion_test(a.k, a.n, b.k, b.n), "z"
    return welch_test(a.value, a.sd, a.n, b.value, b.sd, b.n), "welch"


#: The families of rows Holm's correction runs over, by group: what the games came to (outcomes and
#: the game's own end figures), how they were played (tricks, roles, card numbers), and the
#: designer's measures. Each answers its own question, so each keeps its own family-wise error rate.
FAMILIES = {"outcomes": "outcomes", "game": "outcomes", "tricks": "play", "roles": "play", "ranks": "play",
            "measures": "measures"}


#: The families, in words.
FAMILY_WORDS = {"outcomes": N_("outcomes"), "play": N_("play figures"), "measures": N_("measures")}


def families(tables: Sequence[Sequence[Difference]]) -> dict[str, int]:
    """Tested rows per family of :data:`FAMILIES`, in reading order (for the footnote of a table)."""
    out: dict[str, int] = {}
    for table in tables:
        for d in table:
            if d.p_value is not None:
                family = FAMILIES.get(d.group, d.group)
                out[family] = out.get(family, 0) + 1
    return out


def compare_many(
    base: Summary, others: Sequence[Summary], *, alpha: float = 0.05
) -> list[tuple[Difference, ...]]:
    """Every figure of each of ``others`` against ``base``, tested at ``alpha`` with Holm's correction
    over the tested rows of every comparison together, within each family of :data:`FAMILIES`."""
    rows = figure_rows([base, *others])
    tables: list[list[Difference]] = [[] for _other in others]
    rows_of: list[list[Row]] = [[] for _other in others]
    tested: dict[str, list[tuple[int, int, float]]] = {}
    for row in rows:
        a = row.values[0]
        for j in range(len(others)):
            b = row.values[j + 1]
            p: float | None = None
            test = ""
            large = True
            if a is None or b is None:
                note = "not defined"
            elif row.units[0] != row.units[j + 1]:
                note = "different units"
            else:
                note = ""
                p, test = _test(row, a, b)
                large = large_enough(row, a, b)
            if p is not None:
                tested.setdefault(FAMILIES.get(row.group, row.group), []).append((j, len(tables[j]), p))
            tables[j].append(Difference(
                row.key, a.value if a is not None else None, b.value if b is not None else None, p, test, False,
                row.kind, None if p is None else 1.0, row.name, row.group, note, large))
            rows_of[j].append(row)
    for family in tested.values():
        adjusted = holm([p for _j, _i, p in family])
        level = alpha / len(family)  # Holm's first step: the level every row must be able to meet
        for (j, i, _p), q in zip(family, adjusted, strict=True):
            row = rows_of[j][i]
            a, b = row.values[0], row.values[j + 1]
            assert a is not None and b is not None
            tables[j][i] = attrs.evolve(tables[j][i], p_adjusted=q, significant=q < alpha and tables[j][i].large,
                                        detectable=detectable(row.kind, a, b, level))
    return [tuple(t) for t in tables]


def compare(base: Summary, other: Summary, *, alpha: float = 0.05) -> tuple[Difference, ...]:
    """Every figure of ``base`` (the reference, often the printed rules) against ``other``, tested at ``alpha``.

    Rates use the two-proportion z-test, means Welch's t-test. The table tests many
    figures at once, so a row is *significant* only when its p-value survives Holm's
    correction over the tested rows of its family (:data:`FAMILIES`: the outcomes, the play,
    the designer's measures; family-wise error rate ``alpha``). A row either run lacks, or
    counts in another unit, is not tested (``p_value`` ``None``, :attr:`Difference.note`).
    """
    return compare_many(base, [other], alpha=alpha)[0]


def unit_warnings(runs: Mapping[str, Summary]) -> list[str]:
    """A sentence when the runs' scores count different things (their score rows are not compared)."""
    out = []
    teams = [label for label, s in runs.items() if _in_teams(s)]
    if teams and len(teams) < len(runs):
        out.append(_("{sides} played in partnerships, which win as pairs: seat win rates, shared wins, comebacks "
                     "and lead changes count pairs there and are not compared; the team rows show the pairs").format(
            sides=_(", ").join(teams)))
    units = {label: s.score_unit for label, s in runs.items()}
    if len(set(units.values())) < 2:
        return out
    each = ", ".join(_("{unit} ({label})").format(unit=unit_word(u), label=label) for label, u in units.items())
    return [*out, _("the sides count scores in different units ({each}): the score rows are not compared").format(
        each=each)]


def format_value(kind: str, value: float | None, digits: int = 3) -> str:
    """A figure for people: a percentage for rates and shares, else ``digits`` decimals; "n/a" for ``None``.

    >>> format_value("rate", 0.25), format_value("mean", 2.0), format_value("share", None)
    ('25.0%', '2.000', 'n/a')
    """
    if value is None:
        return _("n/a")
    return f"{value:.1%}" if kind in ("rate", "share") else f"{value:.{digits}f}"


def format_difference(d: Difference) -> str:
    """The other run's value minus the reference's: points of percentage for rates and shares; "n/a"
    when the row is not compared (a side lacks it, or counts it in another unit)."""
    if d.printed is None or d.variant is None or d.note:
        return _("n/a")
    delta = d.variant - d.printed
    return f"{delta * 100:+.1f} pt" if d.percent else f"{delta:+.3f}"


def format_p(p: float | None) -> str:
    """A p-value for people: "<0.001" below it, three decimals otherwise, "n/a" when not tested."""
    if p is None:
        return _("n/a")
    return "<0.001" if p < 0.001 else f"{p:.3f}"
