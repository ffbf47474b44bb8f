"""The gods-and-humans rule-aware player: :func:`heuristic_action`."""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from rulebook.core.logic import PRINTED_LOGIC
from rulebook.core.memo import per_rules
from rulebook.i18n import N_

from .actions import _GIVE, _INTERVENE, _ORACLE, _PASS, _PLAY, ASK, FORCED, GIVE, LONE, ORACLE, OVER, PLAY, GHAction
from .rules import _KEYS, _RANK, _SUIT, DECK, Rules, legal_cards, plan
from .scoring import deal_points

if TYPE_CHECKING:
    from .state import DealFacts, GodsState

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
    seat: int = state.current_player  # type: ignore[assignment]
    hi = humans.index(seat)
    return _PLAY[_play(rules.follow, f.trump, _KEYS[rules.trick_winner == "lowest"][f.trump], power,
                       hands[seat], state.trick_cards, f.oracle[hi] - won[hi] > 0)]


def _play(follow: str, trump: int | None, by_suit: tuple[tuple[int, ...], ...], power: tuple[int, ...],
          hand: tuple[int, ...], trick: tuple[int, ...], want: bool) -> int:
    """The card a human plays (see :func:`heuristic_action`): ``want``, short of its prediction;
    ``by_suit``: the trick's keys for each suit led (``rules._KEYS``)."""
    cards = legal_cards(follow, trump, hand, trick)
    if not trick:  # leading: the strongest card to win, the weakest to lose
        return _extreme_card(cards, power, want)
    keys = by_suit[_SUIT[trick[0]]]
    top = max([keys[c] for c in trick])
    if want:
        beat = [c for c in cards if keys[c] > top]
        return _extreme_card(beat or cards, power, False)
    lose = [c for c in cards if keys[c] <= top]
    return _extreme_card(lose or cards, power, True)


def _extreme_card(cards: tuple[int, ...] | list[int], power: tuple[int, ...], high: bool) -> int:
    """The card with the highest (last of equals) or lowest (first of equals) power."""
    best = cards[0]
    top = power[best]
    for c in cards:
        p = power[c]
        if (p >= top) if high else (p < top):
            best, top = c, p
    return best


def _give(state: GodsState, power: tuple[int, ...], strong: tuple[bool, ...]) -> GHAction:
    """A god's card for the next human (GH-INTERVENE-3, GH-FORCED-2), as :func:`_gift` chooses it."""
    f, gaps = state.board[0], state.board[1]
    cards = [a.card for a in state.legal_actions()]  # type: ignore[union-attr]
    first = state.phase == GIVE and not gaps.gift and not state.rules.mix_sources
    return _GIVE[_gift(f, gaps.field if first else (), cards, state.hands, state.board[3], len(gaps.gift),
                       gaps.giver, power, strong)]


def _gift(f: DealFacts, field: tuple[int, ...], legal: list[int], hands: Sequence[tuple[int, ...]],
          won: tuple[int, ...], i: int, god: int, power: tuple[int, ...], strong: tuple[bool, ...]) -> int:
    """The card the god of index ``god`` gives the human of index ``i`` among the ``legal`` cards: its
    partner gets what brings it to its prediction; a human whose oracle card the god sees gets what
    pushes it off it. ``field``: the field's cards where this first card fixes the gift's source
    (GH-RULING-4), else empty."""
    partner = f.pair[god]

    def wants_high(k: int) -> bool:
        return _expect(hands[f.humans[k]], strong) < f.oracle[k] - won[k]

    p_high = wants_high(partner)
    if field:
        # GH-RULING-4: the first card fixes the source; take the one whose best card for the partner is better
        from_field = [c for c in legal if c in field]
        from_hand = [c for c in legal if c not in field]
        if from_field and from_hand:
            pa = power[_extreme_card(from_field, power, p_high)]
            pb = power[_extreme_card(from_hand, power, p_high)]
            legal = from_hand if ((pb > pa) if p_high else (pb < pa)) else from_field
    if i == partner:
        return _extreme_card(legal, power, p_high)
    if i < partner and len(legal) > 1:  # keep the partner's card for the partner
        keep = _extreme_card(legal, power, p_high)
        legal = [c for c in legal if c != keep]
    if i in f.pair[len(f.gods) :]:  # a lone human: its oracle card is hidden from the god, a harmless weak card
        return _extreme_card(legal, power, False)
    return _extreme_card(legal, power, not wants_high(i))


