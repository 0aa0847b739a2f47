"""`domekit odds domppa ...`: melee, ranged, morale, fear and awe odds (toolkit/odds/cli.py).

The flags are `domekit domppa melee/ranged`'s (toolkit/games/domppa/cli.py), minus the rolls
(--hit-dice, --hit-roll, --damage-dice, --damage-roll) and --head (a head hit is now the 10%
chance; --head-protection gives the helmet's total). --lucky re-rolls dice and is not weighed here.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from toolkit.errors import DomekitError
from toolkit.games.domppa import GAME
from toolkit.games.domppa.cli_common import (
    AMBIDEXTROUS,
    DEFENDER_FORMATION,
    DEFENDER_MOUNT,
    FORMATION,
    OFF_HAND,
    formation_of,
    mount_of,
    weapon_flags,
)
from toolkit.games.domppa.cli_common import WEAPON as WEAPON_CARD
from toolkit.odds.cli import ODDS_DATA, ODDS_JSON
from toolkit.parsing import split_list

if TYPE_CHECKING:
    from toolkit.games.domppa.config import Darkness, DomppaRules
    from toolkit.games.domppa.odds import DamageType, Defender, Element

odds_app = typer.Typer(help=GAME.odds_help, no_args_is_help=True)

TYPE_HELP = (
    "Damage type: none, blunt, piercing, slashing, armor-piercing, armor-negating; "
    "several separated by commas are compared (the first is shown in full)."
)


def _damage_types(damage_type: str) -> list[DamageType]:
    from toolkit.games.domppa.odds import DamageType

    kinds: list[DamageType] = []
    for part in split_list(damage_type, "--type") or ["none"]:
        try:
            kinds.append(DamageType(part.lower()))
        except ValueError:
            names = ", ".join(kind.value for kind in DamageType)
            raise DomekitError(f"--type: {part!r} is not one of {names}") from None
    return kinds


def _element(element: str) -> Element:
    from toolkit.games.domppa.odds import Element

    try:
        return Element(element.lower())
    except ValueError:
        names = ", ".join(kind.value for kind in Element)
        raise DomekitError(f"--element: {element!r} is not one of {names}") from None


LIGHTS: tuple[Darkness, ...] = ("night", "pitch_dark", "blind")


def _darkness(value: str | None) -> Darkness | None:
    if value is None:
        return None
    cleaned = value.strip().lower().replace("-", "_")
    for light in LIGHTS:
        if cleaned == light:
            return light
    raise DomekitError(f"--darkness must be night, pitch-dark or blind (got {value!r})")


def _not_negative(**values: int | None) -> None:
    for name, value in values.items():
        if value is not None and value < 0:
            raise DomekitError(f"--{name.replace('_', '-')} must be 0 or more, got {value}")


def _rules(data: Path | None) -> DomppaRules:
    from toolkit.games.domppa.odds import load_rules

    return load_rules(data)


def _target(
    protection: int, head_protection: int | None, shield_protection: int, resist: int,
    size: int | None, hp: int | None, max_hp: int | None, morale: int | None, morale_bonus: int,
    protection_bonus: int = 0, berserk_morale: int | None = None,
) -> Defender:  # fmt: skip
    from toolkit.games.domppa.odds import Defender

    head = protection if head_protection is None else head_protection
    return Defender(
        body=protection + protection_bonus,
        head=head + protection_bonus,
        shield_protection=shield_protection,
        resist=resist,
        size=size or 0,
        hp=hp,
        max_hp=max_hp,
        morale=berserk_morale if (berserk_morale is not None and morale is not None) else morale,
        morale_bonus=morale_bonus,
    )


WEAPON = typer.Option(None, help="Weapon damage bonus (or --weapon NAME: its card's).")
PROTECTION = typer.Option(
    ..., help="Target's protection total on a body hit (armour + natural), before the halving."
)
HEAD_PROTECTION = typer.Option(
    None, help="Target's protection total on a head hit (helmet + natural); default --protection."
)
DAMAGE_TYPE = typer.Option("none", "--type", "--damage-type", help=TYPE_HELP)
ELEMENT = typer.Option("none", help="none, fire, cold, poison or paralysis.")
STUN = typer.Option(False, "--stun", help="Stun damage: fatigue instead of HP.")
SHIELD_PROT = typer.Option(0, help="Shield's protection (added on a shield hit).")
RESIST = typer.Option(0, help="Target's Resist X against the element.")
HP = typer.Option(None, help="Target's HP now: gives p_kill.")
MAX_HP = typer.Option(None, help="Target's max HP (with --morale: p_morale_failure).")
MORALE = typer.Option(None, help="Target's morale: the chance it fails the test after the blow.")
MORALE_BONUS = typer.Option(0, help="Target's party morale bonus (Inspirational, Standard).")
DARKNESS = typer.Option(None, help="Light level: night, pitch-dark or blind.")


@odds_app.command("melee")
def odds_melee(
    attack: int = typer.Option(..., help="Attacker's attack skill."),
    defence: int = typer.Option(..., help="Defender's defence, without the shield."),
    parry: int = typer.Option(0, help="Defender's shield parry (added to defence)."),
    shield_protection: int = SHIELD_PROT,
    strength: int = typer.Option(..., help="Attacker's strength."),
    weapon_damage: int | None = WEAPON,
    protection: int = PROTECTION,
    head_protection: int | None = HEAD_PROTECTION,
    damage_type: str = DAMAGE_TYPE,
    element: str = ELEMENT,
    stun: bool = STUN,
    resist: int = RESIST,
    size: int | None = typer.Option(None, help="Defender's size (paralysis)."),
    lance_squares: int = typer.Option(0, help="Squares charged straight."),
    darkness: str | None = DARKNESS,
    dark_vision: bool = typer.Option(False, "--dark-vision", help="Attacker has Dark Vision."),
    defender_dark_vision: bool = typer.Option(False, "--defender-dark-vision"),
    fatigue: int = typer.Option(0, help="Attacker's fatigue."),
    defender_fatigue: int = typer.Option(0, help="Defender's fatigue."),
    blows_received: int = typer.Option(0, help="Blows the defender already took this round."),
    fleeing: bool = typer.Option(False, "--fleeing", help="The attacker is fleeing."),
    defender_fleeing: bool = typer.Option(False, "--defender-fleeing"),
    berserk: int = typer.Option(0, help="Attacker is berserk +X."),
    defender_berserk: int = typer.Option(0, help="Defender is berserk +X."),
    weapon: str | None = WEAPON_CARD,
    off_hand: str | None = OFF_HAND,
    ambidextrous: int = AMBIDEXTROUS,
    formation: str | None = FORMATION,
    defender_formation: str | None = DEFENDER_FORMATION,
    defender_mount: str | None = DEFENDER_MOUNT,
    hp: int | None = HP,
    max_hp: int | None = MAX_HP,
    morale: int | None = MORALE,
    morale_bonus: int = MORALE_BONUS,
    data: Path | None = ODDS_DATA,
    as_json: bool = ODDS_JSON,
) -> None:
    """One melee blow: hit, shield hit, head hit, damage, kill and morale failure chances."""
    from toolkit.games.domppa.conditions import Conditions, melee_sides
    from toolkit.games.domppa.odds import Blow, melee_odds
    from toolkit.games.domppa.rules import lance_bonus
    from toolkit.odds.render import emit_odds

    _not_negative(
        attack=attack, defence=defence, parry=parry, shield_protection=shield_protection,
        strength=strength, weapon_damage=weapon_damage, protection=protection,
        head_protection=head_protection, resist=resist, size=size, lance_squares=lance_squares,
        fatigue=fatigue, defender_fatigue=defender_fatigue, blows_received=blows_received,
        berserk=berserk, defender_berserk=defender_berserk, ambidextrous=ambidextrous,
    )  # fmt: skip
    rules = _rules(data)
    light = _darkness(darkness)
    kinds = _damage_types(damage_type)
    card = weapon_flags(
        data, rules, weapon=weapon, off_hand=off_hand, ambidextrous=ambidextrous,
        weapon_damage=weapon_damage, damage_type=kinds[0].value, element=element, stun=stun,
    )  # fmt: skip
    if weapon is not None:
        # A weapon with several damage types and none chosen: a choice left to the player,
        # weighed every way (the first in full, the best and the worst beside it).
        kinds = _card_kinds(data, rules, weapon, damage_type, card.damage_type)
    # The same sides `domekit domppa melee` fights with: conditions, parry, berserk protection.
    sides = melee_sides(
        rules, attack=attack, strength=strength, defence=defence, parry=parry,
        attacker=Conditions(
            fatigue=fatigue, darkness=light, dark_vision=dark_vision, fleeing=fleeing,
            berserk=berserk, formation=formation_of(formation, "--formation"),
            two_weapon_penalty=card.two_weapon_penalty,
        ),
        defender=Conditions(
            fatigue=defender_fatigue, darkness=light, dark_vision=defender_dark_vision,
            fleeing=defender_fleeing, blows_received=blows_received, berserk=defender_berserk,
            formation=formation_of(defender_formation, "--defender-formation"),
            mount=mount_of(defender_mount),
        ),
    )  # fmt: skip
    blow = Blow(
        strength=sides.attacker.strength,
        weapon_damage=card.damage,
        damage_type=kinds[0],
        element=_element(card.element),
        stun=card.stun,
        bonus=lance_bonus(rules, lance_squares),
    )
    target = _target(
        protection, head_protection, shield_protection, resist, size, hp, max_hp, morale,
        morale_bonus, sides.protection_bonus, sides.defender.morale,
    )  # fmt: skip
    result = melee_odds(
        rules,
        attack=sides.attacker.attack,
        defence=sides.defender.defence,
        parry=sides.parry,
        blow=blow,
        defender=target,
        damage_types=kinds,
    )
    result["steps"] = card.steps + sides.steps + result["steps"]
    emit_odds(result, as_json=as_json, title="Domppa melee odds")


def _card_kinds(
    data: Path | None, rules: DomppaRules, weapon: str, typed: str, chosen: str
) -> list[DamageType]:
    """The damage types the odds weigh for a weapon's card: the one chosen (--type), else all of
    the card's, the first first."""
    from toolkit.games.domppa.data import load_weapons
    from toolkit.games.domppa.odds import DamageType

    if typed != "none":
        return _damage_types(typed)
    found = {w.name.casefold(): w for w in load_weapons(data, rules)}.get(weapon.casefold())
    kinds = list(found.damage_types) if found is not None else [chosen]
    return [DamageType(kind) for kind in kinds] or [DamageType(chosen)]


