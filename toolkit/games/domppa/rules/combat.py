"""Domppa's Combat chapter (rules/domppa.en.md): Melee, Shooting, AoE spells, Damage types, Weapon
length, Armour types, Armour piercing and Armour negating: hitting, damage and a blow's outcome."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from toolkit.errors import RuleError
from toolkit.games.domppa.config import DomppaRules
from toolkit.games.domppa.rules.common import DamageType, Element, not_negative
from toolkit.games.domppa.rules.elements import NO_HARM, Harm, apply_element, effective_resist
from toolkit.games.domppa.rules.stats import cap_protection


def _percent_of_floor(value: int, percent: int) -> int:
    return value * percent // 100


@dataclass(frozen=True)
class Hit:
    hit: bool
    shield_hit: bool
    total: int
    target: int
    steps: list[str]


def _hit_with_shield(
    total: int, target_without_shield: int, shield_part: int, steps: list[str] | None
) -> Hit:
    """A tie or better hits; one that misses by no more than the shield's part hits the shield.

    `steps` None: no breakdown (explain=False); the outcome is the same.
    """
    target = target_without_shield + shield_part
    if steps is None:
        hit = total >= target_without_shield
        return Hit(hit, hit and total < target, total, target, [])
    if total >= target:
        steps.append(f"{total} >= {target}: hit")
        return Hit(True, False, total, target, steps)
    if total >= target_without_shield:
        steps.append(
            f"{total} < {target} but it misses only because of the shield "
            f"({total} >= {target_without_shield}): it hits the shield"
        )
        return Hit(True, True, total, target, steps)
    steps.append(f"{total} < {target}: miss")
    return Hit(False, False, total, target, steps)


def melee_hit(
    rules: DomppaRules,
    *,
    attack: int,
    defence: int,
    hit_total: int,
    parry: int = 0,
    explain: bool = True,
) -> Hit:
    """2d6 - 7 + attack skill vs defence + the shield's parry; a tie or better hits."""
    not_negative(parry=parry)
    offset = rules.melee.roll_offset
    total = hit_total - offset + attack
    if not explain:
        return _hit_with_shield(total, defence, parry, None)
    steps = [
        f"to hit: 2d6 {hit_total} - {offset} + attack {attack} = {total}",
        f"defence {defence} + parry {parry} = {defence + parry}",
    ]
    return _hit_with_shield(total, defence, parry, steps)


def touch_spell_hit(
    rules: DomppaRules, *, attack: int, defence: int, hit_total: int, parry: int = 0
) -> Hit:
    """Range 1 spells are touch spells: a normal attack roll with attack skill, not precision."""
    outcome = melee_hit(rules, attack=attack, defence=defence, hit_total=hit_total, parry=parry)
    return Hit(
        outcome.hit,
        outcome.shield_hit,
        outcome.total,
        outcome.target,
        ["touch spell: rolled as a melee attack with attack skill", *outcome.steps],
    )


def ranged_hit(
    rules: DomppaRules,
    *,
    precision: int,
    size: int,
    distance: int,
    hit_total: int,
    parry: int = 0,
    in_melee: bool = False,
    explain: bool = True,
) -> Hit:
    """2d6 + precision + target size vs 14 + distance + 2 x shield parry; a tie hits."""
    not_negative(size=size, distance=distance, parry=parry)
    if in_melee:
        raise RuleError("Shooting", "a character in melee may not shoot")
    total = hit_total + precision + size
    base = rules.ranged.target_base
    shield_part = parry * rules.ranged.parry_multiplier
    if not explain:
        return _hit_with_shield(total, base + distance, shield_part, None)
    steps = [
        f"to hit: 2d6 {hit_total} + precision {precision} + size {size} = {total}",
        f"target: {base} + distance {distance} + parry {parry} x {rules.ranged.parry_multiplier}"
        f" = {base + distance + shield_part}",
    ]
    return _hit_with_shield(total, base + distance, shield_part, steps)


@dataclass(frozen=True)
class Damage:
    """What one damaging blow does, from the damage roll to HP, fatigue and conditions."""

    roll: int
    attack_side: int
    protection: int
    damage: int
    hp_loss: int
    fatigue: int
    ignites: bool = False
    freeze_check: bool = False
    poison_schedule: list[int] = field(default_factory=list)
    paralysis_rounds: int = 0
    morale_test: bool = False
    steps: list[str] = field(default_factory=list)


