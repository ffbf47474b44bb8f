"""Role figures follow the variant's point hooks (issue 34, item 4): the gods-and-humans lone
human's figure under a ``round_points`` hook."""

from __future__ import annotations

from typing import Any

import rulebook
from rulebook.balance.simulate import play_one
from rulebook.core.history import RoundRecord
from rulebook.variants.variant import Variant

GH = rulebook.get_game("gods-and-humans")


def ten_to_the_lone_human(state: Any, rnd: RoundRecord) -> list[int]:
    """GH-ROLE-2: ten more points each deal to the lone human of that deal."""
    points = [0] * state.rules.players
    points[state.past[rnd.number].lone] += 10
    return points


def test_the_lone_human_role_figure_follows_a_round_points_hook() -> None:
    printed = Variant(GH, GH.Rules(players=5))
    hooked = Variant(GH, GH.Rules(players=5), round_points=ten_to_the_lone_human)
    a = play_one(GH, printed, 7, 0, ("heuristic",))
    b = play_one(GH, hooked, 7, 0, ("heuristic",))
    assert a.digest == b.digest  # the same moves: the heuristic does not see the hook
    key = "role: lone human: points"
    assert b.play[key] == a.play[key] + 10
    # the other roles gain nothing
    assert b.play["role: god: points"] == a.play["role: god: points"]
    assert b.play["role: human with a partner: points"] == a.play["role: human with a partner: points"]
