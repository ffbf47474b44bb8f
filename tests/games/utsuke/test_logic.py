"""UTSUKE: the logic a variant may replace (UT-LOGIC-1..UT-LOGIC-3): the trick function, the
counters honour and chips at the trick and round events, the endings (``endings_off`` and a
variant's ``ends``); and six players (UT-RULING-18)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.core.history import Player
from rulebook.core.logic import Event, Logic, Trick
from rulebook.errors import InvalidRules
from rulebook.games.utsuke import DECK, GAME, Rules, UtsukeState
from rulebook.variants.testing import rules_strategy
from rulebook.variants.verify import verify


def play(rules: Rules, seed: int, pick: int | None = None) -> tuple[UtsukeState, list[tuple[UtsukeState, Any]]]:
    """A whole game with random choices (seeded); every state checked; the (state, action) steps."""
    state = GAME.new_game(rules, seed=seed)
    rng = random.Random(seed if pick is None else pick)
    steps = []
    while state.current_player is not None:
        GAME.check_invariants(state)
        action = rng.choice(state.legal_actions())
        steps.append((state, action))
        state = state.apply(action)
    GAME.check_invariants(state)
    return state, steps


# -- UT-LOGIC-1: one function decides a trick -------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_resolve_trick_gives_the_engines_winner(data: st.DataObject) -> None:
    """UT-LOGIC-1, UT-TRICK-1, UT-TRICK-3, UT-TRICK-4, UT-TRUMP-2, UT-TRUMP-3: over random games under
    random valid Rules (2-6 players), the documented function, given every finished trick as a
    Trick (the state the last card was played from), names the winner the engine recorded."""
    players = data.draw(st.sampled_from(list(GAME.player_counts)), label="players")
    rules = data.draw(rules_strategy(GAME, players=players), label="rules")
    state, steps = play(rules, data.draw(st.integers(0, 2**32 - 1), label="seed"))
    checked = 0
    for (before, _), after in zip(steps, [s for s, _ in steps[1:]] + [state], strict=True):
        for record in after.tricks[len(before.tricks):]:  # a move completes one trick at most
            trick = Trick(record.cards, record.players, record.leader, before, rules)
            assert GAME.resolve_trick(trick) == record.winner
            checked += 1
    assert checked == len(state.tricks) > 0


def test_resolve_trick_reads_the_trump_and_the_options() -> None:
    """UT-LOGIC-1, UT-TRICK-1, UT-TRICK-3, UT-TRICK-4: exact winners of one constructed trick."""
    state = GAME.new_game(Rules(players=3), seed=0)
    trump = state.trump
    other = (trump + 1) % 5
    lead = [DECK.parse(f"{'ABCDE'[other]}{n}") for n in (5, 9)]
    low_trump = DECK.parse(f"{'ABCDE'[trump]}2")
    cards = (lead[0], lead[1], low_trump, DECK.parse(f"{'ABCDE'[other]}1"))
    seats: tuple[Player, ...] = ("lord", 0, 1, 2)

    def winner(**options: Any) -> Player:
        return GAME.resolve_trick(Trick(cards, seats, "lord", state, Rules(players=3, **options)))

    assert winner() == 1  # the only trump wins
    assert winner(trumps="none") == 0  # the suit led: 9 beats 5 and 1
    assert winner(trumps="none", trick_winner="lowest") == 2  # the suit led, lowest: the 1
    assert winner(trick_winner="lowest") == 1  # the only trump, still


def lowest_card(trick: Trick) -> Player:
    """A variant's rule: the lowest number wins, whatever its suit; the first played on a tie."""
    best = min(range(len(trick.cards)), key=lambda i: (DECK.rank_of[trick.cards[i]], i))
    return trick.seats[best]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_variants_trick_winner_is_obeyed(players: int) -> None:
    """UT-LOGIC-1, UT-PLAY-1, UT-TRICK-2: the variant's winner takes every trick, leads the next one
    (an NPC by its conduct) and the record names the variant's rule."""
    rules = attrs.evolve(Rules(players=players), logic=Logic(trick_winner=lowest_card))
    for seed in range(6):
        state, _ = play(rules, seed)
        tricks = state.tricks
        assert tricks
        for t in tricks:
            assert t.winner == lowest_card(Trick(t.cards, t.players, t.leader, None, rules))
            assert t.rule == "variant:trick_winner"
        for a, b in itertools.pairwise(tricks):
            if a.round == b.round:
                assert b.leader == a.winner  # UT-PLAY-1
        for r in state.rounds:  # UT-TRICK-2: the tricks each place took are the variant's wins
            mine = [t for t in tricks if t.round == r.number]
            assert r.lord_tricks == sum(t.winner == "lord" for t in mine)
            assert r.won == tuple(sum(t.winner == s for t in mine) for s in range(players))


