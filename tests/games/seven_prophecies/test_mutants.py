"""Tests that kill mutants ``bench/mutate.py`` found surviving in seven_prophecies (issue 11).

Each test states exact values; see ``bench/MUTATION.md`` for the run and the figures.
"""

from __future__ import annotations

import random

from rulebook.games.seven_prophecies import DECK, GAME, Rules, SevenPropheciesState
from rulebook.games.seven_prophecies.heuristic import _prophecy_target


def _last_to_play_positions(players: int, seed: int) -> list[SevenPropheciesState]:
    """Positions of a random game where the player to act completes the trick."""
    rules = Rules(players=players)
    s = GAME.new_game(rules, seed=seed)
    rng = random.Random(seed)
    out = []
    while not s.is_terminal:
        if s.current_player is not None and len(s.trick) == players - 1:
            out.append(s)
        s = s.apply(rng.choice(s.legal_actions()))
    return out


def test_heuristic_last_player_takes_the_lowest_card_that_lands_on_a_prophesied_place() -> None:
    """SP-RANK-1, SP-PROPH-1: the last player of a trick knows the place each card takes; the
    heuristic plays the lowest-numbered card whose place still holds one of its cubes, if any.
    ``place_of`` of the finished trick gives each card's place."""
    checked = 0
    for players, seed in ((3, 2), (4, 5)):
        for s in _last_to_play_positions(players, seed):
            seat = s.current_player
            assert seat is not None
            own = s.cubes[seat]
            good = []
            for a in s.legal_actions():
                after = s.apply(a)
                finished = after.tricks[-1]
                place = finished.place_of(seat)
                assert finished.places[finished.players.index(seat)] == place and 1 <= place <= players
                if own[place - 1]:
                    good.append(a.card)  # type: ignore[union-attr]
            choice = GAME.heuristic_action(s, random.Random(0))
            if good:
                assert choice.card == min(good)  # type: ignore[union-attr]
                checked += 1
            else:
                assert choice.card == min(a.card for a in s.legal_actions())  # type: ignore[union-attr]
    assert checked >= 10


def test_heuristic_prophecy_target_worked_example() -> None:
    """SP-PROPH-1 (the heuristic's prophecy, worked by hand): 3 players, top number 13, future suit B.

    A13 (off suit): strength 13/13/2 = 0.5, place int(0.5 * 3) = 1; B13 (future suit): 0.5 + 0.5 = 1.0,
    place 0; A1: 1/26, place int(0.96 * 3) = 2; B1: 0.5 + 1/26, place int(0.46 * 3) = 1. Histogram
    [1, 2, 1] scaled to 7 cubes: [1.75, 3.5, 1.75] -> [1, 3, 1], the two largest remainders (places
    0 and 2) get the last 2 cubes: (2, 3, 2). Two strong future-suit cards put all 7 on place 0; with
    every place required (option every_place, SP-RULING-3) each empty place takes one from the fullest: (5, 1, 1).
    """
    card = DECK.parse
    hand = (card("A13"), card("B13"), card("A1"), card("B1"))
    assert _prophecy_target(hand, (card("B5"),), 3, 13, False) == (2, 3, 2)
    assert _prophecy_target(hand, (card("B5"),), 3, 13, True) == (2, 3, 2)
    strong = (card("B13"), card("B12"))
    assert _prophecy_target(strong, (card("B5"),), 3, 13, False) == (7, 0, 0)
    assert _prophecy_target(strong, (card("B5"),), 3, 13, True) == (5, 1, 1)
