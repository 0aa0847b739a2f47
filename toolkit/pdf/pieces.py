"""Play pieces that are not cards: numbered tracks with coloured spaces, punch-out pieces (discs
a 19 or 25 mm circle punch cuts, with words and an optional glyph), cut-out markers and fold-over
standees.

Geometry only, like the rest of toolkit/pdf: a game says what each space, piece or standee shows
and what colour it is; this module lays them out in a box and draws the cut and fold lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from toolkit.errors import DomekitError
from toolkit.pdf.draw import upside_down
from toolkit.pdf.geometry import BLACK, WHITE, Colour, Rect, pt, text_colour_on
from toolkit.pdf.glyphs import Glyph
from toolkit.pdf.qr import draw_qr
from toolkit.pdf.style import BOLD, INK, REGULAR, Look, deep, line, text

PUNCHES = (19.0, 25.0)  # mm: the circle punches sold everywhere
CUT = 0.5  # points: the solid line a piece is cut on
FOLD_DASH = (2.0, 1.5)
CAPTION = 7.0  # mm above each group of pieces


@dataclass(frozen=True)
class TrackSpace:
    """One marker space: its value (large), an optional note under it (small) and its fill."""

    value: str
    note: str = ""
    fill: Colour = WHITE


def track_rows(count: int, columns: int) -> int:
    return -(-count // columns)


def draw_track(
    c: Canvas,
    box: Rect,
    spaces: Sequence[TrackSpace],
    *,
    columns: int,
    space_height: float,
    gap: float = 0.8,
    value_size: float = 12,
) -> list[Rect]:
    """Spaces in reading order (left to right, top row first) from the top-left of `box`, each
    `box.w / columns` wide. Returns every space's rectangle; a track taller than `box` is an
    error (the caller chose sizes that do not fit)."""
    if columns < 1 or not spaces:
        raise DomekitError("a track needs at least one space and one column")
    rows = track_rows(len(spaces), columns)
    if rows * space_height > box.h + 1e-6:
        raise DomekitError(
            f"a track of {len(spaces)} spaces in {columns} columns needs "
            f"{rows * space_height:.0f} mm but the box is {box.h:.0f} mm high"
        )
    step = box.w / columns
    rects: list[Rect] = []
    c.saveState()
    c.setLineWidth(0.5)
    for index, space in enumerate(spaces):
        row, col = divmod(index, columns)
        cell = Rect(
            box.x + col * step + gap / 2,
            box.top - (row + 1) * space_height + gap / 2,
            step - gap,
            space_height - gap,
        )
        rects.append(cell)
        c.setFillColorRGB(*space.fill)
        c.setStrokeColorRGB(0, 0, 0)
        c.roundRect(pt(cell.x), pt(cell.y), pt(cell.w), pt(cell.h), pt(1.0), stroke=1, fill=1)
        c.setFillColorRGB(*text_colour_on(space.fill))
        inner = cell.inset(0.6, 0.4)
        if space.note:
            value_box = Rect(inner.x, inner.y + inner.h * 0.4, inner.w, inner.h * 0.58)
            note_box = Rect(inner.x, inner.y, inner.w, inner.h * 0.4)
            line(c, space.note, note_box, font=REGULAR, max_size=7, align="centre")
        else:
            value_box = inner.inset(0, inner.h * 0.15)
        line(c, space.value, value_box, max_size=value_size, align="centre")
    c.restoreState()
    return rects


# ---------------------------------------------------------------------------------------------
# Punch-out pieces


@dataclass(frozen=True)
class Piece:
    """A punch-out disc (or a square, for the few pieces a circle must not be mistaken for):
    `title` large, then a one-line `note` or a wrapped reminder `text`, and an optional glyph
    above. `fill` is its colour; printed printer-friendly it becomes a light tint inside a ring
    of the colour."""

    shape: str  # "circle" or "square"
    size: float
    fill: Colour
    title: str
    note: str = ""
    glyph: Glyph | None = None
    text: str = ""
    mark: str = ""  # a small word at the top of the disc: whose it is, beside its colour


def draw_piece(c: Canvas, piece: Piece, cx: float, cy: float, look: Look = Look()) -> None:
    """The piece with its cut line (solid black on its edge)."""
    r = piece.size / 2
    fill = piece.fill if look.full or piece.fill == WHITE else look.band(piece.fill)
    ink = text_colour_on(fill) if look.full or piece.fill == WHITE else deep(piece.fill, 0.3)
    c.saveState()
    c.setFillColorRGB(*fill)
    c.setStrokeColorRGB(*BLACK)
    c.setLineWidth(CUT)
    if piece.shape == "circle":
        c.circle(pt(cx), pt(cy), pt(r), stroke=1, fill=1)
        side = r * 1.35
    else:
        c.rect(pt(cx - r), pt(cy - r), pt(2 * r), pt(2 * r), stroke=1, fill=1)
        side = r * 1.75
    if not look.full and piece.fill != WHITE:
        # the colour as a ring inside the cut line: it reads even where the tint is faint, and
        # keeps its own grey in a black and white print
        c.setStrokeColorRGB(*deep(piece.fill, 0.85))
        c.setLineWidth(pt(1.0))
        if piece.shape == "circle":
            c.circle(pt(cx), pt(cy), pt(r - 0.9), stroke=1, fill=0)
        else:
            c.rect(pt(cx - r + 0.9), pt(cy - r + 0.9), pt(2 * r - 1.8), pt(2 * r - 1.8), stroke=1)
    c.setFillColorRGB(*ink)
    c.setStrokeColorRGB(*ink)
    c.setLineWidth(0.6)
    if piece.mark:
        line(
            c,
            piece.mark,
            Rect(cx - side / 3, cy + r * 0.5, side / 1.5, r * 0.3),
            align="centre",
            max_size=7,
        )
        cy -= r * 0.12  # the rest a little lower
    if piece.glyph is not None:
        # the glyph above the title, clear of it; the title may use the disc's width near its
        # middle (a long word like "Incapacitated" on a 19 mm disc)
        piece.glyph(
            c, cx, cy + r * (0.42 if piece.note else 0.3), r * (0.26 if piece.note else 0.3)
        )
        title_y = cy - r * (0.22 if piece.note else 0.62)
        wide = r * 1.55 if piece.shape == "circle" and piece.note else side
        line(
            c, piece.title, Rect(cx - wide / 2, title_y, wide, r * 0.38), align="centre", max_size=9
        )
        if piece.note:
            line(
                c,
                piece.note,
                Rect(cx - side / 2, cy - r * 0.6, side, r * 0.32),
                font=REGULAR,
                align="centre",
                max_size=7,
            )
    elif piece.text:
        wide = r * 1.45
        line(c, piece.title, Rect(cx - side / 2, cy + r * 0.14, side, r * 0.36), align="centre")
        text(
            c,
            piece.text,
            Rect(cx - wide / 2, cy - r * 0.8, wide, r * 0.92),
            max_size=6.5,
            align="centre",
        )
    elif piece.note:
        line(
            c,
            piece.title,
            Rect(cx - side / 2, cy - r * 0.05, side, r * 0.6),
            align="centre",
            max_size=22,
        )
        line(
            c,
            piece.note,
            Rect(cx - side / 2, cy - r * 0.55, side, r * 0.38),
            font=REGULAR,
            align="centre",
            max_size=7,
        )
    else:
        line(
            c,
            piece.title,
            Rect(cx - side / 2, cy - r * 0.25, side, r * 0.5),
            align="centre",
            max_size=10,
        )
    c.restoreState()


def draw_pieces(
    c: Canvas, box: Rect, pieces: Sequence[Piece], gap: float = 3.0, look: Look = Look()
) -> float:
    """Lay pieces out left to right in rows from the top of `box`; returns the y below them.
    Pieces that do not fit are an error (the caller splits them over pages)."""
    x, y, row_h = box.x, box.top, 0.0
    for piece in pieces:
        if x + piece.size > box.right + 1e-6:
            x, y, row_h = box.x, y - row_h - gap, 0.0
        if y - piece.size < box.y - 1e-6:
            raise DomekitError("the pieces do not fit the page; make them smaller in print.toml")
        draw_piece(c, piece, x + piece.size / 2, y - piece.size / 2, look)
        x += piece.size + gap
        row_h = max(row_h, piece.size)
    return y - row_h


def pieces_height(width: float, pieces: Sequence[Piece], gap: float = 3.0) -> float:
    """How tall `draw_pieces` lays `pieces` out in a box `width` mm wide."""
    x, height, row_h = 0.0, 0.0, 0.0
    for piece in pieces:
        if x + piece.size > width + 1e-6:
            height += row_h + gap
            x, row_h = 0.0, 0.0
        x += piece.size + gap
        row_h = max(row_h, piece.size)
    return height + row_h


PieceGroup = tuple[str, list[Piece]]
"""A caption and the pieces under it."""


def group_pages(
    groups: Sequence[PieceGroup], width: float, room: float, gap: float = 3.0
) -> list[list[PieceGroup]]:
    """`groups` split over pages `width` x `room` mm (each group under a 7 mm caption), as
    many as fit a page, in order; a group too big for a page alone is an error."""
    pages: list[list[PieceGroup]] = [[]]
    used = 0.0
    for caption, pieces in groups:
        height = CAPTION + pieces_height(width, pieces, gap) + 3
        if height > room:
            raise DomekitError(f"{caption}: the pieces do not fit one page; make them smaller")
        if pages[-1] and used + height > room:
            pages.append([])
            used = 0.0
        pages[-1].append((caption, pieces))
        used += height
    return pages


def draw_groups(
    c: Canvas, box: Rect, groups: Sequence[PieceGroup], gap: float = 3.0, look: Look = Look()
) -> None:
    """Each group's caption and its pieces, from the top of `box` down."""
    y = box.top
    for caption, pieces in groups:
        c.setFillColorRGB(0.12, 0.12, 0.12)
        line(c, caption, Rect(box.x, y - CAPTION + 1, box.w, CAPTION - 2), max_size=9)
        y = draw_pieces(c, Rect(box.x, box.y, box.w, y - CAPTION - box.y), pieces, gap, look)
        y -= 3


