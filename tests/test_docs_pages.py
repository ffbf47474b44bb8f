"""The user docs read as a rule reference and a user's guide (issue 24, item 6).

**Rule text on the game pages.** A game page (``docs/games/<slug>.md``, which includes
``spec/<slug>.md``) is for readers of the rules: at least :data:`RULE_SHARE` of the text a
reader sees must be rule text. The page's text is what a reader sees with every folded
block closed; the *rule text* is all of it except

* the one line under each rule that folds its links to code and tests (the extension's
  ``TRACE_SUMMARY``; the lists themselves stay inside the closed block and on the
  traceability pages), and
* the sections for programmers and about the computer player (:data:`NOT_RULES`).

The share is computed twice:

* from the sources, always (CI's test job has no docs build and no Sphinx): the Markdown
  of the page and its spec reduced to the text a reader sees, the options table from
  ``describe_options``, and one fold line per rule with the counts from
  :mod:`rulebook.reference.trace`. A game page must not pull in generated text that the sources
  cannot measure (``eval-rst``, autodoc): each game's API has a page of its own;
* from the built page ``docs/_build/html/games/<slug>.html`` when it exists (after
  ``python -m sphinx -b html docs docs/_build/html``): the article's text with the
  contents of every ``<details>`` left out except its ``<summary>``, as a browser shows it.
  That test also checks that every rule has its closed fold.

**No engineering log in the user docs.** Measurements with their circumstances (machine
load, other jobs, before/after timings, how the code was made faster) belong in
``bench/README.md`` and history in the changelog; a path of one machine belongs nowhere.
:data:`LOG_PATTERNS` finds them in the user docs (:func:`user_docs`); a test checks that
each pattern does catch the kind of sentence it is for.
"""

from __future__ import annotations

import html.parser
import re
from collections import Counter
from pathlib import Path

import pytest

import rulebook
from rulebook.core.options import describe_options
from rulebook.reference import trace

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
BUILT = DOCS / "_build" / "html"
SLUGS = ("witches-of-blackmore", "seven-prophecies", "utsuke", "gods-and-humans", "saru-tori-inu-i")
#: the least share of a game page's text that is rule text
RULE_SHARE = 0.80
#: the sections of a game page that are not rule text (titles; their anchors in the HTML)
NOT_RULES = {
    "How the computer player decides": "how-the-computer-player-decides",
    "Record of play": "record-of-play",
    "Observation tensor": "observation-tensor",
    "API": "api",
    "The game as one model": "the-game-as-one-model",
}
#: the line a rule's links to code and tests are folded under (docs/_ext: TRACE_SUMMARY)
TRACE_SUMMARY = "Code ({code}) and tests ({tests})"
#: the caption the rulebook-figure directive writes under a game's cards (docs/_ext: MESSAGES)
DECK_CAPTION = ("The cards of {title}, one row per suit, as rulebook draws them "
                "(colours are rulebook's; the printed cards differ).")


# --- the text of a page, from its sources ---------------------------------------------

FENCE = re.compile(r"^(`{3,}|~{3,}|:{3,})\s*(\{([\w:-]+)\})?\s*(.*)$")


def _visible(text: str) -> int:
    """Characters a reader sees in a line of Markdown (whitespace and markup not counted)."""
    text = re.sub(r"<!--.*?-->", "", text)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links and images: their text
    text = re.sub(r"\{[\w:-]+\}`([^`<]*?)(?:\s*<[^>]*>)?`", r"\1", text)  # {doc}`t <x>`, {class}`x`
    text = re.sub(r"^\s*#+\s*", "", text)  # heading marks
    text = re.sub(r"^\s*\|?[\s:|-]*-{3,}[\s:|-]*\|?\s*$", "", text)  # a table's rule line
    text = re.sub(r"^\s*([-*+]|\d+\.)\s+", "", text)  # list marks
    text = re.sub(r"[`*|]|(?<!\w)_|_(?!\w)", "", text)  # code, emphasis, table bars
    return len(re.sub(r"\s+", "", text))


