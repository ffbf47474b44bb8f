"""Sphinx glue for rulebook's rule reference.

* Every spec heading ``### <ID> · <title>`` becomes an anchor ``rule-<id>`` (a
  standard label, so ``:ref:`` and MyST ``(#rule-...)`` links resolve), followed
  by links to every function in ``rulebook/`` that enforces the rule and every
  test that checks it, folded under one line ("Code (2) and tests (5)", a closed
  ``<details>``) so that a game page reads as rules. The citations come from
  :mod:`rulebook.reference.trace`, the same source the traceability test reads.
* Each cited function is shown on a generated page under ``_generated/trace/``
  with links back to its rules.
* ``rulebook-options <slug>`` renders a game's ``Rules`` options as a table.
* A rule that no code or no test cites is a build warning (an error under -W).
* Every ``*-RULING-n`` rule is shown as a callout (what the source says, the reading
  chosen, why, and the option giving the other reading); ``_generated/rulings.md`` lists
  every ruling of every game.
* Any rule ID written anywhere (prose, tables, autodoc docstrings, inline code) becomes a
  link to its rule; each rule is an index entry and a ``rule`` object, so searching for
  an ID finds the rule first.
* ``rulebook-figure <slug>`` draws a game's cards; ``rulebook-scenario <file>`` renders
  an executable example step by step (see :mod:`rulebook.reference.scenarios`).
* Formulas (MyST ``$...$`` and ``$$...$$``) are written as MathML, converted at build time
  by docutils: the browser draws them, with no script and nothing fetched from a network.
* Translation (``-D language=ja``): the prose these directives generate from the code
  (option docs, the examples' titles, descriptions and step notes) is made of nodes with
  a ``source``, a ``line`` and a Markdown ``rawsource``, so ``sphinx-build -b gettext``
  extracts it into the page's catalog and the Locale transform translates it like any
  paragraph. The fixed labels the extension itself writes (``Ruling``, ``Enforced by``,
  the options table's headers...) are the msgids of ``MESSAGES``, translated by
  ``locale/<lang>/LC_MESSAGES/_ext/rulebook_docs.po`` (see :func:`tr`).
* Every page gets a language switch (English ⇄ 日本語) linking to the same page of the
  other site (``_build/html/`` and ``_build/html/ja/``), and a note on a Japanese page
  that is not translated yet; ``rulebook-translations`` lists every page's coverage.
"""

from __future__ import annotations

import hashlib
import logging as _stdlogging
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rulebook.reference import trace

logger = logging.getLogger(__name__)
ROOT = Path(__file__).resolve().parents[2]
#: the games in the order of the games table
GAME_ORDER = ("witches-of-blackmore", "seven-prophecies", "utsuke", "gods-and-humans", "saru-tori-inu-i")


# --- translation -------------------------------------------------------------------

#: The fixed texts the extension writes itself: the msgids of the catalog
#: ``locale/<lang>/LC_MESSAGES/_ext/rulebook_docs.po``. ``{name}`` fields are filled in
#: after translation; ``tests/test_translations.py`` checks every one is translated.
MESSAGES = (
    "Zone",
    "Holds",
    "Printed sight",
    "Sights the engine plays itself",
    "Step",
    "How it takes turns",
    "How often",
    "What happens",
    "Rules",
    "Rule",
    "Decides",
    "What a variant gives in its place",
    "Switched off",
    "yes",
    "no",
    "Ruling",
    "What the source says",
    "The reading chosen",
    "Why",
    "Option for the other reading",
    "Enforced by",
    "Checked by",
    "Code ({code}) and tests ({tests})",
    "Option",
    "Default",
    "Values",
    "Meaning",
    "(see below)",
    "Options of {title} ({slug}): {rules} with the defaults below is the printed game.",
    "The cards of {title}, one row per suit, as rulebook draws them "
    "(colours are rulebook's; the printed cards differ).",
    "Illustrates {ids}.",
    "Source: {source}.",
    "File: {file}",
    "Seat {seat} holds:",
    "Checked: {facts}.",
    "Outcome, checked by the test suite: {facts}.",
    "seat {seat} is to act",
    "scores {scores}",
    "{action} is refused ({rule})",
    "legal: {actions}",
    "seat {seat} wins the trick",
    "seat {seat} wins the trick with {card}",
    "the lord wins the trick with {card}",
    "the young lord wins the trick with {card}",
    "English",
    "Japanese",
    "This page is not translated yet: it is shown in English.",
)
#: the languages of the two sites, and where each is built relative to the English root
LANGUAGES = {"en": "", "ja": "ja/"}
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}
#: what a paragraph or table cell must carry to be a message of the page's catalog
_EXT_CATALOG = Path("_ext") / "rulebook_docs.po"
_catalog_cache: dict[Path, tuple[float, dict[str, str]]] = {}


def _language(env: Any) -> str:
    return (getattr(env.config, "language", None) or "en").split("_")[0]


def _catalog(path: Path) -> dict[str, str]:
    """msgid -> msgstr of a ``.po`` file (translated, not fuzzy entries only)."""
    if not path.exists():
        return {}
    mtime = path.stat().st_mtime
    cached = _catalog_cache.get(path)
    if cached is None or cached[0] != mtime:
        from babel.messages.pofile import read_po

        with path.open("rb") as f:
            cat = read_po(f)
        table = {m.id: m.string for m in cat if m.id and m.string and not m.fuzzy and isinstance(m.id, str)}
        _catalog_cache[path] = cached = (mtime, table)
    return cached[1]


