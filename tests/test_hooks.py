"""Play hooks the engine obeys (``rulebook.variants.hooks``): legal moves, the game's end, points per trick and round;
``verify`` treats a hook like the engine's own rules and keeps a failing game for ``replay``."""

from __future__ import annotations

import pickle
import random
from pathlib import Path
from typing import Any

import pytest

import rulebook
from rulebook.balance.simulate import simulate
from rulebook.core.history import RoundRecord, TrickRecord
from rulebook.errors import IllegalAction
from rulebook.reference import records
from rulebook.variants.hooks import HookedState, PlayHooks
from rulebook.variants.variant import Variant
from rulebook.variants.verify import verify, walk

WB = rulebook.get_game("witches-of-blackmore")
SP = rulebook.get_game("seven-prophecies")


def one_per_trick(state: Any, trick: TrickRecord) -> list[int]:
    """+1 point for every trick won."""
    points = [0] * state.rules.players
    points[trick.winner] += 1
    return points


def after_first_trick(state: Any) -> bool:
    return len(state.tricks) >= 1


def first_to_five(state: Any) -> bool:
    """A scoring change that ends the game: the first seat with 5 points wins."""
    return max(state.scores) >= 5


def no_ones(state: Any, actions: tuple[Any, ...]) -> list[Any]:
    """Never play a 1 while another card is allowed."""
    keep = [a for a in actions if not WB.card_text(getattr(a, "card", 0)).endswith("1") or not hasattr(a, "card")]
    return keep or list(actions)


def nothing(state: Any, actions: tuple[Any, ...]) -> list[Any]:
    return []


def two_points_per_round(state: Any, rnd: RoundRecord) -> list[int]:
    return [2] * state.rules.players


def minus_hundred(state: Any, trick: TrickRecord) -> list[int]:
    return [-100] * state.rules.players


def play_out(state: Any, pick: int = 0) -> Any:
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[pick % len(state.legal_actions())])
    return state


def test_without_play_hooks_the_engine_state_is_returned() -> None:
    v = Variant(WB, WB.Rules(players=3))
    state = v.new_game(seed=4)
    assert type(state) is type(WB.new_game(WB.Rules(players=3), seed=4))
    assert state == WB.new_game(WB.Rules(players=3), seed=4)
    assert not v.play_hooks and v.play_hooks.names() == []


def test_game_over_and_trick_points_worked_example() -> None:
    """The game ends after the first trick; +1 per trick on top of the engine's 9 points for it."""
    v = Variant(WB, WB.Rules(players=3), trick_points=one_per_trick, game_over=after_first_trick)
    state = v.new_game(seed=4)
    assert isinstance(state, HookedState) and state.current_player == 0
    end = play_out(state)
    assert len(end.history) == 3 and end.is_terminal and end.ended_by_hook
    assert end.tricks[0].plays == ((0, 0), (1, 10), (2, 5)) and end.tricks[0].winner == 2
    # the engine itself adds the trick's point to its own score, once, when the trick ends (issue 33)
    assert end.inner.scores == end.scores == (0, 0, 10)
    assert play_out(Variant(WB, WB.Rules(players=3), game_over=after_first_trick).new_game(seed=4)).scores == (0, 0, 9)
    assert end.winners == frozenset({2}) and end.current_player is None and end.legal_actions() == ()
    with pytest.raises(IllegalAction, match=r"the game is over \(ended by the variant\) \[variant:legal\]"):
        end.apply(state.legal_actions()[0])
    assert v.describe()["hooks"] == ["game_over", "trick_points"]


def test_a_scoring_change_that_ends_the_game() -> None:
    """First to five: the end follows the hooked scores, not the engine's own count."""
    v = Variant(WB, WB.Rules(players=3), trick_points=one_per_trick, game_over=first_to_five)
    for seed in range(5):
        end = play_out(v.new_game(seed=seed))
        assert max(end.scores) >= 5
        before = v.new_game(seed=seed)
        for a in end.history[:-1]:
            before = before.apply(a)
        assert max(before.scores) < 5  # it ended at the first state with five points
        assert end.winners == frozenset(s for s, x in enumerate(end.scores) if x == max(end.scores))


def test_legal_hook_restricts_the_moves_and_apply_obeys_it() -> None:
    v = Variant(WB, WB.Rules(players=3), legal=no_ones)
    state = v.new_game(seed=4)
    engine = state.inner.legal_actions()
    ones = [a for a in engine if hasattr(a, "card") and WB.card_text(a.card).endswith("1")]
    assert ones, "the deal of seed 4 gives seat 0 a 1"
    assert state.legal_actions() == tuple(a for a in engine if a not in ones)
    with pytest.raises(IllegalAction, match=r"not allowed by the variant's legal hook \[variant:legal\]"):
        state.apply(ones[0])
    assert state.legal_action_ids() == tuple(sorted(WB.encode_action(a, state.rules) for a in state.legal_actions()))
    end = play_out(state)
    assert end.inner.is_terminal and not end.ended_by_hook and end.winners == end.inner.winners


