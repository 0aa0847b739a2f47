"""Generic sheets: headings, tables, reference text fitted to one page, in the kit fonts, never
under MIN_TYPE, in the ink a `Look` asks for."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from toolkit.pdf.geometry import Rect, pt, text_colour_on
from toolkit.pdf.style import BOLD, MIN_TYPE, REGULAR, Look, line
from toolkit.pdf.text import LEADING

Colour = tuple[float, float, float]


@dataclass(frozen=True)
class Section:
    """A heading and its lines; a line starting with '- ' is a bullet."""

    heading: str
    lines: tuple[str, ...]


def draw_heading(
    c: Canvas, text: str, box: Rect, *, colour: Colour | None = None, look: Look = Look()
) -> None:
    """A page's heading: on a band of `colour` (printer-friendly: a light tint of it under a
    line of the colour), or plain black without a colour."""
    if colour is not None:
        band = look.band(colour)
        c.setFillColorRGB(*band)
        c.rect(pt(box.x), pt(box.y), pt(box.w), pt(box.h), stroke=0, fill=1)
        if not look.full:
            c.setFillColorRGB(*look.ink_on(colour, band))
            c.rect(pt(box.x), pt(box.y), pt(1.6), pt(box.h), stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0)
        else:
            c.setFillColorRGB(*text_colour_on(band))
        box = box.inset(2.5, 0)
    else:
        c.setFillColorRGB(0, 0, 0)
    line(c, text, box, max_size=box.h * 2.83 * 0.7)
    c.setFillColorRGB(0, 0, 0)


def _section_lines(sections: Sequence[Section], width: float, size: float) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for section in sections:
        out.append(("head", section.heading))
        for entry in section.lines:
            bullet = entry.startswith("- ")
            body = entry[2:] if bullet else entry
            wrapped = simpleSplit(body, REGULAR, size, pt(width - (3 if bullet else 0))) or [""]
            for index, part in enumerate(wrapped):
                kind = ("bullet" if index == 0 else "indent") if bullet else "text"
                out.append((kind, part))
        out.append(("gap", ""))
    return out


def draw_sections(
    c: Canvas,
    sections: Sequence[Section],
    box: Rect,
    *,
    columns: int = 2,
    max_size: float = 9,
    min_size: float = MIN_TYPE,
    gutter: float = 6,
) -> float:
    """Reference text in columns, shrunk until it fits `box` (not under MIN_TYPE); returns the
    size used."""
    min_size = max(min_size, MIN_TYPE)
    col_w = (box.w - gutter * (columns - 1)) / columns
    size = max_size
    while True:
        lines = _section_lines(sections, col_w, size)
        heights = [_line_height(kind, size) for kind, _ in lines]
        if _fits(heights, box.h, columns) or size <= min_size:
            break
        size -= 0.25
    col, y = 0, box.top
    for (kind, text), height in zip(lines, heights, strict=True):
        if y - height < box.y - 0.01:
            col += 1
            y = box.top
            if col >= columns:
                break
            if kind == "gap":
                continue
        x = box.x + col * (col_w + gutter)
        baseline = pt(y) - height * 2.83465 * 0.78
        if kind == "head":
            c.setFont(BOLD, size * 1.15)
            c.drawString(pt(x), baseline, text)
        elif kind == "bullet":
            c.setFont(REGULAR, size)
            c.drawString(pt(x), baseline, "-")
            c.drawString(pt(x + 3), baseline, text)
        elif kind == "indent":
            c.setFont(REGULAR, size)
            c.drawString(pt(x + 3), baseline, text)
        elif kind == "text":
            c.setFont(REGULAR, size)
            c.drawString(pt(x), baseline, text)
        y -= height
    return size


def _line_height(kind: str, size: float) -> float:
    """Height in mm of one line of a kind."""
    factor = {"head": 1.15 * LEADING + 0.3, "gap": 0.5}.get(kind, LEADING)
    return size * factor / 2.83465


def _fits(heights: list[float], height: float, columns: int) -> bool:
    col, y = 1, 0.0
    for h in heights:
        if y + h > height + 0.01:
            col += 1
            y = 0.0
            if col > columns:
                return False
        y += h
    return True


def draw_table(
    c: Canvas,
    box: Rect,
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    widths: Sequence[float],
    *,
    row_height: float = 8,
    size: float = 9,
    header_colour: Colour = (0.2, 0.2, 0.2),
    look: Look = Look(),
) -> float:
    """A ruled table from the top of `box`; `widths` are fractions of the width; the header on
    a band of `header_colour` (a light tint of it, printer-friendly). Returns the y (mm) below
    the table."""
    total = sum(widths)
    xs = [box.x]
    for w in widths:
        xs.append(xs[-1] + box.w * w / total)
    y = box.top
    band = look.band(header_colour)
    c.saveState()
    c.setLineWidth(0.4)
    for index, cells in enumerate([header, *rows]):
        top = y
        y -= row_height
        if index == 0:
            c.setFillColorRGB(*band)
            c.rect(pt(box.x), pt(y), pt(box.w), pt(row_height), stroke=0, fill=1)
            c.setFillColorRGB(*(text_colour_on(band) if look.full else (0, 0, 0)))
        else:
            c.setFillColorRGB(0, 0, 0)
        for col, text in enumerate(cells):
            cell = Rect(xs[col] + 1.2, y + 1, xs[col + 1] - xs[col] - 2.4, row_height - 2)
            line(c, str(text), cell, font=BOLD if index == 0 else REGULAR, max_size=size)
        c.setStrokeColorRGB(0, 0, 0)
        c.rect(pt(box.x), pt(y), pt(box.w), pt(top - y), stroke=1, fill=0)
        for x in xs[1:-1]:
            c.line(pt(x), pt(y), pt(x), pt(top))
    c.restoreState()
    return y
