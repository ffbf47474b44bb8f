"""Turn order by a rule in Saru Tori Inu I (issue 32): who starts the next round of play and the next race.

ST-LOGIC-4, ST-RULING-23..25: a variant's ``leader`` hook or the named rules of a ``[turns]`` table
are obeyed in played games. The expected seat is computed here from the game's records only (each
round of play's :class:`PlacementRecord`: who played what strength in turn order; each race's
points), never from the engine's own fields.
"""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulebook
from rulebook.core.logic import Event, Logic
from rulebook.errors import InvalidRules
from rulebook.games.saru_tori_inu_i.rules import DECLARE_ANYONE, DECLARE_LAST, DECLARE_OFF
from rulebook.variants.variant import Variant, load_variant
from rulebook.variants.verify import verify

ROOT = Path(__file__).resolve().parents[1]
ST = rulebook.get_game("saru-tori-inu-i")
TRICK = ("winner", "left_of_winner", "leader", "lowest_score", "highest_score")
DECLARATIONS = (DECLARE_LAST, DECLARE_OFF, DECLARE_ANYONE)
ROUND = ("game", "lowest_score", "highest_score", "last_winner", "rotate", "same", "seat:1", "seat:3")


def _first_from(origin: int, n: int, seats: Any) -> int:
    """The first of ``seats`` clockwise from ``origin`` (origin included)."""
    return next(s % n for s in range(origin, origin + n) if s % n in seats)


def _by_score(scores: tuple[int, ...], origin: int, lowest: bool) -> int:
    best = min(scores) if lowest else max(scores)
    return _first_from(origin, len(scores), {s for s, v in enumerate(scores) if v == best})


def _lowest_play(record: Any) -> int:
    """ST-ROUND-2, ST-RULING-6, from a round's record: the last face-down player in turn order, else
    the seat that played or declared the lowest strength."""
    down = [seat for seat, strength, _cards in record.plays if strength < 0]
    if down:
        return down[-1]
    return min(record.plays, key=lambda p: p[1])[0]


