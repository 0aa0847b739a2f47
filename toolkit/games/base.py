"""What a game is to the rest of the house: one `Game` descriptor per game package.

Each `toolkit/games/<game>/__init__.py` defines `GAME`, a `Game` whose parts are imported only
when used, so listing the games costs nothing at start-up. A game from outside the package (the
registry's `register`) names the package its parts live in.
The CLI, the kit command, the tracker and the odds charts know a game only through this.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
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
    package: str = ""
    """The package its parts live in: `toolkit.games.<name>` unless it says (a game from outside
    the package: then its tracker pages are in that package's `templates/<name>/`)."""
    kit_book: bool = False
    """Its kit is a `toolkit.pdf.book.KitBook` (the shipped games'): the cover with the rules
    reference on its back, the card sheets front and back, the other sheets single-sided each
    with a blank back, so the whole file prints double-sided; `--layout service` gives the cards
    bleed and `--ink full` full colour, and the cover says so. The kit tests check that shape
    (tests/pdf/test_print_plan.py, test_service_layout.py) only where a game says it has it."""

    def _load(self, part: str) -> Any:
        module, _, attribute = self.parts.get(part, DEFAULT_PARTS[part]).partition(":")
        package = self.package or f"toolkit.games.{self.name}"
        return getattr(importlib.import_module(f"{package}.{module}"), attribute)

    def page_folder(self) -> Path | None:
        """Where a game from outside the package keeps its tracker pages: its package's
        `templates/`, holding `<name>/` as the package's templates/ does (None for the games
        Domekit ships, whose pages are there)."""
        if not self.package:
            return None
        from importlib.resources import files

        folder = Path(str(files(self.package).joinpath("templates")))
        return folder if folder.is_dir() else None

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
