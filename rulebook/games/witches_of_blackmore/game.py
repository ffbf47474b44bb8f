"""The Witches of Blackmore game object: :class:`WitchesGame` and ``GAME``."""

from __future__ import annotations

import random
from types import MappingProxyType

import attrs

from rulebook.core.contract import Deal, Game, Setup, check_rng
from rulebook.core.logic import Trick
from rulebook.core.model import Content, with_checks
from rulebook.core.phases import Phase
from rulebook.i18n import N_

from . import heuristic, model, observation, scoring
from .actions import _TABLE, PLAYING, WitchesAction
from .observation import Observation, TensorEncoder
from .rules import _SUIT, DECK, ENDINGS, RULESETS, ZONES, Rules, check_deal, random_deal
from .state import WitchesState, check_invariants, initial_state

__all__ = ["GAME", "WitchesGame"]


class WitchesGame(Game[Rules, WitchesState, WitchesAction]):
    """The Witches of Blackmore: 2-6 players, 54 cards, the witches' wheel."""

    slug = "witches-of-blackmore"
    title = "The Witches of Blackmore"
    prefix = "WB"
    player_counts = range(2, 7)
    deck = DECK
    rulesets = RULESETS

    #: WB-LOGIC-2: the count the engine keeps, which a variant's ``counters`` may change
    COUNTERS = MappingProxyType({
        "score": "each seat's points: the points of its captured cards (WB-SCORE-1), less the trumps it laid "
        "(WB-TRUMP-1), plus what a variant added; the highest wins (WB-SCORE-2)",
    })
    #: WB-LOGIC-2: when a variant's ``counters`` and ``ends`` are called
    EVENTS = MappingProxyType({
        "trick": "each trick, once its winner has captured it (before the trump decision and the refill); "
        "the record is the trick's TrickRecord",
        "round": "the end of the game (the game is one deal), before the final scores are read; the record is "
        "the game's RoundRecord",
    })
    #: WB-LOGIC-3: the printed game's endings and the house rules' (``endings_off`` names them)
    ENDINGS = MappingProxyType(ENDINGS)
    #: WB-INFO-1: every place a card can be, and who sees it (rulebook.core.model)
    ZONES = ZONES
    #: WB-LOGIC-1, WB-RULING-16: a variant's trick_winner may give an Outcome (cards that join the trick from
    #: the draw pile, a winner that is no seat)
    OUTCOMES = True
    #: the game, one deal, as a program of named steps (rulebook.core.model)
    PROGRAM = model.PROGRAM
    #: the game's own consistency checks, by rule ID
    CHECKS = model.CHECKS
    #: the deciding rules a variant may replace by their IDs, the checks among them
    SLOTS = with_checks(model.SLOTS, model.CHECKS)
    #: the printed game, one deal (WB-PHASE-1 names them for the phases a variant adds)
    PHASES = (
        Phase("deal", "chance", N_("the dealer deals and turns up the first trump (WB-SETUP-1)"), ("WB-SETUP-1",)),
        Phase("tricks", "in_turn", N_("the first leader leads (WB-SETUP-4)"), ("WB-SETUP-4", "WB-PLAY-1")),
        Phase("score", "chance", N_("the captured cards are counted (WB-SCORE-1)"), ("WB-SCORE-1",)),
    )

    # -- the added phases' adapter (rulebook.variants.phases) ----------------------------

    def phase_at(self, state: WitchesState) -> str | None:
        """WB-PHASE-1: ``tricks`` before the game's first card, else ``None``."""
        if state.current_player is not None and not state.board[7] and not state.trick and state.phase == PLAYING:
            return "tricks"
        return None

    def trick_at(self, state: WitchesState) -> int | None:
        """WB-PHASE-1: the index of the trick whose lead is next (the game is one deal), else ``None``."""
        if state.current_player is None or state.phase != PLAYING or state.trick:
            return None
        return len(state.board[7])

    def hands_of(self, state: WitchesState) -> tuple[tuple[int, ...], ...]:
        return state.hands

    def with_hands(self, state: WitchesState, hands: tuple[tuple[int, ...], ...]) -> WitchesState:
        """``state`` with the hands replaced (sorted). WB-PHASE-2: a card everyone knows is in a hand
        (drawn from the trump stack, WB-INFO-1) stays known in the hand that now holds it."""
        new = tuple(tuple(sorted(h)) for h in hands)
        board = state.board
        every = [c for k in board[6] for c in k]
        known = tuple((*(c for c in board[6][s] if c in hand),
                       *(c for c in every if c in hand and c not in board[6][s]))
                      for s, hand in enumerate(new))
        return attrs.evolve(state, hands=new, board=(*board[:6], known, *board[7:]))

    def pass_seats(self, state: WitchesState) -> tuple[int, ...]:
        """WB-PHASE-1: every seat takes part."""
        return tuple(range(state.rules.players))

    def round_of(self, state: WitchesState) -> int:
        """The game is one deal."""
        return 0

    #: the kinds of added phase the adapter plays (WB-PHASE-1, WB-PHASE-3, WB-PHASE-4)
    ADDED_PHASES = ("pass", "draft", "exchange")
    #: the rule each kind's illegal choices cite (WB-PHASE-n)
    PHASE_RULES = MappingProxyType({"pass": 1, "draft": 3, "exchange": 4})
    #: WB-PHASE-3: the draw pile, whose items join a hand
    PILES = MappingProxyType({"hand": "hand"})

    def pile_items(self, element: str) -> tuple[tuple[int, str], ...]:
        """Every card the draw pile may hold, with its short text."""
        return tuple((c, self.card_text(c)) for c in DECK.cards)

    def pile_of(self, state: WitchesState, element: str) -> tuple[int, ...]:
        """WB-PHASE-3, WB-PHASE-4: the draw pile, top first (the deal's order after the cards drawn); the
        cards laid back lie at its bottom, where a resample keeps them for their player (WB-RULING-13)."""
        return state.deck[state.drawn :]

    def pile_value(self, state: WitchesState, element: str, item: int) -> float:
        """What the heuristic deems a card worth in hand under the trump in play
        (``heuristic.hand_value``): a draft keeps the dearest,
        an exchange returns the cheapest."""
        trumps = state.board[2]
        suit = _SUIT[trumps[-1]] if trumps and state.rules.trump_colour else None
        return heuristic.hand_value(state.rules, (item,), state.board[3], suit)

    def with_pile(self, state: WitchesState, element: str, pile: tuple[int, ...]) -> WitchesState:
        """``state`` with the draw pile replaced by ``pile`` (top first; its size may change with a draft)."""
        board = state.board
        return attrs.evolve(state, board=(state.deck[: state.drawn] + tuple(pile), *board[1:]))

    # -- the zones' adapter (rulebook.variants.zones) ----------------------------------------

    def zone_contents(self, state: WitchesState) -> tuple[Content, ...]:
        return observation.zone_contents(state)

    def with_zone_contents(self, state: WitchesState, contents: tuple[Content, ...]) -> WitchesState:
        return observation.with_zone_contents(state, contents)

    def mask_observation(self, obs: Observation, hidden: tuple[tuple[str, int | None, int], ...]) -> Observation:
        return observation.mask_observation(obs, hidden)

    def zone_partners(self, rules: Rules, seat: int) -> tuple[int, ...]:
        """WB-SCORE-4: with teams, the seat facing ``seat``."""
        return (observation.partner(rules, seat),) if rules.teams else ()

    def action_table(self, rules: Rules) -> tuple[WitchesAction, ...]:
        return _TABLE

    def random_deal(self, rules: Rules, rng: random.Random, index: int) -> Deal:
        return random_deal(rng, rules)

    def check_deal(self, rules: Rules, deal: Deal, index: int) -> None:
        """A deal is an order of the cards in play, each once (WB-SETUP-1, WB-COMP-3); the game has
        one deal. Checked exactly, never coerced: a tuple or list of ``int`` (not bool, float or str).
        """
        check_deal(deal, index, rules)

    def initial_state(self, rules: Rules, setup: Setup) -> WitchesState:
        """Deal the hands (WB-SETUP-1, WB-SETUP-2), turn up the first trump (WB-SETUP-3,
        WB-RULING-11); the rest is the pile; the first leader leads (WB-SETUP-4)."""
        return initial_state(rules, setup.deal(self, rules, 0), setup)

    def check_invariants(self, state: WitchesState) -> None:
        """Card conservation (WB-COMP-1) and the trump stack's alignment (WB-TRUMP-2)."""
        check_invariants(state)

    def observation_size(self, rules: Rules) -> int:
        return observation.observation_size(rules)

    def encode_observation(self, rules: Rules, obs: Observation) -> tuple[int, ...]:
        """The tensor of an :class:`Observation` (WB-INFO-1); layout in the docs page."""
        return observation.encode_observation(rules, obs)

    def tensor_encoder(self, rules: Rules) -> TensorEncoder:
        """The fast encoder of ``rules`` (:class:`~rulebook.games.witches_of_blackmore.TensorEncoder`)."""
        return TensorEncoder(rules)

    #: The heuristic as a plain function of ``(state, rng)``: ISMCTS playouts call it without
    #: the method's extra frame (the same moves and draws as :meth:`heuristic_action`).
    _rollout_policy = staticmethod(heuristic.heuristic_action)

    def heuristic_action(self, state: WitchesState, rng: random.Random) -> WitchesAction:
        """Win the trick with the cheapest winning card, else throw the cheapest card (with
        partners, give the partner taking the trick the dearest); after a win, lay the trick's
        card as the new trump when the hand's gain beats the card's points, else keep the trump.

        Among cards of equal points one is drawn at random: every candidate draws one
        ``rng.random()``, in the order of ``legal_actions``, and the lowest draw wins.
        """
        check_rng(rng)
        return heuristic.heuristic_action(state, rng)

    def resolve_trick(self, trick: Trick) -> int:
        """Who wins a complete trick under ``trick.rules`` (WB-LOGIC-1, WB-TRICK-1..3, WB-TRICK-6):
        :func:`~rulebook.games.witches_of_blackmore.scoring.resolve_trick`."""
        return scoring.resolve_trick(trick)

    def trick_keys(self, state: WitchesState, lead: int) -> tuple[int, ...]:
        """The printed strength of every card in a trick led with ``lead`` (the higher wins; WB-TRICK-1..3,
        WB-TRICK-6) under the trump and the wheel of ``state``: for a variant that judges more cards than
        the seats played (WB-LOGIC-1, WB-RULING-16); ``rulebook.core.tricks.best_position`` reads them."""
        board = state.board
        trumps = board[2]
        tsuit = _SUIT[trumps[-1]] if trumps and state.rules.trump_colour else 6
        keys: tuple[int, ...] = board[8].win[board[3]][tsuit][_SUIT[lead]]
        return keys

    def end_stats(self, state: WitchesState) -> dict[str, float]:
        return scoring.end_stats(state)

    def score_floor(self, rules: Rules) -> int:
        """Scores are sums of captured card numbers (WB-SCORE-1), never below 0."""
        return scoring.score_floor(rules)

    def max_game_length(self, rules: Rules) -> int:
        """A proven bound (WB-END-5): plays, plus one trump decision per trick.

        Cards reach hands only from the deal, the pile (53 cards with the first trump
        turned up, in the printed deck) and the single refill from the trump stack (WB-END-2: at most one
        card per player), so there are at most ``53 + players`` plays; every trick
        has at least one play and offers at most one decision.
        """
        return scoring.max_game_length(rules)


GAME = WitchesGame(Rules, WitchesState)
WitchesState.GAME = GAME
