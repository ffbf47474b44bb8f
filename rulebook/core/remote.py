"""A Dask scheduler's address (``simulate --dask ADDRESS``), checked before Dask is given it.

Dask's client trusts the other end: a server that is not a Dask scheduler (a web server, a
listener that never answers) makes it allocate what the first bytes claim, or wait without end.
:func:`check_address` refuses an address of an unknown scheme, and for ``tcp://`` connects first
itself: within ``timeout`` seconds the other end must accept and send the start of a Dask message
(a Dask scheduler speaks first, with its handshake), whose size must be one a handshake has.

>>> parse_address("127.0.0.1:8786")
('tcp', '127.0.0.1', 8786)
>>> parse_address("inproc://10.0.0.1/123/1")
Traceback (most recent call last):
...
rulebook.errors.RulebookError: --dask 'inproc://10.0.0.1/123/1': an inproc:// address exists only ...
"""

from __future__ import annotations

import importlib.util
import socket
import struct
import time
from urllib.parse import urlsplit

from rulebook.errors import RulebookError

__all__ = ["DEFAULT_PORT", "SCHEMES", "check_address", "parse_address"]

#: The schemes Dask's client connects over from another process.
SCHEMES = ("tcp", "tls", "ucx", "ws", "wss")
#: The port of a Dask scheduler when the address names none.
DEFAULT_PORT = 8786
#: The largest first message a Dask scheduler's handshake may claim (bytes).
MAX_HANDSHAKE = 16 * 2**20


def _error(address: str, why: str) -> RulebookError:
    return RulebookError(f"--dask {address!r:.80}: {why}")


def parse_address(address: str) -> tuple[str, str, int]:
    """``(scheme, host, port)`` of a scheduler address; a :class:`~rulebook.errors.RulebookError`
    for one Dask cannot use from the command line."""
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "tcp", address
    scheme = scheme.lower()
    if scheme == "inproc":
        raise _error(address, "an inproc:// address exists only inside one Python process; give the scheduler's "
                     "tcp:// address, or local")
    if scheme not in SCHEMES:
        raise _error(address, "a Dask scheduler's address is tcp://, tls://, ucx://, ws:// or wss://HOST:PORT "
                     f"(or local), not {scheme[:20]}://")
    try:
        parts = urlsplit(f"//{rest}")
        host, port = parts.hostname, parts.port
    except ValueError as exc:
        raise _error(address, f"not HOST:PORT ({exc})") from None
    if not host or parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        raise _error(address, "not HOST:PORT")
    return scheme, host, port if port is not None else DEFAULT_PORT


def check_address(address: str, timeout: float) -> str:
    """Check ``address`` (see the module doc) and return it with its scheme; a one-line
    :class:`~rulebook.errors.RulebookError` when it is not a Dask scheduler that answers."""
    scheme, host, port = parse_address(address)
    if scheme == "ucx" and importlib.util.find_spec("ucp") is None:
        raise _error(address, "ucx:// needs UCX-Py (the ucx-py package), which is not installed")
    start = time.monotonic()
    try:
        sock = socket.create_connection((host, port), timeout=timeout)
    except TimeoutError:
        raise _error(address, f"no answer from {host}:{port} within {timeout:g} s") from None
    except OSError as exc:
        raise _error(address, f"cannot connect to {host}:{port}: {exc.strerror or type(exc).__name__}") from None
    with sock:
        if scheme != "tcp":  # TLS and websockets wait for the client to speak: connecting is what can be checked
            return f"{scheme}://{address.partition('://')[2] or address}"
        sock.settimeout(max(0.1, timeout - (time.monotonic() - start)))
        first = b""
        try:
            while len(first) < 8:
                chunk = sock.recv(8 - len(first))
                if not chunk:
                    break
                first += chunk
        except TimeoutError:
            raise _error(address, f"{host}:{port} accepts connections but did not answer as a Dask scheduler "
                         f"within {timeout:g} s") from None
        except OSError as exc:
            raise _error(address, f"{host}:{port}: {exc.strerror or type(exc).__name__}") from None
    if len(first) < 8:
        raise _error(address, f"{host}:{port} closed the connection: not a Dask scheduler")
    (size,) = struct.unpack("<Q", first)
    if not 8 < size <= MAX_HANDSHAKE:
        shown = first.decode("ascii", "replace")
        what = " (it speaks HTTP: a web page, not the scheduler's port)" if shown.startswith("HTTP") else ""
        raise _error(address, f"{host}:{port} is not a Dask scheduler{what}")
    return address if "://" in address else f"tcp://{address}"
