"""The Witches of Blackmore's options and components: the deck, the witches' wheel and the
trick tables built from it (WB-COMP-1, WB-COMP-2, WB-RANK-2, WB-TRICK-1..3).

>>> DECK.text(0), DECK.text(53), wheel_order(3, ASCENDING)
('R1', 'O9', (3, 4, 5, 6, 7, 8, 9, 1, 2))
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from rulebook.core.cards import Deck
from rulebook.core.contract import Deal
from rulebook.core.logic import Logic, check_endings_off, logic_field
from rulebook.core.memo import per_rules
from rulebook.core.options import Ruleset, option, seat_fault, validate_choices, visibility
from rulebook.core.tricks import win_keys
from rulebook.core.visibility import ALL, NONE, OWNER, TEAM, Element, Visible
from rulebook.errors import InvalidRules

__all__ = [
    "ASCENDING",
    "COLOURS",
    "DECK",
    "DESCENDING",
    "ENDINGS",
    "NO_FIRST_TRUMP",
    "NUMBERS",
    "PRINTED",
    "RULESETS",
    "STRONGEST",
    "TARGET",
    "TRICKS",
    "TURNED",
    "WEAKEST",
    "Board",
    "Counts",
    "Rules",
    "Tables",
    "TrickEntry",
    "check_deal",
    "random_deal",
    "tables",
    "wheel_order",
]

#: WB-COMP-1: six colours x 1..9. The source names green, blue, yellow and red;
#: the other two colours are not named (WB-RULING-9), purple and orange stand in.
DECK = Deck(
    suits=(("red", "R"), ("blue", "B"), ("green", "G"), ("yellow", "Y"), ("purple", "P"), ("orange", "O")),
    ranks=range(1, 10),
)
_SUIT = DECK.suit_of
_RANK = DECK.rank_of

DESCENDING = "descending"
ASCENDING = "ascending"


#: the printed deck's colour letters and numbers (WB-COMP-1)
COLOURS = tuple(letter for _, letter in DECK.suits)
NUMBERS = tuple(DECK.ranks)

#: WB-SETUP-3 (the pile's top card is the first trump) or WB-SETUP-5 (no first trump)
TURNED = "turned"
NO_FIRST_TRUMP = "none"
#: WB-TRICK-1..3 (the strongest card that can win takes the trick) or WB-TRICK-6 (the weakest)
STRONGEST = "strongest"
WEAKEST = "weakest"
#: WB-END-4 (the printed end), WB-END-6 (a fixed number of tricks), WB-END-7 (a target score)
PRINTED = "printed"
TRICKS = "tricks"
TARGET = "target"

#: the ways the game ends, by the name ``endings_off`` takes, each with its spec rule (WB-LOGIC-3)
ENDINGS = {
    "hands": "WB-END-4",
    "tricks": "WB-END-6",
    "target": "WB-END-7",
}


#: WB-INFO-1: every place a card can be, and who sees it (``visible.<zone>``; rulebook.core.model)
ZONES = (
    Element("hands", OWNER, (OWNER, ALL, TEAM), ("WB-INFO-1", "WB-INFO-2", "WB-INFO-3"),
            "Who sees each hand: 'owner', its holder only (WB-INFO-1); 'all', every hand face up "
            "(WB-INFO-2); 'team', its holder and the holder's partner (needs teams, WB-INFO-3); "
            "visible.hands.N sets seat N's hand alone (a dummy's hand face up: 'all').", per_seat=True),
    Element("trick", ALL, (ALL,), ("WB-INFO-1", "WB-PLAY-1", "WB-INFO-4"),
            "Who sees the cards of the trick being played: 'all', each face up as it is played (WB-INFO-1); "
            "'owner', face down, each seen by its player only, turned up together once the trick is "
            "complete (WB-INFO-4).", ordered=True),
    Element("pile", NONE, (NONE,), ("WB-INFO-1", "WB-SETUP-2"),
            "Who sees the draw pile: 'none', face down and its order unseen (WB-INFO-1).", ordered=True),
    Element("trumps", ALL, (ALL,), ("WB-TRUMP-2", "WB-RULING-12"),
            "The trump stack: face up to all, since the trump decides every trick (WB-RULING-12).",
            ordered=True, general=False),
    Element("captured", ALL, (ALL,), ("WB-TRICK-4", "WB-RULING-12"),
            "Each seat's captured cards: every one was seen when it was played (WB-RULING-12).",
            per_seat=True, general=False),
)


@attrs.frozen(cache_hash=True)
class Rules:
    """Options of The Witches of Blackmore; the defaults give the printed game."""

    players: int = option(
        4,
        doc="Number of players. The source says 2-5, the publisher's box 2-6; both are "
        "supported (WB-RULING-1).",
        choices=range(2, 7),
        rules=("WB-RULING-1", "WB-SCORE-4"),
    )
    hand_size: int = option(
        6,
        doc="Cards dealt to and refilled into each hand (WB-SETUP-2), 1..27: any size whose hands and "
        "first trump fit in the deck in play (printed 6; 26 with two players and the 54 cards, 27 "
        "without a first trump).",
        choices=range(1, 28),
        rules=("WB-SETUP-1", "WB-SETUP-2", "WB-RULING-1"),
    )
    wheel: str = option(
        DESCENDING,
        doc="Side of the witches' wheel: 'descending' (strength falls with the number from "
        "the trump's number, the source's beginner side) or 'ascending' (WB-RANK-2).",
        choices=(DESCENDING, ASCENDING),
        rules=("WB-COMP-2", "WB-RANK-2", "WB-RULING-7"),
    )
    must_follow: bool = option(
        False,
        doc="House rule: a player holding the leader's colour must play it. The source "
        "allows any card (WB-PLAY-2, WB-RULING-2).",
        choices=(False, True),
        rules=("WB-PLAY-2", "WB-RULING-2"),
    )
    trump_replacement: bool = option(
        True,
        doc="The trick winner may lay one captured card as the new trump (WB-TRUMP-1).",
        choices=(False, True),
        rules=("WB-TRUMP-1",),
    )
    replace_before_draw: bool = option(
        True,
        doc="The winner decides on the trump replacement before the hands are refilled "
        "(the source's order); false: after the refill (WB-RULING-3).",
        choices=(False, True),
        rules=("WB-RULING-3",),
    )
    first_leader: int = option(
        0,
        doc="Seat of the first leader (親); the source lets the table choose (WB-SETUP-4).",
        choices=range(0, 6),
        seat=True,
        rules=("WB-SETUP-4",),
    )
    colours: tuple[str, ...] = option(
        COLOURS,
        doc="The colours in the deck, by letter (R B G Y P O; WB-COMP-1, WB-COMP-3, WB-RULING-9): "
        "any of them, each once, in this order. Example: colours=R,B,G,Y.",
        item=str,
        converter=tuple,
        rules=("WB-COMP-1", "WB-COMP-3", "WB-SETUP-1", "WB-RULING-9", "WB-END-5"),
    )
    ranks: tuple[int, ...] = option(
        NUMBERS,
        doc="The numbers in the deck, rising, each 1..9 (WB-COMP-1, WB-COMP-3); the wheel turns "
        "over the numbers in play (WB-COMP-2). Example, the Witches without the 9s: ranks=1..8.",
        item=int,
        converter=tuple,
        rules=("WB-COMP-1", "WB-COMP-2", "WB-COMP-3", "WB-SETUP-1", "WB-RANK-2", "WB-END-5"),
    )
    removed: tuple[str, ...] = option(
        (),
        doc="Cards taken out of the deck, by text (R9 is red 9), each once (WB-COMP-3); a number "
        "none of whose cards is left leaves the wheel too. Example: removed=R9,B9,G9,Y9,P9,O9.",
        item=str,
        converter=tuple,
        rules=("WB-COMP-1", "WB-COMP-2", "WB-COMP-3", "WB-SETUP-1", "WB-RANK-2", "WB-END-5"),
    )
    first_trump: str = option(
        TURNED,
        doc="'turned': the pile's top card is the first trump (WB-SETUP-3); 'none': the game "
        "starts without a trump, the wheel aligned to the highest number in play (WB-SETUP-5).",
        choices=(TURNED, NO_FIRST_TRUMP),
        rules=("WB-SETUP-3", "WB-SETUP-5", "WB-END-5"),
    )
    must_trump: bool = option(
        False,
        doc="House rule: a player who holds no card of the leader's colour but holds a trump "
        "must play a trump (WB-PLAY-3).",
        choices=(False, True),
        rules=("WB-PLAY-3",),
    )
    trump_colour: bool = option(
        True,
        doc="The top trump's colour is the trump colour (WB-RANK-1); false: the trump stack only "
        "turns the wheel and the leader's colour always wins (WB-RANK-3).",
        choices=(True, False),
        rules=("WB-RANK-1", "WB-RANK-3", "WB-TRICK-1", "WB-TRICK-2"),
    )
    wins: str = option(
        STRONGEST,
        doc="'strongest': the strongest card that can win takes the trick (WB-TRICK-1..3); "
        "'weakest': the weakest of them on the wheel does (WB-TRICK-6).",
        choices=(STRONGEST, WEAKEST),
        rules=("WB-TRICK-2", "WB-TRICK-3", "WB-TRICK-6"),
    )
    points: tuple[int, ...] = option(
        NUMBERS,
        doc="Points of a captured card by its number 1..9, nine whole numbers 0..99 (WB-SCORE-1, "
        "WB-SCORE-3); printed: the number itself. Example: points=0,0,0,0,0,0,0,0,10.",
        item=int,
        converter=tuple,
        rules=("WB-SCORE-1", "WB-SCORE-3"),
    )
    teams: bool = option(
        False,
        doc="House rule: with 4 or 6 players, seats facing each other (seat s and seat s + "
        "players/2) are partners; the pair with the higher combined total wins (WB-SCORE-4).",
        choices=(False, True),
        rules=("WB-SCORE-4",),
    )
    end: str = option(
        PRINTED,
        doc="'printed': play until every hand is empty (WB-END-4); 'tricks': the game ends after "
        "end_tricks tricks (WB-END-6); 'target': it ends after the trick in which a player "
        "reaches end_target points (WB-END-7). Either ends sooner if the hands run out.",
        choices=(PRINTED, TRICKS, TARGET),
        rules=("WB-END-4", "WB-END-6", "WB-END-7"),
    )
    end_tricks: int = option(
        8,
        doc="Tricks in a game when end=tricks, 1..60 (WB-END-6).",
        choices=range(1, 61),
        rules=("WB-END-6",),
    )
    end_target: int = option(
        40,
        doc="Points that end the game when end=target, 1..500 (WB-END-7).",
        choices=range(1, 501),
        rules=("WB-END-7",),
    )

    endings_off: tuple[str, ...] = option(
        (),
        doc="Endings switched off, by name: 'tricks' (WB-END-6) or 'target' (WB-END-7); an ending "
        "not in force stays off. 'hands' (WB-END-4) cannot be: with every hand empty nothing can "
        "be played, so nothing else could end the game (WB-LOGIC-3). Example: endings_off=target.",
        item=str,
        converter=tuple,
        rules=("WB-LOGIC-3", "WB-END-6", "WB-END-7"),
    )

    visible: Visible = visibility(*ZONES)

    #: engine logic a variant's Python puts in place of the game's own (not an option: see :mod:`rulebook.core.logic`)
    logic: Logic = logic_field()

    def __attrs_post_init__(self) -> None:
        validate_choices(self)
        if self.first_leader >= self.players:
            raise seat_fault("first_leader", self.first_leader, self.players)
        if self.teams and self.players not in (4, 6):  # WB-SCORE-4
            raise InvalidRules("teams", f"partners need 4 or 6 players, not {self.players}")
        if self.visible["hands"] == TEAM and not self.teams:  # WB-INFO-3
            raise InvalidRules("visible.hands", "'team' shows a hand to its holder's partner: it needs teams")
        if self.visible["trick"] != ALL and (self.must_follow or self.must_trump):  # WB-INFO-4, WB-RULING-14
            rule = "must_follow" if self.must_follow else "must_trump"
            raise InvalidRules("visible.trick", f"a trick played face down cannot be played with {rule}: the "
                               "colour led is not seen, so no one can be held to it (WB-RULING-14)")
        _check_deck(self)
        _check_endings_off(self.endings_off)
        if len(self.points) != len(NUMBERS) or any(type(p) is not int or not 0 <= p <= 99 for p in self.points):
            raise InvalidRules("points", f"expected nine whole numbers 0..99, one per number 1..9, not {self.points!r}")
        size = len(_cards(self))
        need = self.players * self.hand_size + (self.first_trump == TURNED)
        if need > size:
            trump = " plus the first trump" if self.first_trump == TURNED else ""
            raise InvalidRules(
                "hand_size",
                f"{self.players} hands of {self.hand_size}{trump} need {need} cards; the deck has {size} (WB-SETUP-2)",
            )


def _check_endings_off(off: tuple[str, ...]) -> None:
    """WB-LOGIC-3: each name an ending of ``ENDINGS``, each once; never the hands running out,
    without which a game whose hands are empty could not end (nor go on)."""
    check_endings_off(off, ENDINGS, {"hands": (
        "the end when every hand is empty (WB-END-4) cannot be switched off: nothing could be played "
        "after it, and no other ending is sure to come"
    )})


def _check_deck(rules: Rules) -> None:
    """The deck options name existing colours, numbers and cards, each once (WB-COMP-3)."""
    colours, ranks, removed = rules.colours, rules.ranks, rules.removed
    if not colours or any(c not in COLOURS for c in colours) or len(set(colours)) != len(colours):
        raise InvalidRules("colours", f"expected one or more of {', '.join(COLOURS)}, each once, not {colours!r}")
    if not ranks or any(type(r) is not int or not 1 <= r <= 9 for r in ranks) or list(ranks) != sorted(set(ranks)):
        raise InvalidRules("ranks", f"expected one or more numbers 1..9, rising, each once, not {ranks!r}")
    if len(set(removed)) != len(removed):
        raise InvalidRules("removed", f"a card is named twice in {removed!r}")
    for text in removed:
        try:
            card = DECK.parse(text) if type(text) is str else -1
        except ValueError:
            card = -1
        if card < 0 or DECK.text(card) != text:
            raise InvalidRules("removed", f"{text!r} is not a card (a colour letter and a number, e.g. R9)")
        if COLOURS[_SUIT[card]] not in colours or _RANK[card] not in ranks:
            raise InvalidRules("removed", f"{text} is not in the deck the colours and ranks give")


@attrs.frozen
class Tables:
    """What the engine reads from ``Rules``, computed once per ``Rules`` (:func:`tables`)."""

    #: the cards in play, in card order (WB-COMP-1, WB-COMP-3)
    cards: tuple[int, ...]
    #: the wheel's numbers, rising: the numbers of the cards in play (WB-COMP-2, WB-COMP-3)
    numbers: tuple[int, ...]
    #: trick keys by anchor number (1..9), trump colour (6: none) and lead colour (WB-TRICK-1..3, WB-TRICK-6)
    win: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]
    #: points of each card of the whole deck (WB-SCORE-1, WB-SCORE-3)
    points: tuple[int, ...]
    #: the end: 0 printed (WB-END-4), 1 after ``end_tricks`` tricks (WB-END-6), 2 at ``end_target`` (WB-END-7)
    stop: int


def _cards(rules: Rules) -> tuple[int, ...]:
    """The cards in play: the colours and ranks chosen, less the cards removed (WB-COMP-3)."""
    colours, ranks, removed = set(rules.colours), set(rules.ranks), set(rules.removed)
    return tuple(
        c for c in DECK.cards if COLOURS[_SUIT[c]] in colours and _RANK[c] in ranks and DECK.text(c) not in removed
    )


@per_rules
def tables(rules: Rules) -> Tables:
    """The deck in play, the wheel and the trick and score tables of ``rules`` (cached per ``Rules``)."""
    cards = _cards(rules)
    numbers = tuple(sorted({_RANK[c] for c in cards}))
    win = ((),) + tuple(
        tuple(
            win_keys(_SUIT, _strength(a, rules.wheel, numbers, rules.wins), t if t < 6 else None) for t in range(7)
        )
        if a in numbers
        else ()
        for a in range(1, 10)
    )
    points = tuple(rules.points[_RANK[c] - 1] for c in DECK.cards)
    stop = (PRINTED, TRICKS, TARGET).index(rules.end)
    if rules.end in rules.endings_off:  # WB-LOGIC-3: an ending switched off; the hands still end the game
        stop = 0
    return Tables(cards, numbers, win, points, stop)


def wheel_order(anchor: int, wheel: str, numbers: tuple[int, ...] = NUMBERS) -> tuple[int, ...]:
    """The numbers from strongest to weakest for a trump of number ``anchor`` (WB-RANK-2), on a
    wheel of ``numbers`` (the numbers in play, WB-COMP-3).

    >>> wheel_order(8, "descending")
    (8, 7, 6, 5, 4, 3, 2, 1, 9)
    >>> wheel_order(8, "ascending")
    (8, 9, 1, 2, 3, 4, 5, 6, 7)
    >>> wheel_order(2, "descending", (1, 2, 3, 4, 5, 6, 7, 8))
    (2, 1, 8, 7, 6, 5, 4, 3)
    """
    step = -1 if wheel == DESCENDING else 1
    at, n = numbers.index(anchor), len(numbers)
    return tuple(numbers[(at + step * i) % n] for i in range(n))


def _strength(anchor: int, wheel: str, numbers: tuple[int, ...], wins: str = STRONGEST) -> tuple[int, ...]:
    """Each card's strength under a trump of number ``anchor``: higher wins. WB-TRICK-6 (the
    weakest wins) reverses the wheel's order; numbers not in play get 0 (their cards never appear)."""
    order = wheel_order(anchor, wheel, numbers)
    top = len(order) - 1
    by_rank = {r: (top - i if wins == STRONGEST else i) for i, r in enumerate(order)}
    return tuple(by_rank.get(r, 0) for r in _RANK)