def _options_text(slug: str) -> int:
    """What the rulebook-options directive shows: its sentence and its table."""
    game = rulebook.get_game(slug)
    module = type(game).__module__.removesuffix(".game")
    total = _visible(f"Options of {game.title} ({slug}): {module}.Rules() with the defaults below is the "
                     "printed game.") + _visible("Option Default Values Meaning")
    for info in describe_options(game.Rules):
        shown = "(see below)" if info.choices is None else repr(info.default)
        if isinstance(info.default, bool):
            shown = "true" if info.default else "false"
        total += _visible(" ".join((info.name, shown, info.choices_text(), info.doc)))
    return total


def _lines(slug: str) -> list[str]:
    """The page's Markdown with its spec included in place."""
    out: list[str] = []
    lines = (DOCS / "games" / f"{slug}.md").read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m and m.group(3) == "include":
            target = (DOCS / "games" / m.group(4).strip()).resolve()
            start = 0
            i += 1
            while not lines[i].startswith(m.group(1)):
                if lines[i].startswith(":start-line:"):
                    start = int(lines[i].split(":")[2])
                i += 1
            out += target.read_text(encoding="utf-8").splitlines()[start:]
        else:
            out.append(lines[i])
        i += 1
    return out


def _fold_counts() -> dict[str, tuple[int, int]]:
    """rule ID -> (definitions in the code, tests) citing it, each counted once."""
    seen: dict[str, set[tuple[str, str, str]]] = {}
    for c in trace.citations(ROOT):
        seen.setdefault(c.id, set()).add((c.kind, c.path, c.qualname or str(c.start)))
    return {rid: (sum(1 for k in keys if k[0] == "code"), sum(1 for k in keys if k[0] == "test"))
            for rid, keys in seen.items()}


def _model_text(slug: str) -> int:
    """What the rulebook-model directive shows: its three sentences and its three tables."""
    from rulebook.core.model import KIND_WORDS, TURN_WORDS

    game = rulebook.get_game(slug)
    cells = ["The zones of: every place an item can be, and who sees it.", "The round of as a program of steps",
             "The rules of a variant may replace by their IDs, and the game's own checks.",
             "Zone Holds Printed sight Sights the engine plays itself Meaning",
             "Step How it takes turns How often What happens Rules", "Rule Decides What a variant gives in its place"]
    cells += [" ".join((z.name, z.items, z.printed, *z.choices, z.doc)) for z in game.ZONES]
    cells += [" ".join((s.name, TURN_WORDS[s.turns], s.often_words, s.who, *s.rules)) for s in game.PROGRAM]
    cells += [" ".join((s.rule, KIND_WORDS[s.kind], s.form)) for s in game.SLOTS]
    return sum(_visible(c) for c in cells)


def source_shares(slug: str, folds: dict[str, tuple[int, int]]) -> Counter[str]:
    """Characters of the page by kind: ``rules``, ``other`` (NOT_RULES) and ``trace``."""
    game = rulebook.get_game(slug)
    counts: Counter[str] = Counter()
    kind = "rules"
    lines = _lines(slug)
    i = 0
    while i < len(lines):
        line = lines[i]
        heading = re.match(r"^(#{1,3}) (.*)$", line)
        if heading and len(heading.group(1)) == 2:
            kind = "other" if heading.group(2).strip() in NOT_RULES else "rules"
        rule = trace.HEADING.match(line)
        if rule:
            code, tests = folds.get(rule["id"], (0, 0))
            counts["trace"] += _visible(TRACE_SUMMARY.format(code=code, tests=tests))
        fence = FENCE.match(line)
        if fence:
            name, arg = fence.group(3), fence.group(4).strip()
            body: list[str] = []
            i += 1
            while i < len(lines) and not lines[i].startswith(fence.group(1)):
                body.append(lines[i])
                i += 1
            assert name not in ("eval-rst", "automodule", "autoclass"), (
                f"games/{slug}.md shows generated API text: it belongs on games/{slug}-api.md")
            if name == "rulebook-options":
                counts[kind] += _options_text(arg)
            elif name == "rulebook-model":
                counts[kind] += _model_text(arg)
            elif name == "rulebook-figure":
                counts[kind] += _visible(DECK_CAPTION.format(title=game.title))
            elif name in ("figure", "image"):
                counts[kind] += sum(_visible(b) for b in body if not b.startswith(":"))
            elif name is None or name in ("note", "admonition", "tip", "warning"):
                counts[kind] += sum(_visible(b) for b in body if not b.startswith(":"))
            else:
                raise AssertionError(f"games/{slug}.md: measure the directive {name!r} here")
        else:
            counts[kind] += _visible(line)
        i += 1
    return counts


