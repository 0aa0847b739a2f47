"""What a game is to the rest of the house: one `Game` descriptor per game package.

Each `toolkit/games/<game>/__init__.py` defines `GAME`, a `Game` whose parts are loaded only when
used (the callables import the game's modules), so listing the games costs nothing at start-up.
The CLI, the kit command, the tracker and the odds charts know a game only through this.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import typer

    from toolkit.pdf.kits import KitBuilder
    from toolkit.tracker.contract import TrackerGame


@dataclass(frozen=True)
class Game:
    name: str
    """As in `domekit kit <name>`, URLs, kit manifests and the folders of the game."""
    title: str
    """As the rule book writes it, capitals and spaces included."""
    calculators_help: str
    """The one line `domekit --help` shows for `domekit <name>`."""
    calculators: Callable[[], typer.Typer]
    """The `domekit <name> ...` calculators."""
    odds_help: str
    """The one line `domekit odds --help` shows for `domekit odds <name>`."""
    odds: Callable[[], typer.Typer]
    """The `domekit odds <name> ...` commands."""
    kit: Callable[[], KitBuilder]
    """The print kit's builder."""
    tracker: Callable[[], TrackerGame[Any, Any]]
    """The tracker's side of the game (its match engine and views): toolkit/tracker's contract."""
