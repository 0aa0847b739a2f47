"""A Domppa attack in a combat (match.py's `attack`): a melee blow or a shot, with what the cards
and the rules add to it.

- The weapon: the one named, else the one held, else none: an unarmed blow (rules.toml
  [unarmed]: the rules give none).
- "the character may attack with the weapons it holds": an attack costs every AP left, at least
  one; a character holding two weapons then strikes with the second in the same attack, at no
  AP; both blows take the two-weapon penalty ("the sum of the weapons' lengths is a penalty to
  hit rolls", less Ambidextrous X).
- "If a character with a long weapon is charged by one with a shorter weapon, the defender with
  the longer weapon strikes first, unless it was already in melee": a charge (`charge`, the
  squares moved straight) at a target holding a longer weapon gives it the first blow.
- Lances: "+1 bonus damage per square moved" straight; "A lance can break when it strikes: roll
  2d6 + attack skill + modifiers to keep it whole".
- Decay: "If a character falls to a decay strike, the affliction tables are rolled in addition to
  the normal injury, but the injury roll gets a +2 modifier."
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from toolkit.errors import DomekitError, RuleError
from toolkit.games.domppa import conditions as cond
from toolkit.games.domppa import rules as engine
from toolkit.games.domppa.abilities import resist_against
from toolkit.games.domppa.actions import Attack, Dice
from toolkit.games.domppa.data import UNARMED, ShieldRow, WeaponRow
from toolkit.games.domppa.dice import Roll
from toolkit.games.domppa.state import (
    RULE_ATTACK,
    Combatant,
    LastAttack,
    MatchState,
    Outcome,
    fighting,
    fighting_unit,
    held_weapons,
    lose_hp,
    shield_named,
    size_now,
    unarmed,
    weapon_named,
    with_units,
)
from toolkit.games.domppa.table_dice import TableDice

RULE_FIRST = "Weapon length: the longer weapon strikes first when charged"
RULE_SECOND = "Action Points: the character may attack with the weapons it holds"


@dataclass(frozen=True)
class AttackSetup:
    """An attack before its dice: both sides under their conditions, the weapon and the blow."""

    attacker: Combatant
    target: Combatant
    weapon: WeaponRow
    shield: ShieldRow | None  # the target's
    damage_type: engine.DamageType
    hitting: cond.Fighting
    guarding: cond.Fighting
    blow: engine.Blow
    resist: int  # the target's Resist X against the weapon's element
    parry: int  # the target's shield parry (none when it cannot act)


def attack_fighters(state: MatchState, action: Attack) -> tuple[Combatant, Combatant]:
    attacker = fighting_unit(state, action.attacker)
    target = fighting_unit(state, action.target)
    if attacker.id == target.id:
        raise DomekitError("a character does not attack itself")
    return attacker, target


def attack_weapon(state: MatchState, action: Attack, attacker: Combatant) -> WeaponRow:
    """The weapon of the blow: the one named (`none`: unarmed), else the one it holds, else none
    (a character holding no weapon strikes unarmed)."""
    named = action.weapon or attacker.weapon
    found = weapon_named(state, named) if named else None
    return found if found is not None else unarmed(state.rules)


def set_up_attack(
    state: MatchState, action: Attack, attacker: Combatant, target: Combatant
) -> AttackSetup:
    """What an attack needs before its dice, checked: a weapon fit for the mode and in range, a
    damage type it does, an attacker able to act (and to shoot); a lance's charge bonus."""
    rules = state.rules
    weapon = attack_weapon(state, action, attacker)
    if action.ranged and not weapon.range:
        raise RuleError(RULE_ATTACK, f"{weapon.name} is not a ranged weapon")
    if not action.ranged and weapon.range:
        raise RuleError(RULE_ATTACK, f"{weapon.name} shoots: choose a ranged attack")
    if action.ranged and weapon.range and action.distance > engine.grid_range(rules, weapon.range):
        raise RuleError(
            "Ranged: ranges are halved on the grid",
            f"{weapon.name} reaches {engine.grid_range(rules, weapon.range)} squares "
            f"(listed {weapon.range}); the target is {action.distance} away",
        )
    kinds = weapon.damage_types or (engine.DamageType.NONE.value,)
    damage_type = action.damage_type.value if action.damage_type else kinds[0]
    if damage_type not in kinds:
        raise DomekitError(f"{weapon.name} does {', '.join(kinds)} damage, not {damage_type}")
    shield = shield_named(state, target.shield)
    hitting = fighting(state, attacker)
    cond.require_can_act(hitting, attacker.name)
    if action.ranged and not hitting.may_cast_or_shoot:
        raise RuleError("Berserk", f"{attacker.name} is berserk: it cannot shoot")
    guarding = fighting(state, target)
    charged = action.charge if weapon.lance and not action.ranged else 0
    blow = engine.Blow(
        strength=hitting.strength,
        weapon_damage=weapon.damage,
        damage_type=engine.DamageType(damage_type),
        element=engine.Element(weapon.element),
        stun=weapon.stun,
        bonus=engine.lance_bonus(rules, charged) if charged else 0,
    )
    return AttackSetup(
        attacker=attacker,
        target=target,
        weapon=weapon,
        shield=shield,
        damage_type=engine.DamageType(damage_type),
        hitting=hitting,
        guarding=guarding,
        blow=blow,
        resist=resist_against(rules, target.skills, weapon.element),
        parry=shield.parry if shield and guarding.can_act else 0,
    )


