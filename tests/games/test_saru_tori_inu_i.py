"""Saru Tori Inu I: the source's examples, scripted rounds, rulings and data files.

Positions are built from explicit deals (``deal[:3]`` is the oracle area, then the hands,
then the missions' order); a few are adjusted with ``SaruState.replace`` to reach rare cases.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import attrs
import pytest

from rulebook import IllegalAction, InvalidRules, records
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
    SaruState,
    Tier,
    Track,
    colour_places,
    load_data,
    move_animals,
    race_order,
    score_race,
)

R, B, Y, K = range(4)


def card(colour: int, strength: int) -> int:
    """Deck index of a default-deck card."""
    return colour * 9 + strength - 1


# Area Y9 B9 R9; seat 0: R1-R8, B1-B3; seat 1: B4-B8, Y1-Y6; seat 2: Y7, Y8, K1-K9.
AREA = [card(Y, 9), card(B, 9), card(R, 9)]
HAND0 = [card(R, s) for s in range(1, 9)] + [card(B, s) for s in range(1, 4)]
HAND1 = [card(B, s) for s in range(4, 9)] + [card(Y, s) for s in range(1, 7)]
HAND2 = [card(Y, 7), card(Y, 8)] + [card(K, s) for s in range(1, 10)]
DEAL3 = tuple(AREA + HAND0 + HAND1 + HAND2 + list(range(6)))


def run(state: Any, *texts: str) -> Any:
    for text in texts:
        state = state.apply(GAME.parse_action(text, state.rules))
    return state


def texts(state: Any) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def new3(**options: Any) -> SaruState:
    """Three players on DEAL3. These scripted rounds were written for shared columns (the
    reading before ST-RULING-20 was revised), so they keep ``column_sharing='shared'``
    unless told otherwise; the default, exclusive columns, is scripted in
    ``test_saru_tori_inu_i_records.py``."""
    options.setdefault("column_sharing", "shared")
    rules = Rules(players=3, **options)
    state: SaruState = GAME.new_game(rules, deals=[DEAL3])
    return state


# -- set-up ----------------------------------------------------------------------------


def test_setup_from_an_explicit_deal() -> None:
    """ST-SETUP-1, ST-SETUP-2, ST-SETUP-3, ST-SETUP-4, ST-SETUP-5."""
    s = new3()
    assert s.area == ((card(Y, 9),), (card(B, 9),), (card(R, 9),))
    assert s.hands == (tuple(sorted(HAND0)), tuple(sorted(HAND1)), tuple(sorted(HAND2)))
    assert s.missions == (0, 1, 2)
    assert s.current_player == 0 and s.order == (0, 1, 2)
    four = GAME.new_game(Rules(players=4), seed=3)
    assert [len(h) for h in four.hands] == [8, 8, 8, 8] and len(four.area) == 4
    assert GAME.new_game(Rules(players=3, first_player=2), seed=1).current_player == 2


def test_deal_is_checked() -> None:
    """ST-SETUP-1: a deal orders the 36 cards, then the missions."""
    with pytest.raises(ValueError, match="cards"):
        GAME.new_game(Rules(players=3), deals=[(0,) * 36 + tuple(range(6))])
    with pytest.raises(ValueError, match="missions"):
        GAME.new_game(Rules(players=3), deals=[tuple(range(36)) + (0, 0, 1, 2, 3, 4)])
    with pytest.raises(ValueError, match="numbers"):
        GAME.new_game(Rules(players=3), deals=[tuple(range(36))])


# -- a scripted game -------------------------------------------------------------------


def test_round_one_play_declare_and_resolve() -> None:
    """ST-PLAY-1, ST-PLAY-2, ST-PLAY-4, ST-RES-1, ST-RES-2, ST-RES-3, ST-ROAD-1, ST-ROUND-1,
    ST-ROUND-2, ST-RULING-7, ST-RULING-15."""
    s = run(new3(), "play R8")
    with pytest.raises(IllegalAction, match="ST-PLAY-2"):
        s.apply(GAME.parse_action("play B8", s.rules))
    with pytest.raises(IllegalAction, match="ST-PLAY-3"):
        s.apply(GAME.parse_action("down B4", s.rules))
    with pytest.raises(IllegalAction, match="ST-PLAY-4"):
        s.apply(GAME.parse_action("declare 5", s.rules))
    assert "declare 5" not in texts(s) and "play B8" not in texts(s)
    s = run(s, "play B7")
    # the last player may declare any free strength 0..10, whatever it holds (ST-RULING-15)
    assert {f"declare {n}" for n in (0, 1, 2, 3, 4, 5, 6, 9, 10)} <= set(texts(s))
    assert "declare 7" not in texts(s) and "declare 8" not in texts(s)
    s = run(s, "declare 10")
    assert s.current_player == 2 and texts(s)[0] == "pair Y7" and "pair K9" not in texts(s)
    s = run(s, "pair K1")
    with pytest.raises(IllegalAction, match="ST-PLAY-4"):
        s.apply(GAME.parse_action("pair Y7", s.rules))
    s = run(s, "pair K2")
    # resolution from the highest strength: the declared 10, then 8, then 7 (ST-RULING-7)
    assert s.queue == (2, 0, 1) and s.current_player == 2
    assert texts(s) == ["under 1", "under 2", "under 3"]
    s = run(s, "under 1")
    assert s.beneath[0] == (card(K, 1), card(K, 2))
    assert texts(s) == ["take Y9", "road Y9"]
    with pytest.raises(IllegalAction, match="ST-RES-3"):
        s.apply(GAME.parse_action("take B9", s.rules))
    s = run(s, "take Y9", "under 2", "road B9")
    assert s.road == (card(B, 9),) and s.pos == (0, 1, 0, 0)  # B9 moves the dog
    s = run(s, "under 2")
    assert texts(s) == ["take R9", "road R9"]  # road was laid: not forced
    s = run(s, "take R9")
    # ST-ROUND-1: the cards beneath are the new oracle area; ST-ROUND-2: seat 1 played 7
    assert s.area == ((card(K, 1), card(K, 2)), (card(R, 8), card(B, 7)), ())
    assert s.beneath == ((), (), ()) and s.rnd == 1
    assert s.order == (1, 2, 0) and s.current_player == 1
    assert s.acquired == ((), (card(R, 9),), (card(Y, 9),))


def round_two() -> SaruState:
    s = run(
        new3(), "play R8", "play B7", "declare 10", "pair K1", "pair K2",
        "under 1", "take Y9", "under 2", "road B9", "under 2", "take R9",
    )
    return run(s, "play B4", "play K9", "play R1")


def test_two_card_column_and_empty_area() -> None:
    """ST-RES-3 (a column of two: one is chosen, the other leaves), ST-RULING-13."""
    s = run(round_two(), "under 3")
    assert texts(s) == ["take K1", "take K2", "road K1", "road K2"]
    s = run(s, "take K2")
    assert s.removed == (card(K, 1),) and s.area[0] == ()
    s = run(s, "under 3", "road B7")
    assert s.removed == (card(K, 1), card(R, 8)) and s.pos == (0, 2, 0, 0)
    # seat 0 played 1: it places its card, finds the area empty and takes nothing
    assert s.current_player == 0 and texts(s) == ["under 1", "under 2", "under 3"]
    s = run(s, "under 1")
    assert s.rnd == 2 and s.current_player == 0 and s.order == (0, 1, 2)
    assert s.area == ((card(R, 1),), (), (card(K, 9), card(B, 4)))


def test_columns_option_round() -> None:
    """ST-RULING-8: with columns='round' only columns holding a card at the round's start."""
    s = run(
        new3(columns="round"), "play R8", "play B7", "declare 10", "pair K1", "pair K2",
        "under 1", "take Y9", "under 2", "road B9", "under 2", "take R9", "play B4", "play K9", "play R1",
    )
    assert texts(s) == ["under 1", "under 2"]
    with pytest.raises(IllegalAction, match="ST-RES-2"):
        s.apply(GAME.parse_action("under 3", s.rules))
    assert texts(round_two()) == ["under 1", "under 2", "under 3"]


