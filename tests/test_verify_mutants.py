"""Default ``rulebook verify`` keeps its bite: broken variants and engine mutants are caught.

Each mutant breaks one property of :data:`rulebook.variants.verify.CHECKS` (or a game invariant)
in one game, and the test asserts that :func:`rulebook.variants.verify.verify` with its
**default** settings (100 examples, the observation boundary and the record replay on
a seeded sample) reports exactly that check. Mutants wrap a real game and its states
(:class:`Mutant`, :class:`MutantGame`) or use the variant hooks of
:mod:`rulebook.variants.variant`; no engine file is edited.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs
import pytest

import rulebook
from rulebook.core.contract import Setup
from rulebook.variants.variant import Variant
from rulebook.variants.verify import CHECKS, verify


class Mutant:
    """A real state behind a wrapper that delegates everything; subclasses break one thing.

    ``apply`` and ``resample`` wrap what the real state returns, so the mutation
    lasts the whole game. ``GAME`` (for records) is the real game.
    """

    GAME: ClassVar[Any]

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def wrap(self, inner: Any) -> Mutant:
        return type(self)(inner)

    # the contract, through the overridable methods
    @property
    def current_player(self) -> int | None:
        cp: int | None = self.inner.current_player
        return cp

    @property
    def is_terminal(self) -> bool:
        return self.current_player is None

    @property
    def history(self) -> tuple[Any, ...]:
        return tuple(self.inner.history)

    def legal_actions(self) -> tuple[Any, ...]:
        return tuple(self.inner.legal_actions())

    def legal_action_ids(self) -> tuple[int, ...]:
        game, rules = self.GAME, self.inner.rules
        return tuple(sorted(game.encode_action(a, rules) for a in self.legal_actions()))

    def apply(self, action: Any) -> Mutant:
        return self.wrap(self.inner.apply(action))

    def resample(self, seat: int, rng: random.Random) -> Mutant:
        return self.wrap(self.inner.resample(seat, rng))

    def observation(self, seat: int) -> Any:
        return self.inner.observation(seat)

    def observation_tensor(self, seat: int) -> tuple[int, ...]:
        return tuple(self.inner.observation_tensor(seat))

    def __eq__(self, other: object) -> bool:
        return bool(self.inner == (other.inner if isinstance(other, Mutant) else other))

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.inner)


class MutantGame:
    """A real game whose states are ``state_class`` wrappers (and whose other methods
    may be overridden by subclasses)."""

    def __init__(self, slug: str, state_class: type[Mutant]) -> None:
        self.real = rulebook.get_game(slug)
        self.state_class = type(state_class.__name__, (state_class,), {"GAME": self.real})

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def new_game(self, rules: Any, seed: int | None = None, deals: Any = None) -> Mutant:
        return self.state_class(self.real.new_game(rules, seed=seed, deals=deals))

    def check_invariants(self, state: Any) -> None:
        self.real.check_invariants(state)  # the wrapper itself: what it shows is checked

    def heuristic_action(self, state: Any, rng: random.Random) -> Any:
        return self.real.heuristic_action(state.inner if isinstance(state, Mutant) else state, rng)


def mutant(slug: str, state_class: type[Mutant] = Mutant, game_class: type[MutantGame] = MutantGame,
           **hooks: Any) -> Variant:
    game = game_class(slug, state_class)
    return Variant(game, game.Rules(), name=f"mutant {state_class.__name__}", **hooks)  # type: ignore[arg-type]


# -- the mutants -----------------------------------------------------------------------


class Deadlock(Mutant):
    """A non-terminal position with no legal move (after 30 moves)."""

    def legal_actions(self) -> tuple[Any, ...]:
        return () if len(self.inner.history) >= 30 else super().legal_actions()


class WrongSeat(Mutant):
    """After 7 moves the seat to move is one past the last seat."""

    @property
    def current_player(self) -> int | None:
        cp: int | None = self.inner.current_player
        return self.inner.rules.players if cp is not None and len(self.inner.history) == 7 else cp


class DuplicateLegal(Mutant):
    """The first legal move is listed twice."""

    def legal_actions(self) -> tuple[Any, ...]:
        legal = super().legal_actions()
        return legal + legal[:1] if len(self.inner.history) >= 12 else legal


class ParseWrong(MutantGame):
    """The text of every action with an odd id parses to the action of the next id."""

    def parse_action(self, text: str, rules: Any = None) -> Any:
        action = self.real.parse_action(text, rules)
        i = self.real.encode_action(action, rules)
        return self.real.decode_action((i + 1) % self.real.num_distinct_actions(rules), rules) if i % 2 else action


class AcceptsIllegal(Mutant):
    """An illegal move is accepted (as the first legal move)."""

    def apply(self, action: Any) -> Mutant:
        legal = self.inner.legal_actions()
        return self.wrap(self.inner.apply(action if action in legal or not legal else legal[0]))


class MutatesInPlace(Mutant):
    """apply() changes the state it was called on (its legal moves lose the played one)."""

    def __init__(self, inner: Any) -> None:
        super().__init__(inner)
        self.spent: list[Any] = []

    def legal_actions(self) -> tuple[Any, ...]:
        return tuple(a for a in self.inner.legal_actions() if a not in self.spent)

    def apply(self, action: Any) -> Mutant:
        nxt = self.wrap(self.inner.apply(action))
        if len(self.inner.history) >= 20:
            self.spent.append(action)
        return nxt


class NeverEnds(Mutant):
    """A non-terminating rule: when the game would end, a new one starts (history kept)."""

    def __init__(self, inner: Any, before: tuple[Any, ...] = ()) -> None:
        super().__init__(inner)
        self.before = before

    @property
    def history(self) -> tuple[Any, ...]:
        return self.before + tuple(self.inner.history)

    def apply(self, action: Any) -> Mutant:
        nxt = self.inner.apply(action)
        if nxt.current_player is None:
            fresh = self.GAME.new_game(nxt.rules, seed=len(self.history))
            return NeverEnds.__new__(type(self)).__reinit__(fresh, self.history + (action,))
        return type(self)(nxt, self.before)

    def __reinit__(self, inner: Any, before: tuple[Any, ...]) -> NeverEnds:
        NeverEnds.__init__(self, inner, before)
        return self


class LeaksNextHand(Mutant):
    """A seat's observation shows the next seat's hand."""

    def observation(self, seat: int) -> Any:
        hands = self.inner.hands
        return (self.inner.observation(seat), tuple(hands[(seat + 1) % len(hands)]))


class ResampleKeepsCards(Mutant):
    """resample() keeps every hidden card where it truly is (only the chance is fresh)."""

    def resample(self, seat: int, rng: random.Random) -> Mutant:
        return self.wrap(attrs.evolve(self.inner, setup=Setup(seed=rng.getrandbits(63)), log=None))


class ResampleKeepsDeal(Mutant):
    """resample() keeps the true deal in its setup (a record of it would reveal every card)."""

    def resample(self, seat: int, rng: random.Random) -> Mutant:
        return self.wrap(attrs.evolve(self.inner.resample(seat, rng), setup=self.inner.setup))


class ResampleDuplicates(Mutant):
    """resample() deals a hidden card twice: the next seat gets a copy of its first card."""

    def resample(self, seat: int, rng: random.Random) -> Mutant:
        other = self.inner.resample(seat, rng)
        hands = list(other.hands)
        nxt = (seat + 1) % len(hands)
        if hands[nxt]:
            hands[nxt] = tuple(hands[nxt]) + (hands[nxt][0],)
        return self.wrap(attrs.evolve(other, hands=tuple(hands)))


class DuplicatesCard(Mutant):
    """After 5 moves seat 0 holds a copy of seat 1's first card."""

    def apply(self, action: Any) -> Mutant:
        nxt = self.inner.apply(action)
        if len(nxt.history) == 5 and nxt.hands[1]:
            hands = list(nxt.hands)
            hands[0] = tuple(sorted((*hands[0], hands[1][0])))
            nxt = attrs.evolve(nxt, hands=tuple(hands))
        return self.wrap(nxt)


