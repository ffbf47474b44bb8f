"""Saru Tori Inu I's logic seam (issue 33): the round resolved by one function (ST-LOGIC-1), the
counters a variant changes at the events ``round`` and ``race`` (ST-LOGIC-2), the endings it
switches off or adds (ST-LOGIC-3), and animals that share squares (ST-ROAD-5, ST-RULING-21)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook.core.history import RoundRecord, TrickRecord
from rulebook.core.logic import Event, Logic, Trick
from rulebook.errors import InvalidRules
from rulebook.games.saru_tori_inu_i import GAME, RoundOfPlay, Rules, SaruState
from rulebook.games.saru_tori_inu_i.actions import PLACE, PLAY
from rulebook.games.saru_tori_inu_i.rules import FACE_DOWN, move_animals, share_animals
from rulebook.games.saru_tori_inu_i.scoring import printed_start, resolve_trick, round_trick
from rulebook.variants.testing import rules_strategy


def play(rules: Rules, seed: int, each: Any = None) -> SaruState:
    """A random game; ``each(before, after)`` is called on every move."""
    state: SaruState = GAME.new_game(rules, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        nxt = state.apply(rng.choice(state.legal_actions()))
        GAME.check_invariants(nxt)
        if each is not None:
            each(state, nxt)
        state = nxt
    return state


def resolutions(state: SaruState, nxt: SaruState) -> bool:
    """Whether ``nxt`` is the first step of a round's resolution (every card played)."""
    return nxt.phase == PLACE and nxt.qi == 0 and state.phase != PLACE and not nxt.is_terminal


# -- ST-LOGIC-1: the round's winner as one function ---------------------------------------------


def test_resolve_trick_reads_the_strengths_like_the_rule() -> None:
    """ST-LOGIC-1, ST-RES-1, ST-RULING-6, ST-RULING-7: highest strength played or declared; a
    face-down seat wins only when every seat played face down (the first of them)."""
    state: SaruState = GAME.new_game(Rules(), seed=3)
    shown = state.replace(shown=(4, 9, FACE_DOWN, 0))
    assert GAME.resolve_trick(Trick((1, 2, 3, 4), (0, 1, 2, 3), 0, shown, shown.rules)) == 1
    declared = state.replace(shown=(4, 9, 10, 0))  # seat 2 declared 10 with two cards
    assert resolve_trick(Trick((1, 2, 3, 5, 4), (0, 1, 2, 2, 3), 0, declared, declared.rules)) == 2
    down = state.replace(shown=(FACE_DOWN, FACE_DOWN, FACE_DOWN, FACE_DOWN))
    assert resolve_trick(Trick((1, 2, 3, 4), (2, 3, 0, 1), 2, down, down.rules)) == 2
    # ST-ROUND-2: the next start player is the lowest strength, else the last face-down player
    assert printed_start((0, 1, 2, 3), (4, 9, 10, 0)) == 3
    assert printed_start((2, 3, 0, 1), (4, FACE_DOWN, 10, FACE_DOWN)) == 1


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), players=st.sampled_from([3, 4]), seed=st.integers(0, 10_000))
def test_resolve_trick_is_the_engine_s_winner_over_random_games_and_rules(data: Any, players: int, seed: int) -> None:
    """ST-LOGIC-1: over random games under random rules, the function rebuilt for every round
    names the seat the engine lets resolve first (and the placement records agree)."""
    rules: Rules = data.draw(rules_strategy(GAME, players=players))
    winners: list[int] = []

    def check(state: SaruState, nxt: SaruState) -> None:
        if resolutions(state, nxt):
            trick = round_trick(nxt)
            assert trick.leader == nxt.order[0] and set(trick.seats) == set(nxt.order)
            assert GAME.resolve_trick(trick) == nxt.queue[0] == nxt.current_player
            winners.append(nxt.queue[0])

    end = play(rules, seed, check)
    assert len(winners) == end.rounds_played
    assert [p.steps[0].seat for p in end.placements] == winners


