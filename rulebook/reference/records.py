"""Game records: save a game as JSON and replay it.

A record holds the game's slug, its rules (every option), the seed and/or the
explicit deals, and the actions in their text form. Replaying checks every
action against the rules; a tampered or truncated record fails with
:class:`~rulebook.InvalidRecord` naming the first bad action.

>>> import rulebook
>>> from rulebook.reference import records
>>> game = rulebook.get_game("witches-of-blackmore")
>>> state = game.new_game(seed=3)
>>> for _ in range(5):
...     state = state.apply(state.legal_actions()[-1])
>>> text = records.dumps(state)
>>> records.replay(records.loads(text)) == state
True

Security: **data never names code that runs.** A record is data: loading or
replaying one never imports a module, opens a Python file or calls anything it
names. A record may *describe* the variant it was made with (``meta.variant``:
name, hooks, source); Python hooks are then loaded only from the reference the
user gives on the command line (``rulebook replay FILE --variant file.py:NAME``),
and :func:`check_variant` refuses to go on without it, or with a variant whose
name and hooks differ from the recorded ones. Every field is checked exactly
(no conversion: ``true`` is not a card, ``"3"`` is not a seed), and any fault is
an :class:`~rulebook.InvalidRecord`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

from rulebook.core.contract import State, check_seed
from rulebook.core.files import read_bytes, write_atomic
from rulebook.core.logic import Logic
from rulebook.core.options import rules_from_mapping, rules_to_dict
from rulebook.core.phases import with_phases
from rulebook.errors import InvalidRecord, InvalidRules, RulebookError
from rulebook.registry import get_game

__all__ = [
    "FORMAT",
    "Record",
    "check_variant",
    "dumps",
    "iter_states",
    "load",
    "loads",
    "record_of",
    "recorded_variant",
    "replay",
    "save",
]

#: The record format and its version: a later version gets a new name, and this one keeps loading.
FORMAT = "rulebook-record/1"
#: The fields of a record of this format; any other is refused, naming it (a misspelt ``"rulse"``
#: beside ``"rules"`` is an error, not silently dropped).
KEYS = ("format", "game", "rules", "seed", "deals", "actions", "meta")


@attrs.frozen
class Record:
    """A saved game: enough to rebuild every state of it."""

    game: str
    rules: dict[str, Any]
    seed: int | None
    deals: tuple[tuple[int, ...], ...]
    actions: tuple[str, ...]
    #: Free-form annotations (for example the invariant a verification broke).
    meta: dict[str, Any] = attrs.Factory(dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "rules": self.rules,
            "seed": self.seed,
            "deals": [list(d) for d in self.deals],
            "actions": list(self.actions),
        }
        if self.meta:
            out["meta"] = self.meta
        return out


def record_of(state: State[Any, Any], **meta: Any) -> Record:
    """The record of the game that led to ``state``."""
    game = type(state).GAME
    return Record(
        game=game.slug,
        rules=rules_to_dict(state.rules),
        seed=state.setup.seed,
        deals=state.setup.deals,
        actions=tuple(str(a) for a in state.history),
        meta=_with_phases(state, meta),
    )


def _with_phases(state: State[Any, Any], meta: dict[str, Any]) -> dict[str, Any]:
    """``meta``, with the variant's added phases (data: :mod:`rulebook.core.phases`) if the game has them."""
    tables = getattr(state, "phase_tables", None)
    if tables is None:
        return dict(meta)
    return {**meta, "phases": [dict(t) for t in tables]}


def dumps(state_or_record: State[Any, Any] | Record, *, indent: int | None = 1) -> str:
    rec = state_or_record if isinstance(state_or_record, Record) else record_of(state_or_record)
    return json.dumps(rec.to_json(), indent=indent, ensure_ascii=False)


def save(state_or_record: State[Any, Any] | Record, path: str | Path, option: str = "") -> Path:
    """Write the record to ``path`` whole or not at all (a temporary file, fsynced, then renamed);
    a failed write is an :class:`~rulebook.errors.OutputError` (``option`` names the command-line
    option in it) and leaves ``path`` as it was."""
    return write_atomic(path, dumps(state_or_record) + "\n", option)


