"""UTSUKE: the input boundary (issue 11) and the pinned printed game (spec prefix UT).

Bad deals, bad actions and bad seats each get a typed error naming the fault; the options'
defaults and choices are pinned to the spec; the observation tensor is checked value by value.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulebook.errors import IllegalAction
from rulebook.games.utsuke import DECK, GAME, Bid, Phase, Play, Rules, UtsukeState
from tests.games.utsuke.test_state import LORD_ROW, conduct_game, play

ORDER = tuple(range(60))
C = DECK.parse


# -- deals ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "deal,fault",
    [
        ((True,) + ORDER[1:], "position 0 holds True"),
        ((0.0,) + ORDER[1:], "position 0 holds 0.0"),
        (("0",) + ORDER[1:], "position 0 holds '0'"),
        (ORDER[:-1], "all 60 cards, not 59"),
        (ORDER + (60,), "all 60 cards, not 61"),
        ((0,) * 60, "each once"),
        ((-1,) + ORDER[1:], "each once"),
        ("A1 A2", "tuple or list"),
        (None, "tuple or list"),
    ],
)
def test_bad_deals_name_the_deal_and_the_fault(deal: Any, fault: str) -> None:
    """UT-SETUP-4: a deal is a tuple or list of the 60 card ints, each once; nothing is coerced."""
    with pytest.raises(ValueError, match=f"deal 2: .*{fault}"):
        GAME.check_deal(Rules(), deal, 2)


def test_no_more_deals_than_rounds() -> None:
    """UT-END-5, UT-SETUP-4: at most max_rounds deals: 9 with four players, 3 with 2 players and
    two honour to win."""
    GAME.check_deal(Rules(), ORDER, 8)
    with pytest.raises(ValueError, match=r"deal 9: .*at most 9 rounds"):
        GAME.check_deal(Rules(), ORDER, 9)
    rules = Rules(players=2, honour_to_win=2)
    assert GAME.max_rounds(rules) == 3
    GAME.new_game(rules, deals=[ORDER] * 3)
    with pytest.raises(ValueError, match="deal 3"):
        GAME.new_game(rules, deals=[ORDER] * 4)
    for index in (-1, True, 1.0):
        with pytest.raises(ValueError, match="at most 9 rounds"):
            GAME.check_deal(Rules(), ORDER, index)  # type: ignore[arg-type]


# -- actions ----------------------------------------------------------------------------


@pytest.mark.parametrize("tricks", [True, False, 1.5, 3.0, "3", None, -1, 16, 10**6])
def test_bad_bids_are_illegal_actions(tricks: Any) -> None:
    """UT-BID-1, UT-COMP-2: a bid is an int 0..15; Bid(True) is not Bid(1) and Bid(3.0) not Bid(3)."""
    state = GAME.new_game(Rules(players=3), seed=3)
    with pytest.raises(IllegalAction, match="UT-BID-1") as info:
        state.apply(Bid(tricks))
    assert info.value.rule == "UT-BID-1" and repr(tricks) in str(info.value)


def _playing() -> UtsukeState:
    state = play(conduct_game(), "bid 3", "bid 3", "bid 2", "bid 4")
    assert state.phase is Phase.PLAYING and state.current_player == 0
    return state


@pytest.mark.parametrize("card", [True, 1.0, "3", None, -1, 60, 10**6, (0,)])
def test_bad_plays_are_illegal_actions(card: Any) -> None:
    """UT-PLAY-2: a card that is not an int the seat holds is refused, never coerced; never an
    IndexError or TypeError, including while building the message."""
    state = _playing()
    with pytest.raises(IllegalAction, match="UT-PLAY-2") as info:
        state.apply(Play(card))
    assert repr(card) in str(info.value)


@pytest.mark.parametrize("action", [None, "bid 3", 3, Bid(3)])
def test_wrong_kinds_of_action(action: Any) -> None:
    """UT-BID-1, UT-PLAY-2: a seat that has not bid must bid; one that has must play a card."""
    bidding = GAME.new_game(Rules(players=3), seed=1)
    if type(action) is not Bid:
        with pytest.raises(IllegalAction, match="UT-BID-1"):
            bidding.apply(action)
    with pytest.raises(IllegalAction, match="UT-PLAY-2"):
        _playing().apply(action)


def test_after_the_end_nothing_is_legal() -> None:
    """UT-END-1: legal_actions() is exactly () at the end and every action is refused."""
    state = GAME.new_game(Rules(players=2), seed=4)
    rng = random.Random(4)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.legal_actions() == () and state.phase is Phase.OVER
    with pytest.raises(IllegalAction, match="UT-END-1"):
        state.apply(Bid(0))


# -- seats ------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [-1, 4, 99, None, True, False, 1.0, "0"])
def test_observation_and_resample_refuse_a_seat_that_is_not_one(seat: Any) -> None:
    """UT-INFO-1: only the seats 0..players-1 observe; the lord's place (4), bools, floats are not seats."""
    state = _playing()
    with pytest.raises(ValueError, match=f"seat: {seat!r} is not a seat"):
        state.observation(seat)
    with pytest.raises(ValueError, match="seat"):
        state.observation_tensor(seat)
    with pytest.raises(ValueError, match=f"seat: {seat!r} is not a seat"):
        state.resample(seat, random.Random(0))


