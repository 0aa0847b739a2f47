"""The Death Dome board as printed: every square at true size with a pattern that tells its kind
apart in black and white, its coordinate in the corner; thin walls as a heavy line round the
wall squares; each base labelled with its team, each jail with its name and the square of the
release point that frees it (and each release point with the jail it frees); the legend for the
assembly key."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from toolkit.games.deathdome.board import Board, Square
from toolkit.games.deathdome.data import DeathDomeData
from toolkit.games.deathdome.kit.common import credits, team_colour, team_letter
from toolkit.pdf import glyphs
from toolkit.pdf.draw import draw_bricks, draw_waves, square_name
from toolkit.pdf.geometry import MM, WHITE, Colour, Rect, hex_colour, pt, text_colour_on, tint
from toolkit.pdf.style import BOLD, INK, MIN_TYPE, PALE, REGULAR, Look, deep, line
from toolkit.pdf.tiles import begin_picture, end_picture

BOARD_LABELS = 0.0  # no band round the board: every square names itself in its corner
BOARD_FORM = "board"
KEY_FORM = "board-key"  # the board without its words: shrunk on the assembly key, they would
# print far under 7 pt
WALL_LINE = 2.2  # mm: the heavy line of a thin wall
KIND_NAMES = {
    "floor": "Floor",
    "thin_wall": "Thin wall (inside the heavy line)",
    "short_wall": "Short wall",
    "lava": "Lava",
    "bridge": "Bridge",
    "tower_edge": "Tower edge",
    "tower_centre": "Tower centre (control point)",
    "base": "Base",
    "jail": "Jail",
    "jail_release": "Jail release point",
    "control_point": "Control point",
}


def board_size(data: DeathDomeData) -> tuple[float, float]:
    assert data.board is not None
    square = data.print.board.square
    return (
        data.board.width * square + 2 * BOARD_LABELS,
        data.board.height * square + 2 * BOARD_LABELS,
    )


def cell_fill(data: DeathDomeData, kind: str, colour: str | None, look: Look) -> Colour:
    """A square's fill: its kind's colour (a pale tint of it, printer-friendly); a base takes
    its team's colour, tinted so pieces on it stay visible."""
    if kind == "base" and colour in data.print.team_colours:
        return tint(team_colour(data, colour), 0.45 if look.full else 0.18)
    base = hex_colour(data.print.cell_colours[kind])
    if kind == "floor":
        return base if look.full else WHITE
    if kind == "thin_wall":  # a thin wall is its heavy line, never a dark square
        return tint(base, PALE)
    return look.ground(base)


def pattern_ink(data: DeathDomeData, kind: str, fill: Colour, look: Look) -> Colour:
    if (look.full and kind != "thin_wall") or kind == "floor":
        return text_colour_on(fill)
    return deep(hex_colour(data.print.cell_colours[kind]), 0.35)


def cell_symbol(c: Canvas, kind: str, r: Rect, ink: Colour, *, words: bool = True) -> list[Rect]:
    """The pattern that tells a kind apart without colour (sizes scale with the square); its
    letters ("CP") only with `words`. Returns the boxes of the letters drawn."""
    k = r.w / 25  # 1 on a 25 mm square
    cx, cy = r.centre
    c.setStrokeColorRGB(*ink)
    c.setFillColorRGB(*ink)
    c.setLineWidth(max(0.3, 1.2 * k))
    drawn: list[Rect] = []
    if kind in ("control_point", "tower_centre"):
        c.circle(pt(cx), pt(cy), pt(r.w * 0.32), stroke=1, fill=0)
        if words:
            size = max(MIN_TYPE, 10 * k)
            c.setFont(BOLD, size)
            c.drawCentredString(pt(cx), pt(cy) - 3.5 * k, "CP")
            width = stringWidth("CP", BOLD, size) / MM
            drawn.append(Rect(cx - width / 2, cy - 3.5 * k / MM - size * 0.25 / MM, width,
                              size / MM))  # fmt: skip
        if kind == "tower_centre":  # a ring inside the ring: the payout line above stays clear
            c.setLineWidth(max(0.3, 0.8 * k))
            c.circle(pt(cx), pt(cy), pt(r.w * 0.255), stroke=1, fill=0)
    elif kind == "jail":
        for i in range(1, 5):
            x = r.x + r.w * i / 5
            c.line(pt(x), pt(r.y + 2 * k), pt(x), pt(r.top - 2 * k))
    elif kind == "jail_release":  # a key in a ring: it unlocks a jail (never "R": red's letter)
        c.circle(pt(cx), pt(cy + 1.5 * k), pt(r.w * 0.26), stroke=1, fill=0)
        glyphs.draw_key(c, cx, cy + 1.5 * k, r.w * 0.19)
    elif kind == "short_wall":  # bricks
        c.setLineWidth(max(0.2, 0.6 * k))
        draw_bricks(c, r)
    elif kind == "thin_wall":  # cross-hatched inside the heavy line
        c.setLineWidth(max(0.2, 0.4 * k))
        for i in range(1, 6):
            offset = r.w * i / 6
            c.line(pt(r.x + offset), pt(r.y), pt(r.x), pt(r.y + offset))
            c.line(pt(r.right), pt(r.y + offset), pt(r.x + offset), pt(r.top))
    elif kind == "lava":
        c.setLineWidth(max(0.3, 0.8 * k))
        draw_waves(c, r, k, 3)
    elif kind == "bridge":  # two rails and planks across
        c.setLineWidth(max(0.3, 1.0 * k))
        c.line(pt(r.x + 2 * k), pt(r.y), pt(r.x + 2 * k), pt(r.top))
        c.line(pt(r.right - 2 * k), pt(r.y), pt(r.right - 2 * k), pt(r.top))
        c.setLineWidth(max(0.2, 0.5 * k))
        for i in range(1, 6):
            y = r.y + r.h * i / 6
            c.line(pt(r.x + 2 * k), pt(y), pt(r.right - 2 * k), pt(y))
    elif kind == "tower_edge":  # a raised rim
        c.setLineWidth(max(0.2, 0.5 * k))
        c.setDash(1.5, 1.5)
        inner = r.inset(2.5 * k)
        c.rect(pt(inner.x), pt(inner.y), pt(inner.w), pt(inner.h), stroke=1, fill=0)
        c.setDash()
    return drawn


