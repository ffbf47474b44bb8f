"""Seven Prophecies board views: text and SVG, for a state and for a seat."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rulebook.core import render
from rulebook.games.seven_prophecies import DECK, GAME, Rules
from rulebook.reference import scenarios

ROOT = Path(__file__).resolve().parents[3]


FIVES = ROOT / "spec/examples/seven-prophecies/prophecy-and-equal-numbers.toml"


SCORING = ROOT / "spec/examples/seven-prophecies/scoring-example.toml"


SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def fives() -> list:  # type: ignore[type-arg]
    return scenarios.run(scenarios.load(FIVES))


def labels(svg: str) -> list[str]:
    return [str(e.get("aria-label")) for e in ET.fromstring(svg).iter(SVG + "g") if e.get("aria-label")]


def names(text: str) -> list[str]:
    return [DECK.name(DECK.parse(t)) for t in text.split()]


def test_whole_board_after_the_trick_of_three_fives(fives: list) -> None:  # type: ignore[type-arg]
    assert render.state_text(fives[-1]).splitlines() == [
        "Seven Prophecies (七つの予言) · round 1 of 4 · 4 players",
        "to act: seat 3",
        "scores: seat 1 0  seat 2 0  seat 3 0  seat 4 0",
        "scoring: points; round start player: seat 1",
        "now: trick 2; its future card is A10: that suit must be followed and ranks first",
        "future row (one card per trick): trick 1 A11 trick 2 A10 (this trick) trick 3 B11 trick 4 B12 trick 5 B13 "
        "trick 6 C11 trick 7 C12 trick 8 C13 trick 9 D11 trick 10 D12",
        "set aside face down (unseen): A12 A13",
        "place card 1: cubes left: [seat 1 × 1]  [seat 2 × 2]  [seat 3 × 1]  [seat 4 × 2]",
        "place card 2: cubes left: [seat 1 × 2]  [seat 2 × 2]  [seat 3 × 2]  [seat 4 × 1]",
        "place card 3: cubes left: [seat 1 × 1]  [seat 2 × 1]  [seat 3 × 2]  [seat 4 × 2]",
        "place card 4: cubes left: [seat 1 × 2]  [seat 2 × 1]  [seat 3 × 1]  [seat 4 × 1]",
        "prophecies (cubes on places 1-4): seat 1 1 2 1 3; seat 2 2 2 2 1; seat 3 2 2 2 1; seat 4 2 2 2 1",
        "cubes moved onto played cards this round: [seat 1: 1 of 7]  [seat 2: 1 of 7]  [seat 3: 1 of 7]  "
        "[seat 4: 1 of 7]",
        "last trick (future A11), laid out by place, 1st first: seat 3 A2 (1st place) seat 4 D5 seat 2 C5 seat 1 B5",
        "hand of seat 1: B1 B2 B3 B4 B6 B7 B8 B9 D13",
        "hand of seat 2: C1 C2 C3 C4 C6 C7 C8 C9 C10",
        "hand of seat 3: A1 A3 A4 A5 A6 A7 A8 A9 B10",
        "hand of seat 4: D1 D2 D3 D4 D6 D7 D8 D9 D10",
        "legal: play A1, play A3, play A4, play A5, play A6, play A7, play A8, play A9",
    ]
    assert str(fives[-1]) == render.state_text(fives[-1])
    got = labels(render.state_svg(fives[-1]))
    assert "suit A 10, this trick" in got and "suit A 2, 1st place" in got
    assert "seat 1 × 1" in got and "seat 4: 1 of 7" in got


def test_prophecies_are_secret_until_the_reveal(fives: list) -> None:  # type: ignore[type-arg]
    during = fives[6]  # red has placed six cubes
    blue = render.state_text(during, 1).splitlines()
    assert "prophecies of seat 1, seat 3, seat 4: secret until everybody has placed" in blue
    assert "place card 2: cubes left: (none)" in blue
    assert "your prophecy so far (cubes on places 1-4): 0 0 0 0" in blue
    assert not any(line.startswith("legal:") for line in blue)
    red = render.state_text(during, 0).splitlines()
    assert "your prophecy so far (cubes on places 1-4): 1 2 1 2" in red
    assert "place card 4: cubes left: [seat 1 × 2]" in red
    assert "legal: prophesy 4" in red
    svg = labels(render.state_svg(during, 1))
    for name in names("C1 C2 C3 C4 C5 C6 C7 C8 C9 C10 A11 A10 B11 B12 B13 C11 C12 C13 D11 D12"):
        assert svg.count(name) == 1, name  # its hand and the public future row, once each
    hidden = {DECK.name(c) for s in (0, 2, 3) for c in during.hands[s]} | set(names("A12 A13"))
    assert not hidden & set(svg)
    assert svg.count("face-down card") == 2 + 3 * 10


def test_after_the_round_the_last_trick_and_the_scores_stay_visible() -> None:
    final = scenarios.run(scenarios.load(SCORING))[-1]
    text = render.state_text(final, 0).splitlines()
    assert text[:5] == [
        "Seven Prophecies (七つの予言) · round 2 of 4 · 4 players · seen by seat 1",
        "to act: seat 2",
        "scores: seat 1 2  seat 2 2  seat 3 0  seat 4 0",
        "scoring: points; round start player: seat 2",
        "now: the players prophesy (seven cubes each, in secret)",
    ]
    assert any(line.startswith("last trick of the previous round (future ") for line in text)


def test_observations_render_through_the_hook(fives: list) -> None:  # type: ignore[type-arg]
    state = fives[-1]
    for seat in range(4):
        obs = state.observation(seat)
        assert str(obs) == render.observation_text(obs)
        if seat != state.current_player:
            assert render.observation_text(obs).replace(" of 4", "", 1) == render.state_text(state, seat).replace(
                " of 4", "", 1)
        ET.fromstring(obs._repr_svg_())


def test_game_over_names_the_winners() -> None:
    rng = random.Random(5)
    state = GAME.new_game(Rules(players=3), seed=5)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    winners = " ".join(f"seat {w + 1}" for w in sorted(state.winners))
    assert render.state_text(state).splitlines()[1] == f"game over; winners: {winners}"
    assert render.state_text(state, 1).splitlines()[1] == f"game over; winners: {winners}"
    assert render.observation_text(state.observation(1)).splitlines()[1] == "game over"


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


def test_variant_two_names_its_scoring_and_winner() -> None:
    final = scenarios.run(scenarios.load(ROOT / "spec/examples/seven-prophecies/variant-2-tie-break.toml"))[-1]
    text = render.state_text(final).splitlines()
    assert text[1:5] == [
        "game over; winners: seat 2",
        "scores: seat 1 7  seat 2 7  seat 3 6  seat 4 5",
        "scoring: variant 2: one round; round start player: seat 1",
        "now: the game is over",
    ]
    assert "cubes moved onto played cards this round: [seat 1: 7 of 7]  [seat 2: 7 of 7]  [seat 3: 6 of 7]  " \
           "[seat 4: 5 of 7]" in text


def test_three_players_see_the_face_up_set_aside_cards() -> None:
    state = scenarios.run(scenarios.load(ROOT / "spec/examples/seven-prophecies/three-players.toml"))[0]
    for seat in range(3):
        text = render.state_text(state, seat).splitlines()
        assert "set aside face up: A10 C6" in text
        assert "set aside face down (unseen): ?? ??" in text
    everything = render.state_text(state).splitlines()
    assert "set aside face down (unseen): B1 D10" in everything
    assert "place card 3: cubes left: (none)" in everything
    assert not any(line.startswith("place card 4") for line in everything)
