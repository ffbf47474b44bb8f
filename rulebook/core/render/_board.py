"""A board as a list of labelled rows, drawn once as text and once as SVG.

The per-game render modules describe what a state or observation shows (lines, rows of
cards with face-down cards as ``None``, chips, a wheel, a track); :class:`Board` draws the
same rows as a multi-line text (card texts, ``R7``) and as an SVG document. Each card keeps
its accessible name (``red 7``); a face-down card is labelled ``face-down card`` and shows
nothing of its face.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from rulebook.core import render
from rulebook.core.render import CARD_H, CARD_W, GAP, CardFace
from rulebook.i18n import _
from rulebook.i18n import width as columns

__all__ = ["Board", "Chip", "Views", "register_views", "seat_name", "seat_observation"]

FONT = 'font-family="sans-serif"'
#: a chip: its text and fill colour
Chip = tuple[str, str]


def seat_name(seat: object) -> str:
    """A seat for people, numbered from 1 (``seat 3`` for seat ``2``), in the language shown;
    a place that is not a seat (a text already shown) stays as it is."""
    return _("seat {n}").format(n=seat + 1) if type(seat) is int else str(seat)


def seat_observation(state: Any, seat: int) -> Any:
    """What ``seat`` sees of the game itself: its observation, or under a variant's added steps
    (:class:`rulebook.variants.phases.PhasedObservation`) the engine's observation the steps wrap.
    The board draws the game's own part; the added step in progress is told beside it."""
    obs = state.observation(seat)
    return getattr(obs, "engine", obs)


def _row(label: str, items: str) -> str:
    """A row of the text board: its label, then what it holds."""
    return _("{label}: {items}").format(label=label, items=items)


def _px(text: str, narrow: float, wide: float) -> float:
    """How wide ``text`` is drawn, at most: ``narrow`` pixels a character, ``wide`` for a wide (CJK) one."""
    many = columns(text) - len(text)  # the wide characters
    return narrow * (len(text) - many) + wide * many


def _label_room(text: str) -> int:
    """The room a bold 12-pixel label with wide (CJK) characters takes (0 for other labels: their rows
    have always been wide enough)."""
    return math.ceil(_px(text, 7, 12)) + 4 if columns(text) > len(text) else 0


def _chip_width(text: str) -> int:
    return math.ceil(_px(text, 7, 12)) + 14


def _back(x: float, y: float) -> str:
    name = escape(_("face-down card"))
    return (
        f'<g role="img" aria-label="{name}" transform="translate({x:g},{y:g})">'
        f"<title>{name}</title>"
        f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="6" fill="#546e7a" stroke="#263238" '
        'stroke-width="2"/>'
        f'<rect x="7" y="7" width="{CARD_W - 14}" height="{CARD_H - 14}" rx="4" fill="none" stroke="#cfd8dc"/>'
        "</g>"
    )


