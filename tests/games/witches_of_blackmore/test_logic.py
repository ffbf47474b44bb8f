"""The logic a variant may replace in The Witches of Blackmore (WB-LOGIC-1..3): the trick
resolution as one function, the score counter and its events, the endings; and the printed
path unchanged."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.core.history import RoundRecord, TrickRecord
from rulebook.core.logic import Event, Logic, Trick
from rulebook.errors import InvalidRules
from rulebook.games.witches_of_blackmore import DECK, GAME, Play, Rules
from rulebook.games.witches_of_blackmore.state import WitchesState
from tests.games.witches_of_blackmore.test_state import witches_rules

RANK = DECK.rank_of


def _play_out(state: Any, seed: int, heuristic: bool = False) -> tuple[Any, list[tuple[Trick, int]]]:
    """Play ``state`` to the end with random (or heuristic) moves; every trick as the engine saw
    it (rebuilt from the state its last card was played from) with the winner it recorded."""
    rng = random.Random(seed)
    seen: list[tuple[Trick, int]] = []
    while state.current_player is not None:
        legal = state.legal_actions()
        action = GAME.heuristic_action(state, rng) if heuristic else rng.choice(legal)
        last = type(action) is Play and len(state.trick) == len(state.order) - 1
        trick = Trick(state.trick + (action.card,), state.order, state.order[0], state, state.rules) if last else None
        before = len(state.tricks)
        state = state.apply(action)
        if trick is not None:
            assert len(state.tricks) == before + 1
            seen.append((trick, state.tricks[-1].winner))
    return state, seen


def _actions(state: Any) -> tuple[Any, ...]:
    return tuple(state.history)


# -- WB-LOGIC-1: the trick resolved by one function ---------------------------------------------

@settings(max_examples=60, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_resolve_trick_gives_the_engines_winner_over_random_games_and_rules(data: st.DataObject, seed: int) -> None:
    """WB-LOGIC-1: ``resolve_trick`` rebuilt for every finished trick gives the engine's winner."""
    rules = data.draw(witches_rules())
    _, seen = _play_out(GAME.new_game(rules, seed=seed), seed)
    assert seen
    for trick, winner in seen:
        assert GAME.resolve_trick(trick) == winner


def test_resolve_trick_on_the_sources_second_example() -> None:
    """WB-LOGIC-1, WB-RULING-8: yellow 2 led, red 7, yellow 5, blue 4, blue 9 under blue 7 on the
    descending side: the blue 4 (the fourth seat's) wins."""
    c = DECK.parse
    state = GAME.new_game(Rules(players=5), seed=1)
    state = attrs.evolve(state, board=(state.board[0], state.board[1], (c("B7"),), 7, *state.board[4:]))
    cards = tuple(map(c, ("Y2", "R7", "Y5", "B4", "B9")))
    assert GAME.resolve_trick(Trick(cards, (0, 1, 2, 3, 4), 0, state, state.rules)) == 3
    ascending = attrs.evolve(state.rules, wheel="ascending")  # 7, 8, 9, 1...: the blue 9 is stronger
    assert GAME.resolve_trick(Trick(cards, (0, 1, 2, 3, 4), 0, state, ascending)) == 4
    no_trump = attrs.evolve(state.rules, trump_colour=False)  # WB-RANK-3: yellow led, 5 beats 2 under 7
    assert GAME.resolve_trick(Trick(cards, (0, 1, 2, 3, 4), 0, state, no_trump)) == 2


def lowest_number_wins(trick: Trick) -> int:
    """A variant's rule: the lowest number wins the trick; among equal numbers, the first played."""
    best = min(range(len(trick.cards)), key=lambda i: (RANK[trick.cards[i]], i))
    return int(trick.seats[best])


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_variants_trick_winner_is_obeyed_in_played_games(players: int) -> None:
    """WB-LOGIC-1: under "the lowest number wins", every trick goes to its lowest card, its winner
    captures it and leads the next trick, and its record cites the variant."""
    rules = Rules(players=players, logic=Logic(trick_winner=lowest_number_wins))
    printed_differs = 0
    for seed in range(12):
        state, seen = _play_out(GAME.new_game(rules, seed=seed), seed)
        records = state.tricks
        assert len(records) == len(seen)
        for (trick, winner), record in zip(seen, records, strict=True):
            low = min(RANK[c] for c in trick.cards)
            assert RANK[dict(record.plays)[winner]] == low and record.winner == winner
            assert winner == lowest_number_wins(trick)
            assert record.rule == "variant:trick_winner"
            printed_differs += GAME.resolve_trick(trick) != winner
        for record, after in itertools.pairwise(records):  # WB-TRICK-5: the winner leads
            assert after.leader == record.winner
        for s in range(players):  # WB-TRICK-4: each seat holds only cards of the tricks it won
            assert set(state.captured[s]) <= {c for r in records if r.winner == s for c in r.cards}
        assert state.scores == tuple(sum(RANK[c] for c in p) for p in state.captured)
        assert state.rounds[0].points == state.scores
    assert printed_differs > 50  # the variant changed the outcome of many tricks


