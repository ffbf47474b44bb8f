"""Verify that a game, under a variant, is still well-formed (``rulebook verify``).

:func:`verify` plays games chosen by `Hypothesis <https://hypothesis.readthedocs.io>`_
(player count, deal, who plays each seat, and the moves), seeded and reproducible,
and checks the contract properties below and the game's own invariants
(``game.check_invariants``) on every state it reaches, the costly ones (the observation
boundary, the record replay) on a seeded sample unless ``thorough=True``. When a check fails,
Hypothesis shrinks the game, and the report carries the smallest failing game as
a :class:`~rulebook.reference.records.Record` whose ``meta`` names the broken check, its rule
ID and the message; ``rulebook replay FILE`` steps through it.

The generic checks are named ``contract:<name>`` (see :data:`CHECKS`); a game's own
invariants are named by the rule ID their message starts with. Beside them the report carries
warnings that fail nothing (``warning:flat-outcomes``: every game ended with all seats tied or
nobody scoring, the first such game kept as a record) and, for a variant with Python hooks, the
time spent inside them (:mod:`rulebook.variants.verify_notes`).

>>> import rulebook
>>> report = rulebook.verify("witches-of-blackmore", examples=3, seed=1)
>>> report.ok, report.failure is None
(True, True)

Requires ``hypothesis`` (the ``verify`` extra).
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from rulebook.core.contract import Game, State
from rulebook.core.extras import install_hint
from rulebook.core.phases import Choose
from rulebook.core.progress import reason, resume_lines, start_file
from rulebook.core.visibility import OWNER, TEAM
from rulebook.errors import IllegalAction, InvalidRecord, OutputError, ResumeError, RulebookError
from rulebook.reference import records
from rulebook.registry import get_game
from rulebook.variants.hooks import HOOK_RULE, HookedState, HookError, call_hook, choose_move, iter_states, unhooked
from rulebook.variants.moves import parse_move
from rulebook.variants.phases import PhasedState
from rulebook.variants.seats import policy_rng
from rulebook.variants.variant import Variant
from rulebook.variants.verify_notes import Notice, Outcomes, hook_clock, hook_share_text

__all__ = [
    "CHECKS", "Failure", "Notice", "Report", "Step", "Violation", "check_state", "play_checked", "verify", "walk",
]

#: The generic well-formedness properties, by ID.
CHECKS: dict[str, str] = {
    "contract:determinism": "the same seed gives the same initial state",
    "contract:current-player": "a game that is not over has a seat to move",
    "contract:legal-move": "every position that is not terminal has a legal move; the list is stable, "
    "without duplicates, and each of its moves is accepted",
    "contract:action-encoding": "legal moves round-trip through their integer and text forms",
    "contract:illegal-rejected": "an illegal move raises IllegalAction citing a rule and changes nothing",
    "contract:immutability": "apply() leaves the state it was called on unchanged",
    "contract:termination": "every game ends within game.max_game_length(rules) actions",
    "contract:observation-boundary": "resampling what a seat cannot see leaves its observation and tensor "
    "unchanged and really redraws it: the resampled state is consistent (the game's invariants, the same "
    "seat to move and moves), keeps neither the history nor the true deal, and moves some hidden card "
    "(no seat learns what it should not)",
    "contract:game-over": "a finished game has nobody to move, no legal move, and refuses moves",
    "contract:scores": "scores are one whole number per seat; a finished game has winners, all of them seats",
    "contract:score-floor": "no score is ever below the floor (game.score_floor(rules) or the variant's)",
    "contract:record-replay": "the game's JSON record replays to the same final state",
    "contract:no-crash": "the engine raises nothing but IllegalAction for an illegal move",
}

#: by default the observation boundary is checked at one position in SAMPLE (drawn at random)
SAMPLE = 32

#: by default the first PREFIX choices of random seats are drawn by Hypothesis (shrinkable),
#: the later ones by a drawn generator (thorough: 200)
PREFIX = 64

#: by default the record of one game in REPLAY (drawn at random) is replayed
REPLAY = 4

_link = tuple.__getitem__

#: from this many games on, a run in which no resample ever changed another seat's view fails
_REDRAW_GAMES = 10

_RULE_ID = re.compile(r"\b[A-Z]{2}-[A-Z]{2,}-\d+\b")


class Violation(AssertionError):
    """A broken check at ``state`` (``action``: the move being applied, if any)."""

    def __init__(self, check: str, rule: str, message: str, state: State[Any, Any], action: Any = None) -> None:
        super().__init__(f"[{rule}] {check}: {message}")
        self.check = check
        self.rule = rule
        self.message = message
        self.state = state
        self.action = action


def _invariant(check: str, fn: Any, state: State[Any, Any], source: str | None = None) -> None:
    """Run one invariant: its ``AssertionError`` is its verdict. A variant's invariant (``source``:
    the variant) is the user's code, run as a hook: any other exception, ``sys.exit`` or a call
    past the time limit is a failed ``contract:no-crash`` check naming it."""
    def verdict() -> AssertionError | None:
        try:
            fn(state)
        except AssertionError as exc:
            return exc
        return None

    if source is None:
        failed = verdict()
    else:
        try:
            failed = call_hook(verdict, f"invariant {getattr(fn, '__name__', '')}".strip(), source,
                               lambda: len(state.history))
        except HookError as exc:
            raise Violation(exc.check, exc.check, str(exc), state) from None
    if failed is not None:
        text = str(failed)
        m = _RULE_ID.match(text.strip())
        rule = m.group(0) if m else check
        raise Violation(check, rule, text, state) from None


def check_state(variant: Variant, state: State[Any, Any]) -> None:
    """The checks that need only one state: invariants, scores and the score floor.

    Raises :class:`Violation`. Cheap; ``rulebook replay`` runs them on every step.
    """
    game = variant.game
    _invariant("game invariant", game.check_invariants, unhooked(state))
    for fn in variant.invariants:
        _invariant("variant invariant", fn, state, variant.hook_source)
    try:
        scores = variant.scores(state)
    except HookError as exc:
        raise Violation(exc.check, exc.check, str(exc), state) from None
    except Exception as exc:  # a variant's hook that crashes
        raise Violation("contract:no-crash", "contract:no-crash", f"scores raised {exc!r}", state) from None
    players = variant.rules.players
    if len(scores) != players or not all(isinstance(x, int) for x in scores):
        raise Violation("contract:scores", "contract:scores", f"{scores!r} is not one whole number per seat", state)
    floor = variant.score_floor()
    if floor is not None and min(scores) < floor:
        seat = scores.index(min(scores))
        raise Violation(
            "contract:score-floor", variant.floor_rule or "contract:score-floor",
            f"seat {seat + 1} has {scores[seat]} points, below the floor of {floor}", state,
        )


def _check_step(
    variant: Variant, state: State[Any, Any], legal: tuple[Any, ...], rng: random.Random,
    known: dict[Any, int] | None = None, size: int | None = None,
) -> None:
    """The per-position checks of a state that is not terminal.

    ``known`` maps the moves whose encodings were already checked (in this game's
    rules) to their ids: encoding and parsing do not depend on the position, so each
    move is round-tripped once (two moves with one text cannot both parse back).
    ``size``: ``game.num_distinct_actions(rules)``, if known.
    """
    game, rules = _moves_game(variant, state), variant.rules

    def fail(check: str, message: str) -> Violation:
        return Violation(check, check, message, state)

    cp = state.current_player
    if not (isinstance(cp, int) and 0 <= cp < rules.players):
        raise fail("contract:current-player", f"{cp!r} is not a seat")
    if not legal:
        raise fail("contract:legal-move", "a position that is not terminal has no legal move")
    if state.legal_actions() != legal:
        raise fail("contract:legal-move", "two calls of legal_actions() gave different tuples")
    if len(set(legal)) != len(legal):
        raise fail("contract:legal-move", f"duplicate legal moves in {[str(a) for a in legal]}")
    if size is None:
        size = game.num_distinct_actions(rules)
    if known is None:
        known = {}
    ids = []
    kinds = variant.moves
    for a in legal:
        if kinds and isinstance(a, kinds):  # a move of the variant's own kind: no id; its text reads back
            if parse_move(kinds, game, str(a), rules) != a:
                raise fail("contract:action-encoding", f"{str(a)!r} does not parse back")
            continue
        i = known.get(a)
        if i is None:
            text = str(a)
            i = game.encode_action(a, rules)
            if not 0 <= i < size or game.decode_action(i, rules) != a:
                raise fail("contract:action-encoding", f"{text} -> {i} does not round-trip")
            parsed = game.parse_action(text, rules)
            if parsed != a and not (type(a) is Choose and type(parsed) is Choose
                                    and (parsed.text == a.text or parsed.value == a.value)):
                raise fail("contract:action-encoding", f"{text!r} does not parse back")
            known[a] = i
        ids.append(i)
    if tuple(sorted(ids)) != state.legal_action_ids():
        raise fail("contract:action-encoding", "legal_action_ids() disagrees with legal_actions()")
    illegal = None
    if len(ids) < size:
        for _draw in range(8):  # a random id that is not legal, if one of 8 draws finds it
            i = rng.randrange(size)
            if i not in ids:
                illegal = i
                break
    if illegal is not None:
        bad = game.decode_action(illegal, rules)
        try:
            state.apply(bad)
        except IllegalAction as exc:
            if not _RULE_ID.search(str(exc)) and HOOK_RULE not in str(exc):
                raise fail("contract:illegal-rejected", f"the error for {bad} cites no rule: {exc}") from None
        else:
            raise fail("contract:illegal-rejected", f"{bad} was accepted but is not legal")
        if state.legal_actions() != legal or state.current_player != cp:
            raise fail("contract:illegal-rejected", f"rejecting {bad} changed the state")


def _check_ruled(variant: Variant, state: Any, seat: int, move: Any, rng: random.Random) -> None:
    """The move ``move`` a seat that plays by a rule made at ``state``: legal (``contract:legal-move``), its
    policy's choice again (``contract:determinism``), and the same choice once what the seat cannot see is
    redrawn (``contract:observation-boundary``: the policy decides on what the seat sees)."""
    rule = state.hooks.rule_of(seat)
    if move not in state.legal_actions():
        raise Violation("contract:legal-move", "contract:legal-move", f"seat {seat + 1}'s policy ({rule.label}) "
                        f"made {move}, which is not legal", state, move)
    if choose_move(rule, state, seat) != move:
        check = "contract:determinism"
        raise Violation(check, check, f"seat {seat + 1}'s policy ({rule.label}) chose {move}, then another move "
                        "at the same position", state, move)
    other = state.resample(seat, rng)
    if choose_move(rule, other, seat, policy_rng(state)) != move:
        check = "contract:observation-boundary"
        raise Violation(check, check, f"seat {seat + 1}'s policy ({rule.label}) chose another move once what the "
                        "seat cannot see was redrawn: it reads hidden information", state, move)


def _moves_game(variant: Variant, state: State[Any, Any]) -> Any:
    """The game that encodes ``state``'s moves: the variant's, with the moves of its added phases
    (:mod:`rulebook.variants.phases`) when it has some."""
    return state.GAME if isinstance(unhooked(state), PhasedState) else variant.game


def _private(rules: Any) -> bool:
    """Whether the rules' visibility settings may keep something from one seat that another sees
    (a hidden element left to its owner or team); when every element is shown to all or to none,
    no resample can change another seat's view through them, and that is no fault."""
    visible = getattr(rules, "visible", None)
    if visible is None or visible.printed:
        return True
    return any(v in (OWNER, TEAM) for v in visible.values())


