"""The command line: games, options, simulate, verify, replay (and their errors)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import rulebook
from rulebook.balance.simulate import play_one, simulate
from rulebook.cli.app import main
from rulebook.core.optional import install_hint
from rulebook.reference import records


def test_games_lists_every_registered_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    for slug in rulebook.GAMES:
        assert slug in out


def test_options_lists_documentation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["options", "witches-of-blackmore"]) == 0
    out = capsys.readouterr().out
    assert "must_follow" in out and "wheel" in out


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_simulate_prints_a_table(slug: str, capsys: pytest.CaptureFixture[str]) -> None:
    game = rulebook.get_game(slug)
    players = max(game.player_counts)
    assert main(["simulate", slug, "--players", str(players), "--games", "5", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and f"seat {players - 1}" in out


def test_simulate_with_options_and_player_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "witches-of-blackmore", "--players", "3", "--games", "10",
            "--set", "must_follow=true", "--set", "wheel=ascending", "--players-as", "heuristic,random,random"]
    assert main(args) == 0
    assert "3 players" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args,message",
    [
        (["simulate", "chess"], "known games"),
        (["simulate", "witches-of-blackmore", "--set", "colour=red"], "unknown option"),
        (["simulate", "witches-of-blackmore", "--set", "must_follow=maybe"], "true or false"),
        (["simulate", "witches-of-blackmore", "--players", "9"], "players"),
        (["simulate", "witches-of-blackmore", "--set", "oops"], "NAME=VALUE"),
    ],
)
def test_errors_exit_with_code_2(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_simulation_is_reproducible_and_split_independent() -> None:
    game = rulebook.get_game("witches-of-blackmore")
    rules = game.Rules(players=3)
    a = simulate(game, rules, games=12, seed=9)
    b = simulate(game, rules, games=12, seed=9)
    assert a == b
    assert play_one(game, rules, 9, 5) == play_one(game, rules, 9, 5)
    assert sum(a.win_rate) >= 1.0 - 1e-9  # every game has at least one winner
    assert all(0.0 <= r <= 1.0 for r in a.win_rate)
    with pytest.raises(ValueError, match="player kind"):
        simulate(game, rules, games=1, players_as=["random", "genius", "random"])


# -- verify, replay, and the balance report ------------------------------------------------

CURSED = str(Path(__file__).resolve().parents[1] / "docs" / "examples" / "cursed_nines.py")


def test_verify_passes_for_a_house_rule(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["verify", "witches-of-blackmore", "--set", "must_follow=true", "--examples", "3", "--players", "3"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "contract:observation-boundary" in out and "OK:" in out and "must_follow=true" in out


def test_verify_catches_a_broken_variant_and_replay_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "counterexample.json"
    args = ["verify", "witches-of-blackmore", "--variant", CURSED + ":CURSED_NINES", "--examples", "20",
            "--seed", "3", "--out", str(out_file)]
    assert main(args) == 1
    out = capsys.readouterr().out
    assert "FAILED [WB-SCORE-1] contract:score-floor" in out and str(out_file) in out
    # data never names code that runs: the record names its Python variant, the user supplies it
    assert main(["replay", str(out_file)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "records never load code" in err and f"--variant {CURSED}:CURSED_NINES" in err
    assert main(["replay", str(out_file), "--variant", CURSED + ":FORGIVING_NINES"]) == 2
    assert "differs from the record's in name" in capsys.readouterr().err
    assert main(["replay", str(out_file), "--variant", CURSED + ":CURSED_NINES"]) == 1
    out = capsys.readouterr().out
    assert "✗ broken at action" in out and "[WB-SCORE-1]" in out and "recorded failure" in out
    assert "Trick 1 (trump: " in out and "): seat 1 leads" in out  # the game is told trick by trick (seats from 1)


def test_replay_of_a_clean_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = rulebook.get_game("witches-of-blackmore")
    state = game.new_game(game.Rules(players=2), seed=4)
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    path = records.save(state, tmp_path / "game.json")
    assert main(["replay", str(path), "--quiet"]) == 0
    assert "every position passed" in capsys.readouterr().out


def test_verify_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "witches-of-blackmore", "--examples", "2", "--players", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is True and data["players"] == [2]


def test_simulate_compare_table(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "witches-of-blackmore", "--players", "3", "--games", "120", "--set",
            "trump_replacement=false", "--compare", "--workers", "2"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "printed rules vs trump_replacement=false" in out
    assert "trump replacements" in out and "Welch" in out and "*" in out


def test_simulate_json_and_variant_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "v.toml"
    path.write_text('name = "strict"\n[rules]\nmust_follow = true\nplayers = 3\n', encoding="utf-8")
    args = ["simulate", "witches-of-blackmore", "--variant", str(path), "--games", "20", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    summary = data["summary"]
    assert summary["games"] == 20 and len(summary["winners_ci95"]) == 3
    assert summary["variant"]["name"] == "strict" and summary["variant"]["changes"] == {"must_follow": True}
    assert sum(summary["length_hist"].values()) == 20


def test_simulate_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib", reason="the plot extra is not installed")
    args = ["simulate", "witches-of-blackmore", "--games", "30", "--compare", "--set", "wheel=ascending",
            "--plot", str(tmp_path)]
    assert main(args) == 0
    pngs = sorted(p.name for p in tmp_path.glob("*.png"))
    assert pngs == ["witches-of-blackmore-lengths.png", "witches-of-blackmore-scores.png"]
    assert all((tmp_path / p).read_bytes()[:4] == b"\x89PNG" for p in pngs)


def test_simulate_plot_without_matplotlib(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert main(["simulate", "witches-of-blackmore", "--games", "5", "--plot", str(tmp_path)]) == 2
    assert install_hint("plot") in capsys.readouterr().err


@pytest.mark.parametrize(
    "args,message",
    [
        (["simulate", "all", "--variant", "x.toml"], "name it instead"),
        (["simulate", "witches-of-blackmore", "--variant", "missing.toml"], "cannot read"),
        (["simulate", "witches-of-blackmore", "--players-as", "random,random"], "names 2 players"),
        (["simulate", "witches-of-blackmore", "--workers", "0"], "at least 1"),
        (["verify", "witches-of-blackmore", "--set", "colour=red"], "valid options are"),
        (["replay", "no-such-file.json"], "No such file"),
    ],
)
def test_more_errors_exit_with_code_2(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_plot_ticks_are_whole_numbers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One game is one bar: its axis still shows whole numbers of actions, not 140.5."""
    pytest.importorskip("matplotlib", reason="the plot extra is not installed")
    from matplotlib.figure import Figure

    ticks: list[list[float]] = []
    save = Figure.savefig

    def spy(fig: Figure, *args: object, **kwargs: object) -> None:
        fig.canvas.draw()
        ticks.extend(list(ax.get_xticks()) for ax in fig.axes)
        save(fig, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Figure, "savefig", spy)
    assert main(["simulate", "witches-of-blackmore", "--games", "1", "--plot", str(tmp_path)]) == 0
    assert len(ticks) == 1 + 4  # the lengths plot and one per seat
    assert all(t and all(float(x).is_integer() for x in t) for t in ticks)
    # the single length is shown in a window ten actions wide, one tick per action
    assert ticks[0] == [ticks[0][0] + i for i in range(11)]


