"""Seats that play by a rule: a dummy, an extra hand, a non-player character.

A :class:`~rulebook.variants.variant.Variant` may name seats that no person or bot plays
(``seats``): each decides by a stated *policy*, inside the ``apply`` of the variant's state,
so that the seat to move (``current_player``) is never one of them: the table never asks a
person for its moves, and ``simulate``'s players never play it.

The named policies:

``lowest`` / ``highest``
    The legal move with the lowest (highest) card: cards are ordered by their printed number,
    and cards of one number by the deck's order of suits. Where no legal move carries a card
    (a bid, a decision to keep the trump), the first legal move.
``first``
    The first legal move, in the engine's order.
``random``
    A legal move drawn at random, from a generator seeded by the game's seed and the number of
    moves made: a game with the same seed replays exactly.
``heuristic``
    The game's rule-aware heuristic, run on a state in which everything the seat may not see
    is redrawn (the seat's own determinization), so that it decides on what the seat sees.

A Python variant may give a function instead: ``policy(observation, legal_actions) -> action``,
called with the seat's observation and its legal moves only (never the state). Data (a variant
file) names only the named policies: data never names code that runs.

Non-player characters play by the same kind of policy. UTSUKE's lord and young lord
(UT-LORD-8) are places no seat holds; each plays by the named policy of its option,
``lord_policy`` and ``young_lord_policy`` (``--set lord_policy=highest``, or ``lord_policy =
"highest"`` under ``[rules]`` in a variant file):

``printed``
    The printed conduct (UT-LORD-1..UT-LORD-4): it leads its leftmost card at a round's start and
    its rightmost card after a win; following, its highest card of the suit led, else its
    leftmost card.
``lowest``
    The gentle lord (UT-LORD-6): as printed, but it follows with its lowest card of the suit led.
    (It keeps its printed leads and discards, so it is not the seats' ``lowest``.)
``leftmost``
    UT-LORD-7: always the leftmost card it may play. This is the seats' ``first``, the NPC's legal
    cards being listed left to right along its row.
``highest``, ``random``
    As for a seat, over the cards the NPC may play (UT-LORD-8: its row when it leads, else its
    cards of the suit led if it holds any, else its row); ``random`` is seeded by the game's seed,
    the round and the place in the trick, so a game replays exactly.

A Python variant may give an NPC a function instead, with ``npcs``:
``Variant(game, rules, npcs={"lord": policy})`` (or ``"young lord"``; a name there sets the
option). The function is called as a seat's is, ``policy(view, legal_actions) -> action``,
with only what the NPC may see, a ``rulebook.games.utsuke.NpcView`` (its row, the trick so far,
the trump: all public), and its legal cards as ``play`` moves; an answer that is not one
of them is a :class:`~rulebook.variants.hooks.HookError` naming the NPC and UT-LORD-8. With
``young_lord_policy = "same"`` the young lord plays by the lord's function too (UT-LORD-5). The
printed conducts keep the engine's precomputed path; ``highest``, ``random`` and functions are
called only when an NPC plays.

A seat with ``score=False`` never wins: it is left out of the winners. Its points are still
counted in the scores (a dummy's captured cards are its own pile, as in the printed game);
when the game's winners are only such seats, the win goes to the scoring seats with the highest
score among them.

>>> import rulebook
>>> from rulebook.variants.variant import Variant
>>> game = rulebook.get_game("witches-of-blackmore")
>>> v = Variant(game, game.Rules(players=4), seats={3: SeatRule("highest", score=False)})
>>> state = v.new_game(seed=1)
>>> while not state.is_terminal:
...     assert state.current_player != 3
...     state = state.apply(state.legal_actions()[0])
>>> 3 in state.winners
False
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from rulebook.errors import InvalidRules

if TYPE_CHECKING:
    from rulebook.variants.hooks import HookedState

__all__ = ["POLICIES", "Policy", "SeatRule", "choose", "npc_policies", "seat_rules", "seats_from_table",
           "seats_to_table"]

Policy = str | Callable[[Any, tuple[Any, ...]], Any]

#: The named policies (a variant file may name only these).
POLICIES = ("lowest", "highest", "first", "random", "heuristic")


def _check_policy(instance: Any, attribute: Any, value: Any) -> None:
    if isinstance(value, str):
        if value not in POLICIES:
            raise InvalidRules("seats.policy", f"unknown policy {value[:40]!r} (choose one of {', '.join(POLICIES)})")
    elif not callable(value):
        raise InvalidRules("seats.policy", f"a policy is one of {', '.join(POLICIES)} or a function "
                           f"policy(observation, legal_actions), not a {type(value).__name__}")


@attrs.frozen
class SeatRule:
    """How a seat no one plays decides: its ``policy`` (a name of :data:`POLICIES` or a function
    ``policy(observation, legal_actions) -> action``), and whether it may win (``score``)."""

    policy: Policy = attrs.field(validator=_check_policy)
    score: bool = attrs.field(default=True, validator=attrs.validators.instance_of(bool))

    @property
    def label(self) -> str:
        """The policy as people read it: its name, or the function's name."""
        if isinstance(self.policy, str):
            return self.policy
        return str(getattr(self.policy, "__name__", "policy"))


