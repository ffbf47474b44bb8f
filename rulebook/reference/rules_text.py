"""The rules as text for people: ``rulebook rules GAME [RULE-ID|section]`` and ``?`` at the table.

Everything is read from the spec that ships inside the package (``rulebook/spec/<slug>.md``,
``rulebook.reference.trace.SPEC``), so it works the same from a clone and from an installed wheel.

* :func:`lookup` gives one rule with the rulings that belong to it (those it cites and those
  that cite it), or a whole section, as Markdown; an unknown ID or section is an
  :class:`UnknownRule` error naming the closest matches;
* :func:`index_lines` lists the sections with their rule IDs and titles;
* :func:`how_to_play` is the one-screen summary ``?`` shows first: the goal and one line per
  part of the game, each the first sentence of that part's first rule, with its ID;
* :func:`to_plain` turns the spec's Markdown into plain text (links as their text, no ``#``,
  backticks or emphasis marks); :func:`markdown_lines` renders it for a terminal with rich.

>>> lookup("witches-of-blackmore", "WB-TRICK-2").splitlines()[0]
'### WB-TRICK-2 · Several trumps'
>>> to_plain("See [WB-PLAY-2](#rule-wb-play-2): `must_follow` is **off**.")
'See WB-PLAY-2: must_follow is off.'
"""

from __future__ import annotations

import difflib
import functools
import re
import textwrap
import unicodedata
from collections.abc import Sequence
from typing import Any, TextIO

import attrs

from rulebook.errors import RulebookError
from rulebook.i18n import N_, _, language
from rulebook.reference.trace import HEADING, ID, SPEC

__all__ = [
    "SpecRule",
    "SpecSection",
    "UnknownRule",
    "how_to_play",
    "index_lines",
    "lookup",
    "markdown_lines",
    "rule_markdown",
    "rules_command",
    "rulings_of",
    "sections",
    "to_plain",
]


class UnknownRule(RulebookError):
    """A rule ID or section name the game's spec does not have; the message names close matches."""

    def __init__(self, slug: str, query: str, close: Sequence[str], other_game: str = "") -> None:
        if other_game:
            message = _("{query} is a rule of {other}, not of {slug}").format(
                query=query, other=other_game, slug=slug)
        else:
            message = _("no rule or section {query!r} in {slug}").format(query=query, slug=slug)
            if close:
                message += _("; close matches: {matches}").format(matches=", ".join(close))
            else:
                message += _("; list them: rulebook rules {slug}").format(slug=slug)
        super().__init__(message)
        self.slug = slug
        self.query = query
        self.close = tuple(close)


@attrs.frozen
class SpecRule:
    """One rule of the spec: its ID, title and body (Markdown, without the heading)."""

    id: str
    title: str
    body: str

    @property
    def is_ruling(self) -> bool:
        return "-RULING-" in self.id

    @property
    def is_house_rule(self) -> bool:
        return "house rule" in self.title.lower() or self.body.lstrip().lower().startswith("optional")

    @property
    def heading(self) -> str:
        """``ID · title`` as shown: in the language chosen where the catalog has it (the rule pages' words)."""
        spec = f"{self.id} · {self.title}"
        return _(spec)

    @property
    def text(self) -> str:
        """The body in the language chosen (:func:`translate_markdown`)."""
        return translate_markdown(self.body)

    def markdown(self, level: int = 3) -> str:
        return f"{'#' * level} {self.heading}\n\n{self.text}".rstrip() + "\n"


_ITEM = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$")


def _blocks(markdown: str) -> list[tuple[list[str], str, str]]:
    """``(lines, prefix, message)`` per block of ``markdown``: a paragraph or a list item gives its
    message (its lines joined by spaces, as the docs' catalogs hold it) and the prefix of its first
    line (``"- "``); code, tables and blank lines give ``""`` and are kept as they are."""
    out: list[tuple[list[str], str, str]] = []
    cur: list[str] = []
    prefix = ""
    fenced = False

    def flush() -> None:
        nonlocal cur, prefix
        if cur:
            first = _ITEM.match(cur[0])
            words = [first[3]] if first else [cur[0].strip()]
            out.append((cur, prefix, " ".join(words + [x.strip() for x in cur[1:]])))
        cur, prefix = [], ""

    for line in markdown.splitlines():
        stripped = line.lstrip()
        if stripped.startswith("```") or fenced or not stripped or stripped.startswith(("|", "#", "<")):
            flush()
            if stripped.startswith("```"):
                fenced = not fenced
            out.append(([line], "", ""))
            continue
        item = _ITEM.match(line)
        if item:
            flush()
            prefix = f"{item[1]}{item[2]} "
        cur.append(line)
    flush()
    return out


