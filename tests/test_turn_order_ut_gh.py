"""Turn order by a rule (issue 32) in UTSUKE and in Gods and Humans.

UT-LOGIC-4, UT-RULING-20: a variant's ``leader`` hook or the named rules of a ``[turns]`` table
(rulebook.core.turns) are obeyed in played games. The next trick's leader is computed here
independently from the public records (the lords are places of the circle: a named rule may point
at one); the next round's lord place from the finished round.

GH-LOGIC-4, GH-RULING-20: the same among a deal's humans; the next deal's first leader, with
``deal_leader``. The refusals are typed and end the CLI in one line.
"""

from __future__ import annotations

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
from rulebook.errors import InvalidRules
from rulebook.games.gods_and_humans.rules import DECK as GH_DECK
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


def test_utsuke_a_lord_sent_to_lead_leads_its_rightmost_card() -> None:
    """UT-RULING-20, UT-LORD-4, UT-TRUMP-2: with ``leader`` the lord leads every trick; after the
    round's first it leads as after a won trick: its rightmost card, which carries the chip, so the
    suit led is the trump."""
    variant = Variant(UT, UT.Rules(players=3), turns={"trick": "leader"})
    rng = random.Random(7)
    state = variant.new_game(seed=7)
    checked = 0
    while not state.is_terminal:
        before = state
        state = state.apply(rng.choice(state.legal_actions()))
        if state.round == before.round and len(state.tricks) > len(before.tricks) and state.trick:
            lead = state.trick[0]  # the lord led trick k too, so its row lost that card already
            assert state.leader == 3 and lead == before.lord_row[-1] and state.lord_row == before.lord_row[:-1]
            assert lead // RANKS == state.trump, (lead, state.trump)
            checked += 1
    assert checked > 20


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
    return subprocess.run([sys.executable, "-m", "rulebook", *args], capture_output=True, text=True, cwd=os.getcwd(),
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


# -- Gods and Humans ---------------------------------------------------------------------------

GH = rulebook.get_game("gods-and-humans")
GH_ROUND = ("game", "lowest_score", "highest_score", "last_winner", "same", "seat:1", "seat:4")


def _gh_strength(card: int, led: int, trump: int | None, low: bool) -> int:
    """GH-TRICK-3, GH-TRICK-5, GH-TRICK-8 as the trick ranks cards: trumps, then the colour led, by
    number (the lower first with ``low``), every other colour lowest and equal."""
    colour, number = GH_DECK.suit_of[card], GH_DECK.rank_of[card]
    key = -number if low else number
    return 200 + key if colour == trump else 100 + key if colour == led else 0


def _gh_first_human(humans: list[int], seat: int, n: int) -> int:
    """The first of ``humans`` clockwise from ``seat`` (seat included)."""
    return next(s % n for s in range(seat, seat + n) if s % n in humans)


def _gh_deals(state: Any) -> list[list[Any]]:
    """A finished game's tricks grouped by deal."""
    deals: list[list[Any]] = []
    for record in state.tricks:
        if not deals or deals[-1][0].round != record.round:
            deals.append([])
        deals[-1].append(record)
    return deals


def _gh_play(variant: Variant, seed: int) -> tuple[Any, list[tuple[int, ...]]]:
    """A random game; the scores when each deal began."""
    rng = random.Random(seed)
    state = variant.new_game(seed=seed)
    starts = [state.scores]
    while not state.is_terminal:
        before = state.deal
        state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal and state.deal > before:
            starts.append(state.scores)
    return state, starts


def _gh_expected_trick(rule: str, record: Any, first: Any, scores: tuple[int, ...], rules: Any) -> int:
    humans = [p for p, _ in record.plays]  # in the order of play, from the leader
    h = len(humans)
    from_winner = humans[humans.index(record.winner):] + humans[:humans.index(record.winner)]
    if rule == "winner":
        return int(record.winner)
    if rule == "left_of_winner":
        return from_winner[1]
    if rule == "leader":
        return int(first.leader)
    if rule == "loser":
        trump = 0 if h == 4 and rules.red_trump else None
        led = GH_DECK.suit_of[record.cards[0]]
        of = {p: _gh_strength(c, led, trump, rules.trick_winner == "lowest") for p, c in record.plays}
        low = min(of.values())
        return next(p for p in from_winner if of[p] == low)
    best = (min if rule == "lowest_score" else max)(scores[p] for p in humans)
    return next(p for p in from_winner if scores[p] == best)


def _gh_expected_deal(rule: str, d: int, prev: list[Any], nxt: list[Any], scores: tuple[int, ...], n: int) -> int:
    """Who leads deal ``d``'s first trick after the deal ``prev`` (tricks); ``nxt`` its tricks."""
    humans = sorted(p for p, _ in nxt[0].plays)
    rotate = humans[d % len(humans)]
    if rule == "same":
        return _gh_first_human(humans, prev[0].leader, n)
    if rule.startswith("seat:"):
        return _gh_first_human(humans, int(rule[5:]) - 1, n)
    if rule == "last_winner":
        return int(prev[-1].winner) if prev[-1].winner in humans else rotate
    if rule in ("lowest_score", "highest_score"):
        best = (min if rule == "lowest_score" else max)(scores[p] for p in humans)
        i = humans.index(rotate)
        return next(p for p in humans[i:] + humans[:i] if scores[p] == best)
    return rotate


@pytest.mark.parametrize("trick_rule,round_rule", list(zip(TRICK, GH_ROUND[:6], strict=True)) + [("loser", "seat:4")])
@pytest.mark.parametrize("players", [5, 6])
def test_gods_named_rules_pick_every_leader_among_the_humans(trick_rule: str, round_rule: str, players: int) -> None:
    """GH-LOGIC-4, GH-RULING-20: after every trick that does not end the deal, the next trick is led
    by the human the trick rule names among the deal's humans; every deal after the first is led
    by the human the round rule names (a god named passes it to the first human clockwise)."""
    variant = Variant(GH, GH.Rules(players=players), turns={"trick": trick_rule, "round": round_rule})
    tricks = deals_checked = 0
    for seed in range(3):
        final, starts = _gh_play(variant, seed)
        deals = _gh_deals(final)
        for d, deal in enumerate(deals):
            for i in range(len(deal) - 1):
                expected = _gh_expected_trick(trick_rule, deal[i], deal[0], starts[d], final.rules)
                assert deal[i + 1].leader == expected, (seed, d, i)
                tricks += 1
            if d:
                expected = _gh_expected_deal(round_rule, d, deals[d - 1], deal, starts[d], players)
                assert deal[0].leader == expected, (seed, d, round_rule)
                deals_checked += 1
    assert tricks > 60 and deals_checked >= 9


def test_gods_loser_differs_from_the_winner_and_reads_the_lowest_number_house_rule() -> None:
    """GH-RULING-20: the loser's lead is not the winner's in most tricks; with trick_winner=lowest
    the ranking is reversed and still obeyed."""
    for rules in (GH.Rules(players=5), GH.Rules(players=6, trick_winner="lowest")):
        variant = Variant(GH, rules, turns={"trick": "loser"})
        differ = 0
        for seed in range(2):
            final, starts = _gh_play(variant, seed)
            deals = _gh_deals(final)
            for d, deal in enumerate(deals):
                for i in range(len(deal) - 1):
                    assert deal[i + 1].leader == _gh_expected_trick("loser", deal[i], deal[0], starts[d], rules)
                    differ += deal[i + 1].leader != deal[i].winner
        assert differ > 20


def test_gods_loser_leads_example_file_is_obeyed_and_verified() -> None:
    """GH-LOGIC-4: docs/examples/gods_loser_leads.toml is played faithfully and passes verify."""
    variant = load_variant(None, str(ROOT / "docs/examples/gods_loser_leads.toml"))
    assert variant.describe()["turns"] == {"trick": "loser", "round": "highest_score"}
    final, starts = _gh_play(variant, 4)
    deals = _gh_deals(final)
    for d, deal in enumerate(deals):
        for i in range(len(deal) - 1):
            assert deal[i + 1].leader == _gh_expected_trick("loser", deal[i], deal[0], starts[d], final.rules)
        if d:
            assert deal[0].leader == _gh_expected_deal("highest_score", d, deals[d - 1], deal, starts[d], 5)
    report = verify(GH, variant, examples=8, seed=3, boundary_every=4)
    assert report.ok, report


def _seat_by_number_gh(event: Event) -> int | None:
    """Trick: the seat numbered by the trick's number (mod players), a god too; deal: seat 1."""
    if event.kind == "trick":
        return event.number % event.state.rules.players
    return 0


def test_gods_python_leader_hook_is_obeyed_and_a_god_passes_the_lead_clockwise() -> None:
    """GH-LOGIC-4, GH-RULING-20: the seat a function names leads the next trick, or, a god, the first
    human clockwise from it; its answer for a deal leads the next deal's first trick the same way."""
    variant = Variant(GH, GH.Rules(players=6), leader=_seat_by_number_gh)
    final, _ = _gh_play(variant, 2)
    deals = _gh_deals(final)
    gods_named = 0
    for deal in deals:
        humans = sorted(p for p, _ in deal[0].plays)
        for i in range(len(deal) - 1):
            named = deal[i].number % 6
            gods_named += named not in humans
            assert deal[i + 1].leader == _gh_first_human(humans, named, 6)
        if deal[0].round:
            assert deal[0].leader == _gh_first_human(humans, 0, 6)
    assert gods_named > 3


@pytest.mark.parametrize("rules,kwargs,field,words", [
    ({"deal_leader": "lowest_score"}, {"turns": {"round": "same"}}, "turns.round", "give one of the two"),
    ({}, {"turns": {"round": "rotate"}}, "turns.round", "no meaning for 'rotate'"),
    ({}, {"turns": {"trick": "loser"}, "trick_winner": lambda trick: trick.players[0]}, "turns.trick",
     "keeps the winner"),
    ({}, {"leader": _seat_by_number_gh, "trick_winner": lambda trick: trick.players[0]}, "leader",
     "keeps the winner"),
    ({}, {"turns": {"round": "seat:6"}}, "turns.round", "no seat 6 with 5 players"),
])
def test_gods_refuses_what_it_cannot_honour_naming_the_field(rules: dict[str, Any], kwargs: dict[str, Any],
                                                               field: str, words: str) -> None:
    """GH-RULING-20: a round rule beside a deal_leader of its own, the printed rotation named
    `rotate`, and a lead moved away from a variant's own trick winner are refused, naming the field."""
    with pytest.raises(InvalidRules) as err:
        Variant(GH, GH.Rules(**rules), **kwargs)
    assert err.value.field == field and words in str(err.value)


def test_gods_keeps_deal_leader_with_the_trick_rules_and_a_variant_winner_with_winner() -> None:
    """GH-RULING-20: deal_leader with a trick rule only, and a variant's trick winner with
    trick = winner and a round rule, are accepted."""
    Variant(GH, GH.Rules(deal_leader="last_winner"), turns={"trick": "loser"})
    Variant(GH, GH.Rules(), turns={"trick": "winner", "round": "highest_score"},
            trick_winner=lambda trick: trick.players[0])


def test_gods_cli_refuses_a_round_rule_beside_deal_leader_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "turns.toml"
    path.write_text('game = "gods-and-humans"\n\n[rules]\ndeal_leader = "lowest_score"\n\n[turns]\n'
                    'round = "same"\n', encoding="utf-8")
    done = _cli("simulate", "gods-and-humans", "--variant", str(path), "--games", "2")
    lines = done.stderr.strip().splitlines()
    assert done.returncode != 0 and len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert "turns.round" in lines[0] and "deal_leader" in lines[0]


def test_gods_options_lists_its_turn_rules() -> None:
    import json

    gh = json.loads(_cli("options", "gods-and-humans", "--json").stdout)["logic"]["turns"]
    assert gh == {"trick": list(TRICK), "round": ["game", "lowest_score", "highest_score", "last_winner", "same",
                                                   "seat:N"]}


@pytest.mark.parametrize("deal_leader", ["rotate", "last_winner"])
def test_gods_printed_rules_named_give_the_same_games_move_for_move(deal_leader: str) -> None:
    """GH-LOGIC-4: naming the printed rules (the general path) plays the same games as the printed
    game (a Logic whose leader is None), move for move, with deal_leader obeyed."""
    named = Variant(GH, GH.Rules(deal_leader=deal_leader), turns={"trick": "winner", "round": "game"})
    assert named.rules.logic.leader is not None
    plain = GH.Rules(deal_leader=deal_leader, logic=Logic(leader=None))
    assert plain == GH.Rules(deal_leader=deal_leader)
    for seed in range(3):
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        a, b = named.new_game(seed=seed), GH.new_game(plain, seed=seed)
        while not b.is_terminal:
            assert a.legal_actions() == b.legal_actions() and a.current_player == b.current_player
            a, b = a.apply(rng_a.choice(a.legal_actions())), b.apply(rng_b.choice(b.legal_actions()))
        assert a.is_terminal and a.scores == b.scores and a.history == b.history and a.tricks == b.tricks


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.nested_given])
@given(seed=st.integers(0, 10**6), trick=st.sampled_from(TRICK), rnd=st.sampled_from(GH_ROUND[:5] + ("seat:2",)),
       players=st.integers(5, 7), follow=st.sampled_from(["must_follow", "free", "must_trump"]),
       lowest=st.booleans(), red_trump=st.booleans(), deal_leader=st.sampled_from(["rotate", "lowest_score"]))
