"""``rulebook games``, ``rulebook options GAME``, ``rulebook rulesets GAME`` and ``rulebook rules GAME``:
what there is to play and what can be changed, read from the games themselves."""

from __future__ import annotations

import argparse
import json
from typing import Any

import attrs

import rulebook
from rulebook.cli.common import _name, _table, game_arg, subcommand, terminal_width
from rulebook.core.contract import Game
from rulebook.core.model import program_text, slots_text
from rulebook.core.options import describe_options, format_value, options_help, options_json, wrap_value
from rulebook.i18n import _, width, wrap
from rulebook.variants.variant import turn_rules

__all__ = ["add_arguments", "run"]

COMMANDS = ("games", "options", "rulesets", "rules")


def _per_count_help(game: Game[Any, Any, Any]) -> str:
    """How ``rulebook options`` says that any option takes one value per player count."""
    example = next((i.example for i in describe_options(game.Rules) if i.example and i.name != "players"), "")
    name, _eq, value = example.partition("=")
    low = game.player_counts[0]
    return _("Values per player count: any option but players can take one value for each count. With --set, "
             "write NAME@COUNT=VALUE ({example}; also @{low},{next} or @{low}..{next}); in a variant file, a table "
             "[rules.{name}] with {low} = VALUE. Counts not named keep the value given otherwise (else the "
             "default); each value is checked at its count.").format(
                 example=f"--set {name}@{low}={value}", low=low, next=low + 1, name=name)


def _logic_help(game: Game[Any, Any, Any]) -> str:
    """How ``rulebook options`` names what a Python variant may change of the engine's own logic."""
    if not game.COUNTERS:
        return ""
    endings = ", ".join(f"{name} ({rule})" for name, rule in game.ENDINGS.items()) or _("none")
    return _("The engine's own logic, for Python variants (the docs page \"Verify a house rule\"): a trick_winner "
             "hook decides tricks; a counters hook changes the counts {counters} at the events {events}; an ends "
             "hook ends the game at an event. The game's endings, which endings_off switches off: {endings}.").format(
                 counters=", ".join(game.COUNTERS), events=", ".join(game.EVENTS), endings=endings)


def _model_help(game: Game[Any, Any, Any], width: int) -> list[str]:
    """The game as one model, as ``rulebook options`` shows it: its zones and who sees them, its program of
    steps (where an added step may go), and the rules a variant may replace by ID or switch off."""
    out = ["", *wrap(_("Zones, and who sees them (visible.ZONE = SIGHT; visible.ZONE.SEAT for one seat's):"), width)]
    for zone in game.ZONES:
        sights = ", ".join(zone.choices) + (_(", or any sight") if zone.general else "")
        out += wrap(_("{zone}: {sights}").format(zone=zone.name, sights=sights), width, "  ", "    ")
    out += ["", *wrap(_("The round as a program of steps (an added step goes before = STEP or after = STEP, at = N):"),
                      width)]
    for line in program_text(game).splitlines():
        depth = len(line) - len(line.lstrip(" "))
        out += wrap(line.strip(), width, "  " + " " * depth, "    " + " " * depth)
    out += ["", *wrap(_("The rules a variant may replace by ID (Variant(..., replace={ID: function}); a variant file's "
                        "off = [ID] switches off the ones that may be):"), width)]
    for line in slots_text(game).splitlines():
        out += wrap(line, width, "  ", "    ")
    return out


def _turns_help(game: Game[Any, Any, Any]) -> str:
    """How ``rulebook options`` names the turn-order rules a variant file's ``[turns]`` table may give."""
    accepted = turn_rules(game)
    if accepted is None:
        return _("Who leads: {game} does not take a turn-order rule yet.").format(game=game.slug)
    return _("Who leads, by a rule (a variant file's [turns] table, or a leader hook in Python): trick = {trick} "
             "(who leads the next trick); round = {round} (who starts the next round). Ties go to the first seat "
             "clockwise from the one the game's own rule names.").format(
                 trick=", ".join(accepted[0]), round=", ".join(accepted[1]))


