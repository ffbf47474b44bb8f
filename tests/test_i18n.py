"""The terminal in Japanese (issue 25): the message catalogs, ``--lang`` and the locale.

The catalogs are checked against the code: a message marked with ``_()`` that the template
or the Japanese catalog lacks fails here, as does a ``.mo`` that is not the compiled ``.po``,
a fuzzy or missing translation (at least 95% translated), or a translation that changes a
``{placeholder}``. Then the commands themselves are run in Japanese. Needs Babel (the
``docs`` extra, through Sphinx).
"""

from __future__ import annotations

import gettext
import io
import json
import os
import random
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import attrs
import pytest

import rulebook
from rulebook.cli.app import main
from rulebook.i18n import LOCALE_DIR, _, language, language_from_env, ngettext, set_language, width, wrap
from rulebook.reference import records
from rulebook.reference.narrate import narrate, tricks_and_rounds
from rulebook.reference.words import PHRASES, known_phrase, phrase, rule_title, seat_name
from rulebook.variants.variant import resolve

catalogs = pytest.importorskip("rulebook.cli.catalogs")
pytest.importorskip("babel")

ROOT = Path(__file__).resolve().parents[1]
KANA = re.compile(r"[\u3040-\u30ff]")
JA = "ja"


@pytest.fixture(scope="module")
def template() -> object:
    return catalogs.template()


@pytest.fixture(scope="module")
def ja_po() -> object:
    return catalogs.read(catalogs.po_path(JA), JA)


def _ids(catalog: object) -> set[object]:
    return {m.id for m in catalog if m.id}  # type: ignore[attr-defined]


# -- the catalogs --------------------------------------------------------------------------


