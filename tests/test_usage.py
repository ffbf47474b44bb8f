"""What each rule did (``rulebook.balance.usage``, ``rulebook.balance.usage_compare``): counts per game, the
side-by-side table with changed rows marked, and the warnings a comparison gives when it cannot show anything."""

from __future__ import annotations

from collections import Counter

import rulebook
from rulebook.balance.play_figures import play_figures
from rulebook.balance.progress import result_from_json, result_to_json
from rulebook.balance.simulate import Summary, play_one, simulate
from rulebook.balance.usage import digest_of, label, usage_of, usage_rules
from rulebook.balance.usage_compare import fired_changes, usage_rows, usage_table, warnings
from rulebook.variants.variant import resolve

WB = rulebook.get_game("witches-of-blackmore")
GH = rulebook.get_game("gods-and-humans")


def _first_moves(game: object, rules: object, seed: int) -> object:
    state = game.new_game(rules, seed=seed)  # type: ignore[attr-defined]
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    return state


def test_usage_counts_one_game_exactly() -> None:
    state = _first_moves(WB, WB.Rules(players=3), 1)
    counts = usage_of(state)
    tricks = Counter(t.rule for t in state.tricks)  # type: ignore[attr-defined]
    moves = Counter(type(a).__name__ for a in state.history)  # type: ignore[attr-defined]
    changes = Counter(c.rule for r in state.rounds for c in r.changes)  # type: ignore[attr-defined]
    assert {k[7:]: v for k, v in counts.items() if k.startswith("trick: ")} == dict(tricks)
    assert {k[6:]: v for k, v in counts.items() if k.startswith("move: ")} == dict(moves)
    assert {k[7:]: v for k, v in counts.items() if k.startswith("score: ")} == dict(changes)
    assert counts["end: WB-END-4"] == 1
    assert usage_rules(counts) >= set(tricks)
    assert digest_of(state) == digest_of(_first_moves(WB, WB.Rules(players=3), 1))
    assert digest_of(state) != digest_of(_first_moves(WB, WB.Rules(players=3), 2))


def test_labels_name_the_rule_for_people() -> None:
    assert label("trick: WB-TRICK-3") == "WB-TRICK-3 (No trump: the leader's colour) decided a trick"
    assert label("move: Play") == "Play moves made"
    assert label("score: WB-SCORE-1") == "WB-SCORE-1 (Points) scored"
    assert label("end: " + "Q" * 2 + "-NOPE-1").endswith(" ended a round")


def test_results_carry_usage_through_a_progress_file() -> None:
    r = play_one(WB, WB.Rules(players=3), 1, 0)
    state, forced = _replayed(r)
    assert {k: v for k, v in r.usage.items() if not k.startswith("forced: ")} == usage_of(state)
    assert {k: v for k, v in r.usage.items() if k.startswith("forced: ")} == forced and forced
    # scores changed after every trick (WB-SCORE-1) and every replacement of the trump (WB-TRUMP-1)
    assert r.play == play_figures(state) and r.events == 18 + r.stats["replacements"] == 27
    run, game, back = result_from_json(result_to_json("printed", WB.slug, r))
    assert (run, game) == ("printed", WB.slug) and back == r
    data = result_to_json("printed", WB.slug, r)
    del data["usage"], data["digest"], data["play"], data["events"]  # a file written before they existed
    old = result_from_json(data)[2]
    assert (old.usage, old.play, old.events) == ({}, {}, -1)


def _replayed(r: object) -> tuple[object, dict[str, int]]:
    """Game 0 of a run seeded 1 played again, with its moves made with no choice counted by kind."""
    import random

    from rulebook.balance.players import heuristic_player

    rng = random.Random("rulebook-sim:1:0")
    state = WB.new_game(WB.Rules(players=3), seed=rng.getrandbits(63))
    forced: Counter[str] = Counter()
    while not state.is_terminal:
        action = heuristic_player(state, rng)
        if len(state.legal_actions()) == 1:
            forced[f"forced: {type(action).__name__}"] += 1
        state = state.apply(action)
    return state, dict(forced)


def test_the_table_marks_what_changed_and_the_warnings_fire() -> None:
    base = simulate(WB, WB.Rules(players=3), games=60, seed=2)
    strict = simulate(WB, resolve(WB, sets=["must_follow=true", "players=3"]), games=60, seed=2)
    rows = {name: (a, b, moved) for name, a, b, moved in usage_table(base, strict)}
    assert rows["Play moves made"] == (base.usage["move: Play"], strict.usage["move: Play"], False)
    assert any(moved for *_, moved in rows.values())  # following changes which rule decides tricks
    assert list(rows)[-1].endswith("moves made")  # rules first, then moves
    assert warnings(base, strict) == []
    same = warnings(base, base)
    assert same == ["both sides played the same games move for move, with the same results: the change never "
                    "came into play"]


