"""A card layout as data: named boxes placed on the card, each a drawing verb with its style.

The verbs (`Box.kind`): `text` (wrapped, rich, shrunk to fit), `line` (one line shrunk to the
box's width), `stats` (labelled stat lines), `image` (a picture, whole or covering the box),
`icons` (a row of icons named in a cell), `qr` (a QR code as big as the box allows) and `rect`
(a coloured or outlined shape). Every box may have a fill and an outline under what it draws.

Geometry is resolved by the caller (toolkit/cards/layout.py reads TOML or YAML files): a box's
x, y, w, h are millimetres from the card's top-left corner, y downwards, as designers measure
(`Box.rect` turns them into the engine's bottom-left rectangles). The content each box shows is
found by the caller too: here a box gets a text, a picture path, stat pairs or a code.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from reportlab.pdfgen.canvas import Canvas

from toolkit.pdf.geometry import Colour, Rect, pt
from toolkit.pdf.text import LEADING

if TYPE_CHECKING:
    from toolkit.pdf.fonts import FontFamily
    from toolkit.pdf.icons import IconSet

Kind = Literal["text", "line", "stats", "image", "icons", "qr", "rect"]
KINDS: tuple[Kind, ...] = ("text", "line", "stats", "image", "icons", "qr", "rect")
Align = Literal["left", "centre", "right"]
VAlign = Literal["top", "middle", "bottom"]
FACES = ("regular", "bold", "italic", "bold-italic")
ICON_NAMES = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")


@dataclass(frozen=True)
class Style:
    font: str = "regular"  # one of FACES of the box's family
    family: str | None = None  # a family of the layout's (Layout.families); None: the deck's
    size: float = 10.0  # pt, the largest; text shrinks from it
    leading: float = LEADING  # a line's height, times the size it is set at
    min_size: float = 5.0  # pt, the smallest before text is cut (and a warning)
    colour: Colour = (0.0, 0.0, 0.0)
    fill: Colour | None = None
    stroke: Colour | None = None
    stroke_width: float = 0.6  # pt
    radius: float = 0.0  # mm, rounded corners of the fill and outline
    padding: float = 0.0  # mm between the outline and what the box draws
    align: Align = "left"
    valign: VAlign = "top"
    cover: bool = False  # an image fills the box, cropped (else whole, centred)


@dataclass(frozen=True)
class Case:
    """One `when` of a box: where `test` holds for a card's cells, the box is `box` (the layout's
    box with this case's fields over it). `where` names the condition for messages (the layout
    file, its line and field)."""

    condition: str
    test: Callable[[Mapping[str, str]], bool] = field(compare=False, repr=False)
    box: Box
    where: str = ""


@dataclass(frozen=True)
class Box:
    """One named box; `bleed` boxes cover the card's whole bleed (a background)."""

    name: str
    kind: Kind
    x: float
    y: float
    w: float
    h: float
    style: Style = field(default_factory=Style)
    bleed: bool = False
    source: tuple[str, str] = ("part", "")
    """What the box shows: ("part", "title" | "text" | "image" | "qr" | "stats" | "back"),
    ("column", a column's name), ("template", jinja2 source: rendered per card by the caller),
    ("text", a fixed text), ("file", a picture file's path) or ("none", "") for a plain shape."""
    show: bool = True  # False: the box is not drawn (unless a case shows it)
    when: tuple[Case, ...] = ()  # cases, in order: each that holds puts its fields over the box
    auto: bool = False  # the verb came from the name, not `draw`: a column of pictures draws them
    rotate: int = 0  # degrees anticlockwise (0, 90, 180, 270), about the box's middle

    def chosen(self, cells: Mapping[str, str]) -> Box:
        """The box for a card with these cells: every case that holds, in order, over the box.
        A case's test raises a ValueError for a condition the cells cannot answer."""
        box = self
        for case in self.when:
            if case.test(cells):
                box = case.box if box is self else _over(box, self, case.box)
        return box

    def rect(self, trim: Rect, bleed: Rect) -> Rect:
        """Where the box lies on the page, from the card's trim rectangle (mm, bottom-left)."""
        if self.bleed:
            return bleed
        return Rect(trim.x + self.x, trim.top - self.y - self.h, self.w, self.h)


def _over(box: Box, base: Box, case: Box) -> Box:
    """`box` with what `case` changes from `base` (field by field, the style's too)."""
    changed = {
        f.name: getattr(case, f.name)
        for f in fields(Box)
        if f.name not in ("style", "when") and getattr(case, f.name) != getattr(base, f.name)
    }
    style = {
        f.name: getattr(case.style, f.name)
        for f in fields(Style)
        if getattr(case.style, f.name) != getattr(base.style, f.name)
    }
    return replace(box, **changed, style=replace(box.style, **style))


@dataclass(frozen=True)
class Layout:
    name: str
    boxes: tuple[Box, ...]
    source: Path | None = None  # the layout file, for messages
    families: tuple[tuple[str, FontFamily], ...] = ()  # the fonts boxes name (Style.family)
    notes: tuple[str, ...] = ()  # what reading the file found worth saying (Squib's keys)
    images: Path | None = None  # where the pictures the sheet names are looked for first

    def family(self, style: Style, default: FontFamily) -> FontFamily:
        """The font family a box's style sets its text in."""
        if style.family is None:
            return default
        return dict(self.families).get(style.family, default)


def _face(fonts: FontFamily, name: str) -> str:
    return fonts.face(bold="bold" in name, italic="italic" in name)


