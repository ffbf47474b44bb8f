"""The Seven Prophecies board: the future-card row, the place cards with each seat's
prophecy cubes, the cubes moved onto played cards, the trick with its places, the hands;
as text and as SVG, for a state or a seat's view.

A seat's view is drawn from
:meth:`~rulebook.games.seven_prophecies.SevenPropheciesState.observation` only: its own
hand and prophecy, and what is public (the future row, the revealed prophecies, the tricks).
The set-aside cards nobody has seen are drawn face down.
"""

from __future__ import annotations

from typing import Any

from rulebook.core import render
from rulebook.core.model import HIDDEN
from rulebook.core.render._board import Board, register_views, seat_name, seat_observation
from rulebook.i18n import N_, _, ngettext

from .actions import Phase
from .game import GAME
from .history import PlacedTrick, PlayedRound
from .observation import Observation
from .rules import MOST_CUBES, POINTS, TWICE
from .state import SevenPropheciesState

__all__ = ["observation_svg", "observation_text", "state_svg", "state_text"]

#: a colour per seat for its cubes (the source's example players are red, blue, black, white)
CUBE_COLOURS = ("#c62828", "#1565c0", "#212121", "#757575", "#2e7d32")
VARIANT_WORDS = {POINTS: N_("points"), TWICE: N_("variant 1: twice the seven prophecies"),
                 MOST_CUBES: N_("variant 2: one round")}


def _last_trick(v: Any, earlier: tuple[PlayedRound, ...]) -> tuple[PlacedTrick, bool] | None:
    """(the last finished trick, whether it was in an earlier round)."""
    if v.round_tricks:
        return v.round_tricks[-1], False
    for r in reversed(earlier):
        if r.tricks:
            return r.tricks[-1], True
    return None


def _board(v: Any, seat: int | None, *, rules: Any, variant: str, players: int, scores: tuple[int, ...],
           winners: tuple[int, ...] | None, hands: dict[int, tuple[int, ...]], sizes: tuple[int, ...],
           trick: tuple[tuple[int, int], ...], own: tuple[int, ...], prophecies: tuple[tuple[int, ...], ...],
           remaining: tuple[tuple[int, ...], ...], aside_down: tuple[int, ...] | None,
           earlier: tuple[PlayedRound, ...], legal: list[str]) -> Board:
    rounds = getattr(rules, "rounds", None)
    title = (_("{game} · round {n} of {rounds} · {players} players") if rounds
             else _("{game} · round {n} · {players} players")).format(
        game=_(GAME.title), n=v.round + 1, rounds=rounds, players=players)
    if seat is not None:
        title = _("{title} · seen by {seat}").format(title=title, seat=seat_name(seat))
    b = Board(GAME, rules, title)
    b.head(v.current_player, scores, winners)
    b.line(_("scoring: {scoring}; round start player: {seat}").format(
        scoring=_(VARIANT_WORDS[variant]) if variant in VARIANT_WORDS else variant, seat=seat_name(_start(v))))
    done = len(v.round_tricks)
    if v.phase == Phase.PROPHECY:
        cubes = getattr(rules, "cubes", 7)
        b.line(_("now: {what}").format(what=_("the players prophesy (seven cubes each, in secret)") if cubes == 7
                                       else ngettext("the players prophesy ({count} cube each, in secret)",
                                                     "the players prophesy ({count} cubes each, in secret)",
                                                     cubes).format(count=cubes)))
    elif v.phase == Phase.TRICKS:
        b.line(_("now: {what}").format(what=_(
            "trick {n}; its future card is {card}: that suit must be followed and ranks first").format(
                n=done + 1, card=render.card_text(GAME, v.future[done]))))
    else:
        b.line(_("now: {what}").format(what=_("the game is over")))
    row: list[int | None] = list(v.future)
    row += [None] * getattr(v, "future_face_down", 0)  # SP-INFO-3: the cards still face down
    b.cards(_("future row (one card per trick)"), row,
            seats=[_("trick {n}").format(n=i + 1) for i in range(len(row))],
            marks={done: _("this trick")} if v.phase == Phase.TRICKS else {})
    if v.aside_up:
        b.cards(_("set aside face up"), list(v.aside_up))
    b.cards(_("set aside face down (unseen)"), [None, None] if aside_down is None else list(aside_down))
    for place in range(1, players + 1):
        b.chips(_("place card {n}: cubes left").format(n=place), [
            (_("{seat} × {n}").format(seat=seat_name(s), n=remaining[s][place - 1]), CUBE_COLOURS[s])
            for s in range(players) if remaining[s] and remaining[s][place - 1]
        ])
    secret = [s for s in range(players) if not remaining[s]]
    if secret:
        b.line(_("prophecies of {seats}: secret until everybody has placed").format(
            seats=_(", ").join(seat_name(s) for s in secret)))
    if seat is not None and v.phase == Phase.PROPHECY:
        b.line(_("your prophecy so far (cubes on places 1-{n}): {cubes}").format(
            n=players, cubes=" ".join(map(str, own))))
    revealed = [s for s in range(players) if prophecies[s]]
    if revealed and v.phase != Phase.PROPHECY:
        b.line(_("prophecies (cubes on places 1-{n}): {prophecies}").format(n=players, prophecies=_("; ").join(
            _("{seat} {cubes}").format(seat=seat_name(s), cubes=" ".join(map(str, prophecies[s]))) for s in revealed)))
    b.chips(_("cubes moved onto played cards this round"),
            [(_("{seat}: {n} of 7").format(seat=seat_name(s), n=k), CUBE_COLOURS[s])
             for s, k in enumerate(v_placed(v))])
    if trick:
        b.cards(_("current trick"), [c for _s, c in trick], seats=[s for s, _c in trick])
    last = _last_trick(v, earlier)
    if last is not None:
        done_trick, before = last
        by_place = sorted(zip(done_trick.places, done_trick.plays))
        label = (_("last trick of the previous round (future {card}), laid out by place, 1st first") if before
                 else _("last trick (future {card}), laid out by place, 1st first"))
        b.cards(label.format(card=render.card_text(GAME, done_trick.future)),
                [card for _place, (_seat, card) in by_place], seats=[seat for _place, (seat, _card) in by_place],
                marks={0: _("1st place")})
    for s in range(players):
        if s in hands:
            b.cards(_("hand of {seat}").format(seat=seat_name(s)), [None if c == HIDDEN else c for c in hands[s]],
                    empty=_("(empty)"))  # a card a variant's sight hides: face down
        elif sizes[s]:
            b.cards(_("hand of {seat} ({n} cards, hidden)").format(seat=seat_name(s), n=sizes[s]), [None] * sizes[s])
    if legal:
        b.legal(legal)
    return b


