"""Simulation: split-independent results, statistics, variants with hooks, executors."""

from __future__ import annotations

import json
import math
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import rulebook
from rulebook.simulate import (
    CHUNK,
    compare,
    histogram_rows,
    play_one,
    quantile,
    simulate,
    summarise,
    two_proportion_test,
    welch_test,
    wilson_interval,
)
from rulebook.variants import load_variant, resolve

ROOT = Path(__file__).resolve().parents[1]
WB = rulebook.get_game("witches-of-blackmore")


def test_workers_give_identical_results() -> None:
    rules = WB.Rules(players=3)
    games = 2 * CHUNK + 7
    one = simulate(WB, rules, games=games, seed=4)
    two = simulate(WB, rules, games=games, seed=4, workers=2)
    assert one == two
    with ThreadPoolExecutor(3) as pool:
        assert simulate(WB, rules, games=games, seed=4, executor=pool) == one
    assert simulate(WB, rules, games=games, seed=5) != one


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_heuristic_seats_and_summary_shapes(slug: str) -> None:
    game = rulebook.get_game(slug)
    n = min(game.player_counts)
    kinds = ["heuristic"] + ["random"] * (n - 1)
    s = simulate(game, game.Rules(players=n), games=6, seed=1, players_as=kinds)
    assert s.players_as == tuple(kinds) and s.games == 6
    assert sum(s.length_hist.values()) == 6 and all(sum(h.values()) == 6 for h in s.score_hist)
    assert all(lo <= r <= hi for r, (lo, hi) in zip(s.win_rate, s.win_ci))
    assert s.min_length <= s.mean_length <= s.max_length
    json.dumps(s.to_json())  # plain data
    assert set(s.stats) == set(s.stats_share) == set(s.stats_hist)


def test_summary_matches_direct_results() -> None:
    rules = WB.Rules(players=4)
    results = [play_one(WB, rules, 2, i) for i in range(30)]
    s = summarise(results, 4)
    direct = simulate(WB, rules, games=30, seed=2)
    assert direct.mean_length == pytest.approx(sum(r.length for r in results) / 30)
    assert direct.wins == tuple(sum(seat in r.winners for r in results) for seat in range(4))
    scores0 = [r.scores[0] for r in results]
    mean0 = sum(scores0) / 30
    assert direct.mean_score[0] == pytest.approx(mean0)
    assert direct.sd_score[0] == pytest.approx(math.sqrt(sum((x - mean0) ** 2 for x in scores0) / 29))
    assert s.win_rate == direct.win_rate


def test_variant_hooks_change_scores_and_winners() -> None:
    cursed = load_variant(WB, str(ROOT / "docs" / "examples" / "cursed_nines.py") + ":CURSED_NINES")
    s = simulate(WB, cursed, games=40, seed=0)
    assert min(s.min_score) < 0  # the hook's scores, not the game's
    assert s.variant["name"] == "cursed nines"
    plain = simulate(WB, WB.Rules(), games=40, seed=0)
    assert min(plain.min_score) >= 0 and plain.length_hist == s.length_hist  # same games, other scores


def test_compare_marks_real_differences_only() -> None:
    random3 = ["random"] * 3  # random players replace the trump (a rule-aware table may not)
    base = simulate(WB, WB.Rules(players=3), games=150, seed=3, players_as=random3)
    same = compare(base, base)
    assert all(d.p_value == 1.0 and not d.significant for d in same)
    no_trumps = resolve(WB, sets=["trump_replacement=false", "players=3"])
    other = simulate(WB, no_trumps, games=150, seed=3, players_as=random3)
    rows = {d.metric: d for d in compare(base, other)}
    assert rows["mean replacements"].significant and rows["mean replacements"].variant == 0.0
    assert rows["seat 0 win rate"].test == "z" and rows["actions per game"].test == "welch"


def test_statistics_against_known_values() -> None:
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(7, 7)[1] == 1.0
    # Welch's t: equal variances and sizes, t = -1.936, df = 58 -> p = 0.0578
    assert welch_test(10, 2, 30, 11, 2, 30) == pytest.approx(0.05776, abs=1e-4)
    assert welch_test(3, 0, 10, 3, 0, 10) == 1.0 and welch_test(3, 0, 10, 4, 0, 10) == 0.0
    assert two_proportion_test(50, 100, 50, 100) == pytest.approx(1.0)
    assert two_proportion_test(0, 10, 0, 10) == 1.0
    assert quantile({1: 1, 2: 1, 3: 2}, 0.5) == 2 and quantile({5: 3}, 0.9) == 5
    assert histogram_rows({1: 2, 30: 1}, bins=3) == [("1-10", 2), ("11-20", 0), ("21-30", 1)]


