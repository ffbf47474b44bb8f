"""The UTSUKE position and its engine: ``legal_actions`` and ``apply`` (the hot path).

The engine keeps compact tuples (:data:`~rulebook.games.utsuke.rules.Board`: the round's
``match``, the bids, the trump, the leader, this round's tricks as ``(leader place, cards,
winner place)`` and the tricks won per place); the public record of play, the scores, the
observation and the redraw are built on access by the sibling modules (``history``,
``scoring``, ``observation``).
"""

from __future__ import annotations

import random
from bisect import bisect_left
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from rulebook.core.contract import Game, Log, Setup, State, check_rng, log_actions, state_builder
from rulebook.core.history import Player, TrickRecord
from rulebook.core.logic import PRINTED_LOGIC, Changes, Event, Logic, Trick, apply_changes
from rulebook.core.memo import per_rules
from rulebook.core.model import run_checks
from rulebook.core.turns import ROUND_RULES, TRICK_RULES, NamedTurns, TurnFacts, pick
from rulebook.errors import IllegalAction

from . import history, observation, scoring
from .actions import _BID, _PLAY_OF, Bid, Phase, Play, UtsukeAction, bid_actions
from .history import UtsukeRound
from .model import CHECKS
from .observation import Observation
from .rules import (
    _NEXT,
    _NPC_NAMES,
    _NRANKS,
    _STRENGTHS,
    _SUIT,
    _SUIT_LO,
    BID_CARDS,
    DECK,
    EXTRA,
    FIXED,
    FREE,
    HIGHEST,
    LEFTMOST,
    LORD,
    LOWEST,
    MUST_TRUMP,
    PRINTED,
    RANDOM,
    SAME,
    Board,
    Match,
    NpcView,
    RoundResult,
    Rules,
    TrickEntry,
    _player,
    layout,
    npc_legal,
    npc_pick,
    removed_cards,
)

__all__ = ["UtsukeState", "check_invariants"]


def _npc_policy(rules: Rules, k: int) -> Any:
    """UT-LORD-8, UT-LORD-5: the policy NPC ``k`` plays by: the variant's function for it (the young
    lord with ``young_lord_policy = "same"`` takes the lord's), else its option's named policy."""
    fns = dict(rules.logic.npcs)
    fn = fns.get(_NPC_NAMES[k])
    if fn is None and k == 1 and rules.young_lord_policy == SAME:
        fn = fns.get(LORD)
    if fn is not None:
        return fn
    return rules.lord_policy if k == 0 else rules.young_policy

#: UT-COMP-2, UT-BID-1: the legal bids per ``Rules.max_bid`` (0..max_bid) with the printed bid cards, precomputed
_BIDS = tuple(_BID[: top + 1] for top in range(16))


