"""The Witches of Blackmore's state machine (``state.py``): who acts, the legal actions and
``apply``: trick winners under the wheel, the trump replacement, the refill, the end of the
deck, the phases (spec prefix WB). Also the helpers the other test files share: ``deal``,
``play`` and an independent reference ranking (``reference_winner``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import strategies as st

import rulebook
from rulebook.errors import InvalidRules
from rulebook.games.witches_of_blackmore import DECK, GAME, Keep, Phase, Play, Replace, Rules, WitchesState
from rulebook.variants.testing import rules_strategy

C = DECK.parse


def deal(hands: Sequence[Sequence[str]], trump: str, hand_size: int = 6, pile: Sequence[str] = ()) -> list[int]:
    """A deck order giving each seat the named cards (padded from unused cards), then the trump."""
    named = [C(t) for h in hands for t in h] + [C(trump)] + [C(t) for t in pile]
    assert len(set(named)) == len(named)
    spare = [c for c in DECK.cards if c not in named]
    order: list[int] = []
    for h in hands:
        cards = [C(t) for t in h]
        while len(cards) < hand_size:
            cards.append(spare.pop())
        order += cards
    order.append(C(trump))
    order += [C(t) for t in pile]
    return order + spare


def play(state: WitchesState, *texts: str) -> WitchesState:
    for text in texts:
        state = state.apply(GAME.parse_action(text))
    return state


# -- independent reference ranking (written without the engine's tables) --------------

def reference_order(anchor: int, wheel: str, numbers: Sequence[int] = range(1, 10)) -> list[int]:
    """The wheel's numbers from strongest to weakest: walk the numbers in play round the dial."""
    ring = sorted(numbers)
    order = [anchor]
    while len(order) < len(ring):
        at = ring.index(order[-1]) + (-1 if wheel == "descending" else 1)
        order.append(ring[at % len(ring)])
    return order


def reference_winner(
    cards: Sequence[int],
    trump_suit: int | None,
    anchor: int,
    wheel: str,
    numbers: Sequence[int] = range(1, 10),
    weakest: bool = False,
) -> int:
    """Position of the strongest card (the weakest under WB-TRICK-6): trumps first, then the
    lead colour, by the wheel."""
    order = reference_order(anchor, wheel, numbers)
    lead = DECK.suit_of[cards[0]]
    for colour in (trump_suit, lead):
        candidates = [i for i, c in enumerate(cards) if DECK.suit_of[c] == colour]
        if candidates:
            pick = max if weakest else min
            return pick(candidates, key=lambda i: (order.index(DECK.rank_of[cards[i]]), i if weakest else -i))
    raise AssertionError("unreachable: the leader's card is of the lead colour")


def reference_cards(rules: Rules) -> list[int]:
    """The cards in play, written from the options without the engine's tables (WB-COMP-3)."""
    letters = "RBGYPO"
    return [
        c for c in DECK.cards
        if letters[DECK.suit_of[c]] in rules.colours and DECK.rank_of[c] in rules.ranks
        and DECK.text(c) not in rules.removed
    ]


def rules_winner(rules: Rules, cards: Sequence[int], trump_suit: int | None, anchor: int) -> int:
    """:func:`reference_winner` under ``rules`` (the wheel over the numbers in play, WB-TRICK-6)."""
    numbers = sorted({DECK.rank_of[c] for c in reference_cards(rules)})
    return reference_winner(cards, trump_suit, anchor, rules.wheel, numbers, rules.wins == "weakest")


@st.composite
def witches_rules(draw: st.DrawFn, **fixed: object) -> Rules:
    """Random valid ``Rules`` with every option drawn, the structured ones too: a deck of some
    colours and numbers less some cards (WB-COMP-3) and a points table (WB-SCORE-3)."""
    rules: Rules = draw(rules_strategy(GAME, **fixed))
    if "points" not in fixed and draw(st.booleans()):
        rules = attrs.evolve(rules, points=tuple(draw(st.lists(st.integers(0, 99), min_size=9, max_size=9))))
    if "colours" in fixed or not draw(st.booleans()):
        return rules
    letters = draw(st.lists(st.sampled_from("RBGYPO"), min_size=1, max_size=6, unique=True))
    colours = tuple(x for x in "RBGYPO" if x in letters)
    ranks = tuple(sorted(draw(st.lists(st.integers(1, 9), min_size=1, max_size=9, unique=True))))
    texts = [f"{x}{r}" for x in colours for r in ranks]
    removed = tuple(draw(st.lists(st.sampled_from(texts), max_size=min(6, len(texts) - 1), unique=True)))
    try:
        return attrs.evolve(rules, colours=colours, ranks=ranks, removed=removed)
    except InvalidRules:
        return rules


