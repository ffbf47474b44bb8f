"""Issue 33's worked example for Saru Tori Inu I: animals that may share a square.

``docs/examples/saru_share_squares.toml`` says it as data (``squares = "share"``, house rule
ST-ROAD-5); played games show two moved animals on one square, ranked by the track's tie order
(ST-RULING-21), the same seeds under the printed rules never do, and ``rulebook verify`` passes.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rulebook.cli.app import main
from rulebook.registry import get_game
from rulebook.variants.variant import load_variant

EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "saru_share_squares.toml"
GAME = get_game("saru-tori-inu-i")


def shared_squares(rules: object, seed: int) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """Every (animal, animal, square, race order) with the two animals standing together off the
    start, after each move of a game."""
    from rulebook.games.saru_tori_inu_i import race_order

    state = GAME.new_game(rules, seed=seed)
    rng = random.Random(seed)
    found = []
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        pos = state.pos
        found += [(a, b, pos[a], race_order(state.rules.track, pos))
                  for a in range(4) for b in range(a + 1, 4) if pos[a] == pos[b] > 0]
    return found


def test_the_file_says_animals_share_squares() -> None:
    """ST-ROAD-5: the file's rules are the printed ones but for ``squares``."""
    v = load_variant(GAME, str(EXAMPLE))
    assert v.rules == GAME.Rules(squares="share")
    assert v.rules.squares == "share" and GAME.Rules().squares == "hop"


@pytest.mark.parametrize("players", [3, 4])
def test_two_animals_stand_on_one_square_in_played_games(players: int) -> None:
    """ST-ROAD-5, ST-RULING-21: in games played under the file two moved animals share a square
    (and the race order ranks them by the tie order); under the printed rules (ST-ROAD-3) the same
    seeds never show it."""
    v = load_variant(GAME, str(EXAMPLE))
    rules = v.at(players).rules
    found = [hit for seed in range(4) for hit in shared_squares(rules, seed)]
    assert len(found) > 10
    tie = rules.track.tie_order
    for a, b, _, order in found:  # the one ahead in the tie order ranks ahead (ST-RULING-21)
        assert (order.index(a) < order.index(b)) == (tie.index(a) < tie.index(b))
    printed = GAME.Rules(players=players)
    assert [hit for seed in range(4) for hit in shared_squares(printed, seed)] == []


def test_rulebook_verify_passes_on_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The worked example passes ``rulebook verify`` at both player counts."""
    code = main(["verify", "saru-tori-inu-i", "--variant", str(EXAMPLE), "--examples", "6", "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "OK: 13 contract checks and the game's invariants held in every game checked." in out
