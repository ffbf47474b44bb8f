"""Who sees what on the general path (issue 40): a zone's sight set by a variant beyond what the engine plays
itself is followed by observation, resample, the tensor, the rule-aware player and verify's twin-world check.

WB-INFO-1, WB-INFO-4, WB-RULING-14, WB-PLAY-2.
"""

from __future__ import annotations

import collections
import random
from pathlib import Path
from typing import Any

import pytest

import rulebook
from rulebook.core.model import HIDDEN
from rulebook.errors import InvalidRules
from rulebook.games.saru_tori_inu_i.actions import PAIR
from rulebook.games.saru_tori_inu_i.rules import FACE_DOWN
from rulebook.variants.variant import Variant, load_variant
from rulebook.variants.verify import verify

WB = rulebook.get_game("witches-of-blackmore")
EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"


def _face_down(players: int = 3) -> Any:
    return WB.Rules(players=players, visible={"trick": "owner"})


def test_a_face_down_trick_shows_each_card_to_its_player_only_and_all_once_complete() -> None:
    """WB-INFO-4: during a trick every seat sees its own card and the others' face down; the finished trick
    is in every seat's record, face up."""
    rules = _face_down()
    state = WB.new_game(rules, seed=5)
    rng = random.Random(5)
    hidden = shown = 0
    while not state.is_terminal:
        inner = state.inner
        for seat in range(3):
            trick = state.observation(seat).engine.trick
            assert [s for s, _c in trick] == list(inner.order[: len(inner.trick)])
            for (s, c), true in zip(trick, inner.trick, strict=True):
                if s == seat:
                    assert c == true
                    shown += 1
                else:
                    assert c == HIDDEN
                    hidden += 1
            assert all(card >= 0 for t in state.observation(seat).engine.tricks for _p, card in t.plays)
        state = state.apply(type(state).GAME.heuristic_action(state, rng))
    assert hidden > 100 and shown > 50
    assert state.scores == state.inner.scores and sum(len(t.plays) for t in state.tricks) > 50


def test_the_redraw_keeps_the_view_and_draws_a_face_down_card_again_uniformly() -> None:
    """WB-INFO-4: a redraw for a seat keeps everything it sees (the observation and the tensor) and draws the
    others' face-down cards again among every card it cannot see, each about as often."""
    state = WB.new_game(_face_down(), seed=2)
    state = state.apply(state.legal_actions()[0])  # seat 1 leads, face down
    rng = random.Random(7)
    seen = state.observation(1)
    counts: collections.Counter[int] = collections.Counter()
    for _ in range(2000):
        other = state.resample(1, rng)
        assert other.observation(1) == seen and other.observation_tensor(1) == state.observation_tensor(1)
        WB.check_invariants(other.inner)
        counts[other.inner.trick[0]] += 1
    unseen = 54 - 6 - 1  # every card but seat 2's hand and the first trump
    assert len(counts) == unseen
    assert max(counts.values()) < 3 * min(counts.values())


def test_the_rule_aware_player_decides_from_what_its_seat_sees() -> None:
    """WB-INFO-4: with the trick face down the heuristic plays a world its seat cannot tell from the true one
    (a redraw), so two positions that differ only in a face-down card get the same move for the same draws."""
    state = WB.new_game(_face_down(), seed=3)
    state = state.apply(state.legal_actions()[0])
    game = type(state).GAME
    for seed in range(20):
        a = game.heuristic_action(state, random.Random(seed))
        b = game.heuristic_action(_swap_first_card(state), random.Random(seed))
        assert a == b


def _swap_first_card(state: Any) -> Any:
    """``state`` with the face-down card of the trick replaced by a card of the pile (a world seat 2 cannot
    tell apart)."""
    import attrs

    inner = state.inner
    deck, drawn = inner.board[0], inner.board[1]
    pile = list(deck[drawn:])
    card, pile[0] = pile[0], inner.trick[0]
    board = (deck[:drawn] + tuple(pile), *inner.board[1:])
    return attrs.evolve(state, inner=attrs.evolve(inner, trick=(card,), board=board))


