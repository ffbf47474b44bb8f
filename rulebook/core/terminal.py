"""Text from files, made safe to show at a terminal.

A record's metadata, a variant file's name or description, a progress file's fields: any of
them may hold control characters (``ESC [ 2 J`` clears the screen, ``ESC ] 0 ;`` retitles the
window, a right-to-left override turns text around). :func:`escape_controls` shows each one as
a visible escape (``\\x1b``, ``\\u202e``) instead, so what a file holds is read, never obeyed.

>>> escape_controls("game \\x1b]0;TITLE\\x07\\x1b[2J over")
'game \\\\x1b]0;TITLE\\\\x07\\\\x1b[2J over'
>>> escape_controls("Seat 2 wins. ♠A")
'Seat 2 wins. ♠A'
"""

from __future__ import annotations

import unicodedata

__all__ = ["escape_controls"]

#: Characters that change how the text around them is shown though they are not control
#: characters: the bidirectional overrides and isolates, and the line and paragraph separators.
_FORMAT = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029")


def _escaped(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(text: str, keep_newlines: bool = False) -> str:
    """``text`` with every control character (C0, DEL, C1) and every bidirectional or line
    separator shown as an escape; tabs stay, and newlines too when ``keep_newlines``."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch == "\t" or (keep_newlines and ch == "\n"):
            out.append(ch)
        elif ch in _FORMAT or unicodedata.category(ch) == "Cc":
            out.append(_escaped(ch))
        else:
            out.append(ch)
    return "".join(out)
