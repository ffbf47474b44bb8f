"""The Witches of Blackmore's state: its fields, the seat to act, the legal actions and
``apply`` (the hot path, with the private helpers it calls); the other state methods
delegate to :mod:`.scoring`, :mod:`.history` and :mod:`.observation`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar, cast

import attrs

from rulebook.core.contract import Deal, Log, Setup, State, check_rng, log_actions, state_builder
from rulebook.core.history import RoundRecord, TrickRecord
from rulebook.core.logic import Event, Outcome, Trick, apply_changes
from rulebook.core.model import run_checks
from rulebook.core.tricks import best_position
from rulebook.core.turns import TRICK_RULES, TurnFacts

from . import history, observation, scoring
from .actions import _KEEP, _PLAY, _REPLACE, OVER, PLAYING, REPLACING, Keep, Phase, Play, Replace, WitchesAction
from .model import CHECKS
from .observation import Observation
from .rules import _RANK, _ROTATION, _SUIT, DECK, DESCENDING, TURNED, Board, Counts, Rules, TrickEntry, tables

__all__ = ["WitchesState", "check_invariants", "initial_state"]


@attrs.frozen(slots=True)
class WitchesState(State[Rules, WitchesAction]):
    """A position of The Witches of Blackmore. Build with :meth:`WitchesGame.new_game`."""

    rules: Rules
    setup: Setup = attrs.field(repr=False)
    log: Log = attrs.field(repr=False, eq=log_actions)
    #: internal (the hot path's): what changes only between tricks, kept in one tuple so that
    #: a play inside a trick builds a small state; the properties ``deck`` ... ``known``,
    #: ``tricks`` and ``rounds`` below are its public views
    board: Board = attrs.field(repr=False)
    hands: tuple[tuple[int, ...], ...]
    leader: int
    #: seats that play in this trick, in order (seats with cards, from the leader)
    order: tuple[int, ...]
    trick: tuple[int, ...]
    #: internal (the hot path's): the cards of the trick just won, while its winner decides
    #: on the replacement; the public view is ``tricks[-1]``
    _last_trick: tuple[int, ...]
    #: what the seat to act decides (:class:`Phase`; ``Phase.OVER`` once the game is over)
    phase: Phase
    #: the seat to act, ``None`` once the game is over (a field: read on every move)
    current_player: int | None

    #: WB-LOGIC-4: the named rules a variant's ``[turns]`` may give (the next trick's leader; the
    #: game is one deal, so its next round has no starter to name)
    TURN_RULES: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (tuple(TRICK_RULES), ("game",))

    @staticmethod
    def turn_facts(event: Event) -> TurnFacts:
        """WB-LOGIC-4: what the named turn rules read at a trick event: the trick's winner; its loser,
        the card the trick's own ranking (the keys that decide WB-TRICK-1..3, WB-TRICK-6) puts lowest,
        ties to the first seat clockwise from the winner; the first trick's leader;
        the scores."""
        state = event.state
        board = state.board
        order, trick, winner, tsuit = board[7][-1][:4]
        keys = board[8].win[board[3]][tsuit][_SUIT[trick[0]]]
        n = state.rules.players
        low = min(keys[c] for c in trick)
        by_seat = dict(zip(order, trick, strict=True))
        loser = next(s % n for s in range(winner, winner + n) if s % n in by_seat and keys[by_seat[s % n]] == low)
        return TurnFacts(n, winner, scoring.scores(state), winner, loser, board[7][0][0][0])

    # -- the board ------------------------------------------------------------------

    @property
    def deck(self) -> Deal:
        """The deal: the whole deck's order; ``deck[drawn:]`` is the draw pile, top first."""
        return self.board[0]

    @property
    def drawn(self) -> int:
        """How many cards of ``deck`` have been dealt or drawn (the first trump included)."""
        return self.board[1]

    @property
    def trumps(self) -> tuple[int, ...]:
        """The trump stack, bottom first; the last card is the trump (WB-TRUMP-2)."""
        return self.board[2]

    @property
    def anchor(self) -> int:
        """The number the wheel is aligned to (kept when the trump stack empties, WB-END-3)."""
        return self.board[3]

    @property
    def captured(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's captured cards (WB-TRICK-4)."""
        return self.board[4]

    @property
    def exhausted(self) -> bool:
        """After the first refill the pile could not cover, no more refills (WB-END-2)."""
        return self.board[5]

    @property
    def out(self) -> tuple[int, ...]:
        """Cards out of the game: tricks a player that is no seat took (WB-RULING-16), ``()`` as printed."""
        counts = self.board[9]
        return () if counts is None else counts[3]

    @property
    def known(self) -> tuple[tuple[int, ...], ...]:
        """Cards each seat drew from the trump stack and still holds (public knowledge)."""
        return self.board[6]

    # -- the record of play -----------------------------------------------------------

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        """Every finished trick, in order, built from the compact entries the state keeps.

        ``rule`` names what decided the winner: ``WB-TRICK-1`` (a single trump),
        ``WB-TRICK-2`` (several trumps, by the wheel) or ``WB-TRICK-3`` (no trump: the
        strongest card of the leader's colour). While the winner decides on the
        replacement, the trick just won is ``tricks[-1]``.
        """
        return history.tricks(self)

    @property
    def rounds(self) -> tuple[RoundRecord, ...]:
        """The game is one deal: ``()`` until it ends, then one record of it.

        Each captured trick adds the numbers on its cards to the winner (WB-SCORE-1,
        WB-TRICK-4); each card laid on the trump stack takes its number away again
        (WB-TRUMP-1). The points equal ``scores``; while the game goes on, ``scores``
        already shows the points so far (and equals the same sum over ``tricks``).
        """
        return history.rounds(self)

    # -- contract -------------------------------------------------------------------

    @property
    def trump_suit(self) -> int | None:
        """The trump colour: the colour of the top card of the trump stack (WB-RANK-1, WB-TRUMP-2)."""
        return _SUIT[self.trumps[-1]] if self.trumps and self.rules.trump_colour else None  # WB-RANK-3

    def legal_actions(self) -> tuple[WitchesAction, ...]:
        seat = self.current_player
        if seat is None:
            return ()
        if self.phase == PLAYING:
            hand = self.hands[seat]
            rules = self.rules
            if rules.must_follow and self.trick:  # WB-PLAY-2 (house rule)
                lead = _SUIT[self.trick[0]]
                follow = tuple(_PLAY[c] for c in hand if _SUIT[c] == lead)
                if follow:
                    return follow
            if rules.must_trump and self.trick:  # WB-PLAY-3 (house rule)
                trumps = _must_trump(self.trick[0], hand, self.board[2], rules)
                if trumps:
                    return tuple(_PLAY[c] for c in trumps)
            return tuple(map(_PLAY.__getitem__, hand))  # WB-PLAY-1
        return (*(_REPLACE[c] for c in sorted(self._last_trick)), _KEEP)  # WB-TRUMP-1

    def apply(self, action: WitchesAction) -> WitchesState:
        seat = self.current_player
        if seat is None:
            raise self.illegal("the game is over", "WB-END-4", action)
        if self.phase == PLAYING:
            if type(action) is not Play:
                raise self.illegal(f"seat {seat} must play a card", "WB-PLAY-1", action)
            card = action.card
            if type(card) is not int:  # never coerce: Play(True) is not Play(1)
                raise self.illegal(f"a card is an int 0..{DECK.size - 1}, not {card!r}", "WB-PLAY-1", action)
            return self._play(seat, card)
        if type(action) is Keep:  # as _after_replacement, one call less (the common decision)
            board = self.board  # known, trumps, anchor, captured, finished tricks
            return self._close(
                (self.log, action), list(self.hands), board[6], board[2], board[3], board[4], self.leader, (),
                self.rules.replace_before_draw, False, board[7],
            )
        if type(action) is not Replace:
            raise self.illegal(f"seat {seat} must choose to replace the trump or keep it", "WB-TRUMP-1", action)
        card = action.card
        if type(card) is not int or card not in self._last_trick:
            raise self.illegal("only a card of the trick just won may become the trump", "WB-TRUMP-1", action)
        captured = list(self.captured)
        captured[seat] = tuple(c for c in captured[seat] if c != card)
        played = self.board[7]
        played = (*played[:-1], (*played[-1], card))
        return self._after_replacement(self.trumps + (card,), tuple(captured), _RANK[card], action, played)

    @property
    def scores(self) -> tuple[int, ...]:
        """Sum of the numbers on each seat's captured cards (WB-SCORE-1)."""
        return scoring.scores(self)

    @property
    def winners(self) -> frozenset[int]:
        """Highest total wins; tied seats share the win (WB-SCORE-2, WB-RULING-6)."""
        return scoring.winners(self)

    def observation(self, seat: int) -> Observation:
        """Seat's view (WB-INFO-1): own hand; others' hand sizes; all played cards (WB-RULING-12)."""
        return observation.observation(self, seat)

    def resample(self, seat: int, rng: random.Random) -> WitchesState:
        """Redeal what ``seat`` cannot see: other hands' unknown cards and the draw pile."""
        check_rng(rng)
        return observation.resample(self, seat, rng)

    # -- engine ---------------------------------------------------------------------

    def _play(self, seat: int, card: int) -> WitchesState:
        real = self.hands
        hand = real[seat]
        rules = self.rules
        try:
            i = hand.index(card)
        except ValueError:
            raise self.illegal(f"seat {seat} does not hold that card", "WB-PLAY-1", Play(card)) from None
        trick = self.trick
        if rules.must_follow and trick:  # WB-PLAY-2
            lead = _SUIT[trick[0]]
            if _SUIT[card] != lead and any(_SUIT[c] == lead for c in hand):
                raise self.illegal("house rule: the leader's colour must be followed", "WB-PLAY-2", Play(card))
        if rules.must_trump and trick:  # WB-PLAY-3
            trumps = _must_trump(trick[0], hand, self.board[2], rules)
            if trumps and card not in trumps:
                raise self.illegal("house rule: without the leader's colour, a trump must be played", "WB-PLAY-3",
                                   Play(card))
        hands = list(real)
        hands[seat] = hand[:i] + hand[i + 1 :]
        board = self.board
        known = board[6]
        if card in known[seat]:
            known = tuple(tuple(c for c in k if c != card) if s == seat else k for s, k in enumerate(known))
            board = (*board[:6], known, *board[7:])
        trick = trick + (card,)
        log = (self.log, _PLAY[card])
        order = self.order
        if len(trick) < len(order):
            return _new_state(
                rules, self.setup, log, board, tuple(hands), self.leader, order, trick, self._last_trick,
                PLAYING, order[len(trick)],
            )
        # The trick is complete; find the strongest card: WB-TRICK-1 (a single trump),
        # WB-TRICK-2 (several trumps, by the wheel), WB-TRICK-3 (else the lead colour);
        # WB-RULING-8 (the source's example) is checked against this.
        # WB-RANK-3: without a trump colour the stack only turns the wheel; WB-TRICK-6: the
        # tables rank the weakest highest.
        trumps = board[2]
        tabs = board[8]
        tsuit = _SUIT[trumps[-1]] if trumps and rules.trump_colour else 6
        logic = rules.logic
        if logic.trick_winner is None:  # the printed resolution, precomputed (scoring.resolve_trick)
            keys = tabs.win[board[3]][tsuit][_SUIT[trick[0]]]
            winner = order[best_position(trick, keys)]
        else:  # WB-LOGIC-1: the variant's function, on the same inputs (its seat was checked)
            answer = logic.trick_winner(Trick(trick, order, order[0], self, rules))
            if type(answer) is Outcome:  # WB-LOGIC-1, WB-RULING-16: cards join from the pile, or nobody wins
                return self._outcome(answer, log, hands, known, trick, tsuit)
            winner = int(cast(int, answer))
        captured = list(board[4])
        captured[winner] = captured[winner] + trick  # WB-TRICK-4
        played = board[7] + ((order, trick, winner, tsuit),)
        if board[9] is not None:  # WB-LOGIC-2, WB-LOGIC-3: the variant's counters or endings
            return self._trick_event(log, hands, known, tuple(captured), winner, trick, played)
        stop = tabs.stop
        if stop and (  # WB-END-6 (a fixed number of tricks), WB-END-7 (a target score)
            len(played) >= rules.end_tricks
            if stop == 1
            else sum(map(tabs.points.__getitem__, captured[winner])) >= rules.end_target
        ):
            return _new_state(
                rules, self.setup, log, (*board[:4], tuple(captured), board[5], known, played, tabs, None),
                tuple(hands), winner, (), (), (), OVER, None,
            )
        # WB-TRUMP-1, WB-RULING-10: no decision after the last trick, the one after which every
        # hand is empty and no refill is due (after the refill from the trump stack, WB-END-2)
        if not rules.trump_replacement or (board[5] and not any(hands)):
            return self._close(log, hands, known, trumps, board[3], tuple(captured), winner, (), True, False, played)
        return self._close(
            log, hands, known, trumps, board[3], tuple(captured), winner, trick, not rules.replace_before_draw, True,
            played,
        )

    def _outcome(self, outcome: Outcome, log: Log, hands: list[tuple[int, ...]], known: tuple[tuple[int, ...], ...],
                 trick: tuple[int, ...], tsuit: int) -> WitchesState:
        """WB-LOGIC-1, WB-RULING-16: a variant's outcome of a complete trick. The cards that join it come from
        the top of the draw pile, turned up for all; a seat that wins takes them with the trick; a player that
        is no seat takes nothing: the trick and its joined cards leave the game, no trump is laid, and the
        trick's leader leads the next one."""
        board = self.board
        deck, drawn = board[0], board[1]
        cards = tuple(c for _n, c in outcome.joins)
        if deck[drawn : drawn + len(cards)] != cards:
            raise self.illegal("a card that joins a trick is the top card of the draw pile", "WB-LOGIC-1",
                               _PLAY[trick[-1]])
        order = (*self.order, *(n for n, _c in outcome.joins))
        every = trick + cards
        winner = outcome.winner
        played = board[7] + ((order, every, winner, tsuit),)
        counts = board[9]
        assert counts is not None
        if type(winner) is int:  # a seat takes the trick and what joined it (WB-TRICK-4)
            captured = list(board[4])
            captured[winner] = captured[winner] + every
            state = _new_state(self.rules, self.setup, log, (deck, drawn + len(cards), *board[2:7], board[7], board[8],
                                                             counts), tuple(hands), self.leader, self.order, (),
                               self._last_trick, PLAYING, self.current_player)
            return state._trick_event(log, hands, known, tuple(captured), winner, every, played)
        counts = (counts[0], counts[1], counts[2], counts[3] + every)  # out of the game
        rules = self.rules
        board = (deck, drawn + len(cards), board[2], board[3], board[4], board[5], known, played, board[8], counts)
        state = _new_state(rules, self.setup, log, board, tuple(hands), self.leader, self.order, (),
                           self._last_trick, PLAYING, self.current_player)
        return state._close(log, hands, known, board[2], board[3], board[4], self.order[0], (), True, False, played)

    def _trick_event(
        self,
        log: Log,
        hands: list[tuple[int, ...]],
        known: tuple[tuple[int, ...], ...],
        captured: tuple[tuple[int, ...], ...],
        winner: int,
        trick: tuple[int, ...],
        played: tuple[TrickEntry, ...],
    ) -> WitchesState:
        """The general path of a completed trick, under a variant's ``counters`` or ``ends``: the
        trick event (WB-LOGIC-2) once the trick is captured, then the game's own endings
        (WB-END-6, WB-END-7, reading the changed scores) and the variant's (WB-LOGIC-3)."""
        rules = self.rules
        logic = rules.logic
        board = self.board
        deck, drawn, trumps, anchor, _, exhausted, _, _, tabs, counts = board
        assert counts is not None
        # the state as the trick is captured: its winner to decide, the trick its last
        state = _new_state(
            rules, self.setup, log, (deck, drawn, trumps, anchor, captured, exhausted, known, played, tabs, counts),
            tuple(hands), winner, (), (), trick, REPLACING, winner,
        )
        event = Event("trick", len(played) - 1, state, history.trick_record(state, len(played) - 1))
        if logic.counters is not None:  # WB-LOGIC-2: the variant changes the scores the engine keeps
            changes = logic.counters(event)
            if changes:
                counts = (apply_changes(counts[0], changes, "score"), counts[1], -1, counts[3])
                board = (deck, drawn, trumps, anchor, captured, exhausted, known, played, tabs, counts)
                state = _new_state(rules, self.setup, log, board, tuple(hands), winner, (), (), trick, REPLACING,
                                   winner)
        stop = tabs.stop
        ended = bool(stop) and (  # WB-END-6 (a fixed number of tricks), WB-END-7 (a target score)
            len(played) >= rules.end_tricks if stop == 1 else max(scoring.scores(state)) >= rules.end_target
        )
        if not ended and logic.ends is not None and logic.ends(event):  # WB-LOGIC-3: the variant ends it
            ended = True
            counts = (counts[0], True, -1, counts[3])
        if ended:
            over = _new_state(
                rules, self.setup, log, (deck, drawn, trumps, anchor, captured, exhausted, known, played, tabs, counts),
                tuple(hands), winner, (), (), (), OVER, None,
            )
            return _round_event(over, counts[1])
        if logic.leader is not None:  # WB-LOGIC-4: the variant names who leads the next trick
            if event.state is not state:  # the counters changed the scores: the rule reads the changed ones
                event = Event("trick", event.number, state, event.record)
            seat = logic.leader(event)
            counts = (counts[0], counts[1], -1 if seat is None else seat, counts[3])
            board = (deck, drawn, trumps, anchor, captured, exhausted, known, played, tabs, counts)
            state = _new_state(rules, self.setup, log, board, tuple(hands), winner, (), (), trick, REPLACING, winner)
        if not rules.trump_replacement or (exhausted and not any(hands)):  # WB-TRUMP-1, WB-RULING-10
            return state._close(log, hands, known, trumps, anchor, captured, winner, (), True, False, played)
        return state._close(
            log, hands, known, trumps, anchor, captured, winner, trick, not rules.replace_before_draw, True, played
        )

    def _after_replacement(
        self,
        trumps: tuple[int, ...],
        captured: tuple[tuple[int, ...], ...],
        anchor: int,
        action: WitchesAction,
        played: tuple[TrickEntry, ...],
    ) -> WitchesState:
        return self._close(
            (self.log, action), list(self.hands), self.known, trumps, anchor, captured, self.leader, (),
            self.rules.replace_before_draw, False, played,
        )

    def _close(
        self,
        log: Log,
        hands: list[tuple[int, ...]],
        known: tuple[tuple[int, ...], ...],
        trumps: tuple[int, ...],
        anchor: int,
        captured: tuple[tuple[int, ...], ...],
        winner: int,
        last_trick: tuple[int, ...],
        refill: bool,
        decide: bool,
        played: tuple[TrickEntry, ...],
    ) -> WitchesState:
        """End of a trick: refill if due, then the winner's decision or the next trick."""
        rules = self.rules
        players = rules.players
        deck, drawn, _, _, _, exhausted, _, _, tabs, counts = self.board
        if refill and not exhausted:
            # WB-DRAW-1: refill from the winner clockwise; WB-END-1: the pile may run out.
            hand_size = rules.hand_size
            for seat in _ROTATION[players][winner]:
                if len(hands[seat]) >= hand_size:
                    continue
                if drawn < len(deck):
                    card = deck[drawn]
                    drawn += 1
                else:
                    exhausted = True  # WB-END-2, WB-RULING-4: the pile cannot refill every hand
                    if not trumps:
                        continue  # WB-END-3: the trump stack is empty too
                    card = trumps[-1]
                    trumps = trumps[:-1]
                    if trumps:
                        anchor = _RANK[trumps[-1]]
                    known = tuple(k + (card,) if s == seat else k for s, k in enumerate(known))
                hands[seat] = tuple(sorted(hands[seat] + (card,)))
        if decide:
            return _new_state(
                rules, self.setup, log, (deck, drawn, trumps, anchor, captured, exhausted, known, played, tabs, counts),
                tuple(hands), winner, (), (), last_trick, REPLACING, winner,
            )
        # WB-TRICK-5, WB-END-4, WB-RULING-5: the winner leads; seats without cards sit out.
        # WB-LOGIC-4: or the seat the variant named, the next clockwise with cards if it has none.
        order = _ROTATION[players][winner if counts is None or counts[2] < 0 else counts[2]]
        if not all(hands):
            order = tuple(s for s in order if hands[s])
        if not order:  # WB-END-4: every hand is empty
            over = _new_state(
                rules, self.setup, log, (deck, drawn, trumps, anchor, captured, exhausted, known, played, tabs, counts),
                tuple(hands), winner, order, (), (), OVER, None,
            )
            return over if counts is None else _round_event(over, False)  # WB-LOGIC-2
        return _new_state(
            rules, self.setup, log, (deck, drawn, trumps, anchor, captured, exhausted, known, played, tabs, counts),
            tuple(hands), order[0], order, (), (), PLAYING, order[0],
        )


def _round_event(over: WitchesState, ended: bool) -> WitchesState:
    """WB-LOGIC-2: the game's end is its one round event: the variant's ``counters`` sees the
    finished game and its record, and may change the final scores before they are read."""
    logic = over.rules.logic
    if logic.counters is None:
        return over
    record = history.rounds(over)[0]
    changes = logic.counters(Event("round", 0, over, record))
    if not changes:
        return over
    board = over.board
    counts = board[9]
    assert counts is not None
    return _new_state(
        over.rules, over.setup, over.log, (*board[:9], (apply_changes(counts[0], changes, "score"), ended, -1,
                                                       counts[3])),
        over.hands, over.leader, over.order, (), (), OVER, None,
    )


def _must_trump(lead_card: int, hand: tuple[int, ...], trumps: tuple[int, ...], rules: Rules) -> tuple[int, ...]:
    """WB-PLAY-3: the trumps a player without the leader's colour must choose from (``()``: no obligation)."""
    if not trumps or not rules.trump_colour:
        return ()
    lead = _SUIT[lead_card]
    if any(_SUIT[c] == lead for c in hand):
        return ()
    tsuit = _SUIT[trumps[-1]]
    return tuple(c for c in hand if _SUIT[c] == tsuit)


if TYPE_CHECKING:
    _new_state = WitchesState
else:  # the engine builds its states without attrs' __init__ (about 2.5x cheaper)
    _new_state = state_builder(WitchesState)


def initial_state(rules: Rules, deck: Deal, setup: Setup) -> WitchesState:
    """Deal the hands (WB-SETUP-1, WB-SETUP-2), turn up the first trump (WB-SETUP-3,
    WB-RULING-11); the rest is the pile; the first leader leads (WB-SETUP-4)."""
    tabs = tables(rules)
    n, h = rules.players, rules.hand_size
    hands = tuple(tuple(sorted(deck[s * h : (s + 1) * h])) for s in range(n))
    if rules.first_trump == TURNED:  # WB-SETUP-3
        trumps: tuple[int, ...] = (deck[n * h],)
        anchor, drawn = _RANK[trumps[0]], n * h + 1
    else:  # WB-SETUP-5: no first trump; the wheel puts the highest (descending) or lowest number first
        trumps, drawn = (), n * h
        anchor = tabs.numbers[-1] if rules.wheel == DESCENDING else tabs.numbers[0]
    lead = rules.first_leader
    order = tuple((lead + i) % n for i in range(n))
    logic = rules.logic  # WB-LOGIC-2..4: the variant's counts ride along only when it has some
    counts: Counts | None = (
        None if logic.counters is None and logic.ends is None and logic.leader is None and logic.trick_winner is None
        else ((0,) * n, False, -1, ())
    )
    board: Board = (deck, drawn, trumps, anchor, ((),) * n, False, ((),) * n, (), tabs, counts)
    return _new_state(rules, setup, None, board, hands, lead, order, (), (), PLAYING, lead)




def check_invariants(state: WitchesState) -> None:
    """The game's own checks (:data:`CHECKS`): card conservation (WB-COMP-1), the trump stack's alignment
    (WB-TRUMP-2) and the known cards (WB-INFO-1), less those a variant switches off or replaces by ID."""
    run_checks(CHECKS, state)
