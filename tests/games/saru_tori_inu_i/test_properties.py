"""Saru Tori Inu I: Hypothesis properties over random games, random valid Rules and random
valid decks, missions and tracks, for 3 and 4 players.

The scorer here is an independent reference (places counted pairwise, tiers walked as
prefixes), not the engine's ``score_race``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook import InvalidRules
from rulebook.core.history import round_totals
from rulebook.games.saru_tori_inu_i import (
    GAME,
    Phase,
    RevealedMissions,
    Rules,
    SaruState,
)
from rulebook.variants.testing import rules_strategy

POINTS = {(1, 1): 4, (1, 2): 3, (2, 1): 2, (2, 2): 1, (3, 1): 0, (3, 2): 0, (4, 1): -3, (4, 2): -1}


@st.composite
def decks(draw: st.DrawFn) -> list[dict[str, Any]]:
    """A random valid deck: 9 cards per colour, any strengths 0-10 (repeats allowed),
    1-4 icons each, in a random order; names are left to the engine."""
    cards = [
        {
            "colour": colour,
            "strength": draw(st.integers(0, 10)),
            "icons": draw(st.lists(st.integers(0, 3), min_size=1, max_size=4)),
        }
        for colour in range(4)
        for _ in range(9)
    ]
    order = draw(st.permutations(range(36)))
    return [cards[i] for i in order]


@st.composite
def missions(draw: st.DrawFn) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(4, 8))):
        if draw(st.booleans()):
            animals = draw(st.permutations(range(4)))
            places = draw(st.permutations(range(1, 5)))
            k = draw(st.integers(1, 4))
            split = draw(st.integers(1, k))
            tiers = [
                {"places": [[animals[i], places[i]] for i in range(split)], "points": draw(st.integers(-5, 20))}
            ]
            if split < k:
                tiers.append(
                    {"places": [[animals[i], places[i]] for i in range(split, k)], "points": draw(st.integers(0, 30))}
                )
            out.append({"kind": "race", "tiers": tiers})
        else:
            out.append(
                {
                    "kind": "cards",
                    "condition": draw(st.sampled_from(["always", "animal_place", "colour_first", "every_colour"])),
                    "animal": draw(st.integers(0, 3)),
                    "place": draw(st.integers(1, 4)),
                    "colour": draw(st.integers(0, 3)),
                    "per_card": draw(st.integers(-2, 3)),
                    "counted": draw(st.sampled_from(["all", 0, 1, 2, 3])),
                }
            )
    return out


@st.composite
def tracks(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "start": draw(st.lists(st.integers(0, 3), min_size=4, max_size=4)),
        "tie_order": draw(st.permutations(range(4))),
    }


@st.composite
def saru_rules(draw: st.DrawFn, players: int) -> Rules:
    rules: Rules = draw(rules_strategy(GAME, players=players))
    changes: dict[str, Any] = {}
    if draw(st.booleans()):
        changes["deck"] = draw(decks())
    if draw(st.booleans()):  # ST-SCORE-5: sometimes no missions at all
        changes["missions"] = draw(st.one_of(missions(), st.just([])))
    if draw(st.booleans()):  # ST-SCORE-2: a random table of points per card
        changes["colour_points"] = tuple(draw(st.lists(st.integers(-20, 20), min_size=8, max_size=8)))
    if draw(st.booleans()):
        changes["track"] = draw(tracks())
    rules = attrs.evolve(rules, **changes)
    if draw(st.booleans()):  # ST-SETUP-6: cards taken out, by name or by strength
        words = sorted({c.name for c in rules.deck} | {str(c.strength) for c in rules.deck})
        removed = tuple(draw(st.lists(st.sampled_from(words), max_size=4)))
        try:
            rules = attrs.evolve(rules, removed=removed)
        except InvalidRules:  # too few cards left for the players
            pass
    return rules


def animal_places(rules: Rules, pos: tuple[int, ...]) -> list[int]:
    """Place 1-4 of each animal: one plus the animals strictly ahead of it."""
    tie = list(rules.track.tie_order)
    return [
        1 + sum(1 for b in range(4) if pos[b] > pos[a] or (pos[b] == pos[a] and tie.index(b) < tie.index(a)))
        for a in range(4)
    ]


def check_races_played(rules: Rules, state: SaruState) -> None:
    """ST-RACE-1, ST-RACE-3: the stated number of races; ST-RACE-4: or fewer, ending with the
    first race whose scoring leaves somebody at the target score."""
    totals = [0] * rules.players
    for k, record in enumerate(state.rounds, 1):
        totals = [a + b for a, b in zip(totals, record.points)]
        if rules.target_score and max(totals) >= rules.target_score:
            assert k == len(state.rounds)
            return
    assert len(state.rounds) == rules.race_count


def reference_score(
    rules: Rules, acquired: Any, pos: tuple[int, ...], dealt: tuple[int, ...] | None
) -> tuple[int, ...]:
    """The race's points; ``dealt=None``: colours only (the public ``race_standing``)."""
    deck = rules.deck
    n = len(acquired)
    aplace = animal_places(rules, pos)
    points = [0] * n
    first = [set() for _ in range(n)]  # type: list[set[int]]
    for colour in range(4):
        mine = {s: [deck[c].strength for c in acquired[s] if deck[c].colour == colour] for s in range(n)}
        totals = {s: sum(v) for s, v in mine.items() if v}
        for s, total in totals.items():
            if rules.tie_ranking == "dense":
                place = 1 + len({t for t in totals.values() if t > total})
            else:
                place = 1 + len([t for t in totals.values() if t > total])
            if place == 1:
                first[s].add(colour)
            if place <= 2:
                points[s] += len(mine[s]) * rules.colour_points[2 * (aplace[colour] - 1) + place - 1]  # ST-SCORE-2
    if not dealt:  # colours only, or no missions (ST-SCORE-5)
        return tuple(points)
    for s in range(n):
        m = rules.missions[dealt[s]]
        if m.kind == "race":
            needed: list[tuple[int, int]] = []
            pay = 0
            for tier in m.tiers:
                needed += list(tier.places)
                if not all(aplace[a] == p for a, p in needed):
                    break
                pay = tier.points
            points[s] += pay
            continue
        colours = [deck[c].colour for c in acquired[s]]
        holds = {
            "always": True,
            "animal_place": aplace[m.animal] == m.place,
            "colour_first": m.colour in first[s],
            "every_colour": set(colours) == {0, 1, 2, 3},
        }[m.condition]
        if holds:
            points[s] += m.per_card * (len(colours) if m.counted == -1 else colours.count(m.counted))
    return tuple(points)


