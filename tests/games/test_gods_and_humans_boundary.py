"""The gods-and-humans input boundary: deals, actions, seats and options are checked exactly.

Nothing is coerced: a bool, float or str never stands for a card, a number or a seat, and
every bad input gets a typed error naming the field or the rule.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rulebook.errors import IllegalAction, InvalidRules
from rulebook.games.gods_and_humans import (
    GAME,
    PLACEHOLDER_STARS,
    Give,
    GodsState,
    Intervene,
    Oracle,
    Pass,
    Phase,
    Play,
    Rules,
)
from tests.games.test_gods_and_humans import EIGHT, EIGHT_DEAL, C, cards, eight_start, run
from tests.games.test_gods_and_humans_records import SCRIPT

BAD_NUMBERS: tuple[Any, ...] = (True, False, 1.0, 1.5, "3", None, (1,), 10**6, -1)


def illegal(state: GodsState, action: Any) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert str(info.value)  # the message builds
    return info.value


# -- explicit deals ------------------------------------------------------------------------------


def test_check_deal_wants_exact_ints() -> None:
    """GH-SETUP-5: a deal is a tuple or list of ints; bools, floats and strs are refused by name."""
    GAME.check_deal(EIGHT, EIGHT_DEAL, 0)
    GAME.check_deal(EIGHT, list(EIGHT_DEAL), 0)
    first = EIGHT_DEAL[0]  # R1, card 0: False == 0 but is not a card
    for bad in (False, 0.0, "0", None):
        deal = (bad, *EIGHT_DEAL[1:])
        with pytest.raises(ValueError, match=r"deal 0: number 0 must be an int"):
            GAME.check_deal(EIGHT, deal, 0)  # type: ignore[arg-type]
    assert first == 0
    with pytest.raises(ValueError, match="deal 0: number 51 must be an int"):
        GAME.check_deal(EIGHT, (*EIGHT_DEAL[:51], 3.0, *EIGHT_DEAL[52:]), 0)  # type: ignore[arg-type]
    for container in ("".join(map(chr, EIGHT_DEAL)), {0: 1}, set(EIGHT_DEAL), None, 7):
        with pytest.raises(ValueError, match="deal 0: must be a tuple or list"):
            GAME.check_deal(EIGHT, container, 0)  # type: ignore[arg-type]
    short = r"deal 0: has 55 numbers; it needs 48 cards, 4 icons and 4 human indices \(56 numbers\)"
    with pytest.raises(ValueError, match=short):
        GAME.check_deal(EIGHT, EIGHT_DEAL[:-1], 0)


def test_no_more_deals_than_the_game_uses() -> None:
    """GH-END-2: a game of D deals takes at most D explicit deals (index 0..D-1)."""
    with pytest.raises(ValueError, match=r"the game has only 1 deals \(0\.\.0\)"):
        GAME.check_deal(EIGHT, EIGHT_DEAL, 1)
    for index in (-1, True, 1.0):
        with pytest.raises(ValueError, match="the game has only 1 deals"):
            GAME.check_deal(EIGHT, EIGHT_DEAL, index)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="deal 1"):
        GAME.new_game(EIGHT, deals=[EIGHT_DEAL, EIGHT_DEAL])
    two = Rules(players=8, deals=2)
    assert GAME.new_game(two, deals=[EIGHT_DEAL, EIGHT_DEAL]).deal == 0


# -- actions ----------------------------------------------------------------------------------------


def test_malformed_plays_are_illegal_not_type_errors() -> None:
    """GH-TRICK-1: a Play whose card is not an int in the hand is refused with the rule, even
    when it compares equal to a held card (False == 0 == R1, 0.0)."""
    s = run(eight_start(), *SCRIPT[:58])  # the forced cards are taken up; seat 4 leads
    assert s.phase is Phase.PLAY and s.current_player == 4 and s.hands[4] == tuple(sorted(cards("R1 G1 Y1")))
    assert C("R1") == 0
    for bad in (*BAD_NUMBERS, 0.0, "R1"):
        err = illegal(s, Play(bad))
        assert err.rule == "GH-TRICK-1", bad
    assert "must be an int" in str(illegal(s, Play(False)))
    assert "does not hold" in str(illegal(s, Play(10**6)))
    assert "10**6" not in str(illegal(s, Play(10**6))) and "1000000" in str(illegal(s, Play(10**6)))
    for wrong_kind in (Oracle(1), Give(0), Pass(), Intervene(), "play R1", None, 0):
        assert illegal(s, wrong_kind).rule == "GH-TRICK-1"
    assert s.apply(Play(0)).trick == ((4, 0),)  # the real card still plays


def test_malformed_oracles_are_illegal() -> None:
    """GH-ORACLE-1, GH-ORACLE-3: an oracle number is an int 0..5, for a god and for the lone human."""
    s = GAME.new_game(Rules(players=5, deals=1), seed=3)
    for bad in (*BAD_NUMBERS, 6, 5.0):
        assert illegal(s, Oracle(bad)).rule == "GH-ORACLE-1", bad
    s = run(s, "oracle 2", "oracle 2")
    assert s.phase is Phase.LONE
    for bad in (*BAD_NUMBERS, 6):
        assert illegal(s, Oracle(bad)).rule == "GH-ORACLE-3", bad
    assert illegal(s, Play(0)).rule == "GH-ORACLE-1"


def test_malformed_gives_are_illegal() -> None:
    """GH-INTERVENE-2, GH-INTERVENE-3, GH-FORCED-2: gives carry an int card held by the god or on the
    field; True (== 1 == R2, which god 0 holds at the forced gap) is not a card."""
    s = run(eight_start(), *SCRIPT[:8])
    assert s.phase is Phase.ASK
    assert illegal(s, Give(0)).rule == "GH-INTERVENE-2"
    s = run(s, "intervene")
    assert s.phase is Phase.GIVE and s.current_player == 1
    for bad in BAD_NUMBERS:
        assert illegal(s, Give(bad)).rule == "GH-INTERVENE-3", bad
    forced = run(eight_start(), *SCRIPT[:50])
    assert forced.phase is Phase.FORCED and forced.current_player == 0 and 1 in forced.hands[0]
    for bad in BAD_NUMBERS:
        assert illegal(forced, Give(bad)).rule == "GH-FORCED-2", bad
    assert forced.apply(Give(1)).gift == ((4, 1),)  # R2 itself is fine: laid face down for seat 4


def test_the_end_refuses_everything() -> None:
    """GH-END-2: after the last deal nothing is legal, whatever its type."""
    s = run(eight_start(), *SCRIPT)
    assert s.phase is Phase.OVER and s.current_player is None and s.legal_actions() == ()
    for action in (Play(0), Play("3"), Play(10**6), Oracle(True), Give(1.5), Pass(), None):
        assert illegal(s, action).rule == "GH-END-2"


# -- seats --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [-1, 8, 99, None, True, False, 1.0, "1"])
def test_observation_and_resample_refuse_non_seats(seat: Any) -> None:
    """GH-INFO-1, GH-INFO-4: only an int 0..players-1 is a seat."""
    s = eight_start()
    with pytest.raises(ValueError, match=r"seat must be an int in 0\.\.7"):
        s.observation(seat)
    with pytest.raises(ValueError, match=r"seat must be an int in 0\.\.7"):
        s.resample(seat, random.Random(0))
    with pytest.raises(ValueError, match=r"seat must be an int in 0\.\.7"):
        s.observation_tensor(seat)


# -- options ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "stars", ["123456", (1.0, 1, 1, 1, 1, 1), (True, 1, 1, 1, 1, 1), {0: 1}, ("1", 1, 1, 1, 1, 1), 6, None]
)
def test_stars_are_six_exact_ints(stars: Any) -> None:
    """GH-SCORE-2: ``stars`` is a tuple (or list) of six ints; nothing is coerced."""
    with pytest.raises(InvalidRules) as info:
        Rules(stars=stars)
    assert info.value.field == "stars"


@pytest.mark.parametrize(
    "roles",
    [["01"], "01", ((0.0, 1.0),), ((True, 2),), ({0: 1},), {0: (0, 1)}, ((0, "1"),), ((0, 1), 5)],
)
def test_roles_are_tuples_of_exact_ints(roles: Any) -> None:
    """GH-ROLE-2: ``roles`` is one tuple (or list) of int god seats per deal."""
    with pytest.raises(InvalidRules) as info:
        Rules(players=5, deals=1 if len(roles) == 1 else 2, roles=roles)
    assert info.value.field == "roles"


def test_structured_options_accept_lists() -> None:
    """GH-ROLE-2, GH-SCORE-2: lists (as a saved record gives them) become tuples of the same ints."""
    rules = Rules(players=5, deals=2, roles=[[3, 4], [0, 2]], stars=[0, 1, 2, 3, 4, 5])
    assert rules.roles == ((3, 4), (0, 2)) and rules.stars == (0, 1, 2, 3, 4, 5)
    assert rules == Rules(players=5, deals=2, roles=((3, 4), (0, 2)), stars=(0, 1, 2, 3, 4, 5))


@pytest.mark.parametrize("value", ["first", "", None, 0, True])
def test_deal_leader_choices(value: Any) -> None:
    """GH-SETUP-6, GH-RULING-7: deal_leader is one of the named methods."""
    with pytest.raises(InvalidRules) as info:
        Rules(deal_leader=value)
    assert info.value.field == "deal_leader"


def test_the_printed_game_is_pinned() -> None:
    """GH-ROLE-1, GH-END-2, GH-ROLE-2, GH-SCORE-2, GH-RULING-1, GH-RULING-3, GH-RULING-4, GH-TRICK-5,
    GH-RULING-7, GH-RULING-16: every option's default and allowed values, as the spec gives them."""
    info = {o.name: (o.default, o.choices) for o in GAME.options()}
    assert info == {
        "players": (5, (5, 6, 7, 8)),
        "deals": (4, (1, 2, 3, 4, 5, 6, 7, 8)),
        "roles": ((), None),
        "stars": ((1, 1, 1, 1, 1, 1), None),
        "mix_sources": (False, (False, True)),
        "early_intervention": (False, (False, True)),
        "red_trump": (True, (False, True)),
        "deal_leader": ("rotate", ("rotate", "lowest_score", "last_winner")),
    }
    assert Rules() == Rules(5, 4, (), PLACEHOLDER_STARS, False, False, True, "rotate")
    assert GAME.player_counts == range(5, 9)


