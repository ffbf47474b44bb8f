"""The shared core: decks, the trick-winner rule and options."""

from __future__ import annotations

import itertools
import random

import pytest

from rulebook.core.cards import Deck
from rulebook.core.options import OptionInfo, check_choice
from rulebook.core.tricks import best_position, trick_winner, win_keys
from rulebook.errors import InvalidRules

DECK = Deck(suits=(("red", "R"), ("blue", "B"), ("green", "G")), ranks=range(1, 6))


def reference(cards: tuple[int, ...], strength: tuple[int, ...], lead: int, trump: int | None) -> int:
    """Sort-based reference: (is trump, is lead, strength), earliest first among equals."""
    def key(pos: int) -> tuple[int, int, int, int]:
        suit = DECK.suit_of[cards[pos]]
        return (suit == trump, suit == lead, strength[cards[pos]], -pos)
    pos = max(range(len(cards)), key=key)
    assert DECK.suit_of[cards[pos]] in (lead, trump)
    return pos


def test_trick_winner_matches_a_sort_based_reference() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        strength = tuple(rng.randrange(0, 8) for _ in DECK.cards)  # ties across suits
        cards = tuple(rng.sample(list(DECK.cards), rng.randint(1, 6)))
        lead = DECK.suit_of[cards[0]]
        trump = rng.choice([None, 0, 1, 2])
        assert trick_winner(cards, DECK.suit_of, strength, lead, trump) == reference(cards, strength, lead, trump)


def test_precomputed_win_keys_give_the_same_winner() -> None:
    """The table form the engines use (win_keys + best_position) is the same rule."""
    rng = random.Random(11)
    for _ in range(3000):
        strength = tuple(rng.randrange(0, 8) for _ in DECK.cards)
        trump = rng.choice([None, 0, 1, 2])
        cards = tuple(rng.sample(list(DECK.cards), rng.randint(1, 6)))
        keys = win_keys(DECK.suit_of, strength, trump)[DECK.suit_of[cards[0]]]
        expected = reference(cards, strength, DECK.suit_of[cards[0]], trump)
        assert best_position(cards, keys) == expected


def test_trick_winner_needs_a_lead_or_trump_card() -> None:
    with pytest.raises(ValueError, match="lead suit"):
        trick_winner((DECK.card(1, 3),), DECK.suit_of, tuple(DECK.rank_of), lead_suit=0, trump_suit=2)


def test_deck_tables_and_text() -> None:
    assert DECK.size == 15 and list(DECK.cards) == list(range(15))
    for suit, rank in itertools.product(range(3), range(1, 6)):
        card = DECK.card(suit, rank)
        assert (DECK.suit_of[card], DECK.rank_of[card]) == (suit, rank)
        assert DECK.parse(DECK.text(card).lower()) == card
    assert DECK.name(DECK.card(2, 4)) == "green 4" and DECK.texts([0, 14]) == "R1 G5"
    with pytest.raises(ValueError, match="not a card"):
        DECK.parse("X9")


def test_check_choice_names_the_field() -> None:
    check_choice("players", 3, range(2, 5))
    with pytest.raises(InvalidRules, match=r"Rules\.players: must be one of 2\.\.6"):
        check_choice("players", 9, range(2, 7))
    with pytest.raises(InvalidRules, match="wheel"):
        check_choice("wheel", True, (False, True, "x")[2:])
    assert OptionInfo("x", 1, "", (1, 2)).choices_text() == "1, 2"
