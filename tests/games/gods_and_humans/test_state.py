"""The gods-and-humans engine: a scripted deal, tricks, interventions, the deal leader, phases and
illegal actions (spec prefix GH).

The helpers here (``run``, ``eight_start``, the scripted deals) are shared by the other test files.
"""

from __future__ import annotations

import random

import pytest

from rulebook.errors import IllegalAction, InvalidRules
from rulebook.games.gods_and_humans import DECK, GAME, GodsState, Phase, Play, Rules, role_counts
from rulebook.reference import records

C = DECK.parse


def cards(text: str) -> list[int]:
    return [C(t) for t in text.split()]


def run(state: GodsState, *texts: str) -> GodsState:
    for text in texts:
        state = state.apply(GAME.parse_action(text, state.rules))
    return state


def rule_of(state: GodsState, text: str) -> str:
    with pytest.raises(IllegalAction) as info:
        state.apply(GAME.parse_action(text, state.rules))
    return info.value.rule


EIGHT = Rules(players=8, deals=1, stars=(3, 2, 2, 2, 2, 4))


GOD_CARDS = "R1 R2 R3 R4 B1 B2 B3 B4 G1 G2 G3 G4 Y1 Y2 Y3 Y4"


FIELD = "R5 B5 G5 Y5 R6 B6 G6 Y6"


HUMAN_CARDS = "R12 R11 R10 R9 R8 R7 B12 B11 B10 B9 B8 B7 G12 G11 G10 G9 G8 G7 Y12 Y11 Y10 Y9 Y8 Y7"


EIGHT_DEAL = (*cards(GOD_CARDS), *cards(FIELD), *cards(HUMAN_CARDS), 0, 1, 2, 3, 0, 1, 2, 3)


def eight_start() -> GodsState:
    return GAME.new_game(EIGHT, deals=[EIGHT_DEAL])


