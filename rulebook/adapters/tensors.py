"""Observation tensors as numpy arrays, built from the state without an ``Observation``.

``encode(state, seat)`` equals ``np.asarray(state.observation_tensor(seat),
dtype=np.int32)`` exactly (same length, same values, ``int32``), for every game
and every state; the adapters hand it to agents. The reference
``observation_tensor`` builds the seat's whole :class:`Observation` (trick
records included) and encodes it into a list; the encoders here write the same
entries straight into a numpy array from the state's fields, with index tables
computed once per ``Rules``, and reuse the part of the tensor that every seat
sees alike (the *public template*) while the state's sub-tuple it comes from is
unchanged: states share their unchanged tuples (``new.board is old.board``
between two plays of one trick), so the template is rebuilt about once per
trick, not once per move.

**Hidden information.** The reference tensor is built from the observation
alone; these encoders read the state, which also holds what the seat may not
see. Each encoder below lists the state fields it reads. The public template
reads only fields the game's ``observation`` copies for every seat alike; the
per-seat part reads the seat's own entries (``hands[seat]``, its bid, its
prophecy, its mission, its face-down plays) and, of the other seats, only what
``observation`` also shows (hand *sizes*, whether a seat has bid, a prophecy
once revealed, face-up plays). ``tests/adapters/test_fast_tensors.py`` checks
the result against the reference at every state and seat of random games and
random ``Rules``, and that :meth:`~rulebook.core.contract.State.resample` (which
redraws everything the seat cannot see) leaves the seat's tensor unchanged.

A game without an encoder here (one registered later) falls back to the
reference, converted once. numpy is needed (the ``pettingzoo`` and
``openspiel`` extras install it); the core library never imports this module.
"""

from __future__ import annotations

import array
import functools
from collections.abc import Callable
from typing import Any

import rulebook
from rulebook.adapters import _missing

try:
    import numpy as np
except ImportError as exc:  # pragma: no cover - depends on the environment
    _missing("pettingzoo", exc, "tensors")
from rulebook.core.contract import State
from rulebook.core.encoding import I32, Buffer, BufferEncoder, seat_error, template

__all__ = ["Encoder", "encode", "encoder"]

Array = np.ndarray[Any, np.dtype[np.int32]]
#: ``encoder(state, seat)``: the seat's tensor as a new ``int32`` array.
Encoder = Callable[[Any, int], Array]


def encode(state: State[Any, Any], seat: int) -> Array:
    """The observation tensor of ``seat`` at ``state``, as a new ``int32`` array.

    Equals ``np.asarray(state.observation_tensor(seat), dtype=np.int32)``; a
    ``seat`` that is not a seat of the game raises what ``observation`` raises.
    """
    return encoder(type(state).GAME.slug, state.rules)(state, seat)


@functools.lru_cache(maxsize=256)
def encoder(slug: str, rules: Any) -> Encoder:
    """The encoder of ``slug`` under ``rules`` (one per ``Rules``; call it with states of those rules)."""
    game = rulebook.get_game(slug)  # fails with the list of known slugs
    fast = game.tensor_encoder(rules)
    out: _Encoder = _Fast(fast) if fast is not None else _ENCODERS.get(slug, _Reference)(rules)
    out.slug = slug
    return out


class _Encoder:
    """An encoder for one ``Rules``; copies and pickles come back as the shared one."""

    slug = ""
    rules: Any

    def __call__(self, state: Any, seat: int) -> Array:
        raise NotImplementedError

    def __reduce__(self) -> tuple[Callable[[str, Any], Encoder], tuple[str, Any]]:
        return (encoder, (self.slug, self.rules))


class _Reference(_Encoder):
    """The contract's tensor converted to ``int32`` (a game without a fast encoder)."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def __call__(self, state: Any, seat: int) -> Array:
        return _int32(state.observation_tensor(seat))


_I32, _template = I32, template


class _Fast(_Encoder):
    """A game's own :class:`~rulebook.core.encoding.BufferEncoder`, its buffer viewed as ``int32``."""

    def __init__(self, fast: BufferEncoder) -> None:
        self.rules = fast.rules
        self.fast = fast

    def __call__(self, state: Any, seat: int) -> Array:
        return np.frombuffer(self.fast(state, seat), dtype=np.int32)


