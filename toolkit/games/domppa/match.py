"""A Domppa combat as a fold over its actions: `apply(state, action) -> (state, outcome)`.

The state is a frozen value: the roster (every character with its sheet, HP, fatigue, blows
received this round, conditions, AP, side and gear), the round, whose turn it is, the light, and
the seed the tracker's dice come from. `apply` is the only way it changes (`DOOR`: the guards of
toolkit/games/door.py, then the rules): it checks the action against the rules (rules/domppa.en.md,
read as RULINGS.md says) and refuses an illegal one with a RuleError naming the rule, or a
DomekitError for a name or a die that cannot be read. Every
number of a blow, a morale test or a start-of-turn effect comes from the pure rules (rules/,
conditions.py, abilities.py, dice.py); this module keeps the books:

- a character acts on its own turn (an attack, an action from the AP table), which its turn's
  start begins: burning (d2), poison (10% of what is left, rounded up), freezing (2d6 fatigue as
  stun), berserk fatigue, fatigue recovery (rest mode, a d6 at 100+), then its AP;
- an attack costs every AP left; a melee attacker takes its encumbrance as fatigue and the
  target a blow received (-1 defence for the round); a hit takes HP or gives fatigue (stun), may
  set the target alight (a 6 in the damage roll), start it freezing (a d6 of 5+ after cold
  damage), poison it (the damage taken turn by turn) or paralyse it; damage calls for a morale
  test, and a failed one makes the character flee until it rallies;
- a new round makes every defence whole again and counts paralysis down; at 0 HP a character is
  out of the combat.

Dice are the faces typed at the table, or rolled here from the state's seed and the number of
rolls so far (`random.Random("domppa/<seed>/<rolls>")`), so replaying a log rolls the same faces.
"""

from __future__ import annotations

import random
import re
import unicodedata
from dataclasses import dataclass, replace

from toolkit.errors import DomekitError, RuleError
from toolkit.games.domppa import conditions as cond
from toolkit.games.domppa import rules as engine
from toolkit.games.domppa.abilities import ability_value, resist_against
from toolkit.games.domppa.actions import (
    KINDS,
    AddCharacter,
    AnyAction,
    Attack,
    CarryGear,
    ChangeHp,
    ChooseSide,
    Dice,
    EndCombat,
    Join,
    Leave,
    Morale,
    NewRound,
    Rally,
    SetCondition,
    SetLight,
    SpendAp,
    StartTurn,
)
from toolkit.games.domppa.data import DomppaKitData, ShieldRow, WeaponRow
from toolkit.games.domppa.dice import Roll, check_plain_die, parse_exploding
from toolkit.games.domppa.state import (
    GAME,
    OVER,
    RULE_ATTACK,
    RULE_COMBAT,
    RULE_OUT,
    RULE_TURN,
    Combatant,
    LastAttack,
    MatchState,
    Outcome,
    Standing,
    character,
    combatant,
    fighting,
    fighting_unit,
    morale_of,
    shield_named,
    standing,
    state_from_json,
    state_json,
    weapon_named,
    with_units,
)
from toolkit.games.door import ActionKind, Door

__all__ = [  # the state's values and queries are the match's too (state.py)
    "GAME",
    "OVER",
    "RULE_COMBAT",
    "RULE_OUT",
    "RULE_TURN",
    "DOOR",
    "AttackSetup",
    "Combatant",
    "LastAttack",
    "MatchState",
    "Outcome",
    "Standing",
    "apply",
    "attack_fighters",
    "character",
    "combatant",
    "fighting",
    "fighting_unit",
    "morale_of",
    "mover",
    "new_match",
    "replay",
    "next_up",
    "set_up_attack",
    "standing",
    "state_from_json",
    "state_json",
    "turn_order",
]


def _equipped(data: DomppaKitData, unit: Combatant) -> Combatant:
    """A character as a combat starts it: holding the first weapon of its gear (characters.csv
    `gear`, checked against the cards by data.py) and carrying its shield."""
    gear = data.gear.get(unit.row.name)
    if gear is None:
        return unit
    weapon = gear.weapons[0].name if gear.weapons else ""
    return replace(unit, weapon=weapon, shield=gear.shield.name if gear.shield else "")


