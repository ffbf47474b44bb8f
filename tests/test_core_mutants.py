"""Tests that kill mutants found surviving in ``rulebook/core/`` (issue 11).

Each test states exact values; see ``bench/MUTATION.md`` for the run and the figures.
"""

from __future__ import annotations

import copy

import pytest

from rulebook.core.cards import Deck
from rulebook.core.contract import LogNode, check_seed, log_actions, log_from, log_push
from rulebook.core.history import RoundRecord, ScoreChange, TrickRecord, round_totals
from rulebook.core.options import check_choice
from rulebook.core.tricks import trick_winner
from rulebook.errors import InvalidRules

SUIT_OF = (0, 0, 1, 1, 2, 2)
STRENGTH = (0, 1, 0, 1, 0, 1)


def test_trick_winner_refuses_a_trick_without_lead_suit_or_trump() -> None:
    """No card of the lead suit and no trump: an error, never position 0 by default."""
    with pytest.raises(ValueError, match=r"^no card of the lead suit or trump in the trick$"):
        trick_winner((2, 3), SUIT_OF, STRENGTH, lead_suit=0, trump_suit=None)
    with pytest.raises(ValueError, match=r"^no card of the lead suit or trump in the trick$"):
        trick_winner((4, 2), SUIT_OF, STRENGTH, lead_suit=0, trump_suit=3)
    # the first card may win at position 0 only when it is of the lead suit (or trump)
    assert trick_winner((0, 2, 4), SUIT_OF, STRENGTH, lead_suit=0, trump_suit=None) == 0
    assert trick_winner((2, 0, 5), SUIT_OF, STRENGTH, lead_suit=1, trump_suit=2) == 2


# -- cards.py ------------------------------------------------------------------------------------

SMALL = Deck([("red", "R"), ("blue", "B")], [1, 2, 3])


def test_deck_values_exactly() -> None:
    """Card numbering is suit-major: card = suit * len(ranks) + rank position."""
    assert SMALL.size == 6 and SMALL.cards == range(6)
    assert SMALL.card(0, 1) == 0 and SMALL.card(1, 3) == 5 and SMALL.card(1, 1) == 3
    assert [SMALL.text(c) for c in SMALL.cards] == ["R1", "R2", "R3", "B1", "B2", "B3"]
    assert [SMALL.name(c) for c in (0, 4)] == ["red 1", "blue 2"]
    assert SMALL.parse(" b2 ") == 4 and SMALL.parse("r3") == 2
    assert SMALL.texts([0, 5]) == "R1 B3" and SMALL.texts([]) == ""
    assert SMALL.suit_of == (0, 0, 0, 1, 1, 1) and SMALL.rank_of == (1, 2, 3, 1, 2, 3)
    with pytest.raises(ValueError, match=r"^not a card of this deck: 'R4'$"):
        SMALL.parse("R4")


def test_deck_repr_eq_and_hash_use_only_suits_and_ranks() -> None:
    """The derived tables stay out of repr, equality and hash (a deck is hashable: rules hold decks)."""
    assert repr(SMALL) == "Deck(suits=(('red', 'R'), ('blue', 'B')), ranks=(1, 2, 3))"
    same = Deck((("red", "R"), ("blue", "B")), (1, 2, 3))
    assert same == SMALL and hash(same) == hash(SMALL)
    assert {SMALL: 1}[same] == 1
    assert not hasattr(SMALL, "__dict__")


# -- history.py ----------------------------------------------------------------------------------

TRICK = TrickRecord(7, 1, "b", (("b", 12), ("c", 3), ("a", 40)), "c", "X-TRICK-1")


def test_trick_record_values_exactly() -> None:
    assert TRICK.cards == (12, 3, 40) and TRICK.players == ("b", "c", "a")
    assert TRICK.card_of("b") == 12 and TRICK.card_of("a") == 40 and TRICK.card_of("c") == 3
    assert TRICK.winning_card == 3
    with pytest.raises(KeyError):
        TRICK.card_of("d")


def test_round_records_and_totals_exactly() -> None:
    change = ScoreChange(1, -2, "penalty", "X-SCORE-1")
    rounds = (RoundRecord(0, (5, -2, 0), (change,), "all tricks played", "X-END-1"),
              RoundRecord(1, (1, 4, -3), (), "all tricks played", "X-END-1"))
    assert rounds[0].points_of(1) == -2 and rounds[1].points_of(2) == -3
    assert round_totals(rounds, 3) == (6, 2, -3)
    assert round_totals((), 2) == (0, 0)


def test_records_are_slotted() -> None:
    """Records are built for every trick and round: slotted, with no per-instance ``__dict__``."""
    for record in (TRICK, ScoreChange(0, 1, "r", "X-1"), RoundRecord(0, (1,), (), "", "X-1")):
        assert not hasattr(record, "__dict__")


# -- options.py: see tests/test_options.py ---------------------------------------------------


def test_check_choice_exactly() -> None:
    """A value must be one of the choices and of their type (a bool is not an int); a single choice works."""
    check_choice("x", 1, (1,))
    check_choice("mode", "b", ("a", "b"))
    with pytest.raises(InvalidRules, match=r"must be one of 1\.\.9 \(got 0\)"):
        check_choice("size", 0, range(1, 10))
    with pytest.raises(InvalidRules, match=r"must be one of 0, 1 \(got True\)"):
        check_choice("seat", True, (0, 1))


# -- contract.py ---------------------------------------------------------------------------------


def test_seed_range_bounds_exactly() -> None:
    """Seeds are whole numbers in -2**63 .. 2**64-1, both ends included."""
    assert check_seed(-(2**63)) == -(2**63) and check_seed(-2) == -2 and check_seed(2**64 - 1) == 2**64 - 1
    for bad in (-(2**63) - 1, 2**64):
        with pytest.raises(ValueError, match=r"^seed: must be in -2\*\*63 \.\. 2\*\*64-1"):
            check_seed(bad)


def test_log_equality_copy_and_build_exactly() -> None:
    """A log equals another exactly when it holds the same actions in the same order."""
    xy = log_from(("x", "y"))
    assert xy is not None and xy.actions() == ("x", "y") and log_actions(xy) == ("x", "y")
    assert log_from(()) is None and log_actions(None) == ()
    assert (xy == log_push(log_push(None, "x"), "y")) is True
    assert (xy == log_from(("x", "z"))) is False and (xy != log_from(("x", "z"))) is True
    assert (xy == log_from(("y",))) is False and (xy == log_from(("x", "y", "z"))) is False
    assert LogNode.__eq__(xy, ("x", "y")) is NotImplemented
    assert copy.copy(xy) is xy and copy.deepcopy(xy) is xy
    assert hash(xy) == hash(log_from(["x", "y"])) and repr(xy) == "<log of 2 actions>"


def test_str_of_a_state_is_its_rendered_text() -> None:
    """``str(state)`` is :func:`rulebook.core.render.state_text` of it (contract ``State.__str__``)."""
    from rulebook.core import render
    from rulebook.games.witches_of_blackmore import GAME, Rules

    s = GAME.new_game(Rules(players=2), seed=1)
    text = str(s)
    assert text == render.state_text(s)
    assert text.splitlines()[:3] == [
        "The Witches of Blackmore · 2 players · descending wheel", "to act: seat 1", "scores: seat 1 0  seat 2 0",
    ]  # seats from 1 in text for people
    assert "hand of seat 1: R4 R8 B8 Y1 Y2 P9" in text and "hand of seat 2: R3 R6 G4 Y5 O3 O5" in text