#: trick keys of the printed rules per wheel side, anchor number, trump colour (6: none) and
#: lead colour (WB-TRICK-1, WB-TRICK-2, WB-TRICK-3); other rules read :func:`tables`
_WIN: dict[str, tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]] = {
    w: ((),) + tuple(
        tuple(win_keys(_SUIT, _strength(a, w, NUMBERS), t if t < 6 else None) for t in range(7)) for a in range(1, 10)
    )
    for w in (DESCENDING, ASCENDING)
}

#: trick-winner rule by the number of trumps in the trick (0, 1, 2 or more)
_TRICK_RULE = ("WB-TRICK-3", "WB-TRICK-1", "WB-TRICK-2")

#: players -> first seat -> every seat clockwise from it (WB-TRICK-5, WB-DRAW-1)
_ROTATION = {n: tuple(tuple((s + i) % n for i in range(n)) for s in range(n)) for n in range(2, 7)}

#: one finished trick as the state keeps it (private to the engine; the public view is a
#: :class:`~rulebook.core.history.TrickRecord`): (seats in play order, cards, winner, trump
#: colour during the trick (6: none)), plus the card the winner then laid on the trump stack, if any
TrickEntry = tuple[Any, ...]
#: what a variant's logic (WB-LOGIC-2, WB-LOGIC-3) adds to the state, ``None`` unless its rules
#: have ``counters``, ``ends`` or ``leader``: (the points its counters added to each seat's score,
#: whether its ``ends`` ended the game, the seat its ``leader`` named to lead the next trick, WB-LOGIC-4,
#: or -1 for the game's own rule, the cards out of the game: WB-RULING-16)
Counts = tuple[tuple[int, ...], bool, int, tuple[int, ...]]
#: the state's internal ``board`` (deck, drawn, trumps, anchor, captured, exhausted, known,
#: finished tricks, the rules' tables, the variant's counts): see the state's properties, which are its public views;
#: the tables (:func:`tables`, a :class:`Tables`, typed ``Any`` here because the class is
#: internal to the engine and not part of the documented API) ride along so that the hot
#: path never looks them up
Board = tuple[
    Deal,
    int,
    tuple[int, ...],
    int,
    tuple[tuple[int, ...], ...],
    bool,
    tuple[tuple[int, ...], ...],
    tuple[TrickEntry, ...],
    Any,
    Counts | None,
]


