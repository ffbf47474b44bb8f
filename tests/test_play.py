"""``rulebook play``: a whole game in the terminal, through stdin and through a pseudo-terminal."""

from __future__ import annotations

import io
import itertools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import rulebook
from rulebook.reference import records
from rulebook.table.play import card_namer, play, render_observation

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
WB = "witches-of-blackmore"


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "rulebook", *args]


def _human_choices(path: Path, seat: int = 0) -> list[int]:
    """For each decision of ``seat`` in the saved game, the index of the chosen move among the legal ones."""
    record = records.load(path)
    states = list(records.iter_states(record))
    out = []
    for before, after in itertools.pairwise(states):
        if before.current_player == seat:
            out.append(before.legal_actions().index(after.history[-1]))
    return out


def test_stdin_game_with_an_illegal_move_and_undo(tmp_path: Path) -> None:
    game = rulebook.get_game(WB)
    first = game.new_game(game.Rules(players=2), seed=3)
    hand = set(first.observation(0).hand)
    missing = next(c for c in range(54) if c not in hand)
    illegal = f"play {game.card_text(missing) if hasattr(game, 'deck') else card_namer(game, first.rules)[0](missing)}"
    out = tmp_path / "game.json"
    # undo at the first decision does nothing; an illegal move is explained; "1", then undo, then "2"
    script = f"undo\n{illegal}\nnonsense\n1\nundo\n2\n" + "1\n" * 200
    run = subprocess.run(_cli("play", WB, "--players", "2", "--seed", "3", "--out", str(out)),
                         input=script, capture_output=True, text=True, env=ENV, cwd=tmp_path, timeout=120)
    assert run.returncode == 0, run.stderr
    text = run.stdout
    assert "nothing to undo: this is your first decision" in text
    assert f"Not legal: {illegal} is not legal: you do not hold that card. Rule WB-PLAY-1: Playing cards" in text
    assert "Not legal: 'nonsense' is not a move of The Witches of Blackmore" in text
    assert "undone: back to your previous decision (move 1)" in text
    assert "── game over ──" in text
    assert "The Witches of Blackmore · you are seat 1 · your turn" in text  # the table, once per decision
    assert f"record saved: {out}" in text
    final = records.replay(records.load(out))
    assert final.is_terminal
    # the undone first move (1) is gone: the first decision took move 2, every later one move 1
    choices = _human_choices(out)
    assert choices[0] == 1 and set(choices[1:]) == {0}
    for seat, points in enumerate(final.scores):
        name = "you" if seat == 0 else f"seat {seat + 1}"
        assert re.search(rf"^{name} +{points}(  [+−0]|$)", text, re.M), (name, points, text)
    winners = sorted(final.winners)
    assert ("You win." if winners == [0] else "Seat 2 wins." if winners == [1] else "Shared win: you, seat 2.") in text


def test_default_record_path_is_in_the_current_folder(tmp_path: Path) -> None:
    run = subprocess.run(_cli("play", WB, "--seed", "5"), input="quit\n", capture_output=True, text=True,
                         env=ENV, cwd=tmp_path, timeout=60)
    assert run.returncode == 1
    path = tmp_path / f"rulebook-play-{WB}-seed5.json"
    assert path.exists()
    assert f"record saved: rulebook-play-{WB}-seed5.json" in run.stdout
    assert records.load(path).actions == ()


