"""A duplex calibration sheet: how far a printer puts the back of a page from where it belongs.

The front carries two reference lines, one upright (for X) and one level (for Y). The back
carries a millimetre scale behind each, drawn where a perfect printer puts it: at the mirror image
of its line (`cards.mirrored`, the same rule the card backs follow), shifted by the back offset
the sheet was printed with. Held against a window, the front's line shows through the paper and
falls on the scale at the value to add to that offset: a printer that shifts the back by d puts
the tick labelled k at mirror + offset + d + k, and the front's line sits at the mirror, so on
k = -(offset + d); the offset that cancels d is -d = offset + k. `--back-offset` translates every
back page by X,Y, so that is the value to pass.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from reportlab.pdfgen.canvas import Canvas

from toolkit.pdf.cards import Duplex, mirrored
from toolkit.pdf.document import Document
from toolkit.pdf.geometry import Rect, pt
from toolkit.pdf.text import draw_line_fit, draw_text_box

Orientation = Literal["landscape", "portrait"]
SCALE_RANGE = 10  # mm either side of zero
LINE_LENGTH = 50.0  # mm, the front's reference lines
REFERENCE = (0.8, 0.0, 0.0)


@dataclass(frozen=True)
class CalibrationMarks:
    """Where things sit (mm, page coordinates of their own page)."""

    page: tuple[float, float]
    x_line: Rect  # on the front: an upright line (w = 0)
    y_line: Rect  # on the front: a level line (h = 0)
    x_zero: Rect  # on the back: the X scale's 0 tick as printed (offset included)
    y_zero: Rect  # on the back: the Y scale's 0 tick as printed (offset included)


def plan_calibration(
    paper: tuple[float, float],
    orientation: Orientation = "landscape",
    duplex: Duplex = "long",
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> CalibrationMarks:
    short, long = min(paper), max(paper)
    page = (long, short) if orientation == "landscape" else (short, long)
    width, height = page
    x_line = Rect(width * 0.40, height * 0.52, 0, LINE_LENGTH * 0.6)
    y_line = Rect(width * 0.62 - LINE_LENGTH / 2, height * 0.38, LINE_LENGTH, 0)
    dx, dy = back_offset
    return CalibrationMarks(
        page,
        x_line,
        y_line,
        mirrored(x_line, page, duplex).moved(dx, dy),
        mirrored(y_line, page, duplex).moved(dx, dy),
    )


def _ticks(c: Canvas, zero: Rect, axis: str) -> None:
    """A millimetre scale along `axis` through the zero tick's rectangle, labels every 5 mm."""
    c.setStrokeColorRGB(0, 0, 0)
    for half in range(-2 * SCALE_RANGE, 2 * SCALE_RANGE + 1):
        k = half / 2
        major = half % 10 == 0
        length = 1.0 if major else 0.55 if half % 2 == 0 else 0.3
        c.setLineWidth(0.35 if major else 0.2)
        if axis == "x":
            x = zero.x + k
            top = zero.top
            c.line(
                pt(x),
                pt(zero.y + zero.h * (1 - length) / 2),
                pt(x),
                pt(top - zero.h * (1 - length) / 2),
            )
            if major:
                c.setFont("Helvetica", 7)
                c.drawCentredString(pt(x), pt(zero.y - 4), f"{k:+g}" if k else "0")
                c.drawCentredString(pt(x), pt(zero.top + 1.5), f"{k:+g}" if k else "0")
        else:
            y = zero.y + k
            c.line(
                pt(zero.x + zero.w * (1 - length) / 2),
                pt(y),
                pt(zero.right - zero.w * (1 - length) / 2),
                pt(y),
            )
            if major:
                c.setFont("Helvetica", 7)
                c.drawRightString(pt(zero.x - 1.5), pt(y - 0.9), f"{k:+g}" if k else "0")
                c.drawString(pt(zero.right + 1.5), pt(y - 0.9), f"{k:+g}" if k else "0")


