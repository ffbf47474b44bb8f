"""UTSUKE's scoring and the end of the game: who wins a trick (:func:`resolve_trick`, UT-TRICK-1),
honour (UT-SCORE-2, UT-SCORE-3), execution chips (UT-SCORE-4), how the game ended
(:func:`ended_by`), who loses and who wins (UT-END-1, UT-END-2, UT-RULING-4), the bound on rounds
(UT-END-5), the score floor and the end-of-game statistics."""

from __future__ import annotations

from collections.abc import Sequence
from operator import add
from typing import TYPE_CHECKING

from rulebook.core.history import Player
from rulebook.core.logic import Trick
from rulebook.core.memo import per_rules

from .rules import _RANK, _SUIT, BOTH, CHIP, EXTRA, HIGHER, HIGHEST, LOWER, SURVIVORS, Rules

if TYPE_CHECKING:
    from .state import UtsukeState

__all__ = [
    "VARIANT_ENDS",
    "end_stats",
    "ended_by",
    "honour_gains",
    "losers",
    "max_rounds",
    "resolve_trick",
    "round_counts",
    "rules_gains",
    "score_floor",
    "scores",
    "winners",
]

#: the rule of a game that a variant's ``ends`` ended (UT-LOGIC-3)
VARIANT_ENDS = "variant:ends"


def resolve_trick(trick: Trick) -> Player:
    """Who wins a complete UTSUKE trick (UT-LOGIC-1: the function a variant's ``trick_winner`` replaces).

    UT-TRICK-1, UT-RULING-1: if a trump was played, the highest trump wins; otherwise the highest
    card of the suit led. Cards of other suits never win. The trump is the suit under the chip
    while the trick was played (``trick.state.trump``, UT-TRUMP-1; it does not change within a
    trick, UT-TRUMP-2). UT-TRICK-3: with ``trumps='none'`` only the suit led competes.
    UT-TRICK-4: with ``trick_winner='lowest'`` the lowest of the competing cards wins. Every card
    is unique, so exactly one card wins; its player is the winner (a seat, ``"lord"`` or
    ``"young lord"``).
    """
    rules = trick.rules
    cards = trick.cards
    suit = _SUIT[cards[0]]
    trump = trick.state.trump
    if rules.trumps == CHIP and any(_SUIT[c] == trump for c in cards):
        suit = trump
    competing = [i for i, c in enumerate(cards) if _SUIT[c] == suit]
    if rules.trick_winner == HIGHEST:
        best = max(competing, key=lambda i: _RANK[cards[i]])
    else:
        best = min(competing, key=lambda i: _RANK[cards[i]])
    return trick.seats[best]


def honour_gains(
    bids: tuple[int, ...], lord_tricks: int, exact: int = 2, closest: int = 1, tie: str = HIGHER
) -> tuple[int, ...]:
    """Honour each bid earns when the lord took ``lord_tricks`` (UT-SCORE-2, UT-SCORE-3).

    Exact bids earn ``exact`` (printed 2, ``Rules.honour_exact``); if there is none, the closest
    bids earn ``closest`` (printed 1, ``Rules.honour_closest``), and when the closest lie on both
    sides of the result only the higher one does (UT-RULING-11), or with ``tie`` (``Rules.closest_tie``)
    the lower one (UT-SCORE-5) or both (UT-SCORE-6).

    >>> honour_gains((4, 6, 6), 5)
    (0, 1, 1)
    >>> honour_gains((5, 3, 5), 5)
    (2, 0, 2)
    >>> honour_gains((5, 3, 5), 5, exact=3), honour_gains((4, 6, 6), 5, tie="lower")
    ((3, 0, 3), (1, 0, 0))
    >>> honour_gains((4, 6, 6), 5, tie="both")
    (1, 1, 1)
    """
    if lord_tricks in bids:
        return tuple([exact if b == lord_tricks else 0 for b in bids])
    d = min([abs(b - lord_tricks) for b in bids])
    hi, lo = lord_tricks + d, lord_tricks - d
    if tie == BOTH:
        return tuple([closest if b in (hi, lo) else 0 for b in bids])
    if tie == LOWER:
        best = lo if lo in bids else hi
    else:
        best = hi if hi in bids else lo
    return tuple([closest if b == best else 0 for b in bids])


def rules_gains(rules: Rules, bids: tuple[int, ...], lord_tricks: int) -> tuple[int, ...]:
    """:func:`honour_gains` under ``rules`` (UT-SCORE-2, UT-SCORE-3, UT-SCORE-5, UT-SCORE-6)."""
    return honour_gains(bids, lord_tricks, rules.honour_exact, rules.honour_closest, rules.closest_tie)


