"""Domppa's rules as pure functions: stats, hits, damage, morale, fear, awe, magic, lances.

Every function takes the validated rule numbers (`DomppaRules`, from card_data/domppa/rules.toml)
and the totals the players rolled, and returns a frozen outcome with `steps`, the breakdown a
player can check by hand. No I/O and no dice inside: the dice come in as totals (see dice.py for
reading the faces players type), so an odds engine can call these for every possible total.
The functions the odds engine calls for every total take `explain=False`: the same outcome with
empty `steps`, since the breakdown's text costs far more than the arithmetic; and `hit_damages`
works the damage of one hit out for many rolls at once (the defender's side only once).
Rule text: rules/domppa.en.md; readings of unclear points: RULINGS.md, docs/rulings/domppa.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import NamedTuple

from toolkit.errors import DomekitError, RuleError
from toolkit.games.domppa.config import DomppaRules


class DamageType(StrEnum):
    """The weapon's damage type, chosen before rolling to hit."""

    NONE = "none"
    BLUNT = "blunt"
    PIERCING = "piercing"
    SLASHING = "slashing"
    ARMOR_PIERCING = "armor-piercing"
    ARMOR_NEGATING = "armor-negating"


class Element(StrEnum):
    """What the damage does besides (or instead of) taking HP."""

    NONE = "none"
    FIRE = "fire"
    COLD = "cold"
    POISON = "poison"
    PARALYSIS = "paralysis"


def not_negative(**values: int) -> None:
    """A clear error for any negative stat, named as the keyword says."""
    for name, value in values.items():
        if value < 0:
            raise DomekitError(f"{name.replace('_', ' ')} must not be negative (got {value})")


def _percent_of_floor(value: int, percent: int) -> int:
    return value * percent // 100


# --- stats -----------------------------------------------------------------------------------


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


def grid_range(rules: DomppaRules, listed_range: int) -> int:
    """ "Ranges of weapons and spells are halved" (rounded down) to fit the grid."""
    not_negative(range=listed_range)
    return listed_range // rules.ranged.range_divisor


# --- hitting ---------------------------------------------------------------------------------


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


# --- damage ----------------------------------------------------------------------------------


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


def effective_resist(rules: DomppaRules, resist: int, element: Element, stun: bool) -> int:
    """Resist X against the element; elemental resistances count double against stun damage."""
    if stun and element.value in rules.elements.elemental:
        return resist * rules.elements.stun_resistance_multiplier
    return resist


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


class Harm(NamedTuple):
    """What one blow's damage does, without the roll and the breakdown: the numbers of `Damage`
    that the odds weigh (a tuple, so equal outcomes merge)."""

    damage: int
    hp_loss: int
    fatigue: int
    ignites: bool = False
    freeze_check: bool = False
    poison_schedule: tuple[int, ...] = ()
    paralysis_rounds: int = 0


NO_HARM = Harm(0, 0, 0)


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
    return _apply_element(rules, damage, element, stun, shows_six, size, steps)


def _apply_element(
    rules: DomppaRules,
    damage: int,
    element: Element,
    stun: bool,
    shows_six: bool,
    size: int,
    steps: list[str] | None,
) -> Harm:
    hp_loss, fatigue = (0, damage) if stun else (damage, 0)
    if stun and steps is not None:
        steps.append(f"stun: {damage} fatigue instead of HP")
    ignites = freeze_check = False
    schedule: tuple[int, ...] = ()
    rounds = 0
    if element is Element.NONE:
        pass
    elif element is Element.FIRE:
        ignites = shows_six
        if steps is not None:
            steps.append(
                f"fire: the damage roll held a {rules.fire.ignites_on_face}, the character "
                "catches fire"
                if ignites
                else f"fire: no {rules.fire.ignites_on_face} in the damage roll, no burning"
            )
    elif element is Element.COLD:
        freeze_check = True
        if steps is not None:
            steps.append(
                f"cold: roll a d{rules.cold.freeze_die_sides}; {rules.cold.freezes_from}+ freezes"
            )
    elif element is Element.POISON and not stun:
        schedule = tuple(poison_schedule(rules, damage, explain=steps is not None).schedule)
        hp_loss = 0
        if steps is not None:
            steps.append(f"poison: {damage} taken over turns: {', '.join(map(str, schedule))}")
    elif element is Element.PARALYSIS:
        rounds = paralysis_rounds(rules, damage, size).rounds
        if not rules.paralysis.also_takes_hp:
            hp_loss = 0
        if steps is not None:
            steps.append(
                f"paralysis: ({damage} - size {size}) / {rules.paralysis.divisor} = {rounds} rounds"
            )
    if hp_loss and steps is not None:
        steps.append(f"{hp_loss} HP lost: test morale")
    # _make: the tuple built directly (the odds build hundreds of these a query)
    return Harm._make((damage, hp_loss, fatigue, ignites, freeze_check, schedule, rounds))


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


