"""Saru Tori Inu I's added phases: the race's steps as data (ST-PHASE-1), cards passed (ST-PHASE-2),
the mission draft of the worked example (ST-PHASE-3, ST-RULING-22) and the mission exchange
(ST-PHASE-4): in played games each seat's mission is one of the two it was dealt, the returned one
is held by nobody, no other seat ever sees a draft choice, a resample keeps what the seat knows, and
verify passes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rulebook
from rulebook.core.phases import KeepCard, phases_text
from rulebook.errors import IllegalAction
from rulebook.variants.phases import DraftCards, ExchangeCards, InvalidPhase, PassCards, PhasedState
from rulebook.variants.variant import Variant, load_variant
from rulebook.variants.verify import verify

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "saru_mission_draft.toml"
GAME = rulebook.get_game("saru-tori-inu-i")


def _draft(seed: int) -> PhasedState:
    state = load_variant(GAME, str(EXAMPLE)).new_game(seed=seed)
    assert isinstance(state, PhasedState)
    return state


def test_race_steps_as_data() -> None:
    """ST-PHASE-1: deal, rounds, score; an added step comes before each race's first card."""
    assert [(p.name, p.turns) for p in GAME.PHASES] == [("deal", "chance"), ("rounds", "in_turn"), ("score", "chance")]
    assert phases_text(GAME).splitlines()[1] == "rounds: in turn; the start player plays first (ST-PLAY-1)"
    state = GAME.new_game(GAME.Rules(players=3), seed=1)
    assert GAME.phase_at(state) == "rounds"
    assert GAME.phase_at(state.apply(state.legal_actions()[0])) is None


def test_mission_draft_exact() -> None:
    """ST-PHASE-3, ST-RULING-22: the dealt mission is the first of two; the second comes from the top of
    the missions not dealt; the one not kept goes to the bottom of that pile, held by nobody."""
    state = _draft(11)
    assert state.rules.players == 3 and state.order == (0, 1, 2)
    assert state.inner.missions == (1, 2, 4)
    assert GAME.pile_of(state.inner, "missions") == (3, 0, 5)  # the deal's order: 1 2 4 | 3 0 5
    assert state.dealt == ((3,), (0,), (5,))
    assert [str(a) for a in state.legal_actions()] == ["keep mission 2", "keep mission 4"]
    # seat 1 keeps the one dealt in the draft
    state = state.apply(state.GAME.parse_action("keep mission 4", state.rules))
    assert state.current_player == 1 and [str(a) for a in state.legal_actions()] == ["keep mission 1", "keep mission 3"]
    state = state.apply(state.GAME.parse_action("keep mission 3", state.rules))  # seat 2 keeps its printed one
    state = state.apply(state.legal_actions()[0])  # seat 3: mission 5 or 6, keeps 5
    assert state.active == -1 and state.inner.missions == (3, 2, 4)
    assert state.last[3] == (("missions", 0, (1,)), ("missions", 1, (0,)), ("missions", 2, (5,)))
    assert GAME.pile_of(state.inner, "missions") == (1, 0, 5)  # the undealt: nobody holds a returned one
    assert state.observation(0).engine.mission == 3 and state.observation(0).returned == (("missions", (1,)),)
    assert state.observation(1).returns == (1, 1, 1)
    GAME.check_invariants(state.inner)


def _play_checked(state: PhasedState, rng: random.Random, heuristic: bool) -> int:
    """Plays to the end; at each draft's end checks the kept and returned missions; returns the drafts seen."""
    drafts = 0
    while not state.is_terminal:
        if state.active >= 0:
            race = state.inner.race
            options = {s: {*GAME.held_of(state.inner, "missions")[s], *state.dealt[s]} for s in range(3)}
            assert all(len(o) == 2 for o in options.values())
            while state.active >= 0:
                seat = state.current_player
                for other in range(3):  # nobody sees another's draw or choice
                    obs = state.observation(other)
                    assert obs.drawn == state.dealt[other]
                    assert obs.engine.mission == state.inner.missions[other]
                    assert obs.own == state.chosen[other] and obs.engine.open_missions == ()
                state = state.apply(rng.choice(state.legal_actions()))
                assert seat is not None
            kept = state.inner.missions
            returned = {s: items for _, s, items in state.last[3]}
            for s in range(3):
                assert kept[s] in options[s] and returned[s] == tuple(options[s] - {kept[s]})
                assert returned[s][0] not in kept and returned[s][0] in GAME.pile_of(state.inner, "missions")
                for other in range(3):
                    assert state.observation(other).returned == ((("missions", returned[s]),) if other == s else
                                                                  state.observation(other).returned)
            drafts += 1
            revealed_before = len(state.inner.revealed)
            while not state.is_terminal and state.active < 0 and state.inner.race == race:
                assert state.inner.missions == kept  # the drafted mission is kept through the race
                move = (state.GAME.heuristic_action(state, rng) if heuristic else rng.choice(state.legal_actions()))
                state = state.apply(move)
            assert len(state.inner.revealed) == revealed_before + 1
            assert state.inner.revealed[-1].missions == kept  # and scored and revealed as the race's mission
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return drafts