#: how many remembered honour gains are kept (then the memory starts afresh)
_KEPT = 4096
#: the honour gained per (bids, the lord's tricks, the scoring options) (UT-SCORE-2, UT-SCORE-3)
_GAINS: dict[tuple[tuple[int, ...], int, tuple[int, int, str]], tuple[int, ...]] = {}


@per_rules
def _scoring(rules: Rules) -> tuple[int, int, str]:
    """The options that decide a round's honour (UT-SCORE-2, UT-SCORE-3, UT-SCORE-5..UT-SCORE-7)."""
    return rules.honour_exact, rules.honour_closest, rules.closest_tie


def round_counts(rules: Rules, honour: tuple[int, ...], chips: tuple[int, ...], bids: tuple[int, ...],
                 won: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The honour and execution chips per seat after a round's results (UT-SCORE-1), from those before it
    (``honour``, ``chips``), the round's ``bids`` and the tricks each place ``won`` (the lord's at
    ``len(bids)``): :func:`honour_gains` by the lord's tricks (UT-SCORE-2, UT-SCORE-3, UT-SCORE-5..UT-SCORE-7;
    UT-RULING-15: only the lord's tricks count), and a chip to each seat that took more tricks than the
    lord (UT-SCORE-4)."""
    lord = won[len(bids)]
    key = (bids, lord, _scoring(rules))
    gains = _GAINS.get(key)
    if gains is None:
        gains = honour_gains(bids, lord, *key[2])
        if len(_GAINS) >= _KEPT:
            _GAINS.clear()
        _GAINS[key] = gains
    return tuple(map(add, honour, gains)), tuple(map(add, chips, map(lord.__lt__, won)))  # w > lord: a chip


def scores(state: UtsukeState) -> tuple[int, ...]:
    """Honour (誉) per seat (UT-SCORE-2, UT-SCORE-3; UT-COMP-3: honour and chips)."""
    return state.honour


def ended_by(state: UtsukeState) -> str:
    """The rule that ended a finished game: ``UT-END-2`` (a player reached the losing chips),
    ``UT-END-6`` (the last of the fixed rounds), ``UT-END-1`` (a player reached the winning honour),
    or ``variant:ends`` (a variant's ``ends`` ended it, UT-LOGIC-3: the engine asks it only when no
    ending of the game holds). ``""`` while the game goes on."""
    if state.current_player is not None:
        return ""
    rules = state.rules
    if len(state._results) == state.round:  # cut short after a trick: only a variant does that
        return VARIANT_ENDS
    if rules.chips_lose and max(state.chips) >= rules.chips_to_lose:
        return "UT-END-2"
    if rules.by_rounds:
        played = len(state._results)
        if played > rules.rounds:
            return "UT-END-8"
        if played == rules.rounds:
            return "UT-END-6"
    elif max(state.honour) >= rules.honour_to_win:
        return "UT-END-1"
    return VARIANT_ENDS


def losers(state: UtsukeState) -> frozenset[int]:
    """Seats with the losing number of execution chips, once the game is over (UT-END-2); nobody
    when ``endings_off`` names ``chips`` (UT-LOGIC-3)."""
    if state.current_player is not None or not state.rules.chips_lose:
        return frozenset()
    c = state.rules.chips_to_lose
    return frozenset(s for s, v in enumerate(state.chips) if v >= c)


def winners(state: UtsukeState) -> frozenset[int]:
    """The winning seats once the game is over (UT-END-1, UT-END-2, UT-RULING-4).

    Players with enough honour who did not lose win together. If there are none, the
    game ended by a loss: with ``on_loss='survivors'`` every player who did not lose
    wins; with ``'most_honour'`` the non-losers with the most honour. If every player
    lost (UT-RULING-4), nobody wins: ``winners`` is empty and ``losers`` is every seat.
    """
    if state.current_player is not None:
        return frozenset()
    lost = losers(state)
    if state.rules.teams:  # UT-END-7: by pairs, after the game ended as without partners
        return _pair_winners(state.honour, lost)
    if state.rules.by_rounds:  # UT-END-6, UT-RULING-21: the non-losers with the most honour
        pool = [s for s in range(state.rules.players) if s not in lost]
        if not pool:
            return frozenset()
        best = max(state.honour[s] for s in pool)
        return frozenset(s for s in pool if state.honour[s] == best)
    w = state.rules.honour_to_win
    by_honour = frozenset(s for s, h in enumerate(state.honour) if h >= w) - lost
    if by_honour:
        return by_honour
    pool = [s for s in range(state.rules.players) if s not in lost]
    if not pool:  # UT-RULING-4: every seat lost, so nobody wins
        return frozenset()
    if state.rules.on_loss == SURVIVORS and lost:
        return frozenset(pool)
    # UT-RULING-4 'most_honour'; UT-LOGIC-3: a game a variant ended with nobody lost and nobody at
    # the winning honour is won, as a game of fixed rounds (UT-END-6), by the most honour
    best = max(state.honour[s] for s in pool)
    return frozenset(s for s in pool if state.honour[s] == best)


#: UT-END-7: the partners at 4 players, seats facing each other
PAIRS = ((0, 2), (1, 3))


def _pair_winners(honour: tuple[int, ...], lost: frozenset[int]) -> frozenset[int]:
    """UT-END-7: a pair with a loser loses; of the others, the higher combined honour wins (ties share).

    >>> sorted(_pair_winners((3, 2, 0, 2), frozenset())), sorted(_pair_winners((3, 2, 0, 2), frozenset({1})))
    ([1, 3], [0, 2])
    >>> sorted(_pair_winners((1, 1, 1, 1), frozenset())), sorted(_pair_winners((0, 0, 0, 0), frozenset({0, 1})))
    ([0, 1, 2, 3], [])
    """
    alive = [pair for pair in PAIRS if not lost.intersection(pair)]
    if not alive:
        return frozenset()
    best = max(sum(honour[s] for s in pair) for pair in alive)
    return frozenset(s for pair in alive if sum(honour[s] for s in pair) == best for s in pair)


def score_floor(rules: Rules) -> int | None:
    """Honour starts at 0 and never decreases (UT-SCORE-2, UT-SCORE-3); a variant's counters may
    lower it (UT-LOGIC-2): then there is no floor."""
    return 0 if rules.logic.counters is None else None


def max_rounds(rules: Rules) -> int:
    """UT-END-5: at most ``players * (honour_to_win - 1) + 1`` rounds; UT-END-6: ``rounds``. (A
    variant's counters that take honour away may make a printed-end game longer, UT-LOGIC-2: the
    bound is the printed game's.)"""
    if rules.by_rounds:  # UT-END-6, UT-RULING-21; UT-END-8: the extra rounds at most
        return rules.rounds + (rules.extra_rounds if rules.tiebreak == EXTRA else 0)
    return rules.players * (rules.honour_to_win - 1) + 1


def game_over(rules: Rules, played: int, honour: tuple[int, ...], chips: tuple[int, ...]) -> bool:
    """Whether the game ends after the results of its ``played``-th round, with ``honour`` and ``chips``:
    UT-END-2 (a player reached ``chips_to_lose``; UT-RULING-10: chips grow by one at most, so ``>=`` is
    "exactly"), UT-END-1 (a player reached ``honour_to_win``), UT-END-6 (the last of ``rounds``; with the
    honour win switched off too, UT-RULING-21), UT-END-8 (with ``tiebreak='extra'``, the extra rounds until
    one player, or one pair, alone has the most honour; at most ``extra_rounds``). UT-RULING-14: winning
    and losing are checked together, only after the results.

    >>> r = Rules(players=3, end="rounds", rounds=2, tiebreak="extra", extra_rounds=2)
    >>> [game_over(r, n, (3, 3, 1), (0, 0, 0)) for n in (1, 2, 3, 4)], game_over(r, 2, (3, 2, 1), (0, 0, 0))
    ([False, False, False, True], True)
    """
    chips_lose, lose_at, by_rounds, win_at, rounds, no_extra, last, teams = _endings(rules)
    if chips_lose and max(chips) >= lose_at:
        return True
    if not by_rounds:
        return max(honour) >= win_at
    if played < rounds:
        return False
    if no_extra or played >= last:
        return True
    if teams:  # UT-END-7: one pair alone
        sums = [sum(honour[s] for s in pair) for pair in PAIRS]
        return sums.count(max(sums)) == 1
    return honour.count(max(honour)) == 1


@per_rules
def _endings(rules: Rules) -> tuple[bool, int, bool, int, int, bool, int, bool]:
    """What :func:`game_over` reads of ``rules``, once per rules."""
    return (rules.chips_lose, rules.chips_to_lose, rules.by_rounds, rules.honour_to_win, rules.rounds,
            rules.tiebreak != EXTRA, rules.rounds + rules.extra_rounds, rules.teams)


def end_stats(state: UtsukeState) -> dict[str, float]:
    """Rounds played and how the game ended."""
    players = state.rules.players
    lost = state.losers
    w = state.rules.honour_to_win
    by_honour = state.rules.honour_wins and any(h >= w and s not in lost for s, h in enumerate(state.honour))
    results = state._results
    exact = sum(1 for bids, won, *_ in results for b in bids if b == won[players])
    return {
        "rounds": len(results),
        "ended_by_honour": int(by_honour),
        "ended_by_loss": int(bool(lost)),
        "losers": len(lost),
        "everyone_lost": int(len(lost) == players),
        "winners": len(state.winners),
        "exact_bids": exact,
        "lord_tricks_mean": sum(won[players] for _, won, *_ in results) / max(1, len(results)),
    }
