"""Variants: house rules as ``Rules`` options, TOML files, or Python objects.

A :class:`Variant` is a game's ``Rules`` value plus an optional name, description and
Python *hooks* for changes that options cannot express:

``scores(state)``
    The variant's scores of any state (for example a custom scoring of captured
    cards); by default the game's own ``state.scores``.
``winners(state, scores)``
    Who wins a finished game under the variant's scores; by default the game's own
    ``state.winners`` (use :func:`highest_scores_win` when the hook changes who wins).
``score_floor``
    The lowest score the variant allows (``None``: the game's own
    ``game.score_floor(rules)``).
``invariants``
    Extra checks run on every state by ``rulebook verify``; each raises
    ``AssertionError("<RULE-ID>: what broke")``.

``rulebook verify`` checks the hooks' results against the floor, and ``rulebook
simulate`` reports scores and wins through them.

Variants come from the command line (``--set name=value``), a TOML file
(``--variant FILE``)::

    name = "must-follow"
    game = "witches-of-blackmore"
    description = "A player holding the leader's colour must play it."

    [rules]
    must_follow = true

or a Python object named ``module:NAME`` or ``path/to/file.py:NAME`` (a
:class:`Variant`, or a function of the game returning one).

>>> import rulebook
>>> from rulebook.variants.variant import resolve
>>> game = rulebook.get_game("witches-of-blackmore")
>>> v = resolve(game, sets=["must_follow=true", "players=3"])
>>> v.rules.must_follow, v.rules.players, v.name
(True, 3, 'must_follow=true, players=3')
"""

from __future__ import annotations

import functools
import inspect
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from rulebook.core.contract import Game, State
from rulebook.core.files import read_text
from rulebook.core.logic import Logic
from rulebook.core.options import (
    CountValues,
    Layer,
    jsonable,
    resolve_layers,
    rules_at,
    rules_from_layers,
    rules_to_dict,
)
from rulebook.core.turns import NamedTurns, check_turn_rule
from rulebook.errors import InvalidRules, RulebookError
from rulebook.registry import get_game
from rulebook.variants.by_id import OFF, Routed, route, route_checks, slot_of
from rulebook.variants.hooks import (
    CountersFn,
    CountersHook,
    EndsFn,
    EndsHook,
    GameOverHook,
    HookedState,
    HookError,
    LeaderFn,
    LeaderHook,
    LegalHook,
    PlayHooks,
    PointsHook,
    RoundPointsHook,
    TrickWinnerFn,
    TrickWinnerHook,
    call_hook,
    check_points,
    hooked_state,
)
from rulebook.variants.moves import VariantMove
from rulebook.variants.phases import AddedPhase, check_phases, phase_from_table, phased_state
from rulebook.variants.seats import SeatRule, npc_policies, seat_rules, seats_from_table, seats_to_table
from rulebook.variants.user_code import load_module
from rulebook.variants.zones import InvalidSight, zone_plan

__all__ = [
    "Layer",
    "Variant",
    "VariantFile",
    "build_rules",
    "highest_scores_win",
    "load_variant",
    "parse_sets",
    "printed",
    "read_variant_file",
    "resolve",
    "rules_with",
]

ScoresHook = Callable[[State[Any, Any]], tuple[int, ...]]
WinnersHook = Callable[[State[Any, Any], tuple[int, ...]], frozenset[int]]
Invariant = Callable[[State[Any, Any]], None]


def highest_scores_win(state: State[Any, Any], scores: tuple[int, ...]) -> frozenset[int]:
    """A ``winners`` hook: the seats with the highest (variant) score share the win."""
    if not state.is_terminal:
        return frozenset()
    best = max(scores)
    return frozenset(s for s, v in enumerate(scores) if v == best)


def _phases(values: Iterable[AddedPhase]) -> tuple[AddedPhase, ...]:
    # anything else is refused by check_phases, naming the field
    return tuple(values) if isinstance(values, (list, tuple)) else values  # type: ignore[return-value]


def _count_values(values: Iterable[CountValues]) -> tuple[CountValues, ...]:
    return tuple(values)


def _kinds(kinds: Iterable[type[VariantMove]]) -> tuple[type[VariantMove], ...]:
    return tuple(kinds)


def _pairs(value: Any, field: str, shape: str, error: Callable[[str, str], Exception] = InvalidRules
           ) -> tuple[tuple[Any, Any], ...]:
    """A mapping (or pairs) as pairs; any other shape is an ``error`` (:class:`InvalidRules`) naming ``field``."""
    if isinstance(value, Mapping):
        return tuple(value.items())
    if value is None:
        return ()
    if isinstance(value, (list, tuple)) and all(isinstance(p, (list, tuple)) and len(p) == 2 for p in value):
        return tuple((p[0], p[1]) for p in value)
    raise error(field, f"expected {shape}, not a {type(value).__name__}")


def _sight_pairs(value: Any) -> tuple[tuple[str, Any], ...]:
    """A variant's ``sights`` as ``(zone key, function)`` pairs."""
    return _pairs(value, "sights", "a table of zones and functions", InvalidSight)


