"""What one seat of Seven Prophecies sees, its redraw for search, and its observation tensor.

* :class:`Observation` and :func:`observation`: the seat's view (SP-INFO-1, SP-INFO-2);
* :func:`resample`: the state with everything the seat cannot see redrawn;
* :func:`encode_observation`: the view as a fixed-length tensor (layout in ``docs/games/seven-prophecies.md``),
  and :class:`TensorEncoder`, which writes the same tensor straight from a state.

>>> observation_size(Rules(players=3)), observation_size(Rules(players=4))
(561, 687)
"""

from __future__ import annotations

import array
import random
from typing import TYPE_CHECKING, Any

import attrs

from rulebook.core import render
from rulebook.core.contract import state_builder
from rulebook.core.encoding import I32, Buffer, BufferEncoder, seat_error, template
from rulebook.core.model import HIDDEN, Content, mask_hands
from rulebook.core.visibility import ALL, TEAM

from . import history
from .actions import OVER, PROPHECY, TRICK, Phase, _prophecy_legal
from .history import PlacedTrick, PlayedRound
from .rules import _SUIT, DECK, FOLLOW_FREE, FOLLOW_LED, FUTURE_FROM_TRICK, Rules

if TYPE_CHECKING:
    from .state import SevenPropheciesState

__all__ = [
    "Observation",
    "TensorEncoder",
    "encode_observation",
    "future_shown",
    "observation",
    "observation_size",
    "resample",
]


@attrs.frozen(slots=True)
class Observation:
    """What one seat sees (SP-INFO-1, SP-INFO-2): own hand and prophecy, and everything public."""

    seat: int
    players: int
    variant: str
    round: int
    start_player: int
    phase: Phase
    current_player: int | None
    leader: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    #: the 3-player face-up set-aside cards (SP-SETUP-5, SP-RULING-6)
    aside_up: tuple[int, ...]
    future: tuple[int, ...]
    #: cubes this seat has put on each place (its prophecy, or the part placed so far)
    own_prophecy: tuple[int, ...]
    #: per seat, the prophecy as revealed (cubes per place); ``()`` for other seats before the reveal
    prophecies: tuple[tuple[int, ...], ...]
    #: per seat, cubes left on each place card; ``()`` for other seats before the reveal
    remaining: tuple[tuple[int, ...], ...]
    #: per seat, cubes moved onto played cards this round
    cubes_placed: tuple[int, ...]
    #: the current trick: (seat, card) in play order
    trick: tuple[tuple[int, int], ...]
    #: the tricks finished this round, as :class:`~rulebook.games.seven_prophecies.PlacedTrick` records
    round_tricks: tuple[PlacedTrick, ...]
    points: tuple[int, ...]
    successes: tuple[int, ...]
    #: per finished round: (tricks played, seats that fulfilled the seven prophecies)
    rounds_played: tuple[tuple[int, tuple[int, ...]], ...]
    #: every round before the current one as it was played, kept for perfect recall (SP-INFO-1)
    earlier_rounds: tuple[PlayedRound, ...]
    #: under ``visible.hands = all`` (SP-INFO-4) every seat's hand, in seat order; else ``()``
    open_hands: tuple[tuple[int, ...], ...] = ()
    #: under ``visible.hands = team`` (SP-INFO-5) the hand of the seat's partner; else ``()``
    partner_hand: tuple[int, ...] = ()
    #: under ``visible.future = from:trick`` (SP-INFO-3) the future cards still face down, after ``future``
    future_face_down: int = 0

    def __str__(self) -> str:
        """What this seat sees, as text (:func:`rulebook.core.render.observation_text`)."""
        return render.observation_text(self)

    def _repr_svg_(self) -> str:
        """What this seat sees, as SVG for Jupyter (:func:`rulebook.core.render.observation_svg`)."""
        return render.observation_svg(self)


