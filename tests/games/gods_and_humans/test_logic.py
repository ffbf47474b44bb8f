"""gods-and-humans: the logic a variant may replace (GH-LOGIC-1..GH-LOGIC-3): the trick function,
the score counter at the trick and round (deal) events, the endings (``endings_off`` and a variant's
``ends``)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.core.history import Player
from rulebook.core.logic import Event, Logic, Trick
from rulebook.errors import InvalidRules
from rulebook.games.gods_and_humans import DECK, GAME, Rules
from rulebook.games.gods_and_humans.history import trick_winners
from rulebook.games.gods_and_humans.state import GodsState
from rulebook.variants.testing import rules_strategy


def play(rules: Rules, seed: int) -> tuple[GodsState, list[tuple[GodsState, Any]]]:
    """A whole game with random choices (seeded); every state checked; the (state, action) steps."""
    state = GAME.new_game(rules, seed=seed)
    rng = random.Random(seed)
    steps = []
    while state.current_player is not None:
        GAME.check_invariants(state)
        action = rng.choice(state.legal_actions())
        steps.append((state, action))
        state = state.apply(action)
    GAME.check_invariants(state)
    return state, steps


# -- GH-LOGIC-1: one function decides a trick -------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_resolve_trick_gives_the_engines_winner(data: st.DataObject) -> None:
    """GH-LOGIC-1, GH-TRICK-3, GH-TRICK-5, GH-TRICK-8: over random games under random valid Rules, the
    documented function, given every finished trick (with the state its last card was played
    from), names the winner the engine recorded."""
    players = data.draw(st.sampled_from(list(GAME.player_counts)), label="players")
    rules = data.draw(rules_strategy(GAME, players=players), label="rules")
    state, steps = play(rules, data.draw(st.integers(0, 2**32 - 1), label="seed"))
    checked = 0
    for (before, _), after in zip(steps, [s for s, _ in steps[1:]] + [state], strict=True):
        for record in after.tricks[len(before.tricks):]:
            trick = Trick(record.cards, record.players, record.leader, before, rules)
            assert GAME.resolve_trick(trick) == record.winner
            checked += 1
    assert checked == len(state.tricks) > 0


def test_resolve_trick_reads_the_trump_and_the_options() -> None:
    """GH-LOGIC-1, GH-TRICK-3, GH-TRICK-5, GH-TRICK-8: exact winners of one constructed trick."""
    four = GAME.new_game(Rules(players=8), seed=0)  # four humans: red is trump
    three = GAME.new_game(Rules(players=5), seed=0)  # three humans: no trump
    assert four.facts.trump == 0 and three.facts.trump is None
    cards = tuple(DECK.parse(t) for t in ("B5", "B9", "R2", "B1"))
    seats: tuple[Player, ...] = (3, 0, 1, 2)

    def winner(state: GodsState, **options: Any) -> Player:
        rules = Rules(players=state.rules.players, **options)
        return GAME.resolve_trick(Trick(cards, seats, 3, state, rules))

    assert winner(four) == 1  # the only trump
    assert winner(four, trick_winner="lowest") == 1  # the only trump, still
    assert winner(three) == 0  # no trump: blue 9
    assert winner(three, trick_winner="lowest") == 2  # blue 1


def test_trick_winners_come_from_the_leaders_and_the_tally() -> None:
    """GH-LOGIC-1, GH-TRICK-4: the records never decide a trick again; each winner led the next."""
    assert trick_winners(((0, 1, 2, 3), (2, 4, 5, 6), (1, 7, 8, 9)), (0, 2, 1)) == (2, 1, 1)
    assert trick_winners((), (0, 0, 0)) == ()


def lowest_number(trick: Trick) -> Player:
    """A variant's rule: the lowest number wins, whatever its colour; the first played on a tie."""
    best = min(range(len(trick.cards)), key=lambda i: (DECK.rank_of[trick.cards[i]], i))
    return trick.seats[best]


@pytest.mark.parametrize("players", [5, 8])
def test_a_variants_trick_winner_is_obeyed(players: int) -> None:
    """GH-LOGIC-1, GH-TRICK-4, GH-SCORE-1: the variant's winner takes every trick, leads the next,
    counts towards its prediction; the record names the variant's rule."""
    rules = Rules(players=players, logic=Logic(trick_winner=lowest_number))
    for seed in range(4):
        state, _ = play(rules, seed)
        for t in state.tricks:
            assert t.winner == lowest_number(Trick(t.cards, t.players, t.leader, None, rules))
            assert t.rule == "variant:trick_winner"
        for a, b in itertools.pairwise(state.tricks):
            if a.round == b.round:
                assert b.leader == a.winner
        for res in state.past:
            for h in res.human_results:
                assert h.won == sum(t.winner == h.seat for t in res.tricks)