def first_striker(state: MatchState, action: Attack, attacker: Combatant, target: Combatant) -> (
    WeaponRow | None
):  # fmt: skip
    """The charged target's longer weapon when it strikes first (None when it does not): a melee
    charge, its longest held weapon longer than the charger's, and it was not already in melee."""
    if action.ranged or not action.charge:
        return None
    theirs = max(held_weapons(state, target), key=lambda w: w.length, default=None)
    theirs = theirs or unarmed(state.rules)
    mine = attack_weapon(state, action, attacker)
    longer = engine.strikes_first(
        defender_length=theirs.length,
        charger_length=mine.length,
        defender_already_in_melee=bool(action.engaged),
    )
    return theirs if longer and fighting(state, target).can_act else None


def attack(state: MatchState, action: Attack, dice: TableDice) -> tuple[MatchState, Outcome]:
    """One attack: its cost, a charged target's first strike, the blow, a lance's breakage."""
    rules = state.rules
    attacker, target = attack_fighters(state, action)
    weapon = attack_weapon(state, action, attacker)
    steps: list[str] = []
    second = bool(attacker.struck)
    if second:
        held = [w.name for w in held_weapons(state, attacker)]
        if len(held) < 2 or weapon.name not in held or weapon.name in attacker.struck:
            raise RuleError(
                RULE_SECOND,
                f"{attacker.name} has attacked this turn; a second blow comes only from the other "
                f"weapon it holds ({' and '.join(held) or 'it holds none'})",
            )
        steps.append(f"{attacker.name}'s second weapon, {weapon.name}: the same attack, no AP")
        ap = attacker.ap
    else:
        cost = engine.action_cost(rules, "attack", remaining_ap=attacker.ap)
        steps += cost.steps
        ap = cost.remaining
    set_up_attack(state, action, attacker, target)  # refused before any die is rolled
    first = None if second else first_striker(state, action, attacker, target)
    if first is not None:
        steps.append(
            f"{RULE_FIRST}: {target.name}'s {first.name} (length {first.length}) is longer than "
            f"{weapon.name} (length {weapon.length}): {target.name} strikes first"
        )
        counter = replace(
            action, attacker=target.id, target=attacker.id, weapon=first.name, head=False,
            charge=0, hit_dice=action.first_hit_dice or Dice(),
            damage_dice=action.first_damage_dice or Dice(),
        )  # fmt: skip
        state, first_summary = _blow(state, counter, dice, steps, "first strike ", fatigue=True)
        attacker = state.find(attacker.id) or attacker
        if attacker.out or not fighting(state, attacker).can_act:
            steps.append(f"{attacker.name} cannot strike back: the charge ends")
            summary = f"{target.name} struck first: {first_summary}"
            return _done(state, action, attacker, ap, weapon, steps, summary)
    state, summary = _blow(state, action, dice, steps, "", fatigue=not second)
    if first is not None:
        summary = f"{target.name} struck first: {first_summary}; then {summary}"
    attacker = state.find(attacker.id) or attacker
    return _done(state, action, attacker, ap, weapon, steps, summary)


