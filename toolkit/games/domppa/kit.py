"""The Domppa print-and-play kit, laid out from card_data/domppa.

Weapon, armour and shield cards with backs; a character card per sample unit with every stat
(derived ones - HP, protection, encumbrance, AP, size - computed by the rules engine) and the
unit's QR code; HP and fatigue trackers per character; condition tokens to cut out; the AP cost
reference (the whole actions table); and the battle map from map.toml tiled at true size with an
assembly key and a terrain legend. Geometry lives in toolkit/pdf; rule numbers in rules.toml.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from reportlab.pdfgen.canvas import Canvas

from toolkit.errors import DomekitError
from toolkit.games.domppa.conditions import fatigue_penalty
from toolkit.games.domppa.config import DomppaRules
from toolkit.games.domppa.data import (
    COLUMNS,
    CONDITIONS,
    DECKS,
    ArmourRow,
    Character,
    DomppaKitData,
    ShieldRow,
    WeaponRow,
    load_kit_data,
)
from toolkit.games.domppa.data import derive as derive  # the Domppa tracker imports it from here
from toolkit.games.domppa.rules import (
    armour_tier,
    grid_range,
    helmet_is_heavy,
    missing_hp_penalty,
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
from toolkit.pdf.pieces import Piece, TrackSpace, draw_pieces, draw_track, track_rows
from toolkit.pdf.qr import draw_qr
from toolkit.pdf.sheets import Section, draw_heading, draw_sections, draw_table
from toolkit.pdf.text import draw_line_fit, draw_text_box
from toolkit.pdf.tiles import (
    begin_picture,
    draw_assembly_key,
    draw_tiles,
    end_picture,
    plan_tiles,
)

GAME = "domppa"
TITLE = "Domppa"
MARGIN = 12.0
MAP_LABELS = 8.0  # the coordinate band around the printed map
DARK = (0.15, 0.15, 0.15)
BACK_TITLES = {**DECKS, "character": "Character"}


# ---------------------------------------------------------------------------------------------
# Cards


def _stat_rows(
    c: Canvas, box: Rect, rows: list[tuple[str, str]], colour: Colour, size: float = 9
) -> float:
    """Label / value lines from the top of `box`, ruled; returns the y below them."""
    height = min(6.0, box.h / max(len(rows), 1))
    y = box.top
    c.saveState()
    c.setLineWidth(0.25)
    for label, value in rows:
        y -= height
        c.setFillColorRGB(0.25, 0.25, 0.25)
        draw_line_fit(
            c,
            label,
            Rect(box.x, y + 0.6, box.w * 0.55, height - 1.2),
            font="Helvetica",
            max_size=size,
        )
        c.setFillColorRGB(0, 0, 0)
        draw_line_fit(
            c,
            value,
            Rect(box.x + box.w * 0.55, y + 0.6, box.w * 0.45, height - 1.2),
            max_size=size,
            align="right",
        )
        c.setStrokeColorRGB(*colour)
        c.line(pt(box.x), pt(y), pt(box.right), pt(y))
    c.restoreState()
    return y


def _badge(c: Canvas, rect: Rect, label: str, value: str, colour: Colour) -> None:
    fill_rect(c, rect, colour, radius=1.5)
    c.setFillColorRGB(*text_colour_on(colour))
    draw_line_fit(
        c,
        label,
        Rect(rect.x + 1, rect.top - 4.2, rect.w - 2, 3.4),
        font="Helvetica",
        align="centre",
        max_size=7,
    )
    draw_line_fit(
        c,
        value,
        Rect(rect.x + 1, rect.y + 1, rect.w - 2, rect.h - 5.5),
        align="centre",
        max_size=16,
    )


def _equipment_card(
    title: str,
    kind: str,
    badges: list[tuple[str, str]],
    rows: list[tuple[str, str]],
    text: str,
    colour: Colour,
) -> Callable[[Canvas, CardBox], None]:
    def draw(c: Canvas, box: CardBox) -> None:
        draw_card_frame(c, box, colour)
        safe = box.safe
        rest = draw_card_title(c, safe, title, kind, colour, kind_height=5, kind_size=8)
        badge_row, rest = rest.split_top(15)
        width = (badge_row.w - 2 * (len(badges) - 1)) / max(len(badges), 1)
        for index, (label, value) in enumerate(badges):
            _badge(
                c,
                Rect(badge_row.x + index * (width + 2), badge_row.y + 1.5, width, 12.5),
                label,
                value,
                colour,
            )
        below = _stat_rows(c, Rect(rest.x, rest.y, rest.w, rest.h - 1), rows, colour, size=8.5)
        c.setFillColorRGB(0.15, 0.15, 0.15)
        draw_text_box(
            c,
            text,
            Rect(rest.x, rest.y, rest.w, below - rest.y - 1.5),
            font="Helvetica-Oblique",
            max_size=8,
            min_size=5,
        )

    return draw


def _types(weapon: WeaponRow) -> str:
    return ", ".join(weapon.damage_types)


def weapon_face(weapon: WeaponRow, data: DomppaKitData) -> Callable[[Canvas, CardBox], None]:
    rules = data.rules
    rows = [("Damage types", _types(weapon))]
    if weapon.element != "none":
        rows.append(("Element", weapon.element))
    if weapon.stun:
        rows.append(("Stun", "fatigue, not HP"))
    if weapon.range is not None:
        rows.append(("Range (listed)", str(weapon.range)))
        rows.append(("Range on the grid", f"{grid_range(rules, weapon.range)} squares"))
    rows.append(("Encumbrance", str(weapon.encumbrance)))
    text = weapon.notes
    if len(weapon.damage_types) > 1:
        text = (text + "\n" if text else "") + "Choose the damage type before rolling to hit."
    badges = [("Damage", f"+{weapon.damage}"), ("Length", str(weapon.length))]
    kind = "Ranged weapon" if weapon.range is not None else "Melee weapon"
    return _equipment_card(weapon.name, kind, badges, rows, text, data.print.colour("weapon"))


def armour_face(armour: ArmourRow, data: DomppaKitData) -> Callable[[Canvas, CardBox], None]:
    rules = data.rules
    if armour.slot == "head":
        heavy = helmet_is_heavy(rules, armour.protection)
        kind = f"Helmet ({'heavy' if heavy else 'light'})"
        rows = [("Protects", "the head (head hits)")]
    else:
        kind = f"Body armour (tier {armour_tier(rules, armour.encumbrance)})"
        rows = [("Protects", "the body")]
    rows.append(("Encumbrance", str(armour.encumbrance)))
    badges = [("Protection", str(armour.protection)), ("Encumbrance", str(armour.encumbrance))]
    return _equipment_card(
        armour.name, kind, badges, rows, armour.notes, data.print.colour("armour")
    )


def shield_face(shield: ShieldRow, data: DomppaKitData) -> Callable[[Canvas, CardBox], None]:
    mult = data.rules.ranged.parry_multiplier
    rows = [
        ("Encumbrance", str(shield.encumbrance)),
        ("vs shooting", f"+{shield.parry * mult} to the target number"),
    ]
    text = (
        "A melee hit that misses by no more than the parry hits the shield: it counts, and the "
        "shield's protection adds to yours."
    )
    if shield.notes:
        text = f"{shield.notes}\n{text}"
    badges = [("Parry", str(shield.parry)), ("Protection", str(shield.protection))]
    return _equipment_card(shield.name, "Shield", badges, rows, text, data.print.colour("shield"))


def card_back(deck: str, data: DomppaKitData) -> Callable[[Canvas, CardBox], None]:
    colour = data.print.colour(deck)
    ink = text_colour_on(colour)

    def draw(c: Canvas, box: CardBox) -> None:
        inner = draw_back_frame(c, box, colour)
        c.setLineWidth(0.4)
        cx, cy = box.trim.centre
        c.line(pt(inner.x + 4), pt(cy - 9), pt(inner.right - 4), pt(cy - 9))
        c.line(pt(inner.x + 4), pt(cy + 12), pt(inner.right - 4), pt(cy + 12))
        c.setFillColorRGB(*ink)
        draw_back_titles(c, inner, ("DOMPPA", cy + 1, 9, 22), (BACK_TITLES[deck], cy - 6, 6, 13))

    return draw


def equipment_cards(data: DomppaKitData) -> list[Card]:
    cards = [Card(weapon_face(w, data), "weapon") for w in data.weapons]
    cards += [Card(armour_face(a, data), "armour") for a in data.armour]
    cards += [Card(shield_face(s, data), "shield") for s in data.shields]
    return cards


def character_stats(ch: Character, rules: DomppaRules) -> list[tuple[str, str]]:
    """Every stat in the rules, as printed on the character card."""
    row = ch.row
    size_source = "data" if ch.size_from_data else "from HP"
    return [
        ("Hit points (Health " + str(row.health) + ")", str(ch.hp)),
        (
            "Protection body",
            f"{ch.protection_body} ({row.protection_body} + {row.protection_natural})",
        ),
        (
            "Protection head",
            f"{ch.protection_head} ({row.protection_head} + {row.protection_natural})",
        ),
        ("Natural protection", str(row.protection_natural)),
        ("Magic resistance", str(row.magic_resistance)),
        ("Morale", str(row.morale)),
        ("Strength", str(row.strength)),
        ("Attack skill", str(row.attack)),
        ("Defence skill", str(row.defence)),
        ("Precision", str(row.precision)),
        ("Encumbrance (spells)", f"{ch.encumbrance} ({ch.spell_encumbrance})"),
        ("Equipment encumbrance", str(row.equipment_encumbrance)),
        ("Action points", str(ch.ap)),
        (f"Size ({size_source})", str(ch.size)),
    ]


def character_face(
    ch: Character, url: str, data: DomppaKitData
) -> Callable[[Canvas, CardBox], None]:
    colour = data.print.colour("character")
    qr = data.print.qr.size
    rules = data.rules

    def draw(c: Canvas, box: CardBox) -> None:
        draw_card_frame(c, box, colour)
        safe = box.safe
        top, rest = safe.split_top(qr)
        draw_qr(c, url, top.right - qr, top.y, qr)
        c.setFillColorRGB(0, 0, 0)
        left = Rect(top.x, top.y, top.w - qr - 2, top.h)
        draw_text_box(
            c,
            ch.row.name,
            Rect(left.x, left.top - 10, left.w, 10),
            font="Helvetica-Bold",
            max_size=13,
            min_size=7,
        )
        _badge(c, Rect(left.x, left.y + 1, 19, 11), "HP", str(ch.hp), data.print.colour("hp"))
        _badge(c, Rect(left.x + 21, left.y + 1, 19, 11), "AP", str(ch.ap), colour)
        c.setFillColorRGB(0, 0, 0)
        stats = character_stats(ch, rules)
        stats_box = Rect(rest.x, rest.top - 1 - 4.6 * len(stats), rest.w, 4.6 * len(stats))
        below = _stat_rows(c, stats_box, stats, colour, size=8)
        lines = []
        written = [part.strip() for part in ch.row.abilities.split("|") if part.strip()]
        for as_written, ability in zip(written, ch.abilities, strict=True):
            suffix = "" if ability.computed else " (text only)"
            lines.append(f"{as_written}: {ability.text}{suffix}")
        if not lines:
            lines.append("No special abilities.")
        if ch.row.notes:
            lines.append(f"Gear: {ch.row.notes}")
        c.setFillColorRGB(0, 0, 0)
        draw_text_box(
            c,
            "\n".join(lines),
            Rect(rest.x, rest.y, rest.w, below - rest.y - 1),
            max_size=7.5,
            min_size=4.5,
        )

    return draw


# ---------------------------------------------------------------------------------------------
# HP and fatigue trackers


def hp_spaces(ch: Character, data: DomppaKitData) -> list[TrackSpace]:
    """Max HP down to 0; each space shows the morale penalty the missing HP give."""
    spaces = []
    for hp in range(ch.hp, -1, -1):
        if hp == 0:
            spaces.append(TrackSpace("0", "out", (0.75, 0.75, 0.75)))
            continue
        penalty, _ = missing_hp_penalty(data.rules, ch.hp, hp)
        spaces.append(TrackSpace(str(hp), f"mor -{penalty}" if penalty else ""))
    return spaces


def fatigue_spaces(data: DomppaKitData) -> list[TrackSpace]:
    """0 up to the fatigue at which a character cannot act; shaded by the attack and defence
    penalty (one step darker each full penalty step)."""
    config = data.rules.fatigue
    base = data.print.colour("fatigue")
    spaces = []
    for fatigue in range(0, config.incapacitated_at + 1):
        result = fatigue_penalty(data.rules, fatigue)
        if result.incapacitated:
            spaces.append(TrackSpace(f"{fatigue}+", "cannot act", (0.2, 0.2, 0.2)))
            continue
        steps = config.incapacitated_at // config.penalty_step
        shade = result.penalty / max(steps, 1)
        fill = tuple(1 - (1 - part) * shade * 0.8 for part in base)
        note = f"-{result.penalty}" if fatigue % config.penalty_step == 0 and result.penalty else ""
        spaces.append(TrackSpace(str(fatigue), note, fill))  # type: ignore[arg-type]
    return spaces


def tracker_height(ch: Character, data: DomppaKitData) -> float:
    t = data.print.trackers
    rows = track_rows(ch.hp + 1, t.columns) + track_rows(len(fatigue_spaces(data)), t.columns)
    return 9 + 6 + 6 + rows * t.space_height + 6


def tracker_block(c: Canvas, box: Rect, ch: Character, data: DomppaKitData) -> None:
    t = data.print.trackers
    colour = data.print.colour("character")
    head, rest = box.split_top(9)
    draw_heading(c, f"{ch.row.name}: hit points ({ch.hp}) and fatigue", head, colour=colour)
    label, rest = rest.split_top(6)
    c.setFillColorRGB(0, 0, 0)
    draw_line_fit(
        c,
        "Hit points: move a marker (a coin, a paper clip) down as damage is taken; mor -N: the "
        "morale test penalty at that HP",
        Rect(label.x, label.y + 0.8, label.w, 4.5),
        font="Helvetica",
        max_size=8.5,
    )
    hp = hp_spaces(ch, data)
    hp_h = track_rows(len(hp), t.columns) * t.space_height
    area, rest = rest.split_top(hp_h)
    draw_track(c, area, hp, columns=t.columns, space_height=t.space_height, value_size=10)
    label, rest = rest.split_top(6)
    config = data.rules.fatigue
    draw_line_fit(
        c,
        f"Fatigue: -1 attack and defence per full {config.penalty_step}; at "
        f"{config.incapacitated_at}+ cannot act, defence 0 (the attacker takes its encumbrance "
        f"{ch.encumbrance} a blow)",
        Rect(label.x, label.y + 0.8, label.w, 4.5),
        font="Helvetica",
        max_size=8.5,
    )
    fatigue = fatigue_spaces(data)
    f_h = track_rows(len(fatigue), t.columns) * t.space_height
    area, rest = rest.split_top(f_h)
    draw_track(c, area, fatigue, columns=t.columns, space_height=t.space_height, value_size=10)


def tracker_pages(doc: Document, data: DomppaKitData, on_page: Callable[[], None]) -> None:
    """As many characters' trackers on a page as fit, in file order."""
    page_room = doc.paper[1] - 2 * MARGIN - 14
    pending = list(data.characters)
    while pending:
        c = doc.begin_page(doc.paper)
        page = doc.page.inset(MARGIN)
        head, rest = page.split_top(14)
        draw_heading(c, f"{TITLE}: HP and fatigue trackers", head, colour=DARK)
        y = rest.top - 2
        placed = 0
        while pending:
            height = tracker_height(pending[0], data)
            if height > page_room:
                raise DomekitError(
                    f"{pending[0].row.name}'s trackers need {height:.0f} mm; the page has "
                    f"{page_room:.0f} mm (lower print.toml trackers.space_height)"
                )
            if placed and y - height < rest.y:
                break
            tracker_block(c, Rect(rest.x, y - height, rest.w, height), pending.pop(0), data)
            y -= height + 4
            placed += 1
        doc.end_page()
        on_page()


