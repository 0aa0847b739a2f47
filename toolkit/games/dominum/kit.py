"""The Dominum print-and-play kit: which pieces the kit holds, laid out from card_data.

The battlefield tiled at true size (card-sized spaces) with an assembly key and legend, a player
mat per player (score bar, phase track with link places, reserve power, Power Deck and used pile,
cycle counters, a QR code), each player's Power Deck with backs, Domain cards and Stronghold tiles
with backs per Domain, punch-out tokens, and a one-page rules reference with the table's QR code.
Geometry lives in toolkit/pdf; rule numbers in card_data/dominum/rules.toml; sizes, colours and
component counts in card_data/dominum/print.toml.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from reportlab.pdfgen.canvas import Canvas

from toolkit.errors import DomekitError
from toolkit.games.dominum.board import PLAYERS, Board, Player, Space
from toolkit.games.dominum.config import DominumRules
from toolkit.games.dominum.data import (
    DomainCard,
    DominumData,
    Stronghold,
    load_dominum,
)
from toolkit.pdf.cards import Card, CardBox, draw_card_sheets, plan_sheet
from toolkit.pdf.document import Document, pdf_document
from toolkit.pdf.draw import (
    draw_back_frame,
    draw_back_titles,
    draw_card_frame,
    draw_card_title,
    fill_rect,
    outline_rect,
    upside_down,
)
from toolkit.pdf.geometry import (
    BLACK,
    WHITE,
    Colour,
    Rect,
    hex_colour,
    mix,
    paper_size,
    pt,
    text_colour_on,
    tint,
)
from toolkit.pdf.glyphs import (
    draw_bolt,
    draw_castle,
    draw_catapult,
    draw_drop,
    draw_shield,
    draw_wing,
)
from toolkit.pdf.kits import KitOptions, KitResult, Progress, finish_kit, kit_target, kit_urls
from toolkit.pdf.pieces import Piece, draw_pieces
from toolkit.pdf.qr import draw_qr
from toolkit.pdf.sheets import Section, draw_heading, draw_sections, draw_table
from toolkit.pdf.text import draw_line_fit, draw_text_box
from toolkit.pdf.tiles import (
    TilePlan,
    begin_picture,
    draw_assembly_key,
    draw_tiles,
    end_picture,
    plan_tiles,
)

GAME = "dominum"
TITLE = "Dominum"
MARGIN = 10.0  # page margin of the sheets (not cards, not tiles)
BOARD_LABELS = 8.0  # the coordinate band around the printed battlefield
BOARD_FORM = "dominum-board"
INK: Colour = (0.15, 0.15, 0.15)
# How the rules print each phase token's name.
PHASE_NAMES = {
    "deploy": "Deploy",
    "move": "Move",
    "reposition": "Reposition",
    "attack": "Attack",
    "assault": "Assault",
    "charge": "Charge",
    "reserve": "Reserve Power",
    "initiative": "Initiative",
}
TYPE_NAMES = {"hero": "Hero", "elite": "Elite", "warrior": "Warrior"}


def player_colour(data: DominumData, player: str) -> Colour:
    return hex_colour(data.print.player_colours[player])


def domain_colour(data: DominumData, domain: str) -> Colour:
    return hex_colour(data.print.domain_colours[domain])


def choose_players(wanted: tuple[str, ...] | None) -> tuple[Player, ...]:
    """The players to print pieces for (`--teams`): both unless the flag names some."""
    if wanted is None:
        return PLAYERS
    for colour in wanted:
        if colour not in PLAYERS:
            raise DomekitError(
                f"--teams: unknown player colour {colour!r}; Dominum has {', '.join(PLAYERS)}"
            )
    if len(set(wanted)) != len(wanted):
        raise DomekitError("--teams: a colour is named twice")
    return tuple(p for p in PLAYERS if p in wanted)


def _range_icon(c: Canvas, box: Rect, radial: bool, colour: Colour) -> None:
    """A 3 x 3 grid: the card's space in the middle, the spaces it moves and attacks to marked
    (4 orthogonal for Standard, all 8 for Radial)."""
    cell = min(box.w, box.h) / 3
    x0 = box.x + (box.w - 3 * cell) / 2
    y0 = box.y + (box.h - 3 * cell) / 2
    c.saveState()
    c.setLineWidth(0.3)
    c.setStrokeColorRGB(*colour)
    for row in range(3):
        for col in range(3):
            r = Rect(x0 + col * cell + 0.25, y0 + row * cell + 0.25, cell - 0.5, cell - 0.5)
            centre = row == 1 and col == 1
            orth = (row == 1) != (col == 1)
            if centre:
                fill_rect(c, r, INK)
            elif orth or radial:
                fill_rect(c, r, colour)
            else:
                c.setFillColorRGB(1, 1, 1)
                c.rect(pt(r.x), pt(r.y), pt(r.w), pt(r.h), stroke=1, fill=1)
    c.restoreState()


# ---------------------------------------------------------------------------------------------
# Domain cards and Stronghold tiles


def _art(c: Canvas, box: Rect, colour: Colour, domain: str, kind: str) -> None:
    """The art window: no art ships with the sample data, so a Domain-coloured panel with the
    card type's emblem."""
    fill_rect(c, box, tint(colour, 0.25), radius=1.2)
    cx, cy = box.centre
    r = min(box.w, box.h) * 0.32
    c.setFillColorRGB(*tint(colour, 0.55))
    c.setStrokeColorRGB(*tint(colour, 0.55))
    if kind == "stronghold":
        draw_castle(c, cx, cy, r)
    else:
        c.circle(pt(cx), pt(cy), pt(r), stroke=0, fill=1)
        c.setFillColorRGB(*WHITE)
        c.setFont("Helvetica-Bold", r * 2.83 * 1.1)
        c.drawCentredString(pt(cx), pt(cy - r * 0.38), TYPE_NAMES[kind][0])
    c.setFillColorRGB(*tint(colour, 0.8))
    draw_line_fit(
        c,
        domain,
        Rect(box.x + 1.5, box.y + 1, box.w - 3, 3.5),
        font="Helvetica-Oblique",
        max_size=6.5,
    )


