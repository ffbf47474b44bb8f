"""Resumable runs' files, shared by ``simulate`` and ``verify``: check an output path before a long
run, say why an ``OSError`` happened in one line, and read a progress file back (its header checked
against the run, a last line cut short by a crash dropped).

What each command writes on a line is its own (:mod:`rulebook.balance.progress` for ``simulate``,
:mod:`rulebook.variants.verify` for ``verify``).
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

from rulebook.errors import OutputError, ResumeError

__all__ = ["check_writable", "first_difference", "reason", "resume_lines"]


def reason(exc: OSError) -> str:
    """A one-line reason for an ``OSError`` (a full disk says so in words)."""
    if exc.errno == errno.ENOSPC:
        return "the disk is full"
    return exc.strerror or type(exc).__name__


def check_writable(path: str | Path, option: str = "") -> None:
    """Raise :class:`~rulebook.OutputError` unless ``path`` can be written now.

    The folder must exist and the file be creatable (tried, then removed when it was
    not there before); an existing directory is refused. Done before a long run, so a
    bad path is found in a second, not after the work.
    """
    p = Path(path)
    if p.is_dir():
        raise OutputError(str(path), "it is a folder, not a file", option)
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
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise ResumeError(str(path), f"cannot read it: {reason(exc)}") from None
    whole = data[: data.rfind(b"\n") + 1]  # a last line cut short by a crash is dropped: done again
    try:
        text = whole.decode("utf-8")
    except UnicodeDecodeError:
        raise ResumeError(str(path), "not UTF-8 text: not a progress file") from None
    lines = text.split("\n") if text else [""]
    try:
        header = json.loads(lines[0]) if lines[0] else None
    except (ValueError, RecursionError):
        header = None
    if not isinstance(header, dict) or header.get("format") != fmt:
        raise ResumeError(str(path), f"not a progress file of {what} (no {fmt} header)", 1)
    wanted = json.loads(json.dumps(dict(run)))
    if header.get("run") != wanted:
        raise ResumeError(str(path), "it belongs to another run (" + first_difference(wanted, header.get("run")) + ")")
    try:
        if len(whole) < len(data):
            os.truncate(p, len(whole))
        stream = open(p, "a", encoding="utf-8")
    except OSError as exc:
        raise OutputError(str(path), reason(exc), "--resume") from None
    return [(number, line) for number, line in enumerate(lines[1:], 2) if line], stream
