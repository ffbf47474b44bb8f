"""Seats count from 1 wherever people read or type them, options included; Python counts from 0.

The options that name a seat (``seat=True``: Witches' ``first_leader``, Seven Prophecies' and Saru's
``first_player``, UTSUKE's ``first_lord``) hold the 0-based seat of the API; ``--set``, ``--sweep``,
variant files, ``rulebook options`` and error messages count from 1
(docs/verify-a-house-rule.md, "Seats count from 1").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.balance.sweep import parse_sweep
from rulebook.cli.app import main
from rulebook.core.options import describe_options, format_value, parse_value
from rulebook.errors import InvalidRules
from rulebook.registry import GAMES, get_game
from rulebook.variants.variant import load_variant, resolve

WB = get_game("witches-of-blackmore")
UT = get_game("utsuke")
#: every option that names a seat, by game
SEAT_OPTIONS = {
    "witches-of-blackmore": "first_leader", "seven-prophecies": "first_player",
    "utsuke": "first_lord", "saru-tori-inu-i": "first_player",
}


def info(game: str, name: str):  # type: ignore[no-untyped-def]
    return {i.name: i for i in describe_options(get_game(game).Rules)}[name]


#: options that hold a tuple of seats (SP-RULING-16: the dummies' seats)
SEAT_LISTS = {"seven-prophecies": ["dummies"]}


def test_exactly_these_options_name_a_seat() -> None:
    seats = {slug: [i.name for i in get_game(slug).options() if i.seat] for slug in GAMES}
    assert seats == {slug: ([SEAT_OPTIONS[slug]] if slug in SEAT_OPTIONS else []) + SEAT_LISTS.get(slug, [])
                     for slug in GAMES}


def test_a_list_of_seats_counts_from_one() -> None:
    i = info("seven-prophecies", "dummies")
    assert i.default == () and i.default_text == "none"
    assert parse_value(i, "2,4") == (1, 3) and format_value(i, (1, 3)) == "2,4"


def test_set_first_leader_1_makes_the_first_seat_lead() -> None:
    for text, seat in (("1", 0), ("2", 1), ("4", 3)):
        rules = resolve(WB, sets=[f"first_leader={text}"], players=4).rules
        assert rules.first_leader == seat
        assert WB.new_game(rules, seed=3).current_player == seat


@pytest.mark.parametrize(("slug", "name"), list(SEAT_OPTIONS.items()))
def test_text_forms_count_from_one(slug: str, name: str) -> None:
    i = info(slug, name)
    assert i.default == 0 and i.default_text == "1" and i.example == f"{name}=2"
    assert parse_value(i, "1") == 0 and format_value(i, 0) == "1" and format_value(i, 3) == "4"
    assert i.choices_text() == f"1..{len(i.choices)}"


def test_options_json_marks_the_seat_options(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["options", "utsuke", "--json"]) == 0
    data = {o["name"]: o for o in json.loads(capsys.readouterr().out)["options"]}
    lord = data["first_lord"]
    assert (lord["seat"], lord["default"], lord["default_text"], lord["choices"], lord["example"]) == (
        True, 0, "1", [0, 1, 2, 3, 4, 5], "first_lord=2")
    assert [name for name, o in data.items() if o["seat"]] == ["first_lord"]


def test_first_lord_is_shown_and_accepted_as_1_to_p(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["options", "utsuke"]) == 0
    block = capsys.readouterr().out.split("first_lord (whole number)\n", 1)[1].split("\n\n")[0]
    assert "  default: 1\n" in block and "--set first_lord=2" in block
    assert "  allowed: 1..6 (seat 1 up to the number of players)\n" in block
    for players in (2, 3, 4, 5):
        assert [resolve(UT, sets=[f"first_lord={s}"], players=players).rules.first_lord
                for s in range(1, players + 1)] == list(range(players))


def test_bad_seats_name_the_option_and_the_range_from_one() -> None:
    with pytest.raises(InvalidRules) as exc:
        resolve(UT, sets=["first_lord=0"], players=4)
    assert str(exc.value) == "Rules.first_lord: seats count from 1: expected a seat from 1 to 6 (got 0) (--set)"
    with pytest.raises(InvalidRules) as exc:
        resolve(UT, sets=["first_lord=5"], players=4)
    assert str(exc.value).splitlines()[0] == (
        "Rules.first_lord: seat 5 does not exist with 4 players (seats 1 to 4) (set by --set)")
    with pytest.raises(InvalidRules) as exc:
        resolve(WB, sets=["first_leader=7"], players=4)
    assert str(exc.value).splitlines()[0] == (
        "Rules.first_leader: must be a seat from 1 to 6, counted from 1 (got seat 7) (set by --set)")
    assert "first_leader (whole number; allowed: 1..6)" in str(exc.value)
    # Python stays 0-based; its messages still count seats from 1
    with pytest.raises(InvalidRules, match=r"first_lord: seat 4 does not exist with 3 players \(seats 1 to 3\)"):
        UT.Rules(players=3, first_lord=3)


def test_the_command_line_refuses_seat_0_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "utsuke", "--set", "first_lord=0", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err == ("rulebook: error: Rules.first_lord: seats count from 1: expected a seat from 1 to 6 (got 0) "
                   "(--set); see rulebook options utsuke\n")


def test_variant_files_count_seats_from_one(tmp_path: Path) -> None:
    path = tmp_path / "second.toml"
    path.write_text('game = "witches-of-blackmore"\n[rules]\nfirst_leader = 2\n', encoding="utf-8")
    assert load_variant(None, str(path)).rules.first_leader == 1
    path.write_text('game = "witches-of-blackmore"\n[rules]\nfirst_leader = 0\n', encoding="utf-8")
    with pytest.raises(InvalidRules, match=r"seats count from 1: expected a seat from 1 to 6 \(got 0\)"):
        load_variant(None, str(path))


def test_sweep_takes_seats_from_one() -> None:
    assert parse_sweep(WB, "first_leader", "1..3") == [0, 1, 2]
    assert parse_sweep(WB, "first_leader", "1,4") == [0, 3]
    with pytest.raises(InvalidRules, match="seats count from 1"):
        parse_sweep(WB, "first_leader", "0..2")


def test_the_rule_reference_counts_seats_from_one() -> None:
    """The rules people read (the spec, ``?`` and ``rulebook rules``, the option docs and ruleset
    descriptions, in both languages) never number a seat from 0."""
    import re

    root = Path(__file__).resolve().parent.parent
    zero = re.compile(r"\bseats? 0\b|seats `0|seat P−1|\bseats 0 and|席0|席 0")
    texts = {p.name: p.read_text(encoding="utf-8") for p in sorted((root / "spec").glob("*.md"))}
    for slug in GAMES:
        game = get_game(slug)
        texts[f"{slug} options"] = "\n".join(i.doc for i in game.options())
        texts[f"{slug} rulesets"] = "\n".join(r.description for r in game.rulesets)
    po = (root / "rulebook" / "locale" / "ja" / "LC_MESSAGES" / "rulebook.po").read_text(encoding="utf-8")
    texts["rulebook.po (Japanese)"] = "\n".join(re.findall(r'^msgstr (".*)$', po, flags=re.M))
    # the Python API's own numbering may be stated, as such
    texts = {name: "\n".join(ln for ln in text.split("\n") if "Python" not in ln) for name, text in texts.items()}
    found = {name: zero.findall(text) for name, text in texts.items() if zero.search(text)}
    assert found == {}


def test_the_worked_examples_count_seats_from_one() -> None:
    """The worked examples' prose (descriptions, step notes, comments) numbers seats and gods from 1,
    as their pages do; ``to_act``, ``winner`` and the other checks stay Python's 0-based data."""
    import importlib.util
    import re
    import types

    root = Path(__file__).resolve().parent.parent
    zero = re.compile(r"\b(?:[Ss]eats?|[Gg]ods?) 0\b")
    prose = re.compile(r'(?:note|description|title)\s*=\s*("""(?:.|\n)*?"""|"[^"\n]*")|#[^\n]*')
    found = [(p.name, m[0]) for p in sorted((root / "spec" / "examples").glob("*/*.toml"))
             for m in prose.finditer(p.read_text(encoding="utf-8")) if zero.search(m[0])]
    assert found == []
    pytest.importorskip("sphinx")
    spec = importlib.util.spec_from_file_location("rulebook_docs", root / "docs" / "_ext" / "rulebook_docs.py")
    assert spec is not None and spec.loader is not None
    docs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(docs)
    env = types.SimpleNamespace(config=types.SimpleNamespace(language="en"))
    assert docs._expect_text(env, {"to_act": 0, "trick": {"winner": 2, "card": "B4"}}) == (
        "seat 1 is to act; seat 3 wins the trick with B4")
    assert docs._expect_text(env, {"trick": {"winner": "lord", "card": "A12"}}) == "the lord wins the trick with A12"
