"""Saru Tori Inu I: scoring a race (colour majorities, missions), the totals, the winners, the
race standing and the end of the game.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rulebook import IllegalAction
from rulebook.core.history import ScoreChange
from rulebook.games.saru_tori_inu_i import (
    BIRD,
    BOAR,
    DOG,
    GAME,
    MONKEY,
    Mission,
    Rules,
    Tier,
    colour_places,
    race_order,
    race_score_changes,
    score_race,
)
from tests.games.saru_tori_inu_i.test_history import ROUND0
from tests.games.saru_tori_inu_i.test_state import B, K, R, Y, card, default3, run


def _no_missions() -> tuple[Mission, ...]:
    return (Mission("cards", per_card=0),) * 6


def test_source_scoring_example() -> None:
    """ST-SCORE-1, ST-SCORE-2: boar 1st, dog 2nd, bird 3rd, monkey 4th; A holds black 9, B
    black 1 and 4: A is 1st in black, 4 points; B 2nd with two cards, 6 points."""
    rules = Rules(players=3, missions=_no_missions())
    pos = (1, 3, 2, 4)  # monkey, dog, bird, boar
    assert race_order(rules.track, pos) == (BOAR, DOG, BIRD, MONKEY)
    acquired = ((card(K, 9),), (card(K, 1), card(K, 4)), ())
    assert score_race(rules, acquired, pos, (0, 1, 2)) == (4, 6, 0)


def test_colour_ties_and_unplaced_players() -> None:
    """ST-SCORE-1, ST-RULING-11: shared places; 'dense' option."""
    rules = Rules(players=3, missions=_no_missions())
    pos = (1, 3, 2, 4)  # boar 1st, dog 2nd
    tied = ((card(K, 5),), (card(K, 1), card(K, 4)), (card(K, 2),))
    assert score_race(rules, tied, pos, (0, 1, 2)) == (4, 8, 0)  # 5 and 5 share 1st; 2 is 3rd
    dense = Rules(players=3, missions=_no_missions(), tie_ranking="dense")
    assert score_race(dense, tied, pos, (0, 1, 2)) == (4, 8, 3)
    assert colour_places([None, None, 3], "competition") == (0, 0, 1)
    # a monkey in 4th costs its majority holders
    red = ((card(R, 9), card(R, 1)), (card(R, 2),), ())
    assert score_race(rules, red, pos, (0, 1, 2)) == (-6, -1, 0)


def test_missions() -> None:
    """ST-COMP-2, ST-SCORE-3, ST-SCORE-4, ST-RULING-16, ST-RULING-17, ST-DATA-3, ST-RULING-2."""
    rules = Rules(players=3)
    boar_monkey = (3, 2, 1, 4)  # boar 1st, monkey 2nd: the first tier fails
    assert race_order(rules.track, boar_monkey) == (BOAR, MONKEY, DOG, BIRD)
    assert score_race(rules, ((), (), ()), boar_monkey, (0, 1, 2)) == (0, 0, 0)
    pos = (2, 3, 1, 4)  # boar 1st, dog 2nd, monkey 3rd, bird 4th
    assert score_race(rules, ((), (), ()), pos, (0, 1, 2)) == (16, 0, 0)
    pos12 = (1, 3, 2, 4)  # boar, dog, bird, monkey: 12 only
    assert score_race(rules, ((), (), ()), pos12, (0, 1, 2)) == (12, 0, 0)
    every = (card(R, 1), card(B, 1), card(Y, 1), card(K, 1), card(K, 2))
    some = (card(R, 2), card(B, 2))
    flat = Rules(players=3)
    # mission 3: a card of every colour -> 1 per acquired card (+ colour points)
    colour_only = score_race(Rules(players=3, missions=_no_missions()), (every, some, ()), pos12, (0, 1, 2))
    with_missions = score_race(flat, (every, some, ()), pos12, (3, 3, 4))
    assert with_missions[0] - colour_only[0] == 5
    assert with_missions[1] - colour_only[1] == 0  # no yellow, no black
    assert with_missions[2] == 0  # monkey 4th, but no cards acquired
    monkey_last = score_race(flat, (every, some, ()), pos12, (4, 4, 5))
    assert monkey_last[1] - colour_only[1] == 2
    custom = Rules(players=3, missions=(
        Mission("cards", condition="always", per_card=2, counted=K),
        Mission("cards", condition="colour_first", colour=K, per_card=1),
        Mission("race", tiers=(Tier(((BIRD, 4),), 3),)),
        Mission("cards"),
    ))
    base = score_race(Rules(players=3, missions=_no_missions()), (every, (card(K, 9),), ()), pos12, (0, 1, 2))
    got = score_race(custom, (every, (card(K, 9),), ()), pos12, (0, 1, 2))
    assert got[0] - base[0] == 4 and got[1] - base[1] == 1 and got[2] - base[2] == 0


def test_full_game_totals_and_winners() -> None:
    """ST-RACE-1, ST-RACE-2, ST-ROUND-3, ST-RULING-10, ST-RULING-18: totals add up over the
    races; race r starts with seat first_player + r."""
    for races, count in (("trial", 1), ("short", 2), ("full", 4)):
        rules = Rules(players=4, races=races, first_player=1)
        s: Any = GAME.new_game(rules, seed=11)
        starts = [s.current_player]
        rng = random.Random(2)
        while not s.is_terminal:
            before = s.race
            s = s.apply(rng.choice(s.legal_actions()))
            if s.race != before:
                starts.append(s.current_player)
        assert len(s.rounds) == count and rules.race_count == count
        assert starts == [(1 + r) % 4 for r in range(count)]
        assert s.rounds_played == count * 6
        assert s.scores == tuple(map(sum, zip(*(r.points for r in s.rounds))))
        best = max(s.scores)
        assert s.winners == {i for i, v in enumerate(s.scores) if v == best}
        with pytest.raises(IllegalAction, match="ST-RACE-2"):
            s.apply(GAME.decode_action(0, rules))
        stats = GAME.end_stats(s)
        assert stats["races"] == count and stats["rounds"] == count * 6


def test_race_score_changes_of_the_source_example() -> None:
    """ST-SCORE-1, ST-SCORE-2, ST-SCORE-3: boar 1st, dog 2nd, bird 3rd, monkey 4th; A holds
    black 9, B black 1 and 4; A's race mission 0 (boar 1st and dog 2nd: 12) holds its first tier."""
    rules = Rules(players=3)
    acquired = ((card(K, 9),), (card(K, 1), card(K, 4)), ())
    pos = (1, 3, 2, 4)
    assert race_score_changes(rules, acquired, pos, (0, 1, 2)) == (
        ScoreChange(0, 4, "1 black card(s) (strength 9), 1st in black, the boar 1st in the race", "ST-SCORE-2"),
        ScoreChange(1, 6, "2 black card(s) (strength 5), 2nd in black, the boar 1st in the race", "ST-SCORE-2"),
        ScoreChange(0, 12, "race mission 0: 1 of 2 tier(s) hold", "ST-SCORE-3"),
    )
    assert score_race(rules, acquired, pos, (0, 1, 2)) == (16, 6, 0)
    every = (card(R, 1), card(B, 1), card(Y, 1), card(K, 1))
    assert race_score_changes(rules, (every, (), ()), pos, (3, 1, 2))[-1] == ScoreChange(
        0, 4, "collected-cards mission 3 (every_colour): 4 card(s) at 1 each", "ST-SCORE-4"
    )


