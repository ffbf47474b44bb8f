"""House rules from the command line: ``--ruleset``, variant files that extend others, sources applied in order,
``rulebook options --json``, ``rulebook rulesets`` and the player counts ``verify`` checks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulebook.cli.app import main
from rulebook.cli.verify import counts_text as _counts_text
from rulebook.core.options import OPTION_KEYS
from rulebook.errors import InvalidRules, RulebookError
from rulebook.registry import GAMES, get_game
from rulebook.variants.variant import Layer, build_rules, load_variant, read_variant_file, resolve
from rulebook.variants.verify import plan

WB = get_game("witches-of-blackmore")


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_sources_apply_in_order_and_the_rules_are_checked_once(tmp_path: Path) -> None:
    """--ruleset, then the file (and what it extends), then --set, then --players; validated at the end."""
    _write(tmp_path / "base.toml", 'game = "witches-of-blackmore"\n[rules]\nplayers = 3\nhand_size = 5\n')
    top = _write(tmp_path / "top.toml", 'extends = "base.toml"\nname = "top"\n[rules]\nmust_follow = true\n')
    v = resolve(WB, variant=str(top))
    assert (v.rules.players, v.rules.hand_size, v.rules.must_follow) == (3, 5, True)
    assert v.players_fixed is True and v.name == "top"
    v = resolve(WB, variant=str(top), sets=["hand_size=4", "must_follow=no"], players=2)
    assert (v.rules.players, v.rules.hand_size, v.rules.must_follow) == (2, 4, False)
    assert resolve(WB).players_fixed is False
    assert resolve(WB, sets=["must_follow=on"]).players_fixed is False
    assert resolve(WB, sets=["players=5"]).players_fixed is True


def test_a_fault_names_the_option_and_the_source_it_came_from(tmp_path: Path) -> None:
    with pytest.raises(InvalidRules, match=r"hand_size: .*\(set by --set\)"):
        resolve(WB, sets=["hand_size=99"])
    f = _write(tmp_path / "v.toml", 'game = "witches-of-blackmore"\n[rules]\nhand_size = 99\n')
    with pytest.raises(InvalidRules, match=rf"hand_size: .*\(set by {f}\)"):
        resolve(WB, variant=str(f))
    with pytest.raises(InvalidRules, match=r"^Rules\.hand_sise: unknown option; valid options are: players, "):
        resolve(WB, sets=["hand_sise=3"])
    with pytest.raises(InvalidRules, match=r"hand_size: expected a whole number, not str '5' \(set by .*v2\.toml\)"):
        build_rules(WB, [Layer({"hand_size": "5"}, str(tmp_path / "v2.toml"))])


def test_extends_refuses_cycles_code_and_depth(tmp_path: Path) -> None:
    _write(tmp_path / "a.toml", 'game = "witches-of-blackmore"\nextends = "b.toml"\n')
    _write(tmp_path / "b.toml", 'extends = "a.toml"\n')
    with pytest.raises(RulebookError, match=r"extends itself \(a\.toml -> b\.toml -> a\.toml\)"):
        read_variant_file(None, tmp_path / "a.toml")
    _write(tmp_path / "c.toml", 'game = "witches-of-blackmore"\nextends = "evil.py"\n')
    with pytest.raises(RulebookError, match=r"extends names a TOML file \(\*\.toml\), not 'evil\.py'"):
        read_variant_file(None, tmp_path / "c.toml")
    _write(tmp_path / "d0.toml", 'game = "witches-of-blackmore"\n')
    for i in range(1, 11):
        _write(tmp_path / f"d{i}.toml", f'extends = "d{i - 1}.toml"\n')
    assert read_variant_file(None, tmp_path / "d8.toml").game is WB
    with pytest.raises(RulebookError, match="extends goes deeper than 8 files"):
        read_variant_file(None, tmp_path / "d9.toml")
    _write(tmp_path / "e.toml", 'game = "witches-of-blackmore"\nextends = 3\n')
    with pytest.raises(RulebookError, match="extends must be a string"):
        read_variant_file(None, tmp_path / "e.toml")


def test_a_file_may_start_from_a_named_ruleset(tmp_path: Path) -> None:
    f = _write(tmp_path / "r.toml", 'game = "witches-of-blackmore"\nruleset = "printed"\n[rules]\nplayers = 4\n')
    assert load_variant(None, str(f)).rules == WB.Rules(players=4)
    g = _write(tmp_path / "s.toml", 'game = "witches-of-blackmore"\nruleset = "no-such"\n')
    with pytest.raises(RulebookError, match=r"witches-of-blackmore has no ruleset 'no-such'; its rulesets: printed"):
        load_variant(None, str(g))


@pytest.mark.parametrize("slug", list(GAMES))
def test_options_json_on_the_command_line(slug: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["options", slug, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == slug
    assert [o["name"] for o in data["options"]] == [i.name for i in get_game(slug).options()]
    assert all(tuple(o) == OPTION_KEYS for o in data["options"])


def test_options_text_shows_every_default_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["options", "gods-and-humans"]) == 0
    out = capsys.readouterr().out
    assert "default: ..." not in out and "structured value" not in out
    assert "stars (list of whole numbers)\n  default: " in out


@pytest.mark.parametrize("slug", list(GAMES))
def test_rulesets_on_the_command_line(slug: str, capsys: pytest.CaptureFixture[str]) -> None:
    game = get_game(slug)
    assert main(["rulesets", slug]) == 0
    out = capsys.readouterr().out
    heading, body = out.split("\n\n", 1)
    assert " ".join(heading.split()) == f"Rulesets of {game.title} [{slug}] (use one with --ruleset NAME):"
    names = [line for line in body.splitlines() if line and not line.startswith(" ")]
    assert names == [r.name for r in game.rulesets]
    assert out.split("\n\n", 1)[1].startswith("printed\n  ") and "  sets: (nothing changed)\n" in out
    assert main(["rulesets", slug, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["name"] for r in data["rulesets"]] == names


def test_an_unknown_ruleset_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "witches-of-blackmore", "--ruleset", "nope", "--games", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "rulebook: error: witches-of-blackmore has no ruleset 'nope'; its rulesets: " + ", ".join(
        r.name for r in WB.rulesets)
    assert main(["simulate", "all", "--ruleset", "printed"]) == 2
    assert "--ruleset applies to one game" in capsys.readouterr().err


def test_counts_text_exactly() -> None:
    assert _counts_text([(3, 100)]) == "at 3 players"
    assert _counts_text([(2, 20), (3, 20), (4, 20), (5, 20), (6, 20)]) == "at 2, 3, 4, 5 and 6 players (20 each)"
    assert _counts_text([(3, 34), (4, 33)]) == "at 3 and 4 players (34 and 33 games)"


def test_verify_checks_the_count_a_variant_fixes(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # whole lines (tests/test_terminal_width.py: 80 columns)
    f = _write(tmp_path / "v.toml", 'game = "witches-of-blackmore"\n[rules]\nplayers = 4\n')
    v = resolve(WB, variant=str(f))
    assert plan(v, 10) == ((4, 10),)
    assert plan(resolve(WB), 10) == ((2, 2), (3, 2), (4, 2), (5, 2), (6, 2))
    out = tmp_path / "out.json"
    assert main(["verify", "witches-of-blackmore", "--variant", str(f), "--examples", "3", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0] == "checking 3 games of The Witches of Blackmore [witches-of-blackmore]: at 4 players;"
    assert main(["verify", "witches-of-blackmore", "--set", "players=2", "--examples", "2", "--out", str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith(": at 2 players;")
    assert main(["verify", "witches-of-blackmore", "--examples", "10", "--out", str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith(": at 2, 3, 4, 5 and 6 players (2 each);")
