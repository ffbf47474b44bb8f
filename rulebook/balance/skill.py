"""Does the change reward skill? One competent seat against the rule-aware table, on both sides.

Jaffe et al.'s *restricted play* (Jaffe, Miller, Andersen, Liu, Karlin and Popović,
"Evaluating competitive game balance with restricted play", AIIDE 2012) turns balance
questions into win rates of unequal players: how often a player held back in some way wins
against one who is not. Here the player that is not held back is the ISMCTS search
(:class:`~rulebook.balance.players.ISMCTS`), one seat of it, and the others are the rule-aware
heuristic, which follows a fixed rule of thumb. How much the game rewards skill is how far
the searching seat's win rate ``p`` rises above what an equal seat gets:

    skill = p - 1/n        (n players; 1/n is the fair share)

and the rate of a heuristic seat in the same games is shown beside it (with shared wins, or
games nobody wins, equal seats get that rate rather than ``1/n``). A change of the rules
rewards skill more when the skill of the variant exceeds that of the printed rules; the
difference of the two skills is the difference of the two win rates.

In these games a seat's chances depend on its deal, which would drown a small difference in
noise, so both sides play **duplicate deals**: deal ``d`` is played ``n`` times on each side,
the searching seat in every seat in turn, with the same seed (and the same random numbers for
the players) on both sides. Each game on one side then has a twin on the other, and the
difference is measured on these pairs: McNemar's exact test, Newcombe's hybrid score interval
for a difference of paired proportions, and Connor's formula for the pairs a difference of a given
size needs (:func:`pairs_needed`). ``docs/balance.md`` ("Does the change reward skill?") has
the formulas.

>>> pairs_needed(0.10, 0.30)
234
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs

from rulebook.balance.players import ISMCTS, MAX_ITERATIONS, Player, heuristic_player
from rulebook.balance.simulate import player_name, wilson_interval
from rulebook.core.contract import Game, State
from rulebook.core.optional import require
from rulebook.errors import RulebookError
from rulebook.i18n import _, ngettext, wrap
from rulebook.variants.variant import Variant

__all__ = ["Skill", "SkillError", "SkillSide", "paired_interval", "pairs_needed", "play_deal", "skill"]


class SkillError(RulebookError):
    """A bad argument of :func:`skill` or :func:`pairs_needed`; ``field`` names it."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


@attrs.frozen
class SkillSide:
    """One side (a ruleset) of a skill measurement."""

    #: the side's name (``printed rules``, the variant's name)
    name: str
    players: int
    #: games played on this side: deals times players
    games: int
    #: games the searching seat won (a shared win counts)
    wins: int
    #: the searching seat's win rate, ``wins / games``
    rate: float
    #: its 95% Wilson interval
    interval: tuple[float, float]
    #: the win rate of a heuristic seat in the same games (wins over seat-games)
    table_rate: float

    @property
    def fair_share(self) -> float:
        """``1/n``: what an equal seat wins when every game has one winner."""
        return 1.0 / self.players

    @property
    def skill(self) -> float:
        """Jaffe et al.'s measure against the rule-aware table: ``rate - 1/n``."""
        return self.rate - self.fair_share

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "players": self.players, "games": self.games, "wins": self.wins,
            "rate": self.rate, "interval": list(self.interval), "table_rate": self.table_rate,
            "fair_share": self.fair_share, "skill": self.skill,
        }


