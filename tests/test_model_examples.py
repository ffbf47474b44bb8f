"""The worked examples of one model of a game (issue 40), each a test that shows its rule happening in
played games (counts of the rule's cases, exact values), and that passes ``verify``.

SP-END-1, SP-RANK-1, SP-LOGIC-1, UT-END-1, UT-END-6, UT-END-8, UT-RULING-21, GH-FORCED-1, GH-RULING-21.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import rulebook
from rulebook.games.gods_and_humans.actions import FORCED
from rulebook.games.seven_prophecies.rules import _RANK, places
from rulebook.variants.variant import load_variant
from rulebook.variants.verify import verify

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"


def _played(variant: Any, seeds: range, every: Any = None) -> list[Any]:
    """Finished games under ``variant`` by the heuristic players; ``every(state)`` is called on each state."""
    out = []
    game = variant.game
    for seed in seeds:
        rng = random.Random(seed)
        state = variant.new_game(seed=seed)
        while not state.is_terminal:
            if every is not None:
                every(state)
            state = state.apply(game.heuristic_action(state, rng))
        out.append(state)
    return out


def _sp_rounds(state: Any) -> list[tuple[tuple[tuple[int, ...], ...], tuple[Any, ...]]]:
    """Every round of a finished Seven Prophecies game: (the prophecies, the tricks)."""
    rounds = [(r.prophecies, r.tricks) for r in state.earlier]
    rounds.append((state.prophecies, state.round_tricks))
    return rounds


def test_all_ten_tricks_the_seventh_cube_no_longer_ends_a_round() -> None:
    """SP-END-1 switched off by ID: every round plays all ten tricks; rounds in which a player moved their
    seventh cube before the tenth trick went on, and that player kept playing and taking places."""
    variant = load_variant(None, str(EXAMPLES / "prophecies_all_ten_tricks.toml"))
    assert variant.rules.endings_off == ("cubes",)
    early = after = 0
    games = _played(variant, range(12))
    for state in games:
        for prophecies, tricks in _sp_rounds(state):
            assert len(tricks) == 10
            for seat in range(4):
                left = list(prophecies[seat])
                done = None
                for t, trick in enumerate(tricks):
                    place = trick.place_of(seat)
                    if left[place - 1]:
                        left[place - 1] -= 1
                        if sum(left) == 0:
                            done = t
                    elif done is not None:
                        after += 1  # a trick after the seventh cube: the seat played and took a place
                if done is not None and done < 9:
                    early += 1
    assert early > 0 and after > 0
    # under the printed rules the same games stop at the seventh cube
    printed = _played(rulebook.variants.variant.printed(variant.game), range(12))
    assert any(len(tricks) < 10 for state in printed for _p, tricks in _sp_rounds(state))
    assert verify(variant.game, variant, examples=4).ok


def test_the_future_cards_number_ranks_first_and_the_rest_in_the_printed_order() -> None:
    """SP-RANK-1 replaced by ID (a Python variant): the cards with the future card's number take the first
    places, in the printed order among themselves, and every other card follows in the printed order."""
    variant = load_variant(rulebook.get_game("seven-prophecies"),
                           str(EXAMPLES / "prophecies_future_number_first.py") + ":FUTURE_NUMBER_FIRST")
    rules = variant.rules
    one = two = 0
    for state in _played(variant, range(8)):
        for trick in state.tricks:
            cards = [c for _s, c in trick.plays]
            printed = places(cards, rulebook.get_game("seven-prophecies").deck.suit_of[trick.future], rules.order,
                             rules.trump)
            by_printed = sorted(range(4), key=printed.__getitem__)
            match = [j for j in by_printed if _RANK[cards[j]] == _RANK[trick.future]]
            expected = [*match, *(j for j in by_printed if j not in match)]
            assert [trick.places[j] for j in expected] == [1, 2, 3, 4]
            one += len(match) == 1
            two += len(match) >= 2
    assert one > 20 and two > 0
    assert verify(variant.game, variant, examples=4).ok


def test_utsuke_extra_rounds_until_one_player_alone_leads() -> None:
    """UT-END-1 switched off (UT-RULING-21) with five rounds and extra rounds (UT-END-8): no game ends by
    honour before its fifth round; a game whose lead is shared after a round from the fifth goes on; one
    ends when one player alone leads, or after the third extra round."""
    variant = load_variant(None, str(EXAMPLES / "utsuke_extra_rounds.toml"))
    rules = variant.rules
    assert rules.by_rounds and not rules.honour_wins and rules.endings_off == ("honour",)
    extra = shared_at_cap = 0
    for state in _played(variant, range(40)):
        results = state._results
        chips = results[-1][5]
        lost = rules.chips_lose and max(chips) >= rules.chips_to_lose
        for n, result in enumerate(results[:-1], 1):  # every round before the last: the game went on
            honour = result[4]
            assert not (rules.chips_lose and max(result[5]) >= rules.chips_to_lose)
            if n >= 5:
                assert honour.count(max(honour)) > 1  # it went on because the lead was shared
        played = len(results)
        honour = results[-1][4]
        if not lost:
            assert played >= 5
            if played > 5:
                extra += 1
            if played == 8:
                shared_at_cap += honour.count(max(honour)) > 1
            else:
                assert honour.count(max(honour)) == 1
    assert extra > 0
    assert verify(variant.game, variant, examples=4).ok


def test_gods_forced_intervention_at_two_cards() -> None:
    """GH-FORCED-1 (``forced_at = 2``, GH-RULING-21): every forced intervention comes when the humans hold
    two cards each, never one."""
    variant = load_variant(None, str(EXAMPLES / "gods_forced_at_two.toml"))
    sizes: list[int] = []

    def seen(state: Any) -> None:
        if state.phase == FORCED and not state.board[1].gift:
            sizes.append(len(state.hands[state.humans[0]]))

    _played(variant, range(10), seen)
    assert sizes and set(sizes) == {2}
    assert verify(variant.game, variant, examples=4).ok


def test_the_forced_intervention_by_its_rule_id() -> None:
    """GH-FORCED-1 replaced by ID: the variant's trigger decides at every gap (here: after the first trick)."""
    game = rulebook.get_game("gods-and-humans")
    variant = rulebook.variants.variant.Variant(game, game.Rules(players=5),
                                                replace={"GH-FORCED-1": _after_the_first_trick})
    tricks: list[int] = []

    def seen(state: Any) -> None:
        if state.phase == FORCED and not state.board[1].gift:
            tricks.append(len(state.board[4]))

    _played(variant, range(6), seen)
    assert tricks and set(tricks) == {1}


