"""The Saru Tori Inu I board: the race track with the four animals, the oracle area and
the cards beneath it, the road, the cards played this round, each seat's acquired cards
and mission, the hands; as text and as SVG, for a state or a seat's view.

A seat's view is drawn from :meth:`~rulebook.games.saru_tori_inu_i.SaruState.observation`
only: its own hand and mission, the face-up cards, the cards others are known to hold, and
face-down cards as backs. An observation carries no rules, so :func:`observation_text` and
:func:`observation_svg` name cards and missions from the default data and leave out the
number of races and rounds unless ``rules`` are given (the state views always use the
state's rules).
"""

from __future__ import annotations

from typing import Any

from rulebook.core.model import HIDDEN
from rulebook.core.render._board import Board, register_views, seat_name, seat_observation
from rulebook.games.saru_tori_inu_i import (
    ANIMALS,
    COLOURS,
    GAME,
    Mission,
    Observation,
    Phase,
    Rules,
    SaruState,
    race_order,
)
from rulebook.i18n import N_, _, ngettext

__all__ = ["mission_text", "observation_svg", "observation_text", "state_svg", "state_text"]

ANIMAL_COLOURS = ("#c62828", "#1565c0", "#b8860b", "#212121")
PLACES = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))
PHASE_WORDS = {
    Phase.PLAY: N_("play a card (face up, face down, or the last player declares)"),
    Phase.PAIR: N_("the declarer picks its two cards"),
    Phase.PLACE: N_("put the played card(s) beneath a column"),
    Phase.TAKE: N_("take the leftmost oracle card: acquire it, lay it as road, or keep it"),
}
FACE_DOWN, NOT_PLAYED = -1, -2
_DEFAULTS: dict[int, Rules] = {}


def _default(players: int) -> Rules:
    """The default rules for ``players`` (an observation carries no rules)."""
    if players not in _DEFAULTS:
        _DEFAULTS[players] = Rules(players=players)
    return _DEFAULTS[players]


def mission_text(mission: Mission) -> str:
    """A mission card in words, in the language shown: what it pays and when.

    >>> from rulebook.games.saru_tori_inu_i.rules import DEFAULT_MISSIONS
    >>> mission_text(DEFAULT_MISSIONS[0])
    'race: 12 points if the boar finishes 1st and the dog 2nd; 16 instead if the monkey finishes 3rd as well'
    >>> mission_text(DEFAULT_MISSIONS[5])
    'collected cards: 1 point for each card you acquire, if you are 1st in yellow'
    """
    if mission.kind == "race":  # ST-SCORE-3: the tiers are cumulative
        steps = []
        for k, tier in enumerate(mission.tiers):
            need = _(" and ").join(
                (_("the {animal} finishes {place}") if i == 0 else _("the {animal} {place}")).format(
                    animal=_(ANIMALS[a]), place=_(PLACES[p - 1])) for i, (a, p) in enumerate(tier.places))
            said = (ngettext("{points} point if {need}", "{points} points if {need}", tier.points) if k == 0
                    else _("{points} instead if {need} as well"))
            steps.append(said.format(points=tier.points, need=need))
        return _("race: {steps}").format(steps=_("; ").join(steps))
    per = mission.per_card  # ST-SCORE-4
    if mission.counted < 0:
        pays = ngettext("{per} point for each card you acquire", "{per} points for each card you acquire", per)
    else:
        pays = ngettext("{per} point for each {colour} card you acquire",
                        "{per} points for each {colour} card you acquire", per)
    text = pays.format(per=per, colour=_(COLOURS[mission.counted]) if mission.counted >= 0 else "")
    if mission.condition == "animal_place":
        text = _("{pays}, if the {animal} finishes {place}").format(
            pays=text, animal=_(ANIMALS[mission.animal]), place=_(PLACES[mission.place - 1]))
    elif mission.condition == "colour_first":
        text = _("{pays}, if you are 1st in {colour}").format(pays=text, colour=_(COLOURS[mission.colour]))
    elif mission.condition == "every_colour":
        text = _("{pays}, if you acquire a card of every colour").format(pays=text)
    return _("collected cards: {pays}").format(pays=text)


