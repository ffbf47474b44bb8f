"""Added phases (rulebook.variants.phases): card passing in played games, its hidden
information, records, verify, and a property suite over random added phases."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulebook
from rulebook.core.phases import PassCard, Phase, ShowCard, phases_text
from rulebook.errors import IllegalAction, RulebookError
from rulebook.reference import records
from rulebook.variants import steps
from rulebook.variants.phases import (
    InvalidPhase,
    PassCards,
    PhasedObservation,
    PhasedState,
    RevealCards,
    phase_from_table,
)
from rulebook.variants.variant import Variant, load_variant
from rulebook.variants.verify import verify

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "utsuke_pass_left.toml"
GAME = rulebook.get_game("utsuke")
text = GAME.card_text


def _hands(state: PhasedState) -> list[str]:
    return [" ".join(text(c) for c in h) for h in state.inner.hands]


def _pass_highest(state: PhasedState) -> PhasedState:
    """Every seat passes its highest card (the last of its sorted hand)."""
    while state.active >= 0:
        state = state.apply(state.legal_actions()[-1])
    return state


# -- the printed turn structure ------------------------------------------------------------------


def test_utsuke_phases_as_data() -> None:
    """UT-PHASE-1: the printed round, in order, with how each phase takes turns."""
    assert [(p.name, p.turns) for p in GAME.PHASES] == [
        ("deal", "chance"), ("bid", "secret"), ("tricks", "in_turn"), ("score", "chance")]
    assert phases_text(GAME).splitlines()[1] == "bid: secret; the seat after the lord bids first (UT-BID-2)"
    with pytest.raises(ValueError, match="turns: must be one of chance, secret, in_turn"):
        Phase("bid", "sometimes")
    # every game names its round's steps
    assert all(phases_text(rulebook.get_game(slug)) for slug in rulebook.GAMES)


# -- the worked example: UTSUKE, one card face down to the left -----------------------------------


def test_passed_card_arrives_left_exact() -> None:
    """UT-PHASE-2: each seat's card arrives in the next seat's hand; the lord's row is untouched."""
    v = load_variant(GAME, str(EXAMPLE))
    state = v.new_game(seed=7)
    assert isinstance(state, PhasedState) and state.order == (0, 1, 2, 3)
    assert state.current_player == 0 and str(state.legal_actions()[-1]) == "pass D12"
    lord = state.inner.hands[4]
    before = _hands(state)
    state = _pass_highest(state)
    assert [str(a) for a in state.history] == ["pass D12", "pass E11", "pass E12", "pass E9"]
    after = _hands(state)
    assert after[0] == before[0].replace(" D12", " E9") and after[0].endswith("D10 E9")
    assert after[1] == "A7 A12 B1 B6 C1 C7 C9 C10 D9 D12 E4 E10"
    assert after[2] == "A5 B4 B7 B8 C3 D1 D3 D4 D5 D6 D8 E11"
    assert after[3] == "A1 A3 A10 B3 B9 C2 C8 D7 E1 E5 E7 E12"
    assert state.inner.hands[4] == lord  # the lord neither passes nor receives
    assert state.active == -1 and state.current_player == 0 and str(state.legal_actions()[0]) == "bid 0"
    GAME.check_invariants(state.inner)


def test_pass_every_round_in_a_played_game() -> None:
    """UT-PHASE-1: the pass comes before the bidding of every round, and only there."""
    v = Variant(GAME, GAME.Rules(players=3), phases=(PassCards(before="bid"),))
    state: PhasedState = v.new_game(seed=3)  # type: ignore[assignment]
    rng = random.Random(5)
    passes_per_round: dict[int, int] = {}
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        if isinstance(action, PassCard):
            assert all(b < 0 for b in state.inner.bids)  # before any bid
            passes_per_round[state.inner.round] = passes_per_round.get(state.inner.round, 0) + 1
        state = state.apply(action)
        GAME.check_invariants(state.inner)
    assert len(passes_per_round) == len(state.rounds) >= 2
    assert set(passes_per_round.values()) == {3}


def test_secret_choice_stays_hidden() -> None:
    """UT-PHASE-3: a seat's pending choice is in its own observation only; after the pass only the
    giver knows where the card went (the receiver sees it in its hand)."""
    v = load_variant(GAME, str(EXAMPLE))
    state = v.new_game(seed=7)
    views = [state.observation(s) for s in range(4)]
    state = state.apply(PassCard(GAME.parse_card("D12")))
    assert state.observation(0).own == (GAME.parse_card("D12"),)
    for seat in (1, 2, 3):
        after = state.observation(seat)
        assert after == attrs_evolve(views[seat], chosen=1)
        assert GAME.parse_card("D12") not in after.engine.hand
    state = _pass_highest(state)
    d12 = GAME.parse_card("D12")
    assert state.observation(0).gave == ((1, (d12,)),) and state.observation(1).got == ((0, (d12,)),)
    for seat in (2, 3):
        obs = state.observation(seat)
        assert d12 not in obs.engine.hand and all(d12 not in cards for _, cards in obs.gave + obs.got)


