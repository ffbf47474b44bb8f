"""Sweeps: one option (the player count included) set to several values, each played on the same seeds.

``rulebook simulate GAME --sweep hand_size=4,5,6,7`` or ``--sweep players=2..6`` plays every
value with the rest of the variant unchanged and prints one table, a column per value, a
row per figure (each with its unit; "n/a" where a value lacks the figure). With ``--report
FILE.html`` it writes a page with one plot per figure against the swept value
(:func:`rulebook.balance.report.sweep_report`). From Python:

>>> import rulebook
>>> game = rulebook.get_game("witches-of-blackmore")
>>> runs = sweep(game, "hand_size", "5,6", games=4, seed=1)
>>> [label for label, _ in runs]
['hand_size=5', 'hand_size=6']
>>> rows = sweep_rows(runs)
>>> rows[0][0], len(rows[0])
('actions per game (moves)', 3)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from rulebook.balance.figures import figure_rows
from rulebook.balance.figures import format_value as format_figure
from rulebook.balance.play_figures import Measure
from rulebook.balance.simulate import PlayerSpec, Summary, check_players, simulate
from rulebook.core.contract import Game
from rulebook.core.options import format_value, parse_value
from rulebook.errors import InvalidRules
from rulebook.variants.variant import Variant, resolve

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
    measures: Mapping[str, Measure] | None = None,
) -> list[tuple[str, Summary]]:
    """Play ``games`` games for every value of option ``name`` (``base``'s other options kept), same seeds.

    ``values`` is a list of option values or their text (``"4,5,6"``, ``"2..6"``: :func:`parse_sweep`).
    Returns ``(label, summary)`` per value, in order; :func:`sweep_rows` tabulates them and
    :func:`rulebook.balance.report.sweep_report` draws them.
    """
    if isinstance(values, str):
        values = parse_sweep(game, name, values)
    infos = {i.name: i for i in game.options()}
    out = []
    for value in values:
        v = resolve(game, variant=base, sets={name: value})
        label = f"{name}={format_value(infos[name], value)}"
        players = check_players(players_as, v.rules.players)
        out.append((label, simulate(game, v, games=games, seed=seed, players_as=players, workers=workers,
                                    progress=progress, measures=measures)))
    return out


def sweep_rows(runs: Sequence[tuple[str, Summary]]) -> list[list[str]]:
    """One row per figure (its unit in its name), one column per value; a value without the figure: n/a.

    The rows are those of every report (:func:`rulebook.balance.figures.figure_rows`): a seat a player count
    lacks, a comeback no game could have, a figure a value does not report all show "n/a", never 0.
    """
    rows = []
    for row in figure_rows([s for _label, s in runs]):
        digits = 1 if row.key == "actions per game" else 2
        rows.append([row.name, *(format_figure(row.kind, v.value if v is not None else None, digits)
                                 for v in row.values)])
    return rows
