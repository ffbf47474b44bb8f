"""Signals end a run cleanly: SIGTERM as Ctrl-C (progress saved, the resume command printed,
exit 143, no worker left running); SIGKILL of the parent takes its workers with it, so a
pipeline such as ``rulebook simulate ... | cat`` ends; a folder the run cannot write does not stop it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.faults.test_faults import BASE, ROOT, _lines, _resume_words

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        pytest.skip("needs /proc/PID/task/PID/children (Linux)")
    return [int(x) for x in text.split()]


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting to be reaped has ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


def _wait_gone(pids: list[int], seconds: float) -> list[int]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        left = [p for p in pids if _alive(p)]
        if not left:
            return []
        time.sleep(0.1)
    return [p for p in pids if _alive(p)]


def _wait_lines(path: Path, n: int) -> None:
    for _ in range(1200):
        if path.exists() and _lines(path) >= n:
            return
        time.sleep(0.05)
    raise AssertionError(f"{path} never reached {n} lines")


@pytest.mark.slow
def test_sigterm_saves_what_is_done_says_how_to_resume_and_stops_the_workers(tmp_path: Path) -> None:
    many = 1000
    argv = [*BASE[:-1], "--workers", "2", "--json", "--progress", "p.jsonl"]
    argv[argv.index("--games") + 1] = str(many)
    proc = subprocess.Popen([sys.executable, "-m", "rulebook", *argv], cwd=tmp_path, env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    path = tmp_path / "p.jsonl"
    _wait_lines(path, 50)
    workers = _children(proc.pid)
    assert len(workers) >= 2
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 143, err
    assert "Traceback" not in err and "internal error" not in err
    assert err.startswith("rulebook: interrupted: ") and "finished games are saved in p.jsonl" in err
    assert err.count("\n") == 1
    assert _wait_gone(workers, 10) == []
    saved = _lines(path)
    assert 0 < saved < many
    clean = subprocess.run([sys.executable, "-m", "rulebook", *argv[:-2]], cwd=tmp_path, env=ENV,
                           capture_output=True, text=True, timeout=300, check=False)
    done = subprocess.run([sys.executable, "-m", "rulebook", *_resume_words(err)], cwd=tmp_path, env=ENV,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(clean.stdout)


@pytest.mark.slow
def test_sigkill_of_simulate_piped_into_cat_ends_the_pipeline(tmp_path: Path) -> None:
    argv = [*BASE[:-1], "--workers", "2", "--progress", "p.jsonl"]
    argv[argv.index("--games") + 1] = "200000"
    sim = subprocess.Popen([sys.executable, "-m", "rulebook", *argv], cwd=tmp_path, env=ENV,
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert sim.stdout is not None
    cat = subprocess.Popen(["cat"], stdin=sim.stdout, stdout=subprocess.DEVNULL)
    sim.stdout.close()  # only the run (and its workers) hold the pipe now
    try:
        _wait_lines(tmp_path / "p.jsonl", 20)
        workers = _children(sim.pid)
        assert len(workers) >= 2
        sim.kill()
        sim.wait(timeout=10)
        assert cat.wait(timeout=20) == 0  # every writer of the pipe is gone
        assert _wait_gone(workers, 10) == []
    finally:
        for p in (sim, cat):
            if p.poll() is None:
                p.kill()


def test_a_run_in_a_folder_it_cannot_write_still_runs(tmp_path: Path) -> None:
    if not Path("/proc").is_dir():
        pytest.skip("needs /proc, a folder nobody can write")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {**ENV, "TMPDIR": str(tmp)}
    run = subprocess.run([sys.executable, "-m", "rulebook", "simulate", "witches-of-blackmore", "--games", "5",
                          "--json"], cwd="/proc", env=env, capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["summary"]["games"] == 5
    assert run.stderr == (
        "rulebook: notice: cannot write the progress file rulebook-simulate-witches-of-blackmore-seed0.progress.jsonl "
        f"(No such file or directory); it is {tmp}/rulebook-simulate-witches-of-blackmore-seed0.progress.jsonl "
        "instead\n")
    assert list(tmp.iterdir()) == []  # removed when the run completed
    run = subprocess.run([sys.executable, "-m", "rulebook", "verify", "witches-of-blackmore", "--games", "2",
                          "--out", str(tmp_path)], cwd="/proc", env=env, capture_output=True, text=True,
                         timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    assert "it is " + str(tmp) in run.stderr and run.stderr.count("\n") == 1


def test_sigterm_at_the_table_saves_the_game_and_exits_143(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "rulebook", "play", "witches-of-blackmore", "--seed", "3",
                             "--out", "t.json", "--speed", "0"], cwd=tmp_path, env=ENV, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    for _ in range(200):  # the prompt is up: the game waits for a move
        if (tmp_path / "t.json.part").exists():
            break
        time.sleep(0.05)
    time.sleep(0.5)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 143, err
    assert err == "rulebook: terminated\n"
    assert "interrupted: record saved: t.json (continue: rulebook play witches-of-blackmore --resume t.json)" in out
    assert [p.name for p in tmp_path.iterdir()] == ["t.json"]
