"""Who sees what in Seven Prophecies (``visible.future``, ``visible.hands``) and who starts a round
(``round_start``): observation, resample, the twin-world check and verify follow the settings."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import rulebook
from rulebook.core.options import Layer, rules_from_layers
from rulebook.errors import InvalidRules
from rulebook.games.seven_prophecies import Rules
from rulebook.games.seven_prophecies.actions import OVER, PROPHECY
from rulebook.games.seven_prophecies.state import next_start
from rulebook.variants.verify import verify

GAME = rulebook.get_game("seven-prophecies")
SETTINGS = [
    {"future": f, "hands": h} for f in ("all", "from:trick") for h in ("owner", "all")
]


def _positions(rules: Rules, seed: int, every: int = 5) -> list[Any]:
    """Every ``every``-th position of a game played by the heuristic and at random."""
    rng = random.Random(seed)
    state = GAME.new_game(rules, seed=seed)
    out = []
    k = 0
    while not state.is_terminal:
        if k % every == 0:
            out.append(state)
        legal = state.legal_actions()
        state = state.apply(GAME.heuristic_action(state, rng) if rng.random() < 0.7 else rng.choice(legal))
        k += 1
    out.append(state)
    return out


def _shown(state: Any) -> int:
    if state.phase == OVER:
        return len(state.future)
    return 0 if state.phase == PROPHECY else len(state._round_tricks) + 1


def _twin(state: Any, **info: Any) -> Any:
    return attrs.evolve(state, info=attrs.evolve(state.info, **info))


def test_the_options_say_visible_dot_element_in_every_text_form() -> None:
    """SP-INFO-3, SP-INFO-4: `--set visible.future=from:trick`, a TOML `[rules.visible]` table and
    Python give the same rules; a setting the element does not offer is refused, naming it."""
    by_set, _ = rules_from_layers(Rules, [Layer({"visible.future": "from:trick"}, "--set", text=True)])
    by_table, _ = rules_from_layers(Rules, [Layer({"visible": {"future": "from:trick"}}, "v.toml", people=True)])
    assert by_set == by_table == Rules(visible={"future": "from:trick"})
    assert dict(by_set.visible) == {"future": "from:trick", "hands": "owner"}
    assert not by_set.visible.printed and Rules().visible.printed
    with pytest.raises(InvalidRules, match=r"^Rules\.visible\.hands: must be one of owner, all \(got 'none'\)"):
        rules_from_layers(Rules, [Layer({"visible.hands": "none"}, "--set", text=True)])
    with pytest.raises(InvalidRules, match=r"^Rules\.visible\.pile: no such hidden element; this game's are: "
                                           r"visible\.future, visible\.hands"):
        Rules(visible={"pile": "all"})
    # seat-count independent: the same settings hold with 3 players
    assert Rules(players=3, visible={"hands": "all"}).visible["hands"] == "all"


@pytest.mark.parametrize("setting", SETTINGS, ids=lambda s: f"{s['future']}-{s['hands']}")
def test_observation_and_resample_follow_each_setting(setting: dict[str, str]) -> None:
    """SP-INFO-1, SP-INFO-3, SP-INFO-4, SP-RULING-14: what each seat sees of the future row and the
    hands; resampled states agree with the observation, never redraw a visible fact, and do redraw
    the hidden ones."""
    rules = Rules(visible=setting)
    face_down = setting["future"] == "from:trick"
    open_hands = setting["hands"] == "all"
    rng = random.Random(7)
    redrawn_future = redrawn_hands = 0
    positions = _positions(rules, 3)
    for state in positions:
        shown = _shown(state) if face_down else len(state.future)
        for seat in range(4):
            obs = state.observation(seat)
            assert obs.future == state.future[:shown]
            assert obs.future_face_down == len(state.future) - shown
            assert obs.open_hands == (state.hands if open_hands else ())
            other = state.resample(seat, rng)
            assert other.observation(seat) == obs
            assert other.observation_tensor(seat) == state.observation_tensor(seat)
            assert other.future[:shown] == state.future[:shown]  # a visible fact is never resampled
            assert sorted(other.future[shown:] + other.aside_down) != [] or shown == len(state.future)
            redrawn_future += other.future[shown:] != state.future[shown:]
            if open_hands:
                assert other.hands == state.hands
            else:
                assert other.hands[seat] == state.hands[seat]
                redrawn_hands += other.hands != state.hands
    assert redrawn_future > 0 if face_down else redrawn_future == 0
    assert redrawn_hands == 0 if open_hands else redrawn_hands > 0


@pytest.mark.parametrize("setting", SETTINGS, ids=lambda s: f"{s['future']}-{s['hands']}")
def test_twin_worlds_differ_only_where_a_seat_may_see(setting: dict[str, str]) -> None:
    """SP-INFO-3, SP-INFO-4: two states that differ only in a face-down future card (swapped with an
    unseen set-aside card) give every seat the same observation and tensor; a turned-up future card
    or another seat's hand, changed, changes the view exactly when the setting shows it."""
    rules = Rules(visible=setting)
    face_down = setting["future"] == "from:trick"
    for state in _positions(rules, 11, every=9):
        if state.phase == OVER:
            continue
        shown = _shown(state)
        future, aside = state.future, state.aside_down
        # a hidden future card swapped with an unseen set-aside card
        if shown < len(future):
            twin = _twin(state, future=future[:-1] + aside[:1], aside_down=(future[-1], *aside[1:]))
            for seat in range(4):
                same = twin.observation(seat) == state.observation(seat)
                assert same == face_down
                assert (twin.observation_tensor(seat) == state.observation_tensor(seat)) == face_down
        # seat 1 and seat 2 swap a card; seats 3 and 4 see it only under open hands
        a, b = state.hands[0], state.hands[1]
        if a and b:
            hands = ((b[0], *a[1:]), (a[0], *b[1:]), *state.hands[2:])
            twin = attrs.evolve(state, hands=hands)
            for seat in (2, 3):
                assert (twin.observation(seat) == state.observation(seat)) == (setting["hands"] == "owner")