def text_blocks(markdown: str) -> list[str]:
    r"""The translatable messages of ``markdown``: its paragraphs and list items, one line each.

    >>> text_blocks("A rule\nin two lines.\n\n- one\n- two\n  more\n\n```\ncode\n```")
    ['A rule in two lines.', 'one', 'two more']
    """
    return [message for _lines, _prefix, message in _blocks(markdown) if message]


def translate_markdown(markdown: str) -> str:
    """``markdown`` in the language chosen: each paragraph and list item the catalog translates
    becomes its translation (the same words as the rule reference's pages); the rest stays."""
    if language() == "en":
        return markdown
    out: list[str] = []
    for lines, prefix, message in _blocks(markdown):
        translated = _(message) if message else message
        if message and translated != message:
            indent = " " * (len(lines[0]) - len(lines[0].lstrip()))
            out.append(f"{indent}{prefix}{translated}")
        else:
            out.extend(lines)
    return "\n".join(out)


@attrs.frozen
class SpecSection:
    """A ``##`` section of the spec: its heading, the text before its first rule, and its rules."""

    heading: str
    intro: str
    rules: tuple[SpecRule, ...]


@functools.cache
def sections(slug: str) -> tuple[SpecSection, ...]:
    """The sections of ``rulebook/spec/<slug>.md`` (empty for a slug without a spec).

    >>> [s.heading for s in sections("witches-of-blackmore")][:3]
    ['Components', 'Set-up', 'Playing a trick']
    """
    try:
        lines = (SPEC / f"{slug}.md").read_text(encoding="utf-8").splitlines()
    except OSError:
        return ()
    out: list[SpecSection] = []
    heading: str | None = None
    intro: list[str] = []
    rules: list[SpecRule] = []
    current: tuple[str, str] | None = None
    body: list[str] = []

    def close_rule() -> None:
        nonlocal current, body
        if current is not None:
            rules.append(SpecRule(current[0], current[1], "\n".join(body).strip()))
        current, body = None, []

    def close_section() -> None:
        nonlocal heading, intro, rules
        close_rule()
        if heading is not None:
            out.append(SpecSection(heading, "\n".join(intro).strip(), tuple(rules)))
        heading, intro, rules = None, [], []

    for line in lines:
        m = HEADING.match(line)
        if line.startswith("## "):
            close_section()
            heading = line[3:].strip()
        elif m and heading is not None:
            close_rule()
            current = (m["id"], m["title"])
        elif current is not None:
            body.append(line)
        elif heading is not None:
            intro.append(line)
    close_section()
    return tuple(out)


def _rules(slug: str) -> dict[str, SpecRule]:
    return {r.id: r for s in sections(slug) for r in s.rules}


def _game_of(rule_id: str) -> str:
    from rulebook.reference.trace import spec_rules

    found = spec_rules().get(rule_id)
    return found.slug if found is not None else ""


def rulings_of(slug: str, rule_id: str) -> list[SpecRule]:
    """The rulings that belong to rule ``rule_id``: those its text cites, then those whose text cites it."""
    rules = _rules(slug)
    rule = rules.get(rule_id)
    if rule is None or rule.is_ruling:
        return []
    cited = [rules[i] for i in dict.fromkeys(ID.findall(rule.body)) if i in rules and rules[i].is_ruling]
    citing = [r for r in rules.values() if r.is_ruling and r not in cited and rule_id in ID.findall(r.body)]
    return cited + citing


