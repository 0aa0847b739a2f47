"""`domekit cards`: any spreadsheet as a deck of cards, in print-ready PDF, PNG for print
services or Tabletop Simulator deck sheets; `domekit calibrate`: a duplex calibration sheet for
`--back-offset`.

The rows become `pdf.deck.DeckCard`s (toolkit/cards/columns.py says which column plays which
part; toolkit/cards/sheet.py reads .csv, .tsv, .xlsx and .ods). Every problem is a DataError
naming the file, row and column, found before any output is opened; the outputs are written
atomically anyway (a PDF through a temporary file, a PNG or TTS folder as a whole).

toolkit/cli.py parses both commands' flags; the outputs go to Domekit's home folder unless
`--out` says otherwise.
"""

from __future__ import annotations

import os.path
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from toolkit.cards.columns import Columns, find_column, plan_columns
from toolkit.cards.pictures import IMAGE_SUFFIXES, PictureFinder
from toolkit.cards.sheet import Sheet, read_sheet
from toolkit.errors import DataError, DomekitError
from toolkit.resources import home

if TYPE_CHECKING:
    from toolkit.pdf.boxes import Layout
    from toolkit.pdf.calibration import Orientation
    from toolkit.pdf.cards import CardSize, Duplex, Marks
    from toolkit.pdf.deck import DeckBack, DeckCard
    from toolkit.pdf.fonts import FontFamily
    from toolkit.pdf.icons import IconSet

__all__ = ["Columns", "Sheet", "find_column", "plan_columns", "read_sheet"]

SIZES = ("poker", "bridge", "mini", "tarot", "square")
MAX_BLEED = 10.0
MIN_SIDE = 20.0  # mm: the smallest card side
MAX_SIDE = 400.0  # mm: the largest (a tarot card is 120)
MIN_DPI, MAX_DPI = 72, 1200
MARKS: tuple[Marks, ...] = ("corners", "edges", "lines", "none")
DUPLEX: tuple[Duplex, ...] = ("long", "short")
ORIENTATIONS: tuple[Orientation | Literal["both"], ...] = ("both", "portrait", "landscape")
FORMATS = ("pdf", "png", "tts")
Choice = TypeVar("Choice", bound=str)


def parse_size(name: str, bleed: str | float) -> CardSize:
    """`--size` (a name, or WIDTHxHEIGHT in mm, in or pt: `63x88`, `2.5x3.5in`) and `--bleed`
    (mm unless it says: `3`, `0.125in`)."""
    from toolkit.pdf.cards import CARD_SIZES, CardSize
    from toolkit.pdf.units import flag_length, parse_pair

    margin = bleed if isinstance(bleed, float | int) else flag_length("--bleed", bleed)
    if not 0 <= margin <= MAX_BLEED:
        shown = f"{bleed:g}" if isinstance(bleed, float | int) else bleed
        raise DomekitError(f"--bleed {shown}: expected 0 to {MAX_BLEED:g} mm")
    key = name.strip().lower()
    pair = CARD_SIZES.get(key) or parse_pair(key)
    if pair is None or not all(MIN_SIDE - 1e-9 <= side <= MAX_SIDE for side in pair):
        raise DomekitError(
            f"--size {name!r}: expected {', '.join(SIZES)} or WIDTHxHEIGHT in mm, in or pt, each "
            f"at least {MIN_SIDE:g} mm, like 63x88 or 2.5x3.5in"
        )
    width, height = pair
    return CardSize(width, height, margin, safe=min(4.0, min(width, height) / 6))


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


def render_box_templates(layout: Layout, sheet: Sheet) -> dict[int, dict[str, str]]:
    """Each layout box's template rendered for every row: {row: {template: text}}. A box's
    template makes cell text (`**bold**`, `:icon:`, a picture's file name), not markup: its
    escapes are undone."""
    from html import unescape

    from toolkit.cards.binding import every_box
    from toolkit.sandbox import TemplateFailure, check_syntax, render_each

    rendered: dict[int, dict[str, str]] = {row: {} for row, _ in sheet.rows}
    contexts = [_variables(values) for _, values in sheet.rows]
    done: set[str] = set()
    for box in every_box(layout):
        kind, source = box.source
        if kind != "template" or source in done:
            continue
        done.add(source)
        where = f"box {box.name!r}'s template"
        try:
            check_syntax(source)
            texts = render_each(source, contexts)
        except TemplateFailure as exc:
            at = "" if exc.index is None else f"{sheet.path.name} row {sheet.rows[exc.index][0]}: "
            raise DataError(
                layout.source or "layout",
                f"{where}: {at}{exc.message}",
                field=f"boxes.{box.name}.template",
            ) from None
        for (row, _), text in zip(sheet.rows, texts, strict=True):
            rendered[row][source] = unescape(text).strip()
    return rendered


