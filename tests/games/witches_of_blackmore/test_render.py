"""The Witches of Blackmore board (``render.py``) as text and SVG: exact content, and no hidden
card in a seat's view."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rulebook.core import render
from rulebook.games.witches_of_blackmore import DECK, GAME, Rules
from rulebook.reference import scenarios

ROOT = Path(__file__).resolve().parents[3]
BLUE_7 = ROOT / "spec/examples/witches-of-blackmore/blue-7-trick.toml"
NEW_TRUMP = ROOT / "spec/examples/witches-of-blackmore/new-trump.toml"
SVG = "{http://www.w3.org/2000/svg}"


def labels(svg: str) -> list[str]:
    return [str(e.get("aria-label")) for e in ET.fromstring(svg).iter(SVG + "g") if e.get("aria-label")]


def names(text: str) -> list[str]:
    return [DECK.name(DECK.parse(t)) for t in text.split()]


def test_the_blue_7_trick_as_text() -> None:
    final = scenarios.run(scenarios.load(BLUE_7))[-1]
    assert render.state_text(final).splitlines() == [
        "The Witches of Blackmore · 5 players · descending wheel",
        "to act: seat 4",
        "scores: seat 1 0  seat 2 0  seat 3 0  seat 4 27  seat 5 0",
        "now: seat 4 won the trick and may lay one of its cards on the trump stack",
        "the witches' wheel, descending side, aligned to 7: strongest first, clockwise: blue is trump; "
        "[7] 6 5 4 3 2 1 9 8",
        "trump stack (bottom first; the top card is the trump): B7 (the trump)",
        "draw pile: 23 cards, top first: R1 R2 R3 R4 R5 R6 R8 R9 B1 B2 B3 B5 B6 B8 G8 G9 Y1 Y3 Y4 Y6 Y7 Y8 Y9",
        "last trick (trick 1), won by seat 4: seat 1 Y2 seat 2 R7 seat 3 Y5 seat 4 B4 (wins the trick) seat 5 B9",
        "captured by seat 1 (0 points): (none)",
        "captured by seat 2 (0 points): (none)",
        "captured by seat 3 (0 points): (none)",
        "captured by seat 4 (27 points): Y2 R7 Y5 B4 B9",
        "captured by seat 5 (0 points): (none)",
        "hand of seat 1: O1 O2 O3 O4 O5",
        "hand of seat 2: P1 O6 O7 O8 O9",
        "hand of seat 3: P2 P3 P4 P5 P6",
        "hand of seat 4: G1 G2 P7 P8 P9",
        "hand of seat 5: G3 G4 G5 G6 G7",
        "legal: trump R7, trump B4, trump B9, trump Y2, trump Y5, keep",
    ]
    assert str(final) == render.state_text(final)


def test_the_wheel_turns_to_a_new_trump() -> None:
    states = scenarios.run(scenarios.load(NEW_TRUMP))
    before, after = render.state_svg(states[2]), render.state_svg(states[3])
    assert ("the witches' wheel, descending side, aligned to 8: strongest first, clockwise: green is trump"
            in labels(before))
    assert ("the witches' wheel, descending side, aligned to 9: strongest first, clockwise: green is trump"
            in labels(after))
    assert "green 9, the trump" in labels(after) and "green 8" in labels(after)
    text = render.state_text(states[3]).splitlines()
    assert "trump stack (bottom first; the top card is the trump): G8 G9 (the trump)" in text
    assert ("the witches' wheel, descending side, aligned to 9: strongest first, clockwise: green is trump; "
            "[9] 8 7 6 5 4 3 2 1") in text
    ascending = render.state_text(scenarios.run(scenarios.load(ROOT / "spec/examples/witches-of-blackmore/"
                                                                  "green-8-ascending.toml"))[0])
    assert ("the witches' wheel, ascending side, aligned to 8: strongest first, clockwise: green is trump; "
            "[8] 9 1 2 3 4 5 6 7") in ascending.splitlines()


def test_a_seat_sees_its_hand_once_and_no_hidden_card() -> None:
    state = scenarios.run(scenarios.load(NEW_TRUMP))[3]
    text = render.state_text(state, 0).splitlines()
    assert "hand of seat 1: R1 R2 R3 R5 B4 B8" in text
    assert "hand of seat 2 (6 cards): ?? ?? ?? ?? ?? ??" in text
    assert "draw pile: 39 cards" in text
    assert not any(line.startswith("legal:") for line in text)
    svg = labels(render.state_svg(state, 0))
    for name in names("R1 R2 R3 R5 B4 B8"):
        assert svg.count(name) == 1, name
    hidden = {DECK.name(c) for c in state.hands[1]} | {DECK.name(c) for c in state.deck[state.drawn:]}
    assert not hidden & set(svg)
    assert svg.count("face-down card") == 6


def test_cards_taken_from_the_trump_stack_are_shown_in_the_hand() -> None:
    rng = random.Random(4)
    for seed in range(40):
        state = GAME.new_game(Rules(players=3), seed=seed)
        while not state.is_terminal and not any(state.known):
            state = state.apply(rng.choice(state.legal_actions()))
        if any(state.known):
            break
    else:  # pragma: no cover
        raise AssertionError("no game drew from the trump stack")
    holder = next(s for s, k in enumerate(state.known) if k)
    viewer = (holder + 1) % 3
    text = render.state_text(state, viewer).splitlines()
    line = next(x for x in text if x.startswith(f"hand of seat {holder + 1} "))
    shown = [t for t in line.split(": ", 1)[1].split() if t != "??"]
    assert shown == [DECK.text(c) for c in state.known[holder]]


def test_observations_render_through_the_hook() -> None:
    state = scenarios.run(scenarios.load(BLUE_7))[-1]
    for seat in range(5):
        obs = state.observation(seat)
        assert str(obs) == render.observation_text(obs)
        if seat != state.current_player:
            assert render.observation_text(obs) == render.state_text(state, seat)
        ET.fromstring(obs._repr_svg_())


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_seats_view_survives_resampling(players: int) -> None:
    rng = random.Random(players)
    state = GAME.new_game(Rules(players=players), seed=players)
    for step in range(60):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
        seat = rng.randrange(players)
        other = state.resample(seat, random.Random(step))
        assert render.state_text(other, seat) == render.state_text(state, seat)
        assert render.state_svg(other, seat) == render.state_svg(state, seat)


def test_the_last_refill_from_the_trump_stack() -> None:
    states = scenarios.run(scenarios.load(ROOT / "spec/examples/witches-of-blackmore/end-of-the-pile.toml"))
    before = render.state_text(states[39]).splitlines()
    assert "trump stack (bottom first; the top card is the trump): O9 R1 (the trump)" in before
    assert "draw pile: 1 card, top first: G5" in before
    after = render.state_text(states[40], 1).splitlines()
    assert ("the witches' wheel, descending side, aligned to 9: strongest first, clockwise: no trump; "
            "[9] 8 7 6 5 4 3 2 1") in after
    assert "trump stack (bottom first; the top card is the trump): (empty: no trump colour)" in after
    assert "draw pile: 0 cards" in after
    assert "hand of seat 1 (5 cards): ?? ?? ?? ?? ??" in after
    assert "hand of seat 3 (6 cards, some taken from the trump stack): R1 ?? ?? ?? ?? ??" in after
    assert "hand of seat 4 (6 cards, some taken from the trump stack): O9 ?? ?? ?? ?? ??" in after
    assert render.state_text(states[-1]).splitlines()[1] == "game over; winners: seat 1"
