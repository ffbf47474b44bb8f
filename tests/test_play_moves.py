"""Typing moves at the table (issue 35 item 8, issue 36 item 7): one way in every game.

The listed number always means the listed move; several moves of one turn (a prophecy's cubes)
may be typed in one line; a gift names the human who receives it; junk at the prompt is never
taken as a move.
"""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import rulebook
from rulebook.reference import records
from rulebook.table.play import _match, _steps, play
from rulebook.table.screen import table, typed_numbers

ROOT = Path(__file__).resolve().parents[1]


def _positions(slug: str, seeds: int = 2, most: int = 400):  # type: ignore[no-untyped-def]
    game = rulebook.get_game(slug)
    for seed in range(seeds):
        state = game.new_game(game.Rules(), seed=seed)
        rng = random.Random(seed)
        for _ in range(most):
            if state.is_terminal:
                break
            yield state
            state = state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_every_listed_number_is_the_listed_move(slug: str) -> None:
    game = rulebook.get_game(slug)
    declarations = 0
    for state in _positions(slug):
        seat = state.current_player
        legal = state.legal_actions()
        numbers = typed_numbers(legal)
        screen = "\n".join(table(state, seat))
        moves = screen[screen.index("Moves"):]
        assert "1" in numbers, moves  # a move list always numbers what it lists, from 1 (issue 43 item 2)
        for number, listed in re.findall(r"(\d+)\) (\S+ ?\S*?)(?=  |\n| ·|$)", moves.replace("\n  ", "  ")):
            assert str(_match(game, state, number)) == listed, moves
        for number, action in numbers.items():
            assert _match(game, state, number) == action
            if number.isdigit() and str(action).partition(" ")[2] != number:
                assert f"{number}) {action}" in moves.replace("\n  ", " "), moves
        if any(str(a).startswith("declare ") for a in legal):
            declarations += 1
            assert _match(game, state, "1") == legal[0], moves  # a card to play, numbered first
            assert "1) play " in moves or "1) down " in moves, moves
            assert "or declare " in moves, moves
    if slug == "saru-tori-inu-i":
        assert declarations > 5


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
@pytest.mark.parametrize("junk", ["0", "-1", "99", "+1", "01", "", "   ", "1 2 x"])
def test_junk_at_the_prompt_is_never_a_move(slug: str, junk: str, tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    shown = io.StringIO()
    game = rulebook.get_game(slug)
    first = next(s for s in _positions(slug, seeds=5) if s.setup.seed == 4 and s.current_player == 0)
    if junk in typed_numbers(first.legal_actions()):  # bid 0 is a move of its own, listed as 0
        assert str(typed_numbers(first.legal_actions())[junk]).endswith(f" {junk}")
        return
    code = play(game, game.Rules(), seed=4, out=out, stdin=io.StringIO(junk + "\n"), stdout=shown,
                interactive=False)
    assert code == 1
    record = records.load(out)
    states = list(records.iter_states(record))
    assert all(s.current_player != 0 for s in states[:-1]), f"{junk!r} was taken as a move"
    assert "input ended before the game did" in shown.getvalue()
    assert "Traceback" not in shown.getvalue()


def _first_prophecy() -> rulebook.core.contract.State:  # type: ignore[name-defined]
    game = rulebook.get_game("seven-prophecies")
    state = game.new_game(game.Rules(players=4), seed=1)
    assert state.current_player == 0
    return state


def test_a_prophecy_in_one_line_in_any_order(tmp_path: Path) -> None:
    game = rulebook.get_game("seven-prophecies")
    state = _first_prophecy()
    assert _steps(game, state, "prophesy 4 1 2 2 3 1 4") == [
        "prophesy 1", "prophesy 1", "prophesy 2", "prophesy 2", "prophesy 3", "prophesy 4", "prophesy 4"]
    assert _steps(game, state, "3 1 2") == ["prophesy 1", "prophesy 2", "prophesy 3"]  # places, as the prompt says
    assert _steps(game, state, "prophesy 2") == ["prophesy 2"]
    shown = io.StringIO()
    play(game, game.Rules(players=4), seed=1, stdin=io.StringIO("3 1 2 2 4 1 4\n"), stdout=shown, interactive=False,
         out=tmp_path / "sp.json")
    text = shown.getvalue()
    assert "Cube 1 of 7: type its place, or the places of all 7 cubes left at once" in text
    record = records.load(tmp_path / "sp.json")
    mine = [a for s, a in zip(records.iter_states(record), record.actions) if s.current_player == 0]
    assert mine == ["prophesy 1", "prophesy 1", "prophesy 2", "prophesy 2", "prophesy 3", "prophesy 4", "prophesy 4"]


def test_a_prophecy_step_by_step_names_the_step_and_no_internal_title(tmp_path: Path) -> None:
    game = rulebook.get_game("seven-prophecies")
    state = _first_prophecy().apply(game.parse_action("prophesy 3", _first_prophecy().rules))
    why = _match(game, state, "prophesy 1")
    assert isinstance(why, str)
    assert why == "prophesy 1 is not legal: cubes are placed in order of place, first to last. Rule SP-RULING-4"
    assert "atomic" not in why
    text = "\n".join(table(state, 0))
    # places 1 and 2 are closed: the places left are listed by number (1 is a move), and the prompt says so
    assert "Cube 2 of 7: type its number as listed" in text
    assert text.endswith("Moves: 1) prophesy 3  2) prophesy 4")
    assert _match(game, state, "1") == game.parse_action("prophesy 3", state.rules)
    assert _match(game, state, "4") == game.parse_action("prophesy 4", state.rules)  # its own number: no listed one
    shown = io.StringIO()
    play(game, game.Rules(players=4), seed=1, stdin=io.StringIO("prophesy 1 1 9\n"), stdout=shown, interactive=False,
         out=tmp_path / "sp2.json")
    assert "Not legal: move 3 of 3 (prophesy 9): 'prophesy 9' is not a move" in shown.getvalue()
    record = records.load(tmp_path / "sp2.json")
    assert tuple(record.actions) == (), "a line with a wrong move makes none of its moves"


def test_a_gift_names_the_human_who_receives_it() -> None:
    game = rulebook.get_game("gods-and-humans")
    checked = 0
    for state in _positions("gods-and-humans", seeds=4, most=2000):
        legal = state.legal_actions()
        if not any(str(a).startswith("give ") for a in legal):
            continue
        seat = state.current_player
        lines = table(state, seat)
        said = [line for line in lines if "this card goes to" in line]
        assert len(said) == 1, "\n".join(lines)
        forced = state.observation(seat).forced
        if forced is not None and not forced.revealed:
            continue
        after = state.apply(legal[0])
        card = next(c for c in range(game.deck.size) if game.card_text(c) == str(legal[0]).split()[1])
        to = int(said[0].rsplit("seat ", 1)[1]) - 1 if "seat " in said[0] else seat
        assert card in after.observation(to).hand
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("seed", [3, 4])
def test_yes_1_at_saru_plays_to_the_end(seed: int, tmp_path: Path) -> None:
    """``yes 1 | rulebook play saru-tori-inu-i --seed 3`` (issue 43 item 2): 1 is always a listed move, at the
    declaration and when only columns 2 and up take the cards (``Moves: 1) under 2``), so the game ends."""
    out = tmp_path / "saru.json"
    run = subprocess.run([sys.executable, "-m", "rulebook", "play", "saru-tori-inu-i", "--seed", str(seed), "--out",
                          str(out), "--speed", "0"], input="1\n" * 600, capture_output=True, text=True, cwd=tmp_path,
                         timeout=300, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "NO_COLOR": "1"})
    assert run.stderr == ""
    assert run.stdout.rstrip().endswith(f"(seed {seed}; rulebook replay {out})"), run.stdout[-2000:]
    assert "there is no move with 1" not in run.stdout
    record = records.load(out)
    states = list(records.iter_states(record))
    assert states[-1].is_terminal
    declared = [s for s in states[:-1] if s.current_player == 0
                and any(str(a).startswith("declare ") for a in s.legal_actions())]
    assert declared, "the game never reached a declaration screen of seat 1"
    if seed == 3:  # the position of the issue: one column to choose, listed as 1
        assert any(s.current_player == 0 and [str(a) for a in s.legal_actions()] == ["under 2"] for s in states)
