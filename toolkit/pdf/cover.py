"""A kit's cover page: how to print it (at 100 % checked on a 50 mm bar; the page lists to type
into any print dialog, on paper or on card stock, double- or single-sided; the sheets each way
takes), what is in it (a checklist with counts and pages), what else the game needs, and the order
to cut and assemble it in. It speaks to a person holding only the PDF: plain words, no flags.

The page lists come from the pages really drawn (`KitBook` draws the cover last) through the
same `print_plan` `domekit kit` ends with; every number of sheets it gives is counted, and it
offers nothing that saves nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from toolkit.output import counted
from toolkit.pdf.book import KitBook, card_sheet_count
from toolkit.pdf.geometry import Rect, pt
from toolkit.pdf.kits import KitOptions, page_numbers, page_ranges, print_plan
from toolkit.pdf.service import SERVICE_BLEED, SERVICE_DPI
from toolkit.pdf.sheets import draw_table
from toolkit.pdf.style import BOLD, INK, REGULAR, Layout, line, look_and_layout, text

MARGIN = 12.0
CHECK_BAR = 50.0  # mm: measure it with a ruler; anything else means the print was scaled
RULE = (0.35, 0.35, 0.35)
FOOTER = 6.5  # mm: the footer on the QR codes, two lines of 7.5 pt
HEAD = (0.2, 0.2, 0.2)
PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}
INK_WORDS = {
    "light": "printer-friendly ink (white grounds, colour in lines and tints)",
    "full": "full colour to the edge of every card and board square",
}
LAYOUT_WORDS = {
    "home": "cards butted on shared cut lines, backs printed on the other side",
    "gutterfold": "gutterfold cards: each back beside its front, folded and glued; one-sided",
    "service": "every card with 3 mm bleed and crop marks, for a print service",
}
CARD_STOCK = "card stock (160-250 g/m²)"


# Steps every kit's cutting and assembly order shares, in the same words.
CUT_CARDS = "Cards: cut the long lines first, right across the sheet, then the short ones"
FOLD_STANDEES = (
    "Standees: cut round each outline, fold on the dashed lines, glue front to back, fold the "
    "tabs out so it stands on a square."
)


def print_first(pieces: str = "") -> str:
    """The first step: print; the `pieces` sheets ("standee and marker") go on card stock, or
    on paper glued onto thin card."""
    if not pieces:
        return "Print (section 1)."
    return (
        f"Print (section 1). The {pieces} sheets printed on paper: glue them onto thin card "
        "before cutting."
    )


def cut_cards(then: str = "") -> str:
    """The card cutting step, with what to do with the cards after (`then`, a clause)."""
    return f"{CUT_CARDS}; {then}" if then else f"{CUT_CARDS}."


def lay_tiles(what: str, tiles: int) -> str:
    """The step that joins a board's `tiles` tiles (`what`: Board, Battlefield, Map)."""
    return (
        f"{what}: lay the {tiles} tiles out as the assembly key shows; from A1, trim each tile "
        "on its dashed line, lay it over its neighbours so the crosses match, glue."
    )


@dataclass(frozen=True)
class Component:
    """One line of the checklist: what, how many, and the book section whose pages hold it."""

    name: str
    count: str
    section: str


@dataclass(frozen=True)
class Cover:
    title: str
    paper: str  # a PAPERS key
    ink: str
    layout: Layout
    components: tuple[Component, ...]
    needs: tuple[str, ...]  # what else the game needs, from its rule text
    steps: tuple[str, ...]  # cutting and assembly, in order
    base_url: str

    @classmethod
    def of(
        cls,
        options: KitOptions,
        title: str,
        *,
        components: tuple[Component, ...],
        needs: tuple[str, ...],
        steps: tuple[str, ...],
        base_url: str,
    ) -> Cover:
        """The cover of a kit built with `options` (its paper, ink and layout)."""
        _, layout = look_and_layout(options.ink, options.layout)
        return cls(title, options.paper, options.ink, layout, components, needs, steps, base_url)