def penetrate(rules: DomppaRules, protection: int, damage_type: DamageType) -> tuple[int, str]:
    """Protection left after piercing (20%), armour piercing (50%) or armour negating (100%).

    The part ignored rounds down, so the protection left rounds up: piercing vs 12 leaves 10.
    """
    not_negative(protection=protection)
    percent = {
        DamageType.PIERCING: rules.damage_types.piercing_ignores_percent,
        DamageType.ARMOR_PIERCING: rules.damage_types.armor_piercing_ignores_percent,
        DamageType.ARMOR_NEGATING: rules.damage_types.armor_negating_ignores_percent,
    }.get(damage_type)
    if percent is None:
        return protection, f"{damage_type.value}: protection stays {protection}"
    ignored = _percent_of_floor(protection, percent)
    left = protection - ignored
    return left, (
        f"{damage_type.value} ignores {percent}% of {protection} = {ignored} "
        f"(rounded down): protection {left}"
    )


def final_damage(
    rules: DomppaRules, damage: int, damage_type: DamageType, head: bool
) -> tuple[int, str | None]:
    """Slashing: x 1.25 rounded down; blunt: x 2 to the head."""
    not_negative(damage=damage)
    if damage_type is DamageType.SLASHING:
        percent = rules.damage_types.slashing_damage_percent
        result = _percent_of_floor(damage, percent)
        return result, f"slashing: {damage} x {percent}% rounded down = {result}"
    if damage_type is DamageType.BLUNT and head:
        multiplier = rules.damage_types.blunt_head_multiplier
        return (
            damage * multiplier,
            f"blunt to the head: {damage} x {multiplier} = {damage * multiplier}",
        )
    return damage, None


def damage_growth(rules: DomppaRules, damage_type: DamageType, head: bool) -> tuple[int, int]:
    """How `final_damage` grows: (period, growth) with final_damage(raw + period) =
    final_damage(raw) + growth for every raw damage above 0. Slashing's 125% rounded down adds 5
    every 4; blunt to the head adds 2 for 1; otherwise 1 for 1. (The odds sum the damage of
    unbounded rolls in closed form with it; tests check it against `final_damage`.)"""
    if damage_type is DamageType.SLASHING:
        percent = rules.damage_types.slashing_damage_percent
        common = math.gcd(percent, 100)
        return 100 // common, percent // common
    if damage_type is DamageType.BLUNT and head:
        return 1, rules.damage_types.blunt_head_multiplier
    return 1, 1


def resolve_damage(
    rules: DomppaRules,
    *,
    damage_total: int,
    strength: int,
    weapon_damage: int,
    protection: int,
    damage_type: DamageType = DamageType.NONE,
    element: Element = Element.NONE,
    stun: bool = False,
    resist: int = 0,
    head: bool = False,
    damage_shows_six: bool = False,
    size: int = 0,
    bonus: int = 0,
    offset: int | None = None,
    explain: bool = True,
) -> Damage:
    """2d6 - 7 + strength + weapon damage (+ bonus) vs protection; the defender takes the excess.

    `protection` is the total the rules add up (armour or helmet + natural + shield), before the
    over-20 halving, which is applied here; then the damage type's penetration; then Resist X,
    which armour piercing and armour negating do not reduce. The attack side must be strictly
    greater. `offset` replaces the 7 for damage formulas that say so (fire shield, heat aura).
    `explain=False`: the same outcome with empty `steps`.
    """
    not_negative(protection=protection, weapon_damage=weapon_damage, size=size)
    offset = rules.melee.damage_roll_offset if offset is None else offset
    attack_side = _attack_side(damage_total, offset, strength, weapon_damage, bonus)
    steps: list[str] | None = None
    if explain:
        text = f"damage: 2d6 {damage_total}"
        for label, value in (("-", offset), ("+ strength", strength), ("+ weapon", weapon_damage)):
            if value:
                text += f" {label} {value}"
        if bonus:
            text += f" + bonus {bonus}"
        steps = [f"{text} = {attack_side}"]
    final_protection = _final_protection(
        rules, protection, damage_type, element, stun, resist, steps
    )
    harm = _harm_past(
        rules, attack_side, final_protection, damage_type, element, stun, head,
        damage_shows_six, size, steps,
    )  # fmt: skip
    return Damage(
        roll=damage_total,
        attack_side=attack_side,
        protection=final_protection,
        damage=harm.damage,
        hp_loss=harm.hp_loss,
        fatigue=harm.fatigue,
        ignites=harm.ignites,
        freeze_check=harm.freeze_check,
        poison_schedule=list(harm.poison_schedule),
        paralysis_rounds=harm.paralysis_rounds,
        morale_test=harm.hp_loss > 0,
        steps=[] if steps is None else steps,
    )


def _attack_side(
    damage_total: int, offset: int, strength: int, weapon_damage: int, bonus: int
) -> int:
    return damage_total - offset + strength + weapon_damage + bonus


