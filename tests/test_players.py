"""Players: the no-peeking boundary for every built-in player, and ISMCTS on known positions."""

from __future__ import annotations

import itertools
import math
import os
import random
from typing import Any

import pytest

import rulebook
from rulebook.balance.players import (
    DEFAULT_TIE_STOP,
    ISMCTS,
    MAX_ITERATIONS,
    MAX_SECONDS,
    PLAYER_KINDS,
    TIE_STOPS,
    UNANIMOUS_VISITS,
    heuristic_player,
    player_from_spec,
    random_player,
    win_share,
)

GAMES = list(rulebook.GAMES)
WB = rulebook.get_game("witches-of-blackmore")


#: positions per game for the early-stop check: 4 under ci and thorough, 2 under the quick dev profile
QUICK_STATES = 2 if os.environ.get("HYPOTHESIS_PROFILE", "dev") == "dev" else 4


def _states(slug: str, count: int, seed: int) -> list[Any]:
    """``count`` states where a seat is to act, from random games at every player count."""
    game = rulebook.get_game(slug)
    rng = random.Random(seed)
    out: list[Any] = []
    counts = list(game.player_counts)
    while len(out) < count:
        players = counts[len(out) % len(counts)]
        state = game.new_game(game.Rules(players=players), seed=rng.getrandbits(32))
        stop = rng.randrange(game.max_game_length(state.rules))
        moves = 0
        while state.current_player is not None and moves < stop:
            state = state.apply(rng.choice(state.legal_actions()))
            moves += 1
        if state.current_player is not None:
            out.append(state)
    return out


def _resample_is_canonical(state: Any) -> bool:
    """Whether ``resample`` depends only on what the seat sees (not on the real hidden order)."""
    seat = state.current_player
    a = state.resample(seat, random.Random(7))
    b = state.resample(seat, random.Random(8)).resample(seat, random.Random(7))
    return all(a.observation(s) == b.observation(s) for s in range(state.rules.players))


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("player", [random_player, heuristic_player], ids=["random", "heuristic"])
def test_simple_players_decide_from_what_the_seat_sees(slug: str, player: Any) -> None:
    for i, state in enumerate(_states(slug, 60, seed=11)):
        seat = state.current_player
        other = state.resample(seat, random.Random(i))
        assert other.observation(seat) == state.observation(seat)
        assert player(state, random.Random(1000 + i)) == player(other, random.Random(1000 + i))


class _OnlyWhatTheSeatMayUse:
    """A state that lets a player read the seat to act, resample for it and see its observation,
    nothing else."""

    def __init__(self, state: Any) -> None:
        self._state = state

    @property
    def current_player(self) -> int | None:
        return self._state.current_player  # type: ignore[no-any-return]

    def resample(self, seat: int, rng: random.Random) -> Any:
        assert seat == self._state.current_player, "resampled for another seat"
        return self._state.resample(seat, rng)

    def observation(self, seat: int) -> Any:
        assert seat == self._state.current_player, "observed for another seat"
        return self._state.observation(seat)

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"ISMCTS read state.{name} of the real state")


@pytest.mark.parametrize("slug", GAMES)
def test_ismcts_reads_the_real_state_only_through_resample(slug: str) -> None:
    """Structural no-peeking: ISMCTS touches the real state only via ``current_player``,
    ``resample(seat, rng)`` and ``observation(seat)`` of the seat to act, so it sees exactly what
    a determinization shows. Consecutive decisions of one player go through the same door: the
    observation tells it whether what its last search kept still applies."""
    guarded_player = ISMCTS(iterations=8)
    for i, state in enumerate(_states(slug, 6, seed=5)):
        guarded = _OnlyWhatTheSeatMayUse(state)
        assert guarded_player(guarded, random.Random(i)) == ISMCTS(iterations=8)(state, random.Random(i))  # type: ignore[arg-type]
    state, _seat = _consecutive(slug)
    guarded_player = ISMCTS(iterations=8)
    for _ in range(3):  # consecutive decisions of one seat, some of them reusing the last search
        action = guarded_player(_OnlyWhatTheSeatMayUse(state), random.Random(1))  # type: ignore[arg-type]
        state = state.apply(action)


