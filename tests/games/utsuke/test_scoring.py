"""UTSUKE's scoring and the end (``scoring.py``): honour for exact and closest bids, execution chips,
who wins and who loses, house-rule thresholds, a game nobody wins (spec prefix UT)."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

from rulebook.cli.app import main
from rulebook.errors import IllegalAction, InvalidRules
from rulebook.games.utsuke import DECK, GAME, Bid, Phase, Rules, UtsukeState, honour_gains
from tests.games.utsuke.test_state import _terminal, first_legal_round

# -- the source's worked example -------------------------------------------------------------


def test_honour_example_from_the_source() -> None:
    """UT-SCORE-3, UT-RULING-11: the lord takes 5, A bids 4, B and C bid 6: B and C gain 1."""
    assert honour_gains((4, 6, 6), 5) == (0, 1, 1)
    rules = Rules(players=3)
    # Find a deal in which the lord takes exactly 5 tricks under a fixed way of playing;
    # bids do not change the play, so the same round can be bid 4, 6, 6.
    for seed in range(200):
        probe = first_legal_round(GAME.new_game(rules, seed=seed), (0, 0, 0))
        if probe.rounds[0].lord_tricks == 5:
            break
    else:  # pragma: no cover
        raise AssertionError("no deal with 5 lord tricks in 200 seeds")
    state = first_legal_round(GAME.new_game(rules, seed=seed), (4, 6, 6))
    record = state.rounds[0]
    assert record.bids == (4, 6, 6) and record.lord_tricks == 5 and record.points == (0, 1, 1)
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


# -- execution chips, game end, winners and losers -------------------------------------------------


def test_execution_chips_compare_with_the_lord_only() -> None:
    """UT-SCORE-4, UT-RULING-15: more tricks than the lord gives a chip; the young lord's don't count."""
    for players in (2, 3, 4, 5):
        state = GAME.new_game(Rules(players=players), seed=players)
        chips = (0,) * players
        while not state.is_terminal:
            n_before = len(state._results)
            state = state.apply(state.legal_actions()[-1])
            if len(state._results) > n_before:
                won = state._results[-1][1]
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
    assert len(state.rounds) == 1 and state.winners


def _everyone_loses() -> UtsukeState:
    """A real game (2 players, one chip loses) in which both seats take more tricks than the lord."""
    rules = Rules(players=2, chips_to_lose=1, honour_to_win=6)
    for seed in range(400):
        state = GAME.new_game(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        if state.losers == {0, 1}:
            return state
    raise AssertionError("no game in which every seat loses")  # pragma: no cover


def test_when_every_seat_loses_nobody_wins() -> None:
    """UT-END-2, UT-RULING-4: all seats lose in one round: winners is empty (issue 15)."""
    state = _everyone_loses()
    assert state.winners == frozenset() and state.phase is Phase.OVER
    assert GAME.end_stats(state)["everyone_lost"] == 1
    last = state.rounds[-1]
    assert last.rule == "UT-END-2" and last.chips == (1, 1)
    assert last.end == "the round's cards were played; seats 0, 1 reached 1 execution chips and lose"


def test_verify_and_records_accept_a_game_nobody_wins() -> None:
    """UT-RULING-4: verify's end-of-game check and the record round trip accept empty winners."""
    from rulebook.reference import records
    from rulebook.variants.variant import Variant
    from rulebook.variants.verify import _check_end

    state = _everyone_loses()
    _check_end(Variant(GAME, state.rules), state)  # raises a Violation on any fault
    assert records.replay(records.loads(records.dumps(state)), complete=True).winners == frozenset()


def test_closest_tie_alternatives() -> None:
    """UT-SCORE-5 (the lower closest bid scores), UT-SCORE-6 (both score), UT-RULING-11 (printed:
    the higher one), with the source's example: the lord took 5, bids 4, 6, 6."""
    assert honour_gains((4, 6, 6), 5, tie="higher") == (0, 1, 1)
    assert honour_gains((4, 6, 6), 5, tie="lower") == (1, 0, 0)
    assert honour_gains((4, 6, 6), 5, tie="both") == (1, 1, 1)
    assert honour_gains((3, 6, 6), 5, tie="lower") == (0, 1, 1)  # one side only: unchanged
    assert honour_gains((4, 6, 9), 5, closest=2, tie="both") == (2, 2, 0)


