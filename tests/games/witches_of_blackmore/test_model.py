"""The Witches of Blackmore as one model (issue 40): its zones, its program of steps, its rules by ID and its
checks.

WB-COMP-1, WB-DRAW-1, WB-END-1, WB-END-2, WB-END-3, WB-END-4, WB-END-6, WB-END-7, WB-INFO-1, WB-INFO-2, WB-INFO-3,
WB-INFO-4, WB-LOGIC-1, WB-LOGIC-2, WB-LOGIC-3, WB-LOGIC-4, WB-PLAY-1, WB-PLAY-2, WB-PLAY-3, WB-RULING-12,
WB-SCORE-1, WB-SCORE-2, WB-SETUP-1, WB-SETUP-2, WB-SETUP-3, WB-SETUP-4, WB-TRICK-1, WB-TRICK-2, WB-TRICK-3,
WB-TRICK-4, WB-TRICK-6, WB-TRUMP-1, WB-TRUMP-2.
"""

from __future__ import annotations

import rulebook
from rulebook.core.model import slots_text

GAME = rulebook.get_game("witches-of-blackmore")


def test_the_zones_their_printed_sights_and_what_the_engine_plays() -> None:
    assert [(z.name, z.printed, z.choices, z.general) for z in GAME.ZONES] == [
        ("hands", "owner", ("owner", "all", "team"), True),
        ("trick", "all", ("all",), True),
        ("pile", "none", ("none",), True),
        ("trumps", "all", ("all",), False),
        ("captured", "all", ("all",), False),
    ]


def test_the_program_of_a_round() -> None:
    assert [s.name for s in GAME.PROGRAM] == [
        "deal",
        "trick",
        "trick.lead",
        "trick.follow",
        "trick.resolve",
        "trick.capture",
        "trick.trump",
        "trick.refill",
        "score",
    ]
    assert all(s.rules for s in GAME.PROGRAM)


def test_the_rules_a_variant_may_replace_by_id() -> None:
    assert [(s.rule, s.kind) for s in GAME.SLOTS] == [
        ('WB-PLAY-1', 'legal'),
        ('WB-LOGIC-1', 'outcome'),
        ('WB-LOGIC-2', 'score'),
        ('WB-LOGIC-3', 'ending'),
        ('WB-END-6', 'ending'),
        ('WB-END-7', 'ending'),
        ('WB-LOGIC-4', 'leader'),
        ('WB-TRUMP-1', 'step'),
        ('WB-COMP-1', 'check'),
        ('WB-TRUMP-2', 'check'),
        ('WB-INFO-1', 'check'),
    ]
    assert [c.rule for c in GAME.CHECKS] == ["WB-COMP-1", "WB-TRUMP-2", "WB-INFO-1"]
    assert len(slots_text(GAME).splitlines()) == len(GAME.SLOTS)
