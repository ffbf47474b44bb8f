"""Saru Tori Inu I: what one seat sees (ST-INFO-1), resampling what it cannot see, and the
observation tensor (the reference encoding and the fast :class:`TensorEncoder`)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import attrs

from rulebook.core import render
from rulebook.core.encoding import Buffer, BufferEncoder, seat_error, template
from rulebook.core.history import RoundRecord
from rulebook.core.model import HIDDEN, Content, mask_hands
from rulebook.core.visibility import ALL

from .actions import PAIR, Phase
from .history import RevealedMissions, revealed
from .rules import FACE_DOWN, MAX_STRENGTH, Rules, race_order
from .scoring import race_standing, score_colours

if TYPE_CHECKING:
    from .state import Board, SaruState

#: the tensor's layout: phases, the slots of one seat's play (strengths -2..MAX_STRENGTH),
#: and the slots per card
_PHASES = 4
_SHOWN = MAX_STRENGTH + 3
_LOC = 23

@attrs.frozen(slots=True)
class Observation:
    """What one seat sees (ST-INFO-1), with perfect recall of public events."""

    seat: int
    players: int
    race: int
    round: int
    phase: Phase
    current_player: int | None
    hand: tuple[int, ...]
    #: the seat's mission of this race (an index into ``rules.missions``; -1: none, ST-SCORE-5)
    mission: int
    hand_sizes: tuple[int, ...]
    #: per seat, cards everybody saw it take into its hand and not yet play face up
    known_in_hands: tuple[tuple[int, ...], ...]
    area: tuple[tuple[int, ...], ...]
    beneath: tuple[tuple[int, ...], ...]
    columns: tuple[int, ...]
    road: tuple[int, ...]
    positions: tuple[int, ...]
    acquired: tuple[tuple[int, ...], ...]
    removed: tuple[int, ...]
    order: tuple[int, ...]
    #: per seat, its played cards not yet placed that this seat can see
    plays: tuple[tuple[int, ...], ...]
    #: per seat: strength played or declared, -1 face down, -2 not (yet) played
    shown: tuple[int, ...]
    queue: tuple[int, ...]
    road_laid: bool
    totals: tuple[int, ...]
    #: per scored race, each seat's points and why (ST-SCORE-1..4), as in ``state.rounds``
    rounds: tuple[RoundRecord, ...]
    #: per scored race, each seat's mission (revealed at scoring, ST-SCORE-3)
    revealed: tuple[RevealedMissions, ...]
    #: per seat, the colour points of the race being run if it ended now (missions aside)
    race_standing: tuple[int, ...]
    #: under ``visible.hands = all`` (ST-INFO-2) every seat's hand, in seat order; else ``()``
    open_hands: tuple[tuple[int, ...], ...] = ()
    #: under ``visible.missions = all`` (ST-INFO-3) every seat's mission of this race; else ``()``
    open_missions: tuple[int, ...] = ()

    def __str__(self) -> str:
        """What this seat sees, as text (:func:`rulebook.core.render.observation_text`)."""
        return render.observation_text(self)

    def _repr_svg_(self) -> str:
        """What this seat sees, as SVG for Jupyter (:func:`rulebook.core.render.observation_svg`)."""
        return render.observation_svg(self)


def _check_seat(seat: object, players: int) -> None:
    """ST-INFO-1: only a real seat observes; anything else is a ``ValueError`` naming it."""
    if type(seat) is not int or not 0 <= seat < players:
        raise ValueError(f"seat must be an int 0..{players - 1} (a seat of this game), not {seat!r}")


def observation(state: SaruState, seat: int) -> Observation:
    """Seat's view (ST-INFO-1): own hand and mission; all face-up cards; hand sizes."""
    n = state.rules.players
    _check_seat(seat, n)
    race, rnd, missions, cols, order, queue, totals, _, _, _, records, _, _ = state.board
    area, road, pos, acquired, removed, known, laid = state.table
    hands, played, shown, _, beneath = state.plays
    visible = state.rules.visible
    hands_open = not visible.printed and visible["hands"] == ALL  # ST-INFO-2: face-down plays seen too
    missions_open = not visible.printed and visible["missions"] == ALL and state.to_act is not None  # ST-INFO-3
    plays = tuple(p if s == seat or hands_open or shown[s] != FACE_DOWN else () for s, p in enumerate(played))
    return Observation(
        seat, n, race, rnd, state.phase, state.to_act, hands[seat], missions[seat] if missions else -1,
        tuple(map(len, hands)),
        known, area, beneath, cols, road, pos, acquired, removed, order, plays, shown, queue, laid, totals,
        records, revealed(state), race_standing(state),
        hands if hands_open else (), tuple(missions) if missions_open else (),
    )


