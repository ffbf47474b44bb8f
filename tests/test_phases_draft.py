"""Added draft and exchange phases (rulebook.variants.piles) with The Witches of Blackmore's draw
pile: the cards move as the spec says (WB-PHASE-3, WB-PHASE-4), nobody else sees them, a resample
keeps what the seat knows (WB-RULING-13), the moves encode and replay, bad tables name the field,
and a property suite over random draft and exchange phases in the Witches and Saru Tori Inu I."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulebook
from rulebook.core.phases import KeepCard, ReturnCard
from rulebook.errors import IllegalAction
from rulebook.reference import records
from rulebook.variants.phases import (
    DraftCards,
    ExchangeCards,
    InvalidPhase,
    PhasedState,
    phase_from_table,
)
from rulebook.variants.variant import Variant, load_variant
from rulebook.variants.verify import verify

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "witches_exchange.toml"
GAME = rulebook.get_game("witches-of-blackmore")
text = GAME.card_text


def _texts(cards: tuple[int, ...] | list[int]) -> str:
    return " ".join(text(c) for c in cards)


def _pile(state: PhasedState) -> str:
    return _texts(GAME.pile_of(state.inner, "hand"))


# -- WB-PHASE-4: the worked example, an exchange of two cards ---------------------------------------


def test_exchange_exact() -> None:
    """WB-PHASE-4: each seat takes the top two cards of the pile, in turn, and lays two back at the bottom."""
    state = load_variant(GAME, str(EXAMPLE)).new_game(seed=4)
    assert isinstance(state, PhasedState) and state.order == (0, 1, 2, 3)
    assert _pile(state).startswith("Y4 G5 R3 R5 P4 G4 B9 R2 P7 ") and _pile(state).endswith(" P6 Y7")
    assert [_texts(d) for d in state.dealt] == ["Y4 G5", "R3 R5", "P4 G4", "B9 R2"]
    assert _texts(state.inner.hands[0]) == "R1 G9 P3 O1 O6 O8"  # the drawn cards are not in the hand yet
    assert [str(a) for a in state.legal_actions()] == [
        "return R1", "return G5", "return G9", "return Y4", "return P3", "return O1", "return O6", "return O8"]
    size = len(GAME.pile_of(state.inner, "hand"))
    for seat, (a, b) in enumerate([("Y4", "O8"), ("R5", "B2"), ("P4", "G4"), ("B1", "B9")]):
        assert state.current_player == seat
        state = state.apply(state.GAME.parse_action(f"return {a}", state.rules))
        state = state.apply(state.GAME.parse_action(f"return {b}", state.rules))
    assert state.active == -1 and state.current_player == state.inner.current_player
    assert [_texts(h) for h in state.inner.hands] == [
        "R1 G5 G9 P3 O1 O6", "R3 B7 G6 Y6 Y8 P5", "R6 B5 B6 B8 Y5 O3", "R2 G8 Y2 Y9 P9 O9"]
    assert _pile(state).startswith("P7 ") and _pile(state).endswith(" P6 Y7 Y4 O8 R5 B2 G4 P4 B1 B9")
    assert len(GAME.pile_of(state.inner, "hand")) == size  # hands keep their size, so does the pile
    GAME.check_invariants(state.inner)


def test_draft_hands_grow_by_the_kept_cards() -> None:
    """WB-PHASE-3: dealt three, keep one: hands grow by one, the pile shrinks by one per seat, and what
    goes back lies at the bottom in turn order."""
    v = Variant(GAME, GAME.Rules(players=3), phases=(DraftCards(before="tricks", cards=3, keep=1),))
    state = v.new_game(seed=4)
    pile = GAME.pile_of(state.inner, "hand")
    assert state.dealt == (pile[0:3], pile[3:6], pile[6:9])
    hands = state.inner.hands
    back = []
    while state.active >= 0:  # each keeps the first card it was dealt
        seat = state.current_player
        assert [a.card for a in state.legal_actions()] == sorted(state.dealt[seat])
        keep = state.dealt[seat][0]
        state = state.apply(KeepCard(keep, "", "hand"))
        back += sorted(state.dealt[seat][1:]) if state.active >= 0 else []
    assert [len(h) for h in state.inner.hands] == [len(h) + 1 for h in hands]
    assert all(pile[3 * s] in state.inner.hands[s] for s in range(3))
    after = GAME.pile_of(state.inner, "hand")
    assert after == pile[9:] + tuple(sorted(pile[1:3])) + tuple(sorted(pile[4:6])) + tuple(sorted(pile[7:9]))
    GAME.check_invariants(state.inner)


# -- what a seat sees and what a resample keeps ----------------------------------------------------


def _exchange_state(seed: int) -> PhasedState:
    state = load_variant(GAME, str(EXAMPLE)).new_game(seed=seed)
    assert isinstance(state, PhasedState)
    return state


def test_nobody_else_sees_a_draw_or_a_return() -> None:
    """WB-PHASE-4: a seat sees what it drew and laid back; another sees how many went back, never which:
    two games that differ only in what seat 1 lays back give every other seat the same observations."""
    a = b = _exchange_state(4)
    assert a.observation(0).drawn == a.dealt[0] and a.observation(1).drawn == a.dealt[1]
    opts = a.legal_actions()
    a = a.apply(opts[0]).apply(a.apply(opts[0]).legal_actions()[0])
    b = b.apply(opts[-1]).apply(b.apply(opts[-1]).legal_actions()[-1])
    assert a.observation(0).own != b.observation(0).own
    rng = random.Random(5)
    for _ in range(60):  # the rest of the exchange and the game, the same moves in both
        for seat in (1, 2, 3):
            assert a.observation(seat) == b.observation(seat)
        if a.is_terminal or a.inner.tricks:
            break
        move = rng.choice([m for m in a.legal_actions() if m in b.legal_actions()])
        a, b = a.apply(move), b.apply(move)
    assert a.inner.tricks  # the game went on past the exchange
    assert a.observation(2).returns == (2, 2, 2, 2)
    assert a.observation(2).returned == (("hand", a.last[3][2][2]),) and a.last[3][2][1] == 2
    assert a.last[3][0] != b.last[3][0] and a.last[3][1:] == b.last[3][1:]


def test_resample_keeps_the_seats_knowledge() -> None:
    """WB-RULING-13: a resample keeps the seat's own draw on top and its returned cards at their place from
    the bottom, and draws the other seats' draws and returns again."""
    state = _exchange_state(4)
    state = state.apply(state.legal_actions()[0]).apply(state.apply(state.legal_actions()[0]).legal_actions()[0])
    assert state.current_player == 1
    assert state.last[3] == ()  # the exchange is not over: nothing has moved yet
    rng = random.Random(1)
    others = set()
    for _ in range(30):
        other = state.resample(1, rng)
        assert other.observation(1) == state.observation(1)
        assert other.dealt[1] == state.dealt[1]
        assert GAME.pile_of(other.inner, "hand")[2:4] == state.dealt[1]
        others.add(other.dealt[2])
        GAME.check_invariants(other.inner)
    assert len(others) > 5
    while state.active >= 0:
        state = state.apply(state.legal_actions()[0])
    returned = {s: items for _, s, items in state.last[3]}
    pile = GAME.pile_of(state.inner, "hand")
    assert pile[-8:] == (*returned[0], *returned[1], *returned[2], *returned[3])
    bottoms = set()
    for _ in range(30):
        other = state.resample(2, rng)
        assert other.observation(2) == state.observation(2)
        assert GAME.pile_of(other.inner, "hand")[-4:-2] == returned[2]
        assert not set(returned[2]) & {c for h in other.inner.hands for c in h}
        bottoms.add(GAME.pile_of(other.inner, "hand")[-2:])
        GAME.check_invariants(other.inner)
    assert len(bottoms) > 5  # seat 4's returns (the very bottom) are drawn again


