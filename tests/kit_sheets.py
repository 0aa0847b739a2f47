"""Reading a built kit's paper back from its PDF, as a person with scissors would count it: the
sheets, how much of each is used, the straight cuts, punches, folds and glue joints its pieces
ask for, the type sizes a player reads and the QR codes' printed size.

Used by the kit tests and by benchmarks/kit_paper.py (which also reads kits built by older
checkouts, so everything here is read from the drawing, never from the kit's own plan):

- a **sheet** is two pages, front and back (every kit is in duplex order: the cover and its
  rules, each card front and its backs, each single-sided page and its blank back);
- **used**: the share of the sheet's printable area (the paper less 5 mm all round, where a home
  printer prints) that the bounding box of everything printed on its front covers;
- **straight cuts**: on a card sheet, every line of the card grid (a line through butted cards
  is one cut); elsewhere every solid black cut line (0.5 pt) of a piece, lines that continue
  each other counted once (butted pieces share their cuts), and every tile's dashed edge;
- **punches**: every solid black circle 15 to 30 mm across (a disc for a circle punch);
- **folds**: every short dashed black line (a standee's fold); **glue joints**: a standee's
  front to its back, and each tile laid over its neighbour.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

import pymupdf

MM = 72 / 25.4
EDGE = 5.0  # mm: the printable area starts this far in from the paper's edge
CUT_WIDTH = (0.45, 0.55)  # points: the solid line a piece is cut on
CARD_CUT = (0.45, 0.45, 0.45)  # the grey outline of each butted card (its cut line)
DISC = (15.0, 30.0)  # mm: the circles a punch cuts
FOLD_MAX = 60.0  # mm: a dashed line longer than this is a tile's cut edge, not a fold


@dataclass
class Sheet:
    """One sheet of paper: its front page (1-based), heading and what it takes to cut."""

    page: int
    heading: str
    used: float
    cards: int = 0
    cuts: int = 0
    punches: int = 0
    folds: int = 0
    glue: int = 0
    qr_sizes: list[float] = field(default_factory=list)


def is_black(colour) -> bool:
    return colour is not None and len(colour) == 3 and max(colour) < 0.05


def _segments(drawing) -> list[tuple[str, float, float, float]]:
    """The horizontal and vertical straight lines of a drawing as ("h", y, x0, x1) or
    ("v", x, y0, y1), in mm from the top-left."""
    out = []
    for item in drawing["items"]:
        if item[0] == "re":
            r = item[1]
            x0, y0, x1, y1 = r.x0 / MM, r.y0 / MM, r.x1 / MM, r.y1 / MM
            out += [("h", y0, x0, x1), ("h", y1, x0, x1), ("v", x0, y0, y1), ("v", x1, y0, y1)]
        elif item[0] == "l":
            a, b = item[1], item[2]
            if abs(a.y - b.y) < 0.05:
                out.append(("h", a.y / MM, min(a.x, b.x) / MM, max(a.x, b.x) / MM))
            elif abs(a.x - b.x) < 0.05:
                out.append(("v", a.x / MM, min(a.y, b.y) / MM, max(a.y, b.y) / MM))
    return out


def merged_lines(segments: list[tuple[str, float, float, float]]) -> int:
    """How many cuts the segments are: collinear segments that touch or overlap are one line."""
    by_line: dict[tuple[str, float], list[tuple[float, float]]] = defaultdict(list)
    for kind, at, start, end in segments:
        by_line[(kind, round(at, 1))].append((start, end))
    count = 0
    for spans in by_line.values():
        spans.sort()
        end = None
        for start, stop in spans:
            if end is None or start > end + 0.3:
                count += 1
                end = stop
            else:
                end = max(end, stop)
    return count


def _dashed(drawing) -> bool:
    dashes = drawing.get("dashes") or ""
    return bool(dashes) and not dashes.startswith("[] ")


def _is_circle(drawing) -> bool:
    items = drawing["items"]
    r = drawing["rect"]
    return (
        len(items) >= 4 and all(item[0] == "c" for item in items) and abs(r.width - r.height) < 0.5
    )


def qr_boxes(page) -> list[pymupdf.Rect]:
    """Every QR code on the page, quiet zone included (points): a white square (a rectangle,
    or four lines round one when turned) under a black path of many small squares."""
    drawings = page.get_drawings()
    boxes = []
    for index, d in enumerate(drawings):
        if d.get("fill") != (0.0, 0.0, 0.0) or len(d["items"]) < 30:
            continue
        codes = d["rect"]
        for back in reversed(drawings[max(0, index - 3) : index]):
            r = back["rect"]
            if (
                back.get("fill") == (1.0, 1.0, 1.0)
                and r.contains(codes)
                and abs(r.width - r.height) < 0.5
                and r.width > codes.width
            ):
                boxes.append(r)
                break
    return boxes


def qr_sizes(page) -> list[float]:
    """The printed size (mm, quiet zone included) of every QR code on the page."""
    return [round(r.width / MM, 1) for r in qr_boxes(page)]


def content_box(page) -> pymupdf.Rect:
    """The bounding box of everything printed on the page (points, top-left origin)."""
    box = pymupdf.Rect()
    for d in page.get_drawings():
        if d.get("fill") in ((1.0, 1.0, 1.0),) and d.get("color") is None:
            continue  # a white ground prints nothing
        box |= d["rect"]
    for block in page.get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            for span in line["spans"]:
                if span["text"].strip():
                    box |= pymupdf.Rect(span["bbox"])
    return box & page.rect


def used_share(page) -> float:
    """The share of the printable area (the page less EDGE mm all round) the content covers."""
    printable = page.rect + (EDGE * MM, EDGE * MM, -EDGE * MM, -EDGE * MM)
    box = content_box(page) & printable
    if box.is_empty:
        return 0.0
    return box.get_area() / printable.get_area()


def _card_grid(drawings) -> tuple[int, int]:
    """(cards, cuts) of a card sheet: the cards' grey cut outlines, each grid line one cut."""
    rects = [
        d["rect"]
        for d in drawings
        if d.get("color") is not None
        and all(abs(v - g) < 0.02 for v, g in zip(d["color"], CARD_CUT, strict=True))
        and d["items"]
        and all(item[0] == "re" for item in d["items"])
    ]
    xs = {round(v / MM, 1) for r in rects for v in (r.x0, r.x1)}
    ys = {round(v / MM, 1) for r in rects for v in (r.y0, r.y1)}
    return len(rects), (len(xs) + len(ys) if rects else 0)


