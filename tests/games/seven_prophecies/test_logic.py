"""The logic a variant may replace in Seven Prophecies (SP-LOGIC-1..3): who takes 1st place as one
function, the score counter and its events (tricks and rounds), the endings; and the printed path
unchanged."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.core.history import RoundRecord
from rulebook.core.logic import Event, Logic, Trick
from rulebook.errors import InvalidRules
from rulebook.games.seven_prophecies import DECK, GAME, Play, Rules
from rulebook.games.seven_prophecies.history import PlacedTrick
from rulebook.games.seven_prophecies.rules import places
from rulebook.games.seven_prophecies.scoring import round_points
from rulebook.variants.testing import rules_strategy

RANK = DECK.rank_of
SUIT = DECK.suit_of


def _play_out(state: Any, seed: int, heuristic: bool = False) -> tuple[Any, list[tuple[Trick, int]]]:
    """Play ``state`` to the end; every trick as the engine saw it, with the winner it recorded."""
    rng = random.Random(seed)
    seen: list[tuple[Trick, int]] = []
    while state.current_player is not None:
        action = GAME.heuristic_action(state, rng) if heuristic else rng.choice(state.legal_actions())
        last = type(action) is Play and len(state.trick) == state.rules.players - 1
        n = state.rules.players
        seats = tuple((state.leader + j) % n for j in range(n))
        trick = Trick((*state.trick, action.card), seats, state.leader, state, state.rules) if last else None
        before = len(state.tricks)
        state = state.apply(action)
        GAME.check_invariants(state)
        if trick is not None:
            assert len(state.tricks) == before + 1
            seen.append((trick, state.tricks[-1].winner))
    return state, seen


def _replay(rules: Rules, actions: tuple[Any, ...], seed: int) -> Any:
    state = GAME.new_game(rules, seed=seed)
    for action in actions:
        state = state.apply(action)
    return state


# -- SP-LOGIC-1: 1st place by one function ------------------------------------------------------

@settings(max_examples=50, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_resolve_trick_gives_the_engines_winner_over_random_games_and_rules(data: st.DataObject, seed: int) -> None:
    """SP-LOGIC-1: ``resolve_trick`` rebuilt for every finished trick gives the engine's 1st place."""
    rules = data.draw(rules_strategy(GAME))
    _, seen = _play_out(GAME.new_game(rules, seed=seed), seed)
    assert seen
    for trick, winner in seen:
        assert GAME.resolve_trick(trick) == winner


def lowest_number_wins(trick: Trick) -> int:
    """A variant's rule: the lowest number takes 1st place whatever its suit; of equal numbers, the
    first played."""
    best = min(range(len(trick.cards)), key=lambda i: (RANK[trick.cards[i]], i))
    return int(trick.seats[best])


@pytest.mark.parametrize("players", [3, 4])
def test_a_variants_first_place_is_obeyed_in_played_games(players: int) -> None:
    """SP-LOGIC-1: under "the lowest number wins", every trick's 1st place is its lowest card's
    (first played of equal numbers), the others keep the printed ranking's order, the cubes move by
    those places, the winner leads next, and the record cites the variant."""
    rules = Rules(players=players, logic=Logic(trick_winner=lowest_number_wins))
    differs = 0
    for seed in range(6):
        state, seen = _play_out(GAME.new_game(rules, seed=seed), seed)
        records: tuple[PlacedTrick, ...] = state.tricks
        assert len(records) == len(seen)
        for (trick, winner), record in zip(seen, records, strict=True):
            assert winner == lowest_number_wins(trick) == record.winner
            assert RANK[dict(record.plays)[winner]] == min(RANK[c] for c in trick.cards)
            assert record.rule == "variant:trick_winner"
            printed = places(trick.cards, SUIT[record.future], rules.order, rules.trump)
            others = sorted((p, i) for i, p in enumerate(printed) if trick.seats[i] != winner)
            assert [record.places[i] for _, i in others] == list(range(2, players + 1))
            differs += GAME.resolve_trick(trick) != winner
        for earlier, later in itertools.pairwise(records):  # SP-TRICK-3
            if later.round == earlier.round:
                assert later.leader == earlier.winner
    assert differs > 30


# -- the printed path unchanged -----------------------------------------------------------------

def _nothing(event: Event) -> None:
    return None


def _never(event: Event) -> bool:
    return False


