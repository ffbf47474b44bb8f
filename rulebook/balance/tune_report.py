"""What ``rulebook tune`` writes: each finalist as a variant file, its ``simulate --compare`` page, and
the search's own page (:func:`html_page`): the target, the answer in plain words, the front as a
picture, and for each finalist its changes in words and its figures against the printed game, measured
again on fresh seeds. :func:`result_json` gives the same as data.

Every text is escaped; the page needs no network and fits a 390 px phone screen.
"""

from __future__ import annotations

import datetime
import html
import json
import math
from pathlib import Path
from typing import Any

from rulebook.balance.figures import format_difference, format_p, format_value
from rulebook.balance.plots import STYLES, _fonts, _pyplot, _svg
from rulebook.balance.report import _CSS, _footer, _table, html_report
from rulebook.balance.tune import Candidate, Finalist, TuneResult, shortfall
from rulebook.balance.tune_target import Estimate, Goal
from rulebook.core.files import write_atomic
from rulebook.core.options import option_value
from rulebook.i18n import _, language, ngettext
from rulebook.variants.variant import Variant, load_variant

__all__ = ["answer", "figure_text", "front_picture", "html_page", "result_json", "variant_toml", "write_outputs"]


def figure_text(goal: Goal, e: Estimate | None) -> str:
    """A goal's figure with its 95% interval, for people (the unit once, after the value)."""
    if e is None:
        return _("n/a")
    if goal.measure.percent:
        return f"{goal.format(e.value)} [{e.low * 100:.1f}, {e.high * 100:.1f}]"
    return f"{goal.format(e.value)} [{e.low:.2f}, {e.high:.2f}]" if goal.measure.unit else \
        f"{e.value:.3g} [{e.low:.3g}, {e.high:.3g}]"


def _miss_words(goal: Goal, excess: float) -> str:
    return _("{goal}: misses by {by}").format(goal=goal.words(), by=goal.format(excess, difference=True))


def answer(result: TuneResult) -> list[str]:
    """The search's answer in a few sentences, in the language shown."""
    counts = result.counts()
    lines = [_("{tried} candidates tried: {measured} measured, {pruned} pruned after their first batch, "
               "{invalid} refused by the rules, {failed} failed a check of verify.").format(
        tried=len(result.candidates), **counts)]
    if not result.finalists:
        lines.append(_("No candidate could be measured, so there is no answer: see the candidates refused."))
        return lines
    best = result.finalists[0]
    if not result.search.bounds:
        lines.append(_("The best candidates (with several objectives, the front of the best trade-offs), measured "
                       "again on {games} fresh games beside the printed game:").format(games=result.final_games))
    elif result.met:
        met = sum(1 for c in result.candidates if c.status == "measured" and not shortfall(result.goals, c.figures))
        lines.append(ngettext("{n} candidate met every bound in the search; the best, measured again on {games} "
                              "fresh games beside the printed game:",
                              "{n} candidates met every bound in the search; the best, measured again on {games} "
                              "fresh games beside the printed game:", met).format(n=met, games=result.final_games))
    else:
        lines.append(_("No candidate meets the target. The candidates that miss by least, measured again on "
                       "{games} fresh games beside the printed game:").format(games=result.final_games))
    for f in result.finalists:
        changes = _("; ").join(f.candidate.changes) or _("the printed rules")
        if not result.search.bounds:
            figures = _("; ").join(_("{what} {value}").format(what=g.measure.words(), value=figure_text(
                g, f.figures.get(g.measure.key))) for g in result.goals)
            lines.append(_("{label} ({changes}): {figures}.").format(label=_label(f.candidate), changes=changes,
                                                                    figures=figures))
            continue
        verdict = _("meets every bound again") if f.meets else _("; ").join(_miss_words(g, x) for g, x in f.misses)
        lines.append(_("{label} ({changes}): {verdict}.").format(label=_label(f.candidate), changes=changes,
                                                                verdict=verdict))
    if best.misses and not result.met:
        lines.append(_("So the best candidate still misses: {misses}.").format(
            misses=_("; ").join(_miss_words(g, x) for g, x in best.misses)))
    return lines


def _label(c: Candidate) -> str:
    return _("candidate {n}").format(n=c.number + 1)


# -- the variant files ------------------------------------------------------------------------------------


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise ValueError(f"a value TOML cannot hold: {type(value).__name__}")


def _people(info: Any, value: Any) -> Any:
    """A value as a variant file writes it (seats from 1)."""
    if info.seat and type(value) is int:
        return value + 1
    if info.seat and isinstance(value, tuple):
        return tuple(v + 1 for v in value)
    return value


