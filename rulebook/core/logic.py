"""The engine's own logic a variant may replace: who wins a trick, the counts the engine keeps,
and when the game ends.

Every game resolves its tricks (Saru Tori Inu I: its rounds) with one documented function,
``game.resolve_trick(trick)``, over a :class:`Trick`: the cards played, who played them, the
leader, and the state they were played in. A variant may put its own function in its place
(:attr:`Logic.trick_winner`); it is given the same :class:`Trick` and returns the winner, a seat
of ``trick.seats``.

Every game also names

* its **counters** (``game.COUNTERS``): the counts the engine keeps per seat and reads itself
  (scores, chips, honour, road squares...), each with a line for people;
* its **events** (``game.EVENTS``): the moments the game changes them (``trick``, ``round``,
  ``race``, ``deal``...);
* its **endings** (``game.ENDINGS``): the ways the printed game ends, each with the spec rule
  that states it; the option ``endings_off`` switches any of them off (data, no code).

A variant's :attr:`Logic.counters` function is called once at each event, after the game's own
changes, with an :class:`Event`; it returns changes to the engine's own counters (a mapping from
counter names to one whole number per seat, added to the count), or ``None`` for no change. The
end conditions, the table, the players and the figures all read the changed count. A variant's
:attr:`Logic.ends` function is called at each event after the counters; when it returns ``True``
the engine ends the game there, and the game's own scoring decides its scores and winners.

The functions sit in the ``logic`` field of the game's ``Rules`` (a :class:`Logic`, printed:
:data:`PRINTED_LOGIC`); that field is not an option: no text form names it, and a record of a
game played with it names the variant file it came from, which the user passes again. Variants
(:class:`~rulebook.variants.variant.Variant`) build it from their ``trick_winner``,
``counters`` and ``ends`` hooks, wrapped so that every call is checked; the engine calls them
only when they are set, so the printed game keeps its precomputed path.

>>> Logic().printed, PRINTED_LOGIC.printed
(True, True)
>>> Logic(trick_winner=max).printed, Logic(leader=max).printed
(False, False)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from rulebook.core.history import Player
from rulebook.errors import InvalidRules

__all__ = [
    "HOOK_CLOCK", "LOGIC_FIELD", "PRINTED_LOGIC", "Changes", "Event", "Logic", "Outcome", "Trick", "apply_changes",
    "check_endings_off", "hook_running", "logic_field",
]

#: the seconds spent inside a variant's hooks in this process, and how many hook calls are running now
#: (the variant layer's ``call_hook`` keeps both: a hook called from a hook counts its time once)
HOOK_CLOCK: list[float] = [0.0, 0.0]


def hook_running() -> bool:
    """Whether a variant's hook is running now (an engine whose records replay the game, and so would
    call the hooks again, refuses to rebuild them inside a hook)."""
    return HOOK_CLOCK[1] > 0

#: the metadata key that marks the ``logic`` field of a ``Rules`` class (not an option)
LOGIC_FIELD = "rulebook_logic"

#: changes to the engine's counters: counter name -> one whole number per seat, added to the count
Changes = Mapping[str, Sequence[int]]


@attrs.frozen(slots=True)
class Trick:
    """A complete trick, as the function that resolves it sees it.

    ``cards`` in the order they were played (the leader's first), ``seats`` who played each (a
    seat, or a non-player's name such as UTSUKE's ``"lord"``), ``leader`` the first of
    ``seats``, ``state`` the engine's state in which the trick was completed (read the game's
    own fields from it: the trump, the wheel, the table...), ``rules`` its rules.
    """

    cards: tuple[int, ...]
    seats: tuple[Player, ...]
    leader: Player
    state: Any = attrs.field(repr=False, eq=False)
    rules: Any = attrs.field(repr=False, eq=False)


@attrs.frozen(slots=True)
class Outcome:
    """A trick's outcome as a variant's ``trick_winner`` may give it, where a seat alone will not do:
    ``winner`` is a seat of the trick or the name of a player of ``joins``; ``joins`` are cards that join
    the trick from the top of the draw pile, each for a player that is no seat (``(("ghost", card),)``),
    judged with the trick's own cards and shown to every seat. A trick a player that is no seat takes
    leaves the game, and its leader leads the next one (a game that offers it says so: WB-LOGIC-1).

    >>> Outcome("ghost", (("ghost", 17),)).joins
    (('ghost', 17),)
    """

    winner: Player
    joins: tuple[tuple[str, int], ...] = ()


@attrs.frozen(slots=True)
class Event:
    """A moment at which the game changes its counters: ``kind`` is one of ``game.EVENTS``,
    ``number`` counts events of that kind from 0, ``state`` is the engine's state right after the
    game's own changes (before the variant's), ``record`` what happened (the game documents its
    type per kind: a :class:`~rulebook.core.history.TrickRecord` after a trick, a
    :class:`~rulebook.core.history.RoundRecord` after a round...)."""

    kind: str
    number: int
    state: Any = attrs.field(repr=False, eq=False)
    record: Any = attrs.field(repr=False, eq=False)


@attrs.frozen
class Logic:
    """The engine logic a variant puts in place of the game's own (any may be ``None``: the
    game's own). Equal when the same functions are held, so two ``Rules`` with the same logic
    are equal (and worker processes, which unpickle the functions by name, agree)."""

    #: ``trick_winner(trick) -> seat``: who wins a complete trick (or an :class:`Outcome`, where the game
    #: takes one)
    trick_winner: Callable[[Trick], Player | Outcome] | None = None
    #: ``counters(event) -> changes or None``: changes to the engine's counters at an event
    counters: Callable[[Event], Changes | None] | None = None
    #: ``ends(event) -> bool``: whether the game ends at this event (scored by the game's rules)
    ends: Callable[[Event], bool] | None = None
    #: ``(name, policy)`` pairs: a non-player character (UTSUKE's ``"lord"``) that plays by the
    #: function ``policy(view, legal_actions) -> action`` (:mod:`rulebook.variants.seats`)
    npcs: tuple[tuple[str, Callable[[Any, tuple[Any, ...]], Any]], ...] = ()
    #: ``leader(event) -> seat or None``: at a ``trick`` event, who leads the round's next trick; at
    #: a ``round`` event, who starts the next round (``None``: the game's own rule)
    leader: Callable[[Event], int | None] | None = None
    #: ``(rule ID, function)`` pairs: the game's deciding rules a variant replaces by their spec ID
    #: (:attr:`Game.SLOTS <rulebook.core.contract.Game.SLOTS>`, :mod:`rulebook.core.model`); each engine
    #: calls the function where it decides that rule, with the arguments its slot documents
    replaced: tuple[tuple[str, Callable[..., Any]], ...] = ()
    #: ``(check ID, function)`` pairs: the variant's own consistency checks in place of the game's checks of
    #: those IDs (``Game.CHECKS``); each raises ``AssertionError("<RULE-ID>: what broke")``
    checks: tuple[tuple[str, Callable[[Any], None]], ...] = ()
    #: the rule IDs a variant switches off: consistency checks its rule makes untrue, and optional steps
    off: tuple[str, ...] = ()
    #: the steps of the game's program the engine holds before (``score``: once a round's last trick is
    #: played, before it is scored), for a variant's step placed there (:mod:`rulebook.variants.steps`);
    #: a held state has no seat to act and ``paused`` names the step, ``resume()`` goes on
    pauses: tuple[str, ...] = ()
    #: ``(zone key, function)`` pairs: who sees the items of a zone (``"trick"``) or of one seat's zone
    #: (``"hands.3"``, counted from 1) as a function ``sight(seat, item, content) -> bool``
    #: (:data:`~rulebook.core.model.SightFn`), played on the general path (:mod:`rulebook.variants.zones`)
    sights: tuple[tuple[str, Callable[[int, int, Any], bool]], ...] = ()

    @property
    def printed(self) -> bool:
        """No function is replaced: the engine runs its own logic only."""
        return (self.trick_winner is None and self.counters is None and self.ends is None and not self.npcs
                and self.leader is None and not self.replaced and not self.checks and not self.off and not self.pauses
                and not self.sights)

    def rule(self, rule: str) -> Callable[..., Any] | None:
        """The variant's function in place of the rule ``rule`` (a spec ID), or ``None``: the game's own.

        >>> Logic(replaced=(("SP-RANK-1", max),)).rule("SP-RANK-1") is max, Logic().rule("SP-RANK-1")
        (True, None)
        """
        for rid, fn in self.replaced:
            if rid == rule:
                return fn
        return None


#: the printed game's logic: nothing replaced
PRINTED_LOGIC = Logic()


def logic_field() -> Any:
    """Declare the ``logic`` field of a ``Rules`` class: the engine logic a variant's Python puts in
    place of the game's own (a :class:`Logic`). It is not an option: no text form names it,
    :func:`~rulebook.core.options.describe_options` and :func:`~rulebook.core.options.rules_to_dict`
    leave it out, and it is compared by the functions it holds."""
    def check(instance: Any, attribute: Any, value: Any) -> None:
        if not isinstance(value, Logic):
            raise InvalidRules("logic", f"expected a Logic of Python functions, not {type(value).__name__}")

    return attrs.field(default=PRINTED_LOGIC, metadata={LOGIC_FIELD: True}, validator=check, kw_only=True,
                       repr=False)


def apply_changes(counts: tuple[int, ...], changes: Changes | None, name: str) -> tuple[int, ...]:
    """``counts`` (one per seat) plus the changes ``changes`` makes to counter ``name`` (the
    changes were checked when the variant's function returned them).

    >>> apply_changes((3, 4), {"score": (1, -2)}, "score")
    (4, 2)
    >>> apply_changes((3, 4), {"chips": (1, 1)}, "score")
    (3, 4)
    """
    if not changes:
        return counts
    delta = changes.get(name)
    if delta is None:
        return counts
    return tuple(c + d for c, d in zip(counts, delta, strict=True))


def check_endings_off(off: tuple[str, ...], endings: Mapping[str, str], kept: Mapping[str, str]) -> None:
    """Refuse, naming ``endings_off``, a value of that option that is not each an ending of ``endings``
    once, or that names one of ``kept``: the endings that cannot be switched off, each with why.

    >>> check_endings_off(("tricks",), {"hands": "X-END-1", "tricks": "X-END-2"}, {"hands": "it always comes"})
    >>> check_endings_off(("hands",), {"hands": "X-END-1", "tricks": "X-END-2"}, {"hands": "it always comes"})
    Traceback (most recent call last):
    ...
    rulebook.errors.InvalidRules: Rules.endings_off: it always comes
    """
    allowed = " or ".join(name for name in endings if name not in kept)
    for name in off:
        if type(name) is not str or name not in endings:
            raise InvalidRules("endings_off", f"'{name}' is not an ending that can be switched off; expected {allowed}")
    if len(set(off)) != len(off):
        raise InvalidRules("endings_off", "an ending is named twice")
    for name, why in kept.items():
        if name in off:
            raise InvalidRules("endings_off", why)