def icon_names(value: str) -> list[str]:
    """The icons a cell of an `icons` box names: `fire fire star`, `fire, star`, `:fire::star:`."""
    return ICON_NAMES.findall(value)


@contextmanager
def turned(c: Canvas, area: Rect, degrees: int) -> Iterator[Rect]:
    """Draw turned `degrees` anticlockwise about `area`'s middle; yields the rectangle to draw
    in, upright (for 90 and 270 its width is the area's height)."""
    if not degrees % 360:
        yield area
        return
    cx, cy = area.centre
    w, h = (area.h, area.w) if degrees % 180 else (area.w, area.h)
    c.saveState()
    c.translate(pt(cx), pt(cy))
    c.rotate(degrees)
    c.translate(-pt(cx), -pt(cy))
    try:
        yield Rect(cx - w / 2, cy - h / 2, w, h)
    finally:
        c.restoreState()


def draw_frame(c: Canvas, area: Rect, style: Style) -> None:
    """The box's fill and outline, if it has them."""
    if style.fill is None and style.stroke is None:
        return
    c.saveState()
    if style.fill is not None:
        c.setFillColorRGB(*style.fill)
    if style.stroke is not None:
        c.setStrokeColorRGB(*style.stroke)
        c.setLineWidth(style.stroke_width)
    stroke, fill = int(style.stroke is not None), int(style.fill is not None)
    if style.radius > 0:
        c.roundRect(pt(area.x), pt(area.y), pt(area.w), pt(area.h), pt(style.radius), stroke, fill)
    else:
        c.rect(pt(area.x), pt(area.y), pt(area.w), pt(area.h), stroke=stroke, fill=fill)
    c.restoreState()


def draw_text(
    c: Canvas,
    text: str,
    area: Rect,
    style: Style,
    *,
    fonts: FontFamily,
    icons: IconSet,
    wrap: bool = True,
) -> bool:
    """Rich text (`**bold**`, `*italic*`, `:icon:`) shrunk into `area`; False if it was cut."""
    from toolkit.pdf.icons import draw_icon_text, fit_icon_text

    if not text.strip():
        return True
    face = _face(fonts, style.font)
    family = fonts.styled(face)
    max_size = style.size if wrap else min(style.size, pt(area.h) / style.leading)
    fitted = fit_icon_text(
        text,
        area,
        icons,
        fonts=family,
        max_size=max_size,
        min_size=style.min_size,
        wrap=wrap,
        leading=style.leading,
    )
    c.setFillColorRGB(*style.colour)
    draw_icon_text(c, fitted, area, fonts=family, align=style.align, valign=style.valign)
    return not fitted.cut


STAT_LEADING = 1.6  # a stat line's height, times its size


def draw_stats(
    c: Canvas,
    stats: Sequence[tuple[str, str]],
    top: float,
    area: Rect,
    *,
    fonts: FontFamily,
    size: float,
    line_height: float | None = None,
    label_colour: Colour = (0.35, 0.35, 0.35),
    colour: Colour = (0.0, 0.0, 0.0),
) -> None:
    """`Label  value` lines from `top` (mm) down, each shrunk to the area's width: one text
    object, the labels first and then the values (a font and colour change costs more than a
    move). `line_height` mm (default: the size times STAT_LEADING)."""
    from toolkit.pdf.icons import runs_width, text_runs_out

    step = line_height if line_height is not None else size * STAT_LEADING / pt(1)
    lines = []
    for index, (label, value) in enumerate(stats):
        label_text = f"{label[:1].upper()}{label[1:]}  " if label else ""
        label_width = runs_width(label_text, fonts.bold)
        line_size = size
        width = (label_width + runs_width(value, fonts.regular)) * size
        if width > pt(area.w):
            line_size = max(4.0, size * pt(area.w) / width)
        y = pt(top - (index + 1) * step) + (pt(step) - line_size * 0.72) / 2
        lines.append((label_text, value, line_size, y, pt(area.x) + label_width * line_size))
    text = c.beginText()
    text.setFillColorRGB(*label_colour)
    for label_text, _, line_size, y, _ in lines:
        text.setTextOrigin(pt(area.x), y)
        text_runs_out(text, label_text, fonts.bold, line_size)
    text.setFillColorRGB(*colour)
    for _, value, line_size, y, x in lines:
        text.setTextOrigin(x, y)
        text_runs_out(text, value, fonts.regular, line_size)
    c.drawText(text)


def draw_icon_row(
    c: Canvas, names: Sequence[str], area: Rect, style: Style, icons: IconSet
) -> None:
    """The icons side by side, as high as the box (or `style.size` pt if smaller), 10% apart,
    shrunk to fit the width."""
    found = [icon for icon in (icons.get(name) for name in names) if icon is not None]
    if not found:
        return
    height = min(pt(area.h), style.size if style.size > 0 else pt(area.h))
    gap = 0.1
    width = sum(icon.aspect for icon in found) + gap * (len(found) - 1)
    height = min(height, pt(area.w) / width)
    total = width * height
    x = pt(area.x)
    if style.align == "centre":
        x += (pt(area.w) - total) / 2
    elif style.align == "right":
        x += pt(area.w) - total
    y = pt(area.top) - height
    if style.valign == "middle":
        y = pt(area.y) + (pt(area.h) - height) / 2
    elif style.valign == "bottom":
        y = pt(area.y)
    for icon in found:
        x += icon.draw(c, x, y, height) + gap * height
