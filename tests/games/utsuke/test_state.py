"""UTSUKE's engine (``state.py``): bidding and play, the lord's and the young lord's conduct, the
seating and the lord's move each round, illegal actions (spec prefix UT).

The helpers here (deals, scripted play, the conduct walk-through) are shared by the other test
files of the game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest

from rulebook.core.history import TrickRecord
from rulebook.errors import IllegalAction
from rulebook.games.utsuke import DECK, GAME, Bid, Phase, Play, Rules, UtsukeState
from rulebook.games.utsuke.rules import RoundResult

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


def _terminal(players: int = 4, **rules: object) -> UtsukeState:
    r = Rules(players=players, **rules)  # type: ignore[arg-type]
    state = GAME.new_game(r, seed=11)
    rng = random.Random(1)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# -- the lord's conduct, trick by trick --------------------------------------------------------


#: The lord's row for the conduct walk-through (leftmost first); no card of suit B.
LORD_ROW = ["D1", "A12", "A2", "E5", "C3", "C4", "D2", "A3", "E2", "D5", "E7", "C9"]


def conduct_game(rules: Rules | None = None) -> UtsukeState:
    rules = rules or Rules(players=4)  # places: lord (4) just before seat 0, then 0, 1, 2, 3
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
    # the public record names the lord (issue 21); the engine's compact row keeps its place
    assert state.round_tricks[-1] == TrickRecord(
        0, 0, "lord", (("lord", C("D1")), (0, C("D12")), (1, C("D3")), (2, C("D4")), (3, C("D6"))), 0, "UT-TRICK-1"
    )
    assert state._round_tricks[-1] == (lord, tuple(C(t) for t in ["D1", "D12", "D3", "D4", "D6"]), 0)
    # the record of play names the lord and every seat (issue 15)
    assert state.tricks[-1].plays == (("lord", C("D1")), (0, C("D12")), (1, C("D3")), (2, C("D4")), (3, C("D6")))
    assert (state.tricks[-1].leader, state.tricks[-1].winner, state.tricks[-1].rule) == ("lord", 0, "UT-TRICK-1")
    assert state.won[0] == 1 and state.trump == CS  # the chip did not move

    # UT-LORD-2: following, the lord plays its highest card of the suit led (A12, not A2/A3).
    state = play(state, "play A5", "play A6", "play A7", "play A8")
    assert texts(state.round_tricks[-1].cards) == ["A5", "A6", "A7", "A8", "A12"]
    assert state.round_tricks[-1].players == (0, 1, 2, 3, "lord") and state.round_tricks[-1].number == 1
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
    assert state.round_tricks[-1] == TrickRecord(
        2, 0, "lord", (("lord", C("C9")), (0, C("C10")), (1, C("E12")), (2, C("C11")), (3, C("C2"))), 2, "UT-TRICK-1"
    )
    assert state._round_tricks[-1] == (lord, tuple(C(t) for t in ["C9", "C10", "E12", "C11", "C2"]), 2)
    assert state.round_tricks == state.tricks  # the first round: every trick of the game so far
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


def test_a_gentle_lord_follows_low() -> None:
    """UT-LORD-6: with lord_policy='lowest' the lord follows with its lowest card of the suit led;
    it still leads its leftmost card at the round's start (UT-LORD-1)."""
    state = conduct_game(Rules(players=4, lord_policy="lowest"))
    state = play(state, "bid 3", "bid 3", "bid 2", "bid 4")
    assert texts(state.trick) == ["D1"]
    state = play(state, "play D12", "play D3", "play D4", "play D6", "play A5", "play A6", "play A7", "play A8")
    assert texts(state.round_tricks[-1].cards) == ["A5", "A6", "A7", "A8", "A2"]  # not A12
    assert state.round_tricks[-1].winner == 3 and state.leader == 3
    GAME.check_invariants(state)


def test_a_leftmost_lord_leads_leftmost_after_a_win() -> None:
    """UT-LORD-7: with lord_policy='leftmost' the lord follows with its leftmost card of the suit
    led (A12 here) and, after its win, leads its leftmost card (A2), not the chip's card (C9)."""
    state = conduct_game(Rules(players=4, lord_policy="leftmost"))
    state = play(state, "bid 3", "bid 3", "bid 2", "bid 4")
    state = play(state, "play D12", "play D3", "play D4", "play D6", "play A5", "play A6", "play A7", "play A8")
    assert texts(state.round_tricks[-1].cards) == ["A5", "A6", "A7", "A8", "A12"]
    assert state.leader == 4 and texts(state.trick) == ["A2"]
    assert state.trump == CS and DECK.text(state.lord_row[-1]) == "C9"  # the chip did not move
    GAME.check_invariants(state)


