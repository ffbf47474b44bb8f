"""The trick-winner rule shared by the plain trick-taking games.

Strength tables are precomputed per game (and per trump state where strength
depends on it), so the winner of a trick costs a few tuple look-ups.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["trick_winner"]

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
