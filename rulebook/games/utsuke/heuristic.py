"""UTSUKE's rule-aware player for balance simulations and search rollouts."""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from rulebook.core.logic import PRINTED_LOGIC
from rulebook.i18n import N_

from .actions import _BID, _PLAY, Play, UtsukeAction
from .rules import (
    _NRANKS,
    _NSUITS,
    _RANK,
    _SUIT,
    _SUIT_LO,
    BID_CARDS,
    DECK,
    FIXED,
    FREE,
    HIGHER,
    HIGHEST,
    LEFTMOST,
    LOWER,
    LOWEST,
    MUST,
    MUST_TRUMP,
    NO_TRUMPS,
    PRINTED,
    RANDOM,
    Rules,
    npc_card,
    npc_pick,
    removed_cards,
    strengths,
)
from .scoring import game_over, round_counts
from .state import _new_state, npc_random

if TYPE_CHECKING:
    from .state import UtsukeState

__all__ = ["bid_estimate", "heuristic_action", "rollout_kernel", "round_end_totals"]

#: What this player cannot do, in a sentence for people (reports show it beside who played).
LIMITS = N_(
    "It does not count the cards played earlier, guess the other players' bids, or plan ahead: each "
    "choice looks only at the trick under way."
)


#: The options this player reads (``rulebook.balance.reads``): not the honour it scores nor how
#: the game ends or who wins then, nor the young lord's conduct (UT-SCORE-2, UT-SCORE-3,
#: UT-END-1..6, UT-LORD-5): it bids and plays for the tricks alone. It sees no hooks.
READS = frozenset(a.name for a in attrs.fields(Rules)) - {
    "honour_to_win", "honour_exact", "honour_closest", "on_loss", "end", "rounds", "young_lord_policy",
}
#: of the options it does not read, those that decide only the honour a round gives, when the game
#: ends and who wins it (UT-SCORE-2, UT-SCORE-3, UT-END-1, UT-END-2, UT-END-6): the rule-following
#: player compares each move under them and under the printed values (``rulebook.balance.players``)
TWIN = frozenset({"honour_to_win", "honour_exact", "honour_closest", "on_loss", "end", "rounds"})

#: the chance that a lord's card survives one stronger card held by somebody else (same suit),
#: and one trump held by somebody else (a card of another suit)
_BEATEN = 0.75
_RUFFED = 0.92
#: the weight of a stronger card in the seat's own hand (played to beat the lord only at need)
_MINE = 0.5
#: how well the lord's conduct turns strong cards into tricks (UT-LORD-2, UT-LORD-6, UT-LORD-7)
_CONDUCT = {LOWEST: 0.55, LEFTMOST: 0.8}
#: the lord also wins tricks that the players give it on purpose (fitted on heuristic tables)
_SCALE = 1.4

#: sort keys by number, and (UT-TRICK-4) that put the lowest number last (the strongest under
#: 'lowest'); a list's ``__getitem__`` is the quicker key
_BY_RANK = list(_RANK).__getitem__
_LOW_FIRST = [-r for r in _RANK].__getitem__

#: per ``Rules``: (the cards in play, the bid shading from the closest-bid tie rule, the conduct factor)
_PRE: dict[Rules, tuple[frozenset[int], float, float]] = {}


def _pre(rules: Rules) -> tuple[frozenset[int], float, float]:
    pre = _PRE.get(rules)
    if pre is None:
        deck = frozenset(DECK.cards) - removed_cards(rules.removed)
        # UT-SCORE-3, UT-SCORE-5, UT-SCORE-6: a near miss on the side that scores is worth more
        shade = 0.3 if rules.closest_tie == HIGHER else -0.3 if rules.closest_tie == LOWER else 0.0
        factor = _SCALE * _CONDUCT.get(rules.lord_policy, 1.0)
        if rules.trick_winner == LOWEST:  # UT-TRICK-4: the lord still follows high, wasting its best
            factor *= 0.7
        if rules.trumps == NO_TRUMPS:  # UT-TRICK-3: a card the lord discards off-suit never wins
            factor *= 0.45
        pre = _PRE[rules] = (deck, shade, factor)
    return pre