def _check_boundary(
    variant: Variant, state: State[Any, Any], seats: Sequence[int], rng: random.Random, redraws: int = 1,
    moved: bool = False,
) -> bool:
    """The observation boundary of ``seats`` at ``state`` (see ``contract:observation-boundary``),
    with ``redraws`` resamples per seat; returns whether one of them changed another seat's view
    (:func:`verify` requires that some do over a run: a resample must redraw what is hidden);
    once ``moved`` is true that is not looked at again.
    """
    game, rules = variant.game, variant.rules
    check = "contract:observation-boundary"

    def fail(message: str) -> Violation:
        return Violation(check, check, message, state)

    obs_size = game.observation_size(rules)
    cp = state.current_player
    legal = state.legal_actions()
    for seat in seats:
        before = state.observation(seat)
        tensor = state.observation_tensor(seat)
        if len(tensor) != obs_size or not set(map(type, tensor)) <= {int}:
            raise fail(f"seat {seat + 1}'s tensor is not {obs_size} whole numbers")
        others = [s for s in range(rules.players) if s != seat]
        for _redraw in range(redraws):
            other = state.resample(seat, rng)
            if other.observation(seat) != before or other.observation_tensor(seat) != tensor:
                raise fail(f"seat {seat + 1} sees a difference after what it cannot see is redrawn")
            if other.history or other.setup == state.setup:
                raise fail(
                    f"seat {seat + 1}'s resampled state keeps the true {'history' if other.history else 'deal'} "
                    "(its record would reveal the hidden cards)"
                )
            try:
                game.check_invariants(unhooked(other))
            except AssertionError as exc:
                raise fail(f"seat {seat + 1}'s resampled state breaks an invariant: {exc}") from None
            if other.current_player != cp or (cp == seat and other.legal_actions() != legal):
                raise fail(f"seat {seat + 1}'s resampled state has another seat to move or other legal moves")
            if not moved:
                moved = any(other.observation(s) != state.observation(s) for s in others)
    return moved