def _board(v: Any, seat: int | None, rules: Rules, *, hands: dict[int, tuple[int, ...]],
           known: tuple[tuple[int, ...], ...], sizes: tuple[int, ...], missions: dict[int, int],
           plays: tuple[tuple[int, ...], ...], winners: tuple[int, ...] | None, legal: list[str],
           counts: bool = True) -> Board:
    players = len(v.totals)
    counts = counts and "rounds" not in rules.endings_off  # ST-LOGIC-3: a race has no set number of rounds
    rnd = min(v.round + 1, rules.rounds) if counts else v.round + 1  # a finished race stays at its last round
    title = (_("{game} · race {race} of {races} · round {n} of {rounds} · {players} players") if counts
             else _("{game} · race {race} · round {n} · {players} players")).format(
        game=_(GAME.title), race=v.race + 1, races=rules.race_count, n=rnd, rounds=rules.rounds, players=players)
    if seat is not None:
        title = _("{title} · seen by {seat}").format(title=title, seat=seat_name(seat))
    b = Board(GAME, rules, title)
    b.head(v.current_player, v.totals, winners)
    over = v.current_player is None
    b.line(_("now: {what}").format(what=_("the game is over") if over else _(PHASE_WORDS[Phase(v.phase)])))
    pos = v.positions
    squares = max(max(pos) + 2, 10)
    b.track(_("race track"), [_("square {n}").format(n=i) for i in range(squares)],
            [[(_(ANIMALS[a]), ANIMAL_COLOURS[a]) for a in range(4) if pos[a] == i] for i in range(squares)])
    order = race_order(rules.track, pos)
    b.line(_("animals in order: {animals}").format(animals=_(", ").join(
        _("{place} {animal} ({colour})").format(place=_(PLACES[i]), animal=_(ANIMALS[a]), colour=_(COLOURS[a]))
        for i, a in enumerate(order))))
    b.cards(_("road (oldest first)"), list(v.road))
    if v.road:
        b.line(_("road icons: {icons}").format(icons=_("; ").join(
            _("{card} {animals}").format(card=b.face(c).text,
                                         animals=" ".join(_(ANIMALS[a]) for a in rules.deck[c].icons))
            for c in v.road)))
    for k, column in enumerate(v.area):
        b.cards(_("oracle area, column {n}").format(n=k + 1), list(column), empty=_("(empty)"))
    for k, column in enumerate(v.beneath):
        if column:
            b.cards(_("beneath column {n} (the next oracle area)").format(n=k + 1), list(column))
    chips = []
    for s in range(players):
        shown = v.shown[s]
        if shown == NOT_PLAYED:
            continue
        how = _("face down") if shown == FACE_DOWN else _("strength {n}").format(n=shown)
        chips.append((_("{seat}: {count}").format(seat=seat_name(s), count=how), "#455a64"))
    b.chips(_("played this round"), chips)
    for s in range(players):
        if v.shown[s] != NOT_PLAYED and (plays[s] or v.shown[s] == FACE_DOWN):
            # a face-down card, or one a variant's sight hides from this seat: face down
            cards: list[int | None] = [None if c == HIDDEN else c for c in plays[s]] if plays[s] else [None]
            b.cards(_("played by {seat}, not yet placed").format(seat=seat_name(s)), cards)
    if v.queue:
        b.line(_("resolution order: {seats}").format(seats=_(", ").join(seat_name(s) for s in v.queue)))
    for s in range(players):
        b.cards(_("acquired by {seat}").format(seat=seat_name(s)), list(v.acquired[s]))
    if v.removed:
        b.cards(_("out of the game"), list(v.removed))
    b.chips(_("colour points if the race ended now (missions aside)"),
            [(_("{seat}: {count}").format(seat=seat_name(s), count=p), "#00695c")
             for s, p in enumerate(v.race_standing)])
    for s, m in sorted(missions.items()):
        b.line(_("mission of {seat}: {mission}").format(seat=seat_name(s), mission=mission_text(rules.missions[m])))
    for record, shown_missions in zip(v.rounds, v.revealed):
        b.line(_("race {n} scored: {points}; missions {missions}").format(
            n=record.number + 1,
            points="  ".join(_("{seat} {points}").format(seat=seat_name(s), points=p)
                             for s, p in enumerate(record.points)),
            missions=" ".join(str(m) for m in shown_missions.missions)))
    for s in range(players):
        if s in hands:
            b.cards(_("hand of {seat}").format(seat=seat_name(s)), [None if c == HIDDEN else c for c in hands[s]],
                    empty=_("(empty)"))  # a card a variant's sight hides: face down
        elif sizes[s]:
            seen = list(known[s])
            rest = sizes[s] - len(seen)
            label = _("hand of {seat} ({n} cards, some seen taken)") if seen else _("hand of {seat} ({n} cards)")
            b.cards(label.format(seat=seat_name(s), n=sizes[s]), [*seen, *([None] * rest)])
    if legal:
        b.legal(legal, 14)
    return b


class _StateView:
    """The state's facts under the observation's names."""

    def __init__(self, state: SaruState) -> None:
        self.race, self.round, self.phase = state.race, state.rnd, state.phase
        self.current_player, self.totals = state.current_player, state.totals
        self.positions, self.road, self.area, self.beneath = state.pos, state.road, state.area, state.beneath
        self.shown, self.queue, self.acquired, self.removed = state.shown, state.queue, state.acquired, state.removed
        self.race_standing, self.rounds, self.revealed = state.race_standing, state.rounds, state.revealed


def _from_state(state: SaruState) -> Board:
    legal = [str(a) for a in state.legal_actions()]
    missions = dict(enumerate(state.missions)) if state.current_player is not None else {}
    return _board(_StateView(state), None, state.rules, hands=dict(enumerate(state.hands)), known=state.known,
                  sizes=tuple(map(len, state.hands)), missions=missions, plays=state.played,
                  winners=tuple(state.winners), legal=legal)


def _from_observation(obs: Observation, rules: Rules | None = None, legal: list[str] | None = None,
                      winners: tuple[int, ...] | None = None) -> Board:
    missions = {obs.seat: obs.mission} if obs.current_player is not None and obs.mission >= 0 else {}
    if obs.open_missions:  # ST-INFO-3
        missions = dict(enumerate(obs.open_missions))
    hands = dict(enumerate(obs.open_hands)) if obs.open_hands else {obs.seat: obs.hand}  # ST-INFO-2
    return _board(obs, obs.seat, rules or _default(obs.players), hands=hands,
                  known=obs.known_in_hands, sizes=obs.hand_sizes, missions=missions, plays=obs.plays,
                  winners=winners, legal=legal or [], counts=rules is not None)


def _view(state: SaruState, seat: int | None) -> Board:
    if seat is None:
        return _from_state(state)
    legal = [str(a) for a in state.legal_actions()] if state.current_player == seat else []
    winners = tuple(state.winners) if state.is_terminal else None
    return _from_observation(seat_observation(state, seat), state.rules, legal, winners)


state_text, state_svg, observation_text, observation_svg = register_views(
    GAME.slug, Observation, _view, _from_observation
)
