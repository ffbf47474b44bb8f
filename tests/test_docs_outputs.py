"""The terminal sessions in the docs show what the command line prints today.

``docs/verifying.md`` and ``docs/simulation.md`` show ``$ rulebook ...`` commands with
their output. Each shown command is run here through :func:`rulebook.cli.app` with a
tiny workload (``--games 2``, ``--examples 2``, one process, no report), and the shape
of its output is compared with the page's: every title line, every table's column
headings and row labels, and every line outside a table, with the numbers masked (they
depend on the workload). A line ``…`` alone in a shown output stands for lines cut
from it. The exit code must match too (2 for an error, 1 for a failure, 0 otherwise).

To refresh a page, run its commands as shown (``COLUMNS`` wide enough that no column
heading is cut) and paste the outputs.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import attrs
import pytest

from rulebook.cli.app import main

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGES = ("verifying.md", "simulation.md", "verify-a-house-rule.md")
#: A shown output line that stands for lines cut from it.
CUT = "…"
#: Numbers in titles, headings and lines outside tables (counts, seeds, p-values, seconds).
NUMBER = re.compile(r"\d+(?:\.\d+)?")
FENCE = re.compile(r"^```([^`\n]*)\n(.*?)^```[ \t]*$", re.S | re.M)


@attrs.frozen
class Session:
    page: str
    command: str
    output: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.page}: $ {self.command}"


def sessions(page: str, text: str | None = None) -> list[Session]:
    """Every ``$ rulebook ...`` command of a page that has its output shown: the lines after it
    in its block, or, when none follow, the next block (when that one starts with no command)."""
    if text is None:
        text = (DOCS / page).read_text(encoding="utf-8")
    blocks = [(m.group(1), m.group(2).splitlines()) for m in FENCE.finditer(text)]
    found: list[Session] = []
    for b, (lang, lines) in enumerate(blocks):
        if lang not in ("text", "console") or not lines or not lines[0].startswith("$ "):
            continue
        i = 0
        while i < len(lines):
            command = lines[i][2:]
            while command.endswith("\\"):
                i += 1
                command = command[:-1].rstrip() + " " + lines[i].strip()
            i += 1
            output: list[str] = []
            while i < len(lines) and not lines[i].startswith("$ "):
                output.append(lines[i])
                i += 1
            if not output and i == len(lines) and b + 1 < len(blocks):
                nxt_lang, nxt = blocks[b + 1]
                if nxt_lang == "text" and nxt and not nxt[0].startswith("$ "):
                    output = nxt
            if command.startswith("rulebook ") and output:
                found.append(Session(page, command, tuple(output)))
    return found


def shape(output: str | tuple[str, ...] | list[str]) -> list[str]:
    """The parts of an output that do not depend on the workload, one string each."""
    lines = output.splitlines() if isinstance(output, str) else list(output)
    out: list[str] = []
    title: list[str] = []
    for line in lines:
        s = line.strip()
        if s == CUT:
            title = []
            out.append(CUT)
        elif s.startswith("┏"):  # a rich table: its title lines are the centred ones above
            if title:
                out[-len(title):] = ["text: " + NUMBER.sub("#", " ".join(title))]
            title = []
        elif s.startswith("┃"):
            out.append("columns: " + " | ".join(c.strip() for c in s.strip("┃").split("┃")))
        elif s.startswith("│"):
            out.append("row: " + s.strip("│").split("│")[0].strip())
        elif s.startswith(("┡", "└", "├")):
            title = []
        elif s and line.startswith("  ") and out and out[-1].startswith("text: rulebook: error:"):
            out[-1] += " " + NUMBER.sub("#", s)  # a long error, wrapped on the page as a terminal shows it
        elif s:
            # a wrapped title reads the same once joined; other lines keep their numbers masked
            title = [*title, s] if line.startswith(" ") else []
            out.append("text: " + NUMBER.sub("#", s))
    return out


def matches(shown: list[str], real: list[str]) -> bool:
    """``shown`` equals ``real``, each ``…`` in ``shown`` standing for any run of lines."""
    pattern = "".join(".*?" if part == CUT else re.escape(part + "\n") for part in shown)
    return re.fullmatch(pattern, "".join(p + "\n" for p in real), re.S) is not None


def tiny(session: Session) -> list[str]:
    """The shown command's arguments with a workload of a fraction of a second."""
    args = shlex.split(session.command)[1:]
    fails = any(line.startswith("FAILED") for line in session.output)
    out: list[str] = []
    skip = False
    for a in args:
        if skip:
            skip = False
            continue
        if a in ("--workers", "--report"):  # one process; no HTML page (test_simulate.py tests it)
            skip = True
        elif a == "--games":
            out += [a, "2"]
            skip = True
        elif a == "--examples" and not fails:  # a failing verify stops at the failure
            out += [a, "2"]  # two games: the text says "games" as the page does
            skip = True
        else:
            out.append(a)
    return out


