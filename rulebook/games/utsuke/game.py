"""The UTSUKE game object: :class:`UtsukeGame` and ``GAME``; its methods call the sibling modules."""

from __future__ import annotations

import random
from itertools import repeat, starmap
from types import MappingProxyType
from typing import Any

from rulebook.core.contract import Deal, Game, Setup, check_rng
from rulebook.core.history import Player
from rulebook.core.logic import Trick
from rulebook.core.model import Content, with_checks
from rulebook.core.phases import Phase
from rulebook.i18n import N_

from . import heuristic, model, observation, scoring
from . import state as state_module
from .actions import UtsukeAction, action_table
from .observation import TensorEncoder, encode_observation, observation_size
from .rules import DECK, ENDINGS, RULESETS, ZONES, Rules
from .state import UtsukeState, _new_state, _round_start

__all__ = ["GAME", "UtsukeGame"]


class UtsukeGame(Game[Rules, UtsukeState, UtsukeAction]):
    """UTSUKE: 2-6 players bid on the tricks of the NPC lord (the source says 2-5; six is UT-RULING-18)."""

    slug = "utsuke"
    title = "UTSUKE (うつけ)"
    prefix = "UT"
    player_counts = range(2, 7)
    #: UT-LOGIC-2: the counts the engine keeps per seat (``honour`` feeds ``scores``)
    COUNTERS = MappingProxyType({
        "honour": "honour (誉) per seat: the score; the printed end wins at honour_to_win (UT-END-1)",
        "chips": "execution chips (打ち首) per seat: chips_to_lose loses (UT-END-2)",
    })
    #: UT-LOGIC-2: when a variant's counters are called, and the record each event passes
    EVENTS = MappingProxyType({
        "trick": "after each trick (a TrickRecord; number: the trick's number in the game from 0)",
        "round": "after each round's results, before the end checks (an UtsukeRound, not yet changed by "
                 "the variant; number: the round from 0)",
    })
    #: UT-LOGIC-3: the printed game's endings; ``endings_off`` may switch off ``chips``
    ENDINGS = MappingProxyType(ENDINGS)
    #: UT-LORD-8: the non-player characters, each with the option naming its policy; a Python
    #: variant may give either a function instead (``Variant(..., npcs={"lord": fn})``)
    NPCS = MappingProxyType({"lord": "lord_policy", "young lord": "young_lord_policy"})
    #: the rule a policy's wrong answer cites
    NPC_RULE = "UT-LORD-8"
    #: every place an item can be, and who sees it (rulebook.core.model)
    ZONES = ZONES
    #: the round as a program of named steps (rulebook.core.model)
    PROGRAM = model.PROGRAM
    #: the game's own consistency checks, by rule ID
    CHECKS = model.CHECKS
    #: the deciding rules a variant may replace by their IDs, the checks among them
    SLOTS = with_checks(model.SLOTS, model.CHECKS)
    #: the printed round (UT-PHASE-1 names them for the phases a variant adds)
    PHASES = (
        Phase("deal", "chance", N_("the dealer deals (UT-SETUP-4)"), ("UT-SETUP-4",)),
        Phase("bid", "secret", N_("the seat after the lord bids first (UT-BID-2)"), ("UT-BID-1", "UT-BID-2")),
        Phase("tricks", "in_turn", N_("the lord leads the first trick (UT-PLAY-1)"), ("UT-PLAY-1",)),
        Phase("score", "chance", N_("the results are read out (UT-SCORE-1)"), ("UT-SCORE-1",)),
    )
    deck = DECK
    nobody_may_win = True  # UT-RULING-4: when every seat loses, nobody wins
    rulesets = RULESETS

    def action_table(self, rules: Rules) -> tuple[UtsukeAction, ...]:
        """``bid 0`` .. ``bid 15`` (0..15), then ``play <card>`` for the 60 cards (16..75); with bids above
        15 (UT-RULING-24) the bids run to ``max_bid``, then the plays."""
        return action_table(rules)

    def random_deal(self, rules: Rules, rng: random.Random, index: int) -> Deal:
        """A uniformly random order of the 60 cards (sorting by random keys: faster than shuffle)."""
        # one draw per card, in card order, as a key function would take them
        keys = list(starmap(rng.random, repeat((), DECK.size)))
        return tuple(sorted(DECK.cards, key=keys.__getitem__))

    def check_deal(self, rules: Rules, deal: Deal, index: int) -> None:
        """A deal is an order of the 60 cards, each once (UT-SETUP-4); one per round.

        Checked exactly, never coerced: a tuple or list of 60 ``int`` (not bool, float or
        str). There can be no more deals than the game can have rounds, ``max_rounds(rules)``
        (UT-END-5): 9 with the printed rules and four players.
        """
        limit = self.max_rounds(rules)
        if type(index) is not int or not 0 <= index < limit:
            raise ValueError(f"deal {index!r}: a game with these rules has at most {limit} rounds (UT-END-5), "
                             f"so deals 0..{limit - 1}")
        DECK.check_order(deal, index)

    def initial_state(self, rules: Rules, setup: Setup) -> UtsukeState:
        """The first round: the lord at ``rules.first_lord`` (UT-SETUP-3), then the deal."""
        players = rules.players
        return _round_start(self, rules, setup, None, 0, rules.first_lord, (0,) * players, (0,) * players, ())

    def resolve_trick(self, trick: Trick) -> Player:
        """Who wins ``trick`` (UT-LOGIC-1, UT-TRICK-1): :func:`rulebook.games.utsuke.resolve_trick`."""
        return scoring.resolve_trick(trick)

    def score_floor(self, rules: Rules) -> int | None:
        """Honour starts at 0 and never decreases (UT-SCORE-2, UT-SCORE-3)."""
        return scoring.score_floor(rules)

    def max_rounds(self, rules: Rules) -> int:
        """UT-END-5: at most ``players * (honour_to_win - 1) + 1`` rounds."""
        return scoring.max_rounds(rules)

    def max_game_length(self, rules: Rules) -> int:
        """UT-END-5: rounds bound times (one bid + one card per trick) per player."""
        return self.max_rounds(rules) * rules.players * (1 + rules.tricks_per_round)

    def check_invariants(self, state: UtsukeState) -> None:
        """Card conservation, the chip's card, equal hands and the score ranges."""
        state_module.check_invariants(state)

    # -- the added phases' adapter (rulebook.variants.phases) ----------------------------

    #: the kinds of added phase the adapter below plays (UT-PHASE-2, UT-PHASE-4)
    ADDED_PHASES = ("pass", "reveal")

    def phase_at(self, state: UtsukeState) -> str | None:
        """UT-PHASE-1: the printed phase whose first decision is next (``bid`` before a round's first
        bid, ``tricks`` before the first card a seat plays in a round), else ``None``."""
        seat = state.current_player
        if seat is None:
            return None
        board = state.board
        bids = board[1]
        if max(bids) < 0:
            return "bid"
        if board[4] or min(bids) < 0:
            return None
        hands = state.hands
        size = len(hands[0])
        if all(len(hands[s]) == size for s in range(1, len(bids))):
            return "tricks"
        return None

    # -- the zones' adapter (rulebook.variants.zones) ----------------------------------------

    #: the roles a sight may name (UT-RULING-23)
    ROLES = MappingProxyType({"chamberlain": "the player to the lord's right, who plays just before it"})

    def zone_contents(self, state: UtsukeState) -> tuple[Content, ...]:
        return observation.zone_contents(state)

    def with_zone_contents(self, state: UtsukeState, contents: tuple[Content, ...]) -> UtsukeState:
        return observation.with_zone_contents(state, contents)

    def zone_forbidden(self, state: UtsukeState, seat: int) -> dict[tuple[str, int | None], frozenset[int]]:
        return observation.zone_forbidden(state, seat)

    def mask_observation(self, obs: Any, hidden: tuple[tuple[str, int | None, int], ...]) -> Any:
        return observation.mask_observation(obs, hidden)

    def zone_roles(self, state: UtsukeState) -> dict[str, tuple[int, ...]]:
        """UT-RULING-23: the chamberlain is the player to the lord's right, who plays just before it."""
        return {"chamberlain": ((state.lord_before - 1) % state.rules.players,)}

    def zone_partners(self, rules: Rules, seat: int) -> tuple[int, ...]:
        """UT-END-7: with partners, the seat facing ``seat``."""
        return ((seat + 2) % 4,) if rules.teams else ()

    def trick_at(self, state: UtsukeState) -> int | None:
        """UT-PHASE-1: the index in its round of the trick whose first card played by a seat is next (a lord
        that leads has played already: UT-RULING-22), else ``None``."""
        seat = state.current_player
        if seat is None or min(state.board[1]) < 0:
            return None
        players = state.rules.players
        place = state.leader
        for _ in state.trick:  # every card so far a lord's
            if place < players:
                return None
            place = state.nxt[place]
        return len(state._round_tricks)

    def hands_of(self, state: UtsukeState) -> tuple[tuple[int, ...], ...]:
        """The seats' hands (the lord's and the young lord's rows are not hands: UT-PHASE-1)."""
        return state.hands[: state.rules.players]

    def with_hands(self, state: UtsukeState, hands: tuple[tuple[int, ...], ...]) -> UtsukeState:
        """``state`` with the seats' hands replaced by ``hands`` (sorted; the NPC rows kept)."""
        players = state.rules.players
        new = tuple(tuple(sorted(h)) for h in hands) + state.hands[players:]
        return _new_state(state.rules, state.setup, state.log, state.board, new, state.trick, state.current_player)

    def pass_seats(self, state: UtsukeState) -> tuple[int, ...]:
        """UT-PHASE-2: every seat takes part; the lord (and the young lord) neither pass nor receive."""
        return tuple(range(state.rules.players))

    def round_of(self, state: UtsukeState) -> int:
        """The round in progress (from 0): what a seat knows of an added phase lasts until the next deal."""
        return state.board[0][0]

    # -- tensor ------------------------------------------------------------------------

    def observation_size(self, rules: Rules) -> int:
        return observation_size(rules)

    def encode_observation(self, rules: Rules, observation: Any) -> tuple[int, ...]:
        """The fields of :class:`~rulebook.games.utsuke.Observation` as ints; layout in ``docs/games/utsuke.md``."""
        return encode_observation(rules, observation)

    def tensor_encoder(self, rules: Rules) -> TensorEncoder:
        """The numpy-free fast encoder of the observation tensor (``observation.TensorEncoder``)."""
        return TensorEncoder(rules)

    # -- players and reports ---------------------------------------------------------

    #: The heuristic as a plain function of ``(state, rng)``: ISMCTS playouts call it without
    #: the method's extra frame (the same moves and draws as :meth:`heuristic_action`).
    _rollout_policy = staticmethod(heuristic.heuristic_action)
    #: The heuristic's own playout on plain tuples (``rulebook.balance.players.RolloutKernel``).
    _rollout_kernel = staticmethod(heuristic.rollout_kernel)
    #: the totals after the round's last card without dealing the next (``rulebook.balance.players.RoundEndTotals``)
    _round_end_totals = staticmethod(heuristic.round_end_totals)

    def heuristic_action(self, state: UtsukeState, rng: random.Random) -> UtsukeAction:
        """Bid the lord's high cards and trumps; play to keep the lord on one's bid.

        Bidding: count the lord's cards that are trumps or numbered 10 or more. Playing:
        duck (play the lowest card) when winning would take more tricks than the lord
        or when the lord still needs tricks to reach one's bid; otherwise win as cheaply
        as possible. Draws nothing from ``rng``.
        """
        check_rng(rng)
        return heuristic.heuristic_action(state, rng)

    def end_stats(self, state: UtsukeState) -> dict[str, float]:
        """Rounds played and how the game ended."""
        return scoring.end_stats(state)


GAME = UtsukeGame(Rules, UtsukeState)
UtsukeState.GAME = GAME
