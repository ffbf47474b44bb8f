"""The built wheel carries the rules: the spec and its worked examples are package data.

After ``pip install`` (no clone), rule titles in errors and replays, the rules at the
table (``?``) and the scenario files must all be at hand. The wheel is built from this
checkout and imported from where it was unpacked, with nothing of the checkout on the path.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import attrs
import pytest

ROOT = Path(__file__).resolve().parent.parent
#: a rule ID no spec defines (built so that the traceability check does not read it as a citation)
BAD_ID = "WB-TRICK-" + "22"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    # built from a copy of what the wheel is made of: setuptools writes build/ and *.egg-info into
    # the tree it builds, so two test workers building the checkout itself would trip over each other
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(ROOT / "rulebook", source / "rulebook", symlinks=True,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    if (ROOT / "spec").is_dir():
        shutil.copytree(ROOT / "spec", source / "spec", symlinks=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), str(source)],
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
        "import rulebook, rulebook.reference.words as w, rulebook.reference.trace as t\n"
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


def _run_unpacked(wheel: Path, tmp_path: Path, args: list[str], stdin: str = "",
                  edit: dict[str, tuple[str, str]] | None = None) -> subprocess.CompletedProcess[str]:
    """``python -S -m rulebook ARGS`` from the unpacked wheel, in an empty folder (no checkout on the path);
    ``edit`` changes files of the unpacked package first (path: (old, new))."""
    site = tmp_path / "site"
    if not site.exists():
        zipfile.ZipFile(wheel).extractall(site)
    for name, (old, new) in (edit or {}).items():
        path = site / name
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new), encoding="utf-8")
    deps = Path(attrs.__file__).resolve().parent.parent
    work = tmp_path / "empty"
    work.mkdir(exist_ok=True)
    return subprocess.run(
        [sys.executable, "-S", "-m", "rulebook", *args], cwd=work, capture_output=True, text=True, input=stdin,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(deps)]), "NO_COLOR": "1"}, timeout=300,
    )


def test_rules_command_reads_the_spec_inside_the_package(wheel: Path, tmp_path: Path) -> None:
    marker = ("on the wheel wins.", "on the wheel wins (as installed).")
    run = _run_unpacked(wheel, tmp_path, ["rules", "witches-of-blackmore", "WB-TRICK-2"],
                        edit={"rulebook/spec/witches-of-blackmore.md": marker})
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[:4] == [
        "WB-TRICK-2 · Several trumps",
        "",
        "If two or more trump-coloured cards were played, the strongest of them on the",
        "wheel wins (as installed).",  # the package's copy of the spec, not the checkout's spec/
    ]
    bad = _run_unpacked(wheel, tmp_path, ["rules", "witches-of-blackmore", BAD_ID])
    assert bad.returncode == 2
    assert bad.stderr.startswith(f"rulebook: error: no rule or section {BAD_ID!r} in witches-of-blackmore; "
                                 "close matches: WB-TRICK-2")


def test_rules_at_the_table_and_resume_from_the_unpacked_wheel(wheel: Path, tmp_path: Path) -> None:
    first = _run_unpacked(wheel, tmp_path, ["play", "witches-of-blackmore", "--players", "3", "--seed", "1",
                                            "--out", "g.json"], "?\n1\nquit\n")
    assert first.returncode == 1, first.stderr
    assert "How to play The Witches of Blackmore" in first.stdout
    assert "WB-PLAY-1 · Playing cards" in first.stdout
    assert "ships with a clone" not in first.stdout
    second = _run_unpacked(wheel, tmp_path, ["play", "witches-of-blackmore", "--resume", "g.json"], "1\n" * 300)
    assert second.returncode == 0, second.stderr
    assert "── game over ──" in second.stdout
    assert "rule" not in second.stderr