def new_match(
    data: DomppaKitData, *, seed: int, data_dir: str | None = None, previous: MatchState | None
) -> MatchState:
    """A kit's next combat: every character of its card data at full HP; the previous combat's
    hand-entered characters, sides and who is in the combat carry over."""
    roster = {
        ch.id: _equipped(data, combatant(data.rules, ch.row, from_data=True))
        for ch in data.characters
    }
    if previous is not None:
        for before in previous.roster:
            fresh = roster.get(before.id)
            if fresh is None:
                fresh = replace(combatant(data.rules, before.row, from_data=False), id=before.id)
            roster[before.id] = replace(fresh, side=before.side, in_combat=before.in_combat)
    return MatchState(
        data=data,
        data_dir=data_dir,
        seed=seed,
        combat=previous.combat + 1 if previous is not None else 1,
        roster=tuple(roster.values()),
    )


# ---------------------------------------------------------------------------- the one door


def _rules(state: MatchState, action: AnyAction) -> tuple[MatchState, Outcome]:
    """What an action does once the door's guards let it in (the combat goes on; an action of a
    turn is made on its character's turn), its dice rolled from the state's seed."""
    dice = _Dice(state)
    after, outcome = _step(state, action, dice)
    return replace(after, rolls=dice.rolls), outcome


DOOR = Door(
    actions={kind: ActionKind(on_turn=cls.on_turn) for kind, cls in KINDS.items()},
    rules=_rules,
    position=MatchState.text,
    over=lambda state: OVER if state.over else None,
    whose_turn=lambda state: state.active,
    mover=lambda state, action: mover(action),
    seat_name=MatchState.seat_name,
    rule_over=RULE_COMBAT,
    rule_turn=RULE_TURN,
)
"""The only way a combat changes: its guards (nothing is recorded once the combat is over; an
attack and an action from the AP table are made on the character's own turn), then `_rules`; a
RuleError naming the rule that forbids it, or a DomekitError for a name or a die that cannot be
read."""
apply = DOOR.apply
replay = DOOR.replay
"""The state after every action of a log, in order."""


def turn_order(state: MatchState) -> list[Combatant]:
    """The round's turn order (docs/tracker-games.md, "Domppa, turn order"): the rules give no
    initiative, and a character acts on its own turn with its Action Points (12 - equipment
    encumbrance), so every character in the combat and not out takes one turn a round, the one
    with the most AP first (the lighter its gear, the sooner it acts); ties in the roster's order
    (characters.csv, then those added by hand)."""
    place = {unit.id: i for i, unit in enumerate(state.roster)}
    fighting_now = [u for u in state.roster if u.in_combat and not u.out]
    return sorted(fighting_now, key=lambda u: (-u.max_ap, place[u.id]))


def next_up(state: MatchState) -> Combatant | None:
    """Whose turn starts next: the first in the turn order who has had no turn this round (the
    active character's turn is running: the one after it). None: every character has had its
    turn, and a new round is next."""
    return next((u for u in turn_order(state) if u.id not in state.acted), None)


def mover(action: AnyAction) -> str | None:
    """The character making an action that is made on its own turn."""
    if isinstance(action, Attack):
        return action.attacker
    if isinstance(action, SpendAp):
        return action.unit
    return None


def _step(state: MatchState, action: AnyAction, dice: _Dice) -> tuple[MatchState, Outcome]:
    match action:
        case AddCharacter():
            return _add(state, action)
        case ChooseSide():
            unit = character(state, action.unit)
            changed = with_units(state, replace(unit, side=action.side))
            return changed, Outcome((f"{unit.name} fights for {action.side or 'no side'}",))
        case Join():
            unit = character(state, action.unit)
            changed = with_units(state, replace(unit, in_combat=True))
            return changed, Outcome((f"{unit.name} joins the combat",))
        case Leave():
            unit = character(state, action.unit)
            changed = with_units(state, replace(unit, in_combat=False))
            if state.active == unit.id:
                changed = replace(changed, active=None)
            return changed, Outcome((f"{unit.name} leaves the combat",))
        case CarryGear():
            return _gear(state, action)
        case StartTurn():
            return _start_turn(state, action, dice)
        case Attack():
            return _attack(state, action, dice)
        case Morale() | Rally():
            return _morale(state, action, dice)
        case SetCondition():
            return _condition(state, action)
        case ChangeHp():
            return _change_hp(state, action)
        case SpendAp():
            return _spend(state, action)
        case NewRound():
            return _new_round(state)
        case SetLight():
            light = (action.darkness or "").replace("_", " ") or "daylight"
            return replace(state, darkness=action.darkness), Outcome((f"light: {light}",))
        case EndCombat():
            standing = [c.name for c in state.roster if c.in_combat and c.hp > 0]
            over = replace(state, over=True, active=None)
            return over, Outcome(
                (f"combat over; still standing: {', '.join(standing) or 'nobody'}",)
            )


# ------------------------------------------------------------------------------------- dice