# -- the printed game -------------------------------------------------------------------


def test_options_pin_the_printed_game() -> None:
    """UT-SETUP-3, UT-RULING-5, UT-RULING-4, UT-END-1, UT-END-2, UT-RULING-10, UT-SCORE-2, UT-SCORE-3,
    UT-COMP-2, UT-END-6, UT-LORD-5, UT-LORD-8, UT-PLAY-2, UT-TRICK-1, UT-TRUMP-2, UT-RULING-18, UT-LOGIC-3,
    UT-RULING-24, UT-RULING-25: each option's exact default and declared choices."""
    pinned = {o.name: (o.default, o.choices) for o in GAME.options()}
    assert pinned == {
        "players": (4, (2, 3, 4, 5, 6)),
        "first_lord": (0, (0, 1, 2, 3, 4, 5)),
        "endings_off": ((), None),
        "on_loss": ("survivors", ("survivors", "most_honour")),
        "honour_to_win": (3, (1, 2, 3, 4, 5, 6, 7, 8, 9)),
        "chips_to_lose": (2, (1, 2, 3, 4)),
        "honour_exact": (2, tuple(range(1, 10))),
        "honour_closest": (1, tuple(range(0, 10))),
        "closest_tie": ("higher", ("higher", "lower", "both")),
        "removed": ((), None),
        "max_bid": (15, tuple(range(61))),
        "bid_cards": ((1, 2, 4, 8), None),
        "end": ("printed", ("printed", "rounds")),
        "rounds": (5, tuple(range(1, 13))),
        "lord_policy": ("printed", ("printed", "lowest", "leftmost", "highest", "random")),
        "young_lord_policy": ("same", ("same", "printed", "lowest", "leftmost", "highest", "random")),
        "young_lord": (True, (True, False)),
        "follow": ("must", ("must", "free", "must_trump")),
        "trumps": ("chip", ("chip", "none")),
        "trick_winner": ("highest", ("highest", "lowest")),
        "trump_change": ("moves", ("moves", "fixed")),
        "teams": (False, (False, True)),
        "hand_size": (0, tuple(range(31))),
        "visible.hands": ("owner", ("owner", "all", "team")),
        "visible.bids": ("owner", ("owner", "all", "from:tricks")),
        "visible.row": ("all", ("all",)),
        "visible.trick": ("all", ("all",)),
        "tiebreak": ("share", ("share", "extra")),
        "extra_rounds": (3, tuple(range(1, 13))),
    }
    assert list(GAME.player_counts) == [2, 3, 4, 5, 6]
    assert Rules() == Rules(players=4, first_lord=0, on_loss="survivors", honour_to_win=3, chips_to_lose=2)


# -- the observation tensor -------------------------------------------------------------


def _expected(entries: dict[int, int]) -> tuple[int, ...]:
    out = [0] * 382
    for i, v in entries.items():
        out[i] = v
    return tuple(out)


