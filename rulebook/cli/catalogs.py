"""The message catalogs of the command line: extract, update, compile and check them.

Run from a source checkout (needs Babel, which Sphinx brings: the ``docs`` extra)::

    python -m rulebook.cli.catalogs update    # after changing messages: .pot, .po and .mo in one step
    python -m rulebook.cli.catalogs compile   # after translating: the .mo from the .po
    python -m rulebook.cli.catalogs check     # what tests/test_i18n.py checks, as a list (exit 1 if any)

``update`` extracts every message of the code (``_()``, ``N_()`` and ``ngettext()`` calls
under ``rulebook/``) and the messages that come from data, which the code translates
when it shows them: each game's title, its rule headings (``ID · title`` from the spec),
option docs, ruleset descriptions, suit names and observation fields. It writes the
template ``rulebook/locale/rulebook.pot``, merges it into
``rulebook/locale/<lang>/LC_MESSAGES/rulebook.po`` (new messages come in untranslated,
never fuzzy), takes the translation of every game title, rule heading and option doc from the
documentation's catalogs (``docs/locale/<lang>/``), so that they read the same in the docs
and in the terminal, and compiles the ``.mo`` that ships in the package.
"""

from __future__ import annotations

import argparse
import datetime
import io
import re
import string
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from rulebook.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "rulebook"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
#: Code calls that mark a message: ``_(text)``, ``N_(text)``, ``ngettext(singular, plural, n)``.
KEYWORDS: dict[str, Any] = {"_": None, "N_": None, "ngettext": (1, 2)}
#: Comments above a message that reach the translator (``# TRANSLATORS: ...``).
COMMENT_TAGS = ("TRANSLATORS:",)
#: The date in the catalogs' headers: fixed, so that an update changes a file only when its messages change.
_DATE = datetime.datetime(2025, 1, 1, tzinfo=datetime.UTC)
#: Below this share of translated messages a language fails the check.
THRESHOLD = 0.95


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


# -- what the catalogs must hold --------------------------------------------------------------


def code_messages() -> Iterator[tuple[str | tuple[str, str], str, int, list[str]]]:
    """``(message, path, line, translator comments)`` for every marked message under ``rulebook/``."""
    from babel.messages.extract import extract_from_dir

    for path, line, message, comments, _context in extract_from_dir(
        PACKAGE, keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True,
    ):
        if isinstance(message, tuple):
            singular, plural = message[0], message[1]
            if singular and plural:
                yield (singular, plural), f"rulebook/{path}", line, list(comments)
        elif message:
            yield message, f"rulebook/{path}", line, list(comments)


def data_messages() -> Iterator[tuple[str, str, str]]:
    """``(message, where, what)`` for every text that comes from data and is translated when shown."""
    import sys as _sys

    import attrs

    import rulebook
    from rulebook.core.options import describe_options
    from rulebook.reference.rules_text import sections, text_blocks
    from rulebook.reference.trace import HEADING, SPEC

    for slug, game in rulebook.GAMES.items():
        package = type(game).__module__.rsplit(".", 1)[0]
        where = package.replace(".", "/")
        yield game.title, f"{where}/game.py", "game title"
        for line in (SPEC / f"{slug}.md").read_text(encoding="utf-8").splitlines():
            m = HEADING.match(line)
            if m:
                yield f"{m['id']} · {m['title']}", f"spec/{slug}.md", "rule heading"
        for section in sections(slug):
            yield section.heading, f"spec/{slug}.md", "rule text"
            for block in text_blocks(section.intro):
                yield block, f"spec/{slug}.md", "rule text"
            for rule in section.rules:
                for block in text_blocks(rule.body):
                    yield block, f"spec/{slug}.md", "rule text"
        for info in describe_options(game.Rules):
            if info.doc:
                yield info.doc, f"{where}/rules.py", f"option {info.name}"
        for ruleset in game.rulesets:
            yield ruleset.description, f"{where}/rules.py", f"ruleset {ruleset.name}"
        deck = getattr(_sys.modules.get(type(game).__module__), "DECK", None)
        for name, _letter in getattr(deck, "suits", ()):
            yield name, f"{where}/rules.py", "suit"
        state = game.new_game(game.Rules(), seed=0)
        for f in attrs.fields(type(state.observation(0))):
            if f.name != "seat":
                yield f.name.replace("_", " "), f"{where}/state.py", "observation field"


