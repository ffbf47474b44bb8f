"""The Seven Prophecies game object: :class:`SevenProphecies` and ``GAME``."""

from __future__ import annotations

import random
from types import MappingProxyType
from typing import Any

import attrs

from rulebook.core.contract import Deal, Game, Setup, check_rng
from rulebook.core.encoding import BufferEncoder
from rulebook.core.logic import Trick
from rulebook.core.model import Content, with_checks
from rulebook.core.phases import Phase
from rulebook.i18n import N_

from . import heuristic, model, observation, scoring
from . import state as state_module
from .actions import PROPHECY, TRICK, ProphecyAction, action_table
from .observation import TensorEncoder
from .observation import encode_observation as encode
from .rules import DECK, ENDINGS, RULESETS, ZONES, Rules, SPRules, in_play
from .state import SevenPropheciesState, _deal_round

__all__ = ["GAME", "SevenProphecies"]


class SevenProphecies(Game[Rules, SevenPropheciesState, ProphecyAction]):
    """Seven Prophecies: 3-4 players (5 with a fifth suit), 52 cards (65), a prophecy of finishing places."""

    slug = "seven-prophecies"
    title = "Seven Prophecies (七つの予言)"
    prefix = "SP"
    Rules = Rules
    State = SevenPropheciesState
    player_counts = range(3, 6)
    deck = DECK
    rulesets = RULESETS

    #: SP-LOGIC-2: the count the engine keeps, which a variant's ``counters`` may change
    COUNTERS = MappingProxyType({
        "score": "each seat's score: its points (SP-SCORE-1); in variant 1 its successful rounds (SP-VAR-1); in "
        "variant 2 the cubes it moved (SP-VAR-2), to which a variant's changes are added; the target score "
        "(SP-END-6) and the successes that win (SP-VAR-1) read it",
    })
    #: SP-LOGIC-2: when a variant's ``counters`` and ``ends`` are called
    EVENTS = MappingProxyType({
        "trick": "each trick, once its places are given and the cubes moved (before the round's end is checked); "
        "the record is the trick's PlacedTrick (a TrickRecord with the future card and every place)",
        "round": "each round's end, once it is scored (before the game's end is checked); the record is the "
        "round's RoundRecord, and the state the round's last position (nobody to act)",
    })
    #: SP-LOGIC-3: the game's endings (``endings_off`` names them)
    ENDINGS = MappingProxyType(ENDINGS)
    #: SP-INFO-1: every place a card can be, and who sees it (rulebook.core.model)
    ZONES = ZONES
    #: a round as a program of named steps (rulebook.core.model)
    PROGRAM = model.PROGRAM
    #: the game's own consistency checks, by rule ID
    CHECKS = model.CHECKS
    #: the deciding rules a variant may replace by their IDs, the checks among them
    SLOTS = with_checks(model.SLOTS, model.CHECKS)
    #: the lists an added ``choose`` step may name (SP-RULING-15: ``move_cube``)
    CHOICES = MappingProxyType(model.CHOICES)
    PHASES = (
        Phase("deal", "chance", N_("the cards are dealt and the future row laid out (SP-SETUP-3)"), ("SP-SETUP-3",)),
        Phase("prophecies", "secret", N_("every player places cubes at once, in secret (SP-PROPH-1)"),
              ("SP-PROPH-1", "SP-PROPH-2")),
        Phase("tricks", "in_turn", N_("the start player leads (SP-SETUP-4)"), ("SP-SETUP-4", "SP-PLAY-1")),
        Phase("score", "chance", N_("the round is scored (SP-SCORE-1)"), ("SP-SCORE-1",)),
    )

    # -- the added phases' adapter (rulebook.variants.phases) ----------------------------

    def phase_at(self, state: SevenPropheciesState) -> str | None:
        """SP-PHASE-1: ``prophecies`` before a round's first cube, ``tricks`` before its first card."""
        if state.to_act is None:
            return None
        if state.phase == PROPHECY:
            return "prophecies" if not any(map(any, state.prophecies)) else None
        if state.phase == TRICK and not state._round_tricks and not state.trick:
            return "tricks"
        return None

    # -- the zones' adapter (rulebook.variants.zones) ----------------------------------------

    def zone_contents(self, state: SevenPropheciesState) -> tuple[Content, ...]:
        return observation.zone_contents(state)

    def with_zone_contents(self, state: SevenPropheciesState, contents: tuple[Content, ...]) -> SevenPropheciesState:
        return observation.with_zone_contents(state, contents)

    def zone_forbidden(self, state: SevenPropheciesState, seat: int) -> dict[tuple[str, int | None], frozenset[int]]:
        return observation.zone_forbidden(state, seat)

    def mask_observation(self, obs: Any, hidden: tuple[tuple[str, int | None, int], ...]) -> Any:
        return observation.mask_observation(obs, hidden)

    def zone_partners(self, rules: SPRules, seat: int) -> tuple[int, ...]:
        """SP-END-7: with partnerships, the seat facing ``seat``."""
        return ((seat + 2) % 4,) if rules.partners else ()

    def trick_at(self, state: SevenPropheciesState) -> int | None:
        """SP-PHASE-1: the index in its round of the trick whose lead is next, else ``None``."""
        if state.to_act is None or state.phase != TRICK or state.trick:
            return None
        return len(state._round_tricks)

    def hands_of(self, state: SevenPropheciesState) -> tuple[tuple[int, ...], ...]:
        return state.hands

    def with_hands(self, state: SevenPropheciesState, hands: tuple[tuple[int, ...], ...]) -> SevenPropheciesState:
        """``state`` with the hands replaced (sorted)."""
        return attrs.evolve(state, hands=tuple(tuple(sorted(h)) for h in hands))

    def pass_seats(self, state: SevenPropheciesState) -> tuple[int, ...]:
        """SP-PHASE-1: every seat takes part."""
        return tuple(range(state.rules.players))

    def round_of(self, state: SevenPropheciesState) -> int:
        return state.info.round

    def action_table(self, rules: SPRules) -> tuple[ProphecyAction, ...]:
        """``prophesy 1..P`` then ``play <card>`` for every card in play."""
        return action_table(rules)

    def random_deal(self, rules: SPRules, rng: random.Random, index: int) -> Deal:
        order = list(in_play(rules))
        rng.shuffle(order)
        return tuple(order)

    def check_deal(self, rules: SPRules, deal: Deal, index: int) -> None:
        """A deal is an order of the round's cards, each once (SP-SETUP-1, SP-SETUP-5).

        One deal per round, so at most ``rules.rounds`` deals: P (points), ``round_limit``
        (variant 1), ``round_count`` (end 'fixed') or 1 (variant 2). A deal is a tuple or list of
        exactly the cards in play (52 with 4 players, 44 with 3, in the printed game), each a real
        ``int`` (not a bool, float or str).
        """
        if type(index) is not int or not 0 <= index < rules.rounds:
            raise ValueError(f"deal {index!r}: this game has at most {rules.rounds} deals (one per round, SP-END-3)")
        if type(deal) not in (tuple, list):
            raise ValueError(f"deal {index}: must be a tuple or list of card numbers, not {type(deal).__name__}")
        cards = in_play(rules)
        if len(deal) != len(cards):
            raise ValueError(
                f"deal {index}: a {rules.players}-player deal orders the {len(cards)} cards in play, "
                f"not {len(deal)} (SP-SETUP-1, SP-SETUP-5)"
            )
        for i, c in enumerate(deal):
            if type(c) is not int:
                raise ValueError(f"deal {index}: card {i} must be an int, not {type(c).__name__} ({c!r})")
        if sorted(deal) != list(cards):
            raise ValueError(
                f"deal {index}: a {rules.players}-player deal must order the {len(cards)} cards in play "
                f"(card numbers {DECK.texts(cards[:1])}..{DECK.texts(cards[-1:])}), each once"
            )

    def initial_state(self, rules: SPRules, setup: Setup) -> SevenPropheciesState:
        """The first round's deal; the start player is ``Rules.first_player`` (SP-SETUP-4)."""
        n = rules.players
        logic = rules.logic  # SP-LOGIC-2..4: the variant's counts ride along only when it has some
        counts = (None if logic.counters is None and logic.ends is None and logic.leader is None
                  else ((((0,) * n, (0,) * n),), False))
        return _deal_round(rules, setup, None, 0, rules.first_player, (0,) * n, (0,) * n, (), counts)

    def check_invariants(self, state: SevenPropheciesState) -> None:
        """Card conservation (SP-SETUP-1), cube conservation (SP-TRICK-2), places (SP-RANK-1)."""
        state_module.check_invariants(state)

    def score_floor(self, rules: SPRules) -> int | None:
        """0 under the score floor (SP-SCORE-2, SP-RULING-1); none under the literal reading."""
        return scoring.score_floor(rules)

    def max_game_length(self, rules: SPRules) -> int:
        """Per round: P x ``cubes`` prophecy cubes and at most ``tricks`` tricks of P cards (SP-END-1)."""
        n = rules.players
        return rules.rounds * n * (rules.cubes + rules.tricks)

    # -- tensor, heuristic, statistics -------------------------------------------------

    def observation_size(self, rules: SPRules) -> int:
        return observation.observation_size(rules)

    def encode_observation(self, rules: SPRules, observation: Any) -> tuple[int, ...]:
        """The fields of :class:`Observation` as one-hots and counts (see the docs page)."""
        return encode(rules, observation)

    def tensor_encoder(self, rules: SPRules) -> BufferEncoder:
        """The game's ``TensorEncoder`` (in its ``observation`` module): the tensor straight from a state."""
        return TensorEncoder(rules)

    #: The heuristic as a plain function of ``(state, rng)``: ISMCTS playouts call it without
    #: the method's extra frame (the same moves and draws as :meth:`heuristic_action`).
    _rollout_policy = staticmethod(heuristic.heuristic_action)
    #: The heuristic's own playout on plain lists (``rulebook.balance.players.RolloutKernel``): the same states.
    _rollout_kernel = staticmethod(heuristic.rollout_kernel)
    #: the scores after a round's last card without recording it or dealing the next
    #: (``rulebook.balance.players.RoundEndTotals``)
    _round_end_totals = staticmethod(heuristic.round_end_totals)

    def heuristic_action(self, state: SevenPropheciesState, rng: random.Random) -> ProphecyAction:
        """Prophesy the places the hand's cards look likely to take; then play for a place
        that still carries one of one's cubes (draws nothing from ``rng``)."""
        check_rng(rng)
        return heuristic.heuristic_action(state, rng)

    def resolve_trick(self, trick: Trick) -> int:
        """The seat in 1st place of a complete trick (SP-LOGIC-1, SP-RANK-1..5, SP-TRICK-3):
        :func:`~rulebook.games.seven_prophecies.resolve_trick`."""
        return scoring.resolve_trick(trick)

    def cards_in_play(self, rules: SPRules) -> tuple[int, ...]:
        """SP-COMP-1, SP-SETUP-5, SP-RULING-17: the cards a round deals."""
        return in_play(rules)

    def printed_places(self, trick: Trick) -> tuple[int, ...]:
        """The seats of a complete trick from 1st place to last by the printed ranking (SP-RANK-1..5),
        for a variant that replaces SP-RANK-1."""
        return scoring.printed_places(trick)

    def end_stats(self, state: SevenPropheciesState) -> dict[str, float]:
        """Rounds, how they ended, and the tricks they lasted."""
        return scoring.end_stats(state)


GAME = SevenProphecies()
SevenPropheciesState.GAME = GAME
