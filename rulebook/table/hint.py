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
from rulebook.reference.words import card_namer, move_text, phase_rule
from rulebook.table.screen import rule_words, seat_label
from rulebook.variants.hooks import HookedState
from rulebook.variants.phases import PhasedState

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
    if isinstance(state, PhasedState):
        if state.active < 0:  # between a variant's added steps: the engine's own moves and reasons
            return hint(state.inner, seed)
        return _phase_hint(state, seed)
    game = type(state).GAME
    legal: tuple[Action, ...] = state.legal_actions()
    choice: Action = game.heuristic_action(state, random.Random(seed))
    if isinstance(state, HookedState) and len(legal) > 1:
        usual = game._game.heuristic_action(state.inner, random.Random(seed))
        if usual not in legal:  # the variant forbids the engine's move: the player chose among the rest at random
            return Hint(choice, _("the variant does not allow the rule-aware player's usual move ({usual}) here; "
                                  "this one is picked at random among the moves it allows").format(
                usual=move_text(str(usual))))
    obs = state.observation(seat)
    text, size = card_namer(game, state.rules)
    names = {text(c): c for c in range(size)}
    hand = tuple(getattr(obs, "hand", ()) or ())
    card = _card_of(choice, "play", names)
    players = state.rules.players
    if card is None or game.slug not in LEADERS or not isinstance(getattr(obs, "trick", None), tuple):
        rule = _decision_rule(state, choice)
        if len(legal) == 1:
            return Hint(choice, _only_move(state, choice, hand), rule)
        why = _REASONS.get(game.slug, _none)(state, seat, choice, obs, text)
        return Hint(choice, why or _("the move the rule-aware player makes here") + (
            f" ({rule_words(rule)})" if rule else ""), rule)
    plays = [p for p in obs.trick if isinstance(p, tuple)]
    forced = _forcing_rule(state, hand, legal, text)
    if len(legal) == 1:
        return Hint(choice, _("your only legal move") + (f": {rule_words(forced)}" if forced else "") if forced
                    else _only_move(state, choice, hand), forced)
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


def _phase_hint(state: PhasedState, seed: int) -> Hint:
    """A move of a variant's added step, as the rule-aware player chooses it
    (:meth:`rulebook.variants.phases.PhasedGame.heuristic_action`): in a draft or an exchange of a game
    that values the pile's items, the dearest kept or the cheapest put back; else at random. The hint
    says which and cites the step's own rule (``PHASE_RULES``: WB-PHASE-3, WB-PHASE-4, ST-PHASE-3)."""
    choice: Action = type(state).GAME.heuristic_action(state, random.Random(seed))
    phase = state.phases[state.active]
    engine = type(state.inner).GAME
    rule = phase_rule(engine.prefix, phase.kind, engine)
    if phase.kind in ("draft", "exchange"):
        element = getattr(phase, "element", "hand")
        valued = getattr(engine, "pile_value", None) is not None
        if phase.kind == "draft":
            what = _("a mission to keep in the draft") if element == "missions" else _("a card to keep in the draft")
            how = (_("the rule-aware player keeps what it deems worth most in hand") if valued else
                   _("the rule-aware player picks one of those dealt to you at random here"))
        else:
            what = (_("a mission to put back in the exchange") if element == "missions"
                    else _("a card to put back in the exchange"))
            how = (_("the rule-aware player puts back what it deems worth least in hand") if valued else
                   _("the rule-aware player picks one of what you hold and drew at random here"))
        return Hint(choice, _("{what}: {how}: {rule}").format(what=what, how=how, rule=rule_words(rule)), rule)
    what = (_("a card to pass in the variant's added step") if phase.kind == "pass"
            else _("a card to show in the variant's added step"))
    reason = _("{what}: the rule-aware player picks one of your cards at random here: {rule}").format(
        what=what, rule=rule_words(rule))
    return Hint(choice, reason, rule)


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



# -- reasons for the decisions that are not a card in a trick ------------------------------------
#
# Each reads the seat's observation (and public facts of the rules), never a hidden card, so a hint
# reads the same in every world the seat cannot tell apart; each follows the rule-aware player's own
# reasoning (the games' ``heuristic.py``) in words.

Reason = Callable[[State[Any, Any], int, Action, Any, Callable[[int], str]], str]


def _none(state: State[Any, Any], seat: int, choice: Action, obs: Any, text: Callable[[int], str]) -> str:
    return ""