class _Dice:
    """One action's dice: the faces typed, or rolled from the match's seed (one generator per
    roll, numbered by the rolls so far)."""

    def __init__(self, state: MatchState) -> None:
        self.seed = state.seed
        self.rolls = state.rolls
        self.config = state.rules.dice

    def _generator(self) -> random.Random:
        generator = random.Random(f"domppa/{self.seed}/{self.rolls}")
        self.rolls += 1
        return generator

    def exploding(self, dice: Dice | None, what: str, steps: list[str]) -> Roll:
        """Two exploding dice (a 6 adds another die, less one, and may explode again)."""
        faces = list((dice or Dice()).rolled(what))
        if not faces:
            generator = self._generator()
            for _die in range(2):
                face = generator.randint(1, self.config.sides)
                faces.append(face)
                while face == self.config.explode_on:
                    face = generator.randint(1, self.config.sides)
                    faces.append(face)
            steps.append(f"{what}: the tracker rolled {','.join(map(str, faces))}")
        roll = parse_exploding(faces, self.config, what=what)
        steps += [f"{what}: {step}" for step in roll.steps]
        return roll

    def plain(self, die: Dice | None, sides: int, what: str, steps: list[str]) -> int:
        """One plain die (the d2 of burning, the d6 of freezing or of fatigue recovery)."""
        faces = (die or Dice()).rolled(what)
        if not faces:
            face = self._generator().randint(1, sides)
            steps.append(f"{what}: the tracker rolled {face}")
            return face
        if len(faces) != 1:
            raise DomekitError(f"{what}: one d{sides} (got {','.join(map(str, faces))})")
        return check_plain_die(faces[0], sides, what)


# --------------------------------------------------------------------------------- handlers


def _id_beyond_ascii(name: str, state: MatchState) -> str:
    """The id of a character entered by hand whose name has no a-z or 0-9 (Сергей, 李): its
    letters in lower case, words joined by '-', else `character-<n>` for the next free n."""
    slug = re.sub(r"[\W_]+", "-", unicodedata.normalize("NFKC", name).casefold()).strip("-")
    if slug:
        return slug
    number = len(state.roster) + 1
    while state.find(f"character-{number}") is not None:
        number += 1
    return f"character-{number}"


def _add(state: MatchState, action: AddCharacter) -> tuple[MatchState, Outcome]:
    row = action.row
    unit = combatant(state.rules, row, from_data=False)
    unit = replace(unit, id=unit.id or _id_beyond_ascii(row.name, state), side=action.side)
    if state.find(unit.id) is not None:
        raise DomekitError(f"the roster already has a character with the id {unit.id!r}")
    step = (
        f"{row.name}: health {row.health} gives {unit.max_hp} HP, size {unit.size}, "
        f"{unit.max_ap} AP"
    )
    return replace(state, roster=(*state.roster, unit)), Outcome((step,))


def _gear(state: MatchState, action: CarryGear) -> tuple[MatchState, Outcome]:
    unit = character(state, action.unit)
    weapon, shield = weapon_named(state, action.weapon), shield_named(state, action.shield)
    unit = replace(unit, weapon=weapon.name if weapon else "", shield=shield.name if shield else "")
    step = f"{unit.name}: {unit.weapon or 'no weapon'}, {unit.shield or 'no shield'}"
    return with_units(state, unit), Outcome((step,))


def _lose_hp(unit: Combatant, amount: int, steps: list[str], why: str) -> Combatant:
    """HP lost (never below 0); damage calls for a morale test, 0 HP puts it out of the combat."""
    if amount <= 0:
        return unit
    hp = max(0, unit.hp - amount)
    steps.append(f"{unit.name}: {why} {amount}: HP {unit.hp} -> {hp}")
    if hp == 0:
        steps.append(f"{unit.name} is at 0 HP: out of the combat")
    else:
        steps.append(f"{unit.name} took damage: test morale")
    return replace(unit, hp=hp, morale_due=hp > 0)


