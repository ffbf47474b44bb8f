"""The words of the moves, as people read and type them in the language chosen: ``play B5`` is
``出す B5`` in Japanese. The records and the engines keep the English words; the table accepts both
(:func:`rulebook.reference.words.typed_move`), and every text for people (the table, the boards, the
replays) shows them through :func:`move_text`.

>>> move_text("play B5"), verb_word("bid")
('play B5', 'bid')
"""

from __future__ import annotations

from rulebook.i18n import N_, _

__all__ = ["MOVE_WORDS", "move_text", "verb_word"]

#: The word of each kind of move, as people read and type it in the language chosen (the record keeps
#: the English words; both are accepted at the table).
MOVE_WORDS = {
    # TRANSLATORS: the words of the moves people type at the table, one word each, without spaces: the
    # part after "move: " is the word to translate ("play B5" is then "出す B5")
    "play": N_("move: play"),
    "trump": N_("move: trump"),
    "keep": N_("move: keep"),
    "bid": N_("move: bid"),
    "prophesy": N_("move: prophesy"),
    "oracle": N_("move: oracle"),
    "give": N_("move: give"),
    "down": N_("move: down"),
    "declare": N_("move: declare"),
    "pair": N_("move: pair"),
    "under": N_("move: under"),
    "take": N_("move: take"),
    "road": N_("move: road"),
    "intervene": N_("move: intervene"),
    "pass": N_("move: pass"),
    "return": N_("move: return"),
}


def verb_word(verb: str) -> str:
    """A kind of move in the language chosen: ``play`` is ``出す`` in Japanese (itself in English)."""
    if verb not in MOVE_WORDS:
        return verb
    word = _(MOVE_WORDS[verb])
    return verb if word == MOVE_WORDS[verb] or not word or " " in word else word


def move_text(text: str) -> str:
    """A move (``play B5``) as people read it in the language chosen (``出す B5``)."""
    verb, sep, arg = text.partition(" ")
    return verb_word(verb) + sep + arg