def _after_the_first_trick(gap: Any) -> bool:
    return bool(gap.tricks == 1)


@pytest.mark.parametrize("answer", [1, "yes", None])
def test_a_trigger_that_answers_no_bool_fails_naming_the_rule(answer: Any) -> None:
    """contract:rule: a replaced trigger must answer True or False."""
    game = rulebook.get_game("gods-and-humans")
    variant = rulebook.variants.variant.Variant(game, game.Rules(players=5),
                                                replace={"GH-FORCED-1": lambda gap: answer})
    with pytest.raises(AssertionError, match=r"GH-FORCED-1 returned .*not True or False"):
        _played(variant, range(1))


def _steps(variant: Any, seeds: range) -> list[tuple[Any, Any]]:
    """(state, move) of every move of played games (the heuristic players)."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        state = variant.new_game(seed=seed)
        while not state.is_terminal:
            move = type(state).GAME.heuristic_action(state, rng)
            out.append((state, move))
            state = state.apply(move)
    return out


def test_a_cube_moved_after_the_fifth_trick() -> None:
    """SP-RULING-15, SP-PHASE-1: after the fifth trick of a round each player in turn keeps their cubes or
    moves one still on a place card; the next tricks fulfil the prophecy as the cubes lie."""
    variant = load_variant(None, str(EXAMPLES / "prophecies_move_a_cube.toml"))
    offered = moved = 0
    for state, _move in _steps(variant, range(6)):
        if getattr(state, "active", -1) < 0:
            continue
        inner = state.inner
        assert len(inner._round_tricks) == 5 and not inner.trick  # after the fifth trick, before the sixth
        offered += 1
        legal = state.legal_actions()
        assert str(legal[0]) == "choose keep"
        seat = state.current_player
        own = inner.cubes[seat]
        assert len(legal) == 1 + sum(1 for p in range(4) if own[p]) * 3
        after = state.apply(legal[-1]).inner if len(legal) > 1 else inner
        if len(legal) > 1:
            moved += 1
            assert sum(after.cubes[seat]) == sum(own)  # a cube moved between place cards, none lost
    assert offered >= 4 * 6 and moved > 0
    assert verify(variant.game, variant, examples=4).ok


def test_a_face_up_dummy_makes_no_prophecy_scores_nothing_and_never_wins() -> None:
    """SP-RULING-16 with visible.hands.4 = all: the dummy's hand is in every seat's view, it places no cube,
    takes a place in every trick, scores 0 and is never a winner."""
    variant = load_variant(None, str(EXAMPLES / "prophecies_face_up_dummy.toml"))
    places = 0
    for state, move in _steps(variant, range(4)):
        assert state.current_player != 3  # the dummy plays by its seat's rule, inside apply
        assert not (type(move).__name__ == "Prophesy" and state.current_player == 3)
        hand = state.inner.inner.hands[3]
        for seat in range(3):
            shown = [c.items for c in state.observation(seat).zones if c.zone == "hands" and c.owner == 3]
            assert shown == ([hand] if hand else [])
    for state in _played(variant, range(4)):
        engine = state.inner.inner
        assert engine.scores[3] == 0 and 3 not in state.winners and state.winners
        for round_ in engine.earlier:
            assert round_.prophecies[3] == (0, 0, 0, 0) and round_.placed[3] == 0
            places += sum(1 for t in round_.tricks if t.place_of(3))
    assert places > 0
    assert verify(variant.game, variant, examples=4).ok


def test_cards_laid_aside_then_drawn() -> None:
    """WB-PHASE-4 with order = aside, WB-RULING-15: before the first trick each player lays up to two cards
    under the pile, says done, and draws as many from the top once all have laid theirs; hands keep their size."""
    variant = load_variant(None, str(EXAMPLES / "witches_aside_then_draw.toml"))
    laid = stopped = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = variant.new_game(seed=seed)
        start = state.inner.hands
        while state.active >= 0:
            move = type(state).GAME.heuristic_action(state, rng)
            laid += str(move).startswith("return")
            stopped += str(move) == "done"
            state = state.apply(move)
        assert [len(h) for h in state.inner.hands] == [len(h) for h in start]
        moved = sum(len(set(a) - set(b)) for a, b in zip(start, state.inner.hands, strict=True))
        assert moved == sum(len(c) for _e, _s, c in state.last[3])  # as many drawn as laid aside
    assert laid > 0 and stopped > 0
    assert verify(variant.game, variant, examples=4).ok


def test_a_ghost_card_joins_the_trick_and_may_void_it() -> None:
    """WB-RULING-16: the top card of the pile joins every trick for a player that is no seat; when it is
    strongest nobody captures, the cards leave the game, the trick's leader leads the next trick."""
    game = rulebook.get_game("witches-of-blackmore")
    variant = load_variant(game, str(EXAMPLES / "witches_ghost_card.py") + ":GHOST_CARD")
    voided = taken = 0
    for state in _played(variant, range(10)):
        out = 0
        ghosts = [t.plays[-1][0] == "ghost" for t in state.tricks]
        assert ghosts == sorted(ghosts, reverse=True)  # a ghost every trick until the pile is empty, then none
        for before, after in zip(state.tricks, state.tricks[1:], strict=False):
            if before.winner == "ghost":
                voided += 1
                out += len(before.plays)
                assert after.leader == before.leader
            else:
                taken += 1
        if state.tricks and state.tricks[-1].winner == "ghost":
            out += len(state.tricks[-1].plays)
        assert len(state.out) == out
        game.check_invariants(state)
    assert voided > 0 and taken > 0
    assert verify(game, variant, examples=4).ok