# ---------------------------------------------------------------------------------------------
# The deck


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


def _layout_columns(layout: Layout | None, header: Sequence[str]) -> dict[str, str | None]:
    """The sheet's column each column a layout box shows (as the layout spells it) is (None:
    not in the sheet); the boxes of `when` cases too."""
    from toolkit.cards.binding import column_named, every_box

    found: dict[str, str | None] = {}
    for box in every_box(layout):
        kind, name = box.source
        if kind == "column":
            found[name] = column_named(header, name)
    return found


def deck_cards(
    sheet: Sheet,
    columns: Columns,
    icons: IconSet,
    template: Template | None = None,
    layout: Layout | None = None,
    finder: PictureFinder | None = None,
) -> tuple[list[DeckCard], dict[str, DeckBack]]:
    """The cards of every row, and the backs they name (when the back is a column); pictures
    found by `finder` (default: beside the sheet, a missing one an error)."""
    from toolkit.cards.binding import every_box
    from toolkit.data.limits import MAX_CARDS
    from toolkit.pdf.deck import QR_SIZE, DeckBack, DeckCard, picture_key

    if finder is None:
        finder = PictureFinder(sheet.path, [sheet.path.parent], strict=True)
    cards: list[DeckCard] = []
    backs: dict[str, DeckBack] = {}
    markups = template.render_rows(sheet) if template is not None else {}
    boxes = render_box_templates(layout, sheet) if layout is not None else {}
    bound = _layout_columns(layout, sheet.header)
    fields = tuple(
        (part, column)
        for part, column in (
            ("title", columns.title),
            ("text", columns.text),
            ("image", columns.image),
            ("qr", columns.qr),
        )
        if column
    )
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
            image = finder.find(values[columns.image], row, columns.image)
        texts = (values[columns.text] if columns.text else "", *(values[c] for c in columns.body))
        text = "\n\n".join(part for part in texts if part)
        if template is not None:
            markup = markups[row]
            icon_text, icon_field, where = markup, None, f" in {template.path.name}'s output"
        else:
            markup, icon_text, icon_field, where = None, text, columns.text, ""
        _check_icons(icons, icon_text, sheet.path, row, icon_field, where)
        _check_icons(icons, values[columns.title], sheet.path, row, columns.title, "")
        pictures = []
        for box in every_box(layout):
            kind, source = box.source
            column = bound.get(source) if kind == "column" else None
            if box.kind == "image" and kind in ("column", "template"):
                name = (
                    values[column] if column else boxes[row][source] if kind == "template" else ""
                )
                if name:
                    path = finder.find(name, row, column or box.name)
                    pictures.append((picture_key(box), path))
            elif box.kind in ("text", "line") and column:
                _check_icons(icons, values[column], sheet.path, row, column, "")
            elif box.kind == "icons" and column:
                from toolkit.pdf.boxes import icon_names

                _check_icons(
                    icons,
                    " ".join(f":{n}:" for n in icon_names(values[column])),
                    sheet.path,
                    row,
                    column,
                    "",
                )
            elif kind == "template":
                _check_icons(
                    icons,
                    boxes[row][source],
                    sheet.path,
                    row,
                    None,
                    f" in box {box.name!r}'s template output",
                )
        code = (values[columns.qr] or None) if columns.qr else None
        if code is not None and layout is None:
            from toolkit.pdf.qr import qr_problem

            problem = qr_problem(code, QR_SIZE)
            if problem:
                raise DataError(sheet.path, problem, row=row, field=columns.qr)
        back = None
        if columns.back and values[columns.back]:
            back = values[columns.back]
            if back not in backs:
                if Path(back).suffix.lower() in IMAGE_SUFFIXES:
                    picture = finder.find(back, row, columns.back)
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
                values=tuple((spelled, values[c]) for spelled, c in bound.items() if c),
                boxes=tuple(boxes.get(row, {}).items()),
                pictures=tuple(pictures),
                fields=fields,
                cells=tuple(values.items()),
            )
        )
    if not any(card.copies for card in cards):
        raise DataError(sheet.path, "every row has 0 copies: no cards to print")
    return cards, backs