# -- the printed path unchanged -------------------------------------------------------------

def _nothing(event: Event) -> None:
    return None


def _never(event: Event) -> bool:
    return False


@pytest.mark.parametrize("seed", range(8))
def test_a_logic_that_changes_nothing_plays_the_printed_game_move_for_move(seed: int) -> None:
    """WB-LOGIC-1..3: the general path (the printed function stated as a variant's, counters that
    change nothing, an ending that never comes) plays the same games as the precomputed path."""
    players = 2 + seed % 5
    printed = Rules(players=players, end=("printed", "tricks", "target")[seed % 3], end_tricks=7, end_target=30)
    general = attrs.evolve(printed, logic=Logic(trick_winner=GAME.resolve_trick, counters=_nothing, ends=_never))
    assert Logic().printed and Rules(players=players, logic=Logic()) == Rules(players=players)
    a, seen_a = _play_out(GAME.new_game(printed, seed=seed), seed, heuristic=True)
    b, seen_b = _play_out(GAME.new_game(general, seed=seed), seed, heuristic=True)
    assert _actions(a) == _actions(b)
    assert [w for _, w in seen_a] == [w for _, w in seen_b]
    assert a.scores == b.scores and a.winners == b.winners and a.captured == b.captured
    assert a.rounds[0].rule == b.rounds[0].rule and a.rounds[0].points == b.rounds[0].points
    assert [t.rule for t in b.tricks] == ["variant:trick_winner"] * len(b.tricks)
    assert a.observation(0).scores == b.observation(0).scores


# -- WB-LOGIC-2: the score counter and its events ---------------------------------------------

def _calls(counters: Callable[[Event], Any]) -> tuple[list[tuple[str, int, Any]], Callable[[Event], Any]]:
    calls: list[tuple[str, int, Any]] = []

    def hook(event: Event) -> Any:
        calls.append((event.kind, event.number, event.record))
        return counters(event)

    return calls, hook


def test_counters_are_called_once_per_trick_and_once_at_the_end_with_their_records() -> None:
    """WB-LOGIC-2: one call after each trick (a TrickRecord, the state with the trick captured) and
    one at the game's end (its RoundRecord, before the variant's changes)."""
    states: list[Any] = []

    def look(event: Event) -> None:
        states.append(event.state)

    calls, hook = _calls(look)
    state, _ = _play_out(GAME.new_game(Rules(players=3, logic=Logic(counters=hook)), seed=5), 5)
    kinds = [k for k, _, _ in calls]
    assert kinds == ["trick"] * len(state.tricks) + ["round"]
    assert [n for _, n, _ in calls] == [*range(len(state.tricks)), 0]
    for (_, _, record), trick_state, finished in zip(calls, states, state.tricks, strict=False):
        assert type(record) is TrickRecord and record == finished
        assert trick_state.tricks[-1] == finished and trick_state.scores[finished.winner] >= sum(
            RANK[c] for c in finished.cards if c in trick_state.captured[finished.winner])
    assert type(calls[-1][2]) is RoundRecord and calls[-1][2] == state.rounds[0]
    assert states[-1].current_player is None


def _leader_bonus(event: Event) -> dict[str, tuple[int, ...]] | None:
    """+5 to the leader of every trick."""
    if event.kind != "trick":
        return None
    return {"score": tuple(5 if s == event.record.leader else 0 for s in range(event.state.rules.players))}