def _only_move(state: State[Any, Any], choice: Action, hand: Sequence[int]) -> str:
    """Why the seat has a single move: its last card, or the rule the engine cites against the others."""
    if str(choice).startswith(("play ", "down ")) and len(hand) == 1:
        return _("your only legal move: it is your last card")
    found = [r for r in phase_rules(state) if not r.endswith(("-PLAY-1", "-RULING-4"))]
    if found:
        return _("your only legal move: {rule}").format(rule=rule_words(found[0]))
    return _("your only legal move: nothing else may be done now")


def _suit_name(game: Any, card: int, rules: Any) -> str:
    from rulebook.core import render

    return _(render.card_face(game, card, rules).suit)


def _witches_reason(state: State[Any, Any], seat: int, choice: Action, obs: Any, text: Callable[[int], str]) -> str:
    game = type(state).GAME
    verb, _sep, arg = str(choice).partition(" ")
    hand = tuple(obs.hand)
    if verb == "trump":
        card = next(c for c in range(game.deck.size) if text(c) == arg)
        suit = game.deck.suit_of[card]
        mine = sum(1 for c in hand if game.deck.suit_of[c] == suit)
        return _("{card} as the new trump makes {suit} trump and turns the wheel to {n}: {k} of your {h} cards are "
                 "{suit}, and your hand gains more in the tricks left than the points the card gives up").format(
            card=arg, suit=_suit_name(game, card, state.rules), n=arg[1:], k=mine, h=len(hand))
    if verb == "keep":
        stack = obs.trump_stack
        if not stack:
            return _("no card of this trick would make your hand stronger as the trump than the points it costs")
        suit = game.deck.suit_of[stack[-1]]
        mine = sum(1 for c in hand if game.deck.suit_of[c] == suit)
        return _("keep {card} as the trump: {k} of your {h} cards are {suit}, and no card of this trick would make "
                 "your hand stronger by more than the points it costs").format(
            card=text(stack[-1]), k=mine, h=len(hand), suit=_suit_name(game, stack[-1], state.rules))
    return ""


def _prophecy_plan(state: State[Any, Any], seat: int) -> tuple[int, ...]:
    """The whole prophecy the rule-aware player makes from here (its cubes are the seat's own moves)."""
    game = type(state).GAME
    rng = random.Random(0)
    while state.current_player == seat and all(str(a).startswith("prophesy ") for a in state.legal_actions()):
        state = state.apply(game.heuristic_action(state, rng))
    return tuple(state.observation(seat).own_prophecy)


def _prophecies_reason(state: State[Any, Any], seat: int, choice: Action, obs: Any,
                       text: Callable[[int], str]) -> str:
    verb, _sep, arg = str(choice).partition(" ")
    if verb != "prophesy":
        return ""
    plan = _prophecy_plan(state, seat)
    high = sum(1 for c in obs.hand if text(c)[1:].isdigit() and int(text(c)[1:]) >= 10)
    return _("with {k} high cards (10 or more) among your {h}, your hand calls for the prophecy {plan} (how often "
             "you expect each place, 1 to {n}): cube {i} goes on place {place}").format(
        k=high, h=len(obs.hand), plan=" ".join(map(str, plan)), n=len(plan), i=sum(obs.own_prophecy) + 1,
        place=arg)


def _utsuke_reason(state: State[Any, Any], seat: int, choice: Action, obs: Any, text: Callable[[int], str]) -> str:
    from rulebook.games.utsuke.heuristic import bid_estimate

    verb, _sep, arg = str(choice).partition(" ")
    if verb != "bid":
        return ""
    estimate = bid_estimate(state, seat)  # type: ignore[arg-type]
    return _("the lord's row of {n} cards looks good for about {x} tricks against the cards you hold and the "
             "cards still unseen: bid {bid}").format(n=len(obs.lord_row), x=f"{estimate:.1f}", bid=arg)