def _done(
    state: MatchState,
    action: Attack,
    attacker: Combatant,
    ap: int,
    weapon: WeaponRow,
    steps: list[str],
    summary: str,
) -> tuple[MatchState, Outcome]:
    """The attack's books: the AP left and, holding two weapons, the one struck with this turn
    (the other may strike next in the same attack)."""
    two = len(held_weapons(state, attacker)) > 1
    attacker = replace(attacker, ap=ap, struck=(*attacker.struck, weapon.name) if two else ())
    state = with_units(state, attacker)
    last = LastAttack(action.line(), summary, tuple(steps))
    return replace(state, last=last), Outcome(tuple(steps), summary)


def _blow(
    state: MatchState, action: Attack, dice: TableDice, steps: list[str], what: str, *,
    fatigue: bool,
) -> tuple[MatchState, str]:  # fmt: skip
    """One blow of `action.attacker` on `action.target`, rolled and booked: the melee attacker's
    fatigue (once an attack), the blow received, the harm, a lance's breakage, decay; and the
    blow in a word."""
    rules = state.rules
    attacker, target = attack_fighters(state, action)
    setup = set_up_attack(state, action, attacker, target)
    hit_roll = dice.exploding(action.hit_dice, f"{what}hit 2d6", steps)
    damage_roll = dice.exploding(action.damage_dice, f"{what}damage 2d6", steps)
    strike = _strike(state, action, setup, hit_roll, damage_roll)
    hitting, guarding = setup.hitting, setup.guarding
    if len(hitting.steps) > 1:
        steps += [f"{attacker.name}: {step}" for step in hitting.steps]
    if len(guarding.steps) > 1:
        steps += [f"{target.name}: {step}" for step in guarding.steps]
    if setup.blow.bonus:
        steps.append(f"lance: {action.charge} squares charged straight, +{setup.blow.bonus} damage")
    steps += strike.steps
    if not action.ranged:
        if fatigue:
            tired = cond.attack_fatigue(attacker.encumbrance)
            attacker = replace(attacker, fatigue=attacker.fatigue + tired)
            steps.append(f"{attacker.name}: melee attack, +{tired} fatigue (encumbrance)")
        target = replace(target, blows=target.blows + 1)
        steps.append(f"{target.name}: {target.blows} blow(s) this round: defence -1 a blow")
    summary = "miss"
    if strike.damage is not None:
        damage = strike.damage
        summary = f"hit: {damage.hp_loss} HP, {damage.fatigue} fatigue"
        target = _wounded(state, action, target, damage, dice, steps)
        steps += engine.decay_strike(rules, decay=setup.weapon.decay, falls=target.hp == 0)
        if setup.weapon.decay and target.hp == 0:
            target = replace(target, decayed=True)
        if setup.weapon.lance:
            attacker = _lance(state, action, setup, attacker, dice, steps)
    return with_units(state, attacker, target), summary