def test_counters_change_the_engines_score_the_table_and_the_record_see_it() -> None:
    """WB-LOGIC-2: "+5 to each trick's leader" reaches the score the engine keeps: scores, the
    observation, the tensor, the round record and the winners all read it (exact values)."""
    printed = Rules(players=4)
    plain, _ = _play_out(GAME.new_game(printed, seed=11), 11, heuristic=True)
    rules = Rules(players=4, logic=Logic(counters=_leader_bonus))
    state = GAME.new_game(rules, seed=11)
    for action in plain.history:
        state = state.apply(action)
    assert state.current_player is None
    led = [sum(1 for t in plain.tricks if t.leader == s) for s in range(4)]
    expected = tuple(p + 5 * n for p, n in zip(plain.scores, led, strict=True))
    assert state.scores == expected and state.scores != plain.scores
    assert state.rounds[0].points == expected
    assert [(c.seat, c.points) for c in state.rounds[0].changes if c.rule == "variant:counters"] == [
        (s, 5 * n) for s, n in enumerate(led) if n
    ]
    best = max(expected)
    assert state.winners == frozenset(s for s, v in enumerate(expected) if v == best)
    assert state.observation(2).scores == expected
    encoder = GAME.tensor_encoder(rules)
    tensor = list(encoder(state, 2))
    assert tensor == list(GAME.encode_observation(rules, state.observation(2)))
    assert tensor != list(GAME.tensor_encoder(printed)(plain, 2))


def test_counters_feed_the_target_score_ending() -> None:
    """WB-LOGIC-2, WB-END-7: 40 points given to the last seat after the first trick bring it to the
    target at once: the game ends after that trick and the last seat wins."""
    def gift(event: Event) -> dict[str, tuple[int, ...]] | None:
        if event.kind == "trick" and event.number == 0:
            return {"score": (0, 0, 0, 40)}
        return None

    rules = Rules(players=4, end="target", end_target=40, logic=Logic(counters=gift))
    state, _ = _play_out(GAME.new_game(rules, seed=3), 3)
    assert len(state.tricks) == 1
    assert state.rounds[0].rule == "WB-END-7"
    assert state.scores[3] == 40 + sum(RANK[c] for c in state.captured[3])
    assert state.winners == frozenset({3})


def test_counters_at_the_end_change_the_final_scores_and_winners() -> None:
    """WB-LOGIC-2: at the round event (the game's end) a variant gives 1000 to the seat with the
    lowest score; that seat wins, as the final scores say."""
    def consolation(event: Event) -> dict[str, tuple[int, ...]] | None:
        if event.kind != "round":
            return None
        points = event.record.points
        low = points.index(min(points))
        return {"score": tuple(1000 if s == low else 0 for s in range(len(points)))}

    for seed in range(5):
        plain, _ = _play_out(GAME.new_game(Rules(players=3), seed=seed), seed, heuristic=True)
        state, _ = _play_out(GAME.new_game(Rules(players=3, logic=Logic(counters=consolation)), seed=seed), seed,
                             heuristic=True)
        assert _actions(state) == _actions(plain)
        low = plain.scores.index(min(plain.scores))
        assert state.scores == tuple(v + (1000 if s == low else 0) for s, v in enumerate(plain.scores))
        assert state.winners == frozenset({low})


# -- WB-LOGIC-3: the endings ---------------------------------------------------------------------

def _after_trick(n: int) -> Callable[[Event], bool]:
    def ends(event: Event) -> bool:
        return event.kind == "trick" and event.number == n
    return ends


@pytest.mark.parametrize("seed", range(6))
def test_a_variants_ending_ends_the_game_at_that_trick_scored_by_the_games_rules(seed: int) -> None:
    """WB-LOGIC-3: a variant that ends the game after the third trick: no trump decision, the
    scores are the captured cards' numbers less the laid trumps, the highest wins."""
    rules = Rules(players=4, logic=Logic(ends=_after_trick(2)))
    state, _ = _play_out(GAME.new_game(rules, seed=seed), seed)
    assert len(state.tricks) == 3 and state.current_player is None and state.legal_actions() == ()
    assert any(state.hands)
    assert state.scores == tuple(sum(RANK[c] for c in p) for p in state.captured)
    record = state.rounds[0]
    assert record.rule == "variant:ends" and record.end == "the variant's rules ended the game"
    assert record.points == state.scores
    best = max(state.scores)
    assert state.winners == frozenset(s for s, v in enumerate(state.scores) if v == best)
    assert state.winners != frozenset(range(4))


