"""Who sees what on the general path: the sights a variant gives a game's zones beyond what the engine plays.

Every game names its zones (``Rules.visible``'s elements, :mod:`rulebook.core.model`): each has a
printed sight and the sights its engine plays itself (``choices``). Any other sight of the model's
vocabulary, for a whole zone (``visible.trick = "owner"``: every card of the trick face down, seen by
its player only) or for one seat's zone (``visible.hands.3 = "all"``: seat 3's hand face up), is
played here, on the general path (:class:`~rulebook.variants.phases.PhasedState`), from three things
the game's adapter gives:

``zone_contents(state)``
    what each zone holds (:class:`~rulebook.core.model.Content`: the zone, its owner, its items, who
    put each there, and the items every seat sees whatever the sight);
``with_zone_contents(state, contents)``
    the state with those contents (for the redraw);
``mask_observation(observation, hidden)``
    the engine's observation with the items of ``hidden`` (``(zone, owner, position)``) unseen.

A seat's observation is then the engine's with what the variant hides masked (an unseen item reads
:data:`~rulebook.core.model.HIDDEN`), and with what the variant shows beyond it listed as contents;
its redraw (``resample``) keeps what it sees and draws again, uniformly, everything it cannot: the items of
every place it cannot see are shuffled, from their sorted order, into those places (:func:`redraw`).

>>> import rulebook
>>> game = rulebook.get_game("witches-of-blackmore")
>>> plan = zone_plan(game, game.Rules(players=3, visible={"trick": "owner"}))
>>> str(plan.sight("trick", None)), plan.sight("hands", 1)
('owner', None)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Collection, Mapping
from typing import Any

import attrs

from rulebook.core.model import HIDDEN, Content, Sight
from rulebook.errors import InvalidRules, RulebookError

__all__ = ["InvalidSight", "SightFunction", "ZonePlan", "hidden_and_shown", "observe", "redraw", "sorted_places",
           "zone_plan"]

#: a place of a zone's item: (zone, owner or None, position)
Place = tuple[str, int | None, int]


class InvalidSight(RulebookError):
    """A variant's Python sight the model cannot play: the message names it (``sights.hands.5: ...``)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


@attrs.frozen
class SightFunction:
    """A zone's sight given as a Python function ``fn(seat, item, content) -> bool`` (the variant's
    ``sights``): whether ``seat`` sees ``item`` of the zone's ``content``
    (:class:`~rulebook.core.model.Content`: its zone, owner, items and who put each there). Its answer
    must be ``True`` or ``False``; anything else stops the game naming the zone (``sights.<zone>``)."""

    key: str
    fn: Any

    def sees_item(self, seat: int, content: Content, index: int) -> bool:
        answer = self.fn(seat, content.items[index], content)
        if type(answer) is not bool:
            raise self.not_bool(answer)
        return answer

    def not_bool(self, answer: object) -> RulebookError:
        """The error of an answer that is not ``True`` or ``False``."""
        return RulebookError(f"sights.{self.key}: the sight must return True or False, not {type(answer).__name__}")

    def __str__(self) -> str:
        return f"the function {getattr(self.fn, '__name__', 'sight')}"


@attrs.frozen
class ZonePlan:
    """The sights a variant sets beyond what the engine plays: per zone, per seat's zone, and the
    zones' own sights as the engine plays them (``native``)."""

    whole: tuple[tuple[str, Sight | SightFunction], ...]
    seats: tuple[tuple[tuple[str, int], Sight | SightFunction], ...]
    native: tuple[tuple[str, Sight], ...]
    #: the zones whose order is seen (a trick, a row); in the others (a hand) the order says nothing
    ordered: frozenset[str] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.whole or self.seats)

    def sight(self, zone: str, owner: int | None) -> Sight | SightFunction | None:
        """The variant's sight of a zone's content (``None``: the engine's own)."""
        if owner is not None:
            for key, sight in self.seats:
                if key == (zone, owner):
                    return sight
        for name, sight in self.whole:
            if name == zone:
                return sight
        return None

    def engine(self, zone: str) -> Sight:
        """The zone's sight as the engine plays it."""
        for name, sight in self.native:
            if name == zone:
                return sight
        return Sight()

    @property
    def item_sights(self) -> bool:
        """Some sight is a function, which may see an item by what it is."""
        return any(isinstance(s, SightFunction) for _, s in (*self.whole, *self.seats))

    @property
    def zones(self) -> frozenset[str]:
        """The zones with a sight of the variant's."""
        return frozenset(z for z, _ in self.whole) | frozenset(z for (z, _), _ in self.seats)


