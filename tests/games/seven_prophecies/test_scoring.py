"""Seven Prophecies: the source's scoring example, round points, the variants' winners
(SP-SCORE, SP-VAR, SP-END-4).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rulebook.games.seven_prophecies import GAME, Play, Rules, round_points
from tests.games.seven_prophecies.test_rules import (
    BLACK,
    BLUE,
    RED,
    WHITE,
    histogram,
    prophecy_actions,
    reference_places,
    seeded_deal,
    simulate_places,
    suit,
)
from tests.games.seven_prophecies.test_state import act, play_lowest


def scoring_example_prophecies(places_by_seat: list[list[int]]) -> list[list[int]]:
    """Prophecies that reproduce the source's scoring example (SP-SCORE-1) for these places.

    Red and blue prophesy exactly their places in tricks 1-7; black its places in tricks
    1-6 plus one cube on a place it does not take in trick 7; white its places in tricks
    1-5 plus two cubes on a place it takes in neither trick 6 nor 7.
    """
    n = 4
    out = [histogram(places_by_seat[s][:7], n) for s in (RED, BLUE)]
    black = histogram(places_by_seat[BLACK][:6], n)
    black[next(p for p in range(n) if p + 1 != places_by_seat[BLACK][6])] += 1
    white = histogram(places_by_seat[WHITE][:5], n)
    q = next(p for p in range(n) if p + 1 not in places_by_seat[WHITE][5:7])
    white[q] += 2
    return [*out, black, white]


def scoring_example_state(seed: int = 11, **options: Any) -> tuple[Any, list[list[int]]]:
    rules = Rules(players=4, **options)
    deal = seeded_deal(4, seed)
    placements = simulate_places(deal, 4, 0)
    state = GAME.new_game(rules, deals=[deal])
    prophecies = scoring_example_prophecies(placements)
    for s in range(4):
        state = act(state, *prophecy_actions(prophecies[s]))
    return state, placements


def test_scoring_example_red_and_blue_finish_in_trick_seven() -> None:
    """SP-SCORE-1 example, SP-END-1: the round ends after trick 7; red and blue +2, black 0, white -1.

    With the score floor (SP-SCORE-2, SP-RULING-1) white stays at 0.
    """
    state, _ = scoring_example_state()
    state = play_lowest(state)
    assert state.round == 1  # the round is over and the next one dealt (SP-END-2)
    assert state.ends[0] == (7, (RED, BLUE))
    assert state.points == (2, 2, 0, 0)
    # the literal reading of the typo keeps the lost point
    state, _ = scoring_example_state(score_floor=False)
    state = play_lowest(state)
    assert state.points == (2, 2, 0, -1)


def test_scoring_example_cubes_left() -> None:
    """SP-TRICK-2 and SP-SCORE-1: after trick 7 black keeps 1 cube and white 2.

    SP-COMP-2: each player has exactly seven prophecy cubes, on place cards or played cards.
    """
    state, _ = scoring_example_state()
    state = play_lowest(state, tricks=6)
    assert len(state.round_tricks) == 6 and state.phase == 1
    assert [sum(c) for c in state.cubes] == [1, 1, 1, 2]  # after trick 6
    while len(state.trick) < 3:
        state = state.apply(state.legal_actions()[0])
    last = state.legal_actions()[0]
    assert isinstance(last, Play)
    placed = finish_round(state, last.card)
    assert [7 - k for k in placed] == [0, 0, 1, 2]  # after trick 7: black keeps 1, white 2
    assert [round_points(k) for k in (0, 0, 1, 2)] == [2, 2, 0, -1]


def test_scoring_example_in_a_later_round_costs_white_a_point() -> None:
    """SP-SCORE-1, SP-SCORE-2, SP-END-2: scores carry over, so white's loss shows from 2 points."""
    rules = Rules(players=4)
    first = seeded_deal(4, 3)
    second = seeded_deal(4, 11)
    state = GAME.new_game(rules, deals=[first, second])
    # round 1: white prophesies exactly its places in tricks 1-7 and nobody else can finish first
    pl = simulate_places(first, 4, 0)
    for s in range(4):
        counts = histogram(pl[s][:7], 4) if s == WHITE else [7, 0, 0, 0] if pl[s][:7].count(1) < 7 else [0, 0, 0, 7]
        state = act(state, *prophecy_actions(counts))
    state = play_lowest(state)
    assert state.round == 1 and WHITE in state.ends[0][1]
    assert state.points[WHITE] == 2
    # round 2 starts with blue (SP-END-2); build the source's example for it, seen from blue
    pl = simulate_places(second, 4, BLUE)
    prophecies = scoring_example_prophecies(pl)
    assert state.start == BLUE and state.current_player == BLUE
    for i in range(4):
        s = (BLUE + i) % 4
        state = act(state, *prophecy_actions(prophecies[s]))
    before = state.points
    state = play_lowest(state)
    assert state.ends[1] == (7, (RED, BLUE))
    assert state.points[WHITE] == before[WHITE] - 1 == 1
    assert state.points[BLACK] == before[BLACK]
    assert state.points[RED] == before[RED] + 2


def test_variant_two_tie_break_nearest_to_last() -> None:
    """SP-VAR-2, SP-RULING-9: red and blue both finish in trick 7; the lower place wins."""
    state, pl = scoring_example_state(variant="most-cubes")
    state = play_lowest(state)
    assert state.is_terminal and state.scores[RED] == state.scores[BLUE] == 7
    expected = RED if pl[RED][6] > pl[BLUE][6] else BLUE
    assert state.winners == {expected}


