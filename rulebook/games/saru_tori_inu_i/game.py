"""Saru Tori Inu I: the :class:`~rulebook.core.contract.Game` and the ``GAME`` object."""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

from rulebook.core.cards import Deck
from rulebook.core.contract import Deal, Game, Setup, check_rng
from rulebook.core.history import Player
from rulebook.core.logic import Trick
from rulebook.core.model import Content, run_checks, with_checks
from rulebook.core.phases import Phase
from rulebook.i18n import N_

from . import model, observation
from .actions import PLAY, SaruAction, _tab
from .heuristic import heuristic_action, rollout_kernel, round_end_totals
from .model import CHECKS
from .observation import TensorEncoder, encode_observation, observation_size
from .rules import (
    COLOURS,
    ENDINGS,
    LETTERS,
    MAX_MISSIONS,
    NOT_PLAYED,
    RULESETS,
    ZONES,
    Rules,
    check_deal,
    random_deal,
)
from .scoring import end_stats, resolve_trick
from .state import SaruState, _race_start


class SaruGame(Game[Rules, SaruState, SaruAction]):
    """Saru Tori Inu I: 3-4 players, 36 oracle cards, a race of four animals."""

    slug = "saru-tori-inu-i"
    title = "Saru Tori Inu I (サルトリイヌイ)"
    prefix = "ST"
    player_counts = range(3, 5)
    #: The card names of the PLACEHOLDER deck (ST-DATA-2): colour letter and strength 1-9,
    #: ``R1`` = card 0 ... ``K9`` = card 35. A custom ``Rules.deck`` names its own cards
    #: (``rules.deck[c].name``, as the actions print them).
    deck = Deck(suits=tuple(zip(COLOURS, LETTERS)), ranks=range(1, 10))
    # The printed game, the source's short games and the spec's house rules (rules.RULESETS).
    rulesets = RULESETS

    #: ST-LOGIC-2: the counts the engine keeps and a variant's ``counters`` may change (the
    #: first feeds ``scores``)
    COUNTERS: ClassVar[Mapping[str, str]] = MappingProxyType({
        "score": "each seat's points of the races scored so far (ST-RACE-2); the highest total wins",
        "squares": "each animal's square on the road, four numbers (monkey, dog, bird, boar), not one per "
        "seat: the race order and the colour points read them (ST-ROAD-3, ST-ROAD-4)",
    })
    #: ST-LOGIC-2: when the counters change, and the record a variant's function receives
    EVENTS: ClassVar[Mapping[str, str]] = MappingProxyType({
        "trick": "a round of play, the game's counterpart of a trick, is over and the new oracle area laid "
        "(ST-ROUND-1); the record is a RoundOfPlay, a TrickRecord (the cards played, who resolved first) with "
        "the strengths, the order of resolution and the animals' squares",
        "round": "a race is scored (ST-SCORE-1..4): the game's rounds are its races; the record is the race's "
        "RoundRecord, the state the race as it ended, its points in the scores (nobody to move yet, even when "
        "another race follows)",
    })
    #: ST-LOGIC-3: the printed game's endings and the rules that state them (``Rules.endings_off``)
    ENDINGS: ClassVar[Mapping[str, str]] = MappingProxyType(dict(ENDINGS))
    #: every place an item can be, and who sees it (rulebook.core.model)
    ZONES = ZONES
    #: the round as a program of named steps (rulebook.core.model)
    PROGRAM = model.PROGRAM
    #: the game's own consistency checks, by rule ID
    CHECKS = model.CHECKS
    #: the deciding rules a variant may replace by their IDs, the checks among them
    SLOTS = with_checks(model.SLOTS, model.CHECKS)
    #: ST-PHASE-1: a race's steps, which the phases a variant adds name
    PHASES = (
        Phase("deal", "chance", N_("the cards and the missions are dealt (ST-SETUP-1)"), ("ST-SETUP-1",)),
        Phase("rounds", "in_turn", N_("the start player plays first (ST-PLAY-1)"), ("ST-SETUP-5", "ST-PLAY-1")),
        Phase("score", "chance", N_("the race is scored (ST-SCORE-1)"), ("ST-SCORE-1",)),
    )

    # -- the added phases' adapter (rulebook.variants.phases, rulebook.variants.piles) ---------

    #: the kinds of added phase the adapter plays (ST-PHASE-2, ST-PHASE-3, ST-PHASE-4)
    ADDED_PHASES = ("pass", "reveal", "draft", "exchange")
    #: the rule each kind's illegal choices cite (ST-PHASE-n)
    PHASE_RULES: ClassVar[Mapping[str, int]] = MappingProxyType({"pass": 2, "reveal": 2, "draft": 3, "exchange": 4})
    #: ST-PHASE-3: the missions not dealt are a pile; each seat holds one
    PILES: ClassVar[Mapping[str, str]] = MappingProxyType({"missions": "one"})

    def phase_at(self, state: SaruState) -> str | None:
        """ST-PHASE-1: ``rounds`` before a race's first card, else ``None``."""
        if (state.to_act is None or state.phase != PLAY or state.rnd or state.qi
                or any(v != NOT_PLAYED for v in state.shown) or state.road or any(state.acquired)):
            return None
        return "rounds"

    def trick_at(self, state: SaruState) -> int | None:
        """ST-PHASE-1: the index in its race of the round of play whose first card is next, else ``None``."""
        if state.to_act is None or state.phase != PLAY or any(v != NOT_PLAYED for v in state.shown):
            return None
        return int(state.rnd)

    def hands_of(self, state: SaruState) -> tuple[tuple[int, ...], ...]:
        return state.hands

    # -- the zones' adapter (rulebook.variants.zones) ----------------------------------------

    def zone_contents(self, state: SaruState) -> tuple[Content, ...]:
        return observation.zone_contents(state)

    def with_zone_contents(self, state: SaruState, contents: tuple[Content, ...]) -> SaruState:
        return observation.with_zone_contents(state, contents)

    def zone_valid(self, state: SaruState) -> bool:
        return observation.zone_valid(state)

    def mask_observation(self, obs: Any, hidden: tuple[tuple[str, int | None, int], ...]) -> Any:
        return observation.mask_observation(obs, hidden)

    def with_hands(self, state: SaruState, hands: tuple[tuple[int, ...], ...]) -> SaruState:
        """``state`` with the hands replaced (sorted); a card known to be in a hand (ST-RES-5) stays
        known only where it still is."""
        new = tuple(tuple(sorted(h)) for h in hands)
        known = tuple(tuple(c for c in k if c in new[s]) for s, k in enumerate(state.known))
        return state.replace(hands=new, known=known)

    def pass_seats(self, state: SaruState) -> tuple[int, ...]:
        """ST-PHASE-1: every seat takes part."""
        return tuple(range(state.rules.players))

    def round_of(self, state: SaruState) -> int:
        """The race: the missions and the hands are dealt anew at each (ST-RACE-1)."""
        return state.race

    def pile_items(self, element: str) -> tuple[tuple[int, str], ...]:
        """Every mission a game may hold, named by its place in the game's list, from 1."""
        return tuple((m, f"mission {m + 1}") for m in range(MAX_MISSIONS))

    def pile_of(self, state: SaruState, element: str) -> tuple[int, ...]:
        """ST-PHASE-3: the missions not held, in the order of the race's deal (ST-SETUP-4); the dealt
        mission is the first a draft deals (ST-RULING-22), so the draft deals from these."""
        held = set(state.missions)
        order = state.setup.deal(self, state.rules, state.race)[state.rules.deck_size:]
        return tuple(m for m in order if m not in held)

    def with_pile(self, state: SaruState, element: str, pile: tuple[int, ...]) -> SaruState:
        """ST-PHASE-3: the race never draws from the missions' pile again, so its order is not kept."""
        return state

    def held_of(self, state: SaruState, element: str) -> tuple[tuple[int, ...], ...]:
        """Each seat's mission of the race, as a one-item tuple (empty without missions, ST-SCORE-5)."""
        missions = state.missions
        return tuple((missions[s],) if missions else () for s in range(state.rules.players))

    def with_held(self, state: SaruState, element: str, held: tuple[tuple[int, ...], ...]) -> SaruState:
        """``state`` with each seat's mission the one item it holds."""
        return state.replace(missions=tuple(h[0] for h in held))

    def action_table(self, rules: Rules) -> tuple[SaruAction, ...]:
        return _tab(rules).actions

    def random_deal(self, rules: Rules, rng: random.Random, index: int) -> Deal:
        return random_deal(rules, rng)

    def check_deal(self, rules: Rules, deal: Deal, index: int) -> None:
        """A race's deal: an order of the deck's cards (36 printed), then an order of the missions (ST-SETUP-1).

        One deal per race, so at most ``rules.race_count`` deals (the number of players with
        ``races='full'``, 2 with ``'short'``, 1 with ``'trial'``); a deal is a tuple or list
        of ``int`` (not bool, float or str). Faults raise ``ValueError`` naming the deal.
        """
        check_deal(rules, deal, index)

    def initial_state(self, rules: Rules, setup: Setup) -> SaruState:
        """The first race's set-up (ST-SETUP-1..5)."""
        n = rules.players
        return _race_start(rules, setup, None, 0, (0,) * n, (), (), 0, ())

    def max_game_length(self, rules: Rules) -> int:
        """Per round each seat plays once (the declarer: declare and two cards), places at
        most twice and takes once: at most 6 actions per seat and round (with the ending
        ``rounds`` switched off a race has at most one round per card, ST-LOGIC-3)."""
        return rules.race_count * rules.race_rounds * rules.players * 6

    def resolve_trick(self, trick: Trick) -> Player:
        """Who wins a round of play: the seat that resolves first, the highest strength played
        or declared (ST-LOGIC-1, ST-RES-1; see :func:`~rulebook.games.saru_tori_inu_i.resolve_trick`)."""
        return resolve_trick(trick)

    def check_invariants(self, state: SaruState) -> None:
        """The game's own checks (``state.CHECKS``): card conservation (ST-COMP-1), distinct strengths
        (ST-PLAY-2), the animals' squares (ST-ROAD-3), known cards (ST-INFO-1) and the missions
        (ST-SETUP-4), less those a variant switches off or replaces by ID."""
        run_checks(CHECKS, state)

    # -- observation tensor -------------------------------------------------------------

    def observation_size(self, rules: Rules) -> int:
        return observation_size(rules)

    def encode_observation(self, rules: Rules, observation: Any) -> tuple[int, ...]:
        """See the docs page's table: one-hots and counts, built from the observation only."""
        return encode_observation(rules, observation)

    def tensor_encoder(self, rules: Rules) -> TensorEncoder:
        return TensorEncoder(rules)

    # -- players and statistics ----------------------------------------------------------

    #: The heuristic as a plain function of ``(state, rng)``: ISMCTS playouts call it without
    #: the method's extra frame (the same moves and draws as :meth:`heuristic_action`).
    _rollout_policy = staticmethod(heuristic_action)
    #: The heuristic's own playout on plain lists: the states, moves and draws of ``_rollout_policy``.
    _rollout_kernel = staticmethod(rollout_kernel)
    #: the totals after the race's last move without scoring it into records or setting up the next race
    #: (``rulebook.balance.players.RoundEndTotals``)
    _round_end_totals = staticmethod(round_end_totals)

    def heuristic_action(self, state: SaruState, rng: random.Random) -> SaruAction:
        """Play the strongest playable card when the leftmost oracle card's animal is in the
        top two, else the weakest; declare when it wants that column, could be beaten to it
        and has a card to spare; pair its two weakest cards; place beneath an empty column;
        acquire cards whose animal is in the top two, else lay road (the whole rule in
        ``rulebook.games.saru_tori_inu_i.heuristic``).

        Ties in strength go to the first legal action; random choices (``rng.choice``)
        are among the free columns (else every column), the road actions, or all legal
        actions, in ``legal_actions`` order.
        """
        check_rng(rng)
        return heuristic_action(state, rng)

    def end_stats(self, state: SaruState) -> dict[str, float]:
        """Races and rounds played, face-down plays, declarations, road cards laid."""
        return end_stats(state)


GAME = SaruGame(Rules, SaruState)
SaruState.GAME = GAME
