"""Seven Prophecies: the record of play (``tricks``, ``round_tricks``, ``rounds``, ``earlier``)
against an independent reference, on random games and on the source's examples.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulebook.core.history import RoundRecord, ScoreChange, TrickRecord, round_totals
from rulebook.games.seven_prophecies import GAME, PlacedTrick, Rules
from rulebook.variants.testing import rules_strategy
from tests.games.seven_prophecies.test_rules import (
    PRINTED_SHAPE,
    RED,
    WHITE,
    reference_places,
    reference_rule,
    seeded_deal,
    suit,
)
from tests.games.seven_prophecies.test_scoring import reference_round_points, scoring_example_state
from tests.games.seven_prophecies.test_state import play_lowest


def test_records_replay_explicit_deals() -> None:
    """SP-SETUP-1: a game from explicit deals saves and replays to the same state."""
    from rulebook.reference import records

    rules = Rules(players=3, variant="most-cubes")
    state = GAME.new_game(rules, deals=[seeded_deal(3, 1)])
    rng = random.Random(2)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert records.replay(records.loads(records.dumps(state)), complete=True) == state


CASES = [(n, v) for n in (3, 4) for v in ("points", "twice", "most-cubes")]


def random_states(rules: Any, seed: int, rng: random.Random) -> list[Any]:
    state = GAME.new_game(rules, seed=seed)
    states = [state]
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def hands_of_deal(rules: Any, deal: tuple[int, ...]) -> list[set[int]]:
    """SP-SETUP-1: after the set-aside cards, ten cards per seat in seat order."""
    aside = 4 if rules.players == 3 else 2
    return [set(deal[aside + 10 * s : aside + 10 * (s + 1)]) for s in range(rules.players)]


def check_record(state: Any) -> None:
    """Every recorded trick and round of ``state`` against the reference and the scores."""
    rules = state.rules
    n = rules.players
    tricks = state.tricks
    finished = state.info.finished
    assert [t.number for t in tricks] == list(range(len(tricks)))
    assert [t.round for t in tricks] == sorted(t.round for t in tricks)
    per_round: dict[int, list[Any]] = {}
    for t in tricks:
        per_round.setdefault(t.round, []).append(t)
    for r, rows in per_round.items():
        future = finished[r][1] if r < len(finished) else state.future
        hands = hands_of_deal(rules, state.setup.deal(GAME, rules, r))
        for i, t in enumerate(rows):
            assert isinstance(t, PlacedTrick)
            fs = suit(future[i])
            assert t.future == future[i]
            assert [p for p, _c in t.plays] == [(t.leader + j) % n for j in range(n)]
            cards = list(t.cards)
            pl = reference_places(cards, fs)
            assert t.winner == t.plays[pl.index(1)][0]
            assert t.places == tuple(pl)  # in play order, like plays
            assert [t.place_of(s) for s in range(n)] == [pl[t.players.index(s)] for s in range(n)]
            assert t.rule == reference_rule(cards, t.winning_card, fs)
            for seat, card in t.plays:
                assert card in hands[seat]  # every card in tricks was in the hand of its player
            if i:
                assert t.leader == rows[i - 1].winner  # SP-TRICK-3
    # rounds: one per finished round; their points add up to the scores
    rounds = state.rounds
    assert [r.number for r in rounds] == list(range(len(finished)))
    assert len(rounds) == len(state.ends)
    extra = (0,) * n
    if rules.variant == "most-cubes" and not finished:
        extra = state.placed  # the single round's cubes so far (SP-VAR-2)
    assert state.scores == tuple(a + b for a, b in zip(round_totals(rounds, n), extra, strict=True))
    running = [0] * n
    for rec in rounds:
        assert isinstance(rec, RoundRecord) and rec.rule == "SP-END-1"
        for s in range(n):
            assert sum(c.points for c in rec.changes if c.seat == s) == rec.points[s]
        # cubes moved in the round, replayed from its trick records and revealed prophecies
        left = [list(p) for p in finished[rec.number][3]]  # the round's revealed prophecies
        for t in per_round[rec.number]:
            for s in range(n):
                if left[s][t.place_of(s) - 1]:
                    left[s][t.place_of(s) - 1] -= 1
        kept = [sum(x) for x in left]
        done = [s for s in range(n) if kept[s] == 0]
        count = len(per_round[rec.number])
        assert count == 10 or done  # SP-END-1
        if done:
            assert (
                rec.end == f"{' and '.join(f'seat {s}' for s in done)} fulfilled the seven prophecies in trick {count}"
            )
        else:
            assert rec.end == "ten tricks were played without a seventh cube"
        for s in range(n):
            if rules.variant == "points":
                gain = reference_round_points(kept[s])
                clamp = max(0, -(running[s] + gain)) if rules.score_floor else 0
                expect = [(gain, "SP-SCORE-1")] + ([(clamp, "SP-SCORE-2")] if clamp else [])
                running[s] += gain + clamp
            elif rules.variant == "twice":
                expect = [(1, "SP-VAR-1")] if s in done else []
            else:
                expect = [(7 - kept[s], "SP-VAR-2")] if kept[s] < 7 else []
            assert [(c.points, c.rule) for c in rec.changes if c.seat == s] == expect


@pytest.mark.parametrize("players,variant", CASES)
@given(data=st.data(), seed=st.integers(0, 2**31), rng=st.integers(0, 2**31).map(random.Random))
def test_records_match_the_reference_and_add_up_to_the_scores(
    players: int, variant: str, data: Any, seed: int, rng: random.Random
) -> None:
    """SP-RANK-1..3, SP-TRICK-3, SP-END-1, SP-SCORE-1, SP-SCORE-2, SP-VAR-1, SP-VAR-2: the record
    of every state of random games under random valid Rules; it only ever grows."""
    rules = data.draw(rules_strategy(GAME, players=players, variant=variant, **PRINTED_SHAPE), label="rules")
    states = random_states(rules, seed, rng)
    sample = states[:: max(1, len(states) // 12)] + [states[-1]]
    for before, after in itertools.pairwise(sample):
        assert after.tricks[: len(before.tricks)] == before.tricks
        assert after.rounds[: len(before.rounds)] == before.rounds
    for state in sample:
        check_record(state)
    final = states[-1]
    assert len(final.tricks) == sum(t for t, _done in final.ends)
    assert final.legal_actions() == ()


def test_scoring_example_round_record_records_the_floor() -> None:
    """SP-SCORE-1 example with SP-SCORE-2 / SP-RULING-1: white's lost point is floored and both
    changes are recorded, so the round's points add up to the scores."""
    state, _ = scoring_example_state()
    state = play_lowest(state)
    (rec,) = state.rounds
    assert rec == RoundRecord(
        0,
        (2, 2, 0, 0),
        (
            ScoreChange(0, 2, "fulfilled the seven prophecies", "SP-SCORE-1"),
            ScoreChange(1, 2, "fulfilled the seven prophecies", "SP-SCORE-1"),
            ScoreChange(2, 0, "1 cube left on prophecy cards", "SP-SCORE-1"),
            ScoreChange(3, -1, "2 cubes left on prophecy cards", "SP-SCORE-1"),
            ScoreChange(3, 1, "no score goes below 0", "SP-SCORE-2"),
        ),
        "seat 0 and seat 1 fulfilled the seven prophecies in trick 7",
        "SP-END-1",
    )
    assert len(state.tricks) == 7 and [t.round for t in state.tricks] == [0] * 7
    assert state.scores == round_totals(state.rounds, 4) == (2, 2, 0, 0)
    # the literal reading keeps the loss, and records no clamp
    state, _ = scoring_example_state(score_floor=False)
    state = play_lowest(state)
    assert state.rounds[0].points == (2, 2, 0, -1) == state.scores
    assert [c.rule for c in state.rounds[0].changes if c.seat == WHITE] == ["SP-SCORE-1"]
    assert state.rounds[0].points_of(RED) == 2


