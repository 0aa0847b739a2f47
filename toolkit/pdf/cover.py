"""A kit's cover page: how to print it (which pages double-sided, which single-sided, at 100 %
checked on a 50 mm bar, the flip edge), what is in it (a checklist with counts and pages), what
else the game needs, and the order to cut and assemble it in.

The page numbers come from the pages really drawn (`KitBook` draws the cover last); the words
"what to print how" are the same `print_line` `domekit kit` ends with.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from toolkit.pdf.book import KitBook
from toolkit.pdf.geometry import Rect, pt
from toolkit.pdf.kits import KitOptions, every_other, print_plan, serve_command
from toolkit.pdf.sheets import draw_table
from toolkit.pdf.style import BOLD, INK, REGULAR, Layout, line, look_and_layout, text

MARGIN = 12.0
CHECK_BAR = 50.0  # mm: measure it with a ruler; anything else means the print was scaled
RULE = (0.35, 0.35, 0.35)
HEAD = (0.2, 0.2, 0.2)
PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}
INK_WORDS = {
    "light": "printer-friendly ink (white grounds; `--ink full` colours every card and board "
    "to the edge, for a print service)",
    "full": "full colour to the edge of every card and board square (`--ink light` saves ink "
    "on a home printer)",
}
LAYOUT_WORDS = {
    "home": "cards butted 9 a sheet, cut on the shared lines (`--layout service` adds bleed "
    "and crop marks for a print service)",
    "service": "every card with 3 mm bleed and crop marks, for a print service",
}


# Steps every kit's cutting and assembly order shares, in the same words.
CUT_CARDS = "Cards: cut the long lines first, right across the sheet, then the short ones"
FOLD_STANDEES = (
    "Standees: cut round each outline, fold on the dashed lines, glue front to back, fold the "
    "tabs out so it stands on a square."
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
    if section == "Rules reference" and pages == [2]:
        return "2 (back of this page)"
    return every_other(pages)


def print_steps(book: KitBook) -> list[str]:
    """The printing paragraph: the check, the easy way, the paper-saving way, the backs."""
    sides = book.doc.sides
    plan = print_plan(sides, book.doc.flip)
    flip = plan["flip"] or "long"
    both = plan["double_sided"]
    singles = [n for n, side in enumerate(sides, start=1) if side == "single"]
    steps = [
        f"Easiest: print the whole file double-sided, flipping on the {flip} edge. Every "
        "single-sided sheet has a blank back, so no board tile or piece lands on the back of "
        "another.",
        f"To save paper: pages {both} double-sided ({flip}-edge flip), then pages "
        f"{every_other(singles)} single-sided: the pages between them are the blank backs.",
        "If card backs sit a millimetre off their fronts, print `domekit calibrate` once and "
        "pass the --back-offset it gives to `domekit kit`.",
    ]
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


def _list(c: Canvas, entries: Sequence[str], box: Rect, *, numbered: bool, size: float) -> float:
    """Bulleted or numbered paragraphs from the top of `box`; returns the y below them."""
    from reportlab.lib.utils import simpleSplit

    y = box.top
    leading = size * 1.2 / 2.83465
    for index, entry in enumerate(entries, start=1):
        mark = f"{index}." if numbered else "•"
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


def draw_cover(c: Canvas, page: Rect, cover: Cover, book: KitBook) -> None:
    """The whole cover, on a portrait page of the kit's paper."""
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
    steps_box = Rect(rest.x, rest.top - 36, rest.w, 35)
    below = _list(c, print_steps(book), steps_box, numbered=False, size=9)
    rest = Rect(rest.x, rest.y, rest.w, below - rest.y - 2)

    # 2. the checklist
    head, rest = rest.split_top(8)
    _heading(c, "2  What is in the kit", head)
    rows = [[part.name, part.count, pages_of(book, part.section)] for part in cover.components]
    row_h = 5.6
    table = Rect(rest.x, rest.top - (len(rows) + 1) * row_h - 1.5, rest.w, (len(rows) + 1) * row_h)
    below = draw_table(
        c,
        Rect(table.x, table.y, table.w, table.h),
        ["Component", "Count", "Pages"],
        rows,
        [3.2, 1.0, 1.5],
        row_height=row_h,
        size=8,
        header_colour=(0.55, 0.55, 0.55),
    )
    rest = Rect(rest.x, rest.y, rest.w, below - rest.y - 3)

    # 3 and 4 side by side: what else, and the order of work
    left = Rect(rest.x, rest.y, rest.w * 0.36, rest.h)
    right = Rect(rest.x + rest.w * 0.4, rest.y, rest.w * 0.6, rest.h)
    head, body = left.split_top(8)
    _heading(c, "3  You also need", head)
    _list(c, cover.needs, Rect(body.x, body.y, body.w, body.h - 2), numbered=False, size=8.5)
    head, body = right.split_top(8)
    _heading(c, "4  Cut and assemble, in this order", head)
    bottom = _list(
        c, cover.steps, Rect(body.x, body.y, body.w, body.h - 2), numbered=True, size=8.5
    )
    if bottom < area.y + 6:
        raise ValueError(f"the cover of {cover.title} runs off its page")
    c.setFillColorRGB(*RULE)
    line(
        c,
        f"The QR codes lead to {cover.base_url}: run `{serve_command(cover.base_url)}` there, "
        "then scan a piece or a sheet to open its page on the table tracker.",
        Rect(area.x, area.y, area.w, 4.5),
        font=REGULAR,
        max_size=7.5,
    )
