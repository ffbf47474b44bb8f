"""``rulebook tune``'s parts (issue 42): the space, the target, the intervals, the front, the variant files.

The searches themselves, which play games, are in ``tests/test_tune_cli.py`` (slow)."""

from __future__ import annotations

import math

import pytest

import rulebook
from rulebook.balance.simulate import GameResult
from rulebook.balance.tune_space import SpaceError, candidate, changes_in_words, parse_space
from rulebook.balance.tune_target import Estimate, TargetError, estimate, parse_goal, parse_target

pytest.importorskip("optuna")

WB = rulebook.get_game("witches-of-blackmore")
GH = rulebook.get_game("gods-and-humans")


def test_space_dimensions() -> None:
    space = parse_space(WB, ["hand_size=4..8", "first_leader=1..3", "must_follow", "wheel=descending,ascending",
                             "colours@3=R,B,G,Y,P|R,B,G,Y,P,O"])
    kinds = [(d.name, d.kind, d.values()) for d in space.dimensions]
    assert kinds[0] == ("hand_size", "int", (4, 5, 6, 7, 8))
    assert kinds[1] == ("first_leader", "choice", (0, 1, 2))  # seats from 1 on the command line, 0-based inside
    assert kinds[2] == ("must_follow", "choice", (False, True))
    assert kinds[3] == ("wheel", "choice", ("descending", "ascending"))
    assert kinds[4][:2] == ("colours@3", "choice") and space.dimensions[4].texts == ("R,B,G,Y,P", "R,B,G,Y,P,O")
    assert space.size() == 5 * 3 * 2 * 2 * 2
    assert space.describe()[1] == "first_leader=1,2,3"


def test_space_items_and_rulesets() -> None:
    space = parse_space(GH, ["stars[6]=1..3", "ruleset"])
    values = {"stars[6]": 3, "ruleset": "printed"}
    v = candidate(GH, space, values, players=5)
    assert v.rules.stars == (1, 1, 1, 1, 1, 3)
    assert changes_in_words(GH, v, space, values) == ["stars 1,1,1,1,1,3 (printed: 1,1,1,1,1,1)"]


def test_candidate_per_count_value() -> None:
    space = parse_space(WB, ["hand_size@3=4..5"])
    v = candidate(WB, space, {"hand_size@3": 4}, players=3)
    assert v.rules.hand_size == 4 and v.at(4).rules.hand_size == 6


@pytest.mark.parametrize(("items", "field", "words"), [
    (["hand_sise=4..8"], "space.hand_sise", "unknown option"),
    (["hand_size=8..4"], "space.hand_size", "must run upwards"),
    (["players=3..5"], "space.players", "the search's own"),
    (["wheel=descending"], "space.wheel", "two values at least"),
    (["wheel=sideways,ascending"], "space.wheel", "sideways"),
    (["must_follow=true,true"], "space.must_follow", "named twice"),
    (["ruleset=printed,nope"], "space.ruleset", "not a ruleset"),
    (["hand_size[2]=1..3"], "space.hand_size[2]", "list of whole numbers"),
    (["hand_size=4..8", "hand_size=5..6"], "space.hand_size", "named twice"),
    (["hand_size=4..8", "hand_size@3=5..6"], "space.hand_size@3", "as hand_size does too"),
    ([], "space", "at least one"),
])
def test_space_errors_name_the_field(items: list[str], field: str, words: str) -> None:
    with pytest.raises(SpaceError) as info:
        parse_space(WB, items)
    assert info.value.field == field
    assert words in str(info.value)
    assert "\n" not in str(info.value)


def test_free_values_need_a_build_function() -> None:
    with pytest.raises(SpaceError, match="needs a build function"):
        parse_space(WB, ["bonus=0..5"])
    space = parse_space(WB, ["bonus=0..5", "weight=0.5..2.0", "mode=a,b"], build=lambda v, values: v)
    assert [d.kind for d in space.dimensions] == ["int", "float", "choice"]
    assert math.isinf(space.size())


def test_goals() -> None:
    g = parse_goal(WB, "spread <= 3 pt", players=3)
    assert (g.measure.key, g.op, g.value, g.direction) == ("spread", "<=", 0.03, "minimize")
    g = parse_goal(WB, "seat 1 >= 30%", players=3)
    assert (g.measure.seat, g.op, g.value, g.direction) == (0, ">=", 0.3, "maximize")
    g = parse_goal(GH, "role:lone human = fair ± 5", players=5)
    assert (g.op, g.value, g.tolerance) == ("within", 0.2, 0.05)
    assert g.excess(0.27) == pytest.approx(0.02) and g.excess(0.22) < 0
    g = parse_goal(WB, "moves <= printed", players=3)
    assert g.keyword == "printed" and g.resolved(71.0).value == 71.0
    g = parse_goal(GH, "lead ~ 2", players=5)
    assert (g.op, g.value, g.objective(2.5)) == ("near", 2.0, 0.5)
    assert parse_goal(GH, "maximise stronger", players=5).direction == "maximize"
    assert parse_goal(GH, "minimize deal length", players=5).measure.key == "round length"