def tr(env: Any, msgid: str, **fields: Any) -> str:
    """``msgid`` (one of :data:`MESSAGES`) in the build's language, ``fields`` filled in."""
    assert msgid in MESSAGES, msgid
    lang = _language(env)
    text = msgid
    if lang != "en":
        for d in env.config.locale_dirs:
            found = _catalog(Path(env.srcdir) / d / lang / "LC_MESSAGES" / _EXT_CATALOG).get(msgid)
            if found:
                text = found
                break
    return text.format(**fields) if fields else text


def _message(node: nodes.Element, markdown: str, directive: SphinxDirective) -> nodes.Element:
    """Make ``node`` a message of the page's catalog: its Markdown source and location."""
    node.rawsource = markdown
    node.source, node.line = directive.get_source_info()
    return node


def _markdown_paragraph(text: str, directive: SphinxDirective) -> nodes.paragraph:
    """A translatable paragraph of ``text`` (Markdown with `code` spans)."""
    return _message(_inline(text), text, directive)  # type: ignore[return-value]


def translation_status(srcdir: Path, lang: str = "ja") -> dict[str, tuple[int, int, int]]:
    """docname -> (translated, total, fuzzy) messages of its catalog under ``locale/``.

    Counted from the ``.po`` files, which ``sphinx-intl update`` keeps in step with the
    templates (``tests/test_translations.py`` checks them against fresh templates).
    """
    from babel.messages.pofile import read_po

    base = srcdir / "locale" / lang / "LC_MESSAGES"
    out: dict[str, tuple[int, int, int]] = {}
    for po in sorted(base.rglob("*.po")):
        rel = po.relative_to(base)
        if rel.parts[0] == "_ext":
            continue
        with po.open("rb") as f:
            cat = read_po(f)
        msgs = [m for m in cat if m.id]
        done = sum(1 for m in msgs if m.string and not m.fuzzy)
        fuzzy = sum(1 for m in msgs if m.fuzzy)
        out[rel.with_suffix("").as_posix()] = (done, len(msgs), fuzzy)
    return out


#: a page counts as translated from this share of its messages on
TRANSLATED = 0.95


def _is_translated(status: dict[str, tuple[int, int, int]], docname: str) -> bool:
    done, total, fuzzy = status.get(docname, (0, 0, 0))
    return total > 0 and fuzzy == 0 and done >= TRANSLATED * total


def _page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """The language switch: the same page in the other site, and the note on an untranslated page."""
    lang = _language(app.env)
    if lang not in LANGUAGES:
        return
    suffix = context.get("file_suffix", ".html")
    up = "../" * pagename.count("/")
    links = []
    for other, prefix in LANGUAGES.items():
        if other == lang:
            href = None
        else:
            # from the root of this site to the root of the English one, then into the other
            to_root = up + ("../" * LANGUAGES[lang].count("/"))
            href = to_root + prefix + pagename + suffix
        links.append({"lang": other, "name": LANGUAGE_NAMES[other], "href": href})
    context["rulebook_languages"] = links
    status = getattr(app.env, "rulebook_translation_status", None)
    if status is None:
        status = app.env.rulebook_translation_status = translation_status(Path(app.srcdir))  # type: ignore[attr-defined]
    untranslated = lang != "en" and doctree is not None and not _is_translated(status, pagename)
    context["rulebook_untranslated_note"] = tr(app.env, "This page is not translated yet: it is shown in English.") \
        if untranslated else ""


class TranslationsDirective(SphinxDirective):
    """``rulebook-translations``: every page with its Japanese coverage, from the catalogs."""

    def run(self) -> list[nodes.Node]:
        status = translation_status(Path(self.env.srcdir))
        ja = _language(self.env) == "ja"
        heads = ("ページ", "翻訳済みのメッセージ", "状態") if ja else ("Page", "Messages translated", "Status")
        table = nodes.table(classes=["rulebook-translations"])
        group = nodes.tgroup(cols=3)
        table += group
        for width in (50, 25, 25):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        body = nodes.tbody()
        group += head
        group += body

        def row(cells: list[nodes.Node], into: nodes.Element) -> None:
            r = nodes.row()
            for cell in cells:
                r += nodes.entry("", nodes.paragraph("", "", cell))
            into += r

        row([nodes.Text(h) for h in heads], head)
        docs = sorted(d for d in self.env.found_docs if not d.startswith("_generated/"))
        for doc in docs:
            done, total, fuzzy = status.get(doc, (0, 0, 0))
            ref = addnodes.pending_xref("", refdomain="std", reftype="doc", reftarget="/" + doc, refexplicit=False)
            ref += nodes.literal(text=doc)
            if _is_translated(status, doc):
                state = "翻訳済み" if ja else "translated"
            elif total:
                state = "翻訳中（英語で表示）" if ja else "in progress (shown in English)"
            else:
                state = "英語のみ" if ja else "English only"
            shown = f"{done} / {total}" + (f" ({fuzzy} fuzzy)" if fuzzy else "") if total else "—"
            row([ref, nodes.Text(shown), nodes.Text(state)], body)
        self.env.note_dependency(str(Path(self.env.srcdir) / "locale"))
        return [table]


