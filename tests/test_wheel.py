"""The built wheel carries the rules: the spec and its worked examples are package data.

After ``pip install`` (no clone), rule titles in errors and replays, the rules at the
table (``?``) and the scenario files must all be at hand. The wheel is built from this
checkout and imported from where it was unpacked, with nothing of the checkout on the path.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import attrs
import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), str(ROOT)],
        check=True, capture_output=True, text=True,
    )
    (found,) = out.glob("rulebook_games-*.whl")
    return found


def test_the_wheel_holds_every_spec_file(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {f"rulebook/spec/{p.relative_to(ROOT / 'spec').as_posix()}" for p in (ROOT / "spec").rglob("*")
                if p.suffix in (".md", ".toml")}
    assert len(expected) > 20
    assert expected <= names
    assert "rulebook/py.typed" in names
    assert any(n.endswith(".dist-info/licenses/LICENSE") or n.endswith(".dist-info/LICENSE") for n in names)


def test_rule_titles_and_sections_work_from_the_unpacked_wheel(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    deps = Path(attrs.__file__).resolve().parent.parent
    probe = (
        "import rulebook, rulebook.words as w, rulebook.trace as t\n"
        f"print(rulebook.__file__.startswith({str(site)!r}))\n"
        "print(w.rule_title('WB-PLAY-1'))\n"
        "print(len(t.load_spec()) > 100, w.spec_sections('utsuke')[0][0] != '')\n"
    )
    # -S: no site-packages processing, so the checkout's editable install is not on the path
    run = subprocess.run(
        [sys.executable, "-S", "-c", probe], cwd=tmp_path, capture_output=True, text=True, check=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(deps)])},
    )
    assert run.stdout.splitlines() == ["True", "Playing cards", "True True"]