def variant_toml(result: TuneResult, finalist: Finalist, number: int) -> str:
    """The variant file of a finalist: every option it changes, values per count as tables."""
    game = result.search.game
    variant = finalist.variant
    infos = {i.name: i for i in game.options()}
    printed_rules = game.Rules(players=variant.rules.players)
    counted = {c.name: c for c in variant.per_count}
    goals = "; ".join(g.text for g in result.goals)
    lines = [
        f"# rulebook tune {game.slug}: finalist {number} of a search for: {goals}",
        f"name = {_toml_value(f'tune finalist {number}')}",
        f"game = {_toml_value(game.slug)}",
        f"description = {_toml_value('; '.join(finalist.candidate.changes) or 'the printed rules')}",
        "", "[rules]", f"players = {variant.rules.players}",
    ]
    tables = []
    for name, info in infos.items():
        if name == "players" or "." in name:
            continue
        if name in counted:
            c = counted[name]
            rows = [f"{n} = {_toml_value(_people(info, v))}" for n, v in c.values]
            tables += ["", f"[rules.{name}]", *rows]
            continue
        value = option_value(variant.rules, name)
        if value != option_value(printed_rules, name):
            lines.append(f"{name} = {_toml_value(_people(info, value))}")
    return "\n".join(lines + tables) + "\n"


def _check_file(path: Path, variant: Variant) -> None:
    """A finalist's file must read back to the finalist's rules (else it is not written as one)."""
    back = load_variant(variant.game, str(path))
    if back.rules != variant.rules:
        raise ValueError(f"{path}: the variant file does not read back to the finalist's rules")


def _python_file(result: TuneResult, finalist: Finalist, number: int) -> str:
    """A finalist that a build function made: a Python variant that builds it again (the file names the
    build function the search was given on the command line)."""
    search = result.search
    values = dict(finalist.candidate.values)
    return (f'"""rulebook tune {search.game.slug}: finalist {number} (built by {search.space.build_ref})."""\n\n'
            "from rulebook.balance.tune_space import rebuild\n\n"
            f"VARIANT = rebuild({search.game.slug!r}, {search.space.describe()!r}, {values!r}, "
            f"build={search.space.build_ref!r}, players={search.players})\n")