class WrongTrickPlace(Mutant):
    """Seven Prophecies: every finished trick's first and second places are swapped."""

    def apply(self, action: Any) -> Mutant:
        nxt = self.inner.apply(action)
        if nxt._round_tricks and nxt._round_tricks != self.inner._round_tricks:
            leader, cards, places = nxt._round_tricks[-1]
            swapped = tuple({1: 2, 2: 1}.get(p, p) for p in places)
            nxt = attrs.evolve(nxt, round_tricks=(*nxt._round_tricks[:-1], (leader, cards, swapped)))
        return self.wrap(nxt)


class ForgetsASeed(Mutant):
    """The record names another seed, so it does not replay to the game."""

    @property
    def setup(self) -> Any:
        seed = self.inner.setup.seed
        return Setup(seed=(seed or 0) + 1, deals=self.inner.setup.deals)


class PlaysAfterTheEnd(Mutant):
    """A finished game accepts any move (and stays finished)."""

    def apply(self, action: Any) -> Mutant:
        if self.inner.current_player is None:
            return self
        return super().apply(action)


class CrashesLate(Mutant):
    """apply() raises KeyError after 40 moves."""

    def apply(self, action: Any) -> Mutant:
        if len(self.inner.history) >= 40:
            raise KeyError(action)
        return super().apply(action)


class NotDeterministic(MutantGame):
    """new_game() with a seed deals differently on each call."""

    calls = 0

    def new_game(self, rules: Any, seed: int | None = None, deals: Any = None) -> Mutant:
        NotDeterministic.calls += 1
        return self.state_class(self.real.new_game(rules, seed=(seed or 0) + NotDeterministic.calls, deals=deals))


class FloatScores(Mutant):
    """Scores are floats."""

    @property
    def scores(self) -> tuple[Any, ...]:
        return tuple(x + 0.5 for x in self.inner.scores)


