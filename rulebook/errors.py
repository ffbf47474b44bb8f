"""Typed errors raised by rulebook.

Every error a user can trigger with bad input is a :class:`ValueError`, so code
that already guards against ``ValueError`` keeps working, and each names what
was wrong: the rule ID for an illegal action, the field for invalid rules, the
first bad action for a broken record.
"""

from __future__ import annotations

__all__ = [
    "IllegalAction",
    "InvalidRecord",
    "InvalidRules",
    "RulebookError",
    "UnknownGame",
]


class RulebookError(ValueError):
    """Base class of every error rulebook raises for bad input."""


class IllegalAction(RulebookError):
    """An action that is not legal in the state it was applied to.

    ``rule`` is the ID of the spec rule that forbids it (for example
    ``<GAME>-PLAY-1``); it is also part of the message. The state the action was
    applied to is unchanged: states are immutable.
    """

    def __init__(self, message: str, rule: str, action: object = None) -> None:
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.action = action


class InvalidRules(RulebookError):
    """A ``Rules`` value that names an unknown option or an impossible combination.

    ``field`` is the name of the offending option.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"Rules.{field}: {message}")
        self.field = field


class InvalidRecord(RulebookError):
    """A game record that is malformed, tampered with or truncated.

    ``index`` is the position of the first bad action (``None`` when the fault
    is in the record's header rather than its actions).
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        where = "" if index is None else f"action #{index}: "
        super().__init__(f"{where}{message}")
        self.index = index


class UnknownGame(RulebookError, KeyError):
    """A game slug that is not registered."""

    def __init__(self, slug: str, known: tuple[str, ...]) -> None:
        msg = f"unknown game {slug!r}; known games: {', '.join(known)}"
        RulebookError.__init__(self, msg)
        self.slug = slug
        self.known = known

    def __str__(self) -> str:
        return str(self.args[0])
