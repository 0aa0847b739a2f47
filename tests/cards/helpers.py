"""What the cards tests share: decks, pictures and icons written in tmp_path, and how a built
PDF is read back (pymupdf words in mm)."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pymupdf

from toolkit.pdf.geometry import MM

A4_LANDSCAPE = (297.0, 210.0)
STAR_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 20 20">'
    '<polygon points="10,1 12.5,7.5 19,7.5 14,12 16,19 10,15 4,19 6,12 1,7.5 7.5,7.5" '
    'fill="#d4a000"/></svg>'
)
URL = "https://example.org/cards/imp"


def write_png(path: Path, rgb: tuple[int, int, int], size: tuple[int, int] = (8, 8)) -> Path:
    """A plain-colour RGB PNG, written byte by byte."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    width, height = size
    raw = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw))
    path.write_bytes(data + chunk(b"IEND", b""))
    return path


ROWS = [
    ["Name", "Deck", "Strength", "Cost", "Qty", "Ability", "Image", "Url"],
    ["Fire Imp", "Fire", "3", "2", "2", "Deal 2 :fire: damage. Gain :star: when it dies.",
     "art.png", URL],
    ["Water Sprite", "Water", "1", "1", "1", "Heal 1 and draw a card.", "", ""],
    ["Stone Golem", "Earth", "5", "4", "0", "Cannot move.", "", ""],
]  # fmt: skip


def words(page: pymupdf.Page) -> list[tuple[float, float, float, float, str]]:
    """(x0, y0, x1, y1, word) in mm, from the top-left like pymupdf."""
    return [(w[0] / MM, w[1] / MM, w[2] / MM, w[3] / MM, w[4]) for w in page.get_text("words")]


def centre_of(page: pymupdf.Page, word: str) -> list[tuple[float, float]]:
    return [((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1, w in words(page) if w == word]


def build(cli, deck: Path, *flags: str) -> tuple[pymupdf.Document, object]:
    out = deck.parent / "out.pdf"
    result = cli("cards", str(deck), "--out", str(out), *flags)
    assert result.exit_code == 0, result.stderr
    return pymupdf.open(out), result


POKER_BLEED_300 = (815, 1110)  # 63 x 88 mm + 3 mm bleed a side, at 300 dpi
POKER_TRIM_300 = (744, 1039)


def sheet(tmp_path: Path, text: str, name: str = "deck.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run(cli, *args: str):
    result = cli("cards", *args)
    assert result.exit_code == 0, result.stderr
    return result


def spans(page: pymupdf.Page) -> list[dict]:
    """Every text span of the page (pymupdf: text, font, size, color, bbox in points)."""
    return [
        span
        for block in page.get_text("dict")["blocks"]
        for line in block.get("lines", [])
        for span in line["spans"]
    ]
