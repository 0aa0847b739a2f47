"""Drawing pieces the kits share: filled and outlined boxes, a card face's frame, square
grids with coordinates, square patterns, drawing turned for the player across the
table. All sizes in mm; colours are (r, g, b) in 0..1; type in the kit fonts (`style`), in the
ink a `Look` asks for."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from toolkit.pdf.cards import CardBox
from toolkit.pdf.geometry import MM, WHITE, Colour, Rect, pt, text_colour_on
from toolkit.pdf.style import BOLD, MIN_TYPE, REGULAR, Look, deep

COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def fill_rect(c: Canvas, rect: Rect, colour: Colour, radius: float = 0) -> None:
    """`rect` filled with `colour`, no outline; rounded corners when `radius` is given."""
    c.setFillColorRGB(*colour)
    if radius:
        c.roundRect(pt(rect.x), pt(rect.y), pt(rect.w), pt(rect.h), pt(radius), stroke=0, fill=1)
    else:
        c.rect(pt(rect.x), pt(rect.y), pt(rect.w), pt(rect.h), stroke=0, fill=1)


def outline_rect(
    c: Canvas,
    rect: Rect,
    colour: Colour,
    width: float = 0.5,
    dash: tuple[float, float] | None = None,
    radius: float = 0.0,
) -> None:
    """`rect`'s outline in `colour`, `width` points wide, dashed (on, off) when given, rounded
    corners when `radius` is given; the canvas's stroke settings are left as they were."""
    c.saveState()
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(width)
    if dash:
        c.setDash(*dash)
    if radius:
        c.roundRect(pt(rect.x), pt(rect.y), pt(rect.w), pt(rect.h), pt(radius), stroke=1, fill=0)
    else:
        c.rect(pt(rect.x), pt(rect.y), pt(rect.w), pt(rect.h), stroke=1, fill=0)
    c.restoreState()


@contextmanager
def upside_down(c: Canvas, rect: Rect, turn: bool = True) -> Iterator[None]:
    """Draw inside `rect` turned 180 degrees (for the player across the table); as it is when
    `turn` is false."""
    c.saveState()
    if turn:
        cx, cy = rect.centre
        c.translate(pt(cx), pt(cy))
        c.rotate(180)
        c.translate(-pt(cx), -pt(cy))
    try:
        yield
    finally:
        c.restoreState()


def draw_card_frame(c: Canvas, box: CardBox, colour: Colour, look: Look = Look()) -> Rect:
    """A card face's frame: `colour` (or, printer-friendly, a pale tint of it) to the edge of
    the bleed, a white panel 2.6 mm inside the trim; returns the panel."""
    fill_rect(c, box.bleed, look.ground(colour))
    panel = box.trim.inset(2.6)
    fill_rect(c, panel, WHITE, radius=2.0)
    if not look.full:
        outline_rect(c, panel, deep(colour), 0.8, radius=2.0)
    return panel


def square_name(c: Canvas, x: float, y: float, name: str, fill: Colour) -> Rect:
    """A square's coordinate in small type (MIN_TYPE) at its lower left corner, readable on
    `fill`; returns the box the words take."""
    c.setFillColorRGB(*text_colour_on(fill))
    c.setFont(REGULAR, MIN_TYPE)
    c.drawString(pt(x + 0.8), pt(y + 0.9), name)
    size = MIN_TYPE / MM
    return Rect(x + 0.8, y + 0.9 - size * 0.25, stringWidth(name, REGULAR, MIN_TYPE) / MM, size)


def draw_grid(
    c: Canvas, columns: int, rows: int, square: float, band: float, grey: float
) -> list[Rect]:
    """Grid lines over `columns` x `rows` squares inside a `band` mm coordinate band, then the
    column letters (A, B, ...) below and above and the row numbers (1, 2, ...) left and right;
    returns the boxes of the letters and numbers."""
    width = columns * square + 2 * band
    height = rows * square + 2 * band
    c.setStrokeColorRGB(grey, grey, grey)
    c.setLineWidth(0.4)
    for col in range(columns + 1):
        x = pt(band + col * square)
        c.line(x, pt(band), x, pt(height - band))
    for row in range(rows + 1):
        y = pt(band + row * square)
        c.line(pt(band), y, pt(width - band), y)
    c.setFillColorRGB(0, 0, 0)
    size = 12.0
    c.setFont(BOLD, size)
    boxes: list[Rect] = []

    def label(x: float, y: float, words: str) -> None:
        """`words` centred on x (mm) with its baseline at y (mm)."""
        c.drawCentredString(pt(x), pt(y), words)
        wide = stringWidth(words, BOLD, size) / MM
        boxes.append(Rect(x - wide / 2, y - 0.25 * size / MM, wide, size / MM))

    for col in range(columns):
        x = band + (col + 0.5) * square
        label(x, 2.5, COLUMNS[col])
        label(x, height - band + 2.5, COLUMNS[col])
    for row in range(rows):
        y = band + (row + 0.5) * square - 4 / MM
        label(band / 2, y, str(row + 1))
        label(width - band / 2, y, str(row + 1))
    return boxes


def draw_bricks(c: Canvas, r: Rect, rows: int = 4) -> None:
    """A brick pattern over `r`: `rows` courses, three bricks a course, every other one offset."""
    for i in range(rows + 1):
        y = r.y + r.h * i / rows
        c.line(pt(r.x), pt(y), pt(r.right), pt(y))
    for i in range(rows):
        y0, y1 = r.y + r.h * i / rows, r.y + r.h * (i + 1) / rows
        for j in range(3):
            x = r.x + r.w * (j + (0.5 if i % 2 else 0)) / 3
            if r.x < x < r.right:
                c.line(pt(x), pt(y0), pt(x), pt(y1))


def draw_waves(c: Canvas, r: Rect, k: float, count: int) -> None:
    """`count` wavy lines evenly spaced up `r`; `k` scales the wave (1 on a 25 mm square)."""
    cx = r.x + r.w / 2
    for i in range(count):
        y = r.y + r.h * (i + 1) / (count + 1)
        c.bezier(
            pt(r.x + 2 * k),
            pt(y),
            pt(cx - 3 * k),
            pt(y + 3 * k),
            pt(cx + 3 * k),
            pt(y - 3 * k),
            pt(r.right - 2 * k),
            pt(y),
        )