# -- GH-LOGIC-2: the score ------------------------------------------------------------------


def test_counters_at_a_trick_and_a_deal_change_the_engines_score() -> None:
    """GH-LOGIC-2, GH-END-3, GH-END-4: one point to seat 2 after the game's first trick and ten to
    seat 4 after the first deal: the totals, the observation, the deal's record and the target
    (20: reached only through the variant's points) all read them."""
    calls: list[tuple[str, int]] = []

    def counters(event: Event) -> dict[str, tuple[int, ...]] | None:
        calls.append((event.kind, event.number))
        if event.kind == "trick" and event.number == 0:
            return {"score": (0, 0, 1, 0, 0)}
        if event.kind == "round":
            assert event.record.number == event.number
            return {"score": (0, 0, 0, 0, 10)}
        return None

    rules = Rules(players=5, target=20, logic=Logic(counters=counters))
    printed, _ = play(Rules(players=5, target=20), 4)
    state, steps = play(rules, 4)
    first = next(s for s, _ in steps if s.tricks)
    assert first.scores == (0, 0, 1, 0, 0) and first.observation(0).scores == (0, 0, 1, 0, 0)
    assert len(state.past) == 2  # 20 reached by seat 4 after the second deal
    base = [sum(r.points[s] for r in printed.rounds[:2]) for s in range(5)]
    assert state.scores == (base[0], base[1], base[2] + 1, base[3], base[4] + 20)
    assert state.winners == {4}
    record = state.rounds[0]
    assert [(c.seat, c.points) for c in record.changes if c.rule == "variant:counters"] == [(2, 1), (4, 10)]
    assert tuple(sum(r.points[s] for r in state.rounds) for s in range(5)) == state.scores
    tricks = len(state.past[0].tricks)
    assert calls[: tricks + 1] == [("trick", i) for i in range(tricks)] + [("round", 0)]
    assert GAME.score_floor(rules) is None and GAME.score_floor(Rules()) == 0


# -- GH-LOGIC-3: the endings ------------------------------------------------------------------


def test_a_variant_ends_the_game_after_a_deal() -> None:
    """GH-LOGIC-3, GH-END-3: ended after the second of four deals; the most points win."""
    rules = Rules(players=6, logic=Logic(ends=lambda e: e.kind == "round" and e.number == 1))
    for seed in range(5):
        state, _ = play(rules, seed)
        assert len(state.past) == 2 and state.current_player is None
        best = max(state.scores)
        assert state.winners == {s for s in range(6) if state.scores[s] == best}


def test_a_variant_ends_the_game_after_a_trick_and_the_deal_is_scored() -> None:
    """GH-LOGIC-3, GH-SCORE-1: ended after the game's third trick: the deal is scored as it stands."""
    rules = Rules(players=5, logic=Logic(ends=lambda e: e.kind == "trick" and e.number == 2))
    for seed in range(6):
        state, _ = play(rules, seed)
        (deal,) = state.past
        assert len(state.tricks) == 3 and sum(h.won for h in deal.human_results) == 3
        for h in deal.human_results:
            assert h.points == (rules.stars[h.oracle] if h.oracle == h.won else 0)
        assert state.rounds[0].rule == "variant:ends"
        best = max(state.scores)
        assert state.winners == {s for s in range(5) if state.scores[s] == best}
        for seat in range(5):  # the fast encoder agrees with the observation
            assert state.observation_tensor(seat) == GAME.encode_observation(rules, state.observation(seat))


def test_endings_off_target_plays_every_deal() -> None:
    """GH-LOGIC-3, GH-END-2, GH-END-4: a target of 1 ends most games after the first deal; switched
    off, every game plays its four deals."""
    on = Rules(players=7, target=1)
    off = Rules(players=7, target=1, endings_off=("target",))
    shorter = 0
    for seed in range(6):
        shorter += len(play(on, seed)[0].past) < 4
        assert len(play(off, seed)[0].past) == 4
    assert shorter > 0


