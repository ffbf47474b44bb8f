"""Saru Tori Inu I: the input boundary (issue 11) and the printed game's options, pinned.

Every bad input gets a typed error naming the field or the rule: explicit deals, actions
with fields of the wrong type or range, seats that are not seats, and malformed data.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rulebook import IllegalAction, InvalidRules
from rulebook.games.saru_tori_inu_i import (
    DEFAULT_DECK,
    DEFAULT_MISSIONS,
    DEFAULT_TRACK,
    GAME,
    Declare,
    Down,
    Keep,
    Mission,
    OracleCard,
    Pair,
    Place,
    Play,
    Road,
    Rules,
    Take,
    Tier,
    Track,
)
from tests.games.saru_tori_inu_i.test_state import DEAL3, K, card, run

ROUND0 = ("play R8", "play B7", "play K9", "under 1", "take Y9", "under 3", "road B9", "under 2", "take R9")


def start(**options: Any) -> Any:
    return GAME.new_game(Rules(players=3, **options), deals=[DEAL3])


def test_the_printed_game_options_are_pinned() -> None:
    """ST-SETUP-2, ST-SETUP-5, ST-RACE-1, ST-RES-2, ST-RES-4, ST-SCORE-1, ST-RULING-5,
    ST-RULING-8, ST-RULING-10, ST-RULING-11, ST-RULING-12, ST-RULING-20, ST-DATA-2..4,
    ST-ROUND-3, ST-PLAY-4, ST-SCORE-2, ST-ROAD-3, ST-LOGIC-3: each option's default and declared choices,
    exactly."""
    got = {o.name: (o.default, o.choices) for o in GAME.options()}
    assert got == {
        "players": (4, (3, 4)),
        "races": ("full", ("full", "short", "trial", "fixed")),
        "race_number": (4, tuple(range(1, 9))),
        "target_score": (0, tuple(range(0, 201))),
        "rounds_3p": (8, tuple(range(1, 21))),
        "rounds_4p": (6, tuple(range(1, 21))),
        "declaration": ("last", ("last", "off", "anyone")),
        "colour_points": ((4, 3, 2, 1, 0, 0, -3, -1), None),
        "first_player": (0, (0, 1, 2, 3)),
        "tie_ranking": ("competition", ("competition", "dense")),
        "forced_road": ("last_card", ("last_card", "last_take", "off")),
        "pair_placement": ("together", ("together", "separate")),
        "columns": ("setup", ("setup", "round")),
        "column_sharing": ("exclusive", ("exclusive", "shared")),
        "deck": (DEFAULT_DECK, None),
        "missions": (DEFAULT_MISSIONS, None),
        "track": (DEFAULT_TRACK, None),
        "removed": ((), None),
        "squares": ("hop", ("hop", "share")),
        "endings_off": ((), None),
        "visible.hands": ("owner", ("owner", "all")),
        "visible.missions": ("owner", ("owner", "all")),
        "visible.area": ("all", ("all",)),
    }
    assert GAME.player_counts == range(3, 5)
    rules = Rules()
    assert (rules.rounds, rules.race_count) == (6, 4)
    assert (Rules(players=3).rounds, Rules(players=3).race_count) == (8, 3)
    assert (Rules(races="short").race_count, Rules(races="trial").race_count) == (2, 1)
    assert DEFAULT_TRACK == Track((0, 0, 0, 0), (0, 2, 1, 3))
    assert len(DEFAULT_DECK) == 36 and len(DEFAULT_MISSIONS) == 6
    assert GAME.num_distinct_actions(rules) == 231


@pytest.mark.parametrize(
    ("deal", "fault"),
    [
        (DEAL3[:-1] + (5.0,), "number 41 must be an int, not float"),
        ((True,) + DEAL3[1:], "number 0 must be an int, not bool"),
        (DEAL3[:3] + ("3",) + DEAL3[4:], "number 3 must be an int, not str"),
        ("0123", "must be a tuple or list of ints, not str"),
        ({0: 1}, "must be a tuple or list of ints, not dict"),
        (DEAL3[:-1], "must have 42 numbers"),
        ((0,) * 36 + DEAL3[36:], "order the cards"),
        (DEAL3[:36] + (0, 0, 1, 2, 3, 4), "order the missions"),
        (tuple(range(-1, 35)) + DEAL3[36:], "order the cards"),
    ],
)
def test_check_deal_refuses_bad_deals(deal: Any, fault: str) -> None:
    """ST-SETUP-1: a deal is exactly 36 + M ints ordering the cards, then the missions."""
    rules = Rules(players=3)
    with pytest.raises(ValueError, match="deal 0") as info:
        GAME.check_deal(rules, deal, 0)
    assert fault in str(info.value)
    GAME.check_deal(rules, DEAL3, 0)  # the good one passes
    GAME.check_deal(rules, list(DEAL3), 2)


def test_no_more_deals_than_races() -> None:
    """ST-SETUP-1, ST-RACE-1: one deal per race, so at most race_count deals."""
    with pytest.raises(ValueError, match="at most 3 deal"):
        GAME.check_deal(Rules(players=3), DEAL3, 3)
    with pytest.raises(ValueError, match="at most 1 deal"):
        GAME.new_game(Rules(players=3, races="trial"), deals=[DEAL3, DEAL3])
    with pytest.raises(ValueError, match="at most 3 deal"):
        GAME.check_deal(Rules(players=3), DEAL3, -1)
    with pytest.raises(ValueError, match="deal True"):
        GAME.check_deal(Rules(players=3), DEAL3, True)
    assert GAME.new_game(Rules(players=3), deals=[DEAL3] * 3).area == start().area


@pytest.mark.parametrize(
    ("moves", "action", "rule"),
    [
        ((), Play(1.0), "ST-PLAY-1"),  # type: ignore[arg-type]
        ((), Play(True), "ST-PLAY-1"),  # type: ignore[arg-type]
        ((), Play("3"), "ST-PLAY-1"),  # type: ignore[arg-type]
        ((), Play(None), "ST-PLAY-1"),  # type: ignore[arg-type]
        ((), Play(10**6), "ST-PLAY-1"),
        ((), Play(-1), "ST-PLAY-1"),
        ((), Down(2.5), "ST-PLAY-1"),  # type: ignore[arg-type]
        ((), Down(-1), "ST-PLAY-1"),
        (("play R8", "play B7"), Declare(1.5), "ST-PLAY-4"),  # type: ignore[arg-type]
        (("play R8", "play B7"), Declare(True), "ST-PLAY-4"),  # type: ignore[arg-type]
        (("play R8", "play B7"), Declare(10**6), "ST-PLAY-4"),
        (("play R8", "play B7"), Declare(-1), "ST-PLAY-4"),
        (("play R8", "play B7", "declare 10"), Pair("K1"), "ST-PLAY-4"),  # type: ignore[arg-type]
        (("play R8", "play B7", "declare 10"), Pair(-1), "ST-PLAY-4"),
        (("play R8", "play B7", "play K9"), Place(True), "ST-RES-2"),  # type: ignore[arg-type]
        (("play R8", "play B7", "play K9"), Place(0.0), "ST-RES-2"),  # type: ignore[arg-type]
        (("play R8", "play B7", "play K9"), Place("1"), "ST-RES-2"),  # type: ignore[arg-type]
        (("play R8", "play B7", "play K9"), Place(10**6), "ST-RES-2"),
        (("play R8", "play B7", "play K9"), Place(-1), "ST-RES-2"),
        (("play R8", "play B7", "play K9", "under 1"), Take(True), "ST-RES-3"),  # type: ignore[arg-type]
        (("play R8", "play B7", "play K9", "under 1"), Road(24.0), "ST-RES-3"),  # type: ignore[arg-type]
        (("play R8", "play B7", "play K9", "under 1"), Keep("Y9"), "ST-RES-3"),  # type: ignore[arg-type]
        (("play R8", "play B7", "play K9", "under 1"), Take(10**6), "ST-RES-3"),
        (("play R8", "play B7", "play K9", "under 1"), Take(-1), "ST-RES-3"),
        ((), "play R1", "ST-PLAY-1"),
        ((), None, "ST-PLAY-1"),
    ],
)
def test_bad_actions_are_illegal_actions(moves: tuple[str, ...], action: Any, rule: str) -> None:
    """ST-PLAY-1, ST-PLAY-4, ST-RES-2, ST-RES-3: a wrong type or range is an IllegalAction
    citing the rule (never IndexError or TypeError), and the state is unchanged."""
    s = run(start(), *moves)
    before = s.legal_actions()
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    assert info.value.rule == rule and rule in str(info.value)
    assert s.legal_actions() == before


def test_a_column_taken_in_exclusive_mode_and_an_ended_game() -> None:
    """ST-RULING-20, ST-RACE-2: a taken column is refused; nothing is legal once the game is over."""
    s = run(start(), "play R8", "play B7", "play K9", "under 1", "take Y9")
    with pytest.raises(IllegalAction, match="ST-RULING-20"):
        s.apply(Place(0))
    end = GAME.new_game(Rules(players=3, races="trial"), seed=4)
    rng = random.Random(4)
    while not end.is_terminal:
        end = end.apply(rng.choice(end.legal_actions()))
    assert end.legal_actions() == () and end.current_player is None
    with pytest.raises(IllegalAction, match="ST-RACE-2"):
        end.apply(Play(0))


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"deck": "R1 R2"}, "deck"),
        ({"deck": {"a": 1}}, "deck"),
        ({"deck": DEFAULT_DECK[:11]}, "deck"),  # ST-RULING-26: 12 cards at least
        ({"deck": DEFAULT_DECK * 2}, "deck"),  # and 64 at most
        ({"deck": (OracleCard(0, 1.5, (0,)),) + DEFAULT_DECK[1:]}, "deck[0].strength"),  # type: ignore[arg-type]
        ({"deck": (OracleCard(0, True, (0,)),) + DEFAULT_DECK[1:]}, "deck[0].strength"),  # type: ignore[arg-type]
        ({"deck": (OracleCard(True, 1, (0,)),) + DEFAULT_DECK[1:]}, "deck[0].colour"),  # type: ignore[arg-type]
        ({"deck": (OracleCard(0, 1, "01"),) + DEFAULT_DECK[1:]}, "deck[0].icons"),  # type: ignore[arg-type]
        ({"deck": (OracleCard(0, 1, (0.0,)),) + DEFAULT_DECK[1:]}, "deck[0].icons[0]"),  # type: ignore[arg-type]
        ({"deck": (OracleCard(0, 1, (0,), 5),) + DEFAULT_DECK[1:]}, "deck[0].name"),  # type: ignore[arg-type]
        ({"deck": (OracleCard(0, 1, (0,), "os.system"),) + DEFAULT_DECK[1:]}, "deck[0].name"),
        ({"deck": (Tier((), 1),) + DEFAULT_DECK[1:]}, "deck[0]"),
        ({"missions": "race"}, "missions"),
        ({"missions": {"kind": "race"}}, "missions"),
        ({"missions": (Mission("cards", per_card=1.0),) + DEFAULT_MISSIONS[1:]}, "missions[0].per_card"),  # type: ignore[arg-type]
        ({"missions": (Mission("cards", counted=-1.0),) + DEFAULT_MISSIONS[1:]}, "missions[0].counted"),  # type: ignore[arg-type]
        ({"missions": (Mission("cards", condition="eval"),) + DEFAULT_MISSIONS[1:]}, "missions[0].condition"),
        ({"missions": (Mission(["race"]),) + DEFAULT_MISSIONS[1:]}, "missions[0].kind"),  # type: ignore[arg-type]
        ({"missions": (Mission("race", tiers=(Tier(((0, 1.0),), 5),)),) + DEFAULT_MISSIONS[1:]},
         "missions[0].tiers[0].places"),  # type: ignore[arg-type]
        ({"missions": (Mission("race", tiers=(Tier(((0, 1),), True),)),) + DEFAULT_MISSIONS[1:]},
         "missions[0].tiers[0].points"),  # type: ignore[arg-type]
        ({"track": "0000"}, "track"),
        ({"track": Track((0.0, 0, 0, 0))}, "track.start[0]"),  # type: ignore[arg-type]
        ({"track": Track((0, 0, 0))}, "track.start"),  # type: ignore[arg-type]
        ({"track": Track(tie_order=(0, 1, 2, True))}, "track.tie_order[3]"),  # type: ignore[arg-type]
        ({"track": {"start": (0, 0, 0, 0), "run": "print"}}, "track.run"),
    ],
)
def test_malformed_data_is_refused_exactly(options: dict[str, Any], field: str) -> None:
    """ST-DATA-1: the deck, missions and track are checked type by type (no conversion), and
    nothing in them names code: only this module's own records or plain tables are read."""
    with pytest.raises(InvalidRules) as info:
        Rules(players=3, **options)
    assert info.value.field.startswith(field), info.value.field


