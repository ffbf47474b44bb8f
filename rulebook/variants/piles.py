"""The added phases that deal from a pile: ``draft`` and ``exchange`` (see :mod:`rulebook.variants.phases`).

A game that offers them names its piles as ``PILES`` on its game class: element name to how the
element is held, ``"hand"`` (the items drawn join the seat's hand, and the engine keeps the pile's
order: The Witches of Blackmore's draw pile) or ``"one"`` (each seat holds one item, such as Saru
Tori Inu I's mission; the engine never draws from that pile again in the round, so it keeps no order
and ``with_pile`` may ignore it). Its adapter adds ``pile_of(state, element)`` (the undealt items, top
first), ``with_pile(state, element, pile)``, ``held_of(state, element)`` and ``with_held(state, element,
held)`` (per seat; for ``hand`` the library uses ``hands_of`` and ``with_hands``) and
``pile_items(element)``, every item the element may hold with its text for people.

:class:`DraftCards`
    each seat taking part, in turn from its starter, is dealt ``cards`` items from the top of the
    pile (for a ``one`` element the item it holds is the first of them, so it draws ``cards - 1``),
    keeps ``keep`` of them (``keep R7``) and puts the others face down at the bottom of the pile.
:class:`ExchangeCards`
    each seat taking part, in turn, takes the top ``cards`` items of the pile and then puts
    ``cards`` of what it holds face down at the bottom (``return R7``).

The items a phase deals must lie above every item returned this round, so no seat ever draws what
another returned in the same phase or an earlier one of the round: a pile too small is refused with
:class:`~rulebook.variants.phases.InvalidPhase` naming ``cards``. A seat sees what it drew, kept and
returned; every other seat sees only how many.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs

#: how a pile's element is held (see the module doc)
HELD = ("hand", "one")


@attrs.frozen
class DraftCards:
    """An added phase: each seat taking part is dealt ``cards`` items of ``element``'s pile, keeps
    ``keep`` and returns the rest face down to the bottom (see the module doc), ``before`` the
    printed phase of that name, at every round. ``starts`` as for
    :class:`~rulebook.variants.phases.PassCards`."""

    before: str = ""
    element: str = "hand"
    cards: int = 2
    keep: int = 1
    starts: str = "game"
    #: the step's place in the program (rulebook.variants.steps): ``before`` or ``after`` a step, ``at``
    #: its number (0: every time); ``by``: who takes it (``seat:N``, ``role:NAME``; "": every seat)
    after: str = ""
    at: int = 0
    by: str = ""
    kind: ClassVar[str] = "draft"
    #: the choices are secret: only the seat sees what it drew, kept and returned
    turns: ClassVar[str] = "secret"

    def describe(self) -> dict[str, Any]:
        return _placed(self, {"kind": "draft", "before": self.before, "element": self.element, "cards": self.cards,
                "keep": self.keep, "starts": self.starts})


@attrs.frozen
class ExchangeCards:
    """An added phase: each seat taking part takes the top ``cards`` items of ``element``'s pile,
    then returns ``cards`` of what it holds face down to the bottom (see the module doc); with
    ``order = "aside"`` it first puts up to ``cards`` of what it holds aside, face down at the bottom (it
    says ``done`` to put fewer), and then draws as many from the top."""

    before: str = ""
    element: str = "hand"
    cards: int = 1
    starts: str = "game"
    #: ``draw``: draw, then lay back as many; ``aside``: lay up to ``cards`` aside, then draw as many
    order: str = "draw"
    #: the step's place in the program (rulebook.variants.steps): ``before`` or ``after`` a step, ``at``
    #: its number (0: every time); ``by``: who takes it (``seat:N``, ``role:NAME``; "": every seat)
    after: str = ""
    at: int = 0
    by: str = ""
    kind: ClassVar[str] = "exchange"
    turns: ClassVar[str] = "secret"

    def describe(self) -> dict[str, Any]:
        out = _placed(self, {"kind": "exchange", "before": self.before, "element": self.element, "cards": self.cards,
                             "starts": self.starts})
        if self.order != "draw":
            out["order"] = self.order
        return out


PileKind = DraftCards | ExchangeCards


def _placed(phase: Any, table: dict[str, Any]) -> dict[str, Any]:
    """``table`` (a step's ``[[phases]]`` form) with its place: ``before``, or ``after``, ``at`` and ``by``
    when they are set."""
    if not phase.before:
        table.pop("before", None)
        table["after"] = phase.after
    if phase.at:
        table["at"] = phase.at
    if phase.by:
        table["by"] = phase.by
    return table
#: one return to the bottom of a pile this round: (element, seat, items), in the order made
Return = tuple[str, int, tuple[int, ...]]


def field(index: int, name: str) -> str:
    return f"phases[{index + 1}].{name}"


def check(game: Any, phase: PileKind, index: int, error: type[Exception]) -> None:
    """``error`` naming the field if ``game`` cannot play ``phase``'s pile (before any state exists)."""
    piles = getattr(game, "PILES", {})
    if not isinstance(phase.element, str) or phase.element not in piles:
        have = ", ".join(piles) or "none"
        raise error(f"{field(index, 'element')}: {game.slug} has no pile of {str(phase.element)[:40]!r} to "
                    f"{phase.kind} from (its piles: {have})")
    if isinstance(phase, ExchangeCards) and phase.order not in ("draw", "aside"):
        raise error(f"{field(index, 'order')}: must be draw (draw, then lay back) or aside (lay aside, then draw), "
                    f"not {str(phase.order)[:40]!r}")
    if isinstance(phase, DraftCards):
        if type(phase.keep) is not int or not 1 <= phase.keep:
            raise error(f"{field(index, 'keep')}: must be a whole number from 1, not {phase.keep!r:.40}")
        if type(phase.cards) is int and phase.keep >= phase.cards:
            raise error(f"{field(index, 'keep')}: must be fewer than cards ({phase.cards}): something goes back")
        if piles[phase.element] == "one" and phase.keep != 1:
            raise error(f"{field(index, 'keep')}: each seat holds one {phase.element[:-1] or phase.element}, "
                        "so it keeps 1")


def held(game: Any, state: Any, element: str) -> tuple[tuple[int, ...], ...]:
    if element == "hand":
        return game.hands_of(state)  # type: ignore[no-any-return]
    return game.held_of(state, element)  # type: ignore[no-any-return]


def with_held(game: Any, state: Any, element: str, items: tuple[tuple[int, ...], ...]) -> Any:
    if element == "hand":
        return game.with_hands(state, items)
    return game.with_held(state, element, items)


def returned(last: Any, element: str) -> list[int]:
    """This round's returns to ``element``'s pile, in the order made (the last is the bottom)."""
    return [c for e, _, items in last[3] for c in items if e == element]


def pile(game: Any, state: Any, element: str, last: Any) -> list[int]:
    """``element``'s pile, top first, this round's returns at the bottom in the order made (a ``one``
    pile keeps no order in the engine)."""
    items = list(game.pile_of(state, element))
    back = [c for c in returned(last, element) if c in items]
    return [c for c in items if c not in back] + back


def aside(phase: Any) -> bool:
    """Whether ``phase`` is an exchange that lays aside first and then draws (up to ``cards`` each)."""
    return isinstance(phase, ExchangeCards) and phase.order == "aside"


def draws(phase: PileKind, game: Any) -> int:
    """How many items each seat draws from the pile before it chooses (none when it lays aside first)."""
    if isinstance(phase, DraftCards):
        return phase.cards - 1 if game.PILES[phase.element] == "one" else phase.cards
    return 0 if aside(phase) else phase.cards


def per(phase: Any) -> int:
    """How many choices each seat makes in ``phase``."""
    return phase.keep if isinstance(phase, DraftCards) else phase.cards


def deal(game: Any, state: Any, phase: PileKind, index: int, order: tuple[int, ...], last: Any,
         error: type[Exception], later: int = 0) -> tuple[tuple[int, ...], ...]:
    """Per seat, the items it draws (the top of the pile, in ``order``); ``error`` if the pile is short
    for them and the ``later`` items the next steps before the same printed phase deal from it."""
    items = pile(game, state, phase.element, last)
    back = sum(c in items for c in returned(last, phase.element))
    each = draws(phase, game)
    need = each * len(order) + later
    if need > len(items) - back:
        word = "missions" if phase.element == "missions" else "cards"
        what = f"the {phase.kind} and the steps after it deal" if later else f"the {phase.kind} deals"
        raise error(f"{field(index, 'cards')}: {what} {need} {word} from the pile of "
                    f"{phase.element}, which holds {len(items) - back} (more {phase.element} or fewer players)")
    out: list[tuple[int, ...]] = [()] * state.rules.players
    for i, seat in enumerate(order):
        out[seat] = tuple(items[i * each : (i + 1) * each])
    return tuple(out)


def options(game: Any, state: Any, phase: PileKind, seat: int, drawn: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """What ``seat`` chooses among: the items dealt to it (a draft of a ``hand`` pile), else what it
    holds and what it drew."""
    if isinstance(phase, DraftCards) and game.PILES[phase.element] == "hand":
        return drawn[seat]
    return (*held(game, state, phase.element)[seat], *drawn[seat])


def finish(game: Any, state: Any, phase: PileKind, order: tuple[int, ...], drawn: tuple[tuple[int, ...], ...],
           chosen: tuple[tuple[int, ...], ...], last: Any) -> tuple[Any, tuple[Return, ...]]:
    """DRAFT/EXCHANGE: every seat has chosen: the kept items go to their seats, the rest to the
    bottom of the pile in ``order``. The new state and the returns made."""
    element = phase.element
    taken = {c for d in drawn for c in d}
    rest = [c for c in pile(game, state, element, last) if c not in taken]
    holding = [list(h) for h in held(game, state, element)]
    made: list[Return] = []
    if aside(phase):  # EXCHANGE, laid aside first: the cards go to the bottom, then each seat draws as many
        # (WB-RULING-15: while the pile lasts above the cards laid aside; those are never drawn in the same step)
        for seat in order:
            back = tuple(sorted(c for c in chosen[seat] if c >= 0))
            holding[seat] = [c for c in holding[seat] if c not in back]
            made.append((element, seat, back))
        bottom = [c for c in returned(last, element) if c in rest] + [c for _, _, b in made for c in b]
        rest = [c for c in rest if c not in bottom]
        for (_e, seat, back) in made:
            holding[seat] += rest[: len(back)]
            rest = rest[len(back) :]
        state = with_held(game, state, element, tuple(tuple(h) for h in holding))
        return game.with_pile(state, element, (*rest, *bottom)), tuple(made)
    for seat in order:
        opts = options(game, state, phase, seat, drawn)
        if isinstance(phase, DraftCards):
            back = tuple(sorted(c for c in opts if c not in chosen[seat]))
            holding[seat] = [*holding[seat], *chosen[seat]] if game.PILES[element] == "hand" else list(chosen[seat])
        else:
            back = tuple(sorted(chosen[seat]))
            holding[seat] = [c for c in opts if c not in back]
        rest += back
        made.append((element, seat, back))
    state = with_held(game, state, element, tuple(tuple(h) for h in holding))
    return game.with_pile(state, element, tuple(rest)), tuple(made)


def resample(game: Any, state: Any, seat: int, phase: PileKind | None, order: tuple[int, ...],
             drawn: tuple[tuple[int, ...], ...], last: Any, same: bool,
             rng: random.Random) -> tuple[Any, tuple[tuple[int, ...], ...], Any]:
    """DRAFT/EXCHANGE: ``state`` (already resampled by the engine for ``seat``) made consistent with
    what ``seat`` knows of the piles: what it returned this round is in the pile, held by nobody, at
    its place from the bottom (while the pile still reaches it: once drawn out, the engine's own draw
    keeps it out of the pile, but which seat drew it is not tracked); what it drew in the phase in
    progress is on top, in its slice. Everything else of the piles (the other seats' draws and returns)
    is drawn again from what the seat cannot see. Returns the state, the draws and ``last``."""
    elements = {e for e, _, _ in last[3]} if same else set()
    if phase is not None:
        elements.add(phase.element)
    returns = list(last[3]) if same else []
    for element in sorted(elements):
        ordered = game.PILES[element] == "hand"
        items = list(game.pile_of(state, element))
        holding = [list(h) for h in held(game, state, element)]
        flat = [(k, j) for k, (e, _, cs) in enumerate(returns) if e == element for j in range(len(cs))]
        # the seat's own returns still in the pile (a ``hand`` pile drawn down past one has dealt it out)
        mine = [returns[k][2][j] for b, (k, j) in enumerate(reversed(flat))
                if returns[k][1] == seat and (b < len(items) or not ordered)]
        own = list(drawn[seat]) if phase is not None and phase.element == element else []
        keep = set(mine) | set(own)
        for c in keep:  # what the seat knows is in the pile is in it
            if c in items:
                continue
            holder = next((s for s, h in enumerate(holding) if s != seat and c in h), None)
            free = [i for i, x in enumerate(items) if x not in keep]
            if holder is None or not free:
                continue
            i = rng.choice(free)
            holding[holder][holding[holder].index(c)] = items[i]
            items[i] = c
        if not ordered:  # the other seats' returns: drawn again among the items the seat cannot place
            pool = [c for c in items if c not in keep]
            rng.shuffle(pool)
            others = [[*cs] for _, _, cs in returns]
            for k, j in flat:
                if returns[k][1] != seat:
                    others[k][j] = pool.pop()
            bottom = [others[k][j] for k, j in flat]
            top = [c for c in items if c not in bottom]
            rng.shuffle(top)
            items = top + bottom
            returns = [(e, s, tuple(sorted(others[k])) if e == element else cs)
                       for k, (e, s, cs) in enumerate(returns)]
        else:  # own returns at their places from the bottom; the others' are whatever lies there
            for b, (k, j) in enumerate(reversed(flat)):
                if returns[k][1] == seat and b < len(items):
                    _swap(items, items.index(returns[k][2][j]), len(items) - 1 - b)
            fresh = [[*cs] for _, _, cs in returns]
            dealt_out = [c for s, h in enumerate(holding) if s != seat for c in h]
            for b, (k, j) in enumerate(reversed(flat)):
                if returns[k][1] != seat and b < len(items):
                    fresh[k][j] = items[len(items) - 1 - b]
                elif returns[k][1] != seat and dealt_out:  # refilled into some other hand: one of theirs
                    fresh[k][j] = rng.choice(dealt_out)
            returns = [(e, s, tuple(sorted(fresh[k])) if e == element else cs)
                       for k, (e, s, cs) in enumerate(returns)]
        if own:  # the seat's own draw at its place on top; the others' are what lies there now
            each = len(own)
            at = order.index(seat) * each
            for i, c in enumerate(own):
                _swap(items, items.index(c), at + i)
            drawn = tuple(tuple(items[order.index(s) * each : (order.index(s) + 1) * each]) if s in order and s != seat
                          else d for s, d in enumerate(drawn))
        state = with_held(game, state, element, tuple(tuple(h) for h in holding))
        state = game.with_pile(state, element, tuple(items))
    if same:
        last = (*last[:3], tuple(returns))
    return state, drawn, last


def _swap(items: list[int], i: int, j: int) -> None:
    items[i], items[j] = items[j], items[i]
