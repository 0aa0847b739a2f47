"""Gutterfold card sheets: each card's front and its back side by side on one side of the paper.

A fold line (the middle of the gutter) splits the page in two halves: the fronts sit on one
half, butted like home card sheets, and each card's back on the other half at the mirror image
of its front across the fold line. Print it one-sided on any printer, fold the sheet on the
dashed line with the blank sides together, glue the halves flat, and cut the cards out of both
layers at once: the fold lines fronts and backs up, not a duplex printer's registration.

The fold is upright (fronts left, backs right) or level (fronts above, backs below), whichever
holds more cards on a portrait or a landscape page (upright and portrait on a tie). Folding on a
level line turns the back half over top to bottom, so there each back is drawn a half turn round:
it reads upright when the card is turned over sideways, as players turn cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from reportlab.pdfgen.canvas import Canvas

from toolkit.errors import DomekitError
from toolkit.pdf.cards import (
    MIN_MARGIN,
    Card,
    CardBox,
    CardSize,
    Marks,
    SheetLayout,
    draw_crop_marks,
)
from toolkit.pdf.document import Document
from toolkit.pdf.geometry import Rect, pt, union

Fold = Literal["upright", "level"]
Side = Literal["front", "back"]

GUTTER = 8.0  # mm between the fronts and the backs: the fold line in its middle
FOLD_DASH = (3, 2)  # mm on, mm off
FOLD_COLOUR = (0.35, 0.35, 0.35)


@dataclass(frozen=True)
class GutterLayout:
    """A gutterfold page: its size, the fold line (upright at x = `at`, or level at y = `at`),
    the fronts' slots (reading order, as `SheetLayout.slots`) and each front's back."""

    page: tuple[float, float]
    fold: Fold
    at: float
    fronts: SheetLayout  # the page with the fronts' slots (the card size, bleed 0)
    backs: tuple[Rect, ...]

    @property
    def per_page(self) -> int:
        return len(self.backs)

    @property
    def fold_line(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the fold, across the whole page."""
        width, height = self.page
        if self.fold == "upright":
            return (self.at, 0.0, self.at, height)
        return (0.0, self.at, width, self.at)

    def back_of(self, trim: Rect) -> Rect:
        """Where the back of a front at `trim` sits: its mirror image across the fold line."""
        if self.fold == "upright":
            return Rect(2 * self.at - trim.right, trim.y, trim.w, trim.h)
        return Rect(trim.x, 2 * self.at - trim.top, trim.w, trim.h)

    def half(self, side: Side) -> Rect:
        """The half of the page the fronts (or the backs) lie in, up to the fold line."""
        width, height = self.page
        fronts_first = side == "front"
        if self.fold == "upright":
            return (
                Rect(0, 0, self.at, height)
                if fronts_first
                else Rect(self.at, 0, width - self.at, height)
            )
        return (
            Rect(0, self.at, width, height - self.at)
            if fronts_first
            else Rect(0, 0, width, self.at)
        )