def lowest_wins(trick: Trick) -> int:
    """A variant's rule: the lowest strength played or declared resolves first (face down last)."""
    shown = trick.state.shown
    up = [s for s in trick.seats if shown[s] >= 0]
    return int(min(up, key=shown.__getitem__)) if up else int(trick.seats[0])


@pytest.mark.parametrize("seed", range(6))
def test_a_trick_winner_function_is_obeyed(seed: int) -> None:
    """ST-LOGIC-1: with "the lowest strength resolves first", every round is resolved from the
    lowest strength; the others follow in the printed order; the printed start player starts the
    next round (ST-ROUND-2); the placements show it."""
    rules = Rules(players=3 + seed % 2, logic=Logic(trick_winner=lowest_wins))
    seen = []

    def check(state: SaruState, nxt: SaruState) -> None:
        if resolutions(state, nxt):
            shown = nxt.shown
            up = sorted([s for s in nxt.order if shown[s] >= 0], key=shown.__getitem__, reverse=True)
            printed = tuple(up) + tuple(s for s in nxt.order if shown[s] == FACE_DOWN)
            winner = lowest_wins(round_trick(nxt))
            assert nxt.queue == (winner,) + tuple(s for s in printed if s != winner)
            seen.append((winner, printed[0], printed_start(nxt.order, shown)))
        if nxt.phase == PLAY and nxt.qi == 0 and state.phase != PLAY and nxt.race == state.race and seen \
                and not nxt.is_terminal:
            assert nxt.order[0] == seen[-1][2] or nxt.hands[seen[-1][2]] == ()

    end = play(rules, seed, check)
    assert [p.steps[0].seat for p in end.placements] == [w for w, _, _ in seen]
    assert any(w != p for w, p, _ in seen)  # the variant changed who resolved first
    # the same seed under the printed rules differs
    assert play(Rules(players=rules.players), seed).history != end.history or not any(w != p for w, p, _ in seen)


@pytest.mark.parametrize("seed", range(8))
def test_an_empty_logic_plays_move_for_move_like_the_printed_rules(seed: int) -> None:
    """ST-LOGIC-1..3: a Logic whose functions are all None takes the general path (it is not the
    printed object) and gives the same game, move for move, as the printed rules."""
    rules = Rules(players=3 + seed % 2)
    a = play(rules, seed)
    b = play(attrs.evolve(rules, logic=Logic()), seed)
    assert a.history == b.history and a.scores == b.scores and a.rounds == b.rounds
    # a function that always names the printed winner changes nothing either
    c = play(attrs.evolve(rules, logic=Logic(trick_winner=resolve_trick)), seed)
    assert c.history == a.history and c.rounds == a.rounds


# -- ST-LOGIC-2: the counters ------------------------------------------------------------------


def test_counters_and_events_are_declared() -> None:
    """ST-LOGIC-2, ST-LOGIC-3: the counters (``score`` first: it feeds ``scores``), the events and
    the endings with their rules."""
    assert list(GAME.COUNTERS) == ["score", "squares"]
    assert list(GAME.EVENTS) == ["trick", "round"]
    assert dict(GAME.ENDINGS) == {"rounds": "ST-ROUND-3", "target": "ST-RACE-4", "races": "ST-RACE-1"}
    assert RoundOfPlay.VERSION == 1


