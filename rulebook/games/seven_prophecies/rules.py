"""Seven Prophecies' options and components: the deck, the cubes, the cards in play, the ranking.

>>> places([DECK.parse("B5"), DECK.parse("C5"), DECK.parse("A2"), DECK.parse("B9")], 0)
(4, 3, 1, 2)
"""

from __future__ import annotations

import functools

import attrs

from rulebook.core.cards import Deck
from rulebook.core.logic import Logic, check_endings_off, logic_field
from rulebook.core.options import Ruleset, option, seat_fault, validate_choices, visibility
from rulebook.core.visibility import ALL, NONE, OWNER, TEAM, Element, Visible, from_event
from rulebook.errors import InvalidRules

__all__ = [
    "ASIDE",
    "BY_PLAYERS",
    "CUBES",
    "DECK",
    "ENDINGS",
    "FIXED_ROUNDS",
    "FOLLOW_FREE",
    "FOLLOW_FUTURE",
    "FOLLOW_LED",
    "FUTURE_FROM_TRICK",
    "FUTURE_TRUMP",
    "HIGHEST",
    "KEYS",
    "LAST_PLACE",
    "LOWEST",
    "MOST_CUBES",
    "NO_TRUMP",
    "POINTS",
    "ROUND_DECK",
    "RULESETS",
    "SHARE",
    "START_FIXED",
    "START_HIGHEST",
    "START_LEFT",
    "START_LOWEST",
    "TARGET",
    "TRICKS",
    "TWICE",
    "Rules",
    "SPRules",
    "TrickRow",
    "aside",
    "in_play",
    "in_play_set",
    "places",
    "top_number",
]

#: SP-COMP-1: four suits x 1..13. The source never names the colours (SP-RULING-12).
#: SP-COMP-1: four suits of 13; the box of rulebook holds a fifth, in play with ``suits = 5`` (SP-RULING-17)
DECK = Deck(suits=(("suit A", "A"), ("suit B", "B"), ("suit C", "C"), ("suit D", "D"), ("suit E", "E")),
            ranks=range(1, 14))
_SUIT = DECK.suit_of
_RANK = DECK.rank_of
#: SP-COMP-2: seven prophecy cubes per player in the printed game (``Rules.cubes``).
CUBES = 7
#: SP-SETUP-2: ten cards per hand in the printed game, so at most ten tricks (``Rules.tricks``, SP-END-1).
TRICKS = 10

#: SP-SETUP-5: the printed game's cards in play, by player count (3 players: no 12s or 13s);
#: a ``Rules`` value's own are :func:`in_play`.
ROUND_DECK: dict[int, tuple[int, ...]] = {
    3: tuple(c for c in DECK.cards if _RANK[c] <= 11 and _SUIT[c] < 4),
    4: tuple(c for c in DECK.cards if _SUIT[c] < 4),
    5: tuple(DECK.cards),
}
#: the printed game's set-aside cards (face up, unseen), by player count (SP-SETUP-2, SP-SETUP-5);
#: a ``Rules`` value's own are :func:`aside`.
ASIDE: dict[int, tuple[int, int]] = {3: (2, 2), 4: (0, 2), 5: (0, 5)}

POINTS = "points"
TWICE = "twice"
MOST_CUBES = "most-cubes"
SHARE = "share"
LAST_PLACE = "last-place"
#: how the game ends in variant 'points' (``Rules.end``)
BY_PLAYERS = "players"
FIXED_ROUNDS = "fixed"
TARGET = "target"

#: the ways the game ends, by the name ``endings_off`` takes, each with its spec rule (SP-LOGIC-3)
ENDINGS = {
    "cubes": "SP-END-1",
    "rounds": "SP-END-3",
    "target": "SP-END-6",
    "successes": "SP-VAR-1",
}
#: whose suit must be followed (``Rules.follow``)
FOLLOW_FUTURE = "future"
FOLLOW_FREE = "free"
FOLLOW_LED = "led"
#: which numbers rank first (``Rules.order``)
HIGHEST = "highest"
LOWEST = "lowest"
#: whether the future suit ranks above the others (``Rules.trump``)
FUTURE_TRUMP = "future"
NO_TRUMP = "none"
#: who starts a round after the first (``Rules.round_start``, SP-END-2, SP-END-8)
START_LEFT = "left"
START_FIXED = "fixed"
START_LOWEST = "lowest-score"
START_HIGHEST = "highest-score"
#: the future row face down, each card turned up at the start of its trick (SP-INFO-3)
FUTURE_FROM_TRICK = from_event("trick")


