"""Sweeps (``rulebook simulate GAME --sweep NAME=V1,V2,...``): values, same seeds, one table."""

from __future__ import annotations

import json

import pytest

import rulebook
from rulebook.cli import main
from rulebook.errors import InvalidRules
from rulebook.simulate import simulate
from rulebook.sweep import parse_sweep, sweep, sweep_rows
from rulebook.variants import resolve

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
    assert rows["seat 4 win rate (%)"][0] == "n/a" and rows["seat 4 win rate (%)"][1] != "n/a"
    assert rows["actions per game (mean)"] == [f"{s.mean_length:.1f}" for _, s in runs]


def test_sweep_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "witches-of-blackmore", "--sweep", "hand_size=5,6", "--games", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["label"] for r in data["runs"]] == ["hand_size=5", "hand_size=6"]
    assert main(["simulate", "witches-of-blackmore", "--sweep", "players=2..3", "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "who played: the rule-aware heuristic in every seat" in out and "players=2" in out
    assert main(["simulate", "witches-of-blackmore", "--sweep", "players=2,3", "--compare"]) == 2
    assert "--sweep plays one game" in capsys.readouterr().err
