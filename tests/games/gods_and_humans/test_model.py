"""The gods-and-humans oracle game as one model (issue 40): its zones, its program of steps, its rules by ID and
its checks.

GH-COMP-1, GH-END-1, GH-END-2, GH-END-4, GH-FORCED-1, GH-FORCED-2, GH-INFO-1, GH-INFO-2, GH-INFO-5, GH-INFO-6, GH-
INFO-7, GH-INTERVENE-1, GH-INTERVENE-2, GH-LOGIC-1, GH-LOGIC-2, GH-LOGIC-3, GH-LOGIC-4, GH-ORACLE-1, GH-ORACLE-2,
GH-ORACLE-3, GH-PAIR-2, GH-ROLE-2, GH-RULING-18, GH-RULING-4, GH-SCORE-1, GH-SCORE-2, GH-SETUP-2, GH-SETUP-3,
GH-SETUP-4, GH-SETUP-5, GH-SETUP-6, GH-TRICK-1, GH-TRICK-2, GH-TRICK-3, GH-TRICK-4, GH-TRICK-5, GH-TRICK-6,
GH-TRICK-7, GH-TRICK-8.
"""

from __future__ import annotations

import rulebook
from rulebook.core.model import slots_text

GAME = rulebook.get_game("gods-and-humans")


def test_the_zones_their_printed_sights_and_what_the_engine_plays() -> None:
    assert [(z.name, z.printed, z.choices, z.general) for z in GAME.ZONES] == [
        ("hands", "owner", ("owner", "all"), False),
        ("pairing", "owner", ("owner", "all"), False),
        ("oracles", "owner", ("owner", "from:handover"), False),
        ("field", "all", ("all",), False),
        ("trick", "all", ("all",), False),
    ]


def test_the_program_of_a_round() -> None:
    assert [s.name for s in GAME.PROGRAM] == [
        "deal",
        "oracle",
        "handover",
        "trick",
        "trick.lead",
        "trick.follow",
        "trick.resolve",
        "gap",
        "score",
        "end",
    ]
    assert all(s.rules for s in GAME.PROGRAM)


def test_the_rules_a_variant_may_replace_by_id() -> None:
    assert [(s.rule, s.kind) for s in GAME.SLOTS] == [
        ('GH-TRICK-2', 'legal'),
        ('GH-LOGIC-1', 'outcome'),
        ('GH-LOGIC-2', 'score'),
        ('GH-LOGIC-3', 'ending'),
        ('GH-END-4', 'ending'),
        ('GH-LOGIC-4', 'leader'),
        ('GH-INTERVENE-1', 'step'),
        ('GH-FORCED-1', 'trigger'),
        ('GH-COMP-1', 'check'),
        ('GH-SETUP-4', 'check'),
        ('GH-RULING-18', 'check'),
        ('GH-SETUP-2', 'check'),
        ('GH-RULING-4', 'check'),
    ]
    assert [c.rule for c in GAME.CHECKS] == ["GH-COMP-1", "GH-SETUP-4", "GH-RULING-18", "GH-SETUP-2", "GH-RULING-4"]
    assert len(slots_text(GAME).splitlines()) == len(GAME.SLOTS)
