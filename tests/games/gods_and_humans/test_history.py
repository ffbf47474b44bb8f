"""The gods-and-humans record of play: ``tricks``, ``rounds``, the finished deals' ``DealResult``
(typed per-human and per-god results), seats everywhere, and records of whole games.

The trick winners are checked against a ranking written here from the spec (GH-TRICK-3,
GH-TRICK-5), not against the engine's own winner code.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulebook.core.history import RoundRecord, ScoreChange, TrickRecord, round_totals
from rulebook.games.gods_and_humans import GAME, GodResult, HumanResult, Phase, Rules
from rulebook.reference import records
from rulebook.variants.testing import rules_strategy
from tests.games.gods_and_humans.test_state import FIVE_DEAL, SCRIPT, C, cards, eight_start, run


def test_records_keep_structured_options() -> None:
    """GH-ROLE-2, GH-SCORE-2, GH-RULING-7: explicit roles, star values and the deal leader survive a record."""
    rules = Rules(
        players=6, deals=2, roles=((1, 3, 5), (0, 2, 4)), stars=(4, 3, 2, 2, 3, 4), deal_leader="lowest_score"
    )
    s = GAME.new_game(rules, seed=5)
    rng = random.Random(5)
    while not s.is_terminal:
        s = s.apply(GAME.heuristic_action(s, rng))
    again = records.replay(records.loads(records.dumps(s)), complete=True)
    assert again == s and again.rules.roles == rules.roles and again.rules.deal_leader == "lowest_score"


def ranking_winner(plays: tuple[tuple[int | str, int], ...], red_is_trump: bool, low: bool = False) -> int | str:
    """GH-TRICK-5 then GH-TRICK-3, from the spec: the highest red card if red is trump and one
    was played, else the highest card of the led colour. Colour = card // 12, number = card % 12.
    GH-TRICK-8: with ``low`` the lowest instead."""
    best = min if low else max
    reds = [(card % 12, who) for who, card in plays if red_is_trump and card // 12 == 0]
    if reds:
        return best(reds)[1]
    led = plays[0][1] // 12
    return best((card % 12, who) for who, card in plays if card // 12 == led)[1]


def test_scripted_deal_records() -> None:
    """GH-TRICK-3, GH-TRICK-4, GH-TRICK-5, GH-SCORE-1, GH-END-1: the scripted 8-player deal,
    record by record, all by seat."""
    s = run(eight_start(), *SCRIPT[:8])
    first = TrickRecord(0, 0, 4, ((4, C("R12")), (5, C("B7")), (6, C("G7")), (7, C("Y7"))), 4, "GH-TRICK-5")
    assert s.tricks == (first,)
    assert s.won == (0, 0, 0, 0, 1, 0, 0, 0) and s.leader == 4
    s = run(s, *SCRIPT[8:29])
    assert s.trick == ((4, C("R9")),) and s.trick_cards == (C("R9"),)
    assert s.gifts[0].given == tuple(zip((4, 5, 6, 7), cards("R5 B5 G5 Y5")))
    s = run(s, *SCRIPT[29:])
    t = s.tricks
    assert [r.number for r in t] == list(range(10)) and {r.round for r in t} == {0}
    # the first seven tricks are led with red, the trump: GH-TRICK-5 decides them
    assert [r.rule for r in t[:7]] == ["GH-TRICK-5"] * 7
    # trick 7 (after the forced intervention): Y1 led by seat 4, Y4 (seat 7) wins without trump
    assert t[7] == TrickRecord(7, 0, 4, tuple(zip((4, 5, 6, 7), cards("Y1 Y2 Y3 Y4"))), 7, "GH-TRICK-3")
    # trick 8: seat 7 leads G4 and the others must follow green; trick 9: R4 is the highest trump
    assert t[8] == TrickRecord(8, 0, 7, ((7, C("G4")), (4, C("G1")), (5, C("G2")), (6, C("G3"))), 7, "GH-TRICK-3")
    assert t[9] == TrickRecord(9, 0, 7, ((7, C("R4")), (4, C("R1")), (5, C("R2")), (6, C("R3"))), 7, "GH-TRICK-5")
    assert [r.winner for r in t] == [4] * 7 + [7] * 3
    assert [r.won for r in s.past[0].human_results] == [7, 0, 0, 3]
    assert s.scores == (0, 0, 3, 0, 0, 0, 3, 0)
    no = ": no stars"
    assert s.rounds == (
        RoundRecord(
            0,
            (0, 0, 3, 0, 0, 0, 3, 0),
            (
                ScoreChange(4, 0, "predicted 5 tricks and won 7" + no, "GH-SCORE-1"),
                ScoreChange(0, 0, "its partner, seat 4, predicted 5 tricks and won 7" + no, "GH-SCORE-1"),
                ScoreChange(5, 0, "predicted 1 tricks and won 0" + no, "GH-SCORE-1"),
                ScoreChange(1, 0, "its partner, seat 5, predicted 1 tricks and won 0" + no, "GH-SCORE-1"),
                ScoreChange(6, 3, "predicted 0 tricks and won 0", "GH-SCORE-1"),
                ScoreChange(2, 3, "its partner, seat 6, predicted 0 tricks and won 0", "GH-SCORE-1"),
                ScoreChange(7, 0, "predicted 2 tricks and won 3" + no, "GH-SCORE-1"),
                ScoreChange(3, 0, "its partner, seat 7, predicted 2 tricks and won 3" + no, "GH-SCORE-1"),
            ),
            "the humans' hands are empty",
            "GH-END-1",
        ),
    )


@pytest.mark.parametrize("players", range(5, 9))
@given(data=st.data())
def test_records_match_an_independent_reading(players: int, data: st.DataObject) -> None:
    """GH-TRICK-3, GH-TRICK-5, GH-TRICK-4, GH-SCORE-1, GH-RULING-6, GH-END-1 over random games and
    random valid Rules: tricks numbered 0..n-1 in order, each winner the spec's ranking of its plays,
    every card in a trick held before by the seat that played it, and scores == the sum of the rounds."""
    deals = data.draw(st.integers(1, 3), label="deals")
    rules = data.draw(rules_strategy(GAME, players=players, deals=deals), label="rules")
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="choices"))
    state = GAME.new_game(rules, seed=data.draw(st.integers(0, 2**32 - 1), label="seed"))
    held: set[tuple[int, int, int]] = set()  # (deal, seat, card) ever in a hand
    previous: tuple[TrickRecord, ...] = ()
    while True:
        held.update((state.deal, seat, c) for seat, hand in enumerate(state.hands) for c in hand)
        tricks = state.tricks
        assert tricks[: len(previous)] == previous  # a record only grows
        assert state.scores == round_totals(state.rounds, players)
        assert len(state.rounds) == len(state.past) == (state.deal + (state.phase == Phase.OVER))
        previous = tricks
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    tricks = state.tricks
    assert [t.number for t in tricks] == list(range(len(tricks)))
    assert len(tricks) == sum(len(res.tricks) for res in state.past)
    for res in state.past:
        h = len(res.humans)
        red = h == 4 and rules.red_trump
        mine = [t for t in tricks if t.round == res.deal]
        assert mine == list(res.tricks)
        for t in mine:
            assert sorted(t.players) == list(res.humans) and t.players[0] == t.leader
            low = rules.trick_winner == "lowest"
            assert t.winner == ranking_winner(t.plays, red, low)
            trumped = red and any(card // 12 == 0 for card in t.cards)
            assert t.rule == ("GH-TRICK-8" if low else "GH-TRICK-5" if trumped else "GH-TRICK-3")
            assert all((res.deal, who, card) in held for who, card in t.plays)
        for a, b in itertools.pairwise(mine):
            assert b.leader == a.winner  # GH-TRICK-4
        assert [sum(t.winner == r.seat for t in mine) for r in res.human_results] == [r.won for r in res.human_results]
    for r, res in zip(state.rounds, state.past):
        assert r.number == res.deal and r.rule == "GH-END-1"
        per_seat = [0] * players
        for change in r.changes:
            per_seat[change.seat] += change.points
            assert change.rule in ("GH-SCORE-1", "GH-RULING-6")
        assert tuple(per_seat) == r.points
        # every human and every paired god is accounted for; the lone human only by GH-RULING-6
        assert {c.seat for c in r.changes} == set(range(players))
        # GH-RULING-6, GH-ROLE-4: every human without a partner god scores alone
        lones = [h.seat for h in res.human_results if h.partner is None]
        assert (res.lone is None) == (not lones) and (res.lone is None or res.lone in lones)
        assert sorted(c.seat for c in r.changes if c.rule == "GH-RULING-6") == lones
    assert state.scores == round_totals(state.rounds, players)


def test_finished_deal_result_by_seat() -> None:
    """GH-INFO-3, GH-PAIR-3, GH-RULING-6: a finished deal's result gives each human and each god a typed
    entry by seat, with no filler values: the lone human's partner is ``None``, and gods have no mark,
    oracle number or tricks."""
    s = run(GAME.new_game(Rules(players=5, deals=1), deals=[FIVE_DEAL]), "oracle 3", "oracle 2", "oracle 1")
    while not s.is_terminal:
        s = s.apply(s.legal_actions()[0])
    res = s.past[0]
    assert res.lone == 4 and res.points == (0, 1, 1, 0, 1)
    assert res.human_results == (
        HumanResult(seat=2, mark=0, partner=1, oracle=2, won=2, points=1),
        HumanResult(seat=3, mark=1, partner=0, oracle=3, won=5, points=0),
        HumanResult(seat=4, mark=2, partner=None, oracle=1, won=1, points=1),
    )
    assert res.god_results == (
        GodResult(seat=0, partner=3, gap=2, source="hand", points=0),
        GodResult(seat=1, partner=2, gap=1, source="hand", points=1),
    )
    assert [r.exact for r in res.human_results] == [True, False, True]
    assert res.result_of(4) == res.human_results[2] and res.result_of(1) == res.god_results[1]
    with pytest.raises(KeyError):
        res.result_of(5)
    # the compact facts stay out of the public view (and out of the repr)
    assert repr(res) == (
        "DealResult(deal=0, gods=(0, 1), humans=(2, 3, 4), points=(0, 1, 1, 0, 1), trump=None, first_trick=0)"
    )