def draw_cut_out(
    c: Canvas,
    rect: Rect,
    fill: Colour,
    title: str,
    subtitle: str = "",
    *,
    dashed: bool = True,
    look: Look = Look(),
) -> None:
    """A rectangular cut-out piece (a marker): a filled rectangle with a cut line round it."""
    ground = look.band(fill)
    c.saveState()
    c.setFillColorRGB(*ground)
    c.rect(pt(rect.x), pt(rect.y), pt(rect.w), pt(rect.h), stroke=0, fill=1)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.4)
    if dashed:
        c.setDash(2, 1.5)
    c.rect(pt(rect.x), pt(rect.y), pt(rect.w), pt(rect.h), stroke=1, fill=0)
    c.setDash()
    c.setFillColorRGB(*(text_colour_on(ground) if look.full else deep(fill, 0.3)))
    inner = rect.inset(1.2)
    if subtitle:
        line(
            c,
            title,
            Rect(inner.x, inner.y + inner.h * 0.42, inner.w, inner.h * 0.58),
            align="centre",
        )
        line(
            c,
            subtitle,
            Rect(inner.x, inner.y, inner.w, inner.h * 0.42),
            font=REGULAR,
            align="centre",
        )
    else:
        line(c, title, inner, align="centre")
    c.restoreState()


