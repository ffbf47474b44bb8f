"""``hint`` (:mod:`rulebook.table.hint`): exact reasons for constructed positions, the same reason whatever
the hidden cards, and the trick judge agreeing with every trick the engines record."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import pytest

import rulebook
from rulebook.balance.players import heuristic_player
from rulebook.table.hint import LEADERS, hint, partial_winner

WB = "witches-of-blackmore"


def _deal(*hands: Sequence[str], trump: str) -> list[tuple[int, ...]]:
    """A Witches deal: the hands in seat order, then the first trump, then the rest of the deck."""
    game = rulebook.get_game(WB)
    used = [game.parse_card(t) for hand in hands for t in hand]
    first = game.parse_card(trump)
    rest = [c for c in range(54) if c not in used and c != first]
    return [(*used, first, *rest)]


def _witches(*hands: Sequence[str], trump: str = "B6", **rules: object) -> rulebook.State:  # type: ignore[type-arg]
    game = rulebook.get_game(WB)
    return game.new_game(game.Rules(players=len(hands), **rules), deals=_deal(*hands, trump=trump))


SEAT0 = ("B4", "R1", "R2", "G1", "G2", "Y1")
SEAT1 = ("B5", "B9", "R3", "G3", "Y2", "P1")


def _play(state: rulebook.State, *moves: str) -> rulebook.State:  # type: ignore[type-arg]
    game = type(state).GAME
    for move in moves:
        state = state.apply(game.parse_action(move, state.rules))
    return state


def test_the_only_card_that_wins_the_trick() -> None:
    # blue is trump and the wheel runs 6 5 4 3 2 1 9 8 7: of seat 2's cards only B5 beats B4
    state = _play(_witches(SEAT0, SEAT1), "play B4")
    assert str(hint(state)) == "play B5: the only card that wins this trick (WB-TRICK-2)"
    assert hint(state).rule == "WB-TRICK-2"


def test_the_lowest_card_that_wins_the_trick() -> None:
    # R1 led: R3 (red, above R1 on the wheel) and the trumps B5 and B9 all win; R3 is the weakest of them
    state = _play(_witches(SEAT0, SEAT1), "play R1")
    assert str(hint(state)) == "play R3: the lowest card that wins this trick (WB-TRICK-3)"


def test_beating_the_trick_so_far_when_others_are_still_to_play() -> None:
    state = _play(_witches(SEAT0, SEAT1, ("B3", "R4", "O1", "O2", "O3", "O4")), "play B4")
    assert str(hint(state)) == "play B5: the only card that beats the trick so far (WB-TRICK-2)"


def test_no_card_can_win_so_the_lowest_is_discarded() -> None:
    state = _play(_witches(("B5", "R1", "R2", "G1", "G2", "Y1"), ("B4", "B9", "R3", "G3", "Y2", "P1")), "play B5")
    assert str(hint(state)) == "play P1: no card of yours beats seat 1's B5 (WB-TRICK-1): discard your lowest card"


def test_a_rule_that_leaves_one_card() -> None:
    state = _play(_witches(SEAT0, SEAT1, must_follow=True), "play R1")
    assert str(hint(state)) == "play R3: your only legal move: must-follow house rule (WB-PLAY-2)"


def test_leading_and_other_decisions() -> None:
    assert str(hint(_witches(SEAT0, SEAT1))) == "play G1: you lead this trick: your lowest green card"
    state = _play(_witches(SEAT0, SEAT1), "play B4", "play B5")
    assert state.legal_actions()[-1].__class__.__name__ != "Play"
    assert str(hint(state)) == ("trump B4: B4 as the new trump makes blue trump and turns the wheel to 4: 1 of your "
                                "5 cards are blue, and your hand gains more in the tricks left than the points the "
                                "card gives up")
    game = rulebook.get_game("utsuke")
    bidding = game.new_game(game.Rules(players=3), seed=1)
    chosen = game.heuristic_action(bidding, random.Random(0))
    assert str(chosen) == "bid 6"
    assert str(hint(bidding)) == (
        "bid 6: the lord's row of 15 cards looks good for about 5.7 tricks against the cards you hold and the cards "
        "still unseen: bid 6")


#: What a hint must never say (issue 35 item 7): no reason at all, or a bare turn-order rule.
FALLBACK = re.compile(r"rule-aware player|turn order|\(\w\w-PLAY-1\)|nothing else may be done")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_every_decision_has_a_reason_from_the_seat(slug: str, lang: str) -> None:
    """Every kind of decision of every game (bids, prophecies, gifts, declarations, plays...) is explained
    from the seat's own view, in both languages; many decisions of several games are walked."""
    from rulebook.i18n import set_language

    game = rulebook.get_game(slug)
    kinds: dict[str, int] = {}
    set_language(lang)
    try:
        for seed in range(3):
            state = game.new_game(game.Rules(), seed=seed)
            rng = random.Random(seed)
            for _ in range(250):
                if state.is_terminal:
                    break
                advice = hint(state)
                verb = str(advice.action).split(" ")[0]
                kinds[verb] = kinds.get(verb, 0) + 1
                assert advice.reason, str(advice)
                assert FALLBACK.search(advice.reason) is None, str(advice)
                assert "ルールを理解" not in advice.reason, str(advice)
                state = state.apply(heuristic_player(state, rng))
    finally:
        set_language("en")
    expected = {"witches-of-blackmore": {"play", "trump", "keep"}, "seven-prophecies": {"prophesy", "play"},
                "utsuke": {"bid", "play"}, "gods-and-humans": {"oracle", "play", "give", "intervene", "pass"},
                "saru-tori-inu-i": {"play", "under", "take", "road", "declare", "pair"}}[slug]
    assert expected <= set(kinds), kinds


