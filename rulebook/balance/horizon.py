"""Where a search may end a playout early, and what the position is worth there.

A playout (rollout) of the ISMCTS player (:class:`rulebook.balance.players.ISMCTS`) from a
decision in the first round of a four-round game spends three quarters of its moves on
rounds whose deals nobody has seen yet; their result says little about the decision, and
costs most of the search. So, in the games listed here, a playout stops at the end of the
round (deal, race) it started in, and the position there is valued from what the rules
count at that point: the *horizon* of the search.

* Seven Prophecies, gods-and-humans, Saru Tori Inu I: the highest total wins
  (SP-END-4, GH-END-3, ST-RACE-2), so at the end of a round the seats ahead on
  ``scores`` share a win, as if the game ended there (in Seven Prophecies ``scores`` is
  in the unit of the variant in force, and partners, SP-END-7, count their pair's sum);
* UTSUKE: a seat wins by honour and loses by execution chips (UT-END-1, UT-END-2), each
  seat on its own, so each seat is valued by how far it has come towards each:
  ``1/2 + (honour / honour_to_win - chips / chips_to_lose) / 2``, kept within 0 and 1;
* The Witches of Blackmore is one deal: its playouts always reach the end.

A playout that reaches the end of the game is valued by the game's own winners, so the
last round is searched for the real result. A state of a variant with play hooks
(:class:`rulebook.variants.hooks.HookedState`) has no horizon: its hooks may change what the rules
count, so its playouts run to the end.

>>> import rulebook
>>> game = rulebook.get_game("gods-and-humans")
>>> h = horizon(game.new_game(seed=1))
>>> h.round_of(game.new_game(seed=1)), h.value(game.new_game(seed=1))
(0, (0.2, 0.2, 0.2, 0.2, 0.2))
>>> horizon(rulebook.get_game("witches-of-blackmore").new_game(seed=1)) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from rulebook.core.contract import State

__all__ = ["HORIZONS", "Horizon", "horizon", "leaders_share", "utsuke_progress"]


@attrs.frozen
class Horizon:
    """How a game's playouts may stop at the end of a round."""

    #: the index of the round being played (public: every seat sees it); a playout stops
    #: once it changes
    round_of: Callable[[Any], int]
    #: each seat's result at the end of a round before the end of the game, from 0 to 1
    value: Callable[[Any], tuple[float, ...]]


def leaders_share(totals: Sequence[int]) -> tuple[float, ...]:
    """``1/k`` for each of the ``k`` seats with the highest total, else 0.

    >>> leaders_share((3, 7, 7, 1))
    (0.0, 0.5, 0.5, 0.0)
    """
    best = max(totals)
    share = 1.0 / sum(1 for v in totals if v == best)
    return tuple([share if v == best else 0.0 for v in totals])


def _scores_lead(state: Any) -> tuple[float, ...]:
    return leaders_share(state.scores)


def _prophecies_lead(state: Any) -> tuple[float, ...]:
    points = state.scores
    if state.rules.partners:  # SP-END-7: seats 0 and 2 against 1 and 3
        points = tuple(points[s] + points[(s + 2) % 4] for s in range(4))
    return leaders_share(points)


def utsuke_progress(state: Any) -> tuple[float, ...]:
    """UTSUKE: each seat's progress towards winning by honour less its progress towards losing
    by chips (UT-END-1, UT-END-2), from 0 to 1 (1/2 at the start).

    >>> import rulebook
    >>> utsuke_progress(rulebook.get_game("utsuke").new_game(seed=1))
    (0.5, 0.5, 0.5, 0.5)
    """
    rules = state.rules
    win = rules.honour_to_win
    lose = rules.chips_to_lose
    out = []
    for honour, chips in zip(state.honour, state.chips):
        v = 0.5 + 0.5 * (honour / win - chips / lose)
        out.append(0.0 if v < 0.0 else 1.0 if v > 1.0 else v)
    return tuple(out)


#: The games whose playouts stop at the end of a round, by slug.
#: (``round_of`` reads the engine's field behind the public ``round``/``deal``/``race`` property:
#: it is called after every move of a playout)
HORIZONS: dict[str, Horizon] = {
    "seven-prophecies": Horizon(lambda s: s.info.round, _prophecies_lead),
    "utsuke": Horizon(lambda s: s.board[0][0], utsuke_progress),
    "gods-and-humans": Horizon(lambda s: s.board[0].deal, _scores_lead),
    "saru-tori-inu-i": Horizon(lambda s: s.board[0], _scores_lead),
}


def horizon(state: State[Any, Any]) -> Horizon | None:
    """The horizon of ``state``'s game, or ``None`` where playouts run to the end of the game
    (a one-round game, a game not listed, a state with play hooks)."""
    game = state.GAME
    if type(state) is not game.State:
        return None
    return HORIZONS.get(game.slug)
