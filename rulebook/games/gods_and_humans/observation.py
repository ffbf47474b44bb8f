"""What a seat sees of a gods-and-humans position, the redraw of what it cannot see, and
the observation tensor (its layout, the reference encoding and the fast ``TensorEncoder``).
"""

from __future__ import annotations

import array
import random
from collections import Counter
from typing import TYPE_CHECKING, Any

import attrs

from rulebook.core import render
from rulebook.core.contract import state_builder
from rulebook.core.encoding import I32, Buffer, BufferEncoder, seat_error
from rulebook.core.history import TrickRecord
from rulebook.core.visibility import ALL

# FORCED, GIVE, ORACLE, OVER and DECK re-exported: the old encoder of rulebook.adapters.tensors reads them here
from .actions import FORCED as FORCED
from .actions import GIVE as GIVE
from .actions import ORACLE as ORACLE
from .actions import OVER as OVER
from .actions import PHASES, Phase
from .history import DealResult, Intervention, _by_seat, deal_tricks
from .rules import _SUIT, ORACLES_FROM_HANDOVER, Rules
from .rules import DECK as DECK

if TYPE_CHECKING:
    from .state import GodsState

__all__ = [
    "ForcedView",
    "Observation",
    "SeenIntervention",
    "TensorEncoder",
    "encode_observation",
    "observation",
    "observation_size",
    "resample",
]


@attrs.frozen(slots=True)
class SeenIntervention:
    """An intervention as one seat sees it: hidden cards are -1 (GH-INFO-1, GH-RULING-5).

    ``cards[k]`` went to seat ``to[k]``.
    """

    gap: int
    god: int
    cards: tuple[int, ...]
    from_field: tuple[bool, ...]
    to: tuple[int, ...]


@attrs.frozen(slots=True)
class ForcedView:
    """The forced intervention of the deal as one seat sees it (GH-FORCED-2, GH-RULING-5)."""

    gap: int
    #: seats of the gods who intervene (or intervened) in it
    gods: tuple[int, ...]
    #: cards laid face down so far (all gods together)
    laid: int
    #: the cards this seat laid, to the humans in seat order (gods only)
    own: tuple[int, ...]
    #: per seat, the cards a human received once revealed, sorted; () when not seen (and for gods)
    received: tuple[tuple[int, ...], ...]
    revealed: bool


@attrs.frozen(slots=True)
class Observation:
    """What one seat sees (GH-INFO-1, GH-INFO-2, GH-INFO-3), with recall of the deal.

    Every per-player tuple is indexed by seat.
    """

    seat: int
    players: int
    deal: int
    humans: tuple[int, ...]
    gods: tuple[int, ...]
    #: per seat, the icon of a human's mark (-1 for gods)
    marks: tuple[int, ...]
    hand: tuple[int, ...]
    #: per seat, every human's hand (seen by gods only: () for a human observer; () at god seats)
    human_hands: tuple[tuple[int, ...], ...]
    #: per seat, the number of cards held
    hand_sizes: tuple[int, ...]
    field: tuple[int, ...]
    #: per seat, a human's oracle number, or -1 when not chosen, not seen, or a god
    oracle: tuple[int, ...]
    #: per seat, its partner's seat, or -1 when not seen (or the lone human)
    partners: tuple[int, ...]
    #: seat of the lone human when known, else -1 (the first one when there are several, GH-ROLE-4)
    lone: int
    phase: Phase
    current_player: int | None
    #: seat of the current trick's leader
    leader: int
    #: the current trick: (seat, card) in play order
    trick: tuple[tuple[int, int], ...]
    #: the finished tricks of this deal
    tricks: tuple[TrickRecord, ...]
    #: per seat, tricks won this deal (0 for gods)
    won: tuple[int, ...]
    #: god seats that have not intervened yet this deal
    waiting: tuple[int, ...]
    #: god seats still to be asked at this gap
    asking: tuple[int, ...]
    #: (gap, god seat) of every "pass" this deal
    passes: tuple[tuple[int, int], ...]
    interventions: tuple[SeenIntervention, ...]
    #: the voluntary intervention in progress, if any
    giving: SeenIntervention | None
    forced: ForcedView | None
    scores: tuple[int, ...]
    past: tuple[DealResult, ...]
    #: seats of every lone human when known, else () (GH-PAIR-3, GH-ROLE-4)
    lones: tuple[int, ...] = ()
    #: under ``visible.hands = all`` (GH-INFO-5) every seat's hand, in seat order; else ``()``
    open_hands: tuple[tuple[int, ...], ...] = ()
    #: GH-RULING-23: the cards a variant's step took out of the deal this deal, as (the human they came from,
    #: the card, or -1 where this seat did not see it: only the gods and that human did)
    out_of_deal: tuple[tuple[int, int], ...] = ()

    def __str__(self) -> str:
        """What this seat sees, as text (:func:`rulebook.core.render.observation_text`)."""
        return render.observation_text(self)

    def _repr_svg_(self) -> str:
        """What this seat sees, as SVG for Jupyter (:func:`rulebook.core.render.observation_svg`)."""
        return render.observation_svg(self)