def domain_card_face(card: DomainCard, data: DominumData) -> Callable[[Canvas, CardBox], None]:
    colour = domain_colour(data, card.domain)

    def draw(c: Canvas, box: CardBox) -> None:
        draw_card_frame(c, box, colour)
        safe = box.safe
        # 2. name and 3. fly icon
        name_box, rest = safe.split_top(7)
        name_w = name_box.w - (8 if card.fly else 0)
        c.setFillColorRGB(*BLACK)
        draw_line_fit(c, card.name, Rect(name_box.x, name_box.y, name_w, name_box.h), max_size=11)
        if card.fly:
            cx, cy = name_box.right - 3.6, name_box.y + 3.8
            c.setFillColorRGB(*colour)
            c.circle(pt(cx), pt(cy), pt(3.6), stroke=0, fill=1)
            c.setFillColorRGB(*WHITE)
            draw_wing(c, cx, cy + 0.5, 2.6)
            c.setFont("Helvetica-Bold", 3.6)
            c.drawCentredString(pt(cx), pt(cy - 2.8), "FLY")
        # 1. the art
        art, rest = rest.split_top(27)
        _art(c, art.inset(0, 0.6), colour, card.domain, card.type)
        # 4. the ability text box: keywords in bold, then the text
        bottom = 15.0
        text_box = Rect(rest.x, rest.y + bottom, rest.w, rest.h - bottom - 1)
        if card.keywords:
            words_box, text_box = text_box.split_top(5)
            c.setFillColorRGB(*tint(colour, 1.0))
            draw_line_fit(c, " · ".join(card.keywords), words_box, max_size=8)
        c.setFillColorRGB(*BLACK)
        draw_text_box(c, card.ability, text_box.inset(0.3, 0.5), max_size=8.5, min_size=5)
        # 5. type, 6. attack strength, 7. range
        c.setStrokeColorRGB(*colour)
        c.setLineWidth(0.5)
        c.line(pt(safe.x), pt(safe.y + bottom - 0.5), pt(safe.right), pt(safe.y + bottom - 0.5))
        badge_r = 6.0
        bx, by = safe.x + badge_r, safe.y + badge_r + 0.5
        c.setFillColorRGB(*colour)
        c.circle(pt(bx), pt(by), pt(badge_r), stroke=0, fill=1)
        c.setFillColorRGB(*text_colour_on(colour))
        draw_line_fit(
            c, str(card.strength), Rect(bx - 4, by - 2.4, 8, 6), align="centre", max_size=20
        )
        c.setFont("Helvetica-Bold", 4.2)
        c.drawCentredString(pt(bx), pt(by - 4.3), "ATTACK")
        middle = Rect(safe.x + 2 * badge_r + 1.5, safe.y, safe.w - 2 * badge_r - 15, bottom - 1)
        c.setFillColorRGB(*BLACK)
        draw_line_fit(
            c,
            TYPE_NAMES[card.type].upper(),
            Rect(middle.x, middle.y + 6.5, middle.w, 5.5),
            align="centre",
            max_size=10,
        )
        if card.defense is not None:
            draw_line_fit(
                c,
                f"Defense {card.defense}",
                Rect(middle.x, middle.y + 1.5, middle.w, 4),
                font="Helvetica",
                align="centre",
                max_size=7.5,
            )
        icon = Rect(safe.right - 12, safe.y + 4.2, 12, 9.5)
        _range_icon(c, icon, card.range == "radial", colour)
        c.setFillColorRGB(*BLACK)
        draw_line_fit(
            c,
            card.range.title(),
            Rect(icon.x - 2, safe.y, icon.w + 2, 3.8),
            font="Helvetica",
            align="centre",
            max_size=6.5,
        )

    return draw


