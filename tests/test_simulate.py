"""Simulation: split-independent results, statistics, variants with hooks, executors."""

from __future__ import annotations

import json
import math
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import rulebook
from rulebook.balance.simulate import (
    CHUNK,
    GameResult,
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
from rulebook.variants.variant import load_variant, resolve

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

    from rulebook.cli import app as cli
    from rulebook.cli import simulate as cli_simulate
    from rulebook.core.optional import install_hint

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
    from rulebook.cli import common as cli
    from rulebook.variants.verify import verify

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
    from rulebook.cli import app as cli

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


# -- play-level figures, units, n/a, comparing any sides -------------------------------------------


def _first_legal_game(game: object, rules: object, seed: int) -> object:
    state = game.new_game(rules, seed=seed)  # type: ignore[attr-defined]
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    return state


def test_play_figures_of_one_game_exactly() -> None:
    """Who won the 18 tricks of a seeded game, by place, by colour, by rule and by card number."""
    from fractions import Fraction

    from rulebook.balance.play_figures import play_figures

    state = _first_legal_game(WB, WB.Rules(players=3), 1)
    got = {k: Fraction(v).limit_denominator(1000) for k, v in play_figures(state).items()}
    assert got == {
        "tricks: place 1": Fraction(11, 18), "tricks: place 2": Fraction(1, 6), "tricks: place 3": Fraction(2, 9),
        "tricks: off colour": Fraction(1, 9), "tricks: trump": Fraction(7, 18),
        "rank: 1": Fraction(2, 7), "rank: 2": Fraction(1, 6), "rank: 3": Fraction(2, 5), "rank: 4": Fraction(1, 6),
        "rank: 5": Fraction(1, 3), "rank: 6": Fraction(1, 2), "rank: 7": Fraction(1, 6), "rank: 8": Fraction(2, 3),
        "rank: 9": Fraction(1, 3),
    }
    tricks = state.tricks  # type: ignore[attr-defined]
    assert got["tricks: place 1"] == Fraction(sum(t.winner == t.leader for t in tricks), 18)
    assert got["tricks: trump"] == Fraction(sum(t.rule in ("WB-TRICK-1", "WB-TRICK-2") for t in tricks), 18)
    # a game without tricks has no trick figures at all, not zeros
    saru = rulebook.get_game("saru-tori-inu-i")
    assert play_figures(_first_legal_game(saru, saru.Rules(), 1)) == {}


def test_roles_of_a_seeded_gods_and_humans_game() -> None:
    """GH-RULING-8 rotates the gods (seats 0-1, 2-3, 4-0, 1-2); the lone human is the one whose icon no god holds."""
    from rulebook.balance.play_figures import play_figures, roles_of

    gh = rulebook.get_game("gods-and-humans")
    state = _first_legal_game(gh, gh.Rules(), 7)
    god, paired, lone = "god", "human with a partner", "lone human"
    assert [(dict(sorted(r.items())), points) for r, points in roles_of(state)] == [
        ({0: god, 1: god, 2: paired, 3: paired, 4: lone}, (0, 0, 0, 0, 0)),
        ({0: paired, 1: paired, 2: god, 3: god, 4: lone}, (1, 0, 1, 0, 0)),
        ({0: god, 1: lone, 2: paired, 3: paired, 4: god}, (0, 1, 0, 0, 0)),
        ({0: lone, 1: god, 2: god, 3: paired, 4: paired}, (1, 0, 0, 0, 0)),
    ]
    roles = {k: v for k, v in play_figures(state).items() if k.startswith("role: ")}
    # gods: 8 god-deals, one scored (seat 2 in deal 1, with its partner seat 0); the lone human scored twice in 4
    assert roles == {"role: god: points": 0.125, "role: god: wins": 0.125,
                     "role: human with a partner: points": 0.125, "role: human with a partner: wins": 0.125,
                     "role: lone human: points": 0.5, "role: lone human: wins": 0.5}


def test_role_rows_for_gods_and_humans_and_utsuke() -> None:
    from rulebook.balance.figures import figure_rows

    gh = rulebook.get_game("gods-and-humans")
    names = [r.name for r in figure_rows([simulate(gh, gh.Rules(), games=3, seed=1)]) if r.group == "roles"]
    assert names == ["god: points per deal", "god: deals won (% of deals)", "human with a partner: points per deal",
                     "human with a partner: deals won (% of deals)", "lone human: points per deal",
                     "lone human: deals won (% of deals)"]
    ut = rulebook.get_game("utsuke")
    names = [r.name for r in figure_rows([simulate(ut, ut.Rules(players=4), games=3, seed=1)]) if r.group == "roles"]
    assert names == ["between: honour per round", "between: rounds won (% of rounds)",
                     "just after the lord: honour per round", "just after the lord: rounds won (% of rounds)",
                     "just before the lord: honour per round", "just before the lord: rounds won (% of rounds)"]


def test_every_row_names_its_unit() -> None:
    from rulebook.balance.figures import figure_rows

    s = simulate(WB, WB.Rules(players=3), games=4, seed=1)
    names = [r.name for r in figure_rows([s])]
    assert names[:11] == [
        "actions per game (moves)", "seat 1 win rate (% of games)", "seat 2 win rate (% of games)",
        "seat 3 win rate (% of games)", "seat 1 mean score (points)", "seat 2 mean score (points)",
        "seat 3 mean score (points)", "shared wins (% of games)", "games nobody won (% of games)",
        "comebacks (% of games that could have one)", "lead changes per game (lead changes)",
    ]
    assert "top score (points)" in names and "trump replacements" in names
    assert "tricks won by the leader (% of tricks)" in names and "tricks decided by a trump (% of tricks)" in names
    assert "card number 9: won its trick (% of plays)" in names
    ut = rulebook.get_game("utsuke")
    assert "seat 1 mean score (honour)" in [r.name for r in figure_rows([simulate(ut, ut.Rules(), games=2)])]


def test_undefined_figures_are_not_compared_and_show_n_a() -> None:
    from rulebook.balance.figures import format_difference, format_p, format_value

    short = summarise([GameResult(i, 4, (1, 0), frozenset({0}), {}, events=2) for i in range(5)], 2)
    long = summarise([GameResult(i, 4, (1, 0) if i % 2 else (0, 1), frozenset({1 - i % 2}), {"x": 1.0},
                                 comeback=i == 0, events=3) for i in range(5)], 2)
    assert short.comebacks is None and short.comeback_chances == 0 and long.comebacks == 0.2
    rows = {d.metric: d for d in compare(long, short)}
    row = rows["comebacks"]
    assert (row.printed, row.variant, row.p_value, row.p_adjusted, row.note) == (0.2, None, None, None, "not defined")
    assert (format_value(row.kind, row.variant), format_difference(row), format_p(row.p_value)) == ("n/a",) * 3
    assert rows["mean x"].variant is None and rows["mean x"].note == "not defined"  # not 0
    assert not row.significant


def test_scores_in_different_units_are_not_compared() -> None:
    from rulebook.balance.figures import score_unit, unit_warnings

    sp = rulebook.get_game("seven-prophecies")
    points = simulate(sp, sp.Rules(), games=6, seed=1)
    cubes = simulate(sp, resolve(sp, ruleset="one-round"), games=6, seed=1)
    assert (points.score_unit, cubes.score_unit) == ("points", "cubes")
    assert score_unit(resolve(sp, ruleset="twice")) == "successes"
    rows = {d.metric: d for d in compare(points, cubes)}
    for key in ("seat 0 mean score", "mean top_score", "mean score_margin"):
        assert rows[key].note == "different units" and rows[key].p_value is None and not rows[key].significant
        assert rows[key].printed is not None and rows[key].variant is not None
    assert rows["seat 0 mean score"].name == "seat 1 mean score (points / cubes)"
    assert rows["seat 0 win rate"].note == ""  # a win is a win in any unit
    assert unit_warnings({"printed rules": points, "one-round": cubes}) == [
        "the sides count scores in different units (points (printed rules), cubes (one-round)): "
        "the score rows are not compared"]


def test_any_sides_on_the_same_seeds_each_against_the_first() -> None:
    from rulebook.balance.figures import compare_many

    strict = resolve(WB, sets=["must_follow=true", "players=3"])
    none = resolve(WB, sets=["trump_replacement=false", "players=3"])
    base = simulate(WB, WB.Rules(players=3), games=30, seed=2)
    a, b = simulate(WB, strict, games=30, seed=2), simulate(WB, none, games=30, seed=2)
    tables = compare_many(base, [a, b])
    assert [d.metric for d in tables[0]] == [d.metric for d in tables[1]]
    one = {d.metric: d for d in tables[1]}
    assert one["mean replacements"].printed == base.stats["replacements"] and one["mean replacements"].variant == 0
    assert one["mean replacements"].significant
    # Holm runs over both comparisons together, within each family
    alone = {d.metric: d for d in compare(base, b)}
    assert alone["mean replacements"].p_value == one["mean replacements"].p_value
    assert all(one[k].p_adjusted >= alone[k].p_adjusted for k in alone if alone[k].p_adjusted is not None)


def test_player_counts_compare_seat_by_seat_with_n_a(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """``--compare --set players=6``: the printed rules at their own 5 players against 6."""
    monkeypatch.setenv("COLUMNS", "200")  # one line per row (tests/test_terminal_width.py: 80 columns)
    from rulebook.cli.app import main

    assert main(["simulate", "gods-and-humans", "--compare", "--set", "players=6", "--games", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(s["label"], s["players"]) for s in data["sides"]] == [("printed rules", 5), ("players=6", 6)]
    rows = {d["metric"]: d for d in data["differences"]}
    assert rows["seat 5 win rate"]["printed"] is None and rows["seat 5 win rate"]["note"] == "not defined"
    assert rows["seat 5 win rate"]["name"] == "seat 6 win rate (% of games)"
    assert rows["seat 5 win rate"]["p_value"] is None
    assert rows["seat 4 win rate"]["printed"] is not None and rows["seat 4 win rate"]["note"] == ""
    assert rows["role: lone human: points"]["variant"] is None  # 6 players: three pairs, no lone human
    assert main(["simulate", "gods-and-humans", "--compare", "--set", "players=6", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "players: 5 (printed rules), 6 (players=6)" in out and "│ seat 6 win rate (% of games)" in out
    assert main(["simulate", "gods-and-humans", "--compare", "--set", "players=5", "--games", "2"]) == 2
    assert "--compare needs sides that differ: players=5 plays the same rules as the printed rules" in (
        capsys.readouterr().err)


def test_variant_against_variant_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from rulebook.cli.app import main

    strict = tmp_path / "strict.toml"
    strict.write_text('name = "strict"\n[rules]\nmust_follow = true\n', encoding="utf-8")
    args = ["simulate", "witches-of-blackmore", "--set", "must_follow=true", "--set", "trump_replacement=false",
            "--compare-with", str(strict), "--games", "6", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["label"] for s in data["sides"]] == ["strict", "must_follow=true, trump_replacement=false"]
    assert data["variant"]["variant"]["changes"] == {"must_follow": True, "trump_replacement": False}
    three = ["simulate", "witches-of-blackmore", "--ruleset", "short", "--compare-with", "printed",
             "--compare-with", str(strict), "--games", "4", "--json"]
    assert main(three) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["label"] for s in data["sides"]] == ["printed rules", "strict", "short"]
    assert list(data["differences"]) == ["strict", "short"]
    assert main([*three[:-1]]) == 0
    out = capsys.readouterr().out
    assert "printed rules vs strict vs short" in out
    assert main(["simulate", "witches-of-blackmore", "--compare-with", "printed", "--games", "2"]) == 2
    assert "--compare needs sides that differ" in capsys.readouterr().err
    assert main(["simulate", "all", "--compare-with", "printed", "--games", "2"]) == 2


def test_a_designers_measures_reach_every_figure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from rulebook.balance.play_figures import load_measures
    from rulebook.cli.app import main
    from rulebook.errors import RulebookError

    path = tmp_path / "mine.py"
    path.write_text("def tricks(state):\n    return len(state.tricks)\n\n\ntricks.unit = 'tricks'\n\n\n"
                    "def broken(state):\n    return 'many'\n\n\nMEASURES = {'tricks played': tricks}\n"
                    "BAD = {'broken': broken}\n", encoding="utf-8")
    measures = load_measures(f"{path}:MEASURES")
    s = simulate(WB, WB.Rules(players=3), games=4, seed=1, measures=measures)
    assert s.play["measure: tricks played"] == 18.0 and s.play_games["measure: tricks played"] == 4
    assert main(["simulate", "witches-of-blackmore", "--players", "3", "--games", "3",
                 "--measures", str(path)]) == 0
    assert "tricks played (tricks, mean per game)" in capsys.readouterr().out
    assert s.measure_units == {"tricks played": "tricks"}
    with pytest.raises(RulebookError, match="measure 'broken' gave 'many', not a finite number"):
        simulate(WB, WB.Rules(players=3), games=1, measures=load_measures(f"{path}:BAD"))
    with pytest.raises(RulebookError, match="has no 'NOPE' dict of measures"):
        load_measures(f"{path}:NOPE")
