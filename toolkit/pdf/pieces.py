"""Play pieces that are not cards: numbered tracks with coloured spaces, punch-out pieces (discs
a 19 or 25 mm circle punch cuts, with words and an optional glyph), cut-out markers and fold-over
standees.

Geometry only, like the rest of toolkit/pdf: a game says what each space, piece or standee shows
and what colour it is; this module lays them out in a box and draws the cut and fold lines.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from toolkit.errors import DomekitError
from toolkit.pdf.draw import upside_down
from toolkit.pdf.geometry import BLACK, MM, WHITE, Colour, Rect, pt, text_colour_on
from toolkit.pdf.glyphs import Glyph
from toolkit.pdf.packing import CUT, Grid
from toolkit.pdf.qr import draw_qr
from toolkit.pdf.style import BOLD, INK, MIN_TYPE, REGULAR, Look, deep, line, text
from toolkit.pdf.text import LEADING

FOLD_DASH = (2.0, 1.5)


@dataclass(frozen=True)
class TrackSpace:
    """One marker space: its value (large), an optional note under it (small) and its fill."""

    value: str
    note: str = ""
    fill: Colour = WHITE


def track_rows(count: int, columns: int) -> int:
    return -(-count // columns)


TRACK_GAP = 0.6  # mm between two spaces of a track


def track_size(
    count: int, columns: int, cell: tuple[float, float], gap: float = TRACK_GAP
) -> tuple[float, float]:
    """The width and height of a track of `count` spaces `cell` mm (w x h) in `columns`."""
    rows = track_rows(count, columns)
    used = min(count, columns)
    return used * (cell[0] + gap) - gap, rows * (cell[1] + gap) - gap


def draw_track(
    c: Canvas,
    box: Rect,
    spaces: Sequence[TrackSpace],
    *,
    columns: int,
    cell: tuple[float, float],
    gap: float = TRACK_GAP,
    value_size: float = 12,
    note_size: float = 7,
) -> list[Rect]:
    """Spaces of `cell` mm (w x h: a marker's size and SPACE_MARGIN more) in reading order (left
    to right, top row first) from the top-left of `box`, `gap` apart. Returns every space's
    rectangle; a track bigger than `box` is an error (the caller chose sizes that do not
    fit)."""
    if columns < 1 or not spaces:
        raise DomekitError("a track needs at least one space and one column")
    width, height = track_size(len(spaces), columns, cell, gap)
    if height > box.h + 1e-6 or width > box.w + 1e-6:
        raise DomekitError(
            f"a track of {len(spaces)} spaces of {cell[0]:g} x {cell[1]:g} mm in {columns} "
            f"columns needs {width:.0f} x {height:.0f} mm but the box is {box.w:.0f} x "
            f"{box.h:.0f} mm"
        )
    rects: list[Rect] = []
    c.saveState()
    c.setLineWidth(0.5)
    for index, space in enumerate(spaces):
        row, col = divmod(index, columns)
        rect = Rect(
            box.x + col * (cell[0] + gap),
            box.top - row * (cell[1] + gap) - cell[1],
            cell[0],
            cell[1],
        )
        rects.append(rect)
        c.setFillColorRGB(*space.fill)
        c.setStrokeColorRGB(0, 0, 0)
        c.roundRect(pt(rect.x), pt(rect.y), pt(rect.w), pt(rect.h), pt(1.0), stroke=1, fill=1)
        c.setFillColorRGB(*text_colour_on(space.fill))
        inner = rect.inset(0.5, 0.4)
        if space.note:
            value_box = Rect(inner.x, inner.y + inner.h * 0.42, inner.w, inner.h * 0.56)
            note_box = Rect(inner.x, inner.y, inner.w, inner.h * 0.42)
            line(c, space.note, note_box, font=REGULAR, max_size=note_size, align="centre")
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


PUNCH_SLACK = 1.6  # mm: words stay this far in from a disc's cut line (a punch may be off)
DISC_GAP = 1.0  # mm between discs: each is punched on its own
SPACE_MARGIN = 1.0  # mm: a track's space is its marker and this much more (19 mm -> 20 mm)


def space_for(marker: float) -> float:
    """The side of a track space that holds a marker `marker` mm across."""
    return marker + SPACE_MARGIN


def _band(piece: Piece, cx: float, cy: float, dy: float, h: float) -> Rect:
    """A line's box `h` high centred `dy` mm above the piece's centre, as wide as the piece
    allows there (a disc's chord, PUNCH_SLACK in from the cut)."""
    r = piece.size / 2
    if piece.shape == "circle":
        half = math.sqrt(max((r - PUNCH_SLACK) ** 2 - dy**2, 0.0))
    else:
        half = r - 0.5
    return Rect(cx - half, cy + dy - h / 2, 2 * half, h)


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
    else:
        c.rect(pt(cx - r), pt(cy - r), pt(2 * r), pt(2 * r), stroke=1, fill=1)
    if not look.full and piece.fill != WHITE:
        # the colour as a ring inside the cut line: it reads even where the tint is faint, and
        # keeps its own grey in a black and white print
        c.setStrokeColorRGB(*deep(piece.fill, 0.85))
        c.setLineWidth(pt(0.8 if r < 7 else 1.0))
        inset = 0.6 if r < 7 else 0.9
        if piece.shape == "circle":
            c.circle(pt(cx), pt(cy), pt(r - inset), stroke=1, fill=0)
        else:
            c.rect(pt(cx - r + inset), pt(cy - r + inset), pt(2 * r - 2 * inset),
                   pt(2 * r - 2 * inset), stroke=1)  # fmt: skip
    c.setFillColorRGB(*ink)
    c.setStrokeColorRGB(*ink)
    c.setLineWidth(0.6)
    _piece_words(c, piece, cx, cy, r)
    c.restoreState()


def _piece_words(c: Canvas, piece: Piece, cx: float, cy: float, r: float) -> None:
    """The mark, glyph, title and note or reminder of a piece, each line as wide as the disc
    lets it be where it sits."""
    if piece.mark:
        line(c, piece.mark, _band(piece, cx, cy, r * 0.6, r * 0.26), align="centre", max_size=7)
        cy -= r * 0.12  # the rest a little lower
    if piece.glyph is not None:
        # the glyph above the title, clear of it
        piece.glyph(
            c, cx, cy + r * (0.42 if piece.note else 0.3), r * (0.26 if piece.note else 0.3)
        )
        title_dy = -r * (0.03 if piece.note else 0.43)
        line(c, piece.title, _band(piece, cx, cy, title_dy, r * 0.38), align="centre",
             max_size=9)  # fmt: skip
        if piece.note:
            line(c, piece.note, _band(piece, cx, cy, -r * 0.44, r * 0.3), font=REGULAR,
                 align="centre", max_size=7)  # fmt: skip
    elif piece.text:
        line(c, piece.title, _band(piece, cx, cy, r * 0.47, r * 0.3), align="centre")
        disc_text(c, piece, piece.text, cx, cy, top=r * 0.3)
    elif piece.note:
        line(c, piece.title, _band(piece, cx, cy, r * 0.22, r * 0.6), align="centre",
             max_size=22)  # fmt: skip
        line(c, piece.note, _band(piece, cx, cy, -r * 0.36, r * 0.34), font=REGULAR,
             align="centre", max_size=7)  # fmt: skip
    else:
        line(c, piece.title, _band(piece, cx, cy, 0.0, r * 0.5), align="centre", max_size=10)


def disc_text(c: Canvas, piece: Piece, words: str, cx: float, cy: float, *, top: float) -> None:
    """A reminder wrapped inside a disc below `top` mm above its centre, each line as wide as
    the disc is at its height, at the largest size from 7.5 pt down to MIN_TYPE that fits (cut
    with "..." at MIN_TYPE)."""
    size = 7.5
    while True:
        lead = size * LEADING / MM
        rows = _disc_rows(piece, words, cx, cy, top, lead, size)
        if rows is not None or size <= MIN_TYPE:
            break
        size = max(MIN_TYPE, size - 0.25)
    if rows is None:  # at MIN_TYPE it does not fit: as many rows as there is room for, cut
        rows = _disc_rows(piece, words, cx, cy, top, lead, size, cut=True) or []
    y = cy + top
    for text_line in rows:
        y -= lead
        box = _band(piece, cx, cy, y + lead / 2 - cy, lead)
        line(c, text_line, box, font=REGULAR, align="centre", max_size=size)


def _disc_rows(
    piece: Piece, words: str, cx: float, cy: float, top: float, lead: float, size: float,
    *, cut: bool = False,
) -> list[str] | None:  # fmt: skip
    """`words` wrapped in lines `lead` mm apart from `top` down inside the disc, or None when
    they do not all fit (with `cut`: the lines that fit, the last ending in "...")."""
    r = piece.size / 2
    rows: list[str] = []
    rest = words.split()
    y = cy + top
    while rest:
        y -= lead
        if y - lead * 0.3 < cy - r + PUNCH_SLACK + 0.4:
            if not cut:
                return None
            if rows:
                rows[-1] = rows[-1] + "..."
            return rows
        width = pt(_band(piece, cx, cy, y + lead / 2 - cy, lead).w)
        taken = [rest.pop(0)]
        while rest and stringWidth(" ".join([*taken, rest[0]]), REGULAR, size) <= width:
            taken.append(rest.pop(0))
        rows.append(" ".join(taken))
    return rows


def piece_grid(caption: str, pieces: Sequence[Piece], look: Look, section: str = "") -> Grid:
    """Pieces of one shape and size in a grid for `toolkit.pdf.packing`: squares butted (they
    share their cut lines), discs DISC_GAP apart (each is punched)."""
    kinds = {(piece.shape, piece.size) for piece in pieces}
    if len(kinds) > 1:
        raise DomekitError(f"{caption}: pieces of different sizes cannot share a grid")
    shape, size = kinds.pop() if kinds else ("square", 10.0)

    def cell(piece: Piece) -> Callable[[Canvas, Rect], None]:
        return lambda c, rect: draw_piece(c, piece, *rect.centre, look)

    return Grid(
        caption,
        (size, size),
        tuple(cell(piece) for piece in pieces),
        gap=DISC_GAP if shape == "circle" else 0.0,
        section=section,
    )


def draw_cut_out(
    c: Canvas,
    rect: Rect,
    fill: Colour,
    title: str,
    subtitle: str = "",
    *,
    look: Look = Look(),
) -> None:
    """A rectangular cut-out piece (a marker): a filled rectangle in its solid cut line; two
    laid edge to edge share the line between them."""
    ground = look.band(fill)
    c.saveState()
    c.setFillColorRGB(*ground)
    c.setStrokeColorRGB(*BLACK)
    c.setLineWidth(CUT)
    c.rect(pt(rect.x), pt(rect.y), pt(rect.w), pt(rect.h), stroke=1, fill=1)
    c.setFillColorRGB(*(text_colour_on(ground) if look.full else deep(fill, 0.3)))
    inner = rect.inset(1.2, 0.6)
    if subtitle:
        half = inner.w / 2
        line(c, title, Rect(inner.x, inner.y, half - 0.5, inner.h), align="right")
        line(c, subtitle, Rect(inner.x + half + 0.5, inner.y, half - 0.5, inner.h),
             font=REGULAR, max_size=8)  # fmt: skip
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


def standee_grid(
    caption: str, standees: Sequence[Standee], section: str = "", columns: int | None = None
) -> Grid:
    """Standees of one size butted in a grid, each on its side (its length across the page):
    neighbours share their cut lines; every other row is turned half round, so no standee's QR
    code lies against the next one's (zbar and a phone read each on its own)."""
    if not standees:
        return Grid(caption, (1.0, 1.0), (), section=section)
    first = standees[0]
    if any((s.width, s.length) != (first.width, first.length) for s in standees):
        raise DomekitError(f"{caption}: standees of different sizes cannot share a grid")

    def cell(standee: Standee) -> Callable[[Canvas, Rect], None]:
        return lambda c, rect: draw_standee(c, standee, rect)

    return Grid(
        caption,
        (first.length, first.width),
        tuple(cell(standee) for standee in standees),
        columns=columns,
        section=section,
        turn_odd_rows=True,
    )
