"""Executable worked examples: explicit rules and deals, steps, expected outcomes.

A scenario is a TOML file under ``spec/examples/<slug>/``. The test suite replays every
one and checks each expectation (``tests/test_scenarios.py``); the docs directive
``rulebook-scenario`` shows it step by step with card pictures. The format::

    title = "The blue 7 example"
    game = "witches-of-blackmore"
    rules = { players = 5 }                 # Rules options (others: the defaults)
    cites = ["<rule ID>", ...]              # the rules the example illustrates
    source = "【最強カードの決め方】, second example"   # optional
    description = "..."                     # optional, shown above the steps

    # one deal per entry, as card texts: the start of the deck order; the rest of the
    # deck follows in deck order unless complete = false (then the text is the whole deal);
    # a table may add whole numbers after the cards (extra = [...], e.g. the gods' icons)
    deals = ["Y2 C1 ...", ]

    [[steps]]
    action = "play Y2"                      # an action's text form
    note = "Anna leads yellow 2."           # optional, shown in the docs
    expect = { to_act = 1 }                 # optional checks after the action

    [outcome]                               # checks on the final state
    scores = [0, 0, 0, 27, 0]

Expectation keys (in ``expect`` and ``outcome``): ``to_act`` (a seat, or ``"none"``),
``scores`` (one whole number per seat), ``legal`` (the exact list of legal action
texts), ``winners`` (seats), ``terminal`` (true/false), ``trick`` (``{winner = seat,
card = "B4"}``: the last finished trick, from ``state.tricks``), and ``illegal``
(``{action = "play R8", rule = "<rule ID>"}``: that action must be refused citing that
rule; the state does not change).
"""

from __future__ import annotations

import re
import sys
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from rulebook.errors import IllegalAction
from rulebook.registry import get_game

__all__ = ["KEYS", "Scenario", "ScenarioFailed", "Step", "discover", "load", "loads", "run"]

_RULE_ID = re.compile(r"[A-Z]{2}-[A-Z]{2,}-\d+")
#: the expectation keys a step or the outcome may use
KEYS = frozenset({"to_act", "scores", "legal", "winners", "terminal", "trick", "illegal"})


class ScenarioFailed(AssertionError):
    """A scenario's expectation does not hold (or an action was refused)."""


@attrs.frozen
class Step:
    action: str
    note: str = ""
    expect: Mapping[str, Any] = attrs.field(factory=dict)


@attrs.frozen
class Scenario:
    title: str
    game: str
    rules: Mapping[str, Any]
    deals: tuple[tuple[int, ...], ...]
    steps: tuple[Step, ...]
    outcome: Mapping[str, Any]
    cites: tuple[str, ...] = ()
    source: str = ""
    description: str = ""
    name: str = ""


def _str(data: Mapping[str, Any], key: str, name: str, *, required: bool = False) -> str:
    value = data.get(key, "")
    if required and key not in data:
        raise ValueError(f"{name}: missing {key!r}")
    if not isinstance(value, str):
        raise ValueError(f"{name}: {key!r} must be a string, not {type(value).__name__}")
    return value


def _expect(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"{where} must be a table, not {type(value).__name__}")
    unknown = sorted(set(value) - KEYS)
    if unknown:
        raise ValueError(f"{where}: unknown expectation {', '.join(unknown)} (known: {', '.join(sorted(KEYS))})")
    return dict(value)


def _card_index(game: Any, rules: Any) -> dict[str, int]:
    from rulebook.core import render

    data = getattr(rules, "deck", None)
    size = len(data) if isinstance(data, tuple) and data and hasattr(data[0], "strength") else None
    if size is None:
        deck = getattr(game, "deck", None) or getattr(sys.modules.get(type(game).__module__), "DECK", None)
        if deck is None:
            raise ValueError(f"{game.slug}: no deck to read card texts from")
        size = deck.size
    return {render.card_text(game, c, rules).upper(): c for c in range(size)}


