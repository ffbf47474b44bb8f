"""UTSUKE's options, components and game object (``rules.py``, ``actions.py``, ``game.py``): option
validation, the deck and deals, hand sizes, the lord's conduct as a function, the registry (spec
prefix UT)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import rulebook
from rulebook.core import render
from rulebook.errors import IllegalAction, InvalidRules
from rulebook.games.utsuke import DECK, GAME, Bid, Play, Rules, npc_card
from rulebook.reference import records
from rulebook.variants.variant import load_variant

C = DECK.parse


def test_rules_validation_names_the_field() -> None:
    """UT-SETUP-3, UT-RULING-5: the first lord's seat must exist."""
    with pytest.raises(InvalidRules, match="first_lord"):
        Rules(players=3, first_lord=3)
    with pytest.raises(InvalidRules, match="players"):
        Rules(players=7)
    with pytest.raises(InvalidRules, match="on_loss"):
        Rules(on_loss="nobody")
    assert Rules(players=5, first_lord=4).first_lord == 4


def test_the_follow_and_trick_options_are_validated() -> None:
    """UT-PLAY-4, UT-TRICK-3, UT-TRICK-4: 'must_trump' needs trumps; unknown values are refused."""
    with pytest.raises(InvalidRules, match="follow"):
        Rules(follow="must_trump", trumps="none")
    with pytest.raises(InvalidRules, match="trick_winner"):
        Rules(trick_winner="middle")
    with pytest.raises(InvalidRules, match="trumps"):
        Rules(trumps="hearts")
    assert Rules(follow="free", trumps="none", trick_winner="lowest").trick_winner == "lowest"


def test_deals_are_validated_and_every_round_has_one() -> None:
    """UT-SETUP-4, UT-COMP-1, UT-RULING-13, UT-RULING-17: a deal orders the 60 cards (A1..E12);
    deal i is round i's; the lord's row keeps the dealt order."""
    rules = Rules(players=5)
    with pytest.raises(ValueError, match="deal 0"):
        GAME.new_game(rules, deals=[list(range(59))])
    with pytest.raises(ValueError, match="deal 1"):
        GAME.new_game(rules, deals=[list(range(60)), [0] * 60])
    deal = list(range(60))
    state = GAME.new_game(rules, deals=[deal])
    assert state.hands[0] == tuple(range(10)) and state.lord_row == tuple(range(50, 60))
    reverse = GAME.new_game(rules, deals=[deal[:50] + deal[50:][::-1]])
    assert reverse.lord_row == tuple(range(59, 49, -1))  # the row is in the dealt order
    assert reverse.hands[0] == state.hands[0]
    assert DECK.text(0) == "A1" and DECK.text(59) == "E12"
    assert DECK.size == 60 and {DECK.suit_of[c] for c in DECK.cards} == {0, 1, 2, 3, 4}
    assert sorted(DECK.rank_of[c] for c in DECK.cards if DECK.suit_of[c] == 0) == list(range(1, 13))


def test_hand_sizes_per_player_count() -> None:
    """UT-SETUP-4, UT-SETUP-2: all 60 cards are dealt evenly to players and NPCs."""
    assert [Rules(players=n).tricks_per_round for n in (2, 3, 4, 5)] == [15, 15, 12, 10]
    for n in (2, 3, 4, 5):
        state = GAME.new_game(Rules(players=n), seed=0)
        assert sum(len(h) for h in state.hands) == 60


def test_npc_card_function_matches_each_conduct_rule() -> None:
    """UT-LORD-1..UT-LORD-4 on a bare row (see also the doctest of npc_card)."""
    row = tuple(C(t) for t in ["B3", "A1", "A9", "C12"])
    assert DECK.text(npc_card(row, (), True)) == "B3"  # UT-LORD-1
    assert DECK.text(npc_card(row, (), False)) == "C12"  # UT-LORD-4
    assert DECK.text(npc_card(row, (C("A10"),), False)) == "A9"  # UT-LORD-2
    assert DECK.text(npc_card(row, (C("E10"), C("A2")), False)) == "B3"  # UT-LORD-3
    assert DECK.text(npc_card((C("C12"),), (C("E1"),), False)) == "C12"  # last card: leftmost = rightmost


