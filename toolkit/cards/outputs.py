"""The raster outputs of `domekit cards`: PNG files for print services, Tabletop Simulator deck
sheets, and a PNG contact sheet to look the deck over.

Each card is drawn by the same face drawers as the PDF, one card a page (`deck.build_card_pages`)
into a temporary PDF, and that PDF is rendered page by page with PDFium (pypdfium2: a 4 MB wheel
under Apache-2.0/BSD, where PyMuPDF is 20+ MB under the AGPL; reportlab's own renderPM draws
reportlab Drawings, not canvas pages, and needs rlPyCairo and Cairo). A card printed in several
copies is rendered once.

A PNG or TTS output is a folder written as a whole: everything goes into a temporary folder
beside it, renamed into place only when every file is written. An existing folder is replaced
only if it holds nothing but PNG and JSON files (what these outputs write): a folder of anything
else (`--out ~/Desktop`) is refused, never emptied.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import shutil
import tempfile
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit.errors import DomekitError

if TYPE_CHECKING:
    from PIL.Image import Image
    from reportlab.pdfgen.canvas import Canvas

    from toolkit.pdf.cards import CardBox, CardSize
    from toolkit.pdf.deck import DeckBack, DeckCard, FaceMaker

Drawer = Callable[["Canvas", "CardBox"], None]
TTS_COLUMNS, TTS_ROWS = 10, 7  # Tabletop Simulator's largest deck sheet
TTS_MAX_SIDE = 8192  # px: the largest texture TTS (Unity) loads whole
PREVIEW_DPI = 100
PREVIEW_MAX_CARDS = 200
PREVIEW_GAP = 12  # px
PNG_LEVEL = 3  # zlib level: 6 (the default) is 2 to 3 times slower for 2 % smaller files
OUTPUT_SUFFIXES = (".png", ".json")


@dataclass
class RasterResult:
    kind: str  # "png" or "tts"
    folder: Path
    files: list[str] = field(default_factory=list)
    pixels: tuple[int, int] = (0, 0)  # of one card
    sheets: int = 0  # TTS deck sheets
    grid: tuple[int, int] = (0, 0)  # TTS cells across and down


@dataclass(frozen=True)
class RasterJob:
    """What a raster output draws: the deck's cards, their face drawers (in the same order),
    the backs, the face maker (fonts, pictures, warnings), the card size and the resolution."""

    cards: Sequence[DeckCard]
    faces: Sequence[Drawer]
    backs: dict[str, DeckBack]
    maker: FaceMaker
    size: CardSize
    dpi: int
    title: str = ""


# ---------------------------------------------------------------------------------------------
# Folders written as a whole


def check_replaceable(folder: Path) -> None:
    """A DomekitError unless `folder` is absent, empty or holds only this output's files."""
    if not os.path.lexists(folder):
        return
    if not os.path.isdir(folder) or os.path.islink(folder):
        raise DomekitError(f"--out {folder} is not a folder; PNG and TTS outputs write a folder")
    for entry in os.scandir(folder):
        if not entry.is_file(follow_symlinks=False) or not entry.name.endswith(OUTPUT_SUFFIXES):
            raise DomekitError(
                f"--out {folder} holds {entry.name!r}, which Domekit did not write: give a new "
                "folder (an existing one is replaced only if it holds just PNG and JSON files)"
            )


