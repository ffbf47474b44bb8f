"""A board as a list of labelled rows, drawn once as text and once as SVG.

The per-game render modules describe what a state or observation shows (lines, rows of
cards with face-down cards as ``None``, chips, a wheel, a track); :class:`Board` draws the
same rows as a multi-line text (card texts, ``R7``) and as an SVG document. Each card keeps
its accessible name (``red 7``); a face-down card is labelled ``face-down card`` and shows
nothing of its face.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from rulebook import render
from rulebook.render import CARD_H, CARD_W, GAP, CardFace

__all__ = ["Board", "Chip", "Views", "register_views", "seat_name"]

FONT = 'font-family="sans-serif"'
#: a chip: its text and fill colour
Chip = tuple[str, str]


def seat_name(seat: object) -> str:
    return f"seat {seat + 1}" if type(seat) is int else str(seat)


def _chip_width(text: str) -> int:
    return 7 * len(text) + 14


def _back(x: float, y: float) -> str:
    return (
        f'<g role="img" aria-label="face-down card" transform="translate({x:g},{y:g})">'
        "<title>face-down card</title>"
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
            self.line("game over")
        elif to_act is None:
            self.line("game over; winners: " + (" ".join(seat_name(w) for w in sorted(winners or ())) or "none"))
        else:
            self.line(f"to act: {seat_name(to_act)}")
        self.line("scores: " + "  ".join(f"{seat_name(s)} {p}" for s, p in enumerate(scores)))

    def face(self, card: int) -> CardFace:
        return render.card_face(self.game, card, self.rules)

    def cards(
        self, label: str, cards: Sequence[int | None], *, marks: dict[int, str] | None = None,
        seats: Sequence[object] | None = None, empty: str = "(none)",
    ) -> None:
        """A row of cards (``None``: face down); ``marks`` by position; ``seats`` above each card."""
        faces = [None if c is None else self.face(c) for c in cards]
        self.rows.append(("cards", (label, faces, dict(marks or {}), tuple(seats or ()), empty)))

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
                        t = f"{seat_name(seats[i])} {t}"
                    if i in marks:
                        t += f" ({marks[i]})"
                    parts.append(t)
                out.append(f"{label}: {' '.join(parts) if parts else empty}")
            elif kind == "chips":
                label, chips = data
                out.append(f"{label}: " + ("  ".join(f"[{t}]" for t, _ in chips) or "(none)"))
            elif kind == "wheel":
                label, numbers, strongest, centre, _ = data
                shown = " ".join(f"[{n}]" if i == strongest else n for i, n in enumerate(numbers))
                out.append(f"{label}: {centre}; {shown}")
            elif kind == "track":
                label, cells, tokens = data
                out.append(f"{label}:")
                for cell, toks in zip(cells, tokens):
                    if toks:
                        out.append(f"  {cell}: " + " ".join(t for t, _ in toks))
        return "\n".join(out)

    # -- SVG -------------------------------------------------------------------------------

    def svg(self) -> str:
        body: list[str] = []
        y = 22
        width = max(360, 9 * len(self.title))
        body.append(f'<text x="0" y="16" font-size="15" font-weight="bold" {FONT} fill="#111">'
                    f"{escape(self.title)}</text>")
        for kind, data in self.rows:
            if kind == "line":
                y += 18
                body.append(f'<text x="0" y="{y - 4}" font-size="13" {FONT} fill="#222">{escape(data)}</text>')
                width = max(width, 7 * len(data) + 10)
            elif kind == "cards":
                label, faces, marks, seats, empty = data
                y += 20
                body.append(f'<text x="0" y="{y - 5}" font-size="12" font-weight="bold" {FONT} fill="#444">'
                            f"{escape(label)}{'' if faces else ': ' + escape(empty)}</text>")
                if not faces:
                    continue
                if seats:
                    y += 14
                    for i, s in enumerate(seats):
                        body.append(f'<text x="{i * (CARD_W + GAP) + CARD_W / 2:g}" y="{y - 3}" font-size="11" '
                                    f'{FONT} text-anchor="middle" fill="#333">{escape(seat_name(s))}</text>')
                for i, f in enumerate(faces):
                    x = i * (CARD_W + GAP)
                    body.append(_back(x, y) if f is None else render._card(f, x, y, mark=marks.get(i, "")))
                width = max(width, len(faces) * (CARD_W + GAP))
                y += CARD_H + 4
            elif kind == "chips":
                label, chips = data
                y += 20
                body.append(f'<text x="0" y="{y - 5}" font-size="12" font-weight="bold" {FONT} fill="#444">'
                            f"{escape(label)}{'' if chips else ': (none)'}</text>")
                if not chips:
                    continue
                x = 0
                for text, fill in chips:
                    w = _chip_width(text)
                    if x + w > 860 and x:
                        x, y = 0, y + 28
                    body.append(
                        f'<g role="img" aria-label="{escape(text)}"><rect x="{x}" y="{y}" width="{w}" height="22" '
                        f'rx="11" fill="{fill}"/><text x="{x + w / 2:g}" y="{y + 15}" font-size="12" {FONT} '
                        f'fill="#fff" text-anchor="middle">{escape(text)}</text></g>'
                    )
                    x += w + 6
                    width = max(width, x)
                y += 28
            elif kind == "wheel":
                label, numbers, strongest, centre, colour = data
                r, cx = 70, 90
                y += 20
                body.append(f'<text x="0" y="{y - 5}" font-size="12" font-weight="bold" {FONT} fill="#444">'
                            f"{escape(label)}</text>")
                cy = y + r + 18
                body.append(f'<g role="img" aria-label="{escape(label + ": " + centre)}">'
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
                width = max(width, 2 * cx)
            elif kind == "track":
                label, cells, tokens = data
                y += 20
                body.append(f'<text x="0" y="{y - 5}" font-size="12" font-weight="bold" {FONT} fill="#444">'
                            f"{escape(label)}</text>")
                cw = 64
                tall = max([len(t) for t in tokens] + [1])
                h = 22 + 20 * tall
                for i, cell in enumerate(cells):
                    x = i * (cw + 2)
                    body.append(f'<rect x="{x}" y="{y}" width="{cw}" height="{h}" fill="#eceff1" stroke="#90a4ae"/>'
                                f'<text x="{x + cw / 2}" y="{y + 15}" font-size="11" {FONT} text-anchor="middle" '
                                f'fill="#37474f">{escape(cell)}</text>')
                    for k, (text, fill) in enumerate(tokens[i]):
                        ty = y + 20 + 20 * k
                        body.append(f'<g role="img" aria-label="{escape(text + " on " + cell)}">'
                                    f'<rect x="{x + 3}" y="{ty}" width="{cw - 6}" height="17" rx="8" fill="{fill}"/>'
                                    f'<text x="{x + cw / 2}" y="{ty + 12.5}" font-size="10" {FONT} '
                                    f'text-anchor="middle" fill="#fff">{escape(text[:10])}</text></g>')
                width = max(width, len(cells) * (cw + 2))
                y += h + 6
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{y + 6:g}" '
            f'viewBox="0 0 {width:g} {y + 6:g}" role="img" aria-label="{escape(self.title)}">'
            f"<title>{escape(self.title)}</title>"
            f'<rect width="100%" height="100%" fill="#fff"/>{"".join(body)}</svg>'
        )


#: a game's four views: ``(state_text, state_svg, observation_text, observation_svg)``
Views = tuple[Callable[..., str], Callable[..., str], Callable[..., str], Callable[..., str]]


def register_views(
    slug: str, observation_cls: type, view: Callable[[Any, int | None], Board], from_observation: Callable[..., Board]
) -> Views:
    """Register one game's board views with :mod:`rulebook.render` and return them.

    ``view(state, seat)`` draws a state (``seat=None``: everything; else what that seat
    sees); ``from_observation(obs)`` draws an observation, and ``from_observation(obs,
    rules)`` when a caller passes the game's ``Rules`` (Saru Tori Inu I's card texts depend
    on its deck). Each game module calls this once and exports the four functions.
    """

    def state_text(state: Any, seat: int | None = None) -> str:
        """The board as text (``seat``: that seat's view; ``None``: everything)."""
        return view(state, seat).text()

    def state_svg(state: Any, seat: int | None = None) -> str:
        """The board as SVG (``seat``: that seat's view; ``None``: everything)."""
        return view(state, seat).svg()

    def observation_text(obs: Any, rules: Any = None) -> str:
        """An observation as text (what ``obs.seat`` sees)."""
        return (from_observation(obs) if rules is None else from_observation(obs, rules)).text()

    def observation_svg(obs: Any, rules: Any = None) -> str:
        """An observation as SVG (what ``obs.seat`` sees)."""
        return (from_observation(obs) if rules is None else from_observation(obs, rules)).svg()

    render.register(slug, text=state_text, svg=state_svg)
    render.register_observation(observation_cls, text=observation_text, svg=observation_svg)
    return state_text, state_svg, observation_text, observation_svg
