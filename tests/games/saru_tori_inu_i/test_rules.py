"""Saru Tori Inu I: the rules' options, the components as data (deck, missions, track), data
files, and the deals.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import attrs
import pytest

from rulebook import InvalidRules
from rulebook.games.saru_tori_inu_i import (
    BIRD,
    BOAR,
    DEFAULT_DECK,
    DEFAULT_MISSIONS,
    DOG,
    GAME,
    MONKEY,
    Mission,
    OracleCard,
    Rules,
    Track,
    load_data,
    move_animals,
    race_order,
)
from rulebook.reference import records
from tests.games.saru_tori_inu_i.test_state import K, R, Y, card, new3, review3


def test_deal_is_checked() -> None:
    """ST-SETUP-1: a deal orders the 36 cards, then the missions."""
    with pytest.raises(ValueError, match="cards"):
        GAME.new_game(Rules(players=3), deals=[(0,) * 36 + tuple(range(6))])
    with pytest.raises(ValueError, match="missions"):
        GAME.new_game(Rules(players=3), deals=[tuple(range(36)) + (0, 0, 1, 2, 3, 4)])
    with pytest.raises(ValueError, match="numbers"):
        GAME.new_game(Rules(players=3), deals=[tuple(range(36))])


def test_shared_start_and_tie_order() -> None:
    """ST-COMP-3, ST-ROAD-4, ST-RULING-3, ST-RULING-4, ST-DATA-4: all start on square 0 in
    title order."""
    assert DEFAULT_MISSIONS[0].tiers[0].points == 12
    s = new3()
    assert s.pos == (0, 0, 0, 0)
    assert race_order(s.rules.track, s.pos) == (MONKEY, BIRD, DOG, BOAR)
    assert race_order(Track(tie_order=(BOAR, DOG, BIRD, MONKEY)), (0, 0, 0, 0)) == (BOAR, DOG, BIRD, MONKEY)
    assert move_animals((0, 0, 0, 0), (DOG, BOAR)) == (0, 1, 0, 2)


TOML = """
[track]
start = { monkey = 0, dog = 1, bird = 2, boar = 3 }
tie_order = ["boar", "dog", "bird", "monkey"]

[[missions]]
kind = "race"
tiers = [{ places = { boar = 1, dog = 2 }, points = 12 }, { places = { monkey = 3 }, points = 16 }]

[[missions]]
kind = "cards"
condition = "every_colour"
per_card = 1

[[missions]]
kind = "cards"
condition = "animal_place"
animal = "monkey"
place = 4
counted = "red"