def loads(text: str, name: str = "<scenario>") -> Scenario:
    """A scenario from TOML text (``ValueError`` naming the field on any bad input)."""
    if not isinstance(text, str):
        raise ValueError(f"{name}: scenario text must be a str, not {type(text).__name__}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{name}: not valid TOML: {exc}") from None
    known = {"title", "game", "rules", "deals", "steps", "outcome", "cites", "source", "description"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValueError(f"{name}: unknown field {', '.join(unknown)}")
    slug = _str(data, "game", name, required=True)
    game = get_game(slug)
    rules_map = data.get("rules", {})
    if not isinstance(rules_map, dict):
        raise ValueError(f"{name}: 'rules' must be a table")
    from rulebook.core.options import rules_from_mapping

    rules = rules_from_mapping(game.Rules, rules_map)
    index = _card_index(game, rules)
    deals_raw = data.get("deals", [])
    if not isinstance(deals_raw, list) or not all(isinstance(d, (str, dict)) for d in deals_raw):
        raise ValueError(f"{name}: 'deals' must be a list of card-text strings or tables")
    deals: list[tuple[int, ...]] = []
    for i, d in enumerate(deals_raw):
        cards_text, complete = (d, True) if isinstance(d, str) else (d.get("cards"), d.get("complete", True))
        extra = [] if isinstance(d, str) else d.get("extra", [])
        if not isinstance(cards_text, str) or type(complete) is not bool:
            raise ValueError(f"{name}: deals[{i}] needs cards (a string) and complete (true/false)")
        if not isinstance(extra, list) or not all(type(x) is int for x in extra):
            raise ValueError(f"{name}: deals[{i}]: extra must be a list of whole numbers")
        cards = []
        for t in cards_text.split():
            if t.upper() not in index:
                raise ValueError(f"{name}: deals[{i}]: not a card of {slug}: {t!r}")
            cards.append(index[t.upper()])
        if len(set(cards)) != len(cards):
            raise ValueError(f"{name}: deals[{i}] names a card twice")
        if complete:  # the rest of the cards in play, in card order
            rest = [c for c in game.cards_in_play(rules) if c in set(index.values())]
            cards += [c for c in rest if c not in set(cards)]
        deals.append((*cards, *extra))
    steps_raw = data.get("steps", [])
    if not isinstance(steps_raw, list) or not steps_raw:
        raise ValueError(f"{name}: 'steps' must be a non-empty list of tables")
    steps = []
    for i, s in enumerate(steps_raw):
        if not isinstance(s, dict) or set(s) - {"action", "note", "expect"}:
            raise ValueError(f"{name}: steps[{i}] must be a table of action, note, expect")
        steps.append(Step(_str(s, "action", f"{name}: steps[{i}]", required=True),
                          _str(s, "note", f"{name}: steps[{i}]"),
                          _expect(s.get("expect", {}), f"{name}: steps[{i}].expect")))
    cites = data.get("cites", [])
    if not isinstance(cites, list) or not all(isinstance(c, str) and _RULE_ID.fullmatch(c) for c in cites):
        raise ValueError(f"{name}: 'cites' must be a list of rule IDs (like the spec's headings)")
    return Scenario(
        title=_str(data, "title", name, required=True), game=slug, rules=dict(rules_map),
        deals=tuple(deals), steps=tuple(steps), outcome=_expect(data.get("outcome", {}), f"{name}: outcome"),
        cites=tuple(cites), source=_str(data, "source", name), description=_str(data, "description", name),
        name=name,
    )


def load(path: str | Path) -> Scenario:
    """The scenario in the TOML file ``path``."""
    p = Path(path)
    return loads(p.read_text(encoding="utf-8"), str(p))


def discover(root: str | Path) -> list[Path]:
    """Every scenario file of the checkout at ``root``: ``spec/examples/<slug>/*.toml``."""
    return sorted(Path(root).glob("spec/examples/*/*.toml"))


def _fail(where: str, message: str) -> ScenarioFailed:
    return ScenarioFailed(f"{where}: {message}")


def check(state: Any, expect: Mapping[str, Any], where: str = "") -> None:
    """Raise :class:`ScenarioFailed` unless every expectation holds in ``state``."""
    game = state.GAME
    for key, want in expect.items():
        if key == "to_act":
            got: Any = state.current_player
            if (want == "none" and got is not None) or (want != "none" and got != want):
                raise _fail(where, f"seat to act is {got}, expected {want}")
        elif key == "scores":
            if list(state.scores) != want:
                raise _fail(where, f"scores are {list(state.scores)}, expected {want}")
        elif key == "legal":
            got = [str(a) for a in state.legal_actions()]
            if got != want:
                raise _fail(where, f"legal actions are {got}, expected {want}")
        elif key == "winners":
            if sorted(state.winners) != sorted(want):
                raise _fail(where, f"winners are {sorted(state.winners)}, expected {want}")
        elif key == "terminal":
            if state.is_terminal is not want:
                raise _fail(where, f"terminal is {state.is_terminal}, expected {want}")
        elif key == "trick":
            from rulebook.core import render

            try:
                tricks = state.tricks
            except NotImplementedError:
                raise _fail(where, f"{game.slug} does not record tricks yet") from None
            if not tricks:
                raise _fail(where, "no trick has been finished")
            last = tricks[-1]
            if "winner" in want and last.winner != want["winner"]:
                raise _fail(where, f"the trick went to seat {last.winner}, expected {want['winner']}")
            if "card" in want and render.card_text(game, last.winning_card, state.rules) != want["card"]:
                raise _fail(where, f"the trick was won with {render.card_text(game, last.winning_card, state.rules)}, "
                                   f"expected {want['card']}")
        elif key == "illegal":
            action = game.parse_action(want["action"], state.rules)
            try:
                state.apply(action)
            except IllegalAction as exc:
                if "rule" in want and exc.rule != want["rule"]:
                    raise _fail(where, f"{want['action']} was refused by {exc.rule}, expected {want['rule']}") from None
            else:
                raise _fail(where, f"{want['action']} was accepted, expected it to be refused")


def run(scenario: Scenario) -> list[Any]:
    """Replay ``scenario``, checking every expectation; the states, initial first."""
    game = get_game(scenario.game)
    from rulebook.core.options import rules_from_mapping

    rules = rules_from_mapping(game.Rules, scenario.rules)
    state = game.new_game(rules, deals=[list(d) for d in scenario.deals] or None)
    states = [state]
    for i, step in enumerate(scenario.steps, 1):
        where = f"{scenario.name or scenario.title}, step {i} ({step.action})"
        try:
            state = state.apply(game.parse_action(step.action, rules))
        except (IllegalAction, ValueError) as exc:
            raise _fail(where, f"refused: {exc}") from None
        check(state, step.expect, where)
        states.append(state)
    check(state, scenario.outcome, f"{scenario.name or scenario.title}, outcome")
    return states