def bid_estimate(state: UtsukeState, seat: int) -> float:
    """The lord's expected tricks this round as ``seat`` sees them (UT-BID-1, UT-INFO-1).

    Each card of the lord's face-up row counts as a trick, cut by a quarter for every stronger
    card of its suit that another place may hold (an unseen card, set aside or not, or the young
    lord's; the seat's own stronger cards count half, as the seat plays them only at need) and a
    little for every trump still out; the sum is scaled by the lord's conduct and the house rules
    (no trumps, the lowest card wins). Played cards and the lord's row are public, the seat's
    own hand is its own: nothing hidden is read.
    """
    played: set[int] = set(state.trick)
    for entry in state.board[4]:
        played.update(entry[1])
    return _estimate(state.rules, state.hands, seat, played, state.board[2])


def _estimate(rules: Rules, hands: Sequence[Sequence[int]], seat: int, played: set[int], trump: int) -> float:
    """:func:`bid_estimate` from the places' ``hands``, the cards ``played`` this round and the ``trump``."""
    players = rules.players
    deck, _, factor = _pre(rules)
    row = hands[players]
    mine = hands[seat]
    young = hands[players + 1] if rules.npcs == 2 else ()  # UT-RULING-25: or none
    # the weight of each card as one that may beat the lord's: an unseen card or the young lord's
    # counts whole, the seat's own half (it beats the lord only when the seat wants it to), a card
    # played or in the lord's row nothing (smaller hands, UT-SETUP-6, also mean shorter rounds);
    # the sums of these weights are exact, in any order
    weight = [0.0] * DECK.size
    for d in deck.difference(mine, young, row, played):
        weight[d] = 1.0
    for d in young:
        weight[d] = 1.0
    for d in mine:
        weight[d] = _MINE
    stronger = _stronger(rules, trump)
    ruff = 1.0
    ruffing = rules.trumps != NO_TRUMPS
    if ruffing and trump >= 0:  # (no trump once the round's last trick is played)
        trumps_out = 0.0
        for d in range(trump * _NRANKS, trump * _NRANKS + _NRANKS):
            trumps_out += weight[d]
        ruff = _RUFFED**trumps_out
    total = 0.0
    for c in row:
        beaten = 0.0
        for d in stronger[c]:
            beaten += weight[d]
        p = _BEATEN**beaten
        if ruffing and _SUIT[c] != trump:
            p *= ruff
        total += p
    return total * factor


#: per (``Rules.trumps``, ``Rules.trick_winner``, the trump): per card, the cards of its suit that beat
#: it when its suit is led (UT-TRICK-1, UT-TRICK-3, UT-TRICK-4)
_STRONGER: dict[tuple[str, str, int], tuple[tuple[int, ...], ...]] = {}


def _stronger(rules: Rules, trump: int) -> tuple[tuple[int, ...], ...]:
    key = (rules.trumps, rules.trick_winner, trump)
    out = _STRONGER.get(key)
    if out is None:
        table = strengths(rules)[trump]
        rows = []
        for c in DECK.cards:
            s = _SUIT[c]
            strength = table[s]
            rows.append(tuple(d for d in range(s * _NRANKS, s * _NRANKS + _NRANKS) if strength[d] > strength[c]))
        out = _STRONGER[key] = tuple(rows)
    return out


def _bid(rules: Rules, estimate: float) -> int:
    """The bid for the lord's ``estimate``d tricks: rounded towards the side the closest-bid rule
    rewards, within what the bid cards make (UT-BID-1, UT-COMP-2, UT-RULING-24)."""
    guess = int(estimate + 0.5 + _pre(rules)[1])
    if rules.bid_cards == BID_CARDS:
        return max(0, min(rules.max_bid, guess))  # UT-COMP-2: up to max_bid
    # UT-RULING-24: the bid the cards make nearest the guess (the lower of two as near)
    return min(rules.bids, key=lambda b: (abs(b - guess), b))


def _margin(rules: Rules, chips: int) -> int:
    """1 for a seat one chip from the loss, which ducks already on a draw (UT-END-2, UT-SCORE-4;
    UT-LOGIC-3: no loss with endings_off 'chips'), else 0."""
    return 1 if chips + 1 >= rules.chips_to_lose and rules.chips_lose else 0


def _lord_to_play(state: UtsukeState) -> bool:
    """Whether the lord has still to play to the trick under way."""
    players = state.rules.players
    nxt = state.board[0][2]
    p = state.board[3]
    for _ in state.trick:
        if p == players:
            return False
        p = nxt[p]
    return True


