"""`domekit domppa ...`: the Domppa calculators.

Parses flags, calls toolkit.games.domppa, prints with toolkit.output.emit. No rules live here.
2d6 rolls are typed as the faces in the order rolled (`--hit-dice 6,3,2`: a 6 that exploded into
a 3, then a 2) or as a plain total (`--hit-roll 10`) where the faces do not matter.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from toolkit.errors import DomekitError
from toolkit.games.domppa import GAME

if TYPE_CHECKING:
    from toolkit.games.domppa.config import DomppaRules

app = typer.Typer(help=GAME.calculators_help, no_args_is_help=True)


class TypeChoice(StrEnum):
    none = "none"
    blunt = "blunt"
    piercing = "piercing"
    slashing = "slashing"
    armor_piercing = "armor-piercing"
    armor_negating = "armor-negating"


class ElementChoice(StrEnum):
    none = "none"
    fire = "fire"
    cold = "cold"
    poison = "poison"
    paralysis = "paralysis"


class DarknessChoice(StrEnum):
    night = "night"
    pitch_dark = "pitch-dark"
    blind = "blind"


JSON = typer.Option(False, "--json", help="Print JSON (names = flag names in snake_case).")
DICE_HELP = "2d6 faces in the order rolled, each die followed by its explosions: 6,3,2"
LUCKY_HELP = (
    "The target is Lucky and has not used it this round: type the re-rolled 6, then its re-roll."
)
# Options several commands share: typer reads each one's settings afresh for every command.
DICE = typer.Option(None, "--dice", help=DICE_HELP)
ROLL = typer.Option(None, "--roll", help="The 2d6 as a total.")
HIT_DICE = typer.Option(None, "--hit-dice", help=DICE_HELP)
HIT_ROLL = typer.Option(None, "--hit-roll", help="The to-hit 2d6 as a total.")
DAMAGE_DICE = typer.Option(None, "--damage-dice", help=DICE_HELP)
DAMAGE_ROLL = typer.Option(None, "--damage-roll", help="Damage 2d6 as a total.")
LUCKY = typer.Option(False, "--lucky", help=LUCKY_HELP)
SHIELD_PROTECTION = typer.Option(0, "--shield-protection", help="Shield's protection.")
WEAPON_DAMAGE = typer.Option(..., "--weapon-damage", help="Weapon damage bonus.")
DAMAGE_TYPE = typer.Option(TypeChoice.none, "--type", help="Damage type.")
ELEMENT = typer.Option(ElementChoice.none, "--element", help="Element.")
STUN = typer.Option(False, "--stun", help="Stun damage: fatigue instead of HP.")
HEAD = typer.Option(False, "--head", help="A head hit (use the helmet's protection).")
DARKNESS = typer.Option(None, "--darkness", help="Light level.")


@app.callback()
def _domppa(
    ctx: typer.Context,
    data: Path | None = typer.Option(
        None, "--data", help="A folder with your own rules.toml (house rules)."
    ),
) -> None:
    ctx.obj = data


def _rules(ctx: typer.Context) -> DomppaRules:
    from toolkit.games.domppa.data import load_rules

    return load_rules(ctx.obj)


def _emit(result: dict[str, Any], as_json: bool, title: str) -> None:
    from toolkit.output import emit

    emit(result, as_json=as_json, title=title)


def _roll(
    rules: DomppaRules, dice: str | None, total: int | None, dice_flag: str, roll_flag: str
) -> tuple[int, bool | None, list[str]]:
    """A 2d6 from its faces or a plain total: (total, whether a 6 showed or None, steps)."""
    from toolkit.games.domppa.dice import check_total, parse_exploding

    if dice is not None and total is not None:
        raise DomekitError(f"give {dice_flag} or {roll_flag}, not both")
    if dice is not None:
        roll = parse_exploding(dice, rules.dice, what=dice_flag)
        return roll.total, roll.shows(rules.fire.ignites_on_face), roll.steps
    if total is not None:
        return check_total(total, rules.dice, what=roll_flag), None, []
    raise DomekitError(f"give the roll: {dice_flag} (faces) or {roll_flag} (total)")


def _rules_and_roll(
    ctx: typer.Context, dice: str | None, roll: int | None
) -> tuple[DomppaRules, int, list[str]]:
    """The rules and a command's one 2d6 from --dice (faces) or --roll (total), with its steps."""
    rules = _rules(ctx)
    total, _, steps = _roll(rules, dice, roll, "--dice", "--roll")
    return rules, total, steps


