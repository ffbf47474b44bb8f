"""Progress files: a long run's results written as they come, so that nothing is lost.

``rulebook simulate`` writes one JSON line per finished game to a progress file
(JSON Lines, flushed after every line): first a header saying which run the file
belongs to (format version, command, games, seed, players, and each game's rules
and variant), then ``{"run", "game", "index", ...}`` for every game played. After a
crash, a killed worker, a full disk or Ctrl-C, ``--resume FILE`` reads it back
and plays only the missing games; game ``i`` of a run depends only on the seed and
``i``, so the final figures equal those of an uninterrupted run.

A file from another run is refused naming the first difference; a malformed line
names its number. Only the last line may be cut short (the writer was stopped
mid-line): it is dropped and its game played again. Every result line carries a
check (a hash of the run's header and the line), so a line changed on disk, copied
from another run's file or repeated is refused, and so is a game that is not part of
the run, a game given twice, and scores or winners of seats the game does not have:
a resumed run's figures equal an uninterrupted run's, or the file is refused in one line.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

from rulebook.balance.simulate import GameResult
from rulebook.core.progress import (
    check_writable,
    first_difference,
    line_check,
    reason,
    resume_lines,
    run_key,
    start_file,
    writable_or_elsewhere,
)
from rulebook.errors import OutputError, ResumeError

__all__ = [
    "FORMAT", "Progress", "check_writable", "first_difference", "reason", "result_from_json", "result_to_json",
    "resume_lines", "writable_or_elsewhere",
]

#: The progress-file format and its version (the header's ``format``).
FORMAT = "rulebook-progress/2"
_RESULT_KEYS = ("run", "game", "index", "length", "scores", "winners", "stats", "lead_changes", "comeback")
#: fields a result line may carry beyond those (files written before they existed lack them)
_OPTIONAL_KEYS = ("usage", "digest", "play", "events", "check")


def result_to_json(run: str, game: str, r: GameResult) -> dict[str, Any]:
    return {
        "run": run, "game": game, "index": r.index, "length": r.length, "scores": list(r.scores),
        "winners": sorted(r.winners), "stats": r.stats, "lead_changes": r.lead_changes, "comeback": r.comeback,
        "usage": r.usage, "digest": r.digest, "play": r.play, "events": r.events,
    }


def result_from_json(data: Any) -> tuple[str, str, GameResult]:
    """``(run, game, result)`` of one line; ``ValueError`` naming what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("a result line is a JSON object")
    unknown = sorted(set(data) - set(_RESULT_KEYS) - set(_OPTIONAL_KEYS))
    if unknown:
        raise ValueError(f"unknown field {unknown[0]!r:.40} (a result has: "
                         f"{', '.join((*_RESULT_KEYS, *_OPTIONAL_KEYS))})")
    missing = [k for k in _RESULT_KEYS if k not in data]
    if missing:
        raise ValueError(f"a result has no {missing[0]!r} field")

    def ints(name: str) -> list[int]:
        v = data[name]
        if not isinstance(v, list) or not all(type(x) is int for x in v):
            raise ValueError(f"{name!r} must be a list of whole numbers")
        return v

    for name in ("index", "length", "lead_changes"):
        if type(data[name]) is not int or data[name] < 0:
            raise ValueError(f"{name!r} must be a whole number of at least 0")
    if type(data["comeback"]) is not bool:
        raise ValueError("'comeback' must be true or false")
    stats = data["stats"]
    if not isinstance(stats, dict) or not all(type(v) in (int, float) for v in stats.values()):
        raise ValueError("'stats' must be an object of numbers")
    if not isinstance(data["run"], str) or not isinstance(data["game"], str):
        raise ValueError("'run' and 'game' must be strings")
    usage = data.get("usage", {})
    if not isinstance(usage, dict) or not all(type(v) is int and v >= 0 for v in usage.values()):
        raise ValueError("'usage' must be an object of whole numbers")
    digest = data.get("digest", 0)
    if type(digest) is not int or digest < 0:
        raise ValueError("'digest' must be a whole number of at least 0")
    play = data.get("play", {})
    if not isinstance(play, dict) or not all(type(v) in (int, float) for v in play.values()):
        raise ValueError("'play' must be an object of numbers")
    events = data.get("events", -1)
    if type(events) is not int or events < -1:
        raise ValueError("'events' must be a whole number of at least -1")
    result = GameResult(
        data["index"], data["length"], tuple(ints("scores")), frozenset(ints("winners")), stats,
        data["lead_changes"], data["comeback"], usage, digest, {k: float(v) for k, v in play.items()}, events,
    )
    return data["run"], data["game"], result


