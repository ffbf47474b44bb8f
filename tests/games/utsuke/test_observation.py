"""What a seat sees of UTSUKE (``observation.py``): hidden bids and hands, public NPC rows and
records, the redraw for searches (resample), the observation tensor and its numpy-free fast
encoder (spec prefix UT)."""

from __future__ import annotations

import array
import random

import attrs
import pytest

from rulebook.core.encoding import I32
from rulebook.games.utsuke import DECK, GAME, Bid, Rules, UtsukeState
from rulebook.games.utsuke import observation as ut_observation
from rulebook.games.utsuke.observation import TensorEncoder
from tests.games.utsuke.test_state import first_legal_round, play


def test_bids_are_hidden_until_the_reveal() -> None:
    """UT-BID-1, UT-SCORE-1, UT-INFO-1, UT-RULING-16: others' bids are not seen before the reveal."""
    rules = Rules(players=3)
    state = GAME.new_game(rules, seed=5)
    state = play(state, "bid 7")
    other = attrs.evolve(state, board=(state.match, (2, -1, -1), *state.board[2:]))
    assert state.observation(1) == other.observation(1)
    assert state.observation(2) == other.observation(2)
    assert state.observation(0) != other.observation(0)  # a seat sees its own bid
    assert state.observation(1).has_bid == (True, False, False)
    state = first_legal_round(state, (4, 9))
    assert state.rounds[0].bids == (7, 4, 9)  # revealed at the end of the round
    assert state.observation(2).rounds[0].bids == (7, 4, 9)


def test_npc_rows_are_public_and_hands_are_not() -> None:
    """UT-INFO-1, UT-SETUP-5: rows, the chip and tricks are seen by all; hands only by their owner."""
    state = GAME.new_game(Rules(players=2), seed=9)
    obs = state.observation(0)
    assert obs.lord_row == state.lord_row and obs.young_row == state.young_row
    assert obs.hand == state.hands[0] and obs.hand_sizes == (15, 15)
    assert state.hands[1] not in (obs.hand, obs.lord_row, obs.young_row)
    with pytest.raises(ValueError):
        state.observation(2)  # an NPC place is not a seat


def test_the_observation_carries_the_public_records() -> None:
    """UT-INFO-1, UT-RULING-16, UT-SCORE-1 (issue 21): finished rounds as the state's ``UtsukeRound``
    records and every trick as ``TrickRecord``s, the same for every seat; the tensor reads the last
    round's bids and the lord's tricks from them."""
    rules = Rules(players=3)
    state = first_legal_round(GAME.new_game(rules, seed=5), (7, 4, 9))
    assert state.round == 1 and not state.is_terminal
    (record,) = state.rounds
    for seat in range(3):
        obs = state.observation(seat)
        assert obs.rounds == state.rounds and obs.tricks == state.tricks
        tensor = state.observation_tensor(seat)
        assert tensor[376:382] == (8, 5, 10, 0, 0, record.lord_tricks)
    assert record.bids == (7, 4, 9) and record.lord_before == 0 and sum(record.won) + record.lord_tricks == 15
    assert GAME.new_game(rules, seed=5).observation(0).rounds == ()


@pytest.mark.slow
def test_resample_keeps_known_voids() -> None:
    """UT-INFO-1: a resampled state never gives a player a suit it has shown to lack."""
    rules = Rules(players=4)
    rng = random.Random(3)
    checked = 0
    for seed in range(12):
        state = GAME.new_game(rules, seed=seed)
        while not state.is_terminal and state.round == 0:
            state = state.apply(rng.choice(state.legal_actions()))
            voids = state.voids()
            if any(voids):
                for seat in range(4):
                    other = state.resample(seat, rng)
                    assert other.observation(seat) == state.observation(seat)
                    for s in range(4):
                        assert not any(DECK.suit_of[c] in voids[s] for c in other.hands[s])
                    checked += 1
    assert checked > 50


