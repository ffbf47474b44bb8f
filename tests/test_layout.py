"""The shape of the source tree: one package per game with the same files, no import circles, no huge modules.

A newcomer finds a game's rules, engine, views, encoder and bot by the same file
names in every game (``docs/contributing.md``); the tests of a game mirror them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import rulebook

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rulebook"
MODULES = ("witches_of_blackmore", "seven_prophecies", "utsuke", "gods_and_humans", "saru_tori_inu_i")
#: The files of every game package, in the order the contributor page explains them.
GAME_FILES = (
    "__init__.py", "rules.py", "actions.py", "state.py", "scoring.py", "history.py", "observation.py",
    "heuristic.py", "render.py", "game.py",
)
#: The test files of every game, mirroring the package.
TEST_FILES = (
    "__init__.py", "test_rules.py", "test_state.py", "test_scoring.py", "test_history.py", "test_observation.py",
    "test_heuristic.py", "test_render.py", "test_properties.py", "test_boundary.py", "test_mutants.py",
)
MAX_LINES = 1000


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _resolve(name: str, known: set[str]) -> str | None:
    """The longest known module that ``name`` names (``rulebook.x.Y`` -> ``rulebook.x``)."""
    while name:
        if name in known:
            return name
        name = name.rpartition(".")[0]
    return None


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The rulebook modules ``path`` imports when it runs: at module level and inside functions alike, but not
    under ``if TYPE_CHECKING:`` (those imports never run)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    me = module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                if (target := _resolve(alias.name, known)) is not None:
                    out.add(target)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base]) if base else ".".join(anchor)
            for alias in node.names:
                if (target := _resolve(f"{base}.{alias.name}", known)) is not None:
                    out.add(target)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    out.discard(me)
    return out


def import_graph() -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    known = {module_name(p) for p in paths}
    return {module_name(p): imports_of(p, known) for p in paths}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_imports_are_read_from_functions_but_not_from_type_checking(tmp_path: Path) -> None:
    pkg = ROOT / "rulebook"
    known = {"rulebook", "rulebook.play", "rulebook.narrate", "rulebook.core.contract"}
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from rulebook.play import play\n"
        "def f():\n    from rulebook import narrate\n"
        "from rulebook.core.contract import State\n"
    )
    probe = pkg / "_layout_probe.py"
    probe.write_text(source, encoding="utf-8")
    try:
        assert imports_of(probe, known) == {"rulebook.narrate", "rulebook.core.contract"}
    finally:
        probe.unlink()


def test_no_import_circles() -> None:
    assert cycles(import_graph()) == []


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
    assert sorted(p.name for p in (PACKAGE / "render").glob("*.py")) == ["__init__.py", "_board.py"]
    tensors = (PACKAGE / "adapters" / "tensors.py").read_text(encoding="utf-8")
    for name in ("_Witches", "_Utsuke", "_Prophecies", "_Saru", "_Gods"):
        assert f"class {name}(" not in tensors
    for module in MODULES:
        game = rulebook.get_game(module.replace("_", "-"))
        encoder = game.tensor_encoder(game.Rules())
        assert type(encoder).__module__ == f"rulebook.games.{module}.observation"