def test_a_guess_at_the_end_of_each_deal_is_scored() -> None:
    """GH-RULING-22: once a deal's last trick is played, before the reveal, every human guesses its partner
    in secret; a right guess scores 1, the lone human's never."""
    game = rulebook.get_game("gods-and-humans")
    variant = load_variant(game, str(EXAMPLES / "gods_guess_the_partner.py") + ":GUESS_THE_PARTNER")
    right = guesses = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = variant.new_game(seed=seed)
        while not state.is_terminal:
            if state.active >= 0:
                inner = state.inner
                assert inner.paused == "score" and not any(inner.hands[h] for h in inner.humans)
                assert inner.facts.past == () or len(inner.facts.past) == inner.facts.deal  # not revealed yet
                seat = state.current_player
                move = type(state).GAME.heuristic_action(state, rng)
                guesses += 1
                right += inner.partners[seat] == move.value
            state = state.apply(type(state).GAME.heuristic_action(state, rng) if state.active < 0 else move)
    assert guesses == 6 * 4 * 3 and right > 0
    assert verify(game, variant, examples=4).ok


def test_a_step_before_each_trick_comes_after_a_lords_lead() -> None:
    """UT-RULING-22: a step placed before every trick comes before the first card a player plays in it."""
    from rulebook.variants.phases import RevealCards
    from rulebook.variants.variant import Variant

    game = rulebook.get_game("utsuke")
    variant = Variant(game, game.Rules(players=3), phases=(RevealCards(before="trick", cards=1),))
    lords = 0
    for state, _move in _steps(variant, range(3)):
        if state.active >= 0 and not state.chosen[state.current_player]:
            inner = state.inner
            assert all(p >= 3 for p in _places(inner))
            lords += bool(inner.trick)
    assert lords > 0


