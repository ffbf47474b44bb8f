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

Every test runs in a folder of its own under the system's temporary folder (:class:`InTemporaryFolder`),
so that what it writes without naming a folder (a record, a progress file, a report) lands there, not in
the clone; a test that needs the clone reads it by its path (``ROOT``). After the run,
:class:`CleanClone` compares ``git status --porcelain`` with what it was before and fails the run when
the tests left a file in the clone (skipped outside a git checkout).

Every test starts in English with no locale variable set (:func:`english`), so that a
Japanese ``LANG`` on the machine running the tests (or in CI) changes no assertion, in the
test process or in the ``rulebook`` subprocesses it starts; tests of the Japanese text ask
for it (``--lang ja``, ``set_language("ja")``).
"""

from __future__ import annotations

import fnmatch
import gc
import importlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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

class InTemporaryFolder:
    """Each test (doctests of ``rulebook/``, ``docs/`` and the README too) starts in an empty folder of
    its own, removed after it: the current folder is never the clone. A test's own ``monkeypatch.chdir``
    still wins (fixtures run after this), and is undone before the folder is left.

    The pages of ``docs/`` and the README speak from the clone's top folder (``--variant
    docs/examples/...``): their doctests start in a folder that links to each of its entries, so that
    what they read is found and what they write lands in the temporary folder."""

    def __init__(self) -> None:
        self.back: list[tuple[str, str]] = []

    @pytest.hookimpl(hookwrapper=True, tryfirst=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> Iterator[None]:
        folder = tempfile.mkdtemp(prefix="rulebook-test-")
        if item.nodeid.startswith(("docs/", "README.md")):
            for entry in ROOT.iterdir():
                if not entry.name.startswith("."):
                    os.symlink(entry, Path(folder) / entry.name)
        self.back.append((os.getcwd(), folder))
        os.chdir(folder)
        yield

    @pytest.hookimpl(hookwrapper=True, trylast=True)
    def pytest_runtest_teardown(self, item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
        yield
        if self.back:
            before, folder = self.back.pop()
            os.chdir(before)
            shutil.rmtree(folder, ignore_errors=True)


def git_status(root: Path) -> set[str] | None:
    """The lines of ``git status --porcelain`` of the checkout at ``root`` (untracked files one by one),
    or ``None`` when ``root`` is not in a git checkout or git is missing."""
    try:
        run = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=all"],
                             capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    return set(run.stdout.splitlines()) if run.returncode == 0 else None


class CleanClone:
    """Fails the run when the tests changed the clone: files that ``git status`` shows after the run
    and did not before (written by a test or a program it started). Only the main process checks
    (with pytest-xdist, the workers' tests are the main process's run); skipped outside a checkout."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.before = git_status(root)
        self.left: list[str] = []

    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        after = git_status(self.root)
        if self.before is None or after is None:
            return
        self.left = sorted(after - self.before)
        if self.left and exitstatus == 0:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if self.left:
            terminalreporter.section("the tests left files in the clone", sep="=", red=True)
            for line in self.left[:40]:
                terminalreporter.write_line(f"  {line}")
            terminalreporter.write_line("every test writes under a temporary folder (tmp_path); see tests/conftest.py")


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(InTemporaryFolder(), "rulebook-in-temporary-folder")
    if not hasattr(config, "workerinput"):  # the main process of the run, not a pytest-xdist worker
        config.pluginmanager.register(CleanClone(ROOT), "rulebook-clean-clone")


_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large]
settings.register_profile("dev", max_examples=25, deadline=None, derandomize=True, suppress_health_check=_QUIET)
settings.register_profile(
    "ci", max_examples=25, deadline=None, derandomize=True, print_blob=True, suppress_health_check=_QUIET
)
settings.register_profile("thorough", max_examples=100, deadline=None, suppress_health_check=_QUIET)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
settings.load_profile(PROFILE)

ROOT = Path(__file__).resolve().parents[1]

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
    "tests/test_verify.py", "tests/test_render_boards.py", "tests/test_unedited_model.py",
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
    # a whole reference game compared move by move: 14 s on a busy 2-core machine
    "tests/games/seven_prophecies/test_heuristic.py::test_the_heuristic_matches_its_plain_reference",
}) | frozenset(  # tests/slow.txt: the tests of a second or more, measured (one node ID a line, # comments)
    line.split("#")[0].strip() for line in (ROOT / "tests" / "slow.txt").read_text(encoding="utf-8").splitlines()
    if line.split("#")[0].strip())