def _lucky(
    rules: DomppaRules, lucky: bool, hit_dice: str | None, damage_dice: str | None
) -> tuple[str | None, str | None, list[str]]:
    """Lucky: the first 6 rolled against the defender this round is re-rolled. The faces keep
    that 6, followed by its re-roll (`--hit-dice 6,4,2`: the 6 became a 4)."""
    from toolkit.games.domppa.dice import lucky_faces, split_faces

    if not lucky:
        return hit_dice, damage_dice, []
    if hit_dice is None or damage_dice is None:
        raise DomekitError("--lucky needs the faces: --hit-dice and --damage-dice")
    used = False
    steps: list[str] = []
    kept: list[str] = []
    for typed, flag in ((hit_dice, "--hit-dice"), (damage_dice, "--damage-dice")):
        faces, now_used, step = lucky_faces(split_faces(typed, flag), rules.dice, used=used)
        if now_used and not used:
            steps.append(f"{flag}: {step}")
        used = now_used
        kept.append(",".join(map(str, faces)))
    return kept[0], kept[1], steps


def _strike_rolls(
    rules: DomppaRules,
    lucky: bool,
    hit_dice: str | None,
    hit_roll: int | None,
    damage_dice: str | None,
    damage_roll: int | None,
) -> tuple[int, list[str], int, bool | None, list[str]]:
    """A blow's two 2d6, Lucky applied: (to-hit total, its steps, damage total, whether the
    damage dice showed a 6, their steps)."""
    hit_dice, damage_dice, lucky_steps = _lucky(rules, lucky, hit_dice, damage_dice)
    hit_total, _, hit_steps = _roll(rules, hit_dice, hit_roll, "--hit-dice", "--hit-roll")
    damage_total, shows_six, damage_steps = _roll(
        rules, damage_dice, damage_roll, "--damage-dice", "--damage-roll"
    )
    return hit_total, lucky_steps + hit_steps, damage_total, shows_six, damage_steps


def _strike_result(strike: Any, steps: list[str], damage_steps: list[str]) -> dict[str, Any]:
    """A melee or ranged outcome as printed: the damage steps only when the blow hit."""
    steps = steps + strike.hit.steps
    if strike.damage is not None:
        steps += damage_steps + strike.damage.steps
    return {
        "hit": strike.hit.hit,
        "shield_hit": strike.hit.shield_hit,
        **_damage_fields(strike),
        "hit_total": strike.hit.total,
        "hit_target": strike.hit.target,
        "steps": steps,
    }


def _test_result(outcome: Any, verdict: str, roll_steps: list[str]) -> dict[str, Any]:
    """A 2d6 test as printed: total, target, the verdict field, the roll's steps then the test's."""
    return {
        "total": outcome.total,
        "target": outcome.target,
        verdict: getattr(outcome, verdict),
        "steps": [*roll_steps, *outcome.steps],
    }


def _not_negative(**values: int | None) -> None:
    for name, value in values.items():
        if value is not None and value < 0:
            raise DomekitError(f"--{name.replace('_', '-')} must not be negative (got {value})")


def _darkness(choice: DarknessChoice | None) -> Any:
    return None if choice is None else choice.name


@app.command()
def hp(
    ctx: typer.Context,
    health: int = typer.Option(..., "--health", help="The Health stat."),
    size: int | None = typer.Option(None, "--size", help="The unit's size, if its data gives one."),
    as_json: bool = JSON,
) -> None:
    """Hit points from Health (tiered), and the size the table reads from them."""
    from toolkit.games.domppa.rules import hit_points, unit_size

    rules = _rules(ctx)
    points = hit_points(rules, health)
    sized = unit_size(rules, points.hp, size)
    result = {"health": health, "hp": points.hp, "size": sized.size}
    _emit({**result, "steps": [*points.steps, *sized.steps]}, as_json, "Domppa hit points")


def _damage_fields(strike: Any) -> dict[str, Any]:
    damage = strike.damage
    return {
        "damage": damage.damage if damage else 0,
        "hp_loss": damage.hp_loss if damage else 0,
        "fatigue": damage.fatigue if damage else 0,
        "ignites": damage.ignites if damage else False,
        "freeze_check": damage.freeze_check if damage else False,
        "poison_schedule": damage.poison_schedule if damage else [],
        "paralysis_rounds": damage.paralysis_rounds if damage else 0,
        "morale_test": damage.morale_test if damage else False,
    }