def _field(data: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    if name not in data:
        raise InvalidRecord(f"record has no {name!r} field")
    value = data[name]
    if not isinstance(value, kind):
        raise InvalidRecord(f"record field {name!r} has the wrong type ({type(value).__name__})")
    return value


#: The largest record text :func:`loads` reads (characters).
MAX_RECORD_CHARS = 64 * 2**20


def loads(text: str | bytes) -> Record:
    """Parse a record; the header is checked here, the actions on replay.

    Every fault is an :class:`~rulebook.InvalidRecord`: text that is not UTF-8 or
    not JSON, nesting too deep, numbers too long, a field of the wrong type.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidRecord(f"not UTF-8 text (byte {exc.start})") from None
    if not isinstance(text, str):
        raise InvalidRecord(f"a record is JSON text, not {type(text).__name__}")
    if len(text) > MAX_RECORD_CHARS:
        raise InvalidRecord(f"record is longer than {MAX_RECORD_CHARS} characters")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidRecord(f"not valid JSON ({exc})") from None
    except RecursionError:
        raise InvalidRecord("not a record: JSON nested too deeply") from None
    except ValueError as exc:  # e.g. an integer of more than 4300 digits
        raise InvalidRecord(f"not valid JSON ({str(exc).splitlines()[0]})") from None
    if not isinstance(data, dict):
        raise InvalidRecord("a record is a JSON object")
    if data.get("format") != FORMAT:
        raise InvalidRecord(f"unknown record format {data.get('format')!r:.60} (expected {FORMAT!r})")
    unknown = sorted(k for k in data if k not in KEYS)
    if unknown:
        raise InvalidRecord(
            f"unknown record field {unknown[0]!r:.60} (a {FORMAT} record has: {', '.join(KEYS)})"
        )
    seed = data.get("seed")
    try:
        check_seed(seed)
    except ValueError as exc:
        raise InvalidRecord(f"record field {exc}") from None
    deals = _field(data, "deals", list)
    if not all(isinstance(d, list) and all(type(x) is int for x in d) for d in deals):
        raise InvalidRecord("record field 'deals' must be a list of lists of whole numbers")
    actions = _field(data, "actions", list)
    if not all(isinstance(a, str) for a in actions):
        raise InvalidRecord("record field 'actions' must be a list of strings")
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise InvalidRecord(f"record field 'meta' must be an object, not {type(meta).__name__}")
    return Record(
        game=_field(data, "game", str),
        rules=_field(data, "rules", dict),
        seed=seed,
        deals=tuple(tuple(d) for d in deals),
        actions=tuple(actions),
        meta=meta,
    )


def load(path: str | Path) -> Record:
    """Read and parse the record in file ``path``.

    Only a regular file of at most :data:`MAX_RECORD_CHARS` bytes is read (a FIFO, a device or a
    folder is refused without waiting on it); every fault is an :class:`~rulebook.InvalidRecord`.
    """
    return loads(read_bytes(path, "", MAX_RECORD_CHARS, InvalidRecord))


def recorded_variant(record: Record) -> dict[str, Any] | None:
    """The record's description of its variant if replaying it needs Python code, else ``None``.

    That is a variant with hooks, or one loaded from a Python file or module.
    """
    described = record.meta.get("variant")
    if not isinstance(described, dict):
        return None
    source = described.get("source", "")
    python = isinstance(source, str) and (source.endswith(".py") or ":" in source)
    return described if python or described.get("hooks") or "score_floor" in described else None


def check_variant(record: Record, supplied: dict[str, Any] | None) -> None:
    """Refuse to replay ``record`` without the Python variant it names, or with another one.

    ``supplied`` is ``Variant.describe()`` of the variant the user gave
    (``None``: none). The record's own description is only compared, never
    loaded: data never names code that runs.
    """
    wanted = recorded_variant(record)
    if wanted is None:
        return
    name = wanted.get("name", "?")
    source = wanted.get("source") or "FILE.py:NAME"
    if supplied is None:
        raise InvalidRecord(
            f"the record was made with the Python variant {name!r:.60}; records never load code: "
            f"pass it yourself with --variant {source!s:.200}"
        )
    for key in ("name", "hooks", "score_floor"):
        if wanted.get(key) != supplied.get(key):
            raise InvalidRecord(
                f"the supplied variant differs from the record's in {key}: "
                f"{supplied.get(key)!r:.80} (record: {wanted.get(key)!r:.80})"
            )


def iter_states(record: Record, *, logic: Logic | None = None) -> Iterator[State[Any, Any]]:
    """Every state of the recorded game, from the initial one to the last.

    ``logic``: the engine logic of the variant the game was played under (its Python hooks,
    :mod:`rulebook.core.logic`), which a record never carries: the caller passes the variant
    the user named."""
    game = get_game(record.game)
    try:
        rules = rules_from_mapping(game.Rules, record.rules)
        if logic is not None:
            rules = attrs.evolve(rules, logic=logic)
    except (InvalidRules, RecursionError) as exc:
        raise InvalidRecord(f"bad rules: {exc}") from None
    try:
        state = game.new_game(rules, seed=record.seed, deals=record.deals or None)
    except ValueError as exc:
        raise InvalidRecord(f"bad deals: {exc}") from None
    tables = record.meta.get("phases")
    if tables:  # the variant's added phases, as data (UT-PHASE-1)
        try:
            state = with_phases(state, tables)
        except ValueError as exc:
            raise InvalidRecord(f"bad phases: {exc}") from None
    parse = type(state).GAME.parse_action
    yield state
    for i, text in enumerate(record.actions):
        if state.is_terminal:
            raise InvalidRecord(f"{text!r} comes after the end of the game", i)
        try:
            action = parse(text, rules)
            state = state.apply(action)
        except RulebookError as exc:
            raise InvalidRecord(f"{text!r}: {exc}", i) from None
        except ValueError as exc:
            raise InvalidRecord(f"{text!r}: {exc}", i) from None
        yield state


def replay(record: Record, *, complete: bool = False, logic: Logic | None = None) -> State[Any, Any]:
    """The last state of the recorded game (``logic``: as in :func:`iter_states`).

    With ``complete=True`` a record that stops before the game is over is
    rejected as truncated.
    """
    *_, state = iter_states(record, logic=logic)
    if complete and not state.is_terminal:
        raise InvalidRecord("record is truncated: the game is not over", len(record.actions))
    return state
