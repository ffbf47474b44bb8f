"""Turn order by a rule (issue 32): who leads the next trick and starts the next round.

WB-LOGIC-4, SP-LOGIC-4: a variant's ``leader`` hook or the named rules of a ``[turns]`` table
(rulebook.core.turns) are obeyed in played games: after every trick, the next trick's leader is the
seat the rule names, computed here independently from the records; after every round, the next
round's start player. The refusals are typed and end the CLI in one line.
"""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulebook
from rulebook.core.logic import Event, Logic
from rulebook.errors import InvalidRules, RulebookError
from rulebook.games.witches_of_blackmore.rules import _RANK, _SUIT, WEAKEST, tables, wheel_order
from rulebook.variants.hooks import HookError
from rulebook.variants.variant import Variant, load_variant
from rulebook.variants.verify import verify

ROOT = Path(__file__).resolve().parents[1]
WB = rulebook.get_game("witches-of-blackmore")
SP = rulebook.get_game("seven-prophecies")
TRICK = ("winner", "loser", "left_of_winner", "leader", "lowest_score", "highest_score")
ROUND = ("game", "lowest_score", "highest_score", "last_winner", "rotate", "same", "seat:1", "seat:3")


def _first_from(origin: int, n: int, seats: Any) -> int:
    """The first of ``seats`` clockwise from ``origin`` (origin included)."""
    return next(s % n for s in range(origin, origin + n) if s % n in seats)


def _by_score(scores: tuple[int, ...], origin: int, lowest: bool) -> int:
    best = min(scores) if lowest else max(scores)
    return _first_from(origin, len(scores), {s for s, v in enumerate(scores) if v == best})


def _play(variant: Variant, seed: int) -> list[tuple[Any, Any]]:
    """A random game: for each trick completed, the state before its last card and the state after."""
    rng = random.Random(seed)
    state = variant.new_game(seed=seed)
    out = []
    while not state.is_terminal:
        before = state
        state = state.apply(rng.choice(state.legal_actions()))
        if len(state.tricks) > len(before.tricks):
            out.append((before, state))
    return out


# -- The Witches of Blackmore ------------------------------------------------------------------


def _wb_loser(before: Any, record: Any) -> int:
    """The seat whose card the trick's ranking put lowest (WB-LOGIC-4's reading), computed from the
    trump stack and the wheel before the trick's last card: trumps above the leader's colour, each by
    the wheel; the cards of neither rank lowest, all equal; ties go to the first seat clockwise from
    the winner."""
    rules = before.rules
    trumps = before.trumps
    trump = _SUIT[trumps[-1]] if trumps and rules.trump_colour else None
    led = _SUIT[record.cards[0]]
    order = list(wheel_order(before.anchor, rules.wheel, tables(rules).numbers))
    if rules.wins == WEAKEST:
        order.reverse()

    def strength(card: int) -> int:
        on_wheel = len(order) - order.index(_RANK[card])
        return 200 + on_wheel if _SUIT[card] == trump else 100 + on_wheel if _SUIT[card] == led else 0

    strength_of = {seat: strength(c) for seat, c in record.plays}
    low = min(strength_of.values())
    return _first_from(record.winner, rules.players, {s for s, v in strength_of.items() if v == low})


def _wb_expected(rule: str, before: Any, after: Any) -> int:
    record = after.tricks[-1]
    n = after.rules.players
    winner = record.winner
    return {
        "winner": lambda: winner,
        "loser": lambda: _wb_loser(before, record),
        "left_of_winner": lambda: (winner + 1) % n,
        "leader": lambda: after.tricks[0].leader,
        "lowest_score": lambda: _by_score(after.scores, winner, True),
        "highest_score": lambda: _by_score(after.scores, winner, False),
    }[rule]()


