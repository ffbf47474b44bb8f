"""Options as data: declarations, the ``--set`` text syntax, ``rulebook options`` and rulesets.

The syntax (one for every option of every game): a flag takes ``true``/``false``
(also ``yes``/``no``, ``on``/``off``, ``1``/``0``); a whole number decimal digits; a
text as written; a list comma-separated items, where a whole-number item may be a
range ``a..b``; ``none`` is the empty list; nested values are JSON.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.core.options import (
    BOOL_WORDS,
    OPTION_KEYS,
    PRINTED,
    OptionInfo,
    Ruleset,
    UnknownRuleset,
    check_declarations,
    describe_options,
    format_value,
    is_option,
    option,
    option_value,
    options_help,
    options_json,
    parse_value,
    rules_from_mapping,
    rules_to_dict,
)
from rulebook.errors import InvalidRules
from rulebook.reference import trace
from rulebook.registry import GAMES, get_game

XX = "X" * 2  # a fake game prefix, spelt so that this file cites no rule itself


@attrs.frozen
class _Rules:
    size: int = option(3, doc="How many.", choices=range(1, 10), rules=(f"{XX}-SETUP-1",))
    fast: bool = option(False, doc="Go fast.", choices=(False, True), rules=(f"{XX}-PLAY-2",))
    rate: float = option(0.5, doc="A rate.", rules=(f"{XX}-SETUP-1",))
    name: str = option("a", doc="A name.", choices=("a", "b"), rules=(f"{XX}-SETUP-1",))
    start: tuple[int, ...] = option((0, 0), doc="Two squares.", rules=(f"{XX}-SETUP-1",))
    table: tuple[Any, ...] = option((), doc="Data.", item=tuple, rules=(f"{XX}-SETUP-1",))
    words: tuple[str, ...] = option(("x", "y"), doc="Words.", rules=(f"{XX}-SETUP-1",))


INFO = {i.name: i for i in describe_options(_Rules)}


def spec_rule_ids(slug: str) -> list[str]:
    return [r.id for r in trace.spec_rules().values() if r.slug == slug]


# -- declarations ---------------------------------------------------------------------------------


def test_option_declarations_are_checked_when_declared() -> None:
    with pytest.raises(TypeError, match="rules= must be a tuple of rule IDs"):
        option(1, doc="x", rules="WB-COMP-1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rules= must be a tuple of rule IDs"):
        option(1, doc="x", rules=("comp-1",))
    with pytest.raises(TypeError, match="item= must be a type"):
        option((1,), doc="x", item="int")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"option default \(1, 'a'\): 'a' is not a int"):
        option((1, "a"), doc="x", item=int)


def test_check_declarations_names_every_fault() -> None:
    assert check_declarations(_Rules, [f"{XX}-SETUP-1", f"{XX}-PLAY-2"]) == []
    assert check_declarations(_Rules, [f"{XX}-SETUP-1"]) == [f"fast: rules= names {XX}-PLAY-2, not a rule of the spec"]

    @attrs.frozen
    class Bad:
        a: int = option(1, doc="A.")
        b: tuple[int, ...] = option((), doc="B.", rules=(f"{XX}-SETUP-1",))

    assert check_declarations(Bad, [f"{XX}-SETUP-1"]) == [
        "a: no rules= (the spec rule IDs it changes)", "b: an empty tuple default needs item=",
    ]


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_option_of_every_game_is_declared_with_rules_from_its_spec(slug: str) -> None:
    """Each option names the spec rules it changes, each a rule of that game's spec."""
    game = get_game(slug)
    assert check_declarations(game.Rules, spec_rule_ids(slug)) == []


# -- exact types ----------------------------------------------------------------------------------


