"""Sweeps: one option (the player count included) set to several values, each played on the same seeds.

``rulebook simulate GAME --sweep hand_size=4,5,6,7`` or ``--sweep players=2..6`` plays every
value with the rest of the variant unchanged and prints one table, a column per value, a
row per figure (each with its unit). From Python:

>>> import rulebook
>>> game = rulebook.get_game("witches-of-blackmore")
>>> runs = sweep(game, "hand_size", "5,6", games=4, seed=1)
>>> [label for label, _ in runs]
['hand_size=5', 'hand_size=6']
>>> rows = sweep_rows(runs)
>>> rows[0][0], len(rows[0])
('actions per game (mean)', 3)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from rulebook.core.contract import Game
from rulebook.core.options import format_value, parse_value
from rulebook.errors import InvalidRules
from rulebook.simulate import PlayerSpec, Summary, check_players, simulate
from rulebook.variants import Variant, resolve

__all__ = ["parse_sweep", "sweep", "sweep_rows"]

#: the most values one sweep may play
MAX_VALUES = 20


def parse_sweep(game: Game[Any, Any, Any], name: str, text: str) -> list[Any]:
    """The values of ``--sweep NAME=TEXT``: comma-separated, whole-number ranges ``a..b`` expanded."""
    infos = {i.name: i for i in game.options()}
    key = name.replace("-", "_")
    if key not in infos:
        raise InvalidRules(key, f"unknown option; valid options are: {', '.join(infos)} (in --sweep)")
    info = infos[key]
    if isinstance(info.default, tuple):
        raise InvalidRules(key, "--sweep takes options with one value (a number, a word, true/false), not lists")
    values: list[Any] = []
    for part in text.split(","):
        part = part.strip()
        if isinstance(info.default, int) and not isinstance(info.default, bool) and ".." in part:
            values.extend(parse_value(attrs.evolve(info, default=(info.default,), item=int), part))
        else:
            values.append(parse_value(info, part))
    if len(values) < 2 or len(values) > MAX_VALUES:
        raise InvalidRules(key, f"--sweep needs 2 to {MAX_VALUES} values (got {len(values)})")
    if len(set(map(repr, values))) != len(values):
        raise InvalidRules(key, "--sweep names a value twice")
    return values


def sweep(
    game: Game[Any, Any, Any],
    name: str,
    values: str | Sequence[Any],
    *,
    games: int,
    seed: int = 0,
    base: Variant | None = None,
    players_as: Sequence[PlayerSpec] | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[tuple[str, Summary]]:
    """Play ``games`` games for every value of option ``name`` (``base``'s other options kept), same seeds."""
    if isinstance(values, str):
        values = parse_sweep(game, name, values)
    infos = {i.name: i for i in game.options()}
    out = []
    for value in values:
        v = resolve(game, variant=base, sets={name: value})
        label = f"{name}={format_value(infos[name], value)}"
        players = check_players(players_as, v.rules.players)
        out.append((label, simulate(game, v, games=games, seed=seed, players_as=players, workers=workers,
                                    progress=progress)))
    return out


def sweep_rows(runs: Sequence[tuple[str, Summary]]) -> list[list[str]]:
    """One row per figure (its unit in its name), one column per value; seats differ in number: n/a."""
    seats = max(s.players for _, s in runs)
    rows: list[list[str]] = [["actions per game (mean)", *(f"{s.mean_length:.1f}" for _, s in runs)]]
    for k in range(seats):
        rows.append([f"seat {k + 1} win rate (%)",
                     *(f"{100 * s.win_rate[k]:.1f}" if k < s.players else "n/a" for _, s in runs)])
    for k in range(seats):
        rows.append([f"seat {k + 1} mean score (points)",
                     *(f"{s.mean_score[k]:.2f}" if k < s.players else "n/a" for _, s in runs)])
    rows.append(["shared wins (% of games)", *(f"{100 * s.shared_wins:.1f}" for _, s in runs)])
    rows.append(["lead changes per game", *(f"{_lead(s):.2f}" for _, s in runs)])
    rows.append(["comebacks (% of games)", *(f"{100 * s.comebacks:.1f}" for _, s in runs)])
    keys = sorted({k for _, s in runs for k in s.stats})
    for key in keys:
        rows.append([f"{key.replace('_', ' ')} (mean per game)",
                     *(f"{s.stats[key]:.2f}" if key in s.stats else "n/a" for _, s in runs)])
    return rows


def _lead(s: Summary) -> float:
    return sum(v * c for v, c in s.lead_change_hist.items()) / s.games if s.games else 0.0
