"""Tests that kill mutants found surviving in utsuke.py (issue 11; now the package
``rulebook/games/utsuke/``).

Each test states exact values; see ``bench/MUTATION.md`` for the run and the figures.
"""

from __future__ import annotations

import pytest

from rulebook.games.utsuke import DECK, GAME, Bid, Rules


def test_a_bid_of_zero_is_encoded() -> None:
    """UT-BID-1 and the docs table (offset 345): a bid of 0 sets slot 0 of the own-bid one-hot;
    before bidding the 16 slots are all zero."""
    rules = Rules(players=3)
    s = GAME.new_game(rules, seed=1)
    assert s.current_player == 0
    # hand sizes (340, 5 slots) then the own bid (345, 16 slots): no bid yet touches neither
    assert GAME.encode_observation(rules, s.observation(0))[340:361] == (15, 15, 15, 0, 0) + (0,) * 16
    s = s.apply(Bid(0))
    obs = s.observation(0)
    assert obs.own_bid == 0
    assert GAME.encode_observation(rules, obs)[345:361] == (1,) + (0,) * 15


def test_a_bid_that_is_not_an_int_prints_as_its_repr() -> None:
    """UT-BID-1: a malformed bid names its value unambiguously in messages (repr), a valid one plainly."""
    assert str(Bid(7)) == "bid 7"
    assert str(Bid("7")) == "bid '7'"  # type: ignore[arg-type]
    assert str(Bid(None)) == "bid None"  # type: ignore[arg-type]


def test_states_are_slotted_and_their_repr_leaves_out_setup_and_log() -> None:
    """The hot path keeps slotted frozen states (no per-instance ``__dict__``); a state's repr
    shows the position, not the set-up (seed or deals of later rounds) nor the action log."""
    s = GAME.new_game(Rules(players=3), seed=1).apply(Bid(2))
    assert not hasattr(s, "__dict__")
    text = repr(s)
    assert text.startswith("UtsukeState(rules=Rules(")
    assert "setup=" not in text and "log=" not in text and "seed" not in text


def test_a_deal_with_a_repeated_card_names_the_card_range() -> None:
    """UT-SETUP-1 (explicit deals): a deal orders the cards 0..59, each once, and the message says so."""
    bad = [0, *range(DECK.size - 1)]
    assert DECK.size == 60
    with pytest.raises(ValueError, match=r"^deal 0: must order the 60 cards 0\.\.59, each once$"):
        GAME.check_deal(Rules(players=3), bad, 0)


def test_resample_redraws_hidden_bids_over_all_sixteen_values() -> None:
    """UT-BID-1, UT-BID-2: another seat's secret bid is redrawn from exactly 0..15 (MAX_BID)."""
    import random

    s = GAME.new_game(Rules(players=3), seed=1).apply(Bid(4))
    assert s.bids[0] == 4
    rng = random.Random(2)
    drawn = {s.resample(1, rng).bids[0] for _ in range(300)}
    assert drawn == set(range(16))
    assert {s.resample(0, rng).bids[0] for _ in range(5)} == {4}


def test_the_final_state_keeps_the_last_rounds_lord() -> None:
    """UT-END-1, UT-END-2: when the match ends, ``lord_before`` still names the last round's lord."""
    import random

    s = GAME.new_game(Rules(players=3), seed=5)
    rng = random.Random(5)
    while not s.is_terminal:
        s = s.apply(rng.choice(s.legal_actions()))
    assert len(s.rounds) >= 1
    assert s.lord_before == s.rounds[-1].lord_before


def test_game_length_bound_and_deal_limit_are_exact() -> None:
    """UT-END-5: rounds times players times (one bid and one card per trick), and the deal limit."""
    game = GAME
    two, five, four = (Rules(players=n) for n in (2, 5, 4))
    assert (game.max_rounds(two), two.tricks_per_round, game.max_game_length(two)) == (5, 15, 5 * 2 * 16)
    assert (game.max_rounds(five), five.tricks_per_round, game.max_game_length(five)) == (11, 10, 11 * 5 * 11)
    with pytest.raises(ValueError, match=r"^deal 9: a game with these rules has at most 9 rounds \(UT-END-5\), "
                                         r"so deals 0\.\.8$"):
        game.new_game(four, deals=[list(range(60))] * 10)