def seat_rules(seats: Mapping[int, Any] | None, players: int) -> tuple[tuple[int, SeatRule], ...]:
    """``seats`` (0-based seat -> :class:`SeatRule` or a policy) checked against ``players``:
    sorted pairs of seat and rule; a fault is an :class:`~rulebook.InvalidRules` naming ``seats``."""
    if not seats:
        return ()
    if not isinstance(seats, Mapping):
        raise InvalidRules("seats", f"must map seats to policies, not a {type(seats).__name__}")
    out: list[tuple[int, SeatRule]] = []
    for seat, rule in seats.items():
        if type(seat) is not int or not 0 <= seat < players:
            shown = f"seat {seat + 1}" if type(seat) is int else f"{str(seat)[:20]!r}"
            raise InvalidRules("seats", f"{shown} is not one of the {players} seats")
        out.append((seat, rule if isinstance(rule, SeatRule) else SeatRule(rule)))
    if len(out) >= players:
        raise InvalidRules("seats", "every seat plays by a rule: leave at least one seat to a player")
    return tuple(sorted(out, key=lambda p: p[0]))


def seats_from_table(table: Any, where: str) -> dict[int, SeatRule]:
    """A variant file's ``[seats]`` table (seats counted from 1; ``4 = "lowest"`` or ``[seats.4]``
    with ``policy`` and ``score``) as 0-based seats; a fault names the field (``seats.4.policy``)."""
    if not isinstance(table, dict):
        raise InvalidRules("seats", f"in {where}: [seats] must be a table of seats (counted from 1) and policies")
    out: dict[int, SeatRule] = {}
    keys: dict[int, str] = {}
    for key, value in table.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 2 and int(key) >= 1):
            shown = repr(str(key)[:20]) + ("…" if len(str(key)) > 20 else "")
            raise InvalidRules("seats", f"in {where}: {shown} is not a seat number (seats count from 1 to 99)")
        if int(key) in keys:  # "4" and "04" name one seat: which rule was meant is not said
            raise InvalidRules("seats", f"in {where}: seat {int(key)} is given twice, as {keys[int(key)]!r} and "
                               f"{key!r}")
        keys[int(key)] = key
        field = f"seats.{key}"
        if isinstance(value, str):
            value = {"policy": value}
        if not isinstance(value, dict):
            raise InvalidRules(field, f"in {where}: a policy name or a table with policy and score")
        extra = sorted(set(value) - {"policy", "score"})
        if extra:
            raise InvalidRules(f"{field}.{extra[0]}", f"in {where}: unknown key (expected policy, score)")
        policy = value.get("policy")
        if not isinstance(policy, str) or policy not in POLICIES:
            raise InvalidRules(f"{field}.policy", f"in {where}: choose one of {', '.join(POLICIES)}")
        score = value.get("score", True)
        if type(score) is not bool:
            raise InvalidRules(f"{field}.score", f"in {where}: true or false")
        out[int(key) - 1] = SeatRule(policy, score=score)
    return out