def _bounds(rects: Iterable[Rect]) -> Rect:
    rects = list(rects)
    x0, y0 = min(r.x for r in rects), min(r.y for r in rects)
    return Rect(x0, y0, max(r.right for r in rects) - x0, max(r.top for r in rects) - y0)


def draw_board_picture(c: Canvas, data: DeathDomeData, look: Look) -> list[Rect]:
    """Record the board as the reusable form BOARD_FORM at true size, and as KEY_FORM without
    its words; returns where BOARD_FORM's words are (mm, for the tiles' crosses to avoid)."""
    boxes = _record(c, data, look, BOARD_FORM, words=True)
    _record(c, data, look, KEY_FORM, words=False)
    return boxes


def _record(c: Canvas, data: DeathDomeData, look: Look, name: str, *, words: bool) -> list[Rect]:
    board = data.board
    assert board is not None and data.rules is not None
    square = data.print.board.square
    width, height = board_size(data)
    boxes: list[Rect] = []

    def rect_of(sq: Square) -> Rect:
        return Rect(BOARD_LABELS + sq.col * square, BOARD_LABELS + sq.row * square, square, square)

    begin_picture(c, name, width, height)
    c.setFillColorRGB(1, 1, 1)
    c.rect(0, 0, pt(width), pt(height), stroke=0, fill=1)
    for sq in board.squares():
        cell = board.cell(sq)
        r = rect_of(sq)
        fill = cell_fill(data, cell.kind, cell.colour, look)
        c.setFillColorRGB(*fill)
        c.rect(pt(r.x), pt(r.y), pt(square), pt(square), stroke=0, fill=1)
        c.saveState()
        ink = pattern_ink(data, cell.kind, fill, look)
        boxes += cell_symbol(c, cell.kind, r, ink, words=words)
        c.restoreState()
        if words:
            boxes.append(square_name(c, r.x, r.y, str(sq), fill))
    # the grid
    c.setStrokeColorRGB(0.35, 0.35, 0.35)
    c.setLineWidth(0.4)
    for col in range(board.width + 1):
        x = pt(BOARD_LABELS + col * square)
        c.line(x, pt(BOARD_LABELS), x, pt(BOARD_LABELS + board.height * square))
    for row in range(board.height + 1):
        y = pt(BOARD_LABELS + row * square)
        c.line(pt(BOARD_LABELS), y, pt(BOARD_LABELS + board.width * square), y)
    _thin_walls(c, board, rect_of, data, look)
    if words:
        boxes += _labels(c, board, rect_of, data, look)
    end_picture(c)
    return boxes


def _thin_walls(
    c: Canvas, board: Board, rect_of: Callable[[Square], Rect], data: DeathDomeData, look: Look
) -> None:
    """A heavy line on every edge of a thin wall square that faces a square that is not one."""
    ink = hex_colour(data.print.cell_colours["thin_wall"])
    c.saveState()
    c.setStrokeColorRGB(*(ink if look.full else deep(ink, 0.2)))
    c.setLineWidth(pt(WALL_LINE))
    c.setLineCap(2)
    for sq in board.squares_of("thin_wall"):
        r = rect_of(sq)
        half = WALL_LINE / 2
        for dc, dr, (x0, y0, x1, y1) in (
            (0, 1, (r.x, r.top - half, r.right, r.top - half)),
            (0, -1, (r.x, r.y + half, r.right, r.y + half)),
            (-1, 0, (r.x + half, r.y, r.x + half, r.top)),
            (1, 0, (r.right - half, r.y, r.right - half, r.top)),
        ):
            other = Square(sq.col + dc, sq.row + dr)
            if board.on_board(other) and board.cell(other).kind == "thin_wall":
                continue
            c.line(pt(x0), pt(y0), pt(x1), pt(y1))
    c.restoreState()