def test_a_lord_leading_the_first_trick_plays_its_leftmost_card_under_the_printed_and_random_conduct() -> None:
    """UT-LORD-1: leading at the start of a round a lord plays its leftmost card (the printed conduct,
    which ``random`` is predicted by); after a win its rightmost (UT-LORD-4)."""
    from rulebook.games.utsuke.rules import npc_pick

    a1, a9, b3, c12 = (DECK.parse(t) for t in ("A1", "A9", "B3", "C12"))
    row = (b3, a9, a1, c12)
    assert [npc_pick(p, row, (), True) for p in ("printed", "random")] == [b3, b3]
    assert [npc_pick(p, row, (), False) for p in ("printed", "random")] == [c12, c12]


def test_the_bound_on_rounds_ends_a_game_whose_endings_never_end_it() -> None:
    """UT-END-5: with the honour win and the chips replaced by rules that never end the game, three
    players and 2 honour to win play exactly the proved bound of 3 * (2 - 1) + 1 = 4 rounds."""
    import random

    from rulebook.variants.variant import Variant

    never = {"UT-END-1": lambda event: False, "UT-END-2": lambda event: False}
    state = Variant(GAME, Rules(players=3, honour_to_win=2), replace=never).new_game(seed=1)
    rng = random.Random(1)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert len(state._results) == 4 == GAME.max_rounds(Rules(players=3, honour_to_win=2))


def test_a_round_events_facts_name_the_seat_after_a_winning_lord() -> None:
    """UT-LOGIC-4, UT-RULING-20: at a round event the facts name the round's starter, the seat after it
    (the game's own next), the honour, and as the last trick's winner the seat right after the lord
    that won it: seed 1, three players, random moves, the lord winning both rounds' last tricks."""
    import random

    from rulebook.core.turns import TurnFacts
    from rulebook.games.utsuke.state import UtsukeState
    from rulebook.variants.variant import Variant

    events: list[object] = []
    state = Variant(GAME, Rules(players=3), leader=lambda e: events.append(e) if e.kind == "round" else None
                    ).new_game(seed=1)
    rng = random.Random(1)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert [UtsukeState.turn_facts(e) for e in events] == [  # type: ignore[arg-type]
        TurnFacts(3, 1, (0, 0, 1), 0, None, 0), TurnFacts(3, 2, (0, 0, 2), 1, None, 1)]


def test_refusals_in_the_tricks_name_the_move_and_the_cards() -> None:
    """UT-PLAY-2: a bid during the tricks is refused naming that bid; a card that is no whole number
    (``True`` is not 1) names the deck's cards 0..59."""
    import random

    from rulebook.errors import IllegalAction
    from rulebook.games.utsuke import Play

    state = GAME.new_game(Rules(players=3), seed=1)
    rng = random.Random(1)
    while state.phase != 1:
        state = state.apply(rng.choice(state.legal_actions()))
    with pytest.raises(IllegalAction) as bid:
        state.apply(Bid(3))
    assert bid.value.rule == "UT-PLAY-2" and bid.value.action == Bid(3) and "must play a card" in str(bid.value)
    with pytest.raises(IllegalAction) as off:
        state.apply(Play(True))  # type: ignore[arg-type]
    assert "a card is an int 0..59, not True" in str(off.value)


def test_the_leftmost_conduct_leads_its_leftmost_card() -> None:
    """UT-LORD-7: the leftmost conduct leads its leftmost card, at a round's start and after a win."""
    from rulebook.games.utsuke.rules import npc_pick

    a1, a9, b3, c12 = (DECK.parse(t) for t in ("A1", "A9", "B3", "C12"))
    row = (b3, a9, a1, c12)
    assert [npc_pick("leftmost", row, (), first) for first in (True, False)] == [b3, b3]