@pytest.mark.parametrize("rule", TRICK)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_witches_next_leader_is_the_one_the_named_rule_names(rule: str, players: int) -> None:
    """WB-LOGIC-4: after every trick, the next trick is led by the seat the rule names, or, if that
    seat holds no card, by the next seat clockwise that does (WB-RULING-5)."""
    variant = Variant(WB, WB.Rules(players=players), turns={"trick": rule})
    checked = 0
    for seed in range(4):
        tricks = _play(variant, seed)
        final = tricks[-1][1]
        for i, (before, after) in enumerate(tricks[:-1]):
            named = _wb_expected(rule, before, after)
            nxt = final.tricks[i + 1]
            assert nxt.leader == _first_from(named, players, set(nxt.players)), (seed, i, rule)
            checked += 1
    assert checked > 25


def test_witches_loser_breaks_ties_from_the_winner() -> None:
    """WB-LOGIC-4: the loser differs from the winner's lead in played games, and the seats that
    could not win tie at the bottom (so the tie-break from the winner is exercised)."""
    variant = Variant(WB, WB.Rules(players=5), turns={"trick": "loser"})
    differ = ties = 0
    for seed in range(3):
        for before, after in _play(variant, seed):
            record = after.tricks[-1]
            differ += _wb_loser(before, record) != record.winner
            colour_led = _SUIT[record.cards[0]]
            ties += sum(_SUIT[c] != colour_led for c in record.cards) >= 2
    assert differ > 20 and ties > 5


def test_witches_loser_leads_example_file_is_obeyed_and_verified() -> None:
    """WB-LOGIC-4: docs/examples/witches_loser_leads.toml is played faithfully and passes verify."""
    variant = load_variant(None, str(ROOT / "docs/examples/witches_loser_leads.toml"))
    assert variant.describe()["turns"] == {"trick": "loser"}
    tricks = _play(variant.at(3), 11)
    final = tricks[-1][1]
    for i, (before, after) in enumerate(tricks[:-1]):
        nxt = final.tricks[i + 1]
        assert nxt.leader == _first_from(_wb_loser(before, after.tricks[-1]), 3, set(nxt.players))
    report = verify(WB, variant, examples=12, seed=3, boundary_every=4)
    assert report.ok, report


# -- Seven Prophecies -------------------------------------------------------------------------


def _sp_expected(rule: str, after: Any) -> int:
    record = after.tricks[-1]
    n = after.rules.players
    winner = record.winner
    last = record.plays[record.places.index(n)][0]
    first = after.round_tricks[0].leader
    return {
        "winner": winner, "loser": last, "left_of_winner": (winner + 1) % n, "leader": first,
        "lowest_score": _by_score(after.scores, winner, True), "highest_score": _by_score(after.scores, winner, False),
    }[rule]


def _sp_round_expected(rule: str, start: int, new: Any) -> int:
    """The next round's start after a round started by ``start``; ``new`` is the next round's first
    state (its scores are the finished round's; the printed next start is the left neighbour)."""
    n = new.rules.players
    left = (start + 1) % n
    if rule.startswith("seat:"):
        return int(rule[5:]) - 1
    return {
        "game": left, "rotate": left, "same": start, "last_winner": new.tricks[-1].winner,
        "lowest_score": _by_score(new.scores, left, True), "highest_score": _by_score(new.scores, left, False),
    }[rule]


@pytest.mark.parametrize("trick_rule,round_rule", list(zip(TRICK, ROUND[:6], strict=True)) + [("loser", "seat:3"),
                                                                                          ("winner", "seat:1")])
@pytest.mark.parametrize("players", [3, 4])
def test_prophecies_named_rules_pick_every_leader_and_start(trick_rule: str, round_rule: str, players: int) -> None:
    """SP-LOGIC-4: after every trick that does not end the round, the next trick is led by the seat the
    trick rule names; after every round, the next round is started by the seat the round rule names
    (who places the first cube and leads its first trick)."""
    variant = Variant(SP, SP.Rules(players=players),
                      turns={"trick": trick_rule, "round": round_rule})
    tricks_checked = rounds_checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = variant.new_game(seed=seed)
        start = state.start
        assert start == state.rules.first_player
        while not state.is_terminal:
            before = state
            state = state.apply(rng.choice(state.legal_actions()))
            if len(state.tricks) > len(before.tricks) and state.round == before.round and not state.is_terminal:
                if state.round_tricks and state.round_tricks[-1] == state.tricks[-1]:
                    assert state.leader == state.current_player == _sp_expected(trick_rule, state), (seed, trick_rule)
                    tricks_checked += 1
            if state.round > before.round:
                assert state.start == state.current_player == _sp_round_expected(round_rule, start, state)
                assert state.leader == state.start
                start = state.start
                rounds_checked += 1
        for record in state.tricks:
            if record.number and record.round == state.tricks[record.number - 1].round:
                assert record.leader == _sp_expected(trick_rule, _after_trick(variant, seed, record.number - 1))
    assert tricks_checked > 30 and rounds_checked >= 6