def test_a_change_that_never_comes_into_play_is_named() -> None:
    """Red is trump only with four humans: at five players red_trump=false changes nothing."""
    printed = simulate(GH, GH.Rules(players=5), games=20, seed=1)
    variant = resolve(GH, sets=["red_trump=false", "players=5"])
    other = simulate(GH, variant, games=20, seed=1)
    texts = warnings(printed, other, variant)
    assert texts[0] == ("both sides played the same games move for move, with the same results: the change never "
                        "came into play")


def test_the_report_carries_the_usage_table_and_the_warnings(tmp_path: object) -> None:
    import pytest

    pytest.importorskip("matplotlib")
    from rulebook.balance.report import html_report
    from rulebook.balance.simulate import compare

    base = simulate(WB, WB.Rules(players=3), games=20, seed=2)
    strict = simulate(WB, resolve(WB, sets=["must_follow=true", "players=3"]), games=20, seed=2)
    page = html_report(WB, {"printed": base, "strict": strict}, diffs=compare(base, strict),
                       notes=["every seat tied every game"])
    assert "<b>Read with care.</b><ul><li>Every seat tied every game.</li></ul>" in page
    section = page[page.index("<h2>What each rule did</h2>"):]
    assert "<td>Play moves made</td>" in section and "<td>WB-TRICK-3 (No trump: the leader&#x27;s colour)" in section


def test_labels_of_forced_moves() -> None:
    assert label("forced: Play") == "Play moves made with no choice"
    assert usage_rules({"forced: Play": 3, "move: Play": 5, "trick: WB-TRICK-1": 1}) == {"WB-TRICK-1"}


def test_the_rules_that_stopped_firing_are_named() -> None:
    """Without replacing the trump, the rule-aware players' replacements fall to none, and the rule with them."""
    base = simulate(WB, WB.Rules(players=3), games=20, seed=2)
    none = simulate(WB, resolve(WB, sets=["trump_replacement=false", "players=3"]), games=20, seed=2)
    assert base.usage["move: Replace"] > 0 and "move: Replace" not in none.usage
    assert fired_changes(base, none, "no replacing") == [
        "rules that stopped firing under no replacing: WB-TRUMP-1 (The winner may replace the trump)",
        "moves no longer made under no replacing: Keep, Replace",
    ]
    assert fired_changes(none, base, "the printed rules") == [
        "rules that fire only under the printed rules: WB-TRUMP-1 (The winner may replace the trump)",
        "moves made only under the printed rules: Keep, Replace",
    ]
    assert fired_changes(base, base) == []


def test_usage_rows_set_every_side_beside_the_first() -> None:
    base = simulate(WB, WB.Rules(players=3), games=20, seed=2)
    strict = simulate(WB, resolve(WB, sets=["must_follow=true", "players=3"]), games=20, seed=2)
    none = simulate(WB, resolve(WB, sets=["trump_replacement=false", "players=3"]), games=20, seed=2)
    rows = {name: (values, moved) for name, values, moved in usage_rows(base, [strict, none])}
    assert rows["Replace moves made"] == ((base.usage["move: Replace"], strict.usage["move: Replace"], 0.0), True)
    assert rows["WB-END-4 (Playing out the hands) ended a round"] == ((1.0, 1.0, 1.0), False)
    names = list(rows)
    assert names.index("Play moves made") + 1 == names.index("Play moves made with no choice")
    assert usage_table(base, strict) == [(n, v[0], v[1], m) for n, v, m in usage_rows(base, [strict])]


def test_warnings_name_undefined_figures_and_check_options_against_the_reference() -> None:
    from rulebook.balance.simulate import GameResult, summarise

    short = summarise([GameResult(i, 4, (1, 0), frozenset({0}), {}, events=2) for i in range(3)], 2)
    long = summarise([GameResult(i, 4, (1, 0), frozenset({0}), {}, events=3) for i in range(3)], 2)
    assert short.comebacks is None and long.comebacks == 0.0
    assert "under the variant no game had the 3 scoring events a comeback needs: comebacks are undefined (n/a)" in (
        warnings(long, short))
    # against another variant, only the options the two sides set differently are checked
    strict = resolve(WB, sets=["must_follow=true", "players=3"])
    both = resolve(WB, sets=["must_follow=true", "trump_replacement=false", "players=3"])
    a = simulate(WB, strict, games=10, seed=1)
    b = simulate(WB, both, games=10, seed=1)
    assert warnings(a, b, both, reference=strict) == []


