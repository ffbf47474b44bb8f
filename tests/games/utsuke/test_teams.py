"""UTSUKE with partners (UT-END-7, a house rule; issue 33 item 5): seats 1 and 3 against 2 and 4 at
four players. Played games end as without partners and are won by pairs; ``verify`` passes."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

from rulebook.cli.app import main
from rulebook.errors import InvalidRules
from rulebook.games.utsuke import GAME, Rules


def _play(rules: Rules, seed: int) -> object:
    rng = random.Random(seed)
    state = GAME.new_game(rules, seed=seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _expected(honour: tuple[int, ...], chips: tuple[int, ...], lose: int) -> frozenset[int]:
    """UT-END-7 stated again, independently: pairs (0, 2) and (1, 3); a pair with a loser is out."""
    pairs = [(0, 2), (1, 3)]
    alive = [p for p in pairs if all(chips[s] < lose for s in p)]
    if not alive:
        return frozenset()
    totals = {p: honour[p[0]] + honour[p[1]] for p in alive}
    best = max(totals.values())
    return frozenset(s for p in alive if totals[p] == best for s in p)


def test_partners_win_together_in_played_games() -> None:
    """UT-END-7: in 60 random games, the game ends exactly where it ends without partners (the same
    moves, the same honour and chips), and the winners are the pair the rule names; partners
    always win together, and in some games the pair rule gives a different result from the
    printed one (a seat short of the honour to win wins with its partner)."""
    printed, teams = Rules(players=4), Rules(players=4, teams=True)
    differs = 0
    for seed in range(60):
        alone, paired = _play(printed, seed), _play(teams, seed)
        assert paired.history == alone.history  # the end is the printed one
        assert (paired.honour, paired.chips) == (alone.honour, alone.chips)
        winners = paired.winners
        assert winners == _expected(paired.honour, paired.chips, teams.chips_to_lose)
        assert winners in (frozenset(), frozenset({0, 2}), frozenset({1, 3}), frozenset({0, 1, 2, 3}))
        differs += winners != alone.winners
    assert differs > 0


def test_partners_under_the_five_round_end() -> None:
    """UT-END-7 with UT-END-6: five rounds, then the pair with more honour wins."""
    rules = Rules(players=4, teams=True, end="rounds", rounds=5)
    for seed in range(10):
        state = _play(rules, seed)
        assert state.winners == _expected(state.honour, state.chips, rules.chips_to_lose)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_partners_need_four_players(players: int) -> None:
    """UT-END-7: the pairs face each other, so only four players make two pairs."""
    with pytest.raises(InvalidRules) as info:
        Rules(players=players, teams=True)
    assert str(info.value) == (f"Rules.teams: partners need 4 players (seats 1 and 3 against 2 and 4), "
                               f"not {players}")
    assert attrs.evolve(Rules(players=4, teams=True), teams=False).teams is False


def test_partners_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """UT-END-7: ``rulebook verify utsuke --set teams=true`` passes (at 4 players, the only count)."""
    assert main(["verify", "utsuke", "--set", "teams=true", "--examples", "6", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "at 4 players" in out.splitlines()[0]
    assert out.splitlines()[-1].startswith("OK: ")
