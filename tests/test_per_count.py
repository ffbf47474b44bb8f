"""Values per player count: one variant for every count (issue 33, item 4).

An option takes one value per player count as a TOML table keyed by count or as
``--set NAME@COUNTS=VALUE``; counts not named keep the value given otherwise; each value is
checked at its count, a fault naming the option, the count and the source; ``simulate
--compare`` and ``verify`` take the variant across counts in one run. The worked example is
docs/examples/colour_out_at_two_and_three.toml (docs/verify-a-house-rule.md).
"""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from rulebook.cli.app import main
from rulebook.core.contract import Game
from rulebook.errors import InvalidRules
from rulebook.games.witches_of_blackmore.rules import DECK
from rulebook.registry import get_game
from rulebook.variants.variant import load_variant, resolve

EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "colour_out_at_two_and_three.toml"
FIVE = ("R", "B", "G", "Y", "P")
SIX = ("R", "B", "G", "Y", "P", "O")


@pytest.fixture
def witches() -> Game:
    return get_game("witches-of-blackmore")


def test_the_file_gives_one_colour_out_at_two_and_three_only(witches: Game) -> None:
    v = load_variant(witches, str(EXAMPLE))
    assert v.rules.players == 4 and v.rules.colours == SIX
    assert {n: v.at(n).rules.colours for n in range(2, 7)} == {2: FIVE, 3: FIVE, 4: SIX, 5: SIX, 6: SIX}
    assert not v.players_fixed  # verify checks every count
    # the deal of a game at 2 players holds no orange card: 45 cards, not 54
    state = v.at(2).new_game(seed=3)
    deal = state.board[0]
    assert len(deal) == 45 and all(DECK.text(c)[0] != "O" for c in deal)
    assert len(v.at(4).new_game(seed=3).board[0]) == 54


def test_set_form_is_the_same_as_the_table(witches: Game) -> None:
    by_file = load_variant(witches, str(EXAMPLE))
    by_set = resolve(witches, sets=["colours@2,3=R,B,G,Y,P"])
    by_range = resolve(witches, sets=["colours@2..3=R,B,G,Y,P"])
    by_two = resolve(witches, sets=["colours@2=R,B,G,Y,P", "colours@3=R,B,G,Y,P"])
    for n in range(2, 7):
        assert by_file.at(n).rules == by_set.at(n).rules == by_range.at(n).rules == by_two.at(n).rules


def test_counts_not_named_keep_the_value_given_otherwise(witches: Game) -> None:
    v = resolve(witches, sets=["hand_size=5", "hand_size@2=8", "must_follow@3=true"])
    assert [(n, v.at(n).rules.hand_size, v.at(n).rules.must_follow) for n in (2, 3, 4)] == [
        (2, 8, False), (3, 5, True), (4, 5, False)]
    # a later plain value replaces every count's
    v = resolve(witches, variant=str(EXAMPLE), sets=["colours=R,B,G,Y"])
    assert v.per_count == () and v.at(2).rules.colours == ("R", "B", "G", "Y")
    # a later value for one count replaces that count's only
    v = resolve(witches, variant=str(EXAMPLE), sets=["colours@2=R,B"])
    assert [v.at(n).rules.colours for n in (2, 3, 4)] == [("R", "B"), FIVE, SIX]


def test_the_count_the_rules_are_at_takes_its_value(witches: Game) -> None:
    v = resolve(witches, variant=str(EXAMPLE), players=3)
    assert v.rules.players == 3 and v.rules.colours == FIVE and v.players_fixed
    v = resolve(witches, sets=["players=2", "colours@2=R,B,G"])
    assert v.rules.colours == ("R", "B", "G")


def test_seat_options_count_from_one_per_count(witches: Game) -> None:
    v = resolve(witches, sets=["first_leader@3=3"])
    assert v.at(3).rules.first_leader == 2 and v.at(2).rules.first_leader == 0


@pytest.mark.parametrize(("sets", "message"), [
    (["hand_size@3=18"], "Rules.hand_size: 3 hands of 18 plus the first trump need 55 cards; the deck has 54 "
                         "(WB-SETUP-2) (set by --set at 3 players)"),
    (["hand_size@3=30"], "Rules.hand_size: must be one of 1..27 (got 30) (set by --set at 3 players)"),
    (["hand_size@7=2"], "Rules.hand_size: a value for 7 players, but the game takes 2..6 players "
                        "(at 7 players; --set)"),
    (["players@2=3"], "Rules.players: the player count cannot take a value per player count (at 2 players; --set)"),
    (["hand_size@two=3"], "Rules.hand_size: after @ give player counts such as 2, 2,3 or 2..4, not 'two' (--set)"),
    (["hand_size@3..2=3"], "Rules.hand_size: the range 3..2 of player counts must run upwards (--set)"),
    (["colours@6=R,B", "hand_size@6=8"], "Rules.hand_size: 6 hands of 8 plus the first trump need 49 cards; "
                                          "the deck has 18 (WB-SETUP-2) (set by --set at 6 players)"),
])
def test_each_value_is_checked_at_its_count(witches: Game, sets: list[str], message: str) -> None:
    """A fault at a count other than the rules' own is found at once, naming option, count and source."""
    with pytest.raises(InvalidRules) as info:
        resolve(witches, sets=sets)
    assert str(info.value).splitlines()[0] == message


