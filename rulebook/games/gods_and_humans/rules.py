"""The gods-and-humans game's options and components: the deck, the icons, the star values,
the roles, the cards in play and the deals (GH-COMP-1, GH-COMP-2, GH-ROLE-1, GH-SETUP-1..5).

>>> DECK.text(0), DECK.text(47), len(cards_in_play(3))
('R1', 'Y12', 30)
"""

from __future__ import annotations

import random
from bisect import bisect_left
from typing import Any, NamedTuple

import attrs

from rulebook.core.cards import Deck
from rulebook.core.contract import Deal
from rulebook.core.logic import Logic, logic_field
from rulebook.core.memo import per_rules
from rulebook.core.options import Ruleset, option, validate_choices, visibility
from rulebook.core.tricks import win_keys
from rulebook.core.turns import NamedTurns
from rulebook.core.visibility import ALL, OWNER, Element, Visible, from_event
from rulebook.errors import InvalidRules

__all__ = [
    "DEAL_LEADERS",
    "DECK",
    "ENDINGS",
    "FOLLOW",
    "ICONS",
    "INTERVENTIONS",
    "ORACLES_FROM_HANDOVER",
    "PLACEHOLDER_STARS",
    "RED",
    "RULESETS",
    "TRICK_WINNERS",
    "Plan",
    "Rules",
    "cards_in_play",
    "check_deal",
    "hand_size",
    "plan",
    "random_deal",
    "role_counts",
    "rotation",
]

#: GH-COMP-1: 48 number cards, red, blue, green and yellow x 1..12, one of each.
DECK = Deck(suits=(("red", "R"), ("blue", "B"), ("green", "G"), ("yellow", "Y")), ranks=range(1, 13))
_SUIT = DECK.suit_of
_RANK = DECK.rank_of
RED = 0
#: the printed game's endings (``Rules.endings_off``, GH-LOGIC-3): the last deal (GH-END-2), a total at
#: the target (GH-END-4)
ENDINGS = {"deals": "GH-END-2", "target": "GH-END-4"}

#: GH-COMP-2, GH-RULING-10: the four icons of the oracle sets and human marks. The
#: source does not name them; these names are placeholders.
ICONS = ("sun", "moon", "star", "cloud")

#: GH-SCORE-2, GH-RULING-1: PLACEHOLDER star values of the oracle cards 0..5. The
#: printed values are unknown; every exact prediction scores one star until an owner
#: of the game enters the real ones with ``Rules.stars``.
PLACEHOLDER_STARS = (1, 1, 1, 1, 1, 1)

#: the ways of choosing who leads a deal's first trick (GH-SETUP-6, GH-RULING-7)
DEAL_LEADERS = ("rotate", "lowest_score", "last_winner")

#: who must play what in a trick: the printed must-follow (GH-TRICK-2), no restriction
#: (GH-TRICK-6), or must follow and else must trump (GH-TRICK-7)
FOLLOW = ("must_follow", "free", "must_trump")

#: which interventions take place: the printed voluntary and forced ones (GH-INTERVENE-1,
#: GH-FORCED-1), only the forced one (GH-INTERVENE-5), or none (GH-INTERVENE-6)
INTERVENTIONS = ("printed", "forced_only", "none")

#: what wins a trick: the highest card (GH-TRICK-3, GH-TRICK-5) or the lowest (GH-TRICK-8)
TRICK_WINNERS = ("highest", "lowest")


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


def rotation(players: int, deals: int, gods: int = 0) -> tuple[tuple[int, ...], ...]:
    """The default role rotation: the god seats of each deal (GH-ROLE-2, GH-RULING-8).

    ``gods`` (0: the printed table, GH-ROLE-1) is the number of gods ``G`` per deal.
    Deal ``d`` makes gods of the ``G`` seats that follow, cyclically, the gods of
    deal ``d - 1``: seats ``d*G .. d*G + G - 1`` modulo the number of players.

    >>> rotation(5, 4)
    ((0, 1), (2, 3), (0, 4), (1, 2))
    >>> rotation(8, 4)
    ((0, 1, 2, 3), (4, 5, 6, 7), (0, 1, 2, 3), (4, 5, 6, 7))
    """
    g = gods or role_counts(players)[1]
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