def _replace_pairs(value: Any) -> tuple[tuple[str, Any], ...]:
    """A variant's ``replace`` as ``(rule ID, function or "off")`` pairs."""
    return _pairs(value, "replace", "a table of rule IDs and functions")


def _check_pairs(value: Any) -> tuple[tuple[str, Any], ...]:
    """A variant's ``checks`` as ``(rule ID, function or "off")`` pairs."""
    return _pairs(value, "checks", "a table of rule IDs and functions")


def _npc_pairs(npcs: Any) -> tuple[tuple[str, Any], ...]:
    return _pairs(npcs, "npcs", "a mapping of non-player characters to policies ({'lord': 'highest'})")


@attrs.frozen
class NpcHook:
    """A non-player character's policy function as the engine calls it (:mod:`rulebook.variants.seats`):
    its answer must be one of the legal moves it is given (``contract:legal-move``), else a
    :class:`HookError` naming the NPC and the game's rule."""

    fn: Callable[[Any, tuple[Any, ...]], Any]
    name: str
    rule: str = ""
    source: str = ""

    def __call__(self, view: Any, legal: tuple[Any, ...]) -> Any:
        where = (f"{self.name} policy", self.source, None)
        answer = call_hook(self.fn, *where, view, legal)
        if not any(type(answer) is type(a) and answer == a for a in legal):
            raise HookError("contract:legal-move", f"the {self.name}'s policy chose {str(answer)[:40]}, which is not "
                            f"a card it may play ({self.rule})", *where)
        return answer
def _turn_pairs(turns: Any) -> tuple[tuple[str, Any], ...]:
    # checked in Variant.__attrs_post_init__ (check_turns), naming the field
    return _pairs(turns, "turns", "a table of 'trick' and 'round' rules")


def check_turns(game: Game[Any, Any, Any], turns: tuple[tuple[str, Any], ...], players: int) -> NamedTurns | None:
    """The named rules of a ``[turns]`` table (``trick``, ``round``), checked against what ``game``
    accepts (``State.TURN_RULES``, :mod:`rulebook.core.turns`): a fault names ``turns.trick`` or
    ``turns.round``."""
    if not turns:
        return None
    accepted = turn_rules(game)
    if accepted is None:
        raise RulebookError(f"{game.slug} does not take a turn-order rule yet")
    values: dict[str, str] = {}
    for key, value in turns:
        if key not in ("trick", "round"):
            raise InvalidRules("turns", f"{str(key)[:30]!r} is not a key of [turns]; expected trick or round")
        try:
            values[key] = check_turn_rule(value, key, accepted[0] if key == "trick" else accepted[1], players,
                                          game.slug)
        except ValueError as exc:
            raise InvalidRules(f"turns.{key}", str(exc)) from None
    return NamedTurns(values.get("trick", "winner"), values.get("round", "game"))