def test_the_young_lord_takes_its_own_conduct() -> None:
    """UT-LORD-5, UT-LORD-6: young_lord_policy='lowest' makes the young lord follow low while the
    lord keeps the printed conduct; 'same' (printed) follows the lord's."""
    rules = Rules(players=2, young_lord_policy="lowest")
    assert rules.young_policy == "lowest" and Rules(players=2, lord_policy="leftmost").young_policy == "leftmost"
    parse = DECK.parse
    lord = ["A1"] + [f"B{r}" for r in range(1, 13)] + ["C1", "C2"]
    young = ["D1", "A3", "A11", "A4"] + [f"E{r}" for r in range(1, 12)]
    used = {parse(t) for t in lord + young}
    rest = [c for c in DECK.cards if c not in used]
    deal = rest[:30] + [parse(t) for t in lord + young]
    state = GAME.new_game(rules, deals=[deal]).apply(Bid(2)).apply(Bid(2))
    state = state.apply(state.legal_actions()[0])
    assert DECK.text(state.trick[2]) == "A3"  # its lowest A, not A11 (printed) nor D1


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


def test_young_lord_follows_in_the_first_trick() -> None:
    """UT-LORD-5, UT-LORD-2, UT-RULING-6: the round-start rule (UT-LORD-1) is about the lead.

    In the first trick the young lord follows, so it plays its highest card of the suit led,
    not its leftmost card.
    """
    rules = Rules(players=2)  # clockwise: lord (2), seat 0, young lord (3), seat 1
    parse = DECK.parse
    lord = ["A1"] + [f"B{r}" for r in range(1, 13)] + ["C1", "C2"]
    young = ["D1", "A3", "A11", "A4"] + [f"E{r}" for r in range(1, 12)]
    used = {parse(t) for t in lord + young}
    rest = [c for c in DECK.cards if c not in used]
    deal = rest[:30] + [parse(t) for t in lord + young]
    state = GAME.new_game(rules, deals=[deal])
    state = state.apply(Bid(2)).apply(Bid(2))
    assert [DECK.text(c) for c in state.trick] == ["A1"]  # UT-LORD-1: the lord leads leftmost
    seat0 = state.current_player
    assert seat0 == 0
    state = state.apply(state.legal_actions()[0])
    assert DECK.text(state.trick[2]) == "A11"  # not D1, the young lord's leftmost card


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


# -- the lord moves on -----------------------------------------------------------------------------


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
        if not state.is_terminal and last_trick_winner(state._results[0]) == 3:
            break
    else:  # pragma: no cover
        raise AssertionError("no game where the lord wins the last trick of round 0")
    state = state.apply(Bid(0)).apply(Bid(0)).apply(Bid(0))
    deal1 = state.setup.deal(GAME, rules, 1)
    assert state.trick == (deal1[3 * 15],)  # the leftmost card of the lord's new row


def last_trick_winner(result: RoundResult) -> int:
    """Each trick's winner leads the next, so the last winner is the one count left over."""
    won, tricks = result[1], result[2]
    counts = [0] * len(won)
    for leader, _, _ in tricks[1:]:
        counts[leader] += 1
    winner = [w - c for w, c in zip(won, counts)].index(1)
    assert tricks[-1][2] == winner  # the stored winner agrees
    return winner


# -- bidding, playing, the end ---------------------------------------------------------------------


def test_phase_and_cards() -> None:
    """UT-BID-2, UT-PLAY-1, UT-COMP-1, UT-RULING-13: Phase members and the card texts."""
    assert [int(p) for p in Phase] == [0, 1, 2]
    state = GAME.new_game(Rules(players=3), seed=1)
    assert state.phase is Phase.BIDDING
    assert GAME.deck is DECK
    assert [GAME.card_text(c) for c in (0, 11, 12, 59)] == ["A1", "A12", "B1", "E12"]
    assert GAME.parse_card("c7") == 30 and GAME.parse_card("E12") == 59
    with pytest.raises(ValueError):
        GAME.card_text(60)
    with pytest.raises(ValueError):
        GAME.parse_card("F1")


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


@pytest.mark.parametrize("tricks", [-1, 16, 99])
def test_bids_outside_0_to_15_are_illegal(tricks: int) -> None:
    """UT-BID-1, UT-COMP-2: a bid is 0..15; apply must refuse anything else.

    ``Bid(-1)`` used to be accepted and left the seat marked as not having bid, so the
    play phase began with that seat asked to bid again.
    """
    state = GAME.new_game(Rules(players=3), seed=3)
    with pytest.raises(IllegalAction, match="UT-BID-1"):
        state.apply(Bid(tricks))


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


def test_game_over_refusal_names_its_rule_exactly() -> None:
    """UT-END-1: the refusal after the end carries the rule ID itself, and the message says why."""
    end = _terminal(3)
    with pytest.raises(IllegalAction) as refused:
        end.apply(Play(0))
    assert refused.value.rule == "UT-END-1"
    assert str(refused.value) == "play A1 is not legal: the game is over [UT-END-1]"


# -- house rules: what a player must play and what wins a trick ---------------------------------


