"""UTSUKE's options and components as data: :class:`Rules`, the deck, the seating and trick
tables, the shapes of the engine's compact tuples, and the lord's conduct (:func:`npc_card`,
:func:`npc_pick`; the cards an NPC may play, :func:`npc_legal`, and what a policy function sees of
it, :class:`NpcView`: UT-LORD-8).

Places: the real players are seats ``0..players-1``; the lord is place ``players`` and, with two
players, the young lord (若) is place ``players + 1`` (UT-SETUP-2; none with ``young_lord`` off,
UT-RULING-25). The record of play names the
NPC places ``"lord"`` and ``"young lord"``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import attrs

from rulebook.core.cards import Deck
from rulebook.core.history import Player
from rulebook.core.logic import Logic, logic_field
from rulebook.core.options import Ruleset, option, seat_fault, validate_choices, visibility
from rulebook.core.tricks import win_keys
from rulebook.core.visibility import ALL, OWNER, TEAM, Element, Visible, from_event
from rulebook.errors import InvalidRules

__all__ = [
    "BIDS_FROM_TRICKS",
    "BID_CARDS",
    "BID_CEILING",
    "BOTH",
    "CHIP",
    "CHIPS_ENDING",
    "CONDUCTS",
    "DECK",
    "ENDINGS",
    "EXTRA",
    "FIXED",
    "FOLLOWS",
    "FREE",
    "HIGHER",
    "HIGHEST",
    "HONOUR_ENDING",
    "LEFTMOST",
    "LORD",
    "LOWER",
    "LOWEST",
    "MAX_BID",
    "MOST_HONOUR",
    "MOVES",
    "MUST",
    "MUST_TRUMP",
    "NO_TRUMPS",
    "POLICIES",
    "PRINTED",
    "RANDOM",
    "ROUNDS",
    "ROUNDS_ENDING",
    "RULESETS",
    "SAME",
    "SHARE",
    "SURVIVORS",
    "YOUNG_LORD",
    "NpcView",
    "Rules",
    "bid_values",
    "layout",
    "npc_card",
    "npc_legal",
    "npc_pick",
    "removed_cards",
    "strengths",
]

#: ``visible.bids``: every bid shown once the bidding is over, when the tricks start (UT-INFO-5)
BIDS_FROM_TRICKS = from_event("tricks")

#: UT-COMP-1, UT-RULING-13: five suits x 1..12 (the suit names are placeholders).
DECK = Deck(
    suits=(("suit A", "A"), ("suit B", "B"), ("suit C", "C"), ("suit D", "D"), ("suit E", "E")),
    ranks=range(1, 13),
)
_SUIT = DECK.suit_of
_RANK = DECK.rank_of
_NSUITS = len(DECK.suits)
_NRANKS = len(DECK.ranks)
#: card -> the lowest card of its suit (cards of a suit are consecutive ints)
_SUIT_LO = tuple(s * _NRANKS for s in _SUIT)
#: UT-COMP-2: the bid cards 1, 2, 4 and 8 make every bid 0..15.
MAX_BID = 15
#: UT-COMP-2: the printed numbered bid cards (the 0 card, which covers a bid, is every player's and not listed)
BID_CARDS = (1, 2, 4, 8)
#: UT-RULING-24: the most the bid cards may make together: the deck's 60 cards (no round has more tricks)
BID_CEILING = DECK.size

SURVIVORS = "survivors"
MOST_HONOUR = "most_honour"

#: the names of the NPC places in the record of play (UT-SETUP-2): place ``players`` and ``players + 1``
LORD = "lord"
YOUNG_LORD = "young lord"
_NPC_NAMES = (LORD, YOUNG_LORD)


def _player(place: int, players: int) -> Player:
    """The record's name of a place: a seat is its int, an NPC its name (``"lord"``, ``"young lord"``)."""
    return place if place < players else _NPC_NAMES[place - players]


