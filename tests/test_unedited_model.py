"""The unedited model plays exactly the printed game (issue 40): the general path with no edit, and with
sights equal to the printed ones, makes the very moves, positions, views, tensors, redraws, records and
scores of each engine's fast path, over random games and random valid ``Rules`` at every player count
(the ``ci`` profile; the quick ``dev`` profile takes each game's smallest and largest count).

WB-INFO-1, SP-INFO-1, UT-INFO-1, GH-INFO-1, ST-INFO-1: the zones as printed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulebook
from rulebook.variants.phases import PhasedState, phased_state
from rulebook.variants.testing import player_count_cases, rules_strategy

CASES = player_count_cases()


def _same_game(fast: Any, general: Any, seed: int) -> int:
    """Play ``fast`` and ``general`` side by side with the same random moves; every fact the contract
    gives must agree at every position (the redraws: the same world, compared zone by zone where the two
    say the printed sight in other words). The number of moves played."""
    assert isinstance(general, PhasedState) and not isinstance(fast, PhasedState)
    rng = random.Random(seed)
    players = fast.rules.players
    game = type(fast).GAME
    moves = 0
    while True:
        assert general.current_player == fast.current_player
        assert general.is_terminal == fast.is_terminal
        assert general.scores == fast.scores
        assert general.history == fast.history
        assert general.tricks == fast.tricks and general.rounds == fast.rounds
        for seat in range(players):
            seen = general.observation(seat)
            assert seen.engine == fast.observation(seat)
            assert seen.zones == () and seen.choices == ()
            if moves % 3 == 0:
                assert general.observation_tensor(seat) == fast.observation_tensor(seat)
        if fast.is_terminal:
            assert general.winners == fast.winners
            return moves
        legal = fast.legal_actions()
        assert general.legal_actions() == legal
        assert general.legal_action_ids() == fast.legal_action_ids()
        if moves % 7 == 0:  # the redraw: the same world for the same random numbers
            seat = moves % players
            world = general.resample(seat, random.Random(moves)).inner
            printed = fast.resample(seat, random.Random(moves))
            if world.rules == printed.rules:
                assert world == printed
            else:
                assert game.zone_contents(world) == game.zone_contents(printed)
        action = rng.choice(legal)
        fast, general = fast.apply(action), general.apply(action)
        moves += 1


@pytest.mark.parametrize(("slug", "players"), CASES)
@settings(max_examples=3)
@given(data=st.data())
def test_the_unedited_program_plays_exactly_as_the_fast_path(slug: str, players: int, data: st.DataObject) -> None:
    game = rulebook.get_game(slug)
    rules = data.draw(rules_strategy(game, players=players), label="rules")
    seed = data.draw(st.integers(0, 2**16), label="seed")
    fast = game.new_game(rules, seed=seed)
    assert _same_game(fast, phased_state(fast, ()), seed) > 0


#: the games with a zone one seat's place of which takes any sight: the printed sight said for one seat
PER_SEAT = [(slug, n) for slug, n in CASES if any(
    z.general and z.per_seat for z in rulebook.get_game(slug).ZONES)]


@pytest.mark.parametrize(("slug", "players"), PER_SEAT)
@settings(max_examples=2)
@given(data=st.data())
def test_the_printed_sight_said_for_one_seat_plays_exactly_as_the_fast_path(
        slug: str, players: int, data: st.DataObject) -> None:
    """``visible.hands.N = "owner"`` (the printed sight, said for one seat) runs the general path and plays
    the printed game."""
    game = rulebook.get_game(slug)
    zone = next(z for z in game.ZONES if z.general and z.per_seat)
    seat = data.draw(st.integers(1, players), label="seat")
    rules = data.draw(rules_strategy(game, players=players), label="rules")
    # the other zones' sights as drawn (the same on both sides); this zone's printed for every seat
    visible = {**dict(rules.visible), zone.name: zone.printed}
    if rules.visible[zone.name] != zone.printed:
        rules = game.Rules(**{**{f.name: getattr(rules, f.name) for f in _fields(rules)}, "visible": visible})
    general_rules = game.Rules(**{**{f.name: getattr(rules, f.name) for f in _fields(rules)},
                                  "visible": {**visible, f"{zone.name}.{seat}": zone.printed}})
    seed = data.draw(st.integers(0, 2**16), label="seed")
    fast = game.new_game(rules, seed=seed)
    general = game.new_game(general_rules, seed=seed)
    assert isinstance(general, PhasedState)
    assert general.inner.rules.visible.general == ((zone.name, seat - 1, zone.printed),)
    assert _same_game(fast, general, seed) > 0


def _fields(rules: Any) -> tuple[Any, ...]:
    import attrs

    return tuple(f for f in attrs.fields(type(rules)) if f.init)
