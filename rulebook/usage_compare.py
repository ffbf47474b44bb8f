"""Comparing what each rule did on two sides of a comparison, and what a comparison cannot show.

:func:`usage_table` sets the counts of :mod:`rulebook.usage` side by side (per game,
changed rows marked); :func:`warnings` says when both sides played the same games, when
every seat tied every game, or when the rules a changed option names never decided anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulebook.simulate import Summary, holm, welch_test
from rulebook.usage import label, usage_rules

if TYPE_CHECKING:
    from rulebook.variants import Variant

__all__ = ["usage_table", "warnings"]


def warnings(base: Summary, other: Summary, variant: Variant | None = None) -> list[str]:
    """What makes a comparison unable to show anything, in words (empty: nothing to warn of)."""
    out = []
    same = [i for i, d in base.digests.items() if other.digests.get(i) == d]
    if base.digests and len(same) == len(base.digests) == len(other.digests):
        out.append("both sides played the same games move for move: the change never came into play")
    elif base.digests and len(same) > 0.9 * len(base.digests):
        out.append(f"{len(same)} of {len(base.digests)} games were the same move for move on both sides")
    for name, s in (("the printed rules", base), ("the variant", other)):
        if s.games and s.shared == s.games and all(w == s.games for w in s.wins):
            out.append(f"under {name} every seat tied every game: win rates cannot differ")
    if variant is not None:
        infos = {i.name: i for i in variant.game.options()}
        fired = usage_rules(other.usage) | usage_rules(base.usage)
        recorded = {k.partition(": ")[2] for k in (*base.usage, *other.usage)}
        for option in variant.changes():
            rules = set(infos[option].rules) if option in infos else set()
            checkable = rules & recorded
            if checkable and not checkable & fired:
                out.append(f"the rules {option} changes ({', '.join(sorted(checkable))}) never decided anything")
    return out


def usage_table(base: Summary, other: Summary, alpha: float = 0.05) -> list[tuple[str, float, float, bool]]:
    """``(label, printed mean per game, variant mean per game, changed)`` for every count, rules first.

    A row *changed* when the means differ beyond noise (Welch's t-test, Holm's correction over
    these rows at ``alpha``) or the count happened on one side only.
    """
    keys = sorted(set(base.usage) | set(other.usage), key=lambda k: (k.startswith("move: "), k))
    ps = [welch_test(base.usage.get(k, 0.0), base.usage_sd.get(k, 0.0), base.games,
                     other.usage.get(k, 0.0), other.usage_sd.get(k, 0.0), other.games) for k in keys]
    adjusted = holm(ps)
    rows = []
    for k, p in zip(keys, adjusted, strict=True):
        a, b = base.usage.get(k, 0.0), other.usage.get(k, 0.0)
        rows.append((label(k), a, b, p < alpha or (a == 0) != (b == 0)))
    return rows