ALL = [s for page in PAGES for s in sessions(page)]


def test_the_pages_show_sessions() -> None:
    """The parser finds the sessions (a change of the pages' layout must not empty this file)."""
    commands = [s.command.split()[1] for s in ALL]
    assert commands.count("simulate") >= 6 and commands.count("verify") >= 10 and "replay" in commands
    assert any(s.page == "simulation.md" for s in ALL)


@pytest.mark.parametrize("session", ALL, ids=str)
def test_shown_output_has_the_shape_of_the_real_one(
    session: Session, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("rich", reason="the tables are rich's")
    pytest.importorskip("scipy.stats", reason="rulebook simulate needs the balance extra")
    monkeypatch.setenv("COLUMNS", "200")  # no heading cut, no cell wrapped
    monkeypatch.chdir(tmp_path)  # paths as on the page; files written here
    (tmp_path / "docs" / "examples").mkdir(parents=True)
    for example in ("cursed_nines.py", "colour_out_at_two_and_three.toml"):
        shutil.copy(DOCS / "examples" / example, tmp_path / "docs" / "examples")
    if session.command.startswith("rulebook replay"):  # the record the verify before it wrote
        before = ALL[ALL.index(session) - 1]
        assert before.command.startswith("rulebook verify")
        main(tiny(before))
        capsys.readouterr()
    code = main(tiny(session))
    captured = capsys.readouterr()
    real, shown = shape(captured.out + captured.err), shape(session.output)
    assert matches(shown, real), (
        f"{session}: the page shows\n" + "\n".join(shown) + "\n\nthe command prints\n" + "\n".join(real)
    )
    text = "\n".join(session.output)
    assert code == (2 if "rulebook: error:" in text else 1 if "FAILED" in text or "✗ broken" in text else 0), session


def test_a_stale_output_is_caught() -> None:
    """The check bites: an old title format and a missing column fail, a cut does not."""
    real = shape("   Game [slug], 4 players, 20 games   \n┏━┳━┓\n┃ a ┃ b ┃\n┡━╇━┩\n│ x │ 1 │\n│ y │ 2 │\n"
                 "└─┴─┘\nOK: 13 held in 20 games.")
    assert matches(shape("   Game [slug], 4 players, 5000 games\n┏━┳━┓\n┃ a ┃ b ┃\n┡━╇━┩\n│ x │ 3 │\n"
                         "│ y │ 4 │\n└─┴─┘\nOK: 13 held in 72 games."), real)
    assert matches(shape("   Game [slug], 4 players, 5 games\n…\nOK: 13 held in 7 games."), real)
    assert not matches(shape("   Game (slug), 4 players, 20 games\n…"), real)
    assert not matches(shape("   Game [slug], 4 players, 20 games\n┏━┓\n┃ a ┃\n┡━┩\n│ x │\n│ y │\n└─┘\n…"), real)
    assert not matches(shape("…\n│ x │ 1 │\n└─┴─┘\nOK: 13 held in 20 games."), real)


def test_shown_example_files_are_the_real_ones() -> None:
    """A ``python`` block of verifying.md that opens with a file of docs/examples shows all of it."""
    text = (DOCS / "verifying.md").read_text(encoding="utf-8")
    shown = [body for lang, body in FENCE.findall(text) if lang == "python"]
    files = sorted((DOCS / "examples").glob("*.py"))
    for path in files:
        real = path.read_text(encoding="utf-8")
        opening = real.splitlines()[0]
        blocks = [body for body in shown if body.splitlines()[:1] == [opening]]
        if blocks:
            assert blocks == [real], f"verifying.md shows an old {path.name}"
    assert any(shown_body.startswith('"""A house rule') for shown_body in shown)
