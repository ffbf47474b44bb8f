"""Phases a variant adds to a game's round, from a small library shared by every game.

A game names its printed round as ``PHASES`` (:mod:`rulebook.core.phases`) and gives a small
adapter on its game class: ``phase_at(state)`` (the printed phase whose first decision is next),
``hands_of(state)``, ``with_hands(state, hands)``, ``pass_seats(state)`` and ``round_of(state)``.
A variant's added phase goes ``before`` one of the printed phases, at every round:

:class:`PassCards`
    each seat taking part (``pass_seats``: UTSUKE's lord neither passes nor receives) chooses
    ``cards`` cards of its hand and passes them to the seat ``to`` names among those taking part
    (``left``: the next seat, ``right``: the one before, ``across``, or a whole number of places
    onwards). With ``turns = "secret"`` (the default) the choices are hidden until the cards
    move; with ``"in_turn"`` every seat sees each choice as it is made. ``starts`` says who
    chooses first: ``game`` (who starts the printed phase), ``seat:N`` (from 1),
    ``lowest_score``, ``highest_score`` or ``last_winner`` (of the last trick).
:class:`RevealCards`
    each seat taking part chooses ``cards`` cards of its hand (``show R7``); once all have chosen,
    they are shown to every seat and stay public while in a hand, until the next deal (a shown card
    passed later is passed face up). ``turns`` and ``starts`` as above.
:class:`~rulebook.variants.piles.DraftCards` and :class:`~rulebook.variants.piles.ExchangeCards`
    deal from a pile the game names in ``PILES`` (``element``): a draft deals each seat ``cards``
    items and it keeps ``keep`` (``keep R7``), an exchange gives each seat the top ``cards`` items
    and it returns as many (``return R7``); what goes back lies face down at the bottom of the pile
    (:mod:`rulebook.variants.piles`). Both are taken in turn from the starter, in secret.

With added phases :meth:`Variant.new_game <rulebook.variants.variant.Variant.new_game>` returns a
:class:`PhasedState`, the state contract over the engine's state (:attr:`PhasedState.inner`):
while an added phase runs it offers :class:`~rulebook.core.phases.PassCard`,
:class:`~rulebook.core.phases.ShowCard`, :class:`~rulebook.core.phases.KeepCard` or
:class:`~rulebook.core.phases.ReturnCard` moves (``pass R7``, ``show R7``, ``keep R7``, ``return R7``;
their ids follow the game's own action table: the passes, then the shows, one per card, then per pile
the keeps and the returns, one per item), and when every seat has chosen it moves the cards and resumes
the engine. A seat's observation is the engine's plus its own choice, how many seats have chosen, what
it gave and received this round, the cards shown, what it drew and returned to a pile and how many
items each seat returned; never another seat's secret choice.

Play hooks compose with added steps (:mod:`rulebook.variants.hooks`): the hooked state wraps the
phased state, the ``legal`` hook filters the engine's moves only (never a step's), ``game_over`` is
asked at every state, seats that play by a rule choose in the steps by their policy, and the
variant's own moves are made outside the steps. ``docs/examples/pass_and_unbroken_trumps.py``
passes a card left and forbids leading a trump before one is played.

>>> import rulebook
>>> from rulebook.variants.variant import Variant
>>> game = rulebook.get_game("utsuke")
>>> v = Variant(game, game.Rules(players=4), phases=(PassCards(before="bid", cards=1, to="left"),))
>>> state = v.new_game(seed=1)
>>> state.current_player, str(state.legal_actions()[0])
(0, 'pass A2')
>>> while state.active >= 0:  # every seat passes the first card of its hand
...     state = state.apply(state.legal_actions()[0])
>>> [str(a) for a in state.history], game.parse_card("A2") in state.inner.hands[1]
(['pass A2', 'pass A7', 'pass A10', 'pass A1'], True)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs

from rulebook.core.contract import Game, State, check_rng, log_actions, register_general_path
from rulebook.core.model import Content
from rulebook.core.phases import Choose, Done, KeepCard, PassCard, ReturnCard, ShowCard, register_phases
from rulebook.errors import IllegalAction, RulebookError
from rulebook.variants import choose, piles, steps, zones
from rulebook.variants.choose import ChooseStep
from rulebook.variants.piles import DraftCards, ExchangeCards, _placed

__all__ = ["KINDS", "AddedPhase", "DraftCards", "ExchangeCards", "InvalidPhase", "PassCards", "PhasedGame",
           "PhasedObservation", "PhasedState", "RevealCards",
           "check_phases", "phase_from_table", "phased_state"]

#: the kinds of added phase a variant may name
KINDS = ("pass", "reveal", "exchange", "draft", "choose")
DIRECTIONS = ("left", "right", "across")
STARTS = ("game", "lowest_score", "highest_score", "last_winner")
#: the adapter methods a game needs for added phases
ADAPTER = ("phase_at", "hands_of", "with_hands", "pass_seats", "round_of")


class InvalidPhase(RulebookError, ValueError):
    """An added phase the game cannot play: the message names the field (``phases[1].to: ...``)."""


@attrs.frozen
class PassCards:
    """An added phase: each seat taking part passes ``cards`` cards to the seat ``to`` names (see the
    module doc), ``before`` the printed phase of that name, at every round."""

    before: str = ""
    cards: int = 1
    to: str | int = "left"
    turns: str = "secret"
    starts: str = "game"
    #: the step's place in the program (rulebook.variants.steps): ``before`` or ``after`` a step, ``at``
    #: its number (0: every time); ``by``: who takes it (``seat:N``, ``role:NAME``; "": every seat)
    after: str = ""
    at: int = 0
    by: str = ""
    kind: ClassVar[str] = "pass"

    def describe(self) -> dict[str, Any]:
        return _placed(self, {"kind": "pass", "before": self.before, "cards": self.cards, "to": self.to,
                              "turns": self.turns, "starts": self.starts})


@attrs.frozen
class RevealCards:
    """An added phase: each seat taking part chooses ``cards`` cards of its hand and, once every seat
    has chosen, shows them to all: they stay public while in a hand, until the next deal
    (UT-PHASE-4). ``before``, ``turns`` and ``starts`` as for :class:`PassCards`."""

    before: str = ""
    cards: int = 1
    turns: str = "secret"
    starts: str = "game"
    #: the step's place in the program (rulebook.variants.steps): ``before`` or ``after`` a step, ``at``
    #: its number (0: every time); ``by``: who takes it (``seat:N``, ``role:NAME``; "": every seat)
    after: str = ""
    at: int = 0
    by: str = ""
    kind: ClassVar[str] = "reveal"

    def describe(self) -> dict[str, Any]:
        return _placed(self, {"kind": "reveal", "before": self.before, "cards": self.cards, "turns": self.turns,
                              "starts": self.starts})


#: an added phase of the library
AddedPhase = PassCards | RevealCards | DraftCards | ExchangeCards | ChooseStep
_CLASSES_ADDED = (PassCards, RevealCards, DraftCards, ExchangeCards, ChooseStep)


def _field(index: int, name: str) -> str:
    return f"phases[{index + 1}].{name}"


def check_phases(game: Game[Any, Any, Any], phases: Sequence[Any]) -> tuple[AddedPhase, ...]:
    """``phases`` as a tuple, if the game can play each (else :class:`InvalidPhase` naming the field)."""
    if not isinstance(phases, (tuple, list)):
        raise InvalidPhase(f"phases: must be a list of added phases, not {type(phases).__name__}")
    for i, phase in enumerate(phases):
        if not isinstance(phase, _CLASSES_ADDED):
            raise InvalidPhase(f"phases[{i + 1}]: must be an added phase (PassCards, RevealCards, DraftCards, "
                               f"ExchangeCards or ChooseStep), not {type(phase).__name__}")
        if not all(callable(getattr(game, m, None)) for m in ADAPTER):
            raise InvalidPhase(f"{_field(i, 'kind')}: {game.slug} cannot play added phases yet")
        if phase.kind not in (*getattr(game, "ADDED_PHASES", ("pass",)), "choose"):
            raise InvalidPhase(f"{_field(i, 'kind')}: {game.slug} does not play {phase.kind} phases yet (it plays: "
                               f"{', '.join(getattr(game, 'ADDED_PHASES', ('pass',)))}, choose)")
        steps.check_place(game, phase.before, phase.after, phase.at, phase.by, functools.partial(_field, i),
                          InvalidPhase)
        if isinstance(phase, ChooseStep):
            choose.check(game, phase, i, InvalidPhase)
            continue
        if type(phase.cards) is not int or not 1 <= phase.cards <= 60:
            raise InvalidPhase(f"{_field(i, 'cards')}: must be a whole number from 1, not {phase.cards!r:.40}")
        if isinstance(phase, (DraftCards, ExchangeCards)):
            piles.check(game, phase, i, InvalidPhase)
        to = phase.to if isinstance(phase, PassCards) else "left"
        if not (to in DIRECTIONS if isinstance(to, str) else type(to) is int and to != 0):
            raise InvalidPhase(f"{_field(i, 'to')}: must be one of left, right, across or a whole number "
                               "of places other than 0")
        if not isinstance(phase.turns, str) or phase.turns not in ("secret", "in_turn"):
            raise InvalidPhase(f"{_field(i, 'turns')}: must be secret or in_turn")
        starts = phase.starts
        if not isinstance(starts, str) or not (starts in STARTS or _seat_of(starts) is not None):
            raise InvalidPhase(f"{_field(i, 'starts')}: must be one of {', '.join(STARTS)} or seat:N (N from 1)")
    return tuple(phases)


def _seat_of(starts: str) -> int | None:
    if starts.startswith("seat:") and starts[5:].isascii() and starts[5:].isdigit() and len(starts) <= 8 \
            and int(starts[5:]) >= 1:
        return int(starts[5:]) - 1
    return None


#: the fields of a ``[[phases]]`` table besides kind, its place (before, after, at, by), cards and starts
_KEYS = {"pass": ("to", "turns"), "reveal": ("turns",), "draft": ("element", "keep"), "exchange": ("element", "order"),
         "choose": ("name", "choices", "turns")}


def phase_from_table(table: Any, index: int) -> AddedPhase:
    """An added phase from a variant file's ``[[phases]]`` table (``index`` from 0, for messages)."""
    if not isinstance(table, Mapping):
        raise InvalidPhase(f"phases[{index + 1}]: must be a table ([[phases]])")
    kind = table.get("kind")
    if kind not in KINDS:
        raise InvalidPhase(f"{_field(index, 'kind')}: must be one of {', '.join(KINDS)}")
    keys = {"kind", "before", "after", "at", "by", "cards", "starts", *_KEYS[kind]} - ({"cards"} if kind == "choose"
                                                                                       else set())
    extra = sorted(str(k) for k in set(table) - keys)
    if extra:
        raise InvalidPhase(f"{_field(index, extra[0])}: unknown field (expected {', '.join(sorted(keys))})")
    for where in ("before", "after"):
        if where in table and not isinstance(table[where], str):
            raise InvalidPhase(f"{_field(index, where)}: must name a step of the game")
    if "before" not in table and "after" not in table:
        raise InvalidPhase(f"{_field(index, 'before')}: must name a step of the game (before = STEP or after = STEP)")
    values = {k: table[k] for k in sorted(keys - {"kind"}) if k in table}
    made: AddedPhase = {"pass": PassCards, "reveal": RevealCards, "draft": DraftCards,
                        "exchange": ExchangeCards, "choose": ChooseStep}[kind](**values)
    return made