def _card_text(card: object) -> str:
    """The text of ``card`` if it is a card, else its ``repr`` (safe for error messages)."""
    return DECK.text(card) if type(card) is int and 0 <= card < DECK.size else repr(card)


def random_deal(rng: random.Random, rules: Rules | None = None) -> Deal:
    """The deck in play in a random order (WB-SETUP-1, WB-COMP-3)."""
    order = list(DECK.cards if rules is None else tables(rules).cards)
    rng.shuffle(order)
    return tuple(order)


def check_deal(deal: Deal, index: int, rules: Rules | None = None) -> None:
    """A deal is an order of the cards in play, each once (WB-SETUP-1, WB-COMP-3); the game has one deal.

    Checked exactly, never coerced: a tuple or list of ``int`` (not bool, float or str), the
    54 cards of the printed deck or the cards the deck options leave.
    """
    if type(index) is not int or index != 0:
        raise ValueError(f"deal {index!r}: The Witches of Blackmore has a single deal (deal 0)")
    DECK.check_order(deal, index) if rules is None or len(tables(rules).cards) == DECK.size else _check_part(
        deal, index, tables(rules).cards
    )


def _check_part(deal: object, index: int, cards: tuple[int, ...]) -> None:
    if type(deal) is not tuple and type(deal) is not list:
        raise ValueError(f"deal {index}: must be a tuple or list of card ints, not {type(deal).__name__}")
    for pos, card in enumerate(deal):
        if type(card) is not int:
            raise ValueError(f"deal {index}: card {pos} must be an int, not {type(card).__name__} {card!r}")
    if sorted(deal) != list(cards):
        raise ValueError(f"deal {index}: must order the {len(cards)} cards in play, each once")


