"""One self-contained HTML page of a simulation (``rulebook simulate --report FILE.html``).

The page says what was compared (the rules' difference from the printed game, the
players, the seeds and the command that reproduces it), shows the table with 95%
intervals and Holm-corrected significance, inline plots (PNG as data URIs: win rate per
seat with interval bars, score and length distributions in whole-number bins, skill gap,
lead changes), warns where a game runs on placeholder data, and sums it up in plain words.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Mapping, Sequence
from typing import Any

from rulebook.balance import measures
from rulebook.core.contract import Game
from rulebook.optional import require
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
    lines = []
    for label, s in runs.items():
        m = measures(s)
        adv = m["seat_advantage"]
        best = max(range(s.players), key=lambda k: s.win_rate[k])
        who = ", ".join(dict.fromkeys(s.players_as)) or "random"
        mixed = len(set(s.players_as)) > 1
        if mixed:
            seat = (f"the seats hold different players, so their win rates show skill more than seat order "
                    f"(seat {best} wins {_pct(s.win_rate[best])})")
        elif adv["p_value"] < alpha:
            seat = (f"seat {best} wins most often ({_pct(s.win_rate[best])}); the seats' win rates differ beyond "
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
        if s.players_as and len(set(s.players_as)) == 1 and s.players_as[0] == "random":
            lines.append(f"{label}: every seat played at random; balance under careless play is not balance "
                         "under good play (try heuristic or ismcts players).")
    if diffs:
        sig = [d for d in diffs if d.significant]
        if sig:
            lines.append(
                f"The variant changes {len(sig)} of {len(diffs)} figures beyond noise (Holm-corrected, "
                f"family-wise {alpha:g}): " + "; ".join(
                    f"{d.metric} {_fmt(d, d.printed)} → {_fmt(d, d.variant)}" for d in sig) + "."
            )
        else:
            lines.append(f"No figure differs beyond noise after Holm's correction over {len(diffs)} figures; "
                         "a larger run could still find a small difference.")
    return lines


def _fmt(d: Difference, x: float) -> str:
    return _pct(x) if d.kind == "rate" else f"{x:.2f}"


def _p(p: float) -> str:
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def _png(fig: Any) -> str:
    from matplotlib.ticker import MaxNLocator

    for ax in fig.axes:
        if ax.get_xlabel() in ("actions", "final score", "lead changes"):
            lo, hi = ax.get_xlim()
            if hi - lo <= 12:  # few values: a tick on each whole number
                ax.set_xticks(range(int(lo + 0.5), int(hi + 0.5)))
            else:
                ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    buf = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buf, format="png", dpi=90)
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def _int_bins(hists: Sequence[Mapping[Any, int]], most: int = 40) -> list[float]:
    values = [v for h in hists for v in h]
    lo, hi = int(min(values)), int(max(values)) + 1
    width = max(1, -(-(hi - lo) // most))
    return [lo - 0.5 + i * width for i in range(-(-(hi - lo) // width) + 1)]


def _plots(game: Game[Any, Any, Any], runs: Mapping[str, Summary]) -> list[tuple[str, str]]:
    require("matplotlib", "plot", "--report")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out: list[tuple[str, str]] = []
    first = next(iter(runs.values()))
    seats = first.players
    # win rate per seat with 95% intervals
    fig, ax = plt.subplots(figsize=(7, 3.4))
    width = 0.8 / len(runs)
    for i, (label, s) in enumerate(runs.items()):
        xs = [k + (i - (len(runs) - 1) / 2) * width for k in range(seats)]
        err = [[r - lo for r, (lo, _) in zip(s.win_rate, s.win_ci)],
               [hi - r for r, (_, hi) in zip(s.win_rate, s.win_ci)]]
        ax.bar(xs, s.win_rate, width, yerr=err, capsize=4, label=label, alpha=0.8)
    fair = sum(first.win_rate) / seats
    ax.axhline(fair, color="grey", linestyle="--", linewidth=1, label="mean seat")
    ax.set(xticks=range(seats), xticklabels=[f"seat {k}" for k in range(seats)], ylabel="win rate",
           title="Win rate per seat (95% Wilson intervals)")
    ax.legend(fontsize=8)
    out.append(("Win rate per seat", _png(fig)))
    plt.close(fig)
    # game length
    fig, ax = plt.subplots(figsize=(7, 3))
    bins = _int_bins([s.length_hist for s in runs.values()])
    for label, s in runs.items():
        vals = sorted(s.length_hist)
        ax.hist(vals, weights=[s.length_hist[v] / s.games for v in vals], bins=bins, alpha=0.6, label=label)
    ax.set(title="Actions per game", xlabel="actions", ylabel="share of games")
    ax.legend(fontsize=8)
    out.append(("Game length", _png(fig)))
    plt.close(fig)
    # scores per seat
    fig, axes = plt.subplots(1, seats, figsize=(min(12, 2.6 * seats), 2.8), sharey=True, squeeze=False)
    for k in range(seats):
        ax = axes[0][k]
        bins = _int_bins([s.score_hist[k] for s in runs.values()], 30)
        for label, s in runs.items():
            h = s.score_hist[k]
            vals = sorted(h)
            ax.hist(vals, weights=[h[v] / s.games for v in vals], bins=bins, alpha=0.6, label=label)
        ax.set(title=f"seat {k}", xlabel="final score")
    axes[0][0].set_ylabel("share of games")
    axes[0][0].legend(fontsize=7)
    out.append(("Final scores (the variant's scoring)", _png(fig)))
    plt.close(fig)
    # lead changes
    fig, ax = plt.subplots(figsize=(7, 2.8))
    bins = _int_bins([s.lead_change_hist for s in runs.values()])
    for label, s in runs.items():
        vals = sorted(s.lead_change_hist)
        ax.hist(vals, weights=[s.lead_change_hist[v] / s.games for v in vals], bins=bins, alpha=0.6, label=label)
    ax.set(title="Lead changes per game", xlabel="lead changes", ylabel="share of games")
    ax.legend(fontsize=8)
    out.append(("Lead changes", _png(fig)))
    plt.close(fig)
    # skill gap
    gaps = [(label, g) for label, s in runs.items() for g in measures(s).get("skill_gap", [])]
    if gaps:
        fig, ax = plt.subplots(figsize=(7, 2.8))
        names = [f"{g['kind']}\n({label})" for label, g in gaps]
        rates = [g["win_rate"] for _, g in gaps]
        err = [[r - g["ci"][0] for r, (_, g) in zip(rates, gaps)], [g["ci"][1] - r for r, (_, g) in zip(rates, gaps)]]
        ax.bar(range(len(gaps)), rates, yerr=err, capsize=4, color="tab:green", alpha=0.8)
        ax.set(xticks=range(len(gaps)), ylabel="win rate per seat-game", title="Skill gap (95% intervals)")
        ax.set_xticklabels(names, fontsize=8)
        out.append(("Skill gap", _png(fig)))
        plt.close(fig)
    return out


_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;max-width:980px;margin:2em auto;padding:0 1em;
color:#222;line-height:1.45}
h1{font-size:1.5em}h2{font-size:1.15em;margin-top:1.6em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;font-size:.9em;margin:.5em 0}
td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}td:first-child,th:first-child{text-align:left}
tr.sig{background:#fff3c4;font-weight:600}.warn{background:#fde2e1;border:1px solid #e5a3a0;padding:.6em 1em}
table.left td{text-align:left}code{background:#f3f3f3;padding:0 .25em}img{max-width:100%}.summary li{margin:.3em 0}
"""


