"""The record of play shared by every game: tricks, rounds and score changes.

Every game keeps the same few facts about what happened, in the same shape, so
a replay viewer, a balance report, a narrated replay or a researcher reads
every game alike:

* ``state.tricks``: every finished trick of the whole game, across rounds and
  deals, as :class:`TrickRecord` values (leader, each play as ``(player, card)``
  in order, the winner, and the rule ID that decided it);
* ``state.rounds``: every finished round, deal or race as a :class:`RoundRecord`
  (each seat's points gained or lost and why, and how the round ended).

Players are seats (``int``, ``0 <= seat < players``) everywhere. A card played
by a non-player (UTSUKE's lord and young lord) is recorded under that
player's name, a ``str``.

Engines build these records lazily from what they keep anyway, so the hot
path (``legal_actions``/``apply``) pays nothing for them.

>>> t = TrickRecord(number=0, round=0, leader=1, plays=((1, 5), (0, 7)), winner=0, rule="WB-TRICK-2")
>>> t.cards, t.card_of(0), t.winning_card
((5, 7), 7, 7)
>>> r = RoundRecord(number=0, points=(3, -1), changes=(ScoreChange(0, 3, "captured cards", "WB-SCORE-1"),
...     ScoreChange(1, -1, "penalty", "WB-SCORE-2")), end="the hands ran out", rule="WB-END-1")
>>> r.points_of(1)
-1

Every record type is a :class:`VersionedRecord`: it has a version (``TrickRecord.VERSION``), raised when
its fields change, and reading a field it does not have fails with a message that names the
field, the record type, its version and the fields it has, so a hook written against an older
shape learns what changed:

>>> try:
...     t.cardz
... except AttributeError as exc:
...     print(exc)
TrickRecord (record version 1) has no field 'cardz'; its fields: number, round, leader, plays, winner, rule
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

__all__ = ["Player", "RoundRecord", "ScoreChange", "TrickRecord", "VersionedRecord", "round_totals"]

#: A seat (``int``) or the name of a non-player who plays cards (``"lord"``).
Player = int | str


class VersionedRecord:
    """The base of every record type a game keeps or a hook receives (slotted, frozen attrs
    classes): a ``VERSION`` per type, raised whenever its fields change, and a clear error for
    a field it does not have.

    A subclass declares ``VERSION: ClassVar[int] = 1`` (or inherits 1) and stays an
    ``@attrs.frozen(slots=True)`` class; reading a missing attribute raises ``AttributeError``
    naming the field, the record type, its version and its fields (``hasattr`` and
    ``getattr(record, name, default)`` work as usual).
    """

    __slots__ = ()

    #: the version of the record's shape: raised when a field is renamed, removed or changes meaning
    VERSION: ClassVar[int] = 1

    def __getattr__(self, name: str) -> Any:
        # only called when normal lookup failed: the field does not exist (dunder lookups by
        # copy, pickle and the like get the plain error they expect)
        if name.startswith("__"):
            raise AttributeError(name)
        cls = type(self)
        fields = ", ".join(f.name for f in attrs.fields(cls)) if attrs.has(cls) else ""
        raise AttributeError(
            f"{cls.__name__} (record version {cls.VERSION}) has no field {name!r}; its fields: {fields or 'none'}"
        )


@attrs.frozen(slots=True)
class TrickRecord(VersionedRecord):
    """One finished trick.

    ``number`` counts tricks over the whole game from 0; ``round`` is the index
    of the round (deal, race) it belongs to; ``plays`` lists ``(player, card)``
    in the order the cards were played, the leader's first; ``rule`` is the
    rule ID that decided ``winner`` (the trump rule, the lead-suit rule...).
    """

    VERSION: ClassVar[int] = 1

    number: int
    round: int
    leader: Player
    plays: tuple[tuple[Player, int], ...]
    winner: Player
    rule: str

    @property
    def cards(self) -> tuple[int, ...]:
        """The cards in the order they were played."""
        return tuple(card for _, card in self.plays)

    @property
    def players(self) -> tuple[Player, ...]:
        """Who played, in order (the leader first)."""
        return tuple(p for p, _ in self.plays)

    def card_of(self, player: Player) -> int:
        """The card ``player`` played in this trick (``KeyError`` if none)."""
        for p, card in self.plays:
            if p == player:
                return card
        raise KeyError(player)

    @property
    def winning_card(self) -> int:
        """The card that won."""
        return self.card_of(self.winner)


@attrs.frozen(slots=True)
class ScoreChange(VersionedRecord):
    """Points one seat gained (or lost, if negative) and why."""

    VERSION: ClassVar[int] = 1

    seat: int
    points: int
    reason: str
    rule: str


@attrs.frozen(slots=True)
class RoundRecord(VersionedRecord):
    """One finished round (deal, race): what each seat scored and how it ended.

    ``points`` is each seat's net change of ``state.scores`` over the round (by
    seat); ``changes`` itemises it; ``end`` says in words how the round ended
    and ``rule`` is the rule ID of that ending. Where a game's scoring is
    additive, ``state.scores`` equals the sum of ``points`` over ``state.rounds``
    (plus the current round's points so far, where the game shows them).
    """

    VERSION: ClassVar[int] = 1

    number: int
    points: tuple[int, ...]
    changes: tuple[ScoreChange, ...]
    end: str
    rule: str

    def points_of(self, seat: int) -> int:
        return self.points[seat]


def round_totals(rounds: tuple[RoundRecord, ...], players: int) -> tuple[int, ...]:
    """The per-seat sum of ``points`` over ``rounds``.

    >>> round_totals((RoundRecord(0, (1, 2), (), "", "X-1"), RoundRecord(1, (3, -1), (), "", "X-1")), 2)
    (4, 1)
    """
    totals = [0] * players
    for r in rounds:
        for seat, p in enumerate(r.points):
            totals[seat] += p
    return tuple(totals)
