"""Play hooks together with added steps (issue 32): the hooked state over the phased state, the
``legal`` hook on the engine's moves only, ``game_over``, seats that play by a rule and added moves
with added steps; records, ``replay --variant``, ``verify`` (twin worlds included), ISMCTS, and a
property suite over random steps with a ``legal`` hook drawn from a few module-level functions."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulebook
from rulebook.balance.players import ISMCTS
from rulebook.balance.simulate import simulate
from rulebook.core.phases import PassCard
from rulebook.errors import IllegalAction
from rulebook.reference import records
from rulebook.variants.hooks import HOOK_RULE, HookedState, iter_states
from rulebook.variants.phases import PassCards, PhasedState, RevealCards
from rulebook.variants.seats import SeatRule
from rulebook.variants.variant import Variant
from rulebook.variants.verify import verify

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


def _load(name: str) -> ModuleType:
    """A worked example as a module (registered, so that its hooks pickle by reference)."""
    found = sys.modules.get(f"examples_{name}")
    if found is not None:
        return found
    spec = importlib.util.spec_from_file_location(f"examples_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


ex = _load("pass_and_unbroken_trumps")
discard = _load("discard_to_the_pile")
WB = ex.GAME
UT = rulebook.get_game("utsuke")


def _play_first(state: Any, limit: int = 2000) -> Any:
    steps = 0
    while not state.is_terminal and steps < limit:
        state = state.apply(state.legal_actions()[0])
        steps += 1
    return state


def test_the_hooked_state_wraps_the_phased_state() -> None:
    state = ex.PASS_AND_UNBROKEN_TRUMPS.new_game(seed=1)
    assert isinstance(state, HookedState) and isinstance(state.inner, PhasedState)
    assert [str(a) for a in state.legal_actions()][:3] == ["pass R4", "pass R8", "pass B8"]
    assert state.GAME.encode_action(state.legal_actions()[0], state.rules) in state.legal_action_ids()


def test_the_legal_hook_sees_only_the_engines_moves() -> None:
    """The ``legal`` hook is not called while an added step runs; once the engine's moves are offered it
    filters them: the leader of the first trick may not lead the trump colour before it is broken."""
    seen: list[tuple[str, ...]] = []

    def watching(state: Any, actions: tuple[Any, ...]) -> list[Any]:
        seen.append(tuple(type(a).__name__ for a in actions))
        return ex.trumps_unbroken(state, actions)

    v = Variant(WB, WB.Rules(players=3), phases=ex.PASS_LEFT, legal=watching)
    state = v.new_game(seed=1)
    for _ in range(3):  # each seat passes its first card: the hook is never asked
        assert all(isinstance(a, PassCard) for a in state.legal_actions())
        state = state.apply(state.legal_actions()[0])
    assert seen == []
    assert not state.inner.in_added_step
    engine = state.inner.inner.legal_actions()
    trump = state.inner.trump_suit
    allowed = state.legal_actions()
    assert seen == [tuple(type(a).__name__ for a in engine)]
    assert [a for a in engine if ex.SUIT[a.card] != trump] == list(allowed)
    refused = next(a for a in engine if ex.SUIT[a.card] == trump)
    with pytest.raises(IllegalAction) as info:
        state.apply(refused)
    assert info.value.rule == HOOK_RULE


def test_game_over_ends_a_game_with_added_steps() -> None:
    v = ex.PASS_FIRST_TO_FIVE
    state = _play_first(v.new_game(seed=2))
    assert state.is_terminal and state.ended_by_hook
    assert max(ex.tricks_won(state)) == 5 and sum(ex.tricks_won(state)) == len(state.tricks)
    assert [type(a).__name__ for a in state.history[:3]] == ["PassCard"] * 3
    assert v.winners(state) == frozenset(s for s, n in enumerate(ex.tricks_won(state)) if n == 5)


def test_a_seat_that_plays_by_a_rule_passes_in_the_added_step() -> None:
    """The dummy (seat 3, ``lowest``) passes its lowest card inside ``apply``: no state reached by play
    names it to move, and the record keeps its pass once."""
    v = ex.PASS_WITH_A_DUMMY
    state = v.new_game(seed=1)
    hand = WB.hands_of(state.inner.inner)[2]
    lowest = min(hand, key=lambda c: (WB.deck.rank_of[c], c))
    while not state.is_terminal:
        assert state.current_player != 2
        state = state.apply(state.legal_actions()[0])
    passes = [a for a in state.history[:3]]
    assert [type(a) for a in passes] == [PassCard] * 3 and passes[2].card == lowest
    assert 2 not in v.winners(state)


def _discard_and_pass() -> Variant:
    return Variant(WB, WB.Rules(players=3), phases=ex.PASS_LEFT, legal=discard.may_discard, moves=(discard.Discard,))


def test_added_moves_compose_with_added_steps_and_replay() -> None:
    """A move of the variant's own kind after an added step: its apply sees the engine's state, the
    record keeps it and the passes, and it replays under the variant to the same final state."""
    v = _discard_and_pass()
    state = v.new_game(seed=3)
    made = 0
    rng = random.Random(3)
    while not state.is_terminal:
        legal = state.legal_actions()
        discards = [a for a in legal if isinstance(a, discard.Discard)]
        action = discards[0] if discards and made < 2 else rng.choice(legal)
        made += action in discards
        state = state.apply(action)
    assert made == 3  # two chosen, one drawn at random (seed 3)
    WB.check_invariants(state.inner.inner)
    texts = [str(a) for a in state.history]
    assert sum(t.startswith("discard ") for t in texts) == 3 and all(t.startswith("pass ") for t in texts[:3])
    record = records.loads(records.dumps(state))
    assert record.meta["phases"] == [p.describe() for p in ex.PASS_LEFT]
    *_, last = iter_states(v, record)
    assert v.hooked(last) == state and v.hooked(last).is_terminal


def test_records_replay_under_the_variant(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from rulebook.cli.app import main

    state = _play_first(ex.PASS_AND_UNBROKEN_TRUMPS.new_game(seed=7))
    record = records.loads(records.dumps(state))
    assert ex.PASS_AND_UNBROKEN_TRUMPS.hooked(records.replay(record)) == state
    path = tmp_path / "game.json"
    path.write_text(records.dumps(state))
    ref = f"{Path(__file__).resolve().parents[1]}/docs/examples/pass_and_unbroken_trumps.py:PASS_AND_UNBROKEN_TRUMPS"
    assert main(["replay", str(path), "--variant", ref, "--quiet"]) == 0
    # a move the hook refuses, written into the record, is named on replay
    engine = records.replay(record)
    first = _play_first(ex.PASS_AND_UNBROKEN_TRUMPS.new_game(seed=7), 3)
    refused = [a for a in first.inner.inner.legal_actions() if a not in first.legal_actions()]
    assert [str(a) for a in refused] == ["play P1", "play P6", "play P8"] and engine.is_terminal
    bad = records.Record(record.game, record.rules, record.seed, record.deals,
                         (*record.actions[:3], str(refused[0])), record.meta)
    path.write_text(records.dumps(bad))
    capsys.readouterr()
    assert main(["replay", str(path), "--variant", ref, "--quiet"]) != 0
    assert "the variant's legal hook refuses it" in capsys.readouterr().out + capsys.readouterr().err


@pytest.mark.parametrize("name", ["PASS_AND_UNBROKEN_TRUMPS", "PASS_FIRST_TO_FIVE", "PASS_WITH_A_DUMMY"])
def test_verify_passes_on_the_combined_examples(name: str) -> None:
    report = verify(WB, getattr(ex, name), examples=6, seed=1, thorough=True)
    assert report.ok, report


def test_verify_passes_with_added_moves_and_added_steps() -> None:
    report = verify(WB, _discard_and_pass(), examples=6, seed=2, thorough=True)
    assert report.ok, report


def test_ismcts_plays_the_added_steps_under_the_hook() -> None:
    """ISMCTS searches the combined game: it chooses a pass in the added step and a move the hook allows."""
    state = ex.PASS_AND_UNBROKEN_TRUMPS.new_game(seed=1)
    player = ISMCTS(iterations=12)
    choice = player(state, random.Random(0))
    assert choice in state.legal_actions() and isinstance(choice, PassCard)
    for _ in range(3):
        state = state.apply(player(state, random.Random(1)))
    choice = player(state, random.Random(2))
    assert choice in state.legal_actions()
    summary = simulate(WB, ex.PASS_AND_UNBROKEN_TRUMPS, games=1, seed=0, players_as=("ismcts:4",) * 3)
    assert summary.games == 1


def test_the_lords_game_takes_both() -> None:
    """UTSUKE: a reveal before the bidding and a hook that forbids bidding 0."""
    v = Variant(UT, UT.Rules(players=4), phases=(RevealCards(before="bid"),), legal=no_zero_bids)
    state = v.new_game(seed=4)
    for _ in range(4):
        state = state.apply(state.legal_actions()[0])
    assert str(state.legal_actions()[0]) == "bid 1"
    report = verify(UT, v, examples=4, seed=0, thorough=True)
    assert report.ok, report


# -- property: random added steps with a legal hook from a small set ----------------------------------


def no_zero_bids(state: Any, actions: tuple[Any, ...]) -> list[Any]:
    """No bid of 0 (UTSUKE), where another move is allowed."""
    keep = [a for a in actions if str(a) != "bid 0"]
    return keep or list(actions)


def lowest_half(state: Any, actions: tuple[Any, ...]) -> list[Any]:
    """Only the first half of the engine's moves (at least one)."""
    return list(actions[: max(1, (len(actions) + 1) // 2)])


def no_leading_ones(state: Any, actions: tuple[Any, ...]) -> list[Any]:
    """No card numbered 1 while another move is allowed."""
    game = type(state).GAME
    keep = [a for a in actions if type(getattr(a, "card", None)) is not int or not game.card_text(a.card).endswith("1")]
    return keep or list(actions)


def reversed_moves(state: Any, actions: tuple[Any, ...]) -> list[Any]:
    """Every move, last first."""
    return list(reversed(actions))


HOOKS = (no_zero_bids, lowest_half, no_leading_ones, reversed_moves)
ADAPTED = {"utsuke": (("bid", "tricks"), ("pass", "reveal")), "witches-of-blackmore": (("tricks",), ("pass",)),
           "saru-tori-inu-i": (("rounds",), ("pass", "reveal"))}


@st.composite
def combined(draw: st.DrawFn) -> Variant:
    slug = draw(st.sampled_from(sorted(ADAPTED)))
    game = rulebook.get_game(slug)
    befores, kinds = ADAPTED[slug]
    players = draw(st.sampled_from([p for p in (3, 4) if p in game.player_counts]))
    phases: list[PassCards | RevealCards] = []
    for _ in range(draw(st.integers(1, 2))):
        before, cards = draw(st.sampled_from(befores)), draw(st.integers(1, 2))
        turns = draw(st.sampled_from(["secret", "in_turn"]))
        if draw(st.sampled_from(kinds)) == "pass":
            phases.append(PassCards(before=before, cards=cards, to=draw(st.sampled_from(["left", "right", 2])),
                                    turns=turns))
        else:
            phases.append(RevealCards(before=before, cards=cards, turns=turns))
    seats = {players - 1: SeatRule(draw(st.sampled_from(["first", "lowest", "random"])))} if draw(st.booleans()) else {}
    return Variant(game, game.Rules(players=players), phases=tuple(phases), legal=draw(st.sampled_from(HOOKS)),
                   seats=seats)


@settings(max_examples=25, deadline=None)
@given(v=combined(), seed=st.integers(0, 2**16))
def test_random_steps_with_a_legal_hook_keep_every_invariant(v: Variant, seed: int) -> None:
    """The game's invariants at every state, every move offered is the engine's or the step's, the
    hook's filter holds outside the steps, and the observation boundary holds for a resampled seat."""
    game = v.game
    state = v.new_game(seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal and steps < 400:
        phased = state.inner
        game.check_invariants(phased.inner)
        legal = state.legal_actions()
        assert legal and state.current_player not in dict(v.seats)
        if phased.in_added_step:
            assert legal == phased.legal_actions()
        else:
            assert list(legal) == v.legal_hook(state, phased.legal_actions())
        if steps % 5 == 0 or phased.in_added_step:
            seat = rng.randrange(v.rules.players)
            other = state.resample(seat, rng)
            assert other.observation(seat) == state.observation(seat)
            assert other.current_player == state.current_player
            game.check_invariants(other.inner.inner)
        state = state.apply(rng.choice(legal))
        steps += 1
    if state.is_terminal:
        record = records.loads(records.dumps(state))
        assert v.hooked(records.replay(record, logic=None if v.rules.logic.printed else v.rules.logic)) == state


def test_usage_counts_the_passes_once_under_the_hook() -> None:
    from rulebook.balance.usage import usage_of

    state = _play_first(ex.PASS_AND_UNBROKEN_TRUMPS.new_game(seed=7))
    counts = usage_of(state)
    assert counts["passed: WB-PHASE-1"] == 3 and "move: PassCard" not in counts
    assert counts["move: Play"] == sum(type(a).__name__ == "Play" for a in state.history) == 54