def _check_seat(state: GodsState, seat: object) -> int:
    """``seat`` if it is a seat of this game (an ``int``, not a bool), else ``ValueError``."""
    players = state.rules.players
    if type(seat) is not int or not 0 <= seat < players:
        raise ValueError(f"seat must be an int in 0..{players - 1}, not {seat!r}")
    return seat


def observation(state: GodsState, seat: int) -> Observation:
    """What ``seat`` sees (GH-INFO-1 for humans, GH-INFO-2 for gods, GH-RULING-5)."""
    _check_seat(state, seat)
    players = state.rules.players
    f, gaps = state.board[0], state.board[1]
    humans, gods = f.humans, f.gods
    phase = state.phase
    over = phase == OVER
    is_god = seat in gods
    me = gods.index(seat) if is_god else humans.index(seat)
    lones = state._lones
    handed = phase != ORACLE  # GH-ORACLE-2: the oracle cards have been handed over
    oracle = f.oracle
    pair = f.pair
    if over or (handed and _oracles_up(state)):  # GH-INFO-3; GH-INFO-7
        seen_oracle = oracle
    elif is_god:
        seen_oracle = tuple(
            -1 if k in lones else (v if handed or k == pair[me] else -1) for k, v in enumerate(oracle)
        )
    else:
        seen_oracle = tuple(v if k == me and handed else -1 for k, v in enumerate(oracle))
    shown = _shown(state, "pairing")  # GH-INFO-6: the pairing told to every player
    partners = state.partners if is_god or over or shown else (-1,) * players
    seen_lones = tuple(humans[i] for i in lones) if is_god or handed or shown else ()
    seen_lone = seen_lones[0] if seen_lones else -1
    interventions = tuple(_seen(r, is_god, me) for r in gaps.gifts if not r.forced)
    giving = None
    if phase == GIVE:
        giving = _seen(
            Intervention(
                len(state.board[4]), gods[gaps.giver], False, gaps.gift, gaps.gift_src, humans[: len(gaps.gift)]
            ),
            is_god,
            me,
        )
    return Observation(
        seat=seat,
        players=players,
        deal=f.deal,
        humans=humans,
        gods=gods,
        marks=state.marks,
        hand=state.hands[seat],
        # GH-RULING-13: gods see every human's hand
        human_hands=tuple(state.hands[s] if s not in gods else () for s in range(players)) if is_god else (),
        hand_sizes=tuple(map(len, state.hands)),
        field=gaps.field,
        oracle=_by_seat(players, humans, seen_oracle, -1),
        partners=partners,
        lone=seen_lone,
        lones=seen_lones,
        phase=phase,
        current_player=state.current_player,
        leader=state.leader,
        trick=state.trick,
        tricks=deal_tricks(state),
        won=state.won,
        waiting=state.waiting,
        asking=state.asking,
        passes=gaps.passes,
        interventions=interventions,
        giving=giving,
        forced=_forced_view(state, seat, is_god, me),
        scores=f.totals,
        past=f.past,
        open_hands=tuple(state.hands) if _shown(state, "hands") else (),  # GH-INFO-5
        out_of_deal=tuple((s, c if is_god or s == seat or _shown(state, "hands") else -1) for c, s in gaps.aside),
    )


def _oracles_up(state: GodsState) -> bool:
    """Whether every oracle card is face up once handed over (``visible.oracles = from:handover``, GH-INFO-7)."""
    visible = state.rules.visible
    return not visible.printed and visible["oracles"] == ORACLES_FROM_HANDOVER


def _shown(state: GodsState, element: str) -> bool:
    """Whether ``element`` is shown to every seat: every hand face up (``visible.hands = all``,
    GH-INFO-5), the pairing told to all (``visible.pairing = all``, GH-INFO-6)."""
    visible = state.rules.visible
    return not visible.printed and visible[element] == ALL


