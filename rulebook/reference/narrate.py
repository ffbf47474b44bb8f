"""Narrated replays: a game told in words, trick by trick or round by round.

:func:`narrate` tells a recorded game. Where the game provides its records
(``state.tricks``, ``state.rounds``, see :mod:`rulebook.core.history`) it tells
each trick, who won it with what, and the rule that decided it (the rule's ID
and its title from the spec), then each round's points and how it ended;
otherwise it tells the game action by action, with the score changes. Seats, tricks and
rounds are numbered from 1, as people count them; the text is in the language chosen with
``rulebook.i18n.set_language()`` (rule IDs and card texts stay as they are).

With ``seat`` it tells the game as that seat lived it: only from
``state.observation(seat)``, never from the state, so no card another seat
holds hidden ever appears. Each of the seat's own moves is named; another
seat's move is told by what it changed in the seat's view.

>>> import rulebook
>>> from rulebook.reference import records
>>> game = rulebook.get_game("witches-of-blackmore")
>>> state = game.new_game(game.Rules(players=2), seed=1)
>>> state = state.apply(state.legal_actions()[0])
>>> lines = narrate(records.record_of(state))
>>> lines[0]
'The Witches of Blackmore [witches-of-blackmore], 2 players, seed 1, 1 action'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from rulebook.core.contract import State
from rulebook.core.history import RoundRecord, TrickRecord
from rulebook.core.phases import KeepCard, PassCard, ReturnCard, ShowCard
from rulebook.i18n import _, ngettext
from rulebook.reference import records
from rulebook.reference.seat_view import seat_view
from rulebook.reference.words import (
    card_namer,
    join,
    phase_rule,
    phrase,
    pile_count,
    pile_items,
    pile_name,
    rule_reason,
    seat_name,
    sentence,
)

__all__ = ["added_lines", "narrate", "narrate_states", "summary", "tricks_and_rounds"]


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


def _rule(rule: str, trick: Any = None, game: Any = None) -> str:
    title = rule_reason(rule, trick, game)
    title = title[:1].upper() + title[1:]
    return _("{rule}: {title}").format(rule=rule, title=title) if title else rule


def _signed(n: int) -> str:
    return f"{n:+d}"


def _points(points: Sequence[int], players: int, you: Sequence[int] = (), signed: bool = False) -> str:
    """``seat 1 +4, seat 2 +0`` (a change), ``seat 1: 12, seat 2: 7`` (a total): one entry per seat."""
    if signed:
        return join(_("{seat} {points}").format(seat=seat_name(s, players, you), points=_signed(p))
                    for s, p in enumerate(points))
    return join(_("{seat}: {count}").format(seat=seat_name(s, players, you), count=p) for s, p in enumerate(points))


def _trick_line(t: TrickRecord, state: State[Any, Any], trump: str = "") -> str:
    text, size = card_namer(type(state).GAME, state.rules)
    n = state.rules.players

    def card(c: int) -> str:
        return text(c) if 0 <= c < size else str(c)

    plays = join(_("{seat} {card}").format(seat=seat_name(p, n), card=card(c)) for p, c in t.plays)
    line = _("Trick {number}: {leader} leads; {plays}. {winner} wins with {card} ({rule})")
    if trump:  # the trump the trick was played under, where it changes during the game
        line = _("Trick {number} ({trump}): {leader} leads; {plays}. {winner} wins with {card} ({rule})")
    return line.format(
        number=t.number + 1, leader=seat_name(t.leader, n), plays=plays, winner=sentence(seat_name(t.winner, n)),
        card=card(t.winning_card), rule=_rule(t.rule, t, type(state).GAME), trump=trump,
    )


def _trumps(states: Sequence[State[Any, Any]]) -> dict[int, str]:
    """Per trick (its index), the trump it was played under, in words (``trump: green``, ``no trump``), for a
    game whose state names its trump colour (``trump_suit``: The Witches of Blackmore, whose trump changes
    with the trump stack, WB-TRUMP-1); ``{}`` for the others. The trump of trick ``k`` is the one in force
    just before its last card: the last position with ``k`` tricks finished."""
    game = type(states[0]).GAME
    if not hasattr(type(getattr(states[0], "inner", states[0])), "trump_suit"):
        return {}
    suits = game.deck.suits
    out: dict[int, str] = {}
    for state in states:
        done = tricks_and_rounds(state)
        if done is None:
            return {}
        suit = getattr(state, "trump_suit", None)
        out[len(done[0])] = (_("trump: {suit}").format(suit=_(suits[suit][0])) if suit is not None
                             else _("no trump"))
    return out


#: What a game's round records stand for, where it is not a round: Saru Tori Inu I scores
#: each race, the gods-and-humans game each deal.
_KIND = {"saru-tori-inu-i": "race", "gods-and-humans": "deal"}


def _kind(state: State[Any, Any]) -> str:
    return _KIND.get(type(state).GAME.slug, "round")


def _round_lines(r: RoundRecord, state: State[Any, Any]) -> list[str]:
    n = state.rules.players
    kind = _kind(state)
    if kind == "race":
        ends, points = _("Race {number} ends: {end} ({rule})"), _("points this race: {points}")
    elif kind == "deal":
        ends, points = _("Deal {number} ends: {end} ({rule})"), _("points this deal: {points}")
    else:
        ends, points = _("Round {number} ends: {end} ({rule})"), _("points this round: {points}")
    rules = state.rules
    out = [ends.format(number=r.number + 1, end=phrase(r.end, n, rules), rule=_rule(r.rule))]
    for c in r.changes:
        out.append("  " + _("{seat} {points}: {reason} ({rule})").format(
            seat=seat_name(c.seat, n), points=_signed(c.points), reason=phrase(c.reason, n, rules), rule=c.rule))
    out.append("  " + points.format(points=_points(r.points, n, signed=True)))
    return out


def _rounds(count: int, kind: str) -> str:
    """``3 rounds`` (``3 races``, ``3 deals``)."""
    if kind == "race":
        return ngettext("{count} race", "{count} races", count).format(count=count)
    if kind == "deal":
        return ngettext("{count} deal", "{count} deals", count).format(count=count)
    return ngettext("{count} round", "{count} rounds", count).format(count=count)


def _actions(n: int) -> str:
    return ngettext("{count} action", "{count} actions", n).format(count=n)


def summary(state: State[Any, Any], seat: int | None = None) -> list[str]:
    """The result of the game that led to ``state``: scores and winners, in words.

    With ``seat``, a game not yet over shows only what ``seat`` sees.
    """
    n = state.rules.players
    you = () if seat is None else (seat,)
    if not state.is_terminal:
        played = len(state.history)
        if seat is not None:
            return [ngettext("The game is not over ({count} action played).",
                             "The game is not over ({count} actions played).", played).format(count=played)]
        return [ngettext("The game is not over ({count} action played); scores so far: {scores}.",
                         "The game is not over ({count} actions played); scores so far: {scores}.", played).format(
            count=played, scores=_points(state.scores, n))]
    lines = [_("Final scores: {scores}.").format(scores=_points(state.scores, n, you))]
    winners = sorted(state.winners)
    if not winners:
        lines.append(_("Nobody wins: the rules give this game no winner."))
    elif len(winners) == 1:
        lines.append(_("{winner} wins.").format(winner=sentence(seat_name(winners[0], n, you))))
    else:
        lines.append(_("Shared win: {winners}.").format(winners=join(seat_name(w, n, you) for w in winners)))
    rec = tricks_and_rounds(state)
    if rec is not None and seat is None:
        tricks, rounds = rec
        wins = [sum(1 for t in tricks if t.winner == s) for s in range(n)]
        won = _points(wins, n)
        parts = [_tricks(len(tricks), won)] if tricks else []
        parts += [_rounds(len(rounds), _kind(state))] if rounds else []
        if parts:
            # TRANSLATORS: {things} is "12 tricks (won: ...)", "2 rounds", or both joined by "{first} and {second}"
            things = parts[0] if len(parts) == 1 else _("{first} and {second}").format(first=parts[0], second=parts[1])
            lines.append(_("Played {things}.").format(things=things))
    return lines


def _tricks(count: int, won: str) -> str:
    return ngettext("{count} trick (won: {won})", "{count} tricks (won: {won})", count).format(count=count, won=won)


def _added(action: Any) -> bool:
    """Whether ``action`` is a move no finished trick tells: a card chosen in a variant's added step, or
    a move of a variant's own kind (a class outside the games' modules)."""
    kind = type(action)
    return kind in _STEP_MOVES or not kind.__module__.startswith("rulebook.games.")


#: the moves of a variant's added steps (:mod:`rulebook.variants.phases`), told when the step ends
_STEP_MOVES = (PassCard, ShowCard, KeepCard, ReturnCard)


def added_lines(states: Sequence[State[Any, Any]]) -> list[tuple[int, int, str]]:
    """The moves a variant adds, told: ``(step, tricks finished before it, line)`` each.

    A variant's added step is told once every seat has chosen, at the step that ends it: the cards
    passed, each with its giver and receiver, or the cards shown (UT-PHASE-2, UT-PHASE-4); a move of
    the variant's own kind is told as its seat made it (``Seat 1: discard B7 (a move the variant
    adds)``)."""
    if not states:
        return []
    first: Any = states[0]  # a phased state's fields are read where its added steps are told
    n = first.rules.players
    text, size = card_namer(type(getattr(first, "inner", first)).GAME, first.rules)

    def cards(cs: Sequence[int]) -> str:
        return " ".join(text(c) if 0 <= c < size else "?" for c in cs)

    out: list[tuple[int, int, str]] = []
    for k in range(1, len(states)):
        before: Any = states[k - 1]
        after: Any = states[k]
        action = after.history[-1]
        if not _added(action):
            continue
        done = len(getattr(after, "tricks", ()) or ())
        if type(action) in _STEP_MOVES:
            active = getattr(before, "active", -1)
            if active < 0 or (getattr(after, "active", -1) == active and any(after.chosen)):
                continue  # the step goes on: its choices are told when it ends
            phase = before.phases[active]
            engine = type(before.inner).GAME
            rule = _rule(phase_rule(engine.prefix, phase.kind, engine))
            if phase.kind in ("draft", "exchange"):
                out.append((k, done, _pile_line(before, after, action, phase, rule)))
            elif phase.kind == "pass":
                moved = after.last[1][-len(before.order):]
                told = join(_("{giver} gave {cards} to {receiver}").format(
                    giver=seat_name(g, n), cards=cards(cs), receiver=seat_name(r, n)) for g, r, cs in moved)
                out.append((k, done, _("Cards passed ({rule}): {passes}").format(rule=rule, passes=told)))
            else:
                chosen = list(before.chosen)
                chosen[before.current_player] = (*chosen[before.current_player], action.card)
                told = join(f"{seat_name(s, n)} {cards(cs)}" for s, cs in enumerate(chosen) if cs)
                out.append((k, done, _("Cards shown ({rule}): {shown}").format(rule=rule, shown=told)))
        else:
            out.append((k, done, sentence(_("{seat}: {move} (a move the variant adds)").format(
                seat=seat_name(before.current_player, n), move=action))))
    return out


def _pile_line(before: Any, after: Any, action: Any, phase: Any, rule: str) -> str:
    """A draft or an exchange that ``action`` ends, told with every hand face up but the pile face down
    (WB-PHASE-3, WB-PHASE-4, ST-PHASE-3, ST-PHASE-4): per seat in turn, what it kept (a draft) or drew
    (an exchange), and how many items it put back at the bottom of the pile."""
    engine = type(before.inner).GAME
    rules, n, element = before.rules, before.rules.players, phase.element
    chosen = list(before.chosen)
    chosen[before.current_player] = (*chosen[before.current_player], action.card)
    back = {s: len(cs) for _e, s, cs in after.last[3][-len(before.order):]}  # the returns the step made
    if phase.kind == "draft":
        told = _("; ").join(_("{seat} kept {items}, put back {count}").format(
            seat=seat_name(s, n), items=pile_items(engine, rules, element, chosen[s]),
            count=pile_count(element, back.get(s, 0))) for s in before.order)
        return _("Draft from {pile} ({rule}): {told}").format(pile=pile_name(element), rule=rule, told=told)
    told = _("; ").join(_("{seat} drew {items}, put back {count}").format(
        seat=seat_name(s, n), items=pile_items(engine, rules, element, before.dealt[s]),
        count=pile_count(element, back.get(s, 0))) for s in before.order)
    return _("Exchange with {pile} ({rule}): {told}").format(pile=pile_name(element), rule=rule, told=told)


def _states(record: records.Record) -> Iterator[State[Any, Any]]:
    return records.iter_states(record)


def narrate_states(states: Sequence[State[Any, Any]], seat: int | None = None) -> list[str]:
    """Narrate the game whose successive states are ``states`` (the first is the initial one)."""
    first, last = states[0], states[-1]
    game = type(first).GAME
    n = first.rules.players
    head = _("{title} [{slug}], {players}, seed {seed}, {actions}").format(
        title=_(game.title), slug=game.slug, players=ngettext("{count} player", "{count} players", n).format(count=n),
        seed=first.setup.seed, actions=_actions(len(states) - 1))
    if seat is not None:
        head += _(", told from the view of {seat}").format(seat=seat_name(seat, n))
    out = [head]
    if seat is not None:
        out.extend(_seat_view(states, seat))
    else:
        rec = tricks_and_rounds(last)
        added = added_lines(states) if rec is not None else []
        if rec is not None and (rec[0] or rec[1] or added):
            tricks, rounds = rec
            trumps = _trumps(states)
            done_rounds = {r.number: r for r in rounds}
            told: set[int] = set()
            for i, t in enumerate(tricks):
                for r in sorted(k for k in done_rounds if k < t.round and k not in told):
                    out.extend(_round_lines(done_rounds[r], last))
                    told.add(r)
                out.extend(line for _k, before, line in added if before == i)
                out.append(_trick_line(t, last, trumps.get(i, "")))
            # after the last trick (or in a game told by rounds only): each added step before the round it opened
            rest = [(k, line) for k, before, line in added if before >= len(tricks)]
            for place, r in enumerate(sorted(done_rounds)):
                if r in told:
                    continue
                now = [(k, line) for k, line in rest if _rounds_done(states[k]) <= place]
                out.extend(line for _k, line in now)
                rest = [item for item in rest if item not in now]
                out.extend(_round_lines(done_rounds[r], last))
            out.extend(line for _k, line in rest)
        else:
            out.extend(_action_view(states))
    out.extend(summary(last, seat))
    return out


def _rounds_done(state: State[Any, Any]) -> int:
    """How many rounds were over at ``state``."""
    rec = tricks_and_rounds(state)
    return len(rec[1]) if rec is not None else 0


def _action_view(states: Sequence[State[Any, Any]]) -> list[str]:
    n = states[0].rules.players
    out = []
    for i in range(1, len(states)):
        before, after = states[i - 1], states[i]
        action = after.history[-1]
        line = f"#{i:<4} " + _("{seat}: {action}").format(seat=seat_name(before.current_player, n), action=action)
        if after.scores != before.scores:
            gained = join(_("{seat} {points}").format(seat=seat_name(s, n), points=_signed(b - a))
                          for s, (a, b) in enumerate(zip(before.scores, after.scores)) if a != b)
            line += "   " + _("(points: {points})").format(points=gained)
        out.append(line)
    return out


def _seat_view(states: Sequence[State[Any, Any]], seat: int) -> list[str]:
    game = type(states[0]).GAME
    rules = states[0].rules
    n = rules.players
    you = (seat,)

    def view(state: State[Any, Any]) -> dict[str, str]:
        return dict(seat_view(game, rules, state.observation(seat), you))

    prev = view(states[0])
    skip = _("current player")
    out = [_("What you see at the start:")]
    out.extend("  " + _("{label}: {value}").format(label=k, value=v) for k, v in prev.items())
    for i in range(1, len(states)):
        before, after = states[i - 1], states[i]
        actor = before.current_player
        now = view(after)
        changed = [_("{label}: {value}").format(label=k, value=v) for k, v in now.items()
                   if prev.get(k) != v and k != skip]
        if actor == seat:
            line = f"#{i:<4} " + _("you: {action}").format(action=after.history[-1])
        else:
            line = f"#{i:<4} " + _("{seat} moved").format(seat=seat_name(actor, n))
        # TRANSLATORS: the separator between the changes a seat sees after one move
        out.append(line + ("" if not changed else _("; you see {changes}").format(changes=_("; ").join(changed))))
        prev = now
    return out


def narrate(record: records.Record, seat: int | None = None) -> list[str]:
    """The recorded game told in words (see the module doc); ``seat``: from that seat's view only (0-based)."""
    states = list(_states(record))
    n = states[0].rules.players
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        raise ValueError(f"seat {seat!r} is not a seat of this game: seats are 0–{n - 1}")
    return narrate_states(states, seat)
