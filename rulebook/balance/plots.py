"""Plots of a simulation: the figures of ``rulebook simulate --report`` and ``--plot``.

Every plot is drawn from what :class:`~rulebook.balance.simulate.Summary` gives, so a figure
a game adds appears without an edit here. The rules the plots keep:

* distributions are step outlines (never translucent bars that blend into a third
  colour), in bins chosen from the data; a figure with a single value is a sentence,
  not a one-bar plot (:func:`histogram` returns ``False`` for it);
* ticks are whole numbers, evenly spaced; legends sit outside the data;
* every figure has a plain name with its unit (:func:`figure_name`), and seats are
  numbered from 1 as people count them;
* a sweep (:func:`sweep_plots`) draws one plot per figure: its value against the swept value,
  with 95% intervals.

>>> figure_name("score_margin"), figure_name("trump_stack_left"), figure_name("new_thing")
('score margin (points)', 'trump cards left on the stack', 'new thing')
>>> metric_name("seat 0 win rate"), metric_name("mean top_score")
('seat 1 win rate', 'top score (points), mean per game')
"""

from __future__ import annotations

import base64
import io
import math
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rulebook.balance.figures import FIGURE_NAMES, Row, figure_name, figure_rows, ordinal, unit_word
from rulebook.balance.simulate import Summary
from rulebook.core.contract import Game
from rulebook.core.optional import install_hint
from rulebook.errors import RulebookError
from rulebook.i18n import N_, _, language

__all__ = ["FIGURE_NAMES", "figure_name", "histogram", "metric_name", "report_plots", "save_plots", "sweep_plots"]

#: The fonts of every plot: DejaVu Sans first (its digits and Latin letters), then a CJK font for
#: Japanese words (Debian's fonts-noto-cjk), then whatever sans-serif the machine has.
FONTS = ["DejaVu Sans", "Noto Sans CJK JP", "sans-serif"]


#: The CJK font the Japanese plots name, and the start of its files' names (Debian's fonts-noto-cjk).
CJK_FONT, _CJK_FILES = "Noto Sans CJK JP", "NotoSansCJK"


def _fonts() -> list[str]:
    """:data:`FONTS`, with the CJK font only for Japanese text: English plots never ask for a
    family the machine may lack (matplotlib prints a "findfont" warning per text for each one).
    For Japanese text the CJK font is found even when it was installed after matplotlib made its
    font cache (:func:`cjk_font_ready`); where it is missing the SVG still names it, the browser
    draws it where the reader has it, and the per-glyph warnings are silenced (the command says
    once which font to install)."""
    if language() != "ja":
        return [f for f in FONTS if f != CJK_FONT]
    import logging
    import warnings

    logging.getLogger("matplotlib.font_manager").setLevel(logging.ERROR)
    if not cjk_font_ready():
        warnings.filterwarnings("ignore", message=r"Glyph \d+ .* missing from font", category=UserWarning)
    return list(FONTS)


_CJK_READY: list[bool] = []


def cjk_font_ready() -> bool:
    """Whether matplotlib can draw Japanese text with :data:`CJK_FONT`: known to its font cache, or
    found among the machine's fonts and added now (a font installed after the cache was made)."""
    if _CJK_READY:
        return _CJK_READY[0]
    from matplotlib import font_manager

    def known() -> bool:
        return any(f.name == CJK_FONT for f in font_manager.fontManager.ttflist)

    if not known():
        for path in font_manager.findSystemFonts():
            if _CJK_FILES in Path(path).name:
                try:
                    font_manager.fontManager.addfont(path)
                except (OSError, RuntimeError, ValueError):  # a font file matplotlib cannot read
                    continue
    _CJK_READY.append(known())
    return _CJK_READY[0]


#: line colour and style of each run (a colour-blind-safe pair, told apart by the dash too)
STYLES: tuple[dict[str, Any], ...] = (
    {"color": "#1f5fa8", "linestyle": "-"},
    {"color": "#d4550b", "linestyle": "--"},
    {"color": "#2e7d32", "linestyle": ":"},
    {"color": "#6a1b9a", "linestyle": "-."},
)


