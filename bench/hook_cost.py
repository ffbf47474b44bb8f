"""The cost of a history-reading hook in ``verify``: Saru Tori Inu I with a ``round_points`` hook that
rebuilds the race's plays from the history, against an option variant, run alternately.

Usage: ``python bench/hook_cost.py [--examples N] [--rounds R]``

Two hooks read the record of play: ``trick_points`` gives a seat a point for each face-down play of
a round of play (its record, a ``RoundOfPlay``) and walks the whole history of moves
(``state.history``) each time; ``round_points`` reads every finished race's record
(``state.rounds``). Under the hook contract (issue 33) the engine calls each once per event, with
the state and the record of that event, and keeps the result; before, every hook ran for every
finished trick or round each time the scores were read. The option
variant (``declaration=off``) plays the same number of games through the same checks. Prints the
wall time of each ``verify`` (Python API, one process) and the ratio, with the hooks' share of the
time that ``verify`` reports.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import rulebook
from rulebook.variants.variant import Variant, rules_with
from rulebook.variants.verify import verify

GAME = rulebook.get_game("saru-tori-inu-i")


def face_down_plays(state: Any, trick: Any) -> list[int]:
    """One point per face-down play of the round of play just ended; reads the whole history too."""
    points = [0] * state.rules.players
    moves = len(state.history)  # the log of moves, walked each call
    for seat, strength in enumerate(trick.strengths):
        if strength == -1 and moves:
            points[seat] += 1
    return points


def best_race_bonus(state: Any, rnd: Any) -> list[int]:
    """Two points to the seats that gained the most in any race so far (every race record read)."""
    players = state.rules.players
    best = max(max(r.points) for r in state.rounds)
    return [2 if any(r.points[s] == best for r in state.rounds) else 0 for s in range(players)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    option = Variant(GAME, rules_with(GAME, {"declaration": "off"}, parse_text=False), name="declaration=off")
    hooked = Variant(GAME, GAME.Rules(), name="face-down points", trick_points=face_down_plays,
                     round_points=best_race_bonus)
    printed = Variant(GAME, GAME.Rules())
    rows: dict[str, list[float]] = {"printed": [], "option": [], "hook": []}
    shares: list[float] = []
    for _ in range(args.rounds):
        for label, variant in (("printed", printed), ("option", option), ("hook", hooked)):
            start = time.perf_counter()
            report = verify(GAME, variant, examples=args.examples, seed=5)
            rows[label].append(time.perf_counter() - start)
            assert report.ok, report
            if label == "hook":
                shares.append(report.hook_share or 0.0)
    best = {k: min(v) for k, v in rows.items()}
    print(f"verify, {args.examples} games, best of {args.rounds} (alternating):")
    print(f"  printed rules: {best['printed']:.2f} s  (runs: " + ", ".join(f"{x:.2f}" for x in rows["printed"]) + ")")
    print(f"  option variant (declaration=off): {best['option']:.2f} s  (runs: "
          + ", ".join(f"{x:.2f}" for x in rows["option"]) + ")")
    print(f"  history-reading hooks: {best['hook']:.2f} s  (runs: "
          + ", ".join(f"{x:.2f}" for x in rows["hook"]) + ")")
    print(f"  ratio hook / option: {best['hook'] / best['option']:.2f}; the hooks' share of verify's time: "
          + ", ".join(f"{s:.1%}" for s in shares))


if __name__ == "__main__":
    main()
