"""Added phases in the gods-and-humans oracle game (GH-PHASE-1..GH-PHASE-4, GH-RULING-19): cards passed among
the humans arrive in played games, nobody sees another seat's secret pass, a resample keeps what a
seat passed and to whom, the added phases compose with the game's visibility options, and random
variants with pass and reveal phases keep the invariants."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulebook
from rulebook.core.phases import PassCard, phases_text
from rulebook.errors import IllegalAction
from rulebook.games.gods_and_humans.actions import ORACLE, PLAY
from rulebook.variants.phases import PassCards, PhasedState, RevealCards
from rulebook.variants.variant import Variant, load_variant
from rulebook.variants.verify import verify

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "gods_pass_left.toml"
GAME = rulebook.get_game("gods-and-humans")
text = GAME.card_text


def _hands(state: PhasedState) -> list[str]:
    return [" ".join(text(c) for c in h) for h in state.inner.hands]


def _variant(*phases: PassCards | RevealCards, players: int = 5, **options: object) -> Variant:
    return Variant(GAME, GAME.Rules(players=players, **options), phases=phases)  # type: ignore[arg-type]


def test_phases_as_data() -> None:
    """GH-PHASE-1: the printed deal's steps, in order, with who starts them."""
    assert [p.name for p in GAME.PHASES] == ["deal", "oracle", "tricks", "score"]
    assert phases_text(GAME).splitlines() == [
        "deal: chance; the cards, marks and oracle sets are dealt (GH-SETUP-5)",
        "oracle: secret; the gods predict in seat order, then the lone human (GH-ORACLE-1)",
        "tricks: in turn; the deal's start player leads (GH-SETUP-6)",
        "score: chance; exact predictions score (GH-SCORE-1)",
    ]


def test_passed_card_arrives_left_exact() -> None:
    """GH-PHASE-2: before the oracle each human passes its highest card to the next human; the gods'
    hands are untouched and the first god then predicts as printed."""
    state = _variant(PassCards(before="oracle")).new_game(seed=3)
    assert (state.inner.humans, state.inner.gods) == ((2, 3, 4), (0, 1))
    assert _hands(state) == ["B9 G4 Y2", "G6 Y3 Y6", "B4 B6 G3 G7 G8 Y9", "B2 B3 G1 G2 G10 Y5",
                             "B1 B5 B10 Y4 Y7 Y10"]
    assert state.current_player == 2  # the printed step starts with a god: the first human chooses first
    while state.active >= 0:
        state = state.apply(state.legal_actions()[-1])
    assert [str(a) for a in state.history] == ["pass Y9", "pass Y5", "pass Y10"]
    assert _hands(state) == ["B9 G4 Y2", "G6 Y3 Y6", "B4 B6 G3 G7 G8 Y10", "B2 B3 G1 G2 G10 Y9",
                             "B1 B5 B10 Y4 Y5 Y7"]
    assert (state.inner.phase, state.current_player) == (ORACLE, 0)
    assert state.observation(2).gave == ((3, (GAME.parse_card("Y9"),)),)
    assert state.observation(2).got == ((4, (GAME.parse_card("Y10"),)),)
    assert state.observation(0).gave == state.observation(0).got == ()
    GAME.check_invariants(state.inner)


@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_pass_every_deal_in_played_games(players: int) -> None:
    """GH-PHASE-1, GH-PHASE-2: in whole played games, at every deal, two cards go from each human
    to the human two places on, before the first trick, and the deal's leader then leads."""
    v = _variant(PassCards(before="tricks", cards=2, to=2), players=players)
    state = v.new_game(seed=players)
    rng = random.Random(players)
    deals = 0
    while not state.is_terminal:
        if state.active >= 0:
            inner = state.inner
            assert GAME.phase_at(inner) == "tricks" and inner.phase == PLAY and not inner.board[4]
            humans = inner.humans
            before = inner.hands
            chosen: dict[int, tuple[int, ...]] = {}
            while state.active >= 0:
                action = rng.choice(state.legal_actions())
                chosen[state.current_player] = (*chosen.get(state.current_player, ()), action.card)
                state = state.apply(action)
            h = len(humans)
            for i, seat in enumerate(humans):
                giver = humans[(i - 2) % h]
                assert set(state.inner.hands[seat]) == set(before[seat]) - set(chosen[seat]) | set(chosen[giver])
            assert all(state.inner.hands[s] == before[s] for s in inner.gods)
            assert state.current_player == inner.current_player  # the printed leader leads
            deals += 1
        GAME.check_invariants(state.inner)
        state = state.apply(rng.choice(state.legal_actions()))
    assert deals == state.rules.deals
    assert sum(type(a) is PassCard for a in state.history) == 2 * sum(
        len(r.humans) for r in state.inner.past)