def _legal(hand: tuple[int, ...], trick: tuple[int, ...], follow: str, trump: int) -> tuple[int, ...]:
    """The cards of ``hand`` that may be played to ``trick`` under ``follow`` (as ``legal_actions``):
    the lead suit's run if held, unless ``free`` (UT-PLAY-2, UT-PLAY-3); with ``must_trump``, unable
    to follow, the trumps if held (UT-PLAY-4); else the whole hand."""
    if trick:
        lo = _SUIT_LO[trick[0]]
        i = bisect_left(hand, lo)
        j = bisect_left(hand, lo + _NRANKS, i)
        if i < j:
            if follow != FREE:
                return hand[i:j]
        elif follow == MUST_TRUMP:
            lo = trump * _NRANKS
            i = bisect_left(hand, lo)
            j = bisect_left(hand, lo + _NRANKS, i)
            if i < j:
                return hand[i:j]
    return hand


def _lead(hand: tuple[int, ...], duck: bool, table: Sequence[Sequence[int]], low: bool, row: tuple[int, ...],
          policy: str) -> int:
    """The card the heuristic leads from ``hand`` (sorted), ducking or not, with the strength ``table``
    of the trump (by the suit led) and the lord's ``row`` and conduct ``policy``: its highest card by
    number; a duck its lowest that the lord's reply beats (UT-LORD-2), else its lowest."""
    cards = sorted(hand, key=_LOW_FIRST if low else _BY_RANK)  # by number (a stable sort), UT-TRICK-4
    if not duck or not row:
        return cards[-1] if not duck else cards[0]
    # the reply depends only on the suit led: one per suit
    replies = [-1] * _NSUITS
    for c in cards:
        s = _SUIT[c]
        r = replies[s]
        if r < 0:
            r = replies[s] = npc_pick(policy, row, (c,), False)
        strength = table[s]
        if strength[r] > strength[c]:
            return c
    return cards[0]


def _follow(hand: tuple[int, ...], trick: tuple[int, ...], top: int, duck: bool, strength: Sequence[int], low: bool,
            follow: str, trump: int) -> int:
    """The card the heuristic plays from ``hand`` (sorted) to ``trick`` under way, whose strongest card
    (with the lord's card to come, if it is still to play) has the strength ``top`` in ``strength`` (the
    trump's and the suit led's, UT-TRICK-1, UT-TRICK-3, UT-TRICK-4), ducking or not: a duck plays its
    highest losing card, else its lowest; otherwise its lowest winning card, else its lowest."""
    # the legal plays' cards (as in legal_actions: the lead suit's run if held, UT-PLAY-2),
    # by number (a stable sort)
    cards: Sequence[int] | None = None
    if follow != MUST:  # UT-PLAY-3, UT-PLAY-4: the legal cards under the house rule
        hand = _legal(hand, trick, follow, trump)
    else:
        lo = _SUIT_LO[trick[0]]
        i = bisect_left(hand, lo)
        j = bisect_left(hand, lo + _NRANKS, i)
        if i < j:
            # one suit's run of a sorted hand is in the order of its numbers already
            cards = hand[i:j][::-1] if low else hand[i:j]
    if cards is None:
        cards = sorted(hand, key=_LOW_FIRST if low else _BY_RANK)
    if duck:  # the highest losing card, else the lowest (winning) card
        for c in reversed(cards):
            if strength[c] <= top:
                return c
        return cards[0]
    for c in cards:  # the lowest winning card, else the lowest card
        if strength[c] > top:
            return c
    return cards[0]


