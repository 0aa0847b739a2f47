"""Pieces packed onto shared sheets, so a kit wastes no paper.

A kit hands over its pieces as blocks, each under a short caption: a `Grid` of pieces of one
size (standees, discs, square markers; a grid of rectangles butts them, so neighbours share
their cut lines and a piece costs its share of the cuts, not four of its own) or a `Panel` (a
tracker, a meter: drawn whole inside its cut line; panels stacked one under the other butt too,
sharing the line between them). `pack` lays the blocks out on as few pages as it can, in
shelves from the top: a block goes on the first page with room for it (beside a taller block,
or below the others), and a grid that does not fit whole is split between its rows, the rest
carried to the next page. Geometry only: what each piece shows is the game's.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from typing import Protocol

from reportlab.pdfgen.canvas import Canvas

from toolkit.errors import DomekitError
from toolkit.pdf.document import Document, Stock
from toolkit.pdf.geometry import Rect, pt
from toolkit.pdf.style import INK, Look, line, text

CAPTION = 5.0  # mm: the caption band above a block
GAP = 2.5  # mm between two blocks (a block's edge is its own cut)
PANEL_PAD = 1.0  # mm from a panel's cut line to what it shows
CUT = 0.5  # points: the solid black line a piece or a panel is cut on
Draw = Callable[[Canvas, Rect], None]


@dataclass(frozen=True)
class Grid:
    """Pieces of one size in rows from the top-left: `cells` draw each piece in its rectangle
    (`size`, width x height), `gap` mm apart (0: butted, sharing cut lines; a little for discs,
    each punched on its own). `columns` fixes how many a row holds (else as many as fit)."""

    caption: str
    size: tuple[float, float]
    cells: tuple[Draw, ...]
    gap: float = 0.0
    columns: int | None = None
    section: str = ""  # the part of the kit it belongs to (the cover's checklist)
    turn_odd_rows: bool = False  # every other row turned half round (standees: QR codes apart)

    def shape(self, width: float) -> tuple[int, int]:
        """(columns, rows) in a space `width` mm wide."""
        fit = int((width + self.gap + 1e-6) // (self.size[0] + self.gap))
        columns = max(1, min(self.columns or fit, fit, len(self.cells)))
        return columns, math.ceil(len(self.cells) / columns)

    def extent(self, width: float) -> tuple[float, float]:
        """The block's width and height (its caption included) in a space `width` mm wide."""
        columns, rows = self.shape(width)
        return (
            columns * (self.size[0] + self.gap) - self.gap,
            CAPTION + rows * (self.size[1] + self.gap) - self.gap,
        )


@dataclass(frozen=True)
class Panel:
    """A block drawn whole (`size`: width x height, its caption not included)."""

    caption: str
    size: tuple[float, float]
    draw: Draw
    section: str = ""

    def extent(self, width: float) -> tuple[float, float]:
        return self.size[0] + 2 * PANEL_PAD, CAPTION + self.size[1] + 2 * PANEL_PAD


Block = Grid | Panel


@dataclass(frozen=True)
class Placed:
    """A block (or the rows of a grid that went here) and its rectangle, caption included."""

    block: Block
    rect: Rect


@dataclass
class _Shelf:
    top: float  # mm below the area's top
    height: float
    used: float  # mm from the area's left
    panels: bool  # panels only: a panel below butts against them


@dataclass
class _Page:
    shelves: list[_Shelf]
    placed: list[Placed]

    @property
    def bottom(self) -> float:
        return max((s.top + s.height for s in self.shelves), default=0.0)

    def next_top(self, block: Block) -> float:
        """Where a new shelf for `block` starts: right under a shelf of panels when it is a
        panel too (they share the cut line), else a gap lower."""
        if not self.shelves:
            return 0.0
        last = self.shelves[-1]
        butts = last.panels and isinstance(block, Panel)
        return self.bottom + (0.0 if butts else GAP)


