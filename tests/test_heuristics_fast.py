"""The games' fast heuristics choose what the original ones chose, drawing the same random numbers.

Each game's ``heuristic_action`` was rewritten for speed (it is most of an ISMCTS
rollout's cost). Seeded simulations, recorded results and pinned searches depend on
its choices and on how it consumes the generator, so both must be unchanged. The
references below are the implementations before that rewrite, copied verbatim
(module names qualified); at every position of random games, under random valid
rules and at every player count, the new heuristic must return the reference's action
and leave a generator seeded alike in the same state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulebook
from rulebook.games import gods_and_humans as gh
from rulebook.games import saru_tori_inu_i as st_
from rulebook.games import seven_prophecies as sp
from rulebook.games import utsuke as ut
from rulebook.testing import player_count_cases, rules_strategy

# -- the references: each game's heuristic before the rewrite, verbatim -------------------------


def prophecies_reference(state: Any, rng: random.Random) -> Any:
    """Prophesy the places the hand's cards look likely to take; then play for a place
    that still carries one of one's cubes."""
    seat = state.to_act
    legal = state.legal_actions()
    if seat is None or len(legal) == 1:
        return legal[0]
    n = state.rules.players
    top = 11 if n == 3 else 13
    if state.phase == sp.PROPHECY:
        target = _prophecy_target_reference(state.hands[seat], state.future, n, top, state.rules.every_place)
        own = state.cubes[seat]
        for p in range(n):
            if own[p] < target[p]:
                if sp._PROPHESY[p] in legal:
                    return sp._PROPHESY[p]
                break
        return legal[0]
    own = state.cubes[seat]
    suit = sp._SUIT[state.future[len(state.round_tricks)]]
    key = sp._KEY[suit]
    trick = state.trick
    later = n - len(trick) - 1
    best: tuple[float, int] | None = None
    choice = legal[0]
    for a in legal:
        assert type(a) is sp.Play
        c = a.card
        k = key[c]
        # cards already played that outrank this one (on equal numbers the later card wins)
        ahead = sum(1 for x in trick if key[x] > k)
        if later:
            # each later player beats the card with a chance that falls with its strength
            strength = (k - 100 + top) / (2 * top) if k > 100 else k / (2 * top)
            expect = 1 + ahead + later * (1 - strength)
            cost = min((abs(expect - (p + 1)) / own[p] for p in range(n) if own[p]), default=0.0)
        else:  # last to play: the place is known
            cost = 0.0 if own[ahead] else 1.0
        cand = (cost, c)
        if best is None or cand < best:
            best, choice = cand, a
    return choice


def _prophecy_target_reference(
    hand: tuple[int, ...], future: tuple[int, ...], n: int, top: int, every: bool
) -> tuple[int, ...]:
    """The heuristic's prophecy: a histogram of each card's likely place, scaled to 7 cubes."""
    future_suits = {sp._SUIT[c] for c in future}
    guess = [0.0] * n
    for c in hand:
        strength = sp._RANK[c] / top
        if sp._SUIT[c] in future_suits:
            strength = 0.5 + strength / 2
        else:
            strength = strength / 2
        place = min(n - 1, int((1 - strength) * n))
        guess[place] += 1
    total = sum(guess)
    raw = [g * sp.CUBES / total for g in guess]
    counts = [int(r) for r in raw]
    for i in sorted(range(n), key=lambda i: raw[i] - counts[i], reverse=True)[: sp.CUBES - sum(counts)]:
        counts[i] += 1
    if every:
        for p in range(n):
            if counts[p] == 0:
                counts[max(range(n), key=counts.__getitem__)] -= 1
                counts[p] = 1
    return tuple(counts)


