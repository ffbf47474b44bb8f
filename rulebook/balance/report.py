"""Self-contained HTML pages of a simulation (``rulebook simulate --report FILE.html``).

:func:`html_report` describes one run, or a comparison of two or more sides (the printed rules,
named rulesets, variants, player counts): its title names the variant, it sums the run up in
plain words, says what was compared (each changed option's value on every side), who played
each seat and what the rule-aware player cannot do, shows every figure with its unit, grouped
(outcomes, the game's own figures, who wins tricks, roles, card numbers, the designer's
measures), with the tests of what changed (Holm-corrected; the figures that did not change are
folded away under "unchanged figures"; a figure a side lacks shows "n/a"), what each rule did,
the win rates with 95% intervals and the plots of :mod:`rulebook.balance.plots` (inline SVG), warns
where a game runs on placeholder data, and ends with the rulebook version, the date, the
players and the command that reproduces it.

:func:`sweep_report` describes a sweep (:func:`rulebook.balance.sweep.sweep`): the table of every figure
against the swept value, and one plot per figure with its 95% intervals.

Every text is escaped; the pages need no network, and fit a 390 px phone screen (wide tables
scroll inside their own box).
"""

from __future__ import annotations

import datetime
import html
import importlib
import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rulebook.balance.figures import (
    FAMILY_WORDS,
    GROUPS,
    Difference,
    families,
    figure_rows,
    format_detectable,
    format_difference,
    format_p,
    format_value,
)
from rulebook.balance.measures import measures
from rulebook.balance.plots import report_plots, sweep_plots
from rulebook.balance.simulate import Summary, players_text
from rulebook.core.contract import Game
from rulebook.core.options import option_value
from rulebook.i18n import _, language, ngettext

if TYPE_CHECKING:
    from rulebook.variants.variant import Variant

__all__ = ["heuristic_limits", "html_report", "placeholder_warnings", "plain_summary", "sweep_report"]


def placeholder_warnings(game: Game[Any, Any, Any], rules: Any) -> list[str]:
    """One sentence per option still at a default the game's docs mark PLACEHOLDER."""
    default = game.Rules(players=rules.players)
    out = []
    for info in game.options():
        if "PLACEHOLDER" in info.doc and option_value(rules, info.name) == option_value(default, info.name):
            out.append(f"{info.name}: {info.doc}")
    return out