def _gods_reason(state: State[Any, Any], seat: int, choice: Action, obs: Any, text: Callable[[int], str]) -> str:
    from rulebook.games.gods_and_humans.heuristic import _expect, _tables

    verb, _sep, arg = str(choice).partition(" ")
    players = state.rules.players
    _power, strong = _tables(state.rules, getattr(state, "trump", None))
    hands = dict(enumerate(obs.human_hands))

    def expected(human: int) -> int:
        held = obs.hand if human == seat else hands.get(human, ())
        return _expect(tuple(held), strong)

    if verb == "oracle":
        who = obs.partners[seat] if seat in obs.gods else seat
        name = seat_label(who, players, (seat,))
        return _("{who} holds {n} of the strongest cards in play, each likely to win a trick: predict {k}").format(
            who=name, n=expected(who), k=arg)
    if verb in ("intervene", "pass"):
        partner = obs.partners[seat]
        need = obs.oracle[partner] - obs.won[partner]
        name = seat_label(partner, players, (seat,))
        if verb == "intervene":
            return _("{who} still needs {need} tricks but its hand looks good for {n}: intervene to steer it").format(
                who=name, need=need, n=expected(partner))
        return _("{who} still needs {need} tricks and its hand looks good for just that: pass").format(
            who=name, need=need)
    if verb == "give":
        from rulebook.table.screen import _gift_to, _View

        to = _gift_to(_View(state, seat))
        if to is None:
            return ""
        name = seat_label(to, players, (seat,))
        if obs.oracle[to] < 0:
            return _("{card} goes to {who}, whose prediction you cannot see: a harmless weak card").format(
                card=arg, who=name)
        high = expected(to) < obs.oracle[to] - obs.won[to]
        partner = obs.partners[seat] == to
        if partner:
            return (_("{card} goes to your partner {who}, who needs more tricks than its hand promises: a strong "
                      "card") if high else _("{card} goes to your partner {who}, whose hand promises enough "
                                             "tricks: a weak card")).format(card=arg, who=name)
        return (_("{card} goes to {who}, whose hand promises too few tricks for its prediction: a weak card keeps it "
                  "short") if high else _("{card} goes to {who}, whose hand promises enough tricks: a strong card "
                                          "pushes it past its prediction")).format(card=arg, who=name)
    return ""


def _saru_reason(state: State[Any, Any], seat: int, choice: Action, obs: Any, text: Callable[[int], str]) -> str:
    from rulebook.games.saru_tori_inu_i import ANIMALS, race_order

    rules = state.rules
    deck = rules.deck
    verb, _sep, arg = str(choice).partition(" ")
    top = race_order(rules.track, obs.positions)[:2]
    leaders = _(", ").join(_(ANIMALS[a]) for a in top)
    column = next((col for col in obs.area if col), ())
    names = {text(c): c for c in range(len(deck))}
    card = names.get(arg)

    def animal(c: int) -> str:
        return _(ANIMALS[deck[c].colour])

    if verb == "play" and card is not None:
        if column and any(deck[c].colour in top for c in column):
            return _("the leftmost oracle card is the {animal}'s colour, and the {animal} runs in the top two "
                     "({leaders}): your strongest card, to take it first").format(
                animal=animal(next(c for c in column if deck[c].colour in top)), leaders=leaders)
        return _("no leftmost oracle card belongs to the top two animals ({leaders}): your weakest card, the strong "
                 "ones are kept for a better card").format(leaders=leaders)
    if verb == "declare":
        return _("declaring {n}, the highest free strength, puts you first to the leftmost oracle card, and you have "
                 "a card to spare this race").format(n=arg)
    if verb == "pair" and card is not None:
        return _("{card} is one of your two weakest cards: it goes with your declaration").format(card=arg)
    if verb == "under":
        k = int(arg) - 1
        if 0 <= k < len(obs.beneath) and not obs.beneath[k]:
            return _("column {k} has nothing beneath it yet").format(k=arg)
        return _("every open column has cards beneath it already: any of them does")
    if verb == "take" and card is not None:
        said = _("{card} is the {animal}'s colour, and the {animal} runs in the top two ({leaders}): acquire it")
        return said.format(card=arg, animal=animal(card), leaders=leaders)
    if verb == "road" and card is not None:
        return _("{card} is the {animal}'s colour, not in the top two ({leaders}): lay it as road to move the "
                 "animals on it").format(card=arg, animal=animal(card), leaders=leaders)
    if verb == "down" and card is not None:
        return _("no card of yours may be played face up: {card} goes face down").format(card=arg)
    if verb == "keep" and card is not None:
        return _("{card} goes into your hand for a later round").format(card=arg)
    return ""


_REASONS: dict[str, Reason] = {
    "witches-of-blackmore": _witches_reason,
    "seven-prophecies": _prophecies_reason,
    "utsuke": _utsuke_reason,
    "gods-and-humans": _gods_reason,
    "saru-tori-inu-i": _saru_reason,
}
