"""The hook contract (issue 33): the engine calls each logic hook once per event, with the state
at that event and the record of that event, and keeps what it returns."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rulebook.core.logic import Event, Trick
from rulebook.registry import GAMES, get_game
from rulebook.variants.variant import Variant
from rulebook.variants.verify import verify

CALLS: Counter[str] = Counter()
SEEN: list[tuple[str, int]] = []


def count_events(event: Event) -> None:
    CALLS["counters:" + event.kind] += 1
    SEEN.append((event.kind, event.number))
    return None


def trick_bonus(state: Any, trick: Any) -> list[int]:
    CALLS["trick_points"] += 1
    points = [0] * state.rules.players
    if isinstance(trick.winner, int):
        points[trick.winner] += 1
    return points


def round_bonus(state: Any, rnd: Any) -> list[int]:
    CALLS["round_points"] += 1
    return [2] * state.rules.players


def printed_winner(trick: Trick) -> Any:
    CALLS["trick_winner"] += 1
    return type(trick.state).GAME.resolve_trick(trick)


def _play(variant: Variant, seed: int) -> Any:
    rng = random.Random(seed)
    state = variant.new_game(seed=seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_each_hook_is_called_once_per_event_and_scores_call_none(slug: str) -> None:
    game = get_game(slug)
    assert game.COUNTERS and "trick" in game.EVENTS and "round" in game.EVENTS, slug
    variant = Variant(game, game.Rules(), counters=count_events, trick_points=trick_bonus,
                      round_points=round_bonus)
    for seed in range(3):
        CALLS.clear()
        SEEN.clear()
        state = _play(variant, seed)
        # Saru Tori Inu I has no tricks (state.tricks is empty): its trick event is a round of play
        tricks = len(state.tricks) if slug != "saru-tori-inu-i" else CALLS["counters:trick"]
        rounds = len(state.rounds)
        assert tricks > 0
        assert CALLS["trick_points"] == CALLS["counters:trick"] == tricks, slug
        assert CALLS["round_points"] == CALLS["counters:round"] == rounds, slug
        # each event once, numbered in order
        for kind in ("trick", "round"):
            assert [n for k, n in SEEN if k == kind] == list(range(CALLS["counters:" + kind])), (slug, kind)
        before = CALLS.copy()
        for _ in range(3):
            scores = state.scores
            _ = state.winners
        assert CALLS == before, "reading the scores called a hook"
        assert len(scores) == game.Rules().players


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_the_printed_function_as_a_hook_plays_the_printed_game(slug: str) -> None:
    """resolve_trick given as the variant's trick_winner: every game move for move the printed one."""
    game = get_game(slug)
    variant = Variant(game, game.Rules(), trick_winner=printed_winner)
    for seed in range(5):
        CALLS.clear()
        hooked, plain = _play(variant, seed), _play(Variant(game, game.Rules()), seed)
        assert hooked.history == plain.history and hooked.scores == plain.scores, (slug, seed)
        assert hooked.winners == plain.winners
        assert CALLS["trick_winner"] == (len(plain.tricks) if slug != "saru-tori-inu-i" else len(plain.placements))
        assert [t.winner for t in hooked.tricks] == [t.winner for t in plain.tricks]


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_verify_passes_variants_with_logic_hooks(slug: str) -> None:
    game = get_game(slug)
    variant = Variant(game, game.Rules(), name="logic", trick_winner=printed_winner, counters=count_events,
                      trick_points=trick_bonus)
    report = verify(game, variant, examples=6, seed=2)
    assert report.ok, report


def first_score_point(event: Event) -> Any:
    name = next(iter(type(event.state).GAME.COUNTERS))
    return {name: [1] + [0] * (event.state.rules.players - 1)} if event.kind == "trick" else None


def end_after_two_tricks(event: Event) -> bool:
    return event.kind == "trick" and event.number == 1


def end_after_first_round(event: Event) -> bool:
    return event.kind == "round"


@pytest.mark.parametrize("slug", sorted(GAMES))
@pytest.mark.parametrize("ends", [end_after_two_tricks, end_after_first_round])
def test_what_a_variant_did_is_said_in_words_in_every_language(slug: str, ends: Any) -> None:
    """The records' reasons and endings for a variant's changes and endings are phrases the
    narration knows (so the Japanese table and replay pages say them in Japanese)."""
    from rulebook.i18n import set_language
    from rulebook.reference.words import known_phrase, phrase

    game = get_game(slug)
    variant = Variant(game, game.Rules(), counters=first_score_point, ends=ends)
    state = _play(variant, 1)
    assert state.is_terminal and state.rounds
    texts = [r.end for r in state.rounds] + [c.reason for r in state.rounds for c in r.changes]
    assert any("variant" in t for t in texts), texts
    unknown = [t for t in texts if not known_phrase(t)]
    assert not unknown
    set_language("ja")
    try:
        said = [phrase(t, game.Rules().players) for t in texts if "variant" in t]
    finally:
        set_language("en")
    assert said and all("variant" not in s for s in said), said


def test_options_names_the_engine_s_counts_events_endings_and_steps(capsys: pytest.CaptureFixture[str],
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """``rulebook options GAME`` says what a Python variant may change of the engine's logic and where a
    variant's [[phases]] may add a step, in text and in JSON."""
    import json

    from rulebook.cli.app import main

    monkeypatch.setenv("COLUMNS", "200")
    assert main(["options", "utsuke"]) == 0
    out = capsys.readouterr().out
    assert "a counters hook changes the counts honour, chips at the events trick, round" in out
    assert "endings_off switches off: honour (UT-END-1), chips (UT-END-2), rounds (UT-END-6)." in out
    assert ("  bid: every seat at once, in secret, every round; every player bids at once, in secret, on the "
            "lord's tricks (UT-BID-1, UT-BID-2)\n") in out
    assert main(["options", "utsuke", "--json"]) == 0
    logic = json.loads(capsys.readouterr().out)["logic"]
    assert list(logic["counters"]) == ["honour", "chips"] and list(logic["events"]) == ["trick", "round"]
    assert [p["name"] for p in logic["phases"]] == ["deal", "bid", "tricks", "score"]
