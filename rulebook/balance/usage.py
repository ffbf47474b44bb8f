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

from rulebook.core.phases import KeepCard, PassCard, ReturnCard, ShowCard
from rulebook.i18n import N_, _
from rulebook.reference.words import phase_rule
from rulebook.variants.hooks import unhooked
from rulebook.variants.moves import VariantMove

__all__ = ["digest_of", "label", "usage_of", "usage_rules"]

#: The kinds of count, by key prefix, in the words a report uses.
KINDS = {
    "trick": "decided a trick",
    "score": "scored",
    "end": "ended a round",
    "move": "moves made",
    "forced": "moves made with no choice",
    "npc": "chose an NPC's card",
    "passed": "passed a card",
    "shown": "showed a card",
    "kept": "kept an item dealt in a draft",
    "returned": "put an item back at the bottom of a pile",
    "added": "moves the variant adds",
    "offered": "decisions offering a move the variant adds",
    "taken": "moves the variant adds, by who took them",
    "decided": "decisions, by who made them",
}
#: The same words as whole phrases for the catalog: ``{rule}`` is a rule ID with its title.
_RULE_LABELS = {
    "trick": N_("{rule} decided a trick"),
    "score": N_("{rule} scored"),
    "end": N_("{rule} ended a round"),
    "npc": N_("{rule} chose an NPC's card"),
    "passed": N_("{rule} passed a card"),
    "shown": N_("{rule} showed a card"),
    "kept": N_("{rule} kept an item dealt in a draft"),
    "returned": N_("{rule} put an item back at the bottom of a pile"),
}
#: The counts of each kind of move of the five games, as whole phrases (the key's English label).
_MOVE_LABELS = (
    N_("Bid moves made"), N_("Bid moves made with no choice"),
    N_("Declare moves made"), N_("Declare moves made with no choice"),
    N_("Down moves made"), N_("Down moves made with no choice"),
    N_("Give moves made"), N_("Give moves made with no choice"),
    N_("Intervene moves made"), N_("Intervene moves made with no choice"),
    N_("Keep moves made"), N_("Keep moves made with no choice"),
    N_("Oracle moves made"), N_("Oracle moves made with no choice"),
    N_("Pair moves made"), N_("Pair moves made with no choice"),
    N_("Pass moves made"), N_("Pass moves made with no choice"),
    N_("Place moves made"), N_("Place moves made with no choice"),
    N_("Play moves made"), N_("Play moves made with no choice"),
    N_("Prophesy moves made"), N_("Prophesy moves made with no choice"),
    N_("Replace moves made"), N_("Replace moves made with no choice"),
    N_("Road moves made"), N_("Road moves made with no choice"),
    N_("Take moves made"), N_("Take moves made with no choice"),
)


def usage_of(state: Any) -> dict[str, int]:
    """Counts of one finished game: ``trick: RULE``, ``score: RULE``, ``end: RULE``, ``move: KIND`` and,
    in a game with NPCs, ``npc: RULE`` (the conduct rule behind each NPC card, :data:`NPC_CONDUCT`).

    A variant's added steps count each card chosen under the step's rule: ``passed: UT-PHASE-2``,
    ``shown: UT-PHASE-4``, ``kept: WB-PHASE-3`` (a draft), ``returned: WB-PHASE-4`` (an exchange); a move
    of the variant's own kind counts as ``added: KIND`` (its
    :attr:`~rulebook.variants.moves.VariantMove.KIND`), not as a kind of the game's moves.
    """
    counts: Counter[str] = Counter()
    state = unhooked(state)  # with play hooks and added steps, the phased state is under the hooked one
    inner = getattr(state, "inner", None)
    if inner is not None and hasattr(state, "phases"):  # a variant's added steps (rulebook.variants.phases)
        kinds = Counter(type(action) for action in state.history)
        game = type(inner).GAME
        for key, kind, move in (("passed", "pass", PassCard), ("shown", "reveal", ShowCard),
                                ("kept", "draft", KeepCard), ("returned", "exchange", ReturnCard)):
            if kinds[move]:  # each under its step's own rule (PHASE_RULES: WB-PHASE-3, ST-PHASE-3, ...)
                counts[f"{key}: {phase_rule(game.prefix, kind, game)}"] = kinds[move]
        state = inner
    engine = unhooked(state)
    for trick in engine.tricks:
        counts[f"trick: {trick.rule}"] += 1
    for rnd in engine.rounds:
        for change in rnd.changes:
            counts[f"score: {change.rule}"] += 1
        if rnd.rule:
            counts[f"end: {rnd.rule}"] += 1
    for action in engine.history:
        if isinstance(action, VariantMove):
            counts[f"added: {type(action).KIND}"] += 1
        else:
            counts[f"move: {type(action).__name__}"] += 1
    conduct = NPC_CONDUCT.get(type(engine).GAME.slug)
    if conduct is not None:
        for rule in conduct(engine):
            counts[f"npc: {rule}"] += 1
    return dict(counts)