@attrs.frozen
class Skill:
    """The skill figure of a variant against the printed rules (or of any two rulesets)."""

    game: str
    #: ISMCTS iterations per move of the searching seat (0 when another player searched)
    iterations: int
    seed: int
    #: deals played on each side, each once from every seat
    deals: int
    a: SkillSide
    b: SkillSide
    #: pairs of twin games (same deal, same seat) by who won: on both sides, on ``a`` only, on
    #: ``b`` only, on neither
    both: int
    only_a: int
    only_b: int
    neither: int
    #: who sat in the competent seat and in the others, for people
    competent: str = "ISMCTS"
    table: str = "the rule-aware heuristic"

    @property
    def pairs(self) -> int:
        return self.both + self.only_a + self.only_b + self.neither

    @property
    def difference(self) -> float:
        """``b.rate - a.rate``, which is also ``b.skill - a.skill``."""
        return (self.only_b - self.only_a) / self.pairs

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of :attr:`difference` for paired games (:func:`paired_interval`)."""
        return paired_interval(self.both, self.only_a, self.only_b, self.neither)

    @property
    def p_value(self) -> float:
        """McNemar's exact test: is ``only_b`` out of the ``only_a + only_b`` split pairs more than
        chance (a fair coin) makes it?"""
        split = self.only_a + self.only_b
        if split == 0:
            return 1.0
        stats = require("scipy.stats", "balance", "the skill figure")
        return float(stats.binomtest(self.only_b, split, 0.5).pvalue)

    @property
    def discordant(self) -> float:
        """The share of pairs whose twin games the searching seat won on one side only."""
        return (self.only_a + self.only_b) / self.pairs

    def deals_needed(self, points: float, *, alpha: float = 0.05, power: float = 0.8) -> int:
        """Deals a difference of ``points`` percentage points needs to show at ``alpha`` with
        ``power``, with this run's share of split pairs (:func:`pairs_needed`, over the seats)."""
        return math.ceil(pairs_needed(points / 100, self.discordant, alpha=alpha, power=power) / self.a.players)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "game": self.game, "iterations": self.iterations, "seed": self.seed, "deals": self.deals,
            "competent": self.competent, "table": self.table,
            "a": self.a.to_json(), "b": self.b.to_json(),
            "pairs": {"both": self.both, "a_only": self.only_a, "b_only": self.only_b, "neither": self.neither},
            "difference": self.difference, "interval": [low, high], "p_value": self.p_value,
            "deals_needed": {str(p): self.deals_needed(p) for p in (5, 10)},
        }

    def lines(self, width: int = 80) -> list[str]:
        """The figure for people, wrapped at ``width`` terminal columns (never inside a word or a number)."""
        items = self.sentences()
        out = wrap(items[0], width, "", "  ")
        for item in items[1:]:
            out += wrap(item, width, "  ", "    ")
        return out

    def sentences(self) -> list[str]:
        """The figure for people, one unwrapped sentence per item: what was played, each side, the
        difference, the deals a difference needs (the HTML report lists them as they are)."""
        n = self.a.players
        who = (_("ISMCTS ({iterations} iterations a move)").format(iterations=self.iterations)
               if self.iterations else self.competent)
        items = [ngettext("does the change reward skill? one seat of {who} against {table}, {deals} deal a side, "
                          "played from every seat",
                          "does the change reward skill? one seat of {who} against {table}, {deals} deals a side, "
                          "each played from every seat", self.deals).format(
                              who=who, table=self.table, deals=f"{self.deals:,}")]
        for side in (self.a, self.b):
            low, high = side.interval
            items.append(_("{name}: the competent seat won {rate:.1%} [{low:.1%}, {high:.1%}] of {games} games; "
                           "fair share {fair:.1%}, each other seat {table:.1%}: skill {skill:+.1f} points").format(
                               name=side.name, rate=side.rate, low=low, high=high, games=f"{side.games:,}",
                               fair=side.fair_share, table=side.table_rate, skill=100 * side.skill))
        low, high = self.interval
        items.append(_("difference ({b} minus {a}): {diff:+.1f} points [{low:+.1f}, {high:+.1f}] on the same deals "
                       "and seats, McNemar p = {p:.3f}").format(
                           b=self.b.name, a=self.a.name, diff=100 * self.difference, low=100 * low, high=100 * high,
                           p=self.p_value))
        five, ten = self.deals_needed(5), self.deals_needed(10)
        items.append(_("a difference of 5 points needs about {five} deals ({five_games} games a side), "
                       "of 10 points about {ten} deals ({ten_games} games a side)").format(
                           five=f"{five:,}", five_games=f"{five * n:,}", ten=f"{ten:,}", ten_games=f"{ten * n:,}"))
        return items


def _z(q: float) -> float:
    stats = require("scipy.stats", "balance", "the skill figure")
    return float(stats.norm.ppf(q))


def pairs_needed(difference: float, discordant: float, *, alpha: float = 0.05, power: float = 0.8) -> int:
    """Pairs of twin games a difference of paired proportions needs (Connor 1987, for McNemar's test).

    ``difference`` is the difference of the two win rates (0.05 for 5 points), ``discordant``
    the share of pairs won on one side only (at least ``|difference|``: smaller values are
    raised to it). With ``z_a`` and ``z_b`` the standard normal quantiles of ``1 - alpha/2`` and
    ``power``::

        pairs = (z_a * sqrt(discordant) + z_b * sqrt(discordant - difference**2))**2 / difference**2

    rounded up.

    >>> pairs_needed(0.05, 0.20), pairs_needed(-0.05, 0.20)
    (626, 626)
    >>> pairs_needed(0.10, 0.0)  # no split pair seen: at least the difference itself splits
    77
    """
    for name, value in (("difference", difference), ("discordant", discordant), ("alpha", alpha), ("power", power)):
        if type(value) not in (int, float) or not math.isfinite(value):
            raise SkillError(name, f"must be a finite number, got {value!r}")
    d = abs(difference)
    if not 0 < d <= 1:
        raise SkillError("difference", f"must be a share above 0 and at most 1 (0.05 for 5 points), got {difference!r}")
    if not 0 <= discordant <= 1:
        raise SkillError("discordant", f"must be a share from 0 to 1, got {discordant!r}")
    if not 0 < alpha < 1 or not 0 < power < 1:
        raise SkillError("alpha" if not 0 < alpha < 1 else "power", "must be between 0 and 1, exclusive")
    psi = max(discordant, d)
    z_a, z_b = _z(1 - alpha / 2), _z(power)
    return math.ceil((z_a * math.sqrt(psi) + z_b * math.sqrt(psi - d * d)) ** 2 / (d * d) - 1e-9)


