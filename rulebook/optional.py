"""Optional dependencies: check them before a long run, and say how to install them.

>>> install_hint("plot")
"pip install -e '.[plot]'"
>>> require("math", "plot").pi > 3
True
>>> require("no_such_module_here", "plot")
Traceback (most recent call last):
...
rulebook.errors.RulebookError: this needs no_such_module_here: pip install -e '.[plot]'
"""

from __future__ import annotations

import importlib
from types import ModuleType

from rulebook.errors import RulebookError

__all__ = ["install_hint", "require"]


def install_hint(extra: str) -> str:
    """The command that installs the optional dependencies of ``extra`` (one place to change)."""
    return f"pip install -e '.[{extra}]'"


def require(module: str, extra: str, what: str = "this") -> ModuleType:
    """Import ``module`` or raise :class:`~rulebook.errors.RulebookError` naming the fix."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise RulebookError(f"{what} needs {module}: {install_hint(extra)}") from None
