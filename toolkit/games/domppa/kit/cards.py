"""The Domppa cards: weapon, armour and shield cards (an art window with the kind's picture, the
card's numbers in named badges, the rest as labelled rows) and a character card per sample unit
with every stat (the derived ones computed by the rules engine, protection from the armour it
wears), the cards it carries and its QR code; each deck with its back."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from toolkit.games.domppa.config import DomppaRules
from toolkit.games.domppa.data import (
    ArmourRow,
    Character,
    DomppaKitData,
    MountRow,
    ShieldRow,
    WeaponRow,
    card_text,
)
from toolkit.games.domppa.kit.common import BACK_GLYPHS, BACK_TITLES
from toolkit.games.domppa.rules import armour_tier, grid_range, helmet_is_heavy
from toolkit.output import counted
from toolkit.pdf import glyphs
from toolkit.pdf.cards import Card, CardBox
from toolkit.pdf.draw import (
    draw_back_frame,
    draw_back_titles,
    draw_card_frame,
    draw_card_title,
    draw_rules_and_flavour,
    fill_rect,
    rules_and_flavour_height,
)
from toolkit.pdf.geometry import MM, Colour, Rect, pt, text_colour_on, tint
from toolkit.pdf.glyphs import Glyph
from toolkit.pdf.qr import QR_SIZE, draw_qr
from toolkit.pdf.style import BOLD, INK, REGULAR, Look, deep, line, text


def stat_rows(
    c: Canvas, box: Rect, rows: list[tuple[str, str]], colour: Colour, size: float = 9
) -> float:
    """Label / value lines from the top of `box`, ruled; returns the y below them. A label
    takes what it needs (at most half the width), its value the rest."""
    height = min(6.0, box.h / max(len(rows), 1))
    y = box.top
    c.saveState()
    c.setLineWidth(0.25)
    for label, value in rows:
        y -= height
        c.setFillColorRGB(0.25, 0.25, 0.25)
        split = min(box.w * 0.5, stringWidth(label, REGULAR, size) / MM + 2)
        line(c, label, Rect(box.x, y + 0.6, split, height - 1.2), font=REGULAR, max_size=size)
        c.setFillColorRGB(0, 0, 0)
        line(
            c,
            value,
            Rect(box.x + split, y + 0.6, box.w - split, height - 1.2),
            max_size=size,
            align="right",
        )
        c.setStrokeColorRGB(*deep(colour))
        c.line(pt(box.x), pt(y), pt(box.right), pt(y))
    c.restoreState()
    return y


def badge(c: Canvas, rect: Rect, label: str, value: str, colour: Colour, look: Look) -> None:
    """A number in a badge, the word for what it is above it."""
    fill = look.band(colour)
    fill_rect(c, rect, fill, radius=1.5)
    c.setFillColorRGB(*(text_colour_on(fill) if look.full else deep(colour, 0.3)))
    line(
        c,
        label,
        Rect(rect.x + 1, rect.top - 4.2, rect.w - 2, 3.4),
        font=REGULAR,
        align="centre",
        max_size=7,
    )
    line(
        c,
        value,
        Rect(rect.x + 1, rect.y + 1, rect.w - 2, rect.h - 5.5),
        align="centre",
        max_size=16,
    )


def _art(c: Canvas, box: Rect, colour: Colour, glyph: Glyph, look: Look) -> None:
    """The art window: no art ships with the sample data, so the kind's picture."""
    fill_rect(c, box, tint(colour, 0.22 if look.full else 0.08), radius=1.5)
    c.setFillColorRGB(*tint(colour, 0.7 if look.full else 0.45))
    c.setStrokeColorRGB(*tint(colour, 0.7 if look.full else 0.45))
    glyph(c, box.centre[0], box.centre[1], box.h * 0.36)


ART = 15.0  # mm: the art window's height, where the rules leave room for it
ROW = 6.0  # mm: a stat row
BADGES = 15.0  # mm: the badge row


