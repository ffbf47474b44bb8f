"""UTSUKE: regression tests from the independent review (spec prefix UT)."""

from __future__ import annotations

import random

import pytest

from rulebook.errors import IllegalAction
from rulebook.games.utsuke import DECK, GAME, Bid, Rules, UtsukeState


def _terminal(players: int, seed: int) -> UtsukeState:
    state = GAME.new_game(Rules(players=players), seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("tricks", [-1, 16, 99])
def test_bids_outside_0_to_15_are_illegal(tricks: int) -> None:
    """UT-BID-1, UT-COMP-2: a bid is 0..15; apply must refuse anything else.

    ``Bid(-1)`` used to be accepted and left the seat marked as not having bid, so the
    play phase began with that seat asked to bid again.
    """
    state = GAME.new_game(Rules(players=3), seed=3)
    with pytest.raises(IllegalAction, match="UT-BID-1"):
        state.apply(Bid(tricks))


def test_resample_at_the_end_keeps_the_revealed_bids() -> None:
    """UT-SCORE-1, UT-INFO-1: after the reveal every bid is public, so resample keeps them."""
    for players in (2, 3, 4, 5):
        end = _terminal(players, players)
        for seat in range(players):
            other = end.resample(seat, random.Random(seat))
            assert other.bids == end.bids == end.results[-1][0]
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


def test_young_lord_follows_in_the_first_trick() -> None:
    """UT-LORD-5, UT-LORD-2, UT-RULING-6: the round-start rule (UT-LORD-1) is about the lead.

    In the first trick the young lord follows, so it plays its highest card of the suit led,
    not its leftmost card.
    """
    rules = Rules(players=2)  # clockwise: lord (2), seat 0, young lord (3), seat 1
    parse = DECK.parse
    lord = ["A1"] + [f"B{r}" for r in range(1, 13)] + ["C1", "C2"]
    young = ["D1", "A3", "A11", "A4"] + [f"E{r}" for r in range(1, 12)]
    used = {parse(t) for t in lord + young}
    rest = [c for c in DECK.cards if c not in used]
    deal = rest[:30] + [parse(t) for t in lord + young]
    state = GAME.new_game(rules, deals=[deal])
    state = state.apply(Bid(2)).apply(Bid(2))
    assert [DECK.text(c) for c in state.trick] == ["A1"]  # UT-LORD-1: the lord leads leftmost
    seat0 = state.current_player
    assert seat0 == 0
    state = state.apply(state.legal_actions()[0])
    assert DECK.text(state.trick[2]) == "A11"  # not D1, the young lord's leftmost card


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