def _removed(value: Any) -> tuple[str, ...]:
    if type(value) not in (tuple, list):
        raise InvalidRules("removed", f"must be a list of card texts such as R12, not {type(value).__name__}")
    for item in value:
        if type(item) is not str:
            raise InvalidRules("removed", f"must hold card texts such as R12, not {item!r}")
    return tuple(value)


#: ``visible.oracles``: every oracle card face up from the handover on (GH-INFO-7)
ORACLES_FROM_HANDOVER = from_event("handover")



#: GH-INFO-1: every place a card, mark or oracle card can be, and who sees it (``visible.<zone>``)
ZONES = (
    Element("hands", OWNER, (OWNER, ALL), ("GH-INFO-1", "GH-INFO-2", "GH-INFO-5"),
            "Who sees each hand: 'owner', a god's hand its god only, a human's hand that human and every "
            "god (GH-INFO-1, GH-INFO-2); 'all', every hand face up, the gods' too (GH-INFO-5).", per_seat=True,
            general=False),
    Element("pairing", OWNER, (OWNER, ALL), ("GH-PAIR-2", "GH-INFO-1", "GH-INFO-6"),
            "Who sees which god partners which human (and so who is the lone human): 'owner', the gods, "
            "who hold the oracle sets, until the end of the deal (GH-PAIR-2); 'all', every player from "
            "the deal on (GH-INFO-6).", items="mark", general=False),
    Element("oracles", OWNER, (OWNER, ORACLES_FROM_HANDOVER), ("GH-ORACLE-2", "GH-ORACLE-3", "GH-INFO-7"),
            "Who sees the oracle cards: 'owner', a human its own card and the gods every card they handed "
            "over, the lone human's card its own alone (GH-ORACLE-2, GH-ORACLE-3); 'from:handover', every "
            "card face up for all once handed over, the lone human's once chosen (GH-INFO-7).", items="oracle",
            per_seat=True, general=False),
    Element("field", ALL, (ALL,), ("GH-SETUP-3",), "The field: cards face up in the middle (GH-SETUP-3).",
            general=False),
    Element("trick", ALL, (ALL,), ("GH-INFO-1", "GH-TRICK-1"),
            "The cards of the trick being played, each face up as it is played.", ordered=True, general=False),
)