@pytest.mark.parametrize("options", [
    {"players": 4}, {"players": 3}, {"variant": "twice"}, {"variant": "most-cubes"},
    {"end": "target", "target_score": 3}, {"round_start": "lowest-score", "score_floor": False},
])
def test_a_logic_that_changes_nothing_plays_the_printed_game_move_for_move(options: dict[str, Any]) -> None:
    """SP-LOGIC-1..3: the general path (the printed function stated as a variant's, counters that
    change nothing, an ending that never comes) plays the same games as the precomputed path."""
    printed = Rules(**options)
    general = attrs.evolve(printed, logic=Logic(trick_winner=GAME.resolve_trick, counters=_nothing, ends=_never))
    for seed in range(3):
        a, seen_a = _play_out(GAME.new_game(printed, seed=seed), seed, heuristic=True)
        b, seen_b = _play_out(GAME.new_game(general, seed=seed), seed, heuristic=True)
        assert a.history == b.history
        assert [w for _, w in seen_a] == [w for _, w in seen_b]
        assert [t.places for t in a.tricks] == [t.places for t in b.tricks]
        assert a.scores == b.scores and a.winners == b.winners
        assert [(r.points, r.changes, r.end, r.rule) for r in a.rounds] == [
            (r.points, r.changes, r.end, r.rule) for r in b.rounds
        ]
        assert {t.rule for t in b.tricks} == {"variant:trick_winner"}


# -- SP-LOGIC-2: the score counter at trick and round events --------------------------------------

def test_counters_are_called_once_per_trick_and_once_per_round() -> None:
    """SP-LOGIC-2: one call after each trick (its PlacedTrick) and one after each round (its
    RoundRecord), numbered from 0 across the game."""
    calls: list[tuple[str, int, Any]] = []

    def hook(event: Event) -> None:
        calls.append((event.kind, event.number, event.record))

    state, _ = _play_out(GAME.new_game(Rules(players=3, logic=Logic(counters=hook)), seed=2), 2)
    tricks = [c for c in calls if c[0] == "trick"]
    rounds = [c for c in calls if c[0] == "round"]
    assert [n for _, n, _ in tricks] == list(range(len(state.tricks)))
    assert [r for _, _, r in tricks] == list(state.tricks)
    assert [n for _, n, _ in rounds] == [0, 1, 2] and [r for _, _, r in rounds] == list(state.rounds)
    assert all(type(r) is RoundRecord for _, _, r in rounds)
    # each round's call comes right after its last trick's
    order = [k for k, _, _ in calls]
    ends = [i for i, k in enumerate(order) if k == "round"]
    assert order[-1] == "round" and all(order[i - 1] == "trick" for i in ends)


def _first_place_bonus(event: Event) -> dict[str, tuple[int, ...]] | None:
    """+1 to the seat in 1st place of every trick."""
    if event.kind != "trick":
        return None
    return {"score": tuple(int(s == event.record.winner) for s in range(event.state.rules.players))}


@pytest.mark.parametrize("seed", range(4))
def test_counters_change_the_points_the_engine_keeps_exactly(seed: int) -> None:
    """SP-LOGIC-2, SP-SCORE-1, SP-SCORE-2: a point per 1st place, added during the round; the round's
    points and the floor follow: the scores, the observation and the records all show it."""
    rules = Rules(players=4, logic=Logic(counters=_first_place_bonus))
    plain, _ = _play_out(GAME.new_game(Rules(players=4), seed=seed), seed, heuristic=True)
    state = _replay(rules, tuple(plain.history), seed)
    assert state.current_player is None
    totals = [0] * 4
    by_round: dict[int, list[int]] = {}
    for trick in plain.tricks:
        by_round.setdefault(trick.round, [0] * 4)[trick.winner] += 1
    for r, record in enumerate(plain.rounds):
        placed = [c.points for c in record.changes if c.rule == "SP-SCORE-1"]
        assert len(placed) == 4
        for s in range(4):
            totals[s] = max(0, totals[s] + by_round[r][s] + placed[s])
    assert state.scores == tuple(totals)
    assert state.observation(1).points == tuple(totals)
    assert sum(r.points[s] for r in state.rounds for s in range(4)) == sum(totals)
    assert [(c.seat, c.points) for c in state.rounds[0].changes if c.rule == "variant:counters"] == [
        (s, by_round[0][s]) for s in range(4) if by_round[0][s]
    ]
    tensor = GAME.tensor_encoder(rules)(state, 1)
    assert list(tensor) == list(GAME.encode_observation(rules, state.observation(1)))