def heuristic_action(state: UtsukeState, rng: random.Random) -> UtsukeAction:
    """Bid the lord's tricks as one's own seat sees them; play to keep the lord on one's bid.

    Bidding (UT-BID-1): :func:`bid_estimate`, which reads the lord's face-up row, the young
    lord's row and the seat's own hand, rounded towards the side the closest-bid rule rewards
    and capped at ``max_bid``. So seats with different hands bid differently. Playing: duck
    when winning would put the seat above the lord (an execution chip, UT-SCORE-4; with one
    chip to go, already when it would draw level) or when the lord still needs tricks to reach
    one's bid; otherwise win as cheaply as possible, beating the card the lord will add by its
    conduct (UT-LORD-2, UT-LORD-6, UT-LORD-7) when the lord is still to play. Leading, a duck
    leads the lowest card the lord's reply beats. Reads only what the seat sees (the own hand,
    the public rows and tricks). Draws nothing from ``rng``.
    """
    seat = state.current_player
    if seat is None:
        raise ValueError("the game is over: nobody is to act")
    rules = state.rules
    board = state.board
    bids = board[1]
    if bids[seat] < 0:  # bidding
        return _BID[_bid(rules, bid_estimate(state, seat))]
    players = rules.players
    won = board[5]
    lord = won[players]
    # one chip from the loss: duck already on a draw
    duck = won[seat] + _margin(rules, board[0][4][seat]) >= lord or lord < bids[seat]
    trick = state.trick
    row = state.hands[players]
    policy = rules.lord_policy
    table = strengths(rules)[board[2]]
    low = rules.trick_winner == LOWEST
    if not trick:
        return _PLAY[_lead(state.hands[seat], duck, table, low, row, policy)]
    strength = table[_SUIT[trick[0]]]  # UT-TRICK-3, UT-TRICK-4
    top = -1
    for c in trick:
        k = strength[c]
        if k > top:
            top = k
    if row and _lord_to_play(state):  # the card the lord will add by its conduct counts too
        k = strength[npc_pick(policy, row, trick, False)]
        if k > top:
            top = k
    return _PLAY[_follow(state.hands[seat], trick, top, duck, strength, low, rules.follow, board[2])]


# -- the heuristic's own playout (ISMCTS's rollout kernel) ------------------------------------------


def rollout_kernel(state: UtsukeState, rng: random.Random, moves: int, in_round: bool) -> tuple[UtsukeState, int]:
    """Up to ``moves`` moves of :func:`heuristic_action` from ``state``, each applied as
    ``state.apply`` would (``rulebook.balance.players.RolloutKernel``): the position reached, exactly
    the engine's (its log and record too), and the moves left of ``moves``.

    A round is played on plain tuples and lists, the lords' plays in between, without a state per
    move or any check; the move that ends the round (scored, then the next deal: UT-SCORE-1,
    UT-END-3) is left to the engine: with ``in_round`` the kernel stops before it (ISMCTS's horizon),
    else the engine makes it and the kernel plays the next round. The heuristic draws nothing from
    ``rng``, nor does the kernel. Rules with a variant's logic (UT-LOGIC-1..UT-LOGIC-4, UT-LORD-8's
    functions) are handed back at once: ``(state, moves)``.
    """
    if state.rules.logic is not PRINTED_LOGIC:
        return state, moves
    state, left = _round_kernel(state, moves)
    if not in_round:
        while left and state.current_player is not None:
            state = state.apply(heuristic_action(state, rng))
            state, left = _round_kernel(state, left - 1)
    return state, left


#: per table of the next place (``Match``'s ``nxt``) and number of players: per place, the places in
#: the order they play to a trick it leads (UT-SETUP-1, UT-SETUP-2), and the position of its last seat
_ORDERS: dict[tuple[tuple[int, ...], int], tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]] = {}


