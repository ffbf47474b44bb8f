"""Review findings for the gods-and-humans oracle game (spec prefix GH)."""

from __future__ import annotations

import random

import pytest

from rulebook.errors import IllegalAction
from rulebook.games.gods_and_humans import GAME, Oracle, Rules
from tests.games.test_gods_and_humans import C, eight_start, run
from tests.games.test_gods_and_humans_boundary import FIVE_DEAL
from tests.games.test_gods_and_humans_records import SCRIPT


@pytest.mark.parametrize("players", [5, 7])
@pytest.mark.parametrize("number", [-1, 6, 99])
def test_oracle_numbers_outside_0_to_5_are_illegal(players: int, number: int) -> None:
    """GH-ORACLE-1, GH-ORACLE-3: an oracle card shows 0..5; any other number is rejected,
    for a god's prediction and for the lone human's."""
    state = GAME.new_game(Rules(players=players, deals=1), seed=3)
    with pytest.raises(IllegalAction) as info:
        state.apply(Oracle(number))
    assert info.value.rule == "GH-ORACLE-1"
    while state.phase == 0:  # the gods choose; then the lone human
        state = state.apply(Oracle(2))
    assert state.phase == 1 and state.current_player == state.lone
    with pytest.raises(IllegalAction) as info:
        state.apply(Oracle(number))
    assert info.value.rule == "GH-ORACLE-3"
    assert state.apply(Oracle(5)).oracle[state.lone] == 5  # by seat


@pytest.mark.parametrize("players", [5, 8])
def test_resample_keeps_no_trace_of_the_true_deals(players: int) -> None:
    """GH-INFO-4: a resampled state carries neither the real seed nor an explicit deal
    (the current deal's card order would show every hidden hand), in any deal."""
    rules = Rules(players=players, deals=2)
    deals = [GAME.random_deal(rules, random.Random(k), k) for k in range(2)]
    rng = random.Random(2)
    for state in (GAME.new_game(rules, seed=123), GAME.new_game(rules, deals=deals)):
        while state.deal == 0 or len(state.deal_tricks) < 2:  # into the last deal
            state = state.apply(rng.choice(state.legal_actions()))
        for seat in range(players):
            other = state.resample(seat, rng)
            assert other.setup.deals == ()
            assert other.setup.seed != state.setup.seed
            assert other.observation(seat) == state.observation(seat)


# -- found by a mutation sample of the engine ----------------------------------------------------------


def test_forced_view_shows_a_god_its_own_cards_while_it_lays_them() -> None:
    """GH-FORCED-2, GH-RULING-5: the god laying face-down cards sees them at once; others see a count."""
    s = run(eight_start(), *SCRIPT[:51])  # god 0 has laid R1
    assert s.giver == 0 and s.current_player == 0
    mine, other = s.observation(0).forced, s.observation(2).forced
    assert mine is not None and other is not None
    assert mine.own == (C("R1"),) and other.own == () and other.laid == mine.laid == 1
    s = run(s, *SCRIPT[51:54])
    assert s.giver == 2
    assert s.observation(0).forced.own == (C("R1"), C("R2"), C("R3"), C("R4"))  # type: ignore[union-attr]


def test_resample_redraws_the_oracle_numbers_a_seat_cannot_see() -> None:
    """GH-INFO-4, GH-RULING-9, GH-ORACLE-3: a later god does not see an earlier god's choice; no god
    sees the lone human's card; whoever made a choice keeps it."""
    rng = random.Random(5)
    s = run(eight_start(), "oracle 5")  # god 0 chose 5 for seat 4
    assert len({s.resample(1, rng).oracle[4] for _ in range(30)}) > 1
    assert {s.resample(0, rng).oracle[4] for _ in range(10)} == {5}
    five = run(GAME.new_game(Rules(players=5), deals=[FIVE_DEAL]), "oracle 3", "oracle 2", "oracle 1")
    assert five.lone == 4 and five.oracle[4] == 1
    assert len({five.resample(0, rng).oracle[4] for _ in range(30)}) > 1
    assert {five.resample(4, rng).oracle[4] for _ in range(10)} == {1}