class Board:
    """Rows of a board; :meth:`text` and :meth:`svg` draw them."""

    def __init__(self, game: Any, rules: Any, title: str) -> None:
        self.game, self.rules, self.title = game, rules, title
        self.rows: list[tuple[str, Any]] = []

    # -- building -------------------------------------------------------------------------

    def line(self, text: str) -> None:
        """A line of text."""
        self.rows.append(("line", text))

    def head(self, to_act: int | None, scores: Sequence[int], winners: Sequence[int] | None = ()) -> None:
        """The two standard lines: who acts (or the winners; ``None``: not known to this view), and the scores."""
        if to_act is None and winners is None:
            self.line(_("game over"))
        elif to_act is None:
            names = " ".join(seat_name(w) for w in sorted(winners or ()))
            self.line(_("game over; winners: {winners}").format(winners=names or _("none")))
        else:
            self.line(_("to act: {seat}").format(seat=seat_name(to_act)))
        self.line(_("scores: {scores}").format(scores="  ".join(
            _("{seat} {points}").format(seat=seat_name(s), points=p) for s, p in enumerate(scores))))

    def legal(self, legal: Sequence[str], most: int | None = None) -> None:
        """The line of legal actions (their texts stay as they are), cut after ``most`` with a count."""
        self.line(render._legal_line(legal, most))

    def face(self, card: int) -> CardFace:
        return render.card_face(self.game, card, self.rules)

    def cards(
        self, label: str, cards: Sequence[int | None], *, marks: dict[int, str] | None = None,
        seats: Sequence[object] | None = None, empty: str | None = None,
    ) -> None:
        """A row of cards (``None``: face down); ``marks`` by position; ``seats`` above each card;
        ``empty``: what an empty row says (``(none)`` in the language shown)."""
        faces = [None if c is None else self.face(c) for c in cards]
        self.rows.append(("cards", (label, faces, dict(marks or {}), tuple(seats or ()),
                                    _("(none)") if empty is None else empty)))

    def chips(self, label: str, chips: Sequence[Chip]) -> None:
        """A row of labelled tokens (cubes, chips, oracle numbers)."""
        self.rows.append(("chips", (label, tuple(chips))))

    def wheel(self, label: str, numbers: Sequence[str], strongest: int, centre: str, colour: str) -> None:
        """Numbers on a circle, clockwise from the top; ``numbers[strongest]`` is ringed."""
        self.rows.append(("wheel", (label, tuple(numbers), strongest, centre, colour)))

    def track(self, label: str, cells: Sequence[str], tokens: Sequence[Sequence[Chip]]) -> None:
        """A row of cells; ``tokens[i]`` stand on cell ``i``."""
        self.rows.append(("track", (label, tuple(cells), tuple(tuple(t) for t in tokens))))

    # -- text ------------------------------------------------------------------------------

    def text(self) -> str:
        out = [self.title]
        for kind, data in self.rows:
            if kind == "line":
                out.append(data)
            elif kind == "cards":
                label, faces, marks, seats, empty = data
                parts = []
                for i, f in enumerate(faces):
                    t = "??" if f is None else f.text
                    if seats:
                        t = _("{seat} {card}").format(seat=seat_name(seats[i]), card=t)
                    if i in marks:
                        t = _("{card} ({mark})").format(card=t, mark=marks[i])
                    parts.append(t)
                out.append(_row(label, " ".join(parts) if parts else empty))
            elif kind == "chips":
                label, chips = data
                out.append(_row(label, "  ".join(f"[{t}]" for t, _fill in chips) or _("(none)")))
            elif kind == "wheel":
                label, numbers, strongest, centre, _colour = data
                shown = " ".join(f"[{n}]" if i == strongest else n for i, n in enumerate(numbers))
                out.append(_("{label}: {centre}; {numbers}").format(label=label, centre=centre, numbers=shown))
            elif kind == "track":
                label, cells, tokens = data
                out.append(_("{label}:").format(label=label))
                for cell, toks in zip(cells, tokens):
                    if toks:
                        out.append("  " + _row(cell, " ".join(t for t, _fill in toks)))
        return "\n".join(out)

    # -- SVG -------------------------------------------------------------------------------

    def svg(self, width: int | None = None) -> str:
        """The board as an SVG document, as wide as its rows need; ``width`` (pixels): laid out to fit it
        (a phone's screen: lines and labels wrap, rows of cards, chips and track squares go on below),
        its text at the same size."""
        room = float("inf") if width is None else max(width, 2 * (CARD_W + GAP))
        body: list[str] = []
        y = 22
        # the title keeps nine pixels a character, as a few CJK characters in an English title always had
        title = _wrapped(self.title, room, 8, 16)
        wide = max(9 * len(t) for t in title) if width is None else 0
        width_ = max(360 if width is None else 0, wide, *(math.ceil(_px(t, 8, 16)) for t in title))
        for k, t in enumerate(title):
            body.append(f'<text x="0" y="{16 + 18 * k}" font-size="15" font-weight="bold" {FONT} fill="#111">'
                        f"{escape(t)}</text>")
        y += 18 * (len(title) - 1)
        for kind, data in self.rows:
            if kind == "line":
                for part in _wrapped(data, room - 10, 7, 13):
                    y += 18
                    body.append(f'<text x="0" y="{y - 4}" font-size="13" {FONT} fill="#222">{escape(part)}</text>')
                    width_ = max(width_, math.ceil(_px(part, 7, 13)) + 10)
            elif kind == "cards":
                label, faces, marks, seats, empty = data
                y, width_ = _label(body, label if faces else _row(label, empty), y, width_, room)
                if not faces:
                    continue
                per = len(faces) if width is None else max(1, int((room + GAP) // (CARD_W + GAP)))
                for start in range(0, len(faces), per):
                    if seats:
                        y += 14
                        for i, s in enumerate(seats[start:start + per]):
                            name = seat_name(s)
                            body.append(f'<text x="{i * (CARD_W + GAP) + CARD_W / 2:g}" y="{y - 3}" font-size="11" '
                                        f'{FONT} text-anchor="middle" fill="#333"{render._squeeze(name, CARD_W, 11)}>'
                                        f"{escape(name)}</text>")
                    row = faces[start:start + per]
                    for i, f in enumerate(row, start):
                        x = (i - start) * (CARD_W + GAP)
                        body.append(_back(x, y) if f is None else render._card(f, x, y, mark=marks.get(i, "")))
                    width_ = max(width_, len(row) * (CARD_W + GAP))
                    y += CARD_H + 4
            elif kind == "chips":
                label, chips = data
                none = _("(none)")
                y, width_ = _label(body, label if chips else _row(label, none), y, width_, room)
                if not chips:
                    continue
                x = 0
                for text, fill in chips:
                    w = _chip_width(text)
                    if x + w > min(860, room) and x:
                        x, y = 0, y + 28
                    body.append(
                        f'<g role="img" aria-label="{escape(text)}"><rect x="{x}" y="{y}" width="{w}" height="22" '
                        f'rx="11" fill="{fill}"/><text x="{x + w / 2:g}" y="{y + 15}" font-size="12" {FONT} '
                        f'fill="#fff" text-anchor="middle">{escape(text)}</text></g>'
                    )
                    x += w + 6
                    width_ = max(width_, x)
                y += 28
            elif kind == "wheel":
                label, numbers, strongest, centre, colour = data
                r, cx = 70, 90
                y, width_ = _label(body, label, y, width_, room)
                cy = y + r + 18
                body.append(f'<g role="img" aria-label="{escape(_row(label, centre))}">'
                            f'<circle cx="{cx}" cy="{cy}" r="{r + 16}" fill="#fafafa" stroke="{colour}" '
                            f'stroke-width="3"/>'
                            f'<text x="{cx}" y="{cy + 4}" font-size="11" {FONT} text-anchor="middle" fill="#222">'
                            f"{escape(centre)}</text>")
                n = max(1, len(numbers))
                for i, num in enumerate(numbers):
                    a = 2 * math.pi * i / n - math.pi / 2
                    px, py = cx + r * math.cos(a), cy + r * math.sin(a)
                    if i == strongest:
                        body.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="13" fill="{colour}"/>')
                    fill = "#fff" if i == strongest else "#222"
                    body.append(f'<text x="{px:.1f}" y="{py + 5:.1f}" font-size="15" font-weight="bold" {FONT} '
                                f'text-anchor="middle" fill="{fill}">{escape(num)}</text>')
                body.append("</g>")
                y = cy + r + 24
                width_ = max(width_, 2 * cx)
            elif kind == "track":
                label, cells, tokens = data
                y, width_ = _label(body, label, y, width_, room)
                cw = 64
                tall = max([len(t) for t in tokens] + [1])
                h = 22 + 20 * tall
                per = len(cells) if width is None else max(1, int((room + 2) // (cw + 2)))
                for start in range(0, len(cells), per):
                    for i in range(start, min(start + per, len(cells))):
                        cell, x = cells[i], (i - start) * (cw + 2)
                        body.append(f'<rect x="{x}" y="{y}" width="{cw}" height="{h}" fill="#eceff1" '
                                    f'stroke="#90a4ae"/><text x="{x + cw / 2}" y="{y + 15}" font-size="11" {FONT} '
                                    f'text-anchor="middle" fill="#37474f">{escape(cell)}</text>')
                        for k, (text, fill) in enumerate(tokens[i]):
                            ty = y + 20 + 20 * k
                            on = _("{token} on {cell}").format(token=text, cell=cell)
                            body.append(f'<g role="img" aria-label="{escape(on)}">'
                                        f'<rect x="{x + 3}" y="{ty}" width="{cw - 6}" height="17" rx="8" '
                                        f'fill="{fill}"/><text x="{x + cw / 2}" y="{ty + 12.5}" font-size="10" '
                                        f'{FONT} text-anchor="middle" fill="#fff">{escape(text[:10])}</text></g>')
                    width_ = max(width_, (min(start + per, len(cells)) - start) * (cw + 2))
                    y += h + 6
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width_:g}" height="{y + 6:g}" '
            f'viewBox="0 0 {width_:g} {y + 6:g}" role="img" aria-label="{escape(self.title)}">'
            f"<title>{escape(self.title)}</title>"
            f'<rect width="100%" height="100%" fill="#fff"/>{"".join(body)}</svg>'
        )


def _wrapped(text: str, room: float, narrow: float, wide: float) -> list[str]:
    """``text`` in lines at most ``room`` pixels wide (:func:`_px`), broken between words, or anywhere in a
    run of wide (CJK) characters; one line when it fits (always, with no room given)."""
    if _px(text, narrow, wide) <= room:
        return [text]
    lines: list[str] = []
    line = ""
    for word in re.findall(r"\S+\s*", text):
        while word:
            if _px((line + word).rstrip(), narrow, wide) <= room:
                line, word = line + word, ""
            elif line and columns(word) == len(word):  # a word of narrow characters goes to the next line
                lines.append(line.rstrip())
                line = ""
            else:  # a word too long for a line, or wide characters: as many as fit
                k = 1
                while k < len(word) and _px(line + word[:k + 1], narrow, wide) <= room:
                    k += 1
                if line and _px(line + word[:k], narrow, wide) > room:
                    lines.append(line.rstrip())
                    line = ""
                    continue
                lines.append(line + word[:k])
                line, word = "", word[k:]
    if line.strip():
        lines.append(line.rstrip())
    return lines or [text]


def _label(body: list[str], text: str, y: int, width: int, room: float) -> tuple[int, int]:
    """A bold 12-pixel label of a row, wrapped to ``room``: the new ``y`` and ``width``."""
    parts = _wrapped(text, room, 7, 12)
    for k, part in enumerate(parts):
        y += 20 if k == 0 else 15
        body.append(f'<text x="0" y="{y - 5}" font-size="12" font-weight="bold" {FONT} fill="#444">'
                    f"{escape(part)}</text>")
    wide = _label_room(text) if len(parts) == 1 else max(math.ceil(_px(p, 7, 12)) + 4 for p in parts)
    return y, max(width, wide)


#: a game's four views: ``(state_text, state_svg, observation_text, observation_svg)``
Views = tuple[Callable[..., str], Callable[..., str], Callable[..., str], Callable[..., str]]


def register_views(
    slug: str, observation_cls: type, view: Callable[[Any, int | None], Board], from_observation: Callable[..., Board]
) -> Views:
    """Register one game's board views with :mod:`rulebook.core.render` and return them.

    ``view(state, seat)`` draws a state (``seat=None``: everything; else what that seat
    sees); ``from_observation(obs)`` draws an observation, and ``from_observation(obs,
    rules)`` when a caller passes the game's ``Rules`` (Saru Tori Inu I's card texts depend
    on its deck). Each game module calls this once and exports the four functions.
    """

    def state_text(state: Any, seat: int | None = None) -> str:
        """The board as text (``seat``: that seat's view; ``None``: everything)."""
        return view(state, seat).text()

    def state_svg(state: Any, seat: int | None = None, width: int | None = None) -> str:
        """The board as SVG (``seat``: that seat's view; ``None``: everything; ``width``: laid out to fit it)."""
        return view(state, seat).svg(width)

    def observation_text(obs: Any, rules: Any = None) -> str:
        """An observation as text (what ``obs.seat`` sees)."""
        return (from_observation(obs) if rules is None else from_observation(obs, rules)).text()

    def observation_svg(obs: Any, rules: Any = None) -> str:
        """An observation as SVG (what ``obs.seat`` sees)."""
        return (from_observation(obs) if rules is None else from_observation(obs, rules)).svg()

    render.register(slug, text=state_text, svg=state_svg)
    render.register_observation(observation_cls, text=observation_text, svg=observation_svg)
    return state_text, state_svg, observation_text, observation_svg
