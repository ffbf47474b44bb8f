"""The numpy encoders of ``rulebook.adapters.tensors`` give exactly the contract's tensors.

(a) For every game and player count, over random valid ``Rules`` and random
    play, at every state and for every seat, ``encode(state, seat)`` equals
    ``np.asarray(state.observation_tensor(seat), dtype=np.int32)``: same dtype,
    same shape, same values; the array is the caller's own (changing it changes
    no later answer).
(b) Hidden information: the encoders read the state, not the observation, so
    ``encode(state.resample(seat, rng), seat) == encode(state, seat)`` is checked
    at sampled states (``resample`` redraws everything ``seat`` cannot see), with
    a fresh encoder so that no cached part of the original state is reused.
(c) The checks bite: an encoder with one wrong table entry fails (a), and one
    that leaks another seat's hidden card (UTSUKE) or the hidden pairing of gods
    and humans (gods-and-humans) fails (a) and (b).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulebook
from rulebook.variants.testing import player_count_cases, rules_strategy

np = pytest.importorskip("numpy", reason="the adapters' extras are optional")
tensors = pytest.importorskip("rulebook.adapters.tensors")

CASES = player_count_cases()  # every count under the ci and thorough profiles
FAST = ("witches-of-blackmore", "utsuke", "seven-prophecies", "saru-tori-inu-i", "gods-and-humans")


def fresh(slug: str, rules: Any) -> Any:
    """A new encoder of ``slug`` (its own, empty cache), not the shared one of ``tensors.encoder``."""
    shared = tensors.encoder(slug, rules)
    own = rulebook.get_game(slug).tensor_encoder(rules)  # a game package's own encoder: a fresh one of it
    out = type(shared)(rules) if own is None else type(shared)(own)
    out.slug = slug
    return out


def random_states(game: Any, rules: Any, seed: int) -> list[Any]:
    """Every state of one random game (seed ``seed``), the final one included."""
    rng = random.Random(seed)
    state = game.new_game(rules, seed=seed)
    out = [state]
    while state.current_player is not None:
        state = state.apply(rng.choice(state.legal_actions()))
        out.append(state)
    return out


def check_equal(states: list[Any], encode: Callable[[Any, int], Any]) -> int:
    """(a): ``encode`` equals the reference at every state and seat; returns how many were checked."""
    checked = 0
    for state in states:
        size = state.GAME.observation_size(state.rules)
        for seat in range(state.rules.players):
            want = np.asarray(state.observation_tensor(seat), dtype=np.int32)
            got = encode(state, seat)
            assert got.dtype == np.int32 and got.shape == (size,) == want.shape
            assert np.array_equal(got, want), (seat, np.flatnonzero(got != want).tolist()[:8])
            got[:] = -7  # the caller's own array: writable, and shared with nothing the encoder keeps
            checked += 1
    return checked


def check_resample(states: list[Any], make: Callable[[], Callable[[Any, int], Any]], seed: int, every: int) -> int:
    """(b): at every ``every``-th state, each seat's tensor survives redrawing what it cannot see."""
    rng = random.Random(seed)
    checked = 0
    for state in states[::every]:
        for seat in range(state.rules.players):
            other = state.resample(seat, rng)
            mine = make()(state, seat)
            assert np.array_equal(make()(other, seat), mine), (seat, "changed by what it cannot see")
            checked += 1
    return checked


def assert_leak_caught(game: Any, rules: Any, leaky: Any) -> None:
    """An encoder class ``leaky`` fails the equality and the resampling checks on states where
    the real encoder passes them."""
    states = random_states(game, rules, 5)
    with pytest.raises(AssertionError):
        check_equal(states, leaky(rules))
    with pytest.raises(AssertionError):
        check_resample(states, lambda: leaky(rules), 5, every=1)
    assert check_resample(states, lambda: fresh(game.slug, rules), 5, every=10) > 0


@pytest.mark.parametrize("slug,players", CASES)
@settings(max_examples=10)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_fast_tensor_equals_the_reference(slug: str, players: int, data: st.DataObject, seed: int) -> None:
    game = rulebook.get_game(slug)
    rules = data.draw(rules_strategy(game, players=players))
    states = random_states(game, rules, seed)
    if slug not in FAST:  # the reference itself, converted: a sample of states is enough
        states = states[::10]
    # the shared encoder (caches carried over from earlier states and examples) and a fresh one
    assert check_equal(states, tensors.encode) == len(states) * players
    assert check_equal(states[::7], fresh(slug, rules)) > 0


