"""Downstream of the draft and exchange steps (issue 32): the table, hint, narration and replay, simulate's
usage and the reads report under the Witches' exchange with the draw pile (WB-PHASE-4) and Saru Tori Inu
I's mission draft (ST-PHASE-3), in both languages, and never showing a seat another seat's draw."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import rulebook
from rulebook.balance.reads import fitting_players, unread_lines
from rulebook.balance.simulate import play_one
from rulebook.balance.usage import label, usage_rules
from rulebook.cli.app import main
from rulebook.i18n import set_language
from rulebook.reference import records
from rulebook.reference.narrate import narrate_states
from rulebook.table.hint import hint
from rulebook.table.screen import table
from rulebook.variants.variant import load_variant

ROOT = Path(__file__).resolve().parent.parent
EXCHANGE = str(ROOT / "docs/examples/witches_exchange.toml")
DRAFT = str(ROOT / "docs/examples/saru_mission_draft.toml")
WB = rulebook.get_game("witches-of-blackmore")
ST = rulebook.get_game("saru-tori-inu-i")


@pytest.fixture
def japanese() -> Iterator[None]:
    set_language("ja")
    yield
    set_language("en")


def _states(game: object, ref: str, moves: int) -> list[rulebook.State]:  # type: ignore[type-arg]
    """Seed 1 under the variant ``ref``, the first legal move each time."""
    state = load_variant(game, ref).new_game(seed=1)  # type: ignore[arg-type]
    out = [state]
    for _ in range(moves):
        state = state.apply(state.legal_actions()[0])
        out.append(state)
    return out


WB_STATES = _states(WB, EXCHANGE, 8)
ST_STATES = _states(ST, DRAFT, 3)


# -- the table -------------------------------------------------------------------------------


def test_the_table_during_an_exchange_shows_the_seats_draw_and_choice() -> None:
    lines = table(WB_STATES[0], 0)
    assert lines[7:] == [
        "Your hand: R4 R8 B8 Y1 Y2 P9",
        "Added step, exchange with the draw pile: you drew B6 O2; choose 2 cards to put",
        "  back face down at the bottom",
        "0 of 4 players have chosen",
        "Moves: 1) return R4  2) return R8  3) return B6  4) return B8  5) return Y1",
        "  6) return Y2  7) return P9  8) return O2",
    ]
    assert table(WB_STATES[2], 0)[-1] == "1 of 4 players have chosen · you put back so far: R4 R8"
    assert all(len(line) <= 80 for line in lines)


def test_another_seat_sees_its_own_draw_and_never_the_first_seats() -> None:
    other = table(WB_STATES[2], 1)  # seat 2 to choose once seat 1 has put back R4 R8
    assert other[7:11] == [
        "Your hand: R3 R6 G4 Y5 O3 O5",
        "Added step, exchange with the draw pile: you drew O8 R2; choose 2 cards to put",
        "  back face down at the bottom",
        "1 of 4 players have chosen",
    ]
    text = "\n".join(other)
    assert not any(card in text for card in ("B6", "O2", "R4", "R8"))  # seat 1's draw and returns


def test_the_table_after_an_exchange_names_only_the_seats_own_returns() -> None:
    assert table(WB_STATES[8], 0)[3:6] == [
        "You put back R4 R8 face down at the bottom of the draw pile",
        "Put back face down by the others: seat 2 (2 cards), seat 3 (2 cards), seat 4 (2",
        "  cards)",
    ]
    second = table(WB_STATES[8], 1)
    assert second[3] == "You put back R2 R3 face down at the bottom of the draw pile"
    assert not any("R4" in line or "R8" in line for line in second)


def test_the_table_during_a_mission_draft_names_each_mission_as_the_game_does() -> None:
    assert table(ST_STATES[0], 0)[8:] == [
        "Your mission: collected cards: 1 point for each card you acquire, if you acquire",
        "  a card of every colour",
        "Added step, draft from the missions not dealt: you were dealt mission 4 and",
        "  mission 3; keep 1 mission, the other goes back face down at the bottom",
        "mission 4 (collected cards: 1 point for each card you acquire, if you acquire a",
        "  card of every colour)",
        "mission 3 (race: 12 points if the bird finishes 1st and the monkey 2nd; 16",
        "  instead if the dog finishes 3rd as well)",
        "0 of 3 players have chosen",
        "Moves: 1) keep mission 3  2) keep mission 4",
    ]
    assert table(ST_STATES[1], 0)[-1] == "1 of 3 players have chosen · you keep so far: mission 3"
    other = table(ST_STATES[1], 1)  # seat 2: its own two missions; never seat 1's
    assert other[10:17] == [
        "Added step, draft from the missions not dealt: you were dealt mission 6 and",
        "  mission 2; keep 1 mission, the other goes back face down at the bottom",
        "mission 6 (collected cards: 1 point for each card you acquire, if you are 1st in",
        "  yellow)",
        "mission 2 (race: 12 points if the dog finishes 1st and the bird 2nd; 16 instead",
        "  if the boar finishes 3rd as well)",
        "1 of 3 players have chosen",
    ]
    assert not any("mission 3" in line or "mission 4" in line for line in other)


def test_the_table_after_a_mission_draft_names_what_the_seat_kept_and_put_back() -> None:
    assert table(ST_STATES[3], 0)[5:7] == ["You kept mission 3 and put back mission 4 face down",
                                           "Put back face down by the others: seat 2 (1 mission), seat 3 (1 mission)"]
    third = table(ST_STATES[3], 2)
    assert third[5] == "You kept mission 1 and put back mission 5 face down"
    assert not any("mission 3" in line or "mission 4" in line for line in third)


@pytest.mark.parametrize(("which", "moves"), [("wb", 0), ("wb", 2), ("wb", 8), ("st", 1), ("st", 3)])
def test_the_table_of_a_pile_step_is_the_same_whatever_the_seat_cannot_see(which: str, moves: int) -> None:
    state = (WB_STATES if which == "wb" else ST_STATES)[moves]
    for seat in range(state.rules.players):
        seen = table(state, seat)
        for k in range(3):
            assert table(state.resample(seat, random.Random(k)), seat) == seen


def test_the_table_of_the_pile_steps_in_japanese(japanese: None) -> None:
    assert table(WB_STATES[2], 1)[8:11] == [
        "追加の手順（山札との交換）：あなたはO8 R2を引いた。裏向きで一番下に戻すものを2枚",
        "  選ぶ",
        "4人中1人が選び終えた",
    ]
    assert table(WB_STATES[8], 1)[3:5] == ["あなたはR2 R3を裏向きで山札の一番下に戻した",
                                           "ほかのプレイヤーが裏向きで戻した数：1番席（2枚）、3番席（2枚）、4番席（2枚）"]
    draft = table(ST_STATES[1], 0)
    assert draft[10:16] == [
        "追加の手順（配られなかった使命カードの山からのドラフト）：あなたに使命カード4、",
        "  使命カード3が配られた。1枚を残し、もう1つは裏向きで一番下に戻る",
        "使命カード4（獲得カード：すべての色のカードを獲得していれば、獲得したカード1枚に",
        "  つき1点）",
        "使命カード3（レース：トリが1位、サルが2位なら12点／さらにイヌが3位なら代わりに16",
        "  点）"]
    assert draft[-1] == "3人中1人が選び終えた · ここまでに残すもの：使命カード3"
    assert table(WB_STATES[0], 0)[-2].startswith("選べる手：1) 戻す R4  2) 戻す R8")  # typed either way
    from rulebook.reference.words import typed_move

    assert typed_move("戻す R4") == "return R4"
    assert table(ST_STATES[3], 2)[5:7] == ["あなたは使命カード1を残し、使命カード5を裏向きで戻した",
                                           "ほかのプレイヤーが裏向きで戻した数：1番席（1枚）、2番席（1枚）"]


# -- hint ------------------------------------------------------------------------------------


def test_hint_in_an_exchange_says_the_heuristic_puts_back_the_cheapest_and_cites_the_exchange() -> None:
    advice = hint(WB_STATES[0])
    assert str(advice) == ("return Y1: a card to put back in the exchange: the rule-aware player puts back what "
                           "it deems worth least in hand: an exchange with the draw pile (WB-PHASE-4)")
    assert advice.rule == "WB-PHASE-4"
    assert advice.action == type(WB_STATES[0]).GAME.heuristic_action(WB_STATES[0], random.Random(0))


def test_hint_in_the_mission_draft_says_the_heuristic_keeps_one_at_random() -> None:
    advice = hint(ST_STATES[0])
    assert str(advice) == ("keep mission 4: a mission to keep in the draft: the rule-aware player picks one of "
                           "those dealt to you at random here: the mission draft (ST-PHASE-3)")
    assert advice.rule == "ST-PHASE-3"


def test_hint_of_the_pile_steps_in_japanese(japanese: None) -> None:
    assert hint(WB_STATES[0]).reason == (
        "交換で戻すカード：ルールを理解したボットは手札で最も価値が低いと見るものを戻す：山札との交換 (WB-PHASE-4)")
    assert hint(ST_STATES[0]).reason == (
        "ドラフトで残す使命カード：ルールを理解したボットはここでは配られたものからランダムに選ぶ："
        "ミッションのドラフト (ST-PHASE-3)")


# -- narration and replay --------------------------------------------------------------------


def test_the_story_tells_an_exchange_and_a_draft_when_they_end() -> None:
    assert narrate_states(WB_STATES)[1] == (
        "Exchange with the draw pile (WB-PHASE-4: An exchange with the draw pile): seat 1 drew B6 O2, put back "
        "2 cards; seat 2 drew O8 R2, put back 2 cards; seat 3 drew R5 Y4, put back 2 cards; seat 4 drew Y6 P8, "
        "put back 2 cards")
    assert narrate_states(ST_STATES)[1] == (
        "Draft from the missions not dealt (ST-PHASE-3: The mission draft): seat 1 kept mission 3, put back "
        "1 mission; seat 2 kept mission 2, put back 1 mission; seat 3 kept mission 1, put back 1 mission")


def test_a_seats_story_names_only_its_own_draw_and_returns() -> None:
    told = narrate_states(WB_STATES, 1)
    assert "  you drew: O8 R2" in told
    assert told[-2].endswith("you put back: R2 R3; put back face down: seat 1 (2 cards), you (seat 2) (2 cards), "
                             "seat 3 (2 cards), seat 4 (2 cards)")
    assert not any(c in "\n".join(told) for c in ("B6", "O2", "R5", "Y4"))  # the others' draws
    mine = narrate_states(ST_STATES, 0)
    assert "  you drew: mission 3" in mine
    assert mine[-2].endswith("you put back: mission 4; put back face down: you (seat 1) (1 mission), "
                             "seat 2 (1 mission), seat 3 (1 mission)")
    assert not any("mission 2" in line or "mission 5" in line for line in mine)


def test_the_story_of_the_pile_steps_in_japanese(japanese: None) -> None:
    assert narrate_states(ST_STATES)[1] == (
        "配られなかった使命カードの山からのドラフト（ST-PHASE-3：ミッションのドラフト）：1番席は使命カード3を残し、1枚を戻した／"
        "2番席は使命カード2を残し、1枚を戻した／3番席は使命カード1を残し、1枚を戻した")


def _saved(tmp_path: Path, game: object, ref: str) -> Path:
    variant = load_variant(game, ref)  # type: ignore[arg-type]
    state = variant.new_game(seed=3)
    rng = random.Random(3)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return records.save(records.record_of(state, variant=variant.describe()), tmp_path / "game.json")


def test_a_game_with_a_mission_draft_replays_each_draft_before_its_race(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    saved = _saved(tmp_path, ST, DRAFT)
    assert main(["replay", str(saved)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line[:40] for line in out if line.startswith(("Draft", "Race"))] == [
        "Draft from the missions not dealt (ST-PH", "Race 1 ends: 8 rounds were played (ST-RO",
        "Draft from the missions not dealt (ST-PH", "Race 2 ends: 8 rounds were played (ST-RO",
        "Draft from the missions not dealt (ST-PH", "Race 3 ends: 8 rounds were played (ST-RO"]
    assert out[1] == ("Draft from the missions not dealt (ST-PHASE-3: The mission draft): seat 1 kept mission 4, "
                      "put back 1 mission; seat 2 kept mission 1, put back 1 mission; seat 3 kept mission 6, put back "
                      "1 mission")
    assert out[-1] == "✓ every position passed the checks (game over)"
    page = tmp_path / "game.html"
    assert main(["replay", str(saved), "--html", str(page)]) == 0
    assert "wrote" in capsys.readouterr().out
    assert "seat 3 kept mission 6, put back 1 mission" in page.read_text(encoding="utf-8")


def test_a_game_with_an_exchange_replays_in_words_as_a_page_and_from_a_seat(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = _saved(tmp_path, WB, EXCHANGE)
    assert main(["replay", str(saved)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == ("Exchange with the draw pile (WB-PHASE-4: An exchange with the draw pile): seat 1 drew O5 O1, "
                      "put back 2 cards; seat 2 drew O3 G5, put back 2 cards; seat 3 drew O9 G4, put back 2 cards; "
                      "seat 4 drew Y2 B2, put back 2 cards")
    page = tmp_path / "game.html"
    assert main(["replay", str(saved), "--html", str(page)]) == 0
    assert "seat 4 drew Y2 B2, put back 2 cards" in page.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(saved), "--seat", "2"]) == 0
    seen = capsys.readouterr().out
    assert "  you drew: O3 G5\n" in seen and "you put back: G5 G8;" in seen
    assert "O5 O1" not in seen and "you drew: O9" not in seen


# -- simulate: usage and reads ---------------------------------------------------------------


def test_usage_counts_the_returns_and_keeps_under_their_steps_rule_exactly() -> None:
    r = play_one(WB, load_variant(WB, EXCHANGE), 7, 0, ["random"] * 4)
    assert r.usage == {
        "returned: WB-PHASE-4": 8, "trick: WB-TRICK-3": 2, "trick: WB-TRICK-1": 10, "trick: WB-TRICK-2": 2,
        "score: WB-SCORE-1": 14, "score: WB-TRUMP-1": 11, "end: WB-END-4": 1, "move: Play": 56, "move: Replace": 11,
        "move: Keep": 2, "forced: Play": 4,
    }  # one round: 4 players put back 2 cards each
    s = play_one(ST, load_variant(ST, DRAFT), 7, 0, ["random"] * 3)
    assert s.usage["kept: ST-PHASE-3"] == 9  # 3 races, 3 players keep one mission each
    assert {"WB-PHASE-4"} <= usage_rules(r.usage) and "ST-PHASE-3" in usage_rules(s.usage)


def test_the_pile_counts_are_named_for_people_in_both_languages() -> None:
    assert label("returned: WB-PHASE-4") == (
        "WB-PHASE-4 (An exchange with the draw pile) put an item back at the bottom of a pile")
    assert label("kept: ST-PHASE-3") == "ST-PHASE-3 (The mission draft) kept an item dealt in a draft"
    set_language("ja")
    try:
        assert label("kept: ST-PHASE-3") == "ST-PHASE-3（ミッションのドラフト）でドラフトで配られたものを残した"
    finally:
        set_language("en")


def test_reads_says_the_heuristic_values_the_exchange_and_drafts_missions_at_random() -> None:
    exchange = load_variant(WB, EXCHANGE)
    assert unread_lines(exchange, ("heuristic",) * 4) == [
        "the rule-aware heuristic (seats 1, 2, 3 and 4) plays the added exchange (WB-PHASE-4) by value: it puts "
        "back what it deems worth least in hand"]
    assert fitting_players([exchange], None)[1] == ""  # it plays the exchange itself: no search players needed
    draft = load_variant(ST, DRAFT)
    assert unread_lines(draft, ("heuristic",) * 3) == [
        "the rule-aware heuristic (seats 1, 2 and 3) does not read the added draft (ST-PHASE-3): it keeps one of "
        "the missions dealt to it at random"]
    assert "the added draft (ST-PHASE-3)" in fitting_players([draft], None)[1]
    assert unread_lines(draft, ("random",) * 3) == []


def test_reads_of_the_pile_steps_in_japanese(japanese: None) -> None:
    assert unread_lines(load_variant(WB, EXCHANGE), ("heuristic",) * 4) == [
        "ルールを理解したボット（1、2、3、4番席）は追加の交換（WB-PHASE-4）を価値で選びます："
        "手札で最も価値が低いと見るものを戻します"]


def test_the_table_tells_another_seats_keep_or_return_without_the_item() -> None:
    from rulebook.table.screen import move_events

    def told(states: list[rulebook.State], k: int, viewer: int) -> list[str]:  # type: ignore[type-arg]
        return move_events(states[k], states[k + 1].history[-1], states[k + 1], viewer)

    assert told(WB_STATES, 0, 1) == ["Seat 1 puts back a card face down"]
    assert told(WB_STATES, 0, 0) == ["You: return R4"]
    assert told(ST_STATES, 0, 1) == ["Seat 1 keeps a mission (hidden)"]
    assert told(ST_STATES, 0, 0) == ["You: keep mission 3"]
    set_language("ja")
    try:
        assert told(WB_STATES, 0, 1) == ["1番席がカードを1枚裏向きで戻した"]
        assert told(ST_STATES, 0, 1) == ["1番席が使命カードを1枚残した（非公開）"]
    finally:
        set_language("en")


def test_a_witches_draft_and_a_mission_exchange_at_the_table() -> None:
    from rulebook.variants.phases import DraftCards, ExchangeCards
    from rulebook.variants.variant import Variant

    state = Variant(WB, WB.Rules(), phases=(DraftCards(before="tricks", cards=3, keep=1),)).new_game(seed=1)
    state = state.apply(state.legal_actions()[0])
    assert table(state, 1)[-4:-1] == [
        "Added step, draft from the draw pile: you were dealt R2 R5 Y4; keep 1 card, the",
        "  rest go back face down at the bottom",
        "1 of 4 players have chosen",
    ]
    assert str(hint(state)) == ("keep R5: a card to keep in the draft: the rule-aware player keeps what it deems "
                                "worth most in hand: a draft from the draw pile (WB-PHASE-3)")
    swap = Variant(ST, ST.Rules(players=3), phases=(ExchangeCards(before="rounds", element="missions"),))
    first = swap.new_game(seed=1)
    assert table(first, 0)[-8:-1] == [
        "Added step, exchange with the missions not dealt: you drew mission 3; choose 1",
        "  mission to put back face down at the bottom",
        "mission 4 (collected cards: 1 point for each card you acquire, if you acquire a",
        "  card of every colour)",
        "mission 3 (race: 12 points if the bird finishes 1st and the monkey 2nd; 16",
        "  instead if the dog finishes 3rd as well)",
        "0 of 3 players have chosen",
    ]
    assert hint(first).rule == "ST-PHASE-4"


@pytest.mark.parametrize("which", ["wb", "st"])
def test_the_hint_in_a_pile_step_is_the_same_whatever_the_seat_cannot_see(which: str) -> None:
    for state in (WB_STATES if which == "wb" else ST_STATES)[:3]:
        seat = state.current_player
        advice = str(hint(state))
        for k in range(3):
            assert str(hint(state.resample(seat, random.Random(k)))) == advice
