"""Pictures and text views of cards, tricks and states (SVG written as text, no dependency).

* :func:`card_svg`, :func:`hand_svg` and :func:`trick_svg` draw cards of any game in
  their suit colour, with the card's text form (``R7``) as the accessible name;
* :func:`state_text` and :func:`state_svg` show any state from the common contract
  (players, scores, the seat to act, hands, the last recorded trick, legal actions);
* :func:`register` lets a game replace the generic views with its own; each game's board
  (``rulebook.core.render.<game module>``, imported on first use) is registered that way;
* ``observation_text(obs)`` and ``observation_svg(obs)`` draw an observation (what one
  seat sees) with the views a game registers by ``register_observation``; the games'
  ``Observation.__str__`` and ``_repr_svg_`` call them.

Hidden information: with ``seat`` given, a view shows only what that seat may see (its
own hand from :meth:`~rulebook.core.contract.State.observation`, public scores and
tricks, and the legal actions only when that seat is to act). With ``seat=None`` it is an
omniscient view of the whole state, for the docs and for debugging.

>>> import rulebook
>>> from rulebook.core import render
>>> game = rulebook.get_game("witches-of-blackmore")
>>> render.card_text(game, 6), render.suit_colour("red")
('R7', '#c62828')
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import Any

from rulebook.core.history import TrickRecord
from rulebook.core.move_words import move_text
from rulebook.i18n import _
from rulebook.i18n import width as columns

__all__ = [
    "CardFace",
    "card_face",
    "card_svg",
    "card_text",
    "deck_svg",
    "hand_svg",
    "observation_svg",
    "observation_text",
    "register",
    "register_observation",
    "repr_svg",
    "state_svg",
    "state_text",
    "suit_colour",
    "trick_svg",
]

#: colours for suit names (lower case), as printed on the games' cards where known
NAMED_COLOURS: dict[str, str] = {
    "red": "#c62828",
    "blue": "#1565c0",
    "green": "#2e7d32",
    "yellow": "#b8860b",
    "purple": "#6a1b9a",
    "orange": "#e65100",
    "black": "#212121",
    "white": "#757575",
}
#: colours for suits whose names are not colours ("suit A"), by suit index
NEUTRAL_PALETTE: tuple[str, ...] = ("#37474f", "#00838f", "#8e24aa", "#6d4c41", "#558b2f", "#ad1457")

CARD_W, CARD_H, GAP = 48, 68, 6

TextHook = Callable[[Any, "int | None"], str]
SvgHook = Callable[..., str]  # (state, seat) or (state, seat, width)
_TEXT: dict[str, TextHook] = {}
_SVG: dict[str, SvgHook] = {}
ObsHook = Callable[[Any], str]
_OBS_TEXT: dict[type, ObsHook] = {}
_OBS_SVG: dict[type, ObsHook] = {}
_TRIED: set[str] = set()


def _load(module: str) -> None:
    """Import the views of the game that defines ``module`` (its package's ``render`` module,
    ``rulebook.games.<game>.render``, which registers them) once, if it has any."""
    parts = module.split(".")
    if len(parts) < 3 or parts[:2] != ["rulebook", "games"]:
        return
    name = ".".join([*parts[:3], "render"])
    if name in _TRIED:
        return
    _TRIED.add(name)
    import importlib

    try:
        importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise


def register_observation(cls: type, *, text: ObsHook, svg: ObsHook) -> None:
    """Use ``text(obs)`` / ``svg(obs)`` for observations of class ``cls``."""
    if not isinstance(cls, type):
        raise ValueError(f"cls must be a class, not {type(cls).__name__}")
    if not callable(text) or not callable(svg):
        raise ValueError("text and svg must be callable")
    _OBS_TEXT[cls] = text
    _OBS_SVG[cls] = svg


def _obs_hook(obs: Any, table: dict[type, ObsHook]) -> ObsHook:
    cls = type(obs)
    if cls not in table:
        _load(cls.__module__)
    hook = table.get(cls)
    if hook is None:
        raise ValueError(f"no picture for observations of type {cls.__name__}")
    return hook


def observation_text(obs: Any) -> str:
    """A multi-line text view of an observation (what its seat sees), card texts like ``R7``."""
    return _obs_hook(obs, _OBS_TEXT)(obs)


def observation_svg(obs: Any) -> str:
    """An SVG picture of an observation (what its seat sees); for ``Observation._repr_svg_``."""
    return _obs_hook(obs, _OBS_SVG)(obs)


def register(slug: str, *, text: TextHook | None = None, svg: SvgHook | None = None) -> None:
    """Use ``text(state, seat)`` / ``svg(state, seat)`` for the states of game ``slug``.

    Per-game code calls this to replace the generic views; ``None`` leaves a view as it is.
    """
    if not isinstance(slug, str) or not slug:
        raise ValueError(f"slug must be a non-empty str, not {slug!r}")
    for name, hook in (("text", text), ("svg", svg)):
        if hook is not None and not callable(hook):
            raise ValueError(f"{name} must be callable, not {type(hook).__name__}")
    if text is not None:
        _TEXT[slug] = text
    if svg is not None:
        _SVG[slug] = svg


def suit_colour(name: str, index: int = 0) -> str:
    """The colour of a suit called ``name`` (index ``index`` in its deck)."""
    if not isinstance(name, str):
        raise ValueError(f"suit name must be a str, not {type(name).__name__}")
    if type(index) is not int or index < 0:
        raise ValueError(f"suit index must be a whole number >= 0, not {index!r}")
    colour = NAMED_COLOURS.get(name.strip().lower())
    return colour if colour is not None else NEUTRAL_PALETTE[index % len(NEUTRAL_PALETTE)]


class CardFace:
    """What a card shows: its text (``R7``), long name, suit name and index, and number."""

    __slots__ = ("name", "number", "suit", "suit_index", "text")

    def __init__(self, text: str, name: str, suit: str, suit_index: int, number: int) -> None:
        self.text, self.name, self.suit, self.suit_index, self.number = text, name, suit, suit_index, number

    @property
    def colour(self) -> str:
        return suit_colour(self.suit, self.suit_index)

    @property
    def suit_shown(self) -> str:
        """The suit's name in the language shown (``red``; Japanese ``赤``)."""
        return _(self.suit)

    @property
    def name_shown(self) -> str:
        """The long name in the language shown (``red 7``; Japanese ``赤の7``); a name that is not
        the suit and the number (a card named in a deck's data) stays as it is."""
        if self.name != f"{self.suit} {self.number}":
            return self.name
        return _("{suit} {number}").format(suit=self.suit_shown, number=self.number)

    def __repr__(self) -> str:
        return f"CardFace({self.text!r}, {self.name!r})"