def test_following_is_named_with_its_rule() -> None:
    game = rulebook.get_game("gods-and-humans")
    rng = random.Random(2)
    for seed in range(20):
        state = game.new_game(game.Rules(), seed=seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            obs = state.observation(state.current_player)
            plays = [a for a in legal if str(a).startswith("play ")]
            if obs.trick and plays and 1 < len(plays) < len(obs.hand):
                text = str(hint(state))
                assert f" of your {len(obs.hand)} cards may be played (GH-TRICK-2: must follow); " in text, text
                assert text.startswith("play "), text
                return
            state = state.apply(heuristic_player(state, rng))
    pytest.fail("no position found where must-follow leaves some cards")


def test_no_hint_after_the_end() -> None:
    game = rulebook.get_game(WB)
    state = game.new_game(game.Rules(players=2), seed=1)
    rng = random.Random(0)
    while not state.is_terminal:
        state = state.apply(heuristic_player(state, rng))
    with pytest.raises(ValueError, match="the game is over"):
        hint(state)


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_the_hint_reads_the_same_whatever_the_hidden_cards(slug: str) -> None:
    """Hidden information: a state redrawn for the seat to act gives the same hint, word for word."""
    game = rulebook.get_game(slug)
    state = game.new_game(game.Rules(), seed=11)
    rng = random.Random(11)
    checked = 0
    while not state.is_terminal and checked < 12:
        if state.current_player == 0:
            text = str(hint(state))
            for k in range(2):
                assert str(hint(state.resample(0, random.Random(k)))) == text
            checked += 1
        state = state.apply(heuristic_player(state, rng))
    assert checked >= 6


@pytest.mark.parametrize("slug", sorted(LEADERS))
def test_the_trick_judge_agrees_with_every_recorded_trick(slug: str) -> None:
    """For every trick of several games (printed rules and house rules), the judge applied to the whole
    trick names the engine's winner and rule."""
    game = rulebook.get_game(slug)
    variants = {
        WB: [{}, {"wins": "weakest"}, {"trump_colour": False}],
        "utsuke": [{}, {"trick_winner": "lowest"}, {"trumps": "none"}],
        "gods-and-humans": [{}, {"players": 7}, {"players": 7, "trick_winner": "lowest"}],
        "seven-prophecies": [{}, {"order": "lowest"}, {"trump": "none"}],
    }[slug]
    judged = 0
    for i, options in enumerate(variants):
        state = game.new_game(game.Rules(**options), seed=i)
        rng = random.Random(i)
        while not state.is_terminal:
            after = state.apply(heuristic_player(state, rng))
            if len(after.tricks) > len(state.tricks):
                t = after.tricks[-1]
                assert partial_winner(state, t.plays) == (t.winner, t.winning_card, t.rule), (options, t)
                judged += 1
            state = after
    assert judged > 30


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_every_seats_reasons_read_the_same_whatever_the_hidden_cards(slug: str) -> None:
    """The reasons of every decision kind (issue 35 item 7) come from the seat's observation only: every
    decision of a whole game, whoever acts, gives the same hint in a world redrawn for that seat."""
    game = rulebook.get_game(slug)
    state = game.new_game(game.Rules(), seed=5)
    rng = random.Random(5)
    checked = 0
    while not state.is_terminal:
        seat = state.current_player
        text = str(hint(state))
        assert str(hint(state.resample(seat, random.Random(checked)))) == text
        checked += 1
        state = state.apply(heuristic_player(state, rng))
    assert checked >= 40
