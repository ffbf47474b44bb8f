"""The trick-winner rule shared by the plain trick-taking games.

The strongest trump wins if any trump was played, otherwise the strongest card
of the lead suit; other cards never win. Engines precompute, with
:func:`win_keys`, one key per card for each trump and lead suit, so that the
winner of a trick is an argmax over a few tuple look-ups
(:func:`best_position`); :func:`trick_winner` is the same rule for one-off use.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["best_position", "trick_winner", "win_keys"]

#: strengths must lie in range(_SPAN) for the int keys below to order correctly
_SPAN = 1 << 20


def trick_winner(
    cards: Sequence[int],
    suit_of: Sequence[int],
    strength: Sequence[int],
    lead_suit: int,
    trump_suit: int | None,
) -> int:
    """Position in ``cards`` of the winning card.

    The strongest trump wins if any trump was played; otherwise the strongest
    card of ``lead_suit``; cards of other suits never win. ``strength`` maps a
    card to a number in ``0 .. 2**20 - 1``, higher is stronger; among equal
    strengths (which a deck of distinct cards only produces across suits) the
    earlier card wins.

    >>> suit_of, strength = (0, 0, 1, 1), (0, 1, 0, 1)   # cards 0-1 suit 0, 2-3 suit 1
    >>> trick_winner((1, 0, 2), suit_of, strength, lead_suit=0, trump_suit=None)
    0
    >>> trick_winner((1, 0, 2), suit_of, strength, lead_suit=0, trump_suit=1)
    2
    """
    best = -1
    best_key = -1
    for pos, card in enumerate(cards):
        suit = suit_of[card]
        # one int per card (no tuple): trumps above the lead suit, both above -1
        if suit == trump_suit:
            key = 2 * _SPAN + strength[card]
        elif suit == lead_suit:
            key = _SPAN + strength[card]
        else:
            continue
        if key > best_key:
            best, best_key = pos, key
    if best < 0:  # no trump and no card of the lead suit: the first card leads its own suit
        raise ValueError("no card of the lead suit or trump in the trick")
    return best


def win_keys(
    suit_of: Sequence[int], strength: Sequence[int], trump_suit: int | None
) -> tuple[tuple[int, ...], ...]:
    """For each lead suit, every card's key in a trick with ``trump_suit`` as trump.

    A trump's key is above every card of the lead suit, whose keys are above
    ``-1``, the key of any other card; within each group the higher strength has
    the higher key (strengths in ``0 .. 2**20 - 1``). The position of the largest
    key in a trick is :func:`trick_winner`'s answer.

    >>> keys = win_keys((0, 0, 1, 1), (0, 1, 0, 1), trump_suit=1)
    >>> best_position((1, 0, 2), keys[0])
    2
    """
    suits = max(suit_of) + 1
    return tuple(
        tuple(
            2 * _SPAN + strength[c] if suit_of[c] == trump_suit else _SPAN + strength[c] if suit_of[c] == lead else -1
            for c in range(len(suit_of))
        )
        for lead in range(suits)
    )


def best_position(cards: Sequence[int], keys: Sequence[int]) -> int:
    """Position in ``cards`` of the card with the largest key (the earliest among equals)."""
    best = 0
    top = keys[cards[0]]
    for pos in range(1, len(cards)):
        key = keys[cards[pos]]
        if key > top:
            best, top = pos, key
    return best
