"""The Seven Prophecies (七つの予言) as one model (issue 40): its zones, its program of steps, its rules by ID and its
checks.

SP-END-1, SP-END-2, SP-END-3, SP-END-5, SP-END-6, SP-INFO-1, SP-INFO-3, SP-INFO-4, SP-INFO-5, SP-LOGIC-1,
SP-LOGIC-2, SP-LOGIC-3, SP-LOGIC-4, SP-PLAY-1, SP-PLAY-2, SP-PLAY-3, SP-PLAY-4, SP-PROPH-1, SP-PROPH-2, SP-RANK-1,
SP-RANK-2, SP-RANK-3, SP-RANK-4, SP-RANK-5, SP-RULING-14, SP-RULING-6, SP-SCORE-1, SP-SCORE-2, SP-SETUP-1,
SP-SETUP-2, SP-SETUP-3, SP-SETUP-4, SP-SETUP-5, SP-TRICK-1, SP-TRICK-2, SP-TRICK-3, SP-VAR-1, SP-VAR-2.
"""

from __future__ import annotations

import rulebook
from rulebook.core.model import slots_text

GAME = rulebook.get_game("seven-prophecies")


def test_the_zones_their_printed_sights_and_what_the_engine_plays() -> None:
    assert [(z.name, z.printed, z.choices, z.general) for z in GAME.ZONES] == [
        ("future", "all", ("all", "from:trick"), False),
        ("hands", "owner", ("owner", "all", "team"), True),
        ("aside", "none", ("none",), False),
        ("trick", "all", ("all",), False),
    ]


def test_the_program_of_a_round() -> None:
    assert [s.name for s in GAME.PROGRAM] == [
        "deal",
        "prophecies",
        "trick",
        "trick.lead",
        "trick.follow",
        "trick.places",
        "trick.cubes",
        "trick.end",
        "score",
        "end",
    ]
    assert all(s.rules for s in GAME.PROGRAM)


def test_the_rules_a_variant_may_replace_by_id() -> None:
    assert [(s.rule, s.kind) for s in GAME.SLOTS] == [
        ('SP-PLAY-2', 'legal'),
        ('SP-RANK-1', 'ranking'),
        ('SP-LOGIC-1', 'outcome'),
        ('SP-LOGIC-2', 'score'),
        ('SP-LOGIC-3', 'ending'),
        ('SP-END-1', 'ending'),
        ('SP-END-6', 'ending'),
        ('SP-VAR-1', 'ending'),
        ('SP-LOGIC-4', 'leader'),
        ('SP-SETUP-1', 'check'),
        ('SP-TRICK-2', 'check'),
        ('SP-SCORE-2', 'check'),
        ('SP-PLAY-1', 'check'),
    ]
    assert [c.rule for c in GAME.CHECKS] == ["SP-SETUP-1", "SP-RANK-1", "SP-TRICK-2", "SP-SCORE-2", "SP-PLAY-1"]
    assert len(slots_text(GAME).splitlines()) == len(GAME.SLOTS)