# ---------------------------------------------------------------------------------------------
# Condition tokens and the AP reference


def condition_texts(rules: DomppaRules) -> dict[str, str]:
    """The reminder printed on each condition token, with the rules' numbers."""
    return {
        "burning": f"d{rules.fire.burn_die_sides} damage every turn",
        "freezing": "2d6 fatigue (stun) every turn",
        "poisoned": f"{rules.poison.percent_per_turn}% of the poison left each turn, rounded up",
        "paralysed": "cannot act; defence 0",
        "fleeing": f"-{rules.morale.fleeing_penalty} attack and defence",
        "berserk": f"+X attack, strength, prot; -X defence; morale {rules.morale.berserk_morale}",
        "stunned": f"fatigue {rules.fatigue.incapacitated_at}+: cannot act; defence 0",
    }


def tokens_page(doc: Document, data: DomppaKitData) -> None:
    c = doc.begin_page(doc.paper)
    page = doc.page.inset(MARGIN)
    head, rest = page.split_top(14)
    draw_heading(c, f"{TITLE}: condition tokens", head, colour=DARK)
    note, rest = rest.split_top(12)
    c.setFillColorRGB(0, 0, 0)
    draw_text_box(
        c,
        "Cut along the outer circle. Lay a token beside a character while the condition lasts. "
        "Stunned marks a character at 100+ fatigue.",
        note,
        max_size=9.5,
    )
    texts = condition_texts(data.rules)
    settings = data.print.tokens
    tokens = [
        Piece("circle", settings.diameter, data.print.colour(name), name.title(), text=texts[name])
        for name in CONDITIONS
        for _ in range(settings.copies)
    ]
    draw_pieces(c, rest, tokens, gap=3)
    doc.end_page()