def _check_end(variant: Variant, state: State[Any, Any], replay: bool = True) -> None:
    game, rules = variant.game, variant.rules

    def fail(check: str, message: str) -> Violation:
        return Violation(check, check, message, state)

    if state.legal_actions():
        raise fail("contract:game-over", "a finished game has legal moves")
    try:
        state.apply(game.decode_action(0, rules))
    except IllegalAction:
        pass
    else:
        raise fail("contract:game-over", "a move was accepted after the end")
    winners = variant.winners(state)
    if not isinstance(winners, frozenset) or not winners <= set(range(rules.players)):
        raise fail("contract:scores", f"winners {sorted(winners)} are not a set of seats")
    # winners may be empty only in a game whose rules let nobody win (UTSUKE when every seat loses)
    if not winners and not game.nobody_may_win:
        raise fail("contract:scores", f"nobody wins, but the rules of {game.slug} always name a winner")
    if not replay:
        return
    logic = None if rules.logic.printed else rules.logic  # a record never carries the variant's Python
    try:
        record = records.loads(records.dumps(state))
        if variant.moves or any(not isinstance(getattr(p, "choices", ""), str) for p in variant.phases):
            # the variant reads its own moves back, and plays the steps of its own Python
            *_, last = iter_states(variant, record)
            replayed = variant.hooked(last)
        else:
            replayed = variant.hooked(records.replay(record, complete=not variant.play_hooks, logic=logic))
    except InvalidRecord as exc:
        raise fail("contract:record-replay", f"the saved record does not replay: {exc}") from None
    if replayed != state or not replayed.is_terminal:
        raise fail("contract:record-replay", "the saved record does not replay to the same final state")


