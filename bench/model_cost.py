"""The general path's cost per kind of edit: random playouts of the printed rules against variants that
each make one kind of edit of the model, side by side in one run.

Usage: ``python bench/model_cost.py [--seconds S] [--repeats R] [--games SLUG ...] [--kinds KIND ...]
[--observe] [--quick] [--json]``

For each game (at one player count: the Witches, Seven Prophecies and UTSUKE at 4, Gods and Humans at
5, Saru Tori Inu I at 3) the printed rules (the fast path) and one variant per kind of edit play random
games for about ``--seconds`` each (``playout.py``'s ``playout_speed``: the same seeds 0, 1, 2, ... and
the same random generator on every side), in pairs: every repeat plays a slice of the printed rules
next to a slice of each edit, the printed slice first in even repeats and second in odd ones. A playout
is one whole game; since an added step adds moves, games per second is the fair comparison. ``cost`` is
the median over the repeats of each pair's printed games per second over the edit's (``1.00``: as fast;
``2.00``: half as fast); a cost above 3 (as printed, to two places) is flagged ``> 3x``. The games/s
columns are each cell's best slice.

The kinds (``--kinds`` takes their names):

``unedited``
    the general path with no edit (the program of steps wrapping the engine, ``phased_state(state,
    ())``, as ``tests/test_unedited_model.py`` reaches it);
``sight``
    a zone's sight set to a sight only the general path plays (the worked examples where there is one:
    the Witches' face-down trick, UTSUKE's chamberlain; seat 1's hand face up in Seven Prophecies and
    Saru Tori Inu I);
``sight-fn``
    a zone's sight as a Python function (``sights={"hands": ...}``: each hand seen by its owner and the
    next seat; the Witches' worked example);
``step``
    an added step (``[[phases]]``: each game's worked example);
``off``
    a step, or where a game has none an ending, switched off by its ID (``replace={ID: "off"}``);
``legal``
    the legality rule replaced by its ID with a function that allows every move the engine offers;
``trick``
    the trick's outcome replaced by its ID: Seven Prophecies' whole order of places (``SP-RANK-1``, the
    worked example), elsewhere who takes the trick (``...-LOGIC-1``) by the game's own ``resolve_trick``;
``scoring``
    what is scored at an event replaced by its ID (``...-LOGIC-2``: the worked example's point a trick
    where the game has it, elsewhere a function that changes nothing);
``ending``
    when the game ends replaced by its ID (``...-LOGIC-3``: a function that never ends it early);
``leader``
    who leads replaced by its ID (``...-LOGIC-4``: a function that leaves it to the game's rule);
``check``
    a game's consistency check replaced by its own function (``checks={ID: fn}``). The engine runs its
    checks only where ``verify`` asks (``game.check_invariants``), so this row plays the checks at every
    position on both sides, and its ``cost`` is against the printed rules with their checks.

Except ``step``, ``off``, the Seven Prophecies ranking and the point a trick, each edit plays the printed
game (the same moves), so its cost is the edit's machinery alone. ``--observe`` adds, at every move,
the mover's observation and one redraw (what a searching player asks; where a sight edit costs most).
``--quick`` is a tiny budget (one game each, one repeat) for a smoke run; ``--json`` prints one JSON
object instead of the table.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playout import playout_speed

import rulebook
from rulebook.variants.phases import phased_state
from rulebook.variants.variant import Variant, load_variant

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"

#: the player count each game is measured at
PLAYERS = {"witches-of-blackmore": 4, "seven-prophecies": 4, "utsuke": 4, "gods-and-humans": 5,
           "saru-tori-inu-i": 3}

KINDS = ("unedited", "sight", "sight-fn", "step", "off", "legal", "trick", "scoring", "ending", "leader",
         "check")


class GeneralPath:
    """The general path with no edit, shaped as ``playout_speed`` takes a variant (``at``, ``rules``,
    ``new_game``): the engine's state wrapped in the program of steps with no step added."""

    def __init__(self, game: Any, rules: Any) -> None:
        self.game, self.rules = game, rules

    def at(self, players: int) -> GeneralPath:
        return self

    def new_game(self, seed: int) -> Any:
        return phased_state(self.game.new_game(self.rules, seed=seed), ())


