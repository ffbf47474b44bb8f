"""The play screen (:mod:`rulebook.table.screen`): exact texts, 80x24 at every decision of every game and
player count, and nothing on it that the seat may not see."""

from __future__ import annotations

import random
import re

import pytest

import rulebook
from rulebook.balance.players import heuristic_player
from rulebook.core.history import TrickRecord
from rulebook.table.screen import (
    cells,
    final_lines,
    hand_text,
    move_events,
    numbered_moves,
    people,
    public_move,
    rule_words,
    seat_label,
    table,
    trick_result,
)

WB = "witches-of-blackmore"
FORBIDDEN = re.compile(
    r"\(\s*-?\d+\s*,\s*-?\d+|TrickRecord|RoundRecord|ScoreChange|\bNone\b|\bFalse\b|\bTrue\b|(?<![\w-])-1\b"
    r"|\b[a-z]+=\S|\b[a-z]+_[a-z_]+\b|Phase\.|\bseat 0\b"
)


def _witches(players: int = 3, seed: int = 1) -> rulebook.State:  # type: ignore[type-arg]
    game = rulebook.get_game(WB)
    return game.new_game(game.Rules(players=players), seed=seed)


def test_words_for_people() -> None:
    assert [seat_label(s, 4, (1,)) for s in (0, 1, 3, 4, 5, "lord", "young lord")] == [
        "seat 1", "you", "seat 4", "the lord", "the young lord", "the lord", "the young lord"]
    assert people("seat 0 does not hold that card", 4) == "seat 1 does not hold that card"
    assert people("its partner, seat 3, won; seats 0 and 2 reached 3 honour", 4, (3,)) == (
        "its partner, you, won; seats 1 and 3 reached 3 honour")
    assert rule_words("WB-TRICK-2") == "several trumps: the strongest on the wheel (WB-TRICK-2)"
    assert rule_words("WB-TRICK-1") == "a single trump wins (WB-TRICK-1)"
    unknown = "XX-NONE-" + "1"  # an ID no spec defines (written so that traceability does not read it)
    assert rule_words(unknown) == unknown
    assert cells("UTSUKE (うつけ)") == 15
    game = rulebook.get_game(WB)
    assert hand_text(game, game.Rules(), [game.parse_card(t) for t in ("Y2", "R8", "B1", "R4")]) == "R4 R8 B1 Y2"


def test_a_trick_result_names_the_winner_the_card_and_the_rule() -> None:
    game = rulebook.get_game(WB)
    t = TrickRecord(number=2, round=0, leader=0, plays=((0, game.parse_card("R4")), (2, game.parse_card("R3"))),
                    winner=2, rule="WB-TRICK-2")
    assert trick_result(t, game.card_text, 4) == ("Seat 3 wins the trick with R3: several trumps: the "
        "strongest on the wheel (WB-TRICK-2)")
    assert trick_result(t, game.card_text, 4, (2,)) == ("You win the trick with R3: several trumps: "
        "the strongest on the wheel (WB-TRICK-2)")


def test_the_first_table_exactly() -> None:
    assert table(_witches(), 0) == [
        "The Witches of Blackmore · you are seat 1 · your turn",
        "Trump: yellow (Y3) · trump stack Y3 · draw pile 35 cards",
        "Wheel (descending side), strongest first: 3 2 1 9 8 7 6 5 4",
        "▶ you     6 cards · 0 points",
        "  seat 2  6 cards · 0 points",
        "  seat 3  6 cards · 0 points",
        "Your hand: R4 R8 B8 Y1 Y2 P9",
        "Moves: 1) play R4  2) play R8  3) play B8  4) play Y1  5) play Y2  6) play P9",
    ]


