"""The Witches of Blackmore: properties over random games and random valid ``Rules``, every
hand size (spec prefix WB): card conservation, trick winners against an independent ranking,
scores, the trump stack's alignment and the length bound."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.games.witches_of_blackmore import DECK, GAME, Play
from tests.games.witches_of_blackmore.test_state import reference_cards, rules_winner, witches_rules


@pytest.mark.parametrize("hand_size", [*range(1, 9), 12, 17, 26])
@settings(max_examples=6)
@given(data=st.data())
def test_properties_of_random_games(hand_size: int, data: st.DataObject) -> None:
    """Every hand size 1..8, and hands as large as the deck allows (WB-SETUP-2, WB-RULING-10): 12
    and 17 (two or three players), 26 (two players, the whole deck but one card). Card
    conservation (WB-COMP-1), one
    winner per trick equal to a reference (WB-TRICK-1,
    WB-TRICK-2, WB-TRICK-3, WB-RANK-1, WB-RANK-2, WB-TRICK-4), scores are captured values
    (WB-SCORE-1), the trump stack keeps the wheel aligned (WB-TRUMP-2), and the game ends
    within the bound (WB-END-4)."""
    fixed = {} if hand_size <= 8 else {"players": 2 if hand_size > 17 else data.draw(st.sampled_from((2, 3)))}
    rules = data.draw(witches_rules(hand_size=hand_size, **fixed), label="rules")
    seed = data.draw(st.integers(0, 2**31), label="seed")
    choices = data.draw(st.randoms(use_true_random=False), label="choices")
    state = GAME.new_game(rules, seed=seed)
    deck = reference_cards(rules)
    worth = [rules.points[r - 1] for r in DECK.rank_of]
    total = sum(worth[c] for c in deck)
    steps = 0
    while not state.is_terminal:
        everywhere = (
            list(state.deck[state.drawn :]) + list(state.trumps) + list(state.trick)
            + [c for h in state.hands for c in h] + [c for p in state.captured for c in p]
        )
        assert sorted(everywhere) == deck
        action = choices.choice(state.legal_actions())
        nxt = state.apply(action)
        if state.phase == 0 and len(state.trick) + 1 == len(state.order):
            assert isinstance(action, Play)
            cards = (*state.trick, action.card)
            expected = state.order[rules_winner(rules, cards, state.trump_suit, state.anchor)]
            gained = [s for s in range(rules.players) if len(nxt.captured[s]) > len(state.captured[s])]
            assert gained == [expected]
            assert sorted(set(nxt.captured[expected]) - set(state.captured[expected])) == sorted(cards)
        state = nxt
        steps += 1
        assert steps <= GAME.max_game_length(rules)
    assert state.scores == tuple(sum(worth[c] for c in p) for p in state.captured)
    left = [*state.deck[state.drawn :], *(c for h in state.hands for c in h)]  # WB-END-6, WB-END-7 end early
    assert sum(state.scores) + sum(worth[c] for c in state.trumps) + sum(worth[c] for c in left) == total
