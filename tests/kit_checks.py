"""Checks every kit passes, read back from its PDF: the cover first with the print plan that is
really in the file, a file a careless whole-file duplex print cannot ruin, no ink where a home
printer cannot print, little dark ink, one embedded font family, no type under 7 pt and none cut
short, the paper it takes, its QR codes all one size and read by zbar, registration crosses
clear of every word."""

from __future__ import annotations

import re

import pymupdf
from kit_pdf import dark_share, decode_qr, edge_ink, page_fonts, smallest_type
from kit_sheets import qr_boxes, read_sheets

from toolkit.pdf.geometry import MM
from toolkit.pdf.qr import QR_SIZE
from toolkit.pdf.style import MIN_TYPE

MAX_DARK = 0.15  # of the paper, on average over the kit's printed pages


def flat(text: str) -> str:
    return " ".join(text.split())


def content_pages(result) -> list[int]:
    """0-based indexes of the pages that carry something (the blank backs left out)."""
    return [index for index, side in enumerate(result.sides) if side != "blank"]


def check_page_order(result, doc) -> None:
    """Cover and rules on sheet 1; every card front followed by its back; every single-sided
    page followed by a blank one: a whole-file duplex print puts nothing on the wrong back."""
    sides = list(result.sides)
    assert len(sides) == len(doc)
    assert sides[:2] == ["front", "back"]
    for index, side in enumerate(sides):
        if side == "front":
            assert sides[index + 1] == "back", index
        if side == "single":
            assert sides[index + 1] == "blank", index
        if side == "blank":
            assert sides[index - 1] == "single", index
            assert doc[index].get_text().startswith(f"The back of page {index}: left blank")
    # the double-sided sheets come first, then the single-sided ones
    last_duplex = max(i for i, side in enumerate(sides) if side in ("front", "back"))
    assert all(side in ("single", "blank") for side in sides[last_duplex + 1 :])


RUN = re.compile(
    r"(Paper|Card stock \(160-250 g/m²\)), (both sides, flip on the long edge|one side): "
    r"pages ([0-9, -]+) \("
)


def pages_in(ranges: str) -> list[int]:
    """The pages of a print dialog's list ("1-2, 5, 7-8"), in order, each once."""
    found: list[int] = []
    for part in ranges.split(","):
        first, _, last = part.strip().partition("-")
        found.extend(range(int(first), int(last or first) + 1))
    assert found == sorted(set(found)), ranges
    return found


def check_print_runs(result, text: str) -> None:
    """The cover's page lists are the real pages: each list names exactly the pages of its
    stock printed that way (card stock or paper; both sides: card fronts and their backs, the
    cover and its back; one side: single pages), every page with ink is in one list, blank
    backs in none; the lists are explicit (no "odd pages only": any print dialog takes them);
    the sheet counts are the sheets really printed."""
    runs = RUN.findall(text)
    assert runs, text
    stocks = list(result.stocks) or ["paper"] * len(result.sides)
    listed: list[int] = []
    for stock, sides, ranges in runs:
        kind = "card" if stock.startswith("Card") else "paper"
        wanted = ("front", "back") if sides.startswith("both") else ("single",)
        pages = pages_in(ranges)
        real = [
            n
            for n, (side, paper) in enumerate(zip(result.sides, stocks, strict=True), start=1)
            if side in wanted and paper == kind
        ]
        assert pages == real, (stock, sides, ranges)
        listed += pages
    inked = [n for n, side in enumerate(result.sides, start=1) if side != "blank"]
    assert sorted(listed) == inked
    assert "odd pages" not in text and "even pages" not in text
    assert " --" not in text, "a command-line flag on the cover"
    sheets = sum(1 for side in result.sides if side in ("front", "single"))
    card = sum(
        1
        for side, stock in zip(result.sides, stocks, strict=True)
        if side in ("front", "single") and stock == "card"
    )
    assert f"{card} of card stock, {sheets - card} of paper" in text
    if "blank" in result.sides:
        assert f"the whole file double-sided, flip on the long edge: {sheets} sheets" in text, text


