"""Typing moves at the table (issue 35 item 8, issue 36 item 7): one way in every game.

The listed number always means the listed move; several moves of one turn (a prophecy's cubes)
may be typed in one line; a gift names the human who receives it; junk at the prompt is never
taken as a move.
"""

from __future__ import annotations

import io
import random
import subprocess
import sys
from pathlib import Path

import pytest

import rulebook
from rulebook.reference import records
from rulebook.reference.words import card_namer
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
    assert _steps(game, state, "3 1 2") == ["1", "2", "3"]
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
    assert "Cube 2 of 7: type its place" in text
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


def test_yes_1_at_saru_keeps_asking_and_ends_cleanly(tmp_path: Path) -> None:
    """``yes 1 | rulebook play saru-tori-inu-i``: 1 is a move at the declaration too; the end of input saves."""
    out = tmp_path / "saru.json"
    run = subprocess.run([sys.executable, "-m", "rulebook", "play", "saru-tori-inu-i", "--seed", "4", "--out",
                          str(out)], input="1\n" * 300, capture_output=True, text=True, cwd=tmp_path, timeout=300,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "NO_COLOR": "1"})
    assert run.stderr == ""
    assert run.stdout.rstrip().endswith(f"(seed 4; continue: rulebook play saru-tori-inu-i --resume {out})")
    assert "input ended before the game did" in run.stdout
    record = records.load(out)
    states = list(records.iter_states(record))
    declared = [s for s in states[:-1] if s.current_player == 0
                and any(str(a).startswith("declare ") for a in s.legal_actions())]
    assert declared, "the game never reached a declaration screen of seat 1"
    assert "there is no move with 1: type a move as listed" not in run.stdout


def test_moves_in_japanese_are_shown_and_typed_in_both_languages(tmp_path: Path) -> None:
    """Issue 35 item 6: under --lang ja the moves read in Japanese; either language is accepted."""
    from rulebook.i18n import set_language
    from rulebook.reference.words import move_text, typed_move

    set_language("ja")
    try:
        assert move_text("play B5") == "出す B5"
        assert move_text("prophesy 3") == "予言 3"
        assert move_text("give G3") == "渡す G3"
        for typed in ("出す B5", "出すB5", "出す　Ｂ５", "play B5", "  出す   B5 "):
            assert typed_move(typed) == "play B5", typed
        assert typed_move("予言 4 1 2") == "prophesy 4 1 2"
        assert typed_move("パス") == "pass"
        game = rulebook.get_game("seven-prophecies")
        state = _first_prophecy()
        lines = table(state, 0)
        assert lines[-1] == "選べる手（数字を入力）：予言 1 2 3 4"
        shown = io.StringIO()
        play(game, game.Rules(players=4), seed=1, stdin=io.StringIO("予言 4 1 2 2 3 1 4\n"), stdout=shown,
             interactive=False, out=tmp_path / "ja.json")
        assert "  · あなた：予言 1\n" in shown.getvalue()
        mine = [a for s, a in zip(records.iter_states(records.load(tmp_path / "ja.json")),
                                  records.load(tmp_path / "ja.json").actions) if s.current_player == 0]
        assert mine == ["prophesy 1", "prophesy 1", "prophesy 2", "prophesy 2", "prophesy 3", "prophesy 4",
                        "prophesy 4"]
    finally:
        set_language("en")


def test_the_what_to_do_now_line_in_japanese() -> None:
    """Issue 35 item 6: the board's "now" line was looked for in English only; it is shown in Japanese too."""
    from rulebook.i18n import set_language

    game = rulebook.get_game("gods-and-humans")
    state = game.new_game(game.Rules(), seed=1)
    assert table(state, 0)[1] == "Deal 1 of 4 · the gods choose oracle cards"
    set_language("ja")
    try:
        assert table(state, 0)[1] == "ディール1/4 · 神が神託カードを選ぶ"
    finally:
        set_language("en")


def test_a_declaration_and_its_two_cards_in_one_line() -> None:
    """Saru Tori Inu I's declaration is three moves (declare, then two cards); one line may hold them all."""
    from rulebook.table.play import _chain

    game = rulebook.get_game("saru-tori-inu-i")
    for state in _positions("saru-tori-inu-i", seeds=6):
        declares = [str(a) for a in state.legal_actions() if str(a).startswith("declare ")]
        if not declares or len(state.observation(state.current_player).hand) < 3:
            continue
        seat = state.current_player
        hand = sorted(state.observation(seat).hand)
        name, _n = card_namer(game, state.rules)
        two = [name(c) for c in hand[:2]]
        for line in (f"{declares[0]} pair {two[0]} {two[1]}", f"{declares[0]} {two[0]} {two[1]}"):
            steps = _steps(game, state, line)
            assert steps == [declares[0], f"pair {two[0]}", f"pair {two[1]}"], steps
            done, why = _chain(game, state, steps, seat)
            assert why == "" and [str(m) for _b, m, _a in done] == steps
        return
    pytest.fail("no declaration found")
