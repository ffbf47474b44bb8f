"""The Witches of Blackmore's heuristic player (``heuristic.py``): it plays legal moves, takes
every decision both ways (replace or keep the trump, win or duck a trick, give to a partner),
beats random players and the keep-always player, decides only from what its seat sees, and
chooses what the plain reference below chooses, drawing the same random numbers, at every
position of random games, under random valid rules (spec prefix WB)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.core.tricks import best_position
from rulebook.games.witches_of_blackmore import GAME, Rules
from rulebook.games.witches_of_blackmore import actions as wb_actions
from rulebook.games.witches_of_blackmore import rules as wb_rules
from rulebook.variants.testing import compare_heuristic, player_count_cases
from tests.games.witches_of_blackmore.test_state import witches_rules

#: the player counts the shared tests ran this game's reference at (every count under ci and thorough)
COUNTS = [n for slug, n in player_count_cases() if slug == GAME.slug]


def _play_game(rules: Rules, seed: int, heuristic_seats: Any, counts: Counter[str] | None = None) -> Any:
    """One game, seeded: the seats in ``heuristic_seats`` play the heuristic (checked legal), the
    others uniformly random legal moves. ``counts`` tallies the heuristic's decisions by kind and
    choice: ``keep``/``replace`` (WB-TRUMP-1); ``lead``, ``win``, ``duck`` (a card that does not take
    the lead of the trick) and ``give`` (to a partner, WB-SCORE-4). Returns the final state."""
    rng = random.Random(seed)
    state: Any = GAME.new_game(rules, seed=seed)
    while not state.is_terminal:
        seat = state.current_player
        if seat in heuristic_seats:
            action = GAME.heuristic_action(state, rng)
            assert action in state.legal_actions()
            if counts is not None:
                counts[_kind(state, action)] += 1
                if isinstance(action, wb_actions.Replace):
                    counts["laid numbers"] += wb_rules._RANK[action.card]
        else:
            action = rng.choice(state.legal_actions())
        state = state.apply(action)
    return state


def _kind(state: Any, action: Any) -> str:
    if state.phase == wb_actions.REPLACING:
        return "replace" if isinstance(action, wb_actions.Replace) else "keep"
    trick = state.trick
    if not trick:
        return "lead"
    tabs = wb_rules.tables(state.rules)
    keys = tabs.win[state.anchor][6 if state.trump_suit is None else state.trump_suit][wb_rules._SUIT[trick[0]]]
    if best_position((*trick, action.card), keys) == len(trick):
        return "win"
    rules = state.rules
    partner = (state.current_player + rules.players // 2) % rules.players
    if rules.teams and state.order[best_position(trick, keys)] == partner and len(trick) == len(state.order) - 1:
        return "give"
    return "duck"


ALL = range(6)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_decision_is_taken_both_ways(players: int) -> None:
    """WB-TRUMP-1, WB-TRICK-1..3: over 60 games of heuristic seats (printed rules), the winner
    both replaces the trump (when its hand gains more than the card's points) and keeps it, and
    the heuristic both wins tricks and ducks them. Measured at seeds 0..59: replacements are
    34% (2 players) to 72% (6 players) of the trump decisions, ducks 17% to 58% of the plays."""
    counts: Counter[str] = Counter()
    for seed in range(60):
        _play_game(Rules(players=players), seed, ALL, counts)
    decisions = counts["replace"] + counts["keep"]
    assert decisions > 60 * 7
    assert 0.25 * decisions < counts["replace"] < 0.9 * decisions
    assert counts["keep"] > 0.1 * decisions
    plays = counts["lead"] + counts["win"] + counts["duck"]
    assert counts["win"] > 0.2 * plays and counts["duck"] > 0.1 * plays
    assert counts["give"] == 0  # no partners under the printed rules


def test_partners_give_points_and_replacement_follows_its_rules() -> None:
    """WB-SCORE-4: with partners, a seat playing last to a trick its partner is winning gives it
    its dearest card; WB-SCORE-3: the card laid as trump gives up its points, so under the
    printed points the numbers laid are low on average (measured 4.0), and under points falling with the
    number (9 for a 1 ... 1 for a 9) higher (5.4); WB-TRUMP-1 off: no trump decision."""
    counts: Counter[str] = Counter()
    for seed in range(50):
        _play_game(Rules(players=4, teams=True), seed, ALL, counts)
    assert counts["give"] > 100 and counts["replace"] > 100 and counts["keep"] > 50
    printed, falling = Counter[str](), Counter[str]()
    for seed in range(50):
        _play_game(Rules(players=4), seed, ALL, printed)
        _play_game(Rules(players=4, points=(9, 8, 7, 6, 5, 4, 3, 2, 1)), seed, ALL, falling)
    assert printed["laid numbers"] / printed["replace"] < 4.5
    assert falling["laid numbers"] / falling["replace"] > 5.0
    counts = Counter()
    for seed in range(20):
        _play_game(Rules(players=4, trump_replacement=False), seed, ALL, counts)
    assert counts["replace"] == counts["keep"] == 0 and counts["win"] > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_one_heuristic_seat_beats_random_seats(players: int) -> None:
    """Seat ``g % players`` plays the heuristic against random seats over 200 seeded games and
    wins (alone or shared) more than 1.5 / players of them (measured: 0.995, 0.99, 0.885, 0.83,
    0.755 at 2..6 players)."""
    wins = sum(g % players in _play_game(Rules(players=players), g, {g % players}).winners for g in range(200))
    assert wins > 1.5 / players * 200


def test_a_table_of_heuristic_seats_beats_a_table_of_random_seats() -> None:
    """Four players, two heuristic seats (0 and 2, or 1 and 3) against two random seats over 200
    games: the heuristic seats take more than 1.5 x their half of the wins (> 75%); as partners
    (WB-SCORE-4) the heuristic pair wins more than 75% of the games too (measured 189 and 196)."""
    alone = partners = 0
    for g in range(200):
        seats = {g % 2, g % 2 + 2}
        alone += bool(_play_game(Rules(players=4), g, seats).winners & seats)
        partners += bool(_play_game(Rules(players=4, teams=True), g, seats).winners & seats)
    assert alone > 150 and partners > 150


def _keep_always(state: Any, rng: random.Random) -> Any:
    """The heuristic before it used WB-TRUMP-1: the same plays, never a replacement."""
    if state.phase == wb_actions.REPLACING:
        return wb_actions._KEEP
    return GAME.heuristic_action(state, rng)


def test_replacing_the_trump_beats_always_keeping_it() -> None:
    """WB-TRUMP-1 is worth using: one heuristic seat against three seats that play alike but
    always keep the trump wins more than 1.2 x its fair share of 400 four-player games (measured
    0.38 against 0.25)."""
    share = 0.0
    for g in range(400):
        rng = random.Random(g)
        state: Any = GAME.new_game(Rules(players=4), seed=g)
        me = g % 4
        while not state.is_terminal:
            player = GAME.heuristic_action if state.current_player == me else _keep_always
            state = state.apply(player(state, rng))
        share += (me in state.winners) / len(state.winners)
    assert share > 1.2 * 400 / 4


@settings(max_examples=40, deadline=None)
@given(rules=witches_rules(), seed=st.integers(0, 2**32 - 1))
def test_the_choice_depends_only_on_what_the_seat_sees(rules: Any, seed: int) -> None:
    """WB-INFO-1: at every position of a random game under random rules, the heuristic chooses the
    same action (and draws the same random numbers) after the hidden facts, other hands and the
    pile, are redrawn with ``resample`` from the seat's point of view."""
    driver = random.Random(seed)
    state: Any = GAME.new_game(rules, seed=seed)
    while not state.is_terminal:
        seat = state.current_player
        k = driver.getrandbits(32)
        rng1, rng2 = random.Random(k), random.Random(k)
        other = state.resample(seat, random.Random(driver.getrandbits(32)))
        assert other.observation(seat) == state.observation(seat)
        assert GAME.heuristic_action(state, rng1) == GAME.heuristic_action(other, rng2)
        assert rng1.getstate() == rng2.getstate()
        state = state.apply(driver.choice(state.legal_actions()) if driver.random() < 0.3
                            else GAME.heuristic_action(state, driver))


def test_the_heuristic_refuses_a_finished_game() -> None:
    """WB-END-4: after the end nobody is to act."""
    state = _play_game(Rules(players=3), 4, ALL)
    with pytest.raises(ValueError, match="the game is over"):
        GAME.heuristic_action(state, random.Random(0))

# -- the reference: a plain statement of the heuristic -------------------------------------------


def _plain_value(rules: Any, hand: tuple[int, ...], anchor: int, trump: int | None) -> float:
    """The hand's value: each card's place on the wheel (0..1, WB-RANK-2, WB-TRICK-6) plus 1 for the
    trump colour (WB-RANK-1; none under WB-RANK-3)."""
    tabs = wb_rules.tables(rules)
    order = wb_rules.wheel_order(anchor, rules.wheel, tabs.numbers)
    top = max(len(order) - 1, 1)
    total = 0.0
    for c in hand:
        i = order.index(wb_rules._RANK[c])
        place = (len(order) - 1 - i) if rules.wins == wb_rules.STRONGEST else i
        total += place / top + (1.0 if rules.trump_colour and trump == wb_rules._SUIT[c] else 0.0)
    return total


def witches_reference(state: Any, rng: random.Random) -> Any:
    """Replace the trump with the trick's card whose gain in hand value, one unit counted as one
    average trick (scaled by the tricks left over the hand size), beats its points (else keep);
    win with the cheapest winning card, give a partner who wins as the seat plays last the
    dearest card, else throw the cheapest."""
    legal = state.legal_actions()
    rules = state.rules
    tabs = wb_rules.tables(rules)
    seat = state.current_player
    if state.phase == wb_actions.REPLACING:
        hand = state.hands[seat]
        trick_worth = rules.players * sum(tabs.points[c] for c in tabs.cards) / len(tabs.cards)
        now = _plain_value(rules, hand, state.anchor, state.trump_suit)
        left = (len(state.deck) - state.drawn + sum(len(h) for h in state.hands)) // rules.players
        if rules.end == wb_rules.TRICKS:
            left = min(left, rules.end_tricks - len(state.tricks))
        elif rules.end == wb_rules.TARGET:
            need = (rules.end_target - max(state.scores)) / max(trick_worth, 1.0)
            left = min(left, 1 + int(need))
        scale = min(1.0, max(left, 0) / rules.hand_size)
        best, worth = wb_actions._KEEP, 0.0
        for a in legal:
            if isinstance(a, wb_actions.Replace):
                suit = wb_rules._SUIT[a.card] if rules.trump_colour else None
                gain = _plain_value(rules, hand, wb_rules._RANK[a.card], suit) - now
                w = gain * trick_worth * scale - tabs.points[a.card]
                if w > worth:
                    best, worth = a, w
        return best
    trick = state.trick
    trump = state.trump_suit
    by_lead = tabs.win[state.anchor][6 if trump is None else trump]
    plays = [a for a in legal if isinstance(a, wb_actions.Play)]
    if trick and rules.teams and len(trick) == len(state.order) - 1:
        leader = state.order[best_position(trick, by_lead[wb_rules._SUIT[trick[0]]])]
        if leader == (seat + rules.players // 2) % rules.players:
            return min(plays, key=lambda a: (-tabs.points[a.card], rng.random()))
    winning = [
        a for a in plays
        if best_position((*trick, a.card), by_lead[wb_rules._SUIT[trick[0] if trick else a.card]]) == len(trick)
    ]
    return min(winning or plays, key=lambda a: (tabs.points[a.card], rng.random()))


def _check_game(rules: Any, seed: int) -> int:
    """Compare the heuristic with the reference at every position of one game; the positions compared."""
    return compare_heuristic(GAME, rules, seed, witches_reference)


@pytest.mark.parametrize("players", COUNTS)
def test_default_rules_match_the_reference(players: int) -> None:
    assert _check_game(Rules(players=players), seed=players) > 10


@pytest.mark.slow
@pytest.mark.parametrize("players", COUNTS)
@settings(max_examples=25)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_random_rules_match_the_reference(players: int, data: st.DataObject, seed: int) -> None:
    rules = data.draw(witches_rules(players=players))
    assert _check_game(rules, seed) > 0
