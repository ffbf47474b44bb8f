"""The gods-and-humans scores: exact predictions, the lone human, the winners, the score floor
and the end statistics (GH-SCORE-1, GH-SCORE-2, GH-RULING-6, GH-END-2, GH-END-3).
"""

from __future__ import annotations

from rulebook.games.gods_and_humans import GAME, Rules
from tests.games.gods_and_humans.test_state import SCRIPT, cards, eight_start, play_out, run


def test_lone_human_is_hidden_then_public_and_scores_alone() -> None:
    """GH-PAIR-3, GH-ORACLE-3, GH-RULING-6, GH-RULING-17, GH-INFO-3, GH-RULING-14."""
    rules = Rules(players=5, deals=1, stars=(5, 5, 5, 5, 5, 5))
    order = cards("B1 B2 B3 G1 G2 G3 Y1 Y2 Y3 Y4 Y5 Y6")
    order += cards("B10 B9 B8 B7 B6 B5 G10 G9 G8 G7 G6 G5 Y10 Y9 Y8 Y7 B4 G4")
    deal = (*order, 0, 1, 2, 3, 1, 0, 2)
    s = GAME.new_game(rules, deals=[deal])
    assert s.lone == 4
    assert s.observation(2).lone == -1 and s.observation(0).lone == 4
    s = run(s, "oracle 3", "oracle 3")
    assert s.phase == 1 and s.current_player == 4  # the lone human chooses its own card
    assert all(s.observation(x).lone == 4 for x in range(5))
    s = run(s, "oracle 0")
    assert s.observation(4).oracle == (-1, -1, -1, -1, 0)
    assert s.observation(0).oracle == (-1, -1, 3, 3, -1)  # gods do not see the lone human's card
    assert s.observation(2).oracle == (-1, -1, 3, -1, -1)
    lone_tricks = play_out(s).past[0].human_results[2].won  # seat 4, the third human
    assert lone_tricks <= 5
    # the same play with the lone human predicting exactly: it scores alone
    s = play_out(run(GAME.new_game(rules, deals=[deal]), "oracle 3", "oracle 3", f"oracle {lone_tricks}"))
    res = s.past[0]
    expected = [0] * 5
    expected[4] = 5
    for r in res.human_results:
        if r.partner is not None and r.won == 3:
            expected[r.partner] += 5
            expected[r.seat] += 5
    assert list(s.scores) == expected
    # the end of the deal reveals everything to everybody (GH-INFO-3, GH-RULING-14)
    assert s.observation(2).partners == (3, 2, 1, 0, -1)
    assert s.observation(0).oracle == (-1, -1, 3, 3, lone_tricks)


def test_scripted_deal_scores_only_the_exact_prediction() -> None:
    """GH-SCORE-1, GH-SCORE-2: in the scripted 8-player deal only seat 6 (oracle 0, no trick) is exact;
    it and its partner god (seat 2) each score the card's 3 stars; the deal's record itemises it."""
    s = run(eight_start(), *SCRIPT)
    assert s.is_terminal and s.scores == (0, 0, 3, 0, 0, 0, 3, 0) == s.totals
    assert [(r.seat, r.oracle, r.won, r.points) for r in s.past[0].human_results] == [
        (4, 5, 7, 0), (5, 1, 0, 0), (6, 0, 0, 3), (7, 2, 3, 0)
    ]
    assert [(r.seat, r.points) for r in s.past[0].god_results] == [(0, 0), (1, 0), (2, 3), (3, 0)]
    assert [(c.seat, c.points) for c in s.rounds[0].changes if c.points] == [(6, 3), (2, 3)]


def test_winners_only_at_the_end_and_ties_share() -> None:
    """GH-END-2, GH-END-3: no winners before the last deal ends; then the highest totals, ties shared."""
    s = run(eight_start(), *SCRIPT[:-1])
    assert not s.is_terminal and s.winners == frozenset()
    s = run(s, SCRIPT[-1])
    assert s.winners == frozenset({2, 6})
    final = s.replace(totals=(1, 4, 4, 0, 0, 4, 2, 0))
    assert final.scores == (1, 4, 4, 0, 0, 4, 2, 0) and final.winners == frozenset({1, 2, 5})


def test_score_floor_game_length_and_end_stats() -> None:
    """GH-SCORE-1: points are only added (floor 0); the bound on a game's length holds; end_stats counts
    deals, exact predictions and the interventions by source."""
    assert GAME.score_floor(Rules()) == 0
    assert [GAME.max_game_length(Rules(players=n)) for n in range(5, 9)] == [204, 252, 356, 416]
    s = run(eight_start(), *SCRIPT)
    assert len(s.history) <= GAME.max_game_length(s.rules)
    assert GAME.end_stats(s) == {
        "deals": 1,
        "exact_predictions": 1,
        "lone_exact_predictions": 0,
        "top_score": 3,
        "field_interventions": 1,
        "hand_interventions": 1,
        "mixed_interventions": 0,
        "forced_interventions": 2,
    }
