"""Domppa's Stats and Size chapters (rules/domppa.en.md): hit points, size, night rest, protection,
encumbrance, action points, armour tiers, grid ranges, and magic penetration (MR)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from toolkit.errors import RuleError
from toolkit.games.domppa.config import DomppaRules
from toolkit.games.domppa.rules.common import not_negative


@dataclass(frozen=True)
class HitPoints:
    health: int
    hp: int
    steps: list[str]


def hit_points(rules: DomppaRules, health: int) -> HitPoints:
    """Health -> HP by the tiered formula: 1-5 give 1 each, 6-10 give 2 each, 11-20 3 each..."""
    not_negative(health=health)
    tiers = rules.hit_points.tiers
    if health > tiers[-1].to:
        raise RuleError("Stats: Health", f"the Health table stops at {tiers[-1].to} (got {health})")
    hp = 0
    steps: list[str] = []
    for tier in tiers:
        if health < tier.from_:
            break
        points = min(health, tier.to) - tier.from_ + 1
        hp += points * tier.hp_each
        steps.append(
            f"Health {tier.from_}-{tier.to}: {points} x {tier.hp_each} HP = {points * tier.hp_each}"
        )
    steps.append(f"HP = {hp}")
    return HitPoints(health=health, hp=hp, steps=steps)


@dataclass(frozen=True)
class Size:
    size: int
    from_data: bool
    steps: list[str]


def unit_size(rules: DomppaRules, max_hp: int, size: int | None = None) -> Size:
    """The unit's size: its data's size, else read from max HP by the rules' size table."""
    not_negative(max_hp=max_hp)
    if size is not None:
        not_negative(size=size)
        return Size(size=size, from_data=True, steps=[f"size {size} from the unit's data"])
    for step in rules.size.table:
        if max_hp <= step.max_hp_up_to:
            return Size(
                size=step.size,
                from_data=False,
                steps=[f"max HP {max_hp} <= {step.max_hp_up_to}: size {step.size}"],
            )
    largest = rules.size.largest
    last = rules.size.table[-1].max_hp_up_to if rules.size.table else -1
    return Size(size=largest, from_data=False, steps=[f"max HP {max_hp} > {last}: size {largest}"])


def fits_in_square(rules: DomppaRules, sizes: list[int]) -> bool:
    """ "A square holds characters of total size 3"."""
    return sum(sizes) <= rules.size.square_capacity


