"""What one seat sees of UTSUKE (UT-INFO-1) and how a search redraws the rest.

* :class:`Observation` and :func:`observation`: a seat's own hand and bid, and everything public;
* :func:`resample`: the other seats' hands and bids redrawn, consistent with what the seat saw;
* :func:`observation_size`, :func:`encode_observation`: the observation tensor (layout in
  ``docs/games/utsuke.md``), and :class:`TensorEncoder`, the same tensor written straight from a
  state into a buffer (numpy-free).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from rulebook.core import render
from rulebook.core.contract import state_builder
from rulebook.core.encoding import Buffer, BufferEncoder, seat_error
from rulebook.core.encoding import template as _template
from rulebook.core.history import Player, TrickRecord
from rulebook.core.model import HIDDEN, Content, mask_hands
from rulebook.core.visibility import ALL, TEAM

from . import history
from .history import UtsukeRound
from .rules import _NPC_NAMES, _NSUITS, _SUIT, BIDS_FROM_TRICKS, DECK, FIXED, MAX_BID, Rules, _player, removed_cards

if TYPE_CHECKING:
    from .state import UtsukeState

__all__ = [
    "Observation",
    "TensorEncoder",
    "check_seat",
    "encode_observation",
    "observation",
    "observation_size",
    "resample",
]

_TENSOR_SIZE = 382
#: per state class, its builder without attrs' ``__init__`` (made on first use)
_BUILDERS: dict[type[Any], Callable[..., Any]] = {}


@attrs.frozen(slots=True)
class Observation:
    """What one seat sees (UT-INFO-1): its hand, its own bid and everything public."""

    seat: int
    players: int
    round: int
    #: the lord sits just before this seat clockwise this round
    lord_before: int
    bidding: bool
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    #: the lord's row, leftmost first (as seen from the table centre); the last card has the chip,
    #: except in the trick in which the chip's card was played: the chip then rides on that card
    #: in the trick until it ends (UT-TRUMP-2), and ``trump`` still gives its suit
    lord_row: tuple[int, ...]
    #: the young lord's row (2 players), leftmost first; empty otherwise
    young_row: tuple[int, ...]
    #: the trump suit of the current trick (-1 once the round's cards are all played)
    trump: int
    #: who leads the current trick: a seat, ``"lord"`` or ``"young lord"``
    leader: Player
    #: the current trick as (player, card), in play order (players named as in ``leader``)
    trick: tuple[tuple[Player, int], ...]
    #: every finished trick of the game, public (see ``UtsukeState.tricks``)
    tricks: tuple[TrickRecord, ...]
    #: tricks taken this round, per place (seats, then the lord, then the young lord)
    won: tuple[int, ...]
    #: this seat's bid this round (-1 before it bids)
    own_bid: int
    #: which seats have bid this round (their bids are hidden until the reveal)
    has_bid: tuple[bool, ...]
    honour: tuple[int, ...]
    chips: tuple[int, ...]
    #: every finished round, revealed: bids, the lord's tricks, tricks and chips per seat
    #: (the same records as ``UtsukeState.rounds``)
    rounds: tuple[UtsukeRound, ...]
    current_player: int | None
    #: under ``visible.hands = all`` (UT-INFO-2) every player's hand, in seat order; else ``()``
    open_hands: tuple[tuple[int, ...], ...] = ()
    #: under ``visible.hands = team`` (UT-INFO-4) the hand of the seat's partner; else ``()``
    partner_hand: tuple[int, ...] = ()
    #: under ``visible.bids = all`` (UT-INFO-3) every seat's bid this round (-1 before it bids), under
    #: ``from:tricks`` (UT-INFO-5) every bid once all have bid; else ``()``
    open_bids: tuple[int, ...] = ()

    def __str__(self) -> str:
        """What this seat sees, as text (:func:`rulebook.core.render.observation_text`)."""
        return render.observation_text(self)

    def _repr_svg_(self) -> str:
        """What this seat sees, as SVG for Jupyter (:func:`rulebook.core.render.observation_svg`)."""
        return render.observation_svg(self)


def observation(state: UtsukeState, seat: int) -> Observation:
    """Seat's view (UT-INFO-1): own hand and bid; NPC rows, tricks and results are public.

    Perfect recall of public events (UT-RULING-16): this round's tricks, and every
    finished round's bids and tricks.
    """
    players = check_seat(state, seat)
    hands = state.hands
    leader = state.leader
    nxt = state.nxt
    trick: list[tuple[Player, int]] = []
    place = leader
    for c in state.trick:
        trick.append((_player(place, players), c))
        place = nxt[place]
    return Observation(
        seat=seat,
        players=players,
        round=state.round,
        lord_before=state.lord_before,
        bidding=state.bidding,
        hand=hands[seat],
        hand_sizes=tuple(len(hands[s]) for s in range(players)),
        lord_row=hands[players],
        young_row=state.young_row,
        trump=state.trump,
        leader=_player(leader, players),
        trick=tuple(trick),
        tricks=history.tricks(state),
        won=state.won,
        own_bid=state.bids[seat],
        has_bid=tuple(b >= 0 for b in state.bids),
        honour=state.honour,
        chips=state.chips,
        rounds=history.rounds(state),
        current_player=state.current_player,
        open_hands=hands[:players] if state.rules.visible["hands"] == ALL else (),  # UT-INFO-2
        partner_hand=hands[(seat + 2) % 4] if state.rules.visible["hands"] == TEAM else (),  # UT-INFO-4, UT-END-7
        open_bids=state.bids if bids_shown(state) else (),  # UT-INFO-3, UT-INFO-5
    )


def bids_shown(state: UtsukeState) -> bool:
    """Whether every seat sees every bid made this round: always under ``visible.bids = all``
    (UT-INFO-3); under ``from:tricks`` once every player has bid (UT-INFO-5)."""
    setting = state.rules.visible["bids"]
    return setting == ALL or (setting == BIDS_FROM_TRICKS and min(state.bids) >= 0)


def check_seat(state: UtsukeState, seat: object) -> int:
    """The number of players, if ``seat`` is a real seat (an ``int``, not a bool, in range);
    else ``ValueError`` naming it (an NPC place is not a seat)."""
    players = state.rules.players
    if type(seat) is not int or not 0 <= seat < players:
        raise ValueError(f"seat: {seat!r} is not a seat of a {players}-player game (0..{players - 1})")
    return players


def resample(state: UtsukeState, seat: int, rng: random.Random) -> UtsukeState:
    """Redraw what ``seat`` cannot see: the other seats' hands (not the partner's under
    ``visible.hands = team``, UT-INFO-4) and current bids.

    The hidden cards are dealt again to the other seats, keeping their hand sizes
    and every suit they have shown they lack (UT-INFO-1); their bids this round are
    redrawn from 0..15 (UT-BID-1) until the reveal. Once the game is over the last
    round's bids are public (UT-SCORE-1) and kept. The deals of the rounds still to
    come are unknown to everyone, so they are redrawn from a fresh seed, and no
    explicit deal is kept (UT-SETUP-4).
    """
    players = check_seat(state, seat)
    rules = state.rules
    open_ = not rules.visible.printed and rules.visible["hands"] == ALL  # UT-INFO-2: no hand is hidden
    others = [s for s in range(players) if s != seat and not open_]
    if rules.visible["hands"] == TEAM:  # UT-INFO-4: the partner (the seat facing, UT-END-7) is seen, so kept
        others.remove((seat + 2) % players)
    voids = history.voids(state)
    hidden = sorted(c for s in others for c in state.hands[s])  # canonical: not the real arrangement
    sizes = {s: len(state.hands[s]) for s in others}
    rules = state.rules
    if rules.set_aside:  # UT-SETUP-6, UT-RULING-18: the cards set aside are hidden too, from every seat
        seen = {c for h in state.hands for c in h} | set(state.trick)
        seen.update(c for _, t, _ in state.board[4] for c in t)
        taken = removed_cards(rules.removed)
        aside = [c for c in DECK.cards if c not in seen and c not in taken]
        hidden = sorted(hidden + aside)
        sizes[players] = len(aside)  # a pseudo seat that holds the cards set aside
        voids = (*voids, frozenset())
    hands = list(state.hands)
    for s, cards in _constrained_deal(hidden, sizes, voids, rng).items():
        if s < players:
            hands[s] = tuple(sorted(cards))
    bids = state.bids
    if state.current_player is not None and not bids_shown(state):  # UT-INFO-3, UT-INFO-5: shown bids are kept
        values = rules.bids  # UT-COMP-2, UT-RULING-24: the bids the cards make (0..max_bid printed)
        bids = tuple(b if s == seat or b < 0 else values[rng.randrange(len(values))] for s, b in enumerate(bids))
    # a fresh seed and no explicit deals: what was dealt lives in the state, and the order
    # of a partly seen deal is hidden too
    board = (state.board[0], bids, *state.board[2:])
    setup = state.setup.resampled(rng)
    cls = type(state)
    new = _BUILDERS.get(cls) or _BUILDERS.setdefault(cls, state_builder(cls))
    out: UtsukeState = new(state.rules, setup, None, board, tuple(hands), state.trick, state.current_player)
    return out


# -- the zones (rulebook.variants.zones: sights a variant sets beyond the engine's) ------


def zone_contents(state: UtsukeState) -> tuple[Content, ...]:
    """UT-INFO-1: the zones that hold hidden or settable cards: each hand, the lord's row (in its order; the
    card under the trump chip seen by all, UT-TRUMP-1) and the cards set aside unseen (UT-SETUP-6)."""
    players = state.rules.players
    hands = state.hands
    row = hands[players]
    chip = (row[-1],) if row and state.rules.trump_change != FIXED else ()
    out = [Content("hands", s, hands[s]) for s in range(players)]
    out.append(Content("row", None, row, (), chip))
    out.append(Content("aside", None, _set_aside(state)))
    return tuple(out)


def _set_aside(state: UtsukeState) -> tuple[int, ...]:
    """UT-SETUP-6: the cards dealt to nobody this round (none in the printed game)."""
    if not state.rules.set_aside:
        return ()
    seen = {c for h in state.hands for c in h} | set(state.trick)
    seen.update(c for _, t, _ in state.board[4] for c in t)
    taken = removed_cards(state.rules.removed)
    return tuple(c for c in DECK.cards if c not in seen and c not in taken)


def with_zone_contents(state: UtsukeState, contents: tuple[Content, ...]) -> UtsukeState:
    """``state`` with the hands and the lord's row of ``contents`` (the set-aside cards are the rest)."""
    hands = list(state.hands)
    players = state.rules.players
    for c in contents:
        if c.zone == "hands":
            assert c.owner is not None
            hands[c.owner] = tuple(sorted(c.items))
        elif c.zone == "row":
            hands[players] = c.items
    cls = type(state)
    new = _BUILDERS.get(cls) or _BUILDERS.setdefault(cls, state_builder(cls))
    out: UtsukeState = new(state.rules, state.setup, state.log, state.board, tuple(hands), state.trick,
                           state.current_player)
    return out


