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
variant when the record is replayed (:func:`rulebook.variants.hooks.iter_states`). Such a move has no integer id:
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

from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from rulebook.core.contract import State
    from rulebook.variants.hooks import HookedState

__all__ = ["ADDED_MOVE", "VariantMove", "parse_move"]

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