@pytest.mark.parametrize("slug", GAMES)
def test_ismcts_choice_equals_choice_from_a_resampled_state(slug: str) -> None:
    """Behavioural no-peeking: every game's ``resample`` draws the hidden cards from a canonical
    (sorted) order, so it is a function of what the seat sees, and ISMCTS, which reads the state
    only through it, chooses the same move from the real state and from any resampled one."""
    states = _states(slug, 8, seed=9)
    assert all(_resample_is_canonical(s) for s in states)
    for i, state in enumerate(states):
        other = state.resample(state.current_player, random.Random(50 + i))
        assert ISMCTS(iterations=8)(state, random.Random(i)) == ISMCTS(iterations=8)(other, random.Random(i))


def _consecutive(slug: str) -> tuple[Any, int]:
    """A state of a heuristic game (default rules, seed 3) where the seat to act acts again right
    after any of its moves (Seven Prophecies' prophecies, Saru Tori Inu I's resolution, ...), and
    that seat."""
    game = rulebook.get_game(slug)
    rng = random.Random(3)
    state = game.new_game(game.Rules(), seed=3)
    while True:
        seat = state.current_player
        legal = state.legal_actions()
        if len(legal) > 1 and all(state.apply(a).current_player == seat for a in legal):
            return state, seat
        state = state.apply(game.heuristic_action(state, rng))


@pytest.mark.parametrize("slug", [g for g in GAMES if g != "witches-of-blackmore"])
def test_ismcts_reuses_its_last_search_only_from_what_the_seat_sees(slug: str) -> None:
    """What a search keeps for the seat's next decision (the determinizations advanced by its move,
    and the move's subtree) is used again, and the decisions still depend only on what the seat
    sees: from the real state and from a resampled one, with the same generator, one player per
    line of play makes the same decisions; a fresh player, which has nothing kept, may not."""
    state, seat = _consecutive(slug)
    other = state.resample(seat, random.Random(77))
    assert other.observation(seat) == state.observation(seat)
    real, twin = ISMCTS(iterations=60), ISMCTS(iterations=60)
    reused = 0
    for step in range(6):
        if state.current_player != seat or state.observation(seat) != other.observation(seat):
            break  # another seat's turn, or the move showed the seat something (a card drawn)
        a, stats = real.search(state, random.Random(step))
        assert twin.search(other, random.Random(step)) == (a, stats)
        assert sum(n for n, _ in stats.values()) <= 60
        # a fresh player, with nothing kept, searches the same state from scratch
        reused += stats != ISMCTS(iterations=60).search(state, random.Random(step))[1]
        state, other = state.apply(a), other.apply(a)
    assert reused >= 1


def test_ismcts_drops_what_it_kept_when_a_card_was_drawn() -> None:
    """The Witches: after the winner's trump decision (WB-TRUMP-1) every hand draws a card
    (WB-DRAW-1), so the determinizations kept after the move (each drew its own card) are not what
    the seat now sees: the next search starts afresh, exactly as a new player's would."""
    state, seat = _consecutive("witches-of-blackmore")
    player = ISMCTS(iterations=40)
    move = player(state, random.Random(0))
    assert str(move) == "trump G3" and seat in player._kept
    after = state.apply(move)
    assert after.current_player == seat
    assert player.search(after, random.Random(1)) == ISMCTS(iterations=40).search(after, random.Random(1))


def test_ismcts_keeps_nothing_for_a_state_it_cannot_tell_follows() -> None:
    """A kept search is used only where the seat sees what it would see after its own move: on any
    other state (another game, another seat's move in between) the player searches afresh, as a
    new player would."""
    state, seat = _consecutive("seven-prophecies")
    player = ISMCTS(iterations=24)
    player(state, random.Random(0))
    assert seat in player._kept
    unrelated = _states("seven-prophecies", 3, seed=4)
    for i, other in enumerate(unrelated):
        assert player.search(other, random.Random(i)) == ISMCTS(iterations=24).search(other, random.Random(i))
    # a player that keeps nothing searches every decision afresh
    lone = ISMCTS(iterations=24, reuse=False)
    lone(state, random.Random(0))
    assert lone._kept == {}


