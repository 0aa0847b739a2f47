"""`domekit cards`: any spreadsheet as a deck of printable cards; `domekit calibrate`: a duplex
calibration sheet for `--back-offset`.

The rows become `pdf.deck.DeckCard`s: the first column is the title, a column named text, ability
or rules is the body, qty, count or copies repeats a card, image and qr columns are used as such,
the rest become labelled stat lines. Every problem is a DataError naming the file, row and column,
found before the PDF is opened (the PDF is written atomically anyway).

toolkit/cli.py parses both commands' flags; the PDFs go to Domekit's home folder unless `--out`
says otherwise.
"""

from __future__ import annotations

import os.path
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from toolkit.errors import DataError, DomekitError
from toolkit.resources import home

if TYPE_CHECKING:
    from toolkit.pdf.calibration import Orientation
    from toolkit.pdf.cards import Duplex, Marks

TEXT_COLUMNS = ("text", "ability", "rules")
QTY_COLUMNS = ("qty", "count", "copies")
IMAGE_COLUMNS = ("image",)
QR_COLUMNS = ("qr",)
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")
SIZES = ("poker", "bridge", "mini", "tarot", "square")
MAX_BLEED = 10.0
MARKS: tuple[Marks, ...] = ("corners", "edges", "lines", "none")
DUPLEX: tuple[Duplex, ...] = ("long", "short")
ORIENTATIONS: tuple[Orientation, ...] = ("landscape", "portrait")
Choice = TypeVar("Choice", bound=str)


@dataclass(frozen=True)
class Sheet:
    """A spreadsheet's header and rows (row numbers as the spreadsheet shows them)."""

    path: Path
    header: tuple[str, ...]
    rows: tuple[tuple[int, dict[str, str]], ...]


@dataclass(frozen=True)
class Columns:
    title: str
    text: str | None
    qty: str | None
    image: str | None
    qr: str | None
    back: str | None
    stats: tuple[str, ...]


# ---------------------------------------------------------------------------------------------
# Reading


def read_sheet(path: Path) -> Sheet:
    """A CSV (UTF-8 with or without BOM, comma or semicolon) or the first sheet of an XLSX."""
    suffix = path.suffix.lower()
    if suffix in (".xlsx", ".xlsm"):
        from toolkit.data.xlsx import read_xlsx

        header, rows = read_xlsx(path)
    elif suffix in (".csv", ".txt"):
        from toolkit.data import read_csv

        rows = read_csv(path)
        header = tuple(rows[0][1]) if rows else _csv_header(path)
    else:
        raise DataError(path, "expected a .csv or .xlsx file")
    if not any(header):
        raise DataError(path, "the header row is empty; expected column names", row=1)
    if not rows:
        raise DataError(path, "no rows below the header")
    return Sheet(path, tuple(header), tuple(rows))


def _csv_header(path: Path) -> tuple[str, ...]:
    from toolkit.data import read_text

    first = read_text(path).splitlines()[0]
    return tuple(first.split(";" if first.count(";") > first.count(",") else ","))


# ---------------------------------------------------------------------------------------------
# Columns and cells


def find_column(header: Sequence[str], name: str, flag: str) -> str:
    """The header's column called `name`, any case; a DomekitError listing the columns if none."""
    for column in header:
        if column.lower() == name.strip().lower():
            return column
    raise DomekitError(
        f"{flag} {name!r}: no such column; the columns are {', '.join(c for c in header if c)}"
    )


def _default(header: Sequence[str], names: Sequence[str]) -> str | None:
    return next((column for column in header if column.lower() in names), None)


def plan_columns(
    header: Sequence[str],
    *,
    title: str | None = None,
    text: str | None = None,
    qty: str | None = None,
    image: str | None = None,
    qr: str | None = None,
    back: str | None = None,
) -> Columns:
    """Which column plays which part: the flags' choices, else the defaults by name."""
    named = [column for column in header if column]
    chosen = Columns(
        title=find_column(header, title, "--title") if title else named[0],
        text=find_column(header, text, "--text") if text else _default(header, TEXT_COLUMNS),
        qty=find_column(header, qty, "--qty") if qty else _default(header, QTY_COLUMNS),
        image=find_column(header, image, "--image") if image else _default(header, IMAGE_COLUMNS),
        qr=find_column(header, qr, "--qr") if qr else _default(header, QR_COLUMNS),
        back=next((c for c in header if back and c.lower() == back.strip().lower()), None),
        stats=(),
    )
    used = {chosen.title, chosen.text, chosen.qty, chosen.image, chosen.qr}
    stats = tuple(column for column in named if column not in used)
    return replace(chosen, stats=stats)


def parse_copies(value: str, path: Path, row: int, column: str) -> int:
    from toolkit.data.limits import MAX_COPIES

    if value == "":
        return 1
    if not re.fullmatch(r"\d{1,9}", value) or int(value) > MAX_COPIES:
        raise DataError(
            path,
            f"expected a whole number of copies, 0 to {MAX_COPIES} (got {value[:20]!r})",
            row=row,
            field=column,
        )
    return int(value)