def action_name(key: str) -> str:
    return key.replace("_", " ").capitalize()


def ap_cost_text(rules: DomppaRules, key: str) -> str:
    """The AP column: '2 a square (3 diagonal)', 'all left, at least 1' or the fixed cost."""
    spec = rules.actions.table[key]
    if spec.per_square:
        diagonal = spec.diagonal if spec.diagonal is not None else spec.cost
        return f"{spec.cost} a square ({diagonal} diagonal)"
    if spec.all_remaining:
        return f"all left, at least {spec.cost}"
    return str(spec.cost)


def ap_notes(rules: DomppaRules, key: str) -> str:
    """The action's text from rules.toml, plus the extra costs the table's other rules add."""
    spec = rules.actions.table[key]
    text = spec.text
    extra = rules.actions.difficult_terrain_extra
    if spec.per_square and "difficult" not in text:
        text += f"; +{extra} AP a square in difficult terrain"
    if spec.bodyguard:
        text += "; +X AP next to an enemy with Bodyguard X"
    return text


def ap_rows(rules: DomppaRules) -> list[list[str]]:
    rows = []
    for key, spec in rules.actions.table.items():
        needs = rules.abilities.list[spec.requires].name if spec.requires else ""
        rows.append([action_name(key), ap_cost_text(rules, key), needs, ap_notes(rules, key)])
    return rows


