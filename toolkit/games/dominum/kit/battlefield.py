"""The Dominum battlefield, tiled at true size: one card-sized space per board space, the stronghold
rows, assault zones and fortified spaces marked, and its legend for the assembly key."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from toolkit.games.dominum.board import PLAYERS, Board, Space
from toolkit.games.dominum.data import DominumData
from toolkit.games.dominum.kit.common import INK, player_colour
from toolkit.pdf.draw import fill_rect, outline_rect, upside_down
from toolkit.pdf.geometry import (
    BLACK,
    WHITE,
    Colour,
    Rect,
    hex_colour,
    mix,
    pt,
    text_colour_on,
    tint,
)
from toolkit.pdf.glyphs import draw_castle, draw_shield
from toolkit.pdf.style import BOLD, REGULAR, Look, line, text
from toolkit.pdf.tiles import TilePlan, begin_picture, end_picture, plan_tiles

BOARD_LABELS = 0.0  # no band round the battlefield: every space names its row and column
BOARD_FORM = "dominum-board"
KEY_FORM = "dominum-board-key"  # without its words: shrunk on the assembly key they would print
# far under 6 pt


@dataclass(frozen=True)
class BoardLayout:
    """The battlefield picture: one card-sized space per board space, the stronghold rows
    included (row 0 = red's stronghold row at the bottom, gold's at the top)."""

    board: Board
    space_w: float
    space_h: float
    card_w: float
    card_h: float

    @property
    def picture_rows(self) -> int:
        return self.board.rows + 2

    @property
    def width(self) -> float:
        return self.board.rules.columns * self.space_w + 2 * BOARD_LABELS

    @property
    def height(self) -> float:
        return self.picture_rows * self.space_h + 2 * BOARD_LABELS

    def space_rect(self, space: Space) -> Rect:
        row, column = space
        return Rect(
            BOARD_LABELS + (column - 1) * self.space_w,
            BOARD_LABELS + row * self.space_h,
            self.space_w,
            self.space_h,
        )

    def card_rect(self, space: Space) -> Rect:
        r = self.space_rect(space)
        return Rect(
            r.x + (r.w - self.card_w) / 2, r.y + (r.h - self.card_h) / 2, self.card_w, self.card_h
        )


def board_layout(data: DominumData) -> BoardLayout:
    card = data.print.card
    margin = data.print.board.margin
    return BoardLayout(
        Board(data.rules.board),
        card.width + 2 * margin,
        card.height + 2 * margin,
        card.width,
        card.height,
    )


def board_tiles(data: DominumData, paper: tuple[float, float]) -> TilePlan:
    layout = board_layout(data)
    return plan_tiles(layout.width, layout.height, paper, data.print.board.overlap)


def _space_fill(data: DominumData, board: Board, space: Space, look: Look = Look()) -> Colour:
    owner = board.owner_of(space)
    if owner is None:
        return look.ground(hex_colour(data.print.board_colours["neutral"]))
    base = tint(player_colour(data, owner), 0.22 if look.full else 0.12)
    if space in board.assault_zone(owner):
        return mix(base, look.ground(hex_colour(data.print.board_colours["assault_zone"])))
    return base


def _space_captions(data: DominumData, board: Board, space: Space) -> tuple[str, str]:
    assault = data.rules.assault
    owner = board.owner_of(space)
    if owner is None:
        return "NEUTRAL LINE", f"a Barrage card here: +{assault.barrage_card} assault"
    if space in board.fortified(owner):
        return (
            "FORTIFIED SPACE",
            f"{owner.title()} assault zone: an enemy here +{assault.fortified_card}",
        )
    if space in board.assault_zone(owner):
        return f"{owner.upper()} ASSAULT ZONE", f"an enemy card here: +{assault.zone_card} assault"
    return f"{owner.upper()} DOMAIN", ""


def draw_board_picture(
    c: Canvas, data: DominumData, layout: BoardLayout, look: Look = Look()
) -> list[Rect]:
    """Record the battlefield as the reusable form BOARD_FORM at true size, and as KEY_FORM
    without its words; returns where BOARD_FORM's words are (for the tiles' registration
    crosses to keep clear of)."""
    boxes = _record(c, data, layout, look, BOARD_FORM, words=True)
    _record(c, data, layout, look, KEY_FORM, words=False)
    return boxes


def _turned(box: Rect, within: Rect, turn: bool) -> Rect:
    """Where `box`, drawn inside `within` turned half round (`upside_down`), lies on the page."""
    if not turn:
        return box
    cx, cy = within.centre
    return Rect(2 * cx - box.right, 2 * cy - box.top, box.w, box.h)


def _record(
    c: Canvas, data: DominumData, layout: BoardLayout, look: Look, name: str, *, words: bool
) -> list[Rect]:
    board = layout.board
    boxes: list[Rect] = []
    begin_picture(c, name, layout.width, layout.height)
    fill_rect(c, Rect(0, 0, layout.width, layout.height), WHITE)
    grey = (0.45, 0.45, 0.45)
    for space in sorted(board.spaces):
        rect = layout.space_rect(space)
        fill = _space_fill(data, board, space, look)
        fill_rect(c, rect, fill)
        owner = board.owner_of(space)
        card = layout.card_rect(space)
        outline_rect(c, card, grey, 0.5, dash=(3, 2), radius=3)
        head, sub = _space_captions(data, board, space)
        turn = owner == "gold"
        with upside_down(c, rect, turn):
            if owner is not None and space in board.fortified(owner):
                cx, cy = card.centre
                c.setStrokeColorRGB(*player_colour(data, owner))
                c.setLineWidth(2.2)
                draw_shield(c, cx, cy, 14)
            if not words:
                continue
            c.setFillColorRGB(*INK)
            box = Rect(card.x + 3, card.top - 10, card.w - 6, 7)
            line(c, head, box, align="centre", max_size=11)
            boxes.append(_turned(box, rect, turn))
            if sub:
                box = Rect(card.x + 3, card.top - 15, card.w - 6, 4.5)
                line(c, sub, box, font=REGULAR, align="centre", max_size=7.5)
                boxes.append(_turned(box, rect, turn))
            c.setFillColorRGB(*grey)
            box = Rect(card.x + 3, card.y + 2, card.w - 6, 4)
            line(c, f"row {space[0]} · column {space[1]}", box, font=REGULAR, align="centre",
                 max_size=7)  # fmt: skip
            boxes.append(_turned(box, rect, turn))
    # the assault zones: a thick line round each 3 x 2 block
    for player in PLAYERS:
        zone = board.assault_zone(player)
        rects = [layout.space_rect(s) for s in zone]
        x0, y0 = min(r.x for r in rects), min(r.y for r in rects)
        x1, y1 = max(r.right for r in rects), max(r.top for r in rects)
        outline_rect(
            c, Rect(x0 + 1, y0 + 1, x1 - x0 - 2, y1 - y0 - 2), player_colour(data, player), 2.4
        )
    # the stronghold spaces and the casualties piles beside them
    stronghold_fill = look.ground(hex_colour(data.print.board_colours["stronghold"]))
    rules = data.rules.stronghold
    for player in PLAYERS:
        space = board.stronghold(player)
        rect = layout.space_rect(space)
        fill_rect(c, rect, stronghold_fill)
        card = layout.card_rect(space)
        ink = text_colour_on(stronghold_fill)
        outline_rect(c, card, ink, 0.6, dash=(3, 2), radius=3)
        with upside_down(c, rect, player == "gold"):
            c.setFillColorRGB(*tint(player_colour(data, player), 0.6 if look.full else 0.4))
            cx, cy = card.centre
            draw_castle(c, cx, cy + 4, 13)
            if not words:
                continue
            c.setFillColorRGB(*ink)
            box = Rect(card.x + 3, card.top - 10, card.w - 6, 7)
            line(c, f"{player.upper()} STRONGHOLD", box, align="centre", max_size=11)
            boxes.append(_turned(box, rect, player == "gold"))
            box = Rect(card.x + 4, card.y + 3, card.w - 8, 18)
            text(
                c,
                f"Stronghold tile, {rules.starting_charge} Charge to start, up to "
                f"{rules.charge_limit}. Every card may move through both stronghold spaces.",
                box,
                max_size=7.5,
                align="centre",
                valign="bottom",
            )
            boxes.append(_turned(box, rect, player == "gold"))
        pile_col = 1 if player == "red" else board.rules.columns
        pile = layout.space_rect((space[0], pile_col))
        pile_card = layout.card_rect((space[0], pile_col))
        outline_rect(c, pile_card, grey, 0.5, dash=(3, 2), radius=3)
        if not words:
            continue
        with upside_down(c, pile, player == "gold"):
            c.setFillColorRGB(*grey)
            text(
                c,
                f"{player.title()} casualties\n(discard pile)",
                pile_card.inset(4, 30),
                max_size=10,
                align="centre",
                valign="middle",
            )
        boxes.append(_turned(pile_card.inset(4, 30), pile, player == "gold"))
    # grid and coordinates
    c.setStrokeColorRGB(0.2, 0.2, 0.2)
    c.setLineWidth(0.5)
    for space in [*board.spaces, *board.strongholds]:
        r = layout.space_rect(space)
        c.rect(pt(r.x), pt(r.y), pt(r.w), pt(r.h), stroke=1, fill=0)
    if words and BOARD_LABELS > 0:
        _band_labels(c, board, layout)
    end_picture(c)
    return boxes


def _band_labels(c: Canvas, board: Board, layout: BoardLayout) -> None:
    """Column and row numbers in the band round the battlefield (when there is a band)."""
    c.setFillColorRGB(*BLACK)
    c.setFont(BOLD, 11)
    for column in range(1, board.rules.columns + 1):
        x = pt(BOARD_LABELS + (column - 0.5) * layout.space_w)
        c.drawCentredString(x, pt(2.5), f"column {column}")
        c.drawCentredString(x, pt(layout.height - BOARD_LABELS + 2.5), f"column {column}")
    for row in range(1, board.rows + 1):
        y = pt(BOARD_LABELS + (row + 0.5) * layout.space_h)
        for x in (BOARD_LABELS / 2, layout.width - BOARD_LABELS / 2):
            c.saveState()
            c.translate(pt(x), y)
            c.rotate(90)
            c.drawCentredString(0, -4, f"row {row}")
            c.restoreState()


def board_legend(
    data: DominumData, layout: BoardLayout, look: Look = Look()
) -> Callable[[Canvas, Rect], None]:
    board = layout.board
    red_zone = next(iter(board.assault_zone("red") - board.fortified("red")))
    entries = [
        (_space_fill(data, board, (1, 1), look), "Red Domain (2 rows nearest red)"),
        (_space_fill(data, board, (board.rows, 1), look), "Gold Domain (2 rows nearest gold)"),
        (look.ground(hex_colour(data.print.board_colours["neutral"])), "Neutral Line"),
        (
            _space_fill(data, board, red_zone, look),
            "Assault zone (thick line): enemy cards score here",
        ),
        (None, "Shield: fortified space (an enemy there counts double)"),
        (look.ground(hex_colour(data.print.board_colours["stronghold"])), "Stronghold space"),
    ]

    def draw(c: Canvas, box: Rect) -> None:
        c.setFillColorRGB(*BLACK)
        line(c, "Legend", Rect(box.x, box.top - 6, box.w, 6), max_size=12)
        col_w = box.w / 2
        for index, (fill, name) in enumerate(entries):
            col, row = divmod(index, 3)
            x = box.x + col * col_w
            y = box.top - 15 - row * 9
            swatch = Rect(x, y, 7, 7)
            if fill is None:
                c.setStrokeColorRGB(*player_colour(data, "red"))
                c.setLineWidth(1)
                draw_shield(c, x + 3.5, y + 3.5, 3.2)
            else:
                fill_rect(c, swatch, fill)
                outline_rect(c, swatch, BLACK, 0.4)
            c.setFillColorRGB(*BLACK)
            line(c, name, Rect(x + 9, y + 1, col_w - 11, 5), font=REGULAR, max_size=9)
        card = data.print.card
        text(
            c,
            f"Each space holds one card ({card.width:g} x {card.height:g} mm) with "
            f"{data.print.board.margin:g} mm to spare. Red sits at row 1, gold across the table.",
            Rect(box.x, box.y, box.w, 10),
            max_size=9,
        )

    return draw
