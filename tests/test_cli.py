"""The command line: games, options, simulate (and its errors)."""

from __future__ import annotations

import pytest

import rulebook
from rulebook.cli import main
from rulebook.simulate import play_one, simulate


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
