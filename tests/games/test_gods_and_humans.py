"""The gods-and-humans oracle game: set-up, a scripted deal, rulings and errors (spec prefix GH)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rulebook
from rulebook import records
from rulebook.errors import IllegalAction, InvalidRules
from rulebook.games.gods_and_humans import (
    DECK,
    GAME,
    ICONS,
    PLACEHOLDER_STARS,
    GodsState,
    Rules,
    cards_in_play,
    hand_size,
    role_counts,
    rotation,
)

C = DECK.parse
SPEC = Path(__file__).resolve().parents[2] / "spec" / "gods-and-humans.md"


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


# -- components, roles and set-up ---------------------------------------------------------


def test_components() -> None:
    """GH-COMP-1, GH-COMP-2, GH-RULING-10: 48 cards in 4 colours x 1..12; four icons."""
    assert DECK.size == 48
    assert {DECK.text(c)[0] for c in DECK.cards} == {"R", "B", "G", "Y"}
    assert sorted({DECK.rank_of[c] for c in DECK.cards}) == list(range(1, 13))
    assert len(ICONS) == len(set(ICONS)) == 4


def test_role_counts() -> None:
    """GH-ROLE-1: 5 = 3 + 2, 6 = 3 + 3, 7 = 4 + 3, 8 = 4 + 4."""
    assert [role_counts(n) for n in range(5, 9)] == [(3, 2), (3, 3), (4, 3), (4, 4)]
    with pytest.raises(InvalidRules, match="players"):
        Rules(players=4)


def test_three_humans_remove_red_and_the_11s_and_12s() -> None:
    """GH-SETUP-1: 30 cards remain with 3 humans: no red, nothing above 10."""
    three = cards_in_play(3)
    assert len(three) == 30
    assert all(DECK.text(c)[0] != "R" and DECK.rank_of[c] <= 10 for c in three)
    assert len(cards_in_play(4)) == 48


@pytest.mark.parametrize("players,size", [(5, 6), (6, 5), (7, 7), (8, 6)])
def test_hand_sizes_per_player_count(players: int, size: int) -> None:
    """GH-SETUP-2, GH-SETUP-3, GH-SETUP-4: gods get H cards, the field 2H, humans the rest evenly."""
    assert hand_size(players) == size
    h, g = role_counts(players)
    for seed in range(3):
        state = GAME.new_game(Rules(players=players), seed=seed)
        assert [len(state.hands[s]) for s in state.humans] == [size] * h
        assert [len(state.hands[s]) for s in state.gods] == [h] * g
        assert len(state.field) == 2 * h
        # and the marks: one icon per human, the removed icon is not among them (GH-PAIR-1)
        assert len({state.marks[s] for s in state.humans}) == h
        assert all(state.marks[s] == -1 for s in state.gods)


def test_default_rotation_is_fair() -> None:
    """GH-ROLE-2, GH-RULING-8: god counts differ by at most one; no role three deals running."""
    for players in range(5, 9):
        g = role_counts(players)[1]
        for deals in range(1, 9):
            plan = rotation(players, deals)
            assert all(len(d) == g for d in plan)
            counts = [sum(s in d for d in plan) for s in range(players)]
            assert max(counts) - min(counts) <= 1, (players, deals, counts)
        plan = rotation(players, 4)
        for s in range(players):
            roles = [s in d for d in plan]
            assert not any(roles[i] == roles[i + 1] == roles[i + 2] for i in range(2)), (players, s)
    assert Rules(players=5).god_seats == ((0, 1), (2, 3), (0, 4), (1, 2))


def test_explicit_roles_are_used_and_checked() -> None:
    """GH-ROLE-2: an explicit god table per deal; wrong tables name the field."""
    rules = Rules(players=5, deals=2, roles=((3, 4), (0, 2)))
    state = GAME.new_game(rules, seed=4)
    assert state.gods == (3, 4) and state.humans == (0, 1, 2)
    rng = random.Random(0)
    while state.deal == 0:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.gods == (0, 2) and state.humans == (1, 3, 4)
    with pytest.raises(InvalidRules, match="roles"):
        Rules(players=5, deals=2, roles=((3, 4),))
    with pytest.raises(InvalidRules, match="roles"):
        Rules(players=5, deals=1, roles=((3, 3),))
    with pytest.raises(InvalidRules, match="roles"):
        Rules(players=6, deals=1, roles=((0, 1),))
    with pytest.raises(InvalidRules, match="stars"):
        Rules(stars=(1, 2, 3))


def test_placeholder_stars_are_labelled() -> None:
    """GH-SCORE-2, GH-RULING-1: the default stars are a visible placeholder."""
    assert Rules().stars == PLACEHOLDER_STARS == (1, 1, 1, 1, 1, 1)
    text = SPEC.read_text(encoding="utf-8")
    assert "PLACEHOLDER" in text
    info = {o.name: o for o in GAME.options()}
    assert "PLACEHOLDER" in info["stars"].doc


def test_deal_encoding() -> None:
    """GH-SETUP-5: cards to the gods, the field, the humans; icons to marks; the human order pairs."""
    rules = Rules(players=5, deals=1)
    order = cards("B1 B2 B3 G1 G2 G3 Y1 Y2 Y3 Y4 Y5 Y6")
    order += cards("B10 B9 B8 B7 B6 B5 G10 G9 G8 G7 G6 G5 Y10 Y9 Y8 Y7 B4 G4")
    deal = (*order, 2, 0, 3, 1, 1, 0, 2)
    GAME.check_deal(rules, deal, 0)
    state = GAME.new_game(rules, deals=[deal])
    assert state.hands[0] == tuple(sorted(cards("B1 B2 B3")))
    assert state.hands[1] == tuple(sorted(cards("G1 G2 G3")))
    assert state.field == tuple(sorted(cards("Y1 Y2 Y3 Y4 Y5 Y6")))
    assert state.hands[4] == tuple(sorted(cards("Y10 Y9 Y8 Y7 B4 G4")))
    assert state.marks == (-1, -1, 2, 0, 3)  # icon 1 (moon) leaves the game (GH-SETUP-1)
    # GH-PAIR-2, GH-PAIR-3: god 0 gets the set of human index 1 (seat 3), god 1 of index 0 (seat 2)
    assert state.partners == (3, 2, 1, 0, -1) and state.lone == 4
    for bad in (deal[:-1], (*deal[:-3], 0, 0, 1), (*order[:-1], C("R1"), 2, 0, 3, 1, 1, 0, 2)):
        with pytest.raises(ValueError):
            GAME.check_deal(rules, bad, 0)
    with pytest.raises(ValueError):
        GAME.new_game(rules, deals=[deal[::-1]])


# -- the scripted 8-player deal ------------------------------------------------------------

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
    assert res.won == (0, 0, 0, 0, 7, 0, 0, 3)
    assert res.gaps == (7, 1, 7, 2, -1, -1, -1, -1)  # GH-INTERVENE-4, GH-RULING-18: every god once
    assert res.sources == ("forced", "field", "forced", "hand", "", "", "", "")
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


# -- information --------------------------------------------------------------------------


def test_what_each_role_sees_in_the_scripted_deal() -> None:
    """GH-INFO-1, GH-INFO-2, GH-RULING-5, GH-RULING-9, GH-RULING-13."""
    s = eight_start()
    s = run(s, "oracle 5")
    # GH-RULING-9: god 1 does not see god 0's choice yet; god 0 sees its own; gods know the pairing
    none = (-1,) * 8
    assert s.observation(1).oracle == none
    assert s.observation(0).oracle == (-1, -1, -1, -1, 5, -1, -1, -1)
    assert s.observation(1).partners == (4, 5, 6, 7, 0, 1, 2, 3)
    assert s.observation(4).partners == none
    assert s.observation(4).oracle == none
    s = run(s, "oracle 1", "oracle 0", "oracle 2")
    assert s.observation(1).oracle == (-1, -1, -1, -1, 5, 1, 0, 2)  # GH-ORACLE-2: gods see every card
    assert s.observation(5).oracle == (-1, -1, -1, -1, -1, 1, -1, -1)  # a human sees only its own
    assert s.observation(3).human_hands == ((),) * 4 + tuple(s.hands[x] for x in s.humans)  # GH-RULING-13
    assert s.observation(5).human_hands == ()
    s = run(s, "play R12", "play B7", "play G7", "play Y7", "intervene", "give R5", "give B5", "give G5", "give Y5")
    s = run(s, "play R11", "play B8", "play G8", "play Y8", "intervene", "give Y1", "give Y2")
    # the field intervention is seen by all; the hand intervention only by its receivers and the gods
    human1 = s.observation(5)
    assert human1.interventions[0].cards == tuple(cards("R5 B5 G5 Y5"))
    assert human1.giving is not None and human1.giving.god == 3
    assert human1.giving.cards == (-1, C("Y2"))
    assert s.observation(4).giving.cards == (C("Y1"), -1)  # type: ignore[union-attr]
    assert s.observation(0).giving.cards == (C("Y1"), C("Y2"))  # type: ignore[union-attr]


def test_lone_human_is_hidden_then_public_and_scores_alone() -> None:
    """GH-PAIR-3, GH-ORACLE-3, GH-RULING-6, GH-RULING-17, GH-INFO-3, GH-RULING-14."""
    rules = Rules(players=5, deals=1, stars=(5, 5, 5, 5, 5, 5))
    order = cards("B1 B2 B3 G1 G2 G3 Y1 Y2 Y3 Y4 Y5 Y6")
    order += cards("B10 B9 B8 B7 B6 B5 G10 G9 G8 G7 G6 G5 Y10 Y9 Y8 Y7 B4 G4")
    deal = (*order, 0, 1, 2, 3, 1, 0, 2)
    s = GAME.new_game(rules, deals=[deal])
    assert s.lone == 4
    assert s.observation(2).lone == -1 and s.observation(0).lone == 4
    s = run(s, "oracle 3", "oracle 3")
    assert s.phase == 1 and s.current_player == 4  # the lone human chooses its own card
    assert all(s.observation(x).lone == 4 for x in range(5))
    s = run(s, "oracle 0")
    assert s.observation(4).oracle == (-1, -1, -1, -1, 0)
    assert s.observation(0).oracle == (-1, -1, 3, 3, -1)  # gods do not see the lone human's card
    assert s.observation(2).oracle == (-1, -1, 3, -1, -1)
    lone_tricks = play_out(s).past[0].won[4]
    assert lone_tricks <= 5
    # the same play with the lone human predicting exactly: it scores alone
    s = play_out(run(GAME.new_game(rules, deals=[deal]), "oracle 3", "oracle 3", f"oracle {lone_tricks}"))
    res = s.past[0]
    expected = [0] * 5
    expected[4] = 5
    for god in s.gods:
        human = res.partners[god]
        if res.won[human] == 3:
            expected[god] += 5
            expected[human] += 5
    assert list(s.scores) == expected
    # the end of the deal reveals everything to everybody (GH-INFO-3, GH-RULING-14)
    assert s.observation(2).partners == (3, 2, 1, 0, -1)
    assert s.observation(0).oracle == (-1, -1, 3, 3, lone_tricks)


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


def test_tensor_and_heuristic_and_stats() -> None:
    """GH-INFO-1: the tensor has the documented size; the heuristic plays legal games (GH-SCORE-1)."""
    for players in range(5, 9):
        rules = Rules(players=players)
        s = GAME.new_game(rules, seed=players)
        rng = random.Random(players)
        size = GAME.observation_size(rules)
        while not s.is_terminal:
            assert len(s.observation_tensor(s.current_player)) == size  # type: ignore[arg-type]
            action = GAME.heuristic_action(s, rng)
            assert action in s.legal_actions()
            s = s.apply(action)
        stats = GAME.end_stats(s)
        assert stats["deals"] == 4
        assert stats["top_score"] == max(s.scores)
        assert GAME.score_floor(rules) == 0 and min(s.scores) >= 0


def test_tensor_size_formula() -> None:
    """The documented tensor length: 952 + 57 N + 9 D + 2 D N (docs/games/gods-and-humans.md)."""
    for players in range(5, 9):
        for deals in range(1, 9):
            rules = Rules(players=players, deals=deals)
            assert GAME.observation_size(rules) == 952 + 57 * players + 9 * deals + 2 * deals * players


def test_records_keep_structured_options() -> None:
    """GH-ROLE-2, GH-SCORE-2, GH-RULING-7: explicit roles, star values and the deal leader survive a record."""
    rules = Rules(
        players=6, deals=2, roles=((1, 3, 5), (0, 2, 4)), stars=(4, 3, 2, 2, 3, 4), deal_leader="lowest_score"
    )
    s = GAME.new_game(rules, seed=5)
    rng = random.Random(5)
    while not s.is_terminal:
        s = s.apply(GAME.heuristic_action(s, rng))
    again = records.replay(records.loads(records.dumps(s)), complete=True)
    assert again == s and again.rules.roles == rules.roles and again.rules.deal_leader == "lowest_score"


def test_registered() -> None:
    assert rulebook.get_game("gods-and-humans") is GAME
    assert GAME.num_distinct_actions() == 6 + 2 + 48 + 48
