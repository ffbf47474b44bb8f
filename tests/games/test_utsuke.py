"""UTSUKE: the source's example, the lord's conduct, rulings and worked positions (spec prefix UT).

The Hypothesis properties over random games are in ``test_utsuke_properties.py``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import attrs
import pytest

import rulebook
from rulebook.errors import IllegalAction, InvalidRules
from rulebook.games.utsuke import (
    DECK,
    GAME,
    Bid,
    Play,
    RoundResult,
    Rules,
    UtsukeState,
    honour_gains,
    npc_card,
)

C = DECK.parse
A, B, CS, D, E = range(5)  # suit indices (CS: suit C)


def make_deal(rules: Rules, places: Mapping[int, Sequence[str]], *, avoid: Mapping[int, str] = {}) -> list[int]:
    """A deal (UT-SETUP-4) giving each place the named cards; hands are padded from the rest.

    NPC rows must be given in full (their order matters). ``avoid`` maps a seat to suit
    letters it must not be padded with.
    """
    size = rules.tricks_per_round
    named = {p: [C(t) for t in cards] for p, cards in places.items()}
    used = [c for cards in named.values() for c in cards]
    assert len(set(used)) == len(used)
    spare = [c for c in DECK.cards if c not in used]
    for p in range(rules.players, rules.places):
        assert len(named.get(p, [])) == size, "NPC rows must be given in full"
    order: list[int] = []
    for p in range(rules.places):
        cards = list(named.get(p, []))
        bad = {"ABCDE".index(x) for x in avoid.get(p, "")}
        for c in list(spare):
            if len(cards) == size:
                break
            if DECK.suit_of[c] not in bad:
                cards.append(c)
                spare.remove(c)
        assert len(cards) == size
        order += cards
    assert not spare
    return order


def play(state: UtsukeState, *texts: str) -> UtsukeState:
    for text in texts:
        state = state.apply(GAME.parse_action(text, state.rules))
    return state


def texts(cards: Sequence[int]) -> list[str]:
    return [DECK.text(c) for c in cards]


def first_legal_round(state: UtsukeState, bids: Sequence[int]) -> UtsukeState:
    """Bid ``bids`` (in bidding order) and play the first legal card until the round ends."""
    start_round = state.round
    for b in bids:
        state = state.apply(Bid(b))
    while state.current_player is not None and state.round == start_round:
        state = state.apply(state.legal_actions()[0])
    return state


# -- the source's worked example -------------------------------------------------------------


def test_honour_example_from_the_source() -> None:
    """UT-SCORE-3, UT-RULING-11: the lord takes 5, A bids 4, B and C bid 6: B and C gain 1."""
    assert honour_gains((4, 6, 6), 5) == (0, 1, 1)
    rules = Rules(players=3)
    # Find a deal in which the lord takes exactly 5 tricks under a fixed way of playing;
    # bids do not change the play, so the same round can be bid 4, 6, 6.
    for seed in range(200):
        probe = first_legal_round(GAME.new_game(rules, seed=seed), (0, 0, 0))
        if probe.results[0][1][rules.players] == 5:
            break
    else:  # pragma: no cover
        raise AssertionError("no deal with 5 lord tricks in 200 seeds")
    state = first_legal_round(GAME.new_game(rules, seed=seed), (4, 6, 6))
    bids, won, _, _ = state.results[0]
    assert bids == (4, 6, 6) and won[rules.players] == 5
    assert state.honour == (0, 1, 1)  # A (seat 0) gains nothing; B and C gain 1 each


def test_exact_bids_gain_two_and_beat_the_closest() -> None:
    """UT-SCORE-2: every exact bidder gains 2, and then nobody gains 1."""
    assert honour_gains((5, 5, 4, 7), 5) == (2, 2, 0, 0)
    assert honour_gains((0, 15), 0) == (2, 0)


def test_closest_bids_on_one_side_and_both_sides() -> None:
    """UT-SCORE-3, UT-RULING-11: the closest score; on both sides only the higher bid."""
    assert honour_gains((3, 2, 9), 5) == (1, 0, 0)  # one side only: the lower bid scores
    assert honour_gains((3, 7, 7, 1), 5) == (0, 1, 1, 0)
    assert honour_gains((4, 4), 5) == (1, 1)
    assert honour_gains((9, 9), 5) == (1, 1)


# -- the lord's conduct, trick by trick --------------------------------------------------------

#: The lord's row for the conduct walk-through (leftmost first); no card of suit B.
LORD_ROW = ["D1", "A12", "A2", "E5", "C3", "C4", "D2", "A3", "E2", "D5", "E7", "C9"]


def conduct_game() -> UtsukeState:
    rules = Rules(players=4)  # places: lord (4) just before seat 0, then 0, 1, 2, 3
    deal = make_deal(
        rules,
        {
            0: ["D12", "A5", "C10", "B7", "E6"],
            1: ["D3", "A6", "E12", "B8", "E1"],
            2: ["D4", "A7", "C11", "B5", "E3"],
            3: ["D6", "A8", "C2", "B6", "E4"],
            4: LORD_ROW,
        },
        avoid={1: "C"},  # seat 1 is void in suit C
    )
    return GAME.new_game(rules, deals=[deal])


def test_the_lords_conduct_in_each_case() -> None:
    """UT-LORD-1..UT-LORD-4, UT-TRUMP-1, UT-TRUMP-2, UT-PLAY-1, UT-SETUP-5, UT-RULING-2."""
    state = conduct_game()
    lord = 4
    assert state.lord_row == tuple(C(t) for t in LORD_ROW)
    assert state.trump == CS  # UT-SETUP-5, UT-TRUMP-1: the chip lies on the rightmost card, C9
    state = play(state, "bid 3", "bid 3", "bid 2", "bid 4")
    # UT-PLAY-1, UT-LORD-1: the lord leads the first trick with its leftmost card.
    assert state.leader == lord and texts(state.trick) == ["D1"]
    assert state.current_player == 0
    state = play(state, "play D12", "play D3", "play D4", "play D6")
    assert state.round_tricks[-1] == (lord, tuple(C(t) for t in ["D1", "D12", "D3", "D4", "D6"]), 0)
    # the record of play names the lord and every seat (issue 15)
    assert state.tricks[-1].plays == (("lord", C("D1")), (0, C("D12")), (1, C("D3")), (2, C("D4")), (3, C("D6")))
    assert (state.tricks[-1].leader, state.tricks[-1].winner, state.tricks[-1].rule) == ("lord", 0, "UT-TRICK-1")
    assert state.won[0] == 1 and state.trump == CS  # the chip did not move

    # UT-LORD-2: following, the lord plays its highest card of the suit led (A12, not A2/A3).
    state = play(state, "play A5", "play A6", "play A7", "play A8")
    assert texts(state.round_tricks[-1][1]) == ["A5", "A6", "A7", "A8", "A12"]
    assert state.tricks[-1].winner == "lord" and state.tricks[-1].card_of("lord") == C("A12")
    assert state.won[lord] == 1

    # UT-LORD-4: after its win, the lord leads its rightmost card, the one under the chip.
    assert state.leader == lord and texts(state.trick) == ["C9"]
    # UT-TRUMP-2: the chip rides on C9 until the trick ends: C stays trump in this trick,
    # although the row's rightmost card is now E7.
    assert state.trump == CS and DECK.text(state.lord_row[-1]) == "E7"
    with pytest.raises(IllegalAction, match=r"UT-PLAY-2"):
        play(state, "play B7")  # UT-PLAY-2: seat 0 holds C and must follow
    state = play(state, "play C10")
    state = play(state, "play E12", "play C11", "play C2")  # seat 1 has no C: any card
    # E12 would win if E were already trump; C11, the highest trump, wins.
    assert state.round_tricks[-1] == (lord, tuple(C(t) for t in ["C9", "C10", "E12", "C11", "C2"]), 2)
    assert state.won[2] == 1
    # ... and after the trick the chip moves onto E7: E is trump from now on.
    assert state.trump == E

    # UT-LORD-3: the lord has no B, so it plays its leftmost card (A2).
    state = play(state, "play B5", "play B6")
    assert texts(state.trick) == ["B5", "B6", "A2"]
    state = play(state, "play B7", "play B8")
    assert state.won[1] == 1 and state.trump == E

    # UT-LORD-2 and UT-RULING-12: following E, the lord's highest E is E7, the chip's card.
    state = play(state, "play E1", "play E3", "play E4")
    assert texts(state.trick) == ["E1", "E3", "E4", "E7"]
    assert state.trump == E  # unchanged within the trick
    state = play(state, "play E6")
    assert state.won[lord] == 2
    # the chip moves to D5, the new rightmost card; the lord leads it (UT-LORD-4).
    assert state.trump == D
    assert texts(state.trick) == ["D5"] and state.leader == lord
    GAME.check_invariants(state)


def test_npc_card_function_matches_each_conduct_rule() -> None:
    """UT-LORD-1..UT-LORD-4 on a bare row (see also the doctest of npc_card)."""
    row = tuple(C(t) for t in ["B3", "A1", "A9", "C12"])
    assert DECK.text(npc_card(row, (), True)) == "B3"  # UT-LORD-1
    assert DECK.text(npc_card(row, (), False)) == "C12"  # UT-LORD-4
    assert DECK.text(npc_card(row, (C("A10"),), False)) == "A9"  # UT-LORD-2
    assert DECK.text(npc_card(row, (C("E10"), C("A2")), False)) == "B3"  # UT-LORD-3
    assert DECK.text(npc_card((C("C12"),), (C("E1"),), False)) == "C12"  # last card: leftmost = rightmost


# -- two players: the young lord -----------------------------------------------------------------


def two_player_game() -> UtsukeState:
    rules = Rules(players=2)  # clockwise: lord (2), seat 0, young lord (3), seat 1
    lord = [f"A{r}" for r in range(1, 13)] + ["B1", "B2", "E1"]  # trump E
    young = ["D12", "D11", "D10"] + [f"C{r}" for r in range(1, 13)]  # rightmost C12
    deal = make_deal(rules, {2: lord, 3: young, 0: ["B12"], 1: ["B11"]}, avoid={0: "A", 1: "A"})
    return GAME.new_game(rules, deals=[deal])


def test_two_players_seat_the_young_lord_between_them() -> None:
    """UT-SETUP-2, UT-LORD-5, UT-RULING-3: the young lord plays by the same conduct; no chip."""
    state = two_player_game()
    assert state.rules.places == 4 and state.rules.tricks_per_round == 15
    assert len(state.young_row) == 15 and state.trump == E
    state = play(state, "bid 5", "bid 5")
    # UT-LORD-1: the lord leads A1; seat 0 (no A) plays anything; the young lord (no A) plays its
    # leftmost card (UT-LORD-3 via UT-LORD-5); then seat 1.
    assert texts(state.trick) == ["A1"] and state.current_player == 0
    state = play(state, "play B12")
    assert texts(state.trick) == ["A1", "B12", "D12"] and state.current_player == 1
    state = play(state, "play B11")
    assert state.won[2] == 1  # A1 is the only card of the suit led and no trump (E) was played
    # UT-LORD-4: the lord leads its rightmost card, E1 (the chip's card).
    assert texts(state.trick) == ["E1"]


def test_a_low_trump_beats_the_suit_led() -> None:
    """UT-TRICK-1, UT-RULING-1: a player without the suit led trumps with E2 and wins over A1."""
    state = play(two_player_game(), "bid 5", "bid 5", "play B12")
    assert texts(state.trick) == ["A1", "B12", "D12"] and state.trump == E
    state = play(state, "play E2")
    assert state.won == (0, 1, 0, 0) and state.leader == 1
    assert state.current_player == 1  # the winner leads (UT-PLAY-1)


def test_young_lord_wins_and_leads_rightmost() -> None:
    """UT-LORD-5, UT-LORD-2, UT-LORD-4, UT-RULING-3: a young-lord win; its lead moves no chip."""
    rules = Rules(players=2)
    lord = ["B1", "E1", "E2"] + [f"A{r}" for r in range(1, 13)]  # trump A; seats hold no A
    young = ["B12"] + [f"D{r}" for r in range(1, 12)] + ["C12", "C1", "C5"]  # rightmost C5
    state = GAME.new_game(rules, deals=[make_deal(rules, {2: lord, 3: young})])
    state = play(state, "bid 1", "bid 1")
    assert texts(state.trick) == ["B1"]  # UT-LORD-1
    state = play(state, "play B2")
    # UT-LORD-5 via UT-LORD-2: the young lord follows with its highest B, B12
    assert texts(state.trick) == ["B1", "B2", "B12"]
    assert all(DECK.suit_of[c] != B for c in state.hands[1])
    state = play(state, "play C8")
    assert state.won[3] == 1 and state.leader == 3  # the young lord won and leads
    assert texts(state.trick) == ["C5"]  # UT-LORD-4 via UT-LORD-5: its rightmost card
    assert state.trump == A  # the lord's chip is unmoved: the young lord has none
    assert DECK.text(state.young_row[-1]) == "C1"
    assert state.current_player == 1  # clockwise after the young lord: seat 1


def test_two_player_npcs_swap_every_round() -> None:
    """UT-END-4, UT-END-3, UT-RULING-9: the lord moves one place clockwise = swaps with the young lord."""
    rules = Rules(players=2, first_lord=0)
    state = GAME.new_game(rules, seed=7)
    assert state.lord_before == 0
    assert state.current_player == 0  # UT-BID-2: bidding starts just after the lord
    state = first_legal_round(state, (15, 15))
    if state.is_terminal:  # pragma: no cover - seed 7 goes on
        raise AssertionError("expected a second round")
    assert state.round == 1 and state.lord_before == 1
    assert state.current_player == 1  # the seat after the lord now bids first
    state = state.apply(Bid(0)).apply(Bid(0))
    # UT-LORD-1, UT-RULING-6: the new lord leads its leftmost card, whoever won the last trick.
    deal1 = state.setup.deal(GAME, rules, 1)
    assert state.trick == (deal1[2 * 15],)
    assert state.current_player == 1  # clockwise: lord, seat 1, young lord, seat 0
    assert state.nxt[1] == 3 and state.nxt[3] == 0 and state.nxt[0] == 2


def test_lord_moves_clockwise_each_round_with_more_players() -> None:
    """UT-END-3, UT-SETUP-1: the lord sits before seat k, then k+1, ...; honour and chips carry over."""
    rules = Rules(players=4, first_lord=2)
    state = GAME.new_game(rules, seed=3)
    assert state.lord_before == 2 and state.current_player == 2
    seen = [state.lord_before]
    while not state.is_terminal:
        before = (state.honour, state.chips)
        state = first_legal_round(state, (1, 2, 3, 4))
        if not state.is_terminal:
            seen.append(state.lord_before)
            assert all(a >= b for a, b in zip(state.honour, before[0]))
    assert seen == [(2 + i) % 4 for i in range(len(seen))]


def test_round_start_rule_beats_the_after_win_rule() -> None:
    """UT-RULING-6, UT-LORD-1: the lord won the round's last trick; the next round it leads leftmost."""
    rules = Rules(players=3)
    for seed in range(300):
        state = first_legal_round(GAME.new_game(rules, seed=seed), (0, 0, 0))
        if not state.is_terminal and last_trick_winner(state.results[0]) == 3:
            break
    else:  # pragma: no cover
        raise AssertionError("no game where the lord wins the last trick of round 0")
    state = state.apply(Bid(0)).apply(Bid(0)).apply(Bid(0))
    deal1 = state.setup.deal(GAME, rules, 1)
    assert state.trick == (deal1[3 * 15],)  # the leftmost card of the lord's new row


