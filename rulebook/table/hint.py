"""``hint`` at the table: a move for the seat to act, and why, in words with the rule.

:func:`hint` takes the game's rule-aware player's move (a player decides only from what its
seat may see, :mod:`rulebook.balance.players`) and explains it from the seat's own view:

* the only legal move, and the rule that rules out the others;
* a card that must follow because a rule says so (the rule the engine cites against the
  seat's other cards);
* in a trick: whether the card wins the trick (when it is the trick's last card: the engine
  plays it and reads the finished trick's winner and rule), or beats the trick so far (the
  game's trick rule applied to the cards on the table); the only or the lowest such card;
  or, when no card of the seat can, that it discards its lowest card;
* any other decision (a bid, a prophecy, replacing the trump, a declaration): its kind and
  the rule that governs it.

Everything the reasons use is in the seat's observation (its hand, the cards on the table,
the public trump), so the hint reads the same whatever the hidden cards are.

>>> import rulebook
>>> game = rulebook.get_game("witches-of-blackmore")
>>> state = game.new_game(game.Rules(players=2), seed=1)
>>> str(hint(state))
'play Y1: you lead this trick: your lowest yellow card'
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from rulebook.core.contract import Action, State
from rulebook.core.tricks import trick_winner
from rulebook.errors import IllegalAction
from rulebook.i18n import _
from rulebook.reference.words import card_namer
from rulebook.table.screen import rule_words, seat_label

__all__ = ["LEADERS", "Hint", "hint", "partial_winner", "phase_rules"]


@attrs.frozen
class Hint:
    """A suggested move and the reason for it, in words (``rule``: the rule it cites, or ``""``)."""

    action: Action
    reason: str
    rule: str = ""

    def __str__(self) -> str:
        return f"{self.action}: {self.reason}"


def phase_rules(state: State[Any, Any], tries: int = 400) -> list[str]:
    """The rule IDs the engine cites against moves that are not legal now (the current phase's rules),
    the most cited first."""
    game = type(state).GAME
    legal = set(state.legal_actions())
    found: dict[str, int] = {}
    for action in game.action_table(state.rules)[:tries]:
        if action in legal:
            continue
        try:
            state.apply(action)
        except IllegalAction as exc:
            found[exc.rule] = found.get(exc.rule, 0) + 1
        except ValueError:
            continue
    return sorted(found, key=lambda r: -found[r])


# -- who leads a trick so far, per game -------------------------------------------------------

#: ``leader(state, plays) -> (position of the card that leads, rule ID)`` for a trick in progress
#: (``plays``: ``(player, card)`` in play order), from public facts only. Each follows the game's
#: own trick rule; tests check them against every finished trick the engines record.
Leader = Callable[[State[Any, Any], Sequence[tuple[Any, int]]], tuple[int, str]]


def _witches(state: State[Any, Any], plays: Sequence[tuple[Any, int]]) -> tuple[int, str]:
    from rulebook.core.tricks import best_position
    from rulebook.games.witches_of_blackmore.rules import WEAKEST, tables

    rules = state.rules
    obs = state.observation(state.current_player if state.current_player is not None else 0)
    suit_of = type(state).GAME.deck.suit_of
    stack = obs.trump_stack
    tsuit = suit_of[stack[-1]] if stack and rules.trump_colour else 6
    cards = [c for _p, c in plays]
    keys = tables(rules).win[obs.anchor][tsuit][suit_of[cards[0]]]
    trumps = sum(1 for c in cards if suit_of[c] == tsuit)
    rule = "WB-TRICK-6" if rules.wins == WEAKEST and trumps != 1 else ("WB-TRICK-3", "WB-TRICK-1", "WB-TRICK-2")[
        min(trumps, 2)]
    return best_position(cards, keys), rule


def _plain(state: State[Any, Any], plays: Sequence[tuple[Any, int]], trump: int | None,
           low: bool) -> int:
    deck = type(state).GAME.deck
    cards = [c for _p, c in plays]
    strength = tuple(deck.size - 1 - c if low else c for c in range(deck.size))  # suit-major: by number in a suit
    return trick_winner(cards, deck.suit_of, strength, deck.suit_of[cards[0]], trump)


def _utsuke(state: State[Any, Any], plays: Sequence[tuple[Any, int]]) -> tuple[int, str]:
    rules = state.rules
    obs = state.observation(state.current_player if state.current_player is not None else 0)
    low = rules.trick_winner == "lowest"
    chip = rules.trumps != "none"
    trump = obs.trump if chip and obs.trump >= 0 else None
    return _plain(state, plays, trump, low), "UT-TRICK-4" if low else "UT-TRICK-1" if chip else "UT-TRICK-3"


def _gods(state: State[Any, Any], plays: Sequence[tuple[Any, int]]) -> tuple[int, str]:
    trump = getattr(state, "trump", None)  # public: red with four humans (GH-TRICK-5)
    low = state.rules.trick_winner == "lowest"
    suit_of = type(state).GAME.deck.suit_of
    trumped = trump is not None and any(suit_of[c] == trump for _p, c in plays)
    return _plain(state, plays, trump, low), "GH-TRICK-8" if low else "GH-TRICK-5" if trumped else "GH-TRICK-3"


def _prophecies(state: State[Any, Any], plays: Sequence[tuple[Any, int]]) -> tuple[int, str]:
    rules = state.rules
    obs = state.observation(state.current_player if state.current_player is not None else 0)
    deck = type(state).GAME.deck
    future = obs.future[len(obs.round_tricks)]
    fs = deck.suit_of[future] if rules.trump != "none" else -1
    sign = -1 if rules.order == "lowest" else 1
    cards = [c for _p, c in plays]
    keys = [(deck.suit_of[c] == fs, sign * deck.rank_of[c], i) for i, c in enumerate(cards)]
    best = keys.index(max(keys))
    w = cards[best]
    tie = any(i != best and deck.rank_of[c] == deck.rank_of[w] for i, c in enumerate(cards))
    if rules.trump == "none":
        rule = "SP-RANK-3" if tie else "SP-RANK-5"
    elif deck.suit_of[w] == fs:
        rule = "SP-RANK-1"
    elif tie:
        rule = "SP-RANK-3"
    else:
        rule = "SP-RANK-4" if rules.order == "lowest" else "SP-RANK-2"
    return best, rule


#: The trick games whose trick in progress :func:`partial_winner` can judge, by slug.
LEADERS: dict[str, Leader] = {
    "witches-of-blackmore": _witches,
    "utsuke": _utsuke,
    "gods-and-humans": _gods,
    "seven-prophecies": _prophecies,
}


def partial_winner(state: State[Any, Any], plays: Sequence[tuple[Any, int]]) -> tuple[Any, int, str] | None:
    """``(player, card, rule)`` of the card that leads ``plays`` (a trick in progress) under the rules
    of ``state``'s game, or ``None`` for a game without tricks."""
    leader = LEADERS.get(type(state).GAME.slug)
    if leader is None or not plays:
        return None
    pos, rule = leader(state, plays)
    return plays[pos][0], plays[pos][1], rule


# -- the reasons ----------------------------------------------------------------------------


def _card_of(action: Action, verb: str, names: dict[str, int]) -> int | None:
    v, _sep, arg = str(action).partition(" ")
    return names.get(arg) if v == verb else None


def _decision_rule(state: State[Any, Any], action: Action) -> str:
    """The rule that governs a decision of ``action``'s kind: the spec rule naming the move
    (`` `bid` ``, `` `declare n` ``), else the rule the engine cites most against other moves now."""
    from rulebook.reference import rules_text

    verb = str(action).split(" ")[0]
    slug = type(state).GAME.slug
    pattern = re.compile(r"`" + re.escape(verb) + r"[ `]")
    for section in rules_text.sections(slug):
        for rule in section.rules:
            if (not rule.is_ruling and not rule.is_house_rule and pattern.search(rule.body)
                    and not rule.title.endswith(" in rulebook")):  # how rulebook encodes a move, not a rule of play
                return rule.id
    found = phase_rules(state)
    return found[0] if found else ""


def _forcing_rule(state: State[Any, Any], hand: Sequence[int], legal: Sequence[Action],
                  text: Callable[[int], str]) -> str:
    """The rule the engine cites against playing a card of ``hand`` that is not legal now ("" if none)."""
    game = type(state).GAME
    for card in hand:
        try:
            action = game.parse_action(f"play {text(card)}", state.rules)
        except ValueError:
            return ""
        if action in legal:
            continue
        try:
            state.apply(action)
        except IllegalAction as exc:
            return exc.rule
    return ""


def _wins(state: State[Any, Any], seat: int, card: int, plays: Sequence[tuple[Any, int]],
          action: Action) -> tuple[bool, bool, str, Any, int]:
    """(does ``card`` lead, does it end the trick, rule, the leading player, its card), from the
    engine when the card ends the trick, else from the game's trick rule."""
    try:
        before = len(state.tricks)
        after = state.apply(action)
        done = len(after.tricks) > before
    except (NotImplementedError, AttributeError):
        done = False
    if done:
        t = after.tricks[-1]
        return t.winner == seat, True, t.rule, t.winner, t.winning_card
    found = partial_winner(state, [*plays, (seat, card)])
    if found is None:
        return False, False, "", None, -1
    player, won, rule = found
    return player == seat, False, rule, player, won


def hint(state: State[Any, Any], seed: int = 0) -> Hint:
    """The rule-aware player's move for the seat to act, with its reason (see the module doc)."""
    seat = state.current_player
    if seat is None:
        raise ValueError("the game is over: there is no move to hint")
    game = type(state).GAME
    legal: tuple[Action, ...] = state.legal_actions()
    choice: Action = game.heuristic_action(state, random.Random(seed))
    obs = state.observation(seat)
    text, size = card_namer(game, state.rules)
    names = {text(c): c for c in range(size)}
    hand = tuple(getattr(obs, "hand", ()) or ())
    card = _card_of(choice, "play", names)
    players = state.rules.players
    if card is None or game.slug not in LEADERS or not isinstance(getattr(obs, "trick", None), tuple):
        if len(legal) == 1:
            rule = _decision_rule(state, choice)
            return Hint(choice, _("your only legal move") + (f": {rule_words(rule)}" if rule else ""), rule)
        rule = _decision_rule(state, choice)
        reason = (rule_words(rule) + "; " if rule else "") + _("the rule-aware player's choice")
        return Hint(choice, reason, rule)
    plays = [p for p in obs.trick if isinstance(p, tuple)]
    forced = _forcing_rule(state, hand, legal, text)
    if len(legal) == 1:
        return Hint(choice, _("your only legal move") + (f": {rule_words(forced)}" if forced else ""), forced)
    allowed = sum(1 for a in legal if _card_of(a, "play", names) is not None)
    prefix = _("{k} of your {n} cards may be played ({rule}); ").format(
        k=allowed, n=len(hand), rule=_id_title(forced)) if forced else ""
    if not plays:
        return Hint(choice, prefix + _lead_reason(game, state.rules, card, [names.get(str(a).partition(" ")[2], -1)
                                                                            for a in legal]))
    cards = {a: names[str(a).partition(" ")[2]] for a in legal if _card_of(a, "play", names) is not None}
    results = {a: _wins(state, seat, c, plays, a) for a, c in cards.items()}
    winners = [a for a, r in results.items() if r[0]]
    leads, ends, rule, who, top = results[choice]
    so_far = _("wins this trick") if ends else _("beats the trick so far")
    if leads:
        if len(winners) == 1:
            reason = _("the only card that {does}").format(does=so_far)
        elif choice == _weakest(state, seat, plays, winners, cards):
            reason = _("the lowest card that {does}").format(does=so_far)
        else:
            reason = _("a card that {does}").format(does=so_far)
        return Hint(choice, prefix + f"{reason} ({rule})", rule)
    best = min(cards.values(), key=lambda c: (game.deck.rank_of[c], c))
    holder = seat_label(who, players, (seat,))
    if not winners:
        keep = _("discard your lowest card") if card == best else _("discard a card you need less")
        reason = _("no card of yours beats {who}'s {card} ({rule}): {keep}").format(
            who=holder, card=text(top), rule=rule, keep=keep)
    else:
        reason = _("stays under {who}'s {card} ({rule}): it does not take the trick").format(
            who=holder, card=text(top), rule=rule)
    return Hint(choice, prefix + reason, rule)


def _id_title(rule: str) -> str:
    """``GH-TRICK-2: must follow``."""
    words = rule_words(rule)
    return f"{rule}: {words[: -len(rule) - 3]}" if words.endswith(f" ({rule})") else rule


def _weakest(state: State[Any, Any], seat: int, plays: Sequence[tuple[Any, int]], winners: Sequence[Action],
             cards: dict[Action, int]) -> Action:
    """Of the moves whose cards all lead the trick, the one whose card the others beat most often."""

    def beaten(a: Action) -> int:
        n = 0
        for b in winners:
            if b != a:
                found = partial_winner(state, [*plays, (seat, cards[a]), ("other", cards[b])])
                n += found is not None and found[0] == "other"
        return n

    return max(winners, key=lambda a: (beaten(a), -cards[a]))


def _lead_reason(game: Any, rules: Any, card: int, cards: Sequence[int]) -> str:
    from rulebook.core import render

    face = render.card_face(game, card, rules)
    same = [c for c in cards if c >= 0 and render.card_face(game, c, rules).suit_index == face.suit_index]
    numbers = [game.deck.rank_of[c] for c in same]
    if len(same) > 1 and game.deck.rank_of[card] == max(numbers):
        which = _("your highest {suit} card").format(suit=_(face.suit))
    elif len(same) > 1 and game.deck.rank_of[card] == min(numbers):
        which = _("your lowest {suit} card").format(suit=_(face.suit))
    elif len(same) == 1:
        which = _("your {suit} card").format(suit=_(face.suit))
    else:
        which = _("a {suit} card").format(suit=_(face.suit))
    return _("you lead this trick: {which}").format(which=which)