def test_pair_placement_separate() -> None:
    """ST-RULING-5: 'separate' places the declarer's two cards one by one."""
    s = run(new3(pair_placement="separate"), "play R8", "play B7", "declare 10", "pair K1", "pair K2")
    s = run(s, "under 1")
    assert s.current_player == 2 and texts(s) == ["under 1", "under 2", "under 3"]
    s = run(s, "under 3")
    assert s.beneath == ((card(K, 1),), (), (card(K, 2),))
    assert texts(s) == ["take Y9", "road Y9"]
    together = run(new3(), "play R8", "play B7", "declare 10", "pair K1", "pair K2", "under 1")
    assert together.beneath[0] == (card(K, 1), card(K, 2))


def test_forced_road_on_the_last_card() -> None:
    """ST-RES-4, ST-RULING-12: one oracle card left and no road yet: it must become road."""
    s = new3()
    s = s.replace(area=((card(Y, 9),), (), ()))
    s = run(s, "play R8", "play B7", "play K9", "under 1")
    assert texts(s) == ["road Y9"]
    with pytest.raises(IllegalAction, match="ST-RES-4"):
        s.apply(GAME.parse_action("take Y9", s.rules))
    # a last column of two cards: the letter does not force road, 'last_take' does
    two = new3().replace(area=((card(Y, 9), card(B, 9)), (), ()))
    two = run(two, "play R8", "play B7", "play K9", "under 1")
    assert "take Y9" in texts(two)
    two_take = new3(forced_road="last_take").replace(area=((card(Y, 9), card(B, 9)), (), ()))
    two_take = run(two_take, "play R8", "play B7", "play K9", "under 1")
    assert texts(two_take) == ["road Y9", "road B9"]