def _equipment_card(
    title: str,
    kind: str,
    glyph: Glyph,
    badges: list[tuple[str, str]],
    rows: list[tuple[str, str]],
    words: tuple[str, str],
    colour: Colour,
    look: Look,
) -> Callable[[Canvas, CardBox], None]:
    """`words`: the card's rules text and its flavour."""

    def draw(c: Canvas, box: CardBox) -> None:
        draw_card_frame(c, box, colour, look)
        safe = box.safe
        rest = draw_card_title(c, safe, title, kind, colour, kind_height=5, kind_size=8)
        # the art window gives way to the rules (a ranged card's many rows and words)
        need = BADGES + len(rows) * ROW + 2.5 + rules_and_flavour_height(*words, rest.w)
        room = min(ART, rest.h - need)
        if room >= ART / 2:
            art, rest = rest.split_top(room)
            _art(c, art.inset(0, 0.6), colour, glyph, look)
        badge_row, rest = rest.split_top(BADGES)
        width = (badge_row.w - 2 * (len(badges) - 1)) / max(len(badges), 1)
        for index, (label, value) in enumerate(badges):
            badge(
                c,
                Rect(badge_row.x + index * (width + 2), badge_row.y + 1.5, width, 12.5),
                label,
                value,
                colour,
                look,
            )
        below = stat_rows(c, Rect(rest.x, rest.y, rest.w, rest.h - 1), rows, colour, size=8.5)
        text_box = Rect(rest.x, rest.y, rest.w, below - rest.y - 1.5)
        draw_rules_and_flavour(c, *words, text_box, INK)

    return draw


def weapon_face(
    weapon: WeaponRow, data: DomppaKitData, look: Look
) -> Callable[[Canvas, CardBox], None]:
    rules = data.rules
    rows = [("Damage types", ", ".join(weapon.damage_types))]
    if weapon.element != "none":
        rows.append(("Element", weapon.element))
    if weapon.stun:
        rows.append(("Stun", "fatigue, not HP"))
    if weapon.range is not None:
        rows.append(("Range (listed)", str(weapon.range)))
        rows.append(("Range on the grid", counted(grid_range(rules, weapon.range), "square")))
    rows.append(("Encumbrance", str(weapon.encumbrance)))
    words = (card_text(rules, weapon), weapon.notes)
    badges = [("Damage", f"+{weapon.damage}"), ("Length", str(weapon.length))]
    ranged = weapon.range is not None
    kind = "Ranged weapon" if ranged else "Melee weapon"
    glyph = glyphs.draw_bow if ranged else glyphs.draw_blade
    return _equipment_card(
        weapon.name, kind, glyph, badges, rows, words, data.print.colour("weapon"), look
    )


def armour_face(
    armour: ArmourRow, data: DomppaKitData, look: Look
) -> Callable[[Canvas, CardBox], None]:
    rules = data.rules
    if armour.slot == "head":
        heavy = helmet_is_heavy(rules, armour.protection)
        kind = f"Helmet ({'heavy' if heavy else 'light'})"
        rows = [("Protects", "the head (head hits)")]
        glyph = glyphs.draw_helmet
    else:
        kind = f"Body armour (tier {armour_tier(rules, armour.encumbrance)})"
        rows = [("Protects", "the body")]
        glyph = glyphs.draw_cuirass
    rows.append(("Encumbrance", str(armour.encumbrance)))
    badges = [("Protection", str(armour.protection)), ("Encumbrance", str(armour.encumbrance))]
    words = (card_text(rules, armour), armour.notes)
    return _equipment_card(
        armour.name, kind, glyph, badges, rows, words, data.print.colour("armour"), look
    )


def shield_face(
    shield: ShieldRow, data: DomppaKitData, look: Look
) -> Callable[[Canvas, CardBox], None]:
    mult = data.rules.ranged.parry_multiplier
    rows = [
        ("Encumbrance", str(shield.encumbrance)),
        ("vs shooting", f"+{shield.parry * mult} to the target number"),
    ]
    words = (card_text(data.rules, shield), shield.notes)
    badges = [("Parry", str(shield.parry)), ("Protection", str(shield.protection))]
    return _equipment_card(
        shield.name,
        "Shield",
        glyphs.draw_solid_shield,
        badges,
        rows,
        words,
        data.print.colour("shield"),
        look,
    )


def card_back(deck: str, data: DomppaKitData, look: Look) -> Callable[[Canvas, CardBox], None]:
    colour = data.print.colour(deck)

    def draw(c: Canvas, box: CardBox) -> None:
        inner = draw_back_frame(c, box, colour, look=look)
        ink = look.ink_on(colour, look.ground(colour))
        c.setStrokeColorRGB(*ink)
        c.setLineWidth(0.4)
        cx, cy = box.trim.centre
        c.line(pt(inner.x + 4), pt(cy - 9), pt(inner.right - 4), pt(cy - 9))
        c.line(pt(inner.x + 4), pt(cy + 12), pt(inner.right - 4), pt(cy + 12))
        c.saveState()
        c.setFillColorRGB(*tint(colour, 0.55 if look.full else 0.35))
        c.setStrokeColorRGB(*tint(colour, 0.55 if look.full else 0.35))
        BACK_GLYPHS[deck](c, cx, cy + 22, 7)
        c.restoreState()
        c.setFillColorRGB(*ink)
        draw_back_titles(c, inner, ("DOMPPA", cy + 1, 9, 22), (BACK_TITLES[deck], cy - 6, 6, 13))

    return draw