def pack(blocks: Sequence[Block], area: Rect) -> list[list[Placed]]:
    """`blocks` laid out on pages whose free area is `area` (the same on every page): each
    page's placements. A panel taller or wider than `area` is an error."""
    pages: list[_Page] = []
    for block in blocks:
        rest: Block | None = block if not isinstance(block, Grid) or block.cells else None
        while rest is not None:
            w, h = rest.extent(area.w)
            if w > area.w + 1e-6 or (isinstance(rest, Panel) and h > area.h + 1e-6):
                raise DomekitError(
                    f"{rest.caption}: {w:.0f} x {h:.0f} mm does not fit a page's "
                    f"{area.w:.0f} x {area.h:.0f} mm; make it smaller in print.toml"
                )
            if _place(pages, rest, w, h, area):
                rest = None
                continue
            if isinstance(rest, Grid):
                if not pages or not _split_onto(pages[-1], rest, area):
                    pages.append(_Page([], []))
                    if not _split_onto(pages[-1], rest, area):
                        raise DomekitError(f"{rest.caption}: one row does not fit a page")
                rest = _carried(pages[-1], rest)
                continue
            pages.append(_Page([], []))
            _place([pages[-1]], rest, w, h, area)
            rest = None
    return [page.placed for page in pages]


def _place(pages: list[_Page], block: Block, w: float, h: float, area: Rect) -> bool:
    """Put `block` (w x h) on the first page with room: beside a shelf's blocks, or on a new
    shelf below them. False when no page has room."""
    for page in pages:
        for shelf in page.shelves:
            x = shelf.used + (GAP if shelf.used else 0.0)
            if x + w <= area.w + 1e-6 and h <= shelf.height + 1e-6:
                page.placed.append(Placed(block, _rect(area, x, shelf.top, w, h)))
                shelf.used = x + w
                shelf.panels = shelf.panels and isinstance(block, Panel)
                return True
        top = page.next_top(block)
        if top + h <= area.h + 1e-6:
            page.shelves.append(_Shelf(top, h, w, isinstance(block, Panel)))
            page.placed.append(Placed(block, _rect(area, 0.0, top, w, h)))
            return True
    return False