def paired_interval(both: int, only_a: int, only_b: int, neither: int) -> tuple[float, float]:
    """The 95% interval of ``p_b - p_a`` from paired binary outcomes: Newcombe's (1998) hybrid score
    interval for paired data, the Wilson intervals of the two rates combined with the pairs' correlation.

    ``p_a = (both + only_a) / N`` and ``p_b = (both + only_b) / N``. With ``(l_a, u_a)`` and
    ``(l_b, u_b)`` their Wilson intervals and ``phi`` the correlation of the pairs
    (``(both * neither - only_a * only_b) / sqrt(product of the four margins)``, 0 when a margin
    is 0), the interval is ``[d - delta, d + epsilon]`` with ``d = p_b - p_a``,
    ``delta = sqrt((p_b - l_b)^2 - 2 phi (p_b - l_b)(u_a - p_a) + (u_a - p_a)^2)`` and
    ``epsilon = sqrt((u_b - p_b)^2 - 2 phi (u_b - p_b)(p_a - l_a) + (p_a - l_a)^2)``.

    >>> low, high = paired_interval(30, 10, 20, 40)
    >>> round(low, 4), round(high, 4)
    (-0.0056, 0.2017)
    """
    n = both + only_a + only_b + neither
    if n == 0:
        return -1.0, 1.0
    pa, pb = (both + only_a) / n, (both + only_b) / n
    la, ua = wilson_interval(both + only_a, n)
    lb, ub = wilson_interval(both + only_b, n)
    margins = (both + only_a) * (only_b + neither) * (both + only_b) * (only_a + neither)
    phi = (both * neither - only_a * only_b) / math.sqrt(margins) if margins else 0.0
    d = pb - pa
    delta = math.sqrt(max(0.0, (pb - lb) ** 2 - 2 * phi * (pb - lb) * (ua - pa) + (ua - pa) ** 2))
    epsilon = math.sqrt(max(0.0, (ub - pb) ** 2 - 2 * phi * (ub - pb) * (pa - la) + (pa - la) ** 2))
    return max(-1.0, d - delta), min(1.0, d + epsilon)


def _share(variant: Variant, state: State[Any, Any]) -> tuple[float, ...]:
    winners = variant.winners(state)
    share = 1.0 / len(winners) if winners else 0.0
    return tuple(share if s in winners else 0.0 for s in range(variant.rules.players))


def play_deal(
    variant: Variant, seed: int, deal: int, competent: Player, table: Player = heuristic_player
) -> list[tuple[int, bool, int]]:
    """Deal ``deal`` of a run seeded ``seed``, played once with ``competent`` in each seat in turn
    and ``table`` in the others: ``(seat, whether it won, how many other seats won)`` per game.

    The deal's seed and the players' random numbers depend on ``(seed, deal, seat)`` only, so
    both sides of a measurement play the same deals with the same draws. An ISMCTS player
    searches for the variant's wins where the variant has hooks, as in ``simulate``.
    """
    players = variant.rules.players
    deal_seed = random.Random(f"rulebook-skill:{seed}:{deal}").getrandbits(63)
    if isinstance(competent, ISMCTS) and variant.has_hooks:
        competent = attrs.evolve(competent, result=functools.partial(_share, variant))
    out = []
    for seat in range(players):
        rng = random.Random(f"rulebook-skill:{seed}:{deal}:{seat}")
        # an ISMCTS player keeps nothing from one game for the next: a fresh copy per game
        search = attrs.evolve(competent) if isinstance(competent, ISMCTS) else competent
        state = variant.new_game(seed=deal_seed)
        while (p := state.current_player) is not None:
            action = search(state, rng) if p == seat else table(state, rng)
            state = state.apply(action)
        winners = variant.winners(state)
        out.append((seat, seat in winners, sum(1 for s in winners if s != seat)))
    return out


def _as_variant(game: Game[Any, Any, Any], rules: Any, field: str) -> Variant:
    if isinstance(rules, Variant):
        if rules.game is not game:
            raise SkillError(field, f"is a variant of {rules.game.slug}, not of {game.slug}")
        return rules
    if not isinstance(rules, game.Rules):
        raise SkillError(field, f"must be {game.slug} Rules or a Variant, not {type(rules).__name__}")
    return Variant(game, rules)