#: Tests that need an optional module, by the module (node IDs without parameters; a doctest of
#: ``rulebook/`` by its node ID too). They are skipped, naming the extra, when it is not installed,
#: so that ``python -m pytest -m "not slow"`` runs with only the base and ``verify`` extras; files
#: that need a module throughout say so themselves (``pytest.importorskip``).
NEEDS: dict[str, tuple[str, str]] = {
    "scipy.stats": ("balance", "rulebook simulate and its statistics"),
}
NEEDS_SCIPY = frozenset({
    "tests/test_per_count.py::test_a_sweep_over_players_takes_the_variant_as_a_whole",
    "tests/test_per_count.py::test_simulate_compares_across_counts_in_one_run",
    "tests/test_per_count.py::test_simulate_at_one_count_where_nothing_changes_says_which_counts",
    "rulebook/balance/measures.py::rulebook.balance.measures",
    "rulebook/balance/measures.py::rulebook.balance.measures.seat_advantage",
    "rulebook/balance/measures.py::rulebook.balance.measures.skill_gap",
    "rulebook/balance/report.py::rulebook.balance.report.sweep_report",
    "rulebook/balance/simulate.py::rulebook.balance.simulate",
    "rulebook/balance/skill.py::rulebook.balance.skill",
    "rulebook/balance/skill.py::rulebook.balance.skill.paired_interval",
    "rulebook/balance/skill.py::rulebook.balance.skill.pairs_needed",
    "rulebook/balance/stats.py::rulebook.balance.stats.two_proportion_test",
    "rulebook/balance/stats.py::rulebook.balance.stats.welch_test",
    "rulebook/balance/stats.py::rulebook.balance.stats.wilson_interval",
    "rulebook/balance/sweep.py::rulebook.balance.sweep",
    "tests/faults/test_faults.py::test_a_bad_path_fails_before_any_game",
    "tests/faults/test_faults.py::test_a_full_disk_stops_with_one_line_and_the_run_resumes",
    "tests/faults/test_faults.py::test_a_game_that_stops_every_worker_is_named_with_its_seed_and_deal",
    "tests/faults/test_faults.py::test_a_killed_worker_is_replaced_and_the_run_completes",
    "tests/faults/test_faults.py::test_a_report_that_cannot_be_written_keeps_the_games_for_resume",
    "tests/faults/test_faults.py::test_resume_refuses_another_runs_file",
    "tests/faults/test_faults.py::test_too_many_workers_are_capped_with_a_notice",
    "tests/test_balance.py::test_a_scoring_hook_reaches_every_figure",
    "tests/test_balance.py::test_a_scoring_hook_that_counts_cards_is_not_compared_with_points",
    "tests/test_balance.py::test_comebacks_count_only_games_that_could_have_one",
    "tests/test_balance.py::test_compare_marks_only_rows_that_survive_holm",
    "tests/test_balance.py::test_every_measure_copes_with_games_nobody_won",
    "tests/test_balance.py::test_measures_of_hand_built_games",
    "tests/test_balance.py::test_seat_advantage_and_skill_gap_exact",
    "tests/test_balance.py::test_simulate_copes_with_empty_winners",
    "tests/test_balance.py::test_simulate_takes_player_specs_and_callables",
    "tests/test_balance.py::test_statistics_match_known_values",
    "tests/test_cli.py::test_errors_exit_with_code_2",
    "tests/test_cli.py::test_more_errors_exit_with_code_2",
    "tests/test_cli.py::test_simulate_compare_table",
    "tests/test_cli.py::test_simulate_json_and_variant_file",
    "tests/test_cli.py::test_simulate_plot_without_matplotlib",
    "tests/test_cli.py::test_simulate_prints_a_table",
    "tests/test_cli.py::test_simulate_with_options_and_player_kinds",
    "tests/test_cli.py::test_simulation_is_reproducible_and_split_independent",
    "tests/test_cli.py::test_titles_with_brackets_are_not_doubled",
    "tests/test_cli.py::test_variant_module_in_the_current_folder",
    "tests/test_hooks.py::test_simulate_plays_under_the_hooks",
    "tests/test_house_rules_cli.py::test_an_unknown_ruleset_is_one_line",
    "tests/test_i18n.py::test_a_comparison_in_japanese_has_no_english_figure_words",
    "tests/test_i18n.py::test_the_report_in_japanese",
    "tests/test_reads.py::test_a_sweep_of_a_rule_the_heuristic_does_not_read_uses_search_players",
    "tests/test_reads.py::test_simulate_names_who_played_why_and_what_they_do_not_read",
    "tests/test_rulesets_say.py::test_a_finished_report_leaves_no_progress_file_and_a_named_one_stays",
    "tests/test_skill.py::test_bad_arguments_are_refused_naming_the_field",
    "tests/test_skill.py::test_cli_json_carries_the_figure",
    "tests/test_skill.py::test_cli_prints_the_skill_block",
    "tests/test_skill.py::test_every_deal_is_played_from_every_seat_on_both_sides",
    "tests/test_skill.py::test_exact_counts_on_a_tiny_deterministic_setup",
    "tests/test_skill.py::test_ismcts_by_default_and_for_a_variant_with_hooks",
    "tests/test_skill.py::test_paired_interval_and_its_edges",
    "tests/test_skill.py::test_power_for_paired_proportions_against_a_hand_computed_value",
    "tests/test_skill.py::test_the_same_rules_on_both_sides_give_twin_games",
    "tests/test_skill.py::test_workers_do_not_change_the_figure",
    "tests/test_sweep.py::test_each_value_is_the_variant_with_that_value_on_the_same_seeds",
    "tests/test_sweep.py::test_sweep_from_python",
    "tests/test_sweep.py::test_sweep_on_the_command_line",
    "tests/test_sweep.py::test_sweep_report_has_one_plot_per_figure",
    "tests/test_teams.py::test_a_pair_that_wins_is_one_winner_not_a_shared_win",
    "tests/test_teams.py::test_a_points_table_change_is_another_scale_compared_scale_free",
    "tests/test_teams.py::test_npc_conduct_has_rows_in_what_each_rule_did",
    "tests/test_teams.py::test_seat_figures_are_not_compared_with_pairs_and_the_summary_names_the_pairs",
    "tests/test_usage.py::test_a_change_that_never_comes_into_play_is_named",
    "tests/test_usage.py::test_a_negligible_difference_is_never_highlighted_whatever_its_p_value",
    "tests/test_usage.py::test_a_rule_the_players_do_not_read_is_told_apart_from_one_that_never_came_into_play",
    "tests/test_usage.py::test_the_rules_that_stopped_firing_are_named",
    "tests/test_usage.py::test_the_same_moves_warning_does_not_fire_when_the_players_react",
    "tests/test_usage.py::test_the_table_marks_what_changed_and_the_warnings_fire",
    "tests/test_usage.py::test_the_report_carries_the_usage_table_and_the_warnings",
    "tests/test_usage.py::test_usage_rows_set_every_side_beside_the_first",
    "tests/test_usage.py::test_warnings_name_undefined_figures_and_check_options_against_the_reference",
    "tests/test_warnings.py::test_every_seat_tied_every_game_fires_only_then",
    "tests/test_warnings.py::test_most_games_the_same_move_for_move_fires_above_nine_in_ten_only",
    "tests/test_warnings.py::test_rules_that_never_decided_anything_are_named_and_no_others",
    "tests/test_warnings.py::test_the_same_moves_without_outcomes_says_only_that",
    "tests/test_warnings.py::test_unit_warnings_stay_quiet_when_the_sides_count_alike",
})
_NEEDED = {"scipy.stats": NEEDS_SCIPY}


