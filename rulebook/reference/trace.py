"""Traceability between the rule spec, the code and the tests.

The spec (``spec/<slug>.md``) states each rule under a heading
``### <ID> · <title>``, where an ID is ``<GAME>-<SECTION>-<n>`` (game prefix, section, number).
Code under ``rulebook/`` and tests under ``tests/`` cite rules by writing their
IDs (in a comment, docstring or message). This module reads both, so that one
test can fail on a rule nobody enforces or checks, or on a citation of a rule
that does not exist, and the docs can link every rule to its code and tests.

The spec ships inside the package (``rulebook/spec/``, the same files as the
checkout's ``spec/``), so rule titles and texts are at hand after ``pip install``;
reading citations needs a source checkout.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType

import attrs

__all__ = ["SPEC", "Citation", "Rule", "check", "citations", "find_root", "load_spec", "spec_rules"]

#: The folder of the spec files as installed: ``spec/<slug>.md`` and ``spec/examples/<slug>/*.toml``.
SPEC = Path(__file__).resolve().parent.parent / "spec"

HEADING = re.compile(r"^###\s+(?P<id>[A-Z]{2}-[A-Z]{2,}-\d+)\s+·\s+(?P<title>.+?)\s*$")
ID = re.compile(r"(?<![A-Za-z0-9-])[A-Z]{2}-[A-Z]{2,}-\d+(?![A-Za-z0-9])")


@attrs.frozen
class Rule:
    id: str
    title: str
    slug: str
    line: int

    @property
    def anchor(self) -> str:
        return "rule-" + self.id.lower()

    @property
    def is_ruling(self) -> bool:
        return "-RULING-" in self.id


@attrs.frozen
class Citation:
    id: str
    #: path relative to the root, with forward slashes
    path: str
    line: int
    #: dotted name of the innermost enclosing class or function ("" at module level)
    qualname: str
    #: first and last line of that enclosing definition (the line itself at module level)
    start: int
    end: int

    @property
    def kind(self) -> str:
        return "test" if self.path.startswith("tests/") else "code"


def find_root(start: Path | None = None) -> Path:
    """The checkout root: the nearest parent with ``spec/`` and ``rulebook/``."""
    here = (start or Path(__file__)).resolve()
    for p in (here, *here.parents):
        if (p / "spec").is_dir() and (p / "rulebook").is_dir():
            return p
    raise FileNotFoundError("no rulebook checkout (with spec/ and rulebook/) above " + str(here))


def load_spec(root: Path | None = None) -> dict[str, Rule]:
    """Every rule of every ``spec/*.md`` under ``root`` (default: the installed spec), by ID;
    a duplicate ID is an error."""
    rules: dict[str, Rule] = {}
    for path in sorted((SPEC if root is None else root / "spec").glob("*.md")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = HEADING.match(line)
            if m:
                rid = m["id"]
                if rid in rules:
                    raise ValueError(f"{path.name}:{n}: rule {rid} is defined twice")
                rules[rid] = Rule(rid, m["title"], path.stem, n)
    return rules


@functools.cache
def spec_rules() -> Mapping[str, Rule]:
    """The installed spec's rules by ID, read once (:func:`load_spec` with no root).

    >>> spec_rules()["WB-PLAY-1"].title
    'Playing cards'
    """
    return MappingProxyType(load_spec())


def _scopes(tree: ast.AST) -> list[tuple[int, int, str]]:
    out: list[tuple[int, int, str]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                first = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                out.append((first, child.end_lineno or child.lineno, name))
                visit(child, name + ".")
            else:
                visit(child, prefix)

    visit(tree, "")
    return out


def _files(root: Path) -> Iterable[Path]:
    for top in ("rulebook", "tests"):
        yield from sorted((root / top).rglob("*.py"))


def citations(root: Path) -> list[Citation]:
    """Every rule ID written in ``rulebook/`` or ``tests/`` Python files."""
    out: list[Citation] = []
    for path in _files(root):
        text = path.read_text(encoding="utf-8")
        if not ID.search(text):
            continue
        rel = path.relative_to(root).as_posix()
        scopes = _scopes(ast.parse(text))
        for n, line in enumerate(text.splitlines(), 1):
            for m in ID.finditer(line):
                inner = [s for s in scopes if s[0] <= n <= s[1]]
                if inner:
                    start, end, qual = max(inner, key=lambda s: s[0])
                else:
                    start, end, qual = n, n, ""
                out.append(Citation(m.group(), rel, n, qual, start, end))
    return out


def check(root: Path) -> list[str]:
    """Every traceability gap: rules cited by no code or no test, and unknown IDs."""
    rules = load_spec(root)
    cites = citations(root)
    problems = []
    code = {c.id for c in cites if c.kind == "code"}
    tests = {c.id for c in cites if c.kind == "test"}
    for rid, rule in rules.items():
        if rid not in code:
            problems.append(f"{rid} ({rule.slug}.md:{rule.line}) is cited by no code under rulebook/")
        if rid not in tests:
            problems.append(f"{rid} ({rule.slug}.md:{rule.line}) is cited by no test under tests/")
    for c in cites:
        if c.id not in rules:
            problems.append(f"{c.path}:{c.line} cites {c.id}, which no spec defines")
    return problems
