"""The ``rulebook`` command (and ``python -m rulebook``): one module per command.

* :mod:`~rulebook.cli.app`: the parser, ``main`` and how every command ends (exit codes, one-line
  errors, Ctrl-C and SIGTERM);
* one module per command, each with its ``add_arguments`` and ``run``: :mod:`~rulebook.cli.info`
  (``games``, ``options``, ``rulesets``, ``rules``), :mod:`~rulebook.cli.simulate` (runs,
  ``--compare``, ``--sweep``, ``--skill``, reports and plots), :mod:`~rulebook.cli.verify`,
  :mod:`~rulebook.cli.replay` and :mod:`~rulebook.cli.play`;
* :mod:`~rulebook.cli.common`: what the commands share (tables fitted to the terminal, progress,
  variants from the arguments); :mod:`~rulebook.cli.catalogs`: the maintainers' message catalogs.

Nothing in the library imports this package: it sits on top of every other.
"""

from __future__ import annotations

from rulebook.cli.app import main

__all__ = ["main"]