def test_counters_feed_the_target_score_ending() -> None:
    """SP-LOGIC-2, SP-END-6: 20 points given to seat 3 after the first trick bring it past the target:
    the game ends after the first round, and seat 3 wins."""
    def gift(event: Event) -> dict[str, tuple[int, ...]] | None:
        return {"score": (0, 0, 0, 20)} if event.kind == "trick" and event.number == 0 else None

    rules = Rules(players=4, end="target", target_score=12, logic=Logic(counters=gift))
    for seed in range(3):
        state, _ = _play_out(GAME.new_game(rules, seed=seed), seed)
        assert len(state.rounds) == 1 and state.winners == frozenset({3}) and state.scores[3] >= 20 - 6
        printed = _replay(attrs.evolve(rules, logic=Logic()), tuple(state.history), seed)
        assert printed.current_player is not None  # without the gift the game goes on


def test_counters_at_the_round_event_feed_the_successes_that_win() -> None:
    """SP-LOGIC-2, SP-VAR-1: in variant 1, a success given to seat 0 at each round's end: seat 0 reaches
    two successes after two rounds at the latest, and the game ends there with seat 0 among the winners."""
    def success(event: Event) -> dict[str, tuple[int, ...]] | None:
        return {"score": (1, 0, 0, 0)} if event.kind == "round" else None

    rules = Rules(players=4, variant="twice", logic=Logic(counters=success))
    for seed in range(4):
        state, _ = _play_out(GAME.new_game(rules, seed=seed), seed)
        assert len(state.rounds) <= 2 and 0 in state.winners
        assert state.successes[0] == len(state.rounds) + sum(1 for _t, done in state.ends if 0 in done)
        assert state.observation(2).successes == state.successes == state.scores


# -- SP-LOGIC-3: the endings ----------------------------------------------------------------------

def _at(kind: str, number: int) -> Callable[[Event], bool]:
    def ends(event: Event) -> bool:
        return event.kind == kind and event.number == number
    return ends


@pytest.mark.parametrize("seed", range(5))
def test_a_variants_ending_mid_round_scores_the_round_as_the_game_does(seed: int) -> None:
    """SP-LOGIC-3, SP-SCORE-1, SP-SCORE-2: a variant that ends the game after the fourth trick: the
    round stops there, each seat scores for the cubes it still has on prophecy cards, floored at 0,
    the highest wins."""
    rules = Rules(players=4, logic=Logic(ends=_at("trick", 3)))
    state, _ = _play_out(GAME.new_game(rules, seed=seed), seed)
    assert len(state.tricks) == 4 and len(state.rounds) == 1 and state.current_player is None
    expected = tuple(max(0, round_points(7 - state.placed[s])) for s in range(4))
    assert state.scores == expected == state.rounds[0].points
    assert state.rounds[0].rule == "variant:ends" and state.rounds[0].end == "the variant's rules ended the game"
    best = max(expected)
    assert state.winners == frozenset(s for s, v in enumerate(expected) if v == best)


def test_a_variants_ending_at_a_round_ends_the_game_there() -> None:
    """SP-LOGIC-3: a variant that ends the game after the first round (of four)."""
    rules = Rules(players=4, logic=Logic(ends=_at("round", 0)))
    not_all = 0
    for seed in range(6):
        state, _ = _play_out(GAME.new_game(rules, seed=seed), seed, heuristic=True)
        assert len(state.rounds) == 1 and state.rounds[0].rule == "variant:ends"
        assert state.scores == state.rounds[0].points
        best = max(state.scores)
        assert state.winners == frozenset(s for s, v in enumerate(state.scores) if v == best)
        not_all += state.winners != frozenset(range(4))
    assert not_all >= 4


@pytest.mark.parametrize("options,off", [
    ({"end": "target", "target_score": 1, "round_limit": 3}, "target"),
    ({"variant": "twice", "successes_to_win": 1, "round_limit": 3}, "successes"),
])
def test_endings_off_play_on_to_the_rounds_in_played_games(options: dict[str, Any], off: str) -> None:
    """SP-LOGIC-3, SP-END-6, SP-VAR-1: with the ending on, games stop early; switched off, they play
    all ``round_limit`` rounds."""
    on = Rules(players=4, **options)
    switched = attrs.evolve(on, endings_off=(off,))
    early = 0
    for seed in range(8):
        a, _ = _play_out(GAME.new_game(on, seed=seed), seed, heuristic=True)
        b, _ = _play_out(GAME.new_game(switched, seed=seed), seed, heuristic=True)
        assert len(b.rounds) == 3
        early += len(a.rounds) < 3
    assert early >= 5