def skill(
    game: Game[Any, Any, Any],
    rules_a: Any,
    rules_b: Any,
    *,
    games: int = 1000,
    iterations: int = 200,
    workers: int = 1,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
    competent: Player | None = None,
    table: Player = heuristic_player,
) -> Skill:
    """The skill figure of ``rules_b`` against ``rules_a`` (``Rules`` values or
    :class:`~rulebook.variants.variant.Variant`\\ s of ``game`` with the same player count).

    ``games`` games are played on each side, rounded down to whole deals: ``games // n``
    deals, each played ``n`` times with one ISMCTS seat of ``iterations`` iterations a move
    in every seat in turn, the rule-aware heuristic in the others. ``workers`` processes
    share the deals; the result is the same for any number of them. ``progress`` is told the
    games each finished deal played (both sides). ``competent`` and ``table`` put other players
    in the two roles (``iterations`` is then unused; with ``workers > 1`` they must pickle:
    module-level functions). Raises :class:`SkillError` naming a bad argument.
    """
    a = _as_variant(game, rules_a, "rules_a")
    b = _as_variant(game, rules_b, "rules_b")
    n = a.rules.players
    if b.rules.players != n:
        raise SkillError("players", f"both sides need the same player count to pair their games, got {n} and "
                         f"{b.rules.players}")
    for name, value, low, high in (("games", games, n, None), ("iterations", iterations, 1, MAX_ITERATIONS),
                                   ("workers", workers, 1, None)):
        if type(value) is not int or value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"at least {low}"
            why = " (one deal from every seat)" if name == "games" else ""
            raise SkillError(name, f"must be an int {bound}{why}, got {value!r}")
    if type(seed) is not int or seed < 0:
        raise SkillError("seed", f"must be an int of at least 0, got {seed!r}")
    require("scipy.stats", "balance", "the skill figure")
    for name, player in (("competent", competent), ("table", table)):
        if player is not None and not callable(player):
            raise SkillError(name, f"must be a player (state, rng) -> action, not {type(player).__name__}")
    searcher = ISMCTS(iterations=iterations) if competent is None else competent
    deals = games // n
    task = functools.partial(_both_sides, a, b, seed, competent=searcher, table=table)
    results: list[tuple[list[tuple[int, bool, int]], list[tuple[int, bool, int]]]] = []
    if workers == 1:
        for d in range(deals):
            results.append(task(d))
            if progress is not None:
                progress(2 * n)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for done in pool.map(task, range(deals)):
                results.append(done)
                if progress is not None:
                    progress(2 * n)
    its = searcher.iterations or 0 if isinstance(searcher, ISMCTS) else 0
    figure = _figure(game.slug, its, seed, deals, a, b, results)
    if isinstance(searcher, ISMCTS) and table is heuristic_player:
        return figure
    return attrs.evolve(
        figure, competent="ISMCTS" if isinstance(searcher, ISMCTS) else player_name(searcher),
        table="the rule-aware heuristic" if table is heuristic_player else player_name(table),
    )


def _both_sides(a: Variant, b: Variant, seed: int, deal: int, *, competent: Player, table: Player) -> tuple[
    list[tuple[int, bool, int]], list[tuple[int, bool, int]]
]:
    return play_deal(a, seed, deal, competent, table), play_deal(b, seed, deal, competent, table)


def _side(name: str, players: int, games: Sequence[tuple[int, bool, int]]) -> SkillSide:
    wins = sum(1 for _seat, won, _others in games if won)
    table = sum(others for _seat, _won, others in games)
    return SkillSide(name, players, len(games), wins, wins / len(games), wilson_interval(wins, len(games)),
                     table / (len(games) * (players - 1)))


def _figure(
    slug: str, iterations: int, seed: int, deals: int, a: Variant, b: Variant,
    results: Sequence[tuple[Sequence[tuple[int, bool, int]], Sequence[tuple[int, bool, int]]]],
) -> Skill:
    side_a = [g for ga, _gb in results for g in ga]
    side_b = [g for _ga, gb in results for g in gb]
    both = only_a = only_b = neither = 0
    for (_seat, won_a, _others), (_twin, won_b, _twin_others) in zip(side_a, side_b):
        if won_a and won_b:
            both += 1
        elif won_a:
            only_a += 1
        elif won_b:
            only_b += 1
        else:
            neither += 1
    n = a.rules.players
    name_b = b.name if b.name != a.name else "variant"
    return Skill(slug, iterations, seed, deals, _side(a.name, n, side_a), _side(name_b, n, side_b),
                 both, only_a, only_b, neither)
