"""The Death Dome print-and-play kit: which pieces the kit holds, laid out from card_data.

Item and Special Play cards (with backs per deck), per team a roster sheet and a page of Vitae
meters with QR codes, the board tiled at true size with an assembly key and legend, a payout
sheet with the table's QR code and round track, and a one-page rules reference. Geometry lives in
toolkit/pdf; numbers live in card_data/deathdome.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from reportlab.pdfgen.canvas import Canvas

from toolkit.errors import DomekitError
from toolkit.games.deathdome.board import Board
from toolkit.games.deathdome.data import (
    ICON_MEANINGS,
    UNIT_TYPES,
    DeathDomeData,
    Item,
    SpecialPlayCard,
    load_deathdome,
)
from toolkit.pdf.cards import Card, CardBox, draw_card_sheets, plan_sheet
from toolkit.pdf.document import Document, pdf_document
from toolkit.pdf.draw import (
    draw_back_frame,
    draw_back_titles,
    draw_bricks,
    draw_card_frame,
    draw_card_title,
    draw_grid,
    draw_waves,
    fill_rect,
    square_name,
)
from toolkit.pdf.geometry import Colour, Rect, hex_colour, paper_size, pt, text_colour_on
from toolkit.pdf.kits import (
    KitOptions,
    KitResult,
    Progress,
    finish_kit,
    kit_target,
    kit_urls,
)
from toolkit.pdf.qr import draw_qr
from toolkit.pdf.sheets import Section, draw_heading, draw_meter, draw_sections, draw_table
from toolkit.pdf.text import draw_line_fit, draw_text_box
from toolkit.pdf.tiles import (
    begin_picture,
    draw_assembly_key,
    draw_tiles,
    end_picture,
    plan_tiles,
)

GAME = "deathdome"
TITLE = "Death Dome"
MARGIN = 12.0  # page margin of the sheets (not cards, not tiles)
BOARD_LABELS = 8.0  # the coordinate band around the printed board
ATTACK_NAMES = {"ranged": "Ranged", "close": "Close combat", "area": "Area effect"}
DECK_TITLES = {
    "gunner": "Gunner weapons",
    "warrior": "Warrior weapons",
    "medic": "Medic weapons",
    "scout": "Scout weapons",
    "armour": "Armour",
    "equipment": "Equipment",
    "special_play": "Special Play",
}
KIND_NAMES = {
    "floor": "Floor",
    "thin_wall": "Thin wall",
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


def credits(value: int) -> str:
    return f"{value:,} cr"


# ---------------------------------------------------------------------------------------------
# Teams


def choose_teams(data: DeathDomeData, wanted: tuple[str, ...] | None) -> tuple[str, ...]:
    """The teams to print: the flag's colours (checked against rules.toml), else every colour."""
    assert data.rules is not None
    rules = data.rules.teams
    if wanted is None:
        return tuple(rules.colours)
    for colour in wanted:
        if colour not in rules.colours:
            raise DomekitError(
                f"--teams: unknown team colour {colour!r}; "
                f"expected some of {', '.join(rules.colours)}"
            )
    if len(set(wanted)) != len(wanted):
        raise DomekitError("--teams: a colour is named twice")
    if not rules.min <= len(wanted) <= rules.max:
        raise DomekitError(f"--teams: {len(wanted)} teams; a match has {rules.min} to {rules.max}")
    # rules: red plays first, the others follow in the order given
    first = rules.colours[0]
    if first in wanted:
        wanted = (first, *[c for c in wanted if c != first])
    return wanted


# ---------------------------------------------------------------------------------------------
# Cards


def _icons_row(c: Canvas, icons: tuple[str, ...], box: Rect, colour: Colour) -> None:
    """Timing icons as [S] style badges from the right of `box`."""
    x = box.right
    for icon in reversed(icons):
        width = 4.2 + 1.8 * len(icon)
        x -= width
        fill_rect(c, Rect(x, box.y, width, box.h), colour, radius=1.0)
        c.setFillColorRGB(*text_colour_on(colour))
        draw_line_fit(
            c, icon, Rect(x + 0.5, box.y + 0.6, width - 1, box.h - 1.2), align="centre", max_size=8
        )
        x -= 1.0


