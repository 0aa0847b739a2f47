"""Text that fits its box: wrapped, then shrunk until it fits (down to a minimum size)."""

from __future__ import annotations

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from toolkit.pdf.geometry import MM, Rect, pt

LEADING = 1.18


def _wrap(text: str, font: str, size: float, width_pt: float) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(simpleSplit(paragraph, font, size, width_pt) or [""])
    return lines


def fit_lines(
    text: str, box: Rect, *, font: str = "Helvetica", max_size: float = 9, min_size: float = 5
) -> tuple[float, list[str]]:
    """The largest font size (pt) at which `text` wraps into `box`, and its lines.

    At `min_size` text that still does not fit is cut with "..." at the last line that fits.
    """
    width_pt, height_pt = pt(box.w), pt(box.h)
    size = max_size
    while True:
        lines = _wrap(text, font, size, width_pt)
        if len(lines) * size * LEADING <= height_pt + 0.01 or size <= min_size:
            break
        size = max(min_size, size - 0.25)
    fitting = max(1, int(height_pt // (size * LEADING)))
    if len(lines) > fitting:
        lines = lines[:fitting]
        last = lines[-1]
        while last and stringWidth(last + "...", font, size) > width_pt:
            last = last[:-1]
        lines[-1] = last.rstrip() + "..."
    return size, lines


def draw_text_box(
    c: Canvas,
    text: str,
    box: Rect,
    *,
    font: str = "Helvetica",
    max_size: float = 9,
    min_size: float = 5,
    align: str = "left",
    valign: str = "top",
) -> float:
    """Draw wrapped text shrunk to fit inside `box` (mm); returns the font size used."""
    size, lines = fit_lines(text, box, font=font, max_size=max_size, min_size=min_size)
    leading = size * LEADING
    block = len(lines) * leading
    top = pt(box.top)
    if valign == "middle":
        top = pt(box.y) + (pt(box.h) + block) / 2
    elif valign == "bottom":
        top = pt(box.y) + block
    c.setFont(font, size)
    y = top - size * 0.95
    for line in lines:
        _draw_aligned(c, line, box, y, align, font, size)
        y -= leading
    return size


def draw_line_fit(
    c: Canvas,
    text: str,
    box: Rect,
    *,
    font: str = "Helvetica-Bold",
    max_size: float = 11,
    min_size: float = 4,
    align: str = "left",
) -> float:
    """One line of text, shrunk to fit the box's width and height, vertically centred."""
    size = min(max_size, box.h * MM / 1.0)
    width = stringWidth(text, font, size)
    if width > pt(box.w):
        size = max(min_size, size * pt(box.w) / width)
    c.setFont(font, size)
    y = pt(box.y) + (pt(box.h) - size * 0.72) / 2
    _draw_aligned(c, text, box, y, align, font, size)
    return size


def _draw_aligned(
    c: Canvas, line: str, box: Rect, y: float, align: str, font: str, size: float
) -> None:
    if align == "centre":
        c.drawCentredString(pt(box.x + box.w / 2), y, line)
    elif align == "right":
        c.drawRightString(pt(box.right), y, line)
    else:
        c.drawString(pt(box.x), y, line)
