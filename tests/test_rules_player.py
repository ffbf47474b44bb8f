"""The rule-following player (issue 41): it plays by the variant's own rules, searches only where the
variant changes what a move can bring about, and decides only from what its seat may see."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rulebook
from rulebook.balance.players import RulesPlayer, heuristic_player, player_from_spec, printed_twin
from rulebook.balance.simulate import play_one, simulate
from rulebook.variants.variant import Variant, resolve

from .docs_examples import all_examples

GAMES = list(rulebook.GAMES)
EXAMPLES = {label: (slug, v) for label, slug, v in all_examples() if not (label.startswith("trick_bonus")
                                                                       and slug != "gods-and-humans")}


def _positions(variant: Any, seed: int, every: int = 5, most: int = 6) -> list[Any]:
    """Some positions of a random game of ``variant`` with a choice to make."""
    rng = random.Random(seed)
    state = variant.new_game(seed=seed)
    out = []
    k = 0
    while state.current_player is not None and len(out) < most:
        legal = state.legal_actions()
        if len(legal) > 1 and k % every == 0:
            out.append(state)
        k += 1
        state = state.apply(rng.choice(legal))
    return out


@pytest.mark.parametrize("slug", GAMES)
def test_under_the_printed_rules_it_plays_the_heuristics_moves(slug: str) -> None:
    game = rulebook.get_game(slug)
    variant = Variant(game, game.Rules())
    player = RulesPlayer().bound(variant)
    assert not player.changes
    for i, state in enumerate(_positions(variant, 1)):
        assert player(state, random.Random(i)) == heuristic_player(state, random.Random(i))
        assert player.last == "heuristic"


@pytest.mark.slow
@pytest.mark.parametrize("label", sorted(EXAMPLES))
def test_it_decides_from_what_the_seat_sees(label: str) -> None:
    """The same choice from the real state and from a state the seat cannot tell from it (a resample),
    with the same generator, and the same way of deciding: the look-ahead runs in resampled worlds."""
    slug, variant = EXAMPLES[label]
    player = RulesPlayer(budget=6).bound(variant)
    for i, state in enumerate(_positions(variant, 2, most=3)):
        seat = state.current_player
        other = state.resample(seat, random.Random(100 + i))
        if other.observation(seat) != state.observation(seat) or other.legal_actions() != state.legal_actions():
            continue  # a resample that shows the seat something else (a wrapper keeps no view): not a twin
        a = player(state, random.Random(i))
        how = player.last
        b = player(other, random.Random(i))
        assert (a, how) == (b, player.last), (slug, i)


def test_an_added_move_is_searched_and_can_be_taken() -> None:
    _slug, variant = EXAMPLES["discard_to_the_pile.py:DISCARD_TO_THE_PILE"]
    kinds = ["auto:8"] * 3
    results = [play_one(variant.game, variant, 3, i, kinds) for i in range(3)]
    offered = sum(r.usage.get("offered: discard", 0) for r in results)
    assert offered > 0
    # where a discard is offered the printed game has none: the player searches there
    assert sum(v for r in results for k, v in r.usage.items() if k.startswith("taken: discard")) <= offered
    assert all(r.usage.get("decided: auto (search)", 0) > 0 for r in results)


def test_a_changed_trick_rule_is_searched_where_it_bites_and_nowhere_else() -> None:
    _slug, variant = EXAMPLES["wheel_turns_over.py:variant"]
    result = play_one(variant.game, variant, 1, 0, ["auto:6"] * 4)
    searched = result.usage.get("decided: auto (search)", 0)
    heuristic = result.usage.get("decided: auto (heuristic)", 0)
    assert searched > 0 and heuristic > 0  # the wheel turns over some tricks only


@pytest.mark.parametrize(("slug", "setting"), [("saru-tori-inu-i", "visible.hands=all"),
                                               ("utsuke", "visible.bids=all")])
def test_a_shown_card_is_a_rule_like_any_other(slug: str, setting: str) -> None:
    """What a seat sees is read like every other rule: the heuristic does not read it, the rule-following
    player compares the seat's view with the printed one and searches where it differs."""
    from rulebook.balance.reads import fitting_players

    game = rulebook.get_game(slug)
    variant = resolve(game, sets=[setting])
    kinds, why = fitting_players([resolve(game), variant], None)
    assert kinds[1][0] == "auto" and "visible." in why
    player = RulesPlayer(budget=4).bound(variant)
    assert player.shows
    rng = random.Random(5)
    state = variant.new_game(seed=5)
    ways = set()
    while state.current_player is not None and len(ways) < 2:
        action = player(state, rng)
        ways.add(player.last)
        state = state.apply(action)
    assert "search" in ways


