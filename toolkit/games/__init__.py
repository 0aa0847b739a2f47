"""The registry: the one place that lists the games.

Adding a game: a package `toolkit/games/<name>/` whose `__init__.py` defines `GAME` (a
`toolkit.games.base.Game`), its name in `NAMES`, and its folders `templates/<name>/`,
`card_data/<name>/` and `tests/games/<name>/`.

A game that lives outside the package (the test suite's fixture game, a game in development) is
added after them with `register`, or by naming its `Game` as `module:attribute` in the
environment variable DOMEKIT_EXTRA_GAMES (comma separated), read when the games are first
listed: so every process the tests start (`domekit`, `uvicorn`, the installed wheel) has it too.
Test and development plumbing: no request reaches it (the tracker only looks games up by name),
and whoever sets the variable already chooses what Python runs (as with PYTHONPATH).
"""

from __future__ import annotations

import importlib
import os
from functools import cache

from toolkit.errors import DomekitError
from toolkit.games.base import Game

NAMES = ("deathdome", "naturedome", "dominum", "domppa")
"""The games Domekit ships, in the order `domekit kit all` builds them."""
EXTRA_GAMES = "DOMEKIT_EXTRA_GAMES"
"""The environment variable naming games from outside the package: `module:attribute,...`."""

_registered: dict[str, Game] = {}
_read_environment = False


class UnknownGame(DomekitError):
    """A game name that is not in the registry."""


def register(descriptor: Game) -> None:
    """Add a game from outside the package (its parts in `descriptor.package`), listed after
    the shipped ones; registering the same descriptor again changes nothing."""
    if not descriptor.package:
        raise DomekitError(f"the game {descriptor.name!r} from outside names no package")
    if descriptor.name in NAMES or _registered.get(descriptor.name, descriptor) != descriptor:
        raise DomekitError(f"there is a game named {descriptor.name!r} already")
    _registered[descriptor.name] = descriptor


def _from_environment() -> None:
    global _read_environment
    if _read_environment:
        return
    _read_environment = True
    for entry in filter(None, map(str.strip, os.environ.get(EXTRA_GAMES, "").split(","))):
        module, _, attribute = entry.partition(":")
        try:
            found = getattr(importlib.import_module(module), attribute or "GAME")
        except (ImportError, AttributeError, ValueError) as exc:
            raise DomekitError(f"{EXTRA_GAMES}: cannot load {entry!r}: {exc}") from None
        if not isinstance(found, Game):
            kind = type(found).__name__
            raise DomekitError(f"{EXTRA_GAMES}: {entry!r} is not a Game but a {kind}")
        register(found)


def names() -> tuple[str, ...]:
    """Every game's name, in registry order: the shipped ones, then those registered."""
    _from_environment()
    return (*NAMES, *_registered)


@cache
def game(name: str) -> Game:
    """The descriptor of a game by name; UnknownGame for any other name."""
    if name not in names():
        raise UnknownGame(f"unknown game {name!r}; the games are {', '.join(names())}")
    if name in _registered:
        return _registered[name]
    found: Game = importlib.import_module(f"toolkit.games.{name}").GAME
    return found


def games() -> list[Game]:
    """Every game's descriptor, in registry order."""
    return [game(name) for name in names()]