@odds_app.command("ranged")
def odds_ranged(
    precision: int = typer.Option(..., help="Shooter's precision."),
    size: int = typer.Option(..., help="Target's size."),
    distance: int = typer.Option(..., help="Distance in squares."),
    parry: int = typer.Option(0, help="Target's shield parry (counts x 2)."),
    shield_protection: int = SHIELD_PROT,
    strength: int = typer.Option(..., help="Shooter's strength."),
    weapon_damage: int | None = WEAPON,
    protection: int = PROTECTION,
    head_protection: int | None = HEAD_PROTECTION,
    damage_type: str = DAMAGE_TYPE,
    element: str = ELEMENT,
    stun: bool = STUN,
    resist: int = RESIST,
    darkness: str | None = DARKNESS,
    dark_vision: bool = typer.Option(False, "--dark-vision", help="Shooter has Dark Vision."),
    in_melee: bool = typer.Option(False, "--in-melee", help="The shooter is in melee."),
    berserk: bool = typer.Option(False, "--berserk", help="The shooter is berserk."),
    weapon: str | None = WEAPON_CARD,
    hp: int | None = HP,
    max_hp: int | None = MAX_HP,
    morale: int | None = MORALE,
    morale_bonus: int = MORALE_BONUS,
    data: Path | None = ODDS_DATA,
    as_json: bool = ODDS_JSON,
) -> None:
    """One shot: hit, shield hit, head hit, damage, kill and morale failure chances."""
    from toolkit.errors import RuleError
    from toolkit.games.domppa.conditions import darkness_penalty
    from toolkit.games.domppa.odds import Blow, ranged_odds
    from toolkit.odds.render import emit_odds

    _not_negative(
        size=size, distance=distance, parry=parry, shield_protection=shield_protection,
        strength=strength, weapon_damage=weapon_damage, protection=protection,
        head_protection=head_protection, resist=resist,
    )  # fmt: skip
    if berserk:
        raise RuleError("Berserk", "a berserk character cannot shoot")
    rules = _rules(data)
    dark = darkness_penalty(rules, _darkness(darkness), dark_vision)
    kinds = _damage_types(damage_type)
    card = weapon_flags(
        data, rules, weapon=weapon, off_hand=None, ambidextrous=0, weapon_damage=weapon_damage,
        damage_type=kinds[0].value, element=element, stun=stun,
    )  # fmt: skip
    if weapon is not None:
        kinds = _card_kinds(data, rules, weapon, damage_type, card.damage_type)
    blow = Blow(
        strength=strength,
        weapon_damage=card.damage,
        damage_type=kinds[0],
        element=_element(card.element),
        stun=card.stun,
    )
    target = _target(
        protection, head_protection, shield_protection, resist, size, hp, max_hp, morale,
        morale_bonus,
    )  # fmt: skip
    result = ranged_odds(
        rules,
        precision=precision - dark,
        distance=distance,
        parry=parry,
        in_melee=in_melee,
        blow=blow,
        defender=target,
        damage_types=kinds,
    )
    if dark:
        result["steps"].insert(0, f"darkness: precision {precision} - {dark} = {precision - dark}")
    emit_odds(result, as_json=as_json, title="Domppa ranged odds")