# --- poison and paralysis --------------------------------------------------------------------


@dataclass(frozen=True)
class Poison:
    total: int
    schedule: list[int]
    steps: list[str]


def poison_schedule(rules: DomppaRules, total: int, *, explain: bool = True) -> Poison:
    """Each turn 10% of what is left, rounded up, never more than is left, until none is left."""
    not_negative(poison_damage=total)
    percent = rules.poison.percent_per_turn
    left = total
    schedule: list[int] = []
    steps: list[str] = []
    while left > 0:
        now = min(left, -(-left * percent // 100))
        if explain:
            steps.append(f"turn {len(schedule) + 1}: {percent}% of {left} rounded up = {now}")
        schedule.append(now)
        left -= now
    if explain:
        steps.append(f"{total} damage over {len(schedule)} turns")
    return Poison(total, schedule, steps)


@dataclass(frozen=True)
class Paralysis:
    rounds: int
    steps: list[str]


def paralysis_rounds(rules: DomppaRules, damage: int, size: int) -> Paralysis:
    """(Damage - size) / 2 rounds, rounded down, at least 0; no acting and defence 0 meanwhile."""
    not_negative(damage=damage, size=size)
    divisor = rules.paralysis.divisor
    rounds = max(0, (damage - size) // divisor)
    return Paralysis(
        rounds, [f"({damage} - size {size}) / {divisor} rounded down = {rounds} rounds"]
    )


# --- morale, fear, awe -----------------------------------------------------------------------


def missing_hp_penalty(
    rules: DomppaRules, max_hp: int, hp: int, *, explain: bool = True
) -> tuple[int, str]:
    """The smaller of the missing HP and the started 10% steps of max HP that are missing.

    `explain=False`: the same penalty with an empty text."""
    not_negative(max_hp=max_hp, hp=hp)
    if max_hp == 0:
        raise DomekitError("max HP must be at least 1")
    if hp > max_hp:
        raise DomekitError(f"HP {hp} is above max HP {max_hp}")
    missing = max_hp - hp
    percent = rules.morale.missing_step_percent
    started = -(-missing * 100 // (max_hp * percent))
    penalty = min(missing, started)
    if not explain:
        return penalty, ""
    return penalty, (
        f"missing {missing} HP of {max_hp}: {started} started {percent}% steps; "
        f"the more favourable is {penalty}"
    )


@dataclass(frozen=True)
class MoraleTest:
    total: int
    target: int
    passed: bool
    penalty: int
    steps: list[str]

    @property
    def fleeing(self) -> bool:
        return not self.passed


def morale_test(
    rules: DomppaRules,
    *,
    morale: int,
    max_hp: int,
    hp: int,
    roll_total: int,
    bonus: int = 0,
    explain: bool = True,
) -> MoraleTest:
    """2d6 + morale (+ party bonuses) vs 12 + missing-HP penalty; a tie passes."""
    penalty, step = missing_hp_penalty(rules, max_hp, hp, explain=explain)
    target = rules.morale.target_base + penalty
    total = roll_total + morale + bonus
    if not explain:
        return MoraleTest(total, target, total >= target, penalty, [])
    text = f"2d6 {roll_total} + morale {morale}"
    if bonus:
        text += f" + bonus {bonus}"
    passed = total >= target
    verdict = (
        "passed"
        if passed
        else f"failed: flees (-{rules.morale.fleeing_penalty} attack and defence)"
    )
    return MoraleTest(
        total,
        target,
        passed,
        penalty,
        [
            step,
            f"target {rules.morale.target_base} + {penalty} = {target}",
            f"{text} = {total}",
            f"{total} {'>=' if passed else '<'} {target}: {verdict}",
        ],
    )


def rally(
    rules: DomppaRules, *, morale: int, max_hp: int, hp: int, roll_total: int, bonus: int = 0
) -> MoraleTest:
    """A rallied character re-rolls its morale; on a success the penalties go at once."""
    test = morale_test(
        rules, morale=morale, max_hp=max_hp, hp=hp, roll_total=roll_total, bonus=bonus
    )
    after = (
        "rallied: the penalties go now; it acts on its own next turn"
        if test.passed
        else "still fleeing"
    )
    return MoraleTest(test.total, test.target, test.passed, test.penalty, [*test.steps, after])


@dataclass(frozen=True)
class FearTest:
    fear: int
    total: int
    target: int
    broken: bool
    steps: list[str]


def fear_test(
    rules: DomppaRules,
    *,
    fear: int,
    morale: int,
    max_hp: int,
    hp: int,
    roll_total: int,
    death_paths: int = 0,
) -> FearTest:
    """2d6 + fear/5 (rounded down) vs morale - missing-HP penalty; the fear wins a tie."""
    not_negative(fear=fear, death_paths=death_paths)
    value = fear + death_paths * rules.fear.per_death_path
    penalty, step = missing_hp_penalty(rules, max_hp, hp)
    bonus = value // rules.fear.divisor
    total = roll_total + bonus
    target = morale - penalty
    broken = total >= target
    steps = []
    if death_paths:
        steps.append(f"fear {fear} + {death_paths} Death path(s) = {value}")
    steps += [
        f"2d6 {roll_total} + fear {value} / {rules.fear.divisor} ({bonus}) = {total}",
        step,
        f"morale {morale} - {penalty} = {target}",
        f"{total} {'>=' if broken else '<'} {target}: "
        + ("broken: flees from the one causing the fear" if broken else "stands"),
    ]
    return FearTest(value, total, target, broken, steps)


@dataclass(frozen=True)
class AweTest:
    total: int
    target: int
    may_strike: bool
    steps: list[str]


def awe_test(rules: DomppaRules, *, morale: int, awe: int, roll_total: int) -> AweTest:
    """To strike one with Awe X: 2d6 - 7 + morale vs 10 + X; a tie passes."""
    not_negative(awe=awe)
    total = roll_total - rules.awe.roll_offset + morale
    target = rules.awe.target_base + awe
    may = total >= target
    return AweTest(
        total,
        target,
        may,
        [
            f"2d6 {roll_total} - {rules.awe.roll_offset} + morale {morale} = {total}",
            f"target {rules.awe.target_base} + awe {awe} = {target}",
            f"{total} {'>=' if may else '<'} {target}: "
            + ("may strike" if may else "may not strike"),
        ],
    )


# --- magic, lances, AoE, weapons --------------------------------------------------------------


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


def lance_bonus(rules: DomppaRules, straight_squares: int) -> int:
    """+1 damage per square moved straight."""
    not_negative(straight_squares=straight_squares)
    return straight_squares * rules.lance.bonus_per_square


@dataclass(frozen=True)
class LanceBreakage:
    total: int
    result: str  # "broken", "dropped" or "whole"
    steps: list[str]


def lance_breakage(
    rules: DomppaRules,
    *,
    attack: int,
    target_protection: int,
    roll_total: int,
    modifiers: int = 0,
) -> LanceBreakage:
    """2d6 + attack skill + modifiers, -1 per 5 points of the target's armour above the base 7.

    Below 17: broken; 17-19: dropped but whole; 20+: whole.
    """
    not_negative(target_protection=target_protection)
    base = rules.protection.base
    armour = max(0, target_protection - base)
    penalty = armour // rules.lance.protection_step
    total = roll_total + attack + modifiers - penalty
    if total < rules.lance.broken_below:
        result = "broken"
    elif total < rules.lance.whole_from:
        result = "dropped"
    else:
        result = "whole"
    text = f"2d6 {roll_total} + attack {attack}"
    if modifiers:
        text += f" + modifiers {modifiers}"
    return LanceBreakage(
        total,
        result,
        [
            f"armour {target_protection} - base {base} = {armour}: -1 per "
            f"{rules.lance.protection_step} = -{penalty}",
            f"{text} - {penalty} = {total}",
            f"below {rules.lance.broken_below}: broken; {rules.lance.broken_below}-"
            f"{rules.lance.whole_from - 1}: dropped but whole; {rules.lance.whole_from}+: whole"
            f" -> {result}",
        ],
    )


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