def test_scripted_deal_with_field_hand_and_forced_interventions() -> None:
    """GH-ORACLE-1, GH-ORACLE-2, GH-TRICK-1..4, GH-INTERVENE-1..4, GH-FORCED-1, GH-FORCED-2,
    GH-END-1, GH-SCORE-1, GH-END-3, GH-RULING-2, GH-RULING-11, GH-RULING-12, GH-RULING-15."""
    s = eight_start()
    assert s.gods == (0, 1, 2, 3) and s.humans == (4, 5, 6, 7)
    assert s.current_player == 0
    s = run(s, "oracle 5", "oracle 1", "oracle 0", "oracle 2")
    assert s.oracle == (-1, -1, -1, -1, 5, 1, 0, 2)
    assert s.phase == 5 and s.current_player == 4  # GH-SETUP-6: human index 0 leads deal 0
    # trick 1: red leads; nobody else has red
    s = run(s, "play R12", "play B7", "play G7", "play Y7")
    assert s.won == (0, 0, 0, 0, 1, 0, 0, 0)
    # gap 1: asking starts with the (1 mod 4)-th waiting god: seat 1 (GH-RULING-2)
    assert s.phase == 2 and s.asking == (1, 2, 3, 0) and s.current_player == 1
    s = run(s, "intervene", "give R5")
    assert rule_of(s, "give B1") == "GH-RULING-4"  # one source per intervention
    s = run(s, "give B5", "give G5", "give Y5")
    assert C("R5") in s.hands[4] and C("Y5") in s.hands[7]
    assert s.field == tuple(sorted(cards("R6 B6 G6 Y6")))
    assert s.hands[1] == tuple(sorted(cards("B1 B2 B3 B4")))  # GH-RULING-12: kept
    assert s.phase == 5 and s.current_player == 4  # one intervention per gap
    s = run(s, "play R11", "play B8", "play G8", "play Y8")
    # gap 2: waiting gods (0, 2, 3), start at 2 mod 3 -> seat 3
    assert s.asking == (3, 0, 2) and s.current_player == 3
    s = run(s, "intervene", "give Y1", "give Y2", "give Y3", "give Y4")
    assert s.hands[3] == ()
    s = run(s, "play R10", "play B9", "play G9", "play Y9")
    assert s.asking == (2, 0)
    assert rule_of(s, "play R9") == "GH-INTERVENE-2"
    s = run(s, "pass", "pass", "play R9", "play B10", "play G10", "play Y10")
    assert s.observation(4).passes == ((3, 2), (3, 0))  # public: who passed at which gap
    s = run(s, "pass", "pass", "play R8", "play B11", "play G11", "play Y11")
    s = run(s, "pass", "pass", "play R7", "play B12", "play G12", "play Y12")
    s = run(s, "pass", "pass", "play R5", "play B5", "play G5", "play Y5")
    # gap 7: the humans hold one card each, two gods have not intervened (GH-FORCED-1)
    assert [len(s.hands[x]) for x in s.humans] == [1, 1, 1, 1]
    assert s.phase == 4 and s.current_player == 0  # no asking at this gap (GH-RULING-11)
    assert rule_of(s, "give R6") == "GH-FORCED-2"  # not from the field
    s = run(s, "give R1", "give R2")
    # face down: nothing reaches the humans yet, and the other god does not see it
    assert [len(s.hands[x]) for x in s.humans] == [1, 1, 1, 1]
    s = run(s, "give R3", "give R4")
    assert s.current_player == 2
    assert s.observation(2).forced is not None and s.observation(2).forced.own == ()
    assert s.observation(2).forced.laid == 4
    s = run(s, "give G1", "give G2", "give G3", "give G4")
    # revealed: each human holds its card plus one from each forced god
    assert s.hands[4] == tuple(sorted(cards("Y1 R1 G1")))
    assert s.hands[5] == tuple(sorted(cards("Y2 R2 G2")))
    assert s.phase == 5 and s.current_player == 4
    s = run(s, "play Y1")
    assert rule_of(s, "play R2") == "GH-TRICK-2"
    s = run(s, "play Y2", "play Y3", "play Y4")
    assert s.current_player == 7  # GH-TRICK-4: Y4 won
    s = run(s, "play G4", "play G1", "play G2", "play G3", "play R4", "play R1", "play R2", "play R3")
    assert s.is_terminal
    res = s.past[0]
    assert [(r.seat, r.won) for r in res.human_results] == [(4, 7), (5, 0), (6, 0), (7, 3)]
    # GH-INTERVENE-4, GH-RULING-18: every god once
    assert [(r.seat, r.gap, r.source) for r in res.god_results] == [
        (0, 7, "forced"), (1, 1, "field"), (2, 7, "forced"), (3, 2, "hand")
    ]
    stats = GAME.end_stats(s)
    assert (stats["field_interventions"], stats["hand_interventions"], stats["forced_interventions"]) == (1, 1, 2)
    # GH-SCORE-1: only human 2 (seat 6, oracle 0) is exact; it and its partner god 2 score
    assert s.scores == (0, 0, 3, 0, 0, 0, 3, 0)
    assert s.winners == frozenset({2, 6})  # GH-END-3: ties share
    assert rule_of(s, "play R1") == "GH-END-2"
    replayed = records.replay(records.loads(records.dumps(s)), complete=True)
    assert replayed == s


def test_red_trump_beats_the_led_colour() -> None:
    """GH-TRICK-3, GH-TRICK-5, GH-RULING-16: with 4 humans red wins; the house rule removes the trump."""
    for red_trump, winner in ((True, 7), (False, 4)):
        rules = Rules(players=8, deals=1, red_trump=red_trump)
        deal = cards(GOD_CARDS) + cards(FIELD)
        deal += cards("B12 B11 B10 B9 B8 B7 G12 G11 G10 G9 G8 G7 Y12 Y11 Y10 Y9 Y8 Y7 R12 R11 R10 R9 R8 R7")
        s = GAME.new_game(rules, deals=[(*deal, 0, 1, 2, 3, 0, 1, 2, 3)])
        s = run(s, "oracle 0", "oracle 0", "oracle 0", "oracle 0", "play B12", "play G7", "play Y7", "play R7")
        assert s.won.index(1) == winner
        assert s.tricks[0].winner == winner
        assert s.tricks[0].rule == ("GH-TRICK-5" if red_trump else "GH-TRICK-3")


