"""The gods-and-humans rules and components: the deck, the roles, the cards in play, the hand sizes,
the rotation, the options and the deal format (spec prefix GH).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rulebook
from rulebook.core.options import is_option
from rulebook.errors import InvalidRules
from rulebook.games.gods_and_humans import (
    DECK,
    GAME,
    ICONS,
    PLACEHOLDER_STARS,
    Rules,
    cards_in_play,
    hand_size,
    role_counts,
    rotation,
)
from tests.games.gods_and_humans.test_state import C, cards

SPEC = Path(__file__).resolve().parents[3] / "spec" / "gods-and-humans.md"


def test_components() -> None:
    """GH-COMP-1, GH-COMP-2, GH-RULING-10: 48 cards in 4 colours x 1..12; four icons."""
    assert DECK.size == 48
    assert {DECK.text(c)[0] for c in DECK.cards} == {"R", "B", "G", "Y"}
    assert sorted({DECK.rank_of[c] for c in DECK.cards}) == list(range(1, 13))
    assert len(ICONS) == len(set(ICONS)) == 4


def test_role_counts() -> None:
    """GH-ROLE-1: 5 = 3 + 2, 6 = 3 + 3, 7 = 4 + 3, 8 = 4 + 4."""
    assert [role_counts(n) for n in range(5, 9)] == [(3, 2), (3, 3), (4, 3), (4, 4)]
    # GH-ROLE-4: 4 players are 3 humans and 1 god, the only layout they allow (a house rule)
    assert role_counts(4) == (3, 1) and Rules(players=4).god_seats[:2] == ((0,), (1,))
    with pytest.raises(InvalidRules, match="players"):
        Rules(players=9)


def test_three_humans_remove_red_and_the_11s_and_12s() -> None:
    """GH-SETUP-1: 30 cards remain with 3 humans: no red, nothing above 10."""
    three = cards_in_play(3)
    assert len(three) == 30
    assert all(DECK.text(c)[0] != "R" and DECK.rank_of[c] <= 10 for c in three)
    assert len(cards_in_play(4)) == 48


@pytest.mark.parametrize("players,size", [(5, 6), (6, 5), (7, 7), (8, 6)])
def test_hand_sizes_per_player_count(players: int, size: int) -> None:
    """GH-SETUP-2, GH-SETUP-3, GH-SETUP-4: gods get H cards, the field 2H, humans the rest evenly."""
    assert hand_size(players) == size
    h, g = role_counts(players)
    for seed in range(3):
        state = GAME.new_game(Rules(players=players), seed=seed)
        assert [len(state.hands[s]) for s in state.humans] == [size] * h
        assert [len(state.hands[s]) for s in state.gods] == [h] * g
        assert len(state.field) == 2 * h
        # and the marks: one icon per human, the removed icon is not among them (GH-PAIR-1)
        assert len({state.marks[s] for s in state.humans}) == h
        assert all(state.marks[s] == -1 for s in state.gods)


def test_default_rotation_is_fair() -> None:
    """GH-ROLE-2, GH-RULING-8: god counts differ by at most one; no role three deals running."""
    for players in range(5, 9):
        g = role_counts(players)[1]
        for deals in range(1, 9):
            plan = rotation(players, deals)
            assert all(len(d) == g for d in plan)
            counts = [sum(s in d for d in plan) for s in range(players)]
            assert max(counts) - min(counts) <= 1, (players, deals, counts)
        plan = rotation(players, 4)
        for s in range(players):
            roles = [s in d for d in plan]
            assert not any(roles[i] == roles[i + 1] == roles[i + 2] for i in range(2)), (players, s)
    assert Rules(players=5).god_seats == ((0, 1), (2, 3), (0, 4), (1, 2))


def test_explicit_roles_are_used_and_checked() -> None:
    """GH-ROLE-2: an explicit god table per deal; wrong tables name the field."""
    rules = Rules(players=5, deals=2, roles=((3, 4), (0, 2)))
    state = GAME.new_game(rules, seed=4)
    assert state.gods == (3, 4) and state.humans == (0, 1, 2)
    rng = random.Random(0)
    while state.deal == 0:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.gods == (0, 2) and state.humans == (1, 3, 4)
    with pytest.raises(InvalidRules, match="roles"):
        Rules(players=5, deals=2, roles=((3, 4),))
    with pytest.raises(InvalidRules, match="roles"):
        Rules(players=5, deals=1, roles=((3, 3),))
    with pytest.raises(InvalidRules, match="gods"):  # 8 players, 2 gods: 6 humans
        Rules(players=8, deals=1, roles=((0, 1),))
    with pytest.raises(InvalidRules, match="roles"):  # deals of different sizes
        Rules(players=6, deals=2, roles=((0, 1), (2, 3, 4)))
    with pytest.raises(InvalidRules, match="stars"):
        Rules(stars=(1, 2, 3))


def test_placeholder_stars_are_labelled() -> None:
    """GH-SCORE-2, GH-RULING-1: the default stars are a visible placeholder."""
    assert Rules().stars == PLACEHOLDER_STARS == (1, 1, 1, 1, 1, 1)
    text = SPEC.read_text(encoding="utf-8")
    assert "PLACEHOLDER" in text
    info = {o.name: o for o in GAME.options()}
    assert "PLACEHOLDER" in info["stars"].doc


def test_deal_encoding() -> None:
    """GH-SETUP-5: cards to the gods, the field, the humans; icons to marks; the human order pairs."""
    rules = Rules(players=5, deals=1)
    order = cards("B1 B2 B3 G1 G2 G3 Y1 Y2 Y3 Y4 Y5 Y6")
    order += cards("B10 B9 B8 B7 B6 B5 G10 G9 G8 G7 G6 G5 Y10 Y9 Y8 Y7 B4 G4")
    deal = (*order, 2, 0, 3, 1, 1, 0, 2)
    GAME.check_deal(rules, deal, 0)
    state = GAME.new_game(rules, deals=[deal])
    assert state.hands[0] == tuple(sorted(cards("B1 B2 B3")))
    assert state.hands[1] == tuple(sorted(cards("G1 G2 G3")))
    assert state.field == tuple(sorted(cards("Y1 Y2 Y3 Y4 Y5 Y6")))
    assert state.hands[4] == tuple(sorted(cards("Y10 Y9 Y8 Y7 B4 G4")))
    assert state.marks == (-1, -1, 2, 0, 3)  # icon 1 (moon) leaves the game (GH-SETUP-1)
    # GH-PAIR-2, GH-PAIR-3: god 0 gets the set of human index 1 (seat 3), god 1 of index 0 (seat 2)
    assert state.partners == (3, 2, 1, 0, -1) and state.lone == 4
    for bad in (deal[:-1], (*deal[:-3], 0, 0, 1), (*order[:-1], C("R1"), 2, 0, 3, 1, 1, 0, 2)):
        with pytest.raises(ValueError):
            GAME.check_deal(rules, bad, 0)
    with pytest.raises(ValueError):
        GAME.new_game(rules, deals=[deal[::-1]])


def test_registered() -> None:
    assert rulebook.get_game("gods-and-humans") is GAME
    assert GAME.num_distinct_actions() == 6 + 2 + 48 + 48


def test_the_printed_game_is_pinned() -> None:
    """GH-ROLE-1, GH-END-2, GH-ROLE-2, GH-SCORE-2, GH-RULING-1, GH-RULING-3, GH-RULING-4, GH-TRICK-5,
    GH-RULING-7, GH-RULING-16, GH-ROLE-4, GH-SETUP-7, GH-SETUP-8, GH-INTERVENE-5, GH-INTERVENE-6, GH-TRICK-6,
    GH-TRICK-7, GH-END-4, GH-LOGIC-3, GH-INFO-5, GH-INFO-6, GH-INFO-7: every option's default and allowed values, as
    spec gives them."""
    info = {o.name: (o.default, o.choices) for o in GAME.options()}
    assert info == {
        "endings_off": ((), None),
        "players": (5, (4, 5, 6, 7, 8)),
        "deals": (4, (1, 2, 3, 4, 5, 6, 7, 8)),
        "roles": ((), None),
        "stars": ((1, 1, 1, 1, 1, 1), None),
        "mix_sources": (False, (False, True)),
        "early_intervention": (False, (False, True)),
        "red_trump": (True, (False, True)),
        "deal_leader": ("rotate", ("rotate", "lowest_score", "last_winner")),
        "gods": (0, (0, 1, 2, 3, 4)),
        "removed": ((), None),
        "field": (2, (0, 1, 2, 3, 4)),
        "interventions": ("printed", ("printed", "forced_only", "none")),
        "follow": ("must_follow", ("must_follow", "free", "must_trump")),
        "trick_winner": ("highest", ("highest", "lowest")),
        "target": (0, tuple(range(61))),
        "visible.hands": ("owner", ("owner", "all")),
        "visible.pairing": ("owner", ("owner", "all")),
        "visible.oracles": ("owner", ("owner", "from:handover")),
        "visible.field": ("all", ("all",)),
        "visible.trick": ("all", ("all",)),
        "forced_at": (1, tuple(range(1, 13))),
    }
    assert Rules() == Rules(5, 4, (), PLACEHOLDER_STARS, False, False, True, "rotate")
    assert GAME.player_counts == range(5, 9)


def test_card_text_and_parse_card() -> None:
    """GH-COMP-1: cards 0..47 are colour x 12 + number - 1, colours R B G Y."""
    assert [GAME.card_text(c) for c in (0, 11, 12, 18, 35, 36, 47)] == ["R1", "R12", "B1", "B7", "G12", "Y1", "Y12"]
    assert [GAME.parse_card(t) for t in ("R1", "b7", "G12", "y12")] == [0, 18, 35, 47]
    assert all(GAME.parse_card(GAME.card_text(c)) == c for c in range(48))
    for bad in (48, -1, True, 1.0, "R1"):
        with pytest.raises(ValueError):
            GAME.card_text(bad)  # type: ignore[arg-type]
    for text in ("R13", "X1", ""):
        with pytest.raises(ValueError):
            GAME.parse_card(text)


def test_rulesets() -> None:
    """GH-END-2, GH-SETUP-7, GH-ROLE-4, GH-INTERVENE-6, GH-TRICK-6, GH-END-4: the named rulesets start
    with the printed game, build valid Rules, cite spec rules, and play to the end."""
    from rulebook.games.gods_and_humans.rules import RULESETS

    assert GAME.rulesets == RULESETS
    assert RULESETS[0].name == "printed" and dict(RULESETS[0].values) == {}
    names = [r.name for r in RULESETS]
    assert len(set(names)) == len(names)
    text = SPEC.read_text(encoding="utf-8")
    for rs in RULESETS:
        rules = Rules(**rs.values)
        assert all(f"### {rid} ·" in text for rid in rs.rules)
        state = GAME.new_game(rules, seed=1)
        rng = random.Random(1)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        assert 1 <= len(state.past) <= rules.deals
    one = Rules(**dict(RULESETS[names.index("one-god")].values))
    assert (one.players, one.gods) == (5, 1)


def test_spec_annotations_match_the_options() -> None:
    """GH-COMP-1, GH-SETUP-4, GH-SCORE-2, GH-END-2: every `Options:` line of the spec names real options,
    and each such option's ``rules=`` cites that rule; every option cites at least one spec rule."""
    import re

    import attrs

    cited = {f.name: f.metadata.get("rulebook_rules", ()) for f in attrs.fields(Rules) if is_option(f)}
    text = SPEC.read_text(encoding="utf-8")
    seen = 0
    for section in re.split(r"\n(?=### )", text)[1:]:
        rid = section.split()[1]
        for line in section.splitlines():
            if line.startswith("Options:"):
                for name in re.findall(r"`(\w+)`", line):
                    assert rid in cited[name], (name, rid)
                    seen += 1
    assert seen > 30
    assert all(ids and all(f"### {i} ·" in text for i in ids) for ids in cited.values())