def check_seat(state: SevenPropheciesState, seat: object) -> int:
    """``seat`` if it is a seat of ``state``'s game (an ``int`` 0..P-1), else ``ValueError``."""
    n = state.rules.players
    if type(seat) is not int or not 0 <= seat < n:
        raise ValueError(f"seat {seat!r} is not a seat of this {n}-player game (seats are the ints 0..{n - 1})")
    return seat


def future_shown(state: SevenPropheciesState) -> int:
    """How many cards of the current future row every seat sees: all of them in the printed game;
    under ``visible.future = from:trick`` (SP-INFO-3) those of the tricks started so far, and the
    whole row once the round is over (SP-RULING-14)."""
    future = state.info.future
    if state.rules.visible["future"] != FUTURE_FROM_TRICK or state.phase == OVER:
        return len(future)
    if state.phase == PROPHECY:
        return 0
    return len(state._round_tricks) + 1


def observation(state: SevenPropheciesState, seat: int) -> Observation:
    """Seat's view (SP-INFO-1, SP-INFO-2, SP-INFO-3, SP-INFO-4, SP-RULING-5, SP-RULING-6)."""
    seat = check_seat(state, seat)
    n = state.rules.players
    hidden = state.phase == PROPHECY and state.rules.secret_prophecy  # SP-PROPH-3: open prophecies
    prophecies = tuple(p if (s == seat or not hidden) else () for s, p in enumerate(state.prophecies))
    remaining = tuple(c if (s == seat or not hidden) else () for s, c in enumerate(state.cubes))
    leader = state.leader
    return Observation(
        seat=seat,
        players=n,
        variant=state.rules.variant,
        round=state.round,
        start_player=state.start,
        phase=state.phase,
        current_player=state.to_act,
        leader=leader,
        hand=state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        aside_up=state.aside_up,
        future=state.future if state.rules.visible.printed else state.future[: future_shown(state)],
        own_prophecy=state.prophecies[seat],
        prophecies=prophecies,
        remaining=remaining,
        cubes_placed=state.placed,
        trick=tuple(((leader + i) % n, c) for i, c in enumerate(state.trick)),
        round_tricks=history.round_tricks(state),
        points=state.points,
        successes=state.successes,
        rounds_played=history.ends(state),
        earlier_rounds=history.earlier(state),
        open_hands=state.hands if state.rules.visible["hands"] == ALL else (),
        partner_hand=state.hands[(seat + 2) % n] if state.rules.visible["hands"] == TEAM else (),  # SP-INFO-5
        future_face_down=len(state.future) - future_shown(state),
    )


# -- resampling -----------------------------------------------------------------------


