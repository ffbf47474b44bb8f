"""Seven Prophecies' scoring: round points, scores per variant, the winners, end statistics.

>>> round_points(0), round_points(1), round_points(2), round_points(7)
(2, 0, -1, -6)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rulebook.core.logic import Trick
from rulebook.core.memo import per_rules

from .rules import LAST_PLACE, POINTS, TWICE, Rules, places

if TYPE_CHECKING:
    from .state import SevenPropheciesState

__all__ = [
    "end_stats", "printed_places", "resolve_trick", "round_end", "round_points", "score_floor", "scores", "winners",
]


def round_points(left: int, success: int = 2, free: int = 1, penalty: int = 1) -> int:
    """Points for a round in which a player kept ``left`` cubes on the prophecy cards (SP-SCORE-1):
    ``success`` (``Rules.success_points``) for none left, else minus ``penalty``
    (``Rules.cube_penalty``) for each cube beyond ``free`` (``Rules.free_cubes``)."""
    return success if left == 0 else -penalty * max(left - free, 0)


@per_rules
def _gains(rules: Rules) -> tuple[int, ...]:
    """The round's points by the cubes left on the prophecy cards, 0..``rules.cubes`` (SP-SCORE-1)."""
    return tuple(round_points(left, rules.success_points, rules.free_cubes, rules.cube_penalty)
                 for left in range(rules.cubes + 1))


def round_end(
    rules: Rules, points: tuple[int, ...], successes: tuple[int, ...], placed: Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The points and the successes after a round in which each seat moved ``placed`` cubes onto played
    cards, from those before it: in variant 'points' each seat's round points by the cubes it kept
    (SP-SCORE-1; a dummy scores nothing, SP-RULING-16), under the floor (SP-SCORE-2); a seat that moved
    them all fulfilled the seven prophecies (SP-VAR-1 counts them)."""
    cubes_total = rules.cubes
    if rules.variant == POINTS:
        gain = _gains(rules)  # by cubes left
        dummies = rules.dummies
        if dummies:
            new = [v if s in dummies else v + gain[cubes_total - placed[s]] for s, v in enumerate(points)]
        else:
            new = [v + gain[cubes_total - placed[s]] for s, v in enumerate(points)]
        points = tuple([v if v > 0 else 0 for v in new]) if rules.score_floor else tuple(new)
    return points, tuple([v + (placed[s] == cubes_total) for s, v in enumerate(successes)])


def scores(state: SevenPropheciesState) -> tuple[int, ...]:
    """Points (SP-SCORE-1); in variant 1 the successes (SP-VAR-1), in variant 2 the cubes placed (SP-VAR-2)."""
    variant = state.rules.variant
    if variant == POINTS:
        return state.points
    if variant == TWICE:
        return state.successes
    if state.info.logic is not None:  # SP-LOGIC-2: a variant's changes, kept in points beside the cubes
        return tuple(p + q for p, q in zip(state.placed, state.points, strict=True))
    return state.placed


def resolve_trick(trick: Trick) -> int:
    """Who wins a complete trick, the seat in 1st place (SP-LOGIC-1, SP-TRICK-3): a card of the
    future card's suit ranks above the others (SP-RANK-1; none under ``trump=none``, SP-RANK-5),
    a higher number first (SP-RANK-2; a lower one under ``order=lowest``, SP-RANK-4), and of two
    equal numbers the later card (SP-RANK-3). Reads ``trick.cards``, ``trick.seats``, the future
    card of ``trick.state`` and ``trick.rules``."""
    rules = trick.rules
    suit = trick.state.future_suit  # the suit of the trick's future card (SP-PLAY-2)
    return int(trick.seats[places(trick.cards, suit, rules.order, rules.trump).index(1)])


def printed_places(trick: Trick) -> tuple[int, ...]:
    """The seats of a complete trick from 1st place to last by the printed ranking under ``trick.rules``
    (SP-RANK-1 to SP-RANK-5): what a variant that replaces SP-RANK-1 by its ID may build on."""
    rules = trick.rules
    placed = places(trick.cards, trick.state.future_suit, rules.order, rules.trump)
    return tuple(int(trick.seats[j]) for j in sorted(range(len(placed)), key=placed.__getitem__))


def winners(state: SevenPropheciesState) -> frozenset[int]:
    """SP-END-4 (highest total; ties share), SP-VAR-1 and SP-VAR-2 with their rulings."""
    if state.to_act is not None:
        return frozenset()
    rules = state.rules
    if rules.partners:  # SP-END-7: seats 0 and 2 against 1 and 3; the higher pair sum wins
        p = scores(state)
        pairs = (p[0] + p[2], p[1] + p[3])
        best = max(pairs)
        return frozenset(s for s in range(4) if pairs[s % 2] == best)
    if rules.variant == POINTS:  # SP-RULING-16: a dummy never wins
        best = max(v for s, v in enumerate(state.points) if s not in rules.dummies)
        return frozenset(s for s, v in enumerate(state.points) if v == best and s not in rules.dummies)
    if rules.variant == TWICE:
        best = max(state.successes)
        top = [s for s, v in enumerate(state.successes) if v == best]
        if best >= rules.successes_to_win and len(top) > 1 and rules.twice_ties == LAST_PLACE:  # SP-RULING-7
            return frozenset((_last_place(state, top),))
        return frozenset(top)  # SP-RULING-7, SP-RULING-8: shared
    cubes = scores(state)  # the cubes moved (SP-VAR-2), plus a variant's changes (SP-LOGIC-2)
    best = max(cubes)
    top = [s for s, v in enumerate(cubes) if v == best]
    if best == rules.cubes and len(top) > 1:  # SP-VAR-2: nearest to last place in the last trick
        return frozenset((_last_place(state, top),))
    return frozenset(top)  # SP-RULING-9: ties the tie-break cannot settle are shared


def _last_place(state: SevenPropheciesState, seats: list[int]) -> int:
    """Of ``seats``, the one with the lowest place in the round's last trick."""
    return max(seats, key=state._round_tricks[-1][2].__getitem__)


def score_floor(rules: Rules) -> int | None:
    """0 under the score floor (SP-SCORE-2, SP-RULING-1); none under the literal reading."""
    return 0 if rules.score_floor else None


def end_stats(state: SevenPropheciesState) -> dict[str, float]:
    """Rounds, how they ended, and the tricks they lasted."""
    ends = state.ends
    rounds = len(ends)
    seventh = sum(1 for _t, done in ends if done)
    return {
        "rounds": float(rounds),
        "rounds_ended_by_seventh_cube": float(seventh),
        "rounds_ended_after_trick_10": float(rounds - seventh),
        "mean_tricks_per_round": sum(t for t, _d in ends) / rounds if rounds else 0.0,
        "fulfilments": float(sum(len(done) for _t, done in ends)),
    }