@pytest.fixture(scope="module")
def folds() -> dict[str, tuple[int, int]]:
    return _fold_counts()


@pytest.mark.parametrize("slug", SLUGS)
def test_rule_text_share_from_the_sources(slug: str, folds: dict[str, tuple[int, int]]) -> None:
    counts = source_shares(slug, folds)
    total = sum(counts.values())
    assert counts["trace"] > 0 and counts["rules"] > 0
    share = counts["rules"] / total
    assert share >= RULE_SHARE, (
        f"games/{slug}: rule text is {share:.1%} of the page ({dict(counts)}); the rest is folded "
        f"trace lines and the sections {sorted(NOT_RULES)}")


def test_source_measure_counts_what_a_reader_sees() -> None:
    assert _visible("**Goal.** Capture `cards`: see [WB-PLAY-1](#rule-wb-play-1).") == len(
        "Goal.Capturecards:seeWB-PLAY-1.")
    assert _visible("| Offset | Size |") == len("OffsetSize")
    assert _visible("|---|---:|") == 0
    assert _visible("{doc}`the games <games>` and {class}`~x.Rules`") == len("thegamesand~x.Rules")


def test_fold_line_is_the_extensions() -> None:
    pytest.importorskip("sphinx")
    import sys

    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        import rulebook_docs
    finally:
        sys.path.remove(str(DOCS / "_ext"))
    assert rulebook_docs.TRACE_SUMMARY == TRACE_SUMMARY
    assert TRACE_SUMMARY in rulebook_docs.MESSAGES and DECK_CAPTION in rulebook_docs.MESSAGES


