"""Tests that kill mutants found surviving in saru_tori_inu_i.py (issue 11).

Each test states exact values; see ``bench/MUTATION.md`` for the run and the figures.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rulebook import IllegalAction
from rulebook.games.saru_tori_inu_i import (
    GAME,
    Declare,
    Rules,
)
from tests.games.saru_tori_inu_i.test_state import B, K, R, Y, card, new3, run


def test_a_declaration_needs_two_cards_in_hand() -> None:
    """ST-PLAY-4: the last player of the round holding a single card may not declare."""
    s = new3()
    s = s.replace(hands=(s.hands[0], (card(B, 8), card(Y, 8)), (card(K, 8),)))
    s = run(s, "play R8", "down B8")
    assert s.current_player == 2 and s.hands[2] == (card(K, 8),)
    with pytest.raises(IllegalAction, match="a declaration needs two cards in hand") as info:
        s.apply(Declare(5))
    assert info.value.rule == "ST-PLAY-4"


def test_resample_keeps_face_up_plays_and_redraws_face_down_ones() -> None:
    """ST-INFO-1: a card played face up stays where it is in every resample; only the face-down
    play of another seat is redrawn (one card, from that seat's unseen cards)."""
    s = new3()
    s = s.replace(hands=(s.hands[0], (card(B, 8), card(Y, 8)), s.hands[2]))
    s = run(s, "play R8", "down B8")
    assert s.played[0] == (card(R, 8),) and s.played[1] == (card(B, 8),)
    rng = random.Random(3)
    downs = set()
    for _ in range(40):
        other = s.resample(2, rng)
        assert other.played[0] == (card(R, 8),)
        assert len(other.hands[0]) == len(s.hands[0])  # redrawn, same size
        assert len(other.played[1]) == 1 and len(other.hands[1]) == 1
        assert other.played[2] == s.played[2] and other.hands[2] == s.hands[2]
        downs.add(other.played[1][0])
    assert len(downs) > 1


def test_round_slot_stays_at_seven_after_the_last_round() -> None:
    """The observation encoding (docs table, offset 13): the round one-hot has 8 slots; after the
    last round of a race slot 7 is set and the phase one-hot after it is untouched."""
    rules = Rules(players=3)
    state = GAME.new_game(rules, seed=4)
    rng = random.Random(4)
    seen_late = 0
    while not state.is_terminal:
        obs = state.observation(0)
        enc = GAME.encode_observation(rules, obs)
        assert enc[13:21] == tuple(int(k == min(obs.round, 7)) for k in range(8))
        assert enc[21:25] == tuple(int(k == obs.phase) for k in range(4))
        seen_late += obs.round >= 8
        state = state.apply(rng.choice(state.legal_actions()))
    obs = state.observation(0)
    enc = GAME.encode_observation(rules, obs)
    assert obs.round >= 8 or seen_late
    assert enc[13:21] == tuple(int(k == min(obs.round, 7)) for k in range(8))
    assert enc[21:25] == tuple(int(k == obs.phase) for k in range(4))


# -- issue 36: the mutants that survived the Saru suite ---------------------------------------


def _finished(seed: int, players: int = 3) -> Any:
    state = GAME.new_game(Rules(players=players), seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(GAME.heuristic_action(state, rng))
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_finished_game_has_no_road_laid(seed: int) -> None:
    """The last race's end clears the round's road flag, as every new round does (ST-RES-4)."""
    state = _finished(seed)
    assert state.is_terminal and state.road_laid is False
    assert [state.observation(s).road_laid for s in range(3)] == [False, False, False]


def test_a_custom_track_without_start_puts_every_animal_on_square_0() -> None:
    """ST-COMP-3: a track that gives only the tie order starts the four animals on square 0."""
    rules = Rules(players=3, track={"tie_order": ["dog", "monkey", "bird", "boar"]})
    assert rules.track.start == (0, 0, 0, 0)
    assert rules.track.tie_order == (1, 0, 2, 3)
    state = GAME.new_game(rules, seed=1)
    assert state.pos == (0, 0, 0, 0)


def test_the_counts_named_in_refusals_are_exact() -> None:
    with pytest.raises(ValueError, match=r"^Rules\.track\.start: must give four squares, monkey, dog, bird, boar "
                                         r"\(got 3\)$"):
        Rules(players=3, track={"start": [0, 0, 0]})
    with pytest.raises(ValueError, match=r"^Rules\.colour_points: expected 8 whole numbers, two per animal place "
                                         r"\(got 3\)$"):
        Rules(players=3, colour_points=(1, 2, 3))
    with pytest.raises(ValueError, match=r"^deal 0 \(race 0\) must have 42 numbers: the 36 cards' order, then the 6 "
                                         r"missions' order \(got 36\)$"):
        GAME.new_game(Rules(players=3), deals=[tuple(range(36))])


def _placing(sharing: str) -> list[tuple[Any, int]]:
    """Positions where a card is placed, with a column number the placing seat may not use."""
    from rulebook.games.saru_tori_inu_i.state import PLACE

    found = []
    for seed in range(40):
        state = GAME.new_game(Rules(players=4, column_sharing=sharing), seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal and len(found) < 40:
            if state.phase == PLACE:
                found += [(state, c) for c in range(7) if c not in state.board[3]]
            state = state.apply(GAME.heuristic_action(state, rng))
    return found


def test_the_column_named_in_a_refused_placement_is_the_one_chosen() -> None:
    """ST-RES-2 and ST-RULING-20 name the column as the table numbers it, from 1."""
    from rulebook.games.saru_tori_inu_i import Place

    taken = never = 0
    for state, column in _placing("exclusive"):
        with pytest.raises(IllegalAction) as info:
            state.apply(Place(column))
        if column < len(state.plays[4]) and state.plays[4][column]:
            taken += 1
            assert str(info.value) == (f"under {column + 1} is not legal: another player's card is beneath column "
                                       f"{column + 1} [ST-RULING-20]")
            assert info.value.rule == "ST-RULING-20"
        else:
            never += 1
            assert str(info.value) == (f"under {column + 1} is not legal: column {column + 1} never held an oracle "
                                       "card [ST-RES-2]")
            assert info.value.rule == "ST-RES-2"
    assert taken and never


def test_a_negative_column_never_held_an_oracle_card() -> None:
    """ST-RES-2: a column number below the table's is refused as one that never held a card, even
    when the last column has another player's card beneath it."""
    from rulebook.games.saru_tori_inu_i import Place

    cases = [(state, column) for state, column in _placing("exclusive") if state.plays[4][-1]][:5]
    assert cases
    for state, _column in cases:
        with pytest.raises(IllegalAction) as info:
            state.apply(Place(-1))
        assert str(info.value) == "under 0 is not legal: column 0 never held an oracle card [ST-RES-2]"


def test_a_deck_card_needs_a_colour_under_either_spelling() -> None:
    with pytest.raises(ValueError, match=r"^Rules\.deck\[0\]\.colour: is missing$"):
        Rules(players=3, deck=[{"strength": 1, "icons": ["dog"]}])
    cards = [{"color": c.colour, "strength": c.strength, "icons": list(c.icons), "name": c.name}
             for c in Rules(players=3).deck]
    assert Rules(players=3, deck=cards).deck == Rules(players=3).deck


def test_removed_cards_may_leave_exactly_two_per_player() -> None:
    """ST-SETUP-6: every player needs a column and a card in hand: 2 cards a player, not more."""
    strengths = ("1", "2", "3", "4", "5", "6", "7")
    assert len(Rules(players=3, removed=(*strengths, "R8", "B8")).removed) == 9  # 6 cards left
    with pytest.raises(ValueError, match=r"^Rules\.removed: leaves 5 card\(s\); 3 players need at least 6 \(a "
                                         r"column and a card in hand each\)$"):
        Rules(players=3, removed=(*strengths, "R8", "B8", "Y8"))


def test_end_stats_count_each_kind_of_move_once() -> None:
    from rulebook.games.saru_tori_inu_i import GAME as SARU

    state = _finished(15)  # a game with every kind of move
    words = [str(a).split()[0] for a in state.history]
    stats = SARU.end_stats(state)
    assert stats["face_down_plays"] == words.count("down") == 1
    assert stats["declarations"] == words.count("declare") == 13
    assert stats["road_cards"] == words.count("road") > 0
    assert stats["cards_acquired"] == words.count("take") > 0


def test_the_tensor_says_which_seat_a_known_card_is_with() -> None:
    """A card publicly known to be in seat 1's hand and the same card known in seat 2's hand are
    told apart by the observation tensor, at the slots of those seats."""
    from rulebook.games.saru_tori_inu_i.observation import _LOC
    from tests.games.saru_tori_inu_i.test_state import HAND1, new3

    state = new3()
    x = HAND1[0]
    at1 = state.replace(known=((), (x,), ())).observation_tensor(0)
    at2 = state.replace(known=((), (), (x,))).observation_tensor(0)
    differ = [i for i, (a, b) in enumerate(zip(at1, at2)) if a != b]
    assert differ == [25 + x * _LOC + 2, 25 + x * _LOC + 3]
    assert (at1[25 + x * _LOC + 2], at2[25 + x * _LOC + 3]) == (1, 1)


def test_the_placeholder_icons_count_three_two_one_by_strength() -> None:
    """ST-DATA-2: 3 icons for strengths 1-3, 2 for 4-6, 1 for 7-9."""
    from rulebook.games.saru_tori_inu_i.rules import _placeholder_icons

    assert [len(_placeholder_icons(colour, s)) for colour in range(4) for s in range(1, 10)] == [
        3, 3, 3, 2, 2, 2, 1, 1, 1] * 4


def test_a_deck_takes_two_cards_of_a_colour_not_one() -> None:
    """ST-RULING-26: every colour needs two cards at least; two are enough."""
    from rulebook.errors import InvalidRules
    from rulebook.games.saru_tori_inu_i import Rules

    three = [{"colour": c, "strength": s, "icons": ["monkey"]} for c in ("red", "blue", "yellow") for s in range(1, 5)]
    two = [{"colour": "black", "strength": s, "icons": ["boar"]} for s in (1, 2)]
    assert len(Rules(deck=three + two).deck) == 14
    with pytest.raises(InvalidRules) as caught:
        Rules(deck=three + two[:1])
    assert str(caught.value) == "Rules.deck: must hold at least 2 cards of each colour (black has 1)"


def test_a_track_naming_three_animals_is_refused_in_words() -> None:
    from rulebook.errors import InvalidRules
    from rulebook.games.saru_tori_inu_i import Rules

    with pytest.raises(InvalidRules) as caught:
        Rules(track={"start": {"monkey": 0, "dog": 0, "bird": 0}})
    assert str(caught.value) == "Rules.track.start: must give the start square of all four animals"


def test_anyone_may_declare_under_the_open_declaration() -> None:
    """ST-PLAY-6: with declaration='anyone' a declaration is offered to players other than the last of
    a round of play (seed 1, random moves: 678 offers in the game)."""
    import random

    from rulebook.games.saru_tori_inu_i import GAME, Rules

    state = GAME.new_game(Rules(declaration="anyone"), seed=1)
    rng = random.Random(1)
    offers = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        offers += sum(1 for a in legal if "declare" in str(a).lower())
        state = state.apply(rng.choice(legal))
    assert offers == 678


def test_an_ends_rule_reads_the_state_at_a_rounds_end() -> None:
    """ST-LOGIC-3: the round event hands the position to the variant's ends rule, which may end the game
    there (here at once, after the first round of play)."""
    import random

    from rulebook.games.saru_tori_inu_i import GAME, Rules
    from rulebook.variants.variant import Variant

    seen: list[Any] = []

    def ends(event: Any) -> bool:
        seen.append(event.state.scores)
        return event.kind == "round"

    state = Variant(GAME, Rules(), ends=ends).new_game(seed=1)
    rng = random.Random(1)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert seen and all(len(s) == 4 for s in seen) and state.is_terminal