def test_a_short_pile_is_refused() -> None:
    """WB-PHASE-3: the draws must lie above every card laid back: a pile too small is refused naming cards."""
    rules = GAME.Rules(players=6)
    with pytest.raises(InvalidPhase, match=r"phases\[1\]\.cards: the draft deals 60 cards from the pile of hand"):
        Variant(GAME, rules, phases=(DraftCards(before="tricks", cards=10, keep=1),)).new_game(seed=1)


# -- the moves: encoding, text, replay, illegal moves ---------------------------------------------


def test_moves_encode_parse_and_replay() -> None:
    """The keeps and returns have ids after the passes and shows, parse from their text and replay."""
    state = _exchange_state(4)
    g, rules = state.GAME, state.rules
    base = GAME.num_distinct_actions(rules) + 2 * 54
    assert g.num_distinct_actions(rules) == base + 2 * 54
    a = state.legal_actions()[0]
    assert a == ReturnCard(GAME.parse_card("R1"), "R1", "hand") and str(a) == "return R1"
    assert g.encode_action(a, rules) == base + 54 + a.card and g.decode_action(base + 54 + a.card, rules) == a
    keep = KeepCard(a.card, "R1", "hand")
    assert g.encode_action(keep, rules) == base + a.card and str(g.decode_action(base + a.card, rules)) == "keep R1"
    assert g.parse_action("Return  r1", rules) == a
    with pytest.raises(ValueError, match="is not an action"):
        g.encode_action(KeepCard(0, "", "missions"), rules)
    rng = random.Random(2)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    record = records.loads(records.dumps(state))
    assert record.meta["phases"] == [{"kind": "exchange", "before": "tricks", "element": "hand", "cards": 2,
                                      "starts": "game"}]
    assert records.replay(record, complete=True) == state


