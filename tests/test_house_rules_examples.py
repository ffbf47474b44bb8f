"""The house rules that could not be said before, said from the command line and verified.

Each one is a ``--set``, a ruleset or a variant file, and ``rulebook verify`` passes on it;
the rules it builds hold the value asked for (so a parse that silently kept the default
would fail here).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulebook.cli.app import main
from rulebook.registry import get_game
from rulebook.variants.variant import resolve

EXAMPLES: list[tuple[str, list[str], dict[str, Any]]] = [
    ("witches-of-blackmore", ["--set", "ranks=1..8"], {"ranks": (1, 2, 3, 4, 5, 6, 7, 8)}),
    ("witches-of-blackmore", ["--ruleset", "no-nines"], {}),
    # hands as large as the deck allows, not the box's 8 (issue 33: the limits are the rules' only)
    ("witches-of-blackmore", ["--set", "hand_size=26", "--players", "2"], {"hand_size": 26, "players": 2}),
    ("witches-of-blackmore", ["--set", "hand_size=17", "--players", "3"], {"hand_size": 17, "players": 3}),
    ("witches-of-blackmore", ["--set", "removed=R9,B9,G9,Y9,P9,O9"],
     {"removed": ("R9", "B9", "G9", "Y9", "P9", "O9")}),
    ("seven-prophecies", ["--set", "cubes=6"], {"cubes": 6}),
    ("seven-prophecies", ["--set", "removed=9", "--set", "tricks=9"], {"removed": ("9",), "tricks": 9}),
    ("utsuke", ["--set", "end=rounds", "--set", "rounds=5"], {"end": "rounds", "rounds": 5}),
    ("utsuke", ["--set", "lord_policy=lowest"], {"lord_policy": "lowest"}),
    ("utsuke", ["--set", "honour_exact=3"], {"honour_exact": 3}),
    ("gods-and-humans", ["--set", "field=0"], {"field": 0}),
    ("gods-and-humans", ["--set", "stars=3,1,1,2,3,5"], {"stars": (3, 1, 1, 2, 3, 5)}),
    ("gods-and-humans", ["--set", "roles=[[0],[1],[2],[3]]", "--players", "5"], {"players": 5}),
    ("saru-tori-inu-i", ["--set", "rounds_3p=5", "--set", "rounds_4p=4"], {"rounds_3p": 5, "rounds_4p": 4}),
    ("saru-tori-inu-i", ["--set", "declaration=off"], {"declaration": "off"}),
    ("saru-tori-inu-i", ["--set", "missions=none"], {"missions": ()}),
    ("saru-tori-inu-i", ["--set", "removed=9", "--players", "3"], {"removed": ("9",), "players": 3}),
]


@pytest.mark.parametrize(("slug", "args", "expected"), EXAMPLES, ids=lambda x: x if isinstance(x, str) else None)
def test_the_house_rule_is_said_and_verified(
    slug: str, args: list[str], expected: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = get_game(slug)
    sets = [args[i + 1] for i, a in enumerate(args) if a == "--set"]
    ruleset = args[args.index("--ruleset") + 1] if "--ruleset" in args else None
    players = int(args[args.index("--players") + 1]) if "--players" in args else None
    variant = resolve(game, sets=sets, ruleset=ruleset, players=players)
    for name, value in expected.items():
        assert getattr(variant.rules, name) == value
    if ruleset is not None:
        for name, value in game.ruleset(ruleset).values.items():
            assert getattr(variant.rules, name) == (tuple(value) if isinstance(value, list) else value)
    code = main(["verify", slug, *args, "--examples", "4", "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.splitlines()[-1].startswith("OK: ")


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return "{" + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + "}"


def test_a_three_mission_file_with_three_players(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The file holds for 3 players only; --players 3 applies before the rules are checked."""
    monkeypatch.setenv("COLUMNS", "200")  # whole lines (tests/test_terminal_width.py: 80 columns)
    from rulebook.core.options import rules_to_dict

    game = get_game("saru-tori-inu-i")
    missions = rules_to_dict(game.Rules())["missions"][:3]
    path = tmp_path / "three.toml"
    path.write_text(f'game = "saru-tori-inu-i"\n[rules]\nmissions = {_toml(missions)}\n', encoding="utf-8")
    assert main(["verify", "saru-tori-inu-i", "--variant", str(path), "--players", "3", "--examples", "4",
                 "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith(": at 3 players;") and out.splitlines()[-1].startswith("OK: ")
    assert main(["verify", "saru-tori-inu-i", "--variant", str(path), "--examples", "4", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "3 mission card(s) cannot deal one to each of 4 players" in err and f"(set by {path})" in err
