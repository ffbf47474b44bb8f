"""The Witches of Blackmore board: the witches' wheel at its side and anchor, the trump
stack, the draw pile, the trick, the captured cards, the hands; as text and as SVG, for a
state or a seat's view.

A seat's view is drawn from
:meth:`~rulebook.games.witches_of_blackmore.WitchesState.observation` only: its own hand,
the cards others are publicly known to hold (taken from the trump stack), and what lies
face up; the other cards in hands and the draw pile are drawn as backs or counted.
"""

from __future__ import annotations

from typing import Any

from rulebook.core import render
from rulebook.core.history import TrickRecord
from rulebook.core.model import HIDDEN
from rulebook.core.render._board import Board, register_views, seat_name, seat_observation
from rulebook.i18n import _, ngettext

from .actions import REPLACING
from .game import GAME
from .observation import Observation
from .rules import DECK, wheel_order
from .state import WitchesState

__all__ = ["observation_svg", "observation_text", "state_svg", "state_text"]


def _board(v: Any, seat: int | None, rules: Any, *, wheel: str, hands: dict[int, tuple[int, ...]],
           known: tuple[tuple[int, ...], ...], sizes: tuple[int, ...], pile: int | tuple[int, ...],
           trick: tuple[tuple[int, int], ...], replacing: bool, tricks: tuple[TrickRecord, ...],
           just_won: tuple[int, ...], winners: tuple[int, ...] | None, legal: list[str]) -> Board:
    players = len(v.scores)
    title = _("{game} · {n} players · {wheel} wheel").format(game=_(GAME.title), n=players, wheel=_(wheel))
    if seat is not None:
        title = _("{title} · seen by {seat}").format(title=title, seat=seat_name(seat))
    b = Board(GAME, rules, title)
    b.head(v.current_player, v.scores, winners)
    if v.current_player is None:
        b.line(_("now: {what}").format(what=_("the game is over")))
    elif replacing:
        b.line(_("now: {what}").format(what=_(
            "{seat} won the trick and may lay one of its cards on the trump stack").format(
                seat=seat_name(v.current_player))))
    else:
        b.line(_("now: {what}").format(what=_("play any card (the leader's colour need not be followed)")))
    stack = v.trumps if isinstance(v, WitchesState) else v.trump_stack
    suit = DECK.suits[DECK.suit_of[stack[-1]]][0] if stack else None
    order = wheel_order(v.anchor, wheel)
    centre = _("{suit} is trump").format(suit=_(suit)) if suit else _("no trump")
    b.wheel(_("the witches' wheel, {wheel} side, aligned to {anchor}: strongest first, clockwise").format(
                wheel=_(wheel), anchor=v.anchor),
            [str(n) for n in order], 0, centre, render.suit_colour(suit, DECK.suit_of[stack[-1]]) if suit else "#555")
    b.cards(_("trump stack (bottom first; the top card is the trump)"), list(stack),
            marks={len(stack) - 1: _("the trump")} if stack else {}, empty=_("(empty: no trump colour)"))
    count = len(pile) if isinstance(pile, tuple) else pile
    if isinstance(pile, tuple) and pile:
        b.line(ngettext("draw pile: {n} card, top first: {cards}", "draw pile: {n} cards, top first: {cards}",
                        count).format(n=count, cards=DECK.texts(pile)))
    else:
        b.line(ngettext("draw pile: {n} card", "draw pile: {n} cards", count).format(n=count))
    if trick:  # WB-INFO-4: a card laid face down is drawn face down
        b.cards(_("current trick"), [None if c == HIDDEN else c for _s, c in trick], seats=[s for s, _c in trick])
    if tricks:
        t = tricks[-1]
        won = [i for i, (p, _c) in enumerate(t.plays) if p == t.winner]
        b.cards(_("last trick (trick {n}), won by {seat}").format(n=t.number + 1, seat=seat_name(t.winner)),
                [c for _p, c in t.plays], seats=[p for p, _c in t.plays], marks={i: _("wins the trick") for i in won})
    elif replacing and just_won:
        b.cards(_("the trick just won"), list(just_won))
    for s in range(players):
        b.cards(_("captured by {seat} ({points} points)").format(seat=seat_name(s), points=v.scores[s]),
                list(v.captured[s]))
    for s in range(players):
        if s in hands:
            b.cards(_("hand of {seat}").format(seat=seat_name(s)), [None if c == HIDDEN else c for c in hands[s]],
                    empty=_("(empty)"))  # a card a variant's sight hides: face down
        elif sizes[s]:
            seen = list(known[s])
            label = (_("hand of {seat} ({n} cards, some taken from the trump stack)") if seen
                     else _("hand of {seat} ({n} cards)"))
            b.cards(label.format(seat=seat_name(s), n=sizes[s]), [*seen, *([None] * (sizes[s] - len(seen)))])
    if legal:
        b.legal(legal)
    return b


def _state_tricks(state: WitchesState) -> tuple[TrickRecord, ...]:
    try:
        return tuple(state.tricks)
    except NotImplementedError:  # an engine without a record of tricks
        return ()


def _from_state(state: WitchesState) -> Board:
    legal = [str(a) for a in state.legal_actions()]
    return _board(state, None, state.rules, wheel=state.rules.wheel, hands=dict(enumerate(state.hands)),
                  known=state.known, sizes=tuple(map(len, state.hands)), pile=tuple(state.deck[state.drawn:]),
                  trick=tuple(zip(state.order, state.trick)), replacing=state.phase == REPLACING,
                  tricks=_state_tricks(state), just_won=state._last_trick, winners=tuple(state.winners), legal=legal)


def _from_observation(obs: Observation, rules: Any = None, legal: list[str] | None = None,
                      winners: tuple[int, ...] | None = None) -> Board:
    hands = dict(enumerate(obs.open_hands)) if obs.open_hands else {obs.seat: obs.hand}  # WB-INFO-2
    if obs.partner_hand:  # WB-INFO-3: the partner facing the seat shows its hand
        n = len(obs.hand_sizes)
        hands[(obs.seat + n // 2) % n] = obs.partner_hand
    return _board(obs, obs.seat, rules, wheel=obs.wheel, hands=hands, known=obs.known_in_hands,
                  sizes=obs.hand_sizes, pile=obs.pile_size, trick=obs.trick, replacing=obs.replacing,
                  tricks=tuple(getattr(obs, "tricks", ())), just_won=(), winners=winners, legal=legal or [])


def _view(state: WitchesState, seat: int | None) -> Board:
    if seat is None:
        return _from_state(state)
    legal = [str(a) for a in state.legal_actions()] if state.current_player == seat else []
    winners = tuple(state.winners) if state.is_terminal else None
    return _from_observation(seat_observation(state, seat), state.rules, legal, winners)


state_text, state_svg, observation_text, observation_svg = register_views(
    GAME.slug, Observation, _view, _from_observation
)
