"""A designer's hook that fails is the designer's error, never rulebook's: every hook result is
checked (type, length, range), every exception it raises (``SystemExit`` too) and a call that runs
past the time limit become a :class:`~rulebook.variants.hooks.HookError` naming the hook, the variant and the
position: exit 2 in ``play`` and ``simulate``, a failed check with a saved record in ``verify``."""

from __future__ import annotations

import io
import pickle
import time
from pathlib import Path
from typing import Any

import pytest

import rulebook
from rulebook.cli import app as cli
from rulebook.reference import records
from rulebook.variants.hooks import HookError, call_hook, set_time_limit
from rulebook.variants.variant import Variant
from rulebook.variants.verify import verify

WB = rulebook.get_game("witches-of-blackmore")

HOOKS = '''
import sys
import rulebook
from rulebook.variants.variant import Variant
G = rulebook.get_game("witches-of-blackmore")
class Foreign:
    pass
def none_legal(state, actions): return None
def empty_legal(state, actions): return []
def five_legal(state, actions): return 5
def foreign_legal(state, actions): return [Foreign()]
def float_points(state, trick): return [0.5] * state.rules.players
def huge_points(state, trick): return [10**4000] * state.rules.players
def short_points(state, trick): return [1]
def raising(state, actions): raise RuntimeError("boom")
def exiting(state): sys.exit(7)
def no(state): return "no"
def loop(state):
    while True:
        pass
def sleeper(state, trick):
    import time
    time.sleep(60)
    return [0] * state.rules.players
R = G.Rules(players=3)
NONE = Variant(G, R, legal=none_legal)
EMPTY = Variant(G, R, legal=empty_legal)
FIVE = Variant(G, R, legal=five_legal)
FOREIGN = Variant(G, R, legal=foreign_legal)
FLOAT = Variant(G, R, trick_points=float_points)
HUGE = Variant(G, R, trick_points=huge_points)
SHORT = Variant(G, R, trick_points=short_points)
RAISE = Variant(G, R, legal=raising)
EXIT = Variant(G, R, game_over=exiting)
NO = Variant(G, R, game_over=no)
LOOP = Variant(G, R, game_over=loop)
SLEEP = Variant(G, R, trick_points=sleeper)
def crashing_invariant(state):
    return 1 / 0
INVARIANT = Variant(G, R, invariants=[crashing_invariant])
'''

#: variant name -> (hook named, words of the message)
CASES = {
    "NONE": ("legal", "returned nothing (None), not a list of moves"),
    "EMPTY": ("legal", "left the seat to move with no move"),
    "FIVE": ("legal", "returned 5 (int), not a list of moves"),
    "FOREIGN": ("legal", "offered a Foreign, which is neither a move of this game nor of one of the variant's own "
                "move kinds"),
    "FLOAT": ("trick_points", "returned 0.5 (float) for seat 1, not a whole number"),
    "HUGE": ("trick_points", "returned a whole number of 4001 digits (int) for seat 1, beyond ±1,000,000,000"),
    "SHORT": ("trick_points", "returned a list of 1, not one number for each of the 3 seats"),
    "RAISE": ("legal", "raised RuntimeError: boom"),
    "EXIT": ("game_over", "called sys.exit(7)"),
    "NO": ("game_over", "returned 'no' (str), not True or False"),
}


@pytest.fixture(scope="module")
def hooks_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("hooks") / "h36_bad_hooks.py"
    path.write_text(HOOKS, encoding="utf-8")
    return path


def _one_line_error(err: str) -> str:
    assert "Traceback" not in err and "internal error" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.parametrize("name", sorted(CASES))
def test_simulate_reports_a_failing_hook_as_the_users_error(
    name: str, hooks_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ref = f"{hooks_file}:{name}"
    code = cli.main(["simulate", "witches-of-blackmore", "--variant", ref, "--games", "2",
                     "--progress", str(tmp_path / "p.jsonl")])
    line = _one_line_error(capsys.readouterr().err)
    hook, words = CASES[name]
    assert code == 2
    assert line.startswith(f"rulebook: error: the {hook} hook of variant {ref} ")
    assert line.endswith(words) or words + " (" in line, line


@pytest.mark.parametrize("name", ["NONE", "FLOAT", "EXIT", "NO"])
def test_play_reports_a_failing_hook_as_the_users_error(
    name: str, hooks_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 300))
    ref = f"{hooks_file}:{name}"
    code = cli.main(["play", "witches-of-blackmore", "--variant", ref, "--seed", "3", "--speed", "0",
                     "--out", str(tmp_path / "game.json")])
    line = _one_line_error(capsys.readouterr().err)
    assert code == 2
    assert line.startswith(f"rulebook: error: the {CASES[name][0]} hook of variant {ref} ")
    assert CASES[name][1] in line


