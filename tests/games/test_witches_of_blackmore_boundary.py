"""The Witches of Blackmore: the input boundary (issue 11) and the pinned printed game (spec prefix WB).

Bad deals, bad actions and bad seats each get a typed error naming the fault; the options'
defaults and choices are pinned to the spec; the observation tensor is checked value by value.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rulebook.errors import IllegalAction
from rulebook.games.witches_of_blackmore import DECK, GAME, Keep, Phase, Play, Replace, Rules, WitchesState

ORDER = tuple(range(54))


# -- deals ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "deal,fault",
    [
        ((True,) + ORDER[1:], "position 0 holds True"),
        ((0.0,) + ORDER[1:], "position 0 holds 0.0"),
        (("0",) + ORDER[1:], "position 0 holds '0'"),
        (ORDER[:-1], "all 54 cards, not 53"),
        (ORDER + (54,), "all 54 cards, not 55"),
        ((0,) * 54, "each once"),
        ((-1,) + ORDER[1:], "each once"),
        ("R1 R2", "tuple or list"),
        ({0: 1}, "tuple or list"),
        (None, "tuple or list"),
    ],
)
def test_bad_deals_name_the_deal_and_the_fault(deal: Any, fault: str) -> None:
    """WB-SETUP-1: a deal is a tuple or list of the 54 card ints, each once; nothing is coerced."""
    with pytest.raises(ValueError, match=f"deal 0: .*{fault}"):
        GAME.check_deal(Rules(), deal, 0)


def test_the_game_has_one_deal() -> None:
    """WB-SETUP-1: one deal per game; a second explicit deal is refused."""
    GAME.check_deal(Rules(), ORDER, 0)
    GAME.check_deal(Rules(), list(ORDER), 0)
    with pytest.raises(ValueError, match=r"deal 1: .*single deal"):
        GAME.check_deal(Rules(), ORDER, 1)
    with pytest.raises(ValueError, match="deal 1"):
        GAME.new_game(deals=[ORDER, ORDER])


# -- actions ----------------------------------------------------------------------------


def _replacing() -> WitchesState:
    state = GAME.new_game(Rules(players=2), deals=[ORDER]).apply(Play(0)).apply(Play(6))
    assert state.phase is Phase.REPLACING and state.current_player == 0
    return state


@pytest.mark.parametrize("card", [True, False, 1.0, "3", None, -1, 54, 10**6, (0,)])
def test_bad_plays_are_illegal_actions(card: Any) -> None:
    """WB-PLAY-1: a card that is not an int the seat holds is refused, never coerced (Play(True)
    is not Play(1), which seat 0 holds) and never an IndexError or TypeError."""
    state = GAME.new_game(Rules(players=2), deals=[ORDER])
    assert Play(1) in state.legal_actions()
    with pytest.raises(IllegalAction, match="WB-PLAY-1") as info:
        state.apply(Play(card))
    assert info.value.rule == "WB-PLAY-1" and repr(card) in str(info.value)


@pytest.mark.parametrize("card", [True, 0.0, "R1", None, -1, 54, 10**6])
def test_bad_replacements_are_illegal_actions(card: Any) -> None:
    """WB-TRUMP-1: only an int card of the trick just won (R1 = 0 or R7 = 6) may become the trump."""
    state = _replacing()
    with pytest.raises(IllegalAction, match="WB-TRUMP-1"):
        state.apply(Replace(card))
    assert state.apply(Replace(0)).trumps == (12, 0)


@pytest.mark.parametrize("action", [None, "play R1", 0, Keep(), Replace(0)])
def test_wrong_kinds_of_action_while_playing(action: Any) -> None:
    """WB-PLAY-1: while playing only a Play is legal."""
    state = GAME.new_game(Rules(players=2), deals=[ORDER])
    with pytest.raises(IllegalAction, match="WB-PLAY-1"):
        state.apply(action)


def test_wrong_kind_of_action_while_replacing_and_after_the_end() -> None:
    """WB-TRUMP-1, WB-END-4: a Play during the decision and anything after the end are illegal."""
    with pytest.raises(IllegalAction, match="WB-TRUMP-1"):
        _replacing().apply(Play(1))
    state = GAME.new_game(Rules(players=2), seed=3)
    rng = random.Random(3)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.legal_actions() == () and state.phase is Phase.OVER
    with pytest.raises(IllegalAction, match="WB-END-4"):
        state.apply(Keep())


# -- seats ------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [-1, 2, 99, None, True, False, 1.0, "0"])
def test_observation_and_resample_refuse_a_seat_that_is_not_one(seat: Any) -> None:
    """WB-INFO-1: only the seats 0..players-1 observe; bools and floats are not seats."""
    state = GAME.new_game(Rules(players=2), seed=1)
    with pytest.raises(ValueError, match=f"seat: {seat!r} is not a seat"):
        state.observation(seat)
    with pytest.raises(ValueError, match="seat"):
        state.observation_tensor(seat)
    with pytest.raises(ValueError, match=f"seat: {seat!r} is not a seat"):
        state.resample(seat, random.Random(0))


# -- the printed game -------------------------------------------------------------------


def test_options_pin_the_printed_game() -> None:
    """WB-RULING-1, WB-SETUP-2, WB-RULING-7, WB-RULING-2, WB-TRUMP-1, WB-RULING-3, WB-SETUP-4:
    each option's exact default and declared choices."""
    pinned = {o.name: (o.default, o.choices) for o in GAME.options()}
    assert pinned == {
        "players": (4, (2, 3, 4, 5, 6)),
        "hand_size": (6, (1, 2, 3, 4, 5, 6, 7, 8)),
        "wheel": ("descending", ("descending", "ascending")),
        "must_follow": (False, (False, True)),
        "trump_replacement": (True, (False, True)),
        "replace_before_draw": (True, (False, True)),
        "first_leader": (0, (0, 1, 2, 3, 4, 5)),
    }
    assert list(GAME.player_counts) == [2, 3, 4, 5, 6]
    assert Rules() == Rules(players=4, hand_size=6, wheel="descending", must_follow=False,
                            trump_replacement=True, replace_before_draw=True, first_leader=0)


