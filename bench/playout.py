"""Random-playout speed of every registered game through the public contract.

Usage: ``python bench/playout.py [--seconds S] [--games SLUG ...] [--set NAME=VALUE ...] [--observe]``

For each game and supported player count it plays uniformly random legal
actions from fresh seeded games for about ``--seconds`` and reports moves per
second and games per second. A move is one ``legal_actions()`` plus one
``apply()``; the random choice is included, as in any driver.

``--set NAME=VALUE`` plays a variant (``--set visible.hands=all``), as the command line reads it;
``--variant FILE`` plays a variant file (its added phases too: the general path of
``rulebook.variants.phases``; with ``--interleave`` the printed game is measured in turns with it).
``--observe`` adds, at every move, what a searching player does: the mover's observation and
one resample of what it cannot see (the general path that visibility settings change).

``--reference`` adds the engine bar: OpenSpiel's C++ ``oh_hell``
(``pyspiel.load_game("oh_hell")``, 3 players, the game's own random number of
tricks) driven from Python the same way (random legal actions; chance outcomes
sampled by their probabilities and not counted as moves). It is measured in
turns with the rulebook rows, one slice before each row, so a change in the
machine's load touches both; the last line gives its mean and range over the
slices, and the ``vs ref`` column each row's moves/s over that mean.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from typing import Any

import rulebook


def playout_speed(game: Any, players: int, seconds: float, values: dict[str, str] | None = None,
                  observe: bool = False, variant: Any = None) -> tuple[float, float, int]:
    rules = game.Rules(players=players)
    new = game.new_game
    if variant is not None:
        v = variant.at(players)
        rules = v.rules

        def new(rules: Any, seed: int) -> Any:
            return v.new_game(seed=seed)
    if values:
        from rulebook.core.options import rules_from_mapping

        rules = rules_from_mapping(game.Rules, {**values, "players": str(players)}, parse_text=True)
    rng = random.Random(12345)
    choice = rng.choice
    moves = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = new(rules, seed=games)
        while state.current_player is not None:
            if observe:
                state.observation(state.current_player)
                state.resample(state.current_player, rng)
            state = state.apply(choice(state.legal_actions()))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return moves / elapsed, games / elapsed, games


def reference_speed(seconds: float) -> tuple[float, float, int]:
    """Random playouts of OpenSpiel's C++ ``oh_hell`` driven from Python (moves exclude chance)."""
    import pyspiel

    game = pyspiel.load_game("oh_hell")
    rng = random.Random(12345)
    choice, choices = rng.choice, rng.choices
    moves = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(choices(outcomes, probs)[0])
            else:
                state.apply_action(choice(state.legal_actions()))
                moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return moves / elapsed, games / elapsed, games


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per game and player count")
    parser.add_argument("--games", nargs="*", default=None, help="slugs (default: all)")
    parser.add_argument(
        "--reference", action="store_true", help="interleave OpenSpiel's C++ oh_hell as the engine bar"
    )
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="play a variant")
    parser.add_argument("--observe", action="store_true", help="observe and resample for the mover at every move")
    parser.add_argument("--variant", default=None, metavar="FILE", help="play a variant file (one game)")
    parser.add_argument("--interleave", type=int, default=0, metavar="N",
                        help="with --variant: N slices of the printed game and the variant in turns")
    parser.add_argument("--players", type=int, default=None, help="one player count")
    args = parser.parse_args(argv)
    values = dict(item.split("=", 1) for item in args.set)
    slugs = args.games or list(rulebook.GAMES)
    if args.variant:
        from rulebook.variants.variant import load_variant

        variant = load_variant(rulebook.get_game(slugs[0]), args.variant)
        game = variant.game
        players = args.players or variant.rules.players
        print(f"{'slice':>5} {'printed moves/s':>16} {'games/s':>8} {'variant moves/s':>16} {'games/s':>8} "
              f"{'ratio':>6}")
        ratios = []
        for i in range(max(1, args.interleave)):
            p_mps, p_gps, _ = playout_speed(game, players, args.seconds)
            v_mps, v_gps, _ = playout_speed(game, players, args.seconds, variant=variant)
            ratios.append(p_gps / v_gps)
            print(f"{i + 1:5d} {p_mps:16,.0f} {p_gps:8,.1f} {v_mps:16,.0f} {v_gps:8,.1f} {p_gps / v_gps:6.2f}")
        print(f"printed games/s over the variant's: median {sorted(ratios)[len(ratios) // 2]:.2f}")
        return
    print(f"python {platform.python_version()} on {platform.machine()}, {args.seconds:.1f} s per row")
    extra = f" {'vs-ref':>7}" if args.reference else ""
    print(f"{'game':24} {'players':>7} {'moves/s':>12} {'games/s':>10} {'games':>8}{extra}")
    rows: list[tuple[str, int, float, float, int]] = []
    refs: list[tuple[float, float, int]] = []
    for slug in slugs:
        game = rulebook.get_game(slug)
        for players in game.player_counts:
            if args.reference:
                refs.append(reference_speed(args.seconds / 2))
            mps, gps, n = playout_speed(game, players, args.seconds, values, args.observe)
            rows.append((slug, players, mps, gps, n))
            if not args.reference:
                print(f"{slug:24} {players:7d} {mps:12,.0f} {gps:10,.1f} {n:8d}")
    if args.reference:
        ref = sum(r[0] for r in refs) / len(refs)
        ref_games = sum(r[1] for r in refs) / len(refs)
        for slug, players, mps, gps, n in rows:
            print(f"{slug:24} {players:7d} {mps:12,.0f} {gps:10,.1f} {n:8d} {mps / ref:7.2f}")
        low, high = min(r[0] for r in refs), max(r[0] for r in refs)
        print(
            f"{'oh_hell (OpenSpiel C++)':24} {3:7d} {ref:12,.0f} {ref_games:10,.1f} {sum(r[2] for r in refs):8d}"
            f"  range {low:,.0f}..{high:,.0f} over {len(refs)} slices"
        )


if __name__ == "__main__":
    main()
