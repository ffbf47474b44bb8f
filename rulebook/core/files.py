"""Files the user names, read and written safely: one place for every command.

Reading (``--resume``, ``replay``, ``--variant``, a variant's ``extends``, ``--measures``):
only a regular file is read (a FIFO, a device or a folder is refused in one line, without
waiting on it: the file is opened without blocking and checked before a byte is read), its
size is checked against a cap before reading, and line by line reading stops at a
bounded line length.

Writing (records, reports, counterexamples): the text goes to a temporary file in the
target's folder, is flushed and ``fsync``-ed, and only then renamed over the target, so a
full disk or a crash never leaves a half-written or empty file where a good one was; a
target that is a device, a FIFO or a folder is refused.

>>> read_text("/dev/null", "--resume")
Traceback (most recent call last):
...
rulebook.errors.RulebookError: --resume /dev/null: a device, not a regular file
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from rulebook.errors import OutputError, RulebookError

__all__ = [
    "MAX_FILE_BYTES", "MAX_LINE_BYTES", "check_regular", "check_replace", "check_target", "free_name", "kind_of",
    "read_bytes", "read_lines", "read_text", "write_atomic",
]

#: The largest file a command reads whole (bytes): records, variant files, Python files.
MAX_FILE_BYTES = 64 * 2**20
#: The longest line read from a line-by-line file (bytes): progress files.
MAX_LINE_BYTES = 1 * 2**20

ErrorFactory = Callable[[str], Exception]


def _default_error(what: str, path: str | Path) -> ErrorFactory:
    def make(reason: str) -> Exception:
        return RulebookError(f"{what} {path}: {reason}")

    return make


def kind_of(mode: int) -> str:
    """What a file of mode ``mode`` is, in words (for a refusal)."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a regular file" if stat.S_ISREG(mode) else "not a regular file"


