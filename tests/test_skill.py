"""The skill figure (rulebook.balance.skill): duplicate deals, paired statistics, power, refusals and the CLI."""

from __future__ import annotations

import json
import math
import random
from typing import Any

import attrs
import pytest

import rulebook
from rulebook.balance.players import ISMCTS
from rulebook.balance.skill import Skill, SkillError, SkillSide, paired_interval, pairs_needed, play_deal, skill
from rulebook.cli.app import main
from rulebook.variants.variant import Variant

WB = rulebook.get_game("witches-of-blackmore")
THREE = WB.Rules(players=3)
FOLLOW = WB.Rules(players=3, must_follow=True)


def highest(state: Any, rng: random.Random) -> Any:
    """A deterministic stand-in for the competent seat: the legal move whose text sorts last."""
    return max(state.legal_actions(), key=str)


def first(state: Any, rng: random.Random) -> Any:
    """A deterministic stand-in for the table: the first legal move."""
    return state.legal_actions()[0]


def test_exact_counts_on_a_tiny_deterministic_setup() -> None:
    """Seed 4, 30 games a side (10 deals from each of 3 seats), deterministic players: the counts
    follow from the deals alone."""
    r = skill(WB, THREE, FOLLOW, games=30, seed=4, competent=highest, table=first)
    assert (r.deals, r.a.games, r.b.games) == (10, 30, 30)
    assert (r.a.wins, r.b.wins) == (7, 9)
    assert (r.both, r.only_a, r.only_b, r.neither) == (2, 5, 7, 16)
    assert r.a.rate == 7 / 30 and r.b.rate == 9 / 30
    assert r.a.table_rate == 23 / 60 and r.b.table_rate == 21 / 60  # wins of the other seats over seat-games
    assert r.a.fair_share == 1 / 3 and r.a.skill == 7 / 30 - 1 / 3
    assert r.difference == (7 - 5) / 30 == pytest.approx(r.b.rate - r.a.rate)
    # McNemar: 7 of the 12 split pairs went to the variant; two-sided exact binomial p
    assert r.p_value == 2 * sum(math.comb(12, k) for k in range(6)) / 2**12 == 0.7744140625
    assert (r.competent, r.table, r.iterations) == ("highest", "first", 0)
    assert r.to_json()["pairs"] == {"both": 2, "a_only": 5, "b_only": 7, "neither": 16}


def test_every_deal_is_played_from_every_seat_on_both_sides(monkeypatch: pytest.MonkeyPatch) -> None:
    """Duplicate deals: each deal's seed starts one game per seat on each side, the same seeds on
    both sides, and the competent player sits in every seat once per deal."""
    started: list[tuple[bool, int | None]] = []
    new_game = Variant.new_game

    def recording(self: Variant, seed: int | None = None, deals: Any = None) -> Any:
        started.append((self.rules.must_follow, seed))
        return new_game(self, seed, deals)

    monkeypatch.setattr(Variant, "new_game", recording)
    skill(WB, THREE, FOLLOW, games=12, seed=9, competent=highest, table=first)
    printed = [s for follow, s in started if not follow]
    variant = [s for follow, s in started if follow]
    assert len(printed) == len(variant) == 12
    assert printed == variant  # the same deals, in the same order
    assert len(set(printed)) == 4 and all(printed.count(s) == 3 for s in printed)
    games = play_deal(Variant(WB, THREE), 9, 0, highest, first)
    assert [seat for seat, _, _ in games] == [0, 1, 2]


def test_the_same_rules_on_both_sides_give_twin_games() -> None:
    r = skill(WB, THREE, THREE, games=9, seed=2, competent=highest, table=first)
    assert attrs.evolve(r.a, name="same") == attrs.evolve(r.b, name="same")
    assert r.only_a == r.only_b == 0 and r.difference == 0.0 and r.p_value == 1.0
    low, high = r.interval
    assert low < 0 < high


