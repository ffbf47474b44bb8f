"""Saru Tori Inu I as one model (:mod:`rulebook.core.model`): its round as a program of named steps, the deciding
rules a variant may replace by their IDs, and the game's own consistency checks. Its zones are
``rules.ZONES``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulebook.core.model import Check, Slot, Step
from rulebook.i18n import N_

from .rules import SQUARES_SHARE

if TYPE_CHECKING:
    from .state import SaruState

__all__ = ["CHECKS", "PROGRAM", "SLOTS"]

#: a race as a program of steps (ST-SETUP-1 to ST-RACE-4)
PROGRAM = (
    Step("deal", "chance", N_("the cards and missions are dealt; the oracle area is laid out"),
         ("ST-SETUP-1", "ST-SETUP-2", "ST-SETUP-3", "ST-SETUP-4"), "race"),
    Step("round", "in_turn", N_("a round of play: each seat plays a card, the start player first"),
         ("ST-PLAY-1", "ST-SETUP-5", "ST-ROUND-2"), "trick", N_("every round of play")),
    Step("round.play", "in_turn", N_("each seat plays a card face up with a strength, or face down"),
         ("ST-PLAY-1", "ST-PLAY-2", "ST-PLAY-3"), "trick", N_("every round of play")),
    Step("round.declare", "one", N_("the last player may declare a strength for a second card"), ("ST-PLAY-4",),
         "trick", N_("every round of play")),
    Step("round.resolve", "chance", N_("the plays take cards from the oracle area, strongest first"),
         ("ST-RES-1", "ST-RES-2", "ST-RES-3", "ST-RES-4", "ST-RES-5"), "trick", N_("every round of play")),
    Step("round.road", "chance", N_("the animals move along the road"), ("ST-ROAD-1", "ST-ROAD-2", "ST-ROAD-3",
         "ST-ROAD-4"), "trick", N_("every round of play")),
    Step("score", "chance", N_("the race is scored: colour places, points per card and missions"),
         ("ST-SCORE-1", "ST-SCORE-2", "ST-SCORE-3", "ST-SCORE-4"), "race"),
    Step("end", "chance", N_("the game ends after its races, else the next race is dealt"),
         ("ST-RACE-1", "ST-RACE-2", "ST-RACE-4"), "race"),
)

#: the rules a variant may replace by ID (rulebook.core.model.Slot)
SLOTS = (
    Slot("ST-PLAY-2", "legal", N_("legal(state, actions) -> the moves allowed, some of the engine's"), ("legal",)),
    Slot("ST-LOGIC-1", "outcome", N_("trick_winner(trick) -> who takes first in a round of play"),
         ("trick_winner",)),
    Slot("ST-LOGIC-2", "score", N_("counters(event) -> changes to the counts at a round, a race or the game's end"),
         ("counters", "trick_points", "round_points")),
    Slot("ST-LOGIC-3", "ending", N_("ends(event) -> whether the game ends at an event"), ("ends",)),
    Slot("ST-ROUND-3", "ending", N_("a race ends after its rounds of play"), ("endings_off",), True),
    Slot("ST-RACE-4", "ending", N_("the end at a target score (a house rule)"), ("endings_off",), True),
    Slot("ST-PLAY-4", "step", N_("the last player's declaration of a second card"), ("option:declaration=off",),
         True),
    Slot("ST-LOGIC-4", "leader", N_("leader(event) -> the seat that starts the next round of play or race"),
         ("leader", "turns")),
)

def _check_cards(state: SaruState) -> None:
    cards = sorted(
        [c for h in state.hands for c in h]
        + [c for col in state.area for c in col]
        + [c for col in state.beneath for c in col]
        + list(state.road)
        + [c for a in state.acquired for c in a]
        + list(state.removed)
        + [c for p in state.played for c in p]
    )
    if cards != list(range(state.rules.deck_size)):
        raise AssertionError(f"ST-COMP-1: the {state.rules.deck_size} cards are not each in exactly one place")


def _check_strengths(state: SaruState) -> None:
    strengths = [v for v in state.shown if v >= 0]
    if len(set(strengths)) != len(strengths):
        raise AssertionError("ST-PLAY-2: two plays of one round share a strength")
    if sum(1 << v for v in strengths) != state.used:
        raise AssertionError("ST-PLAY-2: the used strengths disagree with the plays")


def _check_squares(state: SaruState) -> None:
    start = state.rules.track.start
    # ST-ROAD-5: animals may share squares; a variant's counters may move them (ST-LOGIC-2)
    hops = state.rules.squares != SQUARES_SHARE and state.rules.logic.counters is None
    for a in range(4 if hops else 0):
        for b in range(a + 1, 4):
            if state.pos[a] == state.pos[b] and not (state.pos[a] == start[a] == start[b]):
                raise AssertionError("ST-ROAD-3: two animals share a square off their start")


def _check_known(state: SaruState) -> None:
    for seat, known in enumerate(state.known):
        if not set(known) <= set(state.hands[seat]) | set(state.played[seat]):
            raise AssertionError("ST-INFO-1: a known card is not held by its seat")


def _check_missions(state: SaruState) -> None:
    if state.to_act is not None and len(state.missions) != len(set(state.missions)):
        raise AssertionError("ST-SETUP-4: two seats hold the same mission")


#: the game's own consistency checks, by rule ID (a variant switches one off or replaces it by its ID)
CHECKS = (
    Check("ST-COMP-1", N_("every card is in exactly one place: a hand, the oracle area, beneath a column, the "
          "road, a seat's acquired cards, taken out, or played this round"), _check_cards),
    Check("ST-PLAY-2", N_("the plays of a round declare distinct strengths, as the used strengths record"),
          _check_strengths),
    Check("ST-ROAD-3", N_("no two animals share a square off their start (unless they may, ST-ROAD-5)"),
          _check_squares),
    Check("ST-INFO-1", N_("a card known to be a seat's is in its hand or among its plays"), _check_known),
    Check("ST-SETUP-4", N_("no two seats hold the same mission"), _check_missions),
)