def resample(state: SaruState, seat: int, rng: random.Random) -> SaruState:
    """Redraw what ``seat`` cannot see: other hands' unknown cards, other seats'
    unrevealed face-down cards, and other seats' missions of this race (ST-INFO-1), each unless
    its visibility setting shows it (ST-INFO-2, ST-INFO-3).

    ST-RULING-19: the inference that a face-down player had no playable card is not used.
    """
    n = state.rules.players
    _check_seat(seat, n)
    visible = state.rules.visible
    others = [s for s in range(n) if s != seat]
    # ST-INFO-2: under open hands every hand and face-down play is seen: none to redraw
    holders = [] if not visible.printed and visible["hands"] == ALL else others
    known = state.table[5]
    old_hands, old_played, shown, used, beneath = state.plays
    hidden: list[int] = []
    sizes = []
    for s in holders:
        held0 = old_hands[s] + (old_played[s] if shown[s] == FACE_DOWN else ())
        unknown = [c for c in held0 if c not in known[s]]
        hidden.extend(unknown)
        sizes.append(len(unknown))
    hidden.sort()  # from a canonical order: the real arrangement must not show through
    rng.shuffle(hidden)
    hands = list(old_hands)
    played = list(old_played)
    at = 0
    for s, k in zip(holders, sizes):
        held: list[int] = [*known[s], *hidden[at : at + k]]
        at += k
        if shown[s] == FACE_DOWN and old_played[s]:
            down = held.pop(rng.randrange(len(held)))
            played[s] = (down,)
        hands[s] = tuple(sorted(held))
    pair = state.to_act if state.phase == PAIR and state.to_act != seat else None
    if pair is not None and not _second_above(hands[pair], played[pair]):
        return resample(state, seat, rng)  # ST-PLAY-4: the pair's second card is above its first: redraw
    missions = list(state.board[2])
    if state.to_act is not None and missions and visible["missions"] != ALL:  # ST-SCORE-5; ST-INFO-3
        pool = [m for m in range(len(state.rules.missions)) if m != missions[seat]]
        rng.shuffle(pool)
        for i, s in enumerate(others):
            missions[s] = pool[i]
    b = state.board
    board: Board = (b[0], b[1], tuple(missions), b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12])
    # later races' deals are unknown to everybody: redraw them too (ST-INFO-1)
    setup = state.setup.resampled(rng)
    plays = (tuple(hands), tuple(played), shown, used, beneath)
    return attrs.evolve(state, log=None, setup=setup, board=board, plays=plays)

# -- the zones (rulebook.variants.zones: sights a variant sets beyond the engine's) ------


def zone_contents(state: SaruState) -> tuple[Content, ...]:
    """ST-INFO-1: each hand, followed by the card its player laid face down this round and has not yet put
    beneath a column (ST-PLAY-3; ST-RULING-27: the hand's sight covers it; a card played face up is
    public); the cards every seat saw it take into its hand (ST-RES-5) are seen by all."""
    hands, played, shown, _, _ = state.plays
    known = state.table[5]
    return tuple(Content("hands", s, hand + played[s] if shown[s] == FACE_DOWN else hand, (), known[s])
                 for s, hand in enumerate(hands))


def with_zone_contents(state: SaruState, contents: tuple[Content, ...]) -> SaruState:
    """``state`` with the hands and face-down plays of ``contents``: each hand's first cards (as many as it
    holds, sorted) and then its face-down card."""
    hands, played, shown, used, beneath = state.plays
    new_hands = list(hands)
    new_played = list(played)
    for c in contents:
        if c.zone == "hands":
            assert c.owner is not None
            k = len(hands[c.owner])
            new_hands[c.owner] = tuple(sorted(c.items[:k]))
            if shown[c.owner] == FACE_DOWN:
                new_played[c.owner] = c.items[k:]
    return attrs.evolve(state, plays=(tuple(new_hands), tuple(new_played), shown, used, beneath))


