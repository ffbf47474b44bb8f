"""What a seat sees of a Witches of Blackmore position (WB-INFO-1), the redraw of what it
cannot see, and the observation tensor: its layout (:func:`observation_size`), the
reference encoding (:func:`encode_observation`) and the fast :class:`TensorEncoder`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from rulebook.core import render
from rulebook.core.contract import state_builder
from rulebook.core.encoding import Buffer, BufferEncoder, seat_error
from rulebook.core.encoding import template as _template
from rulebook.core.history import TrickRecord
from rulebook.core.model import HIDDEN, Content, mask_hands
from rulebook.core.visibility import ALL, TEAM

from .actions import REPLACING
from .rules import ASCENDING, DECK, Rules, tables

if TYPE_CHECKING:
    from .state import WitchesState

__all__ = ["Observation", "TensorEncoder", "encode_observation", "mask_observation", "observation", "observation_size",
           "resample", "with_zone_contents", "zone_contents"]


@attrs.frozen(slots=True)
class Observation:
    """What one seat sees (WB-INFO-1): its hand and everything public, with recall.

    The trick just won, while its winner decides on the replacement, is ``tricks[-1]``
    (with ``replacing`` true).
    """

    seat: int
    players: int
    wheel: str
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    #: per seat, the cards it holds that everybody saw it take (drawn from the trump stack)
    known_in_hands: tuple[tuple[int, ...], ...]
    pile_size: int
    trump_stack: tuple[int, ...]
    anchor: int
    trump_suit: int | None
    captured: tuple[tuple[int, ...], ...]
    leader: int
    #: the current trick as (seat, card), in play order
    trick: tuple[tuple[int, int], ...]
    current_player: int | None
    replacing: bool
    scores: tuple[int, ...]
    #: every finished trick of the game (all played face up, so public): see ``WitchesState.tricks``
    tricks: tuple[TrickRecord, ...] = ()
    #: under ``visible.hands = all`` (WB-INFO-2) every seat's hand, in seat order; else ``()``
    open_hands: tuple[tuple[int, ...], ...] = ()
    #: under ``visible.hands = team`` (WB-INFO-3) the hand of the seat's partner; else ``()``
    partner_hand: tuple[int, ...] = ()

    def __str__(self) -> str:
        """What this seat sees, as text (:func:`rulebook.core.render.observation_text`)."""
        return render.observation_text(self)

    def _repr_svg_(self) -> str:
        """What this seat sees, as SVG for Jupyter (:func:`rulebook.core.render.observation_svg`)."""
        return render.observation_svg(self)


def _check_seat(state: WitchesState, seat: object) -> int:
    """``seat`` if it is a real seat (an ``int``, not a bool, in range); else ``ValueError``."""
    n = state.rules.players
    if type(seat) is not int or not 0 <= seat < n:
        raise ValueError(f"seat: {seat!r} is not a seat of a {n}-player game (0..{n - 1})")
    return seat


def observation(state: WitchesState, seat: int) -> Observation:
    """Seat's view (WB-INFO-1): own hand; others' hand sizes; all played cards (WB-RULING-12)."""
    _check_seat(state, seat)
    return Observation(
        seat=seat,
        players=state.rules.players,
        wheel=state.rules.wheel,
        hand=state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        known_in_hands=state.known,
        pile_size=len(state.deck) - state.drawn,
        trump_stack=state.trumps,
        anchor=state.anchor,
        trump_suit=state.trump_suit,
        captured=state.captured,
        leader=state.leader,
        trick=tuple(zip(state.order, state.trick)),
        current_player=state.current_player,
        replacing=state.phase == REPLACING,
        scores=state.scores,
        tricks=state.tricks,
        open_hands=state.hands if state.rules.visible["hands"] == ALL else (),  # WB-INFO-2
        partner_hand=state.hands[partner(state.rules, seat)] if state.rules.visible["hands"] == TEAM else (),
    )


def partner(rules: Rules, seat: int) -> int:
    """The partner of ``seat`` under teams: the seat facing it, ``players/2`` on (WB-SCORE-4, WB-INFO-3)."""
    return (seat + rules.players // 2) % rules.players


_BUILDERS: dict[type[Any], Callable[..., Any]] = {}


def _builder(cls: type[Any]) -> Callable[..., Any]:
    """The state class's builder (:func:`~rulebook.core.contract.state_builder`), made once per class."""
    build = _BUILDERS.get(cls)
    if build is None:
        build = _BUILDERS[cls] = state_builder(cls)
    return build


