"""The registry of games: ``GAMES`` maps each slug to its game object.

Each module in :mod:`rulebook.games` that defines ``GAME`` is registered under
``GAME.slug``; the five games of the project come first, in a fixed order.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, Literal, overload

from rulebook.core.contract import Game
from rulebook.errors import UnknownGame

if TYPE_CHECKING:
    from rulebook.games.gods_and_humans import GodsAndHumansGame
    from rulebook.games.saru_tori_inu_i import SaruGame
    from rulebook.games.seven_prophecies import SevenProphecies
    from rulebook.games.utsuke import UtsukeGame
    from rulebook.games.witches_of_blackmore import WitchesGame

__all__ = ["GAMES", "get_game"]

ORDER = ("witches-of-blackmore", "seven-prophecies", "utsuke", "gods-and-humans", "saru-tori-inu-i")


def _discover() -> dict[str, Game[Any, Any, Any]]:
    import rulebook.games as pkg

    found: dict[str, Game[Any, Any, Any]] = {}
    for info in pkgutil.iter_modules(pkg.__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{pkg.__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.slug] = game

    def key(slug: str) -> tuple[int, str]:
        return (ORDER.index(slug) if slug in ORDER else len(ORDER), slug)

    return {slug: found[slug] for slug in sorted(found, key=key)}


class _Registry(Mapping[str, Game[Any, Any, Any]]):
    """A read-only mapping, filled on first use."""

    def __init__(self) -> None:
        self._games: dict[str, Game[Any, Any, Any]] | None = None

    def _all(self) -> dict[str, Game[Any, Any, Any]]:
        if self._games is None:
            self._games = _discover()
        return self._games

    def __getitem__(self, slug: str) -> Game[Any, Any, Any]:
        games = self._all()
        try:
            return games[slug]
        except KeyError:
            raise UnknownGame(slug, tuple(games)) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self._all())})"


GAMES: Mapping[str, Game[Any, Any, Any]] = _Registry()


@overload
def get_game(slug: Literal["witches-of-blackmore"]) -> WitchesGame: ...
@overload
def get_game(slug: Literal["seven-prophecies"]) -> SevenProphecies: ...
@overload
def get_game(slug: Literal["utsuke"]) -> UtsukeGame: ...
@overload
def get_game(slug: Literal["gods-and-humans"]) -> GodsAndHumansGame: ...
@overload
def get_game(slug: Literal["saru-tori-inu-i"]) -> SaruGame: ...
@overload
def get_game(slug: str) -> Game[Any, Any, Any]: ...
def get_game(slug: str) -> Game[Any, Any, Any]:
    """The game registered as ``slug``; :class:`~rulebook.UnknownGame` lists the known slugs.

    Typed precisely for the five games' slugs (``get_game("utsuke").new_game(...)`` is an
    ``UtsukeState`` to a type checker); any other string gives the generic :class:`~rulebook.core.contract.Game`.
    """
    return GAMES[slug]