def zone_forbidden(state: UtsukeState, seat: int) -> dict[tuple[str, int | None], frozenset[int]]:
    """What play showed a place lacks this round: a seat's suits it did not follow (UT-PLAY-2), and for the
    lord's row (UT-RULING-23) the suit it did not follow and, where it followed by the printed conduct (its
    highest card of the suit, UT-LORD-2) or the gentle one (its lowest, UT-LORD-6), every card of the suit
    above (below) the one it played."""
    rules = state.rules
    players = rules.players
    out: dict[tuple[str, int | None], frozenset[int]] = {}
    for s, suits in enumerate(history.voids(state)):
        if suits:
            out["hands", s] = frozenset(c for c in DECK.cards if _SUIT[c] in suits)
    lord: set[int] = set()
    nxt = state.nxt
    for leader, cards, _w in (*state.board[4], (state.leader, state.trick, -1)):
        place = leader
        for k, c in enumerate(cards):
            if place == players and k > 0:
                lead = _SUIT[cards[0]]
                if _SUIT[c] != lead:
                    lord.update(x for x in DECK.cards if _SUIT[x] == lead)
                elif rules.lord_policy in ("printed", "highest"):
                    lord.update(x for x in DECK.cards if _SUIT[x] == lead and x > c)
                elif rules.lord_policy == "lowest":
                    lord.update(x for x in DECK.cards if _SUIT[x] == lead and x < c)
            place = nxt[place]
    if lord:
        out["row", None] = frozenset(lord)
    return out


