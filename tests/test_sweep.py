"""Sweeps (``rulebook simulate GAME --sweep NAME=V1,V2,...``): values, same seeds, one table."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

import rulebook
from rulebook.balance.simulate import simulate
from rulebook.balance.sweep import parse_sweep, sweep, sweep_rows
from rulebook.cli.app import main
from rulebook.errors import InvalidRules
from rulebook.variants.variant import resolve

WB = rulebook.get_game("witches-of-blackmore")


def test_values_parse_like_set_with_ranges() -> None:
    assert parse_sweep(WB, "players", "2..4") == [2, 3, 4]
    assert parse_sweep(WB, "hand_size", "4, 6") == [4, 6]
    assert parse_sweep(WB, "must_follow", "false,true") == [False, True]
    assert parse_sweep(WB, "wheel", "descending,ascending") == ["descending", "ascending"]
    with pytest.raises(InvalidRules, match="needs 2 to 20 values"):
        parse_sweep(WB, "players", "3")
    with pytest.raises(InvalidRules, match="names a value twice"):
        parse_sweep(WB, "players", "3,3")
    with pytest.raises(InvalidRules, match="not lists"):
        parse_sweep(WB, "ranks", "1..8,1..9")
    with pytest.raises(InvalidRules, match=r"unknown option; valid options are: players, "):
        parse_sweep(WB, "nope", "1,2")


def test_each_value_is_the_variant_with_that_value_on_the_same_seeds() -> None:
    base = resolve(WB, sets=["must_follow=true"])
    runs = sweep(WB, "players", "3,4", games=6, seed=5, base=base)
    assert [label for label, _ in runs] == ["players=3", "players=4"]
    alone = simulate(WB, resolve(WB, sets=["must_follow=true", "players=4"]), games=6, seed=5)
    mine, theirs = runs[1][1].to_json(), alone.to_json()
    del mine["variant"], theirs["variant"]  # named differently, the same rules
    assert mine == theirs
    rows = {r[0]: r[1:] for r in sweep_rows(runs)}
    three, four = runs[0][1], runs[1][1]
    assert rows["seat 4 win rate (% of games)"] == ["n/a", f"{four.win_rate[3]:.1%}"]
    assert rows["seat 1 mean score (points)"] == [f"{three.mean_score[0]:.2f}", f"{four.mean_score[0]:.2f}"]
    assert rows["actions per game (moves)"] == [f"{s.mean_length:.1f}" for _, s in runs]
    assert rows["tricks won by the 4th to play (% of tricks)"][0] == "n/a"  # three players: no 4th card


def test_sweep_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "witches-of-blackmore", "--sweep", "hand_size=5,6", "--games", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["label"] for r in data["runs"]] == ["hand_size=5", "hand_size=6"]
    assert main(["simulate", "witches-of-blackmore", "--sweep", "players=2..3", "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "who played: the rule-aware heuristic in every seat" in out and "players=2" in out
    assert main(["simulate", "witches-of-blackmore", "--sweep", "players=2,3", "--compare"]) == 2
    assert "--sweep plays one game" in capsys.readouterr().err


# the figures of a Witches sweep, each drawn once: seats, places in the trick and card numbers share a plot
SWEEP_PLOTS = [
    "actions per game (moves)", "win rate by seat (% of games)", "mean score by seat (points)",
    "shared wins (% of games)", "games nobody won (% of games)", "comebacks (% of games that could have one)",
    "lead changes per game (lead changes)", "score margin (% of the top score)", "trump replacements",
    "score margin (points)", "top score (points)",
    "trump cards left on the stack", "tricks won by each place in the trick (% of tricks)",
    "tricks won off the colour led (% of tricks)", "tricks decided by a trump (% of tricks)",
    "cards of each number that won their trick (% of those played)",
]


def test_sweep_report_has_one_plot_per_figure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    page = tmp_path / "sweep.html"
    args = ["simulate", "witches-of-blackmore", "--sweep", "players=3..4", "--games", "4", "--seed", "2",
            "--html", str(page)]
    assert main(args) == 0
    assert f"report: {page}" in capsys.readouterr().out
    text = page.read_text(encoding="utf-8")
    plots = re.findall(r"<h3>(.*?)</h3><figure><img alt='[^']*' src='data:image/svg\+xml;base64,", text)
    assert [html.unescape(p) for p in plots] == SWEEP_PLOTS
    assert text.count("<img") == len(SWEEP_PLOTS) == 16
    assert "<th>players=3</th><th>players=4</th>" in text
    assert "<td>seat 4 win rate (% of games)</td><td>n/a</td>" in text
    assert "What the rule-aware player cannot do." in text
    assert "rulebook simulate witches-of-blackmore --games 4 --seed 2 --sweep players=3..4" in html.unescape(text)


def test_sweep_from_python(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from rulebook.balance.report import sweep_report

    runs = sweep(WB, "hand_size", [5, 6], games=3, seed=1, players_as=["random"])
    assert [label for label, _ in runs] == ["hand_size=5", "hand_size=6"]
    assert runs[0][1].players_as == ("random",) * 4
    page = sweep_report(WB, runs, "hand_size", base=resolve(WB))
    assert len(re.findall(r"src='data:image/svg\+xml;base64,", page)) == len(SWEEP_PLOTS)
    assert "random play in every seat" in page