@pytest.mark.parametrize("off,end", [("tricks", "tricks"), ("target", "target")])
def test_endings_off_switches_the_house_endings_off_in_played_games(off: str, end: str) -> None:
    """WB-LOGIC-3, WB-END-6, WB-END-7: with the ending switched off, games run until the hands are
    empty (WB-END-4); with it on, they stop early."""
    on = Rules(players=4, end=end, end_tricks=3, end_target=20)
    switched = attrs.evolve(on, endings_off=(off,))
    for seed in range(6):
        short, _ = _play_out(GAME.new_game(on, seed=seed), seed)
        full, _ = _play_out(GAME.new_game(switched, seed=seed), seed)
        assert short.rounds[0].rule == {"tricks": "WB-END-6", "target": "WB-END-7"}[off]
        assert any(short.hands)
        assert full.rounds[0].rule == "WB-END-4" and not any(full.hands)
        assert len(full.tricks) > len(short.tricks)


def test_endings_off_refusals() -> None:
    """WB-LOGIC-3: the hands running out cannot be switched off; names are endings, each once."""
    with pytest.raises(InvalidRules, match="endings_off") as hands:
        Rules(endings_off=("hands",))
    assert "WB-END-4" in str(hands.value) and "cannot be switched off" in str(hands.value)
    with pytest.raises(InvalidRules, match=r"endings_off.*'never' is not an ending"):
        Rules(endings_off=("never",))
    with pytest.raises(InvalidRules, match=r"endings_off.*twice"):
        Rules(endings_off=("target", "target"))
    assert Rules(endings_off=("target", "tricks")).endings_off == ("target", "tricks")
    assert dict(GAME.ENDINGS) == {"hands": "WB-END-4", "tricks": "WB-END-6", "target": "WB-END-7"}
    assert list(GAME.COUNTERS) == ["score"] and set(GAME.EVENTS) == {"trick", "round"}


def test_the_state_keeps_the_variants_counts_only_under_its_logic() -> None:
    """WB-LOGIC-2: the printed state carries no counts (the precomputed path); a variant's winner may
    give an outcome that takes cards out of the game (WB-RULING-16), so its state has them."""
    assert GAME.new_game(Rules(), seed=1).board[9] is None
    won = GAME.new_game(Rules(logic=Logic(trick_winner=lowest_number_wins)), seed=1).board[9]
    assert won == ((0, 0, 0, 0), False, -1, ())
    state: WitchesState = GAME.new_game(Rules(players=3, logic=Logic(ends=_never)), seed=1)
    assert state.board[9] == ((0, 0, 0), False, -1, ())  # WB-LOGIC-4: no seat named to lead; no card out


def test_the_heuristic_reads_the_changed_score_towards_the_target() -> None:
    """WB-LOGIC-2, WB-END-7: the heuristic's count of tricks left under a target score reads the score
    the variant changed: 30 points given to seat 1 after the first trick bring the end nearer."""
    from rulebook.games.witches_of_blackmore.heuristic import tricks_left

    def gift(event: Event) -> dict[str, tuple[int, ...]] | None:
        return {"score": (0, 30, 0, 0)} if event.kind == "trick" and event.number == 0 else None

    printed = Rules(players=4, end="target", end_target=100, trump_replacement=False)
    plain = GAME.new_game(printed, seed=2)
    rng = random.Random(2)
    while not plain.tricks:
        plain = plain.apply(rng.choice(plain.legal_actions()))
    state = GAME.new_game(attrs.evolve(printed, logic=Logic(counters=gift)), seed=2)
    for action in plain.history:
        state = state.apply(action)
    assert state.scores[1] == plain.scores[1] + 30
    worth = 4 * 5  # four cards of mean number 5
    lead = max(plain.scores)
    assert tricks_left(plain) == min(13, 1 + int((100 - lead) / worth))
    assert tricks_left(state) == min(13, 1 + int((100 - max(state.scores)) / worth)) < tricks_left(plain)


def _odd_bonus(event: Event) -> dict[str, tuple[int, ...]] | None:
    """+3 to the trick's winner on odd tricks, -1 to every seat at the end."""
    n = event.state.rules.players
    if event.kind == "round":
        return {"score": (-1,) * n}
    if event.number % 2:
        return {"score": tuple(3 if s == event.record.winner else 0 for s in range(n))}
    return None