# -- UT-LOGIC-2: the counters ---------------------------------------------------------------


def test_counters_at_a_trick_change_honour_and_the_end_reads_it() -> None:
    """UT-LOGIC-2, UT-END-1, UT-RULING-14: 5 honour to seat 1 after the game's first trick: the
    observation, the scores and the round's record show it, and the end check after the round
    ends the game with seat 1 winning (the game's own rule: 3 honour wins)."""
    calls: list[tuple[str, int]] = []

    def counters(event: Event) -> dict[str, tuple[int, ...]] | None:
        calls.append((event.kind, event.number))
        if event.kind == "trick" and event.number == 0:
            assert event.record.number == 0 and event.state.honour == (0, 0, 0)
            return {"honour": (0, 5, 0)}
        return None

    rules = Rules(players=3, logic=Logic(counters=counters))
    state = GAME.new_game(rules, seed=3)
    printed = GAME.new_game(Rules(players=3), seed=3)
    rng = random.Random(3)
    while printed.round == 0 and printed.current_player is not None:
        action = rng.choice(printed.legal_actions())
        state, printed = state.apply(action), printed.apply(action)
        if len(state.tricks) == 1:
            assert state.honour == state.scores == (0, 5, 0)
            assert state.observation(0).honour == (0, 5, 0)
            assert state.current_player is not None  # the end is checked only after the round (UT-RULING-14)
    gains = printed.rounds[0].points
    assert state.current_player is None and state.round == 0
    assert state.honour == (gains[0], gains[1] + 5, gains[2])
    assert 1 in state.winners
    record = state.rounds[0]
    assert record.points == state.honour and record.rule in ("UT-END-1", "UT-END-2")
    variant = [(c.seat, c.points) for c in record.changes if c.rule == "variant:counters"]
    assert variant == [(1, 5)]
    # UT-LOGIC-2: once per event: a trick event per trick, then the round event
    assert calls == [("trick", i) for i in range(len(state.tricks))] + [("round", 0)]


def test_counters_at_a_round_change_chips_and_the_loss_reads_it() -> None:
    """UT-LOGIC-2, UT-END-2: two execution chips to seat 0 after round 1: the game's own end check
    then ends it with seat 0 the loser; honour less one per round for every seat shows in the
    records' points and in the tensor."""
    def counters(event: Event) -> dict[str, tuple[int, ...]] | None:
        if event.kind != "round":
            return None
        assert event.record.number == event.number
        return {"chips": (2, 0, 0, 0) if event.number == 0 else (0, 0, 0, 0), "honour": (-1, -1, -1, -1)}

    rules = Rules(players=4, logic=Logic(counters=counters))
    state, _ = play(rules, 5)
    printed, _ = play(Rules(players=4), 5)
    first = printed.rounds[0]
    assert len(state.rounds) == 1 and state.losers == {0}
    assert state.chips == (2 + first.chips[0], *first.chips[1:])
    assert state.honour == tuple(p - 1 for p in first.points)
    assert state.rounds[0].points == state.honour and state.rounds[0].rule == "UT-END-2"
    assert state.rounds[0].chips == state.chips
    tensor = state.observation_tensor(1)
    assert tensor[366:370] == state.honour and tensor[371:375] == state.chips
    assert GAME.score_floor(rules) is None and GAME.score_floor(Rules()) == 0


# -- UT-LOGIC-3: the endings ------------------------------------------------------------------


def test_a_variant_ends_the_game_after_a_round_scored_by_the_games_rules() -> None:
    """UT-LOGIC-3, UT-END-6: ended after round 2, nobody at the winning honour (9) nor lost (4 chips):
    the most honour wins, the record says the variant ended it."""
    rules = Rules(players=4, honour_to_win=9, chips_to_lose=4,
                  logic=Logic(ends=lambda e: e.kind == "round" and e.number == 1))
    for seed in range(8):
        state, _ = play(rules, seed)
        assert len(state.rounds) == 2 and state.rounds[-1].rule == "variant:ends"
        assert "variant ended" in state.rounds[-1].end
        best = max(state.honour)
        assert state.winners == {s for s in range(4) if state.honour[s] == best}
        assert state.losers == frozenset()
        assert state.winners != set(range(4)) or len(set(state.honour)) == 1