def rule_markdown(slug: str, rule_id: str) -> str:
    """Rule ``rule_id`` of game ``slug`` with its rulings, as Markdown (``UnknownRule`` if there is none)."""
    rule = _rules(slug).get(rule_id)
    if rule is None:
        raise _unknown(slug, rule_id)
    parts = [rule.markdown(3)]
    for ruling in rulings_of(slug, rule_id):
        parts.append(ruling.markdown(4))
    return "\n".join(parts)


def _slug_words(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def _unknown(slug: str, query: str) -> UnknownRule:
    other = _game_of(query.upper())
    if other and other != slug:
        return UnknownRule(slug, query, (), other)
    names = [r for r in _rules(slug)] + [s.heading for s in sections(slug)]
    by_key = {_slug_words(n): n for n in names}
    close = difflib.get_close_matches(_slug_words(query), list(by_key), n=3, cutoff=0.5)
    return UnknownRule(slug, query, [by_key[c] for c in close])


def lookup(slug: str, query: str) -> str:
    """A rule (by ID, any case) with its rulings, or a whole section (by its heading, any case,
    spaces or hyphens), as Markdown; :class:`UnknownRule` names the closest matches otherwise."""
    if not isinstance(query, str) or not query.strip():
        raise UnknownRule(slug, str(query), ())
    wanted = query.strip()
    rules = _rules(slug)
    if wanted.upper() in rules:
        return rule_markdown(slug, wanted.upper())
    key = _slug_words(wanted)
    for section in sections(slug):
        if _slug_words(section.heading) == key:
            parts = [f"## {_(section.heading)}\n"]
            if section.intro:
                parts.append(translate_markdown(section.intro) + "\n")
            parts += [r.markdown(3) for r in section.rules]
            return "\n".join(parts)
    raise _unknown(slug, wanted)


def index_lines(slug: str) -> list[str]:
    """Every section of the game's spec, each followed by its rule IDs and titles (plain text)."""
    out: list[str] = []
    for section in sections(slug):
        out.append(_(section.heading))
        for r in section.rules:
            out.append(f"  {r.id:<14} {r.heading.partition(' · ')[2] or r.title}")
    return out


def rules_command(game: Any, query: str | None, stream: TextIO | None = None) -> int:
    """``rulebook rules GAME [RULE-ID|SECTION]``: the list of sections and rules, or one rule with its
    rulings, or a section; rich Markdown at a terminal, plain text otherwise. Returns the exit status
    (an unknown rule is an :class:`UnknownRule` error)."""
    import shutil
    import sys

    out = stream or sys.stdout
    if query is None:
        out.write(_("Rules of {title} [{slug}]").format(title=_(game.title), slug=game.slug) + "\n")
        out.write(_("(one rule with its rulings: rulebook rules {slug} RULE-ID; a section: ... SECTION)").format(
            slug=game.slug) + "\n")
        out.write("\n".join(index_lines(game.slug)) + "\n")
        return 0
    markdown = lookup(game.slug, query)
    if out.isatty():
        out.write("\n".join(markdown_lines(markdown, min(100, shutil.get_terminal_size().columns))) + "\n")
    else:
        out.write(to_plain(markdown) + "\n")
    return 0


# -- Markdown to text ---------------------------------------------------------------------

_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_CODE = re.compile(r"`([^`]*)`")
_STRONG = re.compile(r"\*\*(.+?)\*\*")
_EM = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")


def _notes_apart(markdown: str) -> str:
    """The spec's ``Options:`` and ``Fixed:`` notes as paragraphs of their own."""
    return re.sub(r"(?m)^(?=(?:Options|Fixed): )", "\n", markdown)


def unlink(markdown: str) -> str:
    """``markdown`` with every link written as its text (``[WB-PLAY-2](#rule-wb-play-2)`` -> ``WB-PLAY-2``)."""
    return _LINK.sub(r"\1", markdown)


def _inline(text: str) -> str:
    text = unlink(text)
    text = _CODE.sub(r"\1", text)
    text = _STRONG.sub(r"\1", text)
    return _EM.sub(r"\1", text)


def to_plain(markdown: str, width: int = 80) -> str:
    """``markdown`` (the spec's kind: headings, paragraphs, lists, code blocks, tables) as plain text,
    paragraphs wrapped to ``width`` columns."""
    out: list[str] = []
    para: list[str] = []
    fence = False
    markdown = _notes_apart(markdown)

    def flush() -> None:
        if para:
            text = " ".join(p.strip() for p in para)
            bullet = re.match(r"^([-*]|\d+\.)\s+", text)
            if bullet:
                lead = bullet.group(1) if bullet.group(1)[0].isdigit() else "-"
                out.extend(textwrap.wrap(_inline(text[bullet.end():]), width, initial_indent=lead + " ",
                                         subsequent_indent="  ", break_on_hyphens=False))
            else:
                out.extend(textwrap.wrap(_inline(text), width, break_on_hyphens=False))
            para.clear()

    for line in markdown.splitlines():
        if line.startswith("```"):
            flush()
            fence = not fence
            continue
        if fence:
            out.append("    " + line)
            continue
        heading = re.match(r"^(#{1,6})\s+(.*)$", line)
        if heading:
            flush()
            if out and out[-1]:
                out.append("")
            title = _inline(heading.group(2).strip())
            out.append(title)
            if len(heading.group(1)) <= 2:
                wide = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in title)
                out.append(("=" if len(heading.group(1)) == 1 else "-") * min(wide, width))
            continue
        if not line.strip():
            flush()
            if out and out[-1]:
                out.append("")
            continue
        if line.startswith("|"):
            flush()
            out.append(_inline(line))
            continue
        if re.match(r"^([-*]|\d+\.)\s+", line):
            flush()
        para.append(line)
    flush()
    while out and not out[-1]:
        out.pop()
    return "\n".join(out)


