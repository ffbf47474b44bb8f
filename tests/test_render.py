"""rulebook.core.render: card, hand, trick and state pictures and text views."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

import rulebook
from rulebook.core import render
from rulebook.core.history import TrickRecord
from rulebook.games.witches_of_blackmore import DECK

SLUGS = ("witches-of-blackmore", "seven-prophecies", "utsuke", "gods-and-humans", "saru-tori-inu-i")
SVG = "{http://www.w3.org/2000/svg}"
WITCHES = rulebook.get_game("witches-of-blackmore")


def _played(slug: str, steps: int, seed: int = 1) -> object:
    game = rulebook.get_game(slug)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_suit_colours() -> None:
    assert render.suit_colour("red") == "#c62828"
    assert render.suit_colour("Blue") == "#1565c0"
    # neutral names get the fixed palette by suit index
    assert render.suit_colour("suit A", 0) == render.NEUTRAL_PALETTE[0]
    assert render.suit_colour("suit C", 2) == render.NEUTRAL_PALETTE[2]
    with pytest.raises(ValueError, match="suit index"):
        render.suit_colour("red", True)  # type: ignore[arg-type]


def test_card_svg_is_accessible_and_coloured() -> None:
    card = DECK.parse("R7")
    svg = render.card_svg(WITCHES, card)
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    assert root.get("aria-label") == "R7"
    assert root.find(SVG + "title").text == "R7"  # type: ignore[union-attr]
    group = root.find(SVG + "g")
    assert group is not None and group.get("aria-label") == "red 7"
    assert "#c62828" in svg
    numbers = [t.text for t in root.iter(SVG + "text")]
    assert numbers == ["red", "7"]


def test_card_errors() -> None:
    with pytest.raises(ValueError, match="not a card"):
        render.card_svg(WITCHES, 54)
    with pytest.raises(ValueError, match="whole number"):
        render.card_svg(WITCHES, True)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="tuple or list"):
        render.hand_svg(WITCHES, "R7")  # type: ignore[arg-type]


def test_hand_svg_keeps_order() -> None:
    cards = [DECK.parse(t) for t in ("B3", "R7", "O9")]
    root = ET.fromstring(render.hand_svg(WITCHES, cards))
    assert root.get("aria-label") == "B3 R7 O9"
    assert [g.get("aria-label") for g in root.iter(SVG + "g")] == ["blue 3", "red 7", "orange 9"]
    assert root.get("width") == str(3 * render.CARD_W + 2 * render.GAP)


def test_trick_svg_marks_the_winner() -> None:
    # the source's second example: David's blue 4 wins
    plays = tuple((seat, DECK.parse(t)) for seat, t in enumerate(("Y2", "R7", "Y5", "B4", "B9")))
    trick = TrickRecord(number=0, round=0, leader=0, plays=plays, winner=3, rule="several trumps")
    root = ET.fromstring(render.trick_svg(WITCHES, trick))
    assert root.get("aria-label") == (
        "trick 1: seat 1 Y2, seat 2 R7, seat 3 Y5, seat 4 B4, seat 5 B9; seat 4 wins with B4 (several trumps)"
    )
    labels = [g.get("aria-label") for g in root.iter(SVG + "g")]
    assert labels == ["yellow 2", "red 7", "yellow 5", "blue 4, wins the trick", "blue 9"]
    with pytest.raises(ValueError, match="TrickRecord"):
        render.trick_svg(WITCHES, (1, 2))  # type: ignore[arg-type]


@pytest.mark.parametrize("slug", SLUGS)
def test_state_views_work_for_every_game(slug: str) -> None:
    state = _played(slug, 5)
    text = render.state_text(state)  # type: ignore[arg-type]
    lines = text.splitlines()
    assert lines[0].startswith(state.GAME.title)  # type: ignore[attr-defined]
    assert lines[1] == f"to act: seat {state.current_player + 1}"  # type: ignore[attr-defined]
    assert lines[2].startswith("scores: seat 1 ")
    assert any(line.startswith("legal: ") for line in lines)
    ET.fromstring(render.state_svg(state))  # type: ignore[arg-type]  # well-formed XML
    assert render.repr_svg(state) == render.state_svg(state)  # type: ignore[arg-type]
    assert state._repr_svg_() == render.state_svg(state)  # type: ignore[attr-defined]  # Jupyter's hook
    assert str(state) == text  # print(state) is the same text


def test_seat_view_shows_only_that_seat() -> None:
    state = WITCHES.new_game(WITCHES.Rules(players=3), seed=1)
    everything = render.state_text(state)
    assert "hand of seat 2:" in everything and "hand of seat 3:" in everything  # seats from 1 in text
    seen = render.state_text(state, 1)
    own = DECK.texts(state.hands[1])
    assert f"hand of seat 2: {own}" in seen.splitlines()
    assert "hand of seat 1:" not in seen and "hand of seat 3:" not in seen
    # seat 1 (the second) is not to act, so the legal actions (seat 0's cards) are not shown
    assert "legal:" not in seen
    assert "legal: play R4, play R8, play B8" in render.state_text(state, 0)
    svg = render._generic_svg(state, 1)  # the generic picture (the Witches' own board: witches_*/test_render)
    shown = [g.get("aria-label") for g in ET.fromstring(svg).iter(SVG + "g")]
    assert shown == [render.card_face(WITCHES, c).name for c in state.hands[1]]
    with pytest.raises(ValueError, match="seat must be"):
        render.state_text(state, 3)
    with pytest.raises(ValueError, match="seat must be"):
        render.state_text(state, False)  # type: ignore[arg-type]


def test_register_overrides_one_game() -> None:
    state = WITCHES.new_game(seed=1)
    render.state_text(state)  # loads the game's own views (rulebook.games.witches_of_blackmore.render)
    own = render._TEXT.get("witches-of-blackmore")
    try:
        render.register("witches-of-blackmore", text=lambda s, seat: f"custom {seat}")
        assert render.state_text(state, 2) == "custom 2"
        assert render.state_text(_played("utsuke", 1)).startswith("UTSUKE")  # type: ignore[arg-type]
    finally:
        render._TEXT.pop("witches-of-blackmore", None)
        if own is not None:
            render._TEXT["witches-of-blackmore"] = own
    assert render.state_text(state).startswith("The Witches of Blackmore")
    with pytest.raises(ValueError, match="callable"):
        render.register("utsuke", svg="no")  # type: ignore[arg-type]


#: English words allowed in a Japanese board: the English half of a game's title (``七つの予言（Seven
#: Prophecies）``); legal actions stay as they are written (``play B7``) and their line is left out.
_TITLE_WORDS = {"Seven", "Prophecies", "Saru", "Tori", "Inu", "UTSUKE"}


def _english_words(text: str) -> set[str]:
    import re

    lines = [ln for ln in text.splitlines() if not ln.startswith("選べる手")]
    return set(re.findall(r"[A-Za-z][a-z]{2,}", "\n".join(lines))) - _TITLE_WORDS


@pytest.mark.parametrize("slug", SLUGS)
def test_board_texts_are_japanese_under_lang_ja(slug: str) -> None:
    """``--lang ja``: every line of the board texts (each game's and the generic one: who is to
    act, scores, winners, hands, the last trick and who won it, NPCs included) is Japanese."""
    from rulebook.i18n import set_language

    game = rulebook.get_game(slug)
    state = game.new_game(seed=4)
    rng = random.Random(4)
    states = [state]
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    set_language("ja")
    found: set[str] = set()
    for s in [*states[::9], states[-1]]:
        for text in (render.state_text(s), render.observation_text(s.observation(0)),
                     render._generic_text(s, None), render._generic_text(s, 0)):
            found |= _english_words(text)
        tricks = render._tricks(s)
        if tricks:
            found |= _english_words(render._trick_line(game, tricks[-1], s.rules, last=True))
    assert found == set()
    assert "手番：" in render._generic_text(states[0], None) and "得点：" in render._generic_text(states[0], None)