# -- the observation tensor -------------------------------------------------------------


def _expected(entries: dict[int, int]) -> tuple[int, ...]:
    out = [0] * 563
    for i, v in entries.items():
        out[i] = v
    return tuple(out)


def test_observation_tensor_value_by_value() -> None:
    """WB-INFO-1, WB-SETUP-3, WB-RANK-2: the documented layout on a scripted two-player position.

    Deal 0..53: seat 0 holds R1..R6 (cards 0-5), seat 1 R7..B3 (6-11), the first trump is B4
    (12), 41 cards are left in the pile. Seat 0 plays R1; we look from seat 1.
    """
    assert GAME.observation_size(Rules(players=2)) == 4 * 54 + 11 + 2 * 167 + 2 == 563
    state = GAME.new_game(Rules(players=2), deals=[ORDER]).apply(Play(0))
    obs = state.observation(1)
    assert obs.pile_size == 41 and obs.hand_sizes == (5, 6) and obs.trick == ((0, 0),)
    row0, row1 = 227, 227 + 167
    entries = {c: 1 for c in range(6, 12)}  # own hand
    entries |= {54 + 12: 1, 108 + 12: 1, 216 + 3: 1, 225: 41, 226: 0}  # trump stack, top, anchor 4, pile
    entries |= {row0 + 108 + 0: 1, row0 + 162: 5, row0 + 164: 1}  # seat 0: R1 in the trick, 5 cards, leads
    entries |= {row1 + 162: 6, row1 + 165: 1, row1 + 166: 1}  # seat 1: 6 cards, to act, observer
    assert state.observation_tensor(1) == _expected(entries)

    # seat 1 plays R7: no trump (blue), red led; from 4 down, 1 beats 7: seat 0 wins and decides
    state = state.apply(Play(6))
    assert state.phase is Phase.REPLACING
    entries = {c: 1 for c in range(1, 6)}  # seat 0's own hand R2..R6
    entries |= {54 + 12: 1, 108 + 12: 1, 162 + 0: 1, 162 + 6: 1, 216 + 3: 1, 225: 41, 226: 1}
    entries |= {row0 + 0: 1, row0 + 6: 1, row0 + 162: 5, row0 + 163: 1 + 7, row0 + 164: 1, row0 + 165: 1,
                row0 + 166: 1}
    entries |= {row1 + 162: 5}
    assert state.observation_tensor(0) == _expected(entries)
    assert state.observation(0).tricks[0].winner == 0


def test_tensor_marks_the_end_and_the_wheel_side() -> None:
    """WB-END-4, WB-COMP-2: the last two entries: game over, ascending wheel."""
    state = GAME.new_game(Rules(players=2, wheel="ascending"), seed=2)
    assert state.observation_tensor(0)[-2:] == (0, 1)
    rng = random.Random(2)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.observation_tensor(0)[-2:] == (1, 1)
    assert state.observation(0).pile_size == 0 and state.observation(0).hand_sizes == (0, 0)
    assert DECK.size == 54


def test_tensor_blocks_of_known_cards_and_captured_piles() -> None:
    """WB-INFO-1, WB-END-2, WB-RULING-12: per seat, the captured pile and the cards it drew from the
    trump stack (public) sit at their documented offsets, exactly."""
    rules = Rules(players=3, trump_replacement=False)
    rng = random.Random(8)
    state = GAME.new_game(rules, seed=8)
    while not any(state.known):
        state = state.apply(rng.choice(state.legal_actions()))
    n, c = 3, 54
    for observer in range(n):
        tensor = state.observation_tensor(observer)
        assert len(tensor) == 4 * c + 11 + n * (3 * c + 5) + 2
        for seat in range(n):
            row = 227 + seat * 167
            assert tensor[row : row + c] == tuple(int(x in state.captured[seat]) for x in range(c))
            assert tensor[row + c : row + 2 * c] == tuple(int(x in state.known[seat]) for x in range(c))
            assert tensor[row + 162 : row + 167] == (
                len(state.hands[seat]), state.scores[seat], int(seat == state.leader),
                int(seat == state.current_player), int(seat == observer),
            )
        assert tensor[225] == 0  # the pile is empty once cards came from the trump stack


# -- from the mutation sample -------------------------------------------------------------


def test_end_stats_count_replacements_exactly() -> None:
    """WB-TRUMP-1, WB-TRUMP-2: end_stats counts the trumps laid and the stack left, exactly."""
    state = GAME.new_game(Rules(players=2), seed=9)
    rng = random.Random(9)
    laid = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        action = legal[0] if type(legal[0]) is Replace and laid < 3 else rng.choice(legal)
        laid += type(action) is Replace
        state = state.apply(action)
    stats = GAME.end_stats(state)
    assert stats == {"replacements": laid, "trump_stack_left": len(state.trumps), "top_score": max(state.scores)}
    assert laid >= 3


def test_action_texts_of_the_edge_cards_and_of_non_cards() -> None:
    """WB-PLAY-1, WB-TRUMP-1: card 0 is R1 and 53 is O9; anything else prints as its repr."""
    assert [str(Play(0)), str(Play(53)), str(Play(54)), str(Replace(True))] == [
        "play R1", "play O9", "play 54", "trump True"
    ]
