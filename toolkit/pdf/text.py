"""Text that fits its box: wrapped, then shrunk until it fits (down to a minimum size); and the
rich text of a spreadsheet cell (`**bold**`, `*italic*`), parsed into styled spans that
`icons.fit_icon_text` lays out with a font family's faces."""

from __future__ import annotations

import re
from typing import NamedTuple

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from toolkit.pdf.geometry import MM, Rect, pt

LEADING = 1.18  # a line's height, times the type's size (a layout box may set its own)


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
    fitting = max(1, int((height_pt + 0.01) // (size * LEADING)))  # as tolerant as the test above
    if len(lines) > fitting:
        lines = lines[:fitting]
        lines[-1] = _cut(lines[-1], font, size, width_pt)
    return size, lines


def _cut(text: str, font: str, size: float, width_pt: float) -> str:
    """`text` shortened until it and "..." after it fit `width_pt`, and the "..."."""
    while text and stringWidth(text + "...", font, size) > width_pt:
        text = text[:-1]
    return text.rstrip() + "..."


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
    """One line of text, shrunk to fit the box's width and height, vertically centred; at
    `min_size` a line still too wide is cut with "..."."""
    size = min(max_size, box.h * MM / 1.0)
    width = stringWidth(text, font, size)
    if width > pt(box.w):
        size = max(min_size, size * pt(box.w) / width)
        if stringWidth(text, font, size) > pt(box.w) + 0.01:
            text = _cut(text, font, size, pt(box.w))
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


# ---------------------------------------------------------------------------------------------
# Rich text in a cell: **bold**, *italic*, ***both***; `\*` is a plain asterisk


class Span(NamedTuple):
    text: str
    bold: bool = False
    italic: bool = False


_MARKER = re.compile(r"\\\*|\*{1,3}")


def parse_markup(text: str) -> list[Span]:
    """`text` as runs of one style each. A marker opens a style and the next equal marker closes
    it; a marker left open at the end (`5 * 3`, `*note`) prints as the asterisks it is."""
    markers = [(m.start(), m.end(), m.group()) for m in _MARKER.finditer(text)]
    if not markers:
        return [Span(text)] if text else []
    paired = _paired_markers(markers)
    spans: list[Span] = []
    bold = italic = False
    pos = 0
    chunk = ""
    for start, end, marker in markers:
        chunk += text[pos:start]
        pos = end
        if marker == "\\*":
            chunk += "*"
            continue
        if start not in paired:
            chunk += marker
            continue
        if chunk:
            spans.append(Span(chunk, bold, italic))
            chunk = ""
        if len(marker) >= 2:
            bold = not bold
        if len(marker) != 2:
            italic = not italic
    chunk += text[pos:]
    if chunk:
        spans.append(Span(chunk, bold, italic))
    return spans


def _paired_markers(markers: list[tuple[int, int, str]]) -> set[int]:
    """Start positions of the markers that open or close a style (each has its partner)."""
    paired: set[int] = set()
    open_at: dict[str, int] = {}
    for start, _, marker in markers:
        if marker == "\\*":
            continue
        if marker in open_at:
            paired.update((open_at.pop(marker), start))
        else:
            open_at[marker] = start
    return paired


def plain_text(text: str) -> str:
    """What a cell prints, markup markers removed (for glyph checks and file names)."""
    return "".join(span.text for span in parse_markup(text))
