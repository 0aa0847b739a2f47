"""The game's descriptor for the registry; everything of the game lives in this package."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.games.base import Game

if TYPE_CHECKING:
    import typer

    from toolkit.pdf.kits import KitBuilder


def _calculators() -> typer.Typer:
    from toolkit.games.naturedome.cli import app

    return app


def _odds() -> typer.Typer:
    from toolkit.games.naturedome.cli import odds_app

    return odds_app


def _kit() -> KitBuilder:
    from toolkit.games.naturedome.kit import build_kit

    return build_kit


def _tracker() -> Any:
    from toolkit.games.naturedome.tracker import plugin

    return plugin


GAME = Game(
    name="naturedome",
    title="Nature Dome",
    calculators_help="Nature Dome calculators: clash.",
    calculators=_calculators,
    odds_help="Nature Dome odds: clash.",
    odds=_odds,
    kit=_kit,
    tracker=_tracker,
)