def _played(variant: Variant, seed: int) -> Any:
    rng = random.Random(seed)
    state = variant.new_game(seed=seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _totals(state: Any, races: int) -> tuple[int, ...]:
    """Each seat's points of the first ``races`` races, from the races' records."""
    n = state.rules.players
    return tuple(sum(r.points[s] for r in state.rounds[:races]) for s in range(n))


def _trick_expected(rule: str, state: Any, record: Any, race_start: int) -> int:
    n = state.rules.players
    low = _lowest_play(record)
    scores = _totals(state, record.race)
    return {
        "winner": low, "left_of_winner": (low + 1) % n, "leader": race_start,
        "lowest_score": _by_score(scores, low, True), "highest_score": _by_score(scores, low, False),
    }[rule]


def _race_expected(rule: str, state: Any, race: int, start: int, last: Any) -> int:
    """Who starts race ``race + 1`` after race ``race`` (started by ``start``, its last round ``last``)."""
    n = state.rules.players
    printed = (state.rules.first_player + race + 1) % n  # ST-RULING-10
    if rule.startswith("seat:"):
        return int(rule[5:]) - 1
    scores = _totals(state, race + 1)
    return {
        "game": printed, "rotate": (start + 1) % n, "same": start, "last_winner": _lowest_play(last),
        "lowest_score": _by_score(scores, printed, True), "highest_score": _by_score(scores, printed, False),
    }[rule]


def _check_game(state: Any, trick_rule: str, round_rule: str) -> tuple[int, int]:
    """Every round of play and every race of a finished game started where the rules say."""
    n = state.rules.players
    records = state.placements
    rounds_checked = races_checked = 0
    race_start = records[0].plays[0][0]
    assert race_start == state.rules.first_player
    for prev, nxt in itertools.pairwise(records):
        seats = {seat for seat, _s, _c in nxt.plays}
        if nxt.race == prev.race:
            named = _trick_expected(trick_rule, state, prev, race_start)
            assert nxt.plays[0][0] == _first_from(named, n, seats), (trick_rule, prev.number)
            rounds_checked += 1
        else:
            named = _race_expected(round_rule, state, prev.race, race_start, prev)
            assert nxt.plays[0][0] == named and nxt.round == 0, (round_rule, prev.race)
            race_start = named
            races_checked += 1
    return rounds_checked, races_checked


@pytest.mark.parametrize("trick_rule,round_rule", list(zip(TRICK, ROUND[:5], strict=True))
                         + [("leader", "same"), ("left_of_winner", "seat:1"), ("winner", "seat:3")])
@pytest.mark.parametrize("players", [3, 4])
def test_named_rules_pick_every_start_of_a_round_of_play_and_a_race(trick_rule: str, round_rule: str,
                                                                     players: int) -> None:
    """ST-LOGIC-4, ST-RULING-23, ST-RULING-25: after every round of play that does not end the race,
    the next is started by the seat the trick rule names (or the next seat with cards, ST-RULING-9);
    after every race, the next is started by the seat the round rule names."""
    variant = Variant(ST, ST.Rules(players=players), turns={"trick": trick_rule, "round": round_rule})
    rounds = races = 0
    for seed in range(3):
        a, b = _check_game(_played(variant, seed), trick_rule, round_rule)
        rounds, races = rounds + a, races + b
    assert rounds > 40 and races >= 2 * (players - 1)


def test_the_rules_differ_from_the_printed_game_in_played_games() -> None:
    """The checks above are not vacuous: each named rule other than the printed ones starts some round
    or race elsewhere than the printed game would."""
    plain = _played(Variant(ST, ST.Rules(players=4)), 0)
    starts = [r.plays[0][0] for r in plain.placements]
    for trick_rule, round_rule in (("left_of_winner", "rotate"), ("leader", "same"), ("lowest_score", "seat:3"),
                                   ("highest_score", "last_winner")):
        state = _played(Variant(ST, ST.Rules(players=4), turns={"trick": trick_rule, "round": round_rule}), 0)
        assert [r.plays[0][0] for r in state.placements] != starts, trick_rule


def test_leader_keeps_the_race_start_player_for_every_round() -> None:
    """ST-LOGIC-4: with ``leader`` and ``seat:2`` every round of play of every race after the first is
    started by seat 2 (or the next seat with cards)."""
    variant = Variant(ST, ST.Rules(players=3), turns={"trick": "leader", "round": "seat:2"})
    state = _played(variant, 4)
    later = [r for r in state.placements if r.race > 0]
    assert later and all(r.plays[0][0] == _first_from(1, 3, {s for s, _x, _c in r.plays}) for r in later)
    assert sum(r.plays[0][0] == 1 for r in later) == len(later)


def test_example_file_lowest_total_starts_is_obeyed_and_verified() -> None:
    """ST-LOGIC-4: docs/examples/saru_lowest_starts.toml is played faithfully and passes verify
    (the twin-world leak check included)."""
    variant = load_variant(None, str(ROOT / "docs/examples/saru_lowest_starts.toml"))
    assert variant.describe()["turns"] == {"trick": "winner", "round": "lowest_score"}
    races = 0
    for seed in range(3):
        races += _check_game(_played(variant, seed), "winner", "lowest_score")[1]
    assert races >= 6
    report = verify(ST, variant, examples=10, seed=5, boundary_every=4)
    assert report.ok, report


# -- the Python hook -------------------------------------------------------------------------


def after_the_starter(event: Event) -> int | None:
    """Round of play: the seat after the one that started the round just played; race: seat 2."""
    if event.kind == "trick":
        return (event.record.leader + 1) % event.state.rules.players
    return 1


def test_the_python_leader_hook_is_obeyed() -> None:
    """ST-LOGIC-4: Variant(..., leader=fn): each round of play after the first of its race is started
    by the seat after the previous round's start player; every race after the first by seat 2."""
    variant = Variant(ST, ST.Rules(players=4), leader=after_the_starter)
    assert variant.rules.logic.leader is not None and not variant.rules.logic.printed
    assert "leader" in variant.describe()["hooks"]
    state = _played(variant, 2)
    checked = 0
    records = state.placements
    for prev, nxt in itertools.pairwise(records):
        if nxt.race == prev.race:
            expected = _first_from((prev.plays[0][0] + 1) % 4, 4, {s for s, _x, _c in nxt.plays})
            assert nxt.plays[0][0] == expected
            checked += 1
        else:
            assert nxt.plays[0][0] == 1
    assert checked >= 15


def test_a_leader_hook_that_names_no_seat_breaks_the_contract() -> None:
    """contract:leader: verify reports a seat out of range as that check."""
    variant = Variant(ST, ST.Rules(players=3), leader=lambda event: 3, source="mine.py")
    report = verify(ST, variant, examples=2, seed=0)
    assert not report.ok and report.failure is not None and report.failure.check == "contract:leader"


# -- refusals --------------------------------------------------------------------------------


@pytest.mark.parametrize("turns,field,words", [
    ({"trick": "loser"}, "turns.trick", "saru-tori-inu-i has no meaning for 'loser' here; expected winner or "
                                        "left_of_winner or leader or lowest_score or highest_score"),
    ({"trick": "last_winner"}, "turns.trick", "'last_winner' is not a rule"),
    ({"round": "seat:5"}, "turns.round", "no seat 5 with 4 players"),
    ({"round": "winner"}, "turns.round", "'winner' is not a rule"),
])
def test_refuses_rules_without_a_meaning_naming_the_field(turns: dict[str, Any], field: str, words: str) -> None:
    """ST-RULING-24: ``loser`` is refused; every value is checked and the error names its field."""
    with pytest.raises(InvalidRules) as err:
        Variant(ST, ST.Rules(players=4), turns=turns)
    assert err.value.field == field and words in str(err.value)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulebook", *args], capture_output=True, text=True, cwd=os.getcwd(),
                          timeout=120)