def test_welch_matches_scipy() -> None:
    stats = pytest.importorskip("scipy.stats")
    res = stats.ttest_ind_from_stats(5.0, 1.5, 12, 6.1, 3.0, 40, equal_var=False)
    assert welch_test(5.0, 1.5, 12, 6.1, 3.0, 40) == pytest.approx(res.pvalue, rel=1e-6)


def test_bad_arguments() -> None:
    rules = WB.Rules(players=3)
    with pytest.raises(ValueError, match="player kind"):
        simulate(WB, rules, games=1, players_as=["random", "genius", "random"])
    with pytest.raises(ValueError, match="names 2 players"):
        simulate(WB, rules, games=1, players_as=["random", "random"])
    with pytest.raises(ValueError, match="at least 1"):
        simulate(WB, rules, games=0)


def test_dask_single_machine_cluster() -> None:
    distributed = pytest.importorskip("distributed", reason="the distributed extra is not installed")
    rules = WB.Rules(players=3)
    games = CHUNK + 10
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as client:
        on_dask = simulate(WB, rules, games=games, seed=8, executor=client.get_executor())
    assert on_dask == simulate(WB, rules, games=games, seed=8)


def test_missing_optional_dependencies_fail_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    from rulebook import cli, cli_simulate
    from rulebook.optional import install_hint

    def no_run(*args: object, **kwargs: object) -> None:
        raise AssertionError("the run started before the dependency check")

    monkeypatch.setattr(cli_simulate, "simulate", no_run)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    args = ["simulate", "witches-of-blackmore", "--games", "100000", "--plot", str(tmp_path)]
    assert cli.main(args) == 2
    assert f"--plot needs matplotlib: {install_hint('plot')}" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "scipy.stats", None)
    assert cli.main(["simulate", "witches-of-blackmore", "--games", "100000"]) == 2
    assert f"rulebook simulate needs scipy.stats: {install_hint('balance')}" in capsys.readouterr().err


def test_progress_reaches_the_total_and_stays_quiet_when_piped(capsys: pytest.CaptureFixture[str]) -> None:
    from rulebook import cli
    from rulebook.verify import verify

    seen: list[int] = []
    simulate(WB, WB.Rules(players=3), games=CHUNK + 3, seed=1, progress=seen.append)
    assert sum(seen) == CHUNK + 3
    seen.clear()
    verify(WB, WB.Rules(players=3), examples=3, seed=1, progress=seen.append)
    assert sum(seen) == 5  # at least one game at each of the five player counts
    # under pytest stderr is not a terminal: the bar prints nothing
    with cli._progress(10, "x") as advance:
        advance(10)
    assert capsys.readouterr() == ("", "")


def test_report_is_one_self_contained_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from rulebook import cli

    out = tmp_path / "r.html"
    args = ["simulate", "witches-of-blackmore", "--players", "3", "--games", "30", "--seed", "2", "--compare",
            "--set", "must_follow=true", "--players-as", "heuristic,random,random", "--report", str(out)]
    assert cli.main(args) == 0
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>") and page.endswith("</html>")
    assert "must_follow=true" in page and "seat 1: heuristic, seat 2: random, seat 3: random" in page
    assert ("rulebook simulate witches-of-blackmore --set must_follow=true --players 3 --games 30 --seed 2 "
            "--players-as heuristic,random,random --compare --alpha 0.05") in page
    assert "Holm" in page and "In plain words" in page and "Placeholder data" not in page
    assert page.count("src='data:image/svg+xml") == 4  # the report's plots, drawn as SVG
    assert "http://" not in page and "https://" not in page  # nothing loaded from elsewhere
    assert "<td>&lt;0.001</td>" in page and "<td><0" not in page  # a p-value below 0.001 is escaped text
    saru = tmp_path / "s.html"
    assert cli.main(["simulate", "saru-tori-inu-i", "--games", "3", "--players-as", "random", "--report",
                     str(saru)]) == 0
    text = saru.read_text(encoding="utf-8")
    assert "Placeholder data" in text and "deck:" in text and "missions:" in text and "track:" in text
    assert "Every seat played at random" in text
    capsys.readouterr()


def first_legal(state: object, rng: object) -> object:
    return state.legal_actions()[0]  # type: ignore[attr-defined]


def test_any_split_gives_identical_results_with_search_players() -> None:
    rules = WB.Rules(players=3)
    players = ["ismcts:1", first_legal, "heuristic"]
    one = simulate(WB, rules, games=CHUNK + 1, seed=6, players_as=players)
    assert one.players_as == ("ismcts:1", "first_legal", "heuristic")
    assert simulate(WB, rules, games=CHUNK + 1, seed=6, players_as=players, workers=2) == one