# -- the deal leader option -----------------------------------------------------------------------------


def test_deal_leader_methods() -> None:
    """GH-SETUP-6, GH-RULING-7: rotate, lowest_score and last_winner pick the first leader of deal 1."""
    base = GAME.new_game(Rules(players=5, deals=2), seed=29)
    rng = random.Random(29)
    actions = []
    s = base
    while s.deal == 0:
        a = rng.choice(s.legal_actions())
        actions.append(a)
        s = s.apply(a)
    last = s.past[0].tricks[-1].winner
    totals = s.scores
    humans = s.humans  # deal 1: gods (2, 3), humans (0, 1, 4)
    assert humans == (0, 1, 4) and totals == (0, 1, 0, 1, 1) and last == 4
    expected = {
        "rotate": humans[1 % 3],
        "lowest_score": min((humans[(1 + k) % 3] for k in range(3)), key=lambda x: totals[x]),
        "last_winner": last if last in humans else humans[1],
    }
    for how, leader in expected.items():
        t = GAME.new_game(Rules(players=5, deals=2, deal_leader=how), seed=29)
        for a in actions:
            t = t.apply(a)
        assert t.deal == 1 and t.leader == leader, how
    # seat 1 by rotation; seat 0, the lowest total, first after it; seat 4 won the last trick
    assert expected == {"rotate": 1, "lowest_score": 0, "last_winner": 4}