# -- the source's worked examples ---------------------------------------------------------

@pytest.mark.parametrize("wheel,winner", [("descending", 1), ("ascending", 0)])
def test_green_8_trick_under_both_wheel_sides(wheel: str, winner: int) -> None:
    """WB-SETUP-3, WB-TRICK-2, WB-RULING-7: with green 8 as trump, G9 v G1 depends on the side."""
    rules = Rules(players=2, wheel=wheel)
    state = GAME.new_game(rules, deals=[deal([["G9"], ["G1"]], "G8")])
    assert state.trumps == (C("G8"),) and state.anchor == 8
    state = play(state, "play G9", "play G1")
    assert state.current_player == winner
    assert sorted(state.captured[winner]) == sorted([C("G9"), C("G1")])


def test_blue_7_example_goes_to_the_blue_4() -> None:
    """WB-TRICK-2, WB-TRICK-3, WB-RULING-8: the source's second example, five players, blue 7 trump.

    Anna leads yellow 2, Peter red 7, Brian yellow 5, David blue 4, Emma blue 9. Red 7 cannot
    win (neither trump nor lead colour); blue 9 is the weakest number under a 7; the blue 4,
    which David played (the source misnames the player), takes all five cards.
    """
    hands = [["Y2"], ["R7"], ["Y5"], ["B4"], ["B9"]]
    state = GAME.new_game(Rules(players=5), deals=[deal(hands, "B7")])
    state = play(state, "play Y2", "play R7", "play Y5", "play B4", "play B9")
    david = 3
    assert state.current_player == david and state.phase == 1
    assert sorted(state.captured[david]) == sorted(C(t) for t in ("Y2", "R7", "Y5", "B4", "B9"))
    assert state.scores[david] == 2 + 7 + 5 + 4 + 9  # WB-SCORE-1


def test_without_trump_the_lead_colour_wins() -> None:
    """WB-TRICK-3, WB-TRICK-1: no trump played, so yellow (led) beats every other colour."""
    hands = [["Y2"], ["R9"], ["Y1"]]
    state = GAME.new_game(Rules(players=3), deals=[deal(hands, "B7")])
    state = play(state, "play Y2", "play R9", "play Y1")
    assert state.current_player == 0  # Y2 beats Y1 under a descending 7 (2 is stronger than 1)
    hands = [["Y2"], ["B9"], ["Y1"]]
    state = play(GAME.new_game(Rules(players=3), deals=[deal(hands, "B7")]), "play Y2", "play B9", "play Y1")
    assert state.current_player == 1  # WB-TRICK-1: the single trump wins, even the weakest number


# -- trump replacement, refill and the end of the deck ----------------------------------

def test_replacement_moves_a_captured_card_onto_the_trump_stack() -> None:
    """WB-TRUMP-1, WB-TRUMP-2, WB-RANK-1, WB-TRICK-5, WB-DRAW-1."""
    state = GAME.new_game(Rules(players=2), deals=[deal([["G9", "R3"], ["G1"]], "G8")])
    state = play(state, "play G9", "play G1")
    assert state.legal_actions() == (Replace(C("G1")), Replace(C("G9")), Keep())
    with pytest.raises(rulebook.IllegalAction, match="WB-TRUMP-1"):
        state.apply(Replace(C("R3")))
    with pytest.raises(rulebook.IllegalAction, match="WB-TRUMP-1"):
        state.apply(Play(C("R3")))
    after = state.apply(Replace(C("G9")))
    assert after.trumps == (C("G8"), C("G9")) and after.anchor == 9 and after.trump_suit == DECK.suit_of[C("G9")]
    assert C("G9") not in after.captured[1] and after.scores[1] == 1
    assert after.current_player == 1 and after.leader == 1
    # WB-DRAW-1: both hands refilled to six, winner first (pile order)
    assert [len(h) for h in after.hands] == [6, 6]
    assert after.drawn == state.drawn + 2


