"""The search space of ``rulebook tune``: which house rules a search may try.

A space is a list of *dimensions*, each written ``NAME=VALUES`` (``--space``, repeatable):

* ``hand_size=4..8``: a whole-number option over a range (both ends included);
* ``wheel=descending,ascending``, ``first_leader=1,2,3``: an option over listed values, written as
  ``--set`` writes them (seats count from 1); a list option takes its values separated by ``|``
  (``colours=R,B,G,Y,P|R,B,G,Y,P,O``);
* ``must_follow``, ``must_follow=bool``: a flag, both ways;
* ``hand_size@3=4..8``: a value for one player count (:mod:`rulebook.variants.variant`, values per count);
* ``stars[6]=1..3``: one item of a list of whole numbers (counted from 1);
* ``ruleset=printed,ascending``: the named rulesets of the game;
* any other name (``bonus=0..5``, ``weight=0.5..2.0``, ``mode=a,b``): a value only a Python build
  function reads (``--build FILE.py:NAME``); without one, such a name is refused as an unknown option.

:meth:`Space.suggest` draws a candidate from an Optuna trial; :func:`candidate` builds its
:class:`~rulebook.variants.variant.Variant` (the base variant with the values set, then the build
function, if any, given the variant and every value).

>>> import rulebook
>>> game = rulebook.get_game("witches-of-blackmore")
>>> space = parse_space(game, ["hand_size=5..7", "must_follow", "first_leader=1,2"])
>>> space.size(), [d.name for d in space.dimensions]
(12, ['hand_size', 'must_follow', 'first_leader'])
>>> v = candidate(game, space, {"hand_size": 5, "must_follow": True, "first_leader": 1}, players=3)
>>> v.rules.hand_size, v.rules.must_follow, v.rules.first_leader
(5, True, 1)
>>> changes_in_words(game, v)
['hand size 5 (printed: 6)', 'must follow: yes (printed: no)', 'first leader 2 (printed: 1)']
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from rulebook.balance.tune_target import TuneError
from rulebook.core.contract import Game
from rulebook.core.options import OptionInfo, format_value, option_value, parse_value
from rulebook.errors import InvalidRules, RulebookError
from rulebook.i18n import _
from rulebook.variants.variant import Variant, resolve

__all__ = [
    "Build", "Dimension", "Space", "SpaceError", "candidate", "changes_in_words", "load_build", "parse_dimension",
    "parse_space", "rebuild",
]

#: A Python build function: the candidate's variant (the values of options already set) and every value
#: of the candidate, by dimension name, to the variant to measure.
Build = Callable[[Variant, Mapping[str, Any]], Variant]

#: The most values a listed dimension may have, and the most dimensions a space may have.
MAX_VALUES = 200
MAX_DIMENSIONS = 20

_RANGE = re.compile(r"\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*")
_FLOAT_RANGE = re.compile(r"\s*(-?\d+(?:\.\d*)?)\s*\.\.\s*(-?\d+(?:\.\d*)?)\s*")
_NAME = re.compile(r"([A-Za-z_][A-Za-z0-9_.-]*)(?:@(\d+))?(?:\[(\d+)\])?")


class SpaceError(TuneError):
    """A bad ``--space`` dimension; ``field`` names it (``space.hand_size``)."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(f"space.{name}" if name else "space", message)