def attrs_evolve(obs: PhasedObservation, **changes: int) -> PhasedObservation:
    import attrs

    return attrs.evolve(obs, **changes)


def test_resample_keeps_own_choice_and_redraws_others() -> None:
    """UT-PHASE-3: resampling keeps the seat's own choice and what it passed where; the other
    seats' secret choices are redrawn among their redrawn hands."""
    v = load_variant(GAME, str(EXAMPLE))
    state = v.new_game(seed=7)
    state = state.apply(state.legal_actions()[-1])
    state = state.apply(state.legal_actions()[0])
    rng = random.Random(1)
    seen = set()
    for _ in range(30):
        other = state.resample(2, rng)
        assert other.observation(2) == state.observation(2)
        assert other.chosen[2] == () and len(other.chosen[0]) == len(other.chosen[1]) == 1
        assert other.chosen[0][0] in other.inner.hands[0] and other.history == ()
        seen.add(other.chosen[0])
        GAME.check_invariants(other.inner)
    assert len(seen) > 1
    done = _pass_highest(state)
    d12 = GAME.parse_card("D12")
    for _ in range(30):
        other = done.resample(0, rng)  # seat 1 the receiver may be redrawn, but it holds D12
        assert d12 in other.inner.hands[1] and other.observation(0) == done.observation(0)


def test_a_card_passed_on_is_no_longer_pinned_where_it_first_went() -> None:
    """UT-PHASE-3: after a second pass of the round, what a seat passed in the first may have moved
    on; a redraw under open hands (which keeps every hand) then agrees with the seat's view, and a
    redraw under hidden hands never contradicts it."""
    for visible in ("all", "owner"):
        rules = GAME.Rules(players=4, visible={"hands": visible})
        v = Variant(GAME, rules, phases=(PassCards(before="bid", to="right"), PassCards(before="bid", to="right")))
        rng = random.Random(5)
        for seed in range(12):
            state = v.new_game(seed=seed)
            while state.active >= 0:  # both passes: every seat passes its highest card each time
                state = state.apply(state.legal_actions()[-1])
            for seat in range(4):
                for _ in range(4):
                    other = state.resample(seat, rng)
                    assert other.observation(seat) == state.observation(seat), (visible, seed, seat)
                    if visible == "all":
                        assert other.inner.hands == state.inner.hands


def test_illegal_moves_cite_the_rule() -> None:
    v = load_variant(GAME, str(EXAMPLE))
    state = v.new_game(seed=7)
    with pytest.raises(IllegalAction, match="UT-PHASE-2"):
        state.apply(GAME.parse_action("bid 3"))
    with pytest.raises(IllegalAction, match="UT-PHASE-2"):
        state.apply(PassCard(GAME.parse_card("A7")))  # seat 2's card, not seat 1's
    state = _pass_highest(state)
    with pytest.raises(IllegalAction, match="UT-PHASE-2"):
        state.apply(PassCard(GAME.parse_card("A2")))


def test_pass_moves_encode_above_the_table_and_replay() -> None:
    """The pass moves have ids after the game's own 76 (then the show moves) and replay from the record
    exactly."""
    v = load_variant(GAME, str(EXAMPLE))
    state = v.new_game(seed=7)
    g = state.GAME
    assert GAME.num_distinct_actions(v.rules) == 76 and g.num_distinct_actions(v.rules) == 76 + 2 * 60
    a = state.legal_actions()[-1]
    assert g.encode_action(a, v.rules) == 76 + a.card and g.decode_action(76 + a.card, v.rules) == a
    assert g.parse_action("Pass  d12", v.rules) == a
    assert g.encode_action(ShowCard(a.card), v.rules) == 136 + a.card
    assert str(g.decode_action(136 + a.card)) == "show D12"
    assert state.legal_action_ids() == tuple(76 + c for c in state.inner.hands[0])
    rng = random.Random(2)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    record = records.loads(records.dumps(state))
    assert record.meta["phases"] == [{"kind": "pass", "before": "bid", "cards": 1, "to": "left",
                                      "turns": "secret", "starts": "game"}]
    assert records.replay(record, complete=True) == state


def test_verify_passes() -> None:
    """verify, Python API: conservation, the twin-world boundary and the record replay hold."""
    v = load_variant(GAME, str(EXAMPLE))
    report = verify(GAME, v, examples=4, players=[2, 4, 6])
    assert report.ok, report