def resolve_file(value: str, folder: Path, path: Path, row: int, column: str) -> Path:
    """A file named in a cell: relative to the spreadsheet's folder, or absolute."""
    import os.path  # its isfile and expanduser answer False or the name where pathlib raises

    found = Path(os.path.expanduser(value))
    if not found.is_absolute():
        found = folder / found
    if not os.path.isfile(found):
        raise DataError(
            path, f"image {value!r} not found (looked for {found})", row=row, field=column
        )
    if found.suffix.lower() not in IMAGE_SUFFIXES:
        raise DataError(path, f"{value!r} is not a PNG, JPEG or SVG image", row=row, field=column)
    return found


def parse_size(name: str, bleed: float) -> Any:
    from toolkit.pdf.cards import CARD_SIZES, CardSize

    if not 0 <= bleed <= MAX_BLEED:
        raise DomekitError(f"--bleed {bleed:g}: expected 0 to {MAX_BLEED:g} mm")
    key = name.strip().lower()
    if key in CARD_SIZES:
        width, height = CARD_SIZES[key]
    else:
        match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)", key)
        if not match or float(match.group(1)) < 20 or float(match.group(2)) < 20:
            raise DomekitError(
                f"--size {name!r}: expected {', '.join(SIZES)} or WIDTHxHEIGHT in mm, each at "
                "least 20, like 63x88"
            )
        width, height = float(match.group(1)), float(match.group(2))
    return CardSize(width, height, bleed, safe=min(4.0, min(width, height) / 6))


# ---------------------------------------------------------------------------------------------
# Templates


class Template:
    """A jinja2 template of paragraph markup; the row's columns are its variables (also under
    snake_case names, and all of them as `row`). Sandboxed and bounded: toolkit/sandbox.py."""

    def __init__(self, path: Path) -> None:
        from toolkit.data import read_text
        from toolkit.data.limits import MAX_TEMPLATE_BYTES
        from toolkit.sandbox import TemplateFailure, check_syntax

        self.path = path
        self.source = read_text(path, limit=MAX_TEMPLATE_BYTES)
        try:
            check_syntax(self.source)
        except TemplateFailure as exc:
            raise DataError(path, exc.message, line=exc.line) from None

    def render_rows(self, sheet: Sheet) -> dict[int, str]:
        """Every row's markup by row number; the first failure names the row and template line."""
        from toolkit.sandbox import TemplateFailure, render_each

        try:
            markups = render_each(self.source, [_variables(values) for _, values in sheet.rows])
        except TemplateFailure as exc:
            row = "" if exc.index is None else f"{sheet.path.name} row {sheet.rows[exc.index][0]}: "
            raise DataError(self.path, f"{row}{exc.message}", line=exc.line) from None
        return {row: markup for (row, _), markup in zip(sheet.rows, markups, strict=True)}


def _variables(values: dict[str, str]) -> dict[str, Any]:
    variables: dict[str, Any] = {}
    for name, value in values.items():
        variables[re.sub(r"\W+", "_", name.strip().lower()).strip("_") or "_"] = value
    variables.update(values)
    variables["row"] = values
    return variables


# ---------------------------------------------------------------------------------------------
# The deck


def deck_cards(
    sheet: Sheet, columns: Columns, icons: Any, template: Template | None = None
) -> tuple[list[Any], dict[str, Any]]:
    """The cards of every row, and the backs they name (when the back is a column)."""
    from toolkit.data.limits import MAX_CARDS
    from toolkit.pdf.deck import QR_SIZE, DeckBack, DeckCard

    folder = sheet.path.parent
    cards: list[DeckCard] = []
    backs: dict[str, DeckBack] = {}
    markups = template.render_rows(sheet) if template is not None else {}
    printed = 0
    for row, values in sheet.rows:
        copies = (
            parse_copies(values[columns.qty], sheet.path, row, columns.qty) if columns.qty else 1
        )
        printed += copies
        if printed > MAX_CARDS:
            raise DataError(
                sheet.path, f"more than {MAX_CARDS:,} cards in all, copies counted", row=row
            )
        image = None
        if columns.image and values[columns.image]:
            image = resolve_file(values[columns.image], folder, sheet.path, row, columns.image)
        text = values[columns.text] if columns.text else ""
        if template is not None:
            markup = markups[row]
            icon_text, icon_field, where = markup, None, f" in {template.path.name}'s output"
        else:
            markup, icon_text, icon_field, where = None, text, columns.text, ""
        missing = icons.unknown(icon_text)
        if missing:
            raise DataError(
                sheet.path,
                f"unknown icon :{missing[0]}:{where} ({icons.describe()})",
                row=row,
                field=icon_field,
            )
        code = (values[columns.qr] or None) if columns.qr else None
        if code is not None:
            from toolkit.pdf.qr import qr_problem

            problem = qr_problem(code, QR_SIZE)
            if problem:
                raise DataError(sheet.path, problem, row=row, field=columns.qr)
        back = None
        if columns.back and values[columns.back]:
            back = values[columns.back]
            if back not in backs:
                if Path(back).suffix.lower() in IMAGE_SUFFIXES:
                    picture = resolve_file(back, folder, sheet.path, row, columns.back)
                    backs[back] = DeckBack(image=picture)
                else:
                    backs[back] = DeckBack(text=back)
        cards.append(
            DeckCard(
                title=values[columns.title],
                stats=tuple((c, values[c]) for c in columns.stats if values[c]),
                text=text,
                markup=markup,
                image=image,
                qr=code,
                back=back,
                copies=copies,
                source=sheet.path,
                row=row,
            )
        )
    if not any(card.copies for card in cards):
        raise DataError(sheet.path, "every row has 0 copies: no cards to print")
    return cards, backs


