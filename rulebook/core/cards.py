"""Declarative decks of suited, numbered cards.

Cards are small ints (``suit * len(ranks) + rank index``) so that hands are
tuples of ints and the hot path compares and hashes ints only. A :class:`Deck`
holds the precomputed tables that turn a card into its suit, rank and text.

>>> deck = Deck(suits=(("red", "R"), ("blue", "B")), ranks=range(1, 4))
>>> deck.size, deck.card(1, 3), deck.text(5), deck.parse("b3")
(6, 5, 'B3', 5)
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

__all__ = ["Deck"]


def _ranks(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _suits(value: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return tuple((str(name), str(letter)) for name, letter in value)


@attrs.frozen(slots=True)
class Deck:
    """Every combination of suit and rank, one card each.

    ``suits`` is a sequence of ``(name, letter)`` pairs; the letter is the
    card's text prefix. ``ranks`` is the sequence of printed numbers.
    """

    suits: tuple[tuple[str, str], ...] = attrs.field(converter=_suits)
    ranks: tuple[int, ...] = attrs.field(converter=_ranks)
    #: card -> suit index
    suit_of: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    #: card -> printed number
    rank_of: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    _texts: tuple[str, ...] = attrs.field(init=False, repr=False, eq=False)
    _parse: dict[str, int] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        n = len(self.ranks)
        cards = range(len(self.suits) * n)
        texts = tuple(f"{self.suits[c // n][1]}{self.ranks[c % n]}" for c in cards)
        object.__setattr__(self, "suit_of", tuple(c // n for c in cards))
        object.__setattr__(self, "rank_of", tuple(self.ranks[c % n] for c in cards))
        object.__setattr__(self, "_texts", texts)
        object.__setattr__(self, "_parse", {t.upper(): c for c, t in enumerate(texts)})

    @property
    def size(self) -> int:
        return len(self.suit_of)

    @property
    def cards(self) -> range:
        return range(self.size)

    def card(self, suit: int, rank: int) -> int:
        """The card of suit index ``suit`` and printed number ``rank``."""
        return suit * len(self.ranks) + self.ranks.index(rank)

    def text(self, card: int) -> str:
        """The card's short text, suit letter then number (``G8``)."""
        return self._texts[card]

    def shown(self, card: object) -> str:
        """The card's short text if ``card`` is a card of this deck, else its ``repr``: safe in an
        error message, and an action's ``repr`` (``Play(card=G8)``)."""
        return self._texts[card] if type(card) is int and 0 <= card < self.size else repr(card)

    def name(self, card: int) -> str:
        """The card's long name (``green 8``)."""
        return f"{self.suits[self.suit_of[card]][0]} {self.rank_of[card]}"

    def parse(self, text: str) -> int:
        """The card named by ``text`` (case-insensitive); ``ValueError`` if none."""
        try:
            return self._parse[text.strip().upper()]
        except KeyError:
            raise ValueError(f"not a card of this deck: {text!r}") from None

    def texts(self, cards: tuple[int, ...] | list[int]) -> str:
        return " ".join(self._texts[c] for c in cards)

    def check_order(self, deal: object, index: int) -> None:
        """Raise ``ValueError`` naming deal ``index`` unless ``deal`` orders the whole deck.

        Checked exactly, never coerced: a tuple or list of ``size`` ``int`` (not bool, float
        or str), each card once.

        >>> Deck([("red", "R")], [1, 2]).check_order([1, 1], 0)
        Traceback (most recent call last):
        ...
        ValueError: deal 0: must order the 2 cards 0..1, each once
        """
        if type(deal) is not tuple and type(deal) is not list:
            raise ValueError(f"deal {index}: must be a tuple or list of card ints, not {type(deal).__name__}")
        if len(deal) != self.size:
            raise ValueError(f"deal {index}: must order all {self.size} cards, not {len(deal)}")
        for pos, card in enumerate(deal):
            if type(card) is not int:
                raise ValueError(f"deal {index}: position {pos} holds {card!r} ({type(card).__name__}), not a card int")
        if sorted(deal) != list(self.cards):
            raise ValueError(f"deal {index}: must order the {self.size} cards 0..{self.size - 1}, each once")
