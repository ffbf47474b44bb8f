"""What ``rulebook verify`` notes beside its checks (issue 33): the warning when every game ends
with all seats tied or nobody scoring, with the record of such a game, and the share of the time
the variant's hooks took, measured inside ``call_hook``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import rulebook
from rulebook.cli.app import main
from rulebook.reference import records
from rulebook.variants import hooks
from rulebook.variants.variant import Variant
from rulebook.variants.verify import Report, verify
from rulebook.variants.verify_notes import FLAT_OUTCOMES, hook_clock

ROOT = Path(__file__).resolve().parents[1]
CURSED = str(ROOT / "docs" / "examples" / "cursed_nines.py")
WB = rulebook.get_game("witches-of-blackmore")
SARU = rulebook.get_game("saru-tori-inu-i")


def zeros(state: Any) -> tuple[int, ...]:
    return (0,) * state.rules.players


def fives(state: Any) -> tuple[int, ...]:
    return (5,) * state.rules.players


def test_every_game_with_nobody_scoring_is_warned_and_a_game_saved(tmp_path: Path) -> None:
    """A ``scores`` hook that returns zeros: verify passes its checks but warns, naming the check,
    and saves the record of such a game."""
    report = verify(WB, Variant(WB, WB.Rules(players=3), scores=zeros, name="zeros"), examples=6, seed=0,
                    save=tmp_path)
    assert report.ok and report.games == 6
    [w] = report.warnings
    assert w.check == FLAT_OUTCOMES == "warning:flat-outcomes"
    assert w.message == ("every one of the 6 games checked ended with no outcome: nobody scored (every score was 0); "
                         "the variant's scores or ending may be wrong")
    assert (w.games, w.nobody_scored) == (6, True)
    assert w.path == str(tmp_path / "verify-witches-of-blackmore-seed0-flat.json")
    saved = records.load(w.path)
    assert saved.meta["warning"] == {"check": FLAT_OUTCOMES, "message": w.message}
    assert records.replay(saved).is_terminal
    assert f"warning [{FLAT_OUTCOMES}]: {w.message} (record: {w.path})" in str(report)
    assert report.to_json()["warnings"][0]["check"] == FLAT_OUTCOMES


def test_every_game_tied_is_warned_and_a_few_games_are_not() -> None:
    """All seats tied at 5 each: the other wording; fewer than three games say nothing."""
    report = verify(WB, Variant(WB, WB.Rules(players=4), scores=fives), examples=4, seed=1, players=4)
    assert [w.message for w in report.warnings] == [
        "every one of the 4 games checked ended with no outcome: all seats were tied; the variant's scores or "
        "ending may be wrong"]
    assert report.warnings[0].nobody_scored is False and report.warnings[0].path is None
    few = verify(WB, Variant(WB, WB.Rules(players=4), scores=zeros), examples=2, seed=1, players=4)
    assert few.games == 2 and few.warnings == ()


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_the_printed_games_are_not_warned_and_have_no_hook_time(slug: str) -> None:
    """No false alarm: the printed games' outcomes differ; a variant without hooks reports no hook time."""
    report = verify(slug, examples=8, seed=0)
    assert report.ok and report.games == 8
    assert report.warnings == () and report.hook_seconds is None and report.hook_share is None
    assert "hooks took" not in str(report) and "warning" not in str(report)