#: UT-END-1, UT-END-2: the printed end; UT-END-6: a fixed number of rounds, most honour wins
PRINTED = "printed"
ROUNDS = "rounds"
#: after the last of the rounds: the tied share the win (UT-END-6), or rounds are added (UT-END-8)
SHARE = "share"
EXTRA = "extra"
#: the printed game's endings (``Rules.endings_off``, UT-LOGIC-3): honour to win (UT-END-1),
#: execution chips to lose (UT-END-2), and the fixed number of rounds of ``end='rounds'`` (UT-END-6)
HONOUR_ENDING = "honour"
CHIPS_ENDING = "chips"
ROUNDS_ENDING = "rounds"
ENDINGS = {HONOUR_ENDING: "UT-END-1", CHIPS_ENDING: "UT-END-2", ROUNDS_ENDING: "UT-END-6"}
#: UT-RULING-11 (printed), UT-SCORE-5, UT-SCORE-6: which closest bid scores when they lie on both sides
HIGHER = "higher"
LOWER = "lower"
BOTH = "both"
#: the NPCs' conduct: UT-LORD-1..UT-LORD-4 (printed), UT-LORD-6 (lowest), UT-LORD-7 (leftmost);
#: the young lord's ``same`` is UT-LORD-5; UT-LORD-8: the seat policies ``highest`` and ``random``
LOWEST = "lowest"
LEFTMOST = "leftmost"
SAME = "same"
RANDOM = "random"
#: the printed conduct and its two house rules: the engine plays them on its precomputed path
CONDUCTS = (PRINTED, LOWEST, LEFTMOST)
#: every named policy an NPC may play by (UT-LORD-8); ``HIGHEST`` is the trick rule's word too
POLICIES = (*CONDUCTS, "highest", RANDOM)
#: what a player must play: UT-PLAY-2 (printed), UT-PLAY-3 (free), UT-PLAY-4 (must trump)
MUST = "must"
FREE = "free"
MUST_TRUMP = "must_trump"
FOLLOWS = (MUST, FREE, MUST_TRUMP)
#: what wins a trick: UT-TRICK-1 (the chip's trump, highest), UT-TRICK-3 (no trumps), UT-TRICK-4 (lowest)
CHIP = "chip"
NO_TRUMPS = "none"
HIGHEST = "highest"
#: whether the trump changes in a round: UT-TRUMP-2 (printed, the chip moves), UT-TRUMP-3 (fixed)
MOVES = "moves"
FIXED = "fixed"


def _bid_cards(value: tuple[int, ...]) -> tuple[int, ...]:
    """``Rules.bid_cards`` (UT-COMP-2, UT-RULING-24): whole numbers from 1, together at most 60."""
    for i, x in enumerate(value):
        if not 1 <= x <= BID_CEILING:
            raise InvalidRules("bid_cards", f"card {i + 1}: a bid card shows 1 to {BID_CEILING}, not {x} (the 0 "
                               f"card that covers a bid is every player's and is not listed)")
    if sum(value) > BID_CEILING:
        raise InvalidRules("bid_cards", f"the bid cards make up to {sum(value)}, more than the {BID_CEILING} "
                           f"cards of the deck, so more tricks than any round has (UT-RULING-24)")
    return tuple(value)


@lru_cache(maxsize=256)
def bid_values(cards: tuple[int, ...], top: int) -> tuple[int, ...]:
    """UT-COMP-2, UT-RULING-24: the bids a player can make with the bid ``cards``, from 0 up to ``top``
    (``Rules.max_bid``): every sum of some of the cards.

    >>> bid_values((1, 2, 4, 8), 15) == tuple(range(16)), bid_values((1, 2, 4, 8, 16), 19)[-3:]
    (True, (17, 18, 19))
    >>> bid_values((2, 4), 6)
    (0, 2, 4, 6)
    """
    sums = {0}
    for card in cards:
        sums |= {s + card for s in sums}
    return tuple(sorted(s for s in sums if s <= top))