def _blow_and_guard(
    rules: DomppaRules,
    *,
    strength: int,
    weapon_damage: int,
    damage_type: TypeChoice,
    element: ElementChoice,
    stun: bool,
    bonus: int,
    protection: int,
    shield_protection: int,
    resist: int,
    size: int | None,
    damage_shows_six: bool | None,
) -> tuple[Any, Any]:
    from toolkit.games.domppa.rules import Blow, DamageType, Element, Guard

    if element is ElementChoice.fire and damage_shows_six is None:
        raise DomekitError("fire damage needs --damage-dice: it catches fire on a 6 in the roll")
    if element is ElementChoice.paralysis and size is None:
        raise DomekitError("paralysis damage needs the target's --size")
    blow = Blow(
        strength=strength,
        weapon_damage=weapon_damage,
        damage_type=DamageType(damage_type.value),
        element=Element(element.value),
        stun=stun,
        bonus=bonus,
    )
    guard = Guard(
        protection=protection, shield_protection=shield_protection, resist=resist, size=size or 0
    )
    return blow, guard


@app.command()
def melee(
    ctx: typer.Context,
    attack: int = typer.Option(..., "--attack", help="Attacker's attack skill."),
    defence: int = typer.Option(..., "--defence", help="Defender's defence, without the shield."),
    parry: int = typer.Option(0, "--parry", help="Defender's shield parry (added to defence)."),
    shield_protection: int = SHIELD_PROTECTION,
    strength: int = typer.Option(..., "--strength", help="Attacker's strength."),
    weapon_damage: int = WEAPON_DAMAGE,
    protection: int = typer.Option(
        ..., "--protection", help="Defender's protection total, before the over-20 halving."
    ),
    damage_type: TypeChoice = DAMAGE_TYPE,
    element: ElementChoice = ELEMENT,
    stun: bool = STUN,
    resist: int = typer.Option(0, "--resist", help="Defender's Resist X against the element."),
    head: bool = HEAD,
    size: int | None = typer.Option(None, "--size", help="Defender's size (paralysis)."),
    lance_squares: int = typer.Option(0, "--lance-squares", help="Squares charged straight."),
    hit_dice: str | None = HIT_DICE,
    hit_roll: int | None = HIT_ROLL,
    damage_dice: str | None = DAMAGE_DICE,
    damage_roll: int | None = DAMAGE_ROLL,
    darkness: DarknessChoice | None = DARKNESS,
    dark_vision: bool = typer.Option(False, "--dark-vision", help="Attacker has Dark Vision."),
    defender_dark_vision: bool = typer.Option(False, "--defender-dark-vision"),
    fatigue: int = typer.Option(0, "--fatigue", help="Attacker's fatigue."),
    defender_fatigue: int = typer.Option(0, "--defender-fatigue", help="Defender's fatigue."),
    blows_received: int = typer.Option(
        0, "--blows-received", help="Blows the defender already took this round."
    ),
    fleeing: bool = typer.Option(False, "--fleeing", help="The attacker is fleeing."),
    defender_fleeing: bool = typer.Option(False, "--defender-fleeing"),
    berserk: int = typer.Option(0, "--berserk", help="Attacker is berserk +X."),
    defender_berserk: int = typer.Option(0, "--defender-berserk", help="Defender is berserk +X."),
    lucky: bool = LUCKY,
    as_json: bool = JSON,
) -> None:
    """One melee blow: 2d6 - 7 + attack vs defence + parry, then damage vs protection."""
    from toolkit.games.domppa.conditions import Conditions, melee_sides
    from toolkit.games.domppa.rules import lance_bonus, melee_outcome

    _not_negative(
        attack=attack,
        defence=defence,
        parry=parry,
        shield_protection=shield_protection,
        strength=strength,
        weapon_damage=weapon_damage,
        protection=protection,
        resist=resist,
        size=size,
        lance_squares=lance_squares,
        fatigue=fatigue,
        defender_fatigue=defender_fatigue,
        blows_received=blows_received,
        berserk=berserk,
        defender_berserk=defender_berserk,
    )
    rules = _rules(ctx)
    hit_total, hit_steps, damage_total, shows_six, damage_steps = _strike_rolls(
        rules, lucky, hit_dice, hit_roll, damage_dice, damage_roll
    )
    sides = melee_sides(
        rules,
        attack=attack,
        strength=strength,
        defence=defence,
        parry=parry,
        attacker=Conditions(
            fatigue=fatigue,
            darkness=_darkness(darkness),
            dark_vision=dark_vision,
            fleeing=fleeing,
            berserk=berserk,
        ),
        defender=Conditions(
            fatigue=defender_fatigue,
            darkness=_darkness(darkness),
            dark_vision=defender_dark_vision,
            fleeing=defender_fleeing,
            blows_received=blows_received,
            berserk=defender_berserk,
        ),
    )
    blow, guard = _blow_and_guard(
        rules,
        strength=sides.attacker.strength,
        weapon_damage=weapon_damage,
        damage_type=damage_type,
        element=element,
        stun=stun,
        bonus=lance_bonus(rules, lance_squares),
        protection=protection + sides.protection_bonus,
        shield_protection=shield_protection,
        resist=resist,
        size=size,
        damage_shows_six=shows_six,
    )
    strike = melee_outcome(
        rules,
        attack=sides.attacker.attack,
        defence=sides.defender.defence,
        parry=sides.parry,
        blow=blow,
        guard=guard,
        hit_total=hit_total,
        damage_total=damage_total,
        damage_shows_six=bool(shows_six),
        head=head,
    )
    steps = [*hit_steps, *sides.steps]
    if lance_squares:
        steps.append(f"lance: {lance_squares} squares straight, +{blow.bonus} damage")
    result = _strike_result(strike, steps, damage_steps)
    _emit(result, as_json, "Domppa melee")