def test_a_trick_as_it_is_played_and_won() -> None:
    game = rulebook.get_game(WB)
    state = _witches().apply(game.parse_action("play R8"))
    state = state.apply(game.parse_action("play R3"))
    assert table(state, 0)[5:] == ["▶ seat 3  6 cards · 0 points", "This trick (trick 1): you R8, seat 2 R3",
                                   "Your hand: R4 B8 Y1 Y2 P9"]
    action = game.parse_action("play B7")
    after = state.apply(action)
    events = move_events(state, action, after, 0)
    assert events == ["Seat 3 plays B7", "Seat 2 wins the trick with R3: no trump: the leader's colour (WB-TRICK-3)"]
    shown = table(after, 0, events=events, message="a message", fill=True)
    assert len(shown) == 23
    assert shown[3] == "Seat 2 won the trick: lay one of its cards on the trump stack, or keep the trump"
    assert shown[7:11] == [
        "Last trick (trick 1): you R8, seat 2 R3, seat 3 B7",
        "  → Seat 2 wins with R3: no trump: the leader's colour (WB-TRICK-3)",
        "· Seat 3 plays B7",  # the trick's result is not told twice
        "",
    ]
    mine = move_events(_witches(), game.parse_action("play R8"), _witches().apply(game.parse_action("play R8")), 0)
    assert mine == ["You: play R8"]
    assert shown[-2:] == ["Your hand: R4 B8 Y1 Y2 P9", "a message"]


def test_secret_moves_are_told_by_their_kind_only() -> None:
    game = rulebook.get_game("utsuke")
    state = game.new_game(game.Rules(players=3), seed=1)
    while state.current_player == 0 or not str(state.legal_actions()[0]).startswith("bid"):
        state = state.apply(heuristic_player(state, random.Random(0)))
    action = state.legal_actions()[3]
    assert public_move(state, action, 0) == "bid (hidden)"
    assert move_events(state, action, state.apply(action), 0)[0] == f"Seat {state.current_player + 1} bids"
    assert move_events(state, action, state.apply(action), state.current_player)[0] == "You: bid 3"
    assert public_move(state, action, state.current_player) == "bid 3"  # the seat's own move
    saru = rulebook.get_game("saru-tori-inu-i")
    s = saru.new_game(saru.Rules(), seed=2)
    while not s.is_terminal:
        downs = [a for a in s.legal_actions() if str(a).startswith("down ")]
        if downs and s.current_player != 0:
            assert len(downs) == 3
            assert [public_move(s, a, 0) for a in downs] == ["down (hidden)"] * 3
            assert public_move(s, downs[0], s.current_player) == str(downs[0])
            break
        s = s.apply(heuristic_player(s, random.Random(1)))
    else:
        pytest.fail("no face-down play found")


def test_moves_with_numbers_of_their_own_are_not_numbered() -> None:
    game = rulebook.get_game("utsuke")
    state = game.new_game(game.Rules(players=3), seed=1)
    assert not numbered_moves(state.legal_actions())
    shown = table(state, state.current_player)
    assert shown[-1] == "Moves (type the number): bid 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
    assert numbered_moves(_witches().legal_actions())


def test_final_scores_give_a_reason_for_every_point() -> None:
    game = rulebook.get_game("utsuke")
    state = game.new_game(game.Rules(players=2), seed=1)
    rng = random.Random(1)
    while not state.is_terminal:
        state = state.apply(heuristic_player(state, rng))
    lines = final_lines(state, (0,))
    assert lines[0] == "UTSUKE (うつけ): the game is over"
    by_seat = {}
    for r in state.rounds:
        for c in r.changes:
            by_seat.setdefault(c.seat, []).append(c)
    for seat in range(2):
        name = "you" if seat == 0 else "seat 2"
        row = next(line for line in lines if line.startswith(name + " "))
        assert f" {state.scores[seat]:>4}" in row
        for c in by_seat.get(seat, []):
            assert c.rule in " ".join(lines)
    winners = sorted(state.winners)
    assert lines[-1] == ("You win." if winners == [0] else "Seat 2 wins." if winners == [1] else lines[-1])


