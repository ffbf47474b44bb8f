"""Seven Prophecies: the engine, rule by rule: prophecy, tricks, the end of a round and of the game
(SP-PROPH, SP-PLAY, SP-TRICK, SP-END).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rulebook.errors import IllegalAction, InvalidRules
from rulebook.games.seven_prophecies import DECK, GAME, Phase, Play, Prophesy, Rules
from tests.games.seven_prophecies.test_rules import BLACK, BLUE, RED, WHITE, prophecy_actions, reference_places


def act(state: Any, *texts: str) -> Any:
    for text in texts:
        state = state.apply(GAME.parse_action(text, state.rules))
    return state


def play_lowest(state: Any, tricks: int | None = None) -> Any:
    """Play the lowest legal card until the round (or ``tricks`` tricks) is over."""
    round_index = state.round
    while not state.is_terminal and state.round == round_index and state.phase == 1:
        if tricks is not None and len(state.round_tricks) == tricks and not state.trick:
            break
        state = state.apply(state.legal_actions()[0])
    return state


def test_prophecy_example_is_revealed_to_all() -> None:
    """SP-PROPH-1 example: red prophesies 1st once, 2nd twice, 3rd once and 4th three times.

    SP-PROPH-2, SP-INFO-2, SP-RULING-5: hidden from the others until everybody has placed.
    """
    state = GAME.new_game(Rules(players=4), seed=2)
    state = act(state, "prophesy 1", "prophesy 2", "prophesy 2", "prophesy 3", "prophesy 4", "prophesy 4")
    assert state.observation(RED).own_prophecy == (1, 2, 1, 2)
    assert state.observation(BLUE).prophecies[RED] == ()
    assert state.observation(BLUE).remaining[RED] == ()
    state = act(state, "prophesy 4")
    assert state.current_player == BLUE
    for seat in (BLUE, BLACK, WHITE):
        assert state.observation(seat).prophecies[RED] == ()
    for _seat in (BLUE, BLACK, WHITE):
        state = act(state, *prophecy_actions([2, 2, 2, 1]))
    assert state.phase == 1 and state.current_player == RED
    for seat in range(4):
        obs = state.observation(seat)
        assert obs.prophecies[RED] == (1, 2, 1, 3)
        assert obs.remaining[BLUE] == (2, 2, 2, 1)


def test_prophecy_may_leave_places_empty() -> None:
    """SP-RULING-3: all seven cubes on 1st is a valid prophecy (empty places allowed)."""
    state = GAME.new_game(Rules(players=4), seed=1)
    state = act(state, *["prophesy 1"] * 7)
    assert state.current_player == 1
    assert state.cubes[0] == (7, 0, 0, 0)


def test_every_place_house_rule() -> None:
    """SP-RULING-3 house rule: each place gets a cube; skipping a place is illegal."""
    state = GAME.new_game(Rules(players=4, every_place=True), seed=1)
    assert [str(a) for a in state.legal_actions()] == ["prophesy 1"]
    with pytest.raises(IllegalAction, match="SP-RULING-3"):
        act(state, "prophesy 2")
    state = act(state, "prophesy 1", "prophesy 1", "prophesy 1", "prophesy 1")
    # three cubes left, three empty places: each must get one
    assert [str(a) for a in state.legal_actions()] == ["prophesy 2"]
    state = act(state, "prophesy 2", "prophesy 3", "prophesy 4")
    assert state.cubes[0] == (4, 1, 1, 1)


def test_prophecy_cubes_go_on_in_order_of_place() -> None:
    """SP-RULING-4: a cube may not go on a place before one already used."""
    state = act(GAME.new_game(Rules(players=3), seed=1), "prophesy 2")
    with pytest.raises(IllegalAction, match="SP-RULING-4"):
        act(state, "prophesy 1")
    with pytest.raises(IllegalAction, match="SP-PROPH-1"):
        state.apply(Prophesy(4))
    with pytest.raises(IllegalAction, match="SP-PROPH-1"):
        state.apply(Play(state.hands[0][0]))


def test_seats_place_clockwise_and_trick_one_is_led_by_the_start_player() -> None:
    """SP-PROPH-1, SP-PROPH-2, SP-RULING-10: start player, then the next seats, then trick 1."""
    state = GAME.new_game(Rules(players=3, first_player=1), seed=4)
    seen = []
    while state.phase == 0:
        seen.append(state.current_player)
        state = state.apply(state.legal_actions()[0])
    assert seen == [1] * 7 + [2] * 7 + [0] * 7
    assert state.current_player == 1 and state.leader == 1


def revealed(players: int = 4, seed: int = 1, **options: Any) -> Any:
    state = GAME.new_game(Rules(players=players, **options), seed=seed)
    while state.phase == 0:
        state = state.apply(state.legal_actions()[0])
    return state


def test_must_follow_the_future_suit() -> None:
    """SP-PLAY-1, SP-PLAY-2: holding the future suit forces it, for the first player too."""
    for seed in range(40):
        state = revealed(seed=seed)
        fs = state.future_suit
        hand = state.hands[state.current_player]
        follow = [c for c in hand if DECK.suit_of[c] == fs]
        other = [c for c in hand if DECK.suit_of[c] != fs]
        if follow and other:
            assert {a.card for a in state.legal_actions()} == set(follow)
            with pytest.raises(IllegalAction, match="SP-PLAY-2"):
                state.apply(Play(other[0]))
            break
    else:
        pytest.fail("no seed gave a leader with both kinds of cards")
    with pytest.raises(IllegalAction, match="SP-PLAY-1"):
        state.apply(Prophesy(1))
    not_held = next(c for c in DECK.cards if c not in hand and DECK.suit_of[c] == fs)
    with pytest.raises(IllegalAction, match="SP-PLAY-1"):
        state.apply(Play(not_held))


def test_trick_places_cubes_and_next_leader() -> None:
    """SP-TRICK-1, SP-TRICK-2, SP-TRICK-3: places, one cube each for a matching place, 1st leads."""
    state = revealed(players=4, seed=9)
    prophecies = state.prophecies
    leader = state.leader
    for _ in range(4):
        state = state.apply(state.legal_actions()[-1])
    first = state.round_tricks[0]
    lead = first.leader
    assert lead == leader
    in_order = [(lead + j) % 4 for j in range(4)]
    assert first.players == tuple(in_order)
    cards = list(first.cards)
    pl = reference_places(cards, DECK.suit_of[state.future[0]])
    assert first.places == pl and first.winner == in_order[pl.index(1)]
    for j, p in enumerate(pl):
        s = (lead + j) % 4
        moved = 1 if prophecies[s][p - 1] else 0
        assert state.placed[s] == moved
        assert sum(state.cubes[s]) == 7 - moved
    assert state.current_player == (lead + pl.index(1)) % 4 == state.leader


def test_round_ends_after_ten_tricks_without_a_seventh_cube() -> None:
    """SP-END-1: all cubes on 4th and random play rarely finish; the round stops after trick 10."""
    for seed in range(20):
        state = GAME.new_game(Rules(players=4), seed=seed)
        for _ in range(4):
            state = act(state, *["prophesy 1"] * 7)
        state = play_lowest(state)
        if not state.ends[0][1]:
            assert state.ends[0][0] == 10
            # nobody finished: everybody loses (cubes left - 1), floored at 0
            assert state.points == (0, 0, 0, 0)
            return
    pytest.fail("every seed ended with a seventh cube")


def test_rounds_rotate_and_the_game_ends_after_p_rounds() -> None:
    """SP-END-2, SP-END-3, SP-END-4, SP-RULING-10: start player moves left; P rounds; top total wins."""
    for players in (3, 4):
        rng = random.Random(players)
        state = GAME.new_game(Rules(players=players, first_player=1), seed=3)
        starts = []
        while not state.is_terminal:
            if state.phase == 0 and not any(state.cubes[state.start]):
                starts.append(state.start)
            state = state.apply(rng.choice(state.legal_actions()))
        assert starts == [(1 + i) % players for i in range(players)]
        assert len(state.ends) == players
        best = max(state.points)
        assert state.winners == {s for s, v in enumerate(state.points) if v == best}
        with pytest.raises(IllegalAction, match="SP-END-3"):
            state.apply(Prophesy(1))


def test_phase_is_an_int_enum() -> None:
    """SP-PROPH-1, SP-PLAY-1, SP-END-3: the phase is a Phase member, comparable as an int."""
    assert [(p.name, int(p)) for p in Phase] == [("PROPHECY", 0), ("TRICKS", 1), ("OVER", 2)]
    state = GAME.new_game(Rules(players=3), seed=1)
    assert state.phase is Phase.PROPHECY and state.observation(0).phase is Phase.PROPHECY
    for _ in range(21):
        state = state.apply(state.legal_actions()[0])
    assert state.phase is Phase.TRICKS and state.phase == 1
    rng = random.Random(1)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.phase is Phase.OVER and state.legal_actions() == ()


def test_house_rule_errors_name_the_right_ruling() -> None:
    """SP-RULING-4 vs SP-RULING-3 under the house rule: going back to an earlier place breaks the order
    of placing; skipping a place would leave it empty."""
    state = GAME.new_game(Rules(players=4, every_place=True), seed=1)
    state = state.apply(Prophesy(1)).apply(Prophesy(2))
    with pytest.raises(IllegalAction) as info:
        state.apply(Prophesy(1))
    assert (str(info.value), info.value.rule) == (
        "prophesy 1 is not legal: cubes are placed in order of place, first to last [SP-RULING-4]",
        "SP-RULING-4",
    )
    with pytest.raises(IllegalAction) as info:
        state.apply(Prophesy(4))
    assert info.value.rule == "SP-RULING-3"
    assert [str(a) for a in state.legal_actions()] == ["prophesy 2", "prophesy 3"]


# -- house rules: the numbers and the alternatives (issue 22) ---------------------------


def _random_game(rules: Any, seed: int) -> list[Any]:
    rng = random.Random(seed)
    state = GAME.new_game(rules, seed=seed)
    states = [state]
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def test_six_cubes() -> None:
    """SP-COMP-2, SP-PROPH-1, SP-END-1 with ``cubes=6``: six cubes per prophecy, and a round ends
    on the trick in which someone moves their sixth."""
    rules = Rules(cubes=6)
    for seed in range(6):
        states = _random_game(rules, seed)
        for state in states:
            if state.phase != Phase.PROPHECY:
                assert all(sum(p) == 6 for p in state.prophecies)
                assert all(sum(c) + k == 6 for c, k in zip(state.cubes, state.placed, strict=True))
        final = states[-1]
        for count, done in final.ends:
            assert count == 10 or done
        assert all(k <= 6 for k in final.placed)
    state = GAME.new_game(rules, seed=0)
    for _ in range(6):
        state = state.apply(Prophesy(1))
    assert state.current_player == 1  # the seventh cube is the next seat's: seat 0 is done
    assert state.cubes[0] == (6, 0, 0, 0)


def test_tricks_and_face_up_cards_shape_the_deal() -> None:
    """SP-SETUP-1, SP-SETUP-2, SP-SETUP-3, SP-SETUP-5 with ``tricks``, ``face_up_*`` and ``top_3p``."""
    state = GAME.new_game(Rules(tricks=8, cubes=6, face_up_4p=2), seed=3)
    assert [len(h) for h in state.hands] == [8] * 4 and len(state.future) == 8
    assert (len(state.aside_up), len(state.aside_down)) == (2, 10)
    state = GAME.new_game(Rules(players=3, top_3p=13, face_up_3p=0), seed=3)
    assert [len(h) for h in state.hands] == [10] * 3 and (len(state.aside_up), len(state.aside_down)) == (0, 12)
    states = _random_game(Rules(tricks=5, cubes=5), 4)
    assert all(count <= 5 for count, _done in states[-1].ends)


def test_score_table_options() -> None:
    """SP-SCORE-1 with ``success_points`` and ``free_cubes``."""
    from rulebook.games.seven_prophecies import round_points

    assert [round_points(k, 3, 0) for k in (0, 1, 2)] == [3, -1, -2]
    assert [round_points(k, 2, 2) for k in (0, 1, 2, 3)] == [2, 0, 0, -1]
    rules = Rules(success_points=5, free_cubes=0, score_floor=False)
    final = _random_game(rules, 7)[-1]
    assert final.rounds
    for rec in final.rounds:
        placed = final.info.finished[rec.number][5]
        assert len(rec.changes) == 4
        for change in rec.changes:
            left = 7 - placed[change.seat]
            assert change.points == (5 if left == 0 else -left)


def test_cube_penalty() -> None:
    """SP-SCORE-1 with ``cube_penalty``: each cube beyond ``free_cubes`` costs that many points."""
    from rulebook.games.seven_prophecies import round_points

    assert [round_points(k, 2, 1, 3) for k in (0, 1, 2, 3)] == [2, 0, -3, -6]
    assert [round_points(k, 2, 1, 0) for k in (0, 1, 5)] == [2, 0, 0]
    rules = Rules(cube_penalty=2, score_floor=False)
    final = _random_game(rules, 3)[-1]
    for rec in final.rounds:
        placed = final.info.finished[rec.number][5]
        for change in rec.changes:
            left = 7 - placed[change.seat]
            assert change.points == (2 if left == 0 else -2 * max(left - 1, 0))


def test_trump_none() -> None:
    """SP-RANK-5: with ``trump="none"`` numbers alone decide, the later of equal numbers first."""
    from rulebook.games.seven_prophecies import places

    a2, b9, c9, a11 = (DECK.parse(t) for t in ("A2", "B9", "C9", "A11"))
    assert places([a2, b9, c9, a11], 0, "highest", "none") == (4, 3, 2, 1)
    assert places([a2, b9, c9, a11], 1, "highest", "none") == (4, 3, 2, 1)
    assert places([a2, b9, c9, a11], 1) == (4, 1, 3, 2)
    assert places([a2, b9, c9, a11], 1, "lowest", "none") == (1, 3, 2, 4)
    checked = 0
    for seed in range(3):
        state = _random_game(Rules(trump="none"), seed)[-1]
        for t in state.tricks:
            w = t.winning_card
            for _s, c in t.plays:
                if c != w:
                    checked += 1
                    assert DECK.rank_of[w] >= DECK.rank_of[c]
            assert t.rule in ("SP-RANK-5", "SP-RANK-3")
    assert checked


def test_partners() -> None:
    """SP-END-7: with ``partners`` the pair (0, 2) or (1, 3) with the higher sum of scores wins."""
    with pytest.raises(InvalidRules, match="partners"):
        Rules(players=3, partners=True)
    seen = set()
    for seed in range(6):
        for variant in ("points", "most-cubes"):
            final = _random_game(Rules(partners=True, variant=variant), seed)[-1]
            s = final.scores
            a, b = s[0] + s[2], s[1] + s[3]
            expect = {0, 2} if a > b else {1, 3} if b > a else {0, 1, 2, 3}
            assert set(final.winners) == expect
            seen.add(len(expect))
    assert 2 in seen


def test_follow_free() -> None:
    """SP-PLAY-3: with ``follow="free"`` every card of the hand is legal in every trick."""
    for seed in range(4):
        for state in _random_game(Rules(follow="free"), seed):
            if state.phase == Phase.TRICKS:
                assert [a.card for a in state.legal_actions()] == list(state.hands[state.current_player])


def test_follow_led() -> None:
    """SP-PLAY-4: with ``follow="led"`` the first card is free and the others follow its suit."""
    checked = 0
    for seed in range(4):
        for state in _random_game(Rules(follow="led"), seed):
            if state.phase != Phase.TRICKS:
                continue
            hand = list(state.hands[state.current_player])
            legal = [a.card for a in state.legal_actions()]
            if not state.trick:
                assert legal == hand
                continue
            led = DECK.suit_of[state.trick[0]]
            follow = [c for c in hand if DECK.suit_of[c] == led]
            assert legal == (follow or hand)
            for c in hand:
                if c not in legal:
                    checked += 1
                    with pytest.raises(IllegalAction, match="SP-PLAY-4"):
                        state.apply(Play(c))
    assert checked


def test_order_lowest() -> None:
    """SP-RANK-4: with ``order="lowest"`` the lower number ranks first, the future suit still above."""
    from rulebook.games.seven_prophecies import places

    a2, b9, c2, a11 = (DECK.parse(t) for t in ("A2", "B9", "C2", "A11"))
    assert places([a11, b9, c2, a2], 0, "lowest") == (2, 4, 3, 1)
    assert places([a11, b9, c2, a2], 0) == (1, 3, 4, 2)
    state = _random_game(Rules(order="lowest"), 5)[-1]
    for t in state.tricks:
        fs = DECK.suit_of[t.future]
        w = t.winning_card
        for _s, c in t.plays:
            if c != w:
                assert (DECK.suit_of[w] == fs) > (DECK.suit_of[c] == fs) or (
                    (DECK.suit_of[w] == fs) == (DECK.suit_of[c] == fs) and DECK.rank_of[w] <= DECK.rank_of[c]
                )


def test_end_fixed_rounds() -> None:
    """SP-END-5: ``end="fixed"`` plays ``round_count`` rounds at any table size."""
    for players, count in ((4, 2), (3, 5)):
        final = _random_game(Rules(players=players, end="fixed", round_count=count), count)[-1]
        assert len(final.ends) == count
        best = max(final.points)
        assert final.winners == {s for s, v in enumerate(final.points) if v == best}


def test_end_target_score() -> None:
    """SP-END-6: ``end="target"`` ends after the first round that leaves someone at the target."""
    for seed in range(5):
        rules = Rules(end="target", target_score=2, score_floor=False)
        final = _random_game(rules, seed)[-1]
        totals = [0] * 4
        for i, rec in enumerate(final.rounds):
            totals = [a + b for a, b in zip(totals, rec.points, strict=True)]
            if i < len(final.rounds) - 1:
                assert max(totals) < 2
        assert max(final.points) >= 2 or len(final.ends) == rules.round_limit


def test_successes_to_win() -> None:
    """SP-VAR-1 with ``successes_to_win=1``: the first success ends the game."""
    for seed in range(4):
        final = _random_game(Rules(variant="twice", successes_to_win=1), seed)[-1]
        assert max(final.successes) == 1 or len(final.ends) == 20
        assert sum(1 for _c, done in final.ends if done) <= 1


def _to_tricks(state: Any) -> Any:
    """Every seat's cubes placed on place 1 until the tricks start (SP-PROPH-1)."""
    while state.phase != Phase.TRICKS:
        state = state.apply(Prophesy(1))
    return state


