"""Fault injection: long runs survive a killed worker, a full disk, a bad path and Ctrl-C.

Every scenario runs the command line (in this process, or as a subprocess for
SIGINT) and ends with the complete figures, or with one line on stderr and a
progress file that ``--resume`` completes to figures *equal* to an uninterrupted
run with the same seed. Never a traceback, never "internal error", never a lost game.
"""

from __future__ import annotations

import errno
import json
import multiprocessing
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import rulebook
from rulebook.balance import progress as progress_mod
from rulebook.balance import simulate as simulate_mod
from rulebook.cli import app as cli
from rulebook.reference import records

ROOT = Path(__file__).resolve().parents[2]
GAMES = 120  # three chunks of work
SMALL = ["simulate", "witches-of-blackmore", "--players", "3", "--games", "20", "--json"]
BASE = ["simulate", "witches-of-blackmore", "--players", "3", "--games", str(GAMES), "--seed", "5", "--json"]


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, Any, str]:
    code = cli.main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "internal error" not in err, err
    return code, json.loads(out) if code == 0 and out.strip() else out, err


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The figures of the run without any fault (one process)."""
    here = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("clean"))
    try:
        import io
        from contextlib import redirect_stdout

        buf = io.StringIO()
        with redirect_stdout(buf):
            assert cli.main(BASE) == 0
        return json.loads(buf.getvalue())
    finally:
        os.chdir(here)


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines()) - 1  # less the header


def _resume_words(err: str) -> list[str]:
    """The command the one-line message says to resume with (without the leading ``rulebook``)."""
    assert err.count("\n") == 1, err
    words = shlex.split(err.partition("resume with: ")[2].strip().rstrip(")"))
    assert words[0] == "rulebook" and words[-2] == "--resume"
    return words[1:]


def test_a_killed_worker_is_replaced_and_the_run_completes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], uninterrupted: Any
) -> None:
    monkeypatch.chdir(tmp_path)
    real = progress_mod.Progress.write
    killed: list[int] = []

    def write(self: progress_mod.Progress, run: str, game: str, result: Any) -> None:
        real(self, run, game, result)
        if self.written == 10 and not killed:  # the first chunk is in: kill a worker playing another
            child = multiprocessing.active_children()[0]
            killed.append(child.pid or 0)
            os.kill(child.pid or 0, signal.SIGKILL)

    monkeypatch.setattr(progress_mod.Progress, "write", write)
    code, figures, err = _run([*BASE, "--workers", "2", "--progress", "p.jsonl"], capsys)
    assert killed and code == 0
    # the games lost with the pool: those of the chunks in flight (50 and 20 games) not yet handed over; how
    # many the other worker handed over before the pool noticed depends on timing
    lost = re.fullmatch(r"rulebook: notice: a worker process stopped; playing its (\d+) unfinished games again "
                        r"in a new one\n", err)
    assert lost and 1 <= int(lost.group(1)) <= 70, err
    assert figures == uninterrupted
    assert _lines(tmp_path / "p.jsonl") == GAMES


def test_a_game_that_stops_every_worker_is_named_with_its_seed_and_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], uninterrupted: Any
) -> None:
    monkeypatch.chdir(tmp_path)
    real = simulate_mod.play_one

    def deadly(game: Any, rules: Any, seed: int, index: int, players_as: Any = None, measures: Any = None) -> Any:
        if index == 57 and multiprocessing.parent_process() is not None:
            os._exit(9)  # the worker process dies (forked workers see this patch)
        return real(game, rules, seed, index, players_as, measures)

    monkeypatch.setattr(simulate_mod, "play_one", deadly)
    code, _, err = _run([*BASE, "--workers", "2", "--progress", "p.jsonl"], capsys)
    assert code == 2
    last = err.splitlines()[-1]
    deal = simulate_mod.deal_seed(5, 57)
    assert last.startswith(
        f"rulebook: error: game 58 of the run (deal seed {deal}) stopped a worker process 3 times; "
        "its deal is saved in p-game58.json; the other games in p.jsonl; resume with: "
    )
    record = records.load(tmp_path / "p-game58.json")
    assert (record.seed, record.actions, record.meta["simulate"]["game"]) == (deal, (), 58)
    assert _lines(tmp_path / "p.jsonl") == GAMES - 1  # every other game is saved
    # the game is fine in this process: resuming completes the run
    monkeypatch.setattr(simulate_mod, "play_one", real)
    code, figures, _ = _run(_resume_words(last + "\n"), capsys)
    assert code == 0 and figures == uninterrupted


def test_a_full_disk_stops_with_one_line_and_the_run_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], uninterrupted: Any
) -> None:
    monkeypatch.chdir(tmp_path)
    real = progress_mod.Progress.start

    class FillingUp:
        """A file on a disk that fills up after 70 games: half the next line reaches it."""

        def __init__(self, stream: Any) -> None:
            self.stream, self.lines = stream, 0

        def write(self, text: str) -> int:
            self.lines += 1
            if self.lines > 70:
                self.stream.write(text[:20])
                self.stream.flush()
                raise OSError(errno.ENOSPC, "No space left on device")
            return int(self.stream.write(text))

        def flush(self) -> None:
            self.stream.flush()

        def close(self) -> None:
            self.stream.close()

    def start(path: Any, run: Any) -> progress_mod.Progress:
        opened = real(path, run)
        opened._stream = FillingUp(opened._stream)  # type: ignore[assignment]
        return opened

    monkeypatch.setattr(progress_mod.Progress, "start", staticmethod(start))
    code, _, err = _run([*BASE, "--progress", "p.jsonl"], capsys)
    assert code == 2
    assert err.startswith("rulebook: error: --progress: cannot write p.jsonl: the disk is full (70 games are saved "
                          "in it); resume with: rulebook simulate witches-of-blackmore")
    assert (tmp_path / "p.jsonl").read_text(encoding="utf-8").count("\n") == 71  # and half a line
    monkeypatch.setattr(progress_mod.Progress, "start", real)
    code, figures, _ = _run(_resume_words(err), capsys)
    assert code == 0 and figures == uninterrupted
    assert _lines(tmp_path / "p.jsonl") == GAMES


def test_a_report_that_cannot_be_written_keeps_the_games_for_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], uninterrupted: Any
) -> None:
    pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)
    real = os.fsync

    def full(fd: int) -> None:  # the page is the only file written whole (and fsynced) in this run
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    code, _, err = _run([*BASE, "--report", "r.html"], capsys)
    assert code == 2
    assert err.startswith("rulebook: error: --report: cannot write r.html: the disk is full; the games are saved "
                          "in r.progress.jsonl: resume with rulebook simulate")
    assert not (tmp_path / "r.html").exists() and [p.name for p in tmp_path.iterdir()] == ["r.progress.jsonl"]
    monkeypatch.setattr(os, "fsync", real)
    code, figures, _ = _run([*BASE, "--report", "r.html", "--resume", "r.progress.jsonl"], capsys)
    assert code == 0 and (tmp_path / "r.html").read_text(encoding="utf-8").startswith("<!")
    figures.pop("report")
    assert figures == uninterrupted


@pytest.mark.parametrize("bad", [["--report", "/nonexistent/dir/r.html"], ["--progress", "/nonexistent/p.jsonl"],
                                 ["--report", "."]])
def test_a_bad_path_fails_before_any_game(
    bad: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)
    played: list[int] = []
    monkeypatch.setattr(simulate_mod, "play_one", lambda *a, **k: played.append(1))
    code, _, err = _run([*BASE[:-1], "--games", "300", *bad], capsys)
    assert (code, played, list(tmp_path.iterdir())) == (2, [], [])
    assert err.startswith(f"rulebook: error: {bad[0]}: cannot write {bad[1]}: ") and err.count("\n") == 1


def test_too_many_workers_are_capped_with_a_notice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], uninterrupted: Any
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    code, figures, err = _run([*BASE, "--workers", "40"], capsys)
    assert (code, err) == (0, "rulebook: notice: --workers 40 is more than this machine's 2 processors; using 2\n")
    assert figures == uninterrupted
    assert list(tmp_path.iterdir()) == []  # the default progress file goes when the run completes


def test_resume_refuses_another_runs_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert _run([*SMALL, "--seed", "5", "--progress", "p.jsonl"], capsys)[0] == 0
    code, _, err = _run([*SMALL, "--seed", "6", "--resume", "p.jsonl"], capsys)
    assert (code, err) == (2, "rulebook: error: --resume p.jsonl: it belongs to another run (seed: 5 in the file, "
                              "6 now)\n")
    (tmp_path / "q.jsonl").write_text('{"format": "rulebook-progress/2", "run": {}}\n', encoding="utf-8")
    code, _, err = _run([*SMALL, "--seed", "5", "--resume", "q.jsonl"], capsys)
    assert code == 2 and err.startswith("rulebook: error: --resume q.jsonl: it belongs to another run (command: ")
    lines = (tmp_path / "p.jsonl").read_text(encoding="utf-8").splitlines()
    (tmp_path / "p.jsonl").write_text("\n".join([lines[0], lines[1].replace('"length"', '"lenght"')]) + "\n",
                                      encoding="utf-8")
    code, _, err = _run([*SMALL, "--seed", "5", "--resume", "p.jsonl"], capsys)
    assert (code, err) == (2, "rulebook: error: --resume p.jsonl line 2: unknown field 'lenght' (a result has: run, "
                              "game, index, length, scores, winners, stats, lead_changes, comeback, usage, digest, "
                              "play, events, check)\n")


@pytest.mark.slow
def test_ctrl_c_saves_what_is_done_and_says_how_to_resume(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    many = 1000  # long enough to be stopped half way
    argv = [*BASE[:-1], "--workers", "2", "--json", "--progress", "p.jsonl"]
    argv[argv.index("--games") + 1] = str(many)
    proc = subprocess.Popen([sys.executable, "-m", "rulebook", *argv], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_default_sigint)
    path = tmp_path / "p.jsonl"
    for _ in range(600):
        if path.exists() and _lines(path) >= 50:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "internal error" not in err
    assert err.startswith("rulebook: interrupted: ") and "finished games are saved in p.jsonl" in err
    saved = _lines(path)
    assert 0 < saved < many
    clean = subprocess.run([sys.executable, "-m", "rulebook", *argv[:-2]], cwd=tmp_path, env=env,
                           capture_output=True, text=True, timeout=300, check=False)
    done = subprocess.run([sys.executable, "-m", "rulebook", *_resume_words(err)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(clean.stdout)
    assert _lines(path) == many


@pytest.mark.slow
def test_a_killed_dask_worker_is_rescheduled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], uninterrupted: Any
) -> None:
    pytest.importorskip("distributed", reason="the distributed extra is not installed")
    psutil = pytest.importorskip("psutil")
    monkeypatch.chdir(tmp_path)
    real = progress_mod.Progress.write
    killed: list[int] = []

    def write(self: progress_mod.Progress, run: str, game: str, result: Any) -> None:
        real(self, run, game, result)
        if self.written == 10 and not killed:
            workers = [p for p in psutil.Process().children(recursive=True) if "python" in p.name().lower()]
            killed.append(workers[-1].pid)
            workers[-1].kill()

    monkeypatch.setattr(progress_mod.Progress, "write", write)
    code, figures, err = _run([*BASE, "--dask", "local", "--workers", "2", "--progress", "p.jsonl"], capsys)
    assert killed and code == 0, err
    assert figures == uninterrupted
    assert _lines(tmp_path / "p.jsonl") == GAMES


def test_play_on_a_full_disk_is_one_line_naming_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = os.fsync
    calls: list[int] = []

    def fsync(fd: int) -> None:
        calls.append(1)
        if len(calls) > 5:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(sys, "stdin", __import__("io").StringIO("1\n" * 400))
    out = tmp_path / "game.json"
    code = cli.main(["play", "witches-of-blackmore", "--seed", "1", "--out", str(out)])
    _, err = capsys.readouterr()
    assert (code, err) == (2, f"rulebook: error: --out: cannot write {out}.part: the disk is full\n")
    # what was written before the disk filled is a valid record of the game so far
    assert len(records.replay(records.load(f"{out}.part")).history) >= 1


def test_play_saves_the_game_as_it_goes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    seen: list[int] = []
    real = records.save

    def save(state: Any, path: Any, option: str = "") -> Path:
        seen.append(len(state.actions))
        return real(state, path, option)

    monkeypatch.setattr(records, "save", save)
    monkeypatch.setattr(sys, "stdin", __import__("io").StringIO("1\n" * 400))
    out = tmp_path / "game.json"
    assert cli.main(["play", "witches-of-blackmore", "--seed", "1", "--out", str(out)]) == 0
    capsys.readouterr()
    final = records.replay(records.load(out))
    assert final.is_terminal and not Path(f"{out}.part").exists()
    assert seen == list(range(len(final.history) + 1)) + [len(final.history)]
    assert rulebook.get_game("witches-of-blackmore") is type(final).GAME


def _default_sigint() -> None:
    """Ctrl-C stops the child whatever the test runner was started with (a job started in the
    background of a shell inherits SIGINT ignored, and Python then never raises KeyboardInterrupt)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