def _label(c: trace.Citation) -> str:
    key = f"{c.path}:{c.qualname or c.start}"
    slug = re.sub(r"[^a-z0-9]+", "-", key.lower()).strip("-")
    return f"trace-{slug[:60]}-{hashlib.sha1(key.encode()).hexdigest()[:6]}"


def _display(c: trace.Citation) -> str:
    module = c.path.removesuffix(".py").replace("/", ".")
    return f"{module}.{c.qualname}" if c.qualname else f"{module} (line {c.line})"


def _collect() -> tuple[dict[str, trace.Rule], dict[str, list[trace.Citation]]]:
    rules = trace.load_spec(ROOT)
    by_rule: dict[str, list[trace.Citation]] = defaultdict(list)
    seen: set[tuple[str, str]] = set()
    for c in trace.citations(ROOT):
        key = (c.id, _label(c))
        if key not in seen:
            seen.add(key)
            by_rule[c.id].append(c)
    return rules, by_rule


def _write_if_changed(path: Path, text: str) -> None:
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def generate_trace_pages(app: Sphinx) -> None:
    rules, by_rule = _collect()
    app.env.rulebook_trace = by_rule  # type: ignore[attr-defined]
    out = Path(app.srcdir) / "_generated"
    per_file: dict[str, dict[str, tuple[trace.Citation, set[str]]]] = defaultdict(dict)
    for rid, cites in by_rule.items():
        for c in cites:
            entry = per_file[c.path].setdefault(_label(c), (c, set()))
            entry[1].add(rid)
    pages = []
    for path in sorted(per_file):
        name = path.removesuffix(".py").replace("/", ".")
        pages.append(name)
        title = name
        lines = [":orphan:", "", f".. _trace-file-{name}:", "", ".. rst-class:: rulebook-trace-page", "",
                 title, "=" * len(title), ""]
        lines += [f"Rule citations in ``{path}``, by enclosing definition.", ""]
        for label, (c, ids) in sorted(per_file[path].items(), key=lambda kv: kv[1][0].start):
            head = c.qualname or f"Line {c.line}"
            lines += [f".. _{label}:", "", head, "-" * len(head), ""]
            refs = ", ".join(f":ref:`{i} <rule-{i.lower()}>`" for i in sorted(ids) if i in rules)
            missing = ", ".join(sorted(i for i in ids if i not in rules))
            lines += [f"Cites {refs}." if refs else "Cites no known rule.", ""]
            if missing:
                lines += [f"Unknown IDs: {missing}.", ""]
            lines += [
                f".. literalinclude:: /../{path}",
                f"   :language: {'python' if c.qualname else 'text'}",
                f"   :lines: {c.start}-{c.end}",
                f"   :lineno-start: {c.start}",
                "   :class: rulebook-trace-code",
                "",
            ]
        _write_if_changed(out / "trace" / f"{name}.rst", "\n".join(lines))
    for stale in (out / "trace").glob("*.rst"):
        if stale.stem not in pages:
            stale.unlink()
    # the matrix page
    lines = [".. _traceability:", "", "Traceability", "============", ""]
    lines += [
        "Every rule of the spec, with how many definitions in the code enforce it and how many",
        "tests check it. The test ``tests/test_trace.py`` fails when either is zero, or when",
        "code or a test cites a rule that does not exist.",
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "   :widths: 22 54 12 12",
        "",
        "   * - Rule",
        "     - Title",
        "     - Code",
        "     - Tests",
    ]
    order = {slug: i for i, slug in enumerate(GAME_ORDER)}
    for rid, rule in sorted(rules.items(), key=lambda kv: (order.get(kv[1].slug, len(order)), kv[1].line)):
        cites = by_rule.get(rid, [])
        lines += [
            f"   * - {rid}",
            f"     - {rule.title}",
            f"     - {sum(1 for c in cites if c.kind == 'code')}",
            f"     - {sum(1 for c in cites if c.kind == 'test')}",
        ]
    # the per-file pages are linked from here, not listed in the sidebar
    for group, prefix in (("Code that enforces rules", "rulebook."), ("Tests that check rules", "tests.")):
        lines += ["", f"{group}:", ""]
        lines += [f"* :doc:`{p} <trace/{p}>`" for p in pages if p.startswith(prefix)]
    _write_if_changed(out / "traceability.rst", "\n".join(lines) + "\n")
    _write_if_changed(out / "rulings.md", _rulings_page(rules))


_MD_RULE_LINK = re.compile(r"\[([A-Z]{2}-[A-Z]{2,}-\d+)\]\(#rule-[a-z0-9-]+\)")


def _rule_body(slug: str, rule: trace.Rule) -> str:
    """The markdown text under a rule's heading, up to the next heading."""
    lines = (ROOT / "spec" / f"{slug}.md").read_text(encoding="utf-8").splitlines()
    body: list[str] = []
    for line in lines[rule.line :]:
        if line.startswith("#"):
            break
        body.append(line)
    # a link to a rule of the same page would not resolve here: leave the bare ID,
    # which the RuleLinks transform turns into a link to the rule wherever it is
    return _MD_RULE_LINK.sub(r"\1", "\n".join(body).strip())