def _orders(nxt: tuple[int, ...], players: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    found = _ORDERS.get((nxt, players))
    if found is None:
        orders = []
        for p in range(len(nxt)):
            order = [p]
            while len(order) < len(nxt):
                order.append(nxt[order[-1]])
            orders.append(tuple(order))
        lasts = tuple(max(i for i, q in enumerate(order) if q < players) for order in orders)
        found = _ORDERS[nxt, players] = (tuple(orders), lasts)
    return found


def _round_kernel(state: UtsukeState, moves: int) -> tuple[UtsukeState, int]:
    """The kernel within one round: up to ``moves`` moves, stopping before the one that ends it."""
    seat = state.current_player
    if seat is None or moves <= 0:
        return state, moves
    rules = state.rules
    players = rules.players
    board = state.board
    match = board[0]
    bids = list(board[1])
    trump = board[2]
    leader = board[3]
    tricks = list(board[4])
    won = list(board[5])
    nxt = match[2]
    hands = list(state.hands)
    trick = state.trick
    log = state.log
    left = moves
    policy = rules.lord_policy
    row = hands[players]
    if bids[seat] < 0:  # UT-BID-1, UT-BID-2: the seats still to bid, clockwise from the lord
        while left:
            bid = _bid(rules, _estimate(rules, hands, seat, set(), trump))  # nothing is played yet
            log = (log, _BID[bid])
            left -= 1
            bids[seat] = bid
            seat = seat + 1 if seat + 1 < players else 0
            if seat == match[1]:
                break
        else:
            board = (match, tuple(bids), *board[2:])
            return _new_state(rules, state.setup, log, board, state.hands, trick, seat), left
        # UT-PLAY-1, UT-LORD-1: every bid is in, the lord leads its leftmost card (UT-LORD-8: or its pick)
        leader = players
        if policy == PRINTED or policy == LOWEST or policy == LEFTMOST:
            card = row[0]
        elif policy == HIGHEST:
            card = npc_pick(HIGHEST, row, (), True)
        else:
            card = npc_random(state.setup.seed, match[0], 0, 0, row, ())
        i = row.index(card)
        row = hands[players] = row[:i] + row[i + 1 :]
        trick = (card,)
    places = len(hands)
    tables = strengths(rules)
    low = rules.trick_winner == LOWEST
    follow = rules.follow
    moving = rules.trump_change != FIXED  # UT-TRUMP-2, UT-TRUMP-3
    young = rules.young_policy  # UT-LORD-5
    # the lord's conduct as the heuristic reads it: the printed one, or another named one (UT-LORD-6..8)
    printed = policy == PRINTED or policy == RANDOM
    chance = policy == RANDOM
    margins = [_margin(rules, c) for c in match[4]]
    seed = state.setup.seed
    orders, lasts = _orders(nxt, players)
    play_of = _PLAY
    suit_of = _SUIT
    order = orders[leader]
    table = tables[trump]
    # the trick under way: the strengths by its suit led, the strongest card's strength so far and its
    # place (UT-TRICK-1, UT-TRICK-3, UT-TRICK-4); and the lord's card to it by its conduct as the
    # heuristic sees it (UT-LORD-2, UT-LORD-3), and its strength, while the lord has still to play
    # (-1 otherwise): it follows by the suit led alone
    strength: Sequence[int] = ()
    top = -1
    winner = reply = rtop = -1
    if trick:
        strength = table[suit_of[trick[0]]]
        top = 0
        for p, c in zip(order, trick):
            if strength[c] > top:
                top = strength[c]
                winner = p
        if players in order[len(trick) :]:
            reply = npc_card(row, trick, False) if printed else npc_pick(policy, row, trick, False)
            rtop = strength[reply]
    while True:  # a trick, from the place to play next
        last = lasts[leader]
        for pos in range(len(trick), places):
            p = order[pos]
            if p < players:
                hand = hands[p]
                if not left or (pos == last and len(hand) == 1):
                    break  # the budget is spent, or this move ends the round (UT-SCORE-1): the engine's
                lord = won[players]
                duck = won[p] + margins[p] >= lord or lord < bids[p]
                if pos:
                    card = _follow(hand, trick, top if top >= rtop else rtop, duck, strength, low, follow, trump)
                else:
                    card = _lead(hand, duck, table, low, row, policy)
                log = (log, play_of[card])
                left -= 1
                i = hand.index(card)
                hands[p] = hand[:i] + hand[i + 1 :]
                if pos:
                    trick += (card,)
                    if strength[card] > top:
                        top = strength[card]
                        winner = p
                    continue
                # a lead: the lord will follow it
                trick = (card,)
                strength = table[suit_of[card]]
                top = strength[card]
                winner = p
                reply = npc_card(row, trick, False) if printed else npc_pick(policy, row, trick, False)
                rtop = strength[reply]
                continue
            if p == players:  # the lord follows by its conduct (UT-LORD-2, UT-LORD-3, UT-LORD-6..8)
                card = npc_random(seed, match[0], len(tricks), 0, row, trick) if chance else reply
                reply = rtop = -1
                i = row.index(card)
                row = hands[p] = row[:i] + row[i + 1 :]
            else:  # the young lord follows (UT-LORD-5)
                npc = hands[p]
                card = npc_pick(young, npc, trick, False) if young != RANDOM else npc_random(
                    seed, match[0], len(tricks), 1, npc, trick)
                i = npc.index(card)
                hands[p] = npc[:i] + npc[i + 1 :]
            trick += (card,)
            if strength[card] > top:
                top = strength[card]
                winner = p
        else:
            # UT-TRICK-1, UT-RULING-1, UT-TRICK-2: the strongest card's place takes the trick
            won[winner] += 1
            tricks.append((leader, trick, winner))
            # UT-TRUMP-2, UT-RULING-12: the chip moves to the lord's rightmost card (UT-TRUMP-3: or stays)
            if moving:
                trump = suit_of[row[-1]]
                table = tables[trump]
            leader = winner
            order = orders[leader]
            if winner < players:  # UT-PLAY-1: the winner leads
                trick = ()
                continue
            # UT-LORD-4: an NPC leads after its win with its rightmost card (UT-LORD-7: its leftmost)
            npc = hands[winner]
            conduct = policy if winner == players else young
            if conduct == PRINTED or conduct == LOWEST:
                card = npc[-1]
            elif conduct == LEFTMOST:
                card = npc[0]
            elif conduct == HIGHEST:  # UT-LORD-8
                card = npc_pick(HIGHEST, npc, (), False)
            else:  # UT-LORD-8: random
                card = npc_random(seed, match[0], len(tricks), winner - players, npc, ())
            i = npc.index(card)
            hands[winner] = npc = npc[:i] + npc[i + 1 :]
            trick = (card,)
            strength = table[suit_of[card]]
            top = strength[card]
            if winner == players:
                row = npc
            else:  # the young lord led: the lord follows (UT-LORD-2, UT-LORD-3)
                reply = npc_card(row, trick, False) if printed else npc_pick(policy, row, trick, False)
                rtop = strength[reply]
            continue
        break
    if left == moves:
        return state, moves
    board = (match, tuple(bids), trump, leader, tuple(tricks), tuple(won))
    return _new_state(rules, state.setup, log, board, tuple(hands), trick, p), left


def round_end_totals(state: UtsukeState, action: UtsukeAction) -> tuple[int, ...] | None:
    """ISMCTS's horizon at the end of a round (``rulebook.balance.players.RoundEndTotals``): the honour
    and then the execution chips per seat that ``state.apply(action)`` has where ``action`` is the
    round's last card and the game goes on, without recording the round or dealing the next one.

    The move ends the round when the seat to play holds one card and is the trick's last seat (the
    kernel stops before it too): the lords still to play follow with the one card each row has left
    (UT-LORD-2, UT-LORD-3, UT-LORD-5; UT-RULING-18: every row as long as a hand), the strongest card's
    place takes the trick (UT-TRICK-1, UT-TRICK-3, UT-TRICK-4, UT-TRICK-2), then the round's results
    (UT-SCORE-1..UT-SCORE-4: :func:`.scoring.round_counts`, as the engine) and its end checks
    (UT-END-1, UT-END-2, UT-END-6, UT-END-8: :func:`.scoring.game_over`). ``None`` for any other move,
    and under a variant's logic (UT-LOGIC-1..UT-LOGIC-4, UT-LORD-8's functions).
    """
    rules = state.rules
    seat = state.current_player
    if rules.logic is not PRINTED_LOGIC or type(action) is not Play or seat is None:
        return None
    hands = state.hands
    match, bids, trump, leader, _, won = state.board
    if len(hands[seat]) != 1 or bids[seat] < 0:  # not the round's last trick (UT-SETUP-4, UT-SETUP-6)
        return None
    trick = state.trick
    pos = len(trick)
    orders, lasts = _orders(match[2], rules.players)
    if lasts[leader] != pos:  # a seat plays to the trick after this one (UT-SETUP-1, UT-SETUP-2)
        return None
    # the lords still to play follow with their last cards (UT-LORD-2, UT-LORD-3, UT-LORD-5)
    order = orders[leader]
    trick += (action.card,)
    for p in order[pos + 1 :]:
        trick += hands[p]
    # UT-TRICK-1, UT-RULING-1 (UT-TRICK-3, UT-TRICK-4): the strongest card's place takes it (UT-TRICK-2)
    strength = strengths(rules)[trump][_SUIT[trick[0]]]
    top = winner = -1
    for p, c in zip(order, trick):
        if strength[c] > top:
            top = strength[c]
            winner = p
    tally = list(won)
    tally[winner] += 1
    honour, chips = round_counts(rules, match[3], match[4], bids, tally)  # UT-SCORE-1..UT-SCORE-4
    if game_over(rules, len(match[5]) + 1, honour, chips):  # UT-END-1, UT-END-2, UT-END-6, UT-END-8
        return None
    return honour + chips