# ---------------------------------------------------------------------------------------------
# Fold-over standees


@dataclass(frozen=True)
class Standee:
    """A paper figure: a front and a back panel (each `width` x `height` mm) joined at a fold,
    with a base tab of `base` mm below each. Cut on the solid outline, fold on the dashed lines:
    the panels back to back (glued), the tabs outward, one each way, and it stands. The back is
    printed upside down so it is upright once folded. `tab` is printed on the front's tab."""

    front: Callable[[Canvas, Rect], None]
    back: Callable[[Canvas, Rect], None]
    width: float
    height: float
    base: float
    tab: str = ""

    @property
    def length(self) -> float:
        return 2 * (self.height + self.base)


def qr_back(url: str, name: str, size: float) -> Callable[[Canvas, Rect], None]:
    """A standee's back panel: the piece's QR code (`size` mm) at the top and "<name>: scan for
    its page" under it."""

    def draw(c: Canvas, panel: Rect) -> None:
        draw_qr(c, url, panel.x + (panel.w - size) / 2, panel.top - size - 1, size)
        c.setFillColorRGB(*INK)
        below = Rect(panel.x + 1, panel.y + 1, panel.w - 2, panel.top - size - 2 - panel.y)
        text(
            c,
            f"{name}: scan for its page",
            below,
            font=BOLD,
            max_size=7,
            align="centre",
            valign="middle",
        )

    return draw


