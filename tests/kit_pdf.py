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


def decode_qr(page, folder: Path) -> list[str]:
    """Every QR code on the page as zbarimg reads it from a 150 dpi render, sorted."""
    if not shutil.which("zbarimg"):
        pytest.skip("zbarimg (Debian zbar-tools) is not installed")
    image = folder / f"page-{page.number}.png"
    page.get_pixmap(dpi=150).save(image)
    done = subprocess.run(["zbarimg", "-q", "--raw", str(image)], capture_output=True, text=True)
    return sorted(line for line in done.stdout.splitlines() if line)