def npc_policies(game: Any, rules: Any, npcs: Any) -> tuple[Any, tuple[tuple[str, Callable[..., Any]], ...]]:
    """UT-LORD-8: ``npcs`` (an NPC's name -> a named policy or a function) applied to ``rules``: the names
    set the NPC's option (its choices check them); the functions are returned as ``(name, function)``
    pairs, for the engine's logic. A fault is an :class:`~rulebook.InvalidRules` naming ``npcs``."""
    if not npcs:
        return rules, ()
    names = getattr(game, "NPCS", None) or {}
    if not names:
        raise InvalidRules("npcs", f"{game.slug} has no non-player characters")
    if not isinstance(npcs, Mapping):
        raise InvalidRules("npcs", f"must map non-player characters to policies, not a {type(npcs).__name__}")
    changes: dict[str, str] = {}
    functions: list[tuple[str, Callable[..., Any]]] = []
    for name, policy in npcs.items():
        if name not in names:
            raise InvalidRules("npcs", f"{str(name)[:20]!r} is not a non-player character of {game.slug} (choose "
                               f"{', '.join(names)})")
        if isinstance(policy, str):
            changes[names[name]] = policy
        elif callable(policy):
            functions.append((name, policy))
        else:
            raise InvalidRules(f"npcs.{name}", f"a policy is a name ({names[name]}'s choices) or a function "
                               f"policy(view, legal_actions), not a {type(policy).__name__}")
    if changes:
        rules = attrs.evolve(rules, **changes)  # an unknown name is refused naming the option
    return rules, tuple(sorted(functions, key=lambda p: p[0]))


def seats_to_table(seats: tuple[tuple[int, SeatRule], ...]) -> dict[str, Any]:
    """The seats as a record or a report shows them: seats counted from 1, the policy's name."""
    return {str(s + 1): {"policy": r.label, "score": r.score} for s, r in seats}


def _card_key(game: Any) -> Callable[[Any], tuple[int, int]] | None:
    deck = getattr(game, "deck", None)
    rank_of = getattr(deck, "rank_of", None)
    if rank_of is None:
        return None

    def key(action: Any) -> tuple[int, int]:
        card = action.card
        return (rank_of[card], card)
    return key


def _carded(legal: tuple[Any, ...]) -> list[Any]:
    return [a for a in legal if type(getattr(a, "card", None)) is int]


def policy_rng(state: HookedState) -> random.Random:
    """The generator of a rule-played move: seeded by the game's seed and the number of moves made."""
    seed = state.inner.setup.seed or 0
    return random.Random(f"rulebook-seat:{seed}:{state.move_number()}")


def choose(rule: SeatRule, state: HookedState, seat: int, rng: random.Random | None = None) -> Any:
    """The move the named policy of ``rule`` makes for ``seat`` at ``state`` (the seat to move): from the
    seat's legal moves (and, for ``heuristic``, its own determinization). ``rng`` (default
    ``policy_rng``) draws ``random`` and the heuristic. A function policy is called by
    :func:`rulebook.variants.hooks.choose_move`, which checks what it returns."""
    legal = state.legal_actions()
    policy = rule.policy
    if policy == "first":
        return legal[0]
    if policy in ("lowest", "highest"):
        carded = _carded(legal)
        key = _card_key(type(state.inner).GAME)
        if not carded or key is None:
            return legal[0]
        return min(carded, key=key) if policy == "lowest" else max(carded, key=key)
    rng = rng if rng is not None else policy_rng(state)
    if policy == "random":
        return legal[rng.randrange(len(legal))]
    # heuristic: decide on the seat's own determinization, so nothing hidden from it is read
    seen = state.resample(seat, rng)
    action = state.GAME.heuristic_action(seen, rng)
    return action if action in legal else legal[0]
