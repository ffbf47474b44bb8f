"""Observation tensors as numpy arrays, built from the state without an ``Observation``.

``encode(state, seat)`` equals ``np.asarray(state.observation_tensor(seat),
dtype=np.int32)`` exactly (same length, same values, ``int32``), for every game
and every state; the adapters hand it to agents. The reference
``observation_tensor`` builds the seat's whole ``Observation`` (trick records
included) and encodes it into a list; each game's own encoder
(``TensorEncoder`` in ``rulebook/games/<game>/observation.py``, returned by
``Game.tensor_encoder``) writes the same entries straight into a buffer of
4-byte ints from the state's fields, which this module views as a numpy array
without a copy. The encoders keep index tables
computed once per ``Rules``, and reuse the part of the tensor that every seat
sees alike (the *public template*) while the state's sub-tuple it comes from is
unchanged: states share their unchanged tuples (``new.board is old.board``
between two plays of one trick), so the template is rebuilt about once per
trick, not once per move.

**Hidden information.** The reference tensor is built from the observation
alone; these encoders read the state, which also holds what the seat may not
see. Each game's encoder lists the state fields it reads. The public template
reads only fields the game's ``observation`` copies for every seat alike; the
per-seat part reads the seat's own entries (``hands[seat]``, its bid, its
prophecy, its mission, its face-down plays) and, of the other seats, only what
``observation`` also shows (hand *sizes*, whether a seat has bid, a prophecy
once revealed, face-up plays). ``tests/adapters/test_fast_tensors.py`` checks
the result against the reference at every state and seat of random games and
random ``Rules``, and that :meth:`~rulebook.core.contract.State.resample` (which
redraws everything the seat cannot see) leaves the seat's tensor unchanged.

A game without its own encoder (``tensor_encoder`` returns ``None``) falls
back to the reference, converted once. numpy is needed (the ``pettingzoo`` and
``openspiel`` extras install it); the core library never imports this module.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from rulebook.adapters import _missing
from rulebook.registry import get_game

try:
    import numpy as np
except ImportError as exc:  # pragma: no cover - depends on the environment
    _missing("pettingzoo", exc, "tensors")
from rulebook.core.contract import State
from rulebook.core.encoding import BufferEncoder

__all__ = ["Encoder", "encode", "encoder"]

Array = np.ndarray[Any, np.dtype[np.int32]]
#: ``encoder(state, seat)``: the seat's tensor as a new ``int32`` array.
Encoder = Callable[[Any, int], Array]


def encode(state: State[Any, Any], seat: int) -> Array:
    """The observation tensor of ``seat`` at ``state``, as a new ``int32`` array.

    Equals ``np.asarray(state.observation_tensor(seat), dtype=np.int32)``; a
    ``seat`` that is not a seat of the game raises what ``observation`` raises.
    """
    return encoder(type(state).GAME.slug, state.rules)(state, seat)


@functools.lru_cache(maxsize=256)
def encoder(slug: str, rules: Any) -> Encoder:
    """The encoder of ``slug`` under ``rules`` (one per ``Rules``; call it with states of those rules)."""
    game = get_game(slug)  # fails with the list of known slugs
    fast = game.tensor_encoder(rules)
    out: _Encoder = _Fast(fast) if fast is not None else _Reference(rules)
    out.slug = slug
    return out


class _Encoder:
    """An encoder for one ``Rules``; copies and pickles come back as the shared one."""

    slug = ""
    rules: Any

    def __call__(self, state: Any, seat: int) -> Array:
        raise NotImplementedError

    def __reduce__(self) -> tuple[Callable[[str, Any], Encoder], tuple[str, Any]]:
        return (encoder, (self.slug, self.rules))


class _Reference(_Encoder):
    """The contract's tensor converted to ``int32`` (a game without a fast encoder)."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def __call__(self, state: Any, seat: int) -> Array:
        return _int32(state.observation_tensor(seat))


class _Fast(_Encoder):
    """A game's own :class:`~rulebook.core.encoding.BufferEncoder`, its buffer viewed as ``int32``."""

    def __init__(self, fast: BufferEncoder) -> None:
        self.rules = fast.rules
        self.fast = fast

    def __call__(self, state: Any, seat: int) -> Array:
        return np.frombuffer(self.fast(state, seat), dtype=np.int32)


def _int32(tensor: tuple[int, ...]) -> Array:
    """``tensor`` as a new ``int32`` array, equal to ``np.asarray(tensor, dtype=np.int32)``.

    Most tensors are 0/1 flags and small counts: ``bytes`` packs those in C,
    several times faster than numpy's element-by-element conversion; a value
    outside 0..255 (a score, say) makes ``bytes`` refuse and the general path runs.
    """
    try:
        packed = bytes(tensor)
    except ValueError:
        return np.array(tensor, dtype=np.int32)
    return np.frombuffer(packed, dtype=np.uint8).astype(np.int32)