@odds_app.command("morale")
def odds_morale(
    morale: int = typer.Option(..., help="The character's morale."),
    max_hp: int = typer.Option(..., help="Max HP."),
    hp: int = typer.Option(..., help="HP now."),
    inspirational: list[int] = typer.Option(
        [], "--inspirational", help="Inspirational X in the party (repeat; the largest counts)."
    ),
    standard: bool = typer.Option(False, "--standard", help="A standard bearer in the party."),
    berserk: bool = typer.Option(False, "--berserk", help="Berserk: morale counts 50."),
    rally: bool = typer.Option(False, "--rally", help="A rally: the re-rolled test (same odds)."),
    data: Path | None = ODDS_DATA,
    as_json: bool = ODDS_JSON,
) -> None:
    """A morale test now: chance to pass (a tie passes) or flee."""
    from toolkit.games.domppa.abilities import party_morale_bonus
    from toolkit.games.domppa.odds import morale_odds
    from toolkit.odds.render import emit_odds

    rules = _rules(data)
    bonus, bonus_steps = party_morale_bonus(
        rules, inspirational=inspirational, standards=int(standard)
    )
    value = rules.morale.berserk_morale if berserk else morale
    result = morale_odds(rules, morale=value, max_hp=max_hp, hp=hp, bonus=bonus)
    result["steps"] = (
        ([f"berserk: morale {value}"] if berserk else [])
        + (bonus_steps if bonus else [])
        + (["a rally re-rolls the test: the same chance"] if rally else [])
        + result["steps"]
    )
    emit_odds(result, as_json=as_json, title="Domppa morale odds")


