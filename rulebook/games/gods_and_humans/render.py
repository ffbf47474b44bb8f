"""The gods-and-humans board: roles and marks, the field, the oracle cards, the
interventions, the trick, the hands; as text and as SVG, for a state or a seat's view.

A seat's view is drawn from :meth:`~rulebook.games.gods_and_humans.GodsState.observation`
only, so it shows exactly what that seat may see: a human sees its own hand and the field;
a god also sees every human's hand; oracle numbers, partners and cards given from a hand
appear only where the observation carries them (face-down cards are drawn as backs).
"""

from __future__ import annotations

from typing import Any

from rulebook.core.render._board import Board, register_views, seat_name, seat_observation
from rulebook.i18n import N_, _

from .actions import Phase
from .game import GAME
from .observation import Observation
from .state import GodsState

__all__ = ["observation_svg", "observation_text", "state_svg", "state_text"]

ICON_COLOURS = ("#e65100", "#3949ab", "#9e7700", "#607d8b")
GOD = "#6a1b9a"
#: the human marks (``rules.ICONS``, in the same order), marked for the catalog
ICON_WORDS = (N_("sun"), N_("moon"), N_("star"), N_("cloud"))
PHASE_WORDS = {
    Phase.ORACLE: N_("the gods choose oracle cards"),
    Phase.LONE: N_("the lone human chooses an oracle card"),
    Phase.ASK: N_("the gods are asked whether they intervene"),
    Phase.GIVE: N_("a god gives each human a card"),
    Phase.FORCED: N_("the forced intervention (face down)"),
    Phase.PLAY: N_("a trick is played"),
    Phase.OVER: N_("the game is over"),
}


def _winners(v: Any) -> tuple[int, ...]:
    if isinstance(v, GodsState):
        return tuple(v.winners)
    if v.current_player is not None:
        return ()
    # an observation of a finished game: every score is public, the highest totals win
    best = max(v.scores)
    return tuple(s for s, p in enumerate(v.scores) if p == best)


def _board(v: Any, seat: int | None, hands: dict[int, tuple[int, ...]], sizes: tuple[int, ...],
           interventions: list[tuple[int, int, tuple[int, ...], tuple[bool, ...], tuple[int, ...], str]],
           legal: list[str], rules: Any, forced: str = "") -> Board:
    title = _("{game} · deal {deal} · {n} players").format(game=_(GAME.title), deal=v.deal + 1, n=len(v.scores))
    if seat is not None:
        seen = (_("{title} · seen by {seat} (god)") if seat in v.gods else _("{title} · seen by {seat} (human)"))
        title = seen.format(title=title, seat=seat_name(seat))
    b = Board(GAME, rules, title)
    b.head(v.current_player, v.scores, _winners(v))
    b.line(_("now: {what}").format(what=_(PHASE_WORDS[Phase(v.phase)])))
    b.chips(_("gods"), [(_("god {seat} → {partner}").format(seat=seat_name(g), partner=seat_name(v.partners[g]))
                         if v.partners[g] >= 0 else _("god {seat}").format(seat=seat_name(g)), GOD) for g in v.gods])
    chips = []
    for h in v.humans:
        icon = v.marks[h]
        text = _("{seat} {mark}").format(seat=seat_name(h), mark=_(ICON_WORDS[icon])) if icon >= 0 else seat_name(h)
        if h == v.lone or h in v.lones:
            text = _("{seat} (lone)").format(seat=text)
        chips.append((text, ICON_COLOURS[icon] if icon >= 0 else "#455a64"))
    b.chips(_("humans and their marks"), chips)
    b.chips(_("oracle cards (predicted tricks, won so far)"),
            [(_("{seat}: {oracle}, won {won}").format(seat=seat_name(h), oracle="?" if v.oracle[h] < 0 else v.oracle[h],
                                                     won=v.won[h]),
              "#00695c" if v.oracle[h] >= 0 else "#90a4ae") for h in v.humans])
    b.cards(_("field"), list(v.field))
    waiting = _(", ").join(seat_name(g) for g in v.waiting) or _("none")
    if v.asking:
        b.line(_("gods still to intervene: {gods}; to be asked in turn: {asked}").format(
            gods=waiting, asked=_(", ").join(seat_name(g) for g in v.asking)))
    else:
        b.line(_("gods still to intervene: {gods}").format(gods=waiting))
    for gap, god, cards, field, to, how in interventions:
        shown = [None if c < 0 else c for c in cards]
        given = (_("intervention at gap {gap}: god {seat} gives from the field") if all(field) and field
                 else _("intervention at gap {gap}: god {seat} gives from the hand"))
        b.cards(given.format(gap=gap, seat=seat_name(god)) + (_(how) if how else ""), shown, seats=to)
    passes = v.gaps.passes if isinstance(v, GodsState) else v.passes
    if passes:
        b.line(_("passed: {passes}").format(passes=_(", ").join(
            _("{seat} at gap {gap}").format(seat=seat_name(g), gap=gap) for gap, g in passes)))
    if v.trick:
        b.cards(_("current trick"), [c for _s, c in v.trick], seats=[s for s, _c in v.trick])
    done = v.deal_tricks if isinstance(v, GodsState) else v.tricks
    if done:
        t = done[-1]
        won = [i for i, (p, _c) in enumerate(t.plays) if p == t.winner]
        b.cards(_("last trick (trick {n} of the game), won by {seat}").format(n=t.number + 1, seat=seat_name(t.winner)),
                [c for _p, c in t.plays], seats=[p for p, _c in t.plays], marks={i: _("wins the trick") for i in won})
    if forced:
        b.line(forced)
    for s in range(len(v.scores)):
        if s in hands:
            b.cards(_("hand of {seat}").format(seat=seat_name(s)), list(hands[s]), empty=_("(empty)"))
        elif sizes[s]:
            b.cards(_("hand of {seat} ({n} cards, hidden)").format(seat=seat_name(s), n=sizes[s]), [None] * sizes[s])
    if legal:
        b.legal(legal, 14)
    return b