@pytest.mark.parametrize(("text", "field", "words"), [
    ("spred <= 3", "target.spred", "unknown measure"),
    ("seat 4 >= 30", "target.seat4", "seats count from 1 to 3"),
    ("moves <= 3%", "target.moves", "no rate"),
    ("rounds <= 3", "target.rounds", "one round"),
    ("spread = 3", "target.spread", "tolerance"),
    ("spread <= lots", "target.spread", "expected a number"),
    ("moves >= fair", "target.moves", "win rate"),
    ("fairer please", "target", "expected a bound"),
])
def test_goal_errors_name_the_field(text: str, field: str, words: str) -> None:
    with pytest.raises(TargetError) as info:
        parse_goal(WB, text, players=3)
    assert info.value.field == field
    assert words in str(info.value)


def test_target_refuses_a_goal_twice() -> None:
    with pytest.raises(TargetError, match="named twice"):
        parse_target(WB, ["spread <= 3", "spread <= 4"], players=3)


def _games(winners: list[set[int]]) -> list[GameResult]:
    return [GameResult(i, 10 + i % 3, (0, 0, 0), frozenset(w), {}) for i, w in enumerate(winners)]


def test_intervals() -> None:
    games = _games([{0}] * 50 + [{1}] * 30 + [{2}] * 20)
    seat = estimate(parse_goal(WB, "seat 1 >= 30", players=3).measure, games, 3)
    assert seat is not None
    assert (seat.value, round(seat.low, 4), round(seat.high, 4)) == (0.5, 0.4038, 0.5962)  # Wilson's
    spread = estimate(parse_goal(WB, "spread <= 3", players=3).measure, games, 3)
    assert spread is not None
    assert round(spread.value, 4) == 0.3 and 0.0 < spread.low < 0.3 < spread.high
    # seats that cannot be told apart: the interval reaches 0
    even = estimate(parse_goal(WB, "spread <= 3", players=3).measure, _games([{0}, {1}, {2}] * 10), 3)
    assert even is not None and (even.value, even.low) == (0.0, 0.0)
    moves = estimate(parse_goal(WB, "minimise moves", players=3).measure, games, 3)
    assert moves is not None and moves.value == pytest.approx(10.99) and moves.low < 10.99 < moves.high
    assert Estimate.from_json(moves.to_json()) == moves


def test_hopeless_and_optimistic() -> None:
    g = parse_goal(WB, "spread <= 3", players=3)
    assert g.hopeless(0.05, 0.2) and not g.hopeless(0.01, 0.2)
    w = parse_goal(GH, "role:lone human = 33 ± 5", players=5)
    assert w.hopeless(0.40, 0.5) and not w.hopeless(0.36, 0.5)
    assert w.optimistic(0.40, 0.5) == pytest.approx(0.07)


class _Pending:
    """A Dask future that never finishes (its worker is gone)."""

    def __init__(self) -> None:
        self.cancelled = False

    def done(self) -> bool:
        return self.cancelled

    def cancel(self) -> None:
        self.cancelled = True

    def result(self) -> None:
        raise AssertionError("a cancelled trial's result is never asked for")


class _NoWorkers:
    """A Dask client whose cluster has lost its workers: every trial submitted waits."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.futures: list[_Pending] = []

    def run(self, fn: object) -> None:
        return None

    def scheduler_info(self) -> dict[str, dict[str, object]]:
        info = {"workers": {f"w{i}": {} for i in range(self.workers)}}
        self.workers = 0  # the workers die once the trials are submitted
        return info

    def submit(self, *args: object, **kwargs: object) -> _Pending:
        future = _Pending()
        self.futures.append(future)
        return future


def test_a_dask_cluster_with_no_worker_left_stops_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search on a cluster whose workers died ends with an error naming --dask and --resume, and
    cancels its trials, instead of waiting for them forever."""
    from rulebook.balance import tune

    monkeypatch.setattr(tune, "NO_WORKER_SECONDS", 0.2)
    client = _NoWorkers(2)
    study = type("Study", (), {"_storage": None, "get_trials": lambda self, deepcopy: []})()
    objective = tune.Objective(None, (), workers=1)  # type: ignore[arg-type]
    with pytest.raises(rulebook.RulebookError, match=r"^--dask: the cluster has had no worker for 0.2 s, so the "
                       r"search stopped after 0 candidates; start workers and run it again with --resume$"):
        tune._optimize_on_dask(client, study, objective, None, 3, None, ())
    assert len(client.futures) == 2 and all(f.cancelled for f in client.futures)
