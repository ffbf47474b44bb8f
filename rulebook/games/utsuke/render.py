"""The UTSUKE board: the lord's row (and the young lord's) with the trump, the honour and
execution chips, the bids, the tricks taken, the trick, the hands; as text and as SVG, for a
state or a seat's view.

A seat's view is drawn from :meth:`~rulebook.games.utsuke.UtsukeState.observation` only: its
own hand and bid, whether the others have bid (their bids stay hidden until the reveal), and
what is public (the NPC rows, the tricks, the chips, earlier rounds' results).
"""

from __future__ import annotations

from rulebook import render
from rulebook.core.history import TrickRecord
from rulebook.i18n import N_, _
from rulebook.render._board import Board, register_views, seat_name

from .game import GAME
from .observation import Observation
from .rules import DECK
from .state import UtsukeState

__all__ = ["observation_svg", "observation_text", "state_svg", "state_text"]

HONOUR, CHIP, NPC = "#b8860b", "#b71c1c", "#4e342e"


def _place(place: object, players: int) -> str:
    """A place's name: seats by number, the NPCs by name (older engines give NPC places as ints)."""
    if type(place) is int and place >= players:
        return ("lord", "young lord")[place - players]
    return seat_name(place)


def _who(place: object, players: int) -> str:
    """A place's name in the language shown (a seat numbered from 1, or the lord)."""
    if type(place) is int and place < players:
        return _("seat {n}").format(n=place + 1)
    name = _place(place, players)
    return _(_NPC_WORDS.get(name, name))


#: The non-player characters' names, marked for the catalog.
_NPC_WORDS = {"lord": N_("lord"), "young lord": N_("young lord")}


def _board(obs: Observation, seat: int | None, *, hands: dict[int, tuple[int, ...]], bids: tuple[int, ...] | None,
           winners: tuple[int, ...] | None, legal: list[str]) -> Board:
    n = obs.players
    title = f"{GAME.title} · round {obs.round + 1} · {n} players"
    if seat is not None:
        title += f" · seen by {seat_name(seat)}"
    b = Board(GAME, None, title)
    b.head(obs.current_player, obs.honour, winners)
    if obs.current_player is None:
        b.line(_("now: {what}").format(what=_("the game is over")))
    elif obs.bidding:
        b.line(_("now: {what}").format(what=_("the players bid, in secret, how many tricks the lord will take")))
    else:
        b.line(_("now: {what}").format(what=_("trick {n}; {who} leads").format(
            n=sum(obs.won) + 1, who=_who(obs.leader, n))))
    nxt = (obs.lord_before - 1) % n
    b.line(f"the lord sits between {seat_name(nxt)} and {seat_name(obs.lord_before)}"
           + ("; the young lord sits opposite" if obs.young_row else ""))
    if obs.trump >= 0:
        suit = DECK.suits[obs.trump][0]
        b.chips("trump chip (on the lord's rightmost card; it moves after a trick in which that card was played)",
                [(f"trump: {suit}", render.suit_colour(suit, obs.trump))])
    b.cards("the lord's row (face up, leftmost first)", list(obs.lord_row), empty="(empty)")
    if obs.young_row:
        b.cards("the young lord's row (face up, leftmost first; no chip)", list(obs.young_row), empty="(empty)")
    b.chips("honour (誉; 3 wins)", [(f"{seat_name(s)}: {h}", HONOUR) for s, h in enumerate(obs.honour)])
    b.chips("execution chips (打ち首; 2 lose)", [(f"{seat_name(s)}: {c}", CHIP) for s, c in enumerate(obs.chips)])
    if bids is not None:
        b.line("bids: " + "  ".join(f"{seat_name(s)} {'-' if x < 0 else x}" for s, x in enumerate(bids)))
    else:
        shown = []
        for s in range(n):
            if s == seat:
                shown.append(f"{seat_name(s)} {'-' if obs.own_bid < 0 else obs.own_bid}")
            else:
                shown.append(f"{seat_name(s)} {'hidden' if obs.has_bid[s] else '-'}")
        b.line("bids: " + "  ".join(shown))
    b.chips("tricks taken this round",
            [(f"{_place(p, n)}: {w}", NPC if p >= n else "#455a64") for p, w in enumerate(obs.won)])
    if obs.trick:
        b.cards("current trick", [c for _, c in obs.trick], seats=[_place(p, n) for p, _ in obs.trick])
    records = [t for t in obs.tricks if isinstance(t, TrickRecord)]
    if records:
        t = records[-1]
        won = [i for i, (p, _) in enumerate(t.plays) if p == t.winner]
        b.cards(f"last trick (trick {t.number + 1} of the game), won by {_place(t.winner, n)}",
                [c for _, c in t.plays], seats=[_place(p, n) for p, _ in t.plays],
                marks={i: "wins the trick" for i in won})
    for rnd in obs.rounds:
        b.line(f"round {rnd.number + 1}: bids " + " ".join(map(str, rnd.bids)) + f"; the lord took {rnd.lord_tricks}; "
               + "tricks " + " ".join(f"{seat_name(s)} {rnd.won[s]}" for s in range(n)))
    for s in range(n):
        if s in hands:
            b.cards(f"hand of {seat_name(s)}", list(hands[s]), empty="(empty)")
        elif obs.hand_sizes[s]:
            b.cards(f"hand of {seat_name(s)} ({obs.hand_sizes[s]} cards)", [None] * obs.hand_sizes[s])
    if legal:
        more = f" … ({len(legal)} in all)" if len(legal) > 16 else ""
        b.line("legal: " + ", ".join(legal[:16]) + more)
    return b


def _from_observation(obs: Observation) -> Board:
    return _board(obs, obs.seat, hands={obs.seat: obs.hand}, bids=None, winners=None, legal=[])


def _view(state: UtsukeState, seat: int | None) -> Board:
    n = state.rules.players
    winners = tuple(state.winners) if state.is_terminal else None
    if seat is None:  # the public facts from any seat's view, with every hand and bid
        obs = state.observation(0)
        legal = [str(a) for a in state.legal_actions()]
        return _board(obs, None, hands={s: state.hands[s] for s in range(n)}, bids=tuple(state.bids),
                      winners=winners, legal=legal)
    legal = [str(a) for a in state.legal_actions()] if state.current_player == seat else []
    obs = state.observation(seat)
    return _board(obs, seat, hands={seat: obs.hand}, bids=None, winners=winners, legal=legal)


state_text, state_svg, observation_text, observation_svg = register_views(
    GAME.slug, Observation, _view, _from_observation
)