def _seen_hands(obs: Any) -> dict[int, tuple[int, ...]]:
    """The hands a seat sees: its own, every hand when hands are open (SP-INFO-4), and its partner's
    under ``visible.hands = team`` (SP-INFO-5: the seat facing it)."""
    hands = dict(enumerate(obs.open_hands)) if obs.open_hands else {obs.seat: obs.hand}
    if obs.partner_hand:
        hands[(obs.seat + 2) % 4] = obs.partner_hand
    return hands


def _start(v: Any) -> int:
    return int(v.start) if isinstance(v, SevenPropheciesState) else int(v.start_player)


def v_placed(v: Any) -> tuple[int, ...]:
    return tuple(v.placed) if isinstance(v, SevenPropheciesState) else tuple(v.cubes_placed)


def _from_state(state: SevenPropheciesState) -> Board:
    n = state.rules.players
    trick = tuple(((state.leader + i) % n, c) for i, c in enumerate(state.trick))
    legal = [str(a) for a in state.legal_actions()]
    return _board(state, None, rules=state.rules, variant=state.rules.variant, players=n, scores=state.scores,
                  winners=tuple(state.winners), hands=dict(enumerate(state.hands)),
                  sizes=tuple(map(len, state.hands)), trick=trick, own=(), prophecies=state.prophecies,
                  remaining=state.cubes, aside_down=state.aside_down, earlier=state.earlier, legal=legal)


def _obs_scores(obs: Observation) -> tuple[int, ...]:
    if obs.variant == POINTS:
        return obs.points
    if obs.variant == TWICE:
        return obs.successes
    return obs.cubes_placed


def _from_observation(obs: Observation, rules: Any = None, legal: list[str] | None = None) -> Board:
    return _board(obs, obs.seat, rules=rules, variant=obs.variant, players=obs.players, scores=_obs_scores(obs),
                  winners=None, hands=_seen_hands(obs), sizes=obs.hand_sizes, trick=obs.trick,
                  own=obs.own_prophecy, prophecies=obs.prophecies, remaining=obs.remaining, aside_down=None,
                  earlier=obs.earlier_rounds, legal=legal or [])


def _view(state: SevenPropheciesState, seat: int | None) -> Board:
    if seat is None:
        return _from_state(state)
    legal = [str(a) for a in state.legal_actions()] if state.current_player == seat else []
    board = _from_observation(seat_observation(state, seat), state.rules, legal)
    if state.is_terminal:  # the state knows the winners; an observation shows the scores only
        board.rows[0] = ("line", _("game over; winners: {winners}").format(
            winners=" ".join(seat_name(w) for w in sorted(state.winners)) or _("none")))
    return board


state_text, state_svg, observation_text, observation_svg = register_views(
    GAME.slug, Observation, _view, _from_observation
)