def _texts(value: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """``Rules.removed``: a tuple of strings, each checked exactly (never coerced)."""
    for i, x in enumerate(value):
        if type(x) is not str:
            raise InvalidRules("removed", f"entry {i}: expected a string, not {type(x).__name__} {x!r:.40}")
    return tuple(value)



#: UT-INFO-1: every place a card or bid can be, and who sees it (``visible.<zone>``; rulebook.core.model)
ZONES = (
    Element("hands", OWNER, (OWNER, ALL, TEAM), ("UT-INFO-1", "UT-INFO-2", "UT-INFO-4"),
            "Who sees each hand: 'owner', its holder only (UT-INFO-1); 'all', every hand face up "
            "(UT-INFO-2); 'team', its holder and the holder's partner (needs teams, UT-INFO-4); "
            "visible.hands.N sets seat N's hand alone (a dummy's hand face up: 'all').", per_seat=True),
    Element("bids", OWNER, (OWNER, ALL, BIDS_FROM_TRICKS), ("UT-BID-1", "UT-INFO-1", "UT-INFO-3", "UT-INFO-5"),
            "Who sees each bid before the results: 'owner', its bidder only (UT-BID-1); 'all', every bid "
            "said aloud as it is made (UT-INFO-3); 'from:tricks', every bid shown once the last player "
            "has bid, before the first trick (UT-INFO-5). ('none' is not offered: a bidder always knows "
            "its own bid.)", items="bid", per_seat=True, general=False),
    Element("row", ALL, (ALL,), ("UT-SETUP-5", "UT-INFO-1", "UT-RULING-23"),
            "The lord's row of cards, face up in its order (UT-SETUP-5, UT-RULING-2); 'role:chamberlain', face "
            "down but the card under the trump chip, the player to the lord's right looking at it "
            "(UT-RULING-23).", ordered=True),
    Element("trick", ALL, (ALL,), ("UT-INFO-1", "UT-PLAY-2"),
            "The cards of the trick being played, each face up as it is played.", ordered=True, general=False),
)

@attrs.frozen(cache_hash=True)
class Rules:
    """Options of UTSUKE; the defaults give the printed game."""

    players: int = option(
        4,
        doc="Number of players (2-6). With 2 players the young lord (若) joins the lord (UT-SETUP-2), "
        "unless young_lord is off (UT-RULING-25); the cards are dealt out among players and NPCs "
        "(UT-SETUP-4). The source is for 2-5; with 6 players each of the 7 hands gets 8 cards and the 4 "
        "left over are set aside unseen (UT-RULING-18).",
        choices=range(2, 7),
        rules=("UT-SETUP-2", "UT-SETUP-4", "UT-SETUP-6", "UT-END-7", "UT-RULING-18", "UT-RULING-25"),
    )
    first_lord: int = option(
        0,
        doc="The lord's place in the first round: just before this seat clockwise, so this seat "
        "plays right after the lord (UT-SETUP-3, UT-RULING-5).",
        choices=range(0, 6),
        seat=True,
        rules=("UT-SETUP-3", "UT-RULING-5"),
    )
    on_loss: str = option(
        SURVIVORS,
        doc="Who wins when the game ends by a loss and nobody won by honour: 'survivors' (every "
        "player who did not lose) or 'most_honour' (the non-losers with the most honour) "
        "(UT-END-2, UT-RULING-4).",
        choices=(SURVIVORS, MOST_HONOUR),
        rules=("UT-RULING-4",),
    )
    honour_to_win: int = option(
        3,
        doc="Honour (誉) that wins the game; the source says 3 (UT-END-1). Not used with end='rounds'.",
        choices=range(1, 10),
        rules=("UT-END-1", "UT-RULING-10"),
    )
    chips_to_lose: int = option(
        2,
        doc="Execution chips (打ち首) that lose the game; the source says 2 (UT-END-2, UT-SCORE-4).",
        choices=range(1, 5),
        rules=("UT-END-2", "UT-RULING-10", "UT-RULING-4", "UT-END-6"),
    )
    honour_exact: int = option(
        2,
        doc="Honour for a bid equal to the lord's tricks; the source says 2 (UT-SCORE-2). The end "
        "follows it: honour decides when the game ends (UT-END-1).",
        choices=range(1, 10),
        rules=("UT-SCORE-2", "UT-SCORE-7"),
    )
    honour_closest: int = option(
        1,
        doc="Honour for the closest bid when nobody bid exactly; the source says 1 (UT-SCORE-3). "
        "0 (no honour for a near miss) only with end='rounds', so that every game ends (UT-END-5).",
        choices=range(0, 10),
        rules=("UT-SCORE-3", "UT-RULING-11", "UT-SCORE-5", "UT-SCORE-6", "UT-SCORE-7"),
    )
    closest_tie: str = option(
        HIGHER,
        doc="When the closest bids lie on both sides of the lord's tricks: 'higher' (printed, "
        "UT-RULING-11), 'lower' (UT-SCORE-5) or 'both' (UT-SCORE-6) score.",
        choices=(HIGHER, LOWER, BOTH),
        rules=("UT-SCORE-3", "UT-RULING-11", "UT-SCORE-5", "UT-SCORE-6"),
    )
    removed: tuple[str, ...] = option(
        (),
        doc="Cards taken out of the deck before every deal (UT-COMP-1, UT-SETUP-4, UT-RULING-13): each "
        "item is a card ('A12'), a suit letter ('E': its twelve cards) or a number ('12': that number "
        "in every suit). What is left must deal out evenly among the players and NPCs; 'none' keeps "
        "all 60 cards (printed).",
        item=str,
        converter=_texts,
        rules=("UT-COMP-1", "UT-SETUP-4", "UT-SETUP-6", "UT-RULING-13"),
    )
    max_bid: int = option(
        15,
        doc="The highest bid: the bid cards 1, 2, 4 and 8 make 0..15 (UT-COMP-2, UT-BID-1); a lower "
        "value refuses the bids above it. A higher one needs bid cards that make it (bid_cards, "
        "UT-RULING-24): with the cards 1, 2, 4, 8 and 16, up to 31.",
        choices=range(0, BID_CEILING + 1),
        rules=("UT-COMP-2", "UT-BID-1", "UT-BID-2", "UT-RULING-7", "UT-RULING-24"),
    )
    bid_cards: tuple[int, ...] = option(
        BID_CARDS,
        doc="The numbers on each player's bid cards besides the 0 card: the printed 1, 2, 4 and 8 make "
        "every bid 0..15 (UT-COMP-2). A bid is any sum of some of them up to max_bid; a fifth card 16 "
        "(1, 2, 4, 8, 16) makes 0..31, so bids up to 19 are bid_cards 1, 2, 4, 8, 16 with max_bid 19. "
        "Each card shows 1 to 60 and together they make at most 60 (UT-RULING-24).",
        item=int,
        converter=_bid_cards,
        rules=("UT-COMP-2", "UT-RULING-24"),
    )
    end: str = option(
        PRINTED,
        doc="How the game ends: 'printed' (honour to win or chips to lose, UT-END-1, UT-END-2) or "
        "'rounds' (after `rounds` rounds the most honour wins; chips still lose, UT-END-6).",
        choices=(PRINTED, ROUNDS),
        rules=("UT-END-1", "UT-END-6", "UT-SCORE-7"),
    )
    rounds: int = option(
        5,
        doc="Rounds played with end='rounds' (UT-END-6), or with the honour win switched off "
        "(endings_off=honour, UT-RULING-21); ignored by the printed end.",
        choices=range(1, 13),
        rules=("UT-END-6", "UT-RULING-21"),
    )
    tiebreak: str = option(
        SHARE,
        doc="After the last of the rounds (end='rounds', or the honour win switched off): 'share', the "
        "non-losers with the most honour win together (UT-END-6); 'extra', while the most honour is shared "
        "one more round is played, at most extra_rounds more, until one player (with partners, one pair) "
        "alone leads (UT-END-8).",
        choices=(SHARE, EXTRA),
        rules=("UT-END-6", "UT-END-8"),
    )
    extra_rounds: int = option(
        3,
        doc="The most rounds played after the last of the rounds while the lead is shared, with "
        "tiebreak='extra' (UT-END-8); then the tied players share the win.",
        choices=range(1, 13),
        rules=("UT-END-8",),
    )
    lord_policy: str = option(
        PRINTED,
        doc="The lord's conduct: 'printed' (UT-LORD-1..UT-LORD-4), 'lowest' (follows with its lowest "
        "card of the suit led, UT-LORD-6), 'leftmost' (always its leftmost playable card, UT-LORD-7), "
        "or a seat policy: 'highest' (its highest playable card) or 'random' (UT-LORD-8).",
        choices=POLICIES,
        rules=("UT-LORD-1", "UT-LORD-2", "UT-LORD-3", "UT-LORD-4", "UT-LORD-6", "UT-LORD-7", "UT-LORD-8"),
    )
    young_lord_policy: str = option(
        SAME,
        doc="The young lord's conduct with 2 players: 'same' as the lord (printed, UT-LORD-5), or "
        "one of 'printed', 'lowest', 'leftmost', 'highest', 'random' (UT-LORD-6 to UT-LORD-8).",
        choices=(SAME, *POLICIES),
        rules=("UT-LORD-5", "UT-LORD-6", "UT-LORD-7", "UT-LORD-8"),
    )
    young_lord: bool = option(
        True,
        doc="Whether the young lord (若) joins the two-player game (printed, UT-SETUP-2). False: the two "
        "players play with the lord alone, three hands of 20 cards, the lord moving a place clockwise "
        "every round as with more players (UT-RULING-25). No effect with 3 players or more, where there "
        "is no young lord.",
        choices=(True, False),
        rules=("UT-SETUP-2", "UT-RULING-25"),
    )

    follow: str = option(
        MUST,
        doc="What a player must play: 'must' follow the suit led (printed, UT-PLAY-2), 'free' (any "
        "card, UT-PLAY-3) or 'must_trump' (follow, else trump if one can, UT-PLAY-4). The NPCs "
        "keep their conduct.",
        choices=FOLLOWS,
        rules=("UT-PLAY-2", "UT-PLAY-3", "UT-PLAY-4"),
    )
    trumps: str = option(
        CHIP,
        doc="Whether the chip's suit is trump: 'chip' (printed, UT-TRICK-1, UT-TRUMP-1) or 'none' "
        "(no trumps: the suit led alone wins, UT-TRICK-3).",
        choices=(CHIP, NO_TRUMPS),
        rules=("UT-TRICK-1", "UT-TRUMP-1", "UT-TRICK-3", "UT-TRICK-4", "UT-PLAY-4"),
    )
    trick_winner: str = option(
        HIGHEST,
        doc="Which card wins among the trumps or the suit led: 'highest' (printed, UT-TRICK-1) or "
        "'lowest' (UT-TRICK-4).",
        choices=(HIGHEST, LOWEST),
        rules=("UT-TRICK-1", "UT-TRICK-4"),
    )

    hand_size: int = option(
        0,
        doc="Cards dealt to each player and NPC (UT-SETUP-4, UT-SETUP-6): 0 deals every card out "
        "(printed); 1..30 deals that many to each, the rest set aside unseen for the round.",
        choices=range(0, 31),
        rules=("UT-SETUP-4", "UT-SETUP-6"),
    )
    trump_change: str = option(
        MOVES,
        doc="Whether the trump changes during a round: 'moves' (printed: after a trick in which the "
        "chip's card was played, the chip goes to the lord's new rightmost card, UT-TRUMP-2) or "
        "'fixed' (the suit under the chip at the deal is trump for the whole round, UT-TRUMP-3).",
        choices=(MOVES, FIXED),
        rules=("UT-TRUMP-2", "UT-TRUMP-3"),
    )
    teams: bool = option(
        False,
        doc="House rule: with 4 players, the players facing each other are partners (seats 1 and 3 "
        "against 2 and 4). The game ends as without partners; then a pair with a player who lost "
        "loses, and of the others the pair with the higher combined honour wins. Partners do not see "
        "each other's cards or bids (UT-END-7).",
        choices=(False, True),
        rules=("UT-END-7",),
    )

    endings_off: tuple[str, ...] = option(
        (),
        doc="Endings of the printed game switched off (UT-LOGIC-3): 'chips' (a player who reaches "
        "chips_to_lose loses and ends the game, UT-END-2); 'honour' (reaching honour_to_win no longer ends "
        "the game, which then lasts as many rounds as the option rounds says, UT-RULING-21). 'rounds' "
        "(UT-END-6) cannot be switched off: it is what makes every game end; 'none' keeps every ending.",
        item=str,
        rules=("UT-LOGIC-3",),
    )

    visible: Visible = visibility(*ZONES)

    #: engine logic a variant's Python puts in place of the game's own (not an option: see :mod:`rulebook.core.logic`)
    logic: Logic = logic_field()

    def __attrs_post_init__(self) -> None:
        validate_choices(self)
        if self.follow == MUST_TRUMP and self.trumps == NO_TRUMPS:
            raise InvalidRules("follow", "'must_trump' needs trumps: it is refused with trumps='none' (UT-PLAY-4)")
        if self.teams and self.players != 4:  # UT-END-7
            raise InvalidRules("teams", f"partners need 4 players (seats 1 and 3 against 2 and 4), not {self.players}")
        if self.visible["hands"] == TEAM and not self.teams:  # UT-INFO-4
            raise InvalidRules("visible.hands", "'team' shows a hand to its holder's partner: it needs teams")
        if self.first_lord >= self.players:
            raise seat_fault("first_lord", self.first_lord, self.players)
        if self.max_bid > sum(self.bid_cards):  # UT-COMP-2, UT-RULING-24: a bid is made of bid cards
            cards = ", ".join(map(str, self.bid_cards)) or "none"
            raise InvalidRules("max_bid", f"{self.max_bid} cannot be bid: the bid cards ({cards}) make at most "
                               f"{sum(self.bid_cards)}; add a card with bid_cards (1, 2, 4, 8, 16 make up to 31) "
                               f"(UT-RULING-24)")
        _check_endings(self.endings_off, self.end)
        if self.visible["row"] != ALL and self.trump_change == FIXED:  # UT-RULING-23
            raise InvalidRules("visible.row", "a row face down needs the moving chip (trump_change=moves): with a "
                               "fixed trump no card of the row stays under the chip")
        if self.tiebreak == EXTRA and not self.by_rounds:  # UT-END-8
            raise InvalidRules("tiebreak", "extra rounds follow the last of a number of rounds: they need "
                               "end='rounds' or the honour win switched off (endings_off=honour)")
        out = removed_cards(self.removed)
        kept = DECK.size - len(out)
        if self.hand_size and self.hand_size * self.places > kept:
            raise InvalidRules(
                "hand_size",
                f"{self.hand_size} cards to each of {self.places} hands need {self.hand_size * self.places} "
                f"cards, but {kept} are in the deck (UT-SETUP-6)",
            )
        # UT-RULING-18: with six players the deck cannot deal out evenly; the rest is set aside
        if not self.hand_size and (kept < self.places or (kept % self.places and self.players < 6)):
            raise InvalidRules(
                "removed",
                f"{kept} cards are left, which do not deal out evenly to {self.places} hands "
                f"({self.players} players and {self.npcs} NPC{'s' if self.npcs > 1 else ''}) (UT-SETUP-4)",
            )
        if self.honour_closest == 0 and self.end == PRINTED:
            raise InvalidRules(
                "honour_closest",
                "0 needs end='rounds': with the printed end a round may give nobody honour, so the "
                "game might never end (UT-END-5)",
            )

    @property
    def bids(self) -> tuple[int, ...]:
        """The bids a player may make: the sums of the bid cards up to ``max_bid`` (UT-COMP-2,
        UT-RULING-24); 0..15 in the printed game."""
        return bid_values(self.bid_cards, self.max_bid)

    @property
    def young_policy(self) -> str:
        """The young lord's conduct, ``same`` resolved to the lord's (UT-LORD-5)."""
        return self.lord_policy if self.young_lord_policy == SAME else self.young_lord_policy

    @property
    def npcs(self) -> int:
        """Number of NPC places: the lord, plus the young lord with 2 players (UT-SETUP-2) unless
        ``young_lord`` is off (UT-RULING-25)."""
        return 2 if self.players == 2 and self.young_lord else 1

    @property
    def places(self) -> int:
        """Players plus NPCs: the number of hands and of cards in every trick."""
        return self.players + self.npcs

    @property
    def tricks_per_round(self) -> int:
        """Cards per hand, so tricks per round (UT-SETUP-4; UT-RULING-18: 8 with six players)."""
        return self.hand_size or (DECK.size - len(removed_cards(self.removed))) // self.places

    @property
    def set_aside(self) -> int:
        """Cards set aside unseen every round (UT-SETUP-6, UT-RULING-18): 0 in the printed game."""
        return DECK.size - len(removed_cards(self.removed)) - self.places * self.tricks_per_round

    @property
    def by_rounds(self) -> bool:
        """Whether the game lasts a number of rounds, the most honour winning (UT-END-6; UT-RULING-21: the
        honour win switched off), not until a player reaches ``honour_to_win`` (UT-END-1)."""
        return self.end == ROUNDS or HONOUR_ENDING in self.endings_off

    @property
    def honour_wins(self) -> bool:
        """Whether reaching ``honour_to_win`` ends the game (UT-END-1)."""
        return not self.by_rounds

    @property
    def chips_lose(self) -> bool:
        """Whether reaching ``chips_to_lose`` loses and ends the game (UT-END-2; UT-LOGIC-3: not when
        ``endings_off`` names ``chips``)."""
        return CHIPS_ENDING not in self.endings_off


def _check_endings(off: tuple[str, ...], end: str) -> None:
    """UT-LOGIC-3: ``endings_off`` names endings of the game, and leaves one that always ends it.

    The honour to win (UT-END-1, under ``end='printed'``) and the fixed rounds (UT-END-6, under
    ``end='rounds'``) are what make every game end (UT-END-5); execution chips may never reach
    the limit, so only they may be switched off.
    """
    for name in off:
        if name not in ENDINGS:
            raise InvalidRules("endings_off", f"{name!r:.40} is not an ending of UTSUKE (one of: "
                               f"{', '.join(ENDINGS)})")
        if name == CHIPS_ENDING or (name == HONOUR_ENDING and end == PRINTED):  # UT-RULING-21
            continue
        if name == ROUNDS_ENDING and (end == ROUNDS or HONOUR_ENDING in off):
            raise InvalidRules("endings_off", f"'{name}' cannot be switched off with end='{end}': it is what "
                               f"makes every game end ({ENDINGS[name]}, UT-END-5)")
        raise InvalidRules("endings_off", f"'{name}' is not an ending with end='{end}' ({ENDINGS[name]} "
                           f"applies with end='{ROUNDS if end == PRINTED else PRINTED}')")
    if len(set(off)) != len(off):
        raise InvalidRules("endings_off", "an ending is named twice")


@lru_cache(maxsize=256)
def removed_cards(removed: tuple[str, ...]) -> frozenset[int]:
    """The cards ``Rules.removed`` takes out (UT-COMP-1): cards, suit letters and numbers.

    >>> sorted(DECK.text(c) for c in removed_cards(("A12", "12")))
    ['A12', 'B12', 'C12', 'D12', 'E12']
    >>> len(removed_cards(("E",))), len(removed_cards(()))
    (12, 0)
    """
    out: set[int] = set()
    letters = {short: i for i, (_, short) in enumerate(DECK.suits)}
    for item in removed:
        if type(item) is not str:
            raise InvalidRules("removed", f"an item is a card, suit letter or number text, not {item!r:.40}")
        text = item.strip()
        if text in letters:
            out.update(c for c in DECK.cards if _SUIT[c] == letters[text])
        elif text.isdigit() and text.isascii():
            if int(text) not in DECK.ranks:
                raise InvalidRules("removed", f"no cards are numbered {text} (1..12)")
            out.update(c for c in DECK.cards if _RANK[c] == int(text))
        else:
            try:
                out.add(DECK.parse(text))
            except ValueError:
                raise InvalidRules(
                    "removed", f"{item!r:.40} is not a card (A1..E12), a suit letter (A..E) or a number (1..12)"
                ) from None
    return frozenset(out)


#: Named rulesets (``printed`` first): the source's two-player game and house rules.
RULESETS: tuple[Ruleset, ...] = (
    Ruleset("printed", "The printed game: 3 honour wins, 2 execution chips lose.", {}, ()),
    Ruleset(
        "two-players",
        "The source's two-player game: the young lord joins and swaps with the lord (fixes players=2).",
        {"players": 2},
        ("UT-SETUP-2", "UT-LORD-5", "UT-END-4"),
    ),
    Ruleset(
        "five-rounds",
        "Five rounds, most honour wins; execution chips still lose.",
        {"end": ROUNDS, "rounds": 5},
        ("UT-END-6",),
    ),
    Ruleset("short", "A short game: 2 honour wins.", {"honour_to_win": 2}, ("UT-END-1",)),
    Ruleset(
        "exact-three",
        "An exact bid earns 3 honour (the first exact bid wins).",
        {"honour_exact": 3},
        ("UT-SCORE-7",),
    ),
    Ruleset(
        "gentle-lord",
        "The lord follows with its lowest card of the suit led; so does the young lord of the two-player game, "
        "which copies the lord (young_lord_policy 'same').",
        {"lord_policy": LOWEST},
        ("UT-LORD-6",),
    ),
)


# -- precomputed tables ----------------------------------------------------------------


@lru_cache(maxsize=256)
def layout(rules: Rules) -> tuple[tuple[slice, ...], tuple[slice, ...], tuple[int, ...], tuple[int, ...]]:
    """Per ``Rules`` (computed once, at a round's start): the deal's slices of the seats' hands
    and of the NPC rows (UT-SETUP-2, UT-SETUP-4), the bids before bidding and the tricks won at a
    round's start."""
    return _layout(rules.players, rules.npcs, rules.tricks_per_round)


def _layout(
    players: int, npcs: int, size: int
) -> tuple[tuple[slice, ...], tuple[slice, ...], tuple[int, ...], tuple[int, ...]]:
    places = players + npcs
    cuts = [slice(p * size, (p + 1) * size) for p in range(places)]
    return tuple(cuts[:players]), tuple(cuts[players:]), (-1,) * players, (0,) * places

# UT-TRICK-1: strength of each card for (trump suit, lead suit): trumps beat the lead
# suit, other suits never win; within a suit the higher number (higher card int) wins.
_STRENGTH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    win_keys(_SUIT, DECK.cards, t) for t in range(_NSUITS)
)
#: per (``Rules.trumps``, ``Rules.trick_winner``): the strength table indexed by the chip's suit,
#: then the suit led. UT-TRICK-3: no trumps (the chip's suit is no trump); UT-TRICK-4: within the
#: trumps and the suit led, the lower number wins.
_LOW = tuple(DECK.size - 1 - c for c in DECK.cards)
_STRENGTHS: dict[tuple[str, str], tuple[tuple[tuple[int, ...], ...], ...]] = {
    (CHIP, HIGHEST): _STRENGTH,
    (NO_TRUMPS, HIGHEST): (win_keys(_SUIT, DECK.cards, None),) * _NSUITS,
    (CHIP, LOWEST): tuple(win_keys(_SUIT, _LOW, t) for t in range(_NSUITS)),
    (NO_TRUMPS, LOWEST): (win_keys(_SUIT, _LOW, None),) * _NSUITS,
}


