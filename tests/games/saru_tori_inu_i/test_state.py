"""Saru Tori Inu I: the state machine, scripted on explicit deals: set-up, plays, declarations,
placing, taking, road, face-down plays, columns, and the rounds' order.

Positions are built from explicit deals (``deal[:3]`` is the oracle area, then the hands,
then the missions' order); a few are adjusted with ``SaruState.replace`` to reach rare cases.
The helpers here (``card``, ``run``, ``new3``, the deal ``DEAL3``...) serve the other files.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulebook import IllegalAction, InvalidRules
from rulebook.games.saru_tori_inu_i import (
    BIRD,
    BOAR,
    DEFAULT_DECK,
    DEFAULT_MISSIONS,
    DOG,
    GAME,
    MONKEY,
    OracleCard,
    Phase,
    Rules,
    SaruState,
    move_animals,
    race_order,
)

R, B, Y, K = range(4)


def card(colour: int, strength: int) -> int:
    """Deck index of a default-deck card."""
    return colour * 9 + strength - 1


# Area Y9 B9 R9; seat 0: R1-R8, B1-B3; seat 1: B4-B8, Y1-Y6; seat 2: Y7, Y8, K1-K9.
AREA = [card(Y, 9), card(B, 9), card(R, 9)]


HAND0 = [card(R, s) for s in range(1, 9)] + [card(B, s) for s in range(1, 4)]


HAND1 = [card(B, s) for s in range(4, 9)] + [card(Y, s) for s in range(1, 7)]


HAND2 = [card(Y, 7), card(Y, 8)] + [card(K, s) for s in range(1, 10)]


DEAL3 = tuple(AREA + HAND0 + HAND1 + HAND2 + list(range(6)))


def run(state: Any, *texts: str) -> Any:
    for text in texts:
        state = state.apply(GAME.parse_action(text, state.rules))
    return state


def texts(state: Any) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def new3(**options: Any) -> SaruState:
    """Three players on DEAL3. These scripted rounds were written for shared columns (the
    reading before ST-RULING-20 was revised), so they keep ``column_sharing='shared'``
    unless told otherwise; the default, exclusive columns, is scripted in
    ``test_history.py``."""
    options.setdefault("column_sharing", "shared")
    rules = Rules(players=3, **options)
    state: SaruState = GAME.new_game(rules, deals=[DEAL3])
    return state


def default3(**options: object) -> SaruState:
    state: SaruState = GAME.new_game(Rules(players=3, **options), deals=[DEAL3])  # type: ignore[arg-type]
    return state


def test_setup_from_an_explicit_deal() -> None:
    """ST-SETUP-1, ST-SETUP-2, ST-SETUP-3, ST-SETUP-4, ST-SETUP-5."""
    s = new3()
    assert s.area == ((card(Y, 9),), (card(B, 9),), (card(R, 9),))
    assert s.hands == (tuple(sorted(HAND0)), tuple(sorted(HAND1)), tuple(sorted(HAND2)))
    assert s.missions == (0, 1, 2)
    assert s.current_player == 0 and s.order == (0, 1, 2)
    four = GAME.new_game(Rules(players=4), seed=3)
    assert [len(h) for h in four.hands] == [8, 8, 8, 8] and len(four.area) == 4
    assert GAME.new_game(Rules(players=3, first_player=2), seed=1).current_player == 2


def test_round_one_play_declare_and_resolve() -> None:
    """ST-PLAY-1, ST-PLAY-2, ST-PLAY-4, ST-RES-1, ST-RES-2, ST-RES-3, ST-ROAD-1, ST-ROUND-1,
    ST-ROUND-2, ST-RULING-7, ST-RULING-15."""
    s = run(new3(), "play R8")
    with pytest.raises(IllegalAction, match="ST-PLAY-2"):
        s.apply(GAME.parse_action("play B8", s.rules))
    with pytest.raises(IllegalAction, match="ST-PLAY-3"):
        s.apply(GAME.parse_action("down B4", s.rules))
    with pytest.raises(IllegalAction, match="ST-PLAY-4"):
        s.apply(GAME.parse_action("declare 5", s.rules))
    assert "declare 5" not in texts(s) and "play B8" not in texts(s)
    s = run(s, "play B7")
    # the last player may declare any free strength 0..10, whatever it holds (ST-RULING-15)
    assert {f"declare {n}" for n in (0, 1, 2, 3, 4, 5, 6, 9, 10)} <= set(texts(s))
    assert "declare 7" not in texts(s) and "declare 8" not in texts(s)
    s = run(s, "declare 10")
    assert s.current_player == 2 and texts(s)[0] == "pair Y7" and "pair K9" not in texts(s)
    s = run(s, "pair K1")
    with pytest.raises(IllegalAction, match="ST-PLAY-4"):
        s.apply(GAME.parse_action("pair Y7", s.rules))
    s = run(s, "pair K2")
    # resolution from the highest strength: the declared 10, then 8, then 7 (ST-RULING-7)
    assert s.queue == (2, 0, 1) and s.current_player == 2
    assert texts(s) == ["under 1", "under 2", "under 3"]
    s = run(s, "under 1")
    assert s.beneath[0] == (card(K, 1), card(K, 2))
    assert texts(s) == ["take Y9", "road Y9"]
    with pytest.raises(IllegalAction, match="ST-RES-3"):
        s.apply(GAME.parse_action("take B9", s.rules))
    s = run(s, "take Y9", "under 2", "road B9")
    assert s.road == (card(B, 9),) and s.pos == (0, 1, 0, 0)  # B9 moves the dog
    s = run(s, "under 2")
    assert texts(s) == ["take R9", "road R9"]  # road was laid: not forced
    s = run(s, "take R9")
    # ST-ROUND-1: the cards beneath are the new oracle area; ST-ROUND-2: seat 1 played 7
    assert s.area == ((card(K, 1), card(K, 2)), (card(R, 8), card(B, 7)), ())
    assert s.beneath == ((), (), ()) and s.rnd == 1
    assert s.order == (1, 2, 0) and s.current_player == 1
    assert s.acquired == ((), (card(R, 9),), (card(Y, 9),))


def round_two() -> SaruState:
    s = run(
        new3(), "play R8", "play B7", "declare 10", "pair K1", "pair K2",
        "under 1", "take Y9", "under 2", "road B9", "under 2", "take R9",
    )
    return run(s, "play B4", "play K9", "play R1")


def test_two_card_column_and_empty_area() -> None:
    """ST-RES-3 (a column of two: one is chosen, the other leaves), ST-RULING-13."""
    s = run(round_two(), "under 3")
    assert texts(s) == ["take K1", "take K2", "road K1", "road K2"]
    s = run(s, "take K2")
    assert s.removed == (card(K, 1),) and s.area[0] == ()
    s = run(s, "under 3", "road B7")
    assert s.removed == (card(K, 1), card(R, 8)) and s.pos == (0, 2, 0, 0)
    # seat 0 played 1: it places its card, finds the area empty and takes nothing
    assert s.current_player == 0 and texts(s) == ["under 1", "under 2", "under 3"]
    s = run(s, "under 1")
    assert s.rnd == 2 and s.current_player == 0 and s.order == (0, 1, 2)
    assert s.area == ((card(R, 1),), (), (card(K, 9), card(B, 4)))


def test_columns_option_round() -> None:
    """ST-RULING-8: with columns='round' only columns holding a card at the round's start."""
    s = run(
        new3(columns="round"), "play R8", "play B7", "declare 10", "pair K1", "pair K2",
        "under 1", "take Y9", "under 2", "road B9", "under 2", "take R9", "play B4", "play K9", "play R1",
    )
    assert texts(s) == ["under 1", "under 2"]
    with pytest.raises(IllegalAction, match="ST-RES-2"):
        s.apply(GAME.parse_action("under 3", s.rules))
    assert texts(round_two()) == ["under 1", "under 2", "under 3"]


