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

from .actions import SaruAction, _tab
from .heuristic import heuristic_action
from .observation import TensorEncoder, encode_observation, observation_size
from .rules import COLOURS, DECK_SIZE, ENDINGS, LETTERS, RULESETS, SQUARES_SHARE, Rules, check_deal, random_deal
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

    def action_table(self, rules: Rules) -> tuple[SaruAction, ...]:
        return _tab(rules).actions

    def random_deal(self, rules: Rules, rng: random.Random, index: int) -> Deal:
        return random_deal(rules, rng)

    def check_deal(self, rules: Rules, deal: Deal, index: int) -> None:
        """A race's deal: an order of the 36 cards, then an order of the missions (ST-SETUP-1).

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
        """Card conservation (ST-COMP-1), distinct strengths (ST-PLAY-2), the animals'
        squares (ST-ROAD-3) and known cards (ST-INFO-1)."""
        cards = sorted(
            [c for h in state.hands for c in h]
            + [c for col in state.area for c in col]
            + [c for col in state.beneath for c in col]
            + list(state.road)
            + [c for a in state.acquired for c in a]
            + list(state.removed)
            + [c for p in state.played for c in p]
        )
        if cards != list(range(DECK_SIZE)):
            raise AssertionError("ST-COMP-1: the 36 cards are not each in exactly one place")
        strengths = [v for v in state.shown if v >= 0]
        if len(set(strengths)) != len(strengths):
            raise AssertionError("ST-PLAY-2: two plays of one round share a strength")
        if sum(1 << v for v in strengths) != state.used:
            raise AssertionError("ST-PLAY-2: the used strengths disagree with the plays")
        start = state.rules.track.start
        # ST-ROAD-5: animals may share squares; a variant's counters may move them (ST-LOGIC-2)
        hops = state.rules.squares != SQUARES_SHARE and state.rules.logic.counters is None
        for a in range(4 if hops else 0):
            for b in range(a + 1, 4):
                if state.pos[a] == state.pos[b] and not (state.pos[a] == start[a] == start[b]):
                    raise AssertionError("ST-ROAD-3: two animals share a square off their start")
        for seat, known in enumerate(state.known):
            if not set(known) <= set(state.hands[seat]) | set(state.played[seat]):
                raise AssertionError("ST-INFO-1: a known card is not held by its seat")
        if state.to_act is not None and len(state.missions) != len(set(state.missions)):
            raise AssertionError("ST-SETUP-4: two seats hold the same mission")

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