def play_checked(
    variant: Variant,
    seed: int,
    kinds: Sequence[str],
    choose: Any,
    rng: random.Random,
    boundary_every: int,
    counter: list[int],
    *,
    sample: int = 0,
    check_rng: random.Random | None = None,
    replay: bool | None = True,
    redrawn: list[int] | None = None,
) -> State[Any, Any]:
    """Play one game and run every check of :data:`CHECKS` on every position.

    ``choose(k)`` picks the index of a random seat's move among ``k``; seats whose
    ``kinds`` entry is ``"heuristic"`` play ``game.heuristic_action``. Any
    unexpected exception becomes a ``contract:no-crash`` violation. Returns the
    final state; raises :class:`Violation` (an ``AssertionError``).

    The observation boundary (resampling, the costly check) is checked for every
    seat at the first position and every ``boundary_every``-th one; with ``sample``
    > 0 instead at the first position and then at each position with probability
    ``1/sample``, for one seat drawn at random. ``check_rng`` (default ``rng``)
    draws those positions and seats, the illegal moves tried and the resamples, so
    the checks do not change the game played. ``replay``: check the final record
    (``None``: in one game of :data:`REPLAY`, drawn).
    ``redrawn`` (two counters) gains the boundary checks made and those in which a
    resample changed another seat's view.
    """
    where: list[Any] = [None, None]
    try:
        return _play_checked(
            variant, seed, kinds, choose, rng, boundary_every, counter, where, sample, check_rng or rng, replay,
            redrawn if redrawn is not None else [0, 0],
        )
    except Violation:
        raise
    except Exception as exc:
        state = where[0] if where[0] is not None else variant.game.new_game(variant.rules, seed=seed)
        if isinstance(exc, HookError):  # a play hook broke the contract: its own check, not a crash
            raise Violation(exc.check, exc.check, str(exc), state, where[1]) from None
        raise Violation(
            "contract:no-crash", "contract:no-crash", f"{type(exc).__name__}: {exc}", state, where[1]
        ) from exc


def _play_checked(
    variant: Variant,
    seed: int,
    kinds: Sequence[str],
    choose: Any,
    rng: random.Random,
    boundary_every: int,
    counter: list[int],
    where: list[Any],
    sample: int,
    check_rng: random.Random,
    replay: bool | None,
    redrawn: list[int],
) -> State[Any, Any]:
    """Play and check one game; ``choose(k)`` gives the index of a random seat's move among ``k``.

    ``where`` holds the current state and the move being tried (for crash reports).
    """
    rules = variant.rules
    state: State[Any, Any] = variant.new_game(seed=seed)  # obeys the variant's play hooks
    game = _moves_game(variant, state)
    where[0] = state
    if variant.new_game(seed=seed) != state:
        raise Violation("contract:determinism", "contract:determinism", "the same seed gave two states", state)
    bound = game.max_game_length(rules) + sum(kind.bound(rules) for kind in variant.moves)
    steps = 0
    played: list[Any] = []
    known: dict[Any, int] = {}
    size = game.num_distinct_actions(rules)
    while True:
        counter[0] += 1
        check_state(variant, state)
        if state.current_player is None:
            break
        legal = state.legal_actions()
        _check_step(variant, state, legal, check_rng, known, size)
        seats: Sequence[int] = ()
        if steps == 0 or (not sample and steps % boundary_every == 0):
            seats = range(rules.players)
        elif sample and check_rng.random() * sample < 1.0:
            seats = (check_rng.randrange(rules.players),)
        if seats:
            redrawn[0] += 1
            redrawn[1] += _check_boundary(variant, state, seats, check_rng, 1, bool(redrawn[1]))
        seat = state.current_player
        if kinds[seat] == "heuristic":
            action = state.GAME.heuristic_action(state, rng)
            if action not in legal:
                raise Violation(
                    "contract:legal-move", "contract:legal-move",
                    f"the heuristic player chose {action}, which is not legal", state, action,
                )
        else:
            action = legal[choose(len(legal))]
        where[1] = action
        before = state.observation(seat) if seats else None
        try:
            nxt = state.apply(action)
        except IllegalAction as exc:
            raise Violation(
                "contract:legal-move", "contract:legal-move", f"the legal move {action} was rejected: {exc}",
                state, action,
            ) from None
        if state.legal_actions() != legal or (seats and state.observation(seat) != before):
            raise Violation("contract:immutability", "contract:immutability", f"applying {action} changed the "
                            "old state", state, action)
        ruled = getattr(nxt, "ruled", ())
        for before, rule_seat, move in ruled:  # the moves of seats that play by a rule, made inside apply
            check_state(variant, before)
            _check_ruled(variant, before, rule_seat, move, check_rng)
            played.append(action)
            action, state = move, before
        log = getattr(nxt, "log", None)
        if isinstance(log, tuple) and (_link(log, 1) != action or _link(log, 0) != getattr(state, "log", None)):
            raise Violation("contract:immutability", "contract:immutability", "the move is not last in the "
                            "history", nxt)
        played.append(action)
        state = nxt
        where[0], where[1] = state, None
        steps += 1 + len(ruled)
        if steps > bound:
            raise Violation(
                "contract:termination", "contract:termination",
                f"more than max_game_length={bound} actions", state,
            )
    if state.history != tuple(played):
        raise Violation("contract:immutability", "contract:immutability", "the history is not the moves played",
                        state)
    _check_end(variant, state, replay if replay is not None else check_rng.random() * REPLAY < 1.0)
    return state