@attrs.frozen(slots=True)
class PhasedObservation:
    """What one seat sees with added phases: the engine's ``engine`` observation, the added phase
    in progress (``phase``: its kind, empty when none), the seat's own choice so far (``own``), how
    many seats have chosen (``chosen``), the other seats' choices when the phase is played openly
    (``open``: per seat), and this round's completed passes the seat took part in: ``gave`` (the
    receiving seat and the cards) and ``got`` (the giving seat and the cards); ``shown``: per seat,
    the cards it showed this round that it still holds (public); ``drawn``: what the seat drew in the
    draft or exchange in progress; ``returned``: what it put back at the bottom of a pile this round,
    as ``(element, items)``; ``returns``: per seat, how many items it put back this round (all a seat
    learns of another's draft or exchange)."""

    engine: Any
    phase: str
    own: tuple[int, ...]
    chosen: int
    open: tuple[tuple[int, ...], ...]
    gave: tuple[tuple[int, tuple[int, ...]], ...]
    got: tuple[tuple[int, tuple[int, ...]], ...]
    shown: tuple[tuple[int, ...], ...]
    drawn: tuple[int, ...] = ()
    returned: tuple[tuple[str, tuple[int, ...]], ...] = ()
    returns: tuple[int, ...] = ()
    #: the zones of which the variant's sights show more than the engine's observation
    #: (:mod:`rulebook.variants.zones`): one content per zone, every item the seat sees in it, its unseen
    #: items ``HIDDEN`` (a dummy's hand face up)
    zones: tuple[Content, ...] = ()
    #: this round's completed ``choose`` steps the seat may see: ``(step name, seat, text)`` in the order chosen
    choices: tuple[tuple[str, int, str], ...] = ()


