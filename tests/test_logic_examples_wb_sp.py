"""The worked examples of issue 33 for The Witches of Blackmore (docs/examples/wheel_turns_over.py,
docs/examples/pile_empty_ends.py): each rule happening in played games (WB-LOGIC-1, WB-LOGIC-3); and
the points hooks reaching the Witches' and Seven Prophecies' own counts (WB-LOGIC-2, SP-LOGIC-2)."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

from rulebook.cli.app import main
from rulebook.core.logic import Logic, Trick
from rulebook.games.seven_prophecies import GAME as SP
from rulebook.games.witches_of_blackmore import DECK, GAME, Play, Replace, Rules
from rulebook.variants.variant import Variant
from tests.games.witches_of_blackmore.test_state import deal

EXAMPLES = Path(__file__).parents[1] / "docs" / "examples"
RANK = DECK.rank_of


def _example(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


WHEEL = _example("wheel_turns_over")
PILE = _example("pile_empty_ends")


def _play(state: Any, *texts: str) -> Any:
    for text in texts:
        state = state.apply(GAME.parse_action(text))
    return state


# -- the wheel turned over at each trump change (WB-LOGIC-1) ------------------------------------

def test_the_turned_wheel_decides_a_constructed_game_exactly() -> None:
    """WB-LOGIC-1, WB-RANK-2: green 8 turned up; G1 beats G9 (descending); laying G1 turns the wheel
    over, so G2 beats G7 and G3 beats G6 (ascending from 1, where printed the 7 and the 6 win);
    laying G3 turns it back: G5 beats G4 (descending from 3), as printed."""
    cards = deal([["G9"], ["G1"]], "G8", hand_size=1, pile=["G2", "G7", "G3", "G6", "G4", "G5"])
    moves = ("play G9", "play G1", "trump G1", "play G2", "play G7", "keep", "play G3", "play G6", "trump G3",
             "play G4", "play G5")
    turned = Rules(players=2, hand_size=1, logic=Logic(trick_winner=WHEEL.wheel_turns_over))
    state = _play(GAME.new_game(turned, deals=[cards]), *moves)
    assert [t.winner for t in state.tricks[:4]] == [1, 1, 1, 0]
    assert [t.cards for t in state.tricks[:4]] == [tuple(map(DECK.parse, p)) for p in
                                                   (("G9", "G1"), ("G2", "G7"), ("G3", "G6"), ("G4", "G5"))]
    assert {t.rule for t in state.tricks} == {"variant:trick_winner"}
    printed = GAME.new_game(Rules(players=2, hand_size=1), deals=[cards])
    printed = _play(printed, "play G9", "play G1", "trump G1", "play G2", "play G7")
    assert printed.tricks[1].winner == 0  # the printed wheel gives the second trick to the G7


def _played(rules: Rules, seed: int) -> tuple[Any, list[Trick]]:
    rng = random.Random(seed)
    state = GAME.new_game(rules, seed=seed)
    tricks: list[Trick] = []
    while state.current_player is not None:
        action = rng.choice(state.legal_actions())
        if type(action) is Play and len(state.trick) == len(state.order) - 1:
            tricks.append(Trick(state.trick + (action.card,), state.order, state.order[0], state, state.rules))
        state = state.apply(action)
    return state, tricks


@pytest.mark.parametrize("first_trump", ["turned", "none"])
def test_the_winner_differs_from_the_printed_rule_exactly_when_the_wheel_is_turned_and_it_matters(
    first_trump: str,
) -> None:
    """WB-LOGIC-1: over random games, a trick's winner is the printed rule's unless the trump stack
    changed by an odd number of cards, and then it is the other side's winner; both happen."""
    rules = Rules(players=4, first_trump=first_trump, logic=Logic(trick_winner=WHEEL.wheel_turns_over))
    start = 1 if first_trump == "turned" else 0
    changed = same_when_turned = 0
    for seed in range(40):
        state, tricks = _played(rules, seed)
        assert len(tricks) == len(state.tricks)
        for trick, record in zip(tricks, state.tricks, strict=True):
            printed = GAME.resolve_trick(trick)
            turned = (len(trick.state.trumps) - start) % 2 == 1
            other = "ascending" if trick.rules.wheel == "descending" else "descending"
            flipped = GAME.resolve_trick(attrs.evolve(trick, rules=attrs.evolve(trick.rules, wheel=other)))
            assert record.winner == (flipped if turned else printed)
            assert (record.winner != printed) == (turned and flipped != printed)
            changed += record.winner != printed
            same_when_turned += turned and flipped == printed
    assert changed > 40 and same_when_turned > 40


def test_the_wheel_variant_file_builds_the_variant() -> None:
    """WB-LOGIC-1: the example's ``variant(game)`` puts its function in the rules' logic; its games
    follow it."""
    variant = WHEEL.variant(GAME)
    assert variant.rules.logic.trick_winner is not None
    state, tricks = _played(variant.rules, 3)
    assert {t.rule for t in state.tricks} == {"variant:trick_winner"}
    assert [t.winner for t in state.tricks] == [WHEEL.wheel_turns_over(t) for t in tricks]


