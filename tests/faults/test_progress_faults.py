"""Progress files are checked, not trusted: a file of another run or game, a game given twice, seats
and scores a game does not have, a line changed on disk, a line too long: each is refused in one
line; anything else resumes to figures equal to an uninterrupted run's (Hypothesis, over corrupted
files)."""

from __future__ import annotations

import io
import json
import re
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook.balance.progress import line_check, run_key
from rulebook.cli import app as cli

ARGV = ["simulate", "witches-of-blackmore", "--players", "3", "--games", "12", "--seed", "9", "--json"]


def _cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(argv)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, list[str], list[str]]:
    """The figures of the clean run, its progress file's lines, and another run's lines."""
    folder = tmp_path_factory.mktemp("progress")
    code, out, err = _cli([*ARGV, "--progress", str(folder / "p.jsonl")])
    assert code == 0, err
    other = [*ARGV[:-3], "--seed", "10", "--json", "--progress", str(folder / "o.jsonl")]
    assert _cli(other)[0] == 0
    return (json.loads(out), (folder / "p.jsonl").read_text(encoding="utf-8").splitlines(),
            (folder / "o.jsonl").read_text(encoding="utf-8").splitlines())


def _resume(text: str) -> tuple[int, str, str]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "p.jsonl"
        path.write_text(text, encoding="utf-8")
        return _cli([*ARGV, "--resume", str(path)])


def _refused(code: int, err: str, line: int | None = None) -> str:
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err and "internal error" not in err, err
    found = re.match(r"rulebook: error: --resume \S+(?: line \d+)?: (.*)\n\Z", err)
    assert found is not None, err
    return found.group(1)


def _with(line: str, **changes: Any) -> str:
    """``line`` changed, with a check that matches (as if its writer had written it)."""
    data = json.loads(line)
    data.update(changes)
    return json.dumps(data)


def _signed(header: str, line: str) -> str:
    data = json.loads(line)
    data["check"] = line_check(run_key(json.loads(header)["run"]), data)
    return json.dumps(data)


def test_a_game_given_twice_is_refused(clean: tuple[Any, list[str], list[str]]) -> None:
    _figures, lines, _other = clean
    code, _out, err = _resume("\n".join([*lines[:4], lines[2]]) + "\n")
    assert _refused(code, err) == "game 2 is in the file twice"
    # even with other scores, written with a matching check
    twice = _signed(lines[0], _with(lines[2], scores=[1, 2, 3]))
    code, _out, err = _resume("\n".join([*lines[:4], twice]) + "\n")
    assert _refused(code, err) == "game 2 is in the file twice"


def test_another_runs_lines_are_refused(clean: tuple[Any, list[str], list[str]]) -> None:
    _figures, lines, other = clean
    code, _out, err = _resume("\n".join([lines[0], other[1]]) + "\n")
    assert _refused(code, err) == ("its check does not match: the line was changed, or comes from another run's "
                                   "file")


@pytest.mark.parametrize(("changes", "words"), [
    ({"winners": [98]}, "a winner that is not a seat of a game of 3 players"),
    ({"scores": [1, 2]}, "2 scores for a game of 3 players"),
    ({"index": 40}, "game 41 of a run of 12 games"),
    ({"game": "utsuke"}, 'a game of "utsuke" ("result"), which is not part of this run'),
    ({"run": "printed"}, 'a game of "witches-of-blackmore" ("printed"), which is not part of this run'),
])
def test_impossible_results_are_refused_even_with_a_matching_check(
    changes: dict[str, Any], words: str, clean: tuple[Any, list[str], list[str]]
) -> None:
    _figures, lines, _other = clean
    bad = _signed(lines[0], _with(lines[1], **changes))
    code, _out, err = _resume("\n".join([lines[0], bad, *lines[2:]]) + "\n")
    assert _refused(code, err) == words
    assert "line 2" in err


def test_a_changed_score_is_refused(clean: tuple[Any, list[str], list[str]]) -> None:
    _figures, lines, _other = clean
    data = json.loads(lines[3])
    data["scores"][0] += 1
    code, _out, err = _resume("\n".join([*lines[:3], json.dumps(data), *lines[4:]]) + "\n")
    assert _refused(code, err).startswith("its check does not match")


def test_a_file_of_an_older_format_says_so(clean: tuple[Any, list[str], list[str]]) -> None:
    _figures, lines, _other = clean
    code, _out, err = _resume(lines[0].replace("rulebook-progress/2", "rulebook-progress/1") + "\n")
    assert _refused(code, err) == ("written by another version of rulebook (rulebook-progress/1, not "
                                   "rulebook-progress/2); start the run again")


CORRUPTIONS = st.one_of(
    st.tuples(st.just("drop"), st.integers(1, 12)),
    st.tuples(st.just("repeat"), st.integers(1, 12)),
    st.tuples(st.just("digit"), st.integers(0, 12), st.integers(0, 10_000), st.integers(0, 9)),
    st.tuples(st.just("replace"), st.integers(1, 12), st.text(max_size=80)),
    st.tuples(st.just("cut"), st.integers(0, 10_000)),
    st.tuples(st.just("foreign"), st.integers(1, 12)),
    st.tuples(st.just("swap"), st.integers(1, 12), st.integers(1, 12)),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                    HealthCheck.too_slow])
@given(corruption=CORRUPTIONS)
def test_a_corrupted_file_resumes_to_the_clean_figures_or_is_refused_in_one_line(
    corruption: tuple[Any, ...], clean: tuple[Any, list[str], list[str]]
) -> None:
    figures, lines, other = clean
    lines = list(lines)
    kind = corruption[0]
    if kind == "drop":
        del lines[corruption[1]]
    elif kind == "repeat":
        lines.insert(corruption[1], lines[corruption[1]])
    elif kind == "digit":
        line = lines[corruption[1]]
        spots = [i for i, ch in enumerate(line) if ch.isdigit()]
        i = spots[corruption[2] % len(spots)]
        digit = str(corruption[3]) if str(corruption[3]) != line[i] else str((corruption[3] + 1) % 10)
        lines[corruption[1]] = line[:i] + digit + line[i + 1:]
    elif kind == "replace":
        lines[corruption[1]] = corruption[2].replace("\n", " ")
    elif kind == "foreign":
        lines[corruption[1]] = other[corruption[1]]
    elif kind == "swap":
        a, b = corruption[1], corruption[2]
        lines[a], lines[b] = lines[b], lines[a]
    text = "\n".join(lines) + "\n"
    if kind == "cut":
        text = text[: corruption[1] % (len(text) + 1)]
    code, out, err = _resume(text)
    if code == 0:
        assert json.loads(out) == figures
    else:
        _refused(code, err)
