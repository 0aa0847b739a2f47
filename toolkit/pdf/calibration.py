"""A duplex calibration sheet: how far a printer puts the back of a page from where it belongs.

A printer's duplex error is a shift of the second side on the paper, the same for every sheet: so
it is measured once, in the paper's axes (+X right, +Y up, on the back of a portrait sheet as you
look at it), and `cards.page_shift` turns that one offset into the right translation for a back
page of either orientation. Two sheets, both read in the paper's axes: a portrait one, and a
landscape one (which a print dialog turns a quarter turn onto the paper, as it turns landscape
card sheets): printed with the same offset, both read the same numbers, so one calibration
serves every sheet of every kit.

The front carries two reference lines, one across the paper's X axis and one across its Y axis.
The back carries a millimetre scale behind each, drawn where a perfect printer puts it: at the
mirror image of its line (`cards.mirrored`, the rule the card backs follow), shifted by the back
offset the sheet was printed with. Held against a window, the front's line shows through the
paper and falls on the scale at the value to add to that offset: a printer that shifts the back
by d puts the tick labelled k at mirror + offset + d + k (along the paper's axis), and the front's
line sits at the mirror, so on k = -(offset + d); the offset that cancels d is -d = offset + k.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from reportlab.pdfgen.canvas import Canvas

from toolkit.pdf.cards import Duplex, mirrored, page_shift
from toolkit.pdf.document import Document
from toolkit.pdf.geometry import Rect, pt
from toolkit.pdf.text import draw_line_fit, draw_text_box

Orientation = Literal["landscape", "portrait"]
SCALE_RANGE = 10  # mm either side of zero
LINE_LENGTH = 50.0  # mm, the front's reference lines
REFERENCE = (0.8, 0.0, 0.0)
Vector = tuple[float, float]


@dataclass(frozen=True)
class CalibrationMarks:
    """Where things sit (mm, page coordinates of their own page). A line or tick is a Rect of
    zero width (upright) or zero height (level); `x_step` and `y_step` are the page's vectors
    of +1 mm along the paper's X and Y axes."""

    page: tuple[float, float]
    x_line: Rect  # on the front: the line across the paper's X axis
    y_line: Rect  # on the front: the line across the paper's Y axis
    x_zero: Rect  # on the back: the X scale's 0 tick as printed (offset included)
    y_zero: Rect  # on the back: the Y scale's 0 tick as printed (offset included)
    x_step: Vector
    y_step: Vector


def paper_axes(page: tuple[float, float]) -> tuple[Vector, Vector]:
    """+1 mm along the paper's X and Y axes, in a page's axes (`cards.page_shift`)."""
    return page_shift((1.0, 0.0), page), page_shift((0.0, 1.0), page)


