"""Worked examples of issue 33 for UTSUKE: docs/examples/five_rounds_honour_minus_chips.py (exactly
five rounds, the instant loss switched off, the final score honour minus chips), shown happening in
played games and passing verify (UT-LOGIC-2, UT-LOGIC-3, UT-END-6)."""

from __future__ import annotations

import random
from pathlib import Path

import rulebook
from rulebook.reference import records
from rulebook.variants.variant import load_variant
from rulebook.variants.verify import verify

UT = rulebook.get_game("utsuke")
EXAMPLE = str(Path(__file__).parent.parent / "docs" / "examples" / "five_rounds_honour_minus_chips.py")


def test_five_rounds_honour_minus_chips_in_300_games() -> None:
    """UT-LOGIC-2, UT-LOGIC-3, UT-END-6: every one of 300 random games lasts exactly five rounds
    (with the chip loss in force some end sooner), and the final scores are the printed honour
    minus the execution chips, round by round in the records."""
    variant = load_variant(UT, f"{EXAMPLE}:variant")
    rules = variant.rules
    assert rules.end == "rounds" and rules.rounds == 5 and rules.endings_off == ("chips",)
    assert rules.logic.counters is not None
    cut_short = 0
    for seed in range(300):
        state = UT.new_game(rules, seed=seed)
        rng = random.Random(seed)
        actions = []
        while state.current_player is not None:
            actions.append(rng.choice(state.legal_actions()))
            state = state.apply(actions[-1])
        # the same moves under the printed five-round end, until it ends (honour never decides a move)
        printed = UT.new_game(UT.Rules(end="rounds", rounds=5), seed=seed)
        for action in actions:
            if printed.current_player is None:
                break
            printed = printed.apply(action)
        cut_short += printed.current_player is None and len(printed.rounds) < 5
        assert len(state.rounds) == 5 and state.rounds[-1].rule == "UT-END-6"
        assert state.losers == frozenset()
        honour = [0] * rules.players
        chips = [0] * rules.players
        for r in state.rounds:
            exact = r.lord_tricks in r.bids
            for s, b in enumerate(r.bids):
                if exact:
                    honour[s] += 2 if b == r.lord_tricks else 0
            if not exact:
                d = min(abs(b - r.lord_tricks) for b in r.bids)
                best = r.lord_tricks + d if r.lord_tricks + d in r.bids else r.lord_tricks - d
                for s, b in enumerate(r.bids):
                    honour[s] += 1 if b == best else 0
            for s in range(rules.players):
                chips[s] += int(r.won[s] > r.lord_tricks)  # UT-SCORE-4
        assert tuple(chips) == state.chips
        assert state.scores == state.honour == tuple(h - c for h, c in zip(honour, chips, strict=True))
        assert variant.scores(state) == state.scores
        best_score = max(state.scores)
        assert state.winners == {s for s in range(rules.players) if state.scores[s] == best_score}
    assert cut_short > 0  # the same games under the printed five-round end: some lost at two chips


def test_five_rounds_honour_minus_chips_replays_under_its_logic() -> None:
    """UT-LOGIC-2, UT-LOGIC-3: a game's JSON record replays to the same final state when the caller
    passes the variant's logic (the record never names code)."""
    variant = load_variant(UT, f"{EXAMPLE}:variant")
    for seed in range(5):
        state = UT.new_game(variant.rules, seed=seed)
        rng = random.Random(seed)
        while state.current_player is not None:
            state = state.apply(rng.choice(state.legal_actions()))
        record = records.loads(records.dumps(state))
        assert records.replay(record, logic=variant.rules.logic) == state


def test_five_rounds_honour_minus_chips_verifies() -> None:
    """UT-LOGIC-2, UT-LOGIC-3: the example passes every check of verify at every player count (2-6),
    the record-replay check replaying each game under the variant's logic."""
    report = verify(UT, load_variant(UT, f"{EXAMPLE}:variant"), examples=10, seed=1)
    assert report.ok, report.failure
    assert report.players == (2, 3, 4, 5, 6) and report.games == 10