def test_pair_placement_separate() -> None:
    """ST-RULING-5: 'separate' places the declarer's two cards one by one."""
    s = run(new3(pair_placement="separate"), "play R8", "play B7", "declare 10", "pair K1", "pair K2")
    s = run(s, "under 1")
    assert s.current_player == 2 and texts(s) == ["under 1", "under 2", "under 3"]
    s = run(s, "under 3")
    assert s.beneath == ((card(K, 1),), (), (card(K, 2),))
    assert texts(s) == ["take Y9", "road Y9"]
    together = run(new3(), "play R8", "play B7", "declare 10", "pair K1", "pair K2", "under 1")
    assert together.beneath[0] == (card(K, 1), card(K, 2))


def test_forced_road_on_the_last_card() -> None:
    """ST-RES-4, ST-RULING-12: one oracle card left and no road yet: it must become road."""
    s = new3()
    s = s.replace(area=((card(Y, 9),), (), ()))
    s = run(s, "play R8", "play B7", "play K9", "under 1")
    assert texts(s) == ["road Y9"]
    with pytest.raises(IllegalAction, match="ST-RES-4"):
        s.apply(GAME.parse_action("take Y9", s.rules))
    # a last column of two cards: the letter does not force road, 'last_take' does
    two = new3().replace(area=((card(Y, 9), card(B, 9)), (), ()))
    two = run(two, "play R8", "play B7", "play K9", "under 1")
    assert "take Y9" in texts(two)
    two_take = new3(forced_road="last_take").replace(area=((card(Y, 9), card(B, 9)), (), ()))
    two_take = run(two_take, "play R8", "play B7", "play K9", "under 1")
    assert texts(two_take) == ["road Y9", "road B9"]