def last_trick_winner(result: RoundResult) -> int:
    """Each trick's winner leads the next, so the last winner is the one count left over."""
    _, won, tricks, _ = result
    counts = [0] * len(won)
    for leader, _, _ in tricks[1:]:
        counts[leader] += 1
    winner = [w - c for w, c in zip(won, counts)].index(1)
    assert tricks[-1][2] == winner  # the stored winner agrees
    return winner


# -- execution chips, game end, winners and losers -------------------------------------------------


def _terminal(players: int = 4, **rules: object) -> UtsukeState:
    r = Rules(players=players, **rules)  # type: ignore[arg-type]
    state = GAME.new_game(r, seed=11)
    rng = random.Random(1)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_execution_chips_compare_with_the_lord_only() -> None:
    """UT-SCORE-4, UT-RULING-15: more tricks than the lord gives a chip; the young lord's don't count."""
    for players in (2, 3, 4, 5):
        state = GAME.new_game(Rules(players=players), seed=players)
        chips = (0,) * players
        while not state.is_terminal:
            n_before = len(state.results)
            state = state.apply(state.legal_actions()[-1])
            if len(state.results) > n_before:
                _, won, _, _ = state.results[-1]
                lord = won[players]
                gained = tuple(c - b for c, b in zip(state.chips, chips))
                assert gained == tuple(int(won[s] > lord) for s in range(players))
                chips = state.chips


