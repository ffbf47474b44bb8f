"""Code written as the README and the docs show it is typed precisely under ``mypy --strict``.

``get_game`` has an overload per slug, so a state made through the README's own pattern
is the game's state class to a type checker, not ``Any``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api")

ROOT = Path(__file__).resolve().parent.parent


def doctest_code(markdown: str) -> list[str]:
    """The Python of every doctest block (``>>>`` and ``...`` lines) in ``markdown``."""
    blocks = re.findall(r"```(?:python|\{doctest\})\n(.*?)```", markdown, flags=re.S)
    out = []
    for block in blocks:
        lines = [ln[4:] for ln in block.splitlines() if ln.startswith((">>> ", "... "))]
        lines += [ln[3:] for ln in block.splitlines() if ln in (">>>", "...")]
        out.append("\n".join(lines))
    return out


def mypy(tmp_path: Path, code: str) -> tuple[int, str]:
    path = tmp_path / "example.py"
    path.write_text(code, encoding="utf-8")
    out, err, status = api.run(["--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache"), str(path)])
    return status, out + err


def test_doctest_code_reads_the_blocks() -> None:
    md = "```python\n>>> x = 1\n>>> for i in ():\n...     pass\n\n```\ntext\n```{doctest}\n>>> y = 2\n2\n```\n"
    assert doctest_code(md) == ["x = 1\nfor i in ():\n    pass", "y = 2"]


@pytest.mark.slow
def test_the_readme_example_is_typed_precisely(tmp_path: Path) -> None:
    (code,) = doctest_code((ROOT / "README.md").read_text(encoding="utf-8"))
    status, out = mypy(tmp_path, code + "\nreveal_type(game)\nreveal_type(state)\nreveal_type(state.scores)\n")
    assert status == 0, out
    revealed = re.findall(r'Revealed type is "(.*)"', out)
    assert revealed == [
        "rulebook.games.witches_of_blackmore.game.WitchesGame",
        "rulebook.games.witches_of_blackmore.state.WitchesState",
        "tuple[int, ...]",
    ]


@pytest.mark.slow
def test_a_wrong_use_is_caught(tmp_path: Path) -> None:
    code = 'import rulebook\nstate = rulebook.get_game("utsuke").new_game(None)\nstate.no_such_field\n'
    status, out = mypy(tmp_path, code)
    assert status == 1 and 'has no attribute "no_such_field"' in out and "UtsukeState" in out


@pytest.mark.slow
def test_the_docs_examples_type_check(tmp_path: Path) -> None:
    code = "\n\n".join(doctest_code((ROOT / "docs" / "use-from-python.md").read_text(encoding="utf-8")))
    status, out = mypy(tmp_path, code + "\nreveal_type(state)\n")
    assert status == 0, out
    assert re.findall(r'Revealed type is "(.*)"', out) == ["rulebook.games.witches_of_blackmore.state.WitchesState"]
    for example in sorted((ROOT / "docs" / "examples").glob("*.py")):
        status, out = mypy(tmp_path, example.read_text(encoding="utf-8"))
        assert status == 0, (example.name, out)


@pytest.mark.slow
def test_mypy_finds_the_package_after_the_readmes_editable_install(tmp_path: Path) -> None:
    """``pip install -e .`` as the README says, then ``mypy --strict`` on a file outside the checkout.

    setuptools' default editable install for a flat layout is an import hook that type checkers
    cannot see; ``package-dir`` in ``pyproject.toml`` makes it a plain path file (regression:
    "Cannot find implementation or library stub for module named rulebook")."""
    import subprocess
    import sys

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
    python = venv / "bin" / "python"
    install = subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "-q", "-e", str(ROOT)],
                             capture_output=True, text=True, cwd=tmp_path)
    if install.returncode != 0 and "No matching distribution found for setuptools" in install.stderr:
        pytest.skip("no package index to build the editable install with")
    assert install.returncode == 0, install.stderr
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "use.py").write_text('import rulebook\nreveal_type(rulebook.get_game("utsuke"))\n', encoding="utf-8")
    # mypy run from outside the checkout (its working folder would otherwise let it find the sources)
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir",
                          str(tmp_path / "cache"), "--python-executable", str(python), "use.py"],
                         capture_output=True, text=True, cwd=outside)
    assert run.returncode == 0, run.stdout + run.stderr
    assert re.findall(r'Revealed type is "(.*)"', run.stdout) == ["rulebook.games.utsuke.game.UtsukeGame"]