def heuristic_limits(game: Game[Any, Any, Any]) -> str:
    """What the game's rule-aware player cannot do, in a sentence (its heuristic module's ``LIMITS``)."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.heuristic")
    except ImportError:
        return ""
    text = getattr(module, "LIMITS", "")
    return _(text) if isinstance(text, str) and text else ""


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _seat_line(label: str, s: Summary, best: int, alpha: float) -> str:
    teams = {k[len("team: "):-len(": wins")]: v for k, v in s.play.items()
             if k.startswith("team: ") and k.endswith(": wins")}
    if teams:  # partnerships win as pairs (WB-SCORE-4, SP-END-7): the pairs' win rates, not the seats'
        return _("the pairs win together: {rates}").format(rates=_("; ").join(
            _("seats {seats} win {rate}").format(seats=_(" and ").join(k.split("+")), rate=_pct(v))
            for k, v in sorted(teams.items())))
    adv = measures(s)["seat_advantage"]
    if len(set(s.players_as)) > 1:
        return _("the seats hold different players, so their win rates show skill more than seat order "
                 "(seat {n} wins {rate})").format(n=best + 1, rate=_pct(s.win_rate[best]))
    if adv["p_value"] < alpha:
        return _("seat {n} wins most often ({rate}); the seats' win rates differ beyond noise "
                 "(chi-square p = {p:.3g})").format(n=best + 1, rate=_pct(s.win_rate[best]), p=adv["p_value"])
    return _("no seat wins more often than noise explains (chi-square p = {p:.3g})").format(p=adv["p_value"])


#: the figures "In plain words" names; the table lists every one
SUMMARY_FIGURES = 5
#: the order in which "In plain words" names changed figures, by group: the outcomes (who wins,
#: by how much, how long), the roles, the game's own figures, then how play went
_SUMMARY_ORDER = {"outcomes": 0, "roles": 1, "game": 2, "tricks": 3, "ranks": 4, "measures": 5}


def plain_summary(
    runs: Mapping[str, Summary],
    diffs: Sequence[Difference] = (),
    alpha: float = 0.05,
    tables: Sequence[Sequence[Difference]] = (),
) -> list[str]:
    """A few sentences a designer can read without the tables (``tables``: each side after the first
    against the first, as :func:`rulebook.balance.figures.compare_many` gives them; ``diffs``: one such table)."""
    tables = list(tables) or ([diffs] if diffs else [])
    lines: list[str] = []
    careless: list[str] = []
    for label, s in runs.items():
        m = measures(s)
        best = max(range(s.players), key=lambda k: s.win_rate[k])
        who = ", ".join(dict.fromkeys(s.players_as)) or "random"
        comebacks = (_("{share} of the games that could have one are won from behind").format(
            share=_pct(s.comebacks)) if s.comebacks is not None
            else _("no game had the scoring events a comeback needs"))
        lines.append(_(
            "{label} ({games} games, {players} players; players: {who}): {seat}. A game lasts {length:.0f} actions "
            "on average; {shared} of games end in a shared win and {nobody} with no winner; the lead changes "
            "{lead:.1f} times per game and {comebacks}.").format(
            label=_(label), games=s.games, players=s.players, who=who, seat=_seat_line(label, s, best, alpha),
            length=s.mean_length, shared=_pct(s.shared_wins), nobody=_pct(s.no_winner),
            lead=m["drama"]["mean_lead_changes"], comebacks=comebacks))
        for gap in m.get("skill_gap", []):
            lo, hi = gap["ci"]
            lines.append(_("{label}: {kind} wins {rate} of its seat-games [{lo}, {hi}], {gap:+.1f} points against "
                           "the average seat.").format(label=_(label), kind=gap["kind"], rate=_pct(gap["win_rate"]),
                                                       lo=_pct(lo), hi=_pct(hi), gap=gap["gap"] * 100))
        if s.players_as and set(s.players_as) == {"random"} and not careless:
            careless.append(_("Every seat played at random; balance under careless play is not balance "
                              "under good play (try heuristic or ismcts players)."))
    labels = list(runs)
    for j, table in enumerate(tables):
        tested = [d for d in table if d.p_value is not None]
        sig = [d for d in tested if d.significant]
        who = _(labels[j + 1]) if len(labels) > j + 1 else _("the variant")
        if sig:
            # the clearest few (smallest p, then the largest relative change); the table has the rest
            def clearest(d: Difference) -> tuple[float, float]:
                a, b = d.printed or 0.0, d.variant or 0.0
                return (d.p_adjusted if d.p_adjusted is not None else 1.0, -abs(b - a) / (abs(a) or 1.0))

            # who wins and by how much first, then the game's own figures and roles, then play
            ranked = sorted(sig, key=lambda d: (_SUMMARY_ORDER.get(d.group, len(_SUMMARY_ORDER)), *clearest(d)))
            shown = [f"{d.name} {format_value(d.kind, d.printed)} → {format_value(d.kind, d.variant)}"
                     for d in ranked[:SUMMARY_FIGURES]]
            if len(sig) > SUMMARY_FIGURES:
                shown.append(_("and {n} more in the table below").format(n=len(sig) - SUMMARY_FIGURES))
            lines.append(_("{who} changes {n} of {m} figures beyond noise (Holm-corrected, family-wise {alpha:g}): "
                           "{list}.").format(who=who, n=len(sig), m=len(tested), alpha=alpha, list=_("; ").join(shown)))
        else:
            lines.append(_("{who}: no figure differs beyond noise after Holm's correction over {m} figures; "
                           "a larger run could still find a small difference.").format(who=who, m=len(tested)))
    return lines + careless


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ", ".join(map(_value, value))
    return str(value)


def option_changes(game: Game[Any, Any, Any], rules: Any) -> list[tuple[str, str, str]]:
    """``(option, printed value, variant value)`` for every option ``rules`` changes."""
    printed = game.Rules(players=rules.players)
    out = []
    for info in game.options():
        if info.name == "players":
            continue
        a, b = option_value(printed, info.name), option_value(rules, info.name)
        if a != b:
            out.append((info.name, _value(a), _value(b)))
    return out


def side_options(game: Game[Any, Any, Any], sides: Mapping[str, Any]) -> list[tuple[str, list[str]]]:
    """``(option, value on every side)`` for every option some side sets otherwise than another side
    or than the printed rules (the player count only when the sides differ in it)."""
    out = []
    for info in game.options():
        values = [option_value(rules, info.name) for rules in sides.values()]
        printed = [option_value(game.Rules(players=rules.players), info.name) for rules in sides.values()]
        differ = len({repr(v) for v in values}) > 1
        if differ or (info.name != "players" and any(v != p for v, p in zip(values, printed, strict=True))):
            out.append((info.name, [_value(v) for v in values]))
    return out


def _unchanged(ds: Sequence[Difference]) -> bool:
    return all(d.printed is not None and d.variant is not None
               and math.isclose(d.printed, d.variant, rel_tol=1e-12, abs_tol=1e-12) for d in ds)


_CSS = """
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:960px;margin:0 auto;
padding:1em;color:#1d1d1d;background:#fff;line-height:1.5;font-size:16px;overflow-wrap:break-word}
h1{font-size:1.45em;line-height:1.25;margin:.4em 0}h1 small{display:block;font-size:.62em;font-weight:normal;color:#555}
h2{font-size:1.15em;margin-top:1.8em;border-bottom:1px solid #ddd}h3{font-size:1em;margin:1.4em 0 .2em}
.scroll{overflow-x:auto;max-width:100%;margin:.5em 0}
table{border-collapse:collapse;font-size:.92em}
td,th{border:1px solid #d0d0d0;padding:.3em .55em;text-align:right;vertical-align:top}
th{background:#f4f4f4}td:first-child,th:first-child{text-align:left}
tr.group th{background:#e8eef6;text-align:left;font-weight:600}
table.left td{text-align:left}td small{color:#555;white-space:nowrap}
tr.sig td,td.sig{background:#fff3c4;font-weight:600}td.na{color:#666}
.warn{background:#fde2e1;border:1px solid #e5a3a0;padding:.6em 1em}
.note{background:#eef4fb;border:1px solid #b9cde6;padding:.6em 1em}
code{background:#f3f3f3;padding:0 .25em;font-size:.92em}footer code{overflow-wrap:anywhere}
figure{margin:1em 0}figure img{width:100%;max-width:560px;height:auto;display:block}
figcaption{font-size:.9em;color:#444;max-width:720px}
details{margin:.8em 0}summary{cursor:pointer;color:#1f5fa8}
.summary li{margin:.35em 0}footer{margin-top:2.5em;border-top:1px solid #ddd;font-size:.88em;color:#444}
footer dt{font-weight:600}footer dd{margin:0 0 .4em 0}
@media (max-width:600px){body{padding:.7em;font-size:15px}td,th{padding:.25em .35em}}
"""


def _table(head: Sequence[str], rows: Sequence[str], cls: str = "") -> str:
    return (f"<div class='scroll'><table{f' class={cls}' if cls else ''}><thead><tr>"
            + "".join(f"<th>{h}</th>" for h in head) + "</tr></thead><tbody>" + "".join(rows)
            + "</tbody></table></div>")


def _cells(d: Difference, with_p: bool) -> str:
    na = " class=na" if d.note else ""
    sig = " class=sig" if d.significant else na
    out = f"<td{na if d.variant is None else ''}>{format_value(d.kind, d.variant)}</td>" \
          f"<td{sig}>{html.escape(format_difference(d))}</td>"
    if with_p:
        out += f"<td{na}>{html.escape(format_detectable(d))}</td><td{na}>{html.escape(format_p(d.p_adjusted))}</td>"
    return out


def _diff_rows(tables: Sequence[Sequence[Difference]], indices: Sequence[int], with_p: bool, width: int) -> list[str]:
    esc = html.escape
    out = []
    group = ""
    for i in indices:
        first = tables[0][i]
        if first.group != group:
            group = first.group
            out.append(f"<tr class=group><th colspan={width}>{esc(_(GROUPS.get(group, group)))}</th></tr>")
        sig = " class=sig" if len(tables) == 1 and first.significant else ""
        out.append(f"<tr{sig}><td>{esc(first.name)}</td><td>{format_value(first.kind, first.printed)}</td>"
                   + "".join(_cells(t[i], with_p) for t in tables) + "</tr>")
    return out


def _who(runs: Mapping[str, Summary]) -> list[str]:
    whos = {label: players_text(s.players_as) for label, s in runs.items() if s.players_as}
    if len(set(whos.values())) <= 1:
        return list(dict.fromkeys(whos.values())) or [_("random play in every seat")]
    return [f"{label}: {who}" for label, who in whos.items()]


def _who_played(game: Game[Any, Any, Any], runs: Mapping[str, Summary]) -> str:
    esc = html.escape
    parts = ["<p>" + esc(_("Who played: {who}.").format(who=_("; ").join(_who(runs)))) + "</p>"]
    kinds = {k.split(':')[0] for s in runs.values() for k in s.players_as}
    limits = heuristic_limits(game)
    if limits and kinds & {"heuristic", "ismcts"}:
        parts.append("<div class='note'><b>" + esc(_("What the rule-aware player cannot do.")) + "</b> "
                     + esc(limits) + " " + esc(_(
                         "Where a variant changes a rule it does not read (the options its game's page lists, "
                         "the Python hooks), it plays as under the printed rules, and this page names that rule "
                         "at the top; ISMCTS seats search the variant's own game, judged by its own winners, "
                         "with it in their rollouts. Each game's page says in full how it decides.")) + "</div>")
    return "".join(parts)


def _head(title: str, small: str) -> list[str]:
    esc = html.escape
    kind = _("balance report")
    return [
        f"<!doctype html><html lang='{esc(language())}'><head><meta charset='utf-8'>"
        "<meta name='generator' content='rulebook simulate'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{esc(title)} · {esc(kind)}</title><style>{_CSS}</style></head><body><main>",
        f"<h1>{esc(title)}<small>{esc(small)}</small></h1>",
    ]


def _footer(day: str, who: str, command: str) -> str:
    import rulebook

    esc = html.escape
    rows = [  # (term, its text as HTML)
        (_("Made by"), esc(_("rulebook {version} on {day}").format(version=rulebook.__version__, day=day))),
        (_("Players per seat"), esc(who)),
        (_("To reproduce"), f"<code>{esc(command)}</code>"),
        (_("How to read it"), esc(_("the docs page “Balance a designer can trust”"))),
    ]
    terms = "".join(f"<dt>{esc(t)}</dt><dd>{d}</dd>" for t, d in rows)
    return f"</main><footer><dl>{terms}</dl></footer></body></html>"


def _plots(game: Game[Any, Any, Any], runs: Mapping[str, Summary]) -> list[str]:
    esc = html.escape
    out = []
    for plot_title, caption, uri in report_plots(game, runs):
        if uri is None:
            out.append(f"<h2>{esc(plot_title)}</h2><p>{esc(caption)}</p>")
        else:
            out.append(f"<h2>{esc(plot_title)}</h2><figure><img alt='{esc(plot_title)}: {esc(caption)}' "
                       f"src='{uri}'><figcaption>{esc(caption)}</figcaption></figure>")
    return out


def html_report(
    game: Game[Any, Any, Any],
    runs: Mapping[str, Summary],
    *,
    diffs: Sequence[Difference] = (),
    alpha: float = 0.05,
    command: str = "",
    rules_text: str = "",
    rules: Any = None,
    date: datetime.date | None = None,
    notes: Sequence[str] = (),
    tables: Sequence[Sequence[Difference]] = (),
    sides: Mapping[str, Variant] | None = None,
    fired: Sequence[str] = (),
    skill: Sequence[str] = (),
    reads: Sequence[str] = (),
    reads_warn: bool = True,
) -> str:
    """The page, as one HTML string with everything inline.

    ``runs``: the reference side's summary first when comparing (often the printed rules);
    ``tables``: every other side against it (:func:`rulebook.balance.figures.compare_many`), or ``diffs``
    for a single other side (:func:`rulebook.balance.figures.compare`); ``sides``: each side's variant (for
    what was compared); ``rules``: the variant's rules (for the options it changes and the
    placeholder warnings); ``rules_text``: any other difference from the printed game (Python
    hooks) in words; ``date``: today's when not given; ``notes``: warnings about what the
    comparison cannot show (:func:`rulebook.balance.usage_compare.warnings`); ``fired``: the rules that
    stopped or started firing (:func:`rulebook.balance.usage_compare.fired_changes`); ``skill``: the skill
    figure's sentences (:meth:`rulebook.balance.skill.Skill.sentences`), shown in a section of their own;
    ``reads``: why the players were chosen and the changed rules some seat's player does not read
    (:func:`rulebook.balance.reads.unread_lines`), shown first, in a red box when ``reads_warn`` (some
    seat's player does not read a changed rule), else in a blue one.
    """
    esc = html.escape
    tables = list(tables) or ([diffs] if diffs else [])
    first = next(iter(runs.values()))
    labels = list(runs)
    last = runs[labels[-1]]
    name = str(last.variant.get("name") or labels[-1])
    counts = sorted({s.players for s in runs.values()})
    players = (_("{n} players").format(n=counts[0]) if len(counts) == 1
               else _("{counts} players").format(counts=" / ".join(map(str, counts))))
    if tables:
        ref = _("the printed rules") if labels[0] == "printed rules" else _(labels[0])
        heading = (_("{name} against {ref}").format(name=name, ref=ref) if len(labels) == 2
                   else _("{names} against {ref}").format(names=_(", ").join(_(x) for x in labels[1:]), ref=ref))
    elif name in ("printed rules", "result"):
        heading = _("the printed rules")
    else:
        heading = name
    title = _("{label}: {value}").format(label=_(game.title), value=heading)
    parts = _head(title, _("Balance report: {players}, {games} games{each}, seed {seed}").format(
        players=players, games=f"{first.games:,}", each=_(" per side") if tables else "", seed=first.seed))
    if reads:
        box = "warn" if reads_warn else "note"  # red only when some seat's player does not read a changed rule
        parts.append(f"<div class='{box}'><b>" + esc(_("What the players read.")) + "</b><ul>"
                     + "".join(f"<li>{esc(n[:1].upper() + n[1:])}.</li>" for n in reads) + "</ul></div>")
    warn_rules = rules if rules is not None else (sides[labels[-1]].rules if sides else None)
    warnings = placeholder_warnings(game, warn_rules) if warn_rules is not None else []
    if warnings:
        parts.append("<div class='warn'><b>" + esc(_("Placeholder data.")) + "</b> " + esc(_(
            "This game runs on data the source does not give; the figures describe the placeholders, not the "
            "published game:")) + "<ul>" + "".join(f"<li>{esc(w)}</li>" for w in warnings) + "</ul></div>")
    if notes:
        parts.append("<div class='warn'><b>" + esc(_("Read with care.")) + "</b><ul>"
                     + "".join(f"<li>{esc(n[:1].upper() + n[1:])}.</li>" for n in notes) + "</ul></div>")
    parts.append("<h2>" + esc(_("In plain words")) + "</h2><ul class='summary'>"
                 + "".join(f"<li>{esc(x)}</li>" for x in plain_summary(runs, alpha=alpha, tables=tables)) + "</ul>")
    # what was compared, and who played
    if skill:
        opening = skill[0][:1].upper() + skill[0][1:]
        parts.append("<h2>" + esc(_("Does the change reward skill?")) + "</h2><p>" + esc(opening) + ".</p><ul>"
                     + "".join(f"<li>{esc(x)}.</li>" for x in skill[1:]) + "</ul>")
    parts.append("<h2>" + esc(_("What was compared")) + "</h2>")
    if sides is not None and len(sides) > 1:
        changed = side_options(game, {label: v.rules for label, v in sides.items()})
        if changed:
            parts.append(_table([esc(_("option")), *(esc(_(x)) for x in sides)], [
                f"<tr><td>{esc(o.replace('_', ' '))}</td>" + "".join(f"<td>{esc(v)}</td>" for v in values) + "</tr>"
                for o, values in changed], "left"))
    else:
        changes = option_changes(game, rules) if rules is not None else []
        if changes:
            parts.append(_table([esc(_("option")), esc(_("printed rules")), esc(name)], [
                f"<tr><td>{esc(o.replace('_', ' '))}</td><td>{esc(a)}</td><td>{esc(b)}</td></tr>"
                for o, a, b in changes], "left"))
        elif not rules_text:
            parts.append("<p>" + esc(_("The printed rules: no option changed.")) + "</p>")
    if rules_text:
        parts.append("<p>" + esc(_("Also: {rules}").format(rules=rules_text)) + "</p>")
    parts.append("<p>" + esc(_("{players}; {games} games{each} from seed {seed}.").format(
        players=players, games=f"{first.games:,}", each=_(" with each rule set") if tables else "",
        seed=first.seed)) + "</p>")
    parts.append(_who_played(game, runs))
    if tables:
        n = len(tables[0])
        same = [i for i in range(n) if _unchanged([t[i] for t in tables])]
        moved = [i for i in range(n) if i not in same]
        with_p = len(tables) == 1
        head = [esc(_("figure")), esc(_(labels[0]))]
        for label in labels[1:]:
            head += [esc(_(label)), esc(_("difference"))] + ([esc(_("detectable")), esc(_("p (Holm)"))] if with_p
                                                             else [])
        parts.append("<h2>" + esc(_("What changed")) + "</h2><p>" + esc(_(
            "Highlighted: the difference is beyond noise (its p-value, Holm-corrected, is below {alpha:g}; the "
            "correction runs over {over}) and large enough to matter (at least 1 percent of the reference value and "
            "0.05 standard deviations of the figure over games). Rates of games: two-proportion z-test; means, "
            "and shares averaged over "
            "games: Welch's t-test. Detectable: the smallest difference these games find 4 times in 5 (80% "
            "power) at the level each figure must meet; a smaller true difference may pass unseen. n/a: a side "
            "does not have the figure (a seat a player count lacks, a comeback "
            "no game could have), or counts it in another unit.").format(alpha=alpha, over=_(" and ").join(
                ngettext("the {n} tested figure of the {family}", "the {n} tested figures of the {family}", n).format(
                    n=n, family=_(FAMILY_WORDS.get(f, f)))
                for f, n in families(tables).items()))) + "</p>")
        parts.append(_table(head, _diff_rows(tables, moved, with_p, len(head))) if moved
                     else "<p>" + esc(_("Every figure came out exactly the same.")) + "</p>")
        if same:
            parts.append("<details><summary>" + esc(_("{n} unchanged figures (the same value on every side)").format(
                n=len(same))) + "</summary>" + _table([esc(_("figure")), esc(_("value"))], [
                    f"<tr><td>{esc(tables[0][i].name)}</td><td>{format_value(tables[0][i].kind, tables[0][i].printed)}"
                    "</td></tr>" for i in same]) + "</details>")
        from rulebook.balance.usage_compare import usage_rows

        usage = usage_rows(first, [runs[label] for label in labels[1:]], alpha, tables)
        if usage:
            parts.append("<h2>" + esc(_("What each rule did")) + "</h2><p>" + esc(_(
                "Times per game each rule decided a trick, scored or ended a round, and moves of each kind (and "
                "those made with no choice). Highlighted: a side differs from {ref} beyond noise (Welch's t-test, "
                "Holm-corrected over these rows) and by at least 1 percent and 0.05 standard deviations, or the count "
                "happened on some sides only.").format(
                    ref=_("the printed rules") if labels[0] == "printed rules" else _(labels[0]))) + "</p>")
            parts.append(_table([esc(_("count")), *(esc(_(x)) for x in labels)], [
                f"<tr{' class=sig' if moved_row else ''}><td>{esc(what)}</td>"
                + "".join(f"<td>{x:.2f}</td>" for x in values) + "</tr>"
                for what, values, moved_row in usage], "left"))
        if fired:
            parts.append("<ul>" + "".join(f"<li>{esc(line[:1].upper() + line[1:])}.</li>" for line in fired)
                         + "</ul>")
    else:
        rows = figure_rows([first])
        parts.append("<h2>" + esc(_("Figures")) + "</h2>" + _table([esc(_("figure")), esc(_("value"))], [
            (f"<tr class=group><th colspan=2>{esc(_(GROUPS[r.group]))}</th></tr>" if i == 0 or rows[i - 1].group
             != r.group else "") + f"<tr><td>{esc(r.name)}</td>"
            f"<td>{format_value(r.kind, r.values[0].value if r.values[0] else None)}</td></tr>"
            for i, r in enumerate(rows)]))
    # win rates: one row per seat, so the table stays narrow
    parts.append("<h2>" + esc(_("Win rates per seat")) + "</h2>")
    rows_html = []
    for k in range(max(counts)):
        rows_html.append(f"<tr><td>{esc(_('seat {n}').format(n=k + 1))}</td>" + "".join(
            f"<td>{_pct(s.win_rate[k])}<br><small>{_pct(s.win_ci[k][0])}–{_pct(s.win_ci[k][1])}</small></td>"
            if k < len(s.win_ci) else f"<td class=na>{esc(_('n/a'))}</td>" for s in runs.values()) + "</tr>")
    rows_html.append("<tr><td>" + esc(_("seats differ?")) + " <small>" + esc(_("(chi-square p)")) + "</small></td>"
                     + "".join(f"<td>{esc(format_p(measures(s)['seat_advantage']['p_value']))}</td>"
                               for s in runs.values()) + "</tr>")
    parts.append(_table(["", *(esc(_(x)) for x in runs)] if len(runs) > 1 else ["", esc(_("win rate"))], rows_html))
    parts.append("<p><small>" + esc(_("Under each rate: its 95% Wilson interval.")) + "</small></p>")
    parts += _plots(game, runs)
    day = (date or datetime.datetime.now(datetime.UTC).date()).isoformat()
    def seats(players_as: Sequence[str]) -> str:
        return _(", ").join(_("{label}: {value}").format(label=_("seat {n}").format(n=k + 1), value=p)
                            for k, p in enumerate(players_as))

    who = _("; ").join(_("{label}: {value}").format(label=_(label), value=seats(s.players_as))
                       for label, s in runs.items()) if len({s.players_as for s in runs.values()}) > 1 else \
        seats(first.players_as) or "random"
    parts.append(_footer(day, who, command or "rulebook simulate " + game.slug))
    return "".join(parts)


def sweep_report(
    game: Game[Any, Any, Any],
    runs: Sequence[tuple[str, Summary]],
    name: str,
    *,
    base: Variant | None = None,
    command: str = "",
    date: datetime.date | None = None,
    why: str = "",
) -> str:
    """The page of a sweep: option ``name`` set to each value of ``runs`` (:func:`rulebook.balance.sweep.sweep`),
    with every figure against the swept value in one table, and one plot per figure with 95% intervals.
    ``why``: why the players were chosen (search players for a rule the heuristic does not read), shown first.

    >>> import rulebook
    >>> from rulebook.balance.sweep import sweep
    >>> game = rulebook.get_game("witches-of-blackmore")
    >>> page = sweep_report(game, sweep(game, "hand_size", "5,6", games=4, seed=1), "hand_size")
    >>> page.startswith("<!doctype html>") and "hand_size=5" in page
    True
    """
    from rulebook.balance.sweep import sweep_rows

    esc = html.escape
    by_label = dict(runs)
    first = runs[0][1]
    base_name = _(base.name) if base is not None else _("the printed rules")
    title = _("{game}: {name} swept").format(game=_(game.title), name=name)
    parts = _head(title, _("Balance report: {values} values, {games} games each, seed {seed}; {base} otherwise").format(
        values=len(runs), games=f"{first.games:,}", seed=first.seed, base=base_name))
    if why:
        line = _("why: {why}").format(why=why)
        parts.append("<div class='note'><b>" + esc(_("What the players read.")) + "</b><ul><li>"
                     + esc(line[:1].upper() + line[1:]) + ".</li></ul></div>")
    parts.append("<h2>" + esc(_("What was swept")) + "</h2><p>" + esc(_(
        "{name} took each of the values {values} in turn, the other options as in {base}; every value played "
        "the same seeds. n/a: a value without the figure (a seat a player count lacks, a comeback no game could "
        "have).").format(name=name, values=", ".join(label.partition("=")[2] for label, _s in runs),
                          base=base_name)) + "</p>")
    parts.append(_who_played(game, by_label))
    table = sweep_rows(runs)
    parts.append("<h2>" + esc(_("Every figure")) + "</h2>" + _table(
        [esc(_("figure")), *(esc(label) for label, _s in runs)],
        ["<tr>" + "".join(f"<td>{esc(x)}</td>" for x in row) + "</tr>" for row in table]))
    parts.append("<h2>" + esc(_("Each figure against {name}").format(name=name)) + "</h2><p>" + esc(_(
        "One plot per figure: its value at each value of {name}, with 95% intervals (Wilson for rates of games, "
        "the mean ± 1.96 standard errors otherwise); figures of several seats, places, roles or card numbers "
        "share a plot, one line each.").format(name=name)) + "</p>")
    for plot_title, caption, uri in sweep_plots(runs, name):
        parts.append(f"<h3>{esc(plot_title)}</h3><figure><img alt='{esc(plot_title)}: {esc(caption)}' src='{uri}'>"
                     f"<figcaption>{esc(caption)}</figcaption></figure>")
    day = (date or datetime.datetime.now(datetime.UTC).date()).isoformat()
    who = _("; ").join(dict.fromkeys(players_text(s.players_as) for _label, s in runs))
    parts.append(_footer(day, who, command or f"rulebook simulate {game.slug} --sweep {name}=..."))
    return "".join(parts)
