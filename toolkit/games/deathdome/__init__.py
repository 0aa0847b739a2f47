"""The game's descriptor for the registry; everything of the game lives in this package."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.games.base import Game

if TYPE_CHECKING:
    import typer

    from toolkit.pdf.kits import KitBuilder


def _calculators() -> typer.Typer:
    from toolkit.games.deathdome.cli import app

    return app


def _odds() -> typer.Typer:
    from toolkit.games.deathdome.cli import odds_app

    return odds_app


def _kit() -> KitBuilder:
    from toolkit.games.deathdome.kit import build_kit

    return build_kit


def _tracker() -> Any:
    from toolkit.games.deathdome.tracker import plugin

    return plugin


GAME = Game(
    name="deathdome",
    title="Death Dome",
    calculators_help="Death Dome calculators: attack, payout, line of sight, movement, draws.",
    calculators=_calculators,
    odds_help="Death Dome odds: attack, capture.",
    odds=_odds,
    kit=_kit,
    tracker=_tracker,
)
