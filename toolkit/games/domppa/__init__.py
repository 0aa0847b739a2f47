"""The game's descriptor for the registry; everything of the game lives in this package."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.games.base import Game

if TYPE_CHECKING:
    import typer

    from toolkit.pdf.kits import KitBuilder


def _calculators() -> typer.Typer:
    from toolkit.games.domppa.cli import app

    return app


def _odds() -> typer.Typer:
    from toolkit.games.domppa.odds_cli import odds_app

    return odds_app


def _kit() -> KitBuilder:
    from toolkit.games.domppa.kit import build_kit

    return build_kit


def _tracker() -> Any:
    from toolkit.games.domppa.tracker import plugin

    return plugin


GAME = Game(
    name="domppa",
    title="Domppa",
    calculators_help=(
        "Domppa calculators: hit points, melee, ranged, morale, poison, action points and more."
    ),
    calculators=_calculators,
    odds_help="Domppa odds: melee, ranged, morale, fear, awe.",
    odds=_odds,
    kit=_kit,
    tracker=_tracker,
)