def write_outputs(result: TuneResult, out: str | Path, *, command: str = "") -> dict[str, Any]:
    """Write every finalist's variant file and ``simulate --compare`` page, and the search's page, into
    ``out``; returns the paths written (``report``, ``finalists``: per finalist its ``variant`` and
    ``compare``)."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    search = result.search
    written: dict[str, Any] = {"finalists": []}
    for number, f in enumerate(result.finalists, 1):
        if search.space.build is None:
            path = folder / f"finalist-{number}.toml"
            write_atomic(path, variant_toml(result, f, number), "--out")
            _check_file(path, f.variant)
        else:
            path = folder / f"finalist-{number}.py"
            write_atomic(path, _python_file(result, f, number), "--out")
        page = folder / f"finalist-{number}-compare.html"
        reproduce = (f"rulebook simulate {search.game.slug} --variant {path} --compare --games {result.final_games} "
                     f"--seed {result.final_seed}")
        if any(str(p) != "heuristic" for p in search.players_as):
            reproduce += " --players-as " + ",".join(map(str, search.players_as))
        assert result.printed_final is not None
        runs = {"printed rules": result.printed_final, f"finalist {number}": f.summary}
        write_atomic(page, html_report(search.game, runs, diffs=f.differences, command=reproduce,
                                       rules=f.variant.rules,
                                       sides={"printed rules": _printed(result), f"finalist {number}": f.variant}),
                     "--out")
        written["finalists"].append({"variant": str(path), "compare": str(page)})
    report = folder / "report.html"
    write_atomic(report, html_page(result, written, command=command), "--out")
    written["report"] = str(report)
    return written


def _printed(result: TuneResult) -> Variant:
    from rulebook.variants.variant import printed

    return printed(result.search.game, result.search.players)


# -- the search's page ------------------------------------------------------------------------------------


def front_picture(result: TuneResult) -> str | None:
    """The candidates on the first two objectives (one: against the candidate's number), each with its 95%
    intervals, the finalists marked and the printed game as a star; an SVG data URI (``None``: nothing
    measured)."""
    goals = list(dict.fromkeys(result.search.objectives_of(result.goals)))
    measured = [c for c in result.candidates if c.status == "measured"]
    if not measured:
        return None
    plt = _pyplot()
    rc = {"font.size": 11, "axes.titlesize": 11, "legend.fontsize": 9, "svg.fonttype": "none",
          "font.family": _fonts()}
    chosen = {f.candidate.number for f in result.finalists}
    x_goal = goals[0]
    y_goal = goals[1] if len(goals) > 1 else None
    scale = [100.0 if g.measure.percent else 1.0 for g in (x_goal, y_goal) if g is not None]

    def point(goal: Goal, e: Estimate | None, k: int) -> tuple[float, float, float]:
        if e is None:
            return math.nan, 0.0, 0.0
        s = scale[k]
        return e.value * s, (e.value - e.low) * s, (e.high - e.value) * s

    with plt.rc_context(rc):
        fig, ax = plt.subplots(figsize=(5.6, 3.8), layout="constrained")
        for group, style, label in ((False, STYLES[0], _("candidates")), (True, STYLES[1], _("finalists"))):
            xs: list[float] = []
            ys: list[float] = []
            xerr: list[list[float]] = [[], []]
            yerr: list[list[float]] = [[], []]
            for c in measured:
                if (c.number in chosen) != group:
                    continue
                x, lo, hi = point(x_goal, c.figures.get(x_goal.measure.key), 0)
                if y_goal is None:
                    y, ylo, yhi = float(c.number + 1), 0.0, 0.0
                else:
                    y, ylo, yhi = point(y_goal, c.figures.get(y_goal.measure.key), 1)
                xs.append(x)
                ys.append(y)
                xerr[0].append(lo)
                xerr[1].append(hi)
                yerr[0].append(ylo)
                yerr[1].append(yhi)
            if xs:
                ax.errorbar(xs, ys, xerr=xerr, yerr=yerr if y_goal is not None else None, fmt="o",
                            color=style["color"], ecolor=style["color"], elinewidth=0.8, alpha=0.85, label=label,
                            markersize=7 if group else 5, capsize=2)
        px = result.printed.get(x_goal.measure.key)
        py = result.printed.get(y_goal.measure.key) if y_goal is not None else None
        if px is not None and (y_goal is None or py is not None):
            ax.plot([px.value * scale[0]], [py.value * scale[1] if py is not None else 0.0], marker="*",
                    markersize=13, color="#2e7d32", linestyle="none", label=_("printed game"))
        for k, goal in enumerate((x_goal, y_goal)):
            if goal is None or goal.value is None or not (goal.bound or goal.op == "near"):
                continue
            s = scale[k]
            marks = ([goal.value - goal.tolerance, goal.value + goal.tolerance] if goal.op == "within"
                     else [goal.value])
            for m in marks:
                (ax.axvline if k == 0 else ax.axhline)(m * s, color="#888", linestyle="--", linewidth=1)
        ax.set_xlabel(_axis(x_goal))
        ax.set_ylabel(_axis(y_goal) if y_goal is not None else _("candidate"))
        ax.legend(loc="best")
        uri = _svg(fig)
        plt.close(fig)
    return uri


def _axis(goal: Goal) -> str:
    unit = _("points") if goal.measure.kind == "points" else "%" if goal.measure.percent else _(goal.measure.unit)
    return f"{goal.measure.words()} ({unit})" if unit else goal.measure.words()


def _esc(text: str) -> str:
    return html.escape(text)


def _figure_rows(result: TuneResult, f: Finalist) -> list[str]:
    rows = []
    for g in result.goals:
        a = result.printed_final_figures.get(g.measure.key)
        b = f.figures.get(g.measure.key)
        rows.append(f"<tr><td>{_esc(g.measure.words())}</td><td>{_esc(figure_text(g, a))}</td>"
                    f"<td>{_esc(figure_text(g, b))}</td></tr>")
    return rows


def html_page(result: TuneResult, written: dict[str, Any], *, command: str = "",
              date: datetime.date | None = None) -> str:
    """The search's page, as one HTML string with everything inline."""
    search = result.search
    game = search.game
    title = _("{game}: the house rule for a target").format(game=_(game.title))
    small = _("rulebook tune: {players} players, {candidates} candidates of {games} games, seed {seed}").format(
        players=search.players, candidates=len(result.candidates), games=search.games, seed=search.seed)
    parts = [
        f"<!doctype html><html lang='{_esc(language())}'><head><meta charset='utf-8'>"
        "<meta name='generator' content='rulebook tune'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{_esc(title)}</title><style>{_CSS}</style></head><body><main>",
        f"<h1>{_esc(title)}<small>{_esc(small)}</small></h1>",
        "<h2>" + _esc(_("The target")) + "</h2><ul>"
        + "".join(f"<li>{_esc(g.words())}</li>" for g in result.goals) + "</ul>",
        "<h2>" + _esc(_("The answer")) + "</h2><ul class='summary'>"
        + "".join(f"<li>{_esc(x)}</li>" for x in answer(result)) + "</ul>",
    ]
    uri = front_picture(result)
    if uri is not None:
        caption = _("Each candidate measured in the search, with its 95% intervals; the finalists in orange, the "
                    "printed game as a star, the target's bounds and aims dashed.")
        parts.append("<h2>" + _esc(_("The candidates and the front")) + "</h2><figure><img alt='"
                     + _esc(caption) + f"' src='{uri}'><figcaption>{_esc(caption)}</figcaption></figure>")
    for number, f in enumerate(result.finalists, 1):
        files = written["finalists"][number - 1] if number - 1 < len(written.get("finalists", ())) else {}
        parts.append("<h2>" + _esc(_("Finalist {n}: {label}").format(n=number, label=_label(f.candidate))) + "</h2>")
        parts.append("<p>" + _esc(_("What it changes: {changes}.").format(
            changes=_("; ").join(f.candidate.changes) or _("nothing"))) + "</p>")
        parts.append(_table([_esc(_("figure")), _esc(_("printed game")), _esc(_("finalist"))],
                            _figure_rows(result, f), "left"))
        sig = [d for d in f.differences if d.significant]
        if sig:
            parts.append("<p>" + _esc(_("Beyond noise against the printed game (Holm-corrected): {list}.").format(
                list=_("; ").join(f"{d.name} {format_value(d.kind, d.printed)} → {format_value(d.kind, d.variant)} "
                                  f"({format_difference(d)}, p {format_p(d.p_adjusted)})" for d in sig[:6]))) + "</p>")
        links = []
        if files:
            links.append(f"<a href='{_esc(Path(files['compare']).name)}'>" + _esc(_("its simulate --compare report"))
                         + "</a>")
            links.append(f"<a href='{_esc(Path(files['variant']).name)}'>" + _esc(_("its variant file")) + "</a>")
        if links:
            parts.append("<p>" + " · ".join(links) + "</p>")
    parts.append("<h2>" + _esc(_("Every candidate")) + "</h2>")
    head = [_esc(_("candidate")), _esc(_("changes")), _esc(_("result")),
            *(_esc(g.measure.words()) for g in dict.fromkeys(result.goals))]
    rows = []
    for c in result.candidates:
        status = {"measured": _("measured"), "pruned": _("pruned"), "invalid": _("refused by the rules"),
                  "failed": _("failed verify")}[c.status]
        if c.status in ("invalid", "failed"):
            status += ": " + c.message + (f" ({c.record})" if c.record else "")
        changes = _("; ").join(c.changes) or _("the printed rules")
        rows.append(f"<tr><td>{c.number + 1}</td><td>{_esc(changes)}</td>"
                    f"<td>{_esc(status)}</td>"
                    + "".join(f"<td>{_esc(figure_text(g, c.figures.get(g.measure.key)))}</td>" for g in result.goals)
                    + "</tr>")
    parts.append(_table(head, rows, "left"))
    parts.append("<p><small>" + _esc(_(
        "Figures in the search are the search's own games (the same deals for every candidate); the finalists' "
        "were measured again on fresh games (seed {seed}), where a lucky candidate loses its luck. Brackets: "
        "95% intervals.").format(seed=result.final_seed)) + "</small></p>")
    day = (date or datetime.datetime.now(datetime.UTC).date()).isoformat()
    from rulebook.balance.simulate import players_text

    footer = _footer(day, players_text(search.players_as), command or f"rulebook tune {game.slug}")
    parts.append(footer.replace(html.escape(_("the docs page “Balance a designer can trust”")),
                                html.escape(_("the docs page “Find the house rule for a target”"))))
    return "".join(parts)


def result_json(result: TuneResult, written: dict[str, Any] | None = None) -> dict[str, Any]:
    """The search as JSON-compatible data."""
    def figs(figures: dict[str, Estimate | None]) -> dict[str, Any]:
        return {k: (None if e is None else {"value": e.value, "low": e.low, "high": e.high, "games": e.games})
                for k, e in figures.items()}

    return {
        "game": result.search.game.slug, "players": result.search.players, "seed": result.search.seed,
        "games": result.search.games, "sampler": result.sampler, "target": [g.text for g in result.goals],
        "met": result.met, "counts": result.counts(), "repeats": result.repeats, "printed": figs(result.printed),
        "candidates": [{"number": c.number + 1, "values": {k: _jsonable(v) for k, v in c.values.items()},
                        "status": c.status, "changes": list(c.changes), "figures": figs(c.figures),
                        "message": c.message, "record": c.record, "games": c.games} for c in result.candidates],
        "final": {"seed": result.final_seed, "games": result.final_games,
                  "printed": figs(result.printed_final_figures),
                  "finalists": [{"candidate": f.candidate.number + 1, "meets": f.meets,
                                 "misses": {g.text: x for g, x in f.misses}, "figures": figs(f.figures),
                                 **((written or {}).get("finalists", [{}] * len(result.finalists))[i])}
                                for i, f in enumerate(result.finalists)]},
        **({"report": written["report"]} if written and "report" in written else {}),
    }


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value