def test_no_observation_shows_another_seats_secret_pass() -> None:
    """GH-PHASE-3: while the humans choose face down, no other seat's observation (a human's or a god's)
    depends on what a human chose; once the cards move, only the giver and the receiver learn them."""
    state = _variant(PassCards(before="tricks")).new_game(seed=11)
    rng = random.Random(0)
    while state.active < 0:
        state = state.apply(rng.choice(state.legal_actions()))
    chooser = state.current_player
    a, b = state.legal_actions()[0], state.legal_actions()[-1]
    one, two = state.apply(a), state.apply(b)
    for seat in range(5):
        if seat != chooser:
            assert one.observation(seat) == two.observation(seat)
    assert one.observation(chooser).own == (a.card,) and two.observation(chooser).own == (b.card,)
    assert one.observation(chooser) != two.observation(chooser)
    humans = state.inner.humans
    after = {}
    for key, moved in ((True, one), (False, two)):
        while moved.active >= 0:
            moved = moved.apply(moved.legal_actions()[0])
        after[key] = moved
    third = next(s for s in humans if s not in (chooser, humans[(humans.index(chooser) + 1) % 3]))
    receiver = humans[(humans.index(chooser) + 1) % 3]
    assert after[True].observation(third).gave == after[False].observation(third).gave
    assert after[True].observation(third).got == after[False].observation(third).got
    assert after[True].observation(receiver).got != after[False].observation(receiver).got


def test_resample_keeps_what_the_seat_passed_and_to_whom() -> None:
    """GH-PHASE-3: a human's redraw keeps the cards it passed in the receiver's hand (until played), its
    own pending choice, and redraws another human's pending choice among that human's hand."""
    state = _variant(PassCards(before="oracle", cards=2)).new_game(seed=21)
    while state.active >= 0:
        state = state.apply(state.legal_actions()[0])
    rng = random.Random(5)
    humans = state.inner.humans
    for seat in humans:
        receiver, cards = state.observation(seat).gave[0]
        assert receiver == humans[(humans.index(seat) + 1) % 3] and len(cards) == 2
        for _ in range(15):
            other = state.resample(seat, rng)
            assert set(cards) <= set(other.inner.hands[receiver])
            assert other.observation(seat) == state.observation(seat)
            GAME.check_invariants(other.inner)
    pending = _variant(PassCards(before="oracle")).new_game(seed=21)
    first = pending.current_player
    pending = pending.apply(pending.legal_actions()[0])
    drawn = set()
    for _ in range(30):
        other = pending.resample(humans[1], rng)
        assert other.chosen[first][0] in other.inner.hands[first]
        assert other.observation(humans[1]) == pending.observation(humans[1])
        drawn.add(other.chosen[first])
        mine = pending.resample(first, rng)
        assert mine.chosen[first] == pending.chosen[first]
    assert len(drawn) > 1  # the pending choice is not kept for a seat that cannot see it


def test_reveal_makes_the_cards_public_to_gods_and_humans() -> None:
    """GH-PHASE-4: a showing step before the tricks shows every human's chosen card to every seat, and a
    redraw for any seat keeps each shown card in its holder's hand."""
    state = _variant(RevealCards(before="tricks")).new_game(seed=4)
    rng = random.Random(2)
    while state.active < 0:
        state = state.apply(rng.choice(state.legal_actions()))
    while state.active >= 0:
        state = state.apply(state.legal_actions()[-1])
    humans = state.inner.humans
    shown = state.observation(humans[0]).shown
    assert all(state.observation(s).shown == shown for s in range(5))
    assert [cards for s, cards in enumerate(shown) if s in humans] == [
        (state.inner.hands[s][-1],) for s in humans]
    assert all(not shown[s] for s in state.inner.gods)
    for seat in range(5):
        for _ in range(10):
            other = state.resample(seat, rng)
            assert all(set(cards) <= set(other.inner.hands[s]) for s, cards in enumerate(shown))
            assert other.observation(seat) == state.observation(seat)