def test_observation_tensor_value_by_value() -> None:
    """UT-INFO-1, UT-SETUP-5, UT-LORD-1, UT-TRUMP-1: the documented layout, entry by entry, on the
    conduct walk-through (four players; the lord before seat 0; trump C under the chip on C9)."""
    state = _playing()  # bids 3, 3, 2, 4; the lord has led D1
    seat = 2
    hand = state.hands[seat]
    assert len(hand) == 12 and state.observation(seat).hand_sizes == (12, 12, 12, 12)
    row = [C(t) for t in LORD_ROW[1:]]
    entries = {seat: 1, 5 + 4 - 2: 1, 9: 0, 10 + 0: 1, 15: 0, 16 + 0: 1}
    entries |= {21 + c: 1 for c in hand}
    entries |= {81 + c: i + 1 for i, c in enumerate(row)}  # the lord's row, 1 = leftmost
    entries |= {201 + 2: 1, 206 + C("D1"): 1, 266 + 5: 1}  # trump C; D1 led; the lord leads
    entries |= {340 + s: 12 for s in range(4)}
    entries |= {345 + 2: 1}  # own bid 2
    entries |= {361 + s: 1 for s in range(4)}  # everyone has bid
    assert state.observation_tensor(seat) == _expected(entries)

    # after the first trick (won by seat 0 with D12), seen by seat 2
    state = play(state, "play D12", "play D3", "play D4", "play D6")
    hand = state.hands[seat]
    entries = {seat: 1, 7: 1, 10: 1, 16 + 0: 1}
    entries |= {21 + c: 1 for c in hand}
    entries |= {81 + c: i + 1 for i, c in enumerate(row)}
    entries |= {201 + 2: 1, 266 + 0: 1}  # no card in the trick yet; seat 0 leads
    entries |= {273 + C(t): 1 for t in ("D1", "D12", "D3", "D4", "D6")}
    entries |= {333 + 0: 1}  # seat 0 has taken one trick
    entries |= {340 + s: 11 for s in range(4)}
    entries |= {345 + 2: 1}
    entries |= {361 + s: 1 for s in range(4)}
    assert state.observation_tensor(seat) == _expected(entries)
    assert GAME.observation_size(state.rules) == 382


def test_tensor_counts_tricks_per_place_slot() -> None:
    """UT-INFO-1, UT-TRICK-2, UT-LORD-4: tricks won per place slot (seats 0-4, lord 5, young lord 6),
    the leader slot and the current trick, after seat 0 and then the lord won a trick."""
    state = play(_playing(), "play D12", "play D3", "play D4", "play D6", "play A5", "play A6", "play A7", "play A8")
    assert state.won == (1, 0, 0, 0, 1)
    tensor = state.observation_tensor(3)
    assert tensor[333:340] == (1, 0, 0, 0, 0, 1, 0)
    assert tensor[266:273] == (0, 0, 0, 0, 0, 1, 0)  # the lord leads after its win
    assert [i for i in range(60) if tensor[206 + i]] == [C("C9")] and tensor[206 + C("C9")] == 1
    assert tensor[340:345] == (10, 10, 10, 10, 0)
    rules = Rules(players=2)
    two = GAME.new_game(rules, seed=3).apply(Bid(1)).apply(Bid(2))
    while two.won[3] == 0 and not two.is_terminal:
        two = two.apply(two.legal_actions()[0])
    assert two.observation_tensor(0)[333 + 6] == two.won[3] == 1  # the young lord's slot
    assert two.observation_tensor(0)[5:9] == (1, 0, 0, 0)  # two players


# -- from the mutation sample -------------------------------------------------------------


def test_action_texts_of_the_edge_cards_and_of_non_cards() -> None:
    """UT-PLAY-2, UT-BID-1: card 0 is A1 and 59 is E12; anything else prints as its repr."""
    texts = [str(Play(0)), str(Play(59)), str(Play(60)), str(Play(True))]
    assert texts == ["play A1", "play E12", "play 60", "play True"]
    assert [str(Bid(0)), str(Bid(15)), str(Bid(1.5))] == ["bid 0", "bid 15", "bid 1.5"]  # type: ignore[arg-type]


def test_npc_follows_with_card_zero() -> None:
    """UT-LORD-2: card 0 (A1) is the NPC's highest card of the suit led when it is its only one."""
    from rulebook.games.utsuke import npc_card

    assert npc_card((C("B3"), C("A1")), (C("A5"),), False) == C("A1")


def test_hall_condition_checks_single_suits() -> None:
    """UT-INFO-1: a resampled deal must fit the known voids; one suit alone can overflow its seats."""
    from rulebook.games.utsuke.observation import _feasible

    allowed = [[True] * 5, [False] + [True] * 4]  # seat 1 is void in suit A
    assert _feasible([2, 0, 0, 0, 0], [2, 5], allowed)
    assert not _feasible([3, 0, 0, 0, 0], [2, 5], allowed)