def turn_rules(game: Game[Any, Any, Any]) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The named turn-order rules ``game`` accepts (for the next trick, for the next round), or ``None``
    when it does not take a turn-order rule yet."""
    return getattr(game.State, "TURN_RULES", None)


def _seat_pairs(seats: Any) -> tuple[tuple[int, SeatRule], ...]:
    pairs = _pairs(seats, "seats", "a mapping of seats (from 0) to policies ({3: 'highest'})")
    return tuple((s, r if isinstance(r, SeatRule) else SeatRule(r)) for s, r in pairs)


@attrs.frozen
class Variant:
    """A game's rules with a name, and optional Python hooks (see the module doc)."""

    game: Game[Any, Any, Any] = attrs.field(repr=lambda g: g.slug)
    rules: Any
    name: str = "printed rules"
    description: str = ""
    scores_hook: ScoresHook | None = attrs.field(default=None, alias="scores")
    winners_hook: WinnersHook | None = attrs.field(default=None, alias="winners")
    floor: int | None = attrs.field(default=None, alias="score_floor")
    #: the ID of the spec rule the floor comes from, named in a failure
    floor_rule: str = ""
    invariants: tuple[Invariant, ...] = attrs.field(default=(), converter=tuple)
    #: where the variant was loaded from (``module:NAME``, a file), so a record can name it
    source: str = ""
    #: whether a source (a ruleset, a file, ``--set``, ``--players``) fixed the player count:
    #: ``verify`` then checks that count only
    players_fixed: bool = False
    #: play hooks the engine obeys during play (:mod:`rulebook.variants.hooks`)
    legal_hook: LegalHook | None = attrs.field(default=None, alias="legal")
    game_over_hook: GameOverHook | None = attrs.field(default=None, alias="game_over")
    trick_points_hook: PointsHook | None = attrs.field(default=None, alias="trick_points")
    round_points_hook: RoundPointsHook | None = attrs.field(default=None, alias="round_points")
    #: options given one value per player count (a TOML table keyed by count, ``--set NAME@N=VALUE``):
    #: ``rules`` holds their values at ``rules.players``; :meth:`at` gives the variant at another count
    per_count: tuple[CountValues, ...] = attrs.field(default=(), converter=_count_values)
    #: logic hooks the engine calls in place of its own logic (:mod:`rulebook.core.logic`)
    trick_winner_hook: TrickWinnerFn | None = attrs.field(default=None, alias="trick_winner")
    counters_hook: CountersFn | None = attrs.field(default=None, alias="counters")
    ends_hook: EndsFn | None = attrs.field(default=None, alias="ends")
    #: seats that play by a rule (:mod:`rulebook.variants.seats`): 0-based seat ->
    #: :class:`~rulebook.variants.seats.SeatRule` or a policy
    seats: tuple[tuple[int, SeatRule], ...] = attrs.field(default=(), converter=_seat_pairs)
    #: move kinds of the variant's own, which its ``legal`` hook may offer (:mod:`rulebook.variants.moves`)
    moves: tuple[type[VariantMove], ...] = attrs.field(default=(), converter=_kinds)
    #: phases added to the game's round (:mod:`rulebook.variants.phases`)
    phases: tuple[AddedPhase, ...] = attrs.field(default=(), converter=_phases)
    #: non-player characters' policies (:mod:`rulebook.variants.seats`): name -> a named policy (sets
    #: the NPC's option) or a function ``policy(view, legal_actions)`` (UTSUKE: ``"lord"``, ``"young lord"``)
    npcs: tuple[tuple[str, Any], ...] = attrs.field(default=(), converter=_npc_pairs)
    #: who leads the next trick and starts the next round, as a Python function (a logic hook,
    #: :mod:`rulebook.core.turns`) ...
    leader_hook: LeaderFn | None = attrs.field(default=None, alias="leader")
    #: ... or as named rules: pairs ``("trick" | "round", rule)`` (a variant file's ``[turns]`` table)
    turns: tuple[tuple[str, Any], ...] = attrs.field(default=(), converter=_turn_pairs)
    #: the game's rules replaced or switched off by their spec IDs (:mod:`rulebook.variants.by_id`):
    #: pairs ``(rule ID, function or "off")``; a variant file's ``off`` list gives the "off" ones
    replace: tuple[tuple[str, Any], ...] = attrs.field(default=(), converter=_replace_pairs)
    #: the game's own checks the variant's rules make untrue: pairs ``(check ID, its own check or "off")``
    checks: tuple[tuple[str, Any], ...] = attrs.field(default=(), converter=_check_pairs)
    #: who sees a zone's items, as Python functions (:mod:`rulebook.variants.zones`): pairs ``(zone key,
    #: sight)``, the key a zone (``"trick"``) or one seat's zone (``"hands.3"``, counted from 1), the sight
    #: ``fn(seat, item, content) -> bool``
    sights: tuple[tuple[str, Any], ...] = attrs.field(default=(), converter=_sight_pairs)
    play_hooks: PlayHooks = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        game = self.game
        if not isinstance(self.rules, game.Rules):
            raise InvalidRules("players", f"expected {game.slug} Rules, got {type(self.rules).__name__}")
        check_phases(game, self.phases)
        routed = route(game, self.replace, self.hook_source)
        own = route_checks(game, self.checks, self.hook_source)
        routed = attrs.evolve(routed, checks=(*routed.checks, *own.checks), off=(*routed.off, *own.off))
        self._fill(routed)
        for name, fn in (("trick_winner", self.trick_winner_hook), ("counters", self.counters_hook),
                         ("ends", self.ends_hook), ("leader", self.leader_hook)):
            if fn is not None and not callable(fn):
                raise TypeError(f"the {name} hook must be a function, not {type(fn).__name__}")
        # the engine calls the points hooks once per event, where it names its counters and events
        engine_points = bool(game.COUNTERS) and (self.trick_points_hook is None or "trick" in game.EVENTS) and (
            self.round_points_hook is None or "round" in game.EVENTS)
        if (self.counters_hook or self.ends_hook) and not game.COUNTERS:
            raise RulebookError(f"{game.slug} does not yet name its counters and events: "
                                "a counters or ends hook cannot be obeyed")
        trick_points = self.trick_points_hook if engine_points else None
        round_points = self.round_points_hook if engine_points else None
        source = self.hook_source
        leader: LeaderFn | None = self.leader_hook
        if leader is not None and turn_rules(game) is None:
            raise RulebookError(f"{game.slug} does not take a turn-order rule yet")
        named = check_turns(game, self.turns, self.rules.players)
        if named is not None:
            if leader is not None:
                raise RulebookError("a variant says who leads by a leader hook or by a [turns] table, not both")
            leader = named
        for key, fn in self.sights:
            if not callable(fn):
                raise InvalidSight(f"sights.{key}", f"a sight is a function, not {type(fn).__name__}")
        if (self.trick_winner_hook or self.counters_hook or self.ends_hook or trick_points or round_points or leader
                or routed.replaced or routed.checks or routed.off or self.sights):
            logic = Logic(
                TrickWinnerHook(self.trick_winner_hook, source) if self.trick_winner_hook else None,
                CountersHook(self.counters_hook, trick_points, round_points, source)
                if self.counters_hook or trick_points or round_points else None,
                EndsHook(self.ends_hook, source) if self.ends_hook else None,
                leader=LeaderHook(leader, source) if leader is not None else None,
                replaced=routed.replaced, checks=routed.checks, off=routed.off, sights=self.sights,
            )
            if self.rules.logic != logic:
                object.__setattr__(self, "rules", attrs.evolve(self.rules, logic=logic))
        if self.npcs:  # UT-LORD-8: names set the NPCs' options, functions go to the engine's logic
            rules, functions = npc_policies(game, self.rules, dict(self.npcs))
            if functions:
                rule = str(getattr(game, "NPC_RULE", ""))
                hooks_ = tuple((n, NpcHook(fn.fn if isinstance(fn, NpcHook) else fn, n, rule, source))
                               for n, fn in functions)
                rules = attrs.evolve(rules, logic=attrs.evolve(rules.logic, npcs=hooks_))
            object.__setattr__(self, "rules", rules)
        seats = seat_rules(dict(self.seats), self.rules.players)
        object.__setattr__(self, "seats", seats)
        for kind in self.moves:
            if not (isinstance(kind, type) and issubclass(kind, VariantMove)):
                name = getattr(kind, "__name__", type(kind).__name__)
                raise TypeError(f"moves: {name} is not a VariantMove subclass")
        if seats:  # the seats that play by a rule are seats of this count: verify checks it only
            object.__setattr__(self, "players_fixed", True)
        hooks = PlayHooks(self.legal_hook, self.game_over_hook, None if engine_points else self.trick_points_hook,
                          None if engine_points else self.round_points_hook, source, seats,
                          self.moves)
        object.__setattr__(self, "play_hooks", hooks)
        zone_plan(game, self.rules)  # the sights the engine does not play: a fault names visible.<zone>
        if self.phases:  # what the first deal shows already (more cards than a hand holds...): refused now
            phased_state(game.new_game(self.rules, seed=0), self.phases)

    def _fill(self, routed: Routed) -> None:
        """The short forms the rules by ID fill (a rule named both ways is refused), and the endings they
        switch off (``endings_off``)."""
        fields = {"legal": "legal_hook", "trick_winner": "trick_winner_hook", "counters": "counters_hook",
                  "ends": "ends_hook", "leader": "leader_hook"}
        for hook, fn in routed.hooks:
            if hook == "npcs":  # UT-LORD-8 by ID: every non-player character plays by the function
                mine = dict(self.npcs)
                added = tuple((name, fn) for name in getattr(self.game, "NPCS", {}) if name not in mine)
                object.__setattr__(self, "npcs", (*self.npcs, *added))
                continue
            if getattr(self, fields[hook]) is not None:
                rule = next(r for r, _ in self.replace if _hook_of(self.game, r) == hook)
                raise RulebookError(f"{rule} is replaced twice: by replace and by the {hook} hook")
            object.__setattr__(self, fields[hook], fn)
        if routed.options:  # the steps switched off: the options that do it (an evolved variant has them already)
            try:
                rules = rules_with(self.game, dict(routed.options), base=self.rules, parse_text=True)
            except InvalidRules as exc:
                raise InvalidRules("off", str(exc).partition(": ")[2] or str(exc)) from None
            object.__setattr__(self, "rules", rules)
        off = tuple(getattr(self.rules, "endings_off", ()))
        more = tuple(n for n in routed.endings_off if n not in off)  # an evolved variant has them already
        if more:
            try:
                rules = attrs.evolve(self.rules, endings_off=(*off, *more))
            except InvalidRules as exc:
                raise InvalidRules("off", str(exc).partition(": ")[2] or str(exc)) from None
            object.__setattr__(self, "rules", rules)

    def new_game(self, seed: int | None = None, deals: Any = None) -> State[Any, Any]:
        """A new game under this variant: the engine's state, with the added steps played
        (:class:`~rulebook.variants.phases.PhasedState`) if any, wrapped to obey the play hooks if any
        (:class:`~rulebook.variants.hooks.HookedState`, over the phased state when both).

        Without either this is exactly ``game.new_game(rules, seed=seed, deals=deals)``.
        """
        state: State[Any, Any] = self.game.new_game(self.rules, seed=seed, deals=deals)
        if self.phases:
            state = phased_state(state, self.phases)  # type: ignore[assignment]
        if not self.play_hooks:
            return state
        return hooked_state(state, self.play_hooks).advanced()  # type: ignore[return-value]

    def hooked(self, state: State[Any, Any]) -> State[Any, Any]:
        """``state`` (an engine state of this variant's rules) with the play hooks obeyed."""
        if not self.play_hooks or isinstance(state, HookedState):
            return state
        return hooked_state(state, self.play_hooks)  # type: ignore[return-value]

    def __reduce__(self) -> tuple[Any, ...]:
        # The game pickles by its slug, so a variant reaches worker processes as the same
        # registered singleton (hooks pickle by reference: define them at module level).
        return (
            _rebuild,
            (self.game.slug, self.rules, self.name, self.description, self.scores_hook, self.winners_hook,
             self.floor, self.floor_rule, self.invariants, self.source, self.players_fixed, self.legal_hook,
             self.game_over_hook, self.trick_points_hook, self.round_points_hook, self.per_count,
             self.trick_winner_hook, self.counters_hook, self.ends_hook, self.seats,
             self.moves, self.phases, self.npcs, self.leader_hook, self.turns, self.replace, self.checks),
        )

    @property
    def hook_source(self) -> str:
        """Where the variant's hooks come from, as a failing hook names it (its file, ``module:NAME``,
        else its name)."""
        return self.source or ("" if self.name == "printed rules" else self.name)

    @property
    def has_hooks(self) -> bool:
        """Whether the variant carries anything beyond ``Rules`` options: Python hooks, a score floor,
        added phases, seats that play by a rule, move kinds of its own, rules or checks replaced by ID
        or sights given as functions."""
        return bool(self.scores_hook or self.winners_hook or self.invariants or self.floor is not None
                    or self.play_hooks or self.logic_hooks() or self.phases or self.seats or self.moves
                    or self.turns or self.replace or self.checks or self.sights)

    def logic_hooks(self) -> list[str]:
        """The names of the hooks the engine calls itself (``trick_winner``, ``counters``, ``ends``, and
        ``trick_points``/``round_points`` where the engine takes them), in that order."""
        names = [n for n, h in (("trick_winner", self.trick_winner_hook), ("counters", self.counters_hook),
                                ("ends", self.ends_hook), ("leader", self.leader_hook)) if h is not None]
        names += [n for n, h in (("trick_points", self.trick_points_hook), ("round_points", self.round_points_hook))
                  if h is not None and n not in self.play_hooks.names()]
        names += [f"{n} policy" for n, policy in self.npcs if callable(policy)]
        names += [rule for rule, fn in self.replace if callable(fn) and _hook_of(self.game, rule) not in names]
        return names

    def scores(self, state: State[Any, Any]) -> tuple[int, ...]:
        """The variant's scores of ``state``."""
        if self.scores_hook is None:
            return tuple(state.scores)
        where = ("scores", self.hook_source, functools.partial(_position, state))
        return tuple(check_points(call_hook(self.scores_hook, *where, state), _players(state, self.rules), *where))

    def winners(self, state: State[Any, Any], scores: tuple[int, ...] | None = None) -> frozenset[int]:
        """The variant's winners of ``state`` (empty until the game is over)."""
        if self.winners_hook is None:
            return frozenset(state.winners)
        scores = self.scores(state) if scores is None else scores
        where = ("winners", self.hook_source, functools.partial(_position, state))
        answer = call_hook(self.winners_hook, *where, state, scores)
        players = _players(state, self.rules)
        try:
            seats = frozenset(answer)
        except TypeError:
            seats = frozenset({-1})
        if not all(type(s) is int and 0 <= s < players for s in seats):
            raise HookError("contract:winners", f"returned {str(answer)[:60]}, not a set of seats 0 to {players - 1}",
                            *where)
        return seats

    def score_floor(self) -> int | None:
        """The variant's floor, else the game's own."""
        return self.floor if self.floor is not None else self.game.score_floor(self.rules)

    def with_rules(self, rules: Any) -> Variant:
        return attrs.evolve(self, rules=rules)

    def at(self, players: int) -> Variant:
        """The variant with ``players`` players: the values given per player count for that count,
        every other option as it is (a fault is an :class:`~rulebook.InvalidRules` naming the count)."""
        if players == self.rules.players:
            return self
        try:
            rules = rules_at(self.rules, self.per_count, players)
        except InvalidRules as exc:
            reason = str(exc).partition(": ")[2] or str(exc)
            raise InvalidRules(exc.field, f"{reason} (at {players} players)") from None
        return attrs.evolve(self, rules=rules)

    def changes(self) -> dict[str, Any]:
        """The options that differ from the printed game's (with the same player count)."""
        try:
            base = rules_to_dict(self.game.Rules(players=self.rules.players))
        except InvalidRules:  # a count whose printed defaults do not hold (five players need a fifth suit)
            base = {**rules_to_dict(self.game.Rules()), "players": self.rules.players}
        mine = rules_to_dict(self.rules)
        return {k: v for k, v in mine.items() if base.get(k) != v}

    def describe(self) -> dict[str, Any]:
        """A JSON-compatible description (name, options, hooks) for records and reports."""
        hooks = [n for n, h in (("scores", self.scores_hook), ("winners", self.winners_hook)) if h]
        hooks += self.play_hooks.names() + self.logic_hooks()
        out: dict[str, Any] = {"name": self.name, "game": self.game.slug, "changes": self.changes()}
        if hooks or self.invariants:
            out["hooks"] = hooks + [getattr(f, "__name__", "invariant") for f in self.invariants]
        if self.floor is not None:
            out["score_floor"] = self.floor
        if self.phases:
            out["phases"] = [p.describe() for p in self.phases]
        if self.source:
            out["source"] = self.source
        if self.seats:
            out["seats"] = seats_to_table(self.seats)
        if self.moves:
            out["moves"] = [kind.KIND for kind in self.moves]
        if self.turns:
            out["turns"] = dict(self.turns)
        off = [rule for rule, fn in self.replace if not callable(fn)]
        if off:
            out["off"] = off
        if self.per_count:
            out["per_count"] = {c.name: {str(n): jsonable(v) for n, v in c.values}
                                for c in self.per_count}
        return out


