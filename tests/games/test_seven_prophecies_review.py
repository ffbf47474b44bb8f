"""Seven Prophecies: regression tests from the independent review (spec/seven-prophecies.md)."""

from __future__ import annotations

import random

import pytest

from rulebook.errors import IllegalAction
from rulebook.games.seven_prophecies import DECK, GAME, Play, PlayedRound, Prophesy, Rules
from tests.games.test_seven_prophecies_reference import finish_round, reference_places


@pytest.mark.parametrize("players", [3, 4])
def test_earlier_rounds_stay_in_the_observation(players: int) -> None:
    """SP-INFO-1 (perfect recall): a round's prophecies and every trick, the last one included,
    stay visible after the next round is dealt, to every seat and through resample."""
    rng = random.Random(players)
    state = GAME.new_game(Rules(players=players), seed=7)
    checked = 0
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        after = state.apply(action)
        if after.round == state.round + 1:
            assert isinstance(action, Play)
            last = (*state.trick, action.card)
            fs = DECK.suit_of[state.future[len(state.round_tricks)]]
            n = players
            seat_at = [(state.leader + j) % n for j in range(n)]  # play position -> seat
            pl = reference_places(last, fs)
            row = (
                state.leader,
                tuple(last[seat_at.index(s)] for s in range(n)),
                tuple(pl[seat_at.index(s)] for s in range(n)),
            )
            expected = PlayedRound(
                state.start,
                state.future,
                state.aside_up,
                state.prophecies,
                (*state.round_tricks, row),
                tuple(finish_round(state, action.card)),
            )
            for seat in range(players):
                obs = after.observation(seat)
                assert obs.earlier_rounds[:-1] == state.observation(seat).earlier_rounds
                assert obs.earlier_rounds[-1] == expected
                assert after.resample(seat, rng).observation(seat) == obs
            checked += 1
        state = after
    assert checked == players - 1


def test_prophecy_in_progress_shows_neither_count_nor_places() -> None:
    """SP-RULING-5, SP-INFO-2: while seat 1 places its cubes, seat 0 sees the same observation
    and tensor whether seat 1 has put down two cubes or three, and wherever they went."""
    state = GAME.new_game(Rules(players=4), seed=3)
    for _ in range(7):
        state = state.apply(state.legal_actions()[0])
    assert state.current_player == 1
    two = state.apply(state.legal_actions()[0]).apply(state.legal_actions()[0])
    three = two.apply(two.legal_actions()[-1])
    assert two.cubes[1] != three.cubes[1]
    for seat in (0, 2, 3):
        assert two.observation(seat) == three.observation(seat)
        assert two.observation_tensor(seat) == three.observation_tensor(seat)
    assert two.observation(1) != three.observation(1)


@pytest.mark.parametrize("every_place", [False, True])
def test_resample_before_the_reveal_keeps_each_seat_cube_count(every_place: bool) -> None:
    """SP-RULING-5, SP-RULING-4, SP-RULING-3: a redraw of the hidden prophecies keeps how many cubes
    each seat has put down (the turn order shows it) and redraws only legal partial prophecies."""
    state = GAME.new_game(Rules(players=4, every_place=every_place), seed=5)
    for _ in range(7 + 7 + 3):  # seats 0 and 1 done, seat 2 has placed three cubes
        state = state.apply(state.legal_actions()[-1])
    assert [sum(c) for c in state.cubes] == [7, 7, 3, 0]
    rng = random.Random(4)
    seen = set()
    for _ in range(30):
        other = state.resample(3, rng)
        assert [sum(c) for c in other.cubes] == [7, 7, 3, 0]
        assert other.prophecies == other.cubes and other.cubes[3] == state.cubes[3]
        for s in (0, 1, 2):
            if every_place and sum(other.cubes[s]) == 7:
                assert all(other.cubes[s])
        seen.add(other.cubes[:3])
        # play on from the redrawn state to the reveal: only legal moves, and the reveal happens
        while other.phase == 0:
            other = other.apply(other.legal_actions()[0])
        assert [sum(p) for p in other.prophecies] == [7, 7, 7, 7]
    assert len(seen) > 1


def test_house_rule_errors_name_the_right_ruling() -> None:
    """SP-RULING-4 vs SP-RULING-3 under the house rule: going back to an earlier place breaks the order
    of placing; skipping a place would leave it empty."""
    state = GAME.new_game(Rules(players=4, every_place=True), seed=1)
    state = state.apply(Prophesy(1)).apply(Prophesy(2))
    with pytest.raises(IllegalAction) as info:
        state.apply(Prophesy(1))
    assert (str(info.value), info.value.rule) == (
        "prophesy 1 is not legal: cubes are placed in order of place, first to last [SP-RULING-4]",
        "SP-RULING-4",
    )
    with pytest.raises(IllegalAction) as info:
        state.apply(Prophesy(4))
    assert info.value.rule == "SP-RULING-3"
    assert [str(a) for a in state.legal_actions()] == ["prophesy 2", "prophesy 3"]


def test_resample_keeps_a_void_shown_in_the_current_trick() -> None:
    """SP-PLAY-2, SP-INFO-1: a seat that did not follow the future suit in the trick being played
    holds none of it in any redraw; the seat that followed may still hold more of it."""
    state = GAME.new_game(Rules(players=4), seed=22)
    while state.phase == 0:
        state = state.apply(state.legal_actions()[0])
    fs = state.future_suit
    assert (state.current_player, fs) == (0, 3)
    state = state.apply(state.legal_actions()[0])  # seat 0 follows the future suit D
    assert not any(DECK.suit_of[c] == fs for c in state.hands[1])
    state = state.apply(state.legal_actions()[0])  # seat 1 cannot follow: a void in D
    assert DECK.suit_of[state.trick[1]] != fs
    rng = random.Random(0)
    seat0_got_d = False
    for _ in range(40):
        other = state.resample(2, rng)
        assert not any(DECK.suit_of[c] == fs for c in other.hands[1])
        seat0_got_d |= any(DECK.suit_of[c] == fs for c in other.hands[0])
    assert seat0_got_d
    # once the trick is finished the void still holds
    for _ in range(2):
        state = state.apply(state.legal_actions()[0])
    assert len(state.round_tricks) == 1 and not state.trick
    for _ in range(40):
        assert not any(DECK.suit_of[c] == fs for c in state.resample(2, rng).hands[1])