def add_arguments(sub: Any) -> None:
    """The four commands' parsers."""
    subcommand(sub, "games", "list the games: slug, title, player counts, rule prefix", ["rulebook games"])
    opts = subcommand(sub, "options", "list a game's Rules options: type, default, allowed values, rules, an example",
                ["rulebook options witches-of-blackmore", "rulebook options gods-and-humans --json"])
    game_arg(opts)
    opts.add_argument("--json", action="store_true", help="print the options as JSON")
    rsets = subcommand(sub, "rulesets", "list a game's named rulesets (the printed game, its variants, short games)",
                 ["rulebook rulesets utsuke", "rulebook simulate utsuke --ruleset NAME --compare"])
    game_arg(rsets)
    rsets.add_argument("--json", action="store_true", help="print the rulesets as JSON")

    rl = subcommand(sub, "rules", "print a game's rules: one rule with its rulings, a section, or the list",
              ["rulebook rules witches-of-blackmore WB-TRICK-2", "rulebook rules utsuke bidding"])
    game_arg(rl)
    rl.add_argument("rule", nargs="?", metavar="RULE-ID|SECTION", help="a rule ID or a section (default: the list)")


def _rulesets(game: Game[Any, Any, Any], as_json: bool) -> int:
    if as_json:
        print(json.dumps({"game": game.slug, "rulesets": [r.to_json() for r in game.rulesets]}, indent=1,
                         ensure_ascii=False))
        return 0
    infos = {i.name: i for i in describe_options(game.Rules)}
    heading = _("Rulesets of {game} (use one with --ruleset NAME):").format(game=_name(game))
    columns = terminal_width()
    print("\n".join(wrap(heading, columns, "", "  ")) + "\n")
    for r in game.rulesets:
        print(r.name)
        print("\n".join(wrap(_(r.description), columns, "  ", "  ")))
        values = " ".join(f"{k}={format_value(infos[k], v)}" for k, v in r.values.items()) or _("(nothing changed)")
        label = "  " + _("sets:") + " "
        print("\n".join(wrap_value(values, columns, label, " " * width(label))))
        if r.rules:
            print("  " + _("rules:") + " " + ", ".join(r.rules))
    return 0



def run(args: argparse.Namespace) -> int:
    """Run ``games``, ``options``, ``rulesets`` or ``rules``."""
    if args.command == "games":
        rows = [
            [slug, _(g.title), f"{min(g.player_counts)}-{max(g.player_counts)}", g.prefix]
            for slug, g in rulebook.GAMES.items()
        ]
        _table("rulebook games", [_("slug"), _("game"), _("players"), _("rule prefix")], rows)
        return 0
    if args.command == "options":
        game = rulebook.get_game(args.game)
        if args.json:
            seams: dict[str, Any] = {
                "counters": dict(game.COUNTERS), "events": dict(game.EVENTS), "endings": dict(game.ENDINGS),
                "phases": [attrs.asdict(p) for p in game.PHASES],
                "zones": [{"name": z.name, "items": z.items, "per_seat": z.per_seat, "ordered": z.ordered,
                           "printed": z.printed, "engine": list(z.choices), "any_sight": z.general,
                           "rules": list(z.rules)} for z in game.ZONES],
                "program": [attrs.asdict(s) for s in game.PROGRAM],
                "slots": [attrs.asdict(s) for s in game.SLOTS]}
            accepted = turn_rules(game)
            seams["turns"] = None if accepted is None else {"trick": list(accepted[0]), "round": list(accepted[1])}
            print(json.dumps({"game": game.slug, "options": options_json(game.Rules), "logic": seams}, indent=1,
                             ensure_ascii=False))
            return 0
        heading = _("Options of {game} (set one with --set NAME=VALUE):").format(game=_name(game))
        print("\n".join(wrap(heading, terminal_width(), "", "  ")) + "\n")
        print(options_help(game.Rules, terminal_width()))
        print("\n" + "\n".join(wrap(_per_count_help(game), terminal_width())))
        logic = _logic_help(game)
        if logic:
            print("\n" + "\n".join(wrap(logic, terminal_width())))
        print("\n" + "\n".join(wrap(_turns_help(game), terminal_width())))
        if game.PROGRAM:
            print("\n".join(_model_help(game, terminal_width())))
        return 0
    if args.command == "rulesets":
        return _rulesets(rulebook.get_game(args.game), args.json)
    from rulebook.reference.rules_text import rules_command

    return rules_command(rulebook.get_game(args.game), args.rule)
