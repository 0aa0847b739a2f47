"""A large picture (a board) tiled at true size over as many pages as it needs.

Each tile shows a window of the picture; neighbouring windows overlap by `overlap` mm. Registration
crosses sit on the middle line of every overlap strip, so they appear on both tiles: cut a tile
along its dashed line (left and bottom edges, where it has a neighbour), lay it over the neighbour
so the half crosses complete the crosses underneath, and glue. Tiles are labelled like "B2":
column letter from the left, row number from the bottom. An assembly key page shows the whole
picture shrunk with the tile grid over it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from toolkit.errors import DomekitError
from toolkit.pdf.document import Document
from toolkit.pdf.geometry import Rect, pt
from toolkit.pdf.style import BOLD, REGULAR, line, text

TILE_MARGIN = 12.0  # paper edge to the printed window: the label, and 6 mm a home printer skips
LABEL_EDGE = 6.0  # the tile's label and hint stay this far from the paper's edge
CROSS = 3.0  # half the arm of a registration cross
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Tile:
    column: int  # 0 = leftmost
    row: int  # 0 = bottom
    window: Rect  # the part of the picture this tile shows (picture mm)

    @property
    def label(self) -> str:
        return f"{LETTERS[self.column]}{self.row + 1}"


@dataclass(frozen=True)
class TilePlan:
    width: float  # the picture, mm
    height: float
    page: tuple[float, float]
    overlap: float
    columns: int
    rows: int
    tiles: tuple[Tile, ...]  # bottom row first

    @property
    def printable(self) -> Rect:
        return Rect(
            TILE_MARGIN, TILE_MARGIN, self.page[0] - 2 * TILE_MARGIN, self.page[1] - 2 * TILE_MARGIN
        )


def _plan(width: float, height: float, page: tuple[float, float], overlap: float) -> TilePlan:
    usable_w = page[0] - 2 * TILE_MARGIN
    usable_h = page[1] - 2 * TILE_MARGIN
    if usable_w <= overlap or usable_h <= overlap:
        raise DomekitError(f"overlap {overlap:g} mm leaves no room on the page")
    columns = max(1, math.ceil((width - overlap) / (usable_w - overlap) - 1e-9))
    rows = max(1, math.ceil((height - overlap) / (usable_h - overlap) - 1e-9))
    if columns > len(LETTERS):
        raise DomekitError("the picture needs more than 26 tile columns")
    # the picture shared out evenly: every tile of a row (a column) equally wide (high), so no
    # tile is a sliver of what the others leave over
    step_w = (width - overlap) / columns if columns > 1 else width
    step_h = (height - overlap) / rows if rows > 1 else height
    tiles = tuple(
        Tile(
            col,
            row,
            Rect(
                col * step_w,
                row * step_h,
                min(step_w + overlap, width - col * step_w),
                min(step_h + overlap, height - row * step_h),
            ),
        )
        for row in range(rows)
        for col in range(columns)
    )
    return TilePlan(width, height, page, overlap, columns, rows, tiles)


def plan_tiles(width: float, height: float, paper: tuple[float, float], overlap: float) -> TilePlan:
    """The orientation needing fewer pages (portrait on a tie)."""
    portrait = (min(paper), max(paper))
    plans = [_plan(width, height, portrait, overlap), _plan(width, height, portrait[::-1], overlap)]
    return min(plans, key=lambda plan: len(plan.tiles))


def _cross(c: Canvas, x: float, y: float) -> None:
    c.circle(pt(x), pt(y), pt(CROSS * 0.6), stroke=1, fill=0)
    c.line(pt(x - CROSS), pt(y), pt(x + CROSS), pt(y))
    c.line(pt(x), pt(y - CROSS), pt(x), pt(y + CROSS))


def registration_points(
    plan: TilePlan, tile: Tile, words: Sequence[Rect] = ()
) -> list[tuple[float, float]]:
    """Picture coordinates of the crosses on a tile: on the middle line of each overlap strip,
    a quarter and three quarters of the way along it, each slid along its line to the nearest
    place where it covers none of `words` (the picture's text boxes: a cross printed over a
    word hides it). Neighbouring tiles get the same points: the same line, the same words."""
    points: list[tuple[float, float]] = []
    win = tile.window
    half = plan.overlap / 2
    xs_mid = [win.x + half] if tile.column > 0 else []
    if tile.column < plan.columns - 1:
        xs_mid.append(win.right - half)
    ys_mid = [win.y + half] if tile.row > 0 else []
    if tile.row < plan.rows - 1:
        ys_mid.append(win.top - half)
    for x in xs_mid:
        for fraction in (0.25, 0.75):
            y = _clear_spot(win.y + win.h * fraction, win.h / 4, words, across=x, vertical=True)
            points.append((x, y))
    for y in ys_mid:
        for fraction in (0.25, 0.75):
            x = _clear_spot(win.x + win.w * fraction, win.w / 4, words, across=y, vertical=False)
            points.append((x, y))
    return points


CROSS_CLEAR = CROSS + 0.8  # mm: half the square a cross and its white halo cover, and a hair


def _clear_spot(
    ideal: float, reach: float, words: Sequence[Rect], *, across: float, vertical: bool
) -> float:
    """The place along a line (x = `across` when `vertical`, else y = `across`) nearest
    `ideal`, within `reach`, where a cross covers no word; `ideal` itself when there is none."""
    steps = int(max(reach - CROSS_CLEAR, 0) / 0.5)
    for step in range(steps + 1):
        for at in (ideal + step * 0.5, ideal - step * 0.5):
            x, y = (across, at) if vertical else (at, across)
            cross = Rect(x - CROSS_CLEAR, y - CROSS_CLEAR, 2 * CROSS_CLEAR, 2 * CROSS_CLEAR)
            if not any(_overlap(cross, word) for word in words):
                return at
    return ideal


def _overlap(a: Rect, b: Rect) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.top and b.y < a.top


def draw_tiles(
    doc: Document,
    plan: TilePlan,
    picture: str,
    *,
    title: str,
    on_page: Callable[[], None] | None = None,
    keep_clear: Sequence[Rect] = (),
) -> list[int]:
    """One page per tile. `picture` names a reportlab form holding the picture at 1 mm = 1 mm
    (made with `begin_picture`); `keep_clear` are the boxes of its text, which the
    registration crosses do not cover. Returns the page numbers of the tiles."""
    pages: list[int] = []
    area = plan.printable
    for tile in plan.tiles:
        c = doc.begin_page(plan.page)
        win = tile.window
        # the picture, shifted so the window's corner sits on the printable area's corner
        ox, oy = area.x - win.x, area.top - win.h - win.y
        c.saveState()
        clip = c.beginPath()
        clip.rect(pt(area.x), pt(area.top - win.h), pt(win.w), pt(win.h))
        c.clipPath(clip, stroke=0, fill=0)
        c.translate(pt(ox), pt(oy))
        c.doForm(picture)
        c.restoreState()
        c.saveState()
        c.setLineWidth(0.4)
        c.setStrokeColorRGB(0, 0, 0)
        for x, y in registration_points(plan, tile, keep_clear):
            c.setStrokeColorRGB(1, 1, 1)
            c.setLineWidth(1.2)
            _cross(c, x + ox, y + oy)
            c.setStrokeColorRGB(0, 0, 0)
            c.setLineWidth(0.4)
            _cross(c, x + ox, y + oy)
        c.setDash(3, 2)
        c.setLineWidth(0.5)
        half = plan.overlap / 2
        if tile.column > 0:
            x = win.x + half + ox
            c.line(pt(x), pt(area.top - win.h), pt(x), pt(area.top))
        if tile.row > 0:
            y = win.y + half + oy
            c.line(pt(area.x), pt(y), pt(area.x + win.w), pt(y))
        c.restoreState()
        c.setFillColorRGB(0, 0, 0)
        label = Rect(area.x, area.top + 1.5, area.w, TILE_MARGIN - 1.5 - LABEL_EDGE)
        line(c, f"{title}  ·  tile {tile.label}", label, max_size=11)
        hint = Rect(area.x, LABEL_EDGE, area.w, TILE_MARGIN - 1.5 - LABEL_EDGE)
        cut = []
        if tile.column > 0:
            cut.append("left")
        if tile.row > 0:
            cut.append("bottom")
        words = (
            f"Tile {tile.label} of {len(plan.tiles)} ({plan.columns} across, {plan.rows} up). "
            + (
                f"Cut along the dashed line ({' and '.join(cut)}), lay over the neighbour, match "
                "the crosses, glue."
                if cut
                else "Lay the other tiles over this one."
            )
        )
        line(c, words, hint, font=REGULAR, max_size=7)
        doc.end_page()
        pages.append(doc.pages)
        if on_page:
            on_page()
    return pages


def begin_picture(c: Canvas, name: str, width: float, height: float) -> None:
    """Start recording a reusable picture (mm coordinates, origin bottom-left)."""
    c.beginForm(name, lowerx=0, lowery=0, upperx=pt(width), uppery=pt(height))


def end_picture(c: Canvas) -> None:
    c.endForm()


def draw_assembly_key(
    doc: Document,
    plan: TilePlan,
    picture: str,
    *,
    title: str,
    legend: Callable[[Canvas, Rect], None] | None = None,
    legend_height: float = 50.0,
) -> int:
    """A page with the whole picture shrunk and the tile grid and labels over it; `legend` draws
    into a band at the bottom of the page."""
    c = doc.begin_page((min(plan.page), max(plan.page)))
    page = doc.page
    heading, rest = page.inset(TILE_MARGIN).split_top(12)
    c.setFillColorRGB(0, 0, 0)
    line(c, f"{title}: assembly key", heading, max_size=16)
    notes, room = rest.split_top(24)
    if legend is not None:
        legend_box = Rect(room.x, room.y, room.w, legend_height)
        room = Rect(room.x, room.y + legend_height + 4, room.w, room.h - legend_height - 4)
    text(
        c,
        f"The board prints at true size on {len(plan.tiles)} pages ({plan.columns} across, "
        f"{plan.rows} up), overlapping by {plan.overlap:g} mm. Lay them out as below (A1 "
        "bottom-left). Starting from A1, cut each tile along its dashed line, lay it over its "
        "neighbours so the registration crosses match, and glue.",
        notes,
        max_size=10,
    )
    scale = min(room.w / plan.width, (room.h - 4) / plan.height)
    w, h = plan.width * scale, plan.height * scale
    x0 = room.x + (room.w - w) / 2
    y0 = room.top - h - 4
    c.saveState()
    c.translate(pt(x0), pt(y0))
    c.scale(scale, scale)
    c.doForm(picture)
    c.restoreState()
    c.saveState()
    for tile in plan.tiles:
        win = tile.window
        r = Rect(x0 + win.x * scale, y0 + win.y * scale, win.w * scale, win.h * scale)
        c.setStrokeColorRGB(0.8, 0, 0)
        c.setLineWidth(1)
        c.rect(pt(r.x), pt(r.y), pt(r.w), pt(r.h), stroke=1, fill=0)
        c.setFillColorRGB(1, 1, 1)
        cx, cy = r.centre
        c.rect(pt(cx - 7), pt(cy - 4), pt(14), pt(8), stroke=1, fill=1)
        c.setFillColorRGB(0.8, 0, 0)
        c.setFont(BOLD, 14)
        c.drawCentredString(pt(cx), pt(cy - 1.8), tile.label)
    c.restoreState()
    if legend is not None:
        c.saveState()
        legend(c, legend_box)
        c.restoreState()
    doc.end_page()
    return doc.pages