def pages_of(book: KitBook, section: str) -> str:
    """A section's pages as the checklist prints them (its blank backs left out)."""
    sides = book.doc.sides
    pages = [n for n in book.sections.get(section, []) if sides[n - 1] != "blank"]
    if section == "Rules reference" and pages == [2] and book.duplex:
        return "2 (back of this page)"
    return page_ranges(pages)


def _parts(book: KitBook, pages: set[int]) -> str:
    """The parts (sections) printed on `pages`, in book order, lower case: 'cards, tokens'."""
    names = [
        name.lower() if name != "Rules reference" else "rules"
        for name, numbers in book.sections.items()
        if pages & set(numbers)
    ]
    if 1 in pages:
        names.insert(0, "cover")
    return ", ".join(names)


def print_runs(book: KitBook) -> list[str]:
    """Each print run in words: what to load, how to print, the pages to type into the print
    dialog's 'Pages' box, and what they are."""
    plan = print_plan(book.doc.sides, book.doc.flip, book.doc.stocks)
    flip = plan["flip"] or "long"
    runs = []
    for run in plan["runs"]:
        stock = CARD_STOCK if run["stock"] == "card" else "Paper"
        how = f"both sides, flip on the {flip} edge" if run["sides"] == "double" else "one side"
        what = _parts(book, page_numbers(run["pages"]))
        runs.append(f"{stock[0].upper()}{stock[1:]}, {how}: pages {run['pages']} ({what}).")
    return runs


def print_steps(book: KitBook) -> list[str]:
    """The printing paragraphs: the ways to print this very file and the sheets each takes, how
    to fix backs that miss their fronts, and the other layouts, with what they cost."""
    plan = print_plan(book.doc.sides, book.doc.flip, book.doc.stocks)
    sheets = plan["sheets"]
    flip = plan["flip"] or "long"
    total = sheets["total"]
    split = f"{sheets['card']} of card stock, {sheets['paper']} of paper"
    total_sheets = counted(total, "sheet")
    steps: list[str] = []
    if book.duplex:
        steps.append(
            f"Easiest, all on paper: the whole file double-sided, flip on the {flip} edge: "
            f"{total_sheets}. Every one-sided page has a blank back, so nothing lands on the "
            "back of a board tile or a piece; glue the piece sheets onto thin card."
        )
        steps.append(
            f"Sturdier, the same {total_sheets} ({split}): type each page list into the print "
            "dialog's 'Pages' box in turn:"
        )
    else:
        steps.append(
            f"Every page prints on one side: {total_sheets} ({split}). Type each page list "
            "into the print dialog's 'Pages' box in turn:"
        )
    return steps


def _after_steps(book: KitBook) -> list[str]:
    """What to do when backs miss their fronts, and the other ways to print the cards."""
    paper = book.doc.paper
    decks = book.decks
    steps: list[str] = []
    if book.layout == "gutterfold":
        steps.append(
            "Gutterfold card sheets: fold each on its dashed middle line, printed sides out, "
            "glue the halves together all over, let them dry flat, then cut the cards out of "
            "both layers at once: every back is lined up by the fold."
        )
        return steps
    steps.append(
        "Backs off their fronts? Your printer shifts the second side a little. Measure it once "
        "with Domekit's calibration sheet (the command domekit calibrate makes it): print it "
        "double-sided, hold it against a window, read the two numbers where the red lines cross "
        "the scales, and make the kit again with them as its back offset. One measurement "
        "serves every sheet of every kit."
    )
    if decks:
        duplex_sheets = card_sheet_count(paper, decks, book.layout)
        folded = card_sheet_count(paper, decks, "gutterfold")
        steps.append(
            "No duplex printer, or backs that will not line up? Make this kit in Domekit's "
            "gutterfold layout: each card's back beside its front on one side of the paper, "
            f"folded and glued. Its cards take {folded} sheets of paper instead of "
            f"{duplex_sheets} printed on both sides."
        )
    if book.layout == "service":
        steps.append(
            "For a print service: beside this file, its print-service folder holds each deck "
            f"as a PDF of one card a page (front, back, front, back; {SERVICE_BLEED:g} mm "
            f"bleed) and as {SERVICE_DPI} dpi PNG images. Upload those."
        )
    return steps


