"""What each player reads of a variant, the rules it does not read, and the players that fit.

A player *reads* a rule when its choices follow it. The built-in kinds declare it:

* ``heuristic``: the options its game's heuristic module lists in ``READS`` (every option when
  the module lists none); it sees no hooks: under a scoring hook (``scores``, ``winners``,
  ``trick_points``, ``round_points``), a ``game_over`` hook or a variant's score floor it plays
  as under the printed rules (a ``trick_winner`` hook: as if the printed rule decided the tricks;
  ``counters``: it reads the engine's counts the hook changed, but plays for them as printed),
  and where a ``legal`` hook refuses its choice it plays at random
  among the allowed moves (``rulebook.variants.hooks``); it reads UTSUKE's lords under the
  ``random`` policy or a variant's function as if they played by the printed conduct (UT-LORD-8:
  "the lords' policy");
* ``ismcts``: every option and every hook: it searches the variant's own game (the hooked
  moves) and judges its searches by the variant's winners;
* ``auto``: every option and every hook: it searches wherever the variant changes what a move can
  bring about or what the seat sees (an option the heuristic does not read that decides only the
  scores and the game's end is compared under its printed value: the game's ``TWIN``), and everywhere
  under any other option the heuristic does not read;
* ``random``: nothing, and needs nothing: it plays at random under any rule.

A player of the user's own (a callable) declares nothing and is not named.

>>> import rulebook
>>> from rulebook.variants.variant import Variant
>>> game = rulebook.get_game("utsuke")
>>> v = Variant(game, game.Rules(players=3, honour_to_win=5))
>>> [(u.rule, u.seats) for u in unread(v, ("heuristic", "ismcts:30", "heuristic"))]
[('honour_to_win', (1, 3))]
>>> fitting_players([v], None)[0]
[('auto', 'auto', 'auto')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from rulebook.i18n import _

from .players import DEFAULT_BUDGET, heuristic_reads
from .simulate import DEFAULT_PLAYER, PlayerSpec, check_players, player_name

__all__ = ["SEARCH_PLAYER", "SEARCH_PLAYERS", "Unread", "fitting_players", "heuristic_reads", "unread", "unread_lines",
           "valued_lines"]

#: Who plays every seat by default when the heuristic does not read a rule of a side compared: the
#: rule-following player (:class:`~rulebook.balance.players.RulesPlayer`), the heuristic where the
#: variant changes nothing a move can affect and ISMCTS (30 iterations) where it does
#: (bench/README.md, "The rule-following player").
SEARCH_PLAYER = "auto"
#: Kept for callers of earlier versions: every game's default is :data:`SEARCH_PLAYER` now.
SEARCH_PLAYERS: dict[str, str] = {}

#: the hooks a variant may carry, as its ``describe()`` and the docs name them
_SCORING_HOOKS = ("scores", "winners", "trick_points", "round_points")


@attrs.frozen
class Unread:
    """A changed rule that the players of some seats do not read."""

    #: the option's name, or ``"legal hook"``, ``"scores hook"``, ``"score floor"``...
    rule: str
    #: the seats (from 1) whose player does not read it
    seats: tuple[int, ...]
    #: the player's kind (``heuristic``)
    player: str
    #: what that player does instead, in words for people
    instead: str


def _changed_rules(variant: Any) -> list[tuple[str, bool]]:
    """The variant's changes from the printed game: (name, is an option) for each option, then
    each hook and the floor."""
    out = [(name, True) for name in variant.changes()]
    if variant.scores_hook is not None:
        out.append(("scores", False))
    if variant.winners_hook is not None:
        out.append(("winners", False))
    out += [(name, False) for name in variant.play_hooks.names()]
    out += [(name, False) for name in getattr(variant, "logic_hooks", list)()]
    out += [(f"phase:{i}", False) for i, _phase in enumerate(getattr(variant, "phases", ()))]
    if getattr(variant, "moves", ()):
        out.append(("moves", False))
    if variant.floor is not None:
        out.append(("score floor", False))
    return out


def unread(variant: Any, kinds: Sequence[PlayerSpec], usage: Mapping[str, float] | None = None) -> list[Unread]:
    """Every changed rule of ``variant`` (options, hooks, floor) that some seat's player, of
    ``kinds`` (one per seat), does not read, with those seats and what the player does instead.

    ``usage`` (the counts per game of the run, :attr:`~rulebook.balance.simulate.Summary.usage`) makes
    what is said of the moves a variant adds agree with them: the heuristic never makes them, or makes
    them only by chance, where a ``legal`` hook refuses its choice and the random move falls on one."""
    heuristic_seats = tuple(i for i, k in enumerate(kinds, 1)
                            if isinstance(k, str) and player_name(k).split(":")[0] == "heuristic")
    if not heuristic_seats:
        return []
    reads = heuristic_reads(variant.game)
    out = []
    npc_names = _npc_policy_rules(variant)
    for name, is_option in _changed_rules(variant):
        if name in npc_names:  # UT-LORD-8: named once, where the first of them comes
            if npc_names[name]:
                continue
            npc_names = dict.fromkeys(npc_names, True)
            rule = _("the lords' policy ({rule})").format(rule=getattr(variant.game, "NPC_RULE", ""))
            out.append(Unread(rule, heuristic_seats, "heuristic", _("reads the lords as playing by the printed "
                                                                    "conduct")))
            continue
        if is_option:
            if reads is None or name in reads:
                continue
            rule, instead = name, _("plays as under the printed rules")
            if name == "visible":  # one option per hidden element: visible.<element>
                printed = type(variant.rules)(players=variant.rules.players).visible
                rule = _(", ").join(f"visible.{e}" for e, v in variant.rules.visible.items() if printed.get(e) != v)
                instead = _("decides from what the printed rules show")
        elif name == "legal":
            rule, instead = _("the legal hook"), _("plays at random where the hook refuses its choice")
        elif name == "game_over":
            rule, instead = _("the game_over hook"), _("plays as if the game went on as printed")
        elif name == "trick_winner":
            rule, instead = _("the trick_winner hook"), _("plays as if the printed rule decided who wins a trick")
        elif name.startswith("phase:"):
            step = _added_step(variant, int(name[6:]))
            if step[2]:  # a step it values (listed by valued_lines), not one it plays at random
                continue
            rule, instead = step[0], step[1]
        elif name == "moves":
            taken = sum(v for k, v in (usage or {}).items() if k.startswith("taken: ") and k.endswith(": heuristic"))
            rule = _("the variant's own moves")
            instead = _("never makes them") if not taken else _(
                "makes them only by chance, where the legal hook refuses its choice ({n:.2f} a game)").format(n=taken)
        elif name == "ends":
            rule, instead = _("the ends hook"), _("plays as if the game went on as printed")
        elif name == "score floor":
            rule, instead = _("the score floor"), _("plays for the game's own scores")
        else:
            rule, instead = _("the {name} hook").format(name=name), _("plays for the game's own scores")
        out.append(Unread(rule, heuristic_seats, "heuristic", instead))
    return out


def _npc_policy_rules(variant: Any) -> dict[str, bool]:
    """UT-LORD-8: the changes of ``variant`` (as :func:`_changed_rules` names them) that make a non-player
    character play by a policy the rule-aware heuristic reads as the printed conduct: an NPC's option set
    to ``random``, a function for an NPC (``lord policy``). Each maps to ``False`` (not named yet)."""
    names = getattr(variant.game, "NPCS", None) or {}
    out = {option: False for option in names.values() if getattr(variant.rules, option, None) == "random"}
    out.update((f"{name} policy", False) for name, policy in getattr(variant, "npcs", ()) if callable(policy))
    return out


def _added_step(variant: Any, index: int) -> tuple[str, str, bool]:
    """A variant's added step as the rule-aware heuristic plays it
    (:meth:`rulebook.variants.phases.PhasedGame.heuristic_action`): ``(the step in words, what it does
    there, whether it values the choices)``. It values the items of a draft or an exchange where the
    game prices them (``pile_value``: the Witches' cards); it chooses at random in a pass, a reveal and
    any other draft or exchange (Saru Tori Inu I's missions)."""
    from rulebook.reference.words import phase_rule

    phase = variant.phases[index]
    game = variant.game
    rule = phase_rule(game.prefix, phase.kind, game)
    valued = phase.kind in ("draft", "exchange") and getattr(game, "pile_value", None) is not None
    if phase.kind == "pass":
        return (_("the added step that passes cards ({rule})").format(rule=rule), _("passes cards at random in it"),
                False)
    if phase.kind == "reveal":
        return (_("the added step that shows cards ({rule})").format(rule=rule), _("shows cards at random in it"),
                False)
    if phase.kind == "draft":
        return (_("the added draft ({rule})").format(rule=rule),
                _("keeps what it deems worth most in hand") if valued else
                _("keeps one of the missions dealt to it at random") if phase.element == "missions" else
                _("keeps one of the cards dealt to it at random"), valued)
    return (_("the added exchange ({rule})").format(rule=rule),
            _("puts back what it deems worth least in hand") if valued else
            _("puts back items at random"), valued)


def valued_lines(variant: Any, kinds: Sequence[PlayerSpec]) -> list[str]:
    """The added steps whose choices the rule-aware heuristic values, in sentences for people."""
    seats = tuple(i for i, k in enumerate(kinds, 1)
                  if isinstance(k, str) and player_name(k).split(":")[0] == "heuristic")
    out = []
    for i in range(len(getattr(variant, "phases", ()))) if seats else ():
        step, does, valued = _added_step(variant, i)
        if valued:
            out.append(_("the rule-aware heuristic ({seats}) plays {step} by value: it {does}").format(
                seats=_seats(seats), step=step, does=does))
    return out


def _seats(seats: Sequence[int]) -> str:
    words = [str(s) for s in seats]
    if len(words) == 1:
        return _("seat {seat}").format(seat=words[0])
    return _("seats {seats}").format(seats=_(", ").join(words[:-1]) + _(" and ") + words[-1])


def unread_lines(
    variant: Any, kinds: Sequence[PlayerSpec], label: str = "", usage: Mapping[str, float] | None = None
) -> list[str]:
    """:func:`unread` in sentences for people (no final stop), ``label`` (a side) first if given."""
    lines = []
    for u in unread(variant, kinds, usage):
        text = _("the rule-aware heuristic ({seats}) does not read {rule}: it {instead}").format(
            seats=_seats(u.seats), rule=u.rule, instead=u.instead)
        lines.append(f"{label}: {text}" if label else text)
    return lines + [f"{label}: {text}" if label else text for text in valued_lines(variant, kinds)]


def fitting_players(
    variants: Sequence[Any], players_as: Sequence[PlayerSpec] | None
) -> tuple[list[tuple[PlayerSpec, ...]], str]:
    """The players of each side (one tuple per variant) and why, in a sentence ("" for the usual).

    Given ``players_as``, those (``--players-as`` overrides). Else the rule-aware heuristic in
    every seat, unless it does not read a rule some side changes: then the rule-following player
    (:data:`SEARCH_PLAYER`, :class:`~rulebook.balance.players.RulesPlayer`) in every seat of every
    side, so the sides stay comparable; on a side that changes nothing it does not read, it plays
    the heuristic's very moves.
    """
    if players_as is not None:
        return [check_players(players_as, v.rules.players) for v in variants], ""
    defaults = [check_players(None, v.rules.players) for v in variants]
    missed = list(dict.fromkeys(u.rule for v, k in zip(variants, defaults, strict=True) for u in unread(v, k)))
    if not missed:
        return defaults, ""
    kinds: list[tuple[PlayerSpec, ...]] = [(SEARCH_PLAYER,) * v.rules.players for v in variants]
    if len(missed) == 1:
        why = _("the rule-following player in every seat (the rule-aware heuristic where the rules change nothing "
                "a move can affect, ISMCTS with {n} iterations a move where they do), because the rule-aware "
                "heuristic does not read this rule: {rules}; --players-as {default} plays it anyway")
    else:
        why = _("the rule-following player in every seat (the rule-aware heuristic where the rules change nothing "
                "a move can affect, ISMCTS with {n} iterations a move where they do), because the rule-aware "
                "heuristic does not read these rules: {rules}; --players-as {default} plays it anyway")
    why = why.format(n=DEFAULT_BUDGET, rules=_(", ").join(missed), default=DEFAULT_PLAYER)
    return kinds, why
