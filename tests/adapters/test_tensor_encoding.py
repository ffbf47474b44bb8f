"""Faster observation-tensor encoders give exactly the tensors of the encoders they replace.

The previous encoder of each rewritten game is kept here verbatim as the
reference; every state of a few hundred seeded random games (every seat, every
player count) must encode to the same tuple.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import rulebook
from rulebook.games.seven_prophecies import _SUIT, DECK, PROPHECY, TRICK


def reference_seven_prophecies(rules: Any, observation: Any) -> tuple[int, ...]:
    """The encoder as it was before the offset rewrite (kept verbatim as the reference)."""
    obs = observation
    n = rules.players
    out: list[int] = []

    def onehot(size: int, index: int | None) -> None:
        v = [0] * size
        if index is not None and 0 <= index < size:
            v[index] = 1
        out.extend(v)

    def cardset(cards: Any) -> None:
        v = [0] * DECK.size
        for c in cards:
            v[c] = 1
        out.extend(v)

    onehot(n, obs.seat)
    onehot(n + 1, n if obs.current_player is None else obs.current_player)
    onehot(3, obs.phase)
    out.append(obs.round)
    out.append(len(obs.round_tricks))
    onehot(n, obs.leader)
    cardset(obs.hand)
    out.extend(obs.hand_sizes)
    for c in obs.future:
        onehot(4, _SUIT[c])
    cardset(obs.future)
    cardset(obs.aside_up)
    played: list[list[int]] = [[] for _ in range(n)]
    for _leader, cards, _pl in obs.round_tricks:
        for s, c in enumerate(cards):
            played[s].append(c)
    for s, c in obs.trick:
        played[s].append(c)
    for s in range(n):
        cardset(played[s])
    current = dict(obs.trick)
    for s in range(n):
        cardset((current[s],) if s in current else ())
    t = len(obs.round_tricks)
    onehot(4, _SUIT[obs.future[t]] if obs.phase == TRICK else None)
    out.extend(obs.own_prophecy)
    out.append(int(obs.phase != PROPHECY))
    for s in range(n):
        r = obs.remaining[s]
        out.extend(r if r else (0,) * n)
    out.extend(obs.cubes_placed)
    last = obs.round_tricks[-1][2] if obs.round_tricks else (0,) * n
    for s in range(n):
        onehot(n, last[s] - 1 if last[s] else None)
    out.extend(obs.points)
    out.extend(obs.successes)
    return tuple(out)


REFERENCES = {"seven-prophecies": reference_seven_prophecies}


@pytest.mark.parametrize("slug", sorted(REFERENCES))
def test_same_tensor_as_the_reference(slug: str) -> None:
    game = rulebook.get_game(slug)
    reference = REFERENCES[slug]
    checked = 0
    for players in game.player_counts:
        rules = game.Rules(players=players)
        size = game.observation_size(rules)
        rng = random.Random(players)
        for seed in range(100 // len(game.player_counts)):
            state = game.new_game(rules, seed=seed)
            while True:
                for seat in range(players):
                    obs = state.observation(seat)
                    got = game.encode_observation(rules, obs)
                    assert len(got) == size
                    assert got == reference(rules, obs), (slug, players, seed, seat)
                    checked += 1
                if state.current_player is None:
                    break
                state = state.apply(rng.choice(state.legal_actions()))
    assert checked > 10_000
