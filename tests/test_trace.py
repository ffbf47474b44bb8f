"""Traceability: every spec rule is cited by code and by a test; every citation exists."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.reference import trace

ROOT = trace.find_root(Path(__file__))
Z = "ZZ"  # a fake game prefix, spelt so that this file cites no rule itself


def test_every_rule_is_enforced_and_checked_and_every_citation_exists() -> None:
    problems = trace.check(ROOT)
    assert not problems, "\n".join(problems)


def test_spec_defines_rules_for_every_registered_game() -> None:
    import rulebook

    rules = trace.load_spec(ROOT)
    for game in rulebook.GAMES.values():
        assert any(r.id.startswith(game.prefix + "-") and r.slug == game.slug for r in rules.values()), game.slug


def test_checker_catches_an_uncited_rule_and_an_unknown_citation(tmp_path: Path) -> None:
    (tmp_path / "spec").mkdir()
    (tmp_path / "rulebook").mkdir()
    (tmp_path / "tests").mkdir()
    (tmp_path / "spec" / "demo.md").write_text(f"### {Z}-DEMO-1 · A rule\n### {Z}-DEMO-2 · Another\n")
    (tmp_path / "rulebook" / "m.py").write_text(f"def f():\n    return 1  # {Z}-DEMO-1\n")
    (tmp_path / "tests" / "t.py").write_text(f"# {Z}-DEMO-1 {Z}-DEMO-9\n")
    problems = trace.check(tmp_path)
    assert any(f"{Z}-DEMO-2" in p and "no code" in p for p in problems)
    assert any(f"{Z}-DEMO-2" in p and "no test" in p for p in problems)
    assert any(f"{Z}-DEMO-9" in p and "no spec" in p for p in problems)
    assert not any(f"{Z}-DEMO-1 " in p for p in problems)


def test_duplicate_rule_ids_are_rejected(tmp_path: Path) -> None:
    (tmp_path / "spec").mkdir()
    (tmp_path / "spec" / "a.md").write_text(f"### {Z}-DEMO-1 · A\n### {Z}-DEMO-1 · B\n")
    with pytest.raises(ValueError, match="twice"):
        trace.load_spec(tmp_path)


def test_citations_know_their_enclosing_function() -> None:
    cites = [c for c in trace.citations(ROOT) if c.path.endswith("witches_of_blackmore/state.py") and c.kind == "code"]
    assert any(c.qualname == "WitchesState._close" for c in cites)