@functools.lru_cache(maxsize=512)
def zone_plan(game: Any, rules: Any) -> ZonePlan:
    """The general path's sights of ``rules`` (a fault names ``visible.<zone>``): the engine must give
    the zone adapter, a ``from:`` sight is the engine's own only, a role must be one of the game's, a
    seat must sit at the table."""
    visible = getattr(rules, "visible", None)
    general = () if visible is None else visible.general
    elements = {e.name: e for e in _elements(rules)}
    native = tuple((name, _engine_sight(visible[name] if visible is not None and visible[name] in e.choices
                                        else e.printed, e.printed)) for name, e in elements.items())
    logic = getattr(rules, "logic", None)
    functions: tuple[tuple[str, Any], ...] = () if logic is None else logic.sights
    if not general and not functions:
        return ZonePlan((), (), native)
    if not callable(getattr(game, "zone_contents", None)):
        if general:
            raise InvalidRules(f"visible.{general[0][0]}", f"{game.slug} plays only its own sights so far")
        raise InvalidSight(f"sights.{functions[0][0]}", f"{game.slug} plays only its own sights so far")
    roles = getattr(game, "ROLES", {})
    whole: list[tuple[str, Sight | SightFunction]] = []
    seats: list[tuple[tuple[str, int], Sight | SightFunction]] = []
    for key, fn in functions:  # the variant's Python sights (Variant.sights): they come first
        zone, seat = _sight_key(key, elements, rules.players)
        twice = any(z == zone for z, _ in whole) if seat is None else any(k == (zone, seat) for k, _ in seats)
        if twice:
            raise InvalidSight(f"sights.{key}", "given twice")
        if visible is not None and visible[zone] != elements[zone].printed:
            raise InvalidRules(f"visible.{zone}", "the variant gives this zone's sight as a function too")
        made = SightFunction(key, fn)
        if seat is None:
            whole.append((zone, made))
        else:
            seats.append(((zone, seat), made))
    taken = {z for z, _ in whole} | {f"{z}.{s + 1}" for (z, s), _ in seats}
    for zone, seat, text in general:
        key = zone if seat is None else f"{zone}.{seat + 1}"
        if key in taken:
            raise InvalidRules(f"visible.{key}", "the variant gives this zone's sight as a function too")
        key = zone if seat is None else f"{zone}.{seat + 1}"
        sight = Sight.parse(text)
        if sight.after:
            raise InvalidRules(f"visible.{key}", f"a 'from:' sight is played only where the zone offers it "
                               f"({', '.join(elements[zone].choices)})")
        bad = [r for r in sight.roles if r not in roles]
        if bad:
            offered = ", ".join(f"role:{r}" for r in roles) or "none"
            raise InvalidRules(f"visible.{key}", f"no role {bad[0]!r:.30} in {game.slug} (its roles: {offered})")
        far = [s for s in (*sight.seats, *(() if seat is None else (seat,))) if s >= rules.players]
        if far:
            raise InvalidRules(f"visible.{key}", f"seat {far[0] + 1} is not at a {rules.players}-player table")
        if seat is None:
            whole.append((zone, sight))
        else:
            seats.append(((zone, seat), sight))
    return ZonePlan(tuple(whole), tuple(seats), native, frozenset(e.name for e in elements.values() if e.ordered))