def _start_turn(state: MatchState, action: StartTurn, dice: _Dice) -> tuple[MatchState, Outcome]:
    """The start of a character's turn: burning, poison, freezing, berserk, fatigue, AP."""
    rules = state.rules
    unit = fighting_unit(state, action.unit)
    steps = [f"{unit.name}'s turn (round {state.round})"]
    if unit.burning:
        d2 = dice.plain(action.burn_d2, rules.fire.burn_die_sides, "burning d2", steps)
        unit = _lose_hp(unit, cond.burning_damage(rules, d2), steps, "burning")
    if unit.poison:
        now, *left = unit.poison
        unit = _lose_hp(replace(unit, poison=tuple(left)), now, steps, "poison")
        steps.append(f"poison left: {sum(unit.poison)}")
    if unit.freezing:
        roll = dice.exploding(action.freeze_dice, "freezing 2d6", steps)
        tired = cond.freezing_fatigue(roll.total)
        unit = replace(unit, fatigue=unit.fatigue + tired)
        steps.append(f"freezing: +{tired} fatigue (as stun)")
    if unit.berserk:
        unit = replace(unit, fatigue=unit.fatigue + unit.berserk)
        steps.append(f"berserk +{unit.berserk}: +{unit.berserk} fatigue")
    exhausted = unit.fatigue >= rules.fatigue.incapacitated_at
    if exhausted or unit.resting:
        d6 = None
        if exhausted:
            sides = rules.fatigue.incapacitated_recovery_die
            d6 = dice.plain(action.recovery_d6, sides, "recovery d6", steps)
        before = unit.fatigue
        unit = replace(
            unit, fatigue=cond.fatigue_recovery(rules, before, resting=unit.resting, d6=d6)
        )
        rest = " (rest mode)" if unit.resting else ""
        steps.append(f"fatigue {before} -> {unit.fatigue}{rest}")
    ap = unit.max_ap if fighting(state, unit).can_act and unit.hp > 0 else 0
    unit = replace(unit, ap=ap)
    steps.append(f"{unit.name} cannot act this turn" if ap == 0 else f"{ap} AP this turn")
    acted = state.acted if unit.id in state.acted else (*state.acted, unit.id)
    state = replace(with_units(state, unit), active=unit.id, acted=acted)
    return state, Outcome(tuple(steps))


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