def _rulings_page(rules: dict[str, trace.Rule]) -> str:
    import rulebook

    out = [
        "# Every ruling",
        "",
        "A *ruling* records how rulebook resolved a passage of a source text that is silent,",
        "unclear or wrong: what the source says, the reading chosen and why, and the `Rules`",
        "option that gives another reading where there is one. On each game's page a ruling",
        "is shown as a callout in its place among the rules.",
        "",
    ]
    slugs = [g for g in GAME_ORDER if any(r.slug == g for r in rules.values())]
    slugs += sorted({r.slug for r in rules.values()} - set(slugs))
    for slug in slugs:
        rulings = [r for r in rules.values() if r.slug == slug and r.is_ruling]
        if not rulings:
            continue
        try:
            title = rulebook.get_game(slug).title
        except Exception:
            title = slug
        out += [f"## {title}", "", f"{len(rulings)} rulings; the rules: {{doc}}`/games/{slug}`.", ""]
        for r in rulings:
            out += [
                f":::{{admonition}} {r.id} · {r.title}",
                ":class: rulebook-ruling-copy",
                "",
                _rule_body(slug, r),
                ":::",
                "",
            ]
    return "\n".join(out)


class RuleAnchors(SphinxTransform):
    """Give each rule heading its anchor and its links to code and tests."""

    default_priority = 500

    def apply(self, **kwargs: Any) -> None:
        by_rule: dict[str, list[trace.Citation]] = getattr(self.env, "rulebook_trace", {})
        for section in list(self.document.findall(nodes.section)):
            title = section.next_node(nodes.title)
            if title is None:
                continue
            m = trace.HEADING.match("### " + title.astext())
            if not m:
                continue
            rid = m["id"]
            anchor = "rule-" + rid.lower()
            if anchor not in section["ids"]:
                section["ids"].insert(0, anchor)
            section["names"].append(anchor)
            self.document.note_explicit_target(section, section)
            std = self.env.domains.standard_domain
            std.note_object("rule", rid, anchor, location=section)
            index = addnodes.index(entries=[("single", rid, anchor, "main", None),
                                            ("single", f"{m['title']} ({rid})", anchor, "", None)])
            section.insert(1, index)
            if "-RULING-" in rid:
                _ruling_callout(self.env, section, rid, m["title"])
            para = nodes.paragraph()
            cites = by_rule.get(rid, [])
            counts: dict[str, int] = {}
            for kind, label in (("code", tr(self.env, "Enforced by")), ("test", tr(self.env, "Checked by"))):
                chosen = [c for c in cites if c.kind == kind]
                counts[kind] = len(chosen)
                if not chosen:
                    logger.warning("rule %s is cited by no %s", rid, kind, location=section)
                    continue
                para += nodes.strong(text=f"{label}{_colon(self.env)}")
                for i, c in enumerate(chosen):
                    if i:
                        para += nodes.Text(", ")
                    ref = addnodes.pending_xref(
                        "", refdomain="std", reftype="ref", reftarget=_label(c), refexplicit=True
                    )
                    ref += nodes.literal(text=_display(c))
                    para += ref
                para += nodes.Text("。" if _language(self.env) == "ja" else ". ")
            # folded: one line a reader can open, after the rule's own text, before any subsection
            fold = rule_trace(classes=["rule-trace"])
            fold += rule_trace_summary(
                "", tr(self.env, TRACE_SUMMARY, code=counts["code"], tests=counts["test"]))
            fold += para
            subsections = [i for i, child in enumerate(section.children) if isinstance(child, nodes.section)]
            section.insert(subsections[0] if subsections else len(section.children), fold)


#: the one line a rule's links to code and tests are folded under (a msgid of MESSAGES)
TRACE_SUMMARY = "Code ({code}) and tests ({tests})"


class rule_trace(nodes.General, nodes.Element):
    """A rule's links to code and tests, folded: ``<details>`` in HTML, a plain block elsewhere."""


class rule_trace_summary(nodes.TextElement):
    """The one line shown while a :class:`rule_trace` is closed: ``<summary>`` in HTML."""


def _visit_rule_trace(self: Any, node: rule_trace) -> None:
    self.body.append(self.starttag(node, "details", CLASS=" ".join(node["classes"])))


def _depart_rule_trace(self: Any, node: rule_trace) -> None:
    self.body.append("</details>\n")


def _visit_trace_summary(self: Any, node: rule_trace_summary) -> None:
    self.body.append(self.starttag(node, "summary", ""))


def _depart_trace_summary(self: Any, node: rule_trace_summary) -> None:
    self.body.append("</summary>\n")


def _skip(self: Any, node: nodes.Node) -> None:
    pass


#: the markers of a ruling's parts, in the spec and in its translations (a translation may
#: keep the English marker or use the Japanese one)
_MARKERS = {
    "Reading:": "The reading chosen", "Why:": "Why",
    "解釈:": "The reading chosen", "解釈：": "The reading chosen",
    "理由:": "Why", "理由：": "Why",
}


def _colon(env: Any) -> str:
    return "：" if _language(env) == "ja" else ": "
_OPTION = re.compile(r"Rules\.([a-z_]+)")