def standee_slots(box: Rect, standee: Standee, count: int, gap: float = 3.0) -> list[Rect]:
    """Where `count` standees of one size lie in `box`, each on its side (its length across
    the page), in rows from the top; an error if they do not fit."""
    columns = int((box.w + gap) // (standee.length + gap))
    rows = int((box.h + gap) // (standee.width + gap))
    if columns * rows < count:
        raise DomekitError(
            f"{count} standees do not fit one page ({max(columns, 0) * max(rows, 0)} do): make "
            "them smaller in print.toml"
        )
    left = box.x + (box.w - (columns * (standee.length + gap) - gap)) / 2
    return [
        Rect(
            left + (index % columns) * (standee.length + gap),
            box.top - (index // columns + 1) * (standee.width + gap) + gap,
            standee.length,
            standee.width,
        )
        for index in range(count)
    ]


def draw_standee(c: Canvas, standee: Standee, slot: Rect) -> None:
    """One standee lying on its side in `slot` (its base tabs left and right), cut and fold
    lines included."""
    w, h, base = standee.width, standee.height, standee.base
    c.saveState()
    # the standee drawn upright in its own frame: x across it, y from the front's tab upwards
    c.translate(pt(slot.x), pt(slot.top))
    c.rotate(-90)
    front = Rect(0, base, w, h)
    back = Rect(0, base + h, w, h)
    c.saveState()
    standee.front(c, front)
    c.restoreState()
    with upside_down(c, back):
        standee.back(c, back)
    for tab in (Rect(0, 0, w, base), Rect(0, base + 2 * h, w, base)):
        c.setFillColorRGB(0.93, 0.93, 0.93)
        c.rect(pt(tab.x), pt(tab.y), pt(tab.w), pt(tab.h), stroke=0, fill=1)
    if standee.tab:
        c.setFillColorRGB(0.2, 0.2, 0.2)
        text(
            c,
            standee.tab,
            Rect(1, 0.6, w - 2, base - 1.2),
            max_size=6,
            align="centre",
            valign="middle",
        )
    c.setStrokeColorRGB(*BLACK)
    c.setLineWidth(CUT)
    c.rect(0, 0, pt(w), pt(standee.length), stroke=1, fill=0)
    c.setDash(*FOLD_DASH)
    c.setLineWidth(0.4)
    for y in (base, base + h, base + 2 * h):
        c.line(0, pt(y), pt(w), pt(y))
    c.restoreState()


def draw_standees(
    c: Canvas, box: Rect, standees: Sequence[Standee], gap: float = 3.0
) -> list[Rect]:
    """Standees of one size in rows from the top of `box`; returns where each went."""
    if not standees:
        return []
    slots = standee_slots(box, standees[0], len(standees), gap)
    for standee, slot in zip(standees, slots, strict=True):
        draw_standee(c, standee, slot)
    return slots


def standee_sheet(
    c: Canvas, page: Rect, heading: str, figures: Sequence[Standee], look: Look, margin: float
) -> list[Rect]:
    """A page of standees under `heading`, with how to make them; returns where each went."""
    from toolkit.pdf.sheets import draw_heading

    area = page.inset(margin)
    head, rest = area.split_top(12)
    draw_heading(c, heading, head, colour=(0.15, 0.15, 0.15), look=look)
    note, rest = rest.split_top(10)
    c.setFillColorRGB(0.12, 0.12, 0.12)
    text(
        c,
        "Glue the sheet onto thin card. Cut round each solid outline; fold on the dashed lines: "
        "front and back together (glue them), the two tabs outward, one each way, and it stands. "
        "The QR code on the back opens the piece's page on the table tracker.",
        note,
        max_size=8.5,
    )
    return draw_standees(c, Rect(rest.x, rest.y, rest.w, rest.h - 2), figures, gap=2.5)
