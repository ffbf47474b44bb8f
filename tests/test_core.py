"""The shared core: decks, the trick-winner rule and options."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from rulebook.core.cards import Deck
from rulebook.core.options import OptionInfo, check_choice
from rulebook.core.tricks import best_position, trick_winner, win_keys
from rulebook.errors import InvalidRules

DECK = Deck(suits=(("red", "R"), ("blue", "B"), ("green", "G")), ranks=range(1, 6))


def reference(cards: tuple[int, ...], strength: tuple[int, ...], lead: int, trump: int | None) -> int:
    """Sort-based reference: (is trump, is lead, strength), earliest first among equals."""
    def key(pos: int) -> tuple[int, int, int, int]:
        suit = DECK.suit_of[cards[pos]]
        return (suit == trump, suit == lead, strength[cards[pos]], -pos)
    pos = max(range(len(cards)), key=key)
    assert DECK.suit_of[cards[pos]] in (lead, trump)
    return pos


def test_trick_winner_matches_a_sort_based_reference() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        strength = tuple(rng.randrange(0, 8) for _ in DECK.cards)  # ties across suits
        cards = tuple(rng.sample(list(DECK.cards), rng.randint(1, 6)))
        lead = DECK.suit_of[cards[0]]
        trump = rng.choice([None, 0, 1, 2])
        assert trick_winner(cards, DECK.suit_of, strength, lead, trump) == reference(cards, strength, lead, trump)


def test_precomputed_win_keys_give_the_same_winner() -> None:
    """The table form the engines use (win_keys + best_position) is the same rule."""
    rng = random.Random(11)
    for _ in range(3000):
        strength = tuple(rng.randrange(0, 8) for _ in DECK.cards)
        trump = rng.choice([None, 0, 1, 2])
        cards = tuple(rng.sample(list(DECK.cards), rng.randint(1, 6)))
        keys = win_keys(DECK.suit_of, strength, trump)[DECK.suit_of[cards[0]]]
        expected = reference(cards, strength, DECK.suit_of[cards[0]], trump)
        assert best_position(cards, keys) == expected


def test_trick_winner_needs_a_lead_or_trump_card() -> None:
    with pytest.raises(ValueError, match="lead suit"):
        trick_winner((DECK.card(1, 3),), DECK.suit_of, tuple(DECK.rank_of), lead_suit=0, trump_suit=2)


def test_deck_tables_and_text() -> None:
    assert DECK.size == 15 and list(DECK.cards) == list(range(15))
    for suit, rank in itertools.product(range(3), range(1, 6)):
        card = DECK.card(suit, rank)
        assert (DECK.suit_of[card], DECK.rank_of[card]) == (suit, rank)
        assert DECK.parse(DECK.text(card).lower()) == card
    assert DECK.name(DECK.card(2, 4)) == "green 4" and DECK.texts([0, 14]) == "R1 G5"
    with pytest.raises(ValueError, match="not a card"):
        DECK.parse("X9")


def test_check_choice_names_the_field() -> None:
    check_choice("players", 3, range(2, 5))
    with pytest.raises(InvalidRules, match=r"Rules\.players: must be one of 2\.\.6"):
        check_choice("players", 9, range(2, 7))
    with pytest.raises(InvalidRules, match="wheel"):
        check_choice("wheel", True, (False, True, "x")[2:])
    assert OptionInfo("x", 1, "", (1, 2)).choices_text() == "1, 2"


# -- long games (issue 11): the LogNode history at any length ----------------------------------

import copy  # noqa: E402
import json  # noqa: E402
import pickle  # noqa: E402
from pathlib import Path  # noqa: E402

import attrs  # noqa: E402

import rulebook  # noqa: E402
from rulebook.core.contract import LogNode, log_actions, log_from, log_push  # noqa: E402
from rulebook.reference import records  # noqa: E402


def _longest_game() -> rulebook.State:  # type: ignore[type-arg]
    """The longest game valid Rules allow: Seven Prophecies 'twice', 4 players, 40 rounds.

    No game reaches 20,000 moves under valid Rules (the largest ``max_game_length`` is
    this one's 2,720); with seed 0 and random choices from ``Random(0)`` it plays all
    40 rounds, exactly the bound.
    """
    game = rulebook.get_game("seven-prophecies")
    rules = game.Rules(players=4, variant="twice", round_limit=40)
    state = game.new_game(rules, seed=0)
    rng = random.Random(0)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert len(state.history) == game.max_game_length(rules) == 2720
    return state


def test_the_longest_valid_game_compares_hashes_pickles_copies_saves_and_replays(tmp_path: Path) -> None:
    state = _longest_game()
    again = records.replay(records.load(records.save(state, tmp_path / "long.json")), complete=True)
    assert again == state and hash(again) == hash(state) and again is not state
    assert again.log is not state.log  # equal by value, walked in a loop
    for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state)):
        assert copied == state and hash(copied) == hash(state)
        assert copied.history == state.history
    shorter = records.replay(attrs.evolve(records.record_of(state), actions=records.record_of(state).actions[:-1]))
    assert shorter != state and shorter.history == state.history[:-1]


def test_a_20000_link_log_and_a_state_holding_it() -> None:
    actions = tuple(range(20_000))
    log = log_from(actions)
    assert isinstance(log, LogNode) and log_actions(log) == actions
    assert log == log_from(actions) and hash(log) == hash(log_from(actions))
    assert log != log_push(log, 0) and log != log_from(actions[:-1] + (-1,))
    assert pickle.loads(pickle.dumps(log)) == log and copy.deepcopy(log) is log
    assert repr(log) == "<log of 20000 actions>"
    game = rulebook.get_game("witches-of-blackmore")
    played = game.new_game(seed=1)
    played = played.apply(played.legal_actions()[0])
    action = played.history[0]
    state = attrs.evolve(played, log=log_from([action] * 20_000))
    twin = attrs.evolve(played, log=log_from([action] * 20_000))
    assert state == twin and hash(state) == hash(twin) and state != played
    for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert copied == state and len(copied.history) == 20_000
    # its record saves and loads at this length; replaying it fails with a typed error, not a RecursionError
    text = records.dumps(state)
    assert len(json.loads(text)["actions"]) == 20_000
    with pytest.raises(rulebook.InvalidRecord, match="action #"):
        records.replay(records.loads(text))


def test_verify_replays_the_record_of_the_longest_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from rulebook.cli.app import main
    from rulebook.variants.variant import Variant
    from rulebook.variants.verify import play_checked

    state = _longest_game()
    rng = random.Random(0)
    variant = Variant(type(state).GAME, state.rules)
    # verify's own path: every position checked, then the record-replay check at the end
    counter = [0]
    end = play_checked(variant, 0, ("random",) * 4, rng.randrange, random.Random(1), 500, counter)
    assert end == state and counter[0] == 2721  # the same game: every position checked
    path = records.save(state, tmp_path / "long.json")
    assert main(["replay", str(path), "--quiet"]) == 0
    assert "2720 actions" in capsys.readouterr().out


# -- mutation survivors of rulebook/core/tricks.py (issue 11), killed by exact values ----------


def test_win_keys_exact_table() -> None:
    """The whole table, one row per lead suit: trumps at 2*2**20 + strength, the lead suit at
    2**20 + strength, every other card -1 (kills off-by-one mutants of the row count and keys)."""
    span = 1 << 20
    keys = win_keys((0, 0, 1, 1, 2), (0, 1, 0, 1, 7), trump_suit=1)
    assert keys == (
        (span + 0, span + 1, 2 * span + 0, 2 * span + 1, -1),
        (-1, -1, 2 * span + 0, 2 * span + 1, -1),
        (-1, -1, 2 * span + 0, 2 * span + 1, span + 7),
    )
    assert win_keys((0, 1), (3, 4), trump_suit=None) == ((span + 3, -1), (-1, span + 4))


def test_the_weakest_trump_beats_the_strongest_card_of_the_lead_suit() -> None:
    """Strengths may use the whole documented range 0 .. 2**20 - 1."""
    top = (1 << 20) - 1
    suit_of, strength = (0, 1), (top, 0)
    assert trick_winner((0, 1), suit_of, strength, lead_suit=0, trump_suit=1) == 1
    assert best_position((0, 1), win_keys(suit_of, strength, trump_suit=1)[0]) == 1
    assert trick_winner((0, 1), suit_of, strength, lead_suit=0, trump_suit=None) == 0


# -- mutation survivors of rulebook/core/contract.py (issue 11, sampled), killed by exact values --

from rulebook.core.contract import MAX_DEAL_LENGTH, SEED_RANGE, Game, Setup, check_seed, deal_rng  # noqa: E402


def test_seed_range_bounds_are_exact() -> None:
    assert check_seed(2**64 - 1) == 2**64 - 1 and check_seed(-(2**63)) == -(2**63)
    assert SEED_RANGE == range(-(2**63), 2**64)
    for bad in (2**64, -(2**63) - 1):
        with pytest.raises(ValueError, match="seed: must be in"):
            check_seed(bad)


def test_deal_length_bound_is_exact() -> None:
    assert Setup(deals=[[0] * MAX_DEAL_LENGTH]).deals == ((0,) * 4096,)
    with pytest.raises(ValueError, match=r"deals\[0\]: at most 4096 entries \(got 4097\)"):
        Setup(deals=[[0] * (MAX_DEAL_LENGTH + 1)])


def test_setup_resampled_and_seedless_deals() -> None:
    assert Setup(seed=5, deals=[[1, 2]]).resampled(random.Random(1)) == Setup(
        seed=random.Random(1).getrandbits(63)
    )
    game = rulebook.get_game("utsuke")
    rules = game.Rules()
    assert Setup().deal(game, rules, 0) == game.random_deal(rules, deal_rng(0, 0), 0)
    assert game.new_game().setup == Setup(seed=0)


def test_log_equality_copy_and_inequality_by_value() -> None:
    a, b = log_from([1, 2, 3]), log_from([1, 2, 3])
    assert a is not b and a == b and not (a != b)
    assert a != log_from([1, 2, 4]) and not (a == log_from([1, 2, 4]))
    assert copy.copy(a) is a


def test_default_heuristic_plays_a_legal_action() -> None:
    game = rulebook.get_game("utsuke")
    state = game.new_game(seed=1)
    rng = random.Random(4)
    expected = random.Random(4).choice(state.legal_actions())
    assert Game.heuristic_action(game, state, rng) == expected


def test_card_text_refuses_bools_and_the_first_card_past_the_deck() -> None:
    import types

    fake: Any = types.SimpleNamespace(deck=DECK, slug="three-suits")  # any object with a deck and a slug
    assert Game.card_text(fake, DECK.size - 1) == DECK.text(DECK.size - 1) == "G5"
    for bad in (DECK.size, True, -1):
        with pytest.raises(ValueError, match="not a card of three-suits"):
            Game.card_text(fake, bad)


def test_drawn_deals_are_remembered_and_equal_to_a_fresh_draw() -> None:
    """A drawn deal is the game's ``random_deal`` from the deal's own generator, whether it comes
    from the cache or not; explicit deals are never cached; the cache starts afresh when full."""
    from rulebook.core import contract
    from rulebook.core.contract import Setup, deal_rng

    game = rulebook.get_game("seven-prophecies")
    rules = game.Rules()
    setup = Setup(seed=77)
    contract._DRAWN.clear()
    first = setup.deal(game, rules, 2)
    assert first == game.random_deal(rules, deal_rng(77, 2), 2)
    assert setup.deal(game, rules, 2) is first  # remembered
    assert Setup(seed=77).deal(game, rules, 2) is first  # by seed, not by Setup object
    assert setup.deal(game, rules, 3) != first and setup.deal(game, game.Rules(players=3), 2) != first
    explicit = Setup(seed=77, deals=[list(range(52))])
    assert explicit.deal(game, rules, 0) == tuple(range(52))
    assert (game, rules, 77, 0) not in contract._DRAWN
    for seed in range(contract.DEAL_CACHE + 5):
        Setup(seed=seed).deal(game, rules, 0)
    assert len(contract._DRAWN) <= contract.DEAL_CACHE


def test_explicit_deals_without_a_seed_keep_no_seed() -> None:
    game = rulebook.get_game("witches-of-blackmore")
    deal = game.random_deal(game.Rules(), random.Random(2), 0)
    assert game.new_game(deals=[deal]).setup == Setup(seed=None, deals=(deal,))
    assert game.new_game(seed=None).setup == Setup(seed=0)
    with pytest.raises(ValueError, match=r"action index must be an int"):
        game.decode_action(1.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"out of range 0\.\."):
        game.decode_action(-1)


# -- state_builder: the engines' cheap state constructor -------------------------------------


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_engine_states_equal_what_attrs_init_builds(slug: str) -> None:
    """Every state along a game is exactly the attrs class, equal field by field to ``cls(*fields)``."""
    import weakref

    game = rulebook.get_game(slug)
    state = game.new_game(game.Rules(players=min(game.player_counts)), seed=3)
    cls = type(state)
    rng = random.Random(3)
    seen = 0
    while True:
        assert type(state) is cls
        fields = [getattr(state, f.name) for f in attrs.fields(cls)]
        twin = cls(*fields)
        assert state == twin and hash(state) == hash(twin) and repr(state) == repr(twin)
        assert pickle.loads(pickle.dumps(state)) == state and copy.deepcopy(state) is state
        assert weakref.ref(state)() is state
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            state.rules = state.rules  # type: ignore[misc]
        seen += 1
        if state.current_player is None:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    assert seen > 10


def test_state_builder_refuses_what_it_would_skip() -> None:
    from rulebook.core.contract import state_builder

    class Base:
        __slots__ = ("__weakref__",)

    @attrs.frozen(slots=True)
    class Defaulted(Base):
        x: int = 0

    @attrs.frozen(slots=True)
    class Converted(Base):
        x: int = attrs.field(converter=int)

    @attrs.frozen(slots=True)
    class Plain(Base):
        x: int
        y: tuple[int, ...]

    for cls in (Defaulted, Converted):
        with pytest.raises(TypeError, match=r"field .*\.x needs attrs' __init__"):
            state_builder(cls)
    build = state_builder(Plain)
    assert build(1, (2,)) == Plain(1, (2,)) and type(build(1, (2,))) is Plain
    assert build.__name__ == "build_Plain"


def test_player_count_cases_pick_the_ends_under_dev(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulebook.variants.testing import player_count_cases

    monkeypatch.setenv("HYPOTHESIS_PROFILE", "dev")
    assert [n for s, n in player_count_cases() if s == "gods-and-humans"] == [5, 8]
    assert [n for s, n in player_count_cases("min") if s == "utsuke"] == [2]
    assert [n for s, n in player_count_cases("max") if s == "utsuke"] == [6]  # UT-RULING-18: six players
    monkeypatch.setenv("HYPOTHESIS_PROFILE", "ci")
    assert [n for s, n in player_count_cases("min") if s == "witches-of-blackmore"] == [2, 3, 4, 5, 6]
    with pytest.raises(ValueError, match="dev: 'ends', 'min' or 'max', not 'all'"):
        player_count_cases("all")


def test_a_game_pickles_by_its_name_and_no_cache_travels_with_it() -> None:
    """A game is its package's ``GAME`` in every process: it pickles by that name, so what it caches
    (a variant's tables; functions of a variant file loaded under a module name another process cannot
    import) never reaches a worker. A tune search on a Dask cluster died unpickling one."""
    import pickle

    import rulebook

    for slug in rulebook.GAMES if hasattr(rulebook, "GAMES") else ("witches-of-blackmore", "seven-prophecies",
                                                                   "utsuke", "gods-and-humans", "saru-tori-inu-i"):
        game = rulebook.get_game(slug)
        game.__dict__["_test_cache"] = lambda: None  # a cache pickled by value would fail on the lambda
        try:
            data = pickle.dumps(game)
            assert pickle.loads(data) is game and len(data) < 100
        finally:
            del game.__dict__["_test_cache"]