def _ruling_callout(env: Any, section: nodes.section, rid: str, title: str) -> None:
    """Put a ruling's text in a callout: the source, the reading chosen, why, the option."""
    start = 1
    while start < len(section.children) and isinstance(section[start], (nodes.title, addnodes.index)):
        start += 1
    end = start
    while end < len(section.children) and not isinstance(section[end], nodes.section):
        end += 1
    body = list(section.children[start:end])
    if not body:
        return
    box = nodes.admonition(classes=["rulebook-ruling", "note"])
    box += nodes.title(text=tr(env, "Ruling"))
    box += _ruling_parts(env, body)
    for old in body:
        section.remove(old)
    section.insert(start, box)


def _ruling_parts(env: Any, body: list[nodes.Node]) -> nodes.Element:
    """The blocks of a ruling, split at its **Reading:** and **Why:** markers.

    For ``sphinx-build -b gettext`` the blocks stay whole: the translation catalogs are
    keyed by the spec's paragraphs as written (markers included), which is also what
    Sphinx translates before this split runs.
    """
    if getattr(env.app.builder, "name", "") == "gettext":
        return nodes.container("", *body)
    parts: list[tuple[str, list[nodes.Node]]] = [("What the source says", [])]
    for block in body:
        if not isinstance(block, nodes.paragraph):
            parts[-1][1].append(block)
            continue
        para = nodes.paragraph()
        for child in list(block.children):
            label = _MARKERS.get(child.astext().strip()) if isinstance(child, nodes.strong) else None
            if label:
                if para.children:
                    parts[-1][1].append(para)
                parts.append((label, []))
                para = nodes.paragraph()
                continue
            para += child.deepcopy()
        if para.children:
            parts[-1][1].append(para)
    # a leading space left where a marker was cut out
    for _, blocks in parts:
        if blocks and isinstance(blocks[0], nodes.paragraph) and blocks[0].children:
            first = blocks[0][0]
            if isinstance(first, nodes.Text) and first.astext().startswith(" "):
                blocks[0].replace(first, nodes.Text(first.astext().lstrip()))
    options = sorted(set(_OPTION.findall(" ".join(b.astext() for b in body))))
    items = nodes.definition_list()
    for label, blocks in parts:
        if not blocks:
            continue
        item = nodes.definition_list_item()
        item += nodes.term(text=tr(env, label))
        definition = nodes.definition()
        definition.extend(blocks)
        item += definition
        items += item
    if options:
        item = nodes.definition_list_item()
        item += nodes.term(text=tr(env, "Option for the other reading"))
        para = nodes.paragraph()
        for i, name in enumerate(options):
            if i:
                para += nodes.Text(", ")
            para += nodes.literal(text=f"Rules.{name}")
        item += nodes.definition("", para)
        items += item
    return items


class RulingCopies(SphinxTransform):
    """On the page of every ruling, give each copied ruling the same structure."""

    default_priority = 505

    def apply(self, **kwargs: Any) -> None:
        for box in list(self.document.findall(nodes.admonition)):
            if "rulebook-ruling-copy" not in box["classes"]:
                continue
            body = [c for c in box.children if not isinstance(c, nodes.title)]
            for old in body:
                box.remove(old)
            box += _ruling_parts(self.env, body)
            box["classes"] = ["rulebook-ruling", "note"]


class RuleLinks(SphinxTransform):
    """Turn every rule ID written in the text into a link to its rule."""

    default_priority = 510
    SKIP = (nodes.reference, addnodes.pending_xref, nodes.title, nodes.literal_block, nodes.raw,
            nodes.target, addnodes.index, addnodes.toctree, nodes.comment, nodes.system_message)

    def apply(self, **kwargs: Any) -> None:
        known = _known_ids(self.env)
        for node in list(self.document.findall(nodes.Text)):
            parent = node.parent
            if parent is None or not trace.ID.search(node.astext()):
                continue
            ancestors = _ancestors(node)
            if any(isinstance(a, self.SKIP) and not _admonition_title(a) and not _plain_block(a)
                   for a in ancestors):
                continue
            if isinstance(parent, nodes.literal):
                rid = parent.astext().strip()
                if rid in known and len(parent.children) == 1:
                    ref = _rule_ref(rid)
                    parent.replace_self(ref)
                    ref += parent
                continue
            text = node.astext()
            pieces: list[nodes.Node] = []
            at = 0
            for m in trace.ID.finditer(text):
                if m.group() not in known:
                    continue
                if m.start() > at:
                    pieces.append(nodes.Text(text[at : m.start()]))
                ref = _rule_ref(m.group())
                ref += nodes.inline(m.group(), m.group(), classes=["rule-id"])
                pieces.append(ref)
                at = m.end()
            if not pieces:
                continue
            if at < len(text):
                pieces.append(nodes.Text(text[at:]))
            index = parent.index(node)
            parent.remove(node)
            for k, piece in enumerate(pieces):
                parent.insert(index + k, piece)


_PLAIN = ("text", "none", "console", "shell-session")


def _plain_block(node: nodes.Node) -> bool:
    """A literal block of plain text (command output, error messages): its IDs become links.

    Emptying ``rawsource`` makes Sphinx write it as a parsed literal (no highlighting,
    which plain text does not need), so the links survive.
    """
    if not isinstance(node, nodes.literal_block) or node.get("language", "text") not in _PLAIN:
        return False
    node.rawsource = ""
    return True


