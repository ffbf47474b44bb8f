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
* The Witches of Blackmore is one deal, and its scores count the cards each seat has won so far
  (WB-SCORE-1): a playout stops :data:`WITCHES_DEPTH` moves after it left the tree (about four
  tricks), and the seats ahead on ``scores`` share a win there (the *depth* of the horizon).

A playout that reaches the end of the game is valued by the game's own winners, so the
last round is searched for the real result. Where the game plays the search's playout itself
(``Game._rollout_kernel``), the move that ends the round need not be made: the game says what the
position after it holds (``Game._round_end_totals``: its scores, UTSUKE's honour and chips) and
``settle`` values that as ``value`` values the position, or as the result where the game's result
is the seats ahead on those totals. A state of a variant (an added step, play hooks: a
state that wraps the engine's, ``state.inner``) has the horizon of the engine's state under it; its
position is valued from the scores the variant counts (``scores``: the variant's scores of a state,
by default ``state.scores``).

>>> import rulebook
>>> game = rulebook.get_game("gods-and-humans")
>>> h = horizon(game.new_game(seed=1))
>>> h.round_of(game.new_game(seed=1)), h.value(game.new_game(seed=1))
(0, (0.2, 0.2, 0.2, 0.2, 0.2))
>>> horizon(rulebook.get_game("witches-of-blackmore").new_game(seed=1)).depth
20
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from rulebook.core.contract import State

__all__ = ["HORIZONS", "WITCHES_DEPTH", "Horizon", "engine_of", "horizon", "leaders_share", "utsuke_progress"]


@attrs.frozen
class Horizon:
    """How a game's playouts may stop at the end of a round."""

    #: the index of the round being played (public: every seat sees it); a playout stops
    #: once it changes
    round_of: Callable[[Any], int]
    #: each seat's result at the end of a round before the end of the game, from 0 to 1
    value: Callable[[Any], tuple[float, ...]]
    #: the moves a playout makes after it left the tree before it is valued by ``value`` (``None``:
    #: to the end of the round), where the scores count what each seat has won so far
    depth: int | None = None
    #: the value of the position a move that ends the round reaches, from the state before the move
    #: and what the game's ``_round_end_totals`` gives for it (``RoundEndTotals`` in
    #: :mod:`rulebook.balance.players`): the same as ``value`` of the position itself (its result, where
    #: the move ends the game), without making the move (``None``: the search makes it)
    settle: Callable[[Any, tuple[int, ...]], tuple[float, ...]] | None = None


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


#: The moves a Witches' playout makes after the tree (about four tricks of four seats, with their
#: trump decisions): ``bench/README.md`` ("ISMCTS playouts per second") has what it costs and gives.
WITCHES_DEPTH = 20


def _prophecies_lead(state: Any) -> tuple[float, ...]:
    return _prophecies_settle(state, state.scores)


def _prophecies_settle(state: Any, points: tuple[int, ...]) -> tuple[float, ...]:
    """The seats ahead on ``points`` (``state``'s scores, or those its round's end will give) share a
    win; partners count their pair's sum."""
    if state.rules.partners:  # SP-END-7: seats 0 and 2 against 1 and 3
        points = tuple(points[s] + points[(s + 2) % 4] for s in range(4))
    return leaders_share(points)


def _totals_lead(state: Any, totals: tuple[int, ...]) -> tuple[float, ...]:
    return leaders_share(totals)


def utsuke_progress(state: Any) -> tuple[float, ...]:
    """UTSUKE: each seat's progress towards winning by honour less its progress towards losing
    by chips (UT-END-1, UT-END-2), from 0 to 1 (1/2 at the start).

    >>> import rulebook
    >>> utsuke_progress(rulebook.get_game("utsuke").new_game(seed=1))
    (0.5, 0.5, 0.5, 0.5)
    """
    return _progress(state.rules, state.honour, state.chips)


def _progress(rules: Any, honours: Sequence[int], chips: Sequence[int]) -> tuple[float, ...]:
    win = rules.honour_to_win
    lose = rules.chips_to_lose
    out = []
    for honour, held in zip(honours, chips):
        v = 0.5 + 0.5 * (honour / win - held / lose)
        out.append(0.0 if v < 0.0 else 1.0 if v > 1.0 else v)
    return tuple(out)


def _utsuke_value(state: Any) -> tuple[float, ...]:
    """UTSUKE's horizon: :func:`utsuke_progress`, or, in a game of a fixed number of rounds
    (``end = "rounds"``, UT-END-6: the most honour after the last round wins), the seats ahead on
    honour share a win."""
    if state.rules.end == "rounds":
        return leaders_share(state.honour)
    return _progress(state.rules, state.honour, state.chips)


def _utsuke_settle(state: Any, totals: tuple[int, ...]) -> tuple[float, ...]:
    """:func:`_utsuke_value` after a round's end, from ``totals``: each seat's honour, then each seat's
    execution chips."""
    n = len(totals) // 2
    if state.rules.end == "rounds":
        return leaders_share(totals[:n])
    return _progress(state.rules, totals[:n], totals[n:])


#: The games whose playouts stop at the end of a round, by slug.
#: (``round_of`` reads the engine's field behind the public ``round``/``deal``/``race`` property:
#: it is called after every move of a playout)
HORIZONS: dict[str, Horizon] = {
    "seven-prophecies": Horizon(lambda s: s.info.round, _prophecies_lead, settle=_prophecies_settle),
    "utsuke": Horizon(lambda s: s.board[0][0], _utsuke_value, settle=_utsuke_settle),
    "gods-and-humans": Horizon(lambda s: s.board[0].deal, _scores_lead, settle=_totals_lead),
    "saru-tori-inu-i": Horizon(lambda s: s.board[0], _scores_lead, settle=_totals_lead),
    "witches-of-blackmore": Horizon(lambda s: 0, _scores_lead, WITCHES_DEPTH),
}


def engine_of(state: Any) -> Any:
    """The engine's state under ``state``: itself, or the state a variant's wrappers hold (``inner``)."""
    while not isinstance(state, State) and hasattr(state, "inner"):
        state = state.inner
    return state


def horizon(
    state: State[Any, Any], scores: Callable[[Any], tuple[int, ...]] | None = None
) -> Horizon | None:
    """The horizon of ``state``'s game, or ``None`` where playouts run to the end of the game
    (a game not listed, a state whose engine state is not the game's).

    For a variant's state (a wrapper over the engine's), ``round_of`` reads the engine's state under
    it; ``scores`` (the variant's scores of a state) values the positions where the horizon cuts a
    playout, in place of ``state.scores`` (a custom ``value``, such as UTSUKE's, reads the engine)."""
    engine = engine_of(state)
    game = type(engine).GAME if isinstance(engine, State) else None
    if game is None or type(engine) is not game.State:
        return None
    found = HORIZONS.get(game.slug)
    if found is None or (engine is state and scores is None):
        return found
    round_of = found.round_of
    value = found.value
    wrapped = engine is not state

    def rounds(s: Any) -> int:
        return round_of(engine_of(s))

    if value is _scores_lead or value is _prophecies_lead:
        points = scores or (lambda s: s.scores)
        if value is _prophecies_lead:
            def valued(s: Any) -> tuple[float, ...]:
                totals = points(s)
                if engine_of(s).rules.partners:  # SP-END-7
                    totals = tuple(totals[k] + totals[(k + 2) % 4] for k in range(4))
                return leaders_share(totals)
        else:
            def valued(s: Any) -> tuple[float, ...]:
                return leaders_share(points(s))
    else:
        def valued(s: Any) -> tuple[float, ...]:
            return value(engine_of(s))
    return Horizon(rounds if wrapped else round_of, valued, found.depth)
