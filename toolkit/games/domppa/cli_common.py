"""What `domekit domppa ...`'s commands share: the typer app, the flags several take, reading
the rules and the rolls, printing (cli.py: combat; cli_abilities.py: abilities, story mode).

2d6 rolls are typed as the faces in the order rolled (`--hit-dice 6,3,2`: a 6 that exploded into
a 3, then a 2) or as a plain total (`--hit-roll 10`) where the faces do not matter.
"""

from __future__ import annotations

from dataclasses import dataclass
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
WEAPON_DAMAGE = typer.Option(
    None, "--weapon-damage", help="Weapon damage bonus (or --weapon NAME: its card's)."
)
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


# -- a weapon by its card, a second weapon, formation fighter, a mount (issue 26) --------------

WEAPON = typer.Option(
    None, "--weapon", help="The weapon's card (weapons.csv; none: unarmed): its damage, types, "
    "element, stun and lance instead of --weapon-damage, --type, --element, --stun."
)  # fmt: skip
OFF_HAND = typer.Option(
    None, "--off-hand", help="A second weapon held (weapons.csv): both lengths to hit."
)
AMBIDEXTROUS = typer.Option(0, "--ambidextrous", help="Ambidextrous X of the attacker.")
FORMATION = typer.Option(
    None, "--formation", help="The attacker's formation fighter bonus: attack or defence."
)
DEFENDER_FORMATION = typer.Option(
    None, "--defender-formation", help="The defender's formation fighter bonus: attack or defence."
)
DEFENDER_MOUNT = typer.Option(
    None, "--defender-mount", help="The defender rides: horse (Riding) or chariot (Charioteering)."
)


@dataclass(frozen=True)
class WeaponFlags:
    """A blow's weapon as the flags give it: by its card (`--weapon`) or by its numbers."""

    damage: int
    damage_type: str
    element: str
    stun: bool
    lance: bool
    two_weapon_penalty: int
    steps: list[str]


def weapon_flags(
    folder: Path | None,
    rules: DomppaRules,
    *,
    weapon: str | None,
    off_hand: str | None,
    ambidextrous: int,
    weapon_damage: int | None,
    damage_type: str,
    element: str,
    stun: bool,
) -> WeaponFlags:
    """The weapon's numbers from its card (the same card the tracker and the kit read), or from
    --weapon-damage, --type, --element and --stun; a second weapon's two-weapon penalty."""
    from toolkit.games.domppa.data import UNARMED, load_weapons
    from toolkit.games.domppa.rules import two_weapon_penalty
    from toolkit.games.domppa.state import unarmed

    if weapon is None:
        if weapon_damage is None:
            raise DomekitError(
                "give --weapon-damage, or --weapon NAME (weapons.csv; none: unarmed)"
            )
        if off_hand is not None:
            raise DomekitError("--off-hand needs --weapon: the two-weapon penalty is their lengths")
        return WeaponFlags(weapon_damage, damage_type, element, stun, False, 0, [])
    if weapon_damage is not None or element != "none" or stun:
        raise DomekitError("--weapon gives the damage, element and stun: leave those flags out")
    cards = {w.name.casefold(): w for w in load_weapons(folder, rules)}
    held = []
    for name, flag in ((weapon, "--weapon"), (off_hand, "--off-hand")):
        if name is None:
            continue
        if name.strip().casefold() == UNARMED:
            held.append(unarmed(rules))
            continue
        found = cards.get(name.strip().casefold())
        if found is None:
            names = ", ".join(w.name for w in cards.values())
            raise DomekitError(f"{flag}: no weapon {name!r} in weapons.csv ({names}, or none)")
        held.append(found)
    card = held[0]
    kinds = card.damage_types or ("none",)
    chosen = kinds[0] if damage_type == "none" else damage_type
    if chosen not in kinds:
        raise DomekitError(f"--type: {card.name} does {', '.join(kinds)} damage, not {chosen}")
    penalty, step = two_weapon_penalty([w.length for w in held], ambidextrous)
    name = "unarmed (rules.toml [unarmed])" if card.name == UNARMED else card.name
    steps = [f"{name}: +{card.damage} damage, {chosen}"] + ([step] if len(held) > 1 else [])
    return WeaponFlags(card.damage, chosen, card.element, card.stun, card.lance, penalty, steps)


def formation_of(value: str | None, flag: str) -> Any:
    """--formation's attack or defence (None: no formation)."""
    if value is None:
        return None
    if value.lower() not in ("attack", "defence"):
        raise DomekitError(f"{flag}: attack or defence (formation fighter's +2), got {value!r}")
    return value.lower()


def mount_of(value: str | None) -> Any:
    """--defender-mount's horse or chariot (None: on foot)."""
    if value is None:
        return None
    if value.lower() not in ("horse", "chariot"):
        raise DomekitError(f"--defender-mount: horse or chariot, got {value!r}")
    return value.lower()