def test_a_variant_ends_the_game_after_a_trick() -> None:
    """UT-LOGIC-3: ended after the game's fifth trick: the round is cut short and not scored."""
    rules = Rules(players=3, logic=Logic(ends=lambda e: e.kind == "trick" and e.number == 4))
    state, _ = play(rules, 2)
    assert state.current_player is None and len(state.tricks) == 5
    assert state.honour == (0, 0, 0) and state.chips == (0, 0, 0)
    (record,) = state.rounds
    assert record.rule == "variant:ends" and record.points == (0, 0, 0)
    assert sum(record.won) + record.lord_tricks == 5
    assert state.winners == {0, 1, 2}  # all tied at 0 honour: they share
    assert state.legal_actions() == ()
    assert state.observation(1).rounds == state.rounds
    for seat in range(3):  # the fast encoder agrees with the observation, the cut round's cards included
        tensor = state.observation_tensor(seat)
        assert tensor == GAME.encode_observation(rules, state.observation(seat))
        assert sum(tensor[273:333]) == 20  # five tricks of four cards (three seats and the lord)


def test_endings_off_chips_plays_every_round() -> None:
    """UT-LOGIC-3, UT-END-2, UT-END-6: with the chips switched off a five-round game lasts exactly five
    rounds and nobody loses; with them on, some of the same games end sooner."""
    on = Rules(players=4, end="rounds", rounds=5)
    off = attrs.evolve(on, endings_off=("chips",))
    shorter = 0
    for seed in range(20):
        state, _ = play(off, seed)
        assert len(state.rounds) == 5 and state.rounds[-1].rule == "UT-END-6"
        assert state.losers == frozenset()
        best = max(state.honour)
        assert state.winners == {s for s in range(4) if state.honour[s] == best}
        printed, _ = play(on, seed)
        shorter += len(printed.rounds) < 5
    assert shorter > 0


def test_endings_off_chips_under_the_printed_end() -> None:
    """UT-LOGIC-3, UT-END-1: with the printed end and no chip loss, every game ends by honour."""
    rules = Rules(players=5, endings_off=("chips",))
    for seed in range(10):
        state, _ = play(rules, seed)
        assert max(state.honour) >= 3 and state.rounds[-1].rule == "UT-END-1"
        assert state.winners == {s for s in range(5) if state.honour[s] >= 3}


@pytest.mark.parametrize(("options", "says"), [
    ({"endings_off": ("honour", "rounds")}, "'rounds' cannot be switched off with end='printed'"),
    ({"endings_off": ("rounds",), "end": "rounds"}, "'rounds' cannot be switched off with end='rounds'"),
    ({"endings_off": ("rounds",)}, "'rounds' is not an ending with end='printed'"),
    ({"endings_off": ("honour",), "end": "rounds"}, "'honour' is not an ending with end='rounds'"),
    ({"endings_off": ("time",)}, "'time' is not an ending of UTSUKE"),
    ({"endings_off": ("chips", "chips")}, "named twice"),
])
def test_endings_off_refuses_what_would_not_end(options: dict[str, Any], says: str) -> None:
    """UT-LOGIC-3, UT-END-5: the ending that makes every game end stays; unknown names are refused."""
    with pytest.raises(InvalidRules, match="endings_off") as info:
        Rules(**options)
    assert says in str(info.value)


def test_the_game_names_its_counters_events_and_endings() -> None:
    """UT-LOGIC-2, UT-LOGIC-3: the first counter feeds the scores."""
    assert list(GAME.COUNTERS) == ["honour", "chips"]
    assert list(GAME.EVENTS) == ["trick", "round"]
    assert dict(GAME.ENDINGS) == {"honour": "UT-END-1", "chips": "UT-END-2", "rounds": "UT-END-6"}


# -- the printed path -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_a_logic_with_nothing_replaced_plays_the_printed_game(players: int) -> None:
    """UT-LOGIC-1..UT-LOGIC-3: an empty Logic (not the printed object itself: the general path)
    gives move-for-move the same games, states and records."""
    empty = Logic()
    hooks = Logic(counters=lambda e: None, ends=lambda e: False)
    for seed in range(5):
        printed, steps = play(Rules(players=players), seed)
        for logic in (empty, hooks):
            state = GAME.new_game(Rules(players=players, logic=logic), seed=seed)
            for before, action in steps:
                assert state.board == before.board and state.hands == before.hands
                state = state.apply(action)
            assert state.current_player is None
            assert state.board == printed.board and state.rounds == printed.rounds
            assert state.winners == printed.winners and state.tricks == printed.tricks


# -- UT-RULING-18: six players ----------------------------------------------------------------


