"""The gods-and-humans position and its engine: ``legal_actions`` and ``apply`` (the hot path).

The engine keeps the deal's facts by human index in the compact bundles :class:`DealFacts`
and :class:`Gaps`; the records of play (:mod:`.history`), the scores (:mod:`.scoring`), what
a seat sees and the redraw of what it does not (:mod:`.observation`) are built on access by
the sibling modules.
"""

from __future__ import annotations

import operator
import random
from bisect import bisect_left
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from rulebook.core.contract import Log, Setup, State, check_rng, log_actions, state_builder
from rulebook.core.history import RoundRecord, TrickRecord
from rulebook.core.logic import PRINTED_LOGIC, Event, Logic, Trick, apply_changes
from rulebook.core.memo import per_rules
from rulebook.core.turns import ROUND_RULES, TRICK_RULES, NamedTurns, TurnFacts, pick

from . import history, observation, scoring
from .actions import (
    _ASK_ACTIONS,
    _ORACLE,
    _ORACLE_NUMBERS,
    _PLAY,
    ASK,
    FORCED,
    GIVE,
    LONE,
    ORACLE,
    OVER,
    PLAY,
    GHAction,
    Give,
    Intervene,
    Oracle,
    Pass,
    Phase,
    Play,
    _gives,
    _malformed,
)
from .history import DealResult, Intervention, _by_seat
from .observation import Observation
from .rules import _FIRST, _KEYS, _SUIT, RED, Rules, legal_cards, plan

#: GH-LOGIC-4: the named round rules (``rotate`` is the printed ``deal_leader``, so ``game``)
_ROUND_RULES = tuple(r for r in ROUND_RULES if r != "rotate")

__all__ = ["DealFacts", "Gaps", "GodsState"]


def _deal_leader(
    how: str | int, index: int, humans: tuple[int, ...], totals: tuple[int, ...], past: tuple[DealResult, ...]
) -> int:
    """The human index leading the first trick of deal ``index`` (GH-SETUP-6, GH-RULING-7); GH-LOGIC-4:
    ``highest_score`` as ``lowest_score`` the other way round, and a seat (``how`` an int): that seat,
    or, a god in this deal, the first human clockwise from it (GH-RULING-20)."""
    h = len(humans)
    if type(how) is int:
        n = len(totals)
        return humans.index(next(s % n for s in range(how, how + n) if s % n in humans))
    first = index % h  # rotate
    if how == "lowest_score" or how == "highest_score":
        scores = [totals[s] for s in humans]
        best = min(scores) if how == "lowest_score" else max(scores)
        return next(i % h for i in range(first, first + h) if scores[i % h] == best)
    if how == "last_winner" and past and past[-1]._done:
        last = past[-1]
        winner = last.humans[_winners(last)[-1]]  # as the engine decided it
        if winner in humans:
            return humans.index(winner)
    return first


def _winners(result: DealResult) -> tuple[int, ...]:
    """The human index that won each trick of a finished deal (GH-LOGIC-1, GH-LOGIC-4)."""
    if result._variant:
        return history.trick_winners(result._done, result._won)
    return history.card_winners(result._done, result.trump, result._low)


@attrs.frozen(slots=True)
class DealFacts:
    """The facts of a deal that change rarely: roles, marks, pairing, oracle cards, totals."""

    deal: int
    #: human seats in seat order (position = human index)
    humans: tuple[int, ...]
    #: god seats in seat order (position = god index)
    gods: tuple[int, ...]
    #: per human index, the icon of its mark
    marks: tuple[int, ...]
    #: a permutation of the human indices: god j partners human pair[j]; pair[G:] is lone
    pair: tuple[int, ...]
    #: per human index, its oracle number (-1 not chosen yet)
    oracle: tuple[int, ...]
    #: the trump colour of this deal, or None (GH-TRICK-5)
    trump: int | None
    #: points per seat over the finished deals
    totals: tuple[int, ...]
    past: tuple[DealResult, ...]


@attrs.frozen(slots=True)
class Gaps:
    """The field and the interventions of a deal."""

    field: tuple[int, ...]
    #: god indices that have not (finished their) intervention this deal, in seat order
    waiting: tuple[int, ...]
    #: god indices still to be asked at this gap, in asking order
    asking: tuple[int, ...]
    #: the god index choosing an oracle card (ORACLE) or giving (GIVE, FORCED); else -1
    giver: int
    #: the cards given so far in the intervention in progress, by human index
    gift: tuple[int, ...]
    gift_src: tuple[bool, ...]
    #: the finished interventions of this deal
    gifts: tuple[Intervention, ...]
    #: (gap, god seat) of every answer "pass" this deal, in order (public, GH-INTERVENE-2)
    passes: tuple[tuple[int, int], ...]
    #: GH-RULING-23: cards a variant's step took out of the deal, face down: (card, the human it came from)
    aside: tuple[tuple[int, int], ...] = ()



