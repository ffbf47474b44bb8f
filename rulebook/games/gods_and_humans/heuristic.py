"""The gods-and-humans rule-aware player: :func:`heuristic_action`."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs

from rulebook.core.memo import per_rules
from rulebook.i18n import N_

from .actions import _INTERVENE, _ORACLE, _PASS, ASK, FORCED, GIVE, LONE, ORACLE, PLAY, GHAction
from .rules import _KEYS, _RANK, _SUIT, DECK, Rules, plan

if TYPE_CHECKING:
    from .state import GodsState

__all__ = ["heuristic_action"]

#: What this player cannot do, in a sentence for people (reports show it beside who played).
LIMITS = N_(
    "It does not count the cards played, guess other hands, or plan more than one trick ahead."
)


#: The options this player reads (``rulebook.balance.reads``): not the score that ends the game
#: early (GH-END-2): it plays every deal alike. It sees no hooks.
READS = frozenset(a.name for a in attrs.fields(Rules)) - {"target"}
#: of the options it does not read, those that decide only when the game ends (GH-END-4): the
#: rule-following player compares each move under them and under the printed value
TWIN = frozenset({"target"})

#: how much a prediction ``d`` tricks away from the expected count is still worth trying for
_NEAR = (1.0, 0.45, 0.15, 0.05, 0.02, 0.01)


@per_rules
def _by_trump(rules: Rules) -> dict[int | None, tuple[tuple[int, ...], tuple[bool, ...]]]:
    """:func:`_tables` of ``rules``, by trump, filled as they are asked for."""
    return {}


def _tables(rules: Rules, trump: int | None) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """:func:`_power` of ``rules`` under ``trump``, computed once per ``Rules`` value and trump."""
    known = _by_trump(rules)
    found = known.get(trump)
    if found is None:
        found = known.setdefault(trump, _power(rules, trump))
    return found


def _power(rules: Rules, trump: int | None) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """Per card, its power (higher beats lower: trump above the rest, then the number in the
    direction ``trick_winner`` makes win, GH-TRICK-3, GH-TRICK-5, GH-TRICK-8) and whether it is
    *strong*: among the strongest cards in play, as many as there are tricks in a deal."""
    low = rules.trick_winner == "lowest"
    power = tuple(
        (100 if _SUIT[c] == trump else 0) + (13 - _RANK[c] if low else _RANK[c]) for c in DECK.cards
    )
    p = plan(rules)
    tricks = p.hand + (p.gods if rules.interventions != "none" else 0)
    cards = p.cards
    # a card's place: trumps first, then by how many cards of its colour in play beat it
    beaten = {c: sum(1 for d in cards if _SUIT[d] == _SUIT[c] and power[d] > power[c]) for c in cards}
    order = sorted(cards, key=lambda c: (_SUIT[c] != trump, beaten[c], c))
    strong = frozenset(order[:tricks])
    return power, tuple(c in strong for c in DECK.cards)


def _expect(hand: tuple[int, ...], strong: tuple[bool, ...]) -> int:
    """The tricks a hand is expected to win: its strong cards."""
    n = 0
    for c in hand:
        if strong[c]:
            n += 1
    return n


def _predict(rules: Rules, expected: int, most: int) -> GHAction:
    """The oracle card worth the most: stars (GH-SCORE-2) times the chance of hitting it, which
    falls with the distance from the expected tricks; at most ``most`` (the tricks left)."""
    stars = rules.stars
    best, value = min(expected, most, 5), -1.0
    for k in range(min(5, most) + 1):
        v = stars[k] * _NEAR[min(5, abs(k - expected))]
        if v > value:
            best, value = k, v
    return _ORACLE[best]


def heuristic_action(state: GodsState, rng: random.Random) -> GHAction:
    """A rule-aware player using only what its seat sees; deterministic (it draws no random numbers).

    A card's *power* follows the trick rules (trump first, then high or low numbers as
    ``trick_winner`` says); a *strong* card is among the strongest cards in play, as many as a deal
    has tricks, and a hand's expected tricks are its strong cards.

    Oracle (a god for its partner, a lone human for itself): the card whose stars times the
    chance of hitting it is highest, around the expected tricks. Asking: a god intervenes when its
    partner's expected tricks differ from the tricks it still needs, else passes. Giving: the
    source (field or hand) whose best card for the partner is better; the partner gets its
    strongest card if short, else its weakest; another human with a known oracle card gets the
    card pushing it off its prediction. Playing: a human short of its prediction wins the trick
    as cheaply as it can (or leads its strongest card), otherwise it ducks with its strongest
    losing card (or leads its weakest).
    """
    phase = state.phase
    f, gaps = state.board[0], state.board[1]
    rules = state.rules
    power, strong = _tables(rules, f.trump)
    hands = state.hands
    humans = f.humans
    if phase == ORACLE or phase == LONE:
        human = f.pair[gaps.giver] if phase == ORACLE else humans.index(state.current_player)
        hand = hands[humans[human]]
        expected = _expect(hand, strong)
        if phase == ORACLE and rules.interventions != "none" and expected < len(hand):
            expected += 1 if 2 * expected < len(hand) else 0  # its own gift can add a trick
        return _predict(rules, expected, len(hand) + (len(f.gods) if rules.interventions != "none" else 0))
    won = state.board[3]
    if phase == ASK:
        partner = f.pair[f.gods.index(state.current_player)]
        need = f.oracle[partner] - won[partner]
        return _INTERVENE if _expect(hands[humans[partner]], strong) != need else _PASS
    if phase == GIVE or phase == FORCED:
        return _give(state, power, strong)
    if phase != PLAY:
        raise ValueError("the game is over: nobody is to act")
    hi = humans.index(state.current_player)
    want = f.oracle[hi] - won[hi] > 0
    legal = state.legal_actions()
    trick = state.trick_cards
    if not trick:  # leading: the strongest card to win, the weakest to lose
        return _extreme(legal, power, want)
    keys = _KEYS[rules.trick_winner == "lowest"][f.trump][_SUIT[trick[0]]]
    top = max(keys[c] for c in trick)
    beat = [a for a in legal if keys[a.card] > top]  # type: ignore[union-attr]
    if want:
        return _extreme(beat, power, False) if beat else _extreme(legal, power, False)
    lose = [a for a in legal if keys[a.card] <= top]  # type: ignore[union-attr]
    return _extreme(lose, power, True) if lose else _extreme(legal, power, True)


def _extreme(actions: tuple[GHAction, ...] | list[GHAction], power: tuple[int, ...], high: bool) -> GHAction:
    """The action whose card has the highest (last of equals) or lowest (first of equals) power."""
    best = actions[0]
    top = power[best.card]  # type: ignore[union-attr]
    for a in actions:
        p = power[a.card]  # type: ignore[union-attr]
        if (p >= top) if high else (p < top):
            best, top = a, p
    return best


def _give(state: GodsState, power: tuple[int, ...], strong: tuple[bool, ...]) -> GHAction:
    """A god's card for the next human (GH-INTERVENE-3, GH-FORCED-2): its partner gets what brings
    it to its prediction; a human whose oracle card the god sees gets what pushes it off it."""
    f, gaps = state.board[0], state.board[1]
    won = state.board[3]
    hands = state.hands
    god = gaps.giver
    partner = f.pair[god]
    lones = f.pair[len(f.gods) :]
    legal = state.legal_actions()
    i = len(gaps.gift)

    def wants_high(k: int) -> bool:
        return _expect(hands[f.humans[k]], strong) < f.oracle[k] - won[k]

    p_high = wants_high(partner)
    if state.phase == GIVE and i == 0 and not state.rules.mix_sources:
        # GH-RULING-4: the first card fixes the source; take the one whose best card for the partner is better
        field = set(gaps.field)
        from_field = [a for a in legal if a.card in field]  # type: ignore[union-attr]
        from_hand = [a for a in legal if a.card not in field]  # type: ignore[union-attr]
        if from_field and from_hand:
            a, b = _extreme(from_field, power, p_high), _extreme(from_hand, power, p_high)
            pa, pb = power[a.card], power[b.card]  # type: ignore[union-attr]
            legal = tuple(from_hand) if ((pb > pa) if p_high else (pb < pa)) else tuple(from_field)
    if i == partner:
        return _extreme(legal, power, p_high)
    if i < partner and len(legal) > 1:  # keep the partner's card for the partner
        keep = _extreme(legal, power, p_high)
        legal = tuple(a for a in legal if a != keep)
    if i in lones:  # its oracle card is hidden from the god: a harmless weak card
        return _extreme(legal, power, False)
    return _extreme(legal, power, not wants_high(i))
