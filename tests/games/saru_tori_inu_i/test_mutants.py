"""Tests that kill mutants ``bench/mutate.py`` found surviving in saru_tori_inu_i.py (issue 11).

Each test states exact values; see ``bench/MUTATION.md`` for the run and the figures.
"""

from __future__ import annotations

import random

import pytest

from rulebook import IllegalAction
from rulebook.games.saru_tori_inu_i import (
    GAME,
    Declare,
    Rules,
)
from tests.games.saru_tori_inu_i.test_state import B, K, R, Y, card, new3, run


def test_a_declaration_needs_two_cards_in_hand() -> None:
    """ST-PLAY-4: the last player of the round holding a single card may not declare."""
    s = new3()
    s = s.replace(hands=(s.hands[0], (card(B, 8), card(Y, 8)), (card(K, 8),)))
    s = run(s, "play R8", "down B8")
    assert s.current_player == 2 and s.hands[2] == (card(K, 8),)
    with pytest.raises(IllegalAction, match="a declaration needs two cards in hand") as info:
        s.apply(Declare(5))
    assert info.value.rule == "ST-PLAY-4"


def test_resample_keeps_face_up_plays_and_redraws_face_down_ones() -> None:
    """ST-INFO-1: a card played face up stays where it is in every resample; only the face-down
    play of another seat is redrawn (one card, from that seat's unseen cards)."""
    s = new3()
    s = s.replace(hands=(s.hands[0], (card(B, 8), card(Y, 8)), s.hands[2]))
    s = run(s, "play R8", "down B8")
    assert s.played[0] == (card(R, 8),) and s.played[1] == (card(B, 8),)
    rng = random.Random(3)
    downs = set()
    for _ in range(40):
        other = s.resample(2, rng)
        assert other.played[0] == (card(R, 8),)
        assert len(other.hands[0]) == len(s.hands[0])  # redrawn, same size
        assert len(other.played[1]) == 1 and len(other.hands[1]) == 1
        assert other.played[2] == s.played[2] and other.hands[2] == s.hands[2]
        downs.add(other.played[1][0])
    assert len(downs) > 1


def test_round_slot_stays_at_seven_after_the_last_round() -> None:
    """The observation encoding (docs table, offset 13): the round one-hot has 8 slots; after the
    last round of a race slot 7 is set and the phase one-hot after it is untouched."""
    rules = Rules(players=3)
    state = GAME.new_game(rules, seed=4)
    rng = random.Random(4)
    seen_late = 0
    while not state.is_terminal:
        obs = state.observation(0)
        enc = GAME.encode_observation(rules, obs)
        assert enc[13:21] == tuple(int(k == min(obs.round, 7)) for k in range(8))
        assert enc[21:25] == tuple(int(k == obs.phase) for k in range(4))
        seen_late += obs.round >= 8
        state = state.apply(rng.choice(state.legal_actions()))
    obs = state.observation(0)
    enc = GAME.encode_observation(rules, obs)
    assert obs.round >= 8 or seen_late
    assert enc[13:21] == tuple(int(k == min(obs.round, 7)) for k in range(8))
    assert enc[21:25] == tuple(int(k == obs.phase) for k in range(4))
