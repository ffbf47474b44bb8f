"""Turn order by a rule: who leads the next trick and who starts the next round.

A variant's :attr:`Logic.leader <rulebook.core.logic.Logic.leader>` function is called by the
engine at its ``trick`` event (the answer leads the next trick of the round) and at its ``round``
event (the answer starts the next round); ``None`` keeps the game's own rule. Besides a Python
function, a variant may name one of the built-in rules below (a variant file's ``[turns]`` table):
:class:`NamedTurns` is the function they make.

A game that takes a turn-order rule says which named rules it accepts (``State.TURN_RULES``: the
trick rules, the round rules) and reads the facts they need off an event (``State.turn_facts``,
a :class:`TurnFacts`). Ties (``lowest_score``, ``highest_score``, and a game's ``loser`` where
cards rank equal) go to the first tied seat in the game's seat order, counting from the seat the
game's own rule names (:attr:`TurnFacts.own`).

>>> facts = TurnFacts(players=4, own=2, scores=(5, 3, 4, 3), winner=2, loser=1, start=0)
>>> [pick(rule, "trick", facts) for rule in TRICK_RULES]
[2, 1, 3, 0, 3, 0]
>>> [pick(rule, "round", facts) for rule in ("game", "lowest_score", "last_winner", "rotate", "same", "seat:4")]
[None, 3, 2, 1, 0, 3]
"""

from __future__ import annotations

from typing import Any

import attrs

__all__ = ["ROUND_RULES", "TRICK_RULES", "NamedTurns", "TurnFacts", "check_turn_rule", "pick"]

#: the named rules for who leads the next trick, each with a line for people
TRICK_RULES: dict[str, str] = {
    "winner": "the trick's winner leads the next trick",
    "loser": "the seat whose card ranked lowest in the trick leads the next",
    "left_of_winner": "the seat to the winner's left leads the next trick",
    "leader": "the seat that led the round's first trick leads every trick of the round",
    "lowest_score": "the seat with the lowest score leads the next trick",
    "highest_score": "the seat with the highest score leads the next trick",
}

#: the named rules for who starts the next round (``seat:N`` besides: seat N, counted from 1)
ROUND_RULES: dict[str, str] = {
    "game": "the game's own rule starts the next round",
    "lowest_score": "the seat with the lowest score starts the next round",
    "highest_score": "the seat with the highest score starts the next round",
    "last_winner": "the winner of the round's last trick starts the next round",
    "rotate": "the seat to the left of this round's starter starts the next round",
    "same": "the seat that started this round starts the next one too",
    "seat:N": "seat N (counted from 1) starts every round",
}


@attrs.frozen(slots=True)
class TurnFacts:
    """What the named rules read at an event, as the game states it.

    ``own`` is the seat the game's own rule names (the next leader or starter), from which ties
    are broken in seat order; ``winner`` the winner of the trick just played (at a round event,
    of the round's last trick); ``loser`` the seat whose card ranked lowest in it (``None`` where
    the game has no such ranking); ``start`` the seat that led the round's first trick (at a
    round event: the round's starter)."""

    players: int
    own: int
    scores: tuple[int, ...]
    winner: int
    loser: int | None
    start: int


def _by_score(facts: TurnFacts, lowest: bool) -> int:
    scores = facts.scores
    best = min(scores) if lowest else max(scores)
    n = facts.players
    return next(s % n for s in range(facts.own, facts.own + n) if scores[s % n] == best)


def pick(rule: str, kind: str, facts: TurnFacts) -> int | None:
    """The seat the named ``rule`` names at an event of ``kind`` (``trick`` or ``round``), or
    ``None`` for the game's own rule."""
    n = facts.players
    if rule in ("lowest_score", "highest_score"):
        return _by_score(facts, rule == "lowest_score")
    if kind == "trick":
        if rule == "winner":
            return facts.winner
        if rule == "loser":
            return facts.loser
        if rule == "left_of_winner":
            return (facts.winner + 1) % n
        if rule == "leader":
            return facts.start
        return None
    if rule == "last_winner":
        return facts.winner
    if rule == "rotate":
        return (facts.start + 1) % n
    if rule == "same":
        return facts.start
    if rule.startswith("seat:"):
        return int(rule[5:]) - 1
    return None


def check_turn_rule(value: Any, kind: str, accepted: tuple[str, ...], players: int | None, game: str) -> str:
    """``value`` if it names a rule of ``kind`` that the game accepts, else a :class:`ValueError`
    whose text says why (the caller names the field ``turns.trick`` or ``turns.round``)."""
    if not isinstance(value, str):
        raise ValueError(f"expected the name of a rule, not {type(value).__name__}")
    known = TRICK_RULES if kind == "trick" else ROUND_RULES
    if kind == "round" and value.startswith("seat:") and "seat:N" in accepted:
        number = value[5:]
        if not (number.isascii() and number.isdigit()) or len(number) > 3:
            raise ValueError(f"{value!r}: seat:N takes a seat number counted from 1, such as seat:1")
        if not 1 <= int(number) <= (players or 99):
            raise ValueError(f"{value!r}: there is no seat {int(number)} with {players} players")
        return value
    if value != "game" and accepted == ("game",):
        raise ValueError(f"{game} is played as one round, so no next round has a starter to name; expected game")
    if value not in known:
        raise ValueError(f"{value[:40]!r} is not a rule; expected {' or '.join(accepted)}")
    if value not in accepted:
        raise ValueError(f"{game} has no meaning for {value!r} here; expected {' or '.join(accepted)}")
    return value


@attrs.frozen
class NamedTurns:
    """The function a variant's ``[turns]`` table makes: at a ``trick`` event, the seat the
    ``trick`` rule names; at a ``round`` event, the seat the ``round`` rule names (``None``: the
    game's own). The game states the facts (``State.turn_facts``)."""

    trick: str = "winner"
    round: str = "game"

    def __call__(self, event: Any) -> int | None:
        rule = self.trick if event.kind == "trick" else self.round if event.kind == "round" else "game"
        if rule == "game":
            return None
        facts = type(event.state).turn_facts(event)
        return pick(rule, event.kind, facts)