@app.command()
def ranged(
    ctx: typer.Context,
    precision: int = typer.Option(..., "--precision", help="Shooter's precision."),
    size: int = typer.Option(..., "--size", help="Target's size."),
    distance: int = typer.Option(..., "--distance", help="Distance in squares."),
    parry: int = typer.Option(0, "--parry", help="Target's shield parry (counts x 2)."),
    shield_protection: int = SHIELD_PROTECTION,
    strength: int = typer.Option(..., "--strength", help="Shooter's strength."),
    weapon_damage: int = WEAPON_DAMAGE,
    protection: int = typer.Option(
        ..., "--protection", help="Target's protection total, before the over-20 halving."
    ),
    damage_type: TypeChoice = DAMAGE_TYPE,
    element: ElementChoice = ELEMENT,
    stun: bool = STUN,
    resist: int = typer.Option(0, "--resist", help="Target's Resist X against the element."),
    head: bool = HEAD,
    hit_dice: str | None = HIT_DICE,
    hit_roll: int | None = HIT_ROLL,
    damage_dice: str | None = DAMAGE_DICE,
    damage_roll: int | None = DAMAGE_ROLL,
    darkness: DarknessChoice | None = DARKNESS,
    dark_vision: bool = typer.Option(False, "--dark-vision", help="Shooter has Dark Vision."),
    in_melee: bool = typer.Option(False, "--in-melee", help="The shooter is in melee."),
    berserk: bool = typer.Option(False, "--berserk", help="The shooter is berserk."),
    lucky: bool = LUCKY,
    as_json: bool = JSON,
) -> None:
    """One shot: 2d6 + precision + size vs 14 + distance + 2 x parry, then damage as in melee."""
    from toolkit.errors import RuleError
    from toolkit.games.domppa.conditions import darkness_penalty
    from toolkit.games.domppa.rules import ranged_outcome

    _not_negative(
        size=size,
        distance=distance,
        parry=parry,
        shield_protection=shield_protection,
        strength=strength,
        weapon_damage=weapon_damage,
        protection=protection,
        resist=resist,
    )
    if berserk:
        raise RuleError("Berserk", "a berserk character cannot shoot")
    rules = _rules(ctx)
    hit_total, hit_steps, damage_total, shows_six, damage_steps = _strike_rolls(
        rules, lucky, hit_dice, hit_roll, damage_dice, damage_roll
    )
    dark = darkness_penalty(rules, _darkness(darkness), dark_vision)
    blow, guard = _blow_and_guard(
        rules,
        strength=strength,
        weapon_damage=weapon_damage,
        damage_type=damage_type,
        element=element,
        stun=stun,
        bonus=0,
        protection=protection,
        shield_protection=shield_protection,
        resist=resist,
        size=size,
        damage_shows_six=shows_six,
    )
    strike = ranged_outcome(
        rules,
        precision=precision - dark,
        size=size,
        distance=distance,
        parry=parry,
        blow=blow,
        guard=guard,
        hit_total=hit_total,
        damage_total=damage_total,
        damage_shows_six=bool(shows_six),
        head=head,
        in_melee=in_melee,
    )
    steps = [*hit_steps]
    if dark and darkness is not None:
        steps.append(f"{darkness.value}: precision {precision} - {dark} = {precision - dark}")
    result = _strike_result(strike, steps, damage_steps)
    _emit(result, as_json, "Domppa ranged")