def test_the_worked_example_verifies_and_plays() -> None:
    """docs/examples/witches_face_down_trick.toml: verify's checks hold, the twin-world check included."""
    variant = load_variant(None, str(EXAMPLES / "witches_face_down_trick.toml"))
    assert variant.rules.visible.general == (("trick", None, "owner"),)
    assert verify(WB, variant, examples=6).ok


@pytest.mark.parametrize("rule", ["must_follow", "must_trump"])
def test_a_face_down_trick_cannot_hold_a_player_to_the_colour_led(rule: str) -> None:
    """WB-RULING-14: the colour led is not seen, so WB-PLAY-2 and WB-PLAY-3 are refused with it."""
    with pytest.raises(InvalidRules, match=r"visible\.trick.*WB-RULING-14"):
        WB.Rules(players=3, visible={"trick": "owner"}, **{rule: True})


def test_one_seats_hand_face_up() -> None:
    """visible.hands.N: seat N's hand alone face up (a dummy): every seat sees it, it stays in every redraw,
    and the other hands are drawn again."""
    rules = WB.Rules(players=3, visible={"hands.2": "all"})
    state = WB.new_game(rules, seed=4)
    rng = random.Random(4)
    moved = 0
    for _ in range(30):
        if state.is_terminal:
            break
        for seat in (0, 2):
            view = state.observation(seat)
            assert [c.items for c in view.zones if c.zone == "hands" and c.owner == 1] == [state.inner.hands[1]]
            other = state.resample(seat, rng)
            assert other.observation(seat) == view and other.inner.hands[1] == state.inner.hands[1]
            moved += other.inner.hands[2 - seat] != state.inner.hands[2 - seat]
        assert state.observation(1).zones == ()
        state = state.apply(type(state).GAME.heuristic_action(state, rng))
    assert moved > 0


@pytest.mark.parametrize(("sight", "says"), [
    ({"trick": "role:chamberlain"}, "no role 'chamberlain'"),
    ({"trick": "seat:5"}, "seat 5 is not at a 3-player table"),
    ({"hands.7": "all"}, "seat 7 is not at a 3-player table"),
    ({"trick": "from:round"}, "a 'from:' sight is played only where the zone offers it"),
    ({"trumps": "owner"}, "must be one of all"),
    ({"trick.2": "all"}, "trick is one zone for the whole table"),
    ({"pile": "owner+owner"}, "'owner' is not a part of a sight"),
])
def test_sights_the_model_cannot_play_are_refused_naming_the_zone(sight: dict[str, str], says: str) -> None:
    with pytest.raises(InvalidRules, match="visible") as caught:
        Variant(WB, WB.Rules(players=3, visible=sight))
    assert says in str(caught.value)


def _example(name: str, attr: str) -> Any:
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, attr)


def test_a_sight_given_as_a_function_shows_each_hand_to_its_owner_and_the_next_seat() -> None:
    """WB-INFO-1 with a function: seat s sees the hand of seat s - 1 and no other hand but its own; the
    redraw for a seat keeps that hand and draws the other two again."""
    variant = _example("witches_see_to_the_right", "SEE_TO_THE_RIGHT")
    state, rng = variant.new_game(seed=4), random.Random(4)
    seen = collections.Counter[str]()
    while not state.is_terminal:
        hands = state.inner.hands
        for seat in range(4):
            shown = {c.owner: c.items for c in state.observation(seat).zones if c.zone == "hands"}
            left = (seat - 1) % 4
            more = set(hands[left]) - set(state.inner.known[left])  # beyond the trump cards every seat sees
            assert shown == ({left: hands[left]} if more else {}), (seat, shown)
            seen["hands"] += bool(more)
            world = state.resample(seat, rng).inner
            assert world.hands[seat] == hands[seat] and world.hands[left] == hands[left]
            others = [s for s in range(4) if s not in (seat, left)]
            moved = {c for s in others for c in world.hands[s]} != {c for s in others for c in hands[s]}
            pile = set(world.deck[world.drawn:]) != set(hands[seat]) and world.deck[world.drawn:] != \
                state.inner.deck[state.inner.drawn:]
            seen["drawn again"] += moved or pile
        state = state.apply(rng.choice(state.legal_actions()))
    assert seen["hands"] >= 4 * 30 and seen["drawn again"] >= 4 * 25