def markdown_lines(markdown: str, width: int = 80, colour: bool = True) -> list[str]:
    """``markdown`` rendered by rich for a terminal of ``width`` columns, as lines (ANSI styles when
    ``colour``); links show as their text. Without rich, the plain text of :func:`to_plain`."""
    try:
        from rich.console import Console
        from rich.markdown import Markdown
    except ImportError:
        return to_plain(markdown, width).splitlines()
    import io

    buffer = io.StringIO()
    console = Console(file=buffer, width=width, force_terminal=colour, no_color=not colour,
                      color_system="standard" if colour else None, highlight=False, emoji=False)
    console.print(Markdown(unlink(_notes_apart(markdown)), hyperlinks=False, code_theme="ansi_dark"))
    lines = buffer.getvalue().splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


# -- the one-screen summary ----------------------------------------------------------------

#: Sections a newcomer does not need on the first screen (the board and the deal are on the table).
_SKIP = ("components", "set-up", "setup", "data", "information", "rulings", "variants")
#: The rule that says who wins the game, per game.
GOAL = {
    "witches-of-blackmore": ("WB-SCORE-1", "WB-SCORE-2"),
    "seven-prophecies": ("SP-SCORE-1", "SP-END-4"),
    "utsuke": ("UT-BID-1", "UT-END-1"),
    "gods-and-humans": ("GH-SCORE-1", "GH-END-3"),
    "saru-tori-inu-i": ("ST-SCORE-1", "ST-RACE-2"),
}


def first_sentence(markdown: str) -> str:
    """The first sentence of a rule's body, as plain text (without its references to rulings)."""
    text = _inline(" ".join(markdown.split("\n\n")[0].split()))
    text = re.sub(r" \(([A-Z]{2}-RULING-\d+(, )?)+\)", "", text)
    m = re.search(r"(?<=[.!?])\s+(?=[A-Z(])|(?<=。)", text)
    return text[: m.start()] if m else text