def test_winners_and_losers_by_ruling() -> None:
    """UT-END-1, UT-END-2, UT-RULING-4, UT-RULING-10, UT-RULING-14: who wins and who loses."""
    end = _terminal(4)
    assert end.is_terminal

    def at(honour: tuple[int, ...], chips: tuple[int, ...], on_loss: str = "survivors") -> UtsukeState:
        rules = attrs.evolve(end.rules, on_loss=on_loss)
        r, lord_before, nxt, _, _, results = end.match
        match = (r, lord_before, nxt, honour, chips, results)
        return attrs.evolve(end, rules=rules, board=(match, *end.board[1:]))

    # honour winners win together
    s = at((3, 4, 0, 1), (0, 1, 1, 0))
    assert s.winners == {0, 1} and s.losers == frozenset()
    # a player who meets both loses (source question 2); the other honour winner still wins
    s = at((3, 4, 0, 1), (2, 0, 1, 0))
    assert s.winners == {1} and s.losers == {0}
    # a loss with no honour winner: survivors win by default ...
    s = at((2, 1, 0, 2), (2, 1, 0, 0))
    assert s.winners == {1, 2, 3} and s.losers == {0}
    # ... or the survivors with the most honour under on_loss=most_honour
    s = at((2, 1, 0, 2), (2, 1, 0, 0), "most_honour")
    assert s.winners == {3}
    # everyone lost: nobody wins (UT-RULING-4), whatever the honour and on_loss
    s = at((1, 2, 2, 0), (2, 2, 2, 2))
    assert s.losers == {0, 1, 2, 3} and s.winners == frozenset()
    assert at((1, 2, 2, 0), (2, 2, 2, 2), "most_honour").winners == frozenset()
    # several losers all lose; the survivor wins
    s = at((1, 2, 2, 0), (2, 2, 1, 2))
    assert s.losers == {0, 1, 3} and s.winners == {2}
    s = at((1, 2, 2, 0), (2, 2, 2, 2))
    stats = GAME.end_stats(s)
    assert stats["everyone_lost"] == 1 and stats["losers"] == 4 and stats["ended_by_loss"] == 1
    # nothing is decided before the end
    start = GAME.new_game(Rules(), seed=1)
    assert start.winners == frozenset() and start.losers == frozenset()


