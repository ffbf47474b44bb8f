"""``simulate --dask ADDRESS``: an address of another scheme, a server that is not a Dask scheduler
(one that speaks HTTP, one that never answers) and TLS or UCX without what they need end in one
line within the connect time limit, never an internal error, a huge allocation or a hang. Only
local sockets on 127.0.0.1 are used."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest

import rulebook.cli.simulate as cli_simulate
from rulebook.cli import app as cli
from rulebook.core.remote import check_address, parse_address
from rulebook.errors import RulebookError

pytest.importorskip("distributed")


def _server(reply: bytes | None, wait_for_request: bool = False) -> Iterator[int]:
    """A listener on 127.0.0.1: sends ``reply`` on connection (after a request line when
    ``wait_for_request``), or never says anything (``None``)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.settimeout(0.2)
    stop = threading.Event()
    held: list[socket.socket] = []

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            held.append(conn)
            try:
                if wait_for_request:
                    conn.settimeout(10)
                    conn.recv(1024)
                if reply is not None:
                    conn.sendall(reply)
            except OSError:
                pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield listener.getsockname()[1]
    finally:
        stop.set()
        thread.join(5)
        for conn in held:
            conn.close()
        listener.close()


HTTP = b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


@pytest.fixture()
def http_server() -> Iterator[int]:
    yield from _server(HTTP)


@pytest.fixture()
def polite_http_server() -> Iterator[int]:
    yield from _server(HTTP, wait_for_request=True)


@pytest.fixture()
def silent_server() -> Iterator[int]:
    yield from _server(None)


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err and "internal error" not in err, err
    assert err.count("\n") == 1, err
    return err.rstrip("\n")


def _simulate(address: str) -> int:
    return cli.main(["simulate", "witches-of-blackmore", "--games", "2", "--dask", address])


def test_a_server_that_speaks_http_is_not_a_scheduler(http_server: int, capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_simulate, "DASK_TIMEOUT", 2)
    address = f"tcp://127.0.0.1:{http_server}"
    assert _simulate(address) == 2
    assert _one_line(capsys) == (f"rulebook: error: --dask '{address}': 127.0.0.1:{http_server} is not a Dask "
                                 "scheduler (it speaks HTTP: a web page, not the scheduler's port)")


@pytest.mark.parametrize("server", ["silent_server", "polite_http_server"])
def test_a_listener_that_never_answers_is_given_up_after_the_time_limit(
    server: str, request: pytest.FixtureRequest, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    port = request.getfixturevalue(server)
    monkeypatch.setattr(cli_simulate, "DASK_TIMEOUT", 1)
    start = time.monotonic()
    assert _simulate(f"127.0.0.1:{port}") == 2
    assert time.monotonic() - start < 10
    assert _one_line(capsys) == (f"rulebook: error: --dask '127.0.0.1:{port}': 127.0.0.1:{port} accepts connections "
                                 "but did not answer as a Dask scheduler within 1 s")


@pytest.mark.parametrize(("address", "words"), [
    ("http://127.0.0.1:8786", "a Dask scheduler's address is tcp://, tls://, ucx://, ws:// or wss://HOST:PORT "
     "(or local), not http://"),
    ("inproc://127.0.0.1/1/1", "an inproc:// address exists only inside one Python process; give the scheduler's "
     "tcp:// address, or local"),
    ("tcp://127.0.0.1:99999", "not HOST:PORT (Port out of range 0-65535)"),
    ("tcp://127.0.0.1:1", "cannot connect to 127.0.0.1:1: Connection refused"),
])
def test_addresses_dask_cannot_use_are_refused(address: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert _simulate(address) == 2
    assert _one_line(capsys) == f"rulebook: error: --dask {address!r}: {words}"


def test_tls_and_ucx_end_in_one_line(http_server: int, capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    monkeypatch.setattr(cli_simulate, "DASK_TIMEOUT", 2)
    start = time.monotonic()
    assert _simulate(f"tls://127.0.0.1:{http_server}") == 2
    assert _one_line(capsys).startswith(f"rulebook: error: --dask 'tls://127.0.0.1:{http_server}': ")
    assert _simulate(f"ucx://127.0.0.1:{http_server}") == 2
    line = _one_line(capsys)
    if importlib.util.find_spec("ucp") is None:
        assert line == (f"rulebook: error: --dask 'ucx://127.0.0.1:{http_server}': ucx:// needs UCX-Py (the ucx-py "
                        "package), which is not installed")
    assert time.monotonic() - start < 30


def test_a_real_scheduler_passes_the_check() -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None, protocol="tcp://",
                                  host="127.0.0.1") as cluster:
        address = cluster.scheduler_address
        assert check_address(address, 5) == address
        assert check_address(address.partition("://")[2], 5) == address


def test_parse_address() -> None:
    assert parse_address("tcp://[::1]:9000") == ("tcp", "::1", 9000)
    assert parse_address("scheduler") == ("tcp", "scheduler", 8786)
    with pytest.raises(RulebookError, match="not HOST:PORT"):
        parse_address("tcp://host:8786/path")
