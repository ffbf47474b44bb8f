"""Tests that kill mutants ``bench/mutate.py`` found surviving in utsuke.py (issue 11; now the package
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
