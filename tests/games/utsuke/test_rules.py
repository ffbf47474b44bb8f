"""UTSUKE's options, components and game object (``rules.py``, ``actions.py``, ``game.py``): option
validation, the deck and deals, hand sizes, the lord's conduct as a function, the registry (spec
prefix UT)."""

from __future__ import annotations

import pytest

import rulebook
from rulebook.errors import InvalidRules
from rulebook.games.utsuke import DECK, GAME, Rules, npc_card

C = DECK.parse


def test_rules_validation_names_the_field() -> None:
    """UT-SETUP-3, UT-RULING-5: the first lord's seat must exist."""
    with pytest.raises(InvalidRules, match="first_lord"):
        Rules(players=3, first_lord=3)
    with pytest.raises(InvalidRules, match="players"):
        Rules(players=7)
    with pytest.raises(InvalidRules, match="on_loss"):
        Rules(on_loss="nobody")
    assert Rules(players=5, first_lord=4).first_lord == 4


def test_the_follow_and_trick_options_are_validated() -> None:
    """UT-PLAY-4, UT-TRICK-3, UT-TRICK-4: 'must_trump' needs trumps; unknown values are refused."""
    with pytest.raises(InvalidRules, match="follow"):
        Rules(follow="must_trump", trumps="none")
    with pytest.raises(InvalidRules, match="trick_winner"):
        Rules(trick_winner="middle")
    with pytest.raises(InvalidRules, match="trumps"):
        Rules(trumps="hearts")
    assert Rules(follow="free", trumps="none", trick_winner="lowest").trick_winner == "lowest"


def test_deals_are_validated_and_every_round_has_one() -> None:
    """UT-SETUP-4, UT-COMP-1, UT-RULING-13, UT-RULING-17: a deal orders the 60 cards (A1..E12);
    deal i is round i's; the lord's row keeps the dealt order."""
    rules = Rules(players=5)
    with pytest.raises(ValueError, match="deal 0"):
        GAME.new_game(rules, deals=[list(range(59))])
    with pytest.raises(ValueError, match="deal 1"):
        GAME.new_game(rules, deals=[list(range(60)), [0] * 60])
    deal = list(range(60))
    state = GAME.new_game(rules, deals=[deal])
    assert state.hands[0] == tuple(range(10)) and state.lord_row == tuple(range(50, 60))
    reverse = GAME.new_game(rules, deals=[deal[:50] + deal[50:][::-1]])
    assert reverse.lord_row == tuple(range(59, 49, -1))  # the row is in the dealt order
    assert reverse.hands[0] == state.hands[0]
    assert DECK.text(0) == "A1" and DECK.text(59) == "E12"
    assert DECK.size == 60 and {DECK.suit_of[c] for c in DECK.cards} == {0, 1, 2, 3, 4}
    assert sorted(DECK.rank_of[c] for c in DECK.cards if DECK.suit_of[c] == 0) == list(range(1, 13))


def test_hand_sizes_per_player_count() -> None:
    """UT-SETUP-4, UT-SETUP-2: all 60 cards are dealt evenly to players and NPCs."""
    assert [Rules(players=n).tricks_per_round for n in (2, 3, 4, 5)] == [15, 15, 12, 10]
    for n in (2, 3, 4, 5):
        state = GAME.new_game(Rules(players=n), seed=0)
        assert sum(len(h) for h in state.hands) == 60


def test_npc_card_function_matches_each_conduct_rule() -> None:
    """UT-LORD-1..UT-LORD-4 on a bare row (see also the doctest of npc_card)."""
    row = tuple(C(t) for t in ["B3", "A1", "A9", "C12"])
    assert DECK.text(npc_card(row, (), True)) == "B3"  # UT-LORD-1
    assert DECK.text(npc_card(row, (), False)) == "C12"  # UT-LORD-4
    assert DECK.text(npc_card(row, (C("A10"),), False)) == "A9"  # UT-LORD-2
    assert DECK.text(npc_card(row, (C("E10"), C("A2")), False)) == "B3"  # UT-LORD-3
    assert DECK.text(npc_card((C("C12"),), (C("E1"),), False)) == "C12"  # last card: leftmost = rightmost


def test_registry_and_simulation_entry_points() -> None:
    """UT-COMP-1, UT-COMP-3, UT-RULING-18: registered as 'utsuke' for 2-6 players; honour and chips start at 0."""
    game = rulebook.get_game("utsuke")
    assert game is GAME and list(game.player_counts) == [2, 3, 4, 5, 6]
    assert GAME.score_floor(Rules()) == 0
    start = GAME.new_game(Rules(players=3), seed=0)
    assert start.scores == start.honour == (0, 0, 0) and start.chips == (0, 0, 0)


def test_rulesets_build_valid_rules() -> None:
    """UT-SETUP-2, UT-END-6, UT-SCORE-7, UT-LORD-6: every named ruleset, ``printed`` first, names
    known options with exact types and builds valid Rules; each cites spec rules."""
    from pathlib import Path

    from rulebook.games.utsuke.rules import RULESETS

    assert GAME.rulesets is RULESETS
    assert [r.name for r in RULESETS] == ["printed", "two-players", "five-rounds", "short", "exact-three",
                                          "gentle-lord"]
    assert RULESETS[0].values == {} and Rules(**RULESETS[0].values) == Rules()
    spec = (Path(rulebook.__file__).parents[1] / "spec" / "utsuke.md").read_text(encoding="utf-8")
    for ruleset in RULESETS:
        rules = Rules(**ruleset.values)
        for name, value in ruleset.values.items():
            assert type(getattr(rules, name)) is type(value)
        for rule in ruleset.rules:
            assert f"### {rule} ·" in spec
    assert Rules(**RULESETS[1].values).players == 2
    assert Rules(**RULESETS[2].values).end == "rounds"


def test_hand_size_deals_fewer_cards() -> None:
    """UT-SETUP-6: hand_size deals that many cards to each hand and sets the rest aside; a size
    the deck cannot give every hand is refused; 0 deals every card (UT-SETUP-4)."""
    rules = Rules(players=4, hand_size=8)
    assert rules.tricks_per_round == 8
    state = GAME.new_game(rules, seed=3)
    assert [len(h) for h in state.hands] == [8] * 5
    GAME.check_invariants(state)
    assert GAME.max_game_length(rules) == (4 * 2 + 1) * 4 * (1 + 8)
    with pytest.raises(InvalidRules, match="hand_size"):
        Rules(players=5, hand_size=11)
    assert Rules(players=5, hand_size=10).tricks_per_round == Rules(players=5).tricks_per_round == 10
