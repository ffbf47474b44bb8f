"""Narrated replays: trick by trick with the deciding rule, action by action as a fallback, one seat's view.

Seats, tricks and rounds are numbered from 1 in the text (the API's seat 0 is "seat 1")."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import rulebook
from rulebook.cli.app import main
from rulebook.core.history import RoundRecord, ScoreChange, TrickRecord
from rulebook.reference import narrate as narrate_module
from rulebook.reference import records
from rulebook.reference.narrate import narrate, narrate_states
from rulebook.reference.seat_view import seat_view
from rulebook.table.play import card_namer

WB = "witches-of-blackmore"


def _game(slug: str, actions: int, players: int | None = None, seed: int = 1) -> records.Record:
    game = rulebook.get_game(slug)
    state = game.new_game(game.Rules(players=players or min(game.player_counts)), seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return records.record_of(state)


def test_action_by_action_fallback_names_every_move_and_points(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game that records no tricks or rounds is told action by action."""
    monkeypatch.setattr(narrate_module, "tricks_and_rounds", lambda s: None)
    record = _game(WB, 3, players=3)
    states = list(records.iter_states(record))
    lines = narrate(record)
    assert lines[0] == "The Witches of Blackmore [witches-of-blackmore], 3 players, seed 1, 3 actions"
    for i in range(1, 4):
        before, after = states[i - 1], states[i]
        expected = f"#{i:<4} seat {before.current_player + 1}: {after.history[-1]}"
        if after.scores != before.scores:
            assert lines[i].startswith(expected + "   (points: ")
        else:
            assert lines[i] == expected
    assert lines[-1].startswith("The game is not over (3 actions played); scores so far: seat 1: ")


def test_tricks_and_rounds_are_told_with_the_deciding_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the game records its tricks, each trick is told with the rule ID and its spec title (WB-TRICK-2)."""
    record = _game(WB, 0, players=2)
    state = records.replay(record)
    trick = TrickRecord(number=0, round=0, leader=1, plays=((1, 3), (0, 13)), winner=0, rule="WB-TRICK-2")
    rnd = RoundRecord(number=0, points=(4, 0), changes=(ScoreChange(0, 4, "captured cards", "WB-SCORE-1"),),
                      end="the hands ran out", rule="WB-END-4")
    monkeypatch.setattr(narrate_module, "tricks_and_rounds", lambda s: ((trick,), (rnd,)))
    lines = narrate_states([state])
    text, _ = card_namer(state.GAME, state.rules)
    assert lines[1] == (f"Trick 1: seat 2 leads; seat 2 {text(3)}, seat 1 {text(13)}. "
                        f"Seat 1 wins with {text(13)} (WB-TRICK-2: Several trumps: the strongest on the wheel)")
    assert lines[2] == "Round 1 ends: the hands ran out (WB-END-4: Playing out the hands)"
    assert lines[3] == "  seat 1 +4: captured cards (WB-SCORE-1)"
    assert lines[4] == "  points this round: seat 1 +4, seat 2 +0"


def _card_tokens(text: str, names: set[str]) -> set[str]:
    return {t for t in re.findall(r"#?\w+", text) if t in names}


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_a_seat_view_never_shows_hidden_cards(slug: str) -> None:
    """Told from seat 0, the story names only cards seat 0's observations ever showed."""
    record = _game(slug, 14, seed=3)
    game = rulebook.get_game(slug)
    states = list(records.iter_states(record))
    namer, size = card_namer(game, states[0].rules)
    names = {namer(c) for c in range(size)}
    seen: set[str] = set()
    for s in states:
        seen |= _card_tokens(" ".join(v for _, v in seat_view(game, s.rules, s.observation(0))), names)
    told = "\n".join(narrate(record, seat=0))
    assert _card_tokens(told, names) <= seen
    # the check has teeth: the other seats still hold cards seat 0 never saw, and none is named
    last = states[-1]
    hidden = {namer(c) for s in range(1, last.rules.players) for c in last.observation(s).hand} - seen
    assert hidden
    assert not hidden & _card_tokens(told, names)
    assert told.splitlines()[0].endswith(", told from the view of seat 1")


def test_cli_replay_tells_the_game_and_takes_a_seat(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = records.save(_game(WB, 6, players=3), tmp_path / "g.json")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    # the trump each trick was played under (it changes with the trump stack, WB-TRUMP-1)
    head = ("The Witches of Blackmore [witches-of-blackmore], 3 players, seed 1, 6 actions\n"
            "Trick 1 (trump: yellow): seat 1 leads; ")
    assert out.startswith(head)
    assert "Seat 1 wins with R8 (WB-TRICK-3: No trump: the leader's colour)" in out
    assert "✓ every position passed the checks (game not over)" in out
    assert main(["replay", str(path), "--seat", "3"]) == 0  # seats on the command line count from 1
    assert "told from the view of seat 3" in capsys.readouterr().out
    assert main(["replay", str(path), "--seat", "4"]) == 2
    assert "--seat 4 is not a seat of this game: seats are 1–3" in capsys.readouterr().err
    for bad in ("0", "-1", "x", "１"):
        assert main(["replay", str(path), "--seat", bad]) == 2
        assert f"a seat is a number from 1, not {bad!r}" in capsys.readouterr().err


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_every_game_is_told_to_the_end(slug: str) -> None:
    """Whole games of every game are told; games without the shared records fall back to actions."""
    record = _game(slug, 100_000, seed=2)
    states = list(records.iter_states(record))
    assert states[-1].is_terminal
    lines = narrate(record)
    assert lines[0].endswith(f"seed 2, {len(record.actions)} actions")
    rec = narrate_module.tricks_and_rounds(states[-1])
    if rec is None:
        first = f"#1    seat {states[0].current_player + 1}: {record.actions[0]}"
        assert lines[1] == first or lines[1].startswith(first + "   (points: ")
    final = states[-1]
    scores = ", ".join(f"seat {s + 1}: {p}" for s, p in enumerate(final.scores))
    assert f"Final scores: {scores}." in lines
    expected = "Nobody wins: the rules give this game no winner." if not final.winners else (
        f"Seat {min(final.winners) + 1} wins." if len(final.winners) == 1 else "Shared win: ")
    assert any(line.startswith(expected) for line in lines)