def _games() -> list[tuple[str, int]]:
    return [(slug, n) for slug, g in rulebook.GAMES.items() for n in g.player_counts]


@pytest.mark.parametrize(("slug", "players"), _games())
def test_every_screen_fits_80x24_and_shows_no_internals(slug: str, players: int) -> None:
    """A whole game at every player count: every decision's table, with events and a long message."""
    game = rulebook.get_game(slug)
    state = game.new_game(game.Rules(players=players), seed=3)
    rng = random.Random(3)
    events: list[str] = []
    message = "Hint: " + "a long reason " * 12
    checked = 0
    while not state.is_terminal:
        if state.current_player == 0:
            lines = table(state, 0, events=events, message=message, fill=True)
            text = "\n".join(lines)
            assert len(lines) == 23, text
            assert all(cells(line) <= 80 for line in lines), text
            assert lines[0].startswith(game.title)
            assert any(line.startswith("Your hand: ") for line in lines), text
            assert any(line.startswith("Moves") for line in lines), text
            found = FORBIDDEN.search(text)
            assert found is None, f"{found.group()!r} in\n{text}"
            checked += 1
        action = heuristic_player(state, rng)
        after = state.apply(action)
        events += move_events(state, action, after, 0)
        state = after
    assert checked > 3
    lines = final_lines(state, (0,))
    assert len(lines) <= 23 and all(cells(line) <= 80 for line in lines)
    assert FORBIDDEN.search("\n".join(lines)) is None, "\n".join(lines)
    assert all(FORBIDDEN.search(e) is None for e in events), [e for e in events if FORBIDDEN.search(e)]


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_the_table_is_the_same_whatever_the_hidden_cards(slug: str) -> None:
    """Hidden information: a state redrawn for seat 0 (other hands, the pile) gives the same screen."""
    game = rulebook.get_game(slug)
    state = game.new_game(game.Rules(), seed=7)
    rng = random.Random(7)
    checked = 0
    while not state.is_terminal and checked < 25:
        if state.current_player == 0:
            shown = table(state, 0)
            for k in range(3):
                assert table(state.resample(0, random.Random(k)), 0) == shown
            checked += 1
        state = state.apply(heuristic_player(state, rng))
    assert checked >= 5


@pytest.mark.parametrize("secret", [True, False])
def test_a_secret_prophecy_stays_secret_cube_by_cube(secret: bool) -> None:
    """Seven Prophecies: another seat's cube is told with its place only when seat 1 can see it: under the
    open-prophecy house rule, or (secret prophecies) the cube that ends the prophecies, whose place the
    reveal shows (cubes go on in order of place, SP-RULING-4)."""
    game = rulebook.get_game("seven-prophecies")
    state = game.new_game(game.Rules(secret_prophecy=secret), seed=3)
    rng = random.Random(3)
    told = untold = 0
    while not state.is_terminal:
        action = heuristic_player(state, rng)
        after = state.apply(action)
        if state.current_player != 0 and str(action).startswith("prophesy"):
            first = move_events(state, action, after, 0)[0]
            seat = f"Seat {state.current_player + 1}"
            revealed = not str(after.legal_actions()[0]).startswith("prophesy")
            if first == f"{seat} puts a cube on place {action.place}":  # type: ignore[attr-defined]
                told += 1
                assert revealed or not secret
            else:
                assert first == f"{seat} places a prophecy cube"
                untold += 1
                assert secret or len(state.legal_actions()) == 1  # open: only a forced cube goes untold
        state = after
    assert told > 0 and untold > 0
    assert (told < untold) is secret


# -- the table in Japanese ---------------------------------------------------------------------