def test_resample_keeps_a_void_shown_right_after_a_card_arrived() -> None:
    """GH-INFO-4, GH-TRICK-2: seat 3 gets G2 (from god 1's hand, hidden from seat 2) at gap 1 and
    shows no blue in trick 1; no resample by seat 2 may then give seat 3 or seat 4 a blue card."""
    s = GAME.new_game(Rules(players=5), deals=[FIVE_DEAL])
    s = run(s, "oracle 3", "oracle 2", "oracle 1", "play B10", "play G5", "play B4")
    s = run(s, "intervene", "give G1", "give G2", "give G3", "play B9", "play G6", "play Y7")
    assert s.phase == 2 and s.deal_tricks[1].plays == ((2, C("B9")), (3, C("G6")), (4, C("Y7")))
    rng = random.Random(1)
    for _ in range(40):
        other = s.resample(2, rng)
        assert not [c for seat in (3, 4) for c in other.hands[seat] if c // 12 == 1], other.hands


def test_after_the_forced_reveal() -> None:
    """GH-FORCED-2, GH-RULING-5, GH-INFO-4: once the forced cards are taken up, a god sees what every
    human received and a human only its own; nobody gives; resampling keeps every seat's view."""
    s = run(eight_start(), *SCRIPT[:58])
    assert s.phase == 5 and s.giver == -1 and s.gift == ()
    god, human = s.observation(1).forced, s.observation(5).forced
    assert god is not None and human is not None and god.revealed and human.revealed
    got = {seat: tuple(sorted((C(f"R{k}"), C(f"G{k}")))) for k, seat in enumerate((4, 5, 6, 7), start=1)}
    assert god.received == ((),) * 4 + tuple(got[x] for x in (4, 5, 6, 7))
    assert human.received == ((),) * 5 + (got[5],) + ((),) * 2
    rng = random.Random(3)
    for seat in range(8):
        for _ in range(3):
            assert s.resample(seat, rng).observation(seat) == s.observation(seat), seat


def test_a_gods_resample_moves_the_other_gods_cards() -> None:
    """GH-INFO-2, GH-INFO-4: a god does not see the other gods' hands, so resampling redraws them."""
    s = eight_start()
    rng = random.Random(4)
    moved = sum(s.resample(0, rng).hands[1:4] != s.hands[1:4] for _ in range(10))
    assert moved >= 9
    assert all(s.resample(0, rng).hands[0] == s.hands[0] for _ in range(5))


def test_finished_deal_result_by_seat() -> None:
    """GH-INFO-3, GH-PAIR-3, GH-RULING-6: a finished deal's result marks gods -1 and the lone human's
    partner -1, by seat."""
    s = run(GAME.new_game(Rules(players=5, deals=1), deals=[FIVE_DEAL]), "oracle 3", "oracle 2", "oracle 1")
    while not s.is_terminal:
        s = s.apply(s.legal_actions()[0])
    res = s.past[0]
    assert res.marks == (-1, -1, 0, 1, 2) and res.partners == (3, 2, 1, 0, -1) and res.lone == 4
    assert res.oracle == (-1, -1, 2, 3, 1) and res.sources[2:] == ("", "", "") and res.gaps[2:] == (-1, -1, -1)


def test_tensor_shows_card_zero() -> None:
    """GH-INFO-2: card 0 (R1) is a card like any other in the tensor's card rows (8 players: offset 49)."""
    s = eight_start()
    tensor = s.observation_tensor(0)
    row = [0] * 48
    for c in (C("R1"), C("R2"), C("R3"), C("R4")):
        row[c] = 1
    assert list(tensor[49 : 49 + 48]) == row
