"""Seven Prophecies: properties over random games and random rules (Hypothesis)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulebook.games.seven_prophecies import DECK, GAME, Play, in_play
from rulebook.variants.testing import rules_strategy
from tests.games.seven_prophecies.test_rules import PRINTED_SHAPE, house_rules, legal_cards, reference_places
from tests.games.seven_prophecies.test_scoring import finish_round, reference_round_points

CASES = [(n, v) for n in (3, 4) for v in ("points", "twice", "most-cubes")]


def play_game(rules: Any, seed: int, rng: random.Random, heuristic_share: float) -> list[Any]:
    """Every state of one game, mixing random and heuristic moves."""
    state = GAME.new_game(rules, seed=seed)
    states = [state]
    while not state.is_terminal:
        if rng.random() < heuristic_share:
            action = GAME.heuristic_action(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state = state.apply(action)
        states.append(state)
        assert len(states) <= GAME.max_game_length(rules) + 1
    return states


games = st.tuples(st.integers(0, 2**31), st.integers(0, 2**31).map(random.Random), st.sampled_from((0.0, 0.5, 1.0)))


@pytest.mark.parametrize("players,variant", CASES)
@given(data=st.data(), game=games)
def test_conservation_places_floor_and_termination(players: int, variant: str, data: Any, game: Any) -> None:
    """SP-SETUP-1 card conservation, SP-TRICK-2 cube conservation, SP-RANK-1 places a permutation,
    SP-RANK-2 ranking, SP-SCORE-2 floor, SP-END-1 / SP-END-3 / SP-RULING-8 termination, under every
    option and alternative (SP-END-5, SP-END-6, SP-PLAY-3, SP-PLAY-4, SP-RANK-4 and the numbers)."""
    rules = data.draw(house_rules(players=players, variant=variant), label="rules")
    seed, rng, share = game
    states = play_game(rules, seed, rng, share)
    deck = sorted(in_play(rules))
    k = rules.cubes
    for state in states:
        cards = [*state.aside_up, *state.aside_down, *state.future, *state.trick]
        cards += [c for h in state.hands for c in h]
        cards += [c for t in state.round_tricks for c in t.cards]
        assert sorted(cards) == deck
        for s in range(players):
            on_places = sum(state.cubes[s])
            if state.phase == 0:
                assert state.placed[s] == 0 and on_places <= k
            else:
                assert on_places + state.placed[s] == k
                assert sum(state.prophecies[s]) == k
        assert len(state.future) == rules.tricks
        for t, done in enumerate(state.round_tricks):
            assert sorted(done.places) == list(range(1, players + 1))
            assert done.players == tuple((done.leader + j) % players for j in range(players))
            if rules.order == "highest" and rules.trump == "future":
                assert done.places == reference_places(list(done.cards), DECK.suit_of[state.future[t]])
        if rules.score_floor:
            assert min(state.points) >= 0
        if variant != "points":
            assert state.points == (0,) * players
    final = states[-1]
    assert final.is_terminal and final.winners
    assert len(final.ends) <= rules.rounds
    if variant == "points" and rules.end == "target":  # SP-END-6
        assert max(final.points) >= rules.target_score or len(final.ends) == rules.round_limit
        assert all(max(r) < rules.target_score for r in _running_points(final)[:-1])
    elif variant == "points":
        assert len(final.ends) == (players if rules.end == "players" else rules.round_count)  # SP-END-3, SP-END-5
    elif variant == "most-cubes":
        assert len(final.ends) == 1
    else:
        assert max(final.successes) >= rules.successes_to_win or len(final.ends) == rules.round_limit


def _running_points(state: Any) -> list[tuple[int, ...]]:
    """The totals after each finished round, from the round records."""
    n = state.rules.players
    totals = [0] * n
    out = []
    for rec in state.rounds:
        totals = [a + b for a, b in zip(totals, rec.points, strict=True)]
        out.append(tuple(totals))
    return out


@pytest.mark.parametrize("players,variant", CASES)
@given(data=st.data(), game=games)
def test_round_scoring_matches_the_formula(players: int, variant: str, data: Any, game: Any) -> None:
    """SP-SCORE-1, SP-SCORE-2, SP-END-1: at each round's end the points change by the formula."""
    rules = data.draw(rules_strategy(GAME, players=players, variant=variant, **PRINTED_SHAPE), label="rules")
    seed, rng, share = game
    states = play_game(rules, seed, rng, share)
    rounds = 0
    for before, after in itertools.pairwise(states):
        if len(after.ends) == len(before.ends):
            continue
        rounds += 1
        last = after.history[-1]
        assert isinstance(last, Play)
        placed = finish_round(before, last.card)
        tricks_played, done = after.ends[-1]
        assert done == tuple(s for s in range(players) if placed[s] == 7)
        assert tricks_played == 10 or done  # SP-END-1
        assert tricks_played == len(before.round_tricks) + 1
        if after.is_terminal:
            assert list(after.placed) == placed
        for s in range(players):
            expect = before.points[s]
            if variant == "points":
                expect += reference_round_points(7 - placed[s])
                if rules.score_floor:
                    expect = max(0, expect)
            assert after.points[s] == expect
        assert after.successes == tuple(v + (s in done) for s, v in enumerate(before.successes))
    assert rounds == len(states[-1].ends)