def test_option_types_are_exact() -> None:
    """Nothing is coerced: the default's type decides, and the fault names the option and the item."""
    assert _Rules(size=4, start=[1, 2, 3]).start == (1, 2, 3)  # a list becomes a tuple; any length
    with pytest.raises(InvalidRules, match=r"^Rules\.size: expected a whole number, not bool True"):
        _Rules(size=True)
    with pytest.raises(InvalidRules, match=r"^Rules\.start: item 2: expected a whole number, not str '2'"):
        _Rules(start=(1, "2"))
    with pytest.raises(InvalidRules, match=r"^Rules\.start: item 1: expected a whole number, not bool False"):
        _Rules(start=(False,))
    with pytest.raises(InvalidRules, match=r"^Rules\.words: item 1: expected a string, not int 1"):
        _Rules(words=(1,))
    with pytest.raises(InvalidRules, match=r"^Rules\.table: expected a list or tuple, not str 'ab'"):
        _Rules(table="ab")
    with pytest.raises(InvalidRules, match=r"^Rules\.fast: expected true or false, not int 1"):
        _Rules(fast=1)
    assert _Rules(table=("x", 1)).table == ("x", 1)  # rows are checked by the game, not here


# -- the text syntax ------------------------------------------------------------------------------


def test_flags_take_the_same_words_everywhere() -> None:
    assert dict(BOOL_WORDS) == {
        "true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False, "0": False,
    }
    for word, value in BOOL_WORDS.items():
        assert parse_value(INFO["fast"], word) is value
        assert parse_value(INFO["fast"], word.upper()) is value
    with pytest.raises(InvalidRules, match=r"^Rules\.fast: expected true or false \(or yes/no, on/off, 1/0\), got"):
        parse_value(INFO["fast"], "maybe")


def test_whole_numbers_numbers_and_texts() -> None:
    assert parse_value(INFO["size"], " 7 ") == 7 and parse_value(INFO["size"], "-2") == -2
    assert parse_value(INFO["rate"], "0.25") == 0.25
    assert parse_value(INFO["name"], "b c") == "b c"  # a text is taken as written
    for bad in ("3.0", "٣", "1e3", "", "0x10"):
        with pytest.raises(InvalidRules, match=r"^Rules\.size: expected a whole number"):
            parse_value(INFO["size"], bad)
    with pytest.raises(InvalidRules, match=r"^Rules\.rate: expected a number, got '1e3'"):
        parse_value(INFO["rate"], "1e3")


def test_lists_take_commas_ranges_and_none() -> None:
    start = INFO["start"]
    assert parse_value(start, "3,1,1,2,3,5") == (3, 1, 1, 2, 3, 5)
    assert parse_value(start, "1..8") == (1, 2, 3, 4, 5, 6, 7, 8)
    assert parse_value(start, "1..4, 6..9") == (1, 2, 3, 4, 6, 7, 8, 9)
    assert parse_value(start, "5..5") == (5,)
    assert parse_value(start, "-2..0") == (-2, -1, 0)
    assert parse_value(start, "none") == () and parse_value(start, "NONE") == ()
    assert parse_value(start, "[3, 4]") == [3, 4]  # the JSON form still reads (the Rules make it a tuple)
    assert parse_value(INFO["words"], "R9, B9,G9") == ("R9", "B9", "G9")
    assert parse_value(INFO["table"], "[[0, 1], [2, 3]]") == [[0, 1], [2, 3]]
    with pytest.raises(InvalidRules, match=r"^Rules\.start: item 2: expected a whole number or a range a\.\.b"):
        parse_value(start, "1,x")
    with pytest.raises(InvalidRules, match=r"^Rules\.start: item 2: empty \(write items separated by commas"):
        parse_value(start, "1,,2")
    with pytest.raises(InvalidRules, match=r"^Rules\.start: item 1: range '5\.\.3' must run upwards"):
        parse_value(start, "5..3")
    with pytest.raises(InvalidRules, match=r"^Rules\.start: item 1: range '0\.\.99999' .*at most 10000"):
        parse_value(start, "0..99999")
    with pytest.raises(InvalidRules, match=r"^Rules\.table: expected a JSON value \(got '\[\[0,'\)"):
        parse_value(INFO["table"], "[[0,")
    with pytest.raises(InvalidRules, match=r"^Rules\.table: expected a JSON value"):
        parse_value(INFO["table"], "[" * 50_000)