def test_illegal_actions_cite_rules() -> None:
    """GH-ORACLE-1, GH-TRICK-1, GH-INTERVENE-3: wrong kinds or cards are rejected with the rule."""
    s = eight_start()
    assert rule_of(s, "play R12") == "GH-ORACLE-1"
    s = run(s, "oracle 5", "oracle 1", "oracle 0", "oracle 2")
    assert rule_of(s, "play B12") == "GH-TRICK-1"
    assert rule_of(s, "oracle 1") == "GH-TRICK-1"
    s = run(s, "play R12", "play B7", "play G7", "play Y7", "intervene")
    assert rule_of(s, "give R12") == "GH-INTERVENE-3"  # a human's card
    assert rule_of(s, "pass") == "GH-INTERVENE-3"
    forced = run(eight_start(), "oracle 0", "oracle 0", "oracle 0", "oracle 0")
    assert forced.phase == 5


def test_mixed_sources_house_rule() -> None:
    """GH-INTERVENE-3, GH-RULING-4: with mix_sources one intervention may use hand and field."""
    rules = Rules(players=8, deals=1, mix_sources=True)
    s = GAME.new_game(rules, deals=[EIGHT_DEAL])
    s = run(s, "oracle 0", "oracle 0", "oracle 0", "oracle 0", "play R12", "play B7", "play G7", "play Y7")
    s = run(s, "intervene", "give R5", "give B1", "give G5", "give B2")
    assert s.field == tuple(sorted(cards("R6 B6 G6 Y6 B5 Y5")))
    assert s.hands[1] == tuple(sorted(cards("B3 B4")))
    GAME.check_invariants(s)


def test_early_intervention_option() -> None:
    """GH-INTERVENE-1, GH-RULING-3: no intervention before the first trick unless the option is set."""
    for early, phase in ((False, 5), (True, 2)):
        s = GAME.new_game(Rules(players=8, deals=1, early_intervention=early), deals=[EIGHT_DEAL])
        s = run(s, "oracle 0", "oracle 0", "oracle 0", "oracle 0")
        assert s.phase == phase


def play_out(s: GodsState) -> GodsState:
    """Deterministic play: highest legal card; the first god asked intervenes; first legal card given."""
    while not s.is_terminal:
        legal = s.legal_actions()
        if s.phase == 5:
            s = s.apply(max(legal, key=lambda a: DECK.rank_of[a.card]))  # type: ignore[union-attr]
        else:
            s = s.apply(legal[0])
    return s


def test_start_player_rotates_with_the_deal() -> None:
    """GH-SETUP-6, GH-RULING-7: by default (rotate) human index d mod H leads the first trick of deal d."""
    for players in range(5, 9):
        s = GAME.new_game(Rules(players=players, deals=5), seed=players)
        rng = random.Random(players)
        seen = {0: s.humans.index(s.leader)}
        while not s.is_terminal:
            s = s.apply(rng.choice(s.legal_actions()))
            if s.deal not in seen:
                seen[s.deal] = s.humans.index(s.leader)
        h = role_counts(players)[0]
        assert seen == {d: d % h for d in range(5)}


def test_gods_never_play_tricks() -> None:
    """GH-ROLE-3, GH-RULING-15: only humans play cards, in seat order from the leader."""
    s = GAME.new_game(Rules(players=7, deals=1), seed=11)
    rng = random.Random(11)
    while not s.is_terminal:
        legal = s.legal_actions()
        if s.phase == 5:
            h = len(s.humans)
            assert s.current_player == s.humans[(s.humans.index(s.leader) + len(s.trick)) % h]
        else:
            assert s.current_player in s.gods or s.phase == 1
        s = s.apply(rng.choice(legal))


def test_deal_leader_methods() -> None:
    """GH-SETUP-6, GH-RULING-7: rotate, lowest_score and last_winner pick the first leader of deal 1."""
    base = GAME.new_game(Rules(players=5, deals=2), seed=29)
    rng = random.Random(29)
    actions = []
    s = base
    while s.deal == 0:
        a = rng.choice(s.legal_actions())
        actions.append(a)
        s = s.apply(a)
    last = s.past[0].tricks[-1].winner
    totals = s.scores
    humans = s.humans  # deal 1: gods (2, 3), humans (0, 1, 4)
    assert humans == (0, 1, 4) and totals == (0, 1, 0, 1, 1) and last == 4
    expected = {
        "rotate": humans[1 % 3],
        "lowest_score": min((humans[(1 + k) % 3] for k in range(3)), key=lambda x: totals[x]),
        "last_winner": last if last in humans else humans[1],
    }
    for how, leader in expected.items():
        t = GAME.new_game(Rules(players=5, deals=2, deal_leader=how), seed=29)
        for a in actions:
            t = t.apply(a)
        assert t.deal == 1 and t.leader == leader, how
    # seat 1 by rotation; seat 0, the lowest total, first after it; seat 4 won the last trick
    assert expected == {"rotate": 1, "lowest_score": 0, "last_winner": 4}