def html_report(
    game: Game[Any, Any, Any],
    runs: Mapping[str, Summary],
    *,
    diffs: Sequence[Difference] = (),
    alpha: float = 0.05,
    command: str = "",
    rules_text: str = "",
    rules: Any = None,
) -> str:
    """The page, as one HTML string with everything inline."""
    esc = html.escape
    first = next(iter(runs.values()))
    parts = [f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{esc(game.title)}: balance report"
             f"</title><style>{_CSS}</style></head><body>",
             f"<h1>{esc(game.title)}: balance report</h1>"]
    warnings = placeholder_warnings(game, rules) if rules is not None else []
    if warnings:
        parts.append("<div class='warn'><b>Placeholder data.</b> This game runs on data the source does not give; "
                     "the figures describe the placeholders, not the published game:<ul>"
                     + "".join(f"<li>{esc(w)}</li>" for w in warnings) + "</ul></div>")
    parts.append("<h2>In plain words</h2><ul class='summary'>"
                 + "".join(f"<li>{esc(x)}</li>" for x in plain_summary(runs, diffs, alpha)) + "</ul>")
    parts.append("<h2>What was compared</h2><table class='left'>")
    for label, s in runs.items():
        parts.append(f"<tr><td>{esc(label)}</td><td>{esc(str(s.variant.get('name', label)))}</td></tr>")
    parts.append(f"<tr><td>rules difference from the printed game</td><td>{esc(rules_text or 'none')}</td></tr>"
                 f"<tr><td>players per seat</td><td>{esc(', '.join(first.players_as))}</td></tr>"
                 f"<tr><td>games per side, seed</td><td>{first.games}, {first.seed}</td></tr>"
                 f"<tr><td>to reproduce</td><td><code>{esc(command)}</code></td></tr></table>")
    if diffs:
        parts.append(f"<h2>Printed rules against the variant</h2><p>Rates: two-proportion z-test; means: Welch's "
                     f"t-test; a row is highlighted when its Holm-adjusted p-value (over all {len(diffs)} rows) "
                     f"is below {alpha:g}.</p><table><tr><th>figure</th><th>printed</th><th>variant</th>"
                     "<th>difference</th><th>p</th><th>p (Holm)</th></tr>")
        for d in diffs:
            delta = (f"{(d.variant - d.printed) * 100:+.1f} pt" if d.kind == "rate"
                     else f"{d.variant - d.printed:+.3f}")
            parts.append(f"<tr{' class=sig' if d.significant else ''}><td>{esc(d.metric)}</td>"
                         f"<td>{_fmt(d, d.printed)}</td><td>{_fmt(d, d.variant)}</td><td>{delta}</td>"
                         f"<td>{esc(_p(d.p_value))}</td><td>{esc(_p(d.p_adjusted))}</td></tr>")
        parts.append("</table>")
    parts.append("<h2>Win rates per seat</h2><table><tr><th>run</th>"
                 + "".join(f"<th>seat {k}</th>" for k in range(first.players)) + "<th>chi-square p</th></tr>")
    for label, s in runs.items():
        p = measures(s)["seat_advantage"]["p_value"]
        parts.append(f"<tr><td>{esc(label)}</td>" + "".join(
            f"<td>{_pct(r)} [{_pct(lo)}, {_pct(hi)}]</td>" for r, (lo, hi) in zip(s.win_rate, s.win_ci))
            + f"<td>{esc(_p(p))}</td></tr>")
    parts.append("</table>")
    for title, uri in _plots(game, runs):
        parts.append(f"<h2>{esc(title)}</h2><img alt='{esc(title)}' src='{uri}'>")
    parts.append("<p><small>Made by <code>rulebook simulate</code>. Measures: see the docs page "
                 "“Balance a designer can trust”.</small></p></body></html>")
    return "".join(parts)
