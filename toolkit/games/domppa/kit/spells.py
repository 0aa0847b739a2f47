"""Domppa's spell cards: one per row of spells.csv, poker size, on the equipment card sheets.

A card says how the rules cast it (`rules/domppa.en.md`, every number from rules.toml): its AP
(Actions: "Cast a spell", "while engaged"; a touch spell costs no more engaged), its range on the
grid (halved), how it hits (a touch spell with an attack roll, an area spell hits all under it
and scatters, others as shooting), how magic resistance stops it, and its fatigue plus the
caster's spell casting encumbrance. The spell's own effect is the data's text."""

from __future__ import annotations

from toolkit.cards.kit_faces import KitCard, KitFaces
from toolkit.games.domppa.config import DomppaRules
from toolkit.games.domppa.data import DomppaKitData, SpellRow
from toolkit.games.domppa.rules import grid_range
from toolkit.pdf.cards import Card


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


def spell_card(spell: SpellRow, data: DomppaKitData) -> KitCard:
    """A spell's cells, as layouts/spell.toml names them."""
    rules = data.rules
    reach = "touch" if spell.range == 1 else f"{grid_range(rules, spell.range)} sq."
    cells = {
        "name": spell.name,
        "kind": spell_kind(spell),
        "badge1_label": "Range",
        "badge1": reach,
        "badge2_label": "Fatigue",
        "badge2": f"{spell.fatigue} + enc.",
        "badge3_label": "Element" if spell.element != "none" else "",
        "badge3": spell.element if spell.element != "none" else "",
        "casting": "\n".join(spell_lines(rules, spell)),
        "effect": spell.effect,
        "fatigue": str(spell.fatigue),
    }
    return KitCard("spell", cells, back="spell", source=data.folder / "spells.csv")


def spell_cards(data: DomppaKitData, faces: KitFaces) -> list[Card]:
    """A card per spell of spells.csv, in file order, with the spell deck's back."""
    return faces.cards([spell_card(spell, data) for spell in data.spells], data.folder)
