"""The Witches of Blackmore's options and components (``rules.py``): the deck, the witches'
wheel, the options' validation and defaults, the deal layout (spec prefix WB)."""

from __future__ import annotations

import pytest

import rulebook
from rulebook.games.witches_of_blackmore import DECK, GAME, Rules, wheel_order
from tests.games.witches_of_blackmore.test_state import C, reference_order


def test_wheel_orders_from_the_green_8_example() -> None:
    """WB-RANK-2, WB-COMP-2: trump green 8; descending 8 7 6 5 4 3 2 1 9, ascending 8 9 1 ... 7."""
    assert wheel_order(8, "descending") == (8, 7, 6, 5, 4, 3, 2, 1, 9)
    assert wheel_order(8, "ascending") == (8, 9, 1, 2, 3, 4, 5, 6, 7)
    assert reference_order(7, "descending") == [7, 6, 5, 4, 3, 2, 1, 9, 8]


def test_rules_validation_names_the_field() -> None:
    """WB-RULING-1, WB-SETUP-2, WB-SETUP-4: 2..6 players; hands must fit the deck."""
    for n in range(2, 7):
        assert Rules(players=n).players == n
    with pytest.raises(rulebook.InvalidRules, match="players"):
        Rules(players=7)
    with pytest.raises(rulebook.InvalidRules, match="hand_size"):
        Rules(players=6, hand_size=9)
    with pytest.raises(rulebook.InvalidRules, match="first_leader"):
        Rules(players=3, first_leader=4)
    with pytest.raises(rulebook.InvalidRules, match="wheel"):
        Rules(wheel="sideways")


def test_deals_are_validated() -> None:
    """WB-SETUP-1: a deal is an order of the 54 cards."""
    with pytest.raises(ValueError, match="deal 0"):
        GAME.new_game(deals=[list(range(53))])
    with pytest.raises(ValueError, match="deal 0"):
        GAME.new_game(deals=[[0] * 54])


def test_first_leader_and_deal_layout() -> None:
    """WB-SETUP-1, WB-SETUP-2, WB-SETUP-3, WB-SETUP-4, WB-COMP-1."""
    order = list(range(54))
    state = GAME.new_game(Rules(players=3, first_leader=2), deals=[order])
    assert state.hands == (tuple(range(6)), tuple(range(6, 12)), tuple(range(12, 18)))
    assert state.trumps == (18,) and state.drawn == 19 and state.current_player == 2
    assert DECK.size == 54 and len(DECK.suits) == 6 and DECK.ranks == tuple(range(1, 10))
    # WB-RULING-9: four named colours and two placeholders, each with its own letter
    assert [letter for _, letter in DECK.suits] == ["R", "B", "G", "Y", "P", "O"]
    assert DECK.name(C("G8")) == "green 8"


def test_options_pin_the_printed_game() -> None:
    """WB-RULING-1, WB-SETUP-2, WB-RULING-7, WB-RULING-2, WB-TRUMP-1, WB-RULING-3, WB-SETUP-4:
    each option's exact default and declared choices."""
    pinned = {o.name: (o.default, o.choices) for o in GAME.options()}
    assert pinned == {
        "players": (4, (2, 3, 4, 5, 6)),
        "hand_size": (6, (1, 2, 3, 4, 5, 6, 7, 8)),
        "wheel": ("descending", ("descending", "ascending")),
        "must_follow": (False, (False, True)),
        "trump_replacement": (True, (False, True)),
        "replace_before_draw": (True, (False, True)),
        "first_leader": (0, (0, 1, 2, 3, 4, 5)),
    }
    assert list(GAME.player_counts) == [2, 3, 4, 5, 6]
    assert Rules() == Rules(players=4, hand_size=6, wheel="descending", must_follow=False,
                            trump_replacement=True, replace_before_draw=True, first_leader=0)


def test_card_text_and_parse_card() -> None:
    """WB-COMP-1, WB-RULING-9: 54 cards R1..O9, colour letter then number."""
    assert GAME.deck is DECK
    assert [GAME.card_text(c) for c in (0, 8, 9, 26, 53)] == ["R1", "R9", "B1", "G9", "O9"]
    assert GAME.parse_card("g8") == 25 and GAME.parse_card("O9") == 53
    for bad in (54, -1, True, 1.0):
        with pytest.raises(ValueError):
            GAME.card_text(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        GAME.parse_card("R10")