def _seen(record: Intervention, is_god: bool, me: int) -> SeenIntervention:
    """GH-RULING-5: field cards are seen by all; hand cards by gods and the receiver."""
    cards = tuple(
        c if f or is_god or i == me else -1 for i, (c, f) in enumerate(zip(record.cards, record.from_field))
    )
    return SeenIntervention(record.gap, record.god, cards, record.from_field, record.to)


def _forced_view(state: GodsState, seat: int, is_god: bool, me: int) -> ForcedView | None:
    f, gaps = state.board[0], state.board[1]
    records = [r for r in gaps.gifts if r.forced]
    humans = f.humans
    h = len(humans)
    if state.phase == FORCED:
        gap = len(state.board[4])
        gods = tuple(r.god for r in records) + tuple(f.gods[j] for j in gaps.waiting)
        laid = len(records) * h + len(gaps.gift)
        own: tuple[int, ...] = ()
        if is_god:
            own = next((r.cards for r in records if r.god == seat), gaps.gift if gaps.giver == me else ())
        return ForcedView(gap, gods, laid, own, ((),) * state.rules.players, False)
    if not records:
        return None
    received = tuple(
        tuple(sorted(r.cards[i] for r in records)) if is_god or i == me else () for i in range(h)
    )
    own = next((r.cards for r in records if r.god == seat), ())
    return ForcedView(
        records[0].gap, tuple(r.god for r in records), len(records) * h, own,
        _by_seat(state.rules.players, humans, received, ()), True,
    )


def resample(state: GodsState, seat: int, rng: random.Random) -> GodsState:
    """A state ``seat`` cannot tell from this one, with what it cannot see redrawn (GH-INFO-4).

    Redrawn: the cards it has not seen (other hands unless every hand is open, GH-INFO-5;
    face-down cards), respecting
    every colour a human has shown it lacks; which forced card came from which god;
    the oracle numbers and partners hidden from it; and the later deals.
    """
    _check_seat(state, seat)
    f, gaps = state.board[0], state.board[1]
    humans, gods = f.humans, f.gods
    h, g = len(humans), len(gods)
    giver, lones, done = gaps.giver, state._lones, state.board[4]
    is_god = seat in gods
    me = gods.index(seat) if is_god else humans.index(seat)
    phase = state.phase
    open_ = _shown(state, "hands")  # GH-INFO-5: no hand is hidden, only the face-down cards, pairing and oracles
    paired = _shown(state, "pairing")  # GH-INFO-6: the pairing is not redrawn
    up = _oracles_up(state)  # GH-INFO-7: after the handover no oracle card is redrawn
    pair = list(f.pair)
    oracle = list(f.oracle)
    if phase != OVER:
        if is_god:
            if phase == ORACLE:
                for j in range(giver):
                    if j != me:
                        oracle[pair[j]] = rng.randrange(6)
            elif not up:
                for lone in lones:
                    if oracle[lone] >= 0:
                        oracle[lone] = rng.randrange(6)
        elif phase == ORACLE:
            if not paired:
                pair.sort()  # canonical order first: the real pairing must not show through
                rng.shuffle(pair)
            oracle = [-1] * h
            for j in range(giver):
                oracle[pair[j]] = rng.randrange(6)
        elif not paired:
            head = sorted(pair[:g])
            rng.shuffle(head)
            pair[:g] = head
        if not is_god and phase != ORACLE and not up:
            for k in range(h):
                if k != me and oracle[k] >= 0:
                    oracle[k] = rng.randrange(6)
    # the cards hidden from this seat, each with the colours it may have
    slots: list[int] = []
    masks: list[int] = []
    pending = phase == FORCED
    if is_god:
        for j, s in enumerate(gods):
            if j != me and not open_:
                slots.extend(state.hands[s])
        if pending:
            for r in gaps.gifts:
                if r.forced and r.god != seat:
                    slots.extend(r.cards)
            if giver != me:
                slots.extend(gaps.gift)
        masks = [15] * len(slots)
    else:
        records = list(gaps.gifts)
        if phase == GIVE:
            records.append(
                Intervention(len(done), gods[giver], False, gaps.gift, gaps.gift_src, humans[: len(gaps.gift)])
            )
        for k, s in enumerate(humans):
            if k == me or open_:
                continue
            entry: dict[int, int] = {}
            known: set[int] = set()
            for r in records:
                if (r.forced and pending) or k >= len(r.cards):
                    continue
                entry[r.cards[k]] = r.gap
                if r.from_field[k]:
                    known.add(r.cards[k])
            voids = _voids(state, k)
            mine: list[tuple[int, int, int]] = []
            for c in state.hands[s]:
                if c in known:
                    continue
                e = entry.get(c, 0)
                mask = 15
                for trick_index, suit in voids:
                    if trick_index >= e:
                        mask &= ~(1 << suit)
                mine.append((mask, e, c))
            # slots in an order the seat could know (colours allowed, gap received), not by the real cards
            mine.sort(key=lambda mec: (mec[0], mec[1]))
            slots.extend(c for _, _, c in mine)
            masks.extend(m for m, _, _ in mine)
        for s in gods if not open_ else ():
            slots.extend(state.hands[s])
            masks.extend([15] * len(state.hands[s]))
        if pending:
            for r in gaps.gifts:
                if r.forced:
                    slots.extend(r.cards)
                    masks.extend([15] * h)
            slots.extend(gaps.gift)
            masks.extend([15] * len(gaps.gift))
    # GH-RULING-23: a card taken out of the deal is seen by the gods and the human it came from only
    if not is_god and not open_:
        out = [c for c, s in gaps.aside if s != seat]
        slots.extend(out)
        masks.extend([15] * len(out))
    new = _assign(masks, slots, rng)
    sub = dict(zip(slots, new))
    get = sub.get
    hands = tuple(tuple(sorted([get(c, c) for c in hand])) for hand in state.hands)
    gifts = []
    for r in gaps.gifts:
        cards = tuple([get(c, c) for c in r.cards])
        gifts.append(r if cards == r.cards else attrs.evolve(r, cards=cards))
    gift = tuple([get(c, c) for c in gaps.gift])
    if not pending:
        # which god laid which forced card is seen by nobody but that god
        rows = [i for i, r in enumerate(gifts) if r.forced and r.god != seat]
        if len(rows) > 1:
            columns = [[gifts[i].cards[k] for i in rows] for k in range(h)]
            for col in columns:
                col.sort()
                rng.shuffle(col)
            for n, i in enumerate(rows):
                gifts[i] = attrs.evolve(gifts[i], cards=tuple(col[n] for col in columns))
    # the later deals are unknown to everybody, and an explicit deal (even the current
    # one) would show every hidden card: a fresh seed and no explicit deals
    setup = state.setup.resampled(rng)
    aside = tuple((get(c, c), s) for c, s in gaps.aside)
    # the state rebuilt from its parts (as ``state._rebuild`` would, without its generic lookups)
    facts = type(f)(f.deal, humans, gods, f.marks, tuple(pair), tuple(oracle), f.trump, f.totals, f.past)
    gaps = type(gaps)(gaps.field, gaps.waiting, gaps.asking, giver, gift, gaps.gift_src, tuple(gifts), gaps.passes,
                      aside=aside)
    board = state.board
    leader = board[2]
    rebuilt: GodsState = _builder(type(state))(
        state.rules, setup, None, hands, phase, state.current_player, state.trick_cards,
        (facts, gaps, leader, board[3], done, humans[leader:] + humans[:leader]),
    )
    return rebuilt