def _round_with_bids(rules: Rules, bid_of: dict[int, int], seed: int = 3) -> UtsukeState:
    """Play the first round with fixed bids and seeded random cards (the cards do not depend on the bids)."""
    state = GAME.new_game(rules, seed=seed)
    rng = random.Random(seed)
    while state.current_player is not None and state.round == 0:
        seat = state.current_player
        if state.bids[seat] < 0:
            state = state.apply(Bid(bid_of.get(seat, 0)))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_an_exact_bid_earning_three_ends_the_game() -> None:
    """UT-SCORE-7, UT-SCORE-2, UT-END-1: honour_exact=3 is scored by the engine and the end follows
    it: an exact bid reaches honour_to_win 3 in the first round and ends the game."""
    lord = _round_with_bids(Rules(), {})._results[0][1][4]  # the lord's tricks under these cards
    assert lord > 0
    printed = _round_with_bids(Rules(), {0: lord})
    assert printed.honour[0] == 2 and not printed.is_terminal and printed.round == 1
    house = _round_with_bids(Rules(honour_exact=3), {0: lord})
    assert house.honour == (3, 0, 0, 0) and house.is_terminal and house.winners == {0}
    assert house.rounds[-1].points == (3, 0, 0, 0)
    closest = _round_with_bids(Rules(honour_closest=2), {0: lord - 1})
    assert closest.honour == (2, 0, 0, 0)  # UT-SCORE-3: nobody exact, seat 0 closest