def test_replacement_after_the_draw_option() -> None:
    """WB-RULING-3: with replace_before_draw false, hands are refilled before the decision."""
    rules = Rules(players=2, replace_before_draw=False)
    state = play(GAME.new_game(rules, deals=[deal([["G9"], ["G1"]], "G8")]), "play G9", "play G1")
    assert state.phase == 1 and [len(h) for h in state.hands] == [6, 6]
    assert [len(h) for h in state.apply(Keep()).hands] == [6, 6]


def test_no_replacement_when_the_option_is_off() -> None:
    """WB-TRUMP-1: trump_replacement=False skips the decision."""
    rules = Rules(players=2, trump_replacement=False)
    state = play(GAME.new_game(rules, deals=[deal([["G9"], ["G1"]], "G8")]), "play G9", "play G1")
    assert state.phase == 0 and all(type(a) is Play for a in state.legal_actions())


def test_any_card_may_be_played_unless_must_follow() -> None:
    """WB-PLAY-1, WB-PLAY-2, WB-RULING-2."""
    hands = [["Y2"], ["Y5", "R9"]]
    free = play(GAME.new_game(Rules(players=2), deals=[deal(hands, "B7")]), "play Y2")
    assert Play(C("R9")) in free.legal_actions()
    strict = play(GAME.new_game(Rules(players=2, must_follow=True), deals=[deal(hands, "B7")]), "play Y2")
    assert strict.legal_actions() == (Play(C("Y5")),)
    with pytest.raises(rulebook.IllegalAction, match="WB-PLAY-2"):
        strict.apply(Play(C("R9")))
    with pytest.raises(rulebook.IllegalAction, match="WB-PLAY-1"):
        strict.apply(Play(C("Y2")))  # not in hand


def test_end_of_deck_draws_from_the_trump_stack_then_stops() -> None:
    """WB-END-1, WB-END-2, WB-END-3, WB-RULING-4, WB-RULING-11 with four players.

    54 - 24 - 1 = 29 pile cards: seven full refills, then the eighth trick's winner takes the
    last pile card and the next three players take trump-stack cards in order.
    """
    rng = random.Random(3)
    state = GAME.new_game(Rules(players=4, trump_replacement=False), seed=11)
    refills = 0
    while state.drawn < len(state.deck) or not state.exhausted:
        before = state
        state = state.apply(rng.choice(state.legal_actions()))
        if state.drawn != before.drawn or state.exhausted != before.exhausted:
            refills += 1
            if state.exhausted:
                # the winner drew the pile's last card; the others the trump stack, top first
                winner = state.leader
                short = [(winner + i) % 4 for i in range(1, 4)]
                stack = before.trumps
                assert refills == 8 and state.drawn == len(state.deck)
                taken = list(reversed(stack))[: len(short)]
                for seat, card in zip(short, taken):
                    assert state.known[seat] == (card,)
                    assert card in state.hands[seat]
                assert state.trumps == stack[: max(0, len(stack) - len(short))]
                if not state.trumps:
                    assert state.trump_suit is None and state.anchor == DECK.rank_of[stack[0]]
                break
    assert state.exhausted
    sizes = [len(h) for h in state.hands]
    while not state.is_terminal:  # WB-END-4: no more refills; empty hands sit out
        state = state.apply(rng.choice(state.legal_actions()))
        assert all(len(h) <= s for h, s in zip(state.hands, sizes))
    assert not any(state.hands)


def test_hand_size_one_offers_the_trump_change_before_the_refill() -> None:
    """WB-RULING-10, WB-TRUMP-1, WB-DRAW-1: with one card a hand every hand is empty after each
    trick, but a refill follows, so the winner is offered the replacement (issue 15)."""
    state = GAME.new_game(Rules(players=2, hand_size=1), deals=[tuple(range(54))])
    assert state.hands == ((C("R1"),), (C("R2"),)) and state.trumps == (C("R3"),)
    state = play(state, "play R1", "play R2")
    # R3 is trump (descending from 3: 3 2 1 ...), so R2 beats R1: seat 1 wins
    assert state.current_player == 1 and state.phase is Phase.REPLACING
    assert [str(a) for a in state.legal_actions()] == ["trump R1", "trump R2", "keep"]
    kept = state.apply(Keep())
    # the refill: the winner draws first (R4), then seat 0 (R5); the winner leads
    assert kept.hands == ((C("R5"),), (C("R4"),)) and kept.current_player == 1
    assert [str(a) for a in kept.legal_actions()] == ["play R4"]
    replaced = state.apply(Replace(C("R1")))
    assert replaced.trumps == (C("R3"), C("R1")) and replaced.scores == (0, 2)