[[missions]]
kind = "cards"
condition = "colour_first"
colour = "black"
per_card = 2
"""


def _deck_toml() -> str:
    """36 cards, colours written four ways (name, animal, letter, number)."""
    out = []
    for i in range(36):
        value = ('"red"', '"dog"', '"Y"', "3")[i // 9]
        strength = i % 9 + 1
        out.append(f'[[deck]]\ncolour = {value}\nstrength = {strength}\nicons = ["bird", "boar"]\n')
    return "\n".join(out)


def test_deck_and_missions_from_a_toml_file(tmp_path: Path) -> None:
    """ST-DATA-1: a deck, missions and a track loaded from TOML; names are filled in."""
    path = tmp_path / "real.toml"
    path.write_text(_deck_toml() + TOML, encoding="utf-8")
    rules = Rules.from_file(path, players=4)
    assert rules.players == 4 and len(rules.deck) == 36 and len(rules.missions) == 4
    assert rules.deck[0] == OracleCard(R, 1, (BIRD, BOAR), "R1")
    assert rules.deck[35] == OracleCard(K, 9, (BIRD, BOAR), "K9")
    assert rules.missions[2] == Mission("cards", (), "animal_place", MONKEY, 4, 0, 1, R)
    assert rules.track == Track((0, 1, 2, 3), (BOAR, DOG, BIRD, MONKEY))
    assert hash(rules) == hash(Rules.from_file(path, players=4))
    state = GAME.new_game(rules, seed=4)
    rng = random.Random(1)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    # the record keeps the custom data and replays
    assert records.replay(records.loads(records.dumps(state)), complete=True) == state
    assert set(load_data(path)) == {"deck", "missions", "track"}


def test_deck_from_a_json_file_with_duplicate_strengths(tmp_path: Path) -> None:
    """ST-DATA-1, ST-COMP-1: JSON; equal colour and strength get distinct names."""
    deck = [{"colour": c, "strength": 5, "icons": [c]} for c in range(4) for _ in range(9)]
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"deck": deck}), encoding="utf-8")
    rules = Rules.from_file(path, players=3)
    names = [c.name for c in rules.deck]
    assert names[:3] == ["R5", "R5-1", "R5-2"] and len(set(names)) == 36
    assert rules.missions == DEFAULT_MISSIONS
    s: Any = GAME.new_game(rules, seed=2)
    assert all(str(a).startswith(("play", "declare")) for a in s.legal_actions())


@pytest.mark.parametrize(
    "edit,field",
    [
        (lambda t: t.replace("strength = 4\n", "strength = 11\n", 1), "deck[3].strength"),
        (lambda t: t.replace("strength = 4\n", 'strength = "four"\n', 1), "deck[3].strength"),
        (lambda t: t.replace('icons = ["bird", "boar"]', 'icons = ["bird", "cat"]', 1), "deck[0].icons[1]"),
        (lambda t: t.replace('icons = ["bird", "boar"]', "icons = []", 1), "deck[0].icons"),
        (lambda t: t.replace('colour = "red"', 'colour = "green"', 1), "deck[0].colour"),
        (lambda t: t.replace('colour = "red"', 'color = "red"\nshade = 1', 1), "deck[0].shade"),
        (lambda t: t.replace('colour = "red"', 'colour = "purple"', 1), "deck[0].colour"),
        (lambda t: t.replace("points = 16", "points = true"), "missions[0].tiers[1].points"),
        (lambda t: t.replace("monkey = 3 }", "monkey = 5 }"), "missions[0].tiers[1].places.monkey"),
        (lambda t: t.replace("monkey = 3 }", "dog = 3 }"), "missions[0].tiers[1].places"),
        (lambda t: t.replace('kind = "race"', 'kind = "racing"'), "missions[0].kind"),
        (lambda t: t.replace('condition = "every_colour"', 'condition = "sometimes"'), "missions[1].condition"),
        (lambda t: t.replace('"boar", "dog", "bird", "monkey"]', '"boar", "dog", "bird", "boar"]'), "track.tie_order"),
        (lambda t: t.replace("start = { monkey = 0, ", "start = { "), "track.start"),
        (lambda t: t + "\n[rules]\nplayers = 3\n", "rules"),
        (lambda t: t + "\n[[deck]]\ncolour = 1\nstrength = 11\nicons = [1]\n", "deck[36].strength"),
        (lambda t: t.replace("[track]", "[track\n"), "file"),
    ],
)
def test_malformed_file_names_the_field(tmp_path: Path, edit: Any, field: str) -> None:
    """ST-DATA-1: a malformed file is rejected with the bad field named."""
    path = tmp_path / "bad.toml"
    path.write_text(edit(_deck_toml() + TOML), encoding="utf-8")
    with pytest.raises(InvalidRules) as info:
        Rules.from_file(path, players=3)
    assert info.value.field == field, str(info.value)
    assert f"Rules.{field}:" in str(info.value)


def test_malformed_json_and_direct_values(tmp_path: Path) -> None:
    """ST-DATA-1: bad JSON; bad values given directly; too few missions for the players."""
    path = tmp_path / "bad.json"
    path.write_text("{deck: }", encoding="utf-8")
    with pytest.raises(InvalidRules, match="not valid JSON"):
        load_data(path)
    with pytest.raises(InvalidRules, match="deck"):
        Rules(deck=DEFAULT_DECK[:11])
    with pytest.raises(InvalidRules, match="missions"):
        Rules(players=4, missions=DEFAULT_MISSIONS[:3])
    with pytest.raises(InvalidRules, match="first_player"):
        Rules(players=3, first_player=3)
    dup = list(DEFAULT_DECK)
    dup[1] = attrs.evolve(dup[1], name="r1")
    with pytest.raises(InvalidRules, match=r"deck\[1\]\.name"):
        Rules(deck=tuple(dup))


def test_placeholder_deck() -> None:
    """ST-DATA-2, ST-RULING-1, ST-COMP-1: strengths 1-9 per colour; the documented icons."""
    assert [c.strength for c in DEFAULT_DECK[:9]] == list(range(1, 10))
    assert DEFAULT_DECK[card(R, 1)].icons == (MONKEY, BIRD, DOG)  # the source's example card
    assert DEFAULT_DECK[card(R, 2)].icons == (MONKEY, BOAR, DOG)
    assert DEFAULT_DECK[card(K, 5)].icons == (BOAR, MONKEY)
    assert DEFAULT_DECK[card(Y, 9)].icons == (BIRD,)
    assert [len(c.icons) for c in DEFAULT_DECK[:9]] == [3, 3, 3, 2, 2, 2, 1, 1, 1]
    assert Rules().deck is DEFAULT_DECK and Rules().track == Track((0, 0, 0, 0), (MONKEY, BIRD, DOG, BOAR))


def test_three_missions_are_enough_for_three_players() -> None:
    """ST-DATA-1, ST-SETUP-4: the missions must number at least the players (and at most
    16); three players need only three."""
    s = review3(missions=3)
    assert len(s.rules.missions) == 3 and s.missions == (0, 1, 2)
    assert len(s.observation_tensor(0)) == GAME.observation_size(s.rules)
    with pytest.raises(InvalidRules, match="missions"):
        Rules(players=4, missions=DEFAULT_MISSIONS[:3])
    with pytest.raises(InvalidRules, match="missions"):
        Rules(players=3, missions=DEFAULT_MISSIONS[:2])
    with pytest.raises(InvalidRules, match="missions"):
        Rules(players=3, missions=DEFAULT_MISSIONS * 3)


@pytest.mark.parametrize(("cardno", "text"), [(0, "R1"), (8, "R9"), (9, "B1"), (22, "Y5"), (35, "K9")])
def test_card_text_and_parse_card(cardno: int, text: str) -> None:
    """ST-COMP-1, ST-DATA-2: the placeholder deck's names, as the actions print them."""
    assert GAME.card_text(cardno) == text and GAME.parse_card(text.lower()) == cardno
    assert Rules().deck[cardno].name == text
    with pytest.raises(ValueError):
        GAME.card_text(36)
    with pytest.raises(ValueError):
        GAME.parse_card("G1")


