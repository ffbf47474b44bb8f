"""The shared contract test: every registered game, every supported player count.

Each game must pass :func:`rulebook.variants.testing.check_game` over random valid
``Rules`` (with the player count pinned) and random play. New games are
picked up from the registry with no change here.
"""

from __future__ import annotations

import enum
import os
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulebook
from rulebook.reference import trace
from rulebook.variants.testing import check_game, check_observation_boundary, player_count_cases, rules_strategy

CASES = player_count_cases()  # every count under the ci and thorough profiles
BOUNDARY_EVERY = 3 if os.environ.get("HYPOTHESIS_PROFILE", "dev") == "dev" else 1


def test_all_five_games_are_registered() -> None:
    expected = {"witches-of-blackmore", "seven-prophecies", "utsuke", "gods-and-humans", "saru-tori-inu-i"}
    assert set(rulebook.GAMES) <= expected
    assert "witches-of-blackmore" in rulebook.GAMES


def test_unknown_slug_lists_known_games() -> None:
    with pytest.raises(rulebook.UnknownGame) as info:
        rulebook.get_game("chess")
    assert "witches-of-blackmore" in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("slug,players", CASES)
@settings(max_examples=6)
@given(data=st.data())
def test_random_games_keep_the_contract(slug: str, players: int, data: st.DataObject) -> None:
    game = rulebook.get_game(slug)
    rules = data.draw(rules_strategy(game, players=players), label="rules")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    rng = data.draw(st.randoms(use_true_random=False), label="choices")
    # the boundary checks (resample, observation permutations) at every position under ci and
    # thorough; at every third one under the quick dev profile (the cheap checks run at every one)
    final = check_game(game, rules, seed, rng.choice, rng=random.Random(seed), boundary_every=BOUNDARY_EVERY)
    assert final.is_terminal


@pytest.mark.parametrize("slug,players", [(s, n) for s, g in rulebook.GAMES.items() for n in g.player_counts])
def test_default_rules_construct_with_each_player_count(slug: str, players: int) -> None:
    game = rulebook.get_game(slug)
    rules = game.Rules(players=players)
    state = game.new_game(rules, seed=1)
    assert state.current_player in range(players)
    assert state.legal_actions()


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_impossible_player_count_names_the_field(slug: str) -> None:
    game = rulebook.get_game(slug)
    with pytest.raises(rulebook.InvalidRules, match="players"):
        game.Rules(players=max(game.player_counts) + 1)


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_resampling_has_something_to_hide(slug: str) -> None:
    """The observation-boundary check can fail: resampling does change hidden facts."""
    game = rulebook.get_game(slug)
    rng = random.Random(5)
    changed = False
    for seed in range(5):
        state: Any = game.new_game(game.Rules(), seed=seed)
        for _ in range(3):
            if state.is_terminal:
                break
            changed |= check_observation_boundary(state, rng)
            state = state.apply(rng.choice(state.legal_actions()))
    assert changed


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_action_table_round_trips(slug: str) -> None:
    game = rulebook.get_game(slug)
    rules = game.Rules()
    n = game.num_distinct_actions(rules)
    for i in range(n):
        action = game.decode_action(i, rules)
        assert game.encode_action(action, rules) == i
        assert game.parse_action(str(action), rules) == action
    with pytest.raises(ValueError):
        game.decode_action(n, rules)
    with pytest.raises(ValueError):
        game.parse_action("no such action", rules)


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_resample_keeps_no_trace_of_the_true_deals(slug: str) -> None:
    """A resampled state must not carry the seed or explicit deals of the real game:
    a search that plays on from it would otherwise meet the true future deals."""
    game = rulebook.get_game(slug)
    rules = game.Rules()
    deal = game.random_deal(rules, random.Random(1), 0)
    rng = random.Random(2)
    for state in (game.new_game(rules, seed=123), game.new_game(rules, deals=[deal])):
        for _ in range(4):
            state = state.apply(rng.choice(state.legal_actions()))
        for seat in range(rules.players):
            other = state.resample(seat, rng)
            assert other.setup.deals == ()
            assert other.setup.seed != state.setup.seed
            assert other.history == ()  # the real history would show hidden choices
            nxt = other.apply(rng.choice(other.legal_actions()))  # play goes on
            assert nxt.history == nxt.history[-1:]