def test_face_down_play_and_take() -> None:
    """ST-PLAY-3, ST-RES-5, ST-RULING-6, ST-RULING-14: a seat with no playable card plays face
    down, resolves last, lays road if none was laid, else keeps the card; it starts next."""
    s = run(new3(), "play R8")
    rest2 = tuple(c for c in s.hands[2] if c != card(Y, 8))
    s = s.replace(hands=(s.hands[0], (card(B, 8), card(Y, 8)), rest2))
    assert texts(s) == ["down B8", "down Y8"]
    with pytest.raises(IllegalAction, match="ST-PLAY-3"):
        run(new3(), "down R8")
    s = run(s, "down B8")
    assert s.observation(0).plays[1] == () and s.observation(1).plays[1] == (card(B, 8),)
    s = run(s, "play K9")
    assert s.queue == (2, 0, 1)
    s = run(s, "under 1", "take Y9", "under 1", "take B9", "under 2")
    assert s.observation(0).beneath[1] == (card(B, 8),)  # revealed when placed
    assert texts(s) == ["road R9"]  # nobody laid road: the face-down player must
    with pytest.raises(IllegalAction, match="ST-RES-5"):
        s.apply(GAME.parse_action("keep R9", s.rules))
    s = run(s, "road R9")
    assert s.current_player == 1 and s.order == (1, 2, 0)  # ST-ROUND-2: the face-down player
    # with road already laid, the face-down player keeps the card, publicly
    k = run(new3(), "play R8")
    k = k.replace(hands=(k.hands[0], (card(B, 8), card(Y, 8)), rest2))
    k = run(k, "down B8", "play K9", "under 1", "road Y9", "under 1", "take B9", "under 2")
    assert texts(k) == ["keep R9"]
    k = run(k, "keep R9")
    assert k.hands[1] == (card(R, 9), card(Y, 8)) and k.known[1] == (card(R, 9),)
    assert k.observation(0).known_in_hands[1] == (card(R, 9),)


def test_two_face_down_players() -> None:
    """ST-RULING-6: several face-down players resolve in turn order after the others; the
    first lays road (none laid yet), the next keeps; the last of them starts next round."""
    s = new3()
    s = s.replace(hands=(s.hands[0], (card(B, 8), card(Y, 8)), (card(K, 8),)))
    s = run(s, "play R8", "down B8")
    assert texts(s) == ["down K8"]  # one card: no declaration
    s = run(s, "down K8")
    assert s.queue == (0, 1, 2)
    s = run(s, "under 1", "take Y9", "under 1")
    assert texts(s) == ["road B9"]
    s = run(s, "road B9", "under 1")
    assert texts(s) == ["keep R9"]
    s = run(s, "keep R9")
    assert s.current_player == 2 and s.order == (2, 0, 1) and s.hands[2] == (card(R, 9),)


def test_hops_over_occupied_squares() -> None:
    """ST-ROAD-2, ST-ROAD-3: the source's picture: the monkey, with three animals on the next
    three squares, lands on the fourth; then the bird and the dog move the same way."""
    pos = (0, 2, 3, 1)  # monkey 0, dog 2, bird 3, boar 1
    assert move_animals(pos, (MONKEY,)) == (4, 2, 3, 1)
    # the bird hops the monkey (4 -> 5); the dog then finds square 3 free again
    assert move_animals(pos, (MONKEY, BIRD, DOG)) == (4, 3, 5, 1)
    # through the engine: a road card with these icons, from these squares
    deck = list(DEFAULT_DECK)
    deck[card(B, 9)] = OracleCard(B, 9, (MONKEY, BIRD, DOG), "B9")
    s = new3(deck=tuple(deck))
    s = s.replace(pos=pos)
    s = run(s, "play R8", "play B7", "play K9", "under 1", "take Y9", "under 1", "road B9")
    assert s.pos == (4, 3, 5, 1)
    assert race_order(s.rules.track, s.pos) == (BIRD, MONKEY, DOG, BOAR)


def test_running_out_of_cards() -> None:
    """ST-PLAY-1, ST-RULING-9: a seat with no cards sits out; the last player is the last
    seat with cards."""
    s = new3()
    s = s.replace(hands=(s.hands[0], (), s.hands[2]), order=(0, 2))
    s = run(s, "play R8")
    assert s.current_player == 2 and any(t.startswith("declare") for t in texts(s))
    s = run(s, "play K9", "under 1", "take Y9", "under 1", "road B9")
    assert s.order == (0, 2) and s.current_player == 0  # seat 0 played the lowest


