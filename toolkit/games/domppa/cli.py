"""`domekit domppa ...`: the domppa calculators."""

from __future__ import annotations

import typer

app = typer.Typer(
    help="Domppa calculators: hit points, melee, ranged, morale, poison, action points.",
    no_args_is_help=True,
)
