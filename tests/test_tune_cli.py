"""``rulebook tune`` end to end (issue 42): the docs' two worked examples on a small budget, the same
search for a seed (and after Ctrl-C and --resume), one-line errors, both languages. Slow: each plays
a few hundred games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rulebook.cli import main

pytest.importorskip("optuna")
pytestmark = pytest.mark.slow

WITCHES = ["tune", "witches-of-blackmore", "--players", "3", "--target", "spread <= 3",
           "--space", "hand_size=4..8", "--space", "first_leader=1..3", "--space", "must_follow"]
GODS = ["tune", "gods-and-humans", "--target", "role:lone human ~ 33", "--target", "minimise round length",
        "--space", "stars[6]=1..3", "--space", "stars[1]=0..2", "--space", "deals=1..4"]
SMALL = ["--candidates", "4", "--games", "40", "--final-games", "40", "--finalists", "2", "--verify-games", "1",
         "--seed", "1"]


def _run(args: list[str], out: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code = main([*args, *SMALL, "--out", str(out), "--json"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    data: dict[str, Any] = json.loads(captured.out)
    return data


def test_witches_seat_fairness(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The first worked example of docs/tune.md, on 4 candidates of 40 games."""
    data = _run(WITCHES, tmp_path / "w", capsys)
    assert data["sampler"] == "tpe" and data["counts"] == {"measured": 4, "pruned": 0, "invalid": 0, "failed": 0}
    assert [(c["number"], c["changes"]) for c in data["candidates"]] == [
        (1, ["hand size 5 (printed: 6)", "first leader 2 (printed: 1)"]),
        (2, ["must follow: yes (printed: no)"]),
        (3, ["hand size 4 (printed: 6)", "first leader 2 (printed: 1)"]),
        (4, ["hand size 8 (printed: 6)", "must follow: yes (printed: no)"]),
    ]
    assert [round(c["figures"]["spread"]["value"], 3) for c in data["candidates"]] == [0.275, 0.075, 0.25, 0.075]
    assert data["met"] is False  # no candidate is within 3 points on 40 games
    final = data["final"]
    assert [f["candidate"] for f in final["finalists"]] == [2, 4]
    assert round(final["finalists"][0]["figures"]["spread"]["value"], 3) == 0.225
    assert round(final["printed"]["spread"]["value"], 3) == 0.3
    assert final["seed"] == 1_000_001
    variant = Path(final["finalists"][0]["variant"])
    assert variant.read_text().splitlines()[-2:] == ["players = 3", "must_follow = true"]
    assert Path(final["finalists"][0]["compare"]).read_text().startswith("<!doctype html>")
    page = Path(data["report"]).read_text()
    assert "No candidate meets the target" in page and "data:image/svg+xml;base64," in page
    # the finalist's file is a variant the other commands take
    assert main(["verify", "witches-of-blackmore", "--variant", str(variant), "--examples", "2"]) == 0