def test_face_down_play_and_take() -> None:
    """ST-PLAY-3, ST-RES-5, ST-RULING-6, ST-RULING-14: a seat with no playable card plays face
    down, resolves last, lays road if none was laid, else keeps the card; it starts next."""
    s = run(new3(), "play R8")
    rest2 = tuple(c for c in s.hands[2] if c != card(Y, 8))
    s = s.replace(hands=(s.hands[0], (card(B, 8), card(Y, 8)), rest2))
    assert texts(s) == ["down B8", "down Y8"]
    with pytest.raises(IllegalAction, match="ST-PLAY-3"):
        run(new3(), "down R8")
    s = run(s, "down B8")
    assert s.observation(0).plays[1] == () and s.observation(1).plays[1] == (card(B, 8),)
    s = run(s, "play K9")
    assert s.queue == (2, 0, 1)
    s = run(s, "under 1", "take Y9", "under 1", "take B9", "under 2")
    assert s.observation(0).beneath[1] == (card(B, 8),)  # revealed when placed
    assert texts(s) == ["road R9"]  # nobody laid road: the face-down player must
    with pytest.raises(IllegalAction, match="ST-RES-5"):
        s.apply(GAME.parse_action("keep R9", s.rules))
    s = run(s, "road R9")
    assert s.current_player == 1 and s.order == (1, 2, 0)  # ST-ROUND-2: the face-down player
    # with road already laid, the face-down player keeps the card, publicly
    k = run(new3(), "play R8")
    k = k.replace(hands=(k.hands[0], (card(B, 8), card(Y, 8)), rest2))
    k = run(k, "down B8", "play K9", "under 1", "road Y9", "under 1", "take B9", "under 2")
    assert texts(k) == ["keep R9"]
    k = run(k, "keep R9")
    assert k.hands[1] == (card(R, 9), card(Y, 8)) and k.known[1] == (card(R, 9),)
    assert k.observation(0).known_in_hands[1] == (card(R, 9),)


