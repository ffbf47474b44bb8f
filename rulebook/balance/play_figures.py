"""Play-level figures of one finished game: who wins tricks, which ranks win, how each role fares,
and the measures a designer names.

Outcomes (who won, by how much) can barely move while play changes a lot: without the red trump
the leader of a trick may win far more often. :func:`play_figures` reads a finished game's
records (``state.tricks`` and, where a game has roles, its deals or rounds) and returns one
number per figure, keyed ``"KIND: NAME"``:

``tricks: place N``
    the share of the game's tricks won by the card played ``N``-th (1 is the leader's);
``tricks: off colour``
    the share of tricks won by a card not of the colour led (a trump, in these games);
``tricks: trump``
    the share of tricks a trump decided, by the rule each trick cites (:data:`TRUMP_RULES`; left
    out of a game with a trick whose rule does not say, such as a trick the weakest card won);
``rank: R``
    the share of the cards of printed number ``R`` played that won their trick;
``role: ROLE: points`` and ``role: ROLE: wins``
    in games whose roles change every deal or round (:data:`ROLES`): the points a seat gained
    per deal in that role, and the share of its deals in that role in which it gained the most
    points of the table (a shared top counts for each; nobody wins a deal in which nobody scored);
``measure: NAME``
    a designer's own figure: a function of the finished state (:func:`load_measures`).

A figure a game does not have (no tricks, a rank never played) is left out, never set to 0:
reports average each figure over the games that have it, and show "n/a" when none has.

>>> import random, rulebook
>>> game = rulebook.get_game("witches-of-blackmore")
>>> state = game.new_game(game.Rules(players=3), seed=1)
>>> while not state.is_terminal:
...     state = state.apply(state.legal_actions()[0])
>>> figures = play_figures(state)
>>> round(sum(v for k, v in figures.items() if k.startswith("tricks: place ")), 9)
1.0
"""

from __future__ import annotations

import inspect
import math
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from rulebook.errors import RulebookError
from rulebook.i18n import N_
from rulebook.variants.hooks import unhooked
from rulebook.variants.user_code import load_module

__all__ = ["ROLES", "TRUMP_RULES", "Measure", "load_measures", "measure_values", "play_figures", "roles_of"]

#: Trick rules that say whether a trump decided the trick (True) or the colour led did (False).
TRUMP_RULES = {
    "WB-TRICK-1": True,  # a single trump wins
    "WB-TRICK-2": True,  # several trumps
    "WB-TRICK-3": False,  # no trump: the leader's colour
    "GH-TRICK-5": True,  # red is trump with four humans
    "GH-TRICK-3": False,  # the trick's winner without trump
}

#: A designer's figure: a function of a finished game's state giving a number. A ``unit``
#: attribute on the function names its unit in reports (``boar_place.unit = "place"``).
Measure = Callable[[Any], float]

#: One deal or round as roles see it: each seat's role, and the points each seat gained in it.
RoleDeal = tuple[Mapping[int, str], tuple[int, ...]]


def _gods_and_humans(state: Any) -> Iterator[RoleDeal]:
    """GH-ROLE-1, GH-ROLE-2, GH-PAIR-3: gods, the lone human (5 and 7 players) and the humans with a partner."""
    # the points of each deal's record: the game's own and a variant's changes to the engine's count
    for deal, rnd in zip(state.past, state.rounds, strict=False):
        roles = {seat: N_("god") for seat in deal.gods}
        for seat in deal.humans:
            roles[seat] = N_("lone human") if seat == deal.lone else N_("human with a partner")
        yield roles, tuple(rnd.points)


def _utsuke(state: Any) -> Iterator[RoleDeal]:
    """UT-SETUP-1, UT-END-3: the lord sits just before seat ``lord_before``, one place further every round."""
    players = state.rules.players
    for rnd in state.rounds:
        after = rnd.lord_before
        before = (after - 1) % players
        roles = {seat: N_("between") for seat in range(players)}
        roles[after] = N_("just after the lord")
        roles[before] = N_("just before the lord")
        yield roles, tuple(rnd.points)


#: Games whose seats change roles every deal or round: slug -> (the roles of every finished deal, a deal's name).
ROLES: dict[str, tuple[Callable[[Any], Iterator[RoleDeal]], str]] = {
    "gods-and-humans": (_gods_and_humans, N_("deal")),
    "utsuke": (_utsuke, N_("round")),
}


def roles_of(state: Any) -> list[RoleDeal]:
    """Each finished deal (or round) of a game with roles: every seat's role and the points it gained.

    Empty for a game without roles (:data:`ROLES`).

    >>> import rulebook
    >>> game = rulebook.get_game("gods-and-humans")
    >>> roles_of(game.new_game(game.Rules(), seed=1))
    []
    """
    engine = unhooked(state)
    found = ROLES.get(type(engine).GAME.slug)
    return list(found[0](engine)) if found is not None else []


