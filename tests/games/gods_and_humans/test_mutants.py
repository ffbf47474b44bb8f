"""Tests that kill mutants found surviving in gods_and_humans (issue 11).

Each test states exact values; see ``bench/MUTATION.md`` for the run and the figures.
"""

from __future__ import annotations

import random

import pytest

from rulebook.games.gods_and_humans import GAME, Phase, Rules
from tests.games.gods_and_humans.test_state import EIGHT_DEAL, eight_start, run


def test_a_humans_resample_draws_oracle_numbers_from_the_six_colours_only() -> None:
    """GH-INFO-4, GH-ORACLE-1: while the gods choose, a human's resample redraws the numbers
    already given (hidden from it) from exactly 0..5, never a seventh value."""
    s = run(eight_start(), "oracle 5")
    assert s.oracle == (-1, -1, -1, -1, 5, -1, -1, -1)
    rng = random.Random(1)
    drawn = [v for _ in range(100) for v in s.resample(4, rng).oracle if v >= 0]
    assert len(drawn) == 100  # one number given so far, redrawn each time
    assert set(drawn) == {0, 1, 2, 3, 4, 5}


def test_deal_index_error_names_the_last_deal() -> None:
    """GH-END-2: with D deals the explicit deal indices are 0..D-1, and the message says so."""
    three = Rules(players=8, deals=3)
    with pytest.raises(ValueError, match=r"^deal 3: the game has only 3 deals \(0\.\.2\)$"):
        GAME.check_deal(three, EIGHT_DEAL, 3)


def test_human_index_error_names_the_range() -> None:
    """GH-SETUP-5: the last numbers of a deal order the human indices 0..h-1."""
    bad = (*EIGHT_DEAL[:-4], 0, 1, 2, 2)
    with pytest.raises(ValueError, match=r"^deal 0: the last 4 numbers must order the human indices 0\.\.3$"):
        GAME.check_deal(Rules(players=8, deals=1, stars=(3, 2, 2, 2, 2, 4)), bad, 0)


def test_facts_and_the_gap_of_an_intervention_in_progress() -> None:
    """``state.facts`` is the deal's facts; a gift in progress shows the tricks finished before it."""
    from rulebook.games.gods_and_humans import DealFacts

    rng = random.Random(4)
    seen = 0
    for seed in range(40):
        state = GAME.new_game(Rules(players=6), seed=seed)
        while state.current_player is not None:
            assert type(state.facts) is DealFacts and state.facts is state.board[0]
            if state.phase == Phase.GIVE:
                for seat in range(6):
                    giving = state.observation(seat).giving
                    assert giving is not None and giving.gap == len(state.deal_tricks)
                seen += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert seen > 20


def test_a_humans_resample_redraws_every_other_oracle_number_even_a_zero() -> None:
    """A human does not see the other humans' oracle numbers: resample redraws each of them over
    0..5, whatever the real one is (here 0), and keeps the seat's own (GH-ORACLE rules, GH-INFO)."""

    rng = random.Random(4)
    state = GAME.new_game(Rules(players=6), seed=0)
    for _ in range(4):
        state = state.apply(rng.choice(state.legal_actions()))
    facts = state.facts
    me = state.current_player
    assert state.phase == Phase.PLAY and facts.humans == (3, 4, 5) and me == 4 and facts.oracle == (0, 2, 1)
    drawn = [state.resample(me, random.Random(i)).facts.oracle for i in range(300)]
    assert {o[1] for o in drawn} == {2}  # the seat's own number stays
    assert {o[0] for o in drawn} == set(range(6)) and {o[2] for o in drawn} == set(range(6))


def test_state_repr_leaves_out_the_setup_and_the_history() -> None:
    """The seed and deals would give the hidden cards away in a log line: repr omits them."""
    text = repr(GAME.new_game(Rules(players=5), seed=123456789))
    assert text.startswith("GodsState(rules=") and "setup" not in text and "123456789" not in text
    assert "log=" not in text


def test_resample_is_a_function_of_what_the_seat_sees() -> None:
    """Two states a seat cannot tell apart resample alike with one seed: the real hidden cards
    (their order included) leave no trace in the determinization."""
    rng = random.Random(9)
    checked = 0
    for players in (5, 8):
        for seed in range(6):
            state = GAME.new_game(Rules(players=players), seed=seed)
            while state.current_player is not None:
                if rng.random() < 0.3:
                    seat = rng.randrange(players)
                    twin = state.resample(seat, random.Random(rng.random()))
                    assert twin.observation(seat) == state.observation(seat)
                    a, b = state.resample(seat, random.Random(5)), twin.resample(seat, random.Random(5))
                    assert (a.hands, a.board) == (b.hands, b.board), (players, seed, seat, state.phase)
                    checked += 1
                state = state.apply(rng.choice(state.legal_actions()))
    assert checked > 300