def _check_icons(
    icons: IconSet, text: str, path: Path, row: int, column: str | None, where: str
) -> None:
    missing = icons.unknown(text)
    if missing:
        raise DataError(
            path, f"unknown icon :{missing[0]}:{where} ({icons.describe()})", row=row, field=column
        )


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
    bleed: str | float = 3.0
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
    formats: tuple[str, ...] = ("pdf",)
    dpi: int = 300
    preview: bool = False
    layout: str | None = None
    font: Path | None = None
    font_bold: Path | None = None
    font_italic: Path | None = None
    font_bold_italic: Path | None = None
    sheet: str | None = None
    images: Path | None = None
    strict: bool = False
    fallback_fonts: tuple[Path, ...] = ()


@dataclass
class CardsResult:
    """What one build wrote: the outputs (in `formats` order, the preview last), the PDF's
    figures, how the sheet was read, the warnings."""

    outputs: list[Path]
    cards: int
    formats: tuple[str, ...]
    pdf: Any = None  # pdf.deck.DeckResult
    raster: list[Any] = field(default_factory=list)  # cards.outputs.RasterResult
    columns: Columns | None = None
    how: str = ""
    warnings: list[str] = field(default_factory=list)


def check_choice(flag: str, value: str, choices: Sequence[Choice]) -> Choice:
    """One of a flag's few words, any case; a DomekitError naming them otherwise."""
    chosen = value.strip().lower()
    for choice in choices:
        if choice == chosen:
            return choice
    raise DomekitError(f"{flag} {value!r}: expected {', '.join(choices[:-1])} or {choices[-1]}")


def parse_formats(value: str) -> tuple[str, ...]:
    """`--format pdf`, `png`, `tts` or several: `pdf,png,tts`."""
    chosen = [part.strip().lower() for part in value.split(",") if part.strip()]
    for part in chosen:
        if part not in FORMATS:
            raise DomekitError(
                f"--format {value!r}: expected pdf, png or tts (or several: pdf,png)"
            )
    if not chosen:
        raise DomekitError("--format is empty; expected pdf, png or tts")
    return tuple(dict.fromkeys(chosen))


def font_family(args: CardsOptions, chars: frozenset[str] | None = None) -> FontFamily:
    """The shipped Noto Sans, or `--font` (with its bold and italic faces; a big CFF font cut
    to the deck's `chars`)."""
    from toolkit.pdf.fonts import family

    faces = (args.font_bold, args.font_italic, args.font_bold_italic)
    if args.font is None:
        if any(faces):
            raise DomekitError("--font-bold, --font-italic and --font-bold-italic need --font")
        return family()
    return family(args.font, *faces, chars=chars)


def deck_characters(sheet: Sheet, template: Template | None, layout: Path | None) -> frozenset[str]:
    """Every character the deck may print: its cells and headers, the template's and the
    layout's own texts (a big CFF font is cut to these, and fallbacks found for them)."""
    from toolkit.data import read_text

    found = set("".join(sheet.header))
    for _, values in sheet.rows:
        for value in values.values():
            found.update(value)
    if template is not None:
        found.update(template.source)
    if layout is not None:
        found.update(read_text(layout))
    return frozenset(found)


def fallback_faces(
    files: Sequence[Path], chars: frozenset[str], fonts: FontFamily, layout: Layout | None
) -> list[str]:
    """The faces (reportlab names) that print what the deck's fonts lack: `--fallback-font`
    first, then fonts installed here (fontconfig) for what is still missing; each cut to the
    characters it is there for when it is a big CFF font."""
    from toolkit.pdf.fonts import family, glyphs

    families = [fonts, *(dict(layout.families).values() if layout is not None else ())]
    covered = set().union(*(glyphs(f.regular) for f in families))
    missing = frozenset(c for c in chars if ord(c) not in covered and c.isprintable()
                        and not c.isspace())  # fmt: skip
    lacking = missing  # each fallback is cut to all of these: a run stays in one font
    faces = []
    for file in files:
        face = family(file, chars=lacking or None).regular
        faces.append(face)
        missing = frozenset(c for c in missing if ord(c) not in glyphs(face))
    if missing:
        from toolkit.pdf.fonts.system import available, fonts_for

        if available():
            for found in fonts_for(sorted(missing)):
                faces.append(family(found.source, chars=lacking).regular)
    return faces