def test_printed_rules_never_wrapped() -> None:
    v = Variant(GAME, GAME.Rules())
    assert type(v.new_game(seed=1)) is type(GAME.new_game(seed=1))


# -- validation ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("table", "message"), [
    ({"kind": "pass", "before": "bid", "to": "up"},
     "phases[1].to: must be one of left, right, across or a whole number"),
    ({"kind": "pass", "before": "auction"}, "phases[1].before: utsuke has no step 'auction' to go before"),
    ({"kind": "pass", "before": "bid", "cards": 0}, "phases[1].cards: must be a whole number from 1"),
    ({"kind": "pass", "before": "bid", "turns": "open"}, "phases[1].turns: must be secret or in_turn"),
    ({"kind": "pass", "before": "bid", "starts": "seat:0"}, "phases[1].starts: must be one of"),
    ({"kind": "pass", "before": "bid", "count": 2}, "phases[1].count: unknown field"),
    ({"kind": "shuffle", "before": "bid"}, "phases[1].kind: must be one of pass, reveal, exchange, draft"),
    ({"kind": "draft", "before": "bid"}, "phases[1].kind: utsuke does not play draft phases yet"),
    ({"kind": "reveal", "before": "bid", "to": "left"}, "phases[1].to: unknown field"),
    ({"kind": "pass", "before": "deal"}, "phases[1].before: deal is a step no player takes"),
    ({"kind": "pass", "before": "score"}, "phases[1].before: score is a step no player takes"),
])
def test_bad_phases_name_the_field(table: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidPhase, match=message.replace("[", r"\[").replace("]", r"\]")):
        Variant(GAME, GAME.Rules(), phases=(phase_from_table(table, 0),))


def test_refused_at_the_table() -> None:
    """More cards than a hand holds, or across with an odd number of seats, is refused naming the field."""
    with pytest.raises(InvalidPhase, match=r"phases\[1\]\.cards: 13 cards to pass, but a hand holds 12"):
        Variant(GAME, GAME.Rules(), phases=(PassCards(before="bid", cards=13),)).new_game(seed=1)
    with pytest.raises(InvalidPhase, match=r"phases\[1\]\.to: across needs an even number of seats"):
        Variant(GAME, GAME.Rules(players=3), phases=(PassCards(before="bid", to="across"),)).new_game(seed=1)


def test_variant_file_errors(tmp_path: Path) -> None:
    path = tmp_path / "v.toml"
    path.write_text('game = "utsuke"\n[[phases]]\nkind = "pass"\nbefore = "bid"\nto = "up"\n')
    with pytest.raises(RulebookError, match=r"v.toml: phases\[1\]\.to: must be one of left, right, across"):
        load_variant(GAME, str(path))


def test_hooks_and_phases_compose() -> None:
    """A legal hook with added phases: the hooked state over the phased state (tests/test_phases_hooks.py)."""
    from rulebook.variants.hooks import HookedState

    state = Variant(GAME, GAME.Rules(), phases=(PassCards(before="bid"),), legal=lambda s, a: a).new_game(seed=1)
    assert isinstance(state, HookedState) and isinstance(state.inner, PhasedState)
    assert str(state.legal_actions()[0]) == "pass A2"


def test_shown_cards_are_public_until_played() -> None:
    """UT-PHASE-4: two cards each shown before the bidding: every seat sees them, a resample keeps
    them in their holders' hands, and a shown card passed afterwards is known in the receiver's hand."""
    v = Variant(GAME, GAME.Rules(players=4), phases=(RevealCards(before="bid", cards=2), PassCards(before="bid")))
    state = v.new_game(seed=7)
    assert [str(a) for a in state.legal_actions()][-2:] == ["show D10", "show D12"]
    state = state.apply(state.legal_actions()[-1])
    assert state.observation(1).shown == () and state.observation(0).own == (GAME.parse_card("D12"),)
    while state.active == 0:
        state = state.apply(state.legal_actions()[-1])
    shown = state.observation(2).shown
    assert [" ".join(text(c) for c in cards) for cards in shown] == ["D12 D10", "E11 E10", "E12 D8", "E9 E7"]
    assert all(state.observation(s).shown == shown for s in range(4))
    while state.active == 1:  # each seat passes its highest card: the one it showed first
        state = state.apply(state.legal_actions()[-1])
    shown = state.observation(2).shown
    assert [sorted(cards) for cards in shown] == [sorted(c) for c in (
            (GAME.parse_card("D10"), GAME.parse_card("E9")), (GAME.parse_card("E10"), GAME.parse_card("D12")),
            (GAME.parse_card("D8"), GAME.parse_card("E11")), (GAME.parse_card("E7"), GAME.parse_card("E12")))]
    rng = random.Random(3)
    for _ in range(20):
        for seat in range(4):
            other = state.resample(seat, rng)
            assert other.observation(seat) == state.observation(seat)
            assert all(set(cards) <= set(other.inner.hands[s]) for s, cards in enumerate(shown))
    with pytest.raises(IllegalAction, match="UT-PHASE-2"):
        state.apply(ShowCard(GAME.parse_card("A2")))


