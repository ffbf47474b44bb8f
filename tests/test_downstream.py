"""Everything downstream follows the variant (issue 32, item 5): simulate's usage, the terminal table,
hint, narration and replay (text and HTML) under added steps (UT-PHASE-2, UT-PHASE-3), moves a variant
adds and seats that play by a rule, and the table under Gods and Humans' visibility options."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import rulebook
from rulebook.balance.simulate import play_one
from rulebook.balance.usage import label, usage_rules
from rulebook.cli.app import main
from rulebook.core.options import rules_from_mapping
from rulebook.i18n import set_language
from rulebook.reference import records
from rulebook.reference.narrate import narrate_states
from rulebook.table.hint import hint
from rulebook.table.screen import table
from rulebook.variants.hooks import iter_states
from rulebook.variants.variant import load_variant

ROOT = Path(__file__).resolve().parent.parent
PASS_LEFT = str(ROOT / "docs/examples/utsuke_pass_left.toml")
DISCARD = str(ROOT / "docs/examples/discard_to_the_pile.py") + ":DISCARD_TO_THE_PILE"
DUMMY = str(ROOT / "docs/examples/witches_dummy.toml")
UT = rulebook.get_game("utsuke")
WB = rulebook.get_game("witches-of-blackmore")


@pytest.fixture
def japanese() -> Iterator[None]:
    set_language("ja")
    yield
    set_language("en")


# -- simulate: what each rule did -------------------------------------------------------------


def test_usage_counts_the_cards_passed_in_an_added_step_exactly() -> None:
    r = play_one(UT, load_variant(UT, PASS_LEFT), 7, 0, ["random"] * 4)
    assert r.usage == {
        "passed: UT-PHASE-2": 12, "move: Bid": 12, "move: Play": 144, "forced: Play": 41,
        "trick: UT-TRICK-1": 36, "score: UT-SCORE-2": 1, "score: UT-SCORE-3": 2, "end: UT-END-2": 1,
        "end: UT-END-3": 2, "npc: UT-LORD-1": 3, "npc: UT-LORD-2": 21, "npc: UT-LORD-3": 7, "npc: UT-LORD-4": 5,
    }
    # one card from each of the 4 players each round, as many as the bids
    assert "UT-PHASE-2" in usage_rules(r.usage)


def test_usage_counts_a_move_of_the_variants_own_kind_exactly() -> None:
    r = play_one(WB, load_variant(WB, DISCARD), 7, 0, ["random"] * 3)
    assert r.usage == {
        "added: discard": 3, "move: Play": 54, "move: Keep": 5, "move: Replace": 12, "forced: Play": 3,
        "trick: WB-TRICK-1": 6, "trick: WB-TRICK-2": 1, "trick: WB-TRICK-3": 11, "score: WB-SCORE-1": 18,
        "score: WB-TRUMP-1": 12, "end: WB-END-4": 1,
        # the decisions that offered a discard, and the discards taken, by the kind of player (issue 41)
        "offered: discard": 4, "taken: discard: random": 3,
    }
    assert "discard" not in usage_rules(r.usage)  # a kind of move, not a rule


def test_the_added_counts_are_named_for_people_in_both_languages() -> None:
    assert label("passed: UT-PHASE-2") == "UT-PHASE-2 (Passing cards) passed a card"
    assert label("shown: UT-PHASE-4") == "UT-PHASE-4 (Showing cards) showed a card"
    assert label("added: discard") == "moves the variant adds: discard"
    set_language("ja")
    try:
        assert label("passed: UT-PHASE-2") == "UT-PHASE-2（カードを渡す）でカードを渡した"
        assert label("added: discard") == "バリアントが加えた手：discard"
    finally:
        set_language("en")


def test_the_compared_report_shows_the_added_counts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.html"
    assert main(["simulate", "witches-of-blackmore", "--variant", DISCARD, "--games", "3", "--seed", "1",
                 "--players-as", "random", "--compare", "--json", "--report", str(out),
                 "--progress", str(tmp_path / "p.jsonl")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variant"]["usage"]["added: discard"] == 2.0 and "added: discard" not in data["printed"]["usage"]
    assert data["fired"] == ["moves made only under discard to the pile: discard"]
    assert "moves the variant adds: discard" in out.read_text(encoding="utf-8")


# -- the terminal table and hint during an added step --------------------------------------------


def _passing(moves: int) -> rulebook.State:  # type: ignore[type-arg]
    state = load_variant(UT, PASS_LEFT).new_game(seed=3)
    for _ in range(moves):
        state = state.apply(state.legal_actions()[0])
    return state


def test_the_table_during_an_added_step_shows_its_prompt_and_the_seats_choice() -> None:
    lines = table(_passing(1), 0)
    assert lines[-2:] == ["Added step, passing: choose 1 card to pass to seat 2 (face down)",
                          "1 of 4 players have chosen · your choice so far: A7"]
    assert all(len(line) <= 80 for line in lines)
    # seat 2 is to choose: its own prompt, no choice yet, and its cards to pass
    other = table(_passing(1), 1)
    assert "Added step, passing: choose 1 card to pass to seat 3 (face down)" in other
    assert "1 of 4 players have chosen" in other
    assert other[-2].startswith("Moves: 1) pass A4  2) pass A6")
    assert not any("A7" in line for line in other)  # seat 1's face-down choice stays its own (UT-PHASE-3)


def test_the_table_after_an_added_step_shows_what_the_seat_passed_and_received() -> None:
    lines = table(_passing(4), 0)
    assert lines[4:6] == ["You passed A7 to seat 2", "You received A3 from seat 4"]
    assert lines[-2] == "Your hand: A3 A8 A9 B2 B4 B7 B10 B11 C2 C7 D6 D8"
    third = table(_passing(4), 2)  # every seat sees its own pass only (UT-PHASE-3)
    assert [line for line in third if line.startswith(("You passed", "You received"))] == [
        "You passed A2 to seat 4", "You received A4 from seat 2"]
    assert not any("A7" in line or "A3" in line for line in third)


def test_the_table_and_hint_of_an_added_step_in_japanese(japanese: None) -> None:
    lines = table(_passing(1), 0)
    assert lines[-2:] == ["追加の手順（カードを渡す）：2番席に渡すカードを1枚選ぶ（裏向き）",
                          "4人中1人が選び終えた · ここまでのあなたの選択：A7"]
    assert table(_passing(4), 0)[4:6] == ["あなたは2番席にA7を渡した", "あなたは4番席からA3を受け取った"]
    assert str(hint(_passing(1))) == (
        "pass C4: バリアントが加えた手順で渡すカード：ルールを理解したボットはここでは手札からランダムに1枚選ぶ："
        "カードを渡す (UT-PHASE-2)")


def test_hint_during_and_after_an_added_step() -> None:
    during = hint(_passing(1))
    assert str(during) == ("pass C4: a card to pass in the variant's added step: the rule-aware player picks one "
                           "of your cards at random here: passing cards (UT-PHASE-2)")
    assert during.rule == "UT-PHASE-2" and during.action in _passing(1).legal_actions()
    after = hint(_passing(4))  # the engine's own decision and reason, as without the added step
    assert str(after).startswith("bid 5: the lord's row of 12 cards looks good")
    assert str(after) == str(hint(_passing(4).inner))


# -- Gods and Humans: the table under each visibility setting ----------------------------------


def _gods(**options: str) -> rulebook.State:  # type: ignore[type-arg]
    game = rulebook.get_game("gods-and-humans")
    state = game.new_game(rules_from_mapping(game.Rules, {"players": 5, **options}), seed=2)
    rng = random.Random(1)
    for _ in range(12):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


GODS_ROWS = {
    "printed": ["  you     human star · 4 cards · oracle 1, won 1 · 0 points",
                "  seat 1  god · 3 cards · 0 points",
                "▶ seat 2  god · 3 cards · 0 points",
                "  seat 3  human moon · 4 cards · oracle ?, won 1 · 0 points",
                "  seat 5  human sun (lone) · 4 cards · oracle ?, won 0 · 0 points"],
    "pairing": ["  you     human star · 4 cards · oracle 1, won 1 · 0 points",
                "  seat 1  god → you · 3 cards · 0 points",
                "▶ seat 2  god → seat 3 · 3 cards · 0 points",
                "  seat 3  human moon · 4 cards · oracle ?, won 1 · 0 points",
                "  seat 5  human sun (lone) · 4 cards · oracle ?, won 0 · 0 points"],
    "oracles": ["  you     human star · 4 cards · oracle 1, won 1 · 0 points",
                "  seat 1  god · 3 cards · 0 points",
                "▶ seat 2  god · 3 cards · 0 points",
                "  seat 3  human moon · 4 cards · oracle 4, won 1 · 0 points",
                "  seat 5  human sun (lone) · 4 cards · oracle 0, won 0 · 0 points"],
}
OPTIONS = {"printed": {}, "pairing": {"visible.pairing": "all"}, "oracles": {"visible.oracles": "from:handover"}}


@pytest.mark.parametrize("setting", list(GODS_ROWS))
def test_a_human_sees_the_pairing_and_oracles_its_setting_shows_and_nothing_more(setting: str) -> None:
    lines = table(_gods(**OPTIONS[setting]), 3)
    assert lines[3:8] == GODS_ROWS[setting]
    assert all(len(line) <= 80 for line in lines)
    from rulebook.core import render

    board = render.state_text(_gods(**OPTIONS[setting]), 3).splitlines()  # the board (``?``, pages) agrees
    assert [line for line in board if line.startswith(("gods:", "oracle cards"))] == [
        GODS_BOARD[setting][0], "oracle cards (predicted tricks, won so far): " + GODS_BOARD[setting][1]]


GODS_BOARD = {
    "printed": ("gods: [god seat 1]  [god seat 2]", "[seat 3: ?, won 1]  [seat 4: 1, won 1]  [seat 5: ?, won 0]"),
    "pairing": ("gods: [god seat 1 → seat 4]  [god seat 2 → seat 3]",
                "[seat 3: ?, won 1]  [seat 4: 1, won 1]  [seat 5: ?, won 0]"),
    "oracles": ("gods: [god seat 1]  [god seat 2]", "[seat 3: 4, won 1]  [seat 4: 1, won 1]  [seat 5: 0, won 0]"),
}


def test_the_gods_table_under_each_setting_in_japanese(japanese: None) -> None:
    assert table(_gods(), 3)[4:6] == ["  1番席   神 · 3枚 · 0点", "▶ 2番席   神 · 3枚 · 0点"]
    assert table(_gods(**OPTIONS["pairing"]), 3)[4:6] == ["  1番席   神 → あなた · 3枚 · 0点",
                                                          "▶ 2番席   神 → 3番席 · 3枚 · 0点"]
    assert table(_gods(**OPTIONS["oracles"]), 3)[6:8] == ["  3番席   人間 月 · 4枚 · 神託4、獲得1 · 0点",
                                                          "  5番席   人間 太陽 （孤高） · 4枚 · 神託0、獲得0 · 0点"]


# -- records, replay and narration ------------------------------------------------------------


def _played(ref: str, game: object, seed: int = 3) -> rulebook.State:  # type: ignore[type-arg]
    """A seeded game under the variant ``ref``: a move of the variant's own kind whenever one is offered."""
    variant = load_variant(game, ref)  # type: ignore[arg-type]
    state = variant.new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        legal = state.legal_actions()
        own = [a for a in legal if type(a).__name__ == "Discard"]
        state = state.apply(own[0] if own else rng.choice(legal))
    return state