def test_endings_off_refusals() -> None:
    """SP-LOGIC-3: the rounds cannot be switched off; names are endings, each once."""
    with pytest.raises(InvalidRules, match="endings_off") as rounds:
        Rules(endings_off=("rounds",))
    assert "SP-END-3" in str(rounds.value) and "might never end" in str(rounds.value)
    with pytest.raises(InvalidRules, match=r"endings_off.*'never' is not an ending"):
        Rules(endings_off=("never",))
    with pytest.raises(InvalidRules, match=r"endings_off.*twice"):
        Rules(endings_off=("target", "target"))
    assert dict(GAME.ENDINGS) == {"cubes": "SP-END-1", "rounds": "SP-END-3", "target": "SP-END-6",
                                  "successes": "SP-VAR-1"}
    assert list(GAME.COUNTERS) == ["score"] and set(GAME.EVENTS) == {"trick", "round"}


def test_the_state_keeps_the_variants_counts_only_under_its_logic() -> None:
    """SP-LOGIC-2: the printed state carries no counts (the precomputed path)."""
    assert GAME.new_game(Rules(), seed=1).info.logic is None
    assert GAME.new_game(Rules(logic=Logic(trick_winner=lowest_number_wins)), seed=1).info.logic is None
    assert GAME.new_game(Rules(players=3, logic=Logic(ends=_never)), seed=1).info.logic == (
        (((0, 0, 0), (0, 0, 0)),), False)


def test_a_variant_may_take_points_below_the_floor_between_rounds() -> None:
    """SP-LOGIC-2, SP-SCORE-2: the floor applies when a round is scored: 5 points taken from seat 0
    after the first trick leave it at -5 until the round's end; then its round's points are added
    and the total floored at 0."""
    def take(event: Event) -> dict[str, tuple[int, ...]] | None:
        return {"score": (-5, 0, 0, 0)} if event.kind == "trick" and event.number == 0 else None

    rules = Rules(players=4, logic=Logic(counters=take))
    state = GAME.new_game(rules, seed=1)
    rng = random.Random(1)
    while not state.tricks:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.points[0] == -5 and state.scores[0] == -5
    GAME.check_invariants(state)
    while len(state.rounds) < 1:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.points[0] == max(0, -5 + round_points(7 - state.earlier[0].placed[0]))


def _odd_bonus(event: Event) -> dict[str, tuple[int, ...]] | None:
    """+1 to 1st place on odd tricks, -1 to every seat at each round's end."""
    n = event.state.rules.players
    if event.kind == "round":
        return {"score": (-1,) * n}
    if event.number % 2:
        return {"score": tuple(int(s == event.record.winner) for s in range(n))}
    return None


@settings(max_examples=30, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1), stop=st.integers(0, 40))
def test_the_general_path_keeps_the_invariants_over_random_rules(data: st.DataObject, seed: int, stop: int) -> None:
    """SP-LOGIC-1..3: under a variant's 1st place, counters and ending, every position keeps the
    game's invariants (checked at every move), the game ends within its bound, and the round records
    add up to the final scores."""
    rules = attrs.evolve(data.draw(rules_strategy(GAME)), logic=Logic(
        trick_winner=lowest_number_wins, counters=_odd_bonus, ends=_at("trick", stop)))
    state, seen = _play_out(GAME.new_game(rules, seed=seed), seed)
    assert len(state.history) <= GAME.max_game_length(rules)
    assert len(seen) <= stop + 1
    assert state.scores == tuple(sum(r.points[s] for r in state.rounds) for s in range(rules.players))


def test_the_round_leader_rule_reads_the_scores_the_counters_changed() -> None:
    """SP-LOGIC-2, SP-LOGIC-4: when the counters change the scores at a round's end, the variant's
    ``leader`` for the next round sees the changed scores (ten more points to seat 1 each round)."""
    seen: list[tuple[int, tuple[int, ...]]] = []

    def counters(event: Event) -> dict[str, tuple[int, ...]] | None:
        return {"score": (0, 10, 0)} if event.kind == "round" else None

    def leader(event: Event) -> int | None:
        if event.kind == "round":
            seen.append((event.number, event.state.scores))
        return None

    rules = Rules(players=3, logic=Logic(counters=counters, leader=leader))
    state = GAME.new_game(rules, seed=3)
    rng = random.Random(3)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    finished = state.rounds
    assert len(seen) == len(finished) - 1 >= 1
    for number, scores in seen:
        assert scores == tuple(sum(r.points[s] for r in finished[: number + 1]) for s in range(3))
        assert scores[1] >= 10 * (number + 1)