def _places(inner: Any) -> list[int]:
    place, out = inner.leader, []
    for _ in inner.trick:
        out.append(place)
        place = inner.nxt[place]
    return out


def test_a_printed_step_switched_off_by_its_id() -> None:
    """WB-TRUMP-1 off: no trump decision in the game (the option trump_replacement that says it)."""
    from rulebook.variants.variant import Variant

    game = rulebook.get_game("witches-of-blackmore")
    variant = Variant(game, game.Rules(players=3), replace={"WB-TRUMP-1": "off"})
    assert variant.rules.trump_replacement is False
    assert not any(type(m).__name__ in ("Keep", "Replace") for _s, m in _steps(variant, range(2)))


def test_five_players_play_with_a_fifth_suit() -> None:
    """SP-RULING-17: five players, 65 cards: ten a hand, ten in the future row, five aside face down, places
    1st to 5th, five rounds."""
    variant = load_variant(None, str(EXAMPLES / "prophecies_five_players.toml"))
    game = variant.game
    fifth = 0
    for state in _played(variant, range(3)):
        assert len(state.earlier) == 4 and len(state.prophecies[0]) == 5
        for round_ in state.earlier:
            assert all(sorted(t.places) == [1, 2, 3, 4, 5] for t in round_.tricks)
            fifth += sum(1 for t in round_.tricks for _s, c in t.plays if game.card_text(c).startswith("E"))
    first = variant.new_game(seed=1)
    assert [len(h) for h in first.hands] == [10] * 5 and len(first.future) == 10 and len(first.aside_down) == 5
    assert fifth > 0
    assert verify(game, variant, examples=4).ok


