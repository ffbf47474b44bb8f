"""Saru Tori Inu I: findings of the independent review, each pinned by a test.

Positions are built from the explicit deal of ``test_saru_tori_inu_i`` (area Y9 B9 R9;
seat 0 R1-R8 B1-B3; seat 1 B4-B8 Y1-Y6; seat 2 Y7 Y8 K1-K9).
"""

from __future__ import annotations

from typing import Any

import pytest

from rulebook import IllegalAction, InvalidRules
from rulebook.games.saru_tori_inu_i import DEFAULT_MISSIONS, GAME, Rules, SaruState
from tests.games.test_saru_tori_inu_i import AREA, HAND0, HAND1, HAND2, B, K, R, card, run, texts


def new3(missions: int = 6, **options: Any) -> SaruState:
    rules = Rules(players=3, **options) if missions == 6 else Rules(
        players=3, missions=DEFAULT_MISSIONS[:missions], **options
    )
    deal = tuple(AREA + HAND0 + HAND1 + HAND2 + list(range(missions)))
    state: SaruState = GAME.new_game(rules, deals=[deal])
    return state


def test_three_missions_are_enough_for_three_players() -> None:
    """ST-DATA-1, ST-SETUP-4: the missions must number at least the players (and at most
    16); three players need only three."""
    s = new3(missions=3)
    assert len(s.rules.missions) == 3 and s.missions == (0, 1, 2)
    assert len(s.observation_tensor(0)) == GAME.observation_size(s.rules)
    with pytest.raises(InvalidRules, match="missions"):
        Rules(players=4, missions=DEFAULT_MISSIONS[:3])
    with pytest.raises(InvalidRules, match="missions"):
        Rules(players=3, missions=DEFAULT_MISSIONS[:2])
    with pytest.raises(InvalidRules, match="missions"):
        Rules(players=3, missions=DEFAULT_MISSIONS * 3)


def test_several_players_may_share_a_column_when_shared() -> None:
    """ST-RULING-20: with column_sharing='shared' a column may take the cards of several players."""
    s = run(new3(column_sharing="shared"), "play R8", "play B7", "play K9", "under 1", "take Y9")
    assert texts(s) == ["under 1", "under 2", "under 3"]
    s = run(s, "under 1")
    assert s.beneath[0] == (card(K, 9), card(R, 8))


def test_exclusive_columns_by_default() -> None:
    """ST-RULING-20: by default (column_sharing='exclusive') each column takes one player's cards;
    every column is open again in the next round."""
    s = run(new3(), "play R8", "play B7", "play K9", "under 1", "take Y9")  # exclusive: the default
    assert texts(s) == ["under 2", "under 3"]
    with pytest.raises(IllegalAction, match="ST-RULING-20"):
        s.apply(GAME.parse_action("under 1", s.rules))
    s = run(s, "under 3", "road B9")
    assert texts(s) == ["under 2"]
    s = run(s, "under 2", "take R9")
    assert s.rnd == 1 and s.area == ((card(K, 9),), (card(B, 7),), (card(R, 8),))
    s = run(s, "play B4", "play K5", "declare 10", "pair R1", "pair R2")
    assert s.queue == (0, 2, 1) and texts(s) == ["under 1", "under 2", "under 3"]
    s = run(s, "under 2")
    assert s.beneath[1] == (card(R, 1), card(R, 2))  # the declarer's two cards together
    assert texts(run(s, "take K9")) == ["under 1", "under 3"]
    with pytest.raises(InvalidRules, match="pair_placement"):
        Rules(players=3, column_sharing="exclusive", pair_placement="separate")
