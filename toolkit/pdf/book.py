"""A kit's pages in the order that prints safely, and what each part of it is.

The order every kit follows:

1. the cover (page 1), with the rules reference on its back (page 2);
2. the card sheets, each front followed by its back (or, in the gutterfold layout, each sheet
   one-sided with the backs beside the fronts);
3. every other sheet single-sided, each followed by a blank back (none in the gutterfold
   layout: made for a printer without duplex, that kit prints one-sided throughout).

So the whole file may go through a duplex printer as it is (nothing lands on the back of a board
tile or a standee). Each page also says what it prints on (`Document.stocks`): card stock for the
cards and the punch-out pieces, paper for the rest. The book records which pages each part took
(`section`), for the cover's checklist, and draws the cover last (`finish`), when every page
number is known: the cover page holds a form that is only filled in then.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence

from reportlab.pdfgen.canvas import Canvas

from toolkit.data.printing import CardSettings
from toolkit.pdf.cards import CardSize, Deck, Marks, SheetLayout, draw_card_sheets, plan_sheet
from toolkit.pdf.document import Document, Stock
from toolkit.pdf.geometry import Rect, pt
from toolkit.pdf.gutterfold import draw_gutterfold_sheets, gutterfold_sheets, plan_gutterfold
from toolkit.pdf.style import ITALIC, Layout, Look, line

SAFE_EDGE = 5.0  # mm from the paper's edge where a home printer prints nothing
MARK_EDGE = 5.5  # crop marks stop this far from the edge (a hair more: anti-aliasing)
COVER_FORM = "kit-cover"
BLANK_NOTE = (0.55, 0.55, 0.55)


def butted(size: CardSize) -> CardSize:
    """The card without its bleed: butted against its neighbours, cut on shared lines."""
    return CardSize(size.width, size.height, 0.0, size.safe)


def card_layout(
    paper: tuple[float, float], card: CardSettings | CardSize, layout: Layout
) -> SheetLayout:
    """Double-sided card sheets for `layout`: "home" butts the cards (no bleed; 9 poker cards a
    sheet, cut on shared lines); "service" gives each card its bleed and crop marks."""
    size = card if isinstance(card, CardSize) else card.size()
    return plan_sheet(paper, size if layout == "service" else butted(size))


def card_marks(layout: Layout) -> Marks:
    """The crop marks of a card sheet: cut lines across butted cards, edge marks with bleed."""
    return "edges" if layout == "service" else "cuts"


def by_size(decks: Sequence[Deck]) -> list[list[Deck]]:
    """The decks grouped by card size, in the order the sizes first come: decks of one size
    share sheets (each card's back still behind its own front)."""
    groups: dict[tuple[float, float], list[Deck]] = {}
    for deck in decks:
        groups.setdefault((deck.size.width, deck.size.height), []).append(deck)
    return list(groups.values())


def card_sheet_count(paper: tuple[float, float], decks: Sequence[Deck], layout: Layout) -> int:
    """How many sheets of paper the decks' cards take in `layout`."""
    sheets = 0
    for group in by_size(decks):
        cards = sum(len(deck.cards) for deck in group)
        if layout == "gutterfold":
            sheets += gutterfold_sheets(cards, plan_gutterfold(paper, butted(group[0].size)))
        else:
            sheets += -(-cards // card_layout(paper, group[0].size, layout).per_page)
    return sheets


def card_page_count(paper: tuple[float, float], decks: Sequence[Deck], layout: Layout) -> int:
    """How many pages the decks' card sheets take (a double-sided sheet is two)."""
    sheets = card_sheet_count(paper, decks, layout)
    return sheets if layout == "gutterfold" else 2 * sheets


class KitBook:
    """Pages of one kit in print order, with the sections the cover lists and the decks its
    card sheets hold. A gutterfold book (`layout`) prints one-sided: no blank backs."""

    def __init__(self, doc: Document, look: Look, layout: Layout = "home") -> None:
        self.doc = doc
        self.look = look
        self.layout = layout
        self.sections: dict[str, list[int]] = {}
        self.decks: list[Deck] = []

    @property
    def duplex(self) -> bool:
        """Whether the kit is made to print double-sided (every layout but gutterfold)."""
        return self.layout != "gutterfold"

    @property
    def portrait(self) -> tuple[float, float]:
        width, height = self.doc.paper
        return (min(width, height), max(width, height))

    def cover(self, back: Callable[[Canvas, Rect], None]) -> None:
        """Page 1, the cover (filled in by `finish`), and page 2 on its back, drawn by `back`
        (in a gutterfold book, on a sheet of its own)."""
        c = self.doc.begin_page(self.portrait)
        c.doForm(COVER_FORM)
        self.doc.end_page(side="front" if self.duplex else "single")
        c = self.doc.begin_page(self.portrait)
        with self.section("Rules reference"):
            back(c, self.doc.page)
            self.doc.end_page(side="back" if self.duplex else "single")

    @contextlib.contextmanager
    def section(self, name: str) -> Iterator[None]:
        """The pages drawn inside the block belong to the part `name` (added to, if it exists)."""
        first = self.doc.pages
        yield
        self.sections.setdefault(name, []).extend(range(first + 1, self.doc.pages + 1))

    @contextlib.contextmanager
    def sheet(
        self, size: tuple[float, float] | None = None, stock: Stock | None = None
    ) -> Iterator[Canvas]:
        """A single-sided page (the paper, or `size`) on `stock`, and its blank back."""
        c = self.doc.begin_page(size)
        yield c
        self.doc.end_page(side="single", stock=stock)
        self.blank_back()

    def holds(self, name: str, page: int) -> None:
        """Page `page` holds (some of) the part `name` too (a sheet shared by several parts)."""
        pages = self.sections.setdefault(name, [])
        if page not in pages:
            pages.append(page)

    def blank_back(self) -> None:
        """The empty back of the page just ended: same size and stock, one small grey line
        saying why. None in a gutterfold book."""
        if not self.duplex:
            return
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
        self.doc.end_page(side="blank", stock=self.doc.stocks[-1])

    def card_sheets(
        self,
        decks: Sequence[Deck],
        *,
        back_offset: tuple[float, float] = (0.0, 0.0),
        on_page: Callable[[], None] | None = None,
    ) -> None:
        """The decks' card sheets in the book's layout. Decks of one card size share sheets,
        their cards in order, each back behind (or, gutterfold, beside) its own front: two
        9-card decks fill one sheet of 18. Home and service sheets are double-sided on card
        stock with their backs shifted by `back_offset` (mm, the paper's axes); gutterfold
        sheets are one-sided, on paper (folded, they are two layers thick)."""
        paper = self.doc.paper
        for group in by_size(decks):
            cards = [card for deck in group for card in deck.cards]
            backs = {deck.key: deck.back for deck in group}
            size = group[0].size
            if self.layout == "gutterfold":
                draw_gutterfold_sheets(
                    self.doc,
                    cards,
                    plan_gutterfold(paper, butted(size)),
                    backs=backs,
                    marks=card_marks(self.layout),
                    edge=MARK_EDGE,
                    on_page=on_page,
                )
                continue
            before, self.doc.stock = self.doc.stock, "card"
            draw_card_sheets(
                self.doc,
                cards,
                card_layout(paper, size, self.layout),
                backs=backs,
                duplex="long",
                back_offset=back_offset,
                marks=card_marks(self.layout),
                on_page=on_page,
                edge=MARK_EDGE,
            )
            self.doc.stock = before
        self.decks.extend(decks)

    def finish(self, draw_cover: Callable[[Canvas, Rect], None]) -> None:
        """Fill in the cover, now that every page is drawn; `draw_cover` draws it on a portrait
        page of the paper."""
        c = self.doc.canvas
        width, height = self.portrait
        c.beginForm(COVER_FORM, lowerx=0, lowery=0, upperx=pt(width), uppery=pt(height))
        draw_cover(c, Rect(0, 0, width, height))
        c.endForm()
