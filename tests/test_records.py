"""Records: save as JSON, replay, and reject tampered or truncated records (every game)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import rulebook
from rulebook.reference import records

SLUGS = list(rulebook.GAMES)


def finished(slug: str, seed: int = 1) -> Any:
    game = rulebook.get_game(slug)
    state = game.new_game(game.Rules(), seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("slug", SLUGS)
def test_round_trip_through_a_file(slug: str, tmp_path: Path) -> None:
    state = finished(slug)
    path = records.save(state, tmp_path / "game.json")
    record = records.load(path)
    assert record.game == slug and len(record.actions) == len(state.history)
    states = list(records.iter_states(record))
    assert states[-1] == state and len(states) == len(state.history) + 1
    assert records.replay(record, complete=True) == state


@pytest.mark.parametrize("slug", SLUGS)
def test_explicit_deals_replay(slug: str) -> None:
    game = rulebook.get_game(slug)
    rules = game.Rules()
    deal = game.random_deal(rules, random.Random(3), 0)
    state = game.new_game(rules, deals=[deal])
    for _ in range(5):
        state = state.apply(state.legal_actions()[0])
    record = records.loads(records.dumps(state))
    assert record.deals == (deal,)
    assert records.replay(record) == state


@pytest.mark.parametrize("slug", SLUGS)
def test_tampered_action_names_the_first_bad_action(slug: str) -> None:
    state = finished(slug)
    data = json.loads(records.dumps(state))
    bad = len(data["actions"]) // 2
    legal = set(map(str, records.replay(records.Record(
        data["game"], data["rules"], data["seed"], (), tuple(data["actions"][:bad])
    )).legal_actions()))
    game = rulebook.get_game(slug)
    table = [str(a) for a in game.action_table(game.Rules())]
    data["actions"][bad] = next(t for t in table if t not in legal)
    with pytest.raises(rulebook.InvalidRecord, match=f"action #{bad}") as info:
        records.replay(records.loads(json.dumps(data)))
    assert info.value.index == bad


@pytest.mark.parametrize("slug", SLUGS)
def test_truncated_record_is_rejected_when_complete_is_required(slug: str) -> None:
    data = json.loads(records.dumps(finished(slug)))
    data["actions"] = data["actions"][:-1]
    partial = records.loads(json.dumps(data))
    assert not records.replay(partial).is_terminal
    with pytest.raises(rulebook.InvalidRecord, match="truncated"):
        records.replay(partial, complete=True)


def test_extra_action_after_the_end_is_rejected() -> None:
    data = json.loads(records.dumps(finished("witches-of-blackmore")))
    n = len(data["actions"])
    data["actions"].append(data["actions"][-1])
    with pytest.raises(rulebook.InvalidRecord, match=f"action #{n}.*after the end"):
        records.replay(records.loads(json.dumps(data)))


def test_unparsable_action_text() -> None:
    data = json.loads(records.dumps(finished("witches-of-blackmore")))
    data["actions"][3] = "dance"
    with pytest.raises(rulebook.InvalidRecord, match="action #3"):
        records.replay(records.loads(json.dumps(data)))


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda d: d.pop("game"), "no 'game'"),
        (lambda d: d.update(format="other/9"), "unknown record format"),
        (lambda d: d.update(actions="play R1"), "actions"),
        (lambda d: d.update(deals=[[1, 2, "x"]]), "deals"),
        (lambda d: d.update(seed="7"), "seed"),
        (lambda d: d.update(game="chess"), "unknown game"),
        (lambda d: d["rules"].update(players=99), "bad rules.*players"),
        (lambda d: d["rules"].update(colour="red"), "bad rules.*colour"),
        (lambda d: d.update(deals=[[0, 1, 2]]), "bad deals"),
    ],
)
def test_malformed_headers(mutate: Any, message: str) -> None:
    data = json.loads(records.dumps(finished("witches-of-blackmore")))
    mutate(data)
    with pytest.raises(rulebook.RulebookError, match=message):
        records.replay(records.loads(json.dumps(data)))


def test_not_json() -> None:
    with pytest.raises(rulebook.InvalidRecord, match="not valid JSON"):
        records.loads("{")
    with pytest.raises(rulebook.InvalidRecord, match="JSON object"):
        records.loads("[]")


def test_an_unknown_record_field_is_named_with_the_known_ones() -> None:
    data = json.loads(records.dumps(rulebook.get_game("utsuke").new_game(seed=1)))
    data["rulse"] = {}
    with pytest.raises(rulebook.InvalidRecord) as info:
        records.loads(json.dumps(data))
    assert str(info.value) == (
        "unknown record field 'rulse' (a rulebook-record/1 record has: format, game, rules, seed, deals, actions, meta)"
    )



# -- record types (issue 33: the records a hook receives have a version and name a missing field) --


def test_a_missing_field_of_a_trick_record_is_named_with_the_type_version_and_fields() -> None:
    from rulebook.core.history import TrickRecord

    trick = TrickRecord(number=0, round=0, leader=1, plays=((1, 5), (0, 7)), winner=0, rule="WB-TRICK-2")
    with pytest.raises(AttributeError) as info:
        trick.cardz  # noqa: B018
    assert str(info.value) == (
        "TrickRecord (record version 1) has no field 'cardz'; its fields: number, round, leader, plays, winner, rule"
    )
    assert trick.cards == (5, 7)  # properties and fields are read as before
    assert not hasattr(trick, "cardz") and getattr(trick, "cardz", "none") == "none"


def test_round_records_and_score_changes_are_versioned_records() -> None:
    from rulebook.core.history import RoundRecord, ScoreChange, TrickRecord, VersionedRecord

    change = ScoreChange(0, 3, "captured cards", "WB-SCORE-1")
    rnd = RoundRecord(0, (3, 0), (change,), "the hands ran out", "WB-END-1")
    assert (TrickRecord.VERSION, RoundRecord.VERSION, ScoreChange.VERSION) == (1, 1, 1)
    assert isinstance(rnd, VersionedRecord) and isinstance(change, VersionedRecord)
    with pytest.raises(AttributeError, match=r"^RoundRecord \(record version 1\) has no field 'score'; its fields: "
                       r"number, points, changes, end, rule$"):
        rnd.score  # noqa: B018
    with pytest.raises(AttributeError, match=r"^ScoreChange \(record version 1\) has no field 'player'; its fields: "
                       r"seat, points, reason, rule$"):
        change.player  # noqa: B018
    # still slotted, frozen, hashable and picklable
    assert not hasattr(change, "__dict__")
    with pytest.raises(AttributeError):
        change.points = 4  # type: ignore[misc]
    import copy
    import pickle
    assert pickle.loads(pickle.dumps(rnd)) == rnd == copy.deepcopy(rnd)
    assert hash(rnd) == hash(RoundRecord(0, (3, 0), (change,), "the hands ran out", "WB-END-1"))


def test_a_newer_version_is_named_in_the_message() -> None:
    from typing import ClassVar

    import attrs

    from rulebook.core.history import VersionedRecord

    @attrs.frozen(slots=True)
    class Bid(VersionedRecord):
        VERSION: ClassVar[int] = 3
        seat: int
        value: int

    with pytest.raises(AttributeError, match=r"^Bid \(record version 3\) has no field 'amount'; its fields: "
                       r"seat, value$"):
        Bid(0, 2).amount  # noqa: B018
