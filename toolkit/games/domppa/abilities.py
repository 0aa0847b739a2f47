"""Special abilities: reading them from data, and the ones with mechanics.

Abilities are written as on a character sheet, `Berserk +3`, `Resist fire 5`, `Dark Vision 50%`,
`Heat Aura 2`, `|`-separated (`;` reads too), each an effect word of effects.toml (words.py's
ABILITIES, in the rule book's order). Those the rules call unfinished or give no numbers for
(words.TEXT_ONLY) are carried as text and compute nothing.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from toolkit.data.effects import Effect
from toolkit.errors import DataError, DomekitError
from toolkit.games.domppa.config import DomppaRules
from toolkit.games.domppa.dice import check_plain_die
from toolkit.games.domppa.rules import Damage, DamageType, Element, resolve_damage
from toolkit.games.domppa.words import ABILITIES, TEXT_ONLY


@dataclass(frozen=True)
class Ability:
    key: str
    name: str
    value: int | None
    kind: str | None  # the damage type of Resist X ("fire"), else None
    computed: bool
    text: str
    """What the printed character card says of it (effects.toml's text, numbers filled in)."""
    effect: Effect

    def __str__(self) -> str:
        parts = [self.name, self.kind or "", "" if self.value is None else str(self.value)]
        return " ".join(part for part in parts if part)


_PERCENT = re.compile(r"(\d)%")


def parse_ability(rules: DomppaRules, text: str) -> Ability:
    """`Berserk +3` -> Ability(berserk, 3); the word must be one of the rules' abilities."""
    vocabulary = rules.vocabulary
    cleaned = " ".join(text.split())
    try:
        [effect] = vocabulary.parse(_PERCENT.sub(r"\1", cleaned), path="abilities")
    except DataError as exc:
        if "unknown effect word" in exc.detail:
            effect = None
        else:
            raise DomekitError(f"ability {text!r}: cannot read it ({exc.detail})") from None
    if effect is None or effect.word not in ABILITIES:
        raise DomekitError(f"unknown ability {text!r}; the rules name {', '.join(ABILITIES)}")
    key = ABILITIES[effect.word]
    numbers = [arg for arg in effect.args if isinstance(arg, int)]
    names = [arg for arg in effect.args if isinstance(arg, str)]
    if key == "dark_vision" and numbers[0] != rules.darkness.dark_vision_percent:
        raise DomekitError(
            f"ability {text!r}: the rules give Dark Vision {rules.darkness.dark_vision_percent}% "
            "only (rules.toml darkness.dark_vision_percent)"
        )
    return Ability(
        key=key,
        name=effect.word,
        value=numbers[0] if numbers else None,
        kind=names[0] if names else None,
        computed=key not in TEXT_ONLY,
        text=vocabulary.word(effect.word).render(effect.args),
        effect=effect,
    )


def parse_abilities(rules: DomppaRules, text: str, separator: str = "|") -> tuple[Ability, ...]:
    """Several abilities separated by `|` (or `;`, an effects cell's separator); an empty text is
    no abilities."""
    parts = text.replace(";", separator).split(separator)
    return tuple(parse_ability(rules, part) for part in parts if part.strip())


def resist_against(rules: DomppaRules, abilities: tuple[Ability, ...], kind: str) -> int:
    """Resist X against a damage type: every `Resist <kind> X`, and Use Icarian Wings' Resist
    fire -5 when the character has it."""
    total = sum(a.value or 0 for a in abilities if a.key == "resist" and a.kind == kind)
    if kind == "fire" and any(a.key == "icarian_wings" for a in abilities):
        total += rules.abilities.icarian_wings_fire_resist
    return total


def ability_value(abilities: tuple[Ability, ...], key: str) -> int | None:
    """The X of an ability the character has (0 when it has it without a number), else None."""
    for ability in abilities:
        if ability.key == key:
            return ability.value or 0
    return None


# --- party morale ----------------------------------------------------------------------------


def party_morale_bonus(
    rules: DomppaRules, *, inspirational: list[int], standards: int
) -> tuple[int, list[str]]:
    """Inspirational X does not stack (the largest counts); Standard +1 does not stack with other
    standards; the two stack with each other."""
    if any(value < 0 for value in inspirational) or standards < 0:
        raise DomekitError("inspirational and standard counts must not be negative")
    best = max(inspirational, default=0)
    standard = rules.abilities.standard_morale if standards else 0
    steps = []
    if inspirational:
        steps.append(f"inspirational {', '.join(map(str, inspirational))}: the largest, +{best}")
    if standards:
        steps.append(f"{standards} standard(s): +{standard} (standards do not stack)")
    steps.append(f"party morale bonus +{best + standard}")
    return best + standard, steps


# --- heat aura, fire shield ------------------------------------------------------------------


def heat_aura_squares(level: int) -> list[tuple[int, int]]:
    """The squares of Heat Aura X as offsets from the character's square.

    Start from the square's sides, then fill out to a square, ring by ring, symmetrically: each
    level adds the 4 squares on the axes, then 8 squares at a time, then the 4 corners
    (4/8/12/20/24/28/36/44/48 squares ...).
    """
    if level < 1:
        raise DomekitError(f"heat aura level must be at least 1 (got {level})")
    squares: list[tuple[int, int]] = []
    levels = 0
    ring = 0
    while levels < level:
        ring += 1
        for offset in range(ring + 1):
            if levels == level:
                break
            squares += _ring_group(ring, offset)
            levels += 1
    return squares


def _ring_group(ring: int, offset: int) -> list[tuple[int, int]]:
    if offset == 0:
        return [(ring, 0), (-ring, 0), (0, ring), (0, -ring)]
    if offset == ring:
        return [(ring, ring), (ring, -ring), (-ring, ring), (-ring, -ring)]
    return [
        (x, y)
        for a, b in ((ring, offset), (offset, ring))
        for x, y in ((a, b), (a, -b), (-a, b), (-a, -b))
    ]


def heat_aura_area(rules: DomppaRules, level: int) -> int:
    """Squares covered by Heat Aura X: the rules' list, continued by its pattern.

    Counted, not listed, so any X answers at once: ring r (the squares at distance r) has r + 1
    groups, the 4 on the axes, r - 1 of 8 and the 4 corners, 8r squares in all; rings 1..r are
    r(r + 3) / 2 levels covering 4r(r + 1) squares.
    """
    areas = rules.abilities.heat_aura_areas
    if 1 <= level <= len(areas):
        return areas[level - 1]
    if level < 1:
        raise DomekitError(f"heat aura level must be at least 1 (got {level})")
    rings = (math.isqrt(9 + 8 * level) - 3) // 2  # the whole rings: r(r + 3) / 2 <= level
    groups = level - rings * (rings + 3) // 2  # of the next ring, fewer than its r + 2
    return 4 * rings * (rings + 1) + (4 + 8 * (groups - 1) if groups else 0)


def heat_aura_damage(
    rules: DomppaRules, *, roll_total: int, fire_resist: int = 0, roll_shows_six: bool = False
) -> Damage:
    """2d6 - 2 armour negating fire stun damage (the base 7 already counted): only fire resist
    applies, doubled because it is stun."""
    return resolve_damage(
        rules,
        damage_total=roll_total,
        strength=0,
        weapon_damage=0,
        protection=0,
        damage_type=DamageType.ARMOR_NEGATING,
        element=Element.FIRE,
        stun=True,
        resist=fire_resist,
        damage_shows_six=roll_shows_six,
        offset=rules.abilities.heat_aura_damage_offset,
    )


def fire_shield_damage(
    rules: DomppaRules,
    *,
    roll_total: int,
    fire_paths: int,
    protection: int,
    fire_resist: int = 0,
    roll_shows_six: bool = False,
) -> Damage:
    """One who strikes a Fire Shield takes 2d6 + 1 per fire path above one, fire damage, against
    its protection (the -7 is already in the formula)."""
    if fire_paths < 0:
        raise DomekitError(f"fire paths must not be negative (got {fire_paths})")
    return resolve_damage(
        rules,
        damage_total=roll_total,
        strength=0,
        weapon_damage=0,
        protection=protection,
        element=Element.FIRE,
        resist=fire_resist,
        damage_shows_six=roll_shows_six,
        bonus=max(0, fire_paths - rules.abilities.fire_shield_free_paths),
        offset=0,
    )


def heal_amount(level: int, *, hp: int, max_hp: int) -> int:
    """The heal action: "Heals a character in combat by as many HP as the healer level", never
    above its max HP."""
    if level < 0:
        raise DomekitError(f"healer level must not be negative (got {level})")
    return max(0, min(level, max_hp - hp))


# --- story mode ------------------------------------------------------------------------------


def healer_check(rules: DomppaRules, level: int, first: int, second: int) -> bool:
    """Once a day: 2d6 (plain); if both dice are at most the healer level, one affliction goes."""
    if level < 0:
        raise DomekitError(f"healer level must not be negative (got {level})")
    sides = rules.dice.sides
    check_plain_die(first, sides, "healer die")
    check_plain_die(second, sides, "healer die")
    return first <= level and second <= level


def recuperation_check(rules: DomppaRules, first: int, second: int) -> bool:
    """Recuperation works like Healer 2, on the character itself."""
    return healer_check(rules, rules.abilities.healer_recuperation_level, first, second)


def pillage_unrest(rules: DomppaRules, d6: int, pillage_bonus: int) -> int:
    """Unrest rises by (d6 + pillage bonus) x 5."""
    check_plain_die(d6, rules.abilities.pillage_die_sides, "pillage die")
    return (d6 + pillage_bonus) * rules.abilities.pillage_multiplier


def stealth_dice(rules: DomppaRules, stealth: int) -> int:
    """Every (full) 20 of stealth gives one stealth die."""
    if stealth < 0:
        raise DomekitError(f"stealth must not be negative (got {stealth})")
    return stealth // rules.abilities.stealth_per_die


def stealth_successes(rules: DomppaRules, stealth: int, faces: list[int]) -> int:
    """Each stealth die of 6+ is a success; the faces must be one per stealth die."""
    dice = stealth_dice(rules, stealth)
    if len(faces) != dice:
        raise DomekitError(f"stealth {stealth} gives {dice} stealth dice; got {len(faces)} faces")
    sides = rules.abilities.stealth_die_sides
    return sum(
        check_plain_die(face, sides, "stealth die") >= rules.abilities.stealth_success_from
        for face in faces
    )
