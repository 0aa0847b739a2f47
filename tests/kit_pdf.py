"""Reading a built kit back: text in a box, pages by their text, QR codes decoded by zbarimg."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pymupdf
import pytest

from toolkit.pdf.geometry import MM, Rect


def clip(page, rect: Rect) -> pymupdf.Rect:
    """A rectangle in mm from the bottom-left as pymupdf's top-left rectangle in points."""
    height = page.rect.height
    return pymupdf.Rect(rect.x * MM, height - rect.top * MM, rect.right * MM, height - rect.y * MM)


def lines_in(page, rect: Rect | None = None) -> list[str]:
    """The page's (or the box's) text lines, stripped, blank ones left out."""
    text = page.get_text(clip=clip(page, rect)) if rect else page.get_text()
    return [line.strip() for line in text.splitlines() if line.strip()]


def decode_qr(page, folder: Path, dpi: int = 150, clip: pymupdf.Rect | None = None) -> list[str]:
    """Every QR code on the page (or in `clip`, points) as zbarimg reads it from a render
    (150 dpi), sorted."""
    if not shutil.which("zbarimg"):
        pytest.skip("zbarimg (Debian zbar-tools) is not installed")
    image = folder / f"page-{page.number}.png"
    page.get_pixmap(dpi=dpi, clip=clip).save(image)
    done = subprocess.run(["zbarimg", "-q", "--raw", str(image)], capture_output=True, text=True)
    return sorted(line for line in done.stdout.splitlines() if line)


# --- printing a kit at home: ink, the printer's edge, fonts, type sizes --------------------------

INK_DPI = 30  # TESTING.md: a greyscale render at 30 dpi
EDGE_MM = 5.0


def grey(page, dpi: int = INK_DPI) -> pymupdf.Pixmap:
    return page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)


def dark_share(page) -> float:
    """The share of the page's pixels under 128 on a greyscale 30 dpi render: its dark ink."""
    pix = grey(page)
    samples = pix.samples
    return sum(1 for value in samples if value < 128) / len(samples)


def edge_ink(page) -> int:
    """Pixels under 200 within 5 mm of the paper's edge (30 dpi greyscale): ink a home printer
    cannot print. A pixel counts when any of it lies within 5 mm."""
    import math

    pix = grey(page)
    width, height, stride, samples = pix.width, pix.height, pix.stride, pix.samples
    margin = math.ceil(EDGE_MM * INK_DPI / 25.4)
    found = 0
    for y in range(height):
        row = samples[y * stride : y * stride + width]
        if y < margin or y >= height - margin:
            found += sum(1 for value in row if value < 200)
        else:
            found += sum(1 for value in row[:margin] if value < 200)
            found += sum(1 for value in row[width - margin :] if value < 200)
    return found


def page_fonts(doc) -> set[tuple[str, str]]:
    """(font name, file type) of every font any page uses; base-14 fonts have type 'n/a'."""
    found = set()
    for number in range(len(doc)):
        for _, ext, _, name, *_ in doc.get_page_fonts(number):
            found.add((name, ext))
    return found


def smallest_type(doc) -> tuple[float, str]:
    """The smallest font size (points) of any text span in the document, and its words."""
    smallest = (1000.0, "")
    for page in doc:
        for block in page.get_text("dict")["blocks"]:
            for text_line in block.get("lines", []):
                for span in text_line["spans"]:
                    if span["text"].strip() and span["size"] < smallest[0]:
                        smallest = (span["size"], span["text"])
    return smallest
