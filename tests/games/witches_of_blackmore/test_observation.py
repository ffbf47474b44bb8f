"""What a seat sees of a Witches of Blackmore position (``observation.py``): the
``Observation`` (WB-INFO-1), ``resample``, the observation tensor value by value, and the
numpy-free ``TensorEncoder`` (spec prefix WB)."""

from __future__ import annotations

import array
import random

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.core.encoding import BufferEncoder
from rulebook.games.witches_of_blackmore import DECK, GAME, Observation, Phase, Play, Rules, TensorEncoder
from tests.games.witches_of_blackmore.test_state import C, deal, play

ORDER = tuple(range(54))


@settings(max_examples=20)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 6), steps=st.integers(0, 60))
def test_observation_hides_other_hands_and_the_pile(seed: int, players: int, steps: int) -> None:
    """WB-INFO-1, WB-RULING-12: permuting what a seat cannot see leaves its view unchanged."""
    rng = random.Random(seed)
    state = GAME.new_game(Rules(players=players), seed=seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    for seat in range(players):
        other = state.resample(seat, rng)
        assert other.hands[seat] == state.hands[seat]
        assert other.observation(seat) == state.observation(seat)
        assert other.observation_tensor(seat) == state.observation_tensor(seat)
    # and the observation does show one's own hand, which differs between seats
    obs = state.observation(0)
    assert obs.hand == state.hands[0] and obs.trump_stack == state.trumps


def test_observation_changes_when_a_visible_fact_changes() -> None:
    """WB-INFO-1: the boundary test can fail: swapping a seat's own card changes its view."""
    state = GAME.new_game(Rules(players=3), seed=4)
    swapped = attrs.evolve(state, hands=(state.hands[1], state.hands[0], state.hands[2]))
    assert swapped.observation(0) != state.observation(0)
    assert swapped.observation_tensor(0) != state.observation_tensor(0)
    assert swapped.observation(2) == state.observation(2)


def _expected(entries: dict[int, int]) -> tuple[int, ...]:
    out = [0] * 563
    for i, v in entries.items():
        out[i] = v
    return tuple(out)


def test_observation_tensor_value_by_value() -> None:
    """WB-INFO-1, WB-SETUP-3, WB-RANK-2: the documented layout on a scripted two-player position.

    Deal 0..53: seat 0 holds R1..R6 (cards 0-5), seat 1 R7..B3 (6-11), the first trump is B4
    (12), 41 cards are left in the pile. Seat 0 plays R1; we look from seat 1.
    """
    assert GAME.observation_size(Rules(players=2)) == 4 * 54 + 11 + 2 * 167 + 2 == 563
    state = GAME.new_game(Rules(players=2), deals=[ORDER]).apply(Play(0))
    obs = state.observation(1)
    assert obs.pile_size == 41 and obs.hand_sizes == (5, 6) and obs.trick == ((0, 0),)
    row0, row1 = 227, 227 + 167
    entries = {c: 1 for c in range(6, 12)}  # own hand
    entries |= {54 + 12: 1, 108 + 12: 1, 216 + 3: 1, 225: 41, 226: 0}  # trump stack, top, anchor 4, pile
    entries |= {row0 + 108 + 0: 1, row0 + 162: 5, row0 + 164: 1}  # seat 0: R1 in the trick, 5 cards, leads
    entries |= {row1 + 162: 6, row1 + 165: 1, row1 + 166: 1}  # seat 1: 6 cards, to act, observer
    assert state.observation_tensor(1) == _expected(entries)

    # seat 1 plays R7: no trump (blue), red led; from 4 down, 1 beats 7: seat 0 wins and decides
    state = state.apply(Play(6))
    assert state.phase is Phase.REPLACING
    entries = {c: 1 for c in range(1, 6)}  # seat 0's own hand R2..R6
    entries |= {54 + 12: 1, 108 + 12: 1, 162 + 0: 1, 162 + 6: 1, 216 + 3: 1, 225: 41, 226: 1}
    entries |= {row0 + 0: 1, row0 + 6: 1, row0 + 162: 5, row0 + 163: 1 + 7, row0 + 164: 1, row0 + 165: 1,
                row0 + 166: 1}
    entries |= {row1 + 162: 5}
    assert state.observation_tensor(0) == _expected(entries)
    assert state.observation(0).tricks[0].winner == 0


def test_tensor_marks_the_end_and_the_wheel_side() -> None:
    """WB-END-4, WB-COMP-2: the last two entries: game over, ascending wheel."""
    state = GAME.new_game(Rules(players=2, wheel="ascending"), seed=2)
    assert state.observation_tensor(0)[-2:] == (0, 1)
    rng = random.Random(2)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.observation_tensor(0)[-2:] == (1, 1)
    assert state.observation(0).pile_size == 0 and state.observation(0).hand_sizes == (0, 0)
    assert DECK.size == 54


def test_tensor_blocks_of_known_cards_and_captured_piles() -> None:
    """WB-INFO-1, WB-END-2, WB-RULING-12: per seat, the captured pile and the cards it drew from the
    trump stack (public) sit at their documented offsets, exactly."""
    rules = Rules(players=3, trump_replacement=False)
    rng = random.Random(8)
    state = GAME.new_game(rules, seed=8)
    while not any(state.known):
        state = state.apply(rng.choice(state.legal_actions()))
    n, c = 3, 54
    for observer in range(n):
        tensor = state.observation_tensor(observer)
        assert len(tensor) == 4 * c + 11 + n * (3 * c + 5) + 2
        for seat in range(n):
            row = 227 + seat * 167
            assert tensor[row : row + c] == tuple(int(x in state.captured[seat]) for x in range(c))
            assert tensor[row + c : row + 2 * c] == tuple(int(x in state.known[seat]) for x in range(c))
            assert tensor[row + 162 : row + 167] == (
                len(state.hands[seat]), state.scores[seat], int(seat == state.leader),
                int(seat == state.current_player), int(seat == observer),
            )
        assert tensor[225] == 0  # the pile is empty once cards came from the trump stack


def test_the_trick_just_won_is_the_last_trick_record_while_replacing() -> None:
    """WB-TRUMP-1, WB-INFO-1: every seat sees the trick just won as ``tricks[-1]`` while its
    winner decides (``replacing``); the tensor marks its cards at 162.. exactly then."""
    state = GAME.new_game(Rules(players=2), deals=[deal([["G9", "R3"], ["G1"]], "G8")])
    state = play(state, "play G9", "play G1")  # G1 wins under a descending 8 (1 is stronger than 9)
    for seat in (0, 1):
        obs = state.observation(seat)
        assert obs.replacing and obs.current_player == 1
        assert obs.tricks[-1].plays == ((0, C("G9")), (1, C("G1"))) and obs.tricks[-1].winner == 1
        assert not hasattr(obs, "last_trick")
        tensor = state.observation_tensor(seat)
        assert [i - 162 for i in range(162, 216) if tensor[i]] == sorted([C("G9"), C("G1")])
    kept = state.apply(state.legal_actions()[-1])
    assert not kept.observation(0).replacing
    assert not any(kept.observation_tensor(0)[162:216])


def test_tensor_encoder_is_a_buffer_equal_to_the_tensor() -> None:
    """WB-INFO-1: the fast encoder (no numpy) returns a fresh ``array.array`` of 4-byte ints,
    equal entry by entry to ``observation_tensor`` at every state and seat of random games,
    and refuses what ``observation`` refuses."""
    for players, seed in ((2, 1), (4, 2), (6, 3)):
        rules = Rules(players=players, wheel="ascending" if seed % 2 else "descending")
        encoder = GAME.tensor_encoder(rules)
        assert type(encoder) is TensorEncoder and isinstance(encoder, BufferEncoder)
        assert encoder.rules == rules and encoder.size == GAME.observation_size(rules)
        rng = random.Random(seed)
        state = GAME.new_game(rules, seed=seed)
        while True:
            for seat in range(players):
                buf = encoder(state, seat)
                assert isinstance(buf, array.array) and buf.itemsize == 4
                assert tuple(buf) == state.observation_tensor(seat)
                buf[0] = -7  # the caller's own buffer: the next call is not changed by it
                assert tuple(encoder(state, seat)) == state.observation_tensor(seat)
            if state.is_terminal:
                break
            state = state.apply(rng.choice(state.legal_actions()))
    for seat in (-1, 2, True, 1.0):
        try:
            TensorEncoder(Rules(players=2))(GAME.new_game(Rules(players=2), seed=1), seat)  # type: ignore[arg-type]
        except ValueError as exc:
            assert "is not a seat" in str(exc)
        else:
            raise AssertionError(f"seat {seat!r} accepted")


def test_observation_fields_of_a_scripted_position() -> None:
    """WB-INFO-1, WB-RULING-12: the observation copies the public facts and the seat's own hand."""
    state = GAME.new_game(Rules(players=2), deals=[ORDER]).apply(Play(0))
    obs = state.observation(1)
    assert obs == Observation(
        seat=1, players=2, wheel="descending", hand=tuple(range(6, 12)), hand_sizes=(5, 6),
        known_in_hands=((), ()), pile_size=41, trump_stack=(12,), anchor=4, trump_suit=DECK.suit_of[12],
        captured=((), ()), leader=0, trick=((0, 0),), current_player=1, replacing=False, scores=(0, 0),
        tricks=(),
    )
    assert state.phase is Phase.PLAYING
