"""Drawing pieces the kits share: filled and outlined boxes, card face and back frames, square
grids with coordinates, square patterns, card titles, drawing turned for the player across the
table. All sizes in mm; colours are (r, g, b) in 0..1; type in the kit fonts (`style`), in the
ink a `Look` asks for."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from toolkit.pdf.cards import CardBox
from toolkit.pdf.fonts import ensure
from toolkit.pdf.geometry import MM, WHITE, Colour, Rect, pt, text_colour_on
from toolkit.pdf.style import BOLD, ITALIC, MIN_TYPE, REGULAR, Look, deep, line, text
from toolkit.pdf.text import LEADING, fit_lines

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


def draw_back_frame(
    c: Canvas, box: CardBox, colour: Colour, *, inset: float = 5, width: float = 1.2,
    radius: float = 3, look: Look = Look(),
) -> Rect:  # fmt: skip
    """A card back's frame: `colour` (or a pale tint of it) to the edge of the bleed and a
    rounded line `inset` mm inside the trim, in the ink that reads on it (left as the fill and
    stroke colour, for the titles); returns the rectangle inside the line."""
    ground = look.ground(colour)
    fill_rect(c, box.bleed, ground)
    inner = box.trim.inset(inset)
    ink = look.ink_on(colour, ground)
    c.setStrokeColorRGB(*ink)
    c.setLineWidth(width)
    c.roundRect(pt(inner.x), pt(inner.y), pt(inner.w), pt(inner.h), pt(radius), stroke=1, fill=0)
    c.setFillColorRGB(*ink)
    return inner


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


def draw_back_titles(
    c: Canvas,
    inner: Rect,
    title: tuple[str, float, float, float],
    subtitle: tuple[str, float, float, float],
) -> None:
    """A card back's two centred lines across `inner` (3 mm in from each side), each given as
    (text, bottom y, height, largest font size): the title bold, the subtitle regular."""
    text, y, h, size = title
    line(c, text, Rect(inner.x + 3, y, inner.w - 6, h), align="centre", max_size=size)
    text, y, h, size = subtitle
    line(c, text, Rect(inner.x + 3, y, inner.w - 6, h), font=REGULAR, align="centre", max_size=size)


def draw_card_title(
    c: Canvas,
    safe: Rect,
    name: str,
    kind: str,
    colour: Colour,
    *,
    name_size: float = 12,
    kind_height: float = 4.5,
    kind_size: float = 7.5,
) -> Rect:
    """A card's name in black across the top 7 mm of its safe area, then its kind in `colour`
    (darkened if too pale to read) on the next `kind_height` mm; returns the rest below them."""
    name_box, rest = safe.split_top(7)
    c.setFillColorRGB(0, 0, 0)
    line(c, name, name_box, max_size=name_size)
    kind_box, rest = rest.split_top(kind_height)
    c.setFillColorRGB(*deep(colour))
    line(c, kind, kind_box, font=REGULAR, max_size=kind_size)
    return rest


FLAVOUR_SIZE = 7.5  # pt: a card's flavour line, in italics


def _wrapped_height(words: str, width: float, font: str, size: float) -> float:
    """How tall (mm) `words` set at `size` in `font` wrap to in `width` mm."""
    ensure(font)
    _, lines = fit_lines(words, Rect(0, 0, width, 1e4), font=font, max_size=size, min_size=size)
    return len(lines) * size * LEADING / MM if words else 0.0


def rules_and_flavour_height(rules: str, flavour: str, width: float) -> float:
    """The least height (mm) `draw_rules_and_flavour` needs in `width` mm: both at MIN_TYPE."""
    gap = 1.0 if flavour else 0.0
    return (
        _wrapped_height(rules, width, REGULAR, MIN_TYPE)
        + gap
        + _wrapped_height(flavour, width, ITALIC, MIN_TYPE)
    )


def draw_rules_and_flavour(
    c: Canvas, rules: str, flavour: str, box: Rect, flavour_colour: Colour, max_size: float = 8
) -> None:
    """A card's rules text (made from its effect words) at the top of `box`, and below it, in
    italics and apart, its flavour (no rules): the flavour takes the lines it needs, the rules
    the rest, each as large as fits, never under MIN_TYPE."""
    below = 0.0
    if flavour:
        rules_need = _wrapped_height(rules, box.w, REGULAR, MIN_TYPE)
        size = next(
            (
                step
                for step in (FLAVOUR_SIZE, MIN_TYPE)
                if _wrapped_height(flavour, box.w, ITALIC, step) + 1.0 + rules_need <= box.h
            ),
            MIN_TYPE,
        )
        below = _wrapped_height(flavour, box.w, ITALIC, size) + 1.0
        c.setFillColorRGB(*flavour_colour)
        text(c, flavour, Rect(box.x, box.y, box.w, below - 1.0), font=ITALIC, max_size=size,
             valign="bottom")  # fmt: skip
    c.setFillColorRGB(0, 0, 0)
    text(c, rules, Rect(box.x, box.y + below, box.w, box.h - below), max_size=max_size)
