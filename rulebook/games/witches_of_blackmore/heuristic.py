"""The Witches of Blackmore's rule-aware player: :func:`heuristic_action`.

It decides only from what its seat sees (WB-INFO-1): its own hand, the trick, the trump
stack, the wheel's alignment and the public rules; never another hand or the pile.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs

from rulebook.core.memo import per_rules
from rulebook.i18n import N_

from .actions import _KEEP, _PLAY, _REPLACE, REPLACING, WitchesAction
from .rules import _RANK, _SUIT, DECK, Rules, _strength, tables

if TYPE_CHECKING:
    from .state import WitchesState

__all__ = ["hand_value", "heuristic_action", "replace_worth", "tricks_left"]

#: What this player cannot do, in a sentence for people (reports show it beside who played).
LIMITS = N_(
    "It does not count the cards already played, guess what the others hold, or plan more than one "
    "trick ahead."
)


#: The options this player reads (``rulebook.balance.reads``): all of them (the points table,
#: the winning condition, teams and the end among them). It sees no hooks.
READS = frozenset(a.name for a in attrs.fields(Rules))


@per_rules
def _card_values(rules: Rules) -> tuple[tuple[tuple[float, ...], ...], ...]:
    """``values[anchor][trump colour (6: none)][card]``: how likely a held card is to win a trick
    with that trump, from 0 to 2 (computed once per ``Rules``).

    A card's place on the wheel (WB-RANK-2; reversed when the weakest wins, WB-TRICK-6) gives
    0..1; a card of the trump colour (WB-RANK-1, WB-TRICK-1) adds 1, as it beats every card of
    the leader's colour; without a trump colour (WB-RANK-3) only the wheel counts.
    """
    numbers = tables(rules).numbers
    top = max(len(numbers) - 1, 1)
    out: list[tuple[tuple[float, ...], ...]] = [()]
    for anchor in range(1, 10):
        if anchor not in numbers:
            out.append(())
            continue
        strength = _strength(anchor, rules.wheel, numbers, rules.wins)
        out.append(tuple(
            tuple(strength[c] / top + (1.0 if t == _SUIT[c] and rules.trump_colour else 0.0) for c in DECK.cards)
            for t in range(7)
        ))
    return tuple(out)


@per_rules
def _trick_worth(rules: Rules) -> float:
    """The points of an average trick: the players' count times the mean points of a card in play
    (WB-SCORE-1, WB-SCORE-3); what one more trick won is worth."""
    tabs = tables(rules)
    return rules.players * sum(tabs.points[c] for c in tabs.cards) / len(tabs.cards)


def hand_value(rules: Rules, hand: tuple[int, ...], anchor: int, trump_suit: int | None) -> float:
    """The sum of the hand's card values (:func:`_card_values`) under a trump of number ``anchor``
    and colour ``trump_suit`` (``None``: no trump colour)."""
    row = _card_values(rules)[anchor][6 if trump_suit is None else trump_suit]
    return sum(map(row.__getitem__, hand))


def tricks_left(state: WitchesState) -> int:
    """The tricks the game has left at most, from public counts only: the cards in the hands and
    the pile over the players (WB-DRAW-1, WB-END-4), capped by ``end_tricks`` (WB-END-6) and,
    under ``end=target`` (WB-END-7), by the tricks of average worth the leader still needs."""
    rules = state.rules
    board = state.board
    left = (len(board[0]) - board[1] + sum(map(len, state.hands))) // rules.players
    stop = board[8].stop
    if stop == 1:
        left = min(left, rules.end_tricks - len(board[7]))
    elif stop == 2:
        points = board[8].points
        lead = max(sum(points[c] for c in pile) for pile in board[4]) if board[9] is None else max(state.scores)
        left = min(left, 1 + int((rules.end_target - lead) / max(_trick_worth(rules), 1.0)))
    return max(left, 0)


def replace_worth(
    rules: Rules, hand: tuple[int, ...], anchor: int, trump_suit: int | None, card: int, left: int = 99
) -> float:
    """What laying ``card`` as the new trump is worth to a seat holding ``hand`` (WB-TRUMP-1): the
    gain in its hand's value, each unit counted as one trick of average worth (scaled down when
    fewer than ``hand_size`` tricks are ``left``), less the card's points given up.

    >>> r = Rules(players=4)
    >>> replace_worth(r, (0, 1, 2), 5, 3, 8) > 0  # three reds; lay R9 on a yellow 5
    True
    >>> replace_worth(r, (0, 1, 2), 5, 0, 53) < 0  # keep red; O9 would cost 9 points
    True
    """
    new_suit = _SUIT[card] if rules.trump_colour else None
    gain = hand_value(rules, hand, _RANK[card], new_suit) - hand_value(rules, hand, anchor, trump_suit)
    return gain * _trick_worth(rules) * min(1.0, left / rules.hand_size) - tables(rules).points[card]


def heuristic_action(state: WitchesState, rng: random.Random) -> WitchesAction:
    """Decide from what the seat to act sees.

    Trump replacement (WB-TRUMP-1): lay the trick's card that most raises the value of the
    seat's own hand under the new trump colour and wheel (:func:`replace_worth`), when that gain,
    over the tricks left (:func:`tricks_left`), beats the card's points given up; else keep.

    Play: win the trick with the cheapest winning card (the wheel, WB-TRICK-1..3 and WB-TRICK-6,
    the points table, WB-SCORE-3); a partner who is winning as the seat plays last is not
    overtaken but given the card worth most (WB-SCORE-4); else throw the cheapest card. Among cards
    of equal points one is drawn at random: every candidate draws one ``rng.random()``, in the
    order of ``legal_actions``, and the lowest draw wins.
    """
    seat = state.current_player
    if seat is None:
        raise ValueError("the game is over: nobody is to act")
    rules = state.rules
    board = state.board
    if state.phase == REPLACING:
        hand = state.hands[seat]
        trumps = board[2]
        tsuit = _SUIT[trumps[-1]] if trumps and rules.trump_colour else None
        best, worth = None, 0.0
        left = tricks_left(state)
        # replace_worth of each card, with the hand's value under the present trump summed once
        values = _card_values(rules)
        now = sum(map(values[board[3]][6 if tsuit is None else tsuit].__getitem__, hand))
        colour = rules.trump_colour
        scale = min(1.0, left / rules.hand_size)
        average = _trick_worth(rules)
        points = tables(rules).points
        for action in state.legal_actions()[:-1]:  # the Replace actions, sorted, then Keep
            card = action.card  # type: ignore[union-attr]
            row = values[_RANK[card]][_SUIT[card] if colour else 6]
            w = (sum(map(row.__getitem__, hand)) - now) * average * scale - points[card]
            if w > worth:
                best, worth = card, w
        return _KEEP if best is None else _REPLACE[best]
    # the legal plays' cards (as in legal_actions), in the same order
    cards: tuple[int, ...] | list[int] = state.hands[seat]
    trick = state.trick
    points = board[8].points  # the numbers as printed (WB-SCORE-1), or the points table (WB-SCORE-3)
    give = False
    if trick:
        lead = _SUIT[trick[0]]
        if rules.must_follow or rules.must_trump:  # WB-PLAY-2, WB-PLAY-3 (house rules)
            cards = [a.card for a in state.legal_actions()]  # type: ignore[union-attr]
        # a card wins if its key beats the trick's best so far (best_position keeps the earlier card on ties)
        trumps = board[2]
        tsuit = _SUIT[trumps[-1]] if trumps and rules.trump_colour else 6  # WB-RANK-3
        keys = board[8].win[board[3]][tsuit][lead]
        top = -1
        at = 0
        for i, c in enumerate(trick):
            k = keys[c]
            if k > top:
                top, at = k, i
        order = state.order
        if rules.teams and len(trick) == len(order) - 1 and order[at] == (seat + rules.players // 2) % rules.players:
            give = True  # WB-SCORE-4: the partner takes this trick whatever the seat plays
        else:
            winning = [c for c in cards if keys[c] > top]
            if winning:
                cards = winning
    # min by (points, one random draw per candidate, in order): the first minimum is kept;
    # when giving to a partner, max by points instead
    draw = rng.random
    sign = -1 if give else 1
    best = cards[0]
    low = 999
    low_draw = 2.0
    for c in cards:
        x = draw()
        r = sign * points[c]
        if r < low or (r == low and x < low_draw):
            best, low, low_draw = c, r, x
    return _PLAY[best]