def _admonition_title(node: nodes.Node) -> bool:
    return isinstance(node, nodes.title) and isinstance(node.parent, nodes.Admonition)


def _ancestors(node: nodes.Node) -> list[nodes.Node]:
    out = []
    p = node.parent
    while p is not None:
        out.append(p)
        p = p.parent
    return out


def _known_ids(env: Any) -> frozenset[str]:
    known = getattr(env, "rulebook_ids", None)
    if known is None:
        known = frozenset(trace.load_spec(ROOT))
        env.rulebook_ids = known
    return known  # type: ignore[no-any-return]


def _rule_ref(rid: str) -> addnodes.pending_xref:
    return addnodes.pending_xref(
        "", refdomain="std", reftype="ref", reftarget="rule-" + rid.lower(), refexplicit=True,
        classes=["rule-id"],
    )


class OptionsDirective(SphinxDirective):
    """``rulebook-options <slug>``: a table of the game's Rules options."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        import rulebook
        from rulebook.core.options import describe_options

        game = rulebook.get_game(self.arguments[0])
        infos = describe_options(game.Rules)
        table = nodes.table(classes=["rulebook-options"])
        group = nodes.tgroup(cols=4)
        table += group
        for width in (18, 14, 18, 50):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        group += head
        body = nodes.tbody()
        group += body

        def row(cells: list[nodes.Node], into: nodes.Element) -> None:
            r = nodes.row()
            for cell in cells:
                entry = nodes.entry()
                entry += cell if isinstance(cell, nodes.paragraph) else nodes.paragraph("", "", cell)
                r += entry
            into += r

        row([nodes.Text(tr(self.env, t)) for t in ("Option", "Default", "Values", "Meaning")], head)
        for info in infos:
            default = info.default
            shown = repr(default) if info.choices is not None else tr(self.env, "(see below)")
            if isinstance(default, bool):
                shown = "true" if default else "false"
            row(
                [nodes.literal(text=info.name), nodes.literal(text=shown), nodes.Text(info.choices_text()),
                 _markdown_paragraph(info.doc, self)],
                body,
            )
        intro = _inline(tr(self.env, "Options of {title} ({slug}): {rules} with the defaults below is the "
                              "printed game.", title=game.title, slug=f"`{game.slug}`",
                           rules=f"`{type(game).__module__.removesuffix('.game')}.Rules()`"))
        return [intro, table]


class ModelDirective(SphinxDirective):
    """``rulebook-model <slug>``: the game as one model: its zones, its program of steps and the rules a
    variant may replace by ID (:mod:`rulebook.core.model`)."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        import rulebook
        from rulebook.core.model import KIND_WORDS, TURN_WORDS
        from rulebook.variants.steps import placeable

        game = rulebook.get_game(self.arguments[0])
        zones = self._table(
            ["Zone", "Holds", "Printed sight", "Sights the engine plays itself", "Meaning"], (14, 14, 12, 20, 40),
            [[nodes.literal(text=z.name),
              _markdown_paragraph(f"{z.items}s" + (", one per seat" if z.per_seat else ""), self),
              nodes.literal(text=z.printed),
              _markdown_paragraph(", ".join(f"`{c}`" for c in z.choices) + (
                  "; any other sight too (the general path)" if z.general else ""), self),
              _markdown_paragraph(z.doc, self)] for z in game.ZONES])
        program = self._table(
            ["Step", "How it takes turns", "How often", "What happens", "Rules"], (16, 18, 12, 34, 20),
            [[nodes.literal(text=s.name), _markdown_paragraph(TURN_WORDS[s.turns], self),
              _markdown_paragraph(s.often_words, self), _markdown_paragraph(s.who, self),
              self._links(s.rules)] for s in game.PROGRAM])
        slots = self._table(
            ["Rule", "Decides", "What a variant gives in its place", "Switched off"], (14, 16, 56, 14),
            [[self._links((s.rule,)), _markdown_paragraph(KIND_WORDS[s.kind], self), _markdown_paragraph(s.form, self),
              nodes.Text(tr(self.env, "yes") if s.switchable else tr(self.env, "no"))] for s in game.SLOTS])
        places = ", ".join(f"`{k} = \"{n}\"`" for k, n in sorted(placeable(game)))
        title = game.title
        return [
            # composed in English: the page's own catalog translates the whole sentence (its cells too)
            _inline(f"The zones of {title}: every place an item can be, and who sees it (`visible.ZONE`)."), zones,
            _inline(f"The round of {title} as a program of steps; an added step goes before or after the ones a "
                    f"variant file may name ({places})."), program,
            _inline(f"The rules of {title} a variant may replace by their IDs, and the game's own checks."), slots,
        ]

    def _links(self, rules: tuple[str, ...]) -> nodes.paragraph:
        para = nodes.paragraph()
        for i, rid in enumerate(rules):
            if i:
                para += nodes.Text(", ")
            ref = _rule_ref(rid)
            ref += nodes.inline(rid, rid, classes=["rule-id"])
            para += ref
        return para

    def _table(self, heads: list[str], widths: tuple[int, ...], rows: list[list[nodes.Node]]) -> nodes.table:
        table = nodes.table(classes=["rulebook-options"])
        group = nodes.tgroup(cols=len(heads))
        table += group
        for width in widths:
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        group += head
        body = nodes.tbody()
        group += body

        def row(cells: list[nodes.Node], into: nodes.Element) -> None:
            r = nodes.row()
            for cell in cells:
                entry = nodes.entry()
                entry += cell if isinstance(cell, nodes.paragraph) else nodes.paragraph("", "", cell)
                r += entry
            into += r

        row([nodes.Text(tr(self.env, h)) for h in heads], head)
        for cells in rows:
            row(cells, body)
        return table