@pytest.mark.parametrize("players,variant", CASES)
@given(data=st.data(), game=games)
def test_must_follow_and_legal_actions(players: int, variant: str, data: Any, game: Any) -> None:
    """SP-PLAY-1, SP-PLAY-2: the legal cards are exactly the reference's; others are rejected."""
    rules = data.draw(rules_strategy(GAME, players=players, variant=variant, **PRINTED_SHAPE), label="rules")
    seed, rng, share = game
    for state in play_game(rules, seed, rng, share):
        if state.phase != 1:
            continue
        hand = list(state.hands[state.current_player])
        fs = DECK.suit_of[state.future[len(state.round_tricks)]]
        legal = [a.card for a in state.legal_actions()]
        assert legal == legal_cards(hand, fs)
        for c in hand:
            if c not in legal:
                with pytest.raises(ValueError, match="SP-PLAY-2"):
                    state.apply(Play(c))


@pytest.mark.parametrize("players,variant", CASES)
@given(data=st.data(), game=games)
def test_observation_hides_hands_and_unrevealed_prophecies(players: int, variant: str, data: Any, game: Any) -> None:
    """SP-INFO-1, SP-INFO-2, SP-RULING-5, SP-RULING-6: nothing hidden leaks into an observation
    (under every option and alternative)."""
    rules = data.draw(house_rules(players=players, variant=variant), label="rules")
    seed, rng, share = game
    for state in play_game(rules, seed, rng, share)[::3]:
        for seat in range(players):
            obs = state.observation(seat)
            shown = set(obs.hand) | set(obs.aside_up) | set(obs.future) | {c for _s, c in obs.trick}
            shown |= {c for t in obs.round_tricks for c in t.cards}
            hidden = {c for s in range(players) if s != seat for c in state.hands[s]} | set(state.aside_down)
            assert not shown & hidden
            for other in range(players):
                if other != seat and state.phase == 0 and rules.secret_prophecy:
                    assert obs.prophecies[other] == () and obs.remaining[other] == ()
                elif state.phase != 0 or not rules.secret_prophecy:  # SP-PROPH-3: open prophecies
                    assert obs.prophecies[other] == state.prophecies[other]
            # a redraw of the hidden facts is invisible to the seat, and keeps known voids
            other_state = state.resample(seat, rng)
            assert other_state.observation(seat) == obs
            assert other_state.observation_tensor(seat) == state.observation_tensor(seat)
            GAME.check_invariants(other_state)
            for t, done in enumerate(obs.round_tricks if rules.follow == "future" else ()):
                fs = DECK.suit_of[obs.future[t]]
                for s, c in done.plays:
                    if DECK.suit_of[c] != fs:  # s showed it has no card of the future suit
                        assert all(DECK.suit_of[x] != fs for x in other_state.hands[s])