def resample(state: SevenPropheciesState, seat: int, rng: random.Random) -> SevenPropheciesState:
    """Redraw what ``seat`` cannot see: other hands (unless every hand is open, SP-INFO-4; not the
    partner's under ``visible.hands = team``, SP-INFO-5), the
    unseen set-aside cards, the future cards still face down (SP-INFO-3) and (before the reveal)
    other seats' prophecies. Known voids are kept (SP-PLAY-2).

    The hot path of a search (one call per determinization): the draws are those of
    ``rng.shuffle``, ``rng.choices`` and ``rng.choice`` in the order the redraw was first written
    with them, made here straight from ``rng.random`` where the generator's own methods are
    ``random.Random``'s (the same numbers drawn, the same cards dealt)."""
    seat = check_seat(state, seat)
    rules = state.rules
    n = rules.players
    visible = rules.visible
    sight = visible["hands"]
    if sight == ALL:
        others: list[int] = []
    else:
        others = [s for s in range(n) if s != seat]
        if sight == TEAM:  # SP-INFO-5: the partner (the seat facing, SP-END-7) is seen, so kept
            others.remove((seat + 2) % n)
    info = state.info
    future = info.future
    shown = len(future) if visible.printed else future_shown(state)
    hidden_future = future[shown:]
    hands = state.hands
    aside_down = info.aside_down
    # from a canonical order: the real arrangement must not show through
    pool = [c for s in others for c in hands[s]]
    pool += aside_down
    pool += hidden_future
    pool.sort()
    cls = type(rng)
    plain = cls.choices is _CHOICES and cls.choice is _CHOICE  # draws straight from rng.random
    keys = [*others, -1, -2]
    rooms = [len(hands[s]) for s in others]
    rooms += (len(aside_down), len(hidden_future))
    voids = _voids(state)
    # per suit: how many of ``others`` showed they lack it, and the keys that may take it
    lacking = [0] * 5
    allowed: list[list[int]] | None = None
    for s in others:
        for suit in voids[s]:
            lacking[suit] += 1
    if any(lacking):
        allowed = [[i for i, k in enumerate(keys) if k < 0 or suit not in voids[k]] for suit in range(5)]
    deal: list[list[int]] | None
    for _attempt in range(40):
        rng.shuffle(pool)
        deal = _assign(pool, keys, rooms, lacking, allowed, rng, plain)
        if deal is not None:
            dealt = list(hands)
            for i, s in enumerate(others):
                deal[i].sort()
                dealt[s] = tuple(deal[i])
            hands = tuple(dealt)
            down = deal[-2]
            down.sort()
            aside_down = tuple(down)
            future = future[:shown] + tuple(deal[-1])  # in the order drawn: a row, not a set
            break
    cubes = state.cubes
    prophecies = state.prophecies
    if state.phase == PROPHECY and rules.secret_prophecy:  # SP-PROPH-3: nothing hidden if open
        new = list(cubes)
        every, total = rules.every_place, rules.cubes
        for s in others:
            count = sum(cubes[s])
            own = (0,) * n
            if plain:
                choice = rng.choice
                for _ in range(count):  # one draw among the legal places, as rng.choice(legal) makes it
                    nexts = _PROPHECY_NEXT.get((n, every, total, own))
                    if nexts is None:
                        nexts = _prophecy_next(n, every, total, own)
                    own = choice(nexts)
            else:
                for _ in range(count):
                    p = rng.choice(_prophecy_legal(n, every, total, own)).place
                    own = tuple(v + 1 if i == p - 1 else v for i, v in enumerate(own))
            new[s] = own
        cubes = prophecies = tuple(new)
    # later rounds' deals are unknown to everybody: redraw them too (SP-INFO-1)
    setup = state.setup.resampled(rng)
    build = _BUILDERS.get((type(state), type(info)))
    if build is None:
        build = _builders(type(state), type(info))
    if build[0] is None:  # a class of other fields: attrs' own way
        info = attrs.evolve(info, aside_down=aside_down, future=future)
        return attrs.evolve(
            state, log=None, setup=setup, info=info, hands=tuple(hands), cubes=cubes, prophecies=prophecies
        )
    info = build[1](info.round, info.start, info.aside_up, aside_down, future, info.points, info.successes,
                    info.finished, info.logic)
    return build[0](  # type: ignore[no-any-return]
        rules, setup, None, info, hands, cubes, prophecies, state.placed, state.leader, state.trick,
        state._round_tricks, state.phase, state.to_act,
    )  # fmt: skip


_CHOICES = random.Random.choices
_CHOICE = random.Random.choice

#: the fields :func:`resample` builds a state and its ``info`` from, in their order
_STATE_FIELDS = ("rules", "setup", "log", "info", "hands", "cubes", "prophecies", "placed", "leader", "trick",
                 "_round_tricks", "phase", "to_act")
_INFO_FIELDS = ("round", "start", "aside_up", "aside_down", "future", "points", "successes", "finished", "logic")

#: (state class, info class) -> (the state's builder, the info's constructor), or ``(None, None)``
_BUILDERS: dict[tuple[type, type], tuple[Any, Any]] = {}


