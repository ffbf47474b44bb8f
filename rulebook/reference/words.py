"""Words for people: card texts, seat names, observation fields, rule titles and the reasons
games give for their scores, in the language chosen with ``rulebook.i18n.set_language()``.

Shared by :mod:`rulebook.table.play` (the table in the terminal) and
:mod:`rulebook.reference.narrate` (replays told in words), so that neither imports the other.
Seats are numbered from 1 here (``seat 1`` is seat ``0`` of the API), as are tricks,
rounds and missions; card texts, rule IDs and option names read the same in every language.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from rulebook.core.contract import Game
from rulebook.core.move_words import MOVE_WORDS, move_text, verb_word
from rulebook.i18n import N_, _, ngettext
from rulebook.reference.trace import HEADING, SPEC, spec_rules

__all__ = [
    "CARD_FIELDS",
    "MOVE_WORDS",
    "card_namer",
    "join",
    "known_phrase",
    "move_text",
    "phrase",
    "render_observation",
    "rule_reason",
    "rule_title",
    "seat_name",
    "sentence",
    "spec_sections",
    "typed_move",
    "verb_word",
]

#: Observation fields that hold cards (or tuples of cards, or ``(seat, card)`` pairs).
CARD_FIELDS = frozenset({
    "hand", "human_hands", "future", "aside_up", "lord_row", "young_row", "field", "area", "beneath",
    "road", "removed", "acquired", "captured", "trump_stack", "known_in_hands", "plays", "trick",
    "last_trick", "tricks",
})
#: Fields of a trick: a tuple of ``(seat, card)`` pairs, or of cards.
TRICK_FIELDS = frozenset({"trick", "last_trick"})
#: Fields that hold a suit index (shown by the suit's name).
SUIT_FIELDS = frozenset({"trump_suit", "trump"})
#: Fields not worth showing (the seat itself is in the heading).
SKIP_FIELDS = frozenset({"seat"})


# -- cards and seats ------------------------------------------------------------------


def card_namer(game: Game[Any, Any, Any], rules: Any) -> tuple[Callable[[int], str], int]:
    """``(text_of(card), deck size)`` for ``game`` under ``rules``.

    Uses ``game.card_text``; games whose cards are data (Saru Tori Inu I's deck
    in ``rules.deck``) name cards by that data; the module's ``DECK`` otherwise.
    """
    deck = getattr(rules, "deck", None)
    if isinstance(deck, tuple) and deck and hasattr(deck[0], "name"):
        names = tuple(str(getattr(c, "name", "") or f"#{i}") for i, c in enumerate(deck))
        return (lambda c: names[c]), len(names)
    try:
        game.card_text(0)
        size = int(game.deck.size)
        return game.card_text, size
    except (AttributeError, NotImplementedError, ValueError):
        pass
    module_deck = getattr(sys.modules.get(type(game).__module__), "DECK", None)
    if module_deck is not None and hasattr(module_deck, "text"):
        return module_deck.text, int(module_deck.size)
    return str, 0


#: The names a record of play gives places that are no seat (UTSUKE's lord and young lord).
_NPC = {"lord": N_("the lord"), "young lord": N_("the young lord")}


def seat_name(seat: Any, players: int, you: Iterable[int] = ()) -> str:
    """``seat 3`` for seat ``2`` (``you (seat 3)`` for a human seat); UTSUKE's lord (place
    ``players``, or ``"lord"`` in a record) is ``the lord``, the young lord ``the young lord``.

    >>> seat_name(2, 4), seat_name(0, 4, you=(0,)), seat_name(4, 4), seat_name("young lord", 2)
    ('seat 3', 'you (seat 1)', 'the lord', 'the young lord')
    """
    if isinstance(seat, str):
        return _(_NPC[seat]) if seat in _NPC else seat
    if isinstance(seat, int) and not isinstance(seat, bool):
        if 0 <= seat < players:
            if seat in set(you):
                return _("you (seat {number})").format(number=seat + 1)
            return _("seat {number}").format(number=seat + 1)
        if seat == players:
            return _("the lord")
        if seat == players + 1:
            return _("the young lord")
        return _("player {number}").format(number=seat + 1)
    return str(seat)


def sentence(text: str) -> str:
    """``text`` with a capital first letter (a sentence that starts with a seat's name)."""
    return text[:1].upper() + text[1:]


def join(items: Iterable[str]) -> str:
    """Items of a list in running text: ``a, b, c`` (``a、b、c`` in Japanese)."""
    # TRANSLATORS: the separator between the items of a list in running text
    return _(", ").join(items)


# -- moves ------------------------------------------------------------------------------

# the words of the moves (MOVE_WORDS, verb_word, move_text) live with the boards that show them too
def typed_move(entry: str) -> str:
    """A move as typed, in either language, in the record's words: ``出す B5``, ``出すB5`` and
    ``play B5`` are all ``play B5``; full-width letters, digits and spaces count as their ASCII forms."""
    import unicodedata

    entry = " ".join(unicodedata.normalize("NFKC", entry).split())
    for verb in sorted(MOVE_WORDS, key=lambda v: -len(verb_word(v))):
        word = verb_word(verb)
        if word != verb and entry.startswith(word):
            rest = entry[len(word):].strip()
            return f"{verb} {rest}".strip()
    return entry


# -- rendering ------------------------------------------------------------------------


def _cards(value: Any, text: Callable[[int], str], size: int) -> str:
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return text(value) if 0 <= value < size else str(value)
    if isinstance(value, tuple):
        return "[" + " ".join(_cards(v, text, size) for v in value) + "]" if value else "-"
    return str(value)


def _is_pairs(value: Any) -> bool:
    return isinstance(value, tuple) and all(
        isinstance(p, tuple) and len(p) == 2 and all(isinstance(x, int) for x in p) for p in value
    )


def _field_text(name: str, value: Any, text: Callable[[int], str], size: int, players: int,
                you: Sequence[int]) -> str:
    if name in TRICK_FIELDS and _is_pairs(value) and value:
        return ", ".join(f"{seat_name(s, players, you)}: {text(c) if 0 <= c < size else c}" for s, c in value)
    if name not in CARD_FIELDS:
        if isinstance(value, tuple) and not value:
            return "-"
        return str(value)
    if name == "tricks" and not all(isinstance(t, tuple) and all(isinstance(x, int) for x in t) for t in value):
        return str(value)
    if name in ("human_hands", "known_in_hands", "captured", "area", "beneath", "acquired", "plays") and isinstance(
        value, tuple
    ) and value and all(isinstance(v, tuple) for v in value):
        return "; ".join(f"{i}: {_cards(v, text, size)}" for i, v in enumerate(value, 1))
    return _cards(value, text, size)


def render_observation(game: Game[Any, Any, Any], rules: Any, observation: Any,
                       you: Sequence[int] = ()) -> list[tuple[str, str]]:
    """``(field, text)`` for every field of ``observation``, cards as card texts.

    Generic: it reads the observation's attrs fields, so it works for every game
    and shows exactly what the observation holds, nothing from the state.
    """
    if attrs.has(type(observation)) and hasattr(observation, "engine") and hasattr(observation, "gave"):
        return _phased_observation(game, rules, observation, you)
    text, size = card_namer(game, rules)
    players = rules.players
    deck = getattr(sys.modules.get(type(game).__module__), "DECK", None)
    suits: tuple[tuple[str, str], ...] = getattr(deck, "suits", ())
    out = []
    for f in attrs.fields(type(observation)):
        if f.name in SKIP_FIELDS:
            continue
        value = getattr(observation, f.name)
        if f.name in SUIT_FIELDS and type(value) is int and 0 <= value < len(suits):
            shown = f"{_(suits[value][0])} ({suits[value][1]})"
        else:
            shown = _field_text(f.name, value, text, size, players, you)
        out.append((_(f.name.replace("_", " ")), shown))
    return out


def _phased_observation(game: Game[Any, Any, Any], rules: Any, obs: Any, you: Sequence[int],
                        base: Callable[..., list[tuple[str, str]]] | None = None) -> list[tuple[str, str]]:
    """A seat's view with a variant's added steps (:class:`rulebook.variants.phases.PhasedObservation`):
    the engine's view, then the added step in progress, the seat's choice, how many have chosen, the
    choices made openly, what the seat gave and received this round and the cards shown."""
    engine = getattr(game, "_game", game)  # the game under the added steps
    out = (base or render_observation)(engine, rules, obs.engine, you)  # base: the seat view in words
    text, size = card_namer(engine, rules)
    players = rules.players

    def cards(cs: Sequence[int]) -> str:
        return _cards(cs, text, size) if cs else "-"

    element = next((e for e, _items in obs.returned), next(iter(getattr(engine, "PILES", {})), "hand"))
    steps = {"pass": _("passing cards"), "reveal": _("showing cards"), "draft": _("a draft from a pile"),
             "exchange": _("an exchange with a pile")}
    out.append((_("added step"), steps.get(obs.phase, "-")))
    if obs.phase:
        piled = obs.phase in ("draft", "exchange")
        own = pile_items(game, rules, element, obs.own) if piled and obs.own else cards(obs.own)
        out.append((_("your choice"), own))
        out.append((_("players who have chosen"), str(obs.chosen)))
        if any(obs.open):
            out.append((_("chosen openly"), join(f"{seat_name(s, players, you)} {cards(c)}"
                                                 for s, c in enumerate(obs.open) if c)))
    if obs.gave:
        out.append((_("you passed"), join(_("{cards} to {seat}").format(cards=cards(c), seat=seat_name(r, players, you))
                                          for r, c in obs.gave)))
    if obs.got:
        out.append((_("you received"), join(_("{cards} from {seat}").format(cards=cards(c),
                                                                          seat=seat_name(g, players, you))
                                            for g, c in obs.got)))
    if any(obs.shown):
        out.append((_("cards shown"), join(f"{seat_name(s, players, you)} {cards(c)}"
                                           for s, c in enumerate(obs.shown) if c)))
    if obs.drawn:  # WB-PHASE-3, WB-PHASE-4, ST-PHASE-3: only the seat's own draw and returns, by name
        out.append((_("you drew"), pile_items(game, rules, element, obs.drawn)))
    if obs.returned:
        out.append((_("you put back"), join(pile_items(game, rules, e, items) for e, items in obs.returned)))
    if obs.returns:
        out.append((_("put back face down"), join(_("{who} ({count})").format(
            who=seat_name(s, players, you), count=pile_count(element, k)) for s, k in enumerate(obs.returns) if k)))
    return out


def pile_item(game: Any, rules: Any, element: str, item: int, *, wording: bool = False) -> str:
    """An item of a pile a variant's draft or exchange deals from (:mod:`rulebook.variants.piles`), for
    people: a card of the hand's pile by its text (``O5``); a Saru Tori Inu I mission as its move names
    it (``mission 3``, its place in the game's list from 1), with ``wording`` followed by what it asks.

    >>> import rulebook
    >>> saru = rulebook.get_game("saru-tori-inu-i")
    >>> pile_item(saru, saru.Rules(), "missions", 2, wording=True)[:60]
    'mission 3 (race: 12 points if the bird finishes 1st and the '
    """
    engine = getattr(game, "_game", game)
    if element == "hand":
        return card_namer(engine, rules)[0](item)
    name = _("mission {n}").format(n=item + 1) if element == "missions" else str(item + 1)
    missions = getattr(rules, "missions", ())
    if wording and element == "missions" and 0 <= item < len(missions):
        from rulebook.games.saru_tori_inu_i.render import mission_text

        return _("{mission} ({wording})").format(mission=name, wording=mission_text(missions[item]))
    return name


def pile_items(game: Any, rules: Any, element: str, items: Iterable[int], *, wording: bool = False) -> str:
    """Items of a pile for people: cards as a row (``O1 O5``), missions in running text."""
    named = [pile_item(game, rules, element, c, wording=wording) for c in items]
    if element == "hand":
        return " ".join(named)
    if len(named) < 2:
        return join(named)
    # TRANSLATORS: the last two items of a list in running text ("mission 2 and mission 5")
    return _("{items} and {last}").format(items=join(named[:-1]), last=named[-1])


def pile_count(element: str, n: int) -> str:
    """``2 cards``, ``1 mission``: how many items of a pile, for people."""
    if element == "missions":
        return (_("{n} mission") if n == 1 else _("{n} missions")).format(n=n)
    return (_("{n} card") if n == 1 else _("{n} cards")).format(n=n)


def pile_name(element: str) -> str:
    """The pile a draft or exchange deals from, for people."""
    return _("the missions not dealt") if element == "missions" else _("the draw pile")


# -- the spec -------------------------------------------------------------------------


def spec_sections(slug: str) -> list[tuple[str, list[tuple[str, str, str]]]]:
    """The sections of ``spec/<slug>.md``: ``(heading, [(rule ID, title, first paragraph)])``.

    Read from the spec installed with the package; empty for a slug without one.
    """
    try:
        lines = (SPEC / f"{slug}.md").read_text(encoding="utf-8").splitlines()
    except (FileNotFoundError, OSError):
        return []
    sections: list[tuple[str, list[tuple[str, str, str]]]] = []
    current: list[str] | None = None  # [id, title, first paragraph]
    for line in [*lines, "## "]:
        m = HEADING.match(line)
        if (line.startswith("## ") or m) and current is not None and sections:
            sections[-1][1].append((current[0], current[1], current[2]))
            current = None
        if line.startswith("## "):
            sections.append((line[3:].strip(), []))
        elif m:
            current = [m["id"], m["title"], ""]
        elif current is not None and line.strip() and not current[2].endswith("\n"):
            current[2] = (current[2] + " " + line.strip()).strip()
        elif current is not None and not line.strip() and current[2]:
            current[2] += "\n"
    for _heading, rules in sections:
        rules[:] = [(r, t, b.strip()) for r, t, b in rules]
    return sections


def phase_rule(prefix: str, kind: str, game: Any = None) -> str:
    """The spec rule of a variant's added step of ``kind`` (``pass``, ``reveal``, ``draft``,
    ``exchange``) in the game whose rule IDs start with ``prefix``: the rule ``game`` names for that
    kind (``PHASE_RULES`` on its class), else its rule on passing or on showing cards, else its rule on
    added steps.

    >>> phase_rule("UT", "pass"), phase_rule("UT", "reveal"), phase_rule("WB", "pass")
    ('UT-PHASE-2', 'UT-PHASE-4', 'WB-PHASE-1')
    >>> import rulebook
    >>> phase_rule("WB", "exchange", rulebook.get_game("witches-of-blackmore"))
    'WB-PHASE-4'
    """
    numbers = getattr(getattr(game, "_game", game), "PHASE_RULES", {})
    if kind in numbers:
        return f"{prefix}-PHASE-{int(numbers[kind])}"
    words = "Passing cards" if kind == "pass" else "Showing cards"
    for n in (2, 3, 4):
        found = spec_rules().get(f"{prefix}-PHASE-{n}")
        if found is not None and found.title == words:
            return f"{prefix}-PHASE-{n}"
    return f"{prefix}-PHASE-1"


#: Rules whose spec title reads as code (``Places 1 to P``) or names only the question (``Winning a trick``):
#: what decided the trick, in words, wherever a trick's winner is told (the table, the replays).
_TITLES = {
    "SP-RANK-1": N_("the future card's suit ranks highest"),
    "SP-RANK-2": N_("no future suit: the highest number"),
    "SP-RANK-3": N_("equal numbers: the later card"),
    # a title that names the question ("winning a trick") says nothing of why this card won
    "UT-TRICK-1": N_("the highest trump, else the highest card of the suit led"),
    "UT-TRICK-3": N_("no trumps: highest of the suit led"),
    "UT-TRICK-4": N_("the lowest trump, else the lowest card of the suit led"),
    "GH-TRICK-3": N_("no trump: highest of the colour led"),
    "WB-TRICK-2": N_("several trumps: the strongest on the wheel"),
}


#: UTSUKE's trick rules that name both of their cases: the case this trick took (a trump, or the suit led)
_CASES = {"UT-TRICK-1": (N_("the highest trump"), N_("the highest of the suit led")),
          "UT-TRICK-4": (N_("the lowest trump"), N_("the lowest of the suit led"))}


def rule_reason(rule: str, trick: Any = None, game: Any = None) -> str:
    """Why a trick went as it did, by the rule that decided it: its words (:data:`_TITLES`) or its title;
    given the trick and its game, the case of the rule it took (UTSUKE: a trump won, or the suit led).

    >>> rule_reason("UT-TRICK-1"), rule_reason("WB-TRICK-3")
    ('the highest trump, else the highest card of the suit led', "No trump: the leader's colour")
    """
    deck = getattr(game, "deck", None)
    if rule in _CASES and trick is not None and deck is not None and trick.plays:
        led, won = deck.suit_of[trick.plays[0][1]], deck.suit_of[trick.winning_card]
        return _(_CASES[rule][0] if won != led else _CASES[rule][1])  # another suit than the led one: a trump
    return _(_TITLES[rule]) if rule in _TITLES else rule_title(rule)


def rule_title(rule: str) -> str:
    """The one-line title of spec rule ``rule`` (``""`` for an ID no spec defines), in the
    language shown: the catalog holds each spec heading ``ID · title`` with the translation
    the Japanese rule reference gives it.

    >>> rule_title("WB-PLAY-1")
    'Playing cards'
    """
    found = spec_rules().get(rule)
    if found is None:
        return ""
    prefix = f"{rule} · "
    heading = _(prefix + found.title)
    return heading[len(prefix):] if heading.startswith(prefix) else found.title


# -- the reasons games give -------------------------------------------------------------------

#: Reasons and round ends the games write in their records (``ScoreChange.reason``,
#: ``RoundRecord.end``) as fixed texts, translated as they are.
FIXED_PHRASES = frozenset({
    N_("every hand was played out"),
    N_("the set number of tricks was played"),
    N_("a player reached the target score"),
    N_("the humans' hands are empty"),
    N_("fulfilled the seven prophecies"),
    N_("fulfilled the seven prophecies: a success"),
    N_("no score goes below 0"),
    N_("ten tricks were played without a seventh cube"),
    N_("the round's cards were played; the lord moves on"),
    # a variant's logic (rulebook.core.logic): its counters and its endings
    N_("changed by the variant's rules"),
    N_("the variant's counters"),
    N_("the variant's rules ended the game"),
    N_("the variant's rules at the race's end"),
    N_("the variant's rules during the race"),
    N_("the round's cards were played; the variant ended the game"),
})

#: Words inside the reasons of Saru Tori Inu I: colours, animals and finishing places.
_WORDS = {
    "red": N_("red"), "blue": N_("blue"), "yellow": N_("yellow"), "black": N_("black"),
    "monkey": N_("monkey"), "dog": N_("dog"), "bird": N_("bird"), "boar": N_("boar"),
    "1st": N_("1st"), "2nd": N_("2nd"), "3rd": N_("3rd"), "4th": N_("4th"),
}

_Say = Callable[["re.Match[str]", int], str]


def _word(text: str) -> str:
    return _(_WORDS[text]) if text in _WORDS else text


def _seats(numbers: str, players: int) -> str:
    """``0, 2`` (API seats) as ``seat 1, seat 3``."""
    return join(seat_name(int(n), players) for n in re.split(r",\s*| and ", numbers) if n.strip().isdigit())


#: A collected-cards mission's condition (ST-SCORE-4), as its record names it, in words.
_CONDITIONS = {"always": N_("always"), "animal_place": N_("an animal's place"),
               "colour_first": N_("1st in a colour"), "every_colour": N_("every colour")}


def _who(text: str, players: int) -> str:
    """``seat 0 and seat 2`` (API seats) as ``seat 1, seat 3``."""
    return join(seat_name(int(n), players) for n in re.findall(r"seat (\d+)", text))


def _stars(m: re.Match[str]) -> str:
    return _(": no stars") if m["stars"] else ""


def _predicted(m: re.Match[str], players: int) -> str:
    n, won = int(m["o"]), int(m["w"])
    said = ngettext("predicted {predicted} trick and won {won}", "predicted {predicted} tricks and won {won}", n)
    return said.format(predicted=n, won=won) + _stars(m)


def _partner(m: re.Match[str], players: int) -> str:
    n, won = int(m["o"]), int(m["w"])
    said = ngettext("its partner, {seat}, predicted {predicted} trick and won {won}",
                    "its partner, {seat}, predicted {predicted} tricks and won {won}", n)
    return said.format(seat=seat_name(int(m["s"]), players), predicted=n, won=won) + _stars(m)


def _colour_cards(m: re.Match[str], players: int) -> str:
    n = int(m["n"])
    cards = ngettext("{count} {colour} card (strength {strength})", "{count} {colour} cards (strength {strength})", n)
    return _("{cards}, {place} in {colour}, the {animal} {race_place} in the race").format(
        cards=cards.format(count=n, colour=_word(m["colour"]), strength=m["s"]), place=_word(m["place"]),
        colour=_word(m["colour"]), animal=_word(m["animal"]), race_place=_word(m["race_place"]),
    )


#: The reasons and round ends the games compose, as patterns of their English text (the API's
#: numbers, from 0) and the words for people (numbered from 1, plural where it is plural).
#: tests/test_i18n.py checks that every reason of whole games of every game is found here.
PHRASES: tuple[tuple[re.Pattern[str], _Say], ...] = tuple((re.compile(p), say) for p, say in (
    (r"a variant's rule ended the game after round (?P<n>\d+) of race (?P<r>\d+)",
     lambda m, p: _("a variant's rule ended the game after round {number} of race {race}").format(
         number=int(m["n"]), race=int(m["r"]))),
    (r"the variant ended the game after trick (?P<n>\d+) of the deal",
     lambda m, p: _("the variant ended the game after trick {number} of the deal").format(number=int(m["n"]))),
    (r"the variant ended the game after trick (?P<n>\d+) of the round; the round is not scored",
     lambda m, p: _("the variant ended the game after trick {number} of the round; the round is not scored").format(
         number=int(m["n"]))),
    (r"(?P<end>.+); then a variant's rule ended the game",
     lambda m, p: _("{end}; then a variant's rule ended the game").format(end=phrase(m["end"], p))),
    (r"captured trick (?P<n>\d+)",
     lambda m, p: _("captured trick {number}").format(number=int(m["n"]) + 1)),
    (r"laid (?P<card>\S+) on the trump stack",
     lambda m, p: _("laid {card} on the trump stack").format(card=m["card"])),
    (r"(?P<n>\d+) cubes? left on prophecy cards",
     lambda m, p: ngettext("{count} cube left on prophecy cards", "{count} cubes left on prophecy cards",
                           int(m["n"])).format(count=int(m["n"]))),
    (r"moved (?P<n>\d+) cubes onto played cards",
     lambda m, p: ngettext("moved {count} cube onto played cards", "moved {count} cubes onto played cards",
                           int(m["n"])).format(count=int(m["n"]))),
    (r"(?P<who>seat \d+(?: and seat \d+)*) fulfilled the seven prophecies in trick (?P<n>\d+)",
     lambda m, p: _("{seats} fulfilled the seven prophecies in trick {number}").format(
         seats=_who(m["who"], p), number=m["n"])),
    (r"fulfilled all (?P<n>\d+) prophecies",
     lambda m, p: ngettext("fulfilled the {count} prophecy", "fulfilled all {count} prophecies", int(m["n"])).format(
         count=int(m["n"]))),
    (r"fulfilled all (?P<n>\d+) prophecies: a success",
     lambda m, p: ngettext("fulfilled the {count} prophecy: a success", "fulfilled all {count} prophecies: a success",
                           int(m["n"])).format(count=int(m["n"]))),
    (r"(?P<who>seat \d+(?: and seat \d+)*) fulfilled all (?P<c>\d+) prophecies in trick (?P<n>\d+)",
     lambda m, p: ngettext("{seats} fulfilled the {count} prophecy in trick {number}",
                           "{seats} fulfilled all {count} prophecies in trick {number}", int(m["c"])).format(
         seats=_who(m["who"], p), count=int(m["c"]), number=m["n"])),
    (r"(?P<n>\d+) tricks were played without a last cube",
     lambda m, p: ngettext("{count} trick was played without a last cube",
                           "{count} tricks were played without a last cube", int(m["n"])).format(count=int(m["n"]))),
    (r"bid (?P<b>\d+), the lord took (?P<l>\d+): exact",
     lambda m, p: _("bid {bid}, the lord took {took}: exact").format(bid=m["b"], took=m["l"])),
    (r"bid (?P<b>\d+), the lord took (?P<l>\d+): closest",
     lambda m, p: _("bid {bid}, the lord took {took}: closest").format(bid=m["b"], took=m["l"])),
    (r"the round's cards were played; seats (?P<s>[\d, ]+) reached (?P<n>\d+) execution chips and lose",
     lambda m, p: ngettext("the round's cards were played; {seats} reached {count} execution chip and lose",
                           "the round's cards were played; {seats} reached {count} execution chips and lose",
                           int(m["n"])).format(seats=_seats(m["s"], p), count=int(m["n"]))),
    (r"the round's cards were played; seats (?P<s>[\d, ]+) reached (?P<n>\d+) honour: the game ends",
     lambda m, p: _("the round's cards were played; {seats} reached {count} honour: the game ends").format(
         seats=_seats(m["s"], p), count=m["n"])),
    (r"the round's cards were played; that was round (?P<r>\d+) of (?P<of>\d+): the game ends",
     lambda m, p: _("the round's cards were played; that was round {number} of {rounds}: the game ends").format(
         number=m["r"], rounds=m["of"])),
    (r"its partner, seat (?P<s>\d+), predicted (?P<o>\d+) tricks and won (?P<w>\d+)(?P<stars>: no stars)?",
     _partner),
    (r"predicted (?P<o>\d+) tricks and won (?P<w>\d+)(?P<stars>: no stars)?", _predicted),
    (r"(?P<n>\d+) (?P<colour>\w+) card\(s\) \(strength (?P<s>\d+)\), (?P<place>\w+) in (?P=colour), "
     r"the (?P<animal>\w+) (?P<race_place>\w+) in the race", _colour_cards),
    (r"race mission (?P<i>\d+): (?P<t>\d+) of (?P<of>\d+) tier\(s\) hold",
     lambda m, p: ngettext("race mission {number}: {held} of {count} tier holds",
                           "race mission {number}: {held} of {count} tiers hold", int(m["of"])).format(
         number=int(m["i"]) + 1, held=m["t"], count=int(m["of"]))),
    (r"collected-cards mission (?P<i>\d+) \((?P<c>\w+)\): (?P<n>\d+) card\(s\) at (?P<per>\d+) each",
     lambda m, p: ngettext("collected-cards mission {number} ({condition}): {count} card at {points} each",
                           "collected-cards mission {number} ({condition}): {count} cards at {points} each",
                           int(m["n"])).format(number=int(m["i"]) + 1, count=int(m["n"]), points=m["per"],
                                               condition=_(_CONDITIONS[m["c"]]) if m["c"] in _CONDITIONS else m["c"])),
    (r"no seat had a card left after (?P<n>\d+) round\(s\)",
     lambda m, p: ngettext("no seat had a card left after {count} round",
                           "no seat had a card left after {count} rounds", int(m["n"])).format(count=int(m["n"]))),
    (r"(?P<n>\d+) rounds were played",
     lambda m, p: ngettext("{count} round was played", "{count} rounds were played", int(m["n"])).format(
         count=int(m["n"]))),
))


#: the printed number of prophecies (cubes) a Seven Prophecies record's phrases name (SP-PROPH-1)
_PRINTED_CUBES = 7
_SEVEN = re.compile(r"fulfilled the seven prophecies")


def follow_options(text: str, rules: Any) -> str:
    """A reason or round end from the records with the figures the options change: Seven Prophecies
    with other than seven cubes (``cubes``, SP-PROPH-1) fulfils all of its prophecies, not "the seven".

    >>> import rulebook
    >>> sp = rulebook.get_game("seven-prophecies")
    >>> follow_options("seat 0 fulfilled the seven prophecies in trick 8", sp.Rules(cubes=6))
    'seat 0 fulfilled all 6 prophecies in trick 8'
    >>> follow_options("fulfilled the seven prophecies", sp.Rules())
    'fulfilled the seven prophecies'
    """
    cubes = getattr(rules, "cubes", _PRINTED_CUBES)
    if type(cubes) is not int or cubes == _PRINTED_CUBES or "seven" not in text:
        return text
    return _SEVEN.sub(f"fulfilled all {cubes} prophecies", text)


def phrase(text: str, players: int, rules: Any = None) -> str:
    """A reason or round end a game wrote in its records, in words for people.

    The records keep the API's numbers (seats, tricks and missions from 0); people read
    them from 1, with plurals, in the language shown. A text no pattern knows is shown as
    it is.

    >>> phrase("captured trick 0", 3), phrase("predicted 1 tricks and won 0: no stars", 4)
    ('captured trick 1', 'predicted 1 trick and won 0: no stars')

    ``rules``: the rules played, so that the figures named follow the options (:func:`follow_options`).
    """
    if rules is not None:
        text = follow_options(text, rules)
    if text in FIXED_PHRASES:
        return _(text)
    for pattern, say in PHRASES:
        m = pattern.fullmatch(text)
        if m:
            return say(m, players)
    return text


def known_phrase(text: str) -> bool:
    """Whether :func:`phrase` knows ``text`` (a test checks every reason of whole games)."""
    return text in FIXED_PHRASES or any(p.fullmatch(text) for p, _say in PHRASES)