def _forced_win() -> Any:
    """Two-player Witches, seed 21, after 77 random moves: seat 0 decides the trump; replacing it
    with G3 wins in every determinization and every continuation, keeping or R3 loses in all."""
    rng = random.Random(21)
    state = WB.new_game(WB.Rules(players=2), seed=21)
    for _ in range(77):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_ismcts_finds_a_forced_win() -> None:
    state = _forced_win()
    assert state.current_player == 0
    win = WB.parse_action("trump G3", state.rules)
    assert win in state.legal_actions() and len(state.legal_actions()) == 3
    choice, stats = ISMCTS(iterations=60, stop_early=False).search(state, random.Random(0))
    assert choice == win
    assert stats[win][1] == 1.0
    assert all(mean == 0.0 for a, (_, mean) in stats.items() if a != win)
    assert sum(n for n, _ in stats.values()) == 60
    # the same with heuristic rollouts, and by name
    assert player_from_spec("ismcts:60:heuristic")(state, random.Random(3)) == win
    assert player_from_spec("ismcts:0.5s")(state, random.Random(3)) == win


def test_ismcts_is_deterministic_for_a_seed() -> None:
    state = WB.new_game(WB.Rules(players=3), seed=4)
    a = ISMCTS(iterations=50, stop_early=False).search(state, random.Random(9))
    b = ISMCTS(iterations=50, stop_early=False).search(state, random.Random(9))
    assert a == b
    assert sum(n for n, _ in a[1].values()) == 50


@pytest.mark.parametrize("slug", GAMES)
def test_ismcts_stopping_early_keeps_the_choice(slug: str) -> None:
    """Stopping once the runner-up cannot catch up changes the cost, never the move. The two other
    stops end a search whose root shows a certain win or no difference at all; only then may the
    move differ from the full budget's."""
    for i, state in enumerate(_states(slug, QUICK_STATES, seed=21)):
        full = ISMCTS(iterations=64, stop_early=False).search(state, random.Random(i))
        early = ISMCTS(iterations=64, tie_stop=None).search(state, random.Random(i))
        assert sum(n for n, _ in full[1].values()) in (0, 64)
        assert sum(n for n, _ in early[1].values()) <= 64
        if early[0] != full[0]:
            means = {round(m, 9) for _, m in early[1].values()}
            assert early[1][early[0]][1] == 1.0 or len(means) == 1
    state = _forced_win()  # one action wins every playout: a sure win once it has 8 of them
    choice, stats = ISMCTS(iterations=60, tie_stop=None).search(state, random.Random(0))
    assert choice == WB.parse_action("trump G3", state.rules)
    assert stats[choice] == (UNANIMOUS_VISITS, 1.0)
    assert sum(n for n, _ in stats.values()) == 3 + UNANIMOUS_VISITS - 1


@pytest.mark.parametrize("slug", GAMES)
def test_the_rollout_policy_is_the_heuristic(slug: str) -> None:
    """A game's ``_rollout_policy`` (the plain function ISMCTS playouts call) chooses the moves of
    its ``heuristic_action`` with the same random draws, at every position of a whole game."""
    game = rulebook.get_game(slug)
    policy = game._rollout_policy  # type: ignore[attr-defined]
    state = game.new_game(seed=8)
    rng = random.Random(8)
    moves = 0
    while state.current_player is not None:
        a, b = random.Random(moves), random.Random(moves)
        action = game.heuristic_action(state, a)
        assert policy(state, b) == action and a.getstate() == b.getstate()
        state = state.apply(action if moves % 3 else rng.choice(state.legal_actions()))
        moves += 1
    assert moves > 10