def stronghold_face(tile: Stronghold, data: DominumData) -> Callable[[Canvas, CardBox], None]:
    colour = domain_colour(data, tile.domain)
    rules = data.rules.stronghold
    token = min(data.print.token.condition, (data.print.card.width - 10) / rules.charge_limit)

    def draw(c: Canvas, box: CardBox) -> None:
        draw_card_frame(c, box, colour)
        safe = box.safe
        kind = f"{tile.domain} Stronghold"
        rest = draw_card_title(c, safe, tile.name, kind, colour, name_size=11)
        art, rest = rest.split_top(16)
        _art(c, art.inset(0, 0.6), colour, tile.domain, "stronghold")
        places_h = token + 6
        text_box = Rect(rest.x, rest.y + places_h + 1, rest.w, rest.h - places_h - 2)
        c.setFillColorRGB(*BLACK)
        draw_text_box(c, tile.ability, text_box, max_size=8.5, min_size=5)
        # the Charge token places: up to charge_limit
        c.setFillColorRGB(*INK)
        draw_line_fit(
            c,
            f"Charge: starts with {rules.starting_charge}, holds up to {rules.charge_limit}",
            Rect(safe.x, safe.y + token + 0.8, safe.w, 3.6),
            font="Helvetica",
            align="centre",
            max_size=6.5,
        )
        gap = (safe.w - rules.charge_limit * token) / (rules.charge_limit + 1)
        for index in range(rules.charge_limit):
            cx = safe.x + gap + token / 2 + index * (token + gap)
            c.setStrokeColorRGB(*colour)
            c.setLineWidth(0.6)
            c.setDash(1.5, 1)
            c.circle(pt(cx), pt(safe.y + token / 2), pt(token / 2 - 0.2), stroke=1, fill=0)
            c.setDash()
            c.setFillColorRGB(*tint(colour, 0.35))
            draw_bolt(c, cx, safe.y + token / 2, token * 0.3)

    return draw


def domain_back(domain: str, subtitle: str, data: DominumData) -> Callable[[Canvas, CardBox], None]:
    colour = domain_colour(data, domain)

    def draw(c: Canvas, box: CardBox) -> None:
        inner = draw_back_frame(c, box, colour)
        cx, cy = box.trim.centre
        draw_line_fit(
            c, "DOMINUM", Rect(inner.x + 3, cy + 6, inner.w - 6, 10), align="centre", max_size=22
        )
        draw_back_titles(c, inner, (domain, cy - 3, 8, 15), (subtitle, cy - 10, 5, 9))

    return draw


def domain_kit_cards(data: DominumData) -> list[Card]:
    """Every Domain card (each as many times as its qty), then the Domain's Stronghold tiles."""
    cards: list[Card] = []
    for domain in data.domains:
        for card in data.domain_cards(domain):
            face = domain_card_face(card, data)
            cards.extend(Card(face, f"{domain}:card") for _ in range(card.qty))
        for tile in data.domain_strongholds(domain):
            cards.append(Card(stronghold_face(tile, data), f"{domain}:stronghold"))
    return cards


def domain_backs(data: DominumData) -> dict[str, Callable[[Canvas, CardBox], None]]:
    backs = {}
    for domain in data.domains:
        backs[f"{domain}:card"] = domain_back(domain, "Domain card", data)
        backs[f"{domain}:stronghold"] = domain_back(domain, "Stronghold", data)
    return backs


# ---------------------------------------------------------------------------------------------
# The Power Deck


def power_cards(rules: DominumRules) -> list[str]:
    """One player's deck as printed: the numbered cards, then the Critical(s)."""
    return [str(v) for v in rules.power_deck.values] + ["Critical"] * rules.power_deck.criticals


def power_face(value: str, player: str, data: DominumData) -> Callable[[Canvas, CardBox], None]:
    colour = player_colour(data, player)
    deck = data.rules.power_deck

    def draw(c: Canvas, box: CardBox) -> None:
        draw_card_frame(c, box, colour)
        safe = box.safe
        c.setFillColorRGB(*colour)
        corner = "C" if value == "Critical" else value
        draw_line_fit(c, corner, Rect(safe.x, safe.top - 7, 8, 7), max_size=16)
        with upside_down(c, safe):
            draw_line_fit(c, corner, Rect(safe.x, safe.top - 7, 8, 7), max_size=16)
        cx, cy = safe.centre
        if value == "Critical":
            draw_line_fit(
                c,
                "CRITICAL",
                Rect(safe.x + 1, cy + 6, safe.w - 2, 8),
                align="centre",
                max_size=14,
            )
            c.setFillColorRGB(*BLACK)
            draw_text_box(
                c,
                "Attacking: a wound, unless the defender also draws a Critical. Defending: "
                f"blocks any attack. Assault: counts {deck.critical_counts_as}. "
                "Power duel: wins.",
                Rect(safe.x + 1, safe.y + 8, safe.w - 2, cy + 5 - safe.y - 8),
                max_size=7,
                align="centre",
            )
        else:
            c.circle(pt(cx), pt(cy), pt(12), stroke=0, fill=1)
            c.setFillColorRGB(*text_colour_on(colour))
            draw_line_fit(c, value, Rect(cx - 8, cy - 7, 16, 14), align="centre", max_size=44)
        c.setFillColorRGB(*colour)
        draw_line_fit(
            c,
            f"{player.title()} Power Deck",
            Rect(safe.x + 9, safe.top - 5, safe.w - 18, 4),
            font="Helvetica",
            align="centre",
            max_size=6,
        )

    return draw


