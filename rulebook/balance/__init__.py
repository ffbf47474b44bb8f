"""Balance: play many games under a rule and measure what it does.

* :mod:`~rulebook.balance.players`: the players a seat can hold (random, the game's rule-aware
  heuristic, ISMCTS search) and :func:`~rulebook.balance.players.player_from_spec`;
  :mod:`~rulebook.balance.reads`: which rules each player reads, and the players that fit a variant;
* :mod:`~rulebook.balance.simulate`: many games on worker processes, summed up into figures,
  two or more sides compared with Holm-corrected tests;
* :mod:`~rulebook.balance.figures`, :mod:`~rulebook.balance.play_figures`,
  :mod:`~rulebook.balance.measures`, :mod:`~rulebook.balance.usage`: what a run measures (each
  game's own figures, seat advantage and skill gap, how often each rule came into play);
* :mod:`~rulebook.balance.sequential`: ``--games auto``, a compare that plays until every verdict is settled;
* :mod:`~rulebook.balance.skill` (does a change reward skill?) and
  :mod:`~rulebook.balance.sweep` (a figure against an option's values);
* :mod:`~rulebook.balance.report` and :mod:`~rulebook.balance.plots`: the HTML report and its
  plots (the ``plot`` extra); :mod:`~rulebook.balance.progress`: the resumable progress files.

>>> import rulebook
>>> from rulebook.balance import simulate
>>> game = rulebook.get_game("utsuke")
>>> summary = simulate.simulate(game, game.Rules(players=4), games=4, seed=1)
>>> summary.games, summary.players
(4, 4)
"""

from __future__ import annotations

from rulebook.balance import (
    figures,
    horizon,
    measures,
    play_figures,
    players,
    progress,
    reads,
    report,
    sequential,
    simulate,
    skill,
    stats,
    sweep,
    usage,
    usage_compare,
)
from rulebook.balance.players import ISMCTS, Player, player_from_spec
from rulebook.balance.simulate import GameResult, Summary, compare, summarise

__all__ = [
    "ISMCTS", "GameResult", "Player", "Summary", "compare", "figures", "horizon", "measures", "play_figures",
    "player_from_spec", "players", "progress", "reads", "report", "sequential", "simulate", "skill", "stats",
    "summarise", "sweep", "usage", "usage_compare",
]