def test_the_counters_are_called_once_per_event_with_its_record() -> None:
    """ST-LOGIC-2: one call per round of play (``trick``, a TrickRecord) and one per race (``round``,
    its RoundRecord), in order, each with its record."""
    calls: list[tuple[str, int, Any]] = []

    def count(event: Event) -> None:
        calls.append((event.kind, event.number, event.record))

    rules = Rules(players=4, races="short", logic=Logic(counters=count))
    end = play(rules, 5)
    got = list(calls)  # (the placements below replay the game, calling the function again)
    kinds = [(k, n) for k, n, _ in got]
    assert kinds == [("trick", i) for i in range(6)] + [("round", 0)] + [("trick", i) for i in range(6, 12)] + [
        ("round", 1)]
    tricks = [r for k, _, r in got if k == "trick"]
    assert all(isinstance(r, TrickRecord) and type(r) is RoundOfPlay for r in tricks)
    assert [(r.number, r.round, r.in_race) for r in tricks] == [(i, i // 6, i % 6) for i in range(12)]
    placements = end.placements
    assert [r.winner for r in tricks] == [p.steps[0].seat for p in placements]
    assert [r.order for r in tricks] == [tuple(s.seat for s in p.steps) for p in placements]
    assert [r.plays for r in tricks] == [tuple((seat, c) for seat, _, cards in p.plays for c in cards)
                                         for p in placements]
    assert [r.strengths for r in tricks] == [tuple(dict((seat, v) for seat, v, _ in p.plays).get(s, -2)
                                                   for s in range(4)) for p in placements]
    assert [r.leader for r in tricks] == [p.plays[0][0] for p in placements]
    assert any(len(r.plays) > len(set(r.players)) for r in tricks)  # a declarer's two cards (ST-PLAY-4)
    assert any(-1 in r.strengths for r in tricks)  # and a face-down card (ST-PLAY-3)
    assert all(r.rule == "ST-RES-1" for r in tricks)
    assert [r for k, _, r in got if k == "round"] == list(end.rounds)
    assert all(type(r) is RoundRecord for k, _, r in got if k == "round")


def test_score_changes_reach_the_scores_the_target_and_the_records() -> None:
    """ST-LOGIC-2, ST-RACE-4: 5 points to seat 1 after every round of play (6 a race) and 1 to
    seat 3 at each race's end: the totals, the observation, the records and the target read them."""
    def bonus(event: Event) -> dict[str, tuple[int, ...]]:
        return {"score": (0, 5, 0, 0)} if event.kind == "trick" else {"score": (0, 0, 0, 1)}

    printed = play(Rules(players=4), 2)
    changed = play(Rules(players=4, logic=Logic(counters=bonus)), 2)
    assert printed.history == changed.history  # the moves are the same seed's
    assert changed.scores == tuple(a + b for a, b in zip(printed.scores, (0, 4 * 6 * 5, 0, 4)))
    assert changed.observation(0).totals == changed.scores
    for a, b in zip(printed.rounds, changed.rounds):
        assert b.points == tuple(x + y for x, y in zip(a.points, (0, 30, 0, 1)))
        assert b.changes[: len(a.changes)] == a.changes
        assert [(c.seat, c.points, c.rule) for c in b.changes[len(a.changes):]] == [
            (1, 30, "variant:counters"), (3, 1, "variant:counters")]
    assert changed.winners == frozenset({1}) or max(changed.scores) != changed.scores[1]
    # the target score (ST-RACE-4) reads the changed count: reached after race 1 only with the bonus
    target = max(changed.rounds[0].points)
    assert target > max(printed.rounds[0].points)
    short = play(Rules(players=4, target_score=target, logic=Logic(counters=bonus)), 2)
    assert len(short.rounds) == 1 and short.rounds[0] == changed.rounds[0]
    assert len(play(Rules(players=4, target_score=target), 2).rounds) > 1


def test_squares_changes_move_the_animals_for_the_race_order_and_the_colour_points() -> None:
    """ST-LOGIC-2, ST-RULING-21: moving the boar 3 squares on after every round changes its
    squares, so the race order and the colour points read the changed squares."""
    def push(event: Event) -> dict[str, tuple[int, ...]] | None:
        return {"squares": (0, 0, 0, 3)} if event.kind == "trick" else None

    rules = Rules(players=4, races="trial", logic=Logic(counters=push))
    printed = GAME.new_game(Rules(players=4, races="trial"), seed=4)
    changed = GAME.new_game(rules, seed=4)
    rng = random.Random(4)
    while not printed.is_terminal and printed.rnd == 0:
        action = rng.choice(printed.legal_actions())
        printed, changed = printed.apply(action), changed.apply(action)
    assert changed.pos == printed.pos[:3] + (printed.pos[3] + 3,)
    assert changed.observation(0).positions == changed.pos
    from rulebook.games.saru_tori_inu_i.scoring import score_colours
    assert changed.race_standing == score_colours(changed.rules, changed.acquired, changed.pos)


# -- ST-LOGIC-3: the endings ------------------------------------------------------------------


def test_a_variant_ends_the_game_at_a_round_and_the_race_is_scored_by_the_game() -> None:
    """ST-LOGIC-3, ST-SCORE-1..4, ST-RACE-2: ended after round 3 of race 1, the race in progress
    is scored by the game's own rules and the highest total wins."""
    def after_three(event: Event) -> bool:
        return event.kind == "trick" and event.number == 2

    rules = Rules(players=4, logic=Logic(ends=after_three))
    end = play(rules, 7)
    assert end.is_terminal and end.rounds_played == 3 and len(end.rounds) == 1
    record = end.rounds[0]
    assert record.rule == "variant:ends"
    assert record.end == "a variant's rule ended the game after round 3 of race 1"
    from rulebook.games.saru_tori_inu_i.scoring import race_score_changes
    own = race_score_changes(end.rules, end.acquired, end.pos, end.missions)
    assert record.changes == own and end.scores == record.points
    best = max(end.scores)
    assert end.winners == frozenset(s for s, v in enumerate(end.scores) if v == best)
    assert end.winners != frozenset(range(4)) or len(set(end.scores)) == 1


def test_a_variant_ends_the_game_after_a_race() -> None:
    """ST-LOGIC-3: ended at the first race's scoring, the game is that race; its record names the
    variant's ending after the race's own."""
    rules = Rules(players=3, logic=Logic(ends=lambda e: e.kind == "round"))
    end = play(rules, 1)
    printed = play(Rules(players=3, races="trial"), 1)
    assert end.history == printed.history and end.scores == printed.scores
    assert end.rounds[0].rule == "variant:ends" and end.rounds[0].end == "8 rounds were played; then a variant's " \
        "rule ended the game"
    assert end.rounds[0].points == printed.rounds[0].points


def test_the_rounds_ending_switched_off_runs_each_race_until_the_hands_are_empty() -> None:
    """ST-LOGIC-3, ST-ROUND-3, ST-RULING-9: without the rounds' ending every race runs until no seat
    has a card (more rounds than the printed 6), and says so."""
    for seed in range(4):
        end = play(Rules(players=4, endings_off=("rounds",)), seed)
        assert len(end.rounds) == 4
        assert all(r.rule == "ST-RULING-9" for r in end.rounds)
        assert end.rounds_played > 4 * 6
        assert end.rounds_played <= GAME.max_game_length(end.rules)
    # the table no longer promises a number of rounds
    from rulebook.core import render
    assert render.state_text(GAME.new_game(Rules(endings_off=("rounds",)), seed=1)).splitlines()[0] == (
        "Saru Tori Inu I (サルトリイヌイ) · race 1 · round 1 · 4 players")
    assert render.state_text(GAME.new_game(Rules(), seed=1)).splitlines()[0] == (
        "Saru Tori Inu I (サルトリイヌイ) · race 1 of 4 · round 1 of 6 · 4 players")


def test_the_target_ending_switched_off() -> None:
    """ST-LOGIC-3, ST-RACE-4: a target of 1 ends most games after race 1; switched off, every game
    runs its four races."""
    ended = [len(play(Rules(players=4, target_score=1), seed).rounds) for seed in range(6)]
    off = [len(play(Rules(players=4, target_score=1, endings_off=("target",)), seed).rounds) for seed in range(6)]
    assert off == [4] * 6 and ended != off and min(ended) == 1


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (("races",), "Rules.endings_off: 'races' cannot be switched off: the last race is the only ending sure to "
                     "come (a target score may never be reached), so the game would never end"),
        (("rounds", "rounds"), "Rules.endings_off: names 'rounds' twice"),
        (("deal",), "Rules.endings_off: item 1 must be one of rounds, target, races (got 'deal')"),
    ],
)
def test_endings_off_refusals(value: tuple[str, ...], message: str) -> None:
    """ST-LOGIC-3: unknown names, repeats and the ending without which the game never ends."""
    with pytest.raises(InvalidRules) as info:
        Rules(endings_off=value)
    assert str(info.value) == message


