"""Lines of the terminal table: how many columns a text takes, and text cut or wrapped to fit.

>>> wrap_lines("one two three four", 10)
['one two', '  three f…']
"""

from __future__ import annotations

import re
import unicodedata

from rulebook.i18n import wrap

__all__ = ["HEIGHT", "KEEP", "WIDTH", "cells", "columns", "fit", "wrap_lines"]

#: The screen the table fits: 80 columns; 23 lines, the 24th is the prompt.
WIDTH, HEIGHT = 80, 24


def cells(text: str) -> int:
    """How many terminal columns ``text`` takes (wide East Asian characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def fit(text: str, width: int = WIDTH) -> str:
    """``text`` cut to ``width`` columns (with an ellipsis)."""
    if cells(text) <= width:
        return text
    out = ""
    for ch in text:
        if cells(out + ch) > width - 1:
            break
        out += ch
    return out + "…"


#: A space no line breaks at (it keeps the spaces that align a column, and the words of one move, together).
KEEP = "\u00a0"


def columns(text: str, width: int, indent: str) -> list[str]:
    """``text`` in lines of ``width`` terminal columns (:func:`rulebook.i18n.wrap`: Japanese breaks between
    wide characters), breaking at single spaces only: runs of spaces, which align columns, stay as they are."""
    kept = re.sub(r" {2,}", lambda m: KEEP * len(m.group()), text)
    return [line.replace(KEEP, " ") for line in wrap(kept, width, subsequent_indent=indent)]


def wrap_lines(text: str, width: int = WIDTH, indent: str = "  ", most: int = 2) -> list[str]:
    """``text`` wrapped to ``width`` columns, at most ``most`` lines (the last one cut)."""
    if cells(text) <= width:
        return [text]
    lines = columns(text, width, indent)
    if len(lines) > most:
        rest = " ".join(line.strip() for line in lines[most - 1:])
        lines = lines[: most - 1] + [fit((indent if most > 1 else "") + rest, width)]
    return [fit(line, width) for line in lines]
