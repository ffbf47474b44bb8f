"""A seat's view in words: every field of ``state.observation(seat)`` as people read it.

:func:`seat_view` is what ``rulebook replay --seat N`` tells: the observation's fields, each with
its value in words in the language shown: seats by name and counted from 1, races, rounds and
deals counted from 1, cards by their texts, a Saru Tori Inu I mission by what it asks, yes or no
for a flag, ``-`` for nothing, and the game's records (tricks, rounds, races, interventions) as
short sentences. Fields that hold nothing for this game (an empty list of open hands) are left
out, and so is the seat itself (it is in the heading). It reads only the observation, never the
state, so it shows nothing the seat may not see.

>>> import rulebook
>>> game = rulebook.get_game("witches-of-blackmore")
>>> state = game.new_game(game.Rules(players=3), seed=1)
>>> view = dict(seat_view(game, state.rules, state.observation(0), (0,)))
>>> view["leader"], view["replacing"], view["scores"]
('you (seat 1)', 'no', 'you (seat 1) 0, seat 2 0, seat 3 0')
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from rulebook.core.contract import Game
from rulebook.i18n import N_, _, ngettext
from rulebook.reference.words import SUIT_FIELDS, _phased_observation, card_namer, join, pile_item, seat_name

__all__ = ["seat_view"]

#: fields that name one seat (``-1`` or ``None``: nobody)
SEAT_FIELDS = frozenset({"current_player", "leader", "lord_before", "start_player", "lone"})
#: fields that list seats
SEATS_FIELDS = frozenset({"humans", "gods", "order", "queue", "waiting", "asking", "lones"})
#: fields with one number per seat
PER_SEAT_FIELDS = frozenset({"hand_sizes", "totals", "scores", "won", "honour", "chips", "cubes_placed",
                             "points", "successes", "race_standing"})
#: fields that count from 0 in Python and from 1 for people
ORDINAL_FIELDS = frozenset({"race", "round", "deal"})
#: fields with cards per seat (or per column: ``area``, ``beneath``)
PER_SEAT_CARDS = frozenset({"known_in_hands", "acquired", "captured", "human_hands", "plays", "open_hands"})
PER_COLUMN_CARDS = frozenset({"area", "beneath"})
#: fields left out when they hold nothing (a house rule's or another role's view)
OPTIONAL_FIELDS = frozenset({"open_hands", "partner_hand", "open_bids", "open_missions", "human_hands", "aside_up",
                             "giving", "forced", "lones", "young_row"})
#: better words than the field's name, where the name alone would mislead
LABELS = {
    "shown": N_("strengths played"),
    "queue": N_("resolution order"),
    "order": N_("turn order"),
    "columns": N_("open columns"),
    "positions": N_("animals' squares"),
    "marks": N_("marks"),
    "oracle": N_("oracle numbers"),
    "rounds_played": N_("rounds played"),
    "earlier_rounds": N_("earlier rounds"),
    "round_tricks": N_("tricks this round"),
    "rounds": N_("rounds scored"),
    "tricks": N_("tricks played"),
}
#: Saru Tori Inu I's rounds of scoring are its races
_SARU_LABELS = {"rounds": N_("races scored"), "revealed": N_("missions revealed")}
_SKIP = frozenset({"seat", "players"})


def seat_view(game: Game[Any, Any, Any], rules: Any, obs: Any, you: Sequence[int] = ()) -> list[tuple[str, str]]:
    """``(label, value)`` in words for every field of the seat's observation ``obs`` worth showing."""
    if attrs.has(type(obs)) and hasattr(obs, "engine") and hasattr(obs, "gave"):
        return _phased_observation(game, rules, obs, you, base=seat_view)
    words = _Words(game, rules, you)
    out = []
    for f in attrs.fields(type(obs)):
        name = f.name
        value = getattr(obs, name)
        if name in _SKIP or (name in OPTIONAL_FIELDS and not value):
            continue
        label = _((_SARU_LABELS if game.slug == "saru-tori-inu-i" else {}).get(name)
                  or LABELS.get(name, name.replace("_", " ")))
        out.append((label, words.field(name, value, obs)))
    return out


