"""Narrated replays: a game told in words, trick by trick or round by round.

:func:`narrate` tells a recorded game. Where the game provides its records
(``state.tricks``, ``state.rounds``, see :mod:`rulebook.core.history`) it tells
each trick, who won it with what, and the rule that decided it (the rule's ID
and its title from the spec), then each round's points and how it ended;
otherwise it tells the game action by action, with the score changes.

With ``seat`` it tells the game as that seat lived it: only from
``state.observation(seat)``, never from the state, so no card another seat
holds hidden ever appears. Each of the seat's own moves is named; another
seat's move is told by what it changed in the seat's view.

>>> import rulebook
>>> from rulebook import records
>>> game = rulebook.get_game("witches-of-blackmore")
>>> state = game.new_game(game.Rules(players=2), seed=1)
>>> state = state.apply(state.legal_actions()[0])
>>> lines = narrate(records.record_of(state))
>>> lines[0]
'The Witches of Blackmore [witches-of-blackmore], 2 players, seed 1, 1 actions'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from rulebook import records
from rulebook.core.contract import State
from rulebook.core.history import RoundRecord, TrickRecord
from rulebook.words import card_namer, render_observation, rule_title, seat_name

__all__ = ["narrate", "narrate_states", "summary", "tricks_and_rounds"]


def tricks_and_rounds(state: State[Any, Any]) -> tuple[tuple[TrickRecord, ...], tuple[RoundRecord, ...]] | None:
    """``(state.tricks, state.rounds)``, or ``None`` when the game does not record them yet."""
    try:
        tricks, rounds = tuple(state.tricks), tuple(state.rounds)
    except (NotImplementedError, AttributeError):
        return None
    # a game may still use its own shapes under these names: tell only the shared records
    if not all(isinstance(t, TrickRecord) for t in tricks) or not all(isinstance(r, RoundRecord) for r in rounds):
        return None
    return tricks, rounds


def _rule(rule: str) -> str:
    title = rule_title(rule)
    return f"{rule}: {title}" if title else rule


def _signed(n: int) -> str:
    return f"{n:+d}"


def _trick_line(t: TrickRecord, state: State[Any, Any]) -> str:
    text, size = card_namer(type(state).GAME, state.rules)
    n = state.rules.players

    def card(c: int) -> str:
        return text(c) if 0 <= c < size else str(c)

    plays = ", ".join(f"{seat_name(p, n)} {card(c)}" for p, c in t.plays)
    return (f"Trick {t.number + 1}: {seat_name(t.leader, n)} leads; {plays}. "
            f"{seat_name(t.winner, n).capitalize()} wins with {card(t.winning_card)} ({_rule(t.rule)})")


def _round_lines(r: RoundRecord, state: State[Any, Any]) -> list[str]:
    n = state.rules.players
    out = [f"Round {r.number + 1} ends: {r.end} ({_rule(r.rule)})"]
    for c in r.changes:
        out.append(f"  {seat_name(c.seat, n)} {_signed(c.points)}: {c.reason} ({c.rule})")
    out.append("  points this round: " + ", ".join(f"seat {s} {_signed(p)}" for s, p in enumerate(r.points)))
    return out


def summary(state: State[Any, Any], seat: int | None = None) -> list[str]:
    """The result of the game that led to ``state``: scores and winners, in words.

    With ``seat``, a game not yet over shows only what ``seat`` sees.
    """
    n = state.rules.players
    you = () if seat is None else (seat,)
    if not state.is_terminal:
        if seat is not None:
            return [f"The game is not over ({len(state.history)} actions played)."]
        return [f"The game is not over ({len(state.history)} actions played); scores so far "
                + ", ".join(f"seat {s}: {p}" for s, p in enumerate(state.scores)) + "."]
    lines = ["Final scores: " + ", ".join(f"{seat_name(s, n, you)} {p}" for s, p in enumerate(state.scores)) + "."]
    winners = sorted(state.winners)
    if not winners:
        lines.append("Nobody wins: the rules give this game no winner.")
    elif len(winners) == 1:
        lines.append(f"{seat_name(winners[0], n, you).capitalize()} wins.")
    else:
        lines.append("Shared win: " + ", ".join(seat_name(w, n, you) for w in winners) + ".")
    rec = tricks_and_rounds(state)
    if rec is not None and seat is None:
        tricks, rounds = rec
        parts = []
        if tricks:
            wins = [sum(1 for t in tricks if t.winner == s) for s in range(n)]
            parts.append(f"{len(tricks)} tricks (won: " + ", ".join(f"seat {s} {w}" for s, w in enumerate(wins)) + ")")
        if rounds:
            parts.append(f"{len(rounds)} rounds")
        if parts:
            lines.append("Played " + " and ".join(parts) + ".")
    return lines


def _states(record: records.Record) -> Iterator[State[Any, Any]]:
    return records.iter_states(record)


def narrate_states(states: Sequence[State[Any, Any]], seat: int | None = None) -> list[str]:
    """Narrate the game whose successive states are ``states`` (the first is the initial one)."""
    first, last = states[0], states[-1]
    game = type(first).GAME
    n = first.rules.players
    head = (f"{game.title} [{game.slug}], {n} players, seed {first.setup.seed}, {len(states) - 1} actions"
            + ("" if seat is None else f", told from seat {seat}'s view"))
    out = [head]
    if seat is not None:
        out.extend(_seat_view(states, seat))
    else:
        rec = tricks_and_rounds(last)
        if rec is not None and (rec[0] or rec[1]):
            tricks, rounds = rec
            done_rounds = {r.number: r for r in rounds}
            told: set[int] = set()
            for t in tricks:
                for r in sorted(k for k in done_rounds if k < t.round and k not in told):
                    out.extend(_round_lines(done_rounds[r], last))
                    told.add(r)
                out.append(_trick_line(t, last))
            for r in sorted(k for k in done_rounds if k not in told):
                out.extend(_round_lines(done_rounds[r], last))
        else:
            out.extend(_action_view(states))
    out.extend(summary(last, seat))
    return out


def _action_view(states: Sequence[State[Any, Any]]) -> list[str]:
    n = states[0].rules.players
    out = []
    for i in range(1, len(states)):
        before, after = states[i - 1], states[i]
        action = after.history[-1]
        line = f"#{i:<4} {seat_name(before.current_player, n)}: {action}"
        if after.scores != before.scores:
            gained = ", ".join(f"seat {s} {_signed(b - a)}" for s, (a, b) in enumerate(zip(before.scores, after.scores))
                               if a != b)
            line += f"   (points: {gained})"
        out.append(line)
    return out


def _seat_view(states: Sequence[State[Any, Any]], seat: int) -> list[str]:
    game = type(states[0]).GAME
    rules = states[0].rules
    n = rules.players
    you = (seat,)

    def view(state: State[Any, Any]) -> dict[str, str]:
        return dict(render_observation(game, rules, state.observation(seat), you))

    prev = view(states[0])
    out = ["What you see at the start:"]
    out.extend(f"  {k}: {v}" for k, v in prev.items())
    for i in range(1, len(states)):
        before, after = states[i - 1], states[i]
        actor = before.current_player
        now = view(after)
        changed = [f"{k}: {v}" for k, v in now.items() if prev.get(k) != v and k != "current player"]
        if actor == seat:
            line = f"#{i:<4} you: {after.history[-1]}"
        else:
            line = f"#{i:<4} {seat_name(actor, n)} moved"
        out.append(line + ("" if not changed else "; you see " + "; ".join(changed)))
        prev = now
    return out


def narrate(record: records.Record, seat: int | None = None) -> list[str]:
    """The recorded game told in words (see the module doc); ``seat``: from that seat's view only."""
    states = list(_states(record))
    n = states[0].rules.players
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        raise ValueError(f"seat {seat!r} is not a seat of this game: seats are 0–{n - 1}")
    return narrate_states(states, seat)