@attrs.frozen
class Failure:
    """The smallest failing game found: the broken check, its rule, and the record."""

    check: str
    rule: str
    message: str
    record: records.Record
    #: where the record was saved (``None`` if it was not)
    path: str | None = None

    def save(self, path: str | Path) -> Path:
        return records.save(self.record, path)


@attrs.frozen
class Report:
    """The result of :func:`verify`: usable from pytest (``assert report.ok, report``)."""

    game: str
    variant: dict[str, Any]
    seed: int
    examples: int
    players: tuple[int, ...]
    #: games played to their end or to a failed check, and every position checked (shrinking a
    #: failure included; a game Hypothesis abandons part way, when its draws run out, is not
    #: counted, its positions are)
    games: int
    states: int
    seconds: float
    checks: tuple[str, ...]
    failure: Failure | None = None
    #: whether the costly checks ran on every position and game (``thorough=True``)
    thorough: bool = False
    #: what the run noticed without failing (``warning:flat-outcomes``), each with a game that shows it
    warnings: tuple[Notice, ...] = ()
    #: seconds spent inside the variant's hooks (``None``: the variant has none)
    hook_seconds: float | None = None

    @property
    def ok(self) -> bool:
        return self.failure is None

    @property
    def hook_share(self) -> float | None:
        """The share of the run's time spent inside the variant's hooks (``None``: it has none)."""
        if self.hook_seconds is None:
            return None
        return min(1.0, self.hook_seconds / self.seconds) if self.seconds > 0 else 0.0

    def notes(self) -> list[str]:
        """The warnings and the hooks' share of the time, a line each."""
        out = [f"warning [{w.check}]: {w.message}" + (f" (record: {w.path})" if w.path else "")
               for w in self.warnings]
        if self.hook_seconds is not None:
            out.append(hook_share_text(self.hook_seconds, self.seconds))
        return out

    def __str__(self) -> str:
        head = (
            f"{self.game} [{self.variant.get('name', '')}] seed {self.seed}: {self.games} games, "
            f"{self.states} positions, {self.seconds:.1f} s"
        )
        notes = "".join(f"; {line}" for line in self.notes())
        if self.failure is None:
            return f"{head}: all {len(self.checks)} checks passed{notes}"
        f = self.failure
        where = f" (record: {f.path})" if f.path else ""
        return (f"{head}: FAILED [{f.rule}] {f.check}: {f.message}, after {len(f.record.actions)} actions{where}"
                f"{notes}")

    def assert_ok(self) -> None:
        """Raise ``AssertionError`` with the failure if there is one."""
        if self.failure is not None:
            raise AssertionError(str(self))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game, "variant": self.variant, "seed": self.seed, "examples": self.examples,
            "players": list(self.players), "games": self.games, "states": self.states,
            "seconds": round(self.seconds, 3), "checks": list(self.checks), "ok": self.ok,
            "thorough": self.thorough, "warnings": [w.to_json() for w in self.warnings],
            "hook_seconds": None if self.hook_seconds is None else round(self.hook_seconds, 3),
        }
        if self.failure is not None:
            f = self.failure
            out["failure"] = {"check": f.check, "rule": f.rule, "message": f.message, "path": f.path,
                              "record": f.record.to_json()}
        return out


def _player_counts(variant: Variant, players: int | Sequence[int] | None) -> list[tuple[int, Variant]]:
    game = variant.game
    if players is None and variant.players_fixed:
        wanted: Sequence[int] = [variant.rules.players]
    elif players is None:
        wanted = list(game.player_counts)
    elif isinstance(players, int):
        wanted = [players]
    else:
        wanted = list(players)
    out = []
    for n in wanted:
        try:
            out.append((n, variant.at(n)))  # the values given per player count, for that count
        except RulebookError:
            if players is not None:
                raise
    if not out:
        raise RulebookError(f"the variant is valid for no player count of {game.slug}")
    return out


