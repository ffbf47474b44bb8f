"""One self-contained HTML page of a simulation (``rulebook simulate --report FILE.html``).

The page names the variant in its title, sums the run up in plain words, says what was
compared (each changed option's printed value and the variant's), shows the figures that
changed with their tests (Holm-corrected; the figures that did not change are folded
away under "unchanged figures"), the win rates with 95% intervals and the plots of
:mod:`rulebook.plots` (inline SVG), warns where a game runs on placeholder data, and ends
with the rulebook version, the date, the players and the command that reproduces it.
Every text is escaped; the page needs no network, and fits a 390 px phone screen (wide
tables scroll inside their own box).
"""

from __future__ import annotations

import datetime
import html
import math
from collections.abc import Mapping, Sequence
from typing import Any

from rulebook.balance import measures
from rulebook.core.contract import Game
from rulebook.plots import metric_name, report_plots
from rulebook.simulate import Difference, Summary

__all__ = ["html_report", "placeholder_warnings", "plain_summary"]


def placeholder_warnings(game: Game[Any, Any, Any], rules: Any) -> list[str]:
    """One sentence per option still at a default the game's docs mark PLACEHOLDER."""
    default = game.Rules(players=rules.players)
    out = []
    for info in game.options():
        if "PLACEHOLDER" in info.doc and getattr(rules, info.name) == getattr(default, info.name):
            out.append(f"{info.name}: {info.doc}")
    return out


def _pct(x: float) -> str:
    return f"{x:.1%}"


def plain_summary(runs: Mapping[str, Summary], diffs: Sequence[Difference] = (), alpha: float = 0.05) -> list[str]:
    """A few sentences a designer can read without the tables."""
    lines: list[str] = []
    careless: list[str] = []
    for label, s in runs.items():
        m = measures(s)
        adv = m["seat_advantage"]
        best = max(range(s.players), key=lambda k: s.win_rate[k])
        who = ", ".join(dict.fromkeys(s.players_as)) or "random"
        mixed = len(set(s.players_as)) > 1
        if mixed:
            seat = (f"the seats hold different players, so their win rates show skill more than seat order "
                    f"(seat {best + 1} wins {_pct(s.win_rate[best])})")
        elif adv["p_value"] < alpha:
            seat = (f"seat {best + 1} wins most often ({_pct(s.win_rate[best])}); the seats' win rates differ beyond "
                    f"noise (chi-square p = {adv['p_value']:.3g})")
        else:
            seat = f"no seat wins more often than noise explains (chi-square p = {adv['p_value']:.3g})"
        lines.append(
            f"{label} ({s.games} games, players: {who}): {seat}. A game lasts {s.mean_length:.0f} actions on "
            f"average; {_pct(s.shared_wins)} of games end in a shared win and {_pct(s.no_winner)} with no winner; "
            f"the lead changes {m['drama']['mean_lead_changes']:.1f} times per game and "
            f"{_pct(s.comebacks)} of games are won from behind."
        )
        for gap in m.get("skill_gap", []):
            lo, hi = gap["ci"]
            lines.append(
                f"{label}: {gap['kind']} wins {_pct(gap['win_rate'])} of its seat-games "
                f"[{_pct(lo)}, {_pct(hi)}], {gap['gap'] * 100:+.1f} points against the average seat."
            )
        if s.players_as and set(s.players_as) == {"random"} and not careless:
            careless.append("Every seat played at random; balance under careless play is not balance "
                            "under good play (try heuristic or ismcts players).")
    if diffs:
        sig = [d for d in diffs if d.significant]
        if sig:
            lines.append(
                f"The variant changes {len(sig)} of {len(diffs)} figures beyond noise (Holm-corrected, "
                f"family-wise {alpha:g}): " + "; ".join(
                    f"{metric_name(d.metric)} {_fmt(d, d.printed)} → {_fmt(d, d.variant)}" for d in sig) + "."
            )
        else:
            lines.append(f"No figure differs beyond noise after Holm's correction over {len(diffs)} figures; "
                         "a larger run could still find a small difference.")
    return lines + careless


def _fmt(d: Difference, x: float) -> str:
    return _pct(x) if d.kind == "rate" else f"{x:.2f}"



