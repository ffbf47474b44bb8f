"""A seat's replay view in words (``rulebook replay --seat N``): every game's observation told as
people read it, in English and Japanese: seats by name and counted from 1, races, rounds and deals
from 1, cards by their texts, a mission by what it asks, yes or no, and the records as sentences;
never a Python repr, a field's Python name, None, True or False, or a card's number."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

import rulebook
from rulebook.i18n import set_language
from rulebook.reference.narrate import narrate_states
from rulebook.reference.seat_view import seat_view
from rulebook.variants.phases import PassCards
from rulebook.variants.variant import Variant, load_variant

ROOT = Path(__file__).resolve().parents[1]
#: moves played (seed 3, random legal moves) before the view is taken, so the records are not empty
MOVES = {"saru-tori-inu-i": 90, "utsuke": 70, "gods-and-humans": 40, "witches-of-blackmore": 30,
         "seven-prophecies": 60}


@pytest.fixture
def lang() -> Any:
    yield
    set_language("en")


def _view(slug: str, language: str) -> dict[str, str]:
    set_language(language)
    game = rulebook.get_game(slug)
    state = game.new_game(game.Rules(), seed=3)
    rng = random.Random(3)
    for _ in range(MOVES[slug]):
        state = state.apply(rng.choice(state.legal_actions()))
    view = seat_view(game, state.rules, state.observation(1), (1,))
    labels = [label for label, _v in view]
    assert len(labels) == len(set(labels)), labels  # the story tells changes by label
    return dict(view)


EXPECTED = {
    ("saru-tori-inu-i", "en"): {
        "race": "2", "round": "2", "current player": "seat 1",
        "phase": "play a card (face up, face down, or the last player declares)",
        "mission": "mission 1 (race: 12 points if the boar finishes 1st and the dog 2nd; 16 instead if the monkey "
                   "finishes 3rd as well)",
        "hand sizes": "seat 1 7, you (seat 2) 7, seat 3 7, seat 4 6",
        "area": "column 1: K6, column 2: K5, column 3: Y7, column 4: Y1",
        "open columns": "column 1, column 2, column 3, column 4",
        "animals' squares": "monkey on square 1, dog on square 0, bird on square 0, boar on square 2",
        "turn order": "seat 4, seat 1, you (seat 2), seat 3",
        "strengths played": "seat 4 3",
        "road laid": "no",
        "races scored": "race 1: seat 1 0, you (seat 2) 12, seat 3 -3, seat 4 5",
        "missions revealed": "race 1: seat 1 mission 4, you (seat 2) mission 1, seat 3 mission 6, seat 4 mission 5",
    },
    ("saru-tori-inu-i", "ja"): {
        "レース": "2", "ラウンド": "2", "手番のプレイヤー": "1番席",
        "使命カード": "使命カード1（レース：イノシシが1位、イヌが2位なら12点／さらにサルが3位なら代わりに16点）",
        "託宣エリア": "1列目: K6、2列目: K5、3列目: Y7、4列目: Y1",
        "動物のマス": "サルはマス1、イヌはマス0、トリはマス0、イノシシはマス2",
        "手番の順": "4番席、1番席、あなた（2番席）、3番席",
        "出したつよさ": "4番席 3",
        "道にした": "いいえ",
        "得点を出したレース": "レース1: 1番席 0、あなた（2番席） 12、3番席 -3、4番席 5",
        "公開された使命カード": "レース1: 1番席 使命カード4、あなた（2番席） 使命カード1、3番席 使命カード6、"
                      "4番席 使命カード5",
    },
    ("utsuke", "en"): {
        "round": "2", "lord before": "you (seat 2)", "bidding": "no", "trump": "suit C (C)", "leader": "seat 3",
        "trick": "seat 3 B8, seat 4 D1",
        "tricks played": "15 tricks played; the last: seat 4 D2, seat 1 D8, the lord D10, you (seat 2) D6, "
                         "seat 3 D11, won by seat 3",
        "won": "seat 1 0, you (seat 2) 0, seat 3 1, seat 4 2, the lord 0",
        "own bid": "0", "has bid": "seat 1, you (seat 2), seat 3, seat 4",
        "rounds scored": "round 1: seat 1 0, you (seat 2) 1, seat 3 0, seat 4 0",
    },
    ("utsuke", "ja"): {
        "ラウンド": "2", "予想中": "いいえ", "リードしたプレイヤー": "3番席",
        "終えたトリック": "15トリック。最後: 4番席 D2、1番席 D8、殿 D10、あなた（2番席） D6、3番席 D11、勝者は3番席",
        "獲得したトリック数": "1番席 0、あなた（2番席） 0、3番席 1、4番席 2、殿 0",
        "予想済み": "1番席、あなた（2番席）、3番席、4番席",
        "得点を出したラウンド": "ラウンド1: 1番席 0、あなた（2番席） 1、3番席 0、4番席 0",
    },
    ("gods-and-humans", "en"): {
        "deal": "2", "humans": "seat 1, you (seat 2), seat 5", "gods": "seat 3, seat 4",
        "marks": "seat 1 sun, you (seat 2) star, seat 5 moon", "oracle numbers": "-", "partners": "-", "lone": "-",
        "phase": "the gods choose oracle cards", "current player": "seat 4", "waiting": "seat 3, seat 4",
        "past": "deal 1: seat 1 1, you (seat 2) 0, seat 3 0, seat 4 1, seat 5 0",
    },
    ("gods-and-humans", "ja"): {
        "ディール": "2", "人間のしるし": "1番席 太陽、あなた（2番席） 星、5番席 月", "段階": "神が神託カードを選ぶ",
        "まだ介入していない神": "3番席、4番席",
        "これまでのディール": "ディール1: 1番席 1、あなた（2番席） 0、3番席 0、4番席 1、5番席 0",
    },
    ("witches-of-blackmore", "en"): {
        "wheel": "descending", "trump stack": "G7 P2 G6 Y7 O5", "trump suit": "orange (O)", "leader": "seat 4",
        "replacing": "no", "scores": "seat 1 12, you (seat 2) 13, seat 3 18, seat 4 52",
        "tricks played": "6 tricks played; the last: seat 4 R4, seat 1 O5, you (seat 2) B9, seat 3 G4, won by seat 4",
        "known in hands": "seat 1 -, you (seat 2) -, seat 3 -, seat 4 -",
    },
    ("witches-of-blackmore", "ja"): {
        "魔女の輪": "降順", "切り札のスート": "橙 (O)", "切り札の交換中": "いいえ",
        "終えたトリック": "6トリック。最後: 4番席 R4、1番席 O5、あなた（2番席） B9、3番席 G4、勝者は4番席",
    },
    ("seven-prophecies", "en"): {
        "variant": "points", "round": "1", "start player": "seat 1", "phase": "the tricks of the round are played",
        "own prophecy": "place 1: 0, place 2: 0, place 3: 0, place 4: 7",
        "cubes placed": "seat 1 2, you (seat 2) 3, seat 3 2, seat 4 4",
        "tricks this round": "8 tricks played; the last: seat 3 D5, seat 4 C10, seat 1 C4, you (seat 2) B3, "
                             "won by seat 4",
        "rounds played": "-",
    },
    ("seven-prophecies", "ja"): {
        "バリアント": "得点", "段階": "ラウンドのトリックを行う", "自分の予言": "1位: 0、2位: 0、3位: 0、4位: 7",
        "このラウンドのトリック": "8トリック。最後: 3番席 D5、4番席 C10、1番席 C4、あなた（2番席） B3、勝者は4番席",
    },
}


@pytest.mark.parametrize("slug,language", sorted(EXPECTED))
def test_each_games_seat_view_reads_in_words(slug: str, language: str, lang: Any) -> None:
    """Exact lines of seat 2's view, mid-game, in each language."""
    view = _view(slug, language)
    for label, value in EXPECTED[slug, language].items():
        assert view[label] == value, label


