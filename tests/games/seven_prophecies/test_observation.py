"""Seven Prophecies: what a seat sees, the redraw for search, and the observation tensor
(SP-INFO-1, SP-INFO-2).
"""

from __future__ import annotations

import array
import random
from pathlib import Path
from typing import Any

import attrs
import pytest

from rulebook.core.options import Layer, rules_from_layers
from rulebook.errors import InvalidRules
from rulebook.games.seven_prophecies import DECK, GAME, PlacedTrick, Play, PlayedRound, Prophesy, Rules
from rulebook.games.seven_prophecies import observation as observation_module
from rulebook.games.seven_prophecies.actions import OVER, PROPHECY
from rulebook.games.seven_prophecies.observation import TensorEncoder
from rulebook.games.seven_prophecies.state import next_start
from rulebook.variants.verify import verify
from tests.games.seven_prophecies.test_boundary import final_state, prophecy_state
from tests.games.seven_prophecies.test_rules import prophecy_actions, reference_places, reference_rule, seeded_deal
from tests.games.seven_prophecies.test_scoring import finish_round
from tests.games.seven_prophecies.test_state import revealed


def test_observation_hides_hands_and_unseen_cards() -> None:
    """SP-INFO-1: a seat sees its hand and public facts, not other hands."""
    state = revealed(players=4, seed=3)
    obs = state.observation(0)
    assert obs.hand == state.hands[0]
    assert obs.hand_sizes == (10, 10, 10, 10)
    # swapping cards between two other hands leaves seat 0's view unchanged
    h1, h2 = state.hands[1], state.hands[2]
    swapped = attrs.evolve(state, hands=(state.hands[0], (*h1[1:], h2[0]), (*h2[1:], h1[0]), state.hands[3]))
    assert swapped.observation(0) == obs
    assert swapped.observation(1) != state.observation(1)
    assert state.observation_tensor(0) == swapped.observation_tensor(0)


def test_tensor_size_and_layout() -> None:
    """SP-INFO-1: the tensor has the documented size for both player counts."""
    for players, size in ((3, 561), (4, 687)):
        rules = Rules(players=players)
        state = revealed(players=players)
        assert GAME.observation_size(rules) == size
        assert len(state.observation_tensor(0)) == size
        assert state.observation_tensor(0) != state.observation_tensor(1)


def test_tensor_offsets_match_the_docs_table() -> None:
    """SP-INFO-1: the hand and the points sit where docs/games/seven-prophecies.md says."""
    for players, hand_at, points_at in ((3, 15, 555), (4, 18, 679)):
        state = GAME.new_game(Rules(players=players, score_floor=False), seed=4)
        rng = random.Random(players)
        while state.round == 0:
            state = state.apply(rng.choice(state.legal_actions()))
        tensor = state.observation_tensor(1)
        assert [i for i in range(52) if tensor[hand_at + i]] == list(state.hands[1])
        assert tensor[points_at : points_at + players] == state.points


def scripted_position() -> Any:
    """3 players, start player seat 1, deal seeded_deal(3, 5); prophecies (seat 1, 2, 0):
    (3, 2, 2), (1, 1, 5), (7, 0, 0); then trick 1 and the first card of trick 2, each the lowest
    legal card."""
    state = GAME.new_game(Rules(players=3, first_player=1), deals=[seeded_deal(3, 5)])
    for counts in ([3, 2, 2], [1, 1, 5], [7, 0, 0]):
        for text in prophecy_actions(counts):
            state = state.apply(GAME.parse_action(text, state.rules))
    for _ in range(4):
        state = state.apply(state.legal_actions()[0])
    return state


