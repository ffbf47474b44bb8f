"""Saru Tori Inu I: the state, whose ``legal_actions`` and ``apply`` are the hot path.

The position is kept in three tuples grouped by how often they change (``board``,
``table``, ``plays``); the engine's helpers below build the next state from them. Every
other view of the state (scores, observation, records) is a function of the modules
``scoring``, ``observation`` and ``history``, which the state's methods call.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

import attrs

from rulebook.core.contract import Deal, Log, Setup, State, check_rng, log_actions, state_builder
from rulebook.core.history import RoundRecord, ScoreChange, TrickRecord
from rulebook.core.logic import Event, apply_changes
from rulebook.core.turns import ROUND_RULES, TRICK_RULES, TurnFacts
from rulebook.errors import IllegalAction

from .actions import (
    _DECLARES,
    _PLACE,
    _PLACES,
    PAIR,
    PLACE,
    PLAY,
    TAKE,
    Declare,
    Down,
    Keep,
    Pair,
    Phase,
    Place,
    Play,
    Road,
    SaruAction,
    Take,
    _Tab,
)
from .actions import _tab as _tables
from .history import PlacementRecord, RevealedMissions, RoundOfPlay, round_plays
from .history import placements as _placements
from .history import revealed as _revealed
from .history import rounds as _rounds
from .history import tricks as _tricks
from .observation import Observation
from .observation import observation as _observation
from .observation import resample as _resample
from .rules import FACE_DOWN, MAX_STRENGTH, NOT_PLAYED, Rules, mover, removed_cards
from .scoring import printed_start, race_score_changes, race_scoring, round_trick
from .scoring import race_standing as _race_standing
from .scoring import scores as _scores
from .scoring import winners as _winners


def _tab(rules: Rules) -> _Tab:
    """The tables of ``rules`` (``actions._tab``), remembered in ``_LAST``."""
    global _LAST
    t = _tables(rules)
    _LAST = (rules, t)
    return t


#: The last rules looked up and their tables (one reference, so swapped atomically): the
#: hot path checks it by identity before it hashes the rules for the tables.
_LAST: tuple[Rules, _Tab]
_tab(Rules())

Cards = tuple[int, ...]
PerSeat = tuple[tuple[int, ...], ...]
#: What changes only between rounds and races: race, rnd, missions, cols, order, queue,
#: totals, results, revealed, rounds_played, records, starter, last_start (see the properties of :class:`SaruState`).
#: ``results`` and ``revealed`` are the compact per-race fields the hot path keeps (each scored
#: race's points and missions, by seat); their public views are ``state.rounds`` and
#: ``state.revealed`` (records). ``replace`` still takes these names.
Board = tuple[int, int, Cards, Cards, Cards, Cards, Cards, PerSeat, PerSeat, int, tuple[RoundRecord, ...], int, int]
#: What changes only when an oracle card is taken (or a known card is played): area,
#: road, pos, acquired, removed, known, road_laid.
Table = tuple[PerSeat, Cards, Cards, PerSeat, Cards, PerSeat, bool]
#: What the plays and placements change: hands, played, shown, used, beneath.
Plays = tuple[PerSeat, PerSeat, Cards, int, PerSeat]
_BOARD = (
    "race", "rnd", "missions", "cols", "order", "queue", "totals", "results", "revealed", "rounds_played", "records",
    "starter", "last_start",
)
_TABLE = ("area", "road", "pos", "acquired", "removed", "known", "road_laid")
_PLAYS = ("hands", "played", "shown", "used", "beneath")


@attrs.frozen(slots=True)
class SaruState(State[Rules, SaruAction]):
    """A position of Saru Tori Inu I. Build with ``GAME.new_game``.

    Cards are deck indices (``rules.deck[i]``), animals 0-3 (monkey, dog, bird,
    boar), columns 0..players-1 from the left. The position is kept in three
    tuples grouped by how often they change (``board``, ``table``, ``plays``), so
    that a move builds a small state; read it through the properties (``race``,
    ``area``, ``hands`` ...) and change it with :meth:`replace`.
    """

    rules: Rules
    setup: Setup = attrs.field(repr=False)
    log: Log = attrs.field(repr=False, eq=log_actions)
    #: race, rnd, missions, cols, order, queue, totals, results, revealed, rounds_played, records, starter,
    #: last_start
    board: Board
    #: area, road, pos, acquired, removed, known, road_laid
    table: Table
    #: hands, played, shown, used, beneath
    plays: Plays
    #: the step of the round (a :class:`Phase`)
    phase: Phase
    qi: int
    to_act: int | None

    #: ST-LOGIC-4: the named rules a variant's ``[turns]`` may give: who starts the next round of play
    #: (the game's counterpart of a trick: ``winner`` is the printed rule, ST-RULING-23; ``loser`` has no
    #: meaning of its own, ST-RULING-24) and who starts the next race (every rule, ST-RULING-25)
    TURN_RULES: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (
        tuple(r for r in TRICK_RULES if r != "loser"), tuple(ROUND_RULES),
    )

    @staticmethod
    def turn_facts(event: Event) -> TurnFacts:
        """ST-LOGIC-4: what the named turn rules read. At a ``trick`` event (a round of play): the
        winner is the seat the printed rule makes start the next round, the lowest strength or the last
        face-down player (ST-ROUND-2, ST-RULING-6, ST-RULING-23), also where a variant chose who resolved
        first; the first leader is the race's start player. At a ``round`` event (a race): the seat the
        game's own rule names for the next race (ST-RULING-10), the winner of the race's last round of
        play as above, the race's start player (ST-RULING-25). The scores are the totals, the variant's
        changes included; ties count from the game's own seat."""
        state = event.state
        rules = state.rules
        n = rules.players
        board = state.board
        winner = board[12]
        if event.kind == "trick":
            return TurnFacts(n, winner, board[6], winner, None, board[11])
        return TurnFacts(n, (rules.first_player + board[0] + 1) % n, board[6], winner, None, board[11])

    # -- the board, the table and the plays -------------------------------------------

    @property
    def race(self) -> int:
        """The race being run, from 0 (ST-RACE-1)."""
        return self.board[0]

    @property
    def rnd(self) -> int:
        """The round of this race, from 0 (ST-ROUND-3)."""
        return self.board[1]

    @property
    def missions(self) -> tuple[int, ...]:
        """Each seat's mission card of this race (ST-SETUP-4)."""
        return self.board[2]

    @property
    def cols(self) -> tuple[int, ...]:
        """The columns a played card may go beneath (ST-RES-2, ST-RULING-8)."""
        return self.board[3]

    @property
    def order(self) -> tuple[int, ...]:
        """The seats that play this round, in turn order (ST-PLAY-1, ST-RULING-9)."""
        return self.board[4]

    @property
    def queue(self) -> tuple[int, ...]:
        """The resolution order of this round, once every seat has played (ST-RES-1)."""
        return self.board[5]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's points of the races scored so far (ST-RACE-2)."""
        return self.board[6]

    @property
    def revealed(self) -> tuple[RevealedMissions, ...]:
        """Each scored race's missions, one :class:`RevealedMissions` per race (ST-SCORE-3)."""
        return _revealed(self)

    @property
    def starter(self) -> int:
        """The seat that started this race's first round (ST-SETUP-5, ST-RULING-10, ST-LOGIC-4)."""
        return self.board[11]

    @property
    def last_start(self) -> int:
        """The seat the printed rule named to start after the last round of play of the race
        (ST-ROUND-2, ST-RULING-6), -1 before the race's first round is over."""
        return self.board[12]

    @property
    def rounds_played(self) -> int:
        """Rounds completed in the whole game."""
        return self.board[9]

    @property
    def rounds(self) -> tuple[RoundRecord, ...]:
        """One :class:`~rulebook.core.history.RoundRecord` per scored race, in order: each
        seat's points and every :class:`~rulebook.core.history.ScoreChange` behind them
        (ST-SCORE-2 colours, ST-SCORE-3/ST-SCORE-4 missions), and how the race ended
        (ST-ROUND-3, or ST-RULING-9 when every hand ran out). ``scores`` is their sum."""
        return _rounds(self)

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        """Always ``()``: the game has no tricks; see :attr:`placements` (ST-RES-1)."""
        return _tricks(self)

    @property
    def race_standing(self) -> tuple[int, ...]:
        """Each seat's colour points in the race being run if it ended now (ST-SCORE-1,
        ST-SCORE-2); the secret missions are left out. All 0 once the game is over (the
        last race is in ``scores``)."""
        return _race_standing(self)

    @property
    def placements(self) -> tuple[PlacementRecord, ...]:
        """Every finished round of the game as a :class:`PlacementRecord`, in order: who
        played what, who put which card beneath which column and what each took.

        Rebuilt from the history on each access (the hot path keeps nothing for it), so a
        resampled state, which has no history, has none, and a state changed by hand with
        :meth:`replace` may not replay (``ValueError``)."""
        return _placements(self)

    @property
    def area(self) -> tuple[tuple[int, ...], ...]:
        """The oracle area: its columns of cards from the left (ST-SETUP-2, ST-RES-3)."""
        return self.table[0]

    @property
    def road(self) -> tuple[int, ...]:
        """Cards laid as road, in order (ST-ROAD-1)."""
        return self.table[1]

    @property
    def pos(self) -> tuple[int, ...]:
        """The four animals' squares (ST-ROAD-3)."""
        return self.table[2]

    @property
    def acquired(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's acquired cards (ST-RES-3)."""
        return self.table[3]

    @property
    def removed(self) -> tuple[int, ...]:
        """Cards out of the game (ST-RES-3, ST-RULING-13)."""
        return self.table[4]

    @property
    def known(self) -> tuple[tuple[int, ...], ...]:
        """Cards publicly known to be in a hand (or its unrevealed face-down play, ST-RES-5)."""
        return self.table[5]

    @property
    def road_laid(self) -> bool:
        """Whether road was laid this round (ST-RES-4, ST-RES-5)."""
        return self.table[6]

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's hand, sorted (ST-SETUP-3)."""
        return self.plays[0]

    @property
    def played(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's played cards not yet placed (ST-PLAY-1, ST-RES-2)."""
        return self.plays[1]

    @property
    def shown(self) -> tuple[int, ...]:
        """Each seat's strength played or declared, -1 face down, -2 not (yet) played (ST-PLAY-1..4)."""
        return self.plays[2]

    @property
    def used(self) -> int:
        """The strengths played or declared this round, as bits (ST-PLAY-2)."""
        return self.plays[3]

    @property
    def beneath(self) -> tuple[tuple[int, ...], ...]:
        """The cards placed beneath each column this round (ST-RES-2)."""
        return self.plays[4]

    def replace(self, **changes: Any) -> SaruState:
        """A copy with attributes changed by their names, those kept in ``board``, ``table``
        and ``plays`` included (``attrs.evolve`` sees only the fields)."""
        groups: dict[str, list[Any]] = {"board": list(self.board), "table": list(self.table), "plays": list(self.plays)}
        fields = {}
        for name, value in changes.items():
            for group, names in (("board", _BOARD), ("table", _TABLE), ("plays", _PLAYS)):
                if name in names:
                    groups[group][names.index(name)] = value
                    break
            else:
                fields[name] = value
        for group, values in groups.items():
            fields.setdefault(group, tuple(values))
        return attrs.evolve(self, **fields)

    # -- contract -------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.to_act

    def legal_actions(self) -> tuple[SaruAction, ...]:
        seat = self.to_act
        if seat is None:
            return ()
        last = _LAST
        t = last[1] if last[0] is self.rules else _tab(self.rules)
        phase = self.phase
        if phase == PLAY:
            plays = self.plays
            hand = plays[0][seat]
            used = plays[3]
            bit = t.bit
            play = t.play
            out: tuple[SaruAction, ...] = (  # ST-PLAY-2
                tuple([play[c] for c in hand if not used & bit[c]]) if used else tuple(map(play.__getitem__, hand))
            )
            if not out:
                out = tuple(map(t.down.__getitem__, hand))  # ST-PLAY-3
            declaring = t.declaring  # ST-PLAY-4 the last player, ST-PLAY-5 nobody, ST-PLAY-6 anyone
            if declaring and len(hand) >= 2 and (declaring == 2 or self.qi == len(self.board[4]) - 1):
                out += _DECLARES[used]  # ST-RULING-15
            return out
        if phase == PLACE:
            cols = self.board[3]
            places = _PLACES.get(cols)  # ST-RES-2
            return places if places is not None else tuple(map(_PLACE.__getitem__, cols))
        if phase == PAIR:
            hand = self.plays[0][seat]
            chosen = self.plays[1][seat]
            if not chosen:
                return tuple(map(t.pair.__getitem__, hand[:-1]))
            first = chosen[0]
            pair = t.pair
            return tuple([pair[c] for c in hand if c > first])
        table = self.table
        for col in table[0]:  # ST-RES-3: the leftmost column holding cards
            if col:
                break
        laid = table[6]
        if self.plays[2][seat] == FACE_DOWN:  # ST-RES-5
            return tuple(map((t.keep if laid else t.road).__getitem__, col))
        if not laid and self._forced():  # ST-RES-4
            return tuple(map(t.road.__getitem__, col))
        if len(col) == 1:
            c = col[0]
            return (t.take[c], t.road[c])
        return tuple(map(t.take.__getitem__, col)) + tuple(map(t.road.__getitem__, col))

    def _forced(self) -> bool:
        """ST-RES-4, ST-RULING-12: is the road forced (given no road this round)?"""
        return road_forced(self.rules.forced_road, self.table[0])

    def apply(self, action: SaruAction) -> SaruState:
        seat = self.to_act
        if seat is None:
            raise self.illegal("the game is over", "ST-RACE-2", action)
        phase = self.phase
        kind = type(action)
        # The fast path is one of the engine's own action objects, whose fields are ints;
        # a field of another type (a bool, a float, a str) is refused here, before use.
        if phase == PLAY:
            if kind is Play or kind is Down:
                card = action.card  # type: ignore[union-attr]
                if type(card) is not int:
                    raise self._not_a_number(action, "card", card, "ST-PLAY-1")
                return self._play(seat, card, kind is Down, action)
            if kind is Declare:
                strength = action.strength  # type: ignore[union-attr]
                if type(strength) is not int:
                    raise self._not_a_number(action, "strength", strength, "ST-PLAY-4")
                return self._declare(seat, strength, action)
            raise self.illegal(f"seat {seat} must play a card", "ST-PLAY-1", action)
        if phase == PLACE:
            if kind is not Place:
                raise self.illegal(f"seat {seat} must put its card beneath a column", "ST-RES-2", action)
            column = action.column  # type: ignore[union-attr]
            if type(column) is not int:
                raise self._not_a_number(action, "column", column, "ST-RES-2")
            return self._place(seat, column, action)
        if phase == PAIR:
            if kind is not Pair:
                raise self.illegal(f"seat {seat} must pick the two cards of its declaration", "ST-PLAY-4", action)
            card = action.card  # type: ignore[union-attr]
            if type(card) is not int:
                raise self._not_a_number(action, "card", card, "ST-PLAY-4")
            return self._pair(seat, card, action)
        if kind is Take or kind is Road or kind is Keep:
            card = action.card  # type: ignore[union-attr]
            if type(card) is not int:
                raise self._not_a_number(action, "card", card, "ST-RES-3")
            return self._take(seat, card, kind, action)
        raise self.illegal(f"seat {seat} must take the leftmost oracle card", "ST-RES-3", action)

    def _not_a_number(self, action: object, name: str, value: object, rule: str) -> IllegalAction:
        return self.illegal(f"its {name} must be an int, not {type(value).__name__} {value!r}", rule, action)

    @property
    def scores(self) -> tuple[int, ...]:
        """Points of the races scored so far (ST-RACE-2)."""
        return _scores(self)

    @property
    def winners(self) -> frozenset[int]:
        """Highest total wins; ties share (ST-RACE-2, ST-RULING-18)."""
        return _winners(self)

    def observation(self, seat: int) -> Observation:
        """Seat's view (ST-INFO-1): own hand and mission; all face-up cards; hand sizes."""
        return _observation(self, seat)

    def resample(self, seat: int, rng: random.Random) -> SaruState:
        """Redraw what ``seat`` cannot see: other hands' unknown cards, other seats'
        unrevealed face-down cards, and other seats' missions of this race (ST-INFO-1).

        ST-RULING-19: the inference that a face-down player had no playable card is not used.
        """
        check_rng(rng)
        return _resample(self, seat, rng)

    # -- engine ---------------------------------------------------------------------

    def _play(self, seat: int, card: int, down: bool, action: SaruAction) -> SaruState:
        hands, played, shown, used, beneath = self.plays
        hand = hands[seat]
        try:
            i = hand.index(card)
        except ValueError:
            raise self.illegal(f"seat {seat} does not hold that card", "ST-PLAY-1", action) from None
        last = _LAST
        t = last[1] if last[0] is self.rules else _tab(self.rules)
        if down:
            bit = t.bit
            for c in hand:
                if not used & bit[c]:
                    raise self.illegal(
                        "a face-down play is only for a player with no playable card", "ST-PLAY-3", action
                    )
            strength = FACE_DOWN
        else:
            strength = t.strength[card]
            if used >> strength & 1:
                raise self.illegal(f"strength {strength} was already played this round", "ST-PLAY-2", action)
            used |= 1 << strength
        hl = list(hands)
        hl[seat] = hand[:i] + hand[i + 1 :]
        table = self.table
        if not down and card in table[5][seat]:
            table = _forget(table, seat, card)
        pl = list(played)
        pl[seat] = (card,)
        sh = list(shown)
        sh[seat] = strength
        plays: Plays = (tuple(hl), tuple(pl), tuple(sh), used, beneath)
        order = self.board[4]
        qi = self.qi + 1
        if qi < len(order):  # the next player plays (the common case of _next_play, inlined)
            link = (self.log, action)
            return _new_state(self.rules, self.setup, link, self.board, table, plays, PLAY, qi, order[qi])
        return self._next_play(plays, table, (self.log, action))

    def _declare(self, seat: int, strength: int, action: SaruAction) -> SaruState:
        hands, played, shown, used, beneath = self.plays
        declaring = self.rules.declaration
        if declaring == "off":
            raise self.illegal("nobody declares under these rules", "ST-PLAY-5", action)
        if declaring == "last" and self.qi != len(self.board[4]) - 1:  # ST-PLAY-6 opens it to anyone
            raise self.illegal("only the last player of the round may declare", "ST-PLAY-4", action)
        if len(hands[seat]) < 2:
            raise self.illegal("a declaration needs two cards in hand", "ST-PLAY-4", action)
        if not 0 <= strength <= MAX_STRENGTH or used >> strength & 1:
            raise self.illegal(f"strength {strength} is not free to declare", "ST-PLAY-4", action)
        sh = list(shown)
        sh[seat] = strength
        return _new_state(
            self.rules, self.setup, (self.log, action), self.board, self.table,
            (hands, played, tuple(sh), used | 1 << strength, beneath), PAIR, self.qi, seat,
        )

    def _pair(self, seat: int, card: int, action: SaruAction) -> SaruState:
        hands, played, shown, used, beneath = self.plays
        hand = hands[seat]
        chosen = played[seat]
        if card not in hand:
            raise self.illegal(f"seat {seat} does not hold that card", "ST-PLAY-4", action)
        if (chosen and card < chosen[0]) or (not chosen and card == hand[-1]):
            raise self.illegal("the two cards are picked lower card first", "ST-PLAY-4", action)
        hl = list(hands)
        i = hand.index(card)
        hl[seat] = hand[:i] + hand[i + 1 :]
        table = self.table
        if card in table[5][seat]:
            table = _forget(table, seat, card)
        pl = list(played)
        pl[seat] = chosen + (card,)
        plays: Plays = (tuple(hl), tuple(pl), shown, used, beneath)
        if not chosen:
            link = (self.log, action)
            return _new_state(self.rules, self.setup, link, self.board, table, plays, PAIR, self.qi, seat)
        return self._next_play(plays, table, (self.log, action))

    def _next_play(self, plays: Plays, table: Table, log: Log) -> SaruState:
        """The next player plays, or resolution begins (ST-RES-1)."""
        board = self.board
        order = board[4]
        qi = self.qi + 1
        if qi < len(order):
            return _new_state(self.rules, self.setup, log, board, table, plays, PLAY, qi, order[qi])
        # ST-RES-1, ST-RULING-7: by strength (declared or printed) from the highest down;
        # ST-RULING-6: face-down players after them, in turn order.
        shown = plays[2]
        up = sorted([s for s in order if shown[s] >= 0], key=shown.__getitem__, reverse=True)
        queue = tuple(up) + tuple([s for s in order if shown[s] == FACE_DOWN])
        b = board
        state = _new_state(
            self.rules, self.setup, log,
            (b[0], b[1], b[2], b[3], order, queue, b[6], b[7], b[8], b[9], b[10], b[11], b[12]), table,
            plays, PLACE, 0, queue[0],
        )
        winner_of = self.rules.logic.trick_winner
        if winner_of is None:
            return state
        # ST-LOGIC-1: a variant's function says who resolves first; the others follow in the
        # printed order (the variant layer checked that the winner played this round)
        winner = cast(int, winner_of(round_trick(state)))  # Saru's seats are ints
        queue = (winner,) + tuple([s for s in queue if s != winner])
        return _new_state(
            self.rules, self.setup, log,
            (b[0], b[1], b[2], b[3], order, queue, b[6], b[7], b[8], b[9], b[10], b[11], b[12]), table,
            plays, PLACE, 0, winner,
        )

    def _place(self, seat: int, column: int, action: SaruAction) -> SaruState:
        board = self.board
        if column not in board[3]:
            if self.rules.column_sharing == "exclusive" and 0 <= column < len(self.plays[4]) and self.plays[4][column]:
                raise self.illegal(f"another player's card is beneath column {column + 1}", "ST-RULING-20", action)
            raise self.illegal(f"column {column + 1} never held an oracle card", "ST-RES-2", action)
        hands, played, shown, used, beneath = self.plays
        mine = played[seat]
        put: tuple[int, ...]
        rest: tuple[int, ...]
        if self.rules.pair_placement == "together":  # ST-RULING-5
            put, rest = mine, ()
        else:
            put, rest = mine[:1], mine[1:]
        bl = list(beneath)
        bl[column] = bl[column] + put
        if self.rules.column_sharing != "shared":  # ST-RULING-20: the column is now taken
            b = board
            cols = tuple([k for k in b[3] if k != column])
            board = (b[0], b[1], b[2], cols, b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12])
        pl = list(played)
        pl[seat] = rest
        plays: Plays = (hands, tuple(pl), shown, used, tuple(bl))
        table = self.table
        if shown[seat] == FACE_DOWN and put[0] in table[5][seat]:  # ST-RULING-14: revealed now
            table = _forget(table, seat, put[0])
        log = (self.log, action)
        if rest or any(table[0]):
            return _new_state(
                self.rules, self.setup, log, board, table, plays, PLACE if rest else TAKE, self.qi, seat
            )
        # ST-RULING-13: the oracle area is empty; this player takes nothing.
        queue = board[5]
        qi = self.qi + 1
        if qi < len(queue):  # the next player resolves (the common case of _next_resolver, inlined)
            return _new_state(self.rules, self.setup, log, board, table, plays, PLACE, qi, queue[qi])
        return self._next_resolver(log, table, plays)  # the round ends: the columns are reset there

    def _take(self, seat: int, card: int, kind: type, action: SaruAction) -> SaruState:
        area, road, pos, acquired, removed, known, laid = self.table
        k = 0
        while not area[k]:  # ST-RES-3: the leftmost column holding cards
            k += 1
        col = area[k]
        if card not in col:
            raise self.illegal("only a card of the leftmost oracle column may be taken", "ST-RES-3", action)
        plays = self.plays
        if plays[2][seat] == FACE_DOWN:  # ST-RES-5
            if kind is Take:
                raise self.illegal("a face-down player takes the card into its hand", "ST-RES-5", action)
            if (kind is Road) == laid:
                raise self.illegal(
                    "a face-down player lays road only if nobody has this round, else keeps the card",
                    "ST-RES-5", action,
                )
        elif kind is Keep:
            raise self.illegal("only a face-down player keeps an oracle card", "ST-RES-5", action)
        elif kind is Take and not laid and self._forced():
            raise self.illegal("the last oracle card must be laid as road", "ST-RES-4", action)
        new_area = list(area)
        new_area[k] = ()
        if len(col) > 1:  # ST-RES-3: the rest of the column leaves the game
            removed = removed + tuple([c for c in col if c != card])
        if kind is Road:  # ST-ROAD-1, ST-ROAD-2, ST-ROAD-3
            road = road + (card,)
            pos = road_step(self.rules, pos, card)
            laid = True
        elif kind is Take:
            acquired = acquire(acquired, seat, card)
        else:
            hands, played, shown, used, beneath = plays
            hl = list(hands)
            hl[seat] = tuple(sorted(hl[seat] + (card,)))
            plays = (tuple(hl), played, shown, used, beneath)
            kl = list(known)
            kl[seat] = kl[seat] + (card,)
            known = tuple(kl)
        new_table: Table = (tuple(new_area), road, pos, acquired, removed, known, laid)
        log = (self.log, action)
        queue = self.board[5]
        qi = self.qi + 1
        if qi < len(queue):  # the next player resolves (the common case of _next_resolver, inlined)
            return _new_state(self.rules, self.setup, log, self.board, new_table, plays, PLACE, qi, queue[qi])
        return self._next_resolver(log, new_table, plays)

    def _next_resolver(self, log: Log, table: Table, plays: Plays) -> SaruState:
        board = self.board
        queue = board[5]
        qi = self.qi + 1
        if qi < len(queue):
            return _new_state(self.rules, self.setup, log, board, table, plays, PLACE, qi, queue[qi])
        if not self.rules.logic.printed:  # a variant's counters, endings or trick winner (ST-LOGIC-1..3)
            return self._round_end(log, table, plays)
        # ST-ROUND-1: leftover oracle cards leave the game (ST-RULING-13); the cards
        # beneath become the new oracle area, column by column.
        area, road, pos, acquired, removed, known, _ = table
        left = tuple([c for col in area for c in col])
        if left:
            removed = removed + left
        race, rnd, missions, cols, _, _, totals, results, revealed, rounds_played, records, starter, _ = board
        hands = plays[0]
        beneath = plays[4]
        rules = self.rules
        n = rules.players
        start = queue[-1]  # ST-ROUND-2: the lowest strength, or the (last) face-down player
        rnd += 1
        rounds_played += 1
        empty = ((),) * n
        fresh: Plays = (hands, empty, (NOT_PLAYED,) * n, 0, empty)
        order = tuple([s for i in range(n) if hands[s := (start + i) % n]])  # ST-PLAY-1, ST-RULING-9
        if rnd < rules.race_rounds and order:  # ST-ROUND-3 (unless switched off: ST-LOGIC-3)
            if rules.columns != "setup":
                cols = tuple([k for k in range(n) if beneath[k]])
            elif rules.column_sharing != "shared":  # ST-RULING-20: every column is open again
                cols = tuple(range(n))
            return _new_state(
                rules, self.setup, log,
                (race, rnd, missions, cols, order, (), totals, results, revealed, rounds_played, records, starter,
                 start),
                (beneath, road, pos, acquired, removed, known, False), fresh, PLAY, 0, order[0],
            )
        # ST-SCORE-1..4: the race is scored; ST-RACE-1: the next race or the end.
        points, changes = race_scoring(rules, acquired, pos, missions)  # points: the sums of the changes
        totals = tuple([a + b for a, b in zip(totals, points)])
        results = results + (points,)
        revealed = revealed + (missions,)
        end, rule = _race_end(rules, rnd)
        records = records + (RoundRecord(race, points, changes, end, rule),)
        if _game_goes_on(rules, race, totals):
            return _race_start(
                rules, self.setup, log, race + 1, totals, results, revealed, rounds_played, records
            )
        return _new_state(
            rules, self.setup, log,
            (race, rnd, missions, cols, (), (), totals, results, revealed, rounds_played, records, starter, start),
            (beneath, road, pos, acquired, removed, known, False), fresh, PLAY, 0, None,
        )

    def _round_end(self, log: Log, table: Table, plays: Plays) -> SaruState:
        """The end of a round of play under a variant's logic: the printed steps of
        :meth:`_next_resolver` (ST-ROUND-1..3, the race's scoring, the next race or the end), with
        the variant's changes to the counters at the events ``trick`` and ``round`` (ST-LOGIC-2)
        and its endings (ST-LOGIC-3): a game it ends is scored by the game's own rules, the race
        in progress included."""
        rules = self.rules
        logic = rules.logic
        setup = self.setup
        area, road, pos, acquired, removed, known, _ = table
        left = tuple([c for col in area for c in col])
        if left:  # ST-ROUND-1, ST-RULING-13
            removed = removed + left
        race, rnd, missions, cols, played, queue, totals, results, revealed, number, records, starter, _ = self.board
        hands, _, shown, _, beneath = plays
        n = rules.players
        start = printed_start(played, shown)  # ST-ROUND-2, whoever resolved first (ST-LOGIC-1)
        rnd += 1
        rounds_played = number + 1
        empty = ((),) * n
        fresh: Plays = (hands, empty, (NOT_PLAYED,) * n, 0, empty)
        order = tuple([s for i in range(n) if hands[s := (start + i) % n]])  # ST-PLAY-1, ST-RULING-9
        goes_on = rnd < rules.race_rounds and bool(order)  # ST-ROUND-3 (ST-LOGIC-3)
        if goes_on:
            if rules.columns != "setup":
                cols = tuple([k for k in range(n) if beneath[k]])
            elif rules.column_sharing != "shared":  # ST-RULING-20
                cols = tuple(range(n))

        def next_round() -> SaruState:
            return _new_state(
                rules, setup, log,
                (race, rnd, missions, cols, order, (), totals, results, revealed, rounds_played, records, starter,
                 start),
                (beneath, road, pos, acquired, removed, known, False), fresh, PLAY, 0, order[0] if order else start,
            )

        # ST-LOGIC-2: the event ``trick`` (the round of play), after the new oracle area is laid
        rule = "ST-RES-1" if logic.trick_winner is None else "variant:trick_winner"
        played_round = RoundOfPlay(number, race, played[0], round_plays(log, played), queue[0], rule, rnd - 1, shown,
                                   queue, pos)
        state = next_round()
        if logic.counters is not None:
            changes = logic.counters(Event("trick", number, state, played_round))
            if changes:
                totals = apply_changes(totals, changes, "score")
                pos = apply_changes(pos, changes, "squares")
                state = next_round()
        ended = logic.ends is not None and logic.ends(Event("trick", number, state, played_round))  # ST-LOGIC-3
        if goes_on and not ended:
            if logic.leader is not None:  # ST-LOGIC-4: the variant names who starts the next round of play
                lead = logic.leader(Event("trick", number, state, played_round))
                if lead is not None and lead != start:  # ST-RULING-9: or the next seat with cards after it
                    order = tuple([s for i in range(n) if hands[s := (lead + i) % n]])
                    state = next_round()
            return state
        # the race is scored by the game's own rules (ST-SCORE-1..4); score changes the variant
        # made during the race are itemised with it, so the races' records add up to the scores
        own = race_score_changes(rules, acquired, pos, missions)
        before = [sum(r[s] for r in results) for s in range(n)]
        extra = tuple([
            ScoreChange(s, totals[s] - before[s], "the variant's rules during the race", "variant:counters")
            for s in range(n) if totals[s] != before[s]
        ])
        if ended:
            end, rule = f"a variant's rule ended the game after round {rnd} of race {race + 1}", "variant:ends"
        else:
            end, rule = _race_end(rules, rnd)
        record = RoundRecord(race, _points(n, own + extra), own + extra, end, rule)

        def scored() -> SaruState:
            totals = tuple([a + b for a, b in zip(before, record.points)])
            return _new_state(
                rules, setup, log,
                (race, rnd, missions, cols, (), (), totals, results + (record.points,), revealed + (missions,),
                 rounds_played, records + (record,), starter, start),
                (beneath, road, pos, acquired, removed, known, False), fresh, PLAY, 0, None,
            )

        if ended:
            return scored()
        # ST-LOGIC-2: the event ``round`` (the race: its RoundRecord), once the race is scored
        state = scored()
        if logic.counters is not None:
            changes = logic.counters(Event("round", race, state, record))
            if changes:
                delta = apply_changes((0,) * n, changes, "score")
                if any(delta):
                    more = tuple([ScoreChange(s, d, "the variant's rules at the race's end", "variant:counters")
                                  for s, d in enumerate(delta) if d])
                    record = RoundRecord(race, _points(n, record.changes + more), record.changes + more, end, rule)
                pos = apply_changes(pos, changes, "squares")
                state = scored()
        if logic.ends is not None and logic.ends(Event("round", race, state, record)):  # ST-LOGIC-3
            record = RoundRecord(record.number, record.points, record.changes,
                                 f"{end}; then a variant's rule ended the game", "variant:ends")
            return scored()
        if _game_goes_on(rules, race, state.board[6]):
            # ST-LOGIC-4: the variant may name who starts the next race (None: ST-RULING-10)
            first = None if logic.leader is None else logic.leader(Event("round", race, state, record))
            return _race_start(rules, setup, log, race + 1, *state.board[6:9], rounds_played, state.board[10], first)
        return state


if TYPE_CHECKING:
    _new_state = SaruState
else:  # the engine builds its states without attrs' __init__ (about 2.5x cheaper)
    _new_state = state_builder(SaruState)


def road_forced(forced: str, area: Sequence[Sequence[int]]) -> bool:
    """ST-RES-4, ST-RULING-12: is the road forced on a face-up player (given no road this round),
    under ``rules.forced_road`` ``forced``, with the oracle area ``area``?"""
    if forced == "last_card":
        return sum(map(len, area)) == 1
    if forced == "off":  # ST-RES-6: road is never forced on a face-up player
        return False
    return sum(map(bool, area)) == 1


def road_step(rules: Rules, pos: Cards, card: int) -> Cards:
    """The animals' squares ``pos`` after ``card`` is laid as road (ST-ROAD-1..3; ST-ROAD-5)."""
    last = _LAST
    return mover(rules)(pos, (last[1] if last[0] is rules else _tab(rules)).icons[card])


def acquire(acquired: PerSeat, seat: int, card: int) -> PerSeat:
    """The acquired cards ``acquired`` after ``seat`` takes ``card`` (ST-RES-3)."""
    acq = list(acquired)
    acq[seat] = acq[seat] + (card,)
    return tuple(acq)


def _race_end(rules: Rules, rnd: int) -> tuple[str, str]:
    """How a race ended after ``rnd`` rounds, in words, and the rule (ST-ROUND-3, ST-RULING-9)."""
    if rnd >= rules.race_rounds:
        return f"{rnd} rounds were played", "ST-ROUND-3"
    return f"no seat had a card left after {rnd} round(s)", "ST-RULING-9"


def _game_goes_on(rules: Rules, race: int, totals: tuple[int, ...]) -> bool:
    """Whether another race follows race ``race`` (ST-RACE-1), unless a total reached the target
    (ST-RACE-4; that ending may be switched off, ST-LOGIC-3)."""
    target = rules.target_score
    if target and "target" in rules.endings_off:
        target = 0
    return race + 1 < rules.race_count and not (target and max(totals) >= target)


def _points(n: int, changes: tuple[ScoreChange, ...]) -> tuple[int, ...]:
    """Each seat's sum of ``changes``."""
    gained = [0] * n
    for change in changes:
        gained[change.seat] += change.points
    return tuple(gained)


def _without(known: tuple[tuple[int, ...], ...], seat: int, card: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple([c for c in k if c != card]) if s == seat else k for s, k in enumerate(known))


def _forget(table: Table, seat: int, card: int) -> Table:
    """The table with ``card`` no longer publicly known in ``seat``'s hand (ST-INFO-1)."""
    area, road, pos, acquired, removed, known, laid = table
    return (area, road, pos, acquired, removed, _without(known, seat, card), laid)


def _dealt(rules: Rules, deal: Deal) -> tuple[tuple[tuple[int, ...], ...], PerSeat, Cards, Cards]:
    """A race's oracle area, hands, cards set aside and missions from its deal (ST-SETUP-1..4)."""
    n = rules.players
    out = removed_cards(rules) if rules.removed else ()
    size = rules.deck_size
    cards = [c for c in deal[:size] if c not in out]
    h = (len(cards) - n) // n  # ST-SETUP-3: 11 with 3 players, 8 with 4
    area = tuple([(cards[k],) for k in range(n)])  # ST-SETUP-2
    hands = tuple([tuple(sorted(cards[n + s * h : n + (s + 1) * h])) for s in range(n)])
    # ST-SETUP-6, ST-RULING-26: cards taken out, and those left over after an even deal, are set aside face up
    aside = tuple(sorted(out + tuple(cards[n + n * h :])))
    # ST-SETUP-4; ST-SCORE-5: no missions at all
    missions = tuple([deal[size + s] for s in range(n)]) if rules.missions else ()
    return area, hands, aside, missions


#: The races set up from a deal, by the deal's identity (checked with ``is``, the entry keeping the
#: deal alive): ``Setup.deal`` remembers a drawn deal, so a search's determinizations start each
#: next race from one deal object in many playouts.
_DEALT: dict[int, tuple[Deal, Rules, tuple[tuple[tuple[int, ...], ...], PerSeat, Cards, Cards]]] = {}


def _race_start(
    rules: Rules,
    setup: Setup,
    log: Log,
    race: int,
    totals: tuple[int, ...],
    results: tuple[tuple[int, ...], ...],
    revealed: tuple[tuple[int, ...], ...],
    rounds_played: int,
    records: tuple[RoundRecord, ...],
    start: int | None = None,
) -> SaruState:
    """Set up race ``race`` from its deal (ST-SETUP-1..5); ``start``: the start player a variant's
    rule named (ST-LOGIC-4), else the game's own (ST-RULING-10)."""
    deal = setup.deal(SaruState.GAME, rules, race)
    n = rules.players
    dealt = _DEALT.get(id(deal))
    if dealt is not None and dealt[0] is deal and dealt[1] is rules:
        area, hands, aside, missions = dealt[2]
    else:
        area, hands, aside, missions = parts = _dealt(rules, deal)
        if type(deal) is tuple:  # an immutable deal (Setup.deal's own) is set up once
            if len(_DEALT) >= 1024:
                _DEALT.clear()
            _DEALT[id(deal)] = (deal, rules, parts)
    if start is None:
        start = (rules.first_player + race) % n  # ST-SETUP-5, ST-RULING-10
    order = tuple([(start + i) % n for i in range(n)])
    empty = ((),) * n
    return _new_state(
        rules, setup, log,
        (race, 0, missions, tuple(range(n)), order, (), totals, results, revealed, rounds_played, records, start, -1),
        (area, (), rules.track.start, empty, aside, empty, False),
        (hands, empty, (NOT_PLAYED,) * n, 0, empty), PLAY, 0, start,
    )