@pytest.mark.parametrize(("off", "says"), [
    (("deals",), "'deals' cannot be switched off"),
    (("time",), "'time' is not an ending"),
    (("target", "target"), "named twice"),
])
def test_endings_off_refuses_what_would_not_end(off: tuple[str, ...], says: str) -> None:
    """GH-LOGIC-3, GH-END-2: the last deal stays an ending; unknown names are refused."""
    with pytest.raises(InvalidRules, match="endings_off") as info:
        Rules(players=5, endings_off=off)
    assert says in str(info.value)


def test_the_game_names_its_counters_events_and_endings() -> None:
    """GH-LOGIC-2, GH-LOGIC-3: one counter, the score."""
    assert list(GAME.COUNTERS) == ["score"]
    assert list(GAME.EVENTS) == ["trick", "round"]
    assert dict(GAME.ENDINGS) == {"deals": "GH-END-2", "target": "GH-END-4"}


# -- the printed path -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_a_logic_with_nothing_replaced_plays_the_printed_game(players: int) -> None:
    """GH-LOGIC-1..GH-LOGIC-3: an empty Logic and hooks that change nothing give move-for-move the
    same games, states and records."""
    for seed in range(4):
        printed, steps = play(Rules(players=players, deal_leader="last_winner"), seed)
        for logic in (Logic(), Logic(counters=lambda e: None, ends=lambda e: False)):
            state = GAME.new_game(Rules(players=players, deal_leader="last_winner", logic=logic), seed=seed)
            for before, action in steps:
                assert state.hands == before.hands and state.current_player == before.current_player
                state = state.apply(action)
            assert state.current_player is None
            assert state.scores == printed.scores and state.rounds == printed.rounds
            assert state.tricks == printed.tricks and state.winners == printed.winners


def test_a_trick_events_record_is_the_deals_last_trick() -> None:
    """GH-LOGIC-2: the trick event hands over the record of the deal's last trick, built alone
    (``history.last_deal_trick``), the very record ``deal_tricks`` lists last, under the printed
    winner, the lowest card winning and a variant's own winner."""
    import rulebook
    from rulebook.games.gods_and_humans import history
    from rulebook.games.gods_and_humans.actions import OVER

    game = rulebook.get_game("gods-and-humans")
    checked = 0
    for players, lowest, logic in ((4, "highest", Logic()), (5, "lowest", Logic()),
                                   (6, "highest", Logic(trick_winner=lambda t: t.seats[-1]))):
        state = game.new_game(game.Rules(players=players, trick_winner=lowest, logic=logic), seed=players)
        rng = random.Random(players)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
            if state.phase != OVER and history.deal_tricks(state):
                assert history.last_deal_trick(state) == history.deal_tricks(state)[-1]
                checked += 1
    assert checked > 30


def test_the_trick_event_after_counters_shows_the_changed_totals() -> None:
    """GH-LOGIC-2, GH-LOGIC-3: after a variant's counters change the scores at a trick, the ends rule is
    handed a trick event whose position carries the changed totals (a point a trick: seed 1)."""
    import random

    from rulebook.games.gods_and_humans import GAME as GH
    from rulebook.games.gods_and_humans import Rules as GR
    from rulebook.variants.variant import Variant

    def point(event: Any) -> dict[str, tuple[int, ...]] | None:
        if event.kind != "trick":
            return None
        return {"score": tuple(int(s == event.record.winner) for s in range(event.state.rules.players))}

    seen: list[tuple[str, tuple[int, ...]]] = []

    def ends(event: Any) -> bool:
        seen.append((event.kind, event.state.facts.totals))
        return False

    state = Variant(GH, GR(), counters=point, ends=ends).new_game(seed=1)
    rng = random.Random(1)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert seen[:4] == [("trick", (0, 0, 0, 0, 1)), ("trick", (0, 0, 0, 0, 2)), ("trick", (0, 0, 0, 0, 3)),
                        ("trick", (0, 0, 0, 1, 3))]


def test_the_forced_intervention_comes_before_the_humans_hand_is_played_out() -> None:
    """GH-RULING-21: the humans are dealt 6 cards each (five players): forced_at 5 is allowed, 6 refused."""
    from rulebook.games.gods_and_humans import Rules as GR

    assert GR(forced_at=5).forced_at == 5
    with pytest.raises(InvalidRules) as caught:
        GR(forced_at=6)
    assert str(caught.value) == ("Rules.forced_at: the humans are dealt 6 cards each, so the forced intervention "
                                 "can come at 5 cards in hand at most, not 6")
