"""The gods-and-humans board as text and SVG: exact content, and no hidden card in a seat's view.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rulebook.core import render
from rulebook.games.gods_and_humans import DECK, GAME, Rules
from rulebook.reference import scenarios

ROOT = Path(__file__).resolve().parents[3]


EIGHT = ROOT / "spec/examples/gods-and-humans/eight-player-deal.toml"


SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def eight() -> list:  # type: ignore[type-arg]
    return scenarios.run(scenarios.load(EIGHT))


def labels(svg: str) -> list[str]:
    return [str(e.get("aria-label")) for e in ET.fromstring(svg).iter(SVG + "g") if e.get("aria-label")]


def names(text: str) -> list[str]:
    return [DECK.name(DECK.parse(t)) for t in text.split()]


def test_whole_board_as_text_while_a_god_gives(eight: list) -> None:  # type: ignore[type-arg]
    state = eight[20]  # god 3 has given Y1 and Y2 from its hand
    assert render.state_text(state).splitlines() == [
        "The gods-and-humans oracle game · deal 1 · 8 players",
        "to act: seat 4",
        "scores: seat 1 0  seat 2 0  seat 3 0  seat 4 0  seat 5 0  seat 6 0  seat 7 0  seat 8 0",
        "now: a god gives each human a card",
        "gods: [god seat 1 → seat 5]  [god seat 2 → seat 6]  [god seat 3 → seat 7]  [god seat 4 → seat 8]",
        "humans and their marks: [seat 5 sun]  [seat 6 moon]  [seat 7 star]  [seat 8 cloud]",
        "oracle cards (predicted tricks, won so far): [seat 5: 5, won 2]  [seat 6: 1, won 0]  [seat 7: 0, won 0]"
        "  [seat 8: 2, won 0]",
        "field: R6 B6 G6 Y6",
        "gods still to intervene: seat 1, seat 3, seat 4",
        "intervention at gap 1: god seat 2 gives from the field: seat 5 R5 seat 6 B5 seat 7 G5 seat 8 Y5",
        "intervention at gap 2: god seat 4 gives from the hand (in progress): seat 5 Y1 seat 6 Y2",
        "last trick (trick 2 of the game), won by seat 5: seat 5 R11 (wins the trick) seat 6 B8 seat 7 G8 seat 8 Y8",
        "hand of seat 1: R1 R2 R3 R4",
        "hand of seat 2: B1 B2 B3 B4",
        "hand of seat 3: G1 G2 G3 G4",
        "hand of seat 4: Y3 Y4",
        "hand of seat 5: R5 R7 R8 R9 R10 Y1",
        "hand of seat 6: B5 B9 B10 B11 B12 Y2",
        "hand of seat 7: G5 G9 G10 G11 G12",
        "hand of seat 8: Y5 Y9 Y10 Y11 Y12",
        "legal: give Y3, give Y4",
    ]
    assert str(state) == render.state_text(state)


def test_a_human_sees_its_own_gift_only(eight: list) -> None:  # type: ignore[type-arg]
    state = eight[20]
    text = render.state_text(state, 5).splitlines()
    assert text[0] == "The gods-and-humans oracle game · deal 1 · 8 players · seen by seat 6 (human)"
    assert "gods: [god seat 1]  [god seat 2]  [god seat 3]  [god seat 4]" in text  # partners unknown
    assert ("oracle cards (predicted tricks, won so far): [seat 5: ?, won 2]  [seat 6: 1, won 0]  [seat 7: ?, won 0]"
            "  [seat 8: ?, won 0]") in text
    assert "intervention at gap 2: god seat 4 gives from the hand (in progress): seat 5 ?? seat 6 Y2" in text
    assert "hand of seat 6: B5 B9 B10 B11 B12 Y2" in text
    assert "hand of seat 5 (6 cards, hidden): ?? ?? ?? ?? ?? ??" in text
    assert "hand of seat 4 (2 cards, hidden): ?? ??" in text
    assert not any(line.startswith("legal:") for line in text)  # seat 4 acts, not seat 6
    svg = labels(render.state_svg(state, 5))
    for name in names("B9 B10 B11 B12"):
        assert svg.count(name) == 1, name
    assert svg.count("yellow 2") == 2  # in its hand and in the intervention it received
    for name in names("Y1 Y3 Y4 R7 R12 G9 Y9 R1 B1 G1"):  # others' hands, another human's gift
        assert name not in svg, name


def test_a_humans_svg_shows_its_hand_once_and_nothing_hidden(eight: list) -> None:  # type: ignore[type-arg]
    state = eight[4]  # the oracle cards are handed over; seat 5 leads
    svg = render.state_svg(state, 4)
    got = labels(svg)
    for name in names("R7 R8 R9 R10 R11 R12"):
        assert got.count(name) == 1
    for name in names("R5 R6 B5 B6 G5 G6 Y5 Y6"):  # the field is public
        assert got.count(name) == 1
    hidden = [DECK.name(c) for h in (0, 1, 2, 3, 5, 6, 7) for c in state.hands[h]]
    assert not set(hidden) & set(got)
    assert got.count("face-down card") == 4 * 4 + 3 * 6
    assert "seat 5: 5, won 0" in got and "seat 6: ?, won 0" in got
    root = ET.fromstring(svg)
    assert root.get("aria-label") == "The gods-and-humans oracle game · deal 1 · 8 players · seen by seat 5 (human)"


def test_a_god_sees_the_humans_hands_and_its_own_forced_cards(eight: list) -> None:  # type: ignore[type-arg]
    state = eight[51]  # god 0 has laid R1 face down
    god = render.state_text(state, 0).splitlines()
    assert "intervention at gap 7: god seat 1 gives from the hand (forced): seat 5 R1" in god
    assert "forced intervention at gap 7 by seat 1, seat 3: 1 card(s) laid face down so far" in god
    assert "hand of seat 5: Y1" in god and "hand of seat 3 (4 cards, hidden): ?? ?? ?? ??" in god
    assert "legal: give R2, give R3, give R4" in god
    other = render.state_text(state, 2).splitlines()
    assert not any("R1" in line for line in other)  # the other god does not see god 0's card
    assert "forced intervention at gap 7 by seat 1, seat 3: 1 card(s) laid face down so far" in other
    everything = render.state_text(state).splitlines()
    assert "intervention at gap 7: god seat 1 gives from the hand (forced, face down, in progress): seat 5 R1" in (
        everything
    )


def test_finished_game_and_last_trick_picture(eight: list) -> None:  # type: ignore[type-arg]
    final = eight[-1]
    text = render.state_text(final).splitlines()
    assert text[1] == "game over; winners: seat 3 seat 7"
    assert text[2] == "scores: seat 1 0  seat 2 0  seat 3 3  seat 4 0  seat 5 0  seat 6 0  seat 7 3  seat 8 0"
    assert text[3] == "now: the game is over"
    assert render.observation_text(final.observation(4)).splitlines()[1] == "game over; winners: seat 3 seat 7"
    assert ("last trick (trick 10 of the game), won by seat 8: seat 8 R4 (wins the trick) seat 5 R1 seat 6 R2 "
            "seat 7 R3") in text
    forced = "intervention at gap 7: god seat 3 gives from the hand (forced): seat 5 G1 seat 6 G2 seat 7 G3 seat 8 G4"
    assert forced in text
    assert "red 4, wins the trick" in labels(render.state_svg(final))


def test_observations_render_through_the_hook(eight: list) -> None:  # type: ignore[type-arg]
    state = eight[20]
    for seat in range(8):
        obs = state.observation(seat)
        assert str(obs) == render.observation_text(obs)
        if seat != state.current_player:  # the state's view adds the legal actions of the seat to act
            assert render.observation_text(obs) == render.state_text(state, seat)
            assert obs._repr_svg_() == render.state_svg(state, seat)
        ET.fromstring(obs._repr_svg_())
    with pytest.raises(ValueError, match="no picture for observations of type int"):
        render.observation_text(3)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_seats_view_survives_resampling(seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_game(Rules(players=5 + seed), seed=seed)
    checked = 0
    while not state.is_terminal and checked < 40:
        state = state.apply(rng.choice(state.legal_actions()))
        seat = rng.randrange(state.rules.players)
        other = state.resample(seat, random.Random(seed * 1000 + checked))
        assert render.state_text(other, seat) == render.state_text(state, seat)
        assert render.state_svg(other, seat) == render.state_svg(state, seat)
        checked += 1
    assert checked == 40
