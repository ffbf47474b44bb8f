"""Resumable runs' files, shared by ``simulate`` and ``verify``: check an output path before a long
run (or find one elsewhere), say why an ``OSError`` happened in one line, key and check each line
of a progress file, and read one back (its header checked against the run, every line's check
verified, a last line cut short by a crash dropped).

What each command writes on a line is its own (:mod:`rulebook.balance.progress` for ``simulate``,
:mod:`rulebook.variants.verify` for ``verify``).
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

from rulebook.core.files import check_replace, check_target, read_lines
from rulebook.errors import OutputError, ResumeError

__all__ = [
    "check_writable", "first_difference", "line_check", "reason", "resume_lines", "run_key", "start_file",
    "writable_or_elsewhere",
]


def reason(exc: OSError) -> str:
    """A one-line reason for an ``OSError`` (a full disk says so in words)."""
    if exc.errno == errno.ENOSPC:
        return "the disk is full"
    return exc.strerror or type(exc).__name__


def check_writable(path: str | Path, option: str = "", kind: str | None = None, force: bool = False) -> None:
    """Raise :class:`~rulebook.errors.OutputError` unless ``path`` can be written now.

    The folder must exist and the file be creatable (tried, then removed when it was
    not there before); an existing folder, device or FIFO is refused, and so is a file
    that is not of ``kind`` (``record``, ``progress``, ``page``: see
    :func:`rulebook.core.files.check_replace`) unless ``force``. Done before a long run, so a
    bad path is found in a second, not after the work.
    """
    p = Path(path)
    if p.is_dir():
        raise OutputError(str(path), "it is a folder, not a file", option)
    if kind is not None:
        check_replace(p, option, kind, force)
    else:
        check_target(p, option)
    if not p.parent.is_dir():
        raise OutputError(str(path), f"the folder {p.parent} does not exist", option)
    existed = p.exists()
    try:
        with open(p, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise OutputError(str(path), reason(exc), option) from None
    if not existed:
        try:
            p.unlink()
        except OSError:
            pass


def writable_or_elsewhere(path: str | Path, option: str, force: bool = False) -> tuple[Path, str]:
    """A progress file the run can write: ``path`` when it can be written, else a file of the same
    name in the temporary folder (a run in a folder it cannot write still runs), with a one-line
    notice saying so (``""`` when ``path`` is used). Neither writable: the first refusal."""
    p = Path(path)
    try:
        check_writable(p, option, "progress", force)
        return p, ""
    except OutputError as first:
        other = Path(tempfile.gettempdir()) / p.name
        try:
            check_writable(other, option, "progress", force)
        except OutputError:
            raise first from None
        why = str(first).partition(f"cannot write {p}: ")[2] or str(first)
        return other, f"rulebook: notice: cannot write the progress file {p} ({why}); it is {other} instead"


def run_key(run: Mapping[str, Any]) -> bytes:
    """The run's header as canonical bytes: what every line's check is keyed with."""
    return json.dumps(dict(run), sort_keys=True, separators=(",", ":")).encode("utf-8")


def line_check(key: bytes, data: Mapping[str, Any]) -> str:
    """The check of one result line of the run ``key`` (16 hex digits of SHA-256)."""
    body = json.dumps({k: v for k, v in data.items() if k != "check"}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(key + b"\n" + body.encode("utf-8")).hexdigest()[:16]


def first_difference(a: Any, b: Any, where: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                return first_difference(a.get(key), b.get(key), f"{where}.{key}" if where else str(key))
    return f"{where or 'header'}: {json.dumps(b)[:60]} in the file, {json.dumps(a)[:60]} now"


def resume_lines(
    path: str | Path, fmt: str, run: Mapping[str, Any], what: str
) -> tuple[list[tuple[int, str]], IO[str]]:
    """Read a progress file back: check its header (format ``fmt``, the same ``run``), drop a last
    line cut short by a crash, and return the other lines with their numbers and the file open
    to append. ``what`` names the command in a refusal ("rulebook simulate")."""
    p = Path(path)
    lines: list[str] = []
    size = 0
    cut = False
    # only a regular file, read line by line, each line bounded (MAX_LINE_BYTES)
    for number, raw, whole_line in read_lines(p, "--resume", error=lambda why: ResumeError(str(path), why)):
        if not whole_line:  # a last line cut short by a crash is dropped: done again
            cut = True
            break
        try:
            lines.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise ResumeError(str(path), "not UTF-8 text: not a progress file", number) from None
        size += len(raw) + 1
    if not lines:
        lines = [""]
    try:
        header = json.loads(lines[0]) if lines[0] else None
    except (ValueError, RecursionError):
        header = None
    if not isinstance(header, dict) or header.get("format") != fmt:
        found = header.get("format") if isinstance(header, dict) else None
        if isinstance(found, str) and found.partition("/")[0] == fmt.partition("/")[0]:
            raise ResumeError(str(path), f"written by another version of rulebook ({found[:40]}, not {fmt}); "
                              "start the run again", 1)
        raise ResumeError(str(path), f"not a progress file of {what} (no {fmt} header)", 1)
    wanted = json.loads(json.dumps(dict(run)))
    if header.get("run") != wanted:
        raise ResumeError(str(path), "it belongs to another run (" + first_difference(wanted, header.get("run")) + ")")
    try:
        if cut:
            os.truncate(p, size)
        stream = open(p, "a", encoding="utf-8")
    except OSError as exc:
        raise OutputError(str(path), reason(exc), "--resume") from None
    return [(number, line) for number, line in enumerate(lines[1:], 2) if line], stream


def start_file(path: str | Path, fmt: str, run: Mapping[str, Any]) -> IO[str]:
    """A new progress file at ``path`` (an existing one is replaced): its header line, format ``fmt``
    and ``run``, written and flushed; the file is returned open to append result lines."""
    try:
        stream = open(Path(path), "w", encoding="utf-8")
        stream.write(json.dumps({"format": fmt, "run": run}) + "\n")
        stream.flush()
    except OSError as exc:
        raise OutputError(str(path), reason(exc), "--progress") from None
    return stream