def test_pseudo_terminal_session(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect", reason="pexpect drives a pseudo-terminal (pip install pexpect)")
    out = tmp_path / "pty.json"
    child = pexpect.spawn(sys.executable, ["-m", "rulebook", "play", WB, "--players", "3", "--seed", "1",
                                           "--speed", "0", "--out", str(out)], env=ENV, cwd=str(tmp_path),
                          encoding="utf-8",
                          timeout=60, dimensions=(50, 200))
    child.expect_exact("seat 1> ")
    child.sendline("hint")
    child.expect_exact("Hint: play ")
    child.expect_exact("seat 1> ")
    child.sendline("play R1")  # seat 1 holds no R1 under seed 1
    child.expect_exact("WB-PLAY-1")
    child.expect_exact("seat 1> ")
    child.sendline("1")
    child.expect_exact("seat 1> ")
    child.sendline("undo")
    child.expect_exact("undone: back to your previous decision")
    child.expect_exact("seat 1> ")
    child.sendline("?")
    child.expect_exact("How to play The Witches of Blackmore")
    child.expect_exact("-- page 1 of")
    child.sendline("")
    child.expect_exact("WB-PLAY-1 · Playing cards")
    child.expect_exact("-- page 2 of")
    child.sendline("q")
    child.expect_exact("seat 1> ")
    child.sendline("quit")
    child.expect_exact("record saved:")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert records.load(out).actions == ()  # the undone move is not in the record


class FirstMove(io.StringIO):
    """A player at the keyboard who always types the first legal move, as its text (read from the game
    saved so far)."""

    def __init__(self, part: Path) -> None:
        super().__init__()
        self.part = part

    def readline(self, size: int | None = -1) -> str:
        state = records.replay(records.load(self.part))
        return f"{state.legal_actions()[0]}\n"


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_every_game_plays_to_the_end_hot_seat(slug: str, tmp_path: Path) -> None:
    game = rulebook.get_game(slug)
    rules = game.Rules(players=min(game.player_counts))
    stdout = io.StringIO()
    code = play(game, rules, seats=(0, 1), opponents=("random",), seed=2, out=tmp_path / "g.json",
                stdin=FirstMove(tmp_path / "g.json.part"), stdout=stdout, interactive=False)
    assert code == 0
    final = records.replay(records.load(tmp_path / "g.json"))
    assert final.is_terminal
    assert set(_human_choices(tmp_path / "g.json", 0)) == {0}
    assert set(_human_choices(tmp_path / "g.json", 1)) == {0}
    text = stdout.getvalue()
    assert "── game over ──" in text
    winners = sorted(final.winners)
    if not winners:
        assert "Nobody wins" in text
    elif len(winners) == 1:
        assert f"Seat {winners[0] + 1} wins." in text  # hot-seat: the summary names seats, not "you"


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_the_view_shows_only_the_seats_observation(slug: str, tmp_path: Path) -> None:
    """Every card named on screen before the first move is in seat 0's observation."""
    game = rulebook.get_game(slug)
    rules = game.Rules()
    stdout = io.StringIO()
    play(game, rules, seats=(0,), seed=4, out=tmp_path / "g.json", stdin=io.StringIO("quit\n"),
         stdout=stdout, interactive=False)
    state = records.replay(records.load(tmp_path / "g.json")) if records.load(tmp_path / "g.json").actions else None
    text = stdout.getvalue()
    namer, size = card_namer(game, rules)
    first = game.new_game(rules, seed=4)
    # replay the bots' moves before seat 0's first decision
    from rulebook.balance.players import player_from_spec

    assert state is None or state.history == ()
    obs_text = " ".join(v for _, v in render_observation(game, rules, _first_human(first, 0).observation(0)))
    visible = {namer(c) for c in range(size) if re.search(rf"(?<![\w#]){re.escape(namer(c))}(?!\w)", obs_text)}
    hidden = {namer(c) for c in range(size)} - visible
    shown_cards = {t for t in re.findall(r"[A-Z#]?\w+", text.split("record saved")[0]) if t in hidden}
    assert shown_cards == set()
    assert player_from_spec("heuristic")  # the opponents' kind used above


def _first_human(state: rulebook.State, seat: int) -> rulebook.State:  # type: ignore[type-arg]
    import random

    from rulebook.balance.players import heuristic_player

    rng = random.Random(4)
    while state.current_player != seat:
        state = state.apply(heuristic_player(state, rng))
    return state


def test_bad_seat_and_opponents_are_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from rulebook.cli.app import main

    assert main(["play", WB, "--seat", "7", "--out", str(tmp_path / "x.json")]) == 2
    assert "--seat 7 is not a seat: seats are 1–4" in capsys.readouterr().err
    assert main(["play", WB, "--seat", "0", "--out", str(tmp_path / "x.json")]) == 2
    assert "a seat is a number from 1, not '0'" in capsys.readouterr().err
    assert main(["play", WB, "--opponents", "genius", "--out", str(tmp_path / "x.json")]) == 2
    assert "unknown player kind 'genius'" in capsys.readouterr().err


def test_render_shows_card_texts_and_suit_names_exactly() -> None:
    game = rulebook.get_game(WB)
    state = game.new_game(game.Rules(players=3), seed=1)
    obs = state.observation(0)
    shown = dict(render_observation(game, state.rules, obs, (0,)))
    assert shown["hand"] == "[R4 R8 B8 Y1 Y2 P9]"
    assert shown["trump stack"] == "[Y3]"
    assert shown["trump suit"] == "yellow (Y)"
    assert shown["captured"] == "1: -; 2: -; 3: -"  # per seat, numbered from 1
    assert shown["trick"] == "-"
    import attrs

    assert list(shown) == [f.name.replace("_", " ") for f in attrs.fields(type(obs)) if f.name != "seat"]
    after = state.apply(game.parse_action("play R8"))
    assert dict(render_observation(game, after.rules, after.observation(2), (2,)))["trick"] == "seat 1: R8"