def _item_keywords(item: Item, data: DeathDomeData) -> list[str]:
    words = []
    if item.push_on is not None:
        words.append(f"Push back on {item.push_on} of a kind")
    if item.splash:
        words.append("Splash")
    if item.incapacitate:
        words.append("Incapacitate")
    if item.ignore_los:
        words.append("Ignores line of sight")
    return words


def item_face(item: Item, data: DeathDomeData) -> Callable[[Canvas, CardBox], None]:
    colour = hex_colour(data.print.deck_colours[item.deck])
    rules = data.rules

    def draw(c: Canvas, box: CardBox) -> None:
        draw_card_frame(c, box, colour)
        safe = box.safe
        kind = DECK_TITLES[item.deck]
        if item.kind == "weapon":
            kind = f"{item.deck.title()} weapon · {ATTACK_NAMES[item.attack or 'close']}"
        rest = draw_card_title(c, safe, item.name, kind, colour)
        # stat badge (weapons and armour)
        stat_box, rest = rest.split_top(13 if item.kind != "equipment" else 2)
        badge = Rect(stat_box.x, stat_box.y + 1, 17, 11)
        label = ""
        if item.kind == "weapon":
            label = f"S{item.strength}"
        elif item.kind == "armour":
            label = f"T{item.toughness}"
        if label:
            fill_rect(c, badge, colour, radius=1.5)
            c.setFillColorRGB(*text_colour_on(colour))
            draw_line_fit(c, label, badge.inset(1.5), align="centre", max_size=20)
        if item.kind == "weapon" and rules is not None:
            default = rules.combat.close_combat_range if item.attack == "close" else None
            if item.attack == "ranged":
                default = rules.combat.ranged_range
            reach = item.range if item.range is not None else default
            c.setFillColorRGB(0, 0, 0)
            draw_line_fit(
                c,
                f"Range {reach}" if reach is not None else "",
                Rect(badge.right + 2.5, badge.y + 5.5, stat_box.w - 20, 5),
                font="Helvetica-Bold",
                max_size=10,
            )
            draw_line_fit(
                c,
                ATTACK_NAMES[item.attack or "close"],
                Rect(badge.right + 2.5, badge.y + 0.5, stat_box.w - 20, 4.5),
                font="Helvetica",
                max_size=8,
            )
        words = _item_keywords(item, data)
        if words:
            words_box, rest = rest.split_top(8)
            c.setFillColorRGB(0.55, 0.05, 0.05)
            draw_text_box(c, " · ".join(words), words_box, font="Helvetica-Bold", max_size=8)
        text_box = Rect(rest.x, rest.y + 12, rest.w, rest.h - 13)
        c.setFillColorRGB(0, 0, 0)
        draw_text_box(c, item.text, text_box, max_size=10.5, min_size=5)
        # footer: price, set, icons
        c.setStrokeColorRGB(*colour)
        c.setLineWidth(0.5)
        c.line(pt(safe.x), pt(safe.y + 10.5), pt(safe.right), pt(safe.y + 10.5))
        c.setFillColorRGB(0, 0, 0)
        draw_line_fit(c, credits(item.price), Rect(safe.x, safe.y + 5, 30, 4.5), max_size=9)
        if item.set:
            set_name = next(s.name for s in data.sets if s.id == item.set)
            c.setFillColorRGB(0.55, 0.4, 0.0)
            draw_line_fit(
                c, set_name, Rect(safe.x, safe.y, 30, 4.2), font="Helvetica-Oblique", max_size=7.5
            )
        _icons_row(c, item.icons, Rect(safe.x + 31, safe.y + 1, safe.w - 31, 5.5), colour)

    return draw


