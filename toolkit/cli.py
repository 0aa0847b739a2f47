"""The `domekit` command: parses flags, calls the toolkit, prints. No rules live here.

Start-up stays short without a second parser: the command groups (each game's calculators and
its odds) live in the games' packages, found through the registry (`toolkit.games`), and a
`LazyGroup` imports one only when it runs (`--help` lists them by the help lines of the games'
`Game` descriptors); heavy libraries (reportlab, FastAPI, SQLAlchemy) are imported inside the
commands that need them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperCommand, TyperGroup

from toolkit import DEFAULT_PORT, __version__
from toolkit.errors import DomekitError

if TYPE_CHECKING:  # typer's own click, for the types of the methods overridden here
    from typer import _click as click

ODDS_HELP = "Exact odds before you commit: every roll and draw weighed by the rules engines."
"""The one line `domekit --help` shows for `domekit odds`."""

Loader = Callable[[], "typer.Typer | TyperGroup"]
"""What makes a command group (a Typer app, or a group as it is), imported on first use."""


def plain_text(command: Any) -> None:
    """Plain help and usage errors for a command and everything below it: typer's rich
    formatting costs about 0.4 s of start-up."""
    command.rich_markup_mode = None
    for sub in getattr(command, "commands", {}).values():
        plain_text(sub)


class LazyGroup(TyperGroup):
    """A command group whose subgroups (`lazy_groups`: name -> (help line, loader)) are imported
    only when one of them is used; listed, they show their help line alone."""

    def lazy_groups(self) -> dict[str, tuple[str, Loader]]:
        return {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        lazy = self.lazy_groups()
        return [*lazy, *(name for name in super().list_commands(ctx) if name not in lazy)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.commands:  # `cards`, `kit` ...: no need to look at the registry
            return super().get_command(ctx, cmd_name)
        lazy = self.lazy_groups()
        if cmd_name in lazy:
            help_text, load = lazy[cmd_name]
            loaded = load()
            group = loaded if isinstance(loaded, TyperGroup) else typer.main.get_group(loaded)
            group.name, group.help = cmd_name, help_text
            plain_text(group)
            self.commands[cmd_name] = group
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # The groups not loaded yet are listed by their help line alone, without importing them.
        loaded = self.commands
        stand_ins: dict[str, click.Command] = {
            name: TyperGroup(name=name, help=help_text)
            for name, (help_text, _) in self.lazy_groups().items()
            if name not in loaded
        }
        self.commands = {**loaded, **stand_ins}
        try:
            super().format_commands(ctx, formatter)
        finally:
            self.commands = loaded

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except typer.TyperException as exc:  # no such command: suggest among all, loaded or not
            message = exc.message
            if args and "Did you mean" not in message:
                import difflib

                close = difflib.get_close_matches(args[0], self.list_commands(ctx))
                if close:
                    names = ", ".join(repr(name) for name in close)
                    exc.message = f"{message.rstrip('.')}. Did you mean {names}?"
            raise


class OddsGroup(LazyGroup):
    """`domekit odds`: one group per game of the registry, its `Game.odds`."""

    def lazy_groups(self) -> dict[str, tuple[str, Loader]]:
        from toolkit.games import games

        return {game.name: (game.odds_help, game.odds) for game in games()}


def odds_group() -> OddsGroup:
    """The `domekit odds` group (its games' groups load lazily in turn)."""
    return OddsGroup(name="odds", help=ODDS_HELP, no_args_is_help=True)


class DomekitGroup(LazyGroup):
    """The root command: each game's calculators (`Game.calculators`) and `odds`, loaded when
    used; a `DomekitError` anywhere below becomes one clear message and exit code 2; so too an
    OSError (a file name too long, a folder not allowed, a full disk): files named by a user."""

    def lazy_groups(self) -> dict[str, tuple[str, Loader]]:
        from toolkit.games import games

        groups: dict[str, tuple[str, Loader]] = {
            game.name: (game.calculators_help, game.calculators) for game in games()
        }
        groups["odds"] = (ODDS_HELP, odds_group)
        return groups

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        plain_coercion(self, ctx)  # --version, --help: no pydantic for the root's switches
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except DomekitError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from None
        except OSError as exc:
            name = str(exc.filename) if exc.filename is not None else ""
            where = f"{name[:80]}...: " if len(name) > 80 else f"{name}: " if name else ""
            typer.echo(f"error: {where}{exc.strerror or exc}", err=True)
            raise typer.Exit(2) from None


app = typer.Typer(
    name="domekit",
    cls=DomekitGroup,
    help="Print-and-play kits, a live table tracker and exact rules calculators for games "
    "played with real cards, boards and dice: each game is a command below.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"domekit {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: bool = typer.Option(
        False,
        "--version",
        is_eager=True,
        callback=_print_version,
        help="Print Domekit's version and exit.",
    ),
) -> None:
    """Print-and-play kits, a live table tracker and exact rules calculators for games played
    with real cards, boards and dice: each game is a command below."""


def _print_json(value: Any) -> None:
    import json

    typer.echo(json.dumps(value, indent=2, ensure_ascii=False))


DB_HELP = (
    "The tracker's database, any SQLAlchemy URL or a SQLite file (default: DOMEKIT_DB, else "
    "domekit.sqlite3 in Domekit's home folder: DOMEKIT_HOME, else ~/.local/share/domekit)."
)


@app.command("kit")
def kit(
    game: str = typer.Argument(
        ..., help="A game (as `domekit --help` lists them), or all: every game's kit."
    ),
    paper: str = typer.Option("a4", "--paper", help="Paper size: a4 or letter."),
    out: Path | None = typer.Option(
        None,
        "--out",
        help="The PDF to write (default <game>-kit.pdf in Domekit's home folder, or "
        "<game>-kit-<layout>.pdf for the gutterfold and service layouts).",
    ),
    base_url: str | None = typer.Option(
        None,
        "--base-url",
        help="Where the tracker runs; QR codes point under it (default: this machine's LAN "
        "address on --port).",
    ),
    port: int | None = typer.Option(
        None,
        "--port",
        help="The tracker's port: the QR codes point at this machine's LAN address on it "
        f"(default {DEFAULT_PORT}), and --serve listens on it.",
    ),
    serve_after: bool = typer.Option(
        False,
        "--serve",
        help="Then start the tracker (as `domekit serve --lan --port PORT`; on loopback only "
        "when --base-url is a loopback address).",
    ),
    teams: str | None = typer.Option(
        None, "--teams", help="Team colours to print, comma separated, e.g. red,blue."
    ),
    data: Path | None = typer.Option(
        None, "--data", help="Your own copy of card_data/<game> (edited in a spreadsheet)."
    ),
    back_offset: str = typer.Option(
        "0,0",
        "--back-offset",
        help="Shift card backs by X,Y mm on the paper, as `domekit calibrate` measures it, to "
        "fix duplex misregistration (every sheet, portrait or landscape).",
    ),
    ink: str = typer.Option(
        "light",
        "--ink",
        help="light: printer-friendly (white grounds, colour in lines and tints); full: colour "
        "to the edge of every card, back and board square, for a print service.",
    ),
    layout: str = typer.Option(
        "home",
        "--layout",
        help="home: 9 poker cards a sheet, butted, cut on shared lines, backs on the other side; "
        "gutterfold: each card's back beside its front on one side, folded and glued (no duplex "
        "printer needed; <game>-kit-gutterfold.pdf); service: every card with its bleed and crop "
        "marks, and beside the kit a print service's files: per deck a PDF of one card a page "
        "and PNG images (<game>-kit-service.pdf and its -print-service folder).",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
    db: str | None = typer.Option(None, "--db", help=DB_HELP),
) -> None:
    """Write a print-and-play kit PDF (cover, cards, pieces, board, sheets) and its QR manifest."""
    from toolkit.games import game as registered
    from toolkit.games import names
    from toolkit.pdf.kits import run_kit

    results = run_kit(
        game,
        names=names(),
        builder=lambda name: registered(name).kit(),
        paper=paper,
        out=out,
        base_url=base_url,
        teams=teams,
        data=data,
        back_offset=back_offset,
        as_json=as_json,
        ink=ink,
        layout=layout,
        port=port,
        serving=serve_after,
    )
    # The tracker resolves the printed kit id even before `domekit serve` first starts.
    from toolkit.tracker.kits import record_manifest_files

    record_manifest_files(db, [result.manifest for result in results])
    if serve_after:
        from urllib.parse import urlsplit

        from toolkit.network import is_loopback
        from toolkit.pdf.kits import check_port
        from toolkit.tracker.serve import serve as run_server

        loopback = is_loopback(urlsplit(results[0].base_url).hostname or "")
        run_server("127.0.0.1", check_port(port), db, not loopback, None, as_json=as_json)


def plain_coercion(command: click.Command, ctx: click.Context) -> None:
    """Give each of `command`'s flags that is a plain string, path, whole number or switch a
    small coercion of its own, before typer builds one.

    typer (0.29) coerces each flag's value through a pydantic TypeAdapter it builds on first use:
    importing pydantic and building thirty adapters cost `domekit cards` about 0.1 s of CPU at
    every start, as much as a whole deck's PDF. On a typer without this internal hook nothing
    changes: typer's own coercion gives the same results, slower."""
    try:
        from typer._coercion import RuntimeParam
    except ImportError:
        return
    for param in command.get_params(ctx):  # the help option too, made on demand
        if getattr(param, "_runtime_param", False) is None:
            kind = _plain_kind(param.type_descriptor.annotation)  # type: ignore[attr-defined]
            if kind is not None:
                param._runtime_param = _plain_param(RuntimeParam, param, kind)  # type: ignore[attr-defined]


class PlainFlags(TyperCommand):
    """A command of plain flags (`plain_coercion`)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        plain_coercion(self, ctx)
        return super().parse_args(ctx, args)


def _plain_kind(annotation: Any) -> type | None:
    """str, Path, int or bool for those annotations and their `X | None`; None otherwise."""
    import types
    import typing

    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        options = [arg for arg in typing.get_args(annotation) if arg is not type(None)]
        annotation = options[0] if len(options) == 1 else None
    return annotation if annotation in (str, Path, int, bool) else None


def _plain_param(base: Any, param: Any, kind: type) -> Any:
    """A typer RuntimeParam turning the command line's text into `kind`."""

    class Plain(base):  # type: ignore[misc]
        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            if isinstance(value, kind) or kind is str:
                return value if isinstance(value, kind) else str(value)
            if kind is Path:
                return Path(value)
            if kind is bool:
                return str(value).strip().lower() in ("1", "true", "yes", "on")
            try:
                return int(value)
            except (TypeError, ValueError):
                raise typer.BadParameter(f"{value!r} is not a whole number", ctx=ctx) from None

    return Plain(parameter_info=param.type_descriptor.parameter_info, annotation=kind)


@app.command("cards", cls=PlainFlags)
def cards(
    file: str | None = typer.Argument(None, help="A .csv, .tsv, .xlsx or .ods file."),
    example: str | None = typer.Option(
        None,
        "--example",
        metavar="NAME",
        help="Write the sample deck NAME (cards: a sheet, a layout, a template, icons) into the "
        "folder NAME here, to edit and build from; nothing else is done.",
    ),
    out: Path | None = typer.Option(
        None,
        "--out",
        help="The PDF to write, or the folder for png and tts (default <name>-cards.pdf, "
        "-cards-png/, -cards-tts/ in Domekit's home folder); with several formats, a folder.",
    ),
    formats: str = typer.Option(
        "pdf", "--format", metavar="pdf|png|tts", help="pdf, png, tts, or several: pdf,png,tts."
    ),
    dpi: int = typer.Option(300, "--dpi", help="Pixels an inch of the PNG and TTS images."),
    preview: bool = typer.Option(
        False, "--preview", help="Also write a PNG contact sheet of the deck (<out>-preview.png)."
    ),
    paper: str = typer.Option("a4", "--paper", help="a4 or letter."),
    size: str = typer.Option(
        "poker",
        "--size",
        help="poker, bridge, mini, tarot, square or WxH in mm, in or pt, like 63x88 or 2.5x3.5in.",
    ),
    bleed: str = typer.Option("3", "--bleed", help="Bleed, in mm unless it says: 3, 0.125in."),
    marks: str = typer.Option(
        "edges", "--marks", help="Crop marks: corners, edges, lines or none."
    ),
    back: str | None = typer.Option(
        None,
        "--back",
        metavar="TEXT|IMAGE|COLUMN",
        help="Card backs: a column (its text or image per card), an image file, or a text; no "
        "backs without it (unless a column is called back).",
    ),
    duplex: str = typer.Option(
        "long", "--duplex", help="How the sheet flips when printed on both sides: long or short."
    ),
    back_offset: str = typer.Option(
        "0,0", "--back-offset", metavar="X,Y", help="Shift backs by X,Y mm (read off calibrate)."
    ),
    title: str | None = typer.Option(
        None, "--title", metavar="COL", help="The title column (default: by name, else the first)."
    ),
    text: str | None = typer.Option(None, "--text", metavar="COL", help="The body text column."),
    image: str | None = typer.Option(
        None, "--image", metavar="COL", help="A column of image files (PNG, JPEG, SVG)."
    ),
    qty: str | None = typer.Option(None, "--qty", metavar="COL", help="Copies per card."),
    qr: str | None = typer.Option(
        None, "--qr", metavar="COL", help="A column of URLs printed as QR codes."
    ),
    template: str | None = typer.Option(
        None,
        "--template",
        metavar="FILE.j2",
        help="A jinja2 template of paragraph markup for the card body.",
    ),
    layout: str | None = typer.Option(
        None,
        "--layout",
        metavar="NAME|FILE",
        help="Where each part sits: classic, art, event, or a .toml or .yaml layout file.",
    ),
    font: str | None = typer.Option(
        None, "--font", metavar="FILE.ttf|otf", help="Your font (default: Noto Sans, shipped)."
    ),
    font_bold: str | None = typer.Option(None, "--font-bold", metavar="FILE.ttf|otf"),
    font_italic: str | None = typer.Option(None, "--font-italic", metavar="FILE.ttf|otf"),
    font_bold_italic: str | None = typer.Option(None, "--font-bold-italic", metavar="FILE.ttf|otf"),
    watch: bool = typer.Option(
        False, "--watch", help="Build again on every save of the sheet, layout, template, images."
    ),
    sheet: str | None = typer.Option(
        None, "--sheet", metavar="NAME", help="The sheet of an .xlsx or .ods (default: the first)."
    ),
    images: Path | None = typer.Option(
        None,
        "--images",
        metavar="DIR",
        help="Where the pictures the sheet names are (default: beside the sheet).",
    ),
    strict: bool = typer.Option(
        False, "--strict", help="Stop at a missing picture (default: a labelled placeholder)."
    ),
    fallback_font: Path | None = typer.Option(
        None,
        "--fallback-font",
        metavar="FILE",
        help="A font for characters the deck's fonts lack (CJK, Arabic, emoji) before those "
        "installed here.",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
) -> None:
    """Any spreadsheet (CSV, TSV, XLSX, ODS) as print-ready cards: a PDF (bleed, safe zone, crop
    marks, N-up sheets, mirrored duplex backs), PNG files for print services, or Tabletop
    Simulator deck sheets.

    Defaults: a column called name, title (or Nimi, Namn ...) is the title, else the first; text,
    ability, rules (Teksti, Text ...) is the body (**bold**, *italic*, :name: draws icons/name.png
    or .svg beside the file; shrunk to fit); qty, count, copies (Määrä, Anzahl ...) repeats a
    card; image, qr and back columns are a picture, a QR code and the back; the other columns
    become labelled stat lines.
    """
    if example is not None:
        from toolkit.cards.examples import build_command, write_example

        written = write_example(example, Path.cwd())
        for path in written:
            typer.echo(path)
        typer.echo(f"next: {build_command(written, Path.cwd())}", err=True)
        return
    if file is None:
        raise DomekitError("a sheet to read is needed: domekit cards FILE (or --example cards)")
    from toolkit.cards import DUPLEX, MARKS, CardsOptions, check_choice, parse_formats
    from toolkit.parsing import local_file

    def given(text: str | None, flag: str) -> Path | None:
        return None if text is None else local_file(text, flag)

    options = CardsOptions(
        file=local_file(file, "the sheet"),
        out=out,
        paper=paper,
        size=size,
        bleed=bleed,
        marks=check_choice("--marks", marks, MARKS),
        back=back,
        duplex=check_choice("--duplex", duplex, DUPLEX),
        back_offset=back_offset,
        title=title,
        text=text,
        image=image,
        qty=qty,
        qr=qr,
        template=given(template, "--template"),
        formats=parse_formats(formats),
        dpi=dpi,
        preview=preview,
        layout=layout,
        font=given(font, "--font"),
        font_bold=given(font_bold, "--font-bold"),
        font_italic=given(font_italic, "--font-italic"),
        font_bold_italic=given(font_bold_italic, "--font-bold-italic"),
        sheet=sheet,
        images=images,
        strict=strict,
        fallback_fonts=(fallback_font,) if fallback_font else (),
    )
    if watch:
        from toolkit.cards.watch import watch_cards

        watch_cards(options, as_json=as_json)
        return
    from toolkit.cards import build_cards
    from toolkit.cards.report import print_result

    print_result(build_cards(options), as_json=as_json)


@app.command("calibrate")
def calibrate(
    paper: str = typer.Option("a4", "--paper", help="a4 or letter."),
    out: Path | None = typer.Option(
        None,
        "--out",
        help="The PDF to write (default calibrate-<paper>.pdf in Domekit's home folder).",
    ),
    duplex: str = typer.Option("long", "--duplex", help="The flip you print with: long or short."),
    orientation: str = typer.Option(
        "both",
        "--orientation",
        help="both (default): a portrait sheet that measures your printer and a landscape one "
        "that checks the offset on turned pages; or only portrait or landscape. The offset is "
        "measured on the paper: one serves every card sheet, portrait or landscape.",
    ),
    back_offset: str = typer.Option(
        "0,0", "--back-offset", metavar="X,Y", help="Print with this offset, to check a correction."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
) -> None:
    """Duplex calibration sheets: print them on both sides, hold them against a light and read
    on their millimetre scales the --back-offset X,Y your printer needs (on the paper: one offset
    serves portrait and landscape card sheets alike)."""
    from toolkit.cards import DUPLEX, ORIENTATIONS, check_choice, write_calibration

    flip = check_choice("--duplex", duplex, DUPLEX)
    sheets = check_choice("--orientation", orientation, ORIENTATIONS)
    pdf = write_calibration(
        paper=paper, out=out, duplex=flip, orientation=sheets, back_offset=back_offset
    )
    if as_json:
        _print_json(
            {
                "pdf": str(pdf),
                "paper": paper.strip().lower(),
                "duplex": flip,
                "orientation": sheets,
                "back_offset": back_offset,
            }
        )
    else:
        typer.echo(pdf)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on."),
    port: int = typer.Option(DEFAULT_PORT, help="Port to listen on."),
    db: str | None = typer.Option(None, help=DB_HELP),
    lan: bool = typer.Option(
        False, "--lan", help="Listen on every interface; print the LAN URL and its QR code."
    ),
    kits: Path | None = typer.Option(
        None,
        help="Folder whose *.kit.json manifests are recorded at start (default: Domekit's home "
        "folder, where `domekit kit` writes).",
    ),
    access_log: bool = typer.Option(False, "--access-log", help="Log every request."),
    as_json: bool = typer.Option(
        False, "--json", help="Print the start-up lines as one JSON object."
    ),
    allowed_host: list[str] = typer.Option(
        [],
        "--allowed-host",
        help="A host name to answer to (repeatable); IP addresses, localhost and the recorded "
        "kits' base URLs always are.",
    ),
    workers: int = typer.Option(
        1,
        "--workers",
        help="Server processes on the one port (1 to 64); more than 1 needs a PostgreSQL --db "
        "(docs/hosting.md).",
    ),
    keep_backups: int | None = typer.Option(
        None,
        "--keep-backups",
        envvar="DOMEKIT_KEEP_BACKUPS",
        help="Automatic backups of a SQLite --db to keep (made at each match's end and daily, "
        "in Domekit's home folder, backups/): 10 unless told; 0 makes none.",
    ),
) -> None:
    """Run the live table tracker: the printed kits' QR codes open its pages."""
    from toolkit.tracker.serve import serve as run_server

    run_server(
        host,
        port,
        db,
        lan,
        kits,
        access_log=access_log,
        as_json=as_json,
        allowed_hosts=allowed_host,
        workers=workers,
        keep_backups=keep_backups,
    )


@app.command()
def backup(
    db: str | None = typer.Option(None, help=DB_HELP),
    out: Path | None = typer.Option(
        None, "--out", help="The backup file (default: a new one in Domekit's home, backups/)."
    ),
) -> None:
    """Back up a SQLite tracker database, also while `domekit serve` writes it."""
    from toolkit.tracker.backups import back_up
    from toolkit.tracker.storage import resolve_db_url

    typer.echo(back_up(resolve_db_url(db), to=out))


@app.command()
def restore(
    backup: Path = typer.Argument(..., help="A backup (`domekit backup`, or an automatic one)."),
    db: str | None = typer.Option(None, help=DB_HELP),
) -> None:
    """Put a backup back as the SQLite tracker database (stop `domekit serve` first); the
    database as it was is kept as one more backup."""
    from toolkit.tracker.backups import restore as put_back
    from toolkit.tracker.storage import resolve_db_url

    database = resolve_db_url(db)
    before = put_back(backup, database)
    typer.echo(f"restored {backup}")
    if before is not None:
        typer.echo(f"the database as it was: {before}")


def main() -> None:
    """Entry point of the console script and of `python -m toolkit`."""
    import gc

    # What is loaded by now (typer, this module: objects that live until the process ends) is
    # left out of the cyclic garbage collector's later passes, which would walk it again and
    # again during the commands' own imports and free nothing (a few ms of `domekit cards`).
    # Objects made afterwards are collected as usual. Not in-process (tests call `app`).
    gc.freeze()
    try:
        app(prog_name="domekit")
    except DomekitError as exc:  # before any command runs: a game DOMEKIT_EXTRA_GAMES names
        typer.echo(f"error: {exc}", err=True)
        raise SystemExit(2) from None