def test_call_hook_counts_the_time_inside_hooks_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The accumulator of ``call_hook`` gains exactly the time spent inside the user's function, a
    hook called from a hook counted once (a fake clock: no timed test)."""
    now = [100.0]
    monkeypatch.setattr(hooks.time, "perf_counter", lambda: now[0])

    def inner() -> int:
        now[0] += 0.25
        return 1

    def outer() -> int:
        now[0] += 2.0
        got: int = hooks.call_hook(inner, "scores", "test", 0)
        now[0] += 0.5
        return got + 1

    before = hook_clock()
    assert hooks.call_hook(outer, "scores", "test", 0) == 2
    assert hook_clock() - before == pytest.approx(2.75)
    # a hook that raises is counted too
    def broken() -> int:
        now[0] += 1.0
        raise ValueError("no")

    with pytest.raises(hooks.HookError):
        hooks.call_hook(broken, "scores", "test", 0)
    assert hook_clock() - before == pytest.approx(3.75)


def test_the_hooks_share_of_the_time_is_reported() -> None:
    """``hooks took 62% of the time``: the report's share, its text and its JSON."""
    report = Report(game="utsuke", variant={}, seed=0, examples=1, players=(3,), games=1, states=1, seconds=5.0,
                    checks=(), hook_seconds=3.1)
    assert report.hook_share == pytest.approx(0.62)
    assert report.notes() == ["hooks took 62% of the time (3.1 s of 5.0 s)"]
    assert str(report).endswith(": all 0 checks passed; hooks took 62% of the time (3.1 s of 5.0 s)")
    assert report.to_json()["hook_seconds"] == 3.1
    # a variant with hooks: the time inside them is part of the run's
    played = verify(WB, Variant(WB, WB.Rules(players=3), scores=lambda s: tuple(s.scores)), examples=3, seed=0)
    assert played.hook_seconds is not None and 0 < played.hook_seconds <= played.seconds
    assert 0 < (played.hook_share or 0) <= 1


def test_the_cli_prints_the_hooks_share(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """``rulebook verify`` prints the hooks' share in its table's time row for a Python variant, and
    nothing of it for options."""
    monkeypatch.setenv("COLUMNS", "200")  # no cell wrapped
    assert main(["verify", "witches-of-blackmore", "--variant", f"{CURSED}:FORGIVING_NINES", "--games", "3",
                 "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    [line] = [x for x in out.splitlines() if "hooks took " in x]
    assert line.startswith("│ time ") and "s (Hypothesis seed 0); hooks took " in line
    assert re.search(r"hooks took \d+% of the time \(\d+\.\d s of \d+\.\d s\)", line)
    assert main(["verify", "witches-of-blackmore", "--set", "must_follow=true", "--games", "3",
                 "--out", str(tmp_path)]) == 0
    assert "hooks took" not in capsys.readouterr().out


def test_the_cli_warns_of_flat_outcomes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The warning names the check, says why, and gives the record's path; the run still passes."""
    module = tmp_path / "flat.py"
    module.write_text(
        "import rulebook\n"
        "from rulebook.variants.variant import Variant\n"
        "GAME = rulebook.get_game('witches-of-blackmore')\n"
        "FLAT = Variant(GAME, GAME.Rules(players=3), scores=lambda s: (0,) * s.rules.players, name='flat')\n",
        encoding="utf-8",
    )
    assert main(["verify", "witches-of-blackmore", "--variant", f"{module}:FLAT", "--games", "4", "--players", "3",
                 "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert ("warning [warning:flat-outcomes]: every one of the 4 games checked ended with nobody scoring (every "
            "score 0); the variant's scores or ending may be wrong") in out
    assert f"  record: {tmp_path / 'verify-witches-of-blackmore-seed0-flat.json'}" in out


def test_a_saru_game_a_variant_ends_is_scored_and_not_warned() -> None:
    """Issue 33: a Saru game ended by a hook used to score 0 for everyone, every seat a winner, and
    verify said OK. Now the game's own scoring scores the race in progress (ST-LOGIC-3), verify's
    checks pass (the records replay under the variant's logic) and no warning is due."""
    v = Variant(SARU, SARU.Rules(), ends=lambda e: e.kind == "trick" and e.number == 2, name="three rounds")
    report = verify(SARU, v, examples=10, seed=0)
    assert report.ok, report
    assert report.games == 10 and report.warnings == () and report.hook_seconds is not None


def test_a_variant_whose_ending_leaves_nobody_scoring_is_warned() -> None:
    """The same ending at the first round of play under a variant scoring nothing: warned."""
    v = Variant(SARU, SARU.Rules(), ends=lambda e: True, scores=zeros, name="over at once")
    report = verify(SARU, v, examples=4, seed=0, players=3)
    assert report.ok, report
    assert [(w.check, w.games, w.nobody_scored) for w in report.warnings] == [(FLAT_OUTCOMES, 4, True)]