def zone_valid(state: SaruState) -> bool:
    """ST-PLAY-4: a seat choosing the second card of its declaration holds a card above the first."""
    if state.phase != PAIR or state.to_act is None:
        return True
    return _second_above(state.plays[0][state.to_act], state.plays[1][state.to_act])


def _second_above(hand: tuple[int, ...], chosen: tuple[int, ...]) -> bool:
    """ST-PLAY-4: a hand that has picked the first card ``chosen`` of its declaration holds one above it."""
    return len(chosen) != 1 or max(hand, default=-1) > chosen[0]


def mask_observation(obs: Observation, hidden: tuple[tuple[str, int | None, int], ...]) -> Observation:
    """``obs`` with the hands' cards at the ``hidden`` places unseen, in the seat's own hand and the open
    hands (ST-INFO-2), and a face-down card there among the plays: each reads
    :data:`~rulebook.core.model.HIDDEN`."""
    masked: Observation = mask_hands(obs, hidden)
    down: dict[int, set[int]] = {}
    for zone, owner, index in hidden:
        if zone == "hands" and owner is not None and index >= obs.hand_sizes[owner]:
            down.setdefault(owner, set()).add(index - obs.hand_sizes[owner])
    if not down:
        return masked
    plays = tuple(tuple(HIDDEN if i in down.get(s, ()) else c for i, c in enumerate(p))
                  for s, p in enumerate(obs.plays))
    return attrs.evolve(masked, plays=plays)


# -- the observation tensor ------------------------------------------------------------------


def observation_size(rules: Rules) -> int:
    """The length of the observation tensor under ``rules`` (see the docs page's table)."""
    return (
        4 + 5 + 4 + 8 + _PHASES + rules.deck_size * _LOC + 4 + 16 + 4 + 4 * _SHOWN + len(rules.missions) + 4 + 1 + 4
        + 4
    )


def encode_observation(rules: Rules, observation: Any) -> tuple[int, ...]:
    """See the docs page's table: one-hots and counts, built from the observation only."""
    o: Observation = observation
    out = [0] * observation_size(rules)
    out[o.seat] = 1
    out[4 + (4 if o.current_player is None else o.current_player)] = 1
    out[9 + o.race] = 1
    out[13 + min(o.round, 7)] = 1
    out[21 + o.phase] = 1
    base = 25
    for c in o.hand:
        if c != HIDDEN:  # a card of its own hand a variant's sight hides from the seat
            out[base + c * _LOC] = 1
    for s, cards in enumerate(o.known_in_hands):
        for c in cards:
            out[base + c * _LOC + 1 + s] = 1
    for k, col in enumerate(o.area):
        for c in col:
            out[base + c * _LOC + 5 + k] = 1
    for k, col in enumerate(o.beneath):
        for c in col:
            out[base + c * _LOC + 9 + k] = 1
    for c in o.road:
        out[base + c * _LOC + 13] = 1
    for s, cards in enumerate(o.acquired):
        for c in cards:
            out[base + c * _LOC + 14 + s] = 1
    for c in o.removed:
        out[base + c * _LOC + 18] = 1
    for s, cards in enumerate(o.plays):
        if s != o.seat and o.shown[s] == FACE_DOWN:  # the tensor keeps the printed view (ST-INFO-2 open hands aside)
            continue
        for c in cards:
            if c == HIDDEN:  # a face-down card a variant's sight hides
                continue
            out[base + c * _LOC + 19 + s] = 1
    at = base + rules.deck_size * _LOC
    for a in range(4):
        out[at + a] = o.positions[a]
    at += 4
    for place, a in enumerate(race_order(rules.track, o.positions)):
        out[at + 4 * a + place] = 1
    at += 16
    for s, size in enumerate(o.hand_sizes):
        out[at + s] = size
    at += 4
    for s, v in enumerate(o.shown):
        out[at + s * _SHOWN + v + 2] = 1
    at += 4 * _SHOWN
    if o.mission >= 0:  # -1: no missions (ST-SCORE-5)
        out[at + o.mission] = 1
    at += len(rules.missions)
    for k in o.columns:
        out[at + k] = 1
    at += 4
    out[at] = 1 if o.road_laid else 0
    at += 1
    for s, v in enumerate(o.totals):
        out[at + s] = v
    at += 4
    for s, v in enumerate(o.race_standing):
        out[at + s] = v
    return tuple(out)