def test_a_file_fault_names_the_file_and_the_count(witches: Game, tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('[rules.hand_size]\n2 = 8\n3 = "six"\n', encoding="utf-8")
    with pytest.raises(InvalidRules) as info:
        load_variant(witches, str(path))
    assert str(info.value).splitlines()[0] == (
        f"Rules.hand_size: expected a whole number, not str 'six' (set by {path} at 3 players)")
    path.write_text('[rules.hand_size]\ntwo = 8\n', encoding="utf-8")
    with pytest.raises(InvalidRules) as info:
        load_variant(witches, str(path))
    assert str(info.value) == (f"Rules.hand_size: a table of values per player count takes counts as keys "
                               f"(2 = ...), not 'two' ({path})")


def test_a_variant_with_values_per_count_pickles(witches: Game) -> None:
    v = load_variant(witches, str(EXAMPLE))
    back = pickle.loads(pickle.dumps(v))
    assert back == v and back.at(2).rules.colours == FIVE


def test_simulate_compares_across_counts_in_one_run(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "witches-of-blackmore", "--variant", str(EXAMPLE), "--compare", "--players", "2,3,4",
            "--games", "3"]
    assert main([*args, "--json"]) == 0
    captured = capsys.readouterr()
    entries = json.loads(captured.out)
    # one comparison per count at which the rules differ; at 4 the variant is the printed game
    assert [e["players"] for e in entries] == [2, 3]
    for e in entries:
        printed, variant = e["sides"]
        assert (printed["label"], printed["players"], printed["summary"]["variant"]["changes"]) == (
            "printed rules", e["players"], {})
        assert (variant["label"], variant["players"], variant["summary"]["variant"]["changes"]) == (
            "one colour out", e["players"], {"colours": list(FIVE)})
    assert captured.err.splitlines()[-1] == ("rulebook: notice: witches-of-blackmore: at 4 players the sides play "
                                             "the same rules; that count is left out")
    assert main(args) == 0
    out = capsys.readouterr().out
    titles = [line.strip() for line in out.splitlines() if "players, 3 games" in line]
    assert titles == ["The Witches of Blackmore [witches-of-blackmore], 2 players, 3 games, seed 0",
                      "The Witches of Blackmore [witches-of-blackmore], 3 players, 3 games, seed 0"]
    assert out.count("printed rules vs one colour out (colours=R,B,G,Y,P)") == 2


def test_simulate_at_one_count_where_nothing_changes_says_which_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "witches-of-blackmore", "--variant", str(EXAMPLE), "--compare", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert err.strip().endswith("its values per player count name 2, 3: give --players 2,3")


def test_several_counts_refuse_what_makes_one_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "witches-of-blackmore", "--players", "2,3", "--sweep", "hand_size=4,5"]) == 2
    assert "give one count with --sweep" in capsys.readouterr().err


def test_verify_takes_the_variant_across_counts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "witches-of-blackmore", "--variant", str(EXAMPLE), "--examples", "10",
                 "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "at 2, 3, 4, 5 and 6 players (2 each)" in out.replace("\n", " ")
    assert "variant one colour out (colours@2,3=R,B,G,Y,P)" in " ".join(out.replace("│", " ").split())
    assert out.splitlines()[-1].startswith("OK: ")
    assert main(["verify", "witches-of-blackmore", "--variant", str(EXAMPLE), "--players", "2,3", "--examples", "4",
                 "--out", str(tmp_path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["players"] == [2, 3] and report["ok"] is True


def test_options_says_how(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["options", "witches-of-blackmore"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert ("Values per player count: any option but players can take one value for each count. With --set, write "
            "NAME@COUNT=VALUE (--set hand_size@2=1; also @2,3 or @2..3); in a variant file, a table "
            "[rules.hand_size] with 2 = VALUE.") in out


def test_a_sweep_over_players_takes_the_variant_as_a_whole(witches: Game) -> None:
    """``--sweep players=2..4`` on the variant plays each count with that count's values."""
    from rulebook.balance.sweep import sweep

    runs = sweep(witches, "players", [2, 3, 4], games=2, base=load_variant(witches, str(EXAMPLE)))
    assert [(label, s.to_json()["variant"]["changes"]) for label, s in runs] == [
        ("players=2", {"colours": list(FIVE)}), ("players=3", {"colours": list(FIVE)}), ("players=4", {})]
