"""A variant's draft or exchange at the table (:mod:`rulebook.variants.piles`), as one seat sees it.

The seat reads the step in progress and what it is to do, the items it drew (or was dealt), its own
choice so far and how many seats have chosen; after the step, what it put back (and the mission it
kept) and how many items each other seat put back: never another seat's draw or return. Everything
comes from the seat's observation (:class:`~rulebook.variants.phases.PhasedObservation`) and the
public shape of the step (its kind, element, sizes and order).
"""

from __future__ import annotations

from typing import Any

from rulebook.core.phases import KeepCard, ReturnCard
from rulebook.i18n import _
from rulebook.reference.words import pile_count, pile_item, pile_items, pile_name
from rulebook.variants.piles import DraftCards, ExchangeCards


def step_prompt(v: Any, phase: DraftCards | ExchangeCards, seats: tuple[int, ...]) -> list[str]:
    """The lines of a draft or an exchange in progress for ``v``'s seat (WB-PHASE-3, WB-PHASE-4,
    ST-PHASE-3, ST-PHASE-4)."""
    p = v.phased
    element = phase.element
    game, rules = v.game, v.rules
    drawn = tuple(p.drawn)
    pile = pile_name(element)
    if v.seat not in seats:
        return [_("Added step: the players draw from {pile}; you take no part").format(pile=pile),
                _("{n} of {m} players have chosen").format(n=p.chosen, m=len(seats))]
    lines: list[str] = []
    if isinstance(phase, ExchangeCards):
        lines.append(_("Added step, exchange with {pile}: you drew {items}; choose {count} to put back face down "
                       "at the bottom").format(pile=pile, items=pile_items(game, rules, element, drawn),
                                               count=pile_count(element, phase.cards)))
        so_far = _("you put back so far: {items}")
        dealt = drawn if element == "hand" else (*_held(v, element), *drawn)
    else:
        dealt = drawn if element == "hand" else (*_held(v, element), *drawn)
        rest = (_("Added step, draft from {pile}: you were dealt {items}; keep {count}, the other goes back face "
                  "down at the bottom") if len(dealt) - phase.keep == 1 else
                _("Added step, draft from {pile}: you were dealt {items}; keep {count}, the rest go back face "
                  "down at the bottom"))
        lines.append(rest.format(pile=pile, items=pile_items(game, rules, element, dealt),
                                 count=pile_count(element, phase.keep)))
        so_far = _("you keep so far: {items}")
    if element != "hand":  # what each mission asks, as the table names the seat's mission
        lines += [pile_item(game, rules, element, c, wording=True) for c in dealt]
    done = _("{n} of {m} players have chosen").format(n=p.chosen, m=len(seats))
    if p.own:
        done += " · " + so_far.format(items=pile_items(game, rules, element, p.own))
    lines.append(done)
    return lines


def step_news(v: Any) -> list[str]:
    """After a draft or an exchange this round: what the seat put back (and the mission it kept), and
    how many items each other seat put back."""
    p = v.phased
    game, rules = v.game, v.rules
    out: list[str] = []
    for element, items in p.returned:
        if element != "hand" and not p.phase:  # the mission it holds is the one it kept
            kept = _held(v, element)
            if kept:
                out.append(_("You kept {kept} and put back {items} face down").format(
                    kept=pile_items(game, rules, element, kept), items=pile_items(game, rules, element, items)))
                continue
        out.append(_("You put back {items} face down at the bottom of {pile}").format(
            items=pile_items(game, rules, element, items), pile=pile_name(element)))
    element = next((ph.element for ph in v.outer.phases if isinstance(ph, (DraftCards, ExchangeCards))), "hand")
    others = [_("{who} ({count})").format(who=v.name(s), count=pile_count(element, n))
              for s, n in enumerate(p.returns) if n and s != v.seat]
    if others:
        out.append(_("Put back face down by the others: {counts}").format(counts=_(", ").join(others)))
    return out


def _held(v: Any, element: str) -> tuple[int, ...]:
    """What the seat holds of a ``one`` element (its mission), from its own observation."""
    held = getattr(v.obs, element[:-1], -1) if element.endswith("s") else -1
    return (held,) if type(held) is int and held >= 0 else ()


def step_told(action: Any, name: str, you: bool) -> str:
    """Another seat's move in a draft or an exchange, as the table tells it: only that it kept or put
    back an item, never which (WB-PHASE-3, WB-PHASE-4, ST-PHASE-3); ``""`` for any other move."""
    if you or type(action) not in (KeepCard, ReturnCard):
        return ""
    mission = getattr(action, "element", "hand") == "missions"
    if type(action) is KeepCard:
        text = _("{who} keeps a mission (hidden)") if mission else _("{who} keeps a card (hidden)")
    else:
        text = _("{who} puts back a mission face down") if mission else _("{who} puts back a card face down")
    return text.format(who=name[:1].upper() + name[1:])