def _hook_of(game: Game[Any, Any, Any], rule: str) -> str:
    """The short form a rule by ID fills (``trick_winner``...), else ``""``."""
    slot = slot_of(game, rule)
    return slot.hooks[0] if slot is not None and slot.hooks else ""


def _players(state: Any, rules: Any) -> int:
    players = getattr(getattr(state, "rules", None), "players", None)
    return players if type(players) is int else int(rules.players)


def _position(state: Any) -> int:
    try:
        return len(state.history)
    except Exception:  # a state without a history: the position is unknown
        return 0


def _rebuild(slug: str, rules: Any, *args: Any) -> Variant:
    return Variant(get_game(slug), rules, *args)


def printed(game: Game[Any, Any, Any], players: int | None = None) -> Variant:
    """The printed rules of ``game`` as a variant."""
    rules = game.Rules() if players is None else game.Rules(players=players)
    return Variant(game, rules)


#: The deepest chain of ``extends`` a variant file may use.
MAX_EXTENDS = 8


def build_rules(game: Game[Any, Any, Any], layers: Sequence[Layer], base: Any = None) -> tuple[Any, dict[str, str]]:
    """``game.Rules`` from ``base`` (default: the printed rules) with every layer applied in order.

    See :func:`rulebook.core.options.rules_from_layers`: the values are checked once, after
    every layer, and a fault names the option and the source of its value.
    """
    return rules_from_layers(game.Rules, layers, base)


