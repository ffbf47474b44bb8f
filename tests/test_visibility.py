"""Who sees what, per game (issue 32): every hidden element's visibility, set to each setting the
game offers, is followed by observation, resample and verify's observation boundary.

WB-INFO-1, WB-INFO-2, WB-INFO-3, UT-INFO-1, UT-INFO-2, UT-INFO-3, UT-INFO-4, UT-INFO-5, ST-INFO-1, ST-INFO-2, ST-INFO-3,
SP-INFO-1, SP-INFO-3, SP-INFO-4, SP-INFO-5, GH-INFO-1, GH-INFO-2, GH-INFO-5, GH-INFO-6, GH-INFO-7.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import rulebook
from rulebook.core.options import describe_options
from rulebook.core.visibility import ALL, TEAM, is_setting
from rulebook.errors import InvalidRules
from rulebook.games.gods_and_humans.actions import ORACLE
from rulebook.games.gods_and_humans.history import _by_seat
from rulebook.variants.verify import verify

#: (game, element, setting) for every setting each game's engine plays itself, in the zones whose engine
#: plays more than the printed sight (the general path's sights: tests/test_zones.py)
CASES = [
    (slug, info.name.partition(".")[2], setting)
    for slug in rulebook.GAMES
    for info in describe_options(rulebook.get_game(slug).Rules)
    if info.name.startswith("visible.") and len(info.choices or ()) > 1
    for setting in info.choices or ()
]

#: the partnership option of each game that has one (``visible.hands = team`` needs it)
PARTNERS = {
    "witches-of-blackmore": {"players": 4, "teams": True},
    "seven-prophecies": {"players": 4, "partners": True},
    "utsuke": {"players": 4, "teams": True},
}


def _rules(game: Any, element: str, setting: str) -> Any:
    """The game's rules with ``visible.<element> = setting`` (and partners when the setting is ``team``)."""
    extra = PARTNERS[_slug(game)] if setting == TEAM else {}
    return game.Rules(visible={element: setting}, **extra)


def _slug(game: Any) -> str:
    return next(s for s in rulebook.GAMES if rulebook.get_game(s) is game)


def _positions(game: Any, rules: Any, seed: int, every: int) -> list[Any]:
    rng = random.Random(seed)
    state = game.new_game(rules, seed=seed)
    out = []
    k = 0
    while not state.is_terminal:
        if k % every == 0:
            out.append(state)
        state = state.apply(game.heuristic_action(state, rng) if rng.random() < 0.7
                            else rng.choice(state.legal_actions()))
        k += 1
    return [*out, state]


def test_the_settings_are_of_the_vocabulary_and_the_printed_one_is_the_default() -> None:
    """Every game with hidden elements names them as visible.<element>; the choices are settings of the
    shared vocabulary, the printed one first and the default."""
    assert {slug for slug, _e, _s in CASES} == {
        "witches-of-blackmore", "seven-prophecies", "utsuke", "saru-tori-inu-i", "gods-and-humans"}
    for slug in rulebook.GAMES:
        for info in describe_options(rulebook.get_game(slug).Rules):
            if info.name.startswith("visible."):
                assert info.choices and info.choices[0] == info.default
                assert all(is_setting(c) for c in info.choices)
                assert rulebook.get_game(slug).Rules().visible.printed