def test_the_last_trick_offers_no_replacement_with_hand_size_one() -> None:
    """WB-RULING-10, WB-END-2, WB-END-4: with one card a hand the game still ends without a final
    decision: after the refill from the trump stack the last trick closes the game."""
    for seed in range(30):
        rng = random.Random(seed)
        state = GAME.new_game(Rules(players=3, hand_size=1), seed=seed)
        decisions = 0
        while not state.is_terminal:
            if state.phase is Phase.REPLACING:
                decisions += 1
                assert not state.apply(Keep()).is_terminal  # another trick follows
            state = state.apply(rng.choice(state.legal_actions()))
        assert decisions > 0 and state.phase is Phase.OVER
        assert state.legal_actions() == ()


def test_phase_is_an_int_enum() -> None:
    """WB-TRUMP-1, WB-END-4: phases are Phase members that still compare as small ints."""
    assert [int(p) for p in Phase] == [0, 1, 2]
    state = GAME.new_game(Rules(players=2), seed=1)
    assert state.phase is Phase.PLAYING and state.phase == 0


def test_the_trick_just_won_is_internal_while_the_winner_decides() -> None:
    """WB-TRUMP-1: the hot path keeps the cards of the trick just won in the internal
    ``_last_trick`` (the replacement's choices); the public view is ``tricks[-1]``, and
    the field empties once the winner has decided."""
    state = GAME.new_game(Rules(players=2), deals=[deal([["G9", "R3"], ["G1"]], "G8")])
    assert state._last_trick == () and not hasattr(state, "last_trick")
    state = play(state, "play G9", "play G1")
    assert state.phase is Phase.REPLACING and state._last_trick == (C("G9"), C("G1"))
    assert state.tricks[-1].cards == state._last_trick
    assert play(state, "keep")._last_trick == () and play(state, "trump G1")._last_trick == ()


# -- the house-rule alternatives ------------------------------------------------------------


def test_must_trump_binds_a_player_who_cannot_follow() -> None:
    """WB-PLAY-3: without the leader's colour but with a trump, only trumps are legal; with the
    leader's colour in hand (and no must-follow), any card; off by default."""
    order = deal([["G2", "B3"], ["R5", "B4"]], "R1", hand_size=2)
    state = GAME.new_game(Rules(players=2, hand_size=2, must_trump=True), deals=[order])
    state = play(state, "play G2")
    assert state.legal_actions() == (Play(C("R5")),)
    with pytest.raises(rulebook.IllegalAction, match="WB-PLAY-3"):
        state.apply(Play(C("B4")))
    free = play(GAME.new_game(Rules(players=2, hand_size=2), deals=[order]), "play G2")
    assert set(free.legal_actions()) == {Play(C("R5")), Play(C("B4"))}
    # seat 1 holds the lead colour: no obligation to trump (must_follow is off)
    order = deal([["G2", "B3"], ["G5", "R4"]], "R1", hand_size=2)
    state = play(GAME.new_game(Rules(players=2, hand_size=2, must_trump=True), deals=[order]), "play G2")
    assert set(state.legal_actions()) == {Play(C("G5")), Play(C("R4"))}


def test_no_trump_colour_gives_every_trick_to_the_lead_colour() -> None:
    """WB-RANK-3: with ``trump_colour=false`` a card of the top trump's colour is no trump; the
    strongest card of the leader's colour wins, by the wheel the trump card set."""
    order = deal([["G2", "B3"], ["R5", "B4"]], "R1", hand_size=2)
    printed = play(GAME.new_game(Rules(players=2, hand_size=2), deals=[order]), "play G2", "play R5")
    assert printed.captured[1] and printed.trump_suit == 0
    state = GAME.new_game(Rules(players=2, hand_size=2, trump_colour=False), deals=[order])
    assert state.trump_suit is None and state.anchor == 1
    state = play(state, "play G2", "play R5")
    assert state.captured[0] and not state.captured[1]
    assert state.tricks[0].rule == "WB-TRICK-3"