def test_the_function_sight_example_verifies() -> None:
    variant = _example("witches_see_to_the_right", "SEE_TO_THE_RIGHT")
    assert verify(WB, variant, examples=6).ok


def _right(seat: int, item: int, content: Any) -> bool:
    return seat == content.owner


@pytest.mark.parametrize(("sights", "says"), [
    ({"wheel": _right}, "sights.wheel: no zone 'wheel' (zones: hands, trick, pile, trumps, captured)"),
    ({"trumps": _right}, "sights.trumps: the engine plays only its own sights of trumps (all)"),
    ({"trick.2": _right}, "sights.trick.2: trick is one zone, not one per seat"),
    ({"hands.5": _right}, "sights.hands.5: the seat is a number from 1 to 4"),
    ({"hands.0": _right}, "sights.hands.0: the seat is a number from 1 to 4"),
    ({"hands": "owner"}, "sights.hands: a sight is a function, not str"),
])
def test_function_sights_the_model_cannot_play_are_refused_naming_the_zone(sights: dict[str, Any], says: str) -> None:
    from rulebook.variants.zones import InvalidSight

    with pytest.raises(InvalidSight) as caught:
        Variant(WB, WB.Rules(players=4), sights=sights)
    assert str(caught.value) == says


def test_a_zone_given_a_sight_twice_is_refused() -> None:
    with pytest.raises(InvalidRules, match=r"^Rules.visible.hands: the variant gives this zone's sight as a function"):
        Variant(WB, WB.Rules(players=4, visible={"hands": "all"}), sights={"hands": _right})


def test_a_sight_that_answers_other_than_true_or_false_stops_naming_the_zone() -> None:
    from rulebook.errors import RulebookError

    variant = Variant(WB, WB.Rules(players=4), sights={"hands": lambda seat, item, content: 1})
    with pytest.raises(RulebookError, match=r"^sights.hands: the sight must return True or False, not int$"):
        variant.new_game(seed=1).observation(0)


def test_one_seats_zone_given_a_sight_twice_is_refused() -> None:
    with pytest.raises(InvalidRules, match=r"^Rules.visible.hands.2: the variant gives this zone's sight as a"):
        Variant(WB, WB.Rules(players=4, visible={"hands.2": "all"}), sights={"hands.2": _right})


@pytest.mark.parametrize("slug", ["gods-and-humans"])
def test_one_seats_hand_where_the_engine_plays_hands_for_every_seat_only(slug: str) -> None:
    """A per-seat sight of a zone whose sights the engine plays for every seat only is refused saying
    so, not as a value outside the allowed ones (``all`` is one of them)."""
    game = rulebook.get_game(slug)
    with pytest.raises(InvalidRules) as caught:
        game.Rules(visible={"hands.1": "all"})
    assert str(caught.value).startswith("Rules.visible.hands.1: hands takes no sight for one seat in this game: "
                                        "set visible.hands for every seat (owner, all")


def test_the_redraws_shuffle_is_random_shuffle_and_stops_at_the_first_refused_place() -> None:
    import random
    from collections import Counter

    from rulebook.variants.zones import _shuffled

    free: list[frozenset[int]] = [frozenset()] * 6
    for seed in range(20):  # nothing refused: the very numbers and order of random.shuffle
        mine, theirs = list(range(6)), list(range(6))
        rng = random.Random(seed)
        assert _shuffled(mine, free, rng._randbelow)
        random.Random(seed).shuffle(theirs)
        assert mine == theirs
    # place 0 may not take item 0: the draws kept are the four arrangements that keep it, alike often
    allowed = [frozenset({0}), frozenset(), frozenset()]
    rng = random.Random(1)
    kept: Counter[tuple[int, ...]] = Counter()
    tries = 0
    while sum(kept.values()) < 4000:
        pool = [0, 1, 2]
        tries += 1
        if _shuffled(pool, allowed, rng._randbelow):
            kept[tuple(pool)] += 1
    assert set(kept) == {(1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)}
    assert all(930 <= n <= 1070 for n in kept.values()), kept
    assert 5700 <= tries <= 6300  # two draws of three are kept