def _lance(
    state: MatchState,
    action: Attack,
    setup: AttackSetup,
    attacker: Combatant,
    dice: TableDice,
    steps: list[str],
) -> Combatant:
    """A lance that strikes rolls to stay whole: -1 for every 5 points of the target's armour
    (armour, natural, shield, not the base 7); broken or dropped, it leaves the lancer's hand."""
    row = setup.target.row
    armour = (row.protection_head if action.head else row.protection_body) + (
        row.protection_natural + (setup.shield.protection if setup.shield else 0)
    )
    roll = dice.exploding(action.lance_dice, "lance 2d6", steps)
    breakage = engine.lance_breakage(
        state.rules, attack=setup.hitting.attack, target_protection=armour, roll_total=roll.total
    )
    steps += [f"lance: {step}" for step in breakage.steps]
    if breakage.result == "whole":
        return attacker
    gone = setup.weapon.name
    steps.append(
        f"{attacker.name}'s {gone} "
        + ("broke" if breakage.result == "broken" else "is dropped, whole (pick it up: gear)")
    )
    return replace(
        attacker,
        weapon="" if attacker.weapon == gone else attacker.weapon,
        off_hand="" if attacker.off_hand == gone else attacker.off_hand,
    )


def _strike(
    state: MatchState, action: Attack, setup: AttackSetup, hit_roll: Roll, damage_roll: Roll
) -> engine.Strike:
    rules = state.rules
    row = setup.target.row
    protection = engine.protection_total(
        rules,
        body=row.protection_body,
        head=row.protection_head,
        natural=row.protection_natural,
        head_hit=action.head,
        bonus=setup.guarding.protection_bonus,
    )
    guard = engine.Guard(
        protection=protection.total,
        shield_protection=setup.shield.protection if setup.shield else 0,
        resist=setup.resist,
        size=size_now(state, setup.target),
    )
    shows_six = damage_roll.shows(rules.fire.ignites_on_face)
    if action.ranged:
        return engine.ranged_outcome(
            rules, precision=setup.hitting.precision, size=size_now(state, setup.target),
            distance=action.distance, blow=setup.blow, guard=guard, hit_total=hit_roll.total,
            damage_total=damage_roll.total, damage_shows_six=shows_six, head=action.head,
            parry=setup.parry,
        )  # fmt: skip
    return engine.melee_outcome(
        rules, attack=setup.hitting.attack, defence=setup.guarding.defence, blow=setup.blow,
        guard=guard, hit_total=hit_roll.total, damage_total=damage_roll.total,
        damage_shows_six=shows_six, head=action.head, parry=setup.parry,
    )  # fmt: skip


def _wounded(
    state: MatchState,
    action: Attack,
    target: Combatant,
    damage: engine.Damage,
    dice: TableDice,
    steps: list[str],
) -> Combatant:
    """What a hit does to its target: fatigue, fire, freezing, poison, paralysis, then HP."""
    rules = state.rules
    target = replace(target, fatigue=target.fatigue + damage.fatigue)
    if damage.fatigue:
        steps.append(f"{target.name}: +{damage.fatigue} fatigue")
    if damage.ignites and not target.burning:
        target = replace(target, burning=True)
        steps.append(f"{target.name} catches fire")
    if damage.freeze_check:
        d6 = dice.plain(action.freeze_d6, rules.cold.freeze_die_sides, "freezing d6", steps)
        if cond.starts_freezing(rules, d6):
            target = replace(target, freezing=True)
            steps.append(f"{target.name} starts freezing ({d6} >= {rules.cold.freezes_from})")
        else:
            steps.append(f"{target.name} does not freeze ({d6} < {rules.cold.freezes_from})")
    if damage.poison_schedule:
        total = sum(target.poison) + sum(damage.poison_schedule)
        target = replace(target, poison=tuple(engine.poison_schedule(rules, total).schedule))
        steps.append(f"{target.name}: {total} poison damage to come, turn by turn")
    if damage.paralysis_rounds:
        target = replace(target, paralysed=max(target.paralysed, damage.paralysis_rounds))
        steps.append(f"{target.name} is paralysed for {target.paralysed} rounds")
    return lose_hp(target, damage.hp_loss, steps, "damage")


__all__ = ["UNARMED", "AttackSetup", "attack", "attack_fighters", "set_up_attack"]