def _shares(examples: int, counts: int) -> list[int]:
    """``examples`` games shared out over ``counts`` player counts, at least one each.

    >>> _shares(100, 5), _shares(7, 3), _shares(1, 2)
    ([20, 20, 20, 20, 20], [3, 2, 2], [1, 1])
    """
    base, extra = divmod(examples, counts)
    return [max(1, base + (1 if i < extra else 0)) for i in range(counts)]


def plan(variant: Variant, examples: int, players: int | Sequence[int] | None = None) -> tuple[tuple[int, int], ...]:
    """``(player count, games)`` for each count :func:`verify` checks with these arguments.

    >>> import rulebook
    >>> from rulebook.variants.variant import Variant
    >>> game = rulebook.get_game("witches-of-blackmore")
    >>> plan(Variant(game, game.Rules()), 12)
    ((2, 3), (3, 3), (4, 2), (5, 2), (6, 2))
    """
    cases = _player_counts(variant, players)
    return tuple(zip((n for n, _share in cases), _shares(examples, len(cases)), strict=True))


def _count_seed(seed: int, players: int) -> int:
    """The Hypothesis seed of one player count's search (stable across runs and processes)."""
    return (seed * 1_000_003 + players) % 2**64


#: The format of ``verify``'s progress files (the header's ``format``).
CHECK_FORMAT = "rulebook-verify-progress/1"
_COUNT_KEYS = ("players", "games", "states", "boundary", "redrawn")


class CheckLog:
    """``verify``'s progress file: a header naming the run, then one JSON line per player count checked."""

    def __init__(self, path: Path, stream: Any, done: dict[int, dict[str, int]]) -> None:
        self.path = path
        self._stream = stream
        #: the counts already checked: ``players -> {"games", "states", "boundary", "redrawn"}``
        self.done = done

    @classmethod
    def start(cls, path: str | Path, run: dict[str, Any]) -> CheckLog:
        return cls(Path(path), start_file(path, CHECK_FORMAT, run), {})

    @classmethod
    def resume(cls, path: str | Path, run: dict[str, Any]) -> CheckLog:
        lines, stream = resume_lines(path, CHECK_FORMAT, run, "rulebook verify")
        counts = run["players"]
        done: dict[int, dict[str, int]] = {}
        for number, line in lines:
            try:
                entry = json.loads(line)
            except (ValueError, RecursionError):
                entry = None
            if (not isinstance(entry, dict) or sorted(entry) != sorted(_COUNT_KEYS)
                    or any(type(entry[k]) is not int or entry[k] < 0 for k in _COUNT_KEYS)
                    or entry["players"] not in counts):
                stream.close()
                raise ResumeError(str(path), f"expected the keys {', '.join(_COUNT_KEYS)} with whole numbers "
                                  "and a player count of this run", number)
            if entry["players"] in done:
                stream.close()
                raise ResumeError(str(path), f"{entry['players']} players are in the file twice", number)
            done[entry["players"]] = {k: entry[k] for k in _COUNT_KEYS[1:]}
        return cls(Path(path), stream, done)

    def write(self, players: int, states: int, games: int, boundary: int, redrawn: int) -> None:
        entry = {"players": players, "games": games, "states": states, "boundary": boundary, "redrawn": redrawn}
        try:
            self._stream.write(json.dumps(entry, separators=(",", ":")) + "\n")
            self._stream.flush()
        except OSError as exc:
            raise OutputError(str(self.path), reason(exc), "--progress") from None

    def close(self) -> None:
        try:
            self._stream.close()
        except OSError:
            pass