@attrs.frozen(slots=True)
class GodsState(State[Rules, GHAction]):
    """A position of the gods-and-humans oracle game. Build with ``GAME.new_game``.

    Seats are players; in each deal ``humans`` (who play the tricks) and ``gods`` (who
    predict and intervene, GH-ROLE-3) list their seats in seat order. Every public
    per-player tuple is indexed by seat. Inside, per-human facts are kept by *human
    index* (the position in ``humans``, also the order of play in a trick,
    GH-RULING-15) in the bundles ``facts`` and ``gaps``, which are internal.

    The fields that change with almost every move are fields; what changes only between
    tricks or in the gods' phases is bundled in ``board`` and read through properties,
    so a card played inside a trick builds a state of eight fields.
    """

    rules: Rules
    setup: Setup = attrs.field(repr=False)
    log: Log = attrs.field(repr=False, eq=log_actions)
    #: per seat (humans and gods), the cards in hand, sorted
    hands: tuple[tuple[int, ...], ...]
    #: what the game waits for (a :class:`Phase`)
    phase: Phase
    #: the seat to act, ``None`` once the game is over (also readable as ``to_act``)
    current_player: int | None
    #: the cards of the current trick, in play order from the leader (see ``trick``)
    trick_cards: tuple[int, ...]
    #: ``(facts, gaps, leader, won, done, order)``, internal and by human index; ``order``
    #: is the human seats in the current trick's order of play, from the leader
    board: tuple[DealFacts, Gaps, int, tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]

    #: GH-LOGIC-4: the named rules a variant's ``[turns]`` may give (the next trick's leader among the
    #: deal's humans; the human who leads the next deal's first trick)
    TURN_RULES: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (tuple(TRICK_RULES), _ROUND_RULES)

    @staticmethod
    def turn_facts(event: Event) -> TurnFacts:
        """GH-LOGIC-4: what the named trick rules read at a trick event, counted in human indices (the
        engine reads the round rules itself, at its deal's end): the trick's winner and loser
        (GH-TRICK-3, GH-TRICK-5, GH-TRICK-8; ties to the first human from the winner), the human who
        led the deal's first trick, the humans' scores."""
        state = event.state
        facts, done = state.board[0], state.board[4]
        h = len(facts.humans)
        leader, *cards = done[-1]
        winner = facts.humans.index(event.record.winner)
        keys = _KEYS[state.rules.trick_winner == "lowest"][facts.trump][_SUIT[cards[0]]]
        of = {(leader + p) % h: keys[c] for p, c in enumerate(cards)}
        low = min(of.values())
        loser = next(i % h for i in range(winner, winner + h) if of[i % h] == low)
        scores = tuple(facts.totals[s] for s in facts.humans)
        return TurnFacts(h, winner, scores, winner, loser, done[0][0])

    # -- the bundled facts, by name ------------------------------------------------------

    @property
    def facts(self) -> DealFacts:
        """Internal: the deal's roles, marks, pairing, oracle cards (by human index) and totals."""
        return self.board[0]

    @property
    def gaps(self) -> Gaps:
        """Internal: the field and the deal's interventions (by god and human index)."""
        return self.board[1]

    @property
    def deal(self) -> int:
        """Index of the current deal, from 0."""
        return self.board[0].deal

    @property
    def humans(self) -> tuple[int, ...]:
        """Human seats of this deal, in seat order."""
        return self.board[0].humans

    @property
    def gods(self) -> tuple[int, ...]:
        """God seats of this deal, in seat order."""
        return self.board[0].gods

    @property
    def trick(self) -> tuple[tuple[int, int], ...]:
        """The current trick: ``(seat, card)`` in play order, the leader's first."""
        return tuple(zip(self.board[5], self.trick_cards))

    @property
    def leader(self) -> int:
        """Seat of the current trick's leader."""
        return self.board[0].humans[self.board[2]]

    @property
    def won(self) -> tuple[int, ...]:
        """Per seat, tricks won this deal (0 for gods)."""
        return _by_seat(self.rules.players, self.board[0].humans, self.board[3], 0)

    @property
    def marks(self) -> tuple[int, ...]:
        """Per seat, the icon of a human's mark, -1 for gods (GH-PAIR-1)."""
        return _by_seat(self.rules.players, self.board[0].humans, self.board[0].marks, -1)

    @property
    def oracle(self) -> tuple[int, ...]:
        """Per seat, a human's oracle number (-1: not chosen yet, or a god)."""
        return _by_seat(self.rules.players, self.board[0].humans, self.board[0].oracle, -1)

    @property
    def partners(self) -> tuple[int, ...]:
        """Per seat, its partner's seat; -1 for the lone human (GH-PAIR-2, GH-PAIR-3)."""
        f = self.board[0]
        out = [-1] * self.rules.players
        for god, i in zip(f.gods, f.pair):
            out[god] = f.humans[i]
            out[f.humans[i]] = god
        return tuple(out)

    @property
    def lone(self) -> int:
        """Seat of the lone human (孤高の者), or -1 (GH-PAIR-3)."""
        i = self._lone
        return self.board[0].humans[i] if i >= 0 else -1

    @property
    def totals(self) -> tuple[int, ...]:
        """Points per seat over the finished deals (the same as ``scores``)."""
        return self.board[0].totals

    @property
    def past(self) -> tuple[DealResult, ...]:
        """The finished deals (GH-INFO-3)."""
        return self.board[0].past

    @property
    def field(self) -> tuple[int, ...]:
        """The face-up field cards, sorted (GH-SETUP-3)."""
        return self.board[1].field

    @property
    def waiting(self) -> tuple[int, ...]:
        """God seats that have not (finished) their intervention this deal, in seat order."""
        gods = self.board[0].gods
        return tuple(gods[j] for j in self.board[1].waiting)

    @property
    def asking(self) -> tuple[int, ...]:
        """God seats still to be asked at this gap, in asking order (GH-INTERVENE-2)."""
        gods = self.board[0].gods
        return tuple(gods[j] for j in self.board[1].asking)

    @property
    def giver(self) -> int:
        """Seat of the god choosing an oracle card or giving, else -1."""
        j = self.board[1].giver
        return self.board[0].gods[j] if j >= 0 else -1

    @property
    def gift(self) -> tuple[tuple[int, int], ...]:
        """The intervention in progress: ``(seat, card)`` given so far (GH-RULING-12)."""
        return tuple(zip(self.board[0].humans, self.board[1].gift))

    @property
    def gift_src(self) -> tuple[bool, ...]:
        """For each card of ``gift``, whether it came from the field."""
        return self.board[1].gift_src

    @property
    def gifts(self) -> tuple[Intervention, ...]:
        """The finished interventions of this deal."""
        return self.board[1].gifts


    @property
    def deal_tricks(self) -> tuple[TrickRecord, ...]:
        """The finished tricks of the current deal (:class:`~rulebook.core.history.TrickRecord`, by seat)."""
        return history.deal_tricks(self)

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        """Every finished trick of the game, across deals, in order (built on demand)."""
        return history.tricks(self)

    @property
    def rounds(self) -> tuple[RoundRecord, ...]:
        """Every finished deal as a record: each seat's points and why (GH-SCORE-1)."""
        return history.rounds(self)

    # -- contract ---------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat to act (the field ``current_player``)."""
        return self.current_player

    @property
    def paused(self) -> str:
        """``score`` when the engine holds the deal's end for a variant's step (every trick played, nothing
        scored or revealed yet: GH-END-1, GH-INFO-3, GH-RULING-22), else ``""``."""
        return "score" if self.current_player is None and self.phase == PLAY else ""

    def resume(self) -> GodsState:
        """The held deal's end played on: scored, revealed, and the next deal dealt or the game over."""
        if not self.paused:
            raise ValueError("the game is not held before a step")
        facts, gaps, _leader, won, done, _order = self.board
        return self._end_deal(self.log, self.hands, facts, gaps, won, done)

    @property
    def _lone(self) -> int:
        """Human index of the lone human, or -1."""
        f = self.board[0]
        g = len(f.gods)
        return f.pair[g] if g < len(f.humans) else -1

    @property
    def _lones(self) -> tuple[int, ...]:
        """Human indices of the lone humans, in pairing order (GH-PAIR-3, GH-ROLE-4)."""
        f = self.board[0]
        return f.pair[len(f.gods) :]

    @property
    def lones(self) -> tuple[int, ...]:
        """Seats of every lone human, in pairing order: one or none at the printed tables, more
        with fewer gods (GH-PAIR-3, GH-ROLE-4)."""
        f = self.board[0]
        return tuple(f.humans[i] for i in f.pair[len(f.gods) :])

    @property
    def trump(self) -> int | None:
        """The trump suit: red with 4 humans, none with 3 (GH-TRICK-5)."""
        return self.board[0].trump

    def legal_actions(self) -> tuple[GHAction, ...]:
        phase = self.phase
        if phase == PLAY:
            hand = self.hands[self.current_player]  # type: ignore[index]
            trick = self.trick_cards
            follow = self.rules.follow
            if follow != "must_follow":
                return self._other_follow(hand, trick, follow)
            if trick:  # GH-TRICK-2: a hand is sorted, so the led colour's cards are one run
                lead = _SUIT[trick[0]]
                lo = bisect_left(hand, _FIRST[lead])
                hi = bisect_left(hand, _FIRST[lead + 1], lo)
                if hi > lo + 1:
                    return itemgetter(*hand[lo:hi])(_PLAY)  # type: ignore[no-any-return]
                if hi > lo:
                    return (_PLAY[hand[lo]],)
            if len(hand) > 1:
                return itemgetter(*hand)(_PLAY)  # type: ignore[no-any-return]
            return (_PLAY[hand[0]],) if hand else ()
        if phase == ORACLE or phase == LONE:
            return _ORACLE
        if phase == ASK:
            return _ASK_ACTIONS
        if phase == GIVE:
            hand = self.hands[self.current_player]  # type: ignore[index]
            gaps = self.board[1]
            if gaps.gift and not self.rules.mix_sources:  # GH-RULING-4
                return _gives(gaps.field if gaps.gift_src[0] else hand)
            return _gives(hand + gaps.field)
        if phase == FORCED:
            return _gives(self.hands[self.current_player])  # type: ignore[index]
        return ()

    def _other_follow(self, hand: tuple[int, ...], trick: tuple[int, ...], follow: str) -> tuple[GHAction, ...]:
        """The legal plays under the house rules ``free`` (GH-TRICK-6) and ``must_trump`` (GH-TRICK-7)."""
        return tuple(_PLAY[c] for c in legal_cards(follow, self.board[0].trump, hand, trick))

    def apply(self, action: GHAction) -> GodsState:
        phase = self.phase
        kind = type(action)
        if phase == PLAY:  # GH-TRICK-1: the humans play in human-index order from the leader
            if kind is not Play:
                raise self.illegal("a human must play a card", "GH-TRICK-1", action)
            card: int = action.card  # type: ignore[union-attr]
            seat: int = self.current_player  # type: ignore[assignment]
            hand = self.hands[seat]
            if type(card) is not int:  # not a bool, float or str that compares equal to a card
                raise _malformed(action, "card", "GH-TRICK-1")
            try:
                i = hand.index(card)
            except ValueError:
                raise self.illegal(f"seat {seat} does not hold that card", "GH-TRICK-1", action) from None
            trick = self.trick_cards
            if self.rules.follow != "must_follow":  # GH-TRICK-6, GH-TRICK-7
                if _PLAY[card] not in self._other_follow(hand, trick, self.rules.follow):
                    raise self.illegal("a trump must be played when the led colour cannot be followed",
                                       "GH-TRICK-7", action)
            elif trick:
                lead = _SUIT[trick[0]]
                if _SUIT[card] != lead:  # GH-TRICK-2: the hand is sorted, its led-colour cards one run
                    j = bisect_left(hand, _FIRST[lead])
                    if j < len(hand) and hand[j] < _FIRST[lead + 1]:
                        raise self.illegal("the led colour must be followed", "GH-TRICK-2", action)
            hands = list(self.hands)
            hands[seat] = hand[:i] + hand[i + 1 :]
            trick += (card,)
            board = self.board
            order = board[5]
            pos = len(trick)
            if pos < len(order):
                link = (self.log, action)
                return _new_state(
                    self.rules, self.setup, link, tuple(hands), PLAY, order[pos], trick, board
                )
            # the trick is complete: its winner takes it and leads the next (GH-TRICK-4)
            facts, gaps, leader, won, done, order = board
            logic = self.rules.logic
            if logic is PRINTED_LOGIC or logic.trick_winner is None:
                # GH-TRICK-5: the highest trump, else GH-TRICK-3: the highest card of the led colour
                # GH-TRICK-8: with trick_winner=lowest the keys rank the lower number first
                keys = _KEYS[self.rules.trick_winner == "lowest"][facts.trump]
                strength = itemgetter(*trick)(keys[_SUIT[trick[0]]])
                winner = (leader + strength.index(max(strength))) % pos
            else:  # GH-LOGIC-1: the variant's function names the winner
                assert logic.trick_winner is not None
                who = logic.trick_winner(Trick(trick, order, order[0], self, self.rules))
                winner = facts.humans.index(who)
            tally = list(won)
            tally[winner] += 1
            humans = facts.humans
            link = (self.log, action)
            if logic is not PRINTED_LOGIC and (
                logic.counters is not None or logic.ends is not None or logic.leader is not None
            ):
                return self._trick_event(
                    logic, link, tuple(hands), facts, gaps, winner, tuple(tally), done + ((leader, *trick),),
                    humans[winner:] + humans[:winner],
                )
            return self._gap(
                link, tuple(hands), facts, gaps, winner, tuple(tally), done + ((leader, *trick),),
                humans[winner:] + humans[:winner],
            )
        if phase == OVER:
            raise self.illegal("the game is over", "GH-END-2", action)
        if phase == ORACLE or phase == LONE:
            if kind is not Oracle:
                raise self.illegal("an oracle card must be chosen", "GH-ORACLE-1", action)
            return self._oracle(action.number, action)  # type: ignore[union-attr]
        if phase == ASK:
            facts, gaps, leader, won, done, order = self.board
            if kind is Intervene:
                link = (self.log, action)
                return _new_state(
                    self.rules, self.setup, link, self.hands, GIVE, self.current_player, (),
                    (facts, Gaps(gaps.field, gaps.waiting, (), gaps.asking[0], (), (), gaps.gifts, gaps.passes,
                        aside=gaps.aside),
                     leader, won, done, order),
                )
            if kind is Pass:
                rest = gaps.asking[1:]
                if rest:
                    nxt, to_act = ASK, facts.gods[rest[0]]
                else:
                    nxt, to_act = PLAY, order[0]
                gaps = Gaps(
                    gaps.field, gaps.waiting, rest, -1, (), (), gaps.gifts,
                    gaps.passes + ((len(done), self.current_player),),  # type: ignore[operator]
                    aside=gaps.aside,
                )
                return _new_state(
                    self.rules, self.setup, (self.log, action), self.hands, nxt, to_act, (),
                    (facts, gaps, leader, won, done, order),
                )
            raise self.illegal("the god asked must intervene or pass", "GH-INTERVENE-2", action)
        if kind is not Give:
            rule = "GH-FORCED-2" if phase == FORCED else "GH-INTERVENE-3"
            raise self.illegal("the intervening god must give a card", rule, action)
        if phase == GIVE:
            return self._give(action.card, action)  # type: ignore[union-attr]
        return self._forced(action.card, action)  # type: ignore[union-attr]

    @property
    def scores(self) -> tuple[int, ...]:
        """Points per seat over the finished deals (GH-SCORE-1)."""
        return scoring.scores(self)

    @property
    def winners(self) -> frozenset[int]:
        """The highest total wins; ties share (GH-END-3)."""
        return scoring.winners(self)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` sees (GH-INFO-1 for humans, GH-INFO-2 for gods, GH-RULING-5)."""
        return observation.observation(self, seat)

    def resample(self, seat: int, rng: random.Random) -> GodsState:
        """A state ``seat`` cannot tell from this one, with what it cannot see redrawn (GH-INFO-4).

        Redrawn: the cards it has not seen (other hands, face-down cards), respecting
        every colour a human has shown it lacks; which forced card came from which god;
        the oracle numbers and partners hidden from it; and the later deals.
        """
        check_rng(rng)
        return observation.resample(self, seat, rng)

    # -- engine -----------------------------------------------------------------------

    def replace(self, **changes: Any) -> GodsState:
        """A copy with the named facts changed, the log kept: for tests and what-if analysis.

        Names are state fields (``hands``...) or the internal bundled facts, which are by
        *human index* like the spec's deal encoding: ``pair``, ``oracle`` and ``marks`` of
        :class:`DealFacts`, ``field`` and the rest of :class:`Gaps`, and ``leader`` (a human
        index) or ``won`` (by human index). The result is not checked against the rules."""
        return self._rebuild(self.log, **changes)

    def _rebuild(self, log: Log, **changes: Any) -> GodsState:
        """A copy with ``changes`` (off the hot path: forced intervention, resample, replace)."""
        values = list(_GET_ALL(self))
        values[2] = log
        board: list[Any] = list(self.board)
        facts: dict[str, Any] = {}
        gaps: dict[str, Any] = {}
        for name, value in changes.items():
            if name in _FACTS:
                facts[name] = value
            elif name in _GAPS:
                gaps[name] = value
            elif name in _BOARD:
                board[_BOARD[name]] = value
            else:
                values[_INDEX[name]] = value
        if facts:
            board[0] = attrs.evolve(board[0], **facts)
        if gaps:
            board[1] = attrs.evolve(board[1], **gaps)
        humans, leader = board[0].humans, board[2]
        board[5] = humans[leader:] + humans[:leader]
        values[-1] = tuple(board)
        return _new_state(*values)

    def _oracle(self, number: int, action: GHAction) -> GodsState:
        if type(number) is not int or number not in _ORACLE_NUMBERS:  # the oracle cards show 0..5 (GH-COMP-2)
            rule = "GH-ORACLE-1" if self.phase == ORACLE else "GH-ORACLE-3"
            if type(number) is not int:
                raise _malformed(action, "number", rule)
            raise self.illegal("an oracle card shows a number from 0 to 5", rule, action)
        f, gaps, leader, won, done, order = self.board
        oracle = list(f.oracle)
        g = len(f.gods)
        log = (self.log, action)
        if self.phase == ORACLE:
            j = gaps.giver
            # GH-ORACLE-1, GH-RULING-9: gods choose in seat order, hidden from each other; the
            # card goes to the partner human (GH-ORACLE-2)
            oracle[f.pair[j]] = number
            if j + 1 < g:
                phase, to_act, giver = ORACLE, f.gods[j + 1], j + 1
            elif g < len(f.humans):  # GH-ORACLE-3, GH-RULING-17: the lone human takes the leftover set
                phase, to_act, giver = LONE, f.humans[f.pair[g]], -1
            else:
                phase = OVER  # here: every prediction is made
        else:
            # GH-ORACLE-3; GH-ROLE-4: several lone humans choose one after another, in pairing order
            k = f.pair.index(f.humans.index(self.current_player))
            oracle[f.pair[k]] = number
            if k + 1 < len(f.humans):
                phase, to_act, giver = LONE, f.humans[f.pair[k + 1]], -1
            else:
                phase = OVER
        facts = DealFacts(f.deal, f.humans, f.gods, f.marks, f.pair, tuple(oracle), f.trump, f.totals, f.past)
        if phase != OVER:
            gaps = Gaps(gaps.field, gaps.waiting, (), giver, (), (), gaps.gifts, gaps.passes, aside=gaps.aside)
            board = (facts, gaps, leader, won, done, order)
            return _new_state(self.rules, self.setup, log, self.hands, phase, to_act, (), board)
        gaps = Gaps(gaps.field, gaps.waiting, (), -1, (), (), gaps.gifts, gaps.passes, aside=gaps.aside)
        return self._gap(log, self.hands, facts, gaps, leader, won, done, order)

    def _trick_event(
        self,
        logic: Logic,
        log: Log,
        hands: tuple[tuple[int, ...], ...],
        facts: DealFacts,
        gaps: Gaps,
        leader: int,
        won: tuple[int, ...],
        done: tuple[tuple[int, ...], ...],
        order: tuple[int, ...],
    ) -> GodsState:
        """GH-LOGIC-2, GH-LOGIC-3: the ``trick`` event after a trick's own changes: the variant's
        counters change the scores, then its ``ends`` may end the game (the deal is scored as it
        stands); else on to the gap (:meth:`_gap`). The event's state is the position right after
        the trick, before any intervention: the winner to lead."""
        rules = self.rules
        board = (facts, gaps, leader, won, done, order)
        state = _new_state(rules, self.setup, log, hands, PLAY, order[0], (), board)
        record = history.last_deal_trick(state)
        event = Event("trick", record.number, state, record)
        if logic.counters is not None:
            changes = logic.counters(event)
            if changes:
                facts = _with_totals(facts, apply_changes(facts.totals, changes, "score"))
                board = (facts, gaps, leader, won, done, order)
                event = Event("trick", record.number, _new_state(rules, self.setup, log, hands, PLAY, order[0], (),
                                                                 board), record)
        if logic.ends is not None and logic.ends(event):
            return self._end_deal(log, hands, facts, gaps, won, done, cut=True)
        if logic.leader is not None and hands[facts.humans[0]]:  # GH-LOGIC-4: who leads the next trick
            named = getattr(logic.leader, "fn", None)
            if isinstance(named, NamedTurns):
                lead = None if named.trick == "winner" else pick(named.trick, "trick", GodsState.turn_facts(event))
            else:  # a function names a seat; a god: the first human clockwise from it (GH-RULING-20)
                seat = logic.leader(event)
                lead = None if seat is None else _deal_leader(seat, facts.deal, facts.humans, facts.totals, ())
            if lead is not None and lead != leader:
                humans = facts.humans
                leader, order = lead, humans[lead:] + humans[:lead]
        return self._gap(log, hands, facts, gaps, leader, won, done, order)

    def _gap(
        self,
        log: Log,
        hands: tuple[tuple[int, ...], ...],
        facts: DealFacts,
        gaps: Gaps,
        leader: int,
        won: tuple[int, ...],
        done: tuple[tuple[int, ...], ...],
        order: tuple[int, ...],
    ) -> GodsState:
        """Between tricks: forced intervention, asking the gods, the next trick, or the deal's end."""
        humans = facts.humans
        n = len(hands[humans[0]])
        if n == 0:
            if self.rules.logic.pauses and "score" in self.rules.logic.pauses:  # a variant's step before scoring
                return _new_state(self.rules, self.setup, log, hands, PLAY, None, (),
                                  (facts, gaps, leader, won, done, order))
            return self._end_deal(log, hands, facts, gaps, won, done)  # GH-END-1
        waiting = gaps.waiting
        if waiting:
            rules = self.rules
            forced = n == rules.forced_at  # GH-FORCED-1, GH-RULING-21
            if rules.logic.replaced:
                trigger = rules.logic.rule("GH-FORCED-1")
                if trigger is not None:  # GH-FORCED-1 replaced by ID: the variant's trigger, at every gap
                    forced = bool(trigger(_Gap(self, hands, len(done), n)))
            if forced:  # GH-FORCED-1, GH-RULING-11: this gap belongs to the forced intervention
                return _new_state(
                    self.rules, self.setup, log, hands, FORCED, facts.gods[waiting[0]], (),
                    (facts, Gaps(gaps.field, waiting, (), waiting[0], (), (), gaps.gifts, gaps.passes,
                        aside=gaps.aside), leader, won,
                     done, order),
                )
            t = len(done)
            # GH-INTERVENE-1, GH-RULING-3; GH-INTERVENE-5: no voluntary intervention with forced_only
            if (t > 0 or rules.early_intervention) and rules.interventions == "printed":
                k = t % len(waiting)  # GH-INTERVENE-2, GH-RULING-2: the asking order rotates with the gap
                asking = waiting[k:] + waiting[:k]
                return _new_state(
                    self.rules, self.setup, log, hands, ASK, facts.gods[asking[0]], (),
                    (facts, Gaps(gaps.field, waiting, asking, -1, (), (), gaps.gifts, gaps.passes,
                        aside=gaps.aside), leader, won,
                     done, order),
                )
        board = (facts, gaps, leader, won, done, order)
        return _new_state(self.rules, self.setup, log, hands, PLAY, order[0], (), board)

    def _give(self, card: int, action: GHAction) -> GodsState:
        """A voluntary intervention's next card (GH-INTERVENE-3)."""
        facts, gaps, leader, won, done, order = self.board
        humans = facts.humans
        god = facts.gods[gaps.giver]
        hands = list(self.hands)
        field = gaps.field
        hand = hands[god]
        if type(card) is not int:
            raise _malformed(action, "card", "GH-INTERVENE-3")
        if card in hand:
            from_field = False
        elif card in field:
            from_field = True
        else:
            raise self.illegal("the card must come from the god's hand or the field", "GH-INTERVENE-3", action)
        if gaps.gift and not self.rules.mix_sources and from_field != gaps.gift_src[0]:
            raise self.illegal("one intervention takes all its cards from one place", "GH-RULING-4", action)
        if from_field:
            i = field.index(card)
            field = field[:i] + field[i + 1 :]
        else:
            i = hand.index(card)
            hands[god] = hand[:i] + hand[i + 1 :]
        human = humans[len(gaps.gift)]  # GH-RULING-12: to the humans in human-index order
        hand = hands[human]
        i = bisect_left(hand, card)
        hands[human] = (*hand[:i], card, *hand[i:])
        gift = gaps.gift + (card,)
        src = gaps.gift_src + (from_field,)
        log = (self.log, action)
        if len(gift) < len(humans):
            return _new_state(
                self.rules, self.setup, log, tuple(hands), GIVE, self.current_player, (),
                (facts, Gaps(field, gaps.waiting, (), gaps.giver, gift, src, gaps.gifts, gaps.passes,
                    aside=gaps.aside), leader, won,
                 done, order),
            )
        record = Intervention(len(done), god, False, gift, src, humans)
        waiting = tuple(j for j in gaps.waiting if j != gaps.giver)  # GH-INTERVENE-4, GH-RULING-18: once
        return _new_state(
            self.rules, self.setup, log, tuple(hands), PLAY, order[0], (),
            (facts, Gaps(field, waiting, (), -1, (), (), gaps.gifts + (record,), gaps.passes,
                aside=gaps.aside), leader, won, done,
             order),
        )

    def _forced(self, card: int, action: GHAction) -> GodsState:
        """A forced intervention's next face-down card (GH-FORCED-2)."""
        facts, gaps, leader, won, done, order = self.board
        god = facts.gods[gaps.giver]
        hands = list(self.hands)
        hand = hands[god]
        if type(card) is not int:
            raise _malformed(action, "card", "GH-FORCED-2")
        if card not in hand:
            raise self.illegal("the forced intervention gives cards from the god's hand only", "GH-FORCED-2", action)
        i = hand.index(card)
        hands[god] = hand[:i] + hand[i + 1 :]
        gift = gaps.gift + (card,)
        log = (self.log, action)
        h = len(facts.humans)
        if len(gift) < h:
            return _new_state(
                self.rules, self.setup, log, tuple(hands), FORCED, self.current_player, (),
                (facts, Gaps(gaps.field, gaps.waiting, (), gaps.giver, gift, (), gaps.gifts, gaps.passes,
                    aside=gaps.aside), leader,
                 won, done, order),
            )
        gifts = gaps.gifts + (Intervention(len(done), god, True, gift, (False,) * h, facts.humans),)
        waiting = gaps.waiting[1:]
        if waiting:
            return self._rebuild(
                log, hands=tuple(hands), gift=(), giver=waiting[0], waiting=waiting, gifts=gifts,
                to_act=facts.gods[waiting[0]],
            )
        # every god has laid its cards: the humans take them into their hands
        for record in gifts:
            if record.forced:
                for i, c in enumerate(record.cards):
                    s = facts.humans[i]
                    hands[s] = tuple(sorted(hands[s] + (c,)))
        return self._rebuild(
            log, hands=tuple(hands), gift=(), giver=-1, waiting=(), gifts=gifts, phase=PLAY,
            to_act=facts.humans[leader],
        )

    def _end_deal(
        self,
        log: Log,
        hands: tuple[tuple[int, ...], ...],
        facts: DealFacts,
        gaps: Gaps,
        won: tuple[int, ...],
        done: tuple[tuple[int, ...], ...],
        cut: bool = False,
    ) -> GodsState:
        """Score the deal (GH-SCORE-1) and start the next one or end the game (GH-END-2).

        The deal's pairing and oracle cards are revealed in its :class:`DealResult`
        (GH-INFO-3, GH-RULING-14); cards left in gods' hands stay unseen (GH-RULING-12).
        ``cut``: a variant ended the game after a trick (GH-LOGIC-3); the deal is scored as it stands.
        """
        rules = self.rules
        humans, gods, pair, oracle = facts.humans, facts.gods, facts.pair, facts.oracle
        points = scoring.deal_points(rules, facts, won)
        past = facts.past
        first = past[-1].first_trick + len(past[-1]._done) if past else 0
        result = DealResult(
            facts.deal, gods, humans, tuple(points), facts.trump, first, facts.marks, pair, oracle, won, gaps.gifts,
            done,
            rules.trick_winner == "lowest",
            rules.logic.trick_winner is not None,  # GH-LOGIC-1
        )
        totals = tuple(a + b for a, b in zip(facts.totals, points))
        logic = rules.logic
        if logic is not PRINTED_LOGIC and (
            logic.counters is not None or logic.ends is not None or logic.leader is not None or cut
        ):
            return self._deal_event(logic, log, hands, facts, gaps, won, done, result, cut)
        past = facts.past + (result,)
        # GH-END-2; GH-END-4: with a target, the game also ends once a total reaches it
        # (GH-LOGIC-3: not with endings_off 'target')
        if facts.deal + 1 < rules.deals and not (
            rules.target and max(totals) >= rules.target and "target" not in rules.endings_off
        ):
            return _start(rules, self.setup, log, facts.deal + 1, totals, past)
        facts = DealFacts(facts.deal, humans, gods, facts.marks, pair, oracle, facts.trump, totals, past)
        # the final state keeps the last trick's leader
        board = (facts, gaps, self.board[2], won, done, self.board[5])
        return _new_state(rules, self.setup, log, hands, OVER, None, (), board)

    def _deal_event(
        self,
        logic: Logic,
        log: Log,
        hands: tuple[tuple[int, ...], ...],
        facts: DealFacts,
        gaps: Gaps,
        won: tuple[int, ...],
        done: tuple[tuple[int, ...], ...],
        result: DealResult,
        cut: bool,
    ) -> GodsState:
        """GH-LOGIC-2, GH-LOGIC-3: the ``round`` event (a deal) after the deal's scoring (``result``): the
        variant's counters change the scores, the game's own end (GH-END-2, GH-END-4) reads them,
        then the variant's ``ends`` may end the game. The record of the deal itemises the variant's
        changes in it, at its tricks and here. The event's state is the position after the
        scoring, with the deal among the finished ones."""
        rules = self.rules
        start = [0] * rules.players  # the totals when the deal began: the finished deals' points
        for res in facts.past:
            for s, p in enumerate(res.record.points):
                start[s] += p
        extra = tuple(t - s for t, s in zip(facts.totals, start))  # the variant's changes at the tricks
        result = attrs.evolve(result, extra=extra if any(extra) else (), cut=cut)
        totals = tuple(a + b for a, b in zip(facts.totals, result.points))

        def snapshot(totals: tuple[int, ...], result: DealResult) -> tuple[DealFacts, GodsState]:
            f = DealFacts(facts.deal, facts.humans, facts.gods, facts.marks, facts.pair, facts.oracle, facts.trump,
                          totals, facts.past + (result,))
            board = (f, gaps, self.board[2], won, done, self.board[5])
            return f, _new_state(rules, self.setup, log, hands, OVER, f.humans[0], (), board)

        final, state = snapshot(totals, result)
        event = Event("round", facts.deal, state, result.record)
        if logic.counters is not None:
            changes = logic.counters(event)
            if changes:
                totals = apply_changes(totals, changes, "score")
                extra = apply_changes(result._extra or (0,) * rules.players, changes, "score")
                result = attrs.evolve(result, extra=extra if any(extra) else ())
                final, state = snapshot(totals, result)
                event = Event("round", facts.deal, state, event.record)
        target = rules.target and max(totals) >= rules.target and "target" not in rules.endings_off
        if cut or facts.deal + 1 >= rules.deals or target or (logic.ends is not None and logic.ends(event)):
            board = (final, gaps, self.board[2], won, done, self.board[5])
            return _new_state(rules, self.setup, log, hands, OVER, None, (), board)
        how: str | int = rules.deal_leader
        if logic.leader is not None:  # GH-LOGIC-4, GH-RULING-20: who leads the next deal's first trick
            named = getattr(logic.leader, "fn", None)
            if isinstance(named, NamedTurns):
                if named.round in ("lowest_score", "highest_score", "last_winner"):
                    how = named.round
                elif named.round != "game":
                    how = facts.humans[done[0][0]] if named.round == "same" else int(named.round[5:]) - 1
            else:
                seat = logic.leader(event)
                if seat is not None:
                    how = seat
        return _start(rules, self.setup, log, facts.deal + 1, totals, final.past, how)


@attrs.frozen(slots=True)
class _Gap:
    """What a variant's trigger of the forced intervention (GH-FORCED-1 replaced by ID) is given: the state
    before the gap (``state``: the deal's facts, the gods still waiting in ``state.waiting``), the hands after
    the trick, the tricks played in the deal (``tricks``) and the cards each human holds (``cards``)."""

    state: Any = attrs.field(repr=False)
    hands: tuple[tuple[int, ...], ...] = attrs.field(repr=False)
    tricks: int
    cards: int


def _with_totals(facts: DealFacts, totals: tuple[int, ...]) -> DealFacts:
    """GH-LOGIC-2: ``facts`` with the scores changed by a variant."""
    return DealFacts(facts.deal, facts.humans, facts.gods, facts.marks, facts.pair, facts.oracle, facts.trump,
                     totals, facts.past)


if TYPE_CHECKING:
    _new_state = GodsState
else:  # the engine builds its states without attrs' __init__ (about 2.5x cheaper)
    _new_state = state_builder(GodsState)


_FIELDS = tuple(f.name for f in attrs.fields(GodsState))
_INDEX = {name: i for i, name in enumerate(_FIELDS)}
_INDEX["to_act"] = _INDEX["current_player"]
#: ``replace`` names for the board's parts (``leader``: human index, ``won``: by human index)
_BOARD = {name: i for i, name in enumerate(("facts", "gaps", "leader", "won", "done"))}
_FACTS = frozenset(attrs.fields_dict(DealFacts))
_GAPS = frozenset(attrs.fields_dict(Gaps))
_GET_ALL = operator.attrgetter(*_FIELDS)


@per_rules
def _deal_plan(rules: Rules) -> tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], int, int, int]:
    """Per Rules: the (gods, humans) of every deal, the hand size, the number of cards in play, the field size."""
    n = rules.players
    roles = tuple((gods, tuple(s for s in range(n) if s not in gods)) for gods in rules.god_seats)
    p = plan(rules)
    return roles, p.hand, len(p.cards), p.field


def _start(
    rules: Rules, setup: Setup, log: Log, index: int, totals: tuple[int, ...], past: tuple[DealResult, ...],
    how: str | int | None = None,
) -> GodsState:
    """Set up deal ``index`` (GH-ROLE-2, GH-SETUP-1..6, GH-PAIR-1..3); its first leader by ``how``
    (``deal_leader``, a round rule of GH-LOGIC-4 or a seat), else by ``deal_leader``."""
    n = rules.players
    deal = setup.deal(GodsState.GAME, rules, index)
    info = _deal_plan(rules)
    (gods, humans), size, ncards, nfield = info[0][index], info[1], info[2], info[3]
    h, g = len(humans), len(gods)
    leader = _deal_leader(rules.deal_leader if how is None else how, index, humans, totals, past)
    hands: list[tuple[int, ...]] = [()] * n
    for j, s in enumerate(gods):  # GH-SETUP-2
        hands[s] = tuple(sorted(deal[j * h : (j + 1) * h]))
    start = g * h
    field = tuple(sorted(deal[start : start + nfield]))  # GH-SETUP-3; GH-SETUP-7: none with field=0
    start += nfield
    for i, s in enumerate(humans):  # GH-SETUP-4
        hands[s] = tuple(sorted(deal[start + i * size : start + (i + 1) * size]))
    marks = deal[ncards : ncards + h]  # GH-PAIR-1; icons deal[ncards + h:] leave the game (GH-SETUP-1)
    pair = deal[ncards + 4 :]  # GH-PAIR-2, GH-PAIR-3
    trump = RED if h == 4 and rules.red_trump else None  # GH-TRICK-5
    facts = DealFacts(index, humans, gods, marks, pair, (-1,) * h, trump, totals, past)
    # GH-INTERVENE-6: with interventions=none no god is waiting to intervene
    waiting = tuple(range(g)) if rules.interventions != "none" else ()
    gaps = Gaps(field, waiting, (), 0, (), (), (), ())
    order = humans[leader:] + humans[:leader]
    board = (facts, gaps, leader, (0,) * h, (), order)
    return _new_state(rules, setup, log, tuple(hands), ORACLE, gods[0], (), board)