def _saved(tmp_path: Path, ref: str, game: object) -> Path:
    variant = load_variant(game, ref)  # type: ignore[arg-type]
    state = _played(ref, game)
    return records.save(records.record_of(state, variant=variant.describe()), tmp_path / "game.json")


def test_a_game_with_an_added_step_replays_in_words_and_as_a_page(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    saved = _saved(tmp_path, PASS_LEFT, UT)
    assert main(["replay", str(saved)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == [
        "UTSUKE (うつけ) [utsuke], 4 players, seed 3, 224 actions",
        "Cards passed (UT-PHASE-2: Passing cards): seat 1 gave B2 to seat 2, seat 2 gave E1 to seat 3, seat 3 gave "
        "D7 to seat 4, seat 4 gave A11 to seat 1",
        "Trick 1: the lord leads; the lord C6, seat 1 C7, seat 2 C4, seat 3 C8, seat 4 C1. Seat 3 wins with C8 "
        "(UT-TRICK-1: The highest of the suit led)",
    ]
    assert sum(line.startswith("Cards passed") for line in out) == 4  # one per round
    assert out[-1] == "✓ every position passed the checks (game over)"
    page = tmp_path / "game.html"
    assert main(["replay", str(saved), "--html", str(page)]) == 0
    assert "wrote" in capsys.readouterr().out
    from rulebook.reference.replay_html import steps_of_states

    steps = steps_of_states(list(records.iter_states(records.load(saved))))
    # the passes are told at the step that ends the added step, not with the first trick
    assert [s.move for s in steps[1:5]] == ["seat 1: pass B2", "seat 2: pass E1", "seat 3: pass D7",
                                            "seat 4: pass A11"]
    assert [s.told for s in steps[1:4]] == [(), (), ()]
    assert steps[4].told == (out[1],)
    # every step draws the game's own board (the lord's row), not a generic one with the lord as a seat
    assert all("the lord&#x27;s row" in s.svg and "hand of seat 5" not in s.svg for s in steps[:6])
    assert out[1] in page.read_text(encoding="utf-8")


def test_a_game_with_the_variants_own_moves_replays_with_the_variant(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    saved = _saved(tmp_path, DISCARD, WB)
    assert main(["replay", str(saved), "--variant", DISCARD]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:4] == [
        "The Witches of Blackmore [witches-of-blackmore], 3 players, seed 3, 74 actions",
        "Seat 1: discard B7 (a move the variant adds)",
        "Trick 1 (trump: blue): seat 1 leads; seat 1 Y4, seat 2 P2, seat 3 P6. Seat 1 wins with Y4 (WB-TRICK-3: No "
        "trump: the leader's colour)",
    ]
    assert out[-1] == "✓ every position passed the checks (game over)"
    page = tmp_path / "game.html"
    assert main(["replay", str(saved), "--variant", DISCARD, "--html", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert "seat 1: discard B7" in text and "discard B7 (a move the variant adds)" in text
    assert main(["replay", str(saved), "--variant", DISCARD, "--seat", "2"]) == 0
    assert "B7" not in capsys.readouterr().out.split("#1 ")[1].splitlines()[0]  # a face-down discard


def test_the_variants_own_moves_are_told_in_japanese(tmp_path: Path, japanese: None) -> None:
    variant = load_variant(WB, DISCARD)
    states = list(iter_states(variant, records.record_of(_played(DISCARD, WB))))
    assert narrate_states(states)[1] == "1番席：discard B7（バリアントが加えた手）"


def test_a_record_replayed_without_the_variant_it_needs_names_what_is_missing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = _saved(tmp_path, DISCARD, WB)
    for extra in ([], ["--html", str(tmp_path / "game.html")]):
        capsys.readouterr()
        assert main(["replay", str(saved), *extra]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err
        assert err.startswith("rulebook: error: the record was made with the Python variant 'discard to the pile'")
        assert err.rstrip().endswith(f"pass it yourself with --variant {DISCARD}")
    # a record that does not say which variant it needs: the unknown move, and how to pass a variant
    bare = records.save(records.record_of(_played(DISCARD, WB)), tmp_path / "bare.json")
    capsys.readouterr()
    assert main(["replay", str(bare)]) == 2
    err = capsys.readouterr().err
    assert err == ("rulebook: error: action #0: 'discard B7': not an action of witches-of-blackmore: 'discard B7'; "
                   "if the game was played under a Python variant with moves of its own, pass that variant with "
                   "--variant FILE.py:NAME\n")


def test_a_game_with_a_seat_that_plays_by_a_rule_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = _saved(tmp_path, DUMMY, WB)
    assert main(["replay", str(saved)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == [
        "The Witches of Blackmore [witches-of-blackmore], 4 players, seed 3, 69 actions",
        "Trick 1 (trump: green): seat 1 leads; seat 1 Y3, seat 2 P2, seat 3 P6, seat 4 G6. Seat 4 wins with G6 "
        "(WB-TRICK-1: A single trump wins)",
    ]
    assert out[-1] == "✓ every position passed the checks (game over)"
    assert main(["replay", str(saved), "--html", str(tmp_path / "game.html")]) == 0


# -- the figures' names follow the options ------------------------------------------------------


def _six_cubes() -> list[rulebook.State]:  # type: ignore[type-arg]
    sp = rulebook.get_game("seven-prophecies")
    state = sp.new_game(sp.Rules(cubes=6), seed=0)
    rng = random.Random(0)
    states = [state]
    while not state.is_terminal:
        state = state.apply(sp.heuristic_action(state, rng))
        states.append(state)
    return states


def test_seven_prophecies_with_six_cubes_never_names_seven() -> None:
    states = _six_cubes()
    assert table(states[0], 0)[2] == "The players prophesy (6 cubes each, in secret)"
    assert states[-1].rounds[0].end == "seat 2 fulfilled the seven prophecies in trick 7"  # the record's own text
    story = narrate_states(states)
    at = next(i for i, line in enumerate(story) if line.startswith("Round 1 ends"))
    assert story[at] == "Round 1 ends: seat 3 fulfilled all 6 prophecies in trick 7 (SP-END-1: End of a round)"
    assert "  seat 3 +2: fulfilled all 6 prophecies (SP-SCORE-1)" in story[at:at + 5]
    assert not any("seven" in line for line in story[1:])  # the game's title aside
    from rulebook.table.screen import final_lines, round_lines

    assert not any("seven" in line for line in [*round_lines(states[-1]), *final_lines(states[-1])])
    sp = rulebook.get_game("seven-prophecies")
    printed = sp.new_game(sp.Rules(), seed=0)
    assert table(printed, 0)[2] == "The players prophesy (seven cubes each, in secret)"


def test_seven_prophecies_with_six_cubes_in_japanese(japanese: None) -> None:
    states = _six_cubes()
    assert table(states[0], 0)[2] == "プレイヤーが予言する（各6個のキューブで、秘密に）"
    assert next(line for line in narrate_states(states) if line.startswith("ラウンド1終了")) == (
        "ラウンド1終了：3番席がトリック7で6つの予言をすべて実現した（SP-END-1：ラウンドの終了）")


def _summary(**changes: int) -> object:
    from rulebook.balance.simulate import Summary

    return Summary(1, 4, 0.0, 0, 0, (), (), (), (), 0.0, {}, variant={"changes": changes})


def test_the_report_names_the_round_ends_by_the_cubes_and_tricks_in_force() -> None:
    from rulebook.balance.figures import figure_name

    cube, trick = "rounds_ended_by_seventh_cube", "rounds_ended_after_trick_10"
    printed, six, nine = _summary(), _summary(cubes=6), _summary(cubes=6, tricks=9)
    assert [figure_name(cube, runs=[printed]), figure_name(trick, runs=[printed])] == [
        "rounds ended by the seventh cube", "rounds ended after trick 10"]
    assert [figure_name(cube, runs=[six]), figure_name(trick, runs=[nine])] == [
        "rounds ended by cube 6 of a prophecy", "rounds ended after trick 9"]
    # sides that differ: a name true of both
    assert [figure_name(cube, runs=[printed, six]), figure_name(trick, runs=[printed, nine])] == [
        "rounds ended by a prophecy's last cube", "rounds ended after the round's last trick"]
    set_language("ja")
    try:
        assert figure_name(cube, runs=[six]) == "予言の6個目のキューブで終わったラウンド"
    finally:
        set_language("en")


def test_the_simulate_report_of_six_cubes_never_names_the_seventh(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "seven-prophecies", "--set", "cubes=6", "--games", "2", "--seed", "1",
                 "--players-as", "random", "--progress", str(tmp_path / "p.jsonl")]) == 0
    out = capsys.readouterr().out
    assert "│ rounds ended by cube 6 of a prophecy: mean  │" in out and "seventh" not in out


# -- play: a saved game continues; moves typed as listed --------------------------------------


def test_a_game_with_an_added_step_or_the_variants_own_moves_continues_from_its_file(tmp_path: Path) -> None:
    from rulebook.table.play import load_saved

    passing = _passing(2)  # two cards chosen of the first added step: the record carries the step as data
    saved = records.save(passing, tmp_path / "pass.json")
    variant, states, _meta = load_saved(UT, saved)
    assert [str(a) for a in states[-1].history] == ["pass A7", "pass A4"]
    assert states[-1] == passing and states[-1].current_player == 2 and variant.phases
    discard = load_variant(WB, DISCARD)
    state = discard.new_game(seed=3)
    state = state.apply(next(a for a in state.legal_actions() if str(a) == "discard B7"))
    saved = records.save(records.record_of(state, variant=discard.describe()), tmp_path / "discard.json")
    _variant, states, _meta = load_saved(WB, saved, discard)
    assert [str(a) for a in states[-1].history] == ["discard B7"]
    assert states[-1].inner.hands == state.inner.hands


def test_a_move_of_an_added_step_may_be_typed_as_listed() -> None:
    from rulebook.table.play import _match

    state = _passing(0)
    assert str(_match(UT, state, "pass a8")) == "pass A8"
    discard = load_variant(WB, DISCARD).new_game(seed=3)
    assert str(_match(WB, discard, "Discard  B7")) == "discard B7"


@pytest.mark.parametrize("moves", [1, 2, 4, 5])
def test_the_table_of_an_added_step_is_the_same_whatever_the_seat_cannot_see(moves: int) -> None:
    state = _passing(moves)
    for seat in range(4):
        seen = table(state, seat)
        for k in range(3):
            assert table(state.resample(seat, random.Random(k)), seat) == seen


def _not_the_usual(state: object, actions: tuple[object, ...]) -> list[object]:
    """A legal hook that forbids the rule-aware player's move (seeded as hint seeds it) where it has a choice."""
    usual = WB.heuristic_action(state.inner, random.Random(0))  # type: ignore[attr-defined]
    return [a for a in actions if a != usual] if len(actions) > 2 else list(actions)


def test_hint_says_when_the_variant_forbids_the_usual_move() -> None:
    from rulebook.reference.words import move_text
    from rulebook.variants.variant import Variant

    state = Variant(WB, WB.Rules(players=3), legal=_not_the_usual).new_game(seed=1)
    usual = WB.heuristic_action(state.inner, random.Random(0))  # type: ignore[attr-defined]
    advice = hint(state)
    assert advice.action in state.legal_actions() and advice.action != usual
    assert advice.reason == (f"the variant does not allow the rule-aware player's usual move ({usual}) here; this "
                             "one is picked at random among the moves it allows")
    set_language("ja")
    try:
        shown = move_text(str(usual))
        assert hint(state).reason == (f"バリアントがルールを理解したボットのいつもの手（{shown}）を"
                                      "ここでは認めないため、認められた手からランダムに選んだ手")
    finally:
        set_language("en")


def test_a_showing_step_at_the_table_and_in_the_story() -> None:
    from rulebook.variants.phases import RevealCards
    from rulebook.variants.variant import Variant

    variant = Variant(UT, UT.Rules(), phases=(RevealCards(before="bid", cards=1, turns="in_turn"),))
    state = variant.new_game(seed=5)
    states = [state]
    for _ in range(4):
        state = state.apply(state.legal_actions()[0])
        states.append(state)
    # seat 3 to choose: the choices made openly so far (UT-PHASE-4), then every card shown
    assert table(states[2], 2)[-5:-2] == ["Added step, showing: choose 1 card to show to everyone (openly)",
                                          "2 of 4 players have chosen", "Chosen openly: seat 1 A3, seat 2 A2"]
    assert table(states[4], 2)[4] == "Cards shown: seat 1 A3, seat 2 A2, you B5, seat 4 A1"
    assert narrate_states(states)[1] == (
        "Cards shown (UT-PHASE-4: Showing cards): seat 1 A3, seat 2 A2, seat 3 B5, seat 4 A1")
    assert label("shown: UT-PHASE-4") == "UT-PHASE-4 (Showing cards) showed a card"
