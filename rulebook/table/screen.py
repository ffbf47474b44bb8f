"""The card table of ``rulebook play``: what one seat sees, in at most 23 lines of 80 columns.

:func:`table` draws a position as the seat to act (or watching) sees it: a title, the game's
own board in a few lines (the wheel and the trump; the future row and the prophecies; the
lord's row; the field and the oracle cards; the race track and the oracle area), one line per
seat (cards held, score and what the game shows of it), the trick in progress with who played
what, the last trick and the rule that decided it in words, the latest events, your hand
(sorted by suit) and your moves. Everything comes from ``state.observation(seat)`` and the
public records (``state.tricks``, ``state.rounds``); the legal moves are listed only to the
seat to act. Seats are numbered from 1 for people ("you", "seat 2", "the lord").

:func:`move_events` tells what a move changed, as the watching seat saw it: a bot's move is
named only as far as that seat's view shows it (a secret bid is "bid (hidden)"); then any
card an NPC played, the trick's winner and the rule, and the end of a round. :func:`final_lines`
is the last screen: the scores with the reason for every point, by scoring rule.

>>> import rulebook
>>> game = rulebook.get_game("witches-of-blackmore")
>>> state = game.new_game(game.Rules(players=3), seed=1)
>>> [line for line in table(state, 0) if line.startswith("Your hand")]
['Your hand: R4 R8 B8 Y1 Y2 P9']
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rulebook.core import render
from rulebook.core.contract import Action, State
from rulebook.core.history import RoundRecord, TrickRecord
from rulebook.i18n import _, language, ngettext
from rulebook.reference.words import (
    card_namer,
    follow_options,
    known_phrase,
    move_text,
    phrase,
    rule_reason,
    verb_word,
)
from rulebook.table.lines import HEIGHT, KEEP, WIDTH, cells
from rulebook.table.lines import columns as _columns
from rulebook.table.lines import fit as _fit
from rulebook.table.lines import wrap_lines as _wrap
from rulebook.table.moves import moves_lines, numbered_moves, numeric_move, typed_numbers
from rulebook.table.pile_steps import step_news, step_prompt, step_told
from rulebook.variants.phases import DraftCards, ExchangeCards, PhasedObservation, _targets

__all__ = [
    "HEIGHT",
    "WIDTH",
    "card_styles",
    "cells",
    "final_lines",
    "hand_text",
    "move_events",
    "numbered_moves",
    "numeric_move",
    "people",
    "reason_words",
    "round_lines",
    "round_result",
    "rounds_ended",
    "rule_words",
    "seat_label",
    "signed",
    "table",
    "trick_result",
    "typed_numbers",
]


#: Suit colours for the terminal, chosen to read on dark and light backgrounds alike
#: (black and white suits use the terminal's own text colour, in bold).
_SUIT_STYLES = {
    "red": "bold #d84040", "blue": "bold #3a86e0", "green": "bold #2f9e44", "yellow": "bold #b8860b",
    "purple": "bold #a050d0", "orange": "bold #e07010", "black": "bold", "white": "bold underline",
}
_NEUTRAL_STYLES = ("bold #3a86e0", "bold #d84040", "bold #2f9e44", "bold #b8860b", "bold #a050d0", "bold #0097a7")


# -- words for people ----------------------------------------------------------------------


def seat_label(player: object, players: int, you: Iterable[int] = ()) -> str:
    """``you``, ``seat 3`` (seats counted from 1), ``the lord`` or ``the young lord``."""
    if isinstance(player, str):
        return {"lord": _("the lord"), "young lord": _("the young lord")}.get(player, player)
    if type(player) is int:
        if 0 <= player < players:
            return _("you") if player in set(you) else _("seat {n}").format(n=player + 1)
        if player == players:
            return _("the lord")
        if player == players + 1:
            return _("the young lord")
    return str(player)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _wins(name: str, you: bool) -> str:
    return _("you win") if you else _("{name} wins").format(name=name)


def _option_words(text: str) -> str:
    """Option values in words: ``colour_first`` -> ``colour first``."""
    return re.sub(r"\b[a-z]+(?:_[a-z]+)+\b", lambda m: m.group().replace("_", " "), text)


def people(text: str, players: int, you: Iterable[int] = ()) -> str:
    """An engine's text for people: its 0-based seats renumbered (``seat 0`` -> ``you`` or ``seat 1``)
    and its option values in words (``colour_first`` -> ``colour first``)."""
    mine = set(you)

    def one(m: re.Match[str]) -> str:
        return seat_label(int(m.group(1)), players, mine)

    def many(m: re.Match[str]) -> str:
        return "seats " + re.sub(r"\d+", lambda d: str(int(d.group()) + 1), m.group(1))

    text = _option_words(text)
    text = re.sub(r"\bseats ((?:\d+(?:, | and ))*\d+)\b", many, text)
    return _as_you(re.sub(r"\bseat (\d+)\b", one, text))


def _as_you(text: str) -> str:
    """An English text whose clauses' subject became ``you``: ``you does not hold``: ``you do``, ``its``: ``your``
    (``play R1 is not legal: you do not hold that card``)."""
    if language() != "en":
        return text
    clauses = text.split(": ")
    for i, clause in enumerate(clauses):
        if clause.startswith(("you ", "You ")):
            clause = re.sub(r"^([Yy]ou) (does|has|is)\b", lambda m: f"{m[1]} {_YOU_VERB[m[2]]}", clause)
            clauses[i] = re.sub(r"\bits\b", "your", clause)
    return ": ".join(clauses)


#: an engine's verb after "seat N", as it reads after "you"
_YOU_VERB = {"does": "do", "has": "have", "is": "are"}


def reason_words(text: str, players: int, you: Iterable[int] = (), rules: Any = None) -> str:
    """A reason or round end from the records, for people: in English with the viewer's seat as ``you``
    (:func:`people`); in another language in its words (:func:`rulebook.reference.words.phrase`), or ``""`` where
    no words are known for it (the caller then names the rule instead). ``rules``: the rules played, so
    that the figures named follow the options (:func:`rulebook.reference.words.follow_options`)."""
    if rules is not None:
        text = follow_options(text, rules)
    if not known_phrase(text):
        return people(text, players, you) if language() == "en" else ""
    # the records count seats, tricks and missions from 0: the phrase counts them from 1, as people do
    said = _option_words(phrase(text, players))
    mine = {s + 1 for s in you}
    return _as_you(re.sub(r"\bseat (\d+)\b", lambda m: _("you") if int(m[1]) in mine else m[0], said))


def rule_words(rule: str, trick: Any = None, game: Any = None) -> str:
    """A rule's title in words with its ID: ``several trumps (WB-TRICK-2)`` (the trick and its game: the
    case of the rule it took, :func:`rulebook.reference.words.rule_reason`)."""
    title = rule_reason(rule, trick, game)
    if not title:
        return rule
    first = title.split(" ")[0]
    if not (len(first) > 1 and first.isupper()):  # an acronym (UTSUKE) keeps its capitals
        title = title[:1].lower() + title[1:]
    return f"{title} ({rule})"


# -- cards ------------------------------------------------------------------------------------


class _Cards:
    """Card texts of one game under its rules, and their order in a hand."""

    def __init__(self, game: Any, rules: Any) -> None:
        self.game, self.rules = game, rules
        self.text, self.size = card_namer(game, rules)

    def __call__(self, card: int) -> str:
        return self.text(card) if type(card) is int and 0 <= card < self.size else "?"

    def key(self, card: int) -> tuple[int, int, int]:
        try:
            face = render.card_face(self.game, card, self.rules)
        except ValueError:
            return (99, 0, card)
        return (face.suit_index, face.number, card)

    def row(self, cards: Iterable[int], sort: bool = False) -> str:
        shown = sorted(cards, key=self.key) if sort else list(cards)
        return " ".join(self(c) for c in shown)


def hand_text(game: Any, rules: Any, cards: Iterable[int]) -> str:
    """A hand as card texts, sorted by suit and number: ``R4 R8 B8 Y1``."""
    return _Cards(game, rules).row(cards, sort=True)


def card_styles(game: Any, rules: Any) -> dict[str, str]:
    """Each card text of the game with its rich style (its suit's colour, bold)."""
    cards = _Cards(game, rules)
    out: dict[str, str] = {}
    for c in range(cards.size):
        try:
            face = render.card_face(game, c, rules)
        except ValueError:
            continue
        style = _SUIT_STYLES.get(face.suit.lower(), _NEUTRAL_STYLES[face.suit_index % len(_NEUTRAL_STYLES)])
        out[cards(c)] = style
    return out


# -- tricks -----------------------------------------------------------------------------------


def _tricks(state: State[Any, Any]) -> tuple[TrickRecord, ...]:
    try:
        found = tuple(state.tricks)
    except (NotImplementedError, AttributeError):
        return ()
    return tuple(t for t in found if isinstance(t, TrickRecord))


def _rounds(state: State[Any, Any]) -> tuple[RoundRecord, ...]:
    try:
        found = tuple(state.rounds)
    except (NotImplementedError, AttributeError):
        return ()
    return tuple(r for r in found if isinstance(r, RoundRecord))


def trick_result(t: TrickRecord, cards: Callable[[int], str], players: int, you: Iterable[int] = (),
                 short: bool = False) -> str:
    """``Seat 3 wins the trick with R3: several trumps (WB-TRICK-2)`` (``short``: ``wins with R3``)."""
    mine = set(you)
    name = seat_label(t.winner, players, mine)
    words = _("{who} with {card}: {rule}") if short else _("{who} the trick with {card}: {rule}")
    rule = rule_words(t.rule, t, getattr(cards, "game", None))
    return _cap(words.format(who=_wins(name, t.winner in mine), card=cards(t.winning_card), rule=rule))


def _plays(plays: Iterable[tuple[Any, int]], cards: Callable[[int], str], players: int, you: Iterable[int]) -> str:
    return _(", ").join(f"{seat_label(p, players, you)} {cards(c)}" for p, c in plays)


# -- the table --------------------------------------------------------------------------------


class _View:
    """What :func:`table` needs of one position, from one seat's observation."""

    def __init__(self, state: State[Any, Any], seat: int) -> None:
        obs = state.observation(seat)
        #: with a variant's added phases (:mod:`rulebook.variants.phases`): the seat's view of them; the
        #: game's own part of the table is drawn from the engine's state and observation under it
        self.phased: PhasedObservation | None = obs if isinstance(obs, PhasedObservation) else None
        self.outer = state
        #: whether an added step is in progress: the engine waits under it (its "now" is not the table's)
        self.stepping = self.phased is not None and bool(self.phased.phase)
        if self.phased is not None:
            state, obs = state.inner, self.phased.engine  # type: ignore[attr-defined]
        self.state = state
        self.game = type(state).GAME
        self.rules = state.rules
        self.players: int = state.rules.players
        self.seat = seat
        self.you = (seat,)
        self.obs = obs
        self.cards = _Cards(self.game, self.rules)

    def name(self, player: object) -> str:
        return seat_label(player, self.players, self.you)


#: a game's part of the table: (board lines, per-seat notes, the trick in progress as (player, card))
Part = tuple[list[str], dict[int, str], list[tuple[Any, int]]]


def _now(state: State[Any, Any], seat: int) -> str:
    """The board's own "now:" line (what the game waits for), seats renumbered."""
    try:
        text = render.state_text(state, seat)
    except (ValueError, NotImplementedError):
        return ""
    prefix = _("now: {what}").partition("{what}")[0]  # the board is drawn in the language chosen
    for line in text.splitlines():
        if line.startswith(prefix):
            return people(line[len(prefix):], state.rules.players, (seat,))
    return ""


def signed(n: int) -> str:
    """A change of points: ``+3``, ``−1`` (a minus sign, not a hyphen), ``0``."""
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def _count(n: int, one: str, many: str) -> str:
    return (one if n == 1 else many).format(n=n)


def _tail(row: str, most: int = 5) -> str:
    """The last ``most`` cards of a row (``… R2 R9 P1``)."""
    cards = row.split()
    return row if len(cards) <= most else "… " + " ".join(cards[-most:])


def _witches(v: _View) -> Part:
    from rulebook.games.witches_of_blackmore.rules import tables, wheel_order

    o = v.obs
    stack = o.trump_stack
    suits = getattr(v.game.deck, "suits", ())
    if stack and o.trump_suit is not None and 0 <= o.trump_suit < len(suits):
        trump = _("Trump: {suit} ({card}) · trump stack {stack}").format(
            suit=_(suits[o.trump_suit][0]), card=v.cards(stack[-1]), stack=_tail(v.cards.row(stack)))
    elif stack:
        trump = _("No trump colour · trump stack {stack}").format(stack=_tail(v.cards.row(stack)))
    else:
        trump = _("No trump: the trump stack is empty")
    pile = _count(o.pile_size, _("draw pile {n} card"), _("draw pile {n} cards"))
    order = wheel_order(o.anchor, o.wheel, tables(v.rules).numbers)
    side = {"descending": _("descending"), "ascending": _("ascending")}.get(o.wheel, o.wheel)
    wheel = _("Wheel ({side} side), strongest first: {order}").format(side=side, order=" ".join(str(n) for n in order))
    board = [f"{trump} · {pile}", wheel]
    last = o.tricks[-1] if o.tricks else None
    if last is not None and not o.replacing and len(stack) >= 2 and stack[-1] in last.cards:
        board.append(_("{who} laid {card} from the last trick on the trump stack; the trump was {before}").format(
            who=_cap(v.name(last.winner)), card=v.cards(stack[-1]), before=v.cards(stack[-2])))
    if o.replacing and o.tricks and o.current_player is not None:
        who = v.name(o.current_player)
        board.append(_("{who} won the trick: lay one of its cards on the trump stack, or keep the trump").format(
            who=_cap(who)))
    notes = {}
    for s in range(v.players):
        note = _count(o.hand_sizes[s], _("{n} card"), _("{n} cards")) + " · " + _count(
            o.scores[s], _("{n} point"), _("{n} points"))
        if o.known_in_hands[s]:
            note += " · " + _("holds {cards}").format(cards=v.cards.row(o.known_in_hands[s]))
        notes[s] = note
    return board, notes, list(o.trick)


def _prophecies(v: _View) -> Part:
    o = v.obs
    done = len(o.round_tricks)
    rounds = getattr(v.rules, "rounds", None)
    head = _("Round {n}").format(n=o.round + 1) + (_(" of {n}").format(n=rounds) if rounds else "")
    future = " ".join(f"[{v.cards(c)}]" if i == done and o.phase == 1 else v.cards(c)
                      for i, c in enumerate(o.future))
    board = [f"{head} · " + _("future row, one card per trick: {row}").format(row=future)]
    now = "" if v.stepping else _now(v.state, v.seat)
    if now:
        board.append(_cap(now))
    if o.aside_up:
        board.append(_("Set aside face up: {cards}").format(cards=v.cards.row(o.aside_up)))
    if o.phase == 0:
        board.append(_("Your prophecy so far (cubes on places 1-{n}): {cubes}").format(
            n=v.players, cubes=" ".join(map(str, o.own_prophecy))))
        total, placed = getattr(v.rules, "cubes", 7), sum(o.own_prophecy)
        if v.outer.current_player == v.seat and not v.stepping and placed < total:
            # its place is typed as a number when the places are listed as numbers to type (place 1 is open)
            cube = (_("Cube {k} of {n}: type its number as listed, or the places of all {left} cubes left at once "
                      "({example})") if numbered_moves(v.state.legal_actions())
                    else _("Cube {k} of {n}: type its place, or the places of all {left} cubes left at once "
                           "({example})"))
            board.append(cube.format(k=placed + 1, n=total, left=total - placed,
                                     example=_prophecy_example(v, total - placed)))
    scores = o.points if o.variant == "points" else o.successes if o.variant == "twice" else o.cubes_placed
    notes = {}
    for s in range(v.players):
        note = _count(o.hand_sizes[s], _("{n} card"), _("{n} cards")) + " · " + _count(
            scores[s], _("{n} point"), _("{n} points"))
        if o.prophecies[s] and o.phase != 0:
            note += " · " + _("prophecy {cubes}").format(cubes=" ".join(map(str, o.prophecies[s])))
            if o.remaining[s]:
                note += _(", ") + _("still open {cubes}").format(cubes=" ".join(map(str, o.remaining[s])))
        elif o.phase != 0 or s != v.seat:
            note += " · " + _("prophecy secret")
        notes[s] = note
    return board, notes, list(o.trick)


def _prophecy_example(v: _View, left: int) -> str:
    """The remaining cubes of a prophecy typed in one line: ``prophesy 1 2 2 3``, places the seat may still use."""
    places = sorted({int(str(a).partition(" ")[2]) for a in v.state.legal_actions()
                     if str(a).startswith("prophesy ")})
    if not places:
        return "prophesy 1"
    return KEEP.join([verb_word("prophesy"), *(str(places[k * len(places) // left]) for k in range(left))])


def _utsuke(v: _View) -> Part:
    o = v.obs
    suits = getattr(v.game.deck, "suits", ())
    row = list(o.lord_row)
    suit_of = v.game.deck.suit_of
    lords = [c for p, c in o.trick if p == v.players or p == "lord"]
    # UT-TRUMP-2: the chip rides on the card under it when the lord plays that card, until the trick ends
    riding = bool(lords) and o.trump >= 0 and suit_of[lords[0]] == o.trump and (not row or suit_of[row[-1]] != o.trump)
    chip = len(row) - 1 if o.trump >= 0 and not riding else -1
    lord = " ".join(f"[{v.cards(c)}]" if i == chip else v.cards(c) for i, c in enumerate(row))
    trump = (_("trump: {suit}").format(suit=_(suits[o.trump][0])) if 0 <= o.trump < len(suits) else _("no trump"))
    where = (_("the chip rides on the lord's {card} until this trick ends").format(card=v.cards(lords[0])) if riding
             else _("the chip is on the lord's rightmost card"))
    board = [_("Round {n} · {trump} ({where})").format(n=o.round + 1, trump=trump, where=where),
             _("The lord's row: {cards}").format(cards=lord or "-")]
    if o.young_row:
        board.append(_("The young lord's row: {cards}").format(cards=v.cards.row(o.young_row)))
    after = (o.lord_before - 1) % v.players
    board.append(_("The lord sits between {a} and {b} · {h} honour wins · {c} execution chips lose").format(
        a=v.name(after), b=v.name(o.lord_before), h=v.rules.honour_to_win, c=v.rules.chips_to_lose))
    notes = {}
    for s in range(v.players):
        if s == v.seat:
            bid = _("bid {n}").format(n=o.own_bid) if o.own_bid >= 0 else _("no bid yet")
        else:
            bid = _("has bid") if o.has_bid[s] else _("no bid yet")
        notes[s] = " · ".join([_count(o.hand_sizes[s], _("{n} card"), _("{n} cards")), bid,
                               _count(o.won[s], _("{n} trick"), _("{n} tricks")),
                               _("honour {n}").format(n=o.honour[s]), _("chips {n}").format(n=o.chips[s])])
    for k in range(len(o.won) - v.players):
        notes[v.players + k] = _count(o.won[v.players + k], _("{n} trick"), _("{n} tricks"))
    return board, notes, list(o.trick)


def _gods(v: _View) -> Part:
    from rulebook.games.gods_and_humans.rules import ICONS

    o = v.obs
    deals = getattr(v.rules, "deals", None)
    head = _("Deal {n}").format(n=o.deal + 1) + (_(" of {n}").format(n=deals) if isinstance(deals, int) else "")
    now = "" if v.stepping else _now(v.state, v.seat)
    board = [head + (f" · {now}" if now else "")]
    board.append(_("Field: {cards}").format(cards=v.cards.row(o.field, sort=True) or "-"))
    gifts = list(o.interventions) + ([o.giving] if o.giving is not None else [])
    if gifts:
        g = gifts[-1]
        hidden = _("a hidden card")
        given = _(", ").join(f"{v.name(to)} {hidden if c < 0 else v.cards(c)}" for c, to in zip(g.cards, g.to))
        board.append(_("Last intervention, by {god}: {given}").format(god=v.name(g.god), given=given or "-"))
    if o.forced is not None and not o.forced.revealed:
        board.append(_("Forced intervention: {n} card(s) laid face down so far").format(n=o.forced.laid))
    if o.current_player == v.seat and v.seat in o.gods:
        to = _gift_to(v)
        if to is not None:
            board.append(_("You give one card to each human in seat order: this card goes to {who}").format(
                who=v.name(to)))
    notes = {}
    hands = dict(enumerate(o.human_hands))
    for s in range(v.players):
        size = _count(o.hand_sizes[s], _("{n} card"), _("{n} cards"))
        score = _count(o.scores[s], _("{n} point"), _("{n} points"))
        if s in o.gods:
            partner = o.partners[s]
            role = _("god") + (" → " + v.name(partner) if partner >= 0 else "")
            notes[s] = f"{role} · {size} · {score}"
        else:
            mark = _(ICONS[o.marks[s]]) if 0 <= o.marks[s] < len(ICONS) else ""
            lone = " " + _("(lone)") if s in o.lones or s == o.lone else ""
            oracle = "?" if o.oracle[s] < 0 else str(o.oracle[s])
            role = _("human") + (f" {mark}" if mark else "") + lone
            note = f"{role} · {size} · " + _("oracle {n}, won {w}").format(n=oracle, w=o.won[s]) + f" · {score}"
            if s != v.seat and hands.get(s):
                note += " · " + v.cards.row(hands[s], sort=True)
            notes[s] = note
    return board, notes, list(o.trick)


def _gift_to(v: _View) -> int | None:
    """The human the god to act gives its next card to (to the humans in seat order, GH-RULING-12,
    GH-FORCED-2), or ``None`` when it gives no card now."""
    o = v.obs
    if not any(str(a).startswith("give ") for a in v.state.legal_actions()):
        return None
    humans = [s for s in range(v.players) if s not in o.gods]
    if o.forced is not None and not o.forced.revealed and v.seat in o.forced.gods:
        k = o.forced.laid - o.forced.gods.index(v.seat) * len(humans)
    else:
        k = len(o.giving.cards) if o.giving is not None else 0
    return humans[k] if 0 <= k < len(humans) else None


def _saru(v: _View) -> Part:
    from rulebook.games.saru_tori_inu_i import ANIMALS, race_order

    o = v.obs
    rules = v.rules
    head = _("Race {r} of {rs} · round {n} of {ns}").format(
        r=o.race + 1, rs=rules.race_count, n=min(o.round + 1, rules.rounds), ns=rules.rounds)
    order = race_order(rules.track, o.positions)
    board = [head + " · " + _("race order: {order}").format(order=_(", ").join(
        f"{_(ANIMALS[a])} ({o.positions[a]})" for a in order))]
    now = "" if v.stepping else _now(v.state, v.seat)
    if now:
        board.append(_cap(now))
    area = "  ".join(f"{k + 1}: {v.cards.row(col) or '-'}" for k, col in enumerate(o.area))
    beneath = "  ".join(f"{k + 1}: {v.cards.row(col)}" for k, col in enumerate(o.beneath) if col)
    board.append(_("Oracle area: {area}").format(area=area) + (" · " + _("beneath: {b}").format(b=beneath)
                                                               if beneath else ""))
    board.append(_("Road (oldest first): {cards}").format(cards=v.cards.row(o.road) or "-"))
    notes = {}
    for s in range(v.players):
        shown = o.shown[s]
        note = _count(o.hand_sizes[s], _("{n} card"), _("{n} cards")) + " · " + _count(
            o.totals[s], _("{n} point"), _("{n} points"))
        if shown == -1:
            note += " · " + _("played face down")
        elif shown >= 0:
            note += " · " + _("played strength {n}").format(n=shown) + (
                f" ({v.cards.row(o.plays[s])})" if o.plays[s] else "")
        if o.acquired[s]:
            note += " · " + _("acquired {cards}").format(cards=v.cards.row(o.acquired[s], sort=True))
        notes[s] = note
    return board, notes, []


def _generic(v: _View) -> Part:
    scores = v.state.scores
    notes = {s: _count(scores[s], _("{n} point"), _("{n} points")) for s in range(v.players)}
    trick = getattr(v.obs, "trick", ())
    plays = [p for p in trick if isinstance(p, tuple) and len(p) == 2] if isinstance(trick, tuple) else []
    now = "" if v.stepping else _now(v.state, v.seat)
    return ([_cap(now)] if now else []), notes, plays


_PARTS: dict[str, Callable[[_View], Part]] = {
    "witches-of-blackmore": _witches,
    "seven-prophecies": _prophecies,
    "utsuke": _utsuke,
    "gods-and-humans": _gods,
    "saru-tori-inu-i": _saru,
}


def _phase_lines(v: _View) -> tuple[list[str], list[str]]:
    """A variant's added phase as the seat sees it (UT-PHASE-2, UT-PHASE-3, UT-PHASE-4): the step in
    progress and what the seat is to do in it, then what the seat gave and received this round and
    the cards shown, from its observation only. ``([prompt lines], [what happened])``."""
    p = v.phased
    if p is None:
        return [], []
    outer: Any = v.outer
    cards = v.cards
    prompt: list[str] = []
    if p.phase and outer.active >= 0:
        phase = outer.phases[outer.active]
        seats = tuple(sorted(outer.order))
        count = _count(phase.cards, _("{n} card"), _("{n} cards"))
        how = _("face down") if phase.turns == "secret" else _("openly")
        if isinstance(phase, (DraftCards, ExchangeCards)):  # WB-PHASE-3, WB-PHASE-4, ST-PHASE-3, ST-PHASE-4
            return step_prompt(v, phase, seats), step_news(v)
        if v.seat not in seats:
            prompt.append(_("Added step: the players choose cards; you take no part"))
        elif p.phase == "pass":
            to = _targets(seats, phase.to)[v.seat]
            prompt.append(_("Added step, passing: choose {count} to pass to {who} ({how})").format(
                count=count, who=v.name(to), how=how))
        else:
            prompt.append(_("Added step, showing: choose {count} to show to everyone ({how})").format(
                count=count, how=how))
        done = _("{n} of {m} players have chosen").format(n=p.chosen, m=len(seats))
        if p.own:
            done += " · " + _("your choice so far: {cards}").format(cards=cards.row(p.own))
        prompt.append(done)
        others = [f"{v.name(s)} {cards.row(c)}" for s, c in enumerate(p.open) if c and s != v.seat]
        if others:
            prompt.append(_("Chosen openly: {choices}").format(choices=_(", ").join(others)))
    happened = [_("You passed {cards} to {who}").format(cards=cards.row(c), who=v.name(r)) for r, c in p.gave if c]
    happened += [_("You received {cards} from {who}").format(cards=cards.row(c), who=v.name(g)) for g, c in p.got if c]
    shown = [f"{v.name(s)} {cards.row(c)}" for s, c in enumerate(p.shown) if c]
    if shown:
        happened.append(_("Cards shown: {cards}").format(cards=_(", ").join(shown)))
    return prompt, happened + step_news(v)


def board_lines(state: State[Any, Any], seat: int) -> list[str]:
    """The game's own board as ``seat`` sees it, in a few short lines (for ``?`` and the table)."""
    v = _View(state, seat)
    return _PARTS.get(v.game.slug, _generic)(v)[0]


def table(state: State[Any, Any], seat: int, *, events: Sequence[str] = (), message: str = "",
          title: str = "", width: int = WIDTH, height: int = HEIGHT, fill: bool = False) -> list[str]:
    """The table as ``seat`` sees it: at most ``height - 1`` lines of at most ``width`` columns.

    ``events`` are the latest happenings (newest last; the ones that fit are shown), ``message``
    a line for the seat (an illegal move explained, a hint). The moves are listed when ``seat``
    is to act. ``fill``: blank lines above the hand make it exactly ``height - 1`` lines, so that
    the hand and the moves always stand at the bottom of the screen, above the prompt.
    """
    v = _View(state, seat)
    board, notes, trick = _PARTS.get(v.game.slug, _generic)(v)
    to_act = state.current_player
    sections: list[tuple[int, list[str]]] = []  # (priority: lower is dropped first, lines)
    head = title or _(v.game.title)
    if to_act is None:
        status = _("game over")
    elif to_act == seat:
        status = _("your turn")
    else:
        status = _("{who} to play").format(who=v.name(to_act))
    you_are = _("you are seat {n}").format(n=seat + 1)
    sections.append((9, [_fit(f"{head} · {you_are} · {status}", width)]))
    sections.append((3, [line for b in board for line in _wrap(b, width)]))
    prompt, happened = _phase_lines(v)
    if happened:
        sections.append((4, [line for h in happened for line in _wrap(h, width)]))
    rows = []
    label_width = max(cells(v.name(p)) for p in notes)
    for p in sorted(notes, key=lambda p: (p != seat, p)):
        name = v.name(p)
        mark = "▶ " if p == to_act else "  "
        rows += _wrap(f"{mark}{name}{' ' * (label_width - cells(name))}  {notes[p]}", width,
                      indent=" " * (label_width + 4), most=3)
    sections.append((6, rows))
    tricks = _tricks(state)
    result = ""
    if tricks:
        t = tricks[-1]
        last = _("Last trick (trick {n}): {plays}").format(n=len(tricks), plays=_plays(t.plays, v.cards, v.players,
                                                                                       v.you))
        result = trick_result(t, v.cards, v.players, v.you)
        sections.append((2, _wrap(last, width)))
        sections.append((5, _wrap("  → " + trick_result(t, v.cards, v.players, v.you, short=True), width, most=1)))
    if trick:
        line = _("This trick (trick {n}): {plays}").format(n=len(tricks) + 1,
                                                           plays=_plays(trick, v.cards, v.players, v.you))
        sections.append((7, _wrap(line, width)))
    ended = {round_result(r, v.players, v.you, v.rules) for r in _rounds(state)[-2:]}
    news = [e for e in _collapse(events) if e != result and e not in ended][-6:]
    if news:
        sections.append((1, [_fit("· " + e, width) for e in news]))
    shown = [e for e in events if e in ended][-1:]
    if shown:  # a round's result is never cut: it wraps, and ``log`` tells it whole with the reasons
        sections.append((7, _columns("· " + shown[0] + " " + _("(log: why)"), width, "  ")))
    hand = getattr(v.obs, "hand", None)
    if isinstance(hand, tuple):
        text = v.cards.row(hand, sort=True) or _("(no cards)")
        sections.append((10, _wrap(_("Your hand: {cards}").format(cards=text), width, most=4)))
    mission = getattr(v.obs, "mission", -1)
    if v.game.slug == "saru-tori-inu-i" and mission >= 0 and to_act is not None:
        from rulebook.games.saru_tori_inu_i.render import mission_text

        sections.append((4, _wrap(_("Your mission: {m}").format(m=mission_text(v.rules.missions[mission])), width,
                                  most=3)))
    if prompt:
        sections.append((9, [line for h in prompt for line in _wrap(h, width)]))
    if message:
        sections.append((8, _wrap(message, width)))
    if to_act == seat:
        sections.append((10, moves_lines(state.legal_actions(), width)))
    lines = _squeeze(sections, height - 1)
    if fill:
        hand_at = next((i for i, line in enumerate(lines) if line.startswith(_("Your hand"))), len(lines))
        lines[hand_at:hand_at] = [""] * (height - 1 - len(lines))
    return lines


def _squeeze(sections: list[tuple[int, list[str]]], room: int) -> list[str]:
    """Drop lines, lowest priority first and from their ends, until everything fits ``room`` lines."""
    total = sum(len(lines) for _p, lines in sections)
    for priority in sorted({p for p, _lines in sections}):
        for _p, lines in sections:
            while total > room and _p == priority and lines:
                lines.pop()
                total -= 1
    return [line for _p, lines in sections for line in lines]


# -- events -----------------------------------------------------------------------------------


def _seen(state: State[Any, Any], viewer: int) -> list[str]:
    """Every card text in ``viewer``'s view: its observation's fields, its board, and the finished tricks."""
    from rulebook.reference.words import render_observation

    game = type(state).GAME
    obs = state.observation(viewer)
    text = [t for _n, t in render_observation(game, state.rules, obs)]
    try:
        text.append(render.state_text(state, viewer))
    except (ValueError, NotImplementedError):
        pass
    cards = _Cards(game, state.rules)
    text += [cards(c) for t in _tricks(state) for _p, c in t.plays]
    return re.findall(r"[^\s,;:()\[\]]+", " ".join(text))


def public_move(before: State[Any, Any], action: Action, viewer: int, played: Sequence[tuple[Any, int]] = (),
                worlds: int = 4) -> str:
    """``action`` as ``viewer`` may know it: its text when the viewer's view shows which move it was,
    else only its kind (``bid (hidden)``).

    The move is named when its card now lies face up in a trick (``played``), or when no other move
    of its kind, in this position or in any of ``worlds`` positions the viewer cannot tell from it
    (:meth:`~rulebook.core.contract.State.resample`), would have left the viewer seeing the same
    thing; with no other move of its kind anywhere, when its card is in the viewer's view after it
    (a number, a forced bid or prophecy, stays hidden).
    """
    text = str(action)
    verb, _sep, arg = text.partition(" ")
    actor = before.current_player
    if not arg or actor == viewer:
        return text
    cards = _Cards(type(before).GAME, before.rules)
    if any(p == actor and cards(c) == arg for p, c in played):
        return text
    after = before.apply(action)
    seen = after.observation(viewer)
    hidden = _("{verb} (hidden)").format(verb=verb)
    others = 0
    for k in range(worlds + 1):
        try:
            world = before if k == 0 else before.resample(viewer, random.Random(k))
        except (NotImplementedError, ValueError):
            continue
        for a in world.legal_actions():
            other = str(a)
            if other == text or other.partition(" ")[0] != verb:
                continue
            others += 1
            try:
                if world.apply(a).observation(viewer) == seen:
                    return hidden
            except ValueError:
                continue
    if others or (not arg.isdigit() and arg in _seen(after, viewer)):
        return text
    return hidden


def _glosses() -> tuple[dict[str, tuple[str, str]], dict[str, str]]:
    """How a move reads in a sentence about another seat: verb -> (with its argument, when the viewer
    cannot see the argument); and the moves without an argument."""
    return {
        "play": (_("plays {arg}"), _("plays a card")),
        "trump": (_("lays {arg} on the trump stack: the new trump"), _("lays a card on the trump stack")),
        "keep": (_("keeps {arg} in hand"), _("keeps a card in hand")),
        "bid": (_("bids {arg}"), _("bids")),
        "prophesy": (_("puts a cube on place {arg}"), _("places a prophecy cube")),
        "oracle": (_("chooses oracle card {arg}"), _("chooses an oracle card")),
        "give": (_("gives {arg}"), _("gives a card")),
        "down": (_("plays {arg} face down"), _("plays a card face down")),
        "declare": (_("declares strength {arg}"), _("declares a strength")),
        "pair": (_("adds {arg} to the declaration"), _("adds a card to the declaration")),
        "under": (_("puts the played card(s) under column {arg}"), _("puts the played card(s) under a column")),
        "take": (_("acquires {arg}"), _("acquires a card")),
        "road": (_("lays {arg} as road"), _("lays a card as road")),
    }, {"keep": _("keeps the trump"), "intervene": _("intervenes"), "pass": _("passes")}


def _told(name: str, you: bool, text: str, shown: bool) -> str:
    """``Seat 2 plays G3`` / ``Seat 2 bids (secret)`` / ``You: play R4``."""
    verb, _sep, arg = text.partition(" ")
    if you:
        return _("{seat}: {action}").format(seat=_cap(name), action=move_text(text))
    glosses, plain = _glosses()
    # TRANSLATORS: a move of another seat: "Seat 2" and "plays G3" (the words of the move's kind)
    told = _("{who} {does}")
    if not arg and verb in plain:
        return told.format(who=_cap(name), does=plain[verb])
    if verb in glosses:
        said = glosses[verb][0].format(arg=arg) if shown else glosses[verb][1]
        return told.format(who=_cap(name), does=said)
    return _("{seat}: {action}").format(seat=_cap(name), action=move_text(text) if shown else _(
        "{verb} (hidden)").format(verb=verb_word(verb)))


def move_events(before: State[Any, Any], action: Action, after: State[Any, Any], viewer: int) -> list[str]:
    """What ``action`` (by ``before.current_player``) changed, in words, as ``viewer`` saw it."""
    players = before.rules.players
    you = (viewer,)
    actor = before.current_player
    cards = _Cards(type(before).GAME, before.rules)
    old, new = _tricks(before), _tricks(after)
    seen_before = list(getattr(before.observation(viewer), "trick", ()) or ())
    plays: list[tuple[Any, int]] = []
    for t in new[len(old):]:
        plays += list(t.plays)
    plays += [p for p in (getattr(after.observation(viewer), "trick", ()) or ()) if isinstance(p, tuple)]
    fresh = plays[len(seen_before):] if plays[: len(seen_before)] == seen_before else plays
    told = public_move(before, action, viewer, fresh)
    name = seat_label(actor, players, you)
    out = [step_told(action, name, actor == viewer) or _told(name, actor == viewer, str(action), told == str(action))]
    for player, card in fresh:
        if player != actor:  # an NPC's card (the lord's), played inside the move
            out.append(_told(seat_label(player, players, you), False, f"play {cards(card)}", True))
    for t in new[len(old):]:
        out.append(trick_result(t, cards, players, you))
    for r in _rounds(after)[len(_rounds(before)):]:
        out.append(round_result(r, players, you, before.rules))
    return out


def rounds_ended(before: State[Any, Any], after: State[Any, Any]) -> int:
    """How many rounds ended between ``before`` and ``after`` (their results end :func:`move_events`)."""
    return len(_rounds(after)) - len(_rounds(before))


def round_result(r: RoundRecord, players: int, you: Iterable[int] = (), rules: Any = None) -> str:
    """``Round 2 ends: the round's cards were played; you 0, seat 2 +2``: how a round ended, what each seat
    scored (``rules``: the rules played, whose options the figures named follow)."""
    points = _(", ").join(f"{seat_label(s, players, you)} {signed(p)}" for s, p in enumerate(r.points))
    end = reason_words(r.end, players, you, rules) or rule_words(r.rule)
    slug = _slug_of(rules)
    said = (_("Race {n} ends: {end}; {points}") if slug == "saru-tori-inu-i"  # a record per race, of 6 rounds
            else _("Deal {n} ends: {end}; {points}") if slug == "gods-and-humans"
            else _("Round {n} ends: {end}; {points}"))
    return said.format(n=r.number + 1, end=end, points=points)


def _slug_of(rules: Any) -> str:
    """The slug of the game whose ``Rules`` these are (``""`` when none is given)."""
    module = type(rules).__module__ if rules is not None else ""
    return module.split(".")[2].replace("_", "-") if module.startswith("rulebook.games.") else ""


def round_lines(state: State[Any, Any], you: Sequence[int] = (), width: int = WIDTH) -> list[str]:
    """The whole last finished round (``log`` at the table): how it ended, then every seat's points with
    the reason for each, by scoring rule; ``[]`` before the first round ends."""
    rounds = _rounds(state)
    if not rounds:
        return []
    r = rounds[-1]
    players = state.rules.players
    mine = tuple(you)
    game = type(state).GAME
    cards = _Cards(game, state.rules)
    names = {cards(c) for c in range(cards.size)}
    end = reason_words(r.end, players, mine, state.rules) or rule_words(r.rule)
    slug = _slug_of(state.rules)
    said = (_("Race {n}: {end} ({rule})") if slug == "saru-tori-inu-i" else _("Deal {n}: {end} ({rule})")
            if slug == "gods-and-humans" else _("Round {n}: {end} ({rule})"))
    out = [said.format(n=r.number + 1, end=end, rule=r.rule), ""]
    label_width = max(cells(seat_label(s, players, mine)) for s in range(players))
    for s in range(players):
        by_rule: dict[str, list[tuple[int, str]]] = {}
        for c in r.changes:
            if c.seat == s:
                by_rule.setdefault(c.rule, []).append((c.points, c.reason))
        reasons = []
        for rule, changes in by_rule.items():
            why = _why([why for _p, why in changes], rule, names, players, mine, state.rules)
            reasons.append(f"{signed(sum(p for p, _r in changes))} {why} ({rule})")
        bids, won, chips = (getattr(r, "bids", ()), getattr(r, "won", ()), getattr(r, "chips", ()))
        lord = getattr(r, "lord_tricks", 0)
        if not reasons and s < len(bids) and bids[s] >= 0:  # UTSUKE: the revealed bid says why no honour
            reasons.append(_("bid {bid}, the lord took {lord}: no honour").format(bid=bids[s], lord=lord))
        if s < len(chips) and chips[s] > 0 and s < len(won):
            reasons.append(_("took {won} tricks, more than the lord's {lord}: an execution chip (UT-SCORE-4)").format(
                won=won[s], lord=lord))
        name = seat_label(s, players, mine)
        total = signed(r.points[s]) if s < len(r.points) else "0"
        text = (f"{name}{' ' * (label_width - cells(name))}  {total:>4}  "
                + (_("; ").join(reasons) if reasons else _("no points")))
        out += _columns(text, width, " " * (label_width + 8))
    out += ["", _("Scores now: {scores}").format(scores=_(", ").join(
        f"{seat_label(s, players, mine)} {state.scores[s]}" for s in range(players)))]
    return out


def _collapse(events: Sequence[str]) -> list[str]:
    """Repeated events told once: ``Seat 5: give (hidden) (3 times)``."""
    out: list[tuple[str, int]] = []
    for e in events:
        if out and out[-1][0] == e:
            out[-1] = (e, out[-1][1] + 1)
        else:
            out.append((e, 1))
    return [e if n == 1 else _("{event} ({n} times)").format(event=e, n=n) for e, n in out]


# -- the end ----------------------------------------------------------------------------------


#: a reason that counts cards (Saru Tori Inu I's ST-SCORE-2: ``2 blue card(s) (strength 13), ...``)
_CARDS_COUNTED = re.compile(r"^(\d+) \S+ card\(s\)")


def _why(reasons: Sequence[str], rule: str, names: set[str], players: int, you: Sequence[int], rules: Any) -> str:
    """The words of one rule's changes of a seat's score: their reason when they give one (:func:`_merge`),
    the cards they count when each counts cards, else the rule's title."""
    merged = _merge(reasons, names)
    if merged:
        said = reason_words(merged, players, you, rules)
        if said:
            return said
    counted = [_CARDS_COUNTED.match(r) for r in reasons]
    if reasons and all(counted):
        n = sum(int(m[1]) for m in counted if m)
        return ngettext("points for {n} acquired card", "points for {n} acquired cards", n).format(n=n)
    return rule_words(rule)[: -len(rule) - 3]


def _merge(reasons: Sequence[str], cards: set[str]) -> str:
    """One reason for several alike: the reason itself when there is one or they are all the same; the
    same words with their cards listed when they differ only by a card (``laid Y1, R2 on the trump
    stack``); ``""`` otherwise."""
    if len(set(reasons)) == 1:
        return reasons[0]
    words = [r.split(" ") for r in reasons]
    if len({len(w) for w in words}) != 1:
        return ""
    differ = [i for i in range(len(words[0])) if len({w[i] for w in words}) > 1]
    if len(differ) != 1 or not all(w[differ[0]] in cards for w in words):
        return ""
    at = differ[0]
    listed = ", ".join(dict.fromkeys(w[at] for w in words))
    return " ".join([*words[0][:at], listed, *words[0][at + 1:]])


def _over(slug: str, n: int) -> str:
    """``in 3 rounds: {why}`` (``deals`` in the gods-and-humans game, ``races`` in Saru Tori Inu I): a total
    over several of the game's rounds, before the words of their reason."""
    if slug == "gods-and-humans":
        return ngettext("in {n} deal: {why}", "in {n} deals: {why}", n).replace("{n}", str(n))
    if slug == "saru-tori-inu-i":
        return ngettext("in {n} race: {why}", "in {n} races: {why}", n).replace("{n}", str(n))
    return ngettext("in {n} round: {why}", "in {n} rounds: {why}", n).replace("{n}", str(n))


def final_lines(state: State[Any, Any], you: Sequence[int] = (), width: int = WIDTH,
                height: int = HEIGHT) -> list[str]:
    """The final scores, each with its reasons by scoring rule, and who won (at most ``height - 1`` lines)."""
    players = state.rules.players
    mine = tuple(you)
    game = type(state).GAME
    out = [_("{game}: the game is over").format(game=_(game.title)), ""]
    by_seat: dict[int, dict[str, list[tuple[int, str]]]] = {s: {} for s in range(players)}
    #: per seat and rule, the rounds in which the rule changed the seat's score
    when: dict[tuple[int, str], set[int]] = {}
    for r in _rounds(state):
        for c in r.changes:
            if 0 <= c.seat < players:
                by_seat[c.seat].setdefault(c.rule, []).append((c.points, c.reason))
                when.setdefault((c.seat, c.rule), set()).add(r.number)
    order = sorted(range(players), key=lambda s: -state.scores[s])
    cards = _Cards(game, state.rules)
    names = {cards(c) for c in range(cards.size)}
    label_width = max(cells(seat_label(s, players, mine)) for s in range(players))
    room = height - 1 - 5 - players
    for s in order:
        name = seat_label(s, players, mine)
        reasons = []
        for rule, changes in by_seat[s].items():
            total = sum(p for p, _r in changes)
            why = _why([r for _p, r in changes], rule, names, players, mine, state.rules)
            rounds = len(when.get((s, rule), ()))
            if rounds > 1:  # a total of several rounds is not one round's words: say how many
                why = _over(game.slug, rounds).format(why=why)
            reasons.append(f"{signed(total)} {why} ({rule})")
        text = (f"{name}{' ' * (label_width - cells(name))}  {state.scores[s]:>4}"
                + ("  " + _("; ").join(reasons) if reasons else "  " + _("no points")))
        lines = _wrap(text, width, indent=" " * (label_width + 8), most=2 if room > 0 else 1)
        room -= len(lines) - 1
        out += lines
    winners = sorted(state.winners)
    out.append("")
    if not winners:
        out.append(_("Nobody wins: the rules give this game no winner."))
    elif len(winners) == 1:
        # TRANSLATORS: the last line of a game: "Seat 2 wins" (or "You win") and a full stop
        out.append(_("{result}.").format(result=_cap(_wins(seat_label(winners[0], players, mine), winners[0] in mine))))
    else:
        out.append(_("Shared win: {who}.").format(who=_(", ").join(seat_label(w, players, mine) for w in winners)))
    return out[: height - 2]
