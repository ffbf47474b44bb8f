"""Strange files, lost data and raw text: every path the user names is read only if it is a regular
file, size-checked first and in bounded lines; nothing the user made is replaced or lost; a resumed
``play`` goes on as the very game; text from a file never reaches the terminal raw."""

from __future__ import annotations

import errno
import io
import json
import os
import shutil
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rulebook.cli import app as cli
from rulebook.core import files
from rulebook.core.terminal import escape_controls
from rulebook.errors import OutputError, RulebookError
from rulebook.reference import records

WB = "witches-of-blackmore"


@pytest.fixture(autouse=True)
def _no_hang() -> Iterator[None]:
    """A read that waits on a FIFO fails the test after 20 s instead of hanging it."""
    def hung(signum: int, frame: Any) -> None:
        raise AssertionError("hung on a file")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _err(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err and "internal error" not in err, err
    assert err.count("\n") == 1, err
    return err.rstrip("\n")


def _play(argv: list[str], moves: str, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO(moves))
    return cli.main(["play", WB, "--speed", "0", *argv])


# -- only regular files are read -------------------------------------------------------------


@pytest.fixture()
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("door", ["replay", "play --resume", "simulate --resume", "verify --resume",
                                  "--variant toml", "--variant py", "--measures"])
def test_a_fifo_is_refused_in_one_line_without_waiting(
    door: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    name = {"--variant toml": "pipe.toml", "--variant py": "pipe.py", "--measures": "pipe.py"}.get(door, "pipe.json")
    os.mkfifo(tmp_path / name)
    argv = {
        "replay": ["replay", name],
        "play --resume": ["play", WB, "--resume", name],
        "simulate --resume": ["simulate", WB, "--games", "2", "--resume", name],
        "verify --resume": ["verify", WB, "--games", "2", "--resume", name],
        "--variant toml": ["simulate", WB, "--games", "2", "--variant", name],
        "--variant py": ["simulate", WB, "--games", "2", "--variant", name + ":V"],
        "--measures": ["simulate", WB, "--games", "2", "--measures", name + ":M"],
    }[door]
    assert cli.main(argv) == 2
    err = _err(capsys)
    assert "a FIFO (named pipe), not a regular file" in err, err


def test_a_fifo_named_by_extends_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    os.mkfifo(tmp_path / "base.toml")
    (tmp_path / "house.toml").write_text('name = "house"\nextends = "base.toml"\n[rules]\n', encoding="utf-8")
    assert cli.main(["simulate", WB, "--games", "2", "--variant", str(tmp_path / "house.toml"),
                     "--progress", str(tmp_path / "p.jsonl")]) == 2
    assert _err(capsys) == (f"rulebook: error: cannot read variant file {tmp_path / 'base.toml'}: a FIFO (named pipe), "
                            "not a regular file")


@pytest.mark.parametrize("target,words", [("/dev/zero", "a device, not a regular file"),
                                          (".", "a folder, not a regular file")])
def test_devices_and_folders_are_refused(target: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["replay", target]) == 2
    assert _err(capsys) == f"rulebook: error: {target}: {words}"
    assert cli.main(["play", WB, "--resume", target]) == 2
    assert _err(capsys) == f"rulebook: error: --resume {target}: {words}"


def test_the_size_is_checked_before_reading(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "big.json"
    with open(big, "wb") as f:  # sparse: no disk used, and never read
        f.truncate(records.MAX_RECORD_CHARS + 1)
    read: list[int] = []
    real = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: read.append(n) or real(fd, n))
    assert cli.main(["replay", str(big)]) == 2
    assert _err(capsys) == (f"rulebook: error: {big}: {records.MAX_RECORD_CHARS + 1:,} bytes, more than the "
                            f"{records.MAX_RECORD_CHARS:,} a file may have here")
    assert read == []


def test_a_progress_file_is_read_in_bounded_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "p.jsonl"
    argv = ["simulate", WB, "--games", "3", "--json"]
    assert cli.main([*argv, "--progress", str(p)]) == 0
    capsys.readouterr()
    head = p.read_text(encoding="utf-8").splitlines()[0]
    p.write_text(head + "\n" + "x" * (files.MAX_LINE_BYTES + 5) + "\n", encoding="utf-8")
    assert cli.main([*argv, "--resume", str(p)]) == 2
    assert _err(capsys) == (f"rulebook: error: --resume {p}: line 2 is longer than {files.MAX_LINE_BYTES:,} bytes")


def test_read_lines_never_reads_a_long_line_whole(tmp_path: Path) -> None:
    p = tmp_path / "lines"
    p.write_bytes(b"one\ntwo\n" + b"z" * 50 + b"\nlast")
    assert list(files.read_lines(p, "x", line_limit=60)) == [
        (1, b"one", True), (2, b"two", True), (3, b"z" * 50, True), (4, b"last", False)]
    with pytest.raises(RulebookError, match=r"^x .*: line 3 is longer than 10 bytes$"):
        list(files.read_lines(p, "x", line_limit=10))


# -- nothing the user made is lost ----------------------------------------------------------


def test_a_default_record_name_never_replaces_an_earlier_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert _play(["--seed", "2"], "1\n" * 300, monkeypatch) == 0
    first = (tmp_path / f"rulebook-play-{WB}-seed2.json").read_bytes()
    assert _play(["--seed", "2"], "quit\n", monkeypatch) == 1
    out = capsys.readouterr().out
    assert f"record saved: rulebook-play-{WB}-seed2-2.json" in out
    assert (tmp_path / f"rulebook-play-{WB}-seed2.json").read_bytes() == first
    assert records.replay(records.load(tmp_path / f"rulebook-play-{WB}-seed2.json")).is_terminal
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"rulebook-play-{WB}-seed2-2.json",
                                                          f"rulebook-play-{WB}-seed2.json"]


def test_out_over_a_file_that_is_no_record_needs_force(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    assert _play(["--seed", "1", "--out", str(notes)], "quit\n", monkeypatch) == 2
    assert _err(capsys) == (f"rulebook: error: --out: cannot write {notes}: the file there is not a rulebook game "
                            "record; give --force to replace it")
    assert notes.read_text(encoding="utf-8") == "my notes\n"
    assert _play(["--seed", "1", "--out", str(notes), "--force"], "quit\n", monkeypatch) == 1
    assert records.load(notes).seed == 1


@pytest.mark.parametrize("argv,kind", [
    (["simulate", WB, "--games", "2", "--report", "{f}"], "--report: cannot write {f}: the file there is not a page "
     "rulebook wrote"),
    (["simulate", WB, "--games", "2", "--progress", "{f}"], "--progress: cannot write {f}: the file there is not a "
     "rulebook progress file"),
    (["verify", WB, "--games", "2", "--out", "{f}"], "--out: cannot write {f}: the file there is not a rulebook game "
     "record"),
])
def test_report_progress_and_counterexample_refuse_a_foreign_file(
    argv: list[str], kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)
    mine = tmp_path / "thesis.tex"
    mine.write_text("\\section{mine}\n", encoding="utf-8")
    assert cli.main([a.replace("{f}", str(mine)) for a in argv]) == 2
    assert _err(capsys) == "rulebook: error: " + kind.replace("{f}", str(mine)) + "; give --force to replace it"
    assert mine.read_text(encoding="utf-8") == "\\section{mine}\n"


@pytest.mark.parametrize("option", ["--out", "--report"])
def test_a_device_target_is_refused(option: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)
    if option == "--out":
        assert _play(["--seed", "1", "--out", "/dev/null", "--force"], "quit\n", monkeypatch) == 2
    else:
        assert cli.main(["simulate", WB, "--games", "2", "--report", "/dev/null", "--force"]) == 2
    assert _err(capsys) == f"rulebook: error: {option}: cannot write /dev/null: it is a device, not a regular file"
    assert os.path.exists("/dev/null") and not Path("/dev/null").is_file()


def test_a_failed_write_leaves_the_old_file_and_no_temporary_one(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "r.json"
    target.write_text("old\n", encoding="utf-8")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OutputError, match=r"^--out: cannot write .*r\.json: the disk is full$"):
        files.write_atomic(target, "new\n", "--out")
    assert target.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]
    monkeypatch.undo()
    files.write_atomic(target, "new\n", "--out")
    assert target.read_text(encoding="utf-8") == "new\n"


# -- play --resume is the very game ---------------------------------------------------------


def test_a_killed_game_resumed_from_its_part_file_is_the_uninterrupted_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    common = ["--seed", "4", "--opponents", "random"]
    assert _play([*common, "--out", "whole.json"], "1\n" * 300, monkeypatch) == 0
    whole = records.load("whole.json").actions
    # stopped after a few moves; what a kill leaves is the .part file
    assert _play([*common, "--out", "half.json"], "1\n" * 5 + "quit\n", monkeypatch) == 1
    shutil.move("half.json", "game.json.part")
    assert _play(["--resume", "game.json.part"], "1\n" * 300, monkeypatch) == 0
    out = capsys.readouterr().out
    assert "record saved: game.json (seed 4; rulebook replay game.json)" in out
    assert not Path("game.json.part").exists()
    assert records.load("game.json").actions == whole
    # a record saved before the generator was kept still resumes (the bots are reseeded)
    data = json.loads(Path("whole.json").read_text(encoding="utf-8"))
    assert "rng" in data["meta"]["play"]


# -- nothing from a file reaches the terminal raw ---------------------------------------------


def test_replay_escapes_control_characters_from_the_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert _play(["--seed", "3", "--out", "g.json"], "1\n" * 300, monkeypatch) == 0
    capsys.readouterr()
    data = json.loads(Path("g.json").read_text(encoding="utf-8"))
    data["meta"]["failure"] = {"rule": "X\x1b]0;TITLE\x07", "check": "c\x1b[2J", "message": "m\u202eabc\x9b"}
    Path("g.json").write_text(json.dumps(data), encoding="utf-8")
    assert cli.main(["replay", "g.json", "--quiet"]) == 1
    out = capsys.readouterr().out
    assert "recorded failure: [X\\x1b]0;TITLE\\x07] c\\x1b[2J: m\\u202eabc\\x9b" in out
    assert not any(ch in out for ch in "\x1b\x07\u202e\x9b")


def test_errors_naming_file_text_are_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "v.toml"
    bad.write_text('name = "x\\u001b[2J"\ngame = "nope\\u001b]0;T\\u0007"\n', encoding="utf-8")
    assert cli.main(["simulate", WB, "--games", "1", "--variant", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err and err.count("\n") == 1


def test_escape_controls_keeps_ordinary_text() -> None:
    assert escape_controls("Seat 2 wins. ♠A\tok") == "Seat 2 wins. ♠A\tok"
    assert escape_controls("a\nb") == "a\\x0ab"
    assert escape_controls("a\nb", keep_newlines=True) == "a\nb"
    assert escape_controls("\x7f\u2028") == "\\x7f\\u2028"