@pytest.mark.parametrize("heuristic", [False, True])
def test_drafted_mission_kept_in_played_games(heuristic: bool) -> None:
    """ST-PHASE-3: in played games (every race drafts) each seat's mission is one of its two, the other is
    in the pile and held by nobody, and the race scores and reveals the mission kept."""
    for seed in range(3):
        assert _play_checked(_draft(seed), random.Random(seed), heuristic) == 3  # three races at three players


def test_no_other_seat_sees_the_draft_choice() -> None:
    """ST-PHASE-3: two games that differ only in the mission seat 2 keeps give seats 1 and 3 the same
    observation at every position until the race's missions are revealed."""
    a = b = _draft(11)
    a = a.apply(a.legal_actions()[0])
    b = b.apply(b.legal_actions()[0])
    a, b = a.apply(a.legal_actions()[0]), b.apply(b.legal_actions()[1])
    a, b = a.apply(a.legal_actions()[0]), b.apply(b.legal_actions()[0])
    assert a.active == b.active == -1 and a.inner.missions == (1, 0, 4) and b.inner.missions == (1, 2, 4)
    assert a.last[3][1] == ("missions", 1, (2,)) and b.last[3][1] == ("missions", 1, (0,))
    rng = random.Random(4)
    steps = 0
    while not a.inner.revealed:
        for seat in (0, 2):
            assert a.observation(seat) == b.observation(seat)
        assert a.observation(1) != b.observation(1)
        move = rng.choice(a.legal_actions())
        assert move in b.legal_actions()
        a, b = a.apply(move), b.apply(move)
        steps += 1
    assert steps > 20 and a.observation(0) != b.observation(0)  # the scoring reveals it


def test_resample_keeps_what_the_seat_knows() -> None:
    """ST-PHASE-3: a resample keeps the seat's dealt missions and its returned one out of every hand,
    and draws the other seats' draws, missions and returns again."""
    state = _draft(11)
    state = state.apply(state.legal_actions()[1])  # seat 1 keeps mission 4, returns mission 2
    rng = random.Random(3)
    drawn_others, missions_others = set(), set()
    for _ in range(40):
        other = state.resample(0, rng)
        assert other.observation(0) == state.observation(0)
        assert other.dealt[0] == (3,) and other.inner.missions[0] == 1 and other.chosen[0] == (3,)
        assert 3 not in other.inner.missions[1:] and other.dealt[1] != (3,) and other.dealt[2] != (3,)
        drawn_others.add(other.dealt[1])
        missions_others.add(other.inner.missions[1])
        GAME.check_invariants(other.inner)
    assert len(drawn_others) >= 3 and len(missions_others) >= 3
    while state.active >= 0:
        state = state.apply(state.legal_actions()[0])
    assert state.last[3][0] == ("missions", 0, (1,))
    seen = set()
    for _ in range(40):
        other = state.resample(0, rng)
        assert other.observation(0) == state.observation(0)
        assert 1 not in other.inner.missions and other.inner.missions[0] == 3
        assert other.last[3][0] == ("missions", 0, (1,))
        returned_by_others = {c for _, s, items in other.last[3][1:] for c in items}
        assert not returned_by_others & set(other.inner.missions) and 1 not in returned_by_others
        seen.add((other.inner.missions[1:], other.last[3][1][2]))
        GAME.check_invariants(other.inner)
    assert len(seen) >= 4


def test_mission_exchange() -> None:
    """ST-PHASE-4: each seat takes the top mission of the pile and returns one of its two."""
    v = Variant(GAME, GAME.Rules(players=3), phases=(ExchangeCards(before="rounds", element="missions"),))
    state = v.new_game(seed=11)
    assert state.dealt == ((3,), (0,), (5,))
    assert [str(a) for a in state.legal_actions()] == ["return mission 2", "return mission 4"]
    while state.active >= 0:
        state = state.apply(state.legal_actions()[0])  # each returns the lower-numbered mission
    assert state.inner.missions == (3, 2, 5) and [r[2] for r in state.last[3]] == [(1,), (0,), (4,)]
    with pytest.raises(IllegalAction, match="ST-PHASE-4"):
        v.new_game(seed=11).apply(KeepCard(1, "", "missions"))


