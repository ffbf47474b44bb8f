"""The Witches of Blackmore as one model (:mod:`rulebook.core.model`): its round as a program of named
steps, the deciding rules a variant may replace by their IDs and the game's own consistency checks. Its
zones are ``rules.ZONES``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulebook.core.model import Check, Slot, Step
from rulebook.i18n import N_

from .rules import _RANK, tables

if TYPE_CHECKING:
    from .state import WitchesState

__all__ = ["CHECKS", "PROGRAM", "SLOTS"]

#: the game, one deal, as a program of steps (WB-SETUP-1 to WB-SCORE-2)
PROGRAM = (
    Step("deal", "chance", N_("the dealer deals the hands and turns up the first trump"),
         ("WB-SETUP-1", "WB-SETUP-2", "WB-SETUP-3"), "game"),
    Step("trick", "in_turn", N_("the leader leads, then each seat with cards clockwise"), ("WB-PLAY-1", "WB-SETUP-4"),
         "trick"),
    Step("trick.lead", "one", N_("the leader lays any card"), ("WB-PLAY-1",), "trick"),
    Step("trick.follow", "in_turn", N_("each other seat with cards lays one, clockwise"),
         ("WB-PLAY-1", "WB-PLAY-2", "WB-PLAY-3"), "trick"),
    Step("trick.resolve", "chance", N_("the strongest card takes the trick"),
         ("WB-TRICK-1", "WB-TRICK-2", "WB-TRICK-3", "WB-TRICK-6"), "trick"),
    Step("trick.capture", "chance", N_("the winner takes the cards"), ("WB-TRICK-4",), "trick"),
    Step("trick.trump", "one", N_("the winner may lay one of them on the trump stack"), ("WB-TRUMP-1",), "trick"),
    Step("trick.refill", "chance", N_("every hand draws back up, the winner first"),
         ("WB-DRAW-1", "WB-END-1", "WB-END-2", "WB-END-3"), "trick"),
    Step("score", "chance", N_("the captured cards are counted; the most points win"),
         ("WB-SCORE-1", "WB-SCORE-2", "WB-END-4"), "game"),
)

#: the rules a variant may replace by ID (rulebook.core.model.Slot)
SLOTS = (
    Slot("WB-PLAY-1", "legal", N_("legal(state, actions) -> the moves allowed, some of the engine's"), ("legal",)),
    Slot("WB-LOGIC-1", "outcome", N_("trick_winner(trick) -> the seat that takes a complete trick"), ("trick_winner",)),
    Slot("WB-LOGIC-2", "score", N_("counters(event) -> changes to the score at a trick or the game's end"),
         ("counters", "trick_points", "round_points")),
    Slot("WB-LOGIC-3", "ending", N_("ends(event) -> whether the game ends at a trick"), ("ends",)),
    Slot("WB-END-6", "ending", N_("the end after a fixed number of tricks (a house rule)"), ("endings_off",), True),
    Slot("WB-END-7", "ending", N_("the end at a target score (a house rule)"), ("endings_off",), True),
    Slot("WB-LOGIC-4", "leader", N_("leader(event) -> the seat that leads the next trick"), ("leader", "turns")),
    Slot("WB-TRUMP-1", "step", N_("the winner's choice to lay a card of the trick on the trump stack"),
         ("option:trump_replacement=false",), True),
)


def _check_cards(state: WitchesState) -> None:
    cards = sorted(
        [*state.deck[state.drawn :], *state.trumps, *state.trick, *state.out]
        + [c for h in state.hands for c in h]
        + [c for p in state.captured for c in p]
    )
    if cards != list(tables(state.rules).cards):
        raise AssertionError("WB-COMP-1, WB-COMP-3: the cards in play are not each in exactly one place")


def _check_wheel(state: WitchesState) -> None:
    if state.trumps and state.anchor != _RANK[state.trumps[-1]]:
        raise AssertionError("WB-TRUMP-2: the wheel is not aligned to the top trump")


def _check_known(state: WitchesState) -> None:
    for seat, known in enumerate(state.known):
        if not set(known) <= set(state.hands[seat]):
            raise AssertionError("WB-INFO-1: a known card is not in its holder's hand")


#: the game's own consistency checks, by rule ID (a variant switches one off or replaces it by its ID)
CHECKS = (
    Check("WB-COMP-1", N_("every card in play is in exactly one place: the pile, the trump stack, the trick, a hand "
          "or a captured pile (WB-COMP-3)"), _check_cards),
    Check("WB-TRUMP-2", N_("the wheel is aligned to the number of the top trump"), _check_wheel),
    Check("WB-INFO-1", N_("a card known to be in a hand (drawn from the trump stack) is in that hand"), _check_known),
)
