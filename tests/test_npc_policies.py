"""UTSUKE's lord and young lord as places that play by a rule (UT-LORD-8): the named policies of
``lord_policy``/``young_lord_policy`` and a Python variant's function, obeyed in played games (exact
cards in a constructed round, properties over random games), what a function is given, the
refusals, and verify on the worked example."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import rulebook
from rulebook.core.logic import Logic
from rulebook.errors import IllegalAction, InvalidRules
from rulebook.games.utsuke import DECK, GAME, NpcView, Play, Rules, UtsukeState
from rulebook.games.utsuke.rules import CONDUCTS, POLICIES, npc_legal, npc_pick
from rulebook.variants.hooks import HookError
from rulebook.variants.seats import npc_policies
from rulebook.variants.variant import Variant, load_variant
from rulebook.variants.verify import verify

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "utsuke_greedy_lord.toml"
text = DECK.text
_rng = random.Random(7)
ORDER = list(range(60))
_rng.shuffle(ORDER)


def _row(state: UtsukeState, k: int = 0) -> str:
    return " ".join(text(c) for c in state.hands[state.rules.players + k])


def _bid_zero(state: UtsukeState) -> UtsukeState:
    while state.current_player is not None and str(state.legal_actions()[0]).startswith("bid"):
        state = state.apply(state.legal_actions()[0])
    return state


def _play(state: UtsukeState, *cards: str) -> UtsukeState:
    for card in cards:
        state = state.apply(Play(DECK.parse(card)))
    return state


def _start(rules: Rules) -> UtsukeState:
    state = GAME.new_game(rules, deals=[ORDER])
    assert _row(state) == "A3 B2 C9 E8 D2 B12 A7 C11 E5 A5 A4 D6 C2 A10 B9"
    return _bid_zero(state)


# -- exact cards in a constructed round ------------------------------------------------------------


def test_highest_lord_exact_cards() -> None:
    """UT-LORD-8: the highest lord leads its highest card (B12, not the leftmost A3), leads its highest
    card again after a win (C11, not the rightmost B9) and follows with its highest card of the suit."""
    state = _start(Rules(players=3, lord_policy="highest"))
    assert [text(c) for c in state.trick] == ["B12"]
    state = _play(state, "B8", "B11", "B4")  # the lord's trump B12 wins: it leads again
    assert state.tricks[-1].winner == "lord"
    assert [text(c) for c in state.trick] == ["C11"]
    state = _play(state, "C7", "C8", "C12")  # seat 3's C12 wins; it leads A8, the lord follows next
    state = _play(state, "A8")
    assert [text(c) for c in state.trick] == ["A8", "A10"]
    assert _row(state) == "A3 B2 C9 E8 D2 A7 E5 A5 A4 D6 C2 B9"


def test_printed_lord_same_round_for_contrast() -> None:
    """UT-LORD-1, UT-LORD-4, UT-LORD-2: the same deal under the printed conduct leads A3 (leftmost)."""
    state = _start(Rules(players=3))
    assert [text(c) for c in state.trick] == ["A3"]


def test_a_function_lord_exact_cards() -> None:
    """UT-LORD-8: a function's choice is played: this one takes the last card it may play."""
    calls: list[tuple[NpcView, tuple[str, ...]]] = []

    def last(view: NpcView, legal: tuple[Any, ...]) -> Any:
        calls.append((view, tuple(str(a) for a in legal)))
        return legal[-1]

    v = Variant(GAME, Rules(players=3), npcs={"lord": last})
    state = _bid_zero(v.new_game(deals=[ORDER]))
    assert [text(c) for c in state.trick] == ["B9"]  # its rightmost card, where the printed lord leads A3
    view, legal = calls[0]
    assert (view.npc, view.trick, view.first_trick, view.trump) == ("lord", (), True, 1)
    assert " ".join(text(c) for c in view.row) == "A3 B2 C9 E8 D2 B12 A7 C11 E5 A5 A4 D6 C2 A10 B9"
    assert legal[0] == "play A3" and len(legal) == 15
    state = _play(state, "B8", "B11", "B4")  # seat 2's B11 wins (trump B); seat 2 leads, then seat 3,
    state = _play(state, "D11", "D9")  # then the lord follows D: its D cards left to right are D2 D6
    view, legal = calls[-1]
    assert legal == ("play D2", "play D6") and view.trick == (DECK.parse("D11"), DECK.parse("D9"))
    assert [text(c) for c in state.trick] == ["D11", "D9", "D6"]


# -- properties over random games ----------------------------------------------------------------