def test_format_value_writes_the_syntax_back() -> None:
    assert format_value(INFO["start"], (1, 2, 3, 4, 6, 8, 9)) == "1..4,6,8,9"
    assert format_value(INFO["start"], (3, 1, 1, 2, 3, 5)) == "3,1,1,2,3,5"
    assert format_value(INFO["start"], ()) == "none"
    assert format_value(INFO["fast"], True) == "true"
    assert format_value(INFO["words"], ("a,b", "c")) == '["a,b", "c"]'  # a comma inside an item: JSON
    assert format_value(INFO["words"], ("none",)) == '["none"]'
    assert format_value(INFO["table"], ((0, 1), (2,))) == "[[0,1],[2]]"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-50, 50), max_size=12), st.lists(st.text(max_size=5), max_size=4))
def test_format_then_parse_gives_the_value_back(ints: list[int], words: list[str]) -> None:
    assert parse_value(INFO["start"], format_value(INFO["start"], tuple(ints))) == tuple(ints)
    back = parse_value(INFO["words"], format_value(INFO["words"], tuple(words)))
    assert tuple(back) == tuple(words)


def _every_option() -> list[tuple[str, OptionInfo]]:
    return [(slug, info) for slug in GAMES for info in get_game(slug).options()]


@pytest.mark.parametrize(("slug", "info"), _every_option(), ids=lambda x: x if isinstance(x, str) else x.name)
def test_every_option_round_trips_and_its_example_is_valid(slug: str, info: OptionInfo) -> None:
    """The default written out parses back to itself; the example gives a valid value other than the default."""
    game = get_game(slug)
    back = parse_value(info, format_value(info, info.default)) if not isinstance(info.default, str) else info.default
    rules = rules_from_mapping(game.Rules, {info.name: back})
    assert option_value(rules, info.name) == info.default
    assert info.default_text == format_value(info, info.default) and "..." != info.default_text
    if info.example:
        name, _, text = info.example.partition("=")
        assert name == info.name
        other = rules_from_mapping(game.Rules, {name: text}, parse_text=True)
        assert option_value(other, name) != info.default


# -- what `rulebook options` shows -----------------------------------------------------------------


def test_options_help_exactly() -> None:
    lines = options_help(_Rules).splitlines()
    assert lines[:6] == [
        "size (whole number)",
        "  default: 3",
        "  allowed: 1..9",
        f"  rules:   {XX}-SETUP-1",
        "  example: --set size=1",
        "  How many.",
    ]
    assert lines[6] == "" and lines[28:34] == [
        "start (list of whole numbers)",
        "  default: 0,0",
        "  allowed: any valid value",
        f"  rules:   {XX}-SETUP-1",
        "  example: --set start=0",
        "  Two squares.",
    ]
    assert "table (list of rows (JSON))" in lines and "  default: none" in lines


@pytest.mark.parametrize("slug", list(GAMES))
def test_options_of_every_game_fit_80_columns_and_show_no_ellipsis(slug: str) -> None:
    text = options_help(get_game(slug).Rules)
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "default: ..." not in text and "structured value" not in text


@pytest.mark.parametrize("slug", list(GAMES))
def test_options_json_has_exact_keys_and_matches_the_rules(slug: str) -> None:
    game = get_game(slug)
    data = options_json(game.Rules)
    assert json.loads(json.dumps(data)) == data
    assert [d["name"] for d in data] == [i.name for i in describe_options(game.Rules)]
    assert {d["name"].partition(".")[0] for d in data} == {f.name for f in attrs.fields(game.Rules) if is_option(f)}
    defaults = rules_to_dict(game.Rules())
    for d in data:
        assert tuple(d) == OPTION_KEYS
        name, _, element = d["name"].partition(".")
        assert d["default"] == (defaults[name][element] if element else defaults[name])
        assert d["rules"] and all(isinstance(r, str) for r in d["rules"])
        assert d["type"] and d["doc"]