def zones(state: SaruState) -> Counter[int]:
    count: Counter[int] = Counter()
    for group in (state.hands, state.area, state.beneath, state.acquired, state.played):
        for cards in group:
            count.update(cards)
    count.update(state.road)
    count.update(state.removed)
    return count


def play_and_check(rules: Rules, seed: int, rng: random.Random) -> SaruState:
    """Play one random game, checking the issue's properties after every action."""
    state: SaruState = GAME.new_game(rules, seed=seed)
    start = rules.track.start
    round_changes = 0
    dealt = [state.missions]
    everything = Counter(range(36))
    while True:
        # ST-COMP-1: hands, oracle area, cards beneath, road, acquired, removed and unplaced
        # plays hold the deck once
        assert zones(state) == everything
        # ST-PLAY-2: strengths within a round are distinct
        strengths = [v for v in state.shown if v >= 0]
        assert len(strengths) == len(set(strengths))
        # ST-ROAD-3: animals share a square only where they started and have not moved (unless
        # they may share squares, ST-ROAD-5)
        for a in range(4 if rules.squares == "hop" else 0):
            for b in range(a + 1, 4):
                if state.pos[a] == state.pos[b]:
                    assert state.pos[a] == start[a] == start[b]
        # ST-ROAD-4: the animal order is a permutation
        assert sorted(animal_places(rules, state.pos)) == [1, 2, 3, 4]
        assert type(state.phase) is Phase
        if state.is_terminal:
            assert state.race_standing == (0,) * rules.players and state.legal_actions() == ()
            break
        # ST-SCORE-1, ST-SCORE-2: the current race's public standing
        standing = reference_score(rules, state.acquired, state.pos, None)
        assert state.race_standing == standing == state.observation(state.current_player or 0).race_standing
        # ST-INFO-1: other seats' missions are not in a seat's observation
        seat = state.current_player
        assert seat is not None
        others = [s for s in range(rules.players) if s != seat]
        shuffled = list(state.missions)
        if shuffled:  # none under ST-SCORE-5
            free = [m for m in range(len(rules.missions)) if m != state.missions[seat]]
            rng.shuffle(free)
            for i, s in enumerate(others):
                shuffled[s] = free[i]
        twin = state.replace(missions=tuple(shuffled))
        # ST-INFO-3: under open missions the others' missions are seen
        assert (twin.observation(seat) == state.observation(seat)) == (
            rules.visible["missions"] != "all" or tuple(shuffled) == state.missions)
        assert twin.observation_tensor(seat) == state.observation_tensor(seat)
        action = rng.choice(state.legal_actions())
        nxt = state.apply(action)
        if (nxt.race, nxt.rnd) != (state.race, state.rnd):
            round_changes += 1
        if len(nxt.rounds) > len(state.rounds):
            # ST-SCORE-1..4: the race's points match the reference scorer; the race is
            # replayed to its end with the same position under trial rules to see it
            last = attrs.evolve(state, rules=attrs.evolve(rules, races="trial")).apply(action)
            assert last.is_terminal
            expected = reference_score(rules, last.acquired, last.pos, state.missions)
            assert nxt.rounds[-1].points == expected == last.rounds[-1].points
            # ST-SCORE-3: missions are revealed at scoring
            assert nxt.revealed[-1] == RevealedMissions(state.race, state.missions)
            if not nxt.is_terminal:
                dealt.append(nxt.missions)
        state = nxt
    # ST-ROUND-3, ST-RACE-1: the game ends after the stated number of rounds and races
    # ST-ROUND-3; ST-RULING-9: more rounds than the hands last end the race when they run out
    assert round_changes == state.rounds_played <= rules.race_count * rules.rounds
    # (a deck with cards removed can run the hands out sooner: those races end by ST-RULING-9)
    early = [r for r in state.rounds if r.rule == "ST-RULING-9"]
    if rules.rounds <= {3: 8, 4: 6}[rules.players] and not early:
        assert round_changes == len(state.rounds) * rules.rounds
    assert all(r.end.startswith("no seat had a card left") for r in early)
    check_races_played(rules, state)
    assert state.revealed == tuple(RevealedMissions(r, m) for r, m in enumerate(dealt))
    assert state.scores == tuple(sum(r.points[s] for r in state.rounds) for s in range(rules.players))
    check_records(state)
    return state