def test_registry_and_simulation_entry_points() -> None:
    """UT-COMP-1, UT-COMP-3, UT-RULING-18: registered as 'utsuke' for 2-6 players; honour and chips start at 0."""
    game = rulebook.get_game("utsuke")
    assert game is GAME and list(game.player_counts) == [2, 3, 4, 5, 6]
    assert GAME.score_floor(Rules()) == 0
    start = GAME.new_game(Rules(players=3), seed=0)
    assert start.scores == start.honour == (0, 0, 0) and start.chips == (0, 0, 0)


def test_rulesets_build_valid_rules() -> None:
    """UT-SETUP-2, UT-END-6, UT-SCORE-7, UT-LORD-6: every named ruleset, ``printed`` first, names
    known options with exact types and builds valid Rules; each cites spec rules."""
    from pathlib import Path

    from rulebook.games.utsuke.rules import RULESETS

    assert GAME.rulesets is RULESETS
    assert [r.name for r in RULESETS] == ["printed", "two-players", "five-rounds", "short", "exact-three",
                                          "gentle-lord"]
    assert RULESETS[0].values == {} and Rules(**RULESETS[0].values) == Rules()
    spec = (Path(rulebook.__file__).parents[1] / "spec" / "utsuke.md").read_text(encoding="utf-8")
    for ruleset in RULESETS:
        rules = Rules(**ruleset.values)
        for name, value in ruleset.values.items():
            assert type(getattr(rules, name)) is type(value)
        for rule in ruleset.rules:
            assert f"### {rule} ·" in spec
    assert Rules(**RULESETS[1].values).players == 2
    assert Rules(**RULESETS[2].values).end == "rounds"


def test_hand_size_deals_fewer_cards() -> None:
    """UT-SETUP-6: hand_size deals that many cards to each hand and sets the rest aside; a size
    the deck cannot give every hand is refused; 0 deals every card (UT-SETUP-4)."""
    rules = Rules(players=4, hand_size=8)
    assert rules.tricks_per_round == 8
    state = GAME.new_game(rules, seed=3)
    assert [len(h) for h in state.hands] == [8] * 5
    GAME.check_invariants(state)
    assert GAME.max_game_length(rules) == (4 * 2 + 1) * 4 * (1 + 8)
    with pytest.raises(InvalidRules, match="hand_size"):
        Rules(players=5, hand_size=11)
    assert Rules(players=5, hand_size=10).tricks_per_round == Rules(players=5).tricks_per_round == 10


def test_refusals_of_endings_and_hand_size_state_exact_messages() -> None:
    """UT-LOGIC-3, UT-SETUP-6: the refusals name every ending, a repeated ending, and the cards a hand
    size needs, word for word."""
    refusals = {
        "endings_off: an ending is named twice": dict(endings_off=("chips", "chips")),
        "endings_off: 'bogus' is not an ending of UTSUKE (one of: honour, chips, rounds)": dict(endings_off=("bogus",)),
        "hand_size: 12 cards to each of 6 hands need 72 cards, but 60 are in the deck (UT-SETUP-6)":
            dict(players=5, hand_size=12),
    }
    for message, options in refusals.items():
        with pytest.raises(InvalidRules) as refused:
            Rules(**options)  # type: ignore[arg-type]
        assert str(refused.value) == f"Rules.{message}"


def test_max_rounds_counts_the_extra_rounds_of_a_tiebreak() -> None:
    """UT-END-5, UT-END-6, UT-END-8: a game of a number of rounds lasts at most those rounds, plus the
    extra rounds when a shared lead is broken by playing on."""
    assert GAME.max_rounds(Rules(players=3, end="rounds", rounds=2, tiebreak="extra", extra_rounds=3)) == 5
    assert GAME.max_rounds(Rules(players=3, end="rounds", rounds=2, tiebreak="share", extra_rounds=3)) == 2
    assert GAME.max_rounds(Rules(players=3, end="rounds", rounds=4)) == 4


# -- the limits from what can be dealt and played (issue 40, item 5): UT-RULING-24, UT-RULING-25 -----

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"
ALONE = Rules(players=2, young_lord=False)
TO_19 = Rules(players=2, young_lord=False, bid_cards=(1, 2, 4, 8, 16), max_bid=19)


def _cards(text: str) -> list[int]:
    return [DECK.parse(t) for t in text.split()]


