"""Where a variant's added step goes in the game's program, and who takes it.

Every added step (:mod:`rulebook.variants.phases`) names its place in the game's program
(``Game.PROGRAM``, :mod:`rulebook.core.model`) by one of

``before = "<step>"``
    before a step with a decision: a printed phase (``bid``, ``prophecies``, ``oracle``, ``tricks``,
    ``rounds``), every trick (the game's per-trick step: ``trick``; ``round`` in Saru Tori Inu I), or,
    where the engine can hold there, ``score`` (a round's last trick played, nothing scored or revealed);
``after = "<step>"``
    after one: ``after = "trick"`` comes before the next trick's lead, or before the scoring where the
    round's last trick was it; ``after = "<phase>"`` comes before the phase that follows it;

and ``at`` (a whole number, from 1; 0 or none: every time) picks one of them: the trick's number in its
round for the per-trick step, the round's number (the race's, the deal's) for the others. ``after =
"trick"`` with ``at = 5`` is "after the fifth trick of each round".

``by`` says who takes it: every seat the step's kind lets take part (the default), one named seat
(``seat:N``, counted from 1), or the seats of one of the game's roles (``role:NAME``, ``Game.ROLES``).
How the seats choose (each in turn, openly; or all at once, in secret) is the step's ``turns``.

>>> import rulebook
>>> game = rulebook.get_game("seven-prophecies")
>>> sorted(placeable(game))  # doctest: +NORMALIZE_WHITESPACE
[('after', 'deal'), ('after', 'prophecies'), ('after', 'trick'), ('before', 'prophecies'), ('before', 'trick'),
 ('before', 'tricks')]
"""

from __future__ import annotations

import functools
from typing import Any

__all__ = ["at_of", "by_seats", "check_place", "matches", "placeable", "points", "trick_step", "wanted"]

#: the most a step's ``at`` may count to
MAX_AT = 99


def trick_step(game: Any) -> str:
    """The name of the game's per-trick step (``trick``; Saru Tori Inu I's round of play is ``round``)."""
    return _facts(game)[2]


def _phase_names(game: Any) -> list[str]:
    return list(_facts(game)[0])


def _facts(game: Any) -> tuple[tuple[str, ...], dict[str, int], str]:
    """A game's phase names, each name's index and its per-trick step: read at every move of the general
    path, so worked out once per game (a game's program and phases are fixed)."""
    try:
        return _cached_facts(game)
    except TypeError:  # a game that cannot be a key
        return _game_facts(game)


def _game_facts(game: Any) -> tuple[tuple[str, ...], dict[str, int], str]:
    names = tuple(p.name for p in getattr(game, "PHASES", ()))
    trick = next((str(step.name) for step in getattr(game, "PROGRAM", ())
                  if step.repeat == "trick" and not step.parent), "trick")
    return names, {n: i for i, n in reversed(list(enumerate(names)))}, trick


_cached_facts = functools.lru_cache(maxsize=256)(_game_facts)


def placeable(game: Any) -> frozenset[tuple[str, str]]:
    """Every ``(before|after, step)`` place an added step may name in ``game``."""
    out: set[tuple[str, str]] = set()
    phases = getattr(game, "PHASES", ())
    names = _phase_names(game)
    pauses = tuple(getattr(game, "PAUSES", ()))
    for i, phase in enumerate(phases):
        if phase.turns != "chance":
            out.add(("before", phase.name))
            if i > 0:
                out.add(("after", names[i - 1]))
        elif phase.name in pauses:
            out.add(("before", phase.name))
            if i > 0:
                out.add(("after", names[i - 1]))
    if callable(getattr(game, "trick_at", None)):
        t = trick_step(game)
        out |= {("before", t), ("after", t)}
    return frozenset(out)


