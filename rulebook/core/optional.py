"""Optional dependencies: check them before a long run, and say how to install them.

>>> install_hint("plot", clone=True)
"pip install -e '.[plot]' (in your clone of rulebook)"
>>> require("math", "plot").pi > 3
True
>>> require("no_such_module_here", "plot")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
rulebook.errors.RulebookError: this needs no_such_module_here: pip install ...
"""

from __future__ import annotations

import importlib
from types import ModuleType

from rulebook.core.extras import install_hint
from rulebook.errors import RulebookError

__all__ = ["install_hint", "require"]




def require(module: str, extra: str, what: str = "this") -> ModuleType:
    """Import ``module`` or raise :class:`~rulebook.errors.RulebookError` naming the fix."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise RulebookError(f"{what} needs {module}: {install_hint(extra)}") from None