def check_cover(result, doc, words: list[str]) -> str:
    """Page 1 is the cover: 100 %, the 50 mm bar, the page lists of this very file by stock and
    sides (`check_print_runs`), and `words` (its checklist and what else the game needs).
    Returns its text."""
    cover = doc[0]
    text = flat(cover.get_text())
    assert text.startswith(flat(words[0]))
    assert "At actual size: 100 %, no 'fit to page'" in text
    assert "it must be exactly 50 mm" in text
    check_print_runs(result, text)
    for word in words[1:]:
        assert flat(word) in text, word
    for heading in ("1 Print it", "2 What is in the kit", "3 You also need", "4 Cut and assemble"):
        assert heading in text, heading
    # the check bar: a filled bar exactly 50 mm long
    bars = [
        d["rect"]
        for d in cover.get_drawings()
        if d.get("fill") is not None and abs(d["rect"].width / MM - 50) < 0.05
    ]
    assert len(bars) == 1 and bars[0].height / MM < 2
    return text


def check_home_print(result, doc) -> float:
    """No ink within 5 mm of any edge on any page; dark ink under 15 % on average (blank backs
    left out, so they do not water it down); only embedded Noto Sans; nothing under MIN_TYPE
    (7 pt) and nothing cut short with "...". Returns the average dark ink."""
    for index, page in enumerate(doc):
        assert edge_ink(page) == 0, f"page {index + 1} prints within 5 mm of the edge"
    shares = [dark_share(doc[index]) for index in content_pages(result)]
    average = sum(shares) / len(shares)
    assert average < MAX_DARK, average
    fonts = page_fonts(doc)
    assert fonts, "no text at all?"
    for name, ext in fonts:
        assert ext == "ttf" and "+NotoSans-" in name, (name, ext)
    size, words = smallest_type(doc)
    assert size >= MIN_TYPE - 0.01, (size, words)
    for page in doc:
        assert "..." not in page.get_text(), (page.number + 1, "a text was cut short")
    return average


def check_paper(doc, most_sheets: int, decks: int) -> list:
    """At most `most_sheets` sheets (the kit's count before its pieces were packed), and no
    sheet less than half used but the last card sheet of a deck (at most `decks` of them).
    Returns the sheets."""
    sheets = read_sheets(doc)
    assert len(sheets) <= most_sheets, (len(sheets), most_sheets)
    half = [sheet for sheet in sheets if sheet.used < 0.5]
    assert all(sheet.cards for sheet in half), [(s.page, s.heading, s.used) for s in half]
    assert len(half) <= decks, [(s.page, s.used) for s in half]
    return sheets


def check_qr_codes(doc, urls: list[str], folder) -> None:
    """Every QR code of the kit is QR_SIZE mm, and zbar reads each one, framed as a phone
    frames it (the code and 5 mm round it, its neighbours' edges included), on renders at 150
    and at 300 dpi: exactly the kit's URLs."""
    frame = 5 * MM
    for dpi in (150, 300):
        read: list[str] = []
        sizes: set[float] = set()
        for page in doc:
            for box in qr_boxes(page):
                sizes.add(round(box.width / MM, 1))
                found = decode_qr(page, folder, dpi=dpi, clip=box + (-frame, -frame, frame, frame))
                assert len(found) == 1, (page.number + 1, dpi, found)
                read += found
        assert sizes == {QR_SIZE}
        assert sorted(read) == sorted(urls), dpi