def rules_with(
    game: Game[Any, Any, Any], values: Mapping[str, Any], *, base: Any = None, parse_text: bool = False
) -> Any:
    """``game.Rules`` with ``values`` set (``parse_text``: strings are ``--set`` texts).

    A bad option fails naming the option (an unknown one: the valid options, on one line).
    """
    return build_rules(game, [Layer(values, "--set" if parse_text else "values", parse_text)], base)[0]


def parse_sets(items: Iterable[str]) -> dict[str, str]:
    """``["name=value", ...]`` (``--set``) as a mapping."""
    values: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise RulebookError(f"--set takes NAME=VALUE (got {item!r})")
        values[name.strip()] = value.strip()
    return values


def _from_python(game: Game[Any, Any, Any], ref: str) -> Variant:
    target, _, attr = ref.rpartition(":")
    module = load_module(ref, target, "variant")
    obj = getattr(module, attr or "VARIANT", None)
    if obj is None:
        raise RulebookError(f"variant {ref!r}: {target} has no {attr or 'VARIANT'!r}")
    if not isinstance(obj, Variant) and inspect.isfunction(obj):  # never a builtin or a class
        try:
            obj = obj(game)
        except RulebookError:
            raise
        except Exception as exc:
            raise RulebookError(f"variant {ref!r}: calling it failed: {type(exc).__name__}: {exc}") from None
    if not isinstance(obj, Variant):
        raise RulebookError(f"variant {ref!r} is a {type(obj).__name__}, not a rulebook Variant")
    if obj.game is not game:
        raise RulebookError(f"variant {ref!r} is for {obj.game.slug}, not {game.slug}")
    return obj if obj.source else attrs.evolve(obj, source=ref)