def _from_state(state: GodsState) -> Board:
    gifts = [(r.gap, r.god, r.cards, r.from_field, r.to, N_(" (forced)") if r.forced else "") for r in state.gifts]
    if state.phase in (Phase.GIVE, Phase.FORCED) and state.gift:
        how = N_(" (in progress)") if state.phase == Phase.GIVE else N_(" (forced, face down, in progress)")
        gifts.append((len(state.deal_tricks), state.giver, tuple(c for _, c in state.gift), state.gift_src,
                      tuple(s for s, _ in state.gift), how))
    legal = [] if state.is_terminal else [str(a) for a in state.legal_actions()]
    hands = dict(enumerate(state.hands))
    return _board(state, None, hands, tuple(map(len, state.hands)), gifts, legal, state.rules)


def _from_observation(obs: Observation, rules: Any = None, legal: list[str] | None = None) -> Board:
    gifts = [(r.gap, r.god, r.cards, r.from_field, r.to, "") for r in obs.interventions]
    if obs.giving is not None:
        r = obs.giving
        gifts.append((r.gap, r.god, r.cards, r.from_field, r.to, N_(" (in progress)")))
    f = obs.forced
    if f is not None:
        if f.own:
            gifts.append((f.gap, obs.seat, f.own, (False,) * len(f.own), obs.humans[: len(f.own)], N_(" (forced)")))
    hands = {obs.seat: obs.hand}
    for s, h in enumerate(obs.human_hands):
        if s != obs.seat and s in obs.humans:
            hands[s] = h
    for s, h in enumerate(obs.open_hands):  # GH-INFO-5: every hand face up, the gods' too
        hands.setdefault(s, h)
    note = ""
    if f is not None and not f.revealed:
        note = _("forced intervention at gap {gap} by {gods}: {n} card(s) laid face down so far").format(
            gap=f.gap, gods=_(", ").join(seat_name(g) for g in f.gods), n=f.laid)
    return _board(obs, obs.seat, hands, obs.hand_sizes, gifts, legal or [], rules, note)


def _view(state: GodsState, seat: int | None) -> Board:
    if seat is None:
        return _from_state(state)
    obs = seat_observation(state, seat)
    legal = [str(a) for a in state.legal_actions()] if state.current_player == seat else []
    return _from_observation(obs, state.rules, legal)


state_text, state_svg, observation_text, observation_svg = register_views(
    GAME.slug, Observation, _view, _from_observation
)
