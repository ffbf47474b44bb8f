"""Named rulesets say everything they set; a finished --report leaves no progress file (issue 34, item 6)."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulebook


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_the_rulesets_listing_names_every_option_each_ruleset_sets(
    slug: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ``sets:`` line is generated from the ruleset's values, so it cannot drift."""
    monkeypatch.setenv("COLUMNS", "400")
    from rulebook.cli.app import main

    assert main(["rulesets", slug]) == 0
    out = capsys.readouterr().out
    for r in rulebook.get_game(slug).rulesets:
        block = out[out.index(f"\n{r.name}\n"):]
        sets = next(line for line in block.splitlines() if line.startswith("  sets:"))
        for key in r.values:
            assert f"{key}=" in sets, (r.name, key)


def test_descriptions_name_what_the_names_do_not() -> None:
    """``one-god`` also sets five deals; ``gentle-lord`` also changes the young lord."""
    gh = {r.name: r for r in rulebook.get_game("gods-and-humans").rulesets}
    assert gh["one-god"].values["deals"] == 5 and "five deals" in gh["one-god"].description
    ut = {r.name: r for r in rulebook.get_game("utsuke").rulesets}
    assert "young lord" in ut["gentle-lord"].description and "young_lord_policy" in ut["gentle-lord"].description


def test_a_finished_report_leaves_no_progress_file_and_a_named_one_stays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from rulebook.cli.app import main

    base = ["simulate", "witches-of-blackmore", "--set", "players=3", "--games", "2", "--workers", "1"]
    assert main([*base, "--report", str(tmp_path / "r.html")]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.html"]
    assert main([*base, "--report", str(tmp_path / "s.html"), "--progress", str(tmp_path / "p.jsonl")]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.jsonl", "r.html", "s.html"]
    capsys.readouterr()