_FILE_KEYS = ("name", "game", "description", "rules", "extends", "ruleset", "seats", "phases", "turns", "off")


@attrs.frozen
class VariantFile:
    """A TOML variant file read with what it ``extends``: its game, name and option layers."""

    game: Game[Any, Any, Any]
    name: str
    description: str
    layers: tuple[Layer, ...]
    path: str
    #: the ``[seats]`` table: seats that play by a rule (0-based), this file's over what it extends
    seats: tuple[tuple[int, SeatRule], ...] = ()
    #: the added phases of its ``[[phases]]`` tables (after those of the file it extends)
    phases: tuple[AddedPhase, ...] = ()
    #: the ``[turns]`` table: who leads and starts, by named rules (this file's over what it extends)
    turns: tuple[tuple[str, Any], ...] = ()
    #: the ``off`` list: rules switched off by their IDs (endings, checks), after those of what it extends
    off: tuple[str, ...] = ()


#: The largest variant file read (bytes).
MAX_VARIANT_BYTES = 2**20


def read_variant_file(
    game: Game[Any, Any, Any] | None, ref: str | Path, _chain: tuple[Path, ...] = ()
) -> VariantFile:
    """Read a TOML variant file, following ``extends`` (a TOML file, relative to this one)
    and ``ruleset`` (a named ruleset of the game). Values are not validated here:
    :func:`build_rules` does that once every source is applied.

    Data never names code that runs: ``extends`` may only name a ``.toml`` file.
    """
    path = Path(ref)
    here = path.resolve()
    if here in _chain:
        raise RulebookError(f"variant file {ref}: extends itself ({' -> '.join(p.name for p in (*_chain, here))})")
    if len(_chain) > MAX_EXTENDS:
        raise RulebookError(f"variant file {ref}: extends goes deeper than {MAX_EXTENDS} files")
    text = read_text(path, "variant file", MAX_VARIANT_BYTES,
                     lambda why: RulebookError(f"cannot read variant file {ref}: {why}"))
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError) as exc:
        reason = exc if isinstance(exc, tomllib.TOMLDecodeError) else "nested too deeply"
        raise RulebookError(f"variant file {ref} is not valid TOML: {reason}") from None
    extra = sorted(set(data) - set(_FILE_KEYS))
    if extra:
        raise RulebookError(f"variant file {ref}: unknown key {extra[0]!r} (expected {', '.join(sorted(_FILE_KEYS))})")
    for key in ("name", "game", "description", "extends", "ruleset"):
        if key in data and not isinstance(data[key], str):
            raise RulebookError(f"variant file {ref}: {key} must be a string")
    named = data.get("game")
    if named is not None:
        if game is None:
            game = get_game(named)
        elif named != game.slug:
            raise RulebookError(f"variant file {ref} is for {named}, not {game.slug}")
    layers: list[Layer] = []
    base: VariantFile | None = None
    extends = data.get("extends")
    if extends is not None:
        if not extends.endswith(".toml"):
            raise RulebookError(f"variant file {ref}: extends names a TOML file (*.toml), not {extends!r:.80}")
        base = read_variant_file(game, path.parent / extends, (*_chain, here))
        game = base.game
    if game is None:
        raise RulebookError(f"variant file {ref} names no game")
    ruleset = data.get("ruleset")
    if ruleset is not None:
        layers.append(Layer(game.ruleset(ruleset).values, f"ruleset {ruleset} (in {ref})"))
    if base is not None:
        layers.extend(base.layers)
    rules_table = data.get("rules", {})
    if not isinstance(rules_table, dict):
        raise RulebookError(f"variant file {ref}: [rules] must be a table of options")
    if not all(isinstance(k, str) for k in rules_table):
        raise RulebookError(f"variant file {ref}: option names must be strings")
    off_ids = data.get("off", [])
    if not isinstance(off_ids, list) or not all(isinstance(r, str) for r in off_ids):
        raise RulebookError(f"variant file {ref}: off must be a list of rule IDs (such as {game.prefix}-END-1)")
    try:  # endings switched off by ID are the option endings_off of this file, checked with its other options
        endings = route(game, tuple((r, OFF) for r in off_ids)).endings_off
    except InvalidRules as exc:
        raise RulebookError(f"variant file {ref}: off: {str(exc).partition(': ')[2] or exc}") from None
    if endings:
        given = rules_table.get("endings_off", [])
        rules_table = {**rules_table, "endings_off": [*(given if isinstance(given, list) else [given]),
                                                      *(n for n in endings if n not in given)]}
    stepped = route(game, tuple((r, OFF) for r in off_ids)).options
    if stepped:  # the steps switched off by ID: the options that do it, text values as --set reads them
        layers.append(Layer(dict(stepped), f"off (in {ref})", True))
    layers.append(Layer(rules_table, str(ref), people=True))
    seats = dict(base.seats) if base is not None else {}
    if "seats" in data:
        seats.update(seats_from_table(data["seats"], str(ref)))
    tables = data.get("phases", [])
    if not isinstance(tables, list):
        raise RulebookError(f"variant file {ref}: phases must be a list of tables ([[phases]])")
    try:
        phases = (*(base.phases if base is not None else ()), *(phase_from_table(t, i) for i, t in enumerate(tables)))
        check_phases(game, phases)
    except RulebookError as exc:
        raise RulebookError(f"variant file {ref}: {exc}") from None
    turns = dict(base.turns) if base is not None else {}
    if "turns" in data:
        if not isinstance(data["turns"], dict):
            raise RulebookError(f"variant file {ref}: [turns] must be a table with trick and round rules")
        turns.update(data["turns"])
    as_options = set(getattr(game, "ENDINGS", {}).values()) | {s.rule for s in getattr(game, "SLOTS", ())
                                                                if s.kind == "step"}
    off = list(base.off) if base is not None else []
    off += [r for r in off_ids if r not in off and r not in as_options]
    return VariantFile(
        game, str(data.get("name", base.name if base is not None and "name" not in data else path.stem)),
        str(data.get("description", base.description if base is not None else "")), tuple(layers), str(path),
        tuple(sorted(seats.items())), phases, tuple(turns.items()), tuple(off),
    )