def resample(state: WitchesState, seat: int, rng: random.Random) -> WitchesState:
    """Redeal what ``seat`` cannot see: other hands' unknown cards (none when every hand is open,
    WB-INFO-2; not the partner's under ``visible.hands = team``, WB-INFO-3) and the draw pile."""
    _check_seat(state, seat)
    board = state.board
    deck, drawn, known = board[0], board[1], board[6]
    real = state.hands
    seen = {seat}
    if not state.rules.visible.printed:
        if state.rules.visible["hands"] == ALL:
            real = ()  # WB-INFO-2: no hand is hidden; only the pile is redrawn
        elif state.rules.visible["hands"] == TEAM:
            seen.add(partner(state.rules, seat))  # WB-INFO-3: the partner's hand is seen, so kept
    hidden = list(deck[drawn:])
    for s, hand in enumerate(real):
        if s not in seen:
            k = known[s]
            hidden.extend([c for c in hand if c not in k] if k else hand)
    hidden.sort()  # from a canonical order: the real arrangement must not show through
    rng.shuffle(hidden)
    hands = list(real or state.hands)
    pos = 0
    for s, hand in enumerate(real):
        if s not in seen:
            k = known[s]
            end = pos + len(hand) - len(k)
            hands[s] = tuple(sorted(k + tuple(hidden[pos:end])))
            pos = end
    deck = deck[:drawn] + tuple(hidden[pos:])
    setup = state.setup.resampled(rng)  # the true deal must not survive in the setup
    out: WitchesState = _builder(type(state))(
        state.rules, setup, None, (deck, *board[1:]), tuple(hands), state.leader, state.order, state.trick,
        state._last_trick, state.phase, state.current_player,
    )
    return out


# -- the zones (rulebook.variants.zones: sights a variant sets beyond the engine's) ------


def zone_contents(state: WitchesState) -> tuple[Content, ...]:
    """WB-INFO-1: the zones that hold hidden or settable cards: each hand (the cards taken from the
    trump stack seen by all), the trick being played (each card put there by its player) and the draw
    pile, top first."""
    known = state.known
    out = [Content("hands", s, hand, (), known[s]) for s, hand in enumerate(state.hands)]
    out.append(Content("trick", None, state.trick, state.order[: len(state.trick)]))
    out.append(Content("pile", None, state.deck[state.drawn:]))
    return tuple(out)


def with_zone_contents(state: WitchesState, contents: tuple[Content, ...]) -> WitchesState:
    """``state`` with the hands, the trick and the pile of ``contents`` (hands kept in order)."""
    hands = list(state.hands)
    trick = state.trick
    board = state.board
    deck = board[0]
    for c in contents:
        if c.zone == "hands":
            assert c.owner is not None
            hands[c.owner] = tuple(sorted(c.items))
        elif c.zone == "trick":
            trick = c.items
        elif c.zone == "pile":
            deck = deck[: board[1]] + c.items
    out: WitchesState = _builder(type(state))(
        state.rules, state.setup, state.log, (deck, *board[1:]), tuple(hands), state.leader, state.order, trick,
        state._last_trick, state.phase, state.current_player,
    )
    return out


