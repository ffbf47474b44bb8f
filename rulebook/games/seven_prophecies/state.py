"""The Seven Prophecies position and its engine: ``legal_actions`` and ``apply`` (the hot path).

The engine keeps compact tuples (:data:`~rulebook.games.seven_prophecies.rules.TrickRow`,
:data:`~rulebook.games.seven_prophecies.history.RoundRow`); the public records of play,
the scores, the observation and the redraw are built on access by the sibling modules.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, cast

import attrs

from rulebook.core.contract import Log, Setup, State, check_rng, log_actions, state_builder
from rulebook.core.history import RoundRecord
from rulebook.core.logic import Event, Trick, apply_changes
from rulebook.core.memo import per_rules
from rulebook.core.model import run_checks
from rulebook.core.turns import ROUND_RULES, TRICK_RULES, TurnFacts

from . import actions, history, observation, scoring
from .actions import (
    _PLAY,
    OVER,
    PROPHECY,
    TRICK,
    Phase,
    Play,
    ProphecyAction,
    Prophesy,
    _prophecy_legal,
    _prophecy_step,
)
from .history import PlacedTrick, PlayedRound, RoundRow
from .model import CHECKS
from .observation import Observation
from .rules import (
    _ROT,
    _SUIT,
    DECK,
    FOLLOW_FREE,
    FOLLOW_FUTURE,
    KEYS,
    START_FIXED,
    START_LEFT,
    START_LOWEST,
    TARGET,
    TWICE,
    Rules,
    TrickRow,
    aside,
    in_play_set,
)
from .scoring import round_end

__all__ = ["Counts", "RoundInfo", "SevenPropheciesState", "check_invariants"]

#: per round, the variant's changes to the score counter (during its tricks, at its end), and
#: whether the variant ended the game (see :attr:`RoundInfo.logic`)
Counts = tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], bool]

#: bound here by assignment, not by import: CPython 3.11 compiles ``NAME.get(...)`` without its
#: fast method call when ``NAME`` was imported (it might be a module), about 40 ns per prophecy cube
_PROPHECY_STEP = actions._PROPHECY_STEP

#: a trick's seats by play position: ``_SEAT[n][leader][j]`` played the trick's ``j``-th card
_SEAT = {n: tuple(tuple((leader + j) % n for j in range(n)) for leader in range(n)) for n in (3, 4, 5)}


@attrs.frozen(slots=True)
class RoundInfo:
    """The part of a position that changes only between rounds."""

    #: round index, from 0
    round: int
    #: the round's start player (SP-SETUP-4, SP-END-2)
    start: int
    aside_up: tuple[int, ...]
    aside_down: tuple[int, ...]
    #: the future row: the i-th card belongs to trick i (SP-SETUP-3)
    future: tuple[int, ...]
    points: tuple[int, ...]
    successes: tuple[int, ...]
    #: every finished round as the engine keeps it (the last one too, once the game is over);
    #: the public record is ``state.earlier`` (:class:`~rulebook.games.seven_prophecies.PlayedRound`)
    finished: tuple[RoundRow, ...]
    #: what a variant's logic keeps (SP-LOGIC-2, SP-LOGIC-3), ``None`` unless its rules have
    #: ``counters`` or ``ends``: (per round so far, the changes its counters made to the score
    #: counter during the round's tricks and at its end; whether its ``ends`` ended the game)
    logic: Counts | None = None


@attrs.frozen(slots=True)
class SevenPropheciesState(State[Rules, ProphecyAction]):
    """A position of Seven Prophecies. Build with :meth:`SevenProphecies.new_game`."""

    rules: Rules
    setup: Setup = attrs.field(repr=False)
    log: Log = attrs.field(repr=False, eq=log_actions)
    #: what stays fixed during a round: the deal's public layout and the totals so far
    info: RoundInfo
    hands: tuple[tuple[int, ...], ...]
    #: per seat, the prophecy cubes left on each place card (index 0 = place 1)
    cubes: tuple[tuple[int, ...], ...]
    #: per seat, the prophecy as placed (kept for the record, SP-PROPH-2)
    prophecies: tuple[tuple[int, ...], ...]
    #: per seat, cubes moved onto played cards this round (SP-TRICK-2)
    placed: tuple[int, ...]
    leader: int
    #: the cards of the current trick, in play order from the leader
    trick: tuple[int, ...]
    #: the engine's compact rows of the tricks finished this round (private: the public
    #: record is :attr:`round_tricks`); each a ``TrickRow`` (see the ``rules`` module)
    _round_tricks: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]
    phase: Phase
    to_act: int | None

    #: SP-LOGIC-4: the named rules a variant's ``[turns]`` may give (the next trick's leader, the next
    #: round's start player)
    TURN_RULES: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (tuple(TRICK_RULES), tuple(ROUND_RULES))

    @staticmethod
    def turn_facts(event: Event) -> TurnFacts:
        """SP-LOGIC-4: what the named turn rules read at a trick or round event: the trick's 1st place
        (the winner) and last place (the loser, SP-RANK-1: places never tie); the round's first leader
        (its start player); the scores (SP-SCORE-1, SP-VAR-1, SP-VAR-2 and the variant's changes); the
        seat the game's own rule names, from which ties by score count."""
        state = event.state
        rules = state.rules
        n = rules.players
        info = state.info
        rows = state._round_tricks
        _, _, trick_places = rows[-1]
        winner, loser = trick_places.index(1), trick_places.index(n)
        if event.kind == "trick":
            return TurnFacts(n, winner, state.scores, winner, loser, rows[0][0])
        own = (info.start + 1) % n  # SP-END-2, SP-RULING-10, SP-END-8
        if rules.round_start != START_LEFT:
            own = next_start(rules.round_start, own, rules.first_player,
                             info.successes if rules.variant == TWICE else info.points)
        return TurnFacts(n, own, state.scores, winner, loser, info.start)

    @property
    def round(self) -> int:
        """The round index, from 0."""
        return self.info.round

    @property
    def start(self) -> int:
        """The round's start player (SP-SETUP-4, SP-END-2)."""
        return self.info.start

    @property
    def aside_up(self) -> tuple[int, ...]:
        return self.info.aside_up

    @property
    def aside_down(self) -> tuple[int, ...]:
        return self.info.aside_down

    @property
    def future(self) -> tuple[int, ...]:
        """The future row: the i-th card belongs to trick i (SP-SETUP-3)."""
        return self.info.future

    @property
    def points(self) -> tuple[int, ...]:
        """Points per seat (SP-SCORE-1); stays 0 in the variants."""
        return self.info.points

    @property
    def successes(self) -> tuple[int, ...]:
        """Per seat, rounds in which it fulfilled the seven prophecies."""
        return self.info.successes

    @property
    def ends(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """Per finished round: (tricks played, seats that fulfilled the seven prophecies)."""
        return history.ends(self)

    @property
    def earlier(self) -> tuple[PlayedRound, ...]:
        """Every round before the current one, as it was played (SP-INFO-1)."""
        return history.earlier(self)

    # -- the record of play (built on access; the hot path keeps compact tuples) --------

    @property
    def round_tricks(self) -> tuple[PlacedTrick, ...]:
        """The tricks finished in the current round (the last round's once the game is over),
        as :class:`~rulebook.games.seven_prophecies.PlacedTrick` records; every trick of the
        game is in :attr:`tricks`."""
        return history.round_tricks(self)

    @property
    def tricks(self) -> tuple[PlacedTrick, ...]:
        """Every finished trick of the game, across rounds, numbered from 0 (SP-TRICK-1).

        ``winner`` is the seat in 1st place; ``places`` gives every play's place.
        """
        return history.tricks(self)

    @property
    def rounds(self) -> tuple[RoundRecord, ...]:
        """Every finished round: each seat's change of :attr:`scores` and why, and how it ended.

        ``points`` is in the unit of ``scores`` for the variant: points (SP-SCORE-1, with the
        floor of SP-SCORE-2 recorded as its own change), successes (SP-VAR-1) or cubes moved
        (SP-VAR-2). ``scores == round_totals(rounds)``, plus, in variant 2 while its single
        round is being played, the cubes moved so far.
        """
        return history.rounds(self)

    # -- contract -------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.to_act

    @property
    def future_card(self) -> int | None:
        """The current trick's future card (SP-SETUP-3), or ``None`` outside tricks; a variant's ranking
        (SP-RANK-1 replaced by ID) reads it."""
        if self.phase != TRICK:
            return None
        return self.future[len(self._round_tricks)]

    @property
    def future_suit(self) -> int | None:
        """The suit of the current trick's future card (SP-PLAY-2), or ``None`` outside tricks."""
        if self.phase != TRICK:
            return None
        return _SUIT[self.future[len(self._round_tricks)]]

    def legal_actions(self) -> tuple[ProphecyAction, ...]:
        seat = self.to_act
        if seat is None:
            return ()
        if self.phase == PROPHECY:
            rules = self.rules
            return _prophecy_legal(rules.players, rules.every_place, rules.cubes, self.cubes[seat])
        hand = self.hands[seat]
        rule = self.rules.follow
        if rule == FOLLOW_FUTURE:
            suit = _SUIT[self.info.future[len(self._round_tricks)]]
        elif rule == FOLLOW_FREE or not self.trick:  # SP-PLAY-3; SP-PLAY-4: the first card is free
            return tuple(map(_PLAY.__getitem__, hand))
        else:
            suit = _SUIT[self.trick[0]]  # SP-PLAY-4: follow the suit led
        follow = [_PLAY[c] for c in hand if _SUIT[c] == suit]  # SP-PLAY-2: must follow the future suit
        if follow:
            return tuple(follow)
        return tuple(map(_PLAY.__getitem__, hand))  # SP-PLAY-1

    def apply(self, action: ProphecyAction) -> SevenPropheciesState:
        seat = self.to_act
        if seat is None:
            raise self.illegal("the game is over", "SP-END-3", action)
        if self.phase == PROPHECY:
            if type(action) is not Prophesy:
                raise self.illegal(f"seat {seat} must place a prophecy cube", "SP-PROPH-1", action)
            return self._prophesy(seat, action)
        if type(action) is not Play:
            raise self.illegal(f"seat {seat} must play a card", "SP-PLAY-1", action)
        return self._play(seat, action.card, action)

    @property
    def scores(self) -> tuple[int, ...]:
        """Points (SP-SCORE-1); in variant 1 the successes (SP-VAR-1), in variant 2 the cubes placed (SP-VAR-2).

        Always additive over :attr:`rounds` (the score floor is recorded there as its own
        change): ``scores == round_totals(rounds, P)``, plus in variant 2, while its round is
        being played, the cubes moved so far.
        """
        return scoring.scores(self)

    @property
    def winners(self) -> frozenset[int]:
        """SP-END-4 (highest total; ties share), SP-VAR-1 and SP-VAR-2 with their rulings."""
        return scoring.winners(self)

    def observation(self, seat: int) -> Observation:
        """Seat's view (SP-INFO-1, SP-INFO-2, SP-RULING-5, SP-RULING-6)."""
        return observation.observation(self, seat)

    def resample(self, seat: int, rng: random.Random) -> SevenPropheciesState:
        """Redraw what ``seat`` cannot see: other hands, the unseen set-aside cards, and
        (before the reveal) other seats' prophecies. Known voids are kept (SP-PLAY-2)."""
        check_rng(rng)
        return observation.resample(self, seat, rng)

    # -- engine ---------------------------------------------------------------------

    def _prophesy(self, seat: int, action: Prophesy) -> SevenPropheciesState:
        rules = self.rules
        n = rules.players
        own = self.cubes[seat]
        step = _PROPHECY_STEP.get((n, rules.every_place, rules.cubes, own, action))
        if step is None or type(action.place) is not int:
            # off the fast path: check the field's type before anything compares it
            if type(action.place) is not int:
                raise self.illegal(f"a place is an int 1..{n}, not {type(action.place).__name__}", "SP-PROPH-1", action)
            step = _prophecy_step(n, rules.every_place, rules.cubes, own, action)
            if step is None:
                last = max((p + 1 for p in range(n) if own[p]), default=0)
                if not 1 <= action.place <= n:
                    raise self.illegal(f"there is no place {action.place} with {n} players", "SP-PROPH-1", action)
                if action.place >= last and rules.every_place:
                    raise self.illegal("house rule: no place may stay empty", "SP-RULING-3", action)
                raise self.illegal("cubes are placed in order of place, first to last", "SP-RULING-4", action)
        own, complete = step
        cubes = (*self.cubes[:seat], own, *self.cubes[seat + 1 :])
        nxt = seat
        phase = PROPHECY
        if complete:
            nxt = (seat + 1) % n  # SP-PROPH-1: the next player clockwise
            dummies = rules.dummies
            while dummies and nxt in dummies and nxt != self.start:  # SP-RULING-16: a dummy makes none
                nxt = (nxt + 1) % n
            if nxt == self.start:
                phase = TRICK  # SP-PROPH-2: all revealed together; the start player leads trick 1
        return _new_state(
            rules, self.setup, (self.log, action), self.info, self.hands, cubes, cubes, self.placed,
            self.leader, (), self._round_tricks, phase, nxt,
        )  # fmt: skip

    def _play(self, seat: int, card: int, action: Play) -> SevenPropheciesState:
        hand = self.hands[seat]
        if type(card) is not int:  # bools and floats compare equal to cards: refuse them first
            raise self.illegal(f"a card is an int 0..{DECK.size - 1}, not {type(card).__name__}", "SP-PLAY-1", action)
        try:
            i = hand.index(card)
        except ValueError:
            if not 0 <= card < DECK.size:
                raise self.illegal(
                    f"there is no card {card} (cards are 0..{DECK.size - 1})", "SP-COMP-1", action
                ) from None
            if card not in in_play_set(self.rules):
                if _SUIT[card] >= self.rules.suit_count:  # SP-RULING-17
                    raise self.illegal("the fifth suit is in play with five players only", "SP-RULING-17",
                                       action) from None
                top = self.rules.top_3p
                if self.rules.players == 3 and DECK.rank_of[card] > top:
                    why = "the 12s and 13s are" if top == 11 else f"only numbers up to {top} are"
                    raise self.illegal(f"with 3 players {why} not in play" if top == 11 else
                                       f"with 3 players {why} in play", "SP-SETUP-5", action) from None
                raise self.illegal("house rule: that card is taken out of the deck", "SP-COMP-1", action) from None
            raise self.illegal(f"seat {seat} does not hold that card", "SP-PLAY-1", action) from None
        tricks = self._round_tricks
        suit = _SUIT[self.info.future[len(tricks)]]
        rules = self.rules
        rule = rules.follow
        if rule == FOLLOW_FUTURE:
            if _SUIT[card] != suit:
                for c in hand:
                    if _SUIT[c] == suit:
                        raise self.illegal("the future card's suit must be followed", "SP-PLAY-2", action)
        elif rule != FOLLOW_FREE and self.trick:  # SP-PLAY-4 (SP-PLAY-3: nothing to check)
            led = _SUIT[self.trick[0]]
            if _SUIT[card] != led:
                for c in hand:
                    if _SUIT[c] == led:
                        raise self.illegal("house rule: the suit led must be followed", "SP-PLAY-4", action)
        hands = (*self.hands[:seat], hand[:i] + hand[i + 1 :], *self.hands[seat + 1 :])
        trick = (*self.trick, card)
        log = (self.log, action)
        n = rules.players
        if len(trick) < n:
            return _new_state(
                rules, self.setup, log, self.info, hands, self.cubes, self.prophecies, self.placed,
                self.leader, trick, tricks, TRICK, (seat + 1) % n,
            )  # fmt: skip
        # SP-RANK-1, SP-RANK-2, SP-RANK-3: places; SP-TRICK-1: the trick is laid out under its future card
        key = KEYS[rules.order, rules.trump][suit]  # SP-RANK-4: 'lowest' first; SP-RANK-5: no trump
        leader = self.leader
        seat_of = _SEAT[n][leader]  # each play position's seat
        # each play's key and position, strongest first: the later play breaks equal numbers
        ranked = sorted([key[c] * 8 + j for j, c in enumerate(trick)], reverse=True)
        logic = rules.logic
        if logic.trick_winner is not None:  # SP-LOGIC-1: the variant's winner takes 1st place
            at = seat_of.index(int(cast(int, logic.trick_winner(Trick(trick, seat_of, leader, self, rules)))))
            first = next(v for v in ranked if v & 7 == at)
            ranked.remove(first)
            ranked.insert(0, first)
        elif logic.replaced:
            rank = logic.rule("SP-RANK-1")
            if rank is not None:  # SP-LOGIC-1: the variant's ranking gives every place, 1st to last
                ranked = [seat_of.index(s) for s in rank(Trick(trick, seat_of, leader, self, rules))]
        trick_places = [0] * n  # by seat
        cubes = list(self.cubes)
        placed = list(self.placed)
        finished = False
        cubes_total = rules.cubes
        p = 0  # the place index: 0 = 1st place
        for v in ranked:
            s = seat_of[v & 7]
            trick_places[s] = p + 1
            own = cubes[s]
            if own[p]:  # SP-TRICK-2: one cube from the place card onto the played card
                cubes[s] = (*own[:p], own[p] - 1, *own[p + 1 :])
                placed[s] += 1
                if placed[s] == cubes_total:
                    finished = True
            p += 1
        tricks = (*tricks, (leader, tuple(map(trick.__getitem__, _ROT[n][leader])), tuple(trick_places)))
        winner = seat_of[ranked[0] & 7]  # SP-TRICK-3: first place leads the next trick
        if finished and rules.endings_off and "cubes" in rules.endings_off:
            finished = False  # SP-END-1, SP-LOGIC-3: the seventh cube no longer ends the round
        if self.info.logic is not None:  # SP-LOGIC-2, SP-LOGIC-3: the variant's counters or endings
            return self._trick_event(log, hands, tuple(cubes), tuple(placed), tricks, winner, finished)
        if finished or len(tricks) == rules.tricks:  # SP-END-1
            return self._end_round(log, hands, tuple(cubes), tuple(placed), tricks, winner)
        return _new_state(
            rules, self.setup, log, self.info, hands, tuple(cubes), self.prophecies, tuple(placed), winner,
            (), tricks, TRICK, winner,
        )  # fmt: skip

    def _trick_event(
        self,
        log: Log,
        hands: tuple[tuple[int, ...], ...],
        cubes: tuple[tuple[int, ...], ...],
        placed: tuple[int, ...],
        tricks: tuple[TrickRow, ...],
        winner: int,
        finished: bool,
    ) -> SevenPropheciesState:
        """The general path of a finished trick, under a variant's ``counters`` or ``ends``: the
        trick event once the cubes have moved (SP-LOGIC-2), then the variant's ending (SP-LOGIC-3)
        and the round's own end (SP-END-1)."""
        rules = self.rules
        logic = rules.logic
        info = self.info
        state = _new_state(
            rules, self.setup, log, info, hands, cubes, self.prophecies, placed, winner, (), tricks, TRICK, winner,
        )  # fmt: skip
        number = sum(len(row[4]) for row in info.finished[: info.round]) + len(tricks) - 1
        event = Event("trick", number, state, history.last_round_trick(state))
        if logic.counters is not None:  # SP-LOGIC-2: the variant changes the score the engine keeps
            changes = logic.counters(event)
            if changes:
                info = _count(info, rules, changes, False)
        ended = logic.ends is not None and bool(logic.ends(event))  # SP-LOGIC-3
        if ended:
            assert info.logic is not None
            info = attrs.evolve(info, logic=(info.logic[0], True))
        if info is not self.info:
            state = _new_state(
                rules, self.setup, log, info, hands, cubes, self.prophecies, placed, winner, (), tricks, TRICK, winner,
            )  # fmt: skip
        if ended or finished or len(tricks) == rules.tricks:  # SP-END-1; a game the variant ends is scored as usual
            return state._end_round(log, hands, cubes, placed, tricks, winner)
        if logic.leader is not None:  # SP-LOGIC-4: the variant names who leads the next trick
            if event.state is not state:  # the counters changed the scores: the rule reads the changed ones
                event = Event("trick", number, state, event.record)
            lead = logic.leader(event)
            if lead is not None and lead != winner:
                return _new_state(
                    rules, self.setup, log, info, hands, cubes, self.prophecies, placed, lead, (), tricks, TRICK, lead,
                )  # fmt: skip
        return state

    def _end_round(
        self,
        log: Log,
        hands: tuple[tuple[int, ...], ...],
        cubes: tuple[tuple[int, ...], ...],
        placed: tuple[int, ...],
        tricks: tuple[TrickRow, ...],
        winner: int,
    ) -> SevenPropheciesState:
        rules = self.rules
        n = rules.players
        info = self.info
        # SP-SCORE-1, SP-SCORE-2, SP-RULING-16 (a dummy scores nothing), SP-VAR-1 (the successes)
        scores, successes = round_end(rules, info.points, info.successes, placed)
        # SP-INFO-1: the round stays public as it was played (perfect recall) and in the record
        played = (info.start, info.future, info.aside_up, self.prophecies, tricks, placed)
        finished = (*info.finished, played)
        nxt_round = info.round + 1
        if info.logic is not None:  # SP-LOGIC-2, SP-LOGIC-3: the round event and the variant's ending
            return self._round_event(log, hands, cubes, placed, tricks, winner, scores, successes, finished)
        if _over(rules, nxt_round, scores, successes):
            # the constructor, not attrs.evolve (as in _count)
            info = RoundInfo(info.round, info.start, info.aside_up, info.aside_down, info.future, scores, successes,
                             finished, None)
            return _new_state(
                rules, self.setup, log, info, hands, cubes, self.prophecies, placed, winner, (), tricks, OVER, None,
            )  # fmt: skip
        start = (info.start + 1) % n  # SP-END-2, SP-RULING-10: the next start player is the left neighbour
        if rules.round_start != START_LEFT:
            start = next_start(rules.round_start, start, rules.first_player, successes if rules.variant == TWICE
                               else scores)
        return _deal_round(rules, self.setup, log, nxt_round, start, scores, successes, finished)

    def _round_event(
        self,
        log: Log,
        hands: tuple[tuple[int, ...], ...],
        cubes: tuple[tuple[int, ...], ...],
        placed: tuple[int, ...],
        tricks: tuple[TrickRow, ...],
        winner: int,
        scores: tuple[int, ...],
        successes: tuple[int, ...],
        finished: tuple[RoundRow, ...],
    ) -> SevenPropheciesState:
        """The general path of a round's end (SP-LOGIC-2, SP-LOGIC-3): the round scored (SP-SCORE-1,
        SP-VAR-1, SP-VAR-2), the variant's counters at the round event, then the game's endings
        (reading the changed counts) and the variant's."""
        rules = self.rules
        logic = rules.logic
        info = self.info
        info = RoundInfo(info.round, info.start, info.aside_up, info.aside_down, info.future, scores, successes,
                         finished, info.logic)
        assert info.logic is not None
        end = _new_state(
            rules, self.setup, log, info, hands, cubes, self.prophecies, placed, winner, (), tricks, OVER, None,
        )  # fmt: skip
        event = Event("round", self.round, end, history.rounds(end)[-1])
        if logic.counters is not None:
            changes = logic.counters(event)
            if changes:
                info = _count(info, rules, changes, True)
        ended = info.logic is not None and info.logic[1]
        if not ended and logic.ends is not None and logic.ends(event):  # SP-LOGIC-3: the variant ends it
            assert info.logic is not None
            info = attrs.evolve(info, logic=(info.logic[0], True))
            ended = True
        if ended or _over(rules, self.round + 1, info.points, info.successes):
            if info is end.info:
                return end
            return _new_state(
                rules, self.setup, log, info, hands, cubes, self.prophecies, placed, winner, (), tricks, OVER, None,
            )  # fmt: skip
        start = (self.start + 1) % rules.players  # SP-END-2, SP-RULING-10
        if rules.round_start != START_LEFT:
            start = next_start(rules.round_start, start, rules.first_player,
                               info.successes if rules.variant == TWICE else info.points)
        if logic.leader is not None:  # SP-LOGIC-4: the variant names who starts the next round
            if info is not end.info:  # the counters changed the scores: the rule reads the changed ones
                end = _new_state(
                    rules, self.setup, log, info, hands, cubes, self.prophecies, placed, winner, (), tricks, OVER, None,
                )  # fmt: skip
                event = Event("round", self.round, end, event.record)
            lead = logic.leader(event)
            if lead is not None:
                start = lead
        assert info.logic is not None
        zero = (0,) * rules.players
        counts = ((*info.logic[0], (zero, zero)), False)
        return _deal_round(rules, self.setup, log, self.round + 1, start, info.points, info.successes, finished,
                           counts)


def _over(rules: Rules, next_round: int, scores: tuple[int, ...], successes: tuple[int, ...]) -> bool:
    """Whether the game ends after a round: SP-END-3, SP-END-5, SP-VAR-2 and SP-RULING-8 (its
    rounds played), SP-VAR-1 (the successes that win), SP-END-6 (the target score), less the
    endings ``endings_off`` switches off (SP-LOGIC-3)."""
    if next_round >= rules.rounds:  # SP-END-3, SP-END-5, SP-VAR-2, SP-RULING-8
        return True
    if rules.variant == TWICE:
        return max(successes) >= rules.successes_to_win and "successes" not in rules.endings_off  # SP-VAR-1
    return rules.end == TARGET and max(scores) >= rules.target_score and "target" not in rules.endings_off  # SP-END-6


def _count(info: RoundInfo, rules: Rules, changes: Any, at_end: bool) -> RoundInfo:
    """SP-LOGIC-2: ``info`` with the variant's ``changes`` applied to the score counter (points;
    successes in variant 1, SP-VAR-1; in variant 2, SP-VAR-2, points kept beside the cubes moved)
    and kept per round for the record (during its tricks, or at its end)."""
    delta = apply_changes((0,) * rules.players, changes, "score")
    if not any(delta) or info.logic is None:
        return info
    rows, ended = info.logic
    during, at = rows[-1]
    if at_end:
        at = tuple(a + d for a, d in zip(at, delta, strict=True))
    else:
        during = tuple(a + d for a, d in zip(during, delta, strict=True))
    logic = ((*rows[:-1], (during, at)), ended)
    # the constructor, not attrs.evolve: this runs after every trick of a variant that counts (SP-LOGIC-2)
    if rules.variant == TWICE:
        successes = tuple(a + d for a, d in zip(info.successes, delta, strict=True))
        return RoundInfo(round=info.round, start=info.start, aside_up=info.aside_up, aside_down=info.aside_down,
                         future=info.future, points=info.points, successes=successes, finished=info.finished,
                         logic=logic)
    points = tuple(a + d for a, d in zip(info.points, delta, strict=True))
    return RoundInfo(round=info.round, start=info.start, aside_up=info.aside_up, aside_down=info.aside_down,
                     future=info.future, points=points, successes=info.successes, finished=info.finished,
                     logic=logic)


def next_start(rule: str, left: int, first: int, scores: tuple[int, ...]) -> int:
    """The next round's start player under ``Rules.round_start`` (SP-END-8): ``left`` is the printed one
    (SP-END-2); ties by score go to the first tied seat clockwise from ``left`` (SP-RULING-13).

    >>> next_start("lowest-score", 2, 0, (5, 3, 4, 3)), next_start("highest-score", 1, 0, (5, 3, 5, 3))
    (3, 2)
    """
    if rule == START_FIXED:
        return first
    n = len(scores)
    best = min(scores) if rule == START_LOWEST else max(scores)
    return next(s % n for s in range(left, left + n) if scores[s % n] == best)


if TYPE_CHECKING:
    _new_state = SevenPropheciesState
else:  # the engine builds its states without attrs' __init__ (about 2.5x cheaper)
    _new_state = state_builder(SevenPropheciesState)


def _deal_round(
    rules: Rules,
    setup: Setup,
    log: Log,
    round_index: int,
    start: int,
    scores: tuple[int, ...],
    successes: tuple[int, ...],
    finished: tuple[RoundRow, ...],
    counts: Counts | None = None,
) -> SevenPropheciesState:
    """Deal a round: SP-SETUP-1 (the deal's form), SP-SETUP-2 and SP-SETUP-5 (set-aside cards and
    hands, in seat order: SP-RULING-11), SP-SETUP-3 (the future row, in trick order)."""
    deal = setup.deal(SevenPropheciesState.GAME, rules, round_index)
    n = rules.players
    up, down = _ASIDE(rules)
    a = up + down
    k = rules.tricks
    end = a + n * k
    hands = tuple([tuple(sorted(deal[i : i + k])) for i in range(a, end, k)])
    empty = (0,) * n
    first = start
    dummies = rules.dummies
    while dummies and first in dummies:  # SP-RULING-16: the first seat with a prophecy places first
        first = (first + 1) % n
    return _new_state(
        rules, setup, log,
        RoundInfo(round_index, start, tuple(sorted(deal[:up])), tuple(sorted(deal[up:a])), deal[end:], scores,
                  successes, finished, counts),
        hands, (empty,) * n, (empty,) * n, empty, start, (), (), PROPHECY, first,
    )  # fmt: skip


#: the set-aside cards (face up, unseen) under a ``Rules`` value, its last object answered by identity
_ASIDE = per_rules(aside)


def check_invariants(state: SevenPropheciesState) -> None:
    """The game's own checks (:data:`CHECKS`): card conservation (SP-SETUP-1), places (SP-RANK-1),
    cube conservation (SP-TRICK-2), the floor (SP-SCORE-2) and the hands (SP-PLAY-1), less those a
    variant switches off or replaces by ID."""
    run_checks(CHECKS, state)