def test_illegal_moves_cite_the_rule() -> None:
    """WB-PHASE-4: only a card held or drawn may go back; WB-PHASE-3: only a card dealt may be kept."""
    state = _exchange_state(4)
    with pytest.raises(IllegalAction, match="WB-PHASE-4"):
        state.apply(ReturnCard(state.dealt[1][0], "", "hand"))  # seat 2's draw, not seat 1's
    with pytest.raises(IllegalAction, match="WB-PHASE-4"):
        state.apply(KeepCard(state.dealt[0][0], "", "hand"))
    v = Variant(GAME, GAME.Rules(players=3), phases=(DraftCards(before="tricks", cards=2, keep=1),))
    draft = v.new_game(seed=1)
    with pytest.raises(IllegalAction, match="WB-PHASE-3"):
        draft.apply(KeepCard(draft.inner.hands[0][0], "", "hand"))  # a card of the hand was not dealt


def test_verify_passes_on_the_example() -> None:
    """verify, Python API: conservation, the twin-world boundary and the record replay hold."""
    v = load_variant(GAME, str(EXAMPLE))
    assert verify(GAME, v, examples=4, players=[3, 4, 6]).ok
    draft = Variant(GAME, GAME.Rules(), name="draft", phases=(DraftCards(before="tricks", cards=3, keep=2),))
    assert verify(GAME, draft, examples=3, players=[2, 5]).ok


# -- validation ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("table", "message"), [
    ({"kind": "draft", "before": "tricks", "element": "pile"},
     "phases[1].element: witches-of-blackmore has no pile of 'pile' to draft from (its piles: hand)"),
    ({"kind": "draft", "before": "tricks", "cards": 2, "keep": 2}, "phases[1].keep: must be fewer than cards (2)"),
    ({"kind": "draft", "before": "tricks", "keep": 0}, "phases[1].keep: must be a whole number from 1"),
    ({"kind": "draft", "before": "tricks", "turns": "in_turn"}, "phases[1].turns: unknown field"),
    ({"kind": "exchange", "before": "tricks", "keep": 1}, "phases[1].keep: unknown field"),
    ({"kind": "exchange", "before": "tricks", "cards": "2"}, "phases[1].cards: must be a whole number from 1"),
    ({"kind": "exchange", "before": "deal"},
     "phases[1].before: deal is a step no player takes (it comes by chance); an added step goes before one of: "
     "trick, tricks"),
])
def test_bad_tables_name_the_field(table: dict[str, object], message: str) -> None:
    def run() -> None:
        phase = phase_from_table(table, 0)
        Variant(GAME, GAME.Rules(), phases=(phase,)).new_game(seed=1)
    with pytest.raises(InvalidPhase, match=message.replace("[", r"\[").replace("]", r"\]").replace("(", r"\(")
                       .replace(")", r"\)")):
        run()


