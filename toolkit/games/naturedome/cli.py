"""`domekit naturedome ...`: the naturedome calculators."""

from __future__ import annotations

import typer

app = typer.Typer(help="Nature Dome calculators: clash.", no_args_is_help=True)
