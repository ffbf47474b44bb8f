"""What each player reads, what simulate says it does not, and the players that fit (issue 34,
items 1b, 1c and 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rulebook
from rulebook.balance.reads import SEARCH_PLAYER, fitting_players, heuristic_reads, unread, unread_lines
from rulebook.variants.variant import Variant
from tests.test_hooks import WB, no_ones, two_points_per_round

UT = rulebook.get_game("utsuke")
SP = rulebook.get_game("seven-prophecies")


def test_each_heuristic_declares_options_of_its_game() -> None:
    for slug in rulebook.GAMES:
        game = rulebook.get_game(slug)
        reads = heuristic_reads(game)
        assert reads is not None and reads <= {a.name for a in game.Rules.__attrs_attrs__}, slug
        assert "players" in reads
    assert "honour_to_win" not in heuristic_reads(UT)  # type: ignore[operator]
    assert {"score_floor", "free_cubes", "success_points", "cube_penalty"} <= heuristic_reads(SP)  # type: ignore[operator]


def test_an_unread_option_is_named_with_its_seats_and_what_the_player_does() -> None:
    v = Variant(UT, UT.Rules(players=3, honour_to_win=5))
    assert unread_lines(v, ("heuristic", "ismcts:30", "heuristic")) == [
        "the rule-aware heuristic (seats 1 and 3) does not read honour_to_win: it plays as under the printed rules"]
    # a read option, search players and random players: nothing to say
    assert unread(Variant(SP, SP.Rules(score_floor=False)), ("heuristic",) * 4) == []
    assert unread(v, ("ismcts:30",) * 3) == unread(v, ("random",) * 3) == []


def test_hooks_are_named_with_what_the_heuristic_does_instead() -> None:
    v = Variant(WB, WB.Rules(players=3), legal=no_ones)
    assert unread_lines(v, ("heuristic",) * 3) == [
        "the rule-aware heuristic (seats 1, 2 and 3) does not read the legal hook: it plays at random where the "
        "hook refuses its choice"]
    w = Variant(WB, WB.Rules(players=2), round_points=two_points_per_round)
    assert unread_lines(w, ("heuristic", "ismcts:30")) == [
        "the rule-aware heuristic (seat 1) does not read the round_points hook: it plays for the game's own scores"]


def test_the_default_players_fit_the_variant() -> None:
    printed = Variant(UT, UT.Rules(players=3))
    changed = Variant(UT, UT.Rules(players=3, honour_to_win=5))
    kinds, why = fitting_players([printed, changed], None)
    assert kinds == [(SEARCH_PLAYER,) * 3] * 2
    assert why.startswith("the rule-following player in every seat (the rule-aware heuristic where the rules change "
                          "nothing a move can affect, ISMCTS with 30 iterations a move where they do), because the "
                          "rule-aware heuristic does not read this rule: honour_to_win")
    # a rule the heuristic reads keeps it; --players-as overrides
    sp = [Variant(SP, SP.Rules()), Variant(SP, SP.Rules(score_floor=False))]
    assert fitting_players(sp, None) == ([("heuristic",) * 4] * 2, "")
    assert fitting_players([printed, changed], ["heuristic"]) == ([("heuristic",) * 3] * 2, "")


def test_simulate_names_who_played_why_and_what_they_do_not_read(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    from rulebook.cli.app import main

    base = ["simulate", "utsuke", "--set", "players=3", "--set", "honour_to_win=5", "--compare", "--games", "2",
            "--workers", "1"]
    assert main([*base, "--report", str(tmp_path / "r.html")]) == 0
    out = capsys.readouterr().out
    assert ("who played: the rule-following player (ISMCTS with 30 iterations a move where the rules bite) in every "
            "seat") in out
    assert "why: the rule-following player in every seat" in out
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "What the players read." in page and "Why: the rule-following player" in page
    assert "It plays for the game&#x27;s own scores" not in page
    # search players read every rule: the box informs (blue), it does not warn (red)
    assert "<div class='note'><b>What the players read." in page
    assert "<div class='warn'><b>What the players read." not in page
    assert main([*base, "--players-as", "heuristic", "--report", str(tmp_path / "h.html"), "--force"]) == 0
    capsys.readouterr()
    heuristic_page = (tmp_path / "h.html").read_text(encoding="utf-8")
    assert "<div class='warn'><b>What the players read." in heuristic_page
    assert "does not read honour_to_win" in heuristic_page
    # a sweep's page says why its players were chosen too
    assert main(["simulate", "utsuke", "--set", "players=3", "--sweep", "honour_to_win=3,5", "--games", "2",
                 "--workers", "1", "--report", str(tmp_path / "s.html")]) == 0
    assert "why: the rule-following player" in capsys.readouterr().out
    sweep_page = (tmp_path / "s.html").read_text(encoding="utf-8")
    assert "<div class='note'><b>What the players read.</b><ul><li>Why: the rule-following player" in sweep_page
    # asked for the heuristic: it plays, and the terminal and the page say what it does not read
    assert main([*base, "--players-as", "heuristic", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players_read"] == [
        "the rule-aware heuristic (seats 1, 2 and 3) does not read honour_to_win: it plays as under the printed rules"]
    assert main([*base, "--players-as", "heuristic"]) == 0
    out = capsys.readouterr().out
    assert "the rule-aware heuristic (seats 1, 2 and 3) does not read honour_to_win: it plays as under the " \
           "printed rules" in out
    assert "why:" not in out


def test_a_sweep_of_a_rule_the_heuristic_does_not_read_uses_search_players(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    from rulebook.cli.app import main

    assert main(["simulate", "utsuke", "--sweep", "honour_to_win=3,4", "--games", "1", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "who played: the rule-following player" in out and "why: the rule-following player" in out
    assert main(["simulate", "utsuke", "--sweep", "max_bid=3,4", "--games", "1", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "who played: the rule-aware heuristic in every seat" in out and "why:" not in out


def test_the_heuristic_says_it_plays_added_phases_and_moves_at_random_or_not_at_all() -> None:
    """A variant's added phases and own moves are rules the heuristic does not read: the report says what it does."""
    from rulebook.variants.variant import load_variant

    ut = rulebook.get_game("utsuke")
    examples = Path(__file__).resolve().parents[1] / "docs" / "examples"
    passing = load_variant(ut, str(examples / "utsuke_pass_left.toml"))
    assert [(u.rule, u.instead) for u in unread(passing, ("heuristic",) * 4)] == [
        ("the added step that passes cards (UT-PHASE-2)", "passes cards at random in it")]
    wb = rulebook.get_game("witches-of-blackmore")
    discard = load_variant(wb, f"{examples}/discard_to_the_pile.py:DISCARD_TO_THE_PILE")
    rules = [u.rule for u in unread(discard, ("heuristic",) * 3)]
    assert "the variant's own moves" in rules and "the legal hook" in rules


