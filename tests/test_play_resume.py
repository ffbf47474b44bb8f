"""``rulebook play GAME --resume FILE``: a saved half game goes on to its end; bad files are refused
in one line."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import rulebook
from rulebook.balance.players import heuristic_player
from rulebook.cli.app import main
from rulebook.reference import records

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
WB = "witches-of-blackmore"


def _cli(args: list[str], stdin: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulebook", *args], input=stdin, capture_output=True, text=True,
                          env=ENV, cwd=cwd, timeout=120)


@pytest.mark.slow
def test_a_saved_half_game_is_finished(tmp_path: Path) -> None:
    first = _cli(["play", WB, "--players", "3", "--seed", "4", "--opponents", "random", "--out", "g.json"],
                 "1\n" * 5 + "quit\n", tmp_path)
    assert first.returncode == 1, first.stderr
    assert "record saved: g.json (seed 4; continue: rulebook play witches-of-blackmore --resume g.json)" in first.stdout
    half = records.load(tmp_path / "g.json")
    assert {k: v for k, v in half.meta["play"].items() if k != "rng"} == {
        "seats": [0], "opponents": {"1": "random", "2": "random"}, "lang": "en"}
    assert sorted(half.meta["play"]["rng"]) == ["gauss", "mt", "v"]  # the bots' generator, saved
    assert len(half.actions) > 5
    second = _cli(["play", WB, "--resume", "g.json"], "1\n" * 300, tmp_path)
    assert second.returncode == 0, second.stderr
    assert f"continuing g.json after move {len(half.actions)}" in second.stdout
    assert "you play seat 1; seat 2: random; seat 3: random" in second.stdout
    assert "── game over ──" in second.stdout
    done = records.load(tmp_path / "g.json")
    assert done.actions[: len(half.actions)] == half.actions
    assert records.replay(done).is_terminal
    assert done.seed == half.seed == 4 and done.rules == half.rules


@pytest.mark.slow
def test_undo_reaches_back_into_the_saved_part(tmp_path: Path) -> None:
    _cli(["play", WB, "--players", "2", "--seed", "1", "--out", "g.json"], "1\n1\nquit\n", tmp_path)
    before = records.load(tmp_path / "g.json").actions
    run = _cli(["play", WB, "--resume", "g.json"], "undo\nquit\n", tmp_path)
    assert "undone: back to your previous decision" in run.stdout, run.stdout
    assert len(records.load(tmp_path / "g.json").actions) < len(before)


def _record(tmp_path: Path, name: str, slug: str = WB, finish: bool = False, **meta: object) -> Path:
    game = rulebook.get_game(slug)
    state = game.new_game(game.Rules(), seed=1)
    rng = random.Random(0)
    for _ in range(10_000 if finish else 3):
        if state.is_terminal:
            break
        state = state.apply(heuristic_player(state, rng))
    return records.save(records.record_of(state, **meta), tmp_path / name)


@pytest.mark.parametrize(("make", "message"), [
    (lambda p: (p / "x.json").write_text("not json"), "--resume x.json: not valid JSON"),
    (lambda p: _record(p, "x.json", "utsuke"),
     "--resume x.json is a saved game of 'utsuke', not of witches-of-blackmore"),
    (lambda p: _record(p, "x.json", finish=True),
     "--resume x.json: this game is over; nothing to continue (rulebook replay x.json tells it)"),
    (lambda p: _record(p, "x.json", play={"seats": [0], "opponents": {"1": "random"}}),
     '--resume x.json: meta.play must be {"seats": [seats], "opponents": {seat: kind}}'),
    (lambda p: _record(p, "x.json", play={"seats": [True], "opponents": {}}),
     '--resume x.json: meta.play must be {"seats": [seats], "opponents": {seat: kind}}'),
    (lambda p: (p / "x.json").write_text(json.dumps({**records.record_of(
        rulebook.get_game(WB).new_game(seed=1)).to_json(), "actions": ["play Z9"]})),
     "--resume x.json: move 1 ('play Z9'):"),
])
def test_bad_files_are_refused_in_one_line(make: object, message: str, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    make(tmp_path)  # type: ignore[operator]
    before = (tmp_path / "x.json").read_bytes()
    assert main(["play", WB, "--resume", "x.json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("rulebook: error: " + message), captured.err
    assert captured.err.count("\n") == 1
    assert (tmp_path / "x.json").read_bytes() == before  # a refused file is left as it was


def test_resume_takes_the_rules_from_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _record(tmp_path, "x.json")
    assert main(["play", WB, "--resume", "x.json", "--seed", "3", "--set", "must_follow=true"]) == 2
    assert capsys.readouterr().err == ("rulebook: error: --resume continues the saved game with its own rules and "
                                       "seed: leave out --set, --seed\n")
    assert main(["play", WB, "--resume", "missing.json"]) == 2
    assert capsys.readouterr().err == ("rulebook: error: --resume missing.json: cannot read it: No such file or "
                                       "directory\n")