def test_a_finished_seven_prophecies_round_and_a_forced_intervention_read_in_words(lang: Any) -> None:
    """The records of finished rounds: Seven Prophecies' rounds played and earlier rounds."""
    game = rulebook.get_game("seven-prophecies")
    state = game.new_game(game.Rules(), seed=3)
    rng = random.Random(3)
    while state.round == 0:
        state = state.apply(rng.choice(state.legal_actions()))
    view = dict(seat_view(game, state.rules, state.observation(0), (0,)))
    assert view["rounds played"] == "round 1: 10 tricks played, the seven prophecies fulfilled by -"
    assert view["earlier rounds"] == "round 1: started by you (seat 1), 10 tricks played"


# -- the scan ----------------------------------------------------------------------------------

_CLASS_CALL = re.compile(r"\b[A-Z][A-Za-z]+\(")


def _variants() -> list[tuple[Any, Variant | None]]:
    out: list[tuple[Any, Variant | None]] = [(rulebook.get_game(slug), None) for slug in MOVES]
    for example in ("saru_mission_draft", "utsuke_pass_left", "gods_pass_left", "witches_exchange"):
        variant = load_variant(None, str(ROOT / "docs" / "examples" / f"{example}.toml"))
        out.append((variant.game, variant))
    sp = rulebook.get_game("seven-prophecies")
    out.append((sp, Variant(sp, sp.Rules(players=4), phases=(PassCards(before="tricks", cards=2),))))
    return out