def verify(
    game: Game[Any, Any, Any] | str,
    rules: Any = None,
    *,
    examples: int = 100,
    seed: int = 0,
    players: int | Sequence[int] | None = None,
    boundary_every: int | None = None,
    save: str | Path | None = None,
    progress: Callable[[int], None] | None = None,
    thorough: bool = False,
    progress_file: str | Path | None = None,
    resume: str | Path | None = None,
) -> Report:
    """Check ``game`` under ``rules`` (a ``Rules`` value or a :class:`~rulebook.variants.variant.Variant`).

    Plays ``examples`` games chosen by Hypothesis with seed ``seed`` (the same
    arguments give the same games), over every supported player count the variant
    allows (or ``players``; a variant that fixes its count, ``Variant.players_fixed``, is
    checked at that count only), random and heuristic players mixed, and runs every
    check of :data:`CHECKS` plus the game's and the variant's invariants at every
    position, except the observation boundary (resampling, which costs far more than
    playing): by default it is checked for every seat at each game's first position,
    then at a seeded random sample of positions (one in :data:`SAMPLE`, one seat
    each); with ``thorough=True`` at every position for every seat, as is
    ``boundary_every=K`` at every ``K``-th position. On a
    failure the smallest failing game is kept as a record (saved to ``save``, a file
    or a directory, if given). ``progress`` is called after each game: with 1 for a game
    played to its end or to a failed check (shrinking a failure plays more games than
    ``examples``), 0 for one Hypothesis abandoned part way. The report's ``games`` counts
    the former, so a run that passes reports exactly ``examples`` games (fewer only if
    Hypothesis runs out of distinct ones).

    The games are shared out over the player counts (at least one each) and each
    count is searched on its own, with a seed drawn from ``seed`` and the count, so
    a count's games do not depend on the others. ``progress_file`` (JSON Lines,
    flushed) gets a header naming the run and one line per count checked;
    ``resume`` names such a file of an interrupted run: the counts it lists are not
    checked again, and the report equals an uninterrupted run's (bar the time).
    """
    try:
        from hypothesis import HealthCheck, Phase, Verbosity, given, settings
        from hypothesis import seed as hypothesis_seed
        from hypothesis import strategies as st
    except ImportError:  # pragma: no cover - depends on the installation
        raise RulebookError(f"verify needs hypothesis: {install_hint('verify')}") from None
    if isinstance(game, str):
        game = get_game(game)
    if isinstance(rules, Variant):
        variant = rules
    else:
        variant = Variant(game, rules if rules is not None else game.Rules())
    if examples < 1:
        raise RulebookError("--examples must be at least 1")
    if boundary_every is not None and (isinstance(boundary_every, bool) or not isinstance(boundary_every, int)
                                       or boundary_every < 1):
        raise RulebookError("--boundary-every must be a whole number of at least 1")
    every = boundary_every if boundary_every is not None else 1
    sample = 0 if thorough or boundary_every is not None else SAMPLE
    cases = _player_counts(variant, players)
    shares = _shares(examples, len(cases))
    run_header = {
        "command": "verify", "game": game.slug, "variant": variant.describe(), "seed": seed,
        "examples": examples, "players": [n for n, _case in cases], "thorough": thorough,
        "boundary_every": boundary_every,
    }
    log: CheckLog | None = None
    if resume is not None:
        log = CheckLog.resume(resume, run_header)
    elif progress_file is not None:
        log = CheckLog.start(progress_file, run_header)
    kinds_of = ("random", "heuristic")
    counter = [0, 0]  # positions, games
    redrawn = [0, 0]  # boundary checks, those in which a resample changed another seat's view
    # moves chosen (and shrunk) by Hypothesis; later ones by a drawn generator
    prefix = 200 if thorough else PREFIX
    choices: dict[int, Any] = {}
    outcomes = Outcomes()  # warning:flat-outcomes

    def run(data: st.DataObject, n: int, v: Variant) -> None:
        game_seed = data.draw(st.integers(0, 2**32 - 1))
        kinds = data.draw(st.tuples(*[st.sampled_from(kinds_of)] * n))
        rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
        check_rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
        # drawn by Hypothesis so that a failing replay shrinks towards replaying
        replay = not sample or data.draw(st.integers(0, REPLAY - 1)) == 0
        made = [0]

        def choose(k: int) -> int:
            made[0] += 1
            if made[0] <= prefix:
                strategy = choices.get(k)
                if strategy is None:
                    strategy = choices[k] = st.integers(0, k - 1)
                index: int = data.draw(strategy)
                return index
            return rng.randrange(k)

        positions = [0]
        played = 0
        try:
            end = play_checked(v, game_seed, kinds, choose, rng, every, positions, sample=sample,
                               check_rng=check_rng, replay=replay, redrawn=redrawn)
            played = 1
            outcomes.add(end, v.scores(end))
        except Violation:  # played up to a check that failed: a game checked
            played = 1
            raise
        finally:
            # every position checked counts, but only games played to their end: Hypothesis
            # also starts games it abandons part way, when its draws run out
            counter[0] += positions[0]
            counter[1] += played
            if progress is not None:
                progress(played)

    def searcher(n: int, v: Variant, share: int) -> Callable[[], None]:
        """The Hypothesis search of one player count: ``share`` games from its own seed."""

        @settings(
            max_examples=share, database=None, deadline=None, derandomize=False, report_multiple_bugs=False,
            suppress_health_check=list(HealthCheck), verbosity=Verbosity.quiet,
            phases=(Phase.explicit, Phase.generate, Phase.shrink),
        )
        @hypothesis_seed(_count_seed(seed, n))
        @given(data=st.data())
        def search(data: st.DataObject) -> None:
            run(data, n, v)

        return search

    start = time.perf_counter()
    hooks_before = hook_clock()
    failure: Failure | None = None
    done = log.done if log is not None else {}
    try:
        for (n, v), share in zip(cases, shares, strict=True):
            if n in done:
                counter[0] += done[n]["states"]
                counter[1] += done[n]["games"]
                redrawn[0] += done[n]["boundary"]
                redrawn[1] += done[n]["redrawn"]
                if progress is not None:
                    progress(done[n]["games"])
                continue
            before = (counter[0], counter[1], redrawn[0], redrawn[1])
            searcher(n, v, share)()
            if log is not None:
                log.write(n, counter[0] - before[0], counter[1] - before[1], redrawn[0] - before[2],
                          redrawn[1] - before[3])
    except Violation as v:
        failure = _failure(variant, v, seed)
    finally:
        if log is not None:
            log.close()
    if failure is None and counter[1] >= _REDRAW_GAMES and not redrawn[1] and _private(variant.rules):
        first = cases[0][1].game.new_game(cases[0][1].rules, seed=seed)
        failure = _failure(variant, Violation(
            "contract:observation-boundary", "contract:observation-boundary",
            f"no resample in {redrawn[0]} boundary checks of {counter[1]} games changed another seat's view "
            "(resample keeps the hidden cards instead of redrawing them)", first,
        ), seed)
    elapsed = time.perf_counter() - start
    hook_seconds = hook_clock() - hooks_before if variant.has_hooks else None
    # a run that failed, or resumed counts it did not play, says nothing of every game's outcome
    flat = outcomes.notice(variant.describe(), seed) if failure is None and not done else None
    if flat is not None and save is not None:
        flat = Outcomes.saved(flat, save, game.slug, seed)
    if failure is not None and save is not None:
        path = Path(save)
        if path.is_dir():
            path = path / f"verify-{game.slug}-seed{seed}.json"
        records.save(failure.record, path)
        failure = attrs.evolve(failure, path=str(path))
    return Report(
        game=game.slug, variant=variant.describe(), seed=seed, examples=examples,
        players=tuple(n for n, _share in cases), games=counter[1], states=counter[0], seconds=elapsed,
        checks=tuple(CHECKS), failure=failure, thorough=thorough, warnings=() if flat is None else (flat,),
        hook_seconds=hook_seconds,
    )