# the inline edits: each plays the printed game through the edit's machinery

def allow_all(state: Any, actions: Any) -> Any:
    """A legality rule that allows every move the engine offers."""
    return actions


def no_change(event: Any) -> None:
    """A scoring rule that changes no counter."""
    return None


def never_early(event: Any) -> bool:
    """An ending that never ends the game before the game's own endings do."""
    return False


def game_leads(event: Any) -> None:
    """Who leads: the game's own rule."""
    return None


def owner_and_next(players: int) -> Callable[[int, int, Any], bool]:
    """A sight: a hand seen by its owner and by the next seat."""
    def sees(seat: int, item: int, content: Any) -> bool:
        return seat in (content.owner, (content.owner + 1) % players)
    return sees


def everyone(seat: int, item: int, content: Any) -> bool:
    """A sight: every seat sees the item."""
    return True


def printed_winner(game: Any) -> Callable[[Any], Any]:
    def winner(trick: Any) -> Any:
        return game.resolve_trick(trick)
    winner.__name__ = f"{game.prefix.lower()}_printed_winner"
    return winner


def own_check(check: Any) -> Callable[[Any], None]:
    def check_again(state: Any) -> None:
        check.fn(state)
    return check_again


def _example(game: Any, name: str, players: int) -> Variant:
    return load_variant(game, str(EXAMPLES / name)).at(players)


def _slot(game: Any, kind: str, hook: str = "") -> str:
    return str(next(s.rule for s in game.SLOTS if s.kind == kind and (not hook or hook in s.hooks)))


#: per game: the file of its added step, what the ``off`` row switches off, and the sight row's edit
STEPS = {"witches-of-blackmore": "witches_aside_then_draw.toml", "seven-prophecies": "prophecies_move_a_cube.toml",
         "utsuke": "utsuke_pass_left.toml", "gods-and-humans": "gods_pass_left.toml",
         "saru-tori-inu-i": "saru_mission_draft.toml"}
OFF = {"witches-of-blackmore": "WB-TRUMP-1", "seven-prophecies": "SP-END-1", "utsuke": "UT-END-1",
       "gods-and-humans": "GH-INTERVENE-1", "saru-tori-inu-i": "ST-PLAY-4"}