# -- the observation tensor, value by value --------------------------------------------------------------

#: the table of docs/games/gods-and-humans.md for N=5 players, D=4 deals: (offset, size, field)
TABLE = (
    (0, 5, "seat"), (5, 4, "deal"), (9, 5, "gods"), (14, 16, "marks"), (30, 7, "phase"),
    (37, 6, "current_player"), (43, 48, "hand"), (91, 192, "human_hands"), (283, 5, "hand_sizes"),
    (288, 48, "field"), (336, 28, "oracle"), (364, 20, "partners"), (384, 5, "lone"), (389, 4, "leader"),
    (393, 192, "trick"), (585, 192, "played"), (777, 4, "won"), (781, 5, "waiting"), (786, 5, "asking"),
    (791, 5, "passes"), (796, 192, "received"), (988, 240, "given"), (1228, 5, "gap"), (1233, 3, "forced"),
    (1236, 5, "scores"), (1241, 20, "past_gods"), (1261, 20, "past_points"), (1281, 16, "past_oracle"),
    (1297, 16, "past_won"),
)  # fmt: skip

FIVE_ORDER = "B1 B2 B3 G1 G2 G3 Y1 Y2 Y3 Y4 Y5 Y6 B10 B9 B8 B7 B6 B5 G10 G9 G8 G7 G6 G5 Y10 Y9 Y8 Y7 B4 G4"
FIVE_DEAL = (*cards(FIVE_ORDER), 0, 1, 2, 3, 1, 0, 2)


