"""Moves a variant adds: moves the printed rules forbid, and move kinds of the variant's own.

A variant's ``legal`` hook (:mod:`rulebook.variants.hooks`) returns the moves the house rule
allows. Besides some of the engine's moves it may return:

*moves of the game's own kinds that the engine does not list* (moves the printed rules forbid):
    the variant's state asks the engine to apply them as it applies its own; where the engine
    refuses one (its ``apply`` raises :class:`~rulebook.IllegalAction`), that is a
    :class:`~rulebook.variants.hooks.HookError` (``contract:added-move``) naming the move and the
    rule that refuses it.

*moves of a kind of the variant's own*: a subclass of :class:`VariantMove` (a frozen attrs class
with a text form, ``__str__``, and ``parse`` reading it back), with an ``apply(state, move)``
function returning the engine's next state (a new one, for example with ``attrs.evolve``), and
``bound(rules)``, the most times the move may be made in one game (``verify``'s termination
check adds it to the game's own bound). The variant names its kinds: ``Variant(...,
moves=(Swap,))``. The move is written in the record of play by its text, and read back by the
variant when the record is replayed (:func:`iter_states`). Such a move has no integer id:
``legal_action_ids`` and the tensor players see only the engine's moves.

*one move only*: a compulsory move. A ``legal`` hook that returns one move when a situation
arises makes it compulsory there (for example "a player holding the 1 of the trump colour must
lead it").

``verify`` checks added moves as it checks the engine's own: the game's invariants (card
conservation) on every state they make, termination within the game's bound plus theirs, the
score floor, and the observation boundary (a state made by a variant move is resampled like any
other).

The worked example is ``docs/examples/discard_to_the_pile.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from rulebook.core.contract import log_push
from rulebook.errors import IllegalAction, InvalidRecord, RulebookError

if TYPE_CHECKING:
    from rulebook.core.contract import State
    from rulebook.reference.records import Record
    from rulebook.variants.hooks import HookedState
    from rulebook.variants.variant import Variant

__all__ = ["ADDED_MOVE", "VariantMove", "apply_added", "iter_states", "parse_move"]

#: The contract check an added move breaks when the engine refuses it or its apply fails.
ADDED_MOVE = "contract:added-move"


class VariantMove:
    """A move of a variant's own kind. Subclass it as a frozen attrs class and define:

    ``__str__``
        its text form, as the record of play keeps it (distinct from every text of the game's moves);
    ``parse(text)`` (a classmethod)
        the move of that text, or ``None`` when the text is not one of this kind's;
    ``apply(state, move)`` (a staticmethod)
        the engine's next state after ``move`` at ``state`` (the variant's state; the engine's is
        ``state.inner``), a new state: the wrapper then adds the move to its history;
    ``bound(rules)`` (a classmethod)
        the most times the move may be made in one game.
    """

    #: a short name of the kind, named when its apply fails
    KIND: ClassVar[str] = "variant move"

    @classmethod
    def parse(cls, text: str) -> VariantMove | None:
        raise NotImplementedError

    @staticmethod
    def apply(state: HookedState, move: Any) -> State[Any, Any]:
        raise NotImplementedError

    @classmethod
    def bound(cls, rules: Any) -> int:
        raise NotImplementedError


def parse_move(kinds: tuple[type[VariantMove], ...], game: Any, text: str, rules: Any) -> Any:
    """The move whose text is ``text``: one of the variant's kinds if one reads it, else the game's."""
    for kind in kinds:
        move = kind.parse(text)
        if move is not None:
            return move
    return game.parse_action(text, rules)


def apply_added(state: HookedState, action: Any) -> State[Any, Any]:
    """The engine's next state after ``action``, a move the engine does not list at ``state``: a move of
    the variant's own kind (its apply), or of the game's kind (the engine's apply, which may refuse it)."""
    from rulebook.variants.hooks import HookError, call_hook

    hooks = state.hooks
    inner = state.inner
    if isinstance(action, VariantMove):
        kind = type(action)
        where = (f"{kind.KIND} apply", hooks.source, state._position)
        nxt = call_hook(kind.apply, *where, state, action)
        if type(nxt) is not type(inner):
            raise HookError(ADDED_MOVE, f"returned a {type(nxt).__name__} for {str(action)[:60]}, not the "
                            f"engine's next state (a {type(inner).__name__})", *where)
        if nxt is inner:
            raise HookError(ADDED_MOVE, f"returned the same state for {str(action)[:60]}: return a new one",
                            *where)
        return attrs.evolve(nxt, log=log_push(inner.log, action))  # type: ignore[misc]
    try:
        return inner.apply(action)
    except IllegalAction as exc:
        raise HookError(ADDED_MOVE, f"added {action}, which the engine refuses: {exc}", "legal", hooks.source,
                        state._position) from None


def iter_states(variant: Variant, record: Record) -> Iterator[State[Any, Any]]:
    """The engine's states of ``record`` under ``variant``, from the first: each recorded move read by the
    variant's kinds first, then the game's, and applied as the variant applies it (a move the engine
    lists by the engine, any other as an added move). A fault is an :class:`~rulebook.InvalidRecord`."""
    from rulebook.core.options import rules_from_mapping
    from rulebook.variants.hooks import HookError, hooked_state

    game = variant.game
    try:
        rules = rules_from_mapping(game.Rules, record.rules)
        rules = attrs.evolve(rules, logic=variant.rules.logic)
        state = game.new_game(rules, seed=record.seed, deals=record.deals or None)
    except (RulebookError, ValueError) as exc:
        raise InvalidRecord(f"bad rules or deals: {exc}") from None
    yield state
    kinds = variant.moves
    for i, text in enumerate(record.actions):
        if state.is_terminal:
            raise InvalidRecord(f"{text!r} comes after the end of the game", i)
        try:
            action = parse_move(kinds, game, text, rules)
            if isinstance(action, VariantMove) or action not in state.legal_actions():
                state = apply_added(hooked_state(state, variant.play_hooks), action)
            else:
                state = state.apply(action)
        except (RulebookError, ValueError, HookError) as exc:
            raise InvalidRecord(f"{text!r}: {exc}", i) from None
        yield state
