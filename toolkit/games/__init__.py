"""The registry: the one place that lists the games.

Adding a game: a package `toolkit/games/<name>/` whose `__init__.py` defines `GAME` (a
`toolkit.games.base.Game`), its name in `NAMES`, and its folders `templates/<name>/`,
`card_data/<name>/` and `tests/games/<name>/`.
"""

from __future__ import annotations

import importlib
from functools import cache

from toolkit.errors import DomekitError
from toolkit.games.base import Game

NAMES = ("deathdome", "naturedome", "dominum", "domppa")
"""Every game, in the order `domekit kit all` builds them."""


class UnknownGame(DomekitError):
    """A game name that is not in the registry."""


@cache
def game(name: str) -> Game:
    """The descriptor of a game by name; UnknownGame for any other name."""
    if name not in NAMES:
        raise UnknownGame(f"unknown game {name!r}; the games are {', '.join(NAMES)}")
    found: Game = importlib.import_module(f"toolkit.games.{name}").GAME
    return found


def games() -> list[Game]:
    """Every game's descriptor, in registry order."""
    return [game(name) for name in NAMES]
