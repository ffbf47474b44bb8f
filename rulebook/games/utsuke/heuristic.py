"""UTSUKE's rule-aware player for balance simulations and search rollouts."""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from rulebook.i18n import N_

from .actions import _BID, _PLAY, Play, UtsukeAction
from .rules import (
    _NRANKS,
    _RANK,
    _SUIT,
    _SUIT_LO,
    BID_CARDS,
    DECK,
    HIGHER,
    LEFTMOST,
    LOWER,
    LOWEST,
    MUST,
    NO_TRUMPS,
    Rules,
    npc_pick,
    removed_cards,
    strengths,
)

if TYPE_CHECKING:
    from .state import UtsukeState

__all__ = ["bid_estimate", "heuristic_action"]

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

#: UT-TRICK-4: sort keys that put the lowest number last (the strongest under 'lowest')
_LOW_FIRST = tuple(-r for r in _RANK)

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
    rules = state.rules
    players = rules.players
    deck, _, factor = _pre(rules)
    row = state.hands[players]
    mine = frozenset(state.hands[seat])
    young = frozenset(state.hands[players + 1]) if rules.npcs == 2 else frozenset()  # UT-RULING-25: or none
    played: set[int] = set(state.trick)
    for entry in state.board[4]:
        played.update(entry[1])
    seen = mine | young | set(row) | played
    unseen = deck - seen
    trump = state.board[2]
    table = strengths(rules)[trump]
    ruffing = rules.trumps != NO_TRUMPS

    def weight(d: int) -> float:
        if d in mine:  # the seat's own card: it beats the lord only when the seat wants it to
            return _MINE
        if d in young:
            return 1.0
        return 1.0 if d in unseen else 0.0  # smaller hands (UT-SETUP-6) also mean shorter rounds

    trumps_out = 0.0
    if ruffing:
        for d in range(trump * _NRANKS, trump * _NRANKS + _NRANKS):
            trumps_out += weight(d)
    total = 0.0
    for c in row:
        s = _SUIT[c]
        strength = table[s]
        k = strength[c]
        beaten = 0.0
        for d in range(s * _NRANKS, s * _NRANKS + _NRANKS):
            if strength[d] > k:
                beaten += weight(d)
        p = _BEATEN**beaten
        if ruffing and s != trump:
            p *= _RUFFED**trumps_out
        total += p
    return total * factor


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
    players = rules.players
    board = state.board
    bids = board[1]
    trump = board[2]
    if bids[seat] < 0:  # bidding
        shade = _pre(rules)[1]
        guess = int(bid_estimate(state, seat) + 0.5 + shade)
        if rules.bid_cards == BID_CARDS:
            return _BID[max(0, min(rules.max_bid, guess))]  # UT-COMP-2: up to max_bid
        # UT-RULING-24: the bid the cards make nearest the guess (the lower of two as near)
        return _BID[min(rules.bids, key=lambda b: (abs(b - guess), b))]
    won = board[5]
    lord = won[players]
    # one chip from the loss: duck already on a draw (UT-LOGIC-3: no loss with endings_off 'chips')
    margin = 1 if board[0][4][seat] + 1 >= rules.chips_to_lose and rules.chips_lose else 0
    duck = won[seat] + margin >= lord or lord < bids[seat]
    # the legal plays' cards (as in legal_actions: the lead suit's run if held, UT-PLAY-2),
    # by number (a stable sort)
    hand = state.hands[seat]
    trick = state.trick
    low = rules.trick_winner == LOWEST
    cards: Sequence[int] | None = None
    if rules.follow != MUST:  # UT-PLAY-3, UT-PLAY-4: the legal cards under the house rule
        hand = tuple(a.card for a in state.legal_actions() if type(a) is Play)
    elif trick:
        lo = _SUIT_LO[trick[0]]
        i = bisect_left(hand, lo)
        j = bisect_left(hand, lo + _NRANKS, i)
        if i < j:
            # one suit's run of a sorted hand is in the order of its numbers already
            cards = hand[i:j][::-1] if low else hand[i:j]
    if cards is None:
        cards = sorted(hand, key=_RANK.__getitem__ if not low else _LOW_FIRST.__getitem__)
    row = state.hands[players]
    table = strengths(rules)[trump]
    if not trick:
        if not duck or not row:
            return _PLAY[cards[-1] if not duck else cards[0]]
        # a duck: the lowest lead that the lord's reply beats (UT-LORD-2), else the lowest card
        for c in cards:
            strength = table[_SUIT[c]]
            if strength[npc_pick(rules.lord_policy, row, (c,), False)] > strength[c]:
                return _PLAY[c]
        return _PLAY[cards[0]]
    strength = table[_SUIT[trick[0]]]  # UT-TRICK-3, UT-TRICK-4
    top = -1
    for c in trick:
        k = strength[c]
        if k > top:
            top = k
    if row and _lord_to_play(state):  # the card the lord will add by its conduct counts too
        k = strength[npc_pick(rules.lord_policy, row, trick, False)]
        if k > top:
            top = k
    if duck:  # the highest losing card, else the lowest (winning) card
        for c in reversed(cards):
            if strength[c] <= top:
                return _PLAY[c]
        return _PLAY[cards[0]]
    for c in cards:  # the lowest winning card, else the lowest card
        if strength[c] > top:
            return _PLAY[c]
    return _PLAY[cards[0]]