def metric_name(metric: str) -> str:
    """The plain name of a row key of :func:`~rulebook.balance.figures.compare` (seats counted from 1); the
    rows themselves carry their full name with the run's units (:attr:`~rulebook.balance.figures.Difference.name`)."""
    m = re.fullmatch(r"seat (\d+) (.*)", metric)
    if m:
        rest = m[2] + (" (points)" if m[2] == "mean score" else "")
        return f"seat {int(m[1]) + 1} {rest}"
    if metric.startswith("mean "):
        return f"{figure_name(metric[5:])}, mean per game"
    return metric


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise RulebookError(f"plots need matplotlib: {install_hint('plot')}") from None
    return plt


def _edges(values: Sequence[int], most: int) -> list[float]:
    """Whole-number bins over ``values``: one per value, or ``most`` at most, equally wide."""
    lo, hi = min(values), max(values) + 1
    width = max(1, -(-(hi - lo) // most))
    return [lo - 0.5 + i * width for i in range(-(-(hi - lo) // width) + 1)]


def whole_ticks(ax: Any, lo: float, hi: float, most: int = 7) -> None:
    """Evenly spaced whole-number ticks between ``lo`` and ``hi``, at most about ``most``."""
    first, last = math.ceil(lo), math.floor(hi)
    span = max(1, last - first)
    raw = span / max(1, most - 1)
    step = 1
    for nice in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000):
        step = nice
        if nice >= raw:
            break
    start = -(-first // step) * step
    ax.set_xticks(range(start, last + 1, step))


def histogram(ax: Any, hists: Mapping[str, tuple[Mapping[Any, int], int]], *, most: int = 30) -> bool:
    """Share of games per whole-number bin, one step outline per run; ``False`` (nothing drawn)
    when every game of every run has the same value."""
    values = sorted({round(v) for h, _ in hists.values() for v in h})
    if all(len(h) < 2 for h, _ in hists.values()):  # one value per run: a sentence says it better
        return False
    edges = _edges(values, most)
    width = edges[1] - edges[0]
    for i, (label, (h, games)) in enumerate(hists.items()):
        heights = [0.0] * (len(edges) - 1)
        for v, c in h.items():
            heights[int((round(v) - edges[0]) // width)] += c / max(1, games)
        ax.stairs(heights, edges, label=label if len(hists) > 1 else None, linewidth=2, **STYLES[i % len(STYLES)])
    ax.set_xlim(edges[0] - width / 2, edges[-1] + width / 2)
    ax.set_ylim(bottom=0)
    whole_ticks(ax, edges[0], edges[-1])
    ax.yaxis.set_major_formatter(_percent())
    ax.spines[["top", "right"]].set_visible(False)
    return True


def _percent() -> Any:
    from matplotlib.ticker import PercentFormatter

    return PercentFormatter(1.0, decimals=0)


def _svg(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="svg", metadata={"Date": None})
    return "data:image/svg+xml;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def _only_value(hists: Mapping[str, tuple[Mapping[Any, int], int]]) -> str:
    """The value of every game, per run when the runs differ: "69" or "69 (printed rules), 54 (variant)"."""
    each = {label: ", ".join(str(int(v)) for v in sorted(h)) or _("none") for label, (h, _n) in hists.items()}
    if len(set(each.values())) == 1:
        return next(iter(each.values()))
    return ", ".join(f"{v} ({label})" for label, v in each.items())


#: at most this many different values per game are told in a sentence, not drawn
FEW = 3


def _shares(hists: Mapping[str, tuple[Mapping[Any, int], int]]) -> str:
    """Each value with its share of games, per run when the runs differ:
    "69 in 99.9% of games, 68 in 0.1%" or "...(printed rules); ...(variant)"."""
    def text(h: Mapping[Any, int], games: int) -> str:
        parts = [(int(v), c / max(1, games)) for v, c in sorted(h.items(), key=lambda vc: (-vc[1], vc[0]))]
        head = _("{value} in {share} of games").format(value=parts[0][0], share=f"{parts[0][1]:.1%}")
        return ", ".join([head] + [_("{value} in {share}").format(value=v, share=f"{p:.1%}") for v, p in parts[1:]])

    each = {label: text(h, n) for label, (h, n) in hists.items() if h}
    if len(set(each.values())) == 1:
        return next(iter(each.values()))
    return _("; ").join(f"{v} ({label})" for label, v in each.items())


#: one plot of the report: (title, caption, picture as a data URI, or None when the figure is a sentence)
Plot = tuple[str, str, str | None]


def report_plots(game: Game[Any, Any, Any], runs: Mapping[str, Summary]) -> list[Plot]:
    """The report's plots, as SVG data URIs, in reading order."""
    plt = _pyplot()
    rc = {"font.size": 11, "axes.titlesize": 11, "legend.fontsize": 10, "svg.fonttype": "none",
          "font.family": _fonts()}
    with plt.rc_context(rc):
        return _report_plots(plt, game, runs)


def _legend(fig: Any, ax: Any, n: int) -> None:
    handles, labels = ax.get_legend_handles_labels()
    if handles:
        # long side names (a variant's options) one per row, so that none is cut at the picture's edge
        ncols = 1 if sum(len(x) for x in labels) > 36 else min(3, len(handles))
        fig.legend(handles, labels, loc="outside upper center", ncols=ncols, frameon=False)


def _shown_runs(runs: Mapping[str, Summary]) -> dict[str, Summary]:
    """The runs under the names their legends show: the printed rules' in the language shown."""
    return {(_("printed rules") if label == "printed rules" else label): s for label, s in runs.items()}


def _report_plots(plt: Any, game: Game[Any, Any, Any], runs: Mapping[str, Summary]) -> list[Plot]:
    out: list[Plot] = []
    runs = _shown_runs(runs)
    first = next(iter(runs.values()))
    seats = max(s.players for s in runs.values())
    # win rate per seat: side-by-side bars with 95% intervals, and the fair share
    fig, ax = plt.subplots(figsize=(5, 3.2), layout="constrained")
    width = 0.8 / len(runs)
    for i, (label, s) in enumerate(runs.items()):
        xs = [k + (i - (len(runs) - 1) / 2) * width for k in range(s.players)]
        err = [[r - lo for r, (lo, _) in zip(s.win_rate, s.win_ci)],
               [hi - r for r, (_, hi) in zip(s.win_rate, s.win_ci)]]
        style = STYLES[i % len(STYLES)]
        ax.bar(xs, s.win_rate, width * 0.92, yerr=err, capsize=3, label=label if len(runs) > 1 else None,
               color=style["color"], ecolor="#333", hatch=None if i == 0 else "//", edgecolor="white")
    fair = sum(first.win_rate) / first.players
    share = f"{fair:.0%}"
    ax.axhline(fair, color="#555", linestyle=":", linewidth=1.5, label=_("fair share ({share})").format(share=share))
    ax.set(xticks=range(seats), xticklabels=[_("seat {n}").format(n=k + 1) for k in range(seats)],
           ylabel=_("games won"))
    ax.yaxis.set_major_formatter(_percent())
    ax.set_ylim(0, max(max(hi for _, hi in s.win_ci) for s in runs.values()) * 1.1 or 1)
    ax.spines[["top", "right"]].set_visible(False)
    _legend(fig, ax, len(runs) + 1)
    out.append((_("Win rate per seat"), _(
        "Bars: the share of games each seat won; whiskers: 95% Wilson intervals; "
        "dotted line: the fair share, the win rate every seat would have if seat order did not matter "
        "(the seats' average, above 1 in N when games end in shared wins)."), _svg(fig)))
    plt.close(fig)
    # distributions with one value per game
    for title, unit, caption, hists in (
        (_("Game length"), _("actions"),
         _("Share of games by the number of actions (moves, bids and plays) they took."),
         {label: (s.length_hist, s.games) for label, s in runs.items()}),
        (_("Lead changes"), _("lead changes"), _("Share of games by how often the lead passed to another seat."),
         {label: (s.lead_change_hist, s.games) for label, s in runs.items()}),
    ):
        fig, ax = plt.subplots(figsize=(5, 2.8), layout="constrained")
        if len({round(v) for h, _n in hists.values() for v in h}) <= FEW and not all(
                len(h) < 2 for h, _n in hists.values()):  # two or three bars: a sentence says it better
            out.append((title, _("The games took few different numbers of {unit}: {values}.").format(
                unit=unit, values=_shares(hists)), None))
        elif histogram(ax, hists):
            ax.set(xlabel=unit, ylabel=_("share of games"))
            _legend(fig, ax, len(runs))
            out.append((title, caption, _svg(fig)))
        else:
            out.append((title, _("Every game of a run had the same number of {unit}: {values}.").format(
                unit=unit, values=_only_value(hists)), None))
        plt.close(fig)
    # final scores, one small plot per seat, two to a row (readable on a phone)
    cols = 2 if seats > 1 else 1
    rows = -(-seats // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(5, 0.6 + 2.1 * rows), layout="constrained", squeeze=False)
    drawn = False
    score = unit_word(first.score_unit)
    for k in range(rows * cols):
        ax = axes[k // cols][k % cols]
        if k >= seats:
            ax.set_visible(False)
            continue
        hists = {label: (s.score_hist[k], s.games) for label, s in runs.items() if k < s.players}
        if histogram(ax, hists, most=20):
            drawn = True
        else:
            ax.text(0.5, 0.5, _("always {value} {unit}").format(value=_only_value(hists), unit=score),
                    ha="center", va="center", transform=ax.transAxes)
            ax.set_xticks([])
            ax.set_yticks([])
        ax.set_title(_("seat {n}").format(n=k + 1))
        if k % cols == 0:
            ax.set_ylabel(_("share of games"))
    for k in range(max(0, seats - cols), seats):
        axes[k // cols][k % cols].set_xlabel(_("final score ({unit})").format(unit=score))
    if drawn:
        labelled = [a for row in axes for a in row if a.get_legend_handles_labels()[0]]
        if labelled:
            _legend(fig, labelled[0], len(runs))
        out.append((_("Final scores"), _("Share of games by each seat's final score (under the variant's scoring)."),
                    _svg(fig)))
    else:
        out.append((_("Final scores"), _("Every seat ended every game with the same score."), None))
    plt.close(fig)
    # skill gap: one bar per player kind, when the seats hold different players
    from rulebook.balance.measures import measures

    gaps = [(label, g) for label, s in runs.items() for g in measures(s).get("skill_gap", [])]
    if gaps:
        fig, ax = plt.subplots(figsize=(5, 2.8), layout="constrained")
        names = [f"{g['kind']}\n({label})" if len(runs) > 1 else str(g["kind"]) for label, g in gaps]
        rates = [g["win_rate"] for _, g in gaps]
        err = [[r - g["ci"][0] for r, (_, g) in zip(rates, gaps)], [g["ci"][1] - r for r, (_, g) in zip(rates, gaps)]]
        ax.bar(range(len(gaps)), rates, yerr=err, capsize=3, color="#2e7d32")
        ax.set(xticks=range(len(gaps)), ylabel=_("seat-games won"))
        ax.set_xticklabels(names)
        ax.yaxis.set_major_formatter(_percent())
        ax.spines[["top", "right"]].set_visible(False)
        out.append((_("Skill gap"), _("Share of seat-games each kind of player won, with 95% intervals."), _svg(fig)))
        plt.close(fig)
    return out


def save_plots(directory: str, game: Game[Any, Any, Any], runs: Mapping[str, Summary]) -> list[Path]:
    """``rulebook simulate --plot DIR``: the game lengths and the final scores as PNG files."""
    try:
        plt = _pyplot()
    except RulebookError:
        raise RulebookError(f"--plot needs matplotlib: {install_hint('plot')}") from None
    out = Path(directory)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RulebookError(f"--plot: cannot create {directory}: {exc.strerror}") from None
    with plt.rc_context({"font.family": _fonts()}):
        return _save_plots(plt, out, game, runs)


def _save_plots(plt: Any, out: Path, game: Game[Any, Any, Any], runs: Mapping[str, Summary]) -> list[Path]:
    paths = []
    runs = _shown_runs(runs)
    title = _(game.title)
    fig, ax = plt.subplots(figsize=(7, 4))
    bins = _bins([s.length_hist for s in runs.values()], 40)
    for i, (label, s) in enumerate(runs.items()):
        values = sorted(s.length_hist)
        ax.hist(values, weights=[s.length_hist[v] / s.games for v in values], bins=bins, histtype="step",
                linewidth=2, label=label, **STYLES[i % len(STYLES)])
    ax.set(title=_("{game}: actions per game").format(game=title), xlabel=_("actions"), ylabel=_("share of games"))
    _whole_ticks(ax, bins)
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False)
    paths.append(out / f"{game.slug}-lengths.png")
    fig.tight_layout()
    fig.savefig(paths[-1], dpi=100)
    plt.close(fig)
    seats = max(s.players for s in runs.values())
    fig, axes = plt.subplots(1, seats, figsize=(3.2 * seats, 3.4), sharey=True, squeeze=False)
    for seat in range(seats):
        ax = axes[0][seat]
        bins = _bins([s.score_hist[seat] for s in runs.values() if seat < s.players], 30)
        for i, (label, s) in enumerate(runs.items()):
            if seat >= s.players:
                continue
            h = s.score_hist[seat]
            values = sorted(h)
            ax.hist(values, weights=[h[v] / s.games for v in values], bins=bins, histtype="step", linewidth=2,
                    label=label, **STYLES[i % len(STYLES)])
        ax.set(title=_("seat {n}").format(n=seat + 1), xlabel=_("score"))
        _whole_ticks(ax, bins, 6)
    axes[0][0].set_ylabel(_("share of games"))
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.suptitle(_("{game}: final scores").format(game=title))
    fig.legend(handles, labels, loc="upper right", frameon=False)
    fig.tight_layout()
    paths.append(out / f"{game.slug}-scores.png")
    fig.savefig(paths[-1], dpi=100)
    plt.close(fig)
    return paths


def _bins(hists: Sequence[Mapping[int, int]], most: int) -> list[float]:
    """Bin edges shared by every run (whole numbers, at most ``most`` bins)."""
    return _edges([v for h in hists for v in h], most)


def _whole_ticks(ax: Any, bins: Sequence[float], most: int = 10) -> None:
    """Ticks at whole numbers only (actions and scores are counts: never 140.5), at most ``most``.

    A narrow range (every game the same length) is shown ten units wide, so one bar reads as one value.
    """
    left, right = bins[0], bins[-1]
    if right - left < most:
        middle = (left + right) / 2
        left, right = middle - most / 2, middle + most / 2
        ax.set_xlim(left, right)
    lo, hi = math.ceil(left), math.floor(right)
    step = max(1, -(-(hi - lo) // most))
    ax.set_xticks(range(lo, hi + 1, step))


#: Rows drawn together in one plot of a sweep, one line each: (pattern of the row key, family title).
_FAMILIES: tuple[tuple[str, str], ...] = (
    (r"seat \d+ win rate", N_("win rate by seat (% of games)")),
    (r"seat \d+ mean score", N_("mean score by seat ({score})")),
    (r"tricks: place \d+", N_("tricks won by each place in the trick (% of tricks)")),
    (r"rank: \d+", N_("cards of each number that won their trick (% of those played)")),
    (r"role: .*: points", N_("{score} per {deal} by role")),
    (r"role: .*: wins", N_("{deal}s won by role (% of {deal}s)")),
)


def _family(row: Row) -> str:
    for pattern, title in _FAMILIES:
        if re.fullmatch(pattern, row.key):
            return title
    return row.name


def _series_label(row: Row) -> str:
    m = re.fullmatch(r"seat (\d+) .*", row.key)
    if m:
        return _("seat {n}").format(n=int(m[1]) + 1)
    if row.key.startswith("tricks: place "):
        place = int(row.key.rpartition(" ")[2])
        return _("leader") if place == 1 else _("{nth} to play").format(nth=ordinal(place))
    if row.key.startswith("rank: "):
        return row.key[6:]
    if row.key.startswith("role: "):
        return _(row.key[6:].rpartition(": ")[0])
    return ""


def _interval(row: Row, v: Any) -> tuple[float, float]:
    from rulebook.balance.stats import wilson_interval

    if row.kind == "rate":
        lo, hi = wilson_interval(v.k, v.n)
        return v.value - lo, hi - v.value
    half = 1.96 * v.sd / math.sqrt(v.n) if v.n > 1 else 0.0
    return half, half


def sweep_plots(runs: Sequence[tuple[str, Summary]], name: str) -> list[tuple[str, str, str]]:
    """One plot per figure of a sweep (:func:`rulebook.balance.sweep.sweep`): the figure's value at each value of
    option ``name``, with 95% intervals; the rows of several seats, places, card numbers or roles share a
    plot, one line each. Returns ``(title, caption, SVG data URI)`` per plot, in the order of the rows."""
    plt = _pyplot()
    rows = figure_rows([s for _label, s in runs])
    families: dict[str, list[Row]] = {}
    for row in rows:
        if any(v is not None for v in row.values):
            families.setdefault(_family(row), []).append(row)
    values = [label.partition("=")[2] for label, _s in runs]
    score = " / ".join(dict.fromkeys(unit_word(s.score_unit) for _label, s in runs))
    from rulebook.balance.play_figures import ROLES

    deal = next((d for slug, (_f, d) in ROLES.items() if runs[0][1].variant.get("game") == slug), "deal")
    rc = {"font.size": 10, "axes.titlesize": 10, "legend.fontsize": 8, "svg.fonttype": "none",
          "font.family": _fonts()}
    out = []
    with plt.rc_context(rc):
        for title, members in families.items():
            fig, ax = plt.subplots(figsize=(5, 2.8), layout="constrained")
            many = len(members) > 1
            spread = min(0.3, 0.06 * (len(members) - 1))  # lines side by side, so their bars do not hide each other
            for i, row in enumerate(members):
                shift = (i / (len(members) - 1) - 0.5) * spread if many else 0.0
                xs = [x + shift for x, v in enumerate(row.values) if v is not None]
                ys = [v.value for v in row.values if v is not None]
                err = list(zip(*(_interval(row, v) for v in row.values if v is not None), strict=True))
                style = STYLES[i % len(STYLES)] if len(members) <= len(STYLES) else {"linestyle": "-"}
                ax.errorbar(xs, ys, yerr=[list(err[0]), list(err[1])], capsize=3, marker="o", markersize=4,
                            linewidth=1.5, label=_series_label(row) if many else None, **style)
            ax.set_xticks(range(len(values)), values)
            ax.set_xlabel(name)
            if members[0].kind in ("rate", "share"):
                ax.yaxis.set_major_formatter(_percent())
            ax.spines[["top", "right"]].set_visible(False)
            if many:
                fig.legend(loc="outside right upper", frameon=False, ncols=1 if len(members) <= 8 else 2)
            full = _(title).replace("{score}", score).replace("{deal}", _(deal))
            out.append((full, _caption(members, many), _svg(fig)))
            plt.close(fig)
    return out


def _caption(members: Sequence[Row], many: bool) -> str:
    if not many:
        return _("Points: the value at each swept value; bars: 95% intervals.")
    names = ", ".join(_series_label(r) for r in members)
    return _("One line each: {names}; bars: 95% intervals.").format(names=names)