def _sight_key(key: object, elements: Mapping[str, Any], players: int) -> tuple[str, int | None]:
    """The zone and seat (or ``None``) a Python sight's key names: ``"trick"`` or ``"hands.3"``."""
    if not isinstance(key, str):
        raise InvalidSight("sights", f"a zone is named by a text such as 'trick' or 'hands.3', not {key!r:.40}")
    zone, dot, number = key.partition(".")
    element = elements.get(zone)
    if element is None:
        raise InvalidSight(f"sights.{key[:40]}", f"no zone {zone[:40]!r} (zones: {', '.join(elements)})")
    if not element.general:
        raise InvalidSight(f"sights.{key}", f"the engine plays only its own sights of {zone} "
                           f"({', '.join(element.choices)})")
    if not dot:
        return zone, None
    if not element.per_seat:
        raise InvalidSight(f"sights.{key[:40]}", f"{zone} is one zone, not one per seat")
    if not (number.isascii() and number.isdigit() and len(number) <= 2 and 1 <= int(number) <= players):
        raise InvalidSight(f"sights.{key[:40]}", f"the seat is a number from 1 to {players}")
    return zone, int(number) - 1


def _elements(rules: Any) -> tuple[Any, ...]:
    for f in attrs.fields(type(rules)):
        if f.name == "visible":
            return tuple(f.metadata.get("rulebook_elements", ()))
    return ()


def _engine_sight(setting: str, printed: str) -> Sight:
    """A zone's sight as the engine plays it: its native setting (a general one plays as printed); an
    event-named setting (``from:trick``) is the engine's to play, seen here as its printed sight."""
    for text in (setting, printed):
        try:
            sight = Sight.parse(text)
        except ValueError:
            continue
        if not sight.after:
            return sight
    return Sight()


def _holder_sees(sight: Sight, seat: int, holder: int | None, partners: Any, roles: Mapping[str, Any]) -> bool:
    """Whether ``seat`` sees an item ``holder`` holds (or put there) under a sight that is not a function."""
    return sight.sees(seat, holder, partners(holder) if sight.team and holder is not None else (), roles)


def _answers(sight: Sight | SightFunction, seat: int, content: Content, partners: Any,
             roles: Mapping[str, Any]) -> list[bool]:
    """Whether ``seat`` sees each item of ``content`` under ``sight``: an item every seat sees (``open``)
    always; under a Python sight as the function answers; else as the item's holder is seen, worked out
    once per holder."""
    items = content.items
    opened = content.open
    if isinstance(sight, SightFunction):
        fn = sight.fn
        out = [True if opened and item in opened else fn(seat, item, content) for item in items]
        for answer in out:
            if type(answer) is not bool:
                raise sight.not_bool(answer)
        return out
    holders = content.placed_by
    if not holders:
        one = _holder_sees(sight, seat, content.owner, partners, roles)
        return [True if item in opened else one for item in items] if opened else [one] * len(items)
    known: dict[int | None, bool] = {}
    out = []
    for item, holder in zip(items, holders):
        if opened and item in opened:
            out.append(True)
            continue
        answer = known.get(holder)
        if answer is None:
            answer = known[holder] = _holder_sees(sight, seat, holder, partners, roles)
        out.append(answer)
    return out


def sorted_places(game: Any, state: Any, seat: int, plan: ZonePlan
                  ) -> tuple[tuple[Place, ...], tuple[Content, ...], tuple[Place, ...], tuple[Place, ...]]:
    """The places of ``state`` (an engine state) by what ``seat`` sees of them: those the engine shows
    and the variant hides (``hidden``), the contents of which the variant shows more than the engine
    (``shown``: one per zone, every item the seat sees, its unseen items ``HIDDEN``), the places the
    seat cannot see under the variant (``unseen``) and under the engine (``engine_unseen``).

    The last answer is kept: a search observes and redraws the same position for the same seat many
    times in a row (states are immutable, so the same state, seat and plan give the same places)."""
    last = _LAST_PLACES[0]  # one tuple, read once: safe under threads
    if last[0] is state and last[1] == seat and last[2] is plan and last[3] is game:
        return last[4]  # type: ignore[no-any-return]
    found = _sorted_places(game, state, seat, plan)
    _LAST_PLACES[0] = (state, seat, plan, game, found)
    return found


#: the last call of :func:`sorted_places`: its state, seat, plan, game and answer
_LAST_PLACES: list[tuple[Any, ...]] = [(None, None, None, None, None)]