def _deck_of(game: Any) -> Any:
    deck = getattr(game, "deck", None)
    if deck is None:
        deck = getattr(sys.modules.get(type(game).__module__), "DECK", None)
    return deck


def card_face(game: Any, card: int, rules: Any = None) -> CardFace:
    """How ``card`` of ``game`` looks (``rules`` for games whose deck is a rules option)."""
    if type(card) is not int or card < 0:
        raise ValueError(f"card must be a whole number >= 0, not {card!r}")
    data = getattr(rules, "deck", None) if rules is not None else None
    if isinstance(data, tuple) and data and hasattr(data[0], "strength"):
        # a deck given as data (Saru Tori Inu I): cards with a colour index and a strength
        if card >= len(data):
            raise ValueError(f"not a card of {game.slug}: {card!r}")
        c = data[card]
        names = getattr(sys.modules.get(type(game).__module__), "COLOURS", ())
        suit = names[c.colour] if c.colour < len(names) else f"colour {c.colour}"
        text = str(getattr(c, "name", "") or f"{suit[0].upper()}{c.strength}")
        return CardFace(text, f"{suit} {c.strength}", suit, c.colour, c.strength)
    deck = _deck_of(game)
    if deck is None or card >= deck.size:
        raise ValueError(f"not a card of {getattr(game, 'slug', game)}: {card!r}")
    suit_index = deck.suit_of[card]
    suit = deck.suits[suit_index][0]
    return CardFace(deck.text(card), deck.name(card), suit, suit_index, deck.rank_of[card])


