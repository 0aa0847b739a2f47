"""`domekit dominum ...`: the dominum calculators."""

from __future__ import annotations

import typer

app = typer.Typer(help="Dominum calculators: attack, assault.", no_args_is_help=True)
