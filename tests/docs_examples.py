"""The worked examples of ``docs/examples``: every variant each file states, in every game it names.

A TOML file names its game. A Python file's variants are its module-level :class:`Variant` values
(each of its own game) and its functions of the game (``variant(game)``): such a function is a
variant of every game for which it builds one, and its docstring's ``rulebook verify SLUG`` lines
name them. Shared by the tests and the benchmarks (``bench/compare_examples.py``).
"""

from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path

import rulebook
from rulebook.variants.variant import Variant, resolve

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"

#: ``rulebook verify SLUG --variant docs/examples/FILE.py:NAME`` in a file's docstring
_VERIFY = re.compile(r"rulebook verify ([a-z-]+) --variant docs/examples/(\w+\.py):(\w+)")


def python_examples() -> list[tuple[str, str, Variant]]:
    """``(label, slug, variant)`` of every variant of every Python file, ``label`` as ``FILE.py:NAME``."""
    out: list[tuple[str, str, Variant]] = []
    for path in sorted(EXAMPLES.glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"docs_examples_{path.stem}", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        text = path.read_text(encoding="utf-8")
        named = {(m[3], m[1]) for m in _VERIFY.finditer(text) if m[2] == path.name}
        for name, value in sorted(vars(module).items()):
            if isinstance(value, Variant):
                out.append((f"{path.name}:{name}", value.game.slug, value))
            elif name == "variant" and callable(value):
                for slug in sorted({s for n, s in named if n == name}):
                    ref = f"{path}:{name}"
                    out.append((f"{path.name}:{name}", slug, resolve(rulebook.get_game(slug), variant=ref)))
    return out


def toml_examples() -> list[tuple[str, str, Variant]]:
    """``(label, slug, variant)`` of every TOML file."""
    out = []
    for path in sorted(EXAMPLES.glob("*.toml")):
        slug = tomllib.loads(path.read_text(encoding="utf-8"))["game"]
        out.append((path.name, slug, resolve(rulebook.get_game(slug), variant=str(path))))
    return out


def all_examples() -> list[tuple[str, str, Variant]]:
    """Every variant of ``docs/examples``, the Python files' first."""
    return python_examples() + toml_examples()
