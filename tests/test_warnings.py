"""Every warning of a comparison fires when it should and only then (issue 34, item 3): the
red "Read with care" box of the report and the terminal's warning lines."""

from __future__ import annotations

import attrs

import rulebook
from rulebook.balance.figures import unit_warnings
from rulebook.balance.simulate import Summary, simulate
from rulebook.balance.usage_compare import same_moves_warning, warnings
from rulebook.variants.variant import resolve

WB = rulebook.get_game("witches-of-blackmore")
GH = rulebook.get_game("gods-and-humans")


def _base() -> Summary:
    return simulate(WB, WB.Rules(players=3), games=20, seed=1)


def test_most_games_the_same_move_for_move_fires_above_nine_in_ten_only() -> None:
    base = _base()
    digests = dict(base.digests)
    nineteen = attrs.evolve(base, digests={**digests, 0: digests[0] + 1})
    assert same_moves_warning(base, nineteen) == "19 of 20 games were the same move for move on both sides"
    eighteen = attrs.evolve(base, digests={**digests, 0: digests[0] + 1, 1: digests[1] + 1})
    assert same_moves_warning(base, eighteen) == ""


def test_the_same_moves_without_outcomes_says_only_that() -> None:
    """Summaries read back without outcome fingerprints: no claim about the results."""
    base = _base()
    blind = attrs.evolve(base, outcomes={})
    assert same_moves_warning(blind, blind) == "both sides played the same games move for move"
    assert same_moves_warning(base, base) == ("both sides played the same games move for move, with the same "
                                              "results: the change never came into play")


def test_every_seat_tied_every_game_fires_only_then() -> None:
    base = _base()
    tied = attrs.evolve(base, shared=base.games, wins=(base.games,) * 3)
    assert "under the variant every seat tied every game: win rates cannot differ" in warnings(base, tied)
    almost = attrs.evolve(base, shared=base.games, wins=(base.games, base.games, base.games - 1))
    assert not any("tied every game" in w for w in warnings(base, almost))


def test_rules_that_never_decided_anything_are_named_and_no_others() -> None:
    """GH-TRICK-5: red is trump only with four humans, never at five players; the Witches'
    partnerships decide the winners, which no record cites: no warning."""
    printed = simulate(GH, GH.Rules(players=5), games=10, seed=1)
    variant = resolve(GH, sets=["red_trump=false", "players=5"])
    assert "the rules red_trump changes (GH-TRICK-5) never decided anything" in warnings(
        printed, simulate(GH, variant, games=10, seed=1), variant)
    base = simulate(WB, WB.Rules(players=4), games=10, seed=1)
    for sets in (["teams=true", "players=4"], ["must_trump=true", "players=4"]):
        variant = resolve(WB, sets=sets)
        assert warnings(base, simulate(WB, variant, games=10, seed=1), variant) == [], sets


def test_unit_warnings_stay_quiet_when_the_sides_count_alike() -> None:
    base = simulate(WB, WB.Rules(players=4), games=10, seed=1)
    other = simulate(WB, resolve(WB, sets=["must_follow=true", "players=4"]), games=10, seed=1)
    assert unit_warnings({"printed rules": base, "must_follow=true": other}) == []
    both = simulate(WB, resolve(WB, sets=["teams=true", "players=4"]), games=10, seed=1)
    assert unit_warnings({"teams=true": both, "again": both}) == []
