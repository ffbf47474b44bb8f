"""House rules that change how a game is played, as play hooks the engine obeys.

Three house rules for The Witches of Blackmore:

* ``FIRST_TO_FIVE``: count tricks instead of card points; the first player to win
  5 tricks wins at once (a scoring change that decides when the game ends);
* ``LUCKY_ONES``: a trick won with a 1 scores 5 more points;
* ``NO_LEADING_ONES``: nobody may lead a 1 while another card can be led.

Check one with::

    rulebook verify witches-of-blackmore --variant docs/examples/first_to_five.py:FIRST_TO_FIVE
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import rulebook
from rulebook.variants.variant import Variant, highest_scores_win

GAME = rulebook.get_game("witches-of-blackmore")


def tricks_won(state: Any) -> tuple[int, ...]:
    """Each player's score is the number of tricks they won."""
    won = Counter(trick.winner for trick in state.tricks)
    return tuple(won[seat] for seat in range(state.rules.players))


def five_tricks(state: Any) -> bool:
    """The game ends as soon as somebody has won 5 tricks (the engine's own end still ends it)."""
    return max(tricks_won(state)) >= 5


def lucky_one(state: Any, trick: Any) -> list[int]:
    """5 more points for a trick won with a 1."""
    points = [0] * state.rules.players
    if GAME.card_text(trick.winning_card).endswith("1"):
        points[trick.winner] += 5
    return points


def no_leading_ones(state: Any, actions: tuple[Any, ...]) -> list[Any]:
    """The leader may not lead a 1 while another move is allowed."""
    if state.trick:  # somebody has led: every move the engine allows
        return list(actions)
    keep = [a for a in actions if not hasattr(a, "card") or not GAME.card_text(a.card).endswith("1")]
    return keep or list(actions)


FIRST_TO_FIVE = Variant(
    GAME, GAME.Rules(), name="first to five", description="count tricks; 5 tricks win at once",
    scores=tricks_won, winners=highest_scores_win, game_over=five_tricks,
)

LUCKY_ONES = Variant(
    GAME, GAME.Rules(), name="lucky ones", description="a trick won with a 1 scores 5 more",
    trick_points=lucky_one,
)

NO_LEADING_ONES = Variant(
    GAME, GAME.Rules(), name="no leading ones", description="a 1 may not be led while another card can be",
    legal=no_leading_ones,
)