@app.command()
def morale(
    ctx: typer.Context,
    morale_stat: int = typer.Option(..., "--morale", help="The character's morale."),
    max_hp: int = typer.Option(..., "--max-hp", help="Max HP."),
    hp: int = typer.Option(..., "--hp", help="HP now."),
    dice: str | None = DICE,
    roll: int | None = ROLL,
    inspirational: list[int] = typer.Option(
        [], "--inspirational", help="Inspirational X in the party (repeat; the largest counts)."
    ),
    standard: bool = typer.Option(False, "--standard", help="A standard bearer in the party."),
    berserk: bool = typer.Option(False, "--berserk", help="Berserk: morale counts 50."),
    rally_test: bool = typer.Option(False, "--rally", help="A rally: the re-rolled test."),
    as_json: bool = JSON,
) -> None:
    """Morale after damage: 2d6 + morale vs 12 + the missing-HP penalty (the more favourable)."""
    from toolkit.games.domppa.abilities import party_morale_bonus
    from toolkit.games.domppa.rules import morale_test, rally

    rules, total_2d6, roll_steps = _rules_and_roll(ctx, dice, roll)
    bonus, bonus_steps = party_morale_bonus(
        rules, inspirational=inspirational, standards=int(standard)
    )
    value = rules.morale.berserk_morale if berserk else morale_stat
    test = (rally if rally_test else morale_test)(
        rules, morale=value, max_hp=max_hp, hp=hp, roll_total=total_2d6, bonus=bonus
    )
    steps = [*roll_steps]
    if berserk:
        steps.append(f"berserk: morale {value}")
    if bonus:
        steps += bonus_steps
    result = {
        "target": test.target,
        "total": test.total,
        "passed": test.passed,
        "penalty": test.penalty,
        "fleeing": test.fleeing,
        "steps": [*steps, *test.steps],
    }
    _emit(result, as_json, "Domppa morale")


@app.command()
def poison(
    ctx: typer.Context,
    damage: int = typer.Option(..., "--damage", help="Total poison damage (after resistance)."),
    as_json: bool = JSON,
) -> None:
    """Poison: 10% of what is left each turn, rounded up, until all of it is taken."""
    from toolkit.games.domppa.rules import poison_schedule

    outcome = poison_schedule(_rules(ctx), damage)
    result = {
        "damage": damage,
        "schedule": outcome.schedule,
        "turns": len(outcome.schedule),
        "steps": outcome.steps,
    }
    _emit(result, as_json, "Domppa poison")


@app.command()
def ap(
    ctx: typer.Context,
    equipment_encumbrance: int = typer.Option(
        ..., "--equipment-encumbrance", help="Equipment encumbrance."
    ),
    basic_encumbrance: int | None = typer.Option(
        None, "--basic-encumbrance", help="Basic Encumbrance X (replaces the base 3)."
    ),
    fire_power: int = typer.Option(0, "--fire-power", help="Fire Power X."),
    heat_scale: int = typer.Option(0, "--heat-scale", help="The province's heat scale."),
    as_json: bool = JSON,
) -> None:
    """Action points (12 - equipment encumbrance), encumbrance and spell casting encumbrance."""
    from toolkit.games.domppa.rules import action_points, encumbrance

    rules = _rules(ctx)
    load = encumbrance(rules, equipment_encumbrance, basic_encumbrance)
    points = action_points(rules, equipment_encumbrance, fire_power * heat_scale)
    result = {
        "ap": points.ap,
        "encumbrance": load.encumbrance,
        "spell_encumbrance": load.spell_encumbrance,
        "steps": [*load.steps[:2], *points.steps],
    }
    _emit(result, as_json, "Domppa action points")


@app.command()
def fear(
    ctx: typer.Context,
    fear_value: int = typer.Option(..., "--fear", help="Fear X of the one causing fear."),
    death_paths: int = typer.Option(0, "--death-paths", help="Its Death paths (+1 fear each)."),
    morale_stat: int = typer.Option(..., "--morale", help="The target's morale."),
    max_hp: int = typer.Option(..., "--max-hp", help="The target's max HP."),
    hp: int = typer.Option(..., "--hp", help="The target's HP now."),
    dice: str | None = DICE,
    roll: int | None = ROLL,
    as_json: bool = JSON,
) -> None:
    """Fear: 2d6 + fear/5 vs the target's morale - the missing-HP penalty."""
    from toolkit.games.domppa.rules import fear_test

    rules, total_2d6, roll_steps = _rules_and_roll(ctx, dice, roll)
    test = fear_test(
        rules,
        fear=fear_value,
        death_paths=death_paths,
        morale=morale_stat,
        max_hp=max_hp,
        hp=hp,
        roll_total=total_2d6,
    )
    result = _test_result(test, "broken", roll_steps)
    _emit(result, as_json, "Domppa fear")