def test_the_face_down_future_card_stays_hidden_until_its_trick() -> None:
    """SP-INFO-3, SP-RULING-14 (the issue's example): in played games the prophecy is made with the
    whole row face down; trick t's card is seen by every seat from the start of trick t, never
    before; the round's end shows the rest; the text board shows the face-down cards as backs."""
    rules = Rules(visible={"future": "from:trick"})
    seen_before: set[tuple[int, int]] = set()
    for state in _positions(rules, 5, every=1):
        for seat in range(4):
            obs = state.observation(seat)
            if state.phase == PROPHECY:
                assert obs.future == () and obs.future_face_down == 10
            elif state.phase != OVER:
                t = len(state._round_tricks)
                assert obs.future == state.future[: t + 1]
                assert state.future[t + 1:] == () or state.future[t + 1] not in obs.future
                seen_before.add((state.round, t))
            else:
                assert obs.future == state.future
    assert {t for _r, t in seen_before} >= {0, 1, 2}
    text = str(GAME.new_game(rules, seed=5).observation(0))
    assert "future row (one card per trick): trick 1 ?? trick 2 ??" in text


def test_verify_passes_with_the_future_row_face_down() -> None:
    """SP-INFO-3, SP-INFO-4: `verify` (the observation boundary checked at every position) passes
    for the variants, the face-down row and open hands together."""
    for setting in ({"future": "from:trick"}, {"future": "from:trick", "hands": "all"}):
        report = verify(GAME, Rules(visible=setting), examples=4, seed=2, players=4, thorough=True)
        report.assert_ok()


def test_the_lowest_score_starts_the_round() -> None:
    """SP-END-8, SP-RULING-13 (the issue's example): under round_start = lowest-score, every round
    after the first is started by the seat with the fewest points, ties going to the first tied
    seat clockwise from the printed start player (the left neighbour)."""
    assert next_start("lowest-score", 2, 0, (5, 3, 4, 3)) == 3
    assert next_start("lowest-score", 0, 0, (5, 3, 4, 3)) == 1
    assert next_start("lowest-score", 1, 3, (0, 0, 0, 0)) == 1  # all tied: the printed start player
    assert next_start("highest-score", 1, 0, (5, 3, 5, 3)) == 2
    assert next_start("fixed", 1, 3, (5, 3, 5, 3)) == 3
    starts = 0
    for seed in range(4):
        rules = Rules(round_start="lowest-score")
        state = GAME.new_game(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            before = state.round
            points, start = state.points, state.start
            state = state.apply(GAME.heuristic_action(state, rng))
            if state.round != before and not state.is_terminal:
                left = (start + 1) % 4
                low = min(state.points)
                expected = next(s % 4 for s in range(left, left + 4) if state.points[s % 4] == low)
                assert state.start == expected and state.points[state.start] == low
                assert state.observation(0).start_player == expected
                starts += 1
                del points
    assert starts == 12


def test_a_fixed_start_keeps_the_first_player() -> None:
    """SP-END-8: under round_start = fixed, every round starts with `first_player`."""
    rules = Rules(round_start="fixed", first_player=2)
    state = GAME.new_game(rules, seed=1)
    rng = random.Random(1)
    starts = set()
    while not state.is_terminal:
        starts.add(state.start)
        state = state.apply(rng.choice(state.legal_actions()))
    assert starts == {2}