def registration_crosses(page) -> list:
    """Each registration cross on a tile page: the square its ring and arms cover (points)."""
    found = []
    for drawing in page.get_drawings():
        r = drawing["rect"]
        if (
            drawing.get("color") == (0.0, 0.0, 0.0)
            and abs(r.width / MM - 3.6) < 0.2
            and abs(r.height / MM - 3.6) < 0.2
            and all(item[0] == "c" for item in drawing["items"])
        ):
            cx, cy = (r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2
            found.append(pymupdf.Rect(cx - 3 * MM, cy - 3 * MM, cx + 3 * MM, cy + 3 * MM))
    return found


def check_crosses_clear_of_text(doc, tile_pages: list[int]) -> None:
    """No registration cross of a board tile covers any word printed on it."""
    crosses = 0
    for index in tile_pages:
        page = doc[index]
        spans = [
            pymupdf.Rect(span["bbox"])
            for block in page.get_text("dict")["blocks"]
            for text_line in block.get("lines", [])
            for span in text_line["spans"]
            if span["text"].strip()
        ]
        for cross in registration_crosses(page):
            crosses += 1
            hit = [span for span in spans if cross.intersects(span)]
            assert not hit, (index + 1, cross, hit)
    assert crosses, "no registration crosses found"


def check_safe_text(doc, pages: list[int], safes: list) -> None:
    """Every word on the card sheets `pages` lies inside some card's safe area."""
    tolerance = 0.8  # mm: a font's bounding box reaches a little above its capitals
    for index in pages:
        page = doc[index]
        height = page.rect.height / MM
        for block in page.get_text("dict")["blocks"]:
            for text_line in block.get("lines", []):
                for span in text_line["spans"]:
                    if not span["text"].strip():
                        continue
                    x0, y0, x1, y1 = (v / MM for v in span["bbox"])
                    assert any(
                        x0 >= r.x - tolerance
                        and x1 <= r.right + tolerance
                        and height - y1 >= r.y - tolerance
                        and height - y0 <= r.top + tolerance
                        for r in safes
                    ), (index, span["text"])


def card_fronts(result, doc) -> list[int]:
    """0-based indexes of the card sheet fronts (a TrimBox inside the page, a back after)."""
    return [
        index
        for index, side in enumerate(result.sides)
        if side == "front" and doc[index].trimbox != doc[index].mediabox
    ]


def cards_on(page, size: tuple[float, float]) -> int:
    """The cards on a sheet: filled rectangles of the card's size."""
    return sum(
        1
        for d in page.get_drawings()
        if d.get("fill") is not None
        and abs(d["rect"].width / MM - size[0]) < 0.05
        and abs(d["rect"].height / MM - size[1]) < 0.05
    )


def grey_at(page, points_mm: list[tuple[float, float]], dpi: int = 100) -> list[int]:
    """The grey (0..255) a greyscale render shows at points given in mm from the top-left."""
    pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    scale = dpi / 25.4
    return [pix.pixel(int(x * scale), int(y * scale))[0] for x, y in points_mm]


def check_no_slivers(plan, least: float = 40.0) -> None:
    """No tile page carries only a strip of the board: each tile adds at least `least` mm of
    its own across and up (beyond the overlap it shares with the tile before it)."""
    for tile in plan.tiles:
        own_w = tile.window.w - (plan.overlap if tile.column else 0)
        own_h = tile.window.h - (plan.overlap if tile.row else 0)
        assert own_w >= least and own_h >= least, (tile.label, own_w, own_h)


def check_words_inside_discs(page, margin: float = 1.5) -> None:
    """Every word on a sheet of punch-out discs lies inside a disc (`margin` mm in from its cut
    line: a punch may be that far off), none over the cut or in the gaps: captions excepted."""
    discs = []
    for d in page.get_drawings():
        r = d["rect"]
        if d.get("fill") is not None and abs(r.width - r.height) < 0.1 and 15 * MM < r.width:
            discs.append(((r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2, r.width / 2))
    assert discs, "no discs on the page"
    top = min(cy - radius for _, cy, radius in discs)
    for x0, y0, x1, y1, word, *_ in page.get_text("words"):
        if y1 < top:
            continue  # the heading and the note above the first row
        middle = (y0 + y1) / 2  # a word's box is its line's (ascender to descender): the
        corners = [(x0, middle), (x1, middle)]  # ends of its middle line are what must fit
        inside = [
            (cx, cy, radius)
            for cx, cy, radius in discs
            if all((x - cx) ** 2 + (y - cy) ** 2 <= (radius - margin * MM) ** 2 for x, y in corners)
        ]
        # a caption between rows lies in no disc and across the page: only those may
        if not inside:
            assert x1 - x0 > 0 and not any(
                abs((y0 + y1) / 2 - cy) < radius
                for cx, cy, radius in discs
                if cx - radius < (x0 + x1) / 2 < cx + radius
            ), (word, page.number)


def check_reference_prints_whole(page, sections) -> None:
    """Every line of a rules reference's `sections` is on `page` (nothing dropped to make room
    at 7 pt): the last words of each, as wrapped text."""
    text = " ".join(page.get_text().split())
    for section in sections:
        assert section.heading in text, section.heading
        for entry in section.lines:
            assert " ".join(entry.removeprefix("- ").split()[-3:]) in text, entry