#: the lord's row, leftmost first: a low A to lead, the top of A, B, D and E, then every card of C (trump)
ROW = _cards("A1 A12 B12 D12 E12 A11 B11 D11 C1 C2 C3 C4 C5 C6 C7 C8 C9 C10 C11 C12")
_REST = [c for c in DECK.cards if c not in ROW]
#: seat 1 the even cards left, seat 2 the odd, then the lord's row (UT-SETUP-4, UT-RULING-17)
DEAL = tuple([c for c in _REST if c % 2 == 0] + [c for c in _REST if c % 2 == 1] + ROW)


# -- two players with the lord alone (UT-RULING-25) --------------------------------------------------


def test_two_players_without_the_young_lord_deal_three_hands_of_twenty() -> None:
    """UT-RULING-25, UT-SETUP-4: three hands of 20 cards, 20 tricks a round, no young lord's row."""
    assert (ALONE.npcs, ALONE.places, ALONE.tricks_per_round, ALONE.set_aside) == (1, 3, 20, 0)
    assert (Rules(players=2).npcs, Rules(players=2).places, Rules(players=2).tricks_per_round) == (2, 4, 15)
    state = GAME.new_game(ALONE, seed=5)
    assert [len(h) for h in state.hands] == [20, 20, 20]
    assert state.young_row == () and len(state.lord_row) == 20
    deal = state.setup.deal(GAME, ALONE, 0)
    assert state.lord_row == deal[40:]  # the lord's row in the dealt order (UT-RULING-17)
    assert state.hands[0] == tuple(sorted(deal[:20])) and state.hands[1] == tuple(sorted(deal[20:40]))
    # a smaller hand: 7 each of the three hands, 39 set aside (UT-SETUP-6)
    small = Rules(players=2, young_lord=False, hand_size=7)
    assert (small.tricks_per_round, small.set_aside) == (7, 39)
    # twelve cards out leave 48: 16 each (UT-COMP-1)
    assert Rules(players=2, young_lord=False, removed=("E",)).tricks_per_round == 16


def test_the_lord_alone_sits_between_the_two_players_and_moves_every_round() -> None:
    """UT-RULING-25, UT-END-3, UT-SETUP-1: clockwise the lord, the seat after it, the other seat; the lord
    moves a place every round, so the seats take turns playing right after it."""
    state = GAME.new_game(ALONE, seed=11)
    assert state.nxt == (1, 2, 0)  # the lord (place 2) before seat 1 (0), then seat 2 (1)
    rng = random.Random(3)
    while not state.is_terminal:
        state = state.apply(GAME.heuristic_action(state, rng))
    rounds = state.rounds
    assert [r.lord_before for r in rounds] == [r % 2 for r in range(len(rounds))]
    assert len(rounds) >= 2
    for r, rnd in enumerate(rounds):
        tricks = [t for t in state.tricks if t.round == r]
        assert len(tricks) == 20 and sum(rnd.won) + rnd.lord_tricks == 20
        first = tricks[0]
        order = ("lord", 0, 1) if rnd.lord_before == 0 else ("lord", 1, 0)
        assert tuple(p for p, _c in first.plays) == order  # UT-PLAY-1: the lord leads, then clockwise
        assert all(p in ("lord", 0, 1) for t in tricks for p, _c in t.plays)  # nobody else plays
        # UT-SCORE-4, UT-RULING-15: chips compare each seat's tricks with the lord's alone
        assert rnd.chips == tuple(int(w > rnd.lord_tricks) for w in rnd.won)


def test_the_lord_alone_the_tensor_and_the_board() -> None:
    """UT-RULING-25, UT-INFO-1: the tensor keeps its 382 slots, the young lord's row and tricks all 0; the
    board names no young lord."""
    state = GAME.new_game(ALONE, seed=2)
    assert GAME.observation_size(ALONE) == 382 == GAME.observation_size(Rules(players=2))
    tensor = state.observation_tensor(0)
    assert len(tensor) == 382
    young_row = tensor[141:201]
    assert young_row == (0,) * 60
    lord_row = tensor[81:141]
    assert sorted(v for v in lord_row if v) == list(range(1, 21))
    assert tensor == GAME.encode_observation(ALONE, state.observation(0))
    text = render.state_text(state)
    assert "young lord" not in text
    assert "the lord sits between seat 2 and seat 1" in text
    assert "the young lord sits opposite" in render.state_text(GAME.new_game(Rules(players=2), seed=2))


