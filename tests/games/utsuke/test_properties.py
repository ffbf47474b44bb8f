"""UTSUKE: Hypothesis properties over random games and random valid Rules, 2-6 players (UT-RULING-18).

Everything the engine decides is checked against an independent reference written here
without the engine's tables: the seating, the lord's conduct, the trump under the chip, the
trick winner, the honour and the execution chips (spec prefix UT).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.errors import InvalidRules
from rulebook.games.utsuke import DECK, GAME, Bid, Rules, UtsukeState
from rulebook.variants.testing import check_observation_boundary, rules_strategy

PLAYERS = [2, 3, 4, 5, 6]


def suit(card: int) -> int:
    return DECK.suit_of[card]


def rank(card: int) -> int:
    return DECK.rank_of[card]


# -- the independent reference --------------------------------------------------------------


def ref_clockwise(players: int, lord_before: int, young_lord: bool = True) -> list[int]:
    """Places clockwise starting with the lord (UT-SETUP-1, UT-SETUP-2), built from a table; UT-RULING-25:
    two players without the young lord sit as three players do, the lord between them."""
    lord, young = players, players + 1
    if players == 2 and young_lord:
        table: list[int | str] = [0, "x", 1, "y"]  # NPC x sits after seat 0, y after seat 1
        lord_name = "y" if lord_before == 0 else "x"  # the NPC just before seat lord_before
        names = {lord_name: lord, ("x" if lord_name == "y" else "y"): young}
        places = [names[p] if isinstance(p, str) else p for p in table]
    else:
        places = list(range(players))
        places.insert(lord_before, lord)
    i = places.index(lord)
    return places[i:] + places[:i]


def ref_legal(row: list[int], played: list[int]) -> list[int]:
    """UT-LORD-8: the cards an NPC may play: its row when leading, else the suit led if it has it."""
    same = [c for c in row if played and suit(c) == suit(played[0])]
    return same or list(row)


def ref_conduct(row: list[int], played: list[int], first_trick: bool, policy: str = "printed") -> int:
    """The lord's conduct (UT-LORD-1..UT-LORD-4), read straight from the source's four points;
    UT-LORD-6 ('lowest': follow low) and UT-LORD-7 ('leftmost': always the leftmost it may play);
    UT-LORD-8 ('highest': the highest card it may play, by number then suit; 'random': -1, any
    card it may play)."""
    if policy == "highest":
        return max(ref_legal(row, played), key=lambda c: (rank(c), suit(c)))
    if policy == "random":
        return -1
    if not played:
        if policy == "leftmost":
            return row[0]
        return row[0] if first_trick else row[-1]
    same = [c for c in row if suit(c) == suit(played[0])]
    if same:
        if policy == "leftmost":
            return same[0]
        by_rank = sorted(same, key=rank)
        return by_rank[0] if policy == "lowest" else by_rank[-1]
    return row[0]


def ref_winner(cards: list[int], trump: int, rules: Rules | None = None) -> int:
    """Position of the winning card (UT-TRICK-1, UT-RULING-1): trumps first, then the suit led.
    UT-TRICK-3: with trumps='none' the suit led alone; UT-TRICK-4: the lowest number wins."""
    rules = rules or Rules()
    if rules.trumps == "none":
        trump = -1
    sign = -1 if rules.trick_winner == "lowest" else 1
    lead = suit(cards[0])
    ranked = sorted(
        range(len(cards)),
        key=lambda i: (suit(cards[i]) == trump, suit(cards[i]) == lead, sign * rank(cards[i])),
    )
    best = ranked[-1]
    assert suit(cards[best]) in (trump, lead)
    return best


def ref_honour(bids: tuple[int, ...], lord: int, rules: Rules | None = None) -> list[int]:
    """UT-SCORE-2, UT-SCORE-3: the best bid is the closest, the higher one on a tie
    (UT-SCORE-5: the lower one; UT-SCORE-6: both)."""
    rules = rules or Rules()
    dist = min(abs(b - lord) for b in bids)
    closest = {b for b in bids if abs(b - lord) == dist}
    if rules.closest_tie == "higher":
        closest = {max(closest)}
    elif rules.closest_tie == "lower":
        closest = {min(closest)}
    points = rules.honour_exact if dist == 0 else rules.honour_closest
    return [points if b in closest else 0 for b in bids]


Tricks = tuple[tuple[int, tuple[int, ...], int], ...]


def ref_round(rules: Rules, deal: tuple[int, ...], lord_before: int, tricks: Tricks) -> list[int]:
    """Replay one round's tricks from its deal; return the tricks won per place.

    Checks that every leader, every NPC card, every player's card and every winner is right.
    """
    n = rules.players
    places = n + (2 if n == 2 and rules.young_lord else 1)  # UT-SETUP-2, UT-RULING-25
    out = ref_removed(rules)
    deal = tuple(c for c in deal if c not in out)  # UT-COMP-1: the cards taken out are not dealt
    size = rules.hand_size or len(deal) // places  # UT-SETUP-6: hand_size cards each, the rest aside
    # UT-RULING-18: six players hold as many cards as deal evenly, the rest aside
    assert size * places == len(deal) or rules.hand_size or rules.players == 6
    deal = deal[: size * places]
    hands: list[list[int]] = [list(deal[p * size : (p + 1) * size]) for p in range(places)]
    clockwise = ref_clockwise(n, lord_before, rules.young_lord)
    won = [0] * places
    leader = n  # UT-PLAY-1: the lord leads the first trick
    assert len(tricks) == size
    for t, (got_leader, cards, got_winner) in enumerate(tricks):
        assert got_leader == leader, "UT-PLAY-1: wrong leader"
        trump = suit(hands[n][-1])  # UT-TRUMP-1: the card under the chip, at the trick's start
        if rules.trump_change == "fixed":  # UT-TRUMP-3: the chip's card at the deal, all round
            trump = suit(deal[n * size + size - 1])
        start = clockwise.index(leader)
        order = clockwise[start:] + clockwise[:start]
        assert len(cards) == len(order)
        played: list[int] = []
        for place, card in zip(order, cards):
            hand = hands[place]
            if place >= n:
                policy = rules.lord_policy if place == n or rules.young_lord_policy == "same" else (
                    rules.young_lord_policy)
                expected = ref_conduct(hand, played, t == 0, policy)
                if expected < 0:  # UT-LORD-8: 'random' plays any card it may play
                    assert card in ref_legal(hand, played), f"UT-LORD-8: {place} played {DECK.text(card)}"
                else:
                    assert card == expected, f"UT-LORD: {place} played {DECK.text(card)}, not {DECK.text(expected)}"
            else:
                assert card in hand
                follows = played and any(suit(c) == suit(played[0]) for c in hand)
                if follows and rules.follow != "free":  # UT-PLAY-3: 'free' may play anything
                    assert suit(card) == suit(played[0]), "UT-PLAY-2: did not follow suit"
                if played and not follows and rules.follow == "must_trump" and any(suit(c) == trump for c in hand):
                    assert suit(card) == trump, "UT-PLAY-4: did not trump"
            hand.remove(card)
            played.append(card)
        leader = order[ref_winner(played, trump, rules)]
        assert got_winner == leader, "UT-TRICK-1: wrong winner stored"
        won[leader] += 1  # UT-TRICK-2: the winner takes the trick and leads the next
    assert not any(hands)
    return won


def ref_removed(rules: Rules) -> set[int]:
    """UT-COMP-1: the cards ``removed`` takes out, read independently: a card, a suit letter, a number."""
    out: set[int] = set()
    for item in rules.removed:
        for c in DECK.cards:
            text = DECK.text(c)
            if item in (text, text[0], text[1:]):
                out.add(c)
    return out


def ref_bids(cards: tuple[int, ...], top: int) -> set[int]:
    """UT-COMP-2, UT-RULING-24: every sum of some of the bid cards, up to ``top``, by brute force."""
    return {sum(pick) for k in range(len(cards) + 1) for pick in combinations(cards, k) if sum(pick) <= top}


#: bid cards a table might hold: the printed four, a fifth card 16, a spare 4, a card 3, only even cards
BID_CARD_SETS = [(1, 2, 4, 8), (1, 2, 4, 8, 16), (1, 2, 4, 8, 4), (1, 2, 3, 8), (2, 4, 8), (1, 2, 4, 8, 16, 29)]


def utsuke_rules(players: int) -> st.SearchStrategy[Rules]:
    """Random valid Rules with every option, ``removed`` included (UT-COMP-1, UT-SETUP-4): a few
    cards, suit letters or numbers taken out, so that the rest deals out evenly; the bid cards and
    the highest bid drawn together, bids above 15 and sums with gaps among them (UT-RULING-24)."""
    texts = [DECK.text(c) for c in DECK.cards] + list("ABCDE") + [str(r) for r in range(1, 13)]

    @st.composite
    def build(draw: st.DrawFn) -> Rules:
        rules = draw(rules_strategy(GAME, players=players))
        if draw(st.booleans(), label="other bid cards"):  # UT-RULING-24
            cards = draw(st.sampled_from(BID_CARD_SETS), label="bid_cards")
            top = draw(st.integers(0, sum(cards)), label="max_bid")
            rules = attrs.evolve(rules, bid_cards=cards, max_bid=top)
        removed = tuple(draw(st.lists(st.sampled_from(texts), max_size=4, unique=True)))
        places = rules.places
        kept = 60 - len(_ref_items(removed))
        if kept < places or (kept % places and players < 6):  # UT-RULING-18: six players set the rest aside
            return rules
        try:
            return attrs.evolve(rules, removed=removed)
        except InvalidRules:  # the hand size drawn needs the cards taken out: keep them
            return rules

    return build()


def _ref_items(removed: tuple[str, ...]) -> set[int]:
    return {c for c in DECK.cards for item in removed if item in (DECK.text(c), DECK.text(c)[0], DECK.text(c)[1:])}


# -- the properties ---------------------------------------------------------------------------


Snapshots = list[tuple[tuple[int, ...], tuple[int, ...]]]


def play_game(rules: Rules, seed: int, rng: random.Random, check_hidden: bool = True) -> tuple[UtsukeState, Snapshots]:
    """Play randomly, checking per-step properties; return the end and (honour, chips) per round."""
    state = GAME.new_game(rules, seed=seed)
    n = rules.players
    snapshots = [(state.honour, state.chips)]
    steps = 0
    bound = GAME.max_game_length(rules)
    while not state.is_terminal:
        GAME.check_invariants(state)
        # UT-COMP-1: card conservation, written independently of check_invariants
        everywhere = Counter(c for h in state.hands for c in h)
        everywhere.update(c for _, cards, _ in state._round_tricks for c in cards)
        everywhere.update(state.trick)
        out = ref_removed(rules)
        dealt = [c for c in state.setup.deal(GAME, rules, state.round) if c not in out]
        assert everywhere == Counter(dealt[: rules.places * rules.tricks_per_round])  # UT-SETUP-6
        if check_hidden and steps % 5 == 0:
            # UT-BID-1, UT-INFO-1: nobody sees another's bid or hand before the reveal
            for s in range(n):
                if state.bids[s] < 0:
                    continue
                bids = tuple((b + 1) % 16 if i == s else b for i, b in enumerate(state.bids))
                changed = attrs.evolve(state, board=(state.match, bids, *state.board[2:]))
                for t in range(n):
                    if t != s:
                        # UT-INFO-3: under open bids every bid made is seen
                        same = changed.observation(t) == state.observation(t)
                        # UT-INFO-5: under from:tricks every bid is seen once all have bid
                        shown = rules.visible["bids"] == "all" or (
                            rules.visible["bids"] == "from:tricks" and min(state.bids) >= 0)
                        assert same == (not shown or state.current_player is None)
                        assert changed.observation_tensor(t) == state.observation_tensor(t)
            for t in range(n):
                others = [s for s in range(n) if s != t]
                pool = [c for s in others for c in state.hands[s]]
                rng.shuffle(pool)
                hands = list(state.hands)
                for s in others:
                    k = len(hands[s])
                    hands[s], pool = tuple(sorted(pool[:k])), pool[k:]
                same = attrs.evolve(state, hands=tuple(hands)).observation(t) == state.observation(t)
                # UT-INFO-2, UT-INFO-4: under open hands a seat sees the others' hands, under team its partner's
                assert same or rules.visible["hands"] in ("all", "team")
                assert same or tuple(hands) != state.hands
        rounds = len(state._results)
        state = state.apply(rng.choice(state.legal_actions()))
        steps += 1
        assert steps <= bound, "UT-END-5: longer than max_game_length"
        if len(state._results) > rounds:
            snapshots.append((state.honour, state.chips))
        # UT-SCORE-2, UT-SCORE-4: honour and chips never decrease
        prev_h, prev_c = snapshots[-2] if len(state._results) > rounds else snapshots[-1]
        assert all(a >= b for a, b in zip(state.honour, prev_h))
        assert all(a >= b for a, b in zip(state.chips, prev_c))
    GAME.check_invariants(state)
    return state, snapshots


@pytest.mark.parametrize("players", PLAYERS)
@given(data=st.data())
def test_random_games_match_the_reference(players: int, data: st.DataObject) -> None:
    """UT-TRICK-1, UT-TRICK-3, UT-TRICK-4, UT-PLAY-2..UT-PLAY-4, UT-LORD-1..UT-LORD-7,
    UT-TRUMP-1..UT-TRUMP-3, UT-SETUP-6, UT-SCORE-1..UT-SCORE-6,
    UT-END-1..UT-END-6, UT-SETUP-4, UT-COMP-2, UT-RULING-2, UT-RULING-3, UT-RULING-15, UT-RULING-24,
    UT-RULING-25: whole games under random Rules drawn from every option."""
    rules = data.draw(utsuke_rules(players), label="rules")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    rng = data.draw(st.randoms(use_true_random=False), label="choices")
    state, snapshots = play_game(rules, seed, rng)
    n = players
    # UT-END-5: the proved bound on rounds
    if rules.end == "rounds":  # UT-END-6
        extra = rules.extra_rounds if rules.tiebreak == "extra" else 0  # UT-END-8: the extra rounds at most
        assert GAME.max_rounds(rules) == rules.rounds + extra
        assert 1 <= len(state._results) <= rules.rounds + extra
    else:
        assert 1 <= len(state._results) <= n * (rules.honour_to_win - 1) + 1 == GAME.max_rounds(rules)
    assert len(snapshots) == len(state._results) + 1
    for r, (bids, won, tricks, stored_lord_before, honour, chips) in enumerate(state._results):
        assert (honour, chips) == snapshots[r + 1]  # the totals kept with each round's results
        deal = state.setup.deal(GAME, rules, r)
        lord_before = (rules.first_lord + r) % n  # UT-END-3, UT-END-4
        assert stored_lord_before == lord_before
        assert ref_round(rules, deal, lord_before, tricks) == list(won)
        lord = won[n]
        (h0, c0), (h1, c1) = snapshots[r], snapshots[r + 1]
        gains = [a - b for a, b in zip(h1, h0)]
        assert gains == ref_honour(bids, lord, rules)
        if rules.honour_closest:
            assert sum(gains) >= 1  # the premise of the UT-END-5 proof
        assert [a - b for a, b in zip(c1, c0)] == [int(won[s] > lord) for s in range(n)]
        assert all(b in ref_bids(rules.bid_cards, rules.max_bid) for b in bids)  # UT-COMP-2, UT-RULING-24
    # UT-END-1, UT-END-2, UT-RULING-4: the end and who wins
    losers = {s for s in range(n) if state.chips[s] >= rules.chips_to_lose}
    by_honour = {s for s in range(n) if state.honour[s] >= rules.honour_to_win} - losers
    assert state.losers == losers
    if getattr(rules, "teams", False):  # UT-END-7: seats 1 and 3 against 2 and 4, once the game ended as alone
        assert losers or by_honour or rules.end == "rounds"
        clean = [pair for pair in ((0, 2), (1, 3)) if not set(pair) & losers]
        best = max((state.honour[a] + state.honour[b] for a, b in clean), default=None)
        assert state.winners == {s for a, b in clean if state.honour[a] + state.honour[b] == best for s in (a, b)}
        return
    if rules.end == "rounds":  # UT-END-6: the rounds ran out or someone lost; most honour wins
        assert losers or len(state._results) == rules.rounds
        pool = set(range(n)) - losers
        top = max((state.honour[s] for s in pool), default=0)
        assert state.winners == {s for s in pool if state.honour[s] == top}
        return
    assert losers or by_honour
    if by_honour:
        assert state.winners == by_honour
    else:
        survivors = set(range(n)) - losers
        if not survivors:  # UT-RULING-4: everyone lost, nobody wins
            assert state.winners == frozenset()
        elif rules.on_loss == "survivors":
            assert state.winners == survivors
        else:
            top = max(state.honour[s] for s in survivors)
            assert state.winners == {s for s in survivors if state.honour[s] == top}


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=6)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 120))
def test_observations_never_leak_hands(players: int, seed: int, steps: int) -> None:
    """UT-INFO-1, UT-RULING-16: resampling hidden facts leaves every observation unchanged."""
    rng = random.Random(seed)
    state = GAME.new_game(Rules(players=players), seed=seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    check_observation_boundary(state, rng)
    for seat in range(players):
        obs = state.observation(seat)
        assert obs.hand == state.hands[seat]
        assert obs.lord_row == state.lord_row  # NPC rows are public
        for other in range(players):
            if other != seat and state.hands[other]:
                assert not set(state.hands[other]) <= set(obs.hand) | set(obs.lord_row)


@pytest.mark.parametrize("players", PLAYERS)
def test_max_game_length_is_the_proved_bound(players: int) -> None:
    """UT-END-5, UT-RULING-18: (n·(W−1)+1) rounds of n bids and n·h cards; a bid-far strategy stays inside it."""
    for w in (1, 3, 6):
        rules = Rules(players=players, honour_to_win=w, chips_to_lose=4)
        h = rules.tricks_per_round
        assert GAME.max_game_length(rules) == (players * (w - 1) + 1) * players * (1 + h)
    # UT-RULING-18: six players hold 8 cards each, so 13 rounds of 6 bids and 48 cards
    assert GAME.max_game_length(Rules(players=players)) == {2: 160, 3: 336, 4: 468, 5: 605, 6: 702}[players]
    # Long games: chips never lose (4 needed), bids spread so that honour is shared out.
    rules = Rules(players=players, honour_to_win=6, chips_to_lose=4)
    rng = random.Random(players)
    for seed in range(6):
        state = GAME.new_game(rules, seed=seed)
        actions = 0
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            if state.bids[seat] < 0:
                state = state.apply(Bid((seat * 5 + state.round) % 16))
            else:
                state = state.apply(rng.choice(state.legal_actions()))
            actions += 1
        assert len(state._results) <= GAME.max_rounds(rules)
        assert actions <= GAME.max_game_length(rules)
        assert sum(state.honour) >= len(state._results)
