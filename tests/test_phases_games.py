"""Added phases in The Witches of Blackmore and Seven Prophecies: cards passed before the first
trick (WB-PHASE-1, SP-PHASE-1) arrive in the left neighbour's hand, and verify passes."""

from __future__ import annotations

import random

import pytest

import rulebook
from rulebook.variants.phases import PassCards, PhasedState
from rulebook.variants.variant import Variant
from rulebook.variants.verify import verify


def _pass_first_cards(state: PhasedState) -> dict[int, tuple[int, ...]]:
    """Every seat passes the first cards of its hand; returns what each seat chose."""
    chosen: dict[int, tuple[int, ...]] = {}
    while state.active >= 0:
        seat = state.current_player
        action = state.legal_actions()[0]
        chosen[seat] = (*chosen.get(seat, ()), action.card)
        state = state.apply(action)
    return chosen


@pytest.mark.parametrize(("slug", "before", "rule"), [
    ("witches-of-blackmore", "tricks", "WB-PHASE-1"),
    ("seven-prophecies", "tricks", "SP-PHASE-1"),
    ("seven-prophecies", "prophecies", "SP-PHASE-1"),
])
def test_cards_passed_arrive_left(slug: str, before: str, rule: str) -> None:
    """WB-PHASE-1, SP-PHASE-1: two cards passed to the left, every seat taking part."""
    game = rulebook.get_game(slug)
    v = Variant(game, game.Rules(players=4), phases=(PassCards(before=before, cards=2),))
    state = v.new_game(seed=5)
    assert isinstance(state, PhasedState)
    if before == "tricks" and slug == "seven-prophecies":  # the prophecies come first
        assert state.active == -1 and state.inner.phase == 0
        rng = random.Random(0)
        while state.active < 0:
            state = state.apply(rng.choice(state.legal_actions()))
    assert state.active == 0 and game.phase_at(state.inner) == before
    hands = state.inner.hands
    chosen = {s: hands[s][:2] for s in range(4)}
    after = state
    while after.active >= 0:
        after = after.apply(after.legal_actions()[0])
    for seat in range(4):
        left, right = (seat + 1) % 4, (seat - 1) % 4
        expected = sorted(set(hands[seat]) - set(chosen[seat]) | set(chosen[right]))
        assert list(after.inner.hands[seat]) == expected
        assert set(chosen[seat]) <= set(after.inner.hands[left])
    game.check_invariants(after.inner)
    assert after.current_player == state.inner.current_player  # the printed phase resumes with its own starter


@pytest.mark.parametrize("slug", ["witches-of-blackmore", "seven-prophecies"])
def test_verify_passes(slug: str) -> None:
    game = rulebook.get_game(slug)
    v = Variant(game, game.Rules(players=4), name="pass two left", phases=(PassCards(before="tricks", cards=2),))
    report = verify(game, v, examples=4, players=[3, 4])
    assert report.ok, report


def test_witches_known_cards_follow_the_pass() -> None:
    """WB-PHASE-2: a card everyone knows is in a hand stays known in the hand it is passed to."""
    game = rulebook.get_game("witches-of-blackmore")
    state = game.new_game(game.Rules(players=3), seed=2)
    board = state.board
    card = state.hands[0][0]
    planted = game.with_hands(state, state.hands)
    planted = planted.__class__(planted.rules, planted.setup, planted.log,
                                (*board[:6], ((card,), (), ()), *board[7:]), *[
                                    getattr(planted, f) for f in ("hands", "leader", "order", "trick", "_last_trick",
                                                                   "phase", "current_player")])
    hands = list(planted.hands)
    hands[0], hands[1] = hands[0][1:], (*hands[1], card)
    moved = game.with_hands(planted, tuple(hands))
    assert moved.known == ((), (card,), ()) and card in moved.hands[1]
    game.check_invariants(moved)