def strengths(rules: Rules) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The precomputed strength tables of ``rules`` (UT-TRICK-1, UT-TRICK-3, UT-TRICK-4): index by
    the chip's suit, then the suit led; the card with the largest key wins."""
    return _STRENGTHS[rules.trumps, rules.trick_winner]


def _cycle(players: int, lord_before: int, npcs: int) -> tuple[int, ...]:
    """The places clockwise from the lord (UT-SETUP-1, UT-SETUP-2; UT-RULING-25: two players and the
    lord alone sit as three players do).

    >>> _cycle(2, 1, 2), _cycle(2, 1, 1), _cycle(3, 2, 1)
    ((2, 1, 3, 0), (2, 1, 0), (3, 2, 0, 1))
    """
    lord = players
    if npcs == 2:
        return (lord, lord_before, lord + 1, 1 - lord_before)
    return (lord, *((lord_before + i) % players for i in range(players)))


def _next_table(players: int, lord_before: int, npcs: int) -> tuple[int, ...]:
    cyc = _cycle(players, lord_before, npcs)
    nxt = [0] * len(cyc)
    for i, p in enumerate(cyc):
        nxt[p] = cyc[(i + 1) % len(cyc)]
    return tuple(nxt)


#: the next place clockwise per place, by (players, NPCs, the seat the lord sits before)
_NEXT: dict[tuple[int, int, int], tuple[int, ...]] = {
    (n, m, k): _next_table(n, k, m) for n in range(2, 7) for m in ((1, 2) if n == 2 else (1,)) for k in range(n)
}