#: named rule sets: the printed game, the source's own variants, house rules and a short game
RULESETS: tuple[Ruleset, ...] = (
    Ruleset("printed", "The game as printed: 54 cards, descending wheel, any card may be played.", {}, ()),
    Ruleset(
        "ascending",
        "The wheel's other side, which the source offers once players know the game.",
        {"wheel": ASCENDING},
        ("WB-COMP-2", "WB-RULING-7"),
    ),
    Ruleset(
        "must-follow",
        "The must-follow rule some reviews describe: hold the leader's colour, play it.",
        {"must_follow": True},
        ("WB-PLAY-2", "WB-RULING-2"),
    ),
    Ruleset(
        "follow-or-trump",
        "The common trick-taking duty: follow the leader's colour, else play a trump if you hold one.",
        {"must_follow": True, "must_trump": True},
        ("WB-PLAY-2", "WB-PLAY-3"),
    ),
    Ruleset(
        "no-nines",
        "The Witches without the 9s: 48 cards, the wheel turns over 1 to 8.",
        {"ranks": (1, 2, 3, 4, 5, 6, 7, 8)},
        ("WB-COMP-3",),
    ),
    Ruleset(
        "short",
        "A short game: 8 tricks, then the highest total wins.",
        {"end": TRICKS, "end_tricks": 8},
        ("WB-END-6",),
    ),
)