def draw_check_bar(c: Canvas, x: float, y: float) -> Rect:
    """A bar exactly CHECK_BAR mm long with centimetre ticks; returns where it is."""
    c.saveState()
    c.setFillColorRGB(*INK)
    c.rect(pt(x), pt(y), pt(CHECK_BAR), pt(1.2), stroke=0, fill=1)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.5)
    for cm in range(int(CHECK_BAR // 10) + 1):
        tick = x + cm * 10
        c.line(pt(tick), pt(y), pt(tick), pt(y + 3.5 if cm in (0, CHECK_BAR // 10) else y + 2.5))
    c.setFont(REGULAR, 7)
    c.drawCentredString(pt(x), pt(y - 3), "0")
    c.drawCentredString(pt(x + CHECK_BAR), pt(y - 3), f"{CHECK_BAR:g} mm")
    c.restoreState()
    return Rect(x, y, CHECK_BAR, 1.2)


def _heading(c: Canvas, words: str, box: Rect) -> None:
    c.setFillColorRGB(*HEAD)
    line(c, words, box, max_size=12)
    c.setStrokeColorRGB(*RULE)
    c.setLineWidth(0.6)
    c.line(pt(box.x), pt(box.y), pt(box.right), pt(box.y))


def _list_height(entries: Sequence[str], width: float, size: float) -> float:
    """How tall (mm) `_list` sets `entries` at `size` in `width` mm."""
    from reportlab.lib.utils import simpleSplit

    leading = size * 1.2 / 2.83465
    lines = sum(len(simpleSplit(entry, REGULAR, size, pt(width - 5))) for entry in entries)
    return (lines + 0.35 * len(entries)) * leading


def _list_size(entries: Sequence[str], box: Rect, size: float) -> float:
    """The largest size from `size` down to 7.5 pt at which `_list` sets `entries` in `box`."""
    while size > 7.5 and _list_height(entries, box.w, size) > box.h:
        size -= 0.25
    return size


def _list(
    c: Canvas, entries: Sequence[str], box: Rect, *, numbered: bool, size: float, mark: str = "•"
) -> float:
    """Bulleted (`mark`) or numbered paragraphs from the top of `box`; returns the y below."""
    from reportlab.lib.utils import simpleSplit

    y = box.top
    leading = size * 1.2 / 2.83465
    bullet = mark
    for index, entry in enumerate(entries, start=1):
        mark = f"{index}." if numbered else bullet
        lines = simpleSplit(entry, REGULAR, size, pt(box.w - 5))
        c.setFont(BOLD if numbered else REGULAR, size)
        c.setFillColorRGB(*INK)
        c.drawString(pt(box.x), pt(y - leading * 0.85), mark)
        c.setFont(REGULAR, size)
        for part in lines:
            y -= leading
            c.drawString(pt(box.x + 5), pt(y + leading * 0.15), part)
        y -= leading * 0.35
    return y


SIZES = (8.5, 8.0, 7.5, 7.0)
"""The cover's list sizes, largest first: the first at which everything fits is used (a short
paper, Letter, and a long print plan, a print service's, take a smaller one; 7 pt the least)."""


class _RunsOff(ValueError):
    pass


def draw_cover(c: Canvas, page: Rect, cover: Cover, book: KitBook) -> None:
    """The whole cover, on a portrait page of the kit's paper, at the largest size that fits."""
    from io import BytesIO

    for size in SIZES[:-1]:
        try:  # tried on a scratch canvas first: a page cannot be undrawn
            _draw_cover(
                Canvas(BytesIO(), pagesize=(pt(page.w), pt(page.h))), page, cover, book, size
            )
        except _RunsOff:
            continue
        break
    else:
        size = SIZES[-1]
    _draw_cover(c, page, cover, book, size)


def _draw_cover(c: Canvas, page: Rect, cover: Cover, book: KitBook, size: float) -> None:
    area = page.inset(MARGIN)
    c.setFillColorRGB(*INK)
    title, rest = area.split_top(13)
    line(c, f"{cover.title}: print-and-play kit", title, max_size=24)
    sub, rest = rest.split_top(9)
    c.setFillColorRGB(*RULE)
    text(
        c,
        f"{PAPER_NAMES.get(cover.paper, cover.paper)} paper · {INK_WORDS[cover.ink]} · "
        f"{LAYOUT_WORDS[cover.layout]}.",
        sub,
        max_size=8,
    )

    # 1. printing
    head, rest = rest.split_top(8)
    _heading(c, "1  Print it", head)
    check, rest = rest.split_top(12)
    c.setFillColorRGB(*INK)
    text(
        c,
        "At actual size: 100 %, no 'fit to page'. Measure this bar: it must be exactly "
        f"{CHECK_BAR:g} mm.",
        Rect(check.x, check.y + 1, check.w - CHECK_BAR - 12, check.h - 2),
        font=BOLD,
        max_size=9.5,
        valign="middle",
    )
    draw_check_bar(c, check.right - CHECK_BAR - 4, check.y + 5)
    below = _list(c, print_steps(book), rest, numbered=False, size=size)
    below = _list(
        c,
        print_runs(book),
        Rect(rest.x + 5, rest.y, rest.w - 5, below - rest.y),
        numbered=False,
        size=size,
        mark="–",
    )
    below = _list(
        c,
        _after_steps(book),
        Rect(rest.x, rest.y, rest.w, below - rest.y),
        numbered=False,
        size=size,
    )
    rest = Rect(rest.x, rest.y, rest.w, below - rest.y - 2)

    # 2. the checklist
    head, rest = rest.split_top(8)
    _heading(c, "2  What is in the kit", head)
    rows = [[part.name, part.count, pages_of(book, part.section)] for part in cover.components]
    row_h = size * 0.66
    table = Rect(rest.x, rest.top - (len(rows) + 1) * row_h - 1.5, rest.w, (len(rows) + 1) * row_h)
    below = draw_table(
        c,
        Rect(table.x, table.y, table.w, table.h),
        ["Component", "Count", "Pages"],
        rows,
        [3.2, 1.0, 1.5],
        row_height=row_h,
        size=size - 0.5,
        header_colour=(0.55, 0.55, 0.55),
    )
    rest = Rect(rest.x, rest.y, rest.w, below - rest.y - 3)

    # 3 and 4 side by side: what else, and the order of work
    left = Rect(rest.x, rest.y, rest.w * 0.36, rest.h)
    right = Rect(rest.x + rest.w * 0.4, rest.y, rest.w * 0.6, rest.h)
    head, body = left.split_top(8)
    _heading(c, "3  You also need", head)
    room = area.y + FOOTER + 1.5  # the lowest a list may reach
    body = Rect(body.x, room, body.w, body.top - 2 - room)
    needs = _list(c, cover.needs, body, numbered=False, size=_list_size(cover.needs, body, size))
    head, body = right.split_top(8)
    _heading(c, "4  Cut and assemble, in this order", head)
    body = Rect(body.x, room, body.w, body.top - 2 - room)
    steps = _list(c, cover.steps, body, numbered=True, size=_list_size(cover.steps, body, size))
    if min(needs, steps) < room - 0.01:
        raise _RunsOff(f"the cover of {cover.title} runs off its page")
    c.setFillColorRGB(*RULE)
    text(
        c,
        f"The QR codes lead to {cover.base_url}: while Domekit's table tracker runs there (on "
        "the computer that made this kit), scan a piece or a sheet to open its page.",
        Rect(area.x, area.y, area.w, FOOTER),
        font=REGULAR,
        max_size=7.5,
        valign="bottom",
    )
