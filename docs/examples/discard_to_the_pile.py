"""Moves a variant adds, for The Witches of Blackmore.

* ``DISCARD_TO_THE_PILE``: a move kind of the variant's own. A player about to lead a trick with a
  full hand may first put one card from it face down at the bottom of the draw pile; then they
  lead as usual. (Their hand is then one card short, and the refill after each trick, one card,
  never fills it again: each player discards at most once a game.)
* ``LEAD_ONE_FIRST``: a compulsory move. A player about to lead who holds a 1 must lead it (the
  legal hook returns that one move).

Check them with::

    rulebook verify witches-of-blackmore --variant docs/examples/discard_to_the_pile.py:DISCARD_TO_THE_PILE
    rulebook verify witches-of-blackmore --variant docs/examples/discard_to_the_pile.py:LEAD_ONE_FIRST
"""

from __future__ import annotations

from typing import Any

import attrs

import rulebook
from rulebook.games.witches_of_blackmore.actions import PLAYING, Play
from rulebook.variants.moves import VariantMove
from rulebook.variants.variant import Variant

GAME = rulebook.get_game("witches-of-blackmore")


@attrs.frozen
class Discard(VariantMove):
    """Put ``card``, from the hand of the player about to lead, face down at the bottom of the pile."""

    KIND = "discard"
    card: int

    def __str__(self) -> str:
        return f"discard {GAME.card_text(self.card)}"

    @classmethod
    def parse(cls, text: str) -> Discard | None:
        word, _, card = text.partition(" ")
        return cls(GAME.parse_card(card)) if word == "discard" else None

    @staticmethod
    def apply(state: Any, move: Discard) -> Any:
        inner = state.inner
        seat, board = inner.current_player, inner.board
        deck, drawn, known = board[0], board[1], board[6]
        # the deck stays one order of every card: the part dealt and drawn loses the card, the pile
        # (``deck[drawn:]``) gains it at its bottom; the part dealt is every card not in the pile
        # (a state a search redrew, ``resample``, keeps the pile's cards only)
        pile = deck[drawn:]
        dealt = sorted({*deck, *(c for hand in inner.hands for c in hand)} - {*pile, move.card})
        deck = (*dealt, *pile, move.card)
        hands = list(inner.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != move.card)
        known = tuple(tuple(c for c in k if c != move.card) if s == seat else k for s, k in enumerate(known))
        return attrs.evolve(inner, board=(deck, drawn - 1, *board[2:6], known, *board[7:]), hands=tuple(hands))

    @classmethod
    def bound(cls, rules: Any) -> int:
        # one discard a player, and each discarded card may be played once more
        return 2 * int(rules.players)


def _about_to_lead(inner: Any) -> bool:
    return bool(inner.phase == PLAYING and not inner.trick and inner.current_player == inner.leader)


def may_discard(state: Any, actions: tuple[Any, ...]) -> list[Any]:
    """The engine's moves, and a discard of each card in hand for a player about to lead with a full hand
    while the pile has cards."""
    inner = state.inner
    hand = inner.hands[inner.current_player]
    if not _about_to_lead(inner) or len(hand) < inner.rules.hand_size or inner.drawn >= len(inner.deck):
        return list(actions)
    return [*actions, *(Discard(c) for c in hand)]


DISCARD_TO_THE_PILE = Variant(
    GAME, GAME.Rules(players=3), name="discard to the pile",
    description="A player about to lead with a full hand may first put a card at the bottom of the pile.",
    legal=may_discard, moves=(Discard,),
)


def lead_one_first(state: Any, actions: tuple[Any, ...]) -> list[Any]:
    """About to lead and holding a 1: that 1 is the only move (the lowest-coloured 1 if several)."""
    if not _about_to_lead(state.inner):
        return list(actions)
    ones = [a for a in actions if isinstance(a, Play) and GAME.card_text(a.card)[1:] == "1"]
    return ones[:1] or list(actions)


LEAD_ONE_FIRST = Variant(
    GAME, GAME.Rules(players=3), name="lead a 1 first",
    description="A player about to lead who holds a 1 must lead it.", legal=lead_one_first,
)