def _builders(state_cls: type, info_cls: type) -> tuple[Any, Any]:
    """How :func:`resample` builds its state (the engine's fast builder,
    :func:`~rulebook.core.contract.state_builder`) and its ``info`` (the constructor, positionally):
    ``(None, None)`` for classes with other fields, which ``attrs.evolve`` builds."""
    names = tuple(f.name for f in attrs.fields(state_cls))
    info_names = tuple(f.name for f in attrs.fields(info_cls))
    out: tuple[Any, Any] = (None, None)
    if names == _STATE_FIELDS and info_names == _INFO_FIELDS:
        try:
            out = (state_builder(state_cls), info_cls)
        except TypeError:  # a class the builder cannot build (init hooks, no slots, ...)
            pass
    _BUILDERS[state_cls, info_cls] = out
    return out


#: (players, every_place, cubes, own cubes so far) -> the own cubes after each legal prophecy action,
#: in the order of ``_prophecy_legal`` (SP-PROPH-1, SP-RULING-3, SP-RULING-4)
_PROPHECY_NEXT: dict[tuple[int, bool, int, tuple[int, ...]], tuple[tuple[int, ...], ...]] = {}


def _prophecy_next(players: int, every: bool, cubes: int, own: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    out = tuple(
        tuple(v + 1 if i == a.place - 1 else v for i, v in enumerate(own))
        for a in _prophecy_legal(players, every, cubes, own)
    )
    _PROPHECY_NEXT[players, every, cubes, own] = out
    return out


# -- the zones (rulebook.variants.zones: sights a variant sets beyond the engine's) ------


def zone_contents(state: SevenPropheciesState) -> tuple[Content, ...]:
    """SP-INFO-1: the zones that hold hidden or settable cards: each hand, and the set-aside cards (those
    laid face up with 3 players, SP-RULING-6, seen by all)."""
    out = [Content("hands", s, hand) for s, hand in enumerate(state.hands)]
    out.append(Content("aside", None, (*state.aside_up, *state.aside_down), (), state.aside_up))
    return tuple(out)


def with_zone_contents(state: SevenPropheciesState, contents: tuple[Content, ...]) -> SevenPropheciesState:
    """``state`` with the hands and the set-aside cards of ``contents`` (hands kept in order)."""
    hands = list(state.hands)
    info = state.info
    for c in contents:
        if c.zone == "hands":
            assert c.owner is not None
            hands[c.owner] = tuple(sorted(c.items))
        elif c.zone == "aside":
            info = attrs.evolve(info, aside_down=tuple(sorted(x for x in c.items if x not in info.aside_up)))
    return attrs.evolve(state, hands=tuple(hands), info=info)


def zone_forbidden(state: SevenPropheciesState, seat: int) -> dict[tuple[str, int | None], frozenset[int]]:
    """SP-PLAY-2, SP-PLAY-4: the cards a hand cannot hold, as play showed it (every card of a suit it did
    not follow)."""
    voids = _voids(state)
    return {("hands", s): frozenset(c for c in DECK.cards if _SUIT[c] in v) for s, v in enumerate(voids) if v}


def mask_observation(obs: Observation, hidden: tuple[tuple[str, int | None, int], ...]) -> Observation:
    """``obs`` with the hands' cards at the ``hidden`` places unseen, in the seat's own hand, the open hands
    and the partner's (SP-INFO-4, SP-INFO-5): each reads :data:`~rulebook.core.model.HIDDEN`."""
    return mask_hands(obs, hidden, (obs.seat + 2) % 4)  # type: ignore[no-any-return]


def _voids(state: SevenPropheciesState) -> list[set[int]]:
    """Per seat, the suits it showed it lacks by not following a future card (SP-PLAY-2), or the
    suit led (SP-PLAY-4); nothing under 'free' (SP-PLAY-3)."""
    rules = state.rules
    n = rules.players
    voids: list[set[int]] = [set() for _ in range(n)]
    if rules.follow == FOLLOW_FREE:
        return voids
    led = rules.follow == FOLLOW_LED
    future = state.future
    for t, (leader, cards, _p) in enumerate(state._round_tricks):
        suit = _SUIT[cards[leader]] if led else _SUIT[future[t]]
        for s, c in enumerate(cards):
            if _SUIT[c] != suit:
                voids[s].add(suit)
    if state.phase == TRICK and state.trick:
        suit = _SUIT[state.trick[0]] if led else _SUIT[future[len(state._round_tricks)]]
        for i, c in enumerate(state.trick):
            if _SUIT[c] != suit:
                voids[(state.leader + i) % n].add(suit)
    return voids


def _assign(
    pool: list[int], keys: list[int], rooms: list[int], lacking: list[int], allowed: list[list[int]] | None,
    rng: random.Random, plain: bool,
) -> list[list[int]] | None:
    """Give ``pool`` out to ``keys``: ``others`` (their hand sizes), then the unseen set-aside (-1) and
    the future cards not yet turned up (-2, SP-INFO-3), ``rooms`` cards each; ``None`` if a card finds
    no key that may hold it. ``lacking[suit]``: how many keys showed a void in it; ``allowed[suit]``:
    the indices of the keys that may take it (``None``: every key). Each card is one draw,
    ``rng.choices(holders, weights=rooms)`` (made straight from ``rng.random`` when ``plain``)."""
    room = rooms[:]
    out: list[list[int]] = [[] for _ in room]
    everyone = list(range(len(room)))
    # most constrained cards first (a stable order: the pool's among equals)
    top = max(lacking)
    if top:
        order: list[int] = []
        for v in range(top, -1, -1):
            order += [c for c in pool if lacking[_SUIT[c]] == v]
    else:
        order = pool
    draw = rng.random
    left = len(pool)  # with no void shown every key may take every card: the holders' room is the cards left
    for c in order:
        may = everyone if allowed is None else allowed[_SUIT[c]]
        if not plain:
            holders = [keys[i] for i in may if room[i]]
            if not holders:
                return None
            key = rng.choices(holders, weights=[room[keys.index(h)] for h in holders])[0]
            k = keys.index(key)
        else:
            if allowed is None:
                total = left
                left -= 1
            else:
                total = 0
                for i in may:
                    total += room[i]
                if not total:
                    return None
            x = draw() * total
            acc = 0
            k = 0
            for i in may:  # bisect over the holders' running sums, the last holder at most (as choices)
                r = room[i]
                if r:
                    acc += r
                    k = i
                    if x < acc:
                        break
        out[k].append(c)
        room[k] -= 1
    return out


# -- the observation tensor ---------------------------------------------------------------


def _layout(n: int, suits: int = 4) -> list[tuple[str, int]]:
    """The tensor's fields with their end offsets (see ``docs/games/seven-prophecies.md``): ``suits`` of 13
    cards each (SP-COMP-1; a fifth with five players, SP-RULING-17)."""
    c = 13 * suits
    sizes = [
        ("seat", n),
        ("current_player", n + 1),
        ("phase", 3),
        ("round", 1),
        ("tricks_done", 1),
        ("leader", n),
        ("hand", c),
        ("hand_sizes", n),
        ("future_suits", 10 * suits),
        ("future_cards", c),
        ("aside_up", c),
        ("played_by_seat", n * c),
        ("current_trick_by_seat", n * c),
        ("future_suit_now", suits),
        ("own_prophecy", n),
        ("revealed", 1),
        ("remaining", n * n),
        ("cubes_placed", n),
        ("last_trick_places", n * n),
        ("points", n),
        ("successes", n),
    ]
    out = []
    end = 0
    for name, size in sizes:
        end += size
        out.append((name, end))
    return out


_STARTS: dict[tuple[int, int], dict[str, int]] = {}


def _starts(n: int, suits: int = 4) -> dict[str, int]:
    """Each field's start offset in the tensor (and ``end``, its length), from ``_layout``."""
    starts = _STARTS.get((n, suits))
    if starts is None:
        starts = {}
        begin = 0
        for name, end in _layout(n, suits):
            starts[name] = begin
            begin = end
        starts["end"] = begin
        _STARTS[n, suits] = starts
    return starts


def observation_size(rules: Rules) -> int:
    """The length of the observation tensor under ``rules``."""
    return _layout(rules.players, rules.suit_count)[-1][1]


def encode_observation(rules: Rules, obs: Observation) -> tuple[int, ...]:
    """The fields of :class:`Observation` as one-hots and counts (see the docs page).

    Written straight into a zeroed list at the field offsets of ``_layout``
    (only the ones and counts are touched), so the cost follows the cards seen,
    not the tensor's length.
    """
    n = rules.players
    k = rules.suit_count
    at = _starts(n, k)
    out = [0] * at["end"]
    c = 13 * k

    def onehot(field: str, size: int, index: int | None) -> None:
        if index is not None and 0 <= index < size:
            out[at[field] + index] = 1

    onehot("seat", n, obs.seat)
    onehot("current_player", n + 1, n if obs.current_player is None else obs.current_player)
    onehot("phase", 3, obs.phase)
    out[at["round"]] = obs.round
    out[at["tricks_done"]] = len(obs.round_tricks)
    onehot("leader", n, obs.leader)
    base = at["hand"]
    for card in obs.hand:
        if card != HIDDEN:  # a card of its own hand a variant's sight hides from the seat
            out[base + card] = 1
    base = at["hand_sizes"]
    out[base : base + n] = obs.hand_sizes
    base = at["future_suits"]
    for i, card in enumerate(obs.future):
        out[base + k * i + _SUIT[card]] = 1
    base = at["future_cards"]
    for card in obs.future:
        out[base + card] = 1
    base = at["aside_up"]
    for card in obs.aside_up:
        out[base + card] = 1
    base = at["played_by_seat"]
    for done in obs.round_tricks:
        for seat, card in done.plays:
            out[base + int(seat) * c + card] = 1
    for seat, card in obs.trick:
        out[base + seat * c + card] = 1
    base = at["current_trick_by_seat"]
    for seat, card in obs.trick:
        out[base + seat * c + card] = 1
    if obs.phase == TRICK:
        out[at["future_suit_now"] + _SUIT[obs.future[len(obs.round_tricks)]]] = 1
    base = at["own_prophecy"]
    out[base : base + n] = obs.own_prophecy
    out[at["revealed"]] = int(obs.phase != PROPHECY)
    base = at["remaining"]
    for seat in range(n):
        row = obs.remaining[seat]
        if row:
            out[base + seat * n : base + seat * n + n] = row
    base = at["cubes_placed"]
    out[base : base + n] = obs.cubes_placed
    if obs.round_tricks:
        base = at["last_trick_places"]
        last = obs.round_tricks[-1]
        for (seat, _card), place in zip(last.plays, last.places):
            if 0 < place <= n:
                out[base + int(seat) * n + place - 1] = 1
    base = at["points"]
    out[base : base + n] = obs.points
    base = at["successes"]
    out[base : base + n] = obs.successes
    return tuple(out)


class TensorEncoder(BufferEncoder):
    """SP-INFO-1, SP-INFO-2. Reads ``info`` (public: round, aside_up, the future row, points,
    successes; never ``aside_down``), ``_round_tricks``, ``trick``, ``leader``, ``phase``,
    ``to_act``, ``placed``, ``hands`` (the seat's own and the others' lengths), ``prophecies``
    (the seat's own), ``cubes`` (the seat's own, the others' only after the reveal)."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.n = n = rules.players
        self.at = at = dict(_starts(n, rules.suit_count))  # a copy: the game keeps its own
        self.size = at["end"]
        self.suit = _SUIT
        self.prophecy = PROPHECY
        self.trick_phase = TRICK
        self.k = rules.suit_count
        self.c = 13 * rules.suit_count
        self.cache: tuple[Any, Any, Buffer | None] = (None, None, None)
        #: SP-INFO-3: the future row face down, each card turned up when its trick starts
        self.face_down = rules.visible["future"] == FUTURE_FROM_TRICK

    def public(self, info: Any, round_tricks: Any) -> Buffer:
        at, n, c, suit = self.at, self.n, self.c, self.suit
        ones: list[int] = []
        where = [at["round"], at["tricks_done"]]
        values = [info.round, len(round_tricks)]
        future = info.future[: len(round_tricks)] if self.face_down else info.future
        base = at["future_suits"]
        ones += [base + self.k * i + suit[x] for i, x in enumerate(future)]
        base = at["future_cards"]
        ones += [base + x for x in future]
        base = at["aside_up"]
        ones += [base + x for x in info.aside_up]
        base = at["played_by_seat"]
        for _, cards, _ in round_tricks:
            ones += [base + s * c + x for s, x in enumerate(cards)]
        if round_tricks:
            base = at["last_trick_places"]
            last = round_tricks[-1][2]
            ones += [base + s * n + last[s] - 1 for s in range(n) if 0 < last[s] <= n]
        where += range(at["points"], at["points"] + n)
        values += info.points
        where += range(at["successes"], at["successes"] + n)
        values += info.successes
        return template(self.size, ones, where, values)

    def __call__(self, state: Any, seat: int) -> Buffer:
        n = self.n
        if type(seat) is not int or not 0 <= seat < n:
            seat_error(state, seat)
        info, round_tricks = state.info, state._round_tricks
        key_info, key_tricks, buffer = self.cache
        if key_info is not info or key_tricks is not round_tricks or buffer is None:
            buffer = self.public(info, round_tricks)
            self.cache = (info, round_tricks, buffer)
        out = buffer[:]
        at, c = self.at, self.c
        phase = state.phase
        player = state.to_act
        out[at["seat"] + seat] = 1
        out[at["current_player"] + (n if player is None else player)] = 1
        if 0 <= phase < 3:
            out[at["phase"] + phase] = 1
        leader = state.leader
        if 0 <= leader < n:
            out[at["leader"] + leader] = 1
        base = at["hand"]
        for x in state.hands[seat]:
            out[base + x] = 1
        played, current = at["played_by_seat"], at["current_trick_by_seat"]
        for i, x in enumerate(state.trick):
            s = (leader + i) % n
            out[played + s * c + x] = 1
            out[current + s * c + x] = 1
        if phase == self.trick_phase:
            out[at["future_suit_now"] + self.suit[state.info.future[len(round_tricks)]]] = 1
        if self.face_down and phase != self.prophecy:  # SP-INFO-3, SP-RULING-14: the cards turned up since
            future = state.info.future
            done = len(round_tricks)
            for i in range(done, done + 1 if phase == self.trick_phase else len(future)):
                out[at["future_suits"] + self.k * i + self.suit[future[i]]] = 1
                out[at["future_cards"] + future[i]] = 1
        revealed = phase != self.prophecy
        if revealed:
            out[at["revealed"]] = 1
        base = at["hand_sizes"]
        for s, h in enumerate(state.hands):
            out[base + s] = len(h)
        base = at["own_prophecy"]
        for s, v in enumerate(state.prophecies[seat]):
            out[base + s] = v
        base = at["remaining"]
        shown = revealed or not state.rules.secret_prophecy  # SP-PROPH-3
        for s, row in enumerate(state.cubes):
            if (s == seat or shown) and row:
                out[base + s * n : base + s * n + n] = array.array(I32, row)
        base = at["cubes_placed"]
        for s, v in enumerate(state.placed):
            out[base + s] = v
        return out