def _labels(
    c: Canvas, board: Board, rect_of: Callable[[Square], Rect], data: DeathDomeData, look: Look
) -> list[Rect]:
    """Words on the board: bases by team, jails with their release point, release points with
    the jail they free, control points with their payout. Returns their boxes."""
    assert data.rules is not None
    releases = board.jail_release_points()
    boxes: list[Rect] = []

    def put(words: str, box: Rect, **how: Any) -> None:
        line(c, words, box, **how)
        boxes.append(box)

    c.saveState()
    for team in board.base_colours():
        area = _bounds(rect_of(sq) for sq in board.squares_of("base", colour=team))
        colour = team_colour(data, team)
        ink = deep(colour, 0.3)
        c.setFillColorRGB(*tint(colour, 0.55 if look.full else 0.4))
        put(
            team_letter(team),
            area.inset(area.w * 0.3, area.h * 0.22),
            align="centre",
            max_size=96,
        )
        c.setFillColorRGB(*ink)
        put(
            f"{team.upper()} BASE",
            Rect(area.x + 2, area.top - 10, area.w - 4, 7),
            align="centre",
            max_size=16,
        )
        put(
            f"{team.title()} team starts and returns here",
            Rect(area.x + 3, area.y + 3, area.w - 6, 4),
            font=REGULAR,
            align="centre",
            max_size=8,
        )
    for name, squares in board.jails().items():
        area = _bounds(rect_of(sq) for sq in squares)
        release = ", ".join(str(sq) for sq in releases.get(name, []))
        c.setFillColorRGB(*WHITE)
        band = Rect(area.x + 2, area.centre[1] - 6, area.w - 4, 12)
        c.rect(pt(band.x), pt(band.y), pt(band.w), pt(band.h), stroke=0, fill=1)
        c.setFillColorRGB(*INK)
        put(
            f"{name.upper()} JAIL",
            Rect(band.x + 1, band.y + 5.5, band.w - 2, 5.5),
            align="centre",
            max_size=12,
        )
        put(
            f"freed from {release}" if release else "no release point",
            Rect(band.x + 1, band.y + 0.8, band.w - 2, 4),
            font=REGULAR,
            align="centre",
            max_size=8,
        )
    for name, squares in releases.items():
        for sq in squares:
            r = rect_of(sq)
            c.setFillColorRGB(*INK)
            put(
                f"frees {name.upper()} JAIL",
                Rect(r.x + 1, r.y + 3.6, r.w - 2, 3.0),  # above the square's name
                align="centre",
                max_size=7,
            )
    payout = data.rules.payout
    for kind, value in (
        ("control_point", payout.control_point),
        ("tower_centre", payout.tower_centre),
    ):
        for sq in board.squares_of(kind):
            r = rect_of(sq)
            c.setFillColorRGB(*INK)
            put(
                credits(value),
                Rect(r.x + 1, r.top - 4.2, r.w - 2, 3.2),
                font=REGULAR,
                align="centre",
                max_size=7,
            )
    c.restoreState()
    return boxes


def board_legend(data: DeathDomeData, look: Look) -> Callable[[Canvas, Rect], None]:
    board = data.board
    assert board is not None
    kinds = [k for k in KIND_NAMES if any(board.cell(s).kind == k for s in board.squares())]

    def draw(c: Canvas, box: Rect) -> None:
        c.setFillColorRGB(0, 0, 0)
        line(c, "Legend", Rect(box.x, box.top - 6, box.w, 6), max_size=12)
        entries: list[tuple[str, Colour, str]] = []
        for kind in kinds:
            if kind == "base":
                for colour in board.base_colours():
                    fill = cell_fill(data, kind, colour, look)
                    entries.append((kind, fill, f"{colour.title()} base ({team_letter(colour)})"))
            else:
                entries.append((kind, cell_fill(data, kind, None, look), KIND_NAMES[kind]))
        per_col = 5
        columns = (len(entries) + per_col - 1) // per_col
        col_w = box.w / max(columns, 1)
        for index, (kind, fill, name) in enumerate(entries):
            col, row = divmod(index, per_col)
            x = box.x + col * col_w
            y = box.top - 14 - row * 8.5
            swatch = Rect(x, y, 7, 7)
            c.setFillColorRGB(*fill)
            c.setStrokeColorRGB(0, 0, 0)
            c.setLineWidth(0.4)
            c.rect(pt(swatch.x), pt(swatch.y), pt(7), pt(7), stroke=1, fill=1)
            c.saveState()
            cell_symbol(c, kind, swatch, pattern_ink(data, kind, fill, look), words=False)
            if kind == "thin_wall":
                c.setLineWidth(2)
                c.setStrokeColorRGB(0.1, 0.1, 0.1)
                c.rect(pt(swatch.x + 0.4), pt(swatch.y + 0.4), pt(6.2), pt(6.2), stroke=1, fill=0)
            c.restoreState()
            c.setFillColorRGB(0, 0, 0)
            line(c, name, Rect(x + 9, y + 1, col_w - 11, 5), font=REGULAR, max_size=9)

    return draw
