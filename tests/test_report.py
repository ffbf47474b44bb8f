"""The HTML balance report: its structure (fast) and how it looks in Chromium (slow)."""

from __future__ import annotations

import datetime
import html
import html.parser
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

import rulebook
from rulebook.balance.simulate import Summary, compare, simulate
from rulebook.variants.variant import Variant

pytest.importorskip("matplotlib", reason="the plot extra is not installed")
pytest.importorskip("scipy", reason="the balance extra is not installed")

from rulebook.balance.plots import figure_name, metric_name
from rulebook.balance.report import html_report

WB = rulebook.get_game("witches-of-blackmore")


@pytest.fixture(scope="module")
def runs() -> dict[str, Summary]:
    printed = WB.Rules(players=3)
    variant = Variant(WB, attrs.evolve(printed, trump_replacement=False), name="no <b>replacement</b>")
    return {
        "printed rules": simulate(WB, printed, games=40, seed=2),
        "no <b>replacement</b>": simulate(WB, variant, games=40, seed=2),
    }


@pytest.fixture(scope="module")
def page(runs: dict[str, Summary]) -> str:
    base, other = runs.values()
    return html_report(
        WB, runs, diffs=compare(base, other), command="rulebook simulate witches-of-blackmore --workers 2 <x>",
        rules=attrs.evolve(WB.Rules(players=3), trump_replacement=False), date=datetime.date(2026, 1, 2),
    )


