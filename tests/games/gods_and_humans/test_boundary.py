"""The gods-and-humans input boundary: deals, actions, seats and options are checked exactly.

Nothing is coerced: a bool, float or str never stands for a card, a number or a seat, and
every bad input gets a typed error naming the field or the rule.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rulebook.errors import IllegalAction, InvalidRules
from rulebook.games.gods_and_humans import GAME, Give, GodsState, Intervene, Oracle, Pass, Phase, Play, Rules
from tests.games.gods_and_humans.test_state import EIGHT, EIGHT_DEAL, SCRIPT, C, cards, eight_start, run

BAD_NUMBERS: tuple[Any, ...] = (True, False, 1.0, 1.5, "3", None, (1,), 10**6, -1)


def illegal(state: GodsState, action: Any) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert str(info.value)  # the message builds
    return info.value


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


@pytest.mark.parametrize("players", [5, 7])
@pytest.mark.parametrize("number", [-1, 6, 99])
def test_oracle_numbers_outside_0_to_5_are_illegal(players: int, number: int) -> None:
    """GH-ORACLE-1, GH-ORACLE-3: an oracle card shows 0..5; any other number is rejected,
    for a god's prediction and for the lone human's."""
    state = GAME.new_game(Rules(players=players, deals=1), seed=3)
    with pytest.raises(IllegalAction) as info:
        state.apply(Oracle(number))
    assert info.value.rule == "GH-ORACLE-1"
    while state.phase == 0:  # the gods choose; then the lone human
        state = state.apply(Oracle(2))
    assert state.phase == 1 and state.current_player == state.lone
    with pytest.raises(IllegalAction) as info:
        state.apply(Oracle(number))
    assert info.value.rule == "GH-ORACLE-3"
    assert state.apply(Oracle(5)).oracle[state.lone] == 5  # by seat