def mask_observation(obs: Observation, hidden: tuple[tuple[str, int | None, int], ...]) -> Observation:
    """``obs`` with the lord's row face down at the ``hidden`` places (UT-RULING-23): each reads
    :data:`~rulebook.core.model.HIDDEN`."""
    obs = mask_hands(obs, hidden, (obs.seat + 2) % 4)  # UT-INFO-2, UT-INFO-4: the hands' cards there unseen
    masked = {i for zone, _owner, i in hidden if zone == "row"}
    if not masked:
        return obs
    return attrs.evolve(obs, lord_row=tuple(HIDDEN if i in masked else c for i, c in enumerate(obs.lord_row)))


def _feasible(
    counts: list[int], caps: list[int], allowed: list[list[bool]], masks: list[int] | None = None
) -> bool:
    """Hall's condition: every set of suits fits in the seats that may hold them.

    Only the sets of suits that some seat with room may hold none of need a look: for any
    other set, every seat with room may take some of it, so the room is all the room left,
    which is the number of cards left (``sum(counts) == sum(caps)`` during a deal) and at
    least the set's cards. A suit set is a bitmask; the sets checked are the subsets of
    each such seat's void suits among the suits still to deal. ``masks``: each seat's allowed
    suits as a bitmask, when the caller has them.
    """
    present = 0
    for suit, n in enumerate(counts):
        if n:
            present |= 1 << suit
    if masks is None:
        masks = _masks(allowed)
    if sum(counts) > sum(caps):
        return False
    seen: set[int] = set()
    for p, cap in enumerate(caps):
        void = present & ~masks[p]
        if not cap or not void:
            continue
        group = void
        while group:  # every non-empty subset of this seat's void suits
            if group not in seen:
                seen.add(group)
                need = 0
                bits = group
                while bits:
                    low = bits & -bits
                    need += counts[low.bit_length() - 1]
                    bits ^= low
                room = 0
                for q, c in enumerate(caps):
                    if c and masks[q] & group:
                        room += c
                if need > room:
                    return False
            group = (group - 1) & void
    return True