FIVE_ORDER = "B1 B2 B3 G1 G2 G3 Y1 Y2 Y3 Y4 Y5 Y6 B10 B9 B8 B7 B6 B5 G10 G9 G8 G7 G6 G5 Y10 Y9 Y8 Y7 B4 G4"


FIVE_DEAL = (*cards(FIVE_ORDER), 0, 1, 2, 3, 1, 0, 2)


SCRIPT = (
    "oracle 5", "oracle 1", "oracle 0", "oracle 2",
    "play R12", "play B7", "play G7", "play Y7",
    "intervene", "give R5", "give B5", "give G5", "give Y5",
    "play R11", "play B8", "play G8", "play Y8",
    "intervene", "give Y1", "give Y2", "give Y3", "give Y4",
    "play R10", "play B9", "play G9", "play Y9",
    "pass", "pass", "play R9", "play B10", "play G10", "play Y10",
    "pass", "pass", "play R8", "play B11", "play G11", "play Y11",
    "pass", "pass", "play R7", "play B12", "play G12", "play Y12",
    "pass", "pass", "play R5", "play B5", "play G5", "play Y5",
    "give R1", "give R2", "give R3", "give R4", "give G1", "give G2", "give G3", "give G4",
    "play Y1", "play Y2", "play Y3", "play Y4",
    "play G4", "play G1", "play G2", "play G3",
    "play R4", "play R1", "play R2", "play R3",
)  # fmt: skip


def test_phase_is_an_int_enum() -> None:
    """GH-ORACLE-1, GH-TRICK-1: ``state.phase`` is a :class:`Phase` member that compares as an int."""
    assert [p.name for p in Phase] == ["ORACLE", "LONE", "ASK", "GIVE", "FORCED", "PLAY", "OVER"]
    assert [int(p) for p in Phase] == list(range(7))
    s = eight_start()
    assert s.phase is Phase.ORACLE and int(s.phase) == 0
    s = run(s, *SCRIPT[:4])
    assert s.phase is Phase.PLAY and s.observation(4).phase is Phase.PLAY
    s = run(s, *SCRIPT[4:])
    assert s.phase is Phase.OVER and s.legal_actions() == ()


# -- house rules as options (issue 22) ---------------------------------------------------


