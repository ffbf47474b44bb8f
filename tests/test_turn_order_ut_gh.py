"""Turn order by a rule (issue 32) in UTSUKE: who leads the next trick and where the lord sits next.

UT-LOGIC-4, UT-RULING-20: a variant's ``leader`` hook or the named rules of a ``[turns]`` table
(rulebook.core.turns) are obeyed in played games. The next trick's leader is computed here
independently from the public records (the lords are places of the circle: a named rule may point
at one); the next round's lord place from the finished round. The refusals are typed and end the
CLI in one line.
"""

from __future__ import annotations

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
from rulebook.errors import InvalidRules
from rulebook.variants.hooks import HookError
from rulebook.variants.variant import Variant, load_variant
from rulebook.variants.verify import verify

ROOT = Path(__file__).resolve().parents[1]
UT = rulebook.get_game("utsuke")
TRICK = ("winner", "loser", "left_of_winner", "leader", "lowest_score", "highest_score")
ROUND = ("game", "lowest_score", "highest_score", "last_winner", "rotate", "same", "seat:1", "seat:3")
RANKS = 12  # UT-COMP-1: five suits of 1..12, a suit's cards consecutive


def _circle_from(record: Any, origin: Any) -> list[Any]:
    """The trick's places in the order of the circle (the order of play), starting at ``origin``."""
    order = [p for p, _ in record.plays]
    i = order.index(origin)
    return order[i:] + order[:i]


def _loser(record: Any, trump: int, lowest_wins: bool = False) -> Any:
    """The place whose card ranked lowest: a trump above the suit led, any other suit below both
    and all equal; ties go to the first place clockwise from the winner (UT-RULING-20)."""
    led = record.cards[0] // RANKS

    def strength(card: int) -> int:
        rank = card % RANKS if not lowest_wins else RANKS - 1 - card % RANKS
        return 200 + rank if card // RANKS == trump else 100 + rank if card // RANKS == led else 0

    of = {p: strength(c) for p, c in record.plays}
    low = min(of.values())
    return next(p for p in _circle_from(record, record.winner) if of[p] == low)


def _first_seat(record: Any, origin: Any) -> int:
    """The first seat (not a lord) clockwise from ``origin`` in the trick's circle."""
    return next(p for p in _circle_from(record, origin) if isinstance(p, int))


def _by_score(scores: tuple[int, ...], origin: int, lowest: bool) -> int:
    best = min(scores) if lowest else max(scores)
    n = len(scores)
    return next(s % n for s in range(origin, origin + n) if scores[s % n] == best)


def _expected_lead(rule: str, before: Any, after: Any) -> Any:
    """The place the named trick rule names after the trick ``after`` has just finished; ``before``
    is the state before its last action (its trump is the trick's)."""
    record = after.tricks[-1]
    winner = record.winner
    acts = _first_seat(record, winner)  # the seat the printed rule puts to act first
    if rule == "winner":
        return winner
    if rule == "loser":
        return _loser(record, before.trump, after.rules.trick_winner == "lowest")
    if rule == "left_of_winner":
        return _circle_from(record, winner)[1]
    if rule == "leader":
        return "lord"
    return _by_score(after.scores, acts, rule == "lowest_score")


def _expected_lord_before(rule: str, prev: int, state: Any) -> int:
    """The seat the lord sits before in the round ``state`` has just started, after a round in which
    it sat before ``prev`` (``state.tricks[-1]`` is the last trick of that round)."""
    n = state.rules.players
    if rule.startswith("seat:"):
        return int(rule[5:]) - 1
    if rule in ("game", "rotate"):
        return (prev + 1) % n
    if rule == "same":
        return prev
    if rule == "last_winner":
        last = state.tricks[-1]
        return _first_seat(last, last.winner)
    return _by_score(state.scores, (prev + 1) % n, rule == "lowest_score")


def _check_game(variant: Variant, seed: int, trick_rule: str, round_rule: str) -> tuple[int, int]:
    """Play a random game; check every next leader and every new lord place. The counts checked."""
    rng = random.Random(seed)
    state = variant.new_game(seed=seed)
    prev = state.lord_before
    tricks = rounds = 0
    while not state.is_terminal:
        before = state
        state = state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal:
            break
        if state.round > before.round:  # a new round: UT-LOGIC-4's round rule placed the lord
            assert state.lord_before == _expected_lord_before(round_rule, prev, state), (seed, round_rule)
            assert state.leader == state.rules.players  # the lord still opens the round (UT-PLAY-1)
            prev = state.lord_before
            rounds += 1
        elif len(state.tricks) > len(before.tricks):  # a trick that did not end the round
            expected = _expected_lead(trick_rule, before, state)
            place = state.leader
            named = place if place < state.rules.players else ("lord" if place == state.rules.players
                                                               else "young lord")
            assert named == expected, (seed, trick_rule, len(state.tricks))
            tricks += 1
    # the records agree: each trick after the first of its round is led by the rule's place
    return tricks, rounds