def _removed(value: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """``Rules.removed``: card texts (``A9``) or bare numbers (``9``: that number in every suit)."""
    out = []
    for i, item in enumerate(value):
        if type(item) is not str:
            raise InvalidRules(
                "removed", f"entry {i}: expected a card such as A9 or a number such as 9, not {item!r:.40}"
            )
        text = item.strip().upper()
        if text.isdigit():
            if not 1 <= int(text) <= 13:
                raise InvalidRules("removed", f"entry {i}: there is no number {text} (numbers are 1..13)")
            text = str(int(text))
        else:
            try:
                DECK.parse(text)
            except (KeyError, ValueError):
                raise InvalidRules(
                    "removed", f"entry {i}: {item!r:.40} is neither a card (A1..D13) nor a number 1..13"
                ) from None
        if text in out:
            raise InvalidRules("removed", f"entry {i}: {text} is listed twice")
        out.append(text)
    return tuple(out)



#: SP-INFO-1: every place a card can be, and who sees it (``visible.<zone>``; rulebook.core.model)
ZONES = (
    Element("future", ALL, (ALL, FUTURE_FROM_TRICK), ("SP-INFO-1", "SP-INFO-3", "SP-RULING-14"),
            "Who sees the future row: 'all', face up from the deal (SP-SETUP-3); 'from:trick', "
            "face down, each card turned up at the start of its own trick (SP-INFO-3).", ordered=True,
            general=False),
    Element("hands", OWNER, (OWNER, ALL, TEAM), ("SP-INFO-1", "SP-INFO-4", "SP-INFO-5"),
            "Who sees each hand: 'owner', its holder only (SP-INFO-1); 'all', every hand face up "
            "(SP-INFO-4); 'team', its holder and the holder's partner (needs partners, SP-INFO-5); "
            "visible.hands.N sets seat N's hand alone (a dummy's hand face up: 'all').", per_seat=True),
    Element("aside", NONE, (NONE,), ("SP-SETUP-2", "SP-SETUP-5", "SP-RULING-6"),
            "The cards set aside face down, unseen by all (SP-SETUP-2); with 3 players some lie face up "
            "(SP-RULING-6).", general=False),
    Element("trick", ALL, (ALL,), ("SP-INFO-1", "SP-PLAY-1"),
            "The cards of the trick being played, each face up as it is played (SP-INFO-1).", ordered=True,
            general=False),
)

@attrs.frozen
class Rules:
    """Options of Seven Prophecies; the defaults give the printed game."""

    players: int = option(
        4, doc="Number of players: 3 or 4 (SP-SETUP-5 gives the 3-player changes); 5 with a fifth suit of 13 "
        "cards (SP-RULING-17).", choices=(3, 4, 5),
        rules=("SP-SETUP-5", "SP-END-3", "SP-END-7", "SP-RULING-17"),
    )
    variant: str = option(
        POINTS,
        doc="'points': as many rounds as players, scored with points (SP-SCORE-1); 'twice': printed "
        "variant 1, rounds until someone fulfils the seven prophecies twice, no points (SP-VAR-1); "
        "'most-cubes': printed variant 2, one round won by the most cubes placed (SP-VAR-2).",
        choices=(POINTS, TWICE, MOST_CUBES),
        rules=("SP-SCORE-1", "SP-VAR-1", "SP-VAR-2"),
    )
    first_player: int = option(
        0,
        doc="Seat of the first round's start player; the source picks whoever most recently saw the "
        "future, else by rock-paper-scissors (SP-SETUP-4, SP-RULING-2).",
        choices=range(0, 5),
        seat=True,
        rules=("SP-SETUP-4", "SP-RULING-2"),
    )
    every_place: bool = option(
        False,
        doc="House rule: every prophecy must put at least one cube on each place. The source does not "
        "ask for it (SP-RULING-3).",
        choices=(False, True),
        rules=("SP-RULING-3",),
    )
    score_floor: bool = option(
        True,
        doc="No score goes below 0 (the design; the source's sentence has a typo). False keeps negative "
        "totals, the sentence's literal reading (SP-SCORE-2, SP-RULING-1).",
        choices=(True, False),
        rules=("SP-SCORE-2", "SP-RULING-1"),
    )
    round_limit: int = option(
        20,
        doc="Variant 'twice' and end 'target' only: the most rounds played, 2..40; then the most "
        "successes (or points) win (SP-RULING-8, SP-END-6).",
        choices=range(2, 41),
        rules=("SP-RULING-8", "SP-END-6"),
    )
    twice_ties: str = option(
        SHARE,
        doc="Variant 'twice' only: players reaching their second success in the same trick 'share' the "
        "win, or 'last-place' applies variant 2's tie-break (SP-RULING-7).",
        choices=(SHARE, LAST_PLACE),
        rules=("SP-RULING-7",),
    )
    cubes: int = option(
        CUBES,
        doc="Prophecy cubes per player, 1..10 and at most `tricks`: the prophecy distributes them, "
        "the round ends when someone has moved them all (SP-COMP-2, SP-PROPH-1, SP-END-1).",
        choices=range(1, 11),
        rules=("SP-COMP-2", "SP-PROPH-1", "SP-TRICK-2", "SP-END-1", "SP-SCORE-1", "SP-VAR-2", "SP-RULING-3",
               "SP-RULING-4"),
    )
    tricks: int = option(
        TRICKS,
        doc="Cards per hand and in the future row, so the most tricks in a round: 1..10, with enough "
        "cards in play for P + 1 packets (SP-SETUP-1, SP-SETUP-2, SP-SETUP-3, SP-SETUP-5, SP-END-1).",
        choices=range(1, 11),
        rules=("SP-SETUP-1", "SP-SETUP-2", "SP-SETUP-3", "SP-SETUP-5", "SP-END-1", "SP-SCORE-1"),
    )
    top_3p: int = option(
        11,
        doc="With 3 players, the highest number in play (the printed game boxes the 12s and 13s): "
        "1..13 (SP-SETUP-5).",
        choices=range(1, 14),
        rules=("SP-SETUP-5", "SP-SETUP-1"),
    )
    removed: tuple[str, ...] = option(
        (),
        doc="Cards taken out of the deck at every player count: card texts (A9) or numbers (9: "
        "that number in every suit); `none` for none (SP-COMP-1, SP-SETUP-1).",
        converter=_removed,
        item=str,
        rules=("SP-COMP-1", "SP-SETUP-1"),
    )
    face_up_3p: int = option(
        2,
        doc="With 3 players, the set-aside cards laid face up: 0..4; the rest of the cards in play "
        "beyond the hands and the future row are set aside unseen (SP-SETUP-5, SP-RULING-6).",
        choices=range(0, 5),
        rules=("SP-SETUP-5", "SP-RULING-6", "SP-SETUP-1", "SP-INFO-1"),
    )
    face_up_4p: int = option(
        0,
        doc="With 4 players (and 5), the set-aside cards laid face up: 0..4 (the printed game has none; "
        "SP-SETUP-2, SP-RULING-6).",
        choices=range(0, 5),
        rules=("SP-SETUP-2", "SP-RULING-6", "SP-SETUP-1", "SP-INFO-1"),
    )
    success_points: int = option(
        2,
        doc="Points for fulfilling every prophecy in a round: 0..10 (SP-SCORE-1).",
        choices=range(0, 11),
        rules=("SP-SCORE-1",),
    )
    cube_penalty: int = option(
        1,
        doc="Points lost for each cube left on the prophecy cards beyond `free_cubes`: 0..5 "
        "(SP-SCORE-1).",
        choices=range(0, 6),
        rules=("SP-SCORE-1",),
    )
    free_cubes: int = option(
        1,
        doc="Cubes a player may keep on prophecy cards without losing a point; each further cube "
        "costs 1: 0..10 (SP-SCORE-1).",
        choices=range(0, 11),
        rules=("SP-SCORE-1",),
    )
    end: str = option(
        BY_PLAYERS,
        doc="Variant 'points' only: 'players', as many rounds as players (SP-END-3); 'fixed', "
        "`round_count` rounds (SP-END-5); 'target', until a round ends with someone at "
        "`target_score` points or more, at most `round_limit` rounds (SP-END-6).",
        choices=(BY_PLAYERS, FIXED_ROUNDS, TARGET),
        rules=("SP-END-3", "SP-END-5", "SP-END-6"),
    )
    round_count: int = option(
        4,
        doc="End 'fixed' only: the number of rounds, 1..20 (SP-END-5).",
        choices=range(1, 21),
        rules=("SP-END-5",),
    )
    target_score: int = option(
        7,
        doc="End 'target' only: the total that ends the game at the end of a round, 1..30 (SP-END-6).",
        choices=range(1, 31),
        rules=("SP-END-6",),
    )
    successes_to_win: int = option(
        2,
        doc="Variant 'twice' only: the successful rounds that win, 1..5 (SP-VAR-1).",
        choices=range(1, 6),
        rules=("SP-VAR-1", "SP-RULING-7"),
    )
    follow: str = option(
        FOLLOW_FUTURE,
        doc="Whose suit must be followed: 'future', the future card's (SP-PLAY-2); 'free', nobody "
        "must follow (SP-PLAY-3); 'led', the first card played in the trick (SP-PLAY-4).",
        choices=(FOLLOW_FUTURE, FOLLOW_FREE, FOLLOW_LED),
        rules=("SP-PLAY-2", "SP-PLAY-3", "SP-PLAY-4"),
    )
    order: str = option(
        HIGHEST,
        doc="Which number ranks first within the future suit and among the others: 'highest' "
        "(SP-RANK-1, SP-RANK-2) or 'lowest' (SP-RANK-4).",
        choices=(HIGHEST, LOWEST),
        rules=("SP-RANK-1", "SP-RANK-2", "SP-RANK-4"),
    )
    secret_prophecy: bool = option(
        True,
        doc="Prophecies are made in secret and revealed together (SP-PROPH-2); false: house rule, "
        "each cube is seen by everybody as it is placed (SP-PROPH-3).",
        choices=(True, False),
        rules=("SP-PROPH-2", "SP-PROPH-3", "SP-INFO-2"),
    )
    partners: bool = option(
        False,
        doc="House rule for 4 players: seats 1 and 3 play against seats 2 and 4, and the pair with "
        "the higher sum of scores wins together (SP-END-7).",
        choices=(False, True),
        rules=("SP-END-7",),
    )
    trump: str = option(
        FUTURE_TRUMP,
        doc="What ranks first in a trick: 'future', cards of the future card's suit above all others "
        "(SP-RANK-1); 'none', numbers alone whatever the suit (SP-RANK-5).",
        choices=(FUTURE_TRUMP, NO_TRUMP),
        rules=("SP-RANK-1", "SP-RANK-5"),
    )

    round_start: str = option(
        START_LEFT,
        doc="Who starts each round after the first: 'left', the left neighbour of the previous start "
        "player (SP-END-2); 'fixed', the first round's start player every round; 'lowest-score' or "
        "'highest-score', the player with the fewest or most points (ties: the first clockwise from the "
        "printed start player; SP-END-8, SP-RULING-13).",
        choices=(START_LEFT, START_FIXED, START_LOWEST, START_HIGHEST),
        rules=("SP-END-2", "SP-END-8", "SP-RULING-13"),
    )
    visible: Visible = visibility(*ZONES)

    dummies: tuple[int, ...] = option(
        (),
        doc="Seats that play without a prophecy (dummies, SP-RULING-16): they place no cube, play their cards "
        "and take places, score nothing and never win; with visible.hands.N = all a dummy's hand lies face up. "
        "At least two seats keep a prophecy. Example: dummies=4.",
        item=int,
        seat=True,
        rules=("SP-RULING-16",),
    )
    endings_off: tuple[str, ...] = option(
        (),
        doc="Endings switched off, by name: 'cubes' (SP-END-1: a round no longer ends at a seventh cube, "
        "every round plays all its tricks), 'target' (SP-END-6) or 'successes' (SP-VAR-1); the game then "
        "ends after its most rounds (round_limit). 'rounds' (SP-END-3, SP-END-5, SP-VAR-2) cannot be: "
        "nothing else is sure to end the game (SP-LOGIC-3). Example: endings_off=successes.",
        item=str,
        converter=tuple,
        rules=("SP-LOGIC-3", "SP-END-1", "SP-END-6", "SP-VAR-1"),
    )

    #: engine logic a variant's Python puts in place of the game's own (not an option: see :mod:`rulebook.core.logic`)
    logic: Logic = logic_field()

    def __attrs_post_init__(self) -> None:
        validate_choices(self)
        if self.first_player >= self.players:
            raise seat_fault("first_player", self.first_player, self.players)
        if self.cubes > self.tricks:
            raise InvalidRules("cubes", f"{self.cubes} cubes cannot all be moved in {self.tricks} tricks")
        if self.every_place and self.cubes < self.players:
            raise InvalidRules("every_place", f"{self.cubes} cubes cannot cover all {self.players} places")
        if self.end != BY_PLAYERS and self.variant != POINTS:
            raise InvalidRules("end", f"end {self.end!r} applies to variant 'points' only (not {self.variant!r})")
        _check_endings_off(self.endings_off)
        if self.dummies:  # SP-RULING-16
            if any(type(d) is not int or not 0 <= d < self.players for d in self.dummies):
                raise InvalidRules("dummies", f"a dummy is a seat 1 to {self.players}")
            if len(set(self.dummies)) != len(self.dummies):
                raise InvalidRules("dummies", "names a seat twice")
            if self.players - len(self.dummies) < 2:
                raise InvalidRules("dummies", "at least two seats must keep a prophecy")
            if self.partners or self.variant != POINTS:
                raise InvalidRules("dummies", "dummies play in the points game without partnerships")
        if self.partners and self.players != 4:  # SP-END-7
            raise InvalidRules("partners", f"partnerships need 4 players, not {self.players}")
        if self.visible["hands"] == TEAM and not self.partners:  # SP-INFO-5
            raise InvalidRules("visible.hands", "'team' shows a hand to its holder's partner: it needs partners")
        cards = in_play(self)
        need = (self.players + 1) * self.tricks + self.face_up
        if len(cards) < need:
            which = "face_up_3p" if self.players == 3 else "face_up_4p"
            field = "removed" if self.removed else ("top_3p" if self.players == 3 and self.top_3p < 11 else "tricks")
            if len(cards) >= (self.players + 1) * self.tricks:
                field = which
            raise InvalidRules(
                field,
                f"{len(cards)} cards in play with {self.players} players, but {self.players} hands and the "
                f"future row of {self.tricks} cards and {self.face_up} face-up set-aside cards need {need}",
            )

    @property
    def suit_count(self) -> int:
        """The suits in play: 4 (SP-COMP-1); with five players a fifth (SP-RULING-17)."""
        return 5 if self.players == 5 else 4

    @property
    def face_up(self) -> int:
        """Set-aside cards laid face up at this player count (SP-SETUP-2, SP-SETUP-5)."""
        return self.face_up_3p if self.players == 3 else self.face_up_4p

    @property
    def rounds(self) -> int:
        """The most rounds a game can last (SP-END-3, SP-END-5, SP-END-6, SP-VAR-1, SP-VAR-2)."""
        if self.variant == POINTS:
            if self.end == FIXED_ROUNDS:
                return self.round_count
            if self.end == TARGET:
                return self.round_limit
            return self.players
        if self.variant == TWICE:
            return self.round_limit
        return 1


def _check_endings_off(off: tuple[str, ...]) -> None:
    """SP-LOGIC-3: each name an ending of ``ENDINGS``, each once; never the count of rounds, the one
    ending sure to come (a target score or a number of successes may never be reached)."""
    check_endings_off(off, ENDINGS, {"rounds": (
        "the end after the game's rounds (SP-END-3) cannot be switched off: a target score or a number "
        "of successes may never be reached, so the game might never end"
    )})


@functools.lru_cache(maxsize=256)
def in_play(rules: Rules) -> tuple[int, ...]:
    """The cards in play under ``rules``, in card order (SP-COMP-1, SP-SETUP-5, ``Rules.removed``)."""
    top = rules.top_3p if rules.players == 3 else 13
    out = []
    for c in DECK.cards:
        text = DECK.text(c)
        if _RANK[c] > top or _SUIT[c] >= rules.suit_count or text in rules.removed or str(_RANK[c]) in rules.removed:
            continue
        out.append(c)
    return tuple(out)


@functools.lru_cache(maxsize=256)
def in_play_set(rules: Rules) -> frozenset[int]:
    """:func:`in_play` as a set."""
    return frozenset(in_play(rules))


@functools.lru_cache(maxsize=256)
def top_number(rules: Rules) -> int:
    """The highest number in play under ``rules`` (SP-SETUP-5)."""
    return max(_RANK[c] for c in in_play(rules))


def aside(rules: Rules) -> tuple[int, int]:
    """(face-up, unseen) set-aside cards under ``rules``: every card in play beyond the P hands and
    the future row is set aside (SP-SETUP-2, SP-SETUP-5)."""
    up = rules.face_up
    return up, len(in_play(rules)) - (rules.players + 1) * rules.tricks - up


#: Named rulesets: the printed game, the source's own variants, and house rules (SP-VAR-1, SP-VAR-2, ...)
RULESETS: tuple[Ruleset, ...] = (
    Ruleset("printed", "The printed game: as many rounds as players, scored with points.", {}, ()),
    Ruleset("twice", "Printed variant 1: rounds until someone fulfils the seven prophecies twice.",
            {"variant": TWICE}, ("SP-VAR-1",)),
    Ruleset("one-round", "Printed variant 2: one round, won by the most cubes moved.",
            {"variant": MOST_CUBES}, ("SP-VAR-2",)),
    Ruleset("six-cubes", "House rule: six prophecy cubes instead of seven.", {"cubes": 6},
            ("SP-COMP-2", "SP-PROPH-1", "SP-END-1")),
    Ruleset("first-to-seven", "House rule: rounds until someone has 7 points or more (at most 20 rounds).",
            {"end": TARGET, "target_score": 7}, ("SP-END-6",)),
    Ruleset("short", "A short game: two rounds, scored with points.", {"end": FIXED_ROUNDS, "round_count": 2},
            ("SP-END-5",)),
    Ruleset("partners", "House rule for 4 players (fixed): seats 1 and 3 against seats 2 and 4, pairs win together.",
            {"players": 4, "partners": True}, ("SP-END-7",)),
    Ruleset("no-trump", "House rule: the future card only says what to follow; numbers alone rank.",
            {"trump": NO_TRUMP}, ("SP-RANK-5",)),
    Ruleset("open-prophecies", "House rule: prophecies made in the open, every cube seen as it is placed.",
            {"secret_prophecy": False}, ("SP-PROPH-3",)),
    Ruleset("literal-floor", "The scoring sentence read literally: scores may go below 0.",
            {"score_floor": False}, ("SP-SCORE-2", "SP-RULING-1")),
)

#: the Rules class under a name that class bodies which rebind ``Rules`` can still use
SPRules = Rules


# -- ranking --------------------------------------------------------------------------

#: (future suit, card) -> ranking key; the future suit ranks above all (SP-RANK-1, SP-RANK-2)
_KEY = tuple(tuple((100 if _SUIT[c] == s else 0) + _RANK[c] for c in DECK.cards) for s in range(5))
#: the same with the lowest number first (SP-RANK-4)
_KEY_LOW = tuple(tuple((100 if _SUIT[c] == s else 0) + 14 - _RANK[c] for c in DECK.cards) for s in range(5))
#: with no trump suit (SP-RANK-5) the key is the same whatever the future suit
_KEY_NONE = tuple(tuple(_RANK[c] for c in DECK.cards) for _s in range(5))
_KEY_NONE_LOW = tuple(tuple(14 - _RANK[c] for c in DECK.cards) for _s in range(5))
#: the ranking keys by (``Rules.order``, ``Rules.trump``): ``KEYS[order, trump][future suit][card]``
KEYS = {
    (HIGHEST, FUTURE_TRUMP): _KEY,
    (LOWEST, FUTURE_TRUMP): _KEY_LOW,
    (HIGHEST, NO_TRUMP): _KEY_NONE,
    (LOWEST, NO_TRUMP): _KEY_NONE_LOW,
}

#: a seat's rotation: ``_ROT[n][leader][s]`` is the play position of seat ``s`` in a trick led by ``leader``
_ROT = {n: tuple(tuple((s - leader) % n for s in range(n)) for leader in range(n)) for n in (3, 4, 5)}

#: a finished trick as the hot path keeps it (private to the engine; the public record is
#: :class:`~rulebook.games.seven_prophecies.PlacedTrick`): (leader, the card each seat played,
#: the place each seat took), the last two indexed by seat
TrickRow = tuple[int, tuple[int, ...], tuple[int, ...]]


def places(
    cards: tuple[int, ...] | list[int], future_suit: int, order: str = HIGHEST, trump: str = FUTURE_TRUMP
) -> tuple[int, ...]:
    """The place (1 = first) of each card of a trick, given in play order (SP-RANK-1, SP-RANK-2).

    Cards of the future suit rank above the others, higher number first; the
    others compare by number alone, and of two equal numbers the card played
    later ranks higher (SP-RANK-3). The future card's own number plays no part. ``order``
    ``"lowest"`` ranks lower numbers first (SP-RANK-4); ``trump`` ``"none"`` gives the future
    suit no rank above the others (SP-RANK-5).
    """
    key = KEYS[order, trump][future_suit]
    n = len(cards)
    ranked = sorted(range(n), key=lambda i: (key[cards[i]], i), reverse=True)
    out = [0] * n
    for place, i in enumerate(ranked, 1):
        out[i] = place
    return tuple(out)
