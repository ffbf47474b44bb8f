"""Balance measures over a run of games (a :class:`~rulebook.balance.simulate.Summary`).

Every measure is defined in ``docs/balance.md`` with its formula and source. In short:

* **seat advantage**: each seat's win rate against the mean seat's, and Pearson's
  chi-square test that wins are spread evenly over the seats;
* **skill gap** (Jaffe et al. 2012, restricted play): how far a player kind's win rate
  per seat-game lies above the average seat's, with a 95% interval;
* **decisiveness**: shared wins, games nobody won, and the winning margin (top score
  minus the next best, in the variant's scores);
* **game length**: actions per game, as integer bins;
* **drama**: lead changes per game and the share of comebacks (Browne's lead-change
  and comeback measures, as in Ludii's metrics).

Every measure copes with games nobody won (UTSUKE, when every seat loses): such games
count in every denominator and in no seat's wins.

>>> from rulebook.balance.simulate import GameResult, summarise
>>> games = [GameResult(i, 10, (3, 1), frozenset({0}), {"score_margin": 2.0}) for i in range(3)]
>>> games.append(GameResult(3, 12, (0, 0), frozenset(), {"score_margin": 0.0}))
>>> m = measures(summarise(games, 2))
>>> m["seat_advantage"]["win_rate"], m["seat_advantage"]["advantage"]
([0.75, 0.0], [0.375, -0.375])
>>> m["decisiveness"]["no_winner"], m["decisiveness"]["mean_margin"]
(0.25, 1.5)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from rulebook.balance.simulate import Summary

__all__ = ["SeatAdvantage", "SkillGap", "measures", "seat_advantage", "skill_gap"]


@attrs.frozen
class SeatAdvantage:
    """Win rate per seat against the mean seat, and the chi-square test of an even spread."""

    win_rate: tuple[float, ...]
    #: win rate minus the mean win rate over seats (the fair share when no seat is favoured)
    advantage: tuple[float, ...]
    chi2: float
    p_value: float


def seat_advantage(wins: Sequence[int], games: int) -> SeatAdvantage:
    """Seat advantage from each seat's wins over ``games`` games.

    Under no seat advantage every seat expects the same number of wins, ``sum(wins)/n``;
    Pearson's statistic ``sum((w - e)^2 / e)`` has ``n - 1`` degrees of freedom
    (``scipy.stats.chisquare``). With no wins at all there is nothing to test (p = 1).

    >>> a = seat_advantage([30, 10, 20], 60)
    >>> [round(x, 4) for x in a.advantage], a.chi2, round(a.p_value, 5)
    ([0.1667, -0.1667, 0.0], 10.0, 0.00674)
    >>> seat_advantage([0, 0], 5).p_value
    1.0
    """
    from rulebook.balance.stats import scipy_stats

    n = len(wins)
    rates = tuple(w / games for w in wins) if games else (0.0,) * n
    mean = sum(rates) / n
    total = sum(wins)
    if total == 0 or n < 2:
        return SeatAdvantage(rates, tuple(r - mean for r in rates), 0.0, 1.0)
    result = scipy_stats().chisquare(list(wins))
    return SeatAdvantage(rates, tuple(r - mean for r in rates), float(result.statistic), float(result.pvalue))


@attrs.frozen
class SkillGap:
    """How much a player kind wins per seat-game above the average seat."""

    kind: str
    seat_games: int
    wins: int
    win_rate: float
    #: 95% Wilson interval of ``win_rate``
    ci: tuple[float, float]
    #: ``win_rate`` minus the win rate of all seats together
    gap: float


def skill_gap(players_as: Sequence[str], wins: Sequence[int], games: int) -> tuple[SkillGap, ...]:
    """The skill gap of each player kind in a run where kinds held fixed seats.

    A kind's win rate is its seats' wins over its seat-games; the gap is that minus the
    win rate of all seat-games. Seat-rotate the kinds (``bench/strength.py`` does) so
    that seat advantage does not pass for skill.

    >>> [(g.kind, g.win_rate, round(g.gap, 4)) for g in skill_gap(["ismcts", "random", "random"], [60, 20, 20], 100)]
    [('ismcts', 0.6, 0.2667), ('random', 0.2, -0.1333)]
    """
    from rulebook.balance.stats import wilson_interval

    total = sum(wins) / (games * len(wins)) if games else 0.0
    out = []
    for kind in dict.fromkeys(players_as):
        seats = [s for s, k in enumerate(players_as) if k == kind]
        w = sum(wins[s] for s in seats)
        n = games * len(seats)
        rate = w / n if n else 0.0
        out.append(SkillGap(kind, n, w, rate, wilson_interval(w, n), rate - total))
    return tuple(out)


def _mean(hist: dict[Any, int], n: int) -> float:
    return math.fsum(v * c for v, c in hist.items()) / n if n else 0.0


def measures(s: Summary) -> dict[str, Any]:
    """Every balance measure of a summary, as JSON-compatible data."""
    adv = seat_advantage(s.wins, s.games)
    margin = s.stats_hist.get("score_margin", {})
    out: dict[str, Any] = {
        "seat_advantage": {
            "win_rate": list(adv.win_rate),
            "advantage": list(adv.advantage),
            "chi2": adv.chi2,
            "p_value": adv.p_value,
        },
        "decisiveness": {
            "shared_wins": s.shared_wins,
            "no_winner": s.no_winner,
            "mean_margin": _mean(margin, s.games),
            "margin_hist": {str(k): v for k, v in sorted(margin.items())},
        },
        "length": {
            "mean": s.mean_length,
            "hist": {str(k): v for k, v in sorted(s.length_hist.items())},
        },
        "drama": {
            "mean_lead_changes": _mean(s.lead_change_hist, s.games),
            "lead_change_hist": {str(k): v for k, v in sorted(s.lead_change_hist.items())},
            "comebacks": s.comebacks,
        },
    }
    if s.players_as and len(set(s.players_as)) > 1:
        out["skill_gap"] = [attrs.asdict(g) for g in skill_gap(s.players_as, s.wins, s.games)]
    return out