def test_the_lord_alone_refusals_name_the_field() -> None:
    """UT-RULING-25, UT-SETUP-4, UT-SETUP-6: what three hands cannot share is refused, naming the field."""
    with pytest.raises(InvalidRules) as err:
        Rules(players=2, young_lord=False, removed=("A1", "A2", "A3", "A4"))
    assert str(err.value) == ("Rules.removed: 56 cards are left, which do not deal out evenly to 3 hands "
                              "(2 players and 1 NPC) (UT-SETUP-4)")
    Rules(players=2, removed=("A1", "A2", "A3", "A4"))  # four hands of 14 with the young lord
    with pytest.raises(InvalidRules) as err:
        Rules(players=2, young_lord=False, hand_size=21)
    assert str(err.value) == ("Rules.hand_size: 21 cards to each of 3 hands need 63 cards, but 60 are in "
                              "the deck (UT-SETUP-6)")
    assert Rules(players=2, young_lord=False, hand_size=20).tricks_per_round == 20
    with pytest.raises(InvalidRules) as err:
        Rules(players=2, young_lord=1)  # type: ignore[arg-type]
    assert str(err.value) == "Rules.young_lord: expected true or false, not int 1"
    # three players or more have no young lord: the option changes nothing there
    assert Rules(players=3, young_lord=False).places == Rules(players=3).places == 4


# -- bids above 15 (UT-RULING-24) ---------------------------------------------------------------------


def test_a_bid_of_19_is_made_and_scored() -> None:
    """UT-RULING-24, UT-SCORE-2: with the fifth bid card 16 and max_bid 19, seat 1 bids 19, the lord takes 19
    of the 20 tricks, and the exact bid earns 2 honour."""
    state = GAME.new_game(TO_19, deals=[DEAL])
    assert state.legal_actions() == tuple(Bid(b) for b in range(20))
    state = state.apply(Bid(19)).apply(Bid(16))
    while not state.rounds:
        state = state.apply(state.legal_actions()[0])
    rnd = state.rounds[0]
    assert (rnd.bids, rnd.lord_tricks, rnd.won, rnd.points, rnd.chips) == ((19, 16), 19, (1, 0), (2, 0), (0, 0))
    assert rnd.changes[0].reason == "bid 19, the lord took 19: exact"
    assert state.honour == (2, 0)
    # the record keeps the bid's text and replays it (UT-BID-2)
    data = json.loads(records.dumps(state))
    assert data["actions"][:2] == ["bid 19", "bid 16"] and data["rules"]["bid_cards"] == [1, 2, 4, 8, 16]
    assert records.replay(records.loads(records.dumps(state))) == state


def test_bids_above_15_action_ids_tensor_and_parse() -> None:
    """UT-RULING-24, UT-RULING-7: bids 0..19 are actions 0..19, the plays 20..79; the printed table is kept
    for bids up to 15; the own bid's block of the tensor has 20 slots (386 in all)."""
    assert GAME.num_distinct_actions(TO_19) == 80 and GAME.num_distinct_actions(Rules()) == 76
    assert GAME.encode_action(Bid(19), TO_19) == 19 and GAME.encode_action(Play(0), TO_19) == 20
    assert GAME.decode_action(79, TO_19) == Play(59)
    assert GAME.parse_action("bid 19", TO_19) == Bid(19)
    assert GAME.action_table(Rules(bid_cards=(1, 2, 4, 8, 16))) == GAME.action_table(Rules())  # max_bid 15
    with pytest.raises(ValueError):
        GAME.parse_action("bid 16", Rules())
    assert GAME.observation_size(TO_19) == 386
    state = GAME.new_game(TO_19, seed=1)
    seat = state.current_player
    assert seat is not None
    state = state.apply(Bid(19))
    tensor = state.observation_tensor(seat)
    assert tensor == GAME.encode_observation(TO_19, state.observation(seat))
    assert tensor[345:365] == (0,) * 19 + (1,)  # own bid one-hot, bids 0..19
    other = 1 - seat
    assert tensor[365 + other] == 0 and tensor[365 + seat] == 1  # has bid, after the wider block
    # the other seat's tensor shows that the seat bid, not the bid
    assert state.observation_tensor(other)[345:365] == (0,) * 20