def npc_card(row: tuple[int, ...], trick: tuple[int, ...], first_trick: bool) -> int:
    """The card an NPC plays from its ``row`` (leftmost first) by the lord's conduct.

    UT-LORD-1: it leads its leftmost card at the start of a round. UT-LORD-4: it leads
    its rightmost card (the one under the chip) in the trick after it won one; an NPC
    leads only in those two cases (UT-RULING-6). UT-LORD-2: following, it plays its
    highest card of the lead suit. UT-LORD-3: if it cannot follow, its leftmost card.

    >>> A1, A9, B3, C12 = (DECK.parse(t) for t in ("A1", "A9", "B3", "C12"))
    >>> [DECK.text(npc_card((B3, A1, A9, C12), t, f)) for t, f in (((), True), ((), False))]
    ['B3', 'C12']
    >>> DECK.text(npc_card((B3, A1, A9, C12), (DECK.parse("A5"),), False))
    'A9'
    >>> DECK.text(npc_card((B3, A1, A9, C12), (DECK.parse("D5"),), False))
    'B3'
    """
    if not trick:
        return row[0] if first_trick else row[-1]
    lead = _SUIT[trick[0]]
    best = -1
    for c in row:
        if _SUIT[c] == lead and c > best:
            best = c
    return best if best >= 0 else row[0]


