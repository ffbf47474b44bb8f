"""Comparing what each rule did on the sides of a comparison, and what a comparison cannot show.

:func:`usage_rows` sets the counts of :mod:`rulebook.balance.usage` side by side (per game, changed
rows marked); :func:`warnings` says when both sides played the same games, when every seat
tied every game, when a figure is undefined under one side, or when the rules a changed option
names never decided anything.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rulebook.balance.figures import Difference, Row, Value, large_enough
from rulebook.balance.simulate import Summary, holm, welch_test
from rulebook.balance.usage import label, usage_rules
from rulebook.core.options import rules_to_dict
from rulebook.i18n import _

if TYPE_CHECKING:
    from rulebook.variants.variant import Variant

__all__ = ["fired_changes", "same_moves_warning", "usage_rows", "usage_table", "warnings"]


#: rule IDs of the kinds every finished trick's record cites (:func:`rulebook.balance.usage.usage_of`):
#: who won it, and by which conduct an NPC played (scoring and end rules count only where seen:
#: some of them decide the winners, which no record cites)
_RECORDED = re.compile(r"-(TRICK|LORD)-\d+$")


def _changed_options(variant: Variant, reference: Variant | None) -> list[str]:
    """The options ``variant`` sets otherwise than ``reference`` (the printed rules when ``None``)."""
    if reference is None or reference.game is not variant.game:
        return list(variant.changes())
    mine, theirs = rules_to_dict(variant.rules), rules_to_dict(reference.rules)
    return [k for k, v in mine.items() if theirs.get(k) != v]


def same_moves_warning(base: Summary, other: Summary) -> str:
    """What it means that the two sides played the same moves ("": they did not, or too few games did).

    Every game the same move for move and with the same outcome: the change never came into play.
    Every game the same move for move but some outcome differs: the players did not read the rule
    (they played as under the other side's rules), so the differences are its arithmetic only; search
    players see a rule through the results (``--players-as ismcts,...``). More than nine games in ten
    the same move for move: how many.
    """
    if not base.digests:
        return ""
    same = [i for i, d in base.digests.items() if other.digests.get(i) == d]
    if len(same) == len(base.digests) == len(other.digests):
        known = bool(base.outcomes) and set(base.outcomes) == set(other.outcomes)
        if known and any(base.outcomes[i] != other.outcomes[i] for i in same):
            search = ",".join(["ismcts"] * other.players)
            return _("the players did not change a single move: they do not read this rule, so the differences "
                     "below are the rule's arithmetic only; to see how players react to it, compare with search "
                     "players (--players-as {search})").format(search=search)
        bit = other.usage.get("decided: auto (search)", 0.0) + sum(
            v for k, v in other.usage.items() if k.startswith("offered: "))
        if bit:  # the rule came into play: the players searched there, or were offered its moves
            return _("both sides played the same games move for move, with the same results, though the variant's "
                     "rules came into play {n:.2f} times a game (decisions searched or offered its moves): the "
                     "players kept to the moves they would have made anyway").format(n=bit)
        if known:
            return _("both sides played the same games move for move, with the same results: the change never "
                     "came into play")
        return _("both sides played the same games move for move")
    if len(same) > 0.9 * len(base.digests):
        return _("{same} of {games} games were the same move for move on both sides").format(
            same=len(same), games=len(base.digests))
    return ""


def warnings(
    base: Summary, other: Summary, variant: Variant | None = None, *, reference: Variant | None = None
) -> list[str]:
    """What makes a comparison unable to show anything, in words (empty: nothing to warn of).

    ``variant`` is the other side's variant and ``reference`` the first side's (the printed
    rules when not given): the options that differ between them are checked for rules that
    never decided anything.

    When both sides played every game move for move alike, the outcomes tell which of two
    things happened: the same outcomes too, so the change never came into play; or other
    scores or winners, so the rule came into play but the players did not react to it, and what
    differs is the rule's arithmetic only (:func:`same_moves_warning`).
    """
    out = []
    same_moves = same_moves_warning(base, other)
    if same_moves:
        out.append(same_moves)
    first = _("the printed rules") if reference is None else _("the reference")
    for name, s in ((first, base), (_("the variant"), other)):
        if s.games and s.shared == s.games and all(w == s.games for w in s.wins):
            out.append(_("under {name} every seat tied every game: win rates cannot differ").format(name=name))
    for name, s in ((first, base), (_("the variant"), other)):
        if s.comebacks is None:
            out.append(_("under {name} no game had the 3 scoring events a comeback needs: comebacks are "
                         "undefined (n/a)").format(name=name))
    if variant is not None:
        infos = {i.name: i for i in variant.game.options()}
        fired = usage_rules(other.usage) | usage_rules(base.usage)
        recorded = {k.partition(": ")[2] for k in (*base.usage, *other.usage)}
        for option in _changed_options(variant, reference):
            rules = set(infos[option].rules) if option in infos else set()
            # the rules the counts would show had they decided anything: the ones seen, and the
            # trick and NPC conduct rules (every trick's record cites the rule behind it)
            checkable = {r for r in rules if r in recorded or _RECORDED.search(r)}
            if option != "players" and checkable and not checkable & fired:
                out.append(_("the rules {option} changes ({rules}) never decided anything").format(
                    option=option, rules=", ".join(sorted(checkable))))
    return out


def _order(key: str) -> tuple[bool, str, str]:
    """Rules first (by key), then each kind of move followed by its forced moves."""
    kind, _sep, name = key.partition(": ")
    if kind in ("move", "forced"):
        return True, name, "" if kind == "move" else kind
    if kind in ("added", "offered", "taken"):  # the moves a variant adds, after the game's own
        return True, "~" + name.partition(": ")[0], {"offered": "0", "added": "1"}.get(kind, "2" + name)
    if kind == "decided":  # who made the decisions, last
        return True, "~~" + name, ""
    return False, key, ""


#: a count per game, for :func:`~rulebook.balance.figures.large_enough`
_COUNT = Row("count", "", "mean", "usage", (), ())


def usage_rows(
    base: Summary, others: Sequence[Summary], alpha: float = 0.05,
    tables: Sequence[Sequence[Difference]] | None = None,
) -> list[tuple[str, tuple[float, ...], bool]]:
    """``(label, mean per game on every side, changed)`` for every count, rules first, then moves.

    A row *changed* when some side's mean differs from ``base``'s beyond noise (Welch's t-test,
    Holm's correction over every row and side at ``alpha``) by enough to matter
    (:func:`~rulebook.balance.figures.large_enough`), or the count happened on some sides only.

    ``tables`` (the report's main tables, :func:`~rulebook.balance.figures.compare_many`): a count
    that is also a figure there (the same mean per game on both sides, such as the trump
    replacements) takes that figure's verdict, so the two tables never disagree on what is beyond noise.
    """
    runs = [base, *others]
    keys = sorted({k for s in runs for k in s.usage}, key=_order)
    ps = [welch_test(base.usage.get(k, 0.0), base.usage_sd.get(k, 0.0), base.games,
                     s.usage.get(k, 0.0), s.usage_sd.get(k, 0.0), s.games) for k in keys for s in others]
    adjusted = holm(ps)
    rows = []
    for i, k in enumerate(keys):
        values = tuple(s.usage.get(k, 0.0) for s in runs)
        tested = adjusted[i * len(others):(i + 1) * len(others)]
        seen = {v != 0 for v in values}
        large = [large_enough(_COUNT, Value(values[0], base.games, sd=base.usage_sd.get(k, 0.0)),
                              Value(v, s.games, sd=s.usage_sd.get(k, 0.0))) for v, s in zip(values[1:], others,
                                                                                          strict=True)]
        verdicts = [q < alpha and big for q, big in zip(tested, large, strict=True)]
        for j in range(len(others)):
            found = _same_figure(tables[j], values[0], values[j + 1]) if tables else None
            if found is not None:
                verdicts[j] = found
        rows.append((label(k), values, any(verdicts) or len(seen) > 1))
    return rows


def _same_figure(table: Sequence[Difference], reference: float, other: float) -> bool | None:
    """The verdict of the main table's figure with these two values (a mean per game), if there is one."""
    if reference == 0 and other == 0:
        return None
    for d in table:
        if d.kind == "mean" and d.printed is not None and d.variant is not None and d.p_value is not None \
                and abs(d.printed - reference) < 1e-9 and abs(d.variant - other) < 1e-9:
            return d.significant
    return None


def usage_table(base: Summary, other: Summary, alpha: float = 0.05) -> list[tuple[str, float, float, bool]]:
    """``(label, printed mean per game, variant mean per game, changed)`` for every count (two sides of
    :func:`usage_rows`)."""
    return [(name, values[0], values[1], moved) for name, values, moved in usage_rows(base, [other], alpha)]


def fired_changes(base: Summary, other: Summary, label: str = "the variant") -> list[str]:
    """Sentences naming the rules that stopped (or started) deciding anything, and the kinds of move
    no longer (or newly) made, under ``other`` against ``base`` (``label`` names ``other``).

    >>> from rulebook.balance.simulate import Summary
    >>> a = Summary(1, 2, 0.0, 0, 0, (), (), (), (), 0.0, {}, usage={"score: WB-TRUMP-1": 8.0, "move: Keep": 4.0})
    >>> b = Summary(1, 2, 0.0, 0, 0, (), (), (), (), 0.0, {}, usage={"score: WB-TRUMP-1": 0.0})
    >>> fired_changes(a, b, "no replacing")
    ... # doctest: +NORMALIZE_WHITESPACE
    ['rules that stopped firing under no replacing: WB-TRUMP-1 (The winner may replace the trump)',
     'moves no longer made under no replacing: Keep']
    """
    from rulebook.reference.trace import spec_rules

    titles = spec_rules()

    def named(rule: str) -> str:
        return f"{rule} ({titles[rule].title})" if rule in titles else rule

    def seen(s: Summary, kinds: tuple[str, ...]) -> set[str]:
        return {k.partition(": ")[2] for k, v in s.usage.items() if v > 0 and k.partition(": ")[0] in kinds}

    rules = ("trick", "score", "end", "npc", "passed", "shown", "kept", "returned")
    out = []
    for before, after, rules_text, moves_text in (
        (base, other, _("rules that stopped firing under {label}: {list}"),
         _("moves no longer made under {label}: {list}")),
        (other, base, _("rules that fire only under {label}: {list}"), _("moves made only under {label}: {list}")),
    ):
        gone = sorted(seen(before, rules) - seen(after, rules))
        if gone:
            out.append(rules_text.format(label=label, list=", ".join(named(r) for r in gone)))
        moves = sorted(seen(before, ("move", "added")) - seen(after, ("move", "added")))
        if moves:
            out.append(moves_text.format(label=label, list=", ".join(moves)))
    return out