def template() -> Any:
    """The catalog template: every message of the code and the data (a Babel ``Catalog``)."""
    from babel.messages.catalog import Catalog

    import rulebook

    catalog = Catalog(project="rulebook", version=rulebook.__version__, domain=DOMAIN, fuzzy=False,
                      creation_date=_DATE, revision_date=_DATE,
                      header_comment="# The messages rulebook shows people (see docs/translations.md).\n#")
    for message, path, line, comments in code_messages():
        catalog.add(message, locations=[(path, line)], auto_comments=comments)
    for text, path, what in data_messages():
        existing = catalog.get(text)
        if existing is not None:
            existing.locations = sorted({*existing.locations, (path, 0)})
            if what not in existing.auto_comments:
                existing.auto_comments = [*existing.auto_comments, what]
        else:
            catalog.add(text, locations=[(path, 0)], auto_comments=[what])
    return catalog


def docs_translations(lang: str) -> dict[str, str]:
    """``msgid -> msgstr`` of every translated, not fuzzy message of the docs' catalogs."""
    out: dict[str, str] = {}
    for path in sorted((ROOT / "docs" / "locale" / lang / "LC_MESSAGES").rglob("*.po")):
        for m in read(path):
            if m.id and isinstance(m.id, str) and isinstance(m.string, str) and m.string and not m.fuzzy:
                out.setdefault(m.id, m.string)
    return out


#: The data messages whose translation the docs' catalogs give (the same text is on the game pages).
FROM_DOCS = ("game title", "rule heading", "option ", "rule text")


def data_ids(from_docs: bool = False) -> set[str]:
    """The data messages (only those the docs translate, with ``from_docs``)."""
    return {text for text, _, what in data_messages() if not from_docs or what.startswith(FROM_DOCS)}


# -- reading and writing ------------------------------------------------------------------


def read(path: Path, locale: str | None = None) -> Any:
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, locale=locale)


def _po_bytes(catalog: Any) -> bytes:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False, sort_output=True)
    return out.getvalue()


def mo_bytes(catalog: Any) -> bytes:
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def _write(path: Path, data: bytes) -> bool:
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def update(langs: Iterable[str] = LANGUAGES[1:]) -> list[str]:
    """Extract, merge, take the docs' translations of data messages, compile. Returns what changed."""
    from babel.messages.catalog import Catalog

    changed = []
    pot = template()
    if _write(TEMPLATE, _po_bytes(pot)):
        changed.append(str(TEMPLATE.relative_to(ROOT)))
    data = data_ids(from_docs=True)
    for lang in langs:
        path = po_path(lang)
        if path.exists():
            po = read(path, lang)
        else:
            po = Catalog(locale=lang, domain=DOMAIN, project="rulebook", fuzzy=False,
                         creation_date=pot.creation_date, revision_date=pot.creation_date)
        po.update(pot, no_fuzzy_matching=True, update_creation_date=False)
        po.obsolete.clear()
        po.fuzzy = False
        docs = docs_translations(lang)
        for message in po:
            if message.id in data and message.id in docs:
                message.string = docs[message.id]
        if _write(path, _po_bytes(po)):
            changed.append(str(path.relative_to(ROOT)))
        if _write(mo_path(lang), mo_bytes(po)):
            changed.append(str(mo_path(lang).relative_to(ROOT)))
    return changed


def compile_all(langs: Iterable[str] = LANGUAGES[1:]) -> list[str]:
    """Compile every ``.po`` to its ``.mo``; returns the files that changed."""
    return [str(mo_path(lang).relative_to(ROOT)) for lang in langs
            if _write(mo_path(lang), mo_bytes(read(po_path(lang), lang)))]