# -- ST-ROAD-5: animals that share squares -----------------------------------------------------


def test_share_animals_moves_one_square_per_icon() -> None:
    """ST-ROAD-5 against ST-ROAD-3: the source's example (the monkey hops three animals to the
    fourth square) and the shared square."""
    assert move_animals((0, 1, 2, 3), (0,)) == (4, 1, 2, 3)
    assert share_animals((0, 1, 2, 3), (0,)) == (1, 1, 2, 3)
    assert share_animals((0, 0, 0, 0), (0, 2, 1)) == (1, 1, 1, 0)


def test_animals_share_squares_in_played_games_and_rank_by_the_tie_order() -> None:
    """ST-ROAD-5, ST-RULING-21: in played games two moved animals stand on one square, and the
    race order ranks them by the track's tie order."""
    from rulebook.games.saru_tori_inu_i import race_order

    shared = 0
    for seed in range(5):
        rules = Rules(players=4, squares="share")

        def check(state: SaruState, nxt: SaruState) -> None:
            nonlocal shared
            pos = nxt.pos
            for a in range(4):
                for b in range(a + 1, 4):
                    if pos[a] == pos[b] and pos[a] > 0:
                        shared += 1
                        order = race_order(nxt.rules.track, pos)
                        tie = nxt.rules.track.tie_order
                        assert (order.index(a) < order.index(b)) == (tie.index(a) < tie.index(b))
            if len(nxt.road) > len(state.road) and nxt.race == state.race:
                icons = nxt.rules.deck[nxt.road[-1]].icons
                assert nxt.pos == share_animals(state.pos, icons)

        play(rules, seed, check)
    assert shared > 0