def test_game_ends_at_the_first_round_with_a_win_or_a_loss() -> None:
    """UT-END-1, UT-END-2, UT-RULING-14: the end is checked after each round's results."""
    rules = Rules(players=3)
    for seed in range(20):
        state = GAME.new_game(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
            if not state.is_terminal:
                assert max(state.honour) < 3 and max(state.chips) < 2
        assert max(state.honour) >= 3 or max(state.chips) >= 2
        assert state.losers or max(state.honour) >= 3
        assert state.winners or state.losers == set(range(3))  # UT-RULING-4: nobody wins if all lose


def test_house_rule_thresholds() -> None:
    """UT-END-1, UT-END-2, UT-RULING-10: honour_to_win=1 ends after the first round."""
    state = _terminal(3, honour_to_win=1)
    assert len(state.results) == 1 and state.winners


# -- rules, deals, actions, bidding ------------------------------------------------------------


def test_rules_validation_names_the_field() -> None:
    """UT-SETUP-3, UT-RULING-5: the first lord's seat must exist."""
    with pytest.raises(InvalidRules, match="first_lord"):
        Rules(players=3, first_lord=3)
    with pytest.raises(InvalidRules, match="players"):
        Rules(players=6)
    with pytest.raises(InvalidRules, match="on_loss"):
        Rules(on_loss="nobody")
    assert Rules(players=5, first_lord=4).first_lord == 4


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


def test_bids_are_one_action_of_sixteen() -> None:
    """UT-BID-1, UT-BID-2, UT-COMP-2, UT-RULING-7, UT-RULING-8: bid 0..15, clockwise from the lord."""
    rules = Rules(players=5, first_lord=3)
    state = GAME.new_game(rules, seed=2)
    assert state.legal_actions() == tuple(Bid(b) for b in range(16))
    assert [GAME.encode_action(Bid(b), rules) for b in (0, 15)] == [0, 15]
    assert GAME.encode_action(Play(0), rules) == 16 and GAME.num_distinct_actions(rules) == 76
    with pytest.raises(IllegalAction, match="UT-BID-1"):
        state.apply(Play(state.hands[3][0]))
    order = []
    for b in (15, 11, 0, 3, 8):  # bids above the 10 tricks of a round are allowed
        order.append(state.current_player)
        state = state.apply(Bid(b))
    assert order == [3, 4, 0, 1, 2]
    assert state.bids == (0, 3, 8, 15, 11)
    with pytest.raises(IllegalAction, match="UT-PLAY-2"):
        state.apply(Bid(1))


def test_playing_a_card_not_held_is_illegal() -> None:
    """UT-PLAY-2: a seat plays a card it holds, following suit."""
    state = GAME.new_game(Rules(players=3), seed=4)
    state = play(state, "bid 1", "bid 2", "bid 3")
    seat = state.current_player
    assert seat is not None
    other = next(c for c in DECK.cards if c not in state.hands[seat])
    with pytest.raises(IllegalAction, match="UT-PLAY-2"):
        state.apply(Play(other))


def test_game_over_rejects_actions() -> None:
    """UT-END-1: nothing is legal after the end."""
    end = _terminal(2)
    assert end.legal_actions() == ()
    with pytest.raises(IllegalAction, match="UT-END-1"):
        end.apply(Bid(0))


# -- information ------------------------------------------------------------------------------


def test_bids_are_hidden_until_the_reveal() -> None:
    """UT-BID-1, UT-SCORE-1, UT-INFO-1, UT-RULING-16: others' bids are not seen before the reveal."""
    rules = Rules(players=3)
    state = GAME.new_game(rules, seed=5)
    state = play(state, "bid 7")
    other = attrs.evolve(state, board=(state.match, (2, -1, -1), *state.board[2:]))
    assert state.observation(1) == other.observation(1)
    assert state.observation(2) == other.observation(2)
    assert state.observation(0) != other.observation(0)  # a seat sees its own bid
    assert state.observation(1).has_bid == (True, False, False)
    state = first_legal_round(state, (4, 9))
    assert state.results[0][0] == (7, 4, 9)  # revealed at the end of the round
    assert state.observation(2).results[0][0] == (7, 4, 9)


def test_npc_rows_are_public_and_hands_are_not() -> None:
    """UT-INFO-1, UT-SETUP-5: rows, the chip and tricks are seen by all; hands only by their owner."""
    state = GAME.new_game(Rules(players=2), seed=9)
    obs = state.observation(0)
    assert obs.lord_row == state.lord_row and obs.young_row == state.young_row
    assert obs.hand == state.hands[0] and obs.hand_sizes == (15, 15)
    assert state.hands[1] not in (obs.hand, obs.lord_row, obs.young_row)
    with pytest.raises(ValueError):
        state.observation(2)  # an NPC place is not a seat


def test_resample_keeps_known_voids() -> None:
    """UT-INFO-1: a resampled state never gives a player a suit it has shown to lack."""
    rules = Rules(players=4)
    rng = random.Random(3)
    checked = 0
    for seed in range(12):
        state = GAME.new_game(rules, seed=seed)
        while not state.is_terminal and state.round == 0:
            state = state.apply(rng.choice(state.legal_actions()))
            voids = state.voids()
            if any(voids):
                for seat in range(4):
                    other = state.resample(seat, rng)
                    assert other.observation(seat) == state.observation(seat)
                    for s in range(4):
                        assert not any(DECK.suit_of[c] in voids[s] for c in other.hands[s])
                    checked += 1
    assert checked > 50


def test_observation_tensor_layout() -> None:
    """UT-INFO-1: the tensor has a fixed size and shows the hand, rows and trump."""
    for n in (2, 3, 4, 5):
        rules = Rules(players=n)
        state = GAME.new_game(rules, seed=n)
        t = state.observation_tensor(0)
        assert len(t) == GAME.observation_size(rules) == 382
        assert sum(t[21:81]) == len(state.hands[0])
        assert t[81 + state.lord_row[0]] == 1 and t[81 + state.lord_row[-1]] == len(state.lord_row)
        assert t[201 + state.trump] == 1
        after = state.apply(Bid(3))
        assert after.observation_tensor(0)[345 + 3] == 1
        assert after.observation_tensor(1)[345:361] == (0,) * 16  # another seat's bid is hidden


def test_registry_and_simulation_entry_points() -> None:
    """UT-COMP-1, UT-COMP-3: registered as 'utsuke' for 2-5 players; honour and chips start at 0."""
    game = rulebook.get_game("utsuke")
    assert game is GAME and list(game.player_counts) == [2, 3, 4, 5]
    assert GAME.score_floor(Rules()) == 0
    start = GAME.new_game(Rules(players=3), seed=0)
    assert start.scores == start.honour == (0, 0, 0) and start.chips == (0, 0, 0)


def test_heuristic_player_plays_legally_and_end_stats() -> None:
    """UT-BID-1, UT-PLAY-2: the heuristic chooses legal actions; end_stats describes the end."""
    for n in (2, 3, 4, 5):
        rng = random.Random(n)
        state = GAME.new_game(Rules(players=n), seed=n)
        while not state.is_terminal:
            action = GAME.heuristic_action(state, rng)
            assert action in state.legal_actions()
            state = state.apply(action)
        stats = GAME.end_stats(state)
        assert stats["rounds"] == len(state.results) >= 1
        assert stats["ended_by_honour"] + stats["ended_by_loss"] >= 1


def test_heuristic_beats_random_players() -> None:
    """UT-BID-1, UT-SCORE-4: bidding on the lord's strength and ducking above the lord pays off."""
    rules = Rules(players=4)
    wins = [0] * 4
    rng = random.Random(0)
    for seed in range(80):
        state = GAME.new_game(rules, seed=seed)
        while not state.is_terminal:
            if state.current_player == 0:
                state = state.apply(GAME.heuristic_action(state, rng))
            else:
                state = state.apply(rng.choice(state.legal_actions()))
        for s in state.winners:
            wins[s] += 1
        stats = GAME.end_stats(state)
        assert stats["ended_by_honour"] == int(bool({s for s in range(4) if state.honour[s] >= 3} - state.losers))
    assert wins[0] > 2 * max(wins[1:])