def reference_sections(data: DomppaKitData) -> list[Section]:
    r = data.rules
    return [
        Section(
            "Action points and movement",
            (
                f"- AP = {r.action_points.base} - equipment encumbrance. Encumbrance = "
                f"{r.encumbrance.base} + equipment encumbrance; spell casting "
                f"{r.encumbrance.base} + {r.encumbrance.spell_equipment_multiplier} x equipment.",
                f"- A square holds characters of total size {r.size.square_capacity}.",
            ),
        ),
        Section(
            "Hitting (every 2d6 explodes: a 6 adds d6-1, again on a 6)",
            (
                f"- Melee: 2d6 - {r.melee.roll_offset} + attack skill vs defence (+ shield "
                "parry); a tie hits.",
                f"- Shooting: 2d6 + precision + target size vs {r.ranged.target_base} + distance "
                f"in squares + {r.ranged.parry_multiplier} x shield parry. Not while in melee.",
                f"- Damage: 2d6 - {r.melee.damage_roll_offset} + strength + weapon damage vs "
                f"protection; the excess is damage. Protection over {r.protection.cap}: the excess "
                f"counts half. Head hit {r.protection.head_hit_percent}%: the helmet instead of "
                "body armour.",
                f"- Piercing ignores {r.damage_types.piercing_ignores_percent}% of protection, "
                f"armour piercing {r.damage_types.armor_piercing_ignores_percent}%; slashing "
                f"x{r.damage_types.slashing_damage_percent}% damage; blunt x"
                f"{r.damage_types.blunt_head_multiplier} to the head.",
            ),
        ),
        Section(
            "Morale and fatigue",
            (
                f"- After damage: 2d6 + morale vs {r.morale.target_base} + the smaller of the "
                f"missing HP and the started {r.morale.missing_step_percent}% steps of max HP "
                "missing (printed on the HP tracker).",
                f"- Fatigue: -1 attack and defence per full {r.fatigue.penalty_step}; at "
                f"{r.fatigue.incapacitated_at}+ no actions, defence 0.",
            ),
        ),
    ]