def _outline(drawing) -> pymupdf.Rect | None:
    """The rectangle a drawing outlines (a rectangle, or four lines round one), else None."""
    items = drawing["items"]
    if len(items) == 1 and items[0][0] == "re":
        return items[0][1]
    if len(items) == 4 and all(item[0] == "l" for item in items):
        return drawing["rect"]
    return None


TILE_DASH = "[ 3 2 ] 0"  # the dashed edge a board tile is cut on (toolkit/pdf/tiles.py)


def read_sheet(page) -> Sheet:
    """What the front page `page` of a sheet holds and takes to cut."""
    text = [line.strip() for line in page.get_text().splitlines() if line.strip()]
    sheet = Sheet(page.number + 1, text[0] if text else "", used_share(page))
    drawings = page.get_drawings()
    sheet.qr_sizes = qr_sizes(page)
    sheet.cards, card_cuts = _card_grid(drawings)
    if sheet.cards:
        sheet.cuts = card_cuts
        return sheet
    cuts: list[tuple[str, float, float, float]] = []
    outlines: list[pymupdf.Rect] = []
    folds: list[tuple[str, float, float, float]] = []
    tile_edges = 0
    for d in drawings:
        if not is_black(d.get("color")):
            continue
        curved = any(item[0] == "c" for item in d["items"])
        if _dashed(d):
            if curved:
                continue  # a dashed place on a mat or a board: nothing to cut
            outline = _outline(d)
            if outline is not None and d["items"][0][0] == "re":
                cuts += _segments(d)  # a dashed cut-out: cut round it
                outlines.append(outline)
            elif d.get("dashes") == TILE_DASH:
                tile_edges += len(d["items"])
            else:
                folds += _segments(d)
            continue
        if not CUT_WIDTH[0] <= (d.get("width") or 0) <= CUT_WIDTH[1]:
            continue
        if _is_circle(d):
            if DISC[0] <= d["rect"].width / MM <= DISC[1]:
                sheet.punches += 1
            continue
        if curved:
            continue  # a rounded box: a track's space, not a cut
        cuts += _segments(d)
        outline = _outline(d)
        if outline is not None:
            outlines.append(outline)
    sheet.cuts = merged_lines(cuts) + tile_edges
    sheet.folds = len(folds)
    sheet.glue = tile_edges + sum(1 for r in outlines if _folds_inside(r, folds) >= 2)
    return sheet


def _folds_inside(r: pymupdf.Rect, folds: list[tuple[str, float, float, float]]) -> int:
    """The folds lying inside the outline `r` (a standee has three)."""
    x0, y0, x1, y1 = r.x0 / MM, r.y0 / MM, r.x1 / MM, r.y1 / MM
    return sum(
        1
        for kind, at, start, end in folds
        if (kind == "h" and y0 < at < y1 and start >= x0 - 0.2 and end <= x1 + 0.2)
        or (kind == "v" and x0 < at < x1 and start >= y0 - 0.2 and end <= y1 + 0.2)
    )


def read_sheets(doc) -> list[Sheet]:
    """Every sheet of a kit, read from its front page."""
    if len(doc) % 2:
        raise ValueError(f"{len(doc)} pages: a kit in duplex order has an even number")
    return [read_sheet(doc[index]) for index in range(0, len(doc), 2)]


def type_shares(doc, below: tuple[float, ...] = (7.0, 8.0)) -> dict[float, float]:
    """The share of the kit's printed characters set under each size of `below` (points)."""
    total = 0
    small = dict.fromkeys(below, 0)
    for page in doc:
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    count = len(span["text"].strip())
                    total += count
                    for size in below:
                        if span["size"] < size - 0.01:
                            small[size] += count
    return {size: small[size] / total if total else 0.0 for size in below}


# A person's time at the table with the sheets (state the model wherever it is quoted).
SECONDS = {"cut": 20, "punch": 10, "fold": 8, "glue": 30}
"""A straight cut along a metal ruler with a craft knife (or one pull of a trimmer), lining the
ruler up included: 20 s; a disc with a circle punch: 10 s; a fold creased along the ruler: 8 s; a
glue joint (glue, line up, press): 30 s."""


def cutting_seconds(sheets: list[Sheet]) -> float:
    return sum(
        SECONDS["cut"] * s.cuts
        + SECONDS["punch"] * s.punches
        + SECONDS["fold"] * s.folds
        + SECONDS["glue"] * s.glue
        for s in sheets
    )