def _int32(tensor: tuple[int, ...]) -> Array:
    """``tensor`` as a new ``int32`` array, equal to ``np.asarray(tensor, dtype=np.int32)``.

    Most tensors are 0/1 flags and small counts: ``bytes`` packs those in C,
    several times faster than numpy's element-by-element conversion; a value
    outside 0..255 (a score, say) makes ``bytes`` refuse and the general path runs.
    """
    try:
        packed = bytes(tensor)
    except ValueError:
        return np.array(tensor, dtype=np.int32)
    return np.frombuffer(packed, dtype=np.uint8).astype(np.int32)


_seat_error = seat_error


# -- The Witches of Blackmore --------------------------------------------------------------


class _Witches(_Encoder):
    """WB-INFO-1. Reads ``board`` (public: the trump stack, anchor, captured piles, the cards
    each seat is known to hold, the pile's *length*), ``hands`` (the seat's own, and the
    others' lengths), ``leader``, ``order``, ``trick``, ``last_trick``, ``phase``,
    ``current_player``."""

    def __init__(self, rules: Any) -> None:
        from rulebook.games import witches_of_blackmore as wb

        self.rules = rules
        self.n = n = rules.players
        self.c = c = wb.DECK.size
        self.size = wb.GAME.observation_size(rules)
        self.rank = wb.DECK.rank_of
        self.replacing = wb.REPLACING
        self.ascending = rules.wheel == wb.ASCENDING
        self.row = 4 * c + 11  # the first seat row
        self.width = 3 * c + 5
        self.sizes = [self.row + s * self.width + 3 * c for s in range(n)]
        self.cache: tuple[Any, Buffer | None] = (None, None)

    def public(self, board: Any) -> Buffer:
        deck, drawn, trumps, anchor, captured, _, known, _ = board
        c, row, width = self.c, self.row, self.width
        ones = [c + t for t in trumps]
        if trumps:
            ones.append(2 * c + trumps[-1])
        ones.append(4 * c + anchor - 1)
        at = [4 * c + 9]
        values = [len(deck) - drawn]
        rank = self.rank
        for s in range(self.n):
            base = row + s * width
            ones += [base + x for x in captured[s]]
            ones += [base + c + x for x in known[s]]
            at.append(base + 3 * c + 1)
            values.append(sum(rank[x] for x in captured[s]))
        if self.ascending:
            ones.append(self.size - 1)
        return _template(self.size, ones, at, values)

    def __call__(self, state: Any, seat: int) -> Array:
        if type(seat) is not int or not 0 <= seat < self.n:
            _seat_error(state, seat)
        board = state.board
        key, template = self.cache
        if key is not board or template is None:
            template = self.public(board)
            self.cache = (board, template)
        out = template[:]
        c, row, width = self.c, self.row, self.width
        hands = state.hands
        for x in hands[seat]:
            out[x] = 1
        for x in state.last_trick:
            out[3 * c + x] = 1
        if state.phase == self.replacing:
            out[4 * c + 10] = 1
        for s, card in zip(state.order, state.trick):
            out[row + s * width + 2 * c + card] = 1
        out[row + state.leader * width + 3 * c + 2] = 1
        player = state.current_player
        out[self.size - 2 if player is None else row + player * width + 3 * c + 3] = 1
        out[row + seat * width + 3 * c + 4] = 1
        for at, h in zip(self.sizes, hands):
            out[at] = len(h)
        return np.frombuffer(out, dtype=np.int32)


# -- UTSUKE --------------------------------------------------------------------------------


