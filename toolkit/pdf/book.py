"""A kit's pages in the order that prints safely, and what each part of it is.

The order every kit follows:

1. the cover (page 1), with the rules reference on its back (page 2);
2. the card sheets, each front followed by its back;
3. every other sheet single-sided, each followed by a blank back.

So the whole file may go through a duplex printer as it is (nothing lands on the back of a board
tile or a standee), and the careful player prints 1 to the last card back double-sided and the
rest single-sided, odd pages only. The book records which pages each part took (`section`), for
the cover's checklist, and draws the cover last (`finish`), when every page number is known: the
cover page holds a form that is only filled in then.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

from reportlab.pdfgen.canvas import Canvas

from toolkit.data.printing import CardSettings
from toolkit.pdf.cards import CardSize, Marks, SheetLayout, plan_sheet
from toolkit.pdf.document import Document
from toolkit.pdf.geometry import Rect, pt
from toolkit.pdf.packing import Stock
from toolkit.pdf.style import ITALIC, Layout, Look, line

SAFE_EDGE = 5.0  # mm from the paper's edge where a home printer prints nothing
MARK_EDGE = 5.5  # crop marks stop this far from the edge (a hair more: anti-aliasing)
COVER_FORM = "kit-cover"
BLANK_NOTE = (0.55, 0.55, 0.55)


def card_layout(paper: tuple[float, float], card: CardSettings, layout: Layout) -> SheetLayout:
    """Card sheets for `layout`: "home" butts the cards (no bleed; 9 poker cards a sheet, cut on
    shared lines); "service" gives each card its bleed and crop marks."""
    if layout == "home":
        return plan_sheet(paper, CardSize(card.width, card.height, 0.0, card.safe))
    return plan_sheet(paper, card.size())


def card_marks(layout: Layout) -> Marks:
    """The crop marks of a card sheet: cut lines across butted cards, edge marks with bleed."""
    return "cuts" if layout == "home" else "edges"


class KitBook:
    """Pages of one kit in print order, with the sections the cover lists."""

    def __init__(self, doc: Document, look: Look) -> None:
        self.doc = doc
        self.look = look
        self.sections: dict[str, list[int]] = {}
        self.stock: dict[int, Stock] = {}  # single-sided page -> the paper it prints on

    @property
    def portrait(self) -> tuple[float, float]:
        width, height = self.doc.paper
        return (min(width, height), max(width, height))

    def cover(self, back: Callable[[Canvas, Rect], None]) -> None:
        """Page 1, the cover (filled in by `finish`), and page 2 on its back, drawn by `back`."""
        c = self.doc.begin_page(self.portrait)
        c.doForm(COVER_FORM)
        self.doc.end_page(side="front")
        c = self.doc.begin_page(self.portrait)
        with self.section("Rules reference"):
            back(c, self.doc.page)
            self.doc.end_page(side="back")

    @contextlib.contextmanager
    def section(self, name: str) -> Iterator[None]:
        """The pages drawn inside the block belong to the part `name` (added to, if it exists)."""
        first = self.doc.pages
        yield
        self.sections.setdefault(name, []).extend(range(first + 1, self.doc.pages + 1))

    @contextlib.contextmanager
    def sheet(
        self, size: tuple[float, float] | None = None, stock: Stock = "paper"
    ) -> Iterator[Canvas]:
        """A single-sided page (the paper, or `size`) on `stock`, and its blank back."""
        c = self.doc.begin_page(size)
        yield c
        self.doc.end_page(side="single")
        self.stock[self.doc.pages] = stock
        self.blank_back()

    def holds(self, name: str, page: int) -> None:
        """Page `page` holds (some of) the part `name` too (a sheet shared by several parts)."""
        pages = self.sections.setdefault(name, [])
        if page not in pages:
            pages.append(page)

    def blank_back(self) -> None:
        """The empty back of the page just ended: same size, one small grey line saying why."""
        front = self.doc.pages
        c = self.doc.begin_page(self.doc.page_size)
        page = self.doc.page
        c.setFillColorRGB(*BLANK_NOTE)
        line(
            c,
            f"The back of page {front}: left blank, so the whole file prints double-sided.",
            Rect(page.x + 20, page.h / 2 - 2, page.w - 40, 4),
            font=ITALIC,
            max_size=7,
            align="centre",
        )
        self.doc.end_page(side="blank")

    def finish(self, draw_cover: Callable[[Canvas, Rect], None]) -> None:
        """Fill in the cover, now that every page is drawn; `draw_cover` draws it on a portrait
        page of the paper."""
        c = self.doc.canvas
        width, height = self.portrait
        c.beginForm(COVER_FORM, lowerx=0, lowery=0, upperx=pt(width), uppery=pt(height))
        draw_cover(c, Rect(0, 0, width, height))
        c.endForm()
