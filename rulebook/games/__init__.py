"""One module per game; each defines ``GAME``, found by :mod:`rulebook.registry`."""
