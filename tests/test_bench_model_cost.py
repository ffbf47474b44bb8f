"""``bench/model_cost.py`` runs on a tiny budget and prints what it should: a row per game and kind of
edit, each edit the kind it names, the cost against the printed rules of the same run. Never a timing
(speed is measured with ``bench/``, not asserted in tests)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import rulebook

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "bench" / "model_cost.py"

#: the games where no zone takes a sight its engine does not play
NO_GENERAL_SIGHT = {"gods-and-humans"}


def _run(*args: str) -> str:
    done = subprocess.run([sys.executable, str(SCRIPT), "--quick", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=600, env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return done.stdout


def test_every_game_and_kind_is_measured_against_the_printed_rules() -> None:
    out = json.loads(_run("--json"))
    assert out["repeats"] == 1 and out["observe"] is False
    rows = out["rows"]
    kinds = ("printed", "unedited", "sight", "sight-fn", "step", "off", "legal", "trick", "scoring", "ending",
             "leader", "check")
    assert [(r["game"], r["kind"]) for r in rows] == [(slug, kind) for slug in rulebook.GAMES for kind in kinds]
    for r in rows:
        if r["kind"] in ("sight", "sight-fn") and r["game"] in NO_GENERAL_SIGHT:
            assert (r["cost"], r["games"], r["edit"]) == (None, 0, "none of this kind")
            continue
        assert r["games"] >= 1 and r["games_per_s"] > 0 and r["moves_per_s"] > 0
        if r["kind"] == "printed":
            assert r["cost"] == 1.0
        else:  # one pair (printed, edited) a repeat: the cost is the pair's ratio of games/s
            assert r["ratios"] == [r["cost"]]
            assert r["cost"] == r["printed_games_per_s"] / r["games_per_s"]
    edits = {(r["game"], r["kind"]): r["edit"] for r in rows}
    assert edits["seven-prophecies", "trick"] == "prophecies_future_number_first.py (SP-RANK-1, every place)"
    assert edits["witches-of-blackmore", "sight"] == "witches_face_down_trick.toml (visible.trick = owner)"
    assert edits["utsuke", "step"] == "utsuke_pass_left.toml"
    assert edits["saru-tori-inu-i", "off"] == "off ST-PLAY-4"
    assert edits["gods-and-humans", "legal"] == "GH-TRICK-2: every move allowed"
    assert edits["witches-of-blackmore", "check"] == "WB-COMP-1: its own check, at every position"
    assert {r["players"] for r in rows if r["game"] == "gods-and-humans"} == {5}


def test_the_table_names_each_edit_and_counts_those_above_3x() -> None:
    out = _run("--games", "utsuke", "--kinds", "unedited", "leader", "--observe")
    lines = out.splitlines()
    assert lines[0].startswith("python ") and "best of 1, observe and redraw at every move" in lines[0]
    assert lines[1].split() == ["game", "n", "kind", "games/s", "moves/s", "cost", "edit"]
    assert len(lines) == 6
    cells = [line.removesuffix("  > 3x").split(maxsplit=6) for line in lines[2:5]]
    assert [c[:3] for c in cells] == [["utsuke", "4", "printed"], ["utsuke", "4", "unedited"],
                                      ["utsuke", "4", "leader"]]
    assert [c[6] for c in cells] == ["the printed rules (fast path)", "no edit, on the general path",
                                     "UT-LOGIC-4: the game's own"]
    costs = [float(c[5]) for c in cells]
    assert costs[0] == 1.0
    flagged = [line.endswith("  > 3x") for line in lines[3:5]]
    assert flagged == [cost > 3 for cost in costs[1:]]
    names = [name for name, over in zip(("utsuke unedited", "utsuke leader"), flagged, strict=True) if over]
    assert lines[5] == f"{sum(flagged)} of 2 edits above 3x the printed rules" + (
        ": " + ", ".join(names) if names else "")