def test_two_face_down_players() -> None:
    """ST-RULING-6: several face-down players resolve in turn order after the others; the
    first lays road (none laid yet), the next keeps; the last of them starts next round."""
    s = new3()
    s = s.replace(hands=(s.hands[0], (card(B, 8), card(Y, 8)), (card(K, 8),)))
    s = run(s, "play R8", "down B8")
    assert texts(s) == ["down K8"]  # one card: no declaration
    s = run(s, "down K8")
    assert s.queue == (0, 1, 2)
    s = run(s, "under 1", "take Y9", "under 1")
    assert texts(s) == ["road B9"]
    s = run(s, "road B9", "under 1")
    assert texts(s) == ["keep R9"]
    s = run(s, "keep R9")
    assert s.current_player == 2 and s.order == (2, 0, 1) and s.hands[2] == (card(R, 9),)


def test_hops_over_occupied_squares() -> None:
    """ST-ROAD-2, ST-ROAD-3: the source's picture: the monkey, with three animals on the next
    three squares, lands on the fourth; then the bird and the dog move the same way."""
    pos = (0, 2, 3, 1)  # monkey 0, dog 2, bird 3, boar 1
    assert move_animals(pos, (MONKEY,)) == (4, 2, 3, 1)
    # the bird hops the monkey (4 -> 5); the dog then finds square 3 free again
    assert move_animals(pos, (MONKEY, BIRD, DOG)) == (4, 3, 5, 1)
    # through the engine: a road card with these icons, from these squares
    deck = list(DEFAULT_DECK)
    deck[card(B, 9)] = OracleCard(B, 9, (MONKEY, BIRD, DOG), "B9")
    s = new3(deck=tuple(deck))
    s = s.replace(pos=pos)
    s = run(s, "play R8", "play B7", "play K9", "under 1", "take Y9", "under 1", "road B9")
    assert s.pos == (4, 3, 5, 1)
    assert race_order(s.rules.track, s.pos) == (BIRD, MONKEY, DOG, BOAR)


def test_shared_start_and_tie_order() -> None:
    """ST-COMP-3, ST-ROAD-4, ST-RULING-3, ST-RULING-4, ST-DATA-4: all start on square 0 in
    title order."""
    assert DEFAULT_MISSIONS[0].tiers[0].points == 12
    s = new3()
    assert s.pos == (0, 0, 0, 0)
    assert race_order(s.rules.track, s.pos) == (MONKEY, BIRD, DOG, BOAR)
    assert race_order(Track(tie_order=(BOAR, DOG, BIRD, MONKEY)), (0, 0, 0, 0)) == (BOAR, DOG, BIRD, MONKEY)
    assert move_animals((0, 0, 0, 0), (DOG, BOAR)) == (0, 1, 0, 2)


# -- scoring --------------------------------------------------------------------------


def _no_missions() -> tuple[Mission, ...]:
    return (Mission("cards", per_card=0),) * 6


def test_source_scoring_example() -> None:
    """ST-SCORE-1, ST-SCORE-2: boar 1st, dog 2nd, bird 3rd, monkey 4th; A holds black 9, B
    black 1 and 4: A is 1st in black, 4 points; B 2nd with two cards, 6 points."""
    rules = Rules(players=3, missions=_no_missions())
    pos = (1, 3, 2, 4)  # monkey, dog, bird, boar
    assert race_order(rules.track, pos) == (BOAR, DOG, BIRD, MONKEY)
    acquired = ((card(K, 9),), (card(K, 1), card(K, 4)), ())
    assert score_race(rules, acquired, pos, (0, 1, 2)) == (4, 6, 0)


