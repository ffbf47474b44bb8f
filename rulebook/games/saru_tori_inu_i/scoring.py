"""Saru Tori Inu I: scoring a race (ST-SCORE-1..4), the totals, the winners and the end of the game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rulebook.core.history import Player, ScoreChange
from rulebook.core.logic import Trick

from .actions import Declare, Down, Road, Take, _Tab, _tab
from .rules import ANIMALS, COLOURS, Rules, race_order

if TYPE_CHECKING:
    from .state import SaruState


def colour_places(totals: Sequence[int | None], ranking: str) -> tuple[int, ...]:
    """Each seat's place in one colour from its total strength (None: no card, place 0).

    ST-SCORE-1, ST-RULING-11: tied totals share a place.

    >>> colour_places([9, 5, None], "competition"), colour_places([9, 9, 5], "competition")
    ((1, 2, 0), (1, 1, 3))
    >>> colour_places([9, 9, 5], "dense")
    (1, 1, 2)
    """
    ranked = [t for t in totals if t is not None]
    distinct = sorted(set(ranked), reverse=True)
    out = []
    for t in totals:
        if t is None:
            out.append(0)
        elif ranking == "dense":
            out.append(1 + distinct.index(t))
        else:
            out.append(1 + sum(1 for u in ranked if u > t))
    return tuple(out)


def score_race(
    rules: Rules,
    acquired: Sequence[Sequence[int]],
    positions: Sequence[int],
    missions: Sequence[int],
) -> tuple[int, ...]:
    """Each seat's points for one race: colour majorities, then missions.

    ST-SCORE-1, ST-SCORE-2 (colours), ST-SCORE-3, ST-SCORE-4 (missions).
    ``acquired`` holds deck indices per seat, ``missions`` mission indices.
    """
    return _score(rules, acquired, positions, missions, None)


def score_colours(
    rules: Rules, acquired: Sequence[Sequence[int]], positions: Sequence[int]
) -> tuple[int, ...]:
    """Each seat's colour-majority points if the race ended now (ST-SCORE-1, ST-SCORE-2).

    The missions are left out: they are secret until the race is scored (ST-INFO-1).
    This is ``state.race_standing``.
    """
    return _score(rules, acquired, positions, None, None)


def race_score_changes(
    rules: Rules,
    acquired: Sequence[Sequence[int]],
    positions: Sequence[int],
    missions: Sequence[int],
) -> tuple[ScoreChange, ...]:
    """:func:`score_race` itemised: one :class:`~rulebook.core.history.ScoreChange` per seat
    and colour that scored (ST-SCORE-2), then per seat whose mission scored (ST-SCORE-3,
    ST-SCORE-4); changes of 0 points are left out."""
    return race_scoring(rules, acquired, positions, missions)[1]


def race_scoring(
    rules: Rules,
    acquired: Sequence[Sequence[int]],
    positions: Sequence[int],
    missions: Sequence[int],
) -> tuple[tuple[int, ...], tuple[ScoreChange, ...]]:
    """:func:`score_race` and :func:`race_score_changes` at once: each seat's points for the race
    (ST-SCORE-1..4), which are the sums of its changes, and the changes."""
    changes: list[ScoreChange] = []
    points = _score(rules, acquired, positions, missions, changes)
    return points, tuple(changes)


_PLACE_WORDS = ("1st", "2nd", "3rd", "4th")

#: Per colour (0-3), each seat 1st or 2nd in it as ``(seat, cards held, their total strength,
#: place)`` in seat order (ST-SCORE-1, ST-RULING-11): what the colour points read besides the
#: animals' places, which the road may change while the acquired cards stay (the heuristic's road).
Holders = tuple[tuple[tuple[int, int, int, int], ...], ...]


def colour_holders(rules: Rules, acquired: Sequence[Sequence[int]]) -> Holders:
    """Each colour's 1st and 2nd seats by the strength of the cards acquired (ST-SCORE-1,
    ST-RULING-11; ``rules.tie_ranking``), as :data:`Holders`."""
    return _holders(rules, *_tally(_tab(rules), acquired))


def colour_standing(rules: Rules, holders: Holders, n: int, positions: Sequence[int]) -> tuple[int, ...]:
    """Each of the ``n`` seats' colour points (ST-SCORE-2) from the colours' ``holders`` with the
    animals at squares ``positions``: :func:`score_colours` of the cards the holders were found from."""
    return tuple(_colour_points(rules, holders, n, _animal_places(_tab(rules), rules, positions), None))


def _tally(t: _Tab, acquired: Sequence[Sequence[int]]) -> tuple[list[list[int]], list[list[int]]]:
    """Each seat's cards and total strength per colour (ST-SCORE-1)."""
    colour_of = t.colour
    strength_of = t.strength
    counts = []
    sums = []
    for cards in acquired:
        count = [0, 0, 0, 0]
        total = [0, 0, 0, 0]
        for c in cards:
            k = colour_of[c]
            count[k] += 1
            total[k] += strength_of[c]
        counts.append(count)
        sums.append(total)
    return counts, sums


