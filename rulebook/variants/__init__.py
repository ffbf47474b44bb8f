"""House rules: change a rule, check the game is still sound, then play or measure it.

* :mod:`~rulebook.variants.variant`: a variant as layers of options (a named ruleset, a TOML
  file that may extend another, ``--set NAME=VALUE``, the player count), validated once;
* :mod:`~rulebook.variants.hooks`: the Python hooks the engine obeys during play (``legal``,
  ``game_over``, ``trick_points``, ``round_points``) and beside it (``scores``, ``winners``, ...);
* :mod:`~rulebook.variants.user_code`: the one loader of code a user names on the command line
  (``FILE.py:NAME``): a variant file may refer only to such code;
* :mod:`~rulebook.variants.verify`: is the variant well formed? Random games checked position by
  position, failures shrunk to a replayable record (:func:`~rulebook.variants.verify.verify`, also ``rulebook.verify``);
* :mod:`rulebook.variants.testing` (needs the ``verify`` extra): Hypothesis strategies and checks
  for a test suite of your own.

>>> import rulebook
>>> from rulebook.variants.variant import resolve
>>> game = rulebook.get_game("witches-of-blackmore")
>>> v = resolve(game, sets=["must_follow=true", "players=3"])
>>> v.rules.must_follow, v.rules.players
(True, 3)
"""

from __future__ import annotations

from rulebook.variants import hooks, user_code, variant, verify
from rulebook.variants.hooks import HookedGame, PlayHooks
from rulebook.variants.variant import Variant, VariantFile, build_rules, load_variant, parse_sets, printed, resolve
from rulebook.variants.verify import Failure, Report

__all__ = [
    "Failure", "HookedGame", "PlayHooks", "Report", "Variant", "VariantFile", "build_rules", "hooks",
    "load_variant", "parse_sets", "printed", "resolve", "user_code", "variant", "verify",
]