@contextlib.contextmanager
def atomic_folder(
    target: Path, check: Callable[[Path], None] = check_replaceable
) -> Iterator[Path]:
    """A temporary folder beside `target` that becomes `target` when the block completes;
    on any error it is removed and `target` is left as it was. `check` raises unless an
    existing `target` may be replaced."""
    check(target)
    parent = target.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        temp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=parent))
    except OSError as exc:
        raise DomekitError(f"cannot write in {parent}: {exc.strerror}") from None
    try:
        yield temp
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temp, 0o777 & ~umask)
        if os.path.lexists(target):
            old = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".old", dir=parent))
            os.replace(target, old / target.name)
            os.replace(temp, target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(temp, target)
    finally:
        shutil.rmtree(temp, ignore_errors=True)


# ---------------------------------------------------------------------------------------------
# Rendering


def pixels(mm: float, dpi: int) -> int:
    return round(mm / 25.4 * dpi)


def render_pages(
    drawers: Sequence[Drawer],
    size: CardSize,
    dpi: int,
    *,
    bleed: bool,
    title: str = "",
    font: str | None = None,
) -> Iterator[Image]:
    """Each drawer's card rendered at `dpi`, with its bleed or trimmed, one PIL image at a time
    (exactly the card's size in whole pixels)."""
    from toolkit.pdf.deck import build_card_pages

    with tempfile.TemporaryDirectory(prefix="domekit-cards-") as folder:
        pdf_path = Path(folder) / "cards.pdf"
        build_card_pages(pdf_path, drawers, size, bleed=bleed, title=title, font=font)
        yield from render_pdf_pages(pdf_path, range(len(drawers)), size, dpi, bleed=bleed)


def render_pdf_pages(
    pdf_path: Path, indexes: Sequence[int], size: CardSize, dpi: int, *, bleed: bool = True
) -> Iterator[Image]:
    """Pages `indexes` (from 0) of a PDF of one card a page, each rendered at `dpi` as a PIL
    image exactly the card's size (with its bleed, or trimmed) in whole pixels."""
    import pypdfium2 as pdfium  # type: ignore[import-untyped]  # no py.typed: typed here

    margin = size.bleed if bleed else 0.0
    width = pixels(size.width + 2 * margin, dpi)
    height = pixels(size.height + 2 * margin, dpi)
    document = pdfium.PdfDocument(str(pdf_path))
    try:
        for index in indexes:
            page = document[index]
            scale = max(width / page.get_width(), height / page.get_height())
            image = page.render(scale=scale, may_draw_forms=False).to_pil().convert("RGB")
            page.close()
            if image.size != (width, height):
                image = image.crop((0, 0, width, height))
            yield image
    finally:
        document.close()


def save_png(image: Image, path: Path, dpi: int) -> None:
    image.save(path, format="PNG", compress_level=PNG_LEVEL, dpi=(dpi, dpi))


def file_stem(title: str, fallback: str = "card") -> str:
    """A card's title as a safe file name: letters and digits of any script, lower case,
    words joined by '-', at most 48 characters (no path separators, dots or spaces)."""
    text = unicodedata.normalize("NFKC", title).lower()
    words = "".join(ch if ch.isalnum() else " " for ch in text).split()
    stem = "-".join(words)[:48].strip("-")
    return stem or fallback


def _unique(stem: str, taken: set[str]) -> str:
    name, number = stem, 2
    while name in taken:
        name = f"{stem}-{number}"
        number += 1
    taken.add(name)
    return name


def _back_drawers(backs: dict[str, DeckBack], maker: FaceMaker, title: str) -> dict[str, Drawer]:
    from toolkit.pdf.deck import DeckBack, back_drawers

    if not backs:
        backs = {"": DeckBack(text=title or "Domekit")}
    return back_drawers(backs, maker)


# ---------------------------------------------------------------------------------------------
# The outputs


def write_png(folder: Path, job: RasterJob) -> RasterResult:
    """One PNG per printed card (`NNN-title.png`, copies numbered on), with its bleed, and each
    back: `back.png` when the deck has one, `back-<name>.png` each when cards name their own."""
    cards, faces, backs, maker = job.cards, job.faces, job.backs, job.maker
    size, dpi, title = job.size, job.dpi, job.title
    result = RasterResult("png", folder)
    printed = [(card, face) for card, face in zip(cards, faces, strict=True) if card.copies]
    total = sum(card.copies for card, _ in printed)
    digits = max(3, len(str(total)))
    back_keys = sorted({card.back for card, _ in printed if card.back is not None})
    drawers = [face for _, face in printed]
    named_backs = {key: backs[key] for key in back_keys if key in backs}
    back_faces = _back_drawers(named_backs, maker, title) if named_backs else {}
    drawers += [back_faces[key] for key in back_keys if key in back_faces]
    with atomic_folder(folder) as temp:
        images = render_pages(drawers, size, dpi, bleed=True, title=title)
        number = 0
        taken: set[str] = set()
        for card, _ in printed:
            image = next(images)
            result.pixels = image.size
            first: Path | None = None
            for _ in range(card.copies):
                number += 1
                name = f"{number:0{digits}d}-{file_stem(card.title)}.png"
                if first is None:
                    first = temp / name
                    save_png(image, first, dpi)
                else:
                    shutil.copyfile(first, temp / name)
                result.files.append(name)
        for key in back_keys:
            if key not in back_faces:
                continue
            stem = "back" if len(back_keys) == 1 else f"back-{file_stem(Path(key).stem, 'back')}"
            name = f"{_unique(stem, taken)}.png"
            save_png(next(images), temp / name, dpi)
            result.files.append(name)
    return result


def tts_grid(count: int) -> tuple[int, int]:
    """Cells across and down of a sheet for `count` cards and the hidden-card cell: as square
    as TTS allows, at least 2 x 2 (TTS's smallest sheet), at most 10 x 7."""
    cells = count + 1
    columns = max(2, min(TTS_COLUMNS, math.ceil(math.sqrt(cells * 1.4))))
    rows = max(2, math.ceil(cells / columns))
    while rows > TTS_ROWS:
        columns += 1
        rows = max(2, math.ceil(cells / columns))
    return columns, rows


def write_tts(folder: Path, job: RasterJob) -> RasterResult:
    """Tabletop Simulator deck sheets: `deck-N.png` of up to 10 x 7 cells without bleed (69
    cards and, in the last cell, the card TTS shows for a hidden card: the back), `back.png` (or
    `back-N.png` sheets when cards have backs of their own), and `deck.json`, a TTS saved object
    of the whole deck, copies included (Saved Objects folder, or Objects > Saved Objects)."""
    cards, faces, backs, maker = job.cards, job.faces, job.backs, job.maker
    size, dpi, title = job.size, job.dpi, job.title
    result = RasterResult("tts", folder)
    printed = [(card, face) for card, face in zip(cards, faces, strict=True) if card.copies]
    keys = [card.back for card, _ in printed]
    unique_backs = len({key for key in keys}) > 1
    back_faces = _back_drawers({k: v for k, v in backs.items() if k in set(keys)}, maker, title)
    default_back = next(iter(back_faces.values()))
    per_sheet = TTS_COLUMNS * TTS_ROWS - 1
    sheets = [printed[start : start + per_sheet] for start in range(0, len(printed), per_sheet)]
    cell_w, cell_h = pixels(size.width, dpi), pixels(size.height, dpi)
    shrink = min(1.0, TTS_MAX_SIDE / (TTS_COLUMNS * cell_w), TTS_MAX_SIDE / (TTS_ROWS * cell_h))
    render_dpi = max(30, int(dpi * shrink))
    cell_w, cell_h = pixels(size.width, render_dpi), pixels(size.height, render_dpi)
    result.pixels = (cell_w, cell_h)
    objects: list[dict[str, Any]] = []
    custom: dict[str, dict[str, Any]] = {}
    with atomic_folder(folder) as temp:
        for number, sheet in enumerate(sheets, start=1):
            columns, rows = tts_grid(len(sheet))
            if number == 1:
                result.grid = (columns, rows)
            drawers = [face for _, face in sheet]
            hidden = back_faces.get(sheet[0][0].back or "", default_back)
            back_cells = [back_faces.get(card.back or "", default_back) for card, _ in sheet]
            faces_name = f"deck-{number}.png"
            _paste_sheet(
                temp / faces_name, [*drawers, hidden], size, render_dpi, (columns, rows), title
            )
            if unique_backs:
                back_name = f"back-{number}.png"
                _paste_sheet(
                    temp / back_name,
                    [*back_cells, hidden],
                    size,
                    render_dpi,
                    (columns, rows),
                    title,
                )
            else:
                back_name = "back.png"
                if number == 1:
                    [image] = list(render_pages([hidden], size, render_dpi, bleed=False))
                    save_png(image, temp / back_name, render_dpi)
                    result.files.append(back_name)
            result.files.append(faces_name)
            if unique_backs:
                result.files.append(back_name)
            custom[str(number)] = {
                "FaceURL": (folder / faces_name).as_uri(),
                "BackURL": (folder / back_name).as_uri(),
                "NumWidth": columns,
                "NumHeight": rows,
                "BackIsHidden": True,
                "UniqueBack": unique_backs,
                "Type": 0,
            }
            for index, (card, _) in enumerate(sheet):
                for _ in range(card.copies):
                    objects.append(_tts_card(card.title, number * 100 + index, number, custom))
        result.sheets = len(sheets)
        deck = _tts_deck(title, objects, custom)
        (temp / "deck.json").write_text(json.dumps(deck, indent=1, ensure_ascii=False) + "\n")
        result.files.append("deck.json")
    return result


def _paste_sheet(
    path: Path,
    drawers: Sequence[Drawer],
    size: CardSize,
    dpi: int,
    grid: tuple[int, int],
    title: str,
) -> None:
    """The cards into a sheet of grid cells, row by row; the last drawer fills the last cell."""
    from PIL import Image

    columns, rows = grid
    cell_w, cell_h = pixels(size.width, dpi), pixels(size.height, dpi)
    sheet = Image.new("RGB", (columns * cell_w, rows * cell_h), (255, 255, 255))
    images = render_pages(drawers, size, dpi, bleed=False, title=title)
    for index, image in enumerate(images):
        cell = index if index < len(drawers) - 1 else columns * rows - 1
        sheet.paste(image, ((cell % columns) * cell_w, (cell // columns) * cell_h))
        image.close()
    save_png(sheet, path, dpi)
    sheet.close()


def _transform() -> dict[str, float]:
    return {
        "posX": 0.0,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }


def _tts_card(
    name: str, card_id: int, sheet: int, custom: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    return {
        "Name": "Card",
        "Transform": _transform(),
        "Nickname": name,
        "CardID": card_id,
        "CustomDeck": {str(sheet): custom[str(sheet)]},
    }


def _tts_deck(
    title: str, cards: list[dict[str, Any]], custom: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """A TTS saved object: a deck of the cards (a lone card is a card: TTS has no deck of one)."""
    if len(cards) == 1:
        state = cards[0]
    else:
        state = {
            "Name": "DeckCustom",
            "Transform": _transform(),
            "Nickname": title,
            "DeckIDs": [card["CardID"] for card in cards],
            "CustomDeck": custom,
            "ContainedObjects": cards,
        }
    return {"SaveName": title, "ObjectStates": [state]}


def write_preview(
    path: Path,
    cards: Sequence[DeckCard],
    faces: Sequence[Drawer],
    maker: FaceMaker,
    *,
    size: CardSize,
    title: str = "",
) -> int:
    """A contact sheet: each card of the deck once (copies are not repeated), trimmed, at
    PREVIEW_DPI, ten across; at most PREVIEW_MAX_CARDS of them. Returns how many it shows."""
    from PIL import Image

    from toolkit.pdf.document import publish_file

    shown = [face for card, face in zip(cards, faces, strict=True) if card.copies]
    if len(shown) > PREVIEW_MAX_CARDS:
        maker.warn(f"the preview shows the first {PREVIEW_MAX_CARDS} of {len(shown)} cards")
        shown = shown[:PREVIEW_MAX_CARDS]
    columns = min(10, len(shown))
    rows = math.ceil(len(shown) / columns)
    cell_w, cell_h = pixels(size.width, PREVIEW_DPI), pixels(size.height, PREVIEW_DPI)
    sheet = Image.new(
        "RGB",
        (
            columns * (cell_w + PREVIEW_GAP) + PREVIEW_GAP,
            rows * (cell_h + PREVIEW_GAP) + PREVIEW_GAP,
        ),
        (200, 200, 200),
    )
    for index, image in enumerate(render_pages(shown, size, PREVIEW_DPI, bleed=False, title=title)):
        x = PREVIEW_GAP + (index % columns) * (cell_w + PREVIEW_GAP)
        y = PREVIEW_GAP + (index // columns) * (cell_h + PREVIEW_GAP)
        sheet.paste(image, (x, y))
    with publish_file(path) as temp:
        save_png(sheet, temp, PREVIEW_DPI)
    return len(shown)