def utsuke_reference(state: Any, rng: random.Random) -> Any:
    """Bid the lord's high cards and trumps; play to keep the lord on one's bid."""
    legal = state.legal_actions()
    seat = state.current_player
    assert seat is not None
    players = state.rules.players
    if state.bidding:
        row = state.lord_row
        guess = sum(1 for c in row if ut._SUIT[c] == state.trump or ut.DECK.rank_of[c] >= 10)
        return ut._BID[min(ut.MAX_BID, guess * 2 // 3)]
    lord = state.won[players]
    mine = state.won[seat]
    duck = mine >= lord or lord < state.bids[seat]
    cards = sorted((a.card for a in legal if isinstance(a, ut.Play)), key=lambda c: ut.DECK.rank_of[c])
    if not state.trick:
        return ut._PLAY[cards[0] if duck else cards[-1]]
    trump = state.trump
    lead = ut._SUIT[state.trick[0]]
    strength = ut._STRENGTH[trump][lead]
    top = max(strength[c] for c in state.trick)
    winning = [c for c in cards if strength[c] > top]
    losing = [c for c in cards if strength[c] <= top]
    if duck:
        return ut._PLAY[losing[-1] if losing else winning[0]]
    return ut._PLAY[winning[0] if winning else cards[0]]


def gods_reference(state: Any, rng: random.Random) -> Any:
    """A simple player using only what its seat sees."""
    legal = state.legal_actions()
    phase = state.phase
    trump = state.trump

    def power(card: int) -> int:
        return gh._RANK[card] + (20 if gh._SUIT[card] == trump else 0)

    f, gaps = state.board[0], state.board[1]
    if phase == gh.ORACLE or phase == gh.LONE:
        human = f.pair[gaps.giver] if phase == gh.ORACLE else state._lone
        hand = state.hands[f.humans[human]]
        strong = sum(1 for c in hand if gh._RANK[c] >= 10 or (gh._SUIT[c] == trump and gh._RANK[c] >= 8))
        return gh._ORACLE[min(5, strong)]
    if phase == gh.ASK:
        size = len(state.hands[state.humans[0]])
        return gh._INTERVENE if size <= 2 or rng.random() < 1 / 3 else gh._PASS
    if phase == gh.GIVE or phase == gh.FORCED:
        partner = f.pair[gaps.giver]
        i = len(gaps.gift)
        need = f.oracle[partner] - state.board[3][partner]
        wants_high = (need > 0) == (i == partner)
        cards = sorted((a for a in legal if isinstance(a, gh.Give)), key=lambda a: power(a.card))
        return cards[-1] if wants_high else cards[0]
    hi = f.humans.index(state.to_act)
    need = f.oracle[hi] - state.board[3][hi]
    plays = sorted((a for a in legal if isinstance(a, gh.Play)), key=lambda a: power(a.card))
    return plays[-1] if need > 0 else plays[0]


def saru_reference(state: Any, rng: random.Random) -> Any:
    """Play the strongest playable card when the leftmost oracle card's animal is in the
    top two, else the weakest; never declare; place beneath an empty column; acquire
    cards whose animal is in the top two, else lay road."""
    legal = state.legal_actions()
    rules = state.rules
    t = st_._tab(rules)
    order = st_.race_order(rules.track, state.pos)
    good = set(order[:2])
    phase = state.phase
    if phase == st_.PLAY:
        plays = [a for a in legal if isinstance(a, (st_.Play, st_.Down))]
        nxt = next((col for col in state.area if col), ())
        want = any(t.colour[c] in good for c in nxt)
        pick = max if want else min
        return pick(plays, key=lambda a: t.strength[a.card])
    if phase == st_.PLACE:
        free = [a for a in legal if isinstance(a, st_.Place) and not state.beneath[a.column]]
        return rng.choice(free or list(legal))
    if phase == st_.TAKE:
        takes = [a for a in legal if isinstance(a, st_.Take) and t.colour[a.card] in good]
        if takes:
            return max(takes, key=lambda a: t.strength[a.card])
        roads = [a for a in legal if type(a) is st_.Road]
        if roads:
            return rng.choice(roads)
    return rng.choice(legal)


REFERENCES: dict[str, Callable[[Any, random.Random], Any]] = {
    "seven-prophecies": prophecies_reference,
    "utsuke": utsuke_reference,
    "gods-and-humans": gods_reference,
    "saru-tori-inu-i": saru_reference,
}

# -- the check -----------------------------------------------------------------------------------


def _check_game(game: Any, rules: Any, seed: int) -> int:
    """Play one game (heuristic and random moves mixed); at every position compare the heuristics.

    Returns the number of positions compared.
    """
    reference = REFERENCES[game.slug]
    driver = random.Random(seed)
    state = game.new_game(rules, seed=seed)
    checked = 0
    while state.current_player is not None:
        k = driver.getrandbits(32)
        rng1, rng2 = random.Random(k), random.Random(k)
        fast = game.heuristic_action(state, rng1)
        slow = reference(state, rng2)
        assert fast == slow, f"{game.slug} after {len(state.history)} actions: {fast} != {slow}"
        assert type(fast) is type(slow)
        assert rng1.getstate() == rng2.getstate(), f"{game.slug} after {len(state.history)} actions: rng differs"
        checked += 1
        # mostly the heuristic's own games (the positions rollouts see), some random turns
        state = state.apply(fast if driver.random() < 0.7 else driver.choice(state.legal_actions()))
    return checked


def test_every_game_has_a_reference() -> None:
    assert set(REFERENCES) == set(rulebook.GAMES) - {"witches-of-blackmore"}  # its own: tests/games/witches_*


@pytest.mark.parametrize(("slug", "players"), [c for c in player_count_cases() if c[0] in REFERENCES])
def test_default_rules_match_the_reference(slug: str, players: int) -> None:
    game = rulebook.get_game(slug)
    assert _check_game(game, game.Rules(players=players), seed=players) > 10


@pytest.mark.slow
@pytest.mark.parametrize(("slug", "players"), [c for c in player_count_cases() if c[0] in REFERENCES])
@settings(max_examples=25)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_random_rules_match_the_reference(slug: str, players: int, data: st.DataObject, seed: int) -> None:
    game = rulebook.get_game(slug)
    rules = data.draw(rules_strategy(game, players=players))
    assert _check_game(game, rules, seed) > 0