def _masks(allowed: list[list[bool]]) -> list[int]:
    """Each seat's allowed suits as a bitmask."""
    return [sum(1 << suit for suit, ok in enumerate(row) if ok) for row in allowed]


#: the library's draw behind ``random.Random.shuffle`` (``_randbelow``, through ``getrandbits``)
_BELOW = getattr(random.Random, "_randbelow_with_getrandbits", None)
_BITS = [n.bit_length() for n in range(64)]


def _bits_shuffle(getrandbits: Callable[[int], int]) -> Callable[[list[int]], None]:
    """A shuffle that draws as ``random.Random.shuffle`` does, from ``getrandbits``: for each place
    from the last down, a place below it, each by ``getrandbits(n.bit_length())`` until under ``n``."""
    bits = _BITS

    def shuffle(x: list[int]) -> None:
        for i in range(len(x) - 1, 0, -1):
            n = i + 1
            k = bits[n] if n < 64 else n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            x[i], x[r] = x[r], x[i]
    return shuffle


def _same_draws() -> bool:
    """Whether :func:`_bits_shuffle` makes this Python's ``random.Random.shuffle`` exactly: the same
    order and the same generator state after it, for lists of every length a deal shuffles."""
    if _BELOW is None or getattr(random.Random, "_randbelow", None) is not _BELOW:  # pragma: no cover
        return False
    for seed in range(8):
        mine, theirs = random.Random(seed), random.Random(seed)
        ours = _bits_shuffle(mine.getrandbits)
        for n in range(62):
            a, b = list(range(n)), list(range(n))
            ours(a)
            theirs.shuffle(b)
            if a != b:  # pragma: no cover
                return False
        if mine.getstate() != theirs.getstate():  # pragma: no cover
            return False
    return True