def edit(game: Any, kind: str, players: int) -> tuple[str, Any] | None:
    """The variant of ``kind`` for ``game`` at ``players`` and what it does, or ``None`` where the game
    has no edit of that kind."""
    slug = game.slug
    rules = game.Rules(players=players)
    if kind == "unedited":
        return "no edit, on the general path", GeneralPath(game, rules)
    if kind == "sight":
        if slug == "witches-of-blackmore":
            return "witches_face_down_trick.toml (visible.trick = owner)", _example(
                game, "witches_face_down_trick.toml", players)
        if slug == "utsuke":
            return "utsuke_chamberlain.toml (visible.row = role:chamberlain)", _example(
                game, "utsuke_chamberlain.toml", players)
        if slug in ("seven-prophecies", "saru-tori-inu-i"):
            return "visible.hands.1 = all", Variant(game, game.Rules(players=players, visible={"hands.1": "all"}))
        return None  # no zone of the game takes a sight its engine does not play
    if kind == "sight-fn":
        if slug == "witches-of-blackmore":
            example = load_variant(game, f"{EXAMPLES / 'witches_see_to_the_right.py'}:SEE_TO_THE_RIGHT")
            return "witches_see_to_the_right.py (sights: hands)", example.at(players)
        zone = next((z for z in game.ZONES if z.general), None)
        if zone is None:
            return None
        if zone.per_seat:
            return f"sights: {zone.name} seen by the owner and the next seat", Variant(
                game, rules, sights={zone.name: owner_and_next(players)})
        return f"sights: {zone.name} seen by every seat", Variant(game, rules, sights={zone.name: everyone})
    if kind == "step":
        return STEPS[slug], _example(game, STEPS[slug], players)
    if kind == "off":
        rule = OFF[slug]
        if slug == "seven-prophecies":
            return f"prophecies_all_ten_tricks.toml (off {rule})", _example(
                game, "prophecies_all_ten_tricks.toml", players)
        return f"off {rule}", Variant(game, rules, replace={rule: "off"})
    if kind == "legal":
        rule = _slot(game, "legal")
        return f"{rule}: every move allowed", Variant(game, rules, replace={rule: allow_all})
    if kind == "trick":
        if slug == "seven-prophecies":
            example = load_variant(game, f"{EXAMPLES / 'prophecies_future_number_first.py'}:FUTURE_NUMBER_FIRST")
            return "prophecies_future_number_first.py (SP-RANK-1, every place)", example.at(players)
        rule = _slot(game, "outcome")
        return f"{rule}: the game's resolve_trick", Variant(game, rules, replace={rule: printed_winner(game)})
    if kind == "scoring":
        rule = _slot(game, "score")
        if slug in ("seven-prophecies", "gods-and-humans", "saru-tori-inu-i"):
            bonus = load_variant(game, f"{EXAMPLES / 'trick_bonus.py'}:variant")
            return f"trick_bonus.py ({rule}: a point a trick)", Variant(
                game, rules, replace={rule: bonus.counters_hook})
        return f"{rule}: no change", Variant(game, rules, replace={rule: no_change})
    if kind == "ending":
        rule = _slot(game, "ending", "ends")
        return f"{rule}: never early", Variant(game, rules, replace={rule: never_early})
    if kind == "leader":
        rule = _slot(game, "leader")
        return f"{rule}: the game's own", Variant(game, rules, replace={rule: game_leads})
    if kind == "check":
        check = game.CHECKS[0]
        return f"{check.rule}: its own check, at every position", Variant(
            game, rules, checks={check.rule: own_check(check)})
    raise ValueError(f"unknown kind {kind!r}")


def checks_speed(game: Any, players: int, seconds: float, variant: Any = None) -> tuple[float, float, int]:
    """``playout_speed`` with the game's checks run at every position (as ``verify`` runs them)."""
    rules = game.Rules(players=players) if variant is None else variant.rules
    check = game.check_invariants
    rng = random.Random(12345)
    choice = rng.choice
    moves = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_game(rules, seed=games)
        check(state)
        while state.current_player is not None:
            state = state.apply(choice(state.legal_actions()))
            check(state)
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return moves / elapsed, games / elapsed, games


def one_slice(game: Any, players: int, seconds: float, checks: bool, observe: bool,
              variant: Any) -> tuple[float, float, int]:
    """One slice of random playouts (``variant``: ``None`` for the printed rules); with ``checks``, the
    game's checks at every position."""
    if checks:
        return checks_speed(game, players, seconds, variant)
    return playout_speed(game, players, seconds, observe=observe, variant=variant)