#: Page one of ``?`` in plain words, per game: (label, text) in order; the texts name no option or code
#: and take the game's numbers from its rules ({players}, {honour}, {chips}, {exact}, {closest}).
TEACH: dict[str, tuple[tuple[str, str], ...]] = {
    "witches-of-blackmore": (
        (N_("Goal"), N_("capture cards in tricks; the highest total of their numbers at the end wins.")),
        (N_("Winning a trick"), N_("if one trump-coloured card is played, it wins; if several, the strongest of "
                                   "them on the wheel; if none, the strongest card of the leader's colour. Cards "
                                   "of other colours never win.")),
        (N_("The wheel"), N_("the trump card's number is strongest, then on the descending side one less each "
                             "step (trump 8: 8 7 6 5 4 3 2 1 9), on the ascending side one more. A trick's winner "
                             "may lay one of its cards on the trump stack as the new trump: the trump colour "
                             "changes and the wheel turns to its number.")),
        (N_("Scoring"), N_("each card you capture scores its number; a card you lay on the trump stack scores "
                           "nothing.")),
    ),
    "seven-prophecies": (
        (N_("Goal"), N_("before the tricks of a round, put your {cubes} cubes on places 1 to {players}: how often "
                        "you expect to finish a trick 1st, 2nd and so on.")),
        (N_("Winning a trick"), N_("cards of the suit of the trick's future card rank highest, higher number "
                                   "first; other cards rank by number alone, and of equal numbers the later one "
                                   "ranks higher. Every card gets a place; 1st place leads the next trick.")),
        (N_("Scoring"), N_("a place you take where you have a cube fulfils it. The round ends when somebody has "
                           "fulfilled every prophecy: {success} points each; every other player loses {penalty} "
                           "for each cube left beyond {free}{floor}. The highest total wins.")),
    ),
    "utsuke": (
        (N_("Goal"), N_("each round, bid in secret how many tricks the lord will take (the lord is played by "
                        "the rules, from its row of cards). {honour} honour wins the game; {chips} execution "
                        "chips lose it.")),
        (N_("Winning a trick"), N_("the highest trump wins (the trump is the suit of the lord's card under the "
                                   "chip); with no trump played, the highest card of the suit led. Other suits "
                                   "never win.")),
        (N_("Honour"), N_("after the round the bids are shown: an exact bid earns {exact} honour; if nobody is "
                          "exact, the closest bid earns {closest} (the higher one when two are as close). Taking "
                          "more tricks than the lord earns an execution chip.")),
    ),
    "gods-and-humans": (
        (N_("Goal"), N_("the humans play the tricks. Each god predicts in secret, with an oracle card 0 to 5, "
                        "how many tricks its partner human will win, and once a deal gives every human a card "
                        "to steer it.")),
        (N_("Winning a trick"), N_("follow the colour led if you can. The highest card of the colour led wins; "
                                   "with four humans red is trump and the highest red wins.")),
        (N_("Scoring"), N_("a human who wins exactly the tricks its oracle card shows scores the card's stars, "
                           "and so does its partner god (a lone human scores alone). The most points after "
                           "the last deal wins.")),
    ),
    "saru-tori-inu-i": (
        (N_("Goal"), N_("bet on the animals' race: keep cards of the colours whose animals finish first.")),
        (N_("A round"), N_("everyone plays one card; no strength twice (the last player may instead play two "
                           "cards and declare a free strength). From the highest strength down, each puts its "
                           "card under an oracle column and takes the leftmost oracle card: keeps it, or lays "
                           "it as road, which moves the animals shown on it.")),
        (N_("Scoring"), N_("after a race, the 1st and 2nd in each colour (by the strength of the cards they "
                           "kept) score per card by where its animal finished: 1st 4 or 3, 2nd 2 or 1, 4th -3 or "
                           "-1. Missions add points; the highest total wins.")),
    ),
}


def teach(slug: str, rules: Any = None) -> list[str]:
    """Page one's lessons for ``slug`` in the language chosen, as Markdown lines (``**Label:** text``)."""
    numbers = {
        "players": getattr(rules, "players", "P"),
        "honour": getattr(rules, "honour_to_win", 3),
        "chips": getattr(rules, "chips_to_lose", 2),
        "exact": getattr(rules, "honour_exact", 2),
        "closest": getattr(rules, "honour_closest", 1),
        # Seven Prophecies: the scoring in force (SP-SCORE-1, SP-SCORE-2), not the printed numbers
        "cubes": getattr(rules, "cubes", 7),
        "success": getattr(rules, "success_points", 2),
        "penalty": getattr(rules, "cube_penalty", 1),
        "free": getattr(rules, "free_cubes", 1),
        "floor": _(" (never below 0)") if getattr(rules, "score_floor", True) else "",
    }
    out = []
    for label, text in TEACH.get(slug, ()):
        said = _(text).format(**numbers)
        # TRANSLATORS: a lesson of page one in Markdown: the label in bold, then its text (Japanese: no space
        # after the colon, so that the text starts on the label's line)
        out.append(_("**{label}:** {text}").format(label=_(label), text=said[:1].upper() + said[1:]))
    return out