def rollout_kernel(state: GodsState, rng: random.Random, moves: int, in_round: bool) -> tuple[GodsState, int]:
    """ISMCTS's playout of :func:`heuristic_action` (``rulebook.balance.players.RolloutKernel``): the
    tricks and the gods' passes when asked (GH-INTERVENE-2) are played here without a state per move;
    the oracle cards and the interventions go through the engine. It stops before the move that ends
    the deal (whatever ``in_round``), and at once under a variant's logic (GH-LOGIC-1..4)."""
    from .state import Gaps, GodsState, _new_state  # the engine imports nothing of the player's

    rules = state.rules
    if type(state) is not GodsState or rules.logic is not PRINTED_LOGIC:
        return state, moves
    setup = state.setup
    left = moves
    low = rules.trick_winner == "lowest"
    asks = rules.interventions == "printed"
    early = rules.early_intervention
    forced_at = rules.forced_at
    follow = rules.follow
    while left:
        phase = state.phase
        if phase != PLAY and phase != ASK:
            if phase == OVER:
                break
            if phase == GIVE:  # a voluntary intervention's cards
                state, left = _gift_moves(state, left)
                continue
            state = state.apply(heuristic_action(state, rng))  # the oracle cards, a forced intervention's cards
            left -= 1
            continue
        # the position in locals: the hands, the trick, the log, the board's parts and the asking
        facts, gaps, leader, won, done, order = state.board
        humans = facts.humans
        gods = facts.gods
        pair = facts.pair
        oracle = facts.oracle
        trump = facts.trump
        power, strong = _tables(rules, trump)
        keys = _KEYS[low][trump]
        hands = list(state.hands)
        log = state.log
        trick = state.trick_cards
        size = len(order)
        waiting = gaps.waiting
        asking = gaps.asking if phase == ASK else ()
        passes = gaps.passes
        why = ""  # why the local play stops: the budget ("") or the engine's next move
        while left:
            if asking:
                # GH-INTERVENE-2: the god asked intervenes when its partner's expected tricks differ
                # from what it still needs (as heuristic_action); a pass is played here
                j = asking[0]
                partner = pair[j]
                if _expect(hands[humans[partner]], strong) != oracle[partner] - won[partner]:
                    why = "intervene"
                    break
                passes += ((len(done), gods[j]),)
                asking = asking[1:]
                log = (log, _PASS)
                left -= 1
                continue
            pos = len(trick)
            seat = order[pos]
            hand = hands[seat]
            if pos + 1 == size and len(hand) == 1:  # the deal's last card (GH-END-1): the search plays it
                why = "last"
                break
            hi = (leader + pos) % size  # the human index of the seat to play (GH-TRICK-1)
            card = _play(follow, trump, keys, power, hand, trick, oracle[hi] - won[hi] > 0)
            i = hand.index(card)
            hands[seat] = hand[:i] + hand[i + 1 :]
            trick += (card,)
            log = (log, _PLAY[card])
            left -= 1
            if pos + 1 < size:
                continue
            # GH-TRICK-3, GH-TRICK-5, GH-TRICK-8: the strongest card wins (the first of equals);
            # GH-TRICK-4: its human leads the next trick
            row = keys[_SUIT[trick[0]]]
            strength = [row[c] for c in trick]
            winner = (leader + strength.index(max(strength))) % size
            tally = list(won)
            tally[winner] += 1
            won = tuple(tally)
            done += ((leader, *trick),)
            leader = winner
            order = humans[leader:] + humans[:leader]
            trick = ()
            if waiting:
                if len(hands[humans[0]]) == forced_at:  # GH-FORCED-1, GH-RULING-11: the engine lays them
                    why = "forced"
                    break
                if (done or early) and asks:  # GH-INTERVENE-1; GH-RULING-2: the asking order rotates
                    k = len(done) % len(waiting)
                    asking = waiting[k:] + waiting[:k]
        # the position reached, as the engine builds it
        if why == "forced":
            gaps = Gaps(gaps.field, waiting, (), waiting[0], (), (), gaps.gifts, passes, aside=gaps.aside)
            state = _new_state(rules, setup, log, tuple(hands), FORCED, gods[waiting[0]], (),
                               (facts, gaps, leader, won, done, order))
            continue
        if asking:
            gaps = Gaps(gaps.field, waiting, asking, -1, (), (), gaps.gifts, passes, aside=gaps.aside)
            state = _new_state(rules, setup, log, tuple(hands), ASK, gods[asking[0]], (),
                               (facts, gaps, leader, won, done, order))
        else:
            if gaps.asking or passes is not gaps.passes:
                gaps = Gaps(gaps.field, waiting, (), -1, (), (), gaps.gifts, passes, aside=gaps.aside)
            state = _new_state(rules, setup, log, tuple(hands), PLAY, order[len(trick)], trick,
                               (facts, gaps, leader, won, done, order))
        if why != "intervene":
            break
        if left:  # the god intervenes: the engine plays its cards
            state = state.apply(_INTERVENE)
            left -= 1
    return state, left


