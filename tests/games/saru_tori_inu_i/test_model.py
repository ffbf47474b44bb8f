"""The Saru Tori Inu I (サルトリイヌイ) as one model (issue 40): its zones, its program of steps, its rules by ID and
its checks.

ST-COMP-1, ST-INFO-1, ST-INFO-2, ST-INFO-3, ST-LOGIC-1, ST-LOGIC-2, ST-LOGIC-3, ST-LOGIC-4, ST-PLAY-1, ST-PLAY-2,
ST-PLAY-3, ST-PLAY-4, ST-RACE-1, ST-RACE-2, ST-RACE-4, ST-RES-1, ST-RES-2, ST-RES-3, ST-RES-4, ST-RES-5, ST-ROAD-1,
ST-ROAD-2, ST-ROAD-3, ST-ROAD-4, ST-ROUND-2, ST-ROUND-3, ST-SCORE-1, ST-SCORE-2, ST-SCORE-3, ST-SCORE-4, ST-SETUP-1,
ST-SETUP-2, ST-SETUP-3, ST-SETUP-4, ST-SETUP-5.
"""

from __future__ import annotations

import rulebook
from rulebook.core.model import slots_text

GAME = rulebook.get_game("saru-tori-inu-i")


def test_the_zones_their_printed_sights_and_what_the_engine_plays() -> None:
    assert [(z.name, z.printed, z.choices, z.general) for z in GAME.ZONES] == [
        ("hands", "owner", ("owner", "all"), True),
        ("missions", "owner", ("owner", "all"), False),
        ("area", "all", ("all",), False),
    ]


def test_the_program_of_a_round() -> None:
    assert [s.name for s in GAME.PROGRAM] == [
        "deal",
        "round",
        "round.play",
        "round.declare",
        "round.resolve",
        "round.road",
        "score",
        "end",
    ]
    assert all(s.rules for s in GAME.PROGRAM)


def test_the_rules_a_variant_may_replace_by_id() -> None:
    assert [(s.rule, s.kind) for s in GAME.SLOTS] == [
        ('ST-PLAY-2', 'legal'),
        ('ST-LOGIC-1', 'outcome'),
        ('ST-LOGIC-2', 'score'),
        ('ST-LOGIC-3', 'ending'),
        ('ST-ROUND-3', 'ending'),
        ('ST-RACE-4', 'ending'),
        ('ST-PLAY-4', 'step'),
        ('ST-LOGIC-4', 'leader'),
        ('ST-COMP-1', 'check'),
        ('ST-ROAD-3', 'check'),
        ('ST-INFO-1', 'check'),
        ('ST-SETUP-4', 'check'),
    ]
    assert [c.rule for c in GAME.CHECKS] == ["ST-COMP-1", "ST-PLAY-2", "ST-ROAD-3", "ST-INFO-1", "ST-SETUP-4"]
    assert len(slots_text(GAME).splitlines()) == len(GAME.SLOTS)