def fixed_back(value: str, sheet: Path) -> Any:
    """`--back` that is not a column: an image file (beside the sheet or from here) or a text."""
    import os.path

    from toolkit.pdf.deck import DeckBack

    if Path(value).suffix.lower() in IMAGE_SUFFIXES:
        for candidate in (Path(os.path.expanduser(value)), sheet.parent / value):
            if os.path.isfile(candidate):
                return DeckBack(image=candidate)
        raise DomekitError(f"--back {value!r}: image not found (looked here and in {sheet.parent})")
    if not value.strip():
        raise DomekitError("--back is empty; expected a text, an image or a column")
    return DeckBack(text=value)


def output_file(out: Path | None, default_name: str) -> Path:
    """`--out`, else `default_name` in Domekit's home folder, as an absolute path."""
    path = out if out is not None else home() / default_name
    if os.path.isdir(path):  # False, not an OSError, for a name too long
        raise DomekitError(f"--out {path} is a folder; expected a file name like deck.pdf")
    return path.absolute()


# ---------------------------------------------------------------------------------------------
# The commands


@dataclass(frozen=True)
class CardsOptions:
    """`domekit cards`' flags (toolkit/cli.py parses them)."""

    file: Path
    out: Path | None = None
    paper: str = "a4"
    size: str = "poker"
    bleed: float = 3.0
    marks: Marks = "edges"
    back: str | None = None
    duplex: Duplex = "long"
    back_offset: str = "0,0"
    title: str | None = None
    text: str | None = None
    image: str | None = None
    qty: str | None = None
    qr: str | None = None
    template: Path | None = None


def check_choice(flag: str, value: str, choices: Sequence[Choice]) -> Choice:
    """One of a flag's few words, any case; a DomekitError naming them otherwise."""
    chosen = value.strip().lower()
    for choice in choices:
        if choice == chosen:
            return choice
    raise DomekitError(f"{flag} {value!r}: expected {', '.join(choices[:-1])} or {choices[-1]}")


def build_cards(args: CardsOptions) -> Any:
    """Validate everything, then write the PDF; returns the deck result."""
    from toolkit.pdf.deck import build_deck
    from toolkit.pdf.geometry import paper_size
    from toolkit.pdf.icons import IconSet

    paper = paper_size(args.paper)
    size = parse_size(args.size, args.bleed)
    back_offset = (0.0, 0.0)
    if args.back_offset != "0,0":  # kits (sockets, secrets, json) loads only for an offset
        from toolkit.pdf.kits import parse_back_offset

        back_offset = parse_back_offset(args.back_offset)
    out = output_file(args.out, f"{args.file.stem}-cards.pdf")
    template = Template(args.template) if args.template else None
    sheet = read_sheet(args.file)
    columns = plan_columns(
        sheet.header,
        title=args.title,
        text=args.text,
        qty=args.qty,
        image=args.image,
        qr=args.qr,
        back=args.back,
    )
    icons = IconSet(sheet.path.parent / "icons")
    cards, backs = deck_cards(sheet, columns, icons, template)
    if args.back and not columns.back:
        backs = {"back": fixed_back(args.back, sheet.path)}
        cards = [replace(card, back="back") for card in cards]
    return build_deck(
        out,
        cards,
        paper=paper,
        size=size,
        icons=icons,
        backs=backs,
        duplex=args.duplex,
        back_offset=back_offset,
        marks=args.marks,
        title=sheet.path.stem,
    )


def write_calibration(
    *, paper: str, out: Path | None, duplex: Duplex, orientation: Orientation, back_offset: str
) -> Path:
    """`domekit calibrate`: the duplex calibration sheet's PDF; returns where it is."""
    from toolkit.pdf.calibration import draw_calibration
    from toolkit.pdf.document import pdf_document
    from toolkit.pdf.geometry import paper_size
    from toolkit.pdf.kits import parse_back_offset

    size = paper_size(paper)
    offset = parse_back_offset(back_offset)
    path = output_file(out, f"calibrate-{paper.strip().lower()}.pdf")
    with pdf_document(path, size, title="Duplex calibration") as doc:
        draw_calibration(doc, orientation=orientation, duplex=duplex, back_offset=offset)
    return path