def power_back(player: str, data: DominumData) -> Callable[[Canvas, CardBox], None]:
    colour = player_colour(data, player)

    def draw(c: Canvas, box: CardBox) -> None:
        inner = draw_back_frame(c, box, colour, inset=4, width=1, radius=2.5)
        cx, cy = box.trim.centre
        draw_bolt(c, cx, cy + 9, 6)
        draw_line_fit(
            c, "DOMINUM", Rect(inner.x + 2, cy - 3, inner.w - 4, 7), align="centre", max_size=16
        )
        draw_line_fit(
            c,
            f"{player.title()} Power Deck",
            Rect(inner.x + 2, cy - 9, inner.w - 4, 5),
            font="Helvetica",
            align="centre",
            max_size=9,
        )

    return draw


# ---------------------------------------------------------------------------------------------
# The battlefield


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


def _space_fill(data: DominumData, board: Board, space: Space) -> Colour:
    owner = board.owner_of(space)
    if owner is None:
        return hex_colour(data.print.board_colours["neutral"])
    base = tint(player_colour(data, owner), 0.22)
    if space in board.assault_zone(owner):
        return mix(base, hex_colour(data.print.board_colours["assault_zone"]))
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


def draw_board_picture(c: Canvas, data: DominumData, layout: BoardLayout) -> None:
    """Record the battlefield as the reusable form BOARD_FORM at true size."""
    board = layout.board
    begin_picture(c, BOARD_FORM, layout.width, layout.height)
    fill_rect(c, Rect(0, 0, layout.width, layout.height), WHITE)
    grey = (0.45, 0.45, 0.45)
    for space in sorted(board.spaces):
        rect = layout.space_rect(space)
        fill = _space_fill(data, board, space)
        fill_rect(c, rect, fill)
        owner = board.owner_of(space)
        card = layout.card_rect(space)
        outline_rect(c, card, grey, 0.5, dash=(3, 2), radius=3)
        head, sub = _space_captions(data, board, space)
        with upside_down(c, rect, owner == "gold"):
            if owner is not None and space in board.fortified(owner):
                cx, cy = card.centre
                c.setStrokeColorRGB(*player_colour(data, owner))
                c.setLineWidth(2.2)
                draw_shield(c, cx, cy, 14)
            c.setFillColorRGB(*INK)
            draw_line_fit(
                c,
                head,
                Rect(card.x + 3, card.top - 10, card.w - 6, 7),
                align="centre",
                max_size=11,
            )
            if sub:
                draw_line_fit(
                    c,
                    sub,
                    Rect(card.x + 3, card.top - 15, card.w - 6, 4.5),
                    font="Helvetica",
                    align="centre",
                    max_size=7.5,
                )
            c.setFillColorRGB(*grey)
            draw_line_fit(
                c,
                f"row {space[0]} · column {space[1]}",
                Rect(card.x + 3, card.y + 2, card.w - 6, 4),
                font="Helvetica",
                align="centre",
                max_size=7,
            )
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
    stronghold_fill = hex_colour(data.print.board_colours["stronghold"])
    rules = data.rules.stronghold
    for player in PLAYERS:
        space = board.stronghold(player)
        rect = layout.space_rect(space)
        fill_rect(c, rect, stronghold_fill)
        card = layout.card_rect(space)
        ink = text_colour_on(stronghold_fill)
        outline_rect(c, card, ink, 0.6, dash=(3, 2), radius=3)
        with upside_down(c, rect, player == "gold"):
            c.setFillColorRGB(*tint(player_colour(data, player), 0.6))
            cx, cy = card.centre
            draw_castle(c, cx, cy + 4, 13)
            c.setFillColorRGB(*ink)
            draw_line_fit(
                c,
                f"{player.upper()} STRONGHOLD",
                Rect(card.x + 3, card.top - 10, card.w - 6, 7),
                align="centre",
                max_size=11,
            )
            draw_text_box(
                c,
                f"Stronghold tile, {rules.starting_charge} Charge to start, up to "
                f"{rules.charge_limit}. Every card may move through both stronghold spaces.",
                Rect(card.x + 4, card.y + 3, card.w - 8, 18),
                max_size=7.5,
                align="centre",
                valign="bottom",
            )
        pile_col = 1 if player == "red" else board.rules.columns
        pile = layout.space_rect((space[0], pile_col))
        pile_card = layout.card_rect((space[0], pile_col))
        outline_rect(c, pile_card, grey, 0.5, dash=(3, 2), radius=3)
        with upside_down(c, pile, player == "gold"):
            c.setFillColorRGB(*grey)
            draw_text_box(
                c,
                f"{player.title()} casualties\n(discard pile)",
                pile_card.inset(4, 30),
                max_size=10,
                align="centre",
                valign="middle",
            )
    # grid and coordinates
    c.setStrokeColorRGB(0.2, 0.2, 0.2)
    c.setLineWidth(0.5)
    for space in [*board.spaces, *board.strongholds]:
        r = layout.space_rect(space)
        c.rect(pt(r.x), pt(r.y), pt(r.w), pt(r.h), stroke=1, fill=0)
    c.setFillColorRGB(*BLACK)
    c.setFont("Helvetica-Bold", 11)
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
    end_picture(c)


