"""`domekit deathdome ...`: the deathdome calculators."""

from __future__ import annotations

import typer

app = typer.Typer(
    help="Death Dome calculators: attack, payout, line of sight, movement, draws.",
    no_args_is_help=True,
)