def special_play_face(
    card: SpecialPlayCard, data: DeathDomeData
) -> Callable[[Canvas, CardBox], None]:
    colour = hex_colour(data.print.deck_colours["special_play"])

    def draw(c: Canvas, box: CardBox) -> None:
        draw_card_frame(c, box, colour)
        safe = box.safe
        kind = "Special Play · power card" if card.power else "Special Play"
        rest = draw_card_title(c, safe, card.name, kind, colour)
        if card.power:
            big, rest = rest.split_top(30)
            disc = Rect(big.x + big.w / 2 - 13, big.y + 2, 26, 26)
            c.setFillColorRGB(*colour)
            c.circle(pt(disc.centre[0]), pt(disc.centre[1]), pt(13), stroke=0, fill=1)
            c.setFillColorRGB(1, 1, 1)
            draw_line_fit(c, str(card.power), disc.inset(5), align="centre", max_size=48)
        text_box = Rect(rest.x, rest.y + 8, rest.w, rest.h - 9)
        c.setFillColorRGB(0, 0, 0)
        lines = [card.text] if card.text else []
        for icon in card.icons:
            lines.append(f"[{icon}] {ICON_MEANINGS[icon]}")
        draw_text_box(c, "\n".join(lines), text_box, max_size=10.5, min_size=5)
        _icons_row(c, card.icons, Rect(safe.x, safe.y + 1, safe.w, 5.5), colour)

    return draw


def card_back(deck: str, data: DeathDomeData) -> Callable[[Canvas, CardBox], None]:
    colour = hex_colour(data.print.deck_colours[deck])

    def draw(c: Canvas, box: CardBox) -> None:
        inner = draw_back_frame(c, box, colour)
        cx, cy = box.trim.centre
        draw_back_titles(
            c, inner, ("DEATH DOME", cy + 2, 10, 22), (DECK_TITLES[deck], cy - 8, 7, 13)
        )

    return draw


def kit_cards(data: DeathDomeData) -> list[Card]:
    """Every card, each as many times as its qty, grouped by deck."""
    cards: list[Card] = []
    for deck in (*UNIT_TYPES, "armour", "equipment"):
        for item in data.deck(deck):
            face = item_face(item, data)
            cards.extend(Card(face, deck) for _ in range(item.qty))
    for card in data.special_play:
        face = special_play_face(card, data)
        cards.extend(Card(face, "special_play") for _ in range(card.qty))
    return cards


# ---------------------------------------------------------------------------------------------
# Rosters and meters


def roster_page(
    doc: Document, data: DeathDomeData, team: str, order: int, team_url: str, qr_size: float
) -> None:
    c = doc.begin_page()
    page = doc.page.inset(MARGIN)
    colour = hex_colour(data.print.team_colours[team])
    head, rest = page.split_top(14)
    draw_heading(c, f"{TITLE}: {team.title()} team roster", head, colour=colour)
    top, rest = rest.split_top(qr_size + 8)
    draw_qr(c, team_url, top.right - qr_size, top.y + 2, qr_size)
    assert data.rules is not None
    draw_text_box(
        c,
        f"Turn order: {order}. Scan the code for the team's page on the table tracker "
        f"(credits, control points, kills).\nStarting credits: "
        f"{credits(data.rules.campaign.starting_credits)}. Up to "
        f"{data.rules.match.max_items_per_unit} items per unit; weapons only from the unit's own "
        "deck. Items not on a unit when the match starts are sold back at cost.",
        Rect(top.x, top.y + 2, top.w - qr_size - 6, top.h - 4),
        max_size=10,
    )
    header = ["Unit", "M", "S", "T", "V", "Item 1", "Item 2", "Item 3"]
    rows = [
        [unit.name, unit.movement, unit.skill, unit.toughness, unit.vitae, "", "", ""]
        for unit in (data.units[t] for t in UNIT_TYPES)
    ]
    below = draw_table(
        c,
        rest,
        header,
        [[str(v) for v in row] for row in rows],
        [2.2, 0.6, 0.6, 0.6, 0.6, 2.6, 2.6, 2.6],
        row_height=14,
        size=10,
        header_colour=colour,
    )
    ledger = Rect(rest.x, rest.y, rest.w, below - rest.y - 8)
    draw_line_fit(c, "Credits ledger", Rect(ledger.x, ledger.top - 7, ledger.w, 6), max_size=12)
    matches = data.rules.campaign.matches
    ledger_rows = [["Start", "", "", "", credits(data.rules.campaign.starting_credits)]]
    ledger_rows += [[f"Match {n}", "", "", "", ""] for n in range(1, matches + 1)]
    draw_table(
        c,
        Rect(ledger.x, ledger.y, ledger.w, ledger.h - 9),
        ["", "Purchases", "Sales", "Payout", "Credits"],
        ledger_rows,
        [1.2, 2, 2, 2, 2],
        row_height=11,
        size=10,
        header_colour=colour,
    )
    doc.end_page()


