"""The trick-winner rule shared by the plain trick-taking games.

Strength tables are precomputed per game (and per trump state where strength
depends on it), so the winner of a trick costs a few tuple look-ups.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["trick_winner"]


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
    card to a number, higher is stronger; among equal strengths (which a deck
    of distinct cards only produces across suits) the earlier card wins.
    """
    best = -1
    best_key = (-1, -1)
    for pos, card in enumerate(cards):
        suit = suit_of[card]
        if suit == trump_suit:
            key = (2, strength[card])
        elif suit == lead_suit:
            key = (1, strength[card])
        else:
            continue
        if key > best_key:
            best, best_key = pos, key
    if best < 0:  # no trump and no card of the lead suit: the first card leads its own suit
        raise ValueError("no card of the lead suit or trump in the trick")
    return best
