"""Sphinx glue for rulebook's rule reference.

* Every spec heading ``### <ID> · <title>`` becomes an anchor ``rule-<id>`` (a
  standard label, so ``:ref:`` and MyST ``(#rule-...)`` links resolve), followed
  by links to every function in ``rulebook/`` that enforces the rule and every
  test that checks it. The citations come from :mod:`rulebook.trace`, the same
  source the traceability test reads.
* Each cited function is shown on a generated page under ``_generated/trace/``
  with links back to its rules.
* ``rulebook-options <slug>`` renders a game's ``Rules`` options as a table.
* A rule that no code or no test cites is a build warning (an error under -W).
"""

from __future__ import annotations

import hashlib
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

from rulebook import trace

logger = logging.getLogger(__name__)
ROOT = Path(__file__).resolve().parents[2]


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
        title = f"``{path}``"
        lines = [f".. _trace-file-{name}:", "", title, "=" * len(title), ""]
        lines += [f"Rule citations in ``{path}``, by enclosing definition.", ""]
        for label, (c, ids) in sorted(per_file[path].items(), key=lambda kv: kv[1][0].start):
            head = f"``{c.qualname or f'line {c.line}'}``"
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
        "   :widths: 20 50 10 10",
        "",
        "   * - Rule",
        "     - Title",
        "     - Code",
        "     - Tests",
    ]
    for rid, rule in rules.items():
        cites = by_rule.get(rid, [])
        lines += [
            f"   * - :ref:`{rid} <{rule.anchor}>`",
            f"     - {rule.title}",
            f"     - {sum(1 for c in cites if c.kind == 'code')}",
            f"     - {sum(1 for c in cites if c.kind == 'test')}",
        ]
    lines += ["", "Source files that cite rules:", "", ".. toctree::", "   :maxdepth: 1", ""]
    lines += [f"   trace/{p}" for p in pages]
    _write_if_changed(out / "traceability.rst", "\n".join(lines) + "\n")


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
            para = nodes.paragraph(classes=["rule-trace"])
            cites = by_rule.get(rid, [])
            for kind, label in (("code", "Enforced by"), ("test", "Checked by")):
                chosen = [c for c in cites if c.kind == kind]
                if not chosen:
                    logger.warning("rule %s is cited by no %s", rid, kind, location=section)
                    continue
                para += nodes.strong(text=f"{label}: ")
                for i, c in enumerate(chosen):
                    if i:
                        para += nodes.Text(", ")
                    ref = addnodes.pending_xref(
                        "", refdomain="std", reftype="ref", reftarget=_label(c), refexplicit=True
                    )
                    ref += nodes.literal(text=_display(c))
                    para += ref
                para += nodes.Text(". ")
            # after the rule's own text, before any subsection
            subsections = [i for i, child in enumerate(section.children) if isinstance(child, nodes.section)]
            section.insert(subsections[0] if subsections else len(section.children), para)


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

        row([nodes.Text(t) for t in ("Option", "Default", "Values", "Meaning")], head)
        for info in infos:
            default = info.default
            shown = repr(default) if info.choices is not None else "(see below)"
            if isinstance(default, bool):
                shown = "true" if default else "false"
            row(
                [nodes.literal(text=info.name), nodes.literal(text=shown), nodes.Text(info.choices_text()),
                 nodes.Text(info.doc)],
                body,
            )
        intro = nodes.paragraph(
            text=f"Options of {game.title} (``{game.slug}``), from "
            f"rulebook.games: Rules(...) with the defaults below is the printed game."
        )
        return [intro, table]


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", generate_trace_pages)
    app.add_transform(RuleAnchors)
    app.add_directive("rulebook-options", OptionsDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
