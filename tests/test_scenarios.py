"""Every worked example under spec/examples/ replays with each expectation holding.

The scenarios illustrate WB-TRICK-2, WB-RANK-2 and WB-RULING-8 (the blue 7 example) among
others; a rule change that breaks one fails here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.reference import scenarios, trace

ROOT = Path(__file__).resolve().parents[1]
FILES = scenarios.discover(ROOT)
BLUE_7 = ROOT / "spec/examples/witches-of-blackmore/blue-7-trick.toml"


def test_scenarios_exist_for_the_witches() -> None:
    names = {p.name for p in FILES if p.parent.name == "witches-of-blackmore"}
    assert {"blue-7-trick.toml", "green-8-descending.toml", "green-8-ascending.toml", "new-trump.toml",
            "end-of-the-pile.toml"} <= names


def test_scenarios_exist_for_utsuke() -> None:
    names = {p.name for p in FILES if p.parent.name == "utsuke"}
    assert {"honour-example.toml", "lords-conduct.toml", "young-lord.toml"} <= names


def test_the_honour_example_gives_b_and_c_one_honour_each() -> None:
    """The source's example: the lord takes 5, A bids 4, B and C bid 6."""
    states = scenarios.run(scenarios.load(ROOT / "spec/examples/utsuke/honour-example.toml"))
    bids, won = states[-1]._results[0][:2]
    assert bids == (4, 6, 6) and won[3] == 5
    assert states[-1].scores == (0, 1, 1)


def test_scenarios_exist_for_gods_and_humans() -> None:
    names = {p.name for p in FILES if p.parent.name == "gods-and-humans"}
    assert {"eight-player-deal.toml", "red-trump.toml", "no-trump-house-rule.toml", "lone-human.toml",
            "mixed-sources-house-rule.toml"} <= names


def test_scenarios_exist_for_seven_prophecies() -> None:
    names = {p.name for p in FILES if p.parent.name == "seven-prophecies"}
    assert {"prophecy-and-equal-numbers.toml", "scoring-example.toml", "scoring-example-no-floor.toml",
            "variant-2-tie-break.toml", "three-players.toml"} <= names


def test_scenarios_exist_for_saru_tori_inu_i() -> None:
    names = {p.name for p in FILES if p.parent.name == "saru-tori-inu-i"}
    assert {"two-rounds.toml", "shared-columns.toml", "face-down-and-scoring.toml"} <= names


def test_a_deal_may_end_with_whole_numbers() -> None:
    sc = scenarios.load(ROOT / "spec/examples/gods-and-humans/lone-human.toml")
    assert len(sc.deals[0]) == 30 + 7 and sc.deals[0][-7:] == (0, 1, 2, 3, 1, 0, 2)
    assert scenarios.run(sc)[-1].scores == (0, 0, 0, 0, 5)


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_scenario(path: Path) -> None:
    scenario = scenarios.load(path)
    assert scenario.game == path.parent.name
    states = scenarios.run(scenario)
    assert len(states) == len(scenario.steps) + 1


def test_scenarios_cite_rules_of_their_game() -> None:
    rules = trace.load_spec(ROOT)
    for path in FILES:
        scenario = scenarios.load(path)
        assert scenario.cites, path
        for rid in scenario.cites:
            assert rid in rules and rules[rid].slug == scenario.game, (path, rid)


def test_blue_7_example_gives_the_trick_to_david() -> None:
    """WB-RULING-8: the source's winner is misnamed; the rules give David 27 points."""
    final = scenarios.run(scenarios.load(BLUE_7))[-1]
    assert final.current_player == 3
    assert final.scores == (0, 0, 0, 27, 0)



def test_a_wrong_expectation_fails_naming_the_step() -> None:
    wrong = BLUE_7.read_text(encoding="utf-8").replace(
        "expect = { to_act = 3, scores = [0, 0, 0, 27, 0] }", "expect = { to_act = 1 }"
    )
    with pytest.raises(scenarios.ScenarioFailed, match=r"step 5 \(play B9\): seat to act is 3, expected 1"):
        scenarios.run(scenarios.loads(wrong, "wrong"))
    accepted = BLUE_7.read_text(encoding="utf-8").replace('action = "play B4", rule', 'action = "play R7", rule')
    with pytest.raises(scenarios.ScenarioFailed, match="play R7 was accepted"):
        scenarios.run(scenarios.loads(accepted, "accepted"))
    other_rule = BLUE_7.read_text(encoding="utf-8").replace('rule = "WB-PLAY-1"', 'rule = "WB-PLAY-2"')
    with pytest.raises(scenarios.ScenarioFailed, match="refused by WB-PLAY-1, expected WB-PLAY-2"):
        scenarios.run(scenarios.loads(other_rule, "rule"))


def test_an_illegal_step_fails() -> None:
    bad = BLUE_7.read_text(encoding="utf-8").replace('action = "play R7"', 'action = "play Y5"')
    with pytest.raises(scenarios.ScenarioFailed, match=r"step 2 \(play Y5\): refused: .*WB-PLAY-1"):
        scenarios.run(scenarios.loads(bad, "bad"))


@pytest.mark.parametrize(
    "text, message",
    [
        ("title = 1\ngame = 'utsuke'\n[[steps]]\naction='x'", "'title' must be a string"),
        ("title = 't'\n[[steps]]\naction='x'", "missing 'game'"),
        ("title = 't'\ngame = 'utsuke'\nsteps = []", "'steps' must be a non-empty list"),
        ("title = 't'\ngame = 'utsuke'\nwho = 1\n[[steps]]\naction='x'", "unknown field who"),
        ("title = 't'\ngame = 'witches-of-blackmore'\ndeals = ['R1 R1']\n[[steps]]\naction='x'", "names a card twice"),
        ("title = 't'\ngame = 'witches-of-blackmore'\ndeals = ['Z9']\n[[steps]]\naction='x'", "not a card of"),
        ("title = 't'\ngame = 'utsuke'\n[[steps]]\naction='x'\nexpect = { score = 1 }", "unknown expectation score"),
        ("title = 't' game", "not valid TOML"),
        ("title = 't'\ngame = 'gods-and-humans'\n[[deals]]\ncards = 'R1'\nextra = [true]\n[[steps]]\naction='x'",
         "extra must be a list of whole numbers"),
        ("title = 't'\ngame = 'utsuke'\ncites = ['rule 1']\n[[steps]]\naction='x'", "'cites' must be a list"),
    ],
)
def test_bad_scenarios_are_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        scenarios.loads(text, "t")