def board_legend(data: DominumData, layout: BoardLayout) -> Callable[[Canvas, Rect], None]:
    board = layout.board
    red_zone = next(iter(board.assault_zone("red") - board.fortified("red")))
    entries = [
        (_space_fill(data, board, (1, 1)), "Red Domain (2 rows nearest red)"),
        (_space_fill(data, board, (board.rows, 1)), "Gold Domain (2 rows nearest gold)"),
        (hex_colour(data.print.board_colours["neutral"]), "Neutral Line"),
        (_space_fill(data, board, red_zone), "Assault zone (thick line): enemy cards score here"),
        (None, "Shield: fortified space (an enemy there counts double)"),
        (hex_colour(data.print.board_colours["stronghold"]), "Stronghold space"),
    ]

    def draw(c: Canvas, box: Rect) -> None:
        c.setFillColorRGB(*BLACK)
        draw_line_fit(c, "Legend", Rect(box.x, box.top - 6, box.w, 6), max_size=12)
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
            draw_line_fit(c, name, Rect(x + 9, y + 1, col_w - 11, 5), font="Helvetica", max_size=9)
        card = data.print.card
        draw_text_box(
            c,
            f"Each space holds one card ({card.width:g} x {card.height:g} mm) with "
            f"{data.print.board.margin:g} mm to spare. Red sits at row 1, gold across the table.",
            Rect(box.x, box.y, box.w, 10),
            max_size=9,
        )

    return draw


# ---------------------------------------------------------------------------------------------
# Player mats


def _place(c: Canvas, rect: Rect, colour: Colour, label: str, *, round_: bool = False) -> None:
    """An empty place on the mat: a dashed outline and its label inside."""
    c.saveState()
    c.setFillColorRGB(*tint(colour, 0.08))
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(0.8)
    c.setDash(2.5, 1.5)
    if round_:
        cx, cy = rect.centre
        c.circle(pt(cx), pt(cy), pt(rect.w / 2), stroke=1, fill=1)
    else:
        c.roundRect(pt(rect.x), pt(rect.y), pt(rect.w), pt(rect.h), pt(2), stroke=1, fill=1)
    c.restoreState()
    c.setFillColorRGB(*tint(colour, 0.7))
    inner = rect.inset(rect.w * 0.16 if round_ else 2)
    draw_text_box(c, label, inner, max_size=11, min_size=5, align="centre", valign="middle")


def _band_label(c: Canvas, text: str, box: Rect) -> None:
    c.setFillColorRGB(*BLACK)
    draw_line_fit(c, text, box, font="Helvetica-Bold", max_size=9)


def mat_page(doc: Document, data: DominumData, player: str, url: str, qr_size: float) -> None:
    """A landscape mat: score bar, phase track with link places, Power Deck, used pile, reserve
    power, cycle counter places and the phase tokens' home; the player's QR code."""
    rules = data.rules
    sizes = data.print
    colour = player_colour(data, player)
    c = doc.begin_page((max(doc.paper), min(doc.paper)))
    page = doc.page.inset(MARGIN)
    qr = Rect(page.right - qr_size, page.top - qr_size, qr_size, qr_size)
    draw_qr(c, url, qr.x, qr.y, qr_size)
    c.setFillColorRGB(*BLACK)
    draw_line_fit(
        c,
        "Scan: this player's page",
        Rect(qr.x - 2, qr.y - 4, qr_size + 4, 3.5),
        font="Helvetica",
        align="centre",
        max_size=6.5,
    )
    left = Rect(page.x, page.y, page.w - qr_size - 5, page.h)
    head, rest = left.split_top(11)
    draw_heading(c, f"{TITLE}: {player.title()} player mat", head, colour=colour)

    # score bar: 0 .. winning_vp - 1, then "7+"
    _, rest = rest.split_top(3)
    label, rest = rest.split_top(5)
    win = rules.end.winning_vp
    _band_label(
        c,
        f"Score bar: your score indicator marks your VP ({win}+ at the end of a round wins)",
        label,
    )
    cells = win + 1
    score_h = sizes.token.phase + 2
    bar, rest = rest.split_top(score_h)
    step = bar.w / cells
    for value in range(cells):
        r = Rect(bar.x + value * step + 0.5, bar.y, step - 1, score_h)
        text = f"{value}+" if value == win else str(value)
        fill = colour if value == win else tint(colour, 0.12)
        fill_rect(c, r, fill, radius=2)
        outline_rect(c, r, colour, 0.6, radius=2)
        c.setFillColorRGB(*text_colour_on(fill))
        draw_line_fit(c, text, r.inset(2, score_h * 0.25), align="centre", max_size=20)

    # phase track: activations_per_player slots, link places between them, the link token home
    page_rest = Rect(page.x, page.y, page.w, rest.top - page.y)
    _, rest = page_rest.split_top(4)
    label, rest = rest.split_top(5)
    acts = rules.rounds.activations_per_player
    _band_label(
        c,
        f"Phase track: put each phase token you activate on the next slot, 1 to {acts}. Link "
        f"token ({rules.rounds.links_per_round} a round): two phases back to back.",
        label,
    )
    slot = sizes.token.phase + 2
    link = sizes.token.counter + 1
    track_h = slot
    track, rest = rest.split_top(track_h)
    x = track.x
    for number in range(1, acts + 1):
        _place(c, Rect(x, track.y, slot, slot), colour, str(number), round_=True)
        x += slot
        if number < acts:
            gap = link + 4
            _place(c, Rect(x + 2, track.y + (slot - link) / 2, link, link), INK, "link")
            x += gap
    x += 8
    _place(c, Rect(x, track.y + (slot - link) / 2, link, link), colour, "Link token")
    x += link + 8

    # the power card places: deck, used pile, reserve power
    _, rest = rest.split_top(4)
    label, rest = rest.split_top(5)
    deck = rules.power_deck
    _band_label(
        c,
        f"Power Deck ({deck.size} cards), used pile and reserve power (at most "
        f"{deck.reserve_limit} face up)",
        label,
    )
    pw, ph = sizes.power_card.width + 2, sizes.power_card.height + 2
    row, rest = rest.split_top(ph)
    names = ["Power Deck\n(face down)", "Used pile\n(face up)"]
    names += [f"Reserve power {n}" for n in range(1, deck.reserve_limit + 1)]
    gap = min(8.0, (row.w - len(names) * pw) / max(len(names) - 1, 1))
    for index, name in enumerate(names):
        r = Rect(row.x + index * (pw + gap), row.y, pw, ph)
        _place(c, r, INK if index < 2 else colour, name)

    # cycle counters and the phase tokens' home
    _, rest = rest.split_top(4)
    label, rest = rest.split_top(5)
    _band_label(
        c,
        "Cycle counters: when all your power cards are used, set one aside and put that value's "
        f"card on your reserve. The game ends after the round of the last player's "
        f"{rules.end.cycles_to_end}th cycle.",
        label,
    )
    side = sizes.token.counter + 2
    row, rest = rest.split_top(side)
    x = row.x
    for value in rules.power_deck.cycle_counters:
        _place(c, Rect(x, row.y, side, side), colour, str(value))
        x += side + 3
    x += 6
    phases = [p for p in rules.rounds.phases if p != "initiative"]
    _place(
        c,
        Rect(x, row.y, row.right - x, side),
        colour,
        "Phase tokens ready: " + ", ".join(PHASE_NAMES[p] for p in phases),
    )
    c.setFillColorRGB(*BLACK)
    draw_text_box(
        c,
        "The white Initiative token lies between the two mats: a player who takes it as a phase "
        "starts the next round. At the end of each round take your phase tokens and link token "
        "back off the track.",
        Rect(page.x, page.y, page.w, max(4.0, rest.top - page.y - 3)),
        max_size=9,
        valign="middle",
    )
    doc.end_page()


