"""The quick subset (``python -m pytest -m "not slow"``) runs with only the base and ``verify`` extras.

Tests that need an optional module skip themselves when it is absent (``pytest.importorskip``
in their file, or the node IDs of ``tests/conftest.py``'s ``NEEDS_SCIPY``); here every listed ID
still names a test, and a run of those files with scipy hidden passes, skipping them.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import NEEDS_SCIPY, SLOW

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("node", sorted(NEEDS_SCIPY | SLOW))
def test_every_listed_test_exists(node: str) -> None:
    path, _, name = node.partition("::")
    if path.startswith("rulebook/"):  # a doctest: the module, or an object in it
        module = importlib.import_module(name.rsplit(".", 1)[0] if name.count(".") > 1 else name)
        assert name == module.__name__ or hasattr(module, name.rsplit(".", 1)[1]), node
    else:
        assert f"def {name}(" in (ROOT / path).read_text(encoding="utf-8"), node


@pytest.mark.slow
def test_the_balance_tests_skip_without_scipy(tmp_path: Path) -> None:
    hidden = tmp_path / "hidden" / "scipy"
    hidden.mkdir(parents=True)
    hiding = 'raise ModuleNotFoundError("scipy is hidden", name="scipy")\n'
    (hidden / "__init__.py").write_text(hiding, encoding="utf-8")
    files = sorted({n.split("::")[0] for n in NEEDS_SCIPY})
    run = subprocess.run([sys.executable, "-m", "pytest", "-m", "not slow", "-q", "-p", "no:cacheprovider",
                          "-p", "no:xdist", *files], capture_output=True, text=True, cwd=ROOT, timeout=600,
                         env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(hidden.parent), "HOME": str(tmp_path)})
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "needs scipy.stats: the balance extra" in run.stdout