_THREE_MISSIONS = """
[[missions]]
kind = "race"
tiers = [{ places = { boar = 1, dog = 2 }, points = 12 }]

[[missions]]
kind = "cards"
condition = "always"
per_card = 1

[[missions]]
kind = "cards"
condition = "every_colour"
per_card = 2
"""


def test_a_three_mission_file_validates_only_at_three_players(tmp_path: Path) -> None:
    """ST-SETUP-4, ST-SCORE-5: a file of three missions is valid at 3 players; at 4 the
    refusal names the field, the clash and the ways out."""
    path = tmp_path / "three.toml"
    path.write_text(_THREE_MISSIONS, encoding="utf-8")
    rules = Rules.from_file(path, players=3)
    assert len(rules.missions) == 3
    state = GAME.new_game(rules, seed=2)
    assert sorted(state.missions) == sorted(set(state.missions)) and len(state.missions) == 3
    with pytest.raises(InvalidRules) as info:
        Rules.from_file(path, players=4)
    assert info.value.field == "missions"
    assert "3 mission card(s) cannot deal one to each of 4 players (ST-SETUP-4)" in str(info.value)
    assert "players=3" in str(info.value) and "missions=none" in str(info.value)


def test_printed_tables_are_the_defaults() -> None:
    """ST-SCORE-2, ST-ROUND-3: the printed score table and rounds per race are the options'
    defaults, and the public table follows the option."""
    assert Rules().colour_table == ((4, 3), (2, 1), (0, 0), (-3, -1))
    assert Rules(players=3).rounds == 8 and Rules(players=4).rounds == 6
    assert Rules(players=3, rounds_3p=5).rounds == 5 and Rules(players=4, rounds_4p=3).rounds == 3
    assert Rules(colour_points=(9, 8, 7, 6, 5, 4, 3, 2)).colour_table == ((9, 8), (7, 6), (5, 4), (3, 2))
    with pytest.raises(InvalidRules, match=r"colour_points\[2\]"):
        Rules(colour_points=(4, 3, 21, 1, 0, 0, -3, -1))
    with pytest.raises(InvalidRules, match="colour_points"):
        Rules(colour_points=(4, 3, 2, 1))
    with pytest.raises(InvalidRules, match="rounds_3p"):
        Rules(rounds_3p=0)
    with pytest.raises(InvalidRules, match="declaration"):
        Rules(declaration="first")