def plan_calibration(
    paper: tuple[float, float],
    orientation: Orientation = "portrait",
    duplex: Duplex = "long",
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> CalibrationMarks:
    """The sheet for `orientation`, printed with `back_offset` (mm, the paper's axes)."""
    short, long = min(paper), max(paper)
    page = (long, short) if orientation == "landscape" else (short, long)
    width, height = page
    if orientation == "portrait":
        x_line = Rect(width * 0.40, height * 0.52, 0, LINE_LENGTH * 0.6)
        y_line = Rect(width * 0.62 - LINE_LENGTH / 2, height * 0.38, LINE_LENGTH, 0)
    else:  # the paper's X runs down the page, its Y across
        x_line = Rect(width * 0.40 - LINE_LENGTH * 0.3, height * 0.60, LINE_LENGTH * 0.6, 0)
        y_line = Rect(width * 0.66, height * 0.30, 0, LINE_LENGTH)
    dx, dy = page_shift(back_offset, page)
    x_step, y_step = paper_axes(page)
    return CalibrationMarks(
        page,
        x_line,
        y_line,
        mirrored(x_line, page, duplex).moved(dx, dy),
        mirrored(y_line, page, duplex).moved(dx, dy),
        x_step,
        y_step,
    )


def _label(c: Canvas, x: float, y: float, words: str) -> None:
    c.setFont("Helvetica", 7)
    c.drawCentredString(pt(x), pt(y - 0.9), words)


def _ticks(c: Canvas, zero: Rect, step: Vector) -> None:
    """A millimetre scale through the zero tick's segment, along `step` (a page vector of +1
    mm), labels every 5 mm at both ends of the ticks."""
    c.setStrokeColorRGB(0, 0, 0)
    start, end = (zero.x, zero.y), (zero.right, zero.top)
    along = (end[0] - start[0], end[1] - start[1])  # the tick's own direction, its full length
    length = max(abs(along[0]), abs(along[1]))
    unit = (along[0] / length, along[1] / length)
    for half in range(-2 * SCALE_RANGE, 2 * SCALE_RANGE + 1):
        k = half / 2
        major = half % 10 == 0
        share = 1.0 if major else 0.55 if half % 2 == 0 else 0.3
        c.setLineWidth(0.35 if major else 0.2)
        cx = (start[0] + end[0]) / 2 + k * step[0]
        cy = (start[1] + end[1]) / 2 + k * step[1]
        reach = length * share / 2
        c.line(
            pt(cx - unit[0] * reach),
            pt(cy - unit[1] * reach),
            pt(cx + unit[0] * reach),
            pt(cy + unit[1] * reach),
        )
        if major:
            words = f"{k:+g}" if k else "0"
            for sign in (-1, 1):
                _label(
                    c, cx + sign * unit[0] * (reach + 3), cy + sign * unit[1] * (reach + 3), words
                )


def draw_calibration(
    doc: Document,
    *,
    orientation: Orientation = "portrait",
    duplex: Duplex = "long",
    back_offset: tuple[float, float] = (0.0, 0.0),
    sheet: tuple[int, int] = (1, 1),
) -> CalibrationMarks:
    """One sheet, a front and its back (sheet `sheet[0]` of `sheet[1]`); returns where the
    marks sit."""
    marks = plan_calibration(doc.paper, orientation, duplex, back_offset)
    width, height = marks.page
    page = Rect(0, 0, width, height).inset(14)
    flip = "long" if duplex == "long" else "short"
    number, sheets = sheet
    name = f"sheet {number} of {sheets}, {orientation}" if sheets > 1 else orientation

    c = doc.begin_page(marks.page)
    c.setFillColorRGB(0, 0, 0)
    draw_line_fit(
        c, f"Duplex calibration ({name}): FRONT", Rect(page.x, page.top - 9, page.w, 9), max_size=18
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
    c.line(pt(x_line.x), pt(x_line.y), pt(x_line.right), pt(x_line.top))
    c.line(pt(y_line.x), pt(y_line.y), pt(y_line.right), pt(y_line.top))
    c.setFillColorRGB(*REFERENCE)
    c.setFont("Helvetica-Bold", 9)
    for line, letter in ((x_line, "X"), (y_line, "Y")):
        c.drawCentredString(pt(line.right + (3 if line.h == 0 else 0)), pt(line.top + 2), letter)
    doc.end_page()

    c = doc.begin_page(marks.page)
    c.setFillColorRGB(0, 0, 0)
    draw_line_fit(
        c, f"Duplex calibration ({name}): BACK", Rect(page.x, page.top - 9, page.w, 9), max_size=18
    )
    offset = f"{back_offset[0]:g},{back_offset[1]:g}"
    how = (
        "Hold the sheet against a window or a lamp with this side towards you. The red X line of "
        "the front shows through and crosses the X scale: read the number there (each small tick "
        "is 0.5 mm, labels every 5 mm). Do the same with the red Y line on the Y scale. A perfect "
        "printer puts both lines on 0."
    )
    if orientation == "portrait":
        use = (
            f"This sheet was printed with the back offset {offset}. Your offset is that plus what "
            "you read: X reads +1.5 and Y reads -0.5 on a sheet printed with 0,0: make your kits "
            "and decks with --back-offset 1.5,-0.5 (domekit kit, domekit cards). It is measured on "
            "the paper, so it serves portrait and landscape sheets alike."
        )
    else:
        use = (
            f"This landscape sheet checks the turn. Printed with the back offset {offset}, as the "
            "portrait sheet, its lines read the same two numbers as there (0 and 0 once the "
            "offset is right): a print dialog turns a landscape page a quarter turn "
            "counter-clockwise onto the paper, and Domekit turns the offset with it."
        )
    draw_text_box(c, f"{how}\n{use}", Rect(page.x, page.y, page.w, 40), max_size=10)
    c.saveState()
    # the scales are drawn at their true place; the offset shifts the whole back like card backs
    dx, dy = page_shift(back_offset, marks.page)
    c.translate(pt(dx), pt(dy))
    for zero, step, letter in (
        (marks.x_zero, marks.x_step, "X"),
        (marks.y_zero, marks.y_step, "Y"),
    ):
        true = zero.moved(-dx, -dy)
        _ticks(c, true, step)
        c.setFont("Helvetica-Bold", 9)
        beyond = SCALE_RANGE + 4
        cx, cy = true.x + true.w / 2, true.y + true.h / 2
        c.drawCentredString(pt(cx - step[0] * beyond), pt(cy - step[1] * beyond - 1.2), letter)
    c.restoreState()
    doc.end_page()
    return marks
