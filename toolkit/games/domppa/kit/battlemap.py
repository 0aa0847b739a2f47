"""The Domppa battle map from map.toml, tiled at true size: every square in its terrain's colour
(a pale tint of it, printer-friendly) with a pattern that reads in black and white, its
coordinate in the corner; and the terrain legend for the assembly key."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from toolkit.games.domppa.data import COLUMNS, DomppaKitData
from toolkit.games.domppa.kit.common import MAP_LABELS
from toolkit.pdf.draw import draw_bricks, draw_grid, draw_waves, square_name
from toolkit.pdf.geometry import Colour, Rect, hex_colour, pt, text_colour_on
from toolkit.pdf.style import BOLD, REGULAR, Look, deep, line
from toolkit.pdf.tiles import begin_picture, end_picture

MAP_FORM = "map"
KEY_FORM = "map-key"  # without its words: shrunk on the assembly key they would print under 6 pt


# ---------------------------------------------------------------------------------------------
# The battle map


def _pattern(c: Canvas, pattern: str, r: Rect, ink: Colour) -> None:
    """A pattern that tells a terrain apart without colour (sizes scale with the square)."""
    k = r.w / 25
    cx, cy = r.centre
    c.setStrokeColorRGB(*ink)
    c.setFillColorRGB(*ink)
    c.setLineWidth(max(0.25, 0.7 * k))
    if pattern == "dots":
        for i in range(3):
            for j in range(3):
                x = r.x + r.w * (i + 0.5 + (0.25 if j % 2 else 0)) / 3.2
                y = r.y + r.h * (j + 0.5) / 3
                c.circle(pt(x), pt(y), pt(0.8 * k), stroke=0, fill=1)
    elif pattern == "trees":
        for dx, dy in ((-0.22, -0.12), (0.2, -0.16), (0.0, 0.2)):
            x, y = cx + dx * r.w, cy + dy * r.h
            path = c.beginPath()
            path.moveTo(pt(x), pt(y + 4.5 * k))
            path.lineTo(pt(x - 3.2 * k), pt(y - 2.5 * k))
            path.lineTo(pt(x + 3.2 * k), pt(y - 2.5 * k))
            path.close()
            c.drawPath(path, stroke=0, fill=1)
            c.line(pt(x), pt(y - 2.5 * k), pt(x), pt(y - 4.5 * k))
    elif pattern == "bricks":
        draw_bricks(c, r)
    elif pattern in ("waves", "ripples"):
        draw_waves(c, r, k, 3 if pattern == "waves" else 2)
    elif pattern == "planks":
        for i in range(1, 6):
            y = r.y + r.h * i / 6
            c.line(pt(r.x), pt(y), pt(r.right), pt(y))
    elif pattern == "stripes":
        c.setLineWidth(max(0.2, 0.4 * k))
        for i in range(1, 5):
            offset = r.w * i / 5
            c.line(pt(r.x + offset), pt(r.y), pt(r.x), pt(r.y + offset))
            c.line(pt(r.right), pt(r.y + offset), pt(r.x + offset), pt(r.top))


def map_size(data: DomppaKitData) -> tuple[float, float]:
    square = data.print.map.square
    return (
        data.map.width * square + 2 * MAP_LABELS,
        data.map.height * square + 2 * MAP_LABELS,
    )


def terrain_fill(colour: str, look: Look) -> tuple[Colour, Colour]:
    """A terrain square's fill and the ink of its pattern."""
    base = hex_colour(colour)
    if look.full:
        return base, text_colour_on(base)
    return look.ground(base), deep(base, 0.4)


def draw_map_picture(c: Canvas, data: DomppaKitData, look: Look = Look()) -> list[Rect]:
    """The map as the reusable form MAP_FORM at true size, with coordinates round the edge, and
    as KEY_FORM without its words; returns where MAP_FORM's words are (for the tiles'
    registration crosses to keep clear of)."""
    words = _record(c, data, look, MAP_FORM, words=True)
    _record(c, data, look, KEY_FORM, words=False)
    return words


def _record(c: Canvas, data: DomppaKitData, look: Look, name: str, *, words: bool) -> list[Rect]:
    battle = data.map
    square = data.print.map.square
    width, height = map_size(data)
    boxes: list[Rect] = []
    begin_picture(c, name, width, height)
    c.setFillColorRGB(1, 1, 1)
    c.rect(0, 0, pt(width), pt(height), stroke=0, fill=1)
    for row in range(battle.height):
        for col in range(battle.width):
            terrain = battle.legend[battle.symbol(col, row)]
            fill, ink = terrain_fill(terrain.colour, look)
            x, y = MAP_LABELS + col * square, MAP_LABELS + row * square
            c.setFillColorRGB(*fill)
            c.rect(pt(x), pt(y), pt(square), pt(square), stroke=0, fill=1)
            c.saveState()
            _pattern(c, terrain.pattern, Rect(x, y, square, square), ink)
            c.restoreState()
            if words:
                boxes.append(square_name(c, x, y, f"{COLUMNS[col]}{row + 1}", fill))
    if words:
        boxes += draw_grid(c, battle.width, battle.height, square, MAP_LABELS, grey=0.2)
    end_picture(c)
    return boxes


MOVEMENT_TEXT = {
    "open": "{move} AP a square, {diagonal} diagonally",
    "difficult": "difficult terrain: +{extra} AP a square",
    "impassable": "impassable",
}


def map_legend(data: DomppaKitData, look: Look = Look()) -> Callable[[Canvas, Rect], None]:
    rules = data.rules
    move = rules.actions.table.get("move")
    numbers = {
        "move": move.cost if move else "?",
        "diagonal": move.diagonal if move and move.diagonal is not None else "?",
        "extra": rules.actions.difficult_terrain_extra,
    }

    def draw(c: Canvas, box: Rect) -> None:
        c.setFillColorRGB(0, 0, 0)
        line(c, "Terrain legend", Rect(box.x, box.top - 6, box.w, 6), max_size=12)
        symbols = data.map.used_symbols()
        per_col = 4
        columns = max(1, -(-len(symbols) // per_col))
        col_w = box.w / columns
        for index, symbol in enumerate(symbols):
            terrain = data.map.legend[symbol]
            col, row = divmod(index, per_col)
            x = box.x + col * col_w
            y = box.top - 16 - row * 10
            fill, ink = terrain_fill(terrain.colour, look)
            c.setFillColorRGB(*fill)
            c.setStrokeColorRGB(0, 0, 0)
            c.setLineWidth(0.4)
            c.rect(pt(x), pt(y), pt(8), pt(8), stroke=1, fill=1)
            c.saveState()
            _pattern(c, terrain.pattern, Rect(x, y, 8, 8), ink)
            c.restoreState()
            c.setFillColorRGB(0, 0, 0)
            line(
                c,
                terrain.name,
                Rect(x + 10, y + 4, col_w - 12, 4.2),
                font=BOLD,
                max_size=8.5,
            )
            line(
                c,
                MOVEMENT_TEXT[terrain.movement].format(**numbers),
                Rect(x + 10, y, col_w - 12, 3.8),
                font=REGULAR,
                max_size=7.5,
            )

    return draw