def _npc_plays(before: UtsukeState, after: UtsukeState, k: int) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
    """The cards NPC ``k`` played in one move: (its row then, the trick before its card, the card)."""
    players = before.rules.players
    row0, row1 = before.hands[players + k], after.hands[players + k]
    gone = [c for c in row0 if c not in row1]
    out = []
    row = row0
    # the card in a finished trick comes first, then a lead after a win
    gone.sort(key=lambda c: c in after.trick)
    for card in gone:
        if card in after.trick:
            trick = after.trick[: after.trick.index(card)]
        else:
            plays = next(t.plays for t in reversed(after.tricks) if any(c == card for _, c in t.plays))
            trick = tuple(c for _, c in plays[: [c for _, c in plays].index(card)])
        out.append((row, trick, card))
        row = tuple(c for c in row if c != card)
    return out


def _games(rules: Rules, seeds: range, variant: Variant | None = None) -> list[list[tuple[tuple[int, ...], ...]]]:
    """Per game, per NPC, every play: (row, trick, card)."""
    games = []
    for seed in seeds:
        state = (variant.new_game(seed=seed) if variant else GAME.new_game(rules, seed=seed))
        rng = random.Random(seed)
        plays: list[Any] = []
        while not state.is_terminal:
            nxt = state.apply(rng.choice(state.legal_actions()))
            for k in range(rules.npcs):
                plays += [(k, *p) for p in _npc_plays(state, nxt, k)]
            GAME.check_invariants(nxt)
            state = nxt
        games.append(plays)
    return games


@pytest.mark.parametrize("players", [2, 4])
def test_highest_is_obeyed_in_random_games(players: int) -> None:
    """UT-LORD-8: every card the lord (and the young lord) plays is the highest it may play."""
    rules = Rules(players=players, lord_policy="highest")
    count = 0
    for plays in _games(rules, range(6)):
        for _k, row, trick, card in plays:
            legal = npc_legal(row, trick)
            assert card == max(legal, key=lambda c: (DECK.rank_of[c], c))
            count += 1
    assert count > 100


def test_random_is_legal_varied_and_replays() -> None:
    """UT-LORD-8: ``random`` plays a card the NPC may play, not always the printed one, and a game
    with the same seed replays exactly."""
    rules = Rules(players=2, lord_policy="printed", young_lord_policy="random")
    first = _games(rules, range(4))
    assert first == _games(rules, range(4))
    differs = 0
    for plays in first:
        for k, row, trick, card in plays:
            assert card in npc_legal(row, trick)
            if k == 1 and len(npc_legal(row, trick)) > 1:
                differs += card != npc_pick("printed", row, trick, False)  # it never leads a round
    assert differs > 10