#: the engine's builder of a state from its fields (``rulebook.core.contract.state_builder``), made once
_BUILDERS: dict[type, Any] = {}


def _builder(cls: type[GodsState]) -> Any:
    """:func:`~rulebook.core.contract.state_builder` of ``cls``, made on first use."""
    found = _BUILDERS.get(cls)
    if found is None:
        found = _BUILDERS[cls] = state_builder(cls)
    return found


def _voids(state: GodsState, k: int) -> list[tuple[int, int]]:
    """(trick index, colour) for every trick in which human ``k`` did not follow (GH-TRICK-2).

    With ``follow=free`` (GH-TRICK-6) a card shows nothing; with ``must_trump`` (GH-TRICK-7) a
    card neither of the led colour nor trump also shows the human holds no trump.
    """
    follow = state.rules.follow
    if follow == "free":
        return []
    trump = state.board[0].trump if follow == "must_trump" else None
    h = len(state.board[0].humans)
    out = []
    tricks = [(t[0], t[1:]) for t in state.board[4]]
    if state.trick_cards:
        tricks.append((state.board[2], state.trick_cards))
    for index, (leader, cards) in enumerate(tricks):
        pos = (k - leader) % h
        if 0 < pos < len(cards) and _SUIT[cards[pos]] != _SUIT[cards[0]]:
            out.append((index, _SUIT[cards[0]]))
            if trump is not None and _SUIT[cards[pos]] != trump:
                out.append((index, trump))
    return out