def test_cards_passed_arrive_left() -> None:
    """ST-PHASE-2: one card passed left before the race's first card arrives in the next seat's hand."""
    v = Variant(GAME, GAME.Rules(players=4), phases=(PassCards(before="rounds", cards=1),))
    state = v.new_game(seed=2)
    hands = state.inner.hands
    while state.active >= 0:
        state = state.apply(state.legal_actions()[0])  # the lowest card
    for seat in range(4):
        assert hands[seat][0] in state.inner.hands[(seat + 1) % 4]
    GAME.check_invariants(state.inner)
    with pytest.raises(IllegalAction, match="ST-PHASE-2"):
        v.new_game(seed=2).apply(KeepCard(1, "", "missions"))


def test_verify_passes_on_the_example() -> None:
    """verify with the twin-world check on the worked example, and on the exchange."""
    v = load_variant(GAME, str(EXAMPLE))
    assert v.players_fixed and verify(GAME, v, examples=4).ok
    ex = Variant(GAME, GAME.Rules(players=3), name="x", phases=(ExchangeCards(before="rounds", element="missions"),))
    assert verify(GAME, ex, examples=3, players=[3]).ok


@pytest.mark.parametrize(("rules", "phase", "message"), [
    ({"players": 4}, DraftCards(before="rounds", element="missions"),
     "phases[1].cards: the draft deals 4 missions from the pile of missions, which holds 2"),
    ({"players": 3, "missions": ()}, DraftCards(before="rounds", element="missions"),
     "phases[1].cards: the draft deals 3 missions from the pile of missions, which holds 0"),
    ({"players": 3}, DraftCards(before="rounds", element="missions", cards=3, keep=2),
     "phases[1].keep: each seat holds one mission, so it keeps 1"),
    ({"players": 3}, DraftCards(before="rounds"),
     "phases[1].element: saru-tori-inu-i has no pile of 'hand' to draft from (its piles: missions)"),
    ({"players": 3}, ExchangeCards(before="score", element="missions"),
     "phases[1].before: score is a step no player takes (it comes by chance); an added step goes before one "
     "of: round, rounds"),
])
def test_bad_inputs_name_the_field(rules: dict[str, object], phase: DraftCards | ExchangeCards, message: str) -> None:
    escaped = message.replace("[", r"\[").replace("]", r"\]").replace("(", r"\(").replace(")", r"\)")
    with pytest.raises(InvalidPhase, match=escaped):
        Variant(GAME, GAME.Rules(**rules), phases=(phase,)).new_game(seed=1)


def test_cli_error_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The four-player draft with the printed missions ends in one line naming the field."""
    from rulebook.cli.app import main

    code = main(["verify", "saru-tori-inu-i", "--variant", str(EXAMPLE), "--players", "4", "--examples", "1",
                 "--out", str(tmp_path)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code != 0 and len(err) == 1 and "phases[1].cards: the draft deals 4 missions" in err[0]


def test_two_drafts_on_a_small_pile_refused_up_front() -> None:
    """ST-PHASE-3: the steps before one printed step share its pile: too few for both is refused when the
    variant is made, naming cards, not half-way through a race."""
    phases = (DraftCards(before="rounds", element="missions"), ExchangeCards(before="rounds", element="missions"))
    with pytest.raises(InvalidPhase, match=r"phases\[1\]\.cards: the draft and the steps after it deal 6 missions "
                       r"from the pile of missions, which holds 3"):
        Variant(GAME, GAME.Rules(players=3), phases=phases)


def test_records_replay_the_draft() -> None:
    """The record carries the draft (its table) and the keeps (ids after the passes and shows), and replays."""
    from rulebook.reference import records

    state = _draft(5)
    rng = random.Random(1)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert [str(a) for a in state.history[:3]] == ["keep mission 1", "keep mission 5", "keep mission 3"]
    base = GAME.num_distinct_actions(state.rules) + 2 * 36
    assert [state.GAME.encode_action(a, state.rules) for a in state.history[:3]] == [base, base + 4, base + 2]
    record = records.loads(records.dumps(state))
    assert record.meta["phases"] == [{"kind": "draft", "before": "rounds", "element": "missions", "cards": 2,
                                      "keep": 1, "starts": "game"}]
    assert records.replay(record, complete=True) == state


def test_verify_with_open_missions() -> None:
    """ST-INFO-3 with the draft: every seat sees every mission kept; the draft and verify still hold."""
    v = load_variant(GAME, str(EXAMPLE))
    rules = GAME.Rules(players=3, visible={"missions": "all"})
    open_missions = Variant(GAME, rules, name="open", phases=v.phases)
    assert verify(GAME, open_missions, examples=3, players=[3]).ok


def test_cli_verifies_the_example(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    """`rulebook verify saru-tori-inu-i --variant docs/examples/saru_mission_draft.toml` passes: the file's
    three players are the count its added phases are checked at (not the game's default four)."""
    from rulebook.cli.app import main

    monkeypatch.chdir(tmp_path)
    assert main(["verify", "saru-tori-inu-i", "--variant", str(EXAMPLE), "--examples", "2",
                 "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "at 3 players" in " ".join(out.split()) and "OK:" in out