def _outputs(args: CardsOptions) -> dict[str, Path]:
    """Where each format goes: `--out` itself for one format; for several, `--out` is a folder
    holding `<sheet>-cards.pdf`, `<sheet>-cards-png/`, `<sheet>-cards-tts/`."""
    stem = f"{args.file.stem}-cards"
    names = {"pdf": f"{stem}.pdf", "png": f"{stem}-png", "tts": f"{stem}-tts"}
    if len(args.formats) == 1:
        [kind] = args.formats
        if kind == "pdf":
            return {"pdf": output_file(args.out, names["pdf"])}
        path = (args.out if args.out is not None else home() / names[kind]).absolute()
        if os.path.exists(path) and not os.path.isdir(path):
            raise DomekitError(f"--out {path} is a file; --format {kind} writes a folder")
        return {kind: path}
    folder = (args.out if args.out is not None else home()).absolute()
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise DomekitError(f"--out {folder} is a file; with several formats it names a folder")
    return {kind: folder / names[kind] for kind in args.formats}


def prepare(args: CardsOptions) -> tuple[Any, ...]:
    """Every check before anything is written: flags, fonts, layout, the sheet, every card."""
    from toolkit.pdf.deck import FaceMaker
    from toolkit.pdf.geometry import paper_size
    from toolkit.pdf.icons import IconSet

    paper = paper_size(args.paper)
    size = parse_size(args.size, args.bleed)
    if not MIN_DPI <= args.dpi <= MAX_DPI:
        raise DomekitError(f"--dpi {args.dpi}: expected {MIN_DPI} to {MAX_DPI}")
    back_offset = parse_offset(args.back_offset) if args.back_offset != "0,0" else (0.0, 0.0)
    outputs = _outputs(args)
    from toolkit.pdf.fonts import use_fallbacks

    use_fallbacks(())
    layout_file = None
    if args.layout is not None:
        from toolkit.cards.layout import find_layout

        layout_file = find_layout(args.layout)
    template = Template(args.template) if args.template else None
    sheet = read_sheet(args.file, args.sheet)
    chars = deck_characters(sheet, template, layout_file)
    fonts = font_family(args, chars)
    layout = None
    if layout_file is not None:
        from toolkit.cards.layout import load_layout

        layout = load_layout(layout_file, (size.width, size.height), chars)
    use_fallbacks(fallback_faces(args.fallback_fonts, chars, fonts, layout))
    if layout is not None:
        from toolkit.cards.binding import bind_layout

        layout = bind_layout(layout, sheet.header, sheet.rows)
    bound = [c for c in _layout_columns(layout, sheet.header).values() if c]
    columns = plan_columns(
        sheet.header,
        title=args.title,
        text=args.text,
        qty=args.qty,
        image=args.image,
        qr=args.qr,
        back=args.back,
        bound=bound,
        rows=sheet.rows,
    )
    icons = IconSet(sheet.path.parent / "icons")
    finder = PictureFinder(sheet.path, picture_folders(args, layout), strict=args.strict)
    cards, backs = deck_cards(sheet, columns, icons, template, layout, finder)
    if args.back and not columns.back:
        backs = {"back": fixed_back(args.back, sheet.path)}
        cards = [replace(card, back="back") for card in cards]
    maker = FaceMaker(icons, fonts, layout)
    maker.pictures.missing.update(finder.missing)
    notes = (sheet.notice, *(layout.notes if layout else ()))
    plan = _plan_warnings(sheet, columns, layout)
    for problem in (*filter(None, notes), *plan, *finder.warnings):
        maker.warn(problem)
    return paper, size, back_offset, outputs, sheet, columns, icons, cards, backs, maker


def picture_folders(args: CardsOptions, layout: Layout | None) -> list[Path]:
    """Where pictures are looked for, in order: `--images`, the layout's `images`, the sheet's
    folder."""
    import os.path

    folders = []
    if args.images is not None:
        if not os.path.isdir(args.images):
            raise DomekitError(f"--images {args.images}: no such folder")
        folders.append(args.images)
    if layout is not None and layout.images is not None:
        folders.append(layout.images)
    folders.append(args.file.parent)
    return folders


