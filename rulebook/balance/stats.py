"""The statistical tests of balance reports (``scipy.stats``, the ``balance`` extra).

Win rates carry 95% Wilson score intervals; two runs are compared with a two-proportion
z-test for rates and Welch's unequal-variances t-test for means, and a table of many
such tests is corrected with Holm's step-down method (family-wise error rate).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulebook.core.optional import require

__all__ = ["holm", "scipy_stats", "two_proportion_test", "welch_test", "wilson_interval"]


def scipy_stats() -> Any:
    """``scipy.stats``, or an error naming the install command (the ``balance`` extra)."""
    return require("scipy.stats", "balance", "balance statistics")


def wilson_interval(successes: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (``scipy.stats.binomtest``).

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if n == 0:
        return 0.0, 1.0
    ci = scipy_stats().binomtest(successes, n).proportion_ci(confidence_level=0.95, method="wilson")
    return float(ci.low), float(ci.high)


def welch_test(m1: float, sd1: float, n1: int, m2: float, sd2: float, n2: int) -> float:
    """Two-sided p-value of Welch's t-test that two means are equal (``scipy.stats``).

    >>> round(welch_test(10.0, 2.0, 30, 11.0, 2.0, 30), 3)
    0.058
    >>> welch_test(3.0, 0.0, 10, 3.0, 0.0, 10), welch_test(3.0, 0.0, 10, 4.0, 0.0, 10)
    (1.0, 0.0)
    """
    if sd1 == 0.0 and sd2 == 0.0:
        return 1.0 if m1 == m2 else 0.0
    if n1 < 2 or n2 < 2:
        return 1.0
    result = scipy_stats().ttest_ind_from_stats(m1, sd1, n1, m2, sd2, n2, equal_var=False)
    return float(result.pvalue)


def two_proportion_test(k1: int, n1: int, k2: int, n2: int) -> float:
    """Two-sided p-value of the pooled two-proportion z-test (Pearson's chi-square on the
    2x2 table without continuity correction, ``scipy.stats.chi2_contingency``).

    >>> round(two_proportion_test(50, 100, 65, 100), 3)
    0.032
    >>> two_proportion_test(0, 10, 0, 20), two_proportion_test(10, 10, 20, 20)
    (1.0, 1.0)
    """
    if k1 + k2 in (0, n1 + n2):
        return 1.0
    table = [[k1, n1 - k1], [k2, n2 - k2]]
    return float(scipy_stats().chi2_contingency(table, correction=False).pvalue)


def holm(p_values: Sequence[float]) -> tuple[float, ...]:
    """Holm's step-down adjusted p-values (family-wise error rate), in the input order.

    Reject row ``i`` at level ``alpha`` when its adjusted p-value is below ``alpha``.

    >>> holm([0.01, 0.04, 0.03, 0.005])
    (0.03, 0.06, 0.06, 0.02)
    >>> holm([])
    ()
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return tuple(round(x, 12) for x in adjusted)