class Progress:
    """An open progress file: :meth:`start` a new one or :meth:`resume` one, then :meth:`write` results."""

    def __init__(self, path: Path, stream: IO[str], done: dict[tuple[str, str], dict[int, GameResult]],
                 key: bytes = b"") -> None:
        self.path = path
        self._stream = stream
        self._key = key
        #: results already in the file: ``(run, game slug) -> index -> result``
        self.done = done
        self.written = sum(len(d) for d in done.values())

    @classmethod
    def start(cls, path: str | Path, run: Mapping[str, Any]) -> Progress:
        """A new progress file for ``run`` (the header; an existing file is replaced)."""
        stream = start_file(path, FORMAT, run)
        return cls(Path(path), stream, {}, run_key(json.loads(json.dumps(dict(run)))))

    @classmethod
    def resume(cls, path: str | Path, run: Mapping[str, Any],
               sides: Mapping[tuple[str, str], int] | None = None) -> Progress:
        """The progress file ``path`` of ``run``, its results read back, open to append more.

        ``sides`` maps each ``(run label, game slug)`` of the run to its player count: a line of
        any other side, of a game beyond ``run["games"]``, a game given twice, scores or winners
        that do not fit the player count, and a line whose check fails are refused
        (:class:`~rulebook.errors.ResumeError` naming the line)."""
        lines, stream = resume_lines(path, FORMAT, run, "rulebook simulate")
        key = run_key(json.loads(json.dumps(dict(run))))
        games = run.get("games")
        done: dict[tuple[str, str], dict[int, GameResult]] = {}
        try:
            for number, line in lines:
                def bad(message: str, number: int = number) -> ResumeError:
                    return ResumeError(str(path), message, number)

                try:
                    data = json.loads(line)
                    run_label, game, result = result_from_json(data)
                except (ValueError, RecursionError) as exc:
                    raise bad(str(exc).splitlines()[0][:200]) from None
                if data.get("check") != line_check(key, data):
                    raise bad("its check does not match: the line was changed, or comes from another run's file")
                if sides is not None:
                    players = sides.get((run_label, game))
                    if players is None:
                        raise bad(f"a game of {json.dumps(game)[:40]} ({json.dumps(run_label)[:40]}), which is "
                                  "not part of this run")
                    if len(result.scores) != players:
                        raise bad(f"{len(result.scores)} scores for a game of {players} players")
                    if not all(0 <= s < players for s in result.winners):
                        raise bad(f"a winner that is not a seat of a game of {players} players")
                if type(games) is int and result.index >= games:
                    raise bad(f"game {result.index + 1} of a run of {games} games")
                seen = done.setdefault((run_label, game), {})
                if result.index in seen:
                    raise bad(f"game {result.index + 1} is in the file twice")
                seen[result.index] = result
        except ResumeError:
            stream.close()
            raise
        return cls(Path(path), stream, done, key)

    def write(self, run: str, game: str, result: GameResult) -> None:
        """Append one finished game (with its check) and flush it to the file."""
        data = result_to_json(run, game, result)
        data["check"] = line_check(self._key, data)
        try:
            self._stream.write(json.dumps(data, separators=(",", ":")) + "\n")
            self._stream.flush()
        except OSError as exc:
            raise OutputError(str(self.path), f"{reason(exc)} ({self.written} games are saved in it)",
                              "--progress") from None
        self.written += 1

    def close(self) -> None:
        try:
            self._stream.close()
        except OSError:
            pass

    def remove(self) -> None:
        self.close()
        try:
            os.unlink(self.path)
        except OSError:
            pass