def check_place(game: Any, before: Any, after: Any, at: Any, by: Any, field: Any, error: type[Exception]) -> None:
    """``error`` naming the field (``field(name)``) if ``game`` cannot place a step there."""
    if (before == "") == (after == ""):
        raise error(f"{field('before')}: name one place, before = STEP or after = STEP")
    kind, name = ("before", before) if before != "" else ("after", after)
    if not isinstance(name, str):
        raise error(f"{field(kind)}: must name a step of the game, not {type(name).__name__}")
    places = placeable(game)
    if (kind, name) not in places:
        if kind == "before" and name in _phase_names(game) and (kind, name) not in places:
            chance = ", ".join(sorted(n for k, n in places if k == "before"))
            raise error(f"{field(kind)}: {name} is a step no player takes (it comes by chance); an added step "
                        f"goes before one of: {chance}")
        offered = ", ".join(sorted(f"{k} {n}" for k, n in places))
        raise error(f"{field(kind)}: {game.slug} has no step {str(name)[:40]!r} to go {kind} (it offers: "
                    f"{offered})")
    if type(at) is not int or not 0 <= at <= MAX_AT:
        raise error(f"{field('at')}: must be a whole number from 1 to {MAX_AT} (0: every time), not {at!r:.40}")
    if by == "":
        return
    if not isinstance(by, str):
        raise error(f"{field('by')}: must be seat:N or role:NAME, not {type(by).__name__}")
    word, colon, arg = by.partition(":")
    if colon and word == "seat" and arg.isdigit() and arg.isascii() and len(arg) <= 3 and int(arg) >= 1:
        return
    roles = getattr(game, "ROLES", {})
    if colon and word == "role" and arg in roles:
        return
    offered = ", ".join(f"role:{r}" for r in roles)
    raise error(f"{field('by')}: must be seat:N (N from 1){' or one of ' + offered if offered else ''}, "
                f"not {by[:40]!r}")


def at_of(phase: Any) -> tuple[str, str, int]:
    """An added step's place: ``(before|after, step, at)``."""
    before = getattr(phase, "before", "")
    if before:
        return ("before", before, int(getattr(phase, "at", 0)))
    return ("after", getattr(phase, "after", ""), int(getattr(phase, "at", 0)))


#: no place of the program (what :func:`points` says inside a trick or a phase)
_NOWHERE: frozenset[tuple[str, str, int]] = frozenset()


def wanted(game: Any, places: tuple[tuple[str, str, int], ...]) -> tuple[bool, bool]:
    """Which of the engine's questions can place one of ``places`` (:func:`at_of`): ``(phase,
    trick)``, whether one names a printed phase and whether one names the per-trick step. An answer
    no place names is skipped by :func:`points` (most moves ask neither)."""
    names, _index, t = _facts(game)
    return (any(name in names for _kind, name, _at in places),
            any(name == t for _kind, name, _at in places) and callable(getattr(game, "trick_at", None)))


def points(game: Any, inner: Any, ask: tuple[bool, bool] = (True, True)) -> frozenset[tuple[str, str, int]]:
    """The places of the program ``inner`` (an engine state) stands at, each with its number and with 0;
    with ``ask`` (:func:`wanted`) false for the phase or the trick, those places are left out unless the
    engine holds there."""
    paused = getattr(inner, "paused", "")
    moving = inner.current_player is not None
    at = game.phase_at(inner) if moving and ask[0] else None
    trick = game.trick_at(inner) if moving and ask[1] and hasattr(game, "trick_at") else None
    if at is None and trick is None and not paused:
        return _NOWHERE  # inside a trick or a phase (most moves): no place of the program is here
    names, index, t = _facts(game)
    out: set[tuple[str, str, int]] = set()
    rnd = int(game.round_of(inner)) + 1
    if at is not None:
        out |= {("before", at, rnd), ("before", at, 0)}
        i = index.get(at, 0)
        if i > 0:
            out |= {("after", names[i - 1], rnd), ("after", names[i - 1], 0)}
    if trick is not None:
        out |= {("before", t, trick + 1), ("before", t, 0)}
        if trick > 0:
            out |= {("after", t, trick), ("after", t, 0)}
    if paused:
        out |= {("before", paused, rnd), ("before", paused, 0)}
        i = index.get(paused, 0)
        if i > 0:
            out |= {("after", names[i - 1], rnd), ("after", names[i - 1], 0)}
        played = int(game.tricks_in_round(inner)) if hasattr(game, "tricks_in_round") else 0
        if played:
            out |= {("after", t, played), ("after", t, 0)}
    return frozenset(out)


def matches(phase: Any, here: frozenset[tuple[str, str, int]]) -> bool:
    """Whether an added step's place is among ``here`` (:func:`points`)."""
    return at_of(phase) in here


def by_seats(game: Any, inner: Any, by: str, seats: tuple[int, ...]) -> tuple[int, ...]:
    """Who takes a step ``by`` names, among ``seats`` (those its kind lets take part), in seat order."""
    if not by:
        return seats
    word, _, arg = by.partition(":")
    if word == "seat":
        chosen: tuple[int, ...] = (int(arg) - 1,)
    else:
        chosen = tuple(game.zone_roles(inner).get(arg, ())) if hasattr(game, "zone_roles") else ()
    return tuple(s for s in chosen if s < inner.rules.players)