def test_workers_do_not_change_the_figure() -> None:
    one = skill(WB, THREE, FOLLOW, games=12, seed=3, competent=highest, table=first)
    two = skill(WB, THREE, FOLLOW, games=12, seed=3, competent=highest, table=first, workers=2)
    assert one == two


def test_ismcts_by_default_and_for_a_variant_with_hooks() -> None:
    """The default competent seat is ISMCTS; with a variant's hooks it searches for the variant's
    wins (as simulate does), and the games still pair up."""
    ones = Variant(WB, WB.Rules(players=2), name="ones", winners=lambda state, scores: frozenset({0}))
    r = skill(WB, WB.Rules(players=2), ones, games=2, iterations=2, seed=1)
    assert (r.iterations, r.competent, r.table, r.deals) == (2, "ISMCTS", "the rule-aware heuristic", 1)
    assert r.b.name == "ones" and r.b.wins == 1 and r.b.table_rate == 0.5  # seat 0 always wins
    assert r.pairs == 2
    assert r.lines()[0].startswith("does the change reward skill? one seat of ISMCTS (2 iterations a move)")


def test_power_for_paired_proportions_against_a_hand_computed_value() -> None:
    """Connor (1987): pairs = (z_a sqrt(psi) + z_b sqrt(psi - d^2))^2 / d^2. By hand, d = 0.10,
    psi = 0.30, alpha = 0.05, power 0.8: z_a = 1.959964, z_b = 0.841621;
    (1.959964 * 0.547723 + 0.841621 * 0.538516)^2 / 0.01 = (1.073516 + 0.453227)^2 / 0.01
    = 233.09, so 234 pairs."""
    assert pairs_needed(0.10, 0.30) == 234
    assert pairs_needed(-0.10, 0.30) == 234
    # a share of split pairs below the difference is raised to it: psi = 0.10
    assert pairs_needed(0.10, 0.05) == pairs_needed(0.10, 0.10) == 77
    assert pairs_needed(0.10, 0.30, power=0.9) == 312  # z_b = 1.281552: (1.073516 + 0.690139)^2 / 0.01 = 311.05
    side = SkillSide("printed rules", 4, 100, 40, 0.4, (0.3, 0.5), 0.2)
    r = Skill("witches-of-blackmore", 200, 0, 25, side, side, both=20, only_a=10, only_b=20, neither=50)
    assert r.discordant == 0.30
    assert r.deals_needed(10) == math.ceil(234 / 4) == 59


def test_paired_interval_and_its_edges() -> None:
    """Hand check of (30, 10, 20, 40): p_a = 0.40, p_b = 0.50; Wilson intervals (0.3094, 0.4980)
    and (0.4038, 0.5962); phi = (30*40 - 10*20) / sqrt(40*60*50*50) = 0.4082;
    delta = sqrt(0.0962^2 - 2*0.4082*0.0962*0.0980 + 0.0980^2) = 0.1056 and
    epsilon = sqrt(0.0962^2 - 2*0.4082*0.0962*0.0906 + 0.0906^2) = 0.1017."""
    low, high = paired_interval(30, 10, 20, 40)
    assert (round(low, 4), round(high, 4)) == (-0.0056, 0.2017)
    assert paired_interval(0, 0, 0, 0) == (-1.0, 1.0)
    low, high = paired_interval(0, 0, 10, 0)  # every pair split the same way: the interval stays within [-1, 1]
    assert 0 < low < high == 1.0


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"games": 2}, "games"),  # fewer games than one deal from every seat
        ({"games": True}, "games"),
        ({"games": 12.0}, "games"),
        ({"iterations": 0}, "iterations"),
        ({"iterations": 10**7}, "iterations"),
        ({"workers": 0}, "workers"),
        ({"seed": -1}, "seed"),
        ({"seed": "1"}, "seed"),
        ({"rules_b": WB.Rules(players=4)}, "players"),
        ({"rules_b": rulebook.get_game("utsuke").Rules()}, "rules_b"),
        ({"rules_a": Variant(rulebook.get_game("utsuke"), rulebook.get_game("utsuke").Rules())}, "rules_a"),
        ({"competent": "ismcts"}, "competent"),
        ({"table": 3}, "table"),
    ],
)
def test_bad_arguments_are_refused_naming_the_field(kwargs: dict[str, Any], field: str) -> None:
    args: dict[str, Any] = {"rules_a": THREE, "rules_b": FOLLOW, "games": 6, **kwargs}
    with pytest.raises(SkillError) as info:
        skill(WB, args.pop("rules_a"), args.pop("rules_b"), **args)
    assert info.value.field == field and isinstance(info.value, ValueError)
    assert str(info.value).startswith(f"{field}: ")