# ---------------------------------------------------------------------------------------------
# Tokens


def player_pieces(data: DominumData, player: str) -> list[Piece]:
    """A player's tokens: phase tokens, link token(s), cycle counters and the score indicator."""
    rules = data.rules
    colour = player_colour(data, player)
    size = data.print.token
    pieces = [
        Piece("circle", size.phase, colour, PHASE_NAMES[phase])
        for phase in rules.rounds.phases
        if phase != "initiative"
    ]
    pieces += [Piece("circle", size.phase, colour, "SCORE", note=f"{player.title()} VP")]
    pieces += [
        Piece("square", size.counter, colour, "LINK", note="2 phases")
        for _ in range(rules.rounds.links_per_round)
    ]
    pieces += [
        Piece("square", size.counter, colour, str(value), note="Cycle")
        for value in rules.power_deck.cycle_counters
    ]
    return pieces


def shared_pieces(data: DominumData) -> list[Piece]:
    """The trays' tokens from "Game Components" and the white Initiative token."""
    counts = data.print.components
    size = data.print.token
    pieces = [Piece("circle", size.phase, WHITE, "Initiative") for _ in range(counts.initiative)]
    kinds = [
        (counts.wound, (0.72, 0.07, 0.07), "Wound", draw_drop),
        (counts.weaken, (0.2, 0.55, 0.2), "Weaken -1", None),
        (counts.charge, (0.95, 0.76, 0.1), "Charge", draw_bolt),
        (counts.surge, (0.35, 0.3, 0.55), "Surge +1", draw_catapult),
    ]
    for count, fill, title, glyph in kinds:
        for _ in range(count):
            if glyph is None:
                pieces.append(Piece("circle", size.condition, fill, "-1", note="Weaken"))
            else:
                pieces.append(Piece("circle", size.condition, fill, title, glyph=glyph))
    return pieces


def tokens_page(doc: Document, data: DominumData, players: tuple[str, ...]) -> None:
    c = doc.begin_page()
    page = doc.page.inset(MARGIN)
    head, rest = page.split_top(12)
    draw_heading(c, f"{TITLE}: tokens", head, colour=INK)
    note, rest = rest.split_top(11)
    c.setFillColorRGB(*BLACK)
    draw_text_box(
        c,
        "Glue the sheet onto card stock, then cut along the solid black line round each token. "
        "Wound, Weaken, Charge and Surge tokens go in the trays; each Stronghold starts with "
        f"{data.rules.stronghold.starting_charge} Charge.",
        note,
        max_size=9,
    )
    y = rest.top
    for player in players:
        label = Rect(rest.x, y - 6, rest.w, 5)
        _band_label(
            c,
            f"{player.title()} player: phase tokens, score indicator, link token, cycle counters",
            label,
        )
        y = draw_pieces(
            c, Rect(rest.x, rest.y, rest.w, y - 7 - rest.y), player_pieces(data, player)
        )
        y -= 4
    label = Rect(rest.x, y - 6, rest.w, 5)
    _band_label(c, "Shared: Initiative (white), Wound, Weaken, Charge and Surge tokens", label)
    draw_pieces(c, Rect(rest.x, rest.y, rest.w, y - 7 - rest.y), shared_pieces(data))
    doc.end_page()


