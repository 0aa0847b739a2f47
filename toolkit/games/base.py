"""What a game is to the rest of the house: one `Game` descriptor per game package.

Each `toolkit/games/<game>/__init__.py` defines `GAME`, a `Game` whose parts are imported only
when used, so listing the games costs nothing at start-up.
The CLI, the kit command, the tracker and the odds charts know a game only through this.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import typer

    from toolkit.pdf.kits import KitBuilder


@dataclass(frozen=True)
class Game:
    name: str
    """As in `domekit kit <name>`, URLs, kit manifests and the folders of the game."""
    title: str
    """As the rule book writes it, capitals and spaces included."""
    calculators_help: str
    """The one line `domekit --help` shows for `domekit <name>`."""
    odds_help: str
    """The one line `domekit odds --help` shows for `domekit odds <name>`."""
    parts: Mapping[str, str] = field(default_factory=dict)
    """Where each part lives, as `module:attribute` within the game's package (entry-point
    style, e.g. `cli:app`); the defaults below name the spine every game has."""

    def _load(self, part: str) -> Any:
        module, _, attribute = self.parts.get(part, DEFAULT_PARTS[part]).partition(":")
        return getattr(importlib.import_module(f"toolkit.games.{self.name}.{module}"), attribute)

    def calculators(self) -> typer.Typer:
        """The `domekit <name> ...` calculators."""
        found: typer.Typer = self._load("calculators")
        return found

    def odds(self) -> typer.Typer:
        """The `domekit odds <name> ...` commands."""
        found: typer.Typer = self._load("odds")
        return found

    def kit(self) -> KitBuilder:
        """The print kit's builder."""
        found: KitBuilder = self._load("kit")
        return found

    def tracker(self) -> object:
        """The tracker's side of the game (its match engine and views), a `TrackerGame` of
        toolkit/tracker's contract (which the tracker checks: the game layer knows no web)."""
        found: object = self._load("tracker")
        return found


DEFAULT_PARTS: Mapping[str, str] = {
    "calculators": "cli:app",
    "odds": "cli:odds_app",
    "kit": "kit:build_kit",
    "tracker": "tracker:plugin",
}