def draw_calibration(
    doc: Document,
    *,
    orientation: Orientation = "landscape",
    duplex: Duplex = "long",
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> CalibrationMarks:
    """Two pages, a front and its back; returns where the marks sit."""
    marks = plan_calibration(doc.paper, orientation, duplex, back_offset)
    width, height = marks.page
    page = Rect(0, 0, width, height).inset(14)
    flip = "long" if duplex == "long" else "short"

    c = doc.begin_page(marks.page)
    c.setFillColorRGB(0, 0, 0)
    draw_line_fit(
        c, "Duplex calibration: FRONT", Rect(page.x, page.top - 9, page.w, 9), max_size=18
    )
    draw_text_box(
        c,
        f"Print this page and the next on one sheet: duplex, flip on the {flip} edge, actual size "
        f"(100 %, no fit to page), from the same printer, paper and tray as your cards. The red "
        f"lines are the reference; the other side carries a millimetre scale behind each.",
        Rect(page.x, page.top - 26, page.w, 15),
        max_size=10,
    )
    c.setStrokeColorRGB(*REFERENCE)
    c.setLineWidth(1.0)
    x_line, y_line = marks.x_line, marks.y_line
    c.line(pt(x_line.x), pt(x_line.y), pt(x_line.x), pt(x_line.top))
    c.line(pt(y_line.x), pt(y_line.y), pt(y_line.right), pt(y_line.y))
    c.setFillColorRGB(*REFERENCE)
    c.setFont("Helvetica-Bold", 9)
    c.drawCentredString(pt(x_line.x), pt(x_line.top + 2), "X")
    c.drawRightString(pt(y_line.x - 2), pt(y_line.y - 1.2), "Y")
    doc.end_page()

    c = doc.begin_page(marks.page)
    c.setFillColorRGB(0, 0, 0)
    draw_line_fit(c, "Duplex calibration: BACK", Rect(page.x, page.top - 9, page.w, 9), max_size=18)
    offset = f"{back_offset[0]:g},{back_offset[1]:g}"
    draw_text_box(
        c,
        "Hold the sheet against a window or a lamp with this side towards you. The red X line of "
        "the front shows through and crosses the X scale: read the number at that point (each "
        "small tick is 0.5 mm, labels every 5 mm; left of 0 is minus). Do the same with the red "
        "Y line on the Y scale (below 0 is minus). A perfect printer puts both lines on 0.\n"
        f"This sheet was printed with --back-offset {offset}. Your offset is that plus what you "
        "read: e.g. X reads +1.5 and Y reads -0.5 on a sheet printed with 0,0: pass "
        "--back-offset 1.5,-0.5 to domekit cards and domekit kit. Print this sheet again with it: "
        f"both lines should then sit on 0. Measured on {orientation} pages: use it for card "
        f"sheets of the same orientation (domekit cards says which it prints).",
        Rect(page.x, page.y, page.w, 40),
        max_size=10,
    )
    c.saveState()
    # the scales are drawn at their true place; the offset shifts the whole back like card backs
    x_zero = marks.x_zero.moved(-back_offset[0], -back_offset[1])
    y_zero = marks.y_zero.moved(-back_offset[0], -back_offset[1])
    c.translate(pt(back_offset[0]), pt(back_offset[1]))
    _ticks(c, Rect(x_zero.x, x_zero.y, 0, x_zero.h), "x")
    _ticks(c, Rect(y_zero.x, y_zero.y, y_zero.w, 0), "y")
    c.setFont("Helvetica-Bold", 9)
    c.drawString(pt(x_zero.x - SCALE_RANGE - 6), pt(x_zero.y + x_zero.h / 2), "X")
    c.drawCentredString(pt(y_zero.x + y_zero.w / 2), pt(y_zero.y + SCALE_RANGE + 2), "Y")
    c.restoreState()
    doc.end_page()
    return marks