def _stop_reasons(stats: dict[Any, tuple[int, float]], budget: int, tie: float) -> set[str]:
    """The early stops whose condition holds on a search's final root statistics."""
    ranked = sorted(stats.values(), key=lambda s: -s[0])
    done = sum(n for n, _ in ranked)
    (n1, m1), (n2, m2) = ranked[0], ranked[1]
    reasons = set()
    if n1 - n2 > budget - done:
        reasons.add("settled")
    if m1 == 1.0 and n1 >= UNANIMOUS_VISITS and n1 > n2:
        reasons.add("sure win")
    if len({round(m, 9) for _, m in ranked}) == 1 and ranked[-1][0] >= UNANIMOUS_VISITS:
        reasons.add("no difference")
    if done >= budget * 2 // 5 and ranked[-1][0] >= UNANIMOUS_VISITS and abs(m1 - m2) < tie * math.sqrt(
        0.25 / n1 + 0.25 / n2
    ):
        reasons.add("near tie")
    return reasons


@pytest.mark.parametrize("slug", ["seven-prophecies", "saru-tori-inu-i", "utsuke"])
def test_ismcts_stops_between_near_equals_late_in_the_budget(slug: str) -> None:
    """The near-tie stop ends a search only after two fifths of its budget, when the two most visited moves'
    mean results are within ``tie_stop`` standard errors; it does end some searches that would
    otherwise run on, and ``tie_stop=None`` turns it off."""
    budget = 80
    stopped_by_tie = 0
    for i, state in enumerate(_states(slug, 12, seed=31)):
        if len(state.legal_actions()) < 2:
            continue
        choice, stats = ISMCTS(iterations=budget, tie_stop=DEFAULT_TIE_STOP).search(state, random.Random(i))
        off = ISMCTS(iterations=budget, tie_stop=None).search(state, random.Random(i))[1]
        done = sum(n for n, _ in stats.values())
        assert done <= budget
        if done < budget:
            reasons = _stop_reasons(stats, budget, DEFAULT_TIE_STOP)
            assert reasons, (slug, i, stats)
            if reasons == {"near tie"}:
                stopped_by_tie += 1
                assert done >= budget * 2 // 5
                assert sum(n for n, _ in off.values()) > done  # without it the search runs on
        assert choice == max(stats, key=lambda a: stats[a][0]) or stats[choice][0] == max(
            n for n, _ in stats.values()
        )
    assert stopped_by_tie >= 1
    with pytest.raises(ValueError, match="tie_stop"):
        ISMCTS(tie_stop=0)
    with pytest.raises(ValueError, match="tie_stop"):
        ISMCTS(tie_stop=True)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="tie_stop"):
        ISMCTS(tie_stop="games")


@pytest.mark.parametrize("slug", ["seven-prophecies", "witches-of-blackmore", "utsuke"])
def test_the_default_search_takes_each_game_s_own_tie_stop(slug: str) -> None:
    """TIE_STOPS: the default search runs the full budget in Seven Prophecies and the Witches (the
    near-tie stop cost their searching seat in paired games), and stops at near ties elsewhere:
    the default's moves and statistics are those of the explicit setting, search for search."""
    own = TIE_STOPS.get(slug, DEFAULT_TIE_STOP)
    assert (own is None) == (slug != "utsuke")
    for i, state in enumerate(_states(slug, 6, seed=5)):
        if len(state.legal_actions()) < 2:
            continue
        default = ISMCTS(iterations=80).search(state, random.Random(i))
        explicit = ISMCTS(iterations=80, tie_stop=own).search(state, random.Random(i))
        assert default == explicit, (slug, i)


