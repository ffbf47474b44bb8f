"""UTSUKE as one model (:mod:`rulebook.core.model`): its round as a program of named steps, the deciding
rules a variant may replace by their IDs, and the game's own consistency checks. Its zones are
``rules.ZONES``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulebook.core.model import Check, Slot, Step
from rulebook.i18n import N_

from .rules import _SUIT, DECK, FIXED, removed_cards
from .scoring import max_rounds

if TYPE_CHECKING:
    from .state import UtsukeState

__all__ = ["CHECKS", "PROGRAM", "SLOTS"]

#: a round as a program of steps (UT-SETUP-4 to UT-END-8)
PROGRAM = (
    Step("deal", "chance", N_("the dealer deals the hands and the lords' rows; the chip marks the trump"),
         ("UT-SETUP-4", "UT-SETUP-5", "UT-TRUMP-1")),
    Step("bid", "secret", N_("every player bids at once, in secret, on the lord's tricks"), ("UT-BID-1", "UT-BID-2")),
    Step("trick", "in_turn", N_("the lord leads the first trick, the winner of a trick the next"),
         ("UT-PLAY-1", "UT-TRICK-2"), "trick"),
    Step("trick.lead", "one", N_("the leader plays a card (a lord by its conduct)"), ("UT-PLAY-1", "UT-LORD-1",
         "UT-LORD-4"), "trick"),
    Step("trick.follow", "in_turn", N_("the others follow the suit led if they can, clockwise"),
         ("UT-PLAY-2", "UT-LORD-2", "UT-LORD-3"), "trick"),
    Step("trick.resolve", "chance", N_("the highest trump, else the highest card of the suit led, takes the trick"),
         ("UT-TRICK-1", "UT-TRICK-2"), "trick"),
    Step("trick.chip", "chance", N_("the trump chip moves to the lord's next card"), ("UT-TRUMP-2",), "trick"),
    Step("score", "chance", N_("the bids are revealed and scored"), ("UT-SCORE-1", "UT-SCORE-2", "UT-SCORE-3",
         "UT-SCORE-4")),
    Step("end", "chance", N_("a player at the honour to win or the chips to lose ends the game, else the lord moves "
         "and the cards are dealt again"), ("UT-END-1", "UT-END-2", "UT-END-3", "UT-END-6", "UT-END-8")),
)

#: the rules a variant may replace by ID (rulebook.core.model.Slot)
SLOTS = (
    Slot("UT-PLAY-2", "legal", N_("legal(state, actions) -> the moves allowed, some of the engine's"), ("legal",)),
    Slot("UT-LOGIC-1", "outcome", N_("trick_winner(trick) -> the place (a seat or a lord) that takes a trick"),
         ("trick_winner",)),
    Slot("UT-LOGIC-2", "score", N_("counters(event) -> changes to honour and chips at a trick or a round's end"),
         ("counters", "trick_points", "round_points")),
    Slot("UT-LOGIC-3", "ending", N_("ends(event) -> whether the game ends at a trick or a round"), ("ends",)),
    Slot("UT-END-1", "ending", N_("ends(event) -> whether reaching the honour to win ends the game now; switched "
         "off, the game lasts its rounds (UT-RULING-21)"), ("endings_off",), True),
    Slot("UT-END-2", "ending", N_("ends(event) -> whether the execution chips end the game now"), ("endings_off",),
         True),
    Slot("UT-END-6", "ending", N_("ends(event) -> whether the last of the rounds ends the game now")),
    Slot("UT-END-8", "ending", N_("ends(event) -> whether the extra rounds end the game now")),
    Slot("UT-LOGIC-4", "leader", N_("leader(event) -> the place that leads the next trick or that the lord sits "
         "before next"), ("leader", "turns")),
    Slot("UT-LORD-8", "npc", N_("policy(view, legal) -> the card a lord plays, from what it may see"), ("npcs",)),
)

def _check_cards(state: UtsukeState) -> None:
    rules = state.rules
    cards = sorted(
        [c for h in state.hands for c in h] + [c for _, t, _ in state._round_tricks for c in t] + list(state.trick)
    )
    out = removed_cards(rules.removed)
    # UT-COMP-1, UT-SETUP-6: every dealt card in exactly one place (the rest are set aside)
    if (len(set(cards)) != len(cards) or len(cards) != rules.places * rules.tricks_per_round
            or any(c in out for c in cards)):
        raise AssertionError("UT-COMP-1: the deck's cards are not each in exactly one place")


def _check_trump(state: UtsukeState) -> None:
    rules = state.rules
    row = state.hands[rules.players]
    if rules.trump_change == FIXED:  # UT-TRUMP-3: the deal's chip card sets the round's trump
        if row and not 0 <= state.trump < len(DECK.suits):
            raise AssertionError("UT-TRUMP-3: no trump suit while the lord has cards")
    elif not state.trick and row and state.trump != _SUIT[row[-1]]:
        raise AssertionError("UT-TRUMP-1: the trump is not the suit of the lord's rightmost card")


def _check_hands(state: UtsukeState) -> None:
    size = state.rules.tricks_per_round - len(state._round_tricks)
    played: set[int] = set()
    place = state.leader
    for _ in state.trick:
        played.add(place)
        place = state.nxt[place]
    for p, h in enumerate(state.hands):
        if len(h) != size - (p in played):
            raise AssertionError("UT-SETUP-4: a hand has the wrong number of cards")


def _check_won(state: UtsukeState) -> None:
    if sum(state.won) != len(state._round_tricks):
        raise AssertionError("UT-TRICK-2: tricks won do not add up to tricks played")


def _check_end(state: UtsukeState) -> None:
    rules = state.rules
    if rules.logic.counters is not None:  # UT-LOGIC-2: a variant's counts follow its own rules
        return
    if state.current_player is not None:
        if (rules.chips_lose and max(state.chips) >= rules.chips_to_lose) or (
            rules.honour_wins and max(state.honour) >= rules.honour_to_win
        ):
            raise AssertionError("UT-END-1: the game goes on although a player has won or lost")
        if len(state._results) >= max_rounds(rules):
            raise AssertionError("UT-END-5: more rounds than the proved bound")
    if min(rules.honour_exact, rules.honour_closest) > 0 and sum(state.honour) < len(state._results):
        raise AssertionError("UT-END-5: a round passed in which nobody gained honour")


#: the game's own consistency checks, by rule ID (a variant switches one off or replaces it by its ID)
CHECKS = (
    Check("UT-COMP-1", N_("every dealt card is in exactly one place: a hand, the lords' rows, the tricks played "
          "(UT-SETUP-6: the cards taken out are in none)"), _check_cards),
    Check("UT-TRUMP-1", N_("the trump is the suit of the card under the chip (UT-TRUMP-3: the deal's, when fixed)"),
          _check_trump),
    Check("UT-SETUP-4", N_("every hand and row holds the round's cards less the tricks played"), _check_hands),
    Check("UT-TRICK-2", N_("the tricks won add up to the tricks played"), _check_won),
    Check("UT-END-1", N_("the game goes on only while no player has won or lost, within the proved bound "
          "(UT-END-2, UT-END-5)"), _check_end),
)
