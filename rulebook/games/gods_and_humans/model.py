"""Gods and Humans as one model (:mod:`rulebook.core.model`): its round as a program of named steps, the deciding
rules a variant may replace by their IDs, and the game's own consistency checks. Its zones are
``rules.ZONES``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulebook.core.model import Check, Slot, Step
from rulebook.i18n import N_

from .actions import FORCED, GIVE, PLAY
from .rules import plan

if TYPE_CHECKING:
    from .state import GodsState

__all__ = ["CHECKS", "PROGRAM", "SLOTS"]

#: how often a step of each deal comes, in words for people
_DEAL = N_("every deal")

#: a deal as a program of steps (GH-SETUP-2 to GH-END-4)
PROGRAM = (
    Step("deal", "chance", N_("the number cards, human marks and oracle sets are dealt"),
         ("GH-SETUP-2", "GH-SETUP-3", "GH-SETUP-4", "GH-SETUP-5", "GH-ROLE-2"), often=_DEAL),
    Step("oracle", "in_turn", N_("the gods predict in seat order, face down, then the lone human"),
         ("GH-ORACLE-1", "GH-ORACLE-3"), often=_DEAL),
    Step("handover", "chance", N_("the oracle cards are handed over to the humans"), ("GH-ORACLE-2",), often=_DEAL),
    Step("trick", "in_turn", N_("the humans play a trick, the deal's start player or the last winner first"),
         ("GH-TRICK-1", "GH-SETUP-6", "GH-TRICK-4"), "trick"),
    Step("trick.lead", "one", N_("the leader plays any card"), ("GH-TRICK-1",), "trick"),
    Step("trick.follow", "in_turn", N_("the other humans follow the suit led if they can"),
         ("GH-TRICK-2", "GH-TRICK-6", "GH-TRICK-7"), "trick"),
    Step("trick.resolve", "chance", N_("the highest card of the suit led takes the trick (red trumps with four "
         "humans)"), ("GH-TRICK-3", "GH-TRICK-5", "GH-TRICK-8"), "trick"),
    Step("gap", "in_turn", N_("between tricks the gods may intervene, once each; the forced intervention comes "
         "before the last trick"), ("GH-INTERVENE-1", "GH-INTERVENE-2", "GH-FORCED-1", "GH-FORCED-2"), "trick"),
    Step("score", "chance", N_("exact predictions score their stars"), ("GH-END-1", "GH-SCORE-1", "GH-SCORE-2"),
         often=_DEAL),
    Step("end", "chance", N_("the game ends after its deals, else the roles rotate and the cards are dealt again"),
         ("GH-END-2", "GH-END-4", "GH-ROLE-2"), often=_DEAL),
)

#: the rules a variant may replace by ID (rulebook.core.model.Slot)
SLOTS = (
    Slot("GH-TRICK-2", "legal", N_("legal(state, actions) -> the moves allowed, some of the engine's"), ("legal",)),
    Slot("GH-LOGIC-1", "outcome", N_("trick_winner(trick) -> the human who takes a complete trick"), ("trick_winner",)),
    Slot("GH-LOGIC-2", "score", N_("counters(event) -> changes to the score at a trick or a deal's end"),
         ("counters", "trick_points", "round_points")),
    Slot("GH-LOGIC-3", "ending", N_("ends(event) -> whether the game ends at a trick or a deal"), ("ends",)),
    Slot("GH-END-4", "ending", N_("the end at a target score (a house rule)"), ("endings_off",), True),
    Slot("GH-LOGIC-4", "leader", N_("leader(event) -> the human who leads the next trick or starts the next deal"),
         ("leader", "turns")),
    Slot("GH-INTERVENE-1", "step", N_("the gods' voluntary interventions between tricks (the forced one stays)"),
         ("option:interventions=forced_only",), True),
    Slot("GH-FORCED-1", "trigger", N_("forced(gap) -> whether the forced intervention comes at this gap (gap.cards: "
         "the cards each human holds; gap.tricks: the tricks played in the deal; gap.state: the position)")),
)

def _check_cards(state: GodsState) -> None:
    gaps = state.board[1]
    places = [c for hand in state.hands for c in hand] + list(gaps.field) + list(state.trick_cards)
    places += [c for t in state.board[4] for c in t[1:]]
    places += [c for c, _s in gaps.aside]  # GH-RULING-23: taken out of the deal by a variant's step
    if state.phase == FORCED:
        places += [c for r in gaps.gifts if r.forced for c in r.cards] + list(gaps.gift)
    if sorted(places) != list(plan(state.rules).cards):
        raise AssertionError("GH-COMP-1: the cards in play are not each in exactly one place")


def _check_hands(state: GodsState) -> None:
    f, gaps = state.board[0], state.board[1]
    h = len(f.humans)
    gift = gaps.gift
    sizes = [len(state.hands[s]) for s in f.humans]
    if state.phase == PLAY:
        leader = state.board[2]
        played = {(leader + p) % h for p in range(len(state.trick_cards))}
        base = {sizes[i] + (i in played) for i in range(h)}
    elif state.phase == GIVE:
        base = {sizes[i] - (i < len(gift)) for i in range(h)}
    else:
        base = set(sizes)
    if len(base) != 1:
        raise AssertionError("GH-SETUP-4: the humans' hands are not of equal size")


def _check_once(state: GodsState) -> None:
    gods_seen = [r.god for r in state.board[1].gifts]
    if len(set(gods_seen)) != len(gods_seen):
        raise AssertionError("GH-INTERVENE-4, GH-RULING-18: a god intervened twice in one deal")


def _check_gods(state: GodsState) -> None:
    f, gaps = state.board[0], state.board[1]
    h = len(f.humans)
    for j in gaps.waiting:
        given = sum(not x for x in gaps.gift_src) if state.phase == GIVE else len(gaps.gift)
        if len(state.hands[f.gods[j]]) + (given if j == gaps.giver else 0) != h:
            raise AssertionError("GH-SETUP-2: a god who has not intervened lacks cards")


def _check_field(state: GodsState) -> None:
    f, gaps = state.board[0], state.board[1]
    from_field = sum(gaps.gift_src) if state.phase == GIVE else 0
    if not state.rules.mix_sources and (len(gaps.field) + from_field) % len(f.humans):
        raise AssertionError("GH-RULING-4: the field is not a whole number of interventions")


#: the game's own consistency checks, by rule ID (a variant switches one off or replaces it by its ID)
CHECKS = (
    Check("GH-COMP-1", N_("every card in play is in exactly one place: a hand, the field, the trick, the tricks "
          "won, or being given in the forced intervention"), _check_cards),
    Check("GH-SETUP-4", N_("the humans' hands are of equal size, less the cards of the trick and the gift"),
          _check_hands),
    Check("GH-RULING-18", N_("each god intervenes at most once a deal (GH-INTERVENE-4)"), _check_once),
    Check("GH-SETUP-2", N_("a god who has not intervened holds a card for each human"), _check_gods),
    Check("GH-RULING-4", N_("the field holds a whole number of interventions"), _check_field),
)