def _reason(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        return "the disk is full"
    return exc.strerror or type(exc).__name__


def _open_regular(path: str | Path, error: ErrorFactory, limit: int) -> int:
    """A descriptor of ``path`` open for reading, if it is a regular file of at most ``limit`` bytes."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        if exc.errno == errno.EISDIR:
            raise error("a folder, not a regular file") from None
        if exc.errno == errno.ENXIO:  # a socket, or a FIFO without a writer on some systems
            raise error("not a regular file") from None
        raise error(f"cannot read it: {_reason(exc)}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{kind_of(info.st_mode)}, not a regular file")
        if info.st_size > limit:
            raise error(f"{info.st_size:,} bytes, more than the {limit:,} a file may have here")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def check_regular(path: str | Path, what: str, limit: int = MAX_FILE_BYTES, error: ErrorFactory | None = None) -> None:
    """Refuse ``path`` unless it is a regular file of at most ``limit`` bytes (see :func:`read_bytes`),
    for a file another reader opens (Python's import machinery)."""
    os.close(_open_regular(path, error or _default_error(what, path), limit))


def read_bytes(path: str | Path, what: str, limit: int = MAX_FILE_BYTES, error: ErrorFactory | None = None) -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes; else the error ``error(reason)``
    (default: a :class:`~rulebook.errors.RulebookError` ``"WHAT PATH: reason"``)."""
    make = error or _default_error(what, path)
    fd = _open_regular(path, make, limit)
    with os.fdopen(fd, "rb") as f:
        try:
            data = f.read(limit + 1)
        except OSError as exc:
            raise make(f"cannot read it: {_reason(exc)}") from None
    if len(data) > limit:  # it grew while it was read
        raise make(f"more than the {limit:,} bytes a file may have here")
    return data


def read_text(path: str | Path, what: str, limit: int = MAX_FILE_BYTES, error: ErrorFactory | None = None) -> str:
    """The UTF-8 text of ``path`` (see :func:`read_bytes`)."""
    make = error or _default_error(what, path)
    data = read_bytes(path, what, limit, make)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise make(f"not UTF-8 text (byte {exc.start})") from None


def read_lines(
    path: str | Path, what: str, limit: int = 2**40, line_limit: int = MAX_LINE_BYTES,
    error: ErrorFactory | None = None,
) -> Iterator[tuple[int, bytes, bool]]:
    """The lines of ``path`` (a regular file of at most ``limit`` bytes) as ``(number, bytes, whole)``,
    numbered from 1, without the newline; ``whole`` is false for a last line without its newline.
    A line longer than ``line_limit`` bytes is the error ``error(reason)``: it is never read whole."""
    make = error or _default_error(what, path)
    fd = _open_regular(path, make, limit)
    with os.fdopen(fd, "rb") as f:
        number = 0
        while True:
            try:
                line = f.readline(line_limit + 2)
            except OSError as exc:
                raise make(f"cannot read it: {_reason(exc)}") from None
            if not line:
                return
            number += 1
            whole = line.endswith(b"\n")
            body = line[:-1] if whole else line
            if len(body) > line_limit:
                raise make(f"line {number} is longer than {line_limit:,} bytes")
            yield number, body, whole


def check_target(path: str | Path, option: str = "") -> bool:
    """Refuse (:class:`~rulebook.errors.OutputError`) a target that is a folder, a device, a FIFO or
    a socket; returns whether a regular file is there now."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise OutputError(str(path), _reason(exc), option) from None
    if not stat.S_ISREG(info.st_mode):
        raise OutputError(str(path), f"it is {kind_of(info.st_mode)}, not a regular file", option)
    return True


#: What each kind of file rulebook writes holds near its start, so that it is known again.
MARKERS: dict[str, tuple[bytes, ...]] = {
    "record": (b'"rulebook-record/',),
    "progress": (b'"rulebook-progress/', b'"rulebook-verify-progress/'),
    "page": (b"content='rulebook", b'content="rulebook'),
}
#: The words a refusal uses for each kind.
KIND_WORDS = {"record": "a rulebook game record", "progress": "a rulebook progress file",
              "page": "a page rulebook wrote"}


def check_replace(path: str | Path, option: str, kind: str, force: bool = False) -> None:
    """Refuse to replace ``path`` unless it is missing, empty, or a file of ``kind`` (``record``,
    ``progress``, ``page``) that rulebook wrote; ``force`` replaces any regular file. A folder, a
    device or a FIFO is always refused (:class:`~rulebook.errors.OutputError`)."""
    if not check_target(path, option) or force:
        return
    try:
        with open(path, "rb") as f:
            head = f.read(64 * 1024)
    except OSError as exc:
        raise OutputError(str(path), _reason(exc), option) from None
    if not head.strip() or any(m in head for m in MARKERS[kind]):
        return
    raise OutputError(str(path), f"the file there is not {KIND_WORDS[kind]}; give --force to replace it", option)


#: How many numbered names :func:`free_name` tries before giving up.
FREE_NAMES = 1000


def free_name(path: str | Path, option: str = "--out") -> Path:
    """``path``, or ``STEM-2.json``, ``STEM-3.json``... the first name with neither a file nor a
    ``.part`` file of that name, so that a default name never replaces an earlier file."""
    p = Path(path)
    for n in range(1, FREE_NAMES + 1):
        name = p if n == 1 else p.with_name(f"{p.stem}-{n}{p.suffix}")
        if not os.path.lexists(name) and not os.path.lexists(name.with_name(name.name + ".part")):
            return name
    raise OutputError(str(path), f"it and {FREE_NAMES - 1} numbered names after it are taken; name the file "
                      f"with {option}", option)


def write_atomic(path: str | Path, data: str | bytes, option: str = "") -> Path:
    """Write ``data`` to ``path`` whole or not at all: into a temporary file in the same folder,
    flushed and ``fsync``-ed, then renamed over ``path``. A target that is no regular file, a full
    disk or any failed write is an :class:`~rulebook.errors.OutputError` and leaves ``path`` as it was."""
    p = Path(path)
    existed = check_target(p, option)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    folder = p.parent if str(p.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise OutputError(str(path), _reason(exc), option) from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        if existed:
            try:
                os.chmod(tmp, stat.S_IMODE(os.stat(p).st_mode))
            except OSError:
                pass
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, p)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise OutputError(str(path), _reason(exc), option) from None
    return p
