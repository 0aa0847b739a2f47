"""Domppa's spell cards: one per row of spells.csv, poker size, on the equipment card sheets.

A card says how the rules cast it (`rules/domppa.en.md`, every number from rules.toml): its AP
(Actions: "Cast a spell", "while engaged"; a touch spell costs no more engaged), its range on the
grid (halved), how it hits (a touch spell with an attack roll, an area spell hits all under it
and scatters, others as shooting), how magic resistance stops it, and its fatigue plus the
caster's spell casting encumbrance. The spell's own effect is the data's text."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from toolkit.games.domppa.config import DomppaRules
from toolkit.games.domppa.data import DomppaKitData, SpellRow
from toolkit.games.domppa.kit.cards import badge
from toolkit.games.domppa.rules import grid_range
from toolkit.pdf.cards import Card, CardBox
from toolkit.pdf.draw import draw_card_frame, draw_card_title
from toolkit.pdf.geometry import Rect
from toolkit.pdf.style import INK, ITALIC, Look, text


def spell_kind(spell: SpellRow) -> str:
    if spell.range == 1:
        how = "touch"
    elif spell.area:
        how = f"area {spell.area} x {spell.area}"
    else:
        how = "ranged"
    return f"Spell · {spell.path} {spell.level} · {how}"


def spell_lines(rules: DomppaRules, spell: SpellRow) -> list[str]:
    """The casting of `spell` as the rules have it, a line each."""
    cast, engaged = rules.actions.table["cast"], rules.actions.table["cast_engaged"]
    lines = []
    if spell.range == 1:
        lines.append(f"Cast: all AP left, at least {cast.cost} (engaged too: a touch).")
        lines.append(f"Hit: 2d6 - {rules.melee.roll_offset} + attack vs defence.")
    else:
        lines.append(f"Cast: all AP left, at least {cast.cost}; engaged at least {engaged.cost}.")
        if spell.area:
            aoe = rules.aoe
            lines.append(
                "Hits all in the area; shields do not help. Scatters (roll - "
                f"{aoe.target_base} - distance / {aoe.distance_divisor}) / "
                f"{aoe.scatter_divisor} squares."
            )
        else:
            shot = rules.ranged
            lines.append(
                f"Hit: 2d6 + precision + size vs {shot.target_base} + distance + "
                f"{shot.parry_multiplier} x parry."
            )
    mr = rules.magic_resistance
    lines.append(
        f"Resisted: 2d6 + {mr.penetration_base} + extra path / {mr.path_divisor} vs MR + "
        f"{spell.level} / {mr.path_divisor}."
    )
    return lines


def spell_face(
    spell: SpellRow, data: DomppaKitData, look: Look
) -> Callable[[Canvas, CardBox], None]:
    rules = data.rules
    colour = data.print.colour("spell")
    reach = "touch" if spell.range == 1 else f"{grid_range(rules, spell.range)} sq."
    badges = [("Range", reach), ("Fatigue", f"{spell.fatigue} + enc.")]
    if spell.element != "none":
        badges.append(("Element", spell.element))

    def draw(c: Canvas, box: CardBox) -> None:
        draw_card_frame(c, box, colour, look)
        safe = box.safe
        rest = draw_card_title(c, safe, spell.name, spell_kind(spell), colour, kind_height=5,
                               kind_size=8)  # fmt: skip
        row, rest = rest.split_top(15)
        width = (row.w - 2 * (len(badges) - 1)) / len(badges)
        for index, (label, value) in enumerate(badges):
            badge(c, Rect(row.x + index * (width + 2), row.y + 1.5, width, 12.5), label, value,
                  colour, look)  # fmt: skip
        c.setFillColorRGB(*INK)
        rules_box, effect_box = Rect(rest.x, rest.y, rest.w, rest.h - 1).split_top(rest.h * 0.5)
        text(c, "\n".join(spell_lines(rules, spell)), rules_box, max_size=8)
        text(
            c,
            f"{spell.effect}\nFatigue: {spell.fatigue} + the caster's spell casting encumbrance.",
            effect_box,
            font=ITALIC,
            max_size=8,
        )

    return draw


def spell_cards(data: DomppaKitData, look: Look) -> list[Card]:
    """A card per spell of spells.csv, in file order, with the spell deck's back."""
    return [Card(spell_face(spell, data, look), "spell") for spell in data.spells]