@pytest.mark.parametrize("trick_rule,round_rule", list(zip(TRICK, ROUND[:6], strict=True))
                         + [("loser", "seat:3"), ("left_of_winner", "seat:1")])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_utsuke_named_rules_pick_every_leader_and_lord_place(trick_rule: str, round_rule: str, players: int) -> None:
    """UT-LOGIC-4, UT-RULING-20: after every trick that does not end the round, the next trick is led
    by the place the trick rule names (a lord included); after every round, the lord sits before the
    seat the round rule names, and still opens the round."""
    if round_rule == "seat:3" and players == 2:
        round_rule = "seat:2"
    variant = Variant(UT, UT.Rules(players=players), turns={"trick": trick_rule, "round": round_rule})
    tricks = rounds = 0
    for seed in range(5):
        t, r = _check_game(variant, seed, trick_rule, round_rule)
        tricks, rounds = tricks + t, rounds + r
    assert tricks > 60 and rounds >= 5


def test_utsuke_the_rules_that_point_at_a_lord_do_so_in_played_games() -> None:
    """UT-RULING-20: ``loser`` and ``left_of_winner`` send a lord to lead some tricks, and a player
    others; ``leader`` has the lord lead every trick; with two players ``left_of_winner`` after a
    player's win gives the lead to a lord (players and lords alternate, UT-SETUP-2)."""
    seen: dict[str, set[Any]] = {}
    for rule, players in (("loser", 4), ("left_of_winner", 2), ("leader", 3)):
        variant = Variant(UT, UT.Rules(players=players), turns={"trick": rule})
        rng = random.Random(5)
        state = variant.new_game(seed=5)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        seen[rule] = {t.leader for t in state.tricks}
    assert "lord" in seen["loser"] and seen["loser"] & {0, 1, 2, 3}
    assert seen["left_of_winner"] >= {"lord", "young lord"} and seen["left_of_winner"] & {0, 1}
    assert seen["leader"] == {"lord"}


def test_utsuke_loser_reads_the_house_rule_ranking() -> None:
    """UT-RULING-20 with UT-TRICK-4 (the lowest card wins): the loser is the highest card of the suit
    led or of the trump, by the trick's own ranking."""
    variant = Variant(UT, UT.Rules(players=4, trick_winner="lowest"), turns={"trick": "loser"})
    tricks = sum(_check_game(variant, seed, "loser", "game")[0] for seed in range(3))
    assert tricks > 40


def test_utsuke_loser_leads_example_file_is_obeyed_and_verified() -> None:
    """UT-LOGIC-4: docs/examples/utsuke_loser_leads.toml is played faithfully and passes verify."""
    variant = load_variant(None, str(ROOT / "docs/examples/utsuke_loser_leads.toml"))
    assert variant.describe()["turns"] == {"trick": "loser", "round": "lowest_score"}
    tricks = rounds = 0
    for seed in range(3):
        t, r = _check_game(variant.at(3), seed, "loser", "lowest_score")
        tricks, rounds = tricks + t, rounds + r
    assert tricks > 30 and rounds >= 3
    report = verify(UT, variant, examples=10, seed=3, boundary_every=4)
    assert report.ok, report


# -- the Python hook -------------------------------------------------------------------------


def seat_by_number(event: Event) -> int | None:
    """Trick: the seat numbered by the trick's number (mod players) leads; round: the lord sits
    before seat 2."""
    if event.kind == "trick":
        return event.number % event.state.rules.players
    return 1


def _lord_please(event: Event) -> Any:
    return event.state.rules.players  # the lord's place: not a seat


def test_utsuke_python_leader_hook_is_obeyed() -> None:
    """UT-LOGIC-4: Variant(..., leader=fn): the seat it names leads the next trick, even after a lord
    won; the round's answer is the seat the lord sits before."""
    variant = Variant(UT, UT.Rules(players=3), leader=seat_by_number)
    assert variant.rules.logic.leader is not None and not variant.rules.logic.printed
    rng = random.Random(4)
    state = variant.new_game(seed=4)
    checked = rounds = 0
    while not state.is_terminal:
        before = state
        state = state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal:
            break
        if state.round > before.round:
            assert state.lord_before == 1
            rounds += 1
        elif len(state.tricks) > len(before.tricks):
            assert state.leader == (len(state.tricks) - 1) % 3
            checked += 1
    assert checked > 20 and rounds >= 1
    lords = sum(t.winner in ("lord", "young lord") for t in state.tricks)
    assert lords > 0  # the hook's seat led even after the lord's wins