def mask_observation(obs: Observation, hidden: tuple[tuple[str, int | None, int], ...]) -> Observation:
    """``obs`` with the trick's cards at the ``hidden`` places face down (WB-INFO-4) and the hands' cards
    there unseen, in the seat's own hand, the open hands and the partner's (WB-INFO-2, WB-INFO-3): each
    reads :data:`~rulebook.core.model.HIDDEN`."""
    obs = mask_hands(obs, hidden, (obs.seat + obs.players // 2) % obs.players)
    masked = {i for zone, _owner, i in hidden if zone == "trick"}
    if not masked:
        return obs
    return attrs.evolve(obs, trick=tuple((s, HIDDEN if i in masked else c) for i, (s, c) in enumerate(obs.trick)))


# -- the observation tensor -------------------------------------------------------------


def observation_size(rules: Rules) -> int:
    """``4·54 + 11 + P·(3·54 + 5) + 2`` entries (the layout is in the game's docs page)."""
    n, c = rules.players, DECK.size
    return 4 * c + 9 + 2 + n * (3 * c + 5) + 2


def encode_observation(rules: Rules, obs: Observation) -> tuple[int, ...]:
    """The tensor of an :class:`Observation` (WB-INFO-1); layout in the docs page."""
    n, c = rules.players, DECK.size
    out = [0] * observation_size(rules)
    for card in obs.hand:
        if card != HIDDEN:  # a card of its own hand a variant's sight hides from the seat
            out[card] = 1
    for card in obs.trump_stack:
        out[c + card] = 1
    if obs.trump_stack:
        out[2 * c + obs.trump_stack[-1]] = 1
    if obs.replacing and obs.tricks:  # the trick just won, while its winner decides
        for card in obs.tricks[-1].cards:
            out[3 * c + card] = 1
    base = 4 * c
    out[base + obs.anchor - 1] = 1
    out[base + 9] = obs.pile_size
    out[base + 10] = int(obs.replacing)
    base += 11
    trick = dict(obs.trick)
    for seat in range(n):
        row = base + seat * (3 * c + 5)
        for card in obs.captured[seat]:
            out[row + card] = 1
        for card in obs.known_in_hands[seat]:
            out[row + c + card] = 1
        if trick.get(seat, HIDDEN) != HIDDEN:  # WB-INFO-4: a face-down card is not encoded
            out[row + 2 * c + trick[seat]] = 1
        out[row + 3 * c] = obs.hand_sizes[seat]
        out[row + 3 * c + 1] = obs.scores[seat]
        out[row + 3 * c + 2] = int(seat == obs.leader)
        out[row + 3 * c + 3] = int(seat == obs.current_player)
        out[row + 3 * c + 4] = int(seat == obs.seat)
    out[-2] = int(obs.current_player is None)
    out[-1] = int(obs.wheel == ASCENDING)
    return tuple(out)


class TensorEncoder(BufferEncoder):
    """WB-INFO-1. Reads ``board`` (public: the trump stack, anchor, captured piles, the cards
    each seat is known to hold, the pile's *length*), ``hands`` (the seat's own, and the
    others' lengths), ``leader``, ``order``, ``trick``, ``_last_trick``, ``phase``,
    ``current_player``."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.n = n = rules.players
        self.c = c = DECK.size
        self.size = observation_size(rules)
        self.rank = tables(rules).points  # WB-SCORE-1, WB-SCORE-3
        self.replacing = REPLACING
        self.ascending = rules.wheel == ASCENDING
        self.row = 4 * c + 11  # the first seat row
        self.width = 3 * c + 5
        self.sizes = [self.row + s * self.width + 3 * c for s in range(n)]
        self.cache: tuple[Any, Buffer | None] = (None, None)

    def public(self, board: Any) -> Buffer:
        deck, drawn, trumps, anchor, captured, _, known = board[:7]
        c, row, width = self.c, self.row, self.width
        ones = [c + t for t in trumps]
        if trumps:
            ones.append(2 * c + trumps[-1])
        ones.append(4 * c + anchor - 1)
        at = [4 * c + 9]
        values = [len(deck) - drawn]
        rank = self.rank
        extra = (0,) * self.n if board[9] is None else board[9][0]  # WB-LOGIC-2: the variant's points
        for s in range(self.n):
            base = row + s * width
            ones += [base + x for x in captured[s]]
            ones += [base + c + x for x in known[s]]
            at.append(base + 3 * c + 1)
            values.append(sum(rank[x] for x in captured[s]) + extra[s])
        if self.ascending:
            ones.append(self.size - 1)
        return _template(self.size, ones, at, values)

    def __call__(self, state: Any, seat: int) -> Buffer:
        if type(seat) is not int or not 0 <= seat < self.n:
            seat_error(state, seat)
        board = state.board
        key, template = self.cache
        if key is not board or template is None:
            template = self.public(board)
            self.cache = (board, template)
        out = template[:]
        c, row, width = self.c, self.row, self.width
        hands = state.hands
        for x in hands[seat]:
            out[x] = 1
        for x in state._last_trick:
            out[3 * c + x] = 1
        if state.phase == self.replacing:
            out[4 * c + 10] = 1
        for s, card in zip(state.order, state.trick):
            out[row + s * width + 2 * c + card] = 1
        out[row + state.leader * width + 3 * c + 2] = 1
        player = state.current_player
        out[self.size - 2 if player is None else row + player * width + 3 * c + 3] = 1
        out[row + seat * width + 3 * c + 4] = 1
        for at, h in zip(self.sizes, hands):
            out[at] = len(h)
        return out