def _plan(page: tuple[float, float], size: CardSize, fold: Fold) -> GutterLayout | None:
    width, height = page
    # the fronts' half, the gutter's half included: (across the fold, along it)
    across = (width if fold == "upright" else height) / 2 - GUTTER / 2 - MIN_MARGIN
    along = (height if fold == "upright" else width) - 2 * MIN_MARGIN
    card_across, card_along = (
        (size.width, size.height) if fold == "upright" else (size.height, size.width)
    )
    count_across, count_along = int(across // card_across), int(along // card_along)
    if count_across < 1 or count_along < 1:
        return None
    if fold == "upright":
        at = width / 2
        columns, rows = count_across, count_along
        left = at - GUTTER / 2 - columns * size.width
        bottom = (height - rows * size.height) / 2
    else:
        at = height / 2
        columns, rows = count_along, count_across
        left = (width - columns * size.width) / 2
        bottom = at + GUTTER / 2
    slots = tuple(
        Rect(left + col * size.width, bottom + row * size.height, size.width, size.height)
        for row in reversed(range(rows))
        for col in range(columns)
    )
    fronts = SheetLayout(
        page, columns, rows, slots, CardSize(size.width, size.height, 0.0, size.safe)
    )
    plan = GutterLayout(page, fold, at, fronts, ())
    return GutterLayout(page, fold, at, fronts, tuple(plan.back_of(slot) for slot in slots))


def plan_gutterfold(paper: tuple[float, float], size: CardSize) -> GutterLayout:
    """The gutterfold page holding the most cards: portrait or landscape, folded upright or
    level (in that order on a tie). Cards butt on shared cut lines: `size`'s bleed is not used."""
    portrait = (min(paper), max(paper))
    landscape = (portrait[1], portrait[0])
    candidates = [
        plan
        for page in (portrait, landscape)
        for fold in ("upright", "level")
        if (plan := _plan(page, size, fold)) is not None
    ]
    if not candidates:
        raise DomekitError(
            f"a {size.width:g} x {size.height:g} mm card and its back do not fit side by side on "
            f"{portrait[0]:g} x {portrait[1]:g} mm paper"
        )
    return max(candidates, key=lambda plan: plan.per_page)


def gutterfold_sheets(cards: int, layout: GutterLayout) -> int:
    """How many gutterfold sheets `cards` cards take."""
    return -(-cards // layout.per_page)


def _draw_fold(c: Canvas, layout: GutterLayout, edge: float) -> None:
    """The dashed fold line, stopping `edge` mm short of the paper's edges."""
    x0, y0, x1, y1 = layout.fold_line
    if layout.fold == "upright":
        y0, y1 = edge, y1 - edge
    else:
        x0, x1 = edge, x1 - edge
    c.saveState()
    c.setStrokeColorRGB(*FOLD_COLOUR)
    c.setLineWidth(0.5)
    c.setDash(pt(FOLD_DASH[0]), pt(FOLD_DASH[1]))
    c.line(pt(x0), pt(y0), pt(x1), pt(y1))
    c.restoreState()


def draw_gutterfold_sheets(
    doc: Document,
    cards: Sequence[Card],
    layout: GutterLayout,
    *,
    backs: dict[str, Callable[[Canvas, CardBox], None]],
    marks: Marks = "cuts",
    edge: float = 0.0,
    on_page: Callable[[], None] | None = None,
) -> list[int]:
    """Lay `cards` out on gutterfold pages, one side each: the fronts on one half, each back at
    its front's mirror across the fold line. Crop marks stay `edge` mm from the paper's edge and
    clear of the fold. Returns the page numbers (from 1)."""
    pages: list[int] = []
    fronts = layout.fronts
    for start in range(0, len(cards), layout.per_page):
        batch = cards[start : start + layout.per_page]
        slots = fronts.slots[: len(batch)]
        c = doc.begin_page(layout.page)
        placed: list[Rect] = []
        for card, trim in zip(batch, slots, strict=True):
            c.saveState()
            card.face(c, fronts.box(trim))
            c.restoreState()
            if card.back is None:
                continue
            if card.back not in backs:
                raise DomekitError(f"no card back named {card.back!r}")
            target = layout.back_of(trim)
            placed.append(target)
            c.saveState()
            if layout.fold == "level":  # the back half turns over top to bottom
                cx, cy = target.centre
                c.translate(pt(cx), pt(cy))
                c.rotate(180)
                c.translate(-pt(cx), -pt(cy))
            backs[card.back](c, fronts.box(target))
            c.restoreState()
        halves: list[tuple[Side, list[Rect]]] = [("front", list(slots)), ("back", placed)]
        for side, used in halves:
            if used:
                half = layout.half(side)
                draw_crop_marks(c, fronts, used, marks, within=_marks_room(layout, half, edge))
        _draw_fold(c, layout, edge)
        trim = union([*slots, *placed])
        doc.end_page(trim=trim, bleed=trim, side="single")
        pages.append(doc.pages)
        if on_page:
            on_page()
    return pages


FOLD_CLEAR = 0.5  # mm: crop marks stop this short of the fold line


def _marks_room(layout: GutterLayout, half: Rect, edge: float) -> Rect:
    """Where one half's crop marks may go: `edge` mm in from the paper's edges, and short of
    the fold line."""
    width, height = layout.page
    room = Rect(edge, edge, width - 2 * edge, height - 2 * edge)
    x0, y0 = max(room.x, half.x), max(room.y, half.y)
    x1, y1 = min(room.right, half.right), min(room.top, half.top)
    if layout.fold == "upright":
        x0 = x0 + FOLD_CLEAR if half.x == layout.at else x0
        x1 = x1 - FOLD_CLEAR if half.right == layout.at else x1
    else:
        y0 = y0 + FOLD_CLEAR if half.y == layout.at else y0
        y1 = y1 - FOLD_CLEAR if half.top == layout.at else y1
    return Rect(x0, y0, x1 - x0, y1 - y0)
