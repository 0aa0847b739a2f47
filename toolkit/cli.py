"""The `domekit` command: parses flags, calls the toolkit, prints. No rules live here.

Heavy libraries (reportlab, FastAPI, SQLAlchemy) are imported inside the commands that need them,
so `domekit --help` answers at once.
"""

from __future__ import annotations

import typer
from typer.core import TyperGroup

from toolkit.errors import DomekitError
from toolkit.games.deathdome.cli import app as deathdome_app
from toolkit.games.dominum.cli import app as dominum_app
from toolkit.games.domppa.cli import app as domppa_app
from toolkit.games.naturedome.cli import app as naturedome_app


class DomekitGroup(TyperGroup):
    """Turns a `DomekitError` anywhere below into one clear message and exit code 2."""

    def invoke(self, ctx):  # type: ignore[no-untyped-def]
        try:
            return super().invoke(ctx)
        except DomekitError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from None


app = typer.Typer(
    name="domekit",
    cls=DomekitGroup,
    help="Print-and-play kits, a live table tracker and exact rules calculators "
    "for Death Dome, Nature Dome, Dominum and Domppa.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(deathdome_app, name="deathdome")
app.add_typer(naturedome_app, name="naturedome")
app.add_typer(dominum_app, name="dominum")
app.add_typer(domppa_app, name="domppa")


def main() -> None:
    """Entry point of the console script and of `python -m toolkit`."""
    app(prog_name="domekit")
