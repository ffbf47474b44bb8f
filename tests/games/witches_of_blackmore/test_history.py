"""The Witches of Blackmore's record of play (``history.py``): ``tricks`` and ``rounds`` as the
shared ``TrickRecord``/``RoundRecord``, exact on a scripted game and against an independent
ranking over random games (spec prefix WB). The trick winners are checked against
``reference_winner`` (``test_state.py``), written from the spec without the engine's tables.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.core.history import RoundRecord, ScoreChange, TrickRecord, round_totals
from rulebook.games.witches_of_blackmore import DECK, GAME, Keep, Phase, Play, Replace, Rules, WitchesState
from tests.games.witches_of_blackmore.test_state import C, deal, play, rules_winner, witches_rules


def test_records_of_a_scripted_game() -> None:
    """WB-TRICK-1, WB-TRICK-2, WB-TRICK-3, WB-TRICK-4, WB-SCORE-1, WB-TRUMP-1: exact records."""
    hands = [["Y2", "G9"], ["R9", "G1"], ["Y1", "B1"]]
    state = GAME.new_game(Rules(players=3, hand_size=2), deals=[deal(hands, "B7", hand_size=2)])
    assert state.tricks == () and state.rounds == () and state.phase is Phase.PLAYING
    state = play(state, "play Y2", "play R9", "play Y1")  # no trump: yellow led, Y2 beats Y1
    assert state.tricks == (
        TrickRecord(0, 0, 0, ((0, C("Y2")), (1, C("R9")), (2, C("Y1"))), 0, "WB-TRICK-3"),
    )
    state = play(state, "trump R9")  # seat 0 gives up the 9 and makes red trump, anchor 9
    assert state.scores == (2 + 1, 0, 0)
    # refill from the pile (R1, R2, R3 ...), seat 0 first: seat 0 holds G9 R1, seat 1 G1 R2, seat 2 B1 R3
    assert state.hands == ((C("R1"), C("G9")), (C("R2"), C("G1")), (C("R3"), C("B1")))
    # red is trump, wheel at 9 (descending 9 8 ... 1): of two trumps R3 beats R2
    state = play(state, "play G9", "play R2", "play R3")
    assert state.tricks[1] == TrickRecord(1, 0, 0, ((0, C("G9")), (1, C("R2")), (2, C("R3"))), 2, "WB-TRICK-2")
    # seat 2 keeps; refill from seat 2: R4, then seat 0 R5, seat 1 R6; a single trump (R1) wins
    state = play(state, "keep", "play B1", "play R1", "play G1")
    assert state.tricks[2] == TrickRecord(2, 0, 2, ((2, C("B1")), (0, C("R1")), (1, C("G1"))), 0, "WB-TRICK-1")
    assert state.tricks[2].winning_card == C("R1")
    assert state.scores == ((2 + 9 + 1 - 9) + (1 + 1 + 1), 0, 9 + 2 + 3)
    obs = state.observation(2)
    assert obs.tricks == state.tricks


def test_weakest_wins_records_cite_their_rule() -> None:
    """WB-TRICK-6: under wins=weakest the wheel's weakest card takes the trick, and its record
    says so; a single trump still wins by WB-TRICK-1."""
    hands = [["Y2", "G9"], ["R9", "G1"], ["Y1", "B1"]]
    rules = Rules(players=3, hand_size=2, wins="weakest")
    state = GAME.new_game(rules, deals=[deal(hands, "B7", hand_size=2)])
    state = play(state, "play Y2", "play R9", "play Y1")  # yellow led, under 7 descending Y1 is weaker
    assert state.tricks == (
        TrickRecord(0, 0, 0, ((0, C("Y2")), (1, C("R9")), (2, C("Y1"))), 2, "WB-TRICK-6"),
    )
    state = play(state, "keep", "play B1", "play G9", "play G1")  # blue is trump: B1 alone wins
    assert state.tricks[1].rule == "WB-TRICK-1" and state.tricks[1].winner == 2


def test_round_record_itemises_captures_and_replacements() -> None:
    """WB-SCORE-1, WB-TRUMP-1, WB-END-4: the one round record of a finished game, exact values."""
    rng = random.Random(5)
    state = GAME.new_game(Rules(players=2), seed=5)
    replaced: list[tuple[int, int]] = []
    while not state.is_terminal:
        legal = state.legal_actions()
        replaces = [a for a in legal if type(a) is Replace]
        action = replaces[0] if replaces and rng.random() < 0.3 else rng.choice(legal)
        if type(action) is Replace:
            replaced.append((len(state.tricks) - 1, action.card))
        state = state.apply(action)
    assert replaced, "the scripted game should lay some trumps"
    (record,) = state.rounds
    assert isinstance(record, RoundRecord)
    assert (record.number, record.end, record.rule) == (0, "every hand was played out", "WB-END-4")
    expected: list[ScoreChange] = []
    laid = dict(replaced)
    for t in state.tricks:
        expected.append(ScoreChange(t.winner, sum(DECK.rank_of[c] for c in t.cards), f"captured trick {t.number}",
                                    "WB-SCORE-1"))
        if t.number in laid:
            card = laid[t.number]
            expected.append(ScoreChange(t.winner, -DECK.rank_of[card], f"laid {DECK.text(card)} on the trump stack",
                                        "WB-TRUMP-1"))
    assert record.changes == tuple(expected)
    assert record.points == state.scores == round_totals(state.rounds, 2)


# -- properties over random games, every hand size ---------------------------------------


def _check_records(rules: Rules, seed: int, rng: random.Random) -> WitchesState:
    state = GAME.new_game(rules, seed=seed)
    expected: list[tuple[tuple[int, ...], tuple[int, ...], int | None, int]] = []  # (seats, cards, trump, anchor)
    held: set[tuple[int, int]] = {(s, c) for s, h in enumerate(state.hands) for c in h}
    laid: list[tuple[int, int]] = []  # (seat, card) laid on the trump stack
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        if state.phase is Phase.PLAYING and len(state.trick) + 1 == len(state.order):
            assert isinstance(action, Play)
            expected.append((state.order, (*state.trick, action.card), state.trump_suit, state.anchor))
        if type(action) is Replace:
            laid.append((state.current_player, action.card))  # type: ignore[arg-type]
            assert state.phase is Phase.REPLACING
        state = state.apply(action)
        held |= {(s, c) for s, h in enumerate(state.hands) for c in h}
        # the points shown during the game are the captures so far less the cards laid
        shown = [0] * rules.players
        worth = [rules.points[r - 1] for r in DECK.rank_of]  # WB-SCORE-1, WB-SCORE-3
        for t in state.tricks:
            shown[t.winner] += sum(worth[c] for c in t.cards)
        for s, c in laid:
            shown[s] -= worth[c]
        assert tuple(shown) == state.scores
        if state.phase is Phase.REPLACING:
            assert not state.apply(Keep()).is_terminal  # WB-RULING-10: a trick follows
    tricks = state.tricks
    assert [t.number for t in tricks] == list(range(len(expected)))
    for t, (seats, cards, trump, anchor) in zip(tricks, expected):
        assert t.round == 0 and t.players == seats and t.cards == cards and t.leader == seats[0]
        assert t.winner == seats[rules_winner(rules, cards, trump, anchor)]
        trumps = sum(1 for c in cards if DECK.suit_of[c] == trump)
        if rules.wins == "weakest" and trumps != 1:  # WB-TRICK-6
            assert t.rule == "WB-TRICK-6"
        else:
            assert t.rule == ("WB-TRICK-3", "WB-TRICK-1", "WB-TRICK-2")[min(trumps, 2)]
        assert all((s, c) in held for s, c in t.plays)  # every card was in its player's hand
    assert round_totals(state.rounds, rules.players) == state.scores
    assert state.phase is Phase.OVER and state.legal_actions() == ()
    for seat in range(rules.players):
        assert state.observation(seat).tricks == tricks
    return state


@pytest.mark.parametrize("hand_size", range(1, 9))
@settings(max_examples=8)
@given(data=st.data())
def test_records_match_an_independent_ranking(hand_size: int, data: st.DataObject) -> None:
    """WB-TRICK-1, WB-TRICK-2, WB-TRICK-3, WB-RANK-1, WB-RANK-2, WB-SCORE-1, WB-TRUMP-1,
    WB-RULING-10 over random games and random valid Rules, for every hand size 1..8."""
    rules = data.draw(witches_rules(hand_size=hand_size), label="rules")
    seed = data.draw(st.integers(0, 2**31), label="seed")
    rng = data.draw(st.randoms(use_true_random=False), label="choices")
    _check_records(rules, seed, rng)
