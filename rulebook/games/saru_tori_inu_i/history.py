"""Saru Tori Inu I: the public record of play, built lazily from the history and the compact fields.

The game has no tricks (``state.tricks`` is ``()``). Its record is kept per round
(:class:`PlacementRecord`, with its :class:`Resolution` steps, replayed from the history)
and per race: a shared :class:`~rulebook.core.history.RoundRecord` of the points and a
:class:`RevealedMissions` of the missions revealed at the race's scoring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from rulebook.core.history import RoundRecord, TrickRecord, VersionedRecord
from rulebook.core.logic import hook_running
from rulebook.errors import IllegalAction

from .actions import Declare, Down, Keep, Pair, Place, Play, Road, Take
from .rules import FACE_DOWN

if TYPE_CHECKING:
    from .state import SaruState

# -- the record of play (ST-RES-1..5, ST-ROUND-1) ------------------------------------------------


@attrs.frozen(slots=True)
class Resolution(VersionedRecord):
    """One player's step of the resolution (ST-RES-1): what it put beneath which column,
    then what it took.

    ``strength`` is the strength it played or declared (-1: face down); ``placed`` lists
    ``(card, column)`` in the order put down (columns from 0 at the left); ``how`` is
    ``"take"`` (acquired), ``"road"``, ``"keep"`` (into the hand, ST-RES-5) or ``"none"``
    (the oracle area was empty, ST-RULING-13); ``card`` and ``column`` say which oracle
    card from which column (``None`` with ``"none"``); ``discarded`` are the other cards
    of that column, which left the game (ST-RES-3); ``rule`` is the rule that allowed or
    forced the choice (ST-RES-3, ST-RES-4 forced road, ST-RES-5, ST-RULING-13).
    """

    VERSION: ClassVar[int] = 1

    seat: int
    strength: int
    placed: tuple[tuple[int, int], ...]
    how: str
    card: int | None
    column: int | None
    discarded: tuple[int, ...]
    rule: str


@attrs.frozen(slots=True)
class PlacementRecord(VersionedRecord):
    """One finished round of Saru Tori Inu I (the game's counterpart of a trick).

    ``number`` counts rounds over the whole game from 0; ``race`` and ``round`` (from 0
    within the race) say where it was; ``area`` is the oracle area when the round began,
    by column; ``plays`` lists ``(seat, strength, cards)`` in turn order (strength -1:
    face down; two cards after a declaration); ``steps`` are the :class:`Resolution`
    steps in resolution order; ``leftover`` are oracle cards nobody took, which left the
    game when the round ended (ST-RULING-13).
    """

    VERSION: ClassVar[int] = 1

    number: int
    race: int
    round: int
    area: tuple[tuple[int, ...], ...]
    plays: tuple[tuple[int, int, tuple[int, ...]], ...]
    steps: tuple[Resolution, ...]
    leftover: tuple[int, ...]

    @property
    def taken(self) -> tuple[tuple[int, str, int], ...]:
        """``(seat, how, card)`` for every oracle card taken, in order."""
        return tuple((r.seat, r.how, r.card) for r in self.steps if r.card is not None)



@attrs.frozen(slots=True)
class RevealedMissions(VersionedRecord):
    """The mission cards of one scored race, revealed when it was scored (ST-SCORE-3).

    ``race`` counts races from 0 (the ``number`` of the race's
    :class:`~rulebook.core.history.RoundRecord`); ``missions`` holds each seat's mission
    card, by seat, as an index into ``rules.missions``.
    """

    VERSION: ClassVar[int] = 1

    race: int
    missions: tuple[int, ...]

    def mission_of(self, seat: int) -> int:
        """The mission card ``seat`` held in this race."""
        return self.missions[seat]


@attrs.frozen(slots=True)
class RoundOfPlay(TrickRecord):
    """One round of play, the game's counterpart of a trick, as a variant's ``counters``, ``ends``
    and ``trick_points`` functions receive it at the event ``trick`` (ST-LOGIC-2): a
    :class:`~rulebook.core.history.TrickRecord` with the game's own facts added, built only when a
    variant's logic is in force (``state.tricks`` stays ``()``).

    As a trick record: ``number`` counts rounds of play over the whole game from 0, ``round`` is
    the race (from 0), ``leader`` the round's start player (ST-PLAY-1), ``plays`` each card played
    as ``(seat, card)`` in turn order (a declarer's two cards both, a face-down card too),
    ``winner`` the seat that resolved first and ``rule`` the rule that chose it (``ST-RES-1``, or
    ``variant:trick_winner`` when a variant's function did, ST-LOGIC-1). Added: ``in_race``, the
    round within its race (from 0); ``strengths``, each seat's strength played or declared (-1
    face down, -2 did not play: no cards, ST-RULING-9); ``order``, the seats in the order they
    resolved (ST-RES-1); ``squares``, the animals' squares when the round ended (monkey, dog,
    bird, boar).
    """

    VERSION: ClassVar[int] = 1

    in_race: int
    strengths: tuple[int, ...]
    order: tuple[int, ...]
    squares: tuple[int, ...]


def round_plays(log: Any, order: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The cards of the round of play that ``log`` (the moves, newest last) ends, as ``(seat, card)``
    in turn order (``order``, the round's seats): the round's plays are the last run of plays in the
    log (ST-PLAY-1..4); a declarer's declaration is followed by its two cards. Read from the newest
    move back: a resampled state keeps no history (its log starts at the resample), so the plays made
    before it are left out rather than given to the wrong seats."""
    node = log
    while node is not None and type(node[1]) not in _PLAYS:  # the resolution's moves (ST-RES-2..5)
        node = node[0]
    actions = []
    while node is not None and type(node[1]) in _PLAYS:
        actions.append(node[1])
        node = node[0]
    out: list[tuple[int, int]] = []
    k = 0
    for seat in reversed(order):
        if k == len(actions):  # the log starts within the round (a resampled state)
            break
        if k + 2 < len(actions) and type(actions[k + 2]) is Declare:  # ST-PLAY-4: the two cards after it
            out += [(seat, actions[k].card), (seat, actions[k + 1].card)]
            k += 3
        else:
            out.append((seat, actions[k].card))
            k += 1
    out.reverse()
    return tuple(out)


_PLAYS = (Play, Down, Declare, Pair)


def rounds(state: SaruState) -> tuple[RoundRecord, ...]:
    """One :class:`~rulebook.core.history.RoundRecord` per scored race (see ``SaruState.rounds``)."""
    return state.board[10]


def tricks(state: SaruState) -> tuple[TrickRecord, ...]:
    """Always ``()``: the game has no tricks (ST-RES-1)."""
    return ()


def revealed(state: SaruState) -> tuple[RevealedMissions, ...]:
    """One :class:`RevealedMissions` per scored race, in order (ST-SCORE-3)."""
    return tuple([RevealedMissions(race, missions) for race, missions in enumerate(state.board[8])])


def placements(state: SaruState) -> tuple[PlacementRecord, ...]:
    """Replay ``state``'s history from its set-up and note each round (see ``placements``).

    Under a variant's logic the replay calls the variant's functions again, so it is refused while
    one of them runs (ST-LOGIC-2): a hook reads its event's record, ``state.rounds`` and
    ``state.history`` instead."""
    actions = state.history
    if not actions:
        return ()
    if hook_running() and not state.rules.logic.printed:
        raise ValueError("state.placements replays the game, which would call the variant's own functions "
                         "again: inside a hook, read the event's record (a RoundOfPlay), state.rounds or "
                         "state.history instead (ST-LOGIC-2)")
    s: SaruState = type(state).GAME.initial_state(state.rules, state.setup)
    out: list[PlacementRecord] = []
    area = s.area
    plays: tuple[tuple[int, int, tuple[int, ...]], ...] = ()
    steps: list[Resolution] = []
    step: dict[str, Any] = {}
    for action in actions:
        kind = type(action)
        seat = s.to_act
        assert seat is not None
        if kind is Place and not step:
            step = {"seat": seat, "strength": s.shown[seat], "placed": []}
            if not plays:
                played, shown = s.played, s.shown
                plays = tuple((p, shown[p], played[p]) for p in s.order)
        taken: tuple[int, ...] = ()
        col = -1
        if kind is Take or kind is Road or kind is Keep:
            col = next(k for k, cards in enumerate(s.area) if cards)
            taken = s.area[col]
            legal = s.legal_actions()
            if kind is Keep or s.shown[seat] == FACE_DOWN:
                rule = "ST-RES-5"
            elif kind is Road and all(type(a) is Road for a in legal):
                rule = "ST-RES-4"
            else:
                rule = "ST-RES-3"
        before = s
        try:
            s = s.apply(action)
        except IllegalAction as exc:  # a state whose fields were changed by ``replace``
            raise ValueError(f"the history does not replay from the set-up: {exc}") from None
        if kind is Place:
            column = action.column  # type: ignore[union-attr]
            mine = before.played[seat]
            together = before.rules.pair_placement == "together"  # ST-RULING-5
            step["placed"].extend((c, column) for c in (mine if together else mine[:1]))
            if (not together and len(mine) > 1) or any(before.area):  # it places again, or takes
                continue
            steps.append(Resolution(seat, step["strength"], tuple(step["placed"]), "none", None, None, (),
                                    "ST-RULING-13"))
            step = {}
        elif col >= 0:
            card = action.card  # type: ignore[union-attr]
            how = "take" if kind is Take else "road" if kind is Road else "keep"
            steps.append(Resolution(seat, step["strength"], tuple(step["placed"]), how, card, col,
                                    tuple(c for c in taken if c != card), rule))
            step = {}
        if s.rounds_played != before.rounds_played:
            if col >= 0:
                left = tuple(c for k, cards in enumerate(before.area) if k != col for c in cards)
            else:
                left = tuple(c for cards in before.area for c in cards)
            out.append(PlacementRecord(len(out), before.race, before.rnd, area, plays, tuple(steps), left))
            area, plays, steps = s.area, (), []
    return tuple(out)