#: every non-empty set of the four colours, with its colours
_COLOUR_SETS = tuple((colours, tuple(s for s in range(4) if colours >> s & 1)) for colours in range(1, 16))


def _hall(counts: list[int], remaining: Counter[int]) -> bool:
    """Hall's condition: the cards of every set of colours fit the slots that accept one of them."""
    slots = [(m, n) for m, n in remaining.items() if n]
    for colours, suits in _COLOUR_SETS:
        need = 0
        for s in suits:
            need += counts[s]
        if need:
            room = 0
            for m, n in slots:
                if m & colours:
                    room += n
            if need > room:
                return False
    return True


def _assign(masks: list[int], cards: list[int], rng: random.Random) -> list[int]:
    """A random arrangement of ``cards`` over slots, slot ``i`` taking only colours in ``masks[i]``.

    The slots' current cards are one valid arrangement, so one always exists; the
    constrained slots are filled first, keeping Hall's condition after each choice.
    """
    by_suit: list[list[int]] = [[], [], [], []]
    for c in sorted(cards):  # from a canonical order, so the real arrangement never shows
        by_suit[_SUIT[c]].append(c)
    for pile in by_suit:
        rng.shuffle(pile)
    out = [0] * len(cards)
    constrained = [i for i, m in enumerate(masks) if m != 15]
    if constrained:
        rng.shuffle(constrained)
        constrained.sort(key=lambda i: bin(masks[i]).count("1"))
        counts = [len(p) for p in by_suit]
        remaining = Counter(masks)
        for i in constrained:
            m = masks[i]
            remaining[m] -= 1
            options = [s for s in range(4) if m >> s & 1 and counts[s]]
            rng.shuffle(options)
            options.sort(key=lambda s: -counts[s] * rng.random())
            for s in options:
                counts[s] -= 1
                if _hall(counts, remaining):
                    break
                counts[s] += 1
            else:  # pragma: no cover - the true arrangement exists
                raise AssertionError("GH-INFO-4: no arrangement of the hidden cards fits the shown voids")
            out[i] = by_suit[s].pop()
    rest = [c for pile in by_suit for c in pile]
    rng.shuffle(rest)
    free = (i for i, m in enumerate(masks) if m == 15)
    for i, c in zip(free, rest):
        out[i] = c
    return out


# -- the observation tensor ------------------------------------------------------------


def _encode_layout(rules: Rules) -> tuple[tuple[str, int], ...]:
    return _layout(rules.players, rules.deals)


def _layout(n: int, d: int) -> tuple[tuple[str, int], ...]:
    c = DECK.size
    return (
        ("seat", n),
        ("deal", d),
        ("gods", n),
        ("marks", 4 * 4),
        ("phase", len(PHASES)),
        ("current_player", n + 1),
        ("hand", c),
        ("human_hands", 4 * c),
        ("hand_sizes", n),
        ("field", c),
        ("oracle", 4 * 7),
        ("partners", 4 * 5),
        ("lone", 5),
        ("leader", 4),
        ("trick", 4 * c),
        ("played", 4 * c),
        ("won", 4),
        ("waiting", n),
        ("asking", n),
        ("passes", n),
        ("received", 4 * c),
        ("given", n * c),
        ("gap", n),
        ("forced", 3),
        ("scores", n),
        ("past_gods", d * n),
        ("past_points", d * n),
        ("past_oracle", d * 4),
        ("past_won", d * 4),
    )


_SIZES: dict[tuple[int, int], int] = {}


def _tensor_size(players: int, deals: int) -> int:
    """The tensor's length, which depends on the player and deal counts only (cached)."""
    size = _SIZES.get((players, deals))
    if size is None:
        size = _SIZES[players, deals] = sum(k for _, k in _layout(players, deals))
    return size


def observation_size(rules: Rules) -> int:
    """The length of the observation tensor (see :func:`_encode_layout`)."""
    return sum(size for _, size in _encode_layout(rules))