def test_resample_redraws_another_seats_bid_of_zero() -> None:
    """UT-BID-1, UT-INFO-1: a bid of 0 is hidden like any other until the reveal."""
    state = GAME.new_game(Rules(players=3), seed=2).apply(Bid(0)).apply(Bid(0)).apply(Bid(0))
    bids = {state.resample(1, random.Random(k)).bids for k in range(10)}
    assert all(b[1] == 0 for b in bids) and any(b[0] != 0 for b in bids) and any(b[2] != 0 for b in bids)


def _reference_feasible(counts: list[int], caps: list[int], allowed: list[list[bool]]) -> bool:
    """Hall's condition over every set of suits (the first implementation, kept as the reference)."""
    from itertools import combinations

    suits = [s for s in range(len(counts)) if counts[s]]
    for r in range(1, len(suits) + 1):
        for group in combinations(suits, r):
            need = sum(counts[s] for s in group)
            room = sum(cap for p, cap in enumerate(caps) if any(allowed[p][s] for s in group))
            if need > room:
                return False
    return True


@given(
    counts=st.lists(st.integers(0, 4), min_size=5, max_size=5),
    caps=st.lists(st.integers(0, 6), min_size=1, max_size=5),
    data=st.data(),
)
def test_hall_condition_checks_only_the_void_suit_sets_and_agrees(
    counts: list[int], caps: list[int], data: st.DataObject
) -> None:
    """UT-INFO-1: the check that looks only at sets of suits some seat may hold none of decides
    exactly as the check over every set of suits."""
    from rulebook.games.utsuke.observation import _feasible

    allowed = [data.draw(st.lists(st.booleans(), min_size=5, max_size=5)) for _ in caps]
    assert _feasible(counts, caps, allowed) == _reference_feasible(counts, caps, allowed)


def _reference_deal(
    cards: list[int], sizes: dict[int, int], voids: tuple[frozenset[int], ...], rng: random.Random
) -> dict[int, list[int]]:
    """The first implementation of the constrained redeal (every card checked), kept as the reference."""
    from rulebook.games.utsuke.rules import _SUIT

    seats = list(sizes)
    caps = [sizes[s] for s in seats]
    allowed = [[suit not in voids[s] for suit in range(5)] for s in seats]
    counts = [0] * 5
    for c in cards:
        counts[_SUIT[c]] += 1
    order = list(cards)
    rng.shuffle(order)
    out: dict[int, list[int]] = {s: [] for s in seats}
    for c in order:
        suit = _SUIT[c]
        counts[suit] -= 1
        choices = [i for i in range(len(seats)) if caps[i] and allowed[i][suit]]
        rng.shuffle(choices)
        for i in choices:
            caps[i] -= 1
            if _reference_feasible(counts, caps, allowed):
                out[seats[i]].append(c)
                break
            caps[i] += 1
    return out


@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), data=st.data())
def test_constrained_deal_is_the_same_deal_with_the_faster_check(seed: int, players: int, data: st.DataObject) -> None:
    """UT-INFO-1: the redeal gives the same hands and leaves the generator in the same state as
    the deal that checks every set of suits for every card."""
    from rulebook.games.utsuke import observation as obs
    from rulebook.games.utsuke.rules import _SUIT

    cards = sorted(random.Random(seed).sample(range(60), 8 * players))
    sizes = {s: 8 for s in range(players)}
    suits = {_SUIT[c] for c in cards}
    voids = tuple(frozenset(data.draw(st.sets(st.sampled_from(sorted(suits)), max_size=2))) for _ in range(players))
    counts = [0] * 5
    for c in cards:
        counts[_SUIT[c]] += 1
    allowed = [[suit not in voids[s] for suit in range(5)] for s in range(players)]
    if not _reference_feasible(counts, [8] * players, allowed):
        return
    fast_rng, slow_rng = random.Random(seed), random.Random(seed)
    fast = obs._constrained_deal(cards, sizes, voids, fast_rng)
    slow = _reference_deal(cards, sizes, voids, slow_rng)
    assert fast == slow
    assert fast_rng.getstate() == slow_rng.getstate()
    assert all(_SUIT[c] not in voids[s] for s, hand in fast.items() for c in hand)
    assert sorted(c for hand in fast.values() for c in hand) == cards
