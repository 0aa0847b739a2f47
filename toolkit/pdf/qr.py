"""QR codes drawn as vectors: every dark module of the qrcode package's matrix a filled square.

Runs of dark modules along a row are merged into one rectangle (same picture, fewer objects).
"""

from __future__ import annotations

from functools import lru_cache

import qrcode
from reportlab.pdfgen.canvas import Canvas

from toolkit.data.limits import MIN_QR_MODULE_MM
from toolkit.errors import DomekitError
from toolkit.pdf.geometry import pt

MIN_SIZE_MM = 20.0
QR_SIZE = 24.0
"""The size of every QR code of every kit (the quiet zone included): one size across the games,
so a player learns one distance. A kit's URL (69 characters with a LAN address) makes a 45-module
code: 0.53 mm modules, which zbar reads alone on an 80 dpi render, and framed with its neighbours
on a 100 dpi one: what a phone's 1080p preview (about 65 degrees wide) sees from 38 to 48 cm, arm's
length (benchmarks/kit_paper.py). 22 mm codes failed three in four alone at 80 dpi."""
QUIET_ZONE = 4  # modules of white around the code, part of the printed size
# A fixed mask: choosing the "best" of the 8 masks costs 0.1 s a code in pure Python and only
# polishes the pattern; any mask decodes (the tests scan every code with zbar).
MASK_PATTERN = 2


@lru_cache(maxsize=512)
def qr_matrix(data: str) -> tuple[tuple[bool, ...], ...]:
    """The module grid, quiet zone included (True = dark)."""
    code = qrcode.QRCode(
        border=QUIET_ZONE,
        error_correction=qrcode.constants.ERROR_CORRECT_M,
        mask_pattern=MASK_PATTERN,
    )
    code.add_data(data)
    code.make(fit=True)
    return tuple(tuple(row) for row in code.get_matrix())


def qr_capacity(size: float) -> int:
    """The most bytes a code `size` mm wide holds with squares a phone can read."""
    modules = int(size / MIN_QR_MODULE_MM) - 2 * QUIET_ZONE
    version = max(1, min(40, (modules - 17) // 4))
    bits = qrcode.util.BIT_LIMIT_TABLE[qrcode.constants.ERROR_CORRECT_M][version]
    return (bits - 4 - (8 if version < 10 else 16)) // 8  # less the mode and length fields


def qr_problem(data: str, size: float) -> str | None:
    """Why `data` cannot print as a QR code `size` mm wide that a phone reads, or None."""
    most = qr_capacity(size)
    if len(data.encode("utf-8")) > most:
        return (
            f"{len(data):,} characters are too many for a {size:g} mm QR code: a phone reads "
            f"squares of {MIN_QR_MODULE_MM:g} mm or more, which holds {most} bytes"
        )
    return None


def draw_qr(c: Canvas, data: str, x: float, y: float, size: float) -> None:
    """A QR code of `size` mm (quiet zone included) with its bottom-left corner at (x, y) mm."""
    if size < MIN_SIZE_MM:
        raise DomekitError(f"a QR code must be at least {MIN_SIZE_MM:g} mm (asked for {size:g})")
    problem = qr_problem(data, size)
    if problem:
        raise DomekitError(problem)
    matrix = qr_matrix(data)
    count = len(matrix)
    module = pt(size) / count
    left, bottom = pt(x), pt(y)
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.rect(left, bottom, pt(size), pt(size), stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    path = c.beginPath()
    for row_index, row in enumerate(matrix):
        top = bottom + (count - row_index) * module
        col = 0
        while col < count:
            if row[col]:
                start = col
                while col < count and row[col]:
                    col += 1
                # a hair of overlap closes anti-aliasing seams between rows
                path.rect(
                    left + start * module,
                    top - module - 0.02,
                    (col - start) * module,
                    module + 0.02,
                )
            else:
                col += 1
    c.drawPath(path, stroke=0, fill=1)
    c.restoreState()