class _Utsuke(_Encoder):
    """UT-INFO-1. Reads ``board`` (public: round, lord place, trump, leader, this round's
    tricks, tricks won, results, honour, chips; of the bids only *whether* each seat has bid,
    and the seat's own bid), ``hands`` (the seat's own, the NPC rows, which are face up, and
    the other seats' lengths), ``trick``, ``current_player``."""

    def __init__(self, rules: Any) -> None:
        from rulebook.games import utsuke as ut

        self.rules = rules
        self.players = rules.players
        self.n = ut.DECK.size
        self.size = ut.GAME.observation_size(rules)
        self.nsuits = len(ut.DECK.suits)
        self.max_bid = ut.MAX_BID
        self.cache: tuple[Any, bool, Buffer | None] = (None, False, None)

    def slot(self, place: int) -> int:
        players = self.players
        return place if place < players else 5 + place - players

    def public(self, board: Any, over: bool) -> Buffer:
        match, bids, trump, leader, tricks, won = board
        rnd, lord_before, _, honour, chips, results = match
        n, players = self.n, self.players
        ones = [5 + players - 2, 10 + lord_before]
        at = [9]
        values = [rnd]
        if trump >= 0:
            ones.append(21 + 3 * n + trump)
        ones.append(21 + 4 * n + self.nsuits + self.slot(leader))
        played = 21 + 4 * n + self.nsuits + 7  # cards of earlier tricks this round
        for r, result in enumerate(results):
            if r == rnd:
                for _, cards, _ in result[2]:
                    ones += [played + x for x in cards]
        if not over:  # the tricks of the round being played (the record's last round)
            for _, cards, _ in tricks:
                ones += [played + x for x in cards]
        base = played + n
        for p, w in enumerate(won):
            at.append(base + self.slot(p))
            values.append(w)
        base += 7 + 5 + self.max_bid + 1
        ones += [base + s for s, b in enumerate(bids) if b >= 0]  # has bid (not the bid)
        base += 5
        for s in range(players):
            at += [base + s, base + 5 + s]
            values += [honour[s], chips[s]]
        base += 10
        if results:
            last_bids, last_won, _, _ = results[-1]
            at += [base + s for s in range(len(last_bids))] + [base + 5]
            values += [b + 1 for b in last_bids] + [last_won[players]]
        return _template(self.size, ones, at, values)

    def __call__(self, state: Any, seat: int) -> Array:
        players = self.players
        if type(seat) is not int or not 0 <= seat < players:
            _seat_error(state, seat)
        board = state.board
        player = state.current_player
        over = player is None
        key, was_over, template = self.cache
        if key is not board or was_over != over or template is None:
            template = self.public(board, over)
            self.cache = (board, over, template)
        out = template[:]
        n = self.n
        hands = state.hands
        bid = board[1][seat]
        out[seat] = 1
        if not over:
            out[16 + player] = 1
            if board[1][player] < 0:
                out[15] = 1  # bidding
        for x in hands[seat]:
            out[21 + x] = 1
        if bid >= 0:
            out[21 + 4 * n + self.nsuits + 7 + n + 7 + 5 + bid] = 1
        base = 21 + n
        for i, x in enumerate(hands[players], 1):  # the lord's row, face up
            out[base + x] = i
        if players == 2:  # the young lord's row, face up
            base += n
            for i, x in enumerate(hands[3], 1):
                out[base + x] = i
        base = 21 + 3 * n + self.nsuits
        for i, x in enumerate(state.trick, 1):
            out[base + x] = i
        base = 21 + 4 * n + self.nsuits + 7 + n + 7
        for s in range(players):
            out[base + s] = len(hands[s])
        return np.frombuffer(out, dtype=np.int32)


# -- Seven Prophecies ----------------------------------------------------------------------


class _Prophecies(_Encoder):
    """SP-INFO-1, SP-INFO-2. Reads ``info`` (public: round, aside_up, the future row, points,
    successes; never ``aside_down``), ``round_tricks``, ``trick``, ``leader``, ``phase``,
    ``to_act``, ``placed``, ``hands`` (the seat's own and the others' lengths), ``prophecies``
    (the seat's own), ``cubes`` (the seat's own, the others' only after the reveal)."""

    def __init__(self, rules: Any) -> None:
        from rulebook.games import seven_prophecies as sp

        self.rules = rules
        self.n = n = rules.players
        self.at = at = dict(sp._starts(n))  # a copy: the game keeps its own
        self.size = at["end"]
        self.suit = sp._SUIT
        self.prophecy = sp.PROPHECY
        self.trick_phase = sp.TRICK
        self.c = sp.DECK.size
        self.cache: tuple[Any, Any, Buffer | None] = (None, None, None)

    def public(self, info: Any, round_tricks: Any) -> Buffer:
        at, n, c, suit = self.at, self.n, self.c, self.suit
        ones: list[int] = []
        where = [at["round"], at["tricks_done"]]
        values = [info.round, len(round_tricks)]
        base = at["future_suits"]
        ones += [base + 4 * i + suit[x] for i, x in enumerate(info.future)]
        base = at["future_cards"]
        ones += [base + x for x in info.future]
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
        return _template(self.size, ones, where, values)

    def __call__(self, state: Any, seat: int) -> Array:
        n = self.n
        if type(seat) is not int or not 0 <= seat < n:
            _seat_error(state, seat)
        info, round_tricks = state.info, state.round_tricks
        key_info, key_tricks, template = self.cache
        if key_info is not info or key_tricks is not round_tricks or template is None:
            template = self.public(info, round_tricks)
            self.cache = (info, round_tricks, template)
        out = template[:]
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
        for s, row in enumerate(state.cubes):
            if (s == seat or revealed) and row:
                out[base + s * n : base + s * n + n] = array.array(_I32, row)
        base = at["cubes_placed"]
        for s, v in enumerate(state.placed):
            out[base + s] = v
        return np.frombuffer(out, dtype=np.int32)