def _late(seed: int, moves: int) -> Any:
    """Two-player Witches after ``moves`` random moves from seed ``seed``."""
    rng = random.Random(seed)
    state = WB.new_game(WB.Rules(players=2), seed=seed)
    for _ in range(moves):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    "seed, moves, actions, result, used",
    [
        (0, 75, 2, 0.0, 2 * UNANIMOUS_VISITS),  # every move loses: tried 8 times each, then stop
        (11, 61, 6, 0.0, 6 * UNANIMOUS_VISITS),
        (1, 62, 3, 1.0, 3 * (UNANIMOUS_VISITS - 1) + 1),  # every move wins: the first to reach 8 is played
        (2, 66, 5, 1.0, 5 * (UNANIMOUS_VISITS - 1) + 1),
    ],
)
def test_ismcts_stops_when_no_move_makes_a_difference(
    seed: int, moves: int, actions: int, result: float, used: int
) -> None:
    """Late positions whose result every playout shares (found with the full budget): the search
    tries the moves in turn and stops after the exact number of playouts above."""
    state = _late(seed, moves)
    full = ISMCTS(iterations=64, stop_early=False).search(state, random.Random(0))[1]
    assert len(full) == actions and {m for _, m in full.values()} == {result}
    choice, stats = ISMCTS(iterations=64).search(state, random.Random(0))
    assert sum(n for n, _ in stats.values()) == used
    assert {m for _, m in stats.values()} == {result}
    assert choice == state.legal_actions()[0]


class _CountingResamples(_OnlyWhatTheSeatMayUse):
    def __init__(self, state: Any) -> None:
        super().__init__(state)
        self.resamples = 0

    def resample(self, seat: int, rng: random.Random) -> Any:
        self.resamples += 1
        return super().resample(seat, rng)


@pytest.mark.parametrize("pool, draws", [(5, 5), (1, 1), (None, 40), (64, 13), (20, 13)])
def test_ismcts_draws_at_most_its_determinizations(pool: int | None, draws: int) -> None:
    """A search of 40 playouts draws ``determinizations`` states, at most one for every three
    playouts (13), and takes them in turn; ``None`` draws one for every playout."""
    state = _states("utsuke", 1, seed=2)[0]
    guarded = _CountingResamples(state)
    _, stats = ISMCTS(iterations=40, stop_early=False, determinizations=pool).search(
        guarded, random.Random(0)  # type: ignore[arg-type]
    )
    assert guarded.resamples == draws and sum(n for n, _ in stats.values()) == 40


@pytest.mark.parametrize("slug, round_of", [("gods-and-humans", "deal"), ("seven-prophecies", "round"),
                                            ("utsuke", "round"), ("saru-tori-inu-i", "race")])
def test_the_horizon_reads_the_round_every_seat_sees(slug: str, round_of: str) -> None:
    """The horizon's ``round_of`` (which reads the engine's field) equals the public round, deal or
    race at every position of whole games, and changes only when a new one starts."""
    from rulebook.balance.horizon import horizon

    game = rulebook.get_game(slug)
    for seed in range(3):
        state = game.new_game(seed=seed)
        h = horizon(state)
        assert h is not None
        rng = random.Random(seed)
        rounds = []
        while state.current_player is not None:
            assert h.round_of(state) == getattr(state, round_of)
            rounds.append(h.round_of(state))
            state = state.apply(heuristic_player(state, rng))
        assert h.round_of(state) == getattr(state, round_of)
        assert rounds[0] == 0 and all(b - a in (0, 1) for a, b in itertools.pairwise(rounds))


@pytest.mark.parametrize("slug, round_of", [("gods-and-humans", "deal"), ("seven-prophecies", "round"),
                                            ("utsuke", "round"), ("saru-tori-inu-i", "race")])
def test_ismcts_playouts_stop_at_the_end_of_the_round(slug: str, round_of: str) -> None:
    """With a horizon (the default) no playout move is chosen in a later round than the one the
    search started in; without, playouts run on into the next rounds."""
    state = rulebook.get_game(slug).new_game(seed=5)
    while len(state.legal_actions()) < 2:
        state = state.apply(state.legal_actions()[0])
    start = getattr(state, round_of)
    seen: list[int] = []

    def recorder(s: Any, rng: random.Random) -> Any:
        seen.append(getattr(s, round_of))
        return heuristic_player(s, rng)

    ISMCTS(iterations=30, rollout=recorder).search(state, random.Random(1))
    assert seen and set(seen) == {start}
    seen.clear()
    ISMCTS(iterations=30, rollout=recorder, horizon=False).search(state, random.Random(1))
    assert max(seen) > start