def test_round_points_and_resample_keep_the_hooks() -> None:
    v = Variant(WB, WB.Rules(players=2), round_points=two_points_per_round)
    end = play_out(v.new_game(seed=1))
    plain = play_out(WB.new_game(WB.Rules(players=2), seed=1))
    assert end.history == plain.history and len(end.rounds) == 1
    assert end.scores == tuple(x + 2 for x in plain.scores)
    state = v.new_game(seed=1)  # the engine's own state: the hook rides in its rules' logic
    assert not isinstance(state, HookedState) and not state.rules.logic.printed
    other = state.resample(0, random.Random(3))
    assert other.rules.logic == state.rules.logic
    assert other.observation(0) == state.observation(0)


def test_hooked_states_pickle_and_render() -> None:
    v = Variant(WB, WB.Rules(players=3), trick_points=one_per_trick, legal=no_ones)
    state = v.new_game(seed=2)
    assert pickle.loads(pickle.dumps(state)).inner == state.inner
    assert str(state) == str(state.inner)
    again = pickle.loads(pickle.dumps(v))
    assert again.play_hooks.names() == ["legal"] and again.logic_hooks() == ["trick_points"]
    assert again.rules == v.rules


def test_play_hooks_must_be_functions() -> None:
    with pytest.raises(TypeError, match="the legal hook must be a function, not int"):
        PlayHooks(legal=3)  # type: ignore[arg-type]


def test_simulate_plays_under_the_hooks() -> None:
    short = Variant(WB, WB.Rules(players=3), game_over=after_first_trick, name="one trick")
    for kind in ("heuristic", "random", "ismcts:20"):
        summary = simulate(WB, short, games=4, seed=1, players_as=[kind] * 3)
        assert (summary.games, summary.min_length, summary.max_length) == (4, 3, 3), kind
    printed = simulate(WB, Variant(WB, WB.Rules(players=3)), games=4, seed=1, players_as=["random"] * 3)
    assert printed.min_length > 3


def test_verify_passes_good_hooks() -> None:
    v = Variant(WB, WB.Rules(players=3), legal=no_ones, trick_points=one_per_trick, game_over=first_to_five,
                players_fixed=True)
    report = verify(WB, v, examples=8, seed=1)
    assert report.ok, report
    assert report.players == (3,)


def test_verify_catches_a_hook_that_leaves_a_seat_without_a_move(tmp_path: Path) -> None:
    v = Variant(WB, WB.Rules(players=3), legal=nothing, players_fixed=True)
    report = verify(WB, v, examples=5, seed=1, save=tmp_path)
    assert report.failure is not None
    assert report.failure.check == "contract:legal-move"
    assert report.failure.message == (
        "the legal hook before the first move: left the seat to move with no move (return at least one of the "
        "engine's moves, or end the game with a game_over hook)")
    assert report.failure.path is not None and Path(report.failure.path).exists()


def test_verify_catches_a_hook_below_the_score_floor(tmp_path: Path) -> None:
    v = Variant(WB, WB.Rules(players=3), trick_points=minus_hundred, players_fixed=True)
    report = verify(WB, v, examples=5, seed=1, save=tmp_path)
    assert report.failure is not None and report.failure.check == "contract:score-floor"
    record = records.load(report.failure.path or "")
    # replaying the saved game with the variant shows the same failure at the same step
    steps = list(walk(record, v))
    assert steps[-1].violation is not None and steps[-1].violation.check == "contract:score-floor"
    assert all(s.violation is None for s in steps[:-1])


def test_verify_catches_a_hook_that_offers_a_move_the_engine_lacks(tmp_path: Path) -> None:
    def invent(state: Any, actions: tuple[Any, ...]) -> list[Any]:
        table = WB.action_table(state.rules)
        return [a for a in table if a not in actions][:1] or list(actions)

    v = Variant(WB, WB.Rules(players=3), legal=invent, players_fixed=True)
    report = verify(WB, v, examples=3, seed=1)
    # a move of the game's kind the engine does not list is an added move: the engine refuses it
    # (rulebook.variants.moves)
    assert report.failure is not None and report.failure.check == "contract:added-move"
    assert "which the engine refuses" in report.failure.message


def test_replay_refuses_a_move_the_hook_forbids() -> None:
    free = WB.new_game(WB.Rules(players=3), seed=4)
    one = next(a for a in free.legal_actions() if hasattr(a, "card") and WB.card_text(a.card).endswith("1"))
    record = records.record_of(free.apply(one))
    steps = list(walk(record, Variant(WB, WB.Rules(players=3), legal=no_ones)))
    assert steps[-1].violation is not None
    assert steps[-1].violation.message.endswith(": the variant's legal hook refuses it")


def test_hooks_work_in_another_game() -> None:
    v = Variant(SP, SP.Rules(), game_over=after_first_trick, trick_points=one_per_trick)
    end = play_out(v.new_game(seed=3))
    assert len(end.tricks) == 1 and end.ended_by_hook
    without = play_out(Variant(SP, SP.Rules(), game_over=after_first_trick).new_game(seed=3))
    assert end.scores == end.inner.scores and sum(end.scores) == sum(without.scores) + 1