def test_a_god_cannot_pass() -> None:
    """GH-PHASE-2, GH-RULING-19: a god is never asked to pass; a pass outside the step is refused naming the
    rule."""
    state = _variant(PassCards(before="oracle")).new_game(seed=3)
    seen = set()
    while state.active >= 0:
        seen.add(state.current_player)
        state = state.apply(state.legal_actions()[0])
    assert seen == set(state.inner.humans)
    with pytest.raises(IllegalAction, match="GH-PHASE-2"):
        state.apply(PassCard(state.inner.hands[0][0]))


def test_worked_example_verifies() -> None:
    """docs/examples/gods_pass_left.toml: verify's checks, the twin-world boundary included."""
    v = load_variant(GAME, str(EXAMPLE))
    assert v.phases == (PassCards(before="oracle", cards=1, to="left"),)
    report = verify(GAME, v, examples=4, players=[5, 7])
    assert report.ok, report


@pytest.mark.parametrize("visible", [{"hands": "all"}, {"pairing": "all"}, {"oracles": "from:handover"}, {}])
def test_phases_compose_with_visibility(visible: dict[str, str]) -> None:
    """GH-PHASE-3 with GH-INFO-5..GH-INFO-7: under each visibility setting, verify's twin-world check holds
    with a pass and a showing step, and under open hands a redraw keeps every hand."""
    v = _variant(PassCards(before="oracle", to="right"), RevealCards(before="tricks"), visible=visible)
    report = verify(GAME, v, examples=3, players=[5, 6])
    assert report.ok, report
    if visible.get("hands") == "all":
        state = v.new_game(seed=1)
        state = state.apply(state.legal_actions()[0])
        other = state.resample(state.inner.gods[0], random.Random(1))
        assert other.inner.hands == state.inner.hands and other.chosen == state.chosen


# -- property: random added phases, random games ---------------------------------------------------


@st.composite
def gods_phases(draw: st.DrawFn) -> tuple[int, dict[str, str], tuple[PassCards | RevealCards, ...]]:
    players = draw(st.sampled_from([5, 6, 7, 8]))
    visible = draw(st.sampled_from([{}, {"hands": "all"}, {"pairing": "all"}, {"oracles": "from:handover"}]))
    phases: list[PassCards | RevealCards] = []
    for _ in range(draw(st.integers(1, 2))):
        before = draw(st.sampled_from(["oracle", "tricks"]))
        cards = draw(st.integers(1, 2))
        turns = draw(st.sampled_from(["secret", "in_turn"]))
        starts = draw(st.sampled_from(["game", "lowest_score", "highest_score", "last_winner"]))
        if draw(st.booleans()):
            to = draw(st.sampled_from(["left", "right", 1, 2, -1]))
            phases.append(PassCards(before=before, cards=cards, to=to, turns=turns, starts=starts))
        else:
            phases.append(RevealCards(before=before, cards=cards, turns=turns, starts=starts))
    return players, visible, tuple(phases)


@settings(max_examples=25, deadline=None)
@given(case=gods_phases(), seed=st.integers(0, 2**16))
def test_random_added_phases_keep_the_invariants(
    case: tuple[int, dict[str, str], tuple[PassCards | RevealCards, ...]], seed: int
) -> None:
    """Conservation and the game's invariants at every state; a redraw for any seat keeps its
    observation and the invariants; every deal plays each added phase once."""
    players, visible, phases = case
    state = _variant(*phases, players=players, visible=visible).new_game(seed=seed)
    rng = random.Random(seed)
    chosen = 0
    while not state.is_terminal:
        GAME.check_invariants(state.inner)
        if state.active >= 0 or rng.random() < 0.1:
            seat = rng.randrange(players)
            other = state.resample(seat, rng)
            assert other.observation(seat) == state.observation(seat)
            assert other.current_player == state.current_player
            GAME.check_invariants(other.inner)
        if state.active >= 0:
            chosen += 1
        state = state.apply(rng.choice(state.legal_actions()))
    per_deal = sum(p.cards for p in phases)
    assert chosen == per_deal * sum(len(r.humans) for r in state.inner.past)