def _failure(variant: Variant, v: Violation, seed: int) -> Failure:
    meta: dict[str, Any] = {
        "failure": {"check": v.check, "rule": v.rule, "message": v.message},
        "variant": variant.describe(),
        "verify_seed": seed,
    }
    if v.action is not None:
        meta["failure"]["next_action"] = str(v.action)
    record = records.record_of(v.state, **meta)
    return Failure(v.check, v.rule, v.message, record)


@attrs.frozen
class Step:
    """One step of a replayed record: the action (``None`` for the initial state) and the state after it."""

    index: int
    seat: int | None
    action: str | None
    state: State[Any, Any]
    violation: Violation | None


def walk(record: records.Record, variant: Variant | None = None) -> Iterator[Step]:
    """Replay ``record`` step by step, checking each state with :func:`check_state`.

    ``variant`` supplies Python hooks (scores, floor, invariants) the record cannot
    carry; by default the record's rules alone are checked.
    """
    logic = variant.rules.logic if variant is not None and not variant.rules.logic.printed else None
    if variant is not None and variant.moves:  # the variant reads its own moves back
        states = iter_states(variant, record)
    else:
        states = records.iter_states(record, logic=logic)  # the variant's logic: a record never carries it
    first = next(states)
    game = type(first).GAME
    if variant is None:
        variant = Variant(game, first.rules)
    elif variant.rules != first.rules:
        variant = variant.with_rules(first.rules)

    def checked(i: int, seat: int | None, action: str | None, state: State[Any, Any]) -> Step:
        try:
            check_state(variant, state)
        except Violation as exc:
            return Step(i, seat, action, state, exc)
        return Step(i, seat, action, state, None)

    # the variant's play hooks are obeyed: each recorded move must be one they allow
    prev = variant.hooked(first)
    yield checked(0, None, None, prev)
    for i, engine_state in enumerate(states, 1):
        state = variant.hooked(engine_state)
        text = record.actions[i - 1]
        try:
            allowed = prev.is_terminal or parse_move(variant.moves, game, text, first.rules) in prev.legal_actions()
        except HookError as exc:
            yield Step(i, prev.current_player, text, state, Violation(exc.check, exc.check, str(exc), prev))
            return
        if not allowed or prev.is_terminal:
            why = "the game was over under the variant" if prev.is_terminal else "the variant's legal hook refuses it"
            yield Step(i, prev.current_player, text, state, Violation(
                "contract:legal-move", "contract:legal-move", f"{text}: {why}", prev))
            return
        # a seat that plays by a rule: the record keeps its move once; it must be the policy's
        rule = prev.hooks.rule_of(prev.current_player) if isinstance(prev, HookedState) else None
        if rule is not None:
            assert prev.current_player is not None
            expected = choose_move(rule, prev, prev.current_player)
            if str(expected) != text:
                yield Step(i, prev.current_player, text, state, Violation(
                    "contract:legal-move", "contract:legal-move", f"{text}: seat {prev.current_player + 1} plays "
                    f"by a rule ({rule.label}), whose move here is {expected}", prev))
                return
        yield checked(i, prev.current_player, text, state)
        prev = state