#: one completed pass: (giver, receiver, cards)
Move = tuple[int, int, tuple[int, ...]]


class PhasedGame:
    """The game as a phased state sees it: the engine's game, whose action ids go on past its own
    table with one ``pass <card>`` and one ``show <card>`` per card, then per pile of ``PILES`` one
    ``keep <item>`` and one ``return <item>`` per item. Its heuristic plays the engine's outside the
    added phases and chooses in them as :meth:`heuristic_action` says."""

    #: ISMCTS playouts call :meth:`heuristic_action` (which plays the added phases), never the engine's
    #: plain rollout function (which knows no added phase)
    _rollout_policy = None
    #: nor the engine's own playout of its heuristic, nor its round end without the move
    _rollout_kernel = None
    _round_end_totals = None

    def __init__(self, game: Game[Any, Any, Any], phases: tuple[AddedPhase, ...] = ()) -> None:
        self._game = game
        self._phases = phases
        self._pass = tuple(PassCard(c, game.card_text(c)) for c in game.deck.cards)
        self._show = tuple(ShowCard(c, game.card_text(c)) for c in game.deck.cards)
        #: per pile, its keeps and returns by item (the id of each follows the passes and shows)
        self._keep: dict[str, dict[int, KeepCard]] = {}
        self._return: dict[str, dict[int, ReturnCard]] = {}
        self._pile_ids: dict[tuple[type, str, int], int] = {}
        self._pile_actions: list[KeepCard | ReturnCard] = []
        if any(isinstance(p, (DraftCards, ExchangeCards)) for p in phases):
            for element in getattr(game, "PILES", {}):
                items = tuple(game.pile_items(element))  # type: ignore[attr-defined]
                for kind, table in ((KeepCard, self._keep), (ReturnCard, self._return)):
                    table[element] = {}
                    for item, item_text in items:
                        action = kind(item, item_text, element)
                        table[element][item] = action  # type: ignore[assignment]
                        self._pile_ids[(kind, element, item)] = len(self._pile_actions)
                        self._pile_actions.append(action)
        self._by_text: dict[str, Any] = {str(a).lower(): a for a in (*self._pass, *self._show, *self._pile_actions)}
        #: 1 when an exchange lays aside first: its ``done`` move has an id
        self._done = int(any(piles.aside(p) for p in phases))
        if self._done:
            self._by_text["done"] = DONE
        #: the names of the added ``choose`` steps, whose moves' ids follow the pile moves
        self._choose_steps = tuple(dict.fromkeys(p.name for p in phases if isinstance(p, ChooseStep)))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_phased_game, (self._game, self._phases))

    def max_game_length(self, rules: Any) -> int:
        """The engine's bound, plus every added phase's choices each time it can start: at most
        once per engine move (and once at the start)."""
        engine: int = self._game.max_game_length(rules)
        per: int = sum(rules.players * piles.per(p) for p in self._phases)
        return engine + (engine + 1) * per

    def num_distinct_actions(self, rules: Any = None) -> int:
        return self._choose_base(rules) + len(self._choose_steps) * choose.MAX_VALUES

    def encode_action(self, action: Any, rules: Any = None) -> int:
        kind = type(action)
        if kind is PassCard or kind is ShowCard:
            if type(action.card) is not int or not 0 <= action.card < len(self._pass):
                raise ValueError(f"{action!r:.80} is not an action of {self._game.slug}")
            return self._game.num_distinct_actions(rules) + action.card + (len(self._pass) if kind is ShowCard else 0)
        if kind is KeepCard or kind is ReturnCard:
            found = self._pile_ids.get((kind, action.element, action.card))
            if found is None:
                raise ValueError(f"{action!r:.80} is not an action of {self._game.slug}")
            return self._game.num_distinct_actions(rules) + 2 * len(self._pass) + found
        if kind is Done and self._done:
            return self._choose_base(rules) - 1
        if kind is Choose:  # after the pile moves: per choose step, one id per value
            k = self._choose_steps.index(action.step) if action.step in self._choose_steps else -1
            if k < 0 or type(action.value) is not int or not 0 <= action.value < choose.MAX_VALUES:
                raise ValueError(f"{action!r:.80} is not an action of {self._game.slug}")
            return self._choose_base(rules) + k * choose.MAX_VALUES + action.value
        return self._game.encode_action(action, rules)

    def _choose_base(self, rules: Any) -> int:
        """The first id of the ``choose`` moves: after the pile moves and, with an exchange that lays aside first,
        the one ``done``."""
        return self._game.num_distinct_actions(rules) + 2 * len(self._pass) + len(self._pile_actions) + self._done

    def decode_action(self, index: int, rules: Any = None) -> Any:
        size = self._game.num_distinct_actions(rules)
        if type(index) is int and size <= index < size + 2 * len(self._pass):
            return (*self._pass, *self._show)[index - size]
        if type(index) is int and 0 <= index - size - 2 * len(self._pass) < len(self._pile_actions):
            return self._pile_actions[index - size - 2 * len(self._pass)]
        at = index - self._choose_base(rules) if type(index) is int else -1
        if at == -1 and self._done:
            return DONE
        if 0 <= at < len(self._choose_steps) * choose.MAX_VALUES:
            return Choose(at % choose.MAX_VALUES, "", self._choose_steps[at // choose.MAX_VALUES])
        return self._game.decode_action(index, rules)

    def parse_action(self, text: str, rules: Any = None) -> Any:
        if isinstance(text, str):
            found = self._by_text.get(" ".join(text.strip().lower().split()))
            if found is not None:
                return found
            word, _, rest = text.strip().partition(" ")
            if self._choose_steps and word.lower() == "choose" and rest.strip():
                said = " ".join(rest.split())
                for phase in self._phases:
                    if isinstance(phase, ChooseStep):
                        parse = choose.list_of(self._game, phase).parse
                        value = parse(said) if parse is not None else None
                        if type(value) is int:
                            return Choose(value, said)
                return Choose(-1, said)  # its value: the one the step in progress gives that text
        return self._game.parse_action(text, rules)

    def heuristic_action(self, state: Any, rng: random.Random) -> Any:
        """The engine's heuristic outside the added phases. In a draft or an exchange of a game whose
        adapter values the pile's items (``pile_value(state, element, item)``: the Witches' cards),
        keep the item worth most or return the one worth least (the first of equal worth); else, and
        in a pass or a reveal, a random choice (the engine's heuristic values none of them: Saru Tori
        Inu I's missions are drafted at random)."""
        if isinstance(state, PhasedState) and state.active >= 0:
            legal = state.legal_actions()
            phase = state.phases[state.active]
            if isinstance(phase, ChooseStep):
                assert state.current_player is not None
                return choose.heuristic(self._game, phase, state.inner, state.current_player, legal, rng)
            value = getattr(self._game, "pile_value", None)
            if isinstance(phase, (DraftCards, ExchangeCards)) and value is not None:
                cards = [a for a in legal if type(a) is not Done]
                worth = [value(state.inner, phase.element, a.card) for a in cards]
                if piles.aside(phase):  # lay aside the cheapest card while it is worth less than a card drawn blind
                    seat = state.current_player
                    game: Any = self._game  # a game with piles: its hands and pile items
                    mine = set(game.hands_of(state.inner)[seat])
                    blind = [value(state.inner, phase.element, c) for c, _t in game.pile_items(phase.element)
                             if c not in mine]
                    if not cards or min(worth) >= sum(blind) / max(len(blind), 1):
                        return DONE
                    return cards[worth.index(min(worth))]
                pick = max(worth) if isinstance(phase, DraftCards) else min(worth)
                return cards[worth.index(pick)]
            return rng.choice(legal)
        if isinstance(state, PhasedState):
            inner = state.inner
            plan = zones.zone_plan(self._game, inner.rules)
            if plan and state.current_player is not None:  # the sights hide what the engine's heuristic reads:
                inner = state.resample(state.current_player, rng).inner  # it plays a world the seat cannot tell
            return self._game.heuristic_action(inner, rng)  # apart from the true one
        return self._game.heuristic_action(state, rng)


_GAMES: dict[tuple[str, tuple[AddedPhase, ...]], PhasedGame] = {}


def _phased_game(game: Game[Any, Any, Any], phases: tuple[AddedPhase, ...] = ()) -> PhasedGame:
    key = (game.slug, phases)
    found = _GAMES.get(key)
    if found is None:
        found = _GAMES[key] = PhasedGame(game, phases)
    return found


#: per engine and tuple of added steps (by identity: every state of a game shares its tuple), each
#: step's place and which of the engine's questions can place one (:func:`steps.wanted`)
_PLACES: dict[tuple[int, int], tuple[Any, tuple[AddedPhase, ...], tuple[tuple[str, str, int], ...],
                                     tuple[bool, bool]]] = {}


#: the last engine and tuple of steps asked for, and their answer (a game is played one at a time, so
#: most moves find it here without building a key); replaced whole, so a reader sees one answer's three parts
_LAST: tuple[Any, Any, Any] = (None, None, None)


def _places(game: Any, phases: tuple[AddedPhase, ...]) -> tuple[tuple[tuple[str, str, int], ...], tuple[bool, bool]]:
    """Each added step's place in the program (:func:`steps.at_of`) and the questions that can place one,
    worked out once per engine and tuple of steps (read at every move)."""
    global _LAST
    last = _LAST
    if last[1] is phases and last[0] is game:
        return last[2]  # type: ignore[no-any-return]
    key = (id(game), id(phases))
    found = _PLACES.get(key)
    if found is None or found[0] is not game or found[1] is not phases:  # held: their ids stay theirs
        if len(_PLACES) >= 1024:
            _PLACES.clear()
        places = tuple(steps.at_of(p) for p in phases)
        found = _PLACES[key] = (game, phases, places, steps.wanted(game, places))
    answer = (found[2], found[3])
    _LAST = (game, phases, answer)
    return answer


def _targets(seats: tuple[int, ...], to: str | int) -> dict[int, int]:
    n = len(seats)
    step = {"left": 1, "right": -1, "across": n // 2}.get(to, to) if isinstance(to, str) else to
    return {s: seats[(i + int(step)) % n] for i, s in enumerate(seats)}


@attrs.frozen(slots=True, eq=True)
class PhasedState:
    """The engine's state with a variant's added phases played (see the module doc)."""

    inner: Any
    phases: tuple[AddedPhase, ...] = attrs.field(eq=False)
    #: engine moves made so far, and per added phase the count at which it last ended
    moves: int
    done: tuple[int, ...]
    #: the added phase in progress (an index into ``phases``), or -1
    active: int
    #: who chooses, in order (each ``cards`` times), and each seat's choice so far
    order: tuple[int, ...]
    chosen: tuple[tuple[int, ...], ...]
    #: what the added phases completed this round left: ``(round, passes, the cards shown per seat,
    #: the returns to a pile in the order made)``
    last: tuple[int, tuple[Move, ...], tuple[tuple[int, ...], ...], tuple[piles.Return, ...]]
    log: Any = attrs.field(eq=log_actions, repr=False)
    #: the seat to choose or move, or ``None`` once the game is over (a field: read on every move)
    current_player: int | None = attrs.field(eq=False)
    #: per seat, what it drew from the pile in the draft or exchange in progress
    dealt: tuple[tuple[int, ...], ...] = ()
    #: the choices of this round's completed ``choose`` steps: ``(round, ((step index, seat, value, text), ...))``
    made: tuple[int, tuple[tuple[int, int, int, str], ...]] = (-1, ())

    GAME: ClassVar[PhasedGame]

    # -- entering and leaving the added phases ---------------------------------------------------

    @classmethod
    def start(cls, inner: Any, phases: tuple[AddedPhase, ...]) -> PhasedState:
        players = inner.rules.players
        return cls._enter(inner, phases, 0, (-1,) * len(phases), ((),) * players, (-1, (), (), ()), None)

    @classmethod
    def _enter(cls, inner: Any, phases: tuple[AddedPhase, ...], moves: int, done: tuple[int, ...],
               empty: tuple[tuple[int, ...], ...], last: Any, log: Any,
               made: tuple[int, tuple[tuple[int, int, int, str], ...]] = (-1, ())) -> PhasedState:
        game = type(inner).GAME
        places, ask = _places(game, phases)
        while inner.current_player is None and getattr(inner, "paused", None):
            held = steps.points(game, inner)
            if any(at in held and done[i] != moves for i, at in enumerate(places)):
                break
            inner = inner.resume()  # the engine held for an added step that is not due here: it goes on
        cp = inner.current_player
        if phases and (cp is not None or getattr(inner, "paused", None)):
            here = steps.points(game, inner, ask)
            if here:
                for i, phase in enumerate(phases):
                    if places[i] in here and done[i] != moves:
                        order = _order(game, inner, phase, i)
                        if isinstance(phase, ChooseStep):
                            return cls(inner, phases, moves, done, i, order, empty, last, log, order[0], made=made)
                        if isinstance(phase, (DraftCards, ExchangeCards)):
                            if last[0] != game.round_of(inner):
                                last = (-1, (), (), ())
                            later = len(order) * sum(  # the steps after it deal from the same pile
                                piles.draws(p, game) for p in phases[i + 1 :]
                                if isinstance(p, (DraftCards, ExchangeCards)) and steps.at_of(p) == steps.at_of(phase)
                                and p.element == phase.element)
                            drawn = piles.deal(game, inner, phase, i, order, last, InvalidPhase, later)
                            return cls(inner, phases, moves, done, i, order, empty, last, log, order[0], drawn,
                                       made=made)
                        return cls(inner, phases, moves, done, i, order, empty, last, log, order[0], made=made)
        return cls(inner, phases, moves, done, -1, (), empty, last, log, cp, made=made)

    def _after_step(self, inner: Any, done: tuple[int, ...], log: Any) -> PhasedState:
        """The step in progress is over: the engine goes on (from a hold, if it held for the step)."""
        empty = ((),) * len(self.chosen)
        return self._enter(inner, self.phases, self.moves, done, empty, self.last, log, self.made)

    # -- the contract ---------------------------------------------------------------------------

    @property
    def rules(self) -> Any:
        return self.inner.rules

    @property
    def setup(self) -> Any:
        return self.inner.setup

    @property
    def is_terminal(self) -> bool:
        return self.active < 0 and self.inner.is_terminal

    def legal_actions(self) -> tuple[Any, ...]:
        if self.active < 0:
            return self.inner.legal_actions()  # type: ignore[no-any-return]
        seat = self.current_player
        assert seat is not None
        phase = self.phases[self.active]
        mine = self.chosen[seat]
        if isinstance(phase, ChooseStep):
            return choose.options_of(type(self.inner).GAME, phase, self.inner, seat)
        if isinstance(phase, (DraftCards, ExchangeCards)):
            items = (self.GAME._keep if phase.kind == "draft" else self.GAME._return)[phase.element]
            opts = piles.options(type(self.inner).GAME, self.inner, phase, seat, self.dealt)
            moves = tuple(items[c] for c in sorted(opts) if c not in mine)
            return (*moves, DONE) if piles.aside(phase) else moves  # laid aside first: up to cards of them
        table = self.GAME._pass if phase.kind == "pass" else self.GAME._show
        hand = type(self.inner).GAME.hands_of(self.inner)[seat]
        return tuple(table[c] for c in hand if c not in mine)

    def legal_action_ids(self) -> tuple[int, ...]:
        encode = self.GAME.encode_action
        return tuple(sorted(encode(a, self.rules) for a in self.legal_actions()))

    @property
    def in_added_step(self) -> bool:
        """Whether an added step is in progress (its moves are offered, not the engine's)."""
        return self.active >= 0

    def after_engine_move(self, inner: Any, action: Any) -> PhasedState:
        """This state after ``action``, a move outside the added steps whose next engine state is ``inner``
        (a variant's own move kind computes it: :func:`rulebook.variants.hooks.apply_added`); the added
        steps then start as after any engine move."""
        if self.active >= 0:
            raise IllegalAction(f"{action}: choose {_CHOOSE[self.phases[self.active].kind][0]}",
                                self._rule(self._number(_CHOOSE[self.phases[self.active].kind][1])), action)
        last = self.last
        if last[0] >= 0:
            last = _played(last, action)
        return self._enter(inner, self.phases, self.moves + 1, self.done, self.chosen, last, (self.log, action),
                           self.made)

    def apply(self, action: Any) -> PhasedState:
        if self.active < 0:
            if type(action) in _ADDED_MOVES:
                raise IllegalAction(f"{action}: no cards are being passed, shown, drafted or exchanged now",
                                    self._rule(self._number("pass")), action)
            inner = self.inner.apply(action)
            last = self.last
            if last[0] >= 0:  # UT-PHASE-3, UT-PHASE-4: a card played (or laid out) is no longer where it went
                last = _played(last, action)
            return self._enter(inner, self.phases, self.moves + 1, self.done, self.chosen, last, (self.log, action),
                           self.made)
        if isinstance(self.phases[self.active], ChooseStep):
            return self._choose(action)
        if type(action) not in _ADDED_MOVES or action not in self.legal_actions():
            kind = self.phases[self.active].kind
            what, rule = _CHOOSE[kind]
            raise IllegalAction(f"{action}: choose {what}", self._rule(self._number(rule)), action)
        seat = self.current_player
        assert seat is not None
        chosen = list(self.chosen)
        chosen[seat] = (*chosen[seat], STOP if type(action) is Done else action.card)
        log = (self.log, action)
        per = piles.per(self.phases[self.active])
        nxt = next((s for s in self.order if len(chosen[s]) < per and STOP not in chosen[s]), None)
        if nxt is not None:  # each seat in turn makes its choices (an aside exchange: until done)
            return attrs.evolve(self, chosen=tuple(chosen), log=log, current_player=nxt)
        return self._finish(tuple(chosen), log)

    def _choose(self, action: Any) -> PhasedState:
        """A ``choose`` step's move (rulebook.variants.choose): the option of that value, or of that text (a
        record reads ``choose <text>``); once every seat has chosen, the list's ``apply`` changes the game."""
        legal = self.legal_actions()
        # a move read from its text names no step: it is the step in progress's choice of that value (or text)
        match = next((a for a in legal if type(action) is Choose and (
            a == action or (not action.step and (a.value == action.value if action.value >= 0
                                                 else a.text.lower() == action.text.lower())))), None)
        phase = self.phases[self.active]
        assert isinstance(phase, ChooseStep)
        if match is None:
            raise IllegalAction(f"{action}: choose one of {', '.join(a.text for a in legal)[:200]}",
                                self._rule(self._number("choose")), action)
        seat = self.current_player
        assert seat is not None
        chosen = list(self.chosen)
        chosen[seat] = (match.value,)
        log = (self.log, match)
        made = sum(map(len, chosen))
        game = type(self.inner).GAME
        rnd = game.round_of(self.inner)
        texts = (*(self.made[1] if self.made[0] == rnd else ()), (self.active, seat, match.value, match.text))
        if made < len(self.order):
            return attrs.evolve(self, chosen=tuple(chosen), log=log, current_player=self.order[made],
                                made=(rnd, texts))
        pairs = tuple((s, chosen[s][0]) for s in self.order)
        inner = choose.list_of(game, phase).apply(self.inner, pairs)
        done = self.done[: self.active] + (self.moves,) + self.done[self.active + 1 :]
        out = attrs.evolve(self, made=(rnd, texts))
        return out._after_step(inner, done, log)

    def _finish(self, chosen: tuple[tuple[int, ...], ...], log: Any) -> PhasedState:
        """UT-PHASE-2: every seat has chosen; the cards move at once, and the engine resumes."""
        inner = self.inner
        game = type(inner).GAME
        phase = self.phases[self.active]
        seats = tuple(sorted(self.order))
        rnd = game.round_of(inner)
        same = self.last[0] == rnd
        shown = [list(c) for c in self.last[2]] if same and self.last[2] else [[] for _ in chosen]
        done = self.done[: self.active] + (self.moves,) + self.done[self.active + 1 :]
        empty = ((),) * len(chosen)
        if isinstance(phase, (DraftCards, ExchangeCards)):  # DRAFT, EXCHANGE: kept items stay, the rest go back
            base = self.last if same else (rnd, (), (), ())
            inner, made = piles.finish(game, inner, phase, self.order, self.dealt, chosen, base)
            return self._enter(inner, self.phases, self.moves, done, empty, (*base[:3], (*base[3], *made)), log,
                               self.made)
        if not isinstance(phase, PassCards):  # UT-PHASE-4: the chosen cards become public
            for s in seats:
                shown[s] += [c for c in chosen[s] if c not in shown[s]]
            last = (rnd, self.last[1] if same else (), tuple(tuple(c) for c in shown), self.last[3] if same else ())
            return self._enter(inner, self.phases, self.moves, done, empty, last, log, self.made)
        to = _targets(seats, phase.to)
        hands = [list(h) for h in game.hands_of(inner)]
        moved: list[Move] = []
        for giver in seats:
            cards = chosen[giver]
            for c in cards:
                hands[giver].remove(c)
                hands[to[giver]].append(c)
            moved.append((giver, to[giver], tuple(sorted(cards))))
        inner = game.with_hands(inner, tuple(tuple(h) for h in hands))
        for giver, receiver, cards in moved:  # UT-PHASE-4: a shown card stays public where it goes
            for c in cards:
                if c in shown[giver]:
                    shown[giver].remove(c)
                    shown[receiver].append(c)
        last = (rnd, (*self.last[1], *moved) if same else tuple(moved),
                tuple(tuple(c) for c in shown) if any(shown) else (), self.last[3] if same else ())
        return self._enter(inner, self.phases, self.moves, done, empty, last, log, self.made)

    def _rule(self, n: int) -> str:
        return f"{type(self.inner).GAME.prefix}-PHASE-{n}"

    def _number(self, rule: str) -> int:
        """The game's rule number of the library's ``rule`` (``pass``, ``reveal``, ``draft``,
        ``exchange``): ``PHASE_RULES`` on the game class, else the numbers UTSUKE uses."""
        numbers = getattr(type(self.inner).GAME, "PHASE_RULES", {})
        return int(numbers.get(rule, {"pass": 2, "reveal": 4}.get(rule, 2)))

    @property
    def scores(self) -> tuple[int, ...]:
        return self.inner.scores  # type: ignore[no-any-return]

    @property
    def winners(self) -> frozenset[int]:
        return self.inner.winners if self.active < 0 else frozenset()

    def observation(self, seat: int) -> PhasedObservation:
        """UT-PHASE-3: the engine's observation, the seat's own choice and what it gave and got; under the
        variant's sights (:mod:`rulebook.variants.zones`) the engine's observation with what they hide
        masked, and what they show beyond it."""
        game = type(self.inner).GAME
        engine, extra = zones.observe(game, self.inner, seat, zones.zone_plan(game, self.inner.rules))
        phase = self.phases[self.active] if self.active >= 0 else None
        chosen = self.chosen
        per = piles.per(phase) if phase is not None else 1  # a draft's seat chooses ``keep`` items
        done = sum(len(c) == per or STOP in c for c in chosen) if phase is not None else 0
        shown = chosen if phase is not None and phase.turns == "in_turn" else ()
        same = self.last[0] == game.round_of(self.inner)
        moves = self.last[1] if same else ()
        gave = tuple((r, cards) for g, r, cards in moves if g == seat)
        got = tuple((g, cards) for g, r, cards in moves if r == seat)
        public = self.last[2] if same else ()
        drawn = self.dealt[seat] if self.dealt and phase is not None else ()
        returns = self.last[3] if same else ()
        returned = tuple((e, items) for e, s, items in returns if s == seat)
        counts = tuple(sum(len(items) for _, s, items in returns if s == t) for t in range(len(chosen)))
        made = self.made[1] if self.made[0] == game.round_of(self.inner) else ()
        live = sum(map(len, chosen)) if isinstance(phase, ChooseStep) else 0  # the step in progress: its choices
        over, now = made[: len(made) - live], made[len(made) - live :]
        named = {k: p for k, p in enumerate(self.phases) if isinstance(p, ChooseStep)}
        seen = tuple((named[k].name, s, text) for k, s, _v, text in over
                     if s == seat or named[k].shown == "all")
        seen += tuple((named[k].name, s, text) for k, s, _v, text in now
                      if s == seat or (phase is not None and phase.turns == "in_turn"))
        own = tuple(c for c in chosen[seat] if c != STOP)
        return PhasedObservation(engine, phase.kind if phase else "", own, done, shown, gave, got, public,
                                 drawn, returned, counts if returns else (), extra, seen)

    def observation_tensor(self, seat: int) -> tuple[int, ...]:
        """The engine's tensor; under sights of the variant that hide what the engine shows, the tensor of
        the masked observation (what the variant shows beyond the engine is not encoded)."""
        game = type(self.inner).GAME
        plan = zones.zone_plan(game, self.inner.rules)
        if plan:
            engine, _ = zones.observe(game, self.inner, seat, plan)
            return game.encode_observation(self.inner.rules, engine)  # type: ignore[no-any-return]
        return self.inner.observation_tensor(seat)  # type: ignore[no-any-return]

    def resample(self, seat: int, rng: random.Random) -> PhasedState:
        """UT-PHASE-3: redraw what ``seat`` cannot see (UT-PHASE-3): the engine's hidden cards, keeping the cards
        this seat knows where they are (what it passed, what every seat chose openly), and the other
        seats' secret choices in progress, drawn again among their redrawn hands. With a draft or an
        exchange, what the seat drew and put back stays where it knows it is and the other seats'
        draws and returns are drawn again (``rulebook.variants.piles.resample``)."""
        check_rng(rng)
        game = type(self.inner).GAME
        phase = self.phases[self.active] if self.active >= 0 else None
        known: list[tuple[int, int]] = []  # (card, seat that must hold it)
        if self.last[0] == game.round_of(self.inner):
            # what the seat passed is where it went, unless that seat has passed cards on since (a
            # later step of the round): then it may have moved again, which the seat cannot know
            moves = self.last[1]
            steps = _steps(moves)
            known += [(c, r) for i, (g, r, cards) in enumerate(moves) if g == seat
                      and not any(moves[j][0] == r and steps[j] > steps[i] for j in range(i + 1, len(moves)))
                      for c in cards]
            # UT-PHASE-4: shown cards stay where they are
            known += [(c, s) for s, cards in enumerate(self.last[2]) for c in cards]
        if phase is not None and phase.turns == "in_turn" and not isinstance(phase, ChooseStep):
            known += [(c, s) for s, cards in enumerate(self.chosen) if s != seat for c in cards]
        must: dict[int, set[int]] = {}
        for card, holder in known:
            must.setdefault(holder, set()).add(card)
        view = None
        for _attempt in range(_TRIES):
            inner = self.inner.resample(seat, rng)
            hands = [list(h) for h in game.hands_of(inner)]
            for _try in range(_TRIES):  # the engine may have put a known card where no hand is (a pile): again
                held = {c for s, h in enumerate(hands) if s != seat for c in h}
                if all(c in held or holder == seat for c, holder in known):
                    break
                inner = self.inner.resample(seat, rng)
                hands = [list(h) for h in game.hands_of(inner)]
            swapped = False
            for card, holder in known:
                swapped = _place(hands, card, holder, seat, must.get(holder, set()), rng) or swapped
            if not swapped:  # the engine's draw holds every known card where it is: its hands stand
                break
            inner = game.with_hands(inner, tuple(tuple(h) for h in hands))
            # a swap may move a card the engine keeps known where it is (a trump the Witches' engine put
            # back in a hand, face up): the seat's view must not change, else draw again
            view = self.inner.observation(seat) if view is None else view
            if inner.observation(seat) == view:
                break
        chosen = list(self.chosen)
        drawn, last = self.dealt, self.last
        pile_phase = phase if isinstance(phase, (DraftCards, ExchangeCards)) else None
        if pile_phase is not None or last[3]:  # DRAFT, EXCHANGE: the piles as the seat knows them
            same = last[0] == game.round_of(inner)
            inner, drawn, last = piles.resample(game, inner, seat, pile_phase, self.order, drawn, last, same, rng)
        if phase is not None and phase.turns == "secret" and not isinstance(phase, ChooseStep):
            for s, cards in enumerate(self.chosen):
                if s != seat and cards:
                    pool = (piles.options(game, inner, pile_phase, s, drawn) if pile_phase is not None
                            else game.hands_of(inner)[s])
                    real = [c for c in cards if c != STOP]  # a seat that said done stays done
                    chosen[s] = (*rng.sample(sorted(pool), len(real)), *((STOP,) if STOP in cards else ()))
        # the variant's sights (rulebook.variants.zones): what they show stays, what they hide is drawn again
        plan = zones.zone_plan(game, inner.rules)
        for _attempt in range(_TRIES):
            redrawn = zones.redraw(game, self.inner, inner, seat, rng, plan)
            if redrawn is not None:
                inner = redrawn
                break
            inner = self.inner.resample(seat, rng)  # the engine drew a shown item where no zone holds it: again
        else:
            raise AssertionError(f"{game.slug}: no redraw for seat {seat + 1} keeps what it sees")
        made = self.made
        if isinstance(phase, ChooseStep) and phase.turns == "secret":  # the others' choices so far: drawn again
            live = sum(map(len, self.chosen))
            entries = list(made[1])
            for at in range(len(entries) - live, len(entries)):
                k, s, _v, _t = entries[at]
                if s != seat:
                    pick = rng.choice(choose.options_of(game, phase, inner, s))
                    chosen[s] = (pick.value,)
                    entries[at] = (k, s, pick.value, pick.text)
            made = (made[0], tuple(entries))
        # the constructor, not attrs.evolve: a search redraws at every move
        return type(self)(inner, self.phases, self.moves, self.done, self.active, self.order, tuple(chosen), last,
                          None, self.current_player, drawn, made)

    @property
    def history(self) -> tuple[Any, ...]:
        return log_actions(self.log)

    @property
    def phase_tables(self) -> tuple[dict[str, Any], ...]:
        """The added phases as a variant file's ``[[phases]]`` tables (records carry them)."""
        return tuple(p.describe() for p in self.phases)

    @property
    def tricks(self) -> Any:
        return self.inner.tricks

    @property
    def rounds(self) -> Any:
        return self.inner.rounds

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.inner, name)

    def __str__(self) -> str:
        return str(self.inner)


#: how many times :meth:`PhasedState.resample` redraws the engine's hidden cards to find every card a
#: seat knows the place of in a hand
_TRIES = 64


def _played(last: Any, action: Any) -> Any:
    """``last`` without the card ``action`` takes from a hand, openly: once played (or laid out) it is
    no longer known to be where it was passed or shown."""
    card = getattr(action, "card", None)
    if type(card) is not int:
        return last
    rnd, moves, shown, returns = last
    for _g, _r, cards in moves:  # a plain loop: this runs on every engine move of a round with passes
        if card in cards:
            moves = tuple((g, r, tuple(c for c in cards if c != card)) for g, r, cards in moves)
            break
    for cards in shown:
        if card in cards:
            shown = tuple(tuple(c for c in cards if c != card) for cards in shown)
            break
    else:
        if moves is last[1]:
            return last
    return (rnd, moves, shown, returns)

def _steps(moves: tuple[Move, ...]) -> list[int]:
    """The step of the round each completed pass belongs to: a step records its givers in
    increasing seat order, so a giver no higher than the one before starts the next step."""
    out: list[int] = []
    step, previous = 0, -1
    for giver, _, _ in moves:
        if giver <= previous:
            step += 1
        out.append(step)
        previous = giver
    return out


def _place(hands: list[list[int]], card: int, holder: int, seat: int, stay: set[int], rng: random.Random) -> bool:
    """Move ``card`` into ``hands[holder]`` if another hidden hand holds it, swapping back one of the
    holder's cards that need not ``stay`` there (there is one: the true hand holds all of ``stay``);
    whether it swapped."""
    if holder == seat or card in hands[holder]:
        return False
    for other, hand in enumerate(hands):
        if other != seat and card in hand:
            free = [c for c in hands[holder] if c not in stay]
            if not free:
                return False
            back = rng.choice(free)
            hands[holder].remove(back)
            hands[holder].append(card)
            hand.remove(card)
            hand.append(back)
            return True
    return False

def _order(game: Any, inner: Any, phase: AddedPhase, index: int) -> tuple[int, ...]:
    """Who chooses in the added phase, in order, from its starter (UT-PHASE-1); ``by`` names them, else every
    seat the game lets take part (rulebook.variants.steps)."""
    seats = steps.by_seats(game, inner, phase.by, tuple(game.pass_seats(inner)))
    hands = game.hands_of(inner)
    if not seats:
        raise InvalidPhase(f"{_field(index, 'by')}: no seat takes part")
    if isinstance(phase, (PassCards, RevealCards)) and any(len(hands[s]) < phase.cards for s in seats):
        word = "pass" if phase.kind == "pass" else "show"
        raise InvalidPhase(f"{_field(index, 'cards')}: {phase.cards} cards to {word}, but a hand holds "
                           f"{min(len(hands[s]) for s in seats)}")
    if len(seats) < 2 and isinstance(phase, PassCards):
        raise InvalidPhase(f"{_field(index, 'to')}: fewer than two seats take part")
    if isinstance(phase, PassCards) and phase.to == "across" and len(seats) % 2:
        raise InvalidPhase(f"{_field(index, 'to')}: across needs an even number of seats ({len(seats)} take part)")
    if isinstance(phase, PassCards) and not isinstance(phase.to, str) and phase.to % len(seats) == 0:
        raise InvalidPhase(f"{_field(index, 'to')}: {phase.to} places onwards is the seat itself with "
                           f"{len(seats)} seats")
    starts = phase.starts
    first: int | None = inner.current_player
    fixed = _seat_of(starts)
    if fixed is not None:
        if fixed not in seats:
            raise InvalidPhase(f"{_field(index, 'starts')}: seat {fixed + 1} does not take part")
        first = fixed
    elif starts in ("lowest_score", "highest_score"):
        scores = inner.scores
        pick = min if starts == "lowest_score" else max
        best = pick(scores[s] for s in seats)
        first = next(s for s in seats if scores[s] == best)
    elif starts == "last_winner":
        tricks = inner.tricks
        winner = tricks[-1].winner if tricks else None
        if type(winner) is int:
            first = winner
    if first not in seats:
        first = seats[0]
    i = seats.index(first)
    return seats[i:] + seats[:i]


_CLASSES: dict[tuple[str, tuple[AddedPhase, ...]], type[PhasedState]] = {}
#: the moves of the added phases
_ADDED_MOVES = (PassCard, ShowCard, KeepCard, ReturnCard, Done)
#: the one ``done`` move, and what it leaves among a seat's choices (no item is negative)
DONE = Done()
STOP = -1
#: per kind, what the seat must choose and the library's rule it breaks otherwise
_CHOOSE = {"pass": ("a card of your hand to pass", "pass"), "reveal": ("a card of your hand to show", "reveal"),
           "choose": ("one of the choices offered", "choose"),
           "draft": ("one of the items dealt to you to keep", "draft"),
           "exchange": ("one of the items you hold or drew to return", "exchange")}


def phased_state(inner: State[Any, Any], phases: tuple[AddedPhase, ...]) -> PhasedState:
    """``inner`` (an engine state at the start of a game) with ``phases`` added: a :class:`PhasedState`
    of the game's own subclass, whose ``GAME`` encodes the added moves."""
    if isinstance(inner, PhasedState):  # the game's own start under sights it does not play (Game.new_game)
        inner = inner.inner
    game: Game[Any, Any, Any] = type(inner).GAME
    inner = _step_logic(game, inner, phases)
    key = (game.slug, phases)
    cls = _CLASSES.get(key)
    if cls is None:
        if len(_CLASSES) > 256:  # one class per game and added phases: a long run of random variants
            _CLASSES.clear()
        name = "Phased" + type(inner).__name__
        cls = _CLASSES[key] = type(name, (PhasedState,), {"__slots__": (), "GAME": _phased_game(game, phases)})
    return cls.start(inner, phases)


def _step_logic(game: Any, inner: Any, phases: tuple[AddedPhase, ...]) -> Any:
    """``inner`` (a game's first state) with what its added steps ask of the engine: to hold before the
    scoring where a step goes there (``Logic.pauses``), and the checks the steps' choices make untrue
    replaced by the lists' own (``Logic.checks``)."""
    logic = inner.rules.logic
    pauses = set(logic.pauses)
    trick = steps.trick_step(game)
    for phase in phases:
        kind, name, _at = steps.at_of(phase)
        if "score" in getattr(game, "PAUSES", ()) and ((kind, name) in (("before", "score"), ("after", trick))
                                                        or (kind == "after" and name in ("tricks", "rounds"))):
            pauses.add("score")
    checks = dict(logic.checks)
    for phase in phases:
        if isinstance(phase, ChooseStep):
            checks.update({k: v for k, v in choose.list_of(game, phase).checks if k not in checks})
    if pauses == set(logic.pauses) and checks == dict(logic.checks):
        return inner
    rules = attrs.evolve(inner.rules, logic=attrs.evolve(logic, pauses=tuple(sorted(pauses)),
                                                         checks=tuple(sorted(checks.items()))))
    return attrs.evolve(inner, rules=rules)


def _from_tables(state: State[Any, Any], tables: Any) -> PhasedState:
    if not isinstance(tables, (list, tuple)):
        raise InvalidPhase("phases: must be a list of tables")
    if isinstance(state, PhasedState):
        state = state.inner
    game: Game[Any, Any, Any] = type(state).GAME
    return phased_state(state, check_phases(game, [phase_from_table(t, i) for i, t in enumerate(tables)]))


register_phases(_from_tables)
register_general_path(lambda state: phased_state(state, ()))