def _play_out(rules: Rules, seed: int) -> GodsState:
    import random as _random

    rng = _random.Random(seed)
    state = GAME.new_game(rules, seed=seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_four_humans_and_one_god() -> None:
    """GH-ROLE-4: 5 players with one god are four humans with three lone humans, who each choose
    their own oracle card; roles in the documented shape give the same table."""
    rules = Rules(players=5, gods=1)
    state = GAME.new_game(rules, seed=3)
    assert len(state.gods) == 1 and len(state.humans) == 4 and state.trump == 0
    assert [len(state.hands[s]) for s in state.humans] == [9] * 4
    state = state.apply(state.legal_actions()[2])  # the god's oracle card
    lones = state.lones
    assert len(lones) == 3 and state.phase == Phase.LONE
    for seat in lones:
        assert state.current_player == seat
        state = state.apply(state.legal_actions()[1])
    assert state.phase != Phase.LONE
    # the god does not see the lone humans' cards; each lone human sees its own
    god = state.gods[0]
    assert all(state.observation(god).oracle[s] == -1 for s in lones)
    assert all(state.observation(s).oracle[s] == 1 for s in lones)
    roles = Rules(players=5, deals=4, roles=((0,), (1,), (2,), (3,)))
    assert roles.god_seats == ((0,), (1,), (2,), (3,))
    final = _play_out(roles, 1)
    assert [res.gods for res in final.past] == [(0,), (1,), (2,), (3,)]
    with pytest.raises(InvalidRules, match="gods"):
        Rules(players=7, gods=4)  # 3 humans cannot take 4 gods
    with pytest.raises(InvalidRules, match="gods"):
        Rules(players=4, gods=2)  # 2 humans are too few


def test_no_field() -> None:
    """GH-SETUP-7: field=0 lays no field; the humans hold the cards instead; interventions give from hand."""
    rules = Rules(field=0)
    state = GAME.new_game(rules, seed=2)
    assert state.field == ()
    assert [len(state.hands[s]) for s in state.humans] == [8, 8, 8]
    final = _play_out(rules, 2)
    assert all(r.source in ("hand", "forced") for res in final.past for r in res.god_results)


def test_cards_taken_out() -> None:
    """GH-SETUP-8: removed cards never appear; an uneven share is refused."""
    rules = Rules(players=7, removed=("R12", "B12", "G12", "Y12"))
    state = GAME.new_game(rules, seed=5)
    held = {c for hand in state.hands for c in hand} | set(state.field)
    assert not held & {11, 23, 35, 47} and len(held) == 44
    with pytest.raises(InvalidRules, match="removed"):
        Rules(players=7, removed=("R12",))
    with pytest.raises(InvalidRules, match="removed"):
        Rules(removed=("X1",))


def test_stars_table() -> None:
    """GH-SCORE-2: stars=3,1,1,2,3,5 scores an exact 5 with 5 stars and an exact 0 with 3."""
    rules = Rules(stars=(3, 1, 1, 2, 3, 5))
    for seed in range(6):
        final = _play_out(rules, seed)
        for res in final.past:
            for r in res.human_results:
                assert r.points == (rules.stars[r.oracle] if r.exact else 0)
    with pytest.raises(InvalidRules, match="stars"):
        Rules(stars=(1, 2, 3))
    with pytest.raises(InvalidRules, match="stars"):
        Rules(stars=(1, 1, 1, 1, 1, 100))


def test_follow_alternatives() -> None:
    """GH-TRICK-6: free play allows any card; GH-TRICK-7: must trump when void in the led colour."""
    base = GAME.new_game(Rules(players=7), seed=4)
    for follow in ("free", "must_trump"):
        rules = Rules(players=7, follow=follow)
        state = base.replace(rules=rules)
        while state.phase != Phase.PLAY:
            state = state.apply(state.legal_actions()[0])
        state = state.apply(state.legal_actions()[-1])  # a lead
        hand = state.hands[state.current_player]  # type: ignore[index]
        lead = state.trick_cards[0] // 12
        plays = {a.card for a in state.legal_actions()}  # type: ignore[union-attr]
        if follow == "free":
            assert plays == set(hand)
        else:
            same = {c for c in hand if c // 12 == lead}
            reds = {c for c in hand if c < 12}
            assert plays == (same or reds or set(hand))
            other = [c for c in hand if c not in plays]
            if other:
                with pytest.raises(IllegalAction, match="trump"):
                    state.apply(Play(other[0]))


def test_interventions_alternatives() -> None:
    """GH-INTERVENE-5: forced_only never asks a god; GH-INTERVENE-6: none gives nothing at all."""
    for seed in range(3):
        final = _play_out(Rules(interventions="forced_only"), seed)
        assert all(r.source == "forced" for res in final.past for r in res.god_results)
        final = _play_out(Rules(interventions="none"), seed)
        assert all(r.source == "none" and r.gap == -1 for res in final.past for r in res.god_results)
        assert all(len(res.tricks) == 6 for res in final.past)


def test_target_ends_the_game() -> None:
    """GH-END-4: the game stops after the first deal in which a total reaches the target."""
    rules = Rules(deals=8, target=2, stars=(2, 2, 2, 2, 2, 2))
    for seed in range(4):
        final = _play_out(rules, seed)
        totals = [0] * 5
        for d, res in enumerate(final.past):
            totals = [a + b for a, b in zip(totals, res.points)]
            assert (max(totals) >= 2) == (d + 1 == len(final.past)) or d + 1 == 8


def test_lowest_card_wins() -> None:
    """GH-TRICK-8: with trick_winner=lowest the lowest trump, else the lowest led-colour card, wins;
    the record names the rule."""
    for players in (5, 7):
        final = _play_out(Rules(players=players, trick_winner="lowest"), players)
        for t in final.tricks:
            led = t.plays[0][1] // 12
            reds = [(c, s) for s, c in t.plays if c < 12] if players == 7 else []
            cands = reds or [(c, s) for s, c in t.plays if c // 12 == led]
            assert t.winner == min(cands)[1] and t.rule == "GH-TRICK-8"
