"""Seven Prophecies: options, components and the ranking of a trick (SP-COMP, SP-SETUP, SP-RANK).

The reference helpers at the top restate the rules from the source independently of the
engine (ranking, legal cards, a round of places from a deal); the other test files use them.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import rulebook
from rulebook.core.options import is_option
from rulebook.errors import InvalidRules
from rulebook.games.seven_prophecies import DECK, GAME, Play, Rules, places

RED, BLUE, BLACK, WHITE = 0, 1, 2, 3

#: the printed game's numbers and rule choices: tests whose reference restates the printed rules
#: pin these and draw the rest (the property tests draw every option, see ``house_rules``)
PRINTED_SHAPE: dict[str, Any] = {
    "cubes": 7, "tricks": 10, "top_3p": 11, "removed": (), "face_up_3p": 2, "face_up_4p": 0,
    "success_points": 2, "free_cubes": 1, "end": "players", "successes_to_win": 2,
    "follow": "future", "order": "highest", "trump": "future", "cube_penalty": 1,
}


def house_rules(**fixed: Any) -> Any:
    """Random valid ``Rules`` with every option drawn, ``removed`` included (a few cards or numbers)."""
    from hypothesis import strategies as st

    from rulebook.variants.testing import rules_strategy

    # pin the options a fixed player count or variant rules out, so few draws are refused
    if fixed.get("players", 4) != 4:
        fixed.setdefault("partners", False)  # SP-END-7: 4 players only
    if fixed.get("variant", "points") != "points":
        fixed.setdefault("end", "players")  # SP-END-5, SP-END-6: the points game only
    removed = st.lists(
        st.sampled_from(("9", "13", "1", "A5", "B13", "C1", "D7")), max_size=2, unique=True
    ).map(tuple)
    if "removed" in fixed:
        return rules_strategy(GAME, **fixed)
    return removed.flatmap(lambda r: rules_strategy(GAME, removed=r, **fixed))


def visible_cards(obs: Any) -> set[int]:
    """Every card an observation shows."""
    out = set(obs.hand) | set(obs.aside_up) | set(obs.future) | {c for _s, c in obs.trick}
    for trick in obs.round_tricks:
        out |= set(trick.cards)
    return out


SUITS = "ABCD"


def suit(card: int) -> int:
    return card // 13


def number(card: int) -> int:
    return card % 13 + 1


def beats(x: int, x_pos: int, y: int, y_pos: int, future_suit: int) -> bool:
    """Does card ``x`` (played at ``x_pos``) outrank card ``y`` (played at ``y_pos``)?

    SP-RANK-1, SP-RANK-2, SP-RANK-3, stated pairwise.
    """
    x_future = suit(x) == future_suit
    y_future = suit(y) == future_suit
    if x_future != y_future:
        return x_future
    if number(x) != number(y):
        return number(x) > number(y)
    # equal numbers can only be of different suits; the later card is stronger
    return x_pos > y_pos


def reference_places(cards: list[int] | tuple[int, ...], future_suit: int) -> tuple[int, ...]:
    """Place of each card: 1 + how many other cards of the trick outrank it."""
    return tuple(
        1 + sum(1 for j, y in enumerate(cards) if j != i and beats(y, j, x, i, future_suit))
        for i, x in enumerate(cards)
    )


def reference_rule(cards: list[int], winner_card: int, future_suit: int) -> str:
    """Which ranking rule put ``winner_card`` first (SP-RANK-1/2/3), stated from the spec."""
    if suit(winner_card) == future_suit:
        return "SP-RANK-1"
    if sum(1 for c in cards if number(c) == number(winner_card)) > 1:
        return "SP-RANK-3"
    return "SP-RANK-2"


def round_cards(players: int) -> list[int]:
    return [c for c in range(52) if players == 4 or number(c) <= 11]


def legal_cards(hand: list[int], future_suit: int) -> list[int]:
    """SP-PLAY-2: the cards a player may play (sorted)."""
    follow = sorted(c for c in hand if suit(c) == future_suit)
    return follow or sorted(hand)


def simulate_places(deal: tuple[int, ...], players: int, start: int) -> list[list[int]]:
    """Play all ten tricks with 'lowest legal card' and return places[seat][trick]."""
    aside = 4 if players == 3 else 2
    hands = [sorted(deal[aside + 10 * s : aside + 10 * (s + 1)]) for s in range(players)]
    future = deal[aside + 10 * players :]
    out: list[list[int]] = [[] for _ in range(players)]
    leader = start
    for t in range(10):
        fs = suit(future[t])
        cards = []
        for i in range(players):
            s = (leader + i) % players
            c = legal_cards(hands[s], fs)[0]
            hands[s].remove(c)
            cards.append(c)
        pl = reference_places(cards, fs)
        for i, p in enumerate(pl):
            out[(leader + i) % players].append(p)
        leader = (leader + pl.index(1)) % players
    return out


def histogram(places: list[int], players: int) -> list[int]:
    c = Counter(places)
    return [c[p] for p in range(1, players + 1)]


def prophecy_actions(counts: list[int]) -> list[str]:
    """The action texts of a prophecy, in order of place (SP-RULING-4)."""
    return [f"prophesy {p + 1}" for p, k in enumerate(counts) for _ in range(k)]


def seeded_deal(players: int, seed: int) -> tuple[int, ...]:
    cards = round_cards(players)
    random.Random(seed).shuffle(cards)
    return tuple(cards)


def test_equal_numbers_in_other_suits_later_card_ranks_higher() -> None:
    """SP-RANK-3 (the source's example picture); SP-RANK-1, SP-RANK-2: the future suit first."""
    cards = [DECK.parse(t) for t in ("B5", "C5", "A2", "D5")]
    assert places(cards, 0) == (4, 3, 1, 2)
    assert places(cards, 1) == (1, 3, 4, 2)
    assert places([DECK.parse(t) for t in ("C13", "B1")], 1) == (2, 1)


def test_four_player_setup() -> None:
    """SP-COMP-1, SP-SETUP-1, SP-SETUP-2, SP-SETUP-3, SP-RULING-11: hands in seat order, then the row."""
    deal = seeded_deal(4, 5)
    state = GAME.new_game(Rules(players=4), deals=[deal])
    assert state.aside_up == () and state.aside_down == tuple(sorted(deal[:2]))
    for s in range(4):
        assert state.hands[s] == tuple(sorted(deal[2 + 10 * s : 12 + 10 * s]))
    assert state.future == deal[42:]
    assert state.observation(1).future == deal[42:]  # the row is public from the set-up
    assert GAME.num_distinct_actions(Rules(players=4)) == 4 + 52


def test_three_player_setup() -> None:
    """SP-SETUP-5, SP-RULING-6: no 12s or 13s; 2 face-up cards public, 2 unseen never shown."""
    rules = Rules(players=3)
    deal = seeded_deal(3, 5)
    assert len(deal) == 44 and max(DECK.rank_of[c] for c in deal) == 11
    state = GAME.new_game(rules, deals=[deal])
    assert state.aside_up == tuple(sorted(deal[:2]))
    assert state.aside_down == tuple(sorted(deal[2:4]))
    assert [len(h) for h in state.hands] == [10, 10, 10] and len(state.future) == 10
    assert [str(a) for a in state.legal_actions()] == ["prophesy 1", "prophesy 2", "prophesy 3"]
    for seat in range(3):
        obs = state.observation(seat)
        assert obs.aside_up == state.aside_up
        assert not set(state.aside_down) & visible_cards(obs)
    assert GAME.num_distinct_actions(rules) == 3 + 44
    with pytest.raises(ValueError, match="44 cards"):
        GAME.new_game(rules, deals=[seeded_deal(4, 5)])


def test_first_start_player_is_an_option() -> None:
    """SP-SETUP-4, SP-RULING-2: the first start player is Rules.first_player."""
    state = GAME.new_game(Rules(players=4, first_player=2), seed=1)
    assert state.current_player == 2 and state.start == 2
    with pytest.raises(InvalidRules, match="first_player"):
        Rules(players=3, first_player=3)


def test_suits_have_neutral_names() -> None:
    """SP-RULING-12: suits are the letters A-D; SP-RULING-17: a fifth, E, with five players."""
    assert [s[1] for s in DECK.suits] == ["A", "B", "C", "D", "E"]
    assert str(Play(DECK.parse("d13"))) == "play D13"


def test_registered_and_deal_checks() -> None:
    """SP-SETUP-1: deals are checked; the game is registered under its slug."""
    assert rulebook.get_game("seven-prophecies") is GAME
    rules = Rules(players=4)
    with pytest.raises(ValueError, match="each once"):
        GAME.new_game(rules, deals=[(0,) * 52])
    with pytest.raises(ValueError, match="at most 4 deals"):
        GAME.new_game(rules, deals=[seeded_deal(4, i) for i in range(5)])
    assert sorted(round_cards(3)) == sorted(seeded_deal(3, 0))


def test_options_pin_the_printed_game() -> None:
    """SP-SETUP-4, SP-SETUP-5, SP-SCORE-2, SP-VAR-1, SP-VAR-2, SP-RULING-1, SP-RULING-3, SP-RULING-7,
    SP-RULING-8: each option's exact default and declared choices."""
    got = {o.name: (o.default, o.choices) for o in GAME.options()}
    assert got == {
        "players": (4, (3, 4, 5)),
        "variant": ("points", ("points", "twice", "most-cubes")),
        "first_player": (0, (0, 1, 2, 3, 4)),
        "every_place": (False, (False, True)),
        "score_floor": (True, (True, False)),
        "round_limit": (20, tuple(range(2, 41))),
        "twice_ties": ("share", ("share", "last-place")),
        "cubes": (7, tuple(range(1, 11))),
        "tricks": (10, tuple(range(1, 11))),
        "top_3p": (11, tuple(range(1, 14))),
        "removed": ((), None),
        "face_up_3p": (2, tuple(range(0, 5))),
        "face_up_4p": (0, tuple(range(0, 5))),
        "success_points": (2, tuple(range(0, 11))),
        "free_cubes": (1, tuple(range(0, 11))),
        "end": ("players", ("players", "fixed", "target")),
        "round_count": (4, tuple(range(1, 21))),
        "target_score": (7, tuple(range(1, 31))),
        "successes_to_win": (2, tuple(range(1, 6))),
        "follow": ("future", ("future", "free", "led")),
        "order": ("highest", ("highest", "lowest")),
        "trump": ("future", ("future", "none")),
        "partners": (False, (False, True)),
        "secret_prophecy": (True, (True, False)),
        "cube_penalty": (1, (0, 1, 2, 3, 4, 5)),
        "round_start": ("left", ("left", "fixed", "lowest-score", "highest-score")),
        "endings_off": ((), None),
        "visible.future": ("all", ("all", "from:trick")),
        "visible.hands": ("owner", ("owner", "all", "team")),
        "visible.aside": ("none", ("none",)),
        "visible.trick": ("all", ("all",)),
        "dummies": ((), None),
    }
    rules = Rules()
    assert (rules.players, rules.rounds) == (4, 4)
    assert GAME.player_counts == range(3, 6)  # five with a fifth suit (SP-RULING-17)
    assert [Rules(variant=v).rounds for v in ("points", "twice", "most-cubes")] == [4, 20, 1]


def test_card_text_and_parse_card() -> None:
    """SP-COMP-1, SP-RULING-12: card n is suit n // 13 (A-D; E, the fifth suit, SP-RULING-17), number n % 13 + 1."""
    assert [GAME.card_text(c) for c in (0, 12, 13, 36, 51, 52, 64)] == ["A1", "A13", "B1", "C11", "D13", "E1", "E13"]
    assert [GAME.parse_card(t) for t in ("a1", "B1", " c11 ", "D13", "e1")] == [0, 13, 36, 51, 52]
    assert all(GAME.parse_card(GAME.card_text(c)) == c for c in range(65))
    for bad in (65, -1, True, 1.0, "A1"):
        with pytest.raises(ValueError):
            GAME.card_text(bad)  # type: ignore[arg-type]
    for text in ("F1", "A14", "A0", ""):
        with pytest.raises(ValueError):
            GAME.parse_card(text)


def test_reference_ranks_future_suit_first_then_numbers() -> None:
    """SP-RANK-1: A is the future suit here; A2 beats B13."""
    a2, b13, c7, d1 = 1, 13 + 12, 26 + 6, 39
    assert reference_places([b13, a2, c7, d1], 0) == (2, 1, 3, 4)


def test_reference_equal_numbers_later_is_higher() -> None:
    """SP-RANK-3: B5 then C5 then D5 off the future suit A: the last played is highest."""
    b5, c5, d5 = 13 + 4, 26 + 4, 39 + 4
    assert reference_places([b5, c5, d5], 0) == (3, 2, 1)


def test_reference_legal_cards_follow_the_future_suit() -> None:
    """SP-PLAY-2: holding the future suit forces it; without it, anything goes."""
    assert legal_cards([0, 13, 30], 1) == [13]
    assert legal_cards([0, 30], 1) == [0, 30]


# -- house rules as data (issue 22) ---------------------------------------------------


def test_every_option_cites_its_rules() -> None:
    """Every option names the spec rules it changes, and each is a rule of the spec."""
    import pathlib
    import re

    import attrs

    spec = pathlib.Path(__file__).parents[3].joinpath("spec", "seven-prophecies.md").read_text()
    ids = set(re.findall(r"^### (SP-[A-Z]+-[0-9]+) ", spec, re.M))
    for f in filter(is_option, attrs.fields(Rules)):
        cited = f.metadata.get("rulebook_rules")
        assert cited, f.name
        assert set(cited) <= ids, (f.name, set(cited) - ids)


def test_the_printed_tables_are_the_defaults() -> None:
    """SP-COMP-1, SP-COMP-2, SP-SETUP-2, SP-SETUP-5: the defaults give the printed numbers."""
    from rulebook.games.seven_prophecies import aside, in_play

    assert (Rules().cubes, Rules().tricks) == (7, 10)
    assert len(in_play(Rules())) == 52 and aside(Rules()) == (0, 2)
    three = Rules(players=3)
    assert len(in_play(three)) == 44 and max(number(c) for c in in_play(three)) == 11
    assert aside(three) == (2, 2)


@pytest.mark.parametrize(
    "values,field",
    [
        ({"cubes": 0}, "cubes"),
        ({"cubes": 11}, "cubes"),
        ({"cubes": 8, "tricks": 7}, "cubes"),
        ({"tricks": 0}, "tricks"),
        ({"players": 3, "top_3p": 9}, "top_3p"),
        ({"players": 3, "top_3p": 10}, "face_up_3p"),
        ({"removed": ("9", "10")}, "removed"),
        ({"removed": ("F1",)}, "removed"),
        ({"removed": ("14",)}, "removed"),
        ({"removed": ("9", "9")}, "removed"),
        ({"removed": (9,)}, "removed"),
        ({"face_up_4p": 3}, "face_up_4p"),
        ({"face_up_3p": 5}, "face_up_3p"),
        ({"success_points": 11}, "success_points"),
        ({"free_cubes": -1}, "free_cubes"),
        ({"end": "sudden"}, "end"),
        ({"end": "fixed", "variant": "twice"}, "end"),
        ({"round_count": 0}, "round_count"),
        ({"target_score": 31}, "target_score"),
        ({"successes_to_win": 6}, "successes_to_win"),
        ({"follow": "trump"}, "follow"),
        ({"order": "middle"}, "order"),
        ({"every_place": True, "cubes": 3}, "every_place"),
    ],
)
def test_impossible_options_are_refused_naming_the_field(values: dict[str, Any], field: str) -> None:
    """Each option's range and each impossible combination is an ``InvalidRules`` naming the field."""
    with pytest.raises(InvalidRules) as info:
        Rules(**values)
    assert info.value.field == field


def test_removed_cards_leave_the_deck() -> None:
    """SP-COMP-1 with ``removed``: a number takes out all four suits, a card only itself; the
    set-aside cards shrink to what is left (SP-SETUP-2)."""
    from rulebook.games.seven_prophecies import aside, in_play

    rules = Rules(removed=("9",), tricks=9)
    cards = in_play(rules)
    assert len(cards) == 48 and not any(number(c) == 9 for c in cards)
    assert aside(rules) == (0, 3)
    rules = Rules(removed=("a1", "B13"))
    assert rules.removed == ("A1", "B13") and aside(rules) == (0, 0)
    state = GAME.new_game(rules, seed=1)
    assert DECK.parse("A1") not in {c for h in state.hands for c in h} | set(state.future)
    while state.phase == 0:
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(ValueError, match="SP-COMP-1"):
        state.apply(Play(DECK.parse("A1")))


def test_rulesets_build_and_cite_rules() -> None:
    """Every named ruleset builds valid ``Rules``; the printed one is first and empty."""
    from rulebook.games.seven_prophecies import RULESETS

    assert GAME.rulesets == RULESETS and RULESETS[0].name == "printed" and not RULESETS[0].values
    names = [r.name for r in RULESETS]
    assert len(set(names)) == len(names)
    for ruleset in RULESETS:
        rules = Rules(**ruleset.values)
        GAME.new_game(rules, seed=0)
        assert ruleset.name == "printed" or ruleset.rules
    assert Rules(**dict(RULESETS[names.index("six-cubes")].values)).cubes == 6