def card_text(game: Any, card: int, rules: Any = None) -> str:
    """The short text of ``card`` (``R7``)."""
    return card_face(game, card, rules).text


def _squeeze(text: str, room: float, size: float = 10) -> str:
    """The attributes that fit a ``size``-pixel ``text`` with wide (CJK) characters into ``room`` pixels
    (none if it fits, or has no wide character)."""
    wide = columns(text) - len(text)
    if not wide or 0.6 * size * (len(text) - wide) + size * wide <= room:
        return ""
    return f' textLength="{room:g}" lengthAdjust="spacingAndGlyphs"'


def _card(face: CardFace, x: float, y: float, *, mark: str = "") -> str:
    c = face.colour
    name = face.name_shown
    suit = face.suit_shown[:8]
    label = escape(_("{card}, {mark}").format(card=name, mark=mark) if mark else name)
    stroke = "#f9a825" if mark else c
    width = 4 if mark else 2
    return (
        f'<g role="img" aria-label="{label}" transform="translate({x:g},{y:g})">'
        f"<title>{escape(face.text)}: {label}</title>"
        f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="6" fill="#fff" '
        f'stroke="{stroke}" stroke-width="{width}"/>'
        f'<rect x="5" y="5" width="{CARD_W - 10}" height="14" rx="3" fill="{c}"/>'
        f'<text x="{CARD_W / 2:g}" y="16" font-size="10" font-family="sans-serif" fill="#fff" '
        f'text-anchor="middle"{_squeeze(suit, CARD_W - 14)}>{escape(suit)}</text>'
        f'<text x="{CARD_W / 2:g}" y="{CARD_H - 16}" font-size="26" font-weight="bold" '
        f'font-family="sans-serif" fill="{c}" text-anchor="middle">{face.number}</text>'
        "</g>"
    )