def test_weakest_card_wins() -> None:
    """WB-TRICK-6: under green 8 on the descending side (8 7 ... 1 9) the 9 is weakest, so it wins;
    a single trump still wins alone."""
    order = deal([["G9", "B3"], ["G1", "B4"]], "G8", hand_size=2)
    rules = Rules(players=2, hand_size=2, wins="weakest")
    state = play(GAME.new_game(rules, deals=[order]), "play G9", "play G1")
    assert state.captured[0] == (C("G9"), C("G1"))
    printed = play(GAME.new_game(Rules(players=2, hand_size=2), deals=[order]), "play G9", "play G1")
    assert printed.captured[1]
    state = play(GAME.new_game(rules, deals=[order]), "play B3", "play G1")
    assert state.captured[1]  # the only trump
    state = play(GAME.new_game(rules, deals=[order]), "play B3", "play B4")
    assert state.captured[0]  # under 8, descending: 3 is weaker than 4


def test_no_first_trump() -> None:
    """WB-SETUP-5: no card is turned up; the pile keeps every card not dealt; the wheel puts the
    highest number first on the descending side, the lowest on the ascending side."""
    order = [C(x) for x in ("B2", "R3", "B9", "G1")]
    order += [c for c in DECK.cards if c not in order]
    state = GAME.new_game(Rules(players=2, hand_size=2, first_trump="none"), deals=[order])
    assert state.trumps == () and state.drawn == 4 and state.anchor == 9 and state.trump_suit is None
    after = play(state, "play B2", "play B9")
    assert after.captured[1]
    state = GAME.new_game(Rules(players=2, hand_size=2, first_trump="none", wheel="ascending"), deals=[order])
    assert state.anchor == 1
    after = play(state, "play B2", "play B9")
    assert after.captured[0]
    rules = Rules(players=3, first_trump="none")
    for seed in range(3):
        end = _random_game(rules, seed)
        assert GAME.max_game_length(rules) == 2 * (54 + 3)
        assert len(end.history) <= GAME.max_game_length(rules)


def _random_game(rules: Rules, seed: int) -> WitchesState:
    rng = random.Random(seed)
    state = GAME.new_game(rules, seed=seed)
    while not state.is_terminal:
        GAME.check_invariants(state)
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_points_table() -> None:
    """WB-SCORE-3: ``points`` scores a card by its number; here only the 9s count, 10 each."""
    rules = Rules(players=2, hand_size=2, points=(0, 0, 0, 0, 0, 0, 0, 0, 10))
    order = deal([["G9", "B3"], ["G1", "B4"]], "G8", hand_size=2)
    state = play(GAME.new_game(rules, deals=[order]), "play G9", "play G1")
    assert state.scores == (0, 10)
    state = play(state, "keep")
    printed = play(GAME.new_game(Rules(players=2, hand_size=2), deals=[order]), "play G9", "play G1")
    assert printed.scores == (0, 10)  # 9 + 1 under the printed rule
    end = _random_game(attrs.evolve(rules, hand_size=6), 5)
    assert end.scores == tuple(10 * sum(DECK.rank_of[c] == 9 for c in p) for p in end.captured)
    assert end.rounds[0].points == end.scores


def test_fixed_number_of_tricks() -> None:
    """WB-END-6: the game ends once ``end_tricks`` tricks are won, with no trump decision after the
    last; cards left in hand or pile score nothing."""
    rules = Rules(players=3, end="tricks", end_tricks=3)
    for seed in range(4):
        end = _random_game(rules, seed)
        assert len(end.tricks) == 3 and any(end.hands) and end.current_player is None
        assert end.rounds[0].rule == "WB-END-6"
        assert end.scores == tuple(sum(DECK.rank_of[c] for c in p) for p in end.captured)
        assert not isinstance(end.history[-1], (Keep, Replace))  # no decision after the last trick
    assert len(_random_game(Rules(players=3), 0).tricks) > 3


def test_target_score() -> None:
    """WB-END-7: the game ends right after the trick that brings its winner to ``end_target``."""
    rules = Rules(players=4, end="target", end_target=30)
    for seed in range(4):
        end = _random_game(rules, seed)
        assert max(end.scores) >= 30 and end.rounds[0].rule in ("WB-END-7", "WB-END-4")
        last = end.tricks[-1]
        before = list(end.scores)
        before[last.winner] -= sum(DECK.rank_of[c] for c in last.cards)
        assert max(before) < 30 or end.rounds[0].rule == "WB-END-4"
    end = _random_game(Rules(players=2, end="target", end_target=1), 0)
    assert len(end.tricks) == 1 and end.rounds[0].rule == "WB-END-7"