def below_floor(state: Any) -> tuple[int, ...]:
    """A variant scoring: one point off per 40 moves (below 0 late in the game)."""
    return tuple(x - len(state.history) // 40 for x in state.scores)


def nobody_wins(state: Any, scores: tuple[int, ...]) -> frozenset[int]:
    return frozenset()


def no_long_tricks(state: Any) -> None:
    """A variant invariant that breaks in every long game."""
    if len(state.history) > 60:
        raise AssertionError("UT-TRICK-1: the variant's invariant broke")


#: (id, variant, expected check, expected rule): at least one per check, over every game
CASES: list[tuple[str, Any, str, str]] = [
    ("wb-determinism", lambda: mutant("witches-of-blackmore", game_class=NotDeterministic),
     "contract:determinism", "contract:determinism"),
    ("wb-current-player", lambda: mutant("witches-of-blackmore", WrongSeat),
     "contract:current-player", "contract:current-player"),
    ("gh-deadlock", lambda: mutant("gods-and-humans", Deadlock), "contract:legal-move", "contract:legal-move"),
    ("ut-duplicate-legal", lambda: mutant("utsuke", DuplicateLegal), "contract:legal-move", "contract:legal-move"),
    ("st-action-encoding", lambda: mutant("saru-tori-inu-i", game_class=ParseWrong),
     "contract:action-encoding", "contract:action-encoding"),
    ("sp-illegal-accepted", lambda: mutant("seven-prophecies", AcceptsIllegal),
     "contract:illegal-rejected", "contract:illegal-rejected"),
    ("gh-immutability", lambda: mutant("gods-and-humans", MutatesInPlace),
     "contract:immutability", "contract:immutability"),
    ("wb-termination", lambda: mutant("witches-of-blackmore", NeverEnds),
     "contract:termination", "contract:termination"),
    ("sp-leak", lambda: mutant("seven-prophecies", LeaksNextHand),
     "contract:observation-boundary", "contract:observation-boundary"),
    ("st-leak", lambda: mutant("saru-tori-inu-i", LeaksNextHand),
     "contract:observation-boundary", "contract:observation-boundary"),
    ("wb-resample-keeps-cards", lambda: mutant("witches-of-blackmore", ResampleKeepsCards),
     "contract:observation-boundary", "contract:observation-boundary"),
    ("ut-resample-keeps-deal", lambda: mutant("utsuke", ResampleKeepsDeal),
     "contract:observation-boundary", "contract:observation-boundary"),
    ("gh-resample-duplicates", lambda: mutant("gods-and-humans", ResampleDuplicates),
     "contract:observation-boundary", "contract:observation-boundary"),
    ("wb-duplicate-card", lambda: mutant("witches-of-blackmore", DuplicatesCard), "game invariant", "WB-COMP-1"),
    ("ut-duplicate-card", lambda: mutant("utsuke", DuplicatesCard), "game invariant", "UT-"),
    ("sp-wrong-trick-winner", lambda: mutant("seven-prophecies", WrongTrickPlace), "game invariant", "SP-RANK-2"),
    ("st-record-replay", lambda: mutant("saru-tori-inu-i", ForgetsASeed),
     "contract:record-replay", "contract:record-replay"),
    ("gh-game-over", lambda: mutant("gods-and-humans", PlaysAfterTheEnd),
     "contract:game-over", "contract:game-over"),
    ("sp-crash", lambda: mutant("seven-prophecies", CrashesLate), "contract:no-crash", "contract:no-crash"),
    ("ut-float-scores", lambda: mutant("utsuke", FloatScores), "contract:scores", "contract:scores"),
    ("st-nobody-wins", lambda: Variant(rulebook.get_game("saru-tori-inu-i"),
                                       rulebook.get_game("saru-tori-inu-i").Rules(), winners=nobody_wins),
     "contract:scores", "contract:scores"),
    ("gh-score-floor", lambda: Variant(rulebook.get_game("gods-and-humans"),
                                       rulebook.get_game("gods-and-humans").Rules(), scores=below_floor,
                                       score_floor=0, floor_rule="GH-SCORE-1"),
     "contract:score-floor", "GH-SCORE-1"),
    ("ut-variant-invariant", lambda: Variant(rulebook.get_game("utsuke"), rulebook.get_game("utsuke").Rules(),
                                             invariants=[no_long_tricks]),
     "variant invariant", "UT-TRICK-1"),
]


@pytest.mark.parametrize(("variant", "check", "rule"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_default_verify_catches(variant: Any, check: str, rule: str) -> None:
    v = variant()
    report = verify(v.game, v, seed=0)
    failure = report.failure
    assert failure is not None, f"not caught: {report}"
    assert failure.check == check, str(report)
    assert failure.rule.startswith(rule), str(report)
    assert not report.thorough and report.examples == 100


def test_every_check_has_a_mutant() -> None:
    caught = {c[2] for c in CASES}
    assert set(CHECKS) | {"game invariant", "variant invariant"} == caught
    assert {v().game.slug for _, v, _, _ in CASES} == set(rulebook.GAMES)


def test_the_wrappers_change_nothing_by_themselves() -> None:
    # the plain wrapper passes, so each mutant's failure is its own
    v = mutant("witches-of-blackmore")
    report = verify(v.game, v, examples=20, seed=0)
    assert report.ok, str(report)
