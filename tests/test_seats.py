"""Seats that play by a rule (issue 32, item 4): rulebook/variants/seats.py.

The worked example is docs/examples/witches_dummy.toml: The Witches of Blackmore for three
players and a fourth hand, the dummy, that plays its highest legal card and never wins.
"""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path
from typing import Any

import pytest

import rulebook
from rulebook.cli.app import main
from rulebook.core.contract import Game
from rulebook.errors import InvalidRules, RulebookError
from rulebook.games.witches_of_blackmore.actions import Play
from rulebook.games.witches_of_blackmore.rules import DECK
from rulebook.reference import records
from rulebook.variants.hooks import HookedState, HookError
from rulebook.variants.seats import SeatRule
from rulebook.variants.variant import Variant, load_variant, resolve
from rulebook.variants.verify import Violation, play_checked, verify, walk

EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "witches_dummy.toml"


@pytest.fixture
def witches() -> Game:
    return rulebook.get_game("witches-of-blackmore")


def dummy(game: Game, policy: Any = "highest", score: bool = False) -> Variant:
    return Variant(game, game.Rules(players=4), name="dummy", seats={3: SeatRule(policy, score=score)})


def play(variant: Variant, seed: int, pick: int = 0) -> Any:
    """A game with every player's move the ``pick``-th legal one (the last when there are fewer)."""
    state = variant.new_game(seed=seed)
    while not state.is_terminal:
        assert state.current_player != 3  # the dummy is never asked
        legal = state.legal_actions()
        state = state.apply(legal[min(pick, len(legal) - 1)])
    return state


def engine_positions(state: Any) -> list[tuple[Any, Any]]:
    """Every (engine state, move made there) of a finished game, replayed from its record."""
    states = list(records.iter_states(records.loads(records.dumps(state))))
    return list(zip(states, state.history, strict=False))


def test_the_dummy_plays_its_highest_card_and_never_wins(witches: Game) -> None:
    v = load_variant(witches, str(EXAMPLE))
    assert v.rules.players == 4 and v.seats == ((3, SeatRule("highest", score=False)),)
    dummy_moves = 0
    for seed in range(6):
        state = play(v, seed, pick=seed)
        assert 3 not in state.winners and state.winners
        for before, move in engine_positions(state):
            if before.current_player == 3 and isinstance(move, Play):
                cards = [a.card for a in before.legal_actions() if isinstance(a, Play)]
                assert move.card == max(cards, key=lambda c: (DECK.rank_of[c], c))
                dummy_moves += 1
    assert dummy_moves > 6 * 10  # the dummy played a card in every trick of every game


def test_the_dummy_s_points_count_but_the_win_passes_to_the_best_player(witches: Game) -> None:
    state = play(dummy(witches), seed=2)
    # the engine's own count: the dummy captured the most points
    assert state.scores == (59, 19, 65, 73) and state.inner.winners == frozenset({3})
    assert state.winners == frozenset({2})
    # with score = true the dummy is an ordinary seat and wins
    assert play(dummy(witches, score=True), seed=2).winners == frozenset({3})


@pytest.mark.parametrize("policy", ["lowest", "highest", "first", "random", "heuristic"])
def test_every_named_policy_verifies(witches: Game, policy: str) -> None:
    report = verify(witches, dummy(witches, policy), examples=15, seed=3)
    assert report.ok, str(report)


def test_lowest_and_first_choose_as_stated(witches: Game) -> None:
    for policy in ("lowest", "first"):
        state = play(dummy(witches, policy), seed=5)
        for before, move in engine_positions(state):
            if before.current_player == 3:
                legal = before.legal_actions()
                cards = [a.card for a in legal if isinstance(a, Play)]
                if policy == "first":
                    assert move == legal[0]
                elif cards:
                    assert move.card == min(cards, key=lambda c: (DECK.rank_of[c], c))


def test_random_replays_exactly_and_differs_between_seeds(witches: Game) -> None:
    v = dummy(witches, "random")
    a, b = play(v, seed=7), play(v, seed=7)
    assert a == b and a.history == b.history
    assert play(v, seed=8).history != a.history
    replayed = v.hooked(records.replay(records.loads(records.dumps(a)), complete=True))
    assert replayed == a


def test_a_python_policy_sees_only_the_seat_s_observation_and_moves(witches: Game) -> None:
    seen: list[tuple[Any, tuple[Any, ...]]] = []

    def last(observation: Any, legal: tuple[Any, ...]) -> Any:
        seen.append((observation, legal))
        return legal[-1]

    state = play(dummy(witches, last), seed=1)
    assert len(seen) == sum(1 for before, _ in engine_positions(state) if before.current_player == 3)
    assert not any(isinstance(o, HookedState) or hasattr(o, "inner") for o, _ in seen)
    assert all(type(o).__name__ == "Observation" and o.seat == 3 for o, _ in seen)


def test_a_policy_that_returns_an_illegal_move_is_a_hook_error(witches: Game) -> None:
    with pytest.raises(HookError) as err:
        play(dummy(witches, lambda obs, legal: "R1"), seed=1)
    assert err.value.check == "contract:legal-move" and "seat 4's policy chose R1" in str(err.value)


def checked_game(variant: Variant) -> Any:
    """One game played and checked as ``verify`` plays it (the first legal move for every player)."""
    return play_checked(variant, 1, ["random"] * 4, lambda k: 0, random.Random(0), 1000, [0])