def test_simulate_with_workers_reports_the_hook_of_a_worker(
    hooks_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ref = f"{hooks_file}:FLOAT"
    code = cli.main(["simulate", "witches-of-blackmore", "--variant", ref, "--games", "60", "--workers", "2",
                     "--progress", str(tmp_path / "p.jsonl")])
    line = _one_line_error(capsys.readouterr().err)
    assert code == 2 and f"the trick_points hook of variant {ref} after move " in line


@pytest.mark.parametrize("name,check", [("EXIT", "contract:no-crash"), ("NO", "contract:game-over"),
                                        ("NONE", "contract:legal-move"), ("HUGE", "contract:scores")])
def test_verify_fails_the_check_and_saves_the_game(
    name: str, check: str, hooks_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "1000")  # the verdict in one line: the variant's path is long
    ref = f"{hooks_file}:{name}"
    code = cli.main(["verify", "witches-of-blackmore", "--variant", ref, "--games", "2", "--out", str(tmp_path),
                     "--progress", str(tmp_path / "v.jsonl")])
    out, err = capsys.readouterr()
    assert code == 1, err
    assert "Traceback" not in err and "internal error" not in err
    assert f"FAILED [{check}]" in out and f"hook of variant {ref}" in out
    saved = records.load(tmp_path / "verify-witches-of-blackmore-seed0.json")
    assert saved.meta["failure"]["check"] == check


def test_a_hook_that_never_returns_is_stopped_at_the_limit(
    hooks_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ref = f"{hooks_file}:LOOP"
    start = time.monotonic()
    code = cli.main(["simulate", "witches-of-blackmore", "--variant", ref, "--games", "2", "--hook-time-limit",
                     "0.5", "--progress", str(tmp_path / "p.jsonl")])
    line = _one_line_error(capsys.readouterr().err)
    assert code == 2
    assert line == (f"rulebook: error: the game_over hook of variant {ref} before the first move: ran past the "
                    "limit of 0.5 s a call (raise it with --hook-time-limit SECONDS)")
    code = cli.main(["verify", "witches-of-blackmore", "--variant", ref, "--games", "1", "--hook-time-limit", "0.5",
                     "--out", str(tmp_path), "--progress", str(tmp_path / "v.jsonl")])
    out, _err = capsys.readouterr()
    assert code == 1 and "FAILED [contract:hook-time]" in out
    assert time.monotonic() - start < 30


def test_a_sleeping_hook_is_stopped_in_a_worker(
    hooks_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ref = f"{hooks_file}:SLEEP"
    start = time.monotonic()
    code = cli.main(["simulate", "witches-of-blackmore", "--variant", ref, "--games", "4", "--workers", "2",
                     "--hook-time-limit", "0.5", "--progress", str(tmp_path / "p.jsonl")])
    line = _one_line_error(capsys.readouterr().err)
    assert code == 2 and "the trick_points hook of variant" in line and "ran past the limit of 0.5 s" in line
    assert time.monotonic() - start < 30


def test_the_limit_is_off_outside_the_commands_and_ctrl_c_stays_an_interruption() -> None:
    def interrupted() -> None:
        raise KeyboardInterrupt

    set_time_limit(None)
    assert call_hook(lambda: 4, "legal", "", 0) == 4
    with pytest.raises(KeyboardInterrupt):
        call_hook(interrupted, "legal", "", 0)


def test_hook_errors_pickle_with_their_fields() -> None:
    exc = HookError("contract:scores", "returned 1.5", "trick_points", "house.py:V", 12)
    back = pickle.loads(pickle.dumps(exc))
    assert (back.check, back.message, back.hook, back.source, back.position) == (
        "contract:scores", "returned 1.5", "trick_points", "house.py:V", 12)
    assert str(back) == "the trick_points hook of variant house.py:V after move 12: returned 1.5"
    assert isinstance(back, ValueError) and isinstance(back, AssertionError)


def test_scores_and_winners_hooks_are_checked_too(tmp_path: Path) -> None:
    def bad_scores(state: Any) -> list[float]:
        return [0.5] * state.rules.players

    def bad_winners(state: Any, scores: Any) -> set[int]:
        return {99}

    v = Variant(WB, WB.Rules(players=3), scores=bad_scores, name="floats")
    state = v.new_game(seed=1)
    with pytest.raises(HookError, match=r"^the scores hook of variant floats before the first move: returned 0\.5 "):
        v.scores(state)
    w = Variant(WB, WB.Rules(players=3), winners=bad_winners, name="ghost")
    with pytest.raises(HookError, match="winners hook of variant ghost before the first move: returned"):
        w.winners(state)
    report = verify(WB, attrs_players(v), examples=2, seed=1, save=tmp_path)
    assert report.failure is not None and report.failure.check == "contract:scores"


def attrs_players(v: Variant) -> Variant:
    import attrs

    return attrs.evolve(v, players_fixed=True)


def test_an_invariant_that_crashes_is_a_failed_check_in_replay_and_verify(
    hooks_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ref = f"{hooks_file}:INVARIANT"
    state = WB.new_game(WB.Rules(players=3), seed=2)
    for _ in range(5):
        state = state.apply(state.legal_actions()[0])
    path = records.save(state, tmp_path / "g.json")
    assert cli.main(["replay", str(path), "--variant", ref, "--quiet"]) == 1
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "internal error" not in err and err == ""
    assert (f"✗ broken at action #0 [contract:no-crash] contract:no-crash: the invariant crashing_invariant hook of "
            f"variant {ref} before the first move: raised ZeroDivisionError: division by zero") in out
    assert cli.main(["verify", "witches-of-blackmore", "--variant", ref, "--games", "1", "--out", str(tmp_path),
                     "--progress", str(tmp_path / "v.jsonl")]) == 1
    assert "FAILED [contract:no-crash]" in capsys.readouterr().out


def test_a_second_counterexample_does_not_replace_the_first(
    hooks_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["verify", "witches-of-blackmore", "--games", "1", "--out", str(tmp_path), "--progress",
            str(tmp_path / "v.jsonl")]
    assert cli.main([*argv, "--variant", f"{hooks_file}:NO"]) == 1
    first = (tmp_path / "verify-witches-of-blackmore-seed0.json").read_bytes()
    assert cli.main([*argv, "--variant", f"{hooks_file}:EXIT"]) == 1
    out = capsys.readouterr().out
    assert f"record: {tmp_path / 'verify-witches-of-blackmore-seed0-2.json'}" in out
    assert (tmp_path / "verify-witches-of-blackmore-seed0.json").read_bytes() == first
    assert records.load(tmp_path / "verify-witches-of-blackmore-seed0-2.json").meta["failure"]["check"] == (
        "contract:no-crash")