#: UT-LORD-8: the seat policies an NPC may play by besides its conduct rules (UT-LORD-1..7)
_SEAT_POLICIES = ("highest", "random")


def _utsuke_conduct(state: Any) -> list[str]:
    """The conduct rule behind every card the NPCs played (UT-LORD-1..8), from the finished tricks:
    leading a round (UT-LORD-1), leading after a win (UT-LORD-4), following the suit led
    (UT-LORD-2; UT-LORD-6 under 'lowest'), not following (UT-LORD-3); under 'leftmost' every card
    is UT-LORD-7. The young lord's conduct is ``young_policy`` (UT-LORD-5). An NPC that plays by a
    seat policy (``highest``, ``random``) or by a variant's function (``rules.logic.npcs``) plays
    every card under UT-LORD-8."""
    rules = state.rules
    suit = type(state).GAME.deck.suit_of
    policies = {"lord": rules.lord_policy, "young lord": rules.young_policy}
    functions = dict(getattr(getattr(rules, "logic", None), "npcs", ()))  # UT-LORD-8: a variant's function
    if "lord" in functions and rules.young_lord_policy == "same":  # UT-LORD-5: the young lord copies it
        functions.setdefault("young lord", functions["lord"])
    for name in functions:
        policies[name] = _SEAT_POLICIES[0]
    out = []
    first_of_round = -1
    for trick in state.tricks:
        opening = trick.round != first_of_round
        first_of_round = trick.round
        led = suit[trick.plays[0][1]]
        for i, (who, card) in enumerate(trick.plays):
            if not isinstance(who, str):
                continue
            policy = policies.get(who, rules.lord_policy)
            if policy in _SEAT_POLICIES:
                out.append("UT-LORD-8")
            elif policy == "leftmost":
                out.append("UT-LORD-7")
            elif i == 0:
                out.append("UT-LORD-1" if opening else "UT-LORD-4")
            elif suit[card] == led:
                out.append("UT-LORD-6" if policy == "lowest" else "UT-LORD-2")
            else:
                out.append("UT-LORD-3")
    return out


#: Games whose NPCs play by a conduct rule: slug -> the rule behind each NPC card of a finished game.
NPC_CONDUCT: dict[str, Any] = {"utsuke": _utsuke_conduct}


def digest_of(state: Any) -> int:
    """A fingerprint of the moves of a game (the same in every process)."""
    return zlib.crc32("\n".join(map(str, unhooked(state).history)).encode())


def label(key: str) -> str:
    """A count's name for people, in the language shown: ``WB-TRICK-3 (The trump wins) decided a trick``,
    ``Play moves made``, ``Play moves made with no choice`` (a ``forced: KIND`` count of
    :func:`rulebook.balance.simulate.play_one`)."""
    kind, _sep, name = key.partition(": ")
    if kind in ("move", "forced"):
        text = f"{name} {KINDS[kind]}"
        return _(text)  # one of _MOVE_LABELS; a move a hook adds stays in English
    if kind == "added":  # the kind's name is the variant's own word
        return _("moves the variant adds: {kind}").format(kind=name)
    if kind == "offered":
        return _("moves the variant adds: {kind}, decisions offering it").format(kind=name)
    if kind == "taken":
        verb, _sep, who = name.partition(": ")
        return _("moves the variant adds: {kind}, taken by {player}").format(kind=verb, player=player_label(who))
    if kind == "decided":
        return _("decisions made by {player}").format(player=player_label(name))
    from rulebook.reference.words import rule_title

    title = rule_title(name)
    rule = _("{rule} ({title})").format(rule=name, title=title) if title else name
    if kind in _RULE_LABELS:
        return _(_RULE_LABELS[kind]).format(rule=rule)
    return f"{rule} {kind}"


#: How a report names a kind of player in its counts (``decided: auto (search)``), for the catalog.
_PLAYER_LABELS = {
    "heuristic": N_("the rule-aware heuristic"),
    "random": N_("random play"),
    "ismcts": N_("ISMCTS"),
    "auto (heuristic)": N_("the rule-following player, by the heuristic"),
    "auto (search)": N_("the rule-following player, by its search"),
    "auto (forced)": N_("the rule-following player, with no choice"),
}


def player_label(name: str) -> str:
    """A kind of player as the counts name it (``auto (search)``), in words for people."""
    return _(_PLAYER_LABELS[name]) if name in _PLAYER_LABELS else name


def usage_rules(usage: Mapping[str, float]) -> set[str]:
    """The rule IDs that decided something in the counts."""
    return {k.partition(": ")[2] for k, v in usage.items() if v > 0
            and not k.startswith(("move: ", "forced: ", "added: ", "offered: ", "taken: ", "decided: "))}
