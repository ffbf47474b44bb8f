"""Code the user named on the command line: ``FILE.py`` or an importable module.

``--variant FILE.py:NAME`` and ``--measures FILE.py:NAME`` run code the user wrote. Only a
reference the user passed may be loaded this way, never one read from a record or a
variant file (data never names code that runs).

>>> load_module("nowhere.py:VARIANT", "nowhere.py", "variant")
Traceback (most recent call last):
...
rulebook.errors.RulebookError: cannot load variant 'nowhere.py:VARIANT': ...
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from rulebook.core.files import MAX_FILE_BYTES, check_regular
from rulebook.errors import RulebookError

__all__ = ["load_module"]


def load_module(ref: str, target: str, kind: str) -> ModuleType:
    """The module ``target`` of the reference ``ref`` (``FILE.py:NAME`` or ``module:NAME``) the user
    gave for a ``kind`` of code (``variant``, ``measures``), run once.

    A file is loaded under the name ``rulebook_KIND_STEM`` and registered in ``sys.modules``, so
    the functions it defines pickle by reference and reach worker processes (``--workers``).
    Every failure, a missing file or module or an error while it runs, is one
    :class:`~rulebook.errors.RulebookError` naming the reference.
    """
    try:
        if target.endswith(".py"):
            path = Path(target)
            # only a regular file, of a size a program has (a FIFO or a device is never waited on)
            check_regular(path, kind, MAX_FILE_BYTES, lambda why: RulebookError(f"cannot load {kind} {ref!r}: {why}"))
            spec = importlib.util.spec_from_file_location(f"rulebook_{kind}_{path.stem}", path)
            if spec is None or spec.loader is None:
                raise RulebookError(f"cannot load {kind} {ref!r}")
            module = importlib.util.module_from_spec(spec)
            sys.modules[spec.name] = module
            spec.loader.exec_module(module)
        else:
            module = importlib.import_module(target)
    except RulebookError:
        raise
    except (ImportError, OSError) as exc:
        raise RulebookError(f"cannot load {kind} {ref!r}: {exc}") from None
    except Exception as exc:  # the user's module failed to run: a SyntaxError, any error at import
        raise RulebookError(f"cannot load {kind} {ref!r}: {type(exc).__name__}: {exc}") from None
    return module