def _svg(width: float, height: float, label: str, body: Iterable[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label="{escape(label)}">'
        f"<title>{escape(label)}</title>{''.join(body)}</svg>"
    )


def card_svg(game: Any, card: int, rules: Any = None) -> str:
    """One card as a standalone SVG document (its text form is the accessible name)."""
    face = card_face(game, card, rules)
    return _svg(CARD_W, CARD_H, face.text, [_card(face, 0, 0)])


def hand_svg(game: Any, cards: Sequence[int], rules: Any = None, *, label: str = "") -> str:
    """A row of cards (a hand, a pile), in the order given."""
    if not isinstance(cards, (tuple, list)):
        raise ValueError(f"cards must be a tuple or list, not {type(cards).__name__}")
    faces = [card_face(game, c, rules) for c in cards]
    width = max(1, len(faces)) * (CARD_W + GAP) - GAP
    text = label or " ".join(f.text for f in faces) or _("no cards")
    return _svg(width, CARD_H, text, [_card(f, i * (CARD_W + GAP), 0) for i, f in enumerate(faces)])


def _all_cards(game: Any, rules: Any) -> range:
    data = getattr(rules, "deck", None) if rules is not None else None
    if isinstance(data, tuple) and data and hasattr(data[0], "strength"):
        return range(len(data))
    deck = _deck_of(game)
    if deck is None:
        raise ValueError(f"{getattr(game, 'slug', game)} has no deck to draw")
    return range(deck.size)


def deck_svg(game: Any, rules: Any = None) -> str:
    """Every card of the game's deck, one row per suit (the components picture)."""
    rows: dict[int, list[CardFace]] = {}
    for card in _all_cards(game, rules):
        face = card_face(game, card, rules)
        rows.setdefault(face.suit_index, []).append(face)
    body = []
    width = 0
    for r, suit in enumerate(sorted(rows)):
        faces = sorted(rows[suit], key=lambda f: f.number)
        width = max(width, len(faces) * (CARD_W + GAP) - GAP)
        body += [_card(f, i * (CARD_W + GAP), r * (CARD_H + GAP)) for i, f in enumerate(faces)]
    height = len(rows) * (CARD_H + GAP) - GAP
    suits = _(", ").join(rows[s][0].suit_shown for s in sorted(rows))
    count = sum(len(v) for v in rows.values())
    return _svg(width, max(height, 1), _("The {count} cards of {game}: {suits}").format(
        count=count, game=_(game.title), suits=suits), body)


def trick_svg(game: Any, trick: TrickRecord, rules: Any = None) -> str:
    """A finished trick: each seat's card in playing order, the winner's card marked."""
    if not isinstance(trick, TrickRecord):
        raise ValueError(f"trick must be a TrickRecord, not {type(trick).__name__}")
    body = []
    top = 16
    for i, (player, card) in enumerate(trick.plays):
        face = card_face(game, card, rules)
        x = i * (CARD_W + GAP)
        won = player == trick.winner
        bold = ' font-weight="bold"' if won else ""
        body.append(
            f'<text x="{x + CARD_W / 2:g}" y="12" font-size="11" font-family="sans-serif" '
            f'text-anchor="middle" fill="#333"{bold}>{escape(_seat(player))}</text>'
        )
        body.append(_card(face, x, top, mark=_("wins the trick") if won else ""))
    width = max(1, len(trick.plays)) * (CARD_W + GAP) - GAP
    label = _trick_line(game, trick, rules)
    return _svg(width, CARD_H + top, label, body)


def _seat(player: object) -> str:
    """``seat 3`` for seat 2; a player named in a record (UTSUKE's ``lord``) by its name, translated."""
    if type(player) is int:
        return _("seat {n}").format(n=player + 1)
    return _(player) if isinstance(player, str) and player else str(player)


def _trick_line(game: Any, trick: TrickRecord, rules: Any = None, *, last: bool = False) -> str:
    plays = _(", ").join(_("{seat} {card}").format(seat=_seat(p), card=card_text(game, c, rules))
                         for p, c in trick.plays)
    won = card_text(game, trick.winning_card, rules)
    line = (_("last trick {n}: {plays}; {seat} wins with {card}") if last
            else _("trick {n}: {plays}; {seat} wins with {card}"))
    text = line.format(n=trick.number + 1, plays=plays, seat=_seat(trick.winner), card=won)  # from 1 for people
    return _("{text} ({rule})").format(text=text, rule=trick.rule) if trick.rule else text


def _tricks(state: Any) -> tuple[TrickRecord, ...]:
    try:
        tricks = state.tricks
    except (NotImplementedError, AttributeError):
        return ()
    return tuple(t for t in tricks if isinstance(t, TrickRecord))


def _hands(state: Any, seat: int | None) -> list[tuple[int, tuple[int, ...]]]:
    if seat is None:
        hands = getattr(state, "hands", None)
        if isinstance(hands, tuple) and all(isinstance(h, tuple) for h in hands):
            return [(s, h) for s, h in enumerate(hands) if all(type(c) is int for c in h)]
        return []
    hand = getattr(state.observation(seat), "hand", None)
    if isinstance(hand, tuple) and all(type(c) is int for c in hand):
        return [(seat, hand)]
    return []


def _check_seat(state: Any, seat: int | None) -> None:
    if seat is None:
        return
    players = len(state.scores)
    if type(seat) is not int or not 0 <= seat < players:
        raise ValueError(f"seat must be a whole number 0..{players - 1} or None, not {seat!r}")


def _generic_text(state: Any, seat: int | None) -> str:
    game = state.GAME
    rules = state.rules
    scores = state.scores
    head = _("{game} · {n} players").format(game=_(game.title), n=len(scores))
    if seat is not None:
        head = _("{title} · seen by {seat}").format(title=head, seat=_seat(seat))
    lines = [head]
    actor = state.current_player
    if state.is_terminal:
        winners = " ".join(_seat(w) for w in sorted(state.winners))
        lines.append(_("game over; winners: {winners}").format(winners=winners or _("none")))
    else:
        lines.append(_("to act: {seat}").format(seat=_seat(actor)))
    lines.append(_("scores: {scores}").format(scores="  ".join(
        _("{seat} {points}").format(seat=_seat(s), points=p) for s, p in enumerate(scores))))
    for s, hand in _hands(state, seat):
        try:
            shown = " ".join(card_text(game, c, rules) for c in hand)
        except ValueError:
            continue
        lines.append(_("{label}: {items}").format(label=_("hand of {seat}").format(seat=_seat(s)),
                                                  items=shown or _("(empty)")))
    tricks = _tricks(state)
    if tricks:
        lines.append(_trick_line(game, tricks[-1], rules, last=True))
    if not state.is_terminal and (seat is None or seat == actor):
        legal = [str(a) for a in state.legal_actions()]
        lines.append(_legal_line(legal, 12))
    return "\n".join(lines)


def _legal_line(legal: Sequence[str], most: int | None = None) -> str:
    """``legal: a, b, c`` (the legal actions' texts, their kind of move in the language shown: ``出す B3``),
    cut after ``most`` with a count."""
    shown = _(", ").join(move_text(t) for t in (legal if most is None else legal[:most]))
    if most is not None and len(legal) > most:
        return _("legal: {actions} … ({n} in all)").format(actions=shown, n=len(legal))
    return _("legal: {actions}").format(actions=shown)


def _hooks(state: Any) -> None:
    slug = state.GAME.slug
    if slug not in _TEXT and slug not in _SVG:
        _load(type(state).__module__)


def state_text(state: Any, seat: int | None = None) -> str:
    """A multi-line text view of ``state`` (as seen by ``seat``; ``None``: everything)."""
    _check_seat(state, seat)
    _hooks(state)
    hook = _TEXT.get(state.GAME.slug)
    return hook(state, seat) if hook is not None else _generic_text(state, seat)


def _generic_svg(state: Any, seat: int | None) -> str:
    game, rules = state.GAME, state.rules
    lines = _generic_text(state, seat).splitlines()
    body: list[str] = []
    y = 0
    width = 360
    for line in lines[:3]:
        y += 18
        body.append(
            f'<text x="0" y="{y}" font-size="13" font-family="sans-serif" fill="#222">{escape(line)}</text>'
        )
    for s, hand in _hands(state, seat):
        try:
            faces = [card_face(game, c, rules) for c in hand]
        except ValueError:
            continue
        y += 22
        label = _("hand of {seat}").format(seat=_seat(s))
        body.append(
            f'<text x="0" y="{y - 4}" font-size="12" font-family="sans-serif" fill="#555">{escape(label)}</text>'
        )
        for i, face in enumerate(faces):
            body.append(_card(face, i * (CARD_W + GAP), y))
        width = max(width, len(faces) * (CARD_W + GAP))
        y += CARD_H
    tricks = _tricks(state)
    if tricks:
        t = tricks[-1]
        y += 22
        body.append(
            f'<text x="0" y="{y - 4}" font-size="12" font-family="sans-serif" fill="#555">'
            f"{escape(_trick_line(game, t, rules, last=True))}</text>"
        )
        for i, (player, card) in enumerate(t.plays):
            mark = _("wins the trick") if player == t.winner else ""
            body.append(_card(card_face(game, card, rules), i * (CARD_W + GAP), y, mark=mark))
        width = max(width, len(t.plays) * (CARD_W + GAP))
        y += CARD_H
    return _svg(width, y + 4, lines[0], body)


def state_svg(state: Any, seat: int | None = None, width: int | None = None) -> str:
    """An SVG view of ``state`` (as seen by ``seat``; ``None``: everything); ``width``: laid out to fit that
    many pixels (a phone), where the game's board can (every game's own board can)."""
    _check_seat(state, seat)
    _hooks(state)
    hook = _SVG.get(state.GAME.slug)
    if hook is None:
        return _generic_svg(state, seat)
    return hook(state, seat) if width is None else hook(state, seat, width)


def repr_svg(state: Any) -> str:
    """For ``State._repr_svg_`` (Jupyter): the omniscient picture of ``state``."""
    return state_svg(state, None)
