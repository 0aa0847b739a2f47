"""The `domekit` command: parses flags, calls the toolkit, prints. No rules live here.

Heavy libraries (reportlab, FastAPI, SQLAlchemy) are imported inside the commands that need them,
so `domekit --help` answers at once.
"""

from __future__ import annotations

from pathlib import Path

import typer
from typer.core import TyperGroup

from toolkit.errors import DomekitError
from toolkit.games.deathdome.cli import app as deathdome_app
from toolkit.games.dominum.cli import app as dominum_app
from toolkit.games.domppa.cli import app as domppa_app
from toolkit.games.naturedome.cli import app as naturedome_app
from toolkit.odds.cli import app as odds_app


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
app.add_typer(odds_app, name="odds")


@app.command("kit")
def kit(
    game: str = typer.Argument(
        ..., help="deathdome (or another game with a kit), or all: every game that has one."
    ),
    paper: str = typer.Option("a4", "--paper", help="Paper size: a4 or letter."),
    out: Path | None = typer.Option(
        None, "--out", help="The PDF to write (default output/<game>-kit.pdf)."
    ),
    base_url: str | None = typer.Option(
        None,
        "--base-url",
        help="Where the tracker runs; QR codes point under it (default: this machine's LAN "
        "address on port 8000).",
    ),
    teams: str | None = typer.Option(
        None, "--teams", help="Team colours to print, comma separated, e.g. red,blue."
    ),
    data: Path | None = typer.Option(
        None, "--data", help="Your own copy of card_data/<game> (edited in a spreadsheet)."
    ),
    back_offset: str = typer.Option(
        "0,0", "--back-offset", help="Shift card backs by X,Y mm to fix duplex misregistration."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
    db: str | None = typer.Option(
        None,
        "--db",
        help="The tracker's database to record the kit in (default: DOMEKIT_DB, else "
        "output/domekit.sqlite3).",
    ),
) -> None:
    """Write a print-and-play kit PDF (cards, meters, board, sheets) and its QR manifest."""
    from toolkit.pdf.kits import run_kit

    results = run_kit(
        game,
        paper=paper,
        out=out,
        base_url=base_url,
        teams=teams,
        data=data,
        back_offset=back_offset,
        as_json=as_json,
    )
    # The tracker resolves the printed kit id even before `domekit serve` first starts.
    from toolkit.tracker.kits import record_manifest_files

    record_manifest_files(db, [result.manifest for result in results])


PASS_THROUGH = {"ignore_unknown_options": True, "allow_extra_args": True}


@app.command("cards", context_settings=PASS_THROUGH, add_help_option=False)
def cards(ctx: typer.Context) -> None:
    """Any spreadsheet (CSV or XLSX) as a PDF of cards with bleed, crop marks and duplex backs
    (domekit cards --help lists its flags)."""
    from toolkit.cards import cards_main

    cards_main(ctx.args)


@app.command("calibrate", context_settings=PASS_THROUGH, add_help_option=False)
def calibrate(ctx: typer.Context) -> None:
    """A duplex calibration sheet: read your printer's --back-offset off its millimetre scales
    (domekit calibrate --help lists its flags)."""
    from toolkit.cards import calibrate_main

    calibrate_main(ctx.args)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on."),
    port: int = typer.Option(8000, help="Port to listen on."),
    db: str | None = typer.Option(
        None, help="SQLAlchemy database URL (default: DOMEKIT_DB, else output/domekit.sqlite3)."
    ),
    lan: bool = typer.Option(
        False, "--lan", help="Listen on every interface; print the LAN URL and its QR code."
    ),
    kits: Path = typer.Option(
        Path("output"), help="Folder whose *.kit.json manifests are recorded at start."
    ),
    access_log: bool = typer.Option(False, "--access-log", help="Log every request."),
    allowed_host: list[str] = typer.Option(
        [],
        "--allowed-host",
        help="A host name to answer to (repeatable); IP addresses, localhost and the recorded "
        "kits' base URLs always are.",
    ),
) -> None:
    """Run the live table tracker: the printed kits' QR codes open its pages."""
    from toolkit.tracker.serve import serve as run_server

    run_server(host, port, db, lan, kits, access_log=access_log, allowed_hosts=allowed_host)


def main() -> None:
    """Entry point of the console script and of `python -m toolkit`."""
    app(prog_name="domekit")
