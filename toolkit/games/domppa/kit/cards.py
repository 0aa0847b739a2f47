"""The Domppa cards: what each card shows, as the cells its layout in card_data/domppa/layouts
places (drawn by the engine of `domekit cards`, toolkit/cards/kit_faces.py): weapon, armour and
shield cards (the kind's picture, the card's numbers in named badges, the rest as labelled rows,
its rules text from its effect words), a character card per sample unit with every stat (the
derived ones computed by the rules engine, protection from the armour it wears), the cards it
carries and its QR code; each deck's back. Spell cards: spells.py."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from toolkit.cards.kit_faces import KitCard, KitFaces, kit_faces
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
from toolkit.games.domppa.kit.common import BACK_GLYPHS, BACK_TITLES, GAME
from toolkit.games.domppa.rules import armour_tier, grid_range, helmet_is_heavy
from toolkit.output import counted
from toolkit.pdf.cards import Card, CardBox
from toolkit.pdf.geometry import Colour
from toolkit.pdf.style import Look

ROWS = 5  # the labelled rows an equipment layout has (row1 ... row5)


def _equipment(
    name: str,
    kind: str,
    glyph: str,
    badges: list[tuple[str, str]],
    rows: list[tuple[str, str]],
    words: tuple[str, str],
) -> dict[str, str]:
    """An equipment card's cells, as its layout (layouts/equipment.toml) names them: `words`
    are its rules text and its flavour."""
    if len(rows) > ROWS:
        raise ValueError(f"{name}: {len(rows)} rows; an equipment card has {ROWS}")
    cells = {"name": name, "kind": kind, "glyph": glyph, "rows": str(len(rows))}
    for index, (label, value) in enumerate(badges, start=1):
        cells |= {f"badge{index}_label": label, f"badge{index}": value}
    for index in range(1, ROWS + 1):
        label, value = rows[index - 1] if index <= len(rows) else ("", "")
        cells |= {f"row{index}_label": label, f"row{index}": value}
    return cells | {"rules": words[0], "flavour": words[1]}


def weapon_card(weapon: WeaponRow, data: DomppaKitData) -> KitCard:
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
    cells = _equipment(weapon.name, kind, "bow" if ranged else "blade", badges, rows, words)
    return KitCard(
        "ranged" if ranged else "weapon", cells, back="weapon", source=data.folder / "weapons.csv"
    )


def armour_card(armour: ArmourRow, data: DomppaKitData) -> KitCard:
    rules = data.rules
    if armour.slot == "head":
        heavy = helmet_is_heavy(rules, armour.protection)
        kind = f"Helmet ({'heavy' if heavy else 'light'})"
        rows = [("Protects", "the head (head hits)")]
        glyph = "helmet"
    else:
        kind = f"Body armour (tier {armour_tier(rules, armour.encumbrance)})"
        rows = [("Protects", "the body")]
        glyph = "cuirass"
    rows.append(("Encumbrance", str(armour.encumbrance)))
    badges = [("Protection", str(armour.protection)), ("Encumbrance", str(armour.encumbrance))]
    words = (card_text(rules, armour), armour.notes)
    return KitCard(
        "armour", _equipment(armour.name, kind, glyph, badges, rows, words), back="armour"
    )


def shield_card(shield: ShieldRow, data: DomppaKitData) -> KitCard:
    mult = data.rules.ranged.parry_multiplier
    rows = [
        ("Encumbrance", str(shield.encumbrance)),
        ("vs shooting", f"+{shield.parry * mult} to the target number"),
    ]
    words = (card_text(data.rules, shield), shield.notes)
    badges = [("Parry", str(shield.parry)), ("Protection", str(shield.protection))]
    cells = _equipment(shield.name, "Shield", "solid_shield", badges, rows, words)
    return KitCard("shield", cells, back="shield", source=data.folder / "shields.csv")


EQUIPMENT_LAYOUTS = {"weapon": "equipment", "ranged": "ranged", "armour": "equipment",
                     "shield": "equipment", "spell": "spell"}  # fmt: skip
"""Each kind of poker-size card's layout (card_data/domppa/layouts) and, but for `ranged`
(the weapon colour), its print.toml colour."""


def card_faces(data: DomppaKitData, look: Look) -> KitFaces:
    """The layouts of card_data/domppa/layouts (or the --data copy's): the equipment cards and
    every deck's back, each in its deck's print.toml colour."""
    settings = data.print
    colours = {name: settings.colour(name) for name in settings.colours}
    poker = (settings.equipment_card.width, settings.equipment_card.height)
    character = (settings.character_card.width, settings.character_card.height)

    def framed(deck: str) -> dict[str, Colour]:
        return {**colours, "frame": settings.colour(deck)}

    layouts = {
        key: (name, framed("weapon" if key == "ranged" else key), poker)
        for key, name in EQUIPMENT_LAYOUTS.items()
    }
    layouts["character"] = ("character", framed("character"), character)
    for deck in BACK_TITLES:
        layouts[f"back:{deck}"] = (
            "back",
            framed(deck),
            character if deck == "character" else poker,
        )
    return kit_faces(data.folder, GAME, layouts, look)


def equipment_cards(data: DomppaKitData, faces: KitFaces) -> list[Card]:
    cards = [weapon_card(w, data) for w in data.weapons]
    cards += [armour_card(a, data) for a in data.armour]
    cards += [shield_card(s, data) for s in data.shields]
    return faces.cards(cards, data.folder)


def card_back(deck: str, data: DomppaKitData, faces: KitFaces) -> Callable[[Canvas, CardBox], None]:
    cells = {"deck": BACK_TITLES[deck], "glyph": BACK_GLYPHS[deck]}
    return faces.back(f"back:{deck}", data.folder / "print.toml", cells)


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


CHARACTER_ROWS = 18  # the stat rows layouts/character.toml has (row1 ... row18)


def character_card(ch: Character, url: str, data: DomppaKitData) -> KitCard:
    """A character's cells, as layouts/character.toml names them: every stat (the derived ones
    from the rules engine), its QR code's URL and the words under the stats."""
    rules = data.rules
    gear = data.gear[ch.row.name]
    stats = character_stats(ch, rules, gear.mount)
    if len(stats) > CHARACTER_ROWS:
        raise ValueError(f"{ch.row.name}: {len(stats)} stats; a card has {CHARACTER_ROWS} rows")
    lines = ability_lines(ch) or ["No special abilities."]
    lines.append(f"Carries: {', '.join(gear.names)}." if gear.names else "Carries nothing.")
    if gear.mount is not None:
        lines.append(f"Mount: {gear.mount.name}. {card_text(rules, gear.mount)}")
    if ch.row.notes:
        lines.append(f"Notes: {ch.row.notes}.")
    cells = {"name": ch.row.name, "url": url, "hp": str(ch.hp), "ap": str(ch.ap)}
    for index in range(1, CHARACTER_ROWS + 1):
        label, value = stats[index - 1] if index <= len(stats) else ("", "")
        cells |= {f"row{index}_label": label, f"row{index}": value}
    cells |= {"rows": str(len(stats)), "about": "\n".join(lines)}
    return KitCard("character", cells, back="character", source=data.folder / "characters.csv")


def character_cards(data: DomppaKitData, urls: dict[str, str], faces: KitFaces) -> list[Card]:
    cards = [character_card(ch, urls[ch.id], data) for ch in data.characters]
    return faces.cards(cards, data.folder)