@app.command()
def awe(
    ctx: typer.Context,
    morale_stat: int = typer.Option(..., "--morale", help="The would-be attacker's morale."),
    awe_value: int = typer.Option(..., "--awe", help="Awe X of the one to be struck."),
    dice: str | None = DICE,
    roll: int | None = ROLL,
    as_json: bool = JSON,
) -> None:
    """Awe: to strike, 2d6 - 7 + morale vs 10 + awe."""
    from toolkit.games.domppa.rules import awe_test

    rules, total_2d6, roll_steps = _rules_and_roll(ctx, dice, roll)
    test = awe_test(rules, morale=morale_stat, awe=awe_value, roll_total=total_2d6)
    result = _test_result(test, "may_strike", roll_steps)
    _emit(result, as_json, "Domppa awe")


@app.command()
def lance(
    ctx: typer.Context,
    attack: int = typer.Option(..., "--attack", help="The lancer's attack skill."),
    target_protection: int = typer.Option(
        ..., "--target-protection", help="The target's armour: armour, natural, shield..."
    ),
    modifiers: int = typer.Option(0, "--modifiers", help="Other modifiers to the roll."),
    squares: int = typer.Option(0, "--squares", help="Squares moved straight (bonus damage)."),
    dice: str | None = DICE,
    roll: int | None = ROLL,
    as_json: bool = JSON,
) -> None:
    """Lance: +1 damage per straight square; breakage 2d6 + attack: <17 broken, 17-19 dropped."""
    from toolkit.games.domppa.rules import lance_bonus, lance_breakage

    rules, total_2d6, roll_steps = _rules_and_roll(ctx, dice, roll)
    bonus = lance_bonus(rules, squares)
    outcome = lance_breakage(
        rules,
        attack=attack,
        target_protection=target_protection,
        roll_total=total_2d6,
        modifiers=modifiers,
    )
    result = {
        "bonus": bonus,
        "total": outcome.total,
        "result": outcome.result,
        "steps": [f"{squares} squares straight: +{bonus} damage", *roll_steps, *outcome.steps],
    }
    _emit(result, as_json, "Domppa lance")


@app.command()
def paralysis(
    ctx: typer.Context,
    damage: int = typer.Option(..., "--damage", help="Paralysis damage taken."),
    size: int = typer.Option(..., "--size", help="The target's size."),
    as_json: bool = JSON,
) -> None:
    """Paralysis: (damage - size) / 2 rounds, rounded down, at least 0."""
    from toolkit.games.domppa.rules import paralysis_rounds

    outcome = paralysis_rounds(_rules(ctx), damage, size)
    _emit({"rounds": outcome.rounds, "steps": outcome.steps}, as_json, "Domppa paralysis")


@app.command()
def scatter(
    ctx: typer.Context,
    precision: int = typer.Option(..., "--precision", help="The caster's precision."),
    distance: int = typer.Option(..., "--distance", help="Distance in squares."),
    size: int = typer.Option(0, "--size", help="Target's size, if a unit is targeted."),
    dice: str | None = DICE,
    roll: int | None = ROLL,
    as_json: bool = JSON,
) -> None:
    """AoE scatter: (attack roll - 14 - distance/2) / 2 squares when short, no shield."""
    from toolkit.games.domppa.rules import aoe_scatter

    rules, total_2d6, roll_steps = _rules_and_roll(ctx, dice, roll)
    outcome = aoe_scatter(
        rules, roll_total=total_2d6, precision=precision, distance=distance, size=size
    )
    result = _test_result(outcome, "squares", roll_steps)
    _emit(result, as_json, "Domppa AoE scatter")