def test_options_from_text() -> None:
    """ST-SCORE-2, ST-ROUND-3, ST-PLAY-5, ST-SCORE-5: the house rules as ``--set`` text."""
    from rulebook.core.options import rules_from_mapping

    rules = rules_from_mapping(
        Rules,
        {"rounds_4p": "4", "declaration": "off", "missions": "[]", "colour_points": "[5,3,2,1,0,0,-2,-1]"},
        parse_text=True,
    )
    assert rules.rounds == 4 and rules.declaration == "off" and rules.missions == ()
    assert rules.colour_table[0] == (5, 3)


def test_rulesets() -> None:
    """ST-RACE-1, ST-RACE-4, ST-ROUND-3, ST-PLAY-5, ST-PLAY-6, ST-SCORE-5: the named rulesets, the printed
    game first; each builds valid rules at 3 and 4 players and plays to the end."""
    from rulebook.games.saru_tori_inu_i import RULESETS

    assert GAME.rulesets is RULESETS and RULESETS[0].name == "printed" and RULESETS[0].values == {}
    names = [r.name for r in RULESETS]
    assert names == ["printed", "short", "trial", "quick", "no-declaration", "open-declaration", "first-to-40",
                     "no-missions"]
    for ruleset in RULESETS:
        for players in (3, 4):
            rules = Rules(players=players, **ruleset.values)
            state: Any = GAME.new_game(rules, seed=players)
            rng = random.Random(players)
            while not state.is_terminal:
                state = state.apply(rng.choice(state.legal_actions()))
            assert len(state.rounds) == rules.race_count or rules.target_score
    assert Rules(**RULESETS[3].values).rounds == 4 and Rules(**RULESETS[3].values).race_count == 1


def test_cards_taken_out() -> None:
    """ST-SETUP-6: cards taken out by name or strength are set aside face up with the cards
    left over after an even deal; too few cards left is refused naming the field."""
    from tests.games.saru_tori_inu_i.test_state import DEAL3

    rules = Rules(players=3, removed=("9",), column_sharing="shared")
    s: Any = GAME.new_game(rules, deals=[DEAL3])
    nines = {card(c, 9) for c in range(4)}
    kept = [c for c in DEAL3[:36] if c not in nines]
    assert s.area == tuple((c,) for c in kept[:3])
    assert [len(h) for h in s.hands] == [9, 9, 9]
    assert s.hands[0] == tuple(sorted(kept[3:12]))
    assert set(s.removed) == nines | set(kept[30:])
    assert len(s.removed) == 6
    assert Rules(removed=("r1", "K9")).removed == ("r1", "K9")
    s4: Any = GAME.new_game(Rules(players=4, removed=("R1", "B2", "Y3")), seed=1)
    assert [len(h) for h in s4.hands] == [7, 7, 7, 7] and len(s4.removed) == 4
    with pytest.raises(InvalidRules, match=r"removed\[0\]"):
        Rules(removed=("Z9",))
    with pytest.raises(InvalidRules, match="removed"):
        Rules(players=4, removed=tuple(str(k) for k in range(1, 9)))
