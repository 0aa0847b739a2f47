"""Domppa's effect vocabulary (card_data/domppa/effects.toml, read by toolkit/data/effects.py):
the words its engine applies (words.py), their printed text with rules.toml's numbers filled in,
and the cells that hold them (weapons.csv `effects`, characters.csv `abilities`).

A card's words are its columns read as words (a weapon's damage types, element, stun, range and
length; an armour's tier or helmet weight; a shield's parry and protection; a mount's kind) and
its `effects` cell (a weapon's lance, two-handed, decay). Its printed rules text is
`Vocabulary.text` of them all, so a printed card and the engine cannot disagree.
"""

from __future__ import annotations

from pathlib import Path

from toolkit.data.effects import Effect, Vocabulary, load_vocabulary
from toolkit.errors import DataError
from toolkit.games.domppa import words
from toolkit.games.domppa.config import DomppaRules

EFFECTS_FILE = "effects.toml"


def rule_numbers(rules: DomppaRules) -> dict[str, int | str]:
    """The rules.toml numbers effects.toml's texts may name, by the name they use."""
    types, abilities = rules.damage_types, rules.abilities
    return {
        "blunt_head_multiplier": types.blunt_head_multiplier,
        "piercing_percent": types.piercing_ignores_percent,
        "slashing_bonus_percent": types.slashing_damage_percent - 100,
        "armor_piercing_percent": types.armor_piercing_ignores_percent,
        "armor_negating_percent": types.armor_negating_ignores_percent,
        "burn_die": rules.fire.burn_die_sides,
        "freezes_from": rules.cold.freezes_from,
        "poison_percent": rules.poison.percent_per_turn,
        "paralysis_divisor": rules.paralysis.divisor,
        "range_divisor": rules.ranged.range_divisor,
        "lance_bonus": rules.lance.bonus_per_square,
        "lance_protection_step": rules.lance.protection_step,
        "lance_broken_below": rules.lance.broken_below,
        "lance_whole_from": rules.lance.whole_from,
        "hands": rules.hands.per_character,
        "decay_injury_modifier": rules.decay.injury_modifier,
        "top_tier": rules.armour.top_tier,
        "heavy_helmet_from": rules.armour.heavy_helmet_from,
        "head_hit_percent": rules.protection.head_hit_percent,
        "parry_multiplier": rules.ranged.parry_multiplier,
        "riding_defence": abilities.riding_defence,
        "chariot_defence": abilities.chariot_defence,
        "awe_offset": rules.awe.roll_offset,
        "awe_target": rules.awe.target_base,
        "encumbrance_base": rules.encumbrance.base,
        "berserk_morale": rules.morale.berserk_morale,
        "dark_vision_night": rules.darkness.dark_vision_penalty["night"],
        "dark_vision_pitch_dark": rules.darkness.dark_vision_penalty["pitch_dark"],
        "dark_vision_percent": rules.darkness.dark_vision_percent,
        "fear_divisor": rules.fear.divisor,
        "fire_shield_free_paths": abilities.fire_shield_free_paths,
        "formation_bonus": abilities.formation_fighter_bonus,
        "heat_aura_offset": abilities.heat_aura_damage_offset,
        "standard_morale": abilities.standard_morale,
        "icarian_fire_resist": abilities.icarian_wings_fire_resist,
        "healer_recuperation_level": abilities.healer_recuperation_level,
        "pillage_multiplier": abilities.pillage_multiplier,
        "stealth_per_die": abilities.stealth_per_die,
        "stealth_from": abilities.stealth_success_from,
    }


def load_effects(folder: Path, rules: DomppaRules) -> Vocabulary:
    """A data folder's effects.toml, checked against the words the engine applies, its texts
    filled with that folder's rule numbers."""
    return load_vocabulary(folder / EFFECTS_FILE, words.KNOWN, rule_numbers(rules))


def cell_effects(
    vocabulary: Vocabulary,
    cell: str,
    allowed: tuple[str, ...],
    *,
    path: Path | str,
    row: int | None,
    field: str = "effects",
) -> tuple[Effect, ...]:
    """A card's `effects` cell: its words, each one the cell may hold (a word its columns give is
    refused, naming the column to write it in)."""
    found = vocabulary.parse(cell, path=path, row=row, field=field)
    for effect in found:
        if effect.word not in allowed:
            raise DataError(
                path,
                f"{effect.word!r} is not written in this cell: a weapon's damage types, element, "
                f"stun, range and length are its own columns; this cell holds "
                f"{', '.join(allowed)}",
                row=row,
                field=field,
            )
    return found


def has(effects: tuple[Effect, ...], word: str) -> bool:
    """Whether a card's effects hold the word."""
    return any(effect.word == word for effect in effects)


def vocabulary_markdown(vocabulary: Vocabulary) -> str:
    """docs/effects/domppa.md: every word, where it is written, its printed text (this data's
    numbers), the rule book's sentence and the engine functions that apply it."""
    groups = (
        ("Weapons: from a weapon's columns", words.WEAPON_COLUMN_WORDS),
        ("Weapons: a weapons.csv `effects` cell", words.WEAPON_CELL_WORDS),
        ("Armour: from its slot, protection and encumbrance", words.ARMOUR_WORDS),
        ("Shields: from its parry and protection", words.SHIELD_WORDS),
        ("Mounts: mounts.csv `kind`", words.MOUNT_WORDS),
        ("Special abilities: characters.csv `abilities`", tuple(words.ABILITIES)),
    )
    out = [
        "# Domppa's effect words",
        "",
        "Generated from `card_data/domppa/effects.toml` and the engine's `toolkit/games/domppa/"
        "words.py` by `python -m toolkit.games.domppa.effects` (a test checks this page is what "
        "they give). A printed card's rules text is its words' texts, with the numbers of "
        "rules.toml filled in; the engine applies each word with the functions named.",
        "",
    ]
    for title, names in groups:
        out += [f"## {title}", ""]
        for name in names:
            word = vocabulary.word(name)
            params = " ".join(f"<{param.name}>" for param in word.params)
            sample = tuple(f"{{{param.name}}}" for param in word.params)
            applied = words.APPLIED_BY.get(name, (words.TEXT_ONLY_FUNCTION,))
            out += [
                f"### `{' '.join([word.word, params]).strip()}`",
                "",
                f"- Printed: {word.render(sample)}",
                f"- Rule: {word.rule}",
                f"- Engine: {word.explain(sample)}; " + ", ".join(f"`{path}`" for path in applied),
                "",
            ]
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":  # python -m toolkit.games.domppa.effects [out.md]
    import sys

    from toolkit.data import game_data_dir, load_toml_model

    shipped = game_data_dir("domppa")
    text = vocabulary_markdown(
        load_effects(shipped, load_toml_model(shipped / "rules.toml", DomppaRules))
    )
    if len(sys.argv) > 1:
        Path(sys.argv[1]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