def test_race_standing_is_public_and_exact() -> None:
    """ST-SCORE-1, ST-SCORE-2, ST-INFO-1: the standing of the race being run, without missions."""
    s = default3()
    assert s.race_standing == (0, 0, 0)
    s = run(s, *ROUND0)
    # dog 1st (B9 laid), then monkey, bird, boar on square 0 in title order; seat 1 holds R9
    # (red 1st, monkey 2nd: 2 points), seat 2 Y9 (yellow 1st, bird 3rd: 0 points)
    assert s.race_standing == (0, 2, 0) and s.scores == (0, 0, 0)
    assert all(s.observation(seat).race_standing == (0, 2, 0) for seat in range(3))
    assert s.observation_tensor(0)[-4:] == (0, 2, 0, 0)


def test_colour_points_option() -> None:
    """ST-SCORE-2: the points per card follow ``Rules.colour_points`` (the source's example
    under a changed table: boar 1st, A 1st in black with one card, B 2nd with two)."""
    table = (10, 5, 2, 1, 0, 0, -3, -1)
    rules = Rules(players=3, missions=(), colour_points=table)
    pos = (1, 3, 2, 4)
    acquired = ((card(K, 9),), (card(K, 1), card(K, 4)), ())
    assert score_race(rules, acquired, pos, ()) == (10, 10, 0)
    changes = race_score_changes(rules, acquired, pos, ())
    assert [(c.seat, c.points, c.rule) for c in changes] == [(0, 10, "ST-SCORE-2"), (1, 10, "ST-SCORE-2")]


def test_no_missions() -> None:
    """ST-SCORE-5: ``missions=()`` deals none (36-number deals), scores colours only, and
    every seat's observation has no mission (-1)."""
    rules = Rules(players=4, missions=(), races="trial")
    s: Any = GAME.new_game(rules, seed=8)
    assert s.missions == () and s.observation(0).mission == -1
    assert len(s.observation_tensor(1)) == GAME.observation_size(rules)
    rng = random.Random(4)
    while not s.is_terminal:
        s = s.apply(rng.choice(s.legal_actions()))
        GAME.check_invariants(s)
    assert s.revealed[0].missions == ()
    assert all(c.rule == "ST-SCORE-2" for c in s.rounds[0].changes)
    assert s.scores == score_race(rules, s.acquired, s.pos, ())
    with pytest.raises(ValueError, match="36 numbers"):
        GAME.new_game(rules, deals=[tuple(range(36)) + (0, 1, 2, 3)])
    GAME.new_game(rules, deals=[tuple(range(36))])


def test_fixed_number_of_races() -> None:
    """ST-RACE-3: ``races='fixed'`` plays ``race_number`` races at any player count."""
    rules = Rules(players=3, races="fixed", race_number=5, rounds_3p=1)
    assert rules.race_count == 5 and Rules(players=3, race_number=5).race_count == 3
    s: Any = GAME.new_game(rules, seed=3)
    rng = random.Random(1)
    while not s.is_terminal:
        s = s.apply(rng.choice(s.legal_actions()))
    assert len(s.rounds) == 5 and s.rounds_played == 5


def test_target_score_ends_the_game() -> None:
    """ST-RACE-4: the game ends after the first race whose scoring leaves somebody at the
    target; without a target every race is run."""
    ended_early = 0
    for seed in range(6):
        rules = Rules(players=4, target_score=5, rounds_4p=2)
        s: Any = GAME.new_game(rules, seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal:
            s = s.apply(rng.choice(s.legal_actions()))
        totals = [0] * 4
        k = 0
        for record in s.rounds:
            totals = [a + b for a, b in zip(totals, record.points)]
            k += 1
            if max(totals) >= 5:
                break
        assert len(s.rounds) == k and (max(totals) >= 5 or k == 4)
        ended_early += k < 4
        assert s.winners == {i for i, v in enumerate(s.scores) if v == max(s.scores)}
    assert ended_early
