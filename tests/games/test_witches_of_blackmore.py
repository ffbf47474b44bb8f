"""The Witches of Blackmore: worked examples, rulings and properties (spec prefix WB)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulebook
from rulebook.games.witches_of_blackmore import (
    DECK,
    GAME,
    Keep,
    Play,
    Replace,
    Rules,
    WitchesState,
    wheel_order,
)
from rulebook.testing import rules_strategy

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

def reference_order(anchor: int, wheel: str) -> list[int]:
    order = [anchor]
    while len(order) < 9:
        nxt = order[-1] - 1 if wheel == "descending" else order[-1] + 1
        if nxt == 0:
            nxt = 9
        if nxt == 10:
            nxt = 1
        order.append(nxt)
    return order


def reference_winner(cards: Sequence[int], trump_suit: int | None, anchor: int, wheel: str) -> int:
    """Position of the strongest card: trumps first, then the lead colour, by the wheel."""
    order = reference_order(anchor, wheel)
    lead = DECK.suit_of[cards[0]]
    for colour in (trump_suit, lead):
        candidates = [i for i, c in enumerate(cards) if DECK.suit_of[c] == colour]
        if candidates:
            return min(candidates, key=lambda i: order.index(DECK.rank_of[cards[i]]))
    raise AssertionError("unreachable: the leader's card is of the lead colour")


# -- the source's worked examples ---------------------------------------------------------

def test_wheel_orders_from_the_green_8_example() -> None:
    """WB-RANK-2, WB-COMP-2: trump green 8; descending 8 7 6 5 4 3 2 1 9, ascending 8 9 1 ... 7."""
    assert wheel_order(8, "descending") == (8, 7, 6, 5, 4, 3, 2, 1, 9)
    assert wheel_order(8, "ascending") == (8, 9, 1, 2, 3, 4, 5, 6, 7)
    assert reference_order(7, "descending") == [7, 6, 5, 4, 3, 2, 1, 9, 8]


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


def test_unequal_hands_skip_empty_seats_and_the_game_ends() -> None:
    """WB-END-4, WB-RULING-5, WB-RULING-10, WB-SCORE-2, WB-RULING-6 (ties share) in random end games."""
    for seed in range(40):
        rng = random.Random(seed)
        state = GAME.new_game(Rules(players=3), seed=seed)
        while not state.is_terminal:
            if state.phase == 0 and not state.trick:
                assert all(state.hands[s] for s in state.order)
                assert set(state.order) == {s for s in range(3) if state.hands[s]}
            state = state.apply(rng.choice(state.legal_actions()))
            if state.phase == 1:
                assert any(state.hands)  # no replacement after the last trick
        best = max(state.scores)
        assert state.winners == {s for s in range(3) if state.scores[s] == best}


def test_rules_validation_names_the_field() -> None:
    """WB-RULING-1, WB-SETUP-2, WB-SETUP-4: 2..6 players; hands must fit the deck."""
    for n in range(2, 7):
        assert Rules(players=n).players == n
    with pytest.raises(rulebook.InvalidRules, match="players"):
        Rules(players=7)
    with pytest.raises(rulebook.InvalidRules, match="hand_size"):
        Rules(players=6, hand_size=9)
    with pytest.raises(rulebook.InvalidRules, match="first_leader"):
        Rules(players=3, first_leader=4)
    with pytest.raises(rulebook.InvalidRules, match="wheel"):
        Rules(wheel="sideways")


def test_deals_are_validated() -> None:
    """WB-SETUP-1: a deal is an order of the 54 cards."""
    with pytest.raises(ValueError, match="deal 0"):
        GAME.new_game(deals=[list(range(53))])
    with pytest.raises(ValueError, match="deal 0"):
        GAME.new_game(deals=[[0] * 54])


def test_first_leader_and_deal_layout() -> None:
    """WB-SETUP-1, WB-SETUP-2, WB-SETUP-3, WB-SETUP-4, WB-COMP-1."""
    order = list(range(54))
    state = GAME.new_game(Rules(players=3, first_leader=2), deals=[order])
    assert state.hands == (tuple(range(6)), tuple(range(6, 12)), tuple(range(12, 18)))
    assert state.trumps == (18,) and state.drawn == 19 and state.current_player == 2
    assert DECK.size == 54 and len(DECK.suits) == 6 and DECK.ranks == tuple(range(1, 10))
    # WB-RULING-9: four named colours and two placeholders, each with its own letter
    assert [letter for _, letter in DECK.suits] == ["R", "B", "G", "Y", "P", "O"]
    assert DECK.name(C("G8")) == "green 8"


# -- properties over random games and random valid Rules --------------------------------

@pytest.mark.parametrize("hand_size", range(1, 9))
@settings(max_examples=6)
@given(data=st.data())
def test_properties_of_random_games(hand_size: int, data: st.DataObject) -> None:
    """Every hand size 1..8 (WB-SETUP-2, WB-RULING-10). Card conservation (WB-COMP-1), one
    winner per trick equal to a reference (WB-TRICK-1,
    WB-TRICK-2, WB-TRICK-3, WB-RANK-1, WB-RANK-2, WB-TRICK-4), scores are captured values
    (WB-SCORE-1), the trump stack keeps the wheel aligned (WB-TRUMP-2), and the game ends
    within the bound (WB-END-4)."""
    rules = data.draw(rules_strategy(GAME, hand_size=hand_size), label="rules")
    seed = data.draw(st.integers(0, 2**31), label="seed")
    choices = data.draw(st.randoms(use_true_random=False), label="choices")
    state = GAME.new_game(rules, seed=seed)
    total = sum(DECK.rank_of)
    steps = 0
    while not state.is_terminal:
        everywhere = (
            list(state.deck[state.drawn :]) + list(state.trumps) + list(state.trick)
            + [c for h in state.hands for c in h] + [c for p in state.captured for c in p]
        )
        assert sorted(everywhere) == list(DECK.cards)
        action = choices.choice(state.legal_actions())
        nxt = state.apply(action)
        if state.phase == 0 and len(state.trick) + 1 == len(state.order):
            assert isinstance(action, Play)
            cards = (*state.trick, action.card)
            expected = state.order[reference_winner(cards, state.trump_suit, state.anchor, rules.wheel)]
            gained = [s for s in range(rules.players) if len(nxt.captured[s]) > len(state.captured[s])]
            assert gained == [expected]
            assert sorted(set(nxt.captured[expected]) - set(state.captured[expected])) == sorted(cards)
        state = nxt
        steps += 1
        assert steps <= GAME.max_game_length(rules)
    assert state.scores == tuple(sum(DECK.rank_of[c] for c in p) for p in state.captured)
    assert sum(state.scores) + sum(DECK.rank_of[c] for c in state.trumps) == total


@settings(max_examples=20)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 6), steps=st.integers(0, 60))
def test_observation_hides_other_hands_and_the_pile(seed: int, players: int, steps: int) -> None:
    """WB-INFO-1, WB-RULING-12: permuting what a seat cannot see leaves its view unchanged."""
    rng = random.Random(seed)
    state = GAME.new_game(Rules(players=players), seed=seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    for seat in range(players):
        other = state.resample(seat, rng)
        assert other.hands[seat] == state.hands[seat]
        assert other.observation(seat) == state.observation(seat)
        assert other.observation_tensor(seat) == state.observation_tensor(seat)
    # and the observation does show one's own hand, which differs between seats
    obs = state.observation(0)
    assert obs.hand == state.hands[0] and obs.trump_stack == state.trumps


def test_observation_changes_when_a_visible_fact_changes() -> None:
    """WB-INFO-1: the boundary test can fail: swapping a seat's own card changes its view."""
    state = GAME.new_game(Rules(players=3), seed=4)
    swapped = attrs.evolve(state, hands=(state.hands[1], state.hands[0], state.hands[2]))
    assert swapped.observation(0) != state.observation(0)
    assert swapped.observation_tensor(0) != state.observation_tensor(0)
    assert swapped.observation(2) == state.observation(2)


def test_heuristic_player_plays_legally_and_beats_random_on_average() -> None:
    """The heuristic seat (cheapest winning card, WB-TRICK-2) outscores random seats."""
    wins = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = GAME.new_game(Rules(players=2), seed=seed)
        while not state.is_terminal:
            if state.current_player == 0:
                action = GAME.heuristic_action(state, rng)
                assert action in state.legal_actions()
            else:
                action = rng.choice(state.legal_actions())
            state = state.apply(action)
        wins += 0 in state.winners
    assert wins > 30


def test_trump_cards_can_be_played_twice_and_the_bound_still_holds() -> None:
    """WB-END-5: a replaced card drawn back from the trump stack is played again; the
    number of plays exceeds 53 but stays within 53 + players, and the game length
    within max_game_length."""
    seen_more = False
    for seed in range(60):
        rng = random.Random(seed)
        rules = Rules(players=4)
        state = GAME.new_game(rules, seed=seed)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        plays = sum(1 for a in state.history if type(a) is Play)
        assert plays <= 53 + rules.players
        assert len(state.history) <= GAME.max_game_length(rules) == 2 * (53 + 4)
        seen_more |= plays > 53
    assert seen_more