def test_a_state_it_does_not_know_is_searched() -> None:
    """A wrapper this player does not know has no printed twin: the safe choice is to search."""

    class Wrapper:
        def __init__(self, inner: Any) -> None:
            self.wrapped = inner

    game = rulebook.get_game("utsuke")
    assert printed_twin(Wrapper(game.new_game(seed=1))) is None
    state = game.new_game(seed=1)
    assert printed_twin(state) is state  # the printed rules: the state itself


def test_auto_is_a_player_kind_with_a_budget() -> None:
    assert player_from_spec("auto") == RulesPlayer()
    assert player_from_spec("auto:12") == RulesPlayer(budget=12)
    with pytest.raises(ValueError, match="auto takes a search budget"):
        player_from_spec("auto:0")


def test_a_default_compare_plays_the_heuristics_games_on_the_printed_side() -> None:
    """On a side where nothing bites the rule-following player's games are the heuristic's, move for move."""
    game = rulebook.get_game("witches-of-blackmore")
    rules = game.Rules(players=3)
    a = simulate(game, rules, games=6, seed=2, players_as=["auto"])
    b = simulate(game, rules, games=6, seed=2, players_as=["heuristic"])
    assert a.digests == b.digests


#: options the heuristic does not read that decide only the scores and the game's end (each game's
#: ``TWIN``), and how one seeded game under them is decided: compared under the printed values, not
#: searched at every decision (before: every decision but the forced ones was a search)
TWIN_CASES = [
    ("utsuke", {"end": "rounds", "rounds": 3}, {"heuristic": 118, "forced": 38}),
    ("utsuke", {"honour_exact": 4, "honour_to_win": 5}, {"heuristic": 78, "forced": 26}),
    ("utsuke", {"on_loss": "most_honour"}, {"heuristic": 78, "forced": 26}),
    ("gods-and-humans", {"target": 20}, {"heuristic": 108, "forced": 32}),
    ("seven-prophecies", {"variant": "points", "end": "fixed", "round_count": 2}, {"heuristic": 93, "forced": 23}),
    ("seven-prophecies", {"variant": "twice", "successes_to_win": 1}, {"heuristic": 48, "forced": 11, "search": 1}),
    ("saru-tori-inu-i", {"target_score": 10}, {"heuristic": 134, "forced": 16, "search": 6}),
]


@pytest.mark.parametrize(("slug", "changed", "decided"), TWIN_CASES)
def test_an_option_that_decides_only_the_end_is_compared_under_its_printed_value(
        slug: str, changed: dict[str, Any], decided: dict[str, int]) -> None:
    import attrs

    from rulebook.balance.players import heuristic_reads, heuristic_twin

    game = rulebook.get_game(slug)
    variant = Variant(game, game.Rules(**changed))
    player = RulesPlayer().bound(variant)
    unread = {name for name in changed if name not in (heuristic_reads(game) or ())}
    assert not player.always and player.back == unread and unread <= heuristic_twin(game)
    state = variant.new_game(seed=0)
    twin = printed_twin(state, {}, player.back)
    printed = game.Rules()
    for name, value in changed.items():  # the unread ones take their printed values, the others stay
        assert getattr(twin.rules, name) == (getattr(printed, name) if name in unread else value)
    assert attrs.evolve(twin, rules=state.rules) == state
    rng = random.Random(0)
    counts: dict[str, int] = {}
    while state.current_player is not None:
        action = player(state, rng)
        counts[player.last] = counts.get(player.last, 0) + 1
        state = state.apply(action)
    assert counts == decided


def test_any_other_unread_option_is_searched_at_every_decision() -> None:
    game = rulebook.get_game("utsuke")
    player = RulesPlayer().bound(Variant(game, game.Rules(young_lord_policy="random")))
    assert player.always and player.back == frozenset()


def test_every_games_twin_options_are_options_its_heuristic_does_not_read() -> None:
    import attrs

    from rulebook.balance.players import heuristic_reads, heuristic_twin

    for slug in GAMES:
        game = rulebook.get_game(slug)
        names = {f.name for f in attrs.fields(game.Rules)}
        twin = heuristic_twin(game)
        assert twin <= names - (heuristic_reads(game) or names), slug
    assert heuristic_twin(rulebook.get_game("utsuke")) == {
        "end", "rounds", "honour_to_win", "honour_exact", "honour_closest", "on_loss"}