def test_help_lists_the_games_and_examples(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("simulate", "verify", "replay", "play", "options"):
        assert main([command, "--help"]) == 0
        out = capsys.readouterr().out
        assert "games: " + ", ".join(rulebook.GAMES) in out
        assert f"examples:\n  rulebook {command} " in out
    assert main(["verify", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "(default: every player count the game allows)" in out
    assert "default: the current folder, as verify-GAME-seedN.json" in out


def test_titles_with_brackets_are_not_doubled(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "seven-prophecies", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "Seven Prophecies (七つの予言) [seven-prophecies]" in out
    assert ") (seven-prophecies)" not in out


def test_variant_module_in_the_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "sevens_house.py").write_text(
        "import rulebook\nfrom rulebook.variants.variant import Variant\n"
        "GAME = rulebook.get_game('witches-of-blackmore')\n"
        "LUCKY = Variant(GAME, GAME.Rules(must_follow=True), name='lucky')\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    path_before = list(sys.path)
    assert main(["simulate", "witches-of-blackmore", "--games", "2", "--variant", "sevens_house:LUCKY"]) == 0
    assert "[lucky]" in capsys.readouterr().out
    assert sys.path == path_before  # the current folder was importable for that lookup only


def test_verify_says_up_front_where_a_failure_goes(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # whole lines (tests/test_terminal_width.py: 80 columns)
    assert main(["verify", "witches-of-blackmore", "--players", "2", "--examples", "2", "--out", str(tmp_path)]) == 0
    first = capsys.readouterr().out.splitlines()[:2]
    assert first == ["checking 2 games of The Witches of Blackmore [witches-of-blackmore]: at 2 players;",
                     f"a failing game would be saved to {tmp_path / 'verify-witches-of-blackmore-seed0.json'} (--out)"]
    assert list(tmp_path.iterdir()) == []  # nothing written when every check passes
