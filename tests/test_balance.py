"""Balance measures on hand-built games with known answers; every figure through the variant."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rulebook
from rulebook.balance.measures import measures, seat_advantage, skill_gap
from rulebook.balance.simulate import (
    GameResult,
    compare,
    holm,
    lead_story,
    play_one,
    score_figures,
    simulate,
    summarise,
    two_proportion_test,
    welch_test,
    wilson_interval,
)
from rulebook.games.witches_of_blackmore import DECK
from rulebook.variants.variant import Variant, highest_scores_win

WB = rulebook.get_game("witches-of-blackmore")
UT = rulebook.get_game("utsuke")


# -- hand-built games -------------------------------------------------------------------


def _games() -> list[GameResult]:
    """Four two-seat games: seat 0 wins twice, they share one, nobody wins one."""
    return [
        GameResult(0, 10, (5, 2), frozenset({0}), {"score_margin": 3.0, "top_score": 5.0}, 1, False),
        GameResult(1, 12, (6, 1), frozenset({0}), {"score_margin": 5.0, "top_score": 6.0}, 0, False),
        GameResult(2, 12, (4, 4), frozenset({0, 1}), {"score_margin": 0.0, "top_score": 4.0}, 3, True),
        GameResult(3, 14, (0, 0), frozenset(), {"score_margin": 0.0, "top_score": 0.0}, 0, False),
    ]


def test_measures_of_hand_built_games() -> None:
    s = summarise(_games(), 2)
    m = measures(s)
    assert s.wins == (3, 1) and s.shared == 1 and s.nobody == 1 and s.comeback_games == 1
    assert m["seat_advantage"]["win_rate"] == [0.75, 0.25]
    assert m["seat_advantage"]["advantage"] == [0.25, -0.25]
    # chi-square of (3, 1) against (2, 2): (1 + 1) / 2 = 1, one degree of freedom
    assert m["seat_advantage"]["chi2"] == 1.0
    assert m["seat_advantage"]["p_value"] == pytest.approx(0.31731050786291415)
    assert m["decisiveness"] == {
        "shared_wins": 0.25, "no_winner": 0.25, "mean_margin": 2.0,
        "margin_hist": {"0.0": 2, "3.0": 1, "5.0": 1},
    }
    assert m["length"] == {"mean": 12.0, "hist": {"10": 1, "12": 2, "14": 1}}
    assert m["drama"] == {"mean_lead_changes": 1.0, "lead_change_hist": {"0": 2, "1": 1, "3": 1}, "comebacks": 0.25}
    assert "skill_gap" not in m  # one player kind: nothing to compare


def test_every_measure_copes_with_games_nobody_won() -> None:
    games = [GameResult(i, 5, (0, 0, 0), frozenset(), {}, 0, False) for i in range(4)]
    s = summarise(games, 3)
    assert s.win_rate == (0.0, 0.0, 0.0) and s.no_winner == 1.0 and s.shared_wins == 0.0
    assert s.win_ci[0] == (0.0, pytest.approx(1.959963984540054**2 / (4 + 1.959963984540054**2)))
    m = measures(s)
    assert m["seat_advantage"]["p_value"] == 1.0 and m["seat_advantage"]["chi2"] == 0.0
    assert m["decisiveness"]["mean_margin"] == 0.0 and m["drama"]["comebacks"] == 0.0
    rows = {d.metric: d for d in compare(s, s)}
    assert rows["seat 0 win rate"].p_value == 1.0 and rows["games nobody won"].printed == 1.0
    assert not any(d.significant for d in rows.values())
    assert skill_gap(["a", "b", "b"], [0, 0, 0], 4)[0].gap == 0.0


def test_lead_story_known_answers() -> None:
    # leader 0, then 1 (change), tie keeps 1, then 0 again (change); winner 0 trailed at the middle
    assert lead_story([(1, 0), (1, 2), (2, 2), (3, 2), (5, 2)], frozenset({0})) == (2, False)
    assert lead_story([(0, 1), (0, 2), (3, 2)], frozenset({0})) == (1, True)
    assert lead_story([(2, 2)], frozenset({0, 1})) == (0, False)
    assert lead_story([(1, 0, 0), (1, 0, 5)], frozenset()) == (1, False)
    assert score_figures((3,)) == {"top_score": 3.0, "score_margin": 0.0, "margin_share": 0.0}


def test_seat_advantage_and_skill_gap_exact() -> None:
    a = seat_advantage([25, 25, 25, 25], 100)
    assert a.chi2 == 0.0 and a.p_value == 1.0 and a.advantage == (0.0, 0.0, 0.0, 0.0)
    gaps = skill_gap(["ismcts", "heuristic", "ismcts", "heuristic"], [40, 10, 30, 20], 100)
    assert [(g.kind, g.seat_games, g.wins, g.win_rate) for g in gaps] == [
        ("ismcts", 200, 70, 0.35), ("heuristic", 200, 30, 0.15)
    ]
    assert [round(g.gap, 12) for g in gaps] == [0.1, -0.1]


def test_statistics_match_known_values() -> None:
    # textbook values: Wilson 95% for 8/10, Welch for two small samples, the 2x2 z-test
    low, high = wilson_interval(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    # Welch: se^2 = 16/12 + 25/15 = 3, t = -3/sqrt(3), df = 9 / ((4/3)^2/11 + (5/3)^2/14) = 24.998
    assert round(welch_test(20.0, 4.0, 12, 23.0, 5.0, 15), 4) == 0.0956
    # pooled p = 0.375, se = sqrt(0.375 * 0.625 * 0.02), z = 0.15 / se = 2.1909
    assert round(two_proportion_test(30, 100, 45, 100), 4) == 0.0285
    assert holm([0.04, 0.001, 0.5]) == (0.08, 0.003, 0.5)


# -- every figure through the variant ----------------------------------------------------


def sevens_score_14(state: Any) -> tuple[int, ...]:
    """Captured 7s score 14; every other card its number."""
    rank = DECK.rank_of
    return tuple(sum(14 if rank[c] == 7 else rank[c] for c in pile) for pile in state.captured)


SEVENS = Variant(WB, WB.Rules(players=3), name="sevens score 14", scores=sevens_score_14, winners=highest_scores_win)


def _replay(seed: int, index: int) -> Any:
    """The final state of game ``index`` of a random-player run (as ``play_one`` plays it)."""
    rng = random.Random(f"rulebook-sim:{seed}:{index}")
    state = WB.new_game(SEVENS.rules, seed=rng.getrandbits(63))
    while state.current_player is not None:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_scoring_hook_reaches_every_figure() -> None:
    results = [play_one(WB, SEVENS, 3, i, ["random"] * 3) for i in range(25)]
    differs = 0
    for r in results:
        final = _replay(3, r.index)
        scores = sevens_score_14(final)
        assert r.scores == scores
        differs += scores != final.scores
        best = max(scores)
        assert r.winners == {s for s, v in enumerate(scores) if v == best}
        assert r.stats["top_score"] == best
        assert r.stats["score_margin"] == best - sorted(scores)[-2]
    assert differs > 20  # the hook changed the scores of almost every game
    s = simulate(WB, SEVENS, games=25, seed=3, players_as=["random"] * 3)
    assert s.stats["top_score"] == pytest.approx(sum(max(r.scores) for r in results) / 25)
    assert s.stats["top_score"] >= max(s.mean_score)  # the report agrees with itself
    assert s.max_score == tuple(max(r.scores[k] for r in results) for k in range(3))
    assert s.wins == tuple(sum(k in r.winners for r in results) for k in range(3))
    # against the printed game, top score moves with the seats' mean scores
    base = simulate(WB, WB.Rules(players=3), games=25, seed=3, players_as=["random"] * 3)
    rows = {d.metric: d for d in compare(base, s)}
    assert rows["mean top_score"].variant - rows["mean top_score"].printed > 0
    assert all(rows[f"seat {k} mean score"].variant > rows[f"seat {k} mean score"].printed for k in range(3))


def nobody_when_everyone_lost(state: Any, scores: tuple[int, ...]) -> frozenset[int]:
    """UTSUKE where nobody wins when every seat lost (UT-RULING-4 read strictly)."""
    if len(state.losers) == state.rules.players:
        return frozenset()
    return frozenset(state.winners)


def test_simulate_copes_with_empty_winners() -> None:
    variant = Variant(UT, UT.Rules(players=2), name="nobody wins", winners=nobody_when_everyone_lost)
    careless = ["random"] * 2  # rule-aware seats rarely all lose
    s = simulate(UT, variant, games=100, seed=1, players_as=careless)
    assert s.nobody == round(s.stats["everyone_lost"] * 100) > 0
    m = measures(s)
    assert m["decisiveness"]["no_winner"] == s.nobody / 100
    rows = {d.metric: d for d in compare(simulate(UT, UT.Rules(players=2), games=100, seed=1, players_as=careless), s)}
    # the printed UTSUKE has nobody win too when every seat loses (UT-RULING-4), so both sides agree
    assert rows["games nobody won"].printed == rows["games nobody won"].variant == s.nobody / 100


# -- players in simulate ----------------------------------------------------------------


def first_legal(state: Any, rng: random.Random) -> Any:
    return state.legal_actions()[0]


def test_simulate_takes_player_specs_and_callables() -> None:
    rules = WB.Rules(players=3)
    s = simulate(WB, rules, games=2, seed=1, players_as=["ismcts:5", first_legal, "heuristic"])
    assert s.players_as == ("ismcts:5", "first_legal", "heuristic") and s.games == 2
    assert s == simulate(WB, rules, games=2, seed=1, players_as=["ismcts:5", first_legal, "heuristic"])
    with pytest.raises(ValueError, match="budget"):
        simulate(WB, rules, games=1, players_as=["ismcts:x", "random", "random"])
    with pytest.raises(ValueError, match="callable"):
        simulate(WB, rules, games=1, players_as=[3, "random", "random"])  # type: ignore[list-item]


def test_compare_marks_only_rows_that_survive_holm() -> None:
    def run(wins0: int) -> Any:
        games = [GameResult(i, 10, (1, 0), frozenset({0}), {}, 0, False) for i in range(wins0)]
        games += [GameResult(i, 10, (0, 1), frozenset({1}), {}, 0, False) for i in range(wins0, 100)]
        return summarise(games, 2)

    table = compare(run(50), run(64))
    rows = {d.metric: d for d in table}
    win = rows["seat 0 win rate"]
    assert 0.04 < win.p_value < 0.05  # beyond noise on its own ...
    assert holm([d.p_value for d in table])[table.index(win)] == win.p_adjusted > 0.05  # ... not after Holm
    assert not win.significant and not any(d.significant for d in table)
    strong = {d.metric: d for d in compare(run(30), run(70))}["seat 0 win rate"]
    assert strong.significant and strong.p_adjusted < 0.05


# -- undefined figures and units ---------------------------------------------------------


def test_comebacks_count_only_games_that_could_have_one() -> None:
    """A comeback needs 3 scoring events: with 2 the middle one is the last, where every winner leads."""
    games = [GameResult(0, 10, (5, 2), frozenset({0}), {}, 1, True, events=5),
             GameResult(1, 10, (5, 2), frozenset({0}), {}, 0, False, events=4),
             GameResult(2, 10, (2, 5), frozenset({1}), {}, 0, False, events=2),
             GameResult(3, 10, (2, 5), frozenset({1}), {}, 0, False, events=1)]
    s = summarise(games, 2)
    assert (s.comeback_games, s.comeback_chances, s.comebacks) == (1, 2, 0.5)
    assert measures(s)["drama"]["comebacks"] == 0.5
    none = summarise(games[2:], 2)
    assert none.comebacks is None and measures(none)["drama"]["comebacks"] is None  # undefined, not 0
    assert {d.metric: d for d in compare(s, none)}["comebacks"].note == "not defined"


def count_captured(state: Any) -> tuple[int, ...]:
    """A scoring hook that counts captured cards instead of their points, and says so."""
    engine = getattr(state, "inner", state)
    won = [0] * state.rules.players
    for trick in engine.tricks:
        won[trick.winner] += len(trick.plays)
    return tuple(won)


count_captured.unit = "cards"  # type: ignore[attr-defined]


def test_a_scoring_hook_that_counts_cards_is_not_compared_with_points() -> None:
    """The hook leaves every game as it was: the mean scores change units, not balance."""
    from rulebook.balance.figures import score_unit
    from rulebook.balance.usage_compare import warnings

    cards = Variant(WB, WB.Rules(players=3), name="cards", scores=count_captured, winners=highest_scores_win)
    assert score_unit(cards) == "cards"
    base = simulate(WB, WB.Rules(players=3), games=20, seed=4)
    other = simulate(WB, cards, games=20, seed=4)
    rows = {d.metric: d for d in compare(base, other)}
    assert rows["seat 0 mean score"].note == "different units" and not rows["seat 0 mean score"].significant
    assert rows["seat 0 mean score"].name == "seat 1 mean score (points / cards)"
    assert rows["tricks: place 1"].printed == rows["tricks: place 1"].variant  # the same play
    assert warnings(base, other)[0].startswith("the players did not change a single move: they do not read this "
                                                "rule, so the differences below are the rule's arithmetic only")