def equipment_cards(data: DomppaKitData, look: Look) -> list[Card]:
    cards = [Card(weapon_face(w, data, look), "weapon") for w in data.weapons]
    cards += [Card(armour_face(a, data, look), "armour") for a in data.armour]
    cards += [Card(shield_face(s, data, look), "shield") for s in data.shields]
    return cards


def protection_text(rules: DomppaRules, total: int, worn: int, natural: int) -> str:
    """A protection figure with the sum it comes from, the cap's step spelt out when it bites:
    '10 (3 + 7)', '21 (15 + 7 = 22; over 20 counts half)'."""
    raw = worn + natural
    if total == raw:
        return f"{total} ({worn} + {natural})"
    return f"{total} ({worn} + {natural} = {raw}; over {rules.protection.cap} counts half)"


def character_stats(
    ch: Character, rules: DomppaRules, mount: MountRow | None = None
) -> list[tuple[str, str]]:
    """Every stat in the rules, as printed on the character card (and, riding, its size and AP
    mounted: "Mounts and chariots also raise the size"; "more action points")."""
    row = ch.row
    size_source = "data" if ch.size_from_data else "from HP"
    natural = row.protection_natural
    return [
        ("Hit points (Health " + str(row.health) + ")", str(ch.hp)),
        (
            "Protection body",
            protection_text(rules, ch.protection_body, row.protection_body, natural),
        ),
        (
            "Protection head",
            protection_text(rules, ch.protection_head, row.protection_head, natural),
        ),
        ("Natural protection", str(natural)),
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
        *(
            [
                (
                    "Proficiency: armour, helmet",
                    f"tier {row.armour_proficiency}, {row.helmet_proficiency or 'not given'}",
                )
            ]
            if row.armour_proficiency is not None
            else []
        ),
        *(
            [
                (
                    f"On its {mount.kind}: size, AP",
                    f"{ch.size + mount.size}, {ch.ap + mount.action_points}",
                )
            ]
            if mount is not None
            else []
        ),
    ]


def ability_lines(ch: Character) -> list[str]:
    """What a character card prints of its abilities: each as written in characters.csv, then
    its effect word's text (effects.toml); one the rules leave unfinished says it is text only."""
    written = [part.strip() for part in ch.row.abilities.replace(";", "|").split("|")]
    return [
        f"{as_written}: {ability.text}" + ("" if ability.computed else " (text only)")
        for as_written, ability in zip([w for w in written if w], ch.abilities, strict=True)
    ]


def character_face(
    ch: Character, url: str, data: DomppaKitData, look: Look
) -> Callable[[Canvas, CardBox], None]:
    colour = data.print.colour("character")
    qr = QR_SIZE
    rules = data.rules
    gear = data.gear[ch.row.name]

    def draw(c: Canvas, box: CardBox) -> None:
        draw_card_frame(c, box, colour, look)
        safe = box.safe
        top, rest = safe.split_top(qr)
        draw_qr(c, url, top.right - qr, top.y, qr)
        c.setFillColorRGB(0, 0, 0)
        left = Rect(top.x, top.y, top.w - qr - 2, top.h)
        text(c, ch.row.name, Rect(left.x, left.top - 10, left.w, 10), font=BOLD, max_size=13)
        badge(c, Rect(left.x, left.y + 1, 19, 11), "HP", str(ch.hp), data.print.colour("hp"), look)
        badge(c, Rect(left.x + 21, left.y + 1, 19, 11), "AP", str(ch.ap), colour, look)
        stats = character_stats(ch, rules, gear.mount)
        stats_box = Rect(rest.x, rest.top - 1 - 4.3 * len(stats), rest.w, 4.3 * len(stats))
        below = stat_rows(c, stats_box, stats, colour, size=7.5)
        lines = ability_lines(ch) or ["No special abilities."]
        lines.append(f"Carries: {', '.join(gear.names)}." if gear.names else "Carries nothing.")
        if gear.mount is not None:
            lines.append(f"Mount: {gear.mount.name}. {card_text(rules, gear.mount)}")
        if ch.row.notes:
            lines.append(f"Notes: {ch.row.notes}.")
        c.setFillColorRGB(0, 0, 0)
        text(c, "\n".join(lines), Rect(rest.x, rest.y, rest.w, below - rest.y - 1), max_size=7.5)

    return draw


def character_cards(data: DomppaKitData, urls: dict[str, str], look: Look) -> list[Card]:
    return [
        Card(character_face(ch, urls[ch.id], data, look), "character") for ch in data.characters
    ]