def test_six_players_deal_eight_cards_and_set_four_aside() -> None:
    """UT-RULING-18, UT-SETUP-4, UT-SETUP-6: seven hands of 8, four cards unseen; 13 rounds at most."""
    rules = Rules(players=6)
    assert rules.tricks_per_round == 8 and rules.set_aside == 4
    state = GAME.new_game(rules, seed=1)
    deal = state.setup.deal(GAME, rules, 0)
    assert [len(h) for h in state.hands] == [8] * 7
    assert state.hands[6] == deal[48:56]  # the lord's row: the dealt order
    assert {c for h in state.hands for c in h} == set(deal[:56])
    assert GAME.max_rounds(rules) == 13
    assert len(state.observation_tensor(5)) == GAME.observation_size(rules) == 393
    assert GAME.observation_size(Rules(players=5)) == 382
    with pytest.raises(InvalidRules, match="first_lord"):
        Rules(players=6, first_lord=6)
    assert Rules(players=6, first_lord=5).first_lord == 5
    # with cards taken out, the hands are as large as the rest allows (55 cards: 7 each, 6 aside)
    assert Rules(players=6, removed=("12",)).tricks_per_round == 7


def test_six_player_games_verify() -> None:
    """UT-RULING-18: whole six-player games pass every check of verify."""
    report = verify(GAME, Rules(players=6), examples=4, seed=2, players=6)
    assert report.ok, report
    assert report.players == (6,) and report.games == 4


def test_a_replaced_ending_leaves_the_extra_rounds_of_a_tiebreak_as_printed() -> None:
    """UT-LOGIC-3, UT-END-6, UT-END-8: a variant that replaces the chips ending (UT-END-2, here by one
    that never ends the game) under end='rounds' with tiebreak='extra' keeps the printed extra rounds:
    two rounds, then more while the most honour is shared, five at most."""
    rules = Rules(players=3, end="rounds", rounds=2, tiebreak="extra", extra_rounds=3, chips_to_lose=4,
                  logic=Logic(replaced=(("UT-END-2", lambda event: False),)))
    lengths = set()
    for seed in range(12):
        state = GAME.new_game(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        rounds = len(state.rounds)
        lengths.add(rounds)
        top = max(state.honour)
        leaders = {s for s, h in enumerate(state.honour) if h == top}
        assert 2 <= rounds <= 5 and (rounds == 5 or len(leaders) == 1) and state.winners == leaders
    assert {2, 3} <= lengths


def test_the_round_event_after_counters_shows_the_changed_honour() -> None:
    """UT-LOGIC-2, UT-LOGIC-3, UT-LOGIC-4: after a variant's counters change honour at a round's end, the
    variant's ``ends`` and ``leader`` see the state with the changed honour (not the one before)."""
    seen: list[tuple[str, int, tuple[int, ...]]] = []

    def counters(event: Event) -> dict[str, tuple[int, ...]] | None:
        return {"honour": (0, 0, 1)} if event.kind == "round" else None

    def ends(event: Event) -> bool:
        if event.kind == "round":
            seen.append(("ends", event.number, event.state.honour))
        return False

    def leader(event: Event) -> int | None:
        if event.kind == "round":
            seen.append(("leader", event.number, event.state.honour))
        return None

    rules = Rules(players=3, end="rounds", rounds=3, logic=Logic(counters=counters, ends=ends, leader=leader))
    state = GAME.new_game(rules, seed=4)
    rng = random.Random(4)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    # the honour after each round: the points gained so far, the variant's point included
    honour = list(itertools.accumulate((r.points for r in state.rounds), lambda a, b: tuple(map(sum, zip(a, b)))))
    assert len(state.rounds) == 3 and honour[-1] == state.honour and all(r.points[2] >= 1 for r in state.rounds)
    # the last round ends the game by its own rule (UT-END-6): the variant is not asked then
    assert seen == [(who, n, honour[n]) for n in range(2) for who in ("ends", "leader")]


def test_the_last_trick_of_a_round_asks_no_leader_and_may_end_the_game() -> None:
    """UT-LOGIC-3, UT-LOGIC-4: the variant's ``leader`` is asked after every trick but a round's last (the
    lord's places decide the next round's lead); its ``ends`` may end the game after such a last trick,
    before that round is scored: the second round's results are not counted."""
    asked: list[int] = []
    tricks = Rules(players=3).tricks_per_round

    def leader(event: Event) -> int | None:
        if event.kind == "trick":
            asked.append(event.number)
        return None

    def ends(event: Event) -> bool:
        return event.kind == "trick" and event.number == 2 * tricks - 1

    rules = Rules(players=3, honour_to_win=6, logic=Logic(ends=ends, leader=leader))
    state = GAME.new_game(rules, seed=4)
    rng = random.Random(4)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert asked == [n for n in range(2 * tricks - 1) if n != tricks - 1]
    assert len(state.tricks) == 2 * tricks and state.current_player is None
    first = state.rounds[0]
    assert state.honour == first.points and state.chips == first.chips
