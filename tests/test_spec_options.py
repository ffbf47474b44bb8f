"""Every number and table the spec states is an option, or marked fixed with a reason.

Each rule of ``spec/<slug>.md`` (a ``### ID · title`` heading up to the next heading) whose
text states a number (digits, or an English number word from one to twenty) or a table
must end with one line ``Options: `name`, ...`` (the ``Rules`` options that change what it
states; each lists the rule in its ``rules=``) or ``Fixed: <reason>`` (why the number is
the game's identity, or derived from options). Numbers in ``Source:`` citations, rule-ID
links, section names in 【】, inline code and the rule's own heading do not count.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

from rulebook.reference import trace
from rulebook.registry import GAMES, get_game

ROOT = trace.find_root(Path(__file__))
WORDS = ("one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
         "seventeen eighteen nineteen twenty").split()
NUMBER = re.compile(r"\b(?:\d+|" + "|".join(WORDS) + r")\b", re.IGNORECASE)
HEADING = re.compile(r"^#{1,6} ")
RULE = re.compile(r"^### (?P<id>[A-Z]{2}-[A-Z]+-\d+) · ")
ANNOTATION = re.compile(r"^(?P<kind>Options|Fixed): (?P<text>.*)$")
OPTION_NAME = re.compile(r"`([a-z_0-9]+(?:\.[a-z_0-9]+)?)`")
# what does not count: citations, links to rules, section names, code, rule IDs
IGNORED = [
    re.compile(r"Source:.*?(?:\.(?:\s|$)|$)", re.S),
    re.compile(r"\[[^\]]*\]\([^)]*\)"),
    re.compile(r"【[^】]*】"),
    re.compile(r"`[^`]*`"),
    re.compile(r"\b[A-Z]{2}-[A-Z]+-\d+\b"),
]


@attrs.frozen
class SpecRule:
    id: str
    body: tuple[str, ...]
    annotation: tuple[str, str] | None
    line: int


def rules_of(text: str) -> list[SpecRule]:
    """The rules of one spec page, with their text and their last-line annotation."""
    out: list[SpecRule] = []
    current: tuple[str, int] | None = None
    body: list[str] = []

    def close() -> None:
        if current is None:
            return
        lines = [ln for ln in body if ln.strip()]
        annotation = None
        if lines:
            m = ANNOTATION.match(lines[-1].strip())
            if m:
                annotation = (m["kind"], m["text"])
                lines = lines[:-1]
        out.append(SpecRule(current[0], tuple(lines), annotation, current[1]))

    for n, line in enumerate(text.splitlines(), 1):
        if HEADING.match(line):
            close()
            m = RULE.match(line)
            current = (m["id"], n) if m else None
            body = []
        elif current is not None:
            body.append(line)
    close()
    return out


def states_a_number(rule: SpecRule) -> bool:
    text = "\n".join(rule.body)
    for pattern in IGNORED:
        text = pattern.sub(" ", text)
    return bool(NUMBER.search(text)) or any(ln.lstrip().startswith("|") for ln in rule.body)


def problems(slug: str, text: str, options: dict[str, tuple[str, ...]]) -> list[str]:
    """What the spec walk finds on one page: rules that state a number without an annotation, unknown options,
    options that do not name the rule, fixed reasons too short to be reasons."""
    found = []
    for rule in rules_of(text):
        if rule.annotation is None:
            if states_a_number(rule):
                found.append(f"{rule.id} (line {rule.line}): states a number but ends with no Options:/Fixed: line")
            continue
        kind, rest = rule.annotation
        if kind == "Fixed":
            if len(rest.split()) < 4 or "not implemented" in rest.lower():
                found.append(f"{rule.id}: the Fixed: reason is not a reason ({rest!r})")
            continue
        names = OPTION_NAME.findall(rest)
        if not names:
            found.append(f"{rule.id}: Options: names no option")
        for name in names:
            if name not in options:
                found.append(f"{rule.id}: Options: names {name}, not an option of {slug}")
            elif rule.id not in options[name]:
                found.append(f"{rule.id}: option {name} does not list {rule.id} in its rules=")
    return found


def _options(slug: str) -> dict[str, tuple[str, ...]]:
    return {i.name: i.rules for i in get_game(slug).options()}


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_number_the_spec_states_is_an_option_or_fixed(slug: str) -> None:
    text = (ROOT / "spec" / f"{slug}.md").read_text(encoding="utf-8")
    found = problems(slug, text, _options(slug))
    assert not found, f"{slug}: {len(found)} rule(s):\n" + "\n".join(found)


Z = "Z" * 2  # a fake game prefix, spelt so that this file cites no rule itself
SYNTHETIC = """# A game

## Set-up

### {Z}-SETUP-1 · Hands
Each player gets 6 cards.
Options: `hand_size`.

### {Z}-SETUP-2 · Tokens
Three tokens each. Source: 【準備】, 2nd paragraph.

### {Z}-SETUP-3 · Seats
Seats sit around the table (see [{Z}-SETUP-1](#rule-zz-setup-1)); `Rules.first` picks the first. Source: page 4.

### {Z}-SETUP-4 · Deck
| colour | cards |
|---|---|
| red | all |
Fixed: derived: the deck is every colour the options name.

### {Z}-SETUP-5 · Wheel
The wheel has nine numbers.
Fixed: nine.

### {Z}-SETUP-6 · Chips
Seven chips.
Options: `chips`, `ghost`.
""".replace("{Z}", Z)


def test_the_walk_finds_what_is_missing_on_a_synthetic_spec() -> None:
    options = {"hand_size": (f"{Z}-SETUP-1",), "chips": (f"{Z}-SETUP-1",)}
    assert problems("zz", SYNTHETIC, options) == [
        f"{Z}-SETUP-2 (line 9): states a number but ends with no Options:/Fixed: line",
        f"{Z}-SETUP-5: the Fixed: reason is not a reason ('nine.')",
        f"{Z}-SETUP-6: option chips does not list {Z}-SETUP-6 in its rules=",
        f"{Z}-SETUP-6: Options: names ghost, not an option of zz",
    ]


def test_what_does_not_count_as_a_number() -> None:
    rules = {r.id: r for r in rules_of(SYNTHETIC)}
    assert not states_a_number(rules[f"{Z}-SETUP-3"])  # a link, inline code and a citation only
    assert states_a_number(rules[f"{Z}-SETUP-2"]) and states_a_number(rules[f"{Z}-SETUP-4"])
    assert rules[f"{Z}-SETUP-1"].annotation == ("Options", "`hand_size`.")
    assert rules[f"{Z}-SETUP-1"].body == ("Each player gets 6 cards.",)