def test_a_deck_of_forty_cards() -> None:
    """ST-RULING-26: 40 cards: 12 a hand and one aside face up with 3 players, 9 a hand with 4; every card in
    exactly one place all game long."""
    variant = load_variant(None, str(EXAMPLES / "saru_forty_cards.toml"))
    assert variant.rules.deck_size == 40
    for players, hand, aside in ((3, 12, 1), (4, 9, 0)):
        at = variant.at(players)
        state = at.new_game(seed=2)
        assert [len(h) for h in state.hands] == [hand] * players and len(state.removed) == aside
        tens = 0
        for seed in range(3):
            rng = random.Random(seed)
            state = at.new_game(seed=seed)
            while not state.is_terminal:
                game = type(state).GAME
                game.check_invariants(state)
                move = game.heuristic_action(state, rng)
                card = getattr(move, "card", None)
                tens += type(card) is int and at.rules.deck[card].strength == 10
                state = state.apply(move)
        assert tens > 0
    assert verify(variant.game, variant, examples=4).ok


def test_the_lords_row_face_down_with_its_chamberlain() -> None:
    """UT-RULING-23: the chamberlain (the player to the lord's right) sees the whole row, every other seat only
    the card under the chip; the lord plays by its printed conduct; a redraw for another seat keeps what the
    lord's plays showed (no card of the suit above the one it followed with, no card of a suit it did not follow)."""
    from rulebook.core.model import HIDDEN

    variant = load_variant(None, str(EXAMPLES / "utsuke_chamberlain.toml"))
    game = variant.game
    hidden = shown = checked = 0
    for state, _move in _steps(variant, range(3)):
        inner = state.inner
        row = inner.lord_row
        chamberlain = (inner.lord_before - 1) % 4
        for seat in range(4):
            seen = state.observation(seat).engine.lord_row
            if seat == chamberlain:
                assert seen == row
                shown += 1
            elif row:
                assert seen[-1] == row[-1] and all(c == HIDDEN for c in seen[:-1])
                hidden += len(row) - 1
        if row and len(row) > 1 and inner.trick:
            seat = (chamberlain + 1) % 4
            other = state.resample(seat, random.Random(checked)).inner
            checked += 1
            forbidden = game.zone_forbidden(inner, seat).get(("row", None), frozenset())
            assert not set(other.lord_row) & forbidden and other.lord_row[-1] == row[-1]
    assert hidden > 100 and shown > 30 and checked > 10
    assert verify(game, variant, examples=4).ok


def test_a_god_gives_each_human_a_card_and_takes_another_out_of_the_deal() -> None:
    """GH-RULING-23: before the first trick the deal's first god gives each human a card and takes another of
    theirs out of the deal, face down: the gods and that human see it, the other humans only that a card went;
    the god then counts as having intervened."""
    game = rulebook.get_game("gods-and-humans")
    variant = load_variant(game, str(EXAMPLES / "gods_give_and_take.py") + ":GIVE_AND_TAKE")
    deals = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = variant.new_game(seed=seed)
        while not state.is_terminal:
            inner = state.inner
            if state.active < 0 and inner.phase == 5 and not inner.board[4] and not inner.trick_cards:
                out = inner.board[1].aside
                assert len(out) == 3 and sorted(s for _c, s in out) == sorted(inner.humans)  # one from each human
                assert inner.gods[0] not in inner.waiting  # the first god has intervened
                for seat in range(6):
                    seen = state.observation(seat).engine.out_of_deal
                    for (from_seat, card), (c, s) in zip(seen, ((c, s) for c, s in out), strict=True):
                        assert from_seat == s
                        assert card == (c if seat in inner.gods or seat == s else -1)
                deals += 1
            state = state.apply(type(state).GAME.heuristic_action(state, rng))
    assert deals == 3 * 4
    assert verify(game, variant, examples=4).ok