@attrs.frozen(slots=True)
class UtsukeState(State[Rules, UtsukeAction]):
    """A position of UTSUKE. Build with :meth:`UtsukeGame.new_game`."""

    rules: Rules
    setup: Setup = attrs.field(repr=False)
    log: Log = attrs.field(repr=False, eq=log_actions)
    #: what changes only between tricks, by a bid or at a round's end:
    #: ``(match, bids, trump, leader, tricks, won)``, kept in one tuple so that a play
    #: inside a trick builds a small state; read it through the properties ``match`` ... ``won``
    board: Board
    #: per place: seats' hands sorted; NPC rows leftmost first (UT-RULING-2)
    hands: tuple[tuple[int, ...], ...]
    trick: tuple[int, ...]
    #: the seat to act, or ``None`` once the game is over (a field: read on every move)
    current_player: int | None

    #: UT-LOGIC-4: the named rules a variant's ``[turns]`` may give (the next trick's leader, among
    #: the places: the lords too; the seat just after the lord in the next round)
    TURN_RULES: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (tuple(TRICK_RULES), tuple(ROUND_RULES))

    @staticmethod
    def turn_facts(event: Event) -> TurnFacts:
        """UT-LOGIC-4: what the named turn rules read at an event, in seats (the lords have no seat
        and no score): at a ``round`` event, the seat the lord sat before (the round's starter,
        UT-SETUP-1), the seat the game's own rule names next (the one after it, UT-END-3), from which
        ties by honour count, and the winner of the round's last trick (a lord's win: the seat right
        after it, UT-RULING-20). At a ``trick`` event the same facts for the trick just played (the
        engine reads the trick rules among the places itself)."""
        state = event.state
        n = state.rules.players
        nxt = state.nxt
        entry = state._round_tricks[-1]
        winner = entry[2] if entry[2] < n else nxt[entry[2]]
        if event.kind == "trick":
            return TurnFacts(n, winner, state.honour, winner, None, state.lord_before)
        start = state.lord_before
        return TurnFacts(n, (start + 1) % n, state.honour, winner, None, start)

    # -- the board ------------------------------------------------------------------

    @property
    def match(self) -> Match:
        """What stays fixed during a round: ``(round, lord_before, nxt, honour, chips, results)``."""
        return self.board[0]

    @property
    def round(self) -> int:
        """Round index (0 for the first round; also the index of its deal)."""
        return self.board[0][0]

    @property
    def lord_before(self) -> int:
        """The lord sits just before this seat clockwise this round (UT-SETUP-1, UT-END-3)."""
        return self.board[0][1]

    @property
    def nxt(self) -> tuple[int, ...]:
        """The next place clockwise, per place, this round."""
        return self.board[0][2]

    @property
    def honour(self) -> tuple[int, ...]:
        """Honour (誉) per seat."""
        return self.board[0][3]

    @property
    def chips(self) -> tuple[int, ...]:
        """Execution chips (打ち首) per seat."""
        return self.board[0][4]

    @property
    def _results(self) -> tuple[RoundResult, ...]:
        """The engine's record of every finished round, ``(bids, tricks won per place, the tricks
        as (leader place, cards, winner place), the seat the lord sat before)``: private, the
        public view is :attr:`rounds` (and :attr:`tricks`)."""
        return self.board[0][5]


    @property
    def bids(self) -> tuple[int, ...]:
        """Bid per seat this round (-1 before bidding)."""
        return self.board[1]

    @property
    def trump(self) -> int:
        """Trump suit for the current trick (UT-TRUMP-1, UT-TRUMP-2); -1 when the row is empty."""
        return self.board[2]

    @property
    def leader(self) -> int:
        """The place that led (or leads) the current trick."""
        return self.board[3]


    @property
    def _round_tricks(self) -> tuple[TrickEntry, ...]:
        """The engine's compact record of this round's finished tricks, ``(leader place, cards,
        winner place)``: private, the public view is :attr:`round_tricks`."""
        return self.board[4]

    # -- the record of play -----------------------------------------------------------

    @property
    def round_tricks(self) -> tuple[TrickRecord, ...]:
        """This round's finished tricks (the last round's once the game is over), as the same
        records as :attr:`tricks`: the lord and young lord by name (UT-TRICK-1, UT-TRICK-2)."""
        return history.round_tricks(self)

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        """Every finished trick of the game, across rounds, in order (UT-TRICK-1, UT-TRICK-2).

        Players are seats (``int``) or the NPCs by name, ``"lord"`` and ``"young lord"``
        (UT-SETUP-2); ``rule`` is ``UT-TRICK-1`` (the highest trump, else the highest card of
        the suit led).
        """
        return history.tricks(self)

    @property
    def rounds(self) -> tuple[UtsukeRound, ...]:
        """Every finished round (UT-SCORE-1..UT-SCORE-4), with how it ended (UT-END-1..UT-END-3).

        ``points`` is the honour each seat gained, so ``scores`` (the honour) is the sum of
        ``points`` over the rounds.
        """
        return history.rounds(self)

    @property
    def phase(self) -> Phase:
        """Bidding, playing, or over (UT-BID-2, UT-PLAY-1, UT-END-1)."""
        seat = self.current_player
        if seat is None:
            return Phase.OVER
        return Phase.BIDDING if self.board[1][seat] < 0 else Phase.PLAYING

    @property
    def won(self) -> tuple[int, ...]:
        """Tricks won this round per place."""
        return self.board[5]

    # -- contract -------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat to act (``current_player``), or ``None`` once the game is over."""
        return self.current_player

    @property
    def bidding(self) -> bool:
        """Whether the players are bidding (UT-BID-2): the seat to act has not bid yet."""
        seat = self.current_player
        return seat is not None and self.board[1][seat] < 0

    @property
    def lord_row(self) -> tuple[int, ...]:
        """The lord's face-up row, leftmost first; the chip lies on the last card (UT-SETUP-5)."""
        return self.hands[self.rules.players]

    @property
    def young_row(self) -> tuple[int, ...]:
        """The young lord's row with 2 players (UT-SETUP-2), else empty (UT-RULING-25: none without it)."""
        return self.hands[3] if self.rules.npcs == 2 else ()

    def legal_actions(self) -> tuple[UtsukeAction, ...]:
        seat = self.current_player
        if seat is None:
            return ()
        if self.board[1][seat] < 0:
            # UT-BID-1, UT-BID-2, UT-RULING-7: one action of 16 (bids 0..15); UT-COMP-2: up to max_bid
            rules = self.rules
            if rules.bid_cards == BID_CARDS:
                return _BIDS[rules.max_bid]
            return bid_actions(rules.bids)  # UT-RULING-24: what other bid cards make
        hand = self.hands[seat]
        trick = self.trick
        if trick:  # UT-PLAY-2: follow the lead suit if possible (hands are sorted by suit)
            lo = _SUIT_LO[trick[0]]
            i = bisect_left(hand, lo)
            j = bisect_left(hand, lo + _NRANKS, i)
            if i < j:
                if self.rules.follow != FREE:
                    return tuple(map(_PLAY_OF, hand[i:j]))
            elif self.rules.follow == MUST_TRUMP:  # UT-PLAY-4: unable to follow, trump if one can
                lo = self.board[2] * _NRANKS
                i = bisect_left(hand, lo)
                j = bisect_left(hand, lo + _NRANKS, i)
                if i < j:
                    return tuple(map(_PLAY_OF, hand[i:j]))
            # UT-PLAY-3: with follow='free' any card
        return tuple(map(_PLAY_OF, hand))

    def apply(self, action: UtsukeAction) -> UtsukeState:
        seat = self.current_player
        if seat is None:
            raise self.illegal("the game is over", "UT-END-1", action)
        board = self.board
        bids = board[1]
        if bids[seat] < 0:
            if type(action) is not Bid:
                raise self.illegal(f"seat {seat} must bid first", "UT-BID-1", action)
            t = action.tricks
            rules = self.rules
            top = rules.max_bid
            if type(t) is not int or not 0 <= t <= top:  # UT-BID-1, UT-COMP-2: the bid cards make 0..max_bid
                raise self.illegal(f"a bid is an int from 0 to {top}, not {t!r}", "UT-BID-1", action)
            if rules.bid_cards != BID_CARDS and t not in rules.bids:  # UT-RULING-24: a sum of the bid cards
                cards = ", ".join(map(str, rules.bid_cards))
                raise self.illegal(f"the bid cards {cards} cannot make {t}", "UT-RULING-24", action)
            return self._bid(seat, action)
        if type(action) is not Play:
            raise self.illegal(f"seat {seat} must play a card", "UT-PLAY-2", action)
        card = action.card
        if type(card) is not int:  # never coerce: Play(True) is not Play(1)
            raise self.illegal(f"a card is an int 0..{DECK.size - 1}, not {card!r}", "UT-PLAY-2", action)
        hand = self.hands[seat]
        try:
            i = hand.index(card)
        except ValueError:
            raise self.illegal(f"seat {seat} does not hold that card", "UT-PLAY-2", action) from None
        trick = self.trick
        if trick:
            lo = _SUIT_LO[trick[0]]
            hi = lo + _NRANKS
            if not lo <= card < hi:
                follow = self.rules.follow
                j = bisect_left(hand, lo)
                if j < len(hand) and hand[j] < hi:
                    if follow != FREE:  # UT-PLAY-3: with follow='free' any card
                        raise self.illegal("a card of the lead suit must be played", "UT-PLAY-2", action)
                elif follow == MUST_TRUMP and _SUIT[card] != board[2]:
                    tlo = board[2] * _NRANKS  # UT-PLAY-4: unable to follow, a trump if one can
                    j = bisect_left(hand, tlo)
                    if j < len(hand) and hand[j] < tlo + _NRANKS:
                        raise self.illegal("unable to follow, a trump must be played", "UT-PLAY-4", action)
            trick += (card,)
        else:
            lo = _SUIT_LO[card]
            hi = lo + _NRANKS
            trick = (card,)
        hands = list(self.hands)
        hands[seat] = hand[:i] + hand[i + 1 :]
        nxt = board[0][2]
        place = nxt[seat]
        nplaces = len(hands)
        players = len(bids)
        if len(trick) < nplaces:
            if place < players:
                # the next place is a seat in the same trick: nothing happens in between
                link = (self.log, action)
                return _new_state(self.rules, self.setup, link, board, tuple(hands), trick, place)
            # UT-LORD-2, UT-LORD-3 (UT-LORD-5): an NPC follows with its highest card of the
            # suit led (``lo .. hi - 1``), else its leftmost card, as npc_card.
            row = hands[place]
            rules = self.rules
            policy = rules.lord_policy if place == players else rules.young_policy
            if rules.logic is not PRINTED_LOGIC and rules.logic.npcs:  # UT-LORD-8: a variant's function
                policy = _npc_policy(rules, place - players)
            if policy == PRINTED:
                best = -1
                for c in row:
                    if lo <= c < hi and c > best:
                        best = c
                i = row.index(best) if best >= 0 else 0
            elif policy == LOWEST or policy == LEFTMOST or policy == HIGHEST:  # UT-LORD-6..UT-LORD-8
                i = row.index(npc_pick(policy, row, trick, False))
            else:  # UT-LORD-8: random, or a variant's function
                i = row.index(self._npc_play(policy, place - players, row, trick, board))
            trick += (row[i],)
            hands[place] = row[:i] + row[i + 1 :]
            place = nxt[place]
            if len(trick) < nplaces:
                # the trick goes on: a seat always comes after an NPC (UT-SETUP-1, UT-SETUP-2)
                link = (self.log, action)
                return _new_state(self.rules, self.setup, link, board, tuple(hands), trick, place)
        # The trick is complete. UT-TRICK-1, UT-RULING-1: the highest trump, else the highest
        # card of the lead suit takes it (UT-TRICK-3: no trumps; UT-TRICK-4: the lowest wins).
        trump = board[2]
        leader = board[3]
        logic = self.rules.logic
        if logic is PRINTED_LOGIC or logic.trick_winner is None:
            strength = _STRENGTHS[self.rules.trumps, self.rules.trick_winner][trump][_SUIT[trick[0]]]
            top = 0
            p = winner = leader
            for c in trick:  # the strengths of trumps and lead-suit cards are all distinct
                if strength[c] > top:
                    top = strength[c]
                    winner = p
                p = nxt[p]
        else:  # UT-LOGIC-1: the variant's function names the winner
            winner = self._variant_winner(logic, trick, leader)
        won = board[5]
        won = won[:winner] + (won[winner] + 1,) + won[winner + 1 :]  # UT-TRICK-2
        tricks = board[4] + ((leader, trick, winner),)
        # UT-TRUMP-2, UT-RULING-12: the chip stayed on its card during the trick (whichever
        # conduct rule played it) and now moves to the lord's rightmost card; UT-TRUMP-1,
        # UT-RULING-3: only the lord's row sets the trump, never the young lord's.
        row = hands[players]
        if not row:
            link = (self.log, action)
            board = (board[0], bids, -1, leader, tricks, won)
            if logic is not PRINTED_LOGIC and (logic.counters is not None or logic.ends is not None):
                match, ended, _ = self._trick_event(logic, link, board, tuple(hands), -1)
                board = (match, *board[1:])
                if ended:  # UT-LOGIC-3: a variant ended the game after this trick
                    return _new_state(self.rules, self.setup, link, board, tuple(hands), (), None)
            return self._end_round(link, board, tuple(hands))
        # UT-TRUMP-3: with trump_change='fixed' the deal's trump holds for the whole round
        board = (board[0], bids, trump if self.rules.trump_change == FIXED else _SUIT[row[-1]], winner, tricks, won)
        if logic is not PRINTED_LOGIC and (
            logic.counters is not None or logic.ends is not None or logic.leader is not None or logic.replaced
        ):
            link = (self.log, action)
            match, ended, named = self._trick_event(logic, link, board, tuple(hands), trump)
            board = (match, *board[1:])
            if ended:  # UT-LOGIC-3: a variant ended the game after this trick
                return _new_state(self.rules, self.setup, link, board, tuple(hands), (), None)
            if named != winner:  # UT-LOGIC-4: the variant names another place to lead the next trick
                winner = named
                board = (match, bids, board[2], named, tricks, won)
        # UT-PLAY-1: the winner leads (UT-LOGIC-4: or the place the variant named)
        if winner < players:
            link = (self.log, action)
            return _new_state(self.rules, self.setup, link, board, tuple(hands), (), winner)
        # UT-LORD-4 (UT-LORD-5): an NPC leads after its win with its rightmost card (UT-RULING-20: and
        # when a variant names it to lead); a seat always comes after an NPC (UT-SETUP-1, UT-SETUP-2).
        row = hands[winner]
        rules = self.rules
        policy = rules.lord_policy if winner == players else rules.young_policy
        if rules.logic is not PRINTED_LOGIC and rules.logic.npcs:  # UT-LORD-8: a variant's function
            policy = _npc_policy(rules, winner - players)
        if policy == PRINTED or policy == LOWEST:
            hands[winner] = row[:-1]
            lead = row[-1:]
        elif policy == LEFTMOST:  # UT-LORD-7: the leftmost conduct leads its leftmost card after a win too
            hands[winner] = row[1:]
            lead = row[:1]
        else:  # UT-LORD-8: another policy leads the card it picks
            card = npc_pick(HIGHEST, row, (), False) if policy == HIGHEST else self._npc_play(
                policy, winner - players, row, (), board)
            i = row.index(card)
            hands[winner] = row[:i] + row[i + 1 :]
            lead = (card,)
        link = (self.log, action)
        return _new_state(rules, self.setup, link, board, tuple(hands), lead, nxt[winner])

    @property
    def scores(self) -> tuple[int, ...]:
        """Honour (誉) per seat (UT-SCORE-2, UT-SCORE-3; UT-COMP-3: honour and chips)."""
        return scoring.scores(self)

    @property
    def losers(self) -> frozenset[int]:
        """Seats with the losing number of execution chips, once the game is over (UT-END-2)."""
        return scoring.losers(self)

    @property
    def winners(self) -> frozenset[int]:
        """The winning seats once the game is over (UT-END-1, UT-END-2, UT-RULING-4).

        Players with enough honour who did not lose win together. If there are none, the
        game ended by a loss: with ``on_loss='survivors'`` every player who did not lose
        wins; with ``'most_honour'`` the non-losers with the most honour. If every player
        lost (UT-RULING-4), nobody wins: ``winners`` is empty and ``losers`` is every seat.
        """
        return scoring.winners(self)

    def observation(self, seat: int) -> Observation:
        """Seat's view (UT-INFO-1): own hand and bid; NPC rows, tricks and results are public.

        Perfect recall of public events (UT-RULING-16): this round's tricks, and every
        finished round's bids and tricks.
        """
        return observation.observation(self, seat)

    def voids(self) -> tuple[frozenset[int], ...]:
        """Per seat, the suits it has shown it lacks this round by not following (UT-PLAY-2)."""
        return history.voids(self)

    def resample(self, seat: int, rng: random.Random) -> UtsukeState:
        """Redraw what ``seat`` cannot see: the other seats' hands and current bids (UT-INFO-1);
        the deals of later rounds are redrawn from a fresh seed (UT-SETUP-4); see
        ``rulebook.games.utsuke.observation.resample``."""
        check_rng(rng)
        return observation.resample(self, seat, rng)

    # -- engine ---------------------------------------------------------------------

    def _bid(self, seat: int, action: Bid) -> UtsukeState:
        board = self.board
        bids = board[1]
        if bids[seat] >= 0:  # pragma: no cover - the bidding order never returns to a seat
            raise self.illegal(f"seat {seat} has already bid", "UT-BID-2", action)
        bids = bids[:seat] + (action.tricks,) + bids[seat + 1 :]
        match = board[0]
        players = len(bids)
        nxt_seat = seat + 1 if seat + 1 < players else 0
        log = (self.log, action)
        if nxt_seat != match[1]:  # UT-BID-2, UT-RULING-8: bids go clockwise from the lord
            return _new_state(self.rules, self.setup, log, (match, bids, *board[2:]), self.hands, (), nxt_seat)
        # UT-PLAY-1: every bid is in; the lord leads the round's first trick. UT-LORD-1 (UT-LORD-5):
        # it leads its leftmost card (as npc_card); the seat after it plays next (UT-SETUP-1).
        hands = list(self.hands)
        row = hands[players]
        board = (match, bids, board[2], players, (), board[5])
        rules = self.rules
        policy = rules.lord_policy
        if rules.logic is not PRINTED_LOGIC and rules.logic.npcs:  # UT-LORD-8: a variant's function
            policy = _npc_policy(rules, 0)
        if policy == PRINTED or policy == LOWEST or policy == LEFTMOST:
            hands[players] = row[1:]
            lead = row[:1]
        else:  # UT-LORD-8: another policy leads the card it picks
            card = npc_pick(HIGHEST, row, (), True) if policy == HIGHEST else self._npc_play(policy, 0, row, (), board)
            i = row.index(card)
            hands[players] = row[:i] + row[i + 1 :]
            lead = (card,)
        return _new_state(rules, self.setup, log, board, tuple(hands), lead, match[2][players])

    def _npc_play(self, policy: Any, k: int, row: tuple[int, ...], trick: tuple[int, ...], board: Board) -> int:
        """UT-LORD-8: the card NPC ``k`` (0: the lord, 1: the young lord) plays from ``row`` to ``trick``
        by ``policy``: ``random`` (seeded by the game's seed, the round, the trick and the place in it,
        so a game replays exactly), or a variant's function, given only the NPC's public view
        (:class:`~rulebook.games.utsuke.rules.NpcView`) and its legal cards as ``play`` moves; its
        answer must be one of them."""
        name = _NPC_NAMES[k]
        if policy == RANDOM:
            return npc_random(self.setup.seed, board[0][0], len(board[4]), k, row, trick)
        legal = npc_legal(row, trick)
        plays = tuple(_PLAY_OF(c) for c in legal)
        answer = policy(NpcView(name, row, trick, board[2], not board[4], self.rules), plays)
        if type(answer) is not Play or answer not in plays:
            shown = str(answer)[:40] if isinstance(answer, Play) else type(answer).__name__
            raise IllegalAction(f"the {name}'s policy chose {shown}, not a card it may play", "UT-LORD-8", answer)
        return answer.card

    def _variant_winner(self, logic: Logic, trick: tuple[int, ...], leader: int) -> int:
        """UT-LOGIC-1: the place of the winner the variant's ``trick_winner`` names (a seat, or an NPC
        by name: the variant layer checked that it played to the trick)."""
        players = self.rules.players
        nxt = self.board[0][2]
        seats: list[Player] = []
        p = leader
        for _ in trick:
            seats.append(_player(p, players))
            p = nxt[p]
        assert logic.trick_winner is not None
        who = logic.trick_winner(Trick(trick, tuple(seats), seats[0], self, self.rules))
        return who if isinstance(who, int) else players + _NPC_NAMES.index(who)

    def _trick_event(
        self, logic: Logic, log: Log, board: Board, hands: tuple[tuple[int, ...], ...], trump: int
    ) -> tuple[Match, bool, int]:
        """UT-LOGIC-2, UT-LOGIC-3, UT-LOGIC-4: the ``trick`` event, after the trick's own changes
        (``board``): the variant's counters change honour and chips, then its ``ends`` may end the
        game, then (``trump`` >= 0: a trick that does not end the round; ``trump`` is the suit it was
        played with) its ``leader`` may name who leads the next trick. The match with the changed
        counts, whether the game ends here, and the place that leads next (the winner unless the
        variant names another).

        The event's state is the position right after the trick: no card on the table, the
        winner (after an NPC's win, the seat after it) to act; in the round's last trick, before
        the results."""
        rules = self.rules
        match = board[0]
        players = rules.players
        winner = board[4][-1][2]
        turn = winner if winner < players else match[2][winner]
        state = _new_state(rules, self.setup, log, board, hands, (), turn)
        number = sum(len(r[2]) for r in match[5]) + len(board[4]) - 1
        record = history.trick_record(number, match[0], board[4][-1], players, match[1], history._rule(rules),
                                      rules.npcs)
        event = Event("trick", number, state, record)
        if logic.counters is not None:
            changes = logic.counters(event)
            if changes:
                match = _changed(match, changes)
                state = _new_state(rules, self.setup, log, (match, *board[1:]), hands, (), turn)
                event = Event("trick", number, state, record)
        if logic.ends is not None and logic.ends(event):
            return match, True, winner
        if trump < 0 or logic.leader is None:
            return match, False, winner
        named = getattr(logic.leader, "fn", None)
        if isinstance(named, NamedTurns):  # UT-LOGIC-4, UT-RULING-20: the named rules read the places
            return match, False, _named_lead(named.trick, event, trump)
        seat = logic.leader(event)  # UT-LOGIC-4: a function names a seat (contract:leader), or None
        return match, False, winner if seat is None else seat

    def _end_round(self, log: Log, board: Board, hands: tuple[tuple[int, ...], ...]) -> UtsukeState:
        """UT-SCORE-1..UT-SCORE-4, then UT-END-1..UT-END-4 (``board`` has the round's last trick)."""
        rules = self.rules
        match, bids, _, _, tricks, won = board
        players = len(bids)
        honour, chips = scoring.round_counts(rules, match[3], match[4], bids, won)
        results = match[5] + ((bids, won, tricks, match[1], honour, chips),)
        logic = rules.logic
        if logic is not PRINTED_LOGIC and (
            logic.counters is not None or logic.ends is not None or logic.leader is not None or logic.replaced
        ):
            return self._round_event(logic, log, board, hands, (match[0], match[1], match[2], honour, chips, results))
        # UT-END-1, UT-END-2, UT-END-6, UT-END-8 (UT-RULING-14: checked together, after the results);
        # UT-LOGIC-3: with endings_off 'chips' the chips lose nobody
        if scoring.game_over(rules, len(results), honour, chips):
            board = ((match[0], match[1], match[2], honour, chips, results), *board[1:])
            return _new_state(rules, self.setup, log, board, hands, (), None)
        # UT-END-3, UT-END-4, UT-RULING-9: the lord moves one place clockwise (with two players
        # that swaps the lord and the young lord) and the cards are dealt again.
        return _round_start(self.GAME, rules, self.setup, log, match[0] + 1, (match[1] + 1) % players,
                            honour, chips, results)

    def _round_event(self, logic: Logic, log: Log, board: Board, hands: tuple[tuple[int, ...], ...],
                     match: Match) -> UtsukeState:
        """UT-LOGIC-2, UT-LOGIC-3, UT-LOGIC-4: the ``round`` event after the round's results
        (``match``): the variant's counters change honour and chips, then the game's own end checks
        (UT-END-1, UT-END-2, UT-END-6) read the changed counts, then the variant's ``ends`` may end the
        game; if it goes on, the variant's ``leader`` may name the seat the lord sits before next."""
        rules = self.rules
        number = match[0]
        players = rules.players
        state = _new_state(rules, self.setup, log, (match, *board[1:]), hands, (), match[1])
        record = history.round_record(state)
        event = Event("round", number, state, record)
        if logic.counters is not None:
            changes = logic.counters(event)
            if changes:
                match = _changed(match, changes)
                last = match[5][-1]
                match = (*match[:5], match[5][:-1] + ((*last[:4], match[3], match[4]),))
                state = _new_state(rules, self.setup, log, (match, *board[1:]), hands, (), match[1])
                event = Event("round", number, state, record)
        honour, chips, results = match[3], match[4], match[5]
        over = _over(rules, logic, event, len(results), honour, chips)  # UT-END-1, UT-END-2, UT-END-6, UT-END-8
        if over or (logic.ends is not None and logic.ends(event)):
            return _new_state(rules, self.setup, log, (match, *board[1:]), hands, (), None)
        start = (match[1] + 1) % players  # UT-END-3, UT-END-4
        if logic.leader is not None:  # UT-LOGIC-4: the variant names the seat the lord sits before next
            seat = logic.leader(event)
            if seat is not None:
                start = seat
        return _round_start(self.GAME, rules, self.setup, log, match[0] + 1, start, honour, chips, results)