#: Words of the spec that are code, not English, for the player's pages (``?`` at the table): options
#: named as code, and the lords as "NPCs" (UTSUKE's lord and young lord)
_CODE_WORDS = (
    (re.compile(r"\s*[(（]`?Rules\.\w+`?[)）]"), ""),
    (re.compile(r"`Rules\.(\w+)`"), lambda m: m.group(1).replace("_", " ")),
    (re.compile(r"`Rules\.([^`]+)`"), r"`\1`"),  # an option with its value stays a code span: `follow = "led"`
    (re.compile(r"Rules\.(\w+)"), lambda m: m.group(1).replace("_", " ")),
)
_NPC_WORDS = {
    "en": ((re.compile(r"\b(?:[Tt]he |[Aa]n )?NPCs\b"), "the lord and the young lord"),
           (re.compile(r"\b(?:[Tt]he |[Aa]n )?NPC('s)?\b"), r"the lord\1")),
    "ja": ((re.compile(r"NPC"), "殿・若殿"),),
}


def plain_words(text: str, players: object = None) -> str:
    """A spec sentence for a player: options named in words, no ``Rules.`` code, the lords by name, and the
    spec's ``P`` (the number of players) as the number when ``players`` is known.

    >>> plain_words("Optional (Rules.must_follow): the NPC leads; NPCs follow.")
    'Optional: the lord leads; the lord and the young lord follow.'
    """
    for pattern, by in _CODE_WORDS:
        text = pattern.sub(by, text)
    for pattern, said in _NPC_WORDS.get(language(), ()):
        text = pattern.sub(said, text)
    many = str(players) if isinstance(players, int) else None
    text = re.sub(r"\b1 to P\b", f"1 to {many}" if many else "1 to the number of players", text)
    text = re.sub(r"1〜P(?![A-Za-z])", f"1〜{many}" if many else "1〜人数", text)
    return re.sub(r"(?<![A-Za-z])P位", f"{many}位" if many else "最下位", text)


def how_to_play(slug: str, title: str, now: Sequence[str] = (), lines: int = 22, width: int = 80,
                rules: Any = None) -> str:
    """How to play ``slug`` in one screen, as Markdown: how a trick (or round) is won and how you score, in
    plain words (:data:`TEACH`), then one line per part of the game (the first sentence of the part's first
    printed rule, with its ID), then ``now`` (lines about the current board: the trump, the lord's row...).
    Parts are left out from the end until the whole fits ``lines`` lines of ``width`` columns."""
    rules_by_id = _rules(slug)
    how_to_play, goal_label, now_label = _("How to play"), _("Goal"), _("Now")
    head = [f"## {how_to_play} {title}", ""]
    lessons = teach(slug, rules)
    players = getattr(rules, "players", None)
    goal = [] if lessons else [rules_by_id[r] for r in GOAL.get(slug, ()) if r in rules_by_id]
    if goal:
        head.append(f"**{goal_label}:** " + " ".join(
            f"{plain_words(first_sentence(r.text), players).rstrip('.。')} ({r.id})." for r in goal))
        head.append("")
    for lesson in lessons:
        head += [lesson, ""]
    shown = {r.id for r in goal}
    parts = []
    for section in sections(slug):
        if section.heading.lower().startswith(_SKIP):
            continue
        rule = next((r for r in section.rules if not r.is_house_rule and r.id not in shown
                     and not r.title.endswith(" in rulebook")), None)
        if rule is not None:
            parts.append(f"- **{_(section.heading)}:** {plain_words(first_sentence(rule.text), players)} ({rule.id})")
    tail = (["", f"**{now_label}:**"] + [f"- {line}" for line in now]) if now else []
    while True:
        text = "\n".join(head + parts + tail) + "\n"
        if not parts or (len(to_plain(text, width - 2).splitlines()) <= lines
                         and len(markdown_lines(text, width, colour=False)) <= lines + 1):
            return text
        parts.pop()