def _sorted_places(game: Any, state: Any, seat: int, plan: ZonePlan
                   ) -> tuple[tuple[Place, ...], tuple[Content, ...], tuple[Place, ...], tuple[Place, ...]]:
    partners = functools.partial(game.zone_partners, state.rules) if hasattr(game, "zone_partners") else _none
    roles = game.zone_roles(state) if hasattr(game, "zone_roles") else {}
    hidden: list[Place] = []
    shown: list[Content] = []
    unseen: list[Place] = []
    engine_unseen: list[Place] = []
    for content in _contents(game, state):
        engine = plan.engine(content.zone)
        mine = plan.sight(content.zone, content.owner)
        count = len(content.items)
        if not content.placed_by and not content.open and not isinstance(engine, SightFunction) and \
                not isinstance(mine, SightFunction) and count:  # one holder: one answer for every item
            owner = content.owner
            by_engine = _holder_sees(engine, seat, owner, partners, roles)
            by_variant = by_engine if mine is None else _holder_sees(mine, seat, owner, partners, roles)
            places = [(content.zone, owner, i) for i in range(count)]
            if by_engine and not by_variant:
                hidden += places
            if not by_variant:
                unseen += places
            if not by_engine:
                engine_unseen += places
                if by_variant:
                    shown.append(Content(content.zone, owner, content.items))
            continue
        extra: list[int] = []
        sees: list[int] = []
        engine_sees = _answers(engine, seat, content, partners, roles)
        variant_sees = engine_sees if mine is None else _answers(mine, seat, content, partners, roles)
        for i, (by_engine, by_variant) in enumerate(zip(engine_sees, variant_sees)):
            place = (content.zone, content.owner, i)
            if by_engine and not by_variant:
                hidden.append(place)
            if by_variant:
                sees.append(i)
            else:
                unseen.append(place)
            if not by_engine:
                engine_unseen.append(place)
                if by_variant:
                    extra.append(i)
        if extra:  # the zone as the seat sees it: what the engine showed already too
            shown.append(Content(content.zone, content.owner, seen_items(content.items, sees,
                                                                         content.zone in plan.ordered)))
    return tuple(hidden), tuple(shown), tuple(unseen), tuple(engine_unseen)


def _contents(game: Any, state: Any) -> tuple[Content, ...]:
    """``game.zone_contents(state)``, the last answer kept (states are immutable): the places are sorted,
    and the redraw reads the same position's contents, once per search step."""
    last = _LAST_CONTENTS[0]  # one tuple, read once: safe under threads
    if last[0] is state and last[1] is game:
        return last[2]  # type: ignore[no-any-return]
    found: tuple[Content, ...] = game.zone_contents(state)
    _LAST_CONTENTS[0] = (state, game, found)
    return found


#: the last call of :func:`_contents`: its state, game and answer
_LAST_CONTENTS: list[tuple[Any, ...]] = [(None, None, ())]


def seen_items(items: tuple[int, ...], sees: Collection[int], ordered: bool) -> tuple[int, ...]:
    """A zone's ``items`` as a seat sees them, that seat seeing those at the positions ``sees``: in an
    ordered zone (a trick, a row) each in its place, the others :data:`~rulebook.core.model.HIDDEN`; in
    another (a hand, kept sorted) the seen items sorted, then one ``HIDDEN`` per other item, since where
    a seen card sits among unseen ones would tell how many of them are lower.

    >>> seen_items((3, 8, 20, 31), {0, 2}, True), seen_items((3, 8, 20, 31), {0, 2}, False)
    ((3, -1, 20, -1), (3, 20, -1, -1))
    """
    if ordered or len(sees) == len(items):
        return tuple(c if i in sees else HIDDEN for i, c in enumerate(items))
    seen = sorted(c for i, c in enumerate(items) if i in sees)
    return (*seen, *(HIDDEN,) * (len(items) - len(seen)))


def hidden_and_shown(game: Any, state: Any, seat: int, plan: ZonePlan
                     ) -> tuple[tuple[Place, ...], tuple[Content, ...]]:
    """What ``seat`` must not see although the engine shows it, and what it sees although the engine
    hides it (:func:`sorted_places`)."""
    hidden, shown, _, _ = sorted_places(game, state, seat, plan)
    return hidden, shown