class _Words:
    """The words of one game's values, under ``rules``, told to the seats ``you``."""

    def __init__(self, game: Game[Any, Any, Any], rules: Any, you: Sequence[int]) -> None:
        self.game, self.rules, self.you = game, rules, tuple(you)
        self.players: int = rules.players
        self.text, self.size = card_namer(game, rules)
        self.module = sys.modules.get(type(game).__module__)

    # -- small parts -------------------------------------------------------------------------

    def seat(self, seat: Any) -> str:
        if seat is None or (type(seat) is int and seat < 0):
            return "-"
        return seat_name(seat, self.players, self.you)

    def seats(self, seats: Sequence[Any]) -> str:
        return join(self.seat(s) for s in seats) if seats else "-"

    def card(self, card: int) -> str:
        if card < 0:
            return _("a hidden card")
        return self.text(card) if card < self.size else str(card)

    def cards(self, cards: Sequence[int]) -> str:
        return " ".join(self.card(c) for c in cards) if cards else "-"

    def per_seat(self, values: Sequence[Any], show: Callable[[Any], str] = str) -> str:
        return join(_("{seat} {value}").format(seat=self.seat(s), value=show(v)) for s, v in enumerate(values))

    def plays(self, plays: Sequence[tuple[Any, int]]) -> str:
        return join(_("{seat} {card}").format(seat=self.seat(s), card=self.card(c)) for s, c in plays) or "-"

    def tricks(self, tricks: Sequence[Any]) -> str:
        if not tricks:
            return "-"
        last = tricks[-1]
        return _("{count}; the last: {plays}, won by {seat}").format(
            count=ngettext("{n} trick played", "{n} tricks played", len(tricks)).format(n=len(tricks)),
            plays=self.plays(last.plays), seat=self.seat(last.winner))

    def rounds(self, rounds: Sequence[Any], unit: str) -> str:
        return "; ".join(_("{unit} {n}: {points}").format(unit=_(unit), n=r.number + 1, points=self.per_seat(r.points))
                         for r in rounds) or "-"

    # -- the fields --------------------------------------------------------------------------

    def field(self, name: str, value: Any, obs: Any) -> str:
        own = getattr(self, "_" + name.replace(" ", "_"), None)
        if own is not None:
            return str(own(value, obs))
        if value is None:
            return "-"
        if isinstance(value, bool):
            return _("yes") if value else _("no")
        if name in SEAT_FIELDS:
            return self.seat(value)
        if name in SEATS_FIELDS:
            return self.seats(value)
        if name in PER_SEAT_FIELDS:
            return self.per_seat(value)
        if name in ORDINAL_FIELDS:
            return str(value + 1)
        if name in PER_SEAT_CARDS:
            return join(_("{seat} {cards}").format(seat=self.seat(s), cards=self.cards(c)) for s, c in enumerate(value))
        if name in PER_COLUMN_CARDS:
            return join(_("column {n}: {cards}").format(n=k + 1, cards=self.cards(c)) for k, c in enumerate(value))
        if name in SUIT_FIELDS and type(value) is int:
            suits: tuple[tuple[str, str], ...] = getattr(getattr(self.module, "DECK", None), "suits", ())
            return f"{_(suits[value][0])} ({suits[value][1]})" if 0 <= value < len(suits) else "-"
        if name == "trick":
            return self.plays(value)
        if name in ("tricks", "round_tricks"):
            return self.tricks(value)
        if isinstance(value, tuple) and all(type(v) is int for v in value):
            return self.cards(value)
        if isinstance(value, str):
            return _(value)
        return str(value)

    def _phase(self, value: Any, obs: Any) -> str:
        if getattr(obs, "current_player", 0) is None:
            return _("the game is over")
        words: dict[Any, str] = {}
        slug = self.game.slug
        if slug == "saru-tori-inu-i":
            from rulebook.games.saru_tori_inu_i.render import PHASE_WORDS as SARU

            words = dict(SARU)
        elif slug == "gods-and-humans":
            from rulebook.games.gods_and_humans.render import PHASE_WORDS as GODS

            words = dict(GODS)
        elif slug == "seven-prophecies":
            words = {0: N_("the prophecy cubes are placed"), 1: N_("the tricks of the round are played")}
        return _(words[value]) if value in words else str(int(value) + 1)

    # Saru Tori Inu I

    def _round(self, value: int, obs: Any) -> str:
        rules = self.rules
        if self.game.slug == "saru-tori-inu-i" and "rounds" not in rules.endings_off:
            return str(min(value + 1, rules.rounds))  # a finished race stays at its last round (ST-ROUND-3)
        return str(value + 1)

    def _mission(self, value: int, obs: Any) -> str:
        return pile_item(self.game, self.rules, "missions", value, wording=True) if value >= 0 else "-"

    def _open_missions(self, value: Sequence[int], obs: Any) -> str:
        return join(_("{seat}: {mission}").format(seat=self.seat(s), mission=self._mission(m, obs))
                    for s, m in enumerate(value))

    def _columns(self, value: Sequence[int], obs: Any) -> str:
        return join(_("column {n}").format(n=k + 1) for k in value) or "-"

    def _positions(self, value: Sequence[int], obs: Any) -> str:
        from rulebook.games.saru_tori_inu_i import ANIMALS

        return join(_("{animal} on square {n}").format(animal=_(ANIMALS[a]), n=p) for a, p in enumerate(value))

    def _shown(self, value: Sequence[int], obs: Any) -> str:
        played = [(s, v) for s, v in enumerate(value) if v != -2]
        return join(_("{seat} {value}").format(seat=self.seat(s), value=_("face down") if v < 0 else v)
                    for s, v in played) or "-"

    def _totals(self, value: Sequence[int], obs: Any) -> str:
        return self.per_seat(value)

    def _rounds(self, value: Sequence[Any], obs: Any) -> str:
        return self.rounds(value, N_("race") if self.game.slug == "saru-tori-inu-i" else N_("round"))

    def _revealed(self, value: Sequence[Any], obs: Any) -> str:
        return "; ".join(_("{unit} {n}: {points}").format(
            unit=_("race"), n=r.race + 1,
            points=join(_("{seat} {value}").format(seat=self.seat(s), value=self._mission_name(m))
                        for s, m in enumerate(r.missions))) for r in value) or "-"

    def _mission_name(self, mission: int) -> str:
        return pile_item(self.game, self.rules, "missions", mission)

    # UTSUKE

    def _has_bid(self, value: Sequence[bool], obs: Any) -> str:
        return self.seats([s for s, b in enumerate(value) if b])

    def _own_bid(self, value: int, obs: Any) -> str:
        return str(value) if value >= 0 else "-"

    def _open_bids(self, value: Sequence[int], obs: Any) -> str:
        return self.per_seat(value, lambda b: str(b) if b >= 0 else "-")

    def _partner_hand(self, value: Sequence[int], obs: Any) -> str:
        return self.cards(value)

    # The gods-and-humans oracle game

    def _marks(self, value: Sequence[int], obs: Any) -> str:
        from rulebook.games.gods_and_humans.render import ICON_WORDS

        return join(_("{seat} {value}").format(seat=self.seat(s), value=_(ICON_WORDS[m]))
                    for s, m in enumerate(value) if 0 <= m < len(ICON_WORDS)) or "-"

    def _oracle(self, value: Sequence[int], obs: Any) -> str:
        seen = [(s, v) for s, v in enumerate(value) if v >= 0]
        return join(_("{seat} {value}").format(seat=self.seat(s), value=v) for s, v in seen) or "-"

    def _human_hands(self, value: Sequence[Sequence[int]], obs: Any) -> str:
        return join(_("{seat} {cards}").format(seat=self.seat(s), cards=self.cards(c))
                    for s, c in enumerate(value) if s in obs.humans)

    def _partners(self, value: Sequence[int], obs: Any) -> str:
        return join(_("{seat} with {partner}").format(seat=self.seat(s), partner=self.seat(p))
                    for s, p in enumerate(value) if p >= 0 and s < p) or "-"

    def _passes(self, value: Sequence[tuple[int, int]], obs: Any) -> str:
        return join(_("{seat} at gap {gap}").format(seat=self.seat(god), gap=gap) for gap, god in value) or "-"

    def _intervention(self, i: Any) -> str:
        gifts = join(_("{card} to {seat}").format(card=self.card(c), seat=self.seat(t)) for c, t in zip(i.cards, i.to))
        return _("{god} at gap {gap}: {gifts}").format(god=self.seat(i.god), gap=i.gap, gifts=gifts or "-")

    def _interventions(self, value: Sequence[Any], obs: Any) -> str:
        return "; ".join(self._intervention(i) for i in value) or "-"

    def _giving(self, value: Any, obs: Any) -> str:
        return self._intervention(value) if value is not None else "-"

    def _forced(self, value: Any, obs: Any) -> str:
        if value is None:
            return "-"
        text = ngettext("{gods} at gap {gap}, {n} card laid face down", "{gods} at gap {gap}, {n} cards laid face down",
                        value.laid).format(gods=self.seats(value.gods), gap=value.gap, n=value.laid)
        if value.own:
            text += _("; you laid {cards}").format(cards=self.cards(value.own))
        if value.revealed:
            got = [(s, c) for s, c in enumerate(value.received) if c]
            text += _("; revealed: {cards}").format(cards=join(
                _("{seat} {cards}").format(seat=self.seat(s), cards=self.cards(c)) for s, c in got) or "-")
        return text

    def _past(self, value: Sequence[Any], obs: Any) -> str:
        return "; ".join(_("{unit} {n}: {points}").format(unit=_("deal"), n=r.deal + 1, points=self.per_seat(r.points))
                         for r in value) or "-"

    # The Witches of Blackmore

    def _wheel(self, value: str, obs: Any) -> str:
        return _(value)

    # Seven Prophecies

    def _variant(self, value: str, obs: Any) -> str:
        from rulebook.games.seven_prophecies.render import VARIANT_WORDS

        return _(VARIANT_WORDS[value]) if value in VARIANT_WORDS else value

    def _places(self, cubes: Sequence[int]) -> str:
        return join(_("place {n}: {count}").format(n=k + 1, count=c) for k, c in enumerate(cubes)) if cubes else "-"

    def _own_prophecy(self, value: Sequence[int], obs: Any) -> str:
        return self._places(value)

    def _prophecies(self, value: Sequence[Sequence[int]], obs: Any) -> str:
        return "; ".join(_("{seat} {value}").format(seat=self.seat(s), value=self._places(p))
                         for s, p in enumerate(value) if p) or "-"

    def _remaining(self, value: Sequence[Sequence[int]], obs: Any) -> str:
        return self._prophecies(value, obs)

    def _rounds_played(self, value: Sequence[tuple[int, Sequence[int]]], obs: Any) -> str:
        return "; ".join(_("{unit} {n}: {tricks}, the seven prophecies fulfilled by {seats}").format(
            unit=_("round"), n=k + 1, tricks=ngettext("{n} trick played", "{n} tricks played", t).format(n=t),
            seats=self.seats(s)) for k, (t, s) in enumerate(value)) or "-"

    def _earlier_rounds(self, value: Sequence[Any], obs: Any) -> str:
        return "; ".join(_("{unit} {n}: started by {seat}, {tricks}").format(
            unit=_("round"), n=r.number + 1, seat=self.seat(r.start),
            tricks=self._played(len(r.tricks))) for r in value) or "-"

    def _played(self, count: int) -> str:
        return ngettext("{n} trick played", "{n} tricks played", count).format(n=count)
