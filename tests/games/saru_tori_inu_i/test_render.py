"""The Saru Tori Inu I board as text and SVG: exact content, and no hidden card in a seat's view."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rulebook.core import render
from rulebook.games.saru_tori_inu_i import (
    DEFAULT_MISSIONS,
    GAME,
    Mission,
    Rules,
)
from rulebook.games.saru_tori_inu_i import render as view
from rulebook.reference import scenarios

ROOT = Path(__file__).resolve().parents[3]


ROUNDS = ROOT / "spec/examples/saru-tori-inu-i/two-rounds.toml"


SVG = "{http://www.w3.org/2000/svg}"


RULES = Rules(players=3)


@pytest.fixture(scope="module")
def rounds() -> list:  # type: ignore[type-arg]
    return scenarios.run(scenarios.load(ROUNDS))


def labels(svg: str) -> list[str]:
    return [str(e.get("aria-label")) for e in ET.fromstring(svg).iter(SVG + "g") if e.get("aria-label")]


def names(text: str) -> list[str]:
    faces = {render.card_face(GAME, c, RULES).text: render.card_face(GAME, c, RULES).name for c in range(36)}
    return [faces[t] for t in text.split()]


def test_whole_board_after_two_rounds(rounds: list) -> None:  # type: ignore[type-arg]
    assert render.state_text(rounds[-1]).splitlines() == [
        "Saru Tori Inu I (サルトリイヌイ) · race 1 of 3 · round 3 of 8 · 3 players",
        "to act: seat 2",
        "scores: seat 1 0  seat 2 0  seat 3 0",
        "now: play a card (face up, face down, or the last player declares)",
        "race track:",
        "  square 0: bird boar",
        "  square 1: dog",
        "  square 2: monkey",
        "animals in order: 1st monkey (red), 2nd dog (blue), 3rd bird (yellow), 4th boar (black)",
        "road (oldest first): B9 R8",
        "road icons: B9 dog; R8 monkey",
        "oracle area, column 1: K5",
        "oracle area, column 2: R1 R2",
        "oracle area, column 3: B4",
        "played this round: (none)",
        "acquired by seat 1: K9",
        "acquired by seat 2: R9",
        "acquired by seat 3: Y9 B7",
        # monkey 1st, dog 2nd, boar 4th: K9 costs seat 1 3, R9 gives seat 2 4, B7 gives seat 3 2
        "colour points if the race ended now (missions aside): [seat 1: -3]  [seat 2: 4]  [seat 3: 2]",
        "mission of seat 1: race: 12 points if the boar finishes 1st and the dog 2nd; 16 instead if "
        "the monkey finishes 3rd as well",
        "mission of seat 2: race: 12 points if the dog finishes 1st and the bird 2nd; 16 instead if "
        "the boar finishes 3rd as well",
        "mission of seat 3: race: 12 points if the bird finishes 1st and the monkey 2nd; 16 instead "
        "if the dog finishes 3rd as well",
        "hand of seat 1: R3 R4 R5 R6 R7 B1 B2 B3",
        "hand of seat 2: B5 B6 B8 Y1 Y2 Y3 Y4 Y5 Y6",
        "hand of seat 3: Y7 Y8 K1 K2 K3 K4 K6 K7 K8",
        "legal: play B5, play B6, play B8, play Y1, play Y2, play Y3, play Y4, play Y5, play Y6",
    ]
    assert str(rounds[-1]) == render.state_text(rounds[-1])


def test_the_track_picture_shows_each_animal_on_its_square(rounds: list) -> None:  # type: ignore[type-arg]
    got = labels(render.state_svg(rounds[-1]))
    assert [x for x in got if " on square " in x] == [
        "bird on square 0", "boar on square 0", "dog on square 1", "monkey on square 2",
    ]


def test_a_seat_sees_its_hand_and_mission_only(rounds: list) -> None:  # type: ignore[type-arg]
    state = rounds[11]  # round 2: seat 2 played B4, seat 3 K5
    text = render.state_text(state, 1).splitlines()
    assert ("mission of seat 2: race: 12 points if the dog finishes 1st and the bird 2nd; 16 instead "
        "if the boar finishes 3rd as well") in text
    assert not any(line.startswith("mission of seat 1") or line.startswith("mission of seat 3") for line in text)
    assert "hand of seat 1 (10 cards): ?? ?? ?? ?? ?? ?? ?? ?? ?? ??" in text
    assert "played by seat 3, not yet placed: K5" in text
    svg = labels(render.state_svg(state, 1))
    for name in names("B5 B6 B8 Y1 Y2 Y3 Y4 Y5 Y6"):
        assert svg.count(name) == 1, name
    hidden = {render.card_face(GAME, c, RULES).name for s in (0, 2) for c in state.hands[s]}
    assert not hidden & set(svg)
    assert svg.count("face-down card") == 10 + 9


def test_observations_render_through_the_hook(rounds: list) -> None:  # type: ignore[type-arg]
    state = rounds[-1]
    for seat in range(3):
        obs = state.observation(seat)
        assert str(obs) == render.observation_text(obs)
        title = f"Saru Tori Inu I (サルトリイヌイ) · race 1 · round 3 · 3 players · seen by seat {seat + 1}"
        assert str(obs).splitlines()[0] == title
        if seat != state.current_player:
            assert view.observation_text(obs, RULES) == render.state_text(state, seat)
            assert str(obs).splitlines()[1:] == render.state_text(state, seat).splitlines()[1:]
        ET.fromstring(obs._repr_svg_())


def test_missions_in_words() -> None:
    assert view.mission_text(DEFAULT_MISSIONS[0]) == (
        "race: 12 points if the boar finishes 1st and the dog 2nd; 16 instead if the monkey finishes 3rd as well")
    assert view.mission_text(Mission("cards", condition="every_colour", per_card=1)) == (
        "collected cards: 1 point for each card you acquire, if you acquire a card of every colour")
    assert view.mission_text(Mission("cards", condition="colour_first", colour=2, per_card=2, counted=2)) == (
        "collected cards: 2 points for each yellow card you acquire, if you are 1st in yellow")
    assert view.mission_text(Mission("cards", condition="animal_place", animal=3, place=4, per_card=1)) == (
        "collected cards: 1 point for each card you acquire, if the boar finishes 4th")


def test_game_over() -> None:
    rng = random.Random(3)
    state = GAME.new_game(Rules(players=3, races="trial"), seed=3)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    winners = " ".join(f"seat {w + 1}" for w in sorted(state.winners))
    lines = render.state_text(state).splitlines()
    assert lines[1] == f"game over; winners: {winners}" and lines[3] == "now: the game is over"
    assert render.state_text(state, 0).splitlines()[1] == f"game over; winners: {winners}"
    assert any(line.startswith("race 1 scored: ") for line in lines)


@pytest.mark.parametrize("players", [3, 4])
def test_a_seats_view_survives_resampling(players: int) -> None:
    rng = random.Random(players)
    state = GAME.new_game(Rules(players=players), seed=players)
    for step in range(60):
        state = state.apply(rng.choice(state.legal_actions()))
        seat = rng.randrange(players)
        other = state.resample(seat, random.Random(step))
        assert render.state_text(other, seat) == render.state_text(state, seat)
        assert render.state_svg(other, seat) == render.state_svg(state, seat)


def test_a_face_down_card_and_the_scored_race() -> None:
    states = scenarios.run(scenarios.load(ROOT / "spec/examples/saru-tori-inu-i/face-down-and-scoring.toml"))
    down = states[76]  # seat 2 has played B3 face down
    assert "played this round: [seat 1: strength 4]  [seat 2: face down]  [seat 3: strength 3]" in (
        render.state_text(down, 0).splitlines())
    assert "played by seat 2, not yet placed: ??" in render.state_text(down, 0).splitlines()
    assert "played by seat 2, not yet placed: B3" in render.state_text(down, 1).splitlines()
    assert "face-down card" in labels(render.state_svg(down, 0))
    final = render.state_text(states[-1]).splitlines()
    assert final[:3] == [
        "Saru Tori Inu I (サルトリイヌイ) · race 1 of 1 · round 8 of 8 · 3 players",
        "game over; winners: seat 2",
        "scores: seat 1 0  seat 2 5  seat 3 4",
    ]
    assert "animals in order: 1st monkey (red), 2nd bird (yellow), 3rd boar (black), 4th dog (blue)" in final
    assert "race 1 scored: seat 1 0  seat 2 5  seat 3 4; missions 4 1 5" in final