def _lord_leftmost(view: object, legal: tuple[object, ...]) -> object:
    return legal[0]


def test_a_random_or_function_lord_is_a_policy_the_heuristic_does_not_read() -> None:
    """UT-LORD-8: the heuristic reads a ``random`` lord or a function as the printed conduct: the report names
    the lords' policy once, in both languages, and brings in the search players; ``highest`` it reads."""
    from rulebook.i18n import set_language

    kinds = ("heuristic", "ismcts:30", "heuristic")
    line = ("the rule-aware heuristic (seats 1 and 3) does not read the lords' policy (UT-LORD-8): it reads the "
            "lords as playing by the printed conduct")
    for npcs in ({"lord": "random"}, {"lord": _lord_leftmost}, {"lord": _lord_leftmost, "young lord": "random"}):
        v = Variant(UT, UT.Rules(players=3), npcs=npcs)
        assert unread_lines(v, kinds) == [line], npcs
        players, why = fitting_players([Variant(UT, UT.Rules(players=3)), v], None)
        assert players == [(SEARCH_PLAYER,) * 3] * 2
        assert "does not read this rule: the lords' policy (UT-LORD-8);" in why
    highest = Variant(UT, UT.Rules(players=3), npcs={"lord": "highest"})
    assert unread(highest, kinds) == [] and fitting_players([highest], None)[1] == ""
    try:
        set_language("ja")
        assert unread_lines(Variant(UT, UT.Rules(players=3), npcs={"lord": "random"}), kinds) == [
            "ルールを理解したボット（1、3番席）は殿たちの方針（UT-LORD-8）を読みません。代わりに殿たちが製品版の所作どおりに"
            "出すものとして読みます"]
    finally:
        set_language("en")