#: UT-LOGIC-3: the endings a variant may replace by their IDs, each a function of the round event
_ENDING_SLOTS = ("UT-END-1", "UT-END-2", "UT-END-6", "UT-END-8")


def _over(rules: Rules, logic: Logic, event: Event, played: int, honour: tuple[int, ...],
          chips: tuple[int, ...]) -> bool:
    """Whether the game ends at the round ``event``: the printed endings (``scoring.game_over``), or, where
    the variant replaces endings by their IDs, each replaced one by its function (``fn(event) -> bool``) and
    the others as printed; the proved bound (UT-END-5) ends it in any case."""
    if not logic.replaced or not any(logic.rule(r) for r in _ENDING_SLOTS):
        return scoring.game_over(rules, played, honour, chips)
    if played >= scoring.max_rounds(rules):  # UT-END-5: every game ends
        return True
    lose = rules.chips_lose and max(chips) >= rules.chips_to_lose
    own = {
        "UT-END-1": rules.honour_wins and max(honour) >= rules.honour_to_win,
        "UT-END-2": lose,
        "UT-END-6": rules.by_rounds and played >= rules.rounds and rules.tiebreak != EXTRA,
        "UT-END-8": rules.by_rounds and rules.tiebreak == EXTRA and not lose
        and scoring.game_over(rules, played, honour, chips),
    }
    for rule in _ENDING_SLOTS:
        fn = logic.rule(rule)
        if bool(fn(event)) if fn is not None else own[rule]:
            return True
    return False