@pytest.mark.parametrize("young", ["same", "printed"])
def test_a_function_is_obeyed_in_random_games(young: str) -> None:
    """UT-LORD-8, UT-LORD-5: every card the lord plays is the function's answer, given its row and the
    trick so far; with young_lord_policy 'same' the young lord plays by it too, else as printed."""
    seen: list[tuple[str, tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = []

    def second(view: NpcView, legal: tuple[Any, ...]) -> Any:
        assert type(view) is NpcView and all(type(a) is Play for a in legal)
        seen.append((view.npc, view.row, view.trick, tuple(a.card for a in legal)))
        return legal[1] if len(legal) > 1 else legal[0]

    rules = Rules(players=2, young_lord_policy=young)
    v = Variant(GAME, rules, npcs={"lord": second})
    games = _games(rules, range(3), v)
    by_young = 0
    for plays in games:
        for k, row, trick, card in plays:
            legal = npc_legal(row, trick)
            if k == 0 or young == "same":
                assert card == (legal[1] if len(legal) > 1 else legal[0])
            else:
                assert card == npc_pick("printed", row, trick, False)  # it never leads a round
                by_young += 1
    assert {name for name, *_ in seen} == ({"lord", "young lord"} if young == "same" else {"lord"})
    assert all(legal == npc_legal(row, trick) for _, row, trick, legal in seen)
    assert (by_young > 0) == (young != "same")


# -- the data and Python forms, and the refusals -----------------------------------------------------


def test_named_policies_are_options() -> None:
    """UT-LORD-8, UT-RULING-19: the named policies are the options' choices (``rulebook options utsuke``);
    the seats' ``heuristic`` is not one."""
    assert POLICIES == ("printed", "lowest", "leftmost", "highest", "random")
    assert CONDUCTS == ("printed", "lowest", "leftmost")
    assert Rules(lord_policy="random").lord_policy == "random"
    with pytest.raises(InvalidRules, match="lord_policy: must be one of printed, lowest, leftmost, highest, random"):
        Rules(lord_policy="heuristic")


def test_npcs_by_name_set_the_options() -> None:
    v = Variant(GAME, Rules(players=2), npcs={"lord": "highest", "young lord": "random"})
    assert (v.rules.lord_policy, v.rules.young_lord_policy, v.rules.logic.npcs) == ("highest", "random", ())


def test_worked_example_is_data_and_verifies() -> None:
    v = load_variant(GAME, str(EXAMPLE))
    assert v.rules.lord_policy == "highest" and not v.has_hooks
    report = verify(GAME, v, examples=4, players=[2, 4])
    assert report.ok, report


def _greedy(view: NpcView, legal: tuple[Any, ...]) -> Any:
    return max(legal, key=lambda a: DECK.rank_of[a.card])


def test_a_function_lord_verifies() -> None:
    """verify's checks (the record replay included) under a Python lord."""
    v = Variant(GAME, Rules(players=3), name="greedy function lord", npcs={"lord": _greedy})
    assert v.has_hooks and v.logic_hooks() == ["lord policy"]
    report = verify(GAME, v, examples=4, players=[3])
    assert report.ok, report


@pytest.mark.parametrize(("npcs", "message"), [
    ({"king": "highest"}, "npcs: 'king' is not a non-player character of utsuke"),
    ({"lord": "heuristic"}, "lord_policy: must be one of"),
    ({"young lord": "first"}, "young_lord_policy: must be one of"),
    ({"lord": 3}, "npcs.lord: a policy is a name"),
])
def test_bad_npcs_are_refused_naming_the_field(npcs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidRules, match=message):
        Variant(GAME, Rules(players=3), npcs=npcs)


def test_npcs_in_a_game_without_them_are_refused() -> None:
    game = rulebook.get_game("witches-of-blackmore")
    with pytest.raises(InvalidRules, match="npcs: witches-of-blackmore has no non-player characters"):
        npc_policies(game, game.Rules(), {"lord": "highest"})


def _cheat(view: NpcView, legal: tuple[Any, ...]) -> Any:
    return Play(DECK.parse("E12")) if DECK.parse("E12") not in view.row else Play(DECK.parse("E11"))


def _crash(view: NpcView, legal: tuple[Any, ...]) -> Any:
    raise RuntimeError("no idea")


@pytest.mark.parametrize(("fn", "message"), [
    (_cheat, r"the lord's policy chose play E1[12], which is not a card it may play \(UT-LORD-8\)"),
    (_crash, "no idea"),
])
def test_a_wrong_answer_is_a_hook_error_naming_the_lord_and_the_rule(fn: Any, message: str) -> None:
    v = Variant(GAME, Rules(players=3), npcs={"lord": fn})
    with pytest.raises(HookError, match=message) as info:
        _bid_zero(v.new_game(deals=[ORDER]))
    assert "lord policy" in str(info.value)


def test_the_engine_checks_an_unwrapped_function() -> None:
    """UT-LORD-8: a function put in the rules' logic directly is checked by the engine itself."""
    rules = Rules(players=3, logic=Logic(npcs=(("lord", _cheat),)))
    with pytest.raises(IllegalAction, match=r"the lord's policy chose play E1[12], not a card it may play") as info:
        _bid_zero(GAME.new_game(rules, deals=[ORDER]))
    assert info.value.rule == "UT-LORD-8"


def test_the_named_policies_are_documented_with_the_seats() -> None:
    """UT-LORD-8: every named NPC policy is documented beside the seats' (rulebook.variants.seats)."""
    import rulebook.variants.seats as seats
    doc = seats.__doc__ or ""
    assert all(f"``{name}``" in doc for name in POLICIES)
    assert "UT-LORD-8" in doc and "npcs={\"lord\": policy}" in doc


def test_a_function_sees_the_same_in_twin_worlds() -> None:
    """UT-LORD-8: what a function is given does not depend on what the seats hide: in a world redrawn
    for a seat, the same move makes the lord's function see the same view and legal cards."""
    seen: list[tuple[Any, ...]] = []

    def record(view: NpcView, legal: tuple[Any, ...]) -> Any:
        seen.append((view.npc, view.row, view.trick, view.trump, view.first_trick, legal))
        return legal[0]

    v = Variant(GAME, Rules(players=3), npcs={"lord": record})
    state = v.new_game(seed=4)
    rng = random.Random(4)
    checked = 0
    while not state.is_terminal and checked < 40:
        seat = state.current_player
        action = rng.choice(state.legal_actions())
        seen.clear()
        nxt = state.apply(action)
        mine = list(seen)
        twin = state.resample(seat, rng)
        seen.clear()
        twin.apply(action)
        assert seen == mine
        checked += bool(mine)
        state = nxt
    assert checked == 40
