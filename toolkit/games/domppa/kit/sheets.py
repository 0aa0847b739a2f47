"""The Domppa kit's sheets: HP and fatigue trackers per character and the counters for poison and
paralysis (panels for `toolkit.pdf.packing`, on card stock with the pieces), and the AP cost
reference (the whole actions table) with the table's QR code."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from toolkit.games.domppa.conditions import fatigue_penalty
from toolkit.games.domppa.config import DomppaRules
from toolkit.games.domppa.data import Character, DomppaKitData
from toolkit.games.domppa.kit.common import DARK, MARGIN, TITLE
from toolkit.games.domppa.rules import missing_hp_penalty
from toolkit.games.domppa.words import ABILITY_NAMES
from toolkit.pdf.geometry import WHITE, Colour, Rect, tint
from toolkit.pdf.packing import Panel
from toolkit.pdf.pieces import TRACK_GAP, TrackSpace, draw_track, space_for, track_size
from toolkit.pdf.qr import QR_SIZE, draw_qr
from toolkit.pdf.sheets import Section, draw_heading, draw_sections, draw_table
from toolkit.pdf.style import BAND, INK, REGULAR, Look, line, text

# ---------------------------------------------------------------------------------------------
# HP and fatigue trackers, counters: spaces sized to the square markers that mark them

TRACKERS = "Trackers"  # the cover's sections
COUNTER_SECTION = "Counters"
LABEL = 4.5  # mm: the line naming a track


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


def fatigue_tens(data: DomppaKitData, look: Look = Look()) -> list[TrackSpace]:
    """The fatigue tracker's tens, 0 up to the fatigue at which a character cannot act ("out"),
    each with the attack and defence penalty at its value, shaded a step darker for every step
    of it (printer-friendly, the darkest step is the colour's light band)."""
    config = data.rules.fatigue
    base = data.print.colour("fatigue")
    steps = max(config.incapacitated_at // config.penalty_step, 1)
    spaces = []
    for tens in range(0, config.incapacitated_at, 10):
        penalty = fatigue_penalty(data.rules, tens).penalty
        fill = tint(base, penalty / steps * (0.8 if look.full else BAND))
        spaces.append(TrackSpace(str(tens), f"-{penalty}" if penalty else "", fill))
    out = (0.2, 0.2, 0.2) if look.full else (0.75, 0.75, 0.75)
    spaces.append(TrackSpace(f"{config.incapacitated_at}+", "out", out))
    return spaces


def ones(fill: Colour = WHITE) -> list[TrackSpace]:
    """A counter's ones: 0 to 9."""
    return [TrackSpace(str(n), "", fill) for n in range(10)]


def tracker_cell(data: DomppaKitData) -> tuple[float, float]:
    """A tracker space: the square marker and a millimetre more."""
    side = space_for(data.print.trackers.marker)
    return side, side


def _columns(width: float, cell: tuple[float, float]) -> int:
    return max(1, int((width + TRACK_GAP + 1e-6) // (cell[0] + TRACK_GAP)))


def _tracks(ch: Character, data: DomppaKitData, look: Look) -> list[tuple[str, list[TrackSpace]]]:
    config = data.rules.fatigue
    return [
        (
            "Hit points (the HP marker); mor -N: the morale test penalty at that HP",
            hp_spaces(ch, data),
        ),
        (
            f"Fatigue, tens (x10 marker) and ones (x1): -1 attack and defence per full "
            f"{config.penalty_step}; {config.incapacitated_at}+: cannot act, defence 0; a blow "
            f"it strikes costs it {ch.encumbrance}",
            fatigue_tens(data, look),
        ),
        ("", ones()),
    ]


def tracker_height(ch: Character, data: DomppaKitData, width: float) -> float:
    """How tall a character's trackers are, `width` mm wide."""
    cell = tracker_cell(data)
    columns = _columns(width, cell)
    return sum(
        (LABEL if label else 1.0) + track_size(len(spaces), columns, cell)[1]
        for label, spaces in _tracks(ch, data, Look())
    )


def tracker_panel(ch: Character, data: DomppaKitData, look: Look, width: float) -> Panel:
    """A character's HP and fatigue trackers, `width` mm wide."""
    cell = tracker_cell(data)
    columns = _columns(width, cell)

    def draw(c: Canvas, box: Rect) -> None:
        rest = box
        for label, spaces in _tracks(ch, data, look):
            head, rest = rest.split_top(LABEL if label else 1.0)
            if label:
                c.setFillColorRGB(*INK)
                line(c, label, Rect(head.x, head.y + 0.6, head.w, head.h - 0.8), font=REGULAR,
                     max_size=8)  # fmt: skip
            area, rest = rest.split_top(track_size(len(spaces), columns, cell)[1])
            draw_track(c, area, spaces, columns=columns, cell=cell, value_size=10)

    return Panel(
        f"{ch.row.name}: hit points ({ch.hp}) and fatigue",
        (width, tracker_height(ch, data, width)),
        draw,
        TRACKERS,
    )


def counter_texts(rules: DomppaRules) -> dict[str, tuple[str, str]]:
    """The counters for what the rules count down: the condition, its title and how it runs."""
    return {
        "poisoned": (
            "Poison left",
            f"The total poison damage; at the start of each of its turns the character loses "
            f"{rules.poison.percent_per_turn}% of it (rounded up)",
        ),
        "paralysed": (
            "Paralysis: rounds left",
            f"(damage - size) / {rules.paralysis.divisor}; one less each round",
        ),
    }


def counter_panel(kind: str, data: DomppaKitData) -> Panel:
    """A counter (poison left, paralysis rounds): its tens and its ones, a square marker on
    each; it lies by the character beside the condition's token."""
    title, how = counter_texts(data.rules)[kind]
    cell = tracker_cell(data)
    fill = tint(data.print.colour(kind), 0.12)
    tens = [TrackSpace(str(n * 10), "", fill) for n in range(10)]
    width, height = track_size(10, 10, cell)

    def draw(c: Canvas, box: Rect) -> None:
        head, rest = box.split_top(LABEL * 2)
        c.setFillColorRGB(*INK)
        text(c, f"{how}. Tens, then ones.", head, max_size=7.5)
        area, rest = rest.split_top(height)
        draw_track(c, area, tens, columns=10, cell=cell, value_size=10)
        _, rest = rest.split_top(1.0)
        draw_track(c, rest, ones(fill), columns=10, cell=cell, value_size=10)

    return Panel(title, (width, LABEL * 2 + 2 * height + 1.0), draw, COUNTER_SECTION)


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
    qr = QR_SIZE
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