def _final_protection(
    rules: DomppaRules,
    protection: int,
    damage_type: DamageType,
    element: Element,
    stun: bool,
    resist: int,
    steps: list[str] | None,
) -> int:
    """The defender's side of the damage step, the same for every damage roll: the over-20
    halving, the damage type's penetration, then Resist X; never below 0. `steps` None: no
    breakdown."""
    capped = cap_protection(rules, protection)
    left, step = penetrate(rules, capped.effective, damage_type)
    resist_now = effective_resist(rules, resist, element, stun)
    final_protection = left + resist_now
    if steps is not None:
        steps += capped.steps
        if damage_type is not DamageType.NONE and left != capped.effective:
            steps.append(step)
        if resist:
            doubled = " (doubled: stun)" if resist_now != resist else ""
            steps.append(
                f"resist {element.value} {resist}{doubled}: protection {left} + {resist_now} = "
                f"{final_protection}"
            )
    return max(0, final_protection)


def _harm_past(
    rules: DomppaRules,
    attack_side: int,
    protection: int,
    damage_type: DamageType,
    element: Element,
    stun: bool,
    head: bool,
    shows_six: bool,
    size: int,
    steps: list[str] | None,
) -> Harm:
    """The roll's side of the damage step: the attack side must be strictly greater than the
    final protection; then the damage type's multiplier and the element."""
    raw = attack_side - protection
    if raw <= 0:
        if steps is not None:
            steps.append(f"{attack_side} is not greater than protection {protection}: no damage")
        return NO_HARM
    damage, step_type = final_damage(rules, raw, damage_type, head)
    if steps is not None:
        steps.append(f"{attack_side} - {protection} = {raw} damage")
        if step_type:
            steps.append(step_type)
    return apply_element(rules, damage, element, stun, shows_six, size, steps)


@dataclass(frozen=True)
class Strike:
    """A hit and, when it lands, its damage."""

    hit: Hit
    damage: Damage | None
    steps: list[str]

    @property
    def damage_done(self) -> int:
        return self.damage.damage if self.damage is not None else 0


@dataclass(frozen=True)
class Blow:
    """The attacker's side of the damage: strength, weapon, damage type and element."""

    strength: int
    weapon_damage: int
    damage_type: DamageType = DamageType.NONE
    element: Element = Element.NONE
    stun: bool = False
    bonus: int = 0


@dataclass(frozen=True)
class Guard:
    """The defender's side of the damage: protection total (before halving), shield, resist."""

    protection: int
    shield_protection: int = 0
    resist: int = 0
    size: int = 0


def hit_damage(
    rules: DomppaRules,
    hit: Hit,
    blow: Blow,
    guard: Guard,
    *,
    damage_total: int,
    damage_shows_six: bool = False,
    head: bool = False,
    explain: bool = True,
) -> Damage | None:
    """The damage of this hit: None for a miss; a shield hit adds the shield's protection to the
    defender's. `explain=False`: the same outcome with empty `steps`."""
    if not hit.hit:
        return None
    protection = guard.protection + (guard.shield_protection if hit.shield_hit else 0)
    damage = resolve_damage(
        rules,
        damage_total=damage_total,
        strength=blow.strength,
        weapon_damage=blow.weapon_damage,
        protection=protection,
        damage_type=blow.damage_type,
        element=blow.element,
        stun=blow.stun,
        resist=guard.resist,
        head=head,
        damage_shows_six=damage_shows_six,
        size=guard.size,
        bonus=blow.bonus,
        explain=explain,
    )
    if explain and hit.shield_hit and guard.shield_protection:
        shield = (
            f"shield hit: protection {guard.protection} + shield {guard.shield_protection}"
            f" = {protection}"
        )
        return replace(damage, steps=[shield, *damage.steps])
    return damage


def hit_damages(
    rules: DomppaRules,
    blow: Blow,
    guard: Guard,
    rolls: Iterable[tuple[int, bool]],
    *,
    head: bool = False,
) -> dict[bool, dict[tuple[int, bool], Harm]]:
    """What a hit does for each (damage total, whether the roll showed a 6): under `False` for a
    clean hit, under `True` for a shield hit (the shield's protection added). The numbers of
    `hit_damage` for each roll, without a breakdown: the defender's side (halving, penetration,
    resist) is worked out once per kind of hit, and rolls whose attack side passes the final
    protection by as much (or not at all) share one answer."""
    not_negative(
        protection=guard.protection,
        shield_protection=guard.shield_protection,
        weapon_damage=blow.weapon_damage,
        size=guard.size,
    )
    offset = rules.melee.damage_roll_offset
    sides = [
        (roll, _attack_side(roll[0], offset, blow.strength, blow.weapon_damage, blow.bonus))
        for roll in rolls
    ]
    by_margin: dict[tuple[int, bool], Harm] = {}
    tables: dict[bool, dict[tuple[int, bool], Harm]] = {}
    for shield_hit in (False, True):
        protection = guard.protection + (guard.shield_protection if shield_hit else 0)
        final_protection = _final_protection(
            rules, protection, blow.damage_type, blow.element, blow.stun, guard.resist, None
        )
        table = tables[shield_hit] = {}
        for roll, attack_side in sides:
            margin = (max(0, attack_side - final_protection), roll[1])  # 0: no damage
            harm = by_margin.get(margin)
            if harm is None:
                harm = by_margin[margin] = _harm_past(
                    rules, attack_side, final_protection, blow.damage_type, blow.element,
                    blow.stun, head, roll[1], guard.size, None,
                )  # fmt: skip
            table[roll] = harm
    return tables