@odds_app.command("fear")
def odds_fear(
    fear: int = typer.Option(..., help="The Fear X of the one causing fear."),
    morale: int = typer.Option(..., help="The target's morale."),
    max_hp: int = typer.Option(..., help="The target's max HP."),
    hp: int = typer.Option(..., help="The target's HP now."),
    death_paths: int = typer.Option(0, help="Death paths of the one causing fear (+1 fear each)."),
    data: Path | None = ODDS_DATA,
    as_json: bool = ODDS_JSON,
) -> None:
    """Fear: the chance the target breaks and flees."""
    from toolkit.games.domppa.odds import fear_odds
    from toolkit.odds.render import emit_odds

    result = fear_odds(
        _rules(data), fear=fear, morale=morale, max_hp=max_hp, hp=hp,
        death_paths=death_paths,
    )  # fmt: skip
    emit_odds(result, as_json=as_json, title="Domppa fear odds")


@odds_app.command("awe")
def odds_awe(
    morale: int = typer.Option(..., help="The striker's morale."),
    awe: int = typer.Option(..., help="The target's Awe X."),
    data: Path | None = ODDS_DATA,
    as_json: bool = ODDS_JSON,
) -> None:
    """Awe: the chance the striker may strike at all."""
    from toolkit.games.domppa.odds import awe_odds
    from toolkit.odds.render import emit_odds

    result = awe_odds(_rules(data), morale=morale, awe=awe)
    emit_odds(result, as_json=as_json, title="Domppa awe odds")


@odds_app.command("fight")
def odds_fight(
    first: str = typer.Argument(..., help="The character who strikes first (characters.csv)."),
    second: str = typer.Argument(..., help="The character who strikes back (characters.csv)."),
    exchanges: int = typer.Option(5, help="Exchanges to follow (each: one blow and one back)."),
    weapon_a: str | None = typer.Option(None, help="The first's weapon (default: its data's)."),
    weapon_b: str | None = typer.Option(None, help="The second's weapon (default: its data's)."),
    shield_a: str | None = typer.Option(None, help="The first's shield (default: its data's)."),
    shield_b: str | None = typer.Option(None, help="The second's shield (default: its data's)."),
    hp_a: int | None = typer.Option(None, help="The first's HP now (default: full)."),
    hp_b: int | None = typer.Option(None, help="The second's HP now (default: full)."),
    charge: bool = typer.Option(
        False, "--charge", help="The first charges: a second with a longer weapon strikes first."
    ),
    data: Path | None = ODDS_DATA,
    as_json: bool = ODDS_JSON,
) -> None:
    """A fight of two characters: the chance each wins (the other falls or flees) within the
    exchanges, exactly: a Markov chain over both HP."""
    from toolkit.games.domppa.fight import fight_from_data
    from toolkit.odds.render import emit_odds

    result = fight_from_data(
        data, first, second, exchanges=exchanges,
        gear=((weapon_a, shield_a, hp_a), (weapon_b, shield_b, hp_b)), charge=charge,
    )  # fmt: skip
    emit_odds(
        result, as_json=as_json, title=f"Domppa fight: {result['first']} v {result['second']}"
    )