def test_the_round_event_names_the_lowest_scorer_as_the_games_own_starter() -> None:
    """SP-LOGIC-4, SP-END-8, SP-RULING-13: under round_start='lowest-score' the facts of a round event
    name the player with the fewest points as the game's own next starter, ties going clockwise from
    the printed one (the left neighbour of the round's start player): seed 2, random moves."""
    from rulebook.core.turns import TurnFacts
    from rulebook.games.seven_prophecies import GAME, Rules
    from rulebook.games.seven_prophecies.state import SevenPropheciesState
    from rulebook.variants.variant import Variant

    events: list[Any] = []

    def leader(event: Any) -> None:
        if event.kind == "round":
            events.append(event)

    state = Variant(GAME, Rules(round_start="lowest-score"), leader=leader).new_game(seed=2)
    rng = random.Random(2)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert [SevenPropheciesState.turn_facts(e) for e in events] == [
        TurnFacts(4, 1, (0, 0, 0, 0), 0, 1, 0),
        TurnFacts(4, 2, (0, 0, 0, 0), 0, 1, 1),
        TurnFacts(4, 3, (0, 2, 0, 0), 1, 0, 2),  # seat 3 of the three with 0 points: the first from seat 3
    ]


def test_a_trick_events_record_is_the_rounds_last_trick() -> None:
    """SP-LOGIC-2: the trick event hands over the record of the round's last trick, built alone
    (``history.last_round_trick``), the very record ``round_tricks`` lists last, across rounds, under
    the printed ranking, the lowest number first without trumps and a variant's own winner; a
    round with no finished trick has none."""
    from rulebook.games.seven_prophecies import history

    checked = 0
    rounds = set()
    for players, options, logic in ((4, {}, Logic()), (3, {"order": "lowest", "trump": "none"}, Logic()),
                                    (4, {}, Logic(trick_winner=lambda t: t.seats[-1]))):
        state = GAME.new_game(Rules(players=players, logic=logic, **options), seed=players)  # type: ignore[arg-type]
        rng = random.Random(players)
        while not state.is_terminal:
            if history.round_tricks(state) and state._round_tricks:
                record = history.last_round_trick(state)
                assert record == history.round_tricks(state)[-1]
                assert record == history.tricks(state)[-1]
                rounds.add(state.info.round)
                checked += 1
            elif not state._round_tricks:
                with pytest.raises(IndexError):
                    history.last_round_trick(state)
            state = state.apply(rng.choice(state.legal_actions()))
    assert checked > 100 and len(rounds) > 1


@pytest.mark.parametrize("variant", ["points", "twice"])
@pytest.mark.parametrize("at_end", [False, True])
def test_the_counters_change_only_the_score_and_the_variants_counts(variant: str, at_end: bool) -> None:
    """SP-LOGIC-2: a trick's (or round's) changes move the score counter (points; successes in variant
    1) by exactly the changes, and the variant's counts of the round by the same; every other part of
    the round's record is the one it was (``_count`` builds the record field by field)."""
    from rulebook.games.seven_prophecies.state import _count

    rules = Rules(players=4, variant=variant, logic=Logic(counters=lambda e: None))  # type: ignore[arg-type]
    state = GAME.new_game(rules, seed=3)
    rng = random.Random(3)
    while state.info.round == 0 or len(state.tricks) < 2:
        state = state.apply(rng.choice(state.legal_actions()))
    info = state.info
    assert info.logic is not None
    out = _count(info, rules, {"score": (2, 0, -1, 5)}, at_end)
    score = "successes" if variant == "twice" else "points"
    moved = {score: tuple(a + d for a, d in zip(getattr(info, score), (2, 0, -1, 5), strict=True))}
    rows, ended = info.logic
    during, at = rows[-1]
    delta = (2, 0, -1, 5)
    kept = (during, tuple(a + d for a, d in zip(at, delta, strict=True))) if at_end else (
        tuple(a + d for a, d in zip(during, delta, strict=True)), at)
    assert out == attrs.evolve(info, **moved, logic=((*rows[:-1], kept), ended))
    assert _count(info, rules, {"score": (0, 0, 0, 0)}, at_end) is info
    assert _count(info, rules, None, at_end) is info