def npc_pick(policy: str, row: tuple[int, ...], trick: tuple[int, ...], first_trick: bool) -> int:
    """The card an NPC plays under ``policy`` (``Rules.lord_policy``, ``Rules.young_policy``).

    ``printed`` is :func:`npc_card`. UT-LORD-6 (``lowest``): as printed, but following it plays
    its lowest card of the suit led. UT-LORD-7 (``leftmost``): it always plays its leftmost card
    that it may play: leading (also after a win), its leftmost card; following, its leftmost card
    of the suit led, else its leftmost card. UT-LORD-8 (``highest``): the highest card it may play
    (:func:`npc_legal`), by number, then by suit. ``random`` draws, so the engine plays it
    (a prediction, as the heuristic's, reads it as ``printed``).

    >>> A1, A9, B3, C12 = (DECK.parse(t) for t in ("A1", "A9", "B3", "C12"))
    >>> row = (B3, A9, A1, C12)
    >>> [DECK.text(npc_pick(p, row, (DECK.parse("A5"),), False)) for p in (*CONDUCTS, "highest")]
    ['A9', 'A1', 'A9', 'A9']
    >>> [DECK.text(npc_pick(p, row, (), False)) for p in (*CONDUCTS, "highest")]
    ['C12', 'C12', 'B3', 'C12']
    >>> DECK.text(npc_pick("highest", row, (DECK.parse("D5"),), False))
    'C12'
    """
    if policy == PRINTED or policy == RANDOM:
        return npc_card(row, trick, first_trick)
    if policy == HIGHEST:
        return max(npc_legal(row, trick), key=_HIGH_KEY)
    if not trick:
        return row[0] if first_trick or policy == LEFTMOST else row[-1]
    lead = _SUIT[trick[0]]
    same = [c for c in row if _SUIT[c] == lead]
    if not same:
        return row[0]
    return min(same) if policy == LOWEST else same[0]