# -- Saru Tori Inu I -----------------------------------------------------------------------


class _Saru(_Encoder):
    """ST-INFO-1. Reads ``board`` (public: race, round, columns, totals; of the missions only
    the seat's own), ``table`` (public: area, road, positions, acquired, removed, known cards,
    road laid), ``plays`` (the seat's own hand, the others' lengths; played cards except the
    other seats' face-down ones; shown; beneath), ``phase``, ``to_act``."""

    def __init__(self, rules: Any) -> None:
        from rulebook.games import saru_tori_inu_i as st

        self.st = st
        self.rules = rules
        self.n = rules.players
        self.size = st.GAME.observation_size(rules)
        self.loc = st._LOC
        self.shown = st._SHOWN
        self.face_down = st.FACE_DOWN
        self.cards_end = 25 + st.DECK_SIZE * st._LOC
        # offsets after the cards: positions 4, race order 16, hand sizes 4, shown 4 x _SHOWN,
        # mission, columns 4, road laid 1, totals 4, race standing 4
        self.at_sizes = self.cards_end + 4 + 16
        self.at_shown = self.at_sizes + 4
        self.at_mission = self.at_shown + 4 * st._SHOWN
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
        ones += [at + 4 * a + place for place, a in enumerate(self.st.race_order(self.rules.track, pos))]
        if laid:
            ones.append(self.at_columns + 4)
        return _template(self.size, ones, where, values)

    def __call__(self, state: Any, seat: int) -> Array:
        n = self.n
        if type(seat) is not int or not 0 <= seat < n:
            _seat_error(state, seat)
        board, table = state.board, state.table
        key, template = self.cache
        if key is not table or template is None:
            template = self.public(table)
            self.cache = (table, template)
        out = template[:]
        loc = self.loc
        player = state.to_act
        race, rnd, missions, cols, _, _, totals, _, _, _, _ = board
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
        out[self.at_mission + missions[seat]] = 1  # the seat's own mission
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
                standing = self.st.score_colours(self.rules, acquired, pos)
                self.standing = (acquired, pos, standing)
            at = self.at_standing
            for s, v in enumerate(standing):
                out[at + s] = v
        return np.frombuffer(out, dtype=np.int32)


# -- Gods and Humans -----------------------------------------------------------------------


class _Gods(_Encoder):
    """GH-INFO-1, GH-INFO-2, GH-INFO-3, GH-RULING-5, GH-RULING-13. Mirrors ``GodsState.observation``.

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

    def __init__(self, rules: Any) -> None:
        from rulebook.games.gods_and_humans import observation as gh

        self.rules = rules
        self.n = rules.players
        self.c = gh.DECK.size
        at: dict[str, int] = {}
        pos = 0
        for name, k in gh._encode_layout(rules):
            at[name] = pos
            pos += k
        self.at = at
        self.size = pos
        self.oracle_phase, self.give, self.forced, self.over = gh.ORACLE, gh.GIVE, gh.FORCED, gh.OVER
        self.cache: tuple[Any, int, Buffer | None] = (None, -1, None)
        self.deal_cache: tuple[tuple[Any, ...], Buffer | None] = ((), None)

    def deal_part(self, facts: Any, leader: int, won: Any, done: Any) -> Buffer:
        """The part that changes once per trick: the deal, roles, marks, totals, past deals, tricks."""
        at, n, c = self.at, self.n, self.c
        out = array.array(_I32, bytes(4 * self.size))
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
            for i, s in enumerate(res.humans):
                out[base + i] = res.oracle[s] + 1
            base = at["past_won"] + 4 * k
            for i, s in enumerate(res.humans):
                out[base + i] = res.won[s]
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

    def __call__(self, state: Any, seat: int) -> Array:
        n = self.n
        if type(seat) is not int or not 0 <= seat < n:
            _seat_error(state, seat)
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
        lone = pair[g] if g < h else -1
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
                seen = -1 if i == lone else (v if handed or i == pair[me] else -1)
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
        out[at["lone"] + (lone + 1 if lone >= 0 and (is_god or handed) else 0)] = 1
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
        return np.frombuffer(out, dtype=np.int32)


_ENCODERS: dict[str, Callable[[Any], _Encoder]] = {
    "witches-of-blackmore": _Witches,
    "utsuke": _Utsuke,
    "seven-prophecies": _Prophecies,
    "saru-tori-inu-i": _Saru,
    "gods-and-humans": _Gods,
}