def melee_outcome(
    rules: DomppaRules,
    *,
    attack: int,
    defence: int,
    blow: Blow,
    guard: Guard,
    hit_total: int,
    damage_total: int,
    damage_shows_six: bool = False,
    head: bool = False,
    parry: int = 0,
) -> Strike:
    """One melee blow from the 2d6 totals: hit (shield hit), then damage."""
    hit = melee_hit(rules, attack=attack, defence=defence, hit_total=hit_total, parry=parry)
    damage = hit_damage(
        rules, hit, blow, guard, damage_total=damage_total,
        damage_shows_six=damage_shows_six, head=head,
    )  # fmt: skip
    return Strike(hit, damage, [*hit.steps, *(damage.steps if damage else [])])


def ranged_outcome(
    rules: DomppaRules,
    *,
    precision: int,
    size: int,
    distance: int,
    blow: Blow,
    guard: Guard,
    hit_total: int,
    damage_total: int,
    damage_shows_six: bool = False,
    head: bool = False,
    parry: int = 0,
    in_melee: bool = False,
) -> Strike:
    """One shot: the ranged hit, then damage as in melee."""
    hit = ranged_hit(
        rules,
        precision=precision,
        size=size,
        distance=distance,
        hit_total=hit_total,
        parry=parry,
        in_melee=in_melee,
    )
    damage = hit_damage(
        rules, hit, blow, guard, damage_total=damage_total,
        damage_shows_six=damage_shows_six, head=head,
    )  # fmt: skip
    return Strike(hit, damage, [*hit.steps, *(damage.steps if damage else [])])


@dataclass(frozen=True)
class Scatter:
    total: int
    target: int
    squares: int
    steps: list[str]


def aoe_scatter(
    rules: DomppaRules, *, roll_total: int, precision: int, distance: int, size: int = 0
) -> Scatter:
    """((2d6 + precision - 14 - distance/2) / 2): a roll short of the target scatters half the
    shortfall (rounded down) in squares, in a Blood Bowl bounce direction; no shield counts."""
    not_negative(distance=distance, size=size)
    config = rules.aoe
    total = roll_total + precision + size
    target = config.target_base + distance // config.distance_divisor
    shortfall = max(0, target - total)
    squares = shortfall // config.scatter_divisor
    text = f"2d6 {roll_total} + precision {precision}"
    if size:
        text += f" + size {size}"
    return Scatter(
        total,
        target,
        squares,
        [
            f"{text} = {total}",
            f"target {config.target_base} + distance {distance} / {config.distance_divisor}"
            f" = {target}",
            f"short by {shortfall}: / {config.scatter_divisor} rounded down = {squares} squares"
            + (" (on target)" if squares == 0 else " of scatter"),
        ],
    )


def decay_strike(rules: DomppaRules, *, decay: bool, falls: bool) -> list[str]:
    """ "If a character falls to a decay strike, the affliction tables are rolled in addition to
    the normal injury, but the injury roll gets a +2 modifier" (the tables are not in the rules:
    the steps say what to roll)."""
    if not (decay and falls):
        return []
    modifier = rules.decay.injury_modifier
    return [
        f"fell to a decay strike: roll the affliction tables as well as the injury; the injury "
        f"roll {modifier:+d} (an affliction from the injury: the decay strikes the same body part)"
    ]


def two_weapon_penalty(lengths: list[int], ambidextrous: int = 0) -> tuple[int, str]:
    """Two-weapon fighting: the sum of the weapons' lengths is a penalty to hit; Ambidextrous X
    reduces it by X (not below 0). A single weapon has no penalty."""
    for length in lengths:
        not_negative(weapon_length=length)
    not_negative(ambidextrous=ambidextrous)
    if len(lengths) < 2:
        return 0, "one weapon: no two-weapon penalty"
    penalty = max(0, sum(lengths) - ambidextrous)
    return penalty, (
        f"weapon lengths {' + '.join(map(str, lengths))} - ambidextrous {ambidextrous}"
        f" = -{penalty} to hit"
    )


def strikes_first(
    *, defender_length: int, charger_length: int, defender_already_in_melee: bool
) -> bool:
    """Charged by a shorter weapon, the defender with the longer weapon strikes first, unless it
    was already in melee."""
    return defender_length > charger_length and not defender_already_in_melee