def test_good_data_in_every_accepted_form() -> None:
    """ST-DATA-1: records, tables and names are all accepted and give the same rules."""
    as_tables = [{"colour": c.colour, "strength": c.strength, "icons": list(c.icons)} for c in DEFAULT_DECK]
    assert Rules(deck=as_tables).deck == DEFAULT_DECK
    assert Rules(track={"start": {"monkey": 0, "dog": 0, "bird": 0, "boar": 0}}).track == DEFAULT_TRACK
    assert Rules(missions=[{"kind": "cards", "counted": "all"}] * 4).missions[0].counted == -1
    # a table's missing mission fields take the Mission defaults, exactly
    assert Mission("cards") == Mission("cards", (), "always", 0, 1, 0, 1, -1)
    assert Rules(missions=[{"kind": "cards"}] * 4).missions[0] == Mission(
        "cards", (), "always", animal=0, place=1, colour=0, per_card=1, counted=-1
    )


def test_data_ranges_are_exact_at_both_ends() -> None:
    """ST-DATA-1: strengths 0..10, 1..8 icons, start squares 0..1000, 3..16 missions, points
    per card -20..20, tier points -100..100, places 1..4: each end is in, one past is out."""
    def deck_with(strength: int, icons: tuple[int, ...] = (0,)) -> tuple[OracleCard, ...]:
        return (OracleCard(0, strength, icons),) + DEFAULT_DECK[1:]

    assert Rules(deck=deck_with(0)).deck[0].strength == 0
    assert Rules(deck=deck_with(10)).deck[0].strength == 10
    assert Rules(deck=deck_with(1, (0,) * 8)).deck[0].icons == (0,) * 8
    for bad, field in ((deck_with(-1), "deck[0].strength"), (deck_with(11), "deck[0].strength"),
                       (deck_with(1, ()), "deck[0].icons"), (deck_with(1, (0,) * 9), "deck[0].icons")):
        with pytest.raises(InvalidRules) as info:
            Rules(deck=bad)
        assert info.value.field == field
    assert Rules(track=Track((1000, 0, 0, 0))).track.start == (1000, 0, 0, 0)
    for squares in ((1001, 0, 0, 0), (0, 0, 0, -1)):
        with pytest.raises(InvalidRules, match=r"track\.start"):
            Rules(track=Track(squares))
    assert len(Rules(players=3, missions=DEFAULT_MISSIONS[:3]).missions) == 3
    assert len(Rules(missions=(DEFAULT_MISSIONS * 3)[:16]).missions) == 16
    with pytest.raises(InvalidRules, match="missions"):
        Rules(missions=(DEFAULT_MISSIONS * 3)[:17])
    for per_card in (-20, 20):
        assert Rules(missions=(Mission("cards", per_card=per_card),) * 4).missions[0].per_card == per_card
    for per_card in (-21, 21):
        with pytest.raises(InvalidRules, match="per_card"):
            Rules(missions=(Mission("cards", per_card=per_card),) * 4)
    for points in (-100, 100):
        m = Mission("race", tiers=(Tier(((0, 1),), points),))
        assert Rules(missions=(m,) * 4).missions[0].tiers[0].points == points
    for points in (-101, 101):
        with pytest.raises(InvalidRules, match="points"):
            Rules(missions=(Mission("race", tiers=(Tier(((0, 1),), points),)),) * 4)
    for place in (0, 5):
        with pytest.raises(InvalidRules, match="places"):
            Rules(missions=(Mission("race", tiers=(Tier(((0, place),), 1),)),) * 4)