@attrs.frozen(cache_hash=True)
class Rules:
    """Options of the gods-and-humans oracle game; the defaults give the printed game."""

    players: int = option(
        5,
        doc="Number of players: 5 (3 humans, 2 gods), 6 (3, 3), 7 (4, 3) or 8 (4, 4) (GH-ROLE-1); "
        "4 (3 humans, 1 god) is a house rule (GH-ROLE-4).",
        choices=range(4, 9),
        rules=("GH-ROLE-1", "GH-ROLE-4", "GH-PAIR-3", "GH-SETUP-4", "GH-TRICK-5", "GH-SETUP-5"),
    )
    deals: int = option(
        4,
        doc="Number of deals; the source plays 4 (GH-END-2). Other counts are a house rule.",
        choices=range(1, 9),
        rules=("GH-END-2", "GH-END-4", "GH-RULING-8", "GH-RULING-14"),
    )
    roles: tuple[tuple[int, ...], ...] = option(
        (),
        doc="Explicit god seats of each deal, one tuple per deal (for example ((0, 1), (2, 3), ...)); "
        "empty: the default fair rotation (GH-ROLE-2, GH-RULING-8). Every deal names the same number of "
        "gods; with gods=0 that number sets the table (GH-ROLE-4).",
        converter=_roles,
        item=tuple,
        rules=(
            "GH-ROLE-2", "GH-RULING-8", "GH-ROLE-4", "GH-ROLE-1", "GH-SETUP-4", "GH-SETUP-5", "GH-PAIR-3", "GH-TRICK-5",
        ),
    )
    stars: tuple[int, ...] = option(
        PLACEHOLDER_STARS,
        doc="PLACEHOLDER: stars printed on the oracle cards 0..5, six whole numbers 0..99, which the source "
        "does not give; the default scores 1 for every exact prediction (GH-SCORE-2, GH-RULING-1).",
        converter=_stars,
        item=int,
        rules=("GH-SCORE-2", "GH-RULING-1"),
    )
    mix_sources: bool = option(
        False,
        doc="One intervention may take some cards from the god's hand and some from the field; by "
        "default all its cards come from one of the two (GH-INTERVENE-3, GH-RULING-4).",
        choices=(False, True),
        rules=("GH-INTERVENE-3", "GH-RULING-4"),
    )
    early_intervention: bool = option(
        False,
        doc="A god may also intervene before the first trick; the source places interventions between "
        "tricks only (GH-INTERVENE-1, GH-RULING-3).",
        choices=(False, True),
        rules=("GH-INTERVENE-1", "GH-RULING-3"),
    )
    red_trump: bool = option(
        True,
        doc="Red is trump with 4 humans (GH-TRICK-5); false: house rule without trump (GH-RULING-16).",
        choices=(False, True),
        rules=("GH-TRICK-5", "GH-RULING-16"),
    )
    deal_leader: str = option(
        "rotate",
        doc="Who leads a deal's first trick, which the source leaves to the humans: rotate (human index "
        "d mod H in deal d), lowest_score (the human with the lowest total; ties: the first in rotate "
        "order) or last_winner (the winner of the previous deal's last trick if a human now, else "
        "rotate) (GH-SETUP-6, GH-RULING-7).",
        choices=DEAL_LEADERS,
        rules=("GH-SETUP-6", "GH-RULING-7"),
    )
    gods: int = option(
        0,
        doc="Gods in every deal: 0 takes the printed table by player count (GH-ROLE-1); 1..4 sets the "
        "number of gods, the other players being humans, who must number 3 or 4, at least as many as the "
        "gods; each human left without a god is a lone human (GH-ROLE-4).",
        choices=range(0, 5),
        rules=("GH-ROLE-1", "GH-ROLE-4", "GH-PAIR-3", "GH-SETUP-4", "GH-TRICK-5", "GH-SETUP-5"),
    )
    removed: tuple[str, ...] = option(
        (),
        doc="Number cards taken out of the game besides those GH-SETUP-1 removes, as card texts (R12, B9); "
        "the cards left in play must share evenly among the humans (GH-SETUP-8).",
        converter=_removed,
        item=str,
        rules=("GH-COMP-1", "GH-SETUP-1", "GH-SETUP-4", "GH-SETUP-5", "GH-SETUP-8"),
    )
    field: int = option(
        2,
        doc="Field cards per human laid face up at set-up; the source lays 2 per human (GH-SETUP-3); "
        "0 plays without a field (GH-SETUP-7).",
        choices=range(0, 5),
        rules=("GH-SETUP-3", "GH-SETUP-4", "GH-SETUP-7", "GH-RULING-4", "GH-SETUP-5", "GH-SETUP-8"),
    )
    interventions: str = option(
        "printed",
        doc="Which interventions happen: printed (voluntary between tricks, then the forced one, "
        "GH-INTERVENE-1, GH-FORCED-1), forced_only (no voluntary ones: every god gives in the forced "
        "intervention, GH-INTERVENE-5) or none (gods only predict, GH-INTERVENE-6).",
        choices=INTERVENTIONS,
        rules=("GH-INTERVENE-1", "GH-FORCED-1", "GH-INTERVENE-5", "GH-INTERVENE-6", "GH-RULING-11", "GH-RULING-18"),
    )
    forced_at: int = option(
        1,
        doc="The forced intervention comes at the gap after which the humans would start a trick holding "
        "this many cards each (GH-FORCED-1: one, the last trick); at least 1 and fewer than the humans' "
        "hands hold (GH-RULING-21).",
        choices=range(1, 13),
        rules=("GH-FORCED-1", "GH-RULING-21"),
    )
    follow: str = option(
        "must_follow",
        doc="Who must play what: must_follow (the printed rule, GH-TRICK-2), free (any card, GH-TRICK-6) "
        "or must_trump (follow, else play trump if holding any, GH-TRICK-7).",
        choices=FOLLOW,
        rules=("GH-TRICK-2", "GH-TRICK-6", "GH-TRICK-7"),
    )
    trick_winner: str = option(
        "highest",
        doc="What wins a trick: highest (the printed rule: the highest trump, else the highest card of the "
        "led colour, GH-TRICK-3, GH-TRICK-5) or lowest (the lowest trump, else the lowest card of the led "
        "colour, GH-TRICK-8).",
        choices=TRICK_WINNERS,
        rules=("GH-TRICK-3", "GH-TRICK-5", "GH-TRICK-8"),
    )
    target: int = option(
        0,
        doc="0: play all the deals (GH-END-2); 1..60: the game also ends after the deal in which a player's "
        "total reaches this many points (GH-END-4).",
        choices=range(0, 61),
        rules=("GH-END-2", "GH-END-4"),
    )

    endings_off: tuple[str, ...] = option(
        (),
        doc="Endings of the printed game switched off (GH-LOGIC-3): 'target' (the game ends once a total "
        "reaches the target, GH-END-4). 'deals' (GH-END-2) cannot be switched off: nothing else makes "
        "every game end. 'none' keeps every ending.",
        item=str,
        rules=("GH-LOGIC-3",),
    )

    visible: Visible = visibility(*ZONES)

    #: engine logic a variant's Python puts in place of the game's own (not an option: see :mod:`rulebook.core.logic`)
    logic: Logic = logic_field()

    def __attrs_post_init__(self) -> None:
        validate_choices(self)
        for name in self.endings_off:  # GH-LOGIC-3: the last deal always ends the game
            if name not in ENDINGS:
                raise InvalidRules("endings_off", f"{name!r:.40} is not an ending of this game (one of: "
                                   f"{', '.join(ENDINGS)})")
            if name == "deals":
                raise InvalidRules("endings_off", "'deals' cannot be switched off: without the last deal a game "
                                   "might never end (GH-END-2)")
        if len(set(self.endings_off)) != len(self.endings_off):
            raise InvalidRules("endings_off", "an ending is named twice")
        if self.roles:
            counts = {len(gods) for gods in self.roles}
            if len(counts) != 1:
                raise InvalidRules("roles", "every deal must name the same number of god seats")
            g = counts.pop()
            if self.gods and g != self.gods:
                raise InvalidRules("roles", f"gods={self.gods} but the roles name {g} god seats per deal")
        elif self.gods:
            g = self.gods
        else:
            g = _PRINTED[self.players][1]
        h = self.players - g
        given = "roles" if self.roles else "gods"  # the option the number of gods came from
        if h not in (3, 4):
            raise InvalidRules(given, f"{self.players} players with {g} gods leave {h} humans; there must be 3 or 4")
        if g < 1 or g > h:
            raise InvalidRules(given, f"{h} humans take 1 to {h} gods (each god partners a human), not {g}")
        if self.roles:
            if len(self.roles) != self.deals:
                raise InvalidRules(
                    "roles", f"give the god seats of all {self.deals} deals (got {len(self.roles)})"
                )
            for d, gods in enumerate(self.roles):
                if len(set(gods)) != g or not all(0 <= s < self.players for s in gods):
                    raise InvalidRules(
                        "roles",
                        f"deal {d}: {self.players} players need {g} distinct god seats in 0..{self.players - 1}",
                    )
        self._check_turns()
        if len(self.stars) != 6 or any(not 0 <= s <= 99 for s in self.stars):
            raise InvalidRules("stars", "give six star values 0..99, for the oracle cards 0..5")
        texts = {DECK.text(c): c for c in DECK.cards}
        for text in self.removed:
            if text not in texts:
                raise InvalidRules("removed", f"{text!r} is not a number card (R1..Y12)")
        if len(set(self.removed)) != len(self.removed):
            raise InvalidRules("removed", "names a card twice")
        n = len(_IN_PLAY[h]) - sum(texts[t] in _IN_PLAY[h] for t in self.removed)
        if n % h:
            raise InvalidRules("removed", f"{n} cards stay in play, which {h} humans cannot share evenly")
        size = (n - g * h - self.field * h) // h
        if size < 2:
            raise InvalidRules(
                "field" if self.field else "removed",
                f"the humans would be dealt {max(size, 0)} cards each; they need at least 2 (GH-SETUP-4)",
            )
        if self.forced_at >= size:  # GH-RULING-21: a gap comes only after a trick
            raise InvalidRules("forced_at", f"the humans are dealt {size} cards each, so the forced intervention "
                               f"can come at {size - 1} cards in hand at most, not {self.forced_at}")

    def _check_turns(self) -> None:
        """GH-LOGIC-4, GH-RULING-20: a variant's round rule and ``deal_leader`` say the same thing
        twice, so only one of them may leave the printed rotation; and a variant's trick winner
        (GH-LOGIC-1) leaves no other record of who won a trick than who led the next one, so it
        takes no rule that hands the lead to another human."""
        leader = self.logic.leader
        if leader is None:
            return
        named = getattr(leader, "fn", None)
        if isinstance(named, NamedTurns):
            if named.round != "game" and self.deal_leader != "rotate":
                raise InvalidRules("turns.round", f"deal_leader = {self.deal_leader!r} already says who leads a "
                                   "deal's first trick; give one of the two (GH-RULING-20)")
            if named.trick == "winner":
                return
        if self.logic.trick_winner is not None:
            raise InvalidRules("turns.trick" if isinstance(named, NamedTurns) else "leader",
                               "a variant that decides who wins each trick keeps the winner as the next "
                               "leader here (GH-RULING-20)")

    @property
    def god_seats(self) -> tuple[tuple[int, ...], ...]:
        """The god seats of every deal, sorted (GH-ROLE-2)."""
        if self.roles:
            return tuple(tuple(sorted(d)) for d in self.roles)
        return rotation(self.players, self.deals, plan(self).gods)