# ---------------------------------------------------------------------------------------------
# Rules reference


def vp_rows(rules: DominumRules) -> list[list[str]]:
    """The assault VP table as printed: one row per band of rules.toml's vp_table."""
    bands = rules.assault.vp_table
    rows = []
    for index, band in enumerate(bands):
        upper = bands[index + 1].at_least - 1 if index + 1 < len(bands) else None
        if upper is None:
            total = f"{band.at_least} or more"
        elif band.at_least == 0:
            total = f"{upper} or less"
        elif upper == band.at_least:
            total = str(upper)
        else:
            total = f"{band.at_least} to {upper}"
        rows.append([total, f"{band.vp} VP", "take your Surge token" if band.take_surge else ""])
    return rows


def rules_sections(data: DominumData) -> list[Section]:
    r = data.rules
    deck, attack, assault, rounds = r.power_deck, r.attack, r.assault, r.rounds
    forces, sh, end, move = r.forces, r.stronghold, r.end, r.movement
    values = ", ".join(str(v) for v in deck.values)
    options = len(rounds.phases)
    return [
        Section(
            "Winning",
            (
                f"- {end.winning_vp} VP or more at the end of a round wins.",
                f"- Else the game ends after the round in which the last player cycles for the "
                f"{end.cycles_to_end}th time: most VP wins. To the Bitter End! (optional): no "
                "ties, play on round by round.",
            ),
        ),
        Section(
            "Setup",
            (
                f"- Force: 1 Stronghold, {forces.hero} Hero, {forces.elite} Elite, "
                f"{forces.warrior} Warrior cards. Stronghold face up with {sh.starting_charge} "
                "Charge.",
                f"- Reset the Power Deck: shuffle, opponent cuts, {deck.reset_to_reserve} cards "
                f"face up on your reserve. Higher total (Critical = {deck.critical_counts_as}) "
                "picks the 1st Player; tie: flip a coin.",
                f"- Deploy alternately, 1st Player first, until {forces.initial_deployment} cards "
                f"each; one of your last {forces.initial_neutral_window} goes in the Neutral "
                "Line.",
            ),
        ),
        Section(
            "Rounds and phases",
            (
                f"- On your turn pick a phase token ({options} options, Initiative included), "
                f"put it on your next track slot, do the phase. {rounds.activations_per_player} "
                "activations each, then the round ends.",
                f"- Link token, {rounds.links_per_round} a round: two phases back to back.",
                f"- Deploy: up to {r.battlefield.limit} cards on the battlefield, into your "
                f"Domain; first you may Retreat {r.battlefield.retreats_per_deploy} card.",
                f"- Move: each card up to {move.move_spaces} spaces (Radial: diagonals too), "
                "through allies and stronghold spaces; flying cards over enemies.",
                f"- Reposition: each card may shift {move.shift_spaces} space orthogonally.",
                f"- Charge: +{sh.charge_gain} Charge (max {sh.charge_limit}) or remove "
                f"{sh.weakens_removed} Weaken from an ally.",
                f"- Reserve Power: draw 1 to your reserve (max {deck.reserve_limit}; discard one "
                "first if full).",
                "- Initiative: take the token; you start the next round.",
            ),
        ),
        Section(
            "Attack",
            (
                "- Target an enemy in range, draw power: attack total = strength + power "
                f"(+{attack.coordinating_bonus} per coordinating ally).",
                "- Defense total = strength (+ power if the defender chooses to draw).",
                "- Greater: a wound. Else blocked: the defender may counterattack the primary "
                "attacker. Deadly wins ties.",
                f"- {attack.wounds_to_defeat} wounds defeat a card. Weakened: -"
                f"{attack.weaken_penalty} attack and defense.",
            ),
        ),
        Section(
            "Assault",
            (
                f"- Needs {assault.min_cards_in_zone}+ card in the enemy assault zone. +"
                f"{assault.zone_card} per card there, +{assault.fortified_card} on a fortified "
                f"space, +{assault.barrage_card} per Barrage card in the Neutral Line.",
                f"- Draw {assault.power_draws} power cards and add them. Surge token: +"
                f"{assault.surge_bonus}. VP: see the table.",
            ),
        ),
        Section(
            "Power Deck and cycling",
            (
                f"- {deck.size} cards: {values} and the Critical. Draw power = flip the top "
                "card or use a reserve card; used cards go to the used pile.",
                "- The active player draws first and says the total; then the opponent decides.",
                "- Critical: attacking, a wound unless the defender also draws one; defending, "
                f"blocks; assault {deck.critical_counts_as}; power duel wins.",
                "- Cycle when all 9 are used: set a cycle counter aside, its value's card to your "
                f"reserve, shuffle the rest, {deck.cycle_draws_to_reserve} more to the reserve.",
                "- Power duel: both draw, high card wins, ties go to the opponent.",
            ),
        ),
        Section(
            "Keywords",
            (
                "- Alt Attack: an extra, optional attack at the time the card gives.",
                f"- Barrage: +{assault.barrage_card} to your assault total from the Neutral Line.",
                "- Deadly: wins ties when it attacks, counterattacks or makes free strikes.",
                "- Evasive: its attack blocked, it may shift; then no counterattack.",
                "- Free Strike: an attack that, if blocked, cannot be counterattacked.",
                "- Knockback: when it wounds a non-Hero enemy, you may shift that enemy.",
                "- Lunge: may shift before attacking; may then draw a second power card and use "
                "that one.",
                "- Outflank: coordinated attacks including it become free strikes.",
                "- Submerge: blocking in your opponent's attack phase, place it in an open space "
                "within range instead of counterattacking.",
                "- Infiltrate: active in your opponent's Domain. Protector: active in your own.",
                "- 1st wound: happens when it takes its first wound (mandatory).",
                "- On Discard: when defeated by a second wound. Sacrifice: discard at once; no "
                "On Discard.",
            ),
        ),
    ]