def _is_python(ref: str) -> bool:
    return ref.endswith(".py") or (":" in ref and not Path(ref).exists())


def load_variant(game: Game[Any, Any, Any] | None, ref: str) -> Variant:
    """A variant from a TOML file, or from a Python object ``module:NAME`` / ``file.py[:NAME]``.

    ``game`` may be ``None`` when a TOML file names its game. A TOML file's values are
    validated here (at the player count the file and what it extends give); use
    :func:`resolve` to apply ``--set`` and ``--players`` before validating.

    A Python reference *runs code*: pass only a reference the user gave (on the
    command line, in their own code), never one read from a record or any other
    data file (data never names code that runs; see :mod:`rulebook.reference.records`).
    Only functions are called to build a variant, never builtins or classes.
    """
    if not isinstance(ref, str):
        raise RulebookError(f"a variant reference is a string, not {type(ref).__name__}")
    if _is_python(ref):
        if game is None:
            raise RulebookError("a Python variant needs the game named")
        return _from_python(game, ref if ":" in ref else ref + ":VARIANT")
    vf = read_variant_file(game, ref)
    rules, sources, counts = resolve_layers(vf.game.Rules, vf.layers)
    return Variant(vf.game, rules, name=vf.name, description=vf.description, source=vf.path,
                   players_fixed="players" in sources, per_count=counts, seats=vf.seats, phases=vf.phases,
                   turns=vf.turns, replace=tuple((r, OFF) for r in vf.off))