class Plan(NamedTuple):
    """What a ``Rules`` value fixes about every deal, computed once (``plan(rules)``)."""

    humans: int
    gods: int
    #: the number cards in play, sorted (GH-SETUP-1, GH-SETUP-8)
    cards: tuple[int, ...]
    #: cards dealt to each human (GH-SETUP-4)
    hand: int
    #: field cards at set-up (GH-SETUP-3, GH-SETUP-7)
    field: int


@per_rules
def plan(rules: Rules) -> Plan:
    """The table's humans and gods, the cards in play, the hand and field sizes (GH-ROLE-1, GH-ROLE-4,
    GH-SETUP-1..4, GH-SETUP-7, GH-SETUP-8).

    >>> p = plan(Rules())
    >>> p.humans, p.gods, len(p.cards), p.hand, p.field
    (3, 2, 30, 6, 6)
    """
    if rules.roles:
        g = len(rules.roles[0])
    elif rules.gods:
        g = rules.gods
    else:
        g = _PRINTED[rules.players][1]
    h = rules.players - g
    out = {DECK.parse(t) for t in rules.removed}
    cards = tuple(c for c in _IN_PLAY[h] if c not in out)
    f = rules.field * h
    return Plan(h, g, cards, (len(cards) - g * h - f) // h, f)


#: the printed table (GH-ROLE-1): players -> (humans, gods)
#: and 4 players: 3 humans and 1 god, the only layout 4 players allow (GH-ROLE-4)
_PRINTED = {4: (3, 1), 5: (3, 2), 6: (3, 3), 7: (4, 3), 8: (4, 4)}


#: GH-END-2, GH-SETUP-3, GH-SETUP-7, GH-INTERVENE-5, GH-INTERVENE-6, GH-TRICK-6, GH-ROLE-4: the
#: printed game, the source's own choices and common table variants
RULESETS: tuple[Ruleset, ...] = (
    Ruleset("printed", "The printed game: 5 to 8 players, 4 deals, every option at its default.", {}, ()),
    Ruleset(
        "short", "A short game: 2 deals instead of 4 (the roles still rotate).", {"deals": 2}, ("GH-END-2",)
    ),
    Ruleset(
        "no-field",
        "No field cards: every intervention comes from a god's hand and the humans hold more cards.",
        {"field": 0},
        ("GH-SETUP-7",),
    ),
    Ruleset(
        "one-god",
        "Five players: four humans (red trump) and a single god, a different seat in each of five deals; three lone "
        "humans.",
        {"players": 5, "gods": 1, "deals": 5},
        ("GH-ROLE-4",),
    ),
    Ruleset(
        "quiet-gods",
        "Gods only predict: no intervention at all, the cards are played as dealt.",
        {"interventions": "none"},
        ("GH-INTERVENE-6",),
    ),
    Ruleset(
        "free-play",
        "No obligation to follow the led colour: any card may be played.",
        {"follow": "free"},
        ("GH-TRICK-6",),
    ),
    Ruleset(
        "race-to-10",
        "Up to 8 deals; the game ends after the deal in which a player reaches 10 points.",
        {"deals": 8, "target": 10},
        ("GH-END-4",),
    ),
)

#: the first card of each colour, and 48: a sorted hand holds the cards of colour ``s``
#: at the positions ``bisect_left(hand, _FIRST[s]) .. bisect_left(hand, _FIRST[s + 1])``
_FIRST = tuple(12 * s for s in range(5))
assert all(_SUIT[c] == c // 12 and _RANK[c] == c % 12 + 1 for c in DECK.cards)


#: per trump (None or red) and led colour, each card's key in a trick (GH-TRICK-3, GH-TRICK-5): a
#: trump beats the led colour, which beats any other colour; the higher number wins
_WIN_KEYS = {t: win_keys(_SUIT, DECK.cards, t) for t in (None, RED)}
#: the same with the lower number winning (GH-TRICK-8)
_LOW_KEYS = {t: win_keys(_SUIT, [DECK.size - 1 - c for c in DECK.cards], t) for t in (None, RED)}
#: per "lowest wins" flag, the keys (GH-TRICK-3, GH-TRICK-5, GH-TRICK-8)
_KEYS = {False: _WIN_KEYS, True: _LOW_KEYS}


def legal_cards(follow: str, trump: int | None, hand: tuple[int, ...], trick: tuple[int, ...]) -> tuple[int, ...]:
    """The cards of a sorted ``hand`` that may be played to ``trick``, in hand order, under the rule ``follow``
    (GH-TRICK-2, GH-TRICK-6, GH-TRICK-7) with ``trump`` the deal's trump suit or ``None``."""
    if trick and follow != "free":  # GH-TRICK-2: a hand is sorted, so the led colour's cards are one run
        lead = _SUIT[trick[0]]
        lo = bisect_left(hand, _FIRST[lead])
        hi = bisect_left(hand, _FIRST[lead + 1], lo)
        if hi == lo and follow == "must_trump" and trump is not None:  # GH-TRICK-7: else a trump (red)
            lo, hi = 0, bisect_left(hand, _FIRST[RED + 1])
        if hi > lo:
            return hand[lo:hi]
    return hand  # GH-TRICK-6: any card


def random_deal(rules: Rules, rng: random.Random) -> Deal:
    """GH-SETUP-5: an order of the cards in play, an order of the 4 icons, an order of the humans."""
    p = plan(rules)
    h = p.humans
    key = rng.random  # sorting by independent uniform keys: a uniform order, faster than shuffle
    cards = sorted(p.cards, key=lambda _: key())
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
    p = plan(rules)
    h, cards = p.humans, p.cards
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