# -- checks ---------------------------------------------------------------------------------


def fields(text: str) -> list[str]:
    """The ``{placeholder}`` names of a message, in order (``[]`` for text without any)."""
    try:
        return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)
    except ValueError:  # an unbalanced brace: compared as text
        return [text]


#: A message written inside an f-string's braces, which Babel does not extract (an opening
#: brace, then ``_(``, ``N_(`` or ``ngettext(`` and a quote).
_HIDDEN = re.compile(r"""\{\s*(?:_|N_|ngettext)\(\s*[rbuf]*["']""")


def hidden_messages() -> list[str]:
    """``path:line`` of every literal message inside an f-string (write the message outside it)."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if _HIDDEN.search(line):
                out.append(f"{path.relative_to(ROOT)}:{number}")
    return out


def _ids(catalog: Any) -> set[Any]:
    return {m.id for m in catalog if m.id}


def problems(lang: str) -> list[str]:
    """Everything wrong with the catalogs of ``lang``, one line each (empty: all good)."""
    import gettext

    out: list[str] = [f"{where}: a message inside an f-string is not extracted" for where in hidden_messages()]
    fresh = template()
    wanted = _ids(fresh)
    pot = _ids(read(TEMPLATE))
    out += [f"{TEMPLATE.name}: message not extracted yet: {m!r:.80}" for m in sorted(wanted - pot, key=str)]
    out += [f"{TEMPLATE.name}: message no longer in the code: {m!r:.80}" for m in sorted(pot - wanted, key=str)]
    po = read(po_path(lang), lang)
    have = {m.id: m for m in po if m.id}
    out += [f"{lang}: message missing from the .po: {m!r:.80}" for m in sorted(wanted - set(have), key=str)]
    translated = 0
    for msgid, m in have.items():
        if msgid not in wanted:
            continue
        if m.fuzzy:
            out.append(f"{lang}: fuzzy: {msgid!r:.80}")
        ids = list(msgid) if isinstance(msgid, tuple) else [msgid]
        strings = [s for s in (m.string if isinstance(m.string, tuple) else (m.string,)) if s]
        if strings:
            translated += 1
        for text in strings:
            if fields(text) != fields(ids[0]):
                out.append(f"{lang}: placeholders differ: {ids[0]!r:.60} has {fields(ids[0])}, "
                           f"the translation {fields(text)}")
    if wanted and translated < THRESHOLD * len(wanted):
        out.append(f"{lang}: {translated} of {len(wanted)} messages translated ({translated / len(wanted):.0%}); "
                   f"at least {THRESHOLD:.0%} needed")
    docs = docs_translations(lang)
    for msgid in sorted(data_ids(from_docs=True) & set(have)):
        if msgid in docs and have[msgid].string != docs[msgid]:
            out.append(f"{lang}: differs from the docs' translation: {msgid!r:.80}")
    compiled = gettext.GNUTranslations(io.BytesIO(mo_bytes(po)))
    shipped = gettext.GNUTranslations(io.BytesIO(mo_path(lang).read_bytes())) if mo_path(lang).exists() else None
    if shipped is None or shipped._catalog != compiled._catalog:  # type: ignore[attr-defined]
        out.append(f"{lang}: {mo_path(lang).name} is not the compiled {po_path(lang).name}: run compile")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulebook.cli.catalogs", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("update", "compile", "check"))
    args = parser.parse_args(argv)
    if args.command == "update":
        changed = update()
        print("\n".join(changed) if changed else "the catalogs are up to date")
        return 0
    if args.command == "compile":
        changed = compile_all()
        print("\n".join(changed) if changed else "the .mo files are up to date")
        return 0
    found = [line for lang in LANGUAGES[1:] for line in problems(lang)]
    print("\n".join(found) if found else "the catalogs are complete")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