class TensorEncoder(BufferEncoder):
    """The fast encoder: ``TensorEncoder(rules)(state, seat)`` equals
    ``state.observation_tensor(seat)``, written into an ``array.array`` of 4-byte ints (a
    ``rulebook.core.encoding.Buffer``) from the state's fields, with the part read from
    ``table`` alone kept while that tuple is unchanged.

    ST-INFO-1. Reads ``board`` (public: race, round, columns, totals; of the missions only
    the seat's own), ``table`` (public: area, road, positions, acquired, removed, known cards,
    road laid), ``plays`` (the seat's own hand, the others' lengths; played cards except the
    other seats' face-down ones; shown; beneath), ``phase``, ``to_act``."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.n = rules.players
        self.size = observation_size(rules)
        self.loc = _LOC
        self.shown = _SHOWN
        self.face_down = FACE_DOWN
        self.cards_end = 25 + rules.deck_size * _LOC
        # offsets after the cards: positions 4, race order 16, hand sizes 4, shown 4 x _SHOWN,
        # mission, columns 4, road laid 1, totals 4, race standing 4
        self.at_sizes = self.cards_end + 4 + 16
        self.at_shown = self.at_sizes + 4
        self.at_mission = self.at_shown + 4 * _SHOWN
        self.at_columns = self.at_mission + len(rules.missions)
        self.at_totals = self.at_columns + 4 + 1
        self.at_standing = self.at_totals + 4
        self.cache: tuple[Any, Buffer | None] = (None, None)
        self.standing: tuple[Any, Any, tuple[int, ...]] = (None, None, ())

    def public(self, table: Any) -> Buffer:
        """The part read from ``table`` alone (which changes when an oracle card is taken)."""
        loc = self.loc
        area, road, pos, acquired, removed, known, laid = table
        ones: list[int] = []
        base = 25
        for s, cards in enumerate(known):
            ones += [base + x * loc + 1 + s for x in cards]
        for k, col in enumerate(area):
            ones += [base + x * loc + 5 + k for x in col]
        ones += [base + x * loc + 13 for x in road]
        for s, cards in enumerate(acquired):
            ones += [base + x * loc + 14 + s for x in cards]
        ones += [base + x * loc + 18 for x in removed]
        at = self.cards_end
        where = list(range(at, at + 4))
        values = list(pos)
        at += 4
        ones += [at + 4 * a + place for place, a in enumerate(race_order(self.rules.track, pos))]
        if laid:
            ones.append(self.at_columns + 4)
        return template(self.size, ones, where, values)

    def __call__(self, state: Any, seat: int) -> Buffer:
        n = self.n
        if type(seat) is not int or not 0 <= seat < n:
            seat_error(state, seat)
        board, table = state.board, state.table
        key, template = self.cache
        if key is not table or template is None:
            template = self.public(table)
            self.cache = (table, template)
        out = template[:]
        loc = self.loc
        player = state.to_act
        race, rnd, missions, cols, _, _, totals, _, _, _, _, _, _ = board
        hands, played, shown, _, beneath = state.plays
        out[seat] = 1
        out[4 + (4 if player is None else player)] = 1
        out[9 + race] = 1
        out[13 + min(rnd, 7)] = 1
        out[21 + state.phase] = 1
        base = 25
        for x in hands[seat]:
            out[base + x * loc] = 1
        for k, col in enumerate(beneath):
            for x in col:
                out[base + x * loc + 9 + k] = 1
        face_down = self.face_down
        for s, cards in enumerate(played):
            if s == seat or shown[s] != face_down:
                for x in cards:
                    out[base + x * loc + 19 + s] = 1
        at = self.at_sizes
        for s, h in enumerate(hands):
            out[at + s] = len(h)
        at = self.at_shown
        width = self.shown
        for s, v in enumerate(shown):
            out[at + s * width + v + 2] = 1
        if missions:  # the seat's own mission (none under ST-SCORE-5)
            out[self.at_mission + missions[seat]] = 1
        at = self.at_columns
        for k in cols:
            out[at + k] = 1
        at = self.at_totals
        for s, v in enumerate(totals):
            out[at + s] = v
        if player is not None:  # the race standing; all 0 once the game is over
            acquired, pos = table[3], table[2]
            was_acquired, was_pos, standing = self.standing
            if was_acquired is not acquired or was_pos is not pos:
                standing = score_colours(self.rules, acquired, pos)
                self.standing = (acquired, pos, standing)
            at = self.at_standing
            for s, v in enumerate(standing):
                out[at + s] = v
        return out