def _plan_warnings(sheet: Sheet, columns: Columns, layout: Layout | None) -> list[str]:
    name = sheet.path.name
    found: list[str] = []
    if layout is None:
        return found
    shown = {box.source[1] for box in layout.boxes if box.source[0] == "part"}
    shown.update(box.kind for box in layout.boxes if box.kind == "stats")
    for part in ("title", "text", "image", "qr", "stats"):
        column = ", ".join(columns.stats) if part == "stats" else getattr(columns, part)
        if column and part not in shown:
            found.append(f"layout {layout.name!r} has no {part} box: {column} not printed")
    from toolkit.cards.binding import column_named, every_box

    for box in every_box(layout):
        kind, spelled = box.source
        if kind == "column" and column_named(sheet.header, spelled) is None:
            found.append(
                f"layout {layout.name!r}, box {box.name!r}: {name} has no column "
                f"{spelled!r}; the box stays empty"
            )
    return found


def parse_offset(text: str) -> tuple[float, float]:
    """`--back-offset X,Y`: mm as the kits take it (`0.5,-1`), or each part with its unit
    (`0.02in,-0.5mm`)."""
    from toolkit.pdf.kits import MAX_BACK_OFFSET, parse_back_offset  # loads only for an offset
    from toolkit.pdf.units import length

    parts = text.split(",")
    if len(parts) != 2 or not re.search(r"[a-z]", text, re.IGNORECASE):
        return parse_back_offset(text)
    try:
        x, y = (length(part) for part in parts)
    except ValueError:
        raise DomekitError(
            f"--back-offset {text!r}: expected X,Y in mm, in or pt, like 0.5,-1 or 0.02in,0"
        ) from None
    if abs(x) > MAX_BACK_OFFSET or abs(y) > MAX_BACK_OFFSET:
        raise DomekitError(
            f"--back-offset {text!r}: each part must be within +-{MAX_BACK_OFFSET:g} mm"
        )
    return x, y


def build_cards(args: CardsOptions) -> CardsResult:
    """Validate everything, then write each output; returns what was written."""
    from toolkit.pdf.deck import build_deck

    paper, size, back_offset, outputs, sheet, columns, icons, cards, backs, maker = prepare(args)
    result = CardsResult(
        [], sum(card.copies for card in cards), args.formats, columns=columns, how=sheet.how
    )
    faces: list[Any] | None = None
    for kind, path in outputs.items():
        if kind == "pdf":
            result.pdf = build_deck(
                path,
                cards,
                paper=paper,
                size=size,
                icons=icons,
                backs=backs,
                duplex=args.duplex,
                back_offset=back_offset,
                marks=args.marks,
                title=sheet.path.stem,
                maker=maker,
            )
        else:
            from toolkit.cards.outputs import RasterJob, write_png, write_tts

            faces = faces if faces is not None else [maker.face(card) for card in cards]
            writer = write_png if kind == "png" else write_tts
            job = RasterJob(cards, faces, backs, maker, size, args.dpi, sheet.path.stem)
            result.raster.append(writer(path, job))
        result.outputs.append(path)
    if args.preview:
        from toolkit.cards.outputs import write_preview

        faces = faces if faces is not None else [maker.face(card) for card in cards]
        first = next(iter(outputs.values()))
        base = first.name.removesuffix(".pdf") if len(outputs) == 1 else f"{args.file.stem}-cards"
        preview = first.parent / f"{base}-preview.png"
        write_preview(preview, cards, faces, maker, size=size, title=sheet.path.stem)
        result.outputs.append(preview)
    result.warnings = maker.warnings
    return result


def write_calibration(
    *,
    paper: str,
    out: Path | None,
    duplex: Duplex,
    orientation: Orientation | Literal["both"],
    back_offset: str,
) -> Path:
    """`domekit calibrate`: the duplex calibration sheets' PDF (both: a portrait sheet that
    measures, a landscape one that checks); returns where it is."""
    from toolkit.pdf.calibration import draw_calibration
    from toolkit.pdf.document import pdf_document
    from toolkit.pdf.geometry import paper_size
    from toolkit.pdf.kits import parse_back_offset

    size = paper_size(paper)
    offset = parse_back_offset(back_offset)
    path = output_file(out, f"calibrate-{paper.strip().lower()}.pdf")
    with pdf_document(path, size, title="Duplex calibration") as doc:
        chosen: list[Orientation] = (
            ["portrait", "landscape"] if orientation == "both" else [orientation]
        )
        for number, sheet in enumerate(chosen, start=1):
            draw_calibration(
                doc,
                orientation=sheet,
                duplex=duplex,
                back_offset=offset,
                sheet=(number, len(chosen)),
            )
    return path