@attrs.frozen
class Dimension:
    """One dimension of a space: the values a search may give one option (or a build function's value)."""

    #: the name the candidate's values use (``hand_size``, ``hand_size@3``, ``stars[6]``, ``ruleset``, ``bonus``)
    name: str
    #: ``int`` (a range), ``float`` (a range), ``choice`` (listed values)
    kind: str
    low: float = 0
    high: float = 0
    #: the listed values (Python values of the option), and how people write each
    choices: tuple[Any, ...] = ()
    texts: tuple[str, ...] = ()
    #: the option it sets (``""``: a ruleset or a build function's value)
    option: str = ""
    #: the player count of a value per count (0: every count)
    count: int = 0
    #: the item of a list option (0-based; -1: the whole value)
    index: int = -1
    ruleset: bool = False
    #: what separates the listed values in ``--space`` (``|`` for the values of a list option)
    separator: str = ","

    def values(self) -> tuple[Any, ...] | None:
        """Every value, when there are finitely many (``None`` for a range of decimals)."""
        if self.kind == "int":
            return tuple(range(int(self.low), int(self.high) + 1))
        if self.kind == "float":
            return None
        return self.choices

    def suggest(self, trial: Any) -> Any:
        """The value an Optuna trial suggests (listed values go through their text, which Optuna stores)."""
        if self.kind == "int":
            return trial.suggest_int(self.name, int(self.low), int(self.high))
        if self.kind == "float":
            return trial.suggest_float(self.name, float(self.low), float(self.high))
        text = trial.suggest_categorical(self.name, list(self.texts))
        return self.choices[self.texts.index(text)]

    def text(self, value: Any) -> str:
        """``value`` as people write it (``--set``'s syntax)."""
        if self.kind == "choice" and value in self.choices:
            return self.texts[self.choices.index(value)]
        return str(value)

    def param(self, value: Any) -> Any:
        """``value`` as the Optuna parameter stores it."""
        return self.text(value) if self.kind == "choice" else value


