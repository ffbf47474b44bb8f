"""What ``rulebook verify`` notes beside its checks: warnings that do not fail a variant but say
that its games look wrong, and how much of the run its hooks took.

* ``warning:flat-outcomes``: every game checked ended with all seats tied or with nobody scoring
  (every score 0): a variant whose scores or ending left the game with no outcome (issue 33: a
  Saru game ended by a hook scored 0 for everyone, every seat a winner, and ``verify`` said OK).
  The first such game is kept as a record, saved beside a failure's.
* the hooks' share of the time: the seconds spent inside the variant's Python hooks
  (:func:`rulebook.variants.hooks.call_hook` keeps the count, :func:`hook_clock` reads it),
  against the run's, when the variant has hooks ("hooks took 62% of the time").

>>> tied((3, 3, 3)), tied((0, 0)), tied((2, 1, 2))
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from rulebook.core.contract import State
from rulebook.reference import records

__all__ = ["FLAT_GAMES", "FLAT_OUTCOMES", "Notice", "Outcomes", "hook_clock", "hook_share_text", "tied"]

#: the check a flat outcome warning names
FLAT_OUTCOMES = "warning:flat-outcomes"

#: the fewest games that must all end flat for the warning (a tie in one or two games can be luck)
FLAT_GAMES = 3


def tied(scores: Sequence[int]) -> bool:
    """All seats have the same score (every score 0, nobody scoring, among them)."""
    return len(set(scores)) <= 1


def hook_clock() -> float:
    """The seconds spent so far in this process inside the variants' hooks (outermost calls only)."""
    from rulebook.variants import hooks

    return hooks._hook_clock[0]


@attrs.frozen
class Notice:
    """A warning of :func:`~rulebook.variants.verify.verify`: the check it names, what it saw, and a
    game that shows it (saved to ``path`` when the run saves records)."""

    check: str
    message: str
    record: records.Record
    path: str | None = None
    #: the games it is about, and whether nobody scored in any of them (every score 0)
    games: int = 0
    nobody_scored: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"check": self.check, "message": self.message, "path": self.path, "record": self.record.to_json()}


class Outcomes:
    """The ends of the games a verify run played to their end: how many, how many were flat (all
    seats tied, or nobody scoring), and the first flat one."""

    def __init__(self) -> None:
        self.games = 0
        self.tied = 0
        self.zero = 0
        self.first: State[Any, Any] | None = None

    def add(self, state: State[Any, Any], scores: Sequence[int]) -> None:
        """Note the end of one game, with its scores under the variant."""
        self.games += 1
        if tied(scores):
            self.tied += 1
            self.zero += not any(scores)
            if self.first is None:
                self.first = state

    def notice(self, variant_text: dict[str, Any], seed: int) -> Notice | None:
        """The warning, when every game (at least :data:`FLAT_GAMES`) ended flat."""
        if self.games < FLAT_GAMES or self.tied < self.games or self.first is None:
            return None
        nobody = self.zero == self.games
        what = "nobody scored (every score was 0)" if nobody else "all seats were tied"
        message = (f"every one of the {self.games} games checked ended with no outcome: {what}; the variant's "
                   "scores or ending may be wrong")
        record = records.record_of(self.first, warning={"check": FLAT_OUTCOMES, "message": message},
                                   variant=variant_text, verify_seed=seed)
        return Notice(FLAT_OUTCOMES, message, record, None, self.games, nobody)

    @staticmethod
    def saved(notice: Notice, save: str | Path, slug: str, seed: int) -> Notice:
        """``notice`` with its record saved beside a failure's (``save``: a file or a folder)."""
        path = Path(save)
        if path.is_dir():
            path = path / f"verify-{slug}-seed{seed}-flat.json"
        else:
            path = path.with_name(f"{path.stem}-flat{path.suffix or '.json'}")
        records.save(notice.record, path)
        return attrs.evolve(notice, path=str(path))


def hook_share_text(hook_seconds: float, seconds: float) -> str:
    """``hooks took 62% of the time (3.1 s of 5.0 s)``.

    >>> hook_share_text(3.1, 5.0)
    'hooks took 62% of the time (3.1 s of 5.0 s)'
    """
    share = hook_seconds / seconds if seconds > 0 else 0.0
    return f"hooks took {share:.0%} of the time ({hook_seconds:.1f} s of {seconds:.1f} s)"
