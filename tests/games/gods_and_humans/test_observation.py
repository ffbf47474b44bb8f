"""What a gods-and-humans seat sees: the observation, the forced view, the redraw of what it
cannot see (``resample``) and the observation tensor, value by value (GH-INFO-1..4).
"""

from __future__ import annotations

import array
import random
from pathlib import Path

import pytest

from rulebook.games.gods_and_humans import GAME, Phase, Rules
from rulebook.games.gods_and_humans import observation as observation_module
from rulebook.games.gods_and_humans.observation import TensorEncoder
from tests.games.gods_and_humans.test_state import FIVE_DEAL, SCRIPT, C, cards, eight_start, run


def test_what_each_role_sees_in_the_scripted_deal() -> None:
    """GH-INFO-1, GH-INFO-2, GH-RULING-5, GH-RULING-9, GH-RULING-13."""
    s = eight_start()
    s = run(s, "oracle 5")
    # GH-RULING-9: god 1 does not see god 0's choice yet; god 0 sees its own; gods know the pairing
    none = (-1,) * 8
    assert s.observation(1).oracle == none
    assert s.observation(0).oracle == (-1, -1, -1, -1, 5, -1, -1, -1)
    assert s.observation(1).partners == (4, 5, 6, 7, 0, 1, 2, 3)
    assert s.observation(4).partners == none
    assert s.observation(4).oracle == none
    s = run(s, "oracle 1", "oracle 0", "oracle 2")
    assert s.observation(1).oracle == (-1, -1, -1, -1, 5, 1, 0, 2)  # GH-ORACLE-2: gods see every card
    assert s.observation(5).oracle == (-1, -1, -1, -1, -1, 1, -1, -1)  # a human sees only its own
    assert s.observation(3).human_hands == ((),) * 4 + tuple(s.hands[x] for x in s.humans)  # GH-RULING-13
    assert s.observation(5).human_hands == ()
    s = run(s, "play R12", "play B7", "play G7", "play Y7", "intervene", "give R5", "give B5", "give G5", "give Y5")
    s = run(s, "play R11", "play B8", "play G8", "play Y8", "intervene", "give Y1", "give Y2")
    # the field intervention is seen by all; the hand intervention only by its receivers and the gods
    human1 = s.observation(5)
    assert human1.interventions[0].cards == tuple(cards("R5 B5 G5 Y5"))
    assert human1.giving is not None and human1.giving.god == 3
    assert human1.giving.cards == (-1, C("Y2"))
    assert s.observation(4).giving.cards == (C("Y1"), -1)  # type: ignore[union-attr]
    assert s.observation(0).giving.cards == (C("Y1"), C("Y2"))  # type: ignore[union-attr]


def test_tensor_size_formula() -> None:
    """The documented tensor length: 952 + 57 N + 9 D + 2 D N (docs/games/gods-and-humans.md)."""
    for players in range(5, 9):
        for deals in range(1, 9):
            rules = Rules(players=players, deals=deals)
            assert GAME.observation_size(rules) == 952 + 57 * players + 9 * deals + 2 * deals * players


TABLE = (
    (0, 5, "seat"), (5, 4, "deal"), (9, 5, "gods"), (14, 16, "marks"), (30, 7, "phase"),
    (37, 6, "current_player"), (43, 48, "hand"), (91, 192, "human_hands"), (283, 5, "hand_sizes"),
    (288, 48, "field"), (336, 28, "oracle"), (364, 20, "partners"), (384, 5, "lone"), (389, 4, "leader"),
    (393, 192, "trick"), (585, 192, "played"), (777, 4, "won"), (781, 5, "waiting"), (786, 5, "asking"),
    (791, 5, "passes"), (796, 192, "received"), (988, 240, "given"), (1228, 5, "gap"), (1233, 3, "forced"),
    (1236, 5, "scores"), (1241, 20, "past_gods"), (1261, 20, "past_points"), (1281, 16, "past_oracle"),
    (1297, 16, "past_won"),
)  # fmt: skip


def cardrow(text: str) -> list[int]:
    row = [0] * 48
    for c in cards(text):
        row[c] = 1
    return row


