"""What a print-on-demand service takes as it is: for every deck of a kit, a PDF of one card a
page and a folder of PNG images.

- The PDF: each page is one card at its trim size plus SERVICE_BLEED (3 mm) all round, the art
  running into the bleed; the card's front, then its back, card after card (front, back, front,
  back: the order DriveThruCards and The Game Crafter ask for); every page's TrimBox is the cut
  line and its BleedBox the whole page. One file per deck (cards of one size and one back).
- The PNG images, for services that take images (MakePlayingCards, The Game Crafter): each card
  at SERVICE_DPI with IMAGE_BLEED, the 1/8 in those services' templates ask for (a poker card,
  63.5 x 88.9 mm, is 825 x 1125 px), numbered in deck order (copies too), and the deck's
  `back.png`. They are the pages of the same drawing at that bleed, rendered by PDFium
  (`cards.outputs.render_pdf_pages`) from a PDF made for them and not kept.

Everything goes into one folder beside the kit (`<kit>-print-service/`), written as a whole:
built in a temporary folder and renamed into place when complete. An existing folder is replaced
only if Domekit wrote it (it holds SERVICE_MANIFEST).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from toolkit.errors import DomekitError
from toolkit.pdf.cards import CardBox, CardSize, Deck, Drawer
from toolkit.pdf.document import PageSide, pdf_document
from toolkit.pdf.geometry import Rect

SERVICE_BLEED = 3.0  # mm: the PDF's bleed, the print trade's usual 3 mm
IMAGE_BLEED = 25.4 / 8  # mm: 1/8 in, the bleed image templates ask for (825 x 1125 px poker)
SERVICE_DPI = 300
SERVICE_MANIFEST = "print-service.json"


def service_folder(pdf: Path) -> Path:
    """Where a kit's print-service files go: `<kit stem>-print-service/` beside its PDF."""
    return pdf.with_name(f"{pdf.stem}-print-service")


def service_size(size: CardSize, bleed: float = SERVICE_BLEED) -> CardSize:
    """A deck's card as a print service prints it: the trim and safe zone, and `bleed`."""
    return CardSize(size.width, size.height, bleed, size.safe)


def check_service_folder(folder: Path) -> None:
    """A DomekitError unless `folder` is absent or a print-service folder Domekit wrote."""
    if not os.path.lexists(folder):
        return
    if not folder.is_dir() or folder.is_symlink() or not (folder / SERVICE_MANIFEST).is_file():
        raise DomekitError(
            f"{folder} exists and is not a print-service folder Domekit wrote (no "
            f"{SERVICE_MANIFEST} in it): move it away or choose another --out"
        )


def _deck_pdf(path: Path, deck: Deck, *, title: str, font: str | None, bleed: float) -> None:
    """One card a page, front then back, at the trim plus `bleed`, with their page boxes."""
    size = service_size(deck.size, bleed)
    page = (size.width + 2 * size.bleed, size.height + 2 * size.bleed)
    trim = Rect(size.bleed, size.bleed, size.width, size.height)
    box = CardBox(trim, trim.outset(size.bleed), trim.inset(size.safe))
    whole = Rect(0, 0, *page)
    with pdf_document(path, page, title=f"{title}: {deck.name}", font=font) as doc:
        for card in deck.cards:
            sides: tuple[tuple[Drawer, PageSide], ...] = ((card.face, "front"), (deck.back, "back"))
            for draw, side in sides:
                c = doc.begin_page(page)
                c.saveState()
                draw(c, box)
                c.restoreState()
                doc.end_page(trim=trim, bleed=whole, side=side)


def _deck_pngs(folder: Path, pdf: Path, deck: Deck) -> tuple[list[str], tuple[int, int]]:
    """Each card's front (a face drawn for several copies is rendered once and copied) and
    the back, from the deck's PDF; returns the file names and one image's pixels."""
    from toolkit.cards.outputs import render_pdf_pages, save_png

    size = service_size(deck.size, IMAGE_BLEED)
    folder.mkdir()
    first_page: dict[int, int] = {}
    for index, card in enumerate(deck.cards):
        first_page.setdefault(id(card.face), 2 * index)
    wanted = sorted(first_page.values()) + [1]  # every distinct front, then the back
    digits = max(3, len(str(len(deck.cards))))
    rendered: dict[int, Path] = {}
    pixels = (0, 0)
    for page_index, image in zip(
        wanted, render_pdf_pages(pdf, wanted, size, SERVICE_DPI), strict=True
    ):
        name = "back.png" if page_index == 1 else f"{page_index // 2 + 1:0{digits}d}.png"
        save_png(image, folder / name, SERVICE_DPI)
        rendered[page_index] = folder / name
        pixels = image.size
    files = []
    for index, card in enumerate(deck.cards):
        name = f"{index + 1:0{digits}d}.png"
        source = rendered[first_page[id(card.face)]]
        if source.name != name:
            shutil.copyfile(source, folder / name)
        files.append(name)
    files.append("back.png")
    return files, pixels


def write_service_files(
    pdf: Path, decks: Sequence[Deck], *, title: str, font: str | None = None
) -> dict[str, Any]:
    """Write every deck's print-service PDF and PNG images into `service_folder(pdf)`; returns
    what was written (the folder, and per deck its name, cards, files, sizes), as the kit's
    manifest and `--json` name it."""
    from toolkit.cards.outputs import atomic_folder, file_stem

    folder = service_folder(pdf)
    check_service_folder(folder)
    written: list[dict[str, Any]] = []
    taken: set[str] = set()
    with atomic_folder(folder, check=check_service_folder) as temp:
        for deck in decks:
            stem = file_stem(deck.name, "deck")
            while stem in taken:
                stem += "-2"
            taken.add(stem)
            deck_pdf = temp / f"{stem}.pdf"
            _deck_pdf(deck_pdf, deck, title=title, font=font, bleed=SERVICE_BLEED)
            images_pdf = temp / f".{stem}-images.pdf"
            _deck_pdf(images_pdf, deck, title=title, font=font, bleed=IMAGE_BLEED)
            files, pixels = _deck_pngs(temp / stem, images_pdf, deck)
            images_pdf.unlink()
            size = service_size(deck.size)
            written.append(
                {
                    "deck": deck.name,
                    "cards": len(deck.cards),
                    "pdf": str(folder / deck_pdf.name),
                    "pages": 2 * len(deck.cards),
                    "png": str(folder / stem),
                    "png_files": files,
                    "trim_mm": [size.width, size.height],
                    "bleed_mm": round(size.bleed, 3),
                    "png_bleed_mm": round(IMAGE_BLEED, 3),
                    "dpi": SERVICE_DPI,
                    "pixels": list(pixels),
                }
            )
        manifest = {"kit": str(pdf), "decks": written}
        (temp / SERVICE_MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
    return {"folder": str(folder), "decks": written}
