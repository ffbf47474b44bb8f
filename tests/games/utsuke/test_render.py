"""The UTSUKE board (``render.py``) as text and SVG: exact content, and no hidden card or bid in a
seat's view."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rulebook.core import render
from rulebook.games.utsuke import DECK, GAME, Rules
from rulebook.games.utsuke import render as view
from rulebook.reference import scenarios

ROOT = Path(__file__).resolve().parents[3]
CONDUCT = ROOT / "spec/examples/utsuke/lords-conduct.toml"
HONOUR = ROOT / "spec/examples/utsuke/honour-example.toml"
YOUNG = ROOT / "spec/examples/utsuke/young-lord.toml"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def conduct() -> list:  # type: ignore[type-arg]
    return scenarios.run(scenarios.load(CONDUCT))


def labels(svg: str) -> list[str]:
    return [str(e.get("aria-label")) for e in ET.fromstring(svg).iter(SVG + "g") if e.get("aria-label")]


def names(text: str) -> list[str]:
    return [DECK.name(DECK.parse(t)) for t in text.split()]


def test_the_lord_leads_the_chips_card(conduct: list) -> None:  # type: ignore[type-arg]
    assert render.state_text(conduct[13]).splitlines() == [
        "UTSUKE (うつけ) · round 1 · 4 players",
        "to act: seat 2",
        "scores: seat 1 0  seat 2 0  seat 3 0  seat 4 0",
        "now: trick 3; lord leads",
        "the lord sits between seat 4 and seat 1",
        "trump chip (on the lord's rightmost card; it moves after a trick in which that card was played): "
        "[trump: suit C]",
        "the lord's row (face up, leftmost first): A2 E5 C3 C4 D2 A3 E2 D5 E7",
        "honour (誉; 3 wins): [seat 1: 0]  [seat 2: 0]  [seat 3: 0]  [seat 4: 0]",
        "execution chips (打ち首; 2 lose): [seat 1: 0]  [seat 2: 0]  [seat 3: 0]  [seat 4: 0]",
        "bids: seat 1 3  seat 2 3  seat 3 2  seat 4 4",
        "tricks taken this round: [seat 1: 1]  [seat 2: 0]  [seat 3: 0]  [seat 4: 0]  [lord: 1]",
        "current trick: lord C9 seat 1 C10",
        "last trick (trick 2 of the game), won by lord: seat 1 A5 seat 2 A6 seat 3 A7 seat 4 A8 lord A12 "
        "(wins the trick)",
        "hand of seat 1: A1 A4 A9 A10 A11 B1 B2 B7 E6",
        "hand of seat 2: B3 B4 B8 B9 B10 B11 B12 D7 E1 E12",
        "hand of seat 3: B5 C1 C5 C6 C7 C8 C11 C12 D8 E3",
        "hand of seat 4: B6 C2 D9 D10 D11 E4 E8 E9 E10 E11",
        "legal: play B3, play B4, play B8, play B9, play B10, play B11, play B12, play D7, play E1, play E12",
    ]
    assert str(conduct[13]) == render.state_text(conduct[13])


def test_the_trump_chip_moves_after_the_trick(conduct: list) -> None:  # type: ignore[type-arg]
    after = render.state_text(conduct[16]).splitlines()
    assert "trump chip (on the lord's rightmost card; it moves after a trick in which that card was played): " \
           "[trump: suit E]" in after
    assert "trump: suit E" in labels(render.state_svg(conduct[16]))
    assert "trump: suit C" in labels(render.state_svg(conduct[13]))


def test_bids_stay_hidden_until_the_reveal(conduct: list) -> None:  # type: ignore[type-arg]
    bidding = conduct[2]  # seats 0 and 1 have bid
    text = render.state_text(bidding, 1).splitlines()
    assert "bids: seat 1 hidden  seat 2 3  seat 3 -  seat 4 -" in text
    assert "bids: seat 1 3  seat 2 hidden  seat 3 -  seat 4 -" in render.state_text(bidding, 0).splitlines()
    assert "bids: seat 1 3  seat 2 3  seat 3 -  seat 4 -" in render.state_text(bidding).splitlines()
    assert render.state_text(bidding, 2).splitlines()[-1].startswith("legal: bid 0, bid 1, bid 2, ")


def test_a_seat_sees_its_hand_once_and_no_hidden_card(conduct: list) -> None:  # type: ignore[type-arg]
    state = conduct[13]
    svg = labels(render.state_svg(state, 2))
    for name in names("B5 C1 C5 C6 C7 C8 C11 C12 D8 E3"):
        assert svg.count(name) == 1, name
    hidden = {DECK.name(c) for s in (0, 1, 3) for c in state.hands[s]}
    assert not hidden & set(svg)
    assert svg.count("face-down card") == 9 + 10 + 10
    for name in names("A2 E5 C3 C4 D2 A3 E2 D5 E7"):  # the lord's row is public
        assert name in svg


def test_two_players_show_the_young_lord() -> None:
    state = scenarios.run(scenarios.load(YOUNG))[4]
    text = render.state_text(state, 0).splitlines()
    assert ("the young lord's row (face up, leftmost first; no chip): D11 D10 C1 C2 C3 C4 C5 C6 C7 C8 C9 C10 C11 "
            "C12") in text
    assert "tricks taken this round: [seat 1: 0]  [seat 2: 1]  [lord: 0]  [young lord: 0]" in text


def test_the_reveal_shows_the_round_and_the_honour() -> None:
    final = scenarios.run(scenarios.load(HONOUR))[-1]
    text = render.state_text(final, 2).splitlines()
    assert text[2] == "scores: seat 1 0  seat 2 1  seat 3 1"
    assert "round 1: bids 4 6 6; the lord took 5; tricks seat 1 3 seat 2 3 seat 3 4" in text
    assert "honour (誉; 3 wins): [seat 1: 0]  [seat 2: 1]  [seat 3: 1]" in text


def test_observations_render_through_the_hook(conduct: list) -> None:  # type: ignore[type-arg]
    state = conduct[13]
    for seat in range(4):
        obs = state.observation(seat)
        assert str(obs) == render.observation_text(obs)
        if seat != state.current_player:  # with the rules, the counts that win and lose are named as they are set
            assert view.observation_text(obs, state.rules) == render.state_text(state, seat)
        assert "honour (誉): " in str(obs) and "execution chips (打ち首): " in str(obs)  # no rules: no counts
        ET.fromstring(obs._repr_svg_())


@pytest.mark.parametrize("players", [2, 3, 5])
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
