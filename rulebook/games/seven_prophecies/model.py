"""Seven Prophecies as one model (:mod:`rulebook.core.model`): its round as a program of named steps and
the deciding rules a variant may replace by their IDs. Its zones are ``rules.ZONES``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from rulebook.core.model import Check, ChoiceList, Slot, Step
from rulebook.i18n import N_

from .actions import PROPHECY, TRICK
from .rules import _SUIT, aside, in_play, places

if TYPE_CHECKING:
    from .state import SevenPropheciesState

__all__ = ["CHECKS", "CHOICES", "PROGRAM", "SLOTS"]

#: a round as a program of steps (SP-SETUP-1 to SP-END-3)
PROGRAM = (
    Step("deal", "chance", N_("the cards are dealt, set aside and laid out as the future row"),
         ("SP-SETUP-1", "SP-SETUP-2", "SP-SETUP-3", "SP-SETUP-5")),
    Step("prophecies", "secret", N_("every player puts their cubes on the place cards at once, in secret"),
         ("SP-PROPH-1", "SP-PROPH-2")),
    Step("trick", "in_turn", N_("the start player leads the first trick, the 1st place of a trick the next"),
         ("SP-PLAY-1", "SP-SETUP-4", "SP-TRICK-3"), "trick"),
    Step("trick.lead", "one", N_("the leader plays a card of the future suit if they can"), ("SP-PLAY-1", "SP-PLAY-2"),
         "trick"),
    Step("trick.follow", "in_turn", N_("the others play, clockwise, following the future suit if they can"),
         ("SP-PLAY-1", "SP-PLAY-2", "SP-PLAY-3", "SP-PLAY-4"), "trick"),
    Step("trick.places", "chance", N_("every card takes a place, 1st to last"),
         ("SP-RANK-1", "SP-RANK-2", "SP-RANK-3", "SP-RANK-4", "SP-RANK-5"), "trick"),
    Step("trick.cubes", "chance", N_("each player with a cube on the place they took moves one onto their card"),
         ("SP-TRICK-1", "SP-TRICK-2"), "trick"),
    Step("trick.end", "chance", N_("a seventh cube or the last trick ends the round"), ("SP-END-1",), "trick"),
    Step("score", "chance", N_("the round is scored"), ("SP-SCORE-1", "SP-SCORE-2", "SP-VAR-1", "SP-VAR-2")),
    Step("end", "chance", N_("the game ends after its rounds, else the next start player deals again"),
         ("SP-END-2", "SP-END-3", "SP-END-5", "SP-END-6")),
)

#: the rules a variant may replace by ID (rulebook.core.model.Slot)
SLOTS = (
    Slot("SP-PLAY-2", "legal", N_("legal(state, actions) -> the moves allowed, some of the engine's"), ("legal",)),
    Slot("SP-RANK-1", "ranking", N_("places(trick) -> the trick's seats from 1st place to last (trick.state."
         "future_card is the trick's future card)")),
    Slot("SP-LOGIC-1", "outcome", N_("trick_winner(trick) -> the seat in 1st place, the others in the printed order"),
         ("trick_winner",)),
    Slot("SP-LOGIC-2", "score", N_("counters(event) -> changes to the score at a trick or a round's end"),
         ("counters", "trick_points", "round_points")),
    Slot("SP-LOGIC-3", "ending", N_("ends(event) -> whether the game ends at a trick or a round"), ("ends",)),
    Slot("SP-END-1", "ending", N_("a round ends in the trick in which a player moves their last cube (the round "
         "still ends after its last trick)"), ("endings_off",), True),
    Slot("SP-END-6", "ending", N_("the end at a target score (a house rule)"), ("endings_off",), True),
    Slot("SP-VAR-1", "ending", N_("variant 1's end at the successes to win"), ("endings_off",), True),
    Slot("SP-LOGIC-4", "leader", N_("leader(event) -> the seat that leads the next trick or starts the next round"),
         ("leader", "turns")),
)


def _check_cards(state: SevenPropheciesState) -> None:
    rules = state.rules
    cards = [*state.aside_up, *state.aside_down, *state.future, *state.trick]
    for h in state.hands:
        cards.extend(h)
    for _leader, trick, _places in state._round_tricks:
        cards.extend(trick)
    if sorted(cards) != list(in_play(rules)):
        raise AssertionError("SP-SETUP-1: the round's cards are not each in exactly one place")
    if len(state.future) != rules.tricks or len(state.aside_up) + len(state.aside_down) != sum(aside(rules)):
        raise AssertionError("SP-SETUP-2: the future row or the set-aside cards have the wrong size")


def _check_places(state: SevenPropheciesState) -> None:
    rules = state.rules
    n = rules.players
    rank = rules.logic.rule("SP-RANK-1") if rules.logic.replaced else None
    for t, (leader, trick, trick_places) in enumerate(state._round_tricks):
        if len(trick) != n or sorted(trick_places) != list(range(1, n + 1)):
            raise AssertionError("SP-RANK-1: the places of a trick are not a permutation of 1..P")
        in_order = [(leader + j) % n for j in range(n)]
        if rank is not None:  # SP-LOGIC-1: the variant's ranking gives every place; its own check is its own
            continue
        ranking = places([trick[s] for s in in_order], _SUIT[state.future[t]], rules.order, rules.trump)
        if rules.logic.trick_winner is not None:  # SP-LOGIC-1: the variant's winner first, the rest in order
            first = [trick_places[s] for s in in_order].index(1)
            ranking = tuple(1 if j == first else p + (p < ranking[first]) for j, p in enumerate(ranking))
        if [trick_places[s] for s in in_order] != list(ranking):
            raise AssertionError("SP-RANK-2: a trick's places do not follow the ranking")


def _check_cubes(state: SevenPropheciesState) -> None:
    rules = state.rules
    n = rules.players
    if state.phase == PROPHECY:
        if any(state.placed) or state._round_tricks or state.trick:
            raise AssertionError("SP-PROPH-2: cubes moved or cards played before the reveal")
        return
    # replay the round's tricks against the revealed prophecies (SP-TRICK-2)
    left = [list(p) for p in state.prophecies]
    for _leader, _trick, trick_places in state._round_tricks:
        for s, p in enumerate(trick_places):
            own = left[s]
            if own[p - 1]:
                own[p - 1] -= 1
    for s in range(n):
        if sum(state.prophecies[s]) != (0 if s in rules.dummies else rules.cubes):  # SP-RULING-16
            raise AssertionError("SP-PROPH-1: a prophecy does not hold all the cubes")
        if s in rules.dummies:
            continue
        if tuple(left[s]) != state.cubes[s] or sum(state.cubes[s]) + state.placed[s] != rules.cubes:
            raise AssertionError("SP-TRICK-2: a player's seven cubes are not all on place or played cards")


def _check_floor(state: SevenPropheciesState) -> None:
    rules = state.rules
    if rules.score_floor and min(state.points) < 0 and state.info.logic is None:  # SP-LOGIC-2: a variant's may
        raise AssertionError("SP-SCORE-2: a score is below 0")


def _check_hands(state: SevenPropheciesState) -> None:
    hand_sizes = {len(h) for h in state.hands}
    if state.phase == TRICK and max(hand_sizes) - min(hand_sizes) > 1:
        raise AssertionError("SP-PLAY-1: hand sizes differ by more than the current trick")


#: the game's own consistency checks, by rule ID (a variant switches one off or replaces it by its ID)
CHECKS = (
    Check("SP-SETUP-1", N_("every card of the round is in exactly one place: set aside, in the future row, in a "
          "hand or played (SP-SETUP-2: the row and the set-aside cards have their sizes)"), _check_cards),
    Check("SP-RANK-1", N_("each trick gives every place 1 to P once, in the order of the ranking (SP-RANK-2)"),
          _check_places),
    Check("SP-TRICK-2", N_("each player's cubes are all on prophecy cards or on played cards, as the tricks "
          "placed them against the revealed prophecy (SP-PROPH-1, SP-PROPH-2)"), _check_cubes),
    Check("SP-SCORE-2", N_("no score is below 0 under the score floor"), _check_floor),
    Check("SP-PLAY-1", N_("during a trick the hands differ by at most the trick's cards"), _check_hands),
)


# -- the lists of choices an added ``choose`` step may name (rulebook.variants.choose) ---------------


def _cube_options(state: SevenPropheciesState, seat: int) -> tuple[tuple[int, str], ...]:
    """SP-RULING-15: keep the cubes where they are, or move one cube still on a place card to another place."""
    own = state.cubes[seat]
    n = len(own)
    moves = [(1 + p * 8 + q, f"cube {p + 1}>{q + 1}") for p in range(n) if own[p] for q in range(n) if q != p]
    return ((0, "keep"), *moves)


def _cube_apply(state: SevenPropheciesState, made: tuple[tuple[int, int], ...]) -> SevenPropheciesState:
    cubes = [list(c) for c in state.cubes]
    for seat, value in made:
        if value:
            p, q = divmod(value - 1, 8)
            cubes[seat][p] -= 1
            cubes[seat][q] += 1
    return attrs.evolve(state, cubes=tuple(tuple(c) for c in cubes))


def _cube_value(state: SevenPropheciesState, seat: int, value: int) -> float:
    """A move is worth making when the place it leaves holds more cubes than tricks are left to fulfil them
    and the place it goes to holds fewer: else the cubes stay."""
    if not value:
        return 0.0
    left = state.rules.tricks - len(state._round_tricks)
    p, q = divmod(value - 1, 8)
    own = state.cubes[seat]
    return 1.0 if own[p] > left and own[q] < left else -1.0


def _check_moved_cubes(state: SevenPropheciesState) -> None:
    """SP-TRICK-2 with moved cubes (SP-RULING-15): every player's cubes are still all on place cards or on
    played cards, and none is on a place card it cannot be on."""
    rules = state.rules
    if state.phase == PROPHECY:  # the cubes are being placed: the printed check
        _check_cubes(state)
        return
    for s in range(rules.players):
        if any(c < 0 for c in state.cubes[s]) or sum(state.cubes[s]) + state.placed[s] != rules.cubes:
            raise AssertionError("SP-TRICK-2: a player's cubes are not all on place or played cards")


def _cube_parse(text: str) -> int | None:
    """The value of ``keep`` or ``cube P>Q``."""
    if text == "keep":
        return 0
    word, _, move = text.partition(" ")
    p, _, q = move.partition(">")
    if word == "cube" and p.isdigit() and q.isdigit() and len(p) == len(q) == 1 and p != q and "0" not in (p, q):
        return 1 + (int(p) - 1) * 8 + int(q) - 1
    return None


#: SP-RULING-15: the lists a ``choose`` step may name
CHOICES = {
    "move_cube": ChoiceList(
        _cube_options, _cube_apply,
        N_("keep your cubes, or move one of your cubes still on a place card to another place card (SP-RULING-15)"),
        {"SP-TRICK-2": _check_moved_cubes}, _cube_value, _cube_parse),
}