def test_gods_random_rules_and_turn_rules_keep_the_invariants(seed: int, trick: str, rnd: str, players: int,
                                                              follow: str, lowest: bool, red_trump: bool,
                                                              deal_leader: str) -> None:
    """GH-LOGIC-4: random options with random named rules: verify's checks hold (the game ends, the
    scores are consistent, the twin-world check finds no leak)."""
    if rnd != "game":
        deal_leader = "rotate"
    rules = GH.Rules(players=players, follow=follow, trick_winner="lowest" if lowest else "highest",
                     red_trump=red_trump, deal_leader=deal_leader)
    variant = Variant(GH, rules, turns={"trick": trick, "round": rnd}, players_fixed=True)
    report = verify(GH, variant, examples=2, seed=seed, boundary_every=3)
    assert report.ok, report


def _keep(event: Event) -> int | None:
    return None


@pytest.mark.parametrize("game,rules", [(UT, {"players": 2}), (GH, {"deal_leader": "lowest_score"})])
def test_a_hook_that_answers_nothing_keeps_the_game_and_deal_leader(game: Any, rules: dict[str, Any]) -> None:
    """UT-LOGIC-4, GH-LOGIC-4, GH-RULING-20: a leader function answering ``None`` everywhere plays the
    printed game move for move (in Gods and Humans, ``deal_leader`` still chooses each deal's leader)."""
    hooked = Variant(game, game.Rules(**rules), leader=_keep)
    for seed in range(2):
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        a, b = hooked.new_game(seed=seed), game.new_game(game.Rules(**rules), seed=seed)
        while not b.is_terminal:
            assert a.legal_actions() == b.legal_actions() and a.current_player == b.current_player
            a, b = a.apply(rng_a.choice(a.legal_actions())), b.apply(rng_b.choice(b.legal_actions()))
        assert a.is_terminal and a.scores == b.scores and a.tricks == b.tricks