def test_bad_variant_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The CLI ends a bad table in one line naming the field, never a traceback."""
    from rulebook.cli.app import main

    path = tmp_path / "v.toml"
    path.write_text('game = "witches-of-blackmore"\n[[phases]]\nkind = "exchange"\nbefore = "tricks"\n'
                    'element = "deck"\n')
    code = main(["verify", "witches-of-blackmore", "--variant", str(path), "--examples", "1",
                 "--out", str(tmp_path)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code != 0 and len(err) == 1 and "phases[1].element: witches-of-blackmore has no pile of 'deck'" in err[0]


# -- property: random draft and exchange phases, random games --------------------------------------

#: the games with piles, the printed phase an added one goes before, the pile and the player counts
PILED = {"witches-of-blackmore": ("tricks", "hand", (2, 3, 4, 5)), "saru-tori-inu-i": ("rounds", "missions", (3,))}


@st.composite
def piled_phases(draw: st.DrawFn) -> tuple[str, int, tuple[DraftCards | ExchangeCards, ...]]:
    slug = draw(st.sampled_from(sorted(PILED)))
    before, element, counts = PILED[slug]
    players = draw(st.sampled_from(counts))
    phases: list[DraftCards | ExchangeCards] = []
    for _ in range(draw(st.integers(1, 2))):
        starts = draw(st.sampled_from(["game", "seat:2", "lowest_score", "highest_score"]))
        if draw(st.booleans()):
            cards = 2 if element == "missions" else draw(st.integers(2, 3))
            keep = 1 if element == "missions" else draw(st.integers(1, cards - 1))
            phases.append(DraftCards(before=before, element=element, cards=cards, keep=keep, starts=starts))
        else:
            phases.append(ExchangeCards(before=before, element=element, cards=1 if element == "missions" else
                                        draw(st.integers(1, 2)), starts=starts))
    return slug, players, tuple(phases)


@settings(max_examples=30, deadline=None)
@given(case=piled_phases(), seed=st.integers(0, 2**16))
def test_random_piles_keep_the_invariants(case: tuple[str, int, tuple[DraftCards | ExchangeCards, ...]],
                                          seed: int) -> None:
    """Conservation at every state; what a seat returned this round is held by nobody while it is in
    the pile; a resample keeps the seat's observation and what it returned out of every hand."""
    slug, players, phases = case
    game = rulebook.get_game(slug)
    try:
        state = Variant(game, game.Rules(players=players), phases=phases).new_game(seed=seed)
    except InvalidPhase as exc:  # two phases on one small pile: refused naming cards
        assert "cards: the " in str(exc) and len(phases) == 2
        return
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal and steps < 300:
        game.check_invariants(state.inner)
        element = phases[0].element
        pile = game.pile_of(state.inner, element)
        held = {c for h in (state.inner.hands if element == "hand" else game.held_of(state.inner, element)) for c in h}
        same = state.last[0] == game.round_of(state.inner)
        back = [c for _, _, items in (state.last[3] if same else ()) for c in items]
        for b, c in enumerate(reversed(back)):
            if element == "missions":  # held by nobody for the rest of the race (ST-RULING-22)
                assert c in pile and c not in held
            elif b < len(pile):  # at its place from the bottom until the refills reach it (WB-RULING-13)
                assert pile[len(pile) - 1 - b] == c and c not in held
        if state.active >= 0 or steps % 11 == 0:
            seat = rng.randrange(players)
            other = state.resample(seat, rng)
            assert other.observation(seat) == state.observation(seat)
            assert other.current_player == state.current_player
            game.check_invariants(other.inner)
        try:
            state = state.apply(rng.choice(state.legal_actions()))
        except InvalidPhase as exc:  # a later race or round whose pile is short: refused naming cards
            assert "cards: the " in str(exc)
            return
        steps += 1


def test_heuristic_keeps_the_dearest_and_returns_the_cheapest() -> None:
    """The phased game's heuristic values the Witches' cards as the game's heuristic does (hand_value)."""
    v = Variant(GAME, GAME.Rules(players=3), phases=(DraftCards(before="tricks", cards=3, keep=1),))
    state = v.new_game(seed=4)
    legal = state.legal_actions()
    worth = [GAME.pile_value(state.inner, "hand", a.card) for a in legal]
    assert len(set(worth)) > 1
    assert state.GAME.heuristic_action(state, random.Random(0)) == legal[worth.index(max(worth))]
    state = _exchange_state(4)
    legal = state.legal_actions()
    worth = [GAME.pile_value(state.inner, "hand", a.card) for a in legal]
    assert state.GAME.heuristic_action(state, random.Random(0)) == legal[worth.index(min(worth))]