def test_bid_cards_with_gaps_and_the_heuristic() -> None:
    """UT-RULING-24: the cards 2, 4, 8 make only even bids; an odd one is refused citing the ruling; the
    heuristic bids one the cards make."""
    rules = Rules(players=3, bid_cards=(2, 4, 8), max_bid=12)
    assert rules.bids == (0, 2, 4, 6, 8, 10, 12)
    state = GAME.new_game(rules, seed=4)
    assert state.legal_actions() == tuple(Bid(b) for b in (0, 2, 4, 6, 8, 10, 12))
    with pytest.raises(IllegalAction) as err:
        state.apply(Bid(3))
    assert err.value.rule == "UT-RULING-24" and "the bid cards 2, 4, 8 cannot make 3" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        state.apply(Bid(13))
    assert err.value.rule == "UT-BID-1" and "a bid is an int from 0 to 12, not 13" in str(err.value)
    rng = random.Random(0)
    for seed in range(20):
        state = GAME.new_game(rules, seed=seed)
        for _ in range(3):
            bid = GAME.heuristic_action(state, rng)
            assert type(bid) is Bid and bid.tricks in rules.bids
            state = state.apply(bid)
    # a redraw for a seat draws the others' bids from the bids the cards make
    state = GAME.new_game(rules, seed=1).apply(Bid(2)).apply(Bid(4))
    for k in range(30):
        bids = state.resample(2, random.Random(k)).bids
        assert bids[2] == -1 and all(b in rules.bids for b in bids[:2])


def test_the_heuristic_bids_above_15_where_the_lord_may_take_them() -> None:
    """UT-RULING-24, UT-RULING-25: with 20 tricks and bids to 19 the heuristic's bid is its estimate, no
    longer cut at 15."""
    from rulebook.games.utsuke.heuristic import bid_estimate

    seen = set()
    for seed in range(40):
        state = GAME.new_game(TO_19, deals=[DEAL]) if seed == 0 else GAME.new_game(TO_19, seed=seed)
        seat = state.current_player
        assert seat is not None
        bid = GAME.heuristic_action(state, random.Random(0))
        assert type(bid) is Bid
        guess = int(bid_estimate(state, seat) + 0.5 + 0.3)  # the 'higher' closest-bid rule shades up
        assert bid.tricks == max(0, min(19, guess))
        seen.add(bid.tricks)
    assert max(seen) > 15


def test_bid_limits_refused_in_one_line_naming_the_field() -> None:
    """UT-RULING-24, UT-COMP-2: max_bid above what the cards make, a card 0, cards beyond the deck."""
    cases = [
        (dict(max_bid=19), "Rules.max_bid: 19 cannot be bid: the bid cards (1, 2, 4, 8) make at most 15; add a "
         "card with bid_cards (1, 2, 4, 8, 16 make up to 31) (UT-RULING-24)"),
        (dict(bid_cards=(1, 0)), "Rules.bid_cards: card 2: a bid card shows 1 to 60, not 0 (the 0 card that "
         "covers a bid is every player's and is not listed)"),
        (dict(bid_cards=(32, 32), max_bid=3), "Rules.bid_cards: the bid cards make up to 64, more than the 60 "
         "cards of the deck, so more tricks than any round has (UT-RULING-24)"),
        (dict(bid_cards=(1, 2.0)), "Rules.bid_cards: item 2: expected a whole number, not float 2.0"),
        (dict(max_bid=61), "Rules.max_bid: must be one of 0..60 (got 61)"),
    ]
    for kwargs, message in cases:
        with pytest.raises(InvalidRules) as err:
            Rules(**kwargs)  # type: ignore[arg-type]
        assert str(err.value) == message
    assert Rules(bid_cards=(1, 2, 4, 8, 16, 29), max_bid=60).bids == tuple(range(61))


@pytest.mark.parametrize("name", ["utsuke_bids_to_19.toml", "utsuke_two_without_young_lord.toml"])
def test_the_worked_examples_load_the_limits(name: str) -> None:
    """UT-RULING-24, UT-RULING-25: the docs' examples give these rules."""
    variant = load_variant(None, str(EXAMPLES / name))
    rules = variant.rules
    assert (rules.players, rules.young_lord, rules.places) == (2, False, 3)
    if "19" in name:
        assert (rules.bid_cards, rules.max_bid, rules.bids[-1]) == ((1, 2, 4, 8, 16), 19, 19)
