"""Play hooks together with added steps, for The Witches of Blackmore.

* ``PASS_AND_UNBROKEN_TRUMPS``: before the first trick every player passes one card to the left
  (an added step, ``PassCards``); and nobody may lead a card of the trump colour before a card of
  that colour has been won in a trick ("broken": it lies in a captured pile), unless they hold
  nothing else (a ``legal`` hook).
* ``PASS_FIRST_TO_FIVE``: the same pass, and the first player to win 5 tricks wins at once (a
  ``game_over`` hook, scored by tricks won).
* ``PASS_WITH_A_DUMMY``: the same pass and the same lead rule with three seats, the third a dummy
  that plays its lowest legal card and passes its lowest card (a seat that plays by a rule); it
  never wins.

The ``legal`` hook filters the engine's moves only: while the added step runs, its moves (``pass
R7``) are offered as the step gives them, and the hook is not called. Check them with::

    rulebook verify witches-of-blackmore --variant docs/examples/pass_and_unbroken_trumps.py:PASS_AND_UNBROKEN_TRUMPS
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import rulebook
from rulebook.games.witches_of_blackmore.actions import PLAYING
from rulebook.variants.phases import PassCards
from rulebook.variants.seats import SeatRule
from rulebook.variants.variant import Variant, highest_scores_win

GAME = rulebook.get_game("witches-of-blackmore")
SUIT = GAME.deck.suit_of

#: one card to the left, before the first trick
PASS_LEFT = (PassCards(before="tricks", cards=1, to="left"),)


def trumps_unbroken(state: Any, actions: tuple[Any, ...]) -> list[Any]:
    """The leader may not lead a card of the trump colour before one has been won in a trick, unless
    every card they may lead is of that colour."""
    inner = state.inner
    trump = inner.trump_suit
    if inner.phase != PLAYING or inner.trick or trump is None:
        return list(actions)
    if any(SUIT[card] == trump for pile in inner.captured for card in pile):
        return list(actions)  # broken: a card of the trump colour lies in a pile won in a trick
    keep = [a for a in actions if type(getattr(a, "card", None)) is not int or SUIT[a.card] != trump]
    return keep or list(actions)


def tricks_won(state: Any) -> tuple[int, ...]:
    """Each player's score is the number of tricks they won."""
    won = Counter(trick.winner for trick in state.tricks)
    return tuple(won[seat] for seat in range(state.rules.players))


def five_tricks(state: Any) -> bool:
    """The game ends as soon as somebody has won 5 tricks."""
    return max(tricks_won(state)) >= 5


PASS_AND_UNBROKEN_TRUMPS = Variant(
    GAME, GAME.Rules(players=3), name="pass left, trumps unbroken",
    description="pass one card left before the first trick; no trump lead before trumps are broken",
    phases=PASS_LEFT, legal=trumps_unbroken,
)

PASS_FIRST_TO_FIVE = Variant(
    GAME, GAME.Rules(players=3), name="pass left, first to five",
    description="pass one card left before the first trick; 5 tricks win at once",
    phases=PASS_LEFT, scores=tricks_won, winners=highest_scores_win, game_over=five_tricks,
)

PASS_WITH_A_DUMMY = Variant(
    GAME, GAME.Rules(players=3), name="pass left with a dummy",
    description="pass one card left; no trump lead before trumps are broken; seat 3 is a dummy",
    phases=PASS_LEFT, legal=trumps_unbroken, seats={2: SeatRule("lowest", score=False)},
)