def test_extra_rounds_by_pairs_go_on_while_the_pairs_tie() -> None:
    """UT-END-7, UT-END-8: with partners the extra rounds go on while the two pairs' honour ties, and
    end once one pair alone leads."""
    from rulebook.games.utsuke.scoring import game_over

    rules = Rules(players=4, teams=True, end="rounds", rounds=2, tiebreak="extra", extra_rounds=3)
    assert not game_over(rules, 2, (1, 1, 0, 0), (0, 0, 0, 0))  # seats 1+3 against 2+4: 1 to 1
    assert game_over(rules, 2, (2, 1, 0, 0), (0, 0, 0, 0))
    assert game_over(rules, 5, (1, 1, 0, 0), (0, 0, 0, 0))  # the last of the extra rounds


def test_extra_rounds_are_refused_naming_tiebreak() -> None:
    from rulebook.errors import InvalidRules

    with pytest.raises(InvalidRules) as caught:
        Rules(tiebreak="extra")
    assert caught.value.field == "tiebreak"


def test_the_lord_and_the_young_lord_play_each_by_its_own_conduct() -> None:
    """UT-LORD-1, UT-LORD-8, UT-LORD-5: with two players, the lord by 'highest' and the young lord by
    'lowest', the lord leads the first trick with the highest card of its row, not its leftmost."""
    from rulebook.games.utsuke.rules import npc_pick

    rules = Rules(players=2, lord_policy="highest", young_lord_policy="lowest")
    state = GAME.new_game(rules, seed=1)
    row = state.hands[2]  # the lord's row (place 2 with two players)
    highest, leftmost = npc_pick("highest", row, (), True), npc_pick("lowest", row, (), True)
    assert highest != leftmost
    while state.phase == 0:  # the bids
        state = state.apply(Bid(0))
    assert state.trick[0] == highest  # the card the lord led


def test_a_bid_is_asked_for_before_anything_else() -> None:
    """UT-BID-1: a card played before the seat has bid is refused naming that move."""
    from rulebook.errors import IllegalAction
    from rulebook.games.utsuke import Play

    state = GAME.new_game(Rules(players=3), seed=1)
    card = state.hands[state.current_player][0]
    with pytest.raises(IllegalAction) as caught:
        state.apply(Play(card))
    assert caught.value.rule == "UT-BID-1" and caught.value.action == Play(card)


def test_a_trick_events_facts_name_its_winner_as_the_next_leader() -> None:
    """UT-LOGIC-4: at a trick event the game's own next leader is the trick's winner (seed 1, three
    players, random moves: the first four tricks)."""
    import random

    from rulebook.core.turns import TurnFacts
    from rulebook.games.utsuke.state import UtsukeState
    from rulebook.variants.variant import Variant

    events: list[object] = []
    state = Variant(GAME, Rules(players=3), leader=lambda e: events.append(e) if e.kind == "trick" else None
                    ).new_game(seed=1)
    rng = random.Random(1)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert [UtsukeState.turn_facts(e) for e in events[:4]] == [  # type: ignore[arg-type]
        TurnFacts(3, 1, (0, 0, 0), 1, None, 0), TurnFacts(3, 0, (0, 0, 0), 0, None, 0),
        TurnFacts(3, 1, (0, 0, 0), 1, None, 0), TurnFacts(3, 1, (0, 0, 0), 1, None, 0)]


def test_a_game_a_variant_ends_after_a_rounds_last_trick_keeps_its_deal() -> None:
    """UT-LOGIC-3: a variant that ends the game at the last trick of the first round leaves a final state
    with the game's own set-up (its deals), so the record replays."""
    import random

    from rulebook.variants.variant import Variant

    first = GAME.new_game(Rules(players=3), seed=4)
    state = Variant(GAME, Rules(players=3), ends=lambda e: e.kind == "trick" and not e.state.hands[0]
                    ).new_game(seed=4)
    rng = random.Random(4)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.setup == first.setup and len(state._round_tricks) == 15  # three players: 15 tricks