def _missing(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ImportError:
        return True
    return False


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
    absent = {m: NEEDS[m] for m in _NEEDED if _missing(m)}
    for item in items:
        path = item.nodeid.split("::")[0]
        node = item.nodeid.split("[")[0]
        if node in SLOW or any(fnmatch.fnmatch(path, p) for p in SLOW_FILES):
            item.add_marker(pytest.mark.slow)
        for module, (extra, what) in absent.items():
            if node in _NEEDED[module]:
                item.add_marker(pytest.mark.skip(reason=f"{what} needs {module}: the {extra} extra"))
        _scale(item)


def forget_hypothesis_gc_callback() -> None:
    """Take Hypothesis' garbage-collector callback (it times collections) out of ``gc.callbacks``.

    At the end of a parallel run (``-n auto``), execnet sends a pytest-xdist worker that is still
    busy 5 seconds after the shutdown request a SIGINT. Landing inside a gc callback, the
    ``KeyboardInterrupt`` cannot propagate: Python prints it as an "Exception ignored in
    gc_callback" traceback after a passing run. Without the callback it reaches the worker's own
    code, which stops quietly. No test runs after this, so nothing needs the timing.
    """
    gc.callbacks[:] = [cb for cb in gc.callbacks if not getattr(cb, "__module__", "").startswith("hypothesis.")]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtestloop(session: pytest.Session) -> Iterator[None]:
    yield
    forget_hypothesis_gc_callback()


def pytest_report_header(config: pytest.Config) -> str:
    return (f"hypothesis profile: {PROFILE} (HYPOTHESIS_PROFILE=dev|ci|thorough); "
            f'quick subset: pytest -m "not slow"')