def test_choices_text_exactly() -> None:
    assert INFO["size"].choices_text() == "1..9"
    assert INFO["fast"].choices_text() == "false, true"
    assert INFO["name"].choices_text() == "a, b"
    assert INFO["rate"].choices_text() == "any valid value"
    assert OptionInfo("x", 1, "", (1, 2, 3, 4)).choices_text() == "1, 2, 3, 4"
    assert OptionInfo("x", 1, "", (1, 2, 3, 4, 5)).choices_text() == "1..5"


def test_an_unknown_option_names_the_valid_ones_on_one_line() -> None:
    with pytest.raises(InvalidRules) as info:
        rules_from_mapping(_Rules, {"sise": 3})
    assert str(info.value) == (
        "Rules.sise: unknown option; valid options are: size, fast, rate, name, start, table, words")
    with pytest.raises(InvalidRules, match="option names are strings, not int"):
        rules_from_mapping(_Rules, {3: 1})
    assert rules_from_mapping(_Rules, {"size": 2}, base=_Rules(name="b")) == _Rules(size=2, name="b")
    assert rules_from_mapping(_Rules, {"size": 5}, parse_text=True).size == 5  # non-strings pass unchanged
    assert rules_to_dict(_Rules(start=(1, 2))) == {
        "size": 3, "fast": False, "rate": 0.5, "name": "a", "start": [1, 2], "table": [], "words": ["x", "y"]}


# -- rulesets -------------------------------------------------------------------------------------


def test_ruleset_values_are_checked() -> None:
    r = Ruleset("short-game", "Three rounds.", {"rounds": 3}, (f"{XX}-END-1",))
    assert dict(r.values) == {"rounds": 3} and r.rules == (f"{XX}-END-1",)
    assert r.to_json() == {"name": "short-game", "description": "Three rounds.", "values": {"rounds": 3},
                           "rules": [f"{XX}-END-1"]}
    with pytest.raises(TypeError, match="kebab-case"):
        Ruleset("Short Game", "x")
    with pytest.raises(TypeError, match="one line"):
        Ruleset("short", "a\nb")
    with pytest.raises(TypeError, match="map option names"):
        Ruleset("short", "x", {1: 2})
    with pytest.raises(TypeError, match="tuple of rule IDs"):
        Ruleset("short", "x", {}, ("end",))
    with pytest.raises(TypeError):
        r.values["rounds"] = 4  # type: ignore[index]
    assert PRINTED.name == "printed" and dict(PRINTED.values) == {}


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_game_lists_its_rulesets_printed_first_and_each_is_valid(slug: str) -> None:
    game = get_game(slug)
    names = [r.name for r in game.rulesets]
    assert names[0] == "printed" and dict(game.rulesets[0].values) == {}
    assert len(set(names)) == len(names)
    known = set(spec_rule_ids(slug))
    for r in game.rulesets:
        rules = game.rules_for(r.name)
        for key, value in r.values.items():
            assert getattr(rules, key) == (tuple(value) if isinstance(value, list) else value)
        assert set(r.rules) <= known
        assert game.ruleset(r.name) is r
    with pytest.raises(UnknownRuleset) as info:
        game.ruleset("no-such")
    assert str(info.value) == f"{slug} has no ruleset 'no-such'; its rulesets: {', '.join(names)}"


def test_rules_for_applies_more_values_after_the_ruleset() -> None:
    game = get_game("witches-of-blackmore")
    assert game.rules_for("printed", players=3) == game.Rules(players=3)