class _Tags(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _parse(page: str) -> _Tags:
    tags = _Tags()
    tags.feed(page)
    return tags


def test_head_has_a_viewport_and_a_title_naming_the_variant(page: str) -> None:
    tags = _parse(page)
    assert ("meta", {"name": "viewport", "content": "width=device-width, initial-scale=1"}) in tags.tags
    title = re.search(r"<title>(.*?)</title>", page)
    assert title and "no &lt;b&gt;replacement&lt;/b&gt; against the printed rules" in title[1]
    assert "The Witches of Blackmore" in re.search(r"<h1>(.*?)</h1>", page)[1]  # type: ignore[index]


def test_text_is_escaped_and_everything_is_inline(page: str) -> None:
    assert "<b>replacement" not in page and "<x>" not in page
    assert "--workers 2 &lt;x&gt;" in page
    tags = _parse(page)
    for tag, a in tags.tags:
        for key in ("src", "href"):
            value = a.get(key)
            assert value is None or value.startswith(("data:", "#")), (tag, value)


def test_footer_gives_version_date_players_and_command(page: str) -> None:
    footer = page[page.index("<footer>"):]
    assert f"rulebook {rulebook.__version__}" in footer and "2026-01-02" in footer
    assert "seat 1: heuristic, seat 2: heuristic, seat 3: heuristic" in footer
    assert "rulebook simulate witches-of-blackmore --workers 2" in footer


def test_what_was_compared_shows_both_values(page: str) -> None:
    section = page[page.index("What was compared"):page.index("What changed")]
    assert "<td>trump replacement</td><td>true</td><td>false</td>" in section


def test_unchanged_figures_are_folded_and_names_are_plain(page: str, runs: dict[str, Summary]) -> None:
    base, other = runs.values()
    diffs = compare(base, other)
    same = [d for d in diffs if d.printed == d.variant]
    assert same, "this comparison has figures that do not change (replacements are 0 under the variant only)"
    folded = page[page.index("<details>"):page.index("</details>")]
    main = page[page.index("What changed"):page.index("<details>")]
    for d in same:
        assert f"<td>{html.escape(d.name)}</td>" in folded and f"<td>{html.escape(d.name)}</td>" not in main
    assert "trump cards left on the stack" in page
    assert "score_margin" not in page and "trump_stack_left" not in page and "seat 0" not in page


def test_plots_are_svg_and_single_values_are_sentences(page: str) -> None:
    images = re.findall(r"src='data:image/svg\+xml;base64,", page)
    assert len(images) >= 3  # win rates, lead changes, scores (game length may be a sentence)
    assert ("Game length</h2><figure>" in page) or ("Every game of a run had the same number of actions" in page)


def test_two_or_three_values_are_told_with_their_shares() -> None:
    from rulebook.balance.plots import _shares

    assert _shares({"a": ({69: 1998, 68: 2}, 2000), "b": ({69: 1998, 68: 2}, 2000)}) == (
        "69 in 99.9% of games, 68 in 0.1%")
    assert _shares({"a": ({69: 3, 68: 1}, 4), "b": ({54: 4}, 4)}) == (
        "69 in 75.0% of games, 68 in 25.0% (a); 54 in 100.0% of games (b)")


def test_plain_words_name_the_five_clearest_changes(runs: dict[str, Summary]) -> None:
    import attrs as _attrs

    from rulebook.balance.report import SUMMARY_FIGURES, plain_summary

    base, other = runs.values()
    diffs = compare(base, other)
    template = next(d for d in diffs if d.p_value is not None)
    fake = [_attrs.evolve(template, name=f"figure {i}", printed=1.0, variant=2.0 + i, p_value=0.001,
                          p_adjusted=0.001 * (i + 1), significant=True) for i in range(8)]
    line = plain_summary(runs, alpha=0.05, tables=[fake])[-1]
    assert SUMMARY_FIGURES == 5
    assert line.count(" → ") == 5 and "figure 0 " in line and "figure 4 " in line and "figure 5 " not in line
    assert line.endswith("; and 3 more in the table below.")


def test_names() -> None:
    assert figure_name("score_margin") == "score margin (points)"
    assert figure_name("some_new_figure") == "some new figure"
    assert metric_name("seat 2 mean score") == "seat 3 mean score (points)"
    assert metric_name("mean trump_stack_left") == "trump cards left on the stack, mean per game"


def test_single_run_report(tmp_path: Path) -> None:
    run = simulate(WB, WB.Rules(players=3), games=20, seed=1, players_as=("heuristic", "random", "random"))
    page = html_report(WB, {"result": run}, rules=WB.Rules(players=3))
    assert "The Witches of Blackmore: the printed rules" in page and "no option changed" in page
    assert "Skill gap" in page and "<details>" not in page
    assert "<tr class=group><th colspan=2>who wins tricks</th></tr>" in page
    assert "<td>tricks won by the leader (% of tricks)</td>" in page
    assert "Who played: seat 1 the rule-aware heuristic; seats 2 and 3 random play." in page
    assert "What the rule-aware player cannot do.</b> " + WITCHES_LIMITS in page


WITCHES_LIMITS = ("It does not count the cards already played, guess what the others hold, or plan more than one "
                  "trick ahead.")


def test_the_limits_of_every_rule_aware_player_are_said() -> None:
    from rulebook.balance.report import heuristic_limits

    for slug in rulebook.GAMES:
        text = heuristic_limits(rulebook.get_game(slug))
        assert text.startswith("It does not ") and text.endswith(".")
    assert heuristic_limits(WB) == WITCHES_LIMITS


GH = rulebook.get_game("gods-and-humans")


@pytest.fixture(scope="module")
def sides_page() -> str:
    """Gods and humans at its printed 5 players against 6 players and against 5 without interventions."""
    from rulebook.balance.figures import compare_many
    from rulebook.variants.variant import resolve

    sides = {"printed rules": resolve(GH), "players=6": resolve(GH, sets={"players": 6}),
             "no interventions": resolve(GH, sets={"interventions": "none"})}
    runs = {label: simulate(GH, v, games=12, seed=3) for label, v in sides.items()}
    base, *others = runs.values()
    return html_report(GH, runs, tables=compare_many(base, others), sides=sides, date=datetime.date(2026, 1, 2))


def test_three_sides_each_against_the_first(sides_page: str) -> None:
    page = sides_page
    title = re.search(r"<title>(.*?)</title>", page)
    assert title and "players=6, no interventions against the printed rules" in title[1]
    head = page[page.index("What changed"):]
    assert ("<th>figure</th><th>printed rules</th><th>players=6</th><th>difference</th><th>no interventions</th>"
            "<th>difference</th>") in head
    compared = page[page.index("What was compared"):page.index("What changed")]
    assert "<tr><td>players</td><td>5</td><td>6</td><td>5</td></tr>" in compared
    assert "<tr><td>interventions</td><td>" in compared
    # a seat only 6 players have, and the lone human only 5 have: n/a, never 0
    row = re.search(r"<tr><td>seat 6 win rate \(% of games\)</td><td>n/a</td>(.*?)</tr>", page)
    assert row and row[1].count("n/a") == 3  # the difference to 6 players, the value and difference at 5
    lone = re.search(r"<tr><td>lone human: points per deal</td><td>[0-9.]+</td><td class=na>n/a</td>", page)
    assert lone is not None
    assert "<tr class=group><th colspan=6>by role</th></tr>" in page
    assert page.count("<tr class=group>") >= 5  # outcomes, the game's own, tricks, roles, card numbers


def test_player_counts_in_the_win_rate_table(sides_page: str) -> None:
    section = sides_page[sides_page.index("Win rates per seat"):]
    assert "<td>seat 6</td><td class=na>n/a</td>" in section


# -- in Chromium ------------------------------------------------------------------------

OVERFLOW = """
const out = [];
if (document.documentElement.scrollWidth > window.innerWidth) out.push('page ' + document.documentElement.scrollWidth);
for (const el of document.querySelectorAll('table, img, pre, code, svg')) {
  const r = el.getBoundingClientRect();
  let boxed = false;
  for (let a = el.parentElement; a; a = a.parentElement) {
    if (['auto', 'scroll'].includes(getComputedStyle(a).overflowX)) { boxed = true; break; }
  }
  if (!boxed && r.right > window.innerWidth + 1) out.push(el.tagName + ' ends at ' + r.right);
}
return out;
"""


def phone(width: int = 390) -> Any:
    """Headless Chromium with a phone's viewport (touch, device pixel ratio 3)."""
    pytest.importorskip("selenium", reason="the docs extra is not installed")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    if not Path("/usr/bin/chromium").exists() or not Path("/usr/bin/chromedriver").exists():
        pytest.skip("chromium and chromedriver are not installed")
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars"):
        options.add_argument(arg)
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": width, "height": 844, "pixelRatio": 3.0},
        "userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148",
    })
    return webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))


