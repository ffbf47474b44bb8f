"""Typed errors raised by rulebook.

Every error a user can trigger with bad input is a :class:`ValueError`, so code
that already guards against ``ValueError`` keeps working, and each names what
was wrong: the rule ID for an illegal action, the field for invalid rules, the
first bad action for a broken record.
"""

from __future__ import annotations

__all__ = [
    "IllegalAction",
    "InvalidAction",
    "InvalidGenerator",
    "InvalidRecord",
    "InvalidRules",
    "OutputError",
    "ResumeError",
    "RulebookError",
    "UnknownGame",
    "WorkerLost",
    "WrongGame",
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


class InvalidAction(RulebookError):
    """A text (or a value) that is no action of the game at all, whatever the position:
    ``game`` is the game's slug, ``text`` what was given (cut to 80 characters).

    >>> import rulebook
    >>> rulebook.get_game("witches-of-blackmore").parse_action("play Z9")
    Traceback (most recent call last):
    ...
    rulebook.errors.InvalidAction: not an action of witches-of-blackmore: 'play Z9'
    """

    def __init__(self, game: str, text: object, message: str = "") -> None:
        super().__init__(message or f"not an action of {game}: {text!r:.80}")
        self.game = game
        self.text = text


class InvalidRules(RulebookError):
    """A ``Rules`` value that names an unknown option or an impossible combination.

    ``field`` is the name of the offending option.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"Rules.{field}: {message}")
        self.field = field


class InvalidGenerator(RulebookError):
    """A random generator argument that is not a :class:`random.Random` (``None``, a seed, another object).

    ``field`` names the parameter (``rng``).
    """

    def __init__(self, field: str, got: object) -> None:
        super().__init__(f"{field} must be a random.Random (for example random.Random(7)), not {type(got).__name__}")
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


class WrongGame(InvalidRules):
    """One game's method given another game's ``Rules`` (or something that is no game's ``Rules``).

    ``game`` is the slug of the game called; ``got`` the slug of the game whose ``Rules``
    were given (``None`` when they belong to no registered game).
    """

    def __init__(self, game: str, method: str, got: str | None, got_type: str) -> None:
        whose = f"the Rules of {got}" if got is not None else f"a value of type {got_type}, which is no game's Rules"
        called = f"{game}.{method}" if method else game
        RulebookError.__init__(self, f"{called} was given {whose}; pass {game} Rules instead")
        self.field = "players"
        self.game = game
        self.got = got


class OutputError(RulebookError):
    """A file rulebook was asked to write cannot be written (a bad path, no permission, a full disk).

    ``path`` is the file; ``option`` the command-line option that named it (``--report``...).
    """

    def __init__(self, path: str, reason: str, option: str = "") -> None:
        where = f"{option}: " if option else ""
        super().__init__(f"{where}cannot write {path}: {reason}")
        self.path = path
        self.option = option


class ResumeError(RulebookError):
    """A progress file that cannot be resumed: unreadable, malformed, or from another run.

    ``path`` is the file; ``line`` the first bad line (``None``: the file as a whole).
    """

    def __init__(self, path: str, message: str, line: int | None = None) -> None:
        where = "" if line is None else f" line {line}"
        super().__init__(f"--resume {path}{where}: {message}")
        self.path = path
        self.line = line


class WorkerLost(RulebookError):
    """A game whose play stopped a worker process every time it was tried.

    ``index`` is the game's number in the run (from 0) and ``deal_seed`` the seed of its deal.
    """

    def __init__(self, index: int, deal_seed: int, tries: int) -> None:
        super().__init__(
            f"game {index + 1} of the run (deal seed {deal_seed}) stopped a worker process {tries} times"
        )
        self.index = index
        self.deal_seed = deal_seed
        self.tries = tries