def _p(p: float) -> str:
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def option_changes(game: Game[Any, Any, Any], rules: Any) -> list[tuple[str, str, str]]:
    """``(option, printed value, variant value)`` for every option ``rules`` changes."""
    printed = game.Rules(players=rules.players)
    out = []
    for info in game.options():
        if info.name == "players":
            continue
        a, b = getattr(printed, info.name), getattr(rules, info.name)
        if a != b:
            out.append((info.name, _value(a), _value(b)))
    return out


def _unchanged(d: Difference) -> bool:
    return math.isclose(d.printed, d.variant, rel_tol=1e-12, abs_tol=1e-12)


_CSS = """
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:960px;margin:0 auto;
padding:1em;color:#1d1d1d;background:#fff;line-height:1.5;font-size:16px;overflow-wrap:break-word}
h1{font-size:1.45em;line-height:1.25;margin:.4em 0}h1 small{display:block;font-size:.62em;font-weight:normal;color:#555}
h2{font-size:1.15em;margin-top:1.8em;border-bottom:1px solid #ddd}
.scroll{overflow-x:auto;max-width:100%;margin:.5em 0}
table{border-collapse:collapse;font-size:.92em}
td,th{border:1px solid #d0d0d0;padding:.3em .55em;text-align:right;vertical-align:top}
th{background:#f4f4f4}td:first-child,th:first-child{text-align:left}
table.left td{text-align:left}td small{color:#555;white-space:nowrap}
tr.sig td{background:#fff3c4;font-weight:600}
.warn{background:#fde2e1;border:1px solid #e5a3a0;padding:.6em 1em}
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


def _diff_row(d: Difference) -> str:
    delta = f"{(d.variant - d.printed) * 100:+.1f} pt" if d.kind == "rate" else f"{d.variant - d.printed:+.3f}"
    return (f"<tr{' class=sig' if d.significant else ''}><td>{html.escape(metric_name(d.metric))}</td>"
            f"<td>{_fmt(d, d.printed)}</td><td>{_fmt(d, d.variant)}</td><td>{delta}</td>"
            f"<td>{html.escape(_p(d.p_adjusted))}</td></tr>")


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
) -> str:
    """The page, as one HTML string with everything inline.

    ``runs``: the printed rules' summary first when comparing; ``rules``: the variant's
    rules (for the options it changes and the placeholder warnings); ``rules_text``: any
    other difference from the printed game (Python hooks) in words; ``date``: today's
    when not given; ``notes``: warnings about what the comparison cannot show
    (:func:`rulebook.usage_compare.warnings`).
    """
    import rulebook

    esc = html.escape
    first = next(iter(runs.values()))
    last = list(runs.values())[-1]
    label = list(runs)[-1]
    name = str(last.variant.get("name") or label)
    players = f"{first.players} players"
    if diffs:
        heading = f"{name} against the printed rules"
    elif name in ("printed rules", "result"):
        heading = "the printed rules"
    else:
        heading = name
    title = f"{game.title}: {heading}"
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{esc(title)} · balance report</title><style>{_CSS}</style></head><body><main>",
        f"<h1>{esc(title)}<small>Balance report: {players}, {first.games:,} games"
        f"{' per side' if diffs else ''}, seed {esc(str(first.seed))}</small></h1>",
    ]
    warnings = placeholder_warnings(game, rules) if rules is not None else []
    if warnings:
        parts.append("<div class='warn'><b>Placeholder data.</b> This game runs on data the source does not give; "
                     "the figures describe the placeholders, not the published game:<ul>"
                     + "".join(f"<li>{esc(w)}</li>" for w in warnings) + "</ul></div>")
    if notes:
        parts.append("<div class='warn'><b>Read with care.</b><ul>"
                     + "".join(f"<li>{esc(n[:1].upper() + n[1:])}.</li>" for n in notes) + "</ul></div>")
    parts.append("<h2>In plain words</h2><ul class='summary'>"
                 + "".join(f"<li>{esc(x)}</li>" for x in plain_summary(runs, diffs, alpha)) + "</ul>")
    # what was compared
    parts.append("<h2>What was compared</h2>")
    changes = option_changes(game, rules) if rules is not None else []
    if changes:
        parts.append(_table(["option", "printed rules", esc(name)], [
            f"<tr><td>{esc(o.replace('_', ' '))}</td><td>{esc(a)}</td><td>{esc(b)}</td></tr>" for o, a, b in changes
        ], "left"))
    elif not rules_text:
        parts.append("<p>The printed rules: no option changed.</p>")
    if rules_text:
        parts.append(f"<p>Also: {esc(rules_text)}</p>")
    who = ", ".join(f"seat {k + 1}: {p}" for k, p in enumerate(first.players_as)) or "random"
    parts.append(f"<p>{players}; {first.games:,} games{' with each rule set' if diffs else ''} from seed "
                 f"{esc(str(first.seed))}; players: {esc(who)}.</p>")
    if diffs:
        changed = [d for d in diffs if not _unchanged(d)]
        same = [d for d in diffs if _unchanged(d)]
        head = ["figure", "printed rules", esc(name), "difference", "p (Holm)"]
        parts.append(
            f"<h2>What changed</h2><p>Highlighted: the difference is beyond noise (its p-value, Holm-corrected over "
            f"all {len(diffs)} figures, is below {alpha:g}). Rates: two-proportion z-test; means: Welch's t-test.</p>")
        parts.append(_table(head, [_diff_row(d) for d in changed]) if changed
                     else "<p>Every figure came out exactly the same.</p>")
        if same:
            parts.append(f"<details><summary>{len(same)} unchanged figure{'s' if len(same) != 1 else ''} "
                         "(the same value under both rules)</summary>"
                         + _table(["figure", "value"], [
                             f"<tr><td>{esc(metric_name(d.metric))}</td><td>{_fmt(d, d.printed)}</td></tr>"
                             for d in same]) + "</details>")
    if diffs and len(runs) == 2:
        from rulebook.usage_compare import usage_table

        usage = usage_table(first, last, alpha)
        if usage:
            parts.append(
                "<h2>What each rule did</h2><p>Times per game each rule decided a trick, scored or ended a round, "
                "and moves of each kind. Highlighted: the two sides differ beyond noise (Welch's t-test, "
                f"Holm-corrected over these {len(usage)} rows) or the count happened on one side only.</p>")
            parts.append(_table(["count", "printed rules", esc(name)], [
                f"<tr{' class=sig' if moved else ''}><td>{esc(what)}</td><td>{a:.2f}</td><td>{b:.2f}</td></tr>"
                for what, a, b, moved in usage], "left"))
    if not diffs and first.stats:
        from rulebook.plots import figure_name

        parts.append("<h2>Figures</h2>" + _table(["figure", "mean per game"], [
            f"<tr><td>{esc(figure_name(k))}</td><td>{v:.2f}</td></tr>" for k, v in sorted(first.stats.items())]))
    # win rates: one row per seat, so the table stays narrow
    parts.append("<h2>Win rates per seat</h2>")
    rows = []
    for k in range(first.players):
        rows.append(f"<tr><td>seat {k + 1}</td>" + "".join(
            f"<td>{_pct(s.win_rate[k])}<br><small>{_pct(s.win_ci[k][0])}–{_pct(s.win_ci[k][1])}</small></td>"
            if k < len(s.win_ci) else "<td>–</td>" for s in runs.values()) + "</tr>")
    rows.append("<tr><td>seats differ? <small>(chi-square p)</small></td>" + "".join(
        f"<td>{esc(_p(measures(s)['seat_advantage']['p_value']))}</td>" for s in runs.values()) + "</tr>")
    parts.append(_table(["", *(esc(x) for x in runs)] if len(runs) > 1 else ["", "win rate"], rows))
    parts.append("<p><small>Under each rate: its 95% Wilson interval.</small></p>")
    for plot_title, caption, uri in report_plots(game, runs):
        if uri is None:
            parts.append(f"<h2>{esc(plot_title)}</h2><p>{esc(caption)}</p>")
        else:
            parts.append(f"<h2>{esc(plot_title)}</h2><figure><img alt='{esc(plot_title)}: {esc(caption)}' "
                         f"src='{uri}'><figcaption>{esc(caption)}</figcaption></figure>")
    day = (date or datetime.datetime.now(datetime.UTC).date()).isoformat()
    parts.append(
        "</main><footer><dl>"
        f"<dt>Made by</dt><dd>rulebook {esc(rulebook.__version__)} on {day}</dd>"
        f"<dt>Players per seat</dt><dd>{esc(who)}</dd>"
        f"<dt>To reproduce</dt><dd><code>{esc(command or 'rulebook simulate ' + game.slug)}</code></dd>"
        "<dt>How to read it</dt><dd>the docs page “Balance a designer can trust”</dd>"
        "</dl></footer></body></html>")
    return "".join(parts)