def reference_page(doc: Document, data: DomppaKitData, table_url: str) -> None:
    c = doc.begin_page(doc.paper)
    page = doc.page.inset(MARGIN)
    head, rest = page.split_top(14)
    draw_heading(c, f"{TITLE}: AP costs (the actions table)", head, colour=DARK)
    rows = ap_rows(data.rules)
    row_h = 9.0
    table_h = row_h * (len(rows) + 1)
    qr = data.print.qr.size
    widths = [1.25, 1.35, 1.05, 4.0]
    table = Rect(rest.x, rest.top - table_h - 2, rest.w, table_h)
    # the last column wraps onto two lines: the table is drawn with it empty, then filled
    below = draw_table(
        c,
        table,
        ["Action", "AP", "Needs", "What it does"],
        [[*row[:3], ""] for row in rows],
        widths,
        row_height=row_h,
        size=8.5,
        header_colour=DARK,
    )
    left = table.x + table.w * sum(widths[:3]) / sum(widths)
    c.setFillColorRGB(0, 0, 0)
    for index, row in enumerate(rows, start=1):
        top = table.top - index * row_h
        cell = Rect(left + 1.2, top - row_h + 0.6, table.right - left - 2.4, row_h - 1.2)
        draw_text_box(c, row[3], cell, max_size=8, min_size=5, valign="middle")
    notes = Rect(rest.x, rest.y, rest.w - qr - 4, below - rest.y - 4)
    c.setFillColorRGB(0, 0, 0)
    draw_sections(c, reference_sections(data), notes, columns=1, max_size=8.5)
    draw_qr(c, table_url, rest.right - qr, rest.y, qr)
    draw_text_box(
        c,
        "The table tracker",
        Rect(rest.right - qr, rest.y + qr + 0.5, qr, 4),
        max_size=7,
        align="centre",
    )
    doc.end_page()