def test_trick_rule_names_each_ranking_rule() -> None:
    """SP-RANK-1, SP-RANK-2, SP-RANK-3: each ranking rule is recorded as the deciding one somewhere."""
    seen: set[str] = set()
    for seed in range(30):
        state = GAME.new_game(Rules(players=4), seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        for t in state.tricks:
            assert t.rule == reference_rule(list(t.cards), t.winning_card, suit(t.future))
            seen.add(t.rule)
        if len(seen) == 3:
            return
    pytest.fail(f"only {sorted(seen)} seen")


def test_a_long_variant_one_game_keeps_working() -> None:
    """SP-RULING-8: variant 1 with 40 rounds, 3 players, seed 15 lasts 1,056 random moves; the
    records, observations, pickling and equality all work at that length."""
    rules = Rules(players=3, variant="twice", round_limit=40)
    state = GAME.new_game(rules, seed=15)
    rng = random.Random(15)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert len(state.history) == 1056
    assert len(state.rounds) == len(state.ends) == 21 and state.round == 20
    assert len(state.tricks) == sum(t for t, _d in state.ends)
    assert state.scores == state.successes == round_totals(state.rounds, 3)
    assert len(state.observation(0).earlier_rounds) == 20
    assert len(state.observation_tensor(2)) == GAME.observation_size(rules)
    assert pickle.loads(pickle.dumps(state)) == state and copy.deepcopy(state) == state
    assert hash(state) == hash(pickle.loads(pickle.dumps(state)))
    check_record(state)
    GAME.check_invariants(state)


@pytest.mark.parametrize("players", [3, 4])
def test_round_tricks_and_earlier_rounds_are_the_game_records(players: int) -> None:
    """SP-TRICK-1, SP-INFO-1: ``round_tricks`` (state and observation) are this round's records of
    ``tricks``, the same objects' values; ``earlier`` holds each earlier round's records, numbered
    across the game; the private rows the engine keeps give the same cards, leaders and places."""
    rng = random.Random(players)
    state = GAME.new_game(Rules(players=players), seed=3)
    seen = 0
    while True:
        this_round = tuple(t for t in state.tricks if t.round == state.round)
        assert state.round_tricks == this_round
        assert all(isinstance(t, PlacedTrick) and isinstance(t, TrickRecord) for t in this_round)
        for t, (leader, by_seat, places_by_seat) in zip(state.round_tricks, state._round_tricks, strict=True):
            assert t.leader == leader
            assert t.plays == tuple((s, by_seat[s]) for s in t.players)
            assert t.places == tuple(places_by_seat[s] for s in t.players)
        earlier = state.earlier
        assert [r.number for r in earlier] == list(range(state.round))
        assert tuple(t for r in earlier for t in r.tricks) == tuple(t for t in state.tricks if t.round < state.round)
        for seat in range(players):
            obs = state.observation(seat)
            assert obs.round_tricks == state.round_tricks and obs.earlier_rounds == earlier
        seen += len(state.round_tricks)
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    assert seen > 0 and state.round_tricks == tuple(t for t in state.tricks if t.round == state.round)