def _after_trick(variant: Variant, seed: int, number: int) -> Any:
    """The state of game ``seed`` (played as in the test above) right after trick ``number``."""
    rng = random.Random(seed)
    state = variant.new_game(seed=seed)
    while len(state.tricks) <= number:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_prophecies_lowest_starts_example_file_is_obeyed_and_verified() -> None:
    """SP-LOGIC-4: docs/examples/prophecies_lowest_starts.toml: the lowest score starts each new round
    (the issue's example), played faithfully and verified."""
    variant = load_variant(None, str(ROOT / "docs/examples/prophecies_lowest_starts.toml"))
    assert variant.describe()["turns"] == {"trick": "winner", "round": "lowest_score"}
    starts = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = variant.new_game(seed=seed)
        start = state.start
        while not state.is_terminal:
            before = state
            state = state.apply(rng.choice(state.legal_actions()))
            if state.round > before.round:
                assert state.start == _by_score(state.scores, (start + 1) % state.rules.players, True)
                start = state.start
                starts += 1
    assert starts >= 8
    report = verify(SP, variant, examples=12, seed=5, boundary_every=4)
    assert report.ok, report


# -- the Python hook -------------------------------------------------------------------------


def behind_the_leader(event: Event) -> int | None:
    """Trick: the seat after the one that led the trick just played leads; round: seat 2 starts."""
    if event.kind == "trick":
        return (event.record.leader + 1) % event.state.rules.players
    return 1


def _beyond(event: Event) -> Any:
    return event.state.rules.players


def _not_a_seat(event: Event) -> Any:
    return "2"


@pytest.mark.parametrize("game,players", [(WB, 3), (SP, 4)])
def test_the_python_leader_hook_is_obeyed(game: Any, players: int) -> None:
    """WB-LOGIC-4, SP-LOGIC-4: Variant(..., leader=fn): each trick after the first of its round is led by
    the seat after the previous trick's leader; in Seven Prophecies every round after the first starts
    with seat 2."""
    variant = Variant(game, game.Rules(players=players), leader=behind_the_leader)
    assert variant.rules.logic.leader is not None and not variant.rules.logic.printed
    assert "leader" in variant.describe()["hooks"]
    rng = random.Random(2)
    state = variant.new_game(seed=2)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    tricks = state.tricks
    n = players
    checked = 0
    for prev, nxt in itertools.pairwise(tricks):
        if prev.round == nxt.round:
            assert nxt.leader == _first_from((prev.leader + 1) % n, n, set(nxt.players))
            checked += 1
        else:
            assert nxt.leader == 1
    assert checked >= 10


@pytest.mark.parametrize("hook,shown", [(_beyond, "seat 4"), (_not_a_seat, "'2' (str)")])
def test_a_leader_hook_that_names_no_seat_breaks_the_contract(hook: Any, shown: str) -> None:
    """contract:leader: a seat out of range, or anything but a seat or None, is a HookError naming the
    hook; verify reports it as that check."""
    variant = Variant(WB, WB.Rules(players=3), leader=hook, source="mine.py")
    state = variant.new_game(seed=1)
    with pytest.raises(HookError) as err:
        while not state.is_terminal:
            state = state.apply(state.legal_actions()[0])
    assert err.value.check == "contract:leader" and err.value.hook == "leader"
    assert shown in str(err.value) and "the game has seats 1 to 3 (in Python 0 to 2)" in str(err.value)
    assert "mine.py" in str(err.value)
    report = verify(WB, variant, examples=2, seed=0)
    assert not report.ok and report.failure is not None and report.failure.check == "contract:leader"


# -- refusals --------------------------------------------------------------------------------


