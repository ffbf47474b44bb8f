"""The Witches of Blackmore's options and components (``rules.py``): the deck, the witches'
wheel, the options' validation and defaults, the deal layout (spec prefix WB)."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

import rulebook
from rulebook.core.options import is_option
from rulebook.games.witches_of_blackmore import DECK, GAME, Play, Rules, wheel_order
from rulebook.games.witches_of_blackmore.rules import RULESETS, tables
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
    """WB-RULING-1, WB-SETUP-2, WB-RULING-7, WB-RULING-2, WB-TRUMP-1, WB-RULING-3, WB-SETUP-4,
    WB-SCORE-4: each option's exact default and declared choices."""
    pinned = {o.name: (o.default, o.choices) for o in GAME.options()}
    assert pinned == {
        "players": (4, (2, 3, 4, 5, 6)),
        "hand_size": (6, tuple(range(1, 28))),
        "wheel": ("descending", ("descending", "ascending")),
        "must_follow": (False, (False, True)),
        "trump_replacement": (True, (False, True)),
        "replace_before_draw": (True, (False, True)),
        "first_leader": (0, (0, 1, 2, 3, 4, 5)),
        "colours": (("R", "B", "G", "Y", "P", "O"), None),
        "ranks": ((1, 2, 3, 4, 5, 6, 7, 8, 9), None),
        "removed": ((), None),
        "first_trump": ("turned", ("turned", "none")),
        "must_trump": (False, (False, True)),
        "trump_colour": (True, (True, False)),
        "wins": ("strongest", ("strongest", "weakest")),
        "points": ((1, 2, 3, 4, 5, 6, 7, 8, 9), None),
        "end": ("printed", ("printed", "tricks", "target")),
        "teams": (False, (False, True)),
        "end_tricks": (8, tuple(range(1, 61))),
        "end_target": (40, tuple(range(1, 501))),
        "endings_off": ((), None),
        "visible.hands": ("owner", ("owner", "all", "team")),
        "visible.trick": ("all", ("all",)),
        "visible.pile": ("none", ("none",)),
        "visible.trumps": ("all", ("all",)),
        "visible.captured": ("all", ("all",)),
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


def test_every_option_cites_its_rules() -> None:
    """Every option names the spec rules it changes, and each of them exists in the spec."""
    spec = (Path(__file__).parents[3] / "spec" / "witches-of-blackmore.md").read_text(encoding="utf-8")
    for field in filter(is_option, attrs.fields(Rules)):
        rules = field.metadata["rulebook_rules"]
        assert rules, field.name
        for rule in rules:
            assert f"### {rule} ·" in spec, (field.name, rule)


def test_deck_options_are_validated_exactly() -> None:
    """WB-COMP-3: colours, ranks and removed cards name real ones, each once; the hands and the
    first trump must fit in what is left (WB-SETUP-2, WB-SETUP-5)."""
    bad = [
        ("colours", {"colours": ()}), ("colours", {"colours": ("R", "R")}), ("colours", {"colours": ("X",)}),
        ("ranks", {"ranks": ()}), ("ranks", {"ranks": (0, 1)}), ("ranks", {"ranks": (2, 1)}),
        ("ranks", {"ranks": (1, 10)}), ("ranks", {"ranks": (1, True)}), ("ranks", {"ranks": "1..8"}),
        ("removed", {"removed": ("R9", "R9")}), ("removed", {"removed": ("Z9",)}), ("removed", {"removed": ("r9",)}),
        ("removed", {"removed": ("R9",), "ranks": (1, 2, 3, 4, 5, 6, 7, 8)}), ("removed", {"removed": (5,)}),
        ("points", {"points": (1, 2, 3)}), ("points", {"points": (1, 2, 3, 4, 5, 6, 7, 8, 100)}),
        ("points", {"points": (1, 2, 3, 4, 5, 6, 7, 8, -1)}),
        ("hand_size", {"players": 6, "hand_size": 8, "ranks": (1, 2, 3, 4, 5, 6, 7, 8)}),
        ("hand_size", {"players": 2, "hand_size": 6, "colours": ("R",), "ranks": (1, 2, 3, 4, 5, 6)}),
        ("end", {"end": "never"}), ("end_tricks", {"end_tricks": 0}), ("end_target", {"end_target": 501}),
        ("first_trump", {"first_trump": "random"}), ("wins", {"wins": "lowest"}),
    ]
    for name, values in bad:
        with pytest.raises(rulebook.InvalidRules, match=name):
            Rules(**values)  # type: ignore[arg-type]
    # exactly enough cards: 2 hands of 6 and the first trump (WB-SETUP-3) or none (WB-SETUP-5)
    Rules(players=2, colours=("R", "B"), ranks=(1, 2, 3, 4, 5, 6, 7), removed=("R7",))
    with pytest.raises(rulebook.InvalidRules, match="hand_size"):
        Rules(players=2, colours=("R", "B"), ranks=(1, 2, 3, 4, 5, 6), removed=())
    Rules(players=2, colours=("R", "B"), ranks=(1, 2, 3, 4, 5, 6), first_trump="none")
    assert Rules(players=2, ranks=[1, 2, 3]).ranks == (1, 2, 3)  # lists become tuples (hashable Rules)


def test_witches_without_the_nines() -> None:
    """WB-COMP-3, WB-COMP-2: ``ranks=1..8`` (or every 9 removed) deals 48 cards and the wheel
    turns over 1..8, so under a trump of 1 on the descending side 8 is next, then 7."""
    for rules in (Rules(ranks=(1, 2, 3, 4, 5, 6, 7, 8)), Rules(removed=("R9", "B9", "G9", "Y9", "P9", "O9"))):
        t = tables(rules)
        assert len(t.cards) == 48 and t.numbers == (1, 2, 3, 4, 5, 6, 7, 8)
        assert all(DECK.rank_of[c] != 9 for c in t.cards)
        state = GAME.new_game(rules, seed=3)
        assert sorted([*state.deck]) == list(t.cards) and GAME.max_game_length(rules) == 2 * (47 + 4)
        assert wheel_order(1, "descending", t.numbers) == (1, 8, 7, 6, 5, 4, 3, 2)
        assert wheel_order(8, "ascending", t.numbers) == (8, 1, 2, 3, 4, 5, 6, 7)
        deck = [C(x) for x in ("G1", "G2")] + [C(x) for x in ("G8", "G7")] + [C("R1")]
        deck += [c for c in t.cards if c not in deck]
        two = attrs.evolve(rules, players=2, hand_size=2)
        state = GAME.new_game(two, deals=[deck])  # seat 0: G1 G2; seat 1: G7 G8; trump R1
        state = state.apply(Play(C("G2"))).apply(Play(C("G8")))
        assert state.captured[1] and not state.captured[0]  # 8 beats 2 under a 1: 1 8 7 ... 2
    with pytest.raises(ValueError, match="deal 0"):
        GAME.new_game(Rules(ranks=(1, 2, 3, 4, 5, 6, 7, 8)), deals=[list(range(54))])


def test_rulesets_are_valid_and_cite_their_rules() -> None:
    """The named rule sets: ``printed`` first with no values, each one valid (WB-COMP-3, WB-END-6,
    WB-PLAY-3, WB-RULING-2, WB-RULING-7)."""
    assert GAME.rulesets is RULESETS and RULESETS[0].name == "printed" and dict(RULESETS[0].values) == {}
    assert [r.name for r in RULESETS] == ["printed", "ascending", "must-follow", "follow-or-trump", "no-nines", "short"]
    for ruleset in RULESETS:
        rules = Rules(**ruleset.values)
        assert set(ruleset.rules) <= {r for f in attrs.fields(Rules) for r in f.metadata.get("rulebook_rules", ())}
        GAME.new_game(rules, seed=1)
    assert len(tables(Rules(**RULESETS[4].values)).cards) == 48


def test_refusals_name_their_field_and_say_why_exactly() -> None:
    """WB-SETUP-2, WB-RULING-14: the field each refusal names and its words (a card named twice, a face-down
    trick with a duty to follow or trump, the cards a deal needs with and without the first trump)."""
    from rulebook.errors import InvalidRules
    from rulebook.games.witches_of_blackmore import Rules

    refusals = [
        (dict(removed=("R1", "R1")), "removed", "a card is named twice in ('R1', 'R1')"),
        (dict(must_follow=True, visible={"trick": "owner"}), "visible.trick",
         "a trick played face down cannot be played with must_follow: the colour led is not seen, so no one "
         "can be held to it (WB-RULING-14)"),
        (dict(must_trump=True, visible={"trick": "none"}), "visible.trick",
         "a trick played face down cannot be played with must_trump: the colour led is not seen, so no one "
         "can be held to it (WB-RULING-14)"),
        (dict(players=6, hand_size=9), "hand_size",
         "6 hands of 9 plus the first trump need 55 cards; the deck has 54 (WB-SETUP-2)"),
        (dict(players=6, hand_size=9, first_trump="none", removed=("R1",)), "hand_size",
         "6 hands of 9 need 54 cards; the deck has 53 (WB-SETUP-2)"),
    ]
    for options, field, message in refusals:
        with pytest.raises(InvalidRules) as refused:
            Rules(**options)  # type: ignore[arg-type]
        assert (refused.value.field, str(refused.value)) == (field, f"Rules.{field}: {message}")
