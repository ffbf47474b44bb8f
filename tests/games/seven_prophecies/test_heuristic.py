"""Seven Prophecies' heuristic player: it plays legal moves, and it chooses what the reference
(the implementation before its rewrite for speed, kept verbatim below) chose, drawing the same
random numbers, at every position of random games, under random valid rules.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.games.seven_prophecies import GAME, Rules
from rulebook.games.seven_prophecies import actions as sp_actions
from rulebook.games.seven_prophecies import rules as sp_rules
from rulebook.testing import compare_heuristic, rules_strategy
from tests.games.seven_prophecies.test_rules import PRINTED_SHAPE


def test_heuristic_plays_legal_moves_and_end_stats() -> None:
    """SP-PROPH-1, SP-TRICK-2: the heuristic player only makes legal moves; end_stats adds up."""
    rng = random.Random(0)
    finished = 0
    for players in (3, 4):
        for variant in ("points", "twice", "most-cubes"):
            state = GAME.new_game(Rules(players=players, variant=variant, every_place=variant == "twice"), seed=7)
            while not state.is_terminal:
                a = GAME.heuristic_action(state, rng)
                assert a in state.legal_actions()
                state = state.apply(a)
            stats = GAME.end_stats(state)
            assert stats["rounds"] == stats["rounds_ended_by_seventh_cube"] + stats["rounds_ended_after_trick_10"]
            finished += int(stats["rounds_ended_by_seventh_cube"])
    assert finished > 0


# -- the reference: the heuristic before the rewrite, verbatim (moved from tests/test_heuristics_fast.py) --


def prophecies_reference(state: Any, rng: random.Random) -> Any:
    """Prophesy the places the hand's cards look likely to take; then play for a place
    that still carries one of one's cubes."""
    seat = state.to_act
    legal = state.legal_actions()
    if seat is None or len(legal) == 1:
        return legal[0]
    n = state.rules.players
    top = 11 if n == 3 else 13
    if state.phase == sp_actions.PROPHECY:
        target = _prophecy_target_reference(state.hands[seat], state.future, n, top, state.rules.every_place)
        own = state.cubes[seat]
        for p in range(n):
            if own[p] < target[p]:
                if sp_actions._PROPHESY[p] in legal:
                    return sp_actions._PROPHESY[p]
                break
        return legal[0]
    own = state.cubes[seat]
    suit = sp_rules._SUIT[state.future[len(state.round_tricks)]]
    key = sp_rules._KEY[suit]
    trick = state.trick
    later = n - len(trick) - 1
    best: tuple[float, int] | None = None
    choice = legal[0]
    for a in legal:
        assert type(a) is sp_actions.Play
        c = a.card
        k = key[c]
        # cards already played that outrank this one (on equal numbers the later card wins)
        ahead = sum(1 for x in trick if key[x] > k)
        if later:
            # each later player beats the card with a chance that falls with its strength
            strength = (k - 100 + top) / (2 * top) if k > 100 else k / (2 * top)
            expect = 1 + ahead + later * (1 - strength)
            cost = min((abs(expect - (p + 1)) / own[p] for p in range(n) if own[p]), default=0.0)
        else:  # last to play: the place is known
            cost = 0.0 if own[ahead] else 1.0
        cand = (cost, c)
        if best is None or cand < best:
            best, choice = cand, a
    return choice


def _prophecy_target_reference(
    hand: tuple[int, ...], future: tuple[int, ...], n: int, top: int, every: bool
) -> tuple[int, ...]:
    """The heuristic's prophecy: a histogram of each card's likely place, scaled to 7 cubes."""
    future_suits = {sp_rules._SUIT[c] for c in future}
    guess = [0.0] * n
    for c in hand:
        strength = sp_rules._RANK[c] / top
        if sp_rules._SUIT[c] in future_suits:
            strength = 0.5 + strength / 2
        else:
            strength = strength / 2
        place = min(n - 1, int((1 - strength) * n))
        guess[place] += 1
    total = sum(guess)
    raw = [g * sp_rules.CUBES / total for g in guess]
    counts = [int(r) for r in raw]
    for i in sorted(range(n), key=lambda i: raw[i] - counts[i], reverse=True)[: sp_rules.CUBES - sum(counts)]:
        counts[i] += 1
    if every:
        for p in range(n):
            if counts[p] == 0:
                counts[max(range(n), key=counts.__getitem__)] -= 1
                counts[p] = 1
    return tuple(counts)


def _check_game(rules: Any, seed: int) -> int:
    """Compare the heuristic with the reference at every position of one game; the positions compared."""
    return compare_heuristic(GAME, rules, seed, prophecies_reference)


@pytest.mark.parametrize("players", [3, 4])
def test_default_rules_match_the_reference(players: int) -> None:
    assert _check_game(Rules(players=players), seed=players) > 10


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
@settings(max_examples=25)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_random_rules_match_the_reference(players: int, data: st.DataObject, seed: int) -> None:
    rules = data.draw(rules_strategy(GAME, players=players, **PRINTED_SHAPE))
    assert _check_game(rules, seed) > 0
