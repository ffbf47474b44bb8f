"""The gods-and-humans oracle game: Hypothesis properties over random games and random valid Rules.

Every property sweeps 4 to 8 players. The checks here are written independently of the
engine's own tables: card conservation, trick winners and scoring are recomputed from
scratch, and the information boundaries are tested by changing hidden facts directly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulebook.games.gods_and_humans import GAME, Give, GodsState, Intervene, Rules
from rulebook.variants.testing import check_observation_boundary, rules_strategy

PLAYERS = range(4, 9)  # 4: the house-rule table of 3 humans and 1 god (GH-ROLE-4)


ORACLE, LONE, ASK, GIVE, FORCED, PLAY, OVER = range(7)


CARD_TEXTS = [f"{'RBGY'[c // 12]}{c % 12 + 1}" for c in range(48)]


@st.composite
def games(draw: st.DrawFn, players: int, max_deals: int = 4) -> tuple[Rules, int, int, bool]:
    deals = draw(st.integers(1, max_deals), label="deals")
    # the structured options too (GH-SETUP-8, GH-SCORE-2, GH-ROLE-2): cards taken out four at a
    # time (a number in every colour, so 3 or 4 humans share them evenly), any star table, explicit roles
    numbers = draw(st.lists(st.integers(1, 12), max_size=2, unique=True), label="removed numbers")
    stars = draw(st.lists(st.integers(0, 9), min_size=6, max_size=6), label="stars")
    # GH-END-4: mostly the printed end (target 0), so that whole games stay common
    target = draw(st.sampled_from((0, 0, 0, 1, 3, 8)), label="target")
    fixed = {"players": players, "deals": deals, "stars": tuple(stars), "target": target}
    if numbers:
        fixed["removed"] = tuple(f"{col}{k}" for k in numbers for col in "RBGY")
    if draw(st.booleans(), label="explicit roles"):
        g = draw(st.integers(1, 4), label="gods")
        if 3 <= players - g <= 4 and g <= players - g:
            perm = draw(st.permutations(range(players)), label="seats")
            fixed["roles"] = tuple(tuple(sorted(perm[(d * g + i) % players] for i in range(g))) for d in range(deals))
    rules = draw(rules_strategy(GAME, **fixed), label="rules")
    seed = draw(st.integers(0, 2**32 - 1), label="seed")
    choices = draw(st.integers(0, 2**32 - 1), label="choices")
    heuristic = draw(st.booleans(), label="heuristic")
    return rules, seed, choices, heuristic


def trajectory(rules: Rules, seed: int, choices: int, heuristic: bool) -> Iterator[tuple[GodsState, object]]:
    """Every state of one game with the action taken from it (None at the end)."""
    rng = random.Random(choices)
    state = GAME.new_game(rules, seed=seed)
    while not state.is_terminal:
        action = GAME.heuristic_action(state, rng) if heuristic else rng.choice(state.legal_actions())
        yield state, action
        state = state.apply(action)  # type: ignore[arg-type]
    yield state, None


def colour(card: int) -> int:
    return card // 12


def number(card: int) -> int:
    return card % 12 + 1


def removed(humans: int) -> list[int]:
    """GH-SETUP-1 restated: with 3 humans, red and every 11 and 12 are out."""
    if humans == 4:
        return []
    return [c for c in range(48) if colour(c) == 0 or number(c) > 10]


def pending(state: GodsState) -> list[int]:
    """Cards laid face down in a forced intervention and not yet taken up."""
    if state.phase != FORCED:
        return []
    return [c for r in state.gifts if r.forced for c in r.cards] + [c for _, c in state.gift]


def reference_winner(leader: int, cards: tuple[int, ...], humans: int, red_trump: bool, low: bool = False) -> int:
    """GH-TRICK-3, GH-TRICK-5 restated: the position (from ``leader``) winning a trick."""
    best_pos, best_key = 0, (-1, -1)
    for pos, card in enumerate(cards):
        rank = 13 - number(card) if low else number(card)  # GH-TRICK-8: the lowest wins
        if red_trump and colour(card) == 0:
            key = (2, rank)
        elif colour(card) == colour(cards[0]):
            key = (1, rank)
        else:
            key = (0, 0)
        if key > best_key:
            best_pos, best_key = pos, key
    return (leader + best_pos) % humans


def void_violations(state: GodsState, seat: int) -> list[int]:
    """Cards human ``seat`` holds in a colour it showed it lacked while already holding them."""
    if state.rules.follow == "free":  # GH-TRICK-6: an off-colour card shows nothing
        return []
    tricks = [t.plays for t in state.deal_tricks]
    if state.trick:
        tricks.append(state.trick)
    entered = {}
    for r in state.gifts:
        if not (r.forced and state.phase == FORCED):
            for to, card in zip(r.to, r.cards):
                if to == seat:
                    entered[card] = r.gap
    if state.phase == GIVE:
        for to, card in state.gift:
            if to == seat:
                entered[card] = len(state.deal_tricks)
    bad = []
    for index, plays in enumerate(tricks):
        led = colour(plays[0][1])
        for pos, (who, card) in enumerate(plays):
            if pos > 0 and who == seat and colour(card) != led:
                bad += [c for c in state.hands[seat] if colour(c) == led and entered.get(c, 0) <= index]
    return bad


@pytest.mark.parametrize("players", PLAYERS)
@given(data=st.data())
def test_cards_hands_interventions_and_scores(players: int, data: st.DataObject) -> None:
    """GH-COMP-1 (conservation), GH-SETUP-4 (equal hands), GH-INTERVENE-4 (once per god and deal),
    GH-FORCED-1 (forced only at one card), GH-SCORE-1 (scores never decrease)."""
    rules, seed, choices, heuristic = data.draw(games(players), label="game")
    first = GAME.new_game(rules, seed=seed)
    h = len(first.humans)
    out = removed(h)
    out += [c for c in range(48) if CARD_TEXTS[c] in rules.removed and c not in out]  # GH-SETUP-8
    previous = (0,) * players
    intervened: dict[int, list[int]] = {}
    for state, action in trajectory(rules, seed, choices, heuristic):
        # conservation: hands of humans and gods, field, played, face-down and removed cards
        places = [c for hand in state.hands for c in hand] + list(state.field) + list(state.trick_cards)
        places += [c for t in state.deal_tricks for c in t.cards] + pending(state) + out
        assert Counter(places) == Counter(range(48))
        sizes = [len(state.hands[s]) for s in state.humans]
        if state.phase in (ASK, FORCED, LONE, ORACLE) or (state.phase == PLAY and not state.trick):
            assert len(set(sizes)) == 1, sizes
        if state.phase == FORCED:  # GH-FORCED-1, GH-RULING-21: at forced_at cards in hand (1 printed)
            assert sizes[0] == rules.forced_at
            intervened.setdefault(state.deal, [])
            if state.giver not in intervened[state.deal]:
                intervened[state.deal].append(state.giver)
        if state.phase == ASK:
            assert sizes[0] > rules.forced_at
        if isinstance(action, Intervene):
            intervened.setdefault(state.deal, []).append(state.asking[0])
        if isinstance(action, Give) and state.phase == GIVE and not state.rules.mix_sources and state.gift:
            assert (action.card in state.field) == state.gift_src[0]
        assert all(a >= b for a, b in zip(state.scores, previous))
        previous = state.scores
    assert state.is_terminal
    # GH-END-2; GH-END-4: with a target the game stops after the first deal that reaches it
    totals = [0] * players
    for d, res in enumerate(state.past):
        totals = [a + b for a, b in zip(totals, res.points)]
        reached = rules.target > 0 and max(totals) >= rules.target
        assert reached == (d + 1 < rules.deals and d + 1 == len(state.past)) or d + 1 == rules.deals or not reached
        assert (d + 1 == len(state.past)) == (reached or d + 1 == rules.deals)
    for d, res in enumerate(state.past):
        if rules.interventions == "none":  # GH-INTERVENE-6
            assert all(r.source == "none" for r in res.god_results) and d not in intervened
            continue
        if rules.interventions == "forced_only":  # GH-INTERVENE-5
            assert all(r.source == "forced" for r in res.god_results)
        assert sorted(intervened[d]) == sorted(res.gods), (d, intervened[d])
        assert [r.seat for r in res.god_results] == list(res.gods)
        assert all(r.gap >= (0 if rules.early_intervention else 1) for r in res.god_results)


@pytest.mark.parametrize("players", PLAYERS)
@given(data=st.data())
def test_trick_winners_and_scoring_match_a_reference(players: int, data: st.DataObject) -> None:
    """GH-TRICK-3, GH-TRICK-4, GH-SETUP-6, GH-SCORE-1, GH-RULING-6, GH-END-3 against a restatement."""
    rules, seed, choices, heuristic = data.draw(games(players), label="game")
    *_, (final, _) = trajectory(rules, seed, choices, heuristic)
    totals = [0] * players
    last_winner = -1
    for d, res in enumerate(final.past):
        h = len(res.humans)
        red = h == 4 and rules.red_trump
        won = [0] * players
        # GH-SETUP-6, GH-RULING-7: who leads the deal's first trick, per Rules.deal_leader
        rotate = [res.humans[(d + k) % h] for k in range(h)]
        if rules.deal_leader == "lowest_score":
            leader = min(rotate, key=lambda s: totals[s])  # min keeps the first of equals
        elif rules.deal_leader == "last_winner" and d > 0 and last_winner in res.humans:
            leader = last_winner
        else:
            leader = rotate[0]
        for trick in res.tricks:
            assert trick.leader == leader  # the previous winner leads
            assert trick.players == tuple(res.humans[(res.humans.index(leader) + p) % h] for p in range(h))
            pos = reference_winner(0, trick.cards, h, red, rules.trick_winner == "lowest")
            leader = trick.plays[pos][0]
            assert trick.winner == leader
            won[leader] += 1
        assert [won[r.seat] for r in res.human_results] == [r.won for r in res.human_results]
        assert [r.seat for r in res.human_results] == list(res.humans)
        last_winner = leader
        points = [0] * players
        gods = {r.seat: r for r in res.god_results}
        for r in res.human_results:
            s = r.seat
            if r.oracle == won[s]:
                points[s] += rules.stars[r.oracle]
                if r.partner is not None:
                    assert gods[r.partner].partner == s and r.partner in res.gods
                    points[r.partner] += rules.stars[r.oracle]
                else:
                    assert s not in {g.partner for g in res.god_results}
        assert tuple(points) == res.points
        totals = [a + b for a, b in zip(totals, points)]
    assert tuple(totals) == final.scores
    best = max(totals)
    assert final.winners == {s for s in range(players) if totals[s] == best}


@pytest.mark.parametrize("players", PLAYERS)
@given(data=st.data())
def test_information_boundaries(players: int, data: st.DataObject) -> None:
    """GH-INFO-1, GH-INFO-2, GH-PAIR-2, GH-ORACLE-3: what changes hidden facts must not change views.

    A human's view is blind to the god-to-human pairing and to other humans' hands; a
    god's view is blind to the lone human's oracle card. Controls check that the
    views do see what they should (the test can fail).
    """
    rules, seed, choices, heuristic = data.draw(games(players, max_deals=2), label="game")
    rng = random.Random(seed)
    controls = Counter[str]()
    for n, (state, _) in enumerate(trajectory(rules, seed, choices, heuristic)):
        if n % 3:
            continue
        g = len(state.gods)
        human_views = {x: (state.observation(x), state.observation_tensor(x)) for x in state.humans}
        # 1. permute the pairing (the lone human is public once the cards are handed over; GH-INFO-6: the
        # whole pairing is public under visible.pairing = all)
        if state.phase != OVER and rules.visible["pairing"] != "all":
            pair = list(state.facts.pair)
            if state.phase == ORACLE:
                rng.shuffle(pair)
            else:
                head = pair[:g]
                rng.shuffle(head)
                pair[:g] = head
            other = state.replace(pair=tuple(pair))
            for x, view in human_views.items():
                assert (other.observation(x), other.observation_tensor(x)) == view
            if tuple(pair) != state.facts.pair:
                controls["pairing"] += other.observation(state.gods[0]) != state.observation(state.gods[0])
        # 2. permute the other humans' hands (GH-INFO-5: seen by everybody when every hand is open)
        for x in state.humans if rules.visible["hands"] != "all" else ():
            others = [s for s in state.humans if s != x]
            pool = [c for s in others for c in state.hands[s]]
            rng.shuffle(pool)
            hands = list(state.hands)
            for s in others:
                hands[s], pool = tuple(sorted(pool[: len(hands[s])])), pool[len(hands[s]) :]
            other = state.replace(hands=tuple(hands))
            assert (other.observation(x), other.observation_tensor(x)) == human_views[x]
            if other.hands != state.hands:
                controls["hands"] += other.observation(state.gods[0]) != state.observation(state.gods[0])
        # 3. change the lone human's oracle card
        seat = state.lone
        # GH-INFO-7: under visible.oracles = from:handover the lone human's card is face up once chosen
        if seat >= 0 and state.oracle[seat] >= 0 and state.phase != OVER and rules.visible["oracles"] == "owner":
            lone = state.humans.index(seat)
            oracle = list(state.facts.oracle)  # internal: by human index
            oracle[lone] = (oracle[lone] + rng.randrange(1, 6)) % 6
            other = state.replace(oracle=tuple(oracle))
            for x in state.gods:
                assert other.observation(x) == state.observation(x)
                assert other.observation_tensor(x) == state.observation_tensor(x)
            controls["lone"] += other.observation(seat) != state.observation(seat)
    assert all(controls[k] for k in controls)  # every control that ran saw a difference


@pytest.mark.parametrize("players", PLAYERS)
@given(data=st.data())
def test_resample_is_consistent(players: int, data: st.DataObject) -> None:
    """GH-INFO-4: resampling keeps the seat's view, the invariants and the shown voids, and play goes on."""
    rules, seed, choices, heuristic = data.draw(games(players, max_deals=2), label="game")
    rng = random.Random(choices)
    changed = False
    for n, (state, _) in enumerate(trajectory(rules, seed, choices, heuristic)):
        for k in state.humans:
            assert not void_violations(state, k)  # the reference agrees with real play
        if n % 4:
            continue
        changed |= check_observation_boundary(state, rng)
        for seat in range(players):
            other = state.resample(seat, rng)
            GAME.check_invariants(other)
            for k in state.humans:
                if k != seat:
                    assert not void_violations(other, k), (seat, k)
            if not other.is_terminal:
                nxt = other.apply(rng.choice(other.legal_actions()))
                GAME.check_invariants(nxt)
    assert changed