def test_gods_lone_human(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The second worked example of docs/tune.md: two objectives, the front."""
    data = _run(GODS, tmp_path / "g", capsys)
    assert data["counts"]["measured"] == 4
    assert [c["changes"] for c in data["candidates"]][:2] == [
        ["stars 1,1,1,1,1,2 (printed: 1,1,1,1,1,1)"],
        ["deals 2 (printed: 4)", "stars 2,1,1,1,1,2 (printed: 1,1,1,1,1,1)"],
    ]
    lone = [round(c["figures"]["role:lone human"]["value"], 4) for c in data["candidates"]]
    assert lone == [0.5312, 0.5375, 0.5167, 0.4583]
    assert [f["candidate"] for f in data["final"]["finalists"]] == [4, 3]
    assert data["met"] is True  # directions only: every candidate meets the (empty) bounds


def test_same_search_for_a_seed_and_after_a_resume(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    whole = _run(WITCHES, tmp_path / "a", capsys)
    from rulebook.balance import tune as engine

    calls = [0]
    real = engine.Measurer.play

    def stop_in_the_third_candidate(self: Any, *args: Any, **kw: Any) -> Any:
        calls[0] += 1  # the printed game, then each candidate's first batch and the rest of its games
        if calls[0] == 6:
            raise KeyboardInterrupt
        return real(self, *args, **kw)

    monkeypatch.setattr(engine.Measurer, "play", stop_in_the_third_candidate)
    code = main([*WITCHES, *SMALL, "--out", str(tmp_path / "b")])
    err = capsys.readouterr().err
    assert code == 130 and "resume with: rulebook tune" in err and "--resume" in err
    monkeypatch.setattr(engine.Measurer, "play", real)
    again = _run([*WITCHES, "--resume", str(tmp_path / "b" / "search.db")], tmp_path / "b", capsys)
    assert whole["candidates"] == again["candidates"]
    assert {k: v for k, v in whole["final"].items() if k != "finalists"} == {
        k: v for k, v in again["final"].items() if k != "finalists"}
    assert [f["figures"] for f in whole["final"]["finalists"]] == [f["figures"] for f in again["final"]["finalists"]]


def test_resume_refuses_another_search(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _run(WITCHES, tmp_path / "a", capsys)
    code = main([*WITCHES, *SMALL[:-2], "--seed", "2", "--resume", str(tmp_path / "a" / "search.db")])
    err = capsys.readouterr().err
    assert code == 2 and "another search" in err and "seed" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(("extra", "words"), [
    (["--target", "spred <= 3"], "--target spred: unknown measure"),
    (["--space", "hand_size=9..4"], "--space hand_size: the range 9..4 must run upwards"),
    (["--games", "1"], "--games: must be a whole number of at least 2"),
    (["--target", "maximise stronger"], "--target stronger: name the stronger player"),
])
def test_errors_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str],
                            words: str) -> None:
    code = main([*WITCHES, *extra, "--candidates", "2", "--out", str(tmp_path / "x")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and words in err, err


def test_japanese_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main([*WITCHES, *SMALL, "--out", str(tmp_path / "j"), "--lang", "ja"])
    out = capsys.readouterr().out
    assert code == 0
    assert "候補" in out and "レポート" in out
    from rulebook.i18n import width

    lines = [line for line in out.splitlines() if str(tmp_path) not in line]  # a path is never wrapped
    assert lines and max(width(line) for line in lines) <= 80


BUILD = '''
import attrs


def broken(state):
    """A house rule that breaks its own invariant at once."""
    raise AssertionError("the house rule is broken")


def build(variant, values):
    if values["broken"]:
        return attrs.evolve(variant, invariants=(broken,))
    return variant
'''


def test_a_build_function_and_a_candidate_that_fails_verify(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "house.py").write_text(BUILD)
    args = ["tune", "witches-of-blackmore", "--players", "3", "--target", "spread <= 30",
            "--space", "broken=bool", "--space", "must_follow", "--build", str(tmp_path / "house.py") + ":build",
            "--candidates", "4", "--games", "20", "--final-games", "20", "--finalists", "1", "--verify-games", "2",
            "--out", str(tmp_path / "o")]
    code = main(args)
    out = capsys.readouterr().out
    assert code == 0
    said = " ".join(out.split())  # the lines are wrapped at 80 columns
    assert "failed verify: [variant invariant] variant invariant: the house rule is broken (record: " in said
    records = sorted(p.name for p in (tmp_path / "o").glob("candidate-*-failure.json"))
    assert len(records) == 2  # broken with and without must-follow, each with its failing game
    finalist = tmp_path / "o" / "finalist-1.py"
    assert "rebuild(" in finalist.read_text()
    assert main(["verify", "witches-of-blackmore", "--variant", f"{finalist}:VARIANT", "--examples", "1"]) == 0


def test_dask_local(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main([*WITCHES, "--candidates", "3", "--games", "20", "--final-games", "20", "--finalists", "1",
                 "--verify-games", "0", "--out", str(tmp_path / "d"), "--dask", "local", "--workers", "1", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["counts"]["measured"] >= 3
    assert len({json.dumps(c["values"], sort_keys=True) for c in data["candidates"]}) == len(data["candidates"])


def test_the_stronger_player_from_every_seat(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tune", "witches-of-blackmore", "--players", "3", "--target", "maximise stronger",
            "--stronger", "ismcts:10", "--space", "must_follow", "--candidates", "2", "--games", "12",
            "--final-games", "12", "--finalists", "1", "--verify-games", "1", "--out", str(tmp_path / "s"), "--json"]
    code = main(args)
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    # 12 games of the table, then 12 with the stronger player, 4 from each seat on the same deals
    assert [(c["changes"], c["games"], c["figures"]["stronger"]["games"]) for c in data["candidates"]] == [
        ([], 24, 12), (["must follow: yes (printed: no)"], 24, 12)]