@pytest.mark.parametrize(
    "args, field",
    [((0.0, 0.3), "difference"), ((1.5, 0.3), "difference"), ((math.nan, 0.3), "difference"),
     ((0.1, -0.1), "discordant"), ((0.1, 1.2), "discordant"), ((0.1, "0.3"), "discordant")],
)
def test_bad_power_arguments_are_refused(args: tuple[Any, Any], field: str) -> None:
    with pytest.raises(SkillError) as info:
        pairs_needed(*args)
    assert info.value.field == field
    with pytest.raises(SkillError, match="power"):
        pairs_needed(0.1, 0.3, power=1.0)
    with pytest.raises(SkillError, match="alpha"):
        pairs_needed(0.1, 0.3, alpha=0.0)


def test_cli_prints_the_skill_block(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "witches-of-blackmore", "--players", "2", "--set", "must_follow=true", "--compare",
                 "--skill", "2", "--games", "2", "--seed", "5"])
    out = capsys.readouterr().out
    assert code == 0
    block = out[out.index("does the change reward skill?"):].splitlines()
    assert block[0] == "does the change reward skill? one seat of ISMCTS (2 iterations a move) against"
    assert block[1] == "  the rule-aware heuristic, 1 deal a side, played from every seat"
    assert block[2].startswith("  printed rules: the competent seat won ")
    assert any(line.startswith("  difference (must_follow=true minus printed rules): ") for line in block)
    assert block[-2].startswith("  a difference of 5 points needs about ")
    assert all(len(line) <= 80 for line in block)


def test_cli_json_carries_the_figure(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "witches-of-blackmore", "--players", "2", "--set", "must_follow=true", "--compare",
                 "--skill", "2", "--games", "2", "--seed", "5", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    figure = data["skill"]
    assert (figure["iterations"], figure["deals"], figure["a"]["games"], figure["b"]["name"]) == (
        2, 1, 2, "must_follow=true")
    assert sum(figure["pairs"].values()) == 2


@pytest.mark.parametrize("argv, message", [
    (["--skill", "4"], "rulebook: error: --skill measures a change: give it with --compare\n"),
    (["--skill", "4", "--sweep", "hand_size=4,5"],
     "rulebook: error: --skill measures a change: give it with --compare\n"),
    (["--compare", "--set", "must_follow=true", "--skill", "0"],
     "rulebook: error: --skill measures a change: give it with --compare, and 1 to 1000000 iterations (got 0)\n"),
])
def test_cli_refuses_skill_without_a_change(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "witches-of-blackmore", "--games", "4", *argv])
    assert code == 2
    assert capsys.readouterr().err == message


def test_a_fresh_search_per_game() -> None:
    """The competent ISMCTS keeps nothing from one game for the next (each game gets its own copy),
    so a deal's games do not depend on the order they are played in."""
    player = ISMCTS(iterations=2)
    v = Variant(WB, WB.Rules(players=2))
    assert play_deal(v, 1, 0, player) == play_deal(v, 1, 0, player)
    assert player._kept == {}