def review3(missions: int = 6, **options: Any) -> SaruState:
    rules = Rules(players=3, **options) if missions == 6 else Rules(
        players=3, missions=DEFAULT_MISSIONS[:missions], **options
    )
    deal = tuple(AREA + HAND0 + HAND1 + HAND2 + list(range(missions)))
    state: SaruState = GAME.new_game(rules, deals=[deal])
    return state


def test_several_players_may_share_a_column_when_shared() -> None:
    """ST-RULING-20: with column_sharing='shared' a column may take the cards of several players."""
    s = run(review3(column_sharing="shared"), "play R8", "play B7", "play K9", "under 1", "take Y9")
    assert texts(s) == ["under 1", "under 2", "under 3"]
    s = run(s, "under 1")
    assert s.beneath[0] == (card(K, 9), card(R, 8))


def test_exclusive_columns_by_default() -> None:
    """ST-RULING-20: by default (column_sharing='exclusive') each column takes one player's cards;
    every column is open again in the next round."""
    s = run(review3(), "play R8", "play B7", "play K9", "under 1", "take Y9")  # exclusive: the default
    assert texts(s) == ["under 2", "under 3"]
    with pytest.raises(IllegalAction, match="ST-RULING-20"):
        s.apply(GAME.parse_action("under 1", s.rules))
    s = run(s, "under 3", "road B9")
    assert texts(s) == ["under 2"]
    s = run(s, "under 2", "take R9")
    assert s.rnd == 1 and s.area == ((card(K, 9),), (card(B, 7),), (card(R, 8),))
    s = run(s, "play B4", "play K5", "declare 10", "pair R1", "pair R2")
    assert s.queue == (0, 2, 1) and texts(s) == ["under 1", "under 2", "under 3"]
    s = run(s, "under 2")
    assert s.beneath[1] == (card(R, 1), card(R, 2))  # the declarer's two cards together
    assert texts(run(s, "take K9")) == ["under 1", "under 3"]
    with pytest.raises(InvalidRules, match="pair_placement"):
        Rules(players=3, column_sharing="exclusive", pair_placement="separate")


def test_phase_is_an_enum() -> None:
    """ST-PLAY-1, ST-PLAY-4, ST-RES-2, ST-RES-3: the phase of each step."""
    assert [int(p) for p in Phase] == [0, 1, 2, 3]
    s = default3()
    assert s.phase is Phase.PLAY and s.observation(0).phase is Phase.PLAY
    s = run(s, "play R8", "play B7", "declare 10")
    assert s.phase is Phase.PAIR
    s = run(s, "pair K1", "pair K2")
    assert s.phase is Phase.PLACE
    assert run(s, "under 1").phase is Phase.TAKE


def test_no_declaration() -> None:
    """ST-PLAY-5: with ``declaration='off'`` the last player has no declaration, and one
    given anyway is refused citing the rule."""
    s = run(new3(declaration="off"), "play R8", "play B7")
    assert not any(t.startswith("declare") for t in texts(s))
    with pytest.raises(IllegalAction, match="ST-PLAY-5"):
        s.apply(GAME.parse_action("declare 10", s.rules))
    assert any(t.startswith("declare") for t in texts(run(new3(), "play R8", "play B7")))


def test_anyone_may_declare() -> None:
    """ST-PLAY-6: with ``declaration='anyone'`` the first player may declare too."""
    s = new3(declaration="anyone")
    assert "declare 10" in texts(s) and "declare 8" in texts(s)
    s = run(s, "declare 10", "pair R1", "pair R2")
    assert s.current_player == 1 and s.shown[0] == 10
    assert "declare 10" not in texts(s) and "declare 9" in texts(s)
    assert not any(t.startswith("declare") for t in texts(new3()))


def test_rounds_per_race_option() -> None:
    """ST-ROUND-3: ``rounds_3p`` sets the rounds of a 3-player race; the record says so."""
    import random

    rules = Rules(players=3, races="trial", rounds_3p=2)
    s: Any = GAME.new_game(rules, seed=5)
    rng = random.Random(3)
    while not s.is_terminal:
        s = s.apply(rng.choice(s.legal_actions()))
    assert s.rounds_played == 2 and s.rounds[0].rule == "ST-ROUND-3"
    assert s.rounds[0].end == "2 rounds were played"


def test_no_forced_road() -> None:
    """ST-RES-6: with ``forced_road='off'`` the last oracle card may be acquired even when no
    road was laid this round."""
    s = new3(forced_road="off").replace(area=((card(Y, 9),), (), ()))
    s = run(s, "play R8", "play B7", "play K9", "under 1")
    assert texts(s) == ["take Y9", "road Y9"]
    s = run(s, "take Y9")
    assert card(Y, 9) in s.acquired[2] and not s.road_laid
