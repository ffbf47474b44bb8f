"""``rulebook play GAME``: the command's arguments; the table itself is :mod:`rulebook.table.play`."""

from __future__ import annotations

import argparse
from typing import Any

import rulebook
from rulebook.balance.players import PLAYER_KINDS
from rulebook.cli.common import (
    _variant_of,
    force_arg,
    game_arg,
    hook_time_arg,
    seat_number,
    subcommand,
    variant_args,
    whole_number,
)

__all__ = ["add_arguments", "run"]


def add_arguments(sub: Any) -> None:
    """``play``'s parser."""
    pl = subcommand(sub, "play", "play a whole game in the terminal against bots", [
        "rulebook play witches-of-blackmore",
        "rulebook play seven-prophecies --players 4 --seat 1 --seat 3 --opponents random",
        "rulebook play utsuke --set players=3 --seed 7 --out my-game.json",
        "printf '1\\n1\\n' | rulebook play witches-of-blackmore   (one move per line)",
    ])
    game_arg(pl)
    variant_args(pl)
    pl.add_argument("--seat", type=seat_number, action="append", default=None, metavar="S",
                    help="the seat you play, numbered from 1 as at the table; repeatable for hot-seat; default 1")
    pl.add_argument("--opponents", default=None, metavar="KIND[,KIND...]",
                    help=f"player kind of the other seats, one or one per seat: {', '.join(PLAYER_KINDS)} "
                    "(ismcts:N searches N iterations) "
                    "(default heuristic; with --resume, the saved game's)")
    pl.add_argument("--seed", type=whole_number, default=None, help="seed of the deal (default: a random one, printed)")
    pl.add_argument("--out", default=None, metavar="FILE",
                    help="where to save the record (default: rulebook-play-GAME-seedN.json in the current folder)")
    pl.add_argument("--speed", metavar="SECONDS|key", help="pause between bot moves (0-60 s, default 0.7) or key")
    pl.add_argument("--resume", metavar="FILE", help="continue this saved, unfinished game (saved back into FILE)")
    hook_time_arg(pl)
    force_arg(pl)


def run(args: argparse.Namespace) -> int:
    """Run ``rulebook play``."""
    from rulebook.table.play import play_command

    game = rulebook.get_game(args.game)
    return play_command(game, args, lambda: _variant_of(game, args))