def test_tensor_value_by_value() -> None:
    """GH-INFO-1, GH-RULING-5: seat 2 (a human) in the middle of god 0's hand intervention, every
    field of the documented layout at its documented offset."""
    s = GAME.new_game(Rules(players=5), deals=[FIVE_DEAL])
    s = run(s, "oracle 3", "oracle 2", "oracle 1", "play B10", "play G5", "play B4", "pass", "intervene", "give B1")
    assert s.phase is Phase.GIVE and s.current_player == 0 and s.gift == ((2, C("B1")),)
    assert s.observation(2).hand_sizes == (2, 3, 6, 5, 5)  # public counts, by seat
    tensor = s.observation_tensor(2)
    assert GAME.observation_size(Rules(players=5)) == len(tensor) == 1313
    assert [o for o, _, _ in TABLE] == [sum(n for _, n, _ in TABLE[:k]) for k in range(len(TABLE))]
    expected: dict[str, list[int]] = {
        "seat": [0, 0, 1, 0, 0],
        "deal": [1, 0, 0, 0],
        "gods": [1, 1, 0, 0, 0],
        # human index 0, 1, 2 (seats 2, 3, 4) have icons 0, 1, 2; the fourth row is absent
        "marks": [1, 0, 0, 0] + [0, 1, 0, 0] + [0, 0, 1, 0] + [0] * 4,
        "phase": [0, 0, 0, 1, 0, 0, 0],  # give
        "current_player": [1, 0, 0, 0, 0, 0],
        "hand": cardrow("B1 B5 B6 B7 B8 B9"),
        "human_hands": [0] * 192,  # a human sees no other hand
        "hand_sizes": [2, 3, 6, 5, 5],
        "field": cardrow("Y1 Y2 Y3 Y4 Y5 Y6"),
        # its own card 2 (slot 3); the other two humans unknown (slot 0); no fourth human
        "oracle": [0, 0, 0, 1, 0, 0, 0] + [1, 0, 0, 0, 0, 0, 0] * 2 + [0] * 7,
        "partners": [1, 0, 0, 0, 0] * 2 + [0] * 10,  # two gods, partners unknown
        "lone": [0, 0, 0, 1, 0],  # human index 2 (seat 4), public after the hand-over
        "leader": [1, 0, 0, 0],  # seat 2 won trick 0
        "trick": [0] * 192,
        "played": cardrow("B10") + cardrow("G5") + cardrow("B4") + [0] * 48,
        "won": [1, 0, 0, 0],
        "waiting": [1, 1, 0, 0, 0],
        "asking": [0] * 5,
        "passes": [0, 1, 0, 0, 0],
        "received": cardrow("B1") + [0] * 144,
        "given": cardrow("B1") + [0] * 192,
        "gap": [0] * 5,
        "forced": [0, 0, 0],
        "scores": [0] * 5,
        "past_gods": [0] * 20,
        "past_points": [0] * 20,
        "past_oracle": [0] * 16,
        "past_won": [0] * 16,
    }
    for offset, size, name in TABLE:
        assert len(expected[name]) == size, name
        assert list(tensor[offset : offset + size]) == expected[name], name
    # the receiver of a hand card sees it; another human does not, a god does
    other = s.observation_tensor(3)
    assert list(other[796 : 796 + 48]) == [0] * 48 and list(other[988 : 988 + 48]) == [0] * 48
    god = s.observation_tensor(1)
    assert list(god[796 : 796 + 48]) == cardrow("B1")
    assert list(god[364 : 364 + 20]) == [0, 0, 1, 0, 0] + [0, 1, 0, 0, 0] + [0] * 10  # god 0 -> hi 1, god 1 -> hi 0


def test_resample_redraws_hidden_cards() -> None:
    """GH-INFO-4: a human's resample moves cards between other hands; a god's keeps every human hand."""
    state = GAME.new_game(Rules(players=7), seed=9)
    rng = random.Random(2)
    human, god = state.humans[0], state.gods[0]
    moved = kept = 0
    for _ in range(10):
        other = state.resample(human, rng)
        moved += other.hands[state.humans[1]] != state.hands[state.humans[1]]
        assert other.hands[human] == state.hands[human]
        by_god = state.resample(god, rng)
        kept += all(by_god.hands[s] == state.hands[s] for s in state.humans)
        assert by_god.hands[god] == state.hands[god]
    assert moved >= 9 and kept == 10


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


def test_tensor_shows_card_zero() -> None:
    """GH-INFO-2: card 0 (R1) is a card like any other in the tensor's card rows (8 players: offset 49)."""
    s = eight_start()
    tensor = s.observation_tensor(0)
    row = [0] * 48
    for c in (C("R1"), C("R2"), C("R3"), C("R4")):
        row[c] = 1
    assert list(tensor[49 : 49 + 48]) == row


@pytest.mark.parametrize("players", [5, 8])
def test_tensor_encoder_writes_the_tensor_without_numpy(players: int) -> None:
    """GH-INFO-1, GH-INFO-2, GH-INFO-3: the game's own fast encoder gives ``observation_tensor`` entry by
    entry, at every state and seat of a random game, as an ``array.array`` of 4-byte ints (a new one per
    call); the module that defines it imports no numpy; a seat that is not one is refused as
    ``observation`` refuses it."""
    rules = Rules(players=players, deals=2, mix_sources=True, early_intervention=True)
    encoder = GAME.tensor_encoder(rules)
    assert isinstance(encoder, TensorEncoder) and encoder.size == GAME.observation_size(rules)
    rng = random.Random(players)
    state = GAME.new_game(rules, seed=5)
    checked = 0
    while True:
        for seat in range(players):
            buffer = encoder(state, seat)
            assert isinstance(buffer, array.array) and buffer.itemsize == 4
            assert tuple(buffer) == state.observation_tensor(seat)
            buffer[0] = -7  # the caller's own buffer: the next call is not changed by it
            assert tuple(encoder(state, seat)) == state.observation_tensor(seat)
            checked += 1
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state = state.apply(GAME.heuristic_action(state, rng) if rng.random() < 0.5 else rng.choice(legal))
    assert checked > 300
    for seat in (players, -1, True, "0"):
        with pytest.raises(ValueError, match="seat must be an int"):
            encoder(state, seat)  # type: ignore[arg-type]
    source = Path(observation_module.__file__).read_text(encoding="utf-8")
    assert "numpy" not in source