# ---------------------------------------------------------------------------------------------
# The battle map


def _pattern(c: Canvas, pattern: str, r: Rect, fill: Colour) -> None:
    """A pattern that tells a terrain apart without colour (sizes scale with the square)."""
    ink = text_colour_on(fill)
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


def draw_map_picture(c: Canvas, data: DomppaKitData) -> None:
    """The map as a reusable form 'map' at true size, with coordinates round the edge."""
    battle = data.map
    square = data.print.map.square
    width, height = map_size(data)
    begin_picture(c, "map", width, height)
    c.setFillColorRGB(1, 1, 1)
    c.rect(0, 0, pt(width), pt(height), stroke=0, fill=1)
    for row in range(battle.height):
        for col in range(battle.width):
            terrain = battle.legend[battle.symbol(col, row)]
            fill = hex_colour(terrain.colour)
            x, y = MAP_LABELS + col * square, MAP_LABELS + row * square
            c.setFillColorRGB(*fill)
            c.rect(pt(x), pt(y), pt(square), pt(square), stroke=0, fill=1)
            c.saveState()
            _pattern(c, terrain.pattern, Rect(x, y, square, square), fill)
            c.restoreState()
            square_name(c, x, y, f"{COLUMNS[col]}{row + 1}", fill)
    draw_grid(c, battle.width, battle.height, square, MAP_LABELS, grey=0.2)
    end_picture(c)


MOVEMENT_TEXT = {
    "open": "{move} AP a square, {diagonal} diagonally",
    "difficult": "difficult terrain: +{extra} AP a square",
    "impassable": "impassable",
}