@pytest.mark.parametrize("turns,field,words", [
    ({"trick": "nobody"}, "turns.trick", "'nobody' is not a rule"),
    ({"trick": 3}, "turns.trick", "not int"),
    ({"round": "lowest_score"}, "turns.round", "played as one round"),
    ({"next": "winner"}, "turns", "'next' is not a key"),
])
def test_witches_refuses_bad_turn_rules_naming_the_field(turns: dict[str, Any], field: str, words: str) -> None:
    """WB-LOGIC-4: every value is checked; the error names turns.trick or turns.round."""
    with pytest.raises(InvalidRules) as err:
        Variant(WB, WB.Rules(players=3), turns=turns)
    assert err.value.field == field and words in str(err.value)


@pytest.mark.parametrize("value,words", [("seat:5", "no seat 5 with 4 players"), ("seat:0", "no seat 0"),
                                         ("seat:x", "counted from 1"), ("last", "'last' is not a rule")])
def test_prophecies_refuses_bad_round_rules(value: str, words: str) -> None:
    """SP-LOGIC-4: seat:N counts from 1 and must be a seat of the game."""
    with pytest.raises(InvalidRules) as err:
        Variant(SP, SP.Rules(players=4), turns={"round": value})
    assert err.value.field == "turns.round" and words in str(err.value)


def test_every_game_takes_turn_rules() -> None:
    """Turn rules in every game (WB-LOGIC-4, SP-LOGIC-4, UT-LOGIC-4, GH-LOGIC-4, ST-LOGIC-4): each names the
    [turns] rules it accepts (a third-party game without them is refused by name)."""
    from rulebook.variants.variant import turn_rules

    for slug in rulebook.GAMES:
        assert turn_rules(rulebook.get_game(slug)) is not None, slug


def test_a_hook_and_a_table_together_are_refused() -> None:
    with pytest.raises(RulebookError, match="not both"):
        Variant(SP, SP.Rules(), leader=behind_the_leader, turns={"trick": "loser"})


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulebook", *args], capture_output=True, text=True, cwd=os.getcwd(),
                          timeout=120)


@pytest.mark.parametrize("slug,table,words", [
    ("saru-tori-inu-i", 'trick = "loser"', "turns.trick"),
    ("witches-of-blackmore", 'round = "rotate"', "turns.round"),
    ("seven-prophecies", 'trick = "first"', "turns.trick"),
    ("seven-prophecies", 'round = "seat:9"', "no seat 9"),
])
def test_the_cli_refuses_bad_turn_rules_in_one_line(tmp_path: Path, slug: str, table: str, words: str) -> None:
    path = tmp_path / "turns.toml"
    path.write_text(f'game = "{slug}"\n\n[turns]\n{table}\n', encoding="utf-8")
    done = _cli("simulate", slug, "--variant", str(path), "--games", "2")
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0] and "Traceback" not in done.stderr, done.stderr


# -- the printed path ------------------------------------------------------------------------


@pytest.mark.parametrize("game,turns", [(WB, {"trick": "winner"}), (SP, {"trick": "winner", "round": "game"})])
def test_the_printed_rules_named_give_the_same_games_move_for_move(game: Any, turns: dict[str, str]) -> None:
    """WB-LOGIC-4, SP-LOGIC-4: naming the printed rules (the general path) and a Logic whose leader is
    None (the printed path) play the same games as the printed game, move for move."""
    named = Variant(game, game.Rules(), turns=turns)
    plain = game.Rules(logic=Logic(leader=None))
    assert plain == game.Rules()
    for seed in range(3):
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        a, b = named.new_game(seed=seed), game.new_game(plain, seed=seed)
        while not b.is_terminal:
            assert a.legal_actions() == b.legal_actions() and a.current_player == b.current_player
            a, b = a.apply(rng_a.choice(a.legal_actions())), b.apply(rng_b.choice(b.legal_actions()))
        assert a.is_terminal and a.scores == b.scores and a.history == b.history


# -- properties ------------------------------------------------------------------------------


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.nested_given])
@given(seed=st.integers(0, 10**6), trick=st.sampled_from(TRICK), players=st.integers(2, 6),
       must_follow=st.booleans(), trump_replacement=st.booleans())