_SAME_DRAWS = _same_draws()


def _shuffler(rng: random.Random) -> Callable[[list[int]], None]:
    """``rng.shuffle``, or, for a generator whose shuffle and draws are the library's own, the same
    shuffle with the same draws (:func:`_bits_shuffle`) without a Python call per draw: the redraw
    shuffles a short list for every card it deals."""
    cls = type(rng)
    if _SAME_DRAWS and cls.shuffle is random.Random.shuffle and getattr(cls, "_randbelow", None) is _BELOW:
        return _bits_shuffle(rng.getrandbits)
    return rng.shuffle


def _constrained_deal(
    cards: list[int], sizes: dict[int, int], voids: tuple[frozenset[int], ...], rng: random.Random
) -> dict[int, list[int]]:
    """Deal ``cards`` to the seats of ``sizes`` at random, never giving a seat a void suit.

    Each card in a shuffled order goes to the first seat of a shuffled list of the seats
    that may hold it after which the rest can still be dealt (:func:`_feasible`). With no
    void suit among the seats every seat with room may hold every card, so the first seat
    of the list is taken without the check (the same seat and the same random draws).
    """
    seats = list(sizes)
    caps = [sizes[s] for s in seats]
    allowed = [[suit not in voids[s] for suit in range(_NSUITS)] for s in seats]
    free = all(all(row) for row in allowed)
    order = list(cards)
    shuffle = _shuffler(rng)
    shuffle(order)
    out: dict[int, list[int]] = {s: [] for s in seats}
    if free:  # every seat with room may take the card: the first of them, shuffled
        held = [out[s] for s in seats]
        room = [i for i in range(len(seats)) if caps[i]]  # the seats with room, in order
        for c in order:
            if len(room) > 1:  # a list of one shuffles to itself and draws nothing
                choices = room[:]
                shuffle(choices)
                i = choices[0]
            else:
                i = room[0]
            caps[i] -= 1
            held[i].append(c)
            if not caps[i]:
                room.remove(i)
        return out
    counts = [0] * _NSUITS
    for c in cards:
        counts[_SUIT[c]] += 1
    masks = _masks(allowed)
    may = [[i for i in range(len(seats)) if allowed[i][suit]] for suit in range(_NSUITS)]
    for c in order:
        suit = _SUIT[c]
        counts[suit] -= 1
        choices = [i for i in may[suit] if caps[i]]
        shuffle(choices)
        for i in choices:
            caps[i] -= 1
            if _feasible(counts, caps, allowed, masks):
                out[seats[i]].append(c)
                break
            caps[i] += 1
        else:  # pragma: no cover - the true deal is always feasible
            raise AssertionError("UT-INFO-1: no deal of the hidden cards fits the known voids")
    return out


# -- the tensor ------------------------------------------------------------------------


def observation_size(rules: Rules) -> int:
    """382 for 2-5 players (slots of absent seats stay 0); 393 for 6 players, whose sixth seat
    widens every per-seat block by one slot (UT-RULING-18); bids above 15 widen the own bid's block
    to one slot per bid 0..max_bid (UT-RULING-24)."""
    return _Layout.of(rules).size