# -- through a Python variant (the variant layer builds the Logic) ----------------------------------


def test_round_points_of_a_variant_are_the_engine_s_race_event() -> None:
    """ST-LOGIC-2: a variant's ``round_points`` is called once per race with the race's RoundRecord,
    and its points are the engine's: the scores, the records and the winners read them."""
    from rulebook.variants.variant import Variant

    seen: list[int] = []

    def first_seat_bonus(state: Any, record: Any) -> list[int]:
        seen.append(record.number)
        return [10] + [0] * (state.rules.players - 1)

    v = Variant(GAME, Rules(players=3), round_points=first_seat_bonus)
    state = v.new_game(seed=1)
    rng = random.Random(1)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    printed = play(Rules(players=3), 1)
    assert seen == [0, 1, 2]
    assert state.history == printed.history
    assert state.scores == v.scores(state) == (printed.scores[0] + 30,) + printed.scores[1:]
    assert [r.points for r in state.rounds] == [(p.points[0] + 10,) + p.points[1:] for p in printed.rounds]
    assert all(r.changes[-1].rule == "variant:counters" for r in state.rounds)


def test_a_variant_s_trick_winner_passes_verify() -> None:
    """ST-LOGIC-1: "the last to play resolves first", through a variant: verify's checks hold."""
    from rulebook.variants.variant import Variant
    from rulebook.variants.verify import verify

    v = Variant(GAME, Rules(), trick_winner=lambda t: t.seats[-1], name="last first")
    report = verify(GAME, v, examples=6, seed=2)
    assert report.ok, report


def _reads_placements(state: Any, rnd: Any) -> list[int]:
    return [len(state.placements)] + [0] * (state.rules.players - 1)


def test_a_hook_that_reads_placements_is_told_what_to_read_instead() -> None:
    """ST-LOGIC-2: placements replay the game, calling the variant's functions again; inside a hook
    they are refused with a message, never an endless recursion."""
    from rulebook.variants.hooks import HookError
    from rulebook.variants.variant import Variant

    state = Variant(GAME, Rules(), round_points=_reads_placements).new_game(seed=3)
    rng = random.Random(3)
    with pytest.raises(HookError, match=r"raised ValueError: state.placements replays the game.*read the event's "
                       r"record \(a RoundOfPlay\), state.rounds or state.history instead"):
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