@app.command()
def penetration(
    ctx: typer.Context,
    magic_resistance: int = typer.Option(..., "--magic-resistance", help="The target's MR."),
    spell_path: int = typer.Option(..., "--spell-path", help="The spell's path level."),
    additional_path: int = typer.Option(
        0, "--additional-path", help="The caster's additional path levels."
    ),
    dice: str | None = DICE,
    roll: int | None = ROLL,
    as_json: bool = JSON,
) -> None:
    """Magic resistance: 2d6 + 3 + additional path/2 vs MR + spell path/2."""
    from toolkit.games.domppa.rules import magic_penetration

    rules, total_2d6, roll_steps = _rules_and_roll(ctx, dice, roll)
    outcome = magic_penetration(
        rules,
        magic_resistance=magic_resistance,
        spell_path=spell_path,
        additional_path=additional_path,
        roll_total=total_2d6,
    )
    result = _test_result(outcome, "penetrates", roll_steps)
    _emit(result, as_json, "Domppa magic penetration")


@app.command()
def action(
    ctx: typer.Context,
    name: str = typer.Argument(..., help="The action, e.g. move, disengage, attack, rally."),
    remaining_ap: int = typer.Option(..., "--remaining-ap", help="AP left this turn."),
    squares: int = typer.Option(0, "--squares", help="Squares moved straight (movement)."),
    diagonal: int = typer.Option(0, "--diagonal", help="Squares moved diagonally."),
    difficult: int = typer.Option(0, "--difficult", help="Of those, squares of difficult terrain."),
    bodyguard: int = typer.Option(0, "--bodyguard", help="Bodyguard X of the enemy beside."),
    as_json: bool = JSON,
) -> None:
    """The AP an action costs, from the actions table."""
    from toolkit.games.domppa.rules import action_cost

    outcome = action_cost(
        _rules(ctx),
        name.replace("-", "_"),
        remaining_ap=remaining_ap,
        squares=squares,
        diagonal_squares=diagonal,
        difficult_squares=difficult,
        bodyguard=bodyguard,
    )
    result = {"ap": outcome.ap, "remaining_ap": outcome.remaining, "steps": outcome.steps}
    _emit(result, as_json, "Domppa action")


@app.command("heat-aura")
def heat_aura(
    ctx: typer.Context,
    level: int = typer.Option(..., "--level", help="Heat Aura X."),
    fire_resist: int = typer.Option(0, "--fire-resist", help="The victim's Resist fire X."),
    dice: str | None = DICE,
    as_json: bool = JSON,
) -> None:
    """Heat aura: its area in squares and, with --dice, the 2d6 - 2 fire stun it deals."""
    from toolkit.games.domppa.abilities import heat_aura_area, heat_aura_damage

    rules = _rules(ctx)
    area = heat_aura_area(rules, level)
    result: dict[str, Any] = {"area": area}
    steps = [f"Heat Aura {level}: {area} squares"]
    if dice is not None:
        total_2d6, shows_six, roll_steps = _roll(rules, dice, None, "--dice", "--roll")
        damage = heat_aura_damage(
            rules, roll_total=total_2d6, fire_resist=fire_resist, roll_shows_six=bool(shows_six)
        )
        result.update(fatigue=damage.fatigue, ignites=damage.ignites)
        steps += roll_steps + damage.steps
    _emit({**result, "steps": steps}, as_json, "Domppa heat aura")


@app.command("fire-shield")
def fire_shield(
    ctx: typer.Context,
    fire_paths: int = typer.Option(..., "--fire-paths", help="The shielded caster's fire paths."),
    protection: int = typer.Option(
        ..., "--protection", help="The striker's protection total, before the over-20 halving."
    ),
    fire_resist: int = typer.Option(0, "--fire-resist", help="The striker's Resist fire X."),
    dice: str = typer.Option(..., "--dice", help=DICE_HELP),
    as_json: bool = JSON,
) -> None:
    """Fire Shield: one who strikes takes 2d6 + 1 per fire path above one, fire damage."""
    from toolkit.games.domppa.abilities import fire_shield_damage

    rules = _rules(ctx)
    total_2d6, shows_six, roll_steps = _roll(rules, dice, None, "--dice", "--roll")
    damage = fire_shield_damage(
        rules,
        roll_total=total_2d6,
        fire_paths=fire_paths,
        protection=protection,
        fire_resist=fire_resist,
        roll_shows_six=bool(shows_six),
    )
    result = {
        "damage": damage.damage,
        "ignites": damage.ignites,
        "steps": [*roll_steps, *damage.steps],
    }
    _emit(result, as_json, "Domppa fire shield")


