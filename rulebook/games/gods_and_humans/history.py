"""The public record of play of gods-and-humans: tricks, deals and interventions.

The engine keeps each deal's tricks compactly (the leader's human index, then the
cards in play order) and a finished deal as a :class:`DealResult` holding the
deal's facts by human index; the public views (:class:`~rulebook.core.history.TrickRecord`,
:class:`~rulebook.core.history.RoundRecord`, :class:`HumanResult`, :class:`GodResult`)
are built from them on demand, so playing pays nothing for them.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any

import attrs

from rulebook.core.history import RoundRecord, ScoreChange, TrickRecord

from .actions import OVER
from .rules import _KEYS, _SUIT

if TYPE_CHECKING:
    from .state import GodsState

__all__ = ["DealResult", "GodResult", "HumanResult", "Intervention", "deal_tricks", "rounds", "trick_winners", "tricks"]


@attrs.frozen(slots=True)
class Intervention:
    """One god's completed intervention (GH-INTERVENE-3, GH-FORCED-2).

    ``cards[k]`` went to seat ``to[k]``: the humans, in seat order (GH-RULING-12).
    """

    #: number of tricks finished before it
    gap: int
    #: the god's seat
    god: int
    #: part of the forced, face-down intervention
    forced: bool
    #: the cards given, one per receiving human, in the order of ``to``
    cards: tuple[int, ...]
    #: whether each card came from the field
    from_field: tuple[bool, ...]
    #: the seats that received ``cards`` (the deal's humans, in seat order)
    to: tuple[int, ...] = ()

    @property
    def given(self) -> tuple[tuple[int, int], ...]:
        """``(seat, card)`` for every card given, in order."""
        return tuple(zip(self.to, self.cards))



def trick_winners(done: tuple[tuple[int, ...], ...], won: tuple[int, ...]) -> tuple[int, ...]:
    """The human index that won each trick of ``done``, as the engine kept them: each winner led the
    next trick (GH-TRICK-4), and the last trick's winner is the one trick left over in the tally
    ``won`` (GH-LOGIC-1: never decided again by the printed rule).

    >>> trick_winners(((0, 1, 2, 3), (2, 4, 5, 6), (1, 7, 8, 9)), (0, 2, 1))
    (2, 1, 1)
    """
    if not done:
        return ()
    left = list(won)
    out = []
    for entry in done[1:]:
        left[entry[0]] -= 1
        out.append(entry[0])
    out.append(left.index(1))
    return tuple(out)


def card_winners(done: tuple[tuple[int, ...], ...], trump: int | None, low: bool) -> tuple[int, ...]:
    """The human index that won each trick of ``done`` by the printed rule (GH-TRICK-3, GH-TRICK-5,
    GH-TRICK-8), whoever led the next one (GH-LOGIC-4)."""
    table = _KEYS[low][trump]
    out = []
    for entry in done:
        strength = itemgetter(*entry[1:])(table[_SUIT[entry[1]]])
        out.append((entry[0] + strength.index(max(strength))) % (len(entry) - 1))
    return tuple(out)


def _trick_records(
    deal: int,
    first: int,
    humans: tuple[int, ...],
    trump: int | None,
    done: tuple[tuple[int, ...], ...],
    low: bool = False,
    won: tuple[int, ...] = (),
    variant: bool = False,
    last: bool = False,
) -> tuple[TrickRecord, ...]:
    """The finished tricks of one deal as records, numbered from ``first`` (built on demand); the
    winners are the engine's (:func:`trick_winners`, from the tally ``won``). With ``last``, only the
    last trick's record (a trick event's: the others are not built)."""
    h = len(humans)
    out = []
    # GH-LOGIC-4: a variant may hand the lead to another human, so the printed rule's winners are
    # found again from the cards; a variant's own winners (GH-LOGIC-1) always lead the next trick
    if variant:
        winners = trick_winners(done, won)
    else:
        winners = (0,) * (len(done) - 1) + card_winners(done[-1:], trump, low) if last and done else card_winners(
            done, trump, low)
    for k, (leader, *cards) in enumerate(done):
        if last and k < len(done) - 1:
            continue
        trumped = trump is not None and any(_SUIT[c] == trump for c in cards)
        out.append(
            TrickRecord(
                number=first + k,
                round=deal,
                leader=humans[leader],
                plays=tuple((humans[(leader + p) % h], c) for p, c in enumerate(cards)),
                winner=humans[winners[k]],
                # GH-TRICK-5 when a trump decided it, else GH-TRICK-3 (the led colour); GH-LOGIC-1: a variant's
                rule="variant:trick_winner" if variant else "GH-TRICK-8" if low else "GH-TRICK-5" if trumped
                else "GH-TRICK-3",
            )
        )
    return tuple(out)


def _by_seat(players: int, humans: tuple[int, ...], values: Any, fill: Any) -> tuple[Any, ...]:
    """Per-human-index ``values`` spread over the seats, ``fill`` at the other seats."""
    out = [fill] * players
    for s, v in zip(humans, values):
        out[s] = v
    return tuple(out)




@attrs.frozen(slots=True)
class HumanResult:
    """One human's part of a finished deal, revealed (GH-INFO-3, GH-SCORE-1)."""

    seat: int
    #: the icon of its mark (an index into :data:`~rulebook.games.gods_and_humans.ICONS`, GH-PAIR-1)
    mark: int
    #: its partner god's seat; ``None`` for the lone human, who has none (GH-PAIR-3)
    partner: int | None
    #: the number of its oracle card: the tricks predicted for it (GH-ORACLE-2, GH-ORACLE-3)
    oracle: int
    #: tricks won in the deal
    won: int
    #: points scored in the deal: the oracle card's stars if the prediction was exact, else 0
    points: int

    @property
    def exact(self) -> bool:
        """Whether the prediction was exact (GH-SCORE-1)."""
        return self.oracle == self.won