def _gift_moves(state: GodsState, left: int) -> tuple[GodsState, int]:
    """The rest of a voluntary intervention, up to ``left`` cards, as :func:`heuristic_action` chooses
    them and the engine gives them, and the position reached: each card from the god's hand or the
    field (GH-INTERVENE-3; GH-RULING-4: from one of them unless ``mix_sources``) to the humans in
    human-index order (GH-RULING-12); after the last, the god intervenes no more this deal
    (GH-INTERVENE-4, GH-RULING-18)."""
    from .history import Intervention
    from .state import Gaps, _new_state

    rules = state.rules
    facts, gaps, leader, won, done, order = state.board
    humans = facts.humans
    giver = gaps.giver
    god = facts.gods[giver]
    power, strong = _tables(rules, facts.trump)
    hands = list(state.hands)
    field = gaps.field
    gift = gaps.gift
    src = gaps.gift_src
    log = state.log
    one_source = not rules.mix_sources
    while left and len(gift) < len(humans):
        hand = hands[god]
        if gift and one_source:
            legal = list(field if src[0] else hand)
        else:
            legal = list(hand + field)
        i = len(gift)
        card = _gift(facts, field if one_source and not gift else (), legal, hands, won, i, giver, power, strong)
        if card in hand:
            k = hand.index(card)
            hands[god] = hand[:k] + hand[k + 1 :]
            src += (False,)
        else:
            k = field.index(card)
            field = field[:k] + field[k + 1 :]
            src += (True,)
        taker = hands[humans[i]]
        k = bisect_left(taker, card)
        hands[humans[i]] = (*taker[:k], card, *taker[k:])
        gift += (card,)
        log = (log, _GIVE[card])
        left -= 1
    if len(gift) < len(humans):
        board = (facts, Gaps(field, gaps.waiting, (), giver, gift, src, gaps.gifts, gaps.passes, aside=gaps.aside),
                 leader, won, done, order)
        return _new_state(rules, state.setup, log, tuple(hands), GIVE, god, (), board), left
    record = Intervention(len(done), god, False, gift, src, humans)
    waiting = tuple([j for j in gaps.waiting if j != giver])
    board = (facts, Gaps(field, waiting, (), -1, (), (), gaps.gifts + (record,), gaps.passes, aside=gaps.aside),
             leader, won, done, order)
    return _new_state(rules, state.setup, log, tuple(hands), PLAY, order[0], (), board), left


def round_end_totals(state: GodsState, action: GHAction) -> tuple[int, ...] | None:
    """ISMCTS's horizon at the end of a deal (``rulebook.balance.players.RoundEndTotals``): the
    totals ``state.apply(action)`` has where ``action`` is the deal's last card, without recording the
    deal or dealing the next one: the last trick's winner (GH-TRICK-3, GH-TRICK-5, GH-TRICK-8) and the
    deal's points (GH-SCORE-1). Where the deal ends the game (GH-END-2, GH-END-4), the highest total
    wins (GH-END-3), as the horizon values the totals. ``None`` for any other move, and under a
    variant's logic (GH-LOGIC-1..4)."""
    from .state import GodsState  # the engine imports nothing of the player's

    rules = state.rules
    if type(state) is not GodsState or rules.logic is not PRINTED_LOGIC or state.phase != PLAY:
        return None
    facts, _, leader, won, _, order = state.board
    trick = state.trick_cards
    pos = len(trick)
    size = len(order)
    if pos + 1 != size or len(state.hands[order[pos]]) != 1:
        return None
    trick += (action.card,)  # type: ignore[union-attr]
    row = _KEYS[rules.trick_winner == "lowest"][facts.trump][_SUIT[trick[0]]]
    strength = [row[c] for c in trick]
    tally = list(won)
    tally[(leader + strength.index(max(strength))) % size] += 1
    return tuple([a + b for a, b in zip(facts.totals, deal_points(rules, facts, tally))])