def test_reveal_refused_where_not_played() -> None:
    game = rulebook.get_game("witches-of-blackmore")
    with pytest.raises(InvalidPhase, match=r"phases\[1\]\.kind: witches-of-blackmore does not play reveal phases"):
        Variant(game, game.Rules(), phases=(RevealCards(before="tricks"),))


# -- property: random added phases, random games ---------------------------------------------------

#: the games with adapters, the printed phases an added one may go before, and the kinds they play
ADAPTED = {"utsuke": (("bid", "tricks"), ("pass", "reveal")), "witches-of-blackmore": (("tricks",), ("pass",)),
           "seven-prophecies": (("prophecies", "tricks"), ("pass",)),
           "saru-tori-inu-i": (("rounds",), ("pass", "reveal"))}
_TURNS = st.sampled_from(["secret", "in_turn"])
_STARTS = st.sampled_from(["game", "seat:1", "lowest_score", "highest_score", "last_winner"])


@st.composite
def game_and_phases(draw: st.DrawFn) -> tuple[str, int, tuple[PassCards | RevealCards, ...]]:
    slug = draw(st.sampled_from(sorted(ADAPTED)))
    befores, kinds = ADAPTED[slug]
    players = draw(st.sampled_from([p for p in (3, 4, 5) if p in rulebook.get_game(slug).player_counts]))
    phases: list[PassCards | RevealCards] = []
    for _ in range(draw(st.integers(1, 2))):
        before, cards = draw(st.sampled_from(befores)), draw(st.integers(1, 2))
        if draw(st.sampled_from(kinds)) == "pass":
            to = draw(st.sampled_from(["left", "right", 1, 2, -1]))
            phases.append(PassCards(before=before, cards=cards, to=to, turns=draw(_TURNS), starts=draw(_STARTS)))
        else:
            phases.append(RevealCards(before=before, cards=cards, turns=draw(_TURNS), starts=draw(_STARTS)))
    return slug, players, tuple(phases)


@settings(max_examples=40, deadline=None)
@given(case=game_and_phases(), seed=st.integers(0, 2**16))
def test_random_added_phases_keep_the_invariants(case: tuple[str, int, tuple[PassCards, ...]], seed: int) -> None:
    """Conservation (the game's invariants) at every state, and the observation boundary: a seat's
    observation does not change when another seat's pending choice or hidden cards are resampled."""
    slug, players, phases = case
    game = rulebook.get_game(slug)
    v = Variant(game, game.Rules(players=players), phases=phases)
    state = v.new_game(seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal and steps < 400:
        game.check_invariants(state.inner)
        if steps % 7 == 0 or state.active >= 0:
            seat = rng.randrange(players)
            other = state.resample(seat, rng)
            assert other.observation(seat) == state.observation(seat)
            assert other.current_player == state.current_player
            game.check_invariants(other.inner)
        state = state.apply(rng.choice(state.legal_actions()))
        steps += 1


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_the_places_asked_for_are_found_as_when_every_question_is_asked(slug: str) -> None:
    """An added step is due where its place is among the program's places (``steps.points``); skipping
    the engine's questions no step's place needs (``steps.wanted``) finds the same steps due, for every
    place the game offers (one at a time and all at once) and every position of random games, and asks
    a question exactly when a step's place needs it."""
    game = rulebook.get_game(slug)
    names, _index, t = steps._facts(game)
    offered = sorted(steps.placeable(game))
    singles = [((kind, name, at),) for kind, name in offered for at in (0, 1, 2)]
    assert steps.wanted(game, ()) == (False, False)
    for places in [*singles, tuple(p for (p,) in singles)]:
        ask = steps.wanted(game, places)
        assert ask == (any(n in names for _k, n, _a in places), any(n == t for _k, n, _a in places))
        rng = random.Random(len(places))
        found = 0
        for seed in range(3):
            state = game.new_game(game.Rules(), seed=seed)
            while True:
                every = steps.points(game, state)
                assert set(places) & steps.points(game, state, ask) == set(places) & every
                found += bool(set(places) & every)
                if state.current_player is None:
                    break
                state = state.apply(rng.choice(state.legal_actions()))
        if len(places) > 1:  # the places reached without the engine holding for a step: the whole list
            assert found > 0
