"""What a report says the players did, read against the counts of the same games (issue 41).

For every worked example of ``docs/examples``, a short compare is played with the default players and
with the rule-aware heuristic in every seat; each claim the report makes about the players is checked
against the usage counts of those games: a player that "never makes" the variant's moves made none; a
compare whose "change never came into play" offered no added move and searched nowhere; the counts of
the moves a variant adds say who took them, and no more were taken than were offered.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulebook.balance.reads import fitting_players, unread_lines
from rulebook.balance.simulate import Summary, simulate
from rulebook.balance.usage_compare import warnings
from rulebook.variants.variant import printed

from .docs_examples import all_examples

EXAMPLES = all_examples()
GAMES = 3


def _contradictions(lines: list[str], notes: list[str], usage: dict[str, float]) -> list[str]:
    """Every claim of ``lines`` (what the players read) and ``notes`` (the warnings) the counts contradict."""
    out = []
    taken = {k: v for k, v in usage.items() if k.startswith("taken: ")}
    offered = sum(v for k, v in usage.items() if k.startswith("offered: "))
    searched = usage.get("decided: auto (search)", 0.0)
    for line in lines:
        if "never makes them" in line and any(k.endswith(": heuristic") and v for k, v in taken.items()):
            out.append(line)
    for note in notes:
        if "never came into play" in note and (offered or searched or taken):
            out.append(note)
    if sum(taken.values()) > offered + 1e-9:
        out.append(f"more added moves taken ({sum(taken.values())}) than offered ({offered})")
    return out


def _side(variant: Any, kinds: Any) -> Summary:
    return simulate(variant.game, variant, games=GAMES, seed=4, players_as=kinds)


@pytest.mark.slow
@pytest.mark.parametrize(("label", "slug", "variant"), EXAMPLES, ids=[f"{s}:{lb}" for lb, s, _v in EXAMPLES])
def test_the_report_claims_nothing_the_counts_contradict(label: str, slug: str, variant: Any) -> None:
    base = printed(variant.game, variant.rules.players)
    default, _why = fitting_players([base, variant], None)
    for kinds in (default, [("heuristic",) * variant.rules.players] * 2):
        first, other = _side(base, kinds[0]), _side(variant, kinds[1])
        lines = unread_lines(variant, kinds[1], "", other.usage)
        notes = warnings(first, other, variant, reference=base)
        assert _contradictions(lines, notes, other.usage) == [], (label, kinds[1][0])


@pytest.mark.slow
def test_an_information_rule_alone_comes_into_play() -> None:
    """``visible.bids = all`` changes no move and no score; its report does not say it never came into
    play: the default players search where the seat sees what the printed rules hide."""
    (_label, _slug, variant), = [e for e in EXAMPLES if e[0] == "utsuke_open_bids.toml"]
    base = printed(variant.game, variant.rules.players)
    kinds, why = fitting_players([base, variant], None)
    assert kinds[1][0] == "auto" and "visible.bids" in why
    first, other = _side(base, kinds[0]), _side(variant, kinds[1])
    assert other.usage.get("decided: auto (search)", 0) > 0
    assert not any("never came into play" in n for n in warnings(first, other, variant, reference=base))


def test_the_check_bites() -> None:
    """A claim the counts contradict is found."""
    assert _contradictions(["the rule-aware heuristic (seat 1) does not read the variant's own moves: it never "
                            "makes them"], [], {"taken: discard: heuristic": 0.5, "offered: discard": 1.0})
    assert _contradictions([], ["both sides played the same games move for move, with the same results: the "
                                "change never came into play"], {"decided: auto (search)": 3.0})
    assert _contradictions([], [], {"taken: discard: auto (search)": 2.0, "offered: discard": 1.0})