@pytest.mark.parametrize(("slug", "element", "setting"), CASES, ids=lambda x: str(x))
def test_observation_and_resample_follow_the_setting(slug: str, element: str, setting: str) -> None:
    """Resampled states agree with the observation (a changed hidden fact changes nothing the seat
    sees); a visible element is never redrawn and is in the observation; a hidden one is redrawn."""
    game = rulebook.get_game(slug)
    rules = _rules(game, element, setting)
    n = rules.players
    rng = random.Random(3)
    redrawn = 0
    for state in _positions(game, rules, 4, every={"bids": 3, "oracles": 1}.get(element, 7)):
        for seat in range(n):
            obs = state.observation(seat)
            other = state.resample(seat, rng)
            assert other.observation(seat) == obs
            assert other.observation_tensor(seat) == state.observation_tensor(seat)
            game.check_invariants(other)
            if element == "hands":
                assert obs.open_hands == (tuple(state.hands[:n]) if setting == ALL else ())
                if setting == ALL:
                    assert other.hands[:n] == state.hands[:n]
                partner = (seat + n // 2) % n
                if setting == TEAM:  # the partner's hand is seen and never redrawn; the others' are
                    assert obs.partner_hand == state.hands[partner]
                    assert other.hands[partner] == state.hands[partner]
                elif hasattr(obs, "partner_hand"):
                    assert obs.partner_hand == ()
                redrawn += other.hands[:n] != state.hands[:n]
            elif element == "missions":
                missions = state.board[2]
                live = setting == ALL and bool(missions) and state.current_player is not None
                assert obs.open_missions == (tuple(missions) if live else ())
                if setting == ALL:
                    assert other.board[2] == missions
                redrawn += other.board[2] != missions
            elif element == "bids":  # UT-INFO-5: from:tricks, every bid shown once all have bid
                live = setting == ALL or (setting == "from:tricks" and min(state.bids) >= 0)
                assert obs.open_bids == (state.bids if live else ())
                if setting == ALL:
                    assert other.bids == state.bids
                redrawn += other.bids != state.bids
            elif element == "pairing":  # GH-INFO-6: the pairing told to all, never redrawn
                if setting == ALL:
                    assert obs.partners == state.partners
                    assert other.facts.pair == state.facts.pair
                redrawn += other.facts.pair != state.facts.pair
            elif element == "oracles":  # GH-INFO-7: every card face up once handed over, never redrawn then
                oracle = state.facts.oracle
                up = setting != "owner" and state.phase != ORACLE
                if up:
                    assert obs.oracle == _by_seat(n, state.humans, oracle, -1)
                    assert other.facts.oracle == oracle
                redrawn += other.facts.oracle != oracle
            elif element == "future":
                redrawn += other.future != state.future
    if setting == ALL:
        assert redrawn == 0
    else:
        assert redrawn > 0


#: the elements the printed game hides from some seat (SP's future row is printed face up: its own test)
HIDDEN = sorted({(s, e) for s, e, _ in CASES
                 if rulebook.get_game(s).Rules().visible[e] != ALL})


@pytest.mark.parametrize(("slug", "element"), HIDDEN, ids=lambda x: str(x))
def test_a_hidden_fact_shown_by_the_setting_is_in_the_view(slug: str, element: str) -> None:
    """The twin worlds of the printed game (a resample: the same view for the seat) differ in the
    seat's view once the variant shows the element: what it may see differs."""
    game = rulebook.get_game(slug)
    printed = game.Rules()
    offered = next(i.choices for i in describe_options(game.Rules) if i.name == f"visible.{element}")
    shown = next(c for c in offered or () if c != offered[0])
    variant = game.Rules(visible={element: shown})
    rng = random.Random(5)
    differ = 0
    for state in _positions(game, printed, 6, every=11)[:-1]:
        twin = state.resample(0, rng)
        assert twin.observation(0) == state.observation(0)
        a = attrs.evolve(state, rules=variant)
        b = attrs.evolve(twin, rules=variant)
        differ += a.observation(0) != b.observation(0)
    assert differ > 0


#: the settings that show an element to some seat more than the printed one does
SHOWN = [c for c in CASES if c[2] != c[0] and (c[2] in (ALL, TEAM) or c[2].startswith("from:"))]


@pytest.mark.parametrize(("slug", "element", "setting"), SHOWN, ids=lambda x: str(x))
def test_verify_passes_under_each_shown_setting(slug: str, element: str, setting: str) -> None:
    """`verify` (observation boundary at every position) passes with the element shown."""
    game = rulebook.get_game(slug)
    rules = _rules(game, element, setting)
    report = verify(game, rules, examples=2, seed=1,
                    players=rules.players if setting == TEAM else min(game.player_counts), thorough=True)
    report.assert_ok()


@pytest.mark.parametrize("slug", sorted(PARTNERS))
def test_team_hands_are_refused_without_partnerships(slug: str) -> None:
    """WB-INFO-3, SP-INFO-5, UT-INFO-4: 'team' names the partner's hand, so it needs the partnership
    option; without it the rules are refused, naming visible.hands."""
    game = rulebook.get_game(slug)
    with pytest.raises(InvalidRules) as err:
        game.Rules(players=4, visible={"hands": TEAM})
    assert err.value.field == "visible.hands"
    assert str(err.value) == f"Rules.visible.hands: 'team' shows a hand to its holder's partner: it needs " \
        f"{'partners' if slug == 'seven-prophecies' else 'teams'}"


@pytest.mark.parametrize("slug", sorted(PARTNERS))
def test_team_twin_worlds(slug: str) -> None:
    """WB-INFO-3, SP-INFO-5, UT-INFO-4, the twin-world check under visible.hands = team: two states that
    differ only in the hands of the seat's opponents give it the same observation; two that differ in its
    partner's hand (a printed-rules resample of the seat, the same printed view) give different ones."""
    game = rulebook.get_game(slug)
    team = _rules(game, "hands", TEAM)
    printed = attrs.evolve(team, visible={})
    rng = random.Random(8)
    same = differ = 0
    for state in _positions(game, team, 9, every=5)[:-1]:
        for seat in range(4):
            partner = (seat + 2) % 4
            # a twin under 'team' for this seat: opponents redrawn, the partner kept
            twin = state.resample(seat, rng)
            assert twin.hands[partner] == state.hands[partner]
            assert twin.observation(seat) == state.observation(seat)
            same += twin.hands[:4] != state.hands[:4]
            # a twin of the printed rules (the partner's hand may change): 'team' tells them apart
            loose = attrs.evolve(attrs.evolve(state, rules=printed).resample(seat, rng), rules=team)
            if loose.hands[partner] != state.hands[partner]:
                differ += 1
                assert loose.observation(seat) != state.observation(seat)
                assert loose.observation(seat).partner_hand == loose.hands[partner]
    assert same > 0 and differ > 0


def test_verify_needs_no_redraw_when_every_hidden_element_is_shown() -> None:
    """WB-INFO-2: with every hand open nothing is kept from one seat that another sees (the pile is
    seen by nobody), so a run of ten games in which no resample changed another seat's view passes."""
    game = rulebook.get_game("witches-of-blackmore")
    report = verify(game, game.Rules(players=2, visible={"hands": "all"}), examples=10, seed=1, players=2)
    report.assert_ok()


def test_utsuke_bids_from_tricks_turn_up_when_the_last_player_has_bid() -> None:
    """UT-INFO-5: under visible.bids = from:tricks no seat sees another's bid while the bidding lasts
    (a twin with other bids looks the same); once the last player has bid every bid is in every view,
    and a resample keeps them."""
    game = rulebook.get_game("utsuke")
    rules = game.Rules(players=3, visible={"bids": "from:tricks"})
    state = game.new_game(rules, seed=2)
    rng = random.Random(1)
    seen_during = seen_after = 0
    while state.current_player is not None and state.round == 0:
        bids = state.bids
        for seat in range(3):
            obs = state.observation(seat)
            if min(bids) < 0:
                assert obs.open_bids == () and obs.own_bid == bids[seat]
                twin = attrs.evolve(state, board=(state.board[0], tuple(
                    b if s == seat or b < 0 else (b + 1) % 16 for s, b in enumerate(bids)), *state.board[2:]))
                assert twin.observation(seat) == obs
                seen_during += 1
            else:
                assert obs.open_bids == bids and min(bids) >= 0
                assert state.resample(seat, rng).bids == bids
                seen_after += 1
        state = state.apply(game.heuristic_action(state, rng))
    assert seen_during > 0 and seen_after > 0


def test_witches_team_hands_with_six_players_show_the_seat_facing() -> None:
    """WB-INFO-3, WB-SCORE-4: with six players the partner is the seat three on (seat 1 sees seat 4's hand);
    a resample keeps that hand and redraws the four opponents' hands."""
    game = rulebook.get_game("witches-of-blackmore")
    rules = game.Rules(players=6, teams=True, visible={"hands": TEAM})
    state = game.new_game(rules, seed=3)
    rng = random.Random(2)
    assert state.observation(0).partner_hand == state.hands[3]
    assert state.observation(4).partner_hand == state.hands[1]
    redrawn = set()
    for _ in range(20):
        other = state.resample(0, rng)
        assert other.hands[3] == state.hands[3] and other.hands[0] == state.hands[0]
        assert other.observation(0) == state.observation(0)
        redrawn.update(s for s in (1, 2, 4, 5) if other.hands[s] != state.hands[s])
    assert redrawn == {1, 2, 4, 5}


def test_the_command_line_verifies_a_visibility_variant_and_names_it(capsys: pytest.CaptureFixture[str]) -> None:
    """``rulebook verify GAME --set visible.<element>=...`` checks the variant and names its settings
    as they were typed (it once ended in an internal error)."""
    from rulebook.cli.app import main

    assert main(["verify", "utsuke", "--set", "visible.hands=all", "--set", "visible.bids=from:tricks",
                 "--games", "2", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "visible.hands=all, visible.bids=from:tricks" in out


@pytest.mark.parametrize("slug,options", [
    ("witches-of-blackmore", {"players": 4, "teams": True}),
    ("seven-prophecies", {"players": 4, "partners": True}),
    ("utsuke", {"players": 4, "teams": True}),
])
def test_the_table_draws_the_partner_s_hand_under_team(slug: str, options: dict[str, Any]) -> None:
    """WB-INFO-3, SP-INFO-5, UT-INFO-4: the view of a seat (what the table draws) shows its partner's
    cards under ``visible.hands = team`` and hides them otherwise; an opponent's stay hidden."""
    from rulebook.core.render import observation_text

    game = rulebook.get_game(slug)
    team = game.new_game(game.Rules(**options, visible={"hands": "team"}), seed=3)
    plain = game.new_game(game.Rules(**options), seed=3)
    obs = team.observation(0)
    partner_cards = [game.card_text(c) for c in obs.partner_hand]
    assert partner_cards
    text, hidden = observation_text(obs), observation_text(plain.observation(0))
    assert all(c in text for c in partner_cards)
    assert text != hidden


def test_the_table_draws_every_hand_of_gods_and_humans_under_open_hands() -> None:
    """GH-INFO-5: with ``visible.hands = all`` a human's view (what the table draws) shows the gods' hands too."""
    from rulebook.core.render import observation_text

    game = rulebook.get_game("gods-and-humans")
    state = game.new_game(game.Rules(visible={"hands": "all"}), seed=3)
    human = state.humans[0] if hasattr(state, "humans") else 0
    obs = state.observation(human)
    god = next(s for s in range(state.rules.players) if s not in obs.humans)
    text = observation_text(obs)
    assert obs.open_hands[god] and all(game.card_text(c) in text for c in obs.open_hands[god])
    plain = observation_text(game.new_game(game.Rules(), seed=3).observation(human))
    assert not all(game.card_text(c) in plain for c in obs.open_hands[god])
