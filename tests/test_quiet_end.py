"""A passing run ends without a stray ``KeyboardInterrupt`` traceback (tests/conftest.py).

pytest-xdist's execnet sends a worker still busy 5 seconds after the shutdown request a SIGINT;
when it lands in Hypothesis' garbage-collector callback, Python prints "Exception ignored in
gc_callback ... KeyboardInterrupt" after the results. The conftest takes that callback out once
the tests have run; here a SIGINT is sent while collections run, as at the end of a run.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import gc, os, signal, threading, time, importlib.util
signal.signal(signal.SIGINT, signal.default_int_handler)  # as at a terminal, even if this run ignores SIGINT
from hypothesis.internal.conjecture.junkdrawer import gc_cumulative_time
gc_cumulative_time()  # Hypothesis installs its callback
spec = importlib.util.spec_from_file_location("conftest", {conftest!r})
conftest = importlib.util.module_from_spec(spec)
spec.loader.exec_module(conftest)
conftest.forget_hypothesis_gc_callback()
assert not [cb for cb in gc.callbacks if cb.__module__.startswith("hypothesis.")]
junk = [[{{}} for _ in range(50)] for _ in range(2000)]
threading.Timer(0.2, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
try:
    end = time.time() + 5
    while time.time() < end:
        gc.collect()
    print("no interrupt")
except KeyboardInterrupt:
    print("interrupted in the code")
"""


def test_an_interrupt_during_garbage_collection_reaches_the_code() -> None:
    script = SCRIPT.format(conftest=str(ROOT / "tests" / "conftest.py"))
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert run.stdout.strip() == "interrupted in the code", run.stderr
    assert "Exception ignored" not in run.stderr and "Traceback" not in run.stderr, run.stderr
