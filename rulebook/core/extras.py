"""How to install an optional extra, right for a clone and for an installed package.

The distribution is published as ``rulebook-games`` (the name ``rulebook`` on
PyPI belongs to an unrelated project); the import name stays ``rulebook``.

>>> install_hint("plot", clone=False)
"pip install 'rulebook-games[plot]'"
>>> install_hint("plot", clone=True)
"pip install -e '.[plot]' (in your clone of rulebook)"
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["DIST", "install_hint"]

#: The distribution name on PyPI (``pip install rulebook-games``).
DIST = "rulebook-games"


def _in_clone() -> bool:
    """Whether this package runs from a source checkout (``pyproject.toml`` beside ``rulebook/``)."""
    root = Path(__file__).resolve().parents[2]
    return (root / "pyproject.toml").is_file() and (root / "spec").is_dir()


def install_hint(extra: str, *, clone: bool | None = None) -> str:
    """The command that installs ``extra``: ``pip install -e '.[extra]'`` in a clone, else from PyPI."""
    if clone is None:
        clone = _in_clone()
    if clone:
        return f"pip install -e '.[{extra}]' (in your clone of rulebook)"
    return f"pip install '{DIST}[{extra}]'"
