"""Test settings: Hypothesis profiles, the ``slow`` marker and English messages.

Hypothesis profiles (``HYPOTHESIS_PROFILE=...``, default ``dev``):

* ``dev``: the default run (``python -m pytest``); derandomized, so a run is
  repeatable and its time stable. The few expensive property tests (``SLOW``
  below: whole games checked position by position) run at most
  ``DEV_SLOW_EXAMPLES`` examples each, so the whole suite stays short.
* ``ci``: every test at the example counts its file states (CI).
* ``thorough``: ten times the counts files state (100 where a test states
  none), random seeds: for a long hunt before a release.

``slow`` marks the tests in ``SLOW`` (measured: several seconds each on a busy
machine). ``python -m pytest -m "not slow"`` is the quick subset; the default
run still runs them all. Whole files are listed here by pattern; a single slow
test elsewhere carries ``@pytest.mark.slow`` in its own file, or its node ID below.

Every test starts in English with no locale variable set (:func:`english`), so that a
Japanese ``LANG`` on the machine running the tests (or in CI) changes no assertion, in the
test process or in the ``rulebook`` subprocesses it starts; tests of the Japanese text ask
for it (``--lang ja``, ``set_language("ja")``).
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from rulebook.i18n import set_language

#: The environment variables that choose the language of messages (rulebook.i18n.language_from_env).
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Messages in English, and no locale variable for subprocesses that inherit the environment;
    English again afterwards, for the doctests of ``rulebook/`` and ``docs/`` (outside this folder)."""
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    set_language("en")
    yield
    set_language("en")

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large]
settings.register_profile("dev", max_examples=25, deadline=None, derandomize=True, suppress_health_check=_QUIET)
settings.register_profile(
    "ci", max_examples=25, deadline=None, derandomize=True, print_blob=True, suppress_health_check=_QUIET
)
settings.register_profile("thorough", max_examples=100, deadline=None, suppress_health_check=_QUIET)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
settings.load_profile(PROFILE)

#: At most this many Hypothesis examples per slow test under the ``dev`` profile.
DEV_SLOW_EXAMPLES = 2
#: Multiplier of each test's stated example count under ``thorough``.
THOROUGH_FACTOR = 10

#: Whole files of slow tests (glob patterns): the adapters (each imports a framework and runs whole
#: games through it) and the games' property files (Hypothesis over whole games).
SLOW_FILES = (
    "tests/adapters/*",
    # one package per game: tests/games/<module>/ holds the same files for every game
    "tests/games/*/test_properties.py", "tests/games/*/test_history.py",
    # whole games, searches and simulations: seconds per file
    "tests/test_players.py", "tests/test_bad_inputs.py", "tests/test_verify_mutants.py", "tests/test_simulate.py",
    "tests/test_verify.py", "tests/test_render_boards.py",
)
#: Further tests (function-level node IDs, every parameter) that take seconds each: ``pytest --durations=40``.
SLOW = frozenset({
    "tests/test_simulate.py::test_dask_single_machine_cluster",
    "tests/test_trace.py::test_citations_know_their_enclosing_function",
    "tests/test_contract.py::test_random_games_keep_the_contract",
    "tests/test_contract.py::test_every_game_records_its_tricks_and_rounds_alike",
    "tests/test_contract.py::test_resampling_has_something_to_hide",
    "tests/test_verify.py::test_two_documented_variants_verify",
    "tests/test_verify.py::test_printed_rules_verify",
    "tests/test_simulate.py::test_welch_matches_scipy",
    "tests/test_simulate.py::test_workers_give_identical_results",
    "tests/test_cli.py::test_simulate_plot",
    "tests/test_cli.py::test_plot_ticks_are_whole_numbers",
    "tests/adapters/test_docs.py::test_examples_run",
    "tests/adapters/test_openspiel.py::test_random_sim_test",
    "tests/adapters/test_openspiel.py::test_ismcts_plays_a_full_game",
    "tests/adapters/test_openspiel.py::test_serialization_round_trips_long_games",
    "tests/test_play.py::test_stdin_game_with_an_illegal_move_and_undo",
    "tests/test_play.py::test_pseudo_terminal_session",
    "tests/test_play.py::test_default_record_path_is_in_the_current_folder",
})


_SCALED: set[int] = set()


def _scale(item: pytest.Item) -> None:
    """Apply the profile to a Hypothesis test whose file states its own example count (once per function)."""
    test = getattr(item, "obj", None)
    current = getattr(test, "_hypothesis_internal_use_settings", None)
    if current is None or id(test) in _SCALED:
        return
    _SCALED.add(id(test))
    if PROFILE == "dev" and item.get_closest_marker("slow") is not None:
        examples = min(current.max_examples, DEV_SLOW_EXAMPLES)
    elif PROFILE == "thorough" and current.max_examples < 100:
        examples = current.max_examples * THOROUGH_FACTOR
    else:
        return
    if examples != current.max_examples:
        test._hypothesis_internal_use_settings = settings(current, max_examples=examples)  # type: ignore[union-attr]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        path = item.nodeid.split("::")[0]
        if item.nodeid.split("[")[0] in SLOW or any(fnmatch.fnmatch(path, p) for p in SLOW_FILES):
            item.add_marker(pytest.mark.slow)
        _scale(item)


def pytest_report_header(config: pytest.Config) -> str:
    return (f"hypothesis profile: {PROFILE} (HYPOTHESIS_PROFILE=dev|ci|thorough); "
            f'quick subset: pytest -m "not slow"')