@pytest.mark.parametrize("name", ["wheel_turns_over", "pile_empty_ends"])
def test_the_example_passes_verify(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """WB-LOGIC-1, WB-LOGIC-3: ``rulebook verify`` passes each example (its record replays under the
    variant's logic)."""
    _verify(name, tmp_path, capsys)


def _verify(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["verify", "witches-of-blackmore", "--variant", f"{EXAMPLES / name}.py:variant", "--examples", "6",
                 "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.splitlines()[-1].startswith("OK: ")


# -- the game ends as soon as the pile is empty (WB-LOGIC-3) ----------------------------------------

def _own_scores(state: Any) -> tuple[int, ...]:
    """The game's own scoring recomputed from the record: the numbers of the cards of each trick
    won, less each card laid on the trump stack (WB-SCORE-1, WB-TRUMP-1)."""
    points = [0] * state.rules.players
    for trick in state.tricks:
        points[trick.winner] += sum(RANK[c] for c in trick.cards)
    replay = GAME.new_game(state.rules, deals=[state.deck])
    for action in state.history:
        if type(action) is Replace:  # laid by the seat that won the trick just played
            points[replay.current_player] -= RANK[action.card]
        replay = replay.apply(action)
    return tuple(points)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_game_ends_at_the_first_trick_won_with_the_pile_empty(players: int) -> None:
    """WB-LOGIC-3: the game stops right after the first trick completed with the pile empty, with no
    trump decision; the scores are the game's own and the highest wins."""
    rules = Rules(players=players, logic=Logic(ends=PILE.pile_empty))
    not_all = 0
    for seed in range(10):
        rng = random.Random(seed)
        state = GAME.new_game(rules, seed=seed)
        ends_at = None
        while state.current_player is not None:
            action = rng.choice(state.legal_actions())
            completes = type(action) is Play and len(state.trick) == len(state.order) - 1
            empty = state.drawn == len(state.deck)
            assert ends_at is None
            state = state.apply(action)
            if completes and empty:
                ends_at = len(state.tricks)
            if completes and not empty:
                assert state.current_player is not None or not any(state.hands)
        assert ends_at == len(state.tricks)
        record = state.rounds[0]
        assert record.rule == "variant:ends" and state.legal_actions() == ()
        assert state.scores == _own_scores(state) == record.points
        best = max(state.scores)
        assert state.winners == frozenset(s for s, v in enumerate(state.scores) if v == best)
        not_all += state.winners != frozenset(range(players))
        printed = GAME.new_game(Rules(players=players), seed=seed)
        for action in state.history:
            printed = printed.apply(action)
        assert printed.current_player is not None  # the printed game would have gone on
    assert not_all >= 9


def test_the_pile_variant_file_builds_the_variant() -> None:
    """WB-LOGIC-3: the example's ``variant(game)`` puts its ending in the rules' logic; its games end
    with the pile empty."""
    variant = PILE.variant(GAME)
    assert variant.rules.logic.ends is not None
    state, _ = _played(variant.rules, 4)
    assert state.rounds[0].rule == "variant:ends" and state.drawn == len(state.deck)


# -- the points hooks reach the engines' own counts (WB-LOGIC-2, SP-LOGIC-2) ---------------------

def test_trick_points_reach_the_witches_score_and_its_target_once_per_trick() -> None:
    """WB-LOGIC-2, WB-END-7: with every card worth 0 and a ``trick_points`` hook giving a point per
    trick won, the score counts tricks and the target of 5 ends the game at the fifth trick won;
    the hook is called once per trick."""
    calls: list[int] = []

    def one_per_trick(state: Any, trick: Any) -> list[int]:
        calls.append(trick.number)
        return [int(s == trick.winner) for s in range(state.rules.players)]

    rules = Rules(players=3, end="target", end_target=5, points=(0,) * 9)
    variant = Variant(GAME, rules, trick_points=one_per_trick)
    for seed in range(5):
        calls.clear()
        state = variant.new_game(seed=seed)
        assert type(state) is type(GAME.new_game(rules, seed=seed))  # the engine's own state
        rng = random.Random(seed)
        while state.current_player is not None:
            state = state.apply(rng.choice(state.legal_actions()))
        won = [sum(1 for t in state.tricks if t.winner == s) for s in range(3)]
        assert state.scores == tuple(won) and max(won) == 5 and state.rounds[0].rule == "WB-END-7"
        assert calls == list(range(len(state.tricks)))


def test_round_points_reach_the_seven_prophecies_score_once_per_round() -> None:
    """SP-LOGIC-2, SP-SCORE-1: a ``round_points`` hook giving 2 to every seat at each round's end adds
    to the engine's points after the round is scored; it is called once per round."""
    calls: list[int] = []

    def two_each(state: Any, rnd: Any) -> list[int]:
        calls.append(rnd.number)
        return [2] * state.rules.players

    variant = Variant(SP, SP.Rules(players=3), round_points=two_each)
    plain = SP.new_game(SP.Rules(players=3), seed=7)
    rng = random.Random(7)
    while plain.current_player is not None:
        plain = plain.apply(SP.heuristic_action(plain, rng))
    state = variant.new_game(seed=7)
    for action in plain.history:
        state = state.apply(action)
    assert calls == [0, 1, 2] and state.current_player is None
    totals = [0, 0, 0]
    for record in plain.rounds:
        gains = [c.points for c in record.changes if c.rule == "SP-SCORE-1"]
        totals = [max(0, t + g) + 2 for t, g in zip(totals, gains, strict=True)]
    assert state.scores == tuple(totals)