def _split_onto(page: _Page, grid: Grid, area: Rect) -> bool:
    """As many whole rows of `grid` as fit below `page`'s shelves, placed there (the rest is
    found by `_carried`); False if not one row fits."""
    top = page.next_top(grid)
    columns, rows = grid.shape(area.w)
    room = area.h - top - CAPTION + grid.gap
    fit = min(rows, int((room + 1e-6) // (grid.size[1] + grid.gap)))
    if fit < 1:
        return False
    head = replace(grid, cells=grid.cells[: fit * columns], columns=columns)
    w, h = head.extent(area.w)
    page.shelves.append(_Shelf(top, h, w, False))
    page.placed.append(Placed(head, _rect(area, 0.0, top, w, h)))
    return True


def _carried(page: _Page, grid: Grid) -> Grid | None:
    """What is left of `grid` after the rows just placed on `page`."""
    head = page.placed[-1].block
    assert isinstance(head, Grid)
    left = grid.cells[len(head.cells) :]
    if not left:
        return None
    caption = (
        grid.caption if grid.caption.endswith("(continued)") else f"{grid.caption} (continued)"
    )
    return replace(grid, cells=left, caption=caption)


def _rect(area: Rect, x: float, top: float, w: float, h: float) -> Rect:
    return Rect(area.x + x, area.top - top - h, w, h)


def draw_packed(c: Canvas, placed: Sequence[Placed]) -> None:
    """Every block of one page: its caption, then its pieces or its panel (inside its cut
    line, PANEL_PAD in)."""
    for spot in placed:
        block, rect = spot.block, spot.rect
        if isinstance(block, Panel):
            c.saveState()
            c.setStrokeColorRGB(0, 0, 0)
            c.setLineWidth(CUT)
            c.rect(pt(rect.x), pt(rect.y), pt(rect.w), pt(rect.h), stroke=1, fill=0)
            c.restoreState()
            rect = rect.inset(PANEL_PAD)
        caption, body = rect.split_top(CAPTION)
        c.setFillColorRGB(*INK)
        line(c, block.caption, Rect(caption.x, caption.y + 0.8, caption.w, CAPTION - 1.2),
             max_size=8)  # fmt: skip
        if isinstance(block, Panel):
            c.saveState()
            block.draw(c, body)
            c.restoreState()
            continue
        columns, _ = block.shape(rect.w)
        w, h = block.size
        for index, cell in enumerate(block.cells):
            row, col = divmod(index, columns)
            c.saveState()
            if block.turn_odd_rows and row % 2:
                cx = body.x + col * (w + block.gap) + w / 2
                cy = body.top - row * (h + block.gap) - h / 2
                c.translate(pt(2 * cx), pt(2 * cy))
                c.rotate(180)
            cell(c, Rect(body.x + col * (w + block.gap), body.top - (row + 1) * h - row * block.gap,
                         w, h))  # fmt: skip
            c.restoreState()


# ---------------------------------------------------------------------------------------------
# Sheets of packed pieces

SHEET_MARGIN = 10.0  # mm: paper edge to the sheet's heading and pieces
HEAD = 10.0  # mm: the sheet's heading
NOTE = 9.0  # mm: how to cut what is on it, under the heading
HEAD_COLOUR = (0.15, 0.15, 0.15)


def packed_area(page: Rect, margin: float = SHEET_MARGIN) -> Rect:
    """Where the blocks go on a sheet: inside the margin, below the heading and the note."""
    area = page.inset(margin)
    return Rect(area.x, area.y, area.w, area.h - HEAD - NOTE)


def plan_sheets(
    blocks: Sequence[Block], paper: tuple[float, float], margin: float = SHEET_MARGIN
) -> list[list[Placed]]:
    """`blocks` packed on portrait sheets of `paper`: each sheet's placements."""
    portrait = (min(paper), max(paper))
    return pack(blocks, packed_area(Rect(0, 0, *portrait), margin))


def draw_packed_sheet(
    c: Canvas,
    page: Rect,
    heading: str,
    note: str,
    placed: Sequence[Placed],
    look: Look,
    margin: float = SHEET_MARGIN,
) -> None:
    """One sheet: its heading, the note on how to cut it, its blocks."""
    from toolkit.pdf.sheets import draw_heading  # sheets draws tracks from pieces: no cycle

    head, rest = page.inset(margin).split_top(HEAD)
    draw_heading(c, heading, head, colour=HEAD_COLOUR, look=look)
    note_box, _ = rest.split_top(NOTE)
    c.setFillColorRGB(*INK)
    text(c, note, Rect(note_box.x, note_box.y + 1, note_box.w, note_box.h - 1.5), max_size=8.5)
    draw_packed(c, placed)


class Book(Protocol):
    """What `print_sheets` needs of a kit's book (`toolkit.pdf.book.KitBook`)."""

    doc: Document
    look: Look

    @property
    def portrait(self) -> tuple[float, float]: ...

    def sheet(
        self, size: tuple[float, float] | None = None, stock: Stock | None = None
    ) -> AbstractContextManager[Canvas]: ...

    def holds(self, name: str, page: int) -> None: ...


def print_sheets(
    book: Book,
    sheets: Sequence[Sequence[Placed]],
    *,
    title: str,
    note: str,
    stock: Stock,
    on_page: Callable[[], None] | None = None,
    margin: float = SHEET_MARGIN,
) -> None:
    """Every sheet of `plan_sheets` in the book, single-sided on `stock`, each with its
    heading ("<title> (1 of 2)") and the cover's sections of the blocks on it."""
    paper = book.portrait
    for index, placed in enumerate(sheets, start=1):
        heading = title if len(sheets) == 1 else f"{title} ({index} of {len(sheets)})"
        with book.sheet(paper, stock=stock) as c:
            draw_packed_sheet(c, book.doc.page, heading, note, placed, book.look, margin)
            front = book.doc.pages + 1
        for spot in placed:
            if spot.block.section:
                book.holds(spot.block.section, front)
        if on_page:
            on_page()


def panel_room(paper: tuple[float, float], margin: float = SHEET_MARGIN) -> float:
    """The widest a panel's contents may be on a sheet of `paper` (inside its cut line)."""
    portrait = (min(paper), max(paper))
    return packed_area(Rect(0, 0, *portrait), margin).w - 2 * PANEL_PAD