def _raw_names(state: Any, seat: int) -> set[str]:
    obs = state.observation(seat)
    names = {f.name for f in attrs.fields(type(obs)) if "_" in f.name}
    inner = getattr(obs, "engine", None)
    if inner is not None:
        names |= {f.name for f in attrs.fields(type(inner)) if "_" in f.name}
    return names


@pytest.mark.parametrize("index", range(9))
def test_no_seat_view_shows_a_repr_a_flag_or_a_field_name(index: int, lang: Any) -> None:
    """Every game, printed and with an added step, over seeded games, from two seats, in both
    languages: the story told from the seat has no None, True, False, no ``ClassName(``, no ``=``
    and no field's Python name."""
    game, variant = _variants()[index]
    told = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = variant.new_game(seed=seed) if variant is not None else game.new_game(game.Rules(), seed=seed)
        states = [state]
        while not state.is_terminal and len(states) < 160:
            state = state.apply(rng.choice(state.legal_actions()))
            states.append(state)
        raw = _raw_names(state, 0)
        for language in ("en", "ja"):
            set_language(language)
            for seat in (0, 1):
                text = "\n".join(narrate_states(states, seat))
                for word in ("None", "True", "False", "="):
                    assert word not in text, (word, game.slug, seed, seat, language)
                assert not _CLASS_CALL.search(text), (_CLASS_CALL.search(text), game.slug)
                found = [name for name in raw if re.search(rf"\b{name}\b", text)]
                assert not found, (found, game.slug)
                told += 1
    assert told == 8


def test_a_finished_saru_race_stays_at_its_last_round(lang: Any) -> None:
    """ST-ROUND-3: at the game's end the view says round 6 of a 6-round race (not 7), and the phase
    says the game is over."""
    game = rulebook.get_game("saru-tori-inu-i")
    state = game.new_game(game.Rules(players=4), seed=5)
    rng = random.Random(5)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.rnd == 6
    view = dict(seat_view(game, state.rules, state.observation(1), (1,)))
    assert view["round"] == "6" and view["race"] == "4" and view["phase"] == "the game is over"
    assert view["current player"] == "-"


@pytest.mark.parametrize("language,expected", [
    ("en", {"mission": "mission 6 (collected cards: 1 point for each card you acquire, if you are 1st in yellow)",
            "added step": "a draft from a pile",
            "your choice": "mission 1", "players who have chosen": "1", "you drew": "mission 1", "race": "1"}),
    ("ja", {"使命カード": "使命カード6（獲得カード：黄で1位なら、獲得したカード1枚につき1点）",
            "追加の手順": "山からのドラフト",
            "あなたの選択": "使命カード1", "選び終えたプレイヤー": "1", "引いたもの": "使命カード1", "レース": "1"}),
])
def test_a_seat_view_with_an_added_step_reads_in_words(language: str, expected: dict[str, str], lang: Any) -> None:
    """The engine's fields in words under a variant's added step (the mission draft), then the step's."""
    variant = load_variant(None, str(ROOT / "docs" / "examples" / "saru_mission_draft.toml"))
    state = variant.new_game(seed=2)
    state = state.apply(state.legal_actions()[0])
    set_language(language)
    view = seat_view(variant.game, variant.rules, state.observation(0), (0,))
    assert len({label for label, _v in view}) == len(view)
    shown = dict(view)
    for label, value in expected.items():
        assert shown[label] == value, label
