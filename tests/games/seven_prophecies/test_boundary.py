"""Seven Prophecies: malformed and illegal input at every door (deals, actions, seats)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rulebook.errors import IllegalAction
from rulebook.games.seven_prophecies import GAME, Phase, Play, Prophesy, Rules
from tests.games.seven_prophecies.test_rules import seeded_deal


def prophecy_state(players: int = 3) -> Any:
    return GAME.new_game(Rules(players=players), seed=1)


def trick_state(players: int = 3) -> Any:
    state = prophecy_state(players)
    while state.phase == Phase.PROPHECY:
        state = state.apply(state.legal_actions()[0])
    return state


def final_state() -> Any:
    state = GAME.new_game(Rules(players=3, variant="most-cubes"), seed=2)
    rng = random.Random(2)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda d: (*d[:5], True, *d[6:]), r"deal 0: card 5 must be an int, not bool"),
        (lambda d: (*d[:5], float(d[5]), *d[6:]), r"deal 0: card 5 must be an int, not float"),
        (lambda d: (*d[:5], str(d[5]), *d[6:]), r"deal 0: card 5 must be an int, not str"),
        (lambda d: d[:-1], r"deal 0: a 4-player deal orders the 52 cards in play, not 51"),
        (lambda d: (*d, d[0]), r"deal 0: a 4-player deal orders the 52 cards in play, not 53"),
        (lambda d: (d[1], *d[1:]), r"deal 0: .*each once"),
        (lambda d: (*d[:-1], 52), r"deal 0: .*each once"),
        (lambda d: (*d[:-1], -1), r"deal 0: .*each once"),
        (lambda d: {c: c for c in d}, r"deal 0: must be a tuple or list of card numbers, not dict"),
        (lambda d: "".join(map(chr, d)), r"deal 0: must be a tuple or list of card numbers, not str"),
    ],
)
def test_check_deal_is_type_exact(mutate: Any, message: str) -> None:
    """SP-SETUP-1: a deal is a tuple or list of the 52 card ints, each once; nothing is coerced."""
    rules = Rules(players=4)
    deal = seeded_deal(4, 1)
    GAME.check_deal(rules, deal, 0)
    GAME.check_deal(rules, list(deal), 0)
    with pytest.raises(ValueError, match=message):
        GAME.check_deal(rules, mutate(deal), 0)


def test_three_player_deals_use_44_cards() -> None:
    """SP-SETUP-5: with 3 players a deal orders the 44 cards 1..11 of each suit."""
    rules = Rules(players=3)
    GAME.check_deal(rules, seeded_deal(3, 1), 0)
    with pytest.raises(ValueError, match=r"deal 0: a 3-player deal orders the 44 cards in play, not 52"):
        GAME.check_deal(rules, seeded_deal(4, 1), 0)
    with pytest.raises(ValueError) as info:
        GAME.check_deal(rules, (*seeded_deal(3, 1)[:-1], 12), 0)  # A13 is not in play
    expect = "deal 0: a 3-player deal must order the 44 cards in play (card numbers A1..D11), each once"
    assert str(info.value) == expect


@pytest.mark.parametrize(
    "options,limit",
    [
        ({"players": 3}, 3),
        ({"players": 4}, 4),
        ({"variant": "most-cubes"}, 1),
        ({"variant": "twice", "round_limit": 5}, 5),
    ],
)
def test_no_more_deals_than_rounds(options: dict[str, Any], limit: int) -> None:
    """SP-END-3, SP-VAR-1, SP-VAR-2, SP-RULING-8: one deal per round, so at most Rules.rounds deals."""
    rules = Rules(**options)
    deals = [seeded_deal(rules.players, i) for i in range(limit + 1)]
    GAME.new_game(rules, deals=deals[:limit])
    with pytest.raises(ValueError, match=rf"deal {limit}: .*at most {limit} deals"):
        GAME.new_game(rules, deals=deals)
    for index in (-1, True, 1.0):
        with pytest.raises(ValueError, match="at most"):
            GAME.check_deal(rules, deals[0], index)  # type: ignore[arg-type]


def test_new_game_refuses_a_bool_in_a_deal() -> None:
    """SP-SETUP-1: a bool among the cards never becomes card 1."""
    deal = list(seeded_deal(4, 1))
    deal[deal.index(1)] = True
    with pytest.raises(ValueError, match=r"deals\[0\]\[\d+\]: must be an int, not bool True"):
        GAME.new_game(Rules(players=4), deals=[deal])


@pytest.mark.parametrize(
    "action,message,rule",
    [
        (Prophesy(True), "a place is an int 1..3, not bool", "SP-PROPH-1"),
        (Prophesy(1.0), "a place is an int 1..3, not float", "SP-PROPH-1"),  # type: ignore[arg-type]
        (Prophesy("1"), "a place is an int 1..3, not str", "SP-PROPH-1"),  # type: ignore[arg-type]
        (Prophesy(None), "a place is an int 1..3, not NoneType", "SP-PROPH-1"),  # type: ignore[arg-type]
        (Prophesy(-1), "there is no place -1 with 3 players", "SP-PROPH-1"),
        (Prophesy(0), "there is no place 0 with 3 players", "SP-PROPH-1"),
        (Prophesy(4), "there is no place 4 with 3 players", "SP-PROPH-1"),
        (Prophesy(10**6), "there is no place 1000000 with 3 players", "SP-PROPH-1"),
        (Play(0), "seat 0 must place a prophecy cube", "SP-PROPH-1"),
        (Play(10**6), "seat 0 must place a prophecy cube", "SP-PROPH-1"),
        (None, "seat 0 must place a prophecy cube", "SP-PROPH-1"),
        ("prophesy 1", "seat 0 must place a prophecy cube", "SP-PROPH-1"),
    ],
)
def test_bad_prophecy_actions(action: Any, message: str, rule: str) -> None:
    """SP-PROPH-1: wrong types and ranges are illegal actions citing the rule, never crashes."""
    state = prophecy_state()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.rule == rule
    assert str(info.value) == f"{action} is not legal: {message} [{rule}]"
    assert state.apply(Prophesy(1)).cubes[0] == (1, 0, 0)  # a fresh, equal action is fine


def test_bad_play_actions() -> None:
    """SP-PLAY-1, SP-COMP-1, SP-SETUP-5: wrong types, cards out of range or not in play."""
    state = trick_state()
    seat = state.current_player
    held = state.legal_actions()[0].card
    cases: list[tuple[Any, str, str]] = [
        (Play(True), "play True is not legal: a card is an int 0..64, not bool", "SP-PLAY-1"),
        (Play(float(held)), f"play {float(held)!r} is not legal: a card is an int 0..64, not float", "SP-PLAY-1"),
        (Play("3"), "play '3' is not legal: a card is an int 0..64, not str", "SP-PLAY-1"),
        (Play(-1), "play -1 is not legal: there is no card -1 (cards are 0..64)", "SP-COMP-1"),
        (Play(10**6), "play 1000000 is not legal: there is no card 1000000 (cards are 0..64)", "SP-COMP-1"),
        (Play(65), "play 65 is not legal: there is no card 65 (cards are 0..64)", "SP-COMP-1"),
        (Play(52), "play E1 is not legal: the fifth suit is in play with five players only", "SP-RULING-17"),
        (Play(51), "play D13 is not legal: with 3 players the 12s and 13s are not in play", "SP-SETUP-5"),
        (Prophesy(1), f"prophesy 1 is not legal: seat {seat} must play a card", "SP-PLAY-1"),
        (Prophesy("x"), f"prophesy 'x' is not legal: seat {seat} must play a card", "SP-PLAY-1"),  # type: ignore[arg-type]
    ]
    for action, text, rule in cases:
        with pytest.raises(IllegalAction) as info:
            state.apply(action)
        assert (str(info.value), info.value.rule) == (f"{text} [{rule}]", rule)
    after = state.apply(Play(held))  # a fresh Play of a held int card is the legal move
    assert after == state.apply(state.legal_actions()[0])


def test_nothing_is_legal_after_the_end() -> None:
    """SP-END-3 / SP-VAR-2: the finished game has no legal actions and refuses every action."""
    state = final_state()
    assert state.legal_actions() == () and state.current_player is None and state.phase is Phase.OVER
    for action in (Prophesy(1), Play(0), None):
        with pytest.raises(IllegalAction, match=r"the game is over \[SP-END-3\]"):
            state.apply(action)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [-1, 3, 99, None, True, False, 1.0, "0"])
def test_observation_and_resample_refuse_bad_seats(seat: Any) -> None:
    """SP-INFO-1: only the seats 0..P-1 observe; bools and floats are not seats."""
    state = trick_state()
    message = rf"seat {seat!r} is not a seat of this 3-player game \(seats are the ints 0..2\)"
    for call in (state.observation, state.observation_tensor, lambda s: state.resample(s, random.Random(1))):
        with pytest.raises(ValueError, match=message):
            call(seat)