def set_up_attack(
    state: MatchState, action: Attack, attacker: Combatant, target: Combatant
) -> AttackSetup:
    """What an attack needs before its dice, checked: a weapon fit for the mode and in range, a
    damage type it does, an attacker able to act (and to shoot)."""
    rules = state.rules
    weapon = weapon_named(state, action.weapon or attacker.weapon)
    if weapon is None:
        raise DomekitError(f"{attacker.name} attacks with which weapon? (weapons.csv)")
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
    damage_type = action.damage_type.value if action.damage_type else weapon.damage_types[0]
    if damage_type not in weapon.damage_types:
        raise DomekitError(
            f"{weapon.name} does {', '.join(weapon.damage_types)} damage, not {damage_type}"
        )
    shield = shield_named(state, target.shield)
    hitting = fighting(state, attacker)
    cond.require_can_act(hitting, attacker.name)
    if action.ranged and not hitting.may_cast_or_shoot:
        raise RuleError("Berserk", f"{attacker.name} is berserk: it cannot shoot")
    guarding = fighting(state, target)
    blow = engine.Blow(
        strength=hitting.strength,
        weapon_damage=weapon.damage,
        damage_type=engine.DamageType(damage_type),
        element=engine.Element(weapon.element),
        stun=weapon.stun,
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


def _attack(state: MatchState, action: Attack, dice: _Dice) -> tuple[MatchState, Outcome]:
    rules = state.rules
    attacker, target = attack_fighters(state, action)
    cost = engine.action_cost(rules, "attack", remaining_ap=attacker.ap)
    steps = list(cost.steps)
    setup = set_up_attack(state, action, attacker, target)
    hit_roll = dice.exploding(action.hit_dice, "hit 2d6", steps)
    damage_roll = dice.exploding(action.damage_dice, "damage 2d6", steps)
    strike = _strike(state, action, setup, hit_roll, damage_roll)
    hitting, guarding = setup.hitting, setup.guarding
    if len(hitting.steps) > 1:
        steps += [f"{attacker.name}: {step}" for step in hitting.steps]
    if len(guarding.steps) > 1:
        steps += [f"{target.name}: {step}" for step in guarding.steps]
    steps += strike.steps
    attacker = replace(attacker, ap=cost.remaining)
    if not action.ranged:
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
    last = LastAttack(action.line(), summary, tuple(steps))
    return replace(with_units(state, attacker, target), last=last), Outcome(tuple(steps), summary)


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
        size=setup.target.size,
    )
    shows_six = damage_roll.shows(rules.fire.ignites_on_face)
    if action.ranged:
        return engine.ranged_outcome(
            rules, precision=setup.hitting.precision, size=setup.target.size,
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
    dice: _Dice,
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
    return _lose_hp(target, damage.hp_loss, steps, "damage")


def _morale(state: MatchState, action: Morale | Rally, dice: _Dice) -> tuple[MatchState, Outcome]:
    rules = state.rules
    rally = isinstance(action, Rally)
    unit = fighting_unit(state, action.unit)
    if rally and not unit.fleeing:
        raise RuleError("Rally", f"{unit.name} is not fleeing")
    steps: list[str] = []
    roll = dice.exploding(action.dice, "morale 2d6", steps)
    morale = morale_of(unit, fighting(state, unit))
    test = (engine.rally if rally else engine.morale_test)(
        rules, morale=morale, max_hp=unit.max_hp, hp=unit.hp, roll_total=roll.total
    )
    steps += test.steps
    unit = replace(unit, morale_due=False, fleeing=not test.passed)
    if rally:
        summary = "rallied" if test.passed else "still fleeing"
    else:
        summary = "passed" if test.passed else "fails: flees"
    return with_units(state, unit), Outcome(tuple(steps), f"{unit.name} {summary}")


def _condition(state: MatchState, action: SetCondition) -> tuple[MatchState, Outcome]:
    unit = character(state, action.unit)
    value = action.value
    match action.condition:
        case "poison":
            schedule = engine.poison_schedule(state.rules, value).schedule if value else []
            unit = replace(unit, poison=tuple(schedule))
            return with_units(state, unit), Outcome(
                (f"{unit.name}: {value} poison damage to come",)
            )
        case "berserk":
            if value and ability_value(unit.skills, "berserk") is None:
                raise RuleError("Berserk", f"{unit.name} has no Berserk ability")
            unit = replace(unit, berserk=int(value))
        case "paralysed":
            unit = replace(unit, paralysed=int(value))
        case "burning":
            unit = replace(unit, burning=bool(value))
        case "freezing":
            unit = replace(unit, freezing=bool(value))
        case "fleeing":
            unit = replace(unit, fleeing=bool(value))
        case "resting":
            unit = replace(unit, resting=bool(value))
    text = "goes into rest mode" if action.condition == "resting" and value else None
    step = f"{unit.name}: {text or f'{action.condition} {value}'}"
    return with_units(state, unit), Outcome((step,))


def _change_hp(state: MatchState, action: ChangeHp) -> tuple[MatchState, Outcome]:
    unit = character(state, action.unit)
    steps: list[str] = []
    if action.change < 0:
        unit = _lose_hp(unit, -action.change, steps, "loses")
    elif action.change > 0:
        if unit.hp + action.change > unit.max_hp:
            raise RuleError("Hit Points", f"{unit.name} has {unit.hp} of {unit.max_hp} HP")
        unit = replace(unit, hp=unit.hp + action.change)
        steps.append(f"{unit.name}: HP +{action.change} = {unit.hp}")
    if action.fatigue:
        unit = replace(unit, fatigue=max(0, unit.fatigue + action.fatigue))
        steps.append(f"{unit.name}: fatigue {unit.fatigue}")
    return with_units(state, unit), Outcome(tuple(steps or ["no change"]))


def _spend(state: MatchState, action: SpendAp) -> tuple[MatchState, Outcome]:
    """An action from the AP table: moving, drawing a weapon, berserk, rest mode, ..."""
    unit = fighting_unit(state, action.unit)
    if action.action == "attack":
        raise DomekitError("enter an attack with its dice on the attack form")
    cost = engine.action_cost(
        state.rules,
        action.action,
        remaining_ap=unit.ap,
        squares=action.squares,
        diagonal_squares=action.diagonal_squares,
        difficult_squares=action.difficult_squares,
        abilities=frozenset(ability.key for ability in unit.skills),
    )
    unit = replace(unit, ap=cost.remaining)
    steps = list(cost.steps)
    if action.action == "berserk":
        unit = replace(unit, berserk=ability_value(unit.skills, "berserk") or 0)
        steps.append(f"{unit.name} goes berserk (+{unit.berserk}) for the rest of the combat")
    elif action.action == "rest":
        unit = replace(unit, resting=True)
        steps.append(f"{unit.name} goes into rest mode")
    elif action.action == "leave_rest":
        unit = replace(unit, resting=False)
        steps.append(f"{unit.name} leaves rest mode")
    return with_units(state, unit), Outcome(tuple(steps))


def _new_round(state: MatchState) -> tuple[MatchState, Outcome]:
    """A new round: defence resets (blows received) and paralysis counts down."""
    number = state.round + 1
    steps = [f"round {number}: every character's defence is whole again"]
    roster = []
    for unit in state.roster:
        unit = replace(unit, blows=0)
        if unit.paralysed:
            unit = replace(unit, paralysed=unit.paralysed - 1)
            steps.append(f"{unit.name}: paralysed {unit.paralysed} more rounds")
        roster.append(unit)
    state = replace(state, round=number, active=None, acted=(), roster=tuple(roster))
    return state, Outcome(tuple(steps))