@pytest.mark.parametrize("slug", ["witches-of-blackmore", "seven-prophecies", "utsuke", "saru-tori-inu-i"])
def test_one_hand_kept_face_down_while_every_other_lies_open(slug: str) -> None:
    """visible.hands = all with visible.hands.2 = owner (WB-INFO-2, SP-INFO-4, UT-INFO-2 less one hand): the
    other seats see every hand but seat 2's, which reads face down wherever the observation lists hands (the
    open hands, the board), and a redraw for them draws that hand again among what they cannot see; seat 2
    sees everything (in the Witches every seat still sees the cards taken from the trump stack, WB-INFO-1).
    The tensor and the board leave the face-down cards out."""
    from rulebook.core import render

    game = rulebook.get_game(slug)
    variant = Variant(game, game.Rules(visible={"hands": "all", "hands.2": "owner"}))
    state, rng = variant.new_game(seed=3), random.Random(3)
    seen = collections.Counter[str]()
    while not state.is_terminal and seen["moves"] < 60:
        real = game.hands_of(state.inner) if hasattr(game, "hands_of") else state.inner.hands
        players = variant.rules.players
        for seat in range(players):
            view = state.observation(seat)
            hands = view.engine.open_hands[:players]
            if seat == 1:
                assert hands == tuple(real[:players])
                continue
            # WB-INFO-1, ST-RES-5: the cards every seat saw the hand take
            known = state.inner.known[1] if slug in ("witches-of-blackmore", "saru-tori-inu-i") else ()
            seen_cards = [c for c in real[1] if c in known]  # seen first, then the hidden ones
            assert hands[1] == (*seen_cards, *(HIDDEN,) * (len(real[1]) - len(seen_cards)))
            assert [h for s, h in enumerate(hands) if s != 1] == [h for s, h in enumerate(real[:players]) if s != 1]
            seen["face down"] += bool(real[1])
            text = render.observation_text(view.engine)
            line = next(t for t in text.splitlines() if "hand of seat 2" in t)
            assert "-1" not in line and ("??" in line) == bool(real[1]) and "None" not in text
            assert len(state.observation_tensor(seat)) == len(variant.new_game(seed=3).observation_tensor(seat))
            other = state.resample(seat, rng)
            assert other.observation(seat) == view
            seen["drawn again"] += other.inner.hands[1] != state.inner.hands[1]
        state = state.apply(type(state).GAME.heuristic_action(state, rng))
        seen["moves"] += 1
    # in UTSUKE and Saru Tori Inu I every other card is in sight (the lord's row, the oracle area face up,
    # none set aside): the hand is what is left
    assert seen["face down"] >= 60 and (seen["drawn again"] >= 30 or slug in ("utsuke", "saru-tori-inu-i")), seen
    assert verify(game, variant, examples=3).ok


@pytest.mark.parametrize("slug", ["utsuke", "saru-tori-inu-i"])
def test_one_seats_hand_face_up_in_utsuke_and_saru(slug: str) -> None:
    """UT-INFO-1, ST-INFO-1 with visible.hands.2 = all (a dummy's hand face up): every other seat sees seat
    2's hand beside its own (in Saru Tori Inu I with the card it laid face down, until placed:
    ST-RULING-27), every redraw keeps it and draws the other hands again."""
    game = rulebook.get_game(slug)
    variant = Variant(game, game.Rules(visible={"hands.2": "all"}))
    state, rng = variant.new_game(seed=4), random.Random(4)
    seen = collections.Counter[str]()
    others = [s for s in range(variant.rules.players) if s != 1]
    while not state.is_terminal and seen["moves"] < 300:
        held = game.zone_contents(state.inner)[1].items
        for seat in others:
            view = state.observation(seat)
            shown = [c.items for c in view.zones if c.zone == "hands"]
            assert shown == ([held] if held and set(held) - set(getattr(state.inner, "known", ((),) * 4)[1])
                             else []), (shown, held)
            seen["shown"] += bool(shown)
            other = state.resample(seat, rng)
            assert other.observation(seat) == view and game.zone_contents(other.inner)[1].items == held
            seen["drawn again"] += other.inner.hands != state.inner.hands
        assert state.observation(1).zones == ()
        state = state.apply(type(state).GAME.heuristic_action(state, rng))
        seen["moves"] += 1
    assert seen["shown"] >= 3 * 40 and seen["drawn again"] >= 3 * 30, seen
    assert verify(game, variant, examples=3).ok


