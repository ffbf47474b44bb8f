"""Tests that kill mutants found surviving in seven_prophecies (issue 11).

Each test states exact values; see ``bench/MUTATION.md`` for the run and the figures.
"""

from __future__ import annotations

import random

from rulebook.games.seven_prophecies import GAME, Rules, SevenPropheciesState


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
    heuristic plays a card whose place still holds one of its cubes, if any: of those, one that
    lets the fewest other seats fulfil a prophecy, then the lowest. ``place_of`` of the finished
    trick gives each card's place."""
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
                others = sum(1 for x in finished.players if x != seat and s.cubes[x][finished.place_of(x) - 1])
                good.append((0 if own[place - 1] else 1, others, a.card))  # type: ignore[union-attr]
            choice = GAME.heuristic_action(s, random.Random(0))
            assert choice.card == min(good)[2]  # type: ignore[union-attr]
            checked += min(good)[0] == 0
    assert checked >= 10
