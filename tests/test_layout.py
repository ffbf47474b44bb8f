"""The shape of the source tree: a room per use, one package per game with the same files, no huge modules.

The imports between the rooms (layers, the games' independence, no circles) are import-linter's
contracts in ``pyproject.toml``; the tests here run them and check that they bite.

A newcomer finds a game's rules, engine, views, encoder and bot by the same file
names in every game (``docs/contributing.md``); the tests of a game mirror them.
"""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import rulebook

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rulebook"
MODULES = ("witches_of_blackmore", "seven_prophecies", "utsuke", "gods_and_humans", "saru_tori_inu_i")
#: The files of every game package, in the order the contributor page explains them.
GAME_FILES = (
    "__init__.py", "rules.py", "actions.py", "state.py", "scoring.py", "history.py", "observation.py",
    "heuristic.py", "render.py", "model.py", "game.py",
)
#: The test files of every game, mirroring the package.
TEST_FILES = (
    "__init__.py", "test_rules.py", "test_state.py", "test_scoring.py", "test_history.py", "test_observation.py",
    "test_heuristic.py", "test_render.py", "test_properties.py", "test_boundary.py", "test_mutants.py", "test_logic.py",
    "test_model.py",
)
MAX_LINES = 1000


#: The top of the package: the rooms, one per use, and the few modules every layer shares.
TOP = {
    "__init__.py", "__main__.py", "errors.py", "i18n.py", "registry.py", "py.typed",  # shared by every layer
    "core", "games", "reference", "variants", "balance", "table", "cli", "adapters",  # the rooms
    "spec", "locale",  # data: the spec and the message catalogs, shipped in the package
}
ROOMS = ("core", "games", "reference", "variants", "balance", "table", "cli", "adapters")


def test_the_top_level_holds_the_rooms_and_the_shared_modules() -> None:
    entries = {p.name for p in PACKAGE.iterdir() if p.name != "__pycache__"}
    assert entries == TOP
    for room in ROOMS:
        assert (PACKAGE / room / "__init__.py").is_file(), room


@pytest.mark.parametrize("room", ROOMS)
def test_each_room_says_what_it_is_for_and_names_its_surface(room: str) -> None:
    module = importlib.import_module(f"rulebook.{room}")
    assert module.__doc__ and len(module.__doc__.strip().splitlines()) >= 1
    surface = getattr(module, "__all__", None)
    assert isinstance(surface, list), f"rulebook.{room} has no __all__"
    missing = [name for name in surface if not hasattr(module, name)]
    assert missing == [], f"rulebook.{room}.__all__ names what it lacks: {missing}"


def _lint_imports(root: Path) -> tuple[int, str]:
    """``lint-imports`` on the checkout at ``root`` (the contracts in its ``pyproject.toml``)."""
    done = subprocess.run(
        [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command as c; sys.exit(c())",
         "--no-cache"],
        cwd=root, capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(root)},
    )
    return done.returncode, done.stdout + done.stderr


def test_the_import_contracts_hold() -> None:
    """The layers, the games' independence and the absence of circles, as ``pyproject.toml`` states them."""
    pytest.importorskip("importlinter")
    code, out = _lint_imports(ROOT)
    assert code == 0, out
    assert "3 kept, 0 broken" in out, out


def test_the_import_contracts_catch_a_lower_layer_importing_a_higher_one(tmp_path: Path) -> None:
    """The check bites: a copy of the package whose core imports the table breaks the layers."""
    pytest.importorskip("importlinter")
    shutil.copytree(PACKAGE, tmp_path / "rulebook", symlinks=True, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    with open(tmp_path / "rulebook" / "core" / "cards.py", "a", encoding="utf-8") as f:
        f.write("\n\ndef _planted() -> None:\n    from rulebook.table import screen  # noqa: F401\n")
    code, out = _lint_imports(tmp_path)
    assert code != 0 and "BROKEN" in out, out


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_is_over_a_thousand_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines (at most {MAX_LINES})"


def test_every_game_is_a_package_with_the_same_files() -> None:
    games = sorted(p.name for p in (PACKAGE / "games").iterdir() if p.is_dir() and p.name != "__pycache__")
    assert games == sorted(MODULES)
    assert sorted(p.name for p in (PACKAGE / "games").glob("*.py")) == ["__init__.py"]
    for module in MODULES:
        files = sorted(p.name for p in (PACKAGE / "games" / module).glob("*.py"))
        extra = [f for f in files if f not in GAME_FILES and not f.startswith("phase_")]
        assert not extra and set(GAME_FILES) <= set(files), (module, files)


def test_every_games_tests_mirror_its_package() -> None:
    tests = ROOT / "tests" / "games"
    assert sorted(p.name for p in tests.glob("*.py")) == ["__init__.py"]
    for module in MODULES:
        assert sorted(p.name for p in (tests / module).glob("*.py")) == sorted(TEST_FILES), module


def test_the_registry_knows_every_game_package() -> None:
    assert sorted(type(g).__module__.split(".")[2] for g in rulebook.GAMES.values()) == sorted(MODULES)


def test_views_and_encoders_live_in_the_game_packages() -> None:
    assert sorted(p.name for p in (PACKAGE / "core" / "render").glob("*.py")) == ["__init__.py", "_board.py"]
    tensors = (PACKAGE / "adapters" / "tensors.py").read_text(encoding="utf-8")
    for name in ("_Witches", "_Utsuke", "_Prophecies", "_Saru", "_Gods"):
        assert f"class {name}(" not in tensors
    for module in MODULES:
        game = rulebook.get_game(module.replace("_", "-"))
        encoder = game.tensor_encoder(game.Rules())
        assert type(encoder).__module__ == f"rulebook.games.{module}.observation"
