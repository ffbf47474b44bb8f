"""Independent reference helpers for the Seven Prophecies tests (written apart from the engine)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

SUITS = "ABCD"


def suit(card: int) -> int:
    return card // 13


def number(card: int) -> int:
    return card % 13 + 1


def beats(x: int, x_pos: int, y: int, y_pos: int, future_suit: int) -> bool:
    """Does card ``x`` (played at ``x_pos``) outrank card ``y`` (played at ``y_pos``)?

    SP-RANK-1, SP-RANK-2, SP-RANK-3, stated pairwise.
    """
    x_future = suit(x) == future_suit
    y_future = suit(y) == future_suit
    if x_future != y_future:
        return x_future
    if number(x) != number(y):
        return number(x) > number(y)
    # equal numbers can only be of different suits; the later card is stronger
    return x_pos > y_pos


def reference_places(cards: list[int] | tuple[int, ...], future_suit: int) -> tuple[int, ...]:
    """Place of each card: 1 + how many other cards of the trick outrank it."""
    return tuple(
        1 + sum(1 for j, y in enumerate(cards) if j != i and beats(y, j, x, i, future_suit))
        for i, x in enumerate(cards)
    )


def round_cards(players: int) -> list[int]:
    return [c for c in range(52) if players == 4 or number(c) <= 11]


def legal_cards(hand: list[int], future_suit: int) -> list[int]:
    """SP-PLAY-2: the cards a player may play (sorted)."""
    follow = sorted(c for c in hand if suit(c) == future_suit)
    return follow or sorted(hand)


def simulate_places(deal: tuple[int, ...], players: int, start: int) -> list[list[int]]:
    """Play all ten tricks with 'lowest legal card' and return places[seat][trick]."""
    aside = 4 if players == 3 else 2
    hands = [sorted(deal[aside + 10 * s : aside + 10 * (s + 1)]) for s in range(players)]
    future = deal[aside + 10 * players :]
    out: list[list[int]] = [[] for _ in range(players)]
    leader = start
    for t in range(10):
        fs = suit(future[t])
        cards = []
        for i in range(players):
            s = (leader + i) % players
            c = legal_cards(hands[s], fs)[0]
            hands[s].remove(c)
            cards.append(c)
        pl = reference_places(cards, fs)
        for i, p in enumerate(pl):
            out[(leader + i) % players].append(p)
        leader = (leader + pl.index(1)) % players
    return out


def histogram(places: list[int], players: int) -> list[int]:
    c = Counter(places)
    return [c[p] for p in range(1, players + 1)]


def prophecy_actions(counts: list[int]) -> list[str]:
    """The action texts of a prophecy, in order of place (SP-RULING-4)."""
    return [f"prophesy {p + 1}" for p, k in enumerate(counts) for _ in range(k)]


def seeded_deal(players: int, seed: int) -> tuple[int, ...]:
    cards = round_cards(players)
    random.Random(seed).shuffle(cards)
    return tuple(cards)


# -- the reference checked by hand (so that it can be trusted as an oracle) -------------


def test_reference_ranks_future_suit_first_then_numbers() -> None:
    """SP-RANK-1: A is the future suit here; A2 beats B13."""
    a2, b13, c7, d1 = 1, 13 + 12, 26 + 6, 39
    assert reference_places([b13, a2, c7, d1], 0) == (2, 1, 3, 4)


def test_reference_equal_numbers_later_is_higher() -> None:
    """SP-RANK-3: B5 then C5 then D5 off the future suit A: the last played is highest."""
    b5, c5, d5 = 13 + 4, 26 + 4, 39 + 4
    assert reference_places([b5, c5, d5], 0) == (3, 2, 1)


def test_reference_legal_cards_follow_the_future_suit() -> None:
    """SP-PLAY-2: holding the future suit forces it; without it, anything goes."""
    assert legal_cards([0, 13, 30], 1) == [13]
    assert legal_cards([0, 30], 1) == [0, 30]


def reference_round_points(left: int) -> int:
    """SP-SCORE-1: +2 for all seven placed, else lose (cubes left - 1)."""
    if left == 0:
        return 2
    return 1 - left


def finish_round(before: Any, last_card: int) -> list[int]:
    """Cubes each seat has placed once ``last_card`` completes the trick of ``before``."""
    n = before.rules.players
    cards = [*before.trick, last_card]
    fs = suit(before.future[len(before.round_tricks)])
    placed = list(before.placed)
    for i, p in enumerate(reference_places(cards, fs)):
        s = (before.leader + i) % n
        if before.cubes[s][p - 1] > 0:
            placed[s] += 1
    return placed


def test_reference_round_points() -> None:
    """SP-SCORE-1: the source's example figures."""
    assert [reference_round_points(k) for k in (0, 1, 2, 3)] == [2, 0, -1, -2]