def encode_observation(rules: Rules, observation: Any) -> tuple[int, ...]:
    """The fields of :func:`_encode_layout`, in order (see the docs page for the table).

    Written into a zeroed list field by field (only ones and counts are
    stored), so no per-field rows are built.
    """
    obs: Observation = observation
    n, d, c = rules.players, rules.deals, DECK.size
    out = [0] * _tensor_size(n, d)
    pos = 0  # the next field's offset: every helper writes its field's nonzeros and moves on

    def onehot(size: int, index: int) -> None:
        nonlocal pos
        if 0 <= index < size:
            out[pos + index] = 1
        pos += size

    def cardset(cards: Any) -> None:
        nonlocal pos
        for x in cards:
            if x >= 0:
                out[pos + x] = 1
        pos += c

    def seatset(seats: Any) -> None:
        nonlocal pos
        for s in seats:
            out[pos + s] = 1
        pos += n

    def values(items: Any) -> None:
        nonlocal pos
        row = tuple(items)
        k = len(row)
        out[pos : pos + k] = row
        pos += k

    humans = obs.humans
    h = len(humans)
    index = {s: i for i, s in enumerate(humans)}  # seat -> human index (rows are by human index)
    onehot(n, obs.seat)
    onehot(d, obs.deal)
    seatset(obs.gods)
    for i in range(4):
        onehot(4, obs.marks[humans[i]] if i < h else -1)
    onehot(len(PHASES), obs.phase)
    onehot(n + 1, n if obs.current_player is None else obs.current_player)
    cardset(obs.hand)
    for i in range(4):
        cardset(obs.human_hands[humans[i]] if i < h and obs.human_hands else ())
    values(obs.hand_sizes)
    cardset(obs.field)
    for i in range(4):
        onehot(7, obs.oracle[humans[i]] + 1 if i < h else -1)
    gods = obs.gods
    for j in range(4):
        partner = obs.partners[gods[j]] if j < len(gods) else -2  # -1: unknown; -2: no such god
        onehot(5, index[partner] + 1 if partner >= 0 else partner + 1)
    lone_at = pos  # GH-ROLE-4: one bit per lone human (several with fewer gods)
    onehot(5, index[obs.lone] + 1 if obs.lone >= 0 else 0)
    for s in obs.lones[1:]:
        out[lone_at + index[s] + 1] = 1
    onehot(4, index[obs.leader])
    current = dict(obs.trick)
    for i in range(4):
        cardset((current[humans[i]],) if i < h and humans[i] in current else ())
    played: list[list[int]] = [[], [], [], []]
    for t in obs.tricks:
        for seat, card in t.plays:
            played[index[seat]].append(card)  # type: ignore[index]
    for i in range(4):
        cardset(played[i])
    values(obs.won[humans[i]] if i < h else 0 for i in range(4))
    seatset(obs.waiting)
    seatset(obs.asking)
    passes = [0] * n
    for _, god in obs.passes:
        passes[god] += 1
    values(passes)
    received: list[list[int]] = [[], [], [], []]
    given: list[list[int]] = [[] for _ in range(n)]
    gap = [0] * n
    seen = list(obs.interventions) + ([obs.giving] if obs.giving is not None else [])
    for r in seen:
        for i, card in enumerate(r.cards):
            received[i].append(card)
            given[r.god].append(card)
        if r is not obs.giving:
            gap[r.god] = r.gap + 1
    forced = obs.forced
    if forced is not None:
        for i in range(h):
            received[i].extend(forced.received[humans[i]])
        given[obs.seat].extend(forced.own)
        if forced.revealed:
            for s in forced.gods:
                gap[s] = forced.gap + 1
    for i in range(4):
        cardset(received[i])
    for s in range(n):
        cardset(given[s])
    values(gap)
    if forced is None:
        values((0, 0, 0))
    else:
        values((forced.gap + 1, forced.laid, 1 if forced.revealed else 0))
    values(obs.scores)
    results = list(obs.past) + [None] * (d - len(obs.past))
    for res in results:
        seatset(res.gods if res else ())
    for res in results:
        values(res.points if res else (0,) * n)
    people = [res.human_results if res else () for res in results]
    for rows in people:
        values((rows[i].oracle + 1 if i < len(rows) else 0) for i in range(4))
    for rows in people:
        values((rows[i].won if i < len(rows) else 0) for i in range(4))
    if pos != len(out):  # the layout and the writes disagree: a bug, never data
        raise AssertionError(f"gods-and-humans tensor: wrote {pos} of {len(out)} entries")
    return tuple(out)


