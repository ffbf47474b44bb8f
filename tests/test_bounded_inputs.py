"""Hooks are bounded at the table, and every number a user gives is checked (issue 43 items 3 and 5).

``rulebook play`` takes ``--hook-time-limit`` with ``simulate``'s default, so a looping ``trick_winner``,
``leader`` or lord policy ends in one line naming the hook; a bad limit, a count or seat named twice under
two spellings, a key of thousands of digits and the other values below are refused naming their field.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import rulebook
from rulebook.cli.app import main
from rulebook.errors import InvalidRules, RulebookError
from rulebook.variants.hooks import DEFAULT_TIME_LIMIT
from rulebook.variants.variant import Variant

ROOT = Path(__file__).resolve().parents[1]
LOOPING = """\
import rulebook
from rulebook.variants.variant import Variant
WB = rulebook.get_game("witches-of-blackmore")
UT = rulebook.get_game("utsuke")
def forever(*args):
    while True:
        pass
TRICK = Variant(WB, WB.Rules(), trick_winner=forever)
LEADER = Variant(WB, WB.Rules(), leader=forever)
LORD = Variant(UT, UT.Rules(), npcs={"lord": forever})
"""


def _rulebook(args: list[str], cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulebook", *args], input=stdin, capture_output=True, text=True,
                          cwd=cwd, timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "NO_COLOR": "1"})


@pytest.mark.parametrize(("slug", "name", "hook"), [
    ("witches-of-blackmore", "TRICK", "the trick_winner hook"),
    ("witches-of-blackmore", "LEADER", "the leader hook"),
    ("utsuke", "LORD", "the lord policy hook"),
])
def test_a_looping_hook_ends_play_in_one_line(slug: str, name: str, hook: str, tmp_path: Path) -> None:
    (tmp_path / "loop.py").write_text(LOOPING, encoding="utf-8")
    run = _rulebook(["play", slug, "--seed", "1", "--speed", "0", "--variant", f"loop.py:{name}",
                     "--hook-time-limit", "0.3", "--out", "g.json"], tmp_path, "1\n" * 50)
    assert run.returncode == 2, run.stderr
    assert run.stderr.startswith(f"rulebook: error: {hook} of variant loop.py:{name}")
    assert run.stderr.endswith("ran past the limit of 0.3 s a call (raise it with --hook-time-limit SECONDS)\n")
    assert run.stderr.count("\n") == 1


def test_play_takes_the_limit_of_simulate() -> None:
    from rulebook.cli.app import _parser

    parser = _parser()
    play = parser.parse_args(["play", "utsuke"])
    simulate = parser.parse_args(["simulate", "utsuke"])
    assert play.hook_time_limit == simulate.hook_time_limit == DEFAULT_TIME_LIMIT
    assert parser.parse_args(["play", "utsuke", "--hook-time-limit", "0"]).hook_time_limit == 0.0


@pytest.mark.parametrize("command", ["play", "verify", "simulate"])
@pytest.mark.parametrize("value", ["-1", "nan", "inf", "1e3", "86401", "9" * 5000, "", "0x10", " 1"])
def test_a_bad_hook_time_limit_is_refused_naming_the_option(command: str, value: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "utsuke", f"--hook-time-limit={value}"]) == 2
    err = capsys.readouterr().err
    assert "argument --hook-time-limit: expected seconds from 0 (no limit) to 86400, not '" in err
    assert len(err.splitlines()[-1]) < 200


@pytest.mark.parametrize(("args", "field"), [
    (["play", "utsuke", "--seed", "9" * 5000], "--seed"),
    (["play", "utsuke", "--players", "9" * 5000], "--players"),
    (["verify", "utsuke", "--games", "9" * 5000], "--games/--examples"),
    (["verify", "utsuke", "--seed", "1.5"], "--seed"),
    (["verify", "utsuke", "--boundary-every", "nan"], "--boundary-every"),
])
def test_a_huge_or_broken_number_is_refused_naming_the_option(args: list[str], field: str,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert f"argument {field}" in err and ": expected a whole number of at most 24 digits, not '" in err
    assert "Exceeds the limit" not in err and len(err.splitlines()[-1]) < 200


def test_verify_games_has_a_ceiling(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "utsuke", "--games", "9" * 20]) == 2
    assert capsys.readouterr().err == "rulebook: error: --games must be from 1 to 1,000,000\n"


@pytest.mark.parametrize(("toml", "message"), [
    ('[rules.colours]\n2 = ["R", "B", "G", "Y", "P"]\n"02" = ["R", "B", "G", "Y", "O"]\n',
     "Rules.colours: player count 2 is given twice, as '2' and '02'"),
    ('[rules]\nplayers = 4\n[seats]\n4 = "highest"\n"04" = "lowest"\n',
     "Rules.seats: in v.toml: seat 4 is given twice, as '4' and '04'"),
    (f'[rules]\nplayers = 4\n[seats]\n{"9" * 5000} = "highest"\n',
     "Rules.seats: in v.toml: '99999999999999999999'… is not a seat number (seats count from 1 to 99)"),
    (f'[[phases]]\nkind = "pass"\nbefore = "tricks"\ncards = 1\nto = "left"\nstarts = "seat:{"9" * 5000}"\n',
     "variant file v.toml: phases[1].starts: must be one of"),
])
def test_a_variant_file_value_is_refused_naming_its_field(toml: str, message: str, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "v.toml").write_text('name = "x"\ngame = "witches-of-blackmore"\n' + toml, encoding="utf-8")
    assert main(["verify", "witches-of-blackmore", "--variant", "v.toml", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rulebook: error: " + message), err
    assert "Exceeds the limit" not in err and err.count("\n") == 1


def test_roles_are_named_not_the_gods_they_make(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "gods-and-humans", "--set", "roles=[[0,1,2,3,4,5,6,7,8]]", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rulebook: error: Rules.roles: "), err
    assert "Rules.gods" not in err


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"npcs": ["lord"]}, "npcs"),
    ({"npcs": 3}, "npcs"),
    ({"seats": [0, 1]}, "seats"),
    ({"seats": "0"}, "seats"),
])
def test_variant_arguments_of_the_wrong_shape_are_the_librarys_error(kwargs: dict[str, object], field: str) -> None:
    game = rulebook.get_game("utsuke")
    with pytest.raises(InvalidRules) as caught:
        Variant(game, game.Rules(), **kwargs)  # type: ignore[arg-type]
    assert caught.value.field == field
    assert isinstance(caught.value, RulebookError) and isinstance(caught.value, ValueError)