def rules_page(doc: Document, data: DominumData, table_url: str, qr_size: float) -> None:
    c = doc.begin_page()
    page = doc.page.inset(MARGIN)
    head, rest = page.split_top(12)
    draw_heading(c, f"{TITLE}: rules reference", head, colour=INK)
    top, rest = rest.split_top(qr_size + 4)
    draw_qr(c, table_url, top.right - qr_size, top.y, qr_size)
    c.setFillColorRGB(*BLACK)
    table_box = Rect(top.x, top.y, top.w - qr_size - 8, top.h - 2)
    draw_line_fit(
        c,
        "Assault: VP for the assault total (the table's tracker: scan the code)",
        Rect(table_box.x, table_box.top - 5, table_box.w, 5),
        font="Helvetica-Bold",
        max_size=9,
    )
    rows = vp_rows(data.rules)
    draw_table(
        c,
        Rect(table_box.x, table_box.y, table_box.w, table_box.h - 6),
        ["Assault total", "Victory Points", "and"],
        rows,
        [1, 1, 1.4],
        row_height=min(6.0, (table_box.h - 6) / (len(rows) + 1)),
        size=8,
    )
    draw_sections(
        c, rules_sections(data), Rect(rest.x, rest.y, rest.w, rest.h - 3), columns=2, max_size=10
    )
    doc.end_page()


# ---------------------------------------------------------------------------------------------
# The kit


def build_kit(options: KitOptions, progress: Progress | None = None) -> KitResult:
    """Write the Dominum kit PDF and its manifest; returns where they are."""
    progress = progress or Progress(False)
    paper = paper_size(options.paper)
    data = load_dominum(options.data)
    players = choose_players(options.teams)
    target = kit_target(GAME, options)
    out, base_url, kit_id = target.out, target.base_url, target.kit_id
    urls = kit_urls(base_url, kit_id, players=players)
    qr_size = data.print.qr.size

    card_layout = plan_sheet(paper, data.print.card.size())
    power_layout = plan_sheet(paper, data.print.power_card.size())
    cards = domain_kit_cards(data)
    layout = board_layout(data)
    tiles = board_tiles(data, paper)
    per_deck = -(-len(power_cards(data.rules)) // power_layout.per_page)
    total = (
        len(tiles.tiles)
        + 1
        + len(players) * (1 + 2 * per_deck)
        + 2 * -(-len(cards) // card_layout.per_page)
        + 2
    )
    progress.start(f"{TITLE} kit", total)

    with pdf_document(out, paper, title=f"{TITLE} print-and-play kit") as doc:
        draw_board_picture(doc.canvas, data, layout)
        draw_tiles(doc, tiles, BOARD_FORM, title=f"{TITLE} battlefield", on_page=progress.advance)
        draw_assembly_key(
            doc, tiles, BOARD_FORM, title=f"{TITLE} battlefield", legend=board_legend(data, layout)
        )
        progress.advance()
        for player in players:
            mat_page(doc, data, player, urls["players"][player], qr_size)
            progress.advance()
        for player in players:
            deck = [Card(power_face(v, player, data), player) for v in power_cards(data.rules)]
            draw_card_sheets(
                doc,
                deck,
                power_layout,
                backs={player: power_back(player, data)},
                back_offset=options.back_offset,
                on_page=progress.advance,
            )
        draw_card_sheets(
            doc,
            cards,
            card_layout,
            backs=domain_backs(data),
            back_offset=options.back_offset,
            on_page=progress.advance,
        )
        tokens_page(doc, data, players)
        progress.advance()
        rules_page(doc, data, urls["table"], qr_size)
        progress.advance()
    return finish_kit(
        target,
        {
            "teams": list(players),
            "paper": options.paper,
            "pdf": str(out),
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
            "domains": list(data.domains),
        },
        urls,
        doc,
    )