@attrs.frozen
class Space:
    """The dimensions of a search, and the build function that reads them (if any)."""

    dimensions: tuple[Dimension, ...]
    build: Build | None = None
    #: how the build function was named (``file.py:NAME``), for the variant files and the reports
    build_ref: str = ""

    def size(self) -> float:
        """How many distinct candidates there are (``math.inf`` with a range of decimals)."""
        total = 1
        for d in self.dimensions:
            values = d.values()
            if values is None:
                return math.inf
            total *= len(values)
        return total

    def suggest(self, trial: Any) -> dict[str, Any]:
        """A candidate's values, by dimension name, from an Optuna trial."""
        return {d.name: d.suggest(trial) for d in self.dimensions}

    def grid(self) -> dict[str, list[Any]]:
        """Every dimension's values as Optuna parameters (for an exhaustive search)."""
        out = {}
        for d in self.dimensions:
            values = d.values()
            if values is None:
                raise RulebookError(f"space.{d.name}: a range of decimals cannot be searched exhaustively")
            out[d.name] = [d.param(v) for v in values]
        return out

    def from_params(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """A candidate's values from the parameters Optuna stored."""
        out = {}
        for d in self.dimensions:
            raw = params[d.name]
            out[d.name] = d.choices[d.texts.index(raw)] if d.kind == "choice" else raw
        return out

    def key(self, values: Mapping[str, Any]) -> str:
        """A text that names a candidate (the same values, the same text)."""
        return "; ".join(f"{d.name}={d.text(values[d.name])}" for d in self.dimensions)

    def describe(self) -> list[str]:
        """The dimensions as ``--space`` writes them (for the resume file's header)."""
        out = []
        for d in self.dimensions:
            if d.kind in ("int", "float"):
                out.append(f"{d.name}={d.low}..{d.high}")
            else:
                out.append(f"{d.name}={d.separator.join(d.texts)}")
        return out


def _infos(game: Game[Any, Any, Any]) -> dict[str, OptionInfo]:
    return {i.name: i for i in game.options()}


def parse_dimension(game: Game[Any, Any, Any], text: str, *, free: bool = False) -> Dimension:
    """One ``--space`` item (see the module doc); ``free``: names that are no option are a build
    function's values. A fault raises :class:`SpaceError` naming the dimension."""
    if not isinstance(text, str):
        raise SpaceError("", f"expected NAME=VALUES, not {type(text).__name__}")
    head, eq, body = text.partition("=")
    head = head.strip().replace("-", "_")
    m = _NAME.fullmatch(head)
    if m is None:
        raise SpaceError(head[:40], "expected NAME=VALUES, NAME@COUNT=VALUES or NAME[ITEM]=VALUES "
                         "(for example hand_size=4..8)")
    name, count_text, item_text = m[1], m[2], m[3]
    count = int(count_text) if count_text else 0
    index = int(item_text) - 1 if item_text else -1
    if item_text is not None and index < 0:
        raise SpaceError(head, "items count from 1")
    if name == "ruleset":
        names = [r.name for r in game.rulesets]
        wanted = [p.strip() for p in body.split(",") if p.strip()] if eq else names
        for w in wanted:
            if w not in names:
                raise SpaceError(head, f"{w[:40]!r} is not a ruleset of {game.slug}; its rulesets are: "
                                 f"{', '.join(names)}")
        return _choice(head, tuple(wanted), tuple(wanted), ruleset=True)
    infos = _infos(game)
    info = infos.get(name)
    if info is None:
        if not free:
            raise SpaceError(head, f"unknown option; valid options are: {', '.join(infos)} (a name of your own "
                             "needs a build function: --build FILE.py:NAME)")
        return _free(head, body if eq else "bool")
    if name == "players":
        raise SpaceError(head, "the player count is the search's own (--players): search the rules at one count")
    if count and count not in game.player_counts:
        raise SpaceError(head, f"{game.slug} is played by {', '.join(map(str, game.player_counts))} players, "
                         f"not {count}")
    body = body.strip() if eq else "bool"
    if index >= 0:
        if not (isinstance(info.default, tuple) and info.item is int):
            raise SpaceError(head, "an item [N] belongs to an option that is a list of whole numbers")
        return _int_values(head, body, name, count, index)
    if isinstance(info.default, bool):
        if body.lower() in ("bool", "true,false", "false,true", "both"):
            return _choice(head, (False, True), ("false", "true"), option=name, count=count)
    if isinstance(info.default, int) and not isinstance(info.default, bool) and not info.seat:
        m = _RANGE.fullmatch(body)
        if m:
            low, high = int(m[1]), int(m[2])
            if low >= high:
                raise SpaceError(head, f"the range {body[:30]} must run upwards and hold two values at least")
            return Dimension(head, "int", low, high, option=name, count=count)
    separator = "|" if isinstance(info.default, tuple) else ","
    parts = [p.strip() for p in body.split(separator)]
    values: list[Any] = []
    for part in parts:
        if not part:
            raise SpaceError(head, f"an empty value (separate the values by {separator!r})")
        try:
            if info.seat and not isinstance(info.default, tuple) and _RANGE.fullmatch(part):
                m = _RANGE.fullmatch(part)
                assert m is not None
                values.extend(parse_value(info, str(s)) for s in range(int(m[1]), int(m[2]) + 1))
            else:
                values.append(parse_value(info, part))
        except InvalidRules as exc:
            reason = str(exc).partition(": ")[2] or str(exc)
            raise SpaceError(head, reason) from None
    allowed = info.choices
    for v in values:
        if allowed and not isinstance(v, tuple) and v not in allowed:
            raise SpaceError(head, f"{format_value(info, v)[:40]!r} is not a value of {name}; its values are: "
                             f"{', '.join(format_value(info, a) for a in allowed)}")
    return _choice(head, tuple(values), tuple(format_value(info, v) for v in values), option=name, count=count,
                   separator=separator)


def _int_values(head: str, body: str, name: str, count: int, index: int) -> Dimension:
    m = _RANGE.fullmatch(body)
    if m:
        low, high = int(m[1]), int(m[2])
        if low >= high:
            raise SpaceError(head, f"the range {body[:30]} must run upwards and hold two values at least")
        return Dimension(head, "int", low, high, option=name, count=count, index=index)
    try:
        values = tuple(int(p) for p in body.split(","))
    except ValueError:
        raise SpaceError(head, f"expected whole numbers (a..b, or a,b,c), not {body[:40]!r}") from None
    return _choice(head, values, tuple(map(str, values)), option=name, count=count, index=index)


def _free(head: str, body: str) -> Dimension:
    body = body.strip()
    if body.lower() == "bool":
        return _choice(head, (False, True), ("false", "true"))
    m = _RANGE.fullmatch(body)
    if m:
        low, high = int(m[1]), int(m[2])
        if low >= high:
            raise SpaceError(head, f"the range {body[:30]} must run upwards and hold two values at least")
        return Dimension(head, "int", low, high)
    m = _FLOAT_RANGE.fullmatch(body)
    if m:
        low_f, high_f = float(m[1]), float(m[2])
        if not low_f < high_f:
            raise SpaceError(head, f"the range {body[:30]} must run upwards")
        return Dimension(head, "float", low_f, high_f)
    parts = tuple(p.strip() for p in body.split(","))
    if any(not p for p in parts):
        raise SpaceError(head, "an empty value (separate the values by ',')")
    values = tuple(int(p) if re.fullmatch(r"-?\d+", p) else p for p in parts)
    return _choice(head, values, parts)


def _choice(head: str, values: tuple[Any, ...], texts: tuple[str, ...], **kw: Any) -> Dimension:
    if len(values) < 2:
        raise SpaceError(head, "give two values at least (a dimension with one value is a --set)")
    if len(values) > MAX_VALUES:
        raise SpaceError(head, f"at most {MAX_VALUES} values (got {len(values)})")
    if len(set(texts)) != len(texts):
        raise SpaceError(head, "a value is named twice")
    return Dimension(head, "choice", choices=values, texts=texts, **kw)


def parse_space(
    game: Game[Any, Any, Any], items: Sequence[str], *, build: Build | None = None, build_ref: str = ""
) -> Space:
    """The space of ``--space`` items (with the build function of ``--build``, if any)."""
    if isinstance(items, str):
        items = [items]
    if not items:
        raise SpaceError("", "give at least one --space NAME=VALUES (for example --space hand_size=4..8)")
    if len(items) > MAX_DIMENSIONS:
        raise SpaceError("", f"at most {MAX_DIMENSIONS} dimensions (got {len(items)})")
    dims = tuple(parse_dimension(game, t, free=build is not None) for t in items)
    names = [d.name for d in dims]
    for n in names:
        if names.count(n) > 1:
            raise SpaceError(n, "named twice")
    seen: dict[tuple[str, int], str] = {}
    for d in dims:  # an option searched whole and by item, or at every count and at one, would fight itself
        if d.option:
            for other_count in ({0, d.count} if d.count else {0}):
                prior = seen.get((d.option, other_count))
                if prior is not None and (d.index < 0 or prior.find("[") < 0):
                    raise SpaceError(d.name, f"sets {d.option} as {prior} does too")
            seen[(d.option, d.count)] = d.name
    if sum(d.ruleset for d in dims) > 1:
        raise SpaceError("ruleset", "named twice")
    return Space(dims, build, build_ref)


def candidate(
    game: Game[Any, Any, Any],
    space: Space,
    values: Mapping[str, Any],
    *,
    base: Variant | None = None,
    players: int | None = None,
    name: str = "",
) -> Variant:
    """The variant of a candidate: ``base`` (default: the printed rules) with the ruleset and the options
    of ``values`` set, at ``players`` players, then the build function given that variant and every value.

    A value the rules refuse raises :class:`~rulebook.InvalidRules` naming the option."""
    ruleset = None
    sets: dict[str, Any] = {}
    base_rules = base.rules if base is not None else game.Rules(players=players or game.Rules().players)
    for d in space.dimensions:
        value = values[d.name]
        if d.ruleset:
            ruleset = value
        elif d.option and d.index >= 0:
            key = f"{d.option}@{d.count}" if d.count else d.option
            current = sets.get(key, option_value(base_rules, d.option))
            items = list(current)
            if d.index >= len(items):
                raise InvalidRules(d.option, f"item {d.index + 1} of {len(items)} (in --space {d.name})")
            items[d.index] = value
            sets[key] = tuple(items)
        elif d.option:
            sets[f"{d.option}@{d.count}" if d.count else d.option] = value
    variant = resolve(game, variant=base, sets=sets, players=players, ruleset=ruleset)
    if space.build is not None:
        try:
            built = space.build(variant, dict(values))
        except RulebookError:
            raise
        except Exception as exc:  # the designer's code: its failure rejects the candidate, in one line
            raise RulebookError(f"--build {space.build_ref or 'function'} failed: {type(exc).__name__}: "
                                f"{str(exc).partition(chr(10))[0][:200]}") from None
        if not isinstance(built, Variant):
            raise RulebookError(f"--build {space.build_ref or 'function'} gave a {type(built).__name__}, "
                                "not a rulebook Variant")
        if built.game is not game:
            raise RulebookError(f"--build {space.build_ref or 'function'} gave a variant of {built.game.slug}, "
                                f"not of {game.slug}")
        variant = built
    return attrs.evolve(variant, name=name) if name else variant


def _yes(value: Any) -> str:
    return _("yes") if value else _("no")


def changes_in_words(game: Game[Any, Any, Any], variant: Variant, space: Space | None = None,
                     values: Mapping[str, Any] | None = None) -> list[str]:
    """What ``variant`` changes against the printed rules at its player count, a phrase per change
    (option names as ``rulebook options`` lists them, with spaces; seats from 1), then the values only a
    build function reads."""
    printed_rules = game.Rules(players=variant.rules.players)
    infos = _infos(game)
    out = []
    for name, info in infos.items():
        if name == "players":
            continue
        a, b = option_value(printed_rules, name), option_value(variant.rules, name)
        if a == b:
            continue
        words = name.replace("_", " ")
        if isinstance(b, bool):
            out.append(_("{option}: {value} (printed: {printed})").format(option=words, value=_yes(b),
                                                                          printed=_yes(a)))
        else:
            out.append(_("{option} {value} (printed: {printed})").format(
                option=words, value=format_value(info, b) or _("none"), printed=format_value(info, a) or _("none")))
    if space is not None and values is not None:
        for d in space.dimensions:
            if d.ruleset and values[d.name] != "printed":
                out.insert(0, _("the ruleset {name}").format(name=values[d.name]))
            elif not d.option and not d.ruleset:
                out.append(_("{name} = {value} (read by {build})").format(
                    name=d.name, value=d.text(values[d.name]), build=space.build_ref or _("the build function")))
    return out


def load_build(ref: str) -> Build:
    """A build function named on the command line (``--build file.py:NAME`` or ``module:NAME``; ``build`` when
    NAME is left out). Like ``--variant file.py:NAME`` this *runs code*: pass only a reference the user gave."""
    import inspect

    from rulebook.variants.user_code import load_module

    target, colon, attr = ref.rpartition(":")
    if not colon:
        target, attr = ref, "build"
    module = load_module(ref, target, "build function")
    fn = getattr(module, attr or "build", None)
    if not inspect.isfunction(fn):
        raise RulebookError(f"--build {ref!r}: {target} has no function {attr or 'build'!r}")
    return fn


def rebuild(slug: str, items: Sequence[str], values: Mapping[str, Any], *, build: str, players: int) -> Variant:
    """A candidate a build function made, built again (the Python variant file a search writes for a finalist
    calls it): the space of ``items``, the values, the build function named by ``build``."""
    from rulebook.registry import get_game

    game = get_game(slug)
    space = parse_space(game, items, build=load_build(build), build_ref=build)
    return candidate(game, space, values, players=players)