@attrs.frozen(slots=True)
class GodResult:
    """One god's part of a finished deal, revealed (GH-INFO-3, GH-INTERVENE-4)."""

    seat: int
    #: the seat of its partner human (GH-PAIR-2)
    partner: int
    #: the gap of its intervention: the number of tricks finished before it
    gap: int
    #: where its cards came from: ``"field"``, ``"hand"``, ``"mixed"`` (GH-RULING-4's house
    #: rule) or ``"forced"`` (the forced intervention, from its hand, GH-FORCED-2)
    source: str
    #: points scored in the deal: its partner's stars if the prediction was exact, else 0
    points: int


@attrs.frozen(slots=True)
class DealResult:
    """A finished deal, all of it revealed (GH-INFO-3).

    ``points`` is by seat; each human's and each god's facts are in :attr:`human_results`
    and :attr:`god_results` (seat order), the tricks in :attr:`tricks`, who scored what and
    why in :attr:`record`. The fields after ``first_trick`` are internal and by *human
    index* (the position in ``humans``): the engine's compact form, read by the properties.
    """

    #: index of the deal, from 0
    deal: int
    gods: tuple[int, ...]
    humans: tuple[int, ...]
    #: per seat, points scored in the deal
    points: tuple[int, ...]
    #: the trump colour of the deal, or None (GH-TRICK-5)
    trump: int | None
    #: number of tricks played in the earlier deals
    first_trick: int
    #: internal: per human index, the icon of its mark
    _marks: tuple[int, ...] = attrs.field(repr=False)
    #: internal: god ``j`` partners human index ``_pair[j]``; ``_pair[len(gods):]`` is the lone human
    _pair: tuple[int, ...] = attrs.field(repr=False)
    #: internal: per human index, its oracle number
    _oracle: tuple[int, ...] = attrs.field(repr=False)
    #: internal: per human index, the tricks won
    _won: tuple[int, ...] = attrs.field(repr=False)
    #: internal: the deal's interventions
    _gifts: tuple[Intervention, ...] = attrs.field(repr=False)
    #: internal: the tricks, compactly: (leader's human index, cards in play order); see ``tricks``
    _done: tuple[tuple[int, ...], ...] = attrs.field(repr=False)
    #: internal: whether the lowest card won the tricks (GH-TRICK-8)
    _low: bool = attrs.field(default=False, repr=False)
    #: internal: whether a variant's function decided the tricks (GH-LOGIC-1)
    _variant: bool = attrs.field(default=False, repr=False)
    #: internal: per seat, the points a variant's counters gave or took in this deal (GH-LOGIC-2); ``()``: none
    _extra: tuple[int, ...] = attrs.field(default=(), repr=False)
    #: internal: a variant ended the game after a trick of this deal, which was scored as it stood (GH-LOGIC-3)
    _cut: bool = attrs.field(default=False, repr=False)

    @property
    def lone(self) -> int | None:
        """The seat of the lone human (孤高の者, GH-PAIR-3), or ``None`` when every human has a partner."""
        g = len(self.gods)
        return self.humans[self._pair[g]] if g < len(self.humans) else None

    @property
    def human_results(self) -> tuple[HumanResult, ...]:
        """Every human's mark, partner, oracle number, tricks won and points, in seat order."""
        partner: list[int | None] = [None] * len(self.humans)
        for god, i in zip(self.gods, self._pair):
            partner[i] = god
        return tuple(
            HumanResult(s, self._marks[i], partner[i], self._oracle[i], self._won[i], self.points[s])
            for i, s in enumerate(self.humans)
        )

    @property
    def god_results(self) -> tuple[GodResult, ...]:
        """Every god's partner, intervention (its gap and where its cards came from) and points, in seat order."""
        when = {r.god: r for r in self._gifts}
        out = []
        for god, i in zip(self.gods, self._pair):
            r = when.get(god)
            if r is None:  # GH-INTERVENE-6: with interventions=none no god gives
                out.append(GodResult(god, self.humans[i], -1, "none", self.points[god]))
                continue
            if r.forced:
                source = "forced"
            else:
                source = "field" if all(r.from_field) else "mixed" if any(r.from_field) else "hand"
            out.append(GodResult(god, self.humans[i], r.gap, source, self.points[god]))
        return tuple(out)

    def result_of(self, seat: int) -> HumanResult | GodResult:
        """The :class:`HumanResult` or :class:`GodResult` of ``seat`` (``KeyError`` if it is neither)."""
        results: tuple[HumanResult | GodResult, ...] = (*self.human_results, *self.god_results)
        for r in results:
            if r.seat == seat:
                return r
        raise KeyError(seat)

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        """The deal's tricks as :class:`~rulebook.core.history.TrickRecord` values (by seat)."""
        return _trick_records(self.deal, self.first_trick, self.humans, self.trump, self._done, self._low,
                              self._won, self._variant)

    @property
    def record(self) -> RoundRecord:
        """The deal as a :class:`~rulebook.core.history.RoundRecord`: who scored what, and why."""
        changes = []
        for r in self.human_results:
            o, w, s = r.oracle, r.won, r.seat
            exact = o == w
            rule = "GH-RULING-6" if r.partner is None else "GH-SCORE-1"
            why = f"predicted {o} tricks and won {w}" + ("" if exact else ": no stars")
            changes.append(ScoreChange(s, r.points if exact else 0, why, rule))
            if r.partner is not None:
                why = f"its partner, seat {s}, predicted {o} tricks and won {w}" + ("" if exact else ": no stars")
                changes.append(ScoreChange(r.partner, r.points if exact else 0, why, "GH-SCORE-1"))
        points = self.points
        if self._extra:  # GH-LOGIC-2: the variant's changes in this deal
            points = tuple(a + b for a, b in zip(points, self._extra, strict=True))
            changes += [ScoreChange(s, x, "the variant's counters", "variant:counters")
                        for s, x in enumerate(self._extra) if x]
        if self._cut:  # GH-LOGIC-3: a variant ended the game after a trick of this deal
            end, rule = f"the variant ended the game after trick {len(self._done)} of the deal", "variant:ends"
        else:
            end, rule = "the humans' hands are empty", "GH-END-1"
        return RoundRecord(number=self.deal, points=points, changes=tuple(changes), end=end, rule=rule)