def test_colour_ties_and_unplaced_players() -> None:
    """ST-SCORE-1, ST-RULING-11: shared places; 'dense' option."""
    rules = Rules(players=3, missions=_no_missions())
    pos = (1, 3, 2, 4)  # boar 1st, dog 2nd
    tied = ((card(K, 5),), (card(K, 1), card(K, 4)), (card(K, 2),))
    assert score_race(rules, tied, pos, (0, 1, 2)) == (4, 8, 0)  # 5 and 5 share 1st; 2 is 3rd
    dense = Rules(players=3, missions=_no_missions(), tie_ranking="dense")
    assert score_race(dense, tied, pos, (0, 1, 2)) == (4, 8, 3)
    assert colour_places([None, None, 3], "competition") == (0, 0, 1)
    # a monkey in 4th costs its majority holders
    red = ((card(R, 9), card(R, 1)), (card(R, 2),), ())
    assert score_race(rules, red, pos, (0, 1, 2)) == (-6, -1, 0)


def test_missions() -> None:
    """ST-COMP-2, ST-SCORE-3, ST-SCORE-4, ST-RULING-16, ST-RULING-17, ST-DATA-3, ST-RULING-2."""
    rules = Rules(players=3)
    boar_monkey = (3, 2, 1, 4)  # boar 1st, monkey 2nd: the first tier fails
    assert race_order(rules.track, boar_monkey) == (BOAR, MONKEY, DOG, BIRD)
    assert score_race(rules, ((), (), ()), boar_monkey, (0, 1, 2)) == (0, 0, 0)
    pos = (2, 3, 1, 4)  # boar 1st, dog 2nd, monkey 3rd, bird 4th
    assert score_race(rules, ((), (), ()), pos, (0, 1, 2)) == (16, 0, 0)
    pos12 = (1, 3, 2, 4)  # boar, dog, bird, monkey: 12 only
    assert score_race(rules, ((), (), ()), pos12, (0, 1, 2)) == (12, 0, 0)
    every = (card(R, 1), card(B, 1), card(Y, 1), card(K, 1), card(K, 2))
    some = (card(R, 2), card(B, 2))
    flat = Rules(players=3)
    # mission 3: a card of every colour -> 1 per acquired card (+ colour points)
    colour_only = score_race(Rules(players=3, missions=_no_missions()), (every, some, ()), pos12, (0, 1, 2))
    with_missions = score_race(flat, (every, some, ()), pos12, (3, 3, 4))
    assert with_missions[0] - colour_only[0] == 5
    assert with_missions[1] - colour_only[1] == 0  # no yellow, no black
    assert with_missions[2] == 0  # monkey 4th, but no cards acquired
    monkey_last = score_race(flat, (every, some, ()), pos12, (4, 4, 5))
    assert monkey_last[1] - colour_only[1] == 2
    custom = Rules(players=3, missions=(
        Mission("cards", condition="always", per_card=2, counted=K),
        Mission("cards", condition="colour_first", colour=K, per_card=1),
        Mission("race", tiers=(Tier(((BIRD, 4),), 3),)),
        Mission("cards"),
    ))
    base = score_race(Rules(players=3, missions=_no_missions()), (every, (card(K, 9),), ()), pos12, (0, 1, 2))
    got = score_race(custom, (every, (card(K, 9),), ()), pos12, (0, 1, 2))
    assert got[0] - base[0] == 4 and got[1] - base[1] == 1 and got[2] - base[2] == 0