def meters_page(
    doc: Document, data: DeathDomeData, team: str, unit_urls: dict[str, str], qr_size: float
) -> None:
    c = doc.begin_page()
    page = doc.page.inset(MARGIN)
    colour = hex_colour(data.print.team_colours[team])
    head, rest = page.split_top(14)
    draw_heading(c, f"{TITLE}: {team.title()} team Vitae meters", head, colour=colour)
    c.setFillColorRGB(0, 0, 0)
    note, rest = rest.split_top(12)
    draw_text_box(
        c,
        "Put a marker on the unit's Vitae. Each point lost moves it one space right; at 0 the unit "
        "is killed and goes to jail. Scan a unit's code to record it on the table tracker.",
        note,
        max_size=9,
    )
    band = rest.h / len(UNIT_TYPES)
    for index, unit_type in enumerate(UNIT_TYPES):
        unit = data.units[unit_type]
        slot = Rect(rest.x, rest.top - (index + 1) * band, rest.w, band - 4)
        c.setStrokeColorRGB(0.7, 0.7, 0.7)
        c.setDash(2, 2)
        c.line(pt(slot.x), pt(slot.y - 2), pt(slot.right), pt(slot.y - 2))
        c.setDash()
        qr_y = slot.top - qr_size
        draw_qr(c, unit_urls[unit_type], slot.right - qr_size, qr_y, qr_size)
        track_box = Rect(slot.x, slot.y, slot.w - qr_size - 4, slot.h)
        track = draw_meter(
            c,
            track_box,
            unit.vitae,
            space=data.print.meter.space,
            label=f"{team.title()} {unit.name} · Vitae {unit.vitae}",
            colour=colour,
            zero_label="jail",
        )
        c.setFillColorRGB(0, 0, 0)
        draw_line_fit(
            c,
            f"Movement {unit.movement}  ·  Skill {unit.skill}  ·  Toughness {unit.toughness}"
            f"  ·  Vitae {unit.vitae}",
            Rect(track.x, track.y - 8, track_box.w, 5.5),
            max_size=10,
        )
        c.setStrokeColorRGB(0.5, 0.5, 0.5)
        c.setLineWidth(0.3)
        for line in range(data.rules.match.max_items_per_unit if data.rules else 3):
            y = track.y - 17 - line * 8
            if y < slot.y + 1:
                break
            c.setFont("Helvetica", 8)
            c.drawString(pt(track.x), pt(y + 0.8), f"Item {line + 1}")
            c.line(pt(track.x + 12), pt(y), pt(track_box.right - 4), pt(y))
    doc.end_page()


# ---------------------------------------------------------------------------------------------
# The board


def _cell_fill(data: DeathDomeData, kind: str, colour: str | None) -> Colour:
    if kind == "base" and colour in data.print.team_colours:
        r, g, b = hex_colour(data.print.team_colours[colour])
        return (r * 0.45 + 0.55, g * 0.45 + 0.55, b * 0.45 + 0.55)  # a tint: pieces stay visible
    return hex_colour(data.print.cell_colours[kind])


def draw_board_picture(c: Canvas, board: Board, data: DeathDomeData) -> tuple[float, float]:
    """Record the board as a reusable form 'board' at true size; returns its size in mm."""
    square = data.print.board.square
    width = board.width * square + 2 * BOARD_LABELS
    height = board.height * square + 2 * BOARD_LABELS
    begin_picture(c, "board", width, height)
    c.setFillColorRGB(1, 1, 1)
    c.rect(0, 0, pt(width), pt(height), stroke=0, fill=1)
    for sq in board.squares():
        cell = board.cell(sq)
        x = BOARD_LABELS + sq.col * square
        y = BOARD_LABELS + sq.row * square
        fill = _cell_fill(data, cell.kind, cell.colour)
        c.setFillColorRGB(*fill)
        c.rect(pt(x), pt(y), pt(square), pt(square), stroke=0, fill=1)
        _cell_symbol(c, cell.kind, Rect(x, y, square, square), fill)
        square_name(c, x, y, str(sq), fill)
    draw_grid(c, board.width, board.height, square, BOARD_LABELS, grey=0.25)
    end_picture(c)
    return width, height