def test_variant_two_unsettled_tie_is_shared() -> None:
    """SP-RULING-9: without a seventh cube, players tied on the most cubes share the win."""
    for seed in range(60):
        state = GAME.new_game(Rules(players=4, variant="most-cubes"), seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        best = max(state.scores)
        top = {s for s, v in enumerate(state.scores) if v == best}
        if best < 7 and len(top) > 1:
            assert state.winners == top
            return
    pytest.fail("no shared tie found")


def twice_game(**options: Any) -> Any:
    """Two rounds of the scoring example: red and blue reach two successes in the same trick."""
    rules = Rules(players=4, variant="twice", **options)
    deals = [seeded_deal(4, 11), seeded_deal(4, 12)]
    state = GAME.new_game(rules, deals=deals)
    for r, deal in enumerate(deals):
        pl = simulate_places(deal, 4, r)
        prophecies = scoring_example_prophecies(pl)
        for i in range(4):
            state = act(state, *prophecy_actions(prophecies[(r + i) % 4]))
        last = pl
        state = play_lowest(state)
    return state, last


def test_variant_one_simultaneous_second_success() -> None:
    """SP-VAR-1, SP-RULING-7: shared by default; 'last-place' uses variant 2's tie-break."""
    state, pl = twice_game()
    assert state.ends[0][1] == state.ends[1][1] == (RED, BLUE)
    assert state.is_terminal and state.scores == (2, 2, 0, 0)
    assert state.points == (0, 0, 0, 0)  # no points in variant 1
    assert state.winners == {RED, BLUE}
    state, pl = twice_game(twice_ties="last-place")
    assert state.winners == {RED if pl[RED][6] > pl[BLUE][6] else BLUE}


def test_variant_one_is_bounded_by_the_round_limit() -> None:
    """SP-RULING-8: nobody succeeds twice within the limit: the most successes share the win."""
    rules = Rules(players=3, variant="twice", round_limit=2)
    state = GAME.new_game(rules, seed=8)
    while not state.is_terminal:
        if state.phase == 0:
            state = state.apply(state.legal_actions()[-1])  # all on last place: hard to finish twice
        else:
            state = state.apply(state.legal_actions()[0])
    assert len(state.ends) <= 2
    assert GAME.max_game_length(rules) == 2 * 3 * 17
    best = max(state.successes)
    if best < 2:
        assert len(state.ends) == 2
        assert state.winners == {s for s, v in enumerate(state.successes) if v == best}


def reference_round_points(left: int) -> int:
    """SP-SCORE-1: +2 for all seven placed, else lose (cubes left - 1)."""
    if left == 0:
        return 2
    return 1 - left


def finish_round(before: Any, last_card: int) -> list[int]:
    """Cubes each seat has placed once ``last_card`` completes the trick of ``before``."""
    n = before.rules.players
    cards = [*before.trick, last_card]
    fs = suit(before.future[len(before.round_tricks)])
    placed = list(before.placed)
    for i, p in enumerate(reference_places(cards, fs)):
        s = (before.leader + i) % n
        if before.cubes[s][p - 1] > 0:
            placed[s] += 1
    return placed


def test_reference_round_points() -> None:
    """SP-SCORE-1: the source's example figures."""
    assert [reference_round_points(k) for k in (0, 1, 2, 3)] == [2, 0, -1, -2]


def test_end_stats_of_a_played_game() -> None:
    """The end statistics of a game (seed 0, the heuristic in every seat): four rounds, each ended by a
    seventh cube, after 8, 7, 7 and 7 tricks (a mean of 7.25), with five prophecies fulfilled."""
    import random

    from rulebook.games.seven_prophecies import GAME, Rules
    from rulebook.games.seven_prophecies.scoring import end_stats

    state = GAME.new_game(Rules(), seed=0)
    rng = random.Random(0)
    while not state.is_terminal:
        state = state.apply(GAME.heuristic_action(state, rng))
    assert end_stats(state) == {"rounds": 4.0, "rounds_ended_by_seventh_cube": 4.0,
                                "rounds_ended_after_trick_10": 0.0, "mean_tricks_per_round": 7.25,
                                "fulfilments": 5.0}


def test_most_cubes_scores_add_a_variants_points_to_the_cubes_placed() -> None:
    """SP-VAR-2, SP-LOGIC-2: under variant 2 the score is the cubes placed, plus what a variant's counters
    gave (a point a trick): seed 1, random moves, (4, 3, 3, 5) cubes and (3, 1, 2, 4) points."""
    import importlib.util
    import random
    from pathlib import Path

    from rulebook.games.seven_prophecies import GAME, Rules
    from rulebook.games.seven_prophecies.scoring import scores
    from rulebook.variants.variant import Variant

    path = Path(__file__).resolve().parents[3] / "docs" / "examples" / "trick_bonus.py"
    spec = importlib.util.spec_from_file_location("trick_bonus", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    state = Variant(GAME, Rules(variant="most-cubes"), counters=module.trick_point).new_game(seed=1)
    rng = random.Random(1)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert (state.placed, state.points, scores(state)) == ((4, 3, 3, 5), (3, 1, 2, 4), (7, 4, 5, 9))