def deal_tricks(state: GodsState) -> tuple[TrickRecord, ...]:
    """The finished tricks of the current deal (built on demand)."""
    f = state.board[0]
    past = f.past
    if state.phase == OVER:  # the last deal is already in ``past``
        return past[-1].tricks
    first = past[-1].first_trick + len(past[-1]._done) if past else 0
    rules = state.rules
    low = rules.trick_winner == "lowest"
    return _trick_records(f.deal, first, f.humans, f.trump, state.board[4], low, state.board[3],
                          rules.logic.trick_winner is not None)


def last_deal_trick(state: GodsState) -> TrickRecord:
    """The record of the current deal's last finished trick, ``deal_tricks(state)[-1]`` without building
    the others (GH-LOGIC-2: the ``trick`` event's record, handed over after every trick)."""
    f = state.board[0]
    past = f.past
    first = past[-1].first_trick + len(past[-1]._done) if past else 0
    rules = state.rules
    return _trick_records(f.deal, first, f.humans, f.trump, state.board[4], rules.trick_winner == "lowest",
                          state.board[3], rules.logic.trick_winner is not None, last=True)[-1]


def tricks(state: GodsState) -> tuple[TrickRecord, ...]:
    """Every finished trick of the game, across deals, in order (built on demand)."""
    out: list[TrickRecord] = []
    for res in state.board[0].past:
        out.extend(res.tricks)
    if state.phase != OVER:
        out.extend(deal_tricks(state))
    return tuple(out)


def rounds(state: GodsState) -> tuple[RoundRecord, ...]:
    """Every finished deal as a record: each seat's points and why (GH-SCORE-1)."""
    return tuple(res.record for res in state.board[0].past)