@pytest.mark.slow
@pytest.mark.parametrize("width", [1280, 390])
def test_comparisons_and_sweeps_fit_the_screen(width: int, sides_page: str, tmp_path: Path) -> None:
    """Three sides with roles and n/a cells, and a sweep with its plots, at a desktop's and a phone's width."""
    from rulebook.balance.report import sweep_report
    from rulebook.balance.sweep import sweep

    pages = {"sides": sides_page,
             "sweep": sweep_report(GH, sweep(GH, "players", "5..6", games=4, seed=1), "players")}
    driver = phone(width)
    try:
        for name, text in pages.items():
            path = tmp_path / f"{name}.html"
            path.write_text(text, encoding="utf-8")
            driver.get(path.as_uri())
            assert driver.execute_script("return window.innerWidth") == width
            for summary in driver.find_elements("css selector", "details summary"):
                summary.click()
            assert driver.execute_script(OVERFLOW) == [], (name, width)
    finally:
        driver.quit()


@pytest.mark.slow
def test_nothing_overflows_on_a_phone(page: str, tmp_path: Path) -> None:
    path = tmp_path / "report.html"
    path.write_text(page, encoding="utf-8")
    driver = phone()
    try:
        driver.get(path.as_uri())
        assert driver.execute_script("return window.innerWidth") == 390
        assert driver.execute_script(OVERFLOW) == []
        details = driver.find_element("css selector", "details summary")
        details.click()  # the unchanged figures, unfolded, still fit
        assert driver.execute_script(OVERFLOW) == []
    finally:
        driver.quit()


def test_the_skill_figure_has_a_section_of_its_own(runs: dict[str, Summary]) -> None:
    base, other = runs.values()
    page = html_report(WB, runs, diffs=compare(base, other), skill=[
        "does the change reward skill? one seat of ISMCTS <b> against the heuristic", "printed rules: won 40%",
        "difference: +5.0 points"])
    assert ("<h2>Does the change reward skill?</h2><p>Does the change reward skill? one seat of ISMCTS &lt;b&gt; "
            "against the heuristic.</p><ul><li>printed rules: won 40%.</li><li>difference: +5.0 points.</li></ul>"
            ) in page
    assert "Does the change reward skill?" not in html_report(WB, runs, diffs=compare(base, other))


def test_english_plots_never_ask_for_the_cjk_font() -> None:
    """A machine without fonts-noto-cjk draws English plots without a "findfont" warning per label."""
    from rulebook.balance.plots import _fonts
    from rulebook.i18n import set_language

    assert _fonts() == ["DejaVu Sans", "sans-serif"]
    set_language("ja")
    assert _fonts() == ["DejaVu Sans", "Noto Sans CJK JP", "sans-serif"]
