"""The UTSUKE board: the lord's row (and the young lord's) with the trump, the honour and
execution chips, the bids, the tricks taken, the trick, the hands; as text and as SVG, for a
state or a seat's view.

A seat's view is drawn from :meth:`~rulebook.games.utsuke.UtsukeState.observation` only: its
own hand and bid, whether the others have bid (their bids stay hidden until the reveal), and
what is public (the NPC rows, the tricks, the chips, earlier rounds' results).
"""

from __future__ import annotations

from typing import Any

from rulebook.core import render
from rulebook.core.history import TrickRecord
from rulebook.core.model import HIDDEN
from rulebook.core.render._board import Board, register_views, seat_name, seat_observation
from rulebook.i18n import N_, _, ngettext

from .game import GAME
from .observation import Observation
from .rules import DECK, HONOUR_ENDING, ROUNDS
from .state import UtsukeState

__all__ = ["observation_svg", "observation_text", "state_svg", "state_text"]

HONOUR, CHIP, NPC = "#b8860b", "#b71c1c", "#4e342e"


def _place(place: object, players: int) -> str:
    """A place's name in the language shown: seats by number from 1, the NPCs by name (older
    engines give NPC places as ints)."""
    if type(place) is int and place >= players:
        return _(_NPC_WORDS[("lord", "young lord")[place - players]])
    if isinstance(place, str):
        return _(_NPC_WORDS[place]) if place in _NPC_WORDS else place
    return seat_name(place)


#: The non-player characters' names, marked for the catalog.
_NPC_WORDS = {"lord": N_("lord"), "young lord": N_("young lord")}


def _goals(rules: Any) -> tuple[str, str]:
    """The labels of the honour and the execution chips, with the counts that win and lose under ``rules``
    (UT-END-1, UT-END-2; none when that ending is off, UT-END-6 and UT-LOGIC-3), or without a count
    when the rules are not known (an observation drawn on its own)."""
    honour, chips = _("honour (誉)"), _("execution chips (打ち首)")
    if rules is None:
        return honour, chips
    if rules.end != ROUNDS and HONOUR_ENDING not in rules.endings_off:
        honour = _("honour (誉; {n} wins)").format(n=rules.honour_to_win)
    if rules.chips_lose:
        chips = ngettext("execution chips (打ち首; {n} loses)", "execution chips (打ち首; {n} lose)",
                         rules.chips_to_lose).format(n=rules.chips_to_lose)
    return honour, chips


