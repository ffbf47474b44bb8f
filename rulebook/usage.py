"""What each rule did: how often each rule decided something, and each kind of move was made.

A finished game's records say which rule decided each trick (``TrickRecord.rule``), which
rule scored each change of score (``ScoreChange.rule``) and which rule ended each round
(``RoundRecord.rule``); its history says which kinds of move were made. ``rulebook
simulate`` counts them per game, so a report shows what a house rule did to play even when
outcomes barely move, and warns when a comparison cannot show anything.

>>> import rulebook
>>> game = rulebook.get_game("witches-of-blackmore")
>>> state = game.new_game(game.Rules(players=3), seed=1)
>>> while not state.is_terminal:
...     state = state.apply(state.legal_actions()[0])
>>> counts = usage_of(state)
>>> counts["move: Play"] == sum(1 for a in state.history if type(a).__name__ == "Play")
True
>>> sum(v for k, v in counts.items() if k.startswith("trick: ")) == len(state.tricks)
True
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Mapping
from typing import Any

from rulebook.hooks import unhooked

__all__ = ["digest_of", "label", "usage_of", "usage_rules"]

#: The kinds of count, by key prefix, in the words a report uses.
KINDS = {
    "trick": "decided a trick",
    "score": "scored",
    "end": "ended a round",
    "move": "moves made",
    "forced": "moves made with no choice",
}


def usage_of(state: Any) -> dict[str, int]:
    """Counts of one finished game: ``trick: RULE``, ``score: RULE``, ``end: RULE`` and ``move: KIND``."""
    engine = unhooked(state)
    counts: Counter[str] = Counter()
    for trick in engine.tricks:
        counts[f"trick: {trick.rule}"] += 1
    for rnd in engine.rounds:
        for change in rnd.changes:
            counts[f"score: {change.rule}"] += 1
        if rnd.rule:
            counts[f"end: {rnd.rule}"] += 1
    for action in engine.history:
        counts[f"move: {type(action).__name__}"] += 1
    return dict(counts)


def digest_of(state: Any) -> int:
    """A fingerprint of the moves of a game (the same in every process)."""
    return zlib.crc32("\n".join(map(str, unhooked(state).history)).encode())


def label(key: str) -> str:
    """A count's name for people: ``WB-TRICK-3 (The trump wins) decided a trick``, ``Play moves made``,
    ``Play moves made with no choice`` (a ``forced: KIND`` count of :func:`rulebook.simulate.play_one`)."""
    kind, _, name = key.partition(": ")
    if kind in ("move", "forced"):
        return f"{name} {KINDS[kind]}"
    from rulebook.trace import spec_rules

    rule = spec_rules().get(name)
    title = f" ({rule.title})" if rule is not None else ""
    return f"{name}{title} {KINDS.get(kind, kind)}"


def usage_rules(usage: Mapping[str, float]) -> set[str]:
    """The rule IDs that decided something in the counts."""
    return {k.partition(": ")[2] for k, v in usage.items() if v > 0 and not k.startswith(("move: ", "forced: "))}
