"""`domekit domppa ...`: the Domppa calculators (the combat ones here; the abilities' and story
mode's in cli_abilities.py, registered on the same app; shared flags in cli_common.py).

Parses flags, calls toolkit.games.domppa, prints with toolkit.output.emit. No rules live here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from toolkit.errors import DomekitError
from toolkit.games.domppa import cli_abilities  # noqa: F401 (registers its commands on `app`)
from toolkit.games.domppa.cli_common import (
    AMBIDEXTROUS,
    DAMAGE_DICE,
    DAMAGE_ROLL,
    DAMAGE_TYPE,
    DARKNESS,
    DEFENDER_FORMATION,
    DEFENDER_MOUNT,
    DICE,
    ELEMENT,
    FORMATION,
    HEAD,
    HIT_DICE,
    HIT_ROLL,
    JSON,
    LUCKY,
    OFF_HAND,
    ROLL,
    SHIELD_PROTECTION,
    STUN,
    WEAPON,
    WEAPON_DAMAGE,
    DarknessChoice,
    ElementChoice,
    TypeChoice,
    _darkness,
    _emit,
    _not_negative,
    _rules,
    _rules_and_roll,
    _strike_result,
    _strike_rolls,
    _test_result,
    app,
    formation_of,
    mount_of,
    weapon_flags,
)
from toolkit.output import counted

if TYPE_CHECKING:
    from toolkit.games.domppa.config import DomppaRules

__all__ = ["app"]


@app.command()
def hp(
    ctx: typer.Context,
    health: int = typer.Option(..., "--health", help="The Health stat."),
    size: int | None = typer.Option(None, "--size", help="The unit's size, if its data gives one."),
    mount: str | None = typer.Option(None, "--mount", help="The horse or chariot it rides."),
    as_json: bool = JSON,
) -> None:
    """Hit points from Health (tiered), and the size the table reads from them (a mount's
    added: "Mounts and chariots also raise the size")."""
    from toolkit.games.domppa.data import load_mounts
    from toolkit.games.domppa.rules import hit_points, unit_size

    rules = _rules(ctx)
    points = hit_points(rules, health)
    sized = unit_size(rules, points.hp, size)
    result = {"health": health, "hp": points.hp, "size": sized.size}
    steps = [*points.steps, *sized.steps]
    if mount is not None:
        found = {m.name.casefold(): m for m in load_mounts(ctx.obj)}.get(mount.casefold())
        if found is None:
            raise DomekitError(f"--mount: no horse or chariot {mount!r} in mounts.csv")
        result["size"] = sized.size + found.size
        steps.append(f"on {found.name} ({found.kind}): size {sized.size} + {found.size}")
    _emit({**result, "steps": steps}, as_json, "Domppa hit points")


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
    weapon: str | None = WEAPON,
    off_hand: str | None = OFF_HAND,
    ambidextrous: int = AMBIDEXTROUS,
    formation: str | None = FORMATION,
    defender_formation: str | None = DEFENDER_FORMATION,
    defender_mount: str | None = DEFENDER_MOUNT,
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
        ambidextrous=ambidextrous,
    )
    rules = _rules(ctx)
    card = weapon_flags(
        ctx.obj, rules, weapon=weapon, off_hand=off_hand, ambidextrous=ambidextrous,
        weapon_damage=weapon_damage, damage_type=damage_type.value, element=element.value,
        stun=stun,
    )  # fmt: skip
    if weapon is not None and lance_squares and not card.lance:
        raise DomekitError(f"--lance-squares: {weapon} is not a lance (weapons.csv effects)")
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
            formation=formation_of(formation, "--formation"),
            two_weapon_penalty=card.two_weapon_penalty,
        ),
        defender=Conditions(
            fatigue=defender_fatigue,
            darkness=_darkness(darkness),
            dark_vision=defender_dark_vision,
            fleeing=defender_fleeing,
            blows_received=blows_received,
            berserk=defender_berserk,
            formation=formation_of(defender_formation, "--defender-formation"),
            mount=mount_of(defender_mount),
        ),
    )
    blow, guard = _blow_and_guard(
        rules,
        strength=sides.attacker.strength,
        weapon_damage=card.damage,
        damage_type=TypeChoice(card.damage_type),
        element=ElementChoice(card.element),
        stun=card.stun,
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
    steps = [*card.steps, *hit_steps, *sides.steps]
    if lance_squares:
        steps.append(f"lance: {counted(lance_squares, 'square')} straight, +{blow.bonus} damage")
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
    weapon: str | None = WEAPON,
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
    card = weapon_flags(
        ctx.obj, rules, weapon=weapon, off_hand=None, ambidextrous=0,
        weapon_damage=weapon_damage, damage_type=damage_type.value, element=element.value,
        stun=stun,
    )  # fmt: skip
    blow, guard = _blow_and_guard(
        rules,
        strength=strength,
        weapon_damage=card.damage,
        damage_type=TypeChoice(card.damage_type),
        element=ElementChoice(card.element),
        stun=card.stun,
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
    steps = [*card.steps, *hit_steps]
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
        "steps": [
            f"{counted(squares, 'square')} straight: +{bonus} damage",
            *roll_steps,
            *outcome.steps,
        ],
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
