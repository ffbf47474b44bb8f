"""Moves a variant adds (issue 32, item 3): rulebook/variants/moves.py.

The worked examples are in docs/examples/discard_to_the_pile.py: a move kind of the variant's
own (a player about to lead with a full hand may first discard a card to the bottom of the pile)
and a compulsory move (a player about to lead who holds a 1 must lead it).
"""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

import rulebook
from rulebook.cli.app import main
from rulebook.games.witches_of_blackmore.actions import Play
from rulebook.reference import records
from rulebook.variants.hooks import HookError, iter_states
from rulebook.variants.variant import Variant
from rulebook.variants.verify import verify, walk

EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "discard_to_the_pile.py"
GAME = rulebook.get_game("witches-of-blackmore")


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("discard_to_the_pile", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ex = _load()


def random_game(variant: Variant, seed: int) -> Any:
    state = variant.new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_discard_goes_to_the_bottom_of_the_pile() -> None:
    v = ex.DISCARD_TO_THE_PILE
    state = v.new_game(seed=0)
    leader = state.current_player
    hand = state.inner.hands[leader]
    assert len(hand) == v.rules.hand_size
    discards = [a for a in state.legal_actions() if isinstance(a, ex.Discard)]
    assert [a.card for a in discards] == list(hand)  # one for each card in hand
    pile = state.inner.deck[state.inner.drawn:]
    after = state.apply(discards[0])
    assert after.current_player == leader  # then they lead as usual
    assert after.inner.hands[leader] == hand[1:]
    assert after.inner.deck[after.inner.drawn:] == (*pile, hand[0])  # at the bottom of the pile
    assert after.history == (discards[0],) and str(after.history[0]) == f"discard {GAME.card_text(hand[0])}"
    # face down: a resample for another seat may put another card there
    other = (leader + 1) % v.rules.players
    bottoms = {after.resample(other, random.Random(i)).inner.deck[-1] for i in range(20)}
    assert len(bottoms) > 1
    assert not any(isinstance(a, ex.Discard) for a in after.legal_actions())  # the hand is no longer full


def test_discards_happen_in_played_games_and_each_player_discards_at_most_once() -> None:
    total = 0
    for seed in range(8):
        state = random_game(ex.DISCARD_TO_THE_PILE, seed)
        discards = [a for a in state.history if isinstance(a, ex.Discard)]
        total += len(discards)
        positions = list(iter_states(ex.DISCARD_TO_THE_PILE, records.loads(records.dumps(state))))
        seats = [before.current_player for before, a in zip(positions, state.history, strict=False)
                 if isinstance(a, ex.Discard)]
        assert len(seats) == len(set(seats))  # at most once per player
        GAME.check_invariants(state.inner)
    assert total >= 8


def test_the_record_keeps_the_discard_and_the_variant_reads_it_back() -> None:
    v = ex.DISCARD_TO_THE_PILE
    state = random_game(v, 3)
    text = records.dumps(state)
    assert any(t.startswith("discard ") for t in json.loads(text)["actions"])
    *_, last = iter_states(v, records.loads(text))
    assert v.hooked(last) == state
    assert all(step.violation is None for step in walk(records.loads(text), v))


@pytest.mark.parametrize("name", ["DISCARD_TO_THE_PILE", "LEAD_ONE_FIRST"])
def test_the_examples_verify(name: str) -> None:
    v = getattr(ex, name)
    report = verify(GAME, v, examples=30, seed=1)
    assert report.ok, str(report)


def test_the_cli_verifies_the_example() -> None:
    assert main(["verify", "witches-of-blackmore", "--variant", f"{EXAMPLE}:DISCARD_TO_THE_PILE",
                 "--examples", "5"]) == 0


def test_a_compulsory_lead_is_the_only_move_and_is_played() -> None:
    v = ex.LEAD_ONE_FIRST
    forced = 0
    for seed in range(6):
        state = v.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            inner = state.inner
            ones = [c for c in inner.hands[inner.current_player] if GAME.card_text(c).endswith("1")]
            legal = state.legal_actions()
            if ex._about_to_lead(inner) and ones:
                assert legal == (Play(min(ones)),)
                forced += 1
            state = state.apply(rng.choice(legal))
    assert forced >= 6


def test_verify_catches_a_discard_that_loses_the_card() -> None:
    @attrs.frozen
    class Lose(ex.Discard):  # type: ignore[misc, name-defined]
        KIND = "lose"

        def __str__(self) -> str:
            return f"lose {GAME.card_text(self.card)}"

        @classmethod
        def parse(cls, text: str) -> Any:
            word, _, card = text.partition(" ")
            return cls(GAME.parse_card(card)) if word == "lose" else None

        @staticmethod
        def apply(state: Any, move: Any) -> Any:
            inner = state.inner
            hands = list(inner.hands)
            hands[inner.current_player] = tuple(c for c in hands[inner.current_player] if c != move.card)
            return attrs.evolve(inner, hands=tuple(hands))  # the card is nowhere

    def may_lose(state: Any, actions: tuple[Any, ...]) -> list[Any]:
        return [*actions, *(Lose(a.card) for a in ex.may_discard(state, actions) if isinstance(a, ex.Discard))]

    v = Variant(GAME, GAME.Rules(players=3), legal=may_lose, moves=(Lose,), name="lose")
    report = verify(GAME, v, examples=10, seed=0)
    assert report.failure is not None and report.failure.check == "game invariant"
    assert report.failure.rule.startswith("WB-COMP-1")


def test_an_added_move_the_engine_refuses_names_the_move_and_the_rule() -> None:
    def never_follow(state: Any, actions: tuple[Any, ...]) -> list[Any]:
        # any card of the hand, though the rules say to follow: moves of the game's kind the engine does not list
        inner = state.inner
        plays = [Play(c) for c in inner.hands[inner.current_player]] if inner.trick else []
        return [*actions, *(p for p in plays if p not in actions)]

    v = Variant(GAME, GAME.Rules(players=3, must_follow=True), legal=never_follow, name="never follow")
    state = v.new_game(seed=0)
    state = state.apply(state.legal_actions()[0])
    assert len(state.legal_actions()) > len(state.inner.legal_actions())  # the engine forbids some cards
    added = state.legal_actions()[-1]
    assert added not in state.inner.legal_actions()
    with pytest.raises(HookError) as err:
        state.apply(added)
    assert err.value.check == "contract:added-move"
    assert f"added {added}, which the engine refuses" in str(err.value) and "[WB-" in str(err.value)
    report = verify(GAME, v, examples=3, seed=0)
    assert report.failure is not None and report.failure.check == "contract:added-move"


@pytest.mark.parametrize(("bad", "words"), [
    (lambda s, a: [*a, "discard R1"], "neither a move of this game nor of one of the variant's own move kinds"),
    (lambda s, a: [*a, *([Play(c) for c in s.inner.deck if Play(c) not in a][:1] * 2)], "offered a move twice"),
])
def test_a_hook_that_offers_what_is_no_move_is_a_hook_error(bad: Any, words: str) -> None:
    v = Variant(GAME, GAME.Rules(players=3), legal=bad, name="bad")
    with pytest.raises(HookError) as err:
        v.new_game(seed=0).legal_actions()
    assert err.value.check == "contract:legal-move" and words in str(err.value)


def test_an_apply_that_returns_no_state_is_a_hook_error() -> None:
    @attrs.frozen
    class Nothing(ex.Discard):  # type: ignore[misc, name-defined]
        @staticmethod
        def apply(state: Any, move: Any) -> Any:
            return None

    v = Variant(GAME, GAME.Rules(players=3), name="nothing", moves=(Nothing,),
                legal=lambda s, a: [*a, *(Nothing(x.card) for x in ex.may_discard(s, a) if isinstance(x, ex.Discard))])
    state = v.new_game(seed=0)
    with pytest.raises(HookError) as err:
        state.apply(state.legal_actions()[-1])
    assert err.value.check == "contract:added-move" and "not the engine's next state" in str(err.value)


def test_moves_must_be_variant_move_kinds() -> None:
    with pytest.raises(TypeError, match="moves: Play is not a VariantMove subclass"):
        Variant(GAME, GAME.Rules(players=3), moves=(Play,))