class TensorEncoder(BufferEncoder):
    """The fast encoder: ``encoder(state, seat)`` is ``state.observation_tensor(seat)`` as a new
    ``array.array`` of 4-byte ints, written straight from the state (no ``Observation``).

    GH-INFO-1, GH-INFO-2, GH-INFO-3, GH-RULING-5, GH-RULING-13. Mirrors ``GodsState.observation``.

    The public template, rebuilt when ``board`` or ``phase`` changes, reads ``phase`` and of
    ``board``: ``facts.deal``, ``facts.gods``, ``facts.marks`` (the marks are face up,
    GH-PAIR-1), ``facts.totals`` and ``facts.past`` (finished deals are revealed, GH-INFO-3),
    ``leader``, ``won`` and ``done`` (the tricks are played face up) -- these in a part of
    their own, rebuilt about once per trick (not at each move of the gods' phases) --, and
    ``gaps.field`` (face up), ``gaps.waiting``, ``gaps.asking`` and ``gaps.passes`` (the
    answers are public); of
    the interventions (``gaps.gifts``, and ``gaps.gift``/``gaps.gift_src``/``gaps.giver``
    while a god gives) only each voluntary one's god, gap and the cards taken *from the field*
    (seen by all, GH-RULING-5); of the forced one only its gap, its gods and how many cards
    are laid (never which, GH-FORCED-2).

    The per-seat part reads ``current_player``, ``trick_cards`` (face up), ``hands`` (the
    seat's own; every human's hand if the seat is a god, GH-RULING-13; the others'
    *lengths*), ``facts.humans``/``facts.gods`` (to know the seat's role), and, by the rules
    of ``observation``: ``facts.oracle`` (all once the game is over; a god: every human's but
    the lone one's once handed over, before that only its partner's; a human: its own once
    handed over), ``facts.pair`` (the pairing and the lone human: gods, and everybody once the
    game is over; the lone human's index also for humans once the oracle cards are handed
    over), the voluntary interventions' hand cards (gods and the receiving human), the forced
    intervention's cards (while it is laid, only the god's own; once revealed, gods see every
    human's received cards and a human its own; a god also its own laid cards).
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.n = rules.players
        self.c = DECK.size
        at: dict[str, int] = {}
        pos = 0
        for name, k in _encode_layout(rules):
            at[name] = pos
            pos += k
        self.at = at
        self.size = pos
        self.oracle_phase, self.give, self.forced, self.over = ORACLE, GIVE, FORCED, OVER
        self.cache: tuple[Any, int, Buffer | None] = (None, -1, None)
        self.deal_cache: tuple[tuple[Any, ...], Buffer | None] = ((), None)

    def deal_part(self, facts: Any, leader: int, won: Any, done: Any) -> Buffer:
        """The part that changes once per trick: the deal, roles, marks, totals, past deals, tricks."""
        at, n, c = self.at, self.n, self.c
        out = array.array(I32, bytes(4 * self.size))
        h = len(facts.humans)
        out[at["deal"] + facts.deal] = 1
        base = at["gods"]
        for s in facts.gods:
            out[base + s] = 1
        base = at["marks"]
        for i, m in enumerate(facts.marks):
            out[base + 4 * i + m] = 1
        out[at["leader"] + leader] = 1
        base = at["played"]
        for first, *cards in done:
            for p, x in enumerate(cards):
                out[base + (first + p) % h * c + x] = 1
        base = at["won"]
        for i, w in enumerate(won):
            out[base + i] = w
        base = at["scores"]
        for s, v in enumerate(facts.totals):
            out[base + s] = v
        for k, res in enumerate(facts.past):
            base = at["past_gods"] + k * n
            for s in res.gods:
                out[base + s] = 1
            base = at["past_points"] + k * n
            for s, v in enumerate(res.points):
                out[base + s] = v
            base = at["past_oracle"] + 4 * k
            for i, v in enumerate(res._oracle):
                out[base + i] = v + 1
            base = at["past_won"] + 4 * k
            for i, v in enumerate(res._won):
                out[base + i] = v
        return out

    def public(self, board: Any, phase: int) -> Buffer:
        """The part every seat sees alike: ``deal_part`` (cached) with the gods' phases added."""
        facts, gaps, leader, won, done, _ = board
        key = (facts.gods, facts.marks, facts.totals, facts.past, won, done)
        was, base_part = self.deal_cache
        if (
            base_part is None
            or was[0] != facts.deal
            or was[1] != leader
            or any(a is not b for a, b in zip(was[2:], key, strict=True))
        ):
            base_part = self.deal_part(facts, leader, won, done)
            self.deal_cache = ((facts.deal, leader, *key), base_part)
        out = base_part[:]
        at, c = self.at, self.c
        gods = facts.gods
        h = len(facts.humans)
        out[at["phase"] + phase] = 1
        base = at["field"]
        for x in gaps.field:
            out[base + x] = 1
        base = at["waiting"]
        for j in gaps.waiting:
            out[base + gods[j]] = 1
        base = at["asking"]
        for j in gaps.asking:
            out[base + gods[j]] = 1
        base = at["passes"]
        for _, god in gaps.passes:
            out[base + god] += 1
        received, given, gap = at["received"], at["given"], at["gap"]
        records = []
        for r in gaps.gifts:
            if r.forced:
                records.append(r)
                continue
            for i, (x, from_field) in enumerate(zip(r.cards, r.from_field)):
                if from_field:  # GH-RULING-5: field cards are seen by all
                    out[received + i * c + x] = 1
                    out[given + r.god * c + x] = 1
            out[gap + r.god] = r.gap + 1
        if phase == self.give:
            god = gods[gaps.giver]
            for i, (x, from_field) in enumerate(zip(gaps.gift, gaps.gift_src)):
                if from_field:
                    out[received + i * c + x] = 1
                    out[given + god * c + x] = 1
        base = at["forced"]
        if phase == self.forced:
            out[base] = len(done) + 1
            out[base + 1] = len(records) * h + len(gaps.gift)
        elif records:
            out[base] = records[0].gap + 1
            out[base + 1] = len(records) * h
            out[base + 2] = 1
            for r in records:
                out[gap + r.god] = records[0].gap + 1
        return out

    def __call__(self, state: Any, seat: int) -> Buffer:
        n = self.n
        if type(seat) is not int or not 0 <= seat < n:
            seat_error(state, seat)
        board = state.board
        phase = state.phase
        key, was, template = self.cache
        if key is not board or was != phase or template is None:
            template = self.public(board, phase)
            self.cache = (board, phase, template)
        out = template[:]
        at, c = self.at, self.c
        facts, gaps = board[0], board[1]
        humans, gods = facts.humans, facts.gods
        h, g = len(humans), len(gods)
        is_god = seat in gods
        me = gods.index(seat) if is_god else humans.index(seat)
        over = phase == self.over
        handed = phase != self.oracle_phase  # GH-ORACLE-2: the oracle cards have been handed over
        pair = facts.pair
        lones = pair[g:]
        out[at["seat"] + seat] = 1
        player = state.current_player
        out[at["current_player"] + (n if player is None else player)] = 1
        hands = state.hands
        base = at["hand"]
        for x in hands[seat]:
            out[base + x] = 1
        if is_god:  # GH-RULING-13: gods see every human's hand
            base = at["human_hands"]
            for i, s in enumerate(humans):
                row = base + i * c
                for x in hands[s]:
                    out[row + x] = 1
        base = at["hand_sizes"]
        for s, hand in enumerate(hands):
            out[base + s] = len(hand)
        base = at["oracle"]
        for i, v in enumerate(facts.oracle):
            if over:  # GH-INFO-3
                seen = v
            elif is_god:
                seen = -1 if i in lones else (v if handed or i == pair[me] else -1)
            else:
                seen = v if i == me and handed else -1
            out[base + 7 * i + seen + 1] = 1
        base = at["partners"]
        if is_god or over:
            for j in range(g):
                out[base + 5 * j + pair[j] + 1] = 1
        else:
            for j in range(g):
                out[base + 5 * j] = 1
        if lones and (is_god or handed):
            for i in lones:  # GH-ROLE-4: one bit per lone human
                out[at["lone"] + i + 1] = 1
        else:
            out[at["lone"]] = 1
        base, leader = at["trick"], board[2]
        for p, x in enumerate(state.trick_cards):
            out[base + (leader + p) % h * c + x] = 1
        received, given = at["received"], at["given"]
        records = []
        for r in gaps.gifts:
            if r.forced:
                records.append(r)
                continue
            for i, (x, from_field) in enumerate(zip(r.cards, r.from_field)):
                if not from_field and (is_god or i == me):  # GH-RULING-5: hand cards
                    out[received + i * c + x] = 1
                    out[given + r.god * c + x] = 1
        if phase == self.give:
            god = gods[gaps.giver]
            for i, (x, from_field) in enumerate(zip(gaps.gift, gaps.gift_src)):
                if not from_field and (is_god or i == me):
                    out[received + i * c + x] = 1
                    out[given + god * c + x] = 1
        own: tuple[int, ...] = ()
        if phase == self.forced:  # face down: a god sees only the cards it laid
            if is_god:
                own = next((r.cards for r in records if r.god == seat), gaps.gift if gaps.giver == me else ())
        elif records:  # revealed: gods see what every human received, a human what it did
            own = next((r.cards for r in records if r.god == seat), ())
            for i in range(h):
                if is_god or i == me:
                    row = received + i * c
                    for r in records:
                        out[row + r.cards[i]] = 1
        base = given + seat * c
        for x in own:
            out[base + x] = 1
        return out