def test_win_share_counts_shared_and_empty_wins() -> None:
    class Fake:
        def __init__(self, winners: frozenset[int]) -> None:
            self.winners = winners
            self.rules = WB.Rules(players=3)

    assert win_share(Fake(frozenset({0, 2}))) == (0.5, 0.0, 0.5)  # type: ignore[arg-type]
    assert win_share(Fake(frozenset())) == (0.0, 0.0, 0.0)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "spec, message",
    [
        ("ismcts:0", "budget"),
        ("ismcts:-3", "budget"),
        ("ismcts:abc", "budget"),
        ("ismcts:1.5", "budget"),
        ("ismcts:0s", "budget"),
        ("ismcts:infs", "budget"),
        ("ismcts:10:clever", "heuristic or random"),
        ("random:3", "takes no argument"),
        ("genius", "unknown player kind"),
    ],
)
def test_bad_player_specs(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        player_from_spec(spec)


def test_bad_ismcts_budgets_from_python() -> None:
    with pytest.raises(ValueError, match="iterations"):
        ISMCTS(iterations=True)
    with pytest.raises(ValueError, match="budget"):
        ISMCTS(iterations=None)
    with pytest.raises(ValueError, match="seconds"):
        ISMCTS(iterations=None, seconds=-1.0)
    for bad in (True, -0.1, math.inf, math.nan, "1"):
        with pytest.raises(ValueError, match="exploration"):
            ISMCTS(exploration=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="stop_early"):
        ISMCTS(stop_early=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="rollout"):
        ISMCTS(rollout="heuristic")  # type: ignore[arg-type]
    for bad_pool in (0, True, "3", 2.0, MAX_ITERATIONS + 1):
        with pytest.raises(ValueError, match="determinizations"):
            ISMCTS(determinizations=bad_pool)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="horizon"):
        ISMCTS(horizon=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="reuse"):
        ISMCTS(reuse="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="over"):
        state = _forced_win()
        while state.current_player is not None:
            state = state.apply(state.legal_actions()[0])
        ISMCTS(iterations=5)(state, random.Random(0))


def test_player_kinds_are_registered() -> None:
    assert set(PLAYER_KINDS) == {"random", "heuristic", "ismcts", "auto"}
    assert isinstance(player_from_spec("ismcts:12"), ISMCTS) and player_from_spec("ismcts:12").iterations == 12
    timed = player_from_spec("ismcts:2s")
    assert isinstance(timed, ISMCTS) and timed.seconds == 2.0 and timed.iterations is None
    # defaults: 200 iterations, c = 0.7, heuristic rollouts; ":random" for random ones
    plain = player_from_spec("ismcts")
    assert plain == ISMCTS() and (plain.iterations, plain.exploration, plain.rollout) == (200, 0.7, heuristic_player)
    assert player_from_spec("ismcts:30").rollout is heuristic_player
    assert player_from_spec("ismcts:30:heuristic") == ISMCTS(iterations=30)
    assert player_from_spec("ismcts:30:random") == ISMCTS(iterations=30, rollout=None)


@pytest.mark.parametrize("spec", ["ismcts:1e9s", "ismcts:601s", "ismcts:1000001", "ismcts:99999999999999999999"])
def test_search_budgets_beyond_the_bounds_are_refused(spec: str) -> None:
    with pytest.raises(ValueError) as info:
        player_from_spec(spec)
    assert str(info.value) == (
        "ismcts takes a budget of 1 to 1000000 iterations (ismcts:200) or of seconds above 0 and at most 600 "
        f"(ismcts:2s) per move, got {spec.partition(':')[2]!r}"
    )


def test_the_largest_search_budgets_are_accepted() -> None:
    assert player_from_spec("ismcts:1000000").iterations == MAX_ITERATIONS  # type: ignore[attr-defined]
    assert player_from_spec("ismcts:600s").seconds == MAX_SECONDS  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="at most 600"):
        ISMCTS(iterations=None, seconds=601.0)
