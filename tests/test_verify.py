"""``rulebook.variants.verify`` and variants: every game passes, broken variants are caught and replayable."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

import rulebook
from rulebook.core.options import describe_options
from rulebook.reference import records
from rulebook.variants.variant import Variant, highest_scores_win, load_variant, resolve
from rulebook.variants.verify import CHECKS, SAMPLE, Report, check_state, verify, walk
from tests.test_verify_mutants import Mutant, mutant

ROOT = Path(__file__).resolve().parents[1]
CURSED = str(ROOT / "docs" / "examples" / "cursed_nines.py")
WB = rulebook.get_game("witches-of-blackmore")


def two_variants(game: Any) -> list[dict[str, Any]]:
    """Two house rules of ``game`` from its documented options: the first two options
    (besides the player count) that have a valid non-default value."""
    out: list[dict[str, Any]] = []
    for info in describe_options(game.Rules):
        if info.name == "players" or info.choices is None:
            continue
        for value in info.choices:
            if value == info.default:
                continue
            try:
                game.Rules(**{info.name: value})
            except rulebook.InvalidRules:
                continue
            out.append({info.name: value})
            break
        if len(out) == 2:
            break
    return out


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_printed_rules_verify(slug: str) -> None:
    game = rulebook.get_game(slug)
    report = verify(game, examples=3, seed=1, players=min(game.player_counts))
    report.assert_ok()
    assert report.games >= 3 and report.states > report.games
    assert report.checks == tuple(CHECKS)


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_two_documented_variants_verify(slug: str) -> None:
    game = rulebook.get_game(slug)
    variants = two_variants(game)
    assert variants, f"{slug} documents no option to vary"
    for values in variants:
        variant = resolve(game, sets=values)
        report = verify(game, variant, examples=2, seed=2, boundary_every=3)
        assert report.ok, str(report)
        assert report.variant["changes"] == values


def test_player_counts_follow_the_variant() -> None:
    # first_leader=4 exists only with 5 or 6 players: verify sweeps only those.
    report = verify(WB, WB.Rules(players=5, first_leader=4), examples=2, seed=0)
    assert report.ok and report.players == (5, 6)
    with pytest.raises(rulebook.InvalidRules):
        verify(WB, WB.Rules(players=5, first_leader=4), examples=1, players=3)


def test_broken_scoring_hook_is_caught_with_a_replayable_record(tmp_path: Path) -> None:
    variant = load_variant(WB, CURSED + ":CURSED_NINES")
    report = verify(WB, variant, examples=30, seed=3, save=tmp_path)
    assert not report.ok
    failure = report.failure
    assert failure is not None and failure.path is not None
    assert (failure.check, failure.rule) == ("contract:score-floor", "WB-SCORE-1")
    with pytest.raises(AssertionError, match="WB-SCORE-1"):
        report.assert_ok()
    # the saved record names the broken check and replays to the failing position
    saved = records.load(failure.path)
    assert saved.meta["failure"]["rule"] == "WB-SCORE-1"
    assert saved.meta["failure"]["check"] == "contract:score-floor"
    assert saved.meta["variant"]["source"].endswith("cursed_nines.py:CURSED_NINES")
    state = records.replay(saved)
    assert min(variant.scores(state)) < 0
    # stepping through it with the variant's hooks breaks exactly at the last action
    steps = list(walk(saved, variant))
    broken = [s for s in steps if s.violation is not None]
    assert broken and broken[0].index == len(saved.actions) == steps[-1].index
    assert broken[0].violation is not None and broken[0].violation.rule == "WB-SCORE-1"
    # without the hooks the game itself is fine
    assert all(s.violation is None for s in walk(saved))


def test_failures_are_reproducible_and_shrunk() -> None:
    variant = load_variant(WB, CURSED + ":CURSED_NINES")
    a = verify(WB, variant, examples=30, seed=11)
    b = verify(WB, variant, examples=30, seed=11)
    assert a.failure is not None and b.failure is not None
    assert a.failure.record == b.failure.record
    # the shrunk game stops at the first position that breaks the floor
    state = records.replay(a.failure.record)
    assert min(variant.scores(state)) < 0
    previous = records.replay(attrs.evolve(a.failure.record, actions=a.failure.record.actions[:-1]))
    assert min(variant.scores(previous)) >= 0


def test_fixed_hook_passes() -> None:
    variant = load_variant(WB, CURSED + ":FORGIVING_NINES")
    assert verify(WB, variant, examples=5, seed=3, players=3).ok


def test_a_game_invariant_names_its_rule() -> None:
    def short_trump_stack(state: Any) -> None:
        if len(state.trumps) > 3:
            raise AssertionError("WB-TRUMP-2: house limit of three trumps broken")

    variant = Variant(WB, WB.Rules(players=2), name="three trumps", invariants=[short_trump_stack])
    report = verify(WB, variant, examples=40, seed=0, players=2)
    assert report.failure is not None
    assert (report.failure.check, report.failure.rule) == ("variant invariant", "WB-TRUMP-2")
    assert report.failure.record.meta["failure"]["message"].startswith("WB-TRUMP-2")


def test_a_crashing_hook_is_reported_not_raised() -> None:
    def crash(state: Any) -> tuple[int, ...]:
        if len(state.history) > 5:
            raise ZeroDivisionError("oops")
        return tuple(state.scores)

    report = verify(WB, Variant(WB, WB.Rules(), scores=crash), examples=5, seed=0)
    assert report.failure is not None and report.failure.check == "contract:no-crash"
    assert "oops" in report.failure.message


def test_check_state_catches_wrong_score_shapes() -> None:
    state = WB.new_game(WB.Rules(players=3), seed=1)
    check_state(Variant(WB, WB.Rules(players=3)), state)
    with pytest.raises(AssertionError, match="contract:scores"):
        check_state(Variant(WB, WB.Rules(players=3), scores=lambda s: (0, 0)), state)
    with pytest.raises(AssertionError, match="contract:score-floor"):
        check_state(Variant(WB, WB.Rules(players=3), scores=lambda s: (0, -1, 0), score_floor=0), state)


def test_report_is_plain_data() -> None:
    report = verify("witches-of-blackmore", examples=2, seed=5, players=2)
    assert isinstance(report, Report)
    data = report.to_json()
    assert data["ok"] is True and data["players"] == [2] and data["examples"] == 2
    assert "all 13 checks passed" in str(report)
    assert rulebook.verify is verify


# -- variants ---------------------------------------------------------------------------


def test_toml_variant(tmp_path: Path) -> None:
    path = tmp_path / "strict.toml"
    path.write_text(
        'name = "strict"\ngame = "witches-of-blackmore"\ndescription = "follow suit"\n\n'
        "[rules]\nmust_follow = true\nwheel = \"ascending\"\nplayers = 3\n",
        encoding="utf-8",
    )
    variant = load_variant(None, str(path))
    assert variant.name == "strict" and variant.game is WB
    assert variant.rules == WB.Rules(players=3, must_follow=True, wheel="ascending")
    assert variant.changes() == {"must_follow": True, "wheel": "ascending"}
    combined = resolve(WB, variant=str(path), sets=["hand_size=5"])
    assert combined.rules.hand_size == 5 and combined.rules.must_follow and combined.name == "strict + hand_size=5"


@pytest.mark.parametrize(
    "text,message",
    [
        ("[rules]\ncolour = \"red\"\n", "unknown option; valid options are:"),
        ("[rules]\nwheel = \"sideways\"\n", "descending, ascending"),
        ("[rules]\nhand_size = 9\nplayers = 6\n",
         "6 hands of 9 plus the first trump need 55 cards; the deck has 54 (WB-SETUP-2) (set by "),
        ("game = \"seven-prophecies\"\n", "is for seven-prophecies"),
        ("rule = 3\n", "unknown key 'rule'"),
        ("[rules\n", "not valid TOML"),
    ],
)
def test_bad_toml_variants_fail_listing_options(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(rulebook.RulebookError) as info:
        load_variant(WB, str(path))
    assert message in str(info.value)


def test_invalid_values_list_options_with_docs() -> None:
    with pytest.raises(rulebook.InvalidRules) as info:
        resolve(WB, sets=["hand_size=30"])
    text = str(info.value)
    assert text.splitlines()[0] == "Rules.hand_size: must be one of 1..27 (got 30) (set by --set)"
    assert text.splitlines()[1].startswith("  hand_size (whole number; allowed: 1..27): Cards dealt to and refilled")


def test_python_variants_and_pickling() -> None:
    import pickle

    variant = load_variant(WB, CURSED + ":CURSED_NINES")
    assert variant.source.endswith(":CURSED_NINES") and variant.describe()["hooks"] == ["scores", "winners"]
    again = pickle.loads(pickle.dumps(variant))
    assert again == variant and again.game is WB
    with pytest.raises(rulebook.RulebookError, match="no 'MISSING'"):
        load_variant(WB, CURSED + ":MISSING")
    with pytest.raises(rulebook.RulebookError, match="not a rulebook Variant"):
        load_variant(WB, CURSED + ":GAME")
    with pytest.raises(rulebook.RulebookError, match="cannot load"):
        load_variant(WB, "no_such_module_anywhere:X")
    state = WB.new_game(WB.Rules(players=2), seed=0)
    assert highest_scores_win(state, (1, 2)) == frozenset()


# -- the cost of default verify (issue 14): the costly checks on a seeded sample -------------


class _CountsResamples(Mutant):
    #: resamples at any position, and at a game's first position
    calls: ClassVar[list[int]] = [0, 0]

    def resample(self, seat: int, rng: random.Random) -> Mutant:
        _CountsResamples.calls[0] += 1
        _CountsResamples.calls[1] += not self.history
        return super().resample(seat, rng)


def _resamples(**kwargs: Any) -> tuple[int, Report, int]:
    """``(resamples, report, games started)``: the games started include those Hypothesis abandoned."""
    _CountsResamples.calls[:] = [0, 0]
    v = mutant("witches-of-blackmore", _CountsResamples)
    report = verify(v.game, v, seed=4, players=4, **kwargs)
    assert report.ok, str(report)
    first = _CountsResamples.calls[1]
    assert first % 4 == 0 and first >= 4 * report.games  # every seat at each game's first position
    return _CountsResamples.calls[0], report, first // 4


def test_thorough_resamples_every_seat_at_every_position() -> None:
    calls, report, _started = _resamples(examples=6, thorough=True)
    assert report.thorough and report.to_json()["thorough"] is True
    # every position but the last of each game played to its end, for each of the 4 seats
    assert calls == 4 * (report.states - report.games)
    calls_k, report_k, _started = _resamples(examples=6, boundary_every=1)
    assert calls_k == 4 * (report_k.states - report_k.games) and not report_k.thorough


def test_default_resamples_the_first_position_and_a_sample() -> None:
    calls, report, started = _resamples(examples=30)
    assert not report.thorough
    sampled = calls - 4 * started  # every seat at each game's first position
    later = report.states - 2 * started  # the positions after the first that have a seat to move
    assert 0 < sampled < 2 * later / SAMPLE, (sampled, later)


def test_default_replays_a_sample_of_records(monkeypatch: pytest.MonkeyPatch) -> None:
    replays = [0]
    real = records.replay

    def counting(record: Any, *, complete: bool = False, logic: Any = None) -> Any:
        replays[0] += 1
        return real(record, complete=complete, logic=logic)

    monkeypatch.setattr(records, "replay", counting)
    report = verify(WB, examples=40, seed=4)
    assert report.games == 40  # the games played to their end, not those Hypothesis abandoned
    assert report.ok and 0 < replays[0] < report.games / 2, (replays[0], report.games)
    replays[0] = 0
    report = verify(WB, examples=5, seed=4, thorough=True)
    assert report.ok and replays[0] == report.games


def test_cli_thorough(capsys: pytest.CaptureFixture[str]) -> None:
    from rulebook.cli.app import main

    assert main(["verify", "witches-of-blackmore", "--examples", "2", "--thorough", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["thorough"] is True and out["ok"] is True and out["examples"] == 2
    assert main(["verify", "witches-of-blackmore", "--games", "2", "--players", "3"]) == 0
    text = capsys.readouterr().out
    assert "(Hypothesis seed 0)" in text and "thorough" not in text


def test_boundary_every_is_checked() -> None:
    for bad in (0, -1, True, 1.5):
        with pytest.raises(rulebook.RulebookError, match="boundary-every"):
            verify(WB, examples=1, boundary_every=bad)  # type: ignore[arg-type]