def test_utsuke_a_hook_cannot_name_the_lord() -> None:
    """UT-RULING-20, contract:leader: a hook answers with a seat; the lord's place is refused, by
    name of the hook, and verify reports that check."""
    variant = Variant(UT, UT.Rules(players=3), leader=_lord_please, source="lord.py")
    state = variant.new_game(seed=1)
    with pytest.raises(HookError) as err:
        while not state.is_terminal:
            state = state.apply(state.legal_actions()[0])
    assert err.value.check == "contract:leader" and "seat 4" in str(err.value)
    assert "the game has seats 1 to 3" in str(err.value)
    report = verify(UT, variant, examples=2, seed=0)
    assert not report.ok and report.failure is not None and report.failure.check == "contract:leader"


# -- refusals --------------------------------------------------------------------------------


@pytest.mark.parametrize("turns,field,words", [
    ({"trick": "nobody"}, "turns.trick", "'nobody' is not a rule"),
    ({"round": "seat:5"}, "turns.round", "no seat 5 with 4 players"),
    ({"round": "seat:0"}, "turns.round", "no seat 0"),
    ({"round": "lord"}, "turns.round", "'lord' is not a rule"),
])
def test_utsuke_refuses_bad_turn_rules_naming_the_field(turns: dict[str, Any], field: str, words: str) -> None:
    """UT-LOGIC-4: every value is checked; the error names turns.trick or turns.round."""
    with pytest.raises(InvalidRules) as err:
        Variant(UT, UT.Rules(players=4), turns=turns)
    assert err.value.field == field and words in str(err.value)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulebook", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)


@pytest.mark.parametrize("table,words", [('trick = "first"', "turns.trick"), ('round = "seat:9"', "no seat 9")])
def test_utsuke_cli_refuses_bad_turn_rules_in_one_line(tmp_path: Path, table: str, words: str) -> None:
    path = tmp_path / "turns.toml"
    path.write_text(f'game = "utsuke"\n\n[turns]\n{table}\n', encoding="utf-8")
    done = _cli("simulate", "utsuke", "--variant", str(path), "--games", "2")
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0] and "Traceback" not in done.stderr, done.stderr


def test_utsuke_options_lists_its_turn_rules() -> None:
    import json

    ut = json.loads(_cli("options", "utsuke", "--json").stdout)["logic"]["turns"]
    assert ut == {"trick": list(TRICK), "round": ["game", "lowest_score", "highest_score", "last_winner", "rotate",
                                                   "same", "seat:N"]}


# -- the printed path ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_utsuke_printed_rules_named_give_the_same_games_move_for_move(players: int) -> None:
    """UT-LOGIC-4: naming the printed rules (the general path, with its events) and a Logic whose
    leader is None (the printed path) play the same games as the printed game, move for move."""
    named = Variant(UT, UT.Rules(players=players), turns={"trick": "winner", "round": "game"})
    assert named.rules.logic.leader is not None
    plain = UT.Rules(players=players, logic=Logic(leader=None))
    assert plain == UT.Rules(players=players)
    for seed in range(3):
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        a, b = named.new_game(seed=seed), UT.new_game(plain, seed=seed)
        while not b.is_terminal:
            assert a.legal_actions() == b.legal_actions() and a.current_player == b.current_player
            a, b = a.apply(rng_a.choice(a.legal_actions())), b.apply(rng_b.choice(b.legal_actions()))
        assert a.is_terminal and a.scores == b.scores and a.history == b.history
        assert a.tricks == b.tricks and a.rounds == b.rounds


# -- properties ------------------------------------------------------------------------------


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.nested_given])
@given(seed=st.integers(0, 10**6), trick=st.sampled_from(TRICK), rnd=st.sampled_from(ROUND[:6] + ("seat:2",)),
       players=st.integers(2, 6), follow=st.sampled_from(["must", "free", "must_trump"]),
       trumps=st.sampled_from(["chip", "none"]), lowest=st.booleans(), fixed=st.booleans())
def test_utsuke_random_rules_and_turn_rules_keep_the_invariants(seed: int, trick: str, rnd: str, players: int,
                                                                follow: str, trumps: str, lowest: bool,
                                                                fixed: bool) -> None:
    """UT-LOGIC-4: random options with random named rules: verify's checks hold (the game ends, the
    scores are consistent, the twin-world check finds no leak)."""
    if follow == "must_trump":  # UT-PLAY-4 needs trumps
        trumps = "chip"
    rules = UT.Rules(players=players, follow=follow, trumps=trumps, trick_winner="lowest" if lowest else "highest",
                     trump_change="fixed" if fixed else "moves")
    variant = Variant(UT, rules, turns={"trick": trick, "round": rnd}, players_fixed=True)
    report = verify(UT, variant, examples=2, seed=seed, boundary_every=3)
    assert report.ok, report