def _none(seat: int) -> tuple[int, ...]:
    return ()


def observe(game: Any, state: Any, seat: int, plan: ZonePlan) -> tuple[Any, tuple[Content, ...]]:
    """``seat``'s engine observation of ``state`` with what the variant hides masked, and the contents
    the variant shows beyond it."""
    engine = state.observation(seat)
    if not plan:
        return engine, ()
    hidden, shown = hidden_and_shown(game, state, seat, plan)
    if hidden:
        engine = game.mask_observation(engine, hidden)
    return engine, shown


def redraw(game: Any, true: Any, drawn: Any, seat: int, rng: random.Random, plan: ZonePlan) -> Any:
    """``drawn`` (the engine's redraw of ``true`` for ``seat``) with the zones drawn under the variant's sights.

    Every item the seat sees stays where it is in ``true``; every other place of the zones takes an item of
    the pool: the items the engine's redraw holds in the zones (so a hidden item the engine drew into a place
    no zone holds stays drawn) less those the seat sees, shuffled from their sorted order. What the seat
    cannot see is known to it only as how many items each place holds, so the draw is uniform and the same
    for every world it cannot tell apart (for the same random numbers). A game whose redraw must keep what
    play revealed, such as a suit a seat lacks, names it as ``zone_forbidden`` (and a rule no single place
    says, such as a card above another that a hand must hold, as ``zone_valid``); the draw is made again until
    it holds, and after ``_TRIES`` shuffles one that holds is found by matching and mixed by swaps of
    two places that keep it. A sight given as a function may see an item by what it is: a draw after
    which the seat would see more or less than it does is drawn again too. ``None`` when no draw keeps it
    (the caller redraws)."""
    if not plan:
        return drawn
    hidden, shown, unseen, _ = sorted_places(game, true, seat, plan)  # once: the redraw's costliest part
    if not hidden and not shown and not plan.item_sights:  # a sight by item may see what a draw brings
        return drawn
    forbidden = game.zone_forbidden(true, seat) if hasattr(game, "zone_forbidden") else {}
    blank = set(unseen)
    true_contents = _contents(game, true)
    drawn_contents = game.zone_contents(drawn)
    layout = {(c.zone, c.owner): list(c.items) for c in true_contents}
    pool = [item for c in drawn_contents for item in c.items]
    for (z, o), items in layout.items():
        for i, item in enumerate(items):
            if (z, o, i) not in blank:  # seen: it stays, and no unseen place may take it
                if item not in pool:  # the engine drew it where no zone holds it: this redraw cannot keep it
                    return None
                pool.remove(item)
    pool.sort()
    allowed = [forbidden.get((z, o), frozenset()) for z, o, _i in unseen]
    # only a sight given as a function can see an item by what it is, so only then is a draw checked,
    # in the zones that take new items (those with a place the seat cannot see)
    check = _checked_zones(true_contents, unseen, plan) if plan.item_sights else None
    seen = None if check is None else tuple(
        (key, tuple(sorted(x for i, x in enumerate(c.items) if (c.zone, c.owner, i) not in blank)))
        for c in true_contents if (key := (c.zone, c.owner)) in check)
    below = getattr(rng, "_randbelow", rng.randrange)  # what ``rng.shuffle`` draws with: the same numbers
    valid = getattr(game, "zone_valid", None)
    for attempt in range(_TRIES + 1):
        if attempt < _TRIES:
            if not _shuffled(pool, allowed, below):
                continue
        else:  # the shuffles keep missing what play revealed: a matching that keeps it, mixed by swaps
            matched = _matching(sorted(pool), allowed)
            if matched is None:
                return None
            pool = _mixed(matched, allowed, rng)
        for (z, o, i), item in zip(unseen, pool, strict=True):
            layout[z, o][i] = item
        new = tuple(_with_items(c, layout[c.zone, c.owner]) for c in drawn_contents)
        out = game.with_zone_contents(drawn, new)
        if valid is not None and not valid(out):  # a draw the game's own rule refuses (a card it must hold)
            continue
        if check is None or _item_seen(game, out, seat, plan, check) == seen:
            return out
    return None


