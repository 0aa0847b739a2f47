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

import re
import unicodedata
from dataclasses import replace

from toolkit.errors import DomekitError, RuleError
from toolkit.games.domppa import conditions as cond
from toolkit.games.domppa import rules as engine
from toolkit.games.domppa.abilities import ability_value, heal_amount
from toolkit.games.domppa.actions import (
    KINDS,
    AddCharacter,
    AnyAction,
    Attack,
    CarryGear,
    ChangeHp,
    ChooseSide,
    EndCombat,
    Join,
    Leave,
    Morale,
    NewRound,
    NightRest,
    Rally,
    Ride,
    SetCondition,
    SetLight,
    SpendAp,
    StartTurn,
)
from toolkit.games.domppa.attack import AttackSetup, attack, attack_fighters, set_up_attack
from toolkit.games.domppa.data import DomppaKitData
from toolkit.games.domppa.gear import hands_held
from toolkit.games.domppa.state import (
    GAME,
    OVER,
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
    full_ap,
    lose_hp,
    morale_of,
    mount_named,
    mounted,
    party_bonus,
    shield_named,
    standing,
    state_from_json,
    state_json,
    weapon_named,
    with_units,
)
from toolkit.games.domppa.table_dice import TableDice
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
    """A character as a combat starts it (characters.csv `gear`, checked against the cards by
    data.py): holding its first melee weapon (none: unarmed, when it carries no melee weapon),
    carrying its shield when a hand is free for it, on foot (its mount, if it has one, is a tap
    away: the table says when it rides)."""
    gear = data.gear.get(unit.row.name)
    if gear is None:
        return unit
    held = gear.held
    return replace(unit, weapon=held.weapon, shield=held.shield)


def new_match(
    data: DomppaKitData, *, seed: int, data_dir: str | None = None, previous: MatchState | None
) -> MatchState:
    """A kit's next combat: every character of its card data with its gear; the previous
    combat's hand-entered characters, sides, who is in the combat and the HP each has left carry
    over (lost HP heal only by a night's rest: `NightRest`); the first combat starts at full HP."""
    roster = {
        ch.id: _equipped(data, combatant(data.rules, ch.row, from_data=True))
        for ch in data.characters
    }
    if previous is not None:
        for before in previous.roster:
            fresh = roster.get(before.id)
            if fresh is None:
                fresh = replace(combatant(data.rules, before.row, from_data=False), id=before.id)
            hp = min(before.hp, fresh.max_hp)
            roster[before.id] = replace(fresh, side=before.side, in_combat=before.in_combat, hp=hp)
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
    dice = TableDice(state)
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
    return sorted(fighting_now, key=lambda u: (-full_ap(state, u), place[u.id]))


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


def _step(state: MatchState, action: AnyAction, dice: TableDice) -> tuple[MatchState, Outcome]:
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
        case Ride():
            return _ride(state, action)
        case NightRest():
            return _night_rest(state)
        case StartTurn():
            return _start_turn(state, action, dice)
        case Attack():
            return attack(state, action, dice)
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
    """The weapons in its hands and its shield: a hand each (a two-handed weapon both), no more
    than a character has; two weapons are two-weapon fighting."""
    unit = character(state, action.unit)
    weapon, shield = weapon_named(state, action.weapon), shield_named(state, action.shield)
    off_hand = weapon_named(state, action.off_hand) if action.off_hand else None
    held = [w for w in (weapon, off_hand) if w is not None]
    hands_held(state.rules, held, shield=shield is not None)
    unit = replace(
        unit,
        weapon=weapon.name if weapon else "",
        off_hand=off_hand.name if off_hand else "",
        shield=shield.name if shield else "",
    )
    weapons = " and ".join(w.name for w in held) or "no weapon"
    steps = [f"{unit.name}: {weapons}, {unit.shield or 'no shield'}"]
    if len(held) > 1:
        penalty = fighting(state, unit).steps
        steps += [step for step in penalty if step.startswith("two weapons")]
    return with_units(state, unit), Outcome(tuple(steps))


def _ride(state: MatchState, action: Ride) -> tuple[MatchState, Outcome]:
    """Mounting (Riding: a horse; Charioteering: a chariot) or dismounting."""
    unit = character(state, action.unit)
    found = mount_named(state, action.mount) if action.mount else None
    unit = replace(unit, mount=found.name if found else "")
    riding = mounted(state, unit)  # a mount it may not ride is refused here
    step = riding.step if riding else "on foot"
    return with_units(state, unit), Outcome((f"{unit.name}: {step}",))


def _night_rest(state: MatchState) -> tuple[MatchState, Outcome]:
    """ "a night's rest heals lost HP, at most half of max HP": before a combat's first turn."""
    if state.acted or state.round > 1 or state.last is not None:
        raise RuleError("Hit Points: a night's rest", "the night is over: this combat has begun")
    steps = []
    roster = []
    divisor = state.rules.hit_points.night_rest_fraction_divisor
    for unit in state.roster:
        hp = engine.night_rest(state.rules, unit.hp, unit.max_hp)
        if hp != unit.hp:
            most = unit.max_hp // divisor
            steps.append(f"{unit.name}: HP {unit.hp} -> {hp} (heals at most {most})")
        roster.append(replace(unit, hp=hp))
    return replace(state, roster=tuple(roster)), Outcome(
        tuple(steps or ["a night's rest: nobody has HP to heal"])
    )