def _named_lead(rule: str, event: Event, trump: int) -> int:
    """UT-LOGIC-4, UT-RULING-20: the place a named trick rule names to lead the next trick, among
    the places (the lords too): ``winner`` the trick's winner (UT-PLAY-1); ``loser`` the place whose
    card the trick's own ranking (UT-TRICK-1, UT-TRICK-3, UT-TRICK-4, with the suit that was trump
    in it) puts lowest, ties to the first place clockwise from the winner; ``left_of_winner`` the
    place after the winner in the circle; ``leader`` the round's first leader, the lord
    (UT-PLAY-1); ``lowest_score``/``highest_score`` the seat with the least or most honour, ties from
    the seat the game's own rule puts to act."""
    state = event.state
    leader, trick, winner = state._round_tricks[-1]
    nxt = state.nxt
    if rule == "winner":
        return int(winner)
    if rule == "left_of_winner":
        return int(nxt[winner])
    if rule == "leader":
        return int(state._round_tricks[0][0])
    if rule == "loser":
        rules = state.rules
        strength = _STRENGTHS[rules.trumps, rules.trick_winner][trump][_SUIT[trick[0]]]
        of: dict[int, int] = {}
        p = leader
        for c in trick:
            of[p] = strength[c]
            p = nxt[p]
        low = min(of.values())
        p = winner
        while of[p] != low:
            p = nxt[p]
        return int(p)
    seat = pick(rule, "trick", type(state).turn_facts(event))
    assert seat is not None
    return seat


