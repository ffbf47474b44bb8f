"""``--games auto``: play until every figure's verdict is settled, or a cap, keeping the family-wise
error rate (``docs/balance.md``, "How many games: --games auto").

The design is a group-sequential one with a fixed schedule of *looks*: the compare is tested after
:data:`FIRST_LOOK` games a side, then after twice as many each time, up to the cap (:func:`looks`).
The error rate ``alpha`` is split evenly over the ``K`` looks the cap allows (Bonferroni over the
looks: each look tests at ``alpha / K``, so the chance of any false verdict at any look stays below
``alpha``); within a look, Holm's correction runs over each family of figures as in a fixed-size
compare (:func:`~rulebook.balance.figures.compare_many` at level ``alpha / K``). A figure is
*settled* at a look when

* it is beyond noise at that level and large enough to matter (the same verdict as the table's ``*``), or
* it cannot matter: the difference's confidence interval at that level (two-sided, normal,
  ``scipy.stats``) lies within the band a difference must leave to matter
  (:func:`~rulebook.balance.figures.large_enough`: 1% of the reference value and 0.05 standard
  deviations of the figure), so more games could not make it large enough;

and play stops at the first look where every tested figure is settled. Both sides play the same
deals at every look (game ``i`` has the same deal on every side), so the figures stay paired as more
games come.

>>> looks(3200)
(100, 200, 400, 800, 1600, 3200)
>>> looks(250)
(100, 200, 250)
>>> round(look_level(0.05, 3200), 5)
0.00833
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rulebook.balance.figures import MIN_RELATIVE, MIN_SD, Difference
from rulebook.balance.stats import scipy_stats

__all__ = ["DEFAULT_CAP", "FIRST_LOOK", "look_level", "looks", "settled", "unsettled"]

#: Games a side at the first look of ``--games auto``.
FIRST_LOOK = 100
#: The most games a side ``--games auto`` plays by default (``--max-games``).
DEFAULT_CAP = 3200


def looks(cap: int, first: int = FIRST_LOOK) -> tuple[int, ...]:
    """The games a side after each look: ``first``, then twice as many each time, the last one ``cap``."""
    if type(cap) is not int or cap < 1:
        raise ValueError(f"the cap of --games auto must be a whole number of at least 1, got {cap!r}")
    out = []
    n = min(first, cap)
    while n < cap:
        out.append(n)
        n *= 2
    out.append(cap)
    return tuple(out)


def look_level(alpha: float, cap: int, first: int = FIRST_LOOK) -> float:
    """The level each look tests at: ``alpha`` over the number of looks the cap allows."""
    return alpha / len(looks(cap, first))


def _band(d: Difference, sd: float) -> float:
    """The smallest difference that matters for figure ``d`` (:func:`~rulebook.balance.figures.large_enough`)."""
    return max(MIN_RELATIVE * abs(d.printed or 0.0), MIN_SD * sd)


def settled(d: Difference, level: float, games: int) -> bool:
    """Whether figure ``d`` (tested at ``level`` over ``games`` games a side) is settled: beyond noise
    and large enough, or surely too small to matter (see the module doc). A figure that is not
    tested counts as settled.

    >>> from rulebook.balance.figures import Difference
    >>> settled(Difference("x", 10.0, 10.0, 1.0, "welch", False, detectable=0.01), 0.01, 1000)
    True
    >>> settled(Difference("x", 10.0, 10.5, 0.2, "welch", False, detectable=2.0), 0.01, 100)
    False
    """
    if d.p_value is None or d.printed is None or d.variant is None or d.note or d.significant:
        return True
    if d.detectable is None or math.isinf(d.detectable):
        return False
    norm = scipy_stats().norm
    z = float(norm.ppf(1 - level / 2))
    # the standard error behind ``detectable`` (80% power: z(1 - level/2) + z(0.8) standard errors)
    se = d.detectable / (z + float(norm.ppf(0.8)))
    if d.kind == "rate":
        p = (d.printed + d.variant) / 2
        sd = math.sqrt(p * (1 - p))
    else:  # the figure's spread over single games, from the standard error of the difference
        sd = se * math.sqrt(games / 2)
    return abs(d.variant - d.printed) + z * se < _band(d, sd)


def unsettled(tables: Sequence[Sequence[Difference]], level: float, games: int) -> list[Difference]:
    """The figures of ``tables`` not settled at ``level`` after ``games`` games a side."""
    return [d for table in tables for d in table if not settled(d, level, games)]