class FigureDirective(SphinxDirective):
    """``rulebook-figure <slug>``: every card of the game (an inline SVG)."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        from replay_pages import speaking

        import rulebook
        from rulebook.core import render

        game = rulebook.get_game(self.arguments[0])
        with speaking(_language(self.env)):  # the cards' names (suit A: スートA) in the page's language
            svg = render.deck_svg(game, game.Rules())
        box = nodes.container(classes=["rulebook-figure"])
        box += nodes.raw("", svg, format="html")
        caption = nodes.paragraph(classes=["rulebook-figure-caption"])
        caption += nodes.emphasis(text=tr(self.env, "The cards of {title}, one row per suit, as rulebook draws them "
                                                   "(colours are rulebook's; the printed cards differ).",
                                          title=game.title))
        box += caption
        return [box]


class ScenariosDirective(SphinxDirective):
    """``rulebook-scenarios <slug>``: every scenario of ``spec/examples/<slug>/``, step by step."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        from replay_pages import replay_link, speaking  # the game's whole game, to watch move by move

        link = replay_link(self, self.arguments[0])
        out: list[nodes.Node] = [] if link is None else [link]
        with speaking(_language(self.env)):  # the cards' names in the pictures, in the page's language
            return out + self._scenarios()

    def _scenarios(self) -> list[nodes.Node]:
        from rulebook.core import render
        from rulebook.reference import scenarios

        out: list[nodes.Node] = []
        for path in sorted((ROOT / "spec" / "examples" / self.arguments[0]).glob("*.toml")):
            self.env.note_dependency(str(path))
            sc = scenarios.load(path)
            states = scenarios.run(sc)  # a broken example fails the build too
            game = states[0].GAME
            section = nodes.section(ids=[f"scenario-{self.arguments[0]}-{path.stem}"], classes=["rulebook-scenario"])
            env = self.env
            section += _message(nodes.title(sc.title, sc.title), sc.title, self)
            meta = nodes.paragraph()
            meta += nodes.emphasis(text=tr(env, "Illustrates {ids}.", ids=", ".join(sc.cites)) if sc.cites else "")
            if sc.source:
                meta += nodes.Text(" " + tr(env, "Source: {source}.", source=sc.source))
            meta += _inline(" " + tr(env, "File: {file}", file=f"`{path.relative_to(ROOT)}`")).children
            section += meta
            if sc.description:
                section += _markdown_paragraph(" ".join(sc.description.split()), self)
            rules = states[0].rules
            hands = getattr(states[0], "hands", None)
            if isinstance(hands, tuple):
                items = nodes.bullet_list()
                for seat, hand in enumerate(hands):
                    item = nodes.list_item()
                    para = nodes.paragraph(text=tr(env, "Seat {seat} holds:", seat=_seat(seat)) + " ")
                    item += para
                    item += nodes.raw("", render.hand_svg(game, list(hand), rules), format="html")
                    items += item
                section += items
            steps = nodes.enumerated_list()
            done = len(render._tricks(states[0]))
            for step, after in zip(sc.steps, states[1:]):
                item = nodes.list_item(classes=["rulebook-scenario-step"])
                para = nodes.paragraph()
                para += nodes.literal(text=step.action)
                if step.note:
                    para += nodes.Text(" — " + " ".join(step.note.split()))
                    _message(para, f"`{step.action}` — " + " ".join(step.note.split()), self)
                item += para
                card = getattr(game.parse_action(step.action, rules), "card", None)
                if type(card) is int:
                    item += nodes.raw("", render.card_svg(game, card, rules), format="html")
                tricks = render._tricks(after)
                if len(tricks) > done:  # a trick was just finished: show who won it
                    item += nodes.raw("", render.trick_svg(game, tricks[-1], rules), format="html")
                    done = len(tricks)
                if step.expect:
                    item += nodes.paragraph(text=tr(env, "Checked: {facts}.", facts=_expect_text(env, step.expect)))
                steps += item
            section += steps
            if sc.outcome:
                section += nodes.paragraph(
                    text=tr(env, "Outcome, checked by the test suite: {facts}.", facts=_expect_text(env, sc.outcome)))
            out.append(section)
        return out


def _seat(value: Any) -> Any:
    """A seat of a scenario (0-based, as the API and the TOML files hold it) as people count it, from 1."""
    return value + 1 if type(value) is int else value