def night_rest(rules: DomppaRules, hp: int, max_hp: int) -> int:
    """HP after a night's rest: lost HP heal, at most half of max HP (rounded down)."""
    not_negative(hp=hp, max_hp=max_hp)
    return min(max_hp, hp + max_hp // rules.hit_points.night_rest_fraction_divisor)


@dataclass(frozen=True)
class Protection:
    total: int
    effective: int
    steps: list[str]


def cap_protection(rules: DomppaRules, total: int) -> Protection:
    """ "If the total exceeds 20, the excess is halved" (rounded down)."""
    not_negative(protection=total)
    cap = rules.protection.cap
    if total <= cap:
        return Protection(total, total, [f"protection {total} (not over {cap})"])
    effective = cap + (total - cap) // rules.protection.excess_divisor
    return Protection(
        total,
        effective,
        [
            f"protection {total} is over {cap}: {cap} + ({total} - {cap}) / "
            f"{rules.protection.excess_divisor} rounded down = {effective}"
        ],
    )


def protection_total(
    rules: DomppaRules,
    *,
    body: int,
    head: int,
    natural: int,
    head_hit: bool,
    shield: int = 0,
    bonus: int = 0,
) -> Protection:
    """Body armour (or the helmet on a head hit) + natural (+ shield on a shield hit, + berserk)."""
    not_negative(body=body, head=head, natural=natural, shield=shield)
    worn, where = (head, "helmet") if head_hit else (body, "body armour")
    total = worn + natural + shield + bonus
    parts = f"{where} {worn} + natural {natural}"
    if shield:
        parts += f" + shield {shield}"
    if bonus:
        parts += f" + bonus {bonus}"
    capped = cap_protection(rules, total)
    return Protection(total, capped.effective, [f"{parts} = {total}", *capped.steps])


@dataclass(frozen=True)
class Encumbrance:
    equipment_encumbrance: int
    encumbrance: int
    spell_encumbrance: int
    ap: int
    steps: list[str]


def encumbrance(
    rules: DomppaRules, equipment_encumbrance: int, basic_encumbrance: int | None = None
) -> Encumbrance:
    """Encumbrance 3 + equipment; spell casting 3 + 2 x equipment; AP 12 - equipment (>= 0).

    Basic Encumbrance X replaces the 3 in both; it does not change the action points.
    """
    not_negative(equipment_encumbrance=equipment_encumbrance)
    base = rules.encumbrance.base if basic_encumbrance is None else basic_encumbrance
    not_negative(basic_encumbrance=base)
    multiplier = rules.encumbrance.spell_equipment_multiplier
    load = base + equipment_encumbrance
    spell = base + equipment_encumbrance * multiplier
    ap = action_points(rules, equipment_encumbrance)
    return Encumbrance(
        equipment_encumbrance=equipment_encumbrance,
        encumbrance=load,
        spell_encumbrance=spell,
        ap=ap.ap,
        steps=[
            f"encumbrance = {base} + {equipment_encumbrance} = {load}",
            f"spell casting encumbrance = {base} + {equipment_encumbrance} x {multiplier}"
            f" = {spell}",
            *ap.steps,
        ],
    )


@dataclass(frozen=True)
class ActionPoints:
    ap: int
    steps: list[str]


def action_points(rules: DomppaRules, equipment_encumbrance: int, bonus: int = 0) -> ActionPoints:
    """AP = 12 - equipment encumbrance (+ Fire Power), never below 0."""
    not_negative(equipment_encumbrance=equipment_encumbrance)
    base = rules.action_points.base
    ap = max(0, base - equipment_encumbrance + bonus)
    text = f"AP = {base} - {equipment_encumbrance}"
    if bonus:
        text += f" + {bonus}"
    return ActionPoints(ap, [f"{text} = {ap}" + (" (never below 0)" if ap == 0 else "")])


def armour_tier(rules: DomppaRules, armour_encumbrance: int) -> int:
    """Armour tiers by encumbrance: 0, 1, 2, 3 and 4+; wearing one needs that tier's proficiency
    or a higher one."""
    not_negative(armour_encumbrance=armour_encumbrance)
    return min(armour_encumbrance, rules.armour.top_tier)


def helmet_is_heavy(rules: DomppaRules, helmet_protection: int) -> bool:
    """Helmets of protection 15 or more are heavy, weaker ones light."""
    return helmet_protection >= rules.armour.heavy_helmet_from


HelmetProficiency = Literal["none", "light", "heavy"]
HELMET_PROFICIENCIES: tuple[HelmetProficiency, ...] = ("none", "light", "heavy")


def may_wear(
    rules: DomppaRules, slot: str, protection: int, armour_encumbrance: int, proficiency: int | str
) -> tuple[bool, str]:
    """ "Wearing an armour needs the matching or a higher proficiency": body armour's tier (by
    encumbrance) against the armour proficiency (a tier); a helmet against the helmet proficiency
    ("Proficiency in heavy helmets also allows light ones"). (allowed, why)."""
    if slot == "head":
        heavy = helmet_is_heavy(rules, protection)
        needed: tuple[str, ...] = ("heavy",) if heavy else ("light", "heavy")
        weight = "heavy" if heavy else "light"
        if proficiency in needed:
            return True, f"a {weight} helmet: {proficiency} helmet proficiency suffices"
        return False, (
            f"a {weight} helmet (protection {protection}) needs {' or '.join(needed)} helmet "
            f"proficiency; it has {proficiency}"
        )
    tier = armour_tier(rules, armour_encumbrance)
    top = rules.armour.top_tier
    shown = f"{tier}+" if tier == top else str(tier)
    if isinstance(proficiency, int) and proficiency >= tier:
        return True, f"tier {shown} armour: proficiency {proficiency} suffices"
    return False, f"tier {shown} armour (encumbrance {armour_encumbrance}) needs armour " + (
        f"proficiency {tier} or higher; it has {proficiency}"
    )


def grid_range(rules: DomppaRules, listed_range: int) -> int:
    """ "Ranges of weapons and spells are halved" (rounded down) to fit the grid."""
    not_negative(range=listed_range)
    return listed_range // rules.ranged.range_divisor


@dataclass(frozen=True)
class Penetration:
    total: int
    target: int
    penetrates: bool
    steps: list[str]


def magic_penetration(
    rules: DomppaRules,
    *,
    magic_resistance: int,
    spell_path: int,
    additional_path: int,
    roll_total: int,
) -> Penetration:
    """2d6 + 3 + (additional spell path)/2 vs MR + (spell path)/2, halves rounded down; a tie
    penetrates."""
    not_negative(magic_resistance=magic_resistance, spell_path=spell_path)
    not_negative(additional_path=additional_path)
    config = rules.magic_resistance
    extra = additional_path // config.path_divisor
    total = roll_total + config.penetration_base + extra
    target = magic_resistance + spell_path // config.path_divisor
    penetrates = total >= target
    return Penetration(
        total,
        target,
        penetrates,
        [
            f"2d6 {roll_total} + {config.penetration_base} + additional path {additional_path}"
            f" / {config.path_divisor} ({extra}) = {total}",
            f"MR {magic_resistance} + spell path {spell_path} / {config.path_divisor} = {target}",
            f"{total} {'>=' if penetrates else '<'} {target}: "
            + ("penetrates" if penetrates else "resisted"),
        ],
    )