#: Kana: the text is Japanese.
KANA = re.compile(r"[\u3040-\u30ff]")
#: What stays as it is in every language: the moves typed (``play C2``, ``bid 0 1 2``, ``keep``) and the
#: rule IDs; taken out before looking for English words.
COMMANDS = re.compile(r"\b(?:play|bid|trump|keep)\b(?: (?:[A-Z]\d+|\d+))*|\b[A-Z]{2}-[A-Z]+-\d+\b")
#: English words of sentences for people: none may remain on a Japanese screen.
ENGLISH = re.compile(r"\b(?:the|of|and|with|wins?|won|your?|seats?|rounds?|tricks?|cards?|points?|honour|chips?"
                     r"|lord|hand|moves?|game|over|turn|to|ends?|no|plays?|bids?|hidden)\b", re.IGNORECASE)


def _japanese(text: str) -> str:
    """``text`` with the commands and rule IDs taken out; fails if an English word of a sentence is left."""
    rest = COMMANDS.sub("", text)
    found = ENGLISH.search(rest)
    assert found is None, f"English {found.group()!r} in\n{text}"
    return rest


@pytest.mark.parametrize(("slug", "players"), [("utsuke", n) for n in rulebook.get_game("utsuke").player_counts]
                         + [(WB, 4)])
def test_a_whole_game_in_japanese_fits_80x24(slug: str, players: int) -> None:
    """``--lang ja``: every decision's table (with the events, and the hint as its message), every event and
    the final screen are Japanese, within 80 columns of display width (a wide character takes two) and 23 lines."""
    from rulebook.i18n import _, set_language, width
    from rulebook.table.hint import hint

    set_language("ja")
    game = rulebook.get_game(slug)
    title = _(game.title)
    assert KANA.search(title)
    state = game.new_game(game.Rules(players=players), seed=3)
    rng = random.Random(3)
    events: list[str] = []
    checked = 0
    while not state.is_terminal:
        if state.current_player == 0:
            message = _("Hint: {hint}").format(hint=hint(state))
            lines = table(state, 0, events=events, message=message, fill=True)
            text = "\n".join(lines)
            assert len(lines) == 23, text
            assert all(width(line) <= 80 for line in lines), [line for line in lines if width(line) > 80]
            assert lines[0] == f"{title} · あなたは1番席 · あなたの手番", text
            assert any(line.startswith("あなたの手札：") for line in lines), text
            assert any(line.startswith("選べる手") for line in lines), text
            assert any(line.startswith("ヒント：") for line in lines), text
            assert KANA.search(_japanese(text))
            assert FORBIDDEN.search(text) is None, text
            checked += 1
        action = heuristic_player(state, rng)
        after = state.apply(action)
        for event in move_events(state, action, after, 0):
            assert KANA.search(_japanese(event)), event
            events.append(event)
        state = after
    assert checked > 5
    lines = final_lines(state, (0,))
    text = "\n".join(lines)
    assert len(lines) <= 23 and all(width(line) <= 80 for line in lines), text
    assert lines[0] == f"{title}：ゲーム終了", text
    assert KANA.search(_japanese(text))
    winners = sorted(state.winners)
    if winners == [0]:
        assert lines[-1] == "あなたの勝ち。", text
    elif len(winners) == 1:
        assert lines[-1] == f"{winners[0] + 1}番席の勝ち。", text
    elif winners:
        assert lines[-1].startswith("共同勝利："), text


def test_japanese_table_words_exactly() -> None:
    """The first UTSUKE table in Japanese, line by line: the board, the seats (the lord too) and the moves."""
    from rulebook.i18n import set_language

    set_language("ja")
    game = rulebook.get_game("utsuke")
    assert table(game.new_game(game.Rules(players=3), seed=1), 0) == [
        "うつけ（UTSUKE） · あなたは1番席 · あなたの手番",
        "ラウンド1 · 切り札：スートD（切り札チップは殿の列の右端のカード）",  # the chip on D10: suit D
        "殿の列：E2 D4 E11 B5 E9 C10 A5 C11 C6 C3 C8 D2 A8 A6 [D10]",
        "殿の席：3番席とあなたの間 · 誉3で勝ち · 打ち首チップ2枚で負け",
        "▶ あなた  15枚 · 予想前 · 0トリック · 誉0 · 打ち首チップ0",
        "  2番席   15枚 · 予想前 · 0トリック · 誉0 · 打ち首チップ0",
        "  3番席   15枚 · 予想前 · 0トリック · 誉0 · 打ち首チップ0",
        "  殿      0トリック",
        "あなたの手札：A2 A3 A9 A11 A12 B1 B3 B4 B8 B9 C1 C7 C12 D3 D11",
        "選べる手（数字を入力）：予想 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
    ]


