"""What a player reads at the table, in replays and in the rules (issue 43 items 9, 10 and 11).

Each test names the words the issue found wrong: a round's result that never reached the screen, a total of
several rounds under one round's words, a refusal that speaks of "seat 1" to the player who is "you",
Japanese screens with English left in them, and words a player must decode.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path
from typing import Any

import pytest

import rulebook
from rulebook.core import render
from rulebook.i18n import set_language
from rulebook.reference import records
from rulebook.reference.narrate import narrate_states
from rulebook.table.play import _help_pages, _match, play
from rulebook.table.screen import final_lines, round_lines

ROOT = Path(__file__).resolve().parents[1]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _screens(game: Any, rules: Any, seed: int, tmp_path: Path, answers: str = "1\n" * 600) -> list[str]:
    """The screens of a whole game at an 80x24 table (interactive), each as the prompt found it."""
    shown = io.StringIO()
    play(game, rules, seed=seed, stdin=io.StringIO(answers), stdout=shown, interactive=True, speed=0,
         out=tmp_path / "g.json")
    return [ANSI.sub("", s) for s in shown.getvalue().split("\x1b[H\x1b[2J") if "seat 1> " in s]


def _finished(slug: str, seed: int = 3, **options: Any) -> Any:
    game = rulebook.get_game(slug)
    state = game.new_game(game.Rules(**options), seed=seed)
    rng = random.Random(1)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# -- item 9: the table ------------------------------------------------------------------------


def test_every_seven_prophecies_round_result_reaches_the_screen(tmp_path: Path) -> None:
    """The bots' whole prophecies after a round's end pushed its result off the screen before your turn."""
    game = rulebook.get_game("seven-prophecies")
    screens = _screens(game, game.Rules(players=4), 2, tmp_path)
    played = records.replay(records.load(tmp_path / "g.json"))
    for n in range(1, len(played.rounds)):  # the last round's result is on the final screen
        assert any(f"· Round {n} ends: " in s for s in screens), f"round {n}'s result never reached the screen"


def test_log_is_named_in_the_readme_and_at_the_prompt() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "`log`" in readme
    game = rulebook.get_game("witches-of-blackmore")
    state = game.new_game(game.Rules(players=3), seed=1)
    refused = _match(game, state, "dance")
    assert refused == ("'dance' is not a move of The Witches of Blackmore; type a number or a move as listed "
                       "(? the rules, hint, log the last round, undo, quit)")


def test_a_refusal_speaks_to_you() -> None:
    game = rulebook.get_game("witches-of-blackmore")
    state = game.new_game(game.Rules(players=3), seed=1)
    held = {game.card_text(c) for c in state.observation(0).hand}
    other = next(t for t in (game.card_text(c) for c in game.deck.cards) if t not in held)
    why = _match(game, state, f"play {other}")
    assert why == f"play {other} is not legal: you do not hold that card. Rule WB-PLAY-1: Playing cards"


@pytest.mark.parametrize(("slug", "word"), [("seven-prophecies", "rounds"), ("utsuke", "rounds"),
                                            ("gods-and-humans", "deals"), ("saru-tori-inu-i", "races")])
def test_a_total_of_several_rounds_says_how_many(slug: str, word: str) -> None:
    state = _finished(slug)
    lines = " ".join(final_lines(state, (0,)))
    assert re.search(rf"[+−]\d+ in \d+ {word}: ", lines), lines
    by_rule: dict[tuple[int, str], set[int]] = {}
    for r in state.rounds:
        for c in r.changes:
            by_rule.setdefault((c.seat, c.rule), set()).add(r.number)
    assert any(len(v) > 1 for v in by_rule.values())


# -- item 10: Japanese left in English ----------------------------------------------------------


def test_the_boards_legal_moves_are_in_japanese() -> None:
    game = rulebook.get_game("utsuke")
    state = game.new_game(game.Rules(), seed=1)
    state = state.apply(state.legal_actions()[0])
    while not any(str(a).startswith("play ") for a in state.legal_actions()):
        state = state.apply(state.legal_actions()[0])
    set_language("ja")
    text = render.state_text(state, state.current_player)
    legal = next(line for line in text.splitlines() if line.startswith("選べる手："))
    assert "出す " in legal and "play " not in legal, legal


def test_a_step_refused_in_japanese_names_the_move_in_japanese(tmp_path: Path) -> None:
    game = rulebook.get_game("seven-prophecies")
    set_language("ja")
    shown = io.StringIO()
    play(game, game.Rules(players=4), seed=1, stdin=io.StringIO("prophesy 1 1 9\n"), stdout=shown,
         interactive=False, out=tmp_path / "sp.json")
    assert "（予言 9）" in shown.getvalue() and "(prophesy 9)" not in shown.getvalue()


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_the_rules_at_the_table_have_no_english_notes_in_japanese(slug: str) -> None:
    game = rulebook.get_game(slug)
    state = game.new_game(game.Rules(), seed=1)
    set_language("ja")
    rng = random.Random(1)
    seen = ""
    for _ in range(80):
        if state.is_terminal:
            break
        seen += "\n".join(_help_pages(state, state.current_player))
        for _ in range(7):
            if not state.is_terminal:
                state = state.apply(rng.choice(state.legal_actions()))
    assert "Options:" not in seen and "NPC" not in seen and "Rules." not in seen and "名誉" not in seen


def test_resume_keeps_the_language(tmp_path: Path) -> None:
    game = rulebook.get_game("witches-of-blackmore")
    set_language("ja")
    shown = io.StringIO()
    play(game, game.Rules(players=3), seed=1, stdin=io.StringIO("1\nquit\n"), stdout=shown, interactive=False,
         out=tmp_path / "g.json")
    assert "続きから：rulebook play witches-of-blackmore --lang ja --resume" in shown.getvalue()
    set_language("en")
    again = io.StringIO()
    play(game, None, seats=None, opponents=None, stdin=io.StringIO("quit\n"), stdout=again, interactive=False,
         resume=tmp_path / "g.json")
    assert "を1手目" not in again.getvalue() and "ブラックモアの魔女" in again.getvalue(), again.getvalue()[:300]
    kept = io.StringIO()
    play(game, None, seats=None, opponents=None, stdin=io.StringIO("quit\n"), stdout=kept, interactive=False,
         resume=tmp_path / "g.json", keep_language=True)  # --lang en given: English
    assert kept.getvalue().startswith("The Witches of Blackmore [witches-of-blackmore]")


def test_the_plots_legend_names_the_printed_rules_in_japanese() -> None:
    pytest.importorskip("matplotlib")
    from rulebook.balance.plots import _shown_runs

    set_language("ja")
    assert list(_shown_runs({"printed rules": 1, "must follow": 2})) == ["製品版のルール", "must follow"]  # type: ignore[dict-item]


# -- item 11: words a player must decode --------------------------------------------------------


def test_saru_tells_races_as_races(tmp_path: Path) -> None:
    game = rulebook.get_game("saru-tori-inu-i")
    state = _finished("saru-tori-inu-i")
    assert round_lines(state, (0,))[0].startswith(f"Race {len(state.rounds)}: ")
    shown = io.StringIO()
    play(game, game.Rules(), seed=3, stdin=io.StringIO("1\n" * 600), stdout=shown, interactive=False,
         out=tmp_path / "g.json")
    assert "· Race 1 ends: 6 rounds were played; " in shown.getvalue()
    assert "Round 1 ends" not in shown.getvalue()


def test_saru_missions_read_as_sentences_and_card_points_name_the_cards() -> None:
    from rulebook.games.saru_tori_inu_i.render import mission_text
    from rulebook.games.saru_tori_inu_i.rules import DEFAULT_MISSIONS

    texts = [mission_text(m) for m in DEFAULT_MISSIONS]
    assert texts[2] == ("race: 12 points if the bird finishes 1st and the monkey 2nd; 16 instead if the dog "
                        "finishes 3rd as well")
    assert texts[3] == "collected cards: 1 point for each card you acquire, if you acquire a card of every colour"
    lines = " ".join(final_lines(_finished("saru-tori-inu-i"), (0,)))
    assert "points per card (ST-SCORE-2)" not in lines
    assert re.search(r"points for \d+ acquired cards \(ST-SCORE-2\)", lines), lines


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_trick_won_says_why_not_that_it_was_won(lang: str) -> None:
    state = _finished("utsuke")
    set_language(lang)
    story = "\n".join(narrate_states([state]))  # the records of the last state tell every trick
    assert "Winning a trick" not in story and "トリックの勝者" not in story
    said = {"en": ("UT-TRICK-1: The highest trump", "UT-TRICK-1: The highest of the suit led"),
            "ja": ("UT-TRICK-1：最も強い切り札", "UT-TRICK-1：リードされたスートの最も強いカード")}[lang]
    assert all(s in story for s in said), story[:600]


def test_utsukes_goals_follow_the_options() -> None:
    game = rulebook.get_game("utsuke")
    state = game.new_game(game.Rules(honour_to_win=5, chips_to_lose=1), seed=1)
    text = render.state_text(state, 0)
    assert "honour (誉; 5 wins): " in text and "execution chips (打ち首; 1 loses): " in text
    rounds = game.new_game(game.Rules(end="rounds", rounds=5, endings_off=("chips",)), seed=1)
    text = render.state_text(rounds, 0)
    assert "honour (誉): " in text and "execution chips (打ち首): " in text
    assert "3 wins" not in str(state.observation(0)) and "2 lose" not in str(state.observation(0))


def test_verify_names_what_a_variant_file_adds(capsys: pytest.CaptureFixture[str]) -> None:
    from rulebook.cli.verify import variant_text
    from rulebook.variants.variant import load_variant

    ut = rulebook.get_game("utsuke")
    assert variant_text(load_variant(ut, str(ROOT / "docs/examples/utsuke_pass_left.toml"))) == (
        "pass one card left (added steps: pass 1 to the left before bid)")
    assert variant_text(load_variant(ut, str(ROOT / "docs/examples/utsuke_loser_leads.toml"))) == (
        "utsuke, loser leads (turns: trick=loser, round=lowest_score)")
    wb = rulebook.get_game("witches-of-blackmore")
    assert variant_text(load_variant(wb, str(ROOT / "docs/examples/witches_dummy.toml"))) == (
        "witches dummy (seats played by a rule: 4=highest (never wins))")


def test_the_witches_replay_names_each_tricks_trump() -> None:
    state = _finished("witches-of-blackmore")
    story = narrate_states(list(records.iter_states(records.record_of(state))))
    tricks = [line for line in story if line.startswith("Trick ")]
    assert tricks and all(re.match(r"Trick \d+ \((trump: \w+|no trump)\): ", line) for line in tricks), tricks[:3]


def test_seat_numbers_in_the_reasons_count_from_one() -> None:
    from rulebook.table.screen import reason_words

    assert reason_words("captured trick 0", 4, (0,)) == "captured trick 1"
    assert reason_words("race mission 0: 2 of 2 tier(s) hold", 4) == "race mission 1: 2 of 2 tiers hold"
    assert reason_words("seat 1 fulfilled the seven prophecies in trick 8", 4, (0,)) == (
        "seat 2 fulfilled the seven prophecies in trick 8")
    assert reason_words("seat 0 fulfilled the seven prophecies in trick 8", 4, (0,)) == (
        "you fulfilled the seven prophecies in trick 8")
