"""Faster observation-tensor encoders give exactly the tensors of the encoders they replace.

The previous encoder of each rewritten game is kept here verbatim as the
reference; every state of a few hundred seeded random games (every seat, every
player count) must encode to the same tuple.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import rulebook
from rulebook.games.gods_and_humans import DECK as GH_DECK
from rulebook.games.gods_and_humans import PHASES as GH_PHASES
from rulebook.games.seven_prophecies import _SUIT, PROPHECY, TRICK


def reference_seven_prophecies(rules: Any, observation: Any) -> tuple[int, ...]:
    """The encoder as it was before the offset rewrite (kept verbatim as the reference, but for the deck's
    size: 13 cards a suit in play, four suits or five with five players, SP-RULING-17)."""
    obs = observation
    n = rules.players
    k = rules.suit_count
    out: list[int] = []

    def onehot(size: int, index: int | None) -> None:
        v = [0] * size
        if index is not None and 0 <= index < size:
            v[index] = 1
        out.extend(v)

    def cardset(cards: Any) -> None:
        v = [0] * (13 * k)
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
        onehot(k, _SUIT[c])
    cardset(obs.future)
    cardset(obs.aside_up)
    played: list[list[int]] = [[] for _ in range(n)]
    for trick in obs.round_tricks:
        for s, c in trick.plays:
            played[s].append(c)
    for s, c in obs.trick:
        played[s].append(c)
    for s in range(n):
        cardset(played[s])
    current = dict(obs.trick)
    for s in range(n):
        cardset((current[s],) if s in current else ())
    t = len(obs.round_tricks)
    onehot(k, _SUIT[obs.future[t]] if obs.phase == TRICK else None)
    out.extend(obs.own_prophecy)
    out.append(int(obs.phase != PROPHECY))
    for s in range(n):
        r = obs.remaining[s]
        out.extend(r if r else (0,) * n)
    out.extend(obs.cubes_placed)
    last = [obs.round_tricks[-1].place_of(s) for s in range(n)] if obs.round_tricks else (0,) * n
    for s in range(n):
        onehot(n, last[s] - 1 if last[s] else None)
    out.extend(obs.points)
    out.extend(obs.successes)
    return tuple(out)


def reference_gods_and_humans(rules: Any, observation: Any) -> tuple[int, ...]:
    """The encoder as it was before the offset rewrite (kept verbatim as the reference)."""
    obs = observation
    n, d, c = rules.players, rules.deals, GH_DECK.size
    out: list[int] = []

    def onehot(size: int, index: int) -> None:
        row = [0] * size
        if 0 <= index < size:
            row[index] = 1
        out.extend(row)

    def cardset(cards: Any) -> None:
        row = [0] * c
        for x in cards:
            if x >= 0:
                row[x] = 1
        out.extend(row)

    def seatset(seats: Any) -> None:
        row = [0] * n
        for s in seats:
            row[s] = 1
        out.extend(row)

    humans = obs.humans
    h = len(humans)
    index = {s: i for i, s in enumerate(humans)}  # seat -> human index (rows are by human index)
    onehot(n, obs.seat)
    onehot(d, obs.deal)
    seatset(obs.gods)
    for i in range(4):
        onehot(4, obs.marks[humans[i]] if i < h else -1)
    onehot(len(GH_PHASES), obs.phase)
    onehot(n + 1, n if obs.current_player is None else obs.current_player)
    cardset(obs.hand)
    for i in range(4):
        cardset(obs.human_hands[humans[i]] if i < h and obs.human_hands else ())
    out.extend(obs.hand_sizes)
    cardset(obs.field)
    for i in range(4):
        onehot(7, obs.oracle[humans[i]] + 1 if i < h else -1)
    gods = obs.gods
    for j in range(4):
        partner = obs.partners[gods[j]] if j < len(gods) else -2  # -1: unknown; -2: no such god
        onehot(5, index[partner] + 1 if partner >= 0 else partner + 1)
    onehot(5, index[obs.lone] + 1 if obs.lone >= 0 else 0)
    onehot(4, index[obs.leader])
    current = dict(obs.trick)
    for i in range(4):
        cardset((current[humans[i]],) if i < h and humans[i] in current else ())
    played: list[list[int]] = [[], [], [], []]
    for t in obs.tricks:
        for seat, card in t.plays:
            played[index[seat]].append(card)  # type: ignore[index]
    for i in range(4):
        cardset(played[i])
    out.extend(obs.won[humans[i]] if i < h else 0 for i in range(4))
    seatset(obs.waiting)
    seatset(obs.asking)
    passes = [0] * n
    for _, god in obs.passes:
        passes[god] += 1
    out.extend(passes)
    received: list[list[int]] = [[], [], [], []]
    given: list[list[int]] = [[] for _ in range(n)]
    gap = [0] * n
    seen = list(obs.interventions) + ([obs.giving] if obs.giving is not None else [])
    for r in seen:
        for i, card in enumerate(r.cards):
            received[i].append(card)
            given[r.god].append(card)
        if r is not obs.giving:
            gap[r.god] = r.gap + 1
    forced = obs.forced
    if forced is not None:
        for i in range(h):
            received[i].extend(forced.received[humans[i]])
        given[obs.seat].extend(forced.own)
        if forced.revealed:
            for s in forced.gods:
                gap[s] = forced.gap + 1
    for i in range(4):
        cardset(received[i])
    for s in range(n):
        cardset(given[s])
    out.extend(gap)
    if forced is None:
        out.extend((0, 0, 0))
    else:
        out.extend((forced.gap + 1, forced.laid, 1 if forced.revealed else 0))
    out.extend(obs.scores)
    results = list(obs.past) + [None] * (d - len(obs.past))
    for res in results:
        seatset(res.gods if res else ())
    for res in results:
        out.extend(res.points if res else (0,) * n)
    for res in results:
        out.extend((res.human_results[i].oracle + 1 if res and i < len(res.humans) else 0) for i in range(4))
    for res in results:
        out.extend((res.human_results[i].won if res and i < len(res.humans) else 0) for i in range(4))
    return tuple(out)


REFERENCES = {"seven-prophecies": reference_seven_prophecies, "gods-and-humans": reference_gods_and_humans}


#: games compared per game: six at the default (dev) Hypothesis profile, 60 under ci/thorough
GAMES = 6 if os.environ.get("HYPOTHESIS_PROFILE", "dev") == "dev" else 60


@pytest.mark.parametrize("slug", sorted(REFERENCES))
def test_same_tensor_as_the_reference(slug: str) -> None:
    game = rulebook.get_game(slug)
    reference = REFERENCES[slug]
    checked = 0
    for players in game.player_counts:
        rules = game.Rules(players=players)
        size = game.observation_size(rules)
        rng = random.Random(players)
        for seed in range(GAMES // len(game.player_counts)):
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
    assert checked > 400 * GAMES  # every seat at every state: thousands of tensors
