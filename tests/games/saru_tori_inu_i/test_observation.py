"""Saru Tori Inu I: what a seat sees (ST-INFO-1), resampling, the observation tensor and the
fast tensor encoder.
"""

from __future__ import annotations

import array
import random
from typing import Any

import pytest

from rulebook.games.saru_tori_inu_i import (
    GAME,
    RevealedMissions,
    Rules,
    TensorEncoder,
)
from tests.games.saru_tori_inu_i.test_boundary import start
from tests.games.saru_tori_inu_i.test_history import ROUND0
from tests.games.saru_tori_inu_i.test_state import HAND0, HAND1, B, K, R, Y, card, default3, new3, run


def test_missions_hidden_until_scoring() -> None:
    """ST-INFO-1, ST-SETUP-4, ST-RULING-19: another seat's mission is not in the observation;
    after the race it is revealed."""
    s = new3(races="trial")
    other = s.replace(missions=(0, 5, 2))
    assert s.observation(0) == other.observation(0)
    assert s.observation_tensor(0) == other.observation_tensor(0)
    assert s.observation(1) != other.observation(1)
    rng = random.Random(0)
    while not s.is_terminal:
        s = s.apply(rng.choice(s.legal_actions()))
    assert s.observation(0).revealed == (RevealedMissions(0, (0, 1, 2)),) == s.revealed
    assert s.revealed[0].mission_of(2) == 2
    assert s.observation(0).rounds == s.rounds and s.observation(2).rounds == s.rounds


@pytest.mark.parametrize("seat", [-1, 3, 99, None, True, 1.0, "0"])
def test_observation_and_resample_refuse_non_seats(seat: Any) -> None:
    """ST-INFO-1: only a real seat observes."""
    s = start()
    with pytest.raises(ValueError, match="seat"):
        s.observation(seat)
    with pytest.raises(ValueError, match="seat"):
        s.resample(seat, random.Random(0))
    with pytest.raises(ValueError, match="seat"):
        s.observation_tensor(seat)


def test_observation_tensor_value_by_value() -> None:
    """ST-INFO-1: the documented layout, slot by slot, on a scripted position: round 1 of
    race 0, seat 0 declared 10 (R1 R2 beneath column 2) and is taking; seat 1 observes."""
    s = run(start(), *ROUND0, "play B4", "play K5", "declare 10", "pair R1", "pair R2", "under 2")
    o = s.observation(1)
    assert (o.hand_sizes, o.shown, o.columns, o.positions) == ((8, 9, 9), (10, 4, 5), (0, 2), (0, 1, 0, 0))
    size = 942 + 6
    assert GAME.observation_size(s.rules) == size
    want = [0] * size
    want[1] = 1  # observing seat 1
    want[4 + 0] = 1  # seat 0 to act
    want[9 + 0] = 1  # race 0
    want[13 + 1] = 1  # round 1
    want[21 + 3] = 1  # phase: taking
    base, loc = 25, 23
    hand1 = [c for c in HAND1 if c not in (card(B, 7), card(B, 4))]
    for c in hand1:
        want[base + loc * c + 0] = 1
    for k, c in enumerate((card(K, 9), card(B, 7), card(R, 8))):  # the oracle area
        want[base + loc * c + 5 + k] = 1
    for c in (card(R, 1), card(R, 2)):  # beneath column 2
        want[base + loc * c + 9 + 1] = 1
    want[base + loc * card(B, 9) + 13] = 1  # the road
    want[base + loc * card(R, 9) + 14 + 1] = 1  # acquired by seat 1
    want[base + loc * card(Y, 9) + 14 + 2] = 1  # acquired by seat 2
    want[base + loc * card(B, 4) + 19 + 1] = 1  # played, not yet placed, face up
    want[base + loc * card(K, 5) + 19 + 2] = 1
    assert base + loc * 36 == 853
    want[853:857] = [0, 1, 0, 0]  # squares: the dog moved once
    for animal, place in ((0, 2), (1, 1), (2, 3), (3, 4)):  # dog, monkey, bird, boar
        want[857 + 4 * animal + place - 1] = 1
    want[873:877] = [8, 9, 9, 0]  # hand sizes
    for seat, v in ((0, 10), (1, 4), (2, 5)):
        want[877 + 13 * seat + v + 2] = 1
    want[929 + 1] = 1  # seat 1's mission
    want[935 + 0] = want[935 + 2] = 1  # columns still free
    want[939] = 0  # no road this round
    want[940:944] = [0, 0, 0, 0]  # totals
    want[944:948] = [0, 2, 0, 0]  # race standing: seat 1's red 9, the monkey 2nd
    assert s.observation_tensor(1) == tuple(want)
    assert s.observation_tensor(0)[0] == 1 and s.observation_tensor(0)[base + loc * card(R, 3)] == 1
    assert [c for c in HAND0 if c not in (card(R, 8), card(R, 1), card(R, 2))] == list(s.hands[0])


def test_removed_cards_in_the_tensor() -> None:
    """ST-RES-3, ST-INFO-1: cards out of the game are marked in their slot (offset 18)."""
    s = run(
        default3(column_sharing="shared"), "play R8", "play B7", "play K9",
        "under 1", "take Y9", "under 1", "road B9", "under 1", "take R9",
        "play B4", "play K5", "play R1", "under 1", "take K9",
    )
    assert s.removed == (card(R, 8), card(B, 7))
    tensor = s.observation_tensor(0)
    assert [tensor[25 + 23 * c + 18] for c in range(36)] == [int(c in s.removed) for c in range(36)]
    assert sum(tensor[25 + 23 * c + 18] for c in range(36)) == 2
    assert all(tensor[25 + 23 * c + 19 + k] == 0 for c in (card(B, 7), card(R, 8)) for k in range(4))


@pytest.mark.parametrize("players", [3, 4])
def test_the_tensor_encoder_fills_a_buffer_equal_to_the_tensor(players: int) -> None:
    """ST-INFO-1: ``GAME.tensor_encoder(rules)`` (numpy-free) writes an ``array.array`` of 4-byte
    ints equal to ``observation_tensor`` at every state and seat of a game, the game's end
    included; it refuses a non-seat as ``observation`` does; a resampled state gives the
    seat the same buffer."""
    rules = Rules(players=players, races="short")
    encoder = GAME.tensor_encoder(rules)
    assert type(encoder) is TensorEncoder and encoder.rules is rules
    assert encoder.size == GAME.observation_size(rules)
    state: Any = GAME.new_game(rules, seed=7)
    rng = random.Random(7)
    while True:
        for seat in range(players):
            buf = encoder(state, seat)
            assert type(buf) is array.array and buf.itemsize == 4
            assert tuple(buf) == state.observation_tensor(seat)
        if state.is_terminal:
            break
        if rng.random() < 0.1:
            seat = rng.randrange(players)
            assert tuple(TensorEncoder(rules)(state.resample(seat, rng), seat)) == tuple(encoder(state, seat))
        state = state.apply(rng.choice(state.legal_actions()))
    with pytest.raises(ValueError, match="seat"):
        encoder(state, players)
