"""The tests write only under temporary folders (issue 43 item 7): each test starts in a folder of its own
(``tests/conftest.py``: :class:`~tests.conftest.InTemporaryFolder`), and a run that leaves a file in the
clone fails (:class:`~tests.conftest.CleanClone`). Both are tried on a small clone of their own."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a run of pytest each: seconds

ROOT = Path(__file__).resolve().parents[1]
TESTS = '''
from pathlib import Path

def test_writes_where_it_stands():
    Path("record.json").write_text("{}")  # the current folder: a temporary one

def test_writes_into_the_clone():
    (Path(__file__).resolve().parents[1] / "left.txt").write_text("left behind")
'''


def _clone(tmp_path: Path, tests: str) -> Path:
    clone = tmp_path / "clone"
    (clone / "tests").mkdir(parents=True)
    shutil.copy(ROOT / "tests" / "conftest.py", clone / "tests" / "conftest.py")
    shutil.copy(ROOT / "tests" / "slow.txt", clone / "tests" / "slow.txt")
    (clone / "tests" / "__init__.py").write_text("")
    (clone / "tests" / "test_files.py").write_text(tests, encoding="utf-8")
    (clone / "pytest.ini").write_text("[pytest]\ntestpaths = tests\n")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(clone)]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "clone"], check=True)
    return clone


def _pytest(clone: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(clone)}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", *args],
                          cwd=clone, capture_output=True, text=True, timeout=300, env=env)


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_a_run_that_leaves_a_file_in_the_clone_fails(tmp_path: Path) -> None:
    clone = _clone(tmp_path, TESTS)
    run = _pytest(clone)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "2 passed" in run.stdout
    assert "the tests left files in the clone" in run.stdout
    assert "?? left.txt" in run.stdout
    assert not (clone / "record.json").exists()  # what a test writes where it stands lands elsewhere


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_a_run_that_writes_only_where_it_stands_passes(tmp_path: Path) -> None:
    clone = _clone(tmp_path, TESTS)
    run = _pytest(clone, "-k", "where_it_stands")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "left files" not in run.stdout
    assert subprocess.run(["git", "-C", str(clone), "status", "--porcelain"], capture_output=True,
                          text=True).stdout == ""