def test_witches_random_rules_and_turn_rules_keep_the_invariants(seed: int, trick: str, players: int,
                                                                 must_follow: bool, trump_replacement: bool) -> None:
    """WB-LOGIC-4: random options with a random named trick rule: verify's checks hold (the game ends,
    the scores are consistent, the twin-world check finds no leak)."""
    rules = WB.Rules(players=players, must_follow=must_follow, trump_replacement=trump_replacement)
    variant = Variant(WB, rules, turns={"trick": trick}, players_fixed=True)
    report = verify(WB, variant, examples=2, seed=seed, boundary_every=3)
    assert report.ok, report


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.nested_given])
@given(seed=st.integers(0, 10**6), trick=st.sampled_from(TRICK), rnd=st.sampled_from(ROUND),
       players=st.sampled_from([3, 4]), variant_rule=st.sampled_from(["points", "twice", "most-cubes"]))
def test_prophecies_random_rules_and_turn_rules_keep_the_invariants(seed: int, trick: str, rnd: str, players: int,
                                                                    variant_rule: str) -> None:
    """SP-LOGIC-4: random options with random named rules: verify's checks hold."""
    rules = SP.Rules(players=players, variant=variant_rule)
    variant = Variant(SP, rules, turns={"trick": trick, "round": rnd}, players_fixed=True)
    report = verify(SP, variant, examples=2, seed=seed, boundary_every=3)
    assert report.ok, report


# -- the listing -----------------------------------------------------------------------------


def test_options_lists_the_turn_rules_each_game_takes() -> None:
    """``rulebook options GAME`` names the [turns] rules the game accepts, in text and in JSON (under
    ``logic``)."""
    import json

    sp = json.loads(_cli("options", "seven-prophecies", "--json").stdout)["logic"]["turns"]
    assert sp == {"trick": list(TRICK), "round": ["game", "lowest_score", "highest_score", "last_winner", "rotate",
                                                   "same", "seat:N"]}
    wb = json.loads(_cli("options", "witches-of-blackmore", "--json").stdout)["logic"]["turns"]
    assert wb == {"trick": list(TRICK), "round": ["game"]}
    text = " ".join(_cli("options", "witches-of-blackmore", "--lang", "en").stdout.split())
    assert ("trick = winner, loser, left_of_winner, leader, lowest_score, highest_score (who leads the next trick); "
            "round = game (who starts the next round)") in text
    assert "does not take a turn-order rule" not in " ".join(
        _cli("options", "saru-tori-inu-i", "--lang", "en").stdout.split())


def test_the_cli_ends_a_leader_hook_that_names_no_seat_in_one_line(tmp_path: Path) -> None:
    """contract:leader at the command line: one line, exit status 2, no traceback."""
    path = tmp_path / "far.py"
    path.write_text("import rulebook\nfrom rulebook.variants.variant import Variant\n\n"
                    "def far(event):\n    return 9\n\n"
                    "GAME = rulebook.get_game('seven-prophecies')\n"
                    "VARIANT = Variant(GAME, GAME.Rules(), leader=far)\n", encoding="utf-8")
    done = _cli("simulate", "seven-prophecies", "--variant", f"{path}:VARIANT", "--games", "2")
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert "the leader hook" in lines[0] and "returned seat 10 to lead the next trick" in lines[0]
    assert "the game has seats 1 to 4" in lines[0]


def test_a_variant_with_turn_rules_reaches_worker_processes_whole() -> None:
    """A variant pickles with its [turns] table and leader hook (worker processes rebuild the same
    rules, compared by the functions they hold)."""
    import pickle

    named = Variant(SP, SP.Rules(), turns={"trick": "loser", "round": "seat:2"})
    again = pickle.loads(pickle.dumps(named))
    assert again.turns == (("trick", "loser"), ("round", "seat:2")) and again.rules == named.rules
    hooked = Variant(WB, WB.Rules(players=3), leader=behind_the_leader)
    assert pickle.loads(pickle.dumps(hooked)).rules == hooked.rules
    assert named.rules != SP.Rules() and named.rules.logic.leader != hooked.rules.logic.leader