def _with_items(content: Content, items: list[Any]) -> Content:
    """``content`` holding ``items``: itself where they are the same (a zone the seat sees whole),
    else a new ``Content`` with its other fields (the constructor: this runs per zone per redraw)."""
    new = tuple(items)
    if new == content.items:
        return content
    return Content(content.zone, content.owner, new, content.placed_by, content.open)


def _shuffled(pool: list[Any], allowed: list[frozenset[Any]], below: Callable[[int], int]) -> bool:
    """Shuffle ``pool`` in place as ``random.shuffle`` does (the last place first, by the same random
    numbers), and stop at the first place that takes an item it may not hold: ``False`` then. A draw
    stopped early is one the whole shuffle would have refused, so the draws kept are uniform over those
    that keep what play revealed, as with whole shuffles, at a fraction of the cost where most are refused."""
    for i in range(len(pool) - 1, 0, -1):
        j = below(i + 1)
        pool[i], pool[j] = pool[j], pool[i]
        if pool[i] in allowed[i]:
            return False
    return not pool or pool[0] not in allowed[0]


def _checked_zones(contents: tuple[Content, ...], unseen: tuple[Place, ...], plan: ZonePlan
                   ) -> frozenset[tuple[str, int | None]]:
    """The zones of ``contents`` whose seen items a draw may change: those that take new items (a place
    in ``unseen``) and whose sight may depend on the items (a sight given as a function, or items every
    seat sees, ``open``). Every other zone keeps its items, or is seen by who holds or put each item,
    which a draw keeps: the seat sees the same there after any draw."""
    taking = {(z, o) for z, o, _i in unseen}
    return frozenset((c.zone, c.owner) for c in contents if (c.zone, c.owner) in taking and (
        c.open or isinstance(plan.sight(c.zone, c.owner) or plan.engine(c.zone), SightFunction)))


def _item_seen(game: Any, state: Any, seat: int, plan: ZonePlan, check: frozenset[tuple[str, int | None]]
               ) -> tuple[tuple[tuple[str, int | None], tuple[int, ...]], ...]:
    """What ``seat`` sees, under the variant, of the zones ``check`` of ``state``: each one's seen items,
    sorted (in the order of the game's zones)."""
    partners = functools.partial(game.zone_partners, state.rules) if hasattr(game, "zone_partners") else _none
    roles = game.zone_roles(state) if hasattr(game, "zone_roles") else {}
    out = []
    for c in game.zone_contents(state):
        key = (c.zone, c.owner)
        if key not in check:
            continue
        sight = plan.sight(c.zone, c.owner) or plan.engine(c.zone)
        out.append((key, tuple(sorted([x for x, seen in zip(c.items, _answers(sight, seat, c, partners, roles))
                                       if seen]))))
    return tuple(out)

def _matching(items: list[int], forbidden: list[frozenset[int]]) -> list[int] | None:
    """Items for the places in order, none where it is forbidden (augmenting paths), or ``None``."""
    at: list[int | None] = [None] * len(forbidden)  # place -> index of its item

    def place(k: int, tried: set[int]) -> bool:
        for p in range(len(forbidden)):
            if p in tried or items[k] in forbidden[p]:
                continue
            tried.add(p)
            if at[p] is None or place(at[p], tried):  # type: ignore[arg-type]
                at[p] = k
                return True
        return False

    for k in range(len(items)):
        if not place(k, set()):
            return None
    return [items[k] for k in at]  # type: ignore[index]


def _mixed(items: list[int], forbidden: list[frozenset[int]], rng: random.Random) -> list[int]:
    """``items`` (an arrangement that keeps ``forbidden``) mixed by random swaps of two places that keep it."""
    n = len(items)
    for _ in range(_SWAPS * n):
        a, b = rng.randrange(n), rng.randrange(n)
        if items[a] not in forbidden[b] and items[b] not in forbidden[a]:
            items[a], items[b] = items[b], items[a]
    return items


#: how many shuffles a redraw tries before it gives up keeping what play revealed (a suit a seat lacks)
_TRIES = 200
#: swaps per item that mix the matching a redraw falls back to
_SWAPS = 40
