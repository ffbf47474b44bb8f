"""Tests that kill mutants found surviving in the Witches of Blackmore's code (issue 11).

Each test states exact values; see ``bench/MUTATION.md`` for the run and the figures.
"""

from __future__ import annotations

import pytest

from rulebook.games.witches_of_blackmore import GAME, Keep, Play, Replace, Rules


def test_score_floor_is_zero() -> None:
    """WB-SCORE-1: scores are sums of captured card numbers, so the floor is exactly 0."""
    floor = GAME.score_floor(Rules())
    assert floor == 0 and type(floor) is int


@pytest.mark.parametrize("action", [Play(3), Replace(3), Keep()])
def test_actions_are_slotted(action: object) -> None:
    """The hot path keeps slotted frozen actions (no per-instance ``__dict__``)."""
    assert not hasattr(action, "__dict__")
    assert "__slots__" in type(action).__dict__


def test_boundary_messages_state_the_exact_ranges() -> None:
    """The refusals name the real ranges: cards 0..53, seats 0..n-1, the 54 cards of a deal."""
    state = GAME.new_game(Rules(players=4), seed=1)
    with pytest.raises(ValueError, match=r"a card is an int 0\.\.53, not True"):
        state.apply(Play(True))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^seat: 4 is not a seat of a 4-player game \(0\.\.3\)$"):
        state.observation(4)
    deal = list(range(54))
    deal[0] = 1  # 54 ints, one card twice and card 0 missing
    with pytest.raises(ValueError, match=r"must order the 54 cards 0\.\.53, each once"):
        GAME.new_game(Rules(players=4), deals=[deal])


def test_a_deal_of_fewer_cards_names_the_card_that_is_no_int() -> None:
    """WB-COMP-3: with a card taken out, a deal holding text names the card's position and what it is."""
    from rulebook.games.witches_of_blackmore.rules import Rules, check_deal, tables

    rules = Rules(removed=("P1",))
    deal: list[object] = list(tables(rules).cards)
    deal[1] = "x"
    with pytest.raises(ValueError) as caught:
        check_deal(deal, 0, rules)  # type: ignore[arg-type]
    assert str(caught.value) == "deal 0: card 1 must be an int, not str 'x'"


def test_refusals_name_the_move_and_the_rule() -> None:
    """WB-PLAY-2: an off-colour card under must_follow is refused naming that card; WB-END-4: a move
    after the end is refused naming the game's end."""
    import random

    from rulebook.errors import IllegalAction
    from rulebook.games.witches_of_blackmore import GAME
    from rulebook.games.witches_of_blackmore.actions import Play
    from rulebook.games.witches_of_blackmore.rules import Rules

    state = GAME.new_game(Rules(must_follow=True), seed=1)
    rng = random.Random(1)
    refused = 0
    while not state.is_terminal:
        legal = set(state.legal_actions())
        off = [Play(c) for c in state.hands[state.current_player] if Play(c) not in legal] if state.trick else []
        if off:
            with pytest.raises(IllegalAction) as caught:
                state.apply(off[0])
            assert caught.value.rule == "WB-PLAY-2" and caught.value.action == off[0]
            refused += 1
        state = state.apply(rng.choice(state.legal_actions()))
    assert refused > 3
    with pytest.raises(IllegalAction) as over:
        state.apply(Play(0))
    assert over.value.rule == "WB-END-4" and "the game is over" in str(over.value)