def _role_figures(deals: list[RoleDeal]) -> dict[str, float]:
    points: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    seats: Counter[str] = Counter()
    for roles, gained in deals:
        best = max(gained)
        for seat, role in roles.items():
            seats[role] += 1
            points[role] += gained[seat]
            wins[role] += best > 0 and gained[seat] == best
    out: dict[str, float] = {}
    for role in sorted(seats):
        out[f"role: {role}: points"] = points[role] / seats[role]
        out[f"role: {role}: wins"] = wins[role] / seats[role]
    return out


def play_figures(state: Any, measures: Mapping[str, Measure] | None = None) -> dict[str, float]:
    """The play-level figures of one finished game (see the module doc), with ``measures`` applied to ``state``."""
    engine = unhooked(state)
    game = type(engine).GAME
    suit_of, rank_of = game.deck.suit_of, game.deck.rank_of
    out: dict[str, float] = {}
    tricks = engine.tricks
    if tricks:
        places: Counter[int] = Counter()
        off = 0
        played: Counter[int] = Counter()
        won: Counter[int] = Counter()
        for trick in tricks:
            plays = trick.plays
            led = suit_of[plays[0][1]]
            for place, (player, card) in enumerate(plays, 1):
                rank = rank_of[card]
                played[rank] += 1
                if player == trick.winner:
                    places[place] += 1
                    won[rank] += 1
                    off += suit_of[card] != led
        most = max(len(t.plays) for t in tricks)
        for place in range(1, most + 1):
            out[f"tricks: place {place}"] = places[place] / len(tricks)
        out["tricks: off colour"] = off / len(tricks)
        trumped = [TRUMP_RULES.get(t.rule) for t in tricks]
        if None not in trumped:
            out["tricks: trump"] = sum(map(bool, trumped)) / len(tricks)
        for rank in sorted(played):
            out[f"rank: {rank}"] = won[rank] / played[rank]
    out.update(_role_figures(_hooked_points(state, engine, roles_of(engine))))
    out.update(measure_values(state, measures or {}))
    return out


def _hooked_points(state: Any, engine: Any, deals: list[RoleDeal]) -> list[RoleDeal]:
    """``deals`` with the points a variant's ``trick_points`` and ``round_points`` hooks add to
    each deal (or round), so that the role figures follow the variant's scores: a trick counts
    in the deal its ``round`` names, a round record in the deal of its place."""
    hooks = getattr(state, "hooks", None)
    if state is engine or hooks is None or not deals or (hooks.trick_points is None and hooks.round_points is None):
        return deals
    extra = [list(points) for _roles, points in deals]
    if hooks.round_points is not None:
        for i, rnd in enumerate(engine.rounds[:len(deals)]):
            for seat, v in enumerate(hooks.round_points(state, rnd)):
                extra[i][seat] += int(v)
    if hooks.trick_points is not None:
        for trick in engine.tricks:
            if 0 <= trick.round < len(deals):
                for seat, v in enumerate(hooks.trick_points(state, trick)):
                    extra[trick.round][seat] += int(v)
    return [(roles, tuple(points)) for (roles, _points), points in zip(deals, extra, strict=True)]


def measure_values(state: Any, measures: Mapping[str, Measure]) -> dict[str, float]:
    """``{"measure: NAME": value}`` of every measure on a finished game; a measure that fails or
    gives anything but a finite number raises :class:`~rulebook.errors.RulebookError` naming it."""
    out: dict[str, float] = {}
    for name, fn in measures.items():
        try:
            value = fn(state)
        except Exception as exc:
            raise RulebookError(f"measure {name!r} failed: {type(exc).__name__}: {exc}") from None
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise RulebookError(f"measure {name!r} gave {value!r:.60}, not a finite number")
        out[f"measure: {name}"] = float(value)
    return out


def load_measures(ref: str) -> dict[str, Measure]:
    """A designer's measures named on the command line: ``file.py:NAME`` or ``module:NAME``, where
    ``NAME`` is a dict of measure names to functions of a finished state (``MEASURES`` when left out).

    Like ``--variant file.py:NAME`` this *runs code*: pass only a reference the user gave, never one
    read from data. Functions reach worker processes by reference, so define them at module level.
    """
    target, colon, attr = ref.rpartition(":")
    if not colon:
        target, attr = ref, "MEASURES"
    module = load_module(ref, target, "measures")
    found = getattr(module, attr or "MEASURES", None)
    if not isinstance(found, dict) or not found:
        raise RulebookError(f"measures {ref!r}: {target} has no {attr or 'MEASURES'!r} dict of measures")
    for name, fn in found.items():
        if not isinstance(name, str) or not name.strip() or not (inspect.isfunction(fn) or callable(fn)):
            raise RulebookError(f"measures {ref!r}: {name!r:.40} must name a function of a finished state")
    return dict(found)