def _walk(slug: str, seeds: int = 2, **options: object):  # type: ignore[no-untyped-def]
    game = rulebook.get_game(slug)
    for seed in range(seeds):
        state = game.new_game(game.Rules(**options), seed=seed)
        rng = random.Random(seed)
        events: list[str] = []
        while not state.is_terminal:
            yield state, events[-12:]
            action = heuristic_player(state, rng)
            after = state.apply(action)
            events += move_events(state, action, after, 0)  # as seat 1 saw it, as at the table
            state = after


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_nothing_important_is_cut(slug: str) -> None:
    """Issue 35 item 2: at every decision the round's result, the seat rows (with the hands a seat sees) and the
    hand are whole: only older events may end in an ellipsis; the latest round result is on screen whole."""
    for state, events in _walk(slug):
        seat = state.current_player
        if seat != 0:
            continue
        lines = table(state, seat, events=events, fill=True)
        text = "\n".join(lines)
        for line in lines:
            assert not line.endswith("…") or (line.startswith("· ") and " ends: " not in line), text
        ended = [e for e in events if e.startswith("Round ") and " ends: " in e]
        if ended:
            flat = " ".join(line.strip() for line in lines)
            assert ended[-1] in flat, f"the round's result is not whole on screen:\n{text}"
        hand = state.observation(seat).hand
        joined = " ".join(lines)
        assert all(hand_text(type(state).GAME, state.rules, (c,)) in joined for c in hand), text


def test_utsuke_header_agrees_with_the_chip() -> None:
    """Issue 35 item 9: the bracketed card of the lord's row is of the trump suit the header names; while the
    chip rides on the lord's played card, the header says so and nothing is bracketed."""
    game = rulebook.get_game("utsuke")
    suits = game.deck.suits
    rode = 0
    for state, _events in _walk("utsuke", seeds=3):
        lines = table(state, state.current_player)
        head = next(line for line in lines if line.startswith("Round "))
        row = next(line for line in lines if line.startswith("The lord's row: "))
        trump = re.search(r"trump: (suit \w)", head)
        marked = re.search(r"\[(\w)\d+\]", row)
        if "rides on" in head:
            rode += 1
            assert marked is None, f"{head}\n{row}"
        elif trump and marked:
            assert trump.group(1) == f"suit {marked.group(1)}" or suits[
                [s[0] for s in suits].index(trump.group(1))][1] == marked.group(1), f"{head}\n{row}"
    assert rode > 0


def test_the_log_tells_the_whole_last_round_with_every_seats_reason() -> None:
    """``log`` at the table (issue 35 item 2): UTSUKE's honour with the bids that earned it or did not."""
    from rulebook.table.screen import round_lines

    game = rulebook.get_game("utsuke")
    state = game.new_game(game.Rules(), seed=3)
    rng = random.Random(3)
    assert round_lines(state, (0,)) == []
    while not state.rounds:
        state = state.apply(heuristic_player(state, rng))
    assert round_lines(state, (0,)) == [
        "Round 1: the round's cards were played; the lord moves on (UT-END-3)",
        "",
        "you        0  bid 5, the lord took 9: no honour",
        "seat 2     0  bid 5, the lord took 9: no honour",
        "seat 3    +1  +1 bid 6, the lord took 9: closest (UT-SCORE-3)",
        "seat 4     0  bid 5, the lord took 9: no honour",
        "",
        "Scores now: you 0, seat 2 0, seat 3 1, seat 4 0",
    ]
