"""The Domppa kit's sheets: HP and fatigue trackers per character, the condition tokens, and the
AP cost reference (the whole actions table) with the table's QR code."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from toolkit.errors import DomekitError
from toolkit.games.domppa.conditions import fatigue_penalty
from toolkit.games.domppa.config import DomppaRules
from toolkit.games.domppa.data import CONDITIONS, Character, DomppaKitData
from toolkit.games.domppa.kit.common import DARK, MARGIN, TITLE
from toolkit.games.domppa.rules import missing_hp_penalty
from toolkit.games.domppa.words import ABILITY_NAMES
from toolkit.pdf.geometry import Rect, tint
from toolkit.pdf.pieces import Piece, TrackSpace, draw_pieces, draw_track, track_rows
from toolkit.pdf.qr import draw_qr
from toolkit.pdf.sheets import Section, draw_heading, draw_sections, draw_table
from toolkit.pdf.style import BAND, REGULAR, Look, line, text

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


def fatigue_spaces(data: DomppaKitData, look: Look = Look()) -> list[TrackSpace]:
    """0 up to the fatigue at which a character cannot act; shaded by the attack and defence
    penalty (one step darker each full penalty step, each step written too), the last space
    ("out") grey; printer-friendly, the darkest step is the colour's light band."""
    config = data.rules.fatigue
    base = data.print.colour("fatigue")
    spaces = []
    for fatigue in range(0, config.incapacitated_at + 1):
        result = fatigue_penalty(data.rules, fatigue)
        if result.incapacitated:
            out = (0.2, 0.2, 0.2) if look.full else (0.75, 0.75, 0.75)
            spaces.append(TrackSpace(f"{fatigue}+", "out", out))
            continue
        steps = config.incapacitated_at // config.penalty_step
        shade = result.penalty / max(steps, 1)
        fill = tint(base, shade * (0.8 if look.full else BAND))
        note = f"-{result.penalty}" if fatigue % config.penalty_step == 0 and result.penalty else ""
        spaces.append(TrackSpace(str(fatigue), note, fill))
    return spaces


def tracker_height(ch: Character, data: DomppaKitData) -> float:
    t = data.print.trackers
    rows = track_rows(ch.hp + 1, t.columns) + track_rows(len(fatigue_spaces(data)), t.columns)
    return 9 + 6 + 6 + rows * t.space_height + 6


def tracker_block(c: Canvas, box: Rect, ch: Character, data: DomppaKitData, look: Look) -> None:
    t = data.print.trackers
    colour = data.print.colour("character")
    head, rest = box.split_top(9)
    draw_heading(
        c, f"{ch.row.name}: hit points ({ch.hp}) and fatigue", head, colour=colour, look=look
    )
    label, rest = rest.split_top(6)
    c.setFillColorRGB(0, 0, 0)
    line(
        c,
        "Hit points: move a marker (a coin, a paper clip) down as damage is taken; mor -N: the "
        "morale test penalty at that HP",
        Rect(label.x, label.y + 0.8, label.w, 4.5),
        font=REGULAR,
        max_size=8.5,
    )
    hp = hp_spaces(ch, data)
    hp_h = track_rows(len(hp), t.columns) * t.space_height
    area, rest = rest.split_top(hp_h)
    draw_track(c, area, hp, columns=t.columns, space_height=t.space_height, value_size=10)
    label, rest = rest.split_top(6)
    config = data.rules.fatigue
    line(
        c,
        f"Fatigue: -1 attack and defence per full {config.penalty_step}; at "
        f"{config.incapacitated_at}+ cannot act, defence 0 (the attacker takes its encumbrance "
        f"{ch.encumbrance} a blow)",
        Rect(label.x, label.y + 0.8, label.w, 4.5),
        font=REGULAR,
        max_size=8.5,
    )
    fatigue = fatigue_spaces(data, look)
    f_h = track_rows(len(fatigue), t.columns) * t.space_height
    area, rest = rest.split_top(f_h)
    draw_track(c, area, fatigue, columns=t.columns, space_height=t.space_height, value_size=10)


def tracker_pages(data: DomppaKitData, page_height: float) -> list[list[Character]]:
    """The characters whose trackers share each page, as many as fit, in file order."""
    room = page_height - 2 * MARGIN - 14 - 2
    pages: list[list[Character]] = [[]]
    used = 0.0
    for ch in data.characters:
        height = tracker_height(ch, data)
        if height > room:
            raise DomekitError(
                f"{ch.row.name}'s trackers need {height:.0f} mm; the page has {room:.0f} mm "
                "(lower print.toml trackers.space_height)"
            )
        if pages[-1] and used + height > room:
            pages.append([])
            used = 0.0
        pages[-1].append(ch)
        used += height + 4
    return pages


def trackers_page(
    c: Canvas, sheet: Rect, data: DomppaKitData, characters: list[Character], look: Look
) -> None:
    page = sheet.inset(MARGIN)
    head, rest = page.split_top(14)
    draw_heading(c, f"{TITLE}: HP and fatigue trackers", head, colour=DARK, look=look)
    y = rest.top - 2
    for ch in characters:
        height = tracker_height(ch, data)
        tracker_block(c, Rect(rest.x, y - height, rest.w, height), ch, data, look)
        y -= height + 4


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


def condition_tokens(data: DomppaKitData) -> list[Piece]:
    texts = condition_texts(data.rules)
    settings = data.print.tokens
    return [
        Piece("circle", settings.diameter, data.print.colour(name), name.title(), text=texts[name])
        for name in CONDITIONS
        for _ in range(settings.copies)
    ]


def tokens_page(c: Canvas, sheet: Rect, data: DomppaKitData, look: Look) -> None:
    page = sheet.inset(MARGIN)
    head, rest = page.split_top(14)
    draw_heading(c, f"{TITLE}: condition tokens", head, colour=DARK, look=look)
    note, rest = rest.split_top(12)
    c.setFillColorRGB(0, 0, 0)
    text(
        c,
        "Glue onto thin card and punch each token out with a 25 mm circle punch (or cut on the "
        "solid circle). Lay a token beside a character while the condition lasts. Stunned marks "
        "a character at 100+ fatigue.",
        note,
        max_size=9.5,
    )
    draw_pieces(c, rest, condition_tokens(data), gap=2.5, look=look)


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
        needs = ABILITY_NAMES[spec.requires] if spec.requires else ""
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


def reference_page(c: Canvas, sheet: Rect, data: DomppaKitData, table_url: str, look: Look) -> None:
    page = sheet.inset(MARGIN)
    head, rest = page.split_top(14)
    draw_heading(c, f"{TITLE}: AP costs (the actions table)", head, colour=DARK, look=look)
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
        look=look,
    )
    left = table.x + table.w * sum(widths[:3]) / sum(widths)
    c.setFillColorRGB(0, 0, 0)
    for index, row in enumerate(rows, start=1):
        top = table.top - index * row_h
        cell = Rect(left + 1.2, top - row_h + 0.6, table.right - left - 2.4, row_h - 1.2)
        text(c, row[3], cell, max_size=8, valign="middle")
    notes = Rect(rest.x, rest.y, rest.w - qr - 4, below - rest.y - 4)
    c.setFillColorRGB(0, 0, 0)
    draw_sections(c, reference_sections(data), notes, columns=1, max_size=8.5)
    draw_qr(c, table_url, rest.right - qr, rest.y, qr)
    text(
        c,
        "The table tracker",
        Rect(rest.right - qr, rest.y + qr + 0.5, qr, 4),
        max_size=7,
        align="centre",
    )