def test_every_message_of_the_code_is_in_the_template_and_the_catalog(template: object, ja_po: object,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Re-extracted from the code now: nothing marked is missing (run ``python -m rulebook.cli.catalogs update``)."""
    fresh = _ids(catalogs.template())
    assert "f-string" not in capsys.readouterr().err  # _(f"...") cannot be translated: Babel skips it
    assert catalogs.hidden_messages() == []  # nor can f"{_('...')}": Babel does not look inside
    pot = _ids(catalogs.read(catalogs.TEMPLATE))
    assert sorted(fresh - pot, key=str) == [], (
        "messages not in rulebook.pot: run python -m rulebook.cli.catalogs update")
    assert sorted(pot - fresh, key=str) == [], "rulebook.pot has messages no longer shown: run ... update"
    assert sorted(fresh - _ids(ja_po), key=str) == [], "messages missing from the Japanese catalog"
    # the extraction has teeth: a message of each kind is there
    assert {"Final scores: {scores}.", ("{count} player", "{count} players"), "UT-TRICK-1 · Winning a trick",
            "The Witches of Blackmore", "suit A", "hand sizes"} <= fresh


def test_the_shipped_mo_is_the_compiled_po(ja_po: object) -> None:
    compiled = gettext.GNUTranslations(io.BytesIO(catalogs.mo_bytes(ja_po)))
    shipped = gettext.GNUTranslations(io.BytesIO(catalogs.mo_path(JA).read_bytes()))
    assert shipped._catalog == compiled._catalog  # type: ignore[attr-defined]
    assert len(shipped._catalog) > 500  # type: ignore[attr-defined]


def test_translations_are_complete_exact_and_keep_their_placeholders(template: object, ja_po: object) -> None:
    wanted = _ids(template)
    entries = [m for m in ja_po if m.id in wanted]  # type: ignore[attr-defined]
    assert [m.id for m in entries if m.fuzzy] == []
    done = [m for m in entries if (all(m.string) if isinstance(m.string, tuple) else m.string)]
    assert len(done) >= catalogs.THRESHOLD * len(wanted), f"{len(done)}/{len(wanted)} translated"
    for m in done:
        singular = m.id[0] if isinstance(m.id, tuple) else m.id
        for text in m.string if isinstance(m.string, tuple) else (m.string,):
            assert catalogs.fields(text) == catalogs.fields(singular), (singular, text)
    assert catalogs.problems(JA) == []


def test_every_literal_message_of_the_code_is_in_the_template(template: object) -> None:
    """Read with :mod:`ast`, which also sees inside f-strings (``f"<p>{esc(_('Who played:'))}</p>"``, which Babel
    skips and the line check above cannot tell from data): every ``_("...")``, ``N_("...")`` and
    ``ngettext("...", "...", n)`` of ``rulebook/`` has its entry, so none stays English by mistake."""
    import ast

    ids = _ids(template)
    missing = []
    for path in sorted((ROOT / "rulebook").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
                continue
            texts = [a.value for a in node.args[:2] if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if node.func.id in ("_", "N_") and texts:
                wanted: object = texts[0]
            elif node.func.id == "ngettext" and len(texts) == 2:
                wanted = tuple(texts)
            else:
                continue
            if wanted not in ids:
                missing.append(f"{path.relative_to(ROOT)}:{node.lineno}: {wanted!r}")
    assert missing == []


def test_a_message_hidden_in_an_f_string_is_found() -> None:
    assert catalogs._HIDDEN.search("f\"{name} ({_('printed rules')})\"")
    assert catalogs._HIDDEN.search('f"x {ngettext( "a", "b", n)}"')
    assert not catalogs._HIDDEN.search('f"{_(game.title)} [{slug}]"')  # data, translated when shown


def test_fields_reads_placeholders() -> None:
    assert catalogs.fields("{seat} {points}: {reason}") == ["points", "reason", "seat"]
    assert catalogs.fields("{seconds:.1f} s") == ["seconds"]
    assert catalogs.fields("no placeholder") == []


def test_titles_rule_headings_and_option_docs_read_as_in_the_docs(ja_po: object) -> None:
    """The docs' Japanese catalogs translate the same texts: the terminal shows their words."""
    docs = catalogs.docs_translations(JA)
    have = {m.id: m.string for m in ja_po if m.id}  # type: ignore[attr-defined]
    shared = catalogs.data_ids(from_docs=True)
    assert len(shared & set(docs)) > 300
    for msgid in shared & set(docs):
        assert have[msgid] == docs[msgid], msgid
    for msgid, text in have.items():
        m = re.match(r"([A-Z]{2}-[A-Z]+-\d+) · ", msgid) if isinstance(msgid, str) else None
        if m and text:
            assert text.startswith(m[0]), (msgid, text)  # the rule ID is never translated


def test_the_mo_files_ship_in_the_wheel() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = data["tool"]["setuptools"]["package-data"]["rulebook"]
    assert "locale/*/LC_MESSAGES/*.mo" in patterns
    assert (LOCALE_DIR / "ja" / "LC_MESSAGES" / "rulebook.mo").exists()


# -- words for people ---------------------------------------------------------------------------


def test_language_from_the_environment() -> None:
    assert language_from_env({"LANG": "ja_JP.UTF-8"}) == "ja"
    assert language_from_env({"LC_MESSAGES": "ja_JP", "LANG": "en_GB.UTF-8"}) == "ja"
    assert language_from_env({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}) == "en"
    assert language_from_env({"LANGUAGE": "ja:en", "LC_ALL": "en_US.UTF-8"}) == "ja"
    assert language_from_env({"LANG": "fr_FR.UTF-8"}) == "en"
    with pytest.raises(ValueError, match="unknown language 'fr': rulebook speaks en, ja"):
        set_language("fr")
    assert language() == "en"


def test_seats_are_numbered_from_one_in_both_languages() -> None:
    assert [seat_name(s, 3) for s in (0, 2, 3, 4)] == ["seat 1", "seat 3", "the lord", "the young lord"]
    assert seat_name(1, 3, you=(1,)) == "you (seat 2)"
    set_language(JA)
    assert [seat_name(s, 3) for s in (0, 2, 3, 4)] == ["1番席", "3番席", "殿", "若殿"]
    assert seat_name(1, 3, you=(1,)) == "あなた（2番席）"
    assert seat_name("lord", 3) == "殿"
    assert ngettext("{count} player", "{count} players", 1).format(count=1) == "1人"


def test_phrases_number_from_one_count_plurals_and_translate() -> None:
    cases = {
        "captured trick 0": ("captured trick 1", "トリック1を獲得"),
        "its partner, seat 4, predicted 1 tricks and won 1": (
            "its partner, seat 5, predicted 1 trick and won 1", "ペアの5番席が1トリックと予言され、1トリックを取った"),
        "the round's cards were played; seats 0, 2 reached 2 execution chips and lose": (
            "the round's cards were played; seat 1, seat 3 reached 2 execution chips and lose",
            "ラウンドのカードを出し終えた。1番席、3番席が打ち首チップ2枚に達して負け"),
        "1 black card(s) (strength 2), 2nd in black, the boar 1st in the race": (
            "1 black card (strength 2), 2nd in black, the boar 1st in the race",
            "黒のカード1枚（つよさ2）、黒で2位、レースでイノシシが1位"),
        "race mission 0: 1 of 2 tier(s) hold": (
            "race mission 1: 1 of 2 tiers hold", "レースの使命1：2段階のうち1段階を達成"),
        "seat 0 and seat 2 fulfilled the seven prophecies in trick 8": (
            "seat 1, seat 3 fulfilled the seven prophecies in trick 8", "1番席、3番席がトリック8で7つの予言を実現した"),
        "every hand was played out": ("every hand was played out", "すべての手札を出し切った"),
        "something no game writes": ("something no game writes", "something no game writes"),
    }
    for text, (english, japanese) in cases.items():
        set_language("en")
        assert phrase(text, 5) == english
        set_language(JA)
        assert phrase(text, 5) == japanese
    assert len(PHRASES) >= 15


def test_every_reason_of_whole_games_is_told_in_words() -> None:
    """Every ruleset of every game, every player count it allows, played to its end at random."""
    told = 0
    for slug, game in rulebook.GAMES.items():
        for ruleset in game.rulesets:
            variant = resolve(game, ruleset=ruleset.name)
            for players in [variant.rules.players] if variant.players_fixed else game.player_counts:
                state = game.new_game(attrs.evolve(variant.rules, players=players), seed=players)
                rng = random.Random(players)
                while not state.is_terminal:
                    state = state.apply(rng.choice(state.legal_actions()))
                recorded = tricks_and_rounds(state)
                assert recorded is not None
                for r in recorded[1]:
                    for text in (r.end, *(c.reason for c in r.changes)):
                        assert known_phrase(text), (slug, ruleset.name, text)
                        told += 1
    assert told > 1000


def test_rule_titles_in_japanese() -> None:
    assert rule_title("WB-PLAY-1") == "Playing cards"
    set_language(JA)
    assert rule_title("WB-PLAY-1") == "カードを出す"
    assert rule_title("UT-COMP-2") == "予想カード"
    assert rule_title("XX-" + "NONE-1") == ""  # no such rule (built so that traceability does not read it)


def test_wrap_counts_wide_characters_twice() -> None:
    text = "プレイ人数（2〜5）。2人なら殿に若が加わります（UT-SETUP-2）。"
    lines = wrap(text, 24, "  ", "  ")
    assert all(width(line) <= 24 for line in lines)
    assert "".join(line.strip() for line in lines) == text
    assert not any(line.strip().startswith(("。", "）")) for line in lines)  # no line opens with closing marks
    assert wrap("", 10) == []
    assert wrap("a b", 80) == ["a b"]


# -- the commands in Japanese ------------------------------------------------------------------


def _ja(capsys: pytest.CaptureFixture[str], *argv: str, code: int = 0) -> str:
    assert main(list(argv)) == code
    out = capsys.readouterr()
    return out.out + out.err


def test_games_and_rulesets_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    out = _ja(capsys, "--lang", "ja", "games")
    for slug, game in rulebook.GAMES.items():
        assert slug in out and game.prefix in out
    assert "ブラックモアの魔女" in out and "スラッグ" in out
    out = _ja(capsys, "rulesets", "utsuke", "--lang", "ja")  # after the command too
    assert "うつけ（UTSUKE） [utsuke]のルールセット" in out
    assert "製品版のゲーム：誉3で勝ち、打ち首チップ2枚で負け。" in out and "two-players" in out and "players=2" in out
    assert language() == "en"  # main() gives the language back


def test_options_in_japanese_keep_names_values_and_rule_ids(capsys: pytest.CaptureFixture[str]) -> None:
    for slug, game in rulebook.GAMES.items():
        out = _ja(capsys, "--lang", "ja", "options", slug)
        assert KANA.search(out)
        assert all(width(line) <= 80 for line in out.splitlines()), slug
        for info in rulebook.core.options.describe_options(game.Rules):
            assert f"\n{info.name} (" in out
            for rule in info.rules:
                assert rule in out
    assert "  既定値：     survivors" in _ja(capsys, "--lang", "ja", "options", "utsuke")


def test_verify_in_japanese(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # whole lines (tests/test_terminal_width.py: 80 columns)
    out = _ja(capsys, "--lang", "ja", "verify", "utsuke", "--games", "2", "--players", "3", "--out", str(tmp_path))
    lines = out.splitlines()
    assert lines[0] == "うつけ（UTSUKE） [utsuke]の2ゲームを検証します：3人で。"
    assert "contract:observation-boundary" in out and "UT-* ゲームの不変条件（check_invariants）" in out
    assert re.search(r"検証したゲーム／局面 +│ 2 / \d+", out)
    assert lines[-1] == "OK：13個の契約チェックとゲームの不変条件が、検証したすべてのゲームで成り立ちました。"


def test_replay_in_japanese_keeps_rule_ids_and_card_texts(capsys: pytest.CaptureFixture[str],
                                                         tmp_path: Path) -> None:
    game = rulebook.get_game("utsuke")
    state = game.new_game(game.Rules(players=3), seed=5)
    rng = random.Random(5)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    path = records.save(records.record_of(state), tmp_path / "g.json")
    out = _ja(capsys, "--lang", "ja", "replay", str(path))
    assert out.startswith("うつけ（UTSUKE） [utsuke]、3人、シード5、")
    first = state.tricks[0]
    assert f"トリック1：殿がリード。殿 {game.card_text(first.plays[0][1])}、" in out
    assert "（UT-TRICK-1：リードされたスートの最も強いカード）" in out or "（UT-TRICK-1：最も強い切り札）" in out
    assert "ラウンド1終了：" in out and "最終得点：1番席 " in out
    set_language(JA)
    assert narrate(records.load(path)) == out.splitlines()[: len(narrate(records.load(path)))]


def test_errors_keep_their_words_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    out = _ja(capsys, "--lang", "ja", "options", "chess", code=2)
    assert out.startswith("rulebook: エラー: ") and out.count("\n") == 1
    out = _ja(capsys, "--lang", "fr", "games", code=2)
    assert out == "rulebook: error: --lang: unknown language 'fr': rulebook speaks en, ja\n"
    bad = "x" * 5000
    out = _ja(capsys, "games", "--lang", bad, code=2)
    assert out.count("\n") == 1 and len(out) < 200


def test_the_locale_chooses_the_language_and_lang_overrides_it(capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert "スラッグ" in _ja(capsys, "games")
    assert "スラッグ" not in _ja(capsys, "games", "--lang", "en")
    monkeypatch.setenv("LC_ALL", "C")
    assert "slug" in _ja(capsys, "games")


def test_a_japanese_locale_in_a_subprocess(tmp_path: Path) -> None:
    env = {"PYTHONPATH": str(ROOT), "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "ja_JP.UTF-8"}
    done = subprocess.run([sys.executable, "-m", "rulebook", "options", "witches-of-blackmore", "--json"],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120, check=True)
    options = json.loads(done.stdout)["options"]
    assert options[0]["doc"].isascii()  # JSON is data: the same in every language
    done = subprocess.run([sys.executable, "-m", "rulebook", "games"], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=120, check=True)
    assert "ブラックモアの魔女" in done.stdout


def test_english_stays_the_default() -> None:
    assert language() == "en" and _("seat {number}") == "seat {number}"


# -- reports, replay summaries and boards in Japanese ----------------------------------------

#: English words of a comparison that must not show under --lang ja.
ENGLISH_FIGURE_WORDS = ("outcomes", "who wins tricks", "trump replacements", "decided a trick", "who played",
                        "which card numbers win", "the game's own figures", "(points)", "2nd", "moves made",
                        "rule-aware heuristic", "play figures")


def test_a_comparison_in_japanese_has_no_english_figure_words(capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # one line per row (tests/test_terminal_width.py: 80 columns)
    argv = ["simulate", "witches-of-blackmore", "--games", "20", "--set", "must_follow=true", "--compare"]
    out = _ja(capsys, "--lang", "ja", *argv)
    for word in ENGLISH_FIGURE_WORDS:
        assert word not in out, word
    for text in ("遊んだプレイヤー：すべての席がルールを理解したボット", "│ 結果 ", "│ 誰がトリックを取るか ",
                 "│ ゲーム固有の数値（1ゲームあたりの平均） ", "│ どの数字のカードが勝つか ", "│ 切り札の交換 ",
                 "│ 1番席の平均得点（得点） ", "│ 2番目に出したプレイヤーが取ったトリック（トリックに対する%） ",
                 "│ WB-TRICK-3（切り札なし：リードされた色）がトリックを決めた ", "│ 「カードを出す」の手 ",
                 "│ 選択肢のなかった「カードを出す」の手 ", "補正の対象：結果の18行、プレイの数値の15行。"):
        assert text in out, text
    english = _ja(capsys, *argv)  # English stays as it was
    for text in ("who played: the rule-aware heuristic in every seat", "│ outcomes ", "│ who wins tricks ",
                 "│ trump replacements ", "│ seat 1 mean score (points) ",
                 "│ tricks won by the 2nd to play (% of tricks) ",
                 "│ WB-TRICK-3 (No trump: the leader's colour) decided a trick ", "│ Play moves made with no choice "):
        assert text in english, text


def test_ordinals_players_and_units_in_both_languages() -> None:
    from rulebook.balance.figures import ordinal, unit_word
    from rulebook.balance.simulate import players_text

    try:
        assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21)] == [
            "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st"]
        assert players_text(("ismcts:200", "heuristic", "heuristic")) == (
            "seat 1 ISMCTS (200 iterations a move); seats 2 and 3 the rule-aware heuristic")
        set_language(JA)
        assert [ordinal(n) for n in (1, 2, 3, 4, 11)] == ["1", "2", "3", "4", "11"]
        assert [unit_word(u) for u in ("points", "honour", "cubes", "place")] == ["得点", "誉", "キューブ", "place"]
        assert players_text(("ismcts:200", "heuristic", "heuristic")) == (
            "1番席はISMCTS（1手あたり200回の反復）／2、3番席はルールを理解したボット")
        assert players_text(("random",) * 4) == "すべての席がランダムなボット"
    finally:
        set_language("en")


def test_the_report_in_japanese(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    import base64

    path = tmp_path / "report.html"
    _ja(capsys, "--lang", "ja", "simulate", "witches-of-blackmore", "--games", "20", "--set", "must_follow=true",
        "--report", str(path))
    page = path.read_text(encoding="utf-8")
    assert page.startswith("<!doctype html><html lang='ja'>")
    for title in ("席ごとの勝率", "ゲームの長さ", "首位の交代", "最終得点"):
        assert f"<h2>{title}</h2>" in page, title
    for english in ("Win rate per seat", "Game length", "Final scores", "share of games", "fair share",
                    "in every seat", "It does not count"):
        assert english not in page, english
    assert "すでに出たカードを数えず、ほかのプレイヤーの手札を推測せず、1トリックより先を計画しません。" in page
    uris = re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", page)
    svgs = [base64.b64decode(m).decode("utf-8") for m in uris]
    assert any(">勝ったゲーム<" in svg for svg in svgs) and any(">ゲームの割合<" in svg for svg in svgs)
    assert any("公平な取り分（25%）" in svg for svg in svgs)
    assert all("Noto Sans CJK JP" in svg for svg in svgs)


def test_the_replay_summary_in_japanese(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    game = rulebook.get_game("witches-of-blackmore")
    state = game.new_game(game.Rules(players=3), seed=3)
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    path = records.save(records.record_of(state), tmp_path / "g.json")
    n = len(state.history)
    out = _ja(capsys, "--lang", "ja", "replay", str(path), "--quiet").splitlines()
    assert out == [f"ブラックモアの魔女 [witches-of-blackmore]、{n}手、シード3",
                   "✓ すべての局面が検査を通りました（ゲーム終了）"]
    out = _ja(capsys, "replay", str(path), "--quiet").splitlines()
    assert out == [f"The Witches of Blackmore [witches-of-blackmore], {n} actions, seed 3",
                   "✓ every position passed the checks (game over)"]
    assert "--speed には秒数（0～" in _ja(capsys, "--lang", "ja", "play", "utsuke", "--speed", "fast", code=2)


def test_a_board_in_japanese_says_what_happens_now() -> None:
    from rulebook.games.gods_and_humans.render import state_text

    game = rulebook.get_game("gods-and-humans")
    state = game.new_game(game.Rules(), seed=1)
    assert "\nnow: the gods choose oracle cards\n" in state_text(state)
    try:
        set_language(JA)
        assert "\nいま：神が神託カードを選ぶ\n" in state_text(state)
        assert "\nいま：神が神託カードを選ぶ\n" in state_text(state, 0)
    finally:
        set_language("en")


def test_saru_missions_in_japanese() -> None:
    from rulebook.games.saru_tori_inu_i.render import mission_text
    from rulebook.games.saru_tori_inu_i.rules import DEFAULT_MISSIONS, Mission

    try:
        set_language(JA)
        assert mission_text(DEFAULT_MISSIONS[0]) == (
            "レース：イノシシが1位、イヌが2位なら12点／さらにサルが3位なら代わりに16点")
        assert mission_text(Mission("cards", condition="colour_first", colour=2, per_card=2, counted=2)) == (
            "獲得カード：黄で1位なら、獲得した黄のカード1枚につき2点")
        assert mission_text(Mission("cards", condition="animal_place", animal=3, place=4, per_card=1)) == (
            "獲得カード：イノシシが4位なら、獲得したカード1枚につき1点")
    finally:
        set_language("en")


# -- the boards of rulebook.core.render in Japanese --------------------------------------------------------------------

BOARD_GAMES = ("witches-of-blackmore", "seven-prophecies", "utsuke", "gods-and-humans", "saru-tori-inu-i")
#: what each board's labels say at the start of the game seeded 4 (the full view), after the title
BOARD_LABELS_AT_START = {
    "witches-of-blackmore": [
        "手番", "得点", "いま", "魔女の輪（降順の面、7に合わせる）", "切り札の山（下から。いちばん上のカードが切り札）",
        "山札",
        "1番席が獲得したカード（0点）", "2番席が獲得したカード（0点）", "3番席が獲得したカード（0点）",
        "4番席が獲得したカード（0点）", "1番席の手札", "2番席の手札", "3番席の手札", "4番席の手札", "選べる手"],
    "seven-prophecies": [
        "手番", "得点", "得点方式", "いま", "未来の列（1トリックに1枚）", "裏向きで除いたカード（誰も見ていない）",
        "順位1の予言カード", "順位2の予言カード", "順位3の予言カード", "順位4の予言カード",
        "このラウンドに出されたカードへ移したキューブ", "1番席の手札", "2番席の手札", "3番席の手札", "4番席の手札",
        "選べる手"],
    "utsuke": [
        "手番", "得点", "いま", "殿の席",
        "切り札チップ（殿の列の右端のカードの上。そのカードが出されたトリックのあとで動く）",
        "殿の列（表向き、左から）", "誉（3で勝ち）", "打ち首チップ（2枚で負け）", "予想",
        "このラウンドに取ったトリック",
        "1番席の手札", "2番席の手札", "3番席の手札", "4番席の手札", "選べる手"],
    "gods-and-humans": [
        "手番", "得点", "いま", "神", "人間としるし", "神託カード（予言されたトリック数、ここまでに取った数）", "場札",
        "まだ介入していない神", "1番席の手札", "2番席の手札", "3番席の手札", "4番席の手札", "5番席の手札", "選べる手"],
    "saru-tori-inu-i": [
        "手番", "得点", "いま", "レースのトラック", "  マス0", "動物の順位", "道（古い順）", "託宣エリア、列1",
        "託宣エリア、列2", "託宣エリア、列3", "託宣エリア、列4", "このラウンドに出したカード", "1番席が獲得したカード",
        "2番席が獲得したカード", "3番席が獲得したカード", "4番席が獲得したカード",
        "いまレースが終わった場合の色の得点（使命を除く）", "1番席の使命カード", "2番席の使命カード",
        "3番席の使命カード", "4番席の使命カード", "1番席の手札", "2番席の手札", "3番席の手札", "4番席の手札",
        "選べる手"],
}
#: the board's title at the start and the end of that game (the end: its last deal, round or race)
BOARD_TITLES = {
    "witches-of-blackmore": ("ブラックモアの魔女 · 4人 · 魔女の輪は降順", "ブラックモアの魔女 · 4人 · 魔女の輪は降順"),
    "seven-prophecies": ("七つの予言（Seven Prophecies） · ラウンド1/4 · 4人",
                         "七つの予言（Seven Prophecies） · ラウンド4/4 · 4人"),
    "utsuke": ("うつけ（UTSUKE） · ラウンド1 · 4人", "うつけ（UTSUKE） · ラウンド3 · 4人"),
    "gods-and-humans": ("神と人間の神託ゲーム · ディール1 · 5人", "神と人間の神託ゲーム · ディール4 · 5人"),
    "saru-tori-inu-i": ("サルトリイヌイ（Saru Tori Inu I） · レース1/4 · ラウンド1/6 · 4人",
                        "サルトリイヌイ（Saru Tori Inu I） · レース4/4 · ラウンド6/6 · 4人"),
}
#: the head lines at the end of that game
BOARD_ENDS = {
    "witches-of-blackmore": ["ゲーム終了。勝者：4番席", "得点：1番席 48  2番席 70  3番席 32  4番席 75"],
    "seven-prophecies": ["ゲーム終了。勝者：1番席 2番席 3番席 4番席", "得点：1番席 0  2番席 0  3番席 0  4番席 0"],
    "utsuke": ["ゲーム終了。勝者：1番席 2番席 3番席 4番席", "得点：1番席 3  2番席 3  3番席 3  4番席 3"],
    "gods-and-humans": ["ゲーム終了。勝者：1番席 2番席", "得点：1番席 1  2番席 1  3番席 0  4番席 0  5番席 0"],
    "saru-tori-inu-i": ["ゲーム終了。勝者：2番席", "得点：1番席 18  2番席 33  3番席 6  4番席 23"],
}
#: words of the English boards that no Japanese board may show (legal action texts and titles aside)
ENGLISH_BOARD_WORDS = ("to act", "scores", "hand of", "trick", "captured", "seat ", "game over", "winners", "none",
                       "empty", "players", "legal", "seen by", "round", "deal", "race", "wheel", "trump", "draw pile",
                       "cards", "face-down", " on ", "wins the", "current", "last", "cubes", "chips", "oracle",
                       "honour")


def _board_game(slug: str) -> tuple[object, object]:
    """The start and the end of ``slug``'s game seeded 4, always taking the first legal action."""
    game = rulebook.get_game(slug)
    start = state = game.new_game(game.Rules(), seed=4)
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    return start, state


def _words_for_people(lines: list[str]) -> str:
    """A board's lines without its title and its legal actions (their texts stay as they are)."""
    return "\n".join(line for line in lines[1:] if not line.startswith("選べる手："))


@pytest.mark.parametrize("slug", BOARD_GAMES)
def test_a_board_in_japanese_has_japanese_head_lines_and_labels(slug: str) -> None:
    from rulebook.core.render import state_text

    start, end = _board_game(slug)
    players = len(start.scores)  # type: ignore[attr-defined]
    try:
        set_language(JA)
        full, seen = state_text(start).splitlines(), state_text(start, 1).splitlines()
        over, over_seen = state_text(end).splitlines(), state_text(end, 1).splitlines()
    finally:
        set_language("en")
    first, last = BOARD_TITLES[slug]
    god = "（神）" if slug == "gods-and-humans" else ""
    assert (full[0], seen[0], over[0]) == (first, f"{first} · 2番席{god}から見た盤面", last)
    assert over_seen[0] == f"{last} · 2番席{god}から見た盤面"
    zeros = "  ".join(f"{s}番席 0" for s in range(1, players + 1))
    assert full[1:3] == seen[1:3] == ["手番：1番席", f"得点：{zeros}"]
    assert [line.split("：")[0] for line in full[1:]] == BOARD_LABELS_AT_START[slug]
    assert "2番席の手札" in "\n".join(seen) and "1番席の手札（" in "\n".join(seen)  # another seat's hand: counted
    assert over[1:3] == over_seen[1:3] == BOARD_ENDS[slug]
    assert full[-1].startswith("選べる手：") and not over[-1].startswith("選べる手：")
    for lines in (full, seen, over, over_seen):
        text = _words_for_people(lines)
        assert [w for w in ENGLISH_BOARD_WORDS if w in text.lower()] == []
        assert re.findall(r"[a-z]{2,}", text) == []  # no English word at all
    english = state_text(start).splitlines()  # and English stays as it was
    assert english[1:3] == ["to act: seat 1", "scores: " + "  ".join(f"seat {s} 0" for s in range(1, players + 1))]


@pytest.mark.parametrize("slug", BOARD_GAMES)
def test_a_board_picture_in_japanese_is_well_formed_and_says_it_in_japanese(slug: str) -> None:
    import xml.etree.ElementTree as ET

    from rulebook.core.render import state_svg

    start, end = _board_game(slug)
    ns = "{http://www.w3.org/2000/svg}"
    god = "（神）" if slug == "gods-and-humans" else ""
    for state, seat in ((start, None), (start, 1), (end, None), (end, 1)):
        try:
            set_language(JA)
            svg = state_svg(state, seat)
        finally:
            set_language("en")
        root = ET.fromstring(svg)
        title = root.find(f"{ns}title")
        assert title is not None and root.get("aria-label") == title.text
        first_or_last = BOARD_TITLES[slug][state is end]
        assert title.text == (first_or_last if seat is None else f"{first_or_last} · 2番席{god}から見た盤面")
        texts = [t.text or "" for t in root.iter(f"{ns}text")]
        assert texts[0] == title.text
        assert texts[1] in ("手番：1番席", BOARD_ENDS[slug][0]) and texts[2].startswith("得点：1番席 ")
        assert "2番席の手札" in texts or "2番席の手札：（なし）" in texts  # seat 2's hand: seen in every view
        names = [t for t in texts[1:] if not t.startswith("選べる手：")]
        names += [g.get("aria-label", "") for g in root.iter(f"{ns}g")]
        names += [t.text or "" for t in root.iter(f"{ns}title")][1:]
        assert [n for n in names if re.search(r"[a-z]{2,}", n)] == []  # every label, mark and card name in Japanese
        picture_width = float(root.get("width", "0"))
        for t in root.iter(f"{ns}text"):  # a line from the left edge fits the picture (CJK: about one em a character)
            if t.get("x") == "0" and t.get("textLength") is None:
                size = float(t.get("font-size", "12"))
                need = sum(size if width(ch) == 2 else 0.5 * size for ch in t.text or "")
                assert need <= picture_width, (t.text, need, picture_width)


def test_the_human_marks_of_gods_and_humans_are_the_rules_icons() -> None:
    from rulebook.games.gods_and_humans.render import ICON_WORDS
    from rulebook.games.gods_and_humans.rules import ICONS

    assert ICON_WORDS == ICONS
    try:
        set_language(JA)
        assert [_(w) for w in ICON_WORDS] == ["太陽", "月", "星", "雲"]
    finally:
        set_language("en")


def test_cards_tricks_and_the_deck_in_japanese() -> None:
    import xml.etree.ElementTree as ET

    from rulebook.core import render

    game = rulebook.get_game("witches-of-blackmore")
    state = game.new_game(game.Rules(), seed=4)
    while not state.tricks:
        state = state.apply(state.legal_actions()[0])
    trick = state.tricks[0]
    try:
        set_language(JA)
        picture, deck, empty = render.trick_svg(game, trick), render.deck_svg(game), render.hand_svg(game, [])
    finally:
        set_language("en")
    labels = [g.get("aria-label") for g in ET.fromstring(picture).iter("{http://www.w3.org/2000/svg}g")]
    assert labels == ["赤の1", "青の2", "赤の6、トリックの勝ち", "青の1"]  # card texts (R6) stay in the titles
    assert "<title>R6: 赤の6、トリックの勝ち</title>" in picture and ">1番席</text>" in picture
    assert 'aria-label="ブラックモアの魔女のカード54枚：赤、青、緑、黄、紫、橙"' in deck
    assert 'aria-label="カードなし"' in empty
    assert 'aria-label="red 1"' in render.trick_svg(game, trick)  # English as it was


def test_japanese_plots_find_the_cjk_font_or_say_once_which_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 35 item 6: no missing-glyph warning per label. With the font on the machine, matplotlib
    finds it (even installed after its cache was made); without it, one notice names the package."""
    pytest.importorskip("matplotlib")
    import warnings

    from rulebook.balance import plots
    from rulebook.cli import simulate as cli_simulate
    from rulebook.i18n import language, set_language

    previous = language()
    set_language("ja")
    try:
        monkeypatch.setattr(plots, "_CJK_READY", [False])  # as on a machine without the font
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            assert plots._fonts() == plots.FONTS
        cli_simulate._font_notice()
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "fonts-noto-cjk" in err and plots.CJK_FONT in err
        monkeypatch.setattr(plots, "_CJK_READY", [True])
        cli_simulate._font_notice()
        assert capsys.readouterr().err == ""
    finally:
        set_language(previous)
