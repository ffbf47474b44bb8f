"""``rulebook rules GAME [RULE-ID|section]`` and the rules as text (:mod:`rulebook.reference.rules_text`)."""

from __future__ import annotations

import re

import pytest

import rulebook
from rulebook.cli.app import main
from rulebook.reference import rules_text
from rulebook.reference.rules_text import UnknownRule, how_to_play, lookup, rulings_of, to_plain

WB = "witches-of-blackmore"
#: a rule ID no spec defines (built so that the traceability check does not read it as a citation)
BAD_ID = "WB-TRICK-" + "22"


def test_one_rule_prints_its_text_first(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", WB, "WB-TRICK-2"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == [
        "WB-TRICK-2 · Several trumps",
        "",
        "If two or more trump-coloured cards were played, the strongest of them on the",
        "wheel wins.",
        "",
        "Options: trump_colour, wins.",
    ]


def test_a_rule_comes_with_its_rulings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", WB, "wb-play-2"]) == 0  # any case
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "WB-PLAY-2 · Must-follow house rule"
    assert "WB-RULING-2 · No obligation to follow" in lines
    assert [r.id for r in rulings_of(WB, "WB-PLAY-2")] == ["WB-RULING-2", "WB-RULING-14"]
    # a ruling that cites the rule, though the rule does not cite it
    assert "WB-RULING-6" in [r.id for r in rulings_of(WB, "WB-SCORE-2")]
    assert rulings_of(WB, "WB-RULING-2") == []


def test_unknown_rule_is_one_line_naming_close_matches(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", WB, BAD_ID]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"rulebook: error: no rule or section {BAD_ID!r} in witches-of-blackmore; "
                            "close matches: WB-TRICK-2, WB-TRICK-6, WB-TRICK-5\n")
    assert main(["rules", "utsuke", "WB-TRICK-2"]) == 2
    assert capsys.readouterr().err == "rulebook: error: WB-TRICK-2 is a rule of witches-of-blackmore, not of utsuke\n"
    assert main(["rules", WB, "zzzzzz"]) == 2
    assert capsys.readouterr().err == ("rulebook: error: no rule or section 'zzzzzz' in witches-of-blackmore; "
                                       "list them: rulebook rules witches-of-blackmore\n")
    assert main(["rules", "no-such-game"]) == 2


def test_a_section_by_its_heading(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "utsuke", "the lord's conduct"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:4] == ["The lord's conduct (殿の所作)", "-" * 29, "", "UT-LORD-1 · Round start: the leftmost card"]
    with pytest.raises(UnknownRule, match="close matches: Bidding"):
        lookup("utsuke", "biding")


def test_the_list_of_sections_and_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", WB]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Rules of The Witches of Blackmore [witches-of-blackmore]"
    assert lines[2:6] == ["Components", "  WB-COMP-1      The deck", "  WB-COMP-2      The witches' wheel",
                          "  WB-COMP-3      A smaller deck (house rule)"]
    assert "  WB-TRICK-2     Several trumps" in lines
    assert sum(1 for line in lines if line.startswith("  WB-")) == len(rulebook.reference.trace.load_spec()) - sum(
        1 for r in rulebook.reference.trace.load_spec().values() if r.slug != WB)


def test_plain_text_has_no_markdown() -> None:
    assert to_plain("### WB-X-1 · A title\nSee [WB-PLAY-2](#rule-wb-play-2) and `must_follow`, **not** *this*.\n"
                    "Options: `wheel`.") == (
        "WB-X-1 · A title\nSee WB-PLAY-2 and must_follow, not this.\n\nOptions: wheel.")
    for slug in rulebook.GAMES:
        for section in rules_text.sections(slug):
            text = to_plain(lookup(slug, section.heading))
            assert "](#" not in text and "`" not in text and "**" not in text and "\n#" not in text, slug


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_how_to_play_fits_one_screen(slug: str) -> None:
    game = rulebook.get_game(slug)
    now = ["Trump: red (R4) · trump stack G9 R4 · draw pile 25 cards", "a second line about the board"]
    text = how_to_play(slug, game.title, now, lines=21)
    plain = to_plain(text).splitlines()
    assert plain[0] == f"How to play {game.title}"
    assert set(plain[1]) == {"-"} and plain[2] == ""
    assert plain[3].startswith("Goal: ")
    assert len(plain) <= 21
    assert plain[-2:] == [f"- {line}" for line in now]
    assert sum(1 for line in plain if line.startswith("- ")) >= 2  # the board, under the lessons of page one
    assert len(rules_text.markdown_lines(text, 80, colour=False)) <= 22


