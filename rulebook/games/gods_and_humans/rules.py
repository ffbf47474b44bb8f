"""The gods-and-humans game's options and components: the deck, the icons, the star values,
the roles, the cards in play and the deals (GH-COMP-1, GH-COMP-2, GH-ROLE-1, GH-SETUP-1..5).

>>> DECK.text(0), DECK.text(47), len(cards_in_play(3))
('R1', 'Y12', 30)
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from rulebook.core.cards import Deck
from rulebook.core.contract import Deal
from rulebook.core.options import option, validate_choices
from rulebook.core.tricks import win_keys
from rulebook.errors import InvalidRules

__all__ = [
    "DEAL_LEADERS",
    "DECK",
    "ICONS",
    "PLACEHOLDER_STARS",
    "RED",
    "Rules",
    "cards_in_play",
    "check_deal",
    "hand_size",
    "random_deal",
    "role_counts",
    "rotation",
]

#: GH-COMP-1: 48 number cards, red, blue, green and yellow x 1..12, one of each.
DECK = Deck(suits=(("red", "R"), ("blue", "B"), ("green", "G"), ("yellow", "Y")), ranks=range(1, 13))
_SUIT = DECK.suit_of
_RANK = DECK.rank_of
RED = 0

#: GH-COMP-2, GH-RULING-10: the four icons of the oracle sets and human marks. The
#: source does not name them; these names are placeholders.
ICONS = ("sun", "moon", "star", "cloud")

#: GH-SCORE-2, GH-RULING-1: PLACEHOLDER star values of the oracle cards 0..5. The
#: printed values are unknown; every exact prediction scores one star until an owner
#: of the game enters the real ones with ``Rules.stars``.
PLACEHOLDER_STARS = (1, 1, 1, 1, 1, 1)

#: the ways of choosing who leads a deal's first trick (GH-SETUP-6, GH-RULING-7)
DEAL_LEADERS = ("rotate", "lowest_score", "last_winner")


def role_counts(players: int) -> tuple[int, int]:
    """``(humans, gods)`` for ``players`` players (GH-ROLE-1).

    >>> [role_counts(n) for n in range(5, 9)]
    [(3, 2), (3, 3), (4, 3), (4, 4)]
    """
    humans = 3 if players <= 6 else 4
    return humans, players - humans


def cards_in_play(humans: int) -> tuple[int, ...]:
    """The number cards used with ``humans`` humans (GH-SETUP-1).

    >>> len(cards_in_play(3)), len(cards_in_play(4))
    (30, 48)
    """
    return _IN_PLAY[humans]


_IN_PLAY = {
    3: tuple(c for c in DECK.cards if _SUIT[c] != RED and _RANK[c] <= 10),
    4: tuple(DECK.cards),
}


def hand_size(players: int) -> int:
    """Cards dealt to each human before any intervention (GH-SETUP-4).

    >>> [hand_size(n) for n in range(5, 9)]
    [6, 5, 7, 6]
    """
    h, g = role_counts(players)
    return (len(cards_in_play(h)) - g * h - 2 * h) // h


def rotation(players: int, deals: int) -> tuple[tuple[int, ...], ...]:
    """The default role rotation: the god seats of each deal (GH-ROLE-2, GH-RULING-8).

    Deal ``d`` makes gods of the ``G`` seats that follow, cyclically, the gods of
    deal ``d - 1``: seats ``d*G .. d*G + G - 1`` modulo the number of players.

    >>> rotation(5, 4)
    ((0, 1), (2, 3), (0, 4), (1, 2))
    >>> rotation(8, 4)
    ((0, 1, 2, 3), (4, 5, 6, 7), (0, 1, 2, 3), (4, 5, 6, 7))
    """
    g = role_counts(players)[1]
    return tuple(tuple(sorted((d * g + i) % players for i in range(g))) for d in range(deals))


def _int_tuple(field: str, value: Any, what: str) -> tuple[int, ...]:
    """``value`` as a tuple of exact ints: a tuple or list whose items are ``int`` (not bool)."""
    if type(value) not in (tuple, list):
        raise InvalidRules(field, f"{what} must be a tuple or list of whole numbers, not {type(value).__name__}")
    for item in value:
        if type(item) is not int:
            raise InvalidRules(field, f"{what} must hold whole numbers (int), not {item!r}")
    return tuple(value)


def _roles(value: Any) -> tuple[tuple[int, ...], ...]:
    if type(value) not in (tuple, list):
        raise InvalidRules("roles", f"must be a tuple of god-seat tuples, not {type(value).__name__}")
    return tuple(_int_tuple("roles", deal, f"deal {d}") for d, deal in enumerate(value))


def _stars(value: Any) -> tuple[int, ...]:
    return _int_tuple("stars", value, "the star values")


@attrs.frozen
class Rules:
    """Options of the gods-and-humans oracle game; the defaults give the printed game."""

    players: int = option(
        5,
        doc="Number of players: 5 (3 humans, 2 gods), 6 (3, 3), 7 (4, 3) or 8 (4, 4) (GH-ROLE-1).",
        choices=range(5, 9),
    )
    deals: int = option(
        4, doc="Number of deals; the source plays 4 (GH-END-2). Other counts are a house rule.", choices=range(1, 9)
    )
    roles: tuple[tuple[int, ...], ...] = option(
        (),
        doc="Explicit god seats of each deal, one tuple per deal (for example ((0, 1), (2, 3), ...)); "
        "empty: the default fair rotation (GH-ROLE-2, GH-RULING-8).",
        converter=_roles,
    )
    stars: tuple[int, ...] = option(
        PLACEHOLDER_STARS,
        doc="PLACEHOLDER: stars printed on the oracle cards 0..5, which the source does not give; the "
        "default scores 1 for every exact prediction (GH-SCORE-2, GH-RULING-1).",
        converter=_stars,
    )
    mix_sources: bool = option(
        False,
        doc="One intervention may take some cards from the god's hand and some from the field; by "
        "default all its cards come from one of the two (GH-INTERVENE-3, GH-RULING-4).",
        choices=(False, True),
    )
    early_intervention: bool = option(
        False,
        doc="A god may also intervene before the first trick; the source places interventions between "
        "tricks only (GH-INTERVENE-1, GH-RULING-3).",
        choices=(False, True),
    )
    red_trump: bool = option(
        True,
        doc="Red is trump with 4 humans (GH-TRICK-5); false: house rule without trump (GH-RULING-16).",
        choices=(False, True),
    )
    deal_leader: str = option(
        "rotate",
        doc="Who leads a deal's first trick, which the source leaves to the humans: rotate (human index "
        "d mod H in deal d), lowest_score (the human with the lowest total; ties: the first in rotate "
        "order) or last_winner (the winner of the previous deal's last trick if a human now, else "
        "rotate) (GH-SETUP-6, GH-RULING-7).",
        choices=DEAL_LEADERS,
    )

    def __attrs_post_init__(self) -> None:
        validate_choices(self)
        g = role_counts(self.players)[1]
        if self.roles:
            if len(self.roles) != self.deals:
                raise InvalidRules(
                    "roles", f"give the god seats of all {self.deals} deals (got {len(self.roles)})"
                )
            for d, gods in enumerate(self.roles):
                if len(gods) != g or len(set(gods)) != g or not all(0 <= s < self.players for s in gods):
                    raise InvalidRules(
                        "roles",
                        f"deal {d}: {self.players} players need {g} distinct god seats in 0..{self.players - 1}",
                    )
        if len(self.stars) != 6 or any(s < 0 for s in self.stars):
            raise InvalidRules("stars", "give six non-negative star values, for the oracle cards 0..5")

    @property
    def god_seats(self) -> tuple[tuple[int, ...], ...]:
        """The god seats of every deal, sorted (GH-ROLE-2)."""
        if self.roles:
            return tuple(tuple(sorted(d)) for d in self.roles)
        return rotation(self.players, self.deals)

#: the first card of each colour, and 48: a sorted hand holds the cards of colour ``s``
#: at the positions ``bisect_left(hand, _FIRST[s]) .. bisect_left(hand, _FIRST[s + 1])``
_FIRST = tuple(12 * s for s in range(5))
assert all(_SUIT[c] == c // 12 and _RANK[c] == c % 12 + 1 for c in DECK.cards)


#: per trump (None or red) and led colour, each card's key in a trick (GH-TRICK-3, GH-TRICK-5): a
#: trump beats the led colour, which beats any other colour; the higher number wins
_WIN_KEYS = {t: win_keys(_SUIT, DECK.cards, t) for t in (None, RED)}


def random_deal(rules: Rules, rng: random.Random) -> Deal:
    """GH-SETUP-5: an order of the cards in play, an order of the 4 icons, an order of the humans."""
    h = role_counts(rules.players)[0]
    key = rng.random  # sorting by independent uniform keys: a uniform order, faster than shuffle
    cards = sorted(_IN_PLAY[h], key=lambda _: key())
    icons = sorted(range(4), key=lambda _: key())
    pair = sorted(range(h), key=lambda _: key())
    return (*cards, *icons, *pair)


def check_deal(rules: Rules, deal: Deal, index: int) -> None:
    """A deal is the cards in play in order, then the 4 icons, then the human indices (GH-SETUP-5).

    The game uses ``rules.deals`` deals, so at most that many explicit deals; a deal is a
    tuple or list of ``int`` (not bool, float or str). ``ValueError`` names the deal and the fault.
    """
    if type(index) is not int or not 0 <= index < rules.deals:
        raise ValueError(f"deal {index!r}: the game has only {rules.deals} deals (0..{rules.deals - 1})")
    if type(deal) not in (tuple, list):
        raise ValueError(f"deal {index}: must be a tuple or list of ints, not {type(deal).__name__}")
    for k, x in enumerate(deal):
        if type(x) is not int:
            raise ValueError(f"deal {index}: number {k} must be an int, not {type(x).__name__} {x!r}")
    h = role_counts(rules.players)[0]
    cards = cards_in_play(h)
    n = len(cards)
    if len(deal) != n + 4 + h:
        raise ValueError(
            f"deal {index}: has {len(deal)} numbers; it needs {n} cards, 4 icons and {h} human indices "
            f"({n + 4 + h} numbers)"
        )
    if sorted(deal[:n]) != list(cards):
        raise ValueError(f"deal {index}: the first {n} numbers must order the cards in play, each once")
    if sorted(deal[n : n + 4]) != [0, 1, 2, 3]:
        raise ValueError(f"deal {index}: the 4 numbers after the cards must order the icons 0..3")
    if sorted(deal[n + 4 :]) != list(range(h)):
        raise ValueError(f"deal {index}: the last {h} numbers must order the human indices 0..{h - 1}")