def test_five_rounds_most_honour_wins() -> None:
    """UT-END-6: end='rounds' plays exactly `rounds` rounds (nobody loses with chips_to_lose 4 here),
    honour past honour_to_win does not end it, and the most honour wins."""
    rules = Rules(end="rounds", rounds=5, chips_to_lose=4)
    ended_past_three = False
    for seed in range(12):
        state = GAME.new_game(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        if state.losers:
            assert len(state._results) <= 5
            continue
        assert len(state._results) == 5 and GAME.max_rounds(rules) == 5
        top = max(state.honour)
        assert state.winners == {s for s, h in enumerate(state.honour) if h == top}
        ended_past_three |= top >= 3
        assert state.rounds[-1].rule == "UT-END-6"
    assert ended_past_three
    with pytest.raises(InvalidRules, match="honour_closest"):
        Rules(honour_closest=0)  # UT-SCORE-7: under the printed end a round could give nobody honour
    assert Rules(honour_closest=0, end="rounds").honour_closest == 0


def test_cards_taken_out() -> None:
    """UT-COMP-1, UT-SETUP-4, UT-RULING-13: removed takes cards, suits and numbers out; the rest
    must deal out evenly; the cards taken out are never dealt."""
    rules = Rules(removed=("12",))
    assert rules.tricks_per_round == 11
    state = GAME.new_game(rules, seed=5)
    twelves = {DECK.parse(f"{x}12") for x in "ABCDE"}
    assert all(len(h) == 11 and not twelves & set(h) for h in state.hands)
    assert Rules(players=3, removed=("E",)).tricks_per_round == 12
    with pytest.raises(InvalidRules, match="removed"):
        Rules(players=5, removed=("12",))  # 55 cards for 6 hands
    with pytest.raises(InvalidRules, match="removed"):
        Rules(removed=("F3",))
    with pytest.raises(InvalidRules, match="removed"):
        Rules(removed=(12,))  # type: ignore[arg-type]


def test_max_bid_limits_the_bids() -> None:
    """UT-COMP-2, UT-BID-1, UT-BID-2, UT-RULING-7: max_bid=10 offers bid 0..bid 10 and refuses bid 11."""
    state = GAME.new_game(Rules(max_bid=10), seed=1)
    assert state.legal_actions() == tuple(Bid(b) for b in range(11))
    with pytest.raises(IllegalAction, match="UT-BID-1"):
        state.apply(Bid(11))


# -- partners (UT-END-7, a house rule; issue 33): seats 1 and 3 against 2 and 4 ------------------
def _play_randomly(rules: Rules, seed: int) -> object:
    rng = random.Random(seed)
    state = GAME.new_game(rules, seed=seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _expected(honour: tuple[int, ...], chips: tuple[int, ...], lose: int) -> frozenset[int]:
    """UT-END-7 stated again, independently: pairs (0, 2) and (1, 3); a pair with a loser is out."""
    pairs = [(0, 2), (1, 3)]
    alive = [p for p in pairs if all(chips[s] < lose for s in p)]
    if not alive:
        return frozenset()
    totals = {p: honour[p[0]] + honour[p[1]] for p in alive}
    best = max(totals.values())
    return frozenset(s for p in alive if totals[p] == best for s in p)


def test_partners_win_together_in_played_games() -> None:
    """UT-END-7: in 60 random games, the game ends exactly where it ends without partners (the same
    moves, the same honour and chips), and the winners are the pair the rule names; partners
    always win together, and in some games the pair rule gives a different result from the
    printed one (a seat short of the honour to win wins with its partner)."""
    printed, teams = Rules(players=4), Rules(players=4, teams=True)
    differs = 0
    for seed in range(60):
        alone, paired = _play_randomly(printed, seed), _play_randomly(teams, seed)
        assert paired.history == alone.history  # the end is the printed one
        assert (paired.honour, paired.chips) == (alone.honour, alone.chips)
        winners = paired.winners
        assert winners == _expected(paired.honour, paired.chips, teams.chips_to_lose)
        assert winners in (frozenset(), frozenset({0, 2}), frozenset({1, 3}), frozenset({0, 1, 2, 3}))
        differs += winners != alone.winners
    assert differs > 0


def test_partners_under_the_five_round_end() -> None:
    """UT-END-7 with UT-END-6: five rounds, then the pair with more honour wins."""
    rules = Rules(players=4, teams=True, end="rounds", rounds=5)
    for seed in range(10):
        state = _play_randomly(rules, seed)
        assert state.winners == _expected(state.honour, state.chips, rules.chips_to_lose)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_partners_need_four_players(players: int) -> None:
    """UT-END-7: the pairs face each other, so only four players make two pairs."""
    with pytest.raises(InvalidRules) as info:
        Rules(players=players, teams=True)
    assert str(info.value) == (f"Rules.teams: partners need 4 players (seats 1 and 3 against 2 and 4), "
                               f"not {players}")
    assert attrs.evolve(Rules(players=4, teams=True), teams=False).teams is False


def test_partners_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """UT-END-7: ``rulebook verify utsuke --set teams=true`` passes (at 4 players, the only count)."""
    assert main(["verify", "utsuke", "--set", "teams=true", "--examples", "6", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "at 4 players" in out.splitlines()[0]
    assert out.splitlines()[-1].startswith("OK: ")


def _random_end(rules: Rules, seed: int) -> UtsukeState:
    state = GAME.new_game(rules, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_end_stats_report_how_each_game_ended() -> None:
    """UT-END-1, UT-END-2, UT-RULING-21: ``end_stats`` of real games, every field worked out again from
    the public record: ended by honour exactly when a seat that did not lose holds ``honour_to_win`` or
    more (and the honour win is on); games ending on exactly ``honour_to_win``, above it, by chips with
    honour below it, and with the honour win switched off are all among them (a mutant that counts
    ``h > w``, ``h <= w`` or ignores who lost reports one of them wrongly)."""
    seen: set[str] = set()
    for rules in (
        Rules(players=3), Rules(players=4, honour_to_win=2), Rules(players=3, endings_off=("honour",)),
        Rules(players=3, honour_to_win=1),  # one round: the mean of the lord's tricks is that round's
    ):
        for seed in range(12):
            state = _random_end(rules, seed)
            w, lost, rounds = rules.honour_to_win, state.losers, state.rounds
            by_honour = rules.honour_wins and any(h >= w and s not in lost for s, h in enumerate(state.honour))
            assert GAME.end_stats(state) == {
                "rounds": len(rounds),
                "ended_by_honour": int(by_honour),
                "ended_by_loss": int(bool(lost)),
                "losers": len(lost),
                "everyone_lost": int(len(lost) == rules.players),
                "winners": len(state.winners),
                "exact_bids": sum(b == r.lord_tricks for r in rounds for b in r.bids),
                "lord_tricks_mean": sum(r.lord_tricks for r in rounds) / len(rounds),
            }
            top = max(h for s, h in enumerate(state.honour) if s not in lost) if len(lost) < rules.players else 0
            if by_honour:
                seen.add("honour, exactly" if top == w else "honour, above")
            elif lost:
                seen.add("chips, honour below" if rules.honour_wins else "chips, honour win off")
            if len(rounds) == 1:
                seen.add("one round")
            if not rules.honour_wins and top >= w:
                seen.add("honour reached while the honour win is off")
    assert seen == {
        "honour, exactly", "honour, above", "chips, honour below", "chips, honour win off",
        "honour reached while the honour win is off", "one round",
    }


def test_extra_rounds_break_a_shared_lead() -> None:
    """UT-END-6, UT-END-8: with tiebreak='extra' a game of two rounds plays on while the most honour
    among the seats that did not lose is shared, at most extra_rounds more, and a lone leader wins."""
    rules = Rules(players=3, end="rounds", rounds=2, tiebreak="extra", extra_rounds=3)
    lengths: set[int] = set()
    for seed in range(12):
        state = _random_end(rules, seed)
        rounds = state.rounds
        lengths.add(len(rounds))
        assert 2 <= len(rounds) <= 5
        if not state.losers:
            assert rounds[-1].rule == ("UT-END-6" if len(rounds) == 2 else "UT-END-8")
            top = max(state.honour)
            assert state.winners == {s for s, h in enumerate(state.honour) if h == top}
            if len(rounds) < 5:
                assert len(state.winners) == 1  # the lead is no longer shared
    assert {2, 3} <= lengths
