"""Partnerships win as pairs: team figures, and outcome figures on the unit that wins (issue 34, item 4)."""

from __future__ import annotations

import rulebook
from rulebook.balance.figures import compare, unit_warnings
from rulebook.balance.report import plain_summary
from rulebook.balance.simulate import play_one, simulate, teams_of
from rulebook.variants.variant import Variant, resolve

WB = rulebook.get_game("witches-of-blackmore")
SP = rulebook.get_game("seven-prophecies")


def test_the_teams_of_each_game() -> None:
    """WB-SCORE-4: seat s with seat s + players/2; SP-END-7: seats 1 and 3 against 2 and 4."""
    assert teams_of(Variant(WB, WB.Rules(players=4, teams=True))) == (0, 1, 0, 1)
    assert teams_of(Variant(SP, SP.Rules(partners=True))) == (0, 1, 0, 1)
    assert teams_of(Variant(WB, WB.Rules(players=4))) is None


def test_a_pair_that_wins_is_one_winner_not_a_shared_win() -> None:
    teams = Variant(WB, WB.Rules(players=4, teams=True))
    r = play_one(WB, teams, 2, 0)
    assert len(r.winners) == 2 and {s % 2 for s in r.winners} == {min(r.winners) % 2}
    won = "+".join(str(s + 1) for s in sorted(r.winners))
    other = "2+4" if won == "1+3" else "1+3"
    assert r.play[f"team: {won}: wins"] == 1.0 and r.play[f"team: {other}: wins"] == 0.0
    assert r.play[f"team: {won}: points"] == sum(r.scores[s] for s in r.winners)
    s = simulate(WB, teams, games=20, seed=4)
    assert s.shared_wins == 0.0  # the pairs' combined totals never tied in these 20 games
    assert s.win_rate[0] == s.win_rate[2] and s.win_rate[1] == s.win_rate[3]


def test_seat_figures_are_not_compared_with_pairs_and_the_summary_names_the_pairs() -> None:
    base = simulate(WB, WB.Rules(players=4), games=20, seed=4)
    teams = simulate(WB, resolve(WB, sets=["teams=true", "players=4"]), games=20, seed=4)
    rows = {d.metric: d for d in compare(base, teams)}
    for key in ("seat 0 win rate", "shared wins", "comebacks", "lead changes per game"):
        assert rows[key].note == "different units" and not rows[key].significant, key
    assert rows["team: 1+3: wins"].note == "not defined"
    assert rows["seat 0 mean score"].note == ""  # each seat still scores its own points
    assert unit_warnings({"printed rules": base, "teams=true": teams}) == [
        "teams=true played in partnerships, which win as pairs: seat win rates, shared wins, comebacks and lead "
        "changes count pairs there and are not compared; the team rows show the pairs"]
    text = plain_summary({"printed rules": base, "teams=true": teams})[1]
    rate = teams.play["team: 1+3: wins"]
    assert f"the pairs win together: seats 1 and 3 win {rate:.1%}; seats 2 and 4 win {1 - rate:.1%}" in text
    assert "100.0% of games end in a shared win" not in text


def test_a_points_table_change_is_another_scale_compared_scale_free() -> None:
    """``points=1,...``: the score rows count points of another table, so they are not compared
    (flagged in a warning); the margin as a share of the top score and the win rates are."""
    base = simulate(WB, WB.Rules(players=4), games=30, seed=4)
    counted = simulate(WB, resolve(WB, sets=["points=1,1,1,1,1,1,1,1,1", "players=4"]), games=30, seed=4)
    assert counted.score_unit == "points, other table"
    rows = {d.metric: d for d in compare(base, counted)}
    for key in ("seat 0 mean score", "mean top_score", "mean score_margin"):
        assert rows[key].note == "different units" and rows[key].p_value is None, key
    for key in ("mean margin_share", "seat 0 win rate"):
        assert rows[key].note == "" and rows[key].p_value is not None, key
    assert rows["mean margin_share"].group == "outcomes" and rows["mean margin_share"].kind == "share"
    assert unit_warnings({"printed rules": base, "points=1,...": counted}) == [
        "the sides count scores in different units (points (printed rules), points, other table (points=1,...)): "
        "the score rows are not compared"]


def test_npc_conduct_has_rows_in_what_each_rule_did() -> None:
    """UT-LORD-2 and UT-LORD-6: the lord follows with its highest card of the suit led, or under
    'gentle-lord' its lowest; every NPC card counts under one conduct rule."""
    from rulebook.balance.usage import usage_of
    from rulebook.balance.usage_compare import fired_changes, usage_rows

    ut = rulebook.get_game("utsuke")
    state = ut.new_game(ut.Rules(players=2), seed=1)
    import random

    rng = random.Random(1)
    while not state.is_terminal:
        state = state.apply(ut.heuristic_action(state, rng))
    counts = usage_of(state)
    npc_cards = sum(1 for t in state.tricks for who, _card in t.plays if isinstance(who, str))
    assert sum(v for k, v in counts.items() if k.startswith("npc: ")) == npc_cards
    assert counts["npc: UT-LORD-1"] == len(state.rounds)  # the lord leads every round
    base = simulate(ut, ut.Rules(players=3), games=10, seed=2)
    gentle = simulate(ut, resolve(ut, ruleset="gentle-lord", players=3), games=10, seed=2)
    labels = {name for name, _values, _moved in usage_rows(base, [gentle])}
    assert any(name.startswith("UT-LORD-6") and name.endswith("chose an NPC's card") for name in labels)
    assert any("UT-LORD-2" in line for line in fired_changes(base, gentle, "gentle-lord"))