def _cell_symbol(c: Canvas, kind: str, r: Rect, fill: Colour) -> None:
    """The pattern that tells a kind apart without colour (sizes scale with the square)."""
    ink = text_colour_on(fill)
    k = r.w / 25  # 1 on a 25 mm square
    cx, cy = r.centre
    c.setStrokeColorRGB(*ink)
    c.setFillColorRGB(*ink)
    c.setLineWidth(max(0.3, 1.2 * k))
    if kind in ("control_point", "tower_centre"):
        c.circle(pt(cx), pt(cy), pt(r.w * 0.32), stroke=1, fill=0)
        c.setFont("Helvetica-Bold", 10 * k)
        c.drawCentredString(pt(cx), pt(cy) - 3.5 * k, "CP")
        if kind == "tower_centre":
            c.circle(pt(cx), pt(cy), pt(r.w * 0.4), stroke=1, fill=0)
    elif kind == "jail":
        for i in range(1, 5):
            x = r.x + r.w * i / 5
            c.line(pt(x), pt(r.y + 2 * k), pt(x), pt(r.top - 2 * k))
    elif kind == "jail_release":
        c.circle(pt(cx), pt(cy), pt(r.w * 0.3), stroke=1, fill=0)
        c.setFont("Helvetica-Bold", 12 * k)
        c.drawCentredString(pt(cx), pt(cy) - 4.2 * k, "R")
    elif kind == "short_wall":  # bricks
        c.setLineWidth(max(0.2, 0.6 * k))
        draw_bricks(c, r)
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


def board_legend(data: DeathDomeData, board: Board) -> Callable[[Canvas, Rect], None]:
    kinds = [k for k in KIND_NAMES if any(board.cell(s).kind == k for s in board.squares())]

    def draw(c: Canvas, box: Rect) -> None:
        c.setFillColorRGB(0, 0, 0)
        draw_line_fit(c, "Legend", Rect(box.x, box.top - 6, box.w, 6), max_size=12)
        entries: list[tuple[str, tuple[float, float, float], str]] = []
        for kind in kinds:
            if kind == "base":
                for colour in board.base_colours():
                    entries.append((kind, _cell_fill(data, kind, colour), f"{colour.title()} base"))
            else:
                entries.append((kind, _cell_fill(data, kind, None), KIND_NAMES[kind]))
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
            _cell_symbol(c, kind, swatch, fill)
            c.restoreState()
            c.setFillColorRGB(0, 0, 0)
            draw_line_fit(c, name, Rect(x + 9, y + 1, col_w - 11, 5), font="Helvetica", max_size=9)

    return draw


# ---------------------------------------------------------------------------------------------
# Payout sheet and rules reference


def payout_page(
    doc: Document, data: DeathDomeData, teams: tuple[str, ...], table_url: str, qr_size: float
) -> None:
    assert data.rules is not None
    rules = data.rules
    c = doc.begin_page()
    page = doc.page.inset(MARGIN)
    head, rest = page.split_top(14)
    draw_heading(c, f"{TITLE}: payout sheet and round track", head, colour=(0.15, 0.15, 0.15))
    top, rest = rest.split_top(qr_size + 6)
    draw_qr(c, table_url, top.right - qr_size, top.y + 2, qr_size)
    pay = rules.payout
    c.setFillColorRGB(0, 0, 0)
    draw_text_box(
        c,
        f"After round {rules.match.rounds}: {credits(pay.control_point)} per control point held, "
        f"{credits(pay.tower_centre)} per tower centre held, {credits(pay.kill)} per kill. "
        f"The biggest payout wins the match and rolls a d{pay.fans_die_sides}: every team gets "
        f"{credits(pay.fans_per_pip)} x the roll (fans). Scan the code for the table tracker.",
        Rect(top.x, top.y + 2, top.w - qr_size - 6, top.h - 4),
        max_size=10,
    )
    track_box, rest = rest.split_top(24)
    draw_meter(
        c,
        Rect(track_box.x, track_box.y, track_box.w, track_box.h),
        rules.match.rounds,
        space=12,
        label="Death Match round marker (move it up at the start of red's turn)",
        colour=(0.15, 0.15, 0.15),
        zero_label="start",
    )
    rows: list[list[str]] = []
    for match in range(1, rules.campaign.matches + 1):
        for team in teams:
            rows.append([f"Match {match}", team.title(), "", "", "", "", "", ""])
    draw_table(
        c,
        Rect(rest.x, rest.y, rest.w, rest.h - 4),
        ["Match", "Team", "CPs", "Tower CPs", "Kills", "Fans", "Payout", "Credits"],
        rows,
        [1.2, 1.1, 0.9, 1.1, 0.9, 0.9, 1.5, 1.6],
        row_height=min(8.5, (rest.h - 4) / (len(rows) + 1)),
        size=9,
    )
    doc.end_page()