def cardrow(text: str) -> list[int]:
    row = [0] * 48
    for c in cards(text):
        row[c] = 1
    return row


def test_tensor_value_by_value() -> None:
    """GH-INFO-1, GH-RULING-5: seat 2 (a human) in the middle of god 0's hand intervention, every
    field of the documented layout at its documented offset."""
    s = GAME.new_game(Rules(players=5), deals=[FIVE_DEAL])
    s = run(s, "oracle 3", "oracle 2", "oracle 1", "play B10", "play G5", "play B4", "pass", "intervene", "give B1")
    assert s.phase is Phase.GIVE and s.current_player == 0 and s.gift == ((2, C("B1")),)
    assert s.observation(2).hand_sizes == (2, 3, 6, 5, 5)  # public counts, by seat
    tensor = s.observation_tensor(2)
    assert GAME.observation_size(Rules(players=5)) == len(tensor) == 1313
    assert [o for o, _, _ in TABLE] == [sum(n for _, n, _ in TABLE[:k]) for k in range(len(TABLE))]
    expected: dict[str, list[int]] = {
        "seat": [0, 0, 1, 0, 0],
        "deal": [1, 0, 0, 0],
        "gods": [1, 1, 0, 0, 0],
        # human index 0, 1, 2 (seats 2, 3, 4) have icons 0, 1, 2; the fourth row is absent
        "marks": [1, 0, 0, 0] + [0, 1, 0, 0] + [0, 0, 1, 0] + [0] * 4,
        "phase": [0, 0, 0, 1, 0, 0, 0],  # give
        "current_player": [1, 0, 0, 0, 0, 0],
        "hand": cardrow("B1 B5 B6 B7 B8 B9"),
        "human_hands": [0] * 192,  # a human sees no other hand
        "hand_sizes": [2, 3, 6, 5, 5],
        "field": cardrow("Y1 Y2 Y3 Y4 Y5 Y6"),
        # its own card 2 (slot 3); the other two humans unknown (slot 0); no fourth human
        "oracle": [0, 0, 0, 1, 0, 0, 0] + [1, 0, 0, 0, 0, 0, 0] * 2 + [0] * 7,
        "partners": [1, 0, 0, 0, 0] * 2 + [0] * 10,  # two gods, partners unknown
        "lone": [0, 0, 0, 1, 0],  # human index 2 (seat 4), public after the hand-over
        "leader": [1, 0, 0, 0],  # seat 2 won trick 0
        "trick": [0] * 192,
        "played": cardrow("B10") + cardrow("G5") + cardrow("B4") + [0] * 48,
        "won": [1, 0, 0, 0],
        "waiting": [1, 1, 0, 0, 0],
        "asking": [0] * 5,
        "passes": [0, 1, 0, 0, 0],
        "received": cardrow("B1") + [0] * 144,
        "given": cardrow("B1") + [0] * 192,
        "gap": [0] * 5,
        "forced": [0, 0, 0],
        "scores": [0] * 5,
        "past_gods": [0] * 20,
        "past_points": [0] * 20,
        "past_oracle": [0] * 16,
        "past_won": [0] * 16,
    }
    for offset, size, name in TABLE:
        assert len(expected[name]) == size, name
        assert list(tensor[offset : offset + size]) == expected[name], name
    # the receiver of a hand card sees it; another human does not, a god does
    other = s.observation_tensor(3)
    assert list(other[796 : 796 + 48]) == [0] * 48 and list(other[988 : 988 + 48]) == [0] * 48
    god = s.observation_tensor(1)
    assert list(god[796 : 796 + 48]) == cardrow("B1")
    assert list(god[364 : 364 + 20]) == [0, 0, 1, 0, 0] + [0, 1, 0, 0, 0] + [0] * 10  # god 0 -> hi 1, god 1 -> hi 0