def _expect_text(env: Any, expect: Any) -> str:
    parts = []
    for key, value in expect.items():
        if key == "to_act":
            parts.append(tr(env, "seat {seat} is to act", seat=_seat(value)))
        elif key == "scores":
            parts.append(tr(env, "scores {scores}", scores=" ".join(str(v) for v in value)))
        elif key == "illegal":
            parts.append(tr(env, "{action} is refused ({rule})", action=value["action"],
                            rule=value.get("rule", "illegal")))
        elif key == "legal":
            parts.append(tr(env, "legal: {actions}", actions=", ".join(value)))
        elif key == "trick":
            npc = value.get("winner") if value.get("winner") in ("lord", "young lord") else None
            if npc is not None and "card" in value:  # UTSUKE's lord or young lord
                parts.append(tr(env, f"the {npc} wins the trick with {{card}}", card=value["card"]))
            elif "card" in value:
                parts.append(tr(env, "seat {seat} wins the trick with {card}", seat=_seat(value.get("winner")),
                                card=value["card"]))
            else:
                parts.append(tr(env, "seat {seat} wins the trick", seat=_seat(value.get("winner"))))
        else:
            parts.append(f"{key} {value}")
    return ("；" if _language(env) == "ja" else "; ").join(parts)


def _inline(text: str) -> nodes.paragraph:
    """A paragraph of ``text`` whose `backticked` parts are inline code."""
    para = nodes.paragraph()
    for i, piece in enumerate(re.split(r"``?", text)):
        if piece:
            para += nodes.literal(text=piece) if i % 2 else nodes.Text(piece)
    return para


def _viewcode_follow(app: Sphinx, modname: str | None, fullname: str | None) -> str | None:
    """Source of a documented constant (``CHUNK = 200``) is its own module, not ``builtins``."""
    import importlib

    if not modname or not fullname:
        return None
    try:
        obj: Any = importlib.import_module(modname)
        for part in fullname.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError):
        return None
    found = getattr(obj, "__module__", None)
    if not isinstance(found, str) or not found.startswith("rulebook"):
        return modname
    return found


#: Sphinx's own Japanese messages that glue a role to the next word (``:py:class:`X`の別名``
#: is not reStructuredText: an inline markup end-string must be followed by a space or
#: punctuation), fixed for our build
_SPHINX_JA = {"alias of %s": "%s の別名です。", "alias of TypeVar(%s)": "TypeVar(%s) のエイリアスです。"}


def _fix_sphinx_messages(app: Sphinx) -> None:
    if _language(app.env) != "ja":
        return
    from sphinx.locale import translators

    for (_namespace, name), translator in translators.items():
        catalog = getattr(translator, "_catalog", None)
        if name == "sphinx" and isinstance(catalog, dict):
            catalog.update(_SPHINX_JA)


def _mathml(latex: str, block: bool) -> str:
    """``latex`` as MathML, which browsers draw themselves: no script, nothing fetched."""
    from docutils.utils.math import latex2mathml

    return latex2mathml.tex2mathml(latex, as_block=block)


def _visit_math(self: Any, node: nodes.math) -> None:
    self.body.append(self.starttag(node, "span", "", CLASS="math"))
    self.body.append(_mathml(node.astext(), block=False) + "</span>")
    raise nodes.SkipNode


def _visit_math_block(self: Any, node: nodes.math_block) -> None:
    self.body.append(self.starttag(node, "div", CLASS="math"))
    self.body.append(_mathml(node.astext(), block=True) + "</div>\n")
    raise nodes.SkipNode


class _QuietMyst(_stdlogging.Filter):
    """Drop MyST's one-line dump of its whole configuration on every build."""

    def filter(self, record: _stdlogging.LogRecord) -> bool:
        return "myst v" not in str(record.msg)


def setup(app: Sphinx) -> dict[str, Any]:
    _stdlogging.getLogger("sphinx.myst_parser.sphinx_ext.main").addFilter(_QuietMyst())
    app.add_object_type("rule", "rule", objname="rule")
    app.connect("builder-inited", generate_trace_pages)
    app.connect("builder-inited", _fix_sphinx_messages)
    app.connect("viewcode-follow-imported", _viewcode_follow)
    app.add_node(rule_trace, html=(_visit_rule_trace, _depart_rule_trace),
                 **{b: (_skip, _skip) for b in ("latex", "text", "man", "texinfo")})
    app.add_node(rule_trace_summary, html=(_visit_trace_summary, _depart_trace_summary),
                 **{b: (_skip, _skip) for b in ("latex", "text", "man", "texinfo")})
    # formulas ($...$ and $$...$$ in the pages) as MathML: conf.py sets html_math_renderer
    app.add_html_math_renderer("mathml", (_visit_math, None), (_visit_math_block, None))
    app.add_transform(RuleAnchors)
    app.add_transform(RulingCopies)
    app.add_transform(RuleLinks)
    app.add_directive("rulebook-options", OptionsDirective)
    app.add_directive("rulebook-model", ModelDirective)
    app.add_directive("rulebook-figure", FigureDirective)
    app.add_directive("rulebook-scenarios", ScenariosDirective)
    app.add_directive("rulebook-translations", TranslationsDirective)
    app.connect("html-page-context", _page_context)
    # the coverage table reads the catalogs, which change without any page changing
    app.connect("env-get-outdated", lambda app, env, added, changed, removed: ["translations"])
    return {"parallel_read_safe": True, "parallel_write_safe": True}