def rules_sections(data: DeathDomeData) -> list[Section]:
    assert data.rules is not None
    r = data.rules
    m, cb, pay = r.match, r.combat, r.payout
    colours = ", ".join(r.teams.colours)
    return [
        Section(
            "Campaign and turn order",
            (
                f"- {r.teams.min} to {r.teams.max} teams ({colours}); each starts with "
                f"{credits(r.campaign.starting_credits)}. Most credits after "
                f"{r.campaign.matches} matches wins.",
                "- Before a match: buy items, one per purchasing turn; red first, then clockwise.",
                f"- A match has {m.rounds} rounds; red plays first, then clockwise. Move the round "
                "marker at the start of red's turn.",
                f"- On your turn draw {m.base_draw} Special Play cards + 1 for every "
                f"{m.control_points_per_extra_card} control points you control.",
                f"- Then {m.unit_phases_per_turn} unit phases: two units or one unit twice. A unit "
                "phase = a movement phase and an action phase, in either order, never split.",
            ),
        ),
        Section(
            "Moving",
            (
                "- Up to Movement squares; diagonals count 1. Through teammates, never enemies, "
                "thin walls or lava. Onto the tower only from a bridge.",
                "- Actions: capture a control point, activate a jail release point, attack, use "
                "an item or card that needs an action.",
            ),
        ),
        Section(
            "Line of sight",
            (
                "- Traced centre to centre; walls and the tower block it. Bridges are ground "
                "level.",
                "- From the tower you see over short walls next to you; from the floor you see "
                "only the tower edge facing you and never the centre square.",
            ),
        ),
        Section(
            "Combat",
            (
                f"- Range: ranged {cb.ranged_range}, close combat {cb.close_combat_range} "
                "(adjacent), unless the card says otherwise.",
                "- Attack stack = Special Play power cards played + weapon S + unit Skill + "
                "any +S.",
                "- Defence stack = power cards played + every armour T + unit Toughness + any +T.",
                "- Damage = attack - defence, when positive, off Vitae. 1 or more lost = wounded; "
                "Vitae 0 = killed.",
                f"- Push back: a wounded target, and {cb.push_back_of_a_kind} played cards of one "
                "value (2 on 'push back on 2 of a kind' weapons): "
                f"{cb.push_back_distance} square straight away. Wall or unit behind: no push; "
                "lava: killed.",
                "- Splash: the target and every adjacent enemy face the same attack stack; the "
                "defender picks the order.",
                "- Incapacitate: a wounded unit lies on its side and skips its team's next turn.",
                "- Ignore line of sight: walls and the tower do not stop the attack.",
            ),
        ),
        Section(
            "Death and jail",
            (
                "- The killer's player picks the jail and scores the kill point, even with "
                "another team's unit. Special Play cards not played on a unit score no kill.",
                "- A jail release point (an action) frees every unit in that jail to its base; "
                "they may take a unit phase at once if you have one left.",
                "- Nothing is done on or from jails or bases; in its base a unit cannot be harmed "
                f"and may use an action to heal {cb.base_heal} Vitae.",
            ),
        ),
        Section(
            "Payout",
            (
                f"- After round {m.rounds}: {credits(pay.control_point)} per control point, "
                f"{credits(pay.tower_centre)} per tower centre, {credits(pay.kill)} per kill.",
                f"- The match winner rolls a d{pay.fans_die_sides}: every team gets "
                f"{credits(pay.fans_per_pip)} x the roll. Tie: earliest in turn order rolls.",
            ),
        ),
        Section(
            "Items and sets",
            (
                f"- Up to {m.max_items_per_unit} items per unit; weapons only from the unit's own "
                "deck. No trading during a match; money may change hands any time.",
                *[
                    f"- {s.name}: +{s.bonus} {s.stat} to the unit carrying "
                    f"{data.items[s.bonus_item].name} while the team owns all 3."
                    for s in data.sets
                ],
            ),
        ),
        Section(
            "Card abilities",
            (
                "- M Movement, S Skill, T Toughness, V Vitae.",
                "- S1..S4: weapons, added to each attack stack; T1..T4: armour, added to each "
                "defence stack.",
                "- +S, +M, +T: that stat up for the rest of your turn or one phase. +V heals; -V "
                "is direct unblockable damage.",
            ),
        ),
        Section(
            "Special Play icons",
            tuple(f"- [{icon}] {meaning}" for icon, meaning in ICON_MEANINGS.items()),
        ),
    ]


