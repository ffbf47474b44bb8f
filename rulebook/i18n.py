"""The language of the text rulebook prints for people (standard ``gettext`` catalogs).

English is the default and the source language. ``rulebook --lang ja`` (or a Japanese
``LC_ALL``/``LC_MESSAGES``/``LANG``) switches the command line, the play screen, replays and
reports to Japanese, from ``rulebook/locale/<lang>/LC_MESSAGES/rulebook.mo``. Rule IDs,
option names and commands stay as they are in every language.

Code marks each message for people with ``_()`` (or ``ngettext()`` for a count) *at the
moment it is shown*, so a language chosen after import still applies::

    from rulebook.i18n import _
    print(_("Options of {game}").format(game=title))

>>> set_language("en")
'en'
>>> _("you")
'you'
"""

from __future__ import annotations

import gettext
import os
import unicodedata
from collections.abc import Mapping
from pathlib import Path

__all__ = [
    "DOMAIN", "LANGUAGES", "LOCALE_DIR", "N_", "_", "language", "language_from_env", "ngettext", "set_language",
    "width", "wrap",
]

#: Where the compiled catalogs live (package data).
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The gettext domain of rulebook's messages.
DOMAIN = "rulebook"
#: The languages rulebook speaks; the first is the source language.
LANGUAGES = ("en", "ja")

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def language() -> str:
    """The language messages are shown in now (``"en"`` or ``"ja"``)."""
    return _language


def language_from_env(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as ``gettext`` reads it.

    The first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set decides;
    a Japanese locale (``ja_JP.UTF-8``, ``ja``) gives ``"ja"``, anything else ``"en"``.

    >>> language_from_env({"LANG": "ja_JP.UTF-8"})
    'ja'
    >>> language_from_env({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"})
    'en'
    >>> language_from_env({})
    'en'
    """
    env = os.environ if environ is None else environ
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        if value:
            first = value.split(":")[0].split(".")[0].split("_")[0].lower()
            return first if first in LANGUAGES else "en"
    return "en"


def set_language(lang: str | None = None) -> str:
    """Show messages in ``lang`` from now on (``None``: from the environment); returns it.

    Raises :class:`ValueError` naming the languages rulebook has for any other value.
    """
    global _translations, _language
    chosen = language_from_env() if lang is None else lang
    if chosen not in LANGUAGES:
        raise ValueError(f"unknown language {chosen!r:.40}: rulebook speaks {', '.join(LANGUAGES)}")
    if chosen == LANGUAGES[0]:
        _translations = gettext.NullTranslations()
    else:
        _translations = gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[chosen], fallback=True)
    _language = chosen
    return chosen


def _(message: str) -> str:
    """``message`` in the current language (itself where no translation exists)."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n`` in the current language."""
    return _translations.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it (translate it with ``_()`` when shown)."""
    return message


def width(text: str) -> int:
    """The columns ``text`` takes in a terminal: two for a wide (CJK) character, one otherwise.

    >>> width("R7"), width("切り札")
    (2, 6)
    """
    return sum(2 if _wide(ch) else 1 for ch in text)


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in "WF"


#: Characters a line may not end with, and may not start with (Japanese line breaking, kinsoku).
_NO_END = frozenset("（「『【〔《〈([{")
_NO_START = frozenset("、。，．・：；？！）」』】〕》〉ー…‥ゃゅょっぁぃぅぇぉャュョッァィゥェォ,.:;?!)]}")


def wrap(text: str, columns: int = 80, initial_indent: str = "", subsequent_indent: str = "") -> list[str]:
    """``text`` in lines of at most ``columns`` terminal columns (see :func:`width`).

    English breaks at spaces, as :func:`textwrap.wrap` does (a word longer than a line
    stays whole); Japanese may also break between any two wide characters, never before
    closing punctuation. Empty text gives no line.

    >>> wrap("カードを出す順番は時計回りです。", 20, "  ")
    ['  カードを出す順番は', '時計回りです。']
    >>> wrap("play the strongest card of the trick", 20)
    ['play the strongest', 'card of the trick']
    """
    tokens: list[str] = []
    for word in text.split(" "):
        if not word:
            continue
        if tokens:
            tokens.append(" ")
        run = ""
        for ch in word:  # a wide character is a token of its own; narrow ones stay together
            if run and (_wide(ch) or _wide(run[-1])) and ch not in _NO_START and run[-1] not in _NO_END:
                tokens.append(run)
                run = ""
            run += ch
        if run:
            tokens.append(run)
    lines: list[str] = []
    line, indent = initial_indent, initial_indent
    for token in tokens:
        if token == " ":
            if line != indent:
                line += " "
            continue
        if line.strip() and width(line + token) > columns:
            lines.append(line.rstrip())
            line = indent = subsequent_indent
        line += token
    if line.strip():
        lines.append(line.rstrip())
    return lines