@settings(max_examples=40, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1), stop=st.integers(0, 30))
def test_the_general_path_keeps_the_invariants_over_random_rules(data: st.DataObject, seed: int, stop: int) -> None:
    """WB-LOGIC-1..3, WB-END-5: under a variant's winner, counters and ending, every position keeps
    the game's invariants, the game ends within its bound, and the record adds up to the scores."""
    rules = attrs.evolve(data.draw(witches_rules()), logic=Logic(
        trick_winner=lowest_number_wins, counters=_odd_bonus, ends=_after_trick(stop)))
    state = GAME.new_game(rules, seed=seed)
    rng = random.Random(seed)
    moves = 0
    while state.current_player is not None:
        state = state.apply(rng.choice(state.legal_actions()))
        GAME.check_invariants(state)
        moves += 1
    assert moves <= GAME.max_game_length(rules)
    assert len(state.tricks) <= stop + 1
    record = state.rounds[0]
    assert record.points == state.scores
    odd = [sum(3 for t in state.tricks if t.number % 2 and t.winner == s) for s in range(rules.players)]
    points = tables_points(rules)
    assert state.scores == tuple(sum(points[c] for c in p) + odd[s] - 1 for s, p in enumerate(state.captured))


def tables_points(rules: Rules) -> tuple[int, ...]:
    return tuple(rules.points[RANK[c] - 1] for c in DECK.cards)


def test_the_leader_rule_reads_the_state_the_counters_changed() -> None:
    """WB-LOGIC-2, WB-LOGIC-4: after the counters change the scores at a trick, the variant's ``leader``
    sees that state: the changed scores, the trick's winner still to decide on the trump (WB-TRUMP-1)."""
    from rulebook.games.witches_of_blackmore import REPLACING

    seen: list[tuple[int, tuple[int, ...], object]] = []

    def counters(event: Event) -> dict[str, tuple[int, ...]] | None:
        return {"score": (100, 0, 0)} if event.kind == "trick" else None

    def leader(event: Event) -> int | None:
        if event.kind == "trick":
            seen.append((event.number, event.state.scores, event.state.phase))
        return None

    rules = Rules(players=3, logic=Logic(counters=counters, leader=leader))
    state = GAME.new_game(rules, seed=2)
    rng = random.Random(2)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert len(seen) >= 3 and [n for n, _, _ in seen] == list(range(len(seen)))
    for n, scores, phase in seen:
        assert scores[0] >= 100 * (n + 1) and phase == REPLACING


def test_a_game_the_variant_ends_shows_its_last_position() -> None:
    """WB-LOGIC-3, WB-END-4: a game a variant's ``ends`` stops after its third trick: over, nobody to act,
    and its final observation and tensor as every finished game's (no trick waiting on a trump)."""
    from rulebook.games.witches_of_blackmore import OVER

    rules = Rules(players=3, logic=Logic(ends=lambda event: event.kind == "trick" and event.number == 2))
    state = GAME.new_game(rules, seed=1)
    rng = random.Random(1)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert (len(state.tricks), state.phase, state.current_player, state.legal_actions()) == (3, OVER, None, ())
    encode = GAME.tensor_encoder(rules)
    for seat in range(3):
        assert state.observation(seat).tricks == state.tricks
        tensor = state.observation_tensor(seat)
        assert len(tensor) == 730 and list(encode(state, seat)) == list(tensor)


def test_an_outcome_joining_a_card_off_the_pile_top_is_refused() -> None:
    """WB-LOGIC-1, WB-RULING-16: a variant's outcome may add only the top card of the draw pile to a trick;
    one that names another card (here the trick's first) refuses the trick's last play, naming the rule."""
    from rulebook.core.logic import Outcome
    from rulebook.errors import IllegalAction

    rules = Rules(players=3, logic=Logic(trick_winner=lambda trick: Outcome("ghost", (("ghost", trick.cards[0]),))))
    state = GAME.new_game(rules, seed=1)
    rng = random.Random(1)
    while len(state.trick) < 2:
        state = state.apply(rng.choice(state.legal_actions()))
    last = rng.choice(state.legal_actions())
    with pytest.raises(IllegalAction) as refused:
        state.apply(last)
    assert (refused.value.rule, refused.value.action) == ("WB-LOGIC-1", last)
    why = "a card that joins a trick is the top card of the draw pile"
    assert str(refused.value) == f"{last} is not legal: {why} [WB-LOGIC-1]"
