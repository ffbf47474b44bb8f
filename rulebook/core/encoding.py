"""Shared machinery of the games' fast observation encoders (numpy-free).

Each game's ``observation`` module defines a ``TensorEncoder``: built once per
``Rules``, called with a state and a seat, it writes the seat's observation
tensor into a new ``array.array`` of 4-byte ints, equal entry by entry to
``state.observation_tensor(seat)``. ``rulebook.adapters.tensors`` hands that
buffer to numpy without a copy. The core library never needs numpy for this.

>>> buf = template(4, ones=[1], at=[3], values=[7])
>>> list(buf)
[0, 1, 0, 7]
>>> buf.itemsize
4
"""

from __future__ import annotations

import array
from typing import TYPE_CHECKING, Any

__all__ = ["I32", "Buffer", "BufferEncoder", "seat_error", "template"]

#: the ``array`` type code of a 4-byte C int: a tensor is written into an ``array.array``
#: of it (item assignment in C, no numpy index conversion) and handed over as a numpy
#: view of that buffer, with no copy
I32 = next(code for code in "ilh" if array.array(code).itemsize == 4)
if TYPE_CHECKING:
    Buffer = array.array[int]
else:
    Buffer = array.array


def template(size: int, ones: list[int], at: list[int], values: list[int]) -> Buffer:
    """``size`` zeros with ``ones`` set to 1 and ``at`` set to ``values`` (copied per call, never changed)."""
    out = array.array(I32, bytes(4 * size))
    for i in ones:
        out[i] = 1
    for i, v in zip(at, values, strict=True):
        out[i] = v
    return out


def seat_error(state: Any, seat: object) -> None:
    """Raise what the game's ``observation`` raises for a seat that is not one."""
    state.observation(seat)
    raise AssertionError(f"{seat!r} was refused by the encoder but accepted by observation")  # pragma: no cover


class BufferEncoder:
    """A game's fast encoder for one ``Rules``: ``encoder(state, seat)`` is the seat's tensor as a
    ``Buffer`` (an ``array.array`` of 4-byte ints), equal to ``state.observation_tensor(seat)``.

    Subclasses set ``rules`` and ``size`` in ``__init__(rules)`` and implement ``__call__``;
    each lists in its docstring the state fields it reads (the hidden-information audit).
    """

    rules: Any
    size: int

    def __call__(self, state: Any, seat: int) -> Buffer:
        raise NotImplementedError