def test_rich_rendering_shows_links_as_text() -> None:
    lines = rules_text.markdown_lines(lookup(WB, "WB-PLAY-2"), 80, colour=False)
    text = "\n".join(lines)
    assert "See WB-RULING-2." in text
    assert "#rule-" not in text and "##" not in text and "`" not in text


def test_rules_in_japanese_read_the_reference_pages_words(capsys: pytest.CaptureFixture[str]) -> None:
    """Under ``--lang ja`` a rule's heading and body are the Japanese rule reference's (issue 25)."""
    from rulebook.cli.app import main

    assert main(["--lang", "ja", "rules", "witches-of-blackmore", "WB-TRICK-2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "WB-TRICK-2 · 切り札が複数"
    assert out[2].startswith("切り札の色のカードが2枚以上出たときは、その中で魔女の輪の上で最も強いカードが勝ちます。")
    assert main(["rules", "witches-of-blackmore", "WB-TRICK-2"]) == 0  # English again without --lang
    assert capsys.readouterr().out.startswith("WB-TRICK-2 · Several trumps")


def test_text_blocks_and_translation_keep_code_and_tables() -> None:
    from rulebook.i18n import set_language
    from rulebook.reference.rules_text import text_blocks, translate_markdown

    md = "| a | b |\n|---|---|\n\n```toml\nx = 1\n```\n\nNo such paragraph\nin the catalog."
    assert text_blocks(md) == ["No such paragraph in the catalog."]
    set_language("ja")
    assert translate_markdown(md) == md  # nothing translated: every line kept as it was


#: Code on a page for people: an identifier with a dot or an underscore, the NPC, the spec's ``P``.
CODE_WORDS = re.compile(r"\b[A-Za-z]\w*(?:\.[A-Za-z_]\w*|_\w+)|\bNPC\b|\b1 to P\b|1〜P|(?<![A-Za-z])P位")
#: Page one's lessons, by game: (how a trick or round is won, how you score), in English and Japanese.
LESSONS = {
    "witches-of-blackmore": (("Winning a trick: If one trump-coloured card is played, it wins",
                              "Scoring: Each card you capture scores its number",
                              "The wheel: The trump card's number is strongest"),
                             ("トリックの勝者：切り札の色のカードが1枚だけ出たら",
                              "得点計算：取ったカードはそれぞれ数字の点",
                              "ホイール：切り札のカードの数字が最も強く")),
    "seven-prophecies": (("Winning a trick: Cards of the suit of the trick's future card rank highest",
                          "Scoring: A place you take where you have a cube fulfils it"),
                         ("トリックの勝者：そのトリックの未来カードと同じスート",
                          "得点計算：キューブを置いた順位を取ると")),
    "utsuke": (("Winning a trick: The highest trump wins", "Honour: After the round the bids are shown: an exact "
                "bid earns 2 honour"),
               ("トリックの勝者：", "誉：ラウンドの終わりに予想が公開される。ぴったり当てた人は誉を2得る")),
    "gods-and-humans": (("Winning a trick: Follow the colour led if you can",
                         "Scoring: A human who wins exactly the tricks its oracle card shows"),
                        ("トリックの勝者：出せるなら最初に出された色に従う",
                         "得点計算：神託カードの数とちょうど同じ数")),
    "saru-tori-inu-i": (("A round: Everyone plays one card", "Scoring: After a race, the 1st and 2nd in each colour"),
                        ("1ラウンド：全員が1枚ずつカードを出す", "得点計算：レースが終わると")),
}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_page_one_teaches_winning_and_scoring_without_code(slug: str, lang: str) -> None:
    """Issue 35 item 9: ``?``'s first page says how a trick (or round) is won and how you score, in words."""
    from rulebook.i18n import _, set_language
    from rulebook.table.screen import board_lines

    game = rulebook.get_game(slug)
    state = game.new_game(game.Rules(), seed=1)
    set_language(lang)
    try:
        text = to_plain(how_to_play(slug, _(game.title), board_lines(state, 0), 21, 80, state.rules), 200)
    finally:
        set_language("en")
    flat = " ".join(text.split("\n"))
    for lesson in LESSONS[slug][lang == "ja"]:
        assert lesson in flat, f"{slug} ({lang}): {lesson!r} not on page one:\n{text}"
    found = CODE_WORDS.search(text)
    assert found is None, f"{slug} ({lang}): code word {found.group()!r} on page one:\n{text}"