@attrs.frozen(slots=True)
class _Layout:
    """Where each block of the tensor starts, for ``seats`` seat slots (5, or 6 with six players) and
    ``bids`` slots of the own bid (16, or max_bid + 1 with bids above 15)."""

    seats: int
    bids: int = MAX_BID + 1

    @staticmethod
    def of(rules: Rules) -> _Layout:
        seats = max(5, rules.players)
        if rules.max_bid <= MAX_BID:
            return _LAYOUTS[seats]
        return _Layout(seats, rules.max_bid + 1)  # UT-RULING-24

    @property
    def places(self) -> int:
        """Slots of the places: the seats, the lord, the young lord."""
        return self.seats + 2

    @property
    def players_at(self) -> int:
        return self.seats

    @property
    def round_at(self) -> int:
        return 2 * self.seats - 1

    @property
    def lord_at(self) -> int:
        return 2 * self.seats

    @property
    def bidding_at(self) -> int:
        return 3 * self.seats

    @property
    def current_at(self) -> int:
        return 3 * self.seats + 1

    @property
    def hand_at(self) -> int:
        return 4 * self.seats + 1

    @property
    def leader_at(self) -> int:
        """After the hand, the two NPC rows, the trump and the trick."""
        return self.hand_at + 4 * DECK.size + _NSUITS

    @property
    def played_at(self) -> int:
        return self.leader_at + self.places

    @property
    def won_at(self) -> int:
        return self.played_at + DECK.size

    @property
    def sizes_at(self) -> int:
        return self.won_at + self.places

    @property
    def bid_at(self) -> int:
        return self.sizes_at + self.seats

    @property
    def has_bid_at(self) -> int:
        return self.bid_at + self.bids

    @property
    def honour_at(self) -> int:
        return self.has_bid_at + self.seats

    @property
    def last_at(self) -> int:
        """The last round's bids (after honour and chips), then the lord's tricks then."""
        return self.honour_at + 2 * self.seats

    @property
    def size(self) -> int:
        return self.last_at + self.seats + 1

    def slot(self, place: int, players: int) -> int:
        """Tensor slot of a place: the seats, then the lord, then the young lord."""
        return place if place < players else self.seats + place - players


_LAYOUTS = {n: _Layout(n) for n in (5, 6)}
assert _LAYOUTS[5].size == _TENSOR_SIZE


def encode_observation(rules: Rules, observation: Any) -> tuple[int, ...]:
    """The fields of :class:`Observation` as ints; layout in ``docs/games/utsuke.md`` (the offsets
    there are those of 2-5 players; with 6 every per-seat block has a sixth slot, UT-RULING-18)."""
    o: Observation = observation
    n = DECK.size
    at = _Layout.of(rules)
    out = [0] * at.size
    out[o.seat] = 1  # 0: seat one-hot (5)
    out[at.players_at + o.players - 2] = 1  # 5: players one-hot (4)
    out[at.round_at] = o.round  # 9: round index
    out[at.lord_at + o.lord_before] = 1  # 10: lord place (5)
    out[at.bidding_at] = int(o.bidding)  # 15: bidding phase
    if o.current_player is not None:
        out[at.current_at + o.current_player] = 1  # 16: current player (5)
    base = at.hand_at
    for c in o.hand:  # 21: own hand (60)
        if c != HIDDEN:  # a card of its own hand a variant's sight hides from the seat
            out[base + c] = 1
    base += n
    for i, c in enumerate(o.lord_row):  # 81: lord's row position, 1 = leftmost (60)
        if c != HIDDEN:  # UT-RULING-23: a card face down is not encoded
            out[base + c] = i + 1
    base += n
    for i, c in enumerate(o.young_row):  # 141: young lord's row position (60)
        out[base + c] = i + 1
    base += n
    if o.trump >= 0:
        out[base + o.trump] = 1  # 201: trump suit (5)
    base += _NSUITS
    for i, (_, c) in enumerate(o.trick):  # 206: current trick, order played (60)
        out[base + c] = i + 1
    players = o.players
    out[at.leader_at + _slot(o.leader, at)] = 1  # 266: leader place (7)
    base = at.played_at
    for t in o.tricks:  # 273: cards played in earlier tricks this round (60)
        if t.round == o.round:
            for c in t.cards:
                out[base + c] = 1
    base = at.won_at
    for p, w in enumerate(o.won):  # 333: tricks won per place (7)
        out[base + at.slot(p, players)] = w
    base = at.sizes_at
    for s, size in enumerate(o.hand_sizes):  # 340: hand sizes (5)
        out[base + s] = size
    if o.own_bid >= 0:
        out[at.bid_at + o.own_bid] = 1  # 345: own bid one-hot (16; max_bid + 1 above 15, UT-RULING-24)
    base = at.has_bid_at
    for s, done in enumerate(o.has_bid):  # 361: has bid (5)
        out[base + s] = int(done)
    base = at.honour_at
    for s in range(players):  # 366: honour (5), 371: chips (5)
        out[base + s] = o.honour[s]
        out[base + at.seats + s] = o.chips[s]
    base = at.last_at
    if o.rounds:  # 376: last round's bids + 1 (5), 381: the lord's tricks then (1)
        last = o.rounds[-1]
        for s, b in enumerate(last.bids):
            out[base + s] = b + 1
        out[base + at.seats] = last.lord_tricks
    return tuple(out)