def test_full_game_totals_and_winners() -> None:
    """ST-RACE-1, ST-RACE-2, ST-ROUND-3, ST-RULING-10, ST-RULING-18: totals add up over the
    races; race r starts with seat first_player + r."""
    for races, count in (("trial", 1), ("short", 2), ("full", 4)):
        rules = Rules(players=4, races=races, first_player=1)
        s: Any = GAME.new_game(rules, seed=11)
        starts = [s.current_player]
        rng = random.Random(2)
        while not s.is_terminal:
            before = s.race
            s = s.apply(rng.choice(s.legal_actions()))
            if s.race != before:
                starts.append(s.current_player)
        assert len(s.results) == count and rules.race_count == count
        assert starts == [(1 + r) % 4 for r in range(count)]
        assert s.rounds_played == count * 6
        assert s.scores == tuple(map(sum, zip(*s.results)))
        best = max(s.scores)
        assert s.winners == {i for i, v in enumerate(s.scores) if v == best}
        with pytest.raises(IllegalAction, match="ST-RACE-2"):
            s.apply(GAME.decode_action(0, rules))
        stats = GAME.end_stats(s)
        assert stats["races"] == count and stats["rounds"] == count * 6


def test_running_out_of_cards() -> None:
    """ST-PLAY-1, ST-RULING-9: a seat with no cards sits out; the last player is the last
    seat with cards."""
    s = new3()
    s = s.replace(hands=(s.hands[0], (), s.hands[2]), order=(0, 2))
    s = run(s, "play R8")
    assert s.current_player == 2 and any(t.startswith("declare") for t in texts(s))
    s = run(s, "play K9", "under 1", "take Y9", "under 1", "road B9")
    assert s.order == (0, 2) and s.current_player == 0  # seat 0 played the lowest


# -- information ----------------------------------------------------------------------


def test_missions_hidden_until_scoring() -> None:
    """ST-INFO-1, ST-SETUP-4, ST-RULING-19: another seat's mission is not in the observation;
    after the race it is revealed."""
    s = new3(races="trial")
    other = s.replace(missions=(0, 5, 2))
    assert s.observation(0) == other.observation(0)
    assert s.observation_tensor(0) == other.observation_tensor(0)
    assert s.observation(1) != other.observation(1)
    rng = random.Random(0)
    while not s.is_terminal:
        s = s.apply(rng.choice(s.legal_actions()))
    assert s.observation(0).revealed == ((0, 1, 2),)


# -- data files -------------------------------------------------------------------------


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
        (lambda t: t.replace('colour = "red"', 'colour = "dog"', 1), "deck"),
        (lambda t: t.replace("points = 16", "points = true"), "missions[0].tiers[1].points"),
        (lambda t: t.replace("monkey = 3 }", "monkey = 5 }"), "missions[0].tiers[1].places.monkey"),
        (lambda t: t.replace("monkey = 3 }", "dog = 3 }"), "missions[0].tiers[1].places"),
        (lambda t: t.replace('kind = "race"', 'kind = "racing"'), "missions[0].kind"),
        (lambda t: t.replace('condition = "every_colour"', 'condition = "sometimes"'), "missions[1].condition"),
        (lambda t: t.replace('"boar", "dog", "bird", "monkey"]', '"boar", "dog", "bird", "boar"]'), "track.tie_order"),
        (lambda t: t.replace("start = { monkey = 0, ", "start = { "), "track.start"),
        (lambda t: t + "\n[rules]\nplayers = 3\n", "rules"),
        (lambda t: t + "\n[[deck]]\ncolour = 1\nstrength = 1\nicons = [1]\n", "deck"),
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
        Rules(deck=DEFAULT_DECK[:35])
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


def test_heuristic_plays_legal_moves_and_tensor_size() -> None:
    """ST-INFO-1: the tensor has the stated size; the heuristic player stays legal."""
    for players in (3, 4):
        rules = Rules(players=players, races="trial")
        s: Any = GAME.new_game(rules, seed=players)
        rng = random.Random(players)
        while not s.is_terminal:
            assert len(s.observation_tensor(s.current_player)) == GAME.observation_size(rules)
            a = GAME.heuristic_action(s, rng)
            assert a in s.legal_actions()
            s = s.apply(a)
        assert len(s.results) == 1