def test_free_play_may_leave_the_suit_led() -> None:
    """UT-PLAY-3: with follow='free' seat 0 may play A5 on the lord's D1 although it holds D12;
    printed (UT-PLAY-2) that is illegal. The lord keeps its conduct, and nothing is a void."""
    rules = Rules(players=4, follow="free")
    state = play(conduct_game(rules), "bid 3", "bid 3", "bid 2", "bid 4")
    assert texts(state.trick) == ["D1"] and len(state.legal_actions()) == len(state.hands[0])
    state = play(state, "play A5")
    assert state.voids()[0] == frozenset()
    printed = play(conduct_game(), "bid 3", "bid 3", "bid 2", "bid 4")
    assert [DECK.text(a.card) for a in printed.legal_actions() if isinstance(a, Play)] == ["D12"]
    with pytest.raises(IllegalAction, match="UT-PLAY-2"):
        play(printed, "play A5")
    GAME.check_invariants(state)


def test_must_trump_when_unable_to_follow() -> None:
    """UT-PLAY-4: with follow='must_trump' seat 1, without the suit led (A) and holding trumps (E),
    must play a trump: B11 is illegal, the E cards are its only plays. Seat 0, with neither,
    has shown it lacks A and E."""
    rules = Rules(players=2, follow="must_trump")
    lord = [f"A{r}" for r in range(1, 13)] + ["B1", "B2", "E1"]
    young = ["D12", "D11", "D10"] + [f"C{r}" for r in range(1, 13)]
    deal = make_deal(rules, {2: lord, 3: young, 0: ["B12"], 1: ["B11"]}, avoid={0: "A", 1: "A"})
    state = play(GAME.new_game(rules, deals=[deal]), "bid 5", "bid 5", "play B12")
    assert state.current_player == 1 and state.trump == E
    legal = [a.card for a in state.legal_actions() if isinstance(a, Play)]
    assert legal and all(DECK.suit_of[c] == E for c in legal)
    with pytest.raises(IllegalAction, match="UT-PLAY-4"):
        play(state, "play B11")
    assert state.voids()[0] == frozenset({A, E})
    assert play(two_player_game(), "bid 5", "bid 5", "play B12").voids()[0] == frozenset({A})  # printed
    state = play(state, "play E2")
    assert state.won == (0, 1, 0, 0)
    GAME.check_invariants(state)


def test_no_trumps_the_suit_led_wins() -> None:
    """UT-TRICK-3: with trumps='none' seat 1's E2 (the chip's suit) does not win: the lord's A1,
    the only card of the suit led, does; the trick is recorded under UT-TRICK-3."""
    rules = Rules(players=2, trumps="none")
    lord = [f"A{r}" for r in range(1, 13)] + ["B1", "B2", "E1"]
    young = ["D12", "D11", "D10"] + [f"C{r}" for r in range(1, 13)]
    deal = make_deal(rules, {2: lord, 3: young, 0: ["B12"], 1: ["B11"]}, avoid={0: "A", 1: "A"})
    state = play(GAME.new_game(rules, deals=[deal]), "bid 5", "bid 5", "play B12", "play E2")
    assert state.won == (0, 0, 1, 0) and state.leader == 2
    assert state.round_tricks[-1].rule == "UT-TRICK-3"
    assert play(two_player_game(), "bid 5", "bid 5", "play B12", "play E2").won == (0, 1, 0, 0)  # printed


def test_the_lowest_card_wins() -> None:
    """UT-TRICK-4: with trick_winner='lowest' the lord's D1 takes the first trick (D12, D3, D4, D6
    follow, no trump); printed, D12 (seat 0) takes it."""
    state = play(conduct_game(Rules(players=4, trick_winner="lowest")), "bid 3", "bid 3", "bid 2", "bid 4")
    state = play(state, "play D12", "play D3", "play D4", "play D6")
    assert state.round_tricks[-1].winner == "lord" and state.won[4] == 1
    assert state.round_tricks[-1].rule == "UT-TRICK-4"
    printed = play(conduct_game(), "bid 3", "bid 3", "bid 2", "bid 4", "play D12", "play D3", "play D4", "play D6")
    assert printed.round_tricks[-1].winner == 0
    GAME.check_invariants(state)


def test_a_fixed_trump_stays_all_round() -> None:
    """UT-TRUMP-3: with trump_change='fixed' the trump stays C (the chip's card at the deal) after
    the lord leads its chip card C9 following a win; printed (UT-TRUMP-2) it becomes E (E7)."""
    for change, after in (("fixed", CS), ("moves", E)):
        state = play(conduct_game(Rules(players=4, trump_change=change)), "bid 3", "bid 3", "bid 2", "bid 4")
        state = play(state, "play D12", "play D3", "play D4", "play D6")  # seat 0 wins with D12
        state = play(state, "play A5", "play A6", "play A7", "play A8")  # the lord wins with A12
        assert texts(state.trick) == ["C9"] and state.trump == CS  # the chip rides on C9 (UT-TRUMP-2)
        state = play(state, "play C10", "play E1", "play C11", "play C2")
        assert state.trump == after, change
        GAME.check_invariants(state)
