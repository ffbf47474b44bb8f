"""The gods-and-humans :class:`~rulebook.core.contract.Game` and the ``GAME`` object."""

from __future__ import annotations

import random
from types import MappingProxyType
from typing import Any

from rulebook.core.contract import Deal, Game, Setup, check_rng
from rulebook.core.history import Player
from rulebook.core.logic import Trick
from rulebook.core.model import run_checks, with_checks
from rulebook.core.phases import Phase as RoundPhase
from rulebook.i18n import N_

from . import heuristic, model, scoring
from . import observation as _observation
from . import rules as _rules
from .actions import _TABLE, ORACLE, PLAY, GHAction
from .model import CHECKS
from .observation import TensorEncoder
from .rules import DECK, ENDINGS, RULESETS, ZONES, Rules
from .state import GodsState, _new_state, _start

__all__ = ["GAME", "GodsAndHumansGame"]


class GodsAndHumansGame(Game[Rules, GodsState, GHAction]):
    """The gods-and-humans oracle game: 5-8 players, humans play tricks, gods predict and intervene."""

    slug = "gods-and-humans"
    title = "The gods-and-humans oracle game"
    prefix = "GH"
    player_counts = range(5, 9)
    deck = DECK
    rulesets = RULESETS
    #: GH-LOGIC-2: the count the engine keeps per seat (it feeds ``scores``)
    COUNTERS = MappingProxyType({
        "score": "points per seat (stars of exact predictions, GH-SCORE-1); the most points win (GH-END-3) "
                 "and a target ends the game (GH-END-4)",
    })
    #: GH-LOGIC-2: when a variant's counters are called, and the record each event passes
    EVENTS = MappingProxyType({
        "trick": "after each trick of the humans (a TrickRecord; number: the trick's number in the game from 0)",
        "round": "after each deal's scoring, before the end checks (a RoundRecord; number: the deal from 0)",
    })
    #: GH-LOGIC-3: the printed game's endings; ``endings_off`` may switch off ``target``
    ENDINGS = MappingProxyType(ENDINGS)
    #: every place an item can be, and who sees it (rulebook.core.model)
    ZONES = ZONES
    #: the round as a program of named steps (rulebook.core.model)
    PROGRAM = model.PROGRAM
    #: the game's own consistency checks, by rule ID
    CHECKS = model.CHECKS
    #: the deciding rules a variant may replace by their IDs, the checks among them
    SLOTS = with_checks(model.SLOTS, model.CHECKS)
    #: the roles a sight or an added step's ``by`` may name (GH-ROLE-1)
    ROLES = MappingProxyType({"gods": "the deal's gods", "humans": "the deal's humans",
                              "first_god": "the deal's first god in seat order"})
    #: the steps the engine can hold before for an added step (GH-END-1: a deal's last trick played)
    PAUSES = ("score",)

    def zone_roles(self, state: GodsState) -> dict[str, tuple[int, ...]]:
        """GH-ROLE-1, GH-ROLE-2: the deal's gods and humans."""
        return {"gods": tuple(state.gods), "humans": tuple(state.humans), "first_god": tuple(state.gods[:1])}

    def give(self, state: GodsState, giver: int, receiver: int, card: int) -> GodsState:
        """``state`` with ``card`` moved from seat ``giver``'s hand into seat ``receiver``'s: what a variant's step
        gives (GH-PHASE-1); the engine checks nothing else."""
        hands = list(state.hands)
        if card not in hands[giver]:
            raise ValueError(f"seat {giver + 1} does not hold {DECK.text(card)}")
        hands[giver] = tuple(c for c in hands[giver] if c != card)
        hands[receiver] = tuple(sorted((*hands[receiver], card)))
        return state.replace(hands=tuple(hands))

    def take_out(self, state: GodsState, seat: int, card: int) -> GodsState:
        """``state`` with ``card`` taken from seat ``seat``'s hand out of the deal, face down (GH-RULING-23): the
        gods and that seat see it, the other humans only that a card went."""
        hands = list(state.hands)
        if card not in hands[seat]:
            raise ValueError(f"seat {seat + 1} does not hold {DECK.text(card)}")
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        return state.replace(hands=tuple(hands), aside=(*state.board[1].aside, (card, seat)))

    def intervened(self, state: GodsState, god: int) -> GodsState:
        """``state`` with god seat ``god`` counted as having intervened this deal (GH-INTERVENE-4): it is asked
        no more, and it gives nothing in the forced intervention; for a variant's step that is its
        intervention."""
        index = state.gods.index(god)
        return state.replace(waiting=tuple(j for j in state.board[1].waiting if j != index))

    def tricks_in_round(self, state: GodsState) -> int:
        """The tricks played in the deal so far."""
        return len(state.board[4])

    def add_points(self, state: GodsState, points: tuple[int, ...]) -> GodsState:
        """``state`` with ``points`` (one whole number per seat) added to the totals: what a variant's step
        scores (GH-LOGIC-2); the end at a target (GH-END-4) and the winners read them."""
        totals = tuple(a + b for a, b in zip(state.facts.totals, points, strict=True))
        return state.replace(totals=totals)

    #: the printed deal (GH-PHASE-1 names them for the phases a variant adds); the interventions
    #: happen inside ``tricks``, at the gaps between them
    PHASES = (
        RoundPhase("deal", "chance", N_("the cards, marks and oracle sets are dealt (GH-SETUP-5)"),
                   ("GH-SETUP-2", "GH-SETUP-3", "GH-SETUP-4", "GH-SETUP-5")),
        RoundPhase("oracle", "secret", N_("the gods predict in seat order, then the lone human (GH-ORACLE-1)"),
                   ("GH-ORACLE-1", "GH-ORACLE-3")),
        RoundPhase("tricks", "in_turn", N_("the deal's start player leads (GH-SETUP-6)"), ("GH-SETUP-6", "GH-TRICK-1")),
        RoundPhase("score", "chance", N_("exact predictions score (GH-SCORE-1)"), ("GH-SCORE-1",)),
    )

    def resolve_trick(self, trick: Trick) -> Player:
        """Who wins ``trick`` (GH-LOGIC-1, GH-TRICK-3, GH-TRICK-5): :func:`.scoring.resolve_trick`."""
        return scoring.resolve_trick(trick)

    def action_table(self, rules: Rules) -> tuple[GHAction, ...]:
        return _TABLE

    def random_deal(self, rules: Rules, rng: random.Random, index: int) -> Deal:
        """GH-SETUP-5: an order of the cards in play, an order of the 4 icons, an order of the humans."""
        return _rules.random_deal(rules, rng)

    def check_deal(self, rules: Rules, deal: Deal, index: int) -> None:
        """A deal is the cards in play in order, then the 4 icons, then the human indices (GH-SETUP-5).

        The game uses ``rules.deals`` deals, so at most that many explicit deals; a deal is a
        tuple or list of ``int`` (not bool, float or str). ``ValueError`` names the deal and the fault.
        """
        _rules.check_deal(rules, deal, index)

    def initial_state(self, rules: Rules, setup: Setup) -> GodsState:
        return _start(rules, setup, None, 0, (0,) * rules.players, ())

    def score_floor(self, rules: Rules) -> int | None:
        """Points are only ever added (GH-SCORE-1): no seat goes below 0."""
        return scoring.score_floor(rules)

    def max_game_length(self, rules: Rules) -> int:
        """Per deal: the oracle cards, every card played, every card given, and at most one
        answer per waiting god at each gap (tricks + 1 gaps)."""
        return scoring.max_game_length(rules)

    def check_invariants(self, state: GodsState) -> None:
        """The game's own checks (``state.CHECKS``): card conservation (GH-COMP-1), equal hands (GH-SETUP-4),
        one intervention per god (GH-RULING-18), the gods' hands (GH-SETUP-2) and the field (GH-RULING-4),
        less those a variant switches off or replaces by ID."""
        run_checks(CHECKS, state)

    # -- the added phases' adapter (rulebook.variants.phases) ----------------------------

    #: the kinds of added phase the adapter below plays (GH-PHASE-2, GH-PHASE-4; GH-PHASE-3: what a pass shows)
    ADDED_PHASES = ("pass", "reveal")

    def phase_at(self, state: GodsState) -> str | None:
        """GH-PHASE-1: the printed phase whose first decision is next (``oracle`` before a deal's first
        prediction, ``tricks`` before the first card of its first trick), else ``None``."""
        if state.current_player is None:
            return None
        phase = state.phase
        if phase == ORACLE:
            return "oracle" if max(state.board[0].oracle) < 0 else None
        if phase == PLAY and not state.board[4] and not state.trick_cards:
            return "tricks"
        return None

    def trick_at(self, state: GodsState) -> int | None:
        """GH-PHASE-1: the index in its deal of the trick whose lead is next (once the gap's interventions
        are done), else ``None``."""
        if state.current_player is None or state.phase != PLAY or state.trick_cards:
            return None
        return len(state.board[4])

    def hands_of(self, state: GodsState) -> tuple[tuple[int, ...], ...]:
        """Every seat's hand (the gods' too: only the humans pass, GH-PHASE-2)."""
        return state.hands

    def with_hands(self, state: GodsState, hands: tuple[tuple[int, ...], ...]) -> GodsState:
        """``state`` with the hands replaced by ``hands`` (sorted; the deal's facts kept)."""
        new = tuple(tuple(sorted(h)) for h in hands)
        return _new_state(state.rules, state.setup, state.log, new, state.phase, state.current_player,
                          state.trick_cards, state.board)

    def pass_seats(self, state: GodsState) -> tuple[int, ...]:
        """GH-PHASE-2, GH-RULING-19: the deal's humans take part, in seat order; the gods neither pass nor
        receive."""
        return state.board[0].humans

    def round_of(self, state: GodsState) -> int:
        """The deal in progress (from 0): what a seat knows of an added phase lasts until the next deal."""
        return state.board[0].deal

    # -- observation tensor -------------------------------------------------------------

    def observation_size(self, rules: Rules) -> int:
        return _observation.observation_size(rules)

    def encode_observation(self, rules: Rules, observation: Any) -> tuple[int, ...]:
        """The observation's tensor: the fields of the layout in the docs page's table, in order."""
        return _observation.encode_observation(rules, observation)

    def tensor_encoder(self, rules: Rules) -> TensorEncoder | None:
        """The fast encoder: writes the tensor straight from the state
        (:class:`~rulebook.games.gods_and_humans.observation.TensorEncoder`), for the printed
        visibility; under another ``visible`` setting (GH-INFO-5 to GH-INFO-7) ``None``: the
        adapters then encode each observation, which follows the setting."""
        return TensorEncoder(rules) if rules.visible.printed else None

    # -- simulation helpers ----------------------------------------------------------------

    #: The heuristic as a plain function of ``(state, rng)``: ISMCTS playouts call it without
    #: the method's extra frame (the same moves and draws as :meth:`heuristic_action`).
    _rollout_policy = staticmethod(heuristic.heuristic_action)
    #: ISMCTS's playouts of the heuristic without a state per card (``rulebook.balance.players.RolloutKernel``)
    _rollout_kernel = staticmethod(heuristic.rollout_kernel)
    #: the totals after the deal's last card without dealing the next (``rulebook.balance.players.RoundEndTotals``)
    _round_end_totals = staticmethod(heuristic.round_end_totals)

    def heuristic_action(self, state: GodsState, rng: random.Random) -> GHAction:
        """A simple player using only what its seat sees.

        Oracle: count the strong cards (10+, and red 8+ with trump) of the human in
        question. Asking: intervene with probability 1/3 (always once the humans
        hold two cards). Giving: the partner gets the highest card if it still needs
        tricks, else the lowest; other humans the opposite. Playing: the highest legal
        card while short of the prediction, else the lowest. A card's power is its
        number, plus 20 for a trump; among equal powers the highest is the last legal
        one, the lowest the first.
        """
        check_rng(rng)
        return heuristic.heuristic_action(state, rng)

    def end_stats(self, state: GodsState) -> dict[str, float]:
        """Deals, exact predictions (all, lone), and where the interventions came from."""
        return scoring.end_stats(state)


GAME = GodsAndHumansGame(Rules, GodsState)
GodsState.GAME = GAME