def resolve(
    game: Game[Any, Any, Any],
    rules: Any = None,
    *,
    variant: str | Variant | None = None,
    sets: Sequence[str] | Mapping[str, Any] = (),
    players: int | None = None,
    ruleset: str | None = None,
) -> Variant:
    """The variant given by a named ruleset, then a file or object, then ``--set`` options,
    then a player count. The ``Rules`` are built once, after every source, and validated then.

    ``rules`` (a ``Rules`` value) may stand in for ``variant``. The variant fixes its
    player count (``Variant.players_fixed``, so ``verify`` checks that count only) when
    any of these sources sets ``players``.

    A value may be given per player count (a file's table keyed by count, or a name
    ``NAME@COUNTS`` in ``sets``, whose values are Python values when ``sets`` is a mapping);
    the rules hold the values at their own count, and :meth:`Variant.at` gives the others:

    >>> import rulebook
    >>> v = resolve(rulebook.get_game("witches-of-blackmore"), sets={"colours@2,3": ("R", "B", "G", "Y", "P")})
    >>> v.rules.colours, v.at(3).rules.colours
    (('R', 'B', 'G', 'Y', 'P', 'O'), ('R', 'B', 'G', 'Y', 'P'))
    """
    layers: list[Layer] = []
    names: list[str] = []
    if ruleset is not None:
        rs = game.ruleset(ruleset)
        layers.append(Layer(rs.values, f"--ruleset {ruleset}"))
        if rs.name != "printed":
            names.append(rs.name)
    base_rules: Any = rules
    v: Variant | None = None
    file_seats: tuple[tuple[int, SeatRule], ...] | None = None
    file_phases: tuple[AddedPhase, ...] | None = None
    file_turns: tuple[tuple[str, Any], ...] = ()
    file_off: tuple[tuple[str, Any], ...] | None = None
    if isinstance(variant, str) and not _is_python(variant):
        vf = read_variant_file(game, variant)
        layers.extend(vf.layers)
        # the added phases are checked against the file's rules, below (not the default player count)
        v = Variant(game, game.Rules(), name=vf.name, description=vf.description, source=vf.path)
        file_seats, file_phases = vf.seats, vf.phases
        file_turns = vf.turns
        file_off = tuple((r, OFF) for r in vf.off)
        names.append(vf.name)
    elif variant is not None:
        # a Python object: its own rules are the base the other sources change
        v = load_variant(game, variant) if isinstance(variant, str) else variant
        base_rules = v.rules
        names.append(v.name)
    text = not isinstance(sets, Mapping)
    values: dict[str, Any] = dict(sets) if isinstance(sets, Mapping) else dict(parse_sets(sets))
    label = ", ".join(f"{k}={val}" for k, val in values.items())
    if values:
        layers.append(Layer(values, "--set", text))
    if players is not None:
        layers.append(Layer({"players": players}, "--players"))
    if v is not None and v.per_count:  # a Python variant's own values per count come first
        layers[:0] = [Layer({c.name: c.otherwise for c in v.per_count}, v.source or v.name),
                      Layer({f"{c.name}@{n}": value for c in v.per_count for n, value in c.values},
                            v.source or v.name)]
    new_rules, sources, counts = resolve_layers(game.Rules, layers, base_rules)
    if v is None:
        v = Variant(game, new_rules)
    name = " + ".join([*names, label] if label else names) or v.name
    fixed = "players" in sources or v.players_fixed
    seats = v.seats if file_seats is None else file_seats
    phases = v.phases if file_phases is None else file_phases
    turns = file_turns or v.turns
    replace = v.replace if file_off is None else file_off
    return attrs.evolve(v, rules=new_rules, name=name, players_fixed=fixed, per_count=counts, seats=seats,
                        phases=phases, turns=turns, replace=replace)
