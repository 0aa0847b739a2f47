"""Card sheets: N-up imposition with bleed, crop marks and duplex backs.

Geometry only: a card is a face drawer and the key of its back drawer; the game decides what they
draw. Each card's art fills its bleed rectangle (trim + bleed on every side); neighbouring cards'
bleeds touch, so one cut between two cards is never needed twice. Crop marks sit in the margin
outside the bleed, on the line of every cut. Backs go on the page after their fronts, each at the
mirror image of its front's position, so they line up when the sheet is printed duplex:

- long-edge flip: a portrait page mirrors left-right; a landscape page mirrors top-bottom
  (the printer turns a landscape page onto portrait paper, whose long edge is the page's width);
- short-edge flip: the other way round.

`back_offset` (mm) shifts every back page's print to correct a printer's duplex misregistration.
It is measured once (`calibration`) in the paper's axes, as the back of a portrait sheet is seen:
+x to the right, +y up. A portrait page is the paper; a print dialog turns a landscape page a
quarter turn counter-clockwise onto portrait paper (its top on the paper's left edge: IPP's
"landscape", the usual PPD `LandscapeOrientation: Plus90`), so the same shift on the paper is
another translation in that page's axes (`page_shift`): one offset serves every sheet.

Cards without bleed (a `CardSize` with bleed 0) butt against each other: one cut between two
cards serves both. Their "cuts" marks draw every cut line across the block as a thin line, and
a crop mark at both ends of every cut line, from the block's edge into the margin. `edge` keeps
marks that far from the paper's edge, where a home printer prints nothing; where that leaves a
mark too little room (Letter's 6.35 mm above and below three poker cards), the mark runs on
inwards along its cut line, so every cut line still gets a mark MARK_LENGTH long at each end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from reportlab.pdfgen.canvas import Canvas

from toolkit.errors import DomekitError
from toolkit.pdf.document import Document
from toolkit.pdf.geometry import Rect, pt, union

Duplex = Literal["long", "short"]
Marks = Literal["corners", "edges", "lines", "cuts", "none"]

CARD_SIZES: dict[str, tuple[float, float]] = {
    # poker: 63 x 88 mm, as MakePlayingCards and nanDECK make it (815 x 1110 px at 300 dpi with
    # 3 mm bleed); the inch size 2.5 x 3.5 in (63.5 x 88.9 mm) is `--size 2.5x3.5in`
    "poker": (63.0, 88.0),
    "bridge": (57.15, 88.9),
    "mini": (44.0, 63.5),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
}

MARK_GAP = 1.0  # between the bleed and a crop mark
MARK_LENGTH = 4.0
MIN_MARK = 1.0  # a crop mark with less room than this outside the bleed is left out
MARK_WIDTH = 0.25  # pt
MARK_COLOUR = (0.0, 0.0, 0.0)
MIN_MARGIN = 5.0  # paper edge to bleed: room for crop marks and the printer's unprintable edge


@dataclass(frozen=True)
class CardSize:
    width: float
    height: float
    bleed: float = 3.0
    safe: float = 4.0

    def __post_init__(self) -> None:
        if self.width <= 0 or self.height <= 0 or self.bleed < 0 or self.safe < 0:
            raise DomekitError("card width and height must be positive, bleed and safe 0 or more")
        if 2 * self.safe >= min(self.width, self.height):
            raise DomekitError("the safe zone leaves no room on the card")


@dataclass(frozen=True)
class CardBox:
    """Where one card sits on a page (mm): trim = the cut line; bleed = where art extends to;
    safe = where text stays."""

    trim: Rect
    bleed: Rect
    safe: Rect


@dataclass(frozen=True)
class Card:
    face: Callable[[Canvas, CardBox], None]
    back: str | None = None  # key into the backs given to draw_card_sheets


Drawer = Callable[[Canvas, CardBox], None]


@dataclass(frozen=True)
class Deck:
    """Cards of one size with one back: what a player sorts into a pile, and what a print
    service prints as one deck. Every card names the back by `key`; `name` names the deck's
    files ("Gunner weapons"); `size` is the card as print.toml gives it (its bleed and safe)."""

    key: str
    name: str
    cards: tuple[Card, ...]
    size: CardSize
    back: Drawer


def decks_of(
    cards: Sequence[Card], backs: dict[str, Drawer], names: dict[str, str], size: CardSize
) -> list[Deck]:
    """The decks `cards` form, one per back they name, in the order their first cards come."""
    keys = list(dict.fromkeys(card.back for card in cards if card.back is not None))
    for key in keys:
        if key not in backs:
            raise DomekitError(f"no card back named {key!r}")
    return [
        Deck(key, names.get(key, key), tuple(c for c in cards if c.back == key), size, backs[key])
        for key in keys
    ]


@dataclass(frozen=True)
class SheetLayout:
    page: tuple[float, float]  # (width, height) mm, as laid out (landscape when wider)
    columns: int
    rows: int
    slots: tuple[Rect, ...]  # trim rectangles, reading order (top row first, left to right)
    size: CardSize

    @property
    def landscape(self) -> bool:
        return self.page[0] > self.page[1]

    @property
    def per_page(self) -> int:
        return len(self.slots)

    def box(self, trim: Rect) -> CardBox:
        return CardBox(trim, trim.outset(self.size.bleed), trim.inset(self.size.safe))


def _layout(page: tuple[float, float], size: CardSize) -> SheetLayout | None:
    cell_w = size.width + 2 * size.bleed
    cell_h = size.height + 2 * size.bleed
    columns = int((page[0] - 2 * MIN_MARGIN) // cell_w)
    rows = int((page[1] - 2 * MIN_MARGIN) // cell_h)
    if columns < 1 or rows < 1:
        return None
    left = (page[0] - columns * cell_w) / 2 + size.bleed
    bottom = (page[1] - rows * cell_h) / 2 + size.bleed
    slots = tuple(
        Rect(left + col * cell_w, bottom + row * cell_h, size.width, size.height)
        for row in reversed(range(rows))
        for col in range(columns)
    )
    return SheetLayout(page, columns, rows, slots, size)


def plan_sheet(paper: tuple[float, float], size: CardSize) -> SheetLayout:
    """The layout holding the most cards per page, portrait or landscape (portrait on a tie)."""
    portrait = (min(paper), max(paper))
    candidates = [
        layout
        for layout in (_layout(portrait, size), _layout((portrait[1], portrait[0]), size))
        if layout is not None
    ]
    if not candidates:
        raise DomekitError(
            f"a {size.width:g} x {size.height:g} mm card with {size.bleed:g} mm bleed does not fit "
            f"on {portrait[0]:g} x {portrait[1]:g} mm paper"
        )
    return max(candidates, key=lambda layout: layout.per_page)


def mirrored(rect: Rect, page: tuple[float, float], duplex: Duplex = "long") -> Rect:
    """Where the back of a card at `rect` goes on the following page."""
    width, height = page
    landscape = width > height
    flip_x = (duplex == "long") != landscape
    if flip_x:
        return Rect(width - rect.right, rect.y, rect.w, rect.h)
    return Rect(rect.x, height - rect.top, rect.w, rect.h)


Segment = tuple[float, float, float, float]  # x0, y0, x1, y1 (mm)


def cut_lines(used: Sequence[Rect]) -> tuple[list[float], list[float]]:
    """The x of every upright cut line and the y of every level one through the cards `used`."""
    xs = sorted({round(v, 4) for r in used for v in (r.x, r.right)})
    ys = sorted({round(v, 4) for r in used for v in (r.y, r.top)})
    return xs, ys


def crop_marks(
    layout: SheetLayout, used: Sequence[Rect], marks: Marks, within: Rect
) -> list[Segment]:
    """The crop mark at each end of every cut line through the cards `used`, inside `within`
    (the page less the margin a printer cannot print). With bleed a mark starts MARK_GAP outside
    the bleed, and one with under MIN_MARK of room is left out; butted cards ("cuts") have no
    bleed to keep clear, so a mark starts on the block's edge and, where the margin is short,
    runs on inwards along its cut line: every mark is MARK_LENGTH long."""
    if marks == "none" or not used:
        return []
    butted = marks == "cuts"
    area = union(list(used)).outset(layout.size.bleed)
    xs, ys = cut_lines(used)
    gap = 0.0 if butted else MARK_GAP
    length = MARK_LENGTH if butted else min(MARK_LENGTH, MIN_MARGIN - MARK_GAP)
    space = {
        "top": within.top - area.top,
        "bottom": area.y - within.y,
        "left": area.x - within.x,
        "right": within.right - area.right,
    }
    segments: list[Segment] = []
    for side, room in space.items():
        outward = max(0.0, min(length, room - gap))
        inward = length - outward if butted else 0.0
        if not butted and outward < MIN_MARK:
            continue
        sign = 1 if side in ("top", "right") else -1
        rim = {"top": area.top, "bottom": area.y, "left": area.x, "right": area.right}[side]
        start, stop = rim - sign * inward, rim + sign * (gap + outward)
        if inward == 0:
            start = rim + sign * gap
        if side in ("top", "bottom"):
            segments += [(x, start, x, stop) for x in xs]
        else:
            segments += [(start, y, stop, y) for y in ys]
    return segments


def page_shift(offset: tuple[float, float], page: tuple[float, float]) -> tuple[float, float]:
    """The translation, in the axes of a page of size `page`, that moves its print by `offset`
    on the paper (mm, the paper's axes: +x right, +y up as the printed side is seen). A portrait
    page is the paper. A landscape page is turned a quarter turn counter-clockwise onto portrait
    paper, so its +y runs along the paper's -x and its +x along the paper's +y."""
    dx, dy = offset
    if page[0] > page[1]:
        return (dy, -dx)
    return (dx, dy)


def draw_crop_marks(
    c: Canvas,
    layout: SheetLayout,
    used: Sequence[Rect],
    marks: Marks,
    *,
    edge: float = 0.0,
    within: Rect | None = None,
) -> None:
    """Marks on the line of every cut (`crop_marks`), inside `within` (default: `edge` mm in
    from the page's edges); "cuts" also draws every card's outline (the cut lines across the
    block), "lines" dotted cut lines, "corners" each card's own."""
    if marks == "none" or not used:
        return
    bleed = layout.size.bleed
    area = union(list(used)).outset(bleed)
    xs, ys = cut_lines(used)
    c.saveState()
    if marks == "cuts":
        # every cut, solid: between butted cards a line to cut on
        c.setLineWidth(0.3)
        c.setStrokeColorRGB(0.45, 0.45, 0.45)
        for r in used:
            c.rect(pt(r.x), pt(r.y), pt(r.w), pt(r.h), stroke=1, fill=0)
    c.setStrokeColorRGB(*MARK_COLOUR)
    c.setLineWidth(MARK_WIDTH)
    if within is None:
        within = Rect(0, 0, *layout.page).inset(edge)
    for x0, y0, x1, y1 in crop_marks(layout, used, marks, within):
        c.line(pt(x0), pt(y0), pt(x1), pt(y1))
    if marks == "corners" and bleed > 0:
        _draw_corner_marks(c, used, bleed)
    if marks == "lines":
        c.setDash(1, 2)
        c.setLineWidth(0.15)
        c.setStrokeColorRGB(0.6, 0.6, 0.6)
        for x in xs:
            c.line(pt(x), pt(area.y), pt(x), pt(area.top))
        for y in ys:
            c.line(pt(area.x), pt(y), pt(area.right), pt(y))
    c.restoreState()


def _draw_corner_marks(c: Canvas, used: Sequence[Rect], bleed: float) -> None:
    """Each card's cut lines continued from its corners through its own bleed (which is cut away),
    white under black so they show on any art: for cutting card by card."""
    for colour, width in (((1, 1, 1), 0.75), ((0, 0, 0), 0.25)):
        c.setStrokeColorRGB(*colour)
        c.setLineWidth(width)
        for r in used:
            for x, y, sx, sy in (
                (r.x, r.y, -1, -1),
                (r.right, r.y, 1, -1),
                (r.x, r.top, -1, 1),
                (r.right, r.top, 1, 1),
            ):
                c.line(pt(x), pt(y), pt(x + sx * bleed), pt(y))
                c.line(pt(x), pt(y), pt(x), pt(y + sy * bleed))
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.25)


def draw_card_sheets(
    doc: Document,
    cards: Sequence[Card],
    layout: SheetLayout,
    *,
    backs: dict[str, Callable[[Canvas, CardBox], None]] | None = None,
    duplex: Duplex = "long",
    back_offset: tuple[float, float] = (0.0, 0.0),
    marks: Marks = "edges",
    on_page: Callable[[], None] | None = None,
    edge: float = 0.0,
) -> list[tuple[int, int]]:
    """Lay `cards` out N-up; with `backs`, a back page follows each front page. Crop marks
    stay `edge` mm from the paper's edge.

    Returns (front page number, back page number or 0) per sheet, pages counted from 1.
    """
    backs = backs or {}
    sheets: list[tuple[int, int]] = []
    per_page = layout.per_page
    for start in range(0, len(cards), per_page):
        batch = cards[start : start + per_page]
        slots = layout.slots[: len(batch)]
        c = doc.begin_page(layout.page)
        for card, trim in zip(batch, slots, strict=True):
            box = layout.box(trim)
            c.saveState()
            card.face(c, box)
            c.restoreState()
        draw_crop_marks(c, layout, slots, marks, edge=edge)
        trim_box = union(list(slots))
        has_back = bool(backs) and any(card.back for card in batch)
        doc.end_page(
            trim=trim_box,
            bleed=trim_box.outset(layout.size.bleed),
            side="front" if has_back else "single",
        )
        front_page = doc.pages
        if on_page:
            on_page()
        back_page = 0
        if has_back:
            c = doc.begin_page(layout.page)
            shift = page_shift(back_offset, layout.page)
            c.saveState()
            c.translate(pt(shift[0]), pt(shift[1]))
            placed: list[Rect] = []
            for card, trim in zip(batch, slots, strict=True):
                if card.back is None:
                    continue
                if card.back not in backs:
                    raise DomekitError(f"no card back named {card.back!r}")
                target = mirrored(trim, layout.page, duplex)
                placed.append(target)
                c.saveState()
                backs[card.back](c, layout.box(target))
                c.restoreState()
            c.restoreState()
            trim_box = union(placed).moved(*shift)
            doc.end_page(trim=trim_box, bleed=trim_box.outset(layout.size.bleed), side="back")
            doc.flip = duplex
            back_page = doc.pages
            if on_page:
                on_page()
        sheets.append((front_page, back_page))
    return sheets
