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

from rulebook import render
from rulebook.core.history import TrickRecord
from rulebook.i18n import _
from rulebook.render._board import Board, register_views, seat_name

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
    title = f"{GAME.title} · {players} players · {wheel} wheel"
    if seat is not None:
        title += f" · seen by {seat_name(seat)}"
    b = Board(GAME, rules, title)
    b.head(v.current_player, v.scores, winners)
    if v.current_player is None:
        b.line(_("now: {what}").format(what=_("the game is over")))
    elif replacing:
        b.line(_("now: {what}").format(what=_(
            "{seat} won the trick and may lay one of its cards on the trump stack").format(
                seat=_("seat {n}").format(n=v.current_player + 1))))
    else:
        b.line(_("now: {what}").format(what=_("play any card (the leader's colour need not be followed)")))
    stack = v.trumps if isinstance(v, WitchesState) else v.trump_stack
    suit = DECK.suits[DECK.suit_of[stack[-1]]][0] if stack else None
    order = wheel_order(v.anchor, wheel)
    centre = f"{suit} is trump" if suit else "no trump"
    b.wheel(f"the witches' wheel, {wheel} side, aligned to {v.anchor}: strongest first, clockwise",
            [str(n) for n in order], 0, centre, render.suit_colour(suit, DECK.suit_of[stack[-1]]) if suit else "#555")
    b.cards("trump stack (bottom first; the top card is the trump)", list(stack),
            marks={len(stack) - 1: "the trump"} if stack else {}, empty="(empty: no trump colour)")
    count = len(pile) if isinstance(pile, tuple) else pile
    shown = f", top first: {DECK.texts(pile)}" if isinstance(pile, tuple) and pile else ""
    b.line(f"draw pile: {count} card{'' if count == 1 else 's'}{shown}")
    if trick:
        b.cards("current trick", [c for _, c in trick], seats=[s for s, _ in trick])
    if tricks:
        t = tricks[-1]
        won = [i for i, (p, _) in enumerate(t.plays) if p == t.winner]
        b.cards(f"last trick (trick {t.number + 1}), won by {seat_name(t.winner)}", [c for _, c in t.plays],
                seats=[p for p, _ in t.plays], marks={i: "wins the trick" for i in won})
    elif replacing and just_won:
        b.cards("the trick just won", list(just_won))
    for s in range(players):
        b.cards(f"captured by {seat_name(s)} ({v.scores[s]} points)", list(v.captured[s]))
    for s in range(players):
        if s in hands:
            b.cards(f"hand of {seat_name(s)}", list(hands[s]), empty="(empty)")
        elif sizes[s]:
            seen = list(known[s])
            label = f"hand of {seat_name(s)} ({sizes[s]} cards" + (", some taken from the trump stack" if seen else "")
            b.cards(label + ")", [*seen, *([None] * (sizes[s] - len(seen)))])
    if legal:
        b.line("legal: " + ", ".join(legal))
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
    return _board(obs, obs.seat, rules, wheel=obs.wheel, hands={obs.seat: obs.hand}, known=obs.known_in_hands,
                  sizes=obs.hand_sizes, pile=obs.pile_size, trick=obs.trick, replacing=obs.replacing,
                  tricks=tuple(getattr(obs, "tricks", ())), just_won=(), winners=winners, legal=legal or [])


def _view(state: WitchesState, seat: int | None) -> Board:
    if seat is None:
        return _from_state(state)
    legal = [str(a) for a in state.legal_actions()] if state.current_player == seat else []
    winners = tuple(state.winners) if state.is_terminal else None
    return _from_observation(state.observation(seat), state.rules, legal, winners)


state_text, state_svg, observation_text, observation_svg = register_views(
    GAME.slug, Observation, _view, _from_observation
)