# -- the record of play (issue 15): the same shapes in every game ------------------------------

RULE_IDS = set(trace.load_spec(trace.find_root(Path(__file__))))


def _check_records(state: Any, before: Any) -> None:
    from rulebook.core.history import RoundRecord, ScoreChange, TrickRecord

    game, players = state.GAME, state.rules.players
    tricks, rounds = state.tricks, state.rounds
    assert isinstance(tricks, tuple) and isinstance(rounds, tuple)
    # the record only grows: what was recorded stays as it was
    assert tricks[: len(before.tricks)] == before.tricks and rounds[: len(before.rounds)] == before.rounds
    for i, t in enumerate(tricks):
        assert isinstance(t, TrickRecord) and t.number == i
        assert t.plays and t.leader == t.plays[0][0] and t.winner in t.players
        for player, card in t.plays:  # seats by number, non-players (UTSUKE's lord) by name
            assert (type(player) is int and 0 <= player < players) or (type(player) is str and player)
            assert type(card) is int and game.parse_card(game.card_text(card)) == card
        assert t.rule in RULE_IDS and t.rule.startswith(game.prefix + "-")
        assert t.round <= len(rounds)  # a trick belongs to a finished round or the current one
    for i, r in enumerate(rounds):
        assert isinstance(r, RoundRecord) and r.number == i and len(r.points) == players
        assert all(isinstance(c, ScoreChange) and 0 <= c.seat < players for c in r.changes)
        for seat in range(players):  # the changes itemise each seat's points exactly
            assert sum(c.points for c in r.changes if c.seat == seat) == r.points[seat], (r, seat)
        assert r.rule in RULE_IDS and all(c.rule in RULE_IDS for c in r.changes)
        assert r.end and isinstance(r.end, str)
    assert isinstance(state.phase, enum.IntEnum)


@pytest.mark.parametrize("slug,players", CASES)
@settings(max_examples=3)
@given(data=st.data())
def test_every_game_records_its_tricks_and_rounds_alike(slug: str, players: int, data: st.DataObject) -> None:
    """Issue 15: ``state.tricks``, ``state.rounds``, ``Phase`` and card texts in every game;
    at the end, each seat's score is the sum of its round points."""
    from rulebook.core.history import round_totals

    game = rulebook.get_game(slug)
    rules = data.draw(rules_strategy(game, players=players), label="rules")
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="seed"))
    state: Any = game.new_game(rules, seed=rng.getrandbits(32))
    before = state
    while not state.is_terminal:
        before, state = state, state.apply(rng.choice(state.legal_actions()))
        _check_records(state, before)
    assert state.legal_actions() == ()
    assert state.scores == round_totals(state.rounds, players)
    # Saru Tori Inu I has no tricks (it records placements); every other game took at least one
    assert (state.tricks == ()) if slug == "saru-tori-inu-i" else bool(state.tricks)
    assert state.rounds  # every game finishes at least one round


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
@pytest.mark.parametrize("method", ["observation_size", "max_game_length", "action_table", "new_game"])
def test_another_games_rules_are_refused_naming_both_games(slug: str, method: str) -> None:
    game = rulebook.get_game(slug)
    other = next(s for s in rulebook.GAMES if s != slug)
    with pytest.raises(rulebook.WrongGame) as info:
        getattr(game, method)(rulebook.get_game(other).Rules())
    called = slug if method == "new_game" else f"{slug}.{method}"
    assert str(info.value) == f"{called} was given the Rules of {other}; pass {slug} Rules instead"
    assert (info.value.game, info.value.got) == (slug, other)
    assert isinstance(info.value, rulebook.InvalidRules)
