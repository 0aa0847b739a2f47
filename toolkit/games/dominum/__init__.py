"""The game's descriptor for the registry; everything of the game lives in this package."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.games.base import Game

if TYPE_CHECKING:
    import typer

    from toolkit.pdf.kits import KitBuilder


def _calculators() -> typer.Typer:
    from toolkit.games.dominum.cli import app

    return app


def _odds() -> typer.Typer:
    from toolkit.games.dominum.cli import odds_app

    return odds_app


def _kit() -> KitBuilder:
    from toolkit.games.dominum.kit import build_kit

    return build_kit


def _tracker() -> Any:
    from toolkit.games.dominum.tracker import plugin

    return plugin


GAME = Game(
    name="dominum",
    title="Dominum",
    calculators_help="Dominum calculators: attack, assault, duel.",
    calculators=_calculators,
    odds_help="Dominum odds: attack, assault.",
    odds=_odds,
    kit=_kit,
    tracker=_tracker,
)
