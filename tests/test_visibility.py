"""Who sees what, per game (issue 32): every hidden element's visibility, set to each setting the
game offers, is followed by observation, resample and verify's observation boundary.

WB-INFO-1, WB-INFO-2, UT-INFO-1, UT-INFO-2, UT-INFO-3, ST-INFO-1, ST-INFO-2, ST-INFO-3, SP-INFO-1, SP-INFO-3,
SP-INFO-4.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import rulebook
from rulebook.core.options import describe_options
from rulebook.core.visibility import ALL, is_setting
from rulebook.variants.verify import verify

#: (game, element, setting) for every setting each game offers
CASES = [
    (slug, info.name.partition(".")[2], setting)
    for slug in rulebook.GAMES
    for info in describe_options(rulebook.get_game(slug).Rules)
    if info.name.startswith("visible.")
    for setting in info.choices or ()
]


def _positions(game: Any, rules: Any, seed: int, every: int) -> list[Any]:
    rng = random.Random(seed)
    state = game.new_game(rules, seed=seed)
    out = []
    k = 0
    while not state.is_terminal:
        if k % every == 0:
            out.append(state)
        state = state.apply(game.heuristic_action(state, rng) if rng.random() < 0.7
                            else rng.choice(state.legal_actions()))
        k += 1
    return [*out, state]


def test_the_settings_are_of_the_vocabulary_and_the_printed_one_is_the_default() -> None:
    """Every game with hidden elements names them as visible.<element>; the choices are settings of the
    shared vocabulary, the printed one first and the default."""
    assert {slug for slug, _e, _s in CASES} == {
        "witches-of-blackmore", "seven-prophecies", "utsuke", "saru-tori-inu-i"}
    for slug in rulebook.GAMES:
        for info in describe_options(rulebook.get_game(slug).Rules):
            if info.name.startswith("visible."):
                assert info.choices and info.choices[0] == info.default
                assert all(is_setting(c) for c in info.choices)
                assert rulebook.get_game(slug).Rules().visible.printed


@pytest.mark.parametrize(("slug", "element", "setting"), CASES, ids=lambda x: str(x))
def test_observation_and_resample_follow_the_setting(slug: str, element: str, setting: str) -> None:
    """Resampled states agree with the observation (a changed hidden fact changes nothing the seat
    sees); a visible element is never redrawn and is in the observation; a hidden one is redrawn."""
    game = rulebook.get_game(slug)
    rules = game.Rules(visible={element: setting})
    n = rules.players
    rng = random.Random(3)
    redrawn = 0
    for state in _positions(game, rules, 4, every=7):
        for seat in range(n):
            obs = state.observation(seat)
            other = state.resample(seat, rng)
            assert other.observation(seat) == obs
            assert other.observation_tensor(seat) == state.observation_tensor(seat)
            game.check_invariants(other)
            if element == "hands":
                assert obs.open_hands == (tuple(state.hands[:n]) if setting == ALL else ())
                if setting == ALL:
                    assert other.hands[:n] == state.hands[:n]
                redrawn += other.hands[:n] != state.hands[:n]
            elif element == "missions":
                missions = state.board[2]
                live = setting == ALL and bool(missions) and state.current_player is not None
                assert obs.open_missions == (tuple(missions) if live else ())
                if setting == ALL:
                    assert other.board[2] == missions
                redrawn += other.board[2] != missions
            elif element == "bids":
                live = setting == ALL
                assert obs.open_bids == (state.bids if live else ())
                if setting == ALL:
                    assert other.bids == state.bids
                redrawn += other.bids != state.bids
            elif element == "future":
                redrawn += other.future != state.future
    if setting == ALL:
        assert redrawn == 0
    else:
        assert redrawn > 0


#: the elements the printed game hides from some seat (SP's future row is printed face up: its own test)
HIDDEN = sorted({(s, e) for s, e, _ in CASES
                 if rulebook.get_game(s).Rules().visible[e] != ALL})


@pytest.mark.parametrize(("slug", "element"), HIDDEN, ids=lambda x: str(x))
def test_a_hidden_fact_shown_by_the_setting_is_in_the_view(slug: str, element: str) -> None:
    """The twin worlds of the printed game (a resample: the same view for the seat) differ in the
    seat's view once the variant shows the element: what it may see differs."""
    game = rulebook.get_game(slug)
    printed = game.Rules()
    offered = next(i.choices for i in describe_options(game.Rules) if i.name == f"visible.{element}")
    shown = next(c for c in offered or () if c != offered[0])
    variant = game.Rules(visible={element: shown})
    rng = random.Random(5)
    differ = 0
    for state in _positions(game, printed, 6, every=11)[:-1]:
        twin = state.resample(0, rng)
        assert twin.observation(0) == state.observation(0)
        a = attrs.evolve(state, rules=variant)
        b = attrs.evolve(twin, rules=variant)
        differ += a.observation(0) != b.observation(0)
    assert differ > 0


@pytest.mark.parametrize(("slug", "element", "setting"), [c for c in CASES if c[2] != c[0] and c[2] in (ALL,)],
                         ids=lambda x: str(x))
def test_verify_passes_under_each_shown_setting(slug: str, element: str, setting: str) -> None:
    """`verify` (observation boundary at every position) passes with the element shown."""
    game = rulebook.get_game(slug)
    report = verify(game, game.Rules(visible={element: setting}), examples=2, seed=1,
                    players=min(game.player_counts), thorough=True)
    report.assert_ok()


def test_verify_needs_no_redraw_when_every_hidden_element_is_shown() -> None:
    """WB-INFO-2: with every hand open nothing is kept from one seat that another sees (the pile is
    seen by nobody), so a run of ten games in which no resample changed another seat's view passes."""
    game = rulebook.get_game("witches-of-blackmore")
    report = verify(game, game.Rules(players=2, visible={"hands": "all"}), examples=10, seed=1, players=2)
    report.assert_ok()