def map_legend(data: DomppaKitData) -> Callable[[Canvas, Rect], None]:
    rules = data.rules
    move = rules.actions.table.get("move")
    numbers = {
        "move": move.cost if move else "?",
        "diagonal": move.diagonal if move and move.diagonal is not None else "?",
        "extra": rules.actions.difficult_terrain_extra,
    }

    def draw(c: Canvas, box: Rect) -> None:
        c.setFillColorRGB(0, 0, 0)
        draw_line_fit(c, "Terrain legend", Rect(box.x, box.top - 6, box.w, 6), max_size=12)
        symbols = data.map.used_symbols()
        per_col = 4
        columns = max(1, -(-len(symbols) // per_col))
        col_w = box.w / columns
        for index, symbol in enumerate(symbols):
            terrain = data.map.legend[symbol]
            col, row = divmod(index, per_col)
            x = box.x + col * col_w
            y = box.top - 16 - row * 10
            fill = hex_colour(terrain.colour)
            c.setFillColorRGB(*fill)
            c.setStrokeColorRGB(0, 0, 0)
            c.setLineWidth(0.4)
            c.rect(pt(x), pt(y), pt(8), pt(8), stroke=1, fill=1)
            c.saveState()
            _pattern(c, terrain.pattern, Rect(x, y, 8, 8), fill)
            c.restoreState()
            c.setFillColorRGB(0, 0, 0)
            draw_line_fit(
                c,
                terrain.name,
                Rect(x + 10, y + 4, col_w - 12, 4.2),
                font="Helvetica-Bold",
                max_size=8.5,
            )
            draw_line_fit(
                c,
                MOVEMENT_TEXT[terrain.movement].format(**numbers),
                Rect(x + 10, y, col_w - 12, 3.8),
                font="Helvetica",
                max_size=7.5,
            )

    return draw


# ---------------------------------------------------------------------------------------------
# The kit


def build_kit(options: KitOptions, progress: Progress | None = None) -> KitResult:
    """Write the Domppa kit PDF and its manifest; returns where they are."""
    progress = progress or Progress(False)
    if options.teams is not None:
        raise DomekitError("--teams is for Death Dome; the Domppa kit prints every character")
    paper = paper_size(options.paper)
    data = load_kit_data(options.data)
    target = kit_target(GAME, options)
    out, base_url, kit_id = target.out, target.base_url, target.kit_id
    urls = kit_urls(base_url, kit_id, units=[ch.id for ch in data.characters])

    equipment_layout = plan_sheet(paper, data.print.equipment_card.size())
    character_layout = plan_sheet(paper, data.print.character_card.size())
    equipment = equipment_cards(data)
    characters = [
        Card(character_face(ch, urls["units"][ch.id], data), "character") for ch in data.characters
    ]
    tiles = plan_tiles(*map_size(data), paper, data.print.map.overlap)
    total = (
        2 * -(-len(equipment) // equipment_layout.per_page)
        + 2 * -(-len(characters) // character_layout.per_page)
        + len(data.characters)  # at most one tracker page each
        + 2
        + len(tiles.tiles)
        + 1
    )
    progress.start(f"{TITLE} kit", total)
    with pdf_document(out, paper, title=f"{TITLE} print-and-play kit") as doc:
        # card sheets with backs first: each front on an odd page, so a duplex printer puts its
        # backs on the same sheet of paper
        draw_card_sheets(
            doc,
            equipment,
            equipment_layout,
            backs={deck: card_back(deck, data) for deck in DECKS},
            duplex="long",
            back_offset=options.back_offset,
            on_page=progress.advance,
        )
        draw_card_sheets(
            doc,
            characters,
            character_layout,
            backs={"character": card_back("character", data)},
            back_offset=options.back_offset,
            on_page=progress.advance,
        )
        tracker_pages(doc, data, progress.advance)
        tokens_page(doc, data)
        progress.advance()
        reference_page(doc, data, urls["table"])
        progress.advance()
        draw_map_picture(doc.canvas, data)
        title = f"{TITLE}: {data.map.name}"
        draw_tiles(doc, tiles, "map", title=title, on_page=progress.advance)
        draw_assembly_key(doc, tiles, "map", title=title, legend=map_legend(data), legend_height=60)
        progress.advance()
    return finish_kit(
        target,
        {
            "units": [ch.id for ch in data.characters],
            "paper": options.paper,
            "pdf": str(out),
            # the tracker reads the same data: a kit built from --data names its folder
            "data_dir": str(data.folder.resolve()) if options.data is not None else None,
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
        },
        urls,
        doc,
    )