def _start_turn(
    state: MatchState, action: StartTurn, dice: TableDice
) -> tuple[MatchState, Outcome]:
    """The start of a character's turn: burning, poison, freezing, berserk, fatigue, AP."""
    rules = state.rules
    unit = fighting_unit(state, action.unit)
    steps = [f"{unit.name}'s turn (round {state.round})"]
    if unit.burning:
        d2 = dice.plain(action.burn_d2, rules.fire.burn_die_sides, "burning d2", steps)
        unit = lose_hp(unit, cond.burning_damage(rules, d2), steps, "burning")
    if unit.poison:
        now, *left = unit.poison
        unit = lose_hp(replace(unit, poison=tuple(left)), now, steps, "poison")
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
    ap = full_ap(state, unit) if fighting(state, unit).can_act and unit.hp > 0 else 0
    unit = replace(unit, ap=ap, struck=())
    steps.append(f"{unit.name} cannot act this turn" if ap == 0 else f"{ap} AP this turn")
    acted = state.acted if unit.id in state.acted else (*state.acted, unit.id)
    state = replace(with_units(state, unit), active=unit.id, acted=acted, inspired=())
    return state, Outcome(tuple(steps))


def _morale(
    state: MatchState, action: Morale | Rally, dice: TableDice
) -> tuple[MatchState, Outcome]:
    rules = state.rules
    rally = isinstance(action, Rally)
    unit = fighting_unit(state, action.unit)
    if rally and not unit.fleeing:
        raise RuleError("Rally", f"{unit.name} is not fleeing")
    steps: list[str] = []
    roll = dice.exploding(action.dice, "morale 2d6", steps)
    morale = morale_of(unit, fighting(state, unit))
    bonus, bonus_steps = party_bonus(state, unit)
    test = (engine.rally if rally else engine.morale_test)(
        rules, morale=morale, max_hp=unit.max_hp, hp=unit.hp, roll_total=roll.total, bonus=bonus
    )
    steps += bonus_steps + test.steps
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
        unit = lose_hp(unit, -action.change, steps, "loses")
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
    """An action from the AP table: moving, drawing a weapon, berserk, rest mode, the heal action
    and formation fighter, ..."""
    unit = fighting_unit(state, action.unit)
    if action.action == "attack":
        raise DomekitError("enter an attack with its dice on the attack form")
    healed = _healed(state, unit, action) if action.action == "heal" and action.target else None
    comrades = _comrades(state, unit, action) if action.action == "formation_fighter" else ()
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
    elif action.action == "standard":
        unit = replace(unit, standard=True)
        steps.append(f"{unit.name}'s standard is up: its party's morale +1 while it is in combat")
    elif action.action == "inspirational":
        value = ability_value(unit.skills, "inspirational") or 0
        state = replace(state, inspired=(*state.inspired, (unit.side, value)))
        steps.append(f"{unit.name} inspires its party: +{value} morale this turn")
    state = with_units(state, unit)
    if healed is not None:
        patient = state.find(healed.id) or healed
        amount = heal_amount(
            ability_value(unit.skills, "healer") or 0, hp=patient.hp, max_hp=patient.max_hp
        )
        steps.append(
            f"heal: {patient.name} regains the healer level, {amount} HP (at most its max "
            f"{patient.max_hp}): HP {patient.hp} -> {patient.hp + amount}"
        )
        state = with_units(state, replace(patient, hp=patient.hp + amount))
    if comrades and action.bonus:
        bonus = state.rules.abilities.formation_fighter_bonus
        fighters = [state.find(c) or unit for c in (unit.id, *comrades)]
        state = with_units(state, *(replace(f, formation=action.bonus) for f in fighters))
        steps.append(
            f"formation fighter: +{bonus} {action.bonus} for the round to "
            + ", ".join(f.name for f in fighters)
        )
    return state, Outcome(tuple(steps))


def _healed(state: MatchState, healer: Combatant, action: SpendAp) -> Combatant:
    """The heal action's patient: "Heals a character in combat by as many HP as the healer
    level"; one at 0 HP has left the combat ("a character leaves combat when it drops to 0 HP")."""
    patient = character(state, action.target)
    if not patient.in_combat or patient.out:
        raise RuleError(
            "Actions: Heal", f"{patient.name} is not in the combat (a character at 0 HP leaves it)"
        )
    return patient


def _comrades(state: MatchState, unit: Combatant, action: SpendAp) -> tuple[str, ...]:
    """Formation fighter's comrades beside it, each in the combat and on its side: "If at least
    one square next to the character holds a comrade"."""
    found = []
    for name in action.comrades:
        comrade = fighting_unit(state, name)
        if comrade.id == unit.id:
            raise DomekitError(f"{unit.name} is not its own comrade: name the ones beside it")
        if unit.side and comrade.side and comrade.side != unit.side:
            raise RuleError(
                "Actions: Formation fighter",
                f"{comrade.name} fights for {comrade.side}, not {unit.side}: not a comrade",
            )
        found.append(comrade.id)
    if not found and action.bonus:
        raise RuleError("Actions: Formation fighter", "it needs a comrade beside it")
    return tuple(found)


def _new_round(state: MatchState) -> tuple[MatchState, Outcome]:
    """A new round: defence resets (blows received), paralysis counts down and a formation
    fighter's bonus ends ("The effect lasts for the round")."""
    number = state.round + 1
    steps = [f"round {number}: every character's defence is whole again"]
    roster = []
    for unit in state.roster:
        if unit.formation:
            steps.append(f"{unit.name}: the formation fighter bonus ends with the round")
        unit = replace(unit, blows=0, formation="")
        if unit.paralysed:
            unit = replace(unit, paralysed=unit.paralysed - 1)
            steps.append(f"{unit.name}: paralysed {unit.paralysed} more rounds")
        roster.append(unit)
    state = replace(state, round=number, active=None, acted=(), roster=tuple(roster))
    return state, Outcome(tuple(steps))