def rules_page(doc: Document, data: DeathDomeData) -> None:
    c = doc.begin_page()
    page = doc.page.inset(MARGIN)
    head, rest = page.split_top(14)
    draw_heading(c, f"{TITLE}: rules reference", head, colour=(0.15, 0.15, 0.15))
    c.setFillColorRGB(0, 0, 0)
    draw_sections(c, rules_sections(data), Rect(rest.x, rest.y, rest.w, rest.h - 3), columns=2)
    doc.end_page()


# ---------------------------------------------------------------------------------------------
# The kit


def build_kit(options: KitOptions, progress: Progress | None = None) -> KitResult:
    """Write the Death Dome kit PDF and its manifest; returns where they are."""
    progress = progress or Progress(False)
    paper = paper_size(options.paper)
    data = load_deathdome(options.data)
    assert data.board is not None and data.rules is not None
    teams = choose_teams(data, options.teams)
    target = kit_target(GAME, options)
    out, base_url, kit_id = target.out, target.base_url, target.kit_id
    urls = kit_urls(base_url, kit_id, teams, UNIT_TYPES)
    qr_size = data.print.qr.size

    layout = plan_sheet(paper, data.print.card.size())
    cards = kit_cards(data)
    backs = {deck: card_back(deck, data) for deck in DECK_TITLES}
    board_size = (
        data.board.width * data.print.board.square + 2 * BOARD_LABELS,
        data.board.height * data.print.board.square + 2 * BOARD_LABELS,
    )
    tiles = plan_tiles(*board_size, paper, data.print.board.overlap)
    sheets = -(-len(cards) // layout.per_page)
    total = 2 * sheets + 2 * len(teams) + len(tiles.tiles) + 3
    progress.start(f"{TITLE} kit", total)

    with pdf_document(out, paper, title=f"{TITLE} print-and-play kit") as doc:
        draw_card_sheets(
            doc,
            cards,
            layout,
            backs=backs,
            duplex="long",
            back_offset=options.back_offset,
            on_page=progress.advance,
        )
        for order, team in enumerate(teams, start=1):
            roster_page(doc, data, team, order, urls["teams"][team], qr_size)
            progress.advance()
            meters_page(doc, data, team, urls["units"][team], qr_size)
            progress.advance()
        draw_board_picture(doc.canvas, data.board, data)
        draw_tiles(doc, tiles, "board", title=f"{TITLE} board", on_page=progress.advance)
        draw_assembly_key(
            doc, tiles, "board", title=f"{TITLE} board", legend=board_legend(data, data.board)
        )
        progress.advance()
        payout_page(doc, data, teams, urls["table"], qr_size)
        progress.advance()
        rules_page(doc, data)
        progress.advance()
    return finish_kit(
        target,
        {
            "teams": list(teams),
            "paper": options.paper,
            "pdf": str(out),
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
        },
        urls,
        doc,
    )