def _high_key(card: int) -> tuple[int, int]:
    return (_RANK[card], card)


_HIGH_KEY = _high_key


def npc_legal(row: tuple[int, ...], trick: tuple[int, ...]) -> tuple[int, ...]:
    """UT-LORD-8, UT-RULING-19: the cards an NPC may play, left to right: leading, its whole row;
    following, its cards of the suit led if it holds any (UT-PLAY-2, whatever ``follow`` says), else
    its whole row.

    >>> A1, A9, B3 = (DECK.parse(t) for t in ("A1", "A9", "B3"))
    >>> [DECK.text(c) for c in npc_legal((B3, A9, A1), (DECK.parse("A5"),))]
    ['A9', 'A1']
    >>> [DECK.text(c) for c in npc_legal((B3, A9, A1), (DECK.parse("C5"),))]
    ['B3', 'A9', 'A1']
    """
    if not trick:
        return row
    lead = _SUIT[trick[0]]
    same = tuple(c for c in row if _SUIT[c] == lead)
    return same or row


@attrs.frozen(slots=True)
class NpcView:
    """UT-LORD-8: what an NPC's policy function sees when it must play: the NPC (``npc``: ``"lord"``
    or ``"young lord"``), its ``row`` left to right (face up), the cards played to the ``trick`` so
    far in order (empty when it leads), the ``trump`` suit (0..4; -1 when none is set), whether
    this is the round's first trick (``first_trick``), and the ``rules``. Everything here is public."""

    npc: str
    row: tuple[int, ...]
    trick: tuple[int, ...]
    trump: int
    first_trick: bool
    rules: Any = attrs.field(repr=False, eq=False)


#: one finished trick as the state keeps it: (leader place, cards in play order, winner place)
TrickEntry = tuple[int, tuple[int, ...], int]
#: one finished round, public after the reveal: (bids per seat, tricks won per place,
#: the tricks, the seat the lord sat just before, honour per seat and execution chips per seat
#: after the round: the game's results plus a variant's changes, UT-LOGIC-2)
RoundResult = tuple[tuple[int, ...], tuple[int, ...], tuple[TrickEntry, ...], int, tuple[int, ...], tuple[int, ...]]
#: (round, lord_before, next place per place, honour, chips, results)
Match = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[RoundResult, ...]]
#: (match, bids per seat, trump, leader, this round's tricks, tricks won per place)
Board = tuple[
    Match,
    tuple[int, ...],
    int,
    int,
    tuple[TrickEntry, ...],
    tuple[int, ...],
]