# --- the text of a page, from the built HTML -------------------------------------------

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _PageText(html.parser.HTMLParser):
    """The article's visible text by kind, with every ``<details>`` closed."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, dict[str, str | None]]] = []
        self.counts: Counter[str] = Counter()
        self.folds: list[bool] = []  # per rule-trace block: has the "open" attribute
        self.rule_sections = 0
        self.in_article = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        d = dict(attrs)
        if tag == "article":
            self.in_article = True
        if tag == "details" and "rule-trace" in (d.get("class") or "").split():
            self.folds.append("open" in d)
        if tag == "section" and (d.get("id") or "").startswith("rule-"):
            self.rule_sections += 1
        if tag not in VOID:
            self.stack.append((tag, d))

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.in_article = False
        for k in range(len(self.stack) - 1, -1, -1):
            if self.stack[k][0] == tag:
                del self.stack[k:]
                break

    def handle_data(self, data: str) -> None:
        if not self.in_article:
            return
        n = len(re.sub(r"\s+", "", data))
        if not n:
            return
        tags = [t for t, _ in self.stack]
        classes = [set((d.get("class") or "").split()) for _, d in self.stack]
        if {"script", "style"} & set(tags) or any("headerlink" in c for c in classes):
            return
        if "details" in tags:
            if "summary" not in tags[tags.index("details"):]:
                return  # inside a closed block
            if any("rule-trace" in c for c in classes):
                self.counts["trace"] += n
                return
        ids = {d.get("id") for t, d in self.stack if t == "section"}
        self.counts["other" if ids & set(NOT_RULES.values()) else "rules"] += n


def built_page(slug: str) -> _PageText:
    parser = _PageText()
    parser.feed((BUILT / "games" / f"{slug}.html").read_text(encoding="utf-8"))
    return parser


@pytest.mark.parametrize("slug", SLUGS)
def test_rule_text_share_in_the_built_page(slug: str) -> None:
    if not (BUILT / "games" / f"{slug}.html").exists():
        pytest.skip("no docs build (python -m sphinx -b html docs docs/_build/html)")
    page = built_page(slug)
    total = sum(page.counts.values())
    share = page.counts["rules"] / total
    assert share >= RULE_SHARE, f"games/{slug}.html: rule text is {share:.1%} ({dict(page.counts)})"
    # every rule has its links folded under one closed line
    assert page.rule_sections > 0
    assert len(page.folds) == page.rule_sections, (len(page.folds), page.rule_sections)
    assert not any(page.folds), "a rule's code and tests are shown open"


# --- no engineering log in the user docs -------------------------------------------------

#: (what it finds, pattern): the marks of a measurement's circumstances or of the code's history
LOG_PATTERNS = (
    ("a number of cores", re.compile(r"\b\d+[- ]cores?\b", re.I)),
    ("machine load", re.compile(r"\bload average\b|\bmachine load\b|\(load\b|\bat load\b|\bload (about|of) \d", re.I)),
    ("other jobs on the machine", re.compile(r"\bshared (with|by) other\b|\bother (jobs|helpers|work)\b", re.I)),
    ("a before/after table", re.compile(r"^\|.*\bbefore\b.*\|.*\bafter\b.*\|", re.I | re.M)),
    ("a speed-up", re.compile(r"\bspeed-?ups?\b|\d\s*[x×]\s+(faster|as fast)|\b[x×]\s*faster\b", re.I)),
    ("profiling", re.compile(r"\bprofiled\b|\bcProfile\b", re.I)),
    ("how the code used to be", re.compile(r"\bused to cost\b|\bthe former tree\b|\bthe old default\b", re.I)),
    ("a path of one machine", re.compile(r"(?<![\w.~])/(work|home|tmp|Users|root)/")),
)
#: not user docs: the changelog is history, contributing is for developers
NOT_USER_DOCS = {"changelog.md", "contributing.md"}


def user_docs() -> list[Path]:
    pages = [p for p in DOCS.rglob("*.md")
             if not {"_build", "_generated"} & set(p.relative_to(DOCS).parts)
             and p.relative_to(DOCS).as_posix() not in NOT_USER_DOCS]
    return sorted(pages) + sorted((ROOT / "spec").glob("*.md"))


def log_lines(text: str) -> list[tuple[int, str, str]]:
    """(line, what, line's text) of every engineering-log mark in ``text``."""
    found = []
    for what, pattern in LOG_PATTERNS:
        for m in pattern.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            found.append((line, what, text.splitlines()[line - 1].strip()[:100]))
    return sorted(found)


def test_user_docs_keep_no_engineering_log() -> None:
    pages = user_docs()
    assert len(pages) > 20 and DOCS / "balance.md" in pages and ROOT / "spec" / "utsuke.md" in pages
    found = [f"{p.relative_to(ROOT)}:{line}: {what}: {text}"
             for p in pages for line, what, text in log_lines(p.read_text(encoding="utf-8"))]
    assert not found, "measurements and history belong in bench/README.md and CHANGELOG.md:\n" + "\n".join(found)


@pytest.mark.parametrize("sample, what", [
    ("on 2 cores shared with other jobs", "a number of cores"),
    ("run on the project's 2-core machine", "a number of cores"),
    ("(load average about 11)", "machine load"),
    ("at load about 1, before and after", "machine load"),
    ("while seven other helpers were working", "other jobs on the machine"),
    ("| game | before: wall s | after: wall s |", "a before/after table"),
    ("| game | ISMCTS it/s before | after |", "a before/after table"),
    ("a speed-up of 1.25 to 1.56", "a speed-up"),
    ("4x faster than before", "a speed-up"),
    ("Profiled (cProfile, and each piece timed alone", "profiling"),
    ("checking it used to cost several hundred times more", "how the code used to be"),
    ("PYTHONPATH=/work/wt/docs24 python", "a path of one machine"),
    ("see /home/someone/rulebook", "a path of one machine"),
])
def test_log_patterns_catch_the_log(sample: str, what: str) -> None:
    assert what in {w for _, w, _ in log_lines(sample)}


@pytest.mark.parametrize("sample", [
    "A default run takes a few seconds on a laptop.",
    "the shared machinery in `rulebook/core/`",
    "Before each round every player secretly spreads seven cubes",
    "the lead changes hands less often after the change",
    "`docs/games/<slug>.md` and `spec/<slug>.md`",
    "`--workers N` spreads the games over N processes",
])
def test_log_patterns_leave_plain_words(sample: str) -> None:
    assert log_lines(sample) == []
