"""``rulebook verify`` survives an interruption: each player count checked is saved as it finishes,
and ``--resume`` checks only the counts that are missing, with the same report as an uninterrupted run."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from rulebook.cli import app as cli
from rulebook.errors import ResumeError
from rulebook.variants.verify import CHECK_FORMAT, _shares, verify

ROOT = Path(__file__).resolve().parents[2]
SLUG = "witches-of-blackmore"


def _same(a: Any, b: Any) -> None:
    """Two reports agree on everything but the time."""
    assert (a.players, a.games, a.states, a.examples, a.ok) == (b.players, b.games, b.states, b.examples, b.ok)


def test_the_games_are_shared_out_over_the_counts() -> None:
    assert _shares(100, 5) == [20, 20, 20, 20, 20]
    assert _shares(7, 3) == [3, 2, 2]
    assert _shares(2, 5) == [1, 1, 1, 1, 1]


def test_a_progress_file_lists_each_count_and_resume_skips_them(tmp_path: Path) -> None:
    log = tmp_path / "v.jsonl"
    clean = verify(SLUG, examples=6, seed=3, players=(2, 3, 4), progress_file=log)
    lines = log.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["format"] == CHECK_FORMAT
    entries = [json.loads(x) for x in lines[1:]]
    assert [e["players"] for e in entries] == [2, 3, 4]
    assert [e["games"] for e in entries] == [2, 2, 2]
    assert sum(e["games"] for e in entries) == clean.games == 6
    assert sum(e["states"] for e in entries) == clean.states
    # stopped after the first count, and a second line cut short by the stop
    log.write_text("\n".join(lines[:2]) + "\n" + lines[2][:7], encoding="utf-8")
    counted: list[int] = []
    resumed = verify(SLUG, examples=6, seed=3, players=(2, 3, 4), resume=log, progress=counted.append)
    _same(resumed, clean)
    assert counted[0] == 2  # the saved count's games, reported at once
    assert [json.loads(x)["players"] for x in log.read_text(encoding="utf-8").splitlines()[1:]] == [2, 3, 4]


def test_resume_refuses_another_runs_file(tmp_path: Path) -> None:
    log = tmp_path / "v.jsonl"
    verify(SLUG, examples=2, seed=3, players=(2, 3), progress_file=log)
    with pytest.raises(ResumeError, match=r"another run \(seed: 3 in the file, 4 now\)"):
        verify(SLUG, examples=2, seed=4, players=(2, 3), resume=log)
    (tmp_path / "junk.jsonl").write_text('{"format": "something else"}\n', encoding="utf-8")
    with pytest.raises(ResumeError, match="not a progress file of rulebook verify"):
        verify(SLUG, examples=2, seed=3, players=(2, 3), resume=tmp_path / "junk.jsonl")
    lines = log.read_text(encoding="utf-8").splitlines()
    log.write_text(lines[0] + '\n{"players": 9, "games": 1, "states": 1, "boundary": 0, "redrawn": 0}\n',
                   encoding="utf-8")
    with pytest.raises(ResumeError, match="line 2"):
        verify(SLUG, examples=2, seed=3, players=(2, 3), resume=log)


def test_the_cli_removes_its_default_progress_file_when_done(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert cli.main(["verify", SLUG, "--players", "3", "--examples", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    assert list(tmp_path.iterdir()) == []
    assert cli.main(["verify", SLUG, "--examples", "2", "--progress", "a.jsonl", "--resume", "a.jsonl"]) == 2
    assert capsys.readouterr().err == (
        "rulebook: error: give --progress (a new run) or --resume (an old one), not both\n"
    )


@pytest.mark.slow
def test_ctrl_c_saves_the_counts_checked_and_says_how_to_resume(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    argv = ["verify", SLUG, "--examples", "300", "--seed", "2", "--json", "--progress", "v.jsonl"]
    proc = subprocess.Popen([sys.executable, "-m", "rulebook", *argv], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_default_sigint)
    path = tmp_path / "v.jsonl"
    for _ in range(1200):
        if path.exists() and len(path.read_text(encoding="utf-8").splitlines()) >= 2:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and err.count("\n") == 1
    assert err.startswith("rulebook: interrupted: the player counts checked so far are saved in v.jsonl")
    words = shlex.split(err.partition("resume with: ")[2])
    assert words[0] == "rulebook" and words[-2:] == ["--resume", "v.jsonl"]
    done = subprocess.run([sys.executable, "-m", "rulebook", *words[1:]], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=600, check=False)
    clean = subprocess.run([sys.executable, "-m", "rulebook", *argv[:-2]], cwd=tmp_path, env=env,
                           capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0 == clean.returncode, done.stderr
    a, b = json.loads(done.stdout), json.loads(clean.stdout)
    for key in ("players", "games", "states", "ok"):
        assert a[key] == b[key], key


def _default_sigint() -> None:
    """Ctrl-C stops the child whatever the test runner was started with (a job started in the
    background of a shell inherits SIGINT ignored, and Python then never raises KeyboardInterrupt)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_resume_refuses_a_count_given_twice(tmp_path: Path) -> None:
    log = tmp_path / "v.jsonl"
    verify(SLUG, examples=2, seed=3, players=(2, 3), progress_file=log)
    lines = log.read_text(encoding="utf-8").splitlines()
    log.write_text("\n".join([*lines, lines[1]]) + "\n", encoding="utf-8")
    with pytest.raises(ResumeError, match=r"^--resume .*v\.jsonl line 4: 2 players are in the file twice$"):
        verify(SLUG, examples=2, seed=3, players=(2, 3), resume=log)