def test_verify_checks_each_rule_played_move(witches: Game) -> None:
    assert checked_game(dummy(witches)).is_terminal
    calls = [0]

    def fickle(observation: Any, legal: tuple[Any, ...]) -> Any:  # another move on every other call
        calls[0] += 1
        return legal[calls[0] % 2 * (len(legal) - 1)]

    with pytest.raises(Violation) as err:
        checked_game(dummy(witches, fickle))
    assert err.value.check == "contract:determinism" and "seat 4's policy (fickle)" in str(err.value)


def test_verify_s_leak_check_redraws_what_the_seat_cannot_see(witches: Game) -> None:
    calls = [0]

    def peeking(observation: Any, legal: tuple[Any, ...]) -> Any:
        # stands for a policy that reads what the seat cannot see: its third call (the redrawn
        # state's) answers otherwise
        calls[0] += 1
        return legal[-1] if calls[0] % 3 == 0 and len(legal) > 1 else legal[0]

    with pytest.raises(Violation) as err:
        checked_game(dummy(witches, peeking))
    assert err.value.check == "contract:observation-boundary"
    assert "once what the seat cannot see was redrawn" in str(err.value)


def test_walk_refuses_a_record_whose_dummy_move_is_not_the_policy_s(witches: Game) -> None:
    v = dummy(witches)
    state = play(v, seed=3)
    record = records.loads(records.dumps(state))
    assert all(step.violation is None for step in walk(record, v))
    positions = engine_positions(state)
    i, (before, move) = next((i, p) for i, p in enumerate(positions)
                             if p[0].current_player == 3 and len(p[0].legal_actions()) > 1)
    other = next(a for a in before.legal_actions() if a != move)
    forged = json.loads(records.dumps(state))
    forged["actions"] = [*forged["actions"][:i], str(other)]
    steps = list(walk(records.loads(json.dumps(forged)), v))
    assert steps[-1].violation is not None and steps[-1].violation.check == "contract:legal-move"
    assert "seat 4 plays by a rule (highest)" in str(steps[-1].violation)


def test_the_variant_pickles_and_the_record_keeps_each_move_once(witches: Game) -> None:
    v = dummy(witches)
    assert pickle.loads(pickle.dumps(v)).seats == v.seats
    state = play(v, seed=4)
    assert len(state.history) == len(records.loads(records.dumps(state)).actions)
    assert records.replay(records.loads(records.dumps(state)), complete=True) == state.inner
    assert v.describe()["seats"] == {"4": {"policy": "highest", "score": False}}


def test_a_first_seat_that_plays_by_a_rule_moves_before_anyone_is_asked(witches: Game) -> None:
    v = Variant(witches, witches.Rules(players=3), seats={0: "lowest"})
    state = v.new_game(seed=0)
    assert state.current_player != 0 and len(state.history) >= 1


@pytest.mark.parametrize(("seats", "field", "words"), [
    ({4: "lowest"}, "seats", "seat 5 is not one of the 4 seats"),
    ({-1: "lowest"}, "seats", "seat 0 is not one of the 4 seats"),
    ({0: "lowest", 1: "lowest", 2: "lowest", 3: "lowest"}, "seats", "leave at least one seat to a player"),
    ({3: "best"}, "seats.policy", "unknown policy 'best'"),
    ({3: 3}, "seats.policy", "not a int"),
])
def test_python_seats_are_checked(witches: Game, seats: Any, field: str, words: str) -> None:
    with pytest.raises(InvalidRules) as err:
        Variant(witches, witches.Rules(players=4), seats=seats)
    assert err.value.field == field and words in str(err.value)


@pytest.mark.parametrize(("table", "field"), [
    ('[seats]\n4 = "best"', "seats.4.policy"),
    ('[seats.4]\npolicy = "highest"\nscore = "no"', "seats.4.score"),
    ('[seats.4]\npolicy = "highest"\nwins = false', "seats.4.wins"),
    ('[seats]\n0 = "lowest"', "seats"),
    ('[seats]\nfour = "lowest"', "seats"),
    ('seats = "lowest"', "seats"),
    ('[seats]\n5 = "lowest"', "seats"),
    ('[seats]\n4 = "module:policy"', "seats.4.policy"),  # data never names code
])
def test_a_file_s_seats_are_checked(witches: Game, tmp_path: Path, table: str, field: str) -> None:
    path = tmp_path / "v.toml"
    path.write_text(f'game = "witches-of-blackmore"\n[rules]\nplayers = 4\n{table}\n', encoding="utf-8")
    with pytest.raises(InvalidRules) as err:
        load_variant(witches, str(path))
    assert err.value.field == field


def test_resolve_keeps_a_file_s_seats_with_other_sources(witches: Game) -> None:
    v = resolve(witches, variant=str(EXAMPLE), sets=["must_follow=true"])
    assert v.seats == ((3, SeatRule("highest", score=False)),) and v.rules.must_follow and v.players_fixed
    with pytest.raises(RulebookError):
        resolve(witches, variant=str(EXAMPLE), players=3)  # the dummy is seat 4 of 4


def test_the_cli_verifies_the_example_and_refuses_a_bad_file(tmp_path: Path, capsys: Any) -> None:
    assert main(["verify", "witches-of-blackmore", "--variant", str(EXAMPLE), "--examples", "5"]) == 0
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "witches-of-blackmore"\n[seats]\n4 = "best"\n', encoding="utf-8")
    capsys.readouterr()
    assert main(["simulate", "witches-of-blackmore", "--variant", str(bad), "--games", "2"]) != 0
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "seats.4.policy" in err and "Traceback" not in err
