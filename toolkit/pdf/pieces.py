"""Play pieces that are not cards: numbered tracks with coloured spaces, round cut-out tokens with
a reminder, punch-out pieces (discs and squares with a value or a glyph) and cut-out markers.

Geometry only, like the rest of toolkit/pdf: a game says what each space or token shows and what
colour it is; this module lays them out in a box and draws the cut lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from toolkit.errors import DomekitError
from toolkit.pdf.geometry import BLACK, WHITE, Colour, Rect, pt, text_colour_on
from toolkit.pdf.glyphs import Glyph
from toolkit.pdf.text import draw_line_fit, draw_text_box


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
            value_box = Rect(inner.x, inner.y + inner.h * 0.38, inner.w, inner.h * 0.58)
            note_box = Rect(inner.x, inner.y, inner.w, inner.h * 0.36)
            draw_line_fit(c, space.note, note_box, font="Helvetica", max_size=7, align="centre")
        else:
            value_box = inner.inset(0, inner.h * 0.15)
        draw_line_fit(c, space.value, value_box, max_size=value_size, align="centre")
    c.restoreState()
    return rects


@dataclass(frozen=True)
class Token:
    """A round cut-out token: a title and a short reminder on a coloured disc."""

    title: str
    text: str = ""
    fill: Colour = WHITE


def token_grid(box: Rect, diameter: float, gap: float) -> list[tuple[float, float]]:
    """Centres of the tokens that fit `box` in rows, top row first."""
    pitch = diameter + gap
    columns = int((box.w + gap) // pitch)
    rows = int((box.h + gap) // pitch)
    if columns < 1 or rows < 1:
        raise DomekitError(f"a {diameter:g} mm token does not fit a {box.w:g} x {box.h:g} mm box")
    left = box.x + (box.w - (columns * pitch - gap)) / 2 + diameter / 2
    top = box.top - diameter / 2
    return [
        (left + col * pitch, top - row * pitch) for row in range(rows) for col in range(columns)
    ]


def draw_token(c: Canvas, token: Token, centre: tuple[float, float], diameter: float) -> None:
    """The disc, its cut line (a solid circle on the disc's edge) and its words."""
    x, y = centre
    radius = diameter / 2
    c.saveState()
    c.setFillColorRGB(*token.fill)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.6)
    c.circle(pt(x), pt(y), pt(radius), stroke=1, fill=1)
    ink = text_colour_on(token.fill)
    c.setStrokeColorRGB(*ink)
    c.setLineWidth(0.3)
    c.circle(pt(x), pt(y), pt(radius - 1.5), stroke=1, fill=0)
    c.setFillColorRGB(*ink)
    # the largest box inside the inner ring
    side = (radius - 2.2) * 1.41
    if token.text:
        draw_line_fit(c, token.title, Rect(x - side / 2, y + 0.5, side, side * 0.3), align="centre")
        draw_text_box(
            c,
            token.text,
            Rect(x - side / 2, y - side / 2, side, side / 2),
            max_size=6,
            min_size=3.5,
            align="centre",
        )
    else:
        draw_line_fit(
            c, token.title, Rect(x - side / 2, y - side / 4, side, side / 2), align="centre"
        )
    c.restoreState()


def draw_tokens(
    c: Canvas, box: Rect, tokens: Sequence[Token], *, diameter: float, gap: float = 3.0
) -> int:
    """As many of `tokens` as fit `box`, in order; returns how many were drawn."""
    centres = token_grid(box, diameter, gap)
    for token, centre in zip(tokens, centres, strict=False):
        draw_token(c, token, centre, diameter)
    return min(len(tokens), len(centres))


def draw_cut_out(
    c: Canvas, rect: Rect, fill: Colour, title: str, subtitle: str = "", *, dashed: bool = True
) -> None:
    """A rectangular cut-out piece (a marker): a filled rectangle with a cut line round it."""
    c.saveState()
    c.setFillColorRGB(*fill)
    c.rect(pt(rect.x), pt(rect.y), pt(rect.w), pt(rect.h), stroke=0, fill=1)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.4)
    if dashed:
        c.setDash(2, 1.5)
    c.rect(pt(rect.x), pt(rect.y), pt(rect.w), pt(rect.h), stroke=1, fill=0)
    c.setDash()
    c.setFillColorRGB(*text_colour_on(fill))
    inner = rect.inset(1.2)
    if subtitle:
        draw_line_fit(
            c,
            title,
            Rect(inner.x, inner.y + inner.h * 0.42, inner.w, inner.h * 0.58),
            align="centre",
        )
        draw_line_fit(
            c,
            subtitle,
            Rect(inner.x, inner.y, inner.w, inner.h * 0.4),
            font="Helvetica",
            align="centre",
        )
    else:
        draw_line_fit(c, title, inner, align="centre")
    c.restoreState()


@dataclass(frozen=True)
class Piece:
    """A punch-out piece: a disc or a square, its fill, its words and an optional glyph."""

    shape: str  # "circle" or "square"
    size: float
    fill: Colour
    title: str
    note: str = ""
    glyph: Glyph | None = None


def draw_piece(c: Canvas, piece: Piece, cx: float, cy: float) -> None:
    """The piece with its cut line (solid black on its edge)."""
    r = piece.size / 2
    ink = text_colour_on(piece.fill)
    c.saveState()
    c.setFillColorRGB(*piece.fill)
    c.setStrokeColorRGB(*BLACK)
    c.setLineWidth(0.5)
    if piece.shape == "circle":
        c.circle(pt(cx), pt(cy), pt(r), stroke=1, fill=1)
        side = r * 1.35
    else:
        c.rect(pt(cx - r), pt(cy - r), pt(2 * r), pt(2 * r), stroke=1, fill=1)
        side = r * 1.75
    c.setFillColorRGB(*ink)
    c.setStrokeColorRGB(*ink)
    if piece.glyph is not None:
        piece.glyph(c, cx, cy + r * 0.22, r * 0.42)
        draw_line_fit(
            c,
            piece.title,
            Rect(cx - side / 2, cy - r * 0.72, side, r * 0.42),
            align="centre",
            max_size=9,
        )
    elif piece.note:
        draw_line_fit(
            c,
            piece.title,
            Rect(cx - side / 2, cy - r * 0.05, side, r * 0.6),
            align="centre",
            max_size=22,
        )
        draw_line_fit(
            c,
            piece.note,
            Rect(cx - side / 2, cy - r * 0.55, side, r * 0.38),
            font="Helvetica",
            align="centre",
            max_size=7,
        )
    else:
        draw_line_fit(
            c,
            piece.title,
            Rect(cx - side / 2, cy - r * 0.25, side, r * 0.5),
            align="centre",
            max_size=10,
        )
    c.restoreState()


def draw_pieces(c: Canvas, box: Rect, pieces: list[Piece], gap: float = 3.0) -> float:
    """Lay pieces out left to right in rows from the top of `box`; returns the y below them.
    Pieces that do not fit are an error (the caller splits them over pages)."""
    x, y, row_h = box.x, box.top, 0.0
    for piece in pieces:
        if x + piece.size > box.right + 1e-6:
            x, y, row_h = box.x, y - row_h - gap, 0.0
        if y - piece.size < box.y - 1e-6:
            raise DomekitError("the tokens do not fit the page; make them smaller in print.toml")
        draw_piece(c, piece, x + piece.size / 2, y - piece.size / 2)
        x += piece.size + gap
        row_h = max(row_h, piece.size)
    return y - row_h