@pytest.mark.parametrize("slug,players", CASES)
@settings(max_examples=10)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_resampling_leaves_the_tensor_unchanged(slug: str, players: int, data: st.DataObject, seed: int) -> None:
    game = rulebook.get_game(slug)
    rules = data.draw(rules_strategy(game, players=players))
    states = random_states(game, rules, seed)
    assert check_resample(states, lambda: fresh(slug, rules), seed, every=max(1, len(states) // 12)) > 0


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_a_bad_seat_is_refused_as_observation_refuses_it(slug: str) -> None:
    game = rulebook.get_game(slug)
    state = game.new_game(game.Rules(), seed=1)
    n = state.rules.players
    for bad in (-1, n, True, 1.0, "0", None):
        with pytest.raises(ValueError) as want:
            state.observation(bad)
        with pytest.raises(ValueError) as got:
            tensors.encode(state, bad)
        assert str(got.value) == str(want.value)


def test_every_game_has_a_fast_encoder() -> None:
    """Every game in ``FAST`` is encoded directly; a game missing there would go through the reference."""
    for slug, game in rulebook.GAMES.items():
        kind = type(tensors.encoder(slug, game.Rules())).__name__
        assert (kind != "_Reference") == (slug in FAST), slug
    assert set(FAST) == set(rulebook.GAMES)


def test_encoders_are_shared_and_survive_pickle_and_copy() -> None:
    import copy
    import pickle

    game = rulebook.get_game("saru-tori-inu-i")
    enc = tensors.encoder(game.slug, game.Rules(players=4))
    assert tensors.encoder(game.slug, game.Rules(players=4)) is enc
    assert pickle.loads(pickle.dumps(enc)) is enc
    assert copy.deepcopy(enc) is enc


# -- (c) the checks bite ----------------------------------------------------------------


def test_a_wrong_table_entry_fails_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    game = rulebook.get_game("witches-of-blackmore")
    rules = game.Rules(players=4)
    states = random_states(game, rules, 3)
    enc = fresh(game.slug, rules)
    assert check_equal(states, enc) == len(states) * 4  # sound as built
    # seat 1's hand-size slot moved one entry along (onto its score)
    sizes = list(enc.fast.sizes)  # the game's own TensorEncoder, behind the adapters' wrapper
    sizes[1] += 1
    monkeypatch.setattr(enc.fast, "sizes", sizes)
    with pytest.raises(AssertionError):
        check_equal(states, enc)


def test_a_leaking_encoder_fails_both_checks() -> None:
    """An UTSUKE encoder that also marks the next seat's bid as if it were the seat's own."""
    game = rulebook.get_game("utsuke")
    rules = game.Rules(players=4)
    base = type(game.tensor_encoder(rules))  # the package's TensorEncoder (a buffer, no numpy)

    class Leaky(base):  # type: ignore[misc, valid-type]
        def __call__(self, state: Any, seat: int) -> Any:
            out = super().__call__(state, seat)
            other = state.board[1][(seat + 1) % 4]
            if other >= 0:
                n = self.n
                out[21 + 4 * n + self.nsuits + 7 + n + 7 + 5 + other] = 1
            return out

    assert_leak_caught(game, rules, lambda r: type(tensors.encoder(game.slug, r))(Leaky(r)))


def test_a_gods_and_humans_encoder_leaking_the_pairing_fails_both_checks() -> None:
    """An encoder that shows a human which human each god partners (hidden from humans until
    the game ends, GH-INFO-1) fails the equality check and the resampling check."""
    game = rulebook.get_game("gods-and-humans")
    rules = game.Rules(players=5)
    base = type(game.tensor_encoder(rules))  # the game's own TensorEncoder: it has the field offsets

    class Leaky(base):  # type: ignore[misc, valid-type]
        def __call__(self, state: Any, seat: int) -> Any:
            out = super().__call__(state, seat)
            facts = state.board[0]
            if seat in facts.humans and state.current_player is not None:
                at = self.at["partners"]
                for j in range(len(facts.gods)):
                    out[at + 5 * j] = 0
                    out[at + 5 * j + facts.pair[j] + 1] = 1
            return np.frombuffer(out, dtype=np.int32)

    assert_leak_caught(game, rules, Leaky)