def _slot(player: Player, at: _Layout) -> int:
    """Tensor slot of a named player: the seats, then the lord, then the young lord."""
    return player if type(player) is int else at.seats + _NPC_NAMES.index(player)


class TensorEncoder(BufferEncoder):
    """UT-INFO-1. Reads ``board`` (public: round, lord place, trump, leader, this round's
    tricks, tricks won, results, honour, chips; of the bids only *whether* each seat has bid,
    and the seat's own bid), ``hands`` (the seat's own, the NPC rows, which are face up, and
    the other seats' lengths), ``trick``, ``current_player``."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.players = rules.players
        self.n = DECK.size
        self.at = _Layout.of(rules)
        self.size = self.at.size
        self.nsuits = _NSUITS
        self.max_bid = max(MAX_BID, rules.max_bid)
        self.cache: tuple[Any, bool, Buffer | None] = (None, False, None)

    def slot(self, place: int) -> int:
        return self.at.slot(place, self.players)

    def public(self, board: Any, over: bool) -> Buffer:
        match, bids, trump, leader, tricks, won = board
        rnd, lord_before, _, honour, chips, results = match
        n, players, at = self.n, self.players, self.at
        ones = [at.players_at + players - 2, at.lord_at + lord_before]
        where = [at.round_at]
        values = [rnd]
        if trump >= 0:
            ones.append(at.hand_at + 3 * n + trump)
        ones.append(at.leader_at + self.slot(leader))
        played = at.played_at  # cards of earlier tricks this round
        for r, result in enumerate(results):
            if r == rnd:
                for _, cards, _ in result[2]:
                    ones += [played + x for x in cards]
        if not over or len(results) == rnd:  # the round being played (UT-LOGIC-3: or cut short by a variant)
            for _, cards, _ in tricks:
                ones += [played + x for x in cards]
        base = at.won_at
        for p, w in enumerate(won):
            where.append(base + self.slot(p))
            values.append(w)
        base = at.has_bid_at
        ones += [base + s for s, b in enumerate(bids) if b >= 0]  # has bid (not the bid)
        base = at.honour_at
        for s in range(players):
            where += [base + s, base + at.seats + s]
            values += [honour[s], chips[s]]
        base = at.last_at
        if results:
            last_bids, last_won = results[-1][0], results[-1][1]
            where += [base + s for s in range(len(last_bids))] + [base + at.seats]
            values += [b + 1 for b in last_bids] + [last_won[players]]
        return _template(self.size, ones, where, values)

    def __call__(self, state: Any, seat: int) -> Buffer:
        players = self.players
        if type(seat) is not int or not 0 <= seat < players:
            seat_error(state, seat)
        board = state.board
        player = state.current_player
        over = player is None
        key, was_over, template = self.cache
        if key is not board or was_over != over or template is None:
            template = self.public(board, over)
            self.cache = (board, over, template)
        out = template[:]
        n = self.n
        at = self.at
        hands = state.hands
        bid = board[1][seat]
        out[seat] = 1
        if not over:
            out[at.current_at + player] = 1
            if board[1][player] < 0:
                out[at.bidding_at] = 1  # bidding
        base = at.hand_at
        for x in hands[seat]:
            out[base + x] = 1
        if bid >= 0:
            out[at.bid_at + bid] = 1
        base += n
        for i, x in enumerate(hands[players], 1):  # the lord's row, face up
            out[base + x] = i
        if self.rules.npcs == 2:  # the young lord's row, face up (UT-RULING-25: none without it)
            base += n
            for i, x in enumerate(hands[3], 1):
                out[base + x] = i
        base = at.hand_at + 3 * n + self.nsuits
        for i, x in enumerate(state.trick, 1):
            out[base + x] = i
        base = at.sizes_at
        for s in range(players):
            out[base + s] = len(hands[s])
        return out