def check_records(state: SaruState) -> None:
    """Issue 15: the round records add up to the scores; the placement records account for
    every card and follow the rules' order (ST-RES-1, ST-RES-3, ST-ROUND-1, ST-SCORE-1..4)."""
    rules = state.rules
    n = rules.players
    assert state.tricks == ()
    assert [r.number for r in state.rounds] == [m.race for m in state.revealed] == list(range(len(state.board[7])))
    assert tuple(r.points for r in state.rounds) == state.board[7]  # the compact field
    assert state.scores == round_totals(state.rounds, n)
    for r in state.rounds:
        per_seat = [0] * n
        for change in r.changes:
            assert change.points != 0 and change.rule in ("ST-SCORE-2", "ST-SCORE-3", "ST-SCORE-4")
            per_seat[change.seat] += change.points
        assert tuple(per_seat) == r.points
        assert r.rule in ("ST-ROUND-3", "ST-RULING-9")
    records = state.placements
    assert [p.number for p in records] == list(range(state.rounds_played))
    per_race = Counter(p.race for p in records)
    # ST-ROUND-3, or fewer when every hand ran out first (ST-RULING-9)
    assert all(
        per_race[race] == rules.rounds or (per_race[race] < rules.rounds and r.rule == "ST-RULING-9")
        for race, r in zip(range(rules.race_count), state.rounds)
    )
    for p in records:
        oracle = sorted(c for col in p.area for c in col)
        seen = sorted(
            [c for step in p.steps for c in ((step.card,) if step.card is not None else ()) + step.discarded]
            + list(p.leftover)
        )
        assert seen == oracle  # every oracle card is taken, discarded or left over, once
        assert sorted(seat for seat, _, _ in p.plays) == sorted(step.seat for step in p.steps)
        played = {seat: cards for seat, _, cards in p.plays}
        # ST-RES-1: resolution by strength from the highest, face-down players last
        strengths = [step.strength for step in p.steps]
        up = [v for v in strengths if v >= 0]
        assert up == sorted(up, reverse=True) and strengths == up + [-1] * (len(strengths) - len(up))
        for step in p.steps:
            assert tuple(c for c, _ in step.placed) == played[step.seat]
            if step.how == "none":
                assert step.card is None and step.rule == "ST-RULING-13"
            else:
                assert step.column is not None and step.card is not None
                assert step.card in p.area[step.column] and step.card not in step.discarded
        if rules.column_sharing == "exclusive":
            columns = [k for step in p.steps for k in {col for _, col in step.placed}]
            assert len(columns) == len(set(columns))  # ST-RULING-20: one player per column
            # ... and so every resolving player finds a card to take (ST-RES-3, ST-RES-5)
            assert all(step.how != "none" for step in p.steps)


@pytest.mark.parametrize("players", [3, 4])
@given(data=st.data())
def test_properties_over_random_games_rules_and_decks(players: int, data: st.DataObject) -> None:
    """ST-COMP-1, ST-PLAY-2, ST-ROAD-3, ST-ROAD-4, ST-SCORE-1, ST-SCORE-2, ST-SCORE-3,
    ST-SCORE-4, ST-ROUND-3, ST-RACE-1, ST-INFO-1 over random Rules and data."""
    rules = data.draw(saru_rules(players), label="rules")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    rng = data.draw(st.randoms(use_true_random=False), label="choices")
    final = play_and_check(rules, seed, rng)
    assert final.is_terminal and final.winners


@pytest.mark.parametrize("players", [3, 4])
@settings(max_examples=10)
@given(data=st.data())
def test_engine_invariants_and_heuristic_on_random_decks(players: int, data: st.DataObject) -> None:
    """ST-COMP-1, ST-ROAD-3, ST-INFO-1: the engine's own invariant check holds on random decks
    under the heuristic player, and the heuristic player only makes legal moves."""
    rules = data.draw(saru_rules(players), label="rules")
    state: Any = GAME.new_game(rules, seed=data.draw(st.integers(0, 1000)))
    rng = random.Random(0)
    while not state.is_terminal:
        GAME.check_invariants(state)
        action = GAME.heuristic_action(state, rng)
        assert action in state.legal_actions()
        state = state.apply(action)
    GAME.check_invariants(state)
    check_races_played(rules, state)