def _holders(rules: Rules, counts: list[list[int]], sums: list[list[int]]) -> Holders:
    dense = rules.tie_ranking == "dense"
    n = len(counts)
    out: list[tuple[tuple[int, int, int, int], ...]] = []
    for colour in range(4):
        # ST-SCORE-1, ST-RULING-11: the places of colour_places, found from the highest total
        # and the next lower one (totals are at least 0; a seat without the colour has none)
        best = second = -1
        n_best = 0
        for s in range(n):
            if counts[s][colour]:
                v = sums[s][colour]
                if v > best:
                    best, second, n_best = v, best, 1
                elif v == best:
                    n_best += 1
                elif v > second:
                    second = v
        if best < 0:
            out.append(())
            continue
        # the next lower total is 2nd when the 1st place is not shared, or always when dense
        runner_up = second if second >= 0 and (dense or n_best == 1) else -1
        found: list[tuple[int, int, int, int]] = []
        for s in range(n):
            held = counts[s][colour]
            if held:
                v = sums[s][colour]
                if v == best:
                    found.append((s, held, v, 1))
                elif v == runner_up:
                    found.append((s, held, v, 2))
        out.append(tuple(found))
    return tuple(out)


def _animal_places(t: _Tab, rules: Rules, positions: Sequence[int]) -> tuple[int, ...]:
    """Each animal's place in the race, 1st to 4th (ST-ROAD-4, ST-RULING-4), remembered by the
    squares in ``t.places``."""
    key = positions if type(positions) is tuple else tuple(positions)
    places = t.places.get(key)
    if places is None:
        at = [0] * 4
        for i, a in enumerate(race_order(rules.track, key)):
            at[a] = i + 1
        places = tuple(at)
        if len(t.places) >= 4096:
            t.places.clear()
        t.places[key] = places
    return places


def _colour_points(
    rules: Rules, holders: Holders, n: int, animal_place: tuple[int, ...], changes: list[ScoreChange] | None,
) -> list[int]:
    """ST-SCORE-2: each seat's colour points, itemised into ``changes`` (if given) seat by seat."""
    table = rules.colour_table  # ST-SCORE-2: Rules.colour_points, computed once per Rules
    points = [0] * n
    per_seat: list[list[ScoreChange]] | None = None if changes is None else [[] for _ in range(n)]
    for colour in range(4):
        found = holders[colour]
        if not found:
            continue
        at = animal_place[colour]
        row = table[at - 1]
        for s, held, v, place in found:
            got = held * row[place - 1]
            points[s] += got
            if per_seat is not None and got:
                per_seat[s].append(_colour_change(s, got, held, colour, v, place, at))
    if per_seat is not None and changes is not None:
        for items in per_seat:
            changes.extend(items)
    return points


#: the colour points' changes by their numbers: many races score alike (the playouts of a search),
#: and a record is immutable, so equal changes may be one object
_CHANGES: dict[tuple[int, ...], ScoreChange] = {}


def _colour_change(s: int, got: int, held: int, colour: int, v: int, place: int, at: int) -> ScoreChange:
    """Seat ``s`` scored ``got`` for ``held`` cards of ``colour`` (strength ``v``, ``place`` in it),
    the animal ``at`` in the race (ST-SCORE-2)."""
    key = (s, got, held, colour, v, place, at)
    change = _CHANGES.get(key)
    if change is None:
        change = ScoreChange(
            s, got,
            f"{held} {COLOURS[colour]} card(s) (strength {v}), {_PLACE_WORDS[place - 1]} in {COLOURS[colour]}, "
            f"the {ANIMALS[colour]} {_PLACE_WORDS[at - 1]} in the race",
            "ST-SCORE-2",
        )
        if len(_CHANGES) >= 8192:
            _CHANGES.clear()
        _CHANGES[key] = change
    return change