def test_tensor_value_by_value_on_a_scripted_position() -> None:
    """SP-INFO-1, SP-INFO-2, SP-TRICK-2, SP-RANK-1: seat 2's tensor against the docs table."""
    state = scripted_position()
    card = GAME.parse_card
    hand = [card(t) for t in "B2 B7 B8 C2 C9 D2 D4 D5 D8".split()]
    future = [card(t) for t in "A8 A11 A4 B5 C8 A2 D1 C1 B6 D7".split()]
    aside_up = [card("A10"), card("C6")]
    # the position, stated literally: trick 1 (future A8) seat 0 B9, seat 1 A3, seat 2 A1 -> places 3, 1, 2;
    # seat 1 leads trick 2 (future A11) with A5
    obs = state.observation(2)
    assert obs.hand == tuple(hand) and obs.future == tuple(future) and obs.aside_up == tuple(aside_up)
    assert obs.round_tricks == (
        # led by the start player, seat 1; places in play order: seat 1 1st, seat 2 2nd, seat 0 3rd
        PlacedTrick(0, 0, 1, ((1, card("A3")), (2, card("A1")), (0, card("B9"))), 1, "SP-RANK-1", card("A8"),
                    (1, 2, 3)),
    )
    assert obs.trick == ((1, card("A5")),) and obs.current_player == 2 and obs.leader == 1
    assert obs.hand_sizes == (9, 8, 9)  # public counts are exact
    assert obs.remaining == ((7, 0, 0), (2, 2, 2), (1, 0, 5)) and obs.cubes_placed == (0, 1, 1)

    expected = [0] * 561
    expected[0 + 2] = 1  # seat (0, 3)
    expected[3 + 2] = 1  # current_player (3, 4)
    expected[7 + 1] = 1  # phase: tricks (7, 3)
    expected[10] = 0  # round
    expected[11] = 1  # tricks_done
    expected[12 + 1] = 1  # leader (12, 3)
    for c in hand:  # hand (15, 52)
        expected[15 + c] = 1
    expected[67:70] = [9, 8, 9]  # hand_sizes
    for i, c in enumerate(future):  # future_suits (70, 40): A A A B C A D C B D
        expected[70 + 4 * i + c // 13] = 1
    for c in future:  # future_cards (110, 52)
        expected[110 + c] = 1
    for c in aside_up:  # aside_up (162, 52)
        expected[162 + c] = 1
    for seat, c in ((0, card("B9")), (1, card("A3")), (1, card("A5")), (2, card("A1"))):  # played_by_seat (214, 156)
        expected[214 + 52 * seat + c] = 1
    expected[370 + 52 * 1 + card("A5")] = 1  # current_trick_by_seat (370, 156)
    expected[526 + 0] = 1  # future_suit_now (526, 4): suit A
    expected[530:533] = [1, 1, 5]  # own_prophecy
    expected[533] = 1  # revealed
    expected[534:543] = [7, 0, 0, 2, 2, 2, 1, 0, 5]  # remaining (534, 9)
    expected[543:546] = [0, 1, 1]  # cubes_placed
    for seat, place in ((0, 3), (1, 1), (2, 2)):  # last_trick_places (546, 9)
        expected[546 + 3 * seat + place - 1] = 1
    # points (555, 3) and successes (558, 3) stay 0
    assert state.observation_tensor(2) == tuple(expected)
    assert GAME.observation_size(Rules(players=3)) == 561 and GAME.observation_size(Rules(players=4)) == 687


def test_tensor_before_the_reveal_and_at_the_end() -> None:
    """SP-INFO-2, SP-RULING-5: before the reveal only the own cubes show; at the end the
    current-player slot is the 'game over' one and the phase is OVER."""
    state = prophecy_state()
    state = state.apply(Prophesy(2))
    t = state.observation_tensor(0)
    assert t[530:534] == (0, 1, 0, 0)  # own_prophecy, then revealed = 0
    assert t[534:543] == (0, 1, 0, 0, 0, 0, 0, 0, 0)  # remaining: only the own cubes before the reveal
    assert t[7:10] == (1, 0, 0) and t[3:7] == (1, 0, 0, 0)
    end = final_state().observation_tensor(1)
    assert end[3:7] == (0, 0, 0, 1) and end[7:10] == (0, 0, 1)


@pytest.mark.parametrize("players", [3, 4])
def test_earlier_rounds_stay_in_the_observation(players: int) -> None:
    """SP-INFO-1 (perfect recall): a round's prophecies and every trick, the last one included,
    stay visible after the next round is dealt, to every seat and through resample."""
    rng = random.Random(players)
    state = GAME.new_game(Rules(players=players), seed=7)
    checked = 0
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        after = state.apply(action)
        if after.round == state.round + 1:
            assert isinstance(action, Play)
            last = (*state.trick, action.card)
            fs = DECK.suit_of[state.future[len(state.round_tricks)]]
            n = players
            seat_at = [(state.leader + j) % n for j in range(n)]  # play position -> seat
            pl = reference_places(last, fs)
            winner = seat_at[pl.index(1)]
            rule = reference_rule(list(last), last[pl.index(1)], fs)
            number = len(state.tricks)
            trick = PlacedTrick(number, state.round, state.leader, tuple(zip(seat_at, last)), winner, rule,
                                state.future[len(state.round_tricks)], pl)
            expected = PlayedRound(
                state.round,
                state.start,
                state.future,
                state.aside_up,
                state.prophecies,
                (*state.round_tricks, trick),
                tuple(finish_round(state, action.card)),
            )
            assert expected.tricks == after.tricks[number + 1 - len(expected.tricks) : number + 1]
            for seat in range(players):
                obs = after.observation(seat)
                assert obs.earlier_rounds[:-1] == state.observation(seat).earlier_rounds
                assert obs.earlier_rounds[-1] == expected
                assert after.resample(seat, rng).observation(seat) == obs
            checked += 1
        state = after
    assert checked == players - 1


def test_prophecy_in_progress_shows_neither_count_nor_places() -> None:
    """SP-RULING-5, SP-INFO-2: while seat 1 places its cubes, seat 0 sees the same observation
    and tensor whether seat 1 has put down two cubes or three, and wherever they went."""
    state = GAME.new_game(Rules(players=4), seed=3)
    for _ in range(7):
        state = state.apply(state.legal_actions()[0])
    assert state.current_player == 1
    two = state.apply(state.legal_actions()[0]).apply(state.legal_actions()[0])
    three = two.apply(two.legal_actions()[-1])
    assert two.cubes[1] != three.cubes[1]
    for seat in (0, 2, 3):
        assert two.observation(seat) == three.observation(seat)
        assert two.observation_tensor(seat) == three.observation_tensor(seat)
    assert two.observation(1) != three.observation(1)


def test_open_prophecies_show_every_cube_as_placed() -> None:
    """SP-PROPH-3: with ``secret_prophecy=False`` every seat sees the cubes placed so far, the fast
    encoder agrees with the observation, and a redraw keeps them."""
    rules = Rules(players=4, secret_prophecy=False)
    state = GAME.new_game(rules, seed=3)
    for _ in range(7 + 2):
        state = state.apply(state.legal_actions()[-1])
    assert state.current_player == 1 and sum(state.cubes[1]) == 2
    encoder = GAME.tensor_encoder(rules)
    rng = random.Random(1)
    for seat in (0, 2, 3):
        obs = state.observation(seat)
        assert obs.remaining[1] == state.cubes[1] and obs.prophecies[0] == state.prophecies[0]
        assert tuple(encoder(state, seat)) == state.observation_tensor(seat)
        other = state.resample(seat, rng)
        assert other.cubes == state.cubes and other.observation(seat) == obs
    secret = GAME.new_game(Rules(players=4), seed=3)
    for _ in range(7 + 2):
        secret = secret.apply(secret.legal_actions()[-1])
    assert secret.observation(0).remaining[1] == ()
    assert secret.observation_tensor(0) != state.observation_tensor(0)


@pytest.mark.parametrize("every_place", [False, True])
def test_resample_before_the_reveal_keeps_each_seat_cube_count(every_place: bool) -> None:
    """SP-RULING-5, SP-RULING-4, SP-RULING-3: a redraw of the hidden prophecies keeps how many cubes
    each seat has put down (the turn order shows it) and redraws only legal partial prophecies."""
    state = GAME.new_game(Rules(players=4, every_place=every_place), seed=5)
    for _ in range(7 + 7 + 3):  # seats 0 and 1 done, seat 2 has placed three cubes
        state = state.apply(state.legal_actions()[-1])
    assert [sum(c) for c in state.cubes] == [7, 7, 3, 0]
    rng = random.Random(4)
    seen = set()
    for _ in range(30):
        other = state.resample(3, rng)
        assert [sum(c) for c in other.cubes] == [7, 7, 3, 0]
        assert other.prophecies == other.cubes and other.cubes[3] == state.cubes[3]
        for s in (0, 1, 2):
            if every_place and sum(other.cubes[s]) == 7:
                assert all(other.cubes[s])
        seen.add(other.cubes[:3])
        # play on from the redrawn state to the reveal: only legal moves, and the reveal happens
        while other.phase == 0:
            other = other.apply(other.legal_actions()[0])
        assert [sum(p) for p in other.prophecies] == [7, 7, 7, 7]
    assert len(seen) > 1


def test_resample_keeps_a_void_shown_in_the_current_trick() -> None:
    """SP-PLAY-2, SP-INFO-1: a seat that did not follow the future suit in the trick being played
    holds none of it in any redraw; the seat that followed may still hold more of it."""
    state = GAME.new_game(Rules(players=4), seed=22)
    while state.phase == 0:
        state = state.apply(state.legal_actions()[0])
    fs = state.future_suit
    assert (state.current_player, fs) == (0, 3)
    state = state.apply(state.legal_actions()[0])  # seat 0 follows the future suit D
    assert not any(DECK.suit_of[c] == fs for c in state.hands[1])
    state = state.apply(state.legal_actions()[0])  # seat 1 cannot follow: a void in D
    assert DECK.suit_of[state.trick[1]] != fs
    rng = random.Random(0)
    seat0_got_d = False
    for _ in range(40):
        other = state.resample(2, rng)
        assert not any(DECK.suit_of[c] == fs for c in other.hands[1])
        seat0_got_d |= any(DECK.suit_of[c] == fs for c in other.hands[0])
    assert seat0_got_d
    # once the trick is finished the void still holds
    for _ in range(2):
        state = state.apply(state.legal_actions()[0])
    assert len(state.round_tricks) == 1 and not state.trick
    for _ in range(40):
        assert not any(DECK.suit_of[c] == fs for c in state.resample(2, rng).hands[1])


@pytest.mark.parametrize("players", [3, 4])
def test_tensor_encoder_writes_the_tensor_without_numpy(players: int) -> None:
    """SP-INFO-1, SP-INFO-2: the game's own fast encoder gives ``observation_tensor`` entry by entry,
    at every state and seat of a random game, as an ``array.array`` of 4-byte ints; the module that
    defines it imports no numpy; a seat that is not one is refused as ``observation`` refuses it."""
    rules = Rules(players=players, variant="twice", round_limit=3, score_floor=False)
    encoder = GAME.tensor_encoder(rules)
    assert isinstance(encoder, TensorEncoder) and encoder.size == GAME.observation_size(rules)
    rng = random.Random(players)
    state = GAME.new_game(rules, seed=5)
    checked = 0
    while True:
        for seat in range(players):
            buffer = encoder(state, seat)
            assert isinstance(buffer, array.array) and buffer.itemsize == 4
            assert tuple(buffer) == state.observation_tensor(seat)
            checked += 1
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    assert checked > 100
    with pytest.raises(ValueError, match="not a seat"):
        encoder(state, players)
    source = Path(observation_module.__file__).read_text(encoding="utf-8")
    assert "numpy" not in source


# -- who sees what (visible.future, visible.hands) and who starts a round (round_start) --------

SETTINGS = [
    {"future": f, "hands": h} for f in ("all", "from:trick") for h in ("owner", "all")
]


def _vis_positions(rules: Rules, seed: int, every: int = 5) -> list[Any]:
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


def _vis_shown(state: Any) -> int:
    if state.phase == OVER:
        return len(state.future)
    return 0 if state.phase == PROPHECY else len(state._round_tricks) + 1


def _vis_twin(state: Any, **info: Any) -> Any:
    return attrs.evolve(state, info=attrs.evolve(state.info, **info))


def test_the_options_say_visible_dot_element_in_every_text_form() -> None:
    """SP-INFO-3, SP-INFO-4: `--set visible.future=from:trick`, a TOML `[rules.visible]` table and
    Python give the same rules; a setting the element does not offer is refused, naming it."""
    by_set, _ = rules_from_layers(Rules, [Layer({"visible.future": "from:trick"}, "--set", text=True)])
    by_table, _ = rules_from_layers(Rules, [Layer({"visible": {"future": "from:trick"}}, "v.toml", people=True)])
    assert by_set == by_table == Rules(visible={"future": "from:trick"})
    assert dict(by_set.visible) == {"future": "from:trick", "hands": "owner", "aside": "none", "trick": "all"}
    assert not by_set.visible.printed and Rules().visible.printed
    with pytest.raises(InvalidRules, match=r"^Rules\.visible\.hands: 'everybody' is not a part of a sight"):
        rules_from_layers(Rules, [Layer({"visible.hands": "everybody"}, "--set", text=True)])
    with pytest.raises(InvalidRules, match=r"^Rules\.visible\.future: must be one of all, from:trick \(got 'none'\)"):
        rules_from_layers(Rules, [Layer({"visible.future": "none"}, "--set", text=True)])  # no general sight
    with pytest.raises(InvalidRules, match=r"^Rules\.visible\.pile: no such zone; this game's are: "
                                           r"visible\.future, visible\.hands, visible\.aside, visible\.trick"):
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
    positions = _vis_positions(rules, 3)
    for state in positions:
        shown = _vis_shown(state) if face_down else len(state.future)
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
    for state in _vis_positions(rules, 11, every=9):
        if state.phase == OVER:
            continue
        shown = _vis_shown(state)
        future, aside = state.future, state.aside_down
        # a hidden future card swapped with an unseen set-aside card
        if shown < len(future):
            twin = _vis_twin(state, future=future[:-1] + aside[:1], aside_down=(future[-1], *aside[1:]))
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
    for state in _vis_positions(rules, 5, every=1):
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