def test_a_rule_the_players_do_not_read_is_told_apart_from_one_that_never_came_into_play() -> None:
    """Two points to each player per round (a ``round_points`` hook): the same moves (the rule-aware
    player does not see hooks) but other scores. The warning says the players did not react, never
    that the change never came into play, and names the search players to use instead."""
    from rulebook.variants.variant import Variant
    from tests.test_hooks import two_points_per_round

    base = simulate(WB, Variant(WB, WB.Rules(players=2)), games=40, seed=3)
    other = simulate(WB, Variant(WB, WB.Rules(players=2), round_points=two_points_per_round), games=40, seed=3)
    assert base.digests == other.digests  # the same moves in every game
    assert base.outcomes != other.outcomes  # but not the same scores
    texts = warnings(base, other)
    assert texts[0] == (
        "the players did not change a single move: they do not read this rule, so the differences below are the "
        "rule's arithmetic only; to see how players react to it, compare with search players "
        "(--players-as ismcts,ismcts)")
    assert not any("never came into play" in t for t in texts)


def test_the_same_moves_warning_does_not_fire_when_the_players_react() -> None:
    """must_follow changes the moves of most games: no same-moves warning of any kind."""
    base = simulate(WB, WB.Rules(players=4), games=30, seed=5)
    strict = simulate(WB, resolve(WB, sets=["must_follow=true", "players=4"]), games=30, seed=5)
    assert not any("move for move" in t or "single move" in t for t in warnings(base, strict))


def test_a_negligible_difference_is_never_highlighted_whatever_its_p_value() -> None:
    """Issue 34: 'actions per game 69.000 -> 68.979' over 2,000 games is beyond noise (p < 0.01)
    but 0.03% of the figure: not significant, not highlighted; a 3-move change is."""
    from rulebook.balance.figures import compare
    from rulebook.balance.simulate import GameResult, summarise

    def run(lengths: list[int]) -> Summary:
        return summarise([GameResult(i, n, (1, 0), frozenset({0}), {}) for i, n in enumerate(lengths)], 2)

    base = run([69] * 2000)
    near = run([69] * 1986 + [66] * 14)
    far = run([66] * 2000)
    row = next(d for d in compare(base, near) if d.metric == "actions per game")
    assert row.p_adjusted is not None and row.p_adjusted < 0.01
    assert not row.large and not row.significant
    row = next(d for d in compare(base, far) if d.metric == "actions per game")
    assert row.large and row.significant


def _lord_leftmost(view: object, legal: tuple[object, ...]) -> object:
    return legal[0]


def test_lords_under_a_seat_policy_or_a_function_count_under_ut_lord_8() -> None:
    """UT-LORD-8: an NPC that plays by ``highest``, ``random`` or a variant's function plays every card under
    UT-LORD-8; one under a conduct rule keeps UT-LORD-1..7 (exact counts of seeded games, 2 players: the lord
    and the young lord play 45 cards each)."""
    ut = rulebook.get_game("utsuke")

    def npc_counts(npcs: dict[str, object], players: int = 2) -> dict[str, int]:
        from rulebook.variants.variant import Variant

        state = _first_moves_of(Variant(ut, ut.Rules(players=players), npcs=npcs), 3)
        return {k: v for k, v in usage_of(state).items() if k.startswith("npc: ")}

    for policy in ("random", "highest", _lord_leftmost):  # the young lord copies the lord (same)
        assert npc_counts({"lord": policy}) == {"npc: UT-LORD-8": 90}
        assert npc_counts({"lord": policy}, 3) == {"npc: UT-LORD-8": 45}
    assert npc_counts({"lord": "random", "young lord": "printed"}) == {
        "npc: UT-LORD-8": 45, "npc: UT-LORD-2": 24, "npc: UT-LORD-3": 11, "npc: UT-LORD-4": 10}
    assert npc_counts({"lord": _lord_leftmost, "young lord": "lowest"}) == {
        "npc: UT-LORD-8": 45, "npc: UT-LORD-6": 24, "npc: UT-LORD-3": 6, "npc: UT-LORD-4": 15}
    assert npc_counts({"young lord": _lord_leftmost}) == {
        "npc: UT-LORD-8": 45, "npc: UT-LORD-1": 3, "npc: UT-LORD-2": 16, "npc: UT-LORD-3": 4, "npc: UT-LORD-4": 22}
    assert npc_counts({}) == {"npc: UT-LORD-1": 3, "npc: UT-LORD-2": 47, "npc: UT-LORD-3": 17, "npc: UT-LORD-4": 23}


def _first_moves_of(variant: object, seed: int) -> object:
    state = variant.new_game(seed=seed)  # type: ignore[attr-defined]
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    return state