def _board(obs: Observation, seat: int | None, *, hands: dict[int, tuple[int, ...]], bids: tuple[int, ...] | None,
           winners: tuple[int, ...] | None, legal: list[str], rules: Any = None) -> Board:
    n = obs.players
    title = _("{game} · round {n} · {players} players").format(game=_(GAME.title), n=obs.round + 1, players=n)
    if seat is not None:
        title = _("{title} · seen by {seat}").format(title=title, seat=seat_name(seat))
    b = Board(GAME, None, title)
    b.head(obs.current_player, obs.honour, winners)
    if obs.current_player is None:
        b.line(_("now: {what}").format(what=_("the game is over")))
    elif obs.bidding:
        b.line(_("now: {what}").format(what=_("the players bid, in secret, how many tricks the lord will take")))
    else:
        b.line(_("now: {what}").format(what=_("trick {n}; {who} leads").format(
            n=sum(obs.won) + 1, who=_place(obs.leader, n))))
    nxt = (obs.lord_before - 1) % n
    between = (_("the lord sits between {a} and {b}; the young lord sits opposite") if obs.young_row
               else _("the lord sits between {a} and {b}"))
    b.line(between.format(a=seat_name(nxt), b=seat_name(obs.lord_before)))
    if obs.trump >= 0:
        suit = DECK.suits[obs.trump][0]
        b.chips(_("trump chip (on the lord's rightmost card; it moves after a trick in which that card was played)"),
                [(_("trump: {suit}").format(suit=_(suit)), render.suit_colour(suit, obs.trump))])
    if HIDDEN in obs.lord_row:  # UT-RULING-23: face down but the card under the chip
        b.cards(_("the lord's row (face down but the card under the chip, leftmost first)"),
                [None if c == HIDDEN else c for c in obs.lord_row], empty=_("(empty)"))
    else:
        b.cards(_("the lord's row (face up, leftmost first)"), list(obs.lord_row), empty=_("(empty)"))
    if obs.young_row:
        b.cards(_("the young lord's row (face up, leftmost first; no chip)"), list(obs.young_row), empty=_("(empty)"))
    honour, chips = _goals(rules)
    b.chips(honour, [(_("{seat}: {count}").format(seat=seat_name(s), count=h), HONOUR)
                     for s, h in enumerate(obs.honour)])
    b.chips(chips, [(_("{seat}: {count}").format(seat=seat_name(s), count=c), CHIP) for s, c in enumerate(obs.chips)])
    if bids is not None:
        shown = [_("{seat} {bid}").format(seat=seat_name(s), bid="-" if x < 0 else x) for s, x in enumerate(bids)]
    else:
        shown = []
        for s in range(n):
            if s == seat:
                bid: object = "-" if obs.own_bid < 0 else obs.own_bid
            else:
                bid = _("hidden") if obs.has_bid[s] else "-"
            shown.append(_("{seat} {bid}").format(seat=seat_name(s), bid=bid))
    b.line(_("bids: {bids}").format(bids="  ".join(shown)))
    b.chips(_("tricks taken this round"),
            [(_("{seat}: {count}").format(seat=_place(p, n), count=w), NPC if p >= n else "#455a64")
             for p, w in enumerate(obs.won)])
    if obs.trick:
        b.cards(_("current trick"), [c for _p, c in obs.trick], seats=[_place(p, n) for p, _c in obs.trick])
    records = [t for t in obs.tricks if isinstance(t, TrickRecord)]
    if records:
        t = records[-1]
        won = [i for i, (p, _c) in enumerate(t.plays) if p == t.winner]
        b.cards(_("last trick (trick {n} of the game), won by {seat}").format(n=t.number + 1, seat=_place(t.winner, n)),
                [c for _p, c in t.plays], seats=[_place(p, n) for p, _c in t.plays],
                marks={i: _("wins the trick") for i in won})
    for rnd in obs.rounds:
        b.line(_("round {n}: bids {bids}; the lord took {lord}; tricks {tricks}").format(
            n=rnd.number + 1, bids=" ".join(map(str, rnd.bids)), lord=rnd.lord_tricks,
            tricks=" ".join(_("{seat} {points}").format(seat=seat_name(s), points=rnd.won[s]) for s in range(n))))
    for s in range(n):
        if s in hands:
            b.cards(_("hand of {seat}").format(seat=seat_name(s)), [None if c == HIDDEN else c for c in hands[s]],
                    empty=_("(empty)"))  # a card a variant's sight hides: face down
        elif obs.hand_sizes[s]:
            b.cards(_("hand of {seat} ({n} cards)").format(seat=seat_name(s), n=obs.hand_sizes[s]),
                    [None] * obs.hand_sizes[s])
    if legal:
        b.legal(legal, 16)
    return b


def _from_observation(obs: Observation, rules: Any = None) -> Board:
    return _board(obs, obs.seat, hands=_seen(obs), bids=obs.open_bids or None, winners=None, legal=[], rules=rules)


def _seen(obs: Observation) -> dict[int, tuple[int, ...]]:
    """The hands a seat sees: its own, every hand when hands are open (UT-INFO-2), and its partner's
    under ``visible.hands = team`` (UT-INFO-4: the seat facing it)."""
    hands = dict(enumerate(obs.open_hands)) if obs.open_hands else {obs.seat: obs.hand}
    if obs.partner_hand:
        hands[(obs.seat + 2) % 4] = obs.partner_hand
    return hands


def _view(state: UtsukeState, seat: int | None) -> Board:
    n = state.rules.players
    winners = tuple(state.winners) if state.is_terminal else None
    if seat is None:  # the public facts from any seat's view, with every hand and bid
        obs = seat_observation(state, 0)
        legal = [str(a) for a in state.legal_actions()]
        return _board(obs, None, hands={s: state.hands[s] for s in range(n)}, bids=tuple(state.bids),
                      winners=winners, legal=legal, rules=state.rules)
    legal = [str(a) for a in state.legal_actions()] if state.current_player == seat else []
    obs = seat_observation(state, seat)
    return _board(obs, seat, hands=_seen(obs), bids=obs.open_bids or None, winners=winners, legal=legal,
                  rules=state.rules)


state_text, state_svg, observation_text, observation_svg = register_views(
    GAME.slug, Observation, _view, _from_observation
)
