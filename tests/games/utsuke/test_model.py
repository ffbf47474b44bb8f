"""The UTSUKE (うつけ) as one model (issue 40): its zones, its program of steps, its rules by ID and its checks.

UT-BID-1, UT-BID-2, UT-COMP-1, UT-END-1, UT-END-2, UT-END-3, UT-END-6, UT-END-8, UT-INFO-1, UT-INFO-2, UT-INFO-3,
UT-INFO-4, UT-INFO-5, UT-LOGIC-1, UT-LOGIC-2, UT-LOGIC-3, UT-LOGIC-4, UT-LORD-1, UT-LORD-2, UT-LORD-3, UT-LORD-4,
UT-LORD-8, UT-PLAY-1, UT-PLAY-2, UT-SCORE-1, UT-SCORE-2, UT-SCORE-3, UT-SCORE-4, UT-SETUP-4, UT-SETUP-5, UT-TRICK-1,
UT-TRICK-2, UT-TRUMP-1, UT-TRUMP-2.
"""

from __future__ import annotations

import rulebook
from rulebook.core.model import slots_text

GAME = rulebook.get_game("utsuke")


def test_the_zones_their_printed_sights_and_what_the_engine_plays() -> None:
    assert [(z.name, z.printed, z.choices, z.general) for z in GAME.ZONES] == [
        ("hands", "owner", ("owner", "all", "team"), True),
        ("bids", "owner", ("owner", "all", "from:tricks"), False),
        ("row", "all", ("all",), True),
        ("trick", "all", ("all",), False),
    ]


def test_the_program_of_a_round() -> None:
    assert [s.name for s in GAME.PROGRAM] == [
        "deal",
        "bid",
        "trick",
        "trick.lead",
        "trick.follow",
        "trick.resolve",
        "trick.chip",
        "score",
        "end",
    ]
    assert all(s.rules for s in GAME.PROGRAM)


def test_the_rules_a_variant_may_replace_by_id() -> None:
    assert [(s.rule, s.kind) for s in GAME.SLOTS] == [
        ('UT-PLAY-2', 'legal'),
        ('UT-LOGIC-1', 'outcome'),
        ('UT-LOGIC-2', 'score'),
        ('UT-LOGIC-3', 'ending'),
        ('UT-END-1', 'ending'),
        ('UT-END-2', 'ending'),
        ('UT-END-6', 'ending'),
        ('UT-END-8', 'ending'),
        ('UT-LOGIC-4', 'leader'),
        ('UT-LORD-8', 'npc'),
        ('UT-COMP-1', 'check'),
        ('UT-TRUMP-1', 'check'),
        ('UT-SETUP-4', 'check'),
        ('UT-TRICK-2', 'check'),
    ]
    assert [c.rule for c in GAME.CHECKS] == ["UT-COMP-1", "UT-TRUMP-1", "UT-SETUP-4", "UT-TRICK-2", "UT-END-1"]
    assert len(slots_text(GAME).splitlines()) == len(GAME.SLOTS)