def _terminal(players: int, seed: int) -> UtsukeState:
    state = GAME.new_game(Rules(players=players), seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_resample_at_the_end_keeps_the_revealed_bids() -> None:
    """UT-SCORE-1, UT-INFO-1: after the reveal every bid is public, so resample keeps them."""
    for players in (2, 3, 4, 5):
        end = _terminal(players, players)
        for seat in range(players):
            other = end.resample(seat, random.Random(seat))
            assert other.bids == end.bids == end.rounds[-1].bids
            assert other.observation(seat) == end.observation(seat)


def test_resample_during_a_round_redraws_only_others_bids() -> None:
    """UT-BID-1, UT-INFO-1: before the reveal a resample may change other seats' bids, never one's own."""
    state = GAME.new_game(Rules(players=4), seed=8)
    for b in (3, 5, 7, 9):
        state = state.apply(Bid(b))
    changed = False
    for k in range(20):
        other = state.resample(1, random.Random(k))
        assert other.bids[1] == state.bids[1]
        assert all(0 <= b <= 15 for b in other.bids)
        changed |= other.bids != state.bids
    assert changed


def test_resample_redraws_the_deals_still_to_come() -> None:
    """UT-INFO-1, UT-SETUP-4, UT-END-3: nobody knows the next rounds' deals, so resample redraws them.

    A resampled state used to keep the seed, so playing it on dealt the true next round.
    No explicit deal is kept either: the order of a partly seen deal is hidden too.
    """
    rules = Rules(players=3)
    deals = [list(range(60)), list(range(59, -1, -1)), list(range(60))]
    for state in (GAME.new_game(rules, seed=4), GAME.new_game(rules, deals=deals)):
        state = state.apply(Bid(1))
        truth = state.setup.deal(GAME, rules, 1)
        others = [state.resample(0, random.Random(k)) for k in range(5)]
        for other in others:
            assert other.observation(0) == state.observation(0)
            assert other.setup.deals == () and other.setup.seed != state.setup.seed
        assert all(other.setup.deal(GAME, rules, 1) != truth for other in others)
        # played on, a resampled state deals a next round nobody could have known
        other = others[0]
        while other.round == 0 and not other.is_terminal:
            other = other.apply(other.legal_actions()[0])
        if not other.is_terminal:
            assert other.lord_row != tuple(truth[45:60])


def test_observation_tensor_layout() -> None:
    """UT-INFO-1: the tensor has a fixed size and shows the hand, rows and trump."""
    for n in (2, 3, 4, 5):
        rules = Rules(players=n)
        state = GAME.new_game(rules, seed=n)
        t = state.observation_tensor(0)
        assert len(t) == GAME.observation_size(rules) == 382
        assert sum(t[21:81]) == len(state.hands[0])
        assert t[81 + state.lord_row[0]] == 1 and t[81 + state.lord_row[-1]] == len(state.lord_row)
        assert t[201 + state.trump] == 1
        after = state.apply(Bid(3))
        assert after.observation_tensor(0)[345 + 3] == 1
        assert after.observation_tensor(1)[345:361] == (0,) * 16  # another seat's bid is hidden


def test_the_fast_encoder_fills_a_buffer_equal_to_the_tensor() -> None:
    """UT-INFO-1: ``GAME.tensor_encoder`` is the package's numpy-free ``TensorEncoder``; at every
    state and seat of whole games its buffer of 4-byte ints equals ``observation_tensor``."""
    assert "numpy" not in vars(ut_observation)
    for players in (2, 3, 4, 5):
        rules = Rules(players=players)
        encoder = GAME.tensor_encoder(rules)
        assert type(encoder) is TensorEncoder and encoder.size == GAME.observation_size(rules) == 382
        rng = random.Random(players)
        state = GAME.new_game(rules, seed=players)
        while True:
            for seat in range(players):
                buffer = encoder(state, seat)
                assert type(buffer) is array.array and buffer.typecode == I32
                assert tuple(buffer) == state.observation_tensor(seat)
            if state.is_terminal:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        with pytest.raises(ValueError, match="is not a seat"):
            encoder(state, players)


def test_the_fast_encoder_hides_the_other_seats_bids() -> None:
    """UT-BID-1, UT-INFO-1: the fast encoder writes the own bid only; another seat's bid changes
    nothing in a seat's buffer (the cache of the public part is keyed on the board)."""
    rules = Rules(players=3)
    state = play(GAME.new_game(rules, seed=2), "bid 7", "bid 3")
    other = attrs.evolve(state, board=(state.match, (7, 12, -1), *state.board[2:]))
    encoder = TensorEncoder(rules)
    for seat in (0, 2):
        assert encoder(state, seat) == encoder(other, seat)
    assert encoder(state, 1) != encoder(other, 1)
    assert encoder(state, 1)[345 + 3] == 1 and encoder(other, 1)[345 + 12] == 1