def measure(slugs: list[str], kinds: list[str], seconds: float, repeats: int, observe: bool) -> list[dict[str, Any]]:
    """Every (game, kind) cell, in pairs: each repeat plays a slice of the printed rules next to a slice of
    each edit (the printed one first in even repeats, second in odd ones, so a drift in the load touches
    both). A cell's ``cost`` is the median over the repeats of the pair's ratio (the printed games/s over
    the edit's); its games/s are the best of its slices, and of the printed slices paired with it."""
    rows: list[dict[str, Any]] = []
    for slug in slugs:
        game = rulebook.get_game(slug)
        players = PLAYERS[slug]
        cells = [(kind, edit(game, kind, players)) for kind in kinds]
        printed: list[tuple[float, float, int]] = []
        pairs: dict[str, list[tuple[tuple[float, float, int], tuple[float, float, int]]]] = {k: [] for k in kinds}
        for repeat in range(repeats):
            for kind, cell in cells:
                if cell is None:
                    continue
                args = (game, players, seconds, kind == "check", observe)
                if repeat % 2 == 0:
                    base, mine = one_slice(*args, None), one_slice(*args, cell[1])
                else:
                    mine, base = one_slice(*args, cell[1]), one_slice(*args, None)
                pairs[kind].append((base, mine))
                if kind != "check":
                    printed.append(base)
        top = max(printed, key=lambda r: r[1]) if printed else (0.0, 0.0, 0)
        rows.append({"game": slug, "players": players, "kind": "printed", "edit": "the printed rules (fast path)",
                     "moves_per_s": top[0], "games_per_s": top[1], "games": sum(r[2] for r in printed),
                     "cost": 1.0})
        for kind, cell in cells:
            if cell is None:
                rows.append({"game": slug, "players": players, "kind": kind, "edit": "none of this kind",
                             "moves_per_s": None, "games_per_s": None, "games": 0, "cost": None})
                continue
            ratios = [b[1] / m[1] for b, m in pairs[kind]]
            best = max((m for _, m in pairs[kind]), key=lambda r: r[1])
            rows.append({"game": slug, "players": players, "kind": kind, "edit": cell[0], "moves_per_s": best[0],
                         "games_per_s": best[1], "games": sum(m[2] for _, m in pairs[kind]),
                         "cost": statistics.median(ratios), "ratios": ratios,
                         "printed_games_per_s": max(b[1] for b, _ in pairs[kind])})
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    lines = [f"{'game':22} {'n':>2} {'kind':9} {'games/s':>9} {'moves/s':>9} {'cost':>6}  edit"]
    for r in rows:
        if r["cost"] is None:
            lines.append(f"{r['game']:22} {r['players']:2d} {r['kind']:9} {'':>9} {'':>9} {'':>6}  {r['edit']}")
            continue
        flag = "  > 3x" if round(r["cost"], 2) > 3 else ""
        lines.append(f"{r['game']:22} {r['players']:2d} {r['kind']:9} {r['games_per_s']:9,.1f} "
                     f"{r['moves_per_s']:9,.0f} {r['cost']:6.2f}  {r['edit']}{flag}")
    over = [r for r in rows if r["cost"] is not None and round(r["cost"], 2) > 3]
    lines.append(f"{len(over)} of {sum(r['cost'] is not None and r['kind'] != 'printed' for r in rows)} edits "
                 "above 3x the printed rules" + (": " + ", ".join(f"{r['game']} {r['kind']}" for r in over)
                                                 if over else ""))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per cell and repeat")
    parser.add_argument("--repeats", type=int, default=3, help="interleaved repeats; each cell keeps its best")
    parser.add_argument("--games", nargs="*", default=None, help="slugs (default: all)")
    parser.add_argument("--kinds", nargs="*", default=None, choices=KINDS, help="kinds of edit (default: all)")
    parser.add_argument("--observe", action="store_true", help="observe and redraw for the mover at every move")
    parser.add_argument("--quick", action="store_true", help="a tiny budget: one game per cell, one repeat")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    seconds, repeats = (0.01, 1) if args.quick else (args.seconds, args.repeats)
    slugs = args.games or list(rulebook.GAMES)
    for slug in slugs:
        if slug not in PLAYERS:
            parser.error(f"unknown game {slug!r}")
    load = os.getloadavg()
    rows = measure(slugs, list(args.kinds or KINDS), seconds, repeats, args.observe)
    after = os.getloadavg()
    if args.json:
        print(json.dumps({"python": platform.python_version(), "seconds": seconds, "repeats": repeats,
                          "observe": args.observe, "load_before": load[0], "load_after": after[0], "rows": rows}))
        return
    print(f"python {platform.python_version()} on {platform.machine()}, {seconds:g} s per cell, best of "
          f"{repeats}{', observe and redraw at every move' if args.observe else ''}; load average "
          f"{load[0]:.1f} before, {after[0]:.1f} after")
    print(table(rows))


if __name__ == "__main__":
    main()