def test_placeholder_missions_are_the_spec_table() -> None:
    """ST-DATA-3, ST-RULING-2: the six placeholder missions, exactly as the spec's table."""
    monkey, dog, bird, boar = range(4)
    assert DEFAULT_MISSIONS == (
        Mission("race", tiers=(Tier(((boar, 1), (dog, 2)), 12), Tier(((monkey, 3),), 16))),
        Mission("race", tiers=(Tier(((dog, 1), (bird, 2)), 12), Tier(((boar, 3),), 16))),
        Mission("race", tiers=(Tier(((bird, 1), (monkey, 2)), 12), Tier(((dog, 3),), 16))),
        Mission("cards", condition="every_colour", per_card=1, counted=-1),
        Mission("cards", condition="animal_place", animal=monkey, place=4, per_card=1, counted=-1),
        Mission("cards", condition="colour_first", colour=bird, per_card=1, counted=-1),
    )


def test_deal_messages_are_exact() -> None:
    """ST-SETUP-1: the message names the deal, the race and the fault in full."""
    with pytest.raises(ValueError) as info:
        GAME.check_deal(Rules(players=3), DEAL3[:36] + (0, 0, 1, 2, 3, 4), 1)
    assert str(info.value) == "deal 1 (race 1): the last 6 numbers must order the missions 0..5, each once"
    with pytest.raises(ValueError) as info:
        GAME.check_deal(Rules(players=3), (0,) * 36 + DEAL3[36:], 0)
    assert str(info.value) == "deal 0 (race 0): the first 36 numbers must order the cards 0..35, each once"


def test_engine_invariants_hold_and_catch_corruption() -> None:
    """ST-COMP-1, ST-PLAY-2, ST-SETUP-4, ST-INFO-1: check_invariants passes on a scripted game
    and names the rule of each corruption."""
    s = start()
    for text in (*ROUND0, "play B4", "play K5", "declare 10", "pair R1"):
        GAME.check_invariants(s)
        s = run(s, text)
    GAME.check_invariants(s)
    with pytest.raises(AssertionError, match="ST-PLAY-2"):
        GAME.check_invariants(s.replace(used=s.used | 1))
    with pytest.raises(AssertionError, match="ST-SETUP-4"):
        GAME.check_invariants(s.replace(missions=(0, 0, 1)))
    with pytest.raises(AssertionError, match="ST-COMP-1"):
        GAME.check_invariants(s.replace(road=s.road + (card(K, 1),)))