def _score(
    rules: Rules,
    acquired: Sequence[Sequence[int]],
    positions: Sequence[int],
    missions: Sequence[int] | None,
    changes: list[ScoreChange] | None,
) -> tuple[int, ...]:
    t = _tab(rules)
    n = len(acquired)
    counts, sums = _tally(t, acquired)
    holders = _holders(rules, counts, sums)
    animal_place = _animal_places(t, rules, positions)
    points = _colour_points(rules, holders, n, animal_place, changes)
    if not missions:  # left out (the standing), or none dealt (ST-SCORE-5)
        return tuple(points)
    for s in range(n):
        m = rules.missions[missions[s]]
        got = 0
        if m.kind == "race":
            tiers = 0
            for tier in m.tiers:  # ST-RULING-16: cumulative tiers pay their own totals
                for a, p in tier.places:
                    if animal_place[a] != p:
                        break
                else:
                    got = tier.points
                    tiers += 1
                    continue
                break
            if changes is not None and got:
                changes.append(ScoreChange(
                    s, got, f"race mission {missions[s]}: {tiers} of {len(m.tiers)} tier(s) hold", "ST-SCORE-3"
                ))
        else:
            if m.condition == "always":  # ST-RULING-17: the documented conditions
                ok = True
            elif m.condition == "animal_place":
                ok = animal_place[m.animal] == m.place
            elif m.condition == "colour_first":
                ok = any(h[0] == s and h[3] == 1 for h in holders[m.colour])
            else:  # every_colour
                ok = all(counts[s])
            if ok:
                n_cards = sum(counts[s]) if m.counted < 0 else counts[s][m.counted]
                got = m.per_card * n_cards
                if changes is not None and got:
                    changes.append(ScoreChange(
                        s, got,
                        f"collected-cards mission {missions[s]} ({m.condition}): {n_cards} card(s) "
                        f"at {m.per_card} each",
                        "ST-SCORE-4",
                    ))
        points[s] += got
    return tuple(points)




# -- the round's resolution as one function (ST-LOGIC-1) -------------------------------------------


def resolve_trick(trick: Trick) -> Player:
    """Who wins a round of play: the seat that resolves first, which puts its card beneath the
    oracle area and takes the leftmost oracle card before anybody else (ST-LOGIC-1, ST-RES-1).

    It is the seat with the highest strength played or declared (ST-RULING-7: a declared
    strength ranks as a played card of that strength, and no two are equal, ST-PLAY-2); a
    seat that played face down has no strength and resolves after every face-up play, so it
    wins only if every seat played face down, the first of them in turn order (ST-RULING-6).
    The others then resolve in the printed order, and the round's lowest strength (or its last
    face-down player) still starts the next round (ST-ROUND-2), whoever won.

    ``trick.cards`` are the cards played in turn order (a declarer's two cards both, its seat
    twice in ``trick.seats``), ``trick.leader`` the round's start player; the strengths are
    read from ``trick.state.shown`` (a face-down card and a declaration are not the printed
    strength of the card), the state in which every card of the round has been played.
    """
    shown = trick.state.plays[2]
    best = -1
    winner: Player = trick.leader
    for seat in trick.seats:
        v = shown[seat]
        if v > best:
            best, winner = v, seat
    if best < 0:  # everybody face down: the first of them in turn order (ST-RULING-6)
        return trick.seats[0]
    return winner


def round_trick(state: SaruState) -> Trick:
    """The round of play of ``state`` (every card played, resolution not begun) as the
    :class:`~rulebook.core.logic.Trick` a trick-resolution function reads (ST-LOGIC-1)."""
    order = state.board[4]
    played = state.plays[1]
    cards: list[int] = []
    seats: list[Player] = []
    for seat in order:
        for card in played[seat]:
            cards.append(card)
            seats.append(seat)
    return Trick(tuple(cards), tuple(seats), order[0], state, state.rules)


def printed_start(order: Sequence[int], shown: Sequence[int]) -> int:
    """ST-ROUND-2, ST-RULING-6: the next round's start player: the last face-down player in turn
    order if anybody played face down, else the lowest strength played or declared."""
    start = -1
    low = 99
    for seat in order:
        v = shown[seat]
        if v < 0:
            low = -1
            start = seat
        elif low >= 0 and v < low:
            low, start = v, seat
    return start


# -- the state's scores, the winners and the end of the game -----------------------------------------


def scores(state: SaruState) -> tuple[int, ...]:
    """Points of the races scored so far (ST-RACE-2)."""
    return state.board[6]


def winners(state: SaruState) -> frozenset[int]:
    """Highest total wins; ties share (ST-RACE-2, ST-RULING-18)."""
    if state.to_act is not None:
        return frozenset()
    totals = state.board[6]
    best = max(totals)
    return frozenset(s for s, v in enumerate(totals) if v == best)


def race_standing(state: SaruState) -> tuple[int, ...]:
    """Each seat's colour points in the race being run if it ended now (ST-SCORE-1,
    ST-SCORE-2); the secret missions are left out. All 0 once the game is over."""
    if state.to_act is None:
        return (0,) * state.rules.players
    return score_colours(state.rules, state.table[3], state.table[2])


def end_stats(state: SaruState) -> dict[str, float]:
    """Races and rounds played, face-down plays, declarations, road cards laid."""
    history = state.history
    return {
        "races": float(len(state.board[7])),
        "rounds": float(state.rounds_played),
        "face_down_plays": float(sum(1 for a in history if type(a) is Down)),
        "declarations": float(sum(1 for a in history if type(a) is Declare)),
        "road_cards": float(sum(1 for a in history if type(a) is Road)),
        "cards_acquired": float(sum(1 for a in history if type(a) is Take)),
    }