def npc_random(seed: int | None, round_index: int, done: int, k: int, row: tuple[int, ...],
               trick: tuple[int, ...]) -> int:
    """UT-LORD-8: the card NPC ``k`` plays from ``row`` to ``trick`` by the ``random`` policy, in the
    round ``round_index`` after ``done`` of its tricks: drawn from a generator seeded by the game's
    ``seed``, the round, the trick and the place in it (so a game replays exactly), never from a
    player's generator."""
    legal = npc_legal(row, trick)
    key = ((((seed or 0) * 64 + round_index) * 32 + done) * 8 + len(trick)) * 2 + k
    return legal[random.Random(key).randrange(len(legal))]


def _changed(match: Match, changes: Changes) -> Match:
    """UT-LOGIC-2: ``match`` with a variant's changes to the counters ``honour`` and ``chips``."""
    return (match[0], match[1], match[2], apply_changes(match[3], changes, "honour"),
            apply_changes(match[4], changes, "chips"), match[5])


if TYPE_CHECKING:
    _new_state = UtsukeState
else:  # the engine builds its states without attrs' __init__ (about 2.5x cheaper)
    _new_state = state_builder(UtsukeState)


def _round_start(
    game: Game[Any, Any, Any],
    rules: Rules,
    setup: Setup,
    log: Log,
    round_index: int,
    lord_before: int,
    honour: tuple[int, ...],
    chips: tuple[int, ...],
    results: tuple[RoundResult, ...],
) -> UtsukeState:
    """Deal round ``round_index`` (UT-SETUP-4, UT-SETUP-5) and open the bidding (UT-BID-2)."""
    players, out, seats, npcs, no_bids, no_won, nexts = _round_table(rules)
    deal = setup.deal(game, rules, round_index)
    if out:  # UT-COMP-1, UT-SETUP-4: the cards taken out are skipped in the dealt order
        deal = tuple([c for c in deal if c not in out])
    hands = [tuple(sorted(deal[cut])) for cut in seats]
    # UT-RULING-2, UT-RULING-17: NPC rows keep the deal's order, leftmost first.
    hands += [deal[cut] for cut in npcs]
    dealt_hands = tuple(hands)
    trump = _SUIT[hands[players][-1]]
    match = (round_index, lord_before, nexts[lord_before], honour, chips, results)
    board = (match, no_bids, trump, players, (), no_won)
    return _new_state(rules, setup, log, board, dealt_hands, (), lord_before)


@per_rules
def _round_table(rules: Rules) -> tuple[
    int, frozenset[int], tuple[slice, ...], tuple[slice, ...], tuple[int, ...], tuple[int, ...],
    tuple[tuple[int, ...], ...],
]:
    """Per rules, what the next round's start reads: the players, the cards taken out (UT-COMP-1), the
    deal's slices (:func:`layout`), the bids and tricks won at a round's start, and the next place per
    place for each seat the lord may sit before."""
    players = rules.players
    seats, npcs, no_bids, no_won = layout(rules)
    nexts = tuple(_NEXT[players, rules.npcs, s] for s in range(players))
    return players, removed_cards(rules.removed), seats, npcs, no_bids, no_won, nexts


def check_invariants(state: UtsukeState) -> None:
    """The game's own checks (:data:`CHECKS`): card conservation, the chip's card, equal hands, the tricks won
    and the end, less those a variant switches off or replaces by ID."""
    run_checks(CHECKS, state)