@app.command("put-out")
def put_out(
    ctx: typer.Context,
    fire_resist: int = typer.Option(0, "--fire-resist", help="Resist fire X."),
    cold_scale: int = typer.Option(0, "--cold-scale", help="Cold scale (heat is negative)."),
    rain: bool = typer.Option(False, "--rain", help="It rains."),
    as_json: bool = JSON,
) -> None:
    """A burning character's chance to put the fire out this turn."""
    from toolkit.games.domppa.conditions import put_out_chance

    chance = put_out_chance(_rules(ctx), fire_resist=fire_resist, cold_scale=cold_scale, rain=rain)
    _emit({"chance": chance.percent, "steps": chance.steps}, as_json, "Domppa burning")


@app.command("warm-up")
def warm_up(
    ctx: typer.Context,
    cold_resist: int = typer.Option(0, "--cold-resist", help="Resist cold X."),
    heat_scale: int = typer.Option(0, "--heat-scale", help="Heat scale (cold is negative)."),
    as_json: bool = JSON,
) -> None:
    """A freezing character's chance to warm up this turn."""
    from toolkit.games.domppa.conditions import warm_up_chance

    chance = warm_up_chance(_rules(ctx), cold_resist=cold_resist, heat_scale=heat_scale)
    _emit({"chance": chance.percent, "steps": chance.steps}, as_json, "Domppa freezing")


@app.command()
def stealth(
    ctx: typer.Context,
    stealth_value: int = typer.Option(..., "--stealth", help="Stealthy X."),
    dice: str = typer.Option("", "--dice", help="The stealth dice's faces, e.g. 6,2."),
    as_json: bool = JSON,
) -> None:
    """Stealth dice: one per full 20 of stealth; each 6+ is a success."""
    from toolkit.games.domppa.abilities import stealth_dice, stealth_successes
    from toolkit.games.domppa.dice import split_faces

    rules = _rules(ctx)
    count = stealth_dice(rules, stealth_value)
    faces = split_faces(dice, "--dice") if dice.strip() else []
    successes = stealth_successes(rules, stealth_value, faces)
    result = {
        "dice": count,
        "successes": successes,
        "steps": [
            f"stealth {stealth_value} / {rules.abilities.stealth_per_die} = {count} dice",
            f"faces {', '.join(map(str, faces)) or 'none'}: {successes} success(es) on "
            f"{rules.abilities.stealth_success_from}+",
        ],
    }
    _emit(result, as_json, "Domppa stealth")


@app.command()
def healer(
    ctx: typer.Context,
    level: int = typer.Option(..., "--level", help="Healer X (Recuperation: 2)."),
    dice: str = typer.Option(..., "--dice", help="The two plain d6 faces, e.g. 2,3."),
    as_json: bool = JSON,
) -> None:
    """Healer's daily roll: both dice at most the level removes one affliction."""
    from toolkit.games.domppa.abilities import healer_check
    from toolkit.games.domppa.dice import split_faces

    rules = _rules(ctx)
    faces = split_faces(dice, "--dice")
    if len(faces) != 2:
        raise DomekitError(f"--dice: the healer rolls two plain d6s (got {dice!r})")
    success = healer_check(rules, level, faces[0], faces[1])
    verdict = "one affliction removed" if success else "no affliction removed"
    result = {
        "success": success,
        "steps": [f"dice {faces[0]} and {faces[1]}, both at most {level}? {verdict}"],
    }
    _emit(result, as_json, "Domppa healer")


@app.command()
def pillage(
    ctx: typer.Context,
    die: int = typer.Option(..., "--die", help="The d6 rolled."),
    bonus: int = typer.Option(0, "--bonus", help="The party's pillage bonus."),
    as_json: bool = JSON,
) -> None:
    """Pillage: unrest rises by (d6 + pillage bonus) x 5."""
    from toolkit.games.domppa.abilities import pillage_unrest

    rules = _rules(ctx)
    unrest = pillage_unrest(rules, die, bonus)
    step = f"({die} + {bonus}) x {rules.abilities.pillage_multiplier} = {unrest}"
    _emit({"unrest": unrest, "steps": [step]}, as_json, "Domppa pillage")


@app.command()
def abilities(
    ctx: typer.Context,
    as_json: bool = JSON,
) -> None:
    """Every ability the rules name, whether the toolkit computes it, and its text."""
    rules = _rules(ctx)
    listed = {
        key: {"name": spec.name, "status": spec.status, "text": spec.text}
        for key, spec in rules.abilities.list.items()
    }
    if as_json:
        _emit({"abilities": listed}, True, "")
        return
    steps = [f"{spec['name']} ({spec['status']}): {spec['text']}" for spec in listed.values()]
    _emit({"abilities": len(listed), "steps": steps}, False, "Domppa abilities")
