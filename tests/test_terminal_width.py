"""Every table and paragraph the command line prints fits the terminal, down to 80 columns.

Each command that prints a table (``simulate`` alone, with ``--compare`` and its "what each rule
did" table, ``--sweep``, ``--skill``, ``verify``, ``games``, ``options``, ``rulesets``) runs at
``COLUMNS`` 80 and 120, in English and in Japanese (where a wide character takes two columns),
and once at 1000 columns for reference. No line may be wider than the terminal, and the numbers
must be exactly those of the wide run: a number split across lines (``29.88`` printed as ``29`` /
``.8`` / ``8``) would be missing. Redirected output is laid out in 80 columns unless ``COLUMNS``
says otherwise (:func:`rulebook.cli.common.terminal_width`).
"""

from __future__ import annotations

import re
import sys
import time
import types
from pathlib import Path

import pytest

from rulebook.cli import simulate as cli_simulate
from rulebook.cli.app import main
from rulebook.cli.common import layout_table, terminal_width
from rulebook.i18n import width

pytest.importorskip("rich", reason="the tables are rich's (the cli extra)")

NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")

CASES = {
    "simulate": ["simulate", "witches-of-blackmore", "--games", "3", "--workers", "1"],
    "compare": ["simulate", "utsuke", "--set", "trump_change=fixed", "--compare", "--games", "2", "--workers", "1"],
    "compare-3": ["simulate", "witches-of-blackmore", "--set", "must_follow=true", "--compare",
                  "--compare-with", "printed", "--compare-with", "short", "--games", "2", "--workers", "1"],
    "sweep": ["simulate", "seven-prophecies", "--sweep", "players=3,4", "--games", "2", "--workers", "1"],
    "verify": ["verify", "witches-of-blackmore", "--games", "2"],
    "games": ["games"],
    "options": ["options", "gods-and-humans"],
    "rulesets": ["rulesets", "witches-of-blackmore"],
}
SLOW = {"skill": ["simulate", "witches-of-blackmore", "--set", "must_follow=true", "--compare", "--skill", "4",
                  "--games", "4", "--workers", "1"]}


def _run(argv: list[str], columns: int, lang: str, monkeypatch: pytest.MonkeyPatch,
         capsys: pytest.CaptureFixture[str]) -> list[str]:
    monkeypatch.setenv("COLUMNS", str(columns))
    code = main(["--lang", lang, *argv])
    out = capsys.readouterr().out
    assert code == 0, out
    return out.splitlines()


def _numbers(lines: list[str]) -> set[str]:
    return {n for line in lines for n in NUMBER.findall(line)}


def _check(argv: list[str], lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
           capsys: pytest.CaptureFixture[str]) -> dict[int, list[str]]:
    if argv[0] == "simulate":
        pytest.importorskip("scipy.stats", reason="rulebook simulate needs the balance extra")
    monkeypatch.chdir(tmp_path)
    # no clock: timings would differ from run to run (the summary leaves its time row out)
    clock = types.SimpleNamespace(**{k: getattr(time, k) for k in dir(time) if not k.startswith("_")})
    clock.perf_counter = lambda: 0.0
    monkeypatch.setattr(cli_simulate, "time", clock)
    monkeypatch.setattr(sys.modules["rulebook.variants.verify"], "time", clock)
    runs = {columns: _run(argv, columns, lang, monkeypatch, capsys) for columns in (80, 120, 1000)}
    for columns in (80, 120):
        wide = [line for line in runs[columns] if width(line) > columns]
        assert not wide, f"{columns} columns: " + "\n".join(wide)
        assert _numbers(runs[columns]) == _numbers(runs[1000]), (
            f"{columns} columns: numbers differ from the wide run (one split across lines?)\n"
            + "\n".join(runs[columns]))
    return runs


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("case", list(CASES))
def test_every_table_fits_80_and_120_columns(case: str, lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    _check(CASES[case], lang, tmp_path, monkeypatch, capsys)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_skill_figure_fits(lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    _check(SLOW["skill"], lang, tmp_path, monkeypatch, capsys)


def test_the_variant_heading_is_never_cut_inside_a_word(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """The regression of the issue: ``trump_change=fixed`` read ``trump_change=fix`` / ``ed``."""
    runs = _check(CASES["compare"], "en", tmp_path, monkeypatch, capsys)
    for columns in (80, 120):
        heads = [line for line in runs[columns] if line.startswith("┃")]
        assert any("┃ trump_change=fixed ┃" in line for line in heads), "\n".join(heads)
        assert not any(re.search(r"[A-Za-z_=]┃|┃[a-z]", line) for line in heads)


def test_a_table_too_wide_is_shown_in_blocks_that_repeat_the_names() -> None:
    header = ["figure", "printed rules", "hand_size=5", "difference", "p (test)", "p (Holm)"]
    rows = [["seat 1 win rate (% of games)", "29.88%", "31.02%", "+1.1 pt", "0.512 z", "1.000"],
            ["outcomes", "", "", "", "", ""]]
    blocks = layout_table(header, rows, 60)
    assert [b.columns for b in blocks] == [(0, 1, 2), (0, 3, 4, 5)]
    for b in blocks:
        assert sum(b.widths) + 3 * len(b.widths) + 1 <= 60
        assert b.rows[0][0].split("\n")[0].startswith("seat 1 win rate")
    assert blocks[0].rows[0][1:] == ("29.88%", "31.02%")
    assert blocks[1].rows[0][1:] == ("+1.1 pt", "0.512 z", "1.000")
    (one,) = layout_table(header, rows, 120)
    assert one.columns == (0, 1, 2, 3, 4, 5) and one.header[2] == "hand_size=5"


def test_the_width_comes_from_columns_else_80_when_redirected(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "97")
    assert terminal_width() == 97
    monkeypatch.delenv("COLUMNS")
    assert terminal_width() == 80  # pytest captures stdout: no terminal
