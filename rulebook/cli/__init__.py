"""The ``rulebook`` command (and ``python -m rulebook``): one module per command.

* :mod:`~rulebook.cli.app`: the parser, ``main`` and the small commands (``games``, ``options``,
  ``rulesets``, ``rules``, ``replay``, ``play``);
* :mod:`~rulebook.cli.simulate`: ``simulate`` (runs, ``--compare``, ``--sweep``, ``--skill``,
  reports and plots); :mod:`~rulebook.cli.verify`: ``verify``;
* :mod:`~rulebook.cli.common`: what the commands share (tables fitted to the terminal, progress,
  variants from the arguments); :mod:`~rulebook.cli.catalogs`: the maintainers' message catalogs.

Nothing in the library imports this package: it sits on top of every other.
"""

from __future__ import annotations

from rulebook.cli.app import main

__all__ = ["main"]