@pytest.mark.parametrize("table,words", [('trick = "loser"', "turns.trick"), ('round = "seat:7"', "no seat 7")])
def test_the_cli_refuses_bad_turn_rules_in_one_line(tmp_path: Path, table: str, words: str) -> None:
    path = tmp_path / "turns.toml"
    path.write_text(f'game = "saru-tori-inu-i"\n\n[turns]\n{table}\n', encoding="utf-8")
    done = _cli("simulate", "saru-tori-inu-i", "--variant", str(path), "--games", "2")
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0] and "Traceback" not in done.stderr, done.stderr


def test_options_lists_the_turn_rules_the_game_takes() -> None:
    import json

    turns = json.loads(_cli("options", "saru-tori-inu-i", "--json").stdout)["logic"]["turns"]
    assert turns == {"trick": list(TRICK), "round": ["game", "lowest_score", "highest_score", "last_winner",
                                                     "rotate", "same", "seat:N"]}


# -- the printed path ------------------------------------------------------------------------


@pytest.mark.parametrize("turns", [{"trick": "winner"}, {"round": "game"}, {"trick": "winner", "round": "game"}])
def test_the_printed_rules_named_give_the_same_games_move_for_move(turns: dict[str, str]) -> None:
    """ST-RULING-23: naming the printed rules (the general path) and a Logic whose leader is None (the
    printed path) play the same games as the printed game, move for move."""
    named = Variant(ST, ST.Rules(), turns=turns)
    plain = ST.Rules(logic=Logic(leader=None))
    assert plain == ST.Rules() and not named.rules.logic.printed
    for seed in range(3):
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        a, b = named.new_game(seed=seed), ST.new_game(plain, seed=seed)
        while not b.is_terminal:
            assert a.legal_actions() == b.legal_actions() and a.current_player == b.current_player
            a, b = a.apply(rng_a.choice(a.legal_actions())), b.apply(rng_b.choice(b.legal_actions()))
        assert a.is_terminal and a.scores == b.scores and a.history == b.history and a.board == b.board


# -- properties ------------------------------------------------------------------------------


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.nested_given])
@given(seed=st.integers(0, 10**6), trick=st.sampled_from(TRICK), rnd=st.sampled_from(ROUND),
       players=st.sampled_from([3, 4]), declaration=st.sampled_from(DECLARATIONS),
       forced_road=st.sampled_from(["last_card", "last_take", "off"]), first_player=st.integers(0, 2))
def test_random_rules_and_turn_rules_keep_the_invariants(seed: int, trick: str, rnd: str, players: int,
                                                         declaration: str, forced_road: str,
                                                         first_player: int) -> None:
    """ST-LOGIC-4: random options with random named rules: verify's checks hold (the game ends, the
    scores are consistent, the twin-world check finds no leak)."""
    rules = ST.Rules(players=players, declaration=declaration, forced_road=forced_road, first_player=first_player)
    variant = Variant(ST, rules, turns={"trick": trick, "round": rnd}, players_fixed=True)
    report = verify(ST, variant, examples=2, seed=seed, boundary_every=3)
    assert report.ok, report