def test_a_refused_card_says_why_in_words() -> None:
    """SP-PLAY-1, SP-PLAY-2: a card the seat does not hold, and a card off the future card's suit while
    the seat holds that suit, are refused with the rule and the reason in words."""
    state = _to_tricks(GAME.new_game(Rules(players=4), seed=1))
    seat = state.current_player
    assert seat is not None
    other = next(c for c in state.hands[(seat + 1) % 4])
    with pytest.raises(IllegalAction) as held:
        state.apply(Play(other))
    assert held.value.rule == "SP-PLAY-1" and f"seat {seat} does not hold that card" in str(held.value)
    legal = set(state.legal_actions())
    off = [Play(c) for c in state.hands[seat] if Play(c) not in legal]
    assert len(off) == 6  # seat 0 holds the future card's suit: its six cards of other suits are refused
    with pytest.raises(IllegalAction) as followed:
        state.apply(off[0])
    assert followed.value.rule == "SP-PLAY-2" and "the future card's suit must be followed" in str(followed.value)


def test_a_target_score_reached_exactly_ends_the_game() -> None:
    """SP-END-6: the game ends once a player has target_score points or more: (1, 3, 2, 2) ends a
    game to 3 (seed 3, the heuristic in every seat), after six rounds."""
    state = GAME.new_game(Rules(end="target", target_score=3), seed=3)
    rng = random.Random(3)
    while not state.is_terminal:
        state = state.apply(GAME.heuristic_action(state, rng))
    assert state.scores == (1, 3, 2, 2) and len(state.ends) == 6


def test_refusals_of_the_prophecy_and_the_rules_name_the_move_and_the_field() -> None:
    """SP-RULING-3: leaving a place empty is refused naming the move; SP-RULING-16: three dummies of
    four seats are refused naming ``dummies``; a finished game keeps its set-up."""
    state = GAME.new_game(Rules(players=4, every_place=True), seed=1)
    state = act(state, "prophesy 1", "prophesy 1", "prophesy 1", "prophesy 1")
    with pytest.raises(IllegalAction) as empty:
        state.apply(Prophesy(1))
    assert empty.value.rule == "SP-RULING-3" and empty.value.action == Prophesy(1)
    with pytest.raises(InvalidRules) as dummies:
        Rules(dummies=(1, 2, 3))
    assert dummies.value.field == "dummies" and "at least two seats must keep a prophecy" in str(dummies.value)
    first = GAME.new_game(Rules(), seed=2)
    done = first
    rng = random.Random(2)
    while not done.is_terminal:
        done = done.apply(rng.choice(done.legal_actions()))
    assert done.setup == first.setup