def test_a_saru_hand_seen_shows_the_card_its_player_laid_face_down() -> None:
    """ST-RULING-27: with seat 2's hand face up (visible.hands.2 = all), the card seat 2 lays face down is
    seen by every seat until it is placed; with the printed sight nobody else sees it."""
    game = rulebook.get_game("saru-tori-inu-i")
    variant = Variant(game, game.Rules(visible={"hands.2": "all"}))
    seen = collections.Counter[str]()
    for seed in range(40):
        state, rng = variant.new_game(seed=seed), random.Random(seed)
        while not state.is_terminal:
            inner = state.inner
            down = inner.plays[1][1] if inner.plays[2][1] == FACE_DOWN else ()
            if down:
                for seat in (0, 2):
                    shown = [c.items for c in state.observation(seat).zones if c.zone == "hands"]
                    assert shown and shown[0][len(inner.plays[0][1]):] == down, (shown, down)
                    assert inner.observation(seat).plays[1] != down  # the printed view hides it
                seen["face down"] += 1
            # random moves: the heuristic seldom has no card to play face up
            state = state.apply(rng.choice(state.legal_actions()))
    assert seen["face down"] >= 5, seen


def _fifth(seat: int, item: int, content: Any) -> bool:
    """A sight that reads the item: the owner sees its hand, every seat the cards numbered 0, 5, 10..."""
    return bool(seat == content.owner or item % 5 == 0)


@pytest.mark.parametrize("slug", ["witches-of-blackmore", "seven-prophecies", "utsuke", "saru-tori-inu-i"])
def test_a_sight_that_reads_the_item_keeps_every_view_through_every_redraw(slug: str) -> None:
    """A Python sight of the hands that sees some cards by what they are: every redraw for every seat at
    every position leaves its view as it was (a draw that would bring such a card into sight, or take one
    out, is drawn again, also where the seat sees nothing beyond its own hand yet); a hand partly seen lists
    its seen cards sorted, then the hidden ones, so their places say nothing of the hidden cards."""
    game = rulebook.get_game(slug)
    variant = Variant(game, game.Rules(), sights={"hands": _fifth})
    rng = random.Random(6)
    seen = collections.Counter[str]()
    for seed in range(3):
        state = variant.new_game(seed=seed)
        while not state.is_terminal:
            for seat in range(variant.rules.players):
                view = state.observation(seat)
                for content in view.zones:
                    items = [c for c in content.items if c != HIDDEN]
                    known = getattr(state.inner, "known", None)  # WB-INFO-1, ST-RES-5: seen taken, by all
                    open_cards = known[content.owner] if known is not None else ()
                    assert items == sorted(items) and all(c % 5 == 0 or c in open_cards for c in items)
                    assert list(content.items) == items + [HIDDEN] * (len(content.items) - len(items))
                    seen["partly seen"] += HIDDEN in content.items
                assert state.resample(seat, rng).observation(seat) == view
                seen["redraws"] += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert seen["partly seen"] >= 100 and seen["redraws"] >= 300, seen
    assert verify(game, variant, examples=4).ok


def test_a_saru_redraw_keeps_a_declarations_second_card_above_the_first() -> None:
    """ST-PLAY-4 under a sight that reads the item: while a seat picks the second card of its declaration,
    every redraw for the other seats leaves it a card above the first it picked (``zone_valid``)."""
    game = rulebook.get_game("saru-tori-inu-i")
    variant = Variant(game, game.Rules(), sights={"hands": _fifth})
    rng = random.Random(8)
    checked = 0
    for seed in range(40):
        state = variant.new_game(seed=seed)
        while not state.is_terminal:
            inner = state.inner
            seat = inner.to_act
            if inner.phase == PAIR and len(inner.plays[1][seat]) == 1:  # the first card picked
                first = inner.plays[1][seat][0]
                for other in range(4):
                    if other != seat:
                        for _ in range(5):
                            world = state.resample(other, rng).inner
                            assert max(world.plays[0][seat]) > first and world.plays[1][seat] == (first,)
                            checked += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert checked >= 30
